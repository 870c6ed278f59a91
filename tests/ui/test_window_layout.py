"""The window as a whole (issue 17): the table's share of the width, the library drawer, the rules
column, the toolbar, the status line and its clock, an autosave per game, file errors in a dialog,
menus that follow the game, the welcome and the preferences."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QToolBar

from compendium.core import records
from compendium.core.session import Session
from compendium.games import registry
from compendium.statistics.store import Result
from compendium.ui import main_window as main_window_module
from compendium.ui.app import temporary_settings, wants_welcome
from compendium.ui.main_window import (
    AUTOSAVE_NAME,
    MainWindow,
    autosave_file,
    default_rules_width,
    format_clock,
    score_text,
)
from tests.conftest import ROOT

from .test_stats_dialog import FakeClock, clock  # noqa: F401 (the fixture)

KLONDIKE = "canfield_or_klondike"
WIN_143 = ROOT / "tests" / "games" / "data" / "klondike_win_143.json"


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def make_window(qtbot):
    def make(start: bool = True, **kwargs) -> MainWindow:
        window = MainWindow()
        qtbot.addWidget(window)
        window.act_animations.setChecked(False)
        if start:
            window.start(**kwargs)
        return window
    return make


def shown(qtbot, window: MainWindow, width: int, height: int) -> MainWindow:
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(30)
    return window


def play_first(window: MainWindow, count: int = 1) -> None:
    for _ in range(count):
        session = window.table.session
        assert window.table.play(session.legal_actions()[0])


# -- the table gets the room -----------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1366, 768), (1024, 700)])
def test_the_table_has_two_thirds_of_the_width_with_the_rules_showing(make_window, qtbot, size) -> None:
    width, height = size
    window = shown(qtbot, make_window(game=KLONDIKE, seed=3), width, height)
    assert window.rules_pane.isVisible() and not window.library_open
    assert window.table_share() >= 2 / 3, (size, window.table_area.width())
    # The rules keep a readable column, and the table most of the height.
    assert window.rules_pane.width() >= 260
    assert window.table.height() >= height - 140
    assert default_rules_width(width) == window.rules_pane.width()


def test_the_library_is_a_drawer_open_at_the_first_start_only(make_window, qtbot) -> None:
    window = shown(qtbot, make_window(), 1366, 768)
    assert window.library_open and window.drawer.isVisible() and window.act_show_library.isChecked()
    # It lies over the rules and the table: they keep their width.
    table_width = window.table_area.width()
    assert window.drawer.geometry().left() == 0 and window.drawer.width() < window.width() / 3
    # Ctrl+L closes it and opens it again.
    assert QKeySequence("Ctrl+L") in window.act_show_library.shortcuts()
    window.act_show_library.trigger()
    assert not window.library_open and window.drawer.isHidden()
    assert window.table_area.width() == table_width
    window.act_show_library.trigger()
    assert window.library_open and window.drawer.isVisible()
    # Choosing a game in it closes it.
    window.library.game_chosen.emit("chess")
    assert window.game_id == "chess" and not window.library_open
    assert not window.act_show_library.isChecked()
    # So does a click on the table, the player having turned to it.
    window.act_show_library.trigger()
    assert window.library_open
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton)
    assert not window.library_open and not window.act_show_library.isChecked()
    # Escape in the drawer closes it too.
    window.library_search()
    assert window.library_open
    qtbot.keyClick(window.library.search, Qt.Key.Key_Escape)
    assert not window.library_open
    window.close()

    again = make_window()
    assert not again.library_open and not again.act_show_library.isChecked()


def test_the_drawer_slides_in_and_out_with_animations_on(make_window, qtbot) -> None:
    window = shown(qtbot, make_window(game=KLONDIKE, seed=3), 1024, 700)
    window.act_animations.setChecked(True)
    window.act_show_library.trigger()
    assert window.library_open and window.drawer.isVisible() and window.drawer.x() < 0   # on its way in
    qtbot.waitUntil(lambda: window.drawer.x() == 0, timeout=2000)
    window.act_show_library.trigger()
    assert not window.library_open and window.drawer.isVisible()                          # on its way out
    qtbot.waitUntil(lambda: window.drawer.isHidden(), timeout=2000)
    assert window.drawer.x() == -window.drawer.width()


def test_a_first_start_with_a_game_named_leaves_the_drawer_shut(make_window) -> None:
    window = make_window(game="chess")
    assert not window.library_open


def test_the_rules_column_is_toggled_with_f1_and_keeps_its_width(make_window, qtbot) -> None:
    window = shown(qtbot, make_window(game=KLONDIKE, seed=3), 1366, 768)
    toggle = window.findChild(QAction, "actionShowRules")
    assert QKeySequence("F1") in toggle.shortcuts()
    with_rules = window.table_area.width()
    toggle.trigger()
    qtbot.wait(10)
    assert window.rules_pane.isHidden() and not toggle.isChecked()
    assert window.table_area.width() > with_rules + 250
    toggle.trigger()
    qtbot.wait(10)
    assert window.rules_pane.isVisible() and window.table_area.width() == with_rules
    # The player drags the divider: the width is remembered, for this run and the next.
    window.splitter.setSizes([300, window.splitter.width() - 300 - window.splitter.handleWidth()])
    window.splitter.splitterMoved.emit(300, 1)
    toggle.trigger()
    toggle.trigger()
    qtbot.wait(10)
    assert window.rules_pane.width() == 300
    window.close()
    again = shown(qtbot, make_window(), 1366, 768)
    assert again.rules_pane.width() == 300


def test_the_toolbar_has_the_playing_commands_in_words_with_tooltips(make_window) -> None:
    window = make_window(game=KLONDIKE, seed=3)
    bar = window.findChild(QToolBar, "toolBar")
    actions = [a for a in bar.actions() if not a.isSeparator()]
    assert [a.objectName() for a in actions] == ["actionShowLibrary", "actionShowRules", "actionNewDeal",
                                                 "actionUndo", "actionRedo", "actionHint", "actionDemo"]
    for action in actions:
        assert action.iconText().strip() and action.toolTip().strip()
        assert "(" in action.toolTip()                 # the key is said
    window.act_demo.trigger()
    assert "Stop" in window.act_demo.iconText()
    window.act_demo.trigger()
    assert window.act_demo.iconText() == "▶ Demo"


# -- the status line --------------------------------------------------------------------------------

def test_the_status_line_counts_moves_and_shows_the_score(make_window, monkeypatch) -> None:
    monkeypatch.delitem(registry.ENGINES, "snooker_pool")   # a game without a table (every game has one)
    window = make_window(game=KLONDIKE, seed=3)
    line = window.status_line.text()
    assert "0 moves" in line and "Time 0:00" in line and "Score -52" in line
    play_first(window)
    moves = window.table.session.move_count          # with the aces sent home by themselves
    assert moves >= 1 and window.status_line.text().startswith(f"{moves} moves   ·   Time ")
    window.choose_game("snooker_pool")
    assert window.status_line.text() == "Rules only"


def test_score_text_names_each_side() -> None:
    session = Session(registry.get_game("auction_bridge"), seed=4)
    text = score_text(session)
    assert text.startswith("Score: You–") and text.count(",") == 1   # two sides, the player's first
    assert score_text(Session(registry.get_game("backgammon"), seed=1)) == "Score: You 0, Opponent 0"
    assert score_text(Session(registry.get_game("the_fifteen"), seed=1)) == ""     # no score kept
    assert [format_clock(s) for s in (0, 9.9, 75, 3600 + 62)] == ["0:00", "0:09", "1:15", "1:01:02"]


def test_the_clock_runs_from_the_first_move_and_holds_while_the_window_is_hidden(make_window, qtbot, clock) -> None:
    window = shown(qtbot, make_window(game=KLONDIKE, seed=3), 1024, 700)
    assert not window.clock_running and window.clock_seconds() == 0
    play_first(window)
    assert window.clock_running
    clock.now = 1010.0
    assert window.clock_seconds() == 10.0
    window.hide()
    assert not window.clock_running
    clock.now = 1500.0
    assert window.clock_seconds() == 10.0
    window.show()
    qtbot.waitExposed(window)
    clock.now = 1505.0
    assert window.clock_seconds() == 15.0
    window._show_status_line()
    assert "Time 0:15" in window.status_line.text()
    # Minimised, the same.
    window.setWindowState(Qt.WindowState.WindowMinimized)
    qtbot.waitUntil(lambda: not window.clock_running, timeout=2000)
    clock.now = 1600.0
    assert window.clock_seconds() == 15.0
    window.setWindowState(Qt.WindowState.WindowNoState)
    qtbot.waitUntil(lambda: window.clock_running, timeout=2000)


def test_the_clock_stops_when_the_game_ends(make_window, clock) -> None:
    window = make_window()
    window.act_auto.setChecked(False)
    record = records.loads(WIN_143.read_text(encoding="utf-8"))
    assert window.deal_by_number("143") is None
    line = list(record.actions[1:])
    session = window.table.session
    assert window.table.play(session.game.action_from_str(session.state, line[0]))
    clock.now = 1060.0
    for text in line[1:]:
        session = window.table.session
        assert window.table.play(session.game.action_from_str(session.state, text))
    assert window.table.session.outcome() is not None
    assert not window.clock_running
    clock.now = 2000.0
    assert window.clock_seconds() == 60.0


# -- an autosave per game ---------------------------------------------------------------------------

def test_switching_games_puts_the_deal_aside_and_going_back_resumes_it(make_window, data_folder) -> None:
    window = make_window(game=KLONDIKE, seed=7)
    play_first(window, 2)
    klondike = window.table.session
    actions = klondike.actions_text
    window.choose_game("chess")
    assert window.table.session.game.info.id == "chess"
    play_first(window)                                  # White's first move
    chess_actions = window.table.session.actions_text
    window.choose_game(KLONDIKE)
    assert window.table.session.actions_text == actions and window.table.session.seed == 7
    # Putting a deal aside is not giving it up: nothing is counted.
    assert window.stats.log(KLONDIKE) == [] and window.stats.log("chess") == []
    # Each game has its own autosave.
    assert records.loads(autosave_file(data_folder, KLONDIKE).read_text()).actions == actions
    assert records.loads(autosave_file(data_folder, "chess").read_text()).actions[:len(chess_actions)] == chess_actions
    # A new deal gives up the one in progress: counted as abandoned.
    window.new_deal()
    (deal,) = window.stats.log(KLONDIKE)
    assert (deal.seed, deal.result, deal.moves) == (7, Result.ABANDONED, klondike.move_count)
    window.close()

    # The next run resumes each game where it was.
    again = make_window()
    again.choose_game("chess")
    assert again.table.session.actions_text[:len(chess_actions)] == chess_actions


def test_a_new_deal_of_a_game_put_aside_counts_it_as_abandoned(make_window, clock) -> None:
    window = make_window(game=KLONDIKE, seed=11)
    play_first(window, 2)
    clock.now = 1020.0
    window.choose_game("chess")                        # put aside, with 20 s played
    clock.now = 1500.0
    window.choose_game(KLONDIKE, new_deal=True)
    (deal,) = window.stats.log(KLONDIKE)
    assert (deal.seed, deal.result, deal.seconds) == (11, Result.ABANDONED, 20.0)


def test_the_single_autosave_of_earlier_versions_is_resumed(make_window, data_folder) -> None:
    session = Session(registry.get_game(KLONDIKE), seed=99)
    for _ in range(3):
        session.play(session.legal_actions()[0])
    records.save(data_folder / AUTOSAVE_NAME, session.record(autosave=True))
    window = make_window()
    assert window.game_id == KLONDIKE
    assert window.table.session.seed == 99 and window.table.session.actions_text == session.actions_text
    assert not (data_folder / AUTOSAVE_NAME).exists()
    assert autosave_file(data_folder, KLONDIKE).exists()


def test_a_damaged_autosave_of_one_game_is_put_aside_and_said_in_a_dialog(make_window, qtbot, data_folder) -> None:
    window = shown(qtbot, make_window(game=KLONDIKE, seed=3), 1024, 700)
    path = autosave_file(data_folder, "chess")
    path.write_text("{ not a record", encoding="utf-8")
    window.choose_game("chess")
    assert window.table.session.game.info.id == "chess"        # a new game, all the same
    assert list(path.parent.glob("chess.corrupt-*.json"))
    box = window.findChild(QMessageBox, "problemDialog")
    assert box is not None and "could not be resumed" in box.text()


# -- file errors in a dialog ------------------------------------------------------------------------

def test_a_file_that_cannot_be_opened_is_said_in_a_dialog(make_window, qtbot, tmp_path, monkeypatch) -> None:
    missing = tmp_path / "missing.json"
    window = make_window(file=str(missing))          # from the command line: told once shown
    assert window.findChild(QMessageBox, "problemDialog") is None
    shown(qtbot, window, 1024, 700)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "problemDialog") is not None, timeout=2000)
    box = window.findChild(QMessageBox, "problemDialog")
    assert "missing.json" in box.text() and "does not exist" in box.text()
    assert "does not exist" in window.status_text()        # and the status bar keeps it
    box.close()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "problemDialog") is None, timeout=2000)
    # From the menu: the same.
    bad = tmp_path / "bad.json"
    bad.write_text("this is not json\n", encoding="utf-8")
    monkeypatch.setattr(main_window_module.QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    window.act_open.trigger()
    box = window.findChild(QMessageBox, "problemDialog")
    assert box is not None and "bad.json" in box.text() and box.windowTitle() == "Cannot open the game"


def test_a_save_error_is_said_in_a_dialog(make_window, qtbot, tmp_path, monkeypatch) -> None:
    window = shown(qtbot, make_window(game=KLONDIKE, seed=3), 1024, 700)
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(main_window_module.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(blocker / "game.json"), ""))
    window.act_save_as.trigger()
    box = window.findChild(QMessageBox, "problemDialog")
    assert box is not None and "Cannot save" in box.text()


# -- menus that follow the game ---------------------------------------------------------------------

def _visible(menu) -> list[str]:
    return [a.objectName() for a in menu.actions() if a.isVisible() and not a.isSeparator()]


def test_the_edit_and_table_menus_hold_what_the_game_can_do(make_window) -> None:
    window = make_window(game=KLONDIKE, seed=3)
    edit = _visible(window.edit_menu)
    assert {"actionWinnable", "actionAutoFoundation", "actionClickToMove"} <= set(edit)
    assert "actionLiveSolver" not in edit              # face-down cards: the solver cannot judge live
    assert not window.table_menu.menuAction().isVisible()          # a patience has no Table menu
    window.choose_game("chess")
    edit = _visible(window.edit_menu)
    assert "actionAutoFoundation" not in edit and "actionWinnable" not in edit
    assert "actionClickToMove" not in edit and "actionLiveSolver" not in edit
    assert {"actionUndo", "actionRedo", "actionHint", "actionPreferences"} <= set(edit)
    table = [a.text() for a in window.table_menu.actions()]
    assert window.table_menu.menuAction().isVisible() and any("Flip" in t for t in table)
    assert not any("deal" in t.lower() for t in table)
    window.choose_game("scotch_whist")                 # a trick game: its deal editor
    assert any("Set up a deal" in a.text() for a in window.table_menu.actions())
    window.choose_game("fortress")                     # every card in sight: the live indicator
    assert "actionLiveSolver" in _visible(window.edit_menu)
    window.choose_game("snooker_pool")                        # no table: nothing of a table's
    assert "actionWinnable" not in _visible(window.edit_menu)
    assert not window.table_menu.menuAction().isVisible()


def test_preferences_open_the_dialog_on_the_table(make_window, qtbot) -> None:
    window = make_window(game=KLONDIKE, seed=3)
    action = window.findChild(QAction, "actionPreferences")
    assert action.shortcut() == QKeySequence("Ctrl+,")
    action.trigger()
    from compendium.ui.preferences import PreferencesDialog
    dialog = window.findChild(PreferencesDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.close()


def test_the_welcome_is_not_offered_when_the_command_line_names_a_game_or_a_file(qapp, data_folder) -> None:
    from compendium.ui.app import run_gui
    from compendium.ui.welcome import WelcomeDialog

    assert wants_welcome(None, None) and not wants_welcome("chess", None) and not wants_welcome(None, "g.json")
    seen: list[tuple[str, bool]] = []

    def look_and_close() -> None:
        # the window run_gui made: the one on screen (earlier tests' windows may linger, closed)
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        seen.append((window.game_id, window.findChild(WelcomeDialog) is not None))
        window.close()

    QTimer.singleShot(300, look_and_close)
    assert run_gui(game="chess", seed=None, file=None) == 0
    assert seen == [("chess", False)]
    QTimer.singleShot(300, look_and_close)
    assert run_gui(game=None, seed=None, file=None) == 0
    assert seen[-1][1] is True                          # with nothing named, the first run offers it
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, (WelcomeDialog, MainWindow)):
            widget.close()
            widget.deleteLater()
    QApplication.processEvents()


def test_screenshots_show_the_table_without_the_drawer(qapp, tmp_path) -> None:
    window = MainWindow(settings=temporary_settings(str(tmp_path)), autosave=False)
    try:
        window.start(game="chess", seed=1)
        assert not window.library_open
    finally:
        window.close()
        window.table.shutdown()
