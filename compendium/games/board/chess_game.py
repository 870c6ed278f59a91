"""Chess, on python-chess (catalogue: chess).

Lasker's chapter gives the terms, check, mate, stalemate and perpetual check, and four diagrams,
but not the moves of the men; those, castling, en passant, promotion and the draws follow the
standard (FIDE) laws, as the rules page says.  python-chess generates the moves; this module adds
what the compendium needs around it: immutable states, the seat protocol (seat 0 plays White,
seat 1 Black), refusals that name the law broken, the draws, the notations (UCI for records,
algebraic for the move list, the old descriptive "P-K4" as an option), PGN and FEN in and out,
and Lasker's diagrams as positions to start from.

Decisions where the laws leave a choice to the arbiter or to software:
- a draw by threefold repetition or by the fifty-move rule is *claimed*: the player to move may
  play the action ``claim draw`` when the position before them has stood three times, or when
  fifty moves by each side have passed without a capture or a pawn move;
- the game is drawn *automatically* on the fifth repetition, after seventy-five moves by each side
  without a capture or a pawn move (unless the last move mates), when neither side has the men to
  mate (python-chess's insufficient-material test), and on stalemate;
- resigning is the action ``resign``, accepted from the player to move; it is not among the legal
  actions, because those list what may be done on the board (and a computer never resigns);
- with a clock (the ``clock`` option, none by default), the table plays ``flag`` for the player to
  move when that player's time is used up: the game is lost on time, unless the opponent has too
  little material to mate by any series of moves (python-chess's insufficient-material test for
  that side), when it is drawn.  Like ``resign`` it is a recorded action, so a saved game and its
  replay end the same way; it is refused in a game without a clock.

A game may start from any legal position: ``setup_state(fen)`` (the session's set-up, kept in the
record) reads a FEN or a lesson's key.  Older records started from a FEN given as the ``start``
option; that option still accepts one, so they replay.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

import chess
import chess.pgn

from ...core.errors import IllegalAction, NotationError, excerpt
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, Seat, Special, TableKind
from ...core.rules import rule_ref
from ..catalogue import BY_ID

RESIGN = "resign"
CLAIM = "claim draw"
FLAG = "flag"                     # the player to move has used up his time
STANDARD = "standard"
COLOUR_NAMES = {chess.WHITE: "White", chess.BLACK: "Black"}
PIECE_NAMES = {chess.PAWN: "pawn", chess.KNIGHT: "knight", chess.BISHOP: "bishop",
               chess.ROOK: "rook", chess.QUEEN: "queen", chess.KING: "king"}

# The law each kind of man moves by (used when a move breaks its piece's pattern).
PIECE_RULES = {
    chess.PAWN: rule_ref("chess", "the-pawn"), chess.KNIGHT: rule_ref("chess", "the-knight"),
    chess.BISHOP: rule_ref("chess", "the-bishop"), chess.ROOK: rule_ref("chess", "the-rook"),
    chess.QUEEN: rule_ref("chess", "the-queen"), chess.KING: rule_ref("chess", "the-king"),
}
_UCI_RE = re.compile(r"[a-h][1-8][a-h][1-8][qrbnk]?")


# -- Lasker's diagrams -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Lesson:
    """One of Lasker's diagrams as a position to start from, with what it teaches."""

    key: str
    title: str
    fen: str
    lesson: str       # a line of our own about what the diagram shows
    anchor: str       # the heading of the rules page that discusses it


_D5 = "6k1/5pp1/3b1n1p/8/P7/2P4P/6P1/4R1K1"
_D6 = "3R1nkr/pbp2p2/1pqb2p1/8/5NN1/1B1Q3P/PPP3PK/8"
_D7 = "8/8/8/8/8/3q3k/5R2/4rNK1"
_D8 = "6k1/6p1/8/8/4Q3/1q4P1/p6P/7K"

LESSONS: dict[str, Lesson] = {lesson.key: lesson for lesson in (
    Lesson("lasker-5-white", "Diagram 5, White to move", f"{_D5} w - - 0 1",
           "Attack and defence: Rd1 or Re6 attacks the bishop; Re8+ is answered by Nxe8.",
           "diagram-5-attack-defence-and-check"),
    Lesson("lasker-5-black", "Diagram 5, Black to move", f"{_D5} b - - 0 1",
           "Check: after Bc5+ White has exactly Kf1, Kh1, Kh2 and Re3.",
           "diagram-5-attack-defence-and-check"),
    Lesson("lasker-6-white", "Diagram 6, White to move", f"{_D6} w - - 0 1",
           "Mate in one: Qxg6#, the f-pawn and the knight both pinned.",
           "diagram-6-mate-on-the-move"),
    Lesson("lasker-6-black", "Diagram 6, Black to move", f"{_D6} b - - 0 1",
           "Mate in one: Qxg2#, the bishop guards g2 and the knight is pinned.",
           "diagram-6-mate-on-the-move"),
    Lesson("lasker-7-white", "Diagram 7, White to move", f"{_D7} w - - 0 1",
           "Saved by stalemate: Rf3+ and if Qxf3 White has no move.",
           "diagram-7-stalemate"),
    Lesson("lasker-7-black", "Diagram 7, Black to move", f"{_D7} b - - 0 1",
           "Black mates in three, in two different ways.", "diagram-7-stalemate"),
    Lesson("lasker-8-white", "Diagram 8, White to move", f"{_D8} w - - 0 1",
           "Perpetual check: Qe8+ Kh7 Qh5+ Kg8 and again, or the a-pawn queens.",
           "diagram-8-perpetual-check"),
)}


class StartOption(OptionSpec):
    """The starting position: the usual array, one of Lasker's diagrams, or any legal FEN (what
    "Paste FEN" and a PGN with a SetUp tag start from), so a record of such a game still replays."""

    __slots__ = ()

    def allows(self, value: Any) -> bool:
        if OptionSpec.allows(self, value):
            return True
        if not isinstance(value, str):
            return False
        try:
            parse_fen(value)
        except NotationError:
            return False
        return True


# The menu offers the diagrams with White to move, where the player (seat 0, White) moves first.
# The Black-to-move diagrams are started from the table's lesson list, which seats the player as
# Black: a session cannot take back a computer's move made before the player's first one.
_MENU_LESSONS = tuple(key for key, lesson in LESSONS.items() if lesson.fen.split()[1] == "w")
START_OPTION = StartOption(
    "start", STANDARD, (STANDARD, *_MENU_LESSONS), "Starting position",
    help="The usual array, or one of Lasker's diagrams (a pasted FEN is accepted too).",
    labels=("The usual array", *(f"Lasker's {LESSONS[key].title}" for key in _MENU_LESSONS)))


# -- the clock ------------------------------------------------------------------------------------
NO_CLOCK = "none"


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Each player's time for the whole game and the time added after each of his moves."""

    minutes: int
    increment: int = 0            # seconds

    @property
    def base_ms(self) -> int:
        return self.minutes * 60_000

    @property
    def increment_ms(self) -> int:
        return self.increment * 1000

    @property
    def text(self) -> str:
        return f"{self.minutes}+{self.increment}"


def time_control(text: str) -> TimeControl | None:
    """The time control an option value names: "none", or "minutes+increment" such as "15+10"
    (minutes for the game, seconds added a move).  ``NotationError`` quotes a bad value."""
    word = str(text).strip().lower()
    if word == NO_CLOCK:
        return None
    m = re.fullmatch(r"(\d{1,3})(?:\s*[+|]\s*(\d{1,3}))?", word)
    if m is None or int(m.group(1)) == 0:
        raise NotationError(f"{text!r} is not a time control: write 'none' or minutes and "
                            "seconds a move, as '15+10'")
    return TimeControl(int(m.group(1)), int(m.group(2) or 0))


CLOCK_OPTION = OptionSpec(
    "clock", NO_CLOCK, (NO_CLOCK, "5+0", "15+0", "15+10", "60+0"), "Clock",
    help="A chess clock for each player; when a player's time runs out the game is lost on time.",
    labels=("No clock", "5 minutes each", "15 minutes each", "15 minutes + 10 seconds a move",
            "60 minutes each"))


class GameClock:
    """The two clocks of a timed game, in milliseconds, read from ``now`` (seconds, monotonic:
    ``time.monotonic`` on the table, a fake in tests).  One clock runs at a time, or none (the
    game paused, or over).  It knows nothing of chess: the table tells it whose clock runs and
    who has just moved, and reads who has run out of time."""

    def __init__(self, control: TimeControl, now: Callable[[], float],
                 left: Sequence[int] | None = None, seats: int = 2) -> None:
        self.control = control
        self._now = now
        self._left = list(left) if left is not None else [control.base_ms] * seats
        if len(self._left) != seats:
            raise ValueError(f"{len(self._left)} clock times for {seats} players")
        self.running: int | None = None
        self._since = 0.0

    def _charge(self) -> None:
        """Take the time since the running clock was last read off it."""
        if self.running is None:
            return
        now = self._now()
        spent = int(round((now - self._since) * 1000))
        self._left[self.running] = max(0, self._left[self.running] - max(0, spent))
        self._since = now

    def run(self, seat: int | None) -> None:
        """Let ``seat``'s clock run (``None``: stop both), after charging the one running."""
        self._charge()
        if seat is not None and seat != self.running:
            self._since = self._now()
        self.running = seat

    def moved(self, seat: int) -> None:
        """``seat`` has completed a move: charge its time and add the increment (not to a clock
        already at zero: the flag has fallen)."""
        self._charge()
        if self._left[seat] > 0:
            self._left[seat] += self.control.increment_ms

    def left(self, seat: int) -> int:
        """``seat``'s time left now, in milliseconds."""
        self._charge()
        return self._left[seat]

    def fallen(self) -> int | None:
        """The seat whose running clock shows zero, if any."""
        if self.running is not None and self.left(self.running) <= 0:
            return self.running
        return None

    def snapshot(self) -> tuple[int, ...]:
        """Every seat's time left (for the record)."""
        self._charge()
        return tuple(self._left)


def clock_text(ms: int) -> str:
    """A clock face: "15:00", "4:07", and tenths under ten seconds ("0:08.4")."""
    ms = max(0, ms)
    if ms < 10_000:
        return f"0:{ms // 1000:02d}.{ms % 1000 // 100}"
    seconds = (ms + 999) // 1000        # a clock shows a second as long as any of it is left
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# -- the state ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChessState:
    """A position and how it was reached.  It is also the view: chess hides nothing.

    ``keys`` are the positions (FEN without the clocks, the en-passant square only when a capture
    there is legal, as the repetition law counts them) since the last capture or pawn move, the
    current one last: no position before such a move can ever come back.
    """

    fen: str
    start: str
    moves: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    finish: str = ""          # "", "resigned", "threefold", "fifty" or "flag": how the game ended
    timed: bool = False       # played with a clock (only then can a flag fall)

    @property
    def board(self) -> chess.Board:
        """A fresh board of the position (the caller may change it)."""
        return _board(self.fen).copy(stack=False)

    @property
    def turn(self) -> Seat:
        return 0 if _board(self.fen).turn == chess.WHITE else 1

    @property
    def repetitions(self) -> int:
        """How many times the current position has stood (1 the first time)."""
        return self.keys.count(self.keys[-1]) if self.keys else 1


def _key(fen: str) -> str:
    return " ".join(fen.split(" ")[:4])


# Boards ``apply`` has just moved on, by the FEN they now stand at: the next look at that position
# takes the board instead of parsing the FEN again (parsing was the dearest step of a move).  Each
# is taken once; the few never asked for are dropped when the shelf fills.
_HANDED_OVER: dict[str, chess.Board] = {}


@lru_cache(maxsize=4096)
def _board(fen: str) -> chess.Board:
    """The board of ``fen``, shared: never change it (``ChessState.board`` gives a copy)."""
    board = _HANDED_OVER.pop(fen, None)
    return board if board is not None else chess.Board(fen)


def _hand_over(board: chess.Board) -> str:
    """The FEN of ``board`` (just moved on, and no longer changed by its caller), leaving the board
    for ``_board`` made exactly what parsing that FEN gives: no move stack, the castling rights
    and the en-passant square as the FEN writes them."""
    board.clear_stack()
    board.castling_rights = board.clean_castling_rights()
    if board.ep_square is not None and not board.has_legal_en_passant():
        board.ep_square = None
    fen = _fen(board)
    if len(_HANDED_OVER) >= 64:
        _HANDED_OVER.clear()
    _HANDED_OVER[fen] = board
    return fen


_SYMBOLS = tuple((chess.piece_symbol(piece_type).upper(), chess.piece_symbol(piece_type))
                 for piece_type in chess.PIECE_TYPES)
_EMPTY_RUNS = tuple(("." * n, str(n)) for n in range(8, 0, -1))


def _fen(board: chess.Board) -> str:
    """``board.fen()`` for a board whose en-passant square is set only when a capture there is
    legal (as ``_hand_over`` leaves it), written from the bitboards at once rather than square by
    square: the same text, in a fraction of the time (a test compares the two)."""
    cells = ["."] * 64
    white = board.occupied_co[chess.WHITE]
    for piece_type, (upper, lower) in zip(chess.PIECE_TYPES, _SYMBOLS):
        mask = board.pieces_mask(piece_type, chess.WHITE) | board.pieces_mask(piece_type, chess.BLACK)
        for square in chess.scan_forward(mask):
            cells[square] = upper if white >> square & 1 else lower
    placement = "/".join("".join(cells[rank * 8:rank * 8 + 8]) for rank in range(7, -1, -1))
    for dots, count in _EMPTY_RUNS:
        placement = placement.replace(dots, count)
    ep = chess.SQUARE_NAMES[board.ep_square] if board.ep_square is not None else "-"
    return (f"{placement} {'w' if board.turn else 'b'} {board.castling_xfen()} {ep} "
            f"{board.halfmove_clock} {board.fullmove_number}")


# The UCI text of every from-square/to-square pair, looked up instead of worded move by move.
_UCI = tuple(tuple(a + b for b in chess.SQUARE_NAMES) for a in chess.SQUARE_NAMES)


def _uci(move: chess.Move) -> str:
    text = _UCI[move.from_square][move.to_square]
    return text + chess.piece_symbol(move.promotion) if move.promotion else text


@dataclass(frozen=True, slots=True)
class _Facts:
    legal: tuple[str, ...]
    outcome: Outcome | None
    claim: str                # "threefold", "fifty" or "" : the draw the player to move may claim


@lru_cache(maxsize=4096)
def _facts(fen: str, repetitions: int, finish: str) -> _Facts:
    board = _board(fen)
    turn = COLOUR_NAMES[board.turn]
    other = COLOUR_NAMES[not board.turn]
    draw = (0.5, 0.5)
    win = (1.0, 0.0) if board.turn == chess.BLACK else (0.0, 1.0)   # the side not to move wins
    outcome: Outcome | None = None
    # The legal moves generated once: mate and stalemate are read from them, not generated again.
    moves = tuple(_uci(m) for m in board.generate_legal_moves())
    if finish == "resigned":
        outcome = Outcome(win, f"{turn} resigns: {other} wins", rule_ref("chess", "resigning"))
    elif finish == "flag":
        if board.has_insufficient_material(not board.turn):
            outcome = Outcome(draw, f"{turn}'s time is up, but {other} has not the men to mate: "
                              "drawn", rule_ref("chess", "the-clock"))
        else:
            outcome = Outcome(win, f"{turn}'s time is up: {other} wins on time",
                              rule_ref("chess", "the-clock"))
    elif finish == "threefold":
        outcome = Outcome(draw, f"drawn by repetition, claimed by {turn}", rule_ref("chess", "draws"))
    elif finish == "fifty":
        outcome = Outcome(draw, f"drawn under the fifty-move rule, claimed by {turn}",
                          rule_ref("chess", "draws"))
    elif not moves and board.is_check():
        outcome = Outcome(win, f"checkmate: {other} wins", rule_ref("chess", "checkmate"))
    elif not moves:
        outcome = Outcome(draw, f"stalemate: {turn} has no legal move and is not in check",
                          rule_ref("chess", "stalemate"))
    elif board.is_insufficient_material():
        outcome = Outcome(draw, "neither side has the men left to give mate", rule_ref("chess", "draws"))
    elif repetitions >= 5:
        outcome = Outcome(draw, "the same position has stood five times", rule_ref("chess", "draws"))
    elif board.halfmove_clock >= 150:
        outcome = Outcome(draw, "seventy-five moves each without a capture or a pawn move",
                          rule_ref("chess", "draws"))
    if outcome is not None:
        return _Facts((), outcome, "")
    claim = "threefold" if repetitions >= 3 else "fifty" if board.halfmove_clock >= 100 else ""
    legal = moves + ((CLAIM,) if claim else ())
    return _Facts(legal, None, claim)


def _facts_of(state: ChessState) -> _Facts:
    return _facts(state.fen, state.repetitions, state.finish)


# -- FEN ------------------------------------------------------------------------------------------
_STATUS_TEXT = [
    (chess.STATUS_NO_WHITE_KING, "White has no king"),
    (chess.STATUS_NO_BLACK_KING, "Black has no king"),
    (chess.STATUS_TOO_MANY_KINGS, "a side has more than one king"),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, "White has more than eight pawns"),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, "Black has more than eight pawns"),
    (chess.STATUS_PAWNS_ON_BACKRANK, "a pawn stands on the first or the last rank"),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, "White has more than sixteen men"),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, "Black has more than sixteen men"),
    (chess.STATUS_BAD_CASTLING_RIGHTS, "the castling rights do not match the kings and rooks"),
    (chess.STATUS_INVALID_EP_SQUARE, "the en-passant square is impossible"),
    (chess.STATUS_OPPOSITE_CHECK, "the side not to move is in check"),
    (chess.STATUS_TOO_MANY_CHECKERS, "the king is in check from too many men"),
    (chess.STATUS_IMPOSSIBLE_CHECK, "the check could not have arisen from a legal move"),
]


def _quote(text: str) -> str:
    return repr(text if len(text) <= 80 else text[:77] + "…")


def _cut(reason: str, limit: int = 120) -> str:
    return reason if len(reason) <= limit else reason[:limit - 1] + "…"


def parse_fen(text: str) -> str:
    """The position ``text`` gives in Forsyth–Edwards Notation, normalised (python-chess's own
    form, clocks added if missing).  ``NotationError`` quotes the text and says what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"{excerpt(text)} is not a FEN: not text")
    cleaned = " ".join(text.split())
    if cleaned in LESSONS:
        return LESSONS[cleaned].fen
    if not cleaned:
        raise NotationError("'' is not a FEN: the text is empty")
    try:
        board = chess.Board(cleaned)
    except ValueError as exc:      # python-chess quotes the whole text: its reason only, cut
        raise NotationError(f"{_quote(text)} is not a FEN: {_cut(str(exc))}") from None
    status = board.status()
    problems = [words for flag, words in _STATUS_TEXT if status & flag]
    if status and not problems:
        problems = ["the position is impossible"]
    if problems:
        raise NotationError(f"{_quote(text)} is not a legal position: {'; '.join(problems)}")
    return board.fen()


def start_fen(start: str) -> str:
    """The FEN of the option ``start``: "standard", a lesson's key, or a FEN."""
    if start == STANDARD:
        return chess.STARTING_FEN
    return parse_fen(start)


def state_from_fen(fen: str, timed: bool = False) -> ChessState:
    normal = parse_fen(fen)
    return ChessState(fen=normal, start=normal, keys=(_key(normal),), timed=timed)


def lesson_of(state: ChessState) -> Lesson | None:
    """The Lasker diagram a game was started from, if it was."""
    return next((lesson for lesson in LESSONS.values() if lesson.fen == state.start), None)


# -- the rules ------------------------------------------------------------------------------------
class ChessGame(Game[ChessState, str, ChessState]):
    """Chess.  Actions are UCI move texts ("e2e4", "e7e8q", castling as the king's move "e1g1"),
    ``claim draw`` and ``resign``."""

    info = BY_ID["chess"]
    option_specs = (START_OPTION, CLOCK_OPTION)
    table_kind = TableKind.CHESS

    # -- the protocol -----------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> ChessState:
        opts = self.resolve_options(options)
        return state_from_fen(start_fen(opts["start"]), timed=opts["clock"] != NO_CLOCK)

    def setup_state(self, text: str, options: Options | None = None) -> ChessState:
        """The position of a FEN (or a lesson's key) to start a game from (a session's set-up);
        ``NotationError`` quotes a text that is no legal position."""
        opts = self.resolve_options(options)
        return state_from_fen(text, timed=opts["clock"] != NO_CLOCK)

    def to_move(self, state: ChessState) -> Seat | Special:
        if _facts_of(state).outcome is not None:
            return Special.TERMINAL
        return state.turn

    def legal_actions(self, state: ChessState, seat: Seat) -> Sequence[str]:
        facts = _facts_of(state)
        if facts.outcome is not None or seat != state.turn:
            return ()
        return facts.legal

    def apply(self, state: ChessState, action: str) -> ChessState:
        facts = _facts_of(state)
        if facts.outcome is not None:
            raise IllegalAction(f"the game is over ({facts.outcome.reason})",
                                rule_ref("chess", "the-end-of-the-game"))
        if action == RESIGN:
            return replace(state, finish="resigned")
        if action == FLAG:
            if not state.timed:
                raise IllegalAction("this game is played without a clock, so no time can run out",
                                    rule_ref("chess", "the-clock"))
            return replace(state, finish="flag")
        if action == CLAIM:
            if not facts.claim:
                raise IllegalAction(
                    f"no draw can be claimed: this position has stood {state.repetitions} "
                    f"time{'s' if state.repetitions != 1 else ''} (three are needed) and "
                    f"{_board(state.fen).halfmove_clock // 2} moves have passed without a capture "
                    "or a pawn move (fifty are needed)", rule_ref("chess", "draws"))
            return replace(state, finish=facts.claim)
        if action not in facts.legal:
            raise why_illegal(_board(state.fen), action)
        board = state.board
        move = chess.Move.from_uci(action)
        irreversible = board.is_zeroing(move)
        board.push(move)
        fen = _hand_over(board)
        key = _key(fen)
        keys = (key,) if irreversible else state.keys + (key,)
        return ChessState(fen=fen, start=state.start, moves=state.moves + (action,), keys=keys,
                          timed=state.timed)

    def outcome(self, state: ChessState) -> Outcome | None:
        return _facts_of(state).outcome

    def view(self, state: ChessState, seat: Seat | None) -> ChessState:
        return state  # perfect information: every seat sees the whole game

    def action_to_str(self, action: str) -> str:
        return action

    def action_from_str(self, state: ChessState, text: str) -> str:
        """UCI ("g1f3", "e7e8q"), algebraic ("Nf3", "exd8=Q+", "O-O"), ``claim draw`` or
        ``resign``.  UCI text naming an impossible move is returned as it is, so that ``apply``
        can say which law forbids it."""
        if not isinstance(text, str):
            raise NotationError(f"{excerpt(text)} is not a move: not text")
        word = " ".join(text.split())
        low = word.lower()
        if low in (RESIGN, "resigns"):
            return RESIGN
        if low in (FLAG, "time", "flag fall", "time is up"):
            return FLAG
        if low in (CLAIM, "claim", "draw", "claim a draw"):
            return CLAIM
        if _UCI_RE.fullmatch(low):
            return low
        if not word:
            raise NotationError("'' is not a move: the text is empty")
        board = _board(state.fen)
        try:
            return board.parse_san(word).uci()
        except chess.AmbiguousMoveError:
            raise NotationError(f"{_quote(text)} is ambiguous: more than one "
                                f"{COLOUR_NAMES[board.turn]} man can make it; name the file or "
                                "rank it starts from (Nbd2, R1e2)") from None
        except chess.IllegalMoveError:
            raise NotationError(f"{_quote(text)} is not a legal move for "
                                f"{COLOUR_NAMES[board.turn]} here") from None
        except ValueError:
            raise NotationError(f"{_quote(text)} is not a move: write it as e2e4, e7e8q, Nf3, "
                                "exd5, O-O, 'claim draw' or 'resign'") from None

    def seat_name(self, seat: Seat) -> str:
        return "White" if seat == 0 else "Black"

    def describe(self, state: ChessState, action: str) -> str:
        board = _board(state.fen)
        who = COLOUR_NAMES[board.turn]
        if action == RESIGN:
            return f"{who} resigns"
        if action == FLAG:
            return f"{who}'s time is up"
        if action == CLAIM:
            why = "the position has stood three times" if state.repetitions >= 3 else \
                "fifty moves without a capture or a pawn move"
            return f"{who} claims a draw: {why}"
        try:
            move = chess.Move.from_uci(action)
        except ValueError:
            return action
        if move not in board.legal_moves:
            return action
        return f"{who}: {board.san(move)} ({descriptive(board, move)})"


GAME = ChessGame()


# -- why a move is refused ----------------------------------------------------------------------
def _between_blocker(board: chess.Board, frm: int, to: int) -> int | None:
    """The first man standing between ``frm`` and ``to`` on their line, if any."""
    between = chess.SquareSet(chess.between(frm, to)) & chess.SquareSet(board.occupied)
    if not between:
        return None
    return min(between, key=lambda sq: chess.square_distance(frm, sq))


def why_illegal(board: chess.Board, text: str) -> IllegalAction:
    """The refusal of the move ``text`` (UCI) in ``board``, naming the law it breaks."""
    try:
        move = chess.Move.from_uci(text)
    except ValueError:
        return IllegalAction(f"{_quote(text)} is not a move", rule_ref("chess", "notation"))
    turn = COLOUR_NAMES[board.turn]
    frm, to = move.from_square, move.to_square
    fname, tname = chess.square_name(frm), chess.square_name(to)
    piece = board.piece_at(frm)
    if piece is None:
        return IllegalAction(f"there is no man on {fname}", rule_ref("chess", "the-moves-of-the-men"))
    name = PIECE_NAMES[piece.piece_type]
    if piece.color != board.turn:
        return IllegalAction(f"it is {turn}'s move, and the {name} on {fname} is "
                             f"{COLOUR_NAMES[piece.color]}'s", rule_ref("chess", "the-play"))
    if frm == to:
        return IllegalAction("a move must take a man to another square", rule_ref("chess", "the-play"))
    if piece.piece_type == chess.KING and abs(chess.square_file(to) - chess.square_file(frm)) == 2 \
            and chess.square_rank(frm) == chess.square_rank(to):
        return _why_not_castling(board, move)
    target = board.piece_at(to)
    if target is not None and target.color == piece.color:
        return IllegalAction(f"the {name} cannot take a man of its own side on {tname}",
                             rule_ref("chess", "capturing"))
    last_rank = chess.square_rank(to) in (0, 7)
    if move.promotion is not None:
        if piece.piece_type != chess.PAWN or not last_rank:
            return IllegalAction("only a pawn reaching the last rank is promoted",
                                 rule_ref("chess", "promotion"))
        if move.promotion == chess.KING:
            return IllegalAction("a pawn may become a queen, rook, bishop or knight, never a king",
                                 rule_ref("chess", "promotion"))
    if move in board.pseudo_legal_moves or (
            piece.piece_type == chess.PAWN and last_rank and move.promotion is None
            and chess.Move(frm, to, chess.QUEEN) in board.pseudo_legal_moves):
        if piece.piece_type == chess.PAWN and last_rank and move.promotion is None:
            return IllegalAction(f"a pawn reaching the last rank must be promoted: say to what "
                                 f"({text}q for a queen, {text}n for a knight)",
                                 rule_ref("chess", "promotion"))
        if piece.piece_type == chess.KING:
            return IllegalAction(f"the king may not move to {tname}: it is attacked there",
                                 rule_ref("chess", "check"))
        if board.is_check():
            return IllegalAction(f"{turn}'s king is in check, and this move does not meet the "
                                 "check", rule_ref("chess", "check"))
        return IllegalAction(f"the {name} on {fname} is pinned: moving it would expose "
                             f"{turn}'s king to check", rule_ref("chess", "check"))
    return _why_not_pattern(board, piece, move)


def _why_not_castling(board: chess.Board, move: chess.Move) -> IllegalAction:
    rule = rule_ref("chess", "castling")
    colour = board.turn
    home = chess.E1 if colour == chess.WHITE else chess.E8
    kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
    side = "king's side" if kingside else "queen's side"
    if move.from_square != home:
        return IllegalAction("the king moves one square at a time, except when castling from its "
                             "first square", rule)
    rook_square = chess.square(7 if kingside else 0, chess.square_rank(home))
    rights = board.has_kingside_castling_rights(colour) if kingside else \
        board.has_queenside_castling_rights(colour)
    if not rights:
        return IllegalAction(f"{COLOUR_NAMES[colour]} may no longer castle on the {side}: the king "
                             "or that rook has already moved", rule)
    blocker = _between_blocker(board, home, rook_square)
    if blocker is not None:
        return IllegalAction(f"castling needs the squares between king and rook empty, and "
                             f"{chess.square_name(blocker)} is occupied", rule)
    if board.is_check():
        return IllegalAction("a king in check may not castle", rule)
    step = home + (1 if kingside else -1)
    if board.is_attacked_by(not colour, step):
        return IllegalAction(f"the king may not castle across {chess.square_name(step)}, which "
                             "an enemy man attacks", rule)
    return IllegalAction(f"the king would be in check on {chess.square_name(move.to_square)}", rule)


def _why_not_pattern(board: chess.Board, piece: chess.Piece, move: chess.Move) -> IllegalAction:
    """The move does not fit the man's way of moving at all (or jumps where it may not)."""
    kind = piece.piece_type
    rule = PIECE_RULES[kind]
    frm, to = move.from_square, move.to_square
    df = chess.square_file(to) - chess.square_file(frm)
    dr = chess.square_rank(to) - chess.square_rank(frm)
    name = PIECE_NAMES[kind]
    target = board.piece_at(to)
    if kind == chess.PAWN:
        forward = 1 if piece.color == chess.WHITE else -1
        if dr * forward <= 0:
            return IllegalAction("a pawn never moves backwards or sideways", rule)
        if df == 0:
            if target is not None:
                return IllegalAction("a pawn cannot capture straight ahead", rule)
            home_rank = 1 if piece.color == chess.WHITE else 6
            if dr * forward == 2:
                if chess.square_rank(frm) != home_rank:
                    return IllegalAction("a pawn may advance two squares only from its first square",
                                         rule)
                return IllegalAction(f"the pawn cannot jump over the man on "
                                     f"{chess.square_name(frm + 8 * forward)}", rule)
            return IllegalAction("a pawn advances one square (two from its first square)", rule)
        if abs(df) == 1 and dr * forward == 1:
            beside = chess.square(chess.square_file(to), chess.square_rank(frm))
            victim = board.piece_at(beside)
            if victim is not None and victim.piece_type == chess.PAWN and victim.color != piece.color:
                return IllegalAction("a pawn may be taken en passant only on the move straight "
                                     "after its two-square advance", rule_ref("chess", "en-passant"))
            return IllegalAction("a pawn moves diagonally only when it captures", rule)
        return IllegalAction("a pawn advances straight forward and captures one square diagonally "
                             "forward", rule)
    if kind == chess.KNIGHT:
        return IllegalAction("a knight leaps two squares one way and one square at right angles",
                             rule)
    if kind == chess.KING:
        return IllegalAction("the king moves one square in any direction", rule)
    straight = df == 0 or dr == 0
    diagonal = abs(df) == abs(dr)
    fits = {chess.BISHOP: diagonal, chess.ROOK: straight, chess.QUEEN: straight or diagonal}[kind]
    if not fits:
        shape = {chess.BISHOP: "along the diagonals", chess.ROOK: "along ranks and files",
                 chess.QUEEN: "along ranks, files and diagonals"}[kind]
        return IllegalAction(f"a {name} moves {shape}", rule)
    blocker = _between_blocker(board, frm, to)
    where = chess.square_name(blocker) if blocker is not None else "its way"
    return IllegalAction(f"the {name} cannot pass over the man on {where}", rule)


# -- notations --------------------------------------------------------------------------------------
_DESC_FILES = ("QR", "QKt", "QB", "Q", "K", "KB", "KKt", "KR")
_DESC_PIECES = {chess.PAWN: "P", chess.KNIGHT: "Kt", chess.BISHOP: "B", chess.ROOK: "R",
                chess.QUEEN: "Q", chess.KING: "K"}


def descriptive_square(square: int, colour: chess.Color) -> str:
    """A square as the player of ``colour`` names it: files after the men that start on them,
    ranks counted from the player's own side ("K4" is e4 for White, e5 for Black)."""
    rank = chess.square_rank(square)
    return _DESC_FILES[chess.square_file(square)] + str(rank + 1 if colour == chess.WHITE else 8 - rank)


def descriptive(board: chess.Board, move: chess.Move) -> str:
    """``move`` (legal in ``board``) in the English descriptive notation of Lasker's day:
    "P-K4", "Kt-KB3", "BxKt", "PxP e.p.", "P-K8(Q)", "Castles", "Castles QR", with "ch" for a
    check and "mate".  Squares are always named in full (KB3, never B3); when two men of a kind
    could make the move, the one meant is named by its square: "Kt(KB3)-Q2", "P(Q4)xP"."""
    colour = board.turn
    piece = board.piece_at(move.from_square)
    assert piece is not None
    if board.is_castling(move):
        text = "Castles" if board.is_kingside_castling(move) else "Castles QR"
    else:
        me = _DESC_PIECES[piece.piece_type]
        captured = _captured_type(board, move)
        if captured is None:
            same = [m for m in board.legal_moves if m.to_square == move.to_square
                    and _captured_type(board, m) is None and board.piece_type_at(m.from_square) == piece.piece_type
                    and m.promotion == move.promotion]
            mover = me if len(same) == 1 else f"{me}({descriptive_square(move.from_square, colour)})"
            text = f"{mover}-{descriptive_square(move.to_square, colour)}"
        else:
            them = _DESC_PIECES[captured]
            same = [m for m in board.legal_moves if _captured_type(board, m) == captured
                    and board.piece_type_at(m.from_square) == piece.piece_type
                    and m.promotion == move.promotion]
            mover, victim = me, them
            if len(same) > 1:
                movers = {m.from_square for m in same}
                mine = [m for m in same if m.from_square == move.from_square]
                here = f"{me}({descriptive_square(move.from_square, colour)})"
                there = f"{them}({descriptive_square(move.to_square, colour)})"
                if len(movers) == 1:          # one man could take either of two such men
                    victim = there
                elif len(mine) == 1:          # naming the man that takes is enough
                    mover = here
                else:
                    mover, victim = here, there
            text = f"{mover}x{victim}"
            if board.is_en_passant(move):
                text += " e.p."
        if move.promotion is not None:
            text += f"({_DESC_PIECES[move.promotion]})"
    if board.gives_check(move):
        after = board.copy(stack=False)
        after.push(move)
        text += " mate" if after.is_checkmate() else " ch"
    return text


def _captured_type(board: chess.Board, move: chess.Move) -> int | None:
    if board.is_en_passant(move):
        return chess.PAWN
    if board.is_castling(move):
        return None
    return board.piece_type_at(move.to_square)


def move_list(state: ChessState, style: str = "algebraic") -> list[str]:
    """Every move of the game so far in ``style``: "algebraic" (SAN), "descriptive" or "uci"."""
    if style == "uci":
        return list(state.moves)
    board = chess.Board(state.start)
    out: list[str] = []
    for text in state.moves:
        move = chess.Move.from_uci(text)
        out.append(board.san(move) if style == "algebraic" else descriptive(board, move))
        board.push(move)
    return out


def numbered(state: ChessState, style: str = "algebraic") -> list[tuple[int, str, str]]:
    """The moves paired by number as a score sheet prints them: (number, White's, Black's), with
    "…" where a game started with Black to move."""
    moves = move_list(state, style)
    board = _board(state.start)
    number = board.fullmove_number
    rows: list[tuple[int, str, str]] = []
    if board.turn == chess.BLACK and moves:
        rows.append((number, "…", moves[0]))
        moves = moves[1:]
        number += 1
    for i in range(0, len(moves), 2):
        rows.append((number, moves[i], moves[i + 1] if i + 1 < len(moves) else ""))
        number += 1
    return rows


# -- PGN ------------------------------------------------------------------------------------------
_RESULT_TEXT = {(1.0, 0.0): "1-0", (0.0, 1.0): "0-1", (0.5, 0.5): "1/2-1/2"}


def to_pgn(state: ChessState, white: str = "White", black: str = "Black",
           event: str = "Compendium game", date: str = "????.??.??") -> str:
    """The game as PGN text (with SetUp and FEN tags when it did not start from the usual array)."""
    game = chess.pgn.Game()
    game.headers["Event"] = event
    game.headers["Site"] = "Compendium"
    game.headers["Date"] = date
    game.headers["White"] = white
    game.headers["Black"] = black
    if state.start != chess.STARTING_FEN:
        game.setup(chess.Board(state.start))
    node: chess.pgn.GameNode = game
    for text in state.moves:
        node = node.add_variation(chess.Move.from_uci(text))
    outcome = GAME.outcome(state)
    game.headers["Result"] = "*" if outcome is None else _RESULT_TEXT[outcome.results]
    if outcome is not None:
        game.headers["Termination"] = outcome.reason
    return str(game) + "\n"


class _QuietBuilder(chess.pgn.GameBuilder):
    """python-chess's builder without its logging: the errors are reported to the player."""

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)


MAX_PGN = 2_000_000      # characters: far above any game, a few seconds at most to read
_COMMENT = re.compile(r"\{[^}]*\}")
_TAG_LINES = re.compile(r"(?:[ \t]*(?:\[[^\n]*)?\r?\n)*")


def _without_comments(text: str) -> str:
    """The PGN with the comments of its moves taken out (the import drops them anyway): python-
    chess joins a run of comments in time that grows with the square of their number."""
    tags = _TAG_LINES.match(text)
    head = tags.end() if tags is not None else 0
    return text[:head] + _COMMENT.sub(" ", text[head:])


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A game read from PGN: where it starts (a value for the ``start`` option) and its moves."""

    start: str
    moves: tuple[str, ...]
    headers: tuple[tuple[str, str], ...]

    def state(self) -> ChessState:
        state = state_from_fen(start_fen(self.start))
        for move in self.moves:
            state = GAME.apply(state, move)
        return state


def from_pgn(text: str) -> ImportedGame:
    """The first game of the PGN ``text`` (its main line).  A result written in the tags but not
    reached on the board (a resignation, a draw agreed) is not replayed: the game can go on.
    ``NotationError`` quotes what could not be read."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("the PGN is empty")
    if len(text) > MAX_PGN:
        raise NotationError(f"the PGN is too long to be one game ({len(text):,} characters)")
    try:
        game = chess.pgn.read_game(io.StringIO(_without_comments(text)), Visitor=_QuietBuilder)
    except Exception as exc:  # noqa: BLE001 - python-chess's parser can fail on bad text (IndexError on "h2)c3")
        raise NotationError(f"the PGN cannot be read: {_cut(str(exc) or type(exc).__name__)}") from None
    if game is None:
        raise NotationError(f"{_quote(text)} holds no PGN game")
    if game.errors:
        first = game.errors[0]
        raise NotationError(f"the PGN cannot be read: {_cut(str(first))}")
    fen = game.headers.get("FEN")
    if fen is not None:
        start = parse_fen(fen)
        start = STANDARD if start == chess.STARTING_FEN else start
    else:
        if game.headers.get("Variant", "Standard").lower() not in ("standard", "chess"):
            raise NotationError(f"the PGN is of the variant {game.headers['Variant']!r}, not chess")
        start = STANDARD
    moves = tuple(move.uci() for move in game.mainline_moves())
    if not moves and "[" not in text:
        raise NotationError(f"{_quote(text)} holds no PGN game: no tags and no moves")
    imported = ImportedGame(start, moves, tuple(game.headers.items()))
    try:
        imported.state()
    except IllegalAction as exc:   # e.g. a move after the game already ended on the board
        raise NotationError(f"the PGN's moves cannot be played: {exc}") from None
    return imported


# -- measuring ------------------------------------------------------------------------------------
def perft(fen: str, depth: int) -> int:
    """Leaf positions ``depth`` plies from ``fen`` (python-chess's move generator, the last ply
    counted without being played)."""
    board = chess.Board(fen)

    def count(d: int) -> int:
        if d == 1:
            return board.legal_moves.count()
        total = 0
        for move in list(board.legal_moves):
            board.push(move)
            total += count(d - 1)
            board.pop()
        return total

    return 1 if depth == 0 else count(depth)


def game_perft(state: ChessState, depth: int) -> int:
    """The same count walked through the game protocol (``legal_actions`` and ``apply``), which
    checks the wrapper as well as the generator."""
    if depth == 0:
        return 1
    seat = GAME.to_move(state)
    if isinstance(seat, Special):
        return 0
    moves = [a for a in GAME.legal_actions(state, seat) if a != CLAIM]
    if depth == 1:
        return len(moves)
    return sum(game_perft(GAME.apply(state, a), depth - 1) for a in moves)
