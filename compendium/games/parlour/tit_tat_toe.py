"""Tit-Tat-Toe, the blind pencil game of the parlour (Blain, *Games for All Occasions*, 1909) —
not noughts and crosses.

A circle is drawn on a slate and divided into numbered divisions.  Each player in turn shuts his
eyes, circles the pencil over the slate while the rhyme is said, and brings it down on "crown".
Where the point rests decides: in a division not yet struck out, its number is written under his
name and the division is struck; outside the circle, on a line, or in a struck division, nothing.
When every division has been struck the highest total wins.

Chance is modelled honestly: where the pencil comes down is a chance event (``Special.CHANCE``,
recorded in the history like a throw of the dice), so undo never lets a player try again.

* ``hand = "shut"`` (the book): eyes shut, the pencil circling — it comes down anywhere over the
  part of the slate round the figure, whatever the player wished; the player's only action is to
  bring it down (``pencil down``).
* ``hand = "shaky"`` / ``"steady"`` (a variant for skill): the player aims at a division
  (``aim 70``) and the pencil lands about the aim with a scatter that is wide for a shaky hand
  and narrow for a steady one.  Every seat has the same hand; the computer's level decides only
  how well it chooses where to aim.

The figure (the book's drawing is lost; it cites a division marked 70): a circle of radius 1000
(all coordinates are in thousandths of the radius, y upwards) with a centre, "the old man's
crown", worth 100, an inner ring of six divisions (70 to 95) and an outer ring of twelve (5 to
60).  A pencil point within ``LINE`` of a drawn line rests on the line.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind
from ...core.rng import SplitMix64
from ...core.rules import rule_ref
from ..catalogue import BY_ID

RADIUS = 1000
CROWN_R = 200          # the centre, "the old man's crown"
INNER_R = 550          # the inner ring runs from CROWN_R to INNER_R, the outer from INNER_R to RADIUS
LINE = 12              # half the width of a pencil line
SLATE_R = 1250         # eyes shut, the point comes down within this distance of the centre
SCATTER = {"shaky": 330, "steady": 140}   # the spread (standard deviation) of an aimed pencil

CROWN_VALUE = 100
INNER_VALUES = (95, 70, 85, 80, 90, 75)                                  # clockwise from the top
OUTER_VALUES = (60, 5, 45, 20, 35, 30, 55, 10, 40, 25, 50, 15)           # clockwise from the top
# How the rhyme begins and ends (the table shows them while the pencil circles).
RHYME_OPENING = "Tit, tat, toe, my first go"
RHYME_CLOSING = "in the old man's crown!"


@dataclass(frozen=True, slots=True)
class Division:
    """One numbered division of the figure: the ring it lies in and its angular span (degrees,
    clockwise from the top), or the centre."""

    index: int
    value: int
    ring: str                 # "crown", "inner", "outer"
    start: float = 0.0        # degrees clockwise from straight up
    span: float = 360.0

    @property
    def centre(self) -> tuple[int, int]:
        """The middle of the division: where a careful player aims."""
        if self.ring == "crown":
            return (0, 0)
        r = (CROWN_R + INNER_R) / 2 if self.ring == "inner" else (INNER_R + RADIUS) / 2
        a = math.radians(self.start + self.span / 2)
        return (round(r * math.sin(a)), round(r * math.cos(a)))


def _figure() -> tuple[Division, ...]:
    out = [Division(0, CROWN_VALUE, "crown")]
    for k, v in enumerate(INNER_VALUES):
        out.append(Division(len(out), v, "inner", k * 60.0, 60.0))
    for k, v in enumerate(OUTER_VALUES):
        out.append(Division(len(out), v, "outer", k * 30.0, 30.0))
    return tuple(out)


FIGURE: tuple[Division, ...] = _figure()
BY_VALUE = {d.value: d for d in FIGURE}


def locate(x: int, y: int) -> tuple[str, Division | None]:
    """Where a pencil point rests: ("division", d), ("line", None) or ("outside", None)."""
    r = math.hypot(x, y)
    if r > RADIUS + LINE:
        return "outside", None
    for edge in (CROWN_R, INNER_R, RADIUS):
        if abs(r - edge) <= LINE:
            return "line", None
    if r < CROWN_R:
        return "division", FIGURE[0]
    ring = "inner" if r < INNER_R else "outer"
    step = 60.0 if ring == "inner" else 30.0
    angle = math.degrees(math.atan2(x, y)) % 360.0        # clockwise from the top
    k = int(angle // step) % int(360 / step)
    off = angle - k * step
    # the distance from the point to the nearest radial line of its ring
    if min(off, step - off) * math.pi / 180.0 * r <= LINE:
        return "line", None
    first = 1 if ring == "inner" else 1 + len(INNER_VALUES)
    return "division", FIGURE[first + k]


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PencilDown:
    """Eyes shut, the rhyme said, the pencil brought down (the book's game)."""


@dataclass(frozen=True, slots=True)
class Aim:
    """The pencil aimed at a division (the skill variant), named by its number."""

    value: int


@dataclass(frozen=True, slots=True)
class Land:
    """Where the pencil comes down: a chance event, in thousandths of the radius."""

    x: int
    y: int


TTTAction = PencilDown | Aim | Land


@dataclass(frozen=True, slots=True)
class Mark:
    """A pencil mark on the slate and what it did."""

    seat: Seat
    x: int
    y: int
    result: str               # "scored", "line", "outside", "struck"
    value: int = 0            # the division's number (also for a struck one), 0 otherwise
    aim: int | None = None    # the number aimed at, in the skill variant


@dataclass(frozen=True, slots=True)
class TTTState:
    """The whole game: everything lies open on the slate."""

    n: int
    hand: str
    struck: tuple[bool, ...] = (False,) * len(FIGURE)
    scores: tuple[int, ...] = ()
    turn: Seat = 0
    pending: TTTAction | None = None      # the pencil is on its way down (chance to move)
    marks: tuple[Mark, ...] = ()

    @property
    def over(self) -> bool:
        return all(self.struck)


class TitTatToeGame(Game[TTTState, TTTAction, TTTState]):
    info = BY_ID["tit_tat_toe"]
    table_kind = TableKind.TIT_TAT_TOE
    option_specs = (
        OptionSpec("players", 3, (3, 2, 4, 5, 6), "Players"),
        OptionSpec("hand", "shut", ("shut", "shaky", "steady"), "The pencil",
                   help="Eyes shut as the book plays, or aimed with a shaky or steady hand",
                   labels=("Eyes shut (the book)", "Aimed, shaky hand", "Aimed, steady hand")),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def initial_state(self, options: Options | None = None) -> TTTState:
        opts = self.resolve_options(options)
        return TTTState(n=opts["players"], hand=opts["hand"], scores=(0,) * opts["players"])

    def seat_count(self, state: TTTState) -> int:
        return state.n

    def to_move(self, state: TTTState) -> Seat | Special:
        if state.over:
            return Special.TERMINAL
        if state.pending is not None:
            return Special.CHANCE
        return state.turn

    def legal_actions(self, state: TTTState, seat: Seat) -> Sequence[TTTAction]:
        if self.to_move(state) != seat:
            return ()
        if state.hand == "shut":
            return (PencilDown(),)
        return tuple(Aim(d.value) for d in FIGURE)

    def chance_action(self, state: TTTState, seed: int) -> TTTAction:
        """Where the pencil lands.  Eyes shut: anywhere, evenly, within SLATE_R of the centre.
        Aimed: about the aim, with a round normal scatter of the hand's spread."""
        gen = SplitMix64(seed)
        if isinstance(state.pending, Aim):
            cx, cy = BY_VALUE[state.pending.value].centre
            sigma = SCATTER[state.hand]
            # Box-Muller: two independent normal deviates from two uniform numbers
            u1 = max(gen.random(), 1e-12)
            u2 = gen.random()
            rad = math.sqrt(-2.0 * math.log(u1)) * sigma
            return Land(round(cx + rad * math.cos(2 * math.pi * u2)), round(cy + rad * math.sin(2 * math.pi * u2)))
        while True:   # even over the disc: rejection from the square round it
            x = gen.below(2 * SLATE_R + 1) - SLATE_R
            y = gen.below(2 * SLATE_R + 1) - SLATE_R
            if x * x + y * y <= SLATE_R * SLATE_R:
                return Land(x, y)

    def apply(self, state: TTTState, action: TTTAction) -> TTTState:
        if state.over:
            raise IllegalAction("every division is struck out: the game is over", self.ref("the-end-of-the-game"))
        if isinstance(action, Land):
            if state.pending is None:
                raise IllegalAction("the pencil is not coming down: a player must first say the rhyme",
                                    self.ref("the-play"))
            if max(abs(action.x), abs(action.y)) > 4 * RADIUS:
                raise IllegalAction(f"({action.x}, {action.y}) is off the slate", self.ref("the-play"))
            return self._land(state, action)
        if state.pending is not None:
            raise IllegalAction("the pencil is already on its way down", self.ref("the-play"))
        if isinstance(action, PencilDown):
            if state.hand != "shut":
                raise IllegalAction("with an aimed pencil, name the division you aim at",
                                    self.ref("aiming-a-variant"))
            return replace(state, pending=action)
        if isinstance(action, Aim):
            if state.hand == "shut":
                raise IllegalAction("the book's player has his eyes shut: he cannot aim, only bring the "
                                    "pencil down", self.ref("the-play"))
            if action.value not in BY_VALUE:
                raise IllegalAction(f"the figure has no division marked {action.value}", self.ref("the-figure"))
            return replace(state, pending=action)
        raise IllegalAction(f"{action!r} is not an action of Tit-Tat-Toe", self.ref("the-play"))

    def _land(self, state: TTTState, land: Land) -> TTTState:
        where, division = locate(land.x, land.y)
        aim = state.pending.value if isinstance(state.pending, Aim) else None
        seat = state.turn
        scores, struck = list(state.scores), list(state.struck)
        if division is None:
            mark = Mark(seat, land.x, land.y, where, 0, aim)
        elif struck[division.index]:
            mark = Mark(seat, land.x, land.y, "struck", division.value, aim)
        else:
            scores[seat] += division.value
            struck[division.index] = True
            mark = Mark(seat, land.x, land.y, "scored", division.value, aim)
        # every throw, scoring or not, passes the pencil on
        return replace(state, scores=tuple(scores), struck=tuple(struck), pending=None,
                       marks=state.marks + (mark,), turn=(seat + 1) % state.n)

    def outcome(self, state: TTTState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = [s for s in range(state.n) if state.scores[s] == best]
        share = 1.0 if len(winners) == 1 else 0.5
        results = tuple(share if s in winners else 0.0 for s in range(state.n))
        names = " and ".join(self.seat_name(s) for s in winners)
        reason = (f"every division is struck; {names} {'has' if len(winners) == 1 else 'share'} "
                  f"the highest total, {best}")
        return Outcome(results, reason, self.ref("scoring"), scores=state.scores)

    def view(self, state: TTTState, seat: Seat | None) -> TTTState:
        return state   # the slate lies open to all

    # -- text -------------------------------------------------------------------------------
    def action_to_str(self, action: TTTAction) -> str:
        if isinstance(action, PencilDown):
            return "pencil down"
        if isinstance(action, Aim):
            return f"aim {action.value}"
        return f"lands {action.x} {action.y}"

    def action_from_str(self, state: TTTState, text: str) -> TTTAction:
        t = " ".join(text.strip().lower().split())
        if t in ("pencil down", "down", "crown"):
            return PencilDown()
        parts = t.split(" ")
        try:
            if len(parts) == 2 and parts[0] == "aim":
                return Aim(int(parts[1]))
            if len(parts) == 3 and parts[0] == "lands":
                return Land(int(parts[1]), int(parts[2]))
        except ValueError:
            pass
        raise NotationError(f"{text!r} is not an action of Tit-Tat-Toe: expected 'pencil down', "
                            "'aim' and a division's number, or 'lands X Y'")

    def describe(self, state: TTTState, action: TTTAction) -> str:
        who = self.seat_name(state.turn)
        if isinstance(action, PencilDown):
            return f"{who} shuts his eyes, says the rhyme and brings the pencil down"
        if isinstance(action, Aim):
            return f"{who} aims at the {action.value}"
        where, division = locate(action.x, action.y)
        if division is None:
            return f"the pencil rests {'on a line' if where == 'line' else 'outside the circle'}: nothing"
        if state.struck[division.index]:
            return f"the pencil rests in the {division.value}, already struck out: nothing"
        return f"the pencil rests in the {division.value}: {who} scores {division.value}"

    def score_events(self, state: TTTState) -> Sequence[ScoreEvent]:
        return [ScoreEvent(m.seat, m.value, f"{self.seat_name(m.seat)} scores {m.value}", self.ref("scoring"))
                for m in state.marks if m.result == "scored"]


GAME = TitTatToeGame()
