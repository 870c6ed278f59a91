"""Small aids shared by the hints of several of Lady Cadogan's patiences (The Congress, The
Carpet, The Besieged City, Spenser's Fairie Queen, Sly, Mount Olympus).

* ``HintPlayer``: the computer player of a patience that plays the game's own hint.  The shared
  ``PatiencePlayer`` counts every turn of the stock as an idle turn and gives up when they
  outnumber the cards in hand, which suits a stock gone round and round but stops a pack dealt
  card by card (Spenser's Fairie Queen, Sly) half-way through its deal.
* ``best_line``: a best-first search among the moves the player can see, for the line that most
  improves a position by a game's own measure; hints follow it move by move (``Plans``), so a
  player who asks at every move is shown one consistent plan and pays for one search only.
"""

from __future__ import annotations

import heapq
from typing import Any, Callable, Sequence

from ...games.patience.engine import Move, PatienceAction, PatienceGame, PatienceState, PatienceView
from .heuristic import PatienceAI, PatienceHeuristic, hint


class HintPlayer:
    """Plays the game's own advice -- its computer side's ``advise(game, state, level)`` where it looks ahead,
    with more search at higher levels, else its hint; ``None`` (nothing useful left) ends the
    game."""

    def __init__(self, level: int = 2, ai: Any = None) -> None:
        self.level = level
        self.ai = ai       # the game's computer side, whose ``advise`` looks ahead (if it has one)

    def choose(self, game: Any, view: PatienceView, legal: Sequence[PatienceAction],
               state: Any = None) -> PatienceAction | None:
        if state is not None:
            advise = getattr(self.ai, "advise", None)
            return advise(game, state, self.level) if advise is not None else hint(game, state, 0)
        return PatienceHeuristic().best(game, view, legal)


# Positions a hint's search may look at, by level: level 1 answers at once (the demo in the
# conformance checks), level 2 is the table's hint, level 3 looks further.
LEVEL_SCALE = {1: 0.35, 2: 1.0, 3: 2.5}


def scaled(budget: int, level: int) -> int:
    return max(20, int(budget * LEVEL_SCALE.get(level, 1.0)))


def best_line(game: PatienceGame, state: PatienceState, value: Callable[[PatienceState], float],
              budget: int = 1500,
              allowed: Callable[[PatienceState, PatienceAction], bool] | None = None,
              key: Callable[[PatienceState], Any] | None = None) -> tuple[float, list[PatienceAction]]:
    """The line (of card moves, or of the actions ``allowed(position, action)`` accepts) leading to the position
    ``value`` rates highest among the ``budget`` positions searched best first, with its gain
    over ``state``; ``(0, [])`` when nothing improves it.  The caller makes sure the search sees
    no more than the player does: card moves never turn a hidden card."""
    allowed = allowed or (lambda s, a: isinstance(a, Move))
    key = key or (lambda s: s.piles)
    start = value(state)
    best_value, best_node = start, None
    parents: dict[Any, tuple[Any, PatienceAction | None]] = {key(state): (None, None)}
    frontier: list[tuple[float, int, PatienceState]] = [(-start, 0, state)]
    tick = 1
    expanded = 0
    while frontier and expanded < budget:
        _, _, node = heapq.heappop(frontier)
        expanded += 1
        node_key = key(node)
        for action in game.legal_actions(node, 0):
            if not allowed(node, action):
                continue
            child = game.apply(node, action)
            child_key = key(child)
            if child_key in parents:
                continue
            parents[child_key] = (node_key, action)
            v = value(child)
            if v > best_value + 1e-9:
                best_value, best_node = v, child_key
            heapq.heappush(frontier, (-v, tick, child))
            tick += 1
    if best_node is None:
        return 0.0, []
    line: list[PatienceAction] = []
    walk: Any = best_node
    while True:
        parent, action = parents[walk]
        if action is None:
            break
        line.append(action)
        walk = parent
    line.reverse()
    return best_value - start, line


class Plans:
    """Remembered lines: the next action planned from each position met along them."""

    def __init__(self, limit: int = 20_000) -> None:
        self.next: dict[Any, PatienceAction] = {}
        self.limit = limit

    def get(self, key: Any, legal: Sequence[PatienceAction]) -> PatienceAction | None:
        action = self.next.get(key)
        return action if action is not None and action in legal else None

    def remember(self, game: PatienceGame, state: PatienceState, line: Sequence[PatienceAction],
                 key: Callable[[PatienceState], Any] | None = None) -> None:
        key = key or (lambda s: s.piles)
        if len(self.next) > self.limit:
            self.next.clear()
        walk = state
        for action in line:
            self.next[key(walk)] = action
            walk = game.apply(walk, action)


class HintPlayerAI(PatienceAI):
    """A patience whose computer player plays its own hint (or its ``advise``, where the game's
    computer side has one that looks further at higher levels)."""

    def player(self, game: Any, level: int = 2) -> Any:
        return HintPlayer(level, self)
