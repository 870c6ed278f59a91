"""The statistics store: the schema and its migrations, the figures, bad files set aside, newer
files left alone, and two writers at once losing nothing."""
from __future__ import annotations

import itertools
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compendium.statistics import store as stats_module
from compendium.statistics.store import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    DealRecord,
    GameStats,
    Result,
    StatsError,
    StatsStore,
)
from tests.conftest import ROOT

KLONDIKE = "canfield_or_klondike"
T0 = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "stats.sqlite"


@pytest.fixture
def store(path: Path):
    with StatsStore(path) as s:
        yield s


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(str(path), isolation_level=None)


# -- the schema --------------------------------------------------------------------------------

def test_a_new_file_gets_the_schema_in_wal_mode(store: StatsStore, path: Path) -> None:
    assert store.notice is None and store.persistent
    conn = raw(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    columns = [row[1] for row in conn.execute("PRAGMA table_info(deals)")]
    assert columns == ["id", "game_id", "seed", "options", "result", "moves", "seconds", "score",
                       "finished_at"]
    conn.close()


def test_results_survive_closing_and_reopening(path: Path) -> None:
    with StatsStore(path) as first:
        assert first.record_game(KLONDIKE, 143, {"draw": 1}, True, 97, 181.5, 24, at(0))
    with StatsStore(path) as second:
        assert second.notice is None
        (deal,) = second.log(KLONDIKE)
        assert (deal.seed, deal.options, deal.result, deal.moves, deal.seconds, deal.score,
                deal.finished_at) == (143, {"draw": 1}, Result.WON, 97, 181.5, 24, at(0))


def test_a_version_1_file_is_migrated_keeping_its_rows_and_takes_draws(path: Path, monkeypatch) -> None:
    # A file as the first release wrote it (schema version 1: no drawn games).
    with monkeypatch.context() as m:
        m.setattr(stats_module, "MIGRATIONS", stats_module.MIGRATIONS[:1])
        m.setattr(stats_module, "SCHEMA_VERSION", 1)
        with StatsStore(path) as old:
            old.record_game(KLONDIKE, 1, {}, True, 90, 100.0, None, at(0))
    conn = raw(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    conn.close()
    with StatsStore(path) as new:
        assert new.notice is None
        assert new.summary(KLONDIKE).won == 1
        new.record_game("chess", 2, {}, False, 40, 600.0, None, at(1), result="drawn")
        chess = new.summary("chess")
        assert (chess.played, chess.won, chess.drawn, chess.win_rate) == (1, 0, 1, 0.0)
    conn = raw(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    assert conn.execute("SELECT seed, result FROM deals ORDER BY id").fetchall() == [(1, "won"), (2, "drawn")]
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    conn.close()


def test_a_later_migration_runs_on_opening(path: Path, monkeypatch) -> None:
    with StatsStore(path) as old:
        old.record_game(KLONDIKE, 1, {}, True, 90, 100.0, None, at(0))
    # A later release adds a column: the file is brought up to that version on opening.
    later = stats_module.MIGRATIONS + (("ALTER TABLE deals ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",),)
    monkeypatch.setattr(stats_module, "MIGRATIONS", later)
    monkeypatch.setattr(stats_module, "SCHEMA_VERSION", len(later))
    with StatsStore(path) as new:
        assert new.notice is None
        assert new.summary(KLONDIKE).won == 1
    conn = raw(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(later)
    assert conn.execute("SELECT seed, hints FROM deals").fetchall() == [(1, 0)]
    conn.close()


# -- the figures -------------------------------------------------------------------------------

SCRIPT = [  # result, moves, seconds, score
    ("won", 100, 200.0, 30),
    ("won", 90, 150.0, 40),
    ("lost", 60, 300.0, -20),
    ("won", 120, 250.0, 10),
    ("won", 80, 100.0, 45),
    ("won", 110, 400.0, None),
    ("abandoned", 5, 20.0, None),
    ("lost", 70, 120.0, -30),
    ("won", 95, 175.0, 35),
]


def test_figures_for_a_scripted_sequence(store: StatsStore) -> None:
    for minute, (result, moves, seconds, score) in enumerate(SCRIPT):
        store.record_game(KLONDIKE, 1000 + minute, {"draw": 1}, result == "won", moves, seconds,
                          score, at(minute), result=result)
    store.record_game("other_game", 1, {}, True, 1, 1.0, None, at(99))   # kept apart
    s = store.summary(KLONDIKE)
    assert s == GameStats(
        game_id=KLONDIKE, played=9, won=6, lost=2, abandoned=1, win_rate=6 / 9,
        current_streak=1,               # the last game was won, after a loss
        longest_streak=3,               # games 4, 5 and 6 (the abandoned one ended it)
        best_time=100.0, average_time_to_win=(200 + 150 + 250 + 100 + 400 + 175) / 6,
        best_moves=80, average_moves_to_win=(100 + 90 + 120 + 80 + 110 + 95) / 6,
        best_score=45, average_score=(30 + 40 - 20 + 10 + 45 - 30 + 35) / 7)
    assert store.summary("other_game").played == 1


def test_figures_of_a_game_never_played_or_never_won(store: StatsStore) -> None:
    assert store.summary(KLONDIKE) == GameStats(KLONDIKE)
    assert store.summary(KLONDIKE).win_rate is None
    store.record_game(KLONDIKE, 1, {}, False, 40, 60.0, None, at(0))
    s = store.summary(KLONDIKE)
    assert (s.played, s.won, s.win_rate, s.current_streak, s.longest_streak) == (1, 0, 0.0, 0, 0)
    assert s.best_time is s.average_time_to_win is s.best_moves is s.average_moves_to_win is None


def test_order_is_by_time_finished_not_by_writing(store: StatsStore) -> None:
    # Written out of order (two instances finishing close together): the streak follows the clock.
    store.record_game(KLONDIKE, 3, {}, True, 10, 1.0, None, at(3))
    store.record_game(KLONDIKE, 1, {}, True, 10, 1.0, None, at(1))
    store.record_game(KLONDIKE, 2, {}, False, 10, 1.0, None, at(2))
    assert store.summary(KLONDIKE).current_streak == 1
    assert [d.seed for d in store.log(KLONDIKE)] == [3, 2, 1]


def test_log_is_newest_first_and_limited(store: StatsStore) -> None:
    for i in range(12):
        store.record_game(KLONDIKE, i, {"draw": 3, "runs": "part"}, i % 2 == 0, i, float(i), None, at(i))
    log = store.log(KLONDIKE, limit=5)
    assert [d.seed for d in log] == [11, 10, 9, 8, 7]
    assert log[0].result is Result.LOST and log[1].result is Result.WON
    assert log[0].options == {"draw": 3, "runs": "part"}
    assert len(store.log(KLONDIKE, limit=None)) == 12
    assert store.log(KLONDIKE, limit=0) == []
    with pytest.raises(StatsError, match="-1"):
        store.log(KLONDIKE, limit=-1)


def test_big_deal_numbers_and_local_times_round_trip(store: StatsStore) -> None:
    local = datetime(2024, 1, 2, 3, 4, 5, 600000)        # naive: taken as local time
    store.record_abandoned(KLONDIKE, 2**63 - 1, {}, 3, 12.25, finished_at=local)
    (deal,) = store.log(KLONDIKE)
    assert deal.seed == 2**63 - 1
    assert deal.result is Result.ABANDONED
    assert deal.finished_at == local.astimezone(timezone.utc)


def test_reset_forgets_one_game_only(store: StatsStore, path: Path) -> None:
    for i in range(3):
        store.record_game(KLONDIKE, i, {}, True, 10, 1.0, None, at(i))
    store.record_game("other_game", 9, {}, True, 10, 1.0, None, at(5))
    assert store.reset(KLONDIKE) == 3
    assert store.summary(KLONDIKE) == GameStats(KLONDIKE)
    assert store.log(KLONDIKE) == []
    assert store.summary("other_game").played == 1
    assert store.reset(KLONDIKE) == 0
    with StatsStore(path) as again:
        assert again.game_ids() == ["other_game"]


@pytest.mark.parametrize("change, quoted", [
    ({"game_id": ""}, "''"),
    ({"seed": -1}, "-1"),
    ({"seed": 2**63}, str(2**63)),
    ({"seed": True}, "True"),
    ({"moves": -3}, "-3"),
    ({"moves": 2.5}, "2.5"),
    ({"seconds": float("nan")}, "nan"),
    ({"seconds": -1.0}, "-1.0"),
    ({"score": "ten"}, "'ten'"),
    ({"options": {"draw": object}}, "options"),
    ({"finished_at": "yesterday"}, "'yesterday'"),
    ({"result": "tied"}, "'tied'"),
])
def test_bad_values_are_refused_quoting_them_and_nothing_is_stored(store: StatsStore, change, quoted) -> None:
    args = dict(game_id=KLONDIKE, seed=1, options={}, won=True, moves=10, seconds=5.0, score=None,
                finished_at=at(0))
    args.update(change)
    with pytest.raises(StatsError) as info:
        store.record_game(**args)
    assert quoted in str(info.value)
    assert store.pending == 0
    assert store.summary(KLONDIKE).played == 0 and store.game_ids() == []


# -- bad files ---------------------------------------------------------------------------------

def test_a_file_that_is_not_sqlite_is_set_aside_and_a_new_one_started(path: Path) -> None:
    junk = b"these are not the statistics you are looking for\n" * 200
    path.write_bytes(junk)
    Path(f"{path}-wal").write_bytes(b"stale journal")   # must go with it, never meet the new file
    with StatsStore(path) as store:
        (kept,) = path.parent.glob("stats.corrupt-*.sqlite")
        assert kept.read_bytes() == junk
        assert Path(f"{kept}-wal").read_bytes() == b"stale journal"
        assert store.set_aside == kept
        assert store.notice is not None
        assert kept.name in store.notice and "new statistics were started" in store.notice
        assert store.persistent
        assert store.record_game(KLONDIKE, 5, {}, True, 50, 60.0, None, at(0))
        assert store.summary(KLONDIKE).won == 1
    with StatsStore(path) as again:          # the new file is a good one
        assert again.notice is None and again.summary(KLONDIKE).won == 1


def test_a_damaged_database_is_set_aside(path: Path) -> None:
    with StatsStore(path) as store:
        store.record_game(KLONDIKE, 0, {"draw": 1}, True, 1, 1.0, None, at(0))
    conn = raw(path)
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO deals (game_id, seed, options, result, moves, seconds, finished_at)"
                     " SELECT game_id, ?, options, result, moves, seconds, finished_at FROM deals"
                     " WHERE id = 1", [(i,) for i in range(1, 400)])
    conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    assert len(data) > 4 * page
    data[2 * page:3 * page] = b"\xa5" * page          # a page of the table overwritten
    path.write_bytes(bytes(data))
    with StatsStore(path) as store:
        (kept,) = path.parent.glob("stats.corrupt-*.sqlite")
        assert kept.read_bytes() == bytes(data)
        assert store.notice is not None and kept.name in store.notice
        assert "damaged" in store.notice or "malformed" in store.notice
        assert store.summary(KLONDIKE).played == 0
        assert store.record_game(KLONDIKE, 1, {}, True, 1, 1.0)


def test_a_file_damaged_while_open_is_set_aside_and_the_result_still_kept(path: Path) -> None:
    with StatsStore(path) as store:
        assert store.record_game(KLONDIKE, 1, {}, True, 1, 1.0, None, at(0))
        conn = raw(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        path.write_bytes(b"overwritten by something else" * 100)
        assert store.record_game(KLONDIKE, 2, {}, False, 1, 1.0, None, at(1))
        (kept,) = path.parent.glob("stats.corrupt-*.sqlite")
        assert kept.read_bytes() == b"overwritten by something else" * 100
        assert store.notice is not None and kept.name in store.notice
        assert store.persistent and store.pending == 0
    with StatsStore(path) as again:
        assert [d.seed for d in again.log(KLONDIKE)] == [2]


def test_another_programs_database_is_set_aside(path: Path) -> None:
    conn = raw(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('scones')")
    conn.close()
    with StatsStore(path) as store:
        assert store.notice is not None and "not a Compendium statistics file" in store.notice
        (kept,) = path.parent.glob("stats.corrupt-*.sqlite")
        assert raw(kept).execute("SELECT name FROM recipes").fetchall() == [("scones",)]
        assert store.record_game(KLONDIKE, 1, {}, True, 1, 1.0)


def test_a_newer_schema_is_left_alone(path: Path) -> None:
    conn = raw(path)
    conn.execute("CREATE TABLE deals (id INTEGER PRIMARY KEY, future TEXT)")
    conn.execute("INSERT INTO deals (future) VALUES ('kept')")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    with StatsStore(path) as store:
        assert store.notice is not None and "newer version" in store.notice
        assert "left as it is" in store.notice
        assert not store.persistent and store.set_aside is None
        # This run still counts, in memory, without touching the file.
        assert store.record_game(KLONDIKE, 1, {}, True, 10, 5.0)
        assert store.summary(KLONDIKE).won == 1
    assert path.read_bytes() == before
    assert list(path.parent.iterdir()) == [path]


def test_an_unusable_folder_keeps_statistics_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    with StatsStore(blocker / "stats.sqlite") as store:
        assert store.notice is not None and "will not be kept" in store.notice
        assert store.record_game(KLONDIKE, 1, {}, True, 10, 5.0)
        assert store.summary(KLONDIKE).played == 1
    assert blocker.read_text() == "not a folder"


def test_a_write_that_cannot_get_the_lock_is_kept_and_written_later(path: Path) -> None:
    with StatsStore(path, timeout=0.05) as store:
        holder = raw(path)
        holder.execute("BEGIN EXCLUSIVE")                 # another instance, holding on
        assert not store.record_game(KLONDIKE, 1, {}, True, 10, 5.0, None, at(0))
        assert store.pending == 1 and store.last_error and "locked" in store.last_error
        assert store.summary(KLONDIKE).won == 1           # counted meanwhile
        holder.execute("ROLLBACK")
        holder.close()
        assert store.record_game(KLONDIKE, 2, {}, False, 10, 5.0, None, at(1))
        assert store.pending == 0 and store.last_error is None
    with StatsStore(path) as again:
        assert [d.seed for d in again.log(KLONDIKE)] == [2, 1]


# -- two instances at once ---------------------------------------------------------------------

def test_two_stores_in_threads_lose_nothing(path: Path) -> None:
    n = 150
    failures: list[BaseException] = []

    def writer(tag: int) -> None:
        try:
            with StatsStore(path) as store:
                for i in range(n):
                    assert store.record_game(KLONDIKE, tag * 10_000 + i, {"t": tag}, i % 3 == 0, i, 1.0)
        except BaseException as exc:   # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [threading.Thread(target=writer, args=(tag,)) for tag in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
    with StatsStore(path) as store:
        log = store.log(KLONDIKE, limit=None)
        assert len(log) == 2 * n
        assert sorted(d.seed for d in log) == sorted(t * 10_000 + i for t in (1, 2) for i in range(n))


_WRITER = """
import sys, time
from pathlib import Path
sys.path.insert(0, {root!r})
from compendium.statistics.store import StatsStore
path, tag, n, go = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
while not go.exists():
    time.sleep(0.001)
store = StatsStore(path)
assert store.notice is None, store.notice
for i in range(n):
    if not store.record_game("canfield_or_klondike", tag * 10_000 + i, {{}}, i % 2 == 0, i, 0.5):
        sys.exit("a write failed: " + str(store.last_error))
store.close()
"""


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite"          # not created yet: both make the schema at once too
    go = tmp_path / "go"
    n = 120
    script = _WRITER.format(root=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", script, str(path), str(tag), str(n), str(go)],
                              stderr=subprocess.PIPE, text=True) for tag in (1, 2, 3)]
    time.sleep(0.3)                           # let them all start, then release them together
    go.touch()
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    with StatsStore(path) as store:
        assert store.notice is None
        seeds = [d.seed for d in store.log(KLONDIKE, limit=None)]
        assert sorted(seeds) == sorted(t * 10_000 + i for t in (1, 2, 3) for i in range(n))
        assert store.summary(KLONDIKE).played == 3 * n
    conn = raw(path)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()


# -- the figures against a plain reference --------------------------------------------------

def reference(deals: list[tuple[str, int, float, int | None]]) -> dict[str, object]:
    """The figures computed the obvious way, to check ``summary`` against."""
    results = [d[0] for d in deals]
    wins = [d for d in deals if d[0] == "won"]
    runs = [len(list(group)) for key, group in itertools.groupby(results) if key == "won"]
    trailing = len(results) - max((i + 1 for i, r in enumerate(results) if r != "won"), default=0)
    scores = [d[3] for d in deals if d[3] is not None]
    return {
        "played": len(deals), "won": len(wins), "lost": results.count("lost"),
        "abandoned": results.count("abandoned"),
        "win_rate": len(wins) / len(deals) if deals else None,
        "current_streak": trailing, "longest_streak": max(runs, default=0),
        "best_time": min((d[2] for d in wins), default=None),
        "average_time_to_win": sum(d[2] for d in wins) / len(wins) if wins else None,
        "best_moves": min((d[1] for d in wins), default=None),
        "average_moves_to_win": sum(d[1] for d in wins) / len(wins) if wins else None,
        "best_score": max(scores, default=None),
        "average_score": sum(scores) / len(scores) if scores else None,
    }


deal_strategy = st.tuples(
    st.sampled_from(["won", "lost", "abandoned"]),
    st.integers(min_value=0, max_value=5000),
    st.floats(min_value=0, max_value=1e6, allow_nan=False, allow_infinity=False),
    st.none() | st.integers(min_value=-10**6, max_value=10**6),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals=st.lists(deal_strategy, max_size=40), same_moment=st.booleans())
def test_summary_matches_a_plain_reference(deals, same_moment: bool) -> None:
    with StatsStore(None) as store:
        for i, (result, moves, seconds, score) in enumerate(deals):
            # At the same moment, the order written decides (as two quick games would).
            when = at(0) if same_moment else at(i)
            store.record_game("g", i, {}, result == "won", moves, seconds, score, when, result=result)
        got = store.summary("g")
        expected = reference(deals)
        for name, value in expected.items():
            actual = getattr(got, name)
            if isinstance(value, float):
                assert actual == pytest.approx(value, rel=1e-12, abs=1e-9), name
            else:
                assert actual == value, name
        log = store.log("g", limit=None)
        assert [(d.result.value, d.moves, d.seconds, d.score) for d in reversed(log)] == deals


def test_in_memory_store_has_no_file(tmp_path: Path) -> None:
    with StatsStore(None) as store:
        assert store.path is None and not store.persistent and store.notice is None
        store.record_game("g", 1, {}, True, 1, 1.0)
        assert isinstance(store.log("g")[0], DealRecord)
    assert list(tmp_path.iterdir()) == []
