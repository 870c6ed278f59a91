"""Loo: the pool and the dealer's stake, the miss, deciding to play, the laws of the lead and of
heading the trick, the pool divided by tricks, looed players paying (limited and unlimited), the
flush, club law; five-card Loo with Pam, the exchange and its flush."""
from __future__ import annotations

from dataclasses import replace

from compendium.core.cards import Card, Rank, Suit, standard_pack
from compendium.games.tricks.engine import Call, Discard, Play, Trick
from compendium.games.tricks.loo import GAME, OUT, PAM

from .conformance import random_playout, refusal
from .tricks_helpers import cards, check_determinize, stacked

DEALER = 4          # five players: seat 4 deals, seat 0 is the elder hand
HANDS = ["A♥ K♠ 2♣",        # seat 0
         "7♥ 5♥ K♣",        # seat 1: two trumps
         "Q♠ J♠ 3♦",        # seat 2
         "K♦ 2♦ 4♣",        # seat 3
         "10♥ 6♣ 9♦"]       # seat 4, the dealer
MISS = "Q♣ 8♦ 3♠"


def order_for(hands, miss, turnup, per=3):
    """One card at a time to each player from the elder hand, and to the miss last in each round."""
    held = [cards(h) for h in hands] + ([cards(miss)] if miss else [])
    order = [h[j] for j in range(per) for h in held]
    order += cards(turnup)
    return order + [c for c in standard_pack() if c not in order]


def dealt(hands=HANDS, miss=MISS, turnup="9♥", options=None):
    options = dict(options or {})
    options.setdefault("players", len(hands))
    per = 5 if options.get("form") == "five" else 3
    return stacked(GAME, options, order_for(hands, miss, turnup, per), dealer=len(hands) - 1)


def say(state, *words):
    for w in words:
        state = GAME.apply(state, GAME.action_from_str(state, w))
    return state


def hand(state, seat):
    return sorted(GAME.hand_of(state, seat), key=lambda c: c.code)


# -- the deal and the pool ------------------------------------------------------------------------
def test_three_each_the_miss_and_the_turn_up_and_the_dealers_stake():
    state = dealt()
    assert [len(h) for h in state.hands] == [3] * 6                  # five hands and the miss
    assert state.turnup == 18 and state.trump is Suit.HEARTS
    assert state.pool == 3 and state.sheet.totals == (0, 0, 0, 0, -3)
    assert state.phase == "declare" and GAME.to_move(state) == 0
    miss = GAME.miss_slot(state)
    assert all(GAME.view(state, s).face(i) is None for s in range(5) for i in state.hands[miss])


def test_taking_the_miss_throws_the_hand_in_and_must_play():
    state = dealt()
    assert set(GAME.legal_actions(state, 0)) == {Call("play"), Call("miss"), Call("pass")}
    state = say(state, "miss")
    assert hand(state, 0) == sorted(cards(MISS), key=lambda c: c.code)
    assert state.hand_sets[0] == OUT
    assert Call("miss") not in GAME.legal_actions(state, 1)            # gone once taken
    assert refusal(GAME, state, "miss").rule == "loo#the-miss"


def test_when_all_pass_before_him_the_dealer_takes_the_pool():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    assert state.phase == "deal" and state.pool == 0 and state.sheet.totals == (0, 0, 0, 0, 0)
    assert state.sheet.lines[-1].rule == "loo#deciding-to-play"


def test_one_player_standing_alone_the_dealer_must_play_or_play_the_miss_for_the_pool():
    state = say(dealt(), "play", "pass", "pass", "pass")
    assert set(GAME.legal_actions(state, DEALER)) == {Call("play"), Call("miss"), Call("pool")}
    assert refusal(GAME, state, "pass").rule == "loo#deciding-to-play"
    state = say(state, "pool")
    assert state.phase == "play" and state.contract.players == (0, 4) and state.contract.for_pool == 4
    # the miss's tricks stay in the pool and it is never looed
    over = GAME.end_hand(replace(state, tricks=(Trick(0, (), 4), Trick(4, (), 4), Trick(4, (), 0))))
    assert over.sheet.totals == (1, 0, 0, 0, -3) and over.pool == 2


def test_a_lone_player_who_took_the_miss_takes_the_pool():
    state = say(dealt(), "pass", "miss", "pass", "pass", "pass")
    assert state.phase == "deal" and state.sheet.totals == (0, 3, 0, 0, -3)


def test_club_law_lets_nobody_pass():
    plain = dealt(turnup="9♣")
    assert Call("pass") in GAME.legal_actions(plain, 0)
    state = dealt(turnup="9♣", options={"club_law": True})
    assert Call("pass") not in GAME.legal_actions(state, 0)
    assert refusal(GAME, state, "pass").rule == "loo#club-law"


# -- the laws of the play ----------------------------------------------------------------------------
def everyone_plays(state):
    return say(state, "play", "play", "play", "play", "play")


def test_the_leader_must_lead_the_ace_of_trumps():
    state = everyone_plays(dealt())
    assert GAME.legal_actions(state, 0) == (Play(Card(Rank.ACE, Suit.HEARTS)),)
    assert refusal(GAME, state, "play K♠").rule == "loo#leading-trumps"


def test_the_king_when_the_ace_is_turned_up():
    hands = ["K♥ 5♠ 2♣"] + HANDS[1:]
    state = everyone_plays(dealt(hands=hands, turnup="A♥"))
    assert GAME.legal_actions(state, 0) == (Play(Card(Rank.KING, Suit.HEARTS)),)


def test_the_first_leader_with_two_trumps_leads_one():
    state = say(dealt(), "pass", "play", "play", "play", "play")
    assert GAME.to_move(state) == 1
    assert set(GAME.legal_actions(state, 1)) == {Play(Card(Rank.SEVEN, Suit.HEARTS)),
                                                 Play(Card(Rank.FIVE, Suit.HEARTS))}
    assert refusal(GAME, state, "play K♣").rule == "loo#leading-trumps"


def test_each_player_must_head_the_trick():
    state = say(dealt(), "pass", "pass", "play", "play", "play")      # seats 2, 3, 4
    state = say(state, "play 3♦")                                     # seat 2 leads a diamond
    # seat 3 holds the king and the two: only the king heads the trick, so it must be played
    assert GAME.legal_actions(state, 3) == (Play(Card(Rank.KING, Suit.DIAMONDS)),)
    assert refusal(GAME, state, "play 2♦").rule == "loo#heading-the-trick"
    state = say(state, "play K♦")
    # the dealer's nine cannot head the king: he follows suit with it
    assert GAME.legal_actions(state, 4) == (Play(Card(Rank.NINE, Suit.DIAMONDS)),)
    assert refusal(GAME, state, "play 6♣").rule == "loo#following-suit"


def test_a_player_void_of_the_suit_must_trump_to_head_it():
    state = say(dealt(), "pass", "pass", "play", "play", "play", "play Q♠")
    # seats 3 and 4 hold no spade; the dealer holds a trump and must play it
    state = say(state, "play 4♣")
    assert GAME.legal_actions(state, 4) == (Play(Card(Rank.TEN, Suit.HEARTS)),)
    assert refusal(GAME, state, "play 6♣").rule == "loo#heading-the-trick"


def test_following_suit_and_a_card_not_held():
    state = say(dealt(), "pass", "pass", "play", "play", "play", "play Q♠")
    assert refusal(GAME, state, "play A♠").rule == "loo#the-play"
    assert refusal(GAME, state, "play").rule == "loo#the-play"


# -- the pool and the loo ------------------------------------------------------------------------------
def test_each_trick_takes_a_third_and_the_looed_pay_the_stake():
    state = replace(everyone_plays(dealt()), pool=9)
    state = replace(state, bidding=replace(state.bidding, pool_at_deal=9),
                    contract=replace(state.contract, pool_at_deal=9))
    over = GAME.end_hand(replace(state, tricks=(Trick(0, (), 0), Trick(0, (), 0), Trick(2, (), 2))))
    gains = [t - b for t, b in zip(over.sheet.totals, state.sheet.totals)]
    assert gains == [6, -3, 3, -3, -3]
    assert over.pool == 9                                             # three loos of 3
    rules = {line.rule for line in over.sheet.lines_of_deal(over.deal_no)}
    assert {"loo#dividing-the-pool", "loo#looed"} <= rules


def test_at_unlimited_loo_the_looed_pay_the_pool():
    state = everyone_plays(dealt(options={"limit": "unlimited"}))
    state = replace(state, bidding=replace(state.bidding, pool_at_deal=9),
                    contract=replace(state.contract, pool_at_deal=9), pool=9)
    over = GAME.end_hand(replace(state, tricks=(Trick(0, (), 0), Trick(0, (), 0), Trick(2, (), 2))))
    assert [t - b for t, b in zip(over.sheet.totals, state.sheet.totals)] == [6, -9, 3, -9, -9]
    assert over.pool == 27


def test_three_trumps_are_a_flush_that_takes_the_pool():
    hands = ["A♥ K♥ 2♥"] + HANDS[1:]
    state = say(dealt(hands=hands), "play", "play", "pass", "play", "pass")
    assert state.phase == "deal" and 0 in state.exposed
    assert state.sheet.totals == (3, -3, 0, -3, -3)                  # pool to A; B and D looed
    assert state.pool == 6
    assert any(line.rule == "loo#the-flush" for line in state.sheet.lines)


def test_the_game_goes_on_while_loo_money_is_in_the_pool():
    state = dealt()
    state = replace(state, deal_no=5, pool=6)
    assert GAME._next(state).phase == "deal"
    done = GAME._next(replace(state, pool=0))
    assert done.phase == "over" and done.result_rule == "loo#the-end-of-the-game"


def test_counters_are_never_made_or_lost():
    for options in ({}, {"form": "five"}, {"limit": "unlimited"}, {"players": 3}):
        for seed in range(6):
            final = random_playout(GAME, seed, max_steps=3000, options=options).state
            assert final.phase == "over" and sum(final.sheet.totals) == 0 and final.pool == 0


# -- five-card Loo -------------------------------------------------------------------------------------
FIVE = ["A♥ K♠ Q♠ 2♣ 3♦", "7♥ 5♥ K♣ 4♦ 5♦", "J♣ 9♠ 3♥ 6♦ 8♣",
        "K♦ 9♦ 4♣ 7♠ 2♠", "10♥ 6♣ 2♦ 8♠ 10♠"]


def five(hands=FIVE, turnup="9♥", options=None):
    return dealt(hands=hands, miss="", turnup=turnup, options={"form": "five", **(options or {})})


def test_five_card_loo_has_no_miss_and_pam_is_the_best_trump():
    state = five()
    assert len(state.hands) == 5 and GAME.miss_slot(state) is None and state.pool == 5
    assert refusal(GAME, state, "miss").rule == "loo#five-card-loo"
    assert GAME.effective_suit(state, PAM) is Suit.HEARTS
    assert GAME.power(state, PAM) > GAME.power(state, Card(Rank.ACE, Suit.HEARTS))


def test_the_exchange():
    state = say(five(), "play")
    assert state.phase == "exchange" and GAME.to_move(state) == 0
    assert Call("stand") in GAME.legal_actions(state, 0) and Call("draw") not in GAME.legal_actions(state, 0)
    assert refusal(GAME, state, "draw").rule == "loo#the-exchange"
    state = GAME.apply(state, Discard(Card(Rank.TWO, Suit.CLUBS)))
    state = GAME.apply(state, Discard(Card(Rank.THREE, Suit.DIAMONDS)))
    before = len(state.stock)
    state = say(state, "draw")
    assert len(GAME.hand_of(state, 0)) == 5 and len(state.stock) == before - 2
    assert state.phase == "declare" and GAME.to_move(state) == 1
    assert refusal(GAME, state, "draw").rule == "loo#the-exchange"
    assert refusal(GAME, state, Discard(Card(Rank.SEVEN, Suit.HEARTS))).rule == "loo#the-exchange"


def test_four_and_pam_are_a_flush_and_pam_is_not_looed_by_it():
    hands = ["A♠ K♠ Q♠ 3♠ J♣"] + FIVE[1:]
    hands[2] = "J♥ 9♣ 3♥ 6♦ 8♣"        # Pam moved to seat 0; seat 2 takes the knave of hearts
    state = five(hands=hands)
    assert GAME.flush_rank(state, 0) is not None
    pam_holder = five(hands=FIVE)
    assert GAME.flush_rank(pam_holder, 2) is None
    state = say(state, "play", "stand", "play", "stand", "play", "stand", "pass", "pass")
    assert state.sheet.totals == (5, -5, -5, 0, -5)
    # a heart flush for seat 1; seat 2 holds Pam and is not looed by it, seat 0 is
    hearts = five(hands=[FIVE[0], "7♥ 5♥ K♥ 4♥ 2♥"] + FIVE[2:])
    hearts = say(hearts, "play", "stand", "play", "stand", "play", "stand", "pass", "pass")
    assert hearts.sheet.totals == (-5, 5, 0, 0, -5)


def test_a_trump_flush_beats_a_plain_one():
    hands = ["A♠ K♠ Q♠ 6♠ 3♠", "7♥ 5♥ K♥ 4♥ 2♥"] + FIVE[2:]
    state = five(hands=hands)
    assert GAME.flush_rank(state, 1) > GAME.flush_rank(state, 0)
    state = say(state, "play", "stand", "play", "stand", "pass", "pass", "pass")
    assert state.sheet.totals == (0, 5, 0, 0, -5)                   # the lesser flush is not looed


def test_views_of_the_miss_and_the_exchange_hide_what_they_should():
    state = say(dealt(), "pass", "miss")
    check_determinize(GAME, state, 2)
    ex = say(five(), "play")
    ex = GAME.apply(ex, Discard(Card(Rank.TWO, Suit.CLUBS)))
    assert GAME.view(ex, 1).face(ex.discards[0][0]) is None
    check_determinize(GAME, ex, 0)
