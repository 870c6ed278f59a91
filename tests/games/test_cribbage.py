"""Cribbage: the show counted item by item, the play's scores, the deal, the go, the show's order,
muggins, the end of the game, the views, and every refusal's law."""
from __future__ import annotations

from dataclasses import replace

import pytest

from compendium.core.cards import Card
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.games.cribbage.engine import (
    GAME,
    PACK,
    Count,
    CribState,
    Deal,
    Go,
    LayOut,
    Muggins,
    Pass,
    Play,
)
from compendium.games.cribbage.scoring import play_items, show_items, show_value
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc
from tests.games.conformance import refusal


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def arranged(hands: dict[int, str], starter: str, form: str = "five-card", dealer: int = 0,
             deal_no: int = 1, muggins: bool = False, **changes) -> CribState:
    """A deal (``deal_no``) with the named hands and starter; dealt as the engine deals (one card
    at a time from the dealer's left), the rest of the pack after them."""
    state = GAME.initial_state({"form": form, "muggins": muggins})
    state = GAME.apply(state, Deal(1))
    n, dealt = state.n, state.rules.dealt
    state = replace(state, dealer=dealer, deal_no=deal_no, scores=(0,) * len(state.scores),
                    backs=(0,) * len(state.scores), pegs=())
    named = {s: cards(t) for s, t in hands.items()}
    used = [c for cs in named.values() for c in cs] + cards(starter)
    spare = [c for c in PACK if c not in used]
    deck: list[Card] = []
    held = {s: list(named.get(s, [])) for s in range(n)}
    for s in held:
        while len(held[s]) < dealt:
            held[s].append(spare.pop())
    for k in range(dealt):
        for j in range(1, n + 1):
            deck.append(held[(dealer + j) % n][k])
    for _ in range(state.rules.to_crib):
        deck.append(spare.pop())
    deck.append(cards(starter)[0])
    deck += spare
    assert sorted(deck) == sorted(PACK)
    hands_ids = tuple(tuple(i for i in range(n * dealt) if (i % n + dealer + 1) % n == s) for s in range(n))
    state = replace(state, deck=tuple(deck), dealt=hands_ids, hands=hands_ids,
                    laid=((),) * n, phase="discard", turn=(dealer + 1) % n)
    return replace(state, **changes)


def lay_out(state: CribState, *texts: str) -> CribState:
    """Each seat in turn lays out the named cards."""
    for text in texts:
        state = GAME.apply(state, LayOut(tuple(sorted(cards(text)))))
    return state


def play(state: CribState, *texts: str) -> CribState:
    for text in texts:
        state = GAME.apply(state, Go() if text == "go" else Play(parse_card(text)))
    return state


# -- the show, item by item ---------------------------------------------------------------------
def test_the_pages_worked_show_is_twelve_item_by_item():
    items = show_items(cards("4C 5D 6S"), parse_card("5H"))
    kinds = [(i.kind, i.points) for i in items]
    assert kinds == [("fifteen", 2), ("fifteen", 2), ("pair", 2), ("run", 3), ("run", 3)]
    assert sum(i.points for i in items) == 12 == show_value(cards("4C 5D 6S"), parse_card("5H"))
    assert {i.rule for i in items} == {"cribbage#fifteens", "cribbage#pairs", "cribbage#runs"}
    # each item names its own cards: the two runs differ in their five
    runs = [set(i.cards) for i in items if i.kind == "run"]
    assert runs == [set(cards("4C 5D 6S")), set(cards("4C 5H 6S"))]


def test_twenty_nine_and_the_crib_flush():
    hand = cards("5C 5D 5H JS")
    items = show_items(hand, parse_card("5S"))
    assert sum(i.points for i in items) == 29
    assert [i for i in items if i.kind == "his nob"][0].cards == (parse_card("JS"),)
    assert [i.kind for i in items if i.points == 12] == ["double pair royal"]
    # a hand of one suit: four, five with the starter; a crib only with the starter
    flush = cards("2H 4H 8H QH")
    assert show_value(flush, parse_card("KS")) == 4
    assert show_value(flush, parse_card("KH")) == 5
    assert show_value(flush, parse_card("KS"), crib=True) == 0
    assert show_value(flush, parse_card("KH"), crib=True) == 5
    # the five-card game's hand of three: three, four with the starter
    assert [i.points for i in show_items(cards("2H 6H 9H"), parse_card("KS")) if i.kind == "flush"] == [3]
    assert [i.points for i in show_items(cards("2H 6H 9H"), parse_card("KH")) if i.kind == "flush"] == [4]


def test_show_fifteens_count_every_set():
    # 5 + 10 four ways, and 5 + 5 + 5 ... : the fours fives with a king hold 28
    assert show_value(cards("5C 5D 5H 5S"), parse_card("KD")) == 28
    # a double run: 7 8 8 9 and a ten: runs 4+4, pair 2, fifteens 7+8 twice: 4 → 14
    items = show_items(cards("7C 8D 8H 9S"), parse_card("10D"))
    assert [i.kind for i in items].count("run") == 2
    assert sum(i.points for i in items) == 14


def test_the_play_scores_of_the_last_card():
    assert [(i.kind, i.points) for i in play_items(cards("7C 8D"))] == [("fifteen", 2)]
    assert [(i.kind, i.points) for i in play_items(cards("6C 6D 6H"))] == [("pair royal", 6)]
    assert [(i.kind, i.points) for i in play_items(cards("6C 6D 6H 6S"))] == [("double pair royal", 12)]
    assert play_items(cards("6C 9D 6H")) == []                         # the pair is broken
    assert [(i.kind, i.points) for i in play_items(cards("7C 9D 8H"))] == [("run", 3)]
    assert [(i.kind, i.points) for i in play_items(cards("7C 9D 8H 6S"))] == [("run", 4)]
    assert [(i.kind, i.points) for i in play_items(cards("KC QD 5H 4S 2D"))] == [("thirty-one", 2)]
    assert [(i.kind, i.points) for i in play_items(cards("KC QD 5H 3S 3D"))] == [("thirty-one", 2), ("pair", 2)]
    assert {i.rule for i in play_items(cards("7C 8D"))} == {"cribbage#scoring-in-the-play"}


# -- the deal and laying out --------------------------------------------------------------------
def test_three_for_last_goes_to_the_non_dealer_of_the_first_deal_only():
    state = GAME.apply(GAME.initial_state(), Deal(7))
    pone = (state.dealer + 1) % 2
    assert state.scores[pone] == 3 and state.pegs[0].rule == "cribbage#three-for-last"
    six = GAME.apply(GAME.initial_state({"form": "six-card"}), Deal(7))
    assert six.scores == (0, 0)
    # the second deal: no three, the deal passes
    again = arranged({}, "2C", deal_no=2)
    assert GAME.apply(replace(again, phase="deal"), Deal(3)).scores == (0, 0)


def test_laying_out_then_the_starter_and_two_for_his_heels():
    state = arranged({1: "2C 3C 4C KD QD", 0: "5H 6H 7H 8S 9S"}, "JD", dealer=0)
    assert GAME.to_move(state) == 1                         # the non-dealer lays out first
    assert len(GAME.legal_actions(state, 1)) == 10          # two of five
    state = lay_out(state, "KD QD", "8S 9S")
    assert state.phase == "play" and GAME.to_move(state) == 1
    assert state.scores == (2, 0) and state.pegs[-1].rule == "cribbage#the-starter"
    assert len(state.crib) == 4


def test_the_play_pegs_fifteen_runs_and_one_for_the_go_and_ends_the_five_card_play():
    state = arranged({1: "7C 9D QC KD KS", 0: "8H 6S AC KH KC"}, "2D", dealer=0)
    state = lay_out(state, "KD KS", "KH KC")
    state = play(state, "7C", "8H")                # fifteen to the dealer
    assert state.scores == (2, 0)
    state = play(state, "9D")                      # 7 8 9: a run of three
    assert state.scores == (2, 3)
    state = play(state, "6S")                      # 7 8 9 6: a run of four, 30
    assert state.scores == (6, 3)
    assert GAME.legal_actions(state, 1) == (Go(),)     # a queen would pass 31
    state = play(state, "go", "AC")                # thirty-one: two, and not three
    assert state.scores == (8, 3)
    assert state.phase == "show"                   # the five-card play ends at the first count
    assert state.pegs[-1].text.endswith("thirty-one for 2")


def test_the_six_card_play_goes_on_count_after_count_to_the_last_card():
    state = arranged({1: "10C 10D 10H 2C KS QS", 0: "JC JD 3S 4S KH QH"}, "AD", form="six-card")
    state = lay_out(state, "KS QS", "KH QH")
    state = play(state, "10C", "JC", "10D")         # 30
    # nobody can play to 30 (the lowest card left is a two): the count ends without anyone
    # having to say go, and the last player pegs one
    assert state.scores == (0, 1) and state.count == 0 and state.phase == "play"
    assert GAME.to_move(state) == 0                 # the player after the last card leads
    state = play(state, "JD", "10H", "3S", "2C", "4S")      # 29: 3, 2, 4 a run; every card played
    assert state.phase == "show" and state.scores == (3 + 1, 1)
    assert state.pegs[-1].rule == "cribbage#the-go"    # one for the last card


def test_the_show_order_and_its_items():
    state = arranged({1: "4C 5D 6S KD QD", 0: "AC 2C 3C KH KC"}, "5H", dealer=0)
    state = lay_out(state, "KD QD", "KH KC")
    state = play(state, "4C", "AC", "5D", "2C", "6S", "3C")
    assert state.phase == "show"
    assert GAME.to_move(state) == 1                 # the non-dealer shows first
    assert GAME.legal_actions(state, 1) == (Count(12),)
    state = GAME.apply(state, Count(12))
    assert state.shows[-1].value == 12 and state.shows[-1].owner == 1 and not state.shows[-1].crib
    assert GAME.to_move(state) == 0                 # then the dealer's hand, then his crib
    state = GAME.apply(state, GAME.legal_actions(state, 0)[0])
    state = GAME.apply(state, GAME.legal_actions(state, 0)[0])
    assert state.shows[-1].crib and state.shows[-1].title == "the crib"
    assert GAME.to_move(state) is Special.CHANCE


def test_muggins_takes_what_the_owner_overlooks():
    state = arranged({1: "4C 5D 6S KD QD", 0: "AC 2C 3C KH KC"}, "5H", dealer=0, muggins=True)
    state = lay_out(state, "KD QD", "KH KC")
    state = play(state, "4C", "AC", "5D", "2C", "6S", "3C")
    before = state.scores
    assert Count(12) in GAME.legal_actions(state, 1) and Count(8) in GAME.legal_actions(state, 1)
    state = GAME.apply(state, Count(8))
    assert state.phase == "muggins" and GAME.to_move(state) == 0
    assert GAME.legal_actions(state, 0) == (Muggins(), Pass())
    state = GAME.apply(state, Muggins())
    assert state.scores == (before[0] + 4, before[1] + 8)
    assert state.pegs[-1].rule == "cribbage#muggins"
    assert state.shows[-1].mugged == 4


def test_the_game_ends_in_the_show_before_the_dealer_counts():
    state = arranged({1: "4C 5D 6S KD QD", 0: "5C 5S JH KH KC"}, "5H", dealer=0,
                     scores=(40, 55), backs=(30, 50))
    state = lay_out(state, "KD QD", "KH KC")
    state = play(state, "4C", "5C", "5D")          # dealer 15 for 2, pone pair royal? 4 5 5: pair 2
    while state.phase == "play":
        state = GAME.apply(state, GAME.legal_actions(state, GAME.to_move(state))[0])
    if state.phase == "show":
        state = GAME.apply(state, GAME.legal_actions(state, 1)[0])
    assert GAME.is_terminal(state)
    outcome = GAME.outcome(state)
    assert outcome.results == (0.0, 1.0) and outcome.rule == "cribbage#the-game"
    assert state.scores[1] == 61 and "lurch" not in outcome.reason


def test_a_lurch_is_named():
    state = arranged({1: "4C 5D 6S KD QD", 0: "AC 2C 3C KH KC"}, "5H", dealer=0,
                     scores=(20, 55), backs=(10, 50))
    state = lay_out(state, "KD QD", "KH KC")
    state = play(state, "4C", "AC", "5D", "2C", "6S", "3C")
    state = GAME.apply(state, Count(12))
    assert "lurch" in GAME.outcome(state).reason


def test_the_pegs_leapfrog():
    state = arranged({1: "7C 9D QC KD KS", 0: "8H 6S AC KH KC"}, "2D", dealer=0)
    state = lay_out(state, "KD KS", "KH KC")
    state = play(state, "7C", "8H", "9D", "6S")
    assert (state.scores[0], state.backs[0]) == (6, 2)      # front at 6, back at the last hole, 2
    assert (state.scores[1], state.backs[1]) == (3, 0)


# -- the forms -----------------------------------------------------------------------------------
@pytest.mark.parametrize("form, n, dealt, crib, mark", [
    ("five-card", 2, 5, 4, 61), ("six-card", 2, 6, 4, 121), ("seven-card", 2, 7, 4, 181),
    ("three-handed", 3, 5, 4, 61), ("four-handed", 4, 5, 4, 121)])
def test_each_form_deals_and_lays_out_its_cards(form, n, dealt, crib, mark):
    state = GAME.apply(GAME.initial_state({"form": form}), Deal(11))
    assert GAME.seat_count(state) == n and state.rules.mark == mark
    assert all(len(h) == dealt for h in state.hands)
    while state.phase == "discard":
        state = GAME.apply(state, GAME.legal_actions(state, GAME.to_move(state))[0])
    assert len(state.crib) == crib
    assert all(len(h) == dealt - state.rules.lay_out for h in state.hands)


def test_four_handed_partners_score_together():
    state = GAME.apply(GAME.initial_state({"form": "four-handed"}), Deal(5))
    assert len(state.scores) == 2
    while not GAME.is_terminal(state):
        seat = GAME.to_move(state)
        if seat is Special.CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, len(state.pegs)))
            continue
        state = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    out = GAME.outcome(state)
    assert out.results[0] == out.results[2] and out.results[1] == out.results[3]


# -- refusals, each with its law ---------------------------------------------------------------
def test_refusals_cite_their_laws():
    state = arranged({1: "7C 9D QC KD KS", 0: "8H 6S AC KH KC"}, "2D", dealer=0)
    assert refusal(GAME, state, LayOut(tuple(cards("KD")))).rule == "cribbage#laying-out"
    assert refusal(GAME, state, LayOut(tuple(sorted(cards("KH KC"))))).rule == "cribbage#laying-out"
    assert refusal(GAME, state, Play(parse_card("7C"))).rule == "cribbage#the-play"
    assert refusal(GAME, state, Count(0)).rule == "cribbage#the-show"
    assert refusal(GAME, state, Deal(4)).rule == "cribbage#the-deal"
    state = lay_out(state, "KD KS", "KH KC")
    assert refusal(GAME, state, Play(parse_card("8H"))).rule == "cribbage#the-play"   # not his
    state = play(state, "QC", "8H")
    state = play(state, "9D")                                   # 27
    assert refusal(GAME, state, Go()).rule == "cribbage#the-go"   # he can play the ace
    assert refusal(GAME, state, Play(parse_card("6S"))).rule == "cribbage#the-go"   # 33
    assert refusal(GAME, state, Muggins()).rule == "cribbage#muggins"


def test_a_count_above_the_hands_worth_or_short_without_muggins_is_refused():
    for muggins in (False, True):
        state = arranged({1: "4C 5D 6S KD QD", 0: "AC 2C 3C KH KC"}, "5H", dealer=0, muggins=muggins)
        state = lay_out(state, "KD QD", "KH KC")
        state = play(state, "4C", "AC", "5D", "2C", "6S", "3C")
        assert refusal(GAME, state, Count(13)).rule == "cribbage#wrong-pegging"
        if not muggins:
            assert refusal(GAME, state, Count(10)).rule == "cribbage#counting-a-hand"


def test_every_law_cited_is_a_heading_of_the_page():
    anchors = rulesdoc.anchors((rules_dir() / "cribbage.md").read_text(encoding="utf-8"))
    for anchor in ("three-for-last", "laying-out", "the-starter", "the-play", "scoring-in-the-play",
                   "the-go", "the-show", "counting-a-hand", "fifteens", "pairs", "runs", "flushes",
                   "his-nob", "muggins", "wrong-pegging", "the-game", "six-card-cribbage",
                   "seven-card-cribbage", "three-handed-cribbage", "four-handed-cribbage",
                   "sources-and-decisions"):
        assert anchor in anchors


# -- views and text -------------------------------------------------------------------------------
def test_views_hide_the_others_hands_the_crib_and_the_starter_until_turned():
    state = arranged({1: "7C 9D QC KD KS", 0: "8H 6S AC KH KC"}, "2D", dealer=0)
    view = GAME.view(state, 0)
    assert all(vc.face is None for vc in view.hands[1]) and all(vc.face for vc in view.hands[0])
    assert view.starter is None
    state = lay_out(state, "KD KS", "KH KC")
    view = GAME.view(state, 0)
    assert view.starter.face == parse_card("2D")
    crib = {vc.face for vc in view.crib}
    assert crib == {None, *cards("KH KC")}                       # his own two only


def test_action_text():
    state = arranged({1: "7C 9D QC KD KS", 0: "8H 6S AC KH KC"}, "2D", dealer=0)
    for text, action in (("lay out KS KD", LayOut(tuple(sorted(cards("KD KS"))))),
                         ("play 7C", Play(parse_card("7C"))), ("go", Go()), ("count 12", Count(12)),
                         ("muggins", Muggins()), ("pass", Pass()), ("deal 5", Deal(5))):
        assert GAME.action_from_str(state, text) == action
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action


# -- a deal set up by hand ----------------------------------------------------------------------
def test_a_deal_set_up_from_text_and_written_back():
    text = """# a deal
game: cribbage
dealer: West
South: 5C 5D 5H JS 2C
West: AC 2H 3C 7S 8D
starter: 5S
"""
    state = GAME.setup_state(text, {})
    assert state.dealer == 1 and state.phase == "discard" and state.deal_no == 1
    assert sorted(state.deck[i] for i in state.hands[0]) == sorted(cards("5C 5D 5H JS 2C"))
    assert state.scores == (3, 0)                     # three for last to the non-dealer
    state = lay_out(state, "5C 2C", "AC 2H")          # South (the pone) first, then West
    assert state.deck[state.starter] == parse_card("5S")
    assert GAME.setup_state(GAME.hand_text(state), {}).deck == GAME.setup_state(text, {}).deck
    three = GAME.setup_state("S: 2C 3C 4C 5C 6C\nW: 2D 3D 4D 5D 6D\nN: 2H 3H 4H 5H 6H\ncrib: KS\n",
                             {"form": "three-handed"})
    assert three.deck[three.crib_extra[0]] == parse_card("KS")


@pytest.mark.parametrize("text, words", [
    ("South: 5C 5D 5H JS\nWest: AC 2H 3C 7S 8D", "must hold 5"),
    ("South: 5C 5D 5H JS 2C\nWest: 5C 2H 3C 7S 8D", "named twice"),
    ("South: 5C 5D 5H JS 2C\nEast: AC 2H 3C 7S 8D", "no seat"),
    ("South: 5C 5D 5H JS ZZ\nWest: AC 2H 3C 7S 8D", "line 1"),
    ("dealer: Nobody\nSouth: 5C 5D 5H JS 2C\nWest: AC 2H 3C 7S 8D", "no seat called"),
])
def test_a_bad_deal_text_is_refused_by_line(text, words):
    from compendium.core.errors import NotationError
    with pytest.raises(NotationError) as info:
        GAME.setup_state(text, {})
    assert words in str(info.value)


# -- the page's worked examples, replayed -------------------------------------------------------
def test_the_pages_worked_examples_replay_to_their_figures():
    from compendium.reference.worked_examples import load_example
    for name, scores, last in (("the-play", (6, 22), "West's crib: 12"),
                               ("the-show", (15, 1), "South's hand: 12")):
        example = load_example("cribbage", name)
        state = GAME.initial_state(example.record.options)
        for text in example.record.actions:
            state = GAME.apply(state, GAME.action_from_str(state, text))
        assert state.scores == scores, name
        assert state.pegs[-1].text.startswith(last)
    show = state.shows[-1]
    assert [i.kind for i in show.items] == ["fifteen", "fifteen", "pair", "run", "run"]
