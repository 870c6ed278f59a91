"""The computer at Snooker Pool, at three strengths: the shared stroke search (``ai/cue/search.py``)
with each stroke valued by the game's own laws (``snooker_pool.judge``).

With twenty-two balls a stroke takes several times as long to simulate as at Billiards, so the
search ranks the pots of the balls on before it plays any (the cut, the distances, nothing in the
way) and tries the easiest first, then contacts on the nearest balls on (the safe strokes).  A
stroke is worth its points less its penalty; from level 2 a pot is worth more when it leaves the
white well for the next ball on (weighted by that ball's value), and a stroke that ends the turn
less when it leaves the next player an easy pot.

* Level 1 tries the four easiest pots and the nearest ball on's contacts at one strength, and its
  cue arm wavers (up to 0.8° off its line).
* Level 2 tries the ten easiest pots at two strengths and the two nearest balls' contacts.
* Level 3 tries sixteen pots at three strengths, refines the best few with follow, screw and
  small turns of the aim, and chooses among five places in the D.
"""
from __future__ import annotations

import math
from typing import Any, ClassVar

from ...games.cue import table as T
from ...games.cue.physics import ShotResult, Stroke
from ...games.cue.snooker_pool import COLOURS, REDS, SnookerState, judge, value
from ..base import PlayerAI
from .search import CueAI, Pos, StrokeSearch, aim_angle


def open_pots(white: Pos, balls: dict[str, Pos], on: list[str]) -> list[tuple[float, str]]:
    """The pots of the balls ``on`` from ``white`` that no ball blocks: (ease, ball), the ease the
    cut's cosine over the length of the runs."""
    out = []
    touch2 = (2 * T.BALL_RADIUS) ** 2 * 0.98
    for name in on:
        obj = balls.get(name)
        if obj is None:
            continue
        others = [p for n, p in balls.items() if n not in (name, "white")]
        for pocket in T.POCKETS:
            to_p = math.hypot(pocket.x - obj[0], pocket.y - obj[1])
            gx = obj[0] - (pocket.x - obj[0]) / to_p * 2 * T.BALL_RADIUS
            gy = obj[1] - (pocket.y - obj[1]) / to_p * 2 * T.BALL_RADIUS
            to_g = math.hypot(gx - white[0], gy - white[1]) or 1e-9
            cos_cut = ((gx - white[0]) * (pocket.x - obj[0]) + (gy - white[1]) * (pocket.y - obj[1])) / (to_g * to_p)
            if cos_cut < 0.3:
                continue
            if any(_near_segment(p, white, (gx, gy), touch2) or _near_segment(p, obj, (pocket.x, pocket.y), touch2)
                   for p in others):
                continue
            out.append((cos_cut * cos_cut / (1.0 + to_g + to_p), name))
    return sorted(out, key=lambda t: (-t[0], t[1]))


def _near_segment(p: Pos, a: Pos, b: Pos, limit2: float) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy or 1e-12
    u = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    cx, cy = a[0] + u * dx - p[0], a[1] + u * dy - p[1]
    return cx * cx + cy * cy < limit2


def best_left(white: Pos | None, balls: dict[str, Pos], on: list[str]) -> float:
    """The value of the best open pot the white is left on ``on`` (0: none)."""
    if white is None:
        return 0.0
    return max((ease * value(name) for ease, name in open_pots(white, balls, on)[:6]), default=0.0)


class SnookerPlayer(StrokeSearch):
    POT_LIMIT: ClassVar[dict[int, int] | None] = {1: 4, 2: 10, 3: 16}
    FRACTION_BALLS: ClassVar[dict[int, int] | None] = {1: 1, 2: 2, 3: 2}
    FRACTIONS: ClassVar[dict[int, tuple[float, ...]]] = {1: (0.9,), 2: (0.9, -0.9, 0.0),
                                                         3: (0.9, -0.9, 0.0, 0.6, -0.6)}
    POWERS: ClassVar[dict[int, tuple[int, ...]]] = {1: (15,), 2: (15,), 3: (12, 25)}
    POT_POWERS: ClassVar[dict[int, tuple[int, ...]]] = {1: (35,), 2: (28, 45), 3: (22, 35, 55)}
    # level 3 within two seconds: a stroke among 22 balls takes up to 0.15 s to simulate
    BUDGET: ClassVar[dict[int, float]] = {1: 0.4, 2: 0.8, 3: 1.3}
    # level 1's cue arm: up to 0.8° off its line (at 0.4° it still pocketed two first strokes in
    # three from the measuring positions: open pots on this table are not hard)
    WOBBLE: ClassVar[dict[int, int]] = {1: 80, 2: 0, 3: 0}

    def targets(self, game: Any, state: SnookerState) -> list[Pos]:
        return [p for p in (state.position(b) for b in state.balls_on()) if p is not None]

    def value(self, game: Any, state: SnookerState, shot: ShotResult) -> float:
        verdict = judge(state, shot)
        if verdict.penalty:
            return -self.PENALTY_WEIGHT * verdict.penalty
        points = float(verdict.points)
        if self.level < 2:
            return points
        balls = {n: p for n, p in shot.final.items() if p is not None}
        white = shot.final.get("white")
        reds = [n for n in REDS if n in balls]
        if points:
            # the next ball on: a colour after a red; a red (or the yellow) after a colour
            if state.on == "red":
                nxt = [c for c in COLOURS if c in balls]
            elif state.on == "colour":
                nxt = reds or ["yellow"]
            else:
                i = COLOURS.index(state.on)
                nxt = [COLOURS[i + 1]] if i + 1 < len(COLOURS) else []
            return points + 0.5 * best_left(white, balls, nxt)
        # the turn ends: what the next player is left, on a red (or the colour in order)
        return -0.3 * best_left(white, balls, reds or [state.on if state.on in COLOURS else "yellow"])

    def position(self, game: Any, state: SnookerState, shot: ShotResult) -> float:
        return 0.0          # the leave is already in ``value``

    def candidates(self, game: Any, state: SnookerState) -> list[Stroke]:
        cands = super().candidates(game, state)
        if not cands:       # snookered on every side: straight at the nearest ball on
            white = state.balls[0]
            targets = self.targets(game, state)
            if white is not None and targets:
                t = min(targets, key=lambda p: math.hypot(p[0] - white[0], p[1] - white[1]))
                cands = [Stroke(aim_angle(t[0] - white[0], t[1] - white[1]), 30)]
        return cands


class SnookerAI(CueAI, PlayerAI):
    pass


AI = SnookerAI(SnookerPlayer)
