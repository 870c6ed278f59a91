"""The computer at Pool, at three strengths: the shared stroke search (``ai/cue/search.py``) with
each stroke valued by the game's own laws (``pool.judge``).

The book's counsel for Pool is safety first: a life saved is worth more than a life taken.  So a
stroke is valued by the lives it takes (one each) and costs (more than one), and, from level 2,
by how safe it leaves the striker's ball for the next player, who will play at it: far from his
ball and not over a pocket.  Only the ball played at is aimed at (a stroke that strikes another
first costs a life), with softer strengths among the contacts than at Billiards: the safe strokes.

* Level 1 tries the pots of the ball played at and three contacts on it, at one strength, and its
  cue arm wavers (up to 0.4° off its line, and a little off the strength).
* Level 2 tries nine contacts at three strengths and weighs the leave.
* Level 3 tries thirteen at four strengths, refines the best few with follow, screw and small
  turns of the aim, and places its ball in hand at the best of five places in the D.
"""
from __future__ import annotations

import math
from typing import Any, ClassVar

from ...games.cue import table as T
from ...games.cue.physics import ShotResult
from ...games.cue.pool import PoolState, judge
from ..base import PlayerAI
from .search import CueAI, Pos, StrokeSearch

LIFE = 1.0          # a life taken
OWN_LIFE = 1.6      # a life lost: the book's safety first


def next_player(state: PoolState) -> int | None:
    """The next living player after the striker."""
    for k in range(1, state.players):
        s = (state.turn + k) % state.players
        if state.lives[s] > 0:
            return s
    return None


def near_pocket(p: Pos, margin: float) -> bool:
    return any(math.hypot(p[0] - k.x, p[1] - k.y) < margin for k in T.POCKETS)


def leave_value(state: PoolState, final: dict[str, Pos | None]) -> float:
    """How safe the striker's ball is left for the next player (about 0 to 1): far from the ball
    he strikes with (two and a half metres or more is safe), and not over a pocket."""
    me = final.get(state.cue_ball())
    if me is None:
        return 0.0
    nxt = next_player(state)
    other = final.get(state.names[nxt]) if nxt is not None else None
    value = 0.5 if other is None else min(1.0, math.hypot(me[0] - other[0], me[1] - other[1]) / 2.5)
    if near_pocket(me, 0.25):
        value -= 0.5
    return value


class PoolPlayer(StrokeSearch):
    POWERS: ClassVar[dict[int, tuple[int, ...]]] = {1: (30,), 2: (12, 30, 55), 3: (10, 22, 40, 65)}
    POT_POWERS: ClassVar[dict[int, tuple[int, ...]]] = {1: (35,), 2: (25, 45), 3: (22, 35, 55)}

    def targets(self, game: Any, state: PoolState) -> list[Pos]:
        target = state.balls[state.on]
        return [target] if target is not None else []

    def value(self, game: Any, state: PoolState, shot: ShotResult) -> float:
        verdict = judge(state, shot)
        value = LIFE * len(verdict.taken) - (OWN_LIFE if verdict.lost is not None else 0.0)
        if self.level >= 2 and verdict.lost is None and not verdict.taken:
            value += 0.5 * leave_value(state, shot.final)
        return value

    def position(self, game: Any, state: PoolState, shot: ShotResult) -> float:
        """Level 3's position: only after a life taken, when the striker plays again (a safe
        stroke's leave is in ``value`` already)."""
        verdict = judge(state, shot)
        if not verdict.taken or verdict.lost is not None:
            return 0.0
        return super().position(game, state, shot)


class PoolAI(CueAI, PlayerAI):
    pass


AI = PoolAI(PoolPlayer)
