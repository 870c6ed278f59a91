"""The computer's chess: a searcher of our own, and any UCI engine the player has installed.

The searcher is a negamax alpha-beta over python-chess's move generator, with iterative
deepening, a transposition table, quiescence on captures and promotions, null-move pruning, late
move reductions, and moves ordered by the table's move, captures by most valuable victim, killer
moves and history.  The evaluation is material plus piece-square tables written here, blended
between middle game and end game by the material left on the board.

The levels are bounded by a count of positions searched, not by the clock, so that the same
position always gets the same move on any machine (a demo replays, a test can pin a move).  A
generous clock limit stands behind each count only so that a very slow machine cannot hang.

A UCI engine (Stockfish or another, found on PATH or named by the environment variable
``COMPENDIUM_UCI_ENGINE``) is offered as level 4 when present, driven through
``chess.engine``; if it fails, the built-in expert moves instead, so a game never stalls.
"""
from __future__ import annotations

import atexit
import os
import shutil
import time
import zlib
from dataclasses import dataclass
from typing import Any, Sequence

import chess

from ...core.game import LEVELS
from ...games.board.chess_game import CLAIM, ChessState
from ..base import GameAI, Player

# -- the evaluation -------------------------------------------------------------------------------
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK,
                                           chess.QUEEN, chess.KING)
# Material in centipawns, middle game and end game: the pawn and the rook gain as the board
# empties, the knight loses (it is slow over open ground).
MG_VALUE = {PAWN: 90, KNIGHT: 320, BISHOP: 335, ROOK: 470, QUEEN: 940, KING: 0}
EG_VALUE = {PAWN: 115, KNIGHT: 290, BISHOP: 315, ROOK: 520, QUEEN: 960, KING: 0}
ORDER_VALUE = {PAWN: 1, KNIGHT: 3, BISHOP: 3, ROOK: 5, QUEEN: 9, KING: 20}
PHASE_WEIGHT = {PAWN: 0, KNIGHT: 1, BISHOP: 1, ROOK: 2, QUEEN: 4, KING: 0}
FULL_PHASE = 24
MATE = 100_000
INF = 10 * MATE
TEMPO = 10


def _spread(f: int, r: int) -> float:
    """How far a square lies from the four centre squares (0 in the centre, 6 in a corner)."""
    return abs(3.5 - f) + abs(3.5 - r) - 1


def _tables() -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Piece-square values from White's side (square a1 = 0), material included.  Each rule of
    thumb is a line: pawns gain as they advance (much more in the end game), centre pawns and
    minor pieces want the middle, rooks the seventh rank, the king shelter in the middle game
    and the centre in the end game."""
    mg: dict[int, list[int]] = {p: [0] * 64 for p in MG_VALUE}
    eg: dict[int, list[int]] = {p: [0] * 64 for p in MG_VALUE}
    for sq in range(64):
        f, r = chess.square_file(sq), chess.square_rank(sq)
        spread = _spread(f, r)
        centre_file = 3 <= f <= 4
        # pawns
        mg[PAWN][sq] = (0, 0, 4, 8, 16, 30, 55, 0)[r]
        eg[PAWN][sq] = (0, 0, 8, 18, 32, 55, 95, 0)[r]
        if centre_file and r in (3, 4):
            mg[PAWN][sq] += 18
        elif f in (2, 5) and r in (3, 4):
            mg[PAWN][sq] += 6
        if centre_file and r == 1:
            mg[PAWN][sq] -= 12          # the centre pawns should not stay at home
        if f >= 5 and r == 1:
            mg[PAWN][sq] += 6           # a shield before the castled king
        # knights: the rim is dim
        mg[KNIGHT][sq] = int(18 - 9 * spread) - (10 if r == 0 else 0)
        eg[KNIGHT][sq] = int(10 - 7 * spread)
        # bishops: central and developed, the long diagonals a little better
        mg[BISHOP][sq] = int(10 - 4 * spread) - (12 if r == 0 else 0) + (6 if f == r or f + r == 7 else 0)
        eg[BISHOP][sq] = int(6 - 3 * spread)
        # rooks: the seventh rank, the centre files
        mg[ROOK][sq] = (18 if r == 6 else 0) + (6 if 2 <= f <= 5 else 0) - (4 if f in (0, 7) and r > 0 else 0)
        eg[ROOK][sq] = 14 if r == 6 else 0
        # the queen: a little centralisation, no adventures on the back ranks of the enemy early
        mg[QUEEN][sq] = int(4 - 2 * spread) - (6 if r >= 5 else 0)
        eg[QUEEN][sq] = int(10 - 4 * spread)
        # the king: tucked away behind pawns in the middle game, active in the end game
        if r == 0:
            mg[KING][sq] = (18, 28, 8, -6, -6, 8, 28, 18)[f]
        elif r == 1:
            mg[KING][sq] = (6, 6, -10, -18, -18, -10, 6, 6)[f]
        else:
            mg[KING][sq] = -25 - 12 * (r - 2)
        eg[KING][sq] = int(28 - 9 * spread)
    for p in MG_VALUE:
        for sq in range(64):
            mg[p][sq] += MG_VALUE[p]
            eg[p][sq] += EG_VALUE[p]
    return mg, eg


MG, EG = _tables()


def evaluate_board(board: chess.Board) -> tuple[int, int, int]:
    """(middle-game score, end-game score, phase) of ``board`` from White's side, from scratch."""
    mg = eg = phase = 0
    for sq, piece in board.piece_map().items():
        p = piece.piece_type
        if piece.color == chess.WHITE:
            mg += MG[p][sq]
            eg += EG[p][sq]
        else:
            mg -= MG[p][sq ^ 56]
            eg -= EG[p][sq ^ 56]
        phase += PHASE_WEIGHT[p]
    return mg, eg, phase


def blend(mg: int, eg: int, phase: int) -> int:
    ph = min(phase, FULL_PHASE)
    return (mg * ph + eg * (FULL_PHASE - ph)) // FULL_PHASE


def static_score(board: chess.Board) -> int:
    """The evaluation from the side to move's point of view, in centipawns."""
    mg, eg, phase = evaluate_board(board)
    score = blend(mg, eg, phase)
    return (score if board.turn == chess.WHITE else -score) + TEMPO


# -- the search -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Level:
    """How hard a level looks: deepest iteration, positions it may visit, a safety clock, and the
    random spread (centipawns) a beginner adds to its judgement of each move."""

    depth: int
    nodes: int
    seconds: float
    noise: int = 0


# The hint is worked out in the interface's own process, so it is kept to a fraction of a second.
HINT_LEVEL = Level(depth=3, nodes=2_500, seconds=2.0)

SEARCH_LEVELS: dict[int, Level] = {
    1: Level(depth=1, nodes=1_500, seconds=3.0, noise=140),
    2: Level(depth=4, nodes=5_000, seconds=5.0),
    3: Level(depth=8, nodes=20_000, seconds=15.0),
}

EXACT, LOWER, UPPER = 0, 1, 2


class _Stop(Exception):
    """The node count or the clock ran out."""


def _delta(board: chess.Board, move: chess.Move) -> tuple[int, int, int, int | None]:
    """How ``move`` changes (mg, eg, phase) from White's side, and the captured piece type."""
    frm, to = move.from_square, move.to_square
    white = board.turn == chess.WHITE
    f, t = (frm, to) if white else (frm ^ 56, to ^ 56)
    moving = board.piece_type_at(frm)
    assert moving is not None
    new = move.promotion or moving
    dmg = MG[new][t] - MG[moving][f]
    deg = EG[new][t] - EG[moving][f]
    dph = PHASE_WEIGHT[new] - PHASE_WEIGHT[moving]
    captured = board.piece_type_at(to)
    if captured is not None:
        o = t ^ 56          # the square from the opponent's side
        dmg += MG[captured][o]
        deg += EG[captured][o]
        dph -= PHASE_WEIGHT[captured]
    elif moving == PAWN and frm % 8 != to % 8:     # en passant: the pawn beside is taken
        captured = PAWN
        o = (t - 8) ^ 56
        dmg += MG[PAWN][o]
        deg += EG[PAWN][o]
    elif moving == KING and abs(to - frm) == 2:    # castling: the rook moves too
        rf, rt = (7, 5) if t > f else (0, 3)
        dmg += MG[ROOK][rt] - MG[ROOK][rf]
        deg += EG[ROOK][rt] - EG[ROOK][rf]
    if not white:
        dmg, deg = -dmg, -deg
    return dmg, deg, dph, captured


class Searcher:
    """One search from one position.  ``history`` holds the keys of the positions of the game
    before this one that could still recur: reaching one again is scored as a draw."""

    def __init__(self, board: chess.Board, level: Level, history: Sequence[Any] = ()) -> None:
        self.board = board
        self.level = level
        self.history = set(history)
        self.path: set[Any] = set()
        self.tt: dict[Any, tuple[int, int, int, chess.Move | None]] = {}
        self.killers: list[list[chess.Move | None]] = [[None, None] for _ in range(128)]
        self.hist: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.deadline = 0.0
        self.depth_reached = 0

    # -- helpers ------------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.level.nodes:
            raise _Stop
        if self.nodes & 511 == 0 and time.perf_counter() > self.deadline:
            raise _Stop

    def _unwind(self, length: int) -> None:
        """Take back the moves a search cut short left on the board (the search is stopped by an
        exception from deep inside, past the pops that would have restored it)."""
        while len(self.board.move_stack) > length:
            self.board.pop()

    def _order(self, moves: list[chess.Move], ply: int, tt_move: chess.Move | None) -> list[chess.Move]:
        board = self.board
        killers = self.killers[ply] if ply < len(self.killers) else [None, None]

        def key(m: chess.Move) -> int:
            if m == tt_move:
                return 10_000_000
            victim = board.piece_type_at(m.to_square)
            if victim is not None:
                attacker = board.piece_type_at(m.from_square) or PAWN
                return 1_000_000 + 100 * ORDER_VALUE[victim] - ORDER_VALUE[attacker]
            if m.promotion:
                return 900_000 + m.promotion
            if m == killers[0] or m == killers[1]:
                return 800_000
            return self.hist.get((m.from_square, m.to_square), 0)

        return sorted(moves, key=key, reverse=True)

    def _moves(self, ply: int, tt_move: chess.Move | None) -> Any:
        """The moves in the order to try them; the table's move first and before the others are
        generated at all, since it often refutes the position by itself."""
        board = self.board
        if tt_move is not None and board.is_legal(tt_move):
            yield tt_move
        else:
            tt_move = None
        rest = [m for m in board.legal_moves if m != tt_move]
        yield from self._order(rest, ply, None)

    @staticmethod
    def _score(mg: int, eg: int, phase: int, white: bool) -> int:
        score = blend(mg, eg, phase)
        return (score if white else -score) + TEMPO

    # -- quiescence ---------------------------------------------------------------------------
    def quiesce(self, alpha: int, beta: int, ply: int, mg: int, eg: int, ph: int) -> int:
        self._tick()
        board = self.board
        if board.is_check():
            moves = list(board.legal_moves)
            if not moves:
                return -MATE + ply
            best = -INF
            for m in self._order(moves, ply, None):
                dmg, deg, dph, _ = _delta(board, m)
                board.push(m)
                score = -self.quiesce(-beta, -alpha, ply + 1, mg + dmg, eg + deg, ph + dph)
                board.pop()
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
            return best
        stand = self._score(mg, eg, ph, board.turn == chess.WHITE)
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        if ply > 40:
            return stand
        us = board.occupied_co[board.turn]
        them = board.occupied_co[not board.turn]
        moves = list(board.generate_legal_moves(chess.BB_ALL, them))
        if board.ep_square is not None:
            moves += board.generate_legal_ep()
        # quiet promotions to a queen: only worth generating when a pawn stands ready
        seventh = chess.BB_RANK_7 if board.turn == chess.WHITE else chess.BB_RANK_2
        if board.pawns & us & seventh:
            moves += [m for m in board.generate_legal_moves(board.pawns & us & seventh, ~them)
                      if m.promotion == QUEEN]
        best = stand
        for m in self._order(moves, ply, None):
            dmg, deg, dph, captured = _delta(board, m)
            # delta pruning: even winning the man outright would not lift the score to alpha
            if not m.promotion and stand + (EG_VALUE[captured] if captured else 0) + 200 < alpha:
                continue
            board.push(m)
            score = -self.quiesce(-beta, -alpha, ply + 1, mg + dmg, eg + deg, ph + dph)
            board.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    # -- the main search ----------------------------------------------------------------------
    def negamax(self, depth: int, alpha: int, beta: int, ply: int, mg: int, eg: int, ph: int,
                null_ok: bool = True) -> int:
        board = self.board
        key = board._transposition_key()
        if key in self.path or key in self.history or board.halfmove_clock >= 100:
            return 0
        in_check = board.is_check()
        if in_check:
            depth += 1
        if depth <= 0:
            return self.quiesce(alpha, beta, ply, mg, eg, ph)
        self._tick()
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_score, e_flag, tt_move = entry
            if e_depth >= depth:
                if e_score > MATE - 1000:
                    e_score -= ply
                elif e_score < -MATE + 1000:
                    e_score += ply
                if e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or \
                        (e_flag == UPPER and e_score <= alpha):
                    return e_score
        white = board.turn == chess.WHITE
        # Null move: if passing still leaves us above beta, a real move surely does.  Not in
        # check, nor with only king and pawns (zugzwang is common there).
        if null_ok and not in_check and depth >= 3 and beta < MATE - 1000:
            own = board.occupied_co[board.turn] & ~(board.pawns | board.kings)
            if own and self._score(mg, eg, ph, white) >= beta:
                board.push(chess.Move.null())
                self.path.add(key)
                score = -self.negamax(depth - 3, -beta, -beta + 1, ply + 1, mg, eg, ph, False)
                self.path.discard(key)
                board.pop()
                if score >= beta:
                    return beta
        alpha0 = alpha
        best, best_move = -INF, None
        self.path.add(key)
        try:
            for i, m in enumerate(self._moves(ply, tt_move)):
                dmg, deg, dph, captured = _delta(board, m)
                quiet = captured is None and not m.promotion
                board.push(m)
                if i == 0:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, mg + dmg, eg + deg, ph + dph)
                else:
                    reduce = 1 if (quiet and depth >= 3 and i >= 4 and not in_check
                                   and not board.is_check()) else 0
                    score = -self.negamax(depth - 1 - reduce, -alpha - 1, -alpha, ply + 1,
                                          mg + dmg, eg + deg, ph + dph)
                    if score > alpha and (reduce or score < beta):
                        score = -self.negamax(depth - 1, -beta, -alpha, ply + 1,
                                              mg + dmg, eg + deg, ph + dph)
                board.pop()
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if quiet:
                                k = self.killers[ply]
                                if k[0] != m:
                                    k[1], k[0] = k[0], m
                                hk = (m.from_square, m.to_square)
                                self.hist[hk] = self.hist.get(hk, 0) + depth * depth
                            break
        finally:
            self.path.discard(key)
        if best_move is None:
            return -MATE + ply if in_check else 0
        flag = LOWER if best >= beta else UPPER if best <= alpha0 else EXACT
        stored = best + ply if best > MATE - 1000 else best - ply if best < -MATE + 1000 else best
        self.tt[key] = (depth, stored, flag, best_move)
        return best

    # -- the root -------------------------------------------------------------------------------
    def best(self) -> tuple[chess.Move, int]:
        """The move to play and its score (side to move's view)."""
        board = self.board
        self.deadline = time.perf_counter() + self.level.seconds
        mg, eg, ph = evaluate_board(board)
        moves = list(board.legal_moves)
        if not moves:
            raise ValueError("no legal move in the position")
        if self.level.noise:
            return self._noisy(moves, mg, eg, ph)
        key = board._transposition_key()
        root = len(board.move_stack)
        best_move, best_score = self._order(moves, 0, None)[0], -INF
        root_scores: dict[chess.Move, int] = {}
        self.path.add(key)
        try:
            for depth in range(1, self.level.depth + 1):
                ordered = sorted(moves, key=lambda m: (m == best_move, root_scores.get(m, -INF)),
                                 reverse=True) if root_scores else self._order(moves, 0, None)
                alpha, iteration_best, iteration_score = -INF, None, -INF
                for m in ordered:
                    dmg, deg, dph, _ = _delta(board, m)
                    board.push(m)
                    if iteration_best is None:
                        score = -self.negamax(depth - 1, -INF, INF, 1, mg + dmg, eg + deg, ph + dph)
                    else:
                        score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, mg + dmg, eg + deg, ph + dph)
                        if score > alpha:
                            score = -self.negamax(depth - 1, -INF, -alpha, 1, mg + dmg, eg + deg, ph + dph)
                    board.pop()
                    root_scores[m] = score
                    if score > iteration_score:
                        iteration_best, iteration_score = m, score
                        alpha = score
                        # A move proven better than the previous best counts even if this
                        # iteration is cut short.
                        best_move, best_score = m, score
                self.depth_reached = depth
                if abs(best_score) > MATE - 1000:
                    break       # a forced mate found: deeper search cannot change the choice
        except _Stop:
            self._unwind(root)
        finally:
            self.path.discard(key)
        if best_score == -INF:
            best_score = self._score(mg, eg, ph, board.turn == chess.WHITE)
        return best_move, best_score

    def _noisy(self, moves: list[chess.Move], mg: int, eg: int, ph: int) -> tuple[chess.Move, int]:
        """A beginner's choice: each move judged one ply deep (with the captures that follow),
        plus a spread of its own taste that is the same each time the position comes up."""
        board = self.board
        fen = board.fen()
        root = len(board.move_stack)
        spread = self.level.noise
        scored: list[tuple[int, str, chess.Move, int]] = []
        for m in moves:
            dmg, deg, dph, _ = _delta(board, m)
            board.push(m)
            try:
                if board.is_checkmate():
                    score = MATE
                else:
                    score = -self.quiesce(-INF, INF, 1, mg + dmg, eg + deg, ph + dph)
            except _Stop:
                self._unwind(root + 1)
                score = -self._score(mg + dmg, eg + deg, ph + dph, board.turn == chess.WHITE)
            board.pop()
            taste = zlib.crc32(f"{fen} {m.uci()}".encode()) % (2 * spread + 1) - spread
            scored.append((score + taste, m.uci(), m, score))
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        self.depth_reached = 1
        return scored[0][2], scored[0][3]


def history_keys(state: ChessState) -> list[Any]:
    """The positions of the game before the current one that could still recur."""
    keys = []
    for key in state.keys[:-1]:
        keys.append(chess.Board(f"{key} 0 1")._transposition_key())
    return keys


def search(state: ChessState, level: int | Level = 2) -> tuple[str, int, int, int]:
    """(move, score for the side to move, positions searched, depth completed) at ``level``."""
    board = state.board
    limits = SEARCH_LEVELS[level] if isinstance(level, int) else level
    searcher = Searcher(board, limits, history_keys(state))
    move, score = searcher.best()
    return move.uci(), score, searcher.nodes, searcher.depth_reached


# -- the players ------------------------------------------------------------------------------
class SearchPlayer:
    """The built-in computer at ``level`` 1 to 3 (its choice depends on the position only)."""

    def __init__(self, level: int | Level = 2) -> None:
        if isinstance(level, int) and level not in SEARCH_LEVELS:
            raise ValueError(f"no chess level {level!r}; the levels are 1, 2 and 3")
        # Kept as the Level value, not the number: the worker carries a player's plain numbers
        # and strings from one move to the next as its memory, and a remembered level number
        # would override a strength changed in mid-game.
        self.limits = SEARCH_LEVELS[level] if isinstance(level, int) else level

    def choose(self, game: Any, view: ChessState, legal: Sequence[str], state: Any = None) -> str | None:
        if not legal:
            return None
        moves = [a for a in legal if a != CLAIM]
        if not moves:
            return legal[0]
        move, score, _, _ = search(view, self.limits)
        # A draw on offer is taken unless the computer thinks it stands better.
        if CLAIM in legal and score <= 0:
            return CLAIM
        return move if move in legal else moves[0]


_ENGINES: dict[str, Any] = {}


def engine_path() -> str | None:
    """The UCI engine to offer: ``COMPENDIUM_UCI_ENGINE`` if set, else ``stockfish`` on PATH."""
    named = os.environ.get("COMPENDIUM_UCI_ENGINE")
    if named:
        return shutil.which(named) or (named if os.access(named, os.X_OK) else None)
    return shutil.which("stockfish")


def _close_engines() -> None:
    for engine in _ENGINES.values():
        try:
            engine.quit()
        except Exception:  # the engine may already be gone; nothing more to do at exit
            pass
    _ENGINES.clear()


atexit.register(_close_engines)


class UciPlayer:
    """An installed UCI engine, given ``seconds`` a move.  It is started once per process and
    kept; should it fail, the built-in expert moves instead and ``failed`` says why."""

    def __init__(self, path: str, seconds: float = 0.5) -> None:
        self.path = path
        self.seconds = seconds
        self.failed = ""

    def choose(self, game: Any, view: ChessState, legal: Sequence[str], state: Any = None) -> str | None:
        if not legal:
            return None
        import chess.engine
        board = chess.Board(view.start)
        for text in view.moves:       # the whole game, so the engine knows the repetitions
            board.push(chess.Move.from_uci(text))
        try:
            engine = _ENGINES.get(self.path)
            if engine is None:
                engine = _ENGINES[self.path] = chess.engine.SimpleEngine.popen_uci(self.path, timeout=10)
            result = engine.play(board, chess.engine.Limit(time=self.seconds))
            if result.move is not None and result.move.uci() in legal:
                return result.move.uci()
            if result.draw_offered and CLAIM in legal:
                return CLAIM
            self.failed = f"the engine answered {result.move}, not a legal move"
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, OSError, TimeoutError) as exc:
            self.failed = f"{type(exc).__name__}: {exc}"
            broken = _ENGINES.pop(self.path, None)
            if broken is not None:
                try:
                    broken.close()
                except Exception:  # already dead
                    pass
        return SearchPlayer(3).choose(game, view, legal)


def levels() -> dict[int, str]:
    """The levels a seat may be given: the built-in three, and level 4 when an engine is found."""
    out = dict(LEVELS)
    path = engine_path()
    if path is not None:
        out[4] = f"{os.path.basename(path)} (UCI engine)"
    return out


def player_for(level: int = 2) -> SearchPlayer | UciPlayer:
    if level == 4:
        path = engine_path()
        if path is not None:
            return UciPlayer(path)
        return SearchPlayer(3)   # the engine was removed since the level was offered
    return SearchPlayer(level)


# -- measuring ------------------------------------------------------------------------------------
def bench_positions(count: int = 20) -> list[ChessState]:
    """``count`` positions for timing: Lasker's diagrams, then every fourth position of a game the
    beginner plays against itself from the usual array (the same positions on every run)."""
    from ...games.board.chess_game import GAME, LESSONS, state_from_fen
    positions = [state_from_fen(lesson.fen) for lesson in LESSONS.values()]
    state = GAME.initial_state()
    player = SearchPlayer(1)
    ply = 0
    while len(positions) < count and GAME.outcome(state) is None:
        if ply % 4 == 0:
            positions.append(state)
        legal = GAME.legal_actions(state, state.turn)
        state = GAME.apply(state, player.choose(GAME, state, list(legal)))
        ply += 1
    return positions[:count]


def bench_figures(count: int = 20, levels_to_time: Sequence[int] = (1, 2, 3),
                  random_games: int = 20) -> dict[str, float]:
    """The chess figures of the benchmark table: the computer's move time at each level (median
    and 95th percentile over ``count`` positions, in seconds) and random whole games per second
    through the game protocol (the rules core alone)."""
    from ...core.game import Special
    from ...core.rng import SplitMix64
    from ...games.board.chess_game import GAME
    out: dict[str, float] = {}
    positions = bench_positions(count)

    def pct(values: list[float], q: float) -> float:
        values = sorted(values)
        return values[min(len(values) - 1, int(len(values) * q))]

    for level in levels_to_time:
        wall, cpu = [], []
        for state in positions:
            legal = list(GAME.legal_actions(state, state.turn))
            start, start_cpu = time.perf_counter(), time.process_time()
            SearchPlayer(level).choose(GAME, state, legal)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        # The processor time is what the machine's load does not change; the wall time is what
        # the player waits on this machine as it is.
        out[f"level{level}_p50_s"] = pct(wall, 0.5)
        out[f"level{level}_p95_s"] = pct(wall, 0.95)
        out[f"level{level}_cpu_p50_s"] = pct(cpu, 0.5)
        out[f"level{level}_cpu_p95_s"] = pct(cpu, 0.95)
    gen = SplitMix64(7)
    plies = 0
    start = time.perf_counter()
    for _ in range(random_games):
        state = GAME.initial_state()
        while True:
            seat = GAME.to_move(state)
            if seat is Special.TERMINAL:
                break
            moves = [a for a in GAME.legal_actions(state, seat) if a != CLAIM]
            state = GAME.apply(state, moves[gen.below(len(moves))])
            plies += 1
    elapsed = time.perf_counter() - start
    out["random_games_per_s"] = random_games / elapsed
    out["random_plies_per_s"] = plies / elapsed
    return out


class ChessAI(GameAI):
    def player(self, game: Any, level: int = 2) -> Player:
        return player_for(level)

    def levels(self, game: Any) -> dict[int, str]:
        """The built-in three and, when a UCI engine is installed, that engine as level 4."""
        return levels()

    def hint(self, game: Any, state: ChessState, seat: int) -> str | None:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        action: str | None = SearchPlayer(HINT_LEVEL).choose(game, state, list(legal))
        return action


AI = ChessAI()
