"""Nestor: the computer's side -- the hint and the solver's model."""
from __future__ import annotations

import time
from typing import Any, Sequence

from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, PatienceView, PileKind
from ..solver import PairModel
from .heuristic import PatienceAI

HINT_SECONDS = 0.15          # the hint's search budget


def best_pair(view: PatienceView, legal: Sequence[PatienceAction], seconds: float) -> Move | None:
    """The pair to make now, chosen by a search over the cards the player can see.

    The columns and the turned reserve cards are open; the cards still face down in the reserve
    are those no pile shows, so their ranks are known though not their order: the search lets them
    all come free once no pair is left (an optimistic guess at the order)."""
    pairs = [a for a in legal if isinstance(a, Move)]
    if not pairs:
        return None
    columns = [[c.face.rank for c in p.cards] for p in view.piles  # type: ignore[union-attr]
               if p.kind is PileKind.TABLEAU]
    col_names = [p.name for p in view.piles if p.kind is PileKind.TABLEAU]
    reserve = [(p.name, p.cards[-1].face.rank) for p in view.piles  # type: ignore[union-attr]
               if p.kind is PileKind.RESERVE and p.cards and p.cards[-1].face is not None]
    seen_ranks = [r for col in columns for r in col] + [r for _, r in reserve]
    seen_ranks += [c.face.rank for p in view.piles if p.kind is PileKind.FOUNDATION  # type: ignore[union-attr]
                   for c in p.cards if c.face is not None]
    face_down = sum(1 for p in view.piles for c in p.cards if c.face is None)
    counts: dict[int, int] = {}
    for r in seen_ranks:
        counts[int(r)] = counts.get(int(r), 0) + 1
    hidden = [r for r in range(1, 14) for _ in range(4 - counts.get(r, 0))]
    if len(hidden) != face_down:
        hidden = []   # not a whole pack (a study position): leave the unseen cards out
    solver = _PairSearch([[int(r) for r in col] for col in columns], [int(r) for _, r in reserve], hidden,
                         seconds)
    first = solver.run()
    if first is not None:
        a, b = first
        names = col_names + [n for n, _ in reserve]
        move = Move(names[a], names[b])
        if move in pairs:
            return move
    return max(pairs, key=lambda m: _greedy_score(view, m))


class _PairSearch:
    """Depth-first search with a memory of positions, for the line that pairs off most cards.
    Free sources are numbered: columns first, then the turned reserve cards, then (once no pair is
    left) the face-down reserve cards all at once."""

    def __init__(self, columns: list[list[int]], reserve: list[int], hidden: list[int],
                 seconds: float) -> None:
        self.columns = columns
        self.reserve = reserve
        self.hidden = hidden
        self.total = sum(len(c) for c in columns) + len(reserve) + len(hidden)
        self.deadline = time.perf_counter() + seconds
        self.memo: dict[tuple, int] = {}
        self.nodes = 0
        self.out_of_time = False

    def run(self) -> tuple[int, int] | None:
        heights = tuple(len(c) for c in self.columns)
        reserve_mask = (1 << len(self.reserve)) - 1
        best, move = self._search(heights, reserve_mask, False, want_move=True)
        return move

    def _free(self, heights: tuple[int, ...], mask: int, opened: bool) -> list[tuple[int, int]]:
        out = [(i, self.columns[i][h - 1]) for i, h in enumerate(heights) if h]
        n = len(self.columns)
        out += [(n + j, r) for j, r in enumerate(self.reserve) if mask >> j & 1]
        if opened:
            m = n + len(self.reserve)
            out += [(m + j, r) for j, r in enumerate(self.hidden) if mask >> (len(self.reserve) + j) & 1]
        return out

    def _search(self, heights: tuple[int, ...], mask: int, opened: bool,
                want_move: bool = False) -> tuple[int, tuple[int, int] | None]:
        key = (heights, mask, opened)
        if not want_move and key in self.memo:
            return self.memo[key], None
        self.nodes += 1
        if self.nodes & 255 == 0 and time.perf_counter() > self.deadline:
            self.out_of_time = True
        free = self._free(heights, mask, opened)
        pairs = [(a, b) for i, (a, ra) in enumerate(free) for b, rb in free[i + 1:] if ra == rb]
        if not pairs:
            if not opened and self.hidden:
                full = mask | (((1 << len(self.hidden)) - 1) << len(self.reserve))
                value, _ = self._search(heights, full, True)
                self.memo[key] = value
                return value, None
            left = sum(heights) + bin(mask).count("1") + (0 if opened else len(self.hidden))
            value = self.total - left
            self.memo[key] = value
            return value, None
        # Most promising first: pairs that free cards matching other free cards.
        ranks_free: dict[int, int] = {}
        for _, r in free:
            ranks_free[r] = ranks_free.get(r, 0) + 1

        def promise(pair: tuple[int, int]) -> int:
            score = 0
            for s in pair:
                if s < len(self.columns) and heights[s] >= 2:
                    score += 1 + 2 * ranks_free.get(self.columns[s][heights[s] - 2], 0)
            return score
        pairs.sort(key=promise, reverse=True)
        best, best_move = -1, None
        for a, b in pairs:
            h = list(heights)
            m = mask
            for s in (a, b):
                if s < len(self.columns):
                    h[s] -= 1
                else:
                    m &= ~(1 << (s - len(self.columns)))
            value, _ = self._search(tuple(h), m, opened)
            if value > best:
                best, best_move = value, (a, b)
            if best == self.total or self.out_of_time:
                break
        self.memo[key] = best
        return best, best_move


def _greedy_score(view: PatienceView, move: Move) -> int:
    """How many cards the pair frees that match another free card (the brief's rule of thumb)."""
    free = {p.name: p.cards[-1].face.rank for p in view.piles  # type: ignore[union-attr]
            if p.kind in (PileKind.TABLEAU, PileKind.RESERVE) and p.cards and p.cards[-1].face is not None}
    score = 0
    for name in (move.src, move.dst):
        pile = view.pile(name)
        if len(pile.cards) >= 2 and pile.cards[-2].face is not None:
            freed = pile.cards[-2].face.rank
            score += 2 * sum(1 for n, r in free.items() if r == freed and n not in (move.src, move.dst))
            score += 1
    return score


class NestorAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int) -> PatienceAction | None:
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        if Draw() in legal:
            # A turned card stays free for good, so turning costs nothing and shows more.
            return Draw()
        return best_pair(game.view(state, 0), legal, HINT_SECONDS)

    def solver_model(self, game: Any, state: PatienceState) -> object:
        """The solver's compact model (columns as heights, the reserve as ranks), with its safe
        pairs; ``None`` for a position it does not know (the engine is searched)."""
        return PairModel(game, state) if PairModel.applies(game, state) else None


AI = NestorAI()
