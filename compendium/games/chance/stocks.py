"""The end of a session played for counters (Baccarat, Draw Poker): whoever holds the most wins,
a tie shares the win."""
from __future__ import annotations

from typing import Callable, Sequence

from ...core.game import Outcome, Seat


def most_counters(stocks: Sequence[int], result: str, rule: str | None,
                  seat_name: Callable[[Seat], str]) -> Outcome:
    """The outcome when the session ended for ``result`` (said first, with the law ``rule``)."""
    best = max(stocks)
    top = [s for s, stock in enumerate(stocks) if stock == best]
    share = 1.0 if len(top) == 1 else 0.5
    results = tuple(share if s in top else 0.0 for s in range(len(stocks)))
    names = " and ".join(seat_name(s) for s in top)
    reason = f"{result}; {names} {'has' if len(top) == 1 else 'have'} the most counters ({best})"
    return Outcome(results, reason, rule, tuple(stocks))
