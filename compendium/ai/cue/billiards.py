"""The computer at English Billiards, at three strengths: it searches strokes with the physics.

Candidate strokes come from the geometry of the table: for each object ball, the *ghost ball*
aims that send it to each pocket (winning hazards), and aims at a spread of fractions of the ball
(full, three-quarter, half, quarter, fine, both sides: the losing hazards and cannons come from
these), each at a few strengths; every candidate is played on a copy of the table
(``physics.simulate``) and judged by the game's own laws (``billiards.judge``).

* Level 1 tries the fewest candidates, at one strength, and its cue arm wavers (up to 0.4° off
  the line it chose, and a little off the strength).
* Level 2 tries nine fractions at three strengths and the pots at two, and places its ball in
  hand at the best of three places of the D.
* Level 3 tries more fractions, five places in the D, refines the best few strokes with follow,
  screw and small turns of the aim, and weighs where the balls come to rest (the cue ball near the red and not on
  a cushion: position for the next stroke).

A player sees the view only (the table hides nothing); its wavering is seeded from the view, so a
decision is repeatable.
"""
from __future__ import annotations

import math
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.rng import SplitMix64
from ...games.cue import table as T
from ...games.cue.billiards import BALLS, BilliardsState, judge
from ...games.cue.physics import Stroke, simulate
from ...games.cue.strokes import Place, Strike
from ..base import PlayerAI

FRACTIONS = {1: (0.0, 0.5, -0.5), 2: (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 0.9, -0.9),
             3: (0.0, 0.25, -0.25, 0.4, -0.4, 0.5, -0.5, 0.6, -0.6, 0.75, -0.75, 0.9, -0.9)}
POWERS = {1: (35,), 2: (25, 45, 70), 3: (22, 40, 65)}
POT_POWERS = {1: (35,), 2: (30, 50), 3: (25, 40, 60)}
# The seconds a level may spend on one decision: the candidates are tried in order (the pots and
# the middle fractions first) until they are spent, so a loaded machine plays a little weaker
# rather than slower (level 3 shoots within two seconds).
BUDGET = {1: 0.4, 2: 0.8, 3: 1.6}
WOBBLE = 40          # level 1's cue arm: up to 0.4° off its line
PLACES = {1: ((0.0, 0.0),), 2: ((0.0, 0.0), (-0.1, 0.2), (-0.1, -0.2)),
          3: ((0.0, 0.0), (-0.05, 0.26), (-0.05, -0.26), (-0.15, 0.15), (-0.15, -0.15))}


def _angle(dx: float, dy: float) -> int:
    return round(math.degrees(math.atan2(dy, dx)) * 100) % 36000


def candidates(state: BilliardsState, level: int) -> list[Stroke]:
    """The strokes worth trying from ``state`` (the striker's ball on the table)."""
    cue = state.balls[state.turn]
    assert cue is not None
    cx, cy = cue
    out: list[Stroke] = []
    seen: set[tuple[int, int, int]] = set()

    def add(angle: int, power: int, height: int = 0) -> None:
        key = (angle, power, height)
        if key not in seen:
            seen.add(key)
            out.append(Stroke(angle, power, height, 0))

    def pots(ox: float, oy: float) -> None:
        for pocket in T.POCKETS:
            px, py = pocket.x, pocket.y
            to_p = math.hypot(px - ox, py - oy)
            gx = ox - (px - ox) / to_p * 2 * T.BALL_RADIUS       # the ghost ball
            gy = oy - (py - oy) / to_p * 2 * T.BALL_RADIUS
            ax, ay = gx - cx, gy - cy
            # the cut: the angle between the cue ball's line and the object ball's
            cos_cut = (ax * (px - ox) + ay * (py - oy)) / (math.hypot(ax, ay) * to_p + 1e-12)
            if cos_cut < 0.2:
                continue
            for power in POT_POWERS[level]:
                add(_angle(ax, ay), power)

    objects = [pos for name, pos in zip(BALLS, state.balls) if pos is not None and name != BALLS[state.turn]]
    for ox, oy in objects:
        pots(ox, oy)
    for ox, oy in objects:
        d = math.hypot(ox - cx, oy - cy)
        if d < 2 * T.BALL_RADIUS:
            continue
        base = math.atan2(oy - cy, ox - cx)
        for f in FRACTIONS[level]:
            # aim the cue ball's centre f ball-widths to one side of the object ball's centre
            off = math.asin(max(-1.0, min(1.0, f * 2 * T.BALL_RADIUS / d)))
            for power in POWERS[level]:
                add(_angle(math.cos(base + off), math.sin(base + off)), power)
    return out


def position_value(state: BilliardsState, final: dict[str, tuple[float, float] | None], cue: str) -> float:
    """How well the balls are left for the next stroke (level 3): the cue ball near the red and
    off the cushions; the red itself off the cushions."""
    me = final.get(cue)
    red = final.get("red")
    if me is None or red is None:
        return 0.3        # in hand next: the D gives a fair choice
    d = math.hypot(me[0] - red[0], me[1] - red[1])
    value = 1.0 - min(d, 2.0) / 2.0
    for x, y in (me, red):
        if min(x, y, T.LENGTH - x, T.WIDTH - y) < 0.06:
            value -= 0.25
    return value


@dataclass
class BilliardsPlayer:
    level: int = 2

    def score(self, state: BilliardsState, stroke: Stroke) -> float:
        shot = simulate(state.on_table(), state.cue_ball(), stroke, model=1)
        verdict = judge(state, shot)
        value = float(verdict.striker_points - 1.5 * verdict.opponent_points)
        if self.level >= 3 and verdict.striker_points and not verdict.foul:
            value += 0.8 * position_value(state, shot.final, state.cue_ball())
        return value

    def best(self, state: BilliardsState, limit: int | None = None,
             deadline: float | None = None) -> tuple[float, Stroke]:
        cands = candidates(state, self.level)
        if limit is not None:
            cands = cands[::max(1, len(cands) // limit)]
        start = time.perf_counter()
        if deadline is None:
            deadline = start + BUDGET[self.level]
        search_end = start + (deadline - start) * 0.8      # the rest for the refinement
        scored = []
        for i, s in enumerate(cands):
            if scored and time.perf_counter() > search_end:
                break
            scored.append((self.score(state, s), i, s))
        scored.sort(key=lambda t: (-t[0], t[1]))
        if self.level >= 3 and limit is None:
            # refine the best few: follow and screw, and small turns of the aim either way
            refined = []
            for value, i, s in scored[:6]:
                if time.perf_counter() > deadline:
                    break
                tries = [Stroke(s.angle, s.power, h, 0) for h in (2, -2)]
                tries += [Stroke((s.angle + turn) % 36000, s.power, 0, 0) for turn in (-20, 20)]
                for t in tries:
                    refined.append((self.score(state, t), len(cands) + len(refined), t))
            scored = sorted(scored + refined, key=lambda t: (-t[0], t[1]))
        return scored[0][0], scored[0][2]

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        s: BilliardsState = view
        gen = SplitMix64(zlib.crc32(repr((s.balls, s.scores, s.strokes, s.turn)).encode()))
        if s.in_hand():
            return self.place(s, legal)
        _, stroke = self.best(s)
        if self.level == 1:
            wobble = gen.below(2 * WOBBLE + 1) - WOBBLE
            power = max(1, min(100, stroke.power + gen.below(11) - 5))
            stroke = Stroke((stroke.angle + wobble) % 36000, power, stroke.height, stroke.side)
        action = Strike(stroke)
        return action if action in legal else legal[0]

    def place(self, s: BilliardsState, legal: Sequence[Any]) -> Any:
        """The place in the D from which the best stroke (searched coarsely) is on."""
        best: tuple[float, int, Place] | None = None
        start = time.perf_counter()
        share = BUDGET[self.level] / len(PLACES[self.level])
        for k, (dx, dy) in enumerate(PLACES[self.level]):
            place = Place(math.floor((T.BAULK_X + dx) * 1000), round((T.CENTRE_Y + dy) * 1000))
            if place not in legal:
                continue
            if len(PLACES[self.level]) == 1:
                return place
            balls = list(s.balls)
            balls[s.turn] = place.metres
            trial = BilliardsState(s.target, s.spot_rule, tuple(balls), s.turn, True,   # type: ignore[arg-type]
                                   s.scores)
            value, _ = self.best(trial, limit=20, deadline=start + share * (k + 1))
            if best is None or (value, -k) > (best[0], -best[1]):
                best = (value, k, place)
        if best is not None:
            return best[2]
        return legal[len(legal) // 2] if len(legal) else None


class BilliardsAI(PlayerAI):
    def hint(self, game: Any, state: Any, seat: int) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return self.player(game, self.hint_level).choose(game, game.view(state, seat), legal)


AI = BilliardsAI(BilliardsPlayer)
