"""The computer's checkers: alpha-beta with iterative deepening over the rules core's boards.

The search is negamax with a transposition table, captures searched to quiescence (a position
where a capture is pending is never judged by the evaluation), and moves ordered by the table's
best move, then the history heuristic.  Budgets are counted in nodes, so the same position gets
the same answer on every machine (the demo and the tests replay); a time cap guards the table
against a slow machine.

The evaluation, from the side to move: material (a king is worth 1.35 men), exchanges welcomed
by the side ahead (material counts more as the board empties), the men's advance, the back-rank
men that keep the opponent from crowning, the centre, mobility, and in the ending the stronger
side's kings closing in while the weaker side's kings hold the double corners.

The player never plays an illegal move: it chooses among the legal actions it is given, and its
search uses the very move generator that made them.  Under the huffing rule it never passes a
capture by itself (that can only cost it a man), but it answers the opponent's omission by
weighing the huff of each man that could have taken, insisting on the capture, and letting it go.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from ...core.rng import SplitMix64
from ...games.board.checkers import (
    BLACK,
    CROWN_ROW,
    FORTY_MOVES,
    FORWARD,
    SHIFTS,
    CheckersState,
    Draw,
    Huff,
    Insist,
    Move,
    bits,
    generate,
    play_on_board,
    square_rc,
)
from ..base import GameAI, Player

WIN = 100_000
MAN, KING = 100, 135


@dataclass(frozen=True, slots=True)
class Budget:
    depth: int          # deepest iteration
    nodes: int          # nodes per decision (deterministic)
    seconds: float      # a cap on the wall clock, should the machine be slow
    slack: int = 0      # beginner: choose among moves within this many points of the best


LEVEL_BUDGETS = {
    1: Budget(depth=2, nodes=2_000, seconds=0.5, slack=60),
    2: Budget(depth=12, nodes=6_000, seconds=1.5),
    3: Budget(depth=30, nodes=30_000, seconds=4.0),
}
HINT_BUDGET = Budget(depth=10, nodes=2_500, seconds=0.5)


class _Stop(Exception):
    """The budget ran out in the middle of an iteration."""


# -- evaluation tables ------------------------------------------------------------------------------
def _square_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    centre, adv_black, adv_white = [], [], []
    for i in range(32):
        r, c = square_rc(i + 1)
        inner = 2 <= c <= 5 and 2 <= r <= 5
        core = 3 <= r <= 4 and 2 <= c <= 5
        centre.append(6 if core else 3 if inner else 0)
        adv_black.append(r * 3)          # Black men advance towards row 7
        adv_white.append((7 - r) * 3)
    return tuple(centre), tuple(adv_black), tuple(adv_white)


CENTRE, ADV_BLACK, ADV_WHITE = _square_tables()
# The back-rank men that guard the crowning squares best (the "bridge"): 1 and 3 for Black,
# 30 and 32 for White.
BRIDGE = ((1 << 0) | (1 << 2), (1 << 29) | (1 << 31))
DOUBLE_CORNERS = (1 << 0) | (1 << 4) | (1 << 27) | (1 << 31)   # 1, 5, 28, 32
RC = tuple(square_rc(i + 1) for i in range(32))


def _byte_tables(weights: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Per byte of a board mask, the sum of ``weights`` over the set bits (4 lookups a mask)."""
    return tuple(tuple(sum(weights[8 * k + j] for j in range(8) if v >> j & 1) for v in range(256))
                 for k in range(4))


def _weigh(tables: tuple[tuple[int, ...], ...], mask: int) -> int:
    return (tables[0][mask & 255] + tables[1][(mask >> 8) & 255] + tables[2][(mask >> 16) & 255]
            + tables[3][mask >> 24])


BLACK_MEN = _byte_tables([a + c for a, c in zip(ADV_BLACK, CENTRE)])
WHITE_MEN = _byte_tables([a + c for a, c in zip(ADV_WHITE, CENTRE)])
KINGS = _byte_tables(CENTRE)
BLACK_ADVANCE = _byte_tables(ADV_BLACK)
WHITE_ADVANCE = _byte_tables(ADV_WHITE)


def _mobility(men: int, kings: int, empty: int, side: int) -> int:
    """Plain moves available (counted on the whole board at once)."""
    n = 0
    for d, (there, _) in enumerate(SHIFTS):
        pieces = men | kings if d in FORWARD[side] else kings
        if pieces:
            n += (there(pieces) & empty).bit_count()
    return n


def evaluate(black: int, white: int, kings: int, side: int) -> int:
    """The position's worth to ``side`` (the side to move), in hundredths of a man."""
    bm, bk = black & ~kings, black & kings
    wm, wk = white & ~kings, white & kings
    nb, nw = black.bit_count(), white.bit_count()
    mb = MAN * bm.bit_count() + KING * bk.bit_count()
    mw = MAN * wm.bit_count() + KING * wk.bit_count()
    diff = mb - mw
    score = diff + int(diff * 8 / max(1, nb + nw))     # the side ahead likes exchanges
    score += _weigh(BLACK_MEN, bm) - _weigh(WHITE_MEN, wm) + _weigh(KINGS, bk) - _weigh(KINGS, wk)
    if wm:                                   # the bridge matters while the other side has men
        score += 8 * (bm & BRIDGE[BLACK]).bit_count()
    if bm:
        score -= 8 * (wm & BRIDGE[1]).bit_count()
    empty = ~(black | white) & 0xFFFFFFFF
    mob_b, mob_w = _mobility(bm, bk, empty, BLACK), _mobility(wm, wk, empty, 1)
    score += 2 * (mob_b - mob_w)
    if nb + nw <= 8 and diff:
        # The ending: the stronger side's kings close in and hem the weaker side in; the
        # weaker side's kings hide in the double corners, where two kings are needed to get
        # them out.
        strong_kings, weak, weak_mob = (bk, white, mob_w) if diff > 0 else (wk, black, mob_b)
        # ... and its men run for the crown: a king more is the surest way on.
        run = 2 * (_weigh(BLACK_ADVANCE, bm) if diff > 0 else _weigh(WHITE_ADVANCE, wm))
        dist = 0
        for i in bits(strong_kings):
            ri, ci = RC[i]
            dist += min(max(abs(ri - RC[j][0]), abs(ci - RC[j][1])) for j in bits(weak))
        corner = 25 * (weak & kings & DOUBLE_CORNERS).bit_count()
        ending = run - 3 * dist - corner - 4 * weak_mob
        score += ending if diff > 0 else -ending
    return score if side == BLACK else -score


# -- the search -----------------------------------------------------------------------------------
SearchMove = tuple[tuple[int, ...], int]    # (path of indices, mask taken)


@lru_cache(maxsize=1 << 17)
def search_moves(black: int, white: int, kings: int, side: int) -> tuple[tuple[SearchMove, ...], bool]:
    """The moves the search tries (captures when there are any: the AI never passes one by),
    longest captures first, and whether they are captures."""
    jumps, steps = generate(black, white, kings, side)
    if jumps:
        return tuple(sorted(jumps, key=lambda j: -j[1].bit_count())), True
    return tuple(((f, t), 0) for f, t in steps), False


class Searcher:
    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes = 0
        self.deadline = 0.0
        self.tt: dict[tuple[int, int, int, int], tuple[int, int, int, SearchMove | None]] = {}
        self.history: dict[tuple[int, int], int] = {}
        self.depth_reached = 0

    def _order(self, moves: tuple[SearchMove, ...], best: SearchMove | None,
               depth: int) -> Sequence[SearchMove]:
        """The table's best move first; then, away from the leaves, by the history heuristic
        (captures need no ordering: they are all forced, and are generated longest first)."""
        if len(moves) < 2:
            return moves
        if depth >= 2 and not moves[0][1]:
            hist = self.history
            ordered = sorted(moves, key=lambda m: -hist.get((m[0][0], m[0][-1]), 0))
        else:
            ordered = list(moves)
        if best is not None and best != ordered[0] and best in ordered:
            ordered.remove(best)
            ordered.insert(0, best)
        return ordered

    def negamax(self, black: int, white: int, kings: int, side: int, depth: int, alpha: int,
                beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes >= self.budget.nodes or (self.nodes & 511 == 0
                                               and time.perf_counter() > self.deadline):
            raise _Stop
        moves, capturing = search_moves(black, white, kings, side)
        if not moves:
            return -WIN + ply                       # no move: lost (sooner is worse)
        if depth <= 0 and not capturing:
            return evaluate(black, white, kings, side)
        key = (black, white, kings, side)
        entry = self.tt.get(key)
        best_move = None
        if entry is not None:
            e_depth, e_score, e_flag, best_move = entry
            if e_depth >= depth:
                if e_flag == 0:
                    return e_score
                if e_flag < 0 and e_score <= alpha:
                    return e_score
                if e_flag > 0 and e_score >= beta:
                    return e_score
        alpha0 = alpha
        best = -WIN - 1
        chosen = None
        other = 1 - side
        # Captures at the horizon are followed (quiescence) without using up depth: only
        # the forced captures are searched there, and they end.
        next_depth = depth - 1 if depth > 0 else 0
        for move in self._order(moves, best_move, depth):
            path, taken = move
            b, w, k = play_on_board(black, white, kings, side, path, taken)
            score = -self.negamax(b, w, k, other, next_depth, -beta, -alpha, ply + 1)
            if score > best:
                best, chosen = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not taken:
                            h = (path[0], path[-1])
                            self.history[h] = self.history.get(h, 0) + depth * depth
                        break
        flag = 0 if alpha0 < best < beta else (-1 if best <= alpha0 else 1)
        self.tt[key] = (depth, best, flag, chosen)
        return best

    def search(self, black: int, white: int, kings: int, side: int,
               moves: Sequence[SearchMove], *, only_choose: bool = True) -> list[tuple[int, SearchMove]]:
        """Scores of ``moves`` (for ``side``), best first, from the deepest finished iteration.
        A single move needs no search when only the choice matters (``only_choose``)."""
        self.deadline = time.perf_counter() + self.budget.seconds
        scored = [(0, m) for m in moves]
        if len(moves) == 1 and only_choose and not self.budget.slack:
            return scored
        for depth in range(1, self.budget.depth + 1):
            results: list[tuple[int, SearchMove]] = []
            try:
                alpha = -WIN - 1
                for _, move in scored:
                    path, taken = move
                    b, w, k = play_on_board(black, white, kings, side, path, taken)
                    # The beginner needs exact scores of every move (to choose among the
                    # near-best); the others only the best, so later moves get a null window.
                    low = -WIN - 1 if self.budget.slack else alpha
                    score = -self.negamax(b, w, k, 1 - side, depth - 1, -WIN - 1, -low, 1)
                    results.append((score, move))
                    alpha = max(alpha, score)
            except _Stop:
                break
            results.sort(key=lambda sm: -sm[0])
            scored = results
            self.depth_reached = depth
            if abs(scored[0][0]) > WIN - 1000:        # a forced win or loss is found
                break
        return scored


# -- the player --------------------------------------------------------------------------------------
def _as_move(move: SearchMove) -> Move:
    path, taken = move
    return Move(tuple(i + 1 for i in path), bool(taken))


class CheckersPlayer:
    """A computer player at ``level`` 1 (beginner), 2 (club player) or 3 (expert)."""

    def __init__(self, level: int = 2) -> None:
        # Not an int attribute: the worker carries the player's int and str attributes from move
        # to move as its memory, and a remembered level must not override a newly chosen one.
        self.budget = LEVEL_BUDGETS.get(level, LEVEL_BUDGETS[2])

    def _score(self, state: CheckersState, side: int, budget: Budget) -> int:
        """The position's worth to ``side`` when ``state.turn`` is to move (a searched value)."""
        searcher = Searcher(budget)
        jumps, steps = generate(state.black, state.white, state.kings, state.turn)
        moves = [(p, t) for p, t in jumps] or [((f, t), 0) for f, t in steps]
        if not moves:
            value = -WIN
        else:
            value = searcher.search(state.black, state.white, state.kings, state.turn, moves,
                                    only_choose=False)[0][0]
        return value if state.turn == side else -value

    def choose(self, game: Any, view: CheckersState, legal: Sequence[Any], state: Any = None) -> Any:
        if not legal:
            return None
        state = view
        me = state.turn if not state.offer else 1 - state.turn
        budget = self.budget
        quick = Budget(depth=6, nodes=min(budget.nodes, 6_000), seconds=budget.seconds)
        if Draw("accept") in legal:
            # An offer: accept it unless we stand clearly better.
            as_if = CheckersState(state.black, state.white, state.kings, state.turn,
                                  huffing=state.huffing)
            return Draw("accept") if self._score(as_if, me, quick) <= 20 else Draw("decline")
        moves = [a for a in legal if isinstance(a, Move)]
        if Draw("claim") in legal and self._score(state, me, quick) <= 30:
            return Draw("claim")
        options: list[tuple[int, Any]] = []
        if any(isinstance(a, (Huff, Insist)) for a in legal):
            for action in legal:
                if isinstance(action, Huff):
                    b = 1 << (action.square - 1)
                    after = CheckersState(state.black & ~b, state.white & ~b, state.kings & ~b,
                                          state.turn)
                    options.append((self._score(after, me, quick), action))
                elif isinstance(action, Insist) and state.before is not None:
                    black, white, kings, _ = state.before
                    after = CheckersState(black, white, kings, 1 - state.turn)
                    options.append((self._score(after, me, quick), action))
        chosen = self._best_move(state, moves, budget)
        if options:
            if chosen is not None:
                options.append((self._score(state, me, quick) - 1, chosen))
            options.sort(key=lambda so: -so[0])
            return options[0][1]
        if chosen is not None:
            return chosen
        # Nothing but draw actions and the like: never offer a draw unasked.
        others = [a for a in legal if a != Draw("offer")]
        return others[0] if others else legal[0]

    def _best_move(self, state: CheckersState, moves: Sequence[Move], budget: Budget) -> Move | None:
        if not moves:
            return None
        # Under the huffing rule a capture may be passed by; we never do (see the module notes).
        jumps = [m for m in moves if m.jump]
        candidates = jumps or list(moves)
        search_moves = [_search_move(m) for m in candidates]
        scored = Searcher(budget).search(state.black, state.white, state.kings, state.turn,
                                         search_moves)
        if budget.slack:
            best = scored[0][0]
            near = [m for s, m in scored if s >= best - budget.slack]
            key = state.black * 0x9E3779B1 ^ state.white * 0x85EBCA77 ^ state.kings ^ state.turn
            pick = near[SplitMix64(key).below(len(near))]
        else:
            pick = self._avoid_repeating(state, scored, budget)
        self._remember(state, pick)
        move = _as_move(pick)
        return move if move in moves else candidates[0]

    # -- not going round in circles ----------------------------------------------------------
    # The search cannot see the game's history, so a side that is winning may shuffle its kings
    # to and fro until the forty-move claim saves the loser.  The player remembers the positions
    # its own moves made (a short string, which the worker carries between moves) and, unless it
    # stands worse, prefers a move that makes a new one if that costs little: the side that
    # repeats is the one hoping for a draw.
    trail: str = ""
    TRAIL_LENGTH = 24
    REPEAT_COST = 40

    @staticmethod
    def _key_after(state: CheckersState, move: SearchMove) -> str:
        b, w, k = play_on_board(state.black, state.white, state.kings, state.turn, *move)
        return f"{b:x}.{w:x}.{k:x}"

    def _remember(self, state: CheckersState, move: SearchMove) -> None:
        keys = [k for k in self.trail.split(",") if k] + [self._key_after(state, move)]
        self.trail = ",".join(keys[-self.TRAIL_LENGTH:])

    def _avoid_repeating(self, state: CheckersState, scored: list[tuple[int, SearchMove]],
                         budget: Budget) -> SearchMove:
        best_score, best = scored[0]
        seen = set(self.trail.split(","))
        if best_score < -20 or self._key_after(state, best) not in seen:
            return best
        fresh = [m for _, m in scored if self._key_after(state, m) not in seen]
        if not fresh:
            return best
        exact = Budget(depth=budget.depth, nodes=budget.nodes // 2, seconds=budget.seconds / 2,
                       slack=1)
        rescored = Searcher(exact).search(state.black, state.white, state.kings, state.turn, fresh)
        score, move = rescored[0]
        return move if score >= best_score - self.REPEAT_COST else best


def _search_move(move: Move) -> SearchMove:
    path = tuple(s - 1 for s in move.path)
    taken = 0
    if move.jump:
        for a, b in zip(path, path[1:]):
            (r0, c0), (r1, c1) = RC[a], RC[b]
            taken |= 1 << ((r0 + r1) // 2 * 4 + ((c0 + c1) // 2) // 2)
    return path, taken


__all__ = ["CheckersPlayer", "Searcher", "evaluate", "LEVEL_BUDGETS", "FORTY_MOVES", "CROWN_ROW"]


class CheckersAI(GameAI):
    def player(self, game: Any, level: int = 2) -> Player:
        return CheckersPlayer(level)

    def hint(self, game: Any, state: CheckersState, seat: int) -> Any:
        """The club player's choice on a smaller budget (the table asks for it while the player
        waits)."""
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        player = CheckersPlayer(2)
        player.budget = HINT_BUDGET
        return player.choose(game, state, legal)


AI = CheckersAI()
