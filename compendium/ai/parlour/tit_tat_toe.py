"""The computer at Tit-Tat-Toe, at three strengths.

Tit-Tat-Toe.  With eyes shut there is nothing to choose.  With an aimed pencil, level 1 aims at a
division it likes the look of, level 2 at the highest number not yet struck, and level 3 at the
division that gives the most on average over where the pencil may land (the scatter of the hand,
the lines, the struck divisions and the neighbours all counted).

A player never sees the real position; its randomness is seeded from the public view, so a
decision is repeatable and does not depend on anything hidden from the seat.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...core.rng import SplitMix64
from ...games.parlour.tit_tat_toe import FIGURE, SCATTER, Aim, TTTState, locate
from ..base import PlayerAI
from .base import view_digest

SAMPLES = 600          # level 3: landings weighed per division aimed at


@lru_cache(maxsize=4)
def landing_cloud(hand: str) -> tuple[tuple[int, ...], ...]:
    """For each division aimed at, where a fixed cloud of pencils lands (a division's index, or
    -1 off the figure or on a line).  The cloud is stratified over the hand's normal scatter and
    the same for every decision, so the choice is repeatable; it is worked out once per hand."""
    sigma = SCATTER[hand]
    gen = SplitMix64(0x7177)
    offsets = []
    for k in range(SAMPLES):
        u1 = (k + gen.random()) / SAMPLES
        u2 = gen.random()
        rad = math.sqrt(-2.0 * math.log(max(1e-12, 1.0 - u1))) * sigma
        offsets.append((rad * math.cos(2 * math.pi * u2), rad * math.sin(2 * math.pi * u2)))
    out = []
    for d in FIGURE:
        cx, cy = d.centre
        row = []
        for dx, dy in offsets:
            _, hit = locate(round(cx + dx), round(cy + dy))
            row.append(-1 if hit is None else hit.index)
        out.append(tuple(row))
    return tuple(out)


def expected_score(state: TTTState, value: int) -> float:
    """What aiming at the division marked ``value`` scores on average."""
    target = next(d for d in FIGURE if d.value == value)
    worth = [0 if state.struck[d.index] else d.value for d in FIGURE] + [0]   # index -1: nothing
    return sum(worth[i] for i in landing_cloud(state.hand)[target.index]) / SAMPLES


@dataclass
class TitTatToePlayer:
    level: int = 2
    seed: int = 0

    def choose(self, game: Any, view: TTTState, legal: Sequence[Any], state: Any = None) -> Any:
        del state
        legal = list(legal)
        if not legal:
            return None
        aims = [a for a in legal if isinstance(a, Aim)]
        if not aims:
            return legal[0]    # eyes shut: the pencil goes down, nothing to choose
        open_values = {d.value for d in FIGURE if not view.struck[d.index]}
        targets = [a for a in aims if a.value in open_values] or aims
        if self.level <= 1:
            rng = SplitMix64(self.seed ^ view_digest(view))
            return targets[rng.below(len(targets))]
        if self.level == 2:
            return max(targets, key=lambda a: a.value)
        return max(targets, key=lambda a: (expected_score(view, a.value), a.value))



AI = PlayerAI(TitTatToePlayer, hint_level=3)
