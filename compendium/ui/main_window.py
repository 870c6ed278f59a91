"""The main window: the table with the rules pane beside it and the library as a drawer over
them, with the menus and toolbar, the status line, settings, an autosave per game and the saving
and opening of games."""
from __future__ import annotations

import html
import json
import math
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QBrush,
    QCloseEvent,
    QFont,
    QHideEvent,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

import compendium

from ..ai import registry as ai_registry
from ..core import records
from ..core.errors import CompendiumError, UnknownGame
from ..core.game import LEVELS, Chance, Game, GameInfo, Information, Outcome, Status, TableKind
from ..core.session import Session
from ..games import registry
from ..statistics.store import GameStats, Result, StatsStore  # statistics
from .app import data_dir, open_settings
from .data_banner import DataBanner
from .library import LibraryDrawer, LibraryWidget
from .rules_view import RulesPane, split_ref
from .settings_check import STATE_CHECK_KEY, check_settings, window_state_check
from .settings_check import notice as settings_notice
from .table import appearance
from .table.cloth import baize_tile
from .table.controller import TableController
from .table.view import TableWidget

if TYPE_CHECKING:
    # Imported where used: neither is needed until a worked example or the statistics are
    # opened, and start-up to the first painted table is budgeted (DESIGN.md section 8).
    from ..reference.worked_examples import Example
    from .stats_dialog import StatsDialog

__all__ = ["AUTOSAVE_FOLDER", "AUTOSAVE_NAME", "DEFAULT_GAME", "MainWindow", "ReferencePanel",
           "autosave_file", "default_rules_width", "format_clock", "score_text", "statistics_line"]

DEFAULT_GAME = "canfield_or_klondike"
# Each game keeps its own autosave, AUTOSAVE_FOLDER/<game id>.json in the data folder, so that
# switching games never throws one away.  AUTOSAVE_NAME is the single autosave of earlier versions:
# found at start-up, it is moved to its game's place and resumed.
AUTOSAVE_NAME = "autosave.json"
AUTOSAVE_FOLDER = "autosaves"
STATS_NAME = "stats.sqlite"
FILE_FILTER = "Compendium games (*.json)"
MAX_SEED_DIGITS = 18          # as the command line: every such number is a valid record seed

_PAGE_TABLE = 0
_PAGE_REFERENCE = 1


def _keys(primary: str, standard: QKeySequence.StandardKey | None = None) -> list[QKeySequence]:
    """``primary`` first (the shortcut the documentation promises on every platform), then the
    platform's own bindings for ``standard`` so that native habits work too."""
    keys = [QKeySequence(primary)] if primary else []
    if standard is not None:
        keys += [k for k in QKeySequence.keyBindings(standard) if k not in keys]
    return keys


def autosave_file(folder: Path, game_id: str) -> Path:
    """The autosave of ``game_id`` in the data folder ``folder``."""
    return folder / AUTOSAVE_FOLDER / f"{game_id}.json"


def default_rules_width(window_width: int) -> int:
    """The rules column's width before the player sets one: a comfortable column of text that
    leaves the table at least two thirds of the window from 1024 pixels up."""
    return max(280, min(420, int(window_width * 0.27)))


def format_clock(seconds: float) -> str:
    """The status line's clock: m:ss, or h:mm:ss from the first hour."""
    whole = int(max(0.0, seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def statistics_line(stats: GameStats) -> str:
    """The line the end-of-game banner adds: the games played and won, the run of wins, and the
    best time and fewest moves of a win."""
    parts = [f"{stats.played} played, {stats.won} won"]
    if stats.win_rate is not None and stats.played > 1:
        parts[0] += f" ({stats.win_rate:.0%})"
    if stats.current_streak > 1:
        parts.append(f"{stats.current_streak} wins in a row")
    if stats.best_time is not None:
        parts.append(f"best time {format_clock(stats.best_time)}")
    if stats.best_moves is not None:
        parts.append(f"fewest moves {stats.best_moves}")
    return "Statistics: " + ", ".join(parts) + "."


def _seat_name(session: Session[Any, Any], seat: int, seats: int) -> str:
    """The seat as the table names it: "You" for the player's own."""
    game = session.game
    if seat in session.human_seats:
        return "You"
    if type(game).seat_name is Game.seat_name:       # the game names no seats ("Player 2")
        return "Opponent" if seats == 2 else game.seat_name(seat)
    try:
        return str(game.seat_name(seat, seats))   # type: ignore[call-arg]  # the trick games' letters
    except TypeError:
        return game.seat_name(seat)


def score_text(session: Session[Any, Any]) -> str:
    """The score for the status line, from the game's score sheet (``Game.score_events``): the
    total for a game of one player, else each side's ("You–B 30, Y–Z 12").  Empty for a game
    that keeps no score."""
    game, state = session.game, session.state
    if type(game).score_events is Game.score_events:
        return ""
    totals: dict[int, int] = {}
    for event in game.score_events(state):
        totals[event.seat] = totals.get(event.seat, 0) + event.points
    seats = game.seat_count(state)
    if seats <= 1:
        return f"Score {totals.get(0, 0)}"
    sides: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(seats))
    sides_of = getattr(game, "sides", None)
    options_of = getattr(game, "options_of", None)
    if callable(sides_of) and callable(options_of):
        try:
            sides = tuple(tuple(side) for side in sides_of(options_of(state)))
        except Exception:   # noqa: BLE001 - a game with another idea of sides: seat by seat
            sides = tuple((s,) for s in range(seats))
    parts = []
    for side in sides:
        name = "–".join(_seat_name(session, s, seats) for s in side)
        # A partnership's lines are credited to its first seat (tricks/scoresheet.py).
        points = sum(totals.get(s, 0) for s in side)
        parts.append(f"{name} {points}")
    return "Score: " + ", ".join(parts)


def _carried_time(meta: dict[str, Any]) -> float:
    """Statistics: the seconds an autosave says its deal was played (0 if it says nothing sane)."""
    value = meta.get("elapsed")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0:
        return float(value)
    return 0.0


class ReferencePanel(QWidget):
    """Stands in for the table for a game that has no table yet: says so plainly, and offers the
    games that can be played."""

    play_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("referencePanel")
        self.setStyleSheet(
            "#referenceCard { background-color: #fbf8f0; border: 1px solid #c9c2ab;"
            " border-radius: 10px; }"
            "#referenceCard QLabel { color: #23241f; background: transparent; }"
            "#referenceTitle { color: #1f4a2c; }"
            "#referenceCard QPushButton { padding: 6px 14px; }")

        card = QFrame(self)
        card.setObjectName("referenceCard")
        card.setMaximumWidth(520)
        card.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        serif = QFont("Georgia")
        serif.setStyleHint(QFont.StyleHint.Serif)
        self.title = QLabel(card)
        self.title.setObjectName("referenceTitle")
        title_font = QFont(serif)
        title_font.setPointSize(20)
        self.title.setFont(title_font)
        self.title.setWordWrap(True)

        self.summary = QLabel(card)
        self.summary.setObjectName("referenceSummary")
        summary_font = QFont(serif)
        summary_font.setPointSize(12)
        summary_font.setItalic(True)
        self.summary.setFont(summary_font)
        self.summary.setWordWrap(True)

        body_font = QFont(self.font())
        body_font.setPointSizeF(body_font.pointSizeF() * 1.15)
        self.note = QLabel(card)
        self.note.setFont(body_font)
        self.note.setObjectName("referenceNote")
        self.note.setWordWrap(True)
        self.note.setText("This game has no table yet. Its laws are in the rules pane; "
                          "the table will follow when the game is ready to play.")

        self.offer = QLabel("Games you can play now:", card)
        self.offer.setFont(body_font)
        # Two columns of buttons in a scrolling box: the list grows with every playable game,
        # and must never make the window taller than the screen.
        holder = QWidget()
        holder.setObjectName("referenceButtons")
        self.buttons = QGridLayout(holder)
        self.buttons.setContentsMargins(0, 0, 0, 0)
        self.buttons.setSpacing(6)
        for index, gid in enumerate(registry.playable_ids()):
            button = QPushButton(registry.info(gid).name, holder)
            button.setObjectName(f"play_{gid}")
            button.setToolTip(f"Play {registry.info(gid).name}: {registry.info(gid).summary}")
            button.clicked.connect(lambda _checked=False, g=gid: self.play_requested.emit(g))
            self.buttons.addWidget(button, index // 2, index % 2)
        scroll = QScrollArea(card)
        scroll.setObjectName("referenceScroll")
        scroll.setWidget(holder)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumHeight(90)
        scroll.setMaximumHeight(300)
        scroll.setStyleSheet("QScrollArea, #referenceButtons { background: transparent; }")

        inner = QVBoxLayout(card)
        inner.setContentsMargins(28, 24, 28, 24)
        inner.setSpacing(10)
        inner.addWidget(self.title)
        inner.addWidget(self.summary)
        inner.addSpacing(6)
        inner.addWidget(self.note)
        inner.addSpacing(6)
        inner.addWidget(self.offer)
        inner.addWidget(scroll)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 24, 24, 24)
        outer.addStretch(2)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(card, 6)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(3)

    def show_game(self, info: GameInfo) -> None:
        self.title.setText(info.name)
        self.summary.setText(info.summary)
        # The playable games nearest the one asked for come first: its variants and its family.
        def nearness(gid: str) -> tuple[int, int]:
            other = registry.info(gid)
            kin = (info.parent is not None and info.parent in (gid, other.parent)) or other.parent == info.id
            return (0 if kin else 1 if other.family is info.family else 2, order.index(gid))
        order = list(registry.playable_ids())
        buttons = [self.buttons.itemAt(i).widget() for i in range(self.buttons.count())]
        by_id = {b.objectName()[len("play_"):]: b for b in buttons if b is not None}
        for index, gid in enumerate(sorted(by_id, key=nearness)):
            self.buttons.addWidget(by_id[gid], index // 2, index % 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        # The table's own cloth: the window keeps its look whichever game is chosen.
        QPainter(self).fillRect(event.rect(), QBrush(baize_tile()))


class _AfterFirstPaint(QObject):
    """Calls ``callback`` once, in the event loop's next turn after ``widget`` is first painted:
    for work the first frame need not wait for."""

    def __init__(self, widget: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(widget)
        self._widget = widget
        self._callback = callback
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() == QEvent.Type.Paint:
            self._widget.removeEventFilter(self)
            QTimer.singleShot(0, self._callback)
            self.deleteLater()
        return False


class ReplayBar(QFrame):
    """Above the table while a worked example of the book plays: its title, the step and its
    caption, and the buttons to step back and forth or close it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replayBar")
        self.setStyleSheet(
            "#replayBar { background-color: #fbf8f0; border-bottom: 1px solid #c9c2ab; }"
            "#replayBar QLabel { color: #23241f; background: transparent; }"
            "#replayTitle { color: #1f4a2c; font-weight: 600; }"
            "#replayCaption { background-color: #f6df8c; padding: 4px 8px; border-radius: 4px; }"
            "#replayBar QPushButton { padding: 4px 12px; }")
        self.title = QLabel(self)
        self.title.setObjectName("replayTitle")
        self.step = QLabel(self)
        self.step.setObjectName("replayStep")
        self.caption = QLabel(self)
        self.caption.setObjectName("replayCaption")
        self.caption.setWordWrap(True)
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Room for three lines whatever the step says, so the table does not change size as the
        # steps go by.
        self.caption.setFixedHeight(self.caption.fontMetrics().lineSpacing() * 3 + 10)
        self.back = QPushButton("◀ Back", self)
        self.back.setObjectName("replayBack")
        self.back.setToolTip("The step before (Left arrow)")
        self.next = QPushButton("Next ▶", self)
        self.next.setObjectName("replayNext")
        self.next.setToolTip("The next step (Right arrow)")
        self.close_button = QPushButton("Close", self)
        self.close_button.setObjectName("replayClose")
        self.close_button.setToolTip("Back to your own game (Escape)")
        for button in (self.back, self.next, self.close_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # the arrow keys stay with the window
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.step)
        top.addWidget(self.back)
        top.addWidget(self.next)
        top.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.caption)


class MainWindow(QMainWindow):
    """The application window.

    ``start()`` puts the first game on the table (a file, a game asked for, the autosave or the
    last game, in that order).  The methods that open, save and deal return an error message
    instead of showing it, so that scripts and tests can use them; the menu actions show it.
    """

    def __init__(self, parent: QWidget | None = None, *, settings: QSettings | None = None,
                 autosave: bool = True, statistics: bool | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.settings = settings if settings is not None else open_settings()
        # A value the application cannot use is put back to its default before anything reads it
        # (said once, at the start: the bad value is gone afterwards).
        self._settings_replaced = check_settings(self.settings)
        appearance.load(self.settings)     # the deck and cloth chosen in Preferences, before any table
        # Screenshots turn the autosave off: they must neither resume nor overwrite the user's game.
        self.data_folder: Path | None = data_dir() if autosave else None
        # The games put aside by switching to another, each with the seconds played and whether
        # it is already counted (or not to be): resumed from here when chosen again in this run,
        # from its autosave file in the next.
        self._parked: dict[str, tuple[Session[Any, Any], float, bool]] = {}
        self._problems: list[tuple[str, str]] = []   # file errors to show once the window shows
        self._start_notes: list[str] | None = None      # said in the status bar once started
        self._game_id = DEFAULT_GAME
        self._file: Path | None = None
        self._file_session: Session[Any, Any] | None = None   # the session ``_file`` holds
        self._menu_session: Session[Any, Any] | None = None   # the session the Options menu shows
        self._autosave_failed = False
        self._closed = False
        self._rules_after_paint = False   # see start()
        # -- statistics: begin.  Counted only where the autosave is kept (not for screenshots),
        # unless ``statistics`` says otherwise; elsewhere the store is in memory and left empty.
        self._record_stats = autosave if statistics is None else statistics
        self.stats = StatsStore(data_dir() / STATS_NAME if self._record_stats else None)
        self._stats_session: Session[Any, Any] | None = None   # the deal being followed
        self._stats_started = False     # a move was made in it: dealing again gives it up
        self._stats_done = True         # counted already, or not to count (finished, demo)
        self._stats_clock: float | None = None   # time.monotonic() when the clock last started
        self._stats_elapsed = 0.0       # seconds played before that
        # The time played and "counted already" of a deal resumed from an autosave or put aside.
        self._stats_carry: tuple[Session[Any, Any], float, bool] | None = None
        # Why the clock is held while a deal is live: "replay" (a worked example is on the
        # table), "hidden", "minimised".  It runs when nothing holds it.
        self._clock_holds: set[str] = set()
        self._stats_notice_told: str | None = None
        # -- statistics: end

        self.library = LibraryWidget(self)
        self.rules_pane = RulesPane(self)
        self.rules_pane.setMinimumWidth(260)   # the narrowest at which every page fits (test_rules_tables)
        self.rules = self.rules_pane.view
        self.table = TableWidget(self)
        self.table.setObjectName("table")
        # The panel in the table's place for a reference game is made when first needed (see
        # ``reference``): most starts show a table, and its button per playable game costs ~15 ms.
        self._reference: ReferencePanel | None = None
        self.table_stack = QStackedWidget(self)
        self.table_stack.setObjectName("tableStack")
        self.table_stack.addWidget(self.table)
        self.table_stack.setMinimumWidth(320)
        # A worked example replays on the table under a bar with its steps (see show_example).
        self.replay_bar = ReplayBar(self)
        self.replay_bar.hide()
        self.table_area = QWidget(self)
        self.table_area.setObjectName("tableArea")
        area = QVBoxLayout(self.table_area)
        area.setContentsMargins(0, 0, 0, 0)
        area.setSpacing(0)
        self.data_banner = DataBanner(self.write_autosave, self)   # the autosave failing (issue 19)
        area.addWidget(self.data_banner)
        area.addWidget(self.replay_bar)
        area.addWidget(self.table_stack, 1)
        self._replay: Example | None = None
        self._replay_step = 0
        # What the replay put aside, to come back to: the game shown and the session on the table.
        self._replay_kept: tuple[str, Session[Any, Any] | None] | None = None
        self._section_session: Session[Any, Any] | None = None   # see _follow_section

        # The table has the room: the rules are a column beside it (its width is the player's,
        # remembered), and the library is a drawer over both that takes no width of its own.
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.rules_pane)
        self.splitter.addWidget(self.table_area)
        self.splitter.setHandleWidth(5)
        for index in range(2):
            self.splitter.setCollapsible(index, False)
        # When the window grows, the table takes the room; the rules column keeps its width.
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        # Until the player drags the divider (in this run or an earlier one), the rules column
        # has the default width for the window's width, and follows it when the window is resized.
        self._rules_width_chosen = self.settings.contains("view/rulesWidth")
        self.splitter.splitterMoved.connect(self._rules_width_moved)
        central = QWidget(self)
        central.setObjectName("centralArea")
        holder = QVBoxLayout(central)
        holder.setContentsMargins(0, 0, 0, 0)
        holder.addWidget(self.splitter)
        self.setCentralWidget(central)
        self.drawer = LibraryDrawer(self.library, central)

        self.status_label = QLabel(self)
        self.status_label.setObjectName("statusMessage")
        self.status_label.setTextFormat(Qt.TextFormat.RichText)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.status_label.linkActivated.connect(self._status_link)
        # The status line: moves, the clock and the score of the game on the table.
        self.status_line = QLabel(self)
        self.status_line.setObjectName("statusLine")
        self.status_line.setStyleSheet("color: #3b3c33; padding: 0 8px;")
        self.status_line.setToolTip("Moves made, the time played (held while the window is hidden), "
                                    "and the score where the game keeps one")
        self.deal_label = self.status_line
        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(1000)
        self._clock_timer.timeout.connect(self._show_status_line)
        self.statusBar().setObjectName("statusBar")
        self.statusBar().addWidget(self.status_label, 1)
        self.verdict_label = QLabel(self)
        self.verdict_label.setObjectName("statusVerdict")
        self.verdict_label.setToolTip("Whether the deal can still be won from here, judged by the solver "
                                      "after each move: for a patience with every card in sight, and "
                                      "for Klondike as if every card could be seen (face-down ones and "
                                      "the stock too)")
        self.statusBar().addPermanentWidget(self.verdict_label)
        self.statusBar().addPermanentWidget(self.deal_label)

        self._build_menus()
        self._build_toolbar()

        self.library.game_chosen.connect(self._library_chosen)
        self.drawer.open_changed.connect(self._drawer_changed)
        self.rules.game_link.connect(lambda gid, anchor: self.choose_game(gid, anchor=anchor))
        self.table.message.connect(self.show_message)
        self.table.rule_link.connect(self.show_rule)     # a callout's link to the law
        self.table.changed.connect(self._on_changed)
        self.table.finished.connect(self._on_finished)
        self.table.live_verdict.connect(self._show_verdict)
        self.table.section_changed.connect(self._follow_section)
        self.rules.example_link.connect(lambda gid, name: self.show_example(gid, name))
        self.replay_bar.back.clicked.connect(self.replay_back)
        self.replay_bar.next.clicked.connect(self.replay_next)
        self.replay_bar.close_button.clicked.connect(self.close_replay)

        self._restore_settings()

    # ==========================================================================================
    # Building

    @property
    def reference(self) -> ReferencePanel:
        """The panel shown instead of the table for a game that has no table yet."""
        if self._reference is None:
            panel = ReferencePanel(self)
            panel.play_requested.connect(self.choose_game)
            self.table_stack.insertWidget(_PAGE_REFERENCE, panel)
            self._reference = panel
        return self._reference

    def _action(self, name: str, text: str, slot: Callable[..., Any], keys: list[QKeySequence] | None = None,
                *, checkable: bool = False, tip: str = "") -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if keys:
            action.setShortcuts(keys)
        action.setCheckable(checkable)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        (action.toggled if checkable else action.triggered).connect(slot)
        # Actions live on the window too, so their shortcuts work while the menu bar is hidden
        # (full screen) and wherever the focus is.
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        K = QKeySequence.StandardKey
        bar = self.menuBar()
        bar.setObjectName("menuBar")

        game = bar.addMenu("&Game")
        game.setObjectName("menuGame")
        game.aboutToShow.connect(self._sync_demo_action)
        self.act_new = self._action("actionNewDeal", "&New deal", self.new_deal, _keys("Ctrl+N", K.New),
                                    tip="Deal a new game of the same kind")
        self.act_restart = self._action("actionRestart", "&Restart this deal", self.restart,
                                        _keys("Ctrl+R"), tip="Go back to the start of this deal")
        self.act_deal_number = self._action("actionDealByNumber", "&Deal by number…",
                                            self._ask_deal_number, _keys("Ctrl+G"),
                                            tip="Play a deal by its number, to replay or share it")
        self.act_open = self._action("actionOpen", "&Open…", self._ask_open, _keys("Ctrl+O", K.Open))
        self.act_save = self._action("actionSave", "&Save", self._save_menu, _keys("Ctrl+S", K.Save))
        self.act_save_as = self._action("actionSaveAs", "Save &as…", self._ask_save_as,
                                        _keys("Ctrl+Shift+S", K.SaveAs))
        self.options_menu = QMenu("O&ptions", self)
        self.options_menu.setObjectName("menuOptions")
        self.computer_menu = QMenu("&Computer", self)
        self.computer_menu.setObjectName("menuComputer")
        self.act_demo = self._action("actionDemo", "Start the &demo", self._toggle_demo, _keys("D"),
                                     tip="Let the computer play this deal, or stop it")
        self.act_print = self._action("actionPrintRules", "&Print the rules page…", self._ask_print,
                                      _keys("Ctrl+P", K.Print), tip="Print the page of the rules pane")
        self.act_export_pdf = self._action("actionExportRulesPdf", "&Export the rules page as PDF…",
                                           self._ask_export_pdf,
                                           tip="Save the page of the rules pane as a PDF file")
        self.act_quit = self._action("actionQuit", "&Quit", self.close, _keys("Ctrl+Q", K.Quit))
        # statistics
        self.act_stats = self._action("actionStatistics", "S&tatistics…", self.show_statistics,
                                      _keys("Ctrl+T"), tip="Games played and won, streaks, best "
                                      "times, and the deals played")
        for item in (self.act_new, self.act_restart, self.act_deal_number, None, self.act_open,
                     self.act_save, self.act_save_as, None, self.act_print, self.act_export_pdf, None,
                     self.options_menu, self.computer_menu,
                     self.act_demo,
                     self.act_stats, None, self.act_quit):
            if item is None:
                game.addSeparator()
            elif isinstance(item, QMenu):
                game.addMenu(item)
            else:
                game.addAction(item)

        edit = bar.addMenu("&Edit")
        edit.setObjectName("menuEdit")
        self.act_undo = self._action("actionUndo", "&Undo", self.table.undo, _keys("Ctrl+Z", K.Undo))
        self.act_redo = self._action("actionRedo", "&Redo", self.table.redo,
                                     _keys("Ctrl+Shift+Z", K.Redo))
        self.act_hint = self._action("actionHint", "&Hint", self.table.hint, _keys("H"),
                                     tip="Suggest a good move")
        self.act_winnable = self._action("actionWinnable", "Can this deal still be &won?",
                                         self.table.check_winnable, _keys("Ctrl+K"),
                                         tip="Ask the solver, which looks at the cards as they lie "
                                             "(face-down ones too); Escape stops it")
        self.act_animations = self._action("actionAnimations", "&Animations", self._set_animations,
                                           checkable=True)
        self.act_live = self._action("actionLiveSolver", "Show whether the deal can still be &won",
                                     self._set_live_solver, checkable=True,
                                     tip="After each move of a patience with every card in sight, and "
                                         "of Klondike as if every card could be seen")
        self.act_click = self._action("actionClickToMove", "&Click a card to move it",
                                      self._set_click_to_move, checkable=True,
                                      tip="A single click sends cards home, or onto the likeliest pile")
        self.act_auto = self._action("actionAutoFoundation",
                                     "Move cards to the &foundations automatically",
                                     self._set_auto_foundation, checkable=True)
        self.act_preferences = self._action("actionPreferences", "&Preferences…", self.open_preferences,
                                            _keys("Ctrl+,", K.Preferences),
                                            tip="The cards, the cloth and other choices of the table")
        self.act_preferences.setMenuRole(QAction.MenuRole.PreferencesRole)
        # The solver, the live indicator, sending cards home and click-to-move are a patience's
        # (see _sync_game_actions): a game that cannot use them does not list them.
        for item in (self.act_undo, self.act_redo, None, self.act_hint, self.act_winnable, None,
                     self.act_animations, self.act_auto, self.act_click, self.act_live, None,
                     self.act_preferences):
            edit.addSeparator() if item is None else edit.addAction(item)
        self.edit_menu = edit

        # The commands of the kind of table on show (flip the board, copy the position ...).
        self.table_menu = bar.addMenu("&Table")
        self.table_menu.setObjectName("menuTable")
        self._table_actions: list[QAction] = []

        view = bar.addMenu("&View")
        view.setObjectName("menuView")
        self.act_find = self._action("actionFindGame", "&Find a game…", self.library_search,
                                     _keys("Ctrl+F", K.Find))
        self.act_show_library = self._action("actionShowLibrary", "&Library of games", self._show_library,
                                             [QKeySequence("Ctrl+L"), QKeySequence("Ctrl+1")],
                                             checkable=True,
                                             tip="Open or close the library of games (Ctrl+L)")
        self.act_show_rules = self._action("actionShowRules", "&Rules pane", self._toggle_rules_pane,
                                           _keys("F1", K.HelpContents) + [QKeySequence("Ctrl+2")],
                                           checkable=True,
                                           tip="Show or hide the rules of this game beside the table (F1)")
        self.act_fullscreen = self._action("actionFullScreen", "F&ull screen", self._set_full_screen,
                                           _keys("F11", K.FullScreen), checkable=True)
        self.act_search_rules = self._action("actionSearchRules", "&Search the rules…",
                                             self.search_rules, _keys("Ctrl+E"),
                                             tip="Search every rules page and the glossary")
        self.act_glossary = self._action("actionGlossary", "&Glossary of terms", self.show_glossary)
        self.act_follow = self._action("actionRulesFollow", "Rules &follow the game",
                                       self._set_rules_follow, checkable=True,
                                       tip="The rules pane turns to the section about the moment: "
                                           "the deal, the calls, the play, the scoring")
        # Stepping through a worked example of the book; enabled only while one is replayed.
        self.act_replay_next = self._action("actionReplayNext", "Next step of the example",
                                            self.replay_next, [QKeySequence("Right")])
        self.act_replay_back = self._action("actionReplayBack", "Step back in the example",
                                            self.replay_back, [QKeySequence("Left")])
        self.act_replay_close = self._action("actionReplayClose", "Close the example",
                                             self.close_replay, [QKeySequence("Escape")])
        for action in (self.act_replay_next, self.act_replay_back, self.act_replay_close):
            action.setEnabled(False)
        self.view_menu = view
        for item in (self.act_find, self.act_search_rules, self.act_glossary, None,
                     self.act_show_library, self.act_show_rules, self.act_follow, None,
                     self.act_fullscreen):
            view.addSeparator() if item is None else view.addAction(item)
        self.act_show_rules.setChecked(True)

        help_menu = bar.addMenu("&Help")
        help_menu.setObjectName("menuHelp")
        self.act_rules = self._action("actionRulesHelp", "&Rules of this game", self.show_rules,
                                      tip="Show the rules of this game and put the cursor in them")
        self.act_about = self._action("actionAbout", "&About Compendium", self._about)
        help_menu.addAction(self.act_rules)
        help_menu.addSeparator()
        help_menu.addAction(self.act_about)

    def _build_toolbar(self) -> None:
        """A row of the commands used while playing, in words (a glyph helps the eye), each with
        a tooltip that gives its key."""
        bar = QToolBar("Toolbar", self)
        bar.setObjectName("toolBar")
        bar.setMovable(False)
        bar.setFloatable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        bar.setStyleSheet("QToolBar { spacing: 2px; padding: 1px 4px; border: none; }"
                          "QToolButton { padding: 3px 9px; }")
        words = [
            (self.act_show_library, "☰ Games", "Open or close the library of games (Ctrl+L)"),
            (self.act_show_rules, "§ Rules", "Show or hide the rules beside the table (F1)"),
            None,
            (self.act_new, "New deal", "Deal a new game of the same kind (Ctrl+N)"),
            (self.act_undo, "↶ Undo", "Take back the last move (Ctrl+Z)"),
            (self.act_redo, "Redo ↷", "Make again the move taken back (Ctrl+Shift+Z)"),
            (self.act_hint, "Hint", "Show a good move on the table (H)"),
            (self.act_demo, "▶ Demo", "Let the computer play this deal; press again to stop (D)"),
        ]
        for item in words:
            if item is None:
                bar.addSeparator()
                continue
            action, text, tip = item
            action.setIconText(text)
            action.setToolTip(tip)
            bar.addAction(action)
            button = bar.widgetForAction(action)
            if button is not None:
                button.setObjectName(f"tool_{action.objectName()}")
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbar = bar
        toggle = bar.toggleViewAction()
        toggle.setObjectName("actionShowToolbar")
        toggle.setText("&Toolbar")
        self.view_menu.insertAction(self.act_fullscreen, toggle)

    # ==========================================================================================
    # Settings

    def _restore_settings(self) -> None:
        s = self.settings
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self._default_size()
        state = s.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        self.fit_panes(self.width())
        # The library drawer is closed unless asked for (it opens by itself at the first start).
        self.act_show_rules.setChecked(s.value("view/rules", True, type=bool))
        self.act_follow.setChecked(s.value("view/rulesFollow", True, type=bool))
        self.library.set_grouping_mode(str(s.value("library/grouping", "family")))
        # setChecked signals only a change, so the table is told the restored state directly too.
        self.act_animations.setChecked(s.value("table/animations", True, type=bool))
        self.act_auto.setChecked(s.value("table/autoFoundation", True, type=bool))
        self.table.set_animations(self.act_animations.isChecked())
        self.drawer.animate = self.act_animations.isChecked()
        self.table.set_auto_foundation(self.act_auto.isChecked())
        self.act_click.setChecked(s.value("table/clickToMove", False, type=bool))
        self.table.set_click_to_move(self.act_click.isChecked())
        self.act_live.setChecked(s.value("table/liveSolver", True, type=bool))
        self.table.set_live_solver(self.act_live.isChecked())
        level = s.value("computer/level", 2, type=int)
        self.table.set_level(level if level in LEVELS else 2)   # a game's extra levels are not kept

    def save_settings(self) -> None:
        s = self.settings
        s.setValue("window/geometry", self.saveGeometry())
        state = self.saveState()
        s.setValue("window/state", state)
        s.setValue(STATE_CHECK_KEY, window_state_check(bytes(state)))   # see settings_check
        self._remember_rules_width()
        s.setValue("view/rules", self.act_show_rules.isChecked())
        s.setValue("view/rulesFollow", self.act_follow.isChecked())
        s.setValue("library/grouping", self.library.grouping_mode())
        s.setValue("table/animations", self.act_animations.isChecked())
        s.setValue("table/autoFoundation", self.act_auto.isChecked())
        s.setValue("game/last", self._game_id)
        s.sync()

    def _default_size(self) -> None:
        screen = self.screen()
        if screen is None:
            self.resize(1366, 768)
            return
        room = screen.availableGeometry()
        self.resize(min(1600, int(room.width() * 0.92)), min(1000, int(room.height() * 0.92)))

    def rules_width(self, window_width: int) -> int:
        """The rules column's width: the one the player set (remembered), else the default for
        the window's width; never so wide that the table has less than half the window."""
        saved = self.settings.value("view/rulesWidth", 0, type=int)
        width = saved if isinstance(saved, int) and saved > 0 else default_rules_width(window_width)
        return max(self.rules_pane.minimumWidth(), min(width, window_width // 2))

    def fit_panes(self, width: int) -> None:
        """Share ``width`` between the rules column (its remembered or default width) and the
        table, which has the rest: the most."""
        rules = self.rules_width(width)
        self.splitter.setSizes([rules, max(320, width - rules - self.splitter.handleWidth())])

    def _rules_width_moved(self, *_moved: int) -> None:
        self._rules_width_chosen = True
        self._remember_rules_width()

    def _remember_rules_width(self) -> None:
        """Keep the rules column's width the player chose by dragging the divider."""
        if (self._rules_width_chosen and self.isVisible() and self.rules_pane.isVisible()
                and self.splitter.sizes()[0] > 0):
            self.settings.setValue("view/rulesWidth", self.splitter.sizes()[0])

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self._rules_width_chosen and not self.rules_pane.isHidden():
            self.fit_panes(event.size().width())

    def table_share(self) -> float:
        """The part of the window's width the table area has (for the layout's tests)."""
        return self.table_area.width() / max(1, self.width())

    def saved_options(self, game_id: str) -> dict[str, Any]:
        """The options last chosen for ``game_id``; unknown or outdated ones are dropped."""
        raw = self.settings.value(f"options/{game_id}", "")
        try:
            options = json.loads(raw) if isinstance(raw, str) and raw else {}
            if not isinstance(options, dict):
                return {}
            game = registry.get_game(game_id)
            # Keep only what this version of the game still accepts, value by value.
            specs = {spec.name: spec for spec in game.option_specs}
            return {k: v for k, v in options.items() if k in specs and specs[k].allows(v)}
        except (ValueError, RecursionError, CompendiumError):
            return {}

    def _remember_options(self, game_id: str, options: dict[str, Any]) -> None:
        self.settings.setValue(f"options/{game_id}", json.dumps(options, sort_keys=True))

    # ==========================================================================================
    # Starting and choosing games

    @property
    def game_id(self) -> str:
        """The game shown in the library, the rules pane and the table area."""
        return self._game_id

    def start(self, game: str | None = None, seed: int | None = None,
              file: str | Path | None = None, options: dict[str, Any] | None = None) -> str | None:
        """Put the first game on the table.  A ``file`` is opened if it can be; else ``game``
        and/or ``seed`` are dealt; else the autosave is resumed; else the last game is shown.
        ``options`` (the command line's, checked) deal ``game`` afresh with them, and are kept
        as the game's chosen options.  Returns the problem with ``file`` or ``game``, if there
        was one (the start goes on)."""
        # Before the window is first shown, the table's first frame does not wait for the rules
        # page: it is made right after that frame (see choose_game), ~80 ms sooner on screen.
        self._rules_after_paint = not self.isVisible()
        self._start_notes = []
        try:
            return self._start(game, seed, file, options or {})
        finally:
            self._rules_after_paint = False
            # Said last, so that the table's greeting for the new deal does not cover it.
            notes, self._start_notes = self._start_notes, None
            if notes:
                self.show_message(" ".join(notes))

    def _start(self, game: str | None, seed: int | None, file: str | Path | None,
               options: dict[str, Any]) -> str | None:
        migrated = self._migrate_legacy_autosave()
        file_problem = self.open_path(file) if file is not None else None
        problem = file_problem
        if game is not None:
            try:
                game = registry.resolve_id(game)
            except UnknownGame as exc:
                problem = problem or str(exc)
                game = None
        if file is None or file_problem is not None:
            last = self._last_game(migrated)
            if game is not None and options:
                self._remember_options(game, {**self.saved_options(game), **options})
                self.choose_game(game, seed=seed, new_deal=True)
            elif seed is not None:
                self.choose_game(game or last, seed=seed)
            else:
                # The game asked for, or the last one: its autosave is resumed if it has one.
                self.choose_game(game or last)
        if file_problem:
            self.report_problem("Cannot open the game", file_problem)
        elif problem and self._start_notes is not None:
            self._start_notes.append(problem)
        # statistics: a statistics file that could not be used is told at start-up too
        if self._settings_replaced:
            self.report_problem("Settings", settings_notice(self._settings_replaced))
            self._settings_replaced = []
        self._stats_notice_told = self.stats.notice
        if self.stats.notice:
            self.report_problem("Statistics", self.stats.notice)
        # The first start opens the library, unless a game or a file was asked for.
        if file is None and game is None and not self.settings.value("view/libraryOffered", False, type=bool):
            self._show_library(True)
        self.settings.setValue("view/libraryOffered", True)
        # Keyboard play works at once; for a reference game the reader's place is the page.
        focus = self.table if self.table_stack.currentWidget() is self.table else self.rules
        focus.setFocus(Qt.FocusReason.OtherFocusReason)
        return problem

    @staticmethod
    def _known(game_id: str) -> bool:
        try:
            registry.resolve_id(game_id)
        except UnknownGame:
            return False
        return True

    def _last_game(self, migrated: str | None = None) -> str:
        last = self.settings.value("game/last")
        if isinstance(last, str) and self._known(last):
            return registry.resolve_id(last)
        if migrated is not None:
            return migrated
        playable = registry.playable_ids()
        if DEFAULT_GAME in playable or not playable:
            return DEFAULT_GAME
        return playable[0]

    def choose_game(self, game_id: str, seed: int | None = None, *, new_deal: bool = False,
                    anchor: str = "") -> None:
        """Show ``game_id`` everywhere: selected in the library, its rules, and its table (or the
        reference panel).  The deal on the table is kept when it is already of this game, unless
        ``new_deal`` or a ``seed`` asks for another.  Another game's deal on the table is put
        aside with its autosave, and this game's own deal, put aside earlier (or autosaved in an
        earlier run), is resumed; a deal is dealt when there is none."""
        gid = registry.resolve_id(game_id)
        if self._replay is not None:
            self._leave_replay()
        changing = gid != self._game_id
        self._game_id = gid
        self.settings.setValue("game/last", gid)
        self.library.select(gid)
        if registry.status(gid) is Status.PLAYABLE:
            if self._rules_after_paint:
                # Starting: the page is made once the table's first frame is painted.
                self.rules.show_game_after_paint(gid, anchor)
                _AfterFirstPaint(self.table.viewport(), self.rules.make_pending_page)
            else:
                self.rules.show_game(gid, anchor)
            self.table_stack.setCurrentIndex(_PAGE_TABLE)
            session = self.table.session
            other = session is None or session.game.info.id != gid
            if session is not None and other:
                self._park_table()
            if new_deal or seed is not None:
                if other:
                    self._give_up_kept(gid)   # this game's deal put aside is replaced: given up
                self._deal(gid, seed, self.saved_options(gid))
            elif other and not self._resume(gid):
                self._deal(gid, None, self.saved_options(gid))
        else:
            self.rules.show_game(gid, anchor)
            self.reference.show_game(registry.info(gid))   # made (as page 1) on first use
            self.table_stack.setCurrentIndex(_PAGE_REFERENCE)
            if self.table.demo_running:
                self.table.stop_demo()
        if changing:
            self.show_message("")
        self._refresh()

    def _library_chosen(self, game_id: str) -> None:
        """A game chosen in the library: shown, and the drawer gets out of the way."""
        self.choose_game(game_id)
        self._show_library(False)
        focus = self.table if self.table_stack.currentWidget() is self.table else self.rules
        focus.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- each game's deal kept: put aside, resumed, given up --------------------------------------

    def _park_table(self) -> None:
        """Put the table's deal aside (another game is coming to the table): autosaved with the
        time played, kept for this run, and not counted as given up."""
        session = self.table.session
        if session is None:
            return
        if session is self._stats_session:
            elapsed, done = self._stats_seconds(), self._stats_done
        else:
            elapsed, done = 0.0, session.outcome() is not None
        self._write_autosave_of(session, elapsed, done)
        self._parked[session.game.info.id] = (session, elapsed, done)
        self._stats_session = None
        self._stats_clock, self._stats_elapsed = None, 0.0
        self._stats_started, self._stats_done = False, True
        self._clock_sync()

    def _kept(self, game_id: str) -> tuple[Session[Any, Any], float, bool] | None:
        """The deal of ``game_id`` put aside in this run or autosaved in an earlier one."""
        return self._parked.pop(game_id, None) or self._read_autosave(game_id)

    def _resume(self, game_id: str) -> bool:
        """Put ``game_id``'s kept deal back on the table; ``False`` if it has none."""
        kept = self._kept(game_id)
        if kept is None:
            return False
        self._stats_carry = kept
        try:
            self.table.load_session(kept[0])
        except CompendiumError:
            self._stats_carry = None
            return False
        return True

    def _give_up_kept(self, game_id: str) -> None:
        """A new deal takes the place of ``game_id``'s kept deal: a started one is counted as
        abandoned, with the time it was played."""
        kept = self._kept(game_id)
        if kept is None:
            return
        session, elapsed, done = kept
        if done or session.move_count == 0 or session.outcome() is not None:
            return
        problem = self._stats_record(session, Result.ABANDONED, None, seconds=elapsed)
        if problem:
            self.show_message(problem)

    def _deal(self, game_id: str, seed: int | None, options: dict[str, Any]) -> None:
        if self.table.demo_running:
            self.table.stop_demo()
        try:
            self.table.new_game(game_id, seed, options, human_seats=(self.human_seat(game_id),))
        except CompendiumError as exc:   # a game whose table cannot be opened: say so, go on
            self.show_message(str(exc)[:1].upper() + str(exc)[1:] + ".")

    def human_seat(self, game_id: str) -> int:
        """The seat the player last chose to take in ``game_id`` (0, the first, by default)."""
        seat = self.settings.value(f"seats/{game_id}", 0, type=int)
        return seat if isinstance(seat, int) and 0 <= seat < registry.info(game_id).max_seats else 0

    def set_human_seat(self, seat: int) -> None:
        """Take another seat in the current game: remembered, and a new game with it."""
        self.settings.setValue(f"seats/{self._game_id}", seat)
        session = self._playing()
        self._deal(self._game_id, None, dict(session.options) if session else self.saved_options(self._game_id))
        self._refresh()

    def set_level(self, level: int) -> None:
        """The computer's strength, for every game from the next move on."""
        self.table.set_level(level)
        self.settings.setValue("computer/level", level)

    def _playing(self) -> Session[Any, Any] | None:
        """The session on the table, if the table (not the reference panel) is showing it."""
        session = self.table.session
        if session is None or registry.status(self._game_id) is not Status.PLAYABLE or self._replay is not None:
            return None
        return session if session.game.info.id == self._game_id else None

    # ==========================================================================================
    # Game actions

    def new_deal(self) -> None:
        if registry.status(self._game_id) is Status.PLAYABLE:
            self.choose_game(self._game_id, new_deal=True)

    def restart(self) -> None:
        if self._playing() is not None:
            self.table.restart()

    def deal_by_number(self, text: str) -> str | None:
        """Deal the current game with the number ``text``; returns what is wrong with it, if anything."""
        number = text.strip()
        if registry.status(self._game_id) is not Status.PLAYABLE:
            return f"{registry.info(self._game_id).name} has no table yet"
        if not number.isdigit() or not number.isascii():
            return f"“{number}” is not a deal number: type a whole number, such as 1234"
        if len(number) > MAX_SEED_DIGITS:
            return f"the deal number may have at most {MAX_SEED_DIGITS} digits"
        self.choose_game(self._game_id, seed=int(number))
        return None

    def _ask_deal_number(self) -> None:
        session = self._playing()
        text = str(session.seed) if session is not None else ""
        while True:
            text, ok = QInputDialog.getText(self, "Deal by number",
                                            "Deal number (a whole number, 0 or more):", text=text)
            if not ok:
                return
            problem = self.deal_by_number(text)
            if problem is None:
                return
            QMessageBox.warning(self, "Deal by number", problem[0].upper() + problem[1:] + ".")

    def set_option(self, name: str, value: Any) -> None:
        """Change one option of the current game: remembered for the game, and a new deal with it."""
        gid = self._game_id
        session = self._playing()
        options = dict(session.options) if session is not None else self.saved_options(gid)
        options[name] = value
        self._remember_options(gid, options)
        self._deal(gid, None, options)
        self._refresh()

    def _toggle_demo(self) -> None:
        # Decided by the table's own state at the moment, not by a check mark: the demo may have
        # stopped by itself (game over, no move left) since the menu was last drawn.
        if self.table.demo_running:
            self.table.stop_demo()
        elif self._playing() is not None:
            self.table.start_demo()
        self._sync_demo_action()

    def _sync_demo_action(self) -> None:
        running = self.table.demo_running
        self.act_demo.setText("Stop the &demo" if running else "Start the &demo")
        self.act_demo.setIconText("■ Stop demo" if running else "▶ Demo")

    def _set_animations(self, on: bool) -> None:
        self.table.set_animations(on)
        self.drawer.animate = on
        self.settings.setValue("table/animations", on)

    def _set_click_to_move(self, on: bool) -> None:
        self.table.set_click_to_move(on)
        self.settings.setValue("table/clickToMove", on)

    def _set_live_solver(self, on: bool) -> None:
        self.table.set_live_solver(on)
        self.settings.setValue("table/liveSolver", on)

    def _show_verdict(self, verdict: str) -> None:
        text, colour = {"winnable": ("● Can still be won", "#2f7a3a"),
                        "lost": ("● Can no longer be won", "#a03a2a"),
                        "open": ("● Too open to judge quickly", "#7a7a6a"),
                        "thinking": ("● Judging…", "#9a9a8a")}.get(verdict, ("", "#55564c"))
        if text and verdict != "thinking" and self.table.live_sees_all():
            # Klondike's solver reads the face-down cards: its verdict is for a player who
            # could see them all, and says so.
            text += " (seeing every card)"
        self.verdict_label.setText(text)
        self.verdict_label.setStyleSheet(f"color: {colour}; padding: 0 8px;")

    def _set_auto_foundation(self, on: bool) -> None:
        self.table.set_auto_foundation(on)
        self.settings.setValue("table/autoFoundation", on)

    # ==========================================================================================
    # Opening and saving

    def open_path(self, path: str | Path) -> str | None:
        """Open a saved game.  On success the table shows it and ``None`` is returned; otherwise
        the message says what is wrong, and the current game and the file are left as they were."""
        p = Path(path)
        try:
            text = records.read_text(p)
            record = records.loads(text)
            gid = registry.resolve_id(record.game)
            if registry.status(gid) is not Status.PLAYABLE:
                raise CompendiumError(f"{registry.info(gid).name} has no table yet, so its games "
                                      "cannot be opened")
            session = Session.from_record(record, source_text=text)
        except CompendiumError as exc:
            return f"Cannot open {p.name}: {exc}"
        if self._replay is not None:
            self._leave_replay()
        current = self.table.session
        if current is None or current.game.info.id != gid:
            # Another game's deal is put aside; this game's kept deal gives way to the file.
            if current is not None:
                self._park_table()
            self._give_up_kept(gid)
        try:
            self.table.load_session(session)
        except CompendiumError as exc:
            return f"Cannot open {p.name}: {exc}"
        self._file, self._file_session = p, session
        self.settings.setValue("files/folder", str(p.resolve().parent))
        self.choose_game(gid)
        self.show_message(f"Opened {p.name}.")
        return None

    def save_path(self, path: str | Path) -> str | None:
        """Save the game on the table to ``path``; returns what went wrong, if anything."""
        session = self._playing()
        p = Path(path)
        if session is None:
            return "There is no game on the table to save."
        try:
            records.save(p, session.record())
        except OSError as exc:
            return f"Cannot save to {p}: {exc.strerror or exc}"
        self._file, self._file_session = p, session
        self.settings.setValue("files/folder", str(p.resolve().parent))
        self.show_message(f"Saved to {p.name}.")
        return None

    def _files_folder(self) -> str:
        folder = self.settings.value("files/folder")
        try:
            if isinstance(folder, str) and Path(folder).is_dir():
                return folder
        except (OSError, ValueError):    # a name too long for the system, a NUL in it
            pass
        return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)

    def _ask_open(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open a saved game", self._files_folder(),
                                              f"{FILE_FILTER};;All files (*)")
        if name:
            problem = self.open_path(name)
            if problem:
                self.report_problem("Cannot open the game", problem)

    def _save_menu(self) -> None:
        # Save goes back to the file this very game came from; any other game asks for a name.
        if self._file is not None and self._file_session is self._playing():
            problem = self.save_path(self._file)
            if problem:
                self.report_problem("Cannot save the game", problem)
        else:
            self._ask_save_as()

    def _ask_save_as(self) -> None:
        session = self._playing()
        if session is None:
            return
        suggested = str(Path(self._files_folder()) / f"{session.game.info.id}-deal-{session.seed}.json")
        name, _ = QFileDialog.getSaveFileName(self, "Save the game", suggested, FILE_FILTER)
        if not name:
            return
        if not name.lower().endswith(".json"):
            name += ".json"
        problem = self.save_path(name)
        if problem:
            self.report_problem("Cannot save the game", problem)

    # ==========================================================================================
    # Autosave

    def write_autosave(self) -> None:
        """Write the table's game to its game's autosave file (atomically: never half a file)."""
        session = self.table.session
        if self._replay is not None:
            session = self._replay_kept[1] if self._replay_kept is not None else None  # never the example
        if session is None:
            return
        if session is self._stats_session:
            # statistics: the time played so far goes with it, so a resumed deal's time is whole
            self._write_autosave_of(session, self._stats_seconds(), self._stats_done)
        else:
            self._write_autosave_of(session, None, False)

    def autosave_path(self, game_id: str) -> Path | None:
        """Where ``game_id``'s deal is autosaved (``None`` when this window keeps no autosave)."""
        return autosave_file(self.data_folder, game_id) if self.data_folder is not None else None

    def _write_autosave_of(self, session: Session[Any, Any], elapsed: float | None, counted: bool) -> None:
        path = self.autosave_path(session.game.info.id)
        if path is None:
            return
        meta: dict[str, Any] = {}
        if elapsed is not None:
            meta["elapsed"] = round(elapsed, 3)
        if counted and session.outcome() is None:
            meta["counted"] = True     # the demo played in it: not the player's result
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            records.save(path, session.record(autosave=True, **meta))
        except OSError as exc:
            # Said once: the player keeps playing, but should know the game is not being kept.
            if not self._autosave_failed:
                self._autosave_failed = True
                self.report_problem("The game is not being autosaved",
                                    f"The game cannot be autosaved to {path.parent}: "
                                    f"{exc.strerror or exc}")
            self.data_banner.failed(path.parent, str(exc.strerror or exc))
        else:
            self._autosave_failed = False
            self.data_banner.saved()

    def _read_autosave(self, game_id: str) -> tuple[Session[Any, Any], float, bool] | None:
        """``game_id``'s autosaved deal, its time played and whether it is counted already; a
        file that cannot be resumed is put aside, kept for a bug report, and said in a dialog."""
        path = self.autosave_path(game_id)
        if path is None or not path.exists():
            return None
        try:
            text = records.read_text(path)
            record = records.loads(text)
            if registry.resolve_id(record.game) != game_id:
                raise CompendiumError(f"it holds a game of {record.game}")
            session = Session.from_record(record, source_text=text)
        except Exception as exc:  # noqa: BLE001 - whatever is wrong, the application must go on
            kept = self._put_aside(path)
            where = f"; it was kept as {kept.name}" if kept is not None else ""
            self.report_problem("The autosaved game could not be resumed",
                                f"The autosaved game of {registry.info(game_id).name} could not be "
                                f"resumed ({exc}){where}. A new game was started.")
            return None
        counted = record.meta.get("counted") is True or session.outcome() is not None
        return session, _carried_time(record.meta), counted

    def _migrate_legacy_autosave(self) -> str | None:
        """Earlier versions kept one autosave for whichever game was on the table: it becomes
        its game's autosave (and so is resumed).  Returns that game's id."""
        if self.data_folder is None:
            return None
        legacy = self.data_folder / AUTOSAVE_NAME
        if not legacy.exists():
            return None
        try:
            record = records.loads(records.read_text(legacy))
            gid = registry.resolve_id(record.game)
        except Exception as exc:  # noqa: BLE001 - whatever is wrong, the application must start
            kept = self._put_aside(legacy)
            where = f"; it was kept as {kept.name}" if kept is not None else ""
            self.report_problem("The autosaved game could not be resumed",
                                f"The autosaved game could not be resumed ({exc}){where}. "
                                "A new game was started.")
            return None
        target = autosave_file(self.data_folder, gid)
        try:
            if target.exists():        # this version has autosaved that game since: keep both
                self._put_aside(legacy, "old")
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(legacy, target)
        except OSError:
            return None
        return gid

    @staticmethod
    def _put_aside(path: Path, label: str = "corrupt") -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.stem}.{label}-{stamp}-{n}{path.suffix}")
        try:
            path.rename(target)
        except OSError:
            return None
        return target

    # ==========================================================================================
    # Reacting to the table

    def _on_changed(self) -> None:
        if self._replay is not None:
            # An example of the book is not the player's game: no autosave, no statistics.
            self._refresh()
            return
        self._stats_follow()   # statistics: the clock, and a started deal given up for another
        self.write_autosave()
        self._refresh()

    def _on_finished(self, outcome: Outcome) -> None:
        said = f"{outcome.reason[:1].upper()}{outcome.reason[1:]}."     # a sentence
        self.show_message(said, outcome.rule or "")
        if self._replay is not None:
            return
        counted = self._stats_session is not None and not self._stats_done
        problem = self._stats_finish(outcome)   # statistics
        if problem:
            self.show_message(f"{outcome.reason[:1].upper()}{outcome.reason[1:]}. {problem}",
                              outcome.rule or "")
        elif counted and self._record_stats and not self.table.demo_running:
            # the banner ends with where the player stands at this game now
            self.table.add_to_banner(statistics_line(self.stats.summary(self._game_id)))
        self._refresh()

    # ==========================================================================================
    # Statistics: begin.  A deal counts when it ends (won, or no move left) or when a started
    # deal is replaced by another (given up); its time runs from its first move to its end.

    def show_statistics(self) -> StatsDialog:
        """Open the statistics of the current game."""
        from .stats_dialog import StatsDialog
        gid = self._game_id
        dialog = StatsDialog(self.stats, gid, registry.info(gid).name, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.deal_requested.connect(self._play_logged_deal)
        dialog.open()
        return dialog

    def _play_logged_deal(self, seed: object, options: object) -> None:
        """Deal a deal of the log again, with the options it was played with (those this
        version still knows; the others as last chosen)."""
        gid = self._game_id
        if registry.status(gid) is not Status.PLAYABLE or not isinstance(seed, int):
            return
        specs = {spec.name: spec for spec in registry.get_game(gid).option_specs}
        logged = options if isinstance(options, dict) else {}
        kept = {k: v for k, v in logged.items() if k in specs and v in specs[k].choices}
        self._deal(gid, seed, {**self.saved_options(gid), **kept})
        self._refresh()

    def _stats_seconds(self) -> float:
        running = time.monotonic() - self._stats_clock if self._stats_clock is not None else 0.0
        return self._stats_elapsed + running

    def _stats_follow(self) -> None:
        """Keep the counting and the clock in step with the deal on the table."""
        session = self.table.session
        if session is not self._stats_session:
            self._stats_abandon()
            carry, self._stats_carry = self._stats_carry, None
            carried = carry is not None and carry[0] is session
            self._stats_session = session
            self._stats_elapsed, self._stats_clock = (carry[1] if carry is not None and carried else 0.0), None
            self._stats_started = session is not None and session.move_count > 0
            # A deal already over when it arrives (opened, resumed) was counted when it ended;
            # one the demo played in is not counted at all.
            self._stats_done = (session is None or session.outcome() is not None
                                or (carry is not None and carried and carry[2]))
            self._clock_sync()
            return
        if session is None or self._stats_done:
            return
        if self.table.demo_running:
            # The computer played part of it: not the player's result, either way.
            self._stats_done = True
            self._clock_sync()
        elif session.move_count > 0 and not self._stats_started:
            self._stats_started = True
            self._clock_sync()

    def _stats_abandon(self) -> None:
        session = self._stats_session
        if session is None or self._stats_done or not self._stats_started or session.outcome() is not None:
            return
        self._stats_done = True
        problem = self._stats_record(session, Result.ABANDONED, None)
        if problem:
            self.show_message(problem)

    def _stats_finish(self, outcome: Outcome) -> str | None:
        self._stats_follow()
        session = self._stats_session
        if session is None or self._stats_done:
            return None
        self._stats_done = True
        if self.table.demo_running:
            return None
        seat = session.human_seats[0] if session.human_seats else 0
        results = outcome.results
        if len(results) > 1 and len(set(results)) == 1:
            result = Result.DRAWN                  # nobody won (a drawn game of chess)
        elif seat < len(results) and results[seat] > 0 and results[seat] == max(results):
            result = Result.WON
        else:
            result = Result.LOST
        return self._stats_record(session, result, outcome)

    def _stats_record(self, session: Session[Any, Any], result: Result,
                      outcome: Outcome | None, seconds: float | None = None) -> str | None:
        """Add the deal to the statistics (the followed deal, with its clock, unless ``seconds``
        is given: a deal put aside); returns what went wrong, to be told, if anything."""
        if seconds is None:
            seconds = self._stats_seconds()
            self._stats_elapsed, self._stats_clock = seconds, None
            self._clock_sync()
        if not self._record_stats:
            return None
        seat = session.human_seats[0] if session.human_seats else 0
        score = outcome.scores[seat] if outcome is not None and seat < len(outcome.scores) else None
        try:
            stored = self.stats.record_game(session.game.info.id, session.seed, session.options,
                                            result is Result.WON, session.move_count, seconds,
                                            score, result=result)
        except CompendiumError as exc:
            return f"This deal could not be added to the statistics: {exc}."
        if self.stats.notice != self._stats_notice_told:     # the file was set aside meanwhile
            self._stats_notice_told = self.stats.notice
            return self.stats.notice
        if not stored:
            return (f"This deal could not be written to the statistics yet ({self.stats.last_error}); "
                    "it is kept and written with the next one.")
        return None

    # -- the clock of the status line (the statistics' own): held while the window is hidden,
    # minimised or replaying an example; stopped when the deal ends.

    def _clock_sync(self) -> None:
        session = self._stats_session
        live = (session is not None and self._stats_started and not self._stats_done
                and session.outcome() is None)
        run = live and not self._clock_holds
        if run and self._stats_clock is None:
            self._stats_clock = time.monotonic()
        elif not run and self._stats_clock is not None:
            self._stats_elapsed += time.monotonic() - self._stats_clock
            self._stats_clock = None
        if run and not self._clock_timer.isActive():
            self._clock_timer.start()
        elif not run and self._clock_timer.isActive():
            self._clock_timer.stop()
        self._show_status_line()

    def _hold_clock(self, reason: str, on: bool) -> None:
        if on:
            self._clock_holds.add(reason)
        else:
            self._clock_holds.discard(reason)
        self._clock_sync()

    @property
    def clock_running(self) -> bool:
        return self._stats_clock is not None

    def clock_seconds(self) -> float:
        """The time played in the deal on the table, as the status line shows it."""
        session = self._playing()
        return self._stats_seconds() if session is not None and session is self._stats_session else 0.0

    def _show_status_line(self) -> None:
        session = self._playing()
        if session is None:
            playable = registry.status(self._game_id) is Status.PLAYABLE
            text = "Example of the book" if self._replay is not None else "" if playable else "Rules only"
        else:
            moves = session.move_count
            parts = [f"{moves} move{'s' if moves != 1 else ''}", f"Time {format_clock(self.clock_seconds())}"]
            score = score_text(session)
            if score:
                parts.append(score)
            text = "   ·   ".join(parts)
        self.status_line.setText(text)

    # Statistics: end
    # ==========================================================================================

    def _refresh(self) -> None:
        """Bring the title, the actions, the Options menu and the deal label up to date."""
        session = self._playing()
        playable = registry.status(self._game_id) is Status.PLAYABLE
        live = session is not None and session.outcome() is None
        self.act_undo.setEnabled(session is not None and session.can_undo)
        self.act_redo.setEnabled(session is not None and session.can_redo)
        self.act_hint.setEnabled(live)
        self.act_winnable.setEnabled(live)
        self.act_restart.setEnabled(session is not None)
        self.act_stats.setEnabled(playable)   # statistics
        for action in (self.act_new, self.act_deal_number):
            action.setEnabled(playable)
        self.act_save.setEnabled(session is not None)
        self.act_save_as.setEnabled(session is not None)
        self.act_demo.setEnabled(session is not None)
        replaying = self._replay is not None
        for action in (self.act_replay_next, self.act_replay_back, self.act_replay_close):
            action.setEnabled(replaying)
        if replaying:
            self.act_undo.setEnabled(False)
            self.act_redo.setEnabled(False)
        self._sync_demo_action()
        if session is not self._menu_session or session is None:
            self._build_options_menu(session)
            self._build_computer_menu(session)
            self._build_table_menu()
            self._sync_game_actions(session)

        dealt = registry.info(self._game_id).chance is Chance.DEAL
        self.act_new.setText("&New deal" if dealt else "&New game")
        self.act_new.setIconText("New deal" if dealt else "New game")
        self.act_restart.setText("&Restart this deal" if dealt else "&Restart this game")
        # The platform adds the application's name (its display name) to the title where it
        # shows one: the title itself does not repeat it.
        name = registry.info(self._game_id).name
        if session is not None:
            self.setWindowTitle(f"{name} — deal {session.seed}" if dealt else name)
        elif self._replay is not None:
            self.setWindowTitle(f"{name} — {self._replay.title}")
        else:
            self.setWindowTitle(name)
        self._show_status_line()

    def _sync_game_actions(self, session: Session[Any, Any] | None) -> None:
        """The Edit menu lists only what the game on show can use: the solver, its live
        indicator, sending cards home and click-to-move belong to a patience's table."""
        game = session.game if session is not None else None
        controller = self.table.controller
        patience = game is not None and game.table_kind is TableKind.PATIENCE
        homes = (patience and controller is not None
                 and type(controller).auto_move is not TableController.auto_move)
        clicks = patience or bool(getattr(controller, "click_to_move_applies", False))
        self.act_winnable.setVisible(patience)
        self.act_live.setVisible(patience and game is not None and game.info.information is Information.PERFECT)
        self.act_auto.setVisible(homes)
        self.act_click.setVisible(clicks)

    def _build_options_menu(self, session: Session[Any, Any] | None) -> None:
        self._menu_session = session
        self.options_menu.clear()
        specs = session.game.option_specs if session is not None else ()
        self.options_menu.setEnabled(bool(specs))
        if session is None:
            return
        for spec in specs:
            sub = self.options_menu.addMenu(spec.label)
            sub.setObjectName(f"menuOption_{spec.name}")
            if spec.help:
                sub.setToolTip(spec.help)
            group = QActionGroup(sub)
            group.setExclusive(True)
            labels = spec.labels if len(spec.labels) == len(spec.choices) else tuple(map(str, spec.choices))
            for choice, label in zip(spec.choices, labels):
                action = QAction(label, sub)
                action.setObjectName(f"actionOption_{spec.name}_{choice}")
                action.setCheckable(True)
                action.setChecked(session.options.get(spec.name) == choice)
                # triggered, not toggled: only the reader's choice deals anew, not our setChecked.
                action.triggered.connect(lambda _checked=False, n=spec.name, c=choice: self.set_option(n, c))
                group.addAction(action)
                sub.addAction(action)

    def _build_computer_menu(self, session: Session[Any, Any] | None) -> None:
        menu = self.computer_menu
        menu.clear()
        menu.setEnabled(session is not None)
        if session is None:
            return
        strength = QActionGroup(menu)
        for level, label in ai_registry.computer_levels(session.game).items():
            action = QAction(label, menu)
            action.setObjectName(f"actionLevel{level}")
            action.setCheckable(True)
            action.setChecked(self.table.level == level)
            action.triggered.connect(lambda _checked=False, lv=level: self.set_level(lv))
            strength.addAction(action)
            menu.addAction(action)
        game = session.game
        seats = game.seat_count(session.state)
        if seats > 1:
            menu.addSeparator()
            sides = QActionGroup(menu)
            for seat in range(seats):
                action = QAction(f"You play {game.seat_name(seat)}", menu)
                action.setObjectName(f"actionSeat{seat}")
                action.setCheckable(True)
                action.setChecked(seat in session.human_seats)
                action.triggered.connect(lambda _checked=False, st=seat: self.set_human_seat(st))
                sides.addAction(action)
                menu.addAction(action)

    def _build_table_menu(self) -> None:
        for action in self._table_actions:
            self.removeAction(action)
        self._table_actions = []
        self.table_menu.clear()
        controller = self.table.controller
        commands = controller.extra_actions() if controller is not None and self._playing() else []
        for label, shortcut, callback in commands:
            action = self._action(f"actionTable_{len(self._table_actions)}", label,
                                  lambda _checked=False, cb=callback: cb(),
                                  [QKeySequence(shortcut)] if shortcut else None)
            self._table_actions.append(action)
            self.table_menu.addAction(action)
        self.table_menu.menuAction().setVisible(bool(commands))

    # ==========================================================================================
    # "Show me": the books' worked examples replayed on the table, step by step

    @property
    def replay(self) -> Example | None:
        """The example being replayed, if any."""
        return self._replay

    @property
    def replay_step(self) -> int:
        return self._replay_step

    def show_example(self, game_id: str, name: str, step: int = 0) -> str | None:
        """Replay the worked example ``game_id/name`` on the table from ``step``.  The player's
        own game is put aside (not autosaved over, not counted) and comes back when the example
        is closed.  Returns what went wrong, if anything (also said in the status bar)."""
        from ..reference.worked_examples import ExampleError, load_example
        try:
            example = load_example(game_id, name)
            if registry.status(example.game) is not Status.PLAYABLE:
                raise ExampleError(f"{registry.info(example.game).name} has no table yet, so its "
                                   "examples can only be read")
            first = example.session_at(min(max(step, 0), len(example.steps) - 1))
        except CompendiumError as exc:
            problem = str(exc)[:1].upper() + str(exc)[1:] + "."
            self.show_message(problem)
            return problem
        if self._replay is None:
            self._replay_kept = (self._game_id, self.table.session)
            # statistics: the player's clock stops while the book's example plays
            self._hold_clock("replay", True)
        self._replay = example
        self._replay_step = min(max(step, 0), len(example.steps) - 1)
        self.table.set_replaying(True)
        self._game_id = example.game
        self.library.select(example.game)
        self.table_stack.setCurrentIndex(_PAGE_TABLE)
        self._show_rules_pane(True)
        self.rules.show_game(example.game, example.anchor)
        self.replay_bar.title.setText(f"Show me: {example.title}")
        self.replay_bar.show()
        self.table.load_session(first)
        self._show_replay_step()
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        return None

    def replay_next(self) -> None:
        self._replay_go(self._replay_step + 1)

    def replay_back(self) -> None:
        self._replay_go(self._replay_step - 1)

    def _replay_go(self, index: int) -> None:
        example = self._replay
        if example is None or not 0 <= index < len(example.steps):
            return
        forward = index > self._replay_step
        self._replay_step = index
        wanted = example.record.actions[:example.steps[index].after]
        # Forward, the cards move as in play; back (or if the history differs), the position is
        # set up afresh from the record.
        if not (forward and self.table.replay_advance(wanted)):
            try:
                self.table.load_session(example.session_at(index))
            except CompendiumError as exc:   # checked when loaded: only a changed game gets here
                self.show_message(f"The example cannot go on: {exc}.")
                return
        self._show_replay_step()

    def _show_replay_step(self) -> None:
        example = self._replay
        assert example is not None
        step = example.steps[self._replay_step]
        count = len(example.steps)
        self.replay_bar.step.setText(f"Step {self._replay_step + 1} of {count}")
        self.replay_bar.caption.setText(step.caption)
        self.replay_bar.back.setEnabled(self._replay_step > 0)
        self.replay_bar.next.setEnabled(self._replay_step < count - 1)
        if self.rules.game_id != example.game:
            self.rules.show_game(example.game)
        if step.quote:
            self.rules.mark_phrase(step.quote)
        else:
            self.rules.clear_mark()
        self.show_message(step.caption)
        self._refresh()

    def close_replay(self) -> None:
        """Close the example and bring back the player's own game as it was."""
        if self._replay is None:
            return
        gid = self._leave_replay()
        self.choose_game(gid)

    def _leave_replay(self) -> str:
        """End the replay, put the player's game back on the table; returns its game id."""
        kept_gid, kept = self._replay_kept or (self._game_id, None)
        self._replay = None
        self._replay_kept = None
        self.replay_bar.hide()
        self.rules.clear_mark()
        self.table.set_replaying(False)
        self._game_id = kept_gid
        self._hold_clock("replay", False)
        if kept is not None:
            self.table.load_session(kept)
        elif registry.status(kept_gid) is Status.PLAYABLE:
            self._deal(kept_gid, None, self.saved_options(kept_gid))
        return kept_gid

    # ==========================================================================================
    # The rules pane following the game, printing and PDF

    def _set_rules_follow(self, on: bool) -> None:
        self.settings.setValue("view/rulesFollow", on)
        if on:
            self._follow_section(self.table.rules_section)

    def _follow_section(self, anchor: str) -> None:
        """Turn the rules pane to the section about the moment, when the reader wants it and the
        pane shows this game's page (not a search, the glossary or another game)."""
        if not anchor or not self.act_follow.isChecked() or self._replay is not None:
            return
        session = self.table.session
        if session is not self._section_session:
            # A game just put on the table: its page opens at the top (its introduction), and
            # follows from the first change on.
            self._section_session = session
            return
        if session is None or session.game.info.id != self._game_id or self.rules.game_id != self._game_id:
            return
        if self.rules_pane.search.text().strip():
            return
        self.rules.scroll_to(anchor)

    def export_rules_pdf(self, path: str | Path) -> str | None:
        """Save the page of the rules pane as a PDF; returns what went wrong, if anything."""
        problem = self.rules.export_pdf(path)
        self.show_message(problem or f"The page “{self.rules.page_title()}” was saved to {Path(path).name}.")
        return problem

    def _ask_export_pdf(self) -> None:
        title = self.rules.page_title()
        safe = "".join(ch if ch.isalnum() or ch in " -_" else " " for ch in title).strip() or "rules"
        suggested = str(Path(self._files_folder()) / f"{safe} - Compendium.pdf")
        name, _ = QFileDialog.getSaveFileName(self, "Export the rules page as PDF", suggested,
                                              "PDF files (*.pdf)")
        if not name:
            return
        if not name.lower().endswith(".pdf"):
            name += ".pdf"
        problem = self.export_rules_pdf(name)
        if problem:
            QMessageBox.warning(self, "Cannot export the page", problem)

    def _ask_print(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.rules.page_title())
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(f"Print “{self.rules.page_title()}”")
        if dialog.exec() == QPrintDialog.DialogCode.Accepted:
            self.rules.print_page(printer)

    # ==========================================================================================
    # Messages and panes

    def show_message(self, text: str, rule: str = "") -> None:
        """Show ``text`` in the status bar; a ``rule`` reference ("game_id#anchor") adds a link
        that opens the rules pane at that law."""
        body = html.escape(text)
        if rule and text:
            body += f' <a href="rule:{html.escape(rule, quote=True)}">(rule)</a>'
        self.status_label.setText(body)
        self.status_label.setToolTip(text)

    def status_text(self) -> str:
        """The status bar's message as plain text."""
        return self.status_label.text()

    def _status_link(self, href: str) -> None:
        if href.startswith("rule:"):
            self.show_rule(href.removeprefix("rule:"))

    def show_rule(self, ref: str) -> None:
        """Open the rules pane at a rule reference such as ``"canfield_or_klondike#spaces"``."""
        game, anchor = split_ref(ref)
        self._show_rules_pane(True)
        self.rules.show_rule(f"{game or self._game_id}#{anchor}")

    def show_rules(self) -> None:
        """Show and focus the rules of the current game (Help > Rules of this game)."""
        self._show_rules_pane(True)
        self.rules.show_game(self._game_id)
        self.rules.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def library_search(self) -> None:
        self._show_library(True)
        self.library.focus_search()

    @property
    def library_open(self) -> bool:
        return self.drawer.is_open()

    def _show_library(self, on: bool) -> None:
        """Open or close the library drawer (Ctrl+L, the toolbar's Games, View > Library)."""
        self.drawer.set_open(on)
        self._drawer_changed(on)

    def _drawer_changed(self, on: bool) -> None:
        self.act_show_library.blockSignals(True)
        self.act_show_library.setChecked(on)
        self.act_show_library.blockSignals(False)
        focus = self.focusWidget()
        if on:
            self.library.tree.setFocus(Qt.FocusReason.OtherFocusReason)
        elif focus is not None and self.drawer.isAncestorOf(focus):
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)   # the keys go back to the table

    def offer_welcome(self) -> None:
        """At start-up: a patience, a card game against the computer or the rules of a game,
        until the player ticks "Don't show this again".  (Not part of ``start``: screenshots
        and scripts start windows too.)"""
        from .welcome import WelcomeDialog, should_show
        if should_show(self.settings):
            dialog = WelcomeDialog(self.settings, self)
            dialog.chosen.connect(self._welcome_chosen)
            dialog.open()

    def _welcome_chosen(self, kind: str, game_id: str) -> None:
        self.choose_game(game_id)
        if kind == "rules":
            self.show_rules()
            self.library_search()

    def search_rules(self) -> None:
        """Show the rules pane and put the cursor in its search field."""
        self._show_rules_pane(True)
        self.rules_pane.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.rules_pane.search.selectAll()

    def show_glossary(self) -> None:
        self._show_rules_pane(True)
        self.rules.show_glossary()

    def _show_rules_pane(self, on: bool) -> None:
        if self.act_show_rules.isChecked() != on:
            self.act_show_rules.setChecked(on)     # -> _toggle_rules_pane
        else:
            self._set_rules_visible(on)

    def _toggle_rules_pane(self, on: bool) -> None:
        """F1, the toolbar's Rules and View > Rules pane: show or hide the rules column.  Shown,
        it turns to this game's page if it was left at another game's (a search or the glossary
        stays)."""
        if on and self._replay is None and self.rules.game_id not in (None, self._game_id):
            self.rules.show_game(self._game_id)
        self._set_rules_visible(on)

    def _set_rules_visible(self, on: bool) -> None:
        if on == (not self.rules_pane.isHidden()):
            return
        if not on:
            self._remember_rules_width()
        self.rules_pane.setVisible(on)
        if on:
            self.fit_panes(self.splitter.width() if self.splitter.width() > 0 else self.width())

    def _set_full_screen(self, on: bool) -> None:
        if on:
            self.showFullScreen()
        else:
            self.showNormal()

    def changeEvent(self, event: QEvent) -> None:
        # Full screen can also be left through the window manager: keep the check mark true.
        if event.type() == QEvent.Type.WindowStateChange:
            self.act_fullscreen.blockSignals(True)
            self.act_fullscreen.setChecked(self.isFullScreen())
            self.act_fullscreen.blockSignals(False)
            self._hold_clock("minimised", self.isMinimized())   # nobody plays a minimised game
        super().changeEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._hold_clock("hidden", True)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._hold_clock("hidden", False)
        if self._problems:
            problems, self._problems = self._problems, []
            QTimer.singleShot(0, lambda: [self._show_problem(title, text) for title, text in problems])

    def report_problem(self, title: str, text: str) -> None:
        """A file that cannot be opened, saved or resumed: said in the status bar (which keeps
        it) and in a dialog (a status bar alone is missed, under another window above all).
        Before the window is shown the dialog waits for it."""
        if self._start_notes is not None:
            self._start_notes.append(text)
        else:
            self.show_message(text)
        if self.isVisible():
            self._show_problem(title, text)
        else:
            self._problems.append((title, text))

    def _show_problem(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setObjectName("problemDialog")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()     # window-modal, not blocking: the start goes on underneath

    def open_preferences(self) -> None:
        """Edit > Preferences: the cards, the cloth and the table's other choices."""
        from . import preferences  # imported when first asked for: not needed to start
        preferences.open_preferences(self, self.table, self.settings)

    def _about(self) -> None:
        books = sorted({info.source for info in registry.all_games()})
        items = "".join(f"<li>{html.escape(book, quote=False)}</li>" for book in books)
        QMessageBox.about(
            self, "About Compendium",
            f"<h3>Compendium {html.escape(compendium.__version__)}</h3>"
            "<p>The games of the old books: the laws of each game beside a live table.</p>"
            f"<p>The rules pages are written in our own words after these books:</p><ul>{items}</ul>"
            "<p>Chess is played with <a href=\"https://python-chess.readthedocs.io/\">python-chess</a>"
            " by Niklas Fiekas (GPL-3.0-or-later). The interface is built with Qt for Python.</p>"
            "<p>Compendium is free software, licensed under the GNU General Public License, "
            "version 3 or later (GPL-3.0-or-later).</p>")

    # ==========================================================================================
    # Closing

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._closed:
            self._closed = True
            self.save_settings()
            self.write_autosave()
            self.stats.close()   # statistics
            self.table.shutdown()
        event.accept()
