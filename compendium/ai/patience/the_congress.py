"""The Congress: the computer's side -- the hint and the player that follows it."""
from __future__ import annotations

from typing import Any, Sequence

from ...core.cards import Card
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState
from ...games.patience.the_congress import FOUNDATIONS, HELPS, PLAN_NODES, PLAN_POSITIONS, PLAN_SECONDS, RIVERS
from .planner import LEVEL_SCALE, HintPlayerAI, Plans, best_line, scaled


class CongressAI(HintPlayerAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        return self.advise(game, state, 2)

    def advise(self, game: Any, state: PatienceState, level: int) -> PatienceAction | None:
        """While the pack lasts, each move is judged by itself (a search ahead would see cards of
        the pack as vacancies take them): cards home, then marriages that free a card the
        foundations want, then the pack.  Once the pack is used up every card is face up, and
        the hint follows a line found by a short search: a winning one if it finds one, else
        the one that most improves the position."""
        if not state.deck:
            return None
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        _, index = game._specs_of(state)
        if state.piles[index["s"]]:
            return self._one_move(game, state, legal)
        plans: Plans = game.__dict__.setdefault("_plans", {}).setdefault(level, Plans())
        planned = plans.get(state.piles, legal)
        if planned is not None:
            return planned
        from ..solver import Verdict, solve
        try:
            result = solve(game, state, budget_s=PLAN_SECONDS * LEVEL_SCALE.get(level, 1.0),
                           max_nodes=scaled(PLAN_NODES, level))
            line = result.line if result.verdict is Verdict.WINNABLE else []
        except RecursionError:     # a very long line of search: treated as "not found"
            line = []
        if not line:
            _, line = best_line(game, state, (lambda s: self.value(game, s)), budget=scaled(PLAN_POSITIONS, level))
        if not line:
            return None
        plans.remember(game, state, line)
        return line[0]

    def value(self, game: Any, state: PatienceState) -> float:
        """How good an open position looks: cards home, free help places, and, against it, each
        card the foundations will soon want weighed by the cards covering it."""
        _, index = game._specs_of(state)
        deck, piles = state.deck, state.piles
        need: dict[Any, list[int]] = {}
        home = 0
        for name in FOUNDATIONS:
            pile = piles[index[name]]
            home += len(pile)
            top = deck[pile[-1]]
            need.setdefault(top.suit, []).append(int(top.rank) + 1)
        score = 100.0 * home
        for name in RIVERS + HELPS:
            pile = piles[index[name]]
            if not pile:
                score += 12.0 if name in HELPS else 0.0
                continue
            n = len(pile)
            for i in range(n):
                card = deck[pile[i]]
                if name in HELPS and i and deck[pile[i - 1]].suit == card.suit \
                        and deck[pile[i - 1]].rank == card.rank + 1:
                    score += 2.0
                soon = min((card.rank - r for r in need.get(card.suit, ()) if r <= card.rank), default=99)
                if soon <= 2:
                    score -= (n - 1 - i) * (3 - soon) * 2.0
        return score

    def _one_move(self, game: Any, state: PatienceState, legal: Sequence[PatienceAction]) -> PatienceAction | None:
        _, index = game._specs_of(state)
        deck = state.deck
        wanted = self._wanted(deck, state, index)
        best: tuple[float, int] | None = None
        for i, action in enumerate(legal):
            value = self._move_value(game, state, index, wanted, action)
            if value is not None and (best is None or value > best[0]):
                best = (value, -i)
        return None if best is None else legal[-best[1]]

    def _move_value(self, game: Any, state: PatienceState, index: dict[str, int], wanted: set[tuple[Any, int]],
                    action: PatienceAction) -> float | None:
        if isinstance(action, Draw):
            return 1.0
        if not isinstance(action, Move):
            return None
        deck = state.deck
        pile = state.piles[index[action.src]]
        card = deck[pile[-1]]
        if action.dst in FOUNDATIONS:
            return 100.0
        below = deck[pile[-2]] if len(pile) > 1 else None
        if below is not None and (below.suit, int(below.rank)) in wanted:
            return 60.0
        if below is not None and below.suit == card.suit and below.rank == card.rank + 1:
            return None              # already on its own next card: moving it only shuffles
        if action.src in RIVERS:
            if below is None:
                return 30.0          # the emptied column takes a fresh card
            return 20.0 + 0.1 * len(pile)
        return None                  # help to help: only to free a wanted card (above)

    @staticmethod
    def _wanted(deck: Sequence[Card], state: PatienceState, index: dict[str, int]) -> set[tuple[Any, int]]:
        out = set()
        for name in FOUNDATIONS:
            top = deck[state.piles[index[name]][-1]]
            out.add((top.suit, int(top.rank) + 1))
        return out


AI = CongressAI()
