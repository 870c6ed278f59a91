"""The hints of Fortress and The Fifteen look ahead with the shared solver's best-first search over
the solver's own models (``RowsModel``, ``FifteenModel``), not with private searches.  On the same
deals they reach the same verdicts as the private best-first searches they replaced (recorded here
from those searches, at the same budget of positions, before they were deleted), and every line
they call a win replays to a win through the game's own rules."""
from __future__ import annotations

from typing import Any

import pytest

from compendium.ai.patience import fortress as fortress_ai
from compendium.ai.patience import the_fifteen as fifteen_ai
from compendium.ai.registry import hint
from compendium.ai.solver import Verdict, solve
from compendium.core.session import Session
from compendium.games.patience.fortress import GAME as FORTRESS
from compendium.games.patience.the_fifteen import GAME as FIFTEEN

DEALS = range(40)
NODES = 20_000          # positions, not seconds: the same answer on a busy machine as on an idle one
# The deals (seeds 0-39) on which the private searches found a win within NODES positions.
FORTRESS_WON = {8, 10, 11, 28, 32}
FIFTEEN_WON = set(DEALS) - {19}


def replays_to_a_win(game: Any, state: Any, line: list[Any]) -> bool:
    for action in line:
        state = game.apply(state, action)
    return bool(game.is_won(state))


@pytest.mark.parametrize("seed", DEALS)
def test_fortress_same_verdict_as_the_private_search(seed: int) -> None:
    state = Session(FORTRESS, seed=seed).state
    line, won = fortress_ai.plan_line(FORTRESS, state, 1e9, max_nodes=NODES)
    assert won == (seed in FORTRESS_WON)
    assert not won or replays_to_a_win(FORTRESS, state, line)
    # In Fortress the look-ahead leaves out no move that matters: it agrees with the exact solver.
    assert won == (solve(FORTRESS, state, budget_s=5.0).verdict is Verdict.WINNABLE)


@pytest.mark.parametrize("seed", DEALS)
def test_the_fifteen_same_verdict_as_the_private_search(seed: int) -> None:
    state = Session(FIFTEEN, seed=seed).state
    line, won = fifteen_ai.plan_line(FIFTEEN, state, 1e9, max_nodes=NODES)
    assert won == (seed in FIFTEEN_WON)
    assert not won or replays_to_a_win(FIFTEEN, state, line)


@pytest.mark.parametrize("game", [FORTRESS, FIFTEEN])
def test_the_hint_is_the_first_move_of_the_winning_line(game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    module = fortress_ai if game is FORTRESS else fifteen_ai
    monkeypatch.setattr(module, "HINT_SECONDS", 1e9)    # the search is the same; no clock to race
    state = Session(game, seed=8).state
    line, won = module.plan_line(game, state, 1e9, max_nodes=NODES)
    assert won
    action = hint(game, state, 0)
    assert action is not None and action in game.legal_actions(state, 0)
    assert action == line[0]
