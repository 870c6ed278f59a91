"""The five-card poker hand evaluator shared by Poker Patience, the Serpent and Draw Poker."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from compendium.core.cards import JOKER, Card, Rank, Suit, standard_pack
from compendium.core.notation import parse_cards
from compendium.games.poker_hands import (
    AMERICAN,
    ENGLISH,
    Category,
    card_code,
    category,
    category_of_codes,
    code_card,
    hand_name,
    hand_value,
    partial_category,
    points,
)

C = Category

# The number of five-card hands of each kind in a 52-card pack (2,598,960 in all).
EXACT_COUNTS = {C.STRAIGHT_FLUSH: 40, C.FOURS: 624, C.FULL: 3744, C.FLUSH: 5108, C.STRAIGHT: 10200,
                C.THREES: 54912, C.TWO_PAIRS: 123552, C.ONE_PAIR: 1098240, C.HIGH_CARD: 1302540}


def hand(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def test_every_hand_of_the_pack_is_counted_in_its_category():
    """All 2,598,960 hands, through the evaluator the games use (a few seconds)."""
    counts = Counter(map(category_of_codes, itertools.combinations(range(52), 5)))
    assert counts == EXACT_COUNTS
    assert sum(counts.values()) == 2_598_960


@pytest.mark.parametrize("aces, sequences", [("both", 10), ("high", 9), ("low", 9)])
def test_the_rule_for_aces_decides_which_sequences_count(aces, sequences):
    """Per set of five different ranks, one mixed hand and one flush stand for all 1,024 ways of
    giving them suits (4 flushes, 1,020 mixed), so the whole pack is counted here too."""
    counts: Counter[Category] = Counter()
    for ranks in itertools.combinations(range(1, 14), 5):
        mixed = [Card(Rank(r), s) for r, s in zip(ranks, (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS,
                                                          Suit.SPADES, Suit.CLUBS))]
        flush = [Card(Rank(r), Suit.HEARTS) for r in ranks]
        counts[category(mixed, aces)] += 1020
        counts[category(flush, aces)] += 4
    assert counts[C.STRAIGHT] == 1020 * sequences
    assert counts[C.STRAIGHT_FLUSH] == 4 * sequences
    assert counts[C.FLUSH] + counts[C.STRAIGHT_FLUSH] == 5148
    assert counts[C.STRAIGHT] + counts[C.HIGH_CARD] == 1287 * 1020


def test_ace_high_and_low():
    wheel, broadway = hand("A♠ 2♥ 3♦ 4♣ 5♠"), hand("10♠ J♥ Q♦ K♣ A♠")
    assert category(wheel) is C.STRAIGHT and category(broadway) is C.STRAIGHT
    assert category(wheel, "high") is C.HIGH_CARD and category(broadway, "high") is C.STRAIGHT
    assert category(wheel, "low") is C.STRAIGHT and category(broadway, "low") is C.HIGH_CARD
    # no "round the corner" sequence
    assert category(hand("Q♠ K♥ A♦ 2♣ 3♠")) is C.HIGH_CARD
    assert category(hand("A♥ 2♥ 3♥ 4♥ 5♥")) is C.STRAIGHT_FLUSH
    assert category(hand("A♥ 2♥ 3♥ 4♥ 5♥"), "high") is C.FLUSH


def test_hands_rank_as_the_book_orders_them():
    """Draw Poker's showdown (catalogue 6.15): B's threes beat D's two pairs, which beat E's ace
    high, which beats C's ace high on the second card."""
    b = hand_value(hand("Q♦ Q♣ Q♥ A♥ 9♦"))
    d = hand_value(hand("10♥ 10♠ 8♥ 8♦ 5♦"))
    e = hand_value(hand("A♠ K♥ J♠ 8♣ 4♥"))
    c = hand_value(hand("A♣ J♦ 4♠ 3♠ 2♦"))
    assert b > d > e > c
    assert (b.category, d.category, e.category) == (C.THREES, C.TWO_PAIRS, C.HIGH_CARD)
    # The book's order: straight flush, fours, full, flush, straight, threes, two pairs, pair.
    order = [hand_value(hand(t)) for t in ("A♣ 2♦ 4♠ 8♥ 10♦", "2♣ 2♦ 5♠ 8♥ 10♦", "2♣ 2♦ 5♠ 5♥ 10♦",
                                           "2♣ 2♦ 2♠ 8♥ 10♦", "2♣ 3♦ 4♠ 5♥ 6♦", "2♦ 5♦ 8♦ 10♦ K♦",
                                           "3♣ 3♦ 3♠ 8♥ 8♦", "9♣ 9♦ 9♠ 9♥ 2♦", "5♣ 6♣ 7♣ 8♣ 9♣")]
    assert order == sorted(order)


def test_ties_are_broken_as_the_book_says():
    # aces count high outside a sequence: a four of aces is the best four
    assert hand_value(hand("A♣ A♦ A♠ A♥ 2♦")) > hand_value(hand("K♣ K♦ K♠ K♥ Q♦"))
    # between two fulls the three cards decide
    assert hand_value(hand("4♣ 4♦ 4♠ 2♥ 2♦")) > hand_value(hand("3♣ 3♦ 3♠ A♥ A♦"))
    # the sequence from the ace down is the best, from five down to the ace the lowest
    wheel = hand_value(hand("A♠ 2♥ 3♦ 4♣ 5♠"))
    assert wheel < hand_value(hand("2♠ 3♥ 4♦ 5♣ 6♠")) < hand_value(hand("10♠ J♥ Q♦ K♣ A♠"))
    # equal pairs: the highest odd card wins; two equal hands tie
    assert hand_value(hand("9♣ 9♦ A♠ 4♥ 2♦")) > hand_value(hand("9♠ 9♥ K♠ Q♥ J♦"))
    assert hand_value(hand("9♣ 9♦ A♠ 4♥ 2♦")) == hand_value(hand("9♠ 9♥ A♦ 4♣ 2♣"))
    # two pairs: the higher pair first
    assert hand_value(hand("K♣ K♦ 2♠ 2♥ 3♦")) > hand_value(hand("Q♣ Q♦ J♠ J♥ A♦"))


def test_the_english_score_table_of_poker_patience():
    """Catalogue 5.2: straight flush 30, fours 16, straight 12, full 10, threes 6, flush 5,
    two pairs 3, a pair 1, nothing 0 — a straight above a full, threes above a flush."""
    examples = {"9♥ 10♥ J♥ Q♥ K♥": 30, "10♥ J♥ Q♥ K♥ A♥": 30, "A♥ 2♥ 3♥ 4♥ 5♥": 30,
                "7♣ 7♦ 7♠ 7♥ 2♦": 16, "3♠ 4♥ 5♦ 6♣ 7♠": 12, "6♦ 6♥ 6♠ Q♣ Q♦": 10,
                "3♣ 3♦ 3♠ 8♥ J♦": 6, "2♦ 5♦ 8♦ 10♦ K♦": 5, "K♣ K♦ 2♠ 2♥ 3♦": 3,
                "9♣ 9♦ A♠ 4♥ 2♦": 1, "A♣ 2♦ 4♠ 8♥ 10♦": 0}
    for text, value in examples.items():
        assert points(hand(text)) == value, text
    assert [ENGLISH[c] for c in C if c is not C.FIVES] == [0, 1, 3, 6, 12, 5, 10, 16, 30]   # no joker in patience


def test_the_american_table_pays_the_royal_flush_apart():
    assert points(hand("10♥ J♥ Q♥ K♥ A♥"), AMERICAN) == 100
    assert points(hand("9♥ 10♥ J♥ Q♥ K♥"), AMERICAN) == 75
    assert points(hand("2♦ 5♦ 8♦ 10♦ K♦"), AMERICAN) == 20
    assert points(hand("3♠ 4♥ 5♦ 6♣ 7♠"), AMERICAN) == 15
    assert [AMERICAN[c] for c in C if c is not C.FIVES] == [0, 2, 5, 10, 15, 20, 25, 50, 75]


def test_lines_of_fewer_cards_count_as_they_stand():
    assert partial_category(hand("Q♠ Q♥")) is C.ONE_PAIR
    assert partial_category(hand("Q♠ Q♥ 4♦ 4♣")) is C.TWO_PAIRS
    assert partial_category(hand("Q♠ Q♥ Q♦ 4♣")) is C.THREES
    assert partial_category(hand("Q♠ Q♥ Q♦ Q♣")) is C.FOURS
    # four hearts in sequence are neither a flush nor a straight yet
    assert partial_category(hand("2♥ 3♥ 4♥ 5♥")) is C.HIGH_CARD
    assert points(hand("Q♠ Q♥ Q♦")) == 6 and points(()) == 0


def test_hand_names():
    assert hand_name(hand("Q♦ Q♣ 5♥ A♥ 9♦")) == "a pair of queens"
    assert hand_name(hand("J♦ J♣ J♥ A♥ 9♦")) == "threes (knaves)"
    assert hand_name(hand("3♠ 4♥ 5♦ 6♣ 7♠")) == "a straight to the seven"
    assert hand_name(hand("10♥ J♥ Q♥ K♥ A♥")) == "a straight flush to the ace"
    assert hand_name(hand("A♥ 2♥ 3♥ 4♥ 5♥")) == "a straight flush to the five"
    assert hand_name(hand("6♦ 6♥ 6♠ Q♣ Q♦")) == "a full hand, sixes and queens"
    assert hand_name(hand("K♣ K♦ 2♠ 2♥ 3♦")) == "two pairs, kings and twos"
    assert hand_name(hand("A♣ 2♦ 4♠ 8♥ 10♦")) == "nothing"


def test_codes_round_trip():
    assert [code_card(card_code(c)) for c in standard_pack()] == list(standard_pack())
    assert sorted(card_code(c) for c in standard_pack()) == list(range(52))


@pytest.mark.parametrize("bad, message", [
    ("A♠ A♠ 3♦ 4♣ 5♠", "same card twice"),
    ("A♠ 2♥ 3♦ 4♣", "five cards"),
    ("A♠ 2♥ 3♦ 4♣ 5♠ 6♠", "five cards"),
])
def test_bad_hands_are_refused_with_the_reason(bad, message):
    with pytest.raises(ValueError, match=message):
        category(hand(bad))


def test_the_joker_and_unknown_rules_are_refused():
    with pytest.raises(ValueError, match="no place in a poker hand"):
        points([JOKER])
    with pytest.raises(ValueError, match="aces='sideways'"):
        category(hand("A♠ 2♥ 3♦ 4♣ 5♠"), "sideways")


def test_the_strength_number_orders_hands_as_hand_value_does():
    """``strength_of_codes`` (Draw Poker's fast showdown) agrees with ``hand_value`` on a seeded
    sample of pairs of hands, and carries the category in its high bits."""
    from compendium.core.rng import SplitMix64
    from compendium.games.poker_hands import strength_of_codes
    gen = SplitMix64(5)
    for _ in range(3000):
        drawn = _sample(gen, 10)
        one, two = drawn[:5], drawn[5:]
        s1, s2 = strength_of_codes(one), strength_of_codes(two)
        v1, v2 = hand_value([code_card(c) for c in one]), hand_value([code_card(c) for c in two])
        assert (s1 > s2) == (v1 > v2) and (s1 == s2) == (v1 == v2)
        assert s1 >> 20 == v1.category


def _sample(gen, n: int) -> list[int]:
    picks = list(range(52))
    for i in range(n):
        j = i + gen.below(52 - i)
        picks[i], picks[j] = picks[j], picks[i]
    return picks[:n]
