"""Klondike (Canfield): the computer's side -- the solver's model."""
from __future__ import annotations

from typing import Any

from ...games.patience.engine import PatienceState
from .heuristic import PatienceAI


class KlondikeAI(PatienceAI):
    def solver_model(self, game: Any, state: PatienceState) -> object:
        """Klondike's rules are its declaration: the solver's quick model of the engine's rules."""
        from ..solver import DeclaredModel
        return DeclaredModel(game, state)


AI = KlondikeAI()
