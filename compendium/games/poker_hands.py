"""Five-card poker hands: what a hand is, how hands rank, and what Poker Patience pays for them.

Shared by Poker Patience, Serpent Poker Patience and (later) Draw Poker.  Pure Python, no Qt.

The books' order of hands (Hoyle 1909, "Poker"): straight flush, fours, full, flush, straight,
threes, two pairs, a pair, the highest card.  The ace is high or low in a sequence at the player's
pleasure (A K Q J 10 is the best sequence, 5 4 3 2 A the lowest); in every other comparison it is
the highest card.  ``aces`` selects the sequences that count: ``"both"`` (the book), ``"high"``
(A K Q J 10 only) or ``"low"`` (5 4 3 2 A only).

Speed.  The rules and the computer players look hands up millions of times, so a card is also
known by a small integer *code*, ``4 × (rank − 1) + suit`` (ace 0…3, two 4…7, … king 48…51), and
a hand by the product of one prime per rank: the product names the multiset of ranks exactly
(unique factorisation), so one dictionary lookup (a second one for a flush) gives the category.
The tables are built from the 6,175 multisets of five ranks, once per rule for aces, when first used.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from ..core.cards import SUITS, Card, Rank

__all__ = [
    "ACE_RULES",
    "AMERICAN",
    "ENGLISH",
    "SCORE_TABLES",
    "Category",
    "HandValue",
    "ScoreTable",
    "card_code",
    "category",
    "category_of_codes",
    "code_card",
    "hand_name",
    "hand_value",
    "is_royal_codes",
    "partial_category",
    "partial_category_of_codes",
    "points",
    "points_of_codes",
]


class Category(IntEnum):
    """The kinds of poker hand, weakest first, in the order of the books' Poker."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIRS = 2
    THREES = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL = 6
    FOURS = 7
    STRAIGHT_FLUSH = 8
    FIVES = 9              # five of a kind: only with the joker (Mistigris), above all else

    @property
    def title(self) -> str:
        """The name the books use, with its article: "a full hand", "threes", "nothing"."""
        return _TITLES[self]


_TITLES = {
    Category.HIGH_CARD: "nothing", Category.ONE_PAIR: "a pair", Category.TWO_PAIRS: "two pairs",
    Category.THREES: "threes", Category.STRAIGHT: "a straight", Category.FLUSH: "a flush",
    Category.FULL: "a full hand", Category.FOURS: "fours", Category.STRAIGHT_FLUSH: "a straight flush",
    Category.FIVES: "five of a kind",
}

ACE_RULES = ("both", "high", "low")


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """What Poker Patience pays for each kind of hand.  ``royal`` is paid for the straight flush
    from the ace down to the ten where a table pays it apart (``None``: as any straight flush)."""

    name: str
    label: str
    values: tuple[int, ...]          # indexed by Category
    royal: int | None = None

    def __getitem__(self, cat: Category) -> int:
        return self.values[cat]


# The English table of Hoyle 1909 (catalogue 5.2): straight 12 above full 10, threes 6 above flush 5.
ENGLISH = ScoreTable("english", "English (the book)", (0, 1, 3, 6, 12, 5, 10, 16, 30))
# The American table of the modern game of Poker Squares: the poker order, with a royal flush apart.
AMERICAN = ScoreTable("american", "American (modern Poker Squares)", (0, 2, 5, 10, 15, 20, 25, 50, 75),
                      royal=100)
SCORE_TABLES: dict[str, ScoreTable] = {t.name: t for t in (ENGLISH, AMERICAN)}

# -- codes ---------------------------------------------------------------------------------------
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)      # one per rank, ace .. king
_PRIME_OF_CODE = tuple(_PRIMES[c >> 2] for c in range(52))
_CARD_OF_CODE = tuple(Card(Rank((c >> 2) + 1), SUITS[c & 3]) for c in range(52))
_CODE_OF_CARD = {card: code for code, card in enumerate(_CARD_OF_CODE)}


def card_code(card: Card) -> int:
    """The card's code, 0 … 51 (``ValueError`` for the joker, which poker hands here do not use)."""
    try:
        return _CODE_OF_CARD[card]
    except KeyError:
        raise ValueError(f"{card} has no place in a poker hand") from None


def code_card(code: int) -> Card:
    return _CARD_OF_CODE[code]


# -- the tables ----------------------------------------------------------------------------------
def _sequences(aces: str) -> frozenset[frozenset[int]]:
    """The five-rank sets (rank indexes, ace 0 … king 12) that make a sequence under ``aces``."""
    runs = {frozenset(range(low, low + 5)) for low in range(1, 9)}      # 2-6 … 9-K
    if aces in ("both", "low"):
        runs.add(frozenset(range(5)))                                # A-2-3-4-5
    if aces in ("both", "high"):
        runs.add(frozenset((9, 10, 11, 12, 0)))                         # 10-J-Q-K-A
    return frozenset(runs)


def _product(ranks: Iterable[int]) -> int:
    p = 1
    for r in ranks:
        p *= _PRIMES[r]
    return p


def _build(aces: str) -> tuple[dict[int, Category], dict[int, Category]]:
    """(category by prime product when the suits are mixed, category when all five share a suit)."""
    runs = _sequences(aces)
    plain: dict[int, Category] = {}
    flush: dict[int, Category] = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        if counts[0] == 5:
            continue                                                    # five of a kind: one pack
        key = _product(ranks)
        if counts[0] == 4:
            plain[key] = Category.FOURS
        elif counts[:2] == [3, 2]:
            plain[key] = Category.FULL
        elif counts[0] == 3:
            plain[key] = Category.THREES
        elif counts[:2] == [2, 2]:
            plain[key] = Category.TWO_PAIRS
        elif counts[0] == 2:
            plain[key] = Category.ONE_PAIR
        else:
            run = frozenset(ranks) in runs
            plain[key] = Category.STRAIGHT if run else Category.HIGH_CARD
            flush[key] = Category.STRAIGHT_FLUSH if run else Category.FLUSH
    return plain, flush


class _Tables(dict[str, tuple[dict[int, Category], dict[int, Category]]]):
    """The tables per rule for aces, each built the first time it is asked for."""

    def __missing__(self, aces: str) -> tuple[dict[int, Category], dict[int, Category]]:
        if aces not in ACE_RULES:
            raise KeyError(aces)
        tables = self[aces] = _build(aces)
        return tables


_TABLES = _Tables()
_ROYAL = _product((9, 10, 11, 12, 0))


def _partial_table() -> dict[int, Category]:
    """Category of one to four cards as they stand (no sequence or flush without five cards)."""
    out: dict[int, Category] = {1: Category.HIGH_CARD}
    for n in range(1, 5):
        for ranks in itertools.combinations_with_replacement(range(13), n):
            counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
            cat = (Category.FOURS if counts[0] == 4 else Category.THREES if counts[0] == 3 else
                   Category.TWO_PAIRS if counts[:2] == [2, 2] else
                   Category.ONE_PAIR if counts[0] == 2 else Category.HIGH_CARD)
            out[_product(ranks)] = cat
    return out


_PARTIAL = _partial_table()


def _check_aces(aces: str) -> None:
    if aces not in ACE_RULES:
        raise ValueError(f"aces={aces!r}: expected one of {', '.join(ACE_RULES)}")


# -- evaluation on codes (the fast path) ---------------------------------------------------------
def category_of_codes(codes: Sequence[int], aces: str = "both") -> Category:
    """The category of five card codes."""
    a, b, c, d, e = codes
    plain, flush = _TABLES[aces]
    p = _PRIME_OF_CODE[a] * _PRIME_OF_CODE[b] * _PRIME_OF_CODE[c] * _PRIME_OF_CODE[d] * _PRIME_OF_CODE[e]
    s = a & 3
    if (b & 3) == s and (c & 3) == s and (d & 3) == s and (e & 3) == s:
        return flush[p]
    return plain[p]


def is_royal_codes(codes: Sequence[int]) -> bool:
    """A straight flush from the ace down to the ten."""
    s = codes[0] & 3
    return all((c & 3) == s for c in codes) and _product(c >> 2 for c in codes) == _ROYAL


def points_of_codes(codes: Sequence[int], table: ScoreTable = ENGLISH, aces: str = "both") -> int:
    """What a line of Poker Patience scores: five cards by the table; fewer as they stand so far."""
    if len(codes) != 5:
        return table.values[partial_category_of_codes(codes)]
    cat = category_of_codes(codes, aces)
    if cat is Category.STRAIGHT_FLUSH and table.royal is not None and is_royal_codes(codes):
        return table.royal
    return table.values[cat]


def partial_category_of_codes(codes: Sequence[int]) -> Category:
    """Up to five cards as they stand: pairs, threes and fours count; a sequence or a flush needs
    all five (for five cards this is ``category_of_codes``)."""
    if len(codes) == 5:
        return category_of_codes(codes)
    if not codes:
        return Category.HIGH_CARD
    p = 1
    for c in codes:
        p *= _PRIME_OF_CODE[c]
    return _PARTIAL[p]


# -- evaluation on cards ---------------------------------------------------------------------------
def _codes(cards: Sequence[Card]) -> list[int]:
    codes = [card_code(c) for c in cards]
    if len(set(codes)) != len(codes):
        raise ValueError(f"a hand holds the same card twice: {' '.join(str(c) for c in cards)}")
    return codes


def category(cards: Sequence[Card], aces: str = "both") -> Category:
    """The category of a five-card hand."""
    _check_aces(aces)
    if len(cards) != 5:
        raise ValueError(f"a poker hand has five cards, not {len(cards)}")
    return category_of_codes(_codes(cards), aces)


def partial_category(cards: Sequence[Card]) -> Category:
    """The category of up to five cards as they stand (see ``partial_category_of_codes``)."""
    if len(cards) > 5:
        raise ValueError(f"a poker hand has at most five cards, not {len(cards)}")
    return partial_category_of_codes(_codes(cards))


def points(cards: Sequence[Card], table: ScoreTable = ENGLISH, aces: str = "both") -> int:
    """Poker Patience points for a line of up to five cards (see ``points_of_codes``)."""
    _check_aces(aces)
    if len(cards) > 5:
        raise ValueError(f"a line holds at most five cards, not {len(cards)}")
    return points_of_codes(_codes(cards), table, aces)


# -- comparing hands (Draw Poker) ------------------------------------------------------------------
def _high(rank: Rank) -> int:
    """The rank's value when the ace is the highest card: 2 … 14."""
    return 14 if rank is Rank.ACE else int(rank)


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """A hand's worth for showdown comparisons: the category, then the ranks that break ties,
    most important first (values 2 … 14, the ace high; a sequence from five down to the ace
    is "five high").  Two hands of equal value divide the pool."""

    category: Category
    ranks: tuple[int, ...]


def hand_value(cards: Sequence[Card], aces: str = "both") -> HandValue:
    cat = category(cards, aces)
    highs = [_high(c.rank) for c in cards]
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = 5 if sorted(highs) == [2, 3, 4, 5, 14] else max(highs)
        return HandValue(cat, (top,))
    # Group by how many of a rank, then by rank: threes before the pair of a full, and so on.
    groups = sorted({(highs.count(h), h) for h in highs}, reverse=True)
    return HandValue(cat, tuple(h for _, h in groups))


_PLURAL = {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
           8: "eights", 9: "nines", 10: "tens", 11: "knaves", 12: "queens", 13: "kings", 14: "aces"}


def hand_name(cards: Sequence[Card], aces: str = "both") -> str:
    """A short description: "a pair of queens", "threes (knaves)", "a straight to the seven"."""
    if len(cards) != 5:
        cat = partial_category(cards)
    else:
        cat = category(cards, aces)
    ranks = [int(c.rank) for c in cards]
    multiples = sorted({r for r in ranks if ranks.count(r) > 1}, key=lambda r: (-ranks.count(r), -_high(Rank(r))))
    if cat is Category.ONE_PAIR:
        return f"a pair of {_PLURAL[multiples[0]]}"
    if cat is Category.TWO_PAIRS:
        return f"two pairs, {_PLURAL[multiples[0]]} and {_PLURAL[multiples[1]]}"
    if cat is Category.THREES:
        return f"threes ({_PLURAL[multiples[0]]})"
    if cat is Category.FOURS:
        return f"fours ({_PLURAL[multiples[0]]})"
    if cat is Category.FULL:
        return f"a full hand, {_PLURAL[multiples[0]]} and {_PLURAL[multiples[1]]}"
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = hand_value(cards, aces).ranks[0]
        name = Rank(1 if top == 14 else top).title
        return f"{cat.title} to the {name}"
    return cat.title


# -- a whole hand's worth as one integer (Draw Poker's computer players) --------------------------
# Added for Draw Poker: its computer players compare many thousands of sampled hands a decision,
# and building a ``HandValue`` (cards, a category, sorted groups) each time costs too much.
_STRENGTH_SHIFT = 20        # the category above five four-bit tie-break ranks


def _strength_tables(aces: str) -> tuple[dict[int, int], dict[int, int]]:
    """(strength by prime product with mixed suits, strength when all five share a suit)."""
    plain_cat, flush_cat = _TABLES[aces]
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        key = _product(ranks)
        if key not in plain_cat:
            continue                                                    # five of a kind
        highs = [14 if r == 0 else r + 1 for r in ranks]
        for table, cats in ((plain, plain_cat), (flush, flush_cat)):
            cat = cats.get(key)
            if cat is None:
                continue                                                # a pair cannot be a flush
            if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
                tie = [5 if sorted(highs) == [2, 3, 4, 5, 14] else max(highs)]
            else:
                tie = [h for _, h in sorted({(highs.count(h), h) for h in highs}, reverse=True)]
            packed = 0
            for k in range(5):
                packed = packed * 16 + (tie[k] if k < len(tie) else 0)
            table[key] = (int(cat) << _STRENGTH_SHIFT) | packed
    return plain, flush


class _StrengthTables(dict[str, tuple[dict[int, int], dict[int, int]]]):
    def __missing__(self, aces: str) -> tuple[dict[int, int], dict[int, int]]:
        _check_aces(aces)
        tables = self[aces] = _strength_tables(aces)
        return tables


_STRENGTHS = _StrengthTables()


def strength_of_codes(codes: Sequence[int], aces: str = "both") -> int:
    """Five card codes as one integer that orders hands exactly as ``hand_value`` does (a larger
    number is a better hand, equal numbers divide the pool); ``strength >> 20`` is the category."""
    a, b, c, d, e = codes
    plain, flush = _STRENGTHS[aces]
    p = _PRIME_OF_CODE[a] * _PRIME_OF_CODE[b] * _PRIME_OF_CODE[c] * _PRIME_OF_CODE[d] * _PRIME_OF_CODE[e]
    s = a & 3
    if (b & 3) == s and (c & 3) == s and (d & 3) == s and (e & 3) == s:
        return flush[p]
    return plain[p]


__all__ += ["strength_of_codes"]


# -- the joker as a wild card (Mistigris) ----------------------------------------------------------
# Added for Mistigris, Draw Poker with the joker: the joker (code ``WILD``) stands for whatever
# card makes the hand best.  It stands for a card the hand does not hold (so a flush is never made
# with two aces of one suit), except that with four of a kind it makes **five of a kind**, a
# category above the straight flush.  A hand holds one joker at most (one in the pack).
WILD = 52


def _wild_strength(four: tuple[int, ...], aces: str) -> int:
    ranks = {c >> 2 for c in four}
    if len(ranks) == 1:                     # four of a kind and the joker: five of a kind
        rank = next(iter(ranks))
        return (int(Category.FIVES) << _STRENGTH_SHIFT) | ((14 if rank == 0 else rank + 1) << 16)
    held = set(four)
    return max(strength_of_codes((*four, c), aces) for c in range(52) if c not in held)


_WILD_CACHE: dict[tuple[tuple[int, ...], str], int] = {}


def wild_strength_of_codes(codes: Sequence[int], aces: str = "both") -> int:
    """``strength_of_codes`` for five codes of the 53-card pack, the joker (``WILD``) wild."""
    if WILD not in codes:
        return strength_of_codes(codes, aces)
    four = tuple(sorted(c for c in codes if c != WILD))
    if len(four) != 4:
        raise ValueError("a hand holds one joker at most")
    key = (four, aces)
    found = _WILD_CACHE.get(key)
    if found is None:
        if len(_WILD_CACHE) > 300_000:      # every four-card hand: 270,725 (and a rule for aces)
            _WILD_CACHE.clear()
        found = _WILD_CACHE[key] = _wild_strength(four, aces)
    return found


def wild_category_of_codes(codes: Sequence[int], aces: str = "both") -> Category:
    return Category(wild_strength_of_codes(codes, aces) >> _STRENGTH_SHIFT)


def _wild_codes(cards: Sequence[Card]) -> list[int]:
    if len(cards) != 5:
        raise ValueError(f"a poker hand has five cards, not {len(cards)}")
    codes = [WILD if c.is_joker else card_code(c) for c in cards]
    if len(set(codes)) != 5:
        raise ValueError(f"a hand holds the same card twice: {' '.join(str(c) for c in cards)}")
    return codes


def wild_hand_value(cards: Sequence[Card], aces: str = "both") -> HandValue:
    """``hand_value`` with the joker wild (a hand without the joker is valued as by ``hand_value``)."""
    _check_aces(aces)
    strength = wild_strength_of_codes(_wild_codes(cards), aces)
    packed = strength & ((1 << _STRENGTH_SHIFT) - 1)
    ranks = tuple(n for n in ((packed >> (4 * k)) & 15 for k in range(4, -1, -1)) if n)
    return HandValue(Category(strength >> _STRENGTH_SHIFT), ranks)


def joker_stands_for(cards: Sequence[Card], aces: str = "both") -> Card | None:
    """The card the joker is best called in ``cards`` (``None`` without the joker); for five of a
    kind, a card of the rank it makes the fifth of."""
    codes = _wild_codes(cards)
    if WILD not in codes:
        return None
    four = [c for c in codes if c != WILD]
    if len({c >> 2 for c in four}) == 1:
        return code_card(four[0])
    best = wild_strength_of_codes(codes, aces)
    # the highest card that gives the best value (a flush's joker is its highest missing card)
    for c in sorted((c for c in range(52) if c not in four), key=lambda c: (-(14 if c >> 2 == 0 else c >> 2),
                                                                             c & 3)):
        if strength_of_codes((*four, c), aces) == best:
            return code_card(c)
    raise AssertionError("no card makes the joker's best")     # pragma: no cover


def wild_hand_name(cards: Sequence[Card], aces: str = "both") -> str:
    """``hand_name`` with the joker wild, saying what it was called: "five of a kind (kings)",
    "threes (knaves), the joker for a knave"."""
    stands = joker_stands_for(cards, aces)
    if stands is None:
        return hand_name(cards, aces)
    value = wild_hand_value(cards, aces)
    if value.category is Category.FIVES:
        return f"five of a kind ({_PLURAL[value.ranks[0]]})"
    filled = [stands if c.is_joker else c for c in cards]
    return f"{hand_name(filled, aces)}, the joker for the {stands.name}"


__all__ += ["WILD", "joker_stands_for", "wild_category_of_codes", "wild_hand_name", "wild_hand_value",
            "wild_strength_of_codes"]


# -- the Tiger (Draw Poker's option) ---------------------------------------------------------------
# Added for the Tiger: seven high down to the deuce, no pair, not a sequence (7 6 5 4 2, 7 6 5 3 2,
# 7 6 4 3 2, 7 5 4 3 2), counted a hand of its own between the straight and the flush; between two
# tigers the higher cards decide as between two hands of nothing.  In the integer strength it lies
# above every straight (whose tie-break is its top card alone, at most 14 in the top nibble) and
# below every flush: the straight's category with 15 in the top nibble, the tiger's other four
# ranks below it.  With the joker wild, the joker may be called the card that completes a tiger.
_TIGER_TOP = 15 << 16


def _tiger_of_codes(codes: Sequence[int]) -> int:
    """The tiger's strength of five plain codes, or 0 when they are no tiger (a flush, which
    ranks higher, is not counted a tiger)."""
    highs = sorted((14 if c >> 2 == 0 else (c >> 2) + 1 for c in codes), reverse=True)
    if highs[0] != 7 or highs[4] != 2 or len(set(highs)) != 5 or highs == [6, 5, 4, 3, 2]:
        return 0
    if len({c & 3 for c in codes}) == 1:
        return 0
    return (int(Category.STRAIGHT) << _STRENGTH_SHIFT) | _TIGER_TOP | \
        (highs[1] << 12) | (highs[2] << 8) | (highs[3] << 4) | highs[4]


def tiger_strength_of_codes(codes: Sequence[int], aces: str = "both") -> int:
    """``wild_strength_of_codes`` with the Tiger counted (the joker, if held, wild)."""
    base = wild_strength_of_codes(codes, aces)
    if WILD not in codes:
        return max(base, _tiger_of_codes(codes))
    four = [c for c in codes if c != WILD]
    best = 0
    for rank in range(1, 7):                # the joker called a two … seven (codes 4 … 27)
        for suit in range(4):
            c = rank * 4 + suit
            if c not in four:
                best = max(best, _tiger_of_codes((*four, c)))
    return max(base, best)


def is_tiger_strength(strength: int) -> bool:
    return strength >> _STRENGTH_SHIFT == Category.STRAIGHT and strength & 0xF0000 == _TIGER_TOP


def value_of_strength(strength: int) -> HandValue:
    """A strength as a ``HandValue`` (a tiger is the straight's category with 15 first in its ranks,
    so that it compares above every straight and below every flush)."""
    packed = strength & ((1 << _STRENGTH_SHIFT) - 1)
    ranks = tuple(n for n in ((packed >> (4 * k)) & 15 for k in range(4, -1, -1)) if n)
    return HandValue(Category(strength >> _STRENGTH_SHIFT), ranks)


def tiger_hand_name(cards: Sequence[Card], aces: str = "both") -> str:
    """``wild_hand_name`` with the Tiger: "a tiger (seven, five, four, three, two)"."""
    codes = _wild_codes(cards)
    strength = tiger_strength_of_codes(codes, aces)
    if not is_tiger_strength(strength):
        return wild_hand_name(cards, aces)
    ranks = [7] + [(strength >> (4 * k)) & 15 for k in range(3, -1, -1)]
    words = ", ".join(Rank(r).title for r in ranks)
    return f"a tiger ({words})" + (", with the joker" if WILD in codes else "")


__all__ += ["is_tiger_strength", "tiger_hand_name", "tiger_strength_of_codes", "value_of_strength"]
