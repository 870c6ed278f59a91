"""What Pool and Snooker Pool share: many balls named by colour, any number of players, a ball in
hand placed in the D, and the spots a ball is put back on.

Ball names are a colour word, with a number after it where a set has several balls of that colour
(``red1`` .. ``red15`` at Snooker Pool); the table colours a ball by the word.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from ...core.errors import IllegalAction
from . import strokes as K
from . import table as T
from .strokes import Place

Pos = tuple[float, float]


def rounded(p: Pos) -> Pos:
    """A position kept to a tenth of a millimetre (as the simulation returns them)."""
    return (round(p[0], 4), round(p[1], 4))


def colour_word(name: str) -> str:
    """The colour of a ball from its name: ``red12`` is red."""
    return name.rstrip("0123456789")


def occupied(spot: Pos, balls: Sequence[Pos | None]) -> bool:
    """Would a ball put on ``spot`` touch one of ``balls``?"""
    touch = 2 * T.BALL_RADIUS
    return any(p is not None and (p[0] - spot[0]) ** 2 + (p[1] - spot[1]) ** 2 < touch * touch
               for p in balls)


def check_place(action: Place, balls: Sequence[Pos | None], rule: str) -> Pos:
    """The position a ball in hand is put at, or ``IllegalAction`` citing ``rule``: a place in
    whole millimetres, within the D or on its lines, and clear of the balls on the table."""
    if not isinstance(action.x, int) or not isinstance(action.y, int):
        raise IllegalAction("a place is given in whole millimetres", rule)
    x, y = action.metres
    if not T.in_d(x, y):
        raise IllegalAction("a ball in hand is placed within the D or on its lines", rule)
    if not K.free_of(x, y, [p for p in balls if p is not None]):
        raise IllegalAction("a ball in hand cannot be placed on another ball", rule)
    return (x, y)


def place_space(balls: Sequence[Pos | None]) -> K.PlaceSpace:
    return K.PlaceSpace([p for p in balls if p is not None])


def distance(a: Pos, b: Pos) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def spot_up_the_table(spot: Pos, balls: Sequence[Pos | None]) -> Pos:
    """The first free place on the table's long middle line from ``spot`` towards the top cushion,
    then back towards the baulk end (a ball whose spots are all covered goes as near its own as
    it can)."""
    step = 0.002
    x = spot[0]
    while x <= T.LENGTH - T.BALL_RADIUS:
        if not occupied((x, spot[1]), balls):
            return rounded((x, spot[1]))
        x += step
    x = spot[0]
    while x >= T.BALL_RADIUS:
        if not occupied((x, spot[1]), balls):
            return rounded((x, spot[1]))
        x -= step
    return rounded(spot)     # never met: the middle line has room for seventy balls

