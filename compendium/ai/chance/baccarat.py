"""The computer at Baccarat: the banker's discretion by an expected-value computation, the punter's
free choice at five the same way, and stakes of a sensible size.

The banker's strategy.  When no natural has been shown, the banker knows his own two cards and
the punter's third card (or that the punter stood).  He does not know the punter's two cards, but
he knows the punter's fixed practice — a card on baccarat to four, none on six or seven, either on
five — and so which two-card points agree with what the punter did.  For each such pair of cards,
weighted by how likely the shoe is to have given it (drawing without replacement from the cards
the banker has not seen), the banker reckons the result if he stands and, card by card, if he
draws; he takes the course with the better expectation (standing when they are equal).  This is
an expected-value computation, not the fixed table that later casinos printed: it reproduces that
table's decisions for a fresh shoe and departs from it only where the shoe's remaining cards tip
the balance.  With two tableaux (Banque) each tableau's expectation is weighted by what is staked
on it.

Levels.  Level 1 (a beginner) banks by the punters' own practice (a card on five or less) and
chooses at random at five as a punter.  Level 2 (a club player) computes as for a fresh shoe.
Level 3 (an expert) computes from the cards actually left, counting those turned up in the coups
before — all of them public.

The randomness of the stakes is seeded from the view, so the same view always gives the same choice.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from ..base import PlayerAI

PUNTER_FIVE_DRAWS = 0.5     # how often the banker supposes a punter takes a card at five


# -- the arithmetic, on counts of cards by value (0 … 9) -------------------------------------------
def fresh_counts(packs: int) -> tuple[int, ...]:
    """The cards of ``packs`` packs by value: sixteen tens and courts, four of each pip a pack."""
    return (16 * packs,) + (4 * packs,) * 9


def _pairs(counts: Sequence[int]) -> list[tuple[int, int, float]]:
    """Every ordered pair of values the next two cards may have, with its probability."""
    total = sum(counts)
    if total < 2:
        return []
    out = []
    for a in range(10):
        if not counts[a]:
            continue
        pa = counts[a] / total
        for b in range(10):
            nb = counts[b] - (1 if a == b else 0)
            if nb > 0:
                out.append((a, b, pa * nb / (total - 1)))
    return out


def punter_weight(two_card_point: int, third: int | None, five_draws: float) -> float:
    """How likely a punter holding ``two_card_point`` (no natural) acted as he did: drew the card
    ``third``, or stood (``third is None``), by the fixed practice."""
    if two_card_point >= 8:
        return 0.0
    if two_card_point <= 4:
        return 1.0 if third is not None else 0.0
    if two_card_point >= 6:
        return 1.0 if third is None else 0.0
    return five_draws if third is not None else 1.0 - five_draws


def banker_expectations(banker_point: int, third: int | None, counts: Sequence[int],
                        five_draws: float = PUNTER_FIVE_DRAWS) -> tuple[float, float]:
    """(expectation if the banker stands, if he draws), per counter staked against him, from the
    cards ``counts`` he has not seen (the punter's two hidden cards among them)."""
    stand = draw = weight = 0.0
    total = sum(counts)
    for a, b, p in _pairs(counts):
        pp = (a + b) % 10
        w = p * punter_weight(pp, third, five_draws)
        if w == 0.0:
            continue
        final = (pp + third) % 10 if third is not None else pp
        weight += w
        stand += w * ((banker_point > final) - (banker_point < final))
        left = total - 2
        if left <= 0:
            continue
        for d in range(10):
            nd = counts[d] - (a == d) - (b == d)
            if nd <= 0:
                continue
            mine = (banker_point + d) % 10
            draw += w * nd / left * ((mine > final) - (mine < final))
    if weight == 0.0:
        return 0.0, 0.0
    return stand / weight, draw / weight


@cache
def fresh_banker_draws(packs: int, banker_point: int, third: int | None) -> bool:
    """The banker's choice for a fresh shoe (the club player's, and the printed table's)."""
    stand, draw = banker_expectations(banker_point, third, fresh_counts(packs))
    return draw > stand


def punter_expectations(counts: Sequence[int], banker_draws: Any) -> tuple[float, float]:
    """(expectation if a punter holding five stands, if he draws), against a banker whose two
    cards are unknown (but no natural) and who decides by ``banker_draws(point, third)``."""
    stand = draw = weight = 0.0
    total = sum(counts)
    for a, b, p in _pairs(counts):
        bp = (a + b) % 10
        if bp >= 8:
            continue
        weight += p
        left = [counts[v] - (a == v) - (b == v) for v in range(10)]
        n_left = total - 2
        # standing on five
        if banker_draws(bp, None):
            for d in range(10):
                if left[d] > 0:
                    mine = (bp + d) % 10
                    stand += p * left[d] / n_left * ((5 > mine) - (5 < mine))
        else:
            stand += p * ((5 > bp) - (5 < bp))
        # drawing to five
        for c in range(10):
            if left[c] <= 0:
                continue
            pc = left[c] / n_left
            me = (5 + c) % 10
            if banker_draws(bp, c):
                rest = n_left - 1
                for d in range(10):
                    nd = left[d] - (c == d)
                    if nd > 0:
                        mine = (bp + d) % 10
                        draw += p * pc * nd / rest * ((me > mine) - (me < mine))
            else:
                draw += p * pc * ((me > bp) - (me < bp))
    if weight == 0.0:
        return 0.0, 0.0
    return stand / weight, draw / weight


@cache
def fresh_punter_draws_at_five(packs: int) -> bool:
    stand, draw = punter_expectations(fresh_counts(packs),
                                      lambda bp, c: fresh_banker_draws(packs, bp, c))
    return draw > stand


def card_value_of(card: Any) -> int:
    from ...games.chance.baccarat import card_value
    return card_value(card)


# -- the player -------------------------------------------------------------------------------------
class BaccaratPlayer:
    def __init__(self, level: int = 2) -> None:
        self.level = level if level in (1, 2, 3) else 2

    def choose(self, game: Any, view: Any, legal: list[Any], state: Any = None) -> Any:
        from ...games.chance.baccarat import Banco, Bank, NoStake, PassDeal, Stake, TakeBank, Third
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        pub = view.pub
        me = view.seat
        rng = random.Random(self._seed(view))
        stock = pub.stocks[me]
        first = legal[0]
        if isinstance(first, Bank):
            # A bank of about a sixth of the counters, rounded down to an amount of the table.
            want = max(1, stock // 6)
            fits = [a for a in legal if a.amount <= want] or legal[:1]
            return fits[-1]
        if isinstance(first, TakeBank):
            take = pub.offer_amount <= stock // 3 and rng.random() < 0.5
            return TakeBank(take) if TakeBank(take) in legal else legal[-1]
        if isinstance(first, PassDeal):
            # Keep the bank while it wins, but take the profit after a good run.
            chance = 0.2 if self.level == 1 else min(0.9, 0.15 * pub.run)
            return PassDeal(rng.random() < chance)
        if pub.phase == "share":
            return Banco("half") if Banco("half") in legal and rng.random() < 0.3 else NoStake()
        if pub.phase == "stakes":
            bancos = [a for a in legal if isinstance(a, Banco)]
            if bancos and stock >= 3 * pub.bank and rng.random() < (0.08 if self.level == 1 else 0.12):
                return bancos[0] if self.level < 3 or len(bancos) == 1 else rng.choice(bancos)
            if rng.random() < 0.15:
                return NoStake()
            stakes = [a for a in legal if isinstance(a, Stake)]
            if not stakes:
                return NoStake()
            want = max(1, round(stock * rng.uniform(0.02, 0.08)))
            fits = [a for a in stakes if a.amount <= want] or stakes[:1]
            return fits[-1]
        if isinstance(first, Third):
            if pub.phase == "banker":
                return Third(self.banker_draws(game, view))
            return Third(self.punter_draws_at_five(game, view, rng))
        return legal[0]

    # -- the banker's discretion -------------------------------------------------------------------
    def unseen_counts(self, game: Any, view: Any) -> list[int]:
        """The cards of the shoe this seat has not seen, by value: the shoe less the cards turned
        up in past coups and those it can see on the table now."""
        packs = int(game.packs.split("x")[0])
        counts = list(fresh_counts(packs))
        for v, k in enumerate(view.pub.seen):
            counts[v] -= k
        for vc in view.cards:
            if vc.face is not None:
                counts[card_value_of(vc.face)] -= 1
        return counts

    def banker_draws(self, game: Any, view: Any) -> bool:
        pub = view.pub
        k = pub.sides
        mine = [vc.face for vc in view.hand(k)]
        from ...games.chance.baccarat import point
        bp = point(mine)
        if self.level == 1:
            return bp <= 5
        packs = int(game.packs.split("x")[0])
        counts = self.unseen_counts(game, view) if self.level == 3 else None
        total_stand = total_draw = 0.0
        weights = [sum(row) for row in pub.stakes]
        if not any(weights[side] for side in range(k) if pub.settled[side] != "natural"):
            weights = [1] * k
        for side in range(k):
            if pub.settled[side] == "natural" or not weights[side]:
                continue
            cards = view.hand(side)
            third = card_value_of(cards[2].face) if len(cards) == 3 and cards[2].face is not None else None
            if counts is None:
                draws = fresh_banker_draws(packs, bp, third)
                stand, draw = (0.0, 1.0) if draws else (1.0, 0.0)
            else:
                stand, draw = banker_expectations(bp, third, counts)
            total_stand += weights[side] * stand
            total_draw += weights[side] * draw
        return total_draw > total_stand

    # -- the punter's choice at five -------------------------------------------------------------------
    def punter_draws_at_five(self, game: Any, view: Any, rng: random.Random) -> bool:
        if self.level == 1:
            return rng.random() < 0.5
        packs = int(game.packs.split("x")[0])
        if self.level == 2:
            return fresh_punter_draws_at_five(packs)
        counts = self.unseen_counts(game, view)
        stand, draw = punter_expectations(counts, lambda bp, c: fresh_banker_draws(packs, bp, c))
        return draw > stand

    @staticmethod
    def _seed(view: Any) -> int:
        pub = view.pub
        text = repr((pub.coup_no, view.seat, pub.phase, pub.stocks, pub.stakes, pub.bank, pub.shoe_no))
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def banker_edge(coups: int = 100_000, seed: int = 1, packs: int = 6, level: int = 2) -> dict[str, float]:
    """Simulate ``coups`` coups of Chemin de Fer, one punter staking one counter a coup by the fixed
    practice (at five, a card half the time), against the computer banker; the banker's average
    gain per counter staked, and how often each side won.  (The measurement in the issue notes.)"""
    from ...core.cards import PACKS
    from ...games.chance.baccarat import card_value
    rng = random.Random(seed)
    shoe: list[int] = []
    banker = punter = ties = 0
    for _ in range(coups):
        if len(shoe) < 7:
            shoe = [card_value(c) for c in PACKS[f"{packs}x52"]]
            rng.shuffle(shoe)
            counts = list(fresh_counts(packs))
        p = [shoe.pop(), shoe.pop()]
        b = [shoe.pop(), shoe.pop()]
        pp, bp = sum(p) % 10, sum(b) % 10
        seen = [p[0], p[1], b[0], b[1]]
        if pp < 8 and bp < 8:
            take = pp <= 4 or (pp == 5 and rng.random() < PUNTER_FIVE_DRAWS)
            third = None
            if take:
                third = shoe.pop()
                pp = (pp + third) % 10
                seen.append(third)
            if level == 3:
                view_counts = [counts[v] - (v == b[0]) - (v == b[1]) - (third == v) for v in range(10)]
                s_ev, d_ev = banker_expectations(bp, third, view_counts)
                draws = d_ev > s_ev
            elif level == 2:
                draws = fresh_banker_draws(packs, bp, third)
            else:
                draws = bp <= 5
            if draws:
                d = shoe.pop()
                bp = (bp + d) % 10
                seen.append(d)
        for v in seen:
            counts[v] -= 1
        if bp > pp:
            banker += 1
        elif pp > bp:
            punter += 1
        else:
            ties += 1
    return {"coups": coups, "banker_won": banker / coups, "punter_won": punter / coups,
            "ties": ties / coups, "edge": (banker - punter) / coups}


AI = PlayerAI(BaccaratPlayer, hint_level=3)
