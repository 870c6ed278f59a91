"""The computer at Loo: whether to play, pass or take the miss judged by playing the deal out over
sampled worlds (the later players deciding by rule of thumb there), by rule of thumb at level 1;
the exchange at five-card Loo by rule of thumb; the cards by the shared Monte Carlo player under
Loo's laws of play (``LooSim``: head the trick, trump and over-trump, lead the ace of trumps)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...core.cards import Card, Rank
from ...core.game import Seat, Special
from ...core.rng import SplitMix64
from ...games.tricks.engine import Call, Discard, TricksState, active_slot
from ...games.tricks.loo import PAM, LooContract
from .base import SimRules, TricksAI
from .partial import PartRules, PartSim


@dataclass
class LooRules(PartRules):
    must: set[int] = field(default_factory=set)   # the ids a leader holding them must lead
    first_lead: bool = False                      # no trick played yet this hand


class LooSim(PartSim):
    """The simulated hand under Loo's laws of play."""

    __slots__ = ()

    def legal(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        rules: LooRules = self.rules   # type: ignore[assignment]
        trump = self.trump
        if not self.trick:
            must = [c for c in hand if c in rules.must]
            if must:
                return must
            trumps = [c for c in hand if self.suit[c] == trump]
            if rules.first_lead and not self.tricks and len(trumps) >= 2:
                return trumps
            return hand
        led = self.suit[self.trick[0][1]]
        win_key = self.winning()[1]
        follow = [c for c in hand if self.suit[c] == led]
        if follow:
            return [c for c in follow if self.key(c, led) > win_key] or follow
        return [c for c in hand if self.suit[c] == trump and self.key(c, led) > win_key] or hand


def worth_playing(game: Any, state: TricksState, hand: Sequence[Card]) -> bool:
    """A beginner's rule: play with a trump, or with an ace or a king of trumps' rank outside."""
    trumps = [c for c in hand if game.effective_suit(state, c) == state.trump]
    if trumps:
        return True
    return sum(1 for c in hand if c.rank is Rank.ACE) >= 1 and len(hand) == 3


def exchange_choice(game: Any, state: TricksState, hand: Sequence[Card], changed: int) -> Card | None:
    """Five-card Loo: the next card to put out, or ``None`` to draw.  Keep four to a flush (and
    Pam); otherwise keep trumps, Pam, aces and kings and change the rest."""
    by_suit: dict[Any, int] = {}
    for c in hand:
        if c != PAM:
            by_suit[c.suit] = by_suit.get(c.suit, 0) + 1
    pam = PAM in hand
    total = len(hand) + changed
    for suit, count in by_suit.items():
        if count + pam >= total - 1 and count + pam >= 4:
            odd = [c for c in hand if c.suit != suit and c != PAM]
            return odd[0] if odd and changed == 0 else None
    for c in hand:
        if c == PAM or game.effective_suit(state, c) == state.trump:
            continue
        if c.rank not in (Rank.ACE, Rank.KING):
            return c
    return None


def end_exchange(legal: Sequence[Any]) -> Call:
    """Draw for the cards put out, or keep the hand when none were."""
    return Call("draw") if Call("draw") in legal else Call("stand")


def thumb_action(game: Any, state: TricksState, seat: Seat, legal: Sequence[Any]) -> Any:
    """The rule-of-thumb choice of ``seat`` with its own cards (the worlds' other players)."""
    slot = active_slot(state, seat)
    hand = [state.deck[i] for i in state.hands[slot]] if slot is not None else []
    if state.phase == "exchange":
        card = exchange_choice(game, state, hand, len(state.discards[seat]))
        return Discard(card) if card is not None and Discard(card) in legal else end_exchange(legal)
    if worth_playing(game, state, hand) or Call("pass") not in legal and Call("pool") not in legal:
        return Call("play") if Call("play") in legal else legal[0]
    if Call("pool") in legal:
        return Call("pool")
    if Call("miss") in legal and not any(game.effective_suit(state, c) == state.trump for c in hand) \
            and max((c.rank for c in hand), default=Rank.TWO) < Rank.JACK:
        return Call("miss")
    return Call("pass")


class LooAI(TricksAI):
    call_worlds: ClassVar[dict[int, int]] = {2: 14, 3: 28}

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        contract: LooContract = state.contract
        must = game.must_lead(state)
        ids = {i for i, c in enumerate(state.deck) if c == must}
        return LooRules(team=list(range(state.n)), active=list(contract.players), must=ids,
                        first_lead=not state.tricks)

    def make_sim(self, game: Any, state: TricksState, rules: SimRules) -> LooSim:
        return LooSim(game, state, rules)

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        winners = [t.winner for t in state.tricks] + [w for w, _ in new_tricks]
        gains, _ = game.settle(state, winners)
        return [float(gains.get(s, 0)) for s in range(state.n)]

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any,
             rng: SplitMix64) -> Any:
        pub = view.pub
        if pub.phase == "exchange":
            hand = [c.face for c in view.hand(seat)]
            card = exchange_choice(game, pub, hand, len(pub.discards[seat]))
            return Discard(card) if card is not None and Discard(card) in legal else end_exchange(legal)
        if player.level <= 1:
            return self._level_one(game, pub, [c.face for c in view.hand(seat)], legal)
        worlds = self.call_worlds.get(player.level, 14)
        totals = [0.0] * len(legal)
        for _ in range(worlds):
            world = game.determinize(view, seat, rng)
            for k, action in enumerate(legal):
                totals[k] += self.try_action(game, world, seat, action, rng)
        best = max(range(len(legal)), key=lambda k: (totals[k], -k))
        return legal[best]

    def _level_one(self, game: Any, pub: TricksState, hand: Sequence[Card], legal: list[Any]) -> Any:
        trumps = [c for c in hand if game.effective_suit(pub, c) == pub.trump]
        if trumps or Call("pass") not in legal and Call("pool") not in legal:
            return Call("play")
        if Call("pool") in legal:
            return Call("pool")
        if Call("miss") in legal and max((c.rank for c in hand), default=Rank.TWO) < Rank.QUEEN \
                and all(c.rank is not Rank.ACE for c in hand):
            return Call("miss")
        return Call("pass")

    def try_action(self, game: Any, world: TricksState, seat: Seat, action: Any, rng: SplitMix64) -> float:
        """``seat``'s counters from this deal in one world if it says ``action`` now, the others
        deciding by rule of thumb and the hand played out by the rollout player."""
        before = world.sheet.totals[seat]
        state = game.apply(world, action)
        steps = 0
        while state.phase in ("declare", "exchange") and steps < 80:
            steps += 1
            who = game.to_move(state)
            if isinstance(who, Special):
                break
            legal = list(game.legal_actions(state, who))
            state = game.apply(state, thumb_action(game, state, who, legal))
        if state.phase != "play":
            return float(state.sheet.totals[seat] - before)
        sim = self.make_sim(game, state, self.sim_rules(game, state))
        sim.rollout(rng)
        return self.hand_utility(game, state, sim.tricks)[seat]


AI = LooAI()
