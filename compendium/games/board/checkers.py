"""Checkers, or English draughts (catalogue: checkers).

Blain's children's book gives the game in outline (two players, twelve men each, diagonal moves,
captures by leaping, crowning, and the old *huff*); where it is silent we follow the standard laws
of the English game of the period, as the 1909 *Hoyle's Games Modernized* and Lasker (1918) state
them: Black moves first, the board has a playing square at each player's left hand corner, the
men stand on squares 1-12 (Black) and 21-32 (White), and the squares are numbered 1 to 32 in the
standard way (square 1 is at Black's right hand; row by row towards White).

Seat 0 plays Black (the first player), seat 1 White.

The rules core keeps the board in three 32-bit integers (bit ``n - 1`` is square ``n``): Black's
pieces, White's pieces and the kings.  Move generation is a small pure function cached on the
board, which is what the computer player's search and ``perft`` lean on.

Two capture rules are offered: the modern compulsory capture (the default), and the book's
huffing rule, where a player may pass a capture by; the opponent then, at the start of his turn,
may *huff* (remove) a man that could have taken, or *insist* that the capture be made instead
(the move is taken back and a capture must be played), or let it go by simply moving.

Draws: by agreement (an offer, which the opponent accepts or declines) and by the forty-move
claim: the player to move may claim a draw when forty moves on each side (eighty single moves)
have been played without a capture, a huff or any move of an uncrowned man.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ...core.errors import IllegalAction, NotationError, excerpt
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, Seat, Special, TableKind
from ...core.rules import rule_ref
from ..catalogue import BY_ID

GAME_ID = "checkers"
BLACK, WHITE = 0, 1
SIDE_NAMES = ("Black", "White")
FORTY_MOVES = 40                  # moves *each*: the claim needs 2 * FORTY_MOVES single moves
QUIET_PLIES_FOR_CLAIM = 2 * FORTY_MOVES

# -- geometry --------------------------------------------------------------------------------
# Row 0 is Black's home row (squares 1-4), row 7 White's (29-32).  On even rows the playing
# squares are in columns 1, 3, 5, 7; on odd rows in 0, 2, 4, 6 (column 0 is White's left).


def square_rc(square: int) -> tuple[int, int]:
    """(row, column) of square 1..32; row 0 holds squares 1-4, column 0 is the a-file."""
    if not 1 <= square <= 32:
        raise NotationError(f"there is no square {square}: the squares are numbered 1 to 32")
    r, k = divmod(square - 1, 4)
    return r, (2 * k + 1 if r % 2 == 0 else 2 * k)


def rc_square(row: int, col: int) -> int:
    """The square number at (row, column), or 0 when that is off the board or a light square."""
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return 0
    return row * 4 + col // 2 + 1


def dark_square(row: int, col: int) -> int:
    """The square at (row, column); a light square (or off the board) is refused with its law."""
    sq = rc_square(row, col)
    if sq == 0:
        raise IllegalAction("the pieces stay on the dark squares: that is a light square",
                            rule_ref("checkers", "the-board-and-the-numbering"))
    return sq


# Directions: 0 up-left, 1 up-right (towards row 0: White's forward), 2 down-left, 3 down-right
# (towards row 7: Black's forward).
_DIRS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
FORWARD = ((2, 3), (0, 1))      # per side
ALL_DIRS = (0, 1, 2, 3)


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    neigh, land = [], []
    for i in range(32):
        r, c = square_rc(i + 1)
        n, l = [], []
        for dr, dc in _DIRS:
            n.append(rc_square(r + dr, c + dc) - 1)
            l.append(rc_square(r + 2 * dr, c + 2 * dc) - 1)
        neigh.append(tuple(n))
        land.append(tuple(l))
    return tuple(neigh), tuple(land)


NEIGH, LAND = _tables()          # index (0..31) -> per direction: index or -1
CROWN_ROW = (0xF0000000, 0x0000000F)   # the far row each side crowns on (Black: 29-32)
FULL = 0xFFFFFFFF


def bits(mask: int) -> Iterable[int]:
    """Indices (0..31) of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def squares_of(mask: int) -> tuple[int, ...]:
    return tuple(i + 1 for i in bits(mask))


# -- move generation (pure, cached) ---------------------------------------------------------------
Jump = tuple[tuple[int, ...], int]    # (landing path of indices, mask of the pieces taken)
Step = tuple[int, int]                # (from index, to index)


def _jumps_from(start: int, king: bool, side: int, occ: int, opp: int) -> list[Jump]:
    """Every complete capture by the piece on ``start`` (its square already vacated in ``occ``).

    Taken pieces stay on the board until the move ends (they may not be jumped twice); a landing
    square can never be a taken piece's square, since landings are two steps apart."""
    out: list[Jump] = []
    dirs = ALL_DIRS if king else FORWARD[side]
    crown = CROWN_ROW[side]

    def extend(i: int, path: tuple[int, ...], taken: int) -> None:
        went_on = False
        for d in dirs:
            m = NEIGH[i][d]
            if m < 0:
                continue
            mb = 1 << m
            if not opp & mb or taken & mb:
                continue
            l = LAND[i][d]
            if l < 0 or occ & (1 << l):
                continue
            went_on = True
            if not king and (1 << l) & crown:
                out.append((path + (l,), taken | mb))   # crowning ends the move
            else:
                extend(l, path + (l,), taken | mb)
        if not went_on and len(path) > 1:
            out.append((path, taken))

    extend(start, (start,), 0)
    return out


# Shifts for a whole set of squares at once.  On even rows (squares 1-4, 9-12, ...) the square
# down-left is 4 further and down-right 5; on odd rows 3 and 4; the edge columns drop out.
_EVEN, _ODD = 0x0F0F0F0F, 0xF0F0F0F0
_LEFT_EDGE = (1 << 4) | (1 << 12) | (1 << 20) | (1 << 28)     # odd rows, column 0
_RIGHT_EDGE = (1 << 3) | (1 << 11) | (1 << 19) | (1 << 27)    # even rows, column 7


def down_left(x: int) -> int:
    return (((x & _EVEN) << 4) | ((x & _ODD & ~_LEFT_EDGE) << 3)) & FULL


def down_right(x: int) -> int:
    return (((x & _EVEN & ~_RIGHT_EDGE) << 5) | ((x & _ODD) << 4)) & FULL


def up_left(x: int) -> int:
    return ((x & _EVEN) >> 4) | ((x & _ODD & ~_LEFT_EDGE) >> 5)


def up_right(x: int) -> int:
    return ((x & _EVEN & ~_RIGHT_EDGE) >> 3) | ((x & _ODD) >> 4)


# (shift there, shift back) per direction, in the order of _DIRS.
SHIFTS = ((up_left, down_right), (up_right, down_left), (down_left, up_right), (down_right, up_left))


@lru_cache(maxsize=1 << 17)
def generate(black: int, white: int, kings: int, side: int) -> tuple[tuple[Jump, ...], tuple[Step, ...]]:
    """(captures, plain moves) of ``side`` on this board; both are always listed, the rule in
    force decides which may be played."""
    own, opp = (black, white) if side == BLACK else (white, black)
    occ = black | white
    empty = ~occ & FULL
    own_kings = own & kings
    up_set, down_set = (own_kings, own) if side == BLACK else (own, own_kings)
    ev, od, nl, nr = _EVEN, _ODD, ~_LEFT_EDGE, ~_RIGHT_EDGE
    # The squares one step away in each direction, for the whole set at once (the shifts are
    # written out here: this function is the search's inner loop).
    x, y = up_set, down_set
    near = (((x & ev) >> 4) | ((x & od & nl) >> 5),
            ((x & ev & nr) >> 3) | ((x & od) >> 4),
            (((y & ev) << 4) | ((y & od & nl) << 3)) & FULL,
            (((y & ev & nr) << 5) | ((y & od) << 4)) & FULL)
    jumpers = 0
    for d in ALL_DIRS:
        m = near[d] & opp
        if m:
            if d == 0:
                land = ((m & ev) >> 4) | ((m & od & nl) >> 5)
            elif d == 1:
                land = ((m & ev & nr) >> 3) | ((m & od) >> 4)
            elif d == 2:
                land = (((m & ev) << 4) | ((m & od & nl) << 3)) & FULL
            else:
                land = (((m & ev & nr) << 5) | ((m & od) << 4)) & FULL
            land &= empty
            back = 3 - d
            while land:
                low = land & -land
                jumpers |= 1 << LAND[low.bit_length() - 1][back]
                land ^= low
    jumps: list[Jump] = []
    if jumpers:
        for i in bits(jumpers):
            b = 1 << i
            jumps.extend(_jumps_from(i, bool(kings & b), side, occ ^ b, opp))
    steps: list[Step] = []
    for d in ALL_DIRS:
        t_mask = near[d] & empty
        back = 3 - d
        while t_mask:
            low = t_mask & -t_mask
            t = low.bit_length() - 1
            steps.append((NEIGH[t][back], t))
            t_mask ^= low
    steps.sort()
    return tuple(jumps), tuple(steps)


def capturers(black: int, white: int, kings: int, side: int) -> int:
    """Mask of ``side``'s pieces that have a capture."""
    mask = 0
    for path, _ in generate(black, white, kings, side)[0]:
        mask |= 1 << path[0]
    return mask


def play_on_board(black: int, white: int, kings: int, side: int, path: Sequence[int],
                  taken: int) -> tuple[int, int, int]:
    """The board after ``side`` moves along ``path`` (indices) taking ``taken``."""
    fb, tb = 1 << path[0], 1 << path[-1]
    if side == BLACK:
        black = (black ^ fb) | tb
        white &= ~taken
    else:
        white = (white ^ fb) | tb
        black &= ~taken
    if kings & fb:
        kings = (kings ^ fb) | tb
    elif tb & CROWN_ROW[side]:
        kings |= tb
    return black, white, kings & ~taken


def perft(black: int, white: int, kings: int, side: int, depth: int) -> int:
    """The number of move sequences of ``depth`` single moves under compulsory capture (the
    published figures are for that rule): 7, 49, 302, 1469, 7361, 36768, 179740 from the start."""
    if depth == 0:
        return 1
    jumps, steps = generate(black, white, kings, side)
    if depth == 1:
        return len(jumps) if jumps else len(steps)
    total = 0
    other = 1 - side
    if jumps:
        for path, taken in jumps:
            total += perft(*play_on_board(black, white, kings, side, path, taken), other, depth - 1)
    else:
        for f, t in steps:
            total += perft(*play_on_board(black, white, kings, side, (f, t), 0), other, depth - 1)
    return total


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Move:
    """A move along ``path`` (square numbers): two squares for a plain move, or every landing
    square of a capture (``jump``): "11-15", "15x24", "15x24x31"."""

    path: tuple[int, ...]
    jump: bool = False

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class Huff:
    """(Huffing rule) remove the opponent's man on ``square``, which passed a capture by."""

    square: int


@dataclass(frozen=True, slots=True)
class Insist:
    """(Huffing rule) make the opponent take back the move that passed a capture by, and capture."""


DRAW_KINDS = ("offer", "accept", "decline", "claim")


@dataclass(frozen=True, slots=True)
class Draw:
    """Offer a draw, accept or decline the opponent's offer, or claim the forty-move draw."""

    kind: str


Action = Move | Huff | Insist | Draw


# -- the state -----------------------------------------------------------------------------------
Board = tuple[int, int, int, int]     # black, white, kings, quiet


@dataclass(frozen=True, slots=True)
class CheckersState:
    """The whole position (checkers has nothing hidden: the view is the state itself)."""

    black: int
    white: int
    kings: int
    turn: Seat = BLACK             # whose move it is (the offerer, while an offer is answered)
    huffing: bool = False          # the book's rule in force instead of compulsory capture
    quiet: int = 0                 # single moves since a capture, a huff or a man's move
    huffable: tuple[int, ...] = ()  # squares of the men the player to move may huff now
    before: Board | None = None    # the board before the move that passed a capture by
    must_take: bool = False        # the opponent insisted: this move must be a capture
    offer: bool = False            # a draw offer by ``turn`` waits for the other's answer
    offered: bool = False          # ``turn`` offered this turn and was declined
    result: str = ""               # "agreed" or "forty" once drawn by the players
    start: str = "standard"        # "standard", a lesson's key, or "setup" (any other position)

    def piece_at(self, square: int) -> str:
        """'b', 'B' (king), 'w', 'W' or '' for square 1..32."""
        b = 1 << (square - 1)
        king = bool(self.kings & b)
        if self.black & b:
            return "B" if king else "b"
        if self.white & b:
            return "W" if king else "w"
        return ""

    def own(self, side: int) -> int:
        return self.black if side == BLACK else self.white


# -- positions in FEN -----------------------------------------------------------------------------
STANDARD_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
_FEN_RE = re.compile(r"^\s*\[?\s*FEN\s*\"?", re.I)


def parse_fen(text: str) -> tuple[int, int, int, int]:
    """(black, white, kings, side to move) from PDN's FEN, e.g. "W:WK19,K23:BK28,12" (ranges
    such as "1-12" allowed).  A bad string raises ``NotationError`` quoting it."""
    raw = text
    body = _FEN_RE.sub("", text).strip().rstrip("]").strip().strip('"').strip().rstrip(".")
    parts = [p.strip() for p in body.split(":")]
    if len(parts) != 3 or parts[0].upper() not in ("B", "W"):
        raise NotationError(f"{excerpt(raw)} is not a position: write the side to move, then each side's "
                            f"squares, as in \"B:W21,22,K30:B1,2,K5\"")
    side = BLACK if parts[0].upper() == "B" else WHITE
    masks = {BLACK: 0, WHITE: 0}
    kings = 0
    seen: set[str] = set()
    for part in parts[1:]:
        if not part or part[0].upper() not in ("B", "W"):
            raise NotationError(f"{excerpt(raw)}: each side's list must start with B or W, not {excerpt(part)}")
        colour = part[0].upper()
        if colour in seen:
            raise NotationError(f"{excerpt(raw)} lists {colour} twice")
        seen.add(colour)
        who = BLACK if colour == "B" else WHITE
        for item in filter(None, (x.strip() for x in part[1:].split(","))):
            king = item[0].upper() == "K"
            spec = item[1:] if king else item
            m = re.fullmatch(r"(\d+)(?:-(\d+))?", spec)
            if not m:
                raise NotationError(f"{excerpt(raw)}: {excerpt(item)} is not a square number")
            if any(len(g.lstrip("0")) > 2 for g in m.groups() if g):    # before int(): thousands
                raise NotationError(f"{excerpt(raw)}: {excerpt(item)} is not a square from 1 to 32")
            lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
            if not (1 <= lo <= hi <= 32):
                raise NotationError(f"{excerpt(raw)}: {excerpt(item)} is not a square from 1 to 32")
            for sq in range(lo, hi + 1):
                b = 1 << (sq - 1)
                if (masks[BLACK] | masks[WHITE]) & b:
                    raise NotationError(f"{excerpt(raw)} puts two pieces on square {sq}")
                masks[who] |= b
                if king:
                    kings |= b
    return masks[BLACK], masks[WHITE], kings, side


def to_fen(black: int, white: int, kings: int, side: int) -> str:
    """PDN's FEN of a board: "B:W21,...:B1,..." with kings marked K."""
    def listing(mask: int) -> str:
        return ",".join(("K" if kings & (1 << i) else "") + str(i + 1) for i in bits(mask))
    return f"{'B' if side == BLACK else 'W'}:W{listing(white)}:B{listing(black)}"


# -- the elementary positions (lessons) -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Lesson:
    """One of the elementary positions, set up to be played from the winning side's chair."""

    key: str                      # the option value: "first" .. "fourth"
    name: str
    fen: str
    winner: Seat                  # the side the position is a win for
    goal: str
    line: tuple[str, ...]         # the published winning play (a main line), single moves
    source: str


LASKER = "Edward Lasker, Chess and Checkers: The Way to Mastership (1918)"
LESSONS: tuple[Lesson, ...] = (
    Lesson("first", "First Position", "W:WK19,K23:BK28,12", WHITE,
           "White to move and win: two kings against a king in the double corner and a man",
           ("23-27", "28-32", "19-23", "32-28", "27-32", "28-24", "23-18"),
           f"{LASKER}, 'The First Position', Diagrams 93-94"),
    Lesson("second", "Second Position", "W:W27,30,K22:B20,21,K9", WHITE,
           "White to move and win: crown every man, then force two exchanges",
           ("30-26", "9-14", "26-23", "14-10", "23-18", "10-6", "18-14", "6-1", "14-9", "1-5",
            "9-6", "5-9", "6-2", "9-5", "2-6", "5-1", "6-9", "1-5", "9-14", "5-1", "14-18",
            "1-6", "18-15", "6-9", "15-19", "9-14", "27-23", "14-10", "23-18", "10-6", "18-14",
            "6-1", "14-9", "1-5", "9-6", "5-9", "6-2", "9-5", "2-6", "5-1", "6-9", "1-5", "9-14",
            "5-1", "14-18", "1-6", "18-23", "6-10", "23-27", "10-14", "19-23", "14-10", "23-18",
            "10-6", "18-14", "6-1", "14-9", "1-5", "22-17", "5x14", "17x10", "21-25", "10-15",
            "25-30", "15-19", "30-26", "27-32"),
           f"{LASKER}, 'The Second Position', Diagram 95"),
    Lesson("fourth", "Fourth Position", "W:W12,K10,K11,K14:B3,K1,K2", WHITE,
           "White to move and win: four pieces against three, won by a sacrifice",
           ("14-9", "1-5", "9-13", "5-1", "11-15", "2-6", "10-14", "1-5", "15-18", "5-1"),
           f"{LASKER}, 'The Fourth Position', Diagram 101"),
)
LESSON_BY_KEY = {lesson.key: lesson for lesson in LESSONS}


# -- notation ------------------------------------------------------------------------------------
_MOVE_RE = re.compile(r"^(\d{1,2})\s*([-x])\s*(\d{1,2}(?:\s*x\s*\d{1,2})*)$")


def move_text(move: Move) -> str:
    return ("x" if move.jump else "-").join(str(s) for s in move.path)


def action_text(action: Action) -> str:
    if isinstance(action, Move):
        return move_text(action)
    if isinstance(action, Huff):
        return f"huff {action.square}"
    if isinstance(action, Insist):
        return "insist"
    if isinstance(action, Draw):
        return f"{action.kind} draw"
    raise NotationError(f"{action!r} is not a checkers action")


# -- the rules --------------------------------------------------------------------------------------
class Checkers(Game[CheckersState, Action, CheckersState]):
    info = BY_ID[GAME_ID]
    table_kind = TableKind.CHECKERS
    option_specs = (
        OptionSpec("capture", "compulsory", ("compulsory", "huff"), "Passing a capture by",
                   labels=("Capturing is compulsory (the modern rule)",
                           "Huffing: the opponent may huff the man or insist on the capture (the book)")),
    )

    # -- options and the start ----------------------------------------------------------------
    def resolve_options(self, options: Options | None = None) -> dict[str, Any]:
        """The menu's options, plus ``setup``: a position in PDN's FEN to start from instead of
        the usual one (a lesson, or a game imported from PDN).  It is checked here, so a bad one
        is refused quoting it.  It is no menu option on purpose: a lesson is begun from the
        Table menu, seated at the winning side, and is not remembered as a preference."""
        given = dict(options or {})
        setup = given.pop("setup", "")
        out = super().resolve_options(given)
        if setup:
            if not isinstance(setup, str):
                raise NotationError(f"option setup={excerpt(setup)} is not a position")
            fen = to_fen(*parse_fen(setup))
            if fen != to_fen(*parse_fen(STANDARD_FEN)):
                out["setup"] = fen
        return out

    def setup_state(self, text: str, options: Options | None = None) -> CheckersState:
        """A game set up from a position in PDN's FEN ("W:WK19,K23:BK28,12"): a lesson, a PDN
        game's ``FEN`` tag (a session's set-up, kept in the record).  ``NotationError`` quotes a
        text that is no position.  (Older records carried it as the ``setup`` option, still read.)"""
        return self.initial_state({**dict(options or {}), "setup": str(text)})

    def initial_state(self, options: Options | None = None) -> CheckersState:
        opts = self.resolve_options(options)
        huffing = opts["capture"] == "huff"
        fen = opts.get("setup") or STANDARD_FEN
        black, white, kings, side = parse_fen(fen)
        start = "standard" if fen == STANDARD_FEN else next(
            (lesson.key for lesson in LESSONS if to_fen(*parse_fen(lesson.fen)) == fen), "setup")
        return CheckersState(black, white, kings, side, huffing=huffing, start=start)

    # -- whose turn, and what may be done ------------------------------------------------------
    @staticmethod
    def board_moves(state: CheckersState) -> tuple[tuple[Jump, ...], tuple[Step, ...]]:
        """The captures and the plain moves the player to move may make under the rule in force
        (plain moves are empty when a capture is compulsory now)."""
        jumps, steps = generate(state.black, state.white, state.kings, state.turn)
        if state.must_take or (jumps and not state.huffing):
            return jumps, ()
        return jumps, steps

    def to_move(self, state: CheckersState) -> Seat | Special:
        if state.result:
            return Special.TERMINAL
        if state.offer:
            return 1 - state.turn
        if not state.own(state.turn):
            return Special.TERMINAL
        jumps, steps = self.board_moves(state)
        if not jumps and not steps and not state.huffable and state.before is None:
            return Special.TERMINAL
        return state.turn

    def legal_actions(self, state: CheckersState, seat: Seat) -> list[Action]:
        if self.to_move(state) != seat:
            return []
        if state.offer:
            return [Draw("accept"), Draw("decline")]
        jumps, steps = self.board_moves(state)
        out: list[Action] = [Move(tuple(i + 1 for i in path), True) for path, _ in jumps]
        out += [Move((f + 1, t + 1), False) for f, t in steps]
        out += [Huff(sq) for sq in state.huffable]
        if state.before is not None:
            out.append(Insist())
        if jumps or steps:
            if not state.offered:
                out.append(Draw("offer"))
            if state.quiet >= QUIET_PLIES_FOR_CLAIM:
                out.append(Draw("claim"))
        return out

    # -- playing ---------------------------------------------------------------------------------
    def apply(self, state: CheckersState, action: Action) -> CheckersState:
        seat = self.to_move(state)
        if isinstance(seat, Special):
            raise IllegalAction("the game is over", rule_ref("checkers", "end-of-the-game"))
        if action not in self.legal_actions(state, seat):
            raise self.why_illegal(state, action)
        if isinstance(action, Draw):
            return self._draw(state, action)
        if isinstance(action, Huff):
            b = 1 << (action.square - 1)
            other = 1 - state.turn
            black = state.black & ~b if other == BLACK else state.black
            white = state.white & ~b if other == WHITE else state.white
            return replace(state, black=black, white=white, kings=state.kings & ~b, quiet=0,
                           huffable=(), before=None)
        if isinstance(action, Insist):
            assert state.before is not None
            black, white, kings, quiet = state.before
            return replace(state, black=black, white=white, kings=kings, quiet=quiet,
                           turn=1 - state.turn, huffable=(), before=None, must_take=True,
                           offered=False)
        return self._move(state, action)

    def _draw(self, state: CheckersState, action: Draw) -> CheckersState:
        if action.kind == "offer":
            return replace(state, offer=True)
        if action.kind == "accept":
            return replace(state, offer=False, result="agreed")
        if action.kind == "decline":
            return replace(state, offer=False, offered=True)
        return replace(state, result="forty")

    def _move(self, state: CheckersState, move: Move) -> CheckersState:
        side = state.turn
        path = tuple(s - 1 for s in move.path)
        taken = 0
        if move.jump:
            for a, b in zip(path, path[1:]):
                taken |= 1 << _between(a, b)
        was_man = not state.kings & (1 << path[0])
        huffable: tuple[int, ...] = ()
        before: Board | None = None
        if state.huffing and not move.jump:
            able = capturers(state.black, state.white, state.kings, side)
            if able:
                # Passing a capture by: the men that could have taken may be huffed, the one
                # moved being found on its new square.
                moved = 1 << path[0]
                huffable = tuple(sorted((path[-1] + 1) if (1 << i) == moved else i + 1
                                        for i in bits(able)))
                before = (state.black, state.white, state.kings, state.quiet)
        black, white, kings = play_on_board(state.black, state.white, state.kings, side, path, taken)
        quiet = 0 if (taken or was_man) else state.quiet + 1
        return replace(state, black=black, white=white, kings=kings, turn=1 - side, quiet=quiet,
                       huffable=huffable, before=before, must_take=False, offered=False)

    # -- refusals ---------------------------------------------------------------------------------
    def why_illegal(self, state: CheckersState, action: Any) -> IllegalAction:
        """Why ``action`` may not be played now, citing the law (it is assumed illegal)."""
        seat = self.to_move(state)
        if isinstance(seat, Special):
            return IllegalAction("the game is over", rule_ref("checkers", "end-of-the-game"))
        me = SIDE_NAMES[seat]
        if state.offer:
            return IllegalAction(f"{SIDE_NAMES[state.turn]} has offered a draw: {me} must accept "
                                 "or decline it first", rule_ref("checkers", "draws"))
        if isinstance(action, Draw):
            if action.kind in ("accept", "decline"):
                return IllegalAction("no draw has been offered", rule_ref("checkers", "draws"))
            if action.kind == "offer":
                return IllegalAction(f"{me} has offered a draw this turn already; make a move",
                                     rule_ref("checkers", "draws"))
            if action.kind == "claim":
                return IllegalAction(
                    f"a draw may be claimed after forty moves each without a capture or a man's "
                    f"move; only {state.quiet} single moves have passed", rule_ref("checkers", "draws"))
            return IllegalAction(f"{action.kind!r} is not a draw action", rule_ref("checkers", "draws"))
        if isinstance(action, Huff):
            if not state.huffable:
                return IllegalAction("no man may be huffed now: huffing follows a capture passed "
                                     "by, at the start of the next turn", rule_ref("checkers", "huffing-the-old-rule"))
            return IllegalAction(f"the piece on {action.square} did not pass a capture by; "
                                 f"{' or '.join(map(str, state.huffable))} may be huffed",
                                 rule_ref("checkers", "huffing-the-old-rule"))
        if isinstance(action, Insist):
            return IllegalAction("there is no passed-by capture to insist on",
                                 rule_ref("checkers", "huffing-the-old-rule"))
        if not isinstance(action, Move):
            return IllegalAction(f"{action!r} is not a checkers move", rule_ref("checkers", "the-play"))
        return self._why_move(state, action, me)

    def _why_move(self, state: CheckersState, move: Move, me: str) -> IllegalAction:
        side = state.turn
        path = move.path
        text = move_text(move)
        if len(text) > 40:           # a pasted chain of thousands of squares is quoted short
            text = text[:39] + "…"
        if len(path) < 2:
            return IllegalAction(f"{text!r} names no square to move to", rule_ref("checkers", "notation"))
        for sq in path:
            if not 1 <= sq <= 32:
                return IllegalAction(f"there is no square {sq}: the playing squares are numbered "
                                     "1 to 32", rule_ref("checkers", "the-board-and-the-numbering"))
        piece = state.piece_at(path[0])
        if not piece:
            return IllegalAction(f"there is no piece on {path[0]}", rule_ref("checkers", "the-play"))
        if (piece.lower() == "b") != (side == BLACK):
            return IllegalAction(f"the piece on {path[0]} is {SIDE_NAMES[1 - side]}'s; {me} moves "
                                 f"only {me}'s pieces", rule_ref("checkers", "the-play"))
        king = piece.isupper()
        jumps, steps = generate(state.black, state.white, state.kings, side)
        mine = [p for p, _ in jumps if p[0] == path[0] - 1]
        if not move.jump:
            if len(path) != 2:
                return IllegalAction(f"{text!r}: a plain move goes one square; write a capture "
                                     "with x", rule_ref("checkers", "notation"))
            (r0, c0), (r1, c1) = square_rc(path[0]), square_rc(path[1])
            dr, dc = r1 - r0, c1 - c0
            if abs(dr) != abs(dc) or dr == 0:
                return IllegalAction(f"{text}: pieces move diagonally, never straight forward or "
                                     "sideways", rule_ref("checkers", "moving-a-man"))
            if abs(dr) == 2:
                return IllegalAction(f"{text} leaps two squares: write a capture with x, and "
                                     "only over an opponent's piece", rule_ref("checkers", "capturing"))
            if abs(dr) > 1:
                return IllegalAction(f"{text}: a piece moves one square at a time, except when "
                                     "capturing", rule_ref("checkers", "moving-a-man"))
            if not king and (dr > 0) != (side == BLACK):
                return IllegalAction(f"{text}: an uncrowned man moves only forward; only a king "
                                     "may move backwards", rule_ref("checkers", "moving-a-man"))
            if state.piece_at(path[1]):
                return IllegalAction(f"{text}: square {path[1]} is occupied", rule_ref("checkers", "moving-a-man"))
            if state.must_take:
                return IllegalAction(f"{SIDE_NAMES[1 - side]} insists on the capture: {me} must "
                                     "take", rule_ref("checkers", "huffing-the-old-rule"))
            if jumps:
                example = "x".join(str(i + 1) for i in jumps[0][0])
                return IllegalAction(f"{text}: a capture is compulsory and {example} is "
                                     "available", rule_ref("checkers", "compulsory-capture"))
            return IllegalAction(f"{text} is not a legal move now", rule_ref("checkers", "the-play"))
        # A capture: check it step by step, so the refusal names the step that fails.
        occ = state.black | state.white
        opp = state.white if side == BLACK else state.black
        crown = CROWN_ROW[side]
        here = path[0] - 1
        taken = 0
        occ ^= 1 << here
        for n, nxt in enumerate(path[1:]):
            to = nxt - 1
            (r0, c0), (r1, c1) = square_rc(here + 1), square_rc(to + 1)
            dr, dc = r1 - r0, c1 - c0
            if abs(dr) != 2 or abs(dc) != 2:
                return IllegalAction(f"{text}: a capture leaps over one adjacent piece to the "
                                     f"square just beyond ({here + 1} to {nxt} is not such a "
                                     "leap)", rule_ref("checkers", "capturing"))
            if not king and (dr > 0) != (side == BLACK):
                return IllegalAction(f"{text}: an uncrowned man captures only forward",
                                     rule_ref("checkers", "moving-a-man"))
            over = _between(here, to)
            if not opp & (1 << over) or taken & (1 << over):
                return IllegalAction(f"{text}: there is no opponent's piece on {over + 1} to "
                                     "leap over", rule_ref("checkers", "capturing"))
            if occ & (1 << to):
                return IllegalAction(f"{text}: the square beyond, {nxt}, is occupied",
                                     rule_ref("checkers", "capturing"))
            taken |= 1 << over
            here = to
            if not king and (1 << to) & crown and n < len(path) - 2:
                return IllegalAction(f"{text}: a man that reaches the far row is crowned, and "
                                     "crowning ends the move", rule_ref("checkers", "crowning"))
        if any(p[:len(path)] == tuple(s - 1 for s in path) and len(p) > len(path) for p in mine):
            return IllegalAction(f"{text}: the capture must be completed; from {path[-1]} the "
                                 "piece can leap again", rule_ref("checkers", "multiple-jumps"))
        return IllegalAction(f"{text} is not a legal move now", rule_ref("checkers", "the-play"))

    # -- the end --------------------------------------------------------------------------------
    def outcome(self, state: CheckersState) -> Outcome | None:
        if state.result == "agreed":
            return Outcome((0.5, 0.5), "drawn by agreement", rule_ref("checkers", "draws"))
        if state.result == "forty":
            return Outcome((0.5, 0.5), "drawn on the forty-move claim", rule_ref("checkers", "draws"))
        if self.to_move(state) is not Special.TERMINAL:
            return None
        loser = state.turn
        winner = SIDE_NAMES[1 - loser]
        results = (0.0, 1.0) if loser == BLACK else (1.0, 0.0)
        why = "has no pieces left" if not state.own(loser) else "cannot move"
        return Outcome(results, f"{winner} wins: {SIDE_NAMES[loser]} {why}", rule_ref("checkers", "winning"))

    def view(self, state: CheckersState, seat: Seat | None) -> CheckersState:
        return state

    # -- notation -------------------------------------------------------------------------------
    def action_to_str(self, action: Action) -> str:
        return action_text(action)

    def action_from_str(self, state: CheckersState, text: str) -> Action:
        raw = text
        t = " ".join(text.strip().lower().split())
        m = re.fullmatch(r"huff\s*(\d{1,2})", t)
        if m:
            return Huff(int(m.group(1)))
        if t == "insist":
            return Insist()
        m = re.fullmatch(r"(offer|accept|decline|claim)(?: a)? draw", t)
        if m:
            return Draw(m.group(1))
        t = t.rstrip("!?*").replace(" ", "")
        m = _MOVE_RE.match(t)
        if not m:
            raise NotationError(f"{excerpt(raw)} is not a checkers move: write square numbers such as "
                                f"\"11-15\", \"15x24\" or \"15x24x31\"")
        squares = [int(m.group(1))] + [int(x) for x in m.group(3).split("x")]
        for sq in squares:
            if not 1 <= sq <= 32:
                raise NotationError(f"{excerpt(raw)}: there is no square {sq} (they run from 1 to 32)")
        jump = m.group(2) == "x"
        if not jump and len(squares) != 2:
            raise NotationError(f"{excerpt(raw)}: a plain move names two squares; captures use x")
        if jump and len(squares) == 2:
            # PDN often writes a multiple capture by its ends only ("15x31"): find it.
            a, b = squares
            found = [act for act in self.legal_actions(state, state.turn) if isinstance(act, Move)
                     and act.jump and act.start == a and act.end == b] \
                if not isinstance(self.to_move(state), Special) and not state.offer else []
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                raise NotationError(f"{excerpt(raw)} is ambiguous: write every landing square, one of "
                                    f"{', '.join(move_text(f) for f in found)}")
        return Move(tuple(squares), jump)

    # -- words --------------------------------------------------------------------------------
    def describe(self, state: CheckersState, action: Action) -> str:
        seat = self.to_move(state)
        who = SIDE_NAMES[seat] if isinstance(seat, int) else "Nobody"
        if isinstance(action, Move):
            if action.jump:
                n = len(action.path) - 1
                text = f"{who} captures {n} piece{'s' if n > 1 else ''}: {move_text(action)}"
            else:
                text = f"{who} moves {move_text(action)}"
            piece = state.piece_at(action.start)
            if piece in ("b", "w") and action.end in squares_of(CROWN_ROW[state.turn]):
                text += ", and is crowned"
            return text
        if isinstance(action, Huff):
            return f"{who} huffs the piece on {action.square}, which passed a capture by"
        if isinstance(action, Insist):
            return f"{who} insists that the capture be made"
        return {"offer": f"{who} offers a draw", "accept": f"{who} accepts the draw",
                "decline": f"{who} declines the draw",
                "claim": f"{who} claims a draw under the forty-move rule"}[action.kind]


def _between(a: int, b: int) -> int:
    """The index of the square between two squares a leap apart."""
    (r0, c0), (r1, c1) = square_rc(a + 1), square_rc(b + 1)
    return rc_square((r0 + r1) // 2, (c0 + c1) // 2) - 1


GAME = Checkers()


# -- PDN ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PdnGame:
    """One game read from PDN: its tags, the position it starts from (``None``: the usual start),
    the actions in our notation, and the result token ("1-0", "0-1", "1/2-1/2" or "*")."""

    tags: dict[str, str] = field(default_factory=dict)
    setup: str | None = None
    actions: tuple[str, ...] = ()
    result: str = "*"


_TAG_RE = re.compile(r'^\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1")
_OUR_COMMENTS = re.compile(r"^(huff \d{1,2}|insist|(?:offer|accept|decline|claim) draw)$")


def read_pdn(text: str) -> PdnGame:
    """The first game of a PDN text.  Move numbers, NAGs (!, ?), variations in parentheses and
    comments are read past; a comment holding one of our own actions ("{huff 15}", "{insist}",
    "{offer draw}" ...) is kept as that action.  Bad input raises ``NotationError`` quoting it."""
    tags: dict[str, str] = {}
    lines = text.replace("\r\n", "\n").split("\n")
    body: list[str] = []
    started = False
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not started and (not stripped or stripped.startswith("[")):
            if stripped:
                m = _TAG_RE.match(stripped)
                if not m:
                    raise NotationError(f"line {number}: {excerpt(stripped)} is not a PDN tag such as "
                                        f"[Event \"Club match\"]")
                tags[m.group(1)] = m.group(2).replace('\\"', '"')
            continue
        if started and stripped.startswith("[") and _TAG_RE.match(stripped):
            break                          # the next game's tags: only the first game is read
        started = True
        body.append(line)
    actions: list[str] = []
    result = "*"
    movetext = "\n".join(body)
    i, n, depth = 0, len(movetext), 0
    token_re = re.compile(r"[^\s{}()]+")
    while i < n:
        ch = movetext[i]
        if ch.isspace():
            i += 1
            continue
        if ch == "{":
            end = movetext.find("}", i)
            if end < 0:
                raise NotationError(f"an unclosed comment: {movetext[i:i + 40]!r}")
            comment = " ".join(movetext[i + 1:end].split()).lower()
            if depth == 0 and _OUR_COMMENTS.match(comment):
                actions.append(comment)
            i = end + 1
            continue
        if ch == "(":
            depth += 1
            i += 1
            continue
        if ch == ")":
            if depth == 0:
                raise NotationError(f"an unmatched ')' near {movetext[max(0, i - 20):i + 20]!r}")
            depth -= 1
            i += 1
            continue
        m = token_re.match(movetext, i)
        if m is None:                       # a "}" that closes no comment
            raise NotationError(f"an unmatched '}}' near {excerpt(movetext[max(0, i - 20):i + 20])}")
        token = m.group(0)
        i = m.end()
        if depth:
            continue
        if token in _RESULTS:
            result = token
            break
        if re.fullmatch(r"\d+\.(\.\.)?", token):
            continue
        bare = re.sub(r"^\d+\.(\.\.)?", "", token).rstrip("!?*")
        if not bare:
            continue
        if not re.fullmatch(r"\d{1,2}(?:[-x]\d{1,2})+", bare):
            raise NotationError(f"{excerpt(token)} is not a move: PDN writes moves as \"11-15\" or "
                                f"\"15x24\"")
        actions.append(bare)
    setup = tags.get("FEN")
    if setup is not None:
        setup = to_fen(*parse_fen(setup))
        if setup == to_fen(*parse_fen(STANDARD_FEN)):
            setup = None
    return PdnGame(tags, setup, tuple(actions), tags.get("Result", result) if result == "*" else result)


def pdn_options(game: PdnGame, capture: str = "compulsory") -> dict[str, Any]:
    """The options a session needs to replay ``game``."""
    options: dict[str, Any] = {"capture": capture}
    if game.setup:
        options["setup"] = game.setup
    return options


def lesson_options(key: str, capture: str = "compulsory") -> dict[str, Any]:
    """The options that set up the lesson ``key`` ("first", "second", ...)."""
    if key not in LESSON_BY_KEY:
        raise NotationError(f"there is no lesson {key!r}; the lessons are "
                            f"{', '.join(LESSON_BY_KEY)}")
    return {"capture": capture, "setup": LESSON_BY_KEY[key].fen}


def replay_pdn(game: PdnGame, capture: str = "compulsory") -> list[CheckersState]:
    """The states of ``game`` from its start; the first move the rules refuse raises
    ``NotationError`` naming its place and text."""
    states = [GAME.initial_state(pdn_options(game, capture))]
    for index, text in enumerate(game.actions, 1):
        state = states[-1]
        try:
            action = GAME.action_from_str(state, text)
            states.append(GAME.apply(state, action))
        except (IllegalAction, NotationError) as exc:
            raise NotationError(f"move {index}, {excerpt(text)}: {exc}") from None
    return states


def write_pdn(options: Options, actions: Sequence[str], outcome: Outcome | None = None,
              tags: dict[str, str] | None = None, setup: str | None = None) -> str:
    """A PDN text for a game played with ``options`` and these actions (our notation), from the
    position ``setup`` (a session's set-up) if given.  Huffs, insisting and draw offers go in
    comments, where ``read_pdn`` finds them again."""
    opts = GAME.resolve_options(options)
    start = GAME.setup_state(setup, opts) if setup else GAME.initial_state(opts)
    if outcome is None:
        result = "*"
    elif outcome.results[0] == outcome.results[1]:
        result = "1/2-1/2"
    else:
        result = "1-0" if outcome.results[BLACK] > outcome.results[WHITE] else "0-1"
    head = {"Event": "Compendium game", "Black": "Black", "White": "White", "Result": result,
            "GameType": "21"}
    head.update(tags or {})
    fen = to_fen(start.black, start.white, start.kings, start.turn)
    if fen != to_fen(*parse_fen(STANDARD_FEN)):
        head["FEN"] = fen
    lines = [f'[{k} "{v}"]' for k, v in head.items()]
    words: list[str] = []
    state = start
    number = 1
    black_just_moved = False         # White's reply follows in the same numbered pair
    for text in actions:
        action = GAME.action_from_str(state, text)
        if isinstance(action, Move):
            if state.turn == BLACK:
                words.append(f"{number}.")
            elif not black_just_moved:
                words.append(f"{number}...")
            words.append(move_text(action))
            black_just_moved = state.turn == BLACK
            if state.turn == WHITE:
                number += 1
        else:
            words.append("{" + action_text(action) + "}")
            black_just_moved = False
        state = GAME.apply(state, action)
    words.append(result)
    out, line = [], ""
    for w in words:          # lines of at most 79 characters, as PDN asks
        if line and len(line) + 1 + len(w) > 79:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    out.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(out) + "\n"
