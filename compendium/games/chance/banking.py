"""What the banking card games share (Vingt-Un, Blind Hookey): a dealer who holds the bank,
punters numbered round the table, a shuffle as the only chance, stakes between one counter and
the table's maximum (or the punter's whole stock, if less)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from ...core.game import A, Game, Seat, Special, V
from ...core.rules import rule_ref


@dataclass(frozen=True, slots=True)
class Shuffle:
    """The pack (or the used cards) shuffled with shuffle number ``seed``."""

    seed: int


S = TypeVar("S")   # a banking game's state: n, stocks, phase, turn, option()


class BankingGame(Game[S, A, V]):
    """The protocol's plumbing common to the banking games; each declares its own state, laws
    and settling."""

    minimum = 1            # the smallest stake

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def seat_count(self, state: S) -> int:
        n: int = getattr(state, "n")
        return n

    def seat_name(self, seat: Seat) -> str:
        return f"Player {seat + 1}"

    def to_move(self, state: S) -> Seat | Special:
        s: Any = state
        if s.phase == "shuffle":
            return Special.CHANCE
        if s.phase == "over" or s.turn is None:
            return Special.TERMINAL
        turn: Seat = s.turn
        return turn

    def chance_action(self, state: S, seed: int) -> Any:
        return Shuffle(seed)

    def stake_limit(self, state: S, seat: Seat) -> int:
        s: Any = state
        stock: int = s.stocks[seat]
        return max(self.minimum, min(int(s.option("maximum")), stock))
