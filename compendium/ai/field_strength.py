"""How strong is the computer against the engines players know?  ``python -m compendium.ai.field_strength``.

    python -m compendium.ai.field_strength backgammon --games 100 --levels 1 2 3
    python -m compendium.ai.field_strength chess --games 6 --levels 1 2 3 --anchors 1350 1500
    python -m compendium.ai.field_strength checkers --positions 300

The strength tool (``compendium.ai.strength``) sets our levels against each other; this one measures
them with the field's instruments.  None of these is a dependency of the application: each part
says so and stops cleanly when its instrument is missing.

* **Backgammon** — GNU Backgammon (``pip install gnubg``) rates every play a level makes: the
  equity the level gave up against the best play by gnubg's own evaluation, in thousandths of a
  point (millipoints, the figure backgammon players quote as the *error rate*), averaged over the
  plays where there was a choice.  The level plays games against gnubg's network (0-ply), taking
  White and Black in turn, cubeless, with the modern opening; the games' points are reported too.
* **Chess** — matches against Stockfish (Debian's ``stockfish``) held to a rating by its own
  ``UCI_LimitStrength``/``UCI_Elo`` (1350 is the lowest it allows) searching a fixed number of
  positions a move (not a time, which a loaded machine would shorten).  A
  level's rating is the maximum-likelihood estimate from all its games against all the anchors,
  with the standard error from the Fisher information (the logistic Elo model).  Stockfish's
  calibration is for longer games than ours; the figures place the levels, they do not certify
  them.
* **Whist and Bridge** — the level in every seat plays seeded deals; every card of the last
  ``--cards`` tricks is weighed by our double-dummy solver (``ai/tricks/double_dummy.py``): the
  tricks its side could still take with the best card less those left after the card played.
* **Checkers** — no checkers engine or endgame database is packaged for this machine, so the
  measure is exact play: every position reachable from a sample of random positions of up to
  ``--pieces`` pieces is solved by retrograde analysis (win, loss, or draw by endless play, under
  compulsory capture), and each level is asked to move in each sampled position.  A *mistake* is a
  move that throws away the position's value (a win to a draw or loss, a draw to a loss); a won
  position is then played out against our level 3, to see whether the level brings the win home
  within the forty-move rule.

Everything is seeded: the same command prints the same figures (Stockfish's clock aside).
"""
from __future__ import annotations

import argparse
import math
import shutil
import sys
import time
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import UnknownGame
from ..core.game import Special
from ..core.rng import SplitMix64
from .strength import Estimate, estimate


def _say(text: str) -> None:
    print(text, flush=True)


# ================================================================================================
# Backgammon against GNU Backgammon
# ================================================================================================
@dataclass(frozen=True, slots=True)
class BackgammonFigures:
    level: int
    games: int
    plays_rated: int
    error: Estimate          # millipoints given up per play with a choice
    points: Estimate         # points per game against gnubg's network (a gammon 2, ...)
    seconds_per_play: float


def rate_backgammon(level: int, games: int, seed: int = 1, plies: int = 0) -> BackgammonFigures:
    """``level`` plays ``games`` games against GNU Backgammon's network; every play of the level
    with a choice is rated by gnubg at ``plies``."""
    from ..games.board.backgammon import GAME, Phase, Play, generate
    from .board.backgammon import BackgammonPlayer, GnubgJudge, GnubgPlayer, gnubg_module
    module = gnubg_module()
    if module is None:
        raise RuntimeError("GNU Backgammon's Python module is not installed (pip install gnubg)")
    judge = GnubgJudge(module, plies)
    rng = SplitMix64(seed)
    errors: list[float] = []
    points: list[float] = []
    thinking = 0.0
    for g in range(games):
        ours = g % 2                         # White (0) in even games, Black in odd ones
        players = {ours: BackgammonPlayer(level), 1 - ours: GnubgPlayer()}
        state = GAME.initial_state({"cube": False, "opening": "modern"})
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)
            if seat is Special.CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng.next() >> 1))
                continue
            assert isinstance(seat, int)
            legal = list(GAME.legal_actions(state, seat))
            view = GAME.view(state, seat)
            started = time.process_time()
            action = players[seat].choose(GAME, view, legal)
            if seat == ours:
                thinking += time.process_time() - started
            if seat == ours and state.phase is Phase.MOVE and isinstance(action, Play):
                infos = generate(state.rel(seat), state.dice)
                if len(infos) > 1:
                    values = {p.hops: judge.equity_after(p.result) for p in infos}
                    chosen = values.get(action.hops)
                    if chosen is None:   # a play written another way: find its position
                        chosen = judge.equity_after(GAME.apply(state, action).rel(seat))
                    errors.append(1000.0 * (max(values.values()) - chosen))
            state = GAME.apply(state, action)
        won = GAME.points_won(state)
        assert won is not None
        winner, value, _ = won
        points.append(float(value if winner == ours else -value))
    return BackgammonFigures(level, games, len(errors), estimate(errors), estimate(points),
                             thinking / max(len(errors), 1))


# ================================================================================================
# Chess against Stockfish
# ================================================================================================
LOG10_400 = 400.0 / math.log(10.0)
OPENING_PLIES = 2      # random moves, one a side, before the players take over


def expected_score(rating: float, opponent: float) -> float:
    """The logistic Elo model's expected score of ``rating`` against ``opponent``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


@dataclass(frozen=True, slots=True)
class EloEstimate:
    rating: float            # the maximum-likelihood rating; +-inf when every game was won/lost
    error: float             # one standard error (inf when the rating is unbounded)
    score: float
    games: int
    # After a clean sweep, the one-sided 95 % bound: the rating at which so clean a sweep would
    # happen one time in twenty (an upper bound after every game lost, a lower after every won).
    bound: float = math.nan

    def __str__(self) -> str:
        if math.isinf(self.rating):
            side = "above" if self.rating > 0 else "below"
            return f"{side} {self.bound:.0f} (95 %, one-sided; scored {self.score:g}/{self.games})"
        return f"{self.rating:.0f} ± {1.96 * self.error:.0f} (95 %; scored {self.score:g}/{self.games})"


def elo_from_results(results: Sequence[tuple[float, float]]) -> EloEstimate:
    """The rating whose expected total score against the opponents' ratings equals the score
    made, from ``(opponent rating, score 1 / 0.5 / 0)`` pairs; found by bisection (the expected
    total rises with the rating)."""
    if not results:
        raise ValueError("no games to rate")
    score = sum(s for _, s in results)
    n = len(results)
    if score <= 0.0 or score >= n:
        return EloEstimate(-math.inf if score <= 0.0 else math.inf, math.inf, score, n,
                           sweep_bound([r for r, _ in results], won=score >= n))
    lo = min(r for r, _ in results) - 2000.0
    hi = max(r for r, _ in results) + 2000.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if sum(expected_score(mid, r) for r, _ in results) < score:
            lo = mid
        else:
            hi = mid
    rating = (lo + hi) / 2.0
    information = sum(expected_score(rating, r) * (1.0 - expected_score(rating, r)) for r, _ in results)
    return EloEstimate(rating, LOG10_400 / math.sqrt(information), score, n)


def sweep_bound(opponents: Sequence[float], won: bool, level: float = 0.05) -> float:
    """The rating at which every game against ``opponents`` would be won (``won``) or lost with
    probability ``level``: the one-sided bound a clean sweep allows.  Found by bisection: the
    chance of the sweep rises with the rating when it is won, and falls when it is lost."""
    lo, hi = min(opponents) - 3000.0, max(opponents) + 3000.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        chance = math.prod(expected_score(mid, r) if won else 1.0 - expected_score(mid, r) for r in opponents)
        if (chance < level) == won:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def stockfish_path() -> str | None:
    return shutil.which("stockfish") or shutil.which("/usr/games/stockfish")


def play_stockfish(level: int, anchor: int, our_colour_white: bool, nodes: int, opening_seed: int = 1,
                   max_plies: int = 300) -> float:
    """One game of our ``level`` against Stockfish held to ``anchor``; our score (1, 0.5, 0).
    A game still going after ``max_plies`` is scored by the material left (a rare case)."""
    import chess
    import chess.engine

    from ..games.board.chess_game import CLAIM, GAME
    from .board.chess import SearchPlayer
    path = stockfish_path()
    if path is None:
        raise RuntimeError("Stockfish is not installed (apt-get install stockfish)")
    ours = chess.WHITE if our_colour_white else chess.BLACK
    player = SearchPlayer(level)
    state = GAME.initial_state()
    board = chess.Board()
    # A few random opening moves (seeded by the game's number), so that two games of the same
    # pairing are not the same game: our levels choose by the position alone.
    rng = SplitMix64(opening_seed)
    for _ in range(OPENING_PLIES):
        moves = sorted(m.uci() for m in board.legal_moves)
        move = moves[rng.below(len(moves))]
        board.push(chess.Move.from_uci(move))
        state = GAME.apply(state, move)
    with chess.engine.SimpleEngine.popen_uci(path, timeout=120) as engine:
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": anchor, "Threads": 1, "Hash": 16})
        for _ in range(max_plies):
            if board.is_game_over(claim_draw=True):
                break
            if board.turn == ours:
                legal = list(GAME.legal_actions(state, GAME.to_move(state)))
                move = player.choose(GAME, GAME.view(state, GAME.to_move(state)), legal)
                if move == CLAIM:
                    return 0.5
                assert isinstance(move, str)
                uci = chess.Move.from_uci(move)
            else:
                result = engine.play(board, chess.engine.Limit(nodes=nodes))
                assert result.move is not None
                uci = result.move
                move = uci.uci()
            board.push(uci)
            state = GAME.apply(state, move)
        outcome = board.outcome(claim_draw=True)
        if outcome is None:
            values = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
            balance = sum(v * (len(board.pieces(p, ours)) - len(board.pieces(p, not ours)))
                          for p, v in values.items())
            return 1.0 if balance >= 3 else 0.0 if balance <= -3 else 0.5
        if outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner == ours else 0.0


def play_levels(level_a: int, level_b: int, a_white: bool, opening_seed: int = 1,
                max_plies: int = 300) -> float:
    """One game between two of our levels after the same random opening as ``play_stockfish``;
    ``level_a``'s score.  The ladder of such games places a level below Stockfish's lowest
    anchor (1350) relative to one placed against it."""
    import chess

    from ..games.board.chess_game import CLAIM, GAME
    from .board.chess import SearchPlayer
    board = chess.Board()
    state = GAME.initial_state()
    rng = SplitMix64(opening_seed)
    for _ in range(OPENING_PLIES):
        moves = sorted(m.uci() for m in board.legal_moves)
        move = moves[rng.below(len(moves))]
        board.push(chess.Move.from_uci(move))
        state = GAME.apply(state, move)
    a_colour = chess.WHITE if a_white else chess.BLACK
    players = {a_colour: SearchPlayer(level_a), not a_colour: SearchPlayer(level_b)}
    for _ in range(max_plies):
        if board.is_game_over(claim_draw=True):
            break
        seat = GAME.to_move(state)
        move = players[board.turn].choose(GAME, GAME.view(state, seat), list(GAME.legal_actions(state, seat)))
        if move == CLAIM:
            return 0.5
        assert isinstance(move, str)
        board.push(chess.Move.from_uci(move))
        state = GAME.apply(state, move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == a_colour else 0.0


# ================================================================================================
# Checkers: exact play on small positions
# ================================================================================================
Board = tuple[int, int, int, int]          # black, white, kings, side to move
WIN, LOSS, DRAW = 1, -1, 0
REACH_LIMIT = 150_000     # positions one sampled root may reach (memory: about 1 kB each)


def successors(position: Board) -> list[Board]:
    """The positions after each legal move under compulsory capture (a capture, when there is
    one, must be made; a multiple capture is one move)."""
    from ..games.board.checkers import generate, play_on_board
    black, white, kings, side = position
    jumps, steps = generate(black, white, kings, side)
    moves = jumps if jumps else tuple((step, 0) for step in steps)
    return [(*play_on_board(black, white, kings, side, path, taken), 1 - side) for path, taken in moves]


def solve(roots: Iterable[Board], limit: int = 3_000_000) -> dict[Board, int]:
    """The exact value, for the side to move, of every position reachable from ``roots``: WIN,
    LOSS, or DRAW (neither side can force a win; the game would go on for ever).  A position with
    no move (no men left, or all blocked) is lost.  Retrograde analysis over the reachable graph:
    the lost positions with no move are known first; a position with a move to a lost one is won;
    a position all of whose moves lead to won ones is lost; what is never decided is a draw."""
    children: dict[Board, list[Board]] = {}
    queue = deque(roots)
    while queue:
        p = queue.popleft()
        if p in children:
            continue
        if len(children) >= limit:
            raise RuntimeError(f"more than {limit} positions are reachable: choose fewer pieces")
        kids = successors(p)
        children[p] = kids
        queue.extend(k for k in kids if k not in children)
    parents: dict[Board, list[Board]] = {p: [] for p in children}
    for p, kids in children.items():
        for k in kids:
            parents[k].append(p)
    value: dict[Board, int] = {}
    left = {p: len(kids) for p, kids in children.items()}
    frontier = deque(p for p, kids in children.items() if not kids)
    for p in frontier:
        value[p] = LOSS
    while frontier:
        p = frontier.popleft()
        for q in parents[p]:
            if q in value:
                continue
            if value[p] == LOSS:
                value[q] = WIN
                frontier.append(q)
            else:
                left[q] -= 1
                if left[q] == 0:
                    value[q] = LOSS
                    frontier.append(q)
    return {p: value.get(p, DRAW) for p in children}


def random_position(rng: SplitMix64, pieces: int) -> Board:
    """A random position of ``pieces`` pieces, each side at least one, men never on their own
    crowning row, kings as likely as men; the side to move has a move."""
    from ..games.board.checkers import CROWN_ROW
    while True:
        black = white = kings = 0
        used = 0
        n_black = 1 + rng.below(pieces - 1)
        for i in range(pieces):
            side = 0 if i < n_black else 1
            while True:
                sq = rng.below(32)
                if not used & (1 << sq):
                    break
            bit = 1 << sq
            king = rng.below(2) == 0
            if not king and bit & CROWN_ROW[side]:
                king = True
            used |= bit
            if side == 0:
                black |= bit
            else:
                white |= bit
            if king:
                kings |= bit
        position = (black, white, kings, rng.below(2))
        if len(successors(position)) > 1:
            return position


@dataclass(frozen=True, slots=True)
class CheckersFigures:
    level: int
    positions: int
    mistakes: int
    won_positions: int
    wins_kept: int
    wins_converted: int      # won positions the level went on to win, against our level 3
    seconds_per_move: float


def play_out(state: Any, level: int, defender: int = 3) -> int | None:
    """The winner (a side) when the side to move in ``state`` is played by ``level`` and the
    other by ``defender``, or ``None`` for a draw by the forty-move rule (forty moves each without
    a capture or a man's move) or after 400 single moves."""
    from ..games.board.checkers import GAME, QUIET_PLIES_FOR_CLAIM, Move
    from .board.checkers import CheckersPlayer
    players = {state.turn: CheckersPlayer(level), 1 - state.turn: CheckersPlayer(defender)}
    for _ in range(400):
        legal = [a for a in GAME.legal_actions(state, state.turn) if isinstance(a, Move)]
        if not legal:
            return 1 - state.turn
        if state.quiet >= QUIET_PLIES_FOR_CLAIM:
            return None
        state = GAME.apply(state, players[state.turn].choose(GAME, state, legal))
    return None


def rate_checkers(levels: Sequence[int], positions: int, pieces: int = 4,
                  seed: int = 1) -> tuple[list[CheckersFigures], dict[Any, int]]:
    """Each level's move in ``positions`` random positions of up to ``pieces`` pieces, checked
    against the exact values; with the count of positions of each value."""
    from ..games.board.checkers import GAME, CheckersState, Move
    from .board.checkers import CheckersPlayer
    rng = SplitMix64(seed)
    sample: list[Board] = []
    values: dict[Board, int] = {}
    skipped = 0
    while len(sample) < positions:
        root = random_position(rng, 2 + rng.below(pieces - 1))
        if root not in values:
            try:
                # Each root's reachable set is closed under moves, so its values are exact alone.
                values.update(solve([root], limit=REACH_LIMIT))
            except RuntimeError:
                skipped += 1      # too many positions reachable for this measure: drawn again
                continue
        sample.append(root)
    counts = {WIN: 0, DRAW: 0, LOSS: 0, "skipped": skipped}
    for p in sample:
        counts[values[p]] += 1
    figures = []
    for level in levels:
        mistakes = kept = won = converted = 0
        thinking = 0.0
        for p in sample:
            black, white, kings, side = p
            state = CheckersState(black=black, white=white, kings=kings, turn=side, start="setup")
            legal = [a for a in GAME.legal_actions(state, side) if isinstance(a, Move)]
            started = time.process_time()
            move = CheckersPlayer(level).choose(GAME, state, legal)
            thinking += time.process_time() - started
            after = GAME.apply(state, move)
            child = values[(after.black, after.white, after.kings, after.turn)]
            value = values[p]
            lost_value = (value == WIN and child != LOSS) or (value == DRAW and child == WIN)
            mistakes += lost_value
            if value == WIN:
                won += 1
                kept += not lost_value
                converted += play_out(state, level) == side
        figures.append(CheckersFigures(level, len(sample), mistakes, won, kept, converted,
                                       thinking / len(sample)))
    return figures, counts


# ================================================================================================
# Whist and Bridge: the tricks given up against double-dummy play
# ================================================================================================
DOUBLE_DUMMY_GAMES = ("whist", "dummy_whist", "double_dummy", "bridge", "auction_bridge")


@dataclass(frozen=True, slots=True)
class CardPlayFigures:
    game: str
    level: int
    deals: int
    cards_rated: int
    given_up: Estimate       # tricks a deal given up by the four seats' cards, against double-dummy play
    per_card: float          # the same per card rated


def rate_card_play(game_id: str, level: int, deals: int, cards: int = 6, seed: int = 1) -> CardPlayFigures:
    """``level`` in every seat plays ``deals`` deals of ``game_id``; once every hand holds ``cards``
    cards or fewer, each card played is weighed by the double-dummy solver: the tricks its side
    could still take with the best card, less those it can take after the card played.  (A whole
    13-card deal takes our solver minutes, so the measure covers the last ``cards`` tricks.)"""
    from ..games.registry import get_game
    from ..games.tricks.engine import Play
    from .registry import computer_player
    from .tricks.double_dummy import Solver, position_of
    try:
        game = get_game(game_id)
    except UnknownGame as exc:          # said as a plain refusal by main()
        raise RuntimeError(str(exc)) from exc
    if game.info.id not in DOUBLE_DUMMY_GAMES:
        raise RuntimeError(f"{game_id!r} is not a whist or bridge game (one of {', '.join(DOUBLE_DUMMY_GAMES)})")
    per_deal: list[float] = []
    rated = 0
    for i in range(deals):
        state = game.initial_state()
        state = game.apply(state, game.chance_action(state, seed + i))
        players = {s: computer_player(game, level) for s in range(game.seat_count(state))}
        lost = 0
        for _ in range(2000):
            seat = game.to_move(state)
            if isinstance(seat, Special):
                break
            legal = list(game.legal_actions(state, seat))
            action = players[seat].choose(game, game.view(state, seat), legal)
            if isinstance(action, Play) and len(legal) > 1:
                position = position_of(state)
                if max(len(hand) for hand in position.hands) <= cards:
                    values = Solver(position.trump).card_values(position)
                    lost += max(values.values()) - values[action.card]
                    rated += 1
            state = game.apply(state, action)
        per_deal.append(float(lost))
    total = sum(per_deal)
    return CardPlayFigures(game_id, level, deals, rated, estimate(per_deal), total / max(rated, 1))


# ================================================================================================
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m compendium.ai.field_strength",
                                     description="Our computer levels measured by the field's engines.")
    parser.add_argument("game", help="backgammon, chess, checkers, or a whist or bridge game (whist, "
                                     "dummy_whist, bridge, auction_bridge ...)")
    parser.add_argument("--levels", type=int, nargs="*", default=[1, 2, 3])
    parser.add_argument("--games", type=int, default=20, help="games per level (and per anchor in chess)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=0, help="backgammon: gnubg's look-ahead when rating")
    parser.add_argument("--anchors", type=int, nargs="+", default=[1350],
                        help="chess: Stockfish's UCI_Elo settings to play against")
    parser.add_argument("--nodes", type=int, default=100_000,
                        help="chess: the positions Stockfish searches a move (not its clock: a loaded "
                             "machine must not weaken it)")
    parser.add_argument("--ladder", type=int, nargs="*", default=[],
                        help="chess: also play each of these levels against the next (e.g. 1 2)")
    parser.add_argument("--deals", type=int, default=30, help="whist and bridge: deals per level")
    parser.add_argument("--cards", type=int, default=6,
                        help="whist and bridge: rate the cards once every hand holds this many or fewer")
    parser.add_argument("--positions", type=int, default=300, help="checkers: positions sampled")
    parser.add_argument("--pieces", type=int, default=4, help="checkers: at most this many pieces")
    args = parser.parse_args(argv)
    try:
        if args.game == "backgammon":
            _say(f"Backgammon: {args.games} games a level against GNU Backgammon's network, every "
                 f"play rated by gnubg at {args.plies}-ply (millipoints given up a play)")
            for level in args.levels:
                f = rate_backgammon(level, args.games, args.seed, args.plies)
                _say(f"  level {level}: error {f.error.mean:.1f} ± {f.error.half_width:.1f} mp/play over "
                     f"{f.plays_rated} plays; points a game vs gnubg {f.points.mean:+.2f} ± "
                     f"{f.points.half_width:.2f}; {1000 * f.seconds_per_play:.1f} ms a play")
        elif args.game == "chess":
            _say(f"Chess: {args.games} games a level against each Stockfish anchor {args.anchors} "
                 f"(UCI_Elo, {args.nodes} nodes a move), colours alternating")
            for level in args.levels:
                results: list[tuple[float, float]] = []
                for anchor in args.anchors:
                    for g in range(args.games):
                        score = play_stockfish(level, anchor, g % 2 == 0, args.nodes, args.seed + g // 2)
                        results.append((float(anchor), score))
                    made = sum(s for r, s in results if r == anchor)
                    _say(f"  level {level} vs {anchor}: {made:g}/{args.games}")
                _say(f"  level {level}: Elo {elo_from_results(results)}")
            for low, high in zip(args.ladder, args.ladder[1:]):
                scores = [play_levels(low, high, g % 2 == 0, args.seed + g // 2) for g in range(args.games)]
                rel = elo_from_results([(0.0, x) for x in scores])
                _say(f"  level {low} against level {high}: {sum(scores):g}/{len(scores)}, "
                     f"a difference of {rel}")
        elif args.game != "checkers":
            _say(f"{args.game}: {args.deals} deals a level, the level in every seat; every card of the "
                 f"last {args.cards} tricks weighed by the double-dummy solver")
            for level in args.levels:
                c = rate_card_play(args.game, level, args.deals, args.cards, args.seed)
                _say(f"  level {level}: {c.given_up.mean:.2f} ± {c.given_up.half_width:.2f} tricks a deal "
                     f"given up by the four seats ({c.per_card:.3f} a card over {c.cards_rated} cards)")
        else:
            figures, counts = rate_checkers(args.levels, args.positions, args.pieces, args.seed)
            _say(f"Checkers: {args.positions} random positions of 2 to {args.pieces} pieces solved "
                 f"exactly (to move: {counts[WIN]} won, {counts[DRAW]} drawn, {counts[LOSS]} lost; "
                 f"{counts['skipped']} drawn again, reaching over {REACH_LIMIT} positions)")
            for f in figures:
                _say(f"  level {f.level}: {f.mistakes} moves threw away the value "
                     f"({100 * f.mistakes / f.positions:.1f} %); kept {f.wins_kept}/{f.won_positions} "
                     f"wins a move, won {f.wins_converted} of them against level 3; "
                     f"{1000 * f.seconds_per_move:.0f} ms a move")
    except RuntimeError as exc:
        _say(f"cannot measure: {exc}")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
