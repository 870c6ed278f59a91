"""What Pool and Snooker Pool share beside ``game.py``'s hooks: a ball in hand placed in the D,
checked and listed, and distances on the table."""
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
