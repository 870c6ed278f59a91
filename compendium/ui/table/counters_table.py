"""The card table of the games played for counters: Draw Poker and Baccarat (Chemin de Fer and
Banque).

The players sit round an oval, you at the bottom; beside each sits his stock of counters, drawn as
small stacks of discs (ivory ones, red fives, green twenty-fives, black hundreds, violet five
hundreds) with the count under them, and in front of him what he has staked this deal.  The pool
(Poker) or the bank (Baccarat) lies in the middle.  Your choices are ivory plaques on the cloth,
as at the trick-taking table.  An amount — a raise, a stake — is made by clicking counters in the
tray beside your stock (or dragging them onto the cloth towards the pool): they pile up in front of
you and the button names the sum; click the pile to take it back.  Up and Down change the sum by one,
Left and Right move between the buttons (and, in the draw, your cards), Enter chooses.

Poker: your hand lies face up at the bottom; in the draw, click the cards to throw out (they
lift) and press *Draw*.  The last showdown stays in a panel until the next one.
Baccarat: the tableaux and the banker's hand lie in the middle, the shoe beside the banker.

The table decides nothing: the buttons are the engine's legal actions, an amount is checked by the
engine before it is offered, and a refusal is said in the status bar with its law.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...core.cards import Card, Suit
from ...core.errors import IllegalAction
from .card_layer import CardLayer
from .card_renderer import aspect
from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT, HINT, CardItem
from .tricks_table import GOLD, INK, LIFT, CallButton, TextPanel

if TYPE_CHECKING:
    from ...core.game import Outcome

# Denominations of the discs, largest first, with their colours (face, rim).
DISCS: tuple[tuple[int, QColor, QColor], ...] = (
    (500, QColor(104, 62, 138), QColor(226, 206, 240)),
    (100, QColor(34, 34, 38), QColor(220, 200, 120)),
    (25, QColor(36, 112, 70), QColor(236, 236, 220)),
    (5, QColor(168, 40, 44), QColor(240, 230, 220)),
    (1, QColor(238, 230, 210), QColor(120, 96, 60)),
)
PER_COLUMN = 7
TRAY = (1, 5, 25, 100)
POKER_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


def break_into_discs(amount: int) -> list[tuple[int, int]]:
    """(denomination, how many) for ``amount``, the largest discs first.  Stocks of a few hundred
    are shown in twenty-fives, fives and ones, so that they stand as real stacks; the hundreds
    and five hundreds come in only for large sums."""
    out = []
    rest = max(0, amount)
    for value, _, _ in DISCS:
        if value >= 100 and amount <= 750:
            continue
        k, rest = divmod(rest, value)
        if k:
            out.append((value, k))
    return out


def disc_colours(value: int) -> tuple[QColor, QColor]:
    for v, face, rim in DISCS:
        if v == value:
            return face, rim
    return DISCS[-1][1], DISCS[-1][2]


def paint_disc(painter: QPainter, rect: QRectF, value: int, label: bool = False) -> None:
    """One counter seen a little from above: a coloured disc with a pale rim and edge marks."""
    face, rim = disc_colours(value)
    edge = QRectF(rect.x(), rect.y() + rect.height() * 0.18, rect.width(), rect.height())
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(face.darker(150))
    painter.drawEllipse(edge)
    grad = QRadialGradient(rect.center() - QPointF(rect.width() * 0.2, rect.height() * 0.25), rect.width() * 0.7)
    grad.setColorAt(0.0, face.lighter(125))
    grad.setColorAt(1.0, face)
    painter.setBrush(grad)
    painter.setPen(QPen(face.darker(170), 0.8))
    painter.drawEllipse(rect)
    painter.setPen(QPen(rim, max(1.0, rect.width() * 0.07), Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = rect.width() * 0.12
    painter.drawEllipse(rect.adjusted(inset, inset * 0.45, -inset, -inset * 0.45))
    if label:
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(8, int(rect.height() * 0.55)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(rim if value != 1 else QColor(70, 50, 30))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), str(value))


class CounterStack(QGraphicsItem):
    """A sum of counters as small stacks of discs, one column per denomination, with a caption."""

    def __init__(self) -> None:
        super().__init__()
        self.amount = 0
        self.disc = 20.0
        self.caption = ""
        self.lit = False
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(35_000)

    def set_amount(self, amount: int, disc: float, caption: str = "", lit: bool = False) -> None:
        if (amount, disc, caption, lit) != (self.amount, self.disc, self.caption, self.lit):
            self.prepareGeometryChange()
            self.amount, self.disc, self.caption, self.lit = amount, disc, caption, lit
            self._measure()
            self.update()

    def _columns(self) -> list[tuple[int, int]]:
        cols = []
        for value, k in break_into_discs(self.amount):
            while k > 0:
                cols.append((value, min(k, PER_COLUMN)))
                k -= PER_COLUMN
        return cols

    def _font(self) -> QFont:
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(10, int(self.disc * 0.62)))
        font.setBold(True)
        return font

    def _measure(self) -> None:
        d = self.disc
        cols = max(1, len(self._columns()))
        width = cols * d * 1.08
        text_w = QFontMetricsF(self._font()).horizontalAdvance(self.caption) if self.caption else 0
        height = d * 0.5 + (PER_COLUMN - 1) * d * 0.13 + (QFontMetricsF(self._font()).height() if self.caption else 0)
        w = max(width, text_w)
        self._rect = QRectF(-w / 2, -height, w, height + 4)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        d = self.disc
        cols = self._columns()
        th = QFontMetricsF(self._font()).height() if self.caption else 0
        base = -th - d * 0.5
        total = len(cols) * d * 1.08
        x = -total / 2
        for value, k in cols:
            for j in range(k):
                painter.save()
                paint_disc(painter, QRectF(x, base - j * d * 0.13, d, d * 0.42), value)
                painter.restore()
            x += d * 1.08
        if self.caption:
            painter.setFont(self._font())
            painter.setPen(GOLD if self.lit else INK)
            painter.drawText(QRectF(self._rect.left(), -th, self._rect.width(), th),
                             int(Qt.AlignmentFlag.AlignCenter), self.caption)


class ChipItem(QGraphicsItem):
    """A counter in the tray beside your stock: click it, or drag it towards the pool."""

    def __init__(self, value: int) -> None:
        super().__init__()
        self.value = value
        self.size = 30.0
        self.focused = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(46_000)

    def set_size(self, size: float) -> None:
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, self.size + 4, self.size * 0.62 + 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_disc(painter, QRectF(0, 0, self.size, self.size * 0.5), self.value, label=True)


class CountersController(TableController):
    """What the counters tables share: seats, stacks, buttons, the tray, the amount in hand."""

    amount_types: tuple[type, ...] = ()      # the legal actions that carry an amount

    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.layer = CardLayer(table)
        self.unit = 80.0
        self.small = 48.0
        self.width = self.height = 0.0
        self.centre = QPointF()
        self.names: dict[int, TextPanel] = {}
        self.stocks: dict[int, CounterStack] = {}
        self.stakes: dict[int, CounterStack] = {}
        self.pot = CounterStack()
        self.pending_stack = CounterStack()
        self.info = TextPanel(size=13)
        self.buttons: list[CallButton] = []
        self.chips: list[ChipItem] = [ChipItem(v) for v in TRAY]
        self.pending = 0                     # the amount you are making up, in counters
        self.focus = 0
        self.drag: tuple[ChipItem, QPointF] | None = None
        self._ghost: ChipItem | None = None
        self._hint: Any = None
        self._hand_pos: dict[int, QPointF] = {}
        self._amount_key: Any = None         # which decision the pending amount belongs to

    # -- structure --------------------------------------------------------------------------
    def build(self) -> None:
        scene = self.table.scene()
        for item in (self.pot, self.pending_stack, self.info, *self.chips):
            scene.addItem(item)

    def teardown(self) -> None:
        scene = self.table.scene()
        self.layer.teardown()
        items = [*self.names.values(), *self.stocks.values(), *self.stakes.values(),
                 *self.buttons, *self.chips, self.pot, self.pending_stack, self.info]
        if self._ghost is not None:
            items.append(self._ghost)
        for item in items:
            if item.scene() is scene:
                scene.removeItem(item)
        self.names.clear()
        self.stocks.clear()
        self.stakes.clear()
        self.buttons.clear()

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.unit = max(40.0, min(width / 10.5, height / 6.4))
        self.small = self.unit * 0.7
        self.centre = QPointF(width * 0.5, height * 0.43)

    @property
    def me(self) -> int:
        return self.table.viewer_seat

    def view(self) -> Any:
        return self.table.current_view()

    def seats(self) -> int:
        return self.view().pub.n

    def circle(self, n: int) -> list[int]:
        """The seats in their order round the table, from your left round to your right."""
        return list(range(n))

    def seat_anchor(self, seat: int) -> QPointF:
        """Where a player sits: you at the bottom, the others round an oval from your left."""
        n = self.seats()
        ring = self.circle(n)
        k = (ring.index(seat) - ring.index(self.me)) % n
        if k == 0:
            return QPointF(self.width * 0.5, self.height - self.unit * aspect * 0.5 - 14)
        theta = math.radians(90.0 if n == 2 else 192.0 - 204.0 * (k - 1) / (n - 2))
        rx, ry = self.width * 0.39, self.height * 0.33
        return QPointF(self.centre.x() + rx * math.cos(theta), self.centre.y() - ry * math.sin(theta))

    def toward_centre(self, seat: int, fraction: float) -> QPointF:
        a = self.seat_anchor(seat)
        return a + (self.centre - a) * fraction

    def disc(self) -> float:
        return max(18.0, self.unit * 0.36)

    # -- hooks for each game --------------------------------------------------------------------
    def positions(self, view: Any) -> dict[int, tuple[QPointF, float, Card | None, float]]:
        return {}

    def seat_lines(self, view: Any, seat: int) -> list[str]:
        return [self.seat_title(seat)]

    def staked_by(self, view: Any, seat: int) -> int:
        return 0

    def pot_amount(self, view: Any) -> tuple[int, str]:
        return 0, ""

    def info_lines(self, view: Any) -> list[str]:
        return []

    def is_turn(self, view: Any, seat: int) -> bool:
        return view.pub.turn == seat

    def stake_spot(self, seat: int) -> QPointF:
        return self.toward_centre(seat, 0.42)

    def stock_spot(self, seat: int, panel: QRectF) -> QPointF:
        """Where a player's stock stands (the bottom centre of the stack): yours right of your
        name; another's beside his cards, on the side towards the middle."""
        d = self.disc()
        if seat == self.me:
            return QPointF(panel.right() + d * 1.6, panel.bottom() - 2)
        a = self.seat_anchor(seat)
        side = 1 if a.x() < self.width * 0.5 else -1
        x = a.x() + side * (self.small * 1.6 + d * 0.8)
        x = min(max(d * 2, x), self.width - d * 2)
        return QPointF(x, a.y() + self.small * aspect * 0.5)

    def pot_spot(self) -> QPointF:
        return QPointF(self.centre.x(), self.centre.y() + self.unit * 0.15)

    pool_name = ""        # the book's name for the place the stakes go to, written on the cloth

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        """The cloth, and the pool's place marked quietly with its name (the counters lie on it)."""
        painter.fillRect(rect, QBrush(baize_tile()))
        if not self.pool_name or self.table.session is None:
            return
        spot = self.pot_spot()          # the bottom centre of the stack
        d = self.disc()
        ring = QRectF(spot.x() - d * 2.0, spot.y() - d * 1.6, d * 4.0, d * 2.2)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(255, 255, 255, 55), 1.5))
        painter.setBrush(QColor(0, 0, 0, 30))
        painter.drawEllipse(ring)
        font = QFont("DejaVu Serif")
        font.setItalic(True)
        font.setPixelSize(max(10, min(15, int(self.unit * 0.16))))
        painter.setFont(font)
        painter.setPen(QColor(255, 255, 255, 120))
        painter.drawText(QRectF(ring.left() - d, ring.bottom() + 1, ring.width() + 2 * d, font.pixelSize() * 1.5),
                         int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), self.pool_name)

    def extra_buttons(self, view: Any, legal: tuple[Any, ...]) -> list[tuple[Any, str]]:
        """Buttons made from several legal actions at once (Poker's draw)."""
        return []

    def seat_title(self, seat: int) -> str:
        return "You" if seat == self.me else self.game.seat_name(seat)

    # -- drawing ------------------------------------------------------------------------------
    def sync(self, animate: bool) -> None:
        view = self.view()
        self.layer.place(self.positions(view), animate, enter_from=self.deal_from_spot(view))
        self._sync_panels(view)
        self._sync_stacks(view)
        self._sync_buttons(view)
        self.show_keyboard_state()

    def deal_from_spot(self, view: Any) -> QPointF:
        return QPointF(self.centre.x() - self.small / 2, self.centre.y() - self.small * aspect / 2)

    def _sync_panels(self, view: Any) -> None:
        pub = view.pub
        scene = self.table.scene()
        size = max(11, min(15, int(self.unit * 0.16)))
        for seat in range(pub.n):
            panel = self.names.get(seat)
            if panel is None:
                panel = TextPanel(size=size)
                scene.addItem(panel)
                self.names[seat] = panel
            panel.set_lines(self.seat_lines(view, seat), size)
            panel.set_lit(self.is_turn(view, seat))
            a = self.seat_anchor(seat)
            r = panel.boundingRect()
            if seat == self.me:
                panel.setPos(QPointF(10, self.height - r.height() - 10))
            else:
                x = min(max(6.0, a.x() - r.width() / 2), self.width - r.width() - 6)
                y = min(max(6.0, a.y() + self.small * aspect * 0.5 + 2), self.height - r.height() - 6)
                panel.setPos(QPointF(x, y))
        for seat in list(self.names):
            if seat >= pub.n:
                scene.removeItem(self.names.pop(seat))
        lines = self.info_lines(view)
        self.info.set_lines(lines, size)
        self.info.setVisible(bool(lines))
        self.info.setPos(QPointF(10, 10))

    def _sync_stacks(self, view: Any) -> None:
        pub = view.pub
        scene = self.table.scene()
        d = self.disc()
        for seat in range(pub.n):
            stock = self.stocks.get(seat)
            if stock is None:
                stock = CounterStack()
                scene.addItem(stock)
                self.stocks[seat] = stock
            stake = self.stakes.get(seat)
            if stake is None:
                stake = CounterStack()
                scene.addItem(stake)
                self.stakes[seat] = stake
            stock.set_amount(pub.stocks[seat], d * (0.85 if seat != self.me else 1.0), str(pub.stocks[seat]))
            stock.setPos(self.stock_spot(seat, self.names[seat].sceneBoundingRect()))
            amount = self.staked_by(view, seat)
            stake.set_amount(amount, d * 0.85, str(amount) if amount else "")
            stake.setVisible(amount > 0)
            stake.setPos(self.stake_spot(seat))
        amount, caption = self.pot_amount(view)
        self.pot.set_amount(amount, d, caption, lit=False)
        self.pot.setVisible(amount > 0 or bool(caption))
        self.pot.setPos(self.pot_spot())

    # -- the amount in hand and the buttons -------------------------------------------------------
    def amount_range(self, legal: tuple[Any, ...]) -> tuple[int, int] | None:
        amounts = [a.amount for a in legal if isinstance(a, self.amount_types)]
        return (min(amounts), max(amounts)) if amounts else None

    def amount_action(self, amount: int) -> Any:
        raise NotImplementedError

    def _sync_buttons(self, view: Any) -> None:
        scene = self.table.scene()
        legal = self.table.legal()
        span = self.amount_range(legal)
        key = (id(self.table.session.state) if self.table.session else None)
        if span is not None and self._amount_key != key:
            self._amount_key = key
            self.pending = span[0]
        if span is not None:
            self.pending = min(max(self.pending, span[0]), span[1])
        choices: list[tuple[Any, str]] = []
        pub = view.pub
        for action in legal:
            if isinstance(action, self.amount_types):
                continue
            if self.grouped(action):
                continue
            choices.append((action, self.game.action_label(pub, action)))
        choices += self.extra_buttons(view, legal)
        if span is not None:
            action = self.amount_action(self.pending)
            choices.append((action, self.game.action_label(pub, action)))
        if [(b.action, b.label) for b in self.buttons] != choices:
            for b in self.buttons:
                scene.removeItem(b)
            size = max(12, min(16, int(self.unit * 0.18)))
            self.buttons = [CallButton(a, label, size) for a, label in choices]
            for b in self.buttons:
                scene.addItem(b)
            self.focus = min(self.focus, max(0, len(self.buttons) - 1))
        # The tray, and the pile you are making up
        d = self.disc()
        show_tray = span is not None
        panel = self.names.get(self.me)
        top = panel.sceneBoundingRect().top() if panel is not None else self.height - 60
        mine = self.stocks.get(self.me)
        if mine is not None and mine.isVisible():
            top = min(top, mine.sceneBoundingRect().top() + 4)
        for k, chip in enumerate(self.chips):
            chip.set_size(d * 1.3)
            chip.setVisible(show_tray and chip.value <= max(span[1], 1) if span else False)
            chip.setPos(QPointF(10 + k * d * 1.5, top - d * 1.1))
        if span is not None:
            self.pending_stack.set_amount(self.pending, d, self.pending_caption(view, self.pending), lit=True)
            self.pending_stack.setPos(self.pending_spot())
            self.pending_stack.setVisible(True)
        else:
            self.pending_stack.setVisible(False)
        if not self.buttons:
            return
        gap = 8.0
        room = self.width - 24
        rows: list[list[CallButton]] = [[]]
        used = 0.0
        for b in self.buttons:
            w = b.boundingRect().width()
            if rows[-1] and used + gap + w > room:
                rows.append([])
                used = 0.0
            used += (gap if rows[-1] else 0) + w
            rows[-1].append(b)
        h = self.buttons[0].boundingRect().height() + gap
        y = self.buttons_top() - h * len(rows)
        for row in rows:
            total = sum(b.boundingRect().width() for b in row) + gap * (len(row) - 1)
            x = self.width / 2 - total / 2
            for b in row:
                b.setPos(QPointF(x, y))
                x += b.boundingRect().width() + gap
            y += h

    def pending_caption(self, view: Any, amount: int) -> str:
        return str(amount)

    def pending_spot(self) -> QPointF:
        """Where the counters you are making up lie: between you and the pool."""
        return QPointF(self.centre.x() - self.unit * 1.6, self.buttons_top() - self.unit * 0.75)

    def buttons_top(self) -> float:
        return self.height - self.unit * aspect * 1.3 - 8

    def grouped(self, action: Any) -> bool:
        """An action shown through ``extra_buttons`` rather than a button of its own."""
        return False

    def add_to_pending(self, value: int) -> None:
        legal = self.table.legal()
        span = self.amount_range(legal)
        if span is None:
            return
        wanted = self.pending + value
        if wanted > span[1]:
            # Ask the engine why the larger amount is refused, and say so with its law.
            reason, rule = self.refusal(self.amount_action(wanted))
            self.table.say(reason or f"{span[1]} is the most you may put in now.", rule)
            wanted = span[1]
        self.pending = wanted
        self.table.sync(animate=False)

    def refusal(self, action: Any) -> tuple[str, str]:
        session = self.table.session
        try:
            self.game.apply(session.state, action)
        except IllegalAction as exc:
            text = str(exc)
            return text[:1].upper() + text[1:] + ".", exc.rule or ""
        return "", ""

    def reset_pending(self) -> None:
        span = self.amount_range(self.table.legal())
        if span is not None:
            self.pending = span[0]
            self.table.sync(animate=False)

    # -- input ------------------------------------------------------------------------------------
    def button_at(self, pos: QPointF) -> CallButton | None:
        for b in self.buttons:
            if b.isVisible() and b.sceneBoundingRect().contains(pos):
                return b
        return None

    def chip_at(self, pos: QPointF) -> ChipItem | None:
        for chip in self.chips:
            if chip.isVisible() and chip.sceneBoundingRect().contains(pos):
                return chip
        return None

    @property
    def cards(self) -> dict[int, CardItem]:
        return self.layer.cards

    def card_at(self, pos: QPointF) -> int | None:
        return self.layer.card_at(pos, among=self._hand_pos)

    def press(self, scene_pos: QPointF) -> None:
        b = self.button_at(scene_pos)
        if b is not None:
            self.choose(b.action)
            return
        chip = self.chip_at(scene_pos)
        if chip is not None:
            ghost = ChipItem(chip.value)
            ghost.set_size(chip.size)
            ghost.setZValue(60_000)
            ghost.setPos(chip.pos())
            self.table.scene().addItem(ghost)
            self._ghost = ghost
            self.drag = (chip, scene_pos)
            return
        if self.pending_stack.isVisible() and self.pending_stack.sceneBoundingRect().contains(scene_pos):
            self.reset_pending()
            return
        cid = self.card_at(scene_pos)
        if cid is not None:
            self.card_clicked(cid)

    def move(self, scene_pos: QPointF) -> None:
        if self.drag is None or self._ghost is None:
            return
        chip, start = self.drag
        self._ghost.setPos(chip.pos() + (scene_pos - start))

    def release(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        chip, start = self.drag
        self.cancel_drag()
        moved = (scene_pos - start).manhattanLength()
        if moved < 6 or self.towards_pool(scene_pos):
            self.add_to_pending(chip.value)      # a click, or a counter dropped towards the pool
        else:
            self.table.say("Drop counters on the cloth before you, towards the pool, to stake them.", "")

    def towards_pool(self, pos: QPointF) -> bool:
        """Dropped between you and the pool (or on it): the upper two thirds of the table."""
        return pos.y() < self.buttons_top() - 10 and abs(pos.x() - self.centre.x()) < self.width * 0.42

    def cancel_drag(self) -> None:
        self.drag = None
        if self._ghost is not None:
            self.table.scene().removeItem(self._ghost)
            self._ghost = None

    def card_clicked(self, cid: int) -> None:
        """A click on one of your cards (Poker's draw)."""

    def choose(self, action: Any) -> None:
        self.table.play(action)

    def choices(self) -> list[Any]:
        return [b.action for b in self.buttons]

    def key(self, name: str) -> bool:
        options = self.choices()
        if name in ("up", "down") and self.amount_range(self.table.legal()) is not None:
            if name == "up":
                self.add_to_pending(1)
            else:
                span = self.amount_range(self.table.legal())
                self.pending = max(span[0], self.pending - 1) if span else self.pending
                self.table.sync(animate=False)
            return True
        if not options:
            return False
        if name in ("left", "right"):
            self.focus = (self.focus + (1 if name == "right" else -1)) % len(options)
            self.show_keyboard_state()
            return True
        if name == "enter":
            chosen = options[self.focus % len(options)]
            if isinstance(chosen, int):
                self.card_clicked(chosen)
            else:
                self.choose(chosen)
            return True
        if name == "escape":
            self.focus = 0
            self.reset_pending()
            self.show_keyboard_state()
            return True
        return False

    def show_keyboard_state(self) -> None:
        options = self.choices() if self.table.human_to_move else []
        focused = options[self.focus % len(options)] if options else None
        for b in self.buttons:
            b.set_focused(focused is not None and b.action == focused and not isinstance(focused, int))
        for cid in self._hand_pos:
            item = self.cards.get(cid)
            if item is None:
                continue
            glow = HIGHLIGHT if focused == cid else (HINT if self._hint_card(cid) else None)
            item.set_glow(glow)

    def _hint_card(self, cid: int) -> bool:
        return False

    # -- what the table tells -----------------------------------------------------------------------
    def show_hint(self, action: Any) -> None:
        self._hint = action
        if isinstance(action, self.amount_types):
            self.pending = action.amount
            self._amount_key = id(self.table.session.state)
        self.table.sync(animate=False)
        for k, b in enumerate(self.buttons):
            if b.action == action or (isinstance(action, self.amount_types)
                                      and isinstance(b.action, self.amount_types)):
                self.focus = k
        self.show_keyboard_state()

    def clear_hint(self) -> None:
        self._hint = None
        self.show_keyboard_state()

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """A said action marks its button; a stake, the counters in hand and the pool."""
        button = next((b for b in self.buttons if b.action == action or
                       (isinstance(action, self.amount_types) and isinstance(b.action, self.amount_types))), None)
        return None, button.sceneBoundingRect() if button is not None else None

    def prompt(self) -> str:
        return ""

    def end_texts(self, outcome: Outcome) -> tuple[str, str]:
        seat = self.me
        won = seat < len(outcome.results) and outcome.results[seat] > 0
        title = "You have the most counters!" if won else "The session is over"
        scores = ", ".join(f"{self.seat_title(s)} {v}" for s, v in enumerate(outcome.scores))
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + f".  Counters: {scores}."


# -- Draw Poker ----------------------------------------------------------------------------------------
class PokerController(CountersController):
    pool_name = "pool"

    def __init__(self, table: Any, game: Any) -> None:
        from ...games.chance.draw_poker import Better
        super().__init__(table, game)
        self.amount_types = (Better,)
        self.selected: set[int] = set()
        self.widow_pick: int | None = None   # Whiskey Poker: the widow's card chosen to take
        self._widow_bottom: float | None = None
        self._deal_seen = 0
        self.last_panel = TextPanel(size=12)
        self.last_cards: list[CardItem] = []
        self.side_stacks: list[CounterStack] = []     # table stakes: a stack for each side pool

    def build(self) -> None:
        super().build()
        self.table.scene().addItem(self.last_panel)

    def teardown(self) -> None:
        scene = self.table.scene()
        for item in [self.last_panel, *self.last_cards, *self.side_stacks]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.last_cards.clear()
        self.side_stacks.clear()
        super().teardown()

    def amount_action(self, amount: int) -> Any:
        from ...games.chance.draw_poker import Better
        return Better(amount)

    def pending_caption(self, view: Any, amount: int) -> str:
        pub = view.pub
        opening = pub.phase == "after" and pub.staked and pub.level == pub.staked[self.me]
        return f"go {amount}" if opening else f"{amount} better"

    def positions(self, view: Any) -> dict[int, tuple[QPointF, float, Card | None, float]]:
        pub = view.pub
        out: dict[int, tuple[QPointF, float, Card | None, float]] = {}
        self._hand_pos = {}
        if not pub.hands:
            return out
        picking = pub.phase in ("draw", "widow")
        if pub.deal_no != self._deal_seen or not picking or pub.turn != self.me:
            self.selected = set()        # the cards chosen to throw out belong to one draw
            self.widow_pick = None
        self._deal_seen = pub.deal_no
        u, s = self.unit, self.small
        stud = pub.option("variety", "draw") == "stud"
        mine = [view.cards[i] for i in pub.hands[self.me]]
        if not stud:
            # your hand, sorted as a player sorts it: by rank, high on the left, suits apart
            mine.sort(key=lambda vc: (-(14 if vc.face.rank == 1 else int(vc.face.rank)) if vc.face else 0,
                                      POKER_ORDER.get(vc.face.suit, 9) if vc.face else vc.id))
        anchor = self.seat_anchor(self.me)
        step = u * 0.62
        # At Stud the hole card stands a little apart, left of the cards the others see.
        gap = u * 0.45 if stud else 0.0
        x0 = anchor.x() - (step * (len(mine) - 1) + u + gap) / 2
        for k, vc in enumerate(mine):
            lift = LIFT * u if vc.id in self.selected else 0.0
            pos = QPointF(x0 + k * step + (gap if k else 0.0), anchor.y() - u * aspect / 2 - lift)
            out[vc.id] = (pos, 100 + k, vc.face, u)
            self._hand_pos[vc.id] = pos
        for seat in range(pub.n):
            if seat == self.me:
                continue
            a = self.seat_anchor(seat)
            ids = pub.hands[seat]
            shown = [view.cards[i].face for i in ids]
            # a hand shown, or stud's up cards: large enough to read
            up = any(f is not None for f in shown) and ids
            width = u * 0.7 if up else s
            fan = width * (0.38 if up else 0.2)
            total = width + fan * max(0, len(ids) - 1)
            left = min(max(6.0, a.x() - total / 2), self.width - total - 6)
            for k, i in enumerate(ids):
                out[i] = (QPointF(left + k * fan, a.y() - width * aspect / 2), 50 + k, view.cards[i].face, width)
        # the stock beside the dealer, the discards and hands thrown in at the middle
        d = self.seat_anchor(pub.dealer)
        toward = d + (self.centre - d) * 0.64
        for m, i in enumerate(pub.stock):
            corner = QPointF(toward.x() - s / 2 + m * 0.3, toward.y() - s * aspect / 2 - m * 0.3)
            out[i] = (corner, 1 + m * 0.01, None, s)
        # Whiskey Poker's widow lies in the middle, face down until it is turned up.
        if pub.widow:
            w = u * 0.7
            wstep = w * 0.685
            wx = self.centre.x() - (wstep * 4 + w) / 2
            wy = self.centre.y() - w * aspect - u * 0.45
            # Below the name panel of a player sitting straight across (four or six players).
            size = max(11, min(15, int(self.unit * 0.16)))
            for seat in range(pub.n):
                a = self.seat_anchor(seat)
                if seat != self.me and abs(a.x() - self.centre.x()) < u * 1.6:
                    wy = max(wy, a.y() + s * aspect * 0.5 + 2 + 3 * (size + 5) + LIFT * w)
            self._widow_bottom = wy + w * aspect
            # Whiskey Poker never deals from the rest of the pack: it lies set aside under the widow,
            # its edge showing above the widow's middle card.
            for m, i in enumerate(pub.stock):
                corner = QPointF(wx + wstep * 2 + m * 0.15, wy - w * 0.12 - m * 0.15)
                out[i] = (corner, 1 + m * 0.01, None, w)
            for k, i in enumerate(pub.widow):
                lift = LIFT * w if i == self.widow_pick else 0.0
                pos = QPointF(wx + k * wstep, wy - lift)
                out[i] = (pos, 30 + k, view.cards[i].face, w)
                if pub.phase == "widow" and pub.widow_up:
                    self._hand_pos[i] = pos
        muck = [i for seat in range(pub.n) for i in pub.discards[seat] + pub.dead[seat]]
        for m, i in enumerate(muck):
            angle = (m * 37) % 50 - 25
            off = QPointF(math.cos(math.radians(angle)) * 6, math.sin(math.radians(angle * 2)) * 4)
            out[i] = (QPointF(self.centre.x() + self.unit * 1.3, self.centre.y() - s * aspect * 0.8) + off,
                      2 + m * 0.01, None, s)
        return out

    def pot_spot(self) -> QPointF:
        spot = super().pot_spot()
        if self._widow_bottom is not None and self.table.session is not None and self.view().pub.widow:
            # Whiskey Poker: the pool below the widow.
            spot.setY(max(spot.y(), self._widow_bottom + self.disc() * 1.6 + 4))
        return spot

    def deal_from_spot(self, view: Any) -> QPointF:
        d = self.seat_anchor(view.pub.dealer)
        p = d + (self.centre - d) * 0.64
        return QPointF(p.x() - self.small / 2, p.y() - self.small * aspect / 2)

    def staked_by(self, view: Any, seat: int) -> int:
        return 0          # counters staked go straight into the pool; the panels say how many

    def pot_amount(self, view: Any) -> tuple[int, str]:
        pool = view.pub.pool if view.pub.staked else 0
        pools = self.game.pools(view.pub) if pool else []
        if len(pools) > 1:
            # Table stakes: the main pool and each side pool, with who contests it.
            # Table stakes: the main pool here, each side pool a stack of its own beside it.
            return pools[0][0], f"Main pool {pools[0][0]}"
        return pool, f"Pool {pool}" if pool else ""

    def seat_lines(self, view: Any, seat: int) -> list[str]:
        pub = view.pub
        role = []
        if seat == pub.dealer:
            role.append("dealer")
        if seat == pub.age and pub.phase not in ("over",):
            role.append("the Age")
        title = self.seat_title(seat) + (f"  · {', '.join(role)}" if role else "")
        lines = [title]
        said = [w for s, w in pub.calls if s == seat]
        if said:
            lines.append(said[-1])
        if pub.staked and pub.staked[seat] and not (said and said[-1].endswith(f"({pub.staked[seat]})")):
            lines.append(f"in for {pub.staked[seat]}" + ("" if not pub.ins or pub.ins[seat] else " · out"))
        return lines

    def info_lines(self, view: Any) -> list[str]:
        pub = view.pub
        variety = pub.option("variety", "draw")
        name = {"draw": "", "straight": "Straight Poker, ", "stud": "Stud Poker, ",
                "whiskey": "Whiskey Poker, "}.get(variety, "")
        stakes = "table stakes" if pub.option("stakes", "limit") == "table" else f"limit {pub.option('limit')}"
        if variety == "whiskey":
            stakes = "no betting"
        tiger = bool(pub.option("tiger", False))
        lines = [f"Deal {pub.deal_no} of {pub.option('deals')} · {stakes}"]
        phase = {"ante": "the Age antes blind", "straddle": "straddles (blind)",
                 "before": "betting before the draw", "draw": "the draw",
                 "after": "betting after the draw"}.get(pub.phase)
        if variety == "straight" and pub.phase == "before":
            phase = "no draw"
        if variety == "stud" and pub.phase == "before":
            phase = f"{pub.street} card{'s' if pub.street > 1 else ''} up"
        if pub.phase == "widow":
            phase = ("the widow up" if pub.widow_up else "the widow face down") + (
                f" · {self.game.seat_name(pub.knocker)} knocked" if pub.knocker is not None else "")
        if phase:
            lines.append(name + (phase if name else phase[:1].upper() + phase[1:]) + (" · Tiger" if tiger else ""))
        if pub.level and pub.phase in ("before", "after") and not self.game.unopened(pub):
            lines.append(f"Stake to make good: {pub.level}")
        return lines

    def _sync_panels(self, view: Any) -> None:
        super()._sync_panels(view)
        self._sync_last(view)

    def _sync_stacks(self, view: Any) -> None:
        super()._sync_stacks(view)
        pub = view.pub
        pools = self.game.pools(pub) if pub.staked and pub.pool else []
        sides = pools[1:] if len(pools) > 1 else []
        scene = self.table.scene()
        while len(self.side_stacks) < len(sides):
            stack = CounterStack()
            scene.addItem(stack)
            self.side_stacks.append(stack)
        d = self.disc()
        spot = self.pot_spot()
        for k, stack in enumerate(self.side_stacks):
            if k >= len(sides):
                stack.hide()
                continue
            amount, who = sides[k]
            names = "".join(self.game.seat_name(p) if p != self.me else "you " for p in who).strip()
            stack.set_amount(amount, d * 0.85, f"side {amount} ({names})", lit=False)
            # below the main pool, one after another to the right
            stack.setPos(QPointF(spot.x() + (k - (len(sides) - 1) / 2) * d * 4.2, spot.y() + d * 2.4))
            stack.show()

    def _sync_last(self, view: Any) -> None:
        """The last deal's end, in the bottom right corner: its words, and the hands shown at the
        showdown as small cards, one row each."""
        last = view.pub.last
        scene = self.table.scene()
        size = max(10, min(13, int(self.unit * 0.14)))
        if last is None:
            self.last_panel.hide()
            for item in self.last_cards:
                item.hide()
            return
        # Small cards, one row per hand shown, the whole block within the lower part of the table.
        rows = max(1, min(6, len(last.shown)))
        text_h = (3 + rows) * (size + 4)
        mini = max(16.0, min(self.unit * 0.4, (self.height * 0.34 - text_h) / (rows * aspect + 0.2)))
        pictures = mini >= 24          # cards too small to read are left out: the words say it
        row_h = mini * aspect + 4
        # the room beside your hand, right of it
        room = max(140.0, self.width * 0.5 - (self.unit * 0.62 * 4 + self.unit) / 2 - 24)
        chars = max(18, int(room / (size * 0.55)))
        lines = [f"Last deal ({last.deal_no})"]
        text = last.text[:1].upper() + last.text[1:]
        while len(text) > chars:
            cut = text.rfind(" ", 0, chars)
            cut = cut if cut > 0 else chars
            lines.append(text[:cut])
            text = text[cut + 1:]
        lines.append(text)
        shown = last.shown[:6]
        for hand in shown:
            lines.append(f"{self.seat_title(hand.seat)}: {hand.name}")
        if not pictures:
            shown = ()
        self.last_panel.set_lines(lines, size)
        r = self.last_panel.boundingRect()
        block_h = r.height() + len(shown) * row_h
        x = self.width - max(r.width(), 5 * mini * 0.62 + mini) - 10
        y = self.height - block_h - 10
        self.last_panel.setPos(QPointF(x, y))
        self.last_panel.show()
        dpr = self.table.devicePixelRatioF()
        needed = sum(len(h.cards) for h in shown)
        while len(self.last_cards) < needed:
            item = CardItem(-1 - len(self.last_cards), mini, dpr)
            item.setZValue(41_000)
            scene.addItem(item)
            self.last_cards.append(item)
        k = 0
        y += r.height() + 2
        for hand in shown:
            for j, card in enumerate(sorted(hand.cards, key=lambda c: -(14 if c.rank == 1 else int(c.rank)))):
                item = self.last_cards[k]
                item.set_size(mini, dpr)
                item.set_face(card)
                item.setPos(QPointF(x + j * mini * 0.62, y))
                item.show()
                k += 1
            y += row_h
        for item in self.last_cards[k:]:
            item.hide()

    # -- the draw -----------------------------------------------------------------------------------
    def grouped(self, action: Any) -> bool:
        from ...games.chance.draw_poker import Draw, Exchange
        return isinstance(action, (Draw, Exchange))

    def extra_buttons(self, view: Any, legal: tuple[Any, ...]) -> list[tuple[Any, str]]:
        from ...games.chance.draw_poker import Draw, Exchange
        if any(isinstance(a, Exchange) for a in legal):
            # Whiskey Poker: one of your cards and one of the widow's chosen make the exchange.
            give = next((view.face(i) for i in self.selected), None)
            take = view.face(self.widow_pick) if self.widow_pick is not None else None
            if give is not None and take is not None and Exchange(give, take) in legal:
                return [(Exchange(give, take), f"Exchange {give} for {take}")]
            return []
        if not any(isinstance(a, Draw) for a in legal):
            return []
        faces = tuple(sorted(f for f in (view.face(i) for i in self.selected) if f is not None))
        action = Draw(faces)
        label = "Stand pat" if not faces else f"Draw {len(faces)}"
        return [(action, label)]

    def card_clicked(self, cid: int) -> None:
        view = self.view()
        if view.pub.phase == "widow":
            if not self.table.human_to_move or not view.pub.widow_up:
                self.table.say("Exchange one card at a time once the widow is face up; before that, "
                               "take the whole widow, pass or knock.", self.game.ref("whiskey-poker"))
                return
            if cid in view.pub.widow:
                self.widow_pick = None if self.widow_pick == cid else cid
            else:
                self.selected = set() if cid in self.selected else {cid}
            self.table.sync(animate=True)
            return
        variety = view.pub.option("variety", "draw")
        if variety in ("straight", "stud"):
            self.table.say(f"There is no draw at {variety.title()} Poker: the cards stay as they are dealt.",
                           self.game.ref(f"{variety}-poker"))
            return
        if view.pub.phase != "draw" or not self.table.human_to_move:
            self.table.say("Your cards are changed in the draw, once the betting before it is over.",
                           self.game.ref("the-draw"))
            return
        if cid in self.selected:
            self.selected.discard(cid)
        else:
            self.selected.add(cid)
        self.table.sync(animate=True)

    def choices(self) -> list[Any]:
        buttons = [b.action for b in self.buttons]
        if self.view().pub.phase in ("draw", "widow") and self.table.human_to_move:
            ids = sorted(self._hand_pos, key=lambda i: self._hand_pos[i].x())
            return ids + buttons
        return buttons

    def choose(self, action: Any) -> None:
        if self.table.play(action):
            self.selected = set()
            self.widow_pick = None

    def _hint_card(self, cid: int) -> bool:
        from ...games.chance.draw_poker import Draw, Exchange
        hint = self._hint
        face = self.view().face(cid)
        if isinstance(hint, Exchange):
            return face in (hint.give, hint.take)
        return isinstance(hint, Draw) and face in hint.cards

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """The draw marks the cards it throws out and the button that draws; the rest, their button."""
        from ...games.chance.draw_poker import Draw, Exchange
        if isinstance(action, Exchange):
            view = self.view()
            ids = [cid for cid in self._hand_pos if view.face(cid) in (action.give, action.take)]
            return self.layer.rect_of(ids), None
        if isinstance(action, Draw):
            view = self.view()
            ids = [cid for cid in self._hand_pos if view.face(cid) in action.cards]
            button = next((b for b in self.buttons if isinstance(b.action, Draw)), None)
            return (self.layer.rect_of(ids), button.sceneBoundingRect() if button is not None else None)
        return super().action_marks(action)

    def prompt(self) -> str:
        if not self.table.human_to_move:
            return ""
        pub = self.view().pub
        if pub.phase == "widow":
            return ("Click one of your cards and one of the widow's to exchange them; or take the "
                    "widow, pass or knock" if pub.widow_up else "Take the widow unseen, pass or knock")
        return {"ante": "Put up your ante", "straddle": "Straddle, or let it pass",
                "draw": "Choose the cards to discard, then Draw",
                }.get(pub.phase, "Your say: pass, or put up counters and go in")

    def status_parts(self) -> list[str]:
        pub = self.view().pub
        parts = [f"Deal {pub.deal_no}"]
        if pub.staked and pub.pool:
            parts.append(f"pool {pub.pool}")
        if self.table.human_to_move:
            parts.append({"ante": "your ante (blind)", "straddle": "straddle or not",
                          "draw": "click the cards to change, then Draw",
                          "widow": "exchange with the widow, pass or knock"}.get(pub.phase, "your say"))
        elif isinstance(pub.turn, int):
            parts.append(f"{self.game.seat_name(pub.turn)} to speak")
        return parts


# -- Baccarat ----------------------------------------------------------------------------------------
class BaccaratController(CountersController):
    pool_name = "bank"

    def __init__(self, table: Any, game: Any) -> None:
        from ...games.chance.baccarat import Stake
        super().__init__(table, game)
        self.amount_types = (Stake,)
        self.shoe_stack: list[CardItem] = []
        self.labels: list[TextPanel] = []

    def teardown(self) -> None:
        scene = self.table.scene()
        for item in [*self.shoe_stack, *self.labels]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.shoe_stack.clear()
        self.labels.clear()
        super().teardown()

    def amount_action(self, amount: int) -> Any:
        from ...games.chance.baccarat import Stake
        return Stake(amount)

    def pending_caption(self, view: Any, amount: int) -> str:
        return f"stake {amount}"

    def pending_spot(self) -> QPointF:
        # While you make up a stake it lies where your stake will lie.
        return self.stake_spot(self.me)

    def amount_range(self, legal: tuple[Any, ...]) -> tuple[int, int] | None:
        from ...games.chance.baccarat import Stake
        amounts = [a.amount for a in legal if isinstance(a, Stake)]
        # Any whole stake up to the largest the engine offers is allowed.
        return (1, max(amounts)) if amounts else None

    def hand_spots(self, view: Any) -> list[QPointF]:
        """Where each tableau and the banker's hand lie: left to right across the middle."""
        k = view.pub.sides
        u = self.unit * 0.82
        names = k + 1
        gap = u * 3.1
        total = gap * (names - 1)
        y = self.centre.y() - u * aspect * 0.55
        if k == 1:
            xs = [self.centre.x() - total / 2 + j * gap for j in range(names)]
            return [QPointF(x - u, y) for x in xs]
        # Banque: the left tableau on the banker's left, the right on his right, as he faces the
        # table (turned round when he sits across from you).
        facing_you = self.seat_anchor(view.pub.banker).y() < self.centre.y()
        order = [0, 2, 1] if facing_you else [1, 2, 0]
        xs = [self.centre.x() - total / 2 + j * gap for j in range(names)]
        spots = [QPointF()] * names
        for j, h in enumerate(order):
            spots[h] = QPointF(xs[j] - u, y)
        return spots

    def positions(self, view: Any) -> dict[int, tuple[QPointF, float, Card | None, float]]:
        pub = view.pub
        out: dict[int, tuple[QPointF, float, Card | None, float]] = {}
        self._hand_pos = {}
        u = self.unit * 0.82
        spots = self.hand_spots(view)
        for h, ids in enumerate(pub.hands):
            for j, i in enumerate(ids):
                base = spots[h]
                if j < 2:
                    pos = base + QPointF(j * u * 0.55, 0)
                else:   # the third card, dealt face up, a little apart
                    pos = base + QPointF(u * 1.55 + 6, u * 0.12)
                out[i] = (pos, 200 + h * 10 + j, view.face(i), u)
        return out

    def deal_from_spot(self, view: Any) -> QPointF:
        return self.shoe_spot(view)

    def shoe_spot(self, view: Any) -> QPointF:
        """The shoe lies beside the bank, on its left."""
        bank = self.bank_spot(view)
        return QPointF(bank.x() - self.unit * 1.9 - self.small, bank.y() - self.small * aspect * 0.75)

    def bank_spot(self, view: Any) -> QPointF:
        """The bank lies in the middle, below the hands, where every punter can see it."""
        u = self.unit * 0.82
        return QPointF(self.centre.x(), self.centre.y() + u * aspect * 0.45 + self.unit * 0.95)

    def staked_by(self, view: Any, seat: int) -> int:
        return view.pub.stake_of(seat)

    def circle(self, n: int) -> list[int]:
        """At Banque the punters of each side sit together: from the banker, the left side (seats
        2, 4 …) round to the far end and back along the right side (… 3, 1) to him."""
        if self.game.info.id != "baccarat_banque":
            return list(range(n))
        return [0] + list(range(2, n, 2)) + list(range(1, n, 2))[::-1]

    def stock_spot(self, seat: int, panel: QRectF) -> QPointF:
        """No cards lie before the players at Baccarat: each stock stands just above the name."""
        if seat == self.me:
            return super().stock_spot(seat, panel)
        return QPointF(panel.center().x(), panel.top() - 2)

    def stake_spot(self, seat: int) -> QPointF:
        """A punter's stake lies before him: beside his name, on the side towards the middle."""
        if seat == self.me:
            return QPointF(self.centre.x() + self.unit * 1.6, self.buttons_top() - self.unit * 0.75)
        r = self.names[seat].sceneBoundingRect()
        side = 1 if r.center().x() < self.centre.x() else -1
        return QPointF(r.center().x() + side * (r.width() / 2 + self.disc() * 1.6), r.bottom())

    def pot_spot(self) -> QPointF:
        return self.bank_spot(self.view())

    def pot_amount(self, view: Any) -> tuple[int, str]:
        bank = view.pub.bank
        return bank, f"Bank {bank}" if bank else ""

    def seat_lines(self, view: Any, seat: int) -> list[str]:
        pub = view.pub
        title = self.seat_title(seat)
        if seat == pub.banker and self.game.info.id != "baccarat_banque":
            title += "  · banker"
        lines = [title]
        if seat in pub.banco:
            lines.append("banco" if pub.banco_kind != "cheval" else "banco à cheval")
        return lines

    def info_lines(self, view: Any) -> list[str]:
        pub = view.pub
        lines = [f"Coup {pub.coup_no} of {pub.option('coups')} · shoe {pub.shoe_no}"]
        phase = {"bank": "The banker puts up the bank", "offer": "The bank is offered",
                 "retire": "The banker deals again or passes", "stakes": "Stakes",
                 "share": "A banco may be shared", "punter": "The punter's third card",
                 "banker": "The banker's third card"}.get(pub.phase)
        if phase:
            lines.append(phase)
        if pub.last is not None and pub.phase in ("bank", "offer", "retire", "stakes", "share"):
            text = pub.last.text
            lines.append(text if len(text) < 44 else text[:42] + "…")
        return lines

    def _sync_panels(self, view: Any) -> None:
        super()._sync_panels(view)
        pub = view.pub
        scene = self.table.scene()
        size = max(11, min(14, int(self.unit * 0.15)))
        # labels under the tableaux
        names = (["Punters"] if pub.sides == 1 else ["Right", "Left"]) + ["Banker"]
        while len(self.labels) < len(names):
            panel = TextPanel(size=size, frame=False)
            scene.addItem(panel)
            self.labels.append(panel)
        spots = self.hand_spots(view)
        u = self.unit * 0.82
        from ...games.chance.baccarat import point
        for h, name in enumerate(names):
            panel = self.labels[h]
            text = name
            if h < len(pub.hands) and pub.hands[h]:
                faces = [view.face(i) for i in pub.hands[h]]
                if all(f is not None for f in faces):
                    text += f": {point(faces)}"
                if h < pub.sides and pub.settled and pub.settled[h] in ("won", "lost", "tie") \
                        and pub.phase not in ("punter", "banker"):
                    text += f" — {pub.settled[h]}"
                holder = pub.lookers[h] if pub.lookers else None
                if holder is not None and h < pub.sides:
                    text += f" ({self.seat_title(holder)})"
            panel.set_lines([text], size)
            panel.setPos(spots[h] + QPointF(0, u * aspect + 6))
            panel.setVisible(bool(pub.hands))
        # the shoe: a few backs and the cards left
        dpr = self.table.devicePixelRatioF()
        while len(self.shoe_stack) < 4:
            item = CardItem(-100 - len(self.shoe_stack), self.small, dpr)
            scene.addItem(item)
            self.shoe_stack.append(item)
        at = self.shoe_spot(view)
        for m, item in enumerate(self.shoe_stack):
            item.set_size(self.small, dpr)
            item.set_face(None)
            item.setZValue(5 + m)
            item.setPos(at + QPointF(m * 1.5, -m * 1.5))
            item.setVisible(pub.shoe_no > 0)

    PROMPTS = {"bank": "Put up the bank", "stakes": "Stake counters on the coup",
               "punter": "Take a card or stand", "banker": "Take a card or stand",
               "retire": "Deal again, or pass the deal", "offer": "Take the bank, or decline it",
               "share": "Share the banco, or not"}

    def prompt(self) -> str:
        if not self.table.human_to_move:
            return ""
        return self.PROMPTS.get(self.view().pub.phase, "")

    def status_parts(self) -> list[str]:
        pub = self.view().pub
        parts = [f"Coup {pub.coup_no}", f"bank {pub.bank}"]
        if self.table.human_to_move:
            parts.append({"bank": "put up the bank", "stakes": "your stake", "punter": "card or stand",
                          "banker": "card or stand", "retire": "deal again or pass the deal",
                          "offer": "take the bank or decline", "share": "share the banco?"}.get(pub.phase, "your turn"))
        elif isinstance(pub.turn, int):
            parts.append(f"{self.game.seat_name(pub.turn)} to speak")
        return parts

    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        return []
