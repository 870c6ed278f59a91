"""A statistics file damaged or written by another program never stops the start or breaks the
statistics dialog (issue 25)."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from compendium.statistics.store import StatsStore
from compendium.ui.stats_dialog import StatsDialog, format_number, format_time

KLONDIKE = "canfield_or_klondike"
T0 = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)


def a_file(path: Path) -> None:
    with StatsStore(path) as store:
        store.record_game(KLONDIKE, 143, {"draw": 1}, True, 97, 181.5, 24, T0)


def test_a_negative_schema_version_is_damage_and_the_file_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite"
    a_file(path)
    conn = sqlite3.connect(str(path))
    conn.execute("PRAGMA user_version = -3")
    conn.close()
    with StatsStore(path) as store:          # used to raise IndexError (MIGRATIONS[-3])
        assert store.persistent and store.set_aside is not None and store.set_aside.exists()
        assert "negative schema version" in (store.notice or "")
        assert store.game_ids() == []


def test_rows_with_values_no_game_writes_are_left_out(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite"
    a_file(path)
    conn = sqlite3.connect(str(path), isolation_level=None)
    # CHECK constraints hold off negative values; another program may still write these.
    bad = [(KLONDIKE, 1, "{}", "won", 5, 1e308 * 10, None, "2024-05-01T12:01:00.000000Z"),   # infinite time
           (KLONDIKE, 2**62, "{}", "won", 10**15, 3.0, None, "2024-05-01T12:02:00.000000Z"),  # moves
           (KLONDIKE, 3, "[" * 5000 + "]" * 5000, "won", 4, 9.0, 1e30, "0001-01-01T00:00:00.000000Z")]
    conn.executemany("INSERT INTO deals (game_id, seed, options, result, moves, seconds, score, finished_at)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", bad)
    conn.close()
    with StatsStore(path) as store:
        summary = store.summary(KLONDIKE)
        log = store.log(KLONDIKE)
        dialog = StatsDialog(store, KLONDIKE, "Klondike")      # it used to fail on the infinity
        qtbot.addWidget(dialog)
        assert dialog.figures()["best_time"] == "0:09"
    assert summary.played == 2 and summary.best_time == 9.0          # the last row, mended
    kept = next(d for d in log if d.seed == 3)
    assert kept.options == {} and kept.score is None and kept.finished_at is None
    for value in (summary.best_time, summary.average_time_to_win):
        format_time(value)
    format_number(summary.average_score, signed=True)


def test_a_file_whose_damage_cannot_be_decoded_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite"
    a_file(path)
    data = bytearray(path.read_bytes())
    # The schema's text on the first page, made bytes that are not UTF-8.
    at = data.find(b"CREATE TABLE")
    data[at:at + 12] = b"\xbc" * 12
    path.write_bytes(bytes(data))
    with StatsStore(path) as store:
        assert store.persistent
        assert store.set_aside is not None and store.notice
        assert store.summary(KLONDIKE).played == 0
