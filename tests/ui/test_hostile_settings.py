"""A damaged or hand-edited settings file never stops the start (issue 25): each bad value is put
back to its default and said once; a damaged window layout is not restored."""
from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QSettings

from compendium.ui.main_window import MainWindow
from compendium.ui.settings_check import STATE_CHECK_KEY, STATE_KEY, check_settings, window_state_check

from .test_main_window import data_folder  # noqa: F401  (autouse: settings in a temporary folder)


def start(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.start()
    return window


def settings_problems(window: MainWindow) -> list[str]:
    return [text for title, text in window._problems if title == "Settings"]


HOSTILE = {
    "computer/level": "nan",
    "seats/canfield_or_klondike": "1e999",
    "seats/chess": "9" * 5000,
    "view/rulesWidth": "-inf",
    "table/trick_pause_ms": "1e999",
    "options/canfield_or_klondike": "[" * 5000 + "]" * 5000,
    "options/chess": '{"start": ' + "[" * 3000 + "]" * 3000 + "}",
    "files/folder": "/tmp/" + "a" * 100_000,
    "appearance/deck": "classic, large",      # the ini format reads a comma as a list
    "game/last": "x" * 10_000,
}


def write_ini(path: Path, values: dict[str, str]) -> None:
    groups: dict[str, list[str]] = {}
    for key, value in values.items():
        group, name = key.split("/", 1)
        groups.setdefault(group, []).append(f"{name}={value}")
    path.write_text("".join(f"[{g}]\n" + "\n".join(lines) + "\n\n" for g, lines in groups.items()))


def test_bad_values_are_replaced_by_their_defaults_and_said_once(qtbot, data_folder: Path) -> None:
    write_ini(data_folder / "settings.ini", HOSTILE)
    begun = time.process_time()
    window = start(qtbot)
    assert time.process_time() - begun < 20        # no freeze (half a minute, before)
    said = settings_problems(window)
    assert len(said) == 1
    named = [key for key in HOSTILE if key in said[0]]
    assert len(named) == 6 and f"and {len(HOSTILE) - 6} more" in said[0]
    assert len(said[0]) < 1200                     # the values are quoted short
    kept = QSettings(str(data_folder / "settings.ini"), QSettings.Format.IniFormat)
    assert check_settings(kept) == []              # what is there now is the window's own
    assert all(kept.value(key) != value for key, value in HOSTILE.items())
    assert window.table.level == 2 and window.human_seat("canfield_or_klondike") == 0
    assert window.saved_options("canfield_or_klondike") == {}
    assert window._files_folder()                  # the documents folder instead
    window.close()
    # The bad values are gone: the next start says nothing.
    again = start(qtbot)
    assert settings_problems(again) == []


def test_a_damaged_window_layout_is_not_restored(qtbot, data_folder: Path) -> None:
    first = start(qtbot)
    first.close()
    settings = QSettings(str(data_folder / "settings.ini"), QSettings.Format.IniFormat)
    state = bytes(settings.value(STATE_KEY))
    assert settings.value(STATE_CHECK_KEY) == window_state_check(state)
    # A good layout is kept as it is.
    assert check_settings(settings) == [] and settings.contains(STATE_KEY)
    # A count inside the layout damaged: Qt would loop over two thousand million toolbar lines.
    marker = state.index(b"\xfc")
    damaged = state[:marker + 1] + b"\x7f\xff\xff\xff" + state[marker + 5:]
    settings.setValue(STATE_KEY, damaged)
    settings.sync()
    del settings
    begun = time.process_time()
    second = start(qtbot)
    assert time.process_time() - begun < 20
    assert any(STATE_KEY in text for text in settings_problems(second))
