"""The hints of Fortress and The Fifteen look ahead with the shared solver's best-first search over
the solver's own models (``RowsModel``, ``FifteenModel``), not with private searches: on the same
deals they reach the same verdicts as the private best-first searches they replace did, and every
line they call a win replays to a win through the game's own rules."""
from __future__ import annotations

import pytest

from compendium.ai.patience import fortress as fortress_ai
from compendium.ai.patience import the_fifteen as fifteen_ai
from compendium.ai.solver import Verdict, solve
from compendium.core.session import Session
from compendium.games.patience.fortress import GAME as FORTRESS
from compendium.games.patience.the_fifteen import COLUMNS
from compendium.games.patience.the_fifteen import GAME as FIFTEEN

DEALS = range(40)
NODES = 20_000          # positions, not seconds: the same answer on a busy machine as on an idle one


def replays_to_a_win(game, state, line) -> bool:   # type: ignore[no-untyped-def]
    for action in line:
        state = game.apply(state, action)
    return game.is_won(state)


@pytest.mark.parametrize("seed", DEALS)
def test_fortress_same_verdict_as_the_private_search(seed: int) -> None:
    state = Session(FORTRESS, seed=seed).state
    view = FORTRESS.view(state, 0)
    rows = [[fortress_ai._code(c.face) for c in p.cards] for p in view.piles if p.kind.name == "TABLEAU"]
    _, old_won = fortress_ai.search(rows, [0, 0, 0, 0], 1e9, max_nodes=NODES)
    line, won = fortress_ai.plan(FORTRESS, state, 1e9, max_nodes=NODES)
    assert won == old_won
    assert not won or replays_to_a_win(FORTRESS, state, line)
    assert won == (solve(FORTRESS, state, budget_s=5.0).verdict is Verdict.WINNABLE)


@pytest.mark.parametrize("seed", DEALS)
def test_the_fifteen_same_verdict_and_first_move_as_the_private_search(seed: int) -> None:
    state = Session(FIFTEEN, seed=seed).state
    view = FIFTEEN.view(state, 0)
    cols = [[fifteen_ai._code(c.face) for c in view.pile(n).cards] for n in COLUMNS]
    _, old_won = fifteen_ai.search(cols, [0] * 4, [14] * 4, 1e9, max_nodes=NODES)
    line, won = fifteen_ai.plan(FIFTEEN, state, 1e9, max_nodes=NODES)
    assert won == old_won
    assert not won or replays_to_a_win(FIFTEEN, state, line)
    assert line[:1] == fifteen_ai.plan_from_view(FIFTEEN, view, 1e9)[:1]
