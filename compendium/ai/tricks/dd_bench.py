"""Measure the double-dummy solver: times on random positions and, where the DDS library's Python
wrapper ``endplay`` happens to be installed, agreement with it.  A measuring instrument only:
``endplay`` is never needed by the application (without it the comparison is skipped).

    python -m compendium.ai.tricks.dd_bench --cards 7 --positions 1000 [--seed 7] [--engine auto]

Each position is a random deal played at random down to ``--cards`` cards a hand (and up to three
cards into the next trick), a random trump or no trumps, the solver asked for the tricks of the
side on turn."""
from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from ...core.cards import SUITS, Card, Rank, Suit
from .double_dummy import STRAINS, OutOfBudget, Position, Solver, after, legal_cards

PACK = [Card(r, s) for s in SUITS for r in Rank if r is not Rank.JOKER]
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _rank_char(card: Card) -> str:
    return {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J", Rank.TEN: "T"}.get(
        card.rank, str(int(card.rank)))


def random_position(rng: random.Random, cards: int) -> Position:
    deal = rng.sample(PACK, 52)
    hands = tuple(tuple(deal[k * 13:(k + 1) * 13]) for k in range(4))
    pos = Position(hands, rng.choice(STRAINS), rng.randrange(4))
    for _ in range((13 - cards) * 4 + rng.randrange(4)):
        pos = after(pos, rng.choice(legal_cards(pos)))
    return pos


def _dds_deal(pos: Position) -> Any:
    """The position as endplay's ``Deal`` (raises ImportError without endplay)."""
    from endplay.types import Deal, Denom, Player  # type: ignore[import-not-found]
    denom = {Suit.CLUBS: Denom.clubs, Suit.DIAMONDS: Denom.diamonds, Suit.HEARTS: Denom.hearts,
             Suit.SPADES: Denom.spades, None: Denom.nt}[pos.trump]
    deal: Any = Deal()
    deal.trump = denom
    deal.first = Player(pos.leader)
    for seat in range(4):
        k = (seat - pos.leader) % 4
        cards = list(pos.hands[seat]) + ([pos.trick[k]] if k < len(pos.trick) else [])
        deal[Player(seat)] = ".".join("".join(_rank_char(c) for c in sorted(
            (c for c in cards if c.suit is s), key=lambda c: -(14 if c.rank is Rank.ACE else int(c.rank))))
            for s in _PBN_SUITS)
    for card in pos.trick:
        deal.play("SHDC"[_PBN_SUITS.index(card.suit)] + _rank_char(card))
    return deal


def dds_solve(pos: Position) -> tuple[int, int, float] | None:
    """DDS (through endplay) on the position: the tricks of the side on turn, DDS's own count of
    the positions it searched, and its seconds; ``None`` without endplay."""
    try:
        from endplay import _dds  # type: ignore[import-not-found]
        deal = _dds_deal(pos)
    except ImportError:
        return None
    fut = _dds.futureTricks()
    start = time.perf_counter()
    # target -1, one solution: the most the side on turn can take, as ``Solver.tricks`` asks
    _dds.SolveBoard(deal._data, -1, 1, 1, fut, 0)
    return int(fut.score[0]), int(fut.nodes), time.perf_counter() - start


def dds_tricks(pos: Position) -> int | None:
    """The tricks of the side on turn by DDS (through endplay), or ``None`` without it."""
    got = dds_solve(pos)
    return None if got is None else got[0]


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] if values else 0.0


def measure(cards: int, positions: int, seed: int, max_nodes: int | None = None,
            dds: bool = True, engine: str = "python") -> dict[str, Any]:
    """Solve ``positions`` random positions of ``cards`` cards a hand; the figures as a dict.  A
    position past ``max_nodes`` for one question counts as unfinished (its time is a floor)."""
    rng = random.Random(seed)
    cpu: list[float] = []
    wall: list[float] = []
    node_counts: list[float] = []
    trick_counts: list[float] = []
    dds_s: list[float] = []
    dds_nodes: list[float] = []
    agree = compared = unfinished = 0
    for _ in range(positions):
        pos = random_position(rng, cards)
        solver = Solver(pos.trump, max_nodes=max_nodes, engine=engine)
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            mine: int | None = solver.tricks(pos)
        except OutOfBudget:
            mine = None
            unfinished += 1
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        node_counts.append(solver.nodes)
        trick_counts.append(solver.trick_nodes)
        ref = dds_solve(pos) if dds else None
        if ref is not None:
            dds_nodes.append(ref[1])
            dds_s.append(ref[2])
            if mine is not None:
                compared += 1
                agree += ref[0] == mine
    out: dict[str, Any] = {
        "cards": cards, "positions": positions, "unfinished": unfinished,
        "cpu_p50_s": round(_pct(cpu, 0.5), 4), "cpu_p95_s": round(_pct(cpu, 0.95), 4),
        "wall_p50_s": round(_pct(wall, 0.5), 4), "wall_p95_s": round(_pct(wall, 0.95), 4),
        "max_s": round(max(cpu), 4), "nodes_p50": int(_pct(node_counts, 0.5)),
        "nodes_p95": int(_pct(node_counts, 0.95)),
        "trick_nodes_p50": int(_pct(trick_counts, 0.5)), "trick_nodes_p95": int(_pct(trick_counts, 0.95)),
        "nodes_per_cpu_s": round(sum(node_counts) / max(sum(cpu), 1e-9))}
    if dds_s:
        out.update({"dds_p50_s": round(_pct(dds_s, 0.5), 5), "dds_p95_s": round(_pct(dds_s, 0.95), 5),
                    "dds_nodes_p50": int(_pct(dds_nodes, 0.5)), "dds_nodes_p95": int(_pct(dds_nodes, 0.95)),
                    "ratio_p50": round(_pct(cpu, 0.5) / max(_pct(dds_s, 0.5), 1e-9)),
                    "compared_with_dds": compared, "agreed": agree})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, nargs="+", default=[7], help="cards a hand (1-13), one or more")
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--max-nodes", type=int, default=None,
                    help="give a question up past this many positions (counted as unfinished)")
    ap.add_argument("--no-dds", action="store_true", help="do not run DDS even where endplay is installed")
    ap.add_argument("--engine", choices=("python", "auto"), default="python",
                    help="python: our search alone (the default); auto: as the application asks, "
                         "DDS through ai/tricks/dds_engine.py where ddstable's libdds.so is installed")
    args = ap.parse_args(argv)
    ok = True
    for cards in args.cards:
        report = measure(cards, args.positions, args.seed, args.max_nodes, not args.no_dds, args.engine)
        report["engine"] = args.engine
        print(json.dumps(report), flush=True)
        ok = ok and report.get("agreed", 0) == report.get("compared_with_dds", 0)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
