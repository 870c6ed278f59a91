"""The computer at Napoleon: the calls judged over sampled worlds (by rule of thumb at level 1),
and rollouts with the leads a Nap player makes (``NapSim``)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.cards import Card, Suit
from ...core.frozen import replace
from ...core.game import Seat
from ...core.rng import SplitMix64
from ...games.tricks.engine import WHIST_POWER, Call, TricksState
from ...games.tricks.napoleon import LOSE, TRICKS, WIN, NapContract
from .base import Sim, SimRules, TricksAI


def hand_tricks(hand: Sequence[Card]) -> float:
    """A rule-of-thumb count of the tricks a hand should make with its best suit for trumps:
    a trump counts one if the trumps missing above it are no more than the trumps held below it
    (the ace; the king with the ace or with one small trump; ...), else half if it is a third or
    later trump or a queen or better; a plain ace one, a plain king one with its ace, else half."""
    trump = best_suit(hand)
    trumps = sorted((WHIST_POWER[c.rank] for c in hand if c.suit == trump), reverse=True)
    count = 0.0
    for k, power in enumerate(trumps):
        missing_above = 14 - power - k
        held_below = len(trumps) - 1 - k
        if missing_above <= held_below:
            count += 1.0
        elif k >= 2 or power >= 12:
            count += 0.5
    for c in hand:
        if c.suit == trump:
            continue
        power = WHIST_POWER[c.rank]
        if power == 14:
            count += 1.0
        elif power == 13:
            guarded = any(d.suit == c.suit and WHIST_POWER[d.rank] == 14 for d in hand)
            count += 1.0 if guarded else 0.5
    return count


def misery_hand(hand: Sequence[Card]) -> bool:
    """Rule of thumb for Misery: nothing above a nine, and at least three cards of six or less."""
    powers = [WHIST_POWER[c.rank] for c in hand]
    return max(powers) <= 9 and sum(1 for p in powers if p <= 6) >= 3


def rule_of_thumb_call(hand: Sequence[Card], legal: Sequence[Any]) -> Any:
    """Level 1's call, by counting the hand as a beginner would (no search): the highest call
    whose tricks the count reaches, Misery on a hand of low cards, else pass (the dealer held to
    one trick takes it when he may not pass)."""
    tricks = hand_tricks(hand)
    words = [a.word for a in legal]
    for word in ("nap", "four", "misery", "three", "two"):
        if word not in words:
            continue
        if word == "misery":
            if misery_hand(hand):
                return Call(word)
        elif tricks >= TRICKS[word]:
            return Call(word)
    return Call("pass") if "pass" in words else legal[0]


class NapSim(Sim):
    """Rollouts with the leads a Nap player makes: the caller draws trumps from the top and then
    plays his highest cards; against Misery the others lead their lowest cards (the caller, who
    must follow, is the more likely to be left with a winner); other leads are the shared rule
    of thumb's (at random)."""

    __slots__ = ()

    def copy(self) -> NapSim:
        c = Sim.copy(self)
        c.__class__ = NapSim
        return c  # type: ignore[return-value]

    def policy(self, seat: int, rng: SplitMix64) -> int:
        if not self.trick and len(self.hands[seat]) > 1:
            rules = self.rules
            hand = self.hands[seat]
            if rules.avoid:
                if seat not in rules.avoid:
                    return min(hand, key=lambda c: self.pw[c])
            elif rules.team[seat] == 0 and self.trump >= 0:
                trump = self.trump
                return max(hand, key=lambda c: (self.suit[c] == trump, self.pw[c]))
        return Sim.policy(self, seat, rng)


def best_suit(hand: Sequence[Card]) -> Suit | None:
    """The suit a caller would lead for trumps: the longest, then the highest."""
    if not hand:
        return None
    by_suit: dict[Suit, list[int]] = {}
    for c in hand:
        assert c.suit is not None
        by_suit.setdefault(c.suit, []).append(WHIST_POWER[c.rank])
    return max(by_suit, key=lambda s: (len(by_suit[s]), sorted(by_suit[s], reverse=True)))


class NapoleonAI(TricksAI):
    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        contract: NapContract = state.contract
        team = [0 if s == contract.caller else 1 for s in range(state.n)]
        return SimRules(team=team, avoid={contract.caller} if contract.misery else set(),
                        trump_by_first_lead=not contract.misery)

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        contract: NapContract = state.contract
        winners = [t.winner for t in state.tricks] + [w for w, _ in new_tricks]
        made = game.succeeded(state, contract, winners)
        stake = WIN[contract.call] if made else -LOSE[contract.call]
        if made and contract.call in ("nap", "wellington"):
            stake += state.pool / (state.n - 1)
        return [stake * (state.n - 1) if s == contract.caller else -stake for s in range(state.n)]

    def make_sim(self, game: Any, state: TricksState, rules: Any) -> Any:
        return NapSim(game, state, rules)

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        hand = [c.face for c in view.hand(seat)]
        if player.level <= 1:
            return rule_of_thumb_call(hand, legal)
        words = [a.word for a in legal if a.word != "pass"]
        table = self.call_table(game, view, seat, words, player, rng)
        return self.best_call(game, table, words, legal, view.pub.n, player.level)

    def call_table(self, game: Any, view: Any, seat: Seat, words: Sequence[str], player: Any,
                   rng: Any) -> list[tuple[TricksState, dict[str, float]]]:
        """The same sampled worlds for every call (so that the calls are compared on the same
        cards): each world with the caller's counters, on average over its rollouts, if each
        call in ``words`` stood — the stakes of the game, the pool to a Nap included."""
        worlds, rollouts = self.call_worlds.get(player.level, self.call_worlds[2])
        hand = [c.face for c in view.hand(seat)]
        out: list[tuple[TricksState, dict[str, float]]] = []
        for _ in range(worlds):
            world = game.determinize(view, seat, rng)
            values: dict[str, float] = {}
            for word in words:
                state = self.call_trial(game, world, NapContract(seat, word), best_suit(hand))
                base = self.make_sim(game, state, self.sim_rules(game, state))
                total = 0.0
                for _ in range(rollouts):
                    sim = base.copy()
                    sim.rollout(rng)
                    total += self.hand_utility(game, state, sim.tricks)[seat]
                values[word] = total / rollouts
            out.append((world, values))
        return out

    def best_call(self, game: Any, table: Sequence[tuple[TricksState, dict[str, float]]], words: Sequence[str],
                  legal: list[Any], n: int, level: int) -> Any:
        """The call of the highest expected counters, less the level's caution; a pass (worth
        nothing either way) unless some call is expected to gain."""
        caution = self.call_caution.get(level, 0.0) + self.extra_caution
        best, best_value = None, 0.0
        for word in words:
            value = sum(v[word] for _, v in table) / max(1, len(table))
            value -= caution * WIN[word] * (n - 1)
            if best is None or value > best_value:
                best, best_value = word, value
        if best is None or (best_value <= 0 and Call("pass") in legal):
            return Call("pass") if Call("pass") in legal else legal[0]
        return Call(best)

    def call_trial(self, game: Any, world: TricksState, contract: NapContract, trump: Suit | None) -> TricksState:
        """A sampled world set up as if ``contract`` had been called, for judging the call."""
        return replace(world, phase="play", contract=contract, leader=contract.caller,
                       turn=contract.caller, trump=None if contract.misery else trump)

    # Worlds sampled to judge the calls, and rollouts in each, per level (level 1 calls by rule of
    # thumb).  A call is judged once a deal, so it can afford more worlds than a card.
    call_worlds: ClassVar[dict[int, tuple[int, int]]] = {2: (20, 1), 3: (40, 2)}

    # A margin for caution per counter of the stake and opponent, per level: the rollouts defend
    # less well than the search does, a little more so at level 2's fewer worlds.
    call_caution: ClassVar[dict[int, float]] = {2: 0.06, 3: 0.0}

    # The variants (Purchase Nap, Peep Nap) judge calls a little differently.
    extra_caution: float = 0.0     # a further margin per counter of the stake, per opponent


AI = NapoleonAI()
