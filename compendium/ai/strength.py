"""How much stronger is one computer level than another?  ``python -m compendium.ai.strength``.

    python -m compendium.ai.strength napoleon --deals 500 --levels 3 1

plays ``N`` seeded deals.  In deal ``i`` level A sits in seat ``i mod n`` (so it takes every place
at the table in turn, dealer and eldest alike) and level B in every other seat; each deal starts
from a fresh game dealt with seed ``--seed + i`` and ends when the next deal (or the end of the
game) is due.  A seat's points for the deal are what the score sheet credits it in that deal.

The report gives the mean points per deal of A and of a B seat, and the mean of the per-deal
difference A − B (B averaged over its seats in that deal), each with a 95% confidence interval
(mean ± 1.96 standard errors: the deals are independent, and a few hundred make the normal
approximation sound).  Level 0 is a player choosing uniformly at random among the legal actions
(seeded), a floor to measure the others against.  Decision times per level are reported too.

Duplicate mode (``--duplicate``) takes the luck of the cards out.  A *deal* is then one seeded
deal (seed ``--seed + i``) played several times with exactly the same cards, each play from a fresh
game and fresh players:

- in a partnership game (the game's ``sides(options)`` puts two or more seats on one side, e.g.
  Auction Bridge, Quinto, four-handed All Fours) level A holds *every seat of one side* and level B
  every other seat, and the deal is played once per side, so A holds each side's cards once;
- in a game where every player scores alone, A holds one seat and B the others, and the deal is
  played once per seat.

In each play A's points are the mean over the seats A holds of their points (a side's points are
credited to each of its seats, so that is the side's score) and B's the mean over the other seats.
The deal's figures are A's points averaged over its plays, B's likewise, and the difference A − B
of those two means; the interval is again over the deals, which are independent.  Whatever the
cards favour, A and B each held it once, so what is left is the difference of play.  Level 0
players are seeded by deal and seat, not by play: the seat's random player draws the same numbers
in every play, so (like any other level, whose players are deterministic) a level set against
itself gives a difference of exactly zero.  Seats not in a side of acting seats (Dummy Quinto's
dummy, played by its partner) simply go with their side.

Everything is seeded: the same command prints the same figures.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import UnknownGame
from ..core.game import Game, Special
from ..core.rng import SplitMix64
from .registry import computer_player

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A sample mean with the half-width of its 95% confidence interval."""

    mean: float
    half_width: float
    count: int

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half_width:.3f}"


def estimate(values: Sequence[float]) -> Estimate:
    """Mean and 95% interval half-width (sample standard deviation over ``sqrt(n)``)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values to estimate from")
    mean = statistics.fmean(values)
    if n == 1:
        return Estimate(mean, math.inf, 1)
    return Estimate(mean, Z95 * statistics.stdev(values) / math.sqrt(n), n)


class RandomPlayer:
    """Level 0: any legal action, uniformly, from its own seeded generator."""

    level = 0

    def __init__(self, seed: int) -> None:
        self.rng = SplitMix64(seed)

    def choose(self, game: Any, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.below(len(legal))]


def make_player(game: Game[Any, Any, Any], level: int, seed: int) -> Any:
    if level == 0:
        return RandomPlayer(seed)
    return computer_player(game, level)


@dataclass
class DealResult:
    """One deal: the seat of level A and every seat's points."""

    seat_a: int
    points: list[int]

    @property
    def a(self) -> float:
        return float(self.points[self.seat_a])

    @property
    def b(self) -> float:
        others = [p for s, p in enumerate(self.points) if s != self.seat_a]
        return statistics.fmean(others)


@dataclass(frozen=True, slots=True)
class Play:
    """One play of a duplicate deal: the seats level A held and every seat's points."""

    seats_a: tuple[int, ...]
    points: tuple[int, ...]

    @property
    def a(self) -> float:
        return statistics.fmean(self.points[s] for s in self.seats_a)

    @property
    def b(self) -> float:
        return statistics.fmean(p for s, p in enumerate(self.points) if s not in self.seats_a)


@dataclass(frozen=True, slots=True)
class DuplicateDeal:
    """One seeded deal played once with level A in each group of seats (a side, or a seat)."""

    seed: int
    plays: tuple[Play, ...]

    @property
    def a(self) -> float:
        return statistics.fmean(p.a for p in self.plays)

    @property
    def b(self) -> float:
        return statistics.fmean(p.b for p in self.plays)


@dataclass
class Report:
    game_id: str
    level_a: int
    level_b: int
    deals: list[DealResult] | list[DuplicateDeal]
    times: dict[int, list[float]] = field(default_factory=dict)   # level -> decision seconds
    duplicate: bool = False

    @property
    def a(self) -> Estimate:
        return estimate([d.a for d in self.deals])

    @property
    def b(self) -> Estimate:
        return estimate([d.b for d in self.deals])

    @property
    def difference(self) -> Estimate:
        return estimate([d.a - d.b for d in self.deals])

    def text(self) -> str:
        if self.duplicate:
            lines = self._duplicate_heading()
        else:
            lines = [(f"{self.game_id}: level {self.level_a} (one seat, rotating) against level "
                     f"{self.level_b} (the other seats), {len(self.deals)} deals")]
        lines += [f"  mean points per deal, level {self.level_a}: {self.a}",
                  f"  mean points per deal, a level {self.level_b} seat: {self.b}",
                  (f"  difference A - B per deal: {self.difference}  (95% interval "
                   f"{self.difference.low:+.3f} .. {self.difference.high:+.3f})")]
        for level, times in sorted(self.times.items()):
            if times:
                ordered = sorted(times)
                p50 = ordered[len(ordered) // 2]
                p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
                lines.append(f"  level {level} decision time: p50 {p50 * 1000:.1f} ms, p95 "
                             f"{p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms over {len(times)}")
        return "\n".join(lines)

    def _duplicate_heading(self) -> list[str]:
        first = self.deals[0]
        assert isinstance(first, DuplicateDeal)
        plays = len(first.plays)
        partnership = any(len(p.seats_a) > 1 for p in first.plays)
        held = "every seat of one side" if partnership else "one seat"
        each = "side" if partnership else "seat"
        groups = "; ".join("+".join(str(s) for s in p.seats_a) for p in first.plays)
        return [(f"{self.game_id}: duplicate, level {self.level_a} ({held}) against level "
                 f"{self.level_b} (the other seats), {len(self.deals)} deals of {plays} plays each"),
                (f"  a deal is one seeded deal played {plays} times with the same cards, level "
                 f"{self.level_a} holding each {each} once (seats {groups}); its points are the "
                 f"mean over its plays, and A - B is level {self.level_a}'s mean minus the mean "
                 f"of a level {self.level_b} seat")]


def deal_points(game: Game[Any, Any, Any], state: Any, seats: int) -> list[int]:
    """Every seat's points on the sheet so far (a side's points go to each of its seats)."""
    points = [0] * seats
    sides = game.sides(game.options_of(state)) if hasattr(game, "sides") else None
    if sides is not None:
        for side, members in enumerate(sides):
            for seat in members:
                if seat < seats:        # Dummy Quinto's dummy (seat 3 of 3) acts through seat 1
                    points[seat] = state.sheet.totals[side]
        return points
    for event in game.score_events(state):
        points[event.seat] += event.points
    return points


def play_deal(game: Game[Any, Any, Any], options: dict[str, Any] | None, seed: int,
              players: dict[int, Any], times: dict[int, list[float]] | None = None,
              max_steps: int = 2000, on_deal: Callable[[Any], None] | None = None) -> list[int]:
    """Deal once with ``seed`` and play until the next deal is due; each seat's points.
    ``on_deal`` (if given) is shown the state just after the deal, before anyone acts."""
    state = game.initial_state(options)
    if game.to_move(state) is not Special.CHANCE:
        raise ValueError(f"{game.info.id} does not start with a deal")
    state = game.apply(state, game.chance_action(state, seed))
    if on_deal is not None:
        on_deal(state)
    seats = game.seat_count(state)
    for _ in range(max_steps):
        seat = game.to_move(state)
        if isinstance(seat, Special):
            break
        legal = game.legal_actions(state, seat)
        legal = legal if getattr(legal, "lazy", False) else list(legal)   # (a game of the cue's strokes)
        player = players[seat]
        started = time.perf_counter()
        action = player.choose(game, game.view(state, seat), legal)
        if times is not None:
            times.setdefault(getattr(player, "level", -1), []).append(time.perf_counter() - started)
        state = game.apply(state, action)
    else:
        raise RuntimeError(f"deal {seed} of {game.info.id} did not finish in {max_steps} steps")
    return deal_points(game, state, seats)


def compare(game: Game[Any, Any, Any], level_a: int, level_b: int, deals: int, seed: int = 1,
            options: dict[str, Any] | None = None, progress: Any = None) -> Report:
    """Play ``deals`` deals, level A in one seat (seat ``i mod n`` in deal ``i``), B elsewhere."""
    report = Report(game.info.id, level_a, level_b, [], {})
    seats = game.seat_count(game.initial_state(options))
    for i in range(deals):
        seat_a = i % seats
        players = {s: make_player(game, level_a if s == seat_a else level_b, seed * 1_000_003 + i * 31 + s)
                   for s in range(seats)}
        points = play_deal(game, options, seed + i, players, report.times)
        report.deals.append(DealResult(seat_a, points))
        if progress is not None:
            progress(i + 1, report)
    return report


def seat_groups(game: Game[Any, Any, Any], options: dict[str, Any] | None) -> tuple[tuple[int, ...], ...]:
    """The groups of acting seats that score together: the game's sides (each side's seats that
    act, so Dummy Quinto's dummy goes with its partner), or every seat alone."""
    state = game.initial_state(options)
    seats = game.seat_count(state)
    if not hasattr(game, "sides"):
        return tuple((s,) for s in range(seats))
    groups = tuple(g for g in (tuple(s for s in side if s < seats)
                               for side in game.sides(game.options_of(state))) if g)
    held = sorted(s for g in groups for s in g)
    if held != list(range(seats)):
        raise ValueError(f"{game.info.id}: the sides {groups} do not hold each of the "
                         f"{seats} seats exactly once")
    return groups


def duplicate_groups(game: Game[Any, Any, Any], options: dict[str, Any] | None) -> tuple[tuple[int, ...], ...]:
    """The groups level A holds in turn in a duplicate deal; ``ValueError`` if fewer than two."""
    groups = seat_groups(game, options)
    if len(groups) < 2:
        raise ValueError(f"{game.info.id} has {len(groups)} side(s): a duplicate comparison "
                         "needs two or more")
    return groups


def compare_duplicate(game: Game[Any, Any, Any], level_a: int, level_b: int, deals: int,
                      seed: int = 1, options: dict[str, Any] | None = None, progress: Any = None,
                      on_deal: Callable[[Any], None] | None = None) -> Report:
    """Play each of ``deals`` seeded deals once per group of seats (a side in a partnership game,
    a seat otherwise), level A holding that group and level B the rest; see the module text."""
    groups = duplicate_groups(game, options)
    seats = sum(len(g) for g in groups)
    report = Report(game.info.id, level_a, level_b, [], {}, duplicate=True)
    for i in range(deals):
        plays = []
        for group in groups:
            # Seeded by deal and seat, never by play: each seat's level-0 player draws the same
            # numbers in every play of the deal, so only who sits where changes between plays.
            players = {s: make_player(game, level_a if s in group else level_b,
                                      seed * 1_000_003 + i * 31 + s) for s in range(seats)}
            points = play_deal(game, options, seed + i, players, report.times, on_deal=on_deal)
            plays.append(Play(group, tuple(points)))
        report.deals.append(DuplicateDeal(seed + i, tuple(plays)))
        if progress is not None:
            progress(i + 1, report)
    return report


def _option(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r}: an option is written NAME=VALUE")
    parsed: Any = value
    if value in ("True", "False"):
        parsed = value == "True"
    elif value.lstrip("-").isdigit():
        parsed = int(value)
    return name, parsed


def main(argv: Sequence[str] | None = None) -> int:
    from ..games import registry
    parser = argparse.ArgumentParser(prog="python -m compendium.ai.strength",
                                     description="Mean points per deal of one computer level against another.")
    parser.add_argument("game", help="a game id, e.g. napoleon")
    parser.add_argument("--deals", type=int, default=100, help="how many deals (default 100)")
    parser.add_argument("--levels", type=int, nargs=2, default=(3, 1), metavar=("A", "B"),
                        help="level A (one seat) and level B (the others); 0 plays at random")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    parser.add_argument("--option", type=_option, action="append", default=[],
                        help="a game option NAME=VALUE (repeatable)")
    parser.add_argument("--progress", type=int, default=0, help="print the figures every N deals")
    parser.add_argument("--duplicate", action="store_true",
                        help=("play every deal once per side (partnership games) or per seat, "
                              "level A holding it, with the same cards each time"))
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    for level in args.levels:
        if level not in (0, 1, 2, 3):
            parser.error(f"no level {level}: the levels are 1, 2, 3 (and 0 for random)")
    if args.progress < 0:
        parser.error(f"--progress must be 0 (off) or more, not {args.progress}")
    try:
        game = registry.get_game(args.game)
    except UnknownGame as exc:
        parser.error(str(exc))
    options = dict(args.option) or None

    def progress(done: int, report: Report) -> None:
        if args.progress and done % args.progress == 0 and done < args.deals:
            print(f"after {done} deals: A - B {report.difference}", flush=True)
    if args.duplicate:
        try:
            duplicate_groups(game, options)       # refuse a one-sided game before any play
        except ValueError as exc:
            parser.error(str(exc))
        report = compare_duplicate(game, args.levels[0], args.levels[1], args.deals, args.seed,
                                   options, progress)
    else:
        report = compare(game, args.levels[0], args.levels[1], args.deals, args.seed, options,
                         progress)
    print(report.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
