"""The Besieged City: the computer's side -- the hint and the player that follows it."""
from __future__ import annotations

from typing import Any, Sequence

from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState
from ...games.patience.the_besieged_city import ENDS, FOUNDATIONS, ORDER, PLAN_POSITIONS, RAMPARTS, RESERVE
from .planner import HintPlayerAI, Plans, best_line, scaled


class BesiegedCityAI(HintPlayerAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        return self.advise(game, state, 2)

    def advise(self, game: Any, state: PatienceState, level: int) -> PatienceAction | None:
        """The first move of the best line of card moves found by a short search among what the
        player can see, judged by ``value``; else the next card of the pack; ``None`` at the end.
        The search makes no move that would fill a Reserve vacancy from the pack (that would show
        it a card still face down)."""
        if not state.deck:
            return None
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        specs, index = game._specs_of(state)
        homes = [a for a in legal if isinstance(a, Move) and a.dst in FOUNDATIONS]
        if game.pending(state):
            return self._best_fill(game, state, legal)
        plans: Plans = game.__dict__.setdefault("_plans", {}).setdefault(level, Plans())
        planned = plans.get(state.piles, legal)
        if planned is not None:
            return planned
        if homes:
            return homes[0]
        _, line = best_line(game, state, (lambda s: self.value(game, s)), budget=scaled(PLAN_POSITIONS, level),
                            allowed=lambda s, a: self._seen_only(game, s, a))
        if line:
            plans.remember(game, state, line)
            return line[0]
        return Draw() if Draw() in legal else None

    def value(self, game: Any, state: PatienceState) -> float:
        """How good a position looks (higher is better): cards home, few cards in the Reserve and
        the talon, and no card the foundations want soon buried in a Rampart packet."""
        _, index = game._specs_of(state)
        piles = state.piles
        code = game.codes(state.deck)
        soon = [9] * 64
        home = 0
        for name in FOUNDATIONS:
            pile = piles[index[name]]
            n = len(pile)
            home += n
            if n:
                base = code[pile[0]] & ~15
                for k in range(min(3, len(ORDER) - n)):
                    key = base + ORDER[n + k]
                    if k < soon[key]:
                        soon[key] = k
        score = 100.0 * home - len(piles[index["w"]])
        for name in RESERVE:
            if piles[index[name]]:
                score -= 3.0
        for name in RAMPARTS:
            pile = piles[index[name]]
            n = len(pile) - 1
            for i in range(n):
                k = soon[code[pile[i]]]
                if k < 9:
                    score -= (n - i) * (3 - k) * 3.0
        return score

    def _best_fill(self, game: Any, state: PatienceState, legal: Sequence[PatienceAction]) -> PatienceAction:
        """Which Reserve card fills a Rampart vacancy: the one the foundations want soonest."""
        best: tuple[float, int] | None = None
        for i, action in enumerate(legal):
            after = game.apply(state, action)
            v = self.value(game, after)
            if best is None or v > best[0]:
                best = (v, i)
        assert best is not None
        return legal[best[1]]

    def _seen_only(self, game: Any, state: PatienceState, action: PatienceAction) -> bool:
        """A card move whose consequences the player can see: not one that empties a Reserve place
        while the talon is empty and the pack is not (the pack's next card would fill it)."""
        if not isinstance(action, Move):
            return False
        if action.src in ENDS:
            _, index = game._specs_of(state)
            return bool(state.piles[index["w"]]) or not state.piles[index["s"]]
        return True


AI = BesiegedCityAI()
