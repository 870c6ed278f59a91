"""Reading and writing cards in the forms the old books print them.

Hoyle, Foster and Lady Cadogan write a card in several ways: "10♦", "♡A", "H.10", "D.Kn",
"the knave of hearts"; hands are printed suit by suit, "♠9 7; ♥A 9 8".  This module reads all
of those (and the ASCII codes a player types: "TD", "10D", "AS") into ``Card`` values, and
writes cards back in any one of a few fixed styles.

Reading is two-stage for speed: the short forms (every rank token against every suit letter and
symbol, both orders) are precomputed into one dict, so the usual case is a single lookup; only
what misses the dict goes on to the regexes for the dotted and the "X of Y" word forms, and,
failing those, to a diagnosis that gives the player a specific reason.

Pure Python; nothing here knows about Qt.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from compendium.core.cards import JOKER, Card, Rank, Suit
from compendium.core.errors import NotationError, excerpt

__all__ = ["FORMAT_STYLES", "format_card", "format_cards", "parse_card", "parse_cards"]

# --- token tables ---------------------------------------------------------------------------

# The short rank tokens, lower case.  "1" is deliberately absent: in a list like "1 10" it is too
# easily a typo for 10, and no book writes the ace so.  "kn" is the knave as Foster prints it.
_RANK_SHORT: dict[str, Rank] = {
    "a": Rank.ACE, "k": Rank.KING, "q": Rank.QUEEN, "j": Rank.JACK, "kn": Rank.JACK,
    "t": Rank.TEN, "10": Rank.TEN,
    **{str(v): Rank(v) for v in range(2, 10)},
}

# Ranks as words, for "ten of diamonds".  The short tokens are allowed too ("10 of diamonds",
# "Q of spades"), and the old names: deuce, trey (also spelt tray), knave.
_RANK_WORDS: dict[str, Rank] = {
    **_RANK_SHORT,
    "ace": Rank.ACE, "two": Rank.TWO, "deuce": Rank.TWO, "three": Rank.THREE,
    "trey": Rank.THREE, "tray": Rank.THREE, "four": Rank.FOUR, "five": Rank.FIVE,
    "six": Rank.SIX, "seven": Rank.SEVEN, "eight": Rank.EIGHT, "nine": Rank.NINE,
    "ten": Rank.TEN, "knave": Rank.JACK, "jack": Rank.JACK, "queen": Rank.QUEEN,
    "king": Rank.KING,
}

_SUIT_LETTERS: dict[str, Suit] = {s.letter.lower(): s for s in Suit}

# Both the black (filled) and the white (outline) symbols; books and fonts use either.
_SUIT_SYMBOLS: dict[str, Suit] = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♠": Suit.SPADES, "♤": Suit.SPADES,
}

_SUIT_MARKS: dict[str, Suit] = {**_SUIT_LETTERS, **_SUIT_SYMBOLS}

_SUIT_WORDS: dict[str, Suit] = {
    **_SUIT_SYMBOLS,
    "clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES,
    # The singular turns up in "ace of heart"-style typing; it names nothing else, so allow it.
    "club": Suit.CLUBS, "diamond": Suit.DIAMONDS, "heart": Suit.HEARTS, "spade": Suit.SPADES,
}

_JOKER_FORMS = ("joker", "the joker", "jo", "jk", "🃏")

# What a hand-list may use as a suit marker in front of its ranks: "♠", "S", "spades", "S:".
_GROUP_MARKS: dict[str, Suit] = {**_SUIT_MARKS, **{w: s for w, s in _SUIT_WORDS.items()
                                                   if w.endswith("s") and len(w) > 1}}

# --- the precomputed short forms ------------------------------------------------------------

# Each value is (card, suit_marker): the marker is the suit when the card was written suit first
# ("♥A", "SQ", "H.10"), because in a hand list such a card also opens a suit group for the bare
# ranks after it ("♥A 9 8"); rank-first cards ("AS") open no group.
_Hit = tuple[Card, Suit | None]


def _build_forms() -> dict[str, _Hit]:
    forms: dict[str, _Hit] = {}
    # Rank-first forms go in first and suit-first ones only by setdefault, so should a string
    # ever read both ways the rank-first reading wins.  With today's tokens the two sets are
    # disjoint (no rank token begins with c, d, h or s), which the tests check.
    for token, rank in _RANK_SHORT.items():
        for mark, suit in _SUIT_MARKS.items():
            card = Card(rank, suit)
            forms[token + mark] = (card, None)
            if mark in _SUIT_SYMBOLS:
                forms[f"{token} {mark}"] = (card, None)  # "10 ♦"
    for token, rank in _RANK_SHORT.items():
        for mark, suit in _SUIT_MARKS.items():
            card = Card(rank, suit)
            forms.setdefault(mark + token, (card, suit))
            if mark in _SUIT_SYMBOLS:
                forms.setdefault(f"{mark} {token}", (card, suit))  # "♠ 10"
    for text in _JOKER_FORMS:
        forms[text] = (JOKER, None)
    return forms


_FORMS: dict[str, _Hit] = _build_forms()

_SUIT_CLASS = "[cdhs♣♧♦♢♥♡♠♤]"
# "H.10", "D.Kn", and after normalisation also "h. 10" / "h .10" (spaces are single by then).
_DOTTED_RE = re.compile(rf"(?P<suit>{_SUIT_CLASS}) ?\. ?(?P<rank>[^\s.]+)")
# "[the] <rank> of <suit>": exactly one rank word and one suit word, so "Q of spades of hearts"
# does not match.
_WORDS_RE = re.compile(r"(?:the )?(?P<rank>\S+) of (?P<suit>\S+)")

# Only ASCII letters are folded: ``str.lower``/``casefold`` would also turn the Kelvin sign into
# "k" or the ligature "ﬅ" into "st" (ten of spades), which nobody means as a card.
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
# Emoji presentation selectors ("♥️") carry no meaning for us.
_DROP = {0xFE0E: None, 0xFE0F: None}

_ACCEPTED = 'expected forms like 10♦, ♡A, TD, H.10 or "knave of hearts"'


def _normalise(text: str) -> str:
    return " ".join(text.translate(_DROP).translate(_ASCII_LOWER).split())


def _quote(text: object) -> str:
    """The input as the message shows it; very long text is cut so the message stays readable."""
    return excerpt(text)


def _lookup(norm: str) -> _Hit | None:
    """The card ``norm`` (already normalised) names, with its suit marker, or None."""
    hit = _FORMS.get(norm)
    if hit is not None:
        return hit
    m = _DOTTED_RE.fullmatch(norm)
    if m is not None:
        rank = _RANK_SHORT.get(m["rank"])
        if rank is None:
            return None
        suit = _SUIT_MARKS[m["suit"]]
        return Card(rank, suit), suit
    m = _WORDS_RE.fullmatch(norm)
    if m is not None:
        rank = _RANK_WORDS.get(m["rank"])
        word_suit = _SUIT_WORDS.get(m["suit"])
        if rank is None or word_suit is None:
            return None
        return Card(rank, word_suit), None
    return None


def _diagnose(norm: str) -> str | None:
    """A specific reason ``norm`` is not a card, where one can be given cheaply."""
    if not norm:
        return "the text is empty"
    if norm in _SUIT_WORDS or norm in _SUIT_MARKS:
        return "a suit with no rank"
    if norm in _RANK_WORDS:
        return "a rank with no suit"
    numbers = re.findall(r"[0-9]+", norm)
    if len(numbers) == 1:
        if numbers[0] == "1":
            return "write A for the ace ('1' is not accepted, it is too easily mistaken for 10)"
        # int() of a number of thousands of digits raises a plain ValueError: no rank is that long
        if len(numbers[0]) > 2 or int(numbers[0]) == 0 or int(numbers[0]) > 10:
            number = numbers[0] if len(numbers[0]) <= 12 else numbers[0][:9] + "…"
            return f"there is no rank {number}"
    if norm.count(" of ") > 1:
        return "more than one 'of'"
    m = _WORDS_RE.fullmatch(norm)
    if m is not None:
        if m["rank"] not in _RANK_WORDS:
            return f"unknown rank {excerpt(m['rank'], 20)}"
        if m["suit"] not in _SUIT_WORDS:
            return f"unknown suit {excerpt(m['suit'], 20)}"
    return None


def _not_a_card(text: object, norm: str | None) -> NotationError:
    hint = _diagnose(norm) if norm is not None else "not text"
    reason = f"{hint}; {_ACCEPTED}" if hint else _ACCEPTED
    return NotationError(f"{_quote(text)} is not a card: {reason}")


def parse_card(text: str) -> Card:
    """The card ``text`` names, in any of the book forms; NotationError if it names none.

    Case and surrounding whitespace do not matter.  Accepted: "10♦", "10 ♦", "♡A", "TD", "10D",
    "S10", "H.10", "D.Kn", "KnH", "knave of hearts", "the queen of clubs", "deuce of clubs",
    "joker", "Jo", "JK", "🃏".
    """
    if not isinstance(text, str):
        raise _not_a_card(text, None)
    norm = _normalise(text)
    hit = _lookup(norm)
    if hit is None:
        raise _not_a_card(text, norm)
    return hit[0]


# --- lists and suit-grouped hands ----------------------------------------------------------

_SEPARATORS = re.compile(r"[\s,]+")


def parse_cards(text: str) -> tuple[Card, ...]:
    """The cards of a list ("AS KH 10♦, ♡A") or of a hand printed suit by suit
    ("♠9 7; ♥A 9 8; ♣J 10 7; ♦J 10 9 8").

    A suit marker ("♠", "S", "spades", "S:") or a card written suit first ("♥A", "H.10") opens
    a group: bare ranks after it are of that suit, until the next marker, a card written rank
    first, or a ';'.  Errors name the bad item by its 1-based position in the text.
    """
    if not isinstance(text, str):
        raise NotationError(f"{_quote(text)} is not a list of cards: expected text")
    cards: list[Card] = []
    item = 0
    for segment in text.split(";"):
        tokens = [t for t in _SEPARATORS.split(segment) if t]
        norms = [_normalise(t) for t in tokens]
        group: Suit | None = None
        open_marker: tuple[int, str] | None = None  # (item, token) of a marker still without ranks
        i = 0
        while i < len(tokens):
            item += 1
            start = i
            # Word forms span several tokens: "[the] X of Y" and "the joker".
            if i + 2 < len(tokens) and norms[i + 1] == "of":
                i += 3
            elif norms[i] == "the" and i + 3 < len(tokens) and norms[i + 2] == "of":
                i += 4
            elif norms[i] == "the" and i + 1 < len(tokens):
                i += 2
            else:
                i += 1
            original = " ".join(tokens[start:i])
            norm = " ".join(norms[start:i])

            if i - start == 1:
                mark = norm[:-1] if norm.endswith(":") and len(norm) > 1 else norm
                if mark in _GROUP_MARKS:
                    if open_marker is not None:
                        raise _empty_group(text, *open_marker)
                    group = _GROUP_MARKS[mark]
                    open_marker = (item, original)
                    continue
                if norm in _RANK_WORDS:
                    rank = _RANK_WORDS[norm]
                    if group is not None:
                        cards.append(Card(rank, group))
                        open_marker = None
                        continue
                    # "10 ♦" inside a list: a bare rank with no group, then a lone suit symbol.
                    if i < len(tokens) and norms[i] in _SUIT_SYMBOLS:
                        cards.append(Card(rank, _SUIT_SYMBOLS[norms[i]]))
                        i += 1
                        continue
                    raise NotationError(
                        f"item {item} of {_quote(text)}: {original!r} is a rank with no suit "
                        f"before it; write the suit first, as in '♠Q 10 8'")

            hit = _lookup(norm)
            if hit is None:
                raise NotationError(f"item {item} of {_quote(text)}: {_not_a_card(original, norm)}")
            if open_marker is not None:
                raise _empty_group(text, *open_marker)
            card, marker = hit
            cards.append(card)
            # A suit-first card opens a group; a rank-first one ends any group, since "AH 8"
            # would not be read by anyone as putting the 8 in the previous suit.
            group = marker
        if open_marker is not None:
            raise _empty_group(text, *open_marker)
    return tuple(cards)


def _empty_group(text: str, item: int, token: str) -> NotationError:
    return NotationError(f"item {item} of {_quote(text)}: suit marker {token!r} has no ranks "
                         f"after it; {_ACCEPTED}")


# --- writing -------------------------------------------------------------------------------

def _symbol(card: Card) -> str:
    return str(card)


def _symbol_first(card: Card) -> str:
    return "Joker" if card.suit is None else f"{card.suit.symbol}{card.rank.short}"


def _ascii(card: Card) -> str:
    # Two characters always: T for the ten, JK for the joker.
    if card.suit is None:
        return "JK"
    return ("T" if card.rank is Rank.TEN else card.rank.short) + card.suit.letter


def _code(card: Card) -> str:
    return card.code


def _dotted(card: Card) -> str:
    # The old books' "D.Kn": suit letter, a dot, the index, with Kn for the knave.
    if card.suit is None:
        return "Joker"
    return f"{card.suit.letter}.{'Kn' if card.rank is Rank.JACK else card.rank.short}"


def _words(card: Card) -> str:
    return card.name


_FORMATTERS = {
    "symbol": _symbol,
    "symbol-first": _symbol_first,
    "ascii": _ascii,
    "code": _code,
    "dotted": _dotted,
    "words": _words,
}

FORMAT_STYLES: tuple[str, ...] = tuple(_FORMATTERS)


def format_card(card: Card, style: str = "symbol") -> str:
    """``card`` written in ``style``: "symbol" 10♦, "symbol-first" ♦10, "ascii" TD, "code" 10D,
    "dotted" D.10, "words" ten of diamonds.  Whatever it writes, ``parse_card`` reads back."""
    formatter = _FORMATTERS.get(style)
    if formatter is None:
        raise NotationError(f"unknown card style {style!r}: expected one of "
                            f"{', '.join(FORMAT_STYLES)}")
    return formatter(card)


def format_cards(cards: Iterable[Card], style: str = "symbol") -> str:
    """The cards written in ``style``, separated by spaces; ``parse_cards`` reads it back."""
    return " ".join(format_card(card, style) for card in cards)
