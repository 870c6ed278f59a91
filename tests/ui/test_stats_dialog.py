"""The statistics dialog, and the main window counting the deals played on its table."""
from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMessageBox

from compendium.core import records
from compendium.games import registry
from compendium.statistics.store import Result, StatsStore
from compendium.ui import main_window as main_window_module
from compendium.ui.app import temporary_settings
from compendium.ui.main_window import STATS_NAME, MainWindow
from compendium.ui.stats_dialog import StatsDialog, format_number, format_time
from tests.conftest import ROOT

KLONDIKE = "canfield_or_klondike"
WIN_143 = ROOT / "tests" / "games" / "data" / "klondike_win_143.json"
T0 = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(folder))
    return folder


class FakeClock:
    """Stands in for the ``time`` module in the main window: the test says what time it is."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def __getattr__(self, name: str):
        return getattr(time, name)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(main_window_module, "time", fake)
    return fake


@pytest.fixture
def make_window(qtbot):
    def make(start: bool = True, **kwargs) -> MainWindow:
        window = MainWindow(**kwargs)
        qtbot.addWidget(window)
        if start:
            window.start()
        window.act_animations.setChecked(False)
        return window
    return make


@pytest.fixture
def store(tmp_path: Path):
    with StatsStore(tmp_path / "s.sqlite") as s:
        yield s


def fill(store: StatsStore) -> None:
    # result, seed, moves, seconds, score: oldest first
    for minute, (result, seed, moves, seconds, score) in enumerate([
        ("won", 40, 100, 200.0, 30),
        ("lost", 12, 60, 300.0, -20),
        ("won", 73, 80, 95.5, 45),
        ("abandoned", 5, 5, 20.0, None),
    ]):
        store.record_game(KLONDIKE, seed, {"draw": 1 if seed != 73 else 3}, result == "won", moves,
                          seconds, score, T0 + timedelta(minutes=minute), result=result)


def winning_line() -> tuple[records.Record, list[str]]:
    record = records.loads(WIN_143.read_text(encoding="utf-8"))
    assert record.actions[0] == "deal 143"
    return record, list(record.actions[1:])


def play(window: MainWindow, texts: list[str]) -> None:
    for text in texts:
        session = window.table.session
        assert window.table.play(session.game.action_from_str(session.state, text)), text


def make_moves(window: MainWindow, count: int) -> None:
    for _ in range(count):
        session = window.table.session
        assert window.table.play(session.legal_actions()[0])


# -- the dialog on its own -----------------------------------------------------------------------

def test_formats() -> None:
    assert format_time(None) == "—"
    assert [format_time(s) for s in (0, 59.4, 95.5, 600, 3723)] == ["0:00", "0:59", "1:36", "10:00", "1:02:03"]
    assert [format_number(v) for v in (None, 90, 90.0, 112.44)] == ["—", "90", "90", "112.4"]
    assert format_number(18.333, signed=True) == "+18.3" and format_number(-3, signed=True) == "-3"


def test_dialog_shows_the_figures_and_the_log(qtbot, store: StatsStore) -> None:
    fill(store)
    dialog = StatsDialog(store, KLONDIKE, "Klondike")
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Statistics — Klondike"
    assert dialog.figures() == {
        "played": "4", "won": "2", "lost": "1", "drawn": "0", "abandoned": "1", "win_rate": "50%",
        "current_streak": "0 wins", "longest_streak": "1 win",
        "best_time": "1:36", "average_time_to_win": "2:28",          # 95.5 s; (200 + 95.5) / 2 s
        "best_moves": "80", "average_moves_to_win": "90",
        "best_score": "+45", "average_score": "+18.3",                # (30 - 20 + 45) / 3
    }
    table = dialog.table
    assert [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())] == \
        ["Deal", "Result", "Moves", "Time", "Date"]
    rows = [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())]
    assert rows == [["5", "Abandoned", "5", "0:20"], ["73", "Won", "80", "1:36"],   # newest first
                    ["12", "Lost", "60", "5:00"], ["40", "Won", "100", "3:20"]]
    local = (T0 + timedelta(minutes=3)).astimezone()
    assert table.item(0, 4).text() == local.strftime("%d %b %Y, %H:%M")
    assert dialog.log_stack.currentWidget() is table
    assert not dialog.notice.isVisibleTo(dialog)
    # Sorting by a column sorts by value (5:00 after 1:36), and play-again still finds its deal.
    table.sortItems(3)
    assert [table.item(r, 0).text() for r in range(4)] == ["5", "73", "40", "12"]
    dialog.select_row(3)
    assert dialog.selected_deal().seed == 12
    table.sortItems(0)
    assert [table.item(r, 0).text() for r in range(4)] == ["5", "12", "40", "73"]   # 5 < 12, as numbers


def test_a_game_without_scores_shows_no_score_figures(qtbot, store: StatsStore) -> None:
    store.record_game(KLONDIKE, 1, {}, True, 90, 100.0)
    dialog = StatsDialog(store, KLONDIKE, "Klondike")
    qtbot.addWidget(dialog)
    assert dialog.figures()["current_streak"] == "1 win"
    assert not dialog.values["best_score"].isVisibleTo(dialog)
    assert dialog.values["best_time"].isVisibleTo(dialog)


def test_an_empty_log_says_so(qtbot, store: StatsStore) -> None:
    dialog = StatsDialog(store, KLONDIKE, "Klondike")
    qtbot.addWidget(dialog)
    assert dialog.log_stack.currentWidget() is dialog.empty
    assert dialog.figures()["played"] == "0"
    assert dialog.figures()["win_rate"] == dialog.figures()["current_streak"] == "—"
    assert not dialog.play_button.isEnabled() and not dialog.reset_button.isEnabled()


def test_play_this_deal_again_emits_the_seed_and_options(qtbot, store: StatsStore) -> None:
    fill(store)
    dialog = StatsDialog(store, KLONDIKE, "Klondike")
    qtbot.addWidget(dialog)
    assert not dialog.play_button.isEnabled()
    dialog.select_row(1)
    assert dialog.play_button.isEnabled()
    with qtbot.waitSignal(dialog.deal_requested) as blocker:
        dialog.play_button.click()
    assert blocker.args == [73, {"draw": 3}]
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_reset_asks_first_and_forgets_only_this_game(qtbot, store: StatsStore, monkeypatch) -> None:
    fill(store)
    store.record_game("other_game", 1, {}, True, 1, 1.0)
    dialog = StatsDialog(store, KLONDIKE, "Klondike")
    qtbot.addWidget(dialog)
    asked: list[str] = []
    answer = QMessageBox.StandardButton.No

    def question(parent, title, text, buttons, default):
        asked.append(text)
        assert default == QMessageBox.StandardButton.No          # the safe answer is the default
        return answer

    monkeypatch.setattr(QMessageBox, "question", question)
    dialog.reset_button.click()
    assert "4 recorded deals" in asked[0] and "Klondike" in asked[0]
    assert store.summary(KLONDIKE).played == 4 and dialog.figures()["played"] == "4"
    answer = QMessageBox.StandardButton.Yes
    dialog.reset_button.click()
    assert store.summary(KLONDIKE).played == 0
    assert dialog.figures()["played"] == "0" and dialog.table.rowCount() == 0
    assert dialog.log_stack.currentWidget() is dialog.empty
    assert store.summary("other_game").played == 1


def test_the_dialog_tells_of_a_file_set_aside(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite"
    path.write_bytes(b"garbage" * 50)
    with StatsStore(path) as store:
        dialog = StatsDialog(store, KLONDIKE, "Klondike")
        qtbot.addWidget(dialog)
        assert dialog.notice.isVisibleTo(dialog)
        assert "stats.corrupt-" in dialog.notice.text()


# -- the main window counting -------------------------------------------------------------------

def test_winning_a_deal_records_it_once(make_window, clock: FakeClock, data_folder: Path) -> None:
    window = make_window()
    window.act_auto.setChecked(False)          # the recorded line makes every move itself
    record, line = winning_line()
    assert window.deal_by_number("143") is None
    assert window.table.session.options == record.options
    clock.now = 1010.0
    play(window, line[:1])                      # the clock starts with the first move
    clock.now = 1250.0
    play(window, line[1:])
    session = window.table.session
    assert session.outcome() is not None and session.outcome().results[0] > 0

    with StatsStore(data_folder / STATS_NAME) as store:   # in the file, for the next start too
        s = store.summary(KLONDIKE)
        assert (s.played, s.won, s.current_streak, s.best_moves, s.best_time) == \
            (1, 1, 1, session.move_count, 240.0)
        (deal,) = store.log(KLONDIKE)
        assert (deal.seed, deal.options, deal.result) == (143, record.options, Result.WON)
    # The banner on the table ends with the statistics line.
    banner = window.table._banner
    assert banner.isVisible()
    assert banner.detail.endswith("Statistics: 1 played, 1 won, best time 4:00, "
                                  f"fewest moves {session.move_count}.")
    # Taking the last move back and making it again does not count the deal twice; nor does
    # dealing again after the end.
    window.table.undo()
    play(window, line[-1:])
    window.new_deal()
    assert window.stats.summary(KLONDIKE).played == 1


def test_a_started_deal_given_up_for_another_counts_as_played(make_window, clock: FakeClock) -> None:
    window = make_window()
    window.deal_by_number("7")
    clock.now = 1100.0
    make_moves(window, 3)
    moves = window.table.session.move_count       # with any automatic moves to the foundations
    assert moves >= 3
    clock.now = 1130.0
    window.new_deal()
    (deal,) = window.stats.log(KLONDIKE)
    assert (deal.seed, deal.result, deal.moves, deal.seconds) == (7, Result.ABANDONED, moves, 30.0)
    # A deal with no move made is not a game: dealing again past it counts nothing.
    window.new_deal()
    window.deal_by_number("8")
    assert window.stats.summary(KLONDIKE).played == 1
    # Looking at another game's rules and coming back keeps the deal: nothing is given up.
    make_moves(window, 2)
    window.choose_game("snooker_pool")
    window.choose_game(KLONDIKE)
    assert window.stats.summary(KLONDIKE).played == 1
    s = window.stats.summary(KLONDIKE)
    assert (s.abandoned, s.won, s.win_rate) == (1, 0, 0.0)


def test_the_time_of_a_resumed_deal_carries_on(make_window, clock: FakeClock) -> None:
    first = make_window()
    first.deal_by_number("21")
    clock.now = 1010.0
    make_moves(first, 2)
    clock.now = 1040.0
    first.close()                                # autosaved, with 30 s played
    clock.now = 5000.0
    second = make_window()
    assert second.table.session.seed == 21
    clock.now = 5005.0
    second.new_deal()
    (deal,) = second.stats.log(KLONDIKE)
    assert (deal.seed, deal.result, deal.seconds) == (21, Result.ABANDONED, 35.0)


def test_a_deal_the_demo_finishes_is_not_counted(make_window, qtbot) -> None:
    window = make_window()
    window.act_auto.setChecked(False)
    _, line = winning_line()
    window.deal_by_number("143")
    play(window, line[:-4])
    window.act_demo.trigger()
    qtbot.waitUntil(lambda: window.table.session.outcome() is not None, timeout=30_000)
    window.new_deal()
    assert window.stats.summary(KLONDIKE).played == 0


def test_screenshot_windows_count_nothing_and_write_no_file(qtbot, tmp_path: Path, data_folder: Path) -> None:
    window = MainWindow(settings=temporary_settings(str(tmp_path)), autosave=False)
    qtbot.addWidget(window)
    window.start(game=KLONDIKE, seed=3)
    make_moves(window, 2)
    window.new_deal()
    assert window.stats.log(KLONDIKE) == [] and not window.stats.persistent
    window.close()
    assert not (data_folder / STATS_NAME).exists()


def test_a_bad_statistics_file_is_told_at_start_up(make_window, data_folder: Path) -> None:
    (data_folder / STATS_NAME).write_bytes(b"not sqlite at all" * 40)
    window = make_window()
    (kept,) = data_folder.glob("stats.corrupt-*.sqlite")
    assert kept.read_bytes() == b"not sqlite at all" * 40
    assert kept.name in window.status_text() and "new statistics were started" in window.status_text()
    assert window.stats.persistent


def test_statistics_action_opens_the_dialog_and_plays_a_deal_again(make_window, qtbot, monkeypatch) -> None:
    monkeypatch.delitem(registry.ENGINES, "snooker_pool")   # a game without a table (every game has one)
    window = make_window()
    action = window.findChild(QAction, "actionStatistics")
    assert action.shortcut() == QKeySequence("Ctrl+T")
    game_menu = window.menuBar().actions()[0].menu()
    assert action in game_menu.actions()
    window.stats.record_game(KLONDIKE, 555, {"draw": 3, "passes": 0}, True, 90, 100.0)
    action.trigger()
    dialog = window.findChild(StatsDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.game_id == KLONDIKE and dialog.figures()["won"] == "1"
    dialog.select_row(0)
    dialog.play_button.click()
    session = window.table.session
    assert (session.seed, session.options["draw"], session.options["passes"]) == (555, 3, 0)
    assert window.saved_options(KLONDIKE).get("draw", 1) == 1      # the chosen options stay
    assert window.windowTitle().endswith("deal 555")
    # A game with no table has no statistics to show.
    window.choose_game("snooker_pool")
    assert not action.isEnabled()
