"""The solver's table (``python -m compendium.ai.solver_bench``): a cap of positions gives verdicts
that do not depend on the machine, and the undecided deals are named."""
from __future__ import annotations

import json

import pytest

from compendium.ai import solver_bench

DRAW_THREE = "canfield_or_klondike:draw=3,passes=0,runs=part,from_foundation=1"


def test_a_cap_of_positions_names_the_undecided_deals_and_repeats_exactly():
    # Drawing three, deal 11 is decided within a few hundred positions; deal 12 needs two million.
    first = solver_bench.measure(DRAW_THREE, 2, 600.0, first_seed=11, positions=20_000)
    again = solver_bench.measure(DRAW_THREE, 2, 600.0, first_seed=11, positions=20_000)
    assert first.undecided == again.undecided == [12]
    assert (first.won_pct, first.lost_pct, first.decided_pct) == (again.won_pct, again.lost_pct, 50.0)
    assert first.bad_lines == 0
    assert 20_000 <= first.positions == again.positions <= 21_000     # the cap held deal 12


def test_the_command_line_prints_the_cap_and_lists_the_undecided_in_json(capsys):
    assert solver_bench.main(["--games", DRAW_THREE, "--deals", "2", "--first-seed", "11", "--positions", "20000"]) == 0
    out = capsys.readouterr().out
    assert "20,000 positions each" in out and "klondike d3 p∞ part back" in out
    assert solver_bench.main(["--games", DRAW_THREE, "--deals", "2", "--first-seed", "11", "--positions", "20000",
                              "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["undecided"] == [12] and row["decided_pct"] == 50.0


@pytest.mark.parametrize("cap", ["0", "-5", "many"])
def test_a_bad_cap_is_refused_with_a_message(cap, capsys):
    with pytest.raises(SystemExit) as stop:
        solver_bench.main(["--games", DRAW_THREE, "--deals", "1", "--positions", cap])
    assert stop.value.code == 2 and "--positions" in capsys.readouterr().err
