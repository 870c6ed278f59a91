"""Suits, ranks, cards and the packs the catalogue calls for."""
from __future__ import annotations

from collections import Counter

import pytest

from compendium.core.cards import (
    FORTY_RANKS,
    JOKER,
    PACKS,
    PIQUET_RANKS,
    RANKS,
    SCOTCH_RANKS,
    SUITS,
    Card,
    Colour,
    Rank,
    Suit,
    pack,
    standard_pack,
)

ALL = set(RANKS)

# name -> (size, copies, jokers per copy, the ranks of one copy)
EXPECTED = {
    "52": (52, 1, 0, ALL),
    "52+joker": (53, 1, 1, ALL),
    "piquet32": (32, 1, 0, {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                            Rank.EIGHT, Rank.SEVEN}),
    "piquet32+joker": (33, 1, 1, {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                                  Rank.EIGHT, Rank.SEVEN}),
    "36": (36, 1, 0, {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                      Rank.EIGHT, Rank.SEVEN, Rank.SIX}),
    "40": (40, 1, 0, ALL - {Rank.TWO, Rank.THREE, Rank.FOUR}),
    "2x52": (104, 2, 0, ALL),
    "3x52": (156, 3, 0, ALL),
    "6x52": (312, 6, 0, ALL),
}


def test_every_pack_is_checked():
    assert set(PACKS) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_pack_size_and_composition(name):
    size, copies, jokers, ranks = EXPECTED[name]
    cards = PACKS[name]
    assert len(cards) == size
    counts = Counter(cards)
    assert counts[JOKER] == copies * jokers
    suited = [c for c in cards if not c.is_joker]
    assert {c.rank for c in suited} == ranks
    assert {c.suit for c in suited} == set(SUITS)
    # Every suited card of the pack appears exactly ``copies`` times: four suits, every rank.
    assert {card: n for card, n in counts.items() if not card.is_joker} == {
        Card(r, s): copies for r in ranks for s in SUITS}
    assert all(isinstance(c, Card) for c in cards)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_one_copy_of_a_pack_has_no_duplicates(name):
    size, copies, _, _ = EXPECTED[name]
    one = PACKS[name][: size // copies]
    assert len(set(one)) == len(one)
    if copies > 1:
        assert PACKS[name] == one * copies


def test_the_rank_tables():
    assert len(PIQUET_RANKS) == 8 and len(SCOTCH_RANKS) == 9 and len(FORTY_RANKS) == 10
    assert Rank.JOKER not in RANKS and len(RANKS) == 13


def test_standard_pack_order():
    cards = standard_pack()
    assert cards == PACKS["52"]
    assert cards[0] == Card(Rank.ACE, Suit.CLUBS)
    assert cards[12] == Card(Rank.KING, Suit.CLUBS)
    assert cards[13] == Card(Rank.ACE, Suit.DIAMONDS)
    assert cards[-1] == Card(Rank.KING, Suit.SPADES)


def test_pack_builder():
    assert len(pack(jokers=2, copies=2)) == 108
    assert pack(ranks=(Rank.ACE,)) == tuple(Card(Rank.ACE, s) for s in SUITS)


# -- the Card invariants ----------------------------------------------------------------------
def test_the_joker_has_no_suit():
    assert JOKER.suit is None and JOKER.rank is Rank.JOKER and JOKER.is_joker
    with pytest.raises(ValueError):
        Card(Rank.JOKER, Suit.HEARTS)


@pytest.mark.parametrize("rank", RANKS)
def test_a_suited_rank_needs_a_suit(rank):
    with pytest.raises(ValueError):
        Card(rank, None)
    assert not Card(rank, Suit.SPADES).is_joker


def test_cards_are_values():
    a, b = Card(Rank.TEN, Suit.HEARTS), Card(Rank.TEN, Suit.HEARTS)
    assert a == b and hash(a) == hash(b)
    with pytest.raises(AttributeError):
        a.rank = Rank.ACE  # type: ignore[misc]


# -- colours ---------------------------------------------------------------------------------
def test_colours():
    assert Suit.HEARTS.colour is Colour.RED and Suit.DIAMONDS.colour is Colour.RED
    assert Suit.CLUBS.colour is Colour.BLACK and Suit.SPADES.colour is Colour.BLACK
    assert Card(Rank.QUEEN, Suit.DIAMONDS).colour is Colour.RED
    assert Card(Rank.QUEEN, Suit.SPADES).colour is Colour.BLACK
    assert JOKER.colour is None
    assert sum(1 for c in standard_pack() if c.colour is Colour.RED) == 26


# -- codes and names -------------------------------------------------------------------------
@pytest.mark.parametrize("card, code", [
    (Card(Rank.TEN, Suit.HEARTS), "10H"),
    (Card(Rank.ACE, Suit.SPADES), "AS"),
    (Card(Rank.QUEEN, Suit.DIAMONDS), "QD"),
    (Card(Rank.JACK, Suit.CLUBS), "JC"),
    (Card(Rank.TWO, Suit.CLUBS), "2C"),
    (JOKER, "JOKER"),
])
def test_codes(card, code):
    assert card.code == code


def test_codes_are_unique_and_ascii():
    codes = [c.code for c in PACKS["52+joker"]]
    assert len(set(codes)) == 53
    assert all(code.isascii() and code.isalnum() for code in codes)


@pytest.mark.parametrize("card, name", [
    (Card(Rank.JACK, Suit.HEARTS), "knave of hearts"),
    (Card(Rank.ACE, Suit.SPADES), "ace of spades"),
    (Card(Rank.TEN, Suit.DIAMONDS), "ten of diamonds"),
    (Card(Rank.TWO, Suit.CLUBS), "two of clubs"),
    (JOKER, "the joker"),
])
def test_names(card, name):
    assert card.name == name


def test_str_uses_suit_symbols():
    assert str(Card(Rank.TEN, Suit.DIAMONDS)) == "10♦"
    assert str(Card(Rank.KING, Suit.CLUBS)) == "K♣"
    assert str(JOKER) == "Joker"
    assert repr(Card(Rank.ACE, Suit.HEARTS)) == "Card(A♥)"


def test_cards_sort_by_rank_then_suit():
    """``Card`` is declared ordered; a hand must sort without error, rank first, then the suits
    in bridge order (clubs, diamonds, hearts, spades) as ``Suit`` documents."""
    pack52 = standard_pack()
    ordered = sorted(reversed(pack52))
    assert ordered[:4] == [Card(Rank.ACE, s) for s in SUITS]
    assert ordered[-1] == Card(Rank.KING, Suit.SPADES)
    assert Card(Rank.ACE, Suit.CLUBS) < Card(Rank.ACE, Suit.HEARTS) < Card(Rank.TWO, Suit.CLUBS)


def test_rank_order_and_shorts():
    assert Rank.ACE < Rank.TWO < Rank.TEN < Rank.JACK < Rank.QUEEN < Rank.KING
    assert [r.short for r in RANKS] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert Rank.JACK.title == "knave"
