"""The computer at Five Hundred: the simulated play with the joker's no-trump powers, the
bidding by simulated contracts, the widow and the joker's suit."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.cards import SUITS, Card, Rank, Suit
from ...core.frozen import replace
from ...core.game import Seat
from ...games.tricks.engine import WHIST_POWER, Call, TricksState, active_slot
from ...games.tricks.five_hundred import (
    BIDS,
    DECLARATIONS,
    JOKER_POWER,
    LEFT_POWER,
    RIGHT_POWER,
    FHContract,
    FiveHundred,
    avondale,
    parse_bid,
    trump_card_suit,
    trump_power,
)
from .base import Sim, SimRules, TricksAI

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


class FiveHundredSim(Sim):
    """The rollouts' hand with the joker's no-trump powers: it wins any trick unless its holder
    had renounced the suit led, and when led its leader names a suit (his longest left)."""

    __slots__ = ("joker", "nt", "renounce", "joker_dead")

    def __init__(self, game: Any, state: TricksState, rules: SimRules) -> None:
        super().__init__(game, state, rules)
        self.suit = list(self.suit)
        self.joker = next((i for i, c in enumerate(state.deck) if c is not None and c.is_joker), -1)
        self.nt = state.trump is None
        self.renounce: set[tuple[int, int]] = set()
        self.joker_dead = False
        for t in state.tricks:
            led = self.suit[t.plays[0][1]]
            for s, cid in t.plays[1:]:
                if self.suit[cid] != led and led >= 0:
                    self.renounce.add((s, led))
        if state.trick:
            led = self.suit[state.trick[0][1]]
            for s, cid in state.trick[1:]:
                if cid == self.joker and self.nt:
                    self.joker_dead = (s, led) in self.renounce
                if self.suit[cid] != led:
                    self.renounce.add((s, led))

    def copy(self) -> "FiveHundredSim":
        c = FiveHundredSim.__new__(FiveHundredSim)
        c.n, c.rules, c.pw, c.trump = self.n, self.rules, self.pw, self.trump
        c.suit = list(self.suit)
        c.hands = [list(h) for h in self.hands]
        c.future = [[list(h) for h in fs] for fs in self.future]
        c.trick = list(self.trick)
        c.turn = self.turn
        c.tricks = []
        c.order_after = None
        c.joker, c.nt, c.joker_dead = self.joker, self.nt, self.joker_dead
        c.renounce = set(self.renounce)
        return c

    def key(self, cid: int, led: int) -> int:
        if cid == self.joker and self.nt and self.suit[cid] != led:
            return 0 if self.joker_dead else 300
        return Sim.key(self, cid, led)

    def play(self, seat: int, cid: int) -> None:
        if self.trick:
            led = self.suit[self.trick[0][1]]
            if cid == self.joker and self.nt:
                self.joker_dead = (seat, led) in self.renounce
            if self.suit[cid] != led:
                self.renounce.add((seat, led))
        elif cid == self.joker and self.nt:
            self.suit[cid] = self._name(seat)
        before = len(self.tricks)
        Sim.play(self, seat, cid)
        if len(self.tricks) != before:
            self.joker_dead = False

    def _name(self, seat: int) -> int:
        counts = [0, 0, 0, 0]
        for i in self.hands[seat]:
            if i != self.joker and self.suit[i] >= 0:
                counts[self.suit[i]] += 1
        free = [k for k in range(4) if (seat, k) not in self.renounce] or [0, 1, 2, 3]
        return max(free, key=lambda k: (counts[k], -k))


def keep_value(card: Card, hand: Sequence[Card], trump: Suit | None) -> float:
    """How much a bidder wants to keep ``card`` (the three lowest go out with the widow)."""
    suit = trump_card_suit(card, trump)
    if card.is_joker:
        return 300.0
    if trump is not None and suit is trump:
        return 100.0 + trump_power(card, trump)
    length = sum(1 for c in hand if not c.is_joker and trump_card_suit(c, trump) is suit)
    rank = card.rank
    if rank is Rank.ACE:
        return 60.0
    if rank is Rank.KING:
        return 35.0 if length >= 2 else 9.0
    if rank is Rank.QUEEN and length >= 3:
        return 22.0
    # low cards of short suits go first, so as to be void and trump (or discard) early
    return WHIST_POWER[rank] * 0.5 + 4.0 * length


def quick_tricks(hand: Sequence[Card], trump: Suit | None) -> float:
    """A rough count of the tricks a hand takes with ``trump`` (before the widow)."""
    est = 0.0
    trumps = [c for c in hand if trump_card_suit(c, trump) is trump] if trump is not None else []
    if trump is not None:
        powers = sorted((trump_power(c, trump) for c in trumps), reverse=True)
        top = [JOKER_POWER, RIGHT_POWER, LEFT_POWER, WHIST_POWER[Rank.ACE], WHIST_POWER[Rank.KING]]
        for p in powers[:3]:
            est += 1.0 if p in top[:3] else 0.75 if p in top[3:] else 0.45
        est += 0.85 * max(0, len(trumps) - 3)
    elif any(c.is_joker for c in hand):
        est += 1.0
    for suit in SUITS:
        if suit is trump:
            continue
        side = [c for c in hand if not c.is_joker and trump_card_suit(c, trump) is suit]
        ranks = {c.rank for c in side}
        if Rank.ACE in ranks:
            est += 0.9
        if Rank.KING in ranks and len(side) >= 2:
            est += 0.5
        if trump is None and len(side) >= 5:
            est += 0.6 * (len(side) - 4)
    return est


def choose_discard(game: FiveHundred, view: Any, seat: Seat, legal: list[Any]) -> Any:
    hand = [c.face for c in view.hand(seat)]
    trump = view.pub.trump
    worst = min(legal, key=lambda a: (keep_value(a.card, hand, trump), WHIST_POWER.get(a.card.rank, 0),
                                      a.card.suit.letter if a.card.suit else ""))
    return worst


def _bid_trial(seat: Seat, suit: Suit | None) -> Any:
    def trial(world: TricksState) -> TricksState:
        slot = active_slot(world, seat)
        assert slot is not None
        ids = list(world.hands[slot]) + list(world.stock)
        faces = [world.deck[i] for i in ids]
        ranked = sorted(ids, key=lambda i: keep_value(world.deck[i], faces, suit))
        kept = tuple(i for i in ids if i not in ranked[:3])
        hands = list(world.hands)
        hands[slot] = kept
        return replace(world, hands=tuple(hands), stock=(), trump=suit, phase="play", leader=seat,
                       turn=seat, contract=FHContract(seat, 6, suit), trick=(), tricks=())
    return trial


# caution by level: the share of a bid's value the computer wants in hand before bidding it
BID_CAUTION = {1: 0.35, 2: 0.2, 3: 0.1}


def choose_bid(game: FiveHundred, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
    bids = [a for a in legal if a.word in BIDS]
    if not bids:
        return Call("pass")
    hand = [c.face for c in view.hand(seat)]
    level = player.level
    quick = {d: quick_tricks(hand, d) + 0.6 for d in DECLARATIONS}
    best, best_ev = Call("pass"), 0.0
    if level == 1:
        for a in bids:
            tricks, suit = parse_bid(a.word)
            margin = quick[suit] - tricks
            if margin >= 0.4:
                ev = avondale(tricks, suit) * min(1.0, 0.55 + 0.15 * margin)
                if ev > best_ev:
                    best, best_ev = a, ev
        return best
    worlds = 8 if level == 2 else 16
    floor = min(parse_bid(a.word)[0] for a in bids)
    caution = BID_CAUTION[level]
    for suit in DECLARATIONS:
        if quick[suit] < floor - 1.6:
            continue              # hopeless: not worth simulating
        results = player.simulate(game, view, seat, _bid_trial(seat, suit), rng, worlds)
        if not results:
            continue
        taken = [r[view.pub.n + seat] for r in results]
        for a in bids:
            tricks, s = parse_bid(a.word)
            if s is not suit:
                continue
            p = sum(1 for t in taken if t >= tricks) / len(taken)
            value = avondale(tricks, suit)
            ev = value * (2 * p - 1) - caution * value
            if ev > best_ev:
                best, best_ev = a, ev
    return best


def choose_joker_suit(game: FiveHundred, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
    if len(legal) == 1:
        return legal[0]
    worlds = {1: 3, 2: 6, 3: 10}[player.level]
    best, best_value = legal[0], float("-inf")
    for a in legal:
        def trial(world: TricksState, suit: Suit | None = a.suit) -> TricksState:
            return replace(world, contract=replace(world.contract, joker_suit=suit), phase="play",
                           turn=(seat + 1) % world.n)
        results = player.simulate(game, view, seat, trial, rng, worlds)
        value = sum(r[seat] for r in results) / max(1, len(results))
        if value > best_value:
            best, best_value = a, value
    return best


class FiveHundredAI(TricksAI):
    def make_sim(self, game: Any, state: TricksState, rules: Any) -> Any:
        return FiveHundredSim(game, state, rules)

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        contract: FHContract = state.contract
        if contract is None or contract.bidder is None:
            return SimRules(team=list(range(state.n)))
        return SimRules(team=[0 if s == contract.bidder else 1 for s in range(state.n)])

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        contract: FHContract = state.contract
        winners = [t.winner for t in state.tricks] + [w for w, _ in new_tricks]
        pts = game.hand_points(replace(contract, offender=None), winners, state.n)
        total = sum(pts)
        # each player cares about his own score against the others' (three players, one winner)
        return [p - (total - p) / (state.n - 1) for p in pts]

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        phase = view.pub.phase
        if phase == "discard":
            return choose_discard(game, view, seat, legal)
        if phase == "joker":
            return choose_joker_suit(game, view, seat, legal, player, rng)
        return choose_bid(game, view, seat, legal, player, rng)


AI = FiveHundredAI()
