"""Roulette on the single-zero wheel: the cloth's 157 stakes, the payments of every kind, the
zero and the prison (or half), the limits, the turn of the punters, the spin from the session's
seeded chance, and the bank's advantage exactly (fractions) and by simulation."""
from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction

import pytest

from compendium.core.game import Special
from compendium.core.rng import derive_seed
from compendium.core.session import Session
from compendium.games.chance.casino import Counter as Chip
from compendium.games.chance.casino import Done, Halve, Lay, Place, Spin
from compendium.games.chance.roulette import (
    GAME,
    LIMITS,
    RED,
    SPOTS,
    WHEEL,
    house_edge,
    simulate_edge,
)

from .conformance import refusal

G = GAME


def play(state, *texts):
    for text in texts:
        state = G.apply(state, G.action_from_str(state, text))
    return state


def fresh(**options):
    return G.initial_state({"players": 2, **options})


def test_the_cloth_has_every_stake_of_the_period():
    kinds = Counter(s.kind for s in SPOTS.values())
    assert kinds == {"plein": 37, "cheval": 60, "transversale": 14, "carre": 23, "sixain": 11,
                     "colonne": 3, "douzaine": 3, "simple": 6}
    assert sorted(WHEEL) == list(range(37)) and WHEEL[:4] == (0, 32, 15, 19)
    assert len(RED) == 18 and all((n in RED) != (n in SPOTS["noir"].covers) for n in range(1, 37))
    for spot in SPOTS.values():
        # every stake pays as though the wheel had 36 numbers
        assert len(spot.covers) * (spot.pays + 1) == 36, spot.name


# -- legal actions, with the laws that allow them ----------------------------------------------
def test_five_legal_stakes_and_their_payments():
    """The book's modes of staking (roulette#the-stakes): counters laid en plein, à cheval,
    transversale, carré, sixain, on a dozen and on an even chance, each paid at its odds."""
    s = fresh()
    s = play(s, "counter 5", "place plein 17", "counter 20", "place cheval 17-20", "place transversale 16-17-18",
             "place carre 17-18-20-21", "place sixain 13-14-15-16-17-18", "place douzaine 2", "place colonne 2",
             "place impair", "place rouge", "done", "done")
    assert G.to_move(s) is Special.CHANCE
    before = s.stocks[0]
    s = G.apply(s, Spin(17))      # 17: black, odd, manque, middle dozen, second column
    paid = {"plein 17": 5 * 36, "cheval 17-20": 20 * 18, "transversale 16-17-18": 20 * 12,
            "carre 17-18-20-21": 20 * 9, "sixain 13-14-15-16-17-18": 20 * 6, "douzaine 2": 20 * 3,
            "colonne 2": 20 * 3, "impair": 40, "rouge": 0}
    assert s.stocks[0] - before == sum(paid.values())
    assert s.coups[-1].nets[0] == 5 * 35 + 20 * 17 + 20 * 11 + 20 * 8 + 20 * 5 + 20 * 2 + 20 * 2 + 20 - 20
    assert {"plein 17", "impair", "noir", "manque", "douzaine 2", "colonne 2"} <= set(s.last_wins)
    assert {e.rule for e in G.score_events(s)} == {"roulette#payments"}


@pytest.mark.parametrize("spot, number, pays", [
    ("plein 0", 0, 35), ("cheval 0-2", 2, 17), ("transversale 0-2-3", 3, 11), ("carre 0-1-2-3", 1, 8),
    ("sixain 31-32-33-34-35-36", 36, 5), ("colonne 3", 36, 2), ("douzaine 3", 25, 2), ("passe", 19, 1),
    ("manque", 18, 1), ("pair", 36, 1), ("noir", 2, 1)])
def test_every_kind_pays_its_odds(spot, number, pays):
    s = play(fresh(), "counter 20", f"place {spot}", "done", "done")
    s = G.apply(s, Spin(number))
    assert s.coups[-1].nets[0] == 20 * pays
    lost = G.apply(play(fresh(), "counter 20", f"place {spot}", "done", "done"),
                   Spin(next(n for n in range(1, 37) if n not in SPOTS[spot].covers)))
    assert lost.coups[-1].nets[0] == -20


def test_a_stake_can_be_added_to_and_taken_back_before_the_spin():
    s = play(fresh(), "counter 100", "place rouge", "place rouge")
    assert s.free_stake(0, "rouge") == 200 and s.stocks[0] == 800
    s = play(s, "withdraw rouge")
    assert s.free_stake(0, "rouge") == 0 and s.stocks[0] == 1000


def test_zero_sends_the_even_chances_to_prison_and_a_win_frees_them():
    """roulette#prison: caught by the zero, freed (no winnings) by a winning coup."""
    s = play(fresh(), "counter 100", "place rouge", "counter 20", "place plein 5", "done", "done")
    s = G.apply(s, Spin(0))
    assert s.prisoner(0, "rouge") == Lay(0, "rouge", 100, prison=True)
    assert s.stocks[0] == 880 and s.coups[-1].nets[0] == -20 and s.coups[-1].resolved[0] == 20
    assert any(e.rule == "roulette#prison" for e in G.score_events(s))
    freed = G.apply(play(s, "done", "done"), Spin(1))             # 1 is red: freed, no winnings
    assert freed.stocks[0] == 980 and not freed.stakes
    lost = G.apply(play(s, "done", "done"), Spin(2))              # 2 is black: lost
    assert lost.stocks[0] == 880 and lost.coups[-1].nets[0] == -100
    again = G.apply(play(s, "done", "done"), Spin(0))             # a second zero: still in prison
    assert again.prisoner(0, "rouge") is not None


def test_a_prisoner_may_be_halved_and_the_half_rule_halves_at_once():
    s = G.apply(play(fresh(), "counter 100", "place pair", "done", "done"), Spin(0))
    assert Halve("pair") in G.legal_actions(s, 0)
    halved = play(s, "halve pair")
    assert halved.stocks[0] == 950 and not halved.stakes and halved.coups[-1].nets[0] == -50
    half = G.apply(play(fresh(zero_rule="half"), "counter 100", "place pair", "done", "done"), Spin(0))
    assert half.stocks[0] == 950 and not half.stakes


def test_the_spin_comes_from_the_sessions_seeded_chance_and_replays():
    a = Session(G, {"players": 1}, seed=42)
    a.play("counter 5")
    a.play("place plein 7")
    a.play("done")
    spin = a.actions_text[-1]
    assert spin.startswith("spin ")
    expected = G.chance_action(None, derive_seed(42, 0))
    assert spin == G.action_to_str(expected)
    b = Session.from_record(a.record())
    assert b.state == a.state


def test_the_session_ends_after_its_spins_and_scores_each_punter():
    s = fresh(coups=10)
    for k in range(10):
        s = play(s, "counter 100", "place noir", "done", "done")
        s = G.apply(s, Spin(2 if k < 7 else 1))     # seven blacks, three reds
    assert G.to_move(s) is Special.TERMINAL
    out = G.outcome(s)
    assert out.scores == (1400, 1000) and out.results == (1.0, 0.5)
    assert out.rule == "roulette#the-end-of-the-session"


# -- illegal actions, with the laws that forbid them -------------------------------------------
@pytest.mark.parametrize("text, rule", [
    ("place cheval 17-22", "roulette#à-cheval"),           # 17 and 22 do not touch
    ("place carre 1-2-3-4", "roulette#carré"),             # no corner of four
    ("place transversale 2-3-4", "roulette#transversale"),  # not one row
    ("place sixain 2-3-4-5-6-7", "roulette#sixain"),        # not two whole rows
    ("place plein 37", "roulette#the-wheel"),              # the wheel stops at 36
    ("counter 7", "roulette#the-stakes"),                  # no such counter
    ("halve rouge", "roulette#prison"),                    # nothing in prison
    ("withdraw noir", "roulette#the-stakes"),              # nothing laid there
])
def test_refusals_name_their_law(text, rule):
    assert refusal(G, fresh(), text).rule == rule


def test_a_stake_over_the_maximum_is_refused():
    s = play(fresh(capital=5000), "counter 100", "place plein 17")
    assert refusal(G, s, "place plein 17").rule == "roulette#the-limits"     # 200 > 180
    rich = dataclasses.replace(fresh(capital=5000), stocks=(20_000, 5000))
    s = play(rich, "counter 1000", *["place rouge"] * 5, "counter 500", "place rouge", "place rouge")
    assert s.free_stake(0, "rouge") == LIMITS["simple"]
    assert refusal(G, s, "place rouge").rule == "roulette#the-limits"


def test_no_stake_after_rien_ne_va_plus_nor_after_the_end():
    s = play(fresh(), "counter 20", "place rouge", "done", "done")
    assert G.to_move(s) is Special.CHANCE
    assert refusal(G, s, Place("noir")).rule == "roulette#the-coup"
    assert refusal(G, s, Done()).rule == "roulette#the-coup"
    over = G.apply(play(fresh(coups=10), "done", "done"), Spin(3))
    for _ in range(9):
        over = G.apply(play(over, "done", "done"), Spin(3))
    assert refusal(G, over, Place("noir")).rule == "roulette#the-end-of-the-session"


def test_a_counter_bigger_than_the_stock_is_refused():
    s = play(fresh(capital=500), "counter 100", *["place plein %d" % n for n in range(1, 6)])
    assert s.stocks[0] == 0
    assert refusal(G, s, Chip(5)).rule == "roulette#the-stakes"
    assert refusal(G, s, Place("rouge")).rule == "roulette#the-stakes"


# -- the bank's advantage ------------------------------------------------------------------------
EDGES = {"plein": Fraction(1, 37), "cheval": Fraction(1, 37), "transversale": Fraction(1, 37),
         "carre": Fraction(1, 37), "sixain": Fraction(1, 37), "colonne": Fraction(1, 37),
         "douzaine": Fraction(1, 37), "simple": Fraction(1, 74)}


def test_the_house_edge_of_every_stake_is_exact():
    for spot in SPOTS.values():
        assert house_edge(spot) == EDGES[spot.kind], spot.name
        assert house_edge(spot, "half") == EDGES[spot.kind], spot.name


SIMULATED = ["plein 17", "cheval 0-3", "transversale 13-14-15", "carre 17-18-20-21", "sixain 1-2-3-4-5-6",
             "colonne 2", "douzaine 3", "rouge", "manque"]


@pytest.mark.parametrize("name", SIMULATED)
def test_the_house_edge_is_matched_by_simulation(name):
    """A hundred and fifty thousand spins, settled by the table's own settle_lay: the measured
    edge lies within four standard errors of the exact fraction (and a wrong payment of one unit
    on a number — 34 to 1 — would be many errors away)."""
    spot = SPOTS[name]
    edge, se = simulate_edge(spot, 150_000, seed=101 + SIMULATED.index(name))   # a wheel of its own
    exact = float(EDGES[spot.kind])
    assert abs(edge - exact) < 4 * se, (edge, exact, se)
    assert se < 0.02


def test_random_spins_are_uniform_over_the_wheel():
    counts = Counter(G.chance_action(None, derive_seed(5, k)).number for k in range(37_000))
    assert set(counts) == set(range(37))
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 80          # 36 degrees of freedom: 80 is far beyond the 0.1 % point (about 67)
