"""General Sedgewick: the computer's side -- the hint and the solver's model."""
from __future__ import annotations

from typing import Any

from ...core.cards import Card, Rank
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, PatienceView, PileKind
from .general_sedgewick_solver import SedgewickModel
from .heuristic import PatienceAI


class GeneralSedgewickAI(PatienceAI):
    def solver_model(self, game: Any, state: PatienceState) -> object:
        """The solver's compact model (``general_sedgewick_solver``; it reads the order of the
        pack, as the search over the engine's moves does too).  The live indicator stays off:
        most deals are too open to decide within its second."""
        return SedgewickModel(game, state) if SedgewickModel.applies(game, state) else None

    def hint(self, game: Any, state: PatienceState, seat: int) -> PatienceAction | None:
        """The most useful legal move as the player sees the table, or ``None`` when none is
        left.  Only moves that make progress are offered, so a game played by hints ends."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        view = game.view(state, 0)
        base = game.base_rank(state)
        best: tuple[float, int] | None = None
        for i, action in enumerate(legal):
            value = self._value(game, view, base, action)
            if value is not None and (best is None or value > best[0]):
                best = (value, i)
        return None if best is None else legal[best[1]]

    def _value(self, game: Any, view: PatienceView, base: Rank | None, action: PatienceAction) -> float | None:
        if isinstance(action, Draw):
            return 1.0
        if not isinstance(action, Move):
            return None
        src, dst = view.pile(action.src), view.pile(action.dst)
        card = src.cards[-1].face
        if card is None:
            return None
        if dst.kind is PileKind.FOUNDATION:
            return 100.0
        left = src.cards[:-1]
        below = left[-1].face if left else None
        exposes_home = below is not None and self._goes_home(view, base, below)
        if src.kind is PileKind.WASTE:
            if not dst.cards:
                return 20.0
            return 30.0 + (5.0 if dst.cards[-1].face and dst.cards[-1].face.suit == card.suit else 0.0)
        # from one cross packet to another
        if exposes_home:
            return 40.0 if dst.cards else 35.0
        if not dst.cards:
            return None               # moving a card into a vacancy only shuffles it round
        talon_waiting = any(p.cards for p in view.piles if p.kind in (PileKind.WASTE, PileKind.STOCK))
        if not left:
            return 15.0 if talon_waiting else None   # a vacancy for the talon
        top = dst.cards[-1].face
        if top is not None and top.suit == card.suit and (below is None or below.suit != card.suit):
            return 10.0               # gathers a suit, ready for its foundation
        return None

    @staticmethod
    def _goes_home(view: PatienceView, base: Rank | None, card: Card) -> bool:
        empty = False
        for p in view.piles:
            if p.kind is not PileKind.FOUNDATION:
                continue
            if not p.cards:
                empty = True
                continue
            top = p.cards[-1].face
            if top is not None and top.suit == card.suit and card.rank == top.rank % 13 + 1:
                return True
        return empty and card.rank == base


AI = GeneralSedgewickAI()
