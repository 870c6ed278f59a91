"""How strong and how quick the computer is at Pool and Snooker Pool: a measuring tool.

    python -m compendium.ai.cue.pool_strength [pool|snooker_pool] [positions]

takes the fixed series of scattered positions of the pyramid games' tool (``strength.standard_
positions``: balls at seeded random places, none touching another or a cushion) and sets each up
as a position of the game:

* Pool: three players, Red to strike at White's ball, Yellow's ball elsewhere;
* Snooker Pool: the white and six reds scattered, the colours on their spots, a red on;

lets each level choose a stroke from each, plays it, and reports the share of first strokes that
took a life (Pool) or pocketed a ball fairly (Snooker Pool), the strokes that cost the striker a
life or a penalty, the break then made from the position (Snooker, six strokes at most), and the
decision times (median, p95, worst).  The figures on the rules pages come from it.
"""
from __future__ import annotations

import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from ...games import registry
from ...games.cue.game import clear_of
from ...games.cue.pool import PoolState
from ...games.cue.pool import judge as pool_judge
from ...games.cue.snooker_pool import COLOURS, NAMES, SPOTS, SnookerState
from ...games.cue.snooker_pool import judge as snooker_judge
from ..registry import computer_player
from .strength import standard_positions


def pool_positions(count: int) -> list[PoolState]:
    out = []
    for base in standard_positions(count, reds=2):
        red, white, yellow = base.balls[0], base.balls[1], base.balls[2]
        out.append(PoolState(names=("white", "red", "yellow"), balls=(white, red, yellow), lives=(3, 3, 3),
                             turn=1, on=0, taken=(0, 0, 0)))
    return out


def snooker_positions(count: int) -> list[SnookerState]:
    out = []
    for base in standard_positions(count, reds=6, seed=31):
        place: dict[str, Any] = {"white": base.balls[0]}
        place.update({f"r{k}": base.balls[k] for k in range(1, 7)})
        for c in COLOURS:      # a colour whose spot a scattered ball covers stays off (a rare case)
            if clear_of(SPOTS[c], list(place.values())):
                place[c] = SPOTS[c]
        out.append(SnookerState(balls=tuple(place.get(n) for n in NAMES), scores=(0, 0)))
    return out


@dataclass
class Row:
    level: int
    made: int
    faults: int
    breaks: list[int]
    times: list[float]


def measure(game_id: str = "pool", count: int = 30) -> list[Row]:
    game = registry.get_game(game_id)
    positions: list[Any] = pool_positions(count) if game_id == "pool" else snooker_positions(count)
    rows = []
    for level in (1, 2, 3):
        player = computer_player(game, level)
        row = Row(level, 0, 0, [], [])
        for state in positions:
            legal = game.legal_actions(state, state.turn)
            start = time.perf_counter()
            action = player.choose(game, game.view(state, state.turn), legal)
            row.times.append(time.perf_counter() - start)
            shot = game.shot(state, action, record=False)
            if game_id == "pool":
                verdict = pool_judge(state, shot)
                row.faults += verdict.lost is not None
                row.made += bool(verdict.taken) and verdict.lost is None
                row.breaks.append(len(verdict.taken))
                continue
            snooker = snooker_judge(state, shot)
            row.faults += snooker.penalty > 0
            row.made += snooker.points > 0
            after, points, strokes = game.apply(state, action), snooker.points, 1
            while after.turn == state.turn and not after.over and strokes < 6:
                legal = game.legal_actions(after, after.turn)
                start = time.perf_counter()
                action = player.choose(game, game.view(after, after.turn), legal)
                row.times.append(time.perf_counter() - start)
                before = after
                after = game.apply(after, action)
                points += max(0, after.scores[state.turn] - before.scores[state.turn])
                strokes += 1
            row.breaks.append(points)
        rows.append(row)
    return rows


def main(argv: list[str]) -> None:
    game_id = argv[0] if argv else "pool"
    count = int(argv[1]) if len(argv) > 1 else 30
    what = "took a life" if game_id == "pool" else "pocketed fairly"
    for row in measure(game_id, count):
        times = sorted(row.times)
        p95 = times[max(0, int(len(times) * 0.95) - 1)]
        print(f"level {row.level}: {what} with {row.made} of {count} first strokes, faults {row.faults}, "
              f"mean {'lives' if game_id == 'pool' else 'break'} {statistics.mean(row.breaks):.2f}; "
              f"decision median {statistics.median(times):.2f} s, p95 {p95:.2f} s, worst {times[-1]:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
