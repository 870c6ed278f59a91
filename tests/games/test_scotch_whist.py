"""Scotch Whist (Catch the Ten) and French Whist: Foster's rules, his example hand, the laws cited."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from compendium.core.cards import Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.rules import REFERENCED
from compendium.core.session import Session
from compendium.games.tricks.engine import Call, Deal, Discard, Play, active_slot
from compendium.games.tricks.scotch_whist import FRENCH, GAME
from tests.games.conformance import random_playout

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, play_tricks, rotate_hidden, round_robin_order, stacked

A, Y, B, Z = 0, 1, 2, 3
# Foster's illustrative hand: Z deals and turns the eight of hearts.
HANDS = {
    A: cards("Q♦ A♣ 7♣ 8♠ J♦ 7♦ A♥ 9♥ 10♣"),
    Y: cards("K♦ K♣ 9♣ J♠ 9♠ 10♠ 10♦ 6♥ 10♥"),
    B: cards("8♦ J♣ 6♣ K♠ A♦ Q♣ 6♦ K♥ J♥"),
    Z: cards("9♦ 8♣ 6♠ A♠ Q♠ 7♠ Q♥ 7♥ 8♥"),
}
# The book's table, columns A Y B Z.
ROWS = [("Q♦", "K♦", "8♦", "9♦"), ("A♣", "K♣", "J♣", "8♣"), ("7♣", "9♣", "6♣", "6♠"),
        ("8♠", "J♠", "K♠", "A♠"), ("J♦", "9♠", "A♦", "Q♠"), ("7♦", "10♠", "Q♣", "7♠"),
        ("A♥", "10♦", "6♦", "Q♥"), ("9♥", "6♥", "K♥", "7♥"), ("10♣", "10♥", "J♥", "8♥")]
WINNERS = [Y, A, Y, Z, Z, Y, A, B, B]


def book_deal(game=GAME, options=None):
    order = round_robin_order(HANDS, dealer=Z, n=4)
    return stacked(game, options or {}, order, dealer=Z)


# -- the deal --------------------------------------------------------------------------------
def test_the_book_deal_turns_the_eight_of_hearts_and_a_leads():
    state = book_deal()
    assert state.deck[state.turnup] == Card(Rank.EIGHT, Suit.HEARTS)
    assert state.trump is Suit.HEARTS and state.turnup_on_table
    assert GAME.to_move(state) == A
    assert GAME.seat_name(Y, 4) == "Y" and GAME.sides(GAME.options_of(state)) == ((A, B), (Y, Z))


@pytest.mark.parametrize("players,per_hand,hands_each,pack", [
    (2, 6, 3, 36), (3, 6, 2, 36), (4, 9, 1, 36), (5, 7, 1, 35), (6, 6, 1, 36), (7, 5, 1, 35),
    (8, 4, 1, 32)])
def test_the_deal_for_each_number_of_players(players, per_hand, hands_each, pack):
    state = Session(GAME, {"players": players}, seed=11).state
    assert len(state.deck) == pack
    assert all(len(h) == per_hand for h in state.hands)
    assert Counter(state.owners) == Counter({s: hands_each for s in range(players)})
    # the turn-up is the dealer's last card, in the hand he plays last
    last = max(k for k, o in enumerate(state.owners) if o == state.dealer)
    assert state.hands[last][-1] == state.turnup
    if players in (5, 7):
        assert Card(Rank.SIX, Suit.SPADES) not in state.deck
    if players == 8:
        assert all(c.rank is not Rank.SIX for c in state.deck)


def test_five_players_may_show_the_36th_card_instead():
    state = Session(GAME, {"players": 5, "odd_pack": "show"}, seed=4).state
    assert len(state.deck) == 36 and len(state.shown) == 1
    view = GAME.view(state, 1)
    assert view.face(state.shown[0]) == state.deck[state.shown[0]]   # shown to the table
    assert all(len(h) == 7 for h in state.hands)


def test_two_players_see_only_their_first_hand():
    state = Session(GAME, {"players": 2}, seed=5).state
    view = GAME.view(state, 0)
    mine = [k for k, o in enumerate(state.owners) if o == 0]
    assert len(mine) == 3
    first = state.hands[mine[0]]
    assert all(view.face(i) is not None for i in first)
    assert all(view.face(i) is None for k in mine[1:] for i in state.hands[k] if i != state.turnup)


# -- the example hand ------------------------------------------------------------------------------
def test_fosters_example_hand_replays_exactly():
    state = book_deal()
    state, winners = play_tricks(GAME, state, ROWS, (A, Y, B, Z))
    assert winners == WINNERS
    assert not state.revokes
    lines = [(l.side, l.points, l.text) for l in state.sheet.lines]
    honours = sum(p for side, p, t in lines if side == 0 and "by cards" not in t)
    assert honours == 30
    assert (1, 2, "Y–Z: 2 by cards") in lines
    assert not any(side == 0 and "by cards" in t for side, p, t in lines)
    assert state.sheet.totals == (30, 2)
    assert GAME.to_move(state) is Special.CHANCE   # nobody has 41 yet: the next deal


def test_the_knave_of_trumps_beats_the_ace():
    state = book_deal()
    assert GAME.power(state, Card(Rank.JACK, Suit.HEARTS)) > GAME.power(state, Card(Rank.ACE, Suit.HEARTS))
    assert GAME.power(state, Card(Rank.ACE, Suit.SPADES)) > GAME.power(state, Card(Rank.JACK, Suit.SPADES))


# -- points for cards (Foster's figures) --------------------------------------------------------------
def _with_tricks(state, taken: dict[int, int]):
    """The finished-hand count with ``taken`` cards per seat (in whole tricks of the others' ids)."""
    ids = iter(range(len(state.deck)))
    tricks = []
    for seat, count in taken.items():
        tricks.append((seat, [next(ids) for _ in range(count)]))
    return GAME.counters(state, tricks)["cards"]


def test_points_for_cards_at_four_and_five():
    four = book_deal()
    assert _with_tricks(four, {A: 32, Y: 4})[0] == 14          # eight tricks = 32 cards -> 14
    five = Session(GAME, {"players": 5}, seed=3).state
    scores = _with_tricks(five, {0: 15, 1: 10, 2: 5, 3: 5})
    assert scores[:2] == [8, 3]                                 # 15 cards -> 8, 10 cards -> 3
    assert scores[2:4] == [0, 0]                                # fewer than dealt: nothing


def test_the_ten_counts_out_first():
    """Both sides could reach 41: the side with the ten of trumps goes out first."""
    state = book_deal()
    state = replace(state, sheet=replace(state.sheet, totals=(35, 39)))
    done, _ = play_tricks(GAME, state, ROWS, (A, Y, B, Z))
    # A-B hold the ten (trick 9): 35 + 10 = 45 before Y-Z's cards (39 + 2 = 41) are counted.
    assert done.phase == "over" and done.winners == (0,)
    assert done.result_rule == "scotch_whist#the-game"
    assert "A–B reach 41" in done.result


# -- legal and illegal actions, each with its law -------------------------------------------------------
def test_legal_actions():
    state = book_deal()
    assert len(GAME.legal_actions(state, A)) == 9                    # the leader may lead anything
    state = GAME.apply(state, Play(Card(Rank.QUEEN, Suit.DIAMONDS)))
    assert set(GAME.legal_actions(state, Y)) == {Play(Card(Rank.KING, Suit.DIAMONDS)),
                                                Play(Card(Rank.TEN, Suit.DIAMONDS))}   # follow suit
    state = GAME.apply(state, Play(Card(Rank.KING, Suit.DIAMONDS)))
    state = GAME.apply(state, Play(Card(Rank.EIGHT, Suit.DIAMONDS)))
    assert state.turnup_on_table
    state = GAME.apply(state, Play(Card(Rank.NINE, Suit.DIAMONDS)))    # Z, the dealer
    assert not state.turnup_on_table                                  # he takes the trump card up
    assert state.tricks[0].winner == Y and GAME.to_move(state) == Y   # the winner leads
    # void in clubs, Z may discard a spade on a club lead (trick 3 of the book)
    s3, _ = play_tricks(GAME, book_deal(), ROWS[:2], (A, Y, B, Z))
    s3 = GAME.apply(s3, Play(Card(Rank.SEVEN, Suit.CLUBS)))
    s3 = GAME.apply(s3, Play(Card(Rank.NINE, Suit.CLUBS)))
    s3 = GAME.apply(s3, Play(Card(Rank.SIX, Suit.CLUBS)))
    assert len(GAME.legal_actions(s3, Z)) == 7                       # no club: any card at all


def test_illegal_actions_cite_their_law():
    state = book_deal()
    assert refusal(GAME, state, Play(Card(Rank.KING, Suit.DIAMONDS))).rule == "scotch_whist#the-play"   # not his
    assert refusal(GAME, state, Call("pass")).rule == "scotch_whist#the-play"     # no calling here
    assert refusal(GAME, state, Discard(Card(Rank.QUEEN, Suit.DIAMONDS))).rule == "scotch_whist#the-play"
    led = GAME.apply(state, Play(Card(Rank.QUEEN, Suit.DIAMONDS)))
    r = refusal(GAME, led, Play(Card(Rank.KING, Suit.CLUBS)))                  # Y holds diamonds
    assert r.rule == "scotch_whist#following-suit" and "revoke" in r.reason
    assert refusal(GAME, led, Play(Card(Rank.SIX, Suit.HEARTS))).rule == "scotch_whist#following-suit"
    assert refusal(GAME, led, Play(Card(Rank.ACE, Suit.CLUBS))).rule == "scotch_whist#the-play"  # A's card
    with pytest.raises(Exception):
        GAME.apply(led, Deal(5))


def test_a_penalised_revoke_loses_the_game():
    state = book_deal(options={"revokes": "penalised"})
    state = GAME.apply(state, Play(Card(Rank.QUEEN, Suit.DIAMONDS)))
    assert Play(Card(Rank.KING, Suit.CLUBS)) in GAME.legal_actions(state, Y)
    state = GAME.apply(state, Play(Card(Rank.KING, Suit.CLUBS)))             # Y revokes
    assert state.revokes == ((Y, 1),)
    rng_state = state
    while GAME.to_move(rng_state) not in (Special.CHANCE, Special.TERMINAL):
        seat = GAME.to_move(rng_state)
        rng_state = GAME.apply(rng_state, GAME.legal_actions(rng_state, seat)[0])
    assert rng_state.phase == "over" and rng_state.winners == (0,)
    assert rng_state.result_rule == "scotch_whist#revokes"
    assert GAME.outcome(rng_state).results == (1.0, 0.0, 1.0, 0.0)


# -- French Whist ---------------------------------------------------------------------------------------
def test_french_whist_counts_the_ten_of_diamonds():
    state = book_deal(FRENCH)
    state, winners = play_tricks(FRENCH, state, ROWS, (A, Y, B, Z))
    assert winners == WINNERS
    # the ten of diamonds fell in trick 7, won by A: A-B 30 + 10
    assert state.sheet.totals == (40, 2)
    assert any("ten of diamonds" in l.text for l in state.sheet.lines)


# -- views, re-deals, the whole game -----------------------------------------------------------------------
def test_views_hide_exactly_the_unseen_cards():
    def check(session):
        state = session.state
        if not state.deck:
            return
        for seat in range(state.n):
            assert GAME.view(rotate_hidden(GAME, state, seat), seat) == GAME.view(state, seat)
            if GAME.to_move(state) == seat:
                check_determinize(GAME, state, seat)
        spectator = GAME.view(state, None)
        slot = active_slot(state, 0)
        assert all(spectator.face(i) is None for i in state.hands[slot] if i != state.turnup)
    for players in (2, 3, 4, 5):
        random_playout(GAME, players, max_steps=40, options={"players": players}, check=check)


def test_the_demo_plays_a_whole_game_with_references_that_resolve():
    from compendium.demo import play_demo
    from compendium.games import registry
    from compendium.reference import rules_html as rulesdoc
    result = play_demo(GAME, 3)
    assert result.finished
    outcome = result.session.outcome()
    assert max(outcome.scores) >= 41
    page = registry.rules_path("scotch_whist").read_text(encoding="utf-8")
    anchors = rulesdoc.anchors(page)
    french = rulesdoc.anchors(registry.rules_path("french_whist").read_text(encoding="utf-8"))
    for ref in REFERENCED:
        gid, _, anchor = ref.partition("#")
        if gid == "scotch_whist":
            assert anchor in anchors, ref
        if gid == "french_whist":
            assert anchor in french, ref
    for anchor in ("the-play", "following-suit", "scoring", "points-for-cards", "revokes", "the-game"):
        assert anchor in anchors and anchor in french
