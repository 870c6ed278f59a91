"""The stroke search the computer players of the cue share: candidate strokes from the geometry of
the table, each played on a copy of the table (``physics.simulate``, inside the game's own
``score``) within a time budget, the best few refined.

* ``pot_aims``: the *ghost ball* aims that send an object ball to each pocket (the cue ball's centre
  aimed where it must be at the moment of contact), leaving out cuts finer than about 78°;
* ``fraction_aims``: aims at a spread of fractions of an object ball (full, half, fine, either
  side), the source of cannons, losing hazards, safe contacts;
* ``path_clear``: whether a ball could run straight from one point to another without touching any
  other ball (to leave out pots that a ball stands in the way of, before simulating them);
* ``search_strokes``: try the candidates in order until the budget is spent, then (when asked)
  refine the best few with follow, screw and small turns of the aim.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...core.rng import SplitMix64
from ...games.cue import table as T
from ...games.cue.physics import Stroke
from ..base import PlayerAI

Pos = tuple[float, float]


def aim_angle(dx: float, dy: float) -> int:
    """The stroke's angle (hundredths of a degree) of the direction (dx, dy)."""
    return round(math.degrees(math.atan2(dy, dx)) * 100) % 36000


def ghost(obj: Pos, pocket: Pos) -> Pos:
    """Where the cue ball's centre must be when it strikes ``obj`` to send it to ``pocket``."""
    ox, oy = obj
    px, py = pocket
    to_p = math.hypot(px - ox, py - oy) or 1e-9
    return (ox - (px - ox) / to_p * 2 * T.BALL_RADIUS, oy - (py - oy) / to_p * 2 * T.BALL_RADIUS)


def cut_cosine(cue: Pos, obj: Pos, pocket: Pos) -> float:
    """The cosine of the cut: the angle between the cue ball's line to the ghost ball and the
    object ball's line to the pocket (1: a straight pot)."""
    gx, gy = ghost(obj, pocket)
    ax, ay = gx - cue[0], gy - cue[1]
    bx, by = pocket[0] - obj[0], pocket[1] - obj[1]
    return (ax * bx + ay * by) / (math.hypot(ax, ay) * math.hypot(bx, by) + 1e-12)


def pot_aims(cue: Pos, obj: Pos, min_cos: float = 0.2) -> list[tuple[int, str, float]]:
    """For each pocket into which ``obj`` can be cut from ``cue`` (a cut whose cosine is at least
    ``min_cos``): the angle of aim, the pocket's name and the cut's cosine."""
    out = []
    for pocket in T.POCKETS:
        c = cut_cosine(cue, obj, (pocket.x, pocket.y))
        if c < min_cos:
            continue
        gx, gy = ghost(obj, (pocket.x, pocket.y))
        out.append((aim_angle(gx - cue[0], gy - cue[1]), pocket.name, c))
    return out


def fraction_aims(cue: Pos, obj: Pos, fractions: Iterable[float]) -> list[int]:
    """The angles that aim the cue ball's centre ``f`` ball-widths to one side of ``obj``'s centre,
    for each fraction ``f`` (0: full; ±0.5: half-ball; ±0.9: fine)."""
    d = math.hypot(obj[0] - cue[0], obj[1] - cue[1])
    if d < 2 * T.BALL_RADIUS:
        return []
    base = math.atan2(obj[1] - cue[1], obj[0] - cue[0])
    out = []
    for f in fractions:
        off = math.asin(max(-1.0, min(1.0, f * 2 * T.BALL_RADIUS / d)))
        out.append(aim_angle(math.cos(base + off), math.sin(base + off)))
    return out


def path_clear(a: Pos, b: Pos, others: Iterable[Pos]) -> bool:
    """Could a ball run straight from ``a`` to ``b`` without touching a ball at ``others``?"""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    touch2 = (2 * T.BALL_RADIUS) ** 2
    for ox, oy in others:
        t = ((ox - a[0]) * dx + (oy - a[1]) * dy) / length2 if length2 else 0.0
        t = max(0.0, min(1.0, t))
        cx, cy = a[0] + t * dx - ox, a[1] + t * dy - oy
        if cx * cx + cy * cy < touch2 * 0.98:
            return False
    return True


def pot_is_open(cue: Pos, obj: Pos, pocket: Pos, others: Sequence[Pos]) -> bool:
    """Neither the cue ball's path to the ghost ball nor the object ball's to the pocket is
    blocked by another ball (``others``: every ball but the two)."""
    return path_clear(cue, ghost(obj, pocket), others) and path_clear(obj, pocket, others)


class Candidates:
    """Candidate strokes in the order they are added, each once."""

    def __init__(self) -> None:
        self.strokes: list[Stroke] = []
        self._seen: set[tuple[int, int, int]] = set()

    def add(self, angle: int, power: int, height: int = 0) -> None:
        key = (angle, power, height)
        if key not in self._seen:
            self._seen.add(key)
            self.strokes.append(Stroke(angle, power, height, 0))

    def __len__(self) -> int:
        return len(self.strokes)


def search_strokes(cands: Sequence[Stroke], score: Callable[[Stroke], float], start: float, deadline: float,
                   refine: bool = False) -> tuple[float, Stroke]:
    """The best of ``cands`` by ``score`` (ties to the earlier), trying them in order until four
    fifths of the time to ``deadline`` is spent; with ``refine``, the best six are tried again
    with follow, screw and a fifth of a degree either way in the time left."""
    search_end = start + (deadline - start) * 0.8
    scored: list[tuple[float, int, Stroke]] = []
    for i, s in enumerate(cands):
        if scored and time.perf_counter() > search_end:
            break
        scored.append((score(s), i, s))
    scored.sort(key=lambda t: (-t[0], t[1]))
    if refine:
        refined: list[tuple[float, int, Stroke]] = []
        for _, _, s in scored[:6]:
            if time.perf_counter() > deadline:
                break
            tries = [Stroke(s.angle, s.power, h, 0) for h in (2, -2)]
            tries += [Stroke((s.angle + turn) % 36000, s.power, 0, 0) for turn in (-20, 20)]
            for t in tries:
                if time.perf_counter() > deadline:
                    break
                refined.append((score(t), len(cands) + len(refined), t))
        scored = sorted(scored + refined, key=lambda t: (-t[0], t[1]))
    return scored[0][0], scored[0][2]


def waver(stroke: Stroke, gen: SplitMix64, wobble: int) -> Stroke:
    """A beginner's cue arm: up to ``wobble`` hundredths of a degree off the line, and up to five
    per cent off the strength."""
    turn = gen.below(2 * wobble + 1) - wobble
    power = max(1, min(100, stroke.power + gen.below(11) - 5))
    return Stroke((stroke.angle + turn) % 36000, power, stroke.height, stroke.side)


def near_cushion(p: Pos, margin: float = 0.06) -> bool:
    return min(p[0], p[1], T.LENGTH - p[0], T.WIDTH - p[1]) < margin


def near_pocket(p: Pos, margin: float = 0.2) -> bool:
    return any(math.hypot(p[0] - k.x, p[1] - k.y) < margin for k in T.POCKETS)


class CueAI(PlayerAI):
    """A game of the cue's computer: its player class, and the hint that player's choice."""

    def hint(self, game: Any, state: Any, seat: int) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return self.player(game, self.hint_level).choose(game, game.view(state, seat), legal)
