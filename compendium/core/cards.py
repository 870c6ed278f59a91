"""Suits, ranks, cards and the packs the books call for.

A ``Card`` is a face: two packs hold two equal ``Card`` values.  Games tell physical cards apart
by an integer *physical id* (the position of the card in the shuffled pack), which reveals nothing
about its face; see ``compendium.core.game.ViewCard``.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum


class Colour(Enum):
    RED = "red"
    BLACK = "black"


class Suit(Enum):
    """The four suits, in the order clubs, diamonds, hearts, spades (bridge order, low to high)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        return self.value

    def __lt__(self, other: object) -> bool:
        # Ordered as declared (clubs < diamonds < hearts < spades), so that a hand can be sorted.
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self.value] < _SUIT_ORDER[other.value]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK

    @property
    def title(self) -> str:
        return self.name.lower()


_SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(IntEnum):
    """Ranks by their pip value; the ace is 1.  Games that rank the ace high say so themselves."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def short(self) -> str:
        """The index printed in a card's corner: A 2 … 10 J Q K (and "Jo" for the joker)."""
        return _RANK_SHORT[self]

    @property
    def title(self) -> str:
        return _RANK_TITLE[self]


_RANK_SHORT = {Rank.JOKER: "Jo", Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K",
               **{Rank(v): str(v) for v in range(2, 11)}}
_RANK_TITLE = {Rank.JOKER: "joker", Rank.ACE: "ace", Rank.TWO: "two", Rank.THREE: "three",
               Rank.FOUR: "four", Rank.FIVE: "five", Rank.SIX: "six", Rank.SEVEN: "seven",
               Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "knave",
               Rank.QUEEN: "queen", Rank.KING: "king"}

SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

# Plain attributes for the rules' hot paths (the solver asks millions of times): an Enum property
# costs a Python call each time, a plain attribute a dictionary lookup.
for _suit in SUITS:
    _suit.is_red = _suit in (Suit.DIAMONDS, Suit.HEARTS)  # type: ignore[attr-defined]
    _suit.order = _SUIT_ORDER[_suit.value]  # type: ignore[attr-defined]
RANKS: tuple[Rank, ...] = tuple(Rank(v) for v in range(1, 14))


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card face.  The joker has ``rank == Rank.JOKER`` and no suit."""

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise ValueError("only the joker has no suit")

    def __hash__(self) -> int:
        # Cards are keys in every move generator, search and solver: hashing plain integers is
        # several times faster than the generated hash, which goes through Enum's Python-level
        # __hash__ for the suit (and is the same in every process, unlike a hash of the name).
        return self.rank * 5 + (4 if self.suit is None else self.suit.order)  # type: ignore[attr-defined]

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def colour(self) -> Colour | None:
        return None if self.suit is None else self.suit.colour

    @property
    def code(self) -> str:
        """Compact ASCII code: "AS", "10H", "QD", "JOKER".  Stable: used in file names and art keys."""
        return "JOKER" if self.suit is None else f"{self.rank.short}{self.suit.letter}"

    def __str__(self) -> str:
        return "Joker" if self.suit is None else f"{self.rank.short}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def name(self) -> str:
        """The long English name the books use: "knave of hearts"."""
        return "the joker" if self.suit is None else f"{self.rank.title} of {self.suit.title}"


JOKER = Card(Rank.JOKER, None)


def standard_pack() -> tuple[Card, ...]:
    """The 52-card pack, suit by suit, ace to king."""
    return tuple(Card(r, s) for s in SUITS for r in RANKS)


def pack(*, ranks: tuple[Rank, ...] = RANKS, jokers: int = 0, copies: int = 1) -> tuple[Card, ...]:
    """A pack built from ``ranks`` in every suit, with ``jokers`` jokers, repeated ``copies`` times."""
    one = tuple(Card(r, s) for s in SUITS for r in ranks) + (JOKER,) * jokers
    return one * copies


PIQUET_RANKS = (Rank.ACE, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
SCOTCH_RANKS = (Rank.ACE, Rank.SIX) + PIQUET_RANKS[1:]
FORTY_RANKS = (Rank.ACE,) + tuple(Rank(v) for v in range(5, 14))  # 2, 3, 4 removed

# Every pack the catalogue calls for, by name.
PACKS: dict[str, tuple[Card, ...]] = {
    "52": pack(),
    "52+joker": pack(jokers=1),
    "piquet32": pack(ranks=PIQUET_RANKS),
    "piquet32+joker": pack(ranks=PIQUET_RANKS, jokers=1),
    "36": pack(ranks=SCOTCH_RANKS),
    "40": pack(ranks=FORTY_RANKS),
    "2x52": pack(copies=2),
    "3x52": pack(copies=3),
    "6x52": pack(copies=6),
}
