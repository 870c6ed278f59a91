"""The computer at Bagatelle, at three strengths: it searches strokes with the physics, as the
Billiards player does (``ai/cue/billiards.py``: its budgets and its wavering cue arm).

Candidate strokes come from the board's geometry: straight at each empty cup, at each cup off
either side cushion (aimed at the cup's image in the cushion), the ghost-ball aims that would
knock a ball lying on the cloth (the black above all) into each empty cup, and a fan of aims
about the black while it has not been struck.  Each aim is tried at the strengths that bring the
ball to the cup slowly (estimated from the cloth's friction), and every candidate is played on a
copy of the board (``physics.simulate``) and judged by the game's own laws (``bagatelle.judge``):
its worth is what it adds to the cups.

* Level 1 tries straight aims and the black at one strength, and its cue arm wavers (up to 0.4°
  off its line and a little off the strength).
* Level 2 adds the cushion aims and the knock-ins, at three strengths.
* Level 3 tries five strengths, and refines the best few strokes with small turns of the aim and
  of the strength; it weighs too the balls it leaves lying near empty cups for the strokes to come.

A player sees the view only (the board hides nothing); its wavering is seeded from the view, so a
decision is repeatable.
"""
from __future__ import annotations

import math
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.rng import SplitMix64
from ...games.cue import bagatelle_board as B
from ...games.cue.bagatelle import BLACK, BagatelleState, cups_value, judge, up_the_board
from ...games.cue.physics import MU_ROLL, G, Stroke, simulate
from ...games.cue.strokes import Strike
from .billiards import BUDGET, WOBBLE, BilliardsAI

ARRIVE = {1: (0.35,), 2: (0.2, 0.4, 0.65), 3: (0.15, 0.28, 0.42, 0.6, 0.8)}   # m/s over the cup
POWER_WOBBLE = 2        # level 1's strength: up to 2 per cent off


def _angle(dx: float, dy: float) -> int:
    return round(math.degrees(math.atan2(dy, dx)) * 100) % 36000


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
            add(_angle(tx - sx, ty - sy), power_for(path, arrive))

    empty = [cup for cup in B.CUPS if not state.cups[cup.number - 1]]
    lying = {name: (x, y) for name, x, y in state.board}
    if not state.black_struck and BLACK in lying:
        bx, by = lying[BLACK]
        # the black must be struck first: knock it towards the cups, full and a little to each side
        for cup in sorted(empty, key=lambda c: -c.number):
            to = math.hypot(cup.x - bx, cup.y - by)
            gx = bx - (cup.x - bx) / to * 2 * B.BALL_RADIUS
            gy = by - (cup.y - by) / to * 2 * B.BALL_RADIUS
            add(_angle(gx - sx, gy - sy), power_for(math.hypot(gx - sx, gy - sy) + to, 0.9))
        for off in (0, 40, -40, 90, -90, 150, -150)[:3 if level == 1 else 7]:
            for arrive in ARRIVE[level]:
                add((_angle(bx - sx, by - sy) + off) % 36000, power_for(bx - sx + 0.35, arrive + 0.3))
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
                add(_angle(gx - sx, gy - sy), power_for(math.hypot(gx - sx, gy - sy) + 1.3 * to, 0.5))
        for cup in sorted(empty, key=lambda c: -c.number):
            for wall in (0.0, B.WIDTH):          # the cup's image in a side cushion
                iy = 2 * (wall + (B.BALL_RADIUS if wall == 0.0 else -B.BALL_RADIUS)) - cup.y
                path = math.hypot(cup.x - sx, iy - sy)
                for arrive in ARRIVE[level][:2]:
                    add(_angle(cup.x - sx, iy - sy), power_for(path, arrive + 0.1))
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
    return 0.15 * value


@dataclass
class BagatellePlayer:
    level: int = 2

    def score(self, state: BagatelleState, stroke: Stroke) -> float:
        shot = simulate(state.on_table(), state.striker(), stroke, board=B.BagatelleBoard(state.filled()))
        verdict = judge(state, shot)
        value = float(cups_value(verdict.cups) - state.in_cups())
        if not verdict.black_struck:
            value -= 3.0                    # a ball thrown away
        if self.level >= 3:
            value += leave_value(state, verdict.board, verdict.cups)
        return value

    def best(self, state: BagatelleState, deadline: float | None = None) -> tuple[float, Stroke]:
        cands = candidates(state, self.level)
        start = time.perf_counter()
        if deadline is None:
            deadline = start + BUDGET[self.level]
        search_end = start + (deadline - start) * (0.75 if self.level >= 3 else 1.0)
        scored: list[tuple[float, int, Stroke]] = []
        for i, s in enumerate(cands):
            if scored and time.perf_counter() > search_end:
                break
            scored.append((self.score(state, s), i, s))
        scored.sort(key=lambda t: (-t[0], t[1]))
        if self.level >= 3:
            # refine the best few: small turns of the aim and of the strength
            refined: list[tuple[float, int, Stroke]] = []
            for _, _, s in scored[:4]:
                for turn, dp in ((-8, 0), (8, 0), (0, -1), (0, 1), (-16, 0), (16, 0)):
                    if time.perf_counter() > deadline:
                        break
                    t = Stroke((s.angle + turn) % 36000, max(1, min(100, s.power + dp)))
                    if up_the_board(t):
                        refined.append((self.score(state, t), len(cands) + len(refined), t))
            scored = sorted(scored + refined, key=lambda t: (-t[0], t[1]))
        return scored[0][0], scored[0][2]

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        s: BagatelleState = view
        _, stroke = self.best(s)
        if self.level == 1:
            gen = SplitMix64(zlib.crc32(repr((s.board, s.cups, s.strokes, s.round_index)).encode()))
            wobble = gen.below(2 * WOBBLE + 1) - WOBBLE
            power = max(1, min(100, stroke.power + gen.below(2 * POWER_WOBBLE + 1) - POWER_WOBBLE))
            stroke = Stroke((stroke.angle + wobble) % 36000, power, stroke.height, stroke.side)
        action = Strike(stroke)
        return action if action in legal else legal[0]


# the Billiards player's hint, which keeps the lazy strokes as they are (never a list of them)
AI = BilliardsAI(BagatellePlayer)
