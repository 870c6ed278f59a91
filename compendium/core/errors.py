"""The exceptions the rules core raises.  Each carries a message fit to show a player."""
from __future__ import annotations


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


class RecordError(CompendiumError):
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
