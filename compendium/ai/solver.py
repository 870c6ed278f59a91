"""The patience solver: "can this deal still be won?", and a winning line when it can.

A depth-first search over the game's own legal actions (so it never breaks a rule), with a
transposition table on a canonical form of the position and moves tried most promising first.
It looks at the cards as they lie, face-down ones included: it answers for this deal, not for
what the player can see, so the table offers it as a question the player asks, never as a hint.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable

from ..games.patience.engine import Draw, Move, PatienceGame, PatienceState, PileKind, Redeal


class Verdict(Enum):
    WINNABLE = "winnable"
    LOST = "lost"              # every line was tried: no win
    UNKNOWN = "unknown"        # the budget ran out first


@dataclass
class SolveResult:
    verdict: Verdict
    line: list[Any] = field(default_factory=list)   # the winning actions, from the position given
    nodes: int = 0
    seconds: float = 0.0


class _OutOfBudget(Exception):
    pass


def _order(game: PatienceGame, state: PatienceState, legal: tuple[Any, ...]) -> list[Any]:
    """Most promising first: cards home, then moves that turn a card up or empty a pile, then
    other moves, then the stock."""
    specs, index = game._specs_of(state)
    home, reveal, other, stock = [], [], [], []
    for action in legal:
        if isinstance(action, Move):
            dst = specs[index[action.dst]]
            si = index[action.src]
            left = len(state.piles[si]) - action.count
            if dst.kind is PileKind.FOUNDATION:
                home.append(action)
            elif left > 0 and state.down[si] == left:
                reveal.append(action)
            elif specs[si].kind is PileKind.FOUNDATION:
                stock.append(action)  # taking back from a foundation: last resort
            else:
                other.append(action)
        else:
            stock.append(action)
    stock.sort(key=lambda a: 0 if isinstance(a, Draw) else (1 if isinstance(a, Redeal) else 2))
    return home + reveal + other + stock


def solve(game: PatienceGame, state: PatienceState, budget_s: float = 2.0, max_nodes: int = 2_000_000,
          cancelled: Callable[[], bool] | None = None) -> SolveResult:
    start = time.perf_counter()
    deadline = start + budget_s
    seen: set[Any] = set()
    nodes = 0
    line: list[Any] = []

    def visit(s: PatienceState) -> bool:
        nonlocal nodes
        if game.is_won(s):
            return True
        key = game.canonical_key(s)
        if key in seen:
            return False
        seen.add(key)
        nodes += 1
        if nodes % 512 == 0 and (time.perf_counter() > deadline or nodes > max_nodes
                                 or (cancelled is not None and cancelled())):
            raise _OutOfBudget
        forced = game.safe_home_move(s)
        options = (forced,) if forced is not None else _order(game, s, game.legal_actions(s, 0))
        for action in options:
            line.append(action)
            if visit(game.apply(s, action)):
                return True
            line.pop()
        return False

    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        won = visit(state)
        verdict = Verdict.WINNABLE if won else Verdict.LOST
    except _OutOfBudget:
        verdict, line = Verdict.UNKNOWN, []
    finally:
        sys.setrecursionlimit(limit)
    return SolveResult(verdict, list(line) if verdict is Verdict.WINNABLE else [], nodes,
                       time.perf_counter() - start)
