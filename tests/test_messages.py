"""Small things a user trips on (issue 19): messages that read as sentences and say the real
limits, an unknown game said in the window, and no stray Qt warning from --screenshot."""
from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import Future

import pytest

from compendium.core import records
from compendium.core.errors import IllegalAction
from compendium.core.rng import MAX_SEED
from compendium.core.session import Session
from compendium.games.patience.engine import Move, cards_to_move
from compendium.games.patience.klondike import GAME as KLONDIKE
from tests.conftest import ROOT

KLONDIKE_ID = "canfield_or_klondike"


def _run(*args: str, data: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", COMPENDIUM_DATA_DIR=data)
    return subprocess.run([sys.executable, "-m", "compendium", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_seed_too_large_is_refused_with_the_real_limit(tmp_path):
    done = _run("--seed", "99999999999999999999999", "--list", data=str(tmp_path))
    assert done.returncode == 2
    assert "too large" in done.stderr and str(MAX_SEED) in done.stderr
    assert "not a whole number" not in done.stderr
    # the limit itself is a deal number, one more is not
    assert _run("--seed", str(MAX_SEED), "--list", data=str(tmp_path)).returncode == 0
    assert _run("--seed", str(MAX_SEED + 1), "--list", data=str(tmp_path)).returncode == 2


def test_screenshot_prints_no_stray_qt_warning_but_other_qt_messages_pass(tmp_path):
    done = _run("--screenshot", KLONDIKE_ID, str(tmp_path / "shot.png"), "--size", "700x560",
                data=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr
    script = ("from PySide6.QtCore import qWarning\n"
              "from compendium.ui.app import application\n"
              "app = application()\n"
              "qWarning('This plugin does not support propagateSizeHints()')\n"
              "qWarning('a warning that matters')\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", COMPENDIUM_DATA_DIR=str(tmp_path),
               PYTHONPATH=str(ROOT))
    shown = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                           timeout=120, check=False)
    assert shown.returncode == 0, shown.stderr
    assert "a warning that matters" in shown.stderr
    assert "propagateSizeHints" not in shown.stderr


@pytest.mark.parametrize(("text", "said"), [
    ('{"version": 1}', 'it has no "format" member'),
    ('{"format": "pgn", "version": 1}', "its format is 'pgn'"),
])
def test_a_file_of_another_format_is_told_in_words(text, said):
    with pytest.raises(records.RecordError) as caught:
        records.loads(text)
    assert said in str(caught.value) and "None" not in str(caught.value)


def test_too_many_cards_to_move_is_a_sentence():
    assert cards_to_move("waste", 1, 0) == "the waste has no card to move"
    assert cards_to_move("tableau", 3, 1) == "the tableau holds only 1 card, not 3"
    assert cards_to_move("tableau", 5, 2) == "the tableau holds only 2 cards, not 5"
    session = Session(KLONDIKE, seed=7)
    with pytest.raises(IllegalAction) as caught:
        session.play(Move("t1", "t2", 3))     # the first pile holds one card
    assert "no 3 cards" not in str(caught.value) and "only 1 card, not 3" in str(caught.value)


def test_the_solver_answer_starts_as_a_sentence(qtbot):
    from compendium.ui.table.view import TableWidget
    table = TableWidget()
    qtbot.addWidget(table)
    table.new_game(KLONDIKE_ID, 7)
    told: list[str] = []
    table.message.connect(lambda text, rule: told.append(text))
    for verdict in ("winnable", "lost", "open"):
        future: Future = Future()
        future.set_result((verdict, ["draw"], 10, 0.5))
        table._solve_future, table._solve_state = future, table.session.state
        table._solve_poll()
        assert told and told[-1][:1].isupper(), told[-1]
        told.clear()


def test_an_unknown_game_is_said_in_the_window(qapp, tmp_path, monkeypatch, capsys):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from compendium.ui.app import run_gui
    from compendium.ui.main_window import MainWindow
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(tmp_path))
    (tmp_path / "settings.ini").write_text("[welcome]\nshow=false\n")
    seen: list[str] = []

    def look_and_close() -> None:
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        seen.append(window.status_text())
        window.close()

    QTimer.singleShot(300, look_and_close)
    assert run_gui(game="nosuch", seed=None, file=None) == 0
    assert seen and "nosuch" in seen[0], seen
    assert "nosuch" in capsys.readouterr().err
