"""The backgammon table: the board of the book's Fig. 1 in wood and ivory.

Drawn from White's side (the person at the table plays White): the two tables side by side with
the bar between them, White's inner (home) table on the right as in Fig. 1, the long points of
each table alternately ivory and mahogany, the bearing-off trays at the right edge and, beside the
board, the pip counts, the cube (when played with) and the moves so far.

A turn is played one man at a time: drag a man (or click it, then click a point) to one of the
lit points; the table keeps the men moved so far (``TurnBuilder``, Qt-free) and hands the whole
play to the session when the throw is used up, so a turn stays one action in the history.  Escape
takes back the last man moved in the turn; Ctrl+Z takes back whole turns.  The controller decides
no rule: every lit point comes from the engine's legal plays and every refusal from its laws.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from PySide6.QtCore import QParallelAnimationGroup, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ...core.errors import IllegalAction
from ...core.game import Special
from ...games.board.backgammon import (
    BAR,
    BLACK,
    NAMES,
    OFF,
    WHITE,
    BackgammonState,
    CubeAction,
    OpeningThrow,
    Phase,
    Play,
    Roll,
    ThrowAgain,
    TurnBuilder,
    absolute,
    point_name,
    position_id,
)
from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT, HINT
from .motion import MOVE_MS, flight

if TYPE_CHECKING:
    from ...core.game import Game, Outcome
    from .view import TableWidget

# -- the look (DESIGN.md 5a: wood and ivory) --------------------------------------------------
FRAME = QColor(86, 52, 28)           # walnut
FRAME_EDGE = QColor(132, 88, 52)
FIELD = QColor(196, 160, 112)        # the light oak of the tables
FIELD_DARK = QColor(176, 140, 94)
IVORY_POINT = QColor(238, 226, 198)
DARK_POINT = QColor(128, 52, 36)     # mahogany
BAR_WOOD = QColor(96, 60, 32)
TRAY = QColor(62, 38, 20)
WHITE_MAN = QColor(246, 240, 224)
BLACK_MAN = QColor(44, 34, 30)
LABEL = QColor(236, 220, 186)
MOVABLE = QColor(255, 214, 102, 150)    # a faint gold ring: a man that may move

# Board geometry in point widths (u), from the frame's top-left corner.
FRAME_X = 0.5
TABLE_W = 6.0
BAR_W = 1.2
TRAY_GAP = 0.5
TRAY_W = 1.3
EDGE_R = 0.4
FRAME_Y = 0.55
POINT_H = 5.0
MIDDLE_H = 1.8
BOARD_W = FRAME_X + TABLE_W + BAR_W + TABLE_W + TRAY_GAP + TRAY_W + EDGE_R
BOARD_H = FRAME_Y + POINT_H + MIDDLE_H + POINT_H + FRAME_Y
PANEL_W = 4.2                          # the panel beside the board
PANEL_H = 2.6                          # or below it
MAN = 0.94                            # a man's diameter
SHOWN = 5                              # men shown on a point before a count is written

Loc = tuple[str, int]                  # ("pt", White's point 1..24), ("bar", seat), ("off", seat)


# -- the items ----------------------------------------------------------------------------------
class ManItem(QGraphicsItem):
    """A round man seen from above, or, borne off, a slab seen edgewise in the tray."""

    def __init__(self, seat: int, size: float) -> None:
        super().__init__()
        self.seat = seat
        self.size = size
        self.count = 0          # a number written on the man (the men on a point beyond five)
        self.slab = False
        self.ring: QColor | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_look(self, size: float, count: int, slab: bool, ring: QColor | None = None) -> None:
        if (size, count, slab, ring) != (self.size, self.count, self.slab, self.ring):
            self.prepareGeometryChange()
            self.size, self.count, self.slab, self.ring = size, count, slab, ring
            self.update()

    def boundingRect(self) -> QRectF:
        s = self.size
        if self.slab:
            return QRectF(-s * 0.6, -s * 0.2, s * 1.2, s * 0.4)
        return QRectF(-s / 2 - 3, -s / 2 - 3, s + 6, s + 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        base = WHITE_MAN if self.seat == WHITE else BLACK_MAN
        s = self.size
        if self.slab:
            rect = QRectF(-s * 0.55, -s * 0.15, s * 1.1, s * 0.3)
            grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
            grad.setColorAt(0, base.lighter(118))
            grad.setColorAt(1, base.darker(135))
            painter.setPen(QPen(base.darker(170), 1))
            painter.setBrush(QBrush(grad))
            painter.drawRoundedRect(rect, s * 0.08, s * 0.08)
            return
        r = s / 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70))
        painter.drawEllipse(QPointF(1.2, 2.0), r, r)                    # its shadow
        grad = QRadialGradient(QPointF(-r * 0.35, -r * 0.4), r * 1.5)
        grad.setColorAt(0, base.lighter(125 if self.seat == WHITE else 190))
        grad.setColorAt(1, base.darker(118))
        painter.setBrush(QBrush(grad))
        painter.setPen(QPen(base.darker(160) if self.seat == WHITE else QColor(120, 100, 86), 1.2))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(0, 0, 0, 45) if self.seat == WHITE else QColor(255, 255, 255, 40),
                            max(1.0, s * 0.04)))
        painter.drawEllipse(QPointF(0, 0), r * 0.68, r * 0.68)          # the turned groove
        if self.ring is not None:
            painter.setPen(QPen(self.ring, max(2.0, s * 0.08)))
            painter.drawEllipse(QPointF(0, 0), r + 1, r + 1)
        if self.count:
            font = QFont("DejaVu Sans")
            font.setBold(True)
            font.setPixelSize(max(9, int(s * 0.42)))
            painter.setFont(font)
            painter.setPen(QColor(60, 40, 24) if self.seat == WHITE else QColor(240, 228, 204))
            painter.drawText(QRectF(-r, -r, s, s), Qt.AlignmentFlag.AlignCenter, str(self.count))


class DieItem(QGraphicsItem):
    """A die lying on the table; a used die is shown faded."""

    PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}

    def __init__(self, value: int, seat: int, size: float) -> None:
        super().__init__()
        self.value, self.seat, self.size = value, seat, size
        self.used = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(30)

    def set_look(self, value: int, seat: int, size: float, used: bool) -> None:
        if (value, seat, size, used) != (self.value, self.seat, self.size, self.used):
            self.prepareGeometryChange()
            self.value, self.seat, self.size, self.used = value, seat, size, used
            self.update()

    def boundingRect(self) -> QRectF:
        s = self.size
        return QRectF(-s / 2 - 3, -s / 2 - 3, s + 6, s + 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.size
        rect = QRectF(-s / 2, -s / 2, s, s)
        face = QColor(250, 246, 234) if self.seat == WHITE else QColor(58, 40, 34)
        pip = QColor(40, 30, 26) if self.seat == WHITE else QColor(244, 234, 214)
        painter.setOpacity(0.38 if self.used else 1.0)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 80))
        painter.drawRoundedRect(rect.translated(1.5, 2.5), s * 0.18, s * 0.18)
        painter.setBrush(face)
        painter.setPen(QPen(face.darker(150), 1))
        painter.drawRoundedRect(rect, s * 0.18, s * 0.18)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pip)
        step = s * 0.26
        for dx, dy in self.PIPS.get(self.value, []):
            painter.drawEllipse(QPointF(dx * step, dy * step), s * 0.085, s * 0.085)


class CubeItem(QGraphicsItem):
    """The doubling cube (a modern option): a block showing the stake, 64 while in the middle."""

    def __init__(self, size: float) -> None:
        super().__init__()
        self.size = size
        self.value = 64
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(35)

    def set_look(self, size: float, value: int) -> None:
        if (size, value) != (self.size, self.value):
            self.prepareGeometryChange()
            self.size, self.value = size, value
            self.update()

    def boundingRect(self) -> QRectF:
        s = self.size
        return QRectF(-s / 2 - 3, -s / 2 - 3, s + 6, s + 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.size
        rect = QRectF(-s / 2, -s / 2, s, s)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(rect.translated(1.5, 2.5), s * 0.14, s * 0.14)
        grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
        grad.setColorAt(0, QColor(250, 244, 228))
        grad.setColorAt(1, QColor(214, 200, 170))
        painter.setBrush(QBrush(grad))
        painter.setPen(QPen(QColor(120, 96, 64), 1.2))
        painter.drawRoundedRect(rect, s * 0.14, s * 0.14)
        font = QFont("DejaVu Serif")
        font.setBold(True)
        font.setPixelSize(max(8, int(s * (0.5 if self.value < 10 else 0.42))))
        painter.setFont(font)
        painter.setPen(QColor(90, 40, 26))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(self.value))


class ButtonItem(QGraphicsItem):
    """A small wooden button on the table (Roll, Double, Take, Drop, Finish, Throw again): its
    word, and under it, smaller, what it means for the stake ("to 4")."""

    def __init__(self, label: str, callback: Callable[[], None], detail: str = "") -> None:
        super().__init__()
        self.label = label
        self.detail = detail
        self.callback = callback
        self.rect = QRectF(0, 0, 100, 30)
        self.focused = False
        self.lit = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(40)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.rect
        grad = QLinearGradient(r.topLeft(), r.bottomLeft())
        grad.setColorAt(0, QColor(122, 80, 46))
        grad.setColorAt(1, QColor(82, 50, 26))
        painter.setBrush(QBrush(grad))
        edge = HINT if self.lit else (HIGHLIGHT if self.focused else QColor(210, 180, 130))
        painter.setPen(QPen(edge, 3 if (self.focused or self.lit) else 1.2))
        painter.drawRoundedRect(r, r.height() * 0.3, r.height() * 0.3)
        font = QFont("DejaVu Serif")
        font.setBold(True)
        font.setPixelSize(max(9, int(r.height() * (0.36 if self.detail else 0.44))))
        while font.pixelSize() > 8 and QFontMetricsF(font).horizontalAdvance(self.label) > r.width() - 8:
            font.setPixelSize(font.pixelSize() - 1)
        painter.setFont(font)
        painter.setPen(LABEL)
        if not self.detail:
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, self.label)
            return
        word_h = QFontMetricsF(font).height()
        small = QFont("DejaVu Sans")
        small.setPixelSize(max(8, int(r.height() * 0.24)))
        small_h = QFontMetricsF(small).height()
        top = r.center().y() - (word_h + small_h) / 2
        painter.drawText(QRectF(r.left(), top, r.width(), word_h), Qt.AlignmentFlag.AlignCenter, self.label)
        painter.setFont(small)
        painter.setPen(QColor(226, 204, 160))
        painter.drawText(QRectF(r.left(), top + word_h - 1, r.width(), small_h), Qt.AlignmentFlag.AlignCenter,
                         self.detail)


@dataclass
class ManDrag:
    src: int                 # the mover's point (25 the bar)
    item: ManItem
    grab: QPointF
    origin: QPointF
    moved: bool = False


# -- the controller -----------------------------------------------------------------------------
class BackgammonController(TableController):

    def __init__(self, table: "TableWidget", game: "Game[Any, Any, Any]") -> None:
        super().__init__(table, game)
        self.u = 40.0
        self.origin = QPointF(0, 0)
        self.panel_below = False
        self.men: dict[Loc, list[ManItem]] = {}
        self.dice: list[DieItem] = []
        self.buttons: list[ButtonItem] = []
        self.marks: list[QGraphicsItem] = []
        self.builder: TurnBuilder | None = None
        self.selected: int | None = None          # the mover's point picked up (click/keyboard)
        self.drag: ManDrag | None = None
        self.cursor: Loc = ("pt", 6)              # the keyboard's place
        self.keyboard_active = False
        self.focus_button = -1                    # the keyboard's button, -1 none
        self.hint_locs: list[Loc] = []
        self.lit: set[Loc] = set()                 # the places lit as legal for the man picked up
        self._panel: QGraphicsTextItem | None = None
        self._cube: CubeItem | None = None
        self._tray_labels: dict[int, QGraphicsSimpleTextItem] = {}
        self._anim: QParallelAnimationGroup | None = None
        self._dice_anim: QParallelAnimationGroup | None = None
        self._shown_throw: tuple[Any, ...] = ()
        self._history_key: tuple[int, Any] | None = None
        self._history: list[str] = []
        self._notice = ""

    # -- the position shown ---------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.table.viewer_seat

    def state(self) -> BackgammonState:
        view = self.table.current_view()
        assert isinstance(view, BackgammonState)
        return view

    def _builder_now(self) -> TurnBuilder | None:
        """The turn being built, if the person at the table is to play a throw."""
        state = self.state()
        if not self.table.human_to_move or state.phase is not Phase.MOVE:
            return None
        if self.builder is None or self.builder.state is not state:
            self.builder = TurnBuilder(self.game, state)  # type: ignore[arg-type]
            self.selected = None
        return self.builder

    def shown_counts(self) -> dict[Loc, tuple[int, int]]:
        """(seat, men) at every place, with the men moved so far in the turn being built."""
        state = self.state()
        board, bar, off = list(state.board), list(state.bar), list(state.off)
        b = self.builder
        if b is not None and b.hops:
            r = b.position
            s = b.seat
            for p in range(1, 25):
                board[absolute(s, p) - 1] = r[p] if s == WHITE else -r[p]
            bar[s], bar[1 - s], off[s] = r[25], r[26], r[0]
        out: dict[Loc, tuple[int, int]] = {}
        for n in range(1, 25):
            v = board[n - 1]
            if v:
                out[("pt", n)] = (WHITE if v > 0 else BLACK, abs(v))
        for s in (WHITE, BLACK):
            if bar[s]:
                out[("bar", s)] = (s, bar[s])
            if off[s]:
                out[("off", s)] = (s, off[s])
        return out

    # -- geometry ---------------------------------------------------------------------------------
    def fit(self, width: float, height: float) -> None:
        # The panel goes beside the board on a wide table and below it on a narrow one (the
        # table beside the rules at 1366 × 768): whichever leaves the larger board.
        beside = min(width / (BOARD_W + PANEL_W + 0.6), height / (BOARD_H + 0.5))
        below = min(width / (BOARD_W + 0.5), height / (BOARD_H + PANEL_H + 0.6))
        self.panel_below = below > beside
        self.u = max(12.0, float(int(max(beside, below))))
        if self.panel_below:
            used_w, used_h = BOARD_W * self.u, (BOARD_H + PANEL_H + 0.2) * self.u
        else:
            used_w, used_h = (BOARD_W + PANEL_W + 0.3) * self.u, BOARD_H * self.u
        self.origin = QPointF(round(max(0.0, (width - used_w) / 2)),
                              round(max(0.0, (height - used_h) / 2)))
        if self._panel is not None:
            self._place_panel()

    def _x(self, units: float) -> float:
        return self.origin.x() + units * self.u

    def _y(self, units: float) -> float:
        return self.origin.y() + units * self.u

    def board_rect(self) -> QRectF:
        return QRectF(self.origin.x(), self.origin.y(), BOARD_W * self.u, BOARD_H * self.u)

    def _column(self, n: int) -> tuple[float, bool]:
        """The left edge (in u) of White's point ``n`` and whether it hangs from the top."""
        right = FRAME_X + TABLE_W + BAR_W
        if n <= 6:
            return right + (6 - n) * 1.0, False
        if n <= 12:
            return FRAME_X + (12 - n) * 1.0, False
        if n <= 18:
            return FRAME_X + (n - 13) * 1.0, True
        return right + (n - 19) * 1.0, True

    def point_rect(self, n: int) -> QRectF:
        left, top = self._column(n)
        y = FRAME_Y if top else FRAME_Y + POINT_H + MIDDLE_H
        return QRectF(self._x(left), self._y(y), self.u, POINT_H * self.u)

    def bar_rect(self) -> QRectF:
        return QRectF(self._x(FRAME_X + TABLE_W), self._y(0), BAR_W * self.u, BOARD_H * self.u)

    def tray_rect(self, seat: int) -> QRectF:
        x = FRAME_X + 2 * TABLE_W + BAR_W + TRAY_GAP
        y = FRAME_Y + POINT_H + MIDDLE_H if seat == WHITE else FRAME_Y
        return QRectF(self._x(x), self._y(y), TRAY_W * self.u, POINT_H * self.u)

    def table_rect(self, right: bool) -> QRectF:
        x = FRAME_X + (TABLE_W + BAR_W if right else 0)
        return QRectF(self._x(x), self._y(FRAME_Y), TABLE_W * self.u, (2 * POINT_H + MIDDLE_H) * self.u)

    def loc_rect(self, loc: Loc) -> QRectF:
        kind, n = loc
        if kind == "pt":
            return self.point_rect(n)
        if kind == "off":
            return self.tray_rect(n)
        bar = self.bar_rect()
        mid = self._y(FRAME_Y + POINT_H + MIDDLE_H / 2)
        if n == WHITE:   # White's men wait on the half of the bar next to Black's home table
            return QRectF(bar.left(), self._y(FRAME_Y), bar.width(), mid - self._y(FRAME_Y))
        return QRectF(bar.left(), mid, bar.width(), self._y(BOARD_H - FRAME_Y) - mid)

    def slot(self, loc: Loc, index: int) -> QPointF:
        """The centre of the ``index``-th man at ``loc`` (0 nearest the edge)."""
        kind, n = loc
        d = MAN * self.u
        if kind == "pt":
            rect = self.point_rect(n)
            k = min(index, SHOWN - 1)
            top = self._column(n)[1]
            y = rect.top() + (k + 0.5) * d if top else rect.bottom() - (k + 0.5) * d
            return QPointF(rect.center().x(), y + (0.5 if top else -0.5))
        if kind == "bar":
            rect = self.loc_rect(loc)
            k = min(index, 3)
            gap = 0.5 * self.u     # clear of the cube lying in the middle
            y = rect.bottom() - gap - (k + 0.5) * d if n == WHITE else rect.top() + gap + (k + 0.5) * d
            return QPointF(rect.center().x(), y)
        rect = self.tray_rect(n)
        t = rect.height() / 15.5
        y = rect.bottom() - (index + 0.6) * t if n == WHITE else rect.top() + (index + 0.6) * t
        return QPointF(rect.center().x(), y)

    def loc_at(self, pos: QPointF) -> Loc | None:
        for n in range(1, 25):
            if self.point_rect(n).contains(pos):
                return ("pt", n)
        for s in (WHITE, BLACK):
            if self.tray_rect(s).adjusted(-0.3 * self.u, 0, 0.3 * self.u, 0).contains(pos):
                return ("off", s)
        bar = self.bar_rect()
        if bar.contains(pos):
            mid = self._y(FRAME_Y + POINT_H + MIDDLE_H / 2)
            return ("bar", WHITE if pos.y() < mid else BLACK)
        # The middle band of a table counts as the point above or below (a generous drop).
        for n in range(1, 25):
            r = self.point_rect(n)
            top = self._column(n)[1]
            band = QRectF(r.left(), r.bottom() if top else r.top() - MIDDLE_H * self.u / 2,
                          r.width(), MIDDLE_H * self.u / 2)
            if band.contains(pos):
                return ("pt", n)
        # Off the board to the right: the tray.
        board = self.board_rect()
        if pos.x() > self.tray_rect(WHITE).left() - 0.3 * self.u and board.top() <= pos.y() <= board.bottom() + self.u:
            return ("off", WHITE if pos.y() > board.center().y() else BLACK)
        return None

    # -- mover's points and places ------------------------------------------------------------------
    def mover_point(self, loc: Loc, seat: int) -> int | None:
        """The mover's own number for a place: 1..24, 25 the bar, 0 off (None: not his)."""
        kind, n = loc
        if kind == "pt":
            return n if seat == WHITE else 25 - n
        if kind == "bar":
            return BAR if n == seat else None
        return OFF if n == seat else None

    def place_of(self, seat: int, point: int) -> Loc:
        if point == BAR:
            return ("bar", seat)
        if point == OFF:
            return ("off", seat)
        return ("pt", absolute(seat, point))

    # -- building and drawing ---------------------------------------------------------------------
    def build(self) -> None:
        scene = self.table.scene()
        self._panel = QGraphicsTextItem()
        self._panel.setDefaultTextColor(QColor(238, 232, 214))
        self._panel.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self._panel)
        self._cube = CubeItem(0.8 * self.u)
        self._cube.hide()
        scene.addItem(self._cube)
        for s in (WHITE, BLACK):
            label = QGraphicsSimpleTextItem()
            label.setBrush(LABEL)
            label.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            label.setZValue(6)
            scene.addItem(label)
            self._tray_labels[s] = label

    def teardown(self) -> None:
        for anim in (self._anim, self._dice_anim):
            if anim is not None:
                anim.stop()
        self._anim = self._dice_anim = None
        scene = self.table.scene()
        for items in self.men.values():
            for item in items:
                scene.removeItem(item)
        for item in [*self.dice, *self.buttons, *self.marks]:
            scene.removeItem(item)
        for item in (self._panel, self._cube, *self._tray_labels.values()):
            if item is not None:
                scene.removeItem(item)
        self._tray_labels = {}
        self.men, self.dice, self.buttons, self.marks = {}, [], [], []
        self._panel = self._cube = None

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QBrush(baize_tile()))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u = self.u
        board = self.board_rect()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 80))
        painter.drawRoundedRect(board.translated(4, 6), u * 0.25, u * 0.25)     # shadow
        grad = QLinearGradient(board.topLeft(), board.bottomRight())
        grad.setColorAt(0, FRAME.lighter(112))
        grad.setColorAt(1, FRAME.darker(112))
        painter.setBrush(QBrush(grad))
        painter.drawRoundedRect(board, u * 0.25, u * 0.25)
        painter.setPen(QPen(FRAME_EDGE, 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(board.adjusted(3, 3, -3, -3), u * 0.2, u * 0.2)
        # The two tables: light oak with a faint grain.
        for right in (False, True):
            t = self.table_rect(right)
            g = QLinearGradient(t.topLeft(), t.topRight())
            g.setColorAt(0, FIELD)
            g.setColorAt(0.5, FIELD_DARK)
            g.setColorAt(1, FIELD)
            painter.setPen(QPen(FRAME.darker(130), 2))
            painter.setBrush(QBrush(g))
            painter.drawRect(t)
            painter.setPen(QPen(QColor(150, 112, 70, 60), 1))
            for k in range(1, 14):
                y = t.top() + t.height() * k / 14
                painter.drawLine(QPointF(t.left() + 2, y), QPointF(t.right() - 2, y + u * 0.05))
        # The points, long triangles, alternately ivory and mahogany.
        for n in range(1, 25):
            r = self.point_rect(n)
            top = self._column(n)[1]
            path = QPainterPath()
            inset = u * 0.04
            if top:
                path.moveTo(r.left() + inset, r.top())
                path.lineTo(r.right() - inset, r.top())
                path.lineTo(r.center().x(), r.bottom() - u * 0.15)
            else:
                path.moveTo(r.left() + inset, r.bottom())
                path.lineTo(r.right() - inset, r.bottom())
                path.lineTo(r.center().x(), r.top() + u * 0.15)
            path.closeSubpath()
            colour = IVORY_POINT if n % 2 == 0 else DARK_POINT
            pg = QLinearGradient(r.topLeft(), r.bottomLeft())
            pg.setColorAt(0 if top else 1, colour.lighter(106))
            pg.setColorAt(1 if top else 0, colour.darker(112))
            painter.setPen(QPen(colour.darker(150), 1))
            painter.setBrush(QBrush(pg))
            painter.drawPath(path)
        # The bar and the trays.
        bar = self.bar_rect()
        bg = QLinearGradient(bar.topLeft(), bar.topRight())
        bg.setColorAt(0, BAR_WOOD.darker(120))
        bg.setColorAt(0.5, BAR_WOOD.lighter(115))
        bg.setColorAt(1, BAR_WOOD.darker(120))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(bg))
        painter.drawRect(bar.adjusted(0, FRAME_Y * u * 0.5, 0, -FRAME_Y * u * 0.5))
        for s in (WHITE, BLACK):
            tray = self.tray_rect(s)
            painter.setPen(QPen(FRAME.darker(140), 1.5))
            painter.setBrush(TRAY)
            painter.drawRoundedRect(tray, u * 0.12, u * 0.12)
        # Labels: White's point numbers on the frame, the trays' names.
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(8, int(u * 0.28)))
        painter.setFont(font)
        painter.setPen(LABEL)
        for n in range(1, 25):
            r = self.point_rect(n)
            top = self._column(n)[1]
            band = QRectF(r.left(), board.top() if top else r.bottom(), r.width(), FRAME_Y * u)
            painter.drawText(band, Qt.AlignmentFlag.AlignCenter, str(n if self.seat == WHITE else 25 - n))
        small = QFont("DejaVu Serif")
        small.setPixelSize(max(8, int(u * 0.24)))
        small.setItalic(True)
        painter.setFont(small)
        # (the trays' words, "off" and how many, are items: they change as men are borne off)
        # The tables' names as the book gives them, faintly on the middle band.
        painter.setPen(QColor(110, 76, 44, 150))
        names = {(True, False): "White's inner table", (False, False): "White's outer table",
                 (True, True): "Black's inner table", (False, True): "Black's outer table"}
        for (right, top), name in names.items():
            t = self.table_rect(right)
            y = self._y(FRAME_Y + POINT_H + (0.05 if top else MIDDLE_H - 0.45))
            painter.drawText(QRectF(t.left(), y, t.width(), 0.4 * u), Qt.AlignmentFlag.AlignCenter, name)

    def _place_panel(self) -> None:
        assert self._panel is not None
        if self.panel_below:
            self._panel.setPos(QPointF(self._x(0.2), self._y(BOARD_H + 0.15)))
            self._panel.setTextWidth((BOARD_W - 0.4) * self.u)
        else:
            self._panel.setPos(QPointF(self._x(BOARD_W + 0.3), self._y(0)))
            self._panel.setTextWidth(PANEL_W * self.u)
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(11, min(17, int(self.u * (0.34 if self.panel_below else 0.3)))))
        self._panel.setFont(font)

    # -- keeping the items in step --------------------------------------------------------------------
    def sync(self, animate: bool) -> None:
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        self.drag = None
        state = self.state()
        if self.builder is not None and self.builder.state is not state:
            self.builder = None
        self._builder_now()
        animate = animate and self.table.animations_on
        self._place_men(animate)
        self._show_dice(state, animate)
        self._show_buttons(state)
        self._show_marks()
        self._show_panel(state)
        self._show_cube(state)
        self._show_trays()

    def _show_trays(self) -> None:
        """Each tray's word on the frame beside it: "off", and how many are off."""
        counts = self.shown_counts()
        board = self.board_rect()
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(9, int(self.u * 0.3)))
        for s, label in self._tray_labels.items():
            men = counts.get(("off", s), (s, 0))[1]
            font.setBold(men > 0)
            label.setFont(font)
            label.setText(f"{men} off" if men else "off")
            tray = self.tray_rect(s)
            band = QRectF(tray.left() - 0.3 * self.u, board.top() if s == BLACK else tray.bottom(),
                          tray.width() + 0.6 * self.u, FRAME_Y * self.u)
            r = label.boundingRect()
            label.setPos(QPointF(band.center().x() - r.width() / 2, band.center().y() - r.height() / 2))

    def borne_off_text(self, seat: int) -> str:
        """What the tray of ``seat`` says (for tests)."""
        label = self._tray_labels.get(seat)
        return label.text() if label is not None else ""

    def _show_cube(self, state: BackgammonState) -> None:
        """On the bar: in the middle until first turned, then at the end of its owner's side."""
        cube = self._cube
        if cube is None:
            return
        if not state.options.get("cube"):
            cube.hide()
            return
        size = 0.78 * self.u
        cube.set_look(size, 64 if state.cube_owner < 0 else state.cube)
        bar = self.bar_rect()
        if state.cube_owner < 0:
            y = self._y(FRAME_Y + POINT_H + MIDDLE_H / 2)
        elif state.cube_owner == WHITE:
            y = bar.bottom() - (FRAME_Y + 0.55) * self.u
        else:
            y = bar.top() + (FRAME_Y + 0.55) * self.u
        cube.setPos(QPointF(bar.center().x(), y))
        cube.show()

    def _place_men(self, animate: bool, quick: bool = False) -> None:
        scene = self.table.scene()
        wanted = self.shown_counts()
        size = MAN * self.u
        spare: dict[int, list[tuple[Loc, ManItem]]] = {WHITE: [], BLACK: []}
        kept: dict[Loc, list[ManItem]] = {}
        for loc, items in self.men.items():
            seat, count = wanted.get(loc, (-1, 0))
            keep = items[:count] if items and items[0].seat == seat else []
            kept[loc] = keep
            for item in items[len(keep):]:
                spare[item.seat].append((loc, item))
        for loc, (seat, count) in wanted.items():
            have = kept.setdefault(loc, [])
            while len(have) < count:
                pool = spare[seat]
                if pool:
                    # The nearest man that left his place is the one that came here.
                    target = self.slot(loc, len(have))
                    pool.sort(key=lambda e: (e[1].pos() - target).manhattanLength())
                    _, item = pool.pop(0)
                else:
                    item = ManItem(seat, size)
                    scene.addItem(item)
                    item.setPos(self.slot(loc, len(have)))
                have.append(item)
        for pool in spare.values():
            for _, item in pool:
                scene.removeItem(item)
        self.men = {loc: items for loc, items in kept.items() if items}
        group = QParallelAnimationGroup(self.table)
        for loc, items in self.men.items():
            slab = loc[0] == "off"
            for i, item in enumerate(items):
                last = i == len(items) - 1
                # On a point the count is written beyond five men; on the bar as soon as two wait
                # (they lie on one another there, and the count is what the player must read).
                limit = SHOWN if loc[0] == "pt" else 1 if loc[0] == "bar" else 99
                count = len(items) if last and len(items) > limit else 0
                item.set_look(size, count, slab)
                item.setZValue(10 + i)
                target = self.slot(loc, i)
                if animate and (item.pos() - target).manhattanLength() > 0.5:
                    item.setZValue(60 + i)
                    group.addAnimation(flight(item, item.pos(), target, MOVE_MS if not quick else 140))
                else:
                    item.setPos(target)
        if group.animationCount():
            self._anim = group
            group.finished.connect(self._settle)
            group.start()

    def _settle(self) -> None:
        for items in self.men.values():
            for i, item in enumerate(items):
                item.setZValue(10 + i)

    def men_at(self, loc: Loc) -> list[ManItem]:
        return self.men.get(loc, [])

    # -- the dice -------------------------------------------------------------------------------------
    def _dice_values(self, state: BackgammonState) -> tuple[int, list[int], list[bool]]:
        """(seat, values, used) of the dice to show."""
        if state.phase is Phase.MOVE:
            values = list(state.dice) * (2 if state.dice[0] == state.dice[1] else 1)
            used = [False] * len(values)
            b = self.builder
            if b is not None:
                left = list(b.dice_left)
                remaining = list(left)
                used = []
                for v in values:
                    if v in remaining:
                        remaining.remove(v)
                        used.append(False)
                    else:
                        used.append(True)
                # the used ones first, as they were played
                pairs = sorted(zip(values, used), key=lambda p: not p[1])
                values, used = [p[0] for p in pairs], [p[1] for p in pairs]
            return state.turn, values, used
        if state.lost:
            seat, hi, lo = state.lost
            return seat, [hi, lo], [True, True]
        if state.phase is Phase.OPENING and state.opening_tie:
            return -1, [state.opening_tie, state.opening_tie], [False, False]
        return -1, [], []

    def _show_dice(self, state: BackgammonState, animate: bool) -> None:
        scene = self.table.scene()
        seat, values, used = self._dice_values(state)
        size = 0.72 * self.u if len(values) <= 2 else 0.6 * self.u
        while len(self.dice) < len(values):
            die = DieItem(1, WHITE, size)
            scene.addItem(die)
            self.dice.append(die)
        while len(self.dice) > len(values):
            scene.removeItem(self.dice.pop())
        # A throw is animated once, when it first appears (not as men are moved for it).
        throw_key = (state.turn, tuple(values), state.phase)
        fresh = throw_key != self._shown_throw and not (self.builder is not None and self.builder.hops)
        self._shown_throw = throw_key
        group = QParallelAnimationGroup(self.table)
        for i, (value, die) in enumerate(zip(values, self.dice)):
            colour = seat if seat >= 0 else (WHITE if i == 0 else BLACK)
            die.set_look(value, colour, size, used[i] if i < len(used) else False)
            target = self._die_place(seat, i, len(values))
            if animate and fresh and not used[i]:
                group.addAnimation(self._roll(die, target, i))
            else:
                die.setRotation(0)
                die.setPos(target)
        if group.animationCount():
            if self._dice_anim is not None:
                self._dice_anim.stop()
            self._dice_anim = group
            group.start()

    def _die_place(self, seat: int, index: int, count: int) -> QPointF:
        """Dice rest in the middle of the thrower's right-hand table: White's (at the bottom)
        is the right table, Black's the left; the first throw's single dice one in each."""
        right = seat == WHITE if seat >= 0 else index == 0
        t = self.table_rect(right)
        y = self._y(FRAME_Y + POINT_H + MIDDLE_H / 2)
        gap = 0.95 * self.u if count <= 2 else 0.8 * self.u
        if seat < 0:
            return QPointF(t.center().x(), y)
        x = t.center().x() + (index - (count - 1) / 2) * gap
        return QPointF(x, y)

    def _roll(self, die: DieItem, target: QPointF, index: int) -> QVariantAnimation:
        """A short throw: the die tumbles in from the thrower's side and settles."""
        start = QPointF(target.x() + (index - 0.5) * 0.8 * self.u,
                        target.y() + (2.2 if die.seat == WHITE else -2.2) * self.u)
        anim = QVariantAnimation()
        anim.setDuration(380 + 60 * index)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        spin = 300 + 140 * index

        def step(t: float) -> None:
            ease = 1 - (1 - t) ** 3
            die.setPos(start + (target - start) * ease)
            die.setRotation(spin * (1 - ease))
        anim.valueChanged.connect(step)
        return anim

    # -- buttons --------------------------------------------------------------------------------------
    # The cube's decisions, each button's word: the action it plays and the hint's key.
    CUBE_WORDS: ClassVar[dict[str, str]] = {"no double": "Roll", "double": "Double", "take": "Take",
                                            "drop": "Drop"}

    def button_specs(self, state: BackgammonState) -> list[tuple[str, str, Callable[[], None]]]:
        """(word, what it means, callback) of each button the player may press now."""
        if not self.table.human_to_move:
            return []
        legal = self.table.legal()
        out: list[tuple[str, str, Callable[[], None]]] = []
        if state.phase is Phase.CUBE:
            out.append(("Roll", f"the stake stays {state.cube}", lambda: self._play(CubeAction("no double"))))
            out.append(("Double", f"the stake to {state.cube * 2}", lambda: self._play(CubeAction("double"))))
        elif state.phase is Phase.OFFERED:
            out.append(("Take", f"play on for {state.cube * 2}", lambda: self._play(CubeAction("take"))))
            out.append(("Drop", f"give up {state.cube}", lambda: self._play(CubeAction("drop"))))
        elif state.phase is Phase.MOVE:
            b = self.builder
            if b is not None and b.hops:
                out.append(("Undo man", "", self.undo_man))
                if b.can_finish:
                    out.append(("Finish", "", self.finish))
            elif ThrowAgain() in legal:
                out.append(("Throw again", "", lambda: self._play(ThrowAgain())))
        return out

    def _show_buttons(self, state: BackgammonState) -> None:
        scene = self.table.scene()
        for item in self.buttons:
            scene.removeItem(item)
        self.buttons = []
        specs = self.button_specs(state)
        if not specs:
            self.focus_button = -1
            return
        # In the middle band of the table the person's dice do not lie in: the left one while he
        # plays a throw, the right one (his own, free of dice) when deciding about the cube.
        t = self.table_rect(state.phase in (Phase.CUBE, Phase.OFFERED))
        worded = any(detail for _, detail, _ in specs)
        h = (0.95 if worded else 0.62) * self.u
        w = (2.5 if worded else 1.9) * self.u if len(specs) > 1 else 2.6 * self.u
        gap = 0.2 * self.u
        total = len(specs) * w + (len(specs) - 1) * gap
        x = t.center().x() - total / 2
        y = self._y(FRAME_Y + POINT_H + MIDDLE_H / 2) - h / 2
        for i, (label, detail, callback) in enumerate(specs):
            item = ButtonItem(label, callback, detail)
            item.set_rect(QRectF(x + i * (w + gap), y, w, h))
            item.focused = self.keyboard_active and i == self.focus_button
            scene.addItem(item)
            self.buttons.append(item)
        if self.focus_button >= len(self.buttons):
            self.focus_button = -1

    def button_at(self, pos: QPointF) -> ButtonItem | None:
        for item in self.buttons:
            if item.rect.contains(pos):
                return item
        return None

    # -- marks: lit targets, the hint, the keyboard's place --------------------------------------------
    def _clear_marks(self) -> None:
        scene = self.table.scene()
        for mark in self.marks:
            scene.removeItem(mark)
        self.marks = []

    def _mark(self, loc: Loc, colour: QColor, fill: int, outline: bool = False) -> None:
        rect = self.loc_rect(loc)
        path = QPainterPath()
        if loc[0] == "pt":
            top = self._column(loc[1])[1]
            if top:
                path.moveTo(rect.topLeft())
                path.lineTo(rect.topRight())
                path.lineTo(rect.center().x(), rect.bottom())
            else:
                path.moveTo(rect.bottomLeft())
                path.lineTo(rect.bottomRight())
                path.lineTo(rect.center().x(), rect.top())
            path.closeSubpath()
        else:
            path.addRoundedRect(rect.adjusted(2, 2, -2, -2), 6, 6)
        item = QGraphicsPathItem(path)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        c = QColor(colour)
        c.setAlpha(fill)
        item.setBrush(c if fill else QBrush(Qt.BrushStyle.NoBrush))
        item.setPen(QPen(colour, max(2.0, self.u * 0.07)) if outline else QPen(Qt.PenStyle.NoPen))
        item.setZValue(5 if not outline else 8)
        self.table.scene().addItem(item)
        self.marks.append(item)

    def targets(self, src: int) -> set[Loc]:
        b = self.builder
        if b is None:
            return set()
        return {self.place_of(b.seat, dst) for dst in b.targets(src)}

    def sources(self) -> set[Loc]:
        b = self.builder
        if b is None:
            return set()
        return {self.place_of(b.seat, p) for p in b.sources()}

    def _show_marks(self) -> None:
        self._clear_marks()
        self.lit = set()
        for items in self.men.values():
            for item in items:
                item.set_look(item.size, item.count, item.slab, None)
        if self.selected is not None and self.builder is not None:
            for item in self.men_at(self.place_of(self.builder.seat, self.selected))[-1:]:
                item.set_look(item.size, item.count, item.slab, HIGHLIGHT)
            for loc in self.targets(self.selected):
                self.lit.add(loc)
                self._mark(loc, HIGHLIGHT, 120)
                self._mark(loc, HIGHLIGHT, 0, outline=True)
        elif self.builder is not None and self.drag is None:
            # The men that may move wear a faint ring, so the person sees where to start.
            for loc in self.sources():
                for item in self.men_at(loc)[-1:]:
                    item.set_look(item.size, item.count, item.slab, MOVABLE)
        for loc in self.hint_locs:
            self._mark(loc, HINT, 0, outline=True)
        if self.keyboard_active and self.focus_button < 0:
            self._mark(self.cursor, HIGHLIGHT, 0, outline=True)
        for i, button in enumerate(self.buttons):
            button.focused = self.keyboard_active and i == self.focus_button
            button.update()
        self.table.refresh_prompt()     # a man lifted or moved changes what to do next

    # -- the panel: pips, the cube, the moves ----------------------------------------------------------
    def _history_lines(self) -> list[str]:
        session = self.table.session
        if session is None:
            return []
        steps = session.steps
        key = (len(steps), steps[-1] if steps else None)
        if key == self._history_key:
            return self._history
        lines: list[str] = []
        state = session.first_state          # the usual start, or the set-up position
        for step in steps:
            action = step.action
            if isinstance(action, OpeningThrow):
                if action.white == action.black:
                    lines.append(f"First throw: {action.white} each, again")
                else:
                    who = NAMES[WHITE if action.white > action.black else BLACK]
                    lines.append(f"First throw: White {action.white}, Black {action.black} — {who} begins")
            elif isinstance(action, Play) and state.phase is Phase.MOVE:
                dice = f"{state.dice[0]}-{state.dice[1]}"
                lines.append(f"{NAMES[state.turn]} {dice}: {self.game.play_text(state, action)}")  # type: ignore[attr-defined]
            elif isinstance(action, ThrowAgain):
                lines.append(f"{NAMES[state.turn]} throws again")
            elif isinstance(action, CubeAction) and action.word != "no double":
                who = self.game.to_move(state)
                lines.append(f"{NAMES[who] if isinstance(who, int) else '?'} {action.word}s"
                             if action.word != "double" else f"{NAMES[state.turn]} doubles")
            state = self.game.apply(state, action)
            if isinstance(action, Roll) and state.lost:
                lines.append(f"{NAMES[state.lost[0]]} {action.high}-{action.low}: cannot move")
        self._history_key, self._history = key, lines
        return lines

    def _show_panel(self, state: BackgammonState) -> None:
        if self._panel is None:
            return
        self._place_panel()
        you = self.seat

        def who(s: int) -> str:
            return f"{NAMES[s]} ({'you' if s == you else 'computer'})"

        lines = self._history_lines()[-(4 if self.panel_below else 14):]
        rows = "".join(f"<div style='margin:1px 0'>{line}</div>" for line in lines) or \
            "<div><i>No moves yet.</i></div>"
        cube = ""
        if state.options.get("cube"):
            owner = "in the middle" if state.cube_owner < 0 else f"with {NAMES[state.cube_owner]}"
            cube = f"<b>Cube:</b> {state.cube} ({owner})<br>"
        turn = ""
        seat = self.game.to_move(state)
        if isinstance(seat, int):
            doing = "play" if state.phase is Phase.MOVE else "decide"
            turn = f"<span style='color:#ffd666'>{NAMES[seat]} to {doing}</span>"
        sides = (f"<b>{who(BLACK)}</b>: {state.pips(BLACK)} pips · {state.off[BLACK]} off<br>"
                 f"<b>{who(WHITE)}</b>: {state.pips(WHITE)} pips · {state.off[WHITE]} off<br>"
                 f"{cube}{turn}")
        moves = f"<b>Moves</b><div style='font-size:small; color:#e6dcc4'>{rows}</div>"
        if self.panel_below:
            html = (f"<table width='100%'><tr><td width='45%' valign='top'>{sides}</td>"
                    f"<td valign='top'>{moves}</td></tr></table>")
        else:
            html = (f"<p style='font-size:large'><b>{who(BLACK)}</b><br>{state.pips(BLACK)} pips · "
                    f"{state.off[BLACK]} off</p>"
                    f"<p style='font-size:large'><b>{who(WHITE)}</b><br>{state.pips(WHITE)} pips · "
                    f"{state.off[WHITE]} off</p><p>{cube}{turn}</p>"
                    f"<p style='margin-top:10px'>{moves}</p>")
        self._panel.setHtml(html)

    # -- playing --------------------------------------------------------------------------------------
    def _play(self, action: Any) -> None:
        self.selected = None
        self.table.play(action)

    def _hop(self, src: int, dst: int) -> bool:
        """Move one man in the turn being built; play the turn when it is complete."""
        b = self.builder
        if b is None:
            return False
        try:
            b.move(src, dst)
        except IllegalAction as exc:
            self.table.refuse(exc.reason[:1].upper() + exc.reason[1:] + ".", exc.rule or "")
            self._place_men(animate=self.table.animations_on, quick=True)
            self._show_marks()
            return False
        self.selected = None
        if b.complete:
            self.table.play(b.play())
            return True
        self._place_men(animate=self.table.animations_on, quick=True)
        self._show_dice(self.state(), animate=False)
        self._show_buttons(self.state())
        self._show_marks()
        left = "-".join(str(d) for d in b.dice_left)
        more = " (or Finish: the play is complete as it stands)" if b.can_finish else ""
        self.table.say(f"Moved {self._hops_text(b)} — still to play: {left}{more}.", "")
        return True

    def _hops_text(self, b: TurnBuilder) -> str:
        return " ".join(f"{'bar' if h.src == BAR else h.src}/{'off' if h.dst == OFF else h.dst}" for h in b.hops)

    def undo_man(self) -> bool:
        """Take back the last man moved in this turn."""
        b = self.builder
        if b is None or not b.hops:
            return False
        b.undo()
        self.selected = None
        self._place_men(animate=self.table.animations_on, quick=True)
        self._show_dice(self.state(), animate=False)
        self._show_buttons(self.state())
        self._show_marks()
        self.table.say("Took back the last man moved.", "")
        return True

    def finish(self) -> bool:
        b = self.builder
        if b is None or not b.can_finish:
            return False
        return self.table.play(b.play())

    def explain(self, src: int | None, dst: int | None) -> None:
        state = self.state()
        b = self.builder
        if state.phase is not Phase.MOVE or b is None:
            if state.phase in (Phase.CUBE, Phase.OFFERED):
                self.table.refuse("First decide about the cube: use the buttons on the table.", "")
            return
        if src is None:
            if b.sources():
                self.table.refuse("Move one of your own men: those that can move are on the lit points "
                               "when you pick one up.", "")
            return
        if src not in b.sources():
            if b.position[BAR] > 0 and src != BAR:
                self.table.refuse("A man on the bar must enter before any other man moves.",
                               "backgammon#entering-from-the-bar")
                return
            self.table.refuse("That man cannot move with the dice left.", "backgammon#moving-the-men")
            return
        if dst is not None:
            exc = b.refusal(src, dst)
            self.table.refuse(exc.reason[:1].upper() + exc.reason[1:] + ".", exc.rule or "")

    # -- the mouse ------------------------------------------------------------------------------------
    def press(self, scene_pos: QPointF) -> None:
        self.keyboard_active = False
        button = self.button_at(scene_pos)
        if button is not None:
            button.callback()
            return
        b = self._builder_now()
        loc = self.loc_at(scene_pos)
        if b is None:
            if loc is not None:
                self.explain(None, None)
            return
        seat = b.seat
        point = self.mover_point(loc, seat) if loc is not None else None
        if self.selected is not None and point is not None and point != self.selected \
                and loc in self.targets(self.selected):
            src, self.selected = self.selected, None
            self._hop(src, point)
            return
        if point is None or point == OFF or point not in b.sources():
            if self.selected is not None and loc is not None:
                src, self.selected = self.selected, None
                self.explain(src, point)
                self._show_marks()
                return
            self.selected = None
            self._show_marks()
            if loc is not None and loc[0] != "off":
                self.explain(point if point not in (None, OFF) else None, None)
            return
        items = self.men_at(self.place_of(seat, point))
        if not items:
            return
        item = items[-1]
        self.drag = ManDrag(point, item, scene_pos - item.pos(), scene_pos)
        item.setZValue(100)
        self.selected = point
        self._show_marks()

    def move(self, scene_pos: QPointF) -> None:
        drag = self.drag
        if drag is None:
            return
        if not drag.moved and (scene_pos - drag.origin).manhattanLength() < 4:
            return
        drag.moved = True
        drag.item.setPos(scene_pos - drag.grab)

    def release(self, scene_pos: QPointF) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if not drag.moved:
            return      # a click: the man stays picked up; a click on a lit point moves him
        b = self.builder
        loc = self.loc_at(drag.item.pos())
        self.selected = None
        if b is not None and loc is not None:
            dst = self.mover_point(loc, b.seat)
            if dst is not None and dst != drag.src:
                if loc in self.targets(drag.src):
                    self._hop(drag.src, dst)
                    return
                self.explain(drag.src, dst)
        self._place_men(animate=self.table.animations_on, quick=True)   # snap back
        self._show_marks()

    def double_click(self, scene_pos: QPointF) -> None:
        """A man double-clicked goes off if he may, else as far as the larger die left takes him."""
        b = self._builder_now()
        loc = self.loc_at(scene_pos)
        if b is None or loc is None:
            return
        point = self.mover_point(loc, b.seat)
        if point is None or point not in b.sources():
            return
        moves = [h for h in b.moves() if h.src == point]
        best = min(moves, key=lambda h: (h.dst != OFF, -h.die))
        self._hop(point, best.dst)

    def cancel_drag(self) -> None:
        if self.drag is not None:
            self.drag = None
            self._place_men(animate=False)

    # -- the keyboard ---------------------------------------------------------------------------------
    # The keyboard walks the places as they lie: two rows, each of six points, the bar, six points
    # and the tray (columns 0..13 from the left).
    def _grid(self, loc: Loc) -> tuple[int, int]:
        kind, n = loc
        if kind == "bar":
            return (0 if n == WHITE else 1), 6
        if kind == "off":
            return (0 if n == BLACK else 1), 13
        left, top = self._column(n)
        col = round(left - FRAME_X) if left < FRAME_X + TABLE_W else round(left - FRAME_X - BAR_W) + 1
        return (0 if top else 1), col

    def _from_grid(self, row: int, col: int) -> Loc:
        if col == 6:
            return ("bar", WHITE if row == 0 else BLACK)
        if col == 13:
            return ("off", BLACK if row == 0 else WHITE)
        for n in range(1, 25):
            if self._grid(("pt", n)) == (row, col):
                return ("pt", n)
        raise ValueError((row, col))

    def key(self, name: str) -> bool:
        """Arrows walk over the board, Enter (or Space) picks up a man and puts him down, Escape
        puts him back or takes back the last man moved.  The buttons on the table (Throw again,
        Double, Take, Finish …) are reached with Up from the top row, or are all there is when no
        man may move: Left and Right choose among them, Enter presses, Down goes back."""
        self.keyboard_active = True
        self._builder_now()
        b = self.builder
        on_buttons = bool(self.buttons) and (b is None or self.focus_button >= 0)
        if on_buttons:
            if self.focus_button < 0:
                self.focus_button = 0
            if name in ("left", "right"):
                step = 1 if name == "right" else -1
                self.focus_button = (self.focus_button + step) % len(self.buttons)
            elif name in ("enter", "space"):
                index, self.focus_button = self.focus_button, -1
                self.buttons[index].callback()
                return True
            elif name in ("down", "escape") and b is not None:
                self.focus_button = -1
            elif name not in ("up", "down", "escape"):
                return False
            self._show_marks()
            return True
        if b is None:
            if self.game.to_move(self.state()) is not Special.TERMINAL:
                self.table.say("Nothing to move now.", "")
            return name in ("left", "right", "up", "down", "enter", "space", "escape")
        row, col = self._grid(self.cursor)
        if name == "left":
            col = max(0, col - 1)
        elif name == "right":
            col = min(13, col + 1)
        elif name == "up":
            if row == 0 and self.buttons:
                self.focus_button = 0
                self._show_marks()
                return True
            row = 0
        elif name == "down":
            row = 1
        elif name == "escape":
            if self.selected is not None:
                self.selected = None
                self._show_marks()
            else:
                self.undo_man()
            return True
        elif name in ("enter", "space"):
            self._key_enter(b)
            return True
        else:
            return False
        self.cursor = self._from_grid(row, col)
        self._show_marks()
        if self.selected is None:
            self.table.say(self.describe_place(self.cursor), "")
        return True

    def describe_place(self, loc: Loc) -> str:
        """The place under the keyboard's cursor, named as the book names it."""
        kind, n = loc
        counts = self.shown_counts()
        seat, men = counts.get(loc, (WHITE, 0))
        held = f": {men} {NAMES[seat]} {'man' if men == 1 else 'men'}" if men else ": empty"
        if kind == "pt":
            mine = n if self.seat == WHITE else 25 - n
            return f"Point {mine}, {point_name(WHITE, n)}{held}"
        if kind == "bar":
            return f"The bar, {NAMES[n]}'s men waiting to enter{held}"
        return f"{NAMES[n]}'s tray, the men borne off{held}"

    def _key_enter(self, b: TurnBuilder) -> None:
        point = self.mover_point(self.cursor, b.seat)
        if self.selected is None:
            if point is not None and point != OFF and point in b.sources():
                self.selected = point
                self._show_marks()
                where = "the bar" if point == BAR else f"point {point}"
                self.table.say(f"Picked up a man on {where}: go to a lit place and press Enter "
                               "(Escape puts him back).", "")
                return
            if b.can_finish:
                self.finish()
                return
            self.explain(point if point not in (None, OFF) else None, None)
            return
        src, self.selected = self.selected, None
        if point is not None and self.cursor in self.targets(src):
            self._hop(src, point)
            return
        if point != src:
            self.explain(src, point)
        self._show_marks()

    # -- what the table tells the player --------------------------------------------------------------
    def show_hint(self, action: Any) -> None:
        self.hint_locs = []
        state = self.state()
        if isinstance(action, Play):
            for src, dst in action.hops:
                for loc in (self.place_of(state.turn, src), self.place_of(state.turn, dst)):
                    if loc not in self.hint_locs:
                        self.hint_locs.append(loc)
        for button in self.buttons:
            button.lit = button is self._button_for(action)
            button.update()
        self._show_marks()

    def _button_for(self, action: Any) -> ButtonItem | None:
        """The button on the table that plays ``action`` (a cube decision, throwing again)."""
        if isinstance(action, ThrowAgain):
            word: str | None = "Throw again"
        elif isinstance(action, CubeAction):
            word = self.CUBE_WORDS.get(action.word)
        else:
            return None
        return next((b for b in self.buttons if b.label == word), None)

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """A play: the man that moves first and the place he comes to (followed through the
        hops he makes alone); a cube decision or throwing again: its button."""
        button = self._button_for(action)
        if button is not None:
            return None, QRectF(button.rect)
        if not isinstance(action, Play) or not action.hops:
            return None, None
        seat = self.state().turn
        src, dst = action.hops[0]
        for hop_src, hop_dst in action.hops[1:]:
            if hop_src == dst:
                dst = hop_dst
        src_loc, dst_loc = self.place_of(seat, src), self.place_of(seat, dst)
        owner, there = self.shown_counts().get(dst_loc, (seat, 0))
        d = MAN * self.u

        def box(centre: QPointF) -> QRectF:
            return QRectF(centre.x() - d / 2, centre.y() - d / 2, d, d)
        return (box(self.slot(src_loc, max(0, len(self.men_at(src_loc)) - 1))),
                box(self.slot(dst_loc, there if owner == seat else 0)))

    def callout_anchor(self) -> QPointF | None:
        if self.keyboard_active and self.focus_button < 0:
            return self.loc_rect(self.cursor).center()
        return None

    def prompt(self) -> str:
        state = self.state()
        seat = self.game.to_move(state)
        if not isinstance(seat, int):
            return ""
        dice = f"{state.dice[0]}-{state.dice[1]}" if state.phase is Phase.MOVE else ""
        if not self.table.human_to_move:
            thinking = " — the computer is thinking…" if self.table.computer_thinking else ""
            if state.phase is Phase.OFFERED:
                return f"{NAMES[seat]} decides: take your double or drop it{thinking}"
            if state.phase is Phase.MOVE:
                return f"{NAMES[state.turn]} to play {dice}{thinking}"
            return f"{NAMES[seat]} to throw{thinking}"
        if state.phase is Phase.CUBE:
            return f"Double or roll: the stake is {state.cube}"
        if state.phase is Phase.OFFERED:
            return f"{NAMES[state.turn]} doubles: take (for {state.cube * 2}) or drop (lose {state.cube})"
        if state.phase is not Phase.MOVE:
            return ""
        b = self.builder
        if self.selected is not None:
            return "Click a lit place for the man, or Escape"
        if b is not None and b.hops:
            left = "-".join(str(d) for d in b.dice_left)
            if b.can_finish:
                return f"Still to play: {left} — or Finish"
            return f"Still to play: {left}"
        again = ", or throw again" if ThrowAgain() in self.table.legal() else ""
        return f"Your throw {dice}: move a ringed man{again}"

    def clear_hint(self) -> None:
        self.hint_locs = []
        for button in self.buttons:
            button.lit = False
            button.update()
        self._show_marks()

    def status_parts(self) -> list[str]:
        state = self.state()
        parts: list[str] = []
        seat = self.game.to_move(state)
        me = self.seat
        if state.lost:
            who = "You" if state.lost[0] == me else NAMES[state.lost[0]]
            parts.append(f"{who} threw {state.lost[1]}-{state.lost[2]} and could not move: "
                         "the throw is lost")
        if seat is Special.TERMINAL:
            return parts
        if state.phase is Phase.MOVE:
            dice = f"{state.dice[0]}-{state.dice[1]}"
            if seat == me and self.table.human_to_move:
                extra = " — or throw again (the book's choice)" if state.first_throw and \
                    ThrowAgain() in self.table.legal() else ""
                parts.append(f"Your throw: {dice}. Drag a ringed man to a lit point, or click him "
                             f"and then the point{extra}")
            else:
                parts.append(f"{NAMES[state.turn]} to play {dice}")
        elif state.phase is Phase.CUBE and seat == me:
            parts.append("Your turn: throw, or double the stake first")
        elif state.phase is Phase.OFFERED and seat == me:
            parts.append(f"{NAMES[state.turn]} doubles: take at {state.cube * 2}, or drop")
        elif isinstance(seat, int):
            parts.append(f"{NAMES[seat]} to move")
        parts.append(f"Pips: White {state.pips(WHITE)}, Black {state.pips(BLACK)}")
        return parts

    def end_texts(self, outcome: "Outcome") -> tuple[str, str]:
        won = outcome.results[self.seat] > 0
        points = max(outcome.scores) if outcome.scores else 1
        kind = "a backgammon" if "backgammon" in outcome.reason else \
            "a gammon" if "gammon" in outcome.reason else "the game"
        winner = 0 if outcome.results[0] > outcome.results[1] else 1
        title = f"You win {kind}!" if won and self.one_person() else f"{NAMES[winner]} wins {kind}"
        plural = "s" if points != 1 else ""
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + f" ({points} point{plural})."

    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        out: list[tuple[str, str | None, Callable[[], None]]] = [
            ("Copy the &position ID", "Ctrl+Shift+C", self.copy_position_id),
            ("&Set up from position ID…", None, self.ask_setup),
            ("&Throw again (first throw)", "Ctrl+Shift+T", lambda: self._command(ThrowAgain())),
            ("&Finish the move", None, self.finish),
            ("Take back the last &man", None, self.undo_man),
        ]
        if self.table.session is not None and self.table.session.options.get("cube"):
            out += [("&Double", "Ctrl+D", lambda: self._command(CubeAction("double"))),
                    ("T&ake the double", None, lambda: self._command(CubeAction("take"))),
                    ("D&rop the double", None, lambda: self._command(CubeAction("drop")))]
        return out

    def _command(self, action: Any) -> None:
        if action in self.table.legal():
            self._play(action)
        else:
            self.table.say("That is not possible now.", "")

    def ask_setup(self) -> None:
        """Ask for a GNU Backgammon position ID and start a game from it."""
        from PySide6.QtWidgets import QInputDialog
        text, ok = QInputDialog.getText(
            self.table, "Set up from position ID",
            "GNU Backgammon position ID (add “Black” if Black is on roll):",
            text=position_id(self.state()))
        if ok:
            self.set_up(text)

    def set_up(self, text: str) -> bool:
        """Start a game from the position ID ``text`` (the player on roll throws first), the same
        seats and options as now; a text that is no position ID is reported and the game stays."""
        from ...core.errors import NotationError
        from ...core.session import Session
        session = self.table.session
        if session is None:
            return False
        try:
            new = Session(self.game, session.options, human_seats=session.human_seats, setup=text)
        except NotationError as exc:
            reason = str(exc)
            self.table.say(f"Nothing was set up: {reason[:1].lower()}{reason[1:]}.", "backgammon#notation")
            return False
        self.table.load_session(new)
        self.table.say(f"Set up the position {position_id(self.state(), new.state.turn)}; "
                       f"{NAMES[new.state.turn]} was on roll. Undo goes back to it, never before it.",
                       "backgammon#notation")
        return True

    def copy_position_id(self) -> str:
        """GNU Backgammon's ID of the position shown, to the clipboard and the status bar."""
        text = position_id(self.state())
        from PySide6.QtWidgets import QApplication
        clipboard = QApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(text)
        self.table.say(f"Position ID {text} copied (GNU Backgammon's format).", "backgammon#notation")
        return text
