"""The English billiard table of the period, in metres, seen from above.

x runs along the table from the face of the bottom (baulk) cushion, x = 0, to the face of the top
cushion, x = LENGTH; y across it from the left cushion's face, y = 0 (the left as a player in baulk
faces up the table), to the right's, y = WIDTH.  The figures are those of the 1909 *Hoyle*'s
account of the table (12 ft by 6 ft 1½ in, baulk line 29 in, D of 11½ in radius, billiard spot
12¾ in from the top cushion, balls of 2 1/16 in, pockets 3⅝ in across at the fall).

What the book does not give is where the cushions end beside a pocket (the *jaws*): our cushions
stop short of each pocket so that the opening between the two cushion noses is 4½ in across a
corner pocket and 5 in at a middle pocket, wider than the fall, as the curved jaws of a real
pocket are; a ball whose centre passes the line of the cushion faces there has dropped.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

INCH = 0.0254
LENGTH = 144 * INCH                 # 12 ft
WIDTH = 73.5 * INCH                 # 6 ft 1½ in
BALL_RADIUS = 2.0625 * INCH / 2     # 2 1/16 in across
BAULK_X = 29 * INCH                 # the baulk line, from the bottom cushion's face
D_RADIUS = 11.5 * INCH
CENTRE_Y = WIDTH / 2
BILLIARD_SPOT = (LENGTH - 12.75 * INCH, CENTRE_Y)
PYRAMID_SPOT = (LENGTH * 0.75, CENTRE_Y)
CENTRE_SPOT = (LENGTH / 2, CENTRE_Y)
BAULK_CENTRE = (BAULK_X, CENTRE_Y)
POCKET_FALL = 3.625 * INCH
CORNER_MOUTH = 4.5 * INCH           # between the cushion noses, across the corner
MIDDLE_MOUTH = 5.0 * INCH
CORNER_GAP = CORNER_MOUTH / math.sqrt(2)   # how far each cushion stops short of the corner


@dataclass(frozen=True, slots=True)
class Pocket:
    name: str
    x: float
    y: float


# The pockets by the names players give them: the bottom pockets are the baulk end's.
POCKETS: tuple[Pocket, ...] = (
    Pocket("bottom right", 0.0, 0.0), Pocket("middle right", LENGTH / 2, 0.0),
    Pocket("top right", LENGTH, 0.0), Pocket("top left", LENGTH, WIDTH),
    Pocket("middle left", LENGTH / 2, WIDTH), Pocket("bottom left", 0.0, WIDTH),
)


def cushions() -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    """The six straight cushion faces between the pockets, as segments."""
    g, m = CORNER_GAP, MIDDLE_MOUTH / 2
    half = LENGTH / 2
    return (
        ((g, 0.0), (half - m, 0.0)), ((half + m, 0.0), (LENGTH - g, 0.0)),          # right side
        ((g, WIDTH), (half - m, WIDTH)), ((half + m, WIDTH), (LENGTH - g, WIDTH)),  # right side
        ((0.0, g), (0.0, WIDTH - g)),                                                # bottom
        ((LENGTH, g), (LENGTH, WIDTH - g)),                                          # top
    )


def nearest_pocket(x: float, y: float) -> Pocket:
    return min(POCKETS, key=lambda p: (p.x - x) ** 2 + (p.y - y) ** 2)


def in_baulk(x: float, y: float) -> bool:
    """Is a ball at (x, y) in baulk?  A ball on the line counts as in baulk (the period's rule
    that a line ball is in baulk)."""
    return x <= BAULK_X


def in_d(x: float, y: float) -> bool:
    """May a ball in hand be placed here: within the D or on its lines?"""
    dx, dy = BAULK_X - x, y - CENTRE_Y
    return dx >= -1e-9 and dx * dx + dy * dy <= D_RADIUS * D_RADIUS + 1e-9


def on_table(x: float, y: float) -> bool:
    r = BALL_RADIUS
    return r - 1e-9 <= x <= LENGTH - r + 1e-9 and r - 1e-9 <= y <= WIDTH - r + 1e-9
