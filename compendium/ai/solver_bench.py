"""The solver's table: ``python -m compendium.ai.solver_bench [--deals 200] [--budget 2] [--positions N]``.

For every playable patience, the solver is asked about the opening position of seeded deals
(deal numbers 1, 2, ...) with a time budget each, and the table says: the share of deals decided
(winnable or lost) within the budget, the share found winnable, the median and 95th-percentile
seconds per deal, and positions searched per second.  Open games (every card face up) come first:
for those the live indicator after each move depends on the solver deciding quickly.

Every winning line found is replayed through the game's own ``apply`` before it is counted; a
line that does not replay to a win is reported as an error (and the exit status is 1).

``--positions N`` caps each deal at N positions instead (with a clock budget of ten minutes unless
``--budget`` is given): the verdicts then do not depend on the machine's speed or load, so two
builds or two rules can be compared on one noisy machine, and a long cap asks how many positions
the undecided deals need (the README's table for Klondike).  ``--json`` lists each row's undecided
deals.

A game may be named with options, ``game_id:option=value,...``; Klondike is measured under the
book's rules and under the modern options (``KLONDIKE_ROWS``).  Its solver is *thoughtful*: it
reads the face-down cards and the stock, so its "won" is the share of deals a player who could
see every card would win (the README compares it with the figure Solvitaire published).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any, Sequence

OPEN_GAMES = ("la_belle_lucie", "house_in_the_wood", "house_on_the_hill", "fortress", "nestor")
KLONDIKE = "canfield_or_klondike"
KLONDIKE_ROWS = (
    KLONDIKE,                                                                   # the book's rules
    f"{KLONDIKE}:draw=1,passes=0,runs=part,from_foundation=1",                  # the modern game
    f"{KLONDIKE}:draw=3,passes=0,runs=part,from_foundation=1",
)


def parse_row(name: str) -> tuple[str, dict[str, Any]]:
    """``game_id`` or ``game_id:option=value,...`` (values read as integers where they are)."""
    gid, _, rest = name.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    if gid == KLONDIKE and "from_foundation" in options:
        options["from_foundation"] = bool(options["from_foundation"])
    return gid, options


@dataclass
class Row:
    game: str
    deals: int
    decided_pct: float
    won_pct: float
    lost_pct: float
    median_s: float
    p95_s: float
    positions_per_s: float
    bad_lines: int
    undecided: list[int]      # the deal numbers (seeds) neither won nor lost within the budget
    positions: int            # searched in all


def patience_ids() -> list[str]:
    """Every playable patience, the open ones first."""
    from ..games.patience.engine import PatienceGame
    from ..games.registry import ENGINES, get_game
    ids = [gid for gid in ENGINES if isinstance(get_game(gid), PatienceGame)]
    rest = [g for g in ids if g not in OPEN_GAMES]
    if KLONDIKE in rest:
        at = rest.index(KLONDIKE)
        rest[at:at + 1] = KLONDIKE_ROWS
    return [g for g in OPEN_GAMES if g in ids] + rest


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(game_id: str, deals: int, budget_s: float, first_seed: int = 1, cpu: bool = True,
            positions: int | None = None) -> Row:
    """One row: ``deals`` seeded deals from ``first_seed``, each with ``budget_s`` seconds (and at
    most ``positions`` positions, where given)."""
    from ..core.errors import IllegalAction
    from ..core.session import Session
    from ..games.registry import get_game
    from .solver import Verdict, solve
    gid, options = parse_row(game_id)
    game: Any = get_game(gid)
    won = lost = bad = 0
    nodes = 0
    undecided: list[int] = []
    seconds: list[float] = []
    for seed in range(first_seed, first_seed + deals):
        state = Session(game, options or None, seed=seed).state
        result = solve(game, state, budget_s=budget_s, max_nodes=positions,
                       clock=time.process_time if cpu else time.perf_counter)
        seconds.append(result.seconds)
        nodes += result.nodes
        if result.verdict is Verdict.WINNABLE:
            walk = state
            try:
                for action in result.line:
                    walk = game.apply(walk, action)
                ok = game.is_won(walk)
            except IllegalAction:   # counted as a bad line
                ok = False
            if ok:
                won += 1
            else:
                bad += 1
        elif result.verdict is Verdict.LOST:
            lost += 1
        else:
            undecided.append(seed)
    total = sum(seconds)
    return Row(game_id, deals, 100.0 * (won + lost) / deals, 100.0 * won / deals, 100.0 * lost / deals,
               statistics.median(seconds), _p95(seconds), nodes / total if total else 0.0, bad, undecided, nodes)


def table(rows: Sequence[Row], budget_s: float, cpu: bool = True, positions: int | None = None) -> str:
    head = (f"{'game':<34} {'deals':>5} {'decided':>8} {'won':>6} {'lost':>6} {'median s':>9} "
            f"{'p95 s':>6} {'pos/s':>8}")
    clock = "CPU seconds of the solving process" if cpu else "seconds of wall time"
    each = f"{positions:,} positions each (and at most {budget_s:g} s)" if positions else f"{budget_s:g} s each"
    lines = [f"Solver on seeded deals, {each}, in {clock} (open games marked *)", head,
             "-" * len(head)]
    for r in rows:
        mark = "*" if r.game in OPEN_GAMES else " "
        lines.append(f"{_short(r.game) + mark:<34} {r.deals:>5} {r.decided_pct:>7.1f}% {r.won_pct:>5.1f}% "
                     f"{r.lost_pct:>5.1f}% {r.median_s:>9.3f} {r.p95_s:>6.2f} {r.positions_per_s:>8.0f}"
                     + (f"  BAD LINES: {r.bad_lines}" if r.bad_lines else ""))
    return "\n".join(lines)


def _short(name: str) -> str:
    """A Klondike row's options in a few letters: draw, passes (∞ unlimited), runs, back."""
    gid, options = parse_row(name)
    if not options:
        return gid
    words = [f"d{options.get('draw', 1)}", f"p{options.get('passes', 1) or '∞'}",
             str(options.get("runs", "whole")), "back" if options.get("from_foundation") else ""]
    return f"{'klondike' if gid == KLONDIKE else gid} {' '.join(w for w in words if w)}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per deal (default 2; 600 with --positions)")
    parser.add_argument("--positions", type=int, default=None,
                        help="positions per deal at most: verdicts that do not depend on the machine's speed")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", help="game ids (default: every playable patience)")
    parser.add_argument("--open", action="store_true", help="only the open games")
    parser.add_argument("--wall", action="store_true",
                        help="budget in wall time (default: CPU time, so that a busy machine measures "
                             "as an idle one would)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.positions is not None and args.positions < 1:
        parser.error(f"--positions must be at least 1 (got {args.positions})")
    budget = args.budget if args.budget is not None else (600.0 if args.positions else 2.0)
    games = args.games or patience_ids()
    if args.open:
        games = [g for g in games if g in OPEN_GAMES]
    rows = []
    for gid in games:
        started = time.perf_counter()
        rows.append(measure(gid, args.deals, budget, args.first_seed, cpu=not args.wall,
                            positions=args.positions))
        if not args.json:   # progress, for long runs: the row as soon as it is measured
            print(f"  {table(rows[-1:], budget, cpu=not args.wall).splitlines()[-1]}  "
                  f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
    else:
        print(table(rows, budget, cpu=not args.wall, positions=args.positions))
    return 1 if any(r.bad_lines for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
