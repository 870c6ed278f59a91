"""Fortress: the computer's side -- the hint and the solver's model."""
from __future__ import annotations

import time
from typing import Any, Sequence

from ...games.patience.engine import Move, PatienceAction, PatienceState, PatienceView
from ..solver import RowsModel, best_first
from .heuristic import PatienceAI


def _view_key(view: PatienceView) -> tuple:
    return tuple((p.name, tuple(c.id for c in p.cards)) for p in view.piles)


# -- the hint's look-ahead --------------------------------------------------------------------------
# A best-first search of the shared solver over its model of the rows (``RowsModel``: cards as
# small integers, suit * 16 + rank; every card that can go home goes at once, which is never a
# mistake in Fortress), led by ``_value``; the hint follows the best line it finds.


def _value(rows: Sequence[Sequence[int]], home: Sequence[int]) -> float:
    """Lower is better: the cards still out, then how deep the next cards wanted lie."""
    out = 52 - sum(home)
    depth = 0
    lanes = 0
    for row in rows:
        if not row:
            lanes += 1
            continue
        n = len(row)
        for pos, card in enumerate(row):
            rank = card & 15
            need = home[card >> 4] + 1
            if rank <= need + 1:
                depth += n - 1 - pos
    return out * 10 + depth - 3 * lanes


def _home_ranks(founds: Sequence[int]) -> list[int]:
    """The rank reached on each suit's foundation, from the model's foundation tops."""
    home = [0, 0, 0, 0]
    for top in founds:
        if top:
            home[top >> 4] = top & 15
    return home


def _cost(position: Any) -> float:
    """``_value`` of a position of the solver's model (rows, foundation tops)."""
    rows, founds = position
    return _value(rows, _home_ranks(founds))


def plan_line(game: Any, state: PatienceState, seconds: float, max_nodes: int = 1_000_000) -> tuple[list[Move], bool]:
    """The moves of the best line a best-first search finds over the solver's model of the rows
    (``RowsModel``: the same moves, safe moves and prunes as the solver), and whether it wins;
    no moves when it sees nothing better than the position as it stands.  Every card of Fortress
    lies face up, so the position is no more than the player sees."""
    if not state.deck or any(state.down):
        return [], False
    model = RowsModel(game, state)
    labels, end, won, _ = best_first(model, _cost, time.process_time() + seconds, max_nodes)
    line = model.actions(labels)
    if not line or (not won and _cost(end) >= _value(model.start_piles, _home_ranks(model.start_founds))):
        return [], won
    return line, won


HINT_SECONDS = 0.15      # the hint's search budget


class FortressAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int) -> PatienceAction | None:
        if not state.deck:
            return None
        view = game.view(state, 0)
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        key = _view_key(view)
        cache: dict = game.__dict__.setdefault("_plan_cache", {})
        planned = cache.get(key)
        if planned is not None and planned in legal:
            return planned
        plan, _ = plan_line(game, state, HINT_SECONDS)
        if not plan:
            return None
        if len(cache) > 5000:
            cache.clear()
        # Remember the whole line, so that following it costs nothing.
        walk = state
        for action in plan:
            if action not in game.legal_actions(walk, 0):
                break
            cache[_view_key(game.view(walk, 0))] = action
            walk = game.apply(walk, action)
        return plan[0] if plan[0] in legal else None

    def solver_model(self, game: Any, state: PatienceState) -> object:
        """The solver's compact model of the rows, with its safe moves and symmetries; ``None``
        for a position it does not know (the engine is searched)."""
        from ..solver import RowsModel
        return RowsModel(game, state) if RowsModel.applies(game, state) else None


AI = FortressAI()
