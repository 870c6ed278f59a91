"""The computer at Snooker Pool, at three strengths: it searches strokes with the physics (the shared
search, ``ai/cue/search.py``) and judges each by the game's own laws (``snooker_pool.judge``).

With twenty-two balls a stroke takes several times as long to simulate as at Billiards, so the
candidates are chosen before any is played: the pots of the balls on whose paths no ball blocks,
easiest first (a straight pot, short runs), then a few soft contacts on the nearest ball on (the
safe strokes).  A stroke is valued by its points less its penalty; at levels 2 and 3 a pot is
worth more when it leaves the white well for the next ball on (weighted by that ball's value),
and a stroke that ends the turn when it leaves the next player no easy pot.

* Level 1 tries the four easiest pots and one safe stroke, at one strength, and its cue arm
  wavers (up to 0.4° off its line).
* Level 2 tries the ten easiest at two strengths and three safe strokes.
* Level 3 tries sixteen at three strengths, refines the best few with follow, screw and small
  turns of the aim, and places the white in hand at the best of several places in the D.
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
from ...games.cue.physics import Stroke, simulate
from ...games.cue.snooker_pool import COLOURS, NAMES, SnookerState, judge, value
from ...games.cue.strokes import Place, Strike
from .search import Candidates, CueAI, fraction_aims, pot_aims, pot_is_open, search_strokes, waver

POTS = {1: 4, 2: 10, 3: 16}
POT_POWERS = {1: (35,), 2: (28, 45), 3: (22, 35, 55)}
SAFE_FRACTIONS = {1: (0.9,), 2: (0.9, -0.9, 0.0), 3: (0.9, -0.9, 0.0, 0.6, -0.6)}
SAFE_POWERS = {1: (15,), 2: (15,), 3: (12, 25)}
BUDGET = {1: 0.4, 2: 0.8, 3: 1.4}     # level 3 within 2 s: a stroke of 22 balls takes up to 0.15 s
WOBBLE = 40
PLACES = {1: ((0.0, 0.0),), 2: ((0.0, 0.0), (-0.1, 0.15), (-0.1, -0.15)),
          3: ((0.0, 0.0), (-0.05, 0.2), (-0.05, -0.2), (-0.15, 0.1), (-0.15, -0.1))}

Pos = tuple[float, float]


def pots(white: Pos, state_balls: dict[str, Pos], on: Sequence[str]) -> list[tuple[float, int, str]]:
    """The open pots of the balls ``on`` from ``white``: (ease, angle, ball), easiest first.  The
    ease is the cut's cosine squared over the length of the runs (in metres, plus one)."""
    out = []
    for name in on:
        obj = state_balls.get(name)
        if obj is None:
            continue
        others = [p for n, p in state_balls.items() if n not in (name, "white")]
        for angle, pocket_name, c in pot_aims(white, obj, min_cos=0.3):
            pocket = next(p for p in T.POCKETS if p.name == pocket_name)
            if not pot_is_open(white, obj, (pocket.x, pocket.y), others):
                continue
            runs = math.hypot(obj[0] - white[0], obj[1] - white[1]) + math.hypot(pocket.x - obj[0], pocket.y - obj[1])
            out.append((c * c / (1.0 + runs), angle, name))
    out.sort(key=lambda t: (-t[0], t[1], t[2]))
    return out


def candidates(state: SnookerState, level: int) -> list[Stroke]:
    white = state.balls[0]
    assert white is not None
    balls = {n: p for n, p in zip(NAMES, state.balls) if p is not None}
    on = state.balls_on()
    out = Candidates()
    for _, angle, _ in pots(white, balls, on)[:POTS[level]]:
        for power in POT_POWERS[level]:
            out.add(angle, power)
    near = sorted((n for n in on if n in balls),
                  key=lambda n: math.hypot(balls[n][0] - white[0], balls[n][1] - white[1]))[:2]
    for name in near:
        for angle in fraction_aims(white, balls[name], SAFE_FRACTIONS[level]):
            for power in SAFE_POWERS[level]:
                out.add(angle, power)
    if not len(out):          # snookered: straight at the nearest ball on, off whatever is in the way
        target = balls.get(on[0]) if on else None
        if target is not None:
            out.add(round(math.degrees(math.atan2(target[1] - white[1], target[0] - white[0])) * 100) % 36000, 30)
    return out.strokes


def best_next(white: Pos | None, balls: dict[str, Pos], on: Sequence[str]) -> float:
    """The value of the best open pot the white leaves on ``on`` (0: none)."""
    if white is None:
        return 0.0
    found = pots(white, balls, on)
    return max((ease * value(name) for ease, _, name in found[:6]), default=0.0)


@dataclass
class SnookerPlayer:
    level: int = 2

    def score(self, state: SnookerState, stroke: Stroke) -> float:
        shot = simulate(state.on_table(), "white", stroke)
        verdict = judge(state, shot)
        if verdict.penalty:
            return -float(verdict.penalty)
        points = float(verdict.points)
        if self.level < 2:
            return points
        balls = {n: p for n, p in shot.final.items() if p is not None}
        white = shot.final.get("white")
        if points:
            # the next ball on: a colour after a red, a red (or the next colour) after a colour
            if state.on == "red":
                nxt = [c for c in COLOURS if c in balls]
            elif state.on == "colour":
                reds = [n for n in NAMES[1:16] if n in balls]
                nxt = reds or ["yellow"]
            else:
                i = COLOURS.index(state.on)
                nxt = [COLOURS[i + 1]] if i + 1 < len(COLOURS) else []
            return points + 0.5 * best_next(white, balls, nxt)
        # the turn ends: what is left for the next player, who will be on a red (or the colour)
        after = [n for n in NAMES[1:16] if n in balls] or [state.on if state.on in COLOURS else "yellow"]
        return -0.3 * best_next(white, balls, after)

    def best(self, state: SnookerState, limit: int | None = None,
             deadline: float | None = None) -> tuple[float, Stroke]:
        cands = candidates(state, self.level)
        if limit is not None:
            cands = cands[::max(1, len(cands) // limit)]
        start = time.perf_counter()
        if deadline is None:
            deadline = start + BUDGET[self.level]
        return search_strokes(cands, lambda s: self.score(state, s), start, deadline,
                              refine=self.level >= 3 and limit is None)

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        s: SnookerState = view
        if not len(legal):
            return None
        gen = SplitMix64(zlib.crc32(repr((s.balls, s.scores, s.strokes, s.turn)).encode()))
        if s.in_hand():
            return self.place(s, legal)
        _, stroke = self.best(s)
        if self.level == 1:
            stroke = waver(stroke, gen, WOBBLE)
        action = Strike(stroke)
        return action if action in legal else legal[0]

    def place(self, s: SnookerState, legal: Sequence[Any]) -> Any:
        """The place in the D from which the best pot is open (judged by geometry alone: a
        simulation of each would cost too much here)."""
        balls = {n: p for n, p in zip(NAMES, s.balls) if p is not None}
        best: tuple[float, int, Place] | None = None
        for k, (dx, dy) in enumerate(PLACES[self.level]):
            place = Place(math.floor((T.BAULK_X + dx) * 1000), round((T.CENTRE_Y + dy) * 1000))
            if place not in legal:
                continue
            found = pots(place.metres, balls, s.balls_on())
            ease = max((e * value(name) for e, _, name in found), default=0.0)
            if best is None or (ease, -k) > (best[0], -best[1]):
                best = (ease, k, place)
        if best is not None:
            return best[2]
        return legal[len(legal) // 2]


AI = CueAI(SnookerPlayer)
