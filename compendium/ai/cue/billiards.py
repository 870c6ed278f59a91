"""The computer at English Billiards, at three strengths: the shared stroke search of the games of
the cue (``ai/cue/search.py``: candidates from the geometry, each played on the game's own
simulation) with the strokes valued by Billiards' laws (``billiards.judge``).

* Level 1 tries the fewest candidates, at one strength, and its cue arm wavers (up to 0.4° off
  the line it chose, and a little off the strength).
* Level 2 tries nine fractions at three strengths and the pots at two, and places its ball in
  hand at the best of three places of the D.
* Level 3 tries more fractions, five places in the D, refines the best few strokes with follow,
  screw and small turns of the aim, and weighs where the balls come to rest (the cue ball near
  the red and not on a cushion: position for the next stroke).

With two object balls every pot and every fraction of both balls is tried (no ranking).
"""
from __future__ import annotations

import math
from typing import Any

from ...games.cue import table as T
from ...games.cue.billiards import BilliardsState, judge
from ...games.cue.physics import ShotResult
from ..base import PlayerAI
from .search import CueAI, StrokeSearch


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


class BilliardsPlayer(StrokeSearch):
    def value(self, game: Any, state: BilliardsState, shot: ShotResult) -> float:
        verdict = judge(state, shot)
        return float(verdict.striker_points - self.PENALTY_WEIGHT * verdict.opponent_points)

    def position(self, game: Any, state: BilliardsState, shot: ShotResult) -> float:
        return position_value(state, shot.final, state.cue_ball())


class BilliardsAI(CueAI, PlayerAI):
    pass


AI = BilliardsAI(BilliardsPlayer)
