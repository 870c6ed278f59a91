"""Five Hundred: the Avondale schedule, the rank of the joker and the bowers, the deal and the
widow, the auction, the joker at no trumps, the scoring and the end of the game, Hoffmann's revoke
rule, and the book's widow odds checked by counting every possible widow."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from compendium.ai.registry import computer_player
from compendium.core.cards import JOKER, PACKS, Card, Suit
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.rules import split_ref
from compendium.games.tricks.engine import Call, Discard, Play, active_slot
from compendium.games.tricks.five_hundred import (
    BIDS,
    GAME,
    FHContract,
    avondale,
    bid_value,
    trump_card_suit,
    trump_power,
    widow_chance,
)
from compendium.games.tricks.scoresheet import Sheet

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, stacked

A, B, C = 0, 1, 2
H, D, S, CL = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS


def order_for(hands: dict[int, str], widow: str, dealer: int) -> list[Card]:
    """The pack order that the book's deal (three rounds of three, one round of one, the widow
    last) turns into these hands."""
    held = {s: _cards(text) for s, text in hands.items()}
    seats = [(dealer + 1 + k) % 3 for k in range(3)]
    order: list[Card] = []
    for packet in range(3):
        for s in seats:
            order += held[s][3 * packet:3 * packet + 3]
    for s in seats:
        order.append(held[s][9])
    return order + _cards(widow)


def _cards(text: str) -> list[Card]:
    return [JOKER if t == "Jo" else cards(t)[0] for t in text.split()]


# Deal 1: A (eldest, C dealing) is strong in hearts with the joker and both red knaves.
DEAL1 = {A: "Jo J♥ J♦ A♥ K♥ A♠ K♠ A♣ 7♣ 7♦",
         B: "Q♥ 10♥ 9♥ Q♠ J♠ 10♠ K♣ Q♣ 8♦ 9♦",
         C: "8♥ 7♥ 9♠ 8♠ 7♠ J♣ 10♣ 9♣ A♦ K♦"}
WIDOW1 = "Q♦ 10♦ 8♣"
# Deal 2 (B dealing, so C is eldest): A is void in clubs and diamonds and holds the joker.
DEAL2 = {A: "Jo A♠ K♠ Q♠ J♠ 10♠ A♥ K♥ Q♥ J♥",
         B: "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♠ 8♠ 9♠",
         C: "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 10♥ 9♥"}
WIDOW2 = "8♥ 7♥ 7♣"
# Deal 3 (C dealing): A holds eight spades counting the joker and the left bower, and two aces.
DEAL3 = {A: "Jo J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠ A♥ A♦",
         B: "8♠ K♥ Q♥ J♥ 10♥ K♦ Q♦ J♦ 10♦ A♣",
         C: "7♠ 9♥ 8♥ 7♥ 9♦ 8♦ 7♦ K♣ Q♣ 10♣"}
WIDOW3 = "9♣ 8♣ 7♣"


def dealt(hands, widow, dealer=C, options=None):
    return stacked(GAME, options or {}, order_for(hands, widow, dealer), dealer)


def hand_of(state, seat):
    return Counter(state.deck[i] for i in state.hands[active_slot(state, seat)])


def say(state, *texts):
    for t in texts:
        state = GAME.apply(state, GAME.action_from_str(state, t))
    return state


def finish_hand(state, leads: dict[int, list[str]] | None = None):
    """Play the hand out: the seats in ``leads`` lead those cards in turn; otherwise every seat
    plays its first card that follows suit properly.  Stops when a revoke sends tricks back."""
    leads = {s: _cards(" ".join(v)) for s, v in (leads or {}).items()}
    deal_no = state.deal_no
    while state.phase in ("play", "joker") and state.deal_no == deal_no:
        seat = state.turn
        if state.phase == "joker":
            state = GAME.apply(state, GAME.legal_actions(state, seat)[0])
            continue
        strict = GAME.playable(state, seat, strict=True)
        card = strict[0]
        if not state.trick and leads.get(seat):
            card = leads[seat].pop(0)
        before = len(state.tricks)
        state = GAME.apply(state, Play(card))
        if len(state.tricks) < before:
            break                                  # a revoke found: the hand is played again
    return state


# -- the schedule ----------------------------------------------------------------------------------
AVONDALE = {S: (40, 140, 240, 340, 440), CL: (60, 160, 260, 360, 460), D: (80, 180, 280, 380, 480),
            H: (100, 200, 300, 400, 500), None: (120, 220, 320, 420, 520)}


def test_the_avondale_schedule():
    for suit, row in AVONDALE.items():
        assert tuple(avondale(t, suit) for t in (6, 7, 8, 9, 10)) == row
    values = [bid_value(b) for b in BIDS]
    assert len(BIDS) == 25 and len(set(values)) == 25          # no two bids are equal
    assert values == sorted(values)                            # the ladder is the order of value
    assert values == list(range(40, 521, 20))                  # twenty apart all the way up
    with pytest.raises(ValueError):
        avondale(5, H)


# -- the rank of the cards ---------------------------------------------------------------------------
def suit_in_order(trump: Suit | None, suit: Suit) -> list[str]:
    pack = PACKS["piquet32+joker"]
    members = [c for c in pack if trump_card_suit(c, trump) is suit]
    return [str(c) for c in sorted(members, key=lambda c: -trump_power(c, trump))]


def test_the_trump_suit_has_ten_cards_with_the_joker_and_both_bowers():
    assert suit_in_order(H, H) == ["Joker", "J♥", "J♦", "A♥", "K♥", "Q♥", "10♥", "9♥", "8♥", "7♥"]
    assert suit_in_order(H, D) == ["A♦", "K♦", "Q♦", "10♦", "9♦", "8♦", "7♦"]
    assert suit_in_order(H, S) == ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠"]
    assert suit_in_order(H, CL) == ["A♣", "K♣", "Q♣", "J♣", "10♣", "9♣", "8♣", "7♣"]
    assert suit_in_order(CL, CL)[:3] == ["Joker", "J♣", "J♠"]
    for trump in (S, CL, D, H):
        sizes = sorted(len(suit_in_order(trump, s)) for s in (S, CL, D, H))
        assert sizes == [7, 8, 8, 10]


def test_without_trumps_the_cards_rank_as_at_whist_and_the_joker_has_no_suit():
    assert suit_in_order(None, D) == ["A♦", "K♦", "Q♦", "J♦", "10♦", "9♦", "8♦", "7♦"]
    assert trump_card_suit(JOKER, None) is None and trump_power(JOKER, None) > trump_power(cards("A♠")[0], None)


# -- the deal, the auction, the widow -----------------------------------------------------------------------
def test_the_deal_three_three_three_one_and_a_widow_of_the_last_three():
    state = dealt(DEAL1, WIDOW1)
    for seat, text in DEAL1.items():
        assert hand_of(state, seat) == Counter(_cards(text))
    assert [state.deck[i] for i in state.stock] == _cards(WIDOW1)
    assert state.phase == "auction" and GAME.to_move(state) == A          # the eldest hand
    # a random deal: ten each and three face down that nobody sees
    state = GAME.apply(GAME.initial_state(), GAME.chance_action(GAME.initial_state(), 17))
    assert [len(h) for h in state.hands] == [10, 10, 10] and len(state.stock) == 3
    for seat in (A, B, C):
        view = GAME.view(state, seat)
        assert all(view.face(i) is None for i in state.stock)


def test_the_auction_goes_round_until_one_is_left_and_a_passer_is_out():
    state = dealt(DEAL1, WIDOW1)
    state = say(state, "6S")
    assert [GAME.action_to_str(a) for a in GAME.legal_actions(state, B)][:3] == ["pass", "6C", "6D"]
    state = say(state, "pass", "6NT")                  # B passes; C bids six no trumps (120)
    assert GAME.legal_actions(state, B) == ()          # B passed and is out
    assert GAME.to_move(state) == A
    assert Call("6H") not in GAME.legal_actions(state, A)      # 100 does not beat 120
    state = say(state, "7S")                           # 140 beats 120
    assert GAME.to_move(state) == C                    # B is skipped for good
    state = say(state, "pass")
    assert state.phase == "discard" and state.contract == FHContract(A, 7, S)
    assert state.trump is S and not state.stock
    assert hand_of(state, A) == Counter(_cards(DEAL1[A] + " " + WIDOW1))   # the widow taken up
    assert GAME.to_move(state) == A


def test_the_bidder_discards_three_and_leads():
    state = say(dealt(DEAL1, WIDOW1), "6H", "pass", "pass")
    for code in ("7C", "8C", "7D"):
        assert GAME.to_move(state) == A and state.phase == "discard"
        state = say(state, f"discard {code}")
    assert state.phase == "play" and GAME.to_move(state) == A and state.leader == A
    assert len(state.discards[A]) == 3 and sum(hand_of(state, A).values()) == 10
    # the discard is face down: only the bidder knows it
    for seat, seen in ((A, True), (B, False), (C, False)):
        view = GAME.view(state, seat)
        assert all((view.face(i) is not None) == seen for i in state.discards[A])


def test_no_bid_is_played_at_no_trumps_without_the_widow_ten_a_trick_each():
    state = say(dealt(DEAL1, WIDOW1), "pass", "pass", "pass")
    assert state.phase == "play" and state.trump is None and state.contract.bidder is None
    assert len(state.stock) == 3 and GAME.to_move(state) == A          # the eldest leads
    state = finish_hand(state)
    taken = [GAME.tricks_won(state, s) for s in (A, B, C)]
    assert sum(taken) == 10
    assert state.sheet.totals == tuple(10 * t for t in taken)
    assert all(line.rule == GAME.ref("no-bid") for line in state.sheet.lines)


# -- the play --------------------------------------------------------------------------------------------------
def in_play(hands, widow, bid, discards, dealer=C, options=None):
    state = dealt(hands, widow, dealer, options)
    state = say(state, *bid)
    for code in discards:
        state = say(state, f"discard {code}")
    return state


def test_the_left_bower_is_a_trump_and_not_of_its_own_suit():
    # hearts trumps, A holding both red knaves; C comes to lead diamonds at the third trick
    state = in_play(DEAL1, WIDOW1, ("6H", "pass", "pass"), ("7C", "8C", "10D"))
    state = GAME.apply(state, Play(cards("A♠")[0]))          # B and C follow spades
    state = GAME.apply(state, Play(cards("Q♠")[0]))
    state = GAME.apply(state, Play(cards("7♠")[0]))
    assert state.tricks[-1].winner == A
    state = GAME.apply(state, Play(cards("7♦")[0]))          # A leads a diamond
    assert GAME.legal_actions(state, B) == (Play(cards("8♦")[0]), Play(cards("9♦")[0]))
    state = GAME.apply(state, Play(cards("9♦")[0]))
    state = GAME.apply(state, Play(cards("A♦")[0]))
    # C leads K♦: A holds Q♦ and the knave of diamonds, but the knave is a trump (left bower)
    state = GAME.apply(state, Play(cards("K♦")[0]))
    assert GAME.legal_actions(state, A) == (Play(cards("Q♦")[0]),)
    err = refusal(GAME, state, Play(cards("J♦")[0]))
    assert split_ref(err.rule)[1] == "following-suit"
    state = GAME.apply(state, Play(cards("Q♦")[0]))
    state = GAME.apply(state, Play(cards("8♦")[0]))
    assert state.tricks[-1].winner == C
    # C leads a trump: the joker and the bowers are trumps and must follow
    state = GAME.apply(state, Play(cards("7♥")[0]))
    legal = {a.card for a in GAME.legal_actions(state, A)}
    assert legal == set(_cards("Jo J♥ J♦ A♥ K♥"))
    state = GAME.apply(state, Play(cards("J♦")[0]))          # the left bower …
    state = GAME.apply(state, Play(cards("Q♥")[0]))
    assert state.tricks[-1].winner == A                      # … beats the queen of trumps


def test_the_joker_beats_the_right_bower():
    state = in_play(DEAL1, WIDOW1, ("6H", "pass", "pass"), ("7C", "8C", "10D"))
    state = finish_hand(state, {A: ["J♥", "Jo"]})
    first, second = state.tricks[0], state.tricks[1]
    assert first.winner == A and second.winner == A
    assert state.deck[second.plays[0][1]] == JOKER                    # the joker led


def nt_deal2():
    return say(dealt(DEAL2, WIDOW2, dealer=B), "pass", "pass", "pass")      # C is eldest


def test_the_joker_led_at_no_trumps_names_its_suit_but_not_a_renounced_one():
    state = nt_deal2()
    assert GAME.to_move(state) == C
    for code in ("A♦", "10♠", "7♠"):                 # A cannot follow diamonds: he renounces them
        state = GAME.apply(state, Play(cards(code)[0]))
    for code in ("9♥", "A♥", "8♠"):                  # C leads 9♥; A wins with the ace
        state = GAME.apply(state, Play(cards(code)[0]))
    assert state.tricks[-1].winner == A
    state = GAME.apply(state, Play(JOKER))
    assert state.phase == "joker" and GAME.to_move(state) == A
    assert GAME.legal_actions(state, A) == (Call("joker", Suit.CLUBS), Call("joker", H), Call("joker", S))
    err = refusal(GAME, state, Call("joker", D))
    assert "renounced" in err.reason and split_ref(err.rule)[1] == "the-joker-at-no-trumps"
    err = refusal(GAME, state, Play(cards("A♠")[0]))          # name the suit before anything
    assert split_ref(err.rule)[1] == "the-joker-at-no-trumps"
    state = say(state, "joker C")
    assert GAME.to_move(state) == B
    assert {a.card.suit for a in GAME.legal_actions(state, B)} == {Suit.CLUBS}   # B follows clubs
    state = GAME.apply(state, Play(cards("A♣")[0]))
    state = GAME.apply(state, Play(cards("K♦")[0]))          # C has none
    assert state.tricks[-1].winner == A


def test_the_joker_not_led_wins_unless_its_holder_had_renounced_the_suit():
    state = nt_deal2()
    for code in ("A♦", "Jo", "7♠"):                  # A is void: the joker wins the ace's trick
        state = GAME.apply(state, Play(cards(code)[0]) if code != "Jo" else Play(JOKER))
    assert state.tricks[-1].winner == A
    state = nt_deal2()
    for code in ("A♦", "10♠", "7♠", "K♦", "Jo", "8♠"):
        state = GAME.apply(state, Play(cards(code)[0]) if code != "Jo" else Play(JOKER))
    # A renounced diamonds at the first trick, so his joker is worth nothing at the second
    assert [t.winner for t in state.tricks] == [C, C]


def test_the_joker_may_not_be_played_while_holding_the_suit_led_at_no_trumps():
    state = nt_deal2()
    state = GAME.apply(state, Play(cards("9♥")[0]))
    assert Play(JOKER) not in GAME.legal_actions(state, A)
    err = refusal(GAME, state, Play(JOKER))
    assert split_ref(err.rule)[1] == "the-joker-at-no-trumps"


# -- the score ---------------------------------------------------------------------------------------------------
def points(bidder, tricks, suit, taken):
    winners = [s for s in range(3) for _ in range(taken[s])]
    return GAME.hand_points(FHContract(bidder, tricks, suit), winners)


def test_scoring_cases():
    assert points(A, 6, CL, (8, 1, 1)) == [60, 10, 10]          # made: the value, no more
    assert points(A, 7, S, (10, 0, 0)) == [250, 0, 0]           # all ten: at least 250
    assert points(A, 8, None, (10, 0, 0)) == [320, 0, 0]        # worth more than 250 already
    assert points(B, 8, H, (2, 7, 1)) == [20, -300, 10]         # failed: into the minus column
    assert points(C, 6, S, (0, 4, 6)) == [0, 40, 40]            # exactly made
    assert points(None, 0, None, (3, 3, 4)) == [30, 30, 40]     # nobody bid: ten a trick each


def test_all_ten_tricks_played_score_250_on_the_sheet():
    state = in_play(DEAL3, WIDOW3, ("7S", "pass", "pass"), ("9C", "8C", "7C"))
    state = finish_hand(state, {A: ["Jo", "J♠", "J♣", "A♠", "K♠", "Q♠", "10♠", "9♠", "A♥", "A♦"]})
    assert [t.winner for t in state.tricks] == [A] * 10
    lines = state.sheet.lines_of_deal(1)
    assert [(l.side, l.points) for l in lines] == [(A, 250)]
    assert lines[0].text == "A makes 7S with 10 tricks: 250 (all ten: at least 250)"
    assert state.phase == "deal" and state.sheet.totals == (250, 0, 0)


def test_the_sheet_keeps_won_lost_and_net_columns():
    state = in_play(DEAL3, WIDOW3, ("7S", "pass", "pass"), ("9C", "8C", "7C"))
    state = finish_hand(state, {A: ["Jo"]})                          # A makes 250
    state = GAME.apply(state, GAME.chance_action(state, 5))
    state = say(state, "pass", "10NT", "pass")             # A deals: B passes, C bids the top
    while state.phase == "discard":
        state = GAME.apply(state, GAME.legal_actions(state, state.turn)[0])
    state = finish_hand(state)
    taken = [GAME.tricks_won(state, s) for s in (A, B, C)]
    assert taken[C] < 10 and GAME.columns(state, C) == (0, 520, -520)
    assert GAME.columns(state, A) == (250 + 10 * taken[A], 0, 250 + 10 * taken[A])
    lines = GAME.sheet_lines(GAME.view(state, A), lambda s: "ABC"[s])
    assert lines[1].split() == ["Won", "Lost", "Net"]
    assert lines[2].split() == ["A", str(250 + 10 * taken[A]), "0", str(250 + 10 * taken[A])]


def test_a_failed_bid_is_set_back_and_the_opponents_score_their_tricks():
    state = in_play(DEAL3, WIDOW3, ("10NT", "pass", "pass"), ("9C", "8C", "7C"))
    state = finish_hand(state, {A: ["A♥"]})
    taken = [GAME.tricks_won(state, s) for s in (A, B, C)]
    assert taken[A] < 10
    assert state.sheet.totals == (-520, 10 * taken[B], 10 * taken[C])
    assert state.sheet.lines_of_deal(1)[0].text.startswith("A fails in 10NT")


# -- the end of the game --------------------------------------------------------------------------------------
def ending(contract, before, after, winners):
    state = replace(GAME.initial_state(), contract=contract, deal_no=5,
                    sheet=Sheet(tuple(after), (), (0, 0, 0)))
    return GAME._game_over_or_next(state, before, winners)


def test_the_first_to_500_wins_and_the_bidder_wins_a_tie():
    state = ending(FHContract(A, 7, H), (300, 490, 100), (500, 510, 110), [A] * 7 + [B, C, A])
    assert state.phase == "over" and state.winners == (A,)                 # the bidder first
    assert GAME.outcome(state).results == (1.0, 0.0, 0.0)
    state = ending(FHContract(C, 8, S), (480, 100, 100), (510, 130, -140), [A, A, A, B, B, B, C, C, C, C])
    assert state.winners == (A,)
    state = ending(FHContract(C, 8, S), (300, 400, 200), (320, 440, 440), [C] * 8 + [A, A])
    assert state.phase == "deal"                                           # nobody there yet


def test_two_opponents_past_500_the_first_trick_over_decides():
    # C bid and failed; A needs three tricks, B two: B's second trick (the fourth) comes first
    winners = [B, A, A, B, A, C, C, C, C, C]
    state = ending(FHContract(C, 9, H), (470, 480, 0), (500, 500, -400), winners)
    assert state.winners == (B,) and "first" in state.result
    winners = [A, A, B, A, B, C, C, C, C, C]
    state = ending(FHContract(C, 9, H), (470, 480, 0), (500, 500, -400), winners)
    assert state.winners == (A,)
    # nobody bid: the same rule between any two
    state = ending(FHContract(None), (490, 495, 0), (520, 510, 50), [B, A, C, A, C, A, C, C, C, B])
    assert state.winners == (B,)


def test_a_whole_hand_that_ends_the_game():
    state = dealt(DEAL3, WIDOW3)
    state = replace(state, sheet=Sheet((300, 100, 100), (), (0, 0, 0)))
    state = say(state, "7S", "pass", "pass", "discard 9C", "discard 8C", "discard 7C")
    state = finish_hand(state, {A: ["Jo"]})
    assert state.phase == "over" and state.winners == (A,)
    assert GAME.to_move(state) is Special.TERMINAL
    assert GAME.outcome(state).scores == (550, 100, 100)


# -- revokes ------------------------------------------------------------------------------------------------------
def test_a_revoke_is_refused_by_default():
    state = in_play(DEAL1, WIDOW1, ("6H", "pass", "pass"), ("7C", "8C", "10D"))
    state = GAME.apply(state, Play(cards("J♥")[0]))
    err = refusal(GAME, state, Play(cards("K♣")[0]))
    assert split_ref(err.rule)[1] == "following-suit" and "revoke" in err.reason


def test_hoffmanns_rule_an_opponent_revokes():
    opts = {"revokes": "penalised"}
    state = in_play(DEAL1, WIDOW1, ("6H", "pass", "pass"), ("7C", "8C", "10D"), options=opts)
    state = GAME.apply(state, Play(cards("J♥")[0]))
    state = GAME.apply(state, Play(cards("K♣")[0]))          # B holds hearts: a revoke
    state = GAME.apply(state, Play(cards("7♥")[0]))
    assert state.revokes == ((B, 1),)
    state = finish_hand(state)
    # the revoke is found at the end: every trick from it goes back and the hand is played again
    assert state.phase == "play" and state.contract.offender == B and not state.tricks
    assert GAME.to_move(state) == A and sum(hand_of(state, B).values()) == 10
    state = finish_hand(state, {A: ["J♥"]})
    assert not state.revokes
    taken = [GAME.tricks_won(state, s) for s in (A, B, C)]
    a_points = 100 if taken[A] >= 6 else -100
    assert state.sheet.totals == (a_points, -100, 10 * taken[C])
    assert any("B revoked" in l.text and l.points == -100 for l in state.sheet.lines)


def test_hoffmanns_rule_the_bidder_revokes():
    opts = {"revokes": "penalised"}
    state = in_play(DEAL1, WIDOW1, ("6H", "pass", "pass"), ("7C", "8C", "10D"), options=opts)
    for code in ("A♠", "Q♠", "7♠", "7♦", "8♦", "A♦", "K♦"):
        state = GAME.apply(state, Play(cards(code)[0]))
    state = GAME.apply(state, Play(cards("A♥")[0]))          # A holds Q♦: the bidder revokes
    assert state.revokes == ((A, 3),)
    state = finish_hand(state)
    assert state.contract.offender == A and len(state.tricks) == 2      # back to the third trick
    assert GAME.to_move(state) == C
    state = finish_hand(state)
    taken = [GAME.tricks_won(state, s) for s in (A, B, C)]
    assert state.sheet.totals == (-100, 10 * taken[B], 10 * taken[C])


# -- five legal and five illegal actions, with their laws -------------------------------------------------------
def test_legal_actions():
    state = dealt(DEAL1, WIDOW1)
    assert Call("6S") in GAME.legal_actions(state, A) and Call("pass") in GAME.legal_actions(state, A)
    state = say(state, "6NT")
    assert Call("7S") in GAME.legal_actions(state, B)                      # 140 over 120
    state = say(state, "pass", "pass")
    assert Discard(cards("Q♦")[0]) in GAME.legal_actions(state, A)         # a widow card may go
    state = say(state, "discard QD", "discard 10D", "discard 8C")
    assert Play(JOKER) in GAME.legal_actions(state, A)                     # the bidder leads
    state = nt_deal2()
    state = GAME.apply(state, Play(cards("A♦")[0]))
    assert Play(JOKER) in GAME.legal_actions(state, A)                     # void: the joker


def test_illegal_actions_cite_their_law():
    state = say(dealt(DEAL1, WIDOW1), "7S")
    err = refusal(GAME, state, Call("6NT"))
    assert split_ref(err.rule)[1] == "the-avondale-schedule" and "120" in err.reason
    err = refusal(GAME, state, Play(cards("A♠")[0]))
    assert split_ref(err.rule)[1] == "the-play"
    state = say(state, "pass", "pass")
    err = refusal(GAME, state, Play(cards("A♠")[0]))
    assert split_ref(err.rule)[1] == "the-widow"
    err = refusal(GAME, state, Discard(cards("9♠")[0]))                    # not A's card
    assert split_ref(err.rule)[1] == "the-widow"
    state = say(state, "discard QD", "discard 10D", "discard 8C")
    err = refusal(GAME, state, Call("joker", H))
    assert split_ref(err.rule)[1] == "the-joker-at-no-trumps"
    for rule in ("following-suit", "the-joker-at-no-trumps", "the-avondale-schedule", "the-widow",
                 "bidding", "scoring", "no-bid", "the-end-of-the-game", "revokes", "the-play"):
        assert GAME.ref(rule).endswith("#" + rule)


def test_notation():
    state = dealt(DEAL1, WIDOW1)
    for text, action in (("7H", Call("7H")), ("6 nt", Call("6NT")), ("10 no trumps", Call("10NT")),
                         ("8 spades", Call("8S")), ("joker D", Call("joker", D)), ("pass", Call("pass"))):
        assert GAME.action_from_str(state, text) == action
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action
    for bad in ("11H", "5S", "6X", "joker Z"):
        with pytest.raises(NotationError) as info:
            GAME.action_from_str(state, bad)
        assert bad in str(info.value)
    assert GAME.call_label(Call("7H")) == "7 ♥ · 200"


# -- the book's widow odds, counted ---------------------------------------------------------------------------
def test_the_widow_odds_of_the_book_by_counting_every_widow():
    pack = PACKS["piquet32+joker"]
    trumps = [c for c in pack if trump_card_suit(c, H) is H]
    others = [c for c in pack if trump_card_suit(c, H) is not H]
    expected = {4: (1091, Fraction(8, 5)), 5: (955, Fraction(7, 6)), 6: (802, Fraction(5, 6))}
    for held, (count, book_odds) in expected.items():
        hand = trumps[:held] + others[:10 - held]
        unseen = [c for c in pack if c not in hand]
        assert len(unseen) == 23
        widows = list(combinations(unseen, 3))
        hits = sum(1 for w in widows if any(trump_card_suit(c, H) is H for c in w))
        assert (hits, len(widows)) == (count, 1771) == widow_chance(held)
        odds = Fraction(hits, len(widows) - hits)              # for : against
        assert abs(odds - book_odds) / book_odds < Fraction(3, 100)
    # the book's words: 8 to 5 on (1091:680), 7 to 6 on (955:816), 6 to 5 against (969:802)
    assert Fraction(1771 - 802, 802) > 1


# -- the computer and the views -----------------------------------------------------------------------------------
def test_views_and_redeals_agree_with_what_a_seat_sees():
    state = dealt(DEAL1, WIDOW1)
    for seat in (A, B, C):
        check_determinize(GAME, state, seat)
    state = say(state, "6H", "pass", "pass", "discard 7C", "discard 8C", "discard 10D")
    for code in ("A♠", "Q♠", "7♠", "7♦", "8♦", "A♦"):
        state = GAME.apply(state, Play(cards(code)[0]))
    for seat in (A, B, C):
        check_determinize(GAME, state, seat, seed=seat + 3)
    # a view never shows another player's hand
    view = GAME.view(state, B)
    assert all(view.face(i) is None for i in state.hands[active_slot(state, A)])


def test_the_computer_discards_the_widow_sensibly_and_bids_a_strong_hand():
    state = say(dealt(DEAL3, WIDOW3), "7S", "pass", "pass")
    player = computer_player(GAME, 1)
    out = []
    while state.phase == "discard":
        action = player.choose(GAME, GAME.view(state, A), GAME.legal_actions(state, A))
        out.append(action.card)
        state = GAME.apply(state, action)
    assert Counter(out) == Counter(_cards("9♣ 8♣ 7♣"))
    state = dealt(DEAL3, WIDOW3)
    for level in (1, 2):
        bid = computer_player(GAME, level).choose(GAME, GAME.view(state, A), GAME.legal_actions(state, A))
        assert bid.word in BIDS and bid.word.endswith("S")
    weak = say(dealt(DEAL3, WIDOW3), "8S", "pass")
    bid = computer_player(GAME, 2).choose(GAME, GAME.view(weak, C), GAME.legal_actions(weak, C))
    assert bid == Call("pass")


def test_the_computer_names_the_jokers_suit_and_plays_at_no_trumps():
    state = nt_deal2()
    for code in ("A♦", "10♠", "7♠", "9♥", "A♥", "8♠"):
        state = GAME.apply(state, Play(cards(code)[0]))
    state = GAME.apply(state, Play(JOKER))
    choice = computer_player(GAME, 1).choose(GAME, GAME.view(state, A), GAME.legal_actions(state, A))
    assert choice in GAME.legal_actions(state, A)
    state = GAME.apply(state, choice)
    while state.phase in ("play", "joker") and state.deal_no == 1:
        seat = state.turn
        state = GAME.apply(state, computer_player(GAME, 1).choose(GAME, GAME.view(state, seat),
                                                                GAME.legal_actions(state, seat)))
    assert sum(state.sheet.totals) == 100


def test_redeals_keep_the_left_bower_with_the_trumps():
    """A player who showed he has no trumps is never dealt the left bower in the computer's
    imagined deals (it is a trump, whatever its printed suit)."""
    from compendium.core.rng import SplitMix64
    state = in_play(DEAL3, WIDOW3, ("7S", "pass", "pass"), ("9C", "8C", "7C"))
    for code in ("Jo", "8♠", "7♠", "J♠", "K♥", "9♥"):
        state = GAME.apply(state, Play(_cards(code)[0]))
    left = cards("J♣")[0]
    rng = SplitMix64(11)
    for _ in range(20):
        world = GAME.determinize(GAME.view(state, B), B, rng)
        assert left not in hand_of(world, C)         # C showed a void in spades: so no J♣
        assert left in hand_of(world, A) or left in [world.deck[i] for i in world.discards[A]]


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_the_computer_does_not_peek(seed):
    """Re-dealing what the seat cannot see never changes the computer's decision."""
    from compendium.ai.tricks.base import TricksPlayer
    from compendium.core.rng import SplitMix64
    gen = SplitMix64(seed)
    state = GAME.apply(GAME.initial_state(), GAME.chance_action(GAME.initial_state(), seed))
    for step in range(24):
        seat = GAME.to_move(state)
        if isinstance(seat, Special):
            break
        legal = list(GAME.legal_actions(state, seat))
        if step % 4 == 3:
            other = GAME.shuffle_unseen(state, seat, gen.below(1 << 30))
            view = GAME.view(state, seat)
            assert GAME.view(other, seat) == view and list(GAME.legal_actions(other, seat)) == legal
            first = TricksPlayer(1, seed=5).choose(GAME, view, legal)
            assert first == TricksPlayer(1, seed=5).choose(GAME, GAME.view(other, seat), legal)
        state = GAME.apply(state, legal[gen.below(len(legal))])
