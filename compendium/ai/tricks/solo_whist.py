"""The computer at Solo Whist (and its three-handed variants): the bids judged by simulated play."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.frozen import replace
from ...core.game import Seat
from ...games.tricks.engine import Call, TricksState
from ...games.tricks.solo_whist import SoloAuction, SoloContract
from .base import SimRules, TricksAI
from .napoleon import best_suit


class SoloWhistAI(TricksAI):
    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        contract: SoloContract = state.contract
        team = [0 if s in contract.side else 1 for s in range(state.n)]
        return SimRules(team=team, avoid={contract.caller} if contract.misere else set())

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        contract: SoloContract = state.contract
        winners = [t.winner for t in state.tricks] + [w for w, _ in new_tricks]
        taken = sum(1 for w in winners if w in contract.side)
        return [float(p) for p in game.payments(state, contract, taken)]

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        pub = view.pub
        if pub.phase == "trumps":
            hand = [c.face for c in view.hand(seat)]
            allowed = game.trump_choices(pub)
            suit = best_suit([c for c in hand if c.suit in allowed]) or allowed[0]
            return Call("trumps", suit)
        hand = [c.face for c in view.hand(seat)]
        a: SoloAuction = pub.bidding
        worlds = min(20, max(8, player.worlds))
        caution = 0.6 * (3 - player.level)

        def trial_for(kind: str, partner: Seat | None, caller: Seat) -> Any:
            contract = SoloContract(kind, caller, partner)

            def trial(world: TricksState) -> TricksState:
                trump = world.trump
                if contract.misere:
                    trump = None
                elif game.names_trumps(kind):
                    allowed = game.trump_choices(world)
                    trump = best_suit([c for c in hand if c.suit in allowed]) or allowed[0]
                lead = caller if kind == "declared" else (world.dealer + 1) % world.n
                return replace(world, phase="play", contract=contract, trump=trump, leader=lead, turn=lead)
            return trial

        best, best_value = None, 0.0
        solo_tricks = None
        for action in legal:
            if action.word in ("pass", "withdraw"):
                continue
            if action.word == "propose":
                continue    # judged from the solo trial below
            caller, partner, kind = seat, None, action.word
            if action.word == "accept":
                caller, partner, kind = a.high_seat, seat, "propose"
            results = player.simulate(game, view, seat, trial_for(kind, partner, caller), rng, worlds)
            value = sum(r[seat] for r in results) / max(1, len(results)) - caution * game.stake(kind)
            if kind == "solo":
                solo_tricks = sum(r[pub.n + seat] for r in results) / max(1, len(results))
            if best is None or value > best_value:
                best, best_value = action, value
        if Call("propose") in legal:
            if solo_tricks is None:
                results = player.simulate(game, view, seat, trial_for("solo", None, seat), rng, worlds)
                solo_tricks = sum(r[pub.n + seat] for r in results) / max(1, len(results))
            value = (solo_tricks - 3.6) * 2 - caution
            if value > best_value:
                best, best_value = Call("propose"), value
        if best is not None and best_value > 0:
            return best
        return Call("pass") if Call("pass") in legal else Call("withdraw")


AI = SoloWhistAI()
