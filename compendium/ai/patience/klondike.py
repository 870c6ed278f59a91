"""Klondike (Canfield): the computer's side -- the solver's model (``klondike_solver``)."""
from __future__ import annotations

from typing import Any

from ...games.patience.engine import PatienceState
from .heuristic import PatienceAI


class KlondikeAI(PatienceAI):
    solver_sees_hidden_cards = True

    def solver_model(self, game: Any, state: PatienceState) -> object:
        """The thoughtful model (it reads the face-down cards and the stock's order): the talon
        searched by the cards it can bring to the top, never turn by turn."""
        from .klondike_solver import KlondikeModel
        return KlondikeModel(game, state)


AI = KlondikeAI()
