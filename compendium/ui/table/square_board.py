"""A chequered board on the cloth: the shared table of chess and draughts.

The base lays out a board of ``files`` × ``ranks`` squares beside a side panel (the move list),
draws the frame, the squares and their coordinates into the cached background, keeps one
pixmap item per piece, and turns the mouse and the keyboard into (from-square, to-square) pairs.
A game's controller says which pieces stand where, how a piece looks, which pairs are legal and
what action a pair means; it never re-implements dragging, flipping or highlighting.

Squares are (file, rank) pairs counted from White's (or the first player's) lower-left corner,
so (0, 0) is a1 in chess; ``flipped`` turns the board round for the player of the other side.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QParallelAnimationGroup, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT
from .motion import flight

if TYPE_CHECKING:
    from ...core.game import Game, Outcome
    from .view import TableWidget

Square = tuple[int, int]

LAST_MOVE = QColor(205, 210, 90)        # the squares of the last move, softly tinted
DANGER = QColor(214, 64, 52)            # a king in check
FRAME = QColor(74, 46, 26)              # the board's wooden frame


class TakenRow(QGraphicsItem):
    """The men one side has taken, small, in a row beside the board, with a word after them
    (the material they are ahead by, or the count)."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []
        self.note = ""
        self._pixmaps: list[QPixmap] = []
        self._size = 16.0
        self._width = 100.0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(5)

    def set_row(self, keys: list[str], pixmaps: list[QPixmap], size: float, width: float, note: str) -> None:
        self.prepareGeometryChange()
        self.keys, self._pixmaps, self._size, self._width, self.note = keys, pixmaps, size, width, note
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, self._width + 4, self._size + 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(10, int(self._size * 0.6)))
        font.setBold(True)
        painter.setFont(font)
        note_w = painter.fontMetrics().horizontalAdvance(self.note) + 8 if self.note else 0
        room = self._width - note_w - self._size
        n = len(self._pixmaps)
        # men of one kind overlap by half; the row closes up further when it would not fit
        step = self._size * 0.5
        if n > 1:
            step = min(step, room / (n - 1)) if room > 0 else 0
        x = 0.0
        previous = ""
        for key, pixmap in zip(self.keys, self._pixmaps):
            if previous and key.lower() != previous.lower():
                x += min(self._size * 0.25, step * 0.5)     # a little air between kinds
            painter.drawPixmap(QRectF(x, 0, self._size, self._size), pixmap, QRectF(pixmap.rect()))
            x += step
            previous = key
        if self.note:
            painter.setPen(QColor(238, 232, 214))
            left = (x - step + self._size + 6) if n else 0.0
            painter.drawText(QRectF(left, 0, self._width - left, self._size),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), self.note)


@dataclass
class PieceDrag:
    src: Square
    item: QGraphicsPixmapItem
    grab: QPointF           # where the piece was taken, relative to its corner
    origin: QPointF         # the press position, to tell a click from a drag
    moved: bool = False


class SquareBoardController(TableController):
    """Subclasses set the colours and implement the methods marked *game* below."""

    files = 8
    ranks = 8
    light = QColor(240, 217, 181)
    dark = QColor(181, 136, 99)
    coordinate_files = "abcdefgh"
    target_fill = QColor(20, 60, 30, 130)       # the dot on a square a piece may go to
    target_edge: QColor | None = None            # its rim, where the board's wood needs one
    panel_squares = 3.6          # the side panel's width, in squares
    margin_squares = 0.55        # the frame round the board (coordinates are written in it)

    def __init__(self, table: "TableWidget", game: "Game[Any, Any, Any]") -> None:
        super().__init__(table, game)
        self.square = 60.0
        self.board_origin = QPointF(0, 0)     # the corner of the playing area (inside the frame)
        self.flipped = False
        self.cursor: Square = (4, 1)          # the keyboard's square
        self.keyboard_active = False
        self.selected: Square | None = None   # a piece picked up by a click or the keyboard
        self.drag: PieceDrag | None = None
        self._pieces: dict[Square, tuple[str, QGraphicsPixmapItem]] = {}
        self._marks: list[QGraphicsItem] = []
        self._panel: QGraphicsTextItem | None = None
        self._anim: QParallelAnimationGroup | None = None

    # -- game: what a subclass says ---------------------------------------------------------
    def pieces(self, view: Any) -> dict[Square, str]:
        """*game*: the art key of the piece on each occupied square."""
        raise NotImplementedError

    def piece_pixmap(self, key: str, size: int, dpr: float) -> QPixmap:
        """*game*: the picture of a piece, ``size`` pixels square (cache it)."""
        raise NotImplementedError

    def moves(self) -> dict[tuple[Square, Square], list[Any]]:
        """*game*: the legal actions now, by (from, to) square (several for a promotion)."""
        raise NotImplementedError

    def action_squares(self, action: Any) -> tuple[Square, Square] | None:
        """*game*: the from and to squares of an action (for the hint)."""
        raise NotImplementedError

    def explain(self, src: Square, dst: Square) -> None:
        """*game*: say in the status bar why moving from ``src`` to ``dst`` is not allowed."""

    def choose(self, src: Square, dst: Square, actions: list[Any]) -> None:
        """*game*: play one of several actions for the same squares (a promotion chooser);
        by default the first."""
        self.table.play(actions[0])

    def last_move(self) -> tuple[Square, Square] | None:
        """*game*: the squares of the last move, tinted on the board."""
        return None

    def marked(self) -> dict[Square, QColor]:
        """*game*: squares to tint (a king in check)."""
        return {}

    def panel_html(self) -> str:
        """*game*: the side panel's text (the move list), as simple HTML."""
        return ""

    @staticmethod
    def _result_text(outcome: "Outcome") -> str:
        """A finished game as the move list ends it: "1–0  Checkmate: White wins"."""
        score = {(1.0, 0.0): "1–0", (0.0, 1.0): "0–1"}.get(outcome.results, "½–½")
        return f"{score}  {outcome.reason[:1].upper()}{outcome.reason[1:]}"

    def square_name(self, square: Square) -> str:
        return f"{self.coordinate_files[square[0]]}{square[1] + 1}"

    # -- geometry -------------------------------------------------------------------------------
    def fit(self, width: float, height: float) -> None:
        across = self.files + 2 * self.margin_squares + self.panel_squares + 0.4
        down = self.ranks + 2 * self.margin_squares + 0.4
        self.square = max(16.0, float(int(min(width / across, height / down))))
        board_w = (self.files + 2 * self.margin_squares) * self.square
        used_w = board_w + (self.panel_squares + 0.2) * self.square
        left = max(0.0, (width - used_w) / 2)
        top = max(0.0, (height - (self.ranks + 2 * self.margin_squares) * self.square) / 2)
        self.board_origin = QPointF(round(left + self.margin_squares * self.square),
                                    round(top + self.margin_squares * self.square))
        if self._panel is not None:
            self._place_panel()

    def board_rect(self) -> QRectF:
        return QRectF(self.board_origin.x(), self.board_origin.y(),
                      self.files * self.square, self.ranks * self.square)

    def square_rect(self, square: Square) -> QRectF:
        f, r = square
        col = self.files - 1 - f if self.flipped else f
        row = r if self.flipped else self.ranks - 1 - r
        return QRectF(self.board_origin.x() + col * self.square, self.board_origin.y() + row * self.square,
                      self.square, self.square)

    def square_at(self, pos: QPointF) -> Square | None:
        x = (pos.x() - self.board_origin.x()) / self.square
        y = (pos.y() - self.board_origin.y()) / self.square
        if not (0 <= x < self.files and 0 <= y < self.ranks):
            return None
        col, row = int(x), int(y)
        return (self.files - 1 - col, row) if self.flipped else (col, self.ranks - 1 - row)

    def is_dark(self, square: Square) -> bool:
        return (square[0] + square[1]) % 2 == 0

    # -- building and drawing ------------------------------------------------------------------
    def build(self) -> None:
        self._panel = QGraphicsTextItem()
        self._panel.setDefaultTextColor(QColor(238, 232, 214))
        self._panel.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.table.scene().addItem(self._panel)
        self.flipped = self.table.viewer_seat == 1

    def teardown(self) -> None:
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        scene = self.table.scene()
        for _, item in self._pieces.values():
            scene.removeItem(item)
        for mark in self._marks:
            scene.removeItem(mark)
        if self._panel is not None:
            scene.removeItem(self._panel)
        self._pieces, self._marks, self._panel = {}, [], None

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QBrush(baize_tile()))
        board = self.board_rect()
        m = self.margin_squares * self.square
        frame = board.adjusted(-m, -m, m, m)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70))
        painter.drawRoundedRect(frame.translated(3, 5), 8, 8)    # the board's shadow on the cloth
        painter.setBrush(FRAME)
        painter.drawRoundedRect(frame, 8, 8)
        painter.setPen(QPen(FRAME.lighter(135), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(frame.adjusted(3, 3, -3, -3), 6, 6)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for f in range(self.files):
            for r in range(self.ranks):
                sq = (f, r)
                painter.fillRect(self.square_rect(sq), self.dark if self.is_dark(sq) else self.light)
        painter.setPen(QPen(QColor(0, 0, 0, 120), 1))
        painter.drawRect(board)
        self.paint_coordinates(painter)

    def paint_coordinates(self, painter: QPainter) -> None:
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(9, int(self.square * 0.22)))
        painter.setFont(font)
        painter.setPen(QColor(236, 218, 180))
        m = self.margin_squares * self.square
        board = self.board_rect()
        for f in range(self.files):
            r = self.square_rect((f, 0))
            painter.drawText(QRectF(r.left(), board.bottom(), r.width(), m), Qt.AlignmentFlag.AlignCenter,
                             self.coordinate_files[f])
        for rank in range(self.ranks):
            r = self.square_rect((0, rank))
            painter.drawText(QRectF(board.left() - m, r.top(), m, r.height()), Qt.AlignmentFlag.AlignCenter,
                             str(rank + 1))

    def _place_panel(self) -> None:
        assert self._panel is not None
        board = self.board_rect()
        x = board.right() + (self.margin_squares + 0.3) * self.square
        self._panel.setPos(QPointF(x, board.top() - self.margin_squares * self.square * 0.5))
        self._panel.setTextWidth(self.panel_squares * self.square)
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(11, min(17, int(self.square * 0.24))))
        self._panel.setFont(font)

    # -- keeping the pieces in step --------------------------------------------------------------
    def sync(self, animate: bool) -> None:
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        self.drag = None
        view = self.table.current_view()
        wanted = self.pieces(view)
        size = int(self.square)
        dpr = self.table.devicePixelRatioF()
        scene = self.table.scene()
        old = self._pieces
        new: dict[Square, tuple[str, QGraphicsPixmapItem]] = {}
        spare: dict[str, list[tuple[Square, QGraphicsPixmapItem]]] = {}
        for sq, (key, item) in old.items():
            if wanted.get(sq) == key:
                new[sq] = (key, item)
            else:
                spare.setdefault(key, []).append((sq, item))
        group = QParallelAnimationGroup(self.table)
        for sq, key in wanted.items():
            if sq in new:
                continue
            candidates = spare.get(key)
            if candidates:
                # the nearest piece of the same kind that left its square is the one that moved here
                candidates.sort(key=lambda c: abs(c[0][0] - sq[0]) + abs(c[0][1] - sq[1]))
                _, item = candidates.pop(0)
            else:
                item = QGraphicsPixmapItem()
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
                scene.addItem(item)
                item.setPos(self.square_rect(sq).topLeft())
            new[sq] = (key, item)
        for leftovers in spare.values():
            for _, item in leftovers:
                scene.removeItem(item)   # captured
        self._pieces = new
        for sq, (key, item) in new.items():
            item.setPixmap(self.piece_pixmap(key, size, dpr))
            item.setZValue(10)
            target = self.square_rect(sq).topLeft()
            if animate and self.table.animations_on and (item.pos() - target).manhattanLength() > 0.5:
                item.setZValue(20)
                group.addAnimation(flight(item, item.pos(), target))
            else:
                item.setPos(target)
        if group.animationCount():
            self._anim = group
            group.start()
        self._show_marks()
        if self._panel is not None:
            self._place_panel()
            self._panel.setHtml(self.panel_html())

    def piece_item(self, square: Square) -> QGraphicsPixmapItem | None:
        entry = self._pieces.get(square)
        return entry[1] if entry else None

    def piece_squares(self) -> dict[Square, str]:
        """What the table shows: the key of the piece item on each square."""
        return {sq: key for sq, (key, _) in self._pieces.items()}

    # -- tints on the squares --------------------------------------------------------------------
    def _show_marks(self, targets: set[Square] | None = None) -> None:
        scene = self.table.scene()
        for mark in self._marks:
            scene.removeItem(mark)
        self._marks = []

        def tint(sq: Square, colour: QColor, alpha: int, outline: bool = False) -> None:
            item = QGraphicsRectItem(self.square_rect(sq).adjusted(1, 1, -1, -1))
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            fill = QColor(colour)
            fill.setAlpha(alpha)
            item.setBrush(fill if not outline else QBrush(Qt.BrushStyle.NoBrush))
            item.setPen(QPen(colour, max(2.0, self.square * 0.06)) if outline else QPen(Qt.PenStyle.NoPen))
            item.setZValue(5 if not outline else 15)
            scene.addItem(item)
            self._marks.append(item)

        last = self.last_move()
        if last:
            for sq in last:
                tint(sq, LAST_MOVE, 110)
        for sq, colour in self.marked().items():
            tint(sq, colour, 150)
        if self.selected is not None:
            tint(self.selected, HIGHLIGHT, 120)
        for sq in targets or ():
            self._target_mark(sq)
        if self.keyboard_active:
            tint(self.cursor, HIGHLIGHT, 0, outline=True)
        self.table.refresh_prompt()     # a piece lifted or put back changes what to do next

    def _target_mark(self, sq: Square) -> None:
        """A legal destination, clearly lit: the square washed with gold under a dot (an empty
        square) or a ring round the piece to take."""
        rect = self.square_rect(sq)
        wash = QGraphicsRectItem(rect)
        wash.setBrush(QColor(HIGHLIGHT.red(), HIGHLIGHT.green(), HIGHLIGHT.blue(), 150))
        inset = max(1.5, self.square * 0.03)
        wash.setRect(rect.adjusted(inset, inset, -inset, -inset))
        wash.setPen(QPen(HIGHLIGHT.lighter(115), max(2.5, self.square * 0.06)))
        wash.setZValue(6)
        wash.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.table.scene().addItem(wash)
        self._marks.append(wash)
        if sq in self._pieces:
            d = self.square * 0.06
            item = QGraphicsEllipseItem(rect.adjusted(d, d, -d, -d))
            item.setBrush(QBrush(Qt.BrushStyle.NoBrush))
            item.setPen(QPen(self.target_fill, self.square * 0.07))
            item.setZValue(15)
        else:
            r = self.square * 0.16
            item = QGraphicsEllipseItem(QRectF(rect.center().x() - r, rect.center().y() - r, 2 * r, 2 * r))
            item.setBrush(self.target_fill)
            item.setPen(QPen(self.target_edge, max(1.0, self.square * 0.02)) if self.target_edge
                        else QPen(Qt.PenStyle.NoPen))
            item.setZValue(16)   # above the pieces' squares and tints
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.table.scene().addItem(item)
        self._marks.append(item)

    def targets_from(self, src: Square) -> set[Square]:
        return {dst for (s, dst) in self.moves() if s == src}

    # -- the mouse -------------------------------------------------------------------------------
    def press(self, scene_pos: QPointF) -> None:
        self.keyboard_active = False
        sq = self.square_at(scene_pos)
        if sq is None:
            self._deselect()
            return
        if self.selected is not None and sq != self.selected and sq in self.targets_from(self.selected):
            src, self.selected = self.selected, None
            self._play_pair(src, sq)
            return
        item = self.piece_item(sq)
        if item is None or not self.targets_from(sq):
            if self.selected is not None and item is None:
                src, self.selected = self.selected, None
                self.explain(src, sq)
                self._show_marks()
                return
            self._deselect()
            if item is not None:
                self.explain(sq, sq)
            return
        self.drag = PieceDrag(sq, item, scene_pos - item.pos(), scene_pos)
        item.setZValue(100)
        self.selected = sq
        self._show_marks(self.targets_from(sq))

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
            return  # a click: the piece stays picked up; the next click on a target moves it
        # the square under the piece's centre, where the player sees it land
        centre = drag.item.pos() + QPointF(self.square / 2, self.square / 2)
        dst = self.square_at(centre)
        self.selected = None
        if dst is not None and dst != drag.src and dst in self.targets_from(drag.src):
            self._play_pair(drag.src, dst)
            return
        if dst is not None and dst != drag.src:
            self.explain(drag.src, dst)
        self.table.sync(animate=True)  # snap back

    def _play_pair(self, src: Square, dst: Square) -> None:
        actions = self.moves().get((src, dst), [])
        if len(actions) == 1:
            self.table.play(actions[0])
        elif actions:
            self.choose(src, dst, actions)

    def _deselect(self) -> None:
        if self.selected is not None:
            self.selected = None
            self._show_marks()

    def cancel_drag(self) -> None:
        if self.drag is not None:
            self.drag = None
            self.table.sync(animate=False)

    # -- the keyboard ----------------------------------------------------------------------------
    def key(self, name: str) -> bool:
        """Arrows move a cursor over the board (as the player sees it), Enter picks a piece up
        and puts it down, Escape puts it back."""
        self.keyboard_active = True
        f, r = self.cursor
        step = -1 if self.flipped else 1
        if name == "left":
            f = max(0, min(self.files - 1, f - step))
        elif name == "right":
            f = max(0, min(self.files - 1, f + step))
        elif name == "up":
            r = max(0, min(self.ranks - 1, r + step))
        elif name == "down":
            r = max(0, min(self.ranks - 1, r - step))
        elif name == "escape":
            self.selected = None
        elif name in ("enter", "space"):
            sq = self.cursor
            if self.selected is None:
                if self.targets_from(sq):
                    self.selected = sq
                    self._show_marks(self.targets_from(sq))
                    self.table.say(f"Picked up the piece on {self.square_name(sq)}: choose a square and "
                                   "press Enter (Escape puts it back).", "")
                    return True
                self.explain(sq, sq)
            else:
                src, self.selected = self.selected, None
                if sq in self.targets_from(src):
                    self._play_pair(src, sq)
                    return True
                if sq != src:
                    self.explain(src, sq)
        else:
            return False
        self.cursor = (f, r)
        self._show_marks(self.targets_from(self.selected) if self.selected else set())
        return True

    # -- hints, callouts and commands ----------------------------------------------------------
    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        squares = self.action_squares(action)
        if not squares:
            return None, None
        src, dst = squares
        return self.square_rect(src), (self.square_rect(dst) if dst != src else None)

    def callout_anchor(self) -> QPointF | None:
        """Played by keyboard: the cursor's square (the mouse's place is the view's default)."""
        if self.keyboard_active:
            return self.square_rect(self.cursor).center()
        return None

    def flip(self) -> None:
        self.flipped = not self.flipped
        self.table.resetCachedContent()
        self.table.viewport().update()
        self.sync(animate=False)

    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        return [("&Flip the board", "Ctrl+Shift+F", self.flip)]

