"""The punters of Roulette and Trente et Quarante: the book's three systems step by step, the three
kinds of punter (levels), the hint that follows your system, their speed, and the simulator's
evenings against the bank's edge."""
from __future__ import annotations

import dataclasses
import json
import time

import pytest

from compendium.ai.casino_sim import main as sim_main
from compendium.ai.casino_sim import simulate
from compendium.ai.chance.casino import (
    CasinoPunter,
    labouchere_line,
    next_units,
    seat_chance,
    seat_system,
)
from compendium.ai.registry import computer_levels, computer_player, hint
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.chance.casino import Counter, Done, Place, Shoe, Spin
from compendium.games.chance.roulette import GAME as ROULETTE
from compendium.games.chance.trente_et_quarante import GAME as TRENTE

W, L = +5, -5      # a win and a loss of one unit (5 francs)


def test_montant_et_demontant_one_up_after_a_loss_one_down_after_a_win():
    assert next_units("montant", [], 5) == 1
    assert next_units("montant", [L, L, L], 5) == 4
    assert next_units("montant", [L, L, L, W], 5) == 3
    assert next_units("montant", [W, W, W], 5) == 1            # never below one


def test_the_fitzroy_rises_through_a_series_until_it_shows_a_profit():
    assert next_units("fitzroy", [W, W], 5) == 1
    assert next_units("fitzroy", [L], 5) == 2                  # lost 1
    assert next_units("fitzroy", [L, -10], 5) == 3             # lost 1 and 2: -15
    assert next_units("fitzroy", [L, -10, 15], 5) == 4         # won 3: the series stands at 0, goes on
    assert next_units("fitzroy", [L, -10, 15, 20], 5) == 1     # won 4: +20, the series ends


def test_the_labouchere_crosses_off_on_a_win_and_writes_the_loss():
    assert labouchere_line([], 5) == (1, 2, 3, 4) and next_units("labouchere", [], 5) == 5
    assert labouchere_line([-25], 5) == (1, 2, 3, 4, 5)        # lost 5 units: written at the end
    assert next_units("labouchere", [-25], 5) == 6
    assert labouchere_line([-25, 30], 5) == (2, 3, 4)
    assert labouchere_line([25, 25], 5) == (1, 2, 3, 4)        # crossed off: a fresh line
    assert next_units("labouchere", [25], 5) == 5              # 2 + 3


def test_each_seat_has_its_system_and_chance():
    assert [seat_system(s) for s in range(4)] == ["labouchere", "montant", "fitzroy", "labouchere"]
    assert seat_chance("roulette", 1) == "rouge" and seat_chance("trente_et_quarante", 2) == "noir"
    assert computer_levels(ROULETTE) == {1: "The plunger (numbers at random)", 2: "A system player",
                                         3: "A disciplined system player"}


def stakes_made(game, state, seat, player):
    """Let ``player`` lay his stakes for this coup; the state after, and the actions it chose."""
    chosen = []
    while game.to_move(state) == seat:
        legal = list(game.legal_actions(state, seat))
        action = player.choose(game, game.view(state, seat), legal)
        assert action in legal
        chosen.append(action)
        state = game.apply(state, action)
        if isinstance(action, Done):
            break
    return state, chosen


def test_a_system_player_lays_its_stake_counter_by_counter_then_says_done():
    s = ROULETTE.initial_state({"players": 2})
    s, chosen = stakes_made(ROULETTE, s, 0, CasinoPunter(2))     # the Labouchère: 1 + 4 = 5 units
    assert chosen == [Counter(20), Place("passe"), Counter(5), Place("passe"), Done()]
    assert s.free_stake(0, "passe") == 25


def test_a_system_waits_for_its_prisoner():
    s = ROULETTE.initial_state({"players": 1})
    s, _ = stakes_made(ROULETTE, s, 0, CasinoPunter(2))
    s = ROULETTE.apply(s, Spin(0))
    assert s.prisoner(0, "passe") is not None
    s, chosen = stakes_made(ROULETTE, s, 0, CasinoPunter(2))
    assert chosen == [Done()]


def test_the_plunger_scatters_on_numbers_and_the_disciplined_player_rises_when_ahead():
    s = ROULETTE.initial_state({"players": 1})
    s, chosen = stakes_made(ROULETTE, s, 0, CasinoPunter(1))
    placed = [a.spot for a in chosen if isinstance(a, Place)]
    assert 1 <= len(placed) <= 3 and all(not ROULETTE.spots[p].simple for p in placed)
    rich = ROULETTE.initial_state({"players": 1})
    rich = dataclasses.replace(rich, stocks=(1300,))
    _, chosen = stakes_made(ROULETTE, rich, 0, CasinoPunter(3))
    assert chosen == [Done()]                                   # 30 % up: he has risen
    _, chosen = stakes_made(ROULETTE, rich, 0, CasinoPunter(2))
    assert len(chosen) > 1                                      # the level-2 player plays on


def test_the_hint_is_your_systems_next_stake():
    s = TRENTE.apply(TRENTE.initial_state({"players": 2}), Shoe(4))
    assert hint(TRENTE, s, 0) == Counter(100)                  # the Labouchère: 5 units of 20
    s = TRENTE.apply(s, Counter(100))
    assert hint(TRENTE, s, 0) == Place("couleur")


@pytest.mark.parametrize("game", [ROULETTE, TRENTE])
def test_decisions_are_quick(game):
    session = Session(game, {"coups": 10}, seed=2)
    times = []
    players = {s: computer_player(game, 2) for s in range(4)}
    while session.to_move() is not Special.TERMINAL:
        seat = session.to_move()
        t = time.perf_counter()
        action = players[seat].choose(game, game.view(session.state, seat), list(session.legal_actions()))
        times.append(time.perf_counter() - t)
        session.play(action)
    times.sort()
    assert times[int(len(times) * 0.95)] < 0.05


@pytest.mark.parametrize("game, system, capital", [("roulette", "montant", 1000), ("roulette", "fitzroy", 1000),
                                                   ("roulette", "labouchere", 1000),
                                                   ("trente_et_quarante", "labouchere", 2000)])
def test_the_systems_lose_what_the_edge_says_on_average(game, system, capital):
    """Two thousand evenings: the mean result lies within four standard errors of the edge's
    prediction (the edge times the money staked), whatever the system."""
    res = simulate(game, system, sessions=2000, coups=30, capital=capital, seed=5)
    assert abs(res.mean - res.expected) < 4 * res.stderr, (res.mean, res.expected, res.stderr)
    assert res.expected < 0 and 0.2 < res.winners < 0.95
    assert sum(c for _, _, c in res.histogram(20)) == 2000


def test_the_simulator_command_line(capsys):
    assert sim_main(["--system", "fitzroy", "--sessions", "50", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["system"] == "fitzroy" and out["sessions"] == 50 and out["edge"] == pytest.approx(1 / 74)
    assert sim_main(["--game", "trente_et_quarante", "--sessions", "20"]) == 0
    assert "the edge says" in capsys.readouterr().out
