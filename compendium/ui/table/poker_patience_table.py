"""The Poker Patience table, and the Serpent's.

A square of card places on the baize, with the score of every row at its right-hand end, of every
column at its foot, and the total in the corner.  Poker Patience shows the card just turned beside
the square, on the face-down pack; the other players' squares (when the computer plays against
you) stand smaller to the right.  The Serpent shows its twenty-five cards in order, to be laid one
after another; the serpent's path is drawn across the cards as it grows, and the Table menu can
show the best serpent the cards allow.

The card to lay is dragged onto a place, or a place is simply clicked; the places the rules allow
are lit, and a refused place is explained with its law.  The keyboard moves a frame over the
places (arrows) and lays the card (Enter or Space).  The controller decides no rule: what may be
done comes from ``table.legal()``, refusals from the game's ``why_illegal``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from ...core.cards import Card
from ...games.patience.poker_patience import FREE_WIDTH, SEAT_NAMES, SIDE, LineScore, Place, line_scores
from ...games.patience.serpent_poker_patience import SerpentPokerPatience
from ...games.poker_hands import Category
from .card_layer import CardLayer, Lift
from .card_renderer import aspect
from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT, HINT, CardItem, PileItem, paint_pile_outline

if TYPE_CHECKING:
    from ...core.game import Outcome
    from .view import TableWidget

MARGIN = 0.35           # around everything, in card widths
GAP = 0.12              # between the places of the square
PITCH_X = 1 + GAP
PITCH_Y = aspect + GAP
SCORE_W = 1.45          # the column of row scores, right of the square
SCORE_H = 0.62          # the row of column scores, under the square
PANEL_GAP = 0.55        # between the square and the panels beside it
MINI = 0.44             # a card in a small square (another player's, the best serpent)
MINI_PITCH_X = 5 * MINI * 1.08 + 0.35
MINI_PITCH_Y = 0.5 + 5 * MINI * aspect * 1.06 + 0.45
FAN_STEP = 0.33         # the Serpent's row of cards to come: each shows this much of itself
FAN_GAP = 0.75          # between the column scores and that row
CARDS = 25
WINDOW = 7              # places shown of a freely growing square: five, and one all round

INK = QColor(245, 236, 210)
DIM_INK = QColor(245, 236, 210, 150)
GOLD = QColor(212, 175, 55)
AVAILABLE = QColor(250, 240, 205, 150)  # a place the card may go: lit quietly
PATH = QColor(255, 214, 102, 185)

SHORT_NAMES = {Category.HIGH_CARD: "", Category.ONE_PAIR: "pair", Category.TWO_PAIRS: "two pairs",
               Category.THREES: "threes", Category.STRAIGHT: "straight", Category.FLUSH: "flush",
               Category.FULL: "full", Category.FOURS: "fours", Category.STRAIGHT_FLUSH: "str. flush"}


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Serif")
    font.setPixelSize(max(8, int(px)))
    font.setBold(bold)
    return font


class ScoreTag(QGraphicsItem):
    """The score of a line at its end: the points, large, and the hand's name under them.  Gold
    when a full line scores, dim while the line is still growing."""

    def __init__(self) -> None:
        super().__init__()
        self.points = ""
        self.name = ""
        self.full = False
        self.total = False
        self._rect = QRectF(0, 0, 60, 30)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(30_000)

    def set_box(self, rect: QRectF) -> None:
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)

    def set_text(self, points: str, name: str, full: bool, total: bool = False) -> None:
        if (points, name, full, total) != (self.points, self.name, self.full, self.total):
            self.points, self.name, self.full, self.total = points, name, full, total
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.points:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        if self.total:
            path = QPainterPath()
            path.addRoundedRect(r, 8, 8)
            painter.fillPath(path, QColor(14, 34, 22, 210))
            painter.setPen(QPen(GOLD, 1.5))
            painter.drawPath(path)
        big = min(r.height() * (0.5 if self.name else 0.62), r.width() * 0.42)
        painter.setFont(_font(big, bold=True))
        painter.setPen(GOLD if (self.full and self.points != "0") or self.total else (INK if self.full else DIM_INK))
        top = QRectF(r.left(), r.top(), r.width(), r.height() * (0.58 if self.name else 1.0))
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, self.points)
        if self.name:
            painter.setFont(_font(min(big * 0.55, r.width() / 6.5)))
            painter.setPen(INK if self.full else DIM_INK)
            painter.drawText(QRectF(r.left() - 8, top.bottom() - 2, r.width() + 16, r.height() - top.height() + 2),
                             int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), self.name)


class MiniSquare(QGraphicsItem):
    """A small square of card faces drawn as ivory tiles: another player's layout, with a title
    line above it giving the name and the total."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.cells: dict[tuple[int, int], Card] = {}
        self.size = 5
        self.cell = 24.0
        self.lit = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(30_000)

    def set_content(self, title: str, cells: dict[tuple[int, int], Card], cell: float, lit: bool = False) -> None:
        self.prepareGeometryChange()
        self.title, self.cells, self.cell, self.lit = title, cells, cell, lit
        self.update()

    def _title_h(self) -> float:
        return max(12.0, self.cell * 0.62)

    def rect(self) -> QRectF:
        title = QFontMetricsF(_font(self._title_h() * 0.78, bold=True)).horizontalAdvance(self.title)
        w = max(self.size * self.cell * 1.08, title + 4)
        return QRectF(0, 0, w, self._title_h() + self.size * self.cell * aspect * 1.06)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        th = self._title_h()
        painter.setFont(_font(th * 0.78, bold=True))
        painter.setPen(GOLD if self.lit else INK)
        align = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        painter.drawText(QRectF(0, 0, self.rect().width(), th), align,
                         self.title)
        w, h = self.cell, self.cell * aspect
        px, py = w * 1.08, h * 1.06
        face_font = _font(w * 0.42, bold=True)
        for r in range(self.size):
            for c in range(self.size):
                rect = QRectF(c * px, th + r * py, w, h)
                card = self.cells.get((r, c))
                if card is None:
                    painter.setPen(QPen(QColor(255, 255, 255, 60), 1))
                    painter.setBrush(QColor(0, 0, 0, 30))
                    painter.drawRoundedRect(rect, 3, 3)
                    continue
                painter.setPen(QPen(QColor(0, 0, 0, 70), 1))
                painter.setBrush(QColor(252, 250, 242))
                painter.drawRoundedRect(rect, 3, 3)
                painter.setFont(face_font)
                red = card.suit is not None and card.suit.is_red  # type: ignore[attr-defined]
                painter.setPen(QColor(178, 24, 30) if red else QColor(24, 24, 24))
                painter.drawText(rect.adjusted(0, h * 0.06, 0, -h * 0.5), Qt.AlignmentFlag.AlignCenter, card.rank.short)
                painter.drawText(rect.adjusted(0, h * 0.45, 0, -h * 0.06), Qt.AlignmentFlag.AlignCenter,
                                 card.suit.symbol if card.suit else "")


Drag = Lift     # the card lifted to be laid


class PokerPatienceController(TableController):
    """Both games: Poker Patience (``PokerPatienceView``) and the Serpent (``SerpentView``)."""

    def __init__(self, table: TableWidget, game: Any) -> None:
        super().__init__(table, game)
        self.serpent = isinstance(game, SerpentPokerPatience)
        self.unit = 70.0
        self.origin = QPointF(0, 0)       # the top-left place of the square, in the scene
        self.n = SIDE                     # places shown across and down
        self.field = SIDE                 # the game's field of places (9 for a free square)
        self.window = (0, 0)              # the field's row and column of the top-left place shown
        self.places: dict[tuple[int, int], PileItem] = {}   # by place shown (row, column)
        self.row_tags: list[ScoreTag] = []
        self.col_tags: list[ScoreTag] = []
        self.total_tag = ScoreTag()
        self.minis: list[MiniSquare] = []
        self.preview: Any = None          # the best serpent laid out to be seen, until a key or click
        self._preview_state: Any = None
        self.path_item: QGraphicsPathItem | None = None
        self.show_others = True
        self.best: Any = None             # the optimiser's SerpentSolution, once asked for
        self.layer = CardLayer(table)
        self.drag: Drag | None = None
        self.focus = (SIDE // 2, SIDE // 2)   # keyboard: the place shown with the frame
        self.keyboard_active = False
        self._hint: tuple[int, int] | None = None
        self._extent = (SIDE - 1, SIDE - 1)   # the last column and row of places in use or in reach
        self._pack_pos = QPointF()
        self._next_pos = QPointF()
        self._fan_origin = QPointF()
        self._mini_origin = QPointF()
        self._minis_across = 1
        self.arrangement = "right"

    # -- structure --------------------------------------------------------------------------
    def build(self) -> None:
        session = self.table.session
        assert session is not None
        frame = session.options.get("frame", "fixed")
        self.field = FREE_WIDTH if (not self.serpent and frame == "free") else SIDE
        self.n = WINDOW if self.field == FREE_WIDTH else SIDE
        scene = self.table.scene()
        for r in range(self.n):
            for c in range(self.n):
                item = PileItem(f"{r},{c}", "", self.unit)
                scene.addItem(item)
                self.places[(r, c)] = item
        self.row_tags = [ScoreTag() for _ in range(self.n)]
        self.col_tags = [ScoreTag() for _ in range(self.n)]
        for tag in (*self.row_tags, *self.col_tags, self.total_tag):
            scene.addItem(tag)
        self.total_tag.total = True
        players = 1 if self.serpent else int(session.options.get("players", 1))
        self.minis = [MiniSquare() for _ in range(players - 1)]
        for mini in self.minis:
            scene.addItem(mini)
        self.path_item = QGraphicsPathItem()
        self.path_item.setZValue(20_000)
        scene.addItem(self.path_item)
        self.focus = (self.n // 2, self.n // 2)

    @property
    def _cards(self) -> dict[int, CardItem]:
        return self.layer.cards

    def teardown(self) -> None:
        self.layer.teardown()
        scene = self.table.scene()
        items: list[QGraphicsItem] = [*self.places.values(), *self.row_tags,
                                      *self.col_tags, self.total_tag, *self.minis]
        if self.path_item is not None:
            items.append(self.path_item)
        for item in items:
            if item.scene() is scene:
                scene.removeItem(item)
        self.places, self.minis = {}, []
        self.row_tags, self.col_tags = [], []
        self.path_item = None

    def _view(self) -> Any:
        return self.table.current_view()

    # -- layout -----------------------------------------------------------------------------
    def _others_block(self, across: int) -> tuple[float, float]:
        """Card widths and heights of the other players' squares, ``across`` of them to a row."""
        if not self.minis or not self.show_others:
            return 0.0, 0.0
        rows = -(-len(self.minis) // across)
        return across * MINI_PITCH_X - 0.35, rows * MINI_PITCH_Y

    def _arrangements(self) -> list[tuple[str, float, float]]:
        """The ways the table may be laid out, with their extent in card widths (margins aside).
        The one that lets the cards be largest in the window is chosen."""
        grid_w = self.n * PITCH_X - GAP
        grid_h = self.n * PITCH_Y - GAP
        if self.serpent:
            # the cards to come in a fanned row under the board
            fan_w = (CARDS - 1) * FAN_STEP + 1
            return [("below", max(grid_w + SCORE_W, fan_w), grid_h + SCORE_H + FAN_GAP + aspect + 0.35)]
        side_w = grid_w + SCORE_W + PANEL_GAP + 1.0          # the square, its scores, the next card
        height = max(grid_h + SCORE_H, 0.45 + 2 * aspect + 0.75)
        if not self.minis or not self.show_others:
            return [("right", side_w, height)]
        out = []
        for across in (1, 2):
            w, h = self._others_block(across)
            out.append((f"right{across}", side_w + PANEL_GAP + w, max(height, h)))
        across = min(len(self.minis), 4)
        w, h = self._others_block(across)
        out.append((f"below{across}", max(side_w, w), height + 0.3 + h))
        return out

    def fit(self, width: float, height: float) -> None:
        best = None
        for name, w, h in self._arrangements():
            unit = min(width / (w + 2 * MARGIN), height / (h + 2 * MARGIN))
            if best is None or unit > best[0]:
                best = (unit, name, w, h)
        assert best is not None
        unit, self.arrangement, content_w, content_h = best
        self.unit = u = max(22.0, unit)
        left = max(0.0, (width - (content_w + 2 * MARGIN) * u) / 2) + MARGIN * u
        top = max(0.0, (height - (content_h + 2 * MARGIN) * u) / 2) + MARGIN * u
        grid_w = self.n * PITCH_X - GAP
        grid_h = self.n * PITCH_Y - GAP
        if self.serpent:
            board_w = grid_w + SCORE_W
            self.origin = QPointF(left + max(0.0, (content_w - board_w) / 2) * u, top)
            fan_w = (CARDS - 1) * FAN_STEP + 1
            self._fan_origin = QPointF(left + max(0.0, (content_w - fan_w) / 2) * u,
                                       top + (grid_h + SCORE_H + FAN_GAP) * u)
        else:
            self.origin = QPointF(left, top)
            px = left + (grid_w + SCORE_W + PANEL_GAP) * u
            # the card to lay above the pack, right of the square
            self._next_pos = QPointF(px, top + 0.45 * u)
            self._pack_pos = QPointF(px, top + (0.45 + aspect + 0.75) * u)
            name = self.arrangement
            self._minis_across = int(name[-1]) if name[-1].isdigit() else 1
            if name.startswith("right"):
                self._mini_origin = QPointF(px + (1.0 + PANEL_GAP) * u, top)
            else:
                self._mini_origin = QPointF(left, top + (max(grid_h + SCORE_H, 0.45 + 2 * aspect + 0.75) + 0.3) * u)
        for (r, c), item in self.places.items():
            item.set_width(u)
            item.setPos(self.place_pos(r, c))
        self._place_tags()
        self._layout_minis()

    def _place_tags(self) -> None:
        """The scores go just beyond the square: its last column and row, or for a square still
        growing freely, the furthest place it could reach now."""
        u = self.unit
        right, bottom = self._extent
        x = self.origin.x() + ((right + 1) * PITCH_X - GAP + 0.1) * u
        y = self.origin.y() + ((bottom + 1) * PITCH_Y - GAP + 0.06) * u
        for k, tag in enumerate(self.row_tags):
            top = self.origin.y() + k * PITCH_Y * u
            tag.set_box(QRectF(x, top + 0.15 * u, (SCORE_W - 0.2) * u, aspect * u * 0.7))
        for k, tag in enumerate(self.col_tags):
            tag.set_box(QRectF(self.origin.x() + k * PITCH_X * u, y, u, SCORE_H * u))
        self.total_tag.set_box(QRectF(x + 0.02 * u, y, (SCORE_W - 0.24) * u, (SCORE_H + 0.2) * u))

    def _layout_minis(self) -> None:
        u = self.unit
        for k, mini in enumerate(self.minis):
            row, col = divmod(k, max(1, self._minis_across))
            mini.setPos(self._mini_origin + QPointF(col * MINI_PITCH_X * u, row * MINI_PITCH_Y * u))
            mini.setVisible(self.show_others)

    def place_pos(self, r: int, c: int) -> QPointF:
        return QPointF(self.origin.x() + c * PITCH_X * self.unit, self.origin.y() + r * PITCH_Y * self.unit)

    def shown(self, cell: int) -> tuple[int, int]:
        """Where a place of the field is shown: (row, column) of the places on screen."""
        r, c = divmod(cell, self.field)
        return r - self.window[0], c - self.window[1]

    def field_place(self, r: int, c: int) -> Place:
        return Place(r + self.window[0], c + self.window[1])

    def _update_window(self, cells: list[int]) -> None:
        """A free square is shown seven places across: the layout so far, centred, and a place all
        round it (every place the next card may take lies within)."""
        if self.field != FREE_WIDTH:
            self.window = (0, 0)
            return
        if not cells:
            self.window = (1, 1)
            return
        rows = [c // FREE_WIDTH for c in cells]
        cols = [c % FREE_WIDTH for c in cells]
        self.window = ((min(rows) + max(rows)) // 2 - WINDOW // 2, (min(cols) + max(cols)) // 2 - WINDOW // 2)

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QBrush(baize_tile()))
        if self.field == SIDE:
            # A fixed frame (and the Serpent's board): its places marked; the Serpent's dark
            # places (where a serpent can begin) a shade deeper, like a chess-board's.
            for (r, c), item in self.places.items():
                box = item.sceneBoundingRect().adjusted(4, 4, -4, -4)
                if self.serpent and (r + c) % 2 == 0:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(QColor(0, 0, 0, 45))
                    painter.drawRoundedRect(box, box.width() * 0.06, box.width() * 0.06)
                paint_pile_outline(painter, box, "")
        u = self.unit
        painter.setPen(INK)
        painter.setFont(_font(0.24 * u, bold=True))
        if self.serpent:
            fan = self._fan_origin
            painter.drawText(QRectF(fan.x(), fan.y() - 0.4 * u, 8 * u, 0.34 * u),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             "The cards, in the order they are laid")
            painter.setFont(_font(0.17 * u))
            painter.setPen(DIM_INK)
            for k in range(CARDS):
                # each card shows the strip at its right-hand edge (the one before lies over it)
                x = self.fan_pos(k).x() + (1 - FAN_STEP) * u
                painter.drawText(QRectF(x, fan.y() + aspect * u + 0.02 * u, FAN_STEP * u, 0.26 * u),
                                 Qt.AlignmentFlag.AlignCenter, str(k + 1))
        else:
            painter.drawText(QRectF(self._next_pos.x() - 0.2 * u, self._next_pos.y() - 0.42 * u, 1.4 * u, 0.36 * u),
                             Qt.AlignmentFlag.AlignCenter, "Next card")
            painter.drawText(QRectF(self._pack_pos.x() - 0.2 * u, self._pack_pos.y() - 0.42 * u, 1.4 * u, 0.36 * u),
                             Qt.AlignmentFlag.AlignCenter, "The pack")
            paint_pile_outline(painter, QRectF(self._next_pos.x(), self._next_pos.y(), u, aspect * u), "")

    def fan_pos(self, k: int) -> QPointF:
        """Where the ``k``-th card of the Serpent's row lies while it waits to be laid."""
        return self._fan_origin + QPointF(k * FAN_STEP * self.unit, 0)

    # -- where everything lies ------------------------------------------------------------------
    def _laid(self, view: Any) -> list[tuple[int, Any]]:
        """(place of the field, ViewCard) of the viewer's own square, in laying order."""
        if self.serpent:
            return [(cell, view.cards[k]) for k, cell in enumerate(view.path)]
        return list(view.cards)

    def _shown_laid(self, view: Any) -> list[tuple[int, Any]]:
        """What lies on the square: the player's cards, or the best serpent while it is shown."""
        if self.preview is not None:
            return [(cell, view.cards[k]) for k, cell in enumerate(self.preview.path)]
        return self._laid(view)

    def _movable(self, view: Any) -> Any:
        """The card to be laid next (a ViewCard), or ``None``."""
        if self.serpent:
            return view.cards[len(view.path)] if len(view.path) < len(view.cards) else None
        return view.card

    def card_positions(self, view: Any) -> dict[int, tuple[QPointF, float, Any, float]]:
        """Physical id -> (position, z value, face, width) for every card of the view."""
        u = self.unit
        out: dict[int, tuple[QPointF, float, Any, float]] = {}
        laid = self._shown_laid(view)
        for k, (cell, vc) in enumerate(laid):
            r, c = self.shown(cell)
            out[vc.id] = (self.place_pos(r, c), 100 + k, vc.face, u)
        if self.serpent:
            # The row of cards to come: each card on the ones after it, so the next to lay lies
            # whole on top and the others show the index at their right-hand edge.
            for k, vc in enumerate(view.cards):
                if vc.id not in out:
                    out[vc.id] = (self.fan_pos(k), 1000 + CARDS - k, vc.face, u)
            return out
        for k, vc in enumerate(view.stock):
            lift = min(k // 12, 2)
            out[vc.id] = (QPointF(self._pack_pos.x() - lift, self._pack_pos.y() - lift), 10 + len(view.stock) - k,
                          None, u)
        if view.card is not None:
            out[view.card.id] = (QPointF(self._next_pos), 2000, view.card.face, u)
        return out

    def sync(self, animate: bool) -> None:
        if self.preview is not None and self.table.session is not None \
                and self.table.session.state is not self._preview_state:
            self.preview = None           # the game moved on (undo, a new deal): back to it
        view = self._view()
        laid = self._laid(view)
        self._update_window([cell for cell, _ in laid])
        self.layer.width = self.unit
        self.layer.place({cid: (QPointF(round(p.x()), round(p.y())), z, face, w)
                          for cid, (p, z, face, w) in self.card_positions(view).items()}, animate)
        movable = self._movable(view)
        if movable is not None and self.table.human_to_move and movable.id in self._cards \
                and self.preview is None:
            self._cards[movable.id].set_glow(HIGHLIGHT)
        reach = [self.shown(cell) for cell, _ in laid]
        if not self.serpent and len(laid) < 25:
            opts = {"frame": view.frame}
            reach += [self.shown(cell) for cell in self.game.open_places(opts, tuple(c for c, _ in laid))]
        if self.field == SIDE or not reach:
            self._extent = (self.n - 1, self.n - 1)
        else:
            self._extent = (max(c for _, c in reach), max(r for r, _ in reach))
        self._place_tags()
        self._sync_scores(view)
        self._sync_path(view)
        self._sync_minis(view)
        self.show_keyboard_state()

    def _sync_scores(self, view: Any) -> None:
        lines, total = view.lines, view.total
        if self.preview is not None:
            laid = self._shown_laid(view)
            lines = line_scores([(cell, vc.face) for cell, vc in laid], SIDE, view.scoring, view.aces)
            total = sum(line.points for line in lines)
        rows: dict[int, LineScore] = {}
        cols: dict[int, LineScore] = {}
        for line in lines:
            (rows if line.kind == "row" else cols)[line.index] = line
        for k, tag in enumerate(self.row_tags):
            self._tag(tag, rows.get(k + self.window[0]))
        for k, tag in enumerate(self.col_tags):
            self._tag(tag, cols.get(k + self.window[1]))
        done = len(self._shown_laid(view)) == 25
        self.total_tag.set_text(str(total), "best" if self.preview is not None else "total", done, total=True)

    @staticmethod
    def _tag(tag: ScoreTag, line: LineScore | None) -> None:
        if line is None or line.count < 2:
            tag.set_text("", "", False)
            return
        tag.set_text(str(line.points), SHORT_NAMES[line.category] if line.points else "", line.count == 5)

    def _sync_path(self, view: Any) -> None:
        assert self.path_item is not None
        cells = [cell for cell, _ in self._shown_laid(view)]
        if not self.serpent or len(cells) < 2:
            self.path_item.setPath(QPainterPath())
            return
        u = self.unit
        pen = QPen(HINT if self.preview is not None else PATH, max(2.0, 0.06 * u))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.path_item.setPen(pen)
        centres = [self.place_pos(*self.shown(cell)) + QPointF(0.5 * u, 0.5 * aspect * u) for cell in cells]
        path = QPainterPath(centres[0])
        path.addEllipse(centres[0], 0.09 * u, 0.09 * u)     # where the serpent began
        path.moveTo(centres[0])
        for point in centres[1:]:
            path.lineTo(point)
        self.path_item.setPath(path)

    def _sync_minis(self, view: Any) -> None:
        u = self.unit
        if not self.serpent:
            top = max([view.total, *(o.total for o in view.others)])
            for mini, other in zip(self.minis, view.others):
                cells = _square_of(other.cards, view.width)
                name = self.game.seat_name(other.seat)
                net = f" ({view.settlement[other.seat]:+d})" if view.settlement else ""
                mini.set_content(f"{name} · {other.total}{net}", cells, MINI * u, lit=other.total == top > 0)
                mini.setVisible(self.show_others)

    # -- the mouse --------------------------------------------------------------------------
    def _place_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        for key, item in self.places.items():
            if item.sceneBoundingRect().adjusted(4, 4, -4, -4).contains(scene_pos):
                return key
        return None

    def _legal_places(self) -> dict[tuple[int, int], Place]:
        out = {}
        for action in self.table.legal():
            if isinstance(action, Place):
                key = (action.row - self.window[0], action.col - self.window[1])
                if key in self.places:
                    out[key] = action
        return out

    def press(self, scene_pos: QPointF) -> None:
        if self._end_preview():
            return
        self.keyboard_active = False
        movable = self._movable(self._view())
        if movable is not None and movable.id in self._cards:
            item = self._cards[movable.id]
            if item.isVisible() and item.sceneBoundingRect().contains(scene_pos):
                self.drag = self.layer.lift([movable.id], scene_pos)
                self._light(HIGHLIGHT)
                return
        key = self._place_at(scene_pos)
        if key is not None:
            self._lay(key)

    def move(self, scene_pos: QPointF) -> None:
        drag = self.drag
        if drag is None:
            return
        item = drag.items[0]
        if not drag.moved and abs(item.width - self.unit) > 0.5 \
                and (scene_pos - drag.press).manhattanLength() >= 4:
            # a card of the Serpent's row grows to its size on the board as it is lifted
            item.set_size(self.unit, self.table.devicePixelRatioF())
            drag.grab = QPointF(self.unit * 0.5, self.unit * aspect * 0.5)
        drag.follow(scene_pos)

    def release(self, scene_pos: QPointF) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if not drag.moved:
            # a click on the card: the lit places say where it may go
            self.table.say("Click a lit place, or drag the card there.", "")
            self.table.sync(animate=False)
            return
        # The place the card covers most is the one meant; on a grid of places a sliver over a
        # lawful neighbour must not win over the place the card was dropped on.
        lead = drag.lead_rect()
        best: tuple[float, tuple[int, int]] | None = None
        for key, item in self.places.items():
            overlap = lead.intersected(item.sceneBoundingRect())
            area = overlap.width() * overlap.height()
            if area > 0 and (best is None or area > best[0]):
                best = (area, key)
        if best is not None:
            legal = self._legal_places()
            if best[1] in legal:
                self.table.play(legal[best[1]])
                return
            self.explain(self.field_place(*best[1]))
        self.table.sync(animate=True)   # back to where it came from

    def _lay(self, key: tuple[int, int]) -> None:
        legal = self._legal_places()
        if key in legal:
            self.table.play(legal[key])
        else:
            self.explain(self.field_place(*key))

    def explain(self, action: Place) -> None:
        session = self.table.session
        assert session is not None
        if session.to_move() != self.table.viewer_seat:
            return
        refusal = self.game.why_illegal(session.state, action)
        if refusal is not None:
            self.table.say(refusal.reason[:1].upper() + refusal.reason[1:] + ".", refusal.rule or "")

    def cancel_drag(self) -> None:
        if self.drag is not None:
            self.drag = None
            self.table.sync(animate=False)

    def _light(self, colour: QColor) -> None:
        legal = self._legal_places()
        for key, item in self.places.items():
            item.set_highlight(colour if key in legal else (HINT if key == self._hint else None))

    # -- the keyboard -----------------------------------------------------------------------
    def key(self, name: str) -> bool:
        """Arrows move the frame over the places, Enter or Space lays the card there, Escape
        hides the frame."""
        if self._end_preview():
            return True
        r, c = self.focus
        if not self.keyboard_active and name in ("left", "right", "up", "down"):
            self.keyboard_active = True
            legal = sorted(self._legal_places())
            if legal and self.focus not in legal:
                self.focus = min(legal, key=lambda k: abs(k[0] - r) + abs(k[1] - c))
            self.show_keyboard_state()
            return True
        if name == "left":
            c = (c - 1) % self.n
        elif name == "right":
            c = (c + 1) % self.n
        elif name == "up":
            r = (r - 1) % self.n
        elif name == "down":
            r = (r + 1) % self.n
        elif name in ("enter", "space"):
            self.keyboard_active = True
            self._lay(self.focus)
            return True
        elif name == "escape":
            self.keyboard_active = False
            self.show_keyboard_state()
            return True
        else:
            return False
        self.keyboard_active = True
        self.focus = (r, c)
        self.show_keyboard_state()
        return True

    def show_keyboard_state(self) -> None:
        lit = AVAILABLE if self.table.human_to_move else None
        legal = self._legal_places() if lit is not None else {}
        for key, item in self.places.items():
            colour = HINT if key == self._hint else (lit if key in legal else None)
            item.set_highlight(colour)
            item.set_focused(self.keyboard_active and key == self.focus)

    # -- hints ------------------------------------------------------------------------------
    def show_hint(self, action: Any) -> None:
        if isinstance(action, Place):
            self._hint = (action.row - self.window[0], action.col - self.window[1])
            self.show_keyboard_state()

    def clear_hint(self) -> None:
        self._hint = None
        self.show_keyboard_state()

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """The card to be laid and the place ``action`` lays it on."""
        if not isinstance(action, Place):
            return None, None
        movable = self._movable(self._view())
        card = self.layer.rect_of([movable.id]) if movable is not None else None
        item = self.places.get((action.row - self.window[0], action.col - self.window[1]))
        return card, item.sceneBoundingRect().adjusted(4, 4, -4, -4) if item is not None else None

    def prompt(self) -> str:
        if self.preview is not None:
            return "The best serpent: click or press a key to go back to yours"
        if self.table.human_to_move and self._movable(self._view()) is not None:
            return "Lay the card on a lit place" if not self.serpent else "Lay the next card of the row on a lit place"
        return ""

    # -- what the table says ------------------------------------------------------------------
    def status_parts(self) -> list[str]:
        session = self.table.session
        assert session is not None
        view = self._view()
        laid = len(self._laid(view))
        if self.serpent:
            parts = ["The book's problem" if view.book else f"Deal {session.seed}"]
        else:
            parts = [f"Deal {session.seed}"]
        parts.append(f"{laid} of 25 cards laid" if laid < 25 else "the square is complete")
        parts.append(f"score {view.total}")
        if not self.serpent and view.others:
            parts.append(", ".join(f"{SEAT_NAMES[o.seat]} {o.total}" for o in view.others))
        return parts

    def end_texts(self, outcome: Outcome) -> tuple[str, str]:
        view = self._view()
        seat = self.table.viewer_seat
        detail = outcome.reason[:1].upper() + outcome.reason[1:] + "."
        if self.serpent:
            title = "Solved: the best serpent!" if outcome.results[0] > 0 else f"The serpent scores {view.total}"
            return title, detail
        if len(outcome.results) == 1:
            title = f"A fine square: {view.total} points!" if outcome.results[0] > 0 else \
                f"The square scores {view.total}"
            return title, detail
        net = view.settlement[seat] if view.settlement else 0
        title = (f"You win {net} point{'s' if net != 1 else ''}" if net > 0 else
                 f"You lose {-net} point{'s' if net != -1 else ''}" if net < 0 else "You come out even")
        scores = ", ".join(f"{'you' if s == seat else SEAT_NAMES[s]} {v} ({n:+d})"
                           for s, (v, n) in enumerate(zip(outcome.scores, view.settlement)))
        return title, f"Every square is complete: {scores}."

    def celebrate(self) -> None:
        """The lines that scored light up."""
        view = self._view()
        laid = self._laid(view)
        good = {(l.kind, l.index) for l in view.lines if l.points >= 6}
        for cell, vc in laid:
            r, c = divmod(cell, SIDE if self.serpent else view.width)
            if ("row", r) in good or ("column", c) in good:
                self._cards[vc.id].set_glow(HIGHLIGHT)

    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        if self.serpent:
            return [("Show the best serpent", "B", self.show_best)]
        if self.minis:
            return [("Show or hide the other players' squares", "O", self.toggle_others)]
        return []

    def toggle_others(self) -> None:
        self.show_others = not self.show_others
        self.table.resetCachedContent()
        size = self.table.viewport().size()
        self.fit(size.width(), size.height())
        self.table.sync(animate=False)

    def show_best(self) -> None:
        """Run the optimiser (every rook's path is scored: a fraction of a second) and lay the
        best serpent on the board for the player to see; a click or a key brings the game back."""
        from ...games.patience.serpent_poker_patience import best_serpent
        view = self._view()
        deck = tuple(c.face for c in view.cards)
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.best = best_serpent(deck, view.scoring, view.aces)
        finally:
            QApplication.restoreOverrideCursor()
        self.preview = self.best
        self._preview_state = self.table.session.state if self.table.session is not None else None
        self.table.clear_hint()
        self.table.sync(animate=True)
        mine = f"; yours scores {view.total}" if len(view.path) == 25 else ""
        self.table.say(f"The best serpent for these cards scores {self.best.score}{mine} (all 8,648 serpents "
                       "were scored). Click or press a key to go back to your own.",
                       "serpent_poker_patience#the-best-serpent")

    def _end_preview(self) -> bool:
        if self.preview is None:
            return False
        self.preview = None
        self.table.sync(animate=True)
        return True


def _square_of(cards: tuple[tuple[int, Card], ...], width: int) -> dict[tuple[int, int], Card]:
    """Another player's cards in a 5 × 5 grid (a free square counted from its top-left card)."""
    if not cards:
        return {}
    r0 = min(cell // width for cell, _ in cards)
    c0 = min(cell % width for cell, _ in cards)
    return {(cell // width - r0, cell % width - c0): card for cell, card in cards}
