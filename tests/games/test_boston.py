"""Boston: the deal by fours and fives with the preference turned from the still pack, the ladder
of bids and its suits, misère partout, Foster's payment tables, the pool, and the laws cited by
every refusal."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from compendium.ai.registry import computer_player
from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.rules import headings
from compendium.games.tricks.boston import GAME, LADDER, LOSE, BostonContract, payments, suit_class
from compendium.games.tricks.engine import Call, Discard, Play, set_fact
from tests.games.conformance import random_playout

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, rotate_hidden

A, Y, B, Z = 0, 1, 2, 3
RULES = Path(__file__).resolve().parents[2] / "resources" / "rules" / "boston.md"

HANDS = {
    A: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ A♥ K♥ Q♥ A♦ K♦ A♣",
    Y: "7♠ 6♠ 5♠ J♥ 10♥ 9♥ Q♦ J♦ 10♦ K♣ Q♣ J♣ 10♣",
    B: "4♠ 3♠ 8♥ 7♥ 6♥ 9♦ 8♦ 7♦ 6♦ 9♣ 8♣ 7♣ 6♣",
    Z: "2♠ 5♥ 4♥ 3♥ 2♥ 5♦ 4♦ 3♦ 2♦ 5♣ 4♣ 3♣ 2♣",
}


def order_for(hands: dict[int, str]) -> list:
    """The pack order that, dealt by Z four, four and five at a time, gives these hands."""
    held = {s: cards(t) for s, t in hands.items()}
    order = []
    for r in range(2):
        for s in (A, Y, B, Z):
            order += held[s][4 * r:4 * r + 4]
    for s in (A, Y, B, Z):
        order += held[s][8:13]
    return order


def dealt(preference: Card = Card(Rank.SEVEN, Suit.HEARTS), options: dict | None = None):
    state = GAME.deal_from(GAME.initial_state(options or {}), order_for(HANDS), dealer=Z)
    return replace(state, info=set_fact(state, "preference", preference))


def say(state, *words):
    """Say each call; a whole trick bid such as "six H" is said in its two steps."""
    for w in words:
        parts = w.split()
        if len(parts) == 2 and parts[0] in ("boston", "six", "seven", "eight", "nine", "ten",
                                            "eleven", "twelve", "slam"):
            state = GAME.apply(state, Call(parts[0]))
            suit = GAME.action_from_str(state, f"plain {parts[1]}").suit
            state = GAME.apply(state, GAME.suit_call(state, suit))
        else:
            state = GAME.apply(state, GAME.action_from_str(state, w))
    return state


def play_first_legal(state):
    """Play out the hand, each player playing his first legal card (a fixed, plain policy)."""
    deal = state.deal_no
    while state.phase == "play" and state.deal_no == deal:
        seat = GAME.to_move(state)
        state = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    return state


def anchors() -> set[str]:
    from compendium.core.rules import slugify
    return {slugify(h.text) for h in headings(RULES.read_text(encoding="utf-8"))}


# -- the deal -------------------------------------------------------------------------------------
def test_the_deal_gives_thirteen_each_by_fours_and_fives():
    state = dealt()
    for seat, text in HANDS.items():
        hand = [state.deck[i] for i in state.hands[state.owners.index(seat)]]
        assert hand == cards(text)
    assert state.phase == "auction" and GAME.to_move(state) == A        # the eldest hand speaks


def test_the_preference_comes_from_the_still_pack():
    session_state = GAME.initial_state({})
    for seed in range(6):
        state = GAME.apply(session_state, GAME.chance_action(session_state, seed))
        pref = state.fact("preference")
        assert isinstance(pref, Card)
        assert Counter(state.deck) == Counter(PACKS["52"])        # the 52 in play are whole …
        assert state.turnup is None and state.trump is None       # … and the preference is no one's
        assert GAME.view(state, A).pub.fact("preference") == pref  # everyone sees it
    seen = {GAME.apply(session_state, GAME.chance_action(session_state, s)).fact("preference").suit
            for s in range(40)}
    assert seen == set(Suit)


def test_suit_classes_follow_the_preference():
    # first preference hearts: diamonds is the colour, clubs and spades are plain
    assert suit_class(Suit.HEARTS, Suit.HEARTS) == 2
    assert suit_class(Suit.DIAMONDS, Suit.HEARTS) == 1
    assert suit_class(Suit.CLUBS, Suit.HEARTS) == suit_class(Suit.SPADES, Suit.HEARTS) == 0
    assert suit_class(Suit.SPADES, Suit.CLUBS) == 1


# -- the bids -----------------------------------------------------------------------------------------
def test_the_ladder_of_bids():
    assert LADDER == ("boston", "six", "seven", "little-misere", "eight", "nine", "grand-misere",
                      "ten", "eleven", "little-spread", "twelve", "grand-spread", "slam")
    first = GAME.legal_actions(dealt(), A)
    assert [c.word for c in first] == ["pass", *LADDER]
    # every whole bid, in order: Boston in each suit, plain before colour before preference
    bids = GAME.allowed_bids(dealt(), A)
    assert len(bids) == 9 * 4 + 4
    assert [b.word for b in bids[:5]] == ["boston"] * 4 + ["six"]
    assert [GAME.suit_call(dealt(), b.suit).word for b in bids[:4]] == ["plain", "colour", "preference",
                                                                       "plain"]   # ♣ ♦ ♥ ♠
    assert [b.word for b in bids if b.suit is None] == ["little-misere", "grand-misere",
                                                        "little-spread", "grand-spread"]


def test_a_trick_bid_names_its_suit_by_its_class():
    state = GAME.apply(dealt(), Call("six"))          # hearts are the first preference
    assert state.phase == "suit" and GAME.to_move(state) == A
    assert GAME.legal_actions(state, A) == (Call("plain", Suit.CLUBS), Call("colour", Suit.DIAMONDS),
                                            Call("preference", Suit.HEARTS), Call("plain", Suit.SPADES))
    assert GAME.call_label(Call("colour", Suit.DIAMONDS)) == "♦ Diamonds (colour)"
    state = GAME.apply(state, Call("colour", Suit.DIAMONDS))
    assert state.calls[-1] == (A, "Six ♦") and state.phase == "auction" and GAME.to_move(state) == Y
    assert state.bidding.high == Call("six", Suit.DIAMONDS)


def test_same_number_ranks_plain_then_colour_then_preference():
    state = say(dealt(), "boston C")                 # a plain suit (hearts are preference)
    bids = GAME.allowed_bids(state, Y)
    assert Call("boston", Suit.SPADES) not in bids   # the other plain suit does not overcall
    assert Call("boston", Suit.DIAMONDS) in bids     # the colour does
    assert Call("boston", Suit.HEARTS) in bids       # so does the preference
    state = GAME.apply(state, Call("boston"))
    assert GAME.legal_actions(state, Y) == (Call("colour", Suit.DIAMONDS), Call("preference", Suit.HEARTS))
    state = GAME.apply(state, Call("preference", Suit.HEARTS))
    assert Call("boston") not in GAME.legal_actions(state, B)
    bids = GAME.allowed_bids(state, B)
    assert Call("boston", Suit.DIAMONDS) not in bids and Call("six", Suit.CLUBS) in bids


def test_a_misere_sits_between_the_trick_bids():
    state = say(dealt(), "seven H")
    legal = GAME.legal_actions(state, Y)
    assert legal[1] == Call("little-misere")
    state = say(state, "little-misere")
    legal = GAME.legal_actions(state, B)
    assert Call("seven") not in legal and legal[1] == Call("eight")


def test_a_player_who_passed_comes_back_only_with_a_misere():
    state = say(dealt(), "pass", "boston S", "pass", "pass")
    assert GAME.to_move(state) == A
    legal = GAME.legal_actions(state, A)
    assert {c.word for c in legal} == {"pass", "little-misere", "grand-misere", "little-spread",
                                       "grand-spread"}
    state = say(state, "grand-misere", "pass", "pass", "pass")
    assert state.contract == BostonContract("grand-misere", A) and state.trump is None


def test_three_passes_after_a_bid_make_the_contract():
    state = say(dealt(), "pass", "six D", "pass", "pass", "pass")
    assert state.contract == BostonContract("six", Y, Suit.DIAMONDS)
    assert state.trump is Suit.DIAMONDS and state.phase == "play"
    assert GAME.to_move(state) == A                   # the eldest hand leads, whoever bid


def test_four_passes_make_misere_partout():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    assert state.contract == BostonContract("partout", None)
    assert state.trump is None and GAME.to_move(state) == A


def test_little_misere_every_player_puts_out_a_card():
    state = say(dealt(), "pass", "pass", "little-misere", "pass", "pass", "pass")
    assert state.phase == "discard" and GAME.to_move(state) == A
    for seat, card in ((A, "A♠"), (Y, "K♣"), (B, "9♦"), (Z, "2♠")):
        assert GAME.to_move(state) == seat
        state = GAME.apply(state, Discard(cards(card)[0]))
    assert state.phase == "play" and all(len(h) == 12 for h in state.hands)
    # a player's own card stays his secret
    a_out = state.discards[A][0]
    assert GAME.view(state, A).face(a_out) == cards("A♠")[0]
    assert GAME.view(state, Y).face(a_out) is None
    state = play_first_legal(state)
    assert len(state.tricks) in range(1, 13)


def test_a_spread_lies_face_up_from_the_first_lead():
    state = say(dealt(), "pass", "pass", "pass", "grand-spread", "pass", "pass", "pass")
    assert state.exposed == (Z,) and state.phase == "play"
    for seat in (A, Y, B):
        view = GAME.view(state, seat)
        assert [c.face for c in view.hand(Z)] == cards(HANDS[Z])


# -- scoring ---------------------------------------------------------------------------------------
def test_the_payment_tables():
    # Foster's table for a failed bid, white counters: each row has one entry per trick bid
    assert LOSE[5] == (10, 20, 30, 40, 50)
    assert LOSE[8] == (25, 35, 45, 55, 70, 85, 100, 115)
    assert LOSE[11][-1] == 220 and LOSE[12][0] == 120
    assert LOSE[13] == (180, 200, 220, 240, 260, 280, 300, 320, 340, 360, 390, 420, 450)
    assert all(len(LOSE[b]) == b for b in LOSE)
    made = {b: payments(BostonContract(w, A, Suit.SPADES), [b, 0, 0, 0])[Y]
            for b, w in ((5, "boston"), (6, "six"), (7, "seven"), (8, "eight"), (9, "nine"),
                         (10, "ten"), (11, "eleven"), (12, "twelve"), (13, "slam"))}
    assert {b: -v for b, v in made.items()} == {5: 10, 6: 15, 7: 20, 8: 25, 9: 35, 10: 45,
                                                11: 65, 12: 105, 13: 170}


def test_each_bid_is_paid_by_the_table():
    # made, with an over-trick that is not paid
    assert payments(BostonContract("six", Y, Suit.HEARTS), [3, 7, 2, 1]) == [-15, 45, -15, -15]
    # put in for three at eight
    assert payments(BostonContract("eight", B, Suit.CLUBS), [4, 2, 5, 2]) == [45, 45, -135, 45]
    # a grand slam that loses one trick is put in for one
    assert payments(BostonContract("slam", A, Suit.SPADES), [12, 1, 0, 0]) == [-540, 180, 180, 180]
    # misères: 20, 40, 80, 160, with no over-tricks
    for kind, stake in (("little-misere", 20), ("grand-misere", 40), ("little-spread", 80),
                        ("grand-spread", 160)):
        assert payments(BostonContract(kind, Z), [5, 4, 4, 0]) == [-stake, -stake, -stake, 3 * stake]
        assert payments(BostonContract(kind, Z), [5, 4, 3, 1]) == [stake, stake, stake, -3 * stake]


def test_misere_partout_payments():
    # Foster: the most tricks pays each other player a red for each trick of difference
    assert payments(BostonContract("partout", None), [4, 3, 3, 3]) == [-30, 10, 10, 10]
    assert payments(BostonContract("partout", None), [7, 2, 2, 2]) == [-150, 50, 50, 50]
    # our decision for a tie: both pay, and nothing passes between them
    assert payments(BostonContract("partout", None), [4, 4, 3, 2]) == [-30, -30, 20, 40]


def test_a_hand_played_out_is_paid_and_the_pool_taken_or_doubled():
    state = say(dealt(), "seven S", "pass", "pass", "pass")
    assert state.pool == 40
    state = play_first_legal(state)
    taken = GAME.tricks_won(state, A)
    lines = state.sheet.lines_of_deal(1)
    got = {l.side: l.points for l in lines if "pool" not in l.text}
    if taken >= 7:
        assert got == {A: 60, Y: -20, B: -20, Z: -20}
        assert any(l.text == "A takes the pool (40)" and l.points == 40 for l in lines)
    else:
        owe = (20, 30, 40, 50, 60, 70, 80)[7 - taken - 1]
        assert got == {A: -3 * owe, Y: owe, B: owe, Z: owe}
        assert any(l.text == "A doubles the pool (40)" and l.points == -40 for l in lines)
    assert GAME.to_move(state) is Special.CHANCE


def test_a_misere_stops_at_the_callers_first_trick():
    # A, holding the top cards, must lead and win the first trick: the hand stops there
    state = say(dealt(), "grand-misere", "pass", "pass", "pass")
    state = play_first_legal(state)
    assert [t.winner for t in state.tricks] == [A]
    lines = state.sheet.lines_of_deal(1)
    assert lines[0].text == "A fails in Grand misère with 1 trick"
    assert {l.side: l.points for l in lines if "pool" not in l.text} == {A: -120, Y: 40, B: 40, Z: 40}
    assert any(l.text == "A doubles the pool (40)" for l in lines) and state.pool == 80


def test_a_grand_misere_made_takes_the_pool():
    # Z holds the lowest cards of every suit and can never win a trick
    state = say(dealt(), "pass", "pass", "pass", "grand-misere", "pass", "pass", "pass")
    state = play_first_legal(state)
    assert len(state.tricks) == 13 and Z not in [t.winner for t in state.tricks]
    lines = state.sheet.lines_of_deal(1)
    assert lines[0].text == "Z makes Grand misère with 0 tricks"
    assert {l.side: l.points for l in lines if "pool" not in l.text} == {A: -40, Y: -40, B: -40, Z: 120}
    assert any(l.text == "Z takes the pool (40)" and l.points == 40 for l in lines)
    assert state.pool == 40                       # refilled: a red from each player


def test_the_pool_is_limited_and_its_surplus_waits():
    state = replace(dealt(), pool=200)
    contract = BostonContract("six", B, Suit.CLUBS)
    doubled = GAME._settle_pool(state, contract, won=False)
    assert doubled.pool == 250 and GAME.waiting_pools(doubled) == (150,)
    taken = GAME._settle_pool(doubled, contract, won=True)
    assert taken.pool == 150 and GAME.waiting_pools(taken) == ()
    assert taken.sheet.totals[B] - state.sheet.totals[B] == -200 + 250
    emptied = GAME._settle_pool(taken, contract, won=True)
    assert emptied.pool == 0
    refilled = GAME._next_deal(emptied)
    assert refilled.pool == 40 and refilled.phase == "deal"


def test_the_game_ends_after_twelve_deals_with_the_pools_shared():
    session = random_playout(GAME, 4, max_steps=6000)
    state = session.state
    assert session.to_move() is Special.TERMINAL and state.deal_no == 12
    assert state.pool == 0 and sum(state.sheet.totals) == 0     # every counter accounted for
    assert session.outcome() is not None


def test_counters_balance_after_every_hand():
    session = random_playout(GAME, 9, max_steps=250, options={"deals": 4})
    state = session.state
    assert sum(state.sheet.totals) + state.pool + sum(GAME.waiting_pools(state)) == 0


# -- legal and illegal actions, with the laws -------------------------------------------------------
def test_five_legal_actions_and_their_laws():
    page = anchors()
    state = dealt()
    examples = [
        (state, A, Call("pass"), "the-bidding"),
        (state, A, Call("boston"), "the-bids"),
        (GAME.apply(state, Call("six")), A, Call("preference", Suit.HEARTS), "the-preference"),
        (say(state, "boston H"), Y, Call("six"), "the-bids"),
        (say(state, "pass", "boston S", "pass", "pass"), A, Call("little-misere"), "the-bidding"),
        (say(state, "pass", "pass", "little-misere", "pass", "pass", "pass"), A,
         Discard(cards("A♠")[0]), "putting-out-a-card"),
        (say(state, "seven S", "pass", "pass", "pass"), A, Play(cards("A♣")[0]), "the-play"),
    ]
    for s, seat, action, anchor in examples:
        assert anchor in page
        assert GAME.to_move(s) == seat and action in GAME.legal_actions(s, seat)
        GAME.apply(s, action)
    # following suit: Y must answer a spade lead with a spade
    s = GAME.apply(say(state, "seven S", "pass", "pass", "pass"), Play(cards("A♠")[0]))
    assert {a.card for a in GAME.legal_actions(s, Y)} == set(cards("7♠ 6♠ 5♠"))
    assert "following-suit" in page


def test_illegal_actions_cite_their_law():
    page = anchors()
    state = dealt()
    six = GAME.apply(say(state, "six H"), Call("seven"))
    cases = [
        (say(state, "six H"), Call("six"), "the-bids", "higher than Six ♥"),
        (say(state, "pass", "boston S", "pass", "pass"), Call("six"), "the-bidding",
         "only with a misère"),
        (state, Call("boston", Suit.HEARTS), "the-bids", "number first"),
        (state, Call("preference", Suit.HEARTS), "the-bids", "just after the number"),
        (GAME.apply(state, Call("six")), Call("plain", Suit.HEARTS), "the-preference",
         "first preference"),
        (six, Call("pass"), "the-bids", "name the trump suit"),
        (state, Call("grand-misere", Suit.HEARTS), "the-bids", "without trumps"),
        (state, Play(cards("A♠")[0]), "the-play", "calls are not over"),
        (state, Discard(cards("A♠")[0]), "putting-out-a-card", "put out only"),
        (say(state, "pass", "pass", "little-misere", "pass", "pass", "pass"), Discard(cards("2♠")[0]),
         "putting-out-a-card", "not in your hand"),
    ]
    for s, action, anchor, words in cases:
        r = refusal(GAME, s, action)
        assert r.rule == f"boston#{anchor}" and anchor in page
        assert words in r.reason, r.reason
    s = GAME.apply(say(state, "seven S", "pass", "pass", "pass"), Play(cards("A♠")[0]))
    r = refusal(GAME, s, Play(cards("J♥")[0]))
    assert r.rule == "boston#following-suit" and "revoke" in r.reason


def test_text_forms():
    state = dealt()
    assert GAME.action_from_str(state, "six") == Call("six")
    assert GAME.action_from_str(state, "preference h") == Call("preference", Suit.HEARTS)
    assert GAME.action_to_str(Call("little-misere")) == "little-misere"
    assert GAME.call_label(Call("boston", Suit.SPADES)) == "Boston ♠"
    assert GAME.call_label(Call("slam", Suit.HEARTS)) == "Grand slam ♥"


# -- hidden information ---------------------------------------------------------------------------
def test_views_and_redeals():
    def check(session):
        state = session.state
        if not state.deck:
            return
        for seat in range(4):
            assert GAME.view(rotate_hidden(GAME, state, seat), seat) == GAME.view(state, seat)
            if GAME.to_move(state) == seat:
                check_determinize(GAME, state, seat)
    random_playout(GAME, 8, max_steps=70, check=check)


@pytest.mark.parametrize("level", [1, 2])
def test_the_computer_bids_and_plays_legally(level):
    state = dealt()
    player = computer_player(GAME, level)
    for _ in range(12):
        seat = GAME.to_move(state)
        if isinstance(seat, Special):
            break
        legal = GAME.legal_actions(state, seat)
        action = player.choose(GAME, GAME.view(state, seat), legal)
        assert action in legal
        state = GAME.apply(state, action)
