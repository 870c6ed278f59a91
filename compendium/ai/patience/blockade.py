"""The Blockade: the computer's side -- the hint."""
from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, PatienceView, PileKind
from .heuristic import PatienceAI


class BlockadeAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int) -> PatienceAction | None:
        """The most useful legal move as the player sees the table, or ``None`` when none is
        left.  A card is never moved off its own next-higher card of its suit unless that frees
        a card for the foundations, so a game played by hints cannot go round in circles."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        view = game.view(state, 0)
        best: tuple[float, int] | None = None
        for i, action in enumerate(legal):
            value = self._value(game, view, action)
            if value is not None and (best is None or value > best[0]):
                best = (value, i)
        return None if best is None else legal[best[1]]

    def _value(self, game: Any, view: PatienceView, action: PatienceAction) -> float | None:
        if isinstance(action, Draw):
            return 1.0
        if not isinstance(action, Move):
            return None
        src, dst = view.pile(action.src), view.pile(action.dst)
        lead = src.cards[-action.count].face
        if lead is None:
            return None
        if dst.kind is PileKind.FOUNDATION:
            return 100.0
        left = src.cards[:-action.count]
        below = left[-1].face if left else None
        if below is not None and self._goes_home(view, below):
            return 50.0
        stock_left = bool(view.pile("s").cards)
        if not dst.cards:
            return None               # a lone card moved into a space changes nothing
        if not left:
            return 30.0 if stock_left else 5.0   # the space takes a new card from the pack
        if below is not None and below.suit == lead.suit and below.rank == lead.rank + 1:
            return None               # already on its own next card: moving it only shuffles
        return 20.0 + 0.1 * len(left)

    @staticmethod
    def _goes_home(view: PatienceView, card: Card) -> bool:
        for p in view.piles:
            if p.kind is PileKind.FOUNDATION:
                top = p.cards[-1].face if p.cards else None
                if (top is None and card.rank == 1) or (
                        top is not None and top.suit == card.suit and top.rank == card.rank - 1):
                    return True
        return False


AI = BlockadeAI()
