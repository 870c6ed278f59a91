"""The systems simulator: play one of the book's systems over many evenings at Roulette or Trente
et Quarante, and show how the evenings end against what the bank's edge says they should.

    python -m compendium.ai.casino_sim [--game roulette|trente_et_quarante]
        [--system montant|fitzroy|labouchere] [--sessions 1000] [--coups 30] [--capital 1000]
        [--seed 1] [--json]

Each evening the punter brings ``capital`` and follows the system on one even chance for
``coups`` coups (or until he cannot cover the next stake), with the table's minimum as his unit
and its maximum as his ceiling.  The coups are decided and the stakes settled by the engines' own
functions (``verdict_on`` and the six-pack ``deal_rows`` with ``judge``, and ``settle_lay``), and
the stakes chosen by the players' own ``next_units``, so the simulator plays exactly as the punters
at the table do, only without the table.

What it shows: the distribution of the evenings' results, their mean with its standard error, and
the loss the bank's edge predicts — the edge times the money staked, on average.  The system moves
the shape of the distribution (many small wins, a few large losses) but not its mean.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from typing import Any

from ..core.cards import PACKS, Colour
from ..core.rng import SplitMix64, shuffled
from ..games.chance import roulette, trente_et_quarante
from ..games.chance.casino import Lay, settle_lay
from .chance.casino import SYSTEM_NAMES, SYSTEMS, next_units


@dataclass(frozen=True)
class SimResult:
    game: str
    system: str
    sessions: int
    coups: int
    capital: int
    results: tuple[int, ...]        # each evening's net result, francs
    staked: tuple[int, ...]         # the money each evening staked (every stake, counted once)
    edge: float                     # the bank's exact advantage on the chance played

    @property
    def mean(self) -> float:
        return sum(self.results) / len(self.results)

    @property
    def stderr(self) -> float:
        k = len(self.results)
        m = self.mean
        return float((sum((x - m) ** 2 for x in self.results) / max(1, k - 1) / k) ** 0.5)

    @property
    def expected(self) -> float:
        """The loss the edge predicts: the edge times the mean money staked an evening."""
        return -self.edge * sum(self.staked) / len(self.staked)

    @property
    def winners(self) -> float:
        return sum(1 for x in self.results if x > 0) / len(self.results)

    @property
    def ruined(self) -> float:
        return sum(1 for x in self.results if x <= -self.capital + self.unit - 1) / len(self.results)

    @property
    def unit(self) -> int:
        return roulette.MINIMUM if self.game == "roulette" else trente_et_quarante.MINIMUM

    def histogram(self, bins: int = 20) -> list[tuple[float, float, int]]:
        """(low, high, evenings) for ``bins`` equal bins from the worst to the best evening."""
        lo, hi = min(self.results), max(self.results)
        if hi == lo:
            return [(lo, hi, len(self.results))]
        width = (hi - lo) / bins
        counts = [0] * bins
        for x in self.results:
            counts[min(bins - 1, int((x - lo) / width))] += 1
        return [(lo + k * width, lo + (k + 1) * width, counts[k]) for k in range(bins)]


class _Coups:
    """The coups of one game, one after another, from a seeded generator: a number of the wheel,
    or a coup of Trente et Quarante dealt from six-pack shoes."""

    def __init__(self, game: str, seed: int) -> None:
        self.game = game
        self.gen = SplitMix64(seed)
        self.shoe: tuple[Any, ...] = ()
        self.pos = 0

    def verdict(self, chance: str) -> str:
        if self.game == "roulette":
            return roulette.verdict_on(roulette.SPOTS[chance], self.gen.below(37))
        if len(self.shoe) - self.pos < trente_et_quarante.LOW_WATER:
            self.shoe, self.pos = shuffled(PACKS["6x52"], self.gen.next() >> 1), 0
        noir, rouge, self.pos = trente_et_quarante.deal_rows(self.shoe, self.pos)
        count = trente_et_quarante.count
        return trente_et_quarante.judge(chance, sum(count(self.shoe[i]) for i in noir),
                                        sum(count(self.shoe[i]) for i in rouge),
                                        self.shoe[noir[0]].colour is Colour.BLACK)


def simulate(game: str = "roulette", system: str = "montant", sessions: int = 1000, coups: int = 30,
             capital: int = 1000, seed: int = 1, zero_rule: str = "prison") -> SimResult:
    if system not in SYSTEMS:
        raise ValueError(f"no system {system!r}: choose from {', '.join(SYSTEMS)}")
    if game == "roulette":
        unit, chance = roulette.MINIMUM, "rouge"
        limit = roulette.LIMITS["simple"]
        edge = float(roulette.house_edge(roulette.SPOTS[chance], zero_rule))
    elif game == "trente_et_quarante":
        unit, chance = trente_et_quarante.MINIMUM, "rouge"
        limit = trente_et_quarante.LIMIT
        edge = float(trente_et_quarante.house_edge(chance, zero_rule))
    else:
        raise ValueError(f"the simulator plays roulette or trente_et_quarante, not {game!r}")
    source = _Coups(game, seed)
    results: list[int] = []
    staked_all: list[int] = []
    for _ in range(sessions):
        stock, staked = capital, 0
        history: list[int] = []
        lay: Lay | None = None
        for _ in range(coups):
            if lay is None:
                want = min(next_units(system, history, unit) * unit, limit, stock - stock % unit)
                if want < unit:
                    break                      # ruined: he cannot cover the next stake
                lay = Lay(0, chance, want)
                stock -= want
                staked += want
            back, net, decided, lay = settle_lay(lay, source.verdict(chance), 1, zero_rule)
            stock += back
            if decided:
                history.append(net)
        if lay is not None:                    # a prisoner at the end: he takes half
            stock += lay.amount // 2
        results.append(stock - capital)
        staked_all.append(staked)
    return SimResult(game, system, sessions, coups, capital, tuple(results), tuple(staked_all), edge)


def report(result: SimResult) -> str:
    lines = [f"{SYSTEM_NAMES[result.system]} at {result.game.replace('_', ' ').title()}: "
             f"{result.sessions} evenings of {result.coups} coups with {result.capital} francs",
             f"  mean result     {result.mean:+9.1f} ± {result.stderr:.1f} francs an evening",
             f"  the edge says   {result.expected:+9.1f} francs (edge {result.edge:.4%} × the money staked)",
             f"  evenings won    {result.winners:6.1%}",
             ""]
    hist = result.histogram(16)
    top = max(c for _, _, c in hist) or 1
    for lo, hi, c in hist:
        lines.append(f"  {lo:+8.0f} … {hi:+8.0f}  {'█' * round(40 * c / top):<40} {c}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m compendium.ai.casino_sim",
                                     description="Play a system of the 1909 book over many evenings.")
    parser.add_argument("--game", default="roulette", choices=("roulette", "trente_et_quarante"))
    parser.add_argument("--system", default="montant", choices=SYSTEMS)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--coups", type=int, default=30)
    parser.add_argument("--capital", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--zero-rule", default="prison", choices=("prison", "half"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not (1 <= args.sessions <= 1_000_000 and 1 <= args.coups <= 10_000 and args.capital > 0):
        parser.error("sessions 1 to 1,000,000, coups 1 to 10,000, and a capital above 0")
    result = simulate(args.game, args.system, args.sessions, args.coups, args.capital, args.seed, args.zero_rule)
    if args.json:
        out = asdict(result) | {"mean": result.mean, "stderr": result.stderr, "expected": result.expected,
                                "winners": result.winners}
        out.pop("results")
        out.pop("staked")
        print(json.dumps(out, indent=2))
    else:
        print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
