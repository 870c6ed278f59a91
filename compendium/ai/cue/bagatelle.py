"""The computer at Bagatelle, at three strengths: the shared stroke search of the games of the
cue (``ai/cue/search.py``: each candidate played on the game's own simulation, the best refined
at level 3, level 1's cue arm wavering) with Bagatelle's own candidates and values.

Candidate strokes come from the board's geometry: straight at each empty cup, at each cup off
either side cushion (aimed at the cup's image in the cushion), the ghost-ball aims that would
knock a ball lying on the cloth (the black above all) into each empty cup, and, while the black
has not been struck, aims at the black that would send it towards each cup and a fan about it.
Each aim is tried at the strengths that bring the ball to the cup slowly (estimated from the
cloth's friction).  A stroke is worth what it adds to the striker's score and to what the cups
hold for him, less what it adds for the others (at Sans Égal), by the game's own laws
(``bagatelle.judge`` and the game's ``after``), less a little for a ball thrown away by missing
the black at the common game.

* Level 1 tries straight aims and the black at one strength.
* Level 2 adds the cushion aims and the knock-ins, at three strengths.
* Level 3 tries five strengths, refines the best strokes (``StrokeSearch.best``), and weighs the
  balls it leaves lying near empty cups for the strokes to come.

Level 1's cue arm wavers (up to 0.4° and a little strength, as at Billiards); levels 2 and 3 stray
by a tenth and a twentieth of a degree at most (``HAND``), seeded from the view as level 1's.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from ...games.cue import bagatelle_board as B
from ...games.cue.bagatelle import BLACK, BagatelleState, judge, up_the_board
from ...games.cue.physics import MU_ROLL, G, ShotResult, Stroke
from ...games.cue.strokes import Strike
from ..base import PlayerAI
from .search import CueAI, StrokeSearch, aim_angle

ARRIVE = {1: (0.35,), 2: (0.2, 0.4, 0.65), 3: (0.15, 0.28, 0.42, 0.6, 0.8)}   # m/s over the cup
MISS = 3.0              # what a ball thrown away (the black missed) costs
# Even a good hand is not perfect: levels 2 and 3 stray up to this many hundredths of a degree
# from the line they chose (level 1's arm wavers more: StrokeSearch.WOBBLE, and in strength).
# Without it every round, begun from the same board, would be played alike to the same score.
HAND = {2: 12, 3: 6}


def power_for(distance: float, arrive: float) -> int:
    """The strength that brings a ball struck at the centre to ``distance`` metres at ``arrive``
    m/s: it slides first and keeps 5/7 of its speed when it starts to roll, then rolling
    resistance takes the rest."""
    start = 7 / 5 * math.sqrt(arrive * arrive + 2 * MU_ROLL * G * distance)
    return max(1, min(100, round(start / B.MAX_SPEED * 100)))


def candidates(state: BagatelleState, level: int) -> list[Stroke]:
    """The strokes worth trying from ``state``, the most promising first."""
    sx, sy = B.BAULK_SPOT
    out: list[Stroke] = []
    seen: set[tuple[int, int]] = set()

    def add(angle: int, power: int) -> None:
        stroke = Stroke(angle, power)
        if (angle, power) not in seen and up_the_board(stroke):
            seen.add((angle, power))
            out.append(stroke)

    def aim(tx: float, ty: float, path: float) -> None:
        for arrive in ARRIVE[level]:
            add(aim_angle(tx - sx, ty - sy), power_for(path, arrive))

    empty = [cup for cup in B.CUPS if not state.cups[cup.number - 1]]
    lying = {name: (x, y) for name, x, y in state.board}
    if not state.black_struck and BLACK in lying:
        bx, by = lying[BLACK]
        # the black must be struck first: knock it towards the cups, full and a little to each side
        for cup in sorted(empty, key=lambda c: -c.number):
            to = math.hypot(cup.x - bx, cup.y - by)
            gx = bx - (cup.x - bx) / to * 2 * B.BALL_RADIUS
            gy = by - (cup.y - by) / to * 2 * B.BALL_RADIUS
            add(aim_angle(gx - sx, gy - sy), power_for(math.hypot(gx - sx, gy - sy) + to, 0.9))
        for off in (0, 40, -40, 90, -90, 150, -150)[:3 if level == 1 else 7]:
            for arrive in ARRIVE[level]:
                add((aim_angle(bx - sx, by - sy) + off) % 36000, power_for(bx - sx + 0.35, arrive + 0.3))
        return out
    for cup in sorted(empty, key=lambda c: -c.number):
        aim(cup.x, cup.y, math.hypot(cup.x - sx, cup.y - sy))
    if level >= 2:
        for name, (bx, by) in sorted(lying.items(), key=lambda kv: kv[0] != BLACK):
            for cup in sorted(empty, key=lambda c: -c.number):
                to = math.hypot(cup.x - bx, cup.y - by)
                if to > 0.5:
                    continue
                gx = bx - (cup.x - bx) / to * 2 * B.BALL_RADIUS
                gy = by - (cup.y - by) / to * 2 * B.BALL_RADIUS
                # the struck ball gives most of its speed to the one it meets full
                add(aim_angle(gx - sx, gy - sy), power_for(math.hypot(gx - sx, gy - sy) + 1.3 * to, 0.5))
        for cup in sorted(empty, key=lambda c: -c.number):
            for wall in (0.0, B.WIDTH):          # the cup's image in a side cushion
                iy = 2 * (wall + (B.BALL_RADIUS if wall == 0.0 else -B.BALL_RADIUS)) - cup.y
                path = math.hypot(cup.x - sx, iy - sy)
                for arrive in ARRIVE[level][:2]:
                    add(aim_angle(cup.x - sx, iy - sy), power_for(path, arrive + 0.1))
    return out


def leave_value(state: BagatelleState, board: Sequence[tuple[str, float, float]], cups: Sequence[str]) -> float:
    """What the balls left lying near empty cups promise the strokes to come (level 3): a share of
    the nearest empty cup's number for each, double for the black."""
    value = 0.0
    for name, x, y in board:
        best = 0.0
        for cup in B.CUPS:
            if cups[cup.number - 1]:
                continue
            d = math.hypot(cup.x - x, cup.y - y)
            if d < 0.15:
                best = max(best, cup.number * (1 - d / 0.15))
        value += best * (2 if name == BLACK else 1)
    return 0.1 * value


class BagatellePlayer(StrokeSearch):
    # Level 3's search stops a little sooner than at Billiards: its last stroke tried, the
    # refinement's judging and a loaded machine must still leave the decision within two seconds.
    BUDGET: ClassVar[dict[int, float]] = {1: 0.4, 2: 0.8, 3: 1.3}

    def candidates(self, game: Any, state: BagatelleState) -> list[Stroke]:
        return candidates(state, self.level)

    def value(self, game: Any, state: BagatelleState, shot: ShotResult) -> float:
        """What the stroke adds to the striker's score and what the cups now hold for him, less
        what it adds for the others (at Sans Égal: his opponent's balls knocked in, the forfeit
        for missing the black), less a little for a ball thrown away at the common game."""
        after = game.after(state, shot)
        me = state.turn
        gain = 0.0
        for seat in range(state.seats):
            delta = after.scores[seat] + after.pending(seat) - state.scores[seat] - state.pending(seat)
            gain += delta if seat == me else -delta
        if not state.sans_egal and not judge(state, shot).black_struck:
            gain -= MISS
        return gain

    def position(self, game: Any, state: BagatelleState, shot: ShotResult) -> float:
        verdict = judge(state, shot)
        return min(1.0, leave_value(state, verdict.board, verdict.cups))

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        action = super().choose(game, view, legal, state)
        if self.level == 1 or not isinstance(action, Strike):
            return action
        gen = self.seed(view)
        gen.below(2)                    # (not the draw level 1's wobble would take)
        turn = gen.below(2 * HAND[self.level] + 1) - HAND[self.level]
        s = action.stroke
        steady = Strike(Stroke((s.angle + turn) % 36000, s.power, s.height, s.side))
        return steady if steady in legal else action


class BagatelleAI(CueAI, PlayerAI):
    pass


AI = BagatelleAI(BagatellePlayer)
