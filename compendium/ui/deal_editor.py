"""The deal editor of the trick-taking games: set every hand (and the turn-up, stock, widow …),
choose the dealer, and start the game from that deal, so a player can study a hand.

The pack is laid out by suit on the left.  Click cards to select them (or drag one) and click a
seat's box on the right (or drop on it) to give them to that seat; each box counts its cards
against what the deal gives it.  "Random rest" deals the cards not yet given at random to the
places still short.  Below, the *hand text* (``compendium/games/tricks/dealtext.py``) follows
every change and may itself be edited or pasted (a PBN deal too, for Auction Bridge); "Read the
text" brings it into the boxes.  OK starts a game from the deal (``Session(..., setup=text)``, so
the record keeps it and undo never goes before it).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDrag,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..core.cards import Card, Suit
from ..core.errors import NotationError
from ..core.rng import SplitMix64, fresh_seed
from ..core.session import Session
from ..games.tricks import dealtext
from ..games.tricks.dealtext import SUIT_ORDER, DealLayout, layout, sort_hand
from .table.card_renderer import aspect, shared_renderer

MIME = "application/x-compendium-card"
CARD_W = 40
PALETTE = ("#2f6f9f", "#a0412d", "#3d7f4a", "#8a5a9e", "#b07d1a", "#2b7b7b", "#8b3f66", "#5b6b2f",
           "#6b4f2f", "#40508a")
GOLD = QColor(212, 175, 55)


class CardTile(QWidget):
    """One card of the pack: click to select it, drag it to a seat; shows whose it is."""

    clicked = Signal(object)

    def __init__(self, card: Card, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.owner: str | None = None
        self.colour = QColor("#555")
        self.selected = False
        self._press: QPoint | None = None
        self.setFixedSize(QSize(CARD_W + 4, int(CARD_W * aspect) + 8))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(card.name)
        self.setAccessibleName(card.name)

    def set_state(self, owner: str | None, colour: QColor, selected: bool) -> None:
        if (owner, colour.name(), selected) != (self.owner, self.colour.name(), self.selected):
            self.owner, self.colour, self.selected = owner, colour, selected
            self.update()

    def paintEvent(self, event: Any) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        lift = 0 if self.selected else 4
        pix = shared_renderer().pixmap(self.card.code, CARD_W, self.devicePixelRatioF())
        painter.setOpacity(0.45 if self.owner is not None and not self.selected else 1.0)
        painter.drawPixmap(2, 2 + lift, pix)
        painter.setOpacity(1.0)
        rect = QRectF(2, 2 + lift, CARD_W, CARD_W * aspect)
        if self.selected or self.hasFocus():
            path = QPainterPath()
            path.addRoundedRect(rect.adjusted(-1, -1, 1, 1), 4, 4)
            painter.setPen(QPen(GOLD if self.selected else QColor(120, 160, 220), 3))
            painter.drawPath(path)
        if self.owner is not None:
            font = QFont("DejaVu Sans")
            font.setPixelSize(11)
            font.setBold(True)
            painter.setFont(font)
            label = "turn" if self.owner == "turn-up" else self.owner[:5]
            w = min(float(CARD_W), QFontMetricsF(font).horizontalAdvance(label) + 10)
            badge = QRectF(rect.center().x() - w / 2, rect.bottom() - 17, w, 15)
            path = QPainterPath()
            path.addRoundedRect(badge, 4, 4)
            painter.fillPath(path, self.colour)
            painter.setPen(QColor("white"))
            painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), label)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or (event.position().toPoint() - self._press).manhattanLength() < 8:
            return
        self._press = None
        drag = QDrag(self)
        mime = QMimeData()
        mime.setData(MIME, self.card.code.encode("ascii"))
        drag.setMimeData(mime)
        drag.setPixmap(shared_renderer().pixmap(self.card.code, CARD_W, self.devicePixelRatioF()))
        drag.exec(Qt.DropAction.MoveAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and event.button() == Qt.MouseButton.LeftButton:
            self._press = None
            self.clicked.emit(self.card)

    def keyPressEvent(self, event: Any) -> None:
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.clicked.emit(self.card)
        else:
            super().keyPressEvent(event)


class PlaceBox(QFrame):
    """A seat's hand (or the turn-up, the stock …): click or drop to give it the chosen cards."""

    chosen = Signal(str)
    dropped = Signal(str, object)

    def __init__(self, label: str, title: str, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.setAcceptDrops(True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("place")
        self.setStyleSheet(f"QFrame#place {{ border: 2px solid {colour}; border-radius: 6px; "
                           "background: #fbf7ea; }")
        box = QVBoxLayout(self)
        box.setContentsMargins(6, 4, 6, 4)
        box.setSpacing(2)
        self.button = QPushButton(title)
        self.button.setStyleSheet(f"QPushButton {{ background: {colour}; color: white; font-weight: bold; "
                                  "border-radius: 4px; padding: 3px 8px; text-align: left; }")
        self.button.setToolTip(f"Give the selected cards to {title}")
        self.button.clicked.connect(lambda: self.chosen.emit(self.label))
        self.cards = QLabel()
        self.cards.setTextFormat(Qt.TextFormat.RichText)
        self.cards.setWordWrap(True)
        self.cards.setMinimumWidth(230)
        box.addWidget(self.button)
        box.addWidget(self.cards)

    def show_cards(self, title: str, cards: Sequence[Card], full: bool, over: bool) -> None:
        self.button.setText(title)
        parts: list[str] = []
        hand = sort_hand(cards)
        if any(c.suit is None for c in hand):
            parts.append("Joker")
        for suit in SUIT_ORDER:
            ranks = " ".join(c.rank.short for c in hand if c.suit is suit)
            if ranks:
                ink = "#b22222" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "#222"
                parts.append(f"<span style='color:{ink}'>{suit.symbol}</span>&nbsp;{ranks}")
        text = " &nbsp; ".join(parts) if parts else "<i style='color:#888'>no cards yet</i>"
        mark = "#b22222" if over else ("#2e7d32" if full else "#555")
        self.cards.setText(f"<span style='color:{mark}'>{text}</span>")

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.chosen.emit(self.label)

    def dragEnterEvent(self, event: Any) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dropEvent(self, event: Any) -> None:
        code = bytes(event.mimeData().data(MIME).data()).decode("ascii")
        event.acceptProposedAction()
        self.dropped.emit(self.label, code)


class DealEditor(QDialog):
    """Set up a deal of ``game`` with ``options``; ``text`` (a hand text) fills it to begin with."""

    def __init__(self, game: Any, options: dict[str, Any], text: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.options = dict(options)
        self.setWindowTitle(f"Set up a deal — {game.info.name}")
        state = game.initial_state(self.options)
        self.n = state.n
        self.dealer = game.first_dealer(self.n)
        self.lay: DealLayout = layout(game, self.options, self.dealer)
        self.owner: dict[Card, str] = {}
        self.given_at: dict[Card, int] = {}   # when each card was given: a pile keeps that order
        self.selected: list[Card] = []
        self.facts: dict[str, Card] = {}
        self._updating = False

        root = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel("Dealer:"))
        self.dealer_box = QComboBox()
        for seat in range(self.n):
            self.dealer_box.addItem(game.seat_name(seat, self.n), seat)
        self.dealer_box.setCurrentIndex(self.dealer)
        self.dealer_box.currentIndexChanged.connect(self._dealer_changed)
        top.addWidget(self.dealer_box)
        top.addSpacing(16)
        self.random_button = QPushButton("Random rest")
        self.random_button.setToolTip("Deal the cards not yet given at random to the places still short")
        self.random_button.clicked.connect(self.random_rest)
        self.back_button = QPushButton("Back to the pack")
        self.back_button.setToolTip("Take the selected cards back from whoever has them")
        self.back_button.clicked.connect(self.unassign_selected)
        self.clear_button = QPushButton("Clear")
        self.clear_button.clicked.connect(self.clear)
        for b in (self.random_button, self.back_button, self.clear_button):
            top.addWidget(b)
        top.addStretch(1)
        root.addLayout(top)

        middle = QHBoxLayout()
        pack = QFrame()
        pack.setObjectName("pack")
        pack.setStyleSheet("QFrame#pack { background: #1f4d33; border-radius: 8px; }")
        grid = QGridLayout(pack)
        grid.setSpacing(2)
        grid.setContentsMargins(8, 8, 8, 8)
        self.tiles: dict[Card, CardTile] = {}
        rows: dict[Suit | None, list[Card]] = {}
        for card in self.lay.pack:
            rows.setdefault(card.suit, []).append(card)
        row = 0
        for suit in [None, *SUIT_ORDER]:
            cards = sort_hand(rows.get(suit, []))
            for col, card in enumerate(cards):
                if card in self.tiles:
                    continue          # a pack with a card twice: one tile (no game has one yet)
                tile = CardTile(card)
                tile.clicked.connect(self.toggle)
                self.tiles[card] = tile
                grid.addWidget(tile, row, col)
            if cards:
                row += 1
        middle.addWidget(pack, 0, Qt.AlignmentFlag.AlignTop)
        self.places_column = QVBoxLayout()
        self.places_column.setSpacing(6)
        self.boxes: dict[str, PlaceBox] = {}
        for k, place in enumerate(self.lay.places):
            box = PlaceBox(place.label, place.label, PALETTE[k % len(PALETTE)])
            box.chosen.connect(self.give_selected)
            box.dropped.connect(self._dropped)
            self.boxes[place.label] = box
            self.places_column.addWidget(box)
        self.places_column.addStretch(1)
        middle.addLayout(self.places_column, 1)
        root.addLayout(middle)

        root.addWidget(QLabel("The deal as text (paste one here and read it, or copy it to keep):"))
        self.text = QPlainTextEdit()
        mono = QFont("DejaVu Sans Mono")
        mono.setPixelSize(13)
        self.text.setFont(mono)
        self.text.setMinimumHeight(120)
        self.text.setMaximumHeight(200)
        self.text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        root.addWidget(self.text)
        row_buttons = QHBoxLayout()
        self.read_button = QPushButton("Read the text")
        self.read_button.clicked.connect(self.read_text)
        self.copy_button = QPushButton("Copy the text")
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text.toPlainText()))
        self.paste_button = QPushButton("Paste and read")
        self.paste_button.clicked.connect(self.paste)
        for b in (self.read_button, self.copy_button, self.paste_button):
            row_buttons.addWidget(b)
        row_buttons.addStretch(1)
        root.addLayout(row_buttons)
        self.message = QLabel()
        self.message.setWordWrap(True)
        root.addWidget(self.message)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Play this deal")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        root.addWidget(self.buttons)
        if text:
            self.load_text(text)
        self.refresh()

    # -- the model ------------------------------------------------------------------------------
    def colour_of(self, label: str) -> QColor:
        k = next(i for i, p in enumerate(self.lay.places) if p.label == label)
        return QColor(PALETTE[k % len(PALETTE)])

    def cards_of(self, label: str) -> list[Card]:
        """A place's cards in the order given (a stock or talon is dealt in that order)."""
        cards = [c for c in self.lay.pack if self.owner.get(c) == label]
        return sorted(cards, key=lambda c: self.given_at.get(c, 0))

    def _assign(self, card: Card, label: str) -> None:
        self.owner[card] = label
        self.given_at[card] = len(self.given_at) + max(self.given_at.values(), default=0) + 1

    def toggle(self, card: Card) -> None:
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
        self.refresh()

    def give(self, label: str, cards: Sequence[Card]) -> None:
        for card in cards:
            self._assign(card, label)
        self.refresh(write=True)

    def give_selected(self, label: str) -> None:
        if not self.selected:
            self.message.setText(f"Select cards in the pack first, then click {label}'s box.")
            return
        chosen, self.selected = list(self.selected), []
        self.give(label, chosen)

    def _dropped(self, label: str, code: str) -> None:
        card = next(c for c in self.tiles if c.code == code)
        chosen = list(self.selected) if card in self.selected else [card]
        self.selected = [c for c in self.selected if c not in chosen]
        self.give(label, chosen)

    def unassign_selected(self) -> None:
        for card in self.selected:
            self.owner.pop(card, None)
        self.selected = []
        self.refresh(write=True)

    def clear(self) -> None:
        self.owner.clear()
        self.selected = []
        self.refresh(write=True)

    def random_rest(self) -> None:
        """Deal the cards no place has yet, at random, to the places still short."""
        rng = SplitMix64(fresh_seed())
        left = [c for c in self.lay.pack if c not in self.owner]
        for j in range(len(left) - 1, 0, -1):
            r = rng.below(j + 1)
            left[j], left[r] = left[r], left[j]
        for place in self.lay.places:
            short = self.lay.capacity(place.label) - len(self.cards_of(place.label))
            for card in left[:max(0, short)]:
                self._assign(card, place.label)
            left = left[max(0, short):]
        self.refresh(write=True)

    def _dealer_changed(self, index: int) -> None:
        if self._updating:
            return
        self.set_dealer(int(self.dealer_box.itemData(index)))

    def set_dealer(self, seat: int) -> None:
        self.dealer = seat
        self.lay = layout(self.game, self.options, seat)
        if self.dealer_box.currentIndex() != seat:
            self.dealer_box.setCurrentIndex(seat)
        self.refresh(write=True)

    # -- the text ---------------------------------------------------------------------------------
    def current_text(self) -> str:
        """The hand text of the boxes as they stand (a hand's line includes its turn-up)."""
        cards: dict[str, list[Card]] = {p.label: self.cards_of(p.label) for p in self.lay.places}
        tu = self.lay.turnup
        if tu is not None and tu.within is not None:
            cards[tu.within] = cards[tu.within] + cards[tu.label]
        return dealtext.text_from_places(self.game, self.lay, cards, self.facts)

    def problem(self) -> str | None:
        """Why the boxes are not yet a deal, or ``None``."""
        try:
            dealtext.read_places(self.game, self.current_text(), self.options)
        except NotationError as exc:
            return str(exc)
        return None

    def load_text(self, text: str) -> bool:
        """Fill the boxes from a hand text (or a PBN deal where the game takes one)."""
        try:
            if self.game.info.id in dealtext.PBN_GAMES and dealtext.is_pbn(text):
                text = dealtext.pbn_to_text(self.game, text)
            lay, cards, facts = dealtext.read_places(self.game, text, self.options)
        except NotationError as exc:
            self.message.setText(f"<span style='color:#b22222'>The text was not read: {exc}</span>")
            return False
        self.lay = lay
        self.dealer = lay.dealer
        self.facts = facts
        self.owner, self.given_at = {}, {}
        tu = lay.turnup
        for label, given in cards.items():
            for card in given:
                if card not in self.owner:
                    self._assign(card, label)
        if tu is not None:
            self.owner[cards[tu.label][0]] = tu.label
        self.selected = []
        self._updating = True
        self.dealer_box.setCurrentIndex(self.dealer)
        self._updating = False
        self.refresh(write=True)
        self.message.setText("The text was read into the boxes.")
        return True

    def read_text(self) -> None:
        self.load_text(self.text.toPlainText())

    def paste(self) -> None:
        self.text.setPlainText(QGuiApplication.clipboard().text())
        self.read_text()

    def setup_text(self) -> str:
        return self.current_text()

    # -- showing ----------------------------------------------------------------------------------
    def refresh(self, write: bool = False) -> None:
        for card, tile in self.tiles.items():
            label = self.owner.get(card)
            colour = self.colour_of(label) if label is not None else QColor("#555")
            tile.set_state(label, colour, card in self.selected)
        for place in self.lay.places:
            box = self.boxes[place.label]
            have = self.cards_of(place.label)
            cap = self.lay.capacity(place.label)
            if place.kind == "hand":
                title = f"{place.label} — {len(have)} of {cap}"
                tu = self.lay.turnup
                if tu is not None and tu.within == place.label:
                    title += " and the turn-up"
                if place.seat == self.dealer and place == next(h for h in self.lay.hands if h.seat == self.dealer):
                    title += "  · dealer"
            elif place.kind == "turn-up":
                title = "Turn-up" + (f" (the dealer's last card, {place.within}'s)" if place.within else "")
            else:
                title = f"{place.label.capitalize()} — {len(have)} of {cap}"
                title += " (left empty: dealt at random)" if not have else ""
            box.show_cards(title, have, len(have) == cap, len(have) > cap)
        unplaced = sum(1 for c in self.lay.pack if c not in self.owner)
        if write:
            self.text.setPlainText(self.current_text())
        problem = self.problem()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(problem is None)
        if problem is None:
            self.message.setText("The deal is complete: “Play this deal” starts the game from it.")
        elif self.selected:
            self.message.setText(f"{len(self.selected)} selected: click a box to give "
                                 f"{'it' if len(self.selected) == 1 else 'them'}.")
        else:
            self.message.setText(f"{unplaced} card{'s' if unplaced != 1 else ''} still in the pack. "
                                 f"<span style='color:#8a5a00'>{problem}</span>")


# -- the table's commands ----------------------------------------------------------------------------
def start_deal(table: Any, text: str) -> bool:
    """Start a new game on ``table`` from the deal ``text``, the same options and seats; a text
    that is no deal is reported in the status bar and the game on the table stays."""
    session = table.session
    game = session.game
    try:
        new = Session(game, session.options, human_seats=session.human_seats, setup=text)
    except NotationError as exc:
        reason = str(exc)
        table.say(f"The deal was not set up: {reason[:1].lower()}{reason[1:]}", _deal_rule(game))
        return False
    table.load_session(new, deal_animation=True)
    table.say("The deal is set up. Undo goes back to it, never before it; the next deals are "
              "shuffled as usual.", _deal_rule(game))
    return True


def _deal_rule(game: Any) -> str:
    anchor = game.page_section("the-deal", "dealing")
    return game.ref(anchor) if anchor is not None else ""


def edit_deal(table: Any) -> bool:
    """The editor, filled with the deal on the table; OK starts a game from the deal chosen."""
    session = table.session
    game = session.game
    try:
        text: str | None = game.hand_text(session.state)
    except ValueError:
        text = None
    dialog = DealEditor(game, session.options, text, parent=table)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    return start_deal(table, dialog.setup_text())


def copy_deal(table: Any) -> str:
    """Copy the deal on the table (its hands as dealt) to the clipboard as a hand text."""
    session = table.session
    try:
        text = session.game.hand_text(session.state)
    except ValueError as exc:
        table.say(f"Nothing was copied: {exc}.", "")
        return ""
    QGuiApplication.clipboard().setText(text)
    table.say("The deal's hands are copied as text: “Set up a deal…” reads them back.", "")
    return text


def copy_pbn(table: Any) -> str:
    """Copy the deal on the table as PBN tags (Auction Bridge)."""
    session = table.session
    try:
        text = dealtext.pbn_text(session.game, session.state)
    except ValueError as exc:
        table.say(f"Nothing was copied: {exc}.", "")
        return ""
    QGuiApplication.clipboard().setText(text)
    table.say("The deal is copied as PBN ([Dealer] and [Deal] tags).", "")
    return text


def deal_actions(table: Any, game: Any) -> list[tuple[str, str | None, Any]]:
    """The Game menu's commands for deals, for the trick table's ``extra_actions``."""
    actions: list[tuple[str, str | None, Any]] = [
        ("Set up a deal…", None, lambda: edit_deal(table)),
        ("Copy this deal as text", None, lambda: copy_deal(table)),
    ]
    if game.info.id in dealtext.PBN_GAMES:
        actions.append(("Copy this deal as PBN", None, lambda: copy_pbn(table)))
    return actions
