"""The library: every game of the compendium, grouped by family or as the 1909 book, with search;
and the drawer that slides it over the window's left side when it is wanted."""
from __future__ import annotations

import functools
import html
import unicodedata

from PySide6.QtCore import QEasingCurve, QEvent, QObject, QPoint, QPropertyAnimation, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..core.game import Family, GameInfo
from ..games import registry
from ..games.catalogue import BY_ID, TOC_1909

__all__ = ["LibraryDrawer", "LibraryWidget"]

# Item data roles: the game id of a game row (None on group rows) and its lower-cased search text.
ID_ROLE = Qt.ItemDataRole.UserRole
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 1

BY_FAMILY = "family"
BY_BOOK = "book1909"

_QUIET = QColor("#6b6a60")       # secondary text: counts, "reference", empty chapters
_PLAYABLE = QColor("#2f6b3d")    # the green of the card table, for the "playable" mark


def _fold(text: str) -> str:
    """Lower-cased, without accents, so "bezique" finds "Bézique" and "LUCIE" finds "Lucie"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    if decomposed.isascii():   # most names and summaries: nothing to strip (saves start-up time)
        return decomposed
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _search_text(info: GameInfo) -> str:
    words = [info.name, info.id, info.id.replace("_", " "), info.family.title, info.family.value,
             info.summary, *info.aliases, *(a.replace("_", " ") for a in info.aliases)]
    return _fold(" \n".join(words))


def _short_source(source: str) -> str:
    """"Lady Cadogan, Illustrated Games of Patience (1914)" -> "Lady Cadogan (1914)": the author
    and year fit a narrow pane; the full title is in the tooltip."""
    author, comma, rest = source.partition(",")
    if not comma:
        return source
    year = rest[rest.rfind("("):] if rest.rstrip().endswith(")") else ""
    return f"{author} {year}".strip()


def _tooltip(info: GameInfo, playable: bool) -> str:
    e = functools.partial(html.escape, quote=False)
    state = "Playable on the table" if playable else "Reference: rules only, no table yet"
    aliases = ""
    if info.aliases:
        aliases = "<br><i>Also:</i> " + e(", ".join(a.replace("_", " ") for a in info.aliases))
    return (f"<p style='white-space:pre-wrap'><b>{e(info.name)}</b><br>{e(info.summary)}<br>"
            f"<i>Source:</i> {e(info.source)}{aliases}<br><i>{state}</i></p>")


class _Tree(QTreeWidget):
    """The game list.  Enter chooses the current game; arrow keys only move, so that browsing
    through the list does not deal a new game at every step."""

    chosen = Signal(str)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            item = self.currentItem()
            if item is not None:
                game_id = item.data(0, ID_ROLE)
                if game_id:
                    self.chosen.emit(game_id)
                else:  # a group row: Enter opens or closes it
                    item.setExpanded(not item.isExpanded())
            event.accept()
            return
        super().keyPressEvent(event)


class LibraryWidget(QWidget):
    """The games of the compendium.  ``game_chosen`` is emitted with a game id when the reader
    clicks a game or presses Enter on it (in the list, or in the search field for the first match)."""

    game_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("library")
        self._current: str | None = None

        self.search = QLineEdit(self)
        self.search.setObjectName("librarySearch")
        self.search.setPlaceholderText("Search games…")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Search by name, family, alias or description (Ctrl+F)")
        self.search.textChanged.connect(self._apply_filter)
        self.search.returnPressed.connect(self._choose_first_match)
        self.search.installEventFilter(self)

        self.grouping = QComboBox(self)
        self.grouping.setObjectName("libraryGrouping")
        self.grouping.addItem("By family", BY_FAMILY)
        self.grouping.addItem("As the 1909 book", BY_BOOK)
        self.grouping.setToolTip("Group the games by family, or in the chapters of "
                                 "Hoyle's Games Modernized (1909)")
        self.grouping.currentIndexChanged.connect(self._rebuild)

        self.tree = _Tree(self)
        self.tree.setObjectName("libraryTree")
        self.tree.setColumnCount(2)
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(14)
        self.tree.setStyleSheet("QTreeWidget::item { padding: 2px 0px; }")
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemClicked.connect(self._item_clicked)
        self.tree.chosen.connect(self.game_chosen)

        self.empty = QLabel(self)
        self.empty.setObjectName("libraryEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: #6b6a60; padding: 16px;")
        self.empty.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.search)
        layout.addWidget(self.grouping)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.empty)

        self._playable = set(registry.playable_ids())
        self._rebuild()

    # -- public -----------------------------------------------------------------------------
    def grouping_mode(self) -> str:
        """``"family"`` or ``"book1909"``."""
        return str(self.grouping.currentData())

    def set_grouping_mode(self, mode: str) -> None:
        index = self.grouping.findData(mode)
        if index >= 0:
            self.grouping.setCurrentIndex(index)

    def select(self, game_id: str) -> None:
        """Show ``game_id`` as the current game, without emitting ``game_chosen``."""
        self._current = game_id
        item = self._item_for(game_id)
        if item is not None:
            self.tree.setCurrentItem(item)
            self.tree.scrollToItem(item)

    def visible_game_ids(self) -> list[str]:
        """The ids of the games the list shows now, top to bottom (the search applied)."""
        out: list[str] = []
        for group in self._groups():
            if group.isHidden():
                continue
            for j in range(group.childCount()):
                child = group.child(j)
                if not child.isHidden() and child.data(0, ID_ROLE):
                    out.append(child.data(0, ID_ROLE))
        return out

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # select() ran before the list had its real height and may have scrolled the current game
        # to the very top, hiding its family: show the top of the list if the game is there,
        # else put the game in the middle, among its neighbours.
        item = self.tree.currentItem()
        if item is not None:
            self.tree.scrollToTop()
            if not self.tree.viewport().rect().contains(self.tree.visualItemRect(item)):
                self.tree.scrollToItem(item, QAbstractItemView.ScrollHint.PositionAtCenter)

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    # -- building ---------------------------------------------------------------------------
    def _groups(self) -> list[QTreeWidgetItem]:
        return [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]

    def _item_for(self, game_id: str) -> QTreeWidgetItem | None:
        for group in self._groups():
            for j in range(group.childCount()):
                if group.child(j).data(0, ID_ROLE) == game_id:
                    return group.child(j)
        return None

    def _rebuild(self) -> None:
        self.tree.clear()
        if self.grouping_mode() == BY_BOOK:
            self._build_book()
        else:
            for family in Family:
                games = [info for info in registry.all_games() if info.family is family]
                if games:
                    self._add_group(family.title, games)
        self.tree.expandAll()
        self._apply_filter(self.search.text())
        if self._current is not None:
            self.select(self._current)

    def _build_book(self) -> None:
        covered: set[str] = set()
        for chapter, ids in TOC_1909:
            group = self._add_group(chapter, [BY_ID[i] for i in ids])
            covered.update(ids)
            if not ids:
                # The chapter stays in its place so the book's order reads true, but quietly.
                group.setText(1, "not covered")
                group.setForeground(0, _QUIET)
                group.setToolTip(0, f"The 1909 chapter on {chapter} covers a game that is "
                                    "not in the compendium.")
        # The games from the other books follow, one group per book, in catalogue order.
        others: dict[str, list[GameInfo]] = {}
        for info in registry.all_games():
            if info.id not in covered:
                others.setdefault(info.source, []).append(info)
        for source, games in others.items():
            group = self._add_group(f"From {_short_source(source)}", games)
            group.setToolTip(0, f"Not in the 1909 book: from {source}")

    def _add_group(self, title: str, games: list[GameInfo]) -> QTreeWidgetItem:
        group = QTreeWidgetItem(self.tree, [title, str(len(games)) if games else ""])
        # Group rows are headings, not choices: selectable rows would let Enter "choose" them.
        group.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = QFont(group.font(0))
        font.setBold(True)
        group.setFont(0, font)
        group.setForeground(1, _QUIET)
        group.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        group.setData(0, SEARCH_ROLE, _fold(title))
        for info in games:
            playable = info.id in self._playable
            # A small mark, not a word: the names need the width of a narrow pane.
            item = QTreeWidgetItem(group, [info.name, "▶" if playable else ""])
            item.setData(0, ID_ROLE, info.id)
            item.setData(0, SEARCH_ROLE, _search_text(info))
            tip = _tooltip(info, playable)
            item.setToolTip(0, tip)
            item.setToolTip(1, tip)
            if playable:
                font = QFont(item.font(0))
                font.setBold(True)
                item.setFont(0, font)
                item.setForeground(1, _PLAYABLE)
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return group

    # -- searching and choosing ---------------------------------------------------------------
    def _apply_filter(self, text: str) -> None:
        words = _fold(text).split()
        shown = 0
        for group in self._groups():
            # A group's own title matches too ("whist" lists the Whist chapter's games).
            group_match = bool(words) and all(w in group.data(0, SEARCH_ROLE) for w in words)
            visible_children = 0
            for j in range(group.childCount()):
                child = group.child(j)
                haystack = child.data(0, SEARCH_ROLE)
                match = group_match or all(w in haystack for w in words)
                child.setHidden(not match)
                visible_children += match
            # Empty chapters of the book make sense while browsing, not among search results.
            group.setHidden(visible_children == 0 and (bool(words) or group.childCount() > 0))
            shown += visible_children
        nothing = bool(words) and shown == 0
        self.empty.setText(f"No game matches “{text.strip()}”." if nothing else "")
        self.empty.setVisible(nothing)
        self.tree.setVisible(not nothing)

    def _choose_first_match(self) -> None:
        visible = self.visible_game_ids()
        if visible:
            self.select(visible[0])
            self.game_chosen.emit(visible[0])

    def _item_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        game_id = item.data(0, ID_ROLE)
        if game_id:
            self.game_chosen.emit(game_id)

    def eventFilter(self, watched: object, event: object) -> bool:
        # Down arrow in the search field walks into the results, as in a browser's address bar.
        if (watched is self.search and isinstance(event, QKeyEvent)
                and event.type() == QKeyEvent.Type.KeyPress and event.key() == Qt.Key.Key_Down):
            visible = self.visible_game_ids()
            if visible:
                item = self._item_for(visible[0])
                self.tree.setFocus(Qt.FocusReason.OtherFocusReason)
                self.tree.setCurrentItem(item)
            return True
        return super().eventFilter(watched, event)



class LibraryDrawer(QFrame):
    """The library as a drawer over the left side of ``host`` (the window's central widget): it
    takes no width of its own, so the rules and the table keep the room when it is closed.

    ``set_open`` opens or closes it (sliding when ``animate`` allows); a click elsewhere in
    ``host``'s window, Escape or its close button closes it.  ``open_changed`` tells every change,
    whoever made it, so that a menu's check mark can follow."""

    open_changed = Signal(bool)
    SLIDE_MS = 160

    def __init__(self, library: LibraryWidget, host: QWidget) -> None:
        super().__init__(host)
        self.setObjectName("libraryDrawer")
        self.library = library
        self._host = host
        self._open = False
        self.animate = True
        self.setAutoFillBackground(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setStyleSheet("#libraryDrawer { background-color: palette(window);"
                           " border-right: 2px solid #8f8a77; }"
                           "#libraryDrawerTitle { color: #1f4a2c; font-weight: 600; }")
        title = QLabel("Games", self)
        title.setObjectName("libraryDrawerTitle")
        self.close_button = QToolButton(self)
        self.close_button.setObjectName("libraryDrawerClose")
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Close the library (Escape or Ctrl+L)")
        self.close_button.clicked.connect(lambda: self.set_open(False))
        head = QHBoxLayout()
        head.setContentsMargins(8, 4, 2, 0)
        head.addWidget(title, 1)
        head.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 6, 6)
        layout.setSpacing(0)
        layout.addLayout(head)
        library.setParent(self)
        layout.addWidget(library, 1)
        self._slide = QPropertyAnimation(self, b"pos", self)
        self._slide.setDuration(self.SLIDE_MS)
        self._slide.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._slide.finished.connect(self._slid)
        host.installEventFilter(self)
        self.hide()

    def is_open(self) -> bool:
        return self._open

    def drawer_width(self) -> int:
        """A comfortable list: about a quarter of the window, never most of it."""
        return max(220, min(340, int(self._host.width() * 0.3)))

    def set_open(self, on: bool) -> None:
        if on == self._open:
            return
        self._open = on
        app = QApplication.instance()
        was_visible = self.isVisible()
        self._slide.stop()
        self.resize(self.drawer_width(), self._host.height())
        shut, opened = QPoint(-self.width(), 0), QPoint(0, 0)
        if on:
            if not was_visible:
                self.move(shut)
            self.show()
            self.raise_()
            if app is not None:
                app.installEventFilter(self)    # a click elsewhere closes the drawer
        elif app is not None:
            app.removeEventFilter(self)
        if self.animate and self._host.isVisible():
            # From where it is: fully shut, or part way if it was sliding the other way.
            self._slide.setStartValue(self.pos())
            self._slide.setEndValue(opened if on else shut)
            self._slide.start()
        else:
            self.move(opened if on else shut)
            self.setVisible(on)
        self.open_changed.emit(on)

    def _slid(self) -> None:
        if not self._open:
            self.hide()

    def _place(self) -> None:
        height = self._host.height()
        self.resize(self.drawer_width(), height)
        if self._slide.state() != QPropertyAnimation.State.Running:
            self.move(0 if self._open else -self.width(), 0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._host and event.type() == QEvent.Type.Resize:
            self._place()
        elif (self._open and event.type() == QEvent.Type.MouseButtonPress
              and isinstance(watched, QWidget) and watched.window() is self._host.window()
              and self._host.isAncestorOf(watched) and not self.isAncestorOf(watched)
              and watched is not self):
            # A click on the rules or the table: the player has turned to them.  (The menus and the
            # toolbar are outside ``host``: their Library button toggles the drawer itself.)
            self.set_open(False)
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.set_open(False)
            event.accept()
            return
        super().keyPressEvent(event)
