"""Purchase Nap and Peep Nap: the buying of fresh cards (one counter a card into the pool, up to
five, once each, the dealer last), the peep (one counter to look, the caller takes it and puts a
card out), the pool taken by a Nap and given back at the end, each refusal with its law, and the
computer's purchases and peeps."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compendium.ai.tricks.base import TricksPlayer
from compendium.ai.tricks.nap_variants import PEEP_AI, peep_case, purchase_plan, worst_cards
from compendium.core.cards import Suit, standard_pack
from compendium.core.game import Special
from compendium.games.tricks.engine import Call, Discard, Play, set_fact
from compendium.games.tricks.nap_variants import PEEP, PEEP_PRICE, PURCHASE
from compendium.games.tricks.napoleon import NapContract
from tests.games.conformance import random_playout

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, round_robin_order, stacked
from .tricks_helpers import random_position as _position

A, Y, B, Z = 0, 1, 2, 3

HANDS = {A: "A♠ K♠ Q♠ J♠ 2♦", Y: "2♥ 3♥ 4♥ 5♥ 7♦", B: "A♥ K♥ 2♣ 3♣ 4♣", Z: "9♠ 3♦ 4♦ 5♦ 6♦"}
# the top of the stock, in the order the dealer serves it
TOP = "10♠ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 6♥"


def deal(game, hands=HANDS, top=TOP, options=None, dealer=Z):
    n = len(hands)
    held = {s: cards(t) for s, t in hands.items()}
    first = cards(top)
    used = [c for h in held.values() for c in h] + first
    rest = first + [c for c in standard_pack() if c not in used]
    return stacked(game, options or {}, round_robin_order(held, dealer, n, rest), dealer)


def hand_of(state, seat):
    return sorted((state.deck[i] for i in state.hands[seat_slot(state, seat)]), key=lambda c: c.code)


def seat_slot(state, seat):
    return state.owners.index(seat)


def say(game, state, *words):
    for w in words:
        state = game.apply(state, Call(w))
    return state


def throw(game, state, *texts):
    for t in texts:
        state = game.apply(state, Discard(cards(t)[0]))
    return state


def play_out(game, state):
    while game.to_move(state) not in (Special.CHANCE, Special.TERMINAL):
        seat = game.to_move(state)
        state = game.apply(state, game.legal_actions(state, seat)[0])
    return state


def totals_of_deal(state, deal_no=1):
    out = [0] * state.n
    for line in state.sheet.lines_of_deal(deal_no):
        out[line.side] += line.points
    return out


# -- Purchase Nap: legal actions --------------------------------------------------------------
def test_purchase_legal_the_buying_comes_before_the_calls_from_the_dealers_left():
    state = deal(PURCHASE)
    assert state.phase == "purchase" and PURCHASE.to_move(state) == A
    words = [a.word for a in PURCHASE.legal_actions(state, A)]
    assert words == ["stand", "buy-1", "buy-2", "buy-3", "buy-4", "buy-5"]      # up to five


def test_purchase_legal_buying_two_throws_two_out_and_serves_two_from_the_top():
    state = say(PURCHASE, deal(PURCHASE), "buy-2")
    assert state.phase == "discard" and PURCHASE.to_move(state) == A
    assert {a.card for a in PURCHASE.legal_actions(state, A)} == set(cards("A♠ K♠ Q♠ J♠ 2♦"))
    state = throw(PURCHASE, state, "2♦")
    assert state.phase == "discard" and len(hand_of(state, A)) == 4            # one more to go
    state = throw(PURCHASE, state, "J♠")
    assert hand_of(state, A) == sorted(cards("A♠ K♠ Q♠ 10♠ 8♣"), key=lambda c: c.code)
    assert [state.deck[i] for i in state.discards[A]] == cards("2♦ J♠")      # face down, kept out
    assert state.pool == 2 and state.sheet.totals == (-2, 0, 0, 0)
    assert state.phase == "purchase" and PURCHASE.to_move(state) == Y


def test_purchase_legal_standing_buys_nothing_and_the_dealer_buys_last():
    state = say(PURCHASE, deal(PURCHASE), "stand", "stand", "buy-1")
    state = throw(PURCHASE, state, "2♣")
    assert PURCHASE.to_move(state) == Z and state.phase == "purchase"        # the dealer, last
    state = say(PURCHASE, state, "buy-5")
    state = throw(PURCHASE, state, "9♠", "3♦", "4♦", "5♦", "6♦")
    assert hand_of(state, Z) == sorted(cards("8♣ 9♣ 10♣ J♣ Q♣"), key=lambda c: c.code)  # after B's 10♠
    assert state.phase == "calls" and PURCHASE.to_move(state) == A           # calls from his left
    assert state.pool == 6 and state.sheet.totals == (0, 0, -1, -5)


def test_purchase_legal_the_calls_then_go_as_at_napoleon():
    state = say(PURCHASE, deal(PURCHASE), "stand", "stand", "stand", "stand")
    assert [a.word for a in PURCHASE.legal_actions(state, A)][:3] == ["pass", "two", "three"]
    state = say(PURCHASE, state, "nap", "pass", "pass", "pass")
    assert state.phase == "play" and state.contract == NapContract(A, "nap")
    assert [a.card for a in PURCHASE.legal_actions(state, A)] == [state.deck[i] for i in state.hands[0]]


def test_purchase_legal_the_text_forms_read_back():
    state = deal(PURCHASE)
    for action in PURCHASE.legal_actions(state, A):
        assert PURCHASE.action_from_str(state, PURCHASE.action_to_str(action)) == action
    assert PURCHASE.call_label(Call("buy-3")) == "Buy 3 cards"
    assert PURCHASE.call_label(Call("stand")) == "Stand (buy none)"


# -- Purchase Nap: refusals ----------------------------------------------------------------------
def test_purchase_illegal_actions_cite_their_law():
    state = deal(PURCHASE)
    assert refusal(PURCHASE, state, Call("pass")).rule == "purchase_nap#buying-cards"   # calls later
    assert refusal(PURCHASE, state, Discard(cards("2♦")[0])).rule == "purchase_nap#buying-cards"
    assert refusal(PURCHASE, state, Call("buy-6")).rule == "purchase_nap#buying-cards"  # five at most
    assert refusal(PURCHASE, state, Play(cards("A♠")[0])).rule == "purchase_nap#the-play"
    buying = say(PURCHASE, state, "buy-1")
    assert refusal(PURCHASE, buying, Call("stand")).rule == "purchase_nap#buying-cards"  # no change
    assert refusal(PURCHASE, buying, Discard(cards("9♠")[0])).rule == "purchase_nap#buying-cards"
    calls = say(PURCHASE, state, "stand", "stand", "stand", "stand")
    r = refusal(PURCHASE, calls, Call("buy-1"))                               # once only, before calls
    assert r.rule == "purchase_nap#buying-cards" and "buying is over" in r.reason
    dealer_alone = say(PURCHASE, calls, "pass", "pass", "pass")
    assert refusal(PURCHASE, dealer_alone, Call("pass")).rule == "purchase_nap#the-dealers-one-trick"


def test_purchase_a_player_buys_only_once():
    state = say(PURCHASE, deal(PURCHASE), "buy-1")
    state = throw(PURCHASE, state, "2♦")
    assert PURCHASE.to_move(state) == Y
    state = say(PURCHASE, state, "stand", "stand", "stand")
    assert state.phase == "calls"     # round over: A had no second purchase


# -- Purchase Nap: accounting (catalogue 6.18: a counter a card, up to five, once each) -----------
def test_purchase_accounting_and_the_nap_takes_the_pool():
    state = say(PURCHASE, deal(PURCHASE), "buy-1")
    state = throw(PURCHASE, state, "2♦")                                      # A gets the 10♠
    state = say(PURCHASE, state, "buy-3")
    state = throw(PURCHASE, state, "2♥", "3♥", "7♦")
    state = say(PURCHASE, state, "stand", "buy-2")
    state = throw(PURCHASE, state, "3♦", "4♦")
    assert state.pool == 6 and state.sheet.totals == (-1, -3, 0, -2)
    assert sum(state.sheet.totals) + state.pool == 0
    assert hand_of(state, A) == sorted(cards("A♠ K♠ Q♠ J♠ 10♠"), key=lambda c: c.code)
    state = say(PURCHASE, state, "nap", "pass", "pass", "pass")
    state = play_out(PURCHASE, state)
    assert totals_of_deal(state) == [-1 + 30 + 6, -3 - 10, -10, -2 - 10]      # Nap 10 each + pool
    assert state.pool == 0 and state.fact("pool_paid") == (0, 0, 0, 0)


def test_purchase_failed_nap_leaves_the_pool_and_the_end_gives_it_back():
    state = say(PURCHASE, deal(PURCHASE), "buy-2")
    state = throw(PURCHASE, state, "2♦", "J♠")
    state = say(PURCHASE, state, "stand", "stand", "buy-1")
    state = throw(PURCHASE, state, "9♠")
    assert state.pool == 3
    # the game's last deal ends: the counters still in the pool go back to those who paid them
    end = replace(state, deal_no=8)
    over = PURCHASE.next_deal_or_over(end, 8)
    assert over.phase == "over" and over.pool == 0
    assert over.sheet.totals == (0, 0, 0, 0)
    assert "has back the 2" in over.sheet.lines[-2].text


def test_purchase_the_stock_is_enough_for_four():
    state = deal(PURCHASE)
    assert len(state.stock) == 32 and 4 * 5 <= len(state.stock)
    assert PURCHASE.option_specs[0].choices == (4, 2, 3)                     # four at most


# -- Peep Nap --------------------------------------------------------------------------------------
PEEP_HANDS = {A: "A♠ K♠ Q♠ J♠ 2♦", Y: "2♥ 3♥ 4♥ 5♥ 7♦", B: "A♥ K♥ 2♣ 3♣ 4♣", Z: "9♠ 3♦ 4♦ 5♦ 6♦"}


def peep_deal(top="10♠", options=None):
    return deal(PEEP, PEEP_HANDS, top, options)


def test_peep_legal_any_player_may_pay_to_peep_before_calling():
    state = peep_deal()
    assert state.phase == "calls" and [a.word for a in PEEP.legal_actions(state, A)][:3] == ["pass", "peep", "two"]
    peep = state.fact("peep")
    assert state.deck[peep] == cards("10♠")[0] and peep not in state.stock
    assert PEEP.view(state, A).cards[peep].face is None
    state = say(PEEP, state, "peep")
    assert PEEP.to_move(state) == A and Call("peep") not in PEEP.legal_actions(state, A)
    assert PEEP.view(state, A).cards[peep].face == cards("10♠")[0]
    assert PEEP.view(state, Y).cards[peep].face is None                       # only he saw it
    assert state.pool == 1 and state.sheet.totals == (-1, 0, 0, 0)


def test_peep_legal_the_caller_takes_the_peep_and_puts_one_out():
    state = say(PEEP, peep_deal(), "peep", "nap", "pass", "peep", "pass", "pass")
    assert state.pool == 2
    assert state.phase == "discard" and PEEP.to_move(state) == A
    assert {a.card for a in PEEP.legal_actions(state, A)} == set(cards("A♠ K♠ Q♠ J♠ 2♦ 10♠"))
    state = PEEP.apply(state, Discard(cards("2♦")[0]))
    assert state.phase == "play" and PEEP.to_move(state) == A
    assert hand_of(state, A) == sorted(cards("A♠ K♠ Q♠ J♠ 10♠"), key=lambda c: c.code)
    state = play_out(PEEP, state)
    assert totals_of_deal(state) == [-1 + 30 + 2, -10, -1 - 10, -10]           # the Nap takes the pool


def test_peep_legal_the_caller_may_put_out_the_peep_itself():
    state = say(PEEP, peep_deal("2♠"), "two", "pass", "pass", "pass")
    state = PEEP.apply(state, Discard(cards("2♠")[0]))
    assert hand_of(state, A) == sorted(cards("A♠ K♠ Q♠ J♠ 2♦"), key=lambda c: c.code)
    assert state.pool == 0


def test_peep_illegal_actions_cite_their_law():
    state = peep_deal()
    assert refusal(PEEP, state, Discard(cards("2♦")[0])).rule == "peep_nap#the-peep"
    peeped = say(PEEP, state, "peep")
    assert refusal(PEEP, peeped, Call("peep")).rule == "peep_nap#the-peep"  # once each
    assert refusal(PEEP, state, Play(cards("A♠")[0])).rule == "peep_nap#the-play"
    out = say(PEEP, state, "three", "pass", "pass", "pass")
    assert refusal(PEEP, out, Call("pass")).rule == "peep_nap#the-peep"      # put a card out
    assert refusal(PEEP, out, Discard(cards("9♠")[0])).rule == "peep_nap#the-peep"   # not his
    assert refusal(PEEP, out, Play(cards("A♠")[0])).rule == "peep_nap#the-play"
    later = say(PEEP, state, "pass", "pass", "pass")
    assert Call("peep") in PEEP.legal_actions(later, Z)       # the dealer may still peep …
    assert refusal(PEEP, say(PEEP, later, "peep"), Call("pass")).rule == "peep_nap#the-dealers-one-trick"


def test_peep_misery_caller_puts_out_his_highest_card_by_the_computer():
    state = say(PEEP, peep_deal("A♦"), "pass", "misery", "pass", "pass")
    assert PEEP.to_move(state) == Y and state.phase == "discard"
    choice = TricksPlayer(2).choose(PEEP, PEEP.view(state, Y), list(PEEP.legal_actions(state, Y)))
    assert choice == Discard(cards("A♦")[0])


def test_peep_the_view_hides_the_peep_from_those_who_did_not_look_and_redeals_consistently():
    state = say(PEEP, peep_deal(), "pass", "peep")
    check_determinize(PEEP, state, Y)
    check_determinize(PEEP, state, A)
    other = PEEP.shuffle_unseen(state, Y, 5)
    assert other.deck[state.fact("peep")] == state.deck[state.fact("peep")]   # Y knows that card


# -- the computer ---------------------------------------------------------------------------------
def test_purchase_plan_throws_low_plain_cards_and_keeps_trumps():
    hand = cards("A♠ 9♠ 4♠ 7♥ K♦")
    assert purchase_plan(hand, 1) == cards("7♥")
    assert purchase_plan(hand, 2) == cards("7♥")                           # the king is kept
    assert purchase_plan(cards("2♠ 3♥ 4♦ 5♣ 7♥"), 2) == cards("2♠ 4♦ 5♣")   # lowest first
    assert worst_cards(cards("A♠ 2♥ 5♠"), misery=True)[0] == cards("A♠")[0]


def test_the_computer_buys_and_discards_as_its_plan_says():
    state = deal(PURCHASE)
    player = TricksPlayer(2)
    action = player.choose(PURCHASE, PURCHASE.view(state, A), list(PURCHASE.legal_actions(state, A)))
    assert action == Call("buy-1")                                          # the 2♦ only
    state = PURCHASE.apply(state, action)
    action = player.choose(PURCHASE, PURCHASE.view(state, A), list(PURCHASE.legal_actions(state, A)))
    assert action == Discard(cards("2♦")[0])


def test_the_peep_is_told_by_its_suit_and_rank_as_a_caller_needs_it():
    assert peep_case(cards("10♠")[0], Suit.SPADES) == (True, 1)
    assert peep_case(cards("A♥")[0], Suit.SPADES) == (False, 3)
    assert peep_case(cards("J♦")[0], Suit.SPADES) == (False, 2)
    assert peep_case(cards("6♣")[0], None) == (False, 0)


def test_the_computer_does_not_pay_for_a_peep_it_cannot_use():
    for mine, call in (("A♠ K♠ Q♠ J♠ 10♠", "nap"),       # a Nap already: the peep cannot help
                       ("J♦ 9♣ 10♥ 8♠ 7♥", "two")):       # nothing the peep can turn into a Nap
        rest = [c for c in standard_pack() if c not in cards(mine + " Q♣")][::2]
        hands = {A: mine} | {s: " ".join(c.code for c in rest[(s - 1) * 5:s * 5]) for s in (Y, B, Z)}
        state = deal(PEEP, hands, "Q♣")
        assert TricksPlayer(3).choose(PEEP, PEEP.view(state, A), list(PEEP.legal_actions(state, A))) == Call(call)


def test_the_peep_is_worth_its_price_only_when_it_may_change_the_call():
    state = peep_deal()          # four top trumps and a small card: a Nap if the peep is good
    player = TricksPlayer(3)
    view = PEEP.view(state, A)
    words = ["two", "three", "misery", "four", "nap"]
    table = PEEP_AI.call_table(PEEP, view, A, words, player, player.rng_for(view))
    assert PEEP_AI.peep_gain(PEEP, table, words, A, 4, 3, True) > PEEP_PRICE
    same = [(world, {w: 5.0 for w in words}) for world, _ in table]   # every call alike: no use
    assert PEEP_AI.peep_gain(PEEP, same, words, A, 4, 3, True) == pytest.approx(0.0)


def test_purchase_redeals_the_unseen_consistently_during_the_buying():
    state = say(PURCHASE, deal(PURCHASE), "buy-2")
    state = throw(PURCHASE, state, "2♦", "J♠")
    state = say(PURCHASE, state, "buy-1")
    check_determinize(PURCHASE, state, Y)
    check_determinize(PURCHASE, state, B)
    view = PURCHASE.view(state, A)
    assert all(view.cards[i].face is not None for i in state.discards[A])    # he knows his own
    assert all(PURCHASE.view(state, Y).cards[i].face is None for i in state.discards[A])


def test_random_games_keep_the_counters_balanced():
    for game in (PURCHASE, PEEP):
        for seed in range(1, 5):
            session = random_playout(game, seed, max_steps=1500)
            state = session.state
            assert state.phase == "over"
            assert sum(state.sheet.totals) == 0 and state.pool == 0
            dealt = Counter(state.deck)
            assert dealt == Counter(standard_pack())


def test_the_computer_peeps_at_level_three_on_four_trumps_and_not_at_level_one():
    state = peep_deal()
    legal = list(PEEP.legal_actions(state, A))
    assert TricksPlayer(3).choose(PEEP, PEEP.view(state, A), legal) == Call("peep")
    assert TricksPlayer(1).choose(PEEP, PEEP.view(state, A), legal) != Call("peep")


def test_a_pool_left_at_the_end_goes_back_to_whoever_paid_it():
    state = deal(PURCHASE)
    state = replace(state, info=set_fact(state, "pool_paid", (1, 0, 0, 0)), pool=1,
                    sheet=state.sheet.add(1, A, -1, "bought"))
    over = PURCHASE.next_deal_or_over(replace(state, deal_no=8), 8)
    assert over.sheet.totals == (0, 0, 0, 0) and over.pool == 0
    assert over.sheet.lines[-1].rule == "purchase_nap#the-pool"


def test_level_seeds_are_independent_of_hidden_cards():
    state = deal(PURCHASE)
    view = PURCHASE.view(state, A)
    other = PURCHASE.shuffle_unseen(state, A, 11)
    legal = list(PURCHASE.legal_actions(state, A))
    for level in (1, 2, 3):
        p = TricksPlayer(level)
        assert p.choose(PURCHASE, view, legal) == p.choose(PURCHASE, PURCHASE.view(other, A), legal)


# -- the computer cannot peek (issue 5): a re-deal of what it cannot see never changes its choice --


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(["purchase_nap", "peep_nap"]), seed=st.integers(0, 10_000),
       steps=st.integers(0, 30), redeal=st.integers(0, 1 << 30), level=st.integers(1, 2))
def test_the_computer_does_not_peek(name, seed, steps, redeal, level):
    game = {"purchase_nap": PURCHASE, "peep_nap": PEEP}[name]
    state = _position(game, seed, steps)
    seat = game.to_move(state)
    if isinstance(seat, Special):
        return
    other = game.shuffle_unseen(state, seat, redeal)
    view = game.view(state, seat)
    assert game.view(other, seat) == view
    legal = list(game.legal_actions(state, seat))
    assert list(game.legal_actions(other, seat)) == legal
    first = TricksPlayer(level, seed=7).choose(game, view, legal)
    assert first == TricksPlayer(level, seed=7).choose(game, game.view(other, seat), legal)
    assert first in legal


def test_the_books_revoke_example_holds_at_purchase_nap():
    """Catalogue 6.18: a caller of Three who revokes pays three to every opponent, however many
    tricks he took; the counters paid for cards stay in the pool."""
    hands = {A: "A♠ K♠ Q♠ 5♥ 3♦", Y: "2♥ 3♥ 4♥ 6♥ 7♦", B: "A♥ K♥ 2♣ 3♣ 4♣", Z: "9♠ 2♦ 4♦ 5♦ 6♦"}
    state = deal(PURCHASE, hands, top="10♠", options={"revokes": "penalised"})
    state = say(PURCHASE, state, "stand", "stand", "stand", "buy-1")
    state = throw(PURCHASE, state, "9♠")                                     # Z gets the 10♠
    state = say(PURCHASE, state, "three", "pass", "pass", "pass")
    plays = ["A♠", "3♥", "2♣", "10♠",          # A leads: spades are trumps; Z's 10♠ loses
             "3♦", "7♦", "3♣", "6♦",           # Y wins with the 7♦
             "2♥", "A♥", "2♦", "K♠"]           # A trumps while holding the 5♥: a revoke
    for text in plays:
        state = PURCHASE.apply(state, Play(cards(text)[0]))
    assert state.revokes == ((A, 3),)
    state = PURCHASE.apply(state, Play(cards("Q♠")[0]))                     # A leads his third winner
    for text in ("4♥", "4♣", "4♦"):
        state = PURCHASE.apply(state, Play(cards(text)[0]))
    assert totals_of_deal(state) == [-9, 3, 3, 3 - 1]
    assert state.pool == 1
