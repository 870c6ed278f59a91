"""The computer's hooks for Scotch Whist and French Whist: the counters of the hand as its value."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.game import Seat
from ...games.tricks.engine import TricksState
from ...games.tricks.scotch_whist import HONOURS, TEN_OF_DIAMONDS
from .base import SimRules, TricksAI


class ScotchWhistAI(TricksAI):
    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        opts = game.options_of(state)
        points = [HONOURS.get(c.rank, 0) if c.suit == state.trump else
                  (10 if game.french and c == TEN_OF_DIAMONDS else 0) for c in state.deck]
        return SimRules(team=[game.side_of(opts, s) for s in range(state.n)], points=points)

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        tricks = game.all_tricks(state) + list(new_tricks)
        points = game.counters(state, tricks)
        totals = [sum(points[k][i] for k in points) for i in range(len(points["ten"]))]
        opts = game.options_of(state)
        mean = sum(totals) / len(totals)
        return [totals[game.side_of(opts, s)] - mean for s in range(state.n)]

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        return legal[0]


AI = ScotchWhistAI()
