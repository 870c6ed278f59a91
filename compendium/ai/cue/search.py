"""The computer at the games of the cue: it searches strokes with the physics.

``StrokeSearch`` is the player every game of the cue shares; a game's player subclasses it and
says what a stroke is worth by the game's own laws (``value``), and, for level 3, how well the
balls are left (``position``).  Candidate strokes come from the geometry of the table:

* for each object ball, the *ghost ball* aims that send it to each pocket (the winning hazards),
  ranked by how easy they are (the cut, the distances, nothing in the way) when there are more
  than a level tries (``POT_LIMIT``);
* aims at a spread of fractions of each object ball (full, three-quarter, half, quarter, fine,
  both sides: the losing hazards, cannons and safe strokes come from these), at a few strengths,
  for the nearest ``FRACTION_BALLS`` object balls;

every candidate is played on a copy of the table (``game.simulate_stroke``: the game's own
simulation, so the computer foresees exactly what the game will make of it) and valued; the
candidates are tried in order until the level's time (``BUDGET``) is spent, so a loaded machine
plays a little weaker rather than slower (level 3 shoots within two seconds).

* Level 1 tries the fewest candidates, at one strength, and its cue arm wavers (``WOBBLE``: up to
  0.4° off the line it chose, and a little off the strength).
* Level 2 tries more fractions at three strengths and the pots at two, and places its ball in
  hand at the best of three places of the D.
* Level 3 tries more still, five places in the D, refines the best few strokes with follow,
  screw and small turns of the aim, and adds ``position`` to the value of a scoring stroke.

The hooks a subclass gives: ``value(game, state, shot)`` (required), ``position(game, state,
shot)``, ``targets(game, state)`` (the balls worth aiming at: all object balls by default) and
``with_cue_at(game, state, place)`` (the state with the ball in hand put at a place, to try
strokes from there: a dataclass ``replace`` of ``balls`` by default).  A player sees the view
only; its wavering is seeded from the view, so a decision is repeatable.
"""
from __future__ import annotations

import dataclasses
import math
import time
import zlib
from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.rng import SplitMix64
from ...games.cue import table as T
from ...games.cue.physics import ShotResult, Stroke
from ...games.cue.strokes import Place, Strike

Pos = tuple[float, float]


def aim_angle(dx: float, dy: float) -> int:
    """The stroke's angle (hundredths of a degree) of the direction (dx, dy)."""
    return round(math.degrees(math.atan2(dy, dx)) * 100) % 36000


def _blocked(a: Pos, b: Pos, balls: Sequence[Pos], room: float) -> bool:
    """Does a ball of ``balls`` lie within ``room`` of the segment from ``a`` to ``b``?"""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy or 1e-12
    for px, py in balls:
        u = ((px - ax) * dx + (py - ay) * dy) / length2
        if 0.0 < u < 1.0:
            cx, cy = ax + u * dx - px, ay + u * dy - py
            if cx * cx + cy * cy < room * room:
                return True
    return False


class StrokeSearch:
    """A player of a game of the cue at ``level`` 1 to 3 (see the module's docstring)."""

    FRACTIONS: ClassVar[dict[int, tuple[float, ...]]] = {
        1: (0.0, 0.5, -0.5), 2: (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 0.9, -0.9),
        3: (0.0, 0.25, -0.25, 0.4, -0.4, 0.5, -0.5, 0.6, -0.6, 0.75, -0.75, 0.9, -0.9)}
    POWERS: ClassVar[dict[int, tuple[int, ...]]] = {1: (35,), 2: (25, 45, 70), 3: (22, 40, 65)}
    POT_POWERS: ClassVar[dict[int, tuple[int, ...]]] = {1: (35,), 2: (30, 50), 3: (25, 40, 60)}
    # the seconds a level may spend on one decision
    BUDGET: ClassVar[dict[int, float]] = {1: 0.4, 2: 0.8, 3: 1.6}
    # the cue arm: how far off its line a level's stroke may go (hundredths of a degree) and by
    # how much its strength may vary (per cent); level 1's wavers
    WOBBLE: ClassVar[dict[int, int]] = {1: 40, 2: 0, 3: 0}
    POWER_WOBBLE: ClassVar[dict[int, int]] = {1: 5, 2: 0, 3: 0}
    PLACES: ClassVar[dict[int, tuple[Pos, ...]]] = {
        1: ((0.0, 0.0),), 2: ((0.0, 0.0), (-0.1, 0.2), (-0.1, -0.2)),
        3: ((0.0, 0.0), (-0.05, 0.26), (-0.05, -0.26), (-0.15, 0.15), (-0.15, -0.15))}
    # With many object balls: how many pots (the easiest) and how many balls' fractions (the
    # nearest) a level tries; None: all, in the order of the balls and the pockets.
    POT_LIMIT: ClassVar[dict[int, int] | None] = None
    FRACTION_BALLS: ClassVar[dict[int, int] | None] = None
    PENALTY_WEIGHT: ClassVar[float] = 1.5     # how much worse a point given is than one made

    def __init__(self, level: int = 2) -> None:
        self.level = level

    # -- the game's hooks ------------------------------------------------------------------------
    def value(self, game: Any, state: Any, shot: ShotResult) -> float:
        """What ``shot`` from ``state`` is worth to the striker (points made, less points given
        weighted by ``PENALTY_WEIGHT``).  Every game's player says it (the hook is abstract)."""
        raise NotImplementedError(f"{type(self).__name__} must value a shot for its game")

    def position(self, game: Any, state: Any, shot: ShotResult) -> float:
        """How well the balls are left for the striker's next stroke (level 3), about 0 to 1:
        by default his ball near an object ball and off the cushions."""
        me = shot.final.get(state.cue_ball())
        if me is None:
            return 0.3          # in hand next: the D gives a fair choice
        others = [p for name, p in shot.final.items() if p is not None and name != state.cue_ball()]
        if not others:
            return 0.0
        d = min(math.hypot(me[0] - p[0], me[1] - p[1]) for p in others)
        value = 1.0 - min(d, 2.0) / 2.0
        if min(me[0], me[1], T.LENGTH - me[0], T.WIDTH - me[1]) < 0.06:
            value -= 0.25
        return value

    def targets(self, game: Any, state: Any) -> list[Pos]:
        """The balls worth aiming at (in the order of the balls)."""
        cue = state.cue_ball()
        return [p for name, p in zip(state.names, state.balls) if p is not None and name != cue]

    def with_cue_at(self, game: Any, state: Any, place: Pos) -> Any:
        """``state`` with the striker's ball (in hand) put at ``place``."""
        balls = list(state.balls)
        balls[list(state.names).index(state.cue_ball())] = place
        return dataclasses.replace(state, balls=tuple(balls), from_hand=True)

    # -- the search ------------------------------------------------------------------------------
    def candidates(self, game: Any, state: Any) -> list[Stroke]:
        """The strokes worth trying from ``state`` (the striker's ball on the table)."""
        cue = game.cue_position(state)
        assert cue is not None
        cx, cy = cue
        level = self.level
        out: list[Stroke] = []
        seen: set[tuple[int, int, int]] = set()

        def add(angle: int, power: int, height: int = 0) -> None:
            key = (angle, power, height)
            if key not in seen:
                seen.add(key)
                out.append(Stroke(angle, power, height, 0))

        objects = self.targets(game, state)
        ranked = self.POT_LIMIT is not None
        on_table = [p for p in state.balls if p is not None]
        pots: list[tuple[float, int, int]] = []          # (ease, order, angle)
        for ox, oy in objects:
            others = [p for p in on_table if p != (ox, oy) and p != cue] if ranked else []
            for pocket in T.POCKETS:
                px, py = pocket.x, pocket.y
                to_p = math.hypot(px - ox, py - oy)
                gx = ox - (px - ox) / to_p * 2 * T.BALL_RADIUS       # the ghost ball
                gy = oy - (py - oy) / to_p * 2 * T.BALL_RADIUS
                ax, ay = gx - cx, gy - cy
                # the cut: the angle between the cue ball's line and the object ball's
                to_g = math.hypot(ax, ay)
                cos_cut = (ax * (px - ox) + ay * (py - oy)) / (to_g * to_p + 1e-12)
                if cos_cut < 0.2:
                    continue
                ease = 0.0
                if ranked:
                    ease = cos_cut / (0.3 + to_g + to_p)
                    room = 2 * T.BALL_RADIUS * 0.98
                    if _blocked((cx, cy), (gx, gy), others, room) or _blocked((ox, oy), (px, py), others, room):
                        ease *= 0.1       # another ball in the way: tried last, if at all
                pots.append((ease, len(pots), aim_angle(ax, ay)))
        if ranked:
            assert self.POT_LIMIT is not None
            pots = sorted(pots, key=lambda p: (-p[0], p[1]))[:self.POT_LIMIT[level]]
        for _, _, angle in pots:
            for power in self.POT_POWERS[level]:
                add(angle, power)
        near = objects
        if self.FRACTION_BALLS is not None:
            near = sorted(objects, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)[:self.FRACTION_BALLS[level]]
        for ox, oy in near:
            d = math.hypot(ox - cx, oy - cy)
            if d < 2 * T.BALL_RADIUS:
                continue
            base = math.atan2(oy - cy, ox - cx)
            for f in self.FRACTIONS[level]:
                # aim the cue ball's centre f ball-widths to one side of the object ball's centre
                off = math.asin(max(-1.0, min(1.0, f * 2 * T.BALL_RADIUS / d)))
                for power in self.POWERS[level]:
                    add(aim_angle(math.cos(base + off), math.sin(base + off)), power)
        return out

    def score(self, game: Any, state: Any, stroke: Stroke) -> float:
        shot = game.simulate_stroke(state, stroke)
        value = self.value(game, state, shot)
        if self.level >= 3 and value > 0:
            value += 0.8 * self.position(game, state, shot)
        return value

    def best(self, game: Any, state: Any, limit: int | None = None,
             deadline: float | None = None) -> tuple[float, Stroke]:
        cands = self.candidates(game, state)
        if limit is not None:
            cands = cands[::max(1, len(cands) // limit)]
        start = time.perf_counter()
        if deadline is None:
            deadline = start + self.BUDGET[self.level]
        search_end = start + (deadline - start) * 0.8      # the rest for the refinement
        scored = []
        for i, s in enumerate(cands):
            if scored and time.perf_counter() > search_end:
                break
            scored.append((self.score(game, state, s), i, s))
        if not scored:
            scored.append((self.score(game, state, Stroke(0, 30)), 0, Stroke(0, 30)))
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
                    if refined and time.perf_counter() > deadline:
                        break
                    refined.append((self.score(game, state, t), len(cands) + len(refined), t))
            scored = sorted(scored + refined, key=lambda t: (-t[0], t[1]))
        return scored[0][0], scored[0][2]

    def seed(self, view: Any) -> SplitMix64:
        return SplitMix64(zlib.crc32(repr((view.balls, view.scores, view.strokes, view.turn)).encode()))

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        gen = self.seed(view)
        if view.in_hand():
            return self.place(game, view, legal)
        _, stroke = self.best(game, view)
        w, pw = self.WOBBLE.get(self.level, 0), self.POWER_WOBBLE.get(self.level, 0)
        if w or pw:
            wobble = gen.below(2 * w + 1) - w
            power = max(1, min(100, stroke.power + gen.below(2 * pw + 1) - pw))
            stroke = Stroke((stroke.angle + wobble) % 36000, power, stroke.height, stroke.side)
        action = Strike(stroke)
        return action if action in legal else legal[0]

    def place(self, game: Any, view: Any, legal: Sequence[Any]) -> Any:
        """The place in the D from which the best stroke (searched coarsely) is on."""
        best: tuple[float, int, Place] | None = None
        start = time.perf_counter()
        places = self.PLACES[self.level]
        share = self.BUDGET[self.level] / len(places)
        for k, (dx, dy) in enumerate(places):
            place = Place(math.floor((T.BAULK_X + dx) * 1000), round((T.CENTRE_Y + dy) * 1000))
            if place not in legal:
                continue
            if len(places) == 1:
                return place
            trial = self.with_cue_at(game, view, place.metres)
            value, _ = self.best(game, trial, limit=20, deadline=start + share * (k + 1))
            if best is None or (value, -k) > (best[0], -best[1]):
                best = (value, k, place)
        if best is not None:
            return best[2]
        return legal[len(legal) // 2] if len(legal) else None


class CueAI:
    """The hint of a game of the cue: the player's choice at the hint level, from the lazy legal
    strokes as they are (never a list of the millions)."""

    def hint(self, game: Any, state: Any, seat: int) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return self.player(game, self.hint_level).choose(game, game.view(state, seat), legal)  # type: ignore[attr-defined]
