"""The computer's hooks for All Fours (two- and four-handed): the points each card scores, and the begging."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.cards import Card, Rank
from ...core.game import Seat
from ...games.tricks.all_fours import GAME_VALUE, TARGET
from ...games.tricks.engine import WHIST_POWER, Call, Discard, TricksState
from .base import SimRules, TricksAI


class AllFoursAI(TricksAI):
    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        opts = game.options_of(state)
        points = [GAME_VALUE.get(c.rank, 0) + (20 if c.rank is Rank.JACK and c.suit == state.trump else 0)
                  for c in state.deck]
        return SimRules(team=[game.side_of(opts, s) for s in range(state.n)], may_trump_instead=True,
                        points=points)

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        tricks = [(t.winner, [i for _, i in t.plays]) for t in state.tricks] + \
            [(w, list(ids)) for w, ids in new_tricks]
        # who played each card: the holders of the cards in the new tricks are found from the hands
        holder = {i: state.owners[k] for k, ids in enumerate(state.hands) for i in ids}
        for t in state.tricks:
            for seat, i in t.plays:
                holder[i] = seat
        for seat, i in state.trick:
            holder[i] = seat
        players = [(holder[i], i) for _, ids in tricks for i in ids]
        opts = game.options_of(state)
        score = [0.0] * len(game.sides(opts))
        for item, side, _ in game.points(state, tricks, players):
            if side is not None:
                score[side] += 1
        return [score[game.side_of(opts, s)] - score[1 - game.side_of(opts, s)] for s in range(state.n)]

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        pub = view.pub
        if isinstance(legal[0], Discard):
            def keep(c: Card) -> tuple[int, int, int]:
                return (1 if c.suit == pub.trump else 0, GAME_VALUE.get(c.rank, 0), WHIST_POWER[c.rank])
            return min(legal, key=lambda a: keep(a.card))

        def trial(world: TricksState) -> TricksState:
            return game._to_play(world)
        results = player.simulate(game, view, seat, trial, rng, min(20, max(8, player.worlds)))
        value = sum(r[seat] for r in results) / max(1, len(results))
        opts = dict(pub.opts)
        elder = (pub.dealer + 1) % pub.n
        elder_total = pub.sheet.totals[game.side_of(opts, elder)]
        if Call("beg") in legal:
            return Call("beg") if value < -0.75 else Call("stand")
        # the dealer: a point given is a point lost; running gives an unknown trump
        if elder_total + 1 >= TARGET:
            return Call("run")
        return Call("give") if value - 1 > -0.6 else Call("run")


AI = AllFoursAI()
