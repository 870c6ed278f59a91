"""Euchre: the bowers, making the trump in two rounds, taking up and the dealer's discard, lone
hands, following suit with the left bower, and the point, the march and the euchre, each with its
law; the two- and three-handed games."""
from __future__ import annotations

from dataclasses import replace

from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.rng import SplitMix64
from compendium.games.tricks.engine import Call, Discard, Play, Trick
from compendium.games.tricks.euchre import GAME, OUT, EuchreContract, euchre_power, euchre_suit

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, stacked

# Four players, seat 3 deals: seat 0 is the elder hand; partners are 0–2 and 1–3, so seat 1 is the
# dealer's partner.
DEALER = 3
HANDS = ["J♠ J♣ A♠ K♥ 7♦",      # seat 0, elder: both black bowers
         "9♠ 8♠ A♥ Q♥ 7♣",      # seat 1, the dealer's partner
         "A♣ K♣ Q♣ 10♣ 9♣",     # seat 2
         "K♦ Q♦ J♦ 10♦ 9♦"]     # seat 3, the dealer


def order_for(hands: list[str], turnup: str) -> list[Card]:
    """The pack order giving these hands (elder first; two each, then three) and the turn-up."""
    held = [cards(h) for h in hands]
    order: list[Card] = []
    for lo, hi in ((0, 2), (2, 5)):
        for h in held:
            order += h[lo:hi]
    order += cards(turnup)
    return order + [c for c in PACKS["piquet32"] if c not in order]


def dealt(hands=HANDS, turnup="10♠", options=None):
    return stacked(GAME, options or {}, order_for(hands, turnup), dealer=len(hands) - 1)


def say(state, *words):
    for w in words:
        state = GAME.apply(state, GAME.action_from_str(state, w))
    return state


def with_tricks(state, winners):
    return replace(state, tricks=tuple(Trick(w, (), w) for w in winners), trick=())


# -- the cards ------------------------------------------------------------------------------------
def test_the_bowers_rank_above_the_ace_and_the_left_bower_is_a_trump():
    trump = Suit.SPADES
    right, left, ace = Card(Rank.JACK, Suit.SPADES), Card(Rank.JACK, Suit.CLUBS), Card(Rank.ACE, Suit.SPADES)
    assert euchre_power(right, trump) > euchre_power(left, trump) > euchre_power(ace, trump)
    assert euchre_suit(left, trump) is Suit.SPADES           # crosses into the trump suit
    assert euchre_suit(Card(Rank.JACK, Suit.HEARTS), trump) is Suit.HEARTS
    assert euchre_power(Card(Rank.JACK, Suit.HEARTS), trump) < euchre_power(Card(Rank.QUEEN, Suit.HEARTS), trump)
    # nine trumps and seven clubs with spades trumps
    pack = PACKS["piquet32"]
    assert sum(1 for c in pack if euchre_suit(c, trump) is Suit.SPADES) == 9
    assert sum(1 for c in pack if euchre_suit(c, trump) is Suit.CLUBS) == 7


def test_five_each_dealt_two_and_three_and_the_twenty_first_card_turned():
    state = dealt()
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.turnup == 20 and state.deck[20] == Card(Rank.TEN, Suit.SPADES)
    assert state.trump is None and state.phase == "order" and GAME.to_move(state) == 0
    assert GAME.view(state, 1).face(20) == Card(Rank.TEN, Suit.SPADES)   # everyone sees it


# -- making the trump: legal actions -----------------------------------------------------------------
def test_each_seat_accepts_in_its_own_word():
    state = dealt()
    assert set(GAME.legal_actions(state, 0)) == {Call("pass"), Call("order"), Call("order-alone")}
    state = say(state, "pass")
    assert set(GAME.legal_actions(state, 1)) == {Call("pass"), Call("assist"), Call("assist-alone")}
    state = say(state, "pass")
    assert Call("order") in GAME.legal_actions(state, 2)           # the elder's partner orders up
    state = say(state, "pass")
    assert set(GAME.legal_actions(state, 3)) == {Call("pass"), Call("take"), Call("take-alone")}


def test_the_dealers_partner_assists():
    state = stacked(GAME, {}, order_for(HANDS, "10♠"), dealer=2)     # seat 2 deals; 0 is his partner
    assert GAME.to_move(state) == 3
    state = say(state, "pass")
    assert Call("assist") in GAME.legal_actions(state, 0)
    state = say(state, "assist")
    assert state.contract == EuchreContract(0, Suit.SPADES, False, None, "assist")
    assert state.phase == "discard" and GAME.to_move(state) == 2       # the dealer takes up


def test_ordering_up_makes_the_dealer_take_the_card_and_discard():
    state = say(dealt(), "order")
    assert state.trump is Suit.SPADES and state.contract.maker == 0
    assert state.phase == "discard" and GAME.to_move(state) == DEALER
    dealer_slot = state.owners.index(DEALER)
    assert len(state.hands[dealer_slot]) == 6 and 20 in state.hands[dealer_slot]
    state = GAME.apply(state, Discard(Card(Rank.NINE, Suit.DIAMONDS)))
    assert len(state.hands[dealer_slot]) == 5 and state.phase == "play" and GAME.to_move(state) == 0
    # the others do not see what he put out
    assert GAME.view(state, 0).face(state.discards[DEALER][0]) is None


def test_second_round_any_suit_but_the_one_turned_down():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    assert state.phase == "make" and state.turnup is None and GAME.to_move(state) == 0
    made = {a.suit for a in GAME.legal_actions(state, 0) if isinstance(a, Call) and a.word == "make"}
    assert made == {Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS}
    state = say(state, "make C")
    assert state.trump is Suit.CLUBS and state.phase == "play" and GAME.to_move(state) == 0


def test_all_passing_twice_throws_the_hand_in():
    state = say(dealt(), *["pass"] * 8)
    assert state.phase == "deal" and state.sheet.totals == (0, 0)
    state = GAME.apply(state, GAME.chance_action(state, 5))
    assert state.dealer == 0 and GAME.to_move(state) == 1           # the next player deals


def test_playing_alone_lays_the_partners_hand_down():
    state = say(dealt(), "order-alone")
    partner_slot = state.owners.index(2)
    assert state.hand_sets[partner_slot] == OUT and state.contract.out == 2
    state = GAME.apply(state, Discard(Card(Rank.NINE, Suit.DIAMONDS)))
    assert GAME.players_in_trick(state) == [0, 1, 3]
    state = GAME.apply(state, Play(Card(Rank.JACK, Suit.SPADES)))
    state = GAME.apply(state, Play(Card(Rank.NINE, Suit.SPADES)))
    state = GAME.apply(state, Play(Card(Rank.TEN, Suit.SPADES)))
    assert len(state.tricks) == 1 and len(state.tricks[0].plays) == 3 and state.tricks[0].winner == 0


def test_the_lead_passes_on_when_the_elder_hand_sits_out():
    state = say(dealt(), "pass", "pass", "pass", "pass", "pass", "make-alone H")   # seat 1 goes alone
    assert state.contract.out == 3 and GAME.to_move(state) == 0
    state = say(dealt(), "pass", "pass", "pass", "pass", "pass", "pass", "make-alone H")   # seat 2 alone
    assert state.contract.out == 0 and GAME.to_move(state) == 1      # the elder is out: next leads


def test_the_left_bower_follows_trumps_not_its_own_suit():
    hearts = say(dealt(), "pass", "pass", "pass", "pass", "make H")   # J♦ is the left bower
    # a diamond led: the dealer follows with a diamond, never with the knave of diamonds
    state = GAME.apply(hearts, Play(Card(Rank.SEVEN, Suit.DIAMONDS)))
    state = say(state, "play 9♠", "play 9♣")
    assert Play(Card(Rank.JACK, Suit.DIAMONDS)) not in GAME.legal_actions(state, DEALER)
    assert len(GAME.legal_actions(state, DEALER)) == 4
    # a trump led: the knave of diamonds is the dealer's only trump, and he must play it
    state = GAME.apply(hearts, Play(Card(Rank.KING, Suit.HEARTS)))
    state = say(state, "play A♥", "play 9♣")
    assert GAME.legal_actions(state, DEALER) == (Play(Card(Rank.JACK, Suit.DIAMONDS)),)
    state = say(state, "play J♦")
    assert state.tricks[-1].winner == DEALER                       # the left bower beats the ace


# -- refusals, each with its law ------------------------------------------------------------------------
def test_refusals_cite_their_laws():
    state = dealt()
    assert refusal(GAME, state, "make H").rule == "euchre#the-second-round"
    assert refusal(GAME, state, "take").rule == "euchre#the-first-round"
    assert refusal(GAME, state, "play J♠").rule == "euchre#the-play"
    assert refusal(GAME, state, Discard(Card(Rank.SEVEN, Suit.DIAMONDS))).rule == "euchre#taking-up"
    second = say(state, "pass", "pass", "pass", "pass")
    assert refusal(GAME, second, "make S").rule == "euchre#the-second-round"
    assert refusal(GAME, second, "order").rule == "euchre#the-second-round"
    two = stacked(GAME, {"players": 2}, order_for(HANDS[:2], "10♠"), dealer=1)
    assert refusal(GAME, two, "order-alone").rule == "euchre#playing-alone"
    played = GAME.apply(say(state, "order"), Discard(Card(Rank.NINE, Suit.DIAMONDS)))
    played = GAME.apply(played, Play(Card(Rank.ACE, Suit.SPADES)))
    assert refusal(GAME, played, Play(Card(Rank.ACE, Suit.HEARTS))).rule == "euchre#following-suit"
    assert refusal(GAME, played, "pass").rule == "euchre#the-play"


# -- scoring ----------------------------------------------------------------------------------------
def test_the_point_the_march_and_the_euchre():
    state = GAME.apply(say(dealt(), "order"), Discard(Card(Rank.NINE, Suit.DIAMONDS)))
    point = GAME.end_hand(with_tricks(state, [0, 0, 2, 1, 3]))
    assert point.sheet.totals == (1, 0) and point.sheet.lines[-1].rule == "euchre#making-the-point"
    march = GAME.end_hand(with_tricks(state, [0, 2, 2, 0, 0]))
    assert march.sheet.totals == (2, 0) and march.sheet.lines[-1].rule == "euchre#the-march"
    euchred = GAME.end_hand(with_tricks(state, [0, 1, 3, 1, 2]))
    assert euchred.sheet.totals == (0, 2) and euchred.sheet.lines[-1].rule == "euchre#the-euchre"


def test_a_lone_march_scores_four_and_a_lone_euchre_two():
    state = GAME.apply(say(dealt(), "order-alone"), Discard(Card(Rank.NINE, Suit.DIAMONDS)))
    assert GAME.end_hand(with_tricks(state, [0] * 5)).sheet.totals == (4, 0)
    assert GAME.end_hand(with_tricks(state, [0, 0, 0, 1, 3])).sheet.totals == (1, 0)
    assert GAME.end_hand(with_tricks(state, [0, 0, 1, 1, 3])).sheet.totals == (0, 2)


def test_five_points_win_the_game():
    state = GAME.apply(say(dealt(), "order"), Discard(Card(Rank.NINE, Suit.DIAMONDS)))
    state = replace(state, sheet=state.sheet.add(0, 0, 3, "earlier"))
    over = GAME.end_hand(with_tricks(state, [0] * 5))
    assert over.phase == "over" and over.winners == (0,) and over.result_rule == "euchre#the-game"
    assert GAME.outcome(over).results == (1.0, 0.0, 1.0, 0.0)


def test_three_handed_the_maker_plays_alone_against_two():
    state = stacked(GAME, {"players": 3}, order_for(HANDS[:3], "10♠"), dealer=2)
    assert state.turnup == 15                                      # the sixteenth card
    assert {a.word for a in GAME.legal_actions(state, 0)} == {"pass", "order"}
    state = say(state, "pass", "order")                           # seat 1 orders it up
    state = GAME.apply(state, GAME.legal_actions(state, 2)[0])     # the dealer discards
    assert GAME.makers(state) == (1,)
    assert GAME.end_hand(with_tricks(state, [1] * 5)).sheet.totals == (0, 3, 0)
    assert GAME.end_hand(with_tricks(state, [1, 1, 1, 0, 2])).sheet.totals == (0, 1, 0)
    assert GAME.end_hand(with_tricks(state, [1, 0, 0, 2, 2])).sheet.totals == (2, 0, 2)


def test_two_handed_eleventh_card_and_no_lone_hands():
    state = stacked(GAME, {"players": 2}, order_for(HANDS[:2], "10♠"), dealer=1)
    assert state.turnup == 10
    assert set(GAME.legal_actions(state, 0)) == {Call("pass"), Call("order")}
    state = say(state, "pass")
    assert set(GAME.legal_actions(state, 1)) == {Call("pass"), Call("take")}


# -- what each seat knows -------------------------------------------------------------------------
def test_the_computers_worlds_keep_the_turned_card_with_the_dealer():
    state = say(dealt(), "order")
    state = GAME.apply(state, Discard(Card(Rank.NINE, Suit.DIAMONDS)))
    for seed in range(6):
        world = GAME.determinize(GAME.view(state, 0), 0, SplitMix64(seed))
        slot = world.owners.index(DEALER)
        held = [world.deck[i] for i in world.hands[slot] + world.discards[DEALER]]
        assert Card(Rank.TEN, Suit.SPADES) in held
    check_determinize(GAME, state, 1)
    turned_down = say(dealt(), "pass", "pass", "pass", "pass")
    world = GAME.determinize(GAME.view(turned_down, 0), 0, SplitMix64(3))
    assert Card(Rank.TEN, Suit.SPADES) in [world.deck[i] for i in world.stock]
