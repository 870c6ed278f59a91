"""A shot on the table, simulated: ``simulate(balls, cue, stroke) -> ShotResult``.

The collisions are pymunk's (Chipmunk2D): balls are frictionless discs of equal mass, the cushions
are static segments, and pymunk resolves ball on ball and ball on cushion with its restitution.
pymunk knows nothing of a ball rolling on cloth or of the cue's tip, so this module adds, between
its steps, the standard model of a ball on cloth:

* Every ball carries, beside its velocity ``v``, the velocity ``w`` at which its spin would carry it
  if it rolled without slipping (its rotation about a horizontal axis, times the radius).  A ball
  rolls when ``v == w``.  While they differ the ball *slides*: cloth friction (``MU_SLIDE``) pulls
  ``v`` towards ``w`` and, through the torque, ``w`` towards ``v`` two and a half times as fast (a
  solid sphere), until they meet at ``(5 v + 2 w) / 7``.  A rolling ball slows by rolling resistance
  (``MU_ROLL``).
* The cue gives ``v`` along the line of aim and a spin ``w`` set by the height of the tip on the
  ball: a centre stroke gives none (the ball slides, then rolls), a high stroke (*follow*) spin
  forward, a low one (*screw*, draw) spin backward.  A collision changes ``v`` (pymunk) and leaves
  ``w``; so a ball struck full while sliding stops dead, one that follows runs on after the object
  ball (to 2/7 of its speed, the textbook figure), and one screwed comes back.
* Side (spin about the vertical axis) is a number that decays slowly on the cloth; at a cushion it
  turns the ball's path off the cushion, without adding speed (running side widens the angle,
  check side narrows it), and is halved.  Side does not swerve the ball nor throw the object
  ball: those are the model's limits, with jump shots, cushion height and the cloth's nap.

Deterministic: the same balls and stroke give the same result every run (fixed order, steps chosen
only from the speeds), so a game's record replays exactly.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

import pymunk

from . import table as T

G = 9.81
MU_SLIDE = 0.2          # sliding friction of ball on cloth
MU_ROLL = 0.016         # rolling resistance (a slow, napped cloth of the period)
SIDE_DECAY = 0.6        # side lost per second on the cloth (a fraction)
SIDE_KICK = 0.35        # speed along the cushion per unit of side, as a share of the speed into it
E_BALL = 0.95           # restitution, ball on ball
E_CUSHION = 0.72        # restitution, ball on cushion
MAX_SPEED = 6.0         # the cue ball's speed at full strength, m/s
TIP_STEP = 0.2          # the tip's offset per grid step, as a share of the radius
MAX_TIME = 60.0         # table time after which the balls are stopped (never reached in play)
STOP_SPEED = 0.004      # a ball slower than this, rolling, stops

_BALL, _CUSHION = 1, 2
# The version of the simulation.  1: as English Billiards first shipped (its records replay
# with it): a step could be stretched by two balls closing slowly, and the surplus speed pymunk
# may hand out when a ball is squeezed (against a cushion, or into balls touching) was kept.
# 2: the step is never longer than the ladder's, and no step ends with more energy than it
# began with: needed by the pyramid games, where a ball runs into fifteen balls close together.
MODEL = 2
_E_B = math.sqrt(E_BALL)


class Board(Protocol):
    """Another playing surface than the billiard table (the bagatelle board): its ball, its
    hardest stroke, its cushions, the round obstacles fixed on it, and where a ball leaves play
    (``drop``: the name of the hole a ball at (x, y) moving at (vx, vy) falls into, ``taken`` being
    those already filled this stroke, and the post it then leaves there, or ``None``).  A board is
    a value, equal and hashed by what it holds (the cache of shots keys on it)."""

    @property
    def ball_radius(self) -> float: ...
    @property
    def max_speed(self) -> float: ...
    def cushions(self) -> Sequence[tuple[tuple[float, float], tuple[float, float]]]: ...
    def posts(self) -> Sequence[tuple[float, float, float]]: ...
    def drop(self, x: float, y: float, vx: float, vy: float,
             taken: set[str]) -> tuple[str, tuple[float, float, float] | None] | None: ...


@dataclass(frozen=True, slots=True)
class Stroke:
    """A quantised stroke: the direction of aim in hundredths of a degree (0 = up the table,
    counter-clockwise, so 9000 aims at the left cushion), the strength in per cent of the
    hardest stroke, and where the tip meets the ball: ``height`` -2 (low, screw) to 2 (high,
    follow) and ``side`` -2 (left) to 2 (right), in steps of a fifth of the radius."""

    angle: int
    power: int
    height: int = 0
    side: int = 0

    @property
    def degrees(self) -> float:
        return self.angle / 100.0


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a shot, in order: ``kind`` is "ball" (``ball`` struck
    ``other``), "cushion" (``ball`` struck a cushion) or "pocket" (``ball`` dropped into the pocket
    ``other``); ``x``, ``y`` is where ``ball`` was."""

    time: float
    kind: str
    ball: str
    other: str = ""
    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True, slots=True)
class ShotResult:
    """Where the balls came to rest (``None``: pocketed), what happened in order, how long the
    balls ran, and (when asked for) the balls' positions through the shot for the animation:
    ``frames`` is a tuple of (time, positions) with positions in the order of the balls given."""

    final: dict[str, tuple[float, float] | None]
    events: tuple[Event, ...]
    duration: float
    frames: tuple[tuple[float, tuple[tuple[float, float] | None, ...]], ...] = field(default=())
    energy: tuple[float, ...] = field(default=())     # kinetic energy after each step (tests)

    def first_contact(self, ball: str) -> str | None:
        """The first ball ``ball`` struck (``None``: it struck none)."""
        for event in self.events:
            if event.kind == "ball" and ball in (event.ball, event.other):
                return event.other if event.ball == ball else event.ball
        return None

    def pocketed(self) -> tuple[str, ...]:
        return tuple(e.ball for e in self.events if e.kind == "pocket")


def stroke_velocity(stroke: Stroke) -> tuple[tuple[float, float], tuple[float, float], float]:
    """The cue ball's velocity, roll velocity and side given by ``stroke``."""
    speed = MAX_SPEED * stroke.power / 100.0
    a = math.radians(stroke.angle / 100.0)
    dx, dy = math.cos(a), math.sin(a)
    # A tip h radii above the centre gives a spin of 5 h v / (2 R) (a solid sphere struck
    # horizontally): at h = 2/5 the ball rolls at once.
    spin = 2.5 * stroke.height * TIP_STEP * speed
    return (dx * speed, dy * speed), (dx * spin, dy * spin), stroke.side * TIP_STEP


# The last shots simulated, by (balls, cue ball, stroke).  A shot is a pure function of those, and
# the same one is asked for again and again: the computer simulates its chosen stroke and then the
# game plays it, the table animates a stroke (with its paths) and then the game plays it, undo and
# redo and a record's replay play the strokes already seen.  Bounded: about a kilobyte a shot.
_CACHE: OrderedDict[tuple[Any, ...], ShotResult] = OrderedDict()   # (balls, cue, stroke, model, board)
CACHE_SIZE = 4096


def clear_cache() -> None:
    """Forget every shot simulated (for tests that time or compare fresh simulations)."""
    _CACHE.clear()


def simulate(balls: Sequence[tuple[str, float, float]], cue: str, stroke: Stroke, *,
             record: bool = False, energy: bool = False, model: int = MODEL,
             board: Board | None = None) -> ShotResult:
    """Play ``stroke`` with the ball named ``cue`` among ``balls`` (name, x, y, any number of
    them, in a fixed order) and run the balls until they stop (on the billiard table, or on
    ``board``).  ``model`` is the version of the simulation (see ``MODEL``): a game keeps the one
    its records were made with.  ``record`` adds the balls' paths (``frames``), ``energy`` the
    kinetic energy after each step; a shot without them may come from the cache of shots."""
    key = (tuple((name, x, y) for name, x, y in balls), cue, stroke, model, board)
    if not (record or energy):
        cached = _CACHE.get(key)
        if cached is not None:
            _CACHE.move_to_end(key)
            return _copy(cached)
    result = _simulate(balls, cue, stroke, record=record, energy=energy, model=model, board=board)
    plain = result if not (record or energy) else ShotResult(result.final, result.events, result.duration)
    _CACHE[key] = _copy(plain)
    if len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return result


def _copy(shot: ShotResult) -> ShotResult:
    """The shot with a ``final`` of its own (a caller may change its dict; the cache's must not)."""
    return ShotResult(dict(shot.final), shot.events, shot.duration, shot.frames, shot.energy)


def _simulate(balls: Sequence[tuple[str, float, float]], cue: str, stroke: Stroke, *,
              record: bool, energy: bool, model: int, board: Board | None) -> ShotResult:
    space = pymunk.Space()
    space.iterations = 10
    space.collision_slop = 0.00002    # pymunk's default (0.1) is for pixels, not metres
    radius = T.BALL_RADIUS if board is None else board.ball_radius

    def fix(seg: pymunk.Shape) -> None:
        seg.elasticity = E_CUSHION / _E_B
        seg.friction = 0.0
        seg.collision_type = _CUSHION
        space.add(seg)

    for (ax, ay), (bx, by) in (T.cushions() if board is None else board.cushions()):
        fix(pymunk.Segment(space.static_body, (ax, ay), (bx, by), 0.0))
    for px, py, pr in (() if board is None else board.posts()):
        fix(pymunk.Circle(space.static_body, pr, (px, py)))
    taken: set[str] = set()
    names = [b[0] for b in balls]
    bodies: list[pymunk.Body | None] = []
    index: dict[pymunk.Body, int] = {}
    for i, (_, x, y) in enumerate(balls):
        body = pymunk.Body(1.0, math.inf)
        body.position = (x, y)
        shape = pymunk.Circle(body, radius)
        shape.elasticity = _E_B
        shape.friction = 0.0
        shape.collision_type = _BALL
        space.add(body, shape)
        bodies.append(body)
        index[body] = i
    n = len(balls)
    ci = names.index(cue)
    v0, w0, side0 = stroke_velocity(stroke)
    if board is not None:
        k = board.max_speed / MAX_SPEED
        v0, w0 = (v0[0] * k, v0[1] * k), (w0[0] * k, w0[1] * k)
    cue_body = bodies[ci]
    assert cue_body is not None
    cue_body.velocity = v0
    roll: list[tuple[float, float]] = [(0.0, 0.0)] * n
    roll[ci] = w0
    side = [0.0] * n
    side[ci] = side0
    events: list[Event] = []
    hits: list[tuple[int, float, float]] = []   # cushion contacts this step: ball, normal x, y
    now = [0.0]

    def ball_ball(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: object) -> None:
        a, b = arbiter.bodies
        i, j = index[a], index[b]
        if i > j:
            i, j = j, i
        # the moving one is the striker (the order of names in the event says who struck whom)
        sa = bodies[i].velocity.length_squared if bodies[i] else 0.0   # type: ignore[union-attr]
        sb = bodies[j].velocity.length_squared if bodies[j] else 0.0   # type: ignore[union-attr]
        if sb > sa:
            i, j = j, i
        x, y = bodies[i].position       # type: ignore[union-attr]
        events.append(Event(round(now[0], 4), "ball", names[i], names[j], round(x, 4), round(y, 4)))

    def ball_cushion(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: object) -> None:
        body = arbiter.bodies[0] if arbiter.bodies[0] in index else arbiter.bodies[1]
        i = index[body]
        normal = arbiter.normal
        hits.append((i, normal.x, normal.y))
        x, y = body.position
        events.append(Event(round(now[0], 4), "cushion", names[i], "", round(x, 4), round(y, 4)))

    touched: set[int] = set()      # the balls in a contact this step (a still ball's speed changes only so)

    def contact(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: object) -> None:
        for body in arbiter.bodies:
            k = index.get(body)
            if k is not None:
                touched.add(k)

    space.on_collision(_BALL, _BALL, begin=ball_ball, post_solve=contact)
    space.on_collision(_BALL, _CUSHION, begin=ball_cushion, post_solve=contact)

    frames: list[tuple[float, tuple[tuple[float, float] | None, ...]]] = []
    energies: list[float] = []
    if record:
        frames.append((0.0, tuple((x, y) for _, x, y in balls)))
    slide_a = MU_SLIDE * G
    roll_a = MU_ROLL * G
    touch = 2 * radius
    vel: list[tuple[float, float]] = [(0.0, 0.0)] * n
    pos: list[tuple[float, float]] = [(x, y) for _, x, y in balls]
    vel[ci] = v0
    t = 0.0
    while t < MAX_TIME:
        vmax = 0.0
        for i in range(n):
            if bodies[i] is not None:
                vx, vy = vel[i]
                s = vx * vx + vy * vy
                if s > vmax:
                    vmax = s
        if vmax == 0.0:
            break
        vmax = math.sqrt(vmax)
        # steps from a fixed ladder, chosen by the fastest ball: no ball moves more than half
        # its radius in a step ...
        dt = 1 / 50
        while dt * vmax > 0.5 * radius and dt > 1 / 3200:
            dt /= 2
        # ... and a step ends just as two balls meet, so that pymunk finds them touching, not
        # overlapping (an overlap would tilt the line of centres and spoil the angles)
        # (only pairs with a moving ball can close: with many balls at rest, as in a pyramid,
        # the others are skipped; the step is the least over the pairs, whatever their order)
        if model == 1:
            moving, still = [i for i in range(n) if bodies[i] is not None], set()
        else:
            moving = [i for i in range(n) if bodies[i] is not None and vel[i] != (0.0, 0.0)]
            still = set(range(n)) - set(moving)
        for i in moving:
            xi, yi = pos[i]
            vxi, vyi = vel[i]
            for j in range(n):
                if j <= i and (model == 1 or j == i or j not in still) or bodies[j] is None:
                    continue
                ux, uy = vel[j][0] - vxi, vel[j][1] - vyi
                if ux == 0.0 and uy == 0.0:
                    continue
                px, py = pos[j][0] - xi, pos[j][1] - yi
                b = px * ux + py * uy
                if b >= 0.0:
                    continue            # not closing
                a = ux * ux + uy * uy
                c = px * px + py * py - touch * touch
                disc = b * b - a * c
                if disc < 0.0:
                    continue
                hit = (-b - math.sqrt(disc)) / a
                if hit < dt:
                    # a twentieth of a millimetre into the contact, so pymunk sees it; never a
                    # longer step than the ladder's (two balls closing slowly would otherwise
                    # stretch it, and a fast ball elsewhere would run deep into a third)
                    meet = max(hit, 0.0) + 0.00005 / math.sqrt(a)
                    dt = meet if model == 1 else min(dt, meet)
        now[0] = t
        hits.clear()
        touched.clear()
        before = sum(vx * vx + vy * vy for vx, vy in vel)
        space.step(dt)
        t += dt
        after = 0.0
        for i in range(n):
            body = bodies[i]
            if body is not None and (i in touched or vel[i] != (0.0, 0.0)):
                vel[i] = tuple(body.velocity)   # type: ignore[assignment]
                after += vel[i][0] ** 2 + vel[i][1] ** 2
        if after > before and model >= 2:
            # pymunk resolves contacts one at a time, a few passes a step: when a ball runs into
            # several touching at once (a pyramid) the passes can hand out more speed than came
            # in.  Balls of ivory give back less than they get: the surplus is taken off evenly.
            k = math.sqrt(before / after)
            for i in range(n):
                body = bodies[i]
                if body is not None:
                    vel[i] = (vel[i][0] * k, vel[i][1] * k)
                    body.velocity = vel[i]
        for i, nx, ny in hits:
            body = bodies[i]
            if body is None or side[i] == 0.0:
                continue
            vx, vy = vel[i]
            # right side (counter-clockwise from above) throws the ball to the right off a cushion:
            # the cloth of the cushion pulls against the turning contact point
            tx, ty = ny, -nx
            speed = math.hypot(vx, vy)
            kick = SIDE_KICK * side[i] * speed
            nvx, nvy = vx + tx * kick, vy + ty * kick
            # side turns the ball off the cushion; it gives no speed (the model keeps no account
            # of the spin's own energy, so it may not add any)
            k = speed / (math.hypot(nvx, nvy) or 1.0)
            vel[i] = (nvx * k, nvy * k)
            body.velocity = vel[i]
            side[i] *= 0.5
        for i in range(n):
            body = bodies[i]
            if body is None:
                continue
            vx, vy = vel[i]
            wx, wy = roll[i]
            if vx == 0.0 and vy == 0.0 and wx == 0.0 and wy == 0.0:
                continue
            x, y = body.position
            pos[i] = (x, y)
            where = (board.drop(x, y, vx, vy, taken) if board is not None
                     else (T.nearest_pocket(x, y).name, None)
                     if x < 0.0 or x > T.LENGTH or y < 0.0 or y > T.WIDTH else None)
            if where is not None:
                space.remove(body, *body.shapes)
                bodies[i] = None
                vel[i] = (0.0, 0.0)
                name, post = where
                taken.add(name)
                if post is not None:            # the ball lying in its hole: others glance off it
                    fix(pymunk.Circle(space.static_body, post[2], post[:2]))
                events.append(Event(round(t, 4), "pocket", names[i], name, round(x, 4), round(y, 4)))
                continue
            sx, sy = vx - wx, vy - wy
            slip = math.hypot(sx, sy)
            if slip > 3.5 * slide_a * dt:
                ux, uy = sx / slip, sy / slip
                a = slide_a * dt
                vel[i] = (vx - ux * a, vy - uy * a)
                roll[i] = (wx + 2.5 * ux * a, wy + 2.5 * uy * a)
            else:
                vx, vy = (5 * vx + 2 * wx) / 7, (5 * vy + 2 * wy) / 7
                speed = math.hypot(vx, vy)
                if speed <= STOP_SPEED or speed <= roll_a * dt:
                    vel[i] = roll[i] = (0.0, 0.0)
                else:
                    k = (speed - roll_a * dt) / speed
                    vel[i] = roll[i] = (vx * k, vy * k)
            body.velocity = vel[i]
            if side[i]:
                side[i] *= max(0.0, 1.0 - SIDE_DECAY * dt)
        if record:
            frames.append((t, tuple(None if b is None else (b.position.x, b.position.y) for b in bodies)))
        if energy:
            # translational plus rotational (2/5 m w^2 / 2 for a solid sphere), per unit mass
            energies.append(sum(0.5 * (vel[k][0] ** 2 + vel[k][1] ** 2) + 0.2 * (roll[k][0] ** 2 + roll[k][1] ** 2)
                                for k in range(n) if bodies[k] is not None))
    final: dict[str, tuple[float, float] | None] = {}
    for name, body in zip(names, bodies):
        final[name] = None if body is None else (round(body.position.x, 4), round(body.position.y, 4))
    return ShotResult(final=final, events=tuple(events), duration=round(t, 4), frames=tuple(frames),
                      energy=tuple(energies))
