"""Every place the application reads text or files, as the fuzzing suite drives it (issue 25).

Each ``Reader`` has a function reading one input the way the application does, the one error it
documents for bad input (``None``: it promises never to raise), and valid samples to mutate.
``outcome`` sorts what one input did: ``ok``, ``refused`` (the documented error, with a short
message), or the kind of failure: an escape (another exception, by its type), a refusal whose
message is too long, or a read too slow.
"""
from __future__ import annotations

import atexit
import functools
import os
import random
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import compendium.games  # noqa: F401  (the records' game lookup)
from compendium.core import records
from compendium.core.errors import NotationError, RecordError
from compendium.core.game import Special
from compendium.core.notation import parse_card, parse_cards
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games import registry

MESSAGE_LIMIT = 600      # characters: a refusal quotes a short excerpt, whatever the input's size
SLOW = 2.0               # seconds of CPU: one input read slower than this is a failure


@dataclass
class Reader:
    name: str
    read: Callable[[Any], object]
    error: type[BaseException] | None            # the documented error; None: never raises
    samples: Callable[[], list[Any]]
    extra: tuple[str, ...] = ()                 # tokens of this reader's own language
    binary: bool = False
    deep: Callable[[Any, random.Random], Any] | None = None    # a mutation that keeps the syntax


def outcome(reader: Reader, data: Any) -> tuple[str, str]:
    """(kind, detail) for one input: kind is ok, refused, escape:<Type>, long-message or slow."""
    start = time.process_time()
    try:
        reader.read(data)
    except Exception as exc:  # noqa: BLE001 - sorting every failure is the point
        spent = time.process_time() - start
        if reader.error is None or not isinstance(exc, reader.error):
            return f"escape:{type(exc).__name__}", f"{exc!s:.300}"
        if len(str(exc)) > MESSAGE_LIMIT:
            return "long-message", f"{len(str(exc)):,} characters: {exc!s:.200}"
        if spent > SLOW:
            return "slow", f"{spent:.1f} s"
        return "refused", ""
    spent = time.process_time() - start
    return ("slow", f"{spent:.1f} s") if spent > SLOW else ("ok", "")


# -- sample positions, made by playing (deterministic) ------------------------------------------
def _random_play(game_id: str, seed: int, steps: int) -> Session[Any, Any]:
    game = registry.get_game(game_id)
    session: Session[Any, Any] = Session(game, game.resolve_options({}), seed=seed)
    gen = SplitMix64(seed)
    for _ in range(steps):
        seat = session.to_move()
        if isinstance(seat, Special):
            break
        legal = game.legal_actions(session.state, seat)
        if not legal:
            break
        session.play(legal[gen.below(len(legal))])
    return session


# -- the readers -----------------------------------------------------------------------------
def _read_cards(text: str) -> None:
    parse_card(text)


def _read_card_list(text: str) -> None:
    parse_cards(text)


def _card_samples() -> list[str]:
    return ["10♦", "♡A", "TD", "H.10", "D.Kn", "knave of hearts", "the joker", "10 ♦", "S10",
            "♠9 7; ♥A 9 8; ♣J 10 7; ♦J 10 9 8", "AS KH 10♦, ♡A", "S: A K Q; H: -", "deuce of clubs"]


HAND_GAMES = ("solo_whist", "boston", "piquet", "five_hundred", "scotch_whist", "napoleon")


def _read_hand_text(text: str) -> None:
    gid, _, body = text.partition("\n")
    game = registry.get_game(gid if gid in HAND_GAMES or gid == "auction_bridge" else "solo_whist")
    game.setup_state(body, game.resolve_options({}))


@functools.cache
def _hand_samples() -> list[str]:
    out = []
    for k, gid in enumerate(HAND_GAMES):
        for steps in (0, 6):
            session = _random_play(gid, 100 + k, steps)
            game = session.game
            if game.to_move(session.state) is Special.TERMINAL:
                continue
            from compendium.games.tricks.dealtext import session_play
            out.append(gid + "\n" + game.hand_text(session.state, session_play(session)))
    return out


@functools.cache
def _pbn_samples() -> list[str]:
    from compendium.games.tricks.dealtext import pbn_text
    out = []
    for seed in (1, 2, 3):
        session = _random_play("auction_bridge", seed, 0)
        out.append("auction_bridge\n" + pbn_text(session.game, session.state))
        out.append("auction_bridge\n" + pbn_text(session.game, session.state).split("\n")[1])
    return out


def _read_checkers_fen(text: str) -> None:
    registry.get_game("checkers").setup_state(text)


def _checkers_fen_samples() -> list[str]:
    from compendium.games.board.checkers import LESSONS, STANDARD_FEN
    return [STANDARD_FEN, *[lesson.fen for lesson in LESSONS], '[FEN "W:W1-4,K30:B20,21"]',
            "B:W21,22,23:B1-12."]


def _read_pdn(text: str) -> None:
    from compendium.games.board.checkers import read_pdn, replay_pdn
    replay_pdn(read_pdn(text))


@functools.cache
def _pdn_samples() -> list[str]:
    from compendium.games.board.checkers import write_pdn
    out = []
    for seed in (1, 2, 3):
        session = _random_play("checkers", seed, 30)
        out.append(write_pdn(session.options, session.actions_text, session.game.outcome(session.state)))
    out.append('[Event "x"]\n[FEN "W:WK19,K23:BK28,12"]\n1. 23-27 {a comment} 28-32 (28-24 19-15) '
               '2. 19-23! 32-28 {huff 15} 3. 27-32 *')
    return out


def _read_chess_fen(text: str) -> None:
    registry.get_game("chess").setup_state(text)


def _chess_fen_samples() -> list[str]:
    return ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "8/8/8/4k3/8/8/4K3/4R3 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20",
            "4k3/8/8/8/8/8/8/4K2R w K -"]


def _read_pgn(text: str) -> None:
    from compendium.games.board.chess_game import from_pgn
    from_pgn(text)


@functools.cache
def _pgn_samples() -> list[str]:
    from compendium.games.board.chess_game import to_pgn
    out = [to_pgn(_random_play("chess", seed, 24).state) for seed in (1, 2)]
    out.append('[Event "x"]\n[SetUp "1"]\n[FEN "8/8/8/4k3/8/8/4K3/4R3 w - - 0 1"]\n\n'
               "1. Re1+ {check} (1. Kd2 Kd4) 1... Kd5 2. Kd3 $1 Kc5 *")
    out.append("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O 1-0")
    return out


def _read_position_id(text: str) -> None:
    registry.get_game("backgammon").setup_state(text)


@functools.cache
def _position_id_samples() -> list[str]:
    from compendium.games.board.backgammon import position_id
    out = ["4HPwATDgc/ABMA", "4HPwATDgc/ABMA Black", "Position ID: jGfkASjg8wcBMA"]
    for seed in (1, 2, 3):
        out.append(position_id(_random_play("backgammon", seed, 20).state))
    return out


def _read_record(text: str) -> None:
    Session.from_record(records.loads(text), source_text=text)


def _deep_record(text: str, rng: random.Random) -> str:
    """A record still valid JSON, with one member or one action replaced by a hostile value."""
    import json

    from .mutate import HOSTILE, mutate_text
    data = json.loads(text)
    hostile: list[Any] = [None, True, -1, 2**63, 10**300, 1.5, float("inf"), "", "x" * 300, [], {},
                          [[[[]]]], {"a": {"b": {}}}, rng.choice(HOSTILE)]
    key = rng.choice(["actions", "actions", "actions", "redo", "options", "seed", "human_seats",
                      "setup", "clocks", "version", "game", "meta", "format"])
    if key in ("actions", "redo") and data.get(key) and rng.random() < 0.8:
        k = rng.randrange(len(data[key]))
        data[key][k] = mutate_text(data[key][k], rng) if rng.random() < 0.7 else rng.choice(hostile)
    elif key == "options" and rng.random() < 0.7:
        game = registry.get_game(data["game"])
        names = [spec.name for spec in game.option_specs] + ["setup", "start", "x"]
        data["options"][rng.choice(names)] = rng.choice(hostile)
    elif key == "setup" and data.get("setup") and rng.random() < 0.7:
        data["setup"] = mutate_text(data["setup"], rng)
        data["version"] = 2
    else:
        data[key] = rng.choice(hostile)
    return json.dumps(data)


@functools.cache
def _record_samples() -> list[str]:
    out = []
    for gid, steps in (("canfield_or_klondike", 12), ("chess", 10), ("checkers", 10),
                       ("solo_whist", 8), ("piquet", 6), ("backgammon", 6)):
        session = _random_play(gid, 7, steps)
        out.append(records.dumps(session.record()))
    # version 2: games set up from a position
    for gid, setup in (("chess", "8/8/8/4k3/8/8/4K3/4R3 w - - 0 1"), ("checkers", "W:WK19,K23:BK28,12"),
                       ("backgammon", "4HPwATDgc/ABMA")):
        game = registry.get_game(gid)
        session = Session(game, {}, seed=3, setup=setup)
        session.advance_chance()
        out.append(records.dumps(session.record()))
    return out


_FAST = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


# -- the settings file ---------------------------------------------------------------------------
def _scratch(prefix: str) -> str:
    """A folder of our own for the files read, removed when the process ends."""
    folder = tempfile.mkdtemp(prefix=prefix, dir=_FAST)
    atexit.register(shutil.rmtree, folder, True)
    return folder


_SETTINGS_DIR = _scratch("compendium-fuzz-settings-")


def _read_settings(text: str) -> None:
    """Read a settings file as the window does at start-up: check it, then every value it reads."""
    from PySide6.QtCore import QByteArray, QSettings

    from compendium.ui.table import appearance
    from compendium.ui.welcome import should_show
    path = Path(_SETTINGS_DIR) / "settings.ini"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    try:
        from compendium.ui.settings_check import check_settings
    except ImportError:     # an older version, measured for comparison (tests/fuzz/readers.py's main)
        pass
    else:
        check_settings(settings)
    # What the window reads, the way it reads it (main_window._restore_settings and friends).
    for key in ("view/rules", "view/rulesFollow", "table/animations", "table/autoFoundation",
                "table/clickToMove", "table/liveSolver", "view/libraryOffered"):
        settings.value(key, True, type=bool)
    for key in ("computer/level", "view/rulesWidth", "seats/canfield_or_klondike", "seats/chess"):
        settings.value(key, 0, type=int)
    try:                          # as tricks_table._read_pause reads it
        int(settings.value("table/trick_pause_ms", 700))
    except (TypeError, ValueError):
        pass
    folder = settings.value("files/folder")
    if isinstance(folder, str):
        Path(folder).is_dir()
    for key in settings.allKeys():
        if key.startswith("options/"):          # as main_window.saved_options reads them
            import json
            raw = settings.value(key, "")
            try:
                json.loads(raw) if isinstance(raw, str) and raw else {}
            except ValueError:
                pass
    state = settings.value("window/state")
    if isinstance(state, QByteArray) and not state.isEmpty():   # as _restore_settings: restored
        import zlib  # then, so it must be the one saved, undamaged
        assert settings.value("window/stateCheck") == f"{zlib.crc32(bytes(state)):08x}", "damaged layout restored"
    appearance.load(settings)
    should_show(settings)
    settings.sync()


@functools.cache
def _settings_samples() -> list[str]:
    import zlib

    from PySide6.QtCore import QByteArray, QSettings
    path = Path(_SETTINGS_DIR) / "sample.ini"
    if path.exists():
        path.unlink()
    s = QSettings(str(path), QSettings.Format.IniFormat)
    state = bytes.fromhex("000000ff00000000fd00000000000003200000024700000004000000040000000800000008fc0000"
                          "0001000000020000000100000004007400620100000000ffffffff0000000000000000")
    geometry = bytes.fromhex("01d9d0cb000300000000000000000000000003230000025b00000002000000020000032"
                             "1000002590000000000000000032000000002000000020000032100000259")
    s.setValue("window/geometry", QByteArray(geometry))
    s.setValue("window/state", QByteArray(state))
    s.setValue("window/stateCheck", f"{zlib.crc32(state):08x}")     # settings_check.window_state_check
    for key, value in (("view/rules", True), ("view/rulesWidth", 420), ("library/grouping", "family"),
                       ("table/animations", False), ("computer/level", 3), ("game/last", "chess"),
                       ("seats/chess", 1), ("options/canfield_or_klondike", '{"draw": 3, "passes": 0}'),
                       ("files/folder", "/home/player/Games"), ("appearance/deck", "classic"),
                       ("appearance/cloth", "claret"), ("welcome/dontShow", True),
                       ("table/trick_pause_ms", 900)):
        s.setValue(key, value)
    s.sync()
    return [path.read_text(encoding="utf-8")]


# -- the statistics database ---------------------------------------------------------------------
# (In memory where the system has a tmpfs, _FAST: SQLite syncs every transaction, and on a disk
# that is most of the time of a read.)
_STATS_DIR = _scratch("compendium-fuzz-stats-")


def _read_stats(data: bytes) -> None:
    """Open a statistics file as the window does, and show every game's figures and log as the
    statistics dialog does."""
    from compendium.statistics.store import StatsStore
    from compendium.ui.stats_dialog import _format_date, format_number, format_time
    folder = Path(_STATS_DIR)
    for old in folder.iterdir():
        old.unlink()
    path = folder / "stats.sqlite"
    path.write_bytes(data)
    with StatsStore(path, timeout=0.2) as store:
        for game_id in store.game_ids()[:5]:
            s = store.summary(game_id)
            for value in (s.best_time, s.average_time_to_win):
                format_time(value)
            for value in (s.best_moves, s.average_moves_to_win, s.best_score, s.average_score):
                format_number(value, signed=True)
            for deal in store.log(game_id, 20):
                format_time(deal.seconds)
                format_number(deal.moves)
                _format_date(deal.finished_at)
                str(deal.seed)


@functools.cache
def _stats_samples() -> list[bytes]:
    from datetime import datetime, timedelta, timezone

    from compendium.statistics.store import StatsStore
    path = Path(_scratch("compendium-fuzz-stats-sample-")) / "stats.sqlite"
    t0 = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)
    with StatsStore(path) as store:
        rng = random.Random(5)
        for k in range(40):
            gid = rng.choice(("canfield_or_klondike", "chess", "solo_whist"))
            store.record_game(gid, rng.randrange(10_000), {"draw": rng.choice((1, 3))}, rng.random() < 0.4,
                              rng.randrange(200), rng.random() * 900, rng.choice((None, rng.randrange(-50, 50))),
                              t0 + timedelta(minutes=k))
    # One file whole (its write-ahead log folded in), as a closed application leaves it.
    import sqlite3
    conn = sqlite3.connect(str(path))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    return [path.read_bytes()]


READERS: tuple[Reader, ...] = (
    Reader("card", _read_cards, NotationError, _card_samples, ("of", "the", "kn", "♡", "H.", "T")),
    Reader("card-list", _read_card_list, NotationError, _card_samples, ("of", "S:", "-", "♠", "10")),
    Reader("hand-text", _read_hand_text, NotationError, _hand_samples,
           ("A:", "Y:", "B:", "Z:", "dealer: A", "turn-up: ♦7", "preference: Joker", "trick 2:", "calls: A pass")),
    Reader("pbn", _read_hand_text, NotationError, _pbn_samples,
           ('[Dealer "NE"]', '[Dealer "E"]', '[Deal "', "N:", "E:", "AKQ.", "T9", "..."),),
    Reader("checkers-fen", _read_checkers_fen, NotationError, _checkers_fen_samples, ("K", "W:", "B:", "1-32", ",")),
    Reader("pdn", _read_pdn, NotationError, _pdn_samples, ("11-15", "15x24", "{huff 15}", "[FEN \"", "1.", "...")),
    Reader("chess-fen", _read_chess_fen, NotationError, _chess_fen_samples, ("KQkq", "/8", "w", "b", "P", "k")),
    Reader("pgn", _read_pgn, NotationError, _pgn_samples, ("Nf3", "exd5", "O-O-O", "[FEN \"", "[Variant \"", "e8=Q")),
    Reader("position-id", _read_position_id, NotationError, _position_id_samples, ("A", "/", "+", "White", "Black")),
    Reader("record", _read_record, RecordError, _record_samples,
           ('"setup": "', '"clocks": [1]', '"version": 2', '"seed": -1', '"game": "x"', '"options": {"draw": 2}'),
           deep=_deep_record),
    Reader("settings", _read_settings, None, _settings_samples,
           ("@ByteArray(", "@Variant(", "=nan", "=1e999", "=" + "[" * 2000, "level", "folder=" + "a" * 5000)),
    Reader("statistics", _read_stats, None, _stats_samples, binary=True),
)
BY_NAME = {reader.name: reader for reader in READERS}


def inputs(reader: Reader, count: int, seed: int) -> list[Any]:
    """``count`` inputs for ``reader``: its samples, then mutations of them."""
    from .mutate import mutate_bytes, text_inputs
    samples = reader.samples()
    if not reader.binary:
        out = list(text_inputs(samples, count, seed, reader.extra))
        if reader.deep is not None:        # every other input mutated below the syntax
            rng = random.Random(seed + 1)
            for k in range(len(samples), count, 2):
                out[k] = reader.deep(rng.choice(samples), rng)
        return out
    rng = random.Random(seed)
    return samples[:count] + [mutate_bytes(rng.choice(samples), rng) for _ in range(count - len(samples))]


def run(reader: Reader, count: int, seed: int) -> tuple[dict[str, int], dict[str, str]]:
    """Read ``count`` inputs; the number of each kind of outcome, and the first input's detail
    (a repr of the input, cut) for each kind of failure."""
    counts: dict[str, int] = {}
    first: dict[str, str] = {}
    for data in inputs(reader, count, seed):
        kind, detail = outcome(reader, data)
        counts[kind] = counts.get(kind, 0) + 1
        if kind not in ("ok", "refused") and kind not in first:
            first[kind] = f"{detail} <- {data!r:.160}"
    return counts, first


if __name__ == "__main__":      # python -m tests.fuzz.readers [count] [reader ...]: the figures
    import sys
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    names = sys.argv[2:] or list(BY_NAME)
    for name in names:
        t = time.process_time()
        counts, first = run(BY_NAME[name], n, seed=25)
        print(f"{name}: {n} inputs in {time.process_time() - t:.1f} s CPU: {counts}")
        for kind, detail in first.items():
            print(f"    {kind}: {detail}")
