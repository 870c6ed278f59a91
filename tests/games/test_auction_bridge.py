"""Auction Bridge (laws of 1908): the auction by value, doubling, the declarer and the dummy, the
score above and below the line, revokes, and the worked figures of the book's "General Remarks"."""
from __future__ import annotations

from collections import Counter

import pytest

from compendium.ai.registry import computer_player
from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.games.tricks.auction_bridge import (
    GAME,
    GAME_POINTS,
    RUBBER_POINTS,
    BridgeContract,
    bid_key,
    bid_value,
    chicane_scores,
    honours_score,
    overcalls,
    score_hand,
)
from compendium.games.tricks.engine import Call, Play, active_slot

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, round_robin_order, stacked

A, Y, B, Z = 0, 1, 2, 3


def dealt(hands: dict[int, str], dealer: int = Z, options: dict | None = None):
    held = {s: cards(t) for s, t in hands.items()}
    return stacked(GAME, options or {}, round_robin_order(held, dealer, 4), dealer=dealer)


def say(state, *words):
    for w in words:
        state = GAME.apply(state, Call(w))
    return state


# A holds every spade: whoever leads, A wins every trick with a trump.
ALL_SPADES = {
    A: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠",
    Y: "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥",
    B: "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦",
    Z: "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣",
}


def holdings(hands: dict[int, str]) -> list[list[Card]]:
    return [cards(hands[s]) for s in range(4)]


def lines(score, honours: bool = False):
    """(side, points, below?) of a hand's lines; honours left out unless asked for (with a trump
    suit one side always holds three of the five)."""
    return [(side, pts, where) for side, pts, _, anchor, where in score.lines
            if honours or anchor != "honours"]


# -- the auction ----------------------------------------------------------------------------------
def test_values_and_overcalls_follow_law_48():
    assert bid_value("2s") == 4 == bid_value("1c")
    assert bid_value("2d") == 12 == bid_value("1nt")
    assert overcalls("2s", "1c") and not overcalls("1c", "2s")         # equal value: more tricks
    assert overcalls("2d", "1nt") and not overcalls("1nt", "2d")
    assert overcalls("1h", "3s") and not overcalls("3s", "1h")        # 8 against 6
    assert not overcalls("1nt", "1nt")
    assert bid_key("7nt") == (84, 7)


def test_dealer_must_open_and_may_not_pass():
    state = dealt(ALL_SPADES)
    assert GAME.to_move(state) == Z and state.phase == "auction"
    legal = GAME.legal_actions(state, Z)
    assert Call("pass") not in legal and Call("double") not in legal
    assert Call("1s") in legal and Call("7nt") in legal and len(legal) == 35
    err = refusal(GAME, state, Call("pass"))
    assert err.rule.endswith("#the-auction")


def test_legal_calls_after_an_opening():
    state = say(dealt(ALL_SPADES), "1nt")
    legal = GAME.legal_actions(state, A)
    assert Call("pass") in legal and Call("double") in legal and Call("redouble") not in legal
    assert Call("2d") in legal and Call("1nt") not in legal and Call("3s") not in legal
    assert Call("2h") in legal and Call("4s") not in legal            # Four Spades: value 8 < 12
    assert Call("6s") in legal                                        # value 12, more tricks


@pytest.mark.parametrize("words, bad, anchor", [
    (("1nt",), "1h", "overcalling"),            # value 8 does not overcall 12
    (("1nt",), "6s", None),                     # (legal: equal value, more tricks) — checked below
    (("2s",), "1c", "overcalling"),             # equal value, fewer tricks
    (("1h", "pass"), "double", "doubling-and-redoubling"),     # B may not double A's... (see below)
    (("1h",), "redouble", "doubling-and-redoubling"),          # nothing doubled yet
    (("1h", "double", "redouble"), "redouble", "doubling-and-redoubling"),   # once, not more
    (("1h", "double"), "double", "doubling-and-redoubling"),   # already doubled
    (("1h", "double"), "redouble", None),                      # Z's side may redouble: legal
    (("1h", "double", "pass", "pass", "pass"), "2h", "the-play"),   # the auction is over
])
def test_refusals_cite_their_law(words, bad, anchor):
    state = say(dealt(ALL_SPADES), *words)
    if anchor is None:
        assert Call(bad) in GAME.legal_actions(state, GAME.to_move(state))
        return
    err = refusal(GAME, state, Call(bad))
    assert err.rule.endswith("#" + anchor), err


def test_a_partner_may_not_double_his_partners_call():
    # Z opens One Heart, A passes, Y (Z's partner) may not double it.
    state = say(dealt(ALL_SPADES), "1h", "pass")
    assert GAME.to_move(state) == Y
    assert Call("double") not in GAME.legal_actions(state, Y)
    err = refusal(GAME, state, Call("double"))
    assert "own side" in err.reason and err.rule.endswith("#doubling-and-redoubling")


def test_doubling_reopens_the_bidding_and_leaves_the_value_alone():
    # Law 55 and 57: after One No Trump doubled, Two Diamonds still overcalls; any player may bid.
    state = say(dealt(ALL_SPADES), "1nt", "double")
    assert state.bidding.doubled == 1
    assert Call("2d") in GAME.legal_actions(state, Y) and Call("1nt") not in GAME.legal_actions(state, Y)
    state = say(state, "2d")                       # Y, the doubled side, takes it out
    assert state.bidding.doubled == 0 and state.bidding.high == "2d"
    assert Call("double") in GAME.legal_actions(state, B)


def test_three_passes_end_the_auction_and_the_first_to_name_the_suit_declares():
    # Z 1S (nominal), A 1H, Y pass, B 3H, then three passes: A named hearts first, A declares.
    state = say(dealt(ALL_SPADES), "1s", "1h", "pass", "3h", "pass", "pass")
    assert state.phase == "auction"
    state = say(state, "pass")
    assert state.phase == "play"
    assert state.contract == BridgeContract(3, "h", 0, A)
    assert state.trump is Suit.HEARTS
    assert GAME.to_move(state) == Y                 # the player on the declarer's left leads (Law 60)


def test_dealer_one_spade_passed_out_is_played():
    state = say(dealt(ALL_SPADES), "1s", "pass", "pass", "pass")
    assert state.contract == BridgeContract(1, "s", 0, Z)
    assert GAME.to_move(state) == A


# -- the play with the dummy ------------------------------------------------------------------------
def test_dummy_exposed_after_the_opening_lead_and_played_by_the_declarer():
    # A declares Seven Spades; Y leads; B is the dummy, whose cards A plays.
    state = say(dealt(ALL_SPADES), "1s", "7s", "pass", "pass", "pass")
    assert state.contract == BridgeContract(7, "s", 0, A) and state.contract.dummy == B
    assert GAME.to_move(state) == Y
    # Before the lead nobody but B sees B's cards.
    b_ids = state.hands[active_slot(state, B)]
    assert all(GAME.view(state, Y).cards[i].face is None for i in b_ids)
    assert all(GAME.view(state, A).cards[i].face is None for i in b_ids)
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.HEARTS)))
    # The opening card is led: the dummy goes face up for everybody.
    for seat in range(4):
        assert all(GAME.view(state, seat).cards[i].face is not None for i in b_ids)
    assert state.turn == B and GAME.to_move(state) == A              # A moves for the dummy
    assert GAME.legal_actions(state, B) == ()
    legal = GAME.legal_actions(state, A)
    assert Play(Card(Rank.TWO, Suit.DIAMONDS)) in legal and len(legal) == 13
    err = refusal(GAME, state, Play(Card(Rank.TWO, Suit.SPADES)))    # A's own card: wrong hand
    assert err.rule.endswith("#the-dummy")
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.DIAMONDS)))
    assert state.turn == Z and GAME.to_move(state) == Z
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.CLUBS)))
    assert GAME.to_move(state) == A
    err = refusal(GAME, state, Play(Card(Rank.THREE, Suit.DIAMONDS)))   # the dummy's card: A's turn
    assert err.rule.endswith("#the-dummy")
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.SPADES)))
    assert state.tricks[-1].winner == A
    assert GAME.describe(state, Play(Card(Rank.THREE, Suit.SPADES))).startswith("A plays")


def test_following_suit_is_enforced_with_the_law():
    hands = {
        A: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♥ 2♥",
        Y: "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♠ 2♠",
        B: ALL_SPADES[B], Z: ALL_SPADES[Z],
    }
    state = say(dealt(hands), "1s", "pass", "pass", "pass")          # Z declares; A leads
    state = GAME.apply(state, Play(Card(Rank.THREE, Suit.HEARTS)))
    assert GAME.to_move(state) == Z                                    # Y is the dummy: Z plays it
    err = refusal(GAME, state, Play(Card(Rank.TWO, Suit.SPADES)))     # the dummy holds hearts
    assert err.rule.endswith("#following-suit")


def test_the_grand_slam_at_seven_spades_scores_everything_at_once():
    state = say(dealt(ALL_SPADES), "1s", "7s", "pass", "pass", "pass")
    while state.phase == "play":
        seat = GAME.to_move(state)
        state = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    assert GAME.tricks_won(state, A) == 13
    got = {line.text: line.points for line in state.sheet.lines_of_deal(1)}
    assert got == {
        "7 by cards in spades: 14 below": 14,
        "five honours in one hand: 20 above": 20,       # 10 × 2
        "chicane (Y holds no trump): 4 above": 4,
        "chicane (B holds no trump): 4 above": 4,
        "chicane (Z holds no trump): 4 above": 4,
        "grand slam: 40 above": 40,
    }
    assert state.sheet.totals == (14 + 20 + 4 + 40, 8)
    assert state.fact("below") == (14, 0) and state.phase == "deal"


# -- the score sheet (catalogue 5.5, Laws 50, 51, 58, 90) ---------------------------------------------
NOTHING = holdings({  # aces two and two, every player holding cards of every suit
    A: "A♠ K♥ Q♦ J♣ 2♠ 3♥ 4♦ 5♣ 6♠ 7♥ 8♦ 9♣ 10♠",
    Y: "K♠ Q♥ J♦ 10♣ 3♠ 4♥ 5♦ 6♣ 7♠ 8♥ 9♦ 2♣ A♣",
    B: "Q♠ J♥ 10♦ A♦ 4♠ 5♥ 6♦ 7♣ 8♠ 9♥ 2♦ 3♣ K♣",
    Z: "J♠ 10♥ A♥ K♦ 5♠ 6♥ 7♦ 8♣ 9♠ 2♥ 3♦ 4♣ Q♣",
})


def test_the_deal_used_for_plain_vectors_scores_no_honours():
    assert Counter(c for h in NOTHING for c in h) == Counter(PACKS["52"])
    for denom in ("s", "c", "d", "h"):
        assert honours_score(NOTHING, denom) is not None    # five honours: one side holds three
        assert chicane_scores(NOTHING, denom) == []
    assert honours_score(NOTHING, "nt") is None     # aces two and two


def test_undertricks_law_50():
    c = BridgeContract(1, "nt", 0, Z)
    assert lines(score_hand(c, NOTHING, [6, 5])) == [(0, 100, False)]       # two under: 100
    assert lines(score_hand(BridgeContract(3, "h", 1, Y), NOTHING, [5, 8])) == [(0, 100, False)]
    assert lines(score_hand(BridgeContract(3, "h", 1, Y), NOTHING, [9, 4])) == [(0, 500, False)]
    assert lines(score_hand(BridgeContract(2, "d", 2, Y), NOTHING, [6, 7])) == [(0, 200, False)]


def test_one_spade_loss_is_limited_to_100_law_51():
    for doubled, taken in ((0, 3), (1, 4), (2, 6)):
        score = score_hand(BridgeContract(1, "s", doubled, Z), NOTHING, [13 - taken, taken])
        assert lines(score) == [(0, 100, False)], (doubled, taken)
    # Two Spades is not limited: three under undoubled is 150.
    assert lines(score_hand(BridgeContract(2, "s", 0, Z), NOTHING, [8, 5])) == [(0, 150, False)]


def test_contract_made_scores_every_trick_over_six_below():
    assert lines(score_hand(BridgeContract(1, "h", 0, A), NOTHING, [9, 4])) == [(0, 24, True)]
    assert lines(score_hand(BridgeContract(2, "c", 0, Y), NOTHING, [5, 8])) == [(1, 8, True)]


def test_doubled_and_redoubled_contracts_made_law_58():
    # Two Hearts doubled, nine tricks: 3 × 8 × 2 below; bonus 50 + 50 for the trick over.
    assert lines(score_hand(BridgeContract(2, "h", 1, A), NOTHING, [9, 4])) == [(0, 48, True), (0, 100, False)]
    # Redoubled: tricks four times, the bonus doubled.
    assert lines(score_hand(BridgeContract(2, "h", 2, A), NOTHING, [9, 4])) == [(0, 96, True), (0, 200, False)]
    # Made exactly: bonus 50.
    assert lines(score_hand(BridgeContract(3, "nt", 1, A), NOTHING, [9, 4])) == [(0, 72, True), (0, 50, False)]


@pytest.mark.parametrize("hands, denom, expected", [
    ({A: "A♥ K♥ Q♥", B: ""}, "h", (0, 16, "simple honours")),
    ({A: "A♥ K♥", B: "Q♥ J♥"}, "h", (0, 32, "four honours")),
    ({A: "A♥ K♥ Q♥", B: "J♥ 10♥"}, "h", (0, 40, "five honours")),
    ({A: "A♦ K♦ Q♦ J♦", B: ""}, "d", (0, 48, "four honours in one hand")),
    ({A: "A♣ K♣ Q♣ J♣", B: "10♣"}, "c", (0, 36, "four honours in one hand and the fifth in partner's")),
    ({A: "A♠ K♠ Q♠ J♠ 10♠", B: ""}, "s", (0, 20, "five honours in one hand")),
    ({A: "A♠ A♥ A♦", B: ""}, "nt", (0, 30, "three aces")),
    ({A: "A♠ A♥", B: "A♦ A♣"}, "nt", (0, 40, "four aces")),
    ({A: "A♠ A♥ A♦ A♣", B: ""}, "nt", (0, 100, "four aces in one hand")),
])
def test_honours_as_multiples_of_the_trick_value(hands, denom, expected):
    held = [cards(hands.get(s, "")) for s in range(4)]
    assert honours_score(held, denom) == expected
    # The same honours held by the other side score for it.
    swapped = [held[1], held[0], held[3], held[2]]
    assert honours_score(swapped, denom) == (1,) + expected[1:]


def test_two_honours_score_nothing_and_chicane_is_simple_honours():
    held = [cards("A♥ K♥ 2♠"), cards("3♠"), cards("3♥ 4♠"), cards("Q♥ J♥ 10♥")]
    assert honours_score(held, "h") == (1, 16, "simple honours")   # Z holds three; A–B two
    assert chicane_scores(held, "h") == [(1, 16, Y)]                # Y holds no heart
    assert chicane_scores(held, "nt") == []


def test_slams_either_side_not_doubled():
    score = score_hand(BridgeContract(1, "c", 1, A), NOTHING, [1, 12])
    assert (1, 20, False) in lines(score)                            # the adversaries' little slam
    score = score_hand(BridgeContract(6, "c", 1, A), NOTHING, [13, 0])
    assert lines(score) == [(0, 7 * 4 * 2, True), (0, 100, False), (0, 40, False)]


def test_revoke_penalties_law_90():
    # The declarer's side revokes and fails by one: 50 + 150 to the adversaries; they score nothing
    # else (a slam of theirs would not count) but honours.
    c = BridgeContract(2, "nt", 0, A)
    assert lines(score_hand(c, NOTHING, [7, 6], revokes=[B])) == [(1, 50, False), (1, 150, False)]
    # An adversary revokes: 150 to the declarer, and the adversaries' undertrick claim is void.
    assert lines(score_hand(c, NOTHING, [7, 6], revokes=[Y])) == [(0, 150, False)]
    # … or three tricks: seven plus three makes the contract, 4 by cards below.
    assert lines(score_hand(c, NOTHING, [7, 6], revokes=[Y], take_tricks=True)) == [(0, 48, True)]
    # Penalty tricks never earn the bonus of a doubled contract.
    d = BridgeContract(2, "nt", 1, A)
    assert lines(score_hand(d, NOTHING, [7, 6], revokes=[Z], take_tricks=True)) == [(0, 96, True)]


# -- the worked figures of "General Remarks" (catalogue 6.9) --------------------------------------------
ACES_WITH_A = holdings({
    A: "A♠ A♥ A♦ K♠ K♥ K♦ Q♠ Q♥ Q♦ J♠ 2♣ 3♣ 4♣",
    Y: "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 5♣ 2♠ 3♠ 4♠ 5♠ 6♠",
    B: "10♠ 9♠ 8♠ 7♠ J♥ 10♥ 9♥ 8♥ 7♥ J♦ 10♦ 9♦ 8♦",
    Z: "6♣ 7♣ 6♥ 5♥ 4♥ 3♥ 2♥ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦",
})


def test_one_no_trump_left_to_fail_by_two_gives_100():
    # Dealer Z declares One No Trump; Y (second hand) passes with eight clubs; Z's side takes five.
    score = score_hand(BridgeContract(1, "nt", 0, Z), NOTHING, [8, 5])
    assert score.net(0) == 100


def test_doubling_drives_them_into_two_hearts_and_costs_fifty():
    left_alone = score_hand(BridgeContract(1, "nt", 0, Z), NOTHING, [8, 5]).net(0)
    # (honours left aside: the book compares the penalties)
    driven = sum(p for side, p, _ in lines(score_hand(BridgeContract(2, "h", 0, Z), NOTHING, [6, 7])) if side == 0)
    assert (left_alone, driven) == (100, 50)
    assert left_alone - driven == 50


def test_two_no_trumps_from_love_three_by_cards_and_thirty_aces_is_66():
    assert Counter(c for h in ACES_WITH_A for c in h) == Counter(PACKS["52"])
    assert sum(1 for c in ACES_WITH_A[Y] if c.suit is Suit.CLUBS) == 8     # eight clubs to a tierce major
    score = score_hand(BridgeContract(2, "nt", 0, A), ACES_WITH_A, [9, 4])
    assert lines(score, honours=True) == [(0, 36, True), (0, 30, False)]
    assert score.net(0) == 66
    below = sum(p for _, p, where in lines(score) if where)
    assert below >= GAME_POINTS            # from love, the three by cards win the game


def test_four_by_cards_would_be_78_not_the_books_66():
    score = score_hand(BridgeContract(2, "nt", 0, A), ACES_WITH_A, [10, 3])
    assert lines(score, honours=True) == [(0, 48, True), (0, 30, False)]
    book = score_hand(BridgeContract(2, "nt", 0, A), ACES_WITH_A, [9, 4]).net(0)
    assert (score.net(0), book) == (78, 66)     # the book's 66 is three by cards, not four


def test_the_rubber_chance_and_the_three_hearts_double():
    # Five to three on for the rubber: worth 250 × (5 − 3) / 8 = 62.5, "about 63", "say 130".
    assert RUBBER_POINTS * (5 - 3) / 8 == 62.5
    assert 66 + round(62.5 + 0.01) == 129
    # Three Hearts doubled by Y–Z, making only the odd trick: two under doubled = 200, less the
    # 16 of their simple honours in hearts.
    held = holdings({
        A: "A♠ K♠ Q♠ A♦ K♦ Q♦ A♣ K♣ Q♣ J♠ J♦ J♣ 2♥",
        Y: "A♥ K♥ 9♥ 8♥ 7♥ 6♥ 2♠ 3♠ 4♠ 2♦ 3♦ 4♦ 2♣",
        B: "J♥ 10♥ 3♥ 5♠ 6♠ 7♠ 5♦ 6♦ 7♦ 3♣ 4♣ 5♣ 6♣",
        Z: "Q♥ 5♥ 4♥ 8♠ 9♠ 10♠ 8♦ 9♦ 10♦ 7♣ 8♣ 9♣ 10♣",
    })
    assert Counter(c for h in held for c in h) == Counter(PACKS["52"])
    score = score_hand(BridgeContract(3, "h", 1, Y), held, [6, 7])
    assert lines(score, honours=True) == [(0, 200, False), (1, 16, False)]
    assert score.net(0) == 184
    assert 184 - 130 == 54


# -- games, rubber, options, the computer ------------------------------------------------------------
def test_a_whole_rubber_keeps_its_books():
    """Every dealer calls Three No Trumps, which stands; the cards are played at random until a
    side has won two games."""
    rng = SplitMix64(5)
    state = GAME.initial_state()
    while GAME.to_move(state) is not Special.TERMINAL:
        seat = GAME.to_move(state)
        if seat is Special.CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, rng.below(1 << 30)))
        elif state.phase == "auction":
            state = GAME.apply(state, Call("3nt" if state.bidding.high is None else "pass"))
        else:
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, legal[rng.below(len(legal))])
        if state.phase == "deal" and state.deal_no:
            below = state.fact("below")
            assert max(below) < 30          # a game won wipes the slate below the line
    assert max(state.sheet.games) == 2
    winner = state.sheet.games.index(2)
    rubber = [l for l in state.sheet.lines if "rubber" in l.text]
    assert [(l.side, l.points) for l in rubber] == [(winner, 250)]
    for side in (0, 1):
        assert state.sheet.totals[side] == sum(l.points for l in state.sheet.lines if l.side == side)
    assert sum(state.fact("above_all")) + sum(state.fact("below_all")) == sum(state.sheet.totals)
    made = [l for l in state.sheet.lines if "by cards" in l.text]
    assert all(l.points >= 36 for l in made)     # three by cards or more at no trumps: each a game
    assert len(made) >= 2
    outcome = GAME.outcome(state)
    assert outcome is not None and "rubber" in outcome.reason


REVOKE_HANDS = {
    A: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♥ 2♥",
    Y: "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♠ 2♠",
    B: ALL_SPADES[B], Z: ALL_SPADES[Z],
}


def play_with_a_revoke_by_a(state):
    """Y declares One Heart; Y leads hearts whenever he can, and A, holding a heart, plays a
    spade to them (a revoke, which the option lets stand)."""
    while state.phase == "play":
        seat = GAME.to_move(state)
        legal = GAME.legal_actions(state, seat)
        led = state.deck[state.trick[0][1]].suit if state.trick else None
        pick = legal[0]
        if state.turn == Y and not state.trick:
            pick = next((a for a in legal if a.card.suit is Suit.HEARTS), pick)
        elif state.turn == A and led is Suit.HEARTS:
            pick = next((a for a in legal if a.card.suit is Suit.SPADES), pick)
        state = GAME.apply(state, pick)
    return state


def test_the_dummy_cannot_revoke_even_when_revokes_may_be_played():
    state = say(dealt(REVOKE_HANDS, options={"revokes": "penalised"}), "1c", "pass", "pass", "pass")
    state = GAME.apply(state, Play(Card(Rank.THREE, Suit.HEARTS)))        # A leads; Y is the dummy
    legal = GAME.legal_actions(state, Z)
    assert legal and all(a.card.suit is Suit.HEARTS for a in legal)


def test_revokes_played_and_penalised_as_an_option():
    state = say(dealt(REVOKE_HANDS, options={"revokes": "penalised"}), "1s", "pass", "1h",
                "pass", "pass", "pass")
    assert state.contract == BridgeContract(1, "h", 0, Y) and GAME.to_move(state) == B
    state = play_with_a_revoke_by_a(state)
    assert any(s == A for s, _ in state.revokes)
    assert state.phase == "penalty" and GAME.to_move(state) == Y
    assert set(GAME.legal_actions(state, Y)) == {Call("points"), Call("tricks")}
    done = GAME.apply(state, Call("points"))
    deal = done.sheet.lines_of_deal(1)
    revokes = sum(1 for s, _ in state.revokes if s == A)
    assert any(l.side == 1 and l.text.startswith("an adversary revoked: ") and l.points == 150 * revokes
               for l in deal)
    # The revoking side scores only honours and chicane.
    assert all(("honours" in l.text or "chicane" in l.text) for l in deal if l.side == 0)
    by_tricks = GAME.apply(state, Call("tricks"))
    assert not any("revoked" in l.text for l in by_tricks.sheet.lines_of_deal(1))


def test_action_text_and_labels():
    state = dealt(ALL_SPADES)
    for text, action in (("2nt", Call("2nt")), ("double", Call("double")),
                         ("play 2H", Play(Card(Rank.TWO, Suit.HEARTS)))):
        assert GAME.action_from_str(state, text) == action
    assert GAME.call_label(Call("2nt")) == "2 NT" and GAME.call_label(Call("1s")) == "1 ♠"
    assert GAME.describe(state, Call("2nt")) == "Z: Two No Trumps"


def test_views_hide_what_a_seat_cannot_see_and_determinize_agrees():
    start = GAME.initial_state()
    state = say(GAME.apply(start, GAME.chance_action(start, 11)), "1s", "1nt", "pass", "pass", "pass")
    assert state.contract.declarer == A and GAME.to_move(state) == Y
    for seat in range(4):
        check_determinize(GAME, state, seat)
    state = GAME.apply(state, GAME.legal_actions(state, Y)[0])
    seen = {seat: sum(1 for c in GAME.view(state, seat).cards if c.face is not None) for seat in range(4)}
    # Y: his twelve, the lead and the dummy; A and Z: thirteen, the lead and the dummy; B: his own.
    assert seen == {Y: 26, A: 27, B: 14, Z: 27}
    for seat in range(4):
        check_determinize(GAME, state, seat)


def test_computer_plays_the_dummy_for_the_declarer():
    state = say(dealt(ALL_SPADES), "1s", "7s", "pass", "pass", "pass")
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.HEARTS)))
    player = computer_player(GAME, 1)
    action = player.choose(GAME, GAME.view(state, A), GAME.legal_actions(state, A))
    assert isinstance(action, Play) and action.card.suit is Suit.DIAMONDS


def test_computer_calls_are_legal_and_the_dealer_opens():
    session_state = GAME.apply(GAME.initial_state(), GAME.chance_action(GAME.initial_state(), 4))
    for level in (1, 2, 3):
        state = session_state
        player = computer_player(GAME, level)
        while state.phase == "auction":
            seat = GAME.to_move(state)
            legal = GAME.legal_actions(state, seat)
            action = player.choose(GAME, GAME.view(state, seat), legal)
            assert action in legal
            state = GAME.apply(state, action)
        assert state.phase == "play" and state.calls[0][0] == Z and state.calls[0][1] != "pass"


def test_the_declarers_choice_of_revoke_penalty_by_the_computer():
    state = say(dealt(REVOKE_HANDS, options={"revokes": "penalised"}), "1s", "pass", "1h",
                "pass", "pass", "pass")
    state = play_with_a_revoke_by_a(state)
    assert state.phase == "penalty"
    choice = computer_player(GAME, 2).choose(GAME, GAME.view(state, Y), GAME.legal_actions(state, Y))
    best = max((Call("points"), Call("tricks")),
               key=lambda c: GAME.hand_score(state, c.word == "tricks").net(1))
    assert choice == best


def mid_play(seed: int = 21):
    start = GAME.initial_state()
    state = GAME.apply(start, GAME.chance_action(start, seed))
    player = computer_player(GAME, 1)
    while state.phase == "auction":
        seat = GAME.to_move(state)
        state = GAME.apply(state, player.choose(GAME, GAME.view(state, seat), GAME.legal_actions(state, seat)))
    for _ in range(6):
        seat = GAME.to_move(state)
        state = GAME.apply(state, player.choose(GAME, GAME.view(state, seat), GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("level", [1, 2])
def test_unseen_cards_never_change_the_computers_choice(level):
    state = mid_play()
    seat = GAME.to_move(state)
    legal = GAME.legal_actions(state, seat)
    player = computer_player(GAME, level)
    first = player.choose(GAME, GAME.view(state, seat), legal)
    for k in range(3):
        other = GAME.shuffle_unseen(state, seat, 100 + k)
        assert other.deck != state.deck
        assert player.choose(GAME, GAME.view(other, seat), GAME.legal_actions(other, seat)) == first


def test_sampled_worlds_keep_what_the_calls_promised():
    # Z's opening One Spade is the nominal call and promises nothing; A's One Heart promises four
    # hearts, B's One No Trump twelve points of high cards.
    hands = {
        A: "A♥ K♥ 9♥ 4♥ 2♥ 3♠ 4♠ 5♠ 2♦ 3♦ 4♦ 2♣ 3♣",
        Y: "5♥ 6♥ 7♥ 6♠ 7♠ 8♠ 9♠ 5♦ 6♦ 7♦ 4♣ 5♣ 6♣",
        B: "A♠ K♠ Q♠ A♦ K♦ Q♦ A♣ K♣ 8♥ 8♦ 9♦ 7♣ 8♣",
        Z: "Q♥ J♥ 10♥ 3♥ J♠ 10♠ 2♠ J♦ 10♦ Q♣ J♣ 10♣ 9♣",
    }
    state = say(dealt(hands), "1s", "1h", "pass", "1nt")
    assert GAME.bid_constraints(state) == {A: ("h", 4), B: ("nt", 12)}
    view = GAME.view(state, Z)
    rng = SplitMix64(7)
    for _ in range(10):
        world = GAME.determinize(view, Z, rng)
        held = GAME.holdings(world)
        assert sum(1 for c in held[A] if c.suit is Suit.HEARTS) >= 4
        assert sum({Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}.get(c.rank, 0) for c in held[B]) >= 12
        assert GAME.view(world, Z) == view
