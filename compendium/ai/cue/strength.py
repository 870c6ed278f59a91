"""How strong and how quick the computer is at the pyramid games: a measuring tool.

    python -m compendium.ai.cue.strength [pyramids|shell_out] [positions] [strokes]

sets up a fixed series of positions (``standard_positions``: the white and eight reds scattered
over the table by a seeded generator, none touching another or a cushion), lets each level choose
a stroke from each, plays it, and reports the share of first strokes that pocketed a red fairly,
the faults, the break the level then made from the position (strokes until its turn ended, six
at most, or ``strokes``: where position play shows), and the decision times (median, p95, worst); then the time
to simulate a stroke with all sixteen balls on the table.  The figures on the rules pages come from it.
"""
from __future__ import annotations

import statistics
import sys
import time
from dataclasses import dataclass

from ...core.rng import SplitMix64
from ...games import registry
from ...games.cue import table as T
from ...games.cue.physics import Stroke, simulate
from ...games.cue.pyramids import PocketState, read_stroke
from ...games.cue.strokes import Place
from ..registry import computer_player


def standard_positions(count: int = 20, reds: int = 8, seed: int = 24, seats: int = 2) -> list[PocketState]:
    """``count`` positions, the same every run: the white and ``reds`` reds at random places at
    least a ball's width from the cushions and from each other."""
    gen = SplitMix64(seed)
    margin = 2 * T.BALL_RADIUS
    out = []
    for _ in range(count):
        placed: list[tuple[float, float]] = []
        while len(placed) < reds + 1:
            x = margin + gen.below(int((T.LENGTH - 2 * margin) * 1000)) / 1000
            y = margin + gen.below(int((T.WIDTH - 2 * margin) * 1000)) / 1000
            if all((x - a) ** 2 + (y - b) ** 2 > (3 * T.BALL_RADIUS) ** 2 for a, b in placed):
                placed.append((x, y))
        balls = (placed[0], *placed[1:], *([None] * (15 - reds)))
        out.append(PocketState(seats=seats, balls=balls, scores=(0,) * seats))
    return out


@dataclass
class Row:
    level: int
    pots: int
    balls: int
    faults: int
    breaks: list[int]
    times: list[float]


def measure(game_id: str = "pyramids", count: int = 20, longest: int = 6) -> list[Row]:
    game = registry.get_game(game_id)
    seats = 2 if game_id == "pyramids" else 3
    rows = []
    for level in (1, 2, 3):
        player = computer_player(game, level)
        row = Row(level, 0, 0, 0, [], [])
        for state in standard_positions(count, seats=seats):
            legal = game.legal_actions(state, state.turn)
            start = time.perf_counter()
            action = player.choose(game, game.view(state, state.turn), legal)
            row.times.append(time.perf_counter() - start)
            what = read_stroke("white", game.shot(state, action, record=False))
            if what.foul:
                row.faults += 1
            elif what.taken:
                row.pots += 1
                row.balls += len(what.taken)
            # the break from this position: on while the striker keeps his turn
            after = game.apply(state, action)
            strokes = 1
            while after.turn == state.turn and not after.over and strokes < longest:
                seat = after.turn
                legal = game.legal_actions(after, seat)
                start = time.perf_counter()
                nxt = player.choose(game, game.view(after, seat), legal)
                row.times.append(time.perf_counter() - start)
                after = game.apply(after, nxt)
                strokes += 1
            row.breaks.append(after.scores[state.turn] - state.scores[state.turn])   # (less a ball lost)
        rows.append(row)
    return rows


def stroke_times() -> list[float]:
    """Seconds to simulate a break of the full pyramid at a few strengths."""
    game = registry.get_game("pyramids")
    state = game.apply(game.initial_state(), Place(736, 934))
    out = []
    for power in (20, 40, 60, 80, 100):
        start = time.perf_counter()
        simulate(state.on_table(), "white", Stroke(0, power))
        out.append(time.perf_counter() - start)
    return out


def main(argv: list[str]) -> None:
    game_id = argv[0] if argv else "pyramids"
    count = int(argv[1]) if len(argv) > 1 else 20
    longest = int(argv[2]) if len(argv) > 2 else 6
    for row in measure(game_id, count, longest):
        times = sorted(row.times)
        p95 = times[max(0, int(len(times) * 0.95) - 1)]
        print(f"{game_id} level {row.level}: pocketed with {row.pots} strokes of {count} ({row.balls} balls), "
              f"{row.faults} faults; breaks of {statistics.mean(row.breaks):.1f} balls on average "
              f"(longest {max(row.breaks)}); decision median {statistics.median(times):.2f} s, p95 {p95:.2f} s, "
              f"worst {times[-1]:.2f} s")
    strokes = stroke_times()
    print(f"a break of sixteen balls simulated in {statistics.median(strokes) * 1000:.0f} ms median, "
          f"{max(strokes) * 1000:.0f} ms worst")


if __name__ == "__main__":
    main(sys.argv[1:])
