"""The statistics of one game: the figures, the log of deals, resetting, and playing a deal again."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..statistics.store import DealRecord, GameStats, Result, StatsError, StatsStore

__all__ = ["StatsDialog", "format_time", "format_number"]

NONE = "—"     # a figure that needs a game (or a win) that has not happened yet
COLUMNS = ("Deal", "Result", "Moves", "Time", "Date")
_RESULT_COLOURS = {Result.WON: "#2f6b3d", Result.LOST: "#6d4a2a", Result.ABANDONED: "#7a776c"}


def format_time(seconds: float | None) -> str:
    """``83.4`` -> ``"1:23"``; an hour or more -> ``"1:02:03"``."""
    if seconds is None:
        return NONE
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_number(value: float | None, *, signed: bool = False) -> str:
    """Whole numbers as they are, averages to one decimal place."""
    if value is None:
        return NONE
    sign = "+" if signed else ""
    if float(value).is_integer():
        return f"{int(value):{sign}d}"
    return f"{value:{sign}.1f}"


def _format_date(when: datetime | None) -> str:
    return when.astimezone().strftime("%d %b %Y, %H:%M") if when is not None else NONE


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class _Item(QTableWidgetItem):
    """A cell that sorts by its value (a number, a time) rather than by its text."""

    def __init__(self, text: str, key: Any) -> None:
        super().__init__(text)
        self.key = key
        self.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, _Item):
            try:
                return bool(self.key < other.key)
            except TypeError:
                pass
        return super().__lt__(other)


class StatsDialog(QDialog):
    """The statistics of ``game_id`` in ``store``.  ``deal_requested(seed, options)`` asks the
    window to deal a deal of the log again, with the options it was played with."""

    deal_requested = Signal(object, object)

    def __init__(self, store: StatsStore, game_id: str, game_name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statsDialog")
        self.setWindowTitle(f"Statistics — {game_name}")
        self.store = store
        self.game_id = game_id
        self.game_name = game_name
        self._deals: list[DealRecord] = []
        self.setStyleSheet(
            "#statsDialog { background-color: #fbf8f0; }"
            "#statsTitle { color: #1f4a2c; }"
            "#statsNotice { color: #6d4a2a; background: #f3ead6; border: 1px solid #d8c9a3;"
            " border-radius: 6px; padding: 6px 10px; }"
            "#statsFigures { background: #ffffff; border: 1px solid #ddd6c2; border-radius: 8px; }"
            "#statsFigures QLabel { background: transparent; }"
            "QLabel[role=\"heading\"] { color: #1f4a2c; font-weight: 600; }"
            "QLabel[role=\"name\"] { color: #55564c; }"
            "QLabel[role=\"value\"] { color: #23241f; }"
            "#statsEmpty { color: #7a776c; }")

        serif = QFont("Georgia")
        serif.setStyleHint(QFont.StyleHint.Serif)
        title_font = QFont(serif)
        title_font.setPointSize(17)
        self.title = QLabel(game_name, self)
        self.title.setObjectName("statsTitle")
        self.title.setFont(title_font)

        self.notice = QLabel(self)
        self.notice.setObjectName("statsNotice")
        self.notice.setWordWrap(True)
        self.notice.hide()

        self.values: dict[str, QLabel] = {}
        figures = QFrame(self)
        figures.setObjectName("statsFigures")
        grid = QGridLayout(figures)
        grid.setContentsMargins(18, 14, 18, 14)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(5)
        # Two calm columns: how the games went, and what the wins were like.
        columns = (
            ("Games", (("played", "Played"), ("won", "Won"), ("lost", "Lost"), ("drawn", "Drawn"),
                       ("abandoned", "Given up"), ("win_rate", "Win rate"),
                       ("current_streak", "Current streak"), ("longest_streak", "Longest streak"))),
            ("Wins", (("best_time", "Best time"), ("average_time_to_win", "Average time"),
                      ("best_moves", "Fewest moves"), ("average_moves_to_win", "Average moves"))),
            ("Score", (("best_score", "Best score"), ("average_score", "Average score"))),
        )
        self._score_widgets: list[QWidget] = []
        for col, (heading, rows) in enumerate(columns):
            head = QLabel(heading, figures)
            head.setProperty("role", "heading")
            grid.addWidget(head, 0, col * 3, 1, 2)
            widgets: list[QWidget] = [head]
            for row, (key, text) in enumerate(rows, start=1):
                name = QLabel(text, figures)
                name.setProperty("role", "name")
                value = QLabel(NONE, figures)
                value.setObjectName(f"value_{key}")
                value.setProperty("role", "value")
                value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                grid.addWidget(name, row, col * 3)
                grid.addWidget(value, row, col * 3 + 1)
                self.values[key] = value
                widgets += [name, value]
            if col < len(columns) - 1:
                grid.setColumnMinimumWidth(col * 3 + 2, 22)
            if heading == "Score":
                self._score_widgets = widgets
        grid.setRowStretch(len(columns[0][1]) + 1, 1)

        log_head = QLabel("Deals", self)
        log_head.setProperty("role", "heading")
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("statsLog")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        for index in range(len(COLUMNS) - 1):
            header.setSectionResizeMode(index, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._sync_buttons)
        self.table.itemDoubleClicked.connect(lambda _item: self.play_selected())

        self.empty = QLabel("No deals recorded yet. A deal counts when it is won, when no move "
                            "is left, or when a started deal is given up for another.", self)
        self.empty.setObjectName("statsEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.log_stack = QStackedWidget(self)
        self.log_stack.addWidget(self.table)
        self.log_stack.addWidget(self.empty)

        self.play_button = QPushButton("&Play this deal again", self)
        self.play_button.setObjectName("statsPlayAgain")
        self.play_button.setToolTip("Deal the chosen deal again, with the options it was played with")
        self.play_button.clicked.connect(self.play_selected)
        self.reset_button = QPushButton("&Reset statistics…", self)
        self.reset_button.setObjectName("statsReset")
        self.reset_button.clicked.connect(self.ask_reset)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)

        row = QHBoxLayout()
        row.addWidget(self.play_button)
        row.addWidget(self.reset_button)
        row.addStretch(1)
        row.addWidget(buttons)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 16)
        layout.setSpacing(10)
        layout.addWidget(self.title)
        layout.addWidget(self.notice)
        layout.addWidget(figures)
        layout.addSpacing(4)
        layout.addWidget(log_head)
        layout.addWidget(self.log_stack, 1)
        layout.addLayout(row)
        self.resize(660, 580)
        self.refresh()

    # ------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the figures and the log again from the store."""
        stats = self.store.summary(self.game_id)
        self._deals = self.store.log(self.game_id, limit=None)
        self._show_figures(stats)
        self._show_log()
        problems = [text for text in (self.store.notice, self.store.last_error) if text]
        if self.store.pending:
            problems.append(f"{_plural(self.store.pending, 'result')} could not be written to the "
                            "statistics file yet; another try is made with the next one.")
        self.notice.setText(" ".join(problems))
        self.notice.setVisible(bool(problems))
        self._sync_buttons()

    def _show_figures(self, s: GameStats) -> None:
        rate = f"{s.win_rate:.0%}" if s.win_rate is not None else NONE
        texts = {
            "played": str(s.played),
            "won": str(s.won),
            "lost": str(s.lost),
            "drawn": str(s.drawn),
            "abandoned": str(s.abandoned),
            "win_rate": rate,
            "current_streak": _plural(s.current_streak, "win") if s.played else NONE,
            "longest_streak": _plural(s.longest_streak, "win") if s.played else NONE,
            "best_time": format_time(s.best_time),
            "average_time_to_win": format_time(s.average_time_to_win),
            "best_moves": format_number(s.best_moves),
            "average_moves_to_win": format_number(s.average_moves_to_win),
            "best_score": format_number(s.best_score, signed=True),
            "average_score": format_number(s.average_score, signed=True),
        }
        for key, text in texts.items():
            self.values[key].setText(text)
        # A game without a score (most patiences) shows no empty score column.
        for widget in self._score_widgets:
            widget.setVisible(s.best_score is not None)

    def _show_log(self) -> None:
        table = self.table
        table.setSortingEnabled(False)
        table.setRowCount(len(self._deals))
        for row, deal in enumerate(self._deals):
            cells = (
                _Item(str(deal.seed), deal.seed),
                _Item(deal.result.label, deal.result.value),
                _Item(str(deal.moves), deal.moves),
                _Item(format_time(deal.seconds), deal.seconds),
                _Item(_format_date(deal.finished_at), -row),    # the log's order: newest first
            )
            cells[1].setForeground(QColor(_RESULT_COLOURS[deal.result]))
            tip = ", ".join(f"{k}: {v}" for k, v in sorted(deal.options.items()))
            for col, item in enumerate(cells):
                item.setData(Qt.ItemDataRole.UserRole, row)     # the deal, whatever the sort
                if col in (0, 2, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if tip:
                    item.setToolTip(f"Options: {tip}")
                table.setItem(row, col, item)
        # Sorting on re-sorts by the header's column: the log's own order (the Date column).
        table.horizontalHeader().setSortIndicator(len(COLUMNS) - 1, Qt.SortOrder.DescendingOrder)
        table.setSortingEnabled(True)
        self.log_stack.setCurrentWidget(self.table if self._deals else self.empty)

    def _sync_buttons(self) -> None:
        self.play_button.setEnabled(self.selected_deal() is not None)
        self.reset_button.setEnabled(bool(self._deals))

    # ------------------------------------------------------------------------------------------
    def figures(self) -> dict[str, str]:
        """The figures as shown (for tests and screen readers' sake, by name)."""
        return {key: label.text() for key, label in self.values.items()}

    def selected_deal(self) -> DealRecord | None:
        items = self.table.selectedItems()
        if not items:
            return None
        index = items[0].data(Qt.ItemDataRole.UserRole)
        return self._deals[index] if isinstance(index, int) and 0 <= index < len(self._deals) else None

    def select_row(self, row: int) -> None:
        self.table.selectRow(row)

    def play_selected(self) -> None:
        """Ask for the chosen deal again, and close."""
        deal = self.selected_deal()
        if deal is None:
            return
        self.deal_requested.emit(deal.seed, dict(deal.options))
        self.accept()

    def ask_reset(self) -> None:
        count = len(self._deals)
        if not count:
            return
        answer = QMessageBox.question(
            self, "Reset statistics",
            f"Forget the {_plural(count, 'recorded deal')} of {self.game_name}? "
            "This cannot be undone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if answer == QMessageBox.StandardButton.Yes:
            self.reset()

    def reset(self) -> bool:
        """Forget this game's statistics (no question asked); ``False`` if the file refused."""
        try:
            self.store.reset(self.game_id)
        except StatsError as exc:
            QMessageBox.warning(self, "Reset statistics", f"The statistics could not be reset: {exc}")
            self.refresh()
            return False
        self.refresh()
        return True
