"""Score sheets and stakes for the trick-taking games: running totals per side, lines that cite
their law, and payments of counters between seats.

A *side* is a tuple of seats that score together (a partnership, or one player alone).  The sheet
is a tuple of ``SheetLine`` values, oldest first; the totals are kept beside it so reading them is
cheap.  Everything here is an immutable value, so it lives inside a game state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...core.game import ScoreEvent


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One entry of the score sheet: in deal ``deal``, ``side`` scored ``points`` for ``text``."""

    deal: int
    side: int
    points: int
    text: str
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Sheet:
    """The running score of a game: totals per side, the lines that made them, games won."""

    totals: tuple[int, ...]
    lines: tuple[SheetLine, ...] = ()
    games: tuple[int, ...] = ()

    @classmethod
    def empty(cls, sides: int) -> "Sheet":
        return cls(totals=(0,) * sides, lines=(), games=(0,) * sides)

    def add(self, deal: int, side: int, points: int, text: str, rule: str | None = None) -> "Sheet":
        totals = list(self.totals)
        totals[side] += points
        return Sheet(tuple(totals), self.lines + (SheetLine(deal, side, points, text, rule),), self.games)

    def pay(self, deal: int, payer: int, payee: int, amount: int, text: str,
            rule: str | None = None) -> "Sheet":
        """Counters passing from one side to another: two lines, so the sheet balances."""
        if amount == 0:
            return self
        return (self.add(deal, payee, amount, text, rule)
                .add(deal, payer, -amount, text, rule))

    def win_game(self, side: int) -> "Sheet":
        games = list(self.games)
        games[side] += 1
        return Sheet(self.totals, self.lines, tuple(games))

    def lines_of_deal(self, deal: int) -> tuple[SheetLine, ...]:
        return tuple(line for line in self.lines if line.deal == deal)

    def events(self, sides: Sequence[Sequence[int]]) -> tuple[ScoreEvent, ...]:
        """The sheet as ``ScoreEvent`` values; a side's line is credited to its first seat."""
        return tuple(ScoreEvent(sides[line.side][0], line.points, line.text, line.rule)
                     for line in self.lines)


def side_name(names: Sequence[str], side: Sequence[int]) -> str:
    """"A–B" for a partnership, "A" for a player alone."""
    return "–".join(names[s] for s in side)
