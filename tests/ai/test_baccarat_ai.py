"""The computer at Baccarat: the banker's expectation reproduces the classic banker's table for a
fresh shoe, counts the cards at the expert level, never peeks, and wins the banker's small edge."""
from __future__ import annotations

import pickle
import statistics
import time

import pytest

from compendium.ai.chance.baccarat import (
    BaccaratPlayer,
    banker_edge,
    banker_expectations,
    fresh_banker_draws,
    fresh_counts,
    fresh_punter_draws_at_five,
    punter_weight,
)
from compendium.ai.registry import computer_player
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games.chance.baccarat import BANQUE, CHEMIN_DE_FER, Third

# The banker's table printed in the casinos (D draw, S stand): rows banker's point 0-7, columns the
# punter stood, then his third card 0-9.
CLASSIC = """
0 D DDDDDDDDDD
1 D DDDDDDDDDD
2 D DDDDDDDDDD
3 D DDDDDDDDSD
4 D SSDDDDDDSS
5 D SSSSDDDDSS
6 S SSSSSSDDSS
7 S SSSSSSSSSS
"""


@pytest.mark.parametrize("packs", [6, 3])
def test_the_expectation_gives_the_classic_table_for_a_fresh_shoe(packs):
    for line in CLASSIC.strip().splitlines():
        b, stood, row = line.split()
        assert fresh_banker_draws(packs, int(b), None) == (stood == "D"), (b, "stood")
        for third, mark in enumerate(row):
            assert fresh_banker_draws(packs, int(b), third) == (mark == "D"), (b, third)


def test_the_punters_practice_weights():
    assert punter_weight(3, 7, 0.5) == 1.0 and punter_weight(3, None, 0.5) == 0.0
    assert punter_weight(6, None, 0.5) == 1.0 and punter_weight(6, 2, 0.5) == 0.0
    assert punter_weight(5, 2, 0.3) == 0.3 and punter_weight(5, None, 0.3) == pytest.approx(0.7)
    assert punter_weight(8, None, 0.5) == 0.0                    # a natural would have been shown
    assert fresh_punter_draws_at_five(6)                          # against a sound banker, draw at five


def test_the_expert_counts_the_cards_left():
    """With the shoe stripped of its small cards, banker five against a punter's third card of four
    should stand (a fresh shoe says draw): only the expert sees it."""
    counts = list(fresh_counts(6))
    for v in (1, 2, 3, 4):
        counts[v] = 0
    stand, draw = banker_expectations(5, 4, counts)
    assert stand > draw
    assert fresh_banker_draws(6, 5, 4)


def cdf_positions(seed: int, count: int, game=CHEMIN_DE_FER):
    session = Session(game, {}, seed=seed, human_seats=tuple(range(11)))
    gen = SplitMix64(seed)
    out = []
    while len(out) < count and not isinstance(session.to_move(), Special):
        state = session.state
        if state.phase in ("punter", "banker", "stakes"):
            out.append(state)
        legal = session.legal_actions()
        session.play(legal[gen.below(len(legal))])
    return out


@pytest.mark.parametrize("game", [CHEMIN_DE_FER, BANQUE])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_computer_cannot_peek(game, level):
    for state in cdf_positions(3, 25, game):
        seat = state.turn
        legal = list(game.legal_actions(state, seat))
        choice = computer_player(game, level).choose(game, game.view(state, seat), legal)
        assert choice in legal
        for k in range(2):
            other = game.shuffle_unseen(state, seat, 50 + k)
            assert game.view(other, seat) == game.view(state, seat)
            assert computer_player(game, level).choose(game, game.view(other, seat), legal) == choice


def test_the_computer_banker_follows_its_table():
    decided = 0
    for state in cdf_positions(7, 200):
        if state.phase != "banker":
            continue
        view = CHEMIN_DE_FER.view(state, state.banker)
        from compendium.games.chance.baccarat import point
        bp = point([vc.face for vc in view.hand(1)])
        cards = view.hand(0)
        third = None if len(cards) == 2 else __import__(
            "compendium.games.chance.baccarat", fromlist=["card_value"]).card_value(cards[2].face)
        choice = BaccaratPlayer(2).choose(CHEMIN_DE_FER, view, [Third(True), Third(False)])
        assert choice == Third(fresh_banker_draws(6, bp, third))
        decided += 1
    assert decided >= 10


def test_the_banker_has_the_edge_over_a_punter_of_fixed_practice():
    sound = banker_edge(40_000, seed=3, level=2)
    assert 0.0 < sound["edge"] < 0.04
    assert sound["banker_won"] + sound["punter_won"] + sound["ties"] == pytest.approx(1.0)


def test_players_cross_to_the_worker():
    state = cdf_positions(2, 3)[-1]
    view = CHEMIN_DE_FER.view(state, state.turn)
    assert pickle.loads(pickle.dumps(view)) == view
    assert pickle.loads(pickle.dumps(BaccaratPlayer(3))).level == 3


@pytest.mark.parametrize("level", [1, 2, 3])
def test_decisions_are_quick(level):
    times = []
    for game in (CHEMIN_DE_FER, BANQUE):
        for state in cdf_positions(5, 30, game):
            seat = state.turn
            legal = list(game.legal_actions(state, seat))
            start = time.process_time()
            computer_player(game, level).choose(game, game.view(state, seat), legal)
            times.append(time.process_time() - start)
    # CPU time; the medians are 0.02-0.04 ms today: a tenfold slowdown trips the first budget.
    assert statistics.median(times) < 0.0003 and max(times) < 1.0


def test_the_demo_plays_whole_sessions():
    from compendium.demo import play_demo
    for game in (CHEMIN_DE_FER, BANQUE):
        result = play_demo(game, 3, level=2)
        assert result.finished and result.session.outcome() is not None
        total = sum(result.session.state.stocks)
        assert total == result.session.state.n * 200
