"""The exceptions the rules core raises.  Each carries a message fit to show a player.

Every reader of text or files raises one documented error for bad input, and nothing else: card
notation, hand texts, PBN, FEN, PDN, PGN and position IDs raise ``NotationError``; a saved game or
record raises ``RecordError``.  Both are kinds of ``ValueError``.  Their messages quote at most a short
excerpt of what was read (``excerpt``) and say where the fault is, however long the input.
"""
from __future__ import annotations

EXCERPT = 40     # characters of the input a message quotes at most


def excerpt(text: object, limit: int = EXCERPT) -> str:
    """``text`` as a message quotes it: its ``repr``, cut to about ``limit`` characters with the
    length said, so a 400,000-character paste makes a one-line message, not a megabyte."""
    if not isinstance(text, str):
        text = _short_repr(text, limit)
        return text
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit - 3]!r}… ({len(text):,} characters)"


def _short_repr(value: object, limit: int) -> str:
    try:
        shown = repr(value)
    except (RecursionError, ValueError):    # a deeply nested value, or an int of 5,000 digits
        return f"<{type(value).__name__}>"
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


class CompendiumError(Exception):
    """Base class of every error the application reports to the user."""


class IllegalAction(CompendiumError):
    """An action the rules forbid.  ``rule`` is an anchor reference such as
    ``"canfield_or_klondike#spaces"`` naming the law that decided."""

    def __init__(self, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


class NotationError(CompendiumError, ValueError):
    """Text that does not name a card, a pile or an action."""


class RecordError(CompendiumError, ValueError):
    """A saved game or record that cannot be read.  ``line`` is the 1-based line in the file
    and ``index`` the 0-based position of the offending action, where known."""

    def __init__(self, message: str, *, line: int | None = None, index: int | None = None,
                 action: str | None = None) -> None:
        where = []
        if line is not None:
            where.append(f"line {line}")
        if index is not None:
            where.append(f"action {index + 1}")
        if action is not None:
            where.append(f"{action!r}")
        text = f"{message} ({', '.join(where)})" if where else message
        super().__init__(text)
        self.line = line
        self.index = index
        self.action = action


class UnknownGame(CompendiumError, KeyError):
    """A game id that the registry does not know."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"
