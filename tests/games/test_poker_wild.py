"""The joker wild (Mistigris): the category counts of all C(53,5) = 2,869,685 hands, counted by
rank multisets and checked against the published table; a random sample checked hand by hand
against a plain evaluator written here from the definitions; and the joker's choices."""
from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from compendium.core.cards import JOKER
from compendium.core.notation import parse_card
from compendium.core.rng import SplitMix64
from compendium.games.poker_hands import (
    WILD,
    Category,
    card_code,
    joker_stands_for,
    wild_category_of_codes,
    wild_hand_name,
    wild_hand_value,
    wild_strength_of_codes,
)

C = Category

# The table for a 52-card pack with one fully wild joker, five of a kind allowed, the ace high or
# low in a sequence, the joker making each hand as good as it can be (Scarne's table of the
# 53-card game; see resources/rules/draw_poker.md#mistigris).  The hands without a joker keep the
# 52-card counts: only the high-card count is unchanged, as a joker always makes at least a pair.
PUBLISHED = {
    C.FIVES: 13, C.STRAIGHT_FLUSH: 204, C.FOURS: 3_120, C.FULL: 6_552, C.FLUSH: 7_804,
    C.STRAIGHT: 20_532, C.THREES: 137_280, C.TWO_PAIRS: 123_552, C.ONE_PAIR: 1_268_088,
    C.HIGH_CARD: 1_302_540,
}


def representative(ranks: tuple[int, ...], suited: bool) -> list[int]:
    """Codes of one hand with these ranks (0 = ace … 12 = king): all of one suit, or suits given
    so that the hand is no flush (each rank's cards take suits 0, 1, 2 … in turn)."""
    if suited:
        return [4 * r for r in ranks]
    seen: Counter[int] = Counter()
    codes = []
    for r in ranks:
        codes.append(4 * r + seen[r])
        seen[r] += 1
    if len(set(ranks)) == len(ranks):          # all different: break the suit of the last
        codes[-1] = 4 * ranks[-1] + 1
    return codes


def ways(ranks: tuple[int, ...]) -> int:
    """How many hands of the pack have this multiset of ranks."""
    return math.prod(math.comb(4, m) for m in Counter(ranks).values())


def counts_by_rank_multisets() -> Counter[Category]:
    """Every hand of the 53-card pack counted once, through its multiset of ranks: a multiset of
    different ranks stands for 4 suited hands and the rest mixed; with a repeated rank every hand
    is mixed.  Hands without the joker have five ranks; with it, four."""
    counts: Counter[Category] = Counter()
    for size, extra in ((5, []), (4, [WILD])):
        for ranks in itertools.combinations_with_replacement(range(13), size):
            if max(Counter(ranks).values()) > 4:
                continue
            total = ways(ranks)
            suited = 4 if len(set(ranks)) == size else 0
            if suited:
                counts[wild_category_of_codes(representative(ranks, True) + extra)] += suited
            counts[wild_category_of_codes(representative(ranks, False) + extra)] += total - suited
    return counts


def test_the_counts_by_enumeration_are_the_published_ones():
    counts = counts_by_rank_multisets()
    assert sum(counts.values()) == math.comb(53, 5) == 2_869_685
    assert dict(counts) == PUBLISHED


# -- a plain evaluator from the definitions, for the sample --------------------------------------
def plain_category(codes: list[int]) -> Category:
    ranks = [c >> 2 for c in codes]
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c & 3 for c in codes}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or distinct == [0, 9, 10, 11, 12])
    if straight and flush:
        return C.STRAIGHT_FLUSH
    if shape[0] == 4:
        return C.FOURS
    if shape[:2] == [3, 2]:
        return C.FULL
    if flush:
        return C.FLUSH
    if straight:
        return C.STRAIGHT
    if shape[0] == 3:
        return C.THREES
    if shape[:2] == [2, 2]:
        return C.TWO_PAIRS
    return C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD


def direct_category(codes: list[int]) -> Category:
    if WILD not in codes:
        return plain_category(codes)
    four = [c for c in codes if c != WILD]
    if len({c >> 2 for c in four}) == 1:
        return C.FIVES
    return max(plain_category(four + [c]) for c in range(52) if c not in four)


def test_a_random_sample_agrees_hand_by_hand_with_the_plain_evaluator():
    gen = SplitMix64(1909)
    seen: Counter[Category] = Counter()
    for _ in range(6000):
        codes: list[int] = []
        while len(codes) < 5:
            c = gen.below(53)
            if c not in codes:
                codes.append(c)
        cat = wild_category_of_codes(codes)
        assert cat == direct_category(codes), codes
        seen[cat] += 1
    # and every hand holding the joker (a tenth of them) is sampled too, apart
    for _ in range(3000):
        four: list[int] = []
        while len(four) < 4:
            c = gen.below(52)
            if c not in four:
                four.append(c)
        assert wild_category_of_codes(four + [WILD]) == direct_category(four + [WILD]), four
    assert len(seen) >= 6


# -- what the joker is called -------------------------------------------------------------------
def hand(text: str) -> list:
    return [JOKER if t == "Jo" else parse_card(t) for t in text.split()]


def test_four_of_a_kind_and_the_joker_is_five_of_a_kind_above_the_straight_flush():
    fives = wild_hand_value(hand("A♠ A♥ A♦ A♣ Jo"))
    royal = wild_hand_value(hand("A♠ K♠ Q♠ J♠ 10♠"))
    assert fives.category is C.FIVES and fives > royal
    assert wild_hand_value(hand("2♠ 2♥ 2♦ 2♣ Jo")) > royal
    assert wild_hand_value(hand("K♠ K♥ K♦ K♣ Jo")) < fives
    assert wild_hand_name(hand("K♠ K♥ K♦ K♣ Jo")) == "five of a kind (kings)"


@pytest.mark.parametrize("text, category, stands", [
    ("A♠ K♠ Q♠ J♠ Jo", C.STRAIGHT_FLUSH, "10♠"),   # the best a straight flush can be
    ("A♥ K♥ 7♥ 3♥ Jo", C.FLUSH, "Q♥"),             # a flush: the highest card of the suit not held
    ("A♠ A♥ 9♣ 4♦ Jo", C.THREES, "A♣"),            # threes beat two pairs
    ("A♠ A♥ K♦ K♣ Jo", C.FULL, "A♣"),              # two pairs become a full hand, the aces on top
    ("5♣ 6♦ 7♥ 8♠ Jo", C.STRAIGHT, "9♣"),          # the top of the sequence, not the bottom
    ("2♣ 9♦ 4♥ K♠ Jo", C.ONE_PAIR, "K♣"),          # nothing becomes a pair of the highest
    ("A♠ 2♠ 3♠ 4♠ Jo", C.STRAIGHT_FLUSH, "5♠"),
])
def test_the_joker_makes_the_best_hand_it_can(text, category, stands):
    cards = hand(text)
    assert wild_hand_value(cards).category is category
    assert joker_stands_for(cards) == parse_card(stands)


def test_without_the_joker_the_values_are_the_usual_ones_and_bad_hands_are_refused():
    from compendium.games.poker_hands import hand_value, strength_of_codes
    cards = hand("Q♠ Q♥ 7♦ 7♣ 2♠")
    assert wild_hand_value(cards) == hand_value(cards)
    codes = [card_code(c) for c in cards]
    assert wild_strength_of_codes(codes) == strength_of_codes(codes)
    with pytest.raises(ValueError):
        wild_hand_value(hand("Q♠ Q♥ 7♦ Jo"))
    with pytest.raises(ValueError):
        wild_strength_of_codes([1, 2, 3, WILD, WILD])
