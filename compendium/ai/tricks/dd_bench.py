"""Measure the double-dummy solver: times on random positions and, where the DDS library's Python
wrapper ``endplay`` happens to be installed, agreement with it.  A measuring instrument only:
``endplay`` is never needed by the application (without it the comparison is skipped).

    python -m compendium.ai.tricks.dd_bench --cards 7 --positions 1000 [--seed 7]

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
from .double_dummy import STRAINS, Position, Solver, after, legal_cards

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


def dds_tricks(pos: Position) -> int | None:
    """The tricks of the side on turn by DDS (through endplay), or ``None`` without it."""
    try:
        from endplay.dds import solve_board  # type: ignore[import-not-found]
        from endplay.types import Deal, Denom, Player  # type: ignore[import-not-found]
    except ImportError:
        return None
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
    return max(t for _, t in solve_board(deal))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=7, help="cards a hand (1-13)")
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    times: list[float] = []
    nodes = 0
    agree = compared = 0
    for _ in range(args.positions):
        pos = random_position(rng, args.cards)
        start = time.perf_counter()
        solver = Solver(pos.trump)
        mine = solver.tricks(pos)
        times.append(time.perf_counter() - start)
        nodes += solver.nodes
        ref = dds_tricks(pos)
        if ref is not None:
            compared += 1
            agree += ref == mine
    times.sort()
    report = {"cards": args.cards, "positions": len(times), "p50_s": round(times[len(times) // 2], 4),
              "p95_s": round(times[min(len(times) - 1, int(len(times) * 0.95))], 4),
              "max_s": round(times[-1], 4), "nodes_per_s": round(nodes / max(sum(times), 1e-9)),
              "compared_with_dds": compared, "agreed": agree}
    print(json.dumps(report))
    return 0 if agree == compared else 1


if __name__ == "__main__":
    raise SystemExit(main())
