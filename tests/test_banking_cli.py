"""The command line with the banking card games (Vingt-Un, Blind Hookey): --list shows them
playable, --demo plays a whole session and records it (the record replays to the same end),
--screenshot draws the table at 1366×768."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from compendium.core import records
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games import registry  # noqa: F401  (the games a record is replayed with)

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["vingt_un", "blind_hookey"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "compendium", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180)


def test_list_shows_them_playable():
    out = run("--list").stdout
    lines = {line.split()[0]: line.split()[1] for line in out.splitlines()}
    assert all(lines[g] == "playable" for g in GAMES), {g: lines[g] for g in GAMES}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_demo_plays_a_whole_session_and_its_record_replays(game_id, tmp_path):
    record = tmp_path / "demo.json"
    proc = run("--demo", game_id, "--seed", "2", "--record", str(record))
    assert proc.returncode == 0, proc.stderr
    assert "rounds of the session have been played" in proc.stdout or "no counters left" in proc.stdout
    text = records.read_text(record)
    session = Session.from_record(records.loads(text), source_text=text)
    assert session.to_move() is Special.TERMINAL and session.outcome() is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_the_screenshot_draws_the_table(game_id, tmp_path):
    out = tmp_path / f"{game_id}.png"
    proc = run("--screenshot", game_id, str(out), "--seed", "3", "--size", "1366x768")
    assert proc.returncode == 0, proc.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1366, 768)
