"""The computer at Pool, at three strengths: it searches strokes with the physics (the shared
search, ``ai/cue/search.py``) and judges each by the game's own laws (``pool.judge``).

The book's counsel for Pool is safety first: a life saved is worth more than a life taken.  So a
stroke is valued by the lives it takes and costs, and (levels 2 and 3) by where it leaves the
striker's ball for the next player, who plays at it: far from him, and not hanging over a pocket.

* Level 1 tries the pots of the ball played at and a few contacts, at one strength, and its cue
  arm wavers (up to 0.4° off its line, and a little off the strength).
* Level 2 tries more contacts at three strengths (soft ones among them: the safe strokes) and
  weighs the leave.
* Level 3 tries more still, refines the best few with follow, screw and small turns of the aim,
  and places its ball in hand at the best of several places in the D.
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
from ...games.cue.pool import PoolState, judge
from ...games.cue.strokes import Place, Strike
from .search import Candidates, CueAI, fraction_aims, near_pocket, pot_aims, search_strokes, waver

FRACTIONS = {1: (0.0, 0.5, -0.5), 2: (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 0.9, -0.9),
             3: (0.0, 0.25, -0.25, 0.4, -0.4, 0.5, -0.5, 0.6, -0.6, 0.75, -0.75, 0.9, -0.9)}
POWERS = {1: (30,), 2: (12, 30, 55), 3: (10, 22, 40, 65)}
POT_POWERS = {1: (35,), 2: (25, 45), 3: (22, 35, 55)}
BUDGET = {1: 0.4, 2: 0.8, 3: 1.6}
WOBBLE = 40
PLACES = {1: ((0.0, 0.0),), 2: ((0.0, 0.0), (-0.1, 0.2), (-0.1, -0.2)),
          3: ((0.0, 0.0), (-0.05, 0.26), (-0.05, -0.26), (-0.15, 0.15), (-0.15, -0.15))}
LIFE = 1.0          # a life taken
OWN_LIFE = 1.6      # a life lost: the book's safety first


def candidates(state: PoolState, level: int) -> list[Stroke]:
    cue = state.balls[state.turn]
    target = state.balls[state.on]
    assert cue is not None and target is not None
    out = Candidates()
    for angle, _, _ in pot_aims(cue, target):
        for power in POT_POWERS[level]:
            out.add(angle, power)
    for angle in fraction_aims(cue, target, FRACTIONS[level]):
        for power in POWERS[level]:
            out.add(angle, power)
    return out.strokes


def next_player(state: PoolState, lives: Sequence[int]) -> int | None:
    n = state.players
    for k in range(1, n):
        s = (state.turn + k) % n
        if lives[s] > 0:
            return s
    return None


def leave_value(state: PoolState, final: dict[str, tuple[float, float] | None]) -> float:
    """How safe the striker's ball is left for the next player (0 to 1): far from the ball he
    strikes with, and not over a pocket."""
    me = final.get(state.cue_ball())
    if me is None:
        return 0.0
    nxt = next_player(state, state.lives)
    other = final.get(state.names[nxt]) if nxt is not None else None
    value = 0.5 if other is None else min(1.0, math.hypot(me[0] - other[0], me[1] - other[1]) / 2.5)
    if near_pocket(me, 0.25):
        value -= 0.5
    return value


@dataclass
class PoolPlayer:
    level: int = 2

    def score(self, state: PoolState, stroke: Stroke) -> float:
        shot = simulate(state.on_table(), state.cue_ball(), stroke)
        verdict = judge(state, shot)
        value = LIFE * len(verdict.taken) - (OWN_LIFE if verdict.lost is not None else 0.0)
        if self.level >= 2 and verdict.lost is None and not verdict.taken:
            value += 0.5 * leave_value(state, shot.final)
        return value

    def best(self, state: PoolState, limit: int | None = None,
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
        s: PoolState = view
        if not len(legal):
            return None
        gen = SplitMix64(zlib.crc32(repr((s.balls, s.lives, s.strokes, s.turn)).encode()))
        if s.in_hand():
            return self.place(s, legal)
        _, stroke = self.best(s)
        if self.level == 1:
            stroke = waver(stroke, gen, WOBBLE)
        action = Strike(stroke)
        return action if action in legal else legal[0]

    def place(self, s: PoolState, legal: Sequence[Any]) -> Any:
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
            trial = PoolState(s.names, tuple(balls), s.lives, s.turn, s.on, s.star_rule, s.starred,
                              s.first_out, True, s.taken, s.strokes)
            value, _ = self.best(trial, limit=16, deadline=start + share * (k + 1))
            if best is None or (value, -k) > (best[0], -best[1]):
                best = (value, k, place)
        if best is not None:
            return best[2]
        return legal[len(legal) // 2]


AI = CueAI(PoolPlayer)
