"""Napoleon at St. Helena and Napoleon's Square: the hint, a small planner (``SuitPlanner``), and
the solver's model.

The planner looks a few moves ahead among the face-up cards only -- it never draws while
planning, so the stock's hidden order plays no part -- and turns a card from the stock when no
plan improves the position.
"""
from __future__ import annotations

import heapq
from typing import Any

from ...core.frozen import replace
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceGame, PatienceState, PileKind
from ..solver import DeclaredModel
from .heuristic import PatienceAI


class SuitPlanner:
    """Plans a few moves among the face-up cards of a same-suit, build-down patience.

    A position is valued by the cards on the foundations, the empty tableau piles, the cards
    left on the waste, and how badly the piles are ordered: a tableau card lying on anything but
    the card one above it in its suit is a break, and a card buried under others (in the tableau
    or the waste) weighs by how soon its foundation will want it.  The planner searches best first from the position,
    applying card moves only (never a draw, so nothing hidden is used), and proposes the first
    move of the best line found if that line improves the position; otherwise it turns the stock.
    """

    def __init__(self, budget: int = 40, space_value: float = 12.0, waste_card: float = 4.0,
                 buried: float = 0.8, depth: int = 4) -> None:
        self.budget = budget
        self.space_value = space_value
        self.waste_card = waste_card
        self.buried = buried
        self.depth = depth

    def value(self, game: PatienceGame, state: PatienceState) -> float:
        specs = game.specs(game.options_of(state))
        deck = state.deck
        wanted: dict[object, list[int]] = {}
        home = 0
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.FOUNDATION:
                home += len(pile)
                if pile:
                    top = deck[pile[-1]]
                    wanted.setdefault(top.suit, []).append(top.rank + 1)
        # the ranks each suit's two foundations are waiting for
        need = {suit: sorted(ranks + [1] * (2 - len(ranks))) for suit, ranks in wanted.items()}
        fresh = [1, 1]
        score = 100.0 * home
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.WASTE:
                score -= self.waste_card * len(pile)
            elif spec.kind is not PileKind.TABLEAU:
                continue
            elif not pile:
                score += self.space_value
                continue
            cards = [deck[c] for c in pile]
            last = len(cards) - 1
            for i, card in enumerate(cards):
                if i and spec.kind is PileKind.TABLEAU and not (
                        cards[i - 1].suit == card.suit and cards[i - 1].rank == card.rank + 1):
                    score -= 3.0
                if i < last:
                    # how far the nearer foundation is from wanting this card
                    distance = min((card.rank - n for n in need.get(card.suit, fresh) if n <= card.rank),
                                   default=13)
                    if distance < 6:
                        score -= (last - i) * (6 - max(distance, 0)) * self.buried
        return score

    def plan(self, game: PatienceGame, state: PatienceState) -> PatienceAction | None:
        legal = game.legal_actions(state, 0)
        moves = [a for a in legal if isinstance(a, Move)]
        # Whatever else, a card that can go home goes home: the foundations never give back.
        specs, index = game.specs(game.options_of(state)), game._index(game.options_of(state))
        for a in moves:
            if specs[index[a.dst]].kind is PileKind.FOUNDATION:
                return a
        start = self.value(game, state)
        best_value, best_first = start + 0.5, None
        frontier: list[tuple[float, int, PatienceState, PatienceAction | None, int]] = [(-start, 0, state, None, 0)]
        seen = {state.piles}
        tick = 1
        expanded = 0
        while frontier and expanded < self.budget:
            _, _, node, first, depth = heapq.heappop(frontier)
            expanded += 1
            if depth >= self.depth:
                continue
            for a in game.legal_actions(node, 0):
                if not isinstance(a, Move):
                    continue
                child = game.apply(node, a)
                if child.piles in seen:
                    continue
                seen.add(child.piles)
                v = self.value(game, child)
                head = first if first is not None else a
                if v > best_value:
                    best_value, best_first = v, head
                heapq.heappush(frontier, (-v, tick, child, head, depth + 1))
                tick += 1
        if best_first is not None:
            return best_first
        return Draw() if Draw() in legal else None


class InSuitAI(PatienceAI):
    """A same-suit, build-down patience: moves proposed by its ``SuitPlanner``."""

    planner = SuitPlanner()

    def hint(self, game: Any, state: PatienceState, seat: int):  # type: ignore[override]
        if not state.deck or game.is_won(state):
            return None
        # The planner sees what the player sees: the faces of the face-down cards (the stock's)
        # are blanked out before it looks, so it cannot use them even by accident.
        hidden = {c for pile, down in zip(state.piles, state.down) for c in pile[:down]}
        seen = tuple(None if i in hidden else face for i, face in enumerate(state.deck))
        return self.planner.plan(game, replace(state, deck=seen))  # type: ignore[arg-type]


class NapoleonAtStHelenaAI(InSuitAI):
    planner = SuitPlanner(budget=40, space_value=14.0, waste_card=4.0)

    def solver_model(self, game: Any, state: PatienceState) -> object:
        """The rules are the declaration, with lanes filled only from the talon under the option:
        the solver's quick model of them."""
        talon_only = dict(state.opts).get("lanes") == "talon"
        return DeclaredModel(game, state, space_from=(PileKind.WASTE,) if talon_only else None)


AI = NapoleonAtStHelenaAI()
