"""Margarethe: the computer's side -- the hint."""
from __future__ import annotations

from typing import Any

from ...games.patience.engine import Draw, PatienceAction, PatienceState, Redeal
from .heuristic import PatienceAI


class MargaretheAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """Cards home first (see ``safe_home_move``), then the pack, then the re-deal: nothing
        else can be done in Margarethe, so this is also the best play."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        home = game.safe_home_move(state)
        if home is not None:
            return home
        for kind in (Draw(), Redeal()):
            if kind in legal:
                return kind
        return None


AI = MargaretheAI()
