"""The Carpet: the computer's side -- the hint and the player that follows it."""
from __future__ import annotations

from typing import Any

from ...games.patience.engine import Draw, PatienceAction, PatienceState, Redeal
from ...games.patience.the_carpet import ASCENDING, CELLS, FOUNDATIONS, PLAN_POSITIONS
from .planner import HintPlayerAI, Plans, best_line, scaled


class CarpetAI(HintPlayerAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        return self.advise(game, state, 2)

    def advise(self, game: Any, state: PatienceState, level: int) -> PatienceAction | None:
        """The first move of the best line of card moves the player can see (the carpet and the
        talon's top are face up; card moves never turn a card of the pack), judged by ``value``:
        cards home, cards taken off the carpet (the book's advice: take every carpet card you
        can, though it frees nothing at once), lanes opened, and no wanted card buried in the
        talon.  When no line improves the position, the pack is turned, then the talon dealt
        again; ``None`` when nothing is left."""
        if not state.deck:
            return None
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        plans: Plans = game.__dict__.setdefault("_plans", {}).setdefault(level, Plans())
        planned = plans.get(state.piles, legal)
        if planned is not None:
            return planned
        _, line = best_line(game, state, (lambda s: self.value(game, s)), budget=scaled(PLAN_POSITIONS, level))
        if line:
            plans.remember(game, state, line)
            return line[0]
        for action in (Draw(), Redeal()):
            if action in legal:
                return action
        return None

    def value(self, game: Any, state: PatienceState) -> float:
        """How good a position looks, from what the player sees (higher is better)."""
        _, index = game._specs_of(state)
        deck, piles = state.deck, state.piles
        wanted = self._wanted(game, state)
        home = sum(len(piles[index[n]]) for n in FOUNDATIONS)
        on_carpet = sum(1 for n in CELLS if piles[index[n]])
        score = 100.0 * home - 10.0 * on_carpet + 3.0 * len(game.free_cells(state))
        talon = piles[index["w"]]
        for depth, c in enumerate(reversed(talon)):
            if depth == 0:
                continue
            soon = wanted.get((deck[c].suit, int(deck[c].rank)))
            if soon is not None:
                score -= (4 - soon) * min(depth, 4)
        return score

    def _wanted(self, game: Any, state: PatienceState) -> dict[tuple[Any, int], int]:
        """(suit, rank) -> how soon a foundation wants that card (0: now)."""
        _, index = game._specs_of(state)
        deck = state.deck
        out: dict[tuple[Any, int], int] = {}
        for name in FOUNDATIONS:
            pile = state.piles[index[name]]
            if len(pile) >= 13:
                continue
            top = deck[pile[-1]]
            step = 1 if name in ASCENDING else -1
            for k in range(4):
                rank = int(top.rank) + step * (k + 1)
                if 1 <= rank <= 13:
                    key = (top.suit, rank)
                    out[key] = min(out.get(key, 9), k)
        return out


AI = CarpetAI()
