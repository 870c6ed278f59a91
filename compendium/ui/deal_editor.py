"""The deal editor of the trick-taking games: set every hand (and the turn-up, stock, widow …),
choose the dealer, and start the game from that deal, so a player can study a hand.

The pack is laid out by suit on the left.  Click cards to select them (or drag one) and click a
seat's box on the right (or drop on it) to give them to that seat; each box counts its cards
against what the deal gives it.  "Random rest" deals the cards not yet given at random to the
places still short.  Below, the *hand text* (``compendium/games/tricks/dealtext.py``) follows
every change and may itself be edited or pasted (a PBN deal too, for Auction Bridge); "Read the
text" brings it into the boxes (and typing in it is read as you go: an error is shown under the
text and its line marked).  OK starts a game from the deal (``Session(..., setup=text)``, so the
record keeps it and undo never goes before it).

A position in the middle of a hand: the text may go on with the play so far (``play:``, then
``calls: …`` and ``trick N: …`` lines; see ``dealtext``).  The boxes then show the cards already
played struck through, the line above the text says where the play stands, and OK starts the game
there.  Opened from a table in the middle of a hand, the editor offers "Take the table's position"
(the deal and the play so far, as "Copy this deal as text" writes it); "Start at the deal" drops
the play again.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QRectF, QSize, Qt, QTimer, Signal
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
    QTextCursor,
    QTextFormat,
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
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from ..core.cards import Card, Suit
from ..core.errors import NotationError
from ..core.rng import SplitMix64, fresh_seed
from ..core.session import Session
from ..games.tricks import dealtext
from ..games.tricks.dealtext import SUIT_ORDER, DealLayout, HandTextError, layout, sort_hand
from ..games.tricks.engine import Discard, Play
from .par_table import attach as attach_par_table
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
        self.cards.setMinimumWidth(250)
        box.addWidget(self.button)
        box.addWidget(self.cards)

    def show_cards(self, title: str, cards: Sequence[Card], full: bool, over: bool,
                   gone: frozenset[Card] = frozenset()) -> None:
        """The cards suit by suit; those ``gone`` (played or put out in the play so far) are
        struck through in grey, so the box shows the hand as it stands in the position."""
        self.button.setText(title)
        parts: list[str] = []
        hand = sort_hand(cards)

        def rank(card: Card) -> str:
            text = "Joker" if card.suit is None else card.rank.short
            return f"<s style='color:#9a9a9a'>{text}</s>" if card in gone else text

        jokers = [c for c in hand if c.suit is None]
        if jokers:
            parts.append(" ".join(rank(c) for c in jokers))
        for suit in SUIT_ORDER:
            ranks = " ".join(rank(c) for c in hand if c.suit is suit)
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
    """Set up a deal of ``game`` with ``options``; ``text`` (a hand text, perhaps with the play so
    far) fills it to begin with; ``position``, the text of the table's position in the middle of
    a hand, is offered by "Take the table's position"."""

    def __init__(self, game: Any, options: dict[str, Any], text: str | None = None,
                 parent: QWidget | None = None, position: str | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.options = dict(options)
        self.position = position if position and dealtext.read_play_lines(position) else None
        self.setWindowTitle(f"Set up a deal — {game.info.name}")
        state = game.initial_state(self.options)
        self.n = state.n
        self.dealer = game.first_dealer(self.n)
        self.lay: DealLayout = layout(game, self.options, self.dealer)
        self.owner: dict[Card, str] = {}
        self.given_at: dict[Card, int] = {}   # when each card was given: a pile keeps that order
        self.selected: list[Card] = []
        self.facts: dict[str, Card] = {}
        self.play = ""                        # the play so far, as the text writes it ("" none)
        self.gone: frozenset[Card] = frozenset()   # cards played or put out in that play
        self.text_error: str | None = None    # why the text as typed cannot be read, if so
        self._updating = False
        self._writing = False

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

        # Where the play stands: the deal alone, or a position in the hand.
        play_row = QHBoxLayout()
        self.play_label = QLabel()
        self.play_label.setWordWrap(True)
        self.play_label.setTextFormat(Qt.TextFormat.RichText)
        play_row.addWidget(self.play_label, 1)
        self.position_button = QPushButton("Take the table's position")
        self.position_button.setToolTip("The deal on the table and the play so far: start the study "
                                        "where the game stands now")
        self.position_button.clicked.connect(self.take_position)
        self.position_button.setVisible(self.position is not None)
        self.deal_button = QPushButton("Start at the deal")
        self.deal_button.setToolTip("Drop the play lines: the game starts with the first call")
        self.deal_button.clicked.connect(self.start_at_deal)
        play_row.addWidget(self.position_button)
        play_row.addWidget(self.deal_button)
        root.addLayout(play_row)

        root.addWidget(QLabel("The deal as text — type, paste or copy it; after the hands, "
                              "“play:” may give the calls and the tricks so far:"))
        self.text = QPlainTextEdit()
        mono = QFont("DejaVu Sans Mono")
        mono.setPixelSize(13)
        self.text.setFont(mono)
        self.text.setMinimumHeight(180)
        # wide enough for a hand text's longest lines (a play line is wrapped near 75 characters)
        self.text.setMinimumWidth(int(QFontMetricsF(mono).horizontalAdvance("M" * 78)) + 24)
        self.text.setMaximumHeight(320)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.text.setToolTip("play:\n  calls: A pass, Y 1nt, B pass …\n  trick 1: B ♥4, Z ♥7, A ♥K, Y ♥2\n"
                             "  trick 2: A ♠Q\n(each seat's letter, then its call or card; the "
                             "last trick may be unfinished)")
        self.text.textChanged.connect(self._typed)
        root.addWidget(self.text)
        # The text is read as it is typed, a moment after the last key.
        self._read_timer = QTimer(self)
        self._read_timer.setSingleShot(True)
        self._read_timer.setInterval(400)
        self._read_timer.timeout.connect(lambda: self.load_text(self.text.toPlainText(), write=False))
        row_buttons = QHBoxLayout()
        self.read_button = QPushButton("Read the text")
        self.read_button.clicked.connect(self.read_text)
        self.copy_button = QPushButton("Copy the text")
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text.toPlainText()))
        self.paste_button = QPushButton("Paste and read")
        self.paste_button.clicked.connect(self.paste)
        for b in (self.read_button, self.copy_button, self.paste_button):
            row_buttons.addWidget(b)
        self.par_table = attach_par_table(self, row_buttons)   # the whist-pack games of four
        row_buttons.addStretch(1)
        root.addLayout(row_buttons)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
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
        self.play = ""
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

    # -- the play so far --------------------------------------------------------------------------
    def take_position(self) -> None:
        """The table's position: its deal and the play so far."""
        if self.position is not None:
            self._write(self.position)
            self.load_text(self.position)

    def start_at_deal(self) -> None:
        """Drop the play: the game starts at the deal, with the first call."""
        self.play = ""
        self.refresh(write=True)
        self.message.setText("The play was dropped: the game starts at the deal.")

    def position_summary(self, state: Any, actions: Sequence[Any]) -> str:
        """Where the play of the text stands, in words: the deal alone, or after how many calls
        and tricks, and who is next."""
        if not actions:
            return "<b>Play so far:</b> none — the game starts at the deal."
        out = sum(1 for a in actions if isinstance(a, Discard))
        calls = sum(1 for a in actions if not isinstance(a, (Play, Discard)))
        parts = [f"{calls} call{'s' if calls != 1 else ''}"] if calls else []
        if out:
            parts.append(f"{out} card{'s' if out != 1 else ''} put out")
        if state.tricks:
            parts.append(f"{len(state.tricks)} trick{'s' if len(state.tricks) != 1 else ''}")
        if state.trick:
            parts.append(f"{len(state.trick)} card{'s' if len(state.trick) != 1 else ''} of "
                         f"trick {len(state.tricks) + 1}")
        seat = self.game.to_move(state)
        who = ""
        if isinstance(seat, int):
            name = self.game.seat_name(seat, self.n)
            if state.phase != "play":
                who = f"; {name} to call"
            else:
                holder = self.game.players_in_trick(state)[len(state.trick)]
                who = f"; {name} to play" + (
                    "" if holder == seat else f" from {self.game.seat_name(holder, self.n)}'s hand")
        return f"<b>Play so far:</b> {', '.join(parts)}{who}. The game starts from this position."

    # -- the text ---------------------------------------------------------------------------------
    def deal_part(self) -> str:
        """The hand text of the boxes as they stand (a hand's line includes its turn-up)."""
        cards: dict[str, list[Card]] = {p.label: self.cards_of(p.label) for p in self.lay.places}
        tu = self.lay.turnup
        if tu is not None and tu.within is not None:
            cards[tu.within] = cards[tu.within] + cards[tu.label]
        return dealtext.text_from_places(self.game, self.lay, cards, self.facts)

    def current_text(self) -> str:
        """The boxes' deal and the play so far."""
        return self.deal_part() + self.play

    def problem(self) -> str | None:
        """Why the boxes (and the play) are not yet a position, or ``None``."""
        try:
            dealtext.read_places(self.game, self.deal_part(), self.options)
            if self.play:
                dealtext.setup_with_play(self.game, self.current_text(), self.options)
        except NotationError as exc:
            return str(exc)
        return None

    def load_text(self, text: str, write: bool = True) -> bool:
        """Fill the boxes from a hand text (or a PBN deal where the game takes one), with its play
        so far; ``write`` puts the text back in its usual form (not while the player types)."""
        self._read_timer.stop()
        try:
            if self.game.info.id in dealtext.PBN_GAMES and dealtext.is_pbn(text):
                text = dealtext.pbn_to_text(self.game, text)
            lay, cards, facts = dealtext.read_places(self.game, text, self.options)
            play = dealtext.play_section(self.game, text, self.options)
        except NotationError as exc:
            self.show_text_error(text, exc)
            return False
        self.text_error = None
        self.text.setExtraSelections([])
        self.lay = lay
        self.dealer = lay.dealer
        self.facts = facts
        self.play = play
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
        self.refresh(write=write)
        if self.problem() is None:
            self.message.setText("The text was read into the boxes." + (
                "" if not play else " “Play this deal” starts the game at the position of its play."))
        return True

    def show_text_error(self, text: str, exc: NotationError) -> None:
        """The reason under the text, and its line marked in the text."""
        self.text_error = str(exc)
        self.message.setText(f"<span style='color:#b22222'>The text was not read: "
                             f"{_html(str(exc))}</span>")
        line_no = exc.line_no if isinstance(exc, HandTextError) else None
        if line_no is None:
            line_no = _quoted_line(text, str(exc))
        marks: list[QTextEdit.ExtraSelection] = []
        if line_no is not None and text == self.text.toPlainText():
            mark = QTextEdit.ExtraSelection()
            mark.format.setBackground(QColor("#f8d7d7"))
            mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            cursor = QTextCursor(self.text.document().findBlockByNumber(line_no - 1))
            mark.cursor = cursor
            marks.append(mark)
        self.text.setExtraSelections(marks)
        self._enable_ok()

    def read_text(self) -> None:
        self.load_text(self.text.toPlainText())

    def paste(self) -> None:
        self._write(QGuiApplication.clipboard().text())
        self.read_text()

    def setup_text(self) -> str:
        return self.current_text()

    def _write(self, text: str) -> None:
        """Put ``text`` in the editor without it being taken for typing."""
        self._writing = True
        self.text.setPlainText(text)
        self._writing = False

    def _typed(self) -> None:
        if not self._writing:
            self._read_timer.start()

    # -- showing ----------------------------------------------------------------------------------
    def refresh(self, write: bool = False) -> None:
        for card, tile in self.tiles.items():
            label = self.owner.get(card)
            colour = self.colour_of(label) if label is not None else QColor("#555")
            tile.set_state(label, colour, card in self.selected)
        problem = self.problem()
        state, actions = None, []
        if problem is None and self.play:
            state, actions = dealtext.setup_with_play(self.game, self.current_text(), self.options)
        self.gone = frozenset(_gone(state)) if state is not None else frozenset()
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
                out = sum(1 for c in have if c in self.gone)
                if out:
                    title += f"  · {out} played"
            elif place.kind == "turn-up":
                title = "Turn-up" + (f" (the dealer's last card, {place.within}'s)" if place.within else "")
            else:
                title = f"{place.label.capitalize()} — {len(have)} of {cap}"
                title += " (left empty: dealt at random)" if not have else ""
            box.show_cards(title, have, len(have) == cap, len(have) > cap, self.gone)
        unplaced = sum(1 for c in self.lay.pack if c not in self.owner)
        if write:
            self._write(self.current_text())
            self.text_error = None
            self.text.setExtraSelections([])
        if self.play and state is None:
            self.play_label.setText("<b>Play so far:</b> <span style='color:#b22222'>it does not fit "
                                    "this deal</span> — “Start at the deal” drops it.")
        else:
            self.play_label.setText(self.position_summary(state, actions))
        self.deal_button.setEnabled(bool(self.play))
        self._enable_ok(problem)
        if self.text_error is not None:
            self.message.setText(f"<span style='color:#b22222'>The text was not read: "
                                 f"{_html(self.text_error)}</span>")
        elif problem is None:
            self.message.setText("The deal is complete: “Play this deal” starts the game from "
                                 + ("the position of its play." if self.play else "it."))
        elif self.selected:
            self.message.setText(f"{len(self.selected)} selected: click a box to give "
                                 f"{'it' if len(self.selected) == 1 else 'them'}.")
        elif unplaced:
            self.message.setText(f"{unplaced} card{'s' if unplaced != 1 else ''} still in the pack. "
                                 f"<span style='color:#8a5a00'>{_html(problem)}</span>")
        else:
            self.message.setText(f"<span style='color:#b22222'>{_html(problem)}</span>")

    def _enable_ok(self, problem: str | None = None) -> None:
        if problem is None and self.text_error is None:
            problem = self.problem()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(problem is None and self.text_error is None)


def _gone(state: Any) -> list[Card]:
    """The cards played to tricks or put out face down in ``state``'s hand so far."""
    ids = [i for t in state.tricks for _, i in t.plays] + [i for _, i in state.trick]
    ids += [i for out in state.discards for i in out]
    return [state.deck[i] for i in ids]


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _quoted_line(text: str, message: str) -> int | None:
    """The line of ``text`` a message quotes (``line 'A: ♠ A K'…``), 1-based, if any."""
    if not message.startswith("line '"):
        return None
    quoted = message[6:].split("': ", 1)[0].rstrip("…")
    for k, line in enumerate(text.splitlines(), 1):
        if quoted and line.strip().startswith(quoted):
            return k
    return None


# -- the table's commands ----------------------------------------------------------------------------
def start_deal(table: Any, text: str) -> bool:
    """Start a new game on ``table`` from the deal ``text`` (perhaps with the play so far), the
    same options and seats; a text that is no deal, or whose play breaks a law, is reported in
    the status bar with the law, and the game on the table stays."""
    session = table.session
    game = session.game
    try:
        new = Session(game, session.options, human_seats=session.human_seats, setup=text)
    except NotationError as exc:
        reason = str(exc)
        rule = getattr(exc, "rule", None) or _deal_rule(game)
        table.say(f"The deal was not set up: {reason[:1].lower()}{reason[1:]}", rule)
        return False
    table.load_session(new, deal_animation=not dealtext.read_play_lines(text))
    where = "position" if dealtext.read_play_lines(text) else "deal"
    table.say(f"The {where} is set up. Undo goes back to it, never before it; the next deals are "
              "shuffled as usual.", _deal_rule(game))
    return True


def _deal_rule(game: Any) -> str:
    anchor = game.page_section("the-deal", "dealing")
    return game.ref(anchor) if anchor is not None else ""


def table_texts(session: Any) -> tuple[str | None, str | None]:
    """The deal on the table as dealt, and its position with the play so far (``None`` where
    there is no deal yet, or no play to add to it)."""
    game, state = session.game, session.state
    try:
        deal = dealtext.deal_text(game, state)
    except ValueError:
        return None, None
    if not dealtext.in_hand(state):
        return deal, None
    position = game.hand_text(state, dealtext.session_play(session))
    return deal, (position if position != deal else None)


def edit_deal(table: Any) -> bool:
    """The editor, filled with the deal on the table (and offering its position in the hand);
    OK starts a game from the deal or position chosen."""
    session = table.session
    deal, position = table_texts(session)
    dialog = DealEditor(session.game, session.options, deal, parent=table, position=position)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    return start_deal(table, dialog.setup_text())


def copy_deal(table: Any) -> str:
    """Copy the deal on the table (its hands as dealt, and inside a hand the play so far) to the
    clipboard as a hand text."""
    deal, position = table_texts(table.session)
    if deal is None:
        table.say("Nothing was copied: no cards have been dealt yet.", "")
        return ""
    QGuiApplication.clipboard().setText(position or deal)
    what = "deal's hands and the play so far are" if position else "deal's hands are"
    table.say(f"The {what} copied as text: “Set up a deal…” reads them back.", "")
    return position or deal


def copy_pbn(table: Any) -> str:
    """Copy the deal on the table as PBN tags (Auction Bridge): the hands as dealt."""
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
