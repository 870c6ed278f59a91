"""The computer at Euchre: the trump made (or passed) by playing each choice out over sampled
worlds (by counting the hand at level 1), the dealer's discard by rule of thumb, and the cards by
the shared Monte Carlo player, with the lone player's partner out of the hand."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.cards import Card, Suit
from ...core.game import Seat
from ...core.rng import SplitMix64
from ...games.tricks.engine import Call, Discard, TricksState
from ...games.tricks.euchre import OUT, EuchreBidding, EuchreContract, euchre_power, euchre_suit
from .base import SimRules, TricksAI
from .partial import PartRules, PartSim


def trump_count(hand: Sequence[Card], suit: Suit) -> float:
    """A beginner's count of a hand for ``suit`` as trumps: each bower 1.5, the ace 1, another
    trump 0.75, an outside ace 0.5."""
    value = 0.0
    for c in hand:
        if euchre_suit(c, suit) == suit:
            power = euchre_power(c, suit)
            value += 1.5 if power >= 30 else (1.0 if power == 14 else 0.75)
        elif c.rank.name == "ACE":
            value += 0.5
    return value


def discard_choice(hand: Sequence[Card], trump: Suit) -> Card:
    """The dealer's discard: never a trump if he can help it; the lowest plain card, preferring to
    leave himself void of a short suit, and never a plain ace before a smaller card."""
    def keep(c: Card) -> tuple[int, int, int, int]:
        suit = euchre_suit(c, trump)
        length = sum(1 for d in hand if euchre_suit(d, trump) == suit)
        return (1 if suit == trump else 0, 1 if c.rank.name == "ACE" else 0, length,
                euchre_power(c, trump))
    return min(hand, key=keep)


class EuchreAI(TricksAI):
    # Worlds sampled to judge a call, per level (level 1 counts the hand).
    call_worlds: ClassVar[dict[int, int]] = {2: 16, 3: 32}
    # What a call must be expected to gain, in points, over passing (who passes is not safe
    # either: the other side may make the trump).
    margin: ClassVar[dict[int, float]] = {2: 0.1, 3: 0.0}

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        contract: EuchreContract = state.contract
        makers = game.makers(state)
        team = [0 if s in makers else 1 for s in range(state.n)]
        active = [s for s in range(state.n) if s != contract.out]
        return PartRules(team=team, active=active)

    def make_sim(self, game: Any, state: TricksState, rules: SimRules) -> PartSim:
        return PartSim(game, state, rules)

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        makers = game.makers(state)
        taken = sum(1 for t in state.tricks if t.winner in makers) + \
            sum(1 for w, _ in new_tricks if w in makers)
        opts = game.options_of(state)
        sides = game.sides(opts)
        score = [0.0] * len(sides)
        for side, value, _, _ in game.points(state, taken):
            score[side] += value
        out = []
        for s in range(state.n):
            mine = game.side_of(opts, s)
            others = [score[i] for i in range(len(sides)) if i != mine]
            out.append(score[mine] - sum(others) / len(others))
        return out

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any,
             rng: SplitMix64) -> Any:
        pub = view.pub
        hand = [c.face for c in view.hand(seat)]
        if isinstance(legal[0], Discard):
            assert pub.trump is not None
            card = discard_choice(hand, pub.trump)
            return Discard(card)
        bidding: EuchreBidding = pub.bidding
        calls = [a for a in legal if isinstance(a, Call) and a.word != "pass"]
        if player.level <= 1:
            return self.counted_call(hand, bidding, calls, pub, seat)
        worlds = self.call_worlds.get(player.level, 16)
        totals = [0.0] * len(calls)
        for _ in range(worlds):
            world = game.determinize(view, seat, rng)
            for k, action in enumerate(calls):
                totals[k] += self.try_call(game, world, seat, action, rng)
        best = max(range(len(calls)), key=lambda k: (totals[k], -k))
        value = totals[best] / worlds
        if value > self.margin.get(player.level, 0.0):
            return calls[best]
        return Call("pass")

    def counted_call(self, hand: Sequence[Card], bidding: EuchreBidding, calls: list[Call],
                     pub: Any, seat: Seat) -> Call:
        """Level 1: accept a suit the hand counts at three or more (the turned card counted in
        for the dealer), never alone."""
        best: tuple[float, Call] | None = None
        for action in calls:
            if action.word.endswith("-alone"):
                continue
            suit = action.suit if action.suit is not None else bidding.turned
            assert suit is not None
            cards = list(hand)
            if action.word == "take" and bidding.turned_card is not None:
                cards.append(bidding.turned_card)
            value = trump_count(cards, suit)
            if best is None or value > best[0]:
                best = (value, action)
        if best is not None and best[0] >= 3.0:
            return best[1]
        return Call("pass")

    def try_call(self, game: Any, world: TricksState, seat: Seat, action: Call, rng: SplitMix64) -> float:
        """The points ``seat`` gains in one world if ``action`` is said there and the hand played
        out (the dealer discarding by rule of thumb)."""
        state = game.apply(world, action)
        if state.phase == "discard":
            slot = next(k for k, o in enumerate(state.owners) if o == state.dealer and state.hand_sets[k] != OUT)
            hand = [state.deck[i] for i in state.hands[slot]]
            state = game.apply(state, Discard(discard_choice(hand, state.trump)))
        sim = self.make_sim(game, state, self.sim_rules(game, state))
        sim.rollout(rng)
        return self.hand_utility(game, state, sim.tricks)[seat]


AI = EuchreAI()
