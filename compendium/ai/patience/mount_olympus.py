"""Mount Olympus: the computer's side -- the hint."""
from __future__ import annotations

from typing import Any

from ...core.cards import Suit
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, PatienceView, PileKind, Redeal
from .heuristic import PatienceAI


class MountOlympusAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """The most useful move as the player sees the table, or ``None`` when nothing useful is
        left.  Cards go home first; then the talon's card goes onto the battery where it builds,
        or into a space; battery cards move only when that frees a card for the foundations or
        opens a space the talon can use; otherwise the pack is turned, and at the end the talon
        dealt again.  Every move offered makes progress, so play by hints always ends."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        view = game.view(state, 0)
        best: tuple[float, int] | None = None
        for i, action in enumerate(legal):
            value = self._value(game, view, action)
            if value is not None and (best is None or value > best[0]):
                best = (value, -i)
        return None if best is None else legal[-best[1]]

    def _value(self, game: Any, view: PatienceView, action: PatienceAction) -> float | None:
        if isinstance(action, Draw):
            return 1.0
        if isinstance(action, Redeal):
            return 0.5
        if not isinstance(action, Move):
            return None
        src, dst = view.pile(action.src), view.pile(action.dst)
        card = src.cards[-1].face
        if card is None:
            return None
        wanted = self._wanted(view)
        if dst.kind is PileKind.FOUNDATION:
            return 100.0
        left = src.cards[:-1]
        below = left[-1].face if left else None
        if src.kind is PileKind.WASTE:
            if dst.cards:
                return 40.0
            # a space: keep it for a card that matters, unless the talon's card is a high one
            return 20.0 + int(card.rank)
        # battery to battery
        if not dst.cards:
            return None
        if below is not None and (below.suit, int(below.rank)) in wanted:
            return 60.0
        talon = view.pile("w").cards
        if not left and talon:
            return 30.0          # opens a space for the talon's card
        return None

    @staticmethod
    def _wanted(view: PatienceView) -> set[tuple[Suit | None, int]]:
        out = set()
        for p in view.piles:
            if p.kind is PileKind.FOUNDATION and p.cards:
                top = p.cards[-1].face
                if top is not None and top.rank < 12:
                    out.add((top.suit, int(top.rank) + 2))
        return out


AI = MountOlympusAI()
