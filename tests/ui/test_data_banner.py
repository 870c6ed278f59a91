"""A data folder that cannot be written: the bar above the table says that nothing is being
autosaved, stays while the player plays on, and goes once the folder can be written (issue 19).

(The tests run as root on CI, for whom a read-only folder is writable: the folder is made
unwritable by a file standing where its parent folder should be.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from compendium.ui import data_banner
from compendium.ui.main_window import MainWindow, autosave_file

KLONDIKE = "canfield_or_klondike"


@pytest.fixture
def blocked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder that cannot be made or written: its parent is a file."""
    (tmp_path / "blocker").write_text("not a folder")
    folder = tmp_path / "blocker" / "data"
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(folder))
    monkeypatch.setattr(data_banner, "RETRY_MS", 50)
    return folder


def test_the_bar_stays_while_nothing_is_saved_and_goes_when_the_folder_can_be_written(qtbot, tmp_path, blocked):
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.start(game=KLONDIKE, seed=7)
    banner = window.data_banner
    qtbot.waitUntil(banner.isVisible, timeout=5000)
    assert "Nothing is being autosaved" in banner.label.text()
    assert str(blocked) in banner.label.text()
    # The player plays on: the status line moves on to other things, the bar stays.
    table = window.table
    for _ in range(3):
        table.play(table.legal()[0])
        assert banner.isVisible()
    assert "autosaved" not in window.status_text()  # the status line has moved on
    # Above the table, in sight.
    assert banner.geometry().bottom() <= window.table_stack.geometry().top()
    # The folder becomes writable: the bar goes by itself, and the game is saved.
    (tmp_path / "blocker").unlink()
    blocked.mkdir(parents=True)
    qtbot.waitUntil(lambda: not banner.isVisible(), timeout=5000)
    assert autosave_file(blocked, KLONDIKE).is_file()


def test_no_bar_when_the_autosave_works(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(tmp_path))
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.start(game=KLONDIKE, seed=7)
    window.table.play(window.table.legal()[0])
    assert not window.data_banner.isVisible()
    assert autosave_file(tmp_path, KLONDIKE).is_file()
