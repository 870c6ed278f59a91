"""Trente et Quarante (Rouge et Noir), as played at Monte Carlo in the 1909 *Hoyle*'s day.

Six packs in the shoe.  For each coup the dealer lays a first row for *noir* and then a second
for *rouge*, each until its count (aces one, court cards ten, the rest their pips) passes thirty:
every row ends between 31 and 40.  The row nearer thirty-one wins; *couleur* wins when the first
card of the first row is of the winning row's colour, *inverse* when it is not.  Equal rows are a
*refait*: from 32 to 40 nothing is won or lost, but at 31 (the *refait de trente et un*) the
stakes go to prison (or, with the option, lose half), unless insured beforehand at one per cent.

The shoe is shuffled once, a recorded chance event (``shoe N``), and dealt coup after coup until
fewer than sixty cards are left, when the six packs are shuffled afresh.  Its undealt order is
the one thing hidden: a view shows the rows dealt.

The bank's advantage is computed exactly for an infinite shoe (``refait_probability``,
``house_edge``) and measured on the real six-pack shoe (``simulate``).
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from ...core.cards import PACKS, Card, Colour, Rank
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import OptionSpec, Seat, TableKind, ViewCard
from ...core.rng import SplitMix64, shuffled
from ..catalogue import BY_ID
from .casino import (
    LOSE,
    PUSH,
    WIN,
    ZERO,
    CasinoAction,
    CasinoGame,
    CasinoState,
    CasinoView,
    Lay,
    Shoe,
    Spot,
    expectation,
    settle_lay,
)

MINIMUM = 20
LIMIT = 12000
COUNTERS = (20, 100, 500, 1000)
LOW_WATER = 60          # fewer cards than this left in the shoe: shuffle afresh before the coup
CHANCES = ("noir", "rouge", "couleur", "inverse")
SPOTS = {name: Spot(name, "simple", frozenset(), 1, LIMIT, True) for name in CHANCES}


def count(card: Card) -> int:
    """What a card counts: the ace one, court cards and tens ten, the rest their pips."""
    return min(10, int(card.rank)) if card.rank != Rank.JOKER else 0


def deal_rows(shoe: Sequence[Card], pos: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The two rows dealt from ``shoe`` at ``pos``: (noir's positions, rouge's positions, the
    position after them)."""
    rows: list[tuple[int, ...]] = []
    for _ in range(2):
        total, row = 0, []
        while total <= 30:
            row.append(pos)
            total += count(shoe[pos])
            pos += 1
        rows.append(tuple(row))
    return rows[0], rows[1], pos


def judge(spot_name: str, noir: int, rouge: int, first_black: bool) -> str:
    """The verdict of a coup (the rows' counts and the first card's colour) on a chance."""
    if noir == rouge:
        return ZERO if noir == 31 else PUSH
    winner_black = noir < rouge
    if spot_name == "noir":
        return WIN if winner_black else LOSE
    if spot_name == "rouge":
        return LOSE if winner_black else WIN
    same = first_black == winner_black
    if spot_name == "couleur":
        return WIN if same else LOSE
    return LOSE if same else WIN


# -- the exact arithmetic, for a shoe so large that drawing a card does not change the next ------
CARD_P = {v: Fraction(1, 13) for v in range(1, 10)} | {10: Fraction(4, 13)}


@cache
def row_distribution() -> dict[int, Fraction]:
    """P(a row ends at t) for t = 31 … 40, by dynamic programming over the running count: the
    chance of passing through each count 0 … 30, and of each card that carries it past thirty."""
    reach = [Fraction(0)] * 31
    reach[0] = Fraction(1)
    end = {t: Fraction(0) for t in range(31, 41)}
    for s in range(31):
        if not reach[s]:
            continue
        for v, p in CARD_P.items():
            if s + v <= 30:
                reach[s + v] += reach[s] * p
            else:
                end[s + v] += reach[s] * p
    return end


def refait_probability() -> Fraction:
    """The chance of the double thirty-one (two rows, independent in an infinite shoe)."""
    return row_distribution()[31] ** 2


def coup_outcomes() -> list[tuple[Fraction, tuple[int, int, bool]]]:
    """Every coup of the infinite shoe with its probability: (noir, rouge, first card black).
    The first card's colour is independent of its count, hence of the rows."""
    dist = row_distribution()
    half = Fraction(1, 2)
    return [(pa * pb * half, (a, b, black)) for a, pa in dist.items() for b, pb in dist.items()
            for black in (True, False)]


def house_edge(chance: str = "rouge", zero_rule: str = "prison", insured: bool = False) -> Fraction:
    """The bank's advantage on a chance, exactly (infinite shoe), per unit staked; insured: with
    the premium of one per cent."""
    premium = Fraction(1, 100) if insured else Fraction(0)
    return -expectation(coup_outcomes(), lambda spot, c: judge(spot.name, *c), SPOTS[chance], zero_rule, premium)


def simulate(coups: int, seed: int, chance: str = "rouge", zero_rule: str = "prison",
             stake: int = 100) -> dict[str, float]:
    """Deal ``coups`` coups from real six-pack shoes (shuffled with seeds drawn from ``seed``) and
    stake ``stake`` on ``chance`` each coup (a prisoner waits for its release), settled by the
    table's ``settle_lay``.  Returns the refaits of 31 per coup, the bank's advantage per unit
    staked, and their standard errors."""
    gen = SplitMix64(seed)
    shoe: tuple[Card, ...] = ()
    pos = len(shoe)
    refaits = 0
    nets: list[int] = []
    lay: Lay | None = None
    for _ in range(coups):
        if len(shoe) - pos < LOW_WATER:
            shoe, pos = shuffled(PACKS["6x52"], gen.next() >> 1), 0
        noir, rouge, pos = deal_rows(shoe, pos)
        tn = sum(count(shoe[i]) for i in noir)
        tr = sum(count(shoe[i]) for i in rouge)
        refaits += tn == tr == 31
        if lay is None:
            lay = Lay(0, chance, stake)
            nets.append(0)
        verdict = judge(chance, tn, tr, shoe[noir[0]].colour is Colour.BLACK)
        _, net, _, lay = settle_lay(lay, verdict, 1, zero_rule)
        nets[-1] += net
    k = len(nets)
    mean = sum(nets) / k
    var = sum((x - mean) ** 2 for x in nets) / max(1, k - 1)
    p = refaits / coups
    return {"refait": p, "refait_se": (p * (1 - p) / coups) ** 0.5,
            "edge": -mean / stake, "edge_se": (var / k) ** 0.5 / stake}


class TrenteEtQuarante(CasinoGame):
    info = BY_ID["trente_et_quarante"]
    table_kind = TableKind.CASINO
    counters = COUNTERS
    minimum = MINIMUM
    spots = SPOTS
    option_specs = (
        OptionSpec("players", 4, (4, 1, 2, 3), "Punters at the table (you and the systems)"),
        OptionSpec("capital", 2000, (2000, 1000, 10000), "Francs each punter brings"),
        OptionSpec("coups", 30, (30, 10, 100), "Coups in the session"),
        OptionSpec("zero_rule", "prison", ("prison", "half"), "The refait of thirty-one",
                   labels=("en prison", "half the stake lost")),
    )

    def start(self, state: CasinoState) -> CasinoState:
        return replace(state, phase="shoe", turn=None)

    def chance_action(self, state: CasinoState, seed: int) -> CasinoAction:
        return Shoe(seed)

    def apply_chance(self, state: CasinoState, action: CasinoAction) -> CasinoState:
        if not isinstance(action, Shoe):
            return super().apply_chance(state, action)
        if state.phase != "shoe":
            raise IllegalAction("the packs are shuffled only when the shoe is spent", self.ref("the-shoe"))
        s = replace(state, shoe=shuffled(PACKS["6x52"], action.seed), shoe_seed=action.seed,
                    shoe_no=state.shoe_no + 1, pos=0, rows=())
        return self._open(s)

    def decide(self, state: CasinoState) -> CasinoState:
        noir, rouge, pos = deal_rows(state.shoe, state.pos)
        return self.settle(replace(state, rows=(noir, rouge), pos=pos, phase="dealt"))

    def after_coup(self, state: CasinoState) -> CasinoState:
        if len(state.shoe) - state.pos < LOW_WATER and state.coup_no < int(state.option("coups")):
            return replace(state, phase="shoe", turn=None)
        return self._open(state)

    def totals(self, state: CasinoState) -> tuple[int, int]:
        return (sum(count(state.shoe[i]) for i in state.rows[0]),
                sum(count(state.shoe[i]) for i in state.rows[1]))

    def first_black(self, state: CasinoState) -> bool:
        return state.shoe[state.rows[0][0]].colour is Colour.BLACK

    def verdict(self, state: CasinoState, spot: Spot) -> str:
        noir, rouge = self.totals(state)
        return judge(spot.name, noir, rouge, self.first_black(state))

    def verdict_anchor(self, spot: Spot, verdict: str, lay: Lay) -> str:
        if verdict == PUSH:
            return "the-refait"
        if verdict == ZERO and lay.premium:
            return "insurance"
        return super().verdict_anchor(spot, verdict, lay)

    def coup_text(self, state: CasinoState) -> str:
        noir, rouge = self.totals(state)
        if noir == rouge:
            return f"refait {noir}" + (" — the bank's coup" if noir == 31 else "")
        winner = "noir" if noir < rouge else "rouge"
        colour = "couleur" if self.first_black(state) == (noir < rouge) else "inverse"
        return f"noir {noir - 30}, rouge {rouge - 30}: {winner} and {colour}"

    # -- insurance ------------------------------------------------------------------------------
    def insurable(self, lay: Lay) -> bool:
        return not lay.prison and not lay.premium

    def premium(self, amount: int) -> int:
        """One per cent of the stake, rounded up to a whole franc."""
        return -(-amount // 100)

    def _insure(self, state: CasinoState, seat: Seat, name: str) -> CasinoState:
        lay = next((x for x in state.stakes if x.seat == seat and x.spot == name and not x.prison), None)
        if lay is None:
            raise IllegalAction(f"you have no stake on {name} to insure (a prisoner cannot be insured)",
                                self.ref("insurance"))
        if lay.premium:
            raise IllegalAction(f"your stake on {name} is insured already", self.ref("insurance"))
        cost = self.premium(lay.amount)
        if cost > state.stocks[seat]:
            raise IllegalAction(f"insuring {lay.amount} costs {cost}; you have {state.stocks[seat]}",
                                self.ref("insurance"))
        stocks = list(state.stocks)
        stocks[seat] -= cost
        stakes = tuple(replace(x, premium=cost) if x is lay else x for x in state.stakes)
        return replace(state, stakes=stakes, stocks=tuple(stocks))

    def _place(self, state: CasinoState, seat: Seat, name: str) -> CasinoState:
        s = super()._place(state, seat, name)
        # A stake added to is a new stake: any insurance of the old one is given back with it.
        old = next((x for x in state.stakes if x.seat == seat and x.spot == name and not x.prison), None)
        if old is not None and old.premium:
            stocks = list(s.stocks)
            stocks[seat] += old.premium
            s = replace(s, stocks=tuple(stocks))
        return s

    # -- views ----------------------------------------------------------------------------------
    def view(self, state: CasinoState, seat: Seat | None) -> CasinoView:
        ids = [i for row in state.rows for i in row]
        cards = tuple(ViewCard(i, state.shoe[i]) for i in ids)
        return CasinoView(seat, replace(state, shoe=(), shoe_seed=None), cards)

    def shuffle_unseen(self, state: CasinoState, seat: Seat, seed: int) -> CasinoState:
        """The state with the undealt cards of the shoe in another order (what no seat sees)."""
        if not state.shoe:
            return state
        rest = list(state.shoe[state.pos:])
        gen = SplitMix64(seed)
        for j in range(len(rest) - 1, 0, -1):
            r = gen.below(j + 1)
            rest[j], rest[r] = rest[r], rest[j]
        return replace(state, shoe=state.shoe[:state.pos] + tuple(rest))

    def rules_section(self, state: CasinoState) -> str | None:
        if state.phase == "shoe":
            return self.page_section("the-shoe")
        return super().rules_section(state)

    def describe(self, state: CasinoState, action: CasinoAction) -> str:
        if isinstance(action, Shoe):
            return "the six packs are shuffled into the shoe"
        return super().describe(state, action)

    def row_faces(self, view: CasinoView) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The two rows' cards (ViewCards) of a view."""
        by_id = {c.id: c for c in view.cards}
        rows = view.pub.rows
        if not rows:
            return (), ()
        return tuple(by_id[i] for i in rows[0]), tuple(by_id[i] for i in rows[1])


GAME = TrenteEtQuarante()
