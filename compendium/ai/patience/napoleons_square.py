"""Napoleon's Square: the hint (Napoleon at St. Helena's planner, valuing a space less) and the
solver's model."""
from __future__ import annotations

from typing import Any

from ...games.patience.engine import PatienceState, PileKind
from ..solver import DeclaredModel
from .napoleon_at_st_helena import InSuitAI, SuitPlanner


class NapoleonsSquareAI(InSuitAI):
    planner = SuitPlanner(budget=40, space_value=8.0, waste_card=4.0)

    # -- the rules --------------------------------------------------------------------------
    def solver_model(self, game: Any, state: PatienceState) -> object:
        """The rules are the declaration, with vacancies filled only from the talon under the
        book's rule: the solver's quick model of them."""
        talon_only = dict(state.opts).get("spaces") == "talon"
        return DeclaredModel(game, state, space_from=(PileKind.WASTE,) if talon_only else None)


AI = NapoleonsSquareAI()
