"""Trente et Quarante: the rows dealt past thirty from a six-pack shoe, rouge et noir, couleur et
inverse, the refait (a draw from 32 to 40, the prison at 31), insurance, the limits, and the
bank's advantage computed exactly for the infinite shoe and matched on six-pack shoes."""
from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction

import pytest

from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.games.chance.casino import Place, Shoe
from compendium.games.chance.trente_et_quarante import (
    GAME,
    LIMIT,
    count,
    deal_rows,
    house_edge,
    judge,
    refait_probability,
    row_distribution,
    simulate,
)

from .conformance import refusal

G = GAME


def play(state, *texts):
    for text in texts:
        state = G.apply(state, G.action_from_str(state, text))
    return state


def fresh(**options):
    return G.apply(G.initial_state({"players": 2, **options}), Shoe(7))


def c(text: str) -> Card:
    ranks = {"A": Rank.ACE, "T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING}
    rank = ranks.get(text[0]) or Rank(int(text[0]))
    return Card(rank, {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}[text[1]])


def stacked(state, *cards: str):
    """The shoe with ``cards`` next (the rest of the six packs after them, still 312 cards)."""
    chosen = [c(x) for x in cards]
    rest = list(state.shoe[state.pos:])
    for card in chosen:
        rest.remove(card)
    return dataclasses.replace(state, shoe=state.shoe[:state.pos] + tuple(chosen) + tuple(rest))


# the page's worked example: noir 4♠ K♥ 9♣ 7♦ 5♠ = 35, rouge Q♦ T♣ 2♥ 6♠ 5♥ = 33
EXAMPLE = ("4S", "KH", "9C", "7D", "5S", "QD", "TC", "2H", "6S", "5H")


def test_the_counts_and_the_rows():
    assert [count(c(x)) for x in ("AS", "9H", "TD", "JC", "QS", "KH")] == [1, 9, 10, 10, 10, 10]
    shoe = PACKS["6x52"]
    assert len(shoe) == 312
    s = stacked(fresh(), *EXAMPLE)
    noir, rouge, pos = deal_rows(s.shoe, s.pos)
    assert [s.shoe[i] for i in noir] == [c(x) for x in EXAMPLE[:5]]
    assert [s.shoe[i] for i in rouge] == [c(x) for x in EXAMPLE[5:]] and pos == 10


def test_the_worked_example_pays_rouge_and_inverse():
    """trente_et_quarante#payments: the lower row wins; the first card black, the winner red:
    inverse."""
    s = stacked(fresh(), *EXAMPLE)
    s = play(s, "counter 100", "place rouge", "counter 20", "place couleur", "place couleur", "place couleur",
             "done", "done")
    assert G.totals(s) == (35, 33)
    assert s.coups[-1].nets[0] == 100 - 60 and s.stocks[0] == 2000 + 40
    assert set(s.last_wins) == {"rouge", "inverse"}
    assert "rouge and inverse" in s.coups[-1].text
    view = G.view(s, 1)
    assert [vc.face for vc in view.cards] == [c(x) for x in EXAMPLE]


@pytest.mark.parametrize("noir, rouge, black, verdicts", [
    (31, 35, True, {"noir": "win", "rouge": "lose", "couleur": "win", "inverse": "lose"}),
    (31, 35, False, {"noir": "win", "rouge": "lose", "couleur": "lose", "inverse": "win"}),
    (38, 32, False, {"noir": "lose", "rouge": "win", "couleur": "win", "inverse": "lose"}),
    (34, 34, True, {"noir": "push", "rouge": "push", "couleur": "push", "inverse": "push"}),
    (31, 31, False, {"noir": "zero", "rouge": "zero", "couleur": "zero", "inverse": "zero"}),
])
def test_the_verdicts(noir, rouge, black, verdicts):
    assert {k: judge(k, noir, rouge, black) for k in verdicts} == verdicts


def test_an_ordinary_refait_returns_the_stakes():
    """trente_et_quarante#the-refait: 32 to 40 a draw."""
    s = stacked(fresh(), "TS", "TH", "TC", "4D", "TD", "TS", "TH", "4S")   # 34 and 34
    s = play(s, "counter 100", "place noir", "done", "done")
    assert G.totals(s) == (34, 34) and s.stocks[0] == 2000 and not s.stakes
    assert any(e.rule == "trente_et_quarante#the-refait" for e in G.score_events(s))


def test_the_refait_of_31_sends_stakes_to_prison_unless_insured():
    thirty_ones = ("TS", "TH", "TC", "AD", "TD", "TS", "TH", "AS")
    s = stacked(fresh(), *thirty_ones)
    s = play(s, "counter 100", "place noir", "place rouge", "insure rouge", "done", "done")
    assert G.totals(s) == (31, 31)
    assert s.prisoner(0, "noir") is not None and s.prisoner(0, "rouge") is None
    assert s.stocks[0] == 2000 - 100 - 1       # noir in prison; rouge returned, its premium kept
    rules = {e.rule for e in G.score_events(s)}
    assert {"trente_et_quarante#prison", "trente_et_quarante#insurance"} <= rules
    # the next coup: noir wins, and the prisoner is freed without winnings
    nxt = stacked(s, "TS", "TH", "TC", "2D", "TD", "TS", "TH", "5S")       # 32 against 35
    nxt = play(nxt, "done", "done")
    assert nxt.stocks[0] == 2000 - 1 and not nxt.stakes
    half = G.apply(G.initial_state({"players": 2, "zero_rule": "half"}), Shoe(7))
    half = play(stacked(half, *thirty_ones), "counter 100", "place couleur", "done", "done")
    assert half.stocks[0] == 1950 and not half.stakes


def test_adding_to_an_insured_stake_gives_back_its_premium():
    s = play(fresh(), "counter 100", "place rouge", "insure rouge")
    assert s.stocks[0] == 1899
    s = play(s, "place rouge")
    assert s.stocks[0] == 1800 and s.stakes[0].premium == 0


def test_the_shoe_is_shuffled_afresh_when_low_and_every_coup_uses_the_session_chance():
    s = G.initial_state({"players": 1, "coups": 100})
    assert G.to_move(s) is Special.CHANCE
    shoes = 0
    from compendium.core.session import Session
    session = Session(G, {"players": 1, "coups": 100}, seed=9)
    while session.to_move() is not Special.TERMINAL:
        session.play("done")
    shoes = sum(1 for t in session.actions_text if t.startswith("shoe "))
    assert shoes >= 4          # about eleven cards a coup: a shoe lasts some twenty-three coups
    assert session.state.coup_no == 100
    again = Session.from_record(session.record())
    assert again.state == session.state


# -- illegal actions -------------------------------------------------------------------------------
@pytest.mark.parametrize("text, rule", [
    ("insure rouge", "trente_et_quarante#insurance"),      # no stake on rouge to insure
    ("halve noir", "trente_et_quarante#prison"),           # nothing in prison
    ("counter 5", "trente_et_quarante#the-stakes"),        # the smallest counter here is 20
    ("withdraw couleur", "trente_et_quarante#the-stakes"),
    ("shoe 3", "trente_et_quarante#the-shoe"),             # the shoe is not spent
])
def test_refusals_name_their_law(text, rule):
    assert refusal(G, fresh(), text).rule == rule


def test_over_the_limit_and_after_the_deal_are_refused():
    rich = dataclasses.replace(fresh(), stocks=(20_000, 2000))
    s = play(rich, "counter 1000", *["place noir"] * 12)
    assert s.free_stake(0, "noir") == LIMIT
    assert refusal(G, s, "place noir").rule == "trente_et_quarante#the-limits"
    s = play(fresh(), "done")
    s = dataclasses.replace(s, phase="dealt", turn=None)     # the rows being dealt
    assert refusal(G, s, Place("rouge")).rule == "trente_et_quarante#the-coup"


def test_insuring_twice_and_insuring_a_prisoner_are_refused():
    s = play(fresh(), "counter 100", "place rouge", "insure rouge")
    assert refusal(G, s, "insure rouge").rule == "trente_et_quarante#insurance"


# -- the bank's advantage ------------------------------------------------------------------------
def test_the_row_distribution_and_the_refait_of_31_exactly():
    dist = row_distribution()
    assert sum(dist.values()) == 1 and set(dist) == set(range(31, 41))
    assert all(dist[t] > dist[t + 1] for t in range(31, 40))       # 31 is the likeliest end
    assert round(float(dist[31]), 6) == 0.148061
    assert refait_probability() == dist[31] ** 2
    assert round(float(refait_probability()), 6) == 0.021922


def test_the_house_edge_is_half_the_refait_on_every_chance():
    r = refait_probability()
    for chance in ("noir", "rouge", "couleur", "inverse"):
        assert house_edge(chance) == r / 2
        assert house_edge(chance, "half") == r / 2
        assert house_edge(chance, insured=True) == Fraction(1, 100)
    assert 0.0109 < float(house_edge("rouge")) < 0.0110


def test_the_six_pack_shoe_matches_the_exact_figures_by_simulation():
    """Sixty thousand coups from real six-pack shoes: the refait of 31 and the bank's advantage
    each lie within four standard errors of the infinite-shoe figures."""
    sim = simulate(60_000, seed=3, chance="couleur")
    assert abs(sim["refait"] - float(refait_probability())) < 4 * sim["refait_se"], sim
    assert abs(sim["edge"] - float(house_edge("couleur"))) < 4 * sim["edge_se"], sim
    assert sim["edge_se"] < 0.006


def test_the_dealt_cards_are_the_shoes_and_views_hide_the_rest():
    s = play(fresh(), "done", "done")
    view = G.view(s, 0)
    assert view.pub.shoe == () and len(view.cards) == s.pos
    assert Counter(s.shoe) == Counter(PACKS["6x52"])
