"""The bagatelle board of the period, in metres, seen from above, and its cups.

x runs up the board from the face of the bottom cushion (the player's end), x = 0, to the top of
the semicircular end, x = LENGTH; y across it from the right-hand cushion's face, y = 0, to the
left's, y = WIDTH (as on the billiard table, ``table.py``).

The figures: the books give a board of six to ten feet, about a quarter as wide as it is long,
its far end a semicircle concentric with the ring of cups, the cups each just the size of a ball,
the black's spot some nine inches short of the 1 and the baulk line some eighteen inches from the
player's end.  We take the common eight-foot board: 8 ft by 2 ft, the semicircle of the board's
half-width, the ring of eight cups 6¾ in from the 9 in the middle, balls of 1½ in, and the spot
for the player's ball 6 in behind the baulk line (our choices where the books give no figure; see
"Sources and decisions" on the rules page).

A cup takes a ball that passes over it slowly enough to sink: a ball whose centre runs a chord
of the cup's mouth drops in if, while its centre is over the mouth, it falls (freely, from the
moment its support goes) half its radius, when the far rim catches it below its centre and holds
it.  Faster, it skims across.  A ball in a cup lies half sunk (its centre at the level of the
cloth), and stays there; a ball rolling against it meets its upper half, as against a low round
post of (√3 - 1) radii round the cup's centre.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

INCH = 0.0254
LENGTH = 96 * INCH                  # 8 ft, to the top of the semicircle
WIDTH = 24 * INCH                   # 2 ft
BALL_RADIUS = 1.5 * INCH / 2        # balls of 1½ in
CUP_RADIUS = BALL_RADIUS            # each cup just the size of a ball
CENTRE_Y = WIDTH / 2
ARC_RADIUS = WIDTH / 2
ARC_X = LENGTH - ARC_RADIUS         # the centre of the semicircle, and of the 9
RING = 6.75 * INCH                  # the ring of cups round the 9
BLACK_SPOT = (ARC_X - RING - 9 * INCH, CENTRE_Y)
BAULK_X = 18 * INCH
BAULK_SPOT = (BAULK_X - 6 * INCH, CENTRE_Y)
MAX_SPEED = 3.0                     # the hardest stroke of the light bagatelle cue, m/s
SINK = 0.5                          # the share of its radius a ball must fall to be held
DROP_TIME = math.sqrt(2 * SINK * BALL_RADIUS / 9.81)
POST_RADIUS = (math.sqrt(3) - 1) * BALL_RADIUS
# The semicircular cushion as straight pieces of about 2.5°: an odd number, so that a ball sent
# straight up the board meets the middle of a piece, not a joint between two.
ARC_SEGMENTS = 71

# The numbers round the ring, from the cup nearest the player (the 1, the black's spot before it)
# going round to the left, up over the top and down the right: 1, 4, 8, 3, 5, 2, 7, 6.
RING_ORDER = (1, 4, 8, 3, 5, 2, 7, 6)


@dataclass(frozen=True, slots=True)
class Cup:
    number: int
    x: float
    y: float

    @property
    def name(self) -> str:
        return f"cup {self.number}"


def _cups() -> tuple[Cup, ...]:
    cups = [Cup(9, ARC_X, CENTRE_Y)]
    for k, number in enumerate(RING_ORDER):
        # k = 0 is straight down the board (towards the player); then round by the left (y up)
        a = math.pi + k * math.pi / 4
        cups.append(Cup(number, round(ARC_X + RING * math.cos(a), 6), round(CENTRE_Y - RING * math.sin(a), 6)))
    return tuple(sorted(cups, key=lambda c: c.number))


CUPS: tuple[Cup, ...] = _cups()          # CUPS[n - 1] is the cup numbered n
CUP_BY_NAME = {cup.name: cup for cup in CUPS}


def cushions() -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    """The bottom cushion, the two sides, and the semicircle as short straight pieces."""
    segs = [((0.0, 0.0), (0.0, WIDTH)), ((0.0, 0.0), (ARC_X, 0.0)), ((0.0, WIDTH), (ARC_X, WIDTH))]
    prev = (ARC_X, 0.0)
    for k in range(1, ARC_SEGMENTS + 1):
        a = -math.pi / 2 + k * math.pi / ARC_SEGMENTS
        point = (ARC_X + ARC_RADIUS * math.cos(a), CENTRE_Y + ARC_RADIUS * math.sin(a))
        segs.append((prev, point))
        prev = point
    return tuple(segs)


_CUSHIONS = cushions()


def on_board(x: float, y: float, margin: float = 0.0) -> bool:
    """Is (x, y) on the cloth, at least ``margin`` inside the cushions?"""
    if not margin <= y <= WIDTH - margin or x < margin:
        return False
    return x <= ARC_X or math.hypot(x - ARC_X, y - CENTRE_Y) <= ARC_RADIUS - margin


def behind_baulk(x: float) -> bool:
    """Is a ball whose centre is at x behind the baulk line (a ball on the line is not)?"""
    return x < BAULK_X


def sinks(cup: Cup, x: float, y: float, vx: float, vy: float) -> bool:
    """Does a ball at (x, y) moving at (vx, vy) drop into ``cup`` (its centre over the mouth and
    slow enough to fall half its radius while it crosses it)?"""
    dx, dy = x - cup.x, y - cup.y
    if dx * dx + dy * dy >= CUP_RADIUS * CUP_RADIUS:
        return False
    speed = math.hypot(vx, vy)
    if speed == 0.0:
        return True
    # the chord its centre runs across the mouth, on its present line
    across = abs(dx * vy - dy * vx) / speed
    chord = 2 * math.sqrt(max(0.0, CUP_RADIUS * CUP_RADIUS - across * across))
    return speed * DROP_TIME <= chord


@dataclass(frozen=True)
class BagatelleBoard:
    """The board for one stroke, ``filled`` the numbers of the cups holding a ball before it (the
    ``Board`` of ``physics.simulate``)."""

    filled: frozenset[int] = frozenset()
    ball_radius: float = BALL_RADIUS
    max_speed: float = MAX_SPEED

    def cushions(self) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
        return _CUSHIONS

    def posts(self) -> tuple[tuple[float, float, float], ...]:
        return tuple((CUPS[n - 1].x, CUPS[n - 1].y, POST_RADIUS) for n in sorted(self.filled))

    def drop(self, x: float, y: float, vx: float, vy: float,
             taken: set[str]) -> tuple[str, tuple[float, float, float] | None] | None:
        if behind_baulk(x) and vx < 0.0:
            return "baulk", None         # coming back over the baulk line: taken up, dead
        if not on_board(x, y, -BALL_RADIUS):
            return "off", None            # never met: the cushions are closed
        for cup in CUPS:
            if cup.number not in self.filled and cup.name not in taken and sinks(cup, x, y, vx, vy):
                return cup.name, (cup.x, cup.y, POST_RADIUS)
        return None
