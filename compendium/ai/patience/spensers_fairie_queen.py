"""Spenser's Fairie Queen: the computer's side -- the hint and the player that follows it."""
from __future__ import annotations

import heapq
from typing import Any

from ...core.cards import Card
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, PileKind
from ...games.patience.spensers_fairie_queen import FOUNDATIONS, NAMES, PLAN_NODES
from .planner import HintPlayerAI, Plans, scaled


def search(start: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]],
           nodes: int) -> tuple[list[tuple[int, int]], bool]:
    """Best-first search from ``start``; returns the moves to the best position found -- a win if
    one is found -- and whether it is a win.  A move is (source column, target column) or (source
    column, -1) for a card sent home; column numbers are those of ``start``.  A move between two
    columns changes the cost of those two only, so each position keeps its columns' costs."""
    cols0 = [list(c) for c in start[0]]
    home0 = [list(p) for p in start[1]]
    first: list[tuple[int, int]] = []
    _settle(cols0, home0, first)
    root_cols = tuple(tuple(c) for c in cols0)
    root_home = tuple(tuple(p) for p in home0)
    root_costs = tuple(_column_cost(c, root_home) for c in root_cols)
    root_key = _key(root_cols, root_home)
    parents: dict[tuple, tuple[tuple | None, list[tuple[int, int]]]] = {root_key: (None, first)}

    def total(home: tuple[tuple[int, int], ...], costs: tuple[float, ...]) -> float:
        return 12.0 * (96 - sum(lo + hi for lo, hi in home)) + sum(costs)

    best_cost, best_key = total(root_home, root_costs), root_key
    heap: list[tuple[float, int, tuple, tuple, tuple]] = [(best_cost, 0, root_cols, root_home, root_costs)]
    tick = 1
    won = sum(lo + hi for lo, hi in root_home) == 96
    expanded = 0
    while heap and not won and expanded < nodes:
        _, _, columns, home, costs = heapq.heappop(heap)
        expanded += 1
        node_key = _key(columns, home)
        lone = [j for j, c in enumerate(columns) if len(c) == 1]
        by_rank: dict[int, list[int]] = {}
        for j, c in enumerate(columns):
            if len(c) > 1:
                by_rank.setdefault(c[-1] & 15, []).append(j)
        for i, col in enumerate(columns):
            if len(col) < 2:
                continue
            card = col[-1]
            rank, pair = card & 15, home[card >> 4]
            targets: list[int] = []
            if rank < 13 and (pair[0] == rank - 1 or pair[1] == rank - 1):
                targets.append(-1)
            targets += [j for j in by_rank.get(rank + 1, ()) if j != i]
            if len(col) > 2:             # a lone card moved to a lone king changes nothing
                targets += [j for j in lone if j != i]
            for j in targets:
                if j < 0:
                    new_cols = [list(c) for c in columns]
                    new_home = [list(p) for p in home]
                    new_cols[i].pop()
                    p = new_home[card >> 4]
                    if p[0] == rank - 1:
                        p[0] = rank
                    else:
                        p[1] = rank
                    p.sort()
                    moves = [(i, j)]
                    _settle(new_cols, new_home, moves)
                    child_cols = tuple(tuple(c) for c in new_cols)
                    child_home = tuple(tuple(p) for p in new_home)
                    child_costs = tuple(_column_cost(c, child_home) for c in child_cols)
                else:
                    listed = list(columns)
                    listed[i] = col[:-1]
                    listed[j] = columns[j] + (card,)
                    child_cols, child_home, moves = tuple(listed), home, [(i, j)]
                    new_costs = list(costs)
                    new_costs[i] = _column_cost(listed[i], home)
                    new_costs[j] = _column_cost(listed[j], home)
                    child_costs = tuple(new_costs)
                child_key = _key(child_cols, child_home)
                if child_key in parents:
                    continue
                parents[child_key] = (node_key, moves)
                if sum(lo + hi for lo, hi in child_home) == 96:
                    best_key, won = child_key, True
                    break
                cost = total(child_home, child_costs)
                if cost < best_cost:
                    best_cost, best_key = cost, child_key
                heapq.heappush(heap, (cost, tick, child_cols, child_home, child_costs))
                tick += 1
            if won:
                break
    if best_key == root_key and not first:
        return [], False
    line: list[tuple[int, int]] = []
    walk: tuple | None = best_key
    while walk is not None:
        parent, moves = parents[walk]
        line[:0] = moves
        walk = parent
    return line, won


def _code(card: Card) -> int:
    return "CDHS".index(card.suit.letter) * 16 + int(card.rank)   # type: ignore[union-attr]


def _cost(columns: tuple[tuple[int, ...], ...], home: tuple[tuple[int, int], ...]) -> float:
    """Lower is better: the cards still out, with each column's share (``_column_cost``)."""
    return 12.0 * (96 - sum(lo + hi for lo, hi in home)) + sum(_column_cost(c, home) for c in columns)


def _key(columns: tuple[tuple[int, ...], ...], home: tuple[tuple[int, int], ...]) -> tuple:
    return tuple(sorted(columns)), home


def _settle(columns: list[list[int]], home: list[list[int]], moves: list[tuple[int, int]]) -> None:
    """Play every card home that can safely go (see above)."""
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(columns):
            while len(col) > 1:
                card = col[-1]
                rank, pair = card & 15, home[card >> 4]
                if rank == 13 or not (pair[0] == rank - 1 or pair[1] == rank - 1):
                    break
                if sum((lo >= rank - 1) + (hi >= rank - 1) for lo, hi in home) != 8:
                    break
                col.pop()
                if pair[0] == rank - 1:
                    pair[0] = rank
                else:
                    pair[1] = rank
                pair.sort()
                moves.append((i, -1))
                moved = True


def _column_cost(col: tuple[int, ...], home: tuple[tuple[int, int], ...]) -> float:
    """A column's share of ``_cost``: a lone king is a bonus (a free place for any card); each
    card the foundations will want soon costs as many cards as lie on it, more the sooner it is
    wanted; a card on the card one rank higher is a small gain."""
    n = len(col)
    if n == 1:
        return -6.0
    cost = 0.0
    for pos in range(1, n):
        card = col[pos]
        rank = card & 15
        lo, hi = home[card >> 4]
        wait = rank - (hi if hi < rank else lo) - 1       # cards of its suit still to go first
        if wait <= 2:
            cost += (n - 1 - pos) * (3 - max(wait, 0))
        if pos > 1 and (col[pos - 1] & 15) == rank + 1:
            cost -= 0.5
    return cost


class SpensersFairieQueenAI(HintPlayerAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        return self.advise(game, state, 2)

    def advise(self, game: Any, state: PatienceState, level: int) -> PatienceAction | None:
        """During the deal: a card that can go home goes home, else the next card is dealt.  Once
        every card lies face up (the pack is dealt), a best-first search over the open position
        (``search``) looks for a win, and failing one for the position that looks best; the hint
        follows that line, remembered so that following it costs nothing.  ``None`` when nothing
        improves the position: the game is given up rather than shuffled about."""
        if not state.deck:
            return None
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        specs, index = game._specs_of(state)
        if game.dealing(state):
            homes = [a for a in legal if isinstance(a, Move) and specs[index[a.dst]].kind is PileKind.FOUNDATION]
            return homes[0] if homes else (Draw() if Draw() in legal else None)
        plans: Plans = game.__dict__.setdefault("_plans", {}).setdefault(level, Plans())
        planned = plans.get(state.piles, legal)
        if planned is not None:
            return planned
        line = self.plan(game, state, scaled(PLAN_NODES, level))
        if not line:
            return None
        plans.remember(game, state, line)
        return line[0]

    def plan(self, game: Any, state: PatienceState, nodes: int) -> list[PatienceAction]:
        """The game actions of the line ``search`` finds from an open position (empty when it finds
        nothing better than the position as it stands)."""
        _, index = game._specs_of(state)
        deck = state.deck
        columns = tuple(tuple(_code(deck[c]) for c in state.piles[index[n]]) for n in NAMES)
        home = [0] * 8
        for n in FOUNDATIONS:
            pile = state.piles[index[n]]
            if pile:
                code = _code(deck[pile[-1]])
                home[code >> 4 << 1 | (1 if home[code >> 4 << 1] else 0)] = code & 15
        start = (columns, tuple(tuple(sorted(home[2 * k:2 * k + 2])) for k in range(4)))
        moves, _ = search(start, nodes)
        actions: list[PatienceAction] = []
        walk = state
        for src, dst in moves:
            if dst < 0:
                action = next((a for a in game.legal_actions(walk, 0) if isinstance(a, Move)
                               and a.src == NAMES[src] and a.dst in FOUNDATIONS), None)
            else:
                action = Move(NAMES[src], NAMES[dst])
            if action is None or action not in game.legal_actions(walk, 0):
                break                  # cannot happen: the search plays by the same rules
            actions.append(action)
            walk = game.apply(walk, action)
        return actions

    def value(self, game: Any, state: PatienceState) -> float:
        """How good a position looks, by the search's measure."""
        _, index = game._specs_of(state)
        deck = state.deck
        columns = tuple(tuple(_code(deck[c]) for c in state.piles[index[n]]) for n in NAMES)
        heights: dict[int, list[int]] = {k: [] for k in range(4)}
        for n in FOUNDATIONS:
            pile = state.piles[index[n]]
            if pile:
                code = _code(deck[pile[-1]])
                heights[code >> 4].append(code & 15)
        home = tuple(tuple(sorted((heights[k] + [0, 0])[:2])) for k in range(4))
        return -_cost(columns, home)


AI = SpensersFairieQueenAI()
