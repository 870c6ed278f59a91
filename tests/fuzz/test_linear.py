"""Reading time grows with the input's size, not with its square (issue 25): a record of 200,000
one-letter actions took 53 s of CPU to read when the line of each action was counted from the top
of the file.  Each reader here reads an input and one ten times larger: the time must grow about
tenfold (we allow up to thirty), not a hundredfold."""
from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest

from compendium.core import records
from compendium.core.errors import NotationError, RecordError
from compendium.core.notation import parse_cards
from compendium.games.board.checkers import read_pdn
from compendium.games.board.chess_game import from_pgn

RATIO = 30          # tenfold expected; quadratic would be a hundredfold


def cpu(read: Callable[[], object], repeats: int = 3) -> float:
    """The least CPU time of a few reads (the least is the one the machine disturbed least)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        read()
        best = min(best, time.process_time() - start)
    return best


def record_text(n: int) -> str:
    """A record of ``n`` one-letter actions whose last item is not an action string: reading it
    finds every action's line, to name the bad one's."""
    text = records.dumps(records.Record("canfield_or_klondike", {}, 1, ("x",) * n))
    return text.replace('    "x"\n  ]', "    5\n  ]")


def refused(read: Callable[[str], object], text: str, error: type[Exception]) -> Callable[[], object]:
    def go() -> object:
        with pytest.raises(error):
            read(text)
        return None
    return go


def test_a_record_ten_times_larger_takes_about_ten_times_longer():
    small, large = record_text(20_000), record_text(200_000)
    with pytest.raises(RecordError, match=r"line 200009\b"):
        records.loads(large)          # the line is right (9 lines before the first action), and found
    t_small = cpu(refused(records.loads, small, RecordError))
    t_large = cpu(refused(records.loads, large, RecordError), repeats=2)
    assert t_large < RATIO * max(t_small, 0.002), (t_small, t_large)
    assert t_large < 5.0        # 53 s before the fix, about 0.5 s after on this machine


def test_the_line_of_a_replay_failure_is_found_in_linear_time():
    text = records.dumps(records.Record("canfield_or_klondike", {}, 1, ("x",) * 200_000))
    start = time.process_time()
    assert records.action_line(text, 199_999) == 200_009
    assert time.process_time() - start < 5.0


@pytest.mark.parametrize("name,make,read,error", [
    ("card list", lambda n: "AS KH 10♦ " * n + "ZZ", parse_cards, NotationError),
    ("pdn", lambda n: "1. 11-15 {a comment} 23-19 " * n + "}", read_pdn, NotationError),
    ("pgn", lambda n: '[Event "x"]\n\n' + "{a comment} " * n + "1. e4 e5 2. Ke3", from_pgn, NotationError),
    ("record json", lambda n: json.dumps({"format": "compendium-record", "version": 1, "game": "chess",
                                          "seed": 1, "options": {}, "actions": ["e2e4"] * n,
                                          "redo": [7]}), records.loads, RecordError),
], ids=["card-list", "pdn", "pgn", "record-redo"])
def test_readers_take_time_linear_in_the_input(name, make, read, error):
    n = 2_000
    t_small = cpu(refused(read, make(n), error))
    t_large = cpu(refused(read, make(10 * n), error))
    assert t_large < RATIO * max(t_small, 0.002), (name, t_small, t_large)
