"""Backgammon, as Hoyle's Games Modernized (1909) lays it out (catalogue: backgammon).

The board of the book's Fig. 1: two *tables* (compartments) divided by the *bar*, each with twelve
*points*, six at either end.  White's inner (home) table lies on the right, its outer table on the
left; Black's tables face them.  In the inner tables the points are named from the end farthest
from the bar — ace, deuce, trois, quatre, cinque, six — and in the outer tables from the bar, so
the outer ace is the *bar point*.  For notation we use the modern numbering, each player counting
1 to 24 from his own ace point (his 24-point is the adversary's ace point), the bar as ``bar`` (25)
and bearing off as ``off`` (0): "24/18 13/10", "bar/22 6/off", "8/5(2)", "13/7*".

Chance is explicit: the opening throw of one die each (``opening 5-3``, White's die first, a tie
throws again) and every later throw of two dice (``roll 6-3``) are chance actions recorded in the
history, so a record replays with no random generator and undo never throws again.

A player's action is a whole turn: every man moved for the throw.  ``legal_actions`` lists one
play for each distinct position the throw can reach, keeping only plays that use as much of the
throw as can be used (both dice, else the larger; doublets four times over as far as possible).
A throw that cannot be played at all is lost at once: the turn passes without an action.

The book's chapter stops at the heading "Bearing off the Men"; bearing off and the values of the
single game, gammon and backgammon are the standard rules of the period (catalogue 5.4).  The
doubling cube is a 1920s invention, offered as a modern option.  The book's opening rule — the
winner of the first throw may play the two single dice or throw again — is the default; the modern
rule (the opening dice must be played) is an option.
"""
from __future__ import annotations

import base64
import re
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Iterator, Sequence

from ...core.errors import IllegalAction, NotationError, excerpt
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind
from ...core.rng import SplitMix64
from ...core.rules import rule_ref
from ..catalogue import BY_ID

WHITE, BLACK = 0, 1
NAMES = ("White", "Black")
BAR, OFF = 25, 0          # the bar and "off the board" in a player's own numbering
MEN = 15

# The laws each refusal, forced action and score cites (headings of resources/rules/backgammon.md).
R_BOARD = rule_ref("backgammon", "the-board-and-the-men")
R_FIRST = rule_ref("backgammon", "the-first-throw")
R_MOVING = rule_ref("backgammon", "moving-the-men")
R_DOUBLETS = rule_ref("backgammon", "doublets")
R_BLOTS = rule_ref("backgammon", "blots-and-hitting")
R_BAR = rule_ref("backgammon", "entering-from-the-bar")
R_WHOLE = rule_ref("backgammon", "the-whole-throw-must-be-played")
R_BEARING = rule_ref("backgammon", "bearing-off")
R_SCORING = rule_ref("backgammon", "scoring")
R_CUBE = rule_ref("backgammon", "the-doubling-cube")
R_NOTATION = rule_ref("backgammon", "notation")

# The book's names of the points, counted in each table as Fig. 1 does (index 1..6).
POINT_NAMES = ("", "ace", "deuce", "trois", "quatre", "cinque", "six")

# Fig. 1, in each player's own numbering: 2 men on the adversary's ace point (24), 5 on the six
# point of the adversary's outer table (13), 3 on the deuce point of one's own outer table (8, the
# outer tables being counted from the bar), 5 on the six point of one's own inner table (6).
START = {24: 2, 13: 5, 8: 3, 6: 5}


class Phase(Enum):
    OPENING = "opening"    # chance: one die each decides who begins
    CUBE = "cube"          # the player about to throw may double first (cube option only)
    OFFERED = "offered"    # the adversary of the doubler takes or drops
    THROW = "throw"        # chance: two dice for the player to move
    MOVE = "move"          # the player plays his throw
    OVER = "over"


# -- actions ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play:
    """A whole turn: the man moves in the order played, each ``(from, to)`` in the mover's own
    numbering (25 the bar, 0 off).  A compound hop such as ``(24, 13)`` is allowed in a play typed
    by a person; the plays the rules list are single-die hops."""

    hops: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the two dice of a throw, the higher first."""

    high: int
    low: int


@dataclass(frozen=True, slots=True)
class OpeningThrow:
    """Chance: the first throw, one die each; a tie throws again."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class ThrowAgain:
    """The book's choice for the winner of the first throw: throw both dice afresh."""


@dataclass(frozen=True, slots=True)
class CubeAction:
    """With the doubling cube: "double", "no double" (throw), "take" or "drop"."""

    word: str


Action = Play | Roll | OpeningThrow | ThrowAgain | CubeAction
CUBE_WORDS = ("double", "no double", "take", "drop")
CUBE_LIMIT = 64          # the highest face of the cube: no double beyond it


# -- the state --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BackgammonState:
    """A position.  ``board[i]`` is White's point i+1 (Black's point 24-i): +n White men, -n Black.

    It is also the view: backgammon hides nothing, and the dice still to come are not in it."""

    board: tuple[int, ...]
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    phase: Phase = Phase.OPENING
    turn: int = -1                       # the seat to move or throw; -1 before the first throw
    dice: tuple[int, ...] = ()           # the throw to be played, high die first
    first_throw: bool = False            # the dice are the opening throw (the book's rethrow)
    opening_tie: int = 0                 # the die both threw at a tied opening (0: none)
    lost: tuple[int, ...] = ()           # (seat, high, low): that throw could not be played
    cube: int = 1
    cube_owner: int = -1                 # -1: in the middle, else the seat that may redouble
    dropped: bool = False                # the game ended by a refused double
    opts: tuple[tuple[str, Any], ...] = ()

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.opts)

    def rel(self, seat: int) -> tuple[int, ...]:
        """The position from ``seat``'s side: index 1..24 its own points (+ its men, - the
        adversary's), 25 its men on the bar, 0 its men borne off, 26 the adversary's on the bar."""
        b = self.board
        pts = b if seat == WHITE else tuple(-b[23 - i] for i in range(24))
        return (self.off[seat],) + pts + (self.bar[seat], self.bar[1 - seat])

    def men_on(self, seat: int, point: int) -> int:
        """Men of ``seat`` on its own point ``point`` (1..24), the bar (25) or off (0)."""
        if point == BAR:
            return self.bar[seat]
        if point == OFF:
            return self.off[seat]
        n = self.board[point - 1] if seat == WHITE else -self.board[24 - point]
        return max(n, 0)

    def pips(self, seat: int) -> int:
        r = self.rel(seat)
        return sum(p * r[p] for p in range(1, 25) if r[p] > 0) + 25 * r[25]


def absolute(seat: int, point: int) -> int:
    """White's number (1..24) of ``seat``'s point ``point``: the board's fixed labelling."""
    return point if seat == WHITE else 25 - point


def point_name(seat: int, point: int) -> str:
    """The book's name of ``seat``'s point: "White's ace point", "Black's bar point" …"""
    if point == BAR:
        return "the bar"
    if point == OFF:
        return "off the board"
    owner = seat if point <= 12 else 1 - seat
    n = point if point <= 12 else 25 - point
    if n <= 6:
        return f"{NAMES[owner]}'s {POINT_NAMES[n]} point (inner table)"
    outer = n - 6  # the outer tables are counted from the bar
    if outer == 1:
        return f"{NAMES[owner]}'s bar point (outer table)"
    return f"{NAMES[owner]}'s {POINT_NAMES[outer]} point (outer table)"


def starting_board() -> tuple[int, ...]:
    board = [0] * 24
    for point, n in START.items():
        board[point - 1] += n              # White
        board[24 - point] -= n             # Black's point p is White's 25 - p
    return tuple(board)


# -- the move generator (on positions from the mover's side) ----------------------------------
# A relative position ``r`` is the tuple of ``BackgammonState.rel``: r[0] off, r[1..24] points,
# r[25] the mover's bar, r[26] the adversary's bar.

def _all_home(r: Sequence[int]) -> bool:
    for p in range(7, 26):
        if r[p] > 0:
            return False
    return True


def _hops_for(r: Sequence[int], die: int) -> Iterator[tuple[int, int]]:
    """Every single man move for ``die``: (from, to)."""
    if r[25] > 0:
        dst = 25 - die
        if r[dst] >= -1:
            yield 25, dst
        return
    home = None
    for src in range(24, 0, -1):
        if r[src] <= 0:
            continue
        dst = src - die
        if dst >= 1:
            if r[dst] >= -1:
                yield src, dst
            continue
        if home is None:
            home = _all_home(r)
        if not home:
            continue
        if dst == 0:
            yield src, 0
        else:
            # A higher die bears off from the highest occupied point only.
            if all(r[p] <= 0 for p in range(src + 1, 7)):
                yield src, 0


def _step(r: tuple[int, ...], src: int, dst: int) -> tuple[int, ...]:
    b = list(r)
    b[src] -= 1
    if dst == 0:
        b[0] += 1
    else:
        if b[dst] == -1:          # a blot is hit and taken up to the bar
            b[dst] = 0
            b[26] += 1
        b[dst] += 1
    return tuple(b)


@dataclass(frozen=True, slots=True)
class PlayInfo:
    hops: tuple[tuple[int, int], ...]
    dice: tuple[int, ...]          # the die used by each hop
    result: tuple[int, ...]        # the relative position after it
    hits: frozenset[int]           # points (mover's numbering) where a blot was hit


_DOWN = tuple(range(24, 0, -1))


@lru_cache(maxsize=4096)
def generate(r: tuple[int, ...], dice: tuple[int, ...]) -> tuple[PlayInfo, ...]:
    """The legal plays of a throw from relative position ``r``: one per distinct result, each
    using as much of the throw as any play can (both dice, else the larger; doublets four times
    over as far as possible).  Empty when nothing can be played."""
    doublet = len(dice) == 2 and dice[0] == dice[1]
    pool = (dice[0],) * 4 if doublet else tuple(dice)
    found: dict[tuple[tuple[int, ...], int], PlayInfo] = {}
    # A position reached with the same dice still to play has the same continuations whatever
    # the order of the moves that led to it: each is explored once (the first path is kept).
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def rec(pos: tuple[int, ...], left: tuple[int, ...], hops: tuple[tuple[int, int], ...],
            used: tuple[int, ...], hits: frozenset[int]) -> None:
        # Written for speed (the computer's look-ahead calls it thousands of times a move): the
        # single-man moves of _hops_for inlined, positions as tuples so they can be remembered.
        moved = False
        on_bar = pos[25] > 0
        if on_bar:
            sources: list[int] = [25]
            home = False
        else:
            sources = [p for p in _DOWN if pos[p] > 0]
            home = sources[0] <= 6 if sources else False
        tried: set[int] = set()
        for i, die in enumerate(left):
            if die in tried:
                continue
            tried.add(die)
            rest = left[:i] + left[i + 1:]
            for src in sources:
                dst = src - die
                if dst >= 1:
                    if pos[dst] < -1:
                        continue
                elif not home or (dst < 0 and src != sources[0]):
                    continue      # bear off only when all are home; a higher die from the top
                else:
                    dst = 0
                moved = True
                b = list(pos)
                b[src] -= 1
                hit = False
                if dst == 0:
                    b[0] += 1
                else:
                    if b[dst] == -1:
                        b[dst] = 0
                        b[26] += 1
                        hit = True
                    b[dst] += 1
                nxt = tuple(b)
                if (nxt, rest) in seen:
                    continue
                seen.add((nxt, rest))
                rec(nxt, rest, hops + ((src, dst),), used + (die,), hits | {dst} if hit else hits)
        if not moved and hops:
            key = (pos, len(hops))
            if key not in found:
                found[key] = PlayInfo(hops, used, pos, hits)

    rec(r, pool, (), (), frozenset())
    if not found:
        return ()
    most = max(len(p.hops) for p in found.values())
    plays = [p for p in found.values() if len(p.hops) == most]
    if most == 1 and not doublet:
        # Either die may be played but not both: the larger must be played if it can be.
        high = max(dice)
        if any(p.dice[0] == high for p in plays):
            plays = [p for p in plays if p.dice[0] == high]
    return tuple(plays)


class PlayTable:
    """The legal plays of one throw, found by their hops and (for a play typed in another order
    or form) by their signature, worked out only when first asked for."""

    __slots__ = ("plays", "by_hops", "_by_signature")

    def __init__(self, plays: tuple[PlayInfo, ...]) -> None:
        self.plays = plays
        self.by_hops = {p.hops: p for p in plays}
        self._by_signature: dict[tuple[tuple[int, ...], tuple[int, ...]], list[PlayInfo]] | None = None

    def with_signature(self, hops: Sequence[tuple[int, int]]) -> list[PlayInfo]:
        if self._by_signature is None:
            self._by_signature = {}
            for p in self.plays:
                self._by_signature.setdefault(signature(p.hops), []).append(p)
        return self._by_signature.get(signature(hops), [])


@lru_cache(maxsize=1024)
def play_table(r: tuple[int, ...], dice: tuple[int, ...]) -> PlayTable:
    return PlayTable(generate(r, dice))


def signature(hops: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where men left from and arrived at, net of men that moved on again: two plays with the
    same signature (and the same hits) reach the same position however they are written."""
    starts = Counter(s for s, _ in hops)
    ends = Counter(d for _, d in hops)
    return tuple(sorted((starts - ends).elements())), tuple(sorted((ends - starts).elements()))


# -- notation ---------------------------------------------------------------------------------
def format_hops(r: tuple[int, ...], hops: Sequence[tuple[int, int]]) -> str:
    """The play in the usual notation: men that move on are joined ("24/13"), a hit is starred
    (also on the way: "24/18*/13"), equal moves counted ("8/5(2)"), the highest first."""
    pos = r
    chains: list[list[tuple[int, bool]]] = []  # [(point, hit there)], the first is the start
    for src, dst in hops:
        hit = dst > 0 and pos[dst] == -1
        pos = _step(pos, src, dst)
        for chain in reversed(chains):
            if chain[-1][0] == src and src not in (OFF,):
                chain.append((dst, hit))
                break
        else:
            chains.append([(src, False), (dst, hit)])

    # Equal moves are counted together, a hit by any of them starred ("21/17*(2)").
    groups: dict[tuple[int, ...], list[bool]] = {}
    for chain in chains:
        shown = [chain[0]] + [c for c in chain[1:-1] if c[1]] + [chain[-1]]
        key = tuple(p for p, _ in shown)
        stars = groups.setdefault(key, [False] * len(shown) + [0])  # the last slot counts them
        for i, (_, hit) in enumerate(shown):
            stars[i] = stars[i] or hit
        stars[-1] += 1
    parts = []
    for key in sorted(groups, key=lambda k: [-p for p in k]):
        stars = groups[key]
        text = "/".join(_point_text(p) + ("*" if stars[i] else "") for i, p in enumerate(key))
        parts.append(text if stars[-1] == 1 else f"{text}({stars[-1]})")
    return " ".join(parts)


def _point_text(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def _point_value(text: str) -> int:
    text = text.rstrip("*")
    return BAR if text == "bar" else OFF if text == "off" else int(text)


_TOKEN = re.compile(r"^(?P<chain>[^()]+?)(?:\((?P<n>\d)\))?$")
_POINT = re.compile(r"^(?P<p>bar|b|off|o|\d{1,2})(?P<hit>\*?)$")


def parse_hops(text: str) -> tuple[tuple[tuple[int, int], ...], frozenset[int]]:
    """The hops a typed play names, and the points starred as hits; ``NotationError`` quotes it."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip().lower()) if t]
    if not tokens:
        raise NotationError(f"{excerpt(text)} names no move: write moves as from/to, e.g. '24/18 13/10'")
    hops: list[tuple[int, int]] = []
    hits: set[int] = set()
    for token in tokens:
        m = _TOKEN.match(token)
        if m is None:
            raise NotationError(f"{excerpt(token)} in {excerpt(text)} is not a move like '13/7' or '8/5(2)'")
        parts = m.group("chain").split("/")
        if len(parts) < 2:
            raise NotationError(f"{excerpt(token)} in {excerpt(text)} needs a from and a to point, e.g. '13/7'")
        points: list[int] = []
        for part in parts:
            pm = _POINT.match(part)
            if pm is None:
                raise NotationError(f"{excerpt(part)} in {excerpt(text)} is not a point (1 to 24, 'bar' or 'off')")
            word = pm.group("p")
            p = BAR if word in ("bar", "b") else OFF if word in ("off", "o") else int(word)
            if not 0 <= p <= 25:
                raise NotationError(f"{excerpt(part)} in {excerpt(text)} is not a point: they run from 1 to 24")
            if pm.group("hit"):
                hits.add(p)
            points.append(p)
        for a, b in zip(points, points[1:]):
            if a == OFF or b == BAR:
                raise NotationError(f"{excerpt(token)} in {excerpt(text)} moves the wrong way: men go from the "
                                    "bar towards 'off'")
        times = int(m.group("n") or 1)
        if not 1 <= times <= 4:
            raise NotationError(f"{excerpt(token)} in {excerpt(text)}: a move can be repeated 1 to 4 times")
        for _ in range(times):
            hops.extend(zip(points, points[1:]))
    return tuple(hops), frozenset(hits)


# -- GNU Backgammon position ID ---------------------------------------------------------------
def position_key(state: BackgammonState, on_roll: int) -> bytes:
    """The 80-bit key of GNU Backgammon: for the player *not* on roll and then the player on roll,
    for each of his points from his ace point to his 24-point and then the bar, one 1 per man and
    a 0; packed little-endian (the first bit the least significant of the first byte)."""
    bits: list[int] = []
    for seat in (1 - on_roll, on_roll):
        r = state.rel(seat)
        for p in range(1, 26):
            n = r[p] if r[p] > 0 else 0
            bits.extend([1] * n)
            bits.append(0)
    bits.extend([0] * (80 - len(bits)))
    key = bytearray(10)
    for i, bit in enumerate(bits):
        if bit:
            key[i // 8] |= 1 << (i % 8)
    return bytes(key)


def position_id(state: BackgammonState, on_roll: int | None = None) -> str:
    """GNU Backgammon's 14-character position ID (the player to move is the one on roll)."""
    seat = on_roll if on_roll is not None else (state.turn if state.turn >= 0 else WHITE)
    return base64.b64encode(position_key(state, seat)).decode("ascii").rstrip("=")


def parse_position_id(text: str, on_roll: int = WHITE,
                      options: Options | None = None) -> BackgammonState:
    """The position an ID names, with ``on_roll`` (White by default) about to throw.  Men not on
    the board or the bar are borne off.  ``NotationError`` quotes a bad ID."""
    raw = text.strip()
    if raw.lower().startswith("position id:"):
        raw = raw[len("position id:"):].strip()
    if not re.fullmatch(r"[A-Za-z0-9+/]{14}", raw):
        raise NotationError(f"{excerpt(text)} is not a GNU Backgammon position ID: it has 14 characters "
                            "of A-Z, a-z, 0-9, + and /")
    key = base64.b64decode(raw + "==")
    bits = [(key[i // 8] >> (i % 8)) & 1 for i in range(80)]
    counts: list[list[int]] = [[], []]
    i = 0
    for side in range(2):
        for _ in range(25):
            n = 0
            while i < 80 and bits[i]:
                n += 1
                i += 1
            if i >= 80:
                raise NotationError(f"{excerpt(text)} is not a position ID: its bits run out before "
                                    "both sides' 25 places are read")
            i += 1  # the 0 that closes the place
            counts[side].append(n)
    if any(bits[i:]):
        raise NotationError(f"{excerpt(text)} is not a position ID: bits are left over after both sides")
    board = [0] * 24
    bar = [0, 0]
    off = [0, 0]
    for side, seat in ((0, 1 - on_roll), (1, on_roll)):
        total = sum(counts[side])
        if total > MEN:
            raise NotationError(f"{excerpt(text)} gives {NAMES[seat]} {total} men: a side has 15")
        for p in range(1, 25):
            n = counts[side][p - 1]
            if not n:
                continue
            i = absolute(seat, p) - 1
            if board[i]:
                raise NotationError(f"{excerpt(text)} puts both sides' men on {NAMES[WHITE]}'s point "
                                    f"{i + 1}")
            board[i] = n if seat == WHITE else -n
        bar[seat] = counts[side][24]
        off[seat] = MEN - total
    if off[0] == MEN and off[1] == MEN:
        raise NotationError(f"{excerpt(text)} has no men on the board at all")
    resolved = GAME.resolve_options(options)
    phase = Phase.CUBE if resolved["cube"] else Phase.THROW
    if MEN in off:
        phase = Phase.OVER        # a finished game: one side has borne off every man
    return BackgammonState(board=tuple(board), bar=(bar[0], bar[1]), off=(off[0], off[1]),
                           phase=phase, turn=on_roll, opts=tuple(sorted(resolved.items())))


# -- the game ---------------------------------------------------------------------------------
class Backgammon(Game[BackgammonState, Action, BackgammonState]):
    info = BY_ID["backgammon"]
    table_kind = TableKind.BACKGAMMON
    option_specs = (
        OptionSpec("opening", "book", ("book", "modern"), "The first throw",
                   labels=("The winner plays the two single dice or throws again (the book)",
                           "The winner must play the two single dice (modern)")),
        OptionSpec("cube", False, (False, True), "The doubling cube",
                   labels=("No cube (the book's game)", "Doubling cube (a 1920s addition)")),
    )

    # -- set-up ------------------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> BackgammonState:
        opts = self.resolve_options(options)
        return BackgammonState(board=starting_board(), opts=tuple(sorted(opts.items())))

    def setup_state(self, text: str, options: Options | None = None) -> BackgammonState:
        """A game set up from a GNU Backgammon position ID (a session's set-up, kept in the
        record): the ID, optionally followed by the side on roll, "White" (the default) or
        "Black" — the ID itself names only "the player on roll" and "the opponent".  The player
        on roll is about to throw (or to double, with the cube).  ``NotationError`` quotes a text
        that is no position ID, or a position where the game is already over."""
        words = str(text).split()
        on_roll = WHITE
        if len(words) >= 2 and words[-1].lower() in ("white", "black"):
            on_roll = WHITE if words[-1].lower() == "white" else BLACK
            words = words[:-1]
        state = parse_position_id(" ".join(words), on_roll, options)
        if state.phase is Phase.OVER:
            raise NotationError(f"{excerpt(text)} is a finished game: a side has borne off all its men")
        return state

    def to_move(self, state: BackgammonState) -> Seat | Special:
        phase = state.phase
        if phase is Phase.OPENING or phase is Phase.THROW:
            return Special.CHANCE
        if phase is Phase.OVER:
            return Special.TERMINAL
        if phase is Phase.OFFERED:
            return 1 - state.turn
        return state.turn

    # -- chance ------------------------------------------------------------------------------
    def chance_action(self, state: BackgammonState, seed: int) -> Action:
        gen = SplitMix64(seed)
        a, b = gen.below(6) + 1, gen.below(6) + 1
        if state.phase is Phase.OPENING:
            return OpeningThrow(a, b)
        if state.phase is Phase.THROW:
            return Roll(max(a, b), min(a, b))
        raise IllegalAction("no dice are to be thrown now", R_MOVING)

    # -- legality ----------------------------------------------------------------------------
    def plays(self, state: BackgammonState) -> tuple[PlayInfo, ...]:
        if state.phase is not Phase.MOVE:
            return ()
        return play_table(state.rel(state.turn), state.dice).plays

    def legal_actions(self, state: BackgammonState, seat: Seat) -> Sequence[Action]:
        if self.to_move(state) != seat:
            return ()
        if state.phase is Phase.MOVE:
            out: list[Action] = [Play(p.hops) for p in self.plays(state)]
            if state.first_throw and state.options.get("opening") == "book":
                out.append(ThrowAgain())
            return out
        if state.phase is Phase.CUBE:
            return [CubeAction("double"), CubeAction("no double")]
        if state.phase is Phase.OFFERED:
            return [CubeAction("take"), CubeAction("drop")]
        return ()

    def _match(self, state: BackgammonState, play: Play,
               hits: frozenset[int] | None = None) -> PlayInfo | None:
        """The legal play reaching the position ``play`` names (written in any order or form)."""
        if state.phase is not Phase.MOVE:
            return None
        table = play_table(state.rel(state.turn), state.dice)
        exact = table.by_hops.get(play.hops)
        if exact is not None:
            return exact
        same = table.with_signature(play.hops)
        if not same:
            return None
        if len(same) == 1:
            return same[0]
        wanted = hits if hits is not None else _hops_hits(state.rel(state.turn), play.hops)
        for p in same:
            if p.hits == wanted:
                return p
        for p in same:  # the hits implied by where the men land, the starred ones aside
            if wanted is not None and wanted <= p.hits:
                return p
        return same[0]

    def apply(self, state: BackgammonState, action: Action) -> BackgammonState:
        phase = state.phase
        if isinstance(action, OpeningThrow):
            if phase is not Phase.OPENING:
                raise IllegalAction("the first throw has been made already", R_FIRST)
            _check_die(action.white)
            _check_die(action.black)
            if action.white == action.black:
                return replace(state, opening_tie=action.white)
            seat = WHITE if action.white > action.black else BLACK
            return self._thrown(replace(state, turn=seat, opening_tie=0, first_throw=True),
                                 (max(action.white, action.black), min(action.white, action.black)))
        if isinstance(action, Roll):
            if phase is not Phase.THROW:
                raise IllegalAction("it is not the moment to throw the dice", R_MOVING)
            _check_die(action.high)
            _check_die(action.low)
            return self._thrown(replace(state, first_throw=False),
                                 (max(action.high, action.low), min(action.high, action.low)))
        seat = self.to_move(state)
        if isinstance(seat, Special):
            raise IllegalAction("the game is over" if seat is Special.TERMINAL
                                else "the dice are to be thrown first", R_MOVING)
        if isinstance(action, ThrowAgain):
            if phase is not Phase.MOVE or not state.first_throw:
                raise IllegalAction("only the winner of the first throw, before moving, may throw "
                                    "again", R_FIRST)
            if state.options.get("opening") != "book":
                raise IllegalAction("under the modern rule the first throw must be played",
                                    R_FIRST)
            return replace(state, phase=Phase.THROW, dice=(), first_throw=False)
        if isinstance(action, CubeAction):
            return self._cube(state, action)
        if isinstance(action, Play):
            if phase is not Phase.MOVE:
                raise IllegalAction("there is no throw to play", R_MOVING)
            info = self._match(state, action)
            if info is None:
                raise self.why_illegal(state, action)
            return self._after_play(state, info)
        raise IllegalAction(f"{action!r} is not a backgammon action", R_MOVING)

    def _thrown(self, state: BackgammonState, dice: tuple[int, int]) -> BackgammonState:
        """The throw made: the player moves, or, if nothing can be played, the throw is lost."""
        moving = replace(state, phase=Phase.MOVE, dice=dice, lost=())
        if generate(moving.rel(moving.turn), dice):
            return moving
        return self._next_turn(replace(moving, lost=(state.turn,) + dice, first_throw=False))

    def _next_turn(self, state: BackgammonState) -> BackgammonState:
        other = 1 - state.turn
        may_double = bool(state.options.get("cube")) and state.cube_owner in (-1, other) \
            and state.cube < CUBE_LIMIT
        return replace(state, turn=other, dice=(), first_throw=False,
                       phase=Phase.CUBE if may_double else Phase.THROW)

    def _after_play(self, state: BackgammonState, info: PlayInfo) -> BackgammonState:
        seat = state.turn
        r = info.result
        if seat == WHITE:
            board = tuple(r[1:25])
        else:
            board = tuple(-r[24 - i] for i in range(24))
        bar = (r[25], r[26]) if seat == WHITE else (r[26], r[25])
        off = (r[0], state.off[1]) if seat == WHITE else (state.off[0], r[0])
        moved = replace(state, board=board, bar=bar, off=off, lost=())
        if off[seat] == MEN:
            return replace(moved, phase=Phase.OVER, dice=(), first_throw=False)
        return self._next_turn(moved)

    def _cube(self, state: BackgammonState, action: CubeAction) -> BackgammonState:
        if not state.options.get("cube"):
            raise IllegalAction("this game is played without the doubling cube", R_CUBE)
        word = action.word
        if word in ("double", "no double"):
            if state.phase is not Phase.CUBE:
                raise IllegalAction("a double may be offered only before throwing, by a player "
                                    "who has the cube", R_CUBE)
            if word == "no double":
                return replace(state, phase=Phase.THROW)
            return replace(state, phase=Phase.OFFERED)
        if word in ("take", "drop"):
            if state.phase is not Phase.OFFERED:
                raise IllegalAction("no double has been offered", R_CUBE)
            if word == "take":
                return replace(state, phase=Phase.THROW, cube=state.cube * 2,
                               cube_owner=1 - state.turn)
            return replace(state, phase=Phase.OVER, dropped=True)
        raise IllegalAction(f"{word!r} is not a cube action", R_CUBE)

    def why_illegal(self, state: BackgammonState, play: Play) -> IllegalAction:
        """The law a play breaks, found by playing its hops in order on the board."""
        seat = state.turn
        pos = state.rel(seat)
        left = list(state.dice * 2 if state.dice[0] == state.dice[1] else state.dice)
        throw = _dice_text(state.dice)
        for src, dst in play.hops:
            where = _point_text(src)
            if src == BAR and pos[25] == 0:
                return IllegalAction("you have no man on the bar to enter", R_BAR)
            if src != BAR and pos[25] > 0:
                return IllegalAction(f"{_men(pos[25])} on the bar must enter before any other "
                                     f"man moves ({where}/{_point_text(dst)} is refused)", R_BAR)
            if src == OFF or (src != BAR and pos[src] <= 0):
                return IllegalAction(f"you have no man on point {where}", R_MOVING)
            if dst >= src:
                return IllegalAction(f"men move onward, from the 24-point towards the ace point: "
                                     f"{where}/{_point_text(dst)} goes backwards", R_MOVING)
            if dst == OFF:
                if not _all_home(pos):
                    return IllegalAction("a man may be borne off only when all fifteen are in "
                                         "the home table", R_BEARING)
                die = _bear_off_die(pos, src, left)
                if isinstance(die, IllegalAction):
                    return die
                left.remove(die)
                pos = _step(pos, src, OFF)
                continue
            path = _path(pos, src, dst, left)
            if isinstance(path, IllegalAction):
                return path
            for a, b, die in path:
                pos = _step(pos, a, b)
                left.remove(die)
        # Every hop could be made: the play stops short of what the throw allows.
        plays = self.plays(state)
        if not plays:
            return IllegalAction(f"the throw {throw} cannot be played at all", R_WHOLE)
        most = len(plays[0].hops)
        used = len(state.dice) * (2 if state.dice[0] == state.dice[1] else 1) - len(left)
        doublet = state.dice[0] == state.dice[1]
        if used < most:
            if doublet:
                return IllegalAction(f"doublets are played four times over: {most} moves of "
                                     f"{state.dice[0]} can be made, not {used}", R_DOUBLETS)
            if most == 2:
                return IllegalAction(f"both dice of {throw} must be played when they can be",
                                     R_WHOLE)
            return IllegalAction(f"the throw {throw} must be played", R_WHOLE)
        if most == 1 and not doublet and plays[0].dice[0] == max(state.dice) \
                and max(state.dice) not in (_used_die(state, play),):
            return IllegalAction(f"only one die of {throw} can be played, so it must be the "
                                 f"larger, the {max(state.dice)}", R_WHOLE)
        return IllegalAction(f"{format_hops(state.rel(seat), play.hops)} is not a legal play of "
                             f"{throw}", R_WHOLE)

    # -- outcome and scoring -----------------------------------------------------------------
    def points_won(self, state: BackgammonState) -> tuple[int, int, str] | None:
        """(winner, points, kind) once the game is over: 1 a single game, 2 a gammon (the loser
        has borne off no man), 3 a backgammon (and still has a man on the bar or in the winner's
        home table); times the cube."""
        if state.phase is not Phase.OVER:
            return None
        if state.dropped:
            winner = state.turn
            return winner, state.cube, "a refused double"
        winner = WHITE if state.off[WHITE] == MEN else BLACK
        loser = 1 - winner
        if state.off[loser] > 0:
            value, kind = 1, "a single game"
        else:
            r = state.rel(loser)
            # The winner's home table is the loser's points 19..24.
            back = r[25] > 0 or any(r[p] > 0 for p in range(19, 25))
            value, kind = (3, "a backgammon") if back else (2, "a gammon")
        return winner, value * state.cube, kind

    def outcome(self, state: BackgammonState) -> Outcome | None:
        won = self.points_won(state)
        if won is None:
            return None
        winner, points, kind = won
        results = tuple(1.0 if s == winner else 0.0 for s in (WHITE, BLACK))
        scores = tuple(points if s == winner else 0 for s in (WHITE, BLACK))
        cube = f" at a cube of {state.cube}" if state.cube > 1 and not state.dropped else ""
        if state.dropped:
            reason = (f"{NAMES[1 - winner]} refused the double: {NAMES[winner]} wins "
                      f"{points} point{'s' if points != 1 else ''}")
            return Outcome(results, reason, R_CUBE, scores)
        reason = (f"{NAMES[winner]} has borne off every man and wins {kind}{cube}, "
                  f"{points} point{'s' if points != 1 else ''}")
        return Outcome(results, reason, R_SCORING, scores)

    def score_events(self, state: BackgammonState) -> Sequence[ScoreEvent]:
        won = self.points_won(state)
        if won is None:
            return ()
        winner, points, kind = won
        return (ScoreEvent(winner, points, f"{NAMES[winner]} wins {kind}",
                           R_CUBE if state.dropped else R_SCORING),)

    def view(self, state: BackgammonState, seat: Seat | None) -> BackgammonState:
        # Perfect information: the whole position is the view; the dice to come are not in it.
        return state

    # -- notation ----------------------------------------------------------------------------
    def action_to_str(self, action: Action) -> str:
        if isinstance(action, Play):
            return _hops_text(action.hops)
        if isinstance(action, Roll):
            return f"roll {action.high}-{action.low}"
        if isinstance(action, OpeningThrow):
            return f"opening {action.white}-{action.black}"
        if isinstance(action, ThrowAgain):
            return "throw again"
        if isinstance(action, CubeAction):
            return action.word
        raise NotationError(f"{action!r} is not a backgammon action")

    def play_text(self, state: BackgammonState, action: Play) -> str:
        """A play in the usual notation with its hits starred (for the move list and the status)."""
        return format_hops(state.rel(state.turn), action.hops)

    def action_from_str(self, state: BackgammonState, text: str) -> Action:
        t = " ".join(text.strip().lower().split())
        m = re.fullmatch(r"(roll|opening)\s+(\d)\s*-\s*(\d)", t)
        if m:
            a, b = int(m.group(2)), int(m.group(3))
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise NotationError(f"{text!r}: a die shows 1 to 6")
            return OpeningThrow(a, b) if m.group(1) == "opening" else Roll(max(a, b), min(a, b))
        if t in ("throw again", "rethrow"):
            return ThrowAgain()
        if t in CUBE_WORDS:
            return CubeAction(t)
        if t in ("pass", "no move", "cannot move"):
            raise NotationError(f"{text!r}: a throw that cannot be played is lost without a move")
        hops, hits = parse_hops(text)
        play = Play(hops)
        if state.phase is Phase.MOVE:
            info = self._match(state, play, hits)
            if info is not None:
                return Play(info.hops)
        return play

    def rules_section(self, state: BackgammonState) -> str | None:
        """The rules pane follows the game: the first throw, entering from the bar, bearing off
        once every man of the side to move is home, the play otherwise, the score at the end."""
        if state.phase is Phase.OPENING or state.turn < 0:
            return self.page_section("the-first-throw")
        if state.phase is Phase.OVER:
            return self.page_section("scoring")
        if state.phase in (Phase.CUBE, Phase.OFFERED):
            return self.page_section("the-doubling-cube", "the-play")
        r = state.rel(state.turn)
        if r[25] > 0:
            return self.page_section("entering-from-the-bar", "the-play")
        if _all_home(r):
            return self.page_section("bearing-off", "the-play")
        return self.page_section("the-play")

    def describe(self, state: BackgammonState, action: Action) -> str:
        if isinstance(action, Play):
            who = NAMES[state.turn] if state.turn >= 0 else "?"
            if state.phase is Phase.MOVE:
                return f"{who} plays {_dice_text(state.dice)}: {self.play_text(state, action)}"
            return f"{who} plays {self.action_to_str(action)}"
        if isinstance(action, Roll):
            return f"{NAMES[state.turn]} throws {action.high}-{action.low}"
        if isinstance(action, OpeningThrow):
            if action.white == action.black:
                return f"first throw {action.white} each: they throw again"
            first = NAMES[WHITE if action.white > action.black else BLACK]
            return f"first throw: White {action.white}, Black {action.black}; {first} begins"
        if isinstance(action, ThrowAgain):
            return f"{NAMES[state.turn]} throws again rather than play {_dice_text(state.dice)}"
        if isinstance(action, CubeAction):
            seat = self.to_move(state)
            name = NAMES[seat] if isinstance(seat, int) else "?"
            if action.word == "double":
                return f"{name} doubles to {state.cube * 2}"
            if action.word == "no double":
                return f"{name} throws without doubling"
            return f"{name} {'takes' if action.word == 'take' else 'drops'} the double"
        return self.action_to_str(action)


# -- a turn played one man at a time (the table's partial moves) ------------------------------
@dataclass(frozen=True, slots=True)
class Hop:
    """One man moved by one die: from, to (the mover's numbering) and the die used."""

    src: int
    dst: int
    die: int


class TurnBuilder:
    """The men moved so far in a turn that is not yet complete.

    The table lets a person move one man at a time; this keeps those moves, says where each man
    may go next (only moves that still lead to a legal play of the whole throw) and gives the
    finished play to the session.  It decides nothing the rules do not: every target is a step
    towards one of ``Backgammon.plays``."""

    def __init__(self, game: Backgammon, state: BackgammonState) -> None:
        self.game = game
        self.state = state
        self.hops: list[Hop] = []
        self._finals = {p.result for p in game.plays(state)} if state.phase is Phase.MOVE else set()
        self._reach: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}

    # -- where things stand --------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.state.turn

    @property
    def position(self) -> tuple[int, ...]:
        pos = self.state.rel(self.state.turn)
        for h in self.hops:
            pos = _step(pos, h.src, h.dst)
        return pos

    @property
    def dice_left(self) -> tuple[int, ...]:
        dice = list(self.state.dice * 2 if self._doublet else self.state.dice)
        for h in self.hops:
            dice.remove(h.die)
        return tuple(dice)

    @property
    def _doublet(self) -> bool:
        d = self.state.dice
        return len(d) == 2 and d[0] == d[1]

    @property
    def can_finish(self) -> bool:
        """The men moved so far make a legal play of the whole throw."""
        return bool(self.hops) and self.position in self._finals

    @property
    def complete(self) -> bool:
        """A legal play is made and no further man may move."""
        return self.can_finish and not self.moves()

    def play(self) -> Play:
        return Play(tuple((h.src, h.dst) for h in self.hops))

    # -- what may move ---------------------------------------------------------------------------
    def _leads_to_final(self, pos: tuple[int, ...], left: tuple[int, ...]) -> bool:
        key = (pos, tuple(sorted(left)))
        if key in self._reach:
            return self._reach[key]
        ok = pos in self._finals
        if not ok:
            for die in set(left):
                rest = list(left)
                rest.remove(die)
                for src, dst in _hops_for(pos, die):
                    if self._leads_to_final(_step(pos, src, dst), tuple(rest)):
                        ok = True
                        break
                if ok:
                    break
        self._reach[key] = ok
        return ok

    def moves(self) -> list[Hop]:
        """Every single-die move that still leads to a legal play of the whole throw."""
        pos, left = self.position, self.dice_left
        out: list[Hop] = []
        for die in sorted(set(left), reverse=True):
            rest = list(left)
            rest.remove(die)
            for src, dst in _hops_for(pos, die):
                if self._leads_to_final(_step(pos, src, dst), tuple(rest)):
                    out.append(Hop(src, dst, die))
        return out

    def sources(self) -> set[int]:
        return {h.src for h in self.moves()}

    def targets(self, src: int) -> dict[int, list[Hop]]:
        """Where the man on ``src`` may go now, by one die or by several in turn (each stop
        legal): destination -> the hops that take him there (the fewest dice, larger first)."""
        found: dict[int, list[Hop]] = {}
        frontier: list[tuple[TurnBuilder, list[Hop]]] = [(self, [])]
        while frontier:
            nxt: list[tuple[TurnBuilder, list[Hop]]] = []
            for builder, path in frontier:
                at = path[-1].dst if path else src
                for hop in builder.moves():
                    if hop.src != at or hop.dst in found:
                        continue
                    found[hop.dst] = path + [hop]
                    if hop.dst != OFF:
                        child = builder._clone()
                        child.hops.append(hop)
                        nxt.append((child, path + [hop]))
            frontier = nxt
        return found

    def _clone(self) -> "TurnBuilder":
        other = TurnBuilder.__new__(TurnBuilder)
        other.game, other.state, other.hops = self.game, self.state, list(self.hops)
        other._finals, other._reach = self._finals, self._reach
        return other

    # -- moving ----------------------------------------------------------------------------------
    def move(self, src: int, dst: int) -> list[Hop]:
        """Move the man on ``src`` to ``dst`` (by one die or several); the hops made.  Raises
        ``IllegalAction`` with the law when the dice do not allow it."""
        path = self.targets(src).get(dst)
        if path is None:
            raise self.refusal(src, dst)
        self.hops.extend(path)
        return path

    def undo(self) -> Hop | None:
        """Take back the last man moved in this turn."""
        return self.hops.pop() if self.hops else None

    def refusal(self, src: int, dst: int) -> IllegalAction:
        """Why the man on ``src`` may not go to ``dst`` now."""
        if self.state.phase is not Phase.MOVE:
            return IllegalAction("there is no throw to play", R_MOVING)
        if not self.dice_left:
            return IllegalAction("the whole throw has been played", R_WHOLE)
        done = [(h.src, h.dst) for h in self.hops]
        probe = self.game.why_illegal(self.state, Play(tuple(done) + ((src, dst),)))
        if probe.rule not in (R_WHOLE, R_DOUBLETS) or not (0 <= dst < src <= 25):
            return probe
        # The move itself can be made, but it leaves part of the throw unplayable.
        dice = self.state.dice
        plays = self.game.plays(self.state)
        if self._doublet:
            most = len(plays[0].hops) if plays else 0
            return IllegalAction(f"that move would leave some of the {most} moves of {dice[0]} "
                                 "unplayable, and doublets must be played as far as they can",
                                 R_DOUBLETS)
        if plays and len(plays[0].hops) == 1:
            return IllegalAction(f"only one die of {_dice_text(dice)} can be played, so it must be "
                                 f"the larger, the {max(dice)}", R_WHOLE)
        return IllegalAction(f"that move would leave a die of {_dice_text(dice)} unplayable: both "
                             "dice must be played when they can be", R_WHOLE)


# -- helpers ----------------------------------------------------------------------------------
def _check_die(n: int) -> None:
    if not 1 <= n <= 6:
        raise IllegalAction(f"a die shows 1 to 6, not {n}", R_MOVING)


def _dice_text(dice: Sequence[int]) -> str:
    return f"{dice[0]}-{dice[1]}" if len(dice) >= 2 else "-".join(map(str, dice))


def _men(n: int) -> str:
    return "a man" if n == 1 else f"{n} men"


def _hops_text(hops: Sequence[tuple[int, int]]) -> str:
    """A play's text without a position: one hop after another, repeats counted."""
    counted = Counter(hops)
    seen: list[tuple[int, int]] = []
    for h in hops:
        if h not in seen:
            seen.append(h)
    return " ".join(f"{_point_text(a)}/{_point_text(b)}" + (f"({counted[(a, b)]})"
                                                          if counted[(a, b)] > 1 else "")
                    for a, b in seen)


def _hops_hits(r: tuple[int, ...], hops: Sequence[tuple[int, int]]) -> frozenset[int] | None:
    """The points where playing ``hops`` in order hits a blot (``None`` if they cannot be played
    in that order as single hops)."""
    hits: set[int] = set()
    pos = r
    for src, dst in hops:
        if not (0 <= dst < src <= 25) or pos[src] <= 0:
            return None
        if dst > 0:
            if pos[dst] < -1:
                return None
            if pos[dst] == -1:
                hits.add(dst)
        pos = _step(pos, src, dst)
    return frozenset(hits)


def _bear_off_die(pos: Sequence[int], src: int, left: list[int]) -> int | IllegalAction:
    """The die that bears a man off from ``src``: the exact one, else a higher one if no man of
    the mover stands on a higher point."""
    if src in left:
        return src
    higher = sorted(d for d in left if d > src)
    if not higher:
        return IllegalAction(f"no die left bears a man off from point {src} "
                             f"(it needs a {src} or more)", R_BEARING)
    above = [p for p in range(src + 1, 7) if pos[p] > 0]
    if above:
        return IllegalAction(f"a {higher[0]} bears off from point {src} only when no man stands "
                             f"on a higher point; point {max(above)} has one", R_BEARING)
    return higher[0]


def _path(pos: Sequence[int], src: int, dst: int,
          left: list[int]) -> list[tuple[int, int, int]] | IllegalAction:
    """The single-die hops that take a man from ``src`` to ``dst`` with the dice ``left``, each
    landing on an open point; else the reason none does."""
    distance = src - dst
    if distance in left:
        if pos[dst] < -1:
            return IllegalAction(f"point {dst} is held by {-pos[dst]} of the adversary's men: a "
                                 f"man may land only on a point with at most one of them", R_BLOTS)
        return [(src, dst, distance)]
    blocked: int | None = None
    for combo in _dice_orders(left):
        total = 0
        hops: list[tuple[int, int, int]] = []
        at = src
        ok = True
        for die in combo:
            total += die
            nxt = src - total
            if nxt < dst:
                ok = False
                break
            if pos[nxt] < -1:
                blocked = nxt
                ok = False
                break
            hops.append((at, nxt, die))
            at = nxt
            if nxt == dst:
                break
        if ok and at == dst:
            return hops
    if blocked is not None:
        return IllegalAction(f"the way from {src} to {dst} is barred: point {blocked} is held by "
                             "two or more of the adversary's men", R_BLOTS)
    dice = " and ".join(str(d) for d in sorted(set(left), reverse=True)) or "nothing"
    return IllegalAction(f"no die of the throw moves a man from {_point_text(src)} to "
                         f"{_point_text(dst)} ({src - dst} points; the dice left: {dice})",
                         R_MOVING)


def _dice_orders(left: list[int]) -> list[tuple[int, ...]]:
    from itertools import permutations
    return sorted(set(permutations(left)), reverse=True)


def _used_die(state: BackgammonState, play: Play) -> int:
    """The die a one-hop play uses (for the larger-die law)."""
    src, dst = play.hops[0]
    if dst == OFF:
        return src if src in state.dice else max(state.dice)
    return src - dst


GAME = Backgammon()
