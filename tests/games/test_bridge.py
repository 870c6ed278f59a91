"""Bridge (1904): the declaration, doubling and redoubling, the dummy, the score shared with
Auction Bridge, the game and the rubber, and the computer's declarations."""
from __future__ import annotations

import pytest

from compendium.ai.registry import computer_player
from compendium.ai.tricks.bridge import declaration
from compendium.core.cards import Suit
from compendium.core.game import Special
from compendium.games.tricks.bridge import (
    GAME,
    RUBBER_POINTS,
    Declaration,
    may_double,
    score_hand,
)
from compendium.games.tricks.engine import Call, Play

from .conformance import refusal
from .tricks_helpers import cards, round_robin_order, stacked

A, Y, B, Z = 0, 1, 2, 3

# A holds every spade, Y every heart, B every diamond, Z every club.
SUITED = {
    A: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠",
    Y: "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥",
    B: "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦",
    Z: "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣",
}


def dealt(hands: dict[int, str] = SUITED, dealer: int = Z):
    held = {s: cards(t) for s, t in hands.items()}
    return stacked(GAME, {}, round_robin_order(held, dealer, 4), dealer=dealer)


def say(state, *words):
    for w in words:
        state = GAME.apply(state, Call(w))
    return state


def words(state):
    seat = GAME.to_move(state)
    return {a.word for a in GAME.legal_actions(state, seat)}


# -- the declaration ------------------------------------------------------------------------------
def test_the_dealer_declares_or_leaves_it():
    state = dealt(dealer=Z)
    assert state.phase == "declare" and GAME.to_move(state) == Z
    assert words(state) == {"declare-s", "declare-c", "declare-d", "declare-h", "declare-nt", "leave"}
    left = say(state, "leave")
    assert GAME.to_move(left) == Y                     # the dealer's partner
    assert "leave" not in words(left)                 # he must declare
    declared = say(left, "declare-d")
    assert declared.phase == "double" and declared.trump is Suit.DIAMONDS
    assert GAME.to_move(declared) == A                # the elder hand, on the dealer's left


def test_the_partner_left_it_may_not_leave_it_back():
    state = say(dealt(dealer=Z), "leave")
    err = refusal(GAME, state, Call("leave"))
    assert err.rule == "bridge#the-declaration" and "leave it back" in err.reason


def test_nothing_is_doubled_before_the_declaration():
    err = refusal(GAME, dealt(dealer=Z), Call("double"))
    assert err.rule == "bridge#the-declaration"


def test_the_declaration_cannot_be_altered():
    state = say(dealt(dealer=Z), "declare-h")
    err = refusal(GAME, state, Call("declare-nt"))
    assert err.rule == "bridge#the-declaration" and "cannot be altered" in err.reason


# -- doubling -------------------------------------------------------------------------------------
def test_may_i_lead_then_play_begins_with_the_elder_hand():
    state = say(dealt(dealer=Z), "declare-h", "pass")       # A: "Partner, may I lead?"
    assert GAME.to_move(state) == B and words(state) == {"double", "pass"}
    state = say(state, "pass")                               # B: "Pray go on"
    assert state.phase == "play" and GAME.to_move(state) == A
    assert state.contract.declarer == Z and state.contract.dummy == Y and state.contract.doubled == 0


def test_doubling_goes_back_and_forth_maker_first_then_the_first_doubler():
    state = say(dealt(dealer=Z), "leave", "declare-c")       # Y declares clubs for Z
    state = say(state, "pass", "double")                     # A: may I lead?  B: I double
    assert state.bidding.doubled == 1 and state.bidding.first_doubler == B
    assert GAME.to_move(state) == Y                          # the maker is asked first
    state = say(state, "pass")                               # Y is content ...
    assert GAME.to_move(state) == Z                          # ... so his partner may redouble
    state = say(state, "double")                             # Z redoubles
    assert state.bidding.doubled == 2
    assert GAME.to_move(state) == B                          # the first doubler answers first
    state = say(state, "pass", "pass")
    assert state.phase == "play" and state.contract.doubled == 2 and state.contract.maker == Y
    assert state.contract.declarer == Z and GAME.to_move(state) == A


def test_doubling_stops_at_a_hundred_a_trick():
    assert may_double("nt", 2) and not may_double("nt", 3)  # 12 → 96 allowed, not 192
    assert may_double("s", 5) is False and may_double("s", 4)  # 2 × 32 = 64, × 64 = 128
    state = say(dealt(dealer=Z), "declare-nt", "double", "double", "double")
    assert state.bidding.doubled == 3                          # 96 a trick: no more
    assert state.phase == "play"


def test_a_double_after_the_limit_is_refused():
    state = say(dealt(dealer=Z), "declare-nt", "double", "double")
    assert GAME.legal_actions(state, GAME.to_move(state))     # 48 a trick: one more allowed
    assert may_double("nt", 2)
    assert not may_double("nt", 3)


# -- the play -------------------------------------------------------------------------------------
def playing(denom: str = "declare-s", dealer: int = Z):
    return say(dealt(dealer=dealer), denom, "pass", "pass")


def test_the_dealer_plays_the_dummy():
    state = playing()                                          # Z dealt; his partner Y is dummy
    state = GAME.apply(state, Play(cards("A♠")[0]))            # A leads
    assert Y in state.exposed                                  # the dummy goes down
    assert state.turn == Y and GAME.to_move(state) == Z        # the dealer plays the dummy's card
    assert GAME.legal_actions(state, Y) == ()
    assert len(GAME.legal_actions(state, Z)) == 13             # the dummy is void in spades
    err = refusal(GAME, state, Play(cards("A♣")[0]))           # his own card, not the dummy's
    assert err.rule == "bridge#the-dummy"


def test_a_player_who_can_must_follow_suit():
    mixed = {A: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♥ 2♥",
             Y: "2♠ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ A♥ 3♠",
             B: "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦",
             Z: "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣"}
    state = say(dealt(mixed, dealer=Z), "declare-h", "pass", "pass")
    state = GAME.apply(state, Play(cards("A♠")[0]))
    legal = GAME.legal_actions(state, Z)                        # for the dummy Y
    assert set(legal) == {Play(cards("2♠")[0]), Play(cards("3♠")[0])}
    err = refusal(GAME, state, Play(cards("A♥")[0]))
    assert err.rule == "bridge#following-suit"


def test_a_card_not_in_hand_and_out_of_turn_are_refused():
    state = playing()
    with pytest.raises(Exception):
        GAME.apply(state, Call("double"))
    err = refusal(GAME, state, Call("pass"))
    assert err.rule == "bridge#the-play"


# -- the score ------------------------------------------------------------------------------------
def test_either_side_scores_its_odd_tricks_below_the_line():
    hands = [cards(SUITED[s]) for s in range(4)]
    # Hearts declared by Z's side, doubled once; Y–Z take 9 tricks, A–B 4.
    contract = Declaration(0, "h", 1, Z, Z)
    score = score_hand(contract, hands, [4, 9])
    below = [(side, pts) for side, pts, _, anchor, is_below in score.lines if is_below]
    assert below == [(1, 3 * 8 * 2)]
    # The other side winning the odd tricks scores them (here A–B, 8 tricks at no trumps).
    score = score_hand(Declaration(0, "nt", 0, Z, Z), hands, [8, 5])
    assert [(s, p) for s, p, _, _, b in score.lines if b] == [(0, 24)]


def test_honours_chicane_and_slams_are_never_doubled():
    hands = [cards(SUITED[s]) for s in range(4)]
    score = score_hand(Declaration(0, "h", 2, Z, Z), hands, [0, 13])
    above = {anchor: (side, pts) for side, pts, _, anchor, is_below in score.lines if not is_below}
    assert above["honours"] == (1, 80)          # five hearts in Y's hand: 10 × 8
    assert above["slams"] == (1, 40)            # grand slam
    chicanes = [(s, p) for s, p, _, anchor, _ in score.lines if anchor == "chicane"]
    assert sorted(chicanes) == [(0, 16), (0, 16), (1, 16)]   # A, B and Z hold no heart
    tricks = [(s, p) for s, p, _, _, b in score.lines if b]
    assert tricks == [(1, 7 * 8 * 4)]           # redoubled: four times


def test_a_whole_hand_played_out_is_scored_and_thirty_wins_a_game():
    state = playing("declare-nt")                # Z declares no trumps; A leads his spades
    while state.phase == "play":
        seat = GAME.to_move(state)
        state = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    # A–B took every trick from A's lead of spades: 7 by cards at 12 = 84 below, grand slam 40.
    assert state.fact("below_all") == (84, 0)
    assert state.sheet.games == (1, 0)
    texts = [line.text for line in state.sheet.lines_of_deal(state.deal_no)]
    assert any("grand slam" in t for t in texts)


def test_the_rubber_is_worth_a_hundred():
    assert RUBBER_POINTS == 100
    state = playing("declare-nt")
    for _ in range(3):
        while state.phase == "play":
            state = GAME.apply(state, GAME.legal_actions(state, GAME.to_move(state))[0])
        if state.phase == "over":
            break
        # next deal: the same hands, dealt by the next dealer
        dealer = state.dealer
        held = {s: cards(t) for s, t in SUITED.items()}
        state = GAME.deal_from(state, round_robin_order(held, (dealer + 1) % 4, 4), (dealer + 1) % 4)
        seat = GAME.to_move(state)
        state = say(state, "declare-nt", "pass", "pass")
        assert seat is not Special.CHANCE
    assert state.phase == "over"
    assert any("the rubber: 100" in line.text for line in state.sheet.lines)


# -- the computer's declaration -------------------------------------------------------------------
def test_rules_of_thumb_of_the_declaration():
    strong = cards("A♠ K♠ 4♠ A♥ Q♥ 3♥ K♦ Q♦ 5♦ A♣ J♣ 7♣ 2♣")
    assert declaration(strong, True, 2) == "declare-nt"
    hearts = cards("A♥ K♥ J♥ 9♥ 7♥ 3♥ 5♠ 4♠ 8♦ 6♦ 3♣ 2♣ 4♣")
    assert declaration(hearts, True, 2) == "declare-h"
    weak = cards("9♠ 7♠ 4♠ 8♥ 5♥ 3♥ 9♦ 6♦ 5♦ 8♣ 6♣ 3♣ 2♣")
    assert declaration(weak, True, 2) == "leave"
    assert declaration(weak, False, 2) == "declare-s"       # left it: the defensive spade


def test_the_computer_declares_and_plays_a_hand_at_every_level():
    for level in (1, 2, 3):
        state = dealt(dealer=Z)
        player = computer_player(GAME, level)
        steps = 0
        while state.phase not in ("deal", "over") and steps < 80:
            seat = GAME.to_move(state)
            action = player.choose(GAME, GAME.view(state, seat), list(GAME.legal_actions(state, seat)))
            state = GAME.apply(state, action)
            steps += 1
        assert state.phase in ("deal", "over") or state.phase == "play"
