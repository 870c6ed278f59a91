"""The command line, run as a user runs it: ``python -m compendium`` in a subprocess.

The commands are started together (they are independent) and their results shared by the tests,
which keeps the whole file to a few seconds."""
from __future__ import annotations

import ast
import json
import os
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import compendium
from compendium.core import records
from compendium.core.session import Session
from compendium.games import registry
from tests.conftest import ROOT

APP = ROOT / "compendium" / "ui" / "app.py"
NO_DISPLAY_VARS = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")


def _has_screenshot() -> bool:
    try:
        tree = ast.parse(APP.read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return False
    return any(isinstance(n, ast.FunctionDef) and n.name == "screenshot" for n in tree.body)


HAS_SCREENSHOT = _has_screenshot()


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "compendium", *args], cwd=ROOT, env=env or _env(),
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("cli")


@pytest.fixture(scope="module")
def runs(out_dir) -> dict[str, subprocess.CompletedProcess[str]]:
    no_display = _env(**{name: None for name in NO_DISPLAY_VARS})
    (out_dir / "folder" / "a_folder").mkdir(parents=True)
    commands: dict[str, tuple[list[str], dict[str, str] | None]] = {
        "list": (["--list"], None),
        "json": (["--list", "--json"], None),
        "demo143": (["--demo", "klondike", "--seed", "143", "--record", str(out_dir / "demo143.json")], None),
        "demo7": (["--demo", "klondike", "--seed", "7"], None),
        "record_to_folder": (["--demo", "klondike", "--seed", "1", "--record",
                              str(out_dir / "folder" / "a_folder")], None),
        "record_nowhere": (["--demo", "klondike", "--seed", "1", "--record", "/proc/nope/x.json"], None),
        "nosuchgame": (["--demo", "nosuchgame"], None),
        "badseed": (["--seed", "abc"], None),
        "version": (["--version"], None),
        "unwritable": (["--screenshot", "klondike", "/proc/nope/x.png"], None),
        "nodisplay": ([], no_display),
        "options": (["--demo", "klondike", "--seed", "3", "--option", "draw=3", "--option", "passes=0",
                     "--option", "from_foundation=yes", "--record", str(out_dir / "options.json")], None),
        "badoptionname": (["--demo", "klondike", "--option", "drawn=3"], None),
        "badoptionvalue": (["--demo", "klondike", "--option", "draw=2"], None),
        "optionalone": (["--option", "draw=3"], None),
    }
    if HAS_SCREENSHOT:
        commands["screenshot"] = (["--screenshot", "klondike", str(out_dir / "shot.png"), "--seed", "3",
                                   "--size", "900x700"], None)
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {name: pool.submit(_run, args, env) for name, (args, env) in commands.items()}
        return {name: future.result() for name, future in futures.items()}


def no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr


# -- --list ----------------------------------------------------------------------------------
def test_list_prints_one_line_per_game(runs):
    proc = runs["list"]
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 76
    ids = [game.id for game in registry.all_games()]
    assert [line.split()[0] for line in lines] == ids
    for line in lines:
        assert line.split()[1] in ("playable", "reference")


def test_list_json(runs):
    proc = runs["json"]
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert isinstance(rows, list) and len(rows) == 76
    for row in rows:
        assert {"id", "name", "family", "status"} <= set(row)
        assert row["status"] in ("playable", "reference")
        assert row["name"] and row["family"]
    ids = [row["id"] for row in rows]
    assert len(set(ids)) == 76
    assert {row["id"] for row in rows if row["status"] == "playable"} == set(registry.playable_ids())
    assert "canfield_or_klondike" in registry.playable_ids()


# -- --option --------------------------------------------------------------------------------
def test_options_deal_the_demo_and_go_into_its_record(runs, out_dir):
    proc = runs["options"]
    assert proc.returncode == 0, proc.stderr
    record = records.loads(records.read_text(out_dir / "options.json"))
    assert (record.options["draw"], record.options["passes"], record.options["from_foundation"]) == (3, 0, True)


def test_a_bad_option_names_the_choices(runs):
    name, value, alone = runs["badoptionname"], runs["badoptionvalue"], runs["optionalone"]
    for proc in (name, value, alone):
        assert proc.returncode == 2
        no_traceback(proc)
    assert "no option 'drawn'" in name.stderr and "draw, from_foundation, passes, runs" in name.stderr
    assert "draw='2' is not one of 1, 3" in value.stderr
    assert "--option goes with --game, --demo or --screenshot" in alone.stderr


# -- --demo ----------------------------------------------------------------------------------
def test_demo_writes_a_record_that_replays_to_a_win(runs, out_dir):
    proc = runs["demo143"]
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 1  # the record went to the file, the result line to the screen
    assert lines[0].startswith("Canfield or Klondike, deal 143: every card is on the foundations; score 208")
    text = records.read_text(out_dir / "demo143.json")
    record = records.loads(text)
    assert record.game == "canfield_or_klondike" and record.seed == 143
    assert record.meta == {"demo": True}
    session = Session.from_record(record, source_text=text)
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,)
    moves = len(record.actions) - 1  # all but the deal
    assert lines[0].endswith(f"({moves} moves)")
    assert not list(out_dir.glob("*.tmp"))


def test_demo_prints_the_record(runs):
    proc = runs["demo7"]
    assert proc.returncode == 0, proc.stderr
    *record_lines, result = proc.stdout.splitlines()
    record = records.loads("\n".join(record_lines))
    assert record.seed == 7 and record.actions[0] == "deal 7"
    assert result.startswith("Canfield or Klondike, deal 7: ")
    session = Session.from_record(record)
    outcome = session.outcome()
    if outcome is not None:
        assert outcome.reason in result


def test_demo_record_to_a_folder(runs, out_dir):
    """The message names the path the user gave, not the temporary file used to write it."""
    proc = runs["record_to_folder"]
    assert proc.returncode == 2
    no_traceback(proc)
    assert "a_folder" in proc.stderr
    assert ".tmp" not in proc.stderr, proc.stderr
    assert [p.name for p in (out_dir / "folder").iterdir()] == ["a_folder"]  # no temporary file left


def test_demo_record_to_a_missing_place(runs):
    proc = runs["record_nowhere"]
    assert proc.returncode == 2
    assert proc.stderr.startswith("compendium: ") and "/proc/nope" in proc.stderr
    no_traceback(proc)


def test_demo_of_an_unknown_game(runs):
    proc = runs["nosuchgame"]
    assert proc.returncode == 2
    assert "nosuchgame" in proc.stderr and "--list" in proc.stderr
    assert proc.stdout == ""
    no_traceback(proc)


def test_demo_of_a_reference_only_game(monkeypatch, capsys):
    # Snooker Pool stands in for a game without a table (every game of the library may have one):
    # taken out of the engines, in this process
    from compendium import cli
    monkeypatch.delitem(registry.ENGINES, "snooker_pool")
    assert cli.main(["--demo", "snooker_pool"]) == 2
    err = capsys.readouterr().err
    assert "Snooker Pool" in err and "reference only" in err and "Traceback" not in err


def test_a_bad_seed_is_an_argument_error(runs):
    proc = runs["badseed"]
    assert proc.returncode == 2
    assert "--seed" in proc.stderr and "'abc'" in proc.stderr
    assert proc.stderr.startswith("usage:")
    no_traceback(proc)


def test_version(runs):
    proc = runs["version"]
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"compendium {compendium.__version__}"


# -- --screenshot ----------------------------------------------------------------------------
def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.skipif(not HAS_SCREENSHOT, reason="compendium/ui/app.py does not define screenshot() yet")
def test_screenshot_is_a_png_of_the_asked_size(runs, out_dir):
    proc = runs["screenshot"]
    assert proc.returncode == 0, proc.stderr
    shot = out_dir / "shot.png"
    assert proc.stdout.strip() == f"wrote {shot}"
    assert png_size(shot) == (900, 700)


def test_screenshot_to_an_unwritable_path(runs):
    proc = runs["unwritable"]
    assert proc.returncode == 2
    assert proc.stderr.startswith("compendium: ") and "/proc/nope" in proc.stderr
    no_traceback(proc)
    assert not Path("/proc/nope/x.png").exists()


# -- the GUI without a display ---------------------------------------------------------------
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the display check is for Linux")
def test_no_display_is_a_clear_message(runs):
    proc = runs["nodisplay"]
    assert proc.returncode == 2
    assert "no display" in proc.stderr
    assert "QT_QPA_PLATFORM=offscreen" in proc.stderr
    no_traceback(proc)
