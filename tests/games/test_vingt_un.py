"""Vingt-Un: the first card and the stakes, the dealer's double, naturals, drawing, buying,
overdrawing, the dealer's draw, ties to the dealer, the bank passing, the pack dealt on and
reshuffled, the French form, and what each seat may see.  Every refusal names its law."""
from __future__ import annotations

import dataclasses

import pytest

from compendium.ai.chance.vingt_un import VingtUnPlayer, bust_chance, unseen_values
from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.games.chance.vingt_un import GAME, Buy, Double, Draw, Shuffle, Stake, Stand, is_natural, total

from .conformance import refusal

G = GAME
REF = "vingt_un#"


def c(text: str) -> Card:
    ranks = {"A": Rank.ACE, "T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING}
    rank = ranks.get(text[0]) or Rank(int(text[0]))
    return Card(rank, {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}[text[1]])


def deal(*cards: str, players: int = 3, **options):
    """A session whose pack is stacked with ``cards`` on top, its first round dealt: the first
    card to each punter from the dealer's left (the dealer is the last seat), the dealer's own
    last; the second cards likewise; then the draws in order."""
    state = G.initial_state({"players": players, **options})
    chosen = [c(x) for x in cards]
    rest = [card for card in PACKS["52"] if card not in chosen]
    state = dataclasses.replace(state, pack=tuple(chosen + rest), shuffles=1)
    return G._open_round(state)


def play(state, *texts):
    for text in texts:
        state = G.apply(state, G.action_from_str(state, text))
    return state


def net(before, after, seat):
    return after.stocks[seat] - before.stocks[seat]


# -- counting ----------------------------------------------------------------------------------------
def test_the_count_takes_the_ace_as_eleven_while_it_can():
    assert total([c("AS"), c("KH")]) == 21 and is_natural([c("AS"), c("KH")])
    assert total([c("AS"), c("5H"), c("9C")]) == 15          # the ace falls back to one
    assert total([c("AS"), c("AH")]) == 12
    assert not is_natural([c("AS"), c("5H"), c("5C")])       # twenty-one in three cards is not a natural


# -- legal actions -------------------------------------------------------------------------------------
def test_the_round_runs_stakes_double_second_card_draws():
    s = deal("9S", "5H", "7D", "TS", "8H", "QC")
    assert s.phase == "stake" and s.turn == 0 and s.dealer == 2
    assert G.legal_actions(s, 0) == tuple(Stake(a) for a in range(1, 11))
    s = play(s, "stake 4", "stake 2")
    assert s.phase == "double" and s.turn == 2
    assert set(G.legal_actions(s, 2)) == {Double(True), Double(False)}
    s = play(s, "double")
    assert s.stakes == (8, 4, 0) and s.base == (4, 2, 0)                  # the-dealers-double
    assert s.phase == "punter" and s.turn == 0 and len(s.hands[0]) == 2   # the second card dealt
    legal = G.legal_actions(s, 0)
    assert Stand() in legal and Draw() in legal and Buy(4) in legal and Buy(5) not in legal


def test_a_card_drawn_is_face_up_and_a_card_bought_face_down():
    s = play(deal("9S", "5H", "7D", "2S", "8H", "QC", "3C", "4D", "2H"), "stake 3", "stake 1", "single")
    s = play(s, "buy 2")                       # 11 -> face down, the stake 3 + 2
    assert s.stakes[0] == 5 and s.up[0] == (False, False, False)
    view = G.view(s, 1)
    assert view.cards[0][2].face is None       # the bought card is hidden from the others
    assert G.view(s, 0).cards[0][2].face == c("3C")
    s = play(s, "card")                        # 14: a card face up, seen by all
    assert s.up[0][-1] and G.view(s, 1).cards[0][3].face == c("4D")
    assert Buy(1) not in G.legal_actions(s, 0)  # after a card face up, no more buying
    s = play(s, "stand")
    assert s.status[0] == "content" and s.turn == 1


def test_the_dealer_turns_up_and_draws_or_stands():
    s = play(deal("TS", "TH", "7D", "9S", "8H", "8C", "5C"), "stake 2", "stake 2", "single",
             "stand", "stand")
    assert s.phase == "dealer" and s.turn == 2 and s.shown[2]
    assert G.legal_actions(s, 2) == (Stand(), Draw())
    assert G.view(s, 0).cards[2][0].face == c("7D")     # the dealer's cards are turned up
    before = s
    s = play(s, "card")                                  # 7 + 8 + 5 = 20
    assert s.phase == "dealer" and total(s.cards(2)) == 20
    s = play(s, "stand")
    assert s.round_no == 1 and s.last is not None
    assert net(before, s, 0) == -2                       # 19 under 20
    assert net(before, s, 1) == -2                       # 18 under 20
    assert net(before, s, 2) == 4


# -- illegal actions, each with its law ----------------------------------------------------------------
def test_refusals_name_their_laws():
    s = deal("9S", "5H", "7D", "2S", "8H", "QC", "3C", "4D", "2H")
    assert refusal(G, s, Stake(11)).rule == REF + "the-first-card-and-the-stakes"
    assert refusal(G, s, Stake(0)).rule == REF + "the-first-card-and-the-stakes"
    assert refusal(G, s, Draw()).rule == REF + "drawing"                 # before the second card
    assert refusal(G, s, Double(True)).rule == REF + "the-dealers-double"
    assert refusal(G, s, Shuffle(5)).rule == REF + "the-pack"
    s = play(s, "stake 3", "stake 1", "single")
    assert refusal(G, s, Stake(2)).rule == REF + "the-first-card-and-the-stakes"   # stakes are made
    assert refusal(G, s, Buy(4)).rule == REF + "buying"                  # more than the first stake
    s = play(s, "card")
    assert refusal(G, s, Buy(1)).rule == REF + "buying"                  # a card already face up
    s = play(s, "stand", "stand")
    assert s.phase == "dealer"
    assert refusal(G, s, Buy(1)).rule == REF + "the-dealers-draw"
    s = play(s, "stand")
    over = dataclasses.replace(s, phase="over", turn=None)
    assert refusal(G, over, Stand()).rule == REF + "the-end-of-the-session"


# -- payments ------------------------------------------------------------------------------------------
def test_the_dealers_natural_takes_double_but_not_from_a_natural():
    s = play(deal("AS", "5H", "AD", "KS", "8H", "QC"), "stake 3", "stake 2")
    before = s
    s = play(s, "single")
    assert s.round_no == 1 and s.last.text == "the dealer's natural"
    assert net(before, s, 0) == 0                  # natural against natural: nothing
    assert net(before, s, 1) == -4                 # double the stake
    assert net(before, s, 2) == 4


def test_a_punters_natural_is_paid_double_and_doubled_stakes_make_four_times():
    s = play(deal("AS", "5H", "9D", "KS", "8H", "8C"), "stake 3", "stake 2")
    before = s
    s = play(s, "double")                         # stakes 6 and 4
    assert s.status[0] == "natural" and s.shown[0] and s.turn == 1
    assert net(before, s, 0) == 12                # four times the stake on the first card
    s = play(s, "stand")                          # 13 against the dealer's 17
    assert s.phase != "dealer" or s.turn == 2


def test_an_overdrawn_punter_pays_at_once_and_is_not_repaid_when_the_dealer_overdraws():
    s = play(deal("TS", "9H", "6D", "5S", "9C", "TC", "9D", "KH"), "stake 3", "stake 2", "single")
    before = s
    s = play(s, "card")                           # 15 + 9 = 24: over
    assert s.status[0] == "over" and s.shown[0] and net(before, s, 0) == -3
    s = play(s, "stand")                          # punter 1 stands on 18
    s = play(s, "card")                           # the dealer: 16 + K = 26, over
    assert s.round_no == 1 and s.last.text == "the dealer overdraws"
    assert net(before, s, 0) == -3                # paid, and not returned
    assert net(before, s, 1) == 2                 # paid by the overdrawn dealer
    assert net(before, s, 2) == 1
    assert s.last.nets == (-3, 2, 1)              # the round's account counts the overdrawn stake


def test_ties_pay_the_dealer_and_a_higher_count_is_paid():
    s = play(deal("TS", "9H", "TD", "8S", "TC", "8C"), "stake 3", "stake 2", "single", "stand", "stand")
    before = s
    s = play(s, "stand")                          # the dealer stands on 18
    assert net(before, s, 0) == -3               # 18 ties 18: the dealer's
    assert net(before, s, 1) == 2                # 19 beats 18
    assert net(before, s, 2) == 1
    rules = {e.rule for e in s.ledger}
    assert REF + "ties-to-the-dealer" in rules and REF + "settling" in rules


def test_the_dealer_does_not_draw_when_no_punter_stands():
    s = play(deal("TS", "9H", "6D", "5S", "9C", "TC", "9D", "KH"), "stake 1", "stake 1", "single", "card", "card")
    assert s.round_no == 1 and s.phase == "stake"          # straight on to the next round


# -- the bank passing ---------------------------------------------------------------------------------------
def test_a_natural_in_the_first_round_of_a_deal_does_not_take_it():
    s = play(deal("AS", "5H", "9D", "KS", "8H", "8C"), "stake 1", "stake 1", "single", "stand", "stand")
    assert s.round_no == 1 and s.dealer == 2


def test_a_natural_later_in_the_deal_takes_it():
    s = deal("AS", "5H", "9D", "KS", "8H", "8C", players=3)
    s = dataclasses.replace(s, deal_rounds=1)        # the dealer's second round
    s = play(s, "stake 1", "stake 1", "single", "stand", "stand")
    assert s.dealer == 0 and s.deal_rounds == 0
    assert any(e.rule == REF + "the-bank-passing" for e in s.ledger)


def test_two_naturals_the_deal_goes_to_the_first_from_the_dealers_left():
    s = dataclasses.replace(deal("AS", "AH", "9D", "KS", "QH", "8C"), deal_rounds=2)
    s = play(s, "stake 1", "stake 1", "single")
    assert s.dealer == 0


def test_the_dealers_own_natural_keeps_the_deal():
    s = dataclasses.replace(deal("AS", "5H", "AD", "KS", "8H", "QC"), deal_rounds=2)
    s = play(s, "stake 1", "stake 1", "single")
    assert s.dealer == 2


# -- the French form -------------------------------------------------------------------------------------
def test_french_a_natural_takes_a_stake_from_every_other_punter_and_the_deal_goes_round():
    s = play(deal("AS", "5H", "9D", "KS", "8H", "8C", form="french"), "stake 3", "stake 2")
    before = s
    s = play(s, "single")
    assert net(before, s, 0) == 6 + 2              # double from the dealer, a single stake from punter 1
    assert net(before, s, 1) == -2
    assert any(e.rule == REF + "french-vingt-un" for e in s.ledger)
    s = play(s, "stand")
    assert s.dealer == 2                           # a natural does not take the deal
    for _ in range(2):
        while s.round_no < 3 and G.to_move(s) is not Special.CHANCE:
            s = G.apply(s, G.legal_actions(s, G.to_move(s))[0])
        if G.to_move(s) is Special.CHANCE:
            s = G.apply(s, Shuffle(9))
    assert s.round_no == 3 and s.dealer == 0       # three rounds dealt: the deal to the left


# -- the pack ----------------------------------------------------------------------------------------
def test_the_pack_is_dealt_on_and_the_used_cards_reshuffled_when_it_is_spent():
    s = G.apply(G.initial_state({"players": 3}), Shuffle(11))
    s = play(s, "stake 1", "stake 1", "single")
    assert len(s.pack) == 52 - 6
    s = dataclasses.replace(s, used=s.pack[1:], pack=s.pack[:1])      # one card left, the rest used
    if s.phase == "punter":
        s = G.apply(s, Draw())
        if s.phase == "shuffle":
            assert s.resume in ("punter", "dealer") and G.to_move(s) is Special.CHANCE
            s = G.apply(s, Shuffle(4))
            assert s.pack and not s.used and s.phase in ("punter", "dealer")


def test_a_new_round_on_fewer_than_two_cards_a_player_shuffles_every_card():
    s = play(deal("TS", "9H", "TD", "8S", "TC", "8C"), "stake 1", "stake 1", "single", "stand", "stand")
    s = dataclasses.replace(s, pack=s.pack[:5])
    s = G._open_round(s)
    assert s.phase == "shuffle" and s.resume == "round"
    s = G.apply(s, Shuffle(2))
    assert s.phase == "stake" and len(s.pack) == 52 - 3


# -- the computer ------------------------------------------------------------------------------------
def test_level_three_counts_the_unseen_cards_for_its_chance_of_overdrawing():
    s = play(deal("TS", "9H", "6D", "5S", "9C", "TC"), "stake 1", "stake 1", "single")
    view = G.view(s, 0)
    left = unseen_values(view)
    assert sum(left.values()) == 52 - 2 - 0       # punter 0 sees his own two cards only
    # 15: a seven or more breaks it; of the unseen cards, 4 sevens, 4 eights, 4 nines, 15 ten-cards
    assert bust_chance([c("TS"), c("5S")], left) == pytest.approx((4 + 4 + 4 + 15) / 50)
    legal = list(G.legal_actions(s, 0))
    assert VingtUnPlayer(1).choose(G, view, legal) == Draw()                   # under 16
    # level 3 follows its reckoning of the counted cards: a pack stripped of its small cards
    # (every two to six shown in past rounds) makes a card at fifteen a bad risk, and a pack
    # stripped of its ten-cards a good one
    small = tuple(card for card in PACKS["52"] if 2 <= int(card.rank) <= 6 and card not in (c("5S"), c("6D")))
    tens = tuple(card for card in PACKS["52"] if int(card.rank) >= 10 and card not in (c("TS"), c("TC")))
    rich = G.view(dataclasses.replace(s, used=small), 0)
    poor = G.view(dataclasses.replace(s, used=tens), 0)
    assert bust_chance([c("TS"), c("5S")], unseen_values(rich)) > 0.8
    assert bust_chance([c("TS"), c("5S")], unseen_values(poor)) < 0.4
    assert VingtUnPlayer(3).choose(G, rich, legal) == Stand()
    assert VingtUnPlayer(3).choose(G, poor, legal) == Draw()


def test_the_computer_stakes_high_on_a_ten_card_and_doubles_on_an_ace():
    s = deal("TS", "5H", "AD", "KS", "8H", "8C")
    assert VingtUnPlayer(2).choose(G, G.view(s, 0), list(G.legal_actions(s, 0))) == Stake(10)
    s = play(s, "stake 10", "stake 1")
    assert VingtUnPlayer(3).choose(G, G.view(s, 2), list(G.legal_actions(s, 2))) == Double(True)
    assert VingtUnPlayer(1).choose(G, G.view(s, 2), list(G.legal_actions(s, 2))) == Double(False)


def test_the_level_three_dealer_draws_when_the_standing_punters_show_more_than_he_holds():
    # punter 0 holds 5 and 2 hidden and takes a 4 and a 9 face up (13 showing, 20 in all); punter 1
    # stands on his hidden 9 and 8; the dealer holds 7 and 5 (12)
    s = play(deal("5S", "9H", "7D", "2S", "8H", "5C", "4D", "9C"), "stake 2", "stake 2", "single",
             "card", "card", "stand", "stand")
    assert s.phase == "dealer" and total(s.cards(2)) == 12
    view = G.view(s, 2)
    assert VingtUnPlayer(3).dealer_draws(view, list(s.cards(2)))
    drawn = list(s.drawn)
    drawn[2], drawn[5] = c("KD"), c("QC")          # the dealer's two cards (serials 2 and 5)
    s20 = dataclasses.replace(s, drawn=tuple(drawn))
    assert total(s20.cards(2)) == 20
    assert not VingtUnPlayer(3).dealer_draws(G.view(s20, 2), list(s20.cards(2)))
