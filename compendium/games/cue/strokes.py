"""The quantised strokes and places of the games of the cue, their text, and the lazy sequences of
them that ``legal_actions`` returns.

A stroke is an angle in hundredths of a degree, a strength in whole per cent and the tip on a
five-by-five grid: 36,000 × 100 × 25 = 90 million strokes, every one legal.  A ball in hand is
placed on a millimetre grid.  Neither set is ever listed: ``StrokeSpace`` and ``PlaceSpace`` are
``Sequence``s that compute their n-th element and answer ``in`` by arithmetic, so that the random
player (``legal[gen.below(len(legal))]``), the check of a move against the legal ones and the
computer's sampling cost nothing.
"""
from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

from ...core.errors import NotationError, excerpt
from . import table as T
from .physics import Stroke

ANGLES = 36000
POWERS = 100
TIPS = 5            # height and side each run from -2 to 2
TIP_WORDS = {"height": ("low", "high"), "side": ("left", "right")}


@dataclass(frozen=True, slots=True)
class Strike:
    """Strike the cue ball."""

    stroke: Stroke


@dataclass(frozen=True, slots=True)
class Place:
    """Place a ball in hand, at (x, y) in millimetres (x up the table from the bottom cushion,
    y across from the right cushion)."""

    x: int
    y: int

    @property
    def metres(self) -> tuple[float, float]:
        return self.x / 1000.0, self.y / 1000.0


def strike_to_str(stroke: Stroke) -> str:
    words = [f"strike {stroke.angle // 100}.{stroke.angle % 100:02d} p{stroke.power}"]
    if stroke.height:
        words.append(f"{'high' if stroke.height > 0 else 'low'}{abs(stroke.height)}")
    if stroke.side:
        words.append(f"{'right' if stroke.side > 0 else 'left'}{abs(stroke.side)}")
    return " ".join(words)


_STRIKE = re.compile(r"strike (\d{1,3})\.(\d\d) p(\d{1,3})((?: (?:high|low|left|right)[12])*)")
_PLACE = re.compile(r"place (\d{1,4}) (\d{1,4})")


def action_to_str(action: Any) -> str:
    if isinstance(action, Strike):
        return strike_to_str(action.stroke)
    if isinstance(action, Place):
        return f"place {action.x} {action.y}"
    raise NotationError(f"not an action of a game of the cue: {excerpt(action)}")


def action_from_str(text: str) -> Strike | Place:
    """The action a text names; ``NotationError`` quoting it when it names none."""
    if not isinstance(text, str):
        raise NotationError(f"not an action: {excerpt(text)}")
    words = " ".join(text.split())
    m = _STRIKE.fullmatch(words)
    if m:
        angle = int(m[1]) * 100 + int(m[2])
        power = int(m[3])
        height = side = 0
        seen: set[str] = set()
        for word in m[4].split():
            kind, n = word[:-1], int(word[-1])
            axis = "height" if kind in ("high", "low") else "side"
            if axis in seen:
                raise NotationError(f"two {axis}s in {excerpt(text)}")
            seen.add(axis)
            value = n if kind in ("high", "right") else -n
            if axis == "height":
                height = value
            else:
                side = value
        if angle >= ANGLES or not 1 <= power <= POWERS:
            raise NotationError(f"the angle runs from 0.00 to 359.99 and the strength from p1 to p100: "
                                f"{excerpt(text)}")
        return Strike(Stroke(angle, power, height, side))
    m = _PLACE.fullmatch(words)
    if m:
        return Place(int(m[1]), int(m[2]))
    raise NotationError(f"not a stroke ('strike 12.50 p40 high1 left2') nor a place ('place 700 934'): "
                        f"{excerpt(text)}")


class StrokeSpace(Sequence[Strike]):
    """Every stroke, in order of angle, then strength, then height, then side."""

    lazy = True     # the table and the worker keep it as it is, never make a list of it

    _SIZE = ANGLES * POWERS * TIPS * TIPS

    def __len__(self) -> int:
        return self._SIZE

    @overload
    def __getitem__(self, i: int) -> Strike: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Strike]: ...

    def __getitem__(self, i: int | slice) -> Strike | Sequence[Strike]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._SIZE))]
        if i < 0:
            i += self._SIZE
        if not 0 <= i < self._SIZE:
            raise IndexError(i)
        i, side = divmod(i, TIPS)
        i, height = divmod(i, TIPS)
        angle, power = divmod(i, POWERS)
        return Strike(Stroke(angle, power + 1, height - 2, side - 2))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Strike) or not isinstance(action.stroke, Stroke):
            return False
        s = action.stroke
        return (0 <= s.angle < ANGLES and 1 <= s.power <= POWERS and -2 <= s.height <= 2
                and -2 <= s.side <= 2)

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        if action not in self:
            raise ValueError(action)
        s = action.stroke
        return ((s.angle * POWERS + s.power - 1) * TIPS + s.height + 2) * TIPS + s.side + 2

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StrokeSpace)

    def __hash__(self) -> int:
        return hash(StrokeSpace)

    def __repr__(self) -> str:
        return "StrokeSpace()"


def free_of(x: float, y: float, others: Sequence[tuple[float, float]]) -> bool:
    """Is a ball at (x, y) clear of the balls at ``others``?"""
    touch = 2 * T.BALL_RADIUS
    return all((x - ox) ** 2 + (y - oy) ** 2 >= touch * touch for ox, oy in others)


class PlaceSpace(Sequence[Place]):
    """Every millimetre point of the D where a ball in hand may be put: inside the D or on its
    lines, and clear of the balls on the table.  Rows of equal x; each row a few runs of y."""

    lazy = True

    def __init__(self, others: Sequence[tuple[float, float]]) -> None:
        self.others = tuple(others)
        runs: list[tuple[int, int, int]] = []       # (x, first y, last y), in order
        bx, cy, r = T.BAULK_X * 1000, T.CENTRE_Y * 1000, T.D_RADIUS * 1000
        touch = 2 * T.BALL_RADIUS * 1000
        for x in range(math.ceil(bx - r), math.floor(bx) + 1):
            half = math.sqrt(max(0.0, r * r - (bx - x) ** 2))
            lo, hi = math.ceil(cy - half), math.floor(cy + half)
            cuts: list[tuple[int, int]] = []
            for ox, oy in self.others:
                dx = x - ox * 1000
                if abs(dx) < touch:
                    w = math.sqrt(touch * touch - dx * dx)
                    # the points strictly closer than ``touch``: excluded
                    cuts.append((math.floor(oy * 1000 - w) + 1, math.ceil(oy * 1000 + w) - 1))
            pieces = [(lo, hi)]
            for a, b in sorted(cuts):
                nxt = []
                for p, q in pieces:
                    if b < p or a > q:
                        nxt.append((p, q))
                        continue
                    if p < a:
                        nxt.append((p, a - 1))
                    if b < q:
                        nxt.append((b + 1, q))
                pieces = nxt
            runs.extend((x, p, q) for p, q in pieces if p <= q)
        self._runs = runs
        self._starts: list[int] = []
        total = 0
        for _, p, q in runs:
            self._starts.append(total)
            total += q - p + 1
        self._size = total

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, i: int) -> Place: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Place]: ...

    def __getitem__(self, i: int | slice) -> Place | Sequence[Place]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._size))]
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError(i)
        k = bisect_right(self._starts, i) - 1
        x, p, _ = self._runs[k]
        return Place(x, p + i - self._starts[k])

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Place) or not isinstance(action.x, int) or not isinstance(action.y, int):
            return False
        x, y = action.metres
        return T.in_d(x, y) and free_of(x, y, self.others)

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        if action not in self:
            raise ValueError(action)
        for k, (x, p, q) in enumerate(self._runs):
            if x == action.x and p <= action.y <= q:
                return self._starts[k] + action.y - p
        raise ValueError(action)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlaceSpace) and other.others == self.others

    def __hash__(self) -> int:
        return hash(self.others)
