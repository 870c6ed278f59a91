"""Fortress: the computer's side -- the hint and the solver's model."""
from __future__ import annotations

import heapq
import time
from typing import Any, Sequence

from ...games.patience.engine import Move, PatienceAction, PatienceState, PatienceView, PileKind
from ..solver import RowsModel, best_first
from .heuristic import PatienceAI


def _view_key(view: PatienceView) -> tuple:
    return tuple((p.name, tuple(c.id for c in p.cards)) for p in view.piles)


# -- the search ----------------------------------------------------------------------------------
# Cards are small integers (suit * 16 + rank); a position is the tuple of rows (bottom to top) and
# the rank reached on each suit's foundation.  Sending a card home is never a mistake in Fortress
# (the only card that could be married on it is the next one of its suit, which may then go home
# as well), so the search plays every such move at once and branches only on the marriages.

def _home_all(rows: list[list[int]], home: list[int], moves: list[tuple[int, int]]) -> None:
    moved = True
    while moved:
        moved = False
        for i, row in enumerate(rows):
            while row and (row[-1] & 15) == home[row[-1] >> 4] + 1:
                card = row.pop()
                home[card >> 4] += 1
                moves.append((i, -1 - (card >> 4)))
                moved = True


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


def search(rows0: Sequence[Sequence[int]], home0: Sequence[int], seconds: float,
           max_nodes: int = 1_000_000) -> tuple[list[tuple[int, int]], bool]:
    """Best-first search; returns (moves, won).  A move is (src row, dst row) or (src row, -1 - suit)
    for a card sent home.  The moves lead to the best position found."""
    deadline = time.process_time() + seconds
    rows = [list(r) for r in rows0]
    home = list(home0)
    first: list[tuple[int, int]] = []
    _home_all(rows, home, first)
    start = (tuple(tuple(r) for r in rows), tuple(home))
    parents: dict[tuple, tuple[tuple | None, list[tuple[int, int]]]] = {}
    generated: set = {(tuple(sorted(start[0])), start[1])}
    best_value = _value(*start)
    best = start
    parents[start] = (None, first)
    heap: list[tuple[float, int, tuple]] = [(best_value, 0, start)]
    counter = 1
    nodes = 0
    won = sum(home) == 52
    while heap and not won:
        nodes += 1
        if nodes & 127 == 0 and (time.process_time() > deadline or nodes > max_nodes):
            break
        _, _, node = heapq.heappop(heap)
        rows_t, home_t = node
        tops = [(r[-1] if r else -1) for r in rows_t]
        lanes = [j for j, t in enumerate(tops) if t < 0]
        for i, row in enumerate(rows_t):
            if not row:
                continue
            card = row[-1]
            # moves to a lane: one lane is as good as another, and a lone card gains nothing
            targets = [j for j, top in enumerate(tops)
                       if j != i and top >= 0 and (top >> 4) == (card >> 4) and abs((top & 15) - (card & 15)) == 1]
            if lanes and len(row) > 1:
                targets.append(lanes[0])
            for j in targets:
                new_rows = [list(r) for r in rows_t]
                new_rows[j].append(new_rows[i].pop())
                new_home = list(home_t)
                moves = [(i, j)]
                _home_all(new_rows, new_home, moves)
                child = (tuple(tuple(r) for r in new_rows), tuple(new_home))
                ckey = (tuple(sorted(child[0])), child[1])
                if ckey in generated:
                    continue
                generated.add(ckey)
                parents[child] = (node, moves)
                v = _value(*child)
                if v < best_value:
                    best_value, best = v, child
                if sum(new_home) == 52:
                    best, won = child, True
                    break
                heapq.heappush(heap, (v, counter, child))
                counter += 1
            if won:
                break
    line: list[tuple[int, int]] = []
    node: tuple | None = best
    while node is not None:
        parent, moves = parents[node]
        line[:0] = moves
        node = parent
    return line, won


def plan_from_view(view: PatienceView, seconds: float) -> list[Move]:
    """The moves of the best line the search finds from ``view``, as table moves; empty when the
    search sees nothing better than the position as it stands."""
    rows_names = [p.name for p in view.piles if p.kind is PileKind.TABLEAU]
    found_names = [p.name for p in view.piles if p.kind is PileKind.FOUNDATION]
    rows: list[list[int]] = []
    for name in rows_names:
        cards = view.pile(name).cards
        if any(c.face is None for c in cards):
            return []
        rows.append([_code(c.face) for c in cards])  # type: ignore[arg-type]
    home = [0, 0, 0, 0]
    suit_pile: dict[int, str] = {}
    for name in found_names:
        cards = view.pile(name).cards
        if cards and cards[-1].face is not None:
            top = cards[-1].face
            s = _code(top) >> 4
            home[s] = int(top.rank)
            suit_pile[s] = name
    start_value = _value(rows, home)
    line, won = search(rows, home, seconds)
    if not line:
        return []
    # Replay the line to see where it leads; keep it only if it improves the position.
    r2 = [list(r) for r in rows]
    h2 = list(home)
    for src, dst in line:
        card = r2[src].pop()
        if dst < 0:
            h2[card >> 4] += 1
        else:
            r2[dst].append(card)
    if not won and _value(r2, h2) >= start_value:
        return []
    free = [n for n in found_names if n not in suit_pile.values()]
    out: list[Move] = []
    for src, dst in line:
        if dst < 0:
            suit = -1 - dst
            if suit not in suit_pile:
                suit_pile[suit] = free.pop(0)
            out.append(Move(rows_names[src], suit_pile[suit]))
        else:
            out.append(Move(rows_names[src], rows_names[dst]))
    return out


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


def plan(game: Any, state: PatienceState, seconds: float, max_nodes: int = 1_000_000) -> tuple[list[Move], bool]:
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


def _code(card) -> int:  # type: ignore[no-untyped-def]
    return "CDHS".index(card.suit.letter) * 16 + int(card.rank)


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
        plan = plan_from_view(view, HINT_SECONDS)
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
