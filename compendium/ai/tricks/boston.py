"""The computer at Boston: the pool in the hand's value, and the bids judged by simulated play."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.cards import SUITS
from ...core.frozen import replace
from ...core.game import Seat
from ...games.tricks.boston import (
    LOSE,
    MISERE_STAKE,
    MISERES,
    WIN,
    BostonAuction,
    BostonContract,
    made,
    payments,
    suit_class,
)
from ...games.tricks.engine import WHIST_POWER, Call, Discard, TricksState
from .base import SimRules, TricksAI


class BostonAI(TricksAI):
    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        contract: BostonContract = state.contract
        if contract.kind == "partout":
            return SimRules(team=[0, 1, 2, 3], avoid={0, 1, 2, 3})
        team = [0 if s == contract.caller else 1 for s in range(4)]
        return SimRules(team=team, avoid={contract.caller} if contract.misere else set())

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        contract: BostonContract = state.contract
        taken = game.taken(state)
        for w, _ in new_tricks:
            taken[w] += 1
        pay = [float(p) for p in payments(contract, taken)]
        if contract.caller is not None:
            # the pool counts too: taken by a made bid, matched by a failed one
            pay[contract.caller] += state.pool if made(contract, taken) else -state.pool
        return pay

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        pub = view.pub
        if pub.phase == "discard":
            return self._ai_discard(game, view, seat, legal)
        if pub.phase == "suit":
            a: BostonAuction = pub.bidding
            bids = [Call(a.pending, c.suit) for c in legal]
            best, _ = self._best_bid(game, view, seat, bids, player, rng, floor=None)
            assert best is not None and best.suit is not None
            return game.suit_call(pub, best.suit)
        best, _ = self._best_bid(game, view, seat, game.allowed_bids(pub, seat), player, rng, floor=0.0)
        if best is None:
            return Call("pass")
        return Call(best.word)          # a trick bid's suit is named at the next step

    def _best_bid(self, game: Any, view: Any, seat: Seat, bids: list[Call], player: Any, rng: Any,
                  floor: float | None) -> tuple[Call | None, float]:
        """The most valuable of ``bids`` by simulated play, if worth more than ``floor`` (None:
        the best whatever its value)."""
        pub = view.pub
        hand = [c.face for c in view.hand(seat)]
        pref = pub.fact("preference").suit
        worlds = min(16, max(6, player.worlds))
        caution = 4.0 * (3 - player.level)             # the beginner bids more timidly

        def trial_for(contract: BostonContract) -> Any:
            def trial(world: TricksState) -> TricksState:
                lead = (world.dealer + 1) % 4
                exposed = (seat,) if contract.spread else ()
                return replace(world, phase="play", contract=contract, trump=contract.suit,
                               leader=lead, turn=lead, exposed=exposed)
            return trial

        best: Call | None = None
        best_value = float("-inf") if floor is None else floor
        # Trick bids: one set of simulated hands per suit that could still be bid, valued at
        # every number of tricks that suit may be bid at.
        for suit in SUITS:
            in_suit = [b for b in bids if b.suit == suit]
            if not in_suit:
                continue
            if floor is not None and sum(1 for c in hand if c.suit == suit) < 3:
                continue                                # nobody sane bids a trump suit this short
            probe = BostonContract("boston", seat, suit)
            results = player.simulate(game, view, seat, trial_for(probe), rng, worlds)
            tricks = [r[4 + seat] for r in results]
            for b in in_suit:
                c = BostonContract(b.word, seat, suit)
                value = sum(self._bid_value(game, c, t, pub.pool) for t in tricks) / max(1, len(tricks))
                value -= caution + 0.5 * suit_class(suit, pref)   # ties go to the cheaper bid
                if value > best_value:
                    best, best_value = b, value
        miseres = [b for b in bids if b.word in MISERES]
        if miseres:
            probe = BostonContract("grand-misere", seat)
            results = player.simulate(game, view, seat, trial_for(probe), rng, worlds)
            clean = sum(1 for r in results if r[4 + seat] == 0) / max(1, len(results))
            # The rollouts' adversaries defend a misère far worse than real ones (or than the
            # computer's own search), so a clean record in them is discounted heavily.
            for b in miseres:
                stake = MISERE_STAKE[b.word] * 3 + pub.pool
                p = {"little-misere": 0.8, "grand-misere": 0.65, "little-spread": 0.55,
                     "grand-spread": 0.45}[b.word] * clean if clean >= 0.75 else 0.0
                value = p * stake - (1 - p) * stake - caution
                if value > best_value:
                    best, best_value = b, value
        return best, best_value

    def _bid_value(self, game: Any, contract: BostonContract, tricks: float, pool: int) -> float:
        short = contract.target - int(tricks)
        if short <= 0:
            return WIN[contract.target] * 3 + pool
        return -LOSE[contract.target][short - 1] * 3 - pool

    def _ai_discard(self, game: Any, view: Any, seat: Seat, legal: list[Any]) -> Any:
        contract: BostonContract = view.pub.contract
        hand = [a.card for a in legal]
        counts = {s: sum(1 for c in hand if c.suit == s) for s in SUITS}
        if seat == contract.caller:
            # the caller puts out his most dangerous card: the highest, from the shortest suit
            card = max(hand, key=lambda c: (WHIST_POWER[c.rank], -counts[c.suit]))
        else:
            # the adversaries keep their low cards to lead under the caller
            card = max(hand, key=lambda c: (WHIST_POWER[c.rank], counts[c.suit]))
        return Discard(card)


AI = BostonAI()
