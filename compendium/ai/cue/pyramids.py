"""The computer at Pyramids and Shell Out, at three strengths: the shared stroke search of the
games of the cue (``ai/cue/search.py``), each stroke valued by what the game itself makes of it
(``game.after`` on the simulated shot: balls won, balls forfeited and put up, debts, stakes).

With fifteen reds a level cannot try every pot of every ball: it tries the easiest pots (the
cut, the distances, no ball in the way: ``POT_LIMIT``) and the fractions of the nearest balls
(``FRACTION_BALLS``), the most at level 3, in the time of its level (``StrokeSearch.BUDGET``:
level 3 shoots within two seconds).  Level 1's cue arm wavers by up to 0.4°, level 2's by 0.1°.
At Pyramids a stroke is worth the balls it wins, less one and a half for each it forfeits; at
Shell Out the counters it wins from the others (a stake from each), less one and a half times
those it pays.
"""
from __future__ import annotations

from typing import Any, ClassVar

from ...games.cue.physics import ShotResult
from ...games.cue.pyramids import PocketState
from ...games.cue.shell_out import counters
from ..base import PlayerAI
from .search import CueAI, StrokeSearch


class PyramidsPlayer(StrokeSearch):
    POT_LIMIT: ClassVar[dict[int, int] | None] = {1: 4, 2: 10, 3: 16}
    FRACTION_BALLS: ClassVar[dict[int, int] | None] = {1: 1, 2: 2, 3: 3}
    # a stroke among sixteen balls can run a tenth of a second: level 3 stops sooner to shoot
    # within two seconds whatever the last stroke it tried costs
    BUDGET: ClassVar[dict[int, float]] = {1: 0.4, 2: 0.8, 3: 1.4}
    # Every level foresees its stroke exactly: on an open table level 2 would clear the reds as
    # surely as level 3.  Its cue arm wavers a little (a tenth of a degree, two per cent), as a
    # good amateur's does, and level 3's not at all.
    WOBBLE: ClassVar[dict[int, int]] = {1: 40, 2: 10, 3: 0}
    POWER_WOBBLE: ClassVar[dict[int, int]] = {1: 5, 2: 2, 3: 0}

    def gain(self, before: PocketState, after: PocketState, seat: int) -> float:
        """What the stroke won the striker, in balls (below nought: lost)."""
        return float(after.scores[seat] - before.scores[seat])

    def value(self, game: Any, state: PocketState, shot: ShotResult) -> float:
        after = game.after(state, shot)
        gained = self.gain(state, after, state.turn)
        if gained < 0:
            return gained * self.PENALTY_WEIGHT
        if after.over and game.outcome(after).results[state.turn] == 1.0:
            gained += 5.0               # the game itself
        return gained


class ShellOutPlayer(PyramidsPlayer):
    def gain(self, before: PocketState, after: PocketState, seat: int) -> float:
        # the counters won from (or paid to) the others, per other player
        return (counters(after.scores)[seat] - counters(before.scores)[seat]) / max(1, before.seats - 1)


class PocketAI(CueAI, PlayerAI):
    pass


AI = PocketAI(PyramidsPlayer)
SHELL_OUT_AI = PocketAI(ShellOutPlayer)
