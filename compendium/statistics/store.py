"""Statistics per game, kept in an SQLite file under the application-data folder.

One row per deal that counted: won, lost (no move left) or abandoned (dealt again before the end).
Every figure of ``summary`` is computed from those rows, so nothing can drift out of step.

The file must survive what players' machines do to files:

* two copies of the application at once: WAL mode and a busy timeout let both write, and every
  write is one ``BEGIN IMMEDIATE`` transaction, so neither sees the other's half-done work;
* a damaged file, or something else at our path: it is renamed aside (never deleted), a new one is
  started, and ``notice`` says so for the status bar;
* a file written by a newer version: it is left exactly as it is (the newer version still needs it)
  and this run keeps its statistics in memory only, again with a ``notice``;
* a write that fails (disk full, locked for too long): the row stays pending in memory and is
  written with the next one, so a result is not lost to a passing hiccup.

The schema has a version (``PRAGMA user_version``) and a list of migrations, each taking the
schema one version further, run in a transaction when an older file is opened.
"""
from __future__ import annotations

import json
import math
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from types import TracebackType
from typing import Any, Iterator, Mapping, Sequence

from ..core.errors import CompendiumError

__all__ = ["StatsStore", "GameStats", "DealRecord", "Result", "StatsError", "SCHEMA_VERSION",
           "MIGRATIONS", "APPLICATION_ID", "compute_summary"]

# Written into the file's header, so that another program's SQLite file at our path is recognised
# as not ours (the bytes spell "Cmpd").
APPLICATION_ID = 0x436D7064

# MIGRATIONS[i] takes the schema from version i to version i + 1.  Append, never edit: a file
# written by an older release is brought up to date by running the ones it has not seen.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # version 1: one row per deal that counted
        """CREATE TABLE deals (
               id          INTEGER PRIMARY KEY,
               game_id     TEXT    NOT NULL CHECK (length(game_id) > 0),
               seed        INTEGER NOT NULL CHECK (seed >= 0),
               options     TEXT    NOT NULL DEFAULT '{}',
               result      TEXT    NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
               moves       INTEGER NOT NULL CHECK (moves >= 0),
               seconds     REAL    NOT NULL CHECK (seconds >= 0),
               score       INTEGER,
               finished_at TEXT    NOT NULL
           )""",
        "CREATE INDEX deals_by_game ON deals (game_id, finished_at, id)",
        f"PRAGMA application_id = {APPLICATION_ID}",
    ),
    (  # version 2: a game against the computer may be drawn (chess, draughts).  SQLite cannot
       # change a CHECK constraint in place: the table is rebuilt with the rows copied over.
        """CREATE TABLE deals_v2 (
               id          INTEGER PRIMARY KEY,
               game_id     TEXT    NOT NULL CHECK (length(game_id) > 0),
               seed        INTEGER NOT NULL CHECK (seed >= 0),
               options     TEXT    NOT NULL DEFAULT '{}',
               result      TEXT    NOT NULL CHECK (result IN ('won', 'lost', 'drawn', 'abandoned')),
               moves       INTEGER NOT NULL CHECK (moves >= 0),
               seconds     REAL    NOT NULL CHECK (seconds >= 0),
               score       INTEGER,
               finished_at TEXT    NOT NULL
           )""",
        "INSERT INTO deals_v2 SELECT id, game_id, seed, options, result, moves, seconds, score, "
        "finished_at FROM deals",
        "DROP TABLE deals",
        "ALTER TABLE deals_v2 RENAME TO deals",
        "CREATE INDEX deals_by_game ON deals (game_id, finished_at, id)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

DEFAULT_TIMEOUT = 10.0        # seconds to wait for the other instance's write to finish
MAX_SEED = (1 << 63) - 1      # SQLite's INTEGER, and the record format's limit
_STAMP = "%Y-%m-%dT%H:%M:%S.%fZ"   # fixed width, UTC: the text sorts as the time does
_CORRUPT_CODES = (11, 26)     # SQLITE_CORRUPT, SQLITE_NOTADB (primary codes)
_BUSY_CODES = (5, 6)          # SQLITE_BUSY, SQLITE_LOCKED
_SIDE_FILES = ("-wal", "-shm", "-journal")
_MAGIC = b"SQLite format 3\x00"       # the first bytes of every SQLite database file
MAX_MOVES = 10**9                      # a row beyond these was not written by a game: skipped
MAX_SECONDS = 10.0**9
# What reading a damaged file can raise besides sqlite3.Error: SQLite's own message about the
# damage may hold bytes that are not UTF-8 (UnicodeDecodeError, a ValueError).
_READ_ERRORS = (sqlite3.Error, ValueError, OverflowError)


class StatsError(CompendiumError, ValueError):
    """A result that cannot be recorded as given (the message quotes the bad value)."""


class Result(str, Enum):
    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"            # a game against the computer that nobody won
    ABANDONED = "abandoned"

    @property
    def label(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal in the log."""

    game_id: str
    seed: int
    options: dict[str, Any]
    result: Result
    moves: int
    seconds: float
    score: int | None
    finished_at: datetime | None     # aware, UTC; None only if the file held a bad date
    id: int | None = None            # the row id; None while the row waits to be written


@dataclass(frozen=True, slots=True)
class GameStats:
    """The figures for one game.  Figures that need a win (or a score) are ``None`` until there
    is one; ``win_rate`` is ``None`` until a game has been played."""

    game_id: str
    played: int = 0
    won: int = 0
    lost: int = 0
    abandoned: int = 0
    drawn: int = 0
    win_rate: float | None = None
    current_streak: int = 0          # wins in a row, ending with the latest game
    longest_streak: int = 0
    best_time: float | None = None   # seconds, fastest win
    average_time_to_win: float | None = None
    best_moves: int | None = None    # fewest moves in a win
    average_moves_to_win: float | None = None
    best_score: int | None = None    # over every game that has a score, abandoned ones included
    average_score: float | None = None


def compute_summary(game_id: str, deals: Sequence[DealRecord]) -> GameStats:
    """The figures for ``deals``, given oldest first.  An abandoned or drawn game counts as played
    and not won, so it ends a streak as a loss does."""
    streak = longest = 0
    wins: list[DealRecord] = []
    scores: list[int] = []
    counts = {result: 0 for result in Result}
    for deal in deals:
        counts[deal.result] += 1
        if deal.result is Result.WON:
            wins.append(deal)
            streak += 1
            longest = max(longest, streak)
        else:
            streak = 0
        if deal.score is not None:
            scores.append(deal.score)
    played = len(deals)
    return GameStats(
        game_id=game_id, played=played, won=counts[Result.WON], lost=counts[Result.LOST],
        drawn=counts[Result.DRAWN], abandoned=counts[Result.ABANDONED],
        win_rate=counts[Result.WON] / played if played else None,
        current_streak=streak, longest_streak=longest,
        best_time=min(d.seconds for d in wins) if wins else None,
        average_time_to_win=math.fsum(d.seconds for d in wins) / len(wins) if wins else None,
        best_moves=min(d.moves for d in wins) if wins else None,
        average_moves_to_win=sum(d.moves for d in wins) / len(wins) if wins else None,
        best_score=max(scores) if scores else None,
        average_score=sum(scores) / len(scores) if scores else None,
    )


class _Unusable(Exception):
    """The file at our path is not a statistics file we can use: ``aside`` says whether it is to
    be renamed aside (damaged, or not ours) or left alone (newer)."""

    def __init__(self, reason: str, *, aside: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.aside = aside


def _is_corruption(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) in _CORRUPT_CODES
    # Without the code (other builds), only the messages of those two errors.
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) in _BUSY_CODES
    text = str(exc).lower()
    return "locked" in text or "busy" in text


class StatsStore:
    """The statistics file at ``path`` (``None``: in memory, kept for this run only).

    Opening never raises for a bad file: see the module's notes and ``notice``.  The recording
    methods raise ``StatsError`` only for values no game could produce; a failure of the file
    itself is reported by their return value (``False``: kept pending) and ``last_error``.
    """

    def __init__(self, path: str | Path | None, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = Path(path) if path is not None else None
        self.timeout = timeout
        self.notice: str | None = None       # what went wrong opening the file, to tell the user
        self.last_error: str | None = None   # the latest failure of a read or a write
        self.set_aside: Path | None = None   # where a bad file was moved to
        self.persistent = False              # True while results go to the file
        self._pending: list[DealRecord] = []
        self._conn: sqlite3.Connection | None = None
        self._closed = False
        self._open()

    # ==========================================================================================
    # Opening

    def _open(self) -> None:
        if self.path is None:
            self._conn = self._memory()
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._fall_back(f"the folder {self.path.parent} cannot be created "
                            f"({exc.strerror or exc})")
            return
        may_set_aside = True       # once: a second bad file in a row is not chased further
        deadline = time.monotonic() + self.timeout
        while True:
            conn: sqlite3.Connection | None = None
            try:
                _check_header(self.path)
                conn = self._connect(self.path)
                self._prepare(conn)
            except _Unusable as exc:
                self._close_quietly(conn)
                if not exc.aside:
                    self._fall_back(exc.reason, left=True)
                    return
                if may_set_aside and self._move_aside(exc.reason):
                    may_set_aside = False
                    continue
                self._fall_back(exc.reason)
                return
            except (ValueError, OverflowError) as exc:    # a damaged file Python cannot even quote
                self._close_quietly(conn)
                if may_set_aside and self._move_aside(f"it is damaged ({type(exc).__name__})"):
                    may_set_aside = False
                    continue
                self._fall_back(f"it is damaged ({type(exc).__name__})")
                return
            except sqlite3.Error as exc:
                self._close_quietly(conn)
                # Switching to WAL while another instance does the same can be refused at once,
                # without SQLite's own waiting: wait here, as long as the busy timeout.
                if _is_busy(exc) and time.monotonic() < deadline:
                    time.sleep(0.02)
                    continue
                if _is_corruption(exc) and may_set_aside and self._move_aside(str(exc)):
                    may_set_aside = False
                    continue
                self._fall_back(str(exc))
                return
            self._conn = conn
            self.persistent = True
            return

    def _connect(self, path: Path) -> sqlite3.Connection:
        # isolation_level=None: no implicit transactions; ours are explicit and IMMEDIATE.
        # ``timeout`` is SQLite's busy timeout: a write waits that long for the other instance's.
        return sqlite3.connect(str(path), timeout=self.timeout, isolation_level=None)

    def _memory(self) -> sqlite3.Connection:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        self._migrate(conn)
        return conn

    def _prepare(self, conn: sqlite3.Connection) -> None:
        """Check what is at the path, then (and only then) write to it: WAL mode and the schema."""
        version, app_id, tables = self._inspect(conn)
        if app_id not in (0, APPLICATION_ID) or (app_id == 0 and (version or tables)):
            raise _Unusable("it is not a Compendium statistics file", aside=True)
        if version < 0:         # no version ever wrote it: the header is damaged
            raise _Unusable("it is damaged (a negative schema version)", aside=True)
        if version > SCHEMA_VERSION:
            raise _Unusable(f"it was written by a newer version of Compendium (schema {version}; "
                            f"this version knows up to {SCHEMA_VERSION})", aside=False)
        check = conn.execute("PRAGMA quick_check").fetchall()
        if [tuple(row) for row in check] != [("ok",)]:
            raise _Unusable("it is damaged", aside=True)
        # WAL lets a reader and a writer work at once; where the file system cannot do it (some
        # network shares) SQLite keeps its rollback journal, which is slower but just as safe.
        conn.execute("PRAGMA journal_mode = WAL").fetchall()
        self._migrate(conn)

    @staticmethod
    def _inspect(conn: sqlite3.Connection) -> tuple[int, int, int]:
        """The schema version, the application id and the number of schema objects, read in one
        statement: one snapshot, even while another instance is creating the schema."""
        row = conn.execute("SELECT (SELECT user_version FROM pragma_user_version),"
                           " (SELECT application_id FROM pragma_application_id),"
                           " (SELECT count(*) FROM sqlite_master)").fetchone()
        return int(row[0]), int(row[1]), int(row[2])

    def _migrate(self, conn: sqlite3.Connection) -> None:
        # Looked at again inside the transaction: another instance may have migrated meanwhile.
        with _transaction(conn):
            version, app_id, tables = self._inspect(conn)
            if version > SCHEMA_VERSION:
                raise _Unusable(f"it was written by a newer version of Compendium "
                                f"(schema {version})", aside=False)
            if version == 0 and tables:
                raise _Unusable("it is not a Compendium statistics file", aside=True)
            if version < 0:
                raise _Unusable("it is damaged (a negative schema version)", aside=True)
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    conn.execute(statement)
            if version < SCHEMA_VERSION:
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _move_aside(self, reason: str) -> bool:
        """Rename the bad file (and SQLite's side files with it, which must never meet a new
        database of the same name) to ``<stem>.corrupt-<time><suffix>``."""
        assert self.path is not None
        path = self.path
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.stem}.corrupt-{stamp}{path.suffix}")
        n = 1
        while any(Path(f"{target}{side}").exists() for side in ("", *_SIDE_FILES)):
            n += 1
            target = path.with_name(f"{path.stem}.corrupt-{stamp}-{n}{path.suffix}")
        try:
            path.rename(target)
        except FileNotFoundError:
            pass       # another instance moved it first: start afresh all the same
        except OSError:
            return False
        for side in _SIDE_FILES:
            try:
                Path(f"{path}{side}").rename(f"{target}{side}")
            except OSError:
                pass
        self.set_aside = target
        self.notice = (f"The statistics file {path.name} could not be used: {reason}. "
                       f"It was kept as {target.name} and new statistics were started.")
        return True

    def _fall_back(self, reason: str, *, left: bool = False) -> None:
        """Keep statistics in memory for this run, and say why."""
        assert self.path is not None
        what = "It was left as it is, and this" if left else "This"
        self.notice = (f"The statistics file {self.path.name} cannot be used: {reason}. "
                       f"{what} session's statistics will not be kept.")
        self.persistent = False
        self._conn = self._memory()

    @staticmethod
    def _close_quietly(conn: sqlite3.Connection | None) -> None:
        if conn is not None:
            try:
                conn.close()
            except sqlite3.Error:
                pass

    def _recover(self, exc: Exception) -> None:
        """A failure while running: a damaged file is set aside and replaced; anything else (the
        other instance holding the lock too long, a full disk) is only remembered."""
        self.last_error = str(exc)
        damaged = not isinstance(exc, sqlite3.Error) or _is_corruption(exc)
        if not (damaged and self.persistent and self.path is not None):
            return
        self._close_quietly(self._conn)
        self._conn = None
        self.persistent = False
        self._open()

    # ==========================================================================================
    # Recording

    def record_game(self, game_id: str, seed: int, options: Mapping[str, Any] | None, won: bool,
                    moves: int, seconds: float, score: int | None = None,
                    finished_at: datetime | None = None, *, result: Result | str | None = None) -> bool:
        """Record a game that ended: ``won``, or lost (no move left).  ``result`` may say so
        instead ('won', 'lost', 'abandoned'), and then wins over ``won``.  ``finished_at``
        defaults to now; a naive time is taken as local time.  Returns ``True`` when the row is
        in the file (or in memory, for an in-memory store), ``False`` when it is pending."""
        outcome = Result.WON if won else Result.LOST
        if result is not None:
            try:
                outcome = Result(result)
            except ValueError:
                raise StatsError(f"{result!r} is not a result: use 'won', 'lost', 'drawn' or 'abandoned'") from None
        deal = _validated(game_id, seed, options, outcome, moves, seconds, score, finished_at)
        self._pending.append(deal)
        return self._flush()

    def record_abandoned(self, game_id: str, seed: int, options: Mapping[str, Any] | None,
                         moves: int, seconds: float, score: int | None = None,
                         finished_at: datetime | None = None) -> bool:
        """Record a started game the player left by dealing again: played, not won."""
        return self.record_game(game_id, seed, options, False, moves, seconds, score, finished_at,
                                result=Result.ABANDONED)

    def _flush(self) -> bool:
        if not self._pending:
            return True
        for _attempt in range(2):
            if self._conn is None:
                return False
            try:
                with _transaction(self._conn) as conn:
                    conn.executemany(
                        "INSERT INTO deals (game_id, seed, options, result, moves, seconds, score,"
                        " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [(d.game_id, d.seed, json.dumps(d.options, sort_keys=True), d.result.value,
                          d.moves, d.seconds, d.score, _stamp(d.finished_at)) for d in self._pending])
            except sqlite3.Error as exc:
                self._recover(exc)
                continue
            self._pending.clear()
            self.last_error = None
            return True
        return False

    @property
    def pending(self) -> int:
        """Results not yet written to the file (a write failed; they go with the next one)."""
        return len(self._pending)

    # ==========================================================================================
    # Reading

    def _deals(self, game_id: str, *, newest_first: bool = False, limit: int | None = None) -> list[DealRecord]:
        self._flush()
        rows: list[tuple[Any, ...]] = []
        if self._conn is not None:
            order = "DESC" if newest_first else "ASC"
            sql = (f"SELECT id, game_id, seed, options, result, moves, seconds, score, finished_at"
                   f" FROM deals WHERE game_id = ? ORDER BY finished_at {order}, id {order}")
            params: tuple[Any, ...] = (game_id,)
            if limit is not None:
                sql += " LIMIT ?"
                params += (limit,)
            try:
                rows = self._conn.execute(sql, params).fetchall()
            except _READ_ERRORS as exc:
                self._recover(exc)
                rows = []
        deals = [d for d in map(_decode, rows) if d is not None]
        waiting = [d for d in self._pending if d.game_id == game_id]
        if waiting:
            deals = sorted(deals + waiting, key=_order_key, reverse=newest_first)
            if limit is not None:
                deals = deals[:limit]
        return deals

    def summary(self, game_id: str) -> GameStats:
        """Every figure for ``game_id`` (see ``GameStats``)."""
        return compute_summary(game_id, self._deals(game_id))

    def log(self, game_id: str, limit: int | None = 100) -> list[DealRecord]:
        """The latest ``limit`` deals of ``game_id`` (all with ``None``), newest first."""
        if limit is not None and limit < 0:
            raise StatsError(f"the log's limit {limit!r} is negative")
        return self._deals(game_id, newest_first=True, limit=limit)

    def game_ids(self) -> list[str]:
        """The games that have statistics."""
        ids = {d.game_id for d in self._pending}
        if self._conn is not None:
            try:
                ids.update(r[0] for r in self._conn.execute("SELECT DISTINCT game_id FROM deals")
                           if isinstance(r[0], str) and r[0])     # a damaged row names no game
            except _READ_ERRORS as exc:
                self._recover(exc)
        return sorted(ids)

    # ==========================================================================================
    # Forgetting

    def reset(self, game_id: str) -> int:
        """Forget every deal of ``game_id``; returns how many were forgotten.  Raises
        ``StatsError`` if the file refused (nothing is forgotten then)."""
        waiting = sum(1 for d in self._pending if d.game_id == game_id)
        removed = 0
        if self._conn is not None:
            try:
                with _transaction(self._conn) as conn:
                    removed = conn.execute("DELETE FROM deals WHERE game_id = ?", (game_id,)).rowcount
            except sqlite3.Error as exc:
                self._recover(exc)
                raise StatsError(f"the statistics of {game_id!r} could not be reset: {exc}") from None
        self._pending = [d for d in self._pending if d.game_id != game_id]
        return removed + waiting

    # ==========================================================================================
    # Closing

    def close(self) -> None:
        """Write what is pending (one last try) and close the file.  Safe to call twice."""
        if self._closed:
            return
        self._flush()
        self._closed = True
        self._close_quietly(self._conn)
        self._conn = None

    def __enter__(self) -> "StatsStore":
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


# ==============================================================================================
# Helpers

@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction.  IMMEDIATE takes the write lock at once (waiting up to the busy
    timeout for the other instance), so it cannot fail half-way for want of the lock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        raise
    try:
        conn.execute("COMMIT")
    except sqlite3.Error:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        raise


def _validated(game_id: str, seed: int, options: Mapping[str, Any] | None, result: Result,
               moves: int, seconds: float, score: int | None,
               finished_at: datetime | None) -> DealRecord:
    if not isinstance(game_id, str) or not game_id:
        raise StatsError(f"{game_id!r} is not a game id")
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise StatsError(f"{seed!r} is not a deal number")
    if not _is_int(moves) or moves < 0:
        raise StatsError(f"{moves!r} is not a number of moves")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
            or not math.isfinite(seconds) or seconds < 0:
        raise StatsError(f"{seconds!r} is not a playing time in seconds")
    if score is not None and (not _is_int(score) or abs(score) > MAX_SEED):
        raise StatsError(f"{score!r} is not a score")
    opts = dict(options or {})
    try:
        json.dumps(opts, sort_keys=True)
    except (TypeError, ValueError):
        raise StatsError(f"the options {opts!r} cannot be stored (only plain values can)") from None
    if finished_at is None:
        when = datetime.now(timezone.utc)
    elif isinstance(finished_at, datetime):
        when = finished_at.astimezone(timezone.utc)    # a naive time is local time
    else:
        raise StatsError(f"{finished_at!r} is not a date and time")
    return DealRecord(game_id, int(seed), opts, result, int(moves), float(seconds),
                      None if score is None else int(score), when)


def _check_header(path: Path) -> None:
    """Refuse a file that is not SQLite at all before SQLite opens it: SQLite would delete a
    ``-wal`` file beside it on closing, and that file goes aside with it, untouched."""
    try:
        with path.open("rb") as f:
            head = f.read(len(_MAGIC))
    except OSError:
        return            # missing (a new file), or unreadable: SQLite says which
    if head and head != _MAGIC:
        raise _Unusable("it is not an SQLite database", aside=True)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stamp(when: datetime | None) -> str:
    return (when or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime(_STAMP)


def _decode(row: tuple[Any, ...]) -> DealRecord | None:
    """A row read back; a row some other program damaged loses only its bad field, or is skipped."""
    rowid, game_id, seed, options, result, moves, seconds, score, finished_at = row
    try:
        outcome = Result(result)
        seed, moves, seconds = int(seed), int(moves), float(seconds)
    except (TypeError, ValueError, OverflowError):      # OverflowError: int() of an infinity
        return None
    # Rows another program wrote with values no game makes (an infinite time, a negative deal
    # number) would break the figures and the dialog: they are left out, as a bad row is.
    if not (0 <= seed <= MAX_SEED and 0 <= moves <= MAX_MOVES and 0 <= seconds <= MAX_SECONDS):
        return None
    try:
        opts = json.loads(options)
    except (TypeError, ValueError, RecursionError):
        opts = {}
    try:
        when: datetime | None = datetime.strptime(finished_at, _STAMP).replace(tzinfo=timezone.utc)
    except (TypeError, ValueError):
        when = None
    if when is not None and not 1971 <= when.year <= 9998:   # no game was played then, and
        when = None                      # the dialog's local time could not be computed
    return DealRecord(str(game_id), seed, opts if isinstance(opts, dict) else {}, outcome, moves,
                      seconds, score if _is_int(score) and abs(score) <= MAX_SEED else None, when,
                      rowid)


def _order_key(deal: DealRecord) -> tuple[str, float]:
    # Pending rows have no id yet: after every written row of the same moment.
    return _stamp(deal.finished_at) if deal.finished_at else "", deal.id if deal.id is not None else math.inf
