"""The dominoes table: ivory stones on the cloth, a line of play that snakes when it grows long.

The human's hand stands face up along the bottom; the others' hands lie face down at the top and
the sides with their counts; the boneyard waits in the lower right corner; a small score board
sits in the upper left.  A stone is played by dragging it to a lit end of the line (it turns to
lie as it will lie there), by clicking it (and then the end, when it fits both), or from the
keyboard.  Every rule comes from the engine: the table only asks ``table.legal()`` and passes
refusals on, so it cannot drift from the laws.

The geometry of the line is plain arithmetic (``snake_layout``), free of Qt, so it is tested on
its own: stones run out from the lead to both sides, turn down (right arm) or up (left arm) at
the edge of the cloth and come back the other way, doubles always crossways.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

from PySide6.QtCore import QParallelAnimationGroup, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen, QPixmap, QRadialGradient
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
)

from ...core.game import Special
from ...games.board.dominoes import DominoesView, DrawStone, End, Pass, Play, Stone, stone_name
from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT
from .motion import flight

if TYPE_CHECKING:
    from ...core.game import Game, Outcome
    from .view import TableWidget

Vec = tuple[float, float]

IVORY_LIGHT = QColor(253, 249, 236)
IVORY_DARK = QColor(229, 219, 192)
IVORY_EDGE = QColor(128, 110, 80)
EBONY_LIGHT = QColor(62, 44, 34)
EBONY_DARK = QColor(24, 16, 12)
PIP = QColor(22, 20, 18)
BRASS = QColor(196, 160, 72)
PANEL = QColor(16, 44, 30, 215)
PANEL_EDGE = QColor(212, 175, 55)
TEXT = QColor(240, 232, 208)


# -- the geometry of the line (no Qt) ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Placed:
    """Where one stone of the line lies: its centre, whether its long side is horizontal, and
    the numbers on its two halves as seen (left then right, or top then bottom)."""

    x: float
    y: float
    horizontal: bool
    first: int
    second: int

    def rect(self, short: float) -> tuple[float, float, float, float]:
        w, h = (2 * short, short) if self.horizontal else (short, 2 * short)
        return (self.x - w / 2, self.y - h / 2, w, h)


def _place(point: Vec, d: Vec, along: float, double: bool, entry: int, exit_: int,
           short: float) -> tuple[Placed, Vec]:
    """A stone laid straight on from ``point`` in direction ``d``."""
    cx, cy = point[0] + d[0] * along / 2, point[1] + d[1] * along / 2
    end = (point[0] + d[0] * along, point[1] + d[1] * along)
    return _oriented(cx, cy, d, double, entry, exit_), end


def _oriented(cx: float, cy: float, d: Vec, double: bool, entry: int, exit_: int) -> Placed:
    if double:
        # crossways: the long side across the direction of the line
        return Placed(cx, cy, d[0] == 0, entry, entry)
    horizontal = d[0] != 0
    forward = (d[0] > 0) if horizontal else (d[1] > 0)
    first, second = (entry, exit_) if forward else (exit_, entry)
    return Placed(cx, cy, horizontal, first, second)


def _turn(point: Vec, d_old: Vec, d_new: Vec, entry: int, exit_: int,
          short: float) -> tuple[Placed, Vec]:
    """A stone laid round a corner: its first half beside the end of the previous stone (so the
    matching halves touch), its length along the new direction."""
    ex = point[0] + d_old[0] * short / 2 - d_new[0] * short / 2
    ey = point[1] + d_old[1] * short / 2 - d_new[1] * short / 2
    long = 2 * short
    cx, cy = ex + d_new[0] * long / 2, ey + d_new[1] * long / 2
    return _oriented(cx, cy, d_new, False, entry, exit_), (ex + d_new[0] * long, ey + d_new[1] * long)


def _arm(start: Vec, d: Vec, turn: Vec, stones: Sequence[tuple[int, int]], xmin: float,
         xmax: float, short: float) -> list[Placed]:
    """One arm of the line, from the lead outwards: ``stones`` as (entry, exit) numbers."""
    out: list[Placed] = []
    point, heading = start, d
    dropping = False                  # on the short run between two rows
    row_dir = d
    for entry, exit_ in stones:
        double = entry == exit_
        along = short if double else 2 * short
        if not dropping:
            edge = point[0] + heading[0] * along
            if not double and (edge > xmax or edge < xmin):
                placed, point = _turn(point, heading, turn, entry, exit_, short)
                heading, dropping = turn, True
            else:
                placed, point = _place(point, heading, along, double, entry, exit_, short)
        elif double:
            placed, point = _place(point, heading, along, double, entry, exit_, short)
        else:
            row_dir = (-row_dir[0], 0.0)
            placed, point = _turn(point, heading, row_dir, entry, exit_, short)
            heading, dropping = row_dir, False
        out.append(placed)
    return out


def snake_layout(line: Sequence[tuple[int, int]], origin: int, centre: Vec, half_width: float,
                 short: float) -> list[Placed]:
    """Where each stone of ``line`` (left to right, as (left, right) numbers) lies, the lead
    stone (``line[origin]``) at ``centre``; arms turn within ``half_width`` of the centre."""
    if not line:
        return []
    cx, cy = centre
    lead_left, lead_right = line[origin]
    lead_double = lead_left == lead_right
    lead = Placed(cx, cy, not lead_double, lead_left, lead_right)
    half = short / 2 if lead_double else short
    # The turning stone overhangs its row by one short side: keep it inside the limits.
    xmin, xmax = cx - half_width + short, cx + half_width - short
    right = [(l, r) for l, r in line[origin + 1:]]
    left = [(r, l) for l, r in reversed(line[:origin])]
    right_arm = _arm((cx + half, cy), (1.0, 0.0), (0.0, 1.0), right, xmin, xmax, short)
    left_arm = _arm((cx - half, cy), (-1.0, 0.0), (0.0, -1.0), left, xmin, xmax, short)
    return list(reversed(left_arm)) + [lead] + right_arm


def layout_bounds(placed: Sequence[Placed], short: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the stones."""
    rects = [p.rect(short) for p in placed]
    return (min(r[0] for r in rects), min(r[1] for r in rects),
            max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects))


def fitted_layout(line: Sequence[tuple[int, int]], origin: int, area: tuple[float, float, float, float],
                  short: float) -> tuple[list[Placed], float]:
    """The snake for ``line`` inside ``area`` (x, y, w, h), shrinking the stones if it must."""
    x, y, w, h = area
    centre = (x + w / 2, y + h / 2)
    size = short
    for _ in range(12):
        placed = snake_layout(line, origin, centre, w / 2, size)
        if not placed:
            return placed, size
        left, top, right, bottom = layout_bounds(placed, size)
        if left >= x - 0.5 and right <= x + w + 0.5 and top >= y - 0.5 and bottom <= y + h + 0.5:
            return placed, size
        size *= 0.9
    return placed, size


# -- the stones, drawn --------------------------------------------------------------------------
PIP_SPOTS = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


def _paint_vertical(painter: QPainter, s: float, first: int | None, second: int | None) -> None:
    """A stone standing up, ``s`` wide and ``2s`` high; faces ``None``: the ebony back."""
    body = QRectF(0.5, 0.5, s - 1, 2 * s - 1)
    radius = s * 0.13
    back = first is None
    gradient = QLinearGradient(body.topLeft(), body.bottomRight())
    gradient.setColorAt(0, EBONY_LIGHT if back else IVORY_LIGHT)
    gradient.setColorAt(1, EBONY_DARK if back else IVORY_DARK)
    painter.setPen(QPen(QColor(10, 8, 6) if back else IVORY_EDGE, 1))
    painter.setBrush(QBrush(gradient))
    painter.drawRoundedRect(body, radius, radius)
    # a bevel: light along the top and left, a shade along the bottom and right
    inset = body.adjusted(s * 0.05, s * 0.05, -s * 0.05, -s * 0.05)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(255, 255, 255, 60 if back else 150), max(1.0, s * 0.025)))
    painter.drawRoundedRect(inset, radius * 0.8, radius * 0.8)
    if back:
        painter.setPen(QPen(QColor(226, 212, 176, 150), max(1.0, s * 0.03)))
        painter.drawRoundedRect(body.adjusted(s * 0.16, s * 0.16, -s * 0.16, -s * 0.16),
                                radius * 0.5, radius * 0.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(226, 212, 176))
        r = s * 0.07
        painter.drawEllipse(QPointF(s / 2, s), r, r)
        return
    painter.setPen(QPen(QColor(80, 66, 50), max(1.0, s * 0.045)))
    painter.drawLine(QPointF(s * 0.12, s), QPointF(s * 0.88, s))
    brass = QRadialGradient(QPointF(s / 2 - s * 0.02, s - s * 0.02), s * 0.07)
    brass.setColorAt(0, BRASS.lighter(150))
    brass.setColorAt(1, BRASS.darker(130))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(brass))
    painter.drawEllipse(QPointF(s / 2, s), s * 0.055, s * 0.055)
    for half, number in enumerate((first, second)):
        assert number is not None
        for col, row in PIP_SPOTS[number]:
            cx = s * (0.25 + 0.25 * col)
            cy = half * s + s * (0.25 + 0.25 * row)
            r = s * 0.085
            pip = QRadialGradient(QPointF(cx - r * 0.3, cy - r * 0.3), r * 1.2)
            pip.setColorAt(0, QColor(95, 86, 78))
            pip.setColorAt(0.5, PIP)
            pip.setColorAt(1, QColor(0, 0, 0))
            painter.setBrush(QBrush(pip))
            painter.drawEllipse(QPointF(cx, cy), r, r)


@lru_cache(maxsize=512)
def stone_pixmap(first: int | None, second: int | None, horizontal: bool, short: int,
                 dpr: float) -> QPixmap:
    """A stone ``short`` pixels across (twice as long), drawn once per face, way and size."""
    w, h = (2 * short, short) if horizontal else (short, 2 * short)
    pixmap = QPixmap(round(w * dpr), round(h * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if horizontal:
        # the upright drawing turned a quarter to the left: its top half becomes the left half
        painter.translate(0, short)
        painter.rotate(-90)
    _paint_vertical(painter, float(short), first, second)
    painter.end()
    return pixmap


# -- the controller -------------------------------------------------------------------------------
@dataclass
class StoneDrag:
    stone_id: int
    face: Stone
    item: QGraphicsPixmapItem
    grab: QPointF
    origin: QPointF
    moved: bool = False


@dataclass(frozen=True)
class Spot:
    """Where a stone goes: its centre, size and way round, and the pixmap key."""

    pos: QPointF            # top-left corner
    short: int
    horizontal: bool
    first: int | None
    second: int | None
    z: float = 10.0


class DominoesController(TableController):
    """The table of dominoes_draw and fives_and_threes."""

    def __init__(self, table: "TableWidget", game: "Game[Any, Any, Any]") -> None:
        super().__init__(table, game)
        self.short = 40.0                    # the human's stones: short side in pixels
        self.width = 800.0
        self.height = 600.0
        self.line_area = (0.0, 0.0, 800.0, 400.0)
        self.line_short = 34.0
        self._items: dict[int, QGraphicsPixmapItem] = {}
        self._keys: dict[int, tuple[Any, ...]] = {}
        self._spots: dict[int, Spot] = {}
        self._hand_ids: list[int] = []       # the human's stones, left to right
        self._marks: list[QGraphicsItem] = []
        self._labels: list[QGraphicsItem] = []
        self._score: QGraphicsTextItem | None = None
        self._score_box: QGraphicsPathItem | None = None
        self._knock: QGraphicsPathItem | None = None
        self._overlay: list[QGraphicsItem] = []
        self._anim: QParallelAnimationGroup | None = None
        self.drag: StoneDrag | None = None
        self.selected: int | None = None     # a stone picked up by a click or the keyboard
        self.cursor = 0                      # the keyboard's place in the hand
        self.keyboard_active = False
        self.chosen_end: End | None = None   # the keyboard's choice of end for the selected stone
        self.boneyard_rect = QRectF()
        self.knock_rect = QRectF()
        self._seen_hand = 0
        self._seen_sheet = 0

    # -- helpers on the view -------------------------------------------------------------------
    def view(self) -> DominoesView:
        return self.table.current_view()  # type: ignore[no-any-return]

    def seat(self) -> int:
        return self.table.viewer_seat

    def name(self, seat: int) -> str:
        return "You" if seat == self.seat() else f"{'ABCD'[seat]}"

    def plays_for(self, stone: Stone) -> list[Play]:
        return [a for a in self.table.legal() if isinstance(a, Play) and a.stone == stone]

    # -- structure ------------------------------------------------------------------------------
    def build(self) -> None:
        scene = self.table.scene()
        self._score_box = QGraphicsPathItem()
        self._score_box.setBrush(PANEL)
        self._score_box.setPen(QPen(PANEL_EDGE, 1.5))
        self._score_box.setZValue(30)
        self._score = QGraphicsTextItem()
        self._score.setDefaultTextColor(TEXT)
        self._score.setZValue(31)
        self._knock = QGraphicsPathItem()
        self._knock.setZValue(40)
        for item in (self._score_box, self._score, self._knock):
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            scene.addItem(item)
        self._knock.hide()

    def teardown(self) -> None:
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        scene = self.table.scene()
        for item in list(self._items.values()) + self._marks + self._labels + self._overlay:
            scene.removeItem(item)
        for item in (self._score_box, self._score, self._knock):
            if item is not None:
                scene.removeItem(item)
        self._items, self._keys, self._marks, self._labels, self._overlay = {}, {}, [], [], []
        self._score = self._score_box = self._knock = None

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.short = float(max(16, min(56, int(min(width / 20, height / 15)))))

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QBrush(baize_tile()))
        # a faint worn patch where the line is laid, so the play area reads at a glance
        x, y, w, h = self.line_area
        glow = QRadialGradient(QPointF(x + w / 2, y + h / 2), max(w, h) * 0.6)
        glow.setColorAt(0, QColor(255, 255, 255, 16))
        glow.setColorAt(1, QColor(255, 255, 255, 0))
        painter.fillRect(rect, QBrush(glow))

    # -- where everything goes --------------------------------------------------------------------
    def _opponent_places(self, players: int) -> dict[int, str]:
        """Where each other seat sits, counted round the table from the human (to the left)."""
        me = self.seat()
        order = {2: ["top"], 3: ["left", "top"], 4: ["left", "top", "right"]}[players]
        return {(me + k + 1) % players: place for k, place in enumerate(order)}

    def layout(self, view: DominoesView) -> dict[int, Spot]:
        s = self.short
        W, H = self.width, self.height
        margin = s * 0.35
        small = max(10, int(s * 0.62))
        spots: dict[int, Spot] = {}
        places = self._opponent_places(view.players)
        over = view.result is not None or view.winner is not None
        # the human's hand along the bottom, playable stones raised a little
        hand = list(view.hands[self.seat()])
        self._hand_ids = [vc.id for vc in hand]
        bone_w = 7 * small * 1.12
        room = W - 2 * (bone_w + 2 * margin)
        step = min(s * 1.22, room / max(1, len(hand)))
        total = step * (len(hand) - 1) + s
        x0 = W / 2 - total / 2
        base_y = H - 2 * s - margin
        playable = {a.stone for a in self.table.legal() if isinstance(a, Play)}
        for k, vc in enumerate(hand):
            face = vc.face
            lift = s * 0.22 if face in playable and not over else 0.0
            if vc.id == self.selected:
                lift = s * 0.45
            spots[vc.id] = Spot(QPointF(x0 + k * step, base_y - lift), int(s), False,
                                face.high if face else None, face.low if face else None,
                                z=20 + k)
        hand_top = base_y - s * 0.5
        # the others' hands, face down (face up once the hand is over)
        top_bottom = margin
        left_right, right_left = margin, W - margin
        for seat, place in places.items():
            stones = view.hands[seat]
            n = len(stones)
            if place == "top":
                step_t = min(small * 1.15, (W * 0.5) / max(1, n))
                x = W / 2 - (step_t * (n - 1) + small) / 2
                for k, vc in enumerate(stones):
                    f = vc.face
                    spots[vc.id] = Spot(QPointF(x + k * step_t, margin), small, False,
                                        f.high if f else None, f.low if f else None, z=10 + k)
                top_bottom = margin + 2 * small
            else:
                band_top = margin + 2 * small + s
                band = hand_top - band_top - s
                step_v = min(small * 1.15, band / max(1, n))
                y = band_top + (band - (step_v * (n - 1) + small)) / 2
                x = margin if place == "left" else W - margin - 2 * small
                for k, vc in enumerate(stones):
                    f = vc.face
                    spots[vc.id] = Spot(QPointF(x, y + k * step_v), small, True,
                                        f.high if f else None, f.low if f else None, z=10 + k)
                if place == "left":
                    left_right = margin + 2 * small + margin
                else:
                    right_left = W - margin - 2 * small - margin
        # the boneyard: a loose block in the lower right corner
        bones = view.boneyard
        cols = 7
        bx0 = W - margin - bone_w
        by0 = H - margin - 2 * (2 * small + small * 0.15) - s * 0.3
        for k, vc in enumerate(bones):
            row, col = divmod(k, cols)
            spots[vc.id] = Spot(QPointF(bx0 + col * small * 1.12, by0 + row * (2 * small + small * 0.15)),
                                small, False, None, None, z=5 + k)
        self.boneyard_rect = QRectF(bx0 - 4, by0 - 4, bone_w + 8, 2 * (2 * small + small * 0.15) + 8)
        # the line of play, snaking inside what is left
        score_h = (2 + view.players) * max(13, s * 0.42) + 16
        top = max(top_bottom + s * 0.5, margin + score_h + s * 0.3)
        area = (left_right + s * 0.3, top, right_left - left_right - s * 0.6, hand_top - s * 0.6 - top)
        self.line_area = area
        line = [(ls.left, ls.right) for ls in view.line]
        placed, short = fitted_layout(line, view.origin, area, s * 0.9)
        self.line_short = short
        for ls, p in zip(view.line, placed):
            x, y, w, h = p.rect(short)
            spots[ls.card.id] = Spot(QPointF(x, y), int(round(short)), p.horizontal, p.first,
                                     p.second, z=2)
        return spots

    def end_targets(self, view: DominoesView, face: Stone) -> dict[End | None, Spot]:
        """Where ``face`` would lie at each end of the line (or as the lead): drop targets."""
        line = [(ls.left, ls.right) for ls in view.line]
        if not line:
            placed, short = fitted_layout([(face.high, face.low)], 0, self.line_area, self.line_short)
            p = placed[0]
            x, y, _, _ = p.rect(short)
            return {None: Spot(QPointF(x, y), int(round(short)), p.horizontal, p.first, p.second)}
        out: dict[End | None, Spot] = {}
        a, b = line[0][0], line[-1][1]
        for end, number in ((End.LEFT, a), (End.RIGHT, b)):
            if face.has(number):
                other = face.other(number)
                longer = ([(other, number)] + line) if end is End.LEFT else (line + [(number, other)])
                origin = self.view_origin(view) + (1 if end is End.LEFT else 0)
            else:
                # it does not fit: show where a stone would go all the same (to explain a refusal)
                longer = ([(face.high, number)] + line) if end is End.LEFT else (line + [(number, face.high)])
                origin = self.view_origin(view) + (1 if end is End.LEFT else 0)
            placed = snake_layout(longer, origin, self._centre(), self.line_area[2] / 2, self.line_short)
            p = placed[0] if end is End.LEFT else placed[-1]
            x, y, _, _ = p.rect(self.line_short)
            out[end] = Spot(QPointF(x, y), int(round(self.line_short)), p.horizontal, p.first,
                            p.second)
        return out

    @staticmethod
    def view_origin(view: DominoesView) -> int:
        return view.origin

    def _centre(self) -> Vec:
        x, y, w, h = self.line_area
        return (x + w / 2, y + h / 2)

    # -- keeping the items in step ---------------------------------------------------------------
    def sync(self, animate: bool) -> None:
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        self.drag = None
        view = self.view()
        first = self._seen_hand == 0
        if view.hand_no != self._seen_hand:
            if not first and view.hand_no > self._seen_hand and view.previous is not None:
                self._show_overlay(view)
            elif view.hand_no < self._seen_hand:
                self._hide_overlay()            # taken back into an earlier hand
            self._seen_hand = view.hand_no
            self.selected = None
        if first:
            self._seen_sheet = len(view.sheet)  # a game opened part-way: nothing new to tell
        old_layout = self.line_area
        spots = self.layout(view)
        if self.line_area != old_layout:
            self.table.resetCachedContent()
        self._spots = spots
        scene = self.table.scene()
        dpr = self.table.devicePixelRatioF()
        group = QParallelAnimationGroup(self.table)
        for sid in list(self._items):
            if sid not in spots:
                scene.removeItem(self._items.pop(sid))
                self._keys.pop(sid, None)
        for sid, spot in spots.items():
            item = self._items.get(sid)
            if item is None:
                item = QGraphicsPixmapItem()
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                item.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
                scene.addItem(item)
                item.setPos(spot.pos)
                self._items[sid] = item
            key = (spot.first, spot.second, spot.horizontal, spot.short)
            if self._keys.get(sid) != key:
                item.setPixmap(stone_pixmap(spot.first, spot.second, spot.horizontal, spot.short, dpr))
                self._keys[sid] = key
            item.setZValue(spot.z)
            target = spot.pos
            if animate and self.table.animations_on and (item.pos() - target).manhattanLength() > 0.5:
                item.setZValue(spot.z + 50)
                group.addAnimation(flight(item, item.pos(), target))
            else:
                item.setPos(target)
        if group.animationCount():
            self._anim = group
            group.start()
        self._update_labels(view)
        self._update_score(view)
        self._update_knock()
        self._show_marks()
        self._announce_scores(view)

    def _announce_scores(self, view: DominoesView) -> None:
        """What scored, in the status bar with its rule.  The widget writes its own line after
        each move (the move described), so this one is queued to follow it."""
        new = view.sheet[self._seen_sheet:]
        self._seen_sheet = len(view.sheet)
        if not new:
            return
        text = "; ".join(e.text for e in new)
        text = text[:1].upper() + text[1:] + "."
        rule = new[-1].rule or ""
        table = self.table

        def say() -> None:
            if table.controller is self:       # not once another game is on the table
                table.say(text, rule)
        QTimer.singleShot(0, say)

    def _update_labels(self, view: DominoesView) -> None:
        scene = self.table.scene()
        for item in self._labels:
            scene.removeItem(item)
        self._labels = []
        s = self.short
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(11, int(s * 0.34)))

        def label(text: str, x: float, y: float, anchor_right: bool = False) -> None:
            item = QGraphicsSimpleTextItem(text)
            item.setFont(font)
            item.setBrush(TEXT)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setZValue(35)
            if anchor_right:
                x -= item.boundingRect().width()
            item.setPos(QPointF(x, y))
            scene.addItem(item)
            self._labels.append(item)

        turn = view.turn
        for seat, place in self._opponent_places(view.players).items():
            ids = [vc.id for vc in view.hands[seat]]
            n = len(ids)
            marker = " ◂" if turn == seat else ""
            text = f"{self.name(seat)} · {n} stone{'s' if n != 1 else ''}{marker}"
            if ids:
                first = self._spots[ids[0]].pos
                last = self._spots[ids[-1]]
                if place == "top":
                    label(text, last.pos.x() + 2 * last.short * 0.5 + s * 0.4, first.y() + s * 0.3)
                elif place == "left":
                    label(text, first.x(), first.y() - s * 0.55)
                else:
                    label(text, first.x() + 2 * last.short, first.y() - s * 0.55, anchor_right=True)
            else:
                x = {"top": self.width / 2, "left": s * 0.35, "right": self.width - s * 3}[place]
                label(text, x, s * 0.35 if place == "top" else self.height / 2)
        drawable = view.drawable
        bones = len(view.boneyard)
        if view.variant == "draw":
            text = f"Boneyard · {bones} ({drawable} may be drawn)"
        else:
            text = f"Out of play · {bones}"
        label(text, self.boneyard_rect.right(), self.boneyard_rect.top() - s * 0.5, anchor_right=True)
        if view.hands[self.seat()]:
            hand = [self._spots[i] for i in self._hand_ids]
            mine = "Your turn" if turn == self.seat() else "Your stones"
            label(mine, hand[0].pos.x() - s * 0.4, hand[0].pos.y() + s * 0.7, anchor_right=True)

    def _update_score(self, view: DominoesView) -> None:
        assert self._score is not None and self._score_box is not None
        s = self.short
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(11, min(17, int(s * 0.36))))
        self._score.setFont(font)
        title = "Fives and Threes" if view.variant == "fives_and_threes" else (
            "The Block game" if view.variant == "block" else "The Draw game")
        goal = f"exactly {view.target}" if view.exact else f"{view.target}"
        rows = "".join(
            f"<tr><td>{self.name(k)}{' ◂' if view.turn == k else ''}</td>"
            f"<td align='right'>&nbsp;&nbsp;<b>{score}</b></td></tr>"
            for k, score in enumerate(view.scores))
        html = (f"<div style='font-variant: small-caps'><b>{title}</b></div>"
                f"<div>Hand {view.hand_no} · game to {goal}</div>"
                f"<table cellspacing='0' cellpadding='1'>{rows}</table>")
        self._score.setHtml(html)
        self._score.setPos(QPointF(s * 0.45, s * 0.3))
        r = self._score.boundingRect().translated(self._score.pos()).adjusted(-6, -4, 6, 4)
        path = QPainterPath()
        path.addRoundedRect(r, 8, 8)
        self._score_box.setPath(path)

    def _update_knock(self) -> None:
        assert self._knock is not None
        for child in self._knock.childItems():
            child.setParentItem(None)
            self.table.scene().removeItem(child)
        if Pass() not in self.table.legal():
            self._knock.hide()
            self.knock_rect = QRectF()
            return
        s = self.short
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(12, int(s * 0.38)))
        font.setBold(True)
        text = QGraphicsSimpleTextItem("Knock (pass)", self._knock)
        text.setFont(font)
        text.setBrush(QColor(40, 26, 10))
        w, h = text.boundingRect().width() + s * 0.6, text.boundingRect().height() + s * 0.3
        hand = [self._spots[i] for i in self._hand_ids]
        x = (hand[-1].pos.x() + s * 1.6) if hand else self.width / 2
        y = self.height - s * 1.6 - h
        self.knock_rect = QRectF(x, y, w, h)
        path = QPainterPath()
        path.addRoundedRect(self.knock_rect, h / 2, h / 2)
        self._knock.setPath(path)
        self._knock.setBrush(HIGHLIGHT)
        self._knock.setPen(QPen(QColor(120, 90, 30), 1.5))
        text.setPos(QPointF(x + s * 0.3, y + s * 0.15))
        self._knock.show()

    # -- marks: playable ends, the keyboard, the hint -------------------------------------------
    def _clear_marks(self) -> None:
        scene = self.table.scene()
        for mark in self._marks:
            scene.removeItem(mark)
        self._marks = []

    def _outline(self, rect: QRectF, colour: QColor, fill_alpha: int = 0, width: float = 2.5,
                 z: float = 45) -> None:
        path = QPainterPath()
        path.addRoundedRect(rect.adjusted(-3, -3, 3, 3), 6, 6)
        item = QGraphicsPathItem(path)
        fill = QColor(colour)
        fill.setAlpha(fill_alpha)
        item.setBrush(fill)
        item.setPen(QPen(colour, width))
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.table.scene().addItem(item)
        self._marks.append(item)

    @staticmethod
    def spot_rect(spot: Spot) -> QRectF:
        w, h = (2 * spot.short, spot.short) if spot.horizontal else (spot.short, 2 * spot.short)
        return QRectF(spot.pos.x(), spot.pos.y(), w, h)

    def _show_marks(self, targets: dict[End | None, Spot] | None = None,
                    hover: End | None | bool = False) -> None:
        self._clear_marks()
        legal = self.table.legal()
        # the ends a stone may go to, clearly lit (brighter still under the stone dragged)
        for end, spot in (targets or {}).items():
            strong = hover is not False and hover == end
            self._outline(self.spot_rect(spot), HIGHLIGHT, 170 if strong else 110, 3.5)
        if self.selected is not None and self.selected in self._spots and targets is None:
            face = self._face(self.selected)
            if face is not None:
                ends = {a.end for a in self.plays_for(face)}
                all_targets = self.end_targets(self.view(), face)
                for end in ends:
                    strong = self.chosen_end == end
                    self._outline(self.spot_rect(all_targets[end]), HIGHLIGHT, 170 if strong else 110, 3.5)
        if self.keyboard_active and self._hand_ids:
            self.cursor = max(0, min(self.cursor, len(self._hand_ids) - 1))
            self._outline(self.spot_rect(self._spots[self._hand_ids[self.cursor]]), HIGHLIGHT,
                          0, 3.0)
        if DrawStone() in legal:
            self._outline(self.boneyard_rect, HIGHLIGHT, 30, 2.0, z=1)
        if targets is None:     # (not while a stone is dragged: that is every mouse move)
            self.table.refresh_prompt()     # a stone picked up changes what to do next

    def _face(self, sid: int) -> Stone | None:
        for vc in self.view().hands[self.seat()]:
            if vc.id == sid:
                return vc.face  # type: ignore[return-value]
        return None

    def _id_of(self, face: Stone) -> int | None:
        for vc in self.view().hands[self.seat()]:
            if vc.face == face:
                return vc.id
        return None

    # -- what lies under the mouse ----------------------------------------------------------------
    def hand_stone_at(self, pos: QPointF) -> int | None:
        best = None
        for sid in self._hand_ids:          # the rightmost overlapping stone is on top
            if self.spot_rect(self._spots[sid]).contains(pos):
                best = sid
        return best

    def target_at(self, pos: QPointF, targets: dict[End | None, Spot]) -> End | None | bool:
        """The end whose target is nearest ``pos`` within reach; ``False`` for none."""
        best: End | None | bool = False
        best_d = float("inf")
        for end, spot in targets.items():
            rect = self.spot_rect(spot)
            reach = rect.adjusted(-self.line_short, -self.line_short, self.line_short, self.line_short)
            if reach.contains(pos):
                d = (rect.center() - pos).manhattanLength()
                if d < best_d:
                    best, best_d = end, d
        if best is False and None in targets:
            x, y, w, h = self.line_area
            if QRectF(x, y, w, h).contains(pos):
                return None
        return best

    # -- the mouse ---------------------------------------------------------------------------------
    def press(self, scene_pos: QPointF) -> None:
        self.keyboard_active = False
        if self._overlay:
            self._hide_overlay()
            return
        if self.table.session is not None and self.table.session.to_move() is Special.TERMINAL:
            return
        if not self.knock_rect.isNull() and self.knock_rect.contains(scene_pos):
            self.table.play(Pass())
            return
        if self.boneyard_rect.contains(scene_pos):
            self.selected = None
            self.table.play(DrawStone())
            return
        sid = self.hand_stone_at(scene_pos)
        if sid is None:
            if self.selected is not None:
                face = self._face(self.selected)
                if face is not None:
                    end = self.target_at(scene_pos, self.end_targets(self.view(), face))
                    if end is not False:
                        self.selected = None
                        self._play_at(face, end)  # type: ignore[arg-type]
                        return
                self.selected = None
                self.chosen_end = None
                self._show_marks()
            return
        face = self._face(sid)
        if face is None:
            return
        item = self._items[sid]
        self.drag = StoneDrag(sid, face, item, scene_pos - item.pos(), scene_pos)
        item.setZValue(200)

    def move(self, scene_pos: QPointF) -> None:
        drag = self.drag
        if drag is None:
            return
        if not drag.moved and (scene_pos - drag.origin).manhattanLength() < 5:
            return
        if not drag.moved:
            drag.moved = True
            self.selected = None
        targets = self.end_targets(self.view(), drag.face)
        legal_ends = {a.end for a in self.plays_for(drag.face)}
        lit = {e: t for e, t in targets.items() if e in legal_ends}
        centre = scene_pos - drag.grab + QPointF(self.short / 2, self.short)
        over = self.target_at(centre, targets)
        dpr = self.table.devicePixelRatioF()
        if over is not False and over in legal_ends:
            # the stone turns to lie as it will lie at that end
            spot = targets[over]  # type: ignore[index]
            drag.item.setPixmap(stone_pixmap(spot.first, spot.second, spot.horizontal, spot.short, dpr))
            rect = self.spot_rect(spot)
            drag.item.setPos(scene_pos - QPointF(rect.width() / 2, rect.height() / 2))
        else:
            drag.item.setPixmap(stone_pixmap(drag.face.high, drag.face.low, False, int(self.short), dpr))
            drag.item.setPos(scene_pos - drag.grab)
        self._keys.pop(drag.stone_id, None)
        self._show_marks(lit, over)

    def release(self, scene_pos: QPointF) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if not drag.moved:
            self._click_stone(drag.stone_id, drag.face)
            return
        targets = self.end_targets(self.view(), drag.face)
        centre = drag.item.sceneBoundingRect().center()
        end = self.target_at(centre, targets)
        if end is False:
            end = self.target_at(scene_pos, targets)
        if end is False:
            self.table.sync(animate=True)   # dropped on the cloth: back to the hand
            return
        self._play_at(drag.face, end)  # type: ignore[arg-type]

    def _play_at(self, face: Stone, end: End | None) -> None:
        """Play ``face`` at ``end``; a refusal comes back from the engine with its rule."""
        self.chosen_end = None
        if not self.table.play(Play(face, end)):
            self.table.sync(animate=True)

    def _click_stone(self, sid: int, face: Stone) -> None:
        plays = self.plays_for(face)
        if len(plays) == 1:
            self.selected = None
            self.table.play(plays[0])
            return
        if not plays:
            self.selected = None
            ends = self.view().ends
            self._play_at(face, None if ends is None else End.RIGHT)
            return
        self.selected = sid
        self.chosen_end = None
        self.table.say(f"The {stone_name(face)} fits both ends: click the end you want "
                       "(or drag it there).", "")
        self.table.sync(animate=True)

    def cancel_drag(self) -> None:
        if self.drag is not None:
            self.drag = None
            self.table.sync(animate=False)

    # -- the keyboard ------------------------------------------------------------------------------
    def key(self, name: str) -> bool:
        """Left and right walk the hand (or choose the end for a stone that fits both); Enter or
        up plays the stone; down (or space) draws from the boneyard or knocks; Escape lets go."""
        if self._overlay:
            self._hide_overlay()
            return True
        self.keyboard_active = True
        legal = self.table.legal()
        if self.selected is not None:
            face = self._face(self.selected)
            if name in ("left", "right") and face is not None:
                self.chosen_end = End.LEFT if name == "left" else End.RIGHT
                self._show_marks()
                return True
            if name in ("enter", "up", "space") and face is not None:
                end = self.chosen_end
                self.selected = None
                if end is None:
                    self.table.say("Choose the end with the left or right arrow, then Enter.", "")
                    self.selected = self._id_of(face)
                    self._show_marks()
                    return True
                self._play_at(face, end)
                return True
            if name == "escape":
                self.selected = None
                self.chosen_end = None
                self._show_marks()
                return True
        if name in ("left", "right"):
            if self._hand_ids:
                step = -1 if name == "left" else 1
                self.cursor = max(0, min(len(self._hand_ids) - 1, self.cursor + step))
            self._show_marks()
            return True
        if name in ("enter", "up") and self._hand_ids:
            sid = self._hand_ids[max(0, min(self.cursor, len(self._hand_ids) - 1))]
            face = self._face(sid)
            if face is not None:
                self._click_stone(sid, face)
            return True
        if name in ("down", "space"):
            if Pass() in legal:
                self.table.play(Pass())
            else:
                self.table.play(DrawStone())
            return True
        if name == "escape":
            self.keyboard_active = False
            self._show_marks()
            return True
        return False

    # -- the end of a hand -------------------------------------------------------------------------
    def _show_overlay(self, view: DominoesView) -> None:
        """The hand just finished, its stones turned up, until the player clicks."""
        self._hide_overlay()
        result = view.previous
        assert result is not None
        s = self.short
        scene = self.table.scene()
        small = max(10, int(s * 0.5))
        dpr = self.table.devicePixelRatioF()
        width = min(self.width * 0.8, max(s * 12, 16 * small * 1.1 + s))
        text = QGraphicsTextItem()
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(12, min(17, int(s * 0.36))))
        text.setFont(font)
        text.setDefaultTextColor(TEXT)
        text.setTextWidth(width - s)
        how = "blocked" if result.how == "blocked" else "over"
        text.setHtml(f"<b>Hand {result.hand_no} is {how}.</b> {result.text}.<br/>"
                     f"<i>Click or press a key to go on.</i>")
        rows = len(result.hands)
        height = text.boundingRect().height() + rows * (small + 8) + s * 0.8
        x0 = (self.width - width) / 2
        y0 = (self.height - height) / 2
        box = QGraphicsPathItem()
        path = QPainterPath()
        path.addRoundedRect(QRectF(x0, y0, width, height), 12, 12)
        box.setPath(path)
        box.setBrush(QColor(16, 40, 28, 236))
        box.setPen(QPen(PANEL_EDGE, 2))
        box.setZValue(60_000)
        text.setPos(QPointF(x0 + s * 0.5, y0 + s * 0.3))
        text.setZValue(60_001)
        items: list[QGraphicsItem] = [box, text]
        y = y0 + s * 0.3 + text.boundingRect().height() + 4
        label_font = QFont("DejaVu Serif")
        label_font.setPixelSize(max(11, int(small * 0.7)))
        for seat, stones in enumerate(result.hands):
            name = QGraphicsSimpleTextItem(f"{self.name(seat)}: {result.pips[seat]} pips")
            name.setFont(label_font)
            name.setBrush(TEXT)
            name.setPos(QPointF(x0 + s * 0.5, y + small * 0.2))
            name.setZValue(60_001)
            items.append(name)
            x = x0 + s * 0.5 + s * 3.2
            for stone in stones:
                pix = QGraphicsPixmapItem(stone_pixmap(stone.high, stone.low, True, small, dpr))
                pix.setPos(QPointF(x, y))
                pix.setZValue(60_001)
                items.append(pix)
                x += 2 * small + 4
            y += small + 8
        for item in items:
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            scene.addItem(item)
        self._overlay = items

    def _hide_overlay(self) -> None:
        scene = self.table.scene()
        for item in self._overlay:
            if item.scene() is scene:
                scene.removeItem(item)
        self._overlay = []

    @property
    def overlay_shown(self) -> bool:
        return bool(self._overlay)

    # -- hints, status, the end ------------------------------------------------------------------
    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """A stone to play: the stone in the hand and the place it takes at its end of the line;
        drawing: the boneyard; knocking: the knock button."""
        if isinstance(action, Play):
            sid = self._id_of(action.stone)
            source = self.spot_rect(self._spots[sid]) if sid is not None and sid in self._spots else None
            target = self.end_targets(self.view(), action.stone).get(action.end)
            return source, (self.spot_rect(target) if target is not None else None)
        if isinstance(action, DrawStone):
            return None, QRectF(self.boneyard_rect)
        if isinstance(action, Pass) and not self.knock_rect.isNull():
            return None, QRectF(self.knock_rect)
        return None, None

    def callout_anchor(self) -> QPointF | None:
        if self.keyboard_active and self._hand_ids:
            sid = self._hand_ids[max(0, min(self.cursor, len(self._hand_ids) - 1))]
            if sid in self._spots:
                return self.spot_rect(self._spots[sid]).center()
        return None

    def prompt(self) -> str:
        session = self.table.session
        if session is None:
            return ""
        view = self.view()
        who = session.to_move()
        if not isinstance(who, int):
            return ""
        if who != self.seat() or not self.table.human_to_move:
            thinking = " — the computer is thinking…" if self.table.computer_thinking else ""
            return f"{self.name(who)} to play{thinking}"
        legal = self.table.legal()
        if legal == (DrawStone(),):
            return "Nothing matches: click the boneyard to draw a stone"
        if legal == (Pass(),):
            return "Nothing matches, the boneyard is empty: knock"
        if self.selected is not None:
            return "Click the end of the line for the stone"
        if not view.line:
            return "Your lead: set any stone on the table"
        a, b = view.ends  # type: ignore[misc]
        return f"Your turn: match {a} or {b} with a raised stone"

    def status_parts(self) -> list[str]:
        session = self.table.session
        if session is None:
            return []
        view = self.view()
        parts = [f"Hand {view.hand_no}"]
        who = session.to_move()
        if who is Special.TERMINAL:
            parts.append("the game is over")
        elif who == self.seat():
            legal = self.table.legal()
            if legal == (DrawStone(),):
                parts.append("nothing matches: draw from the boneyard")
            elif legal == (Pass(),):
                parts.append("nothing matches: knock")
            elif not view.line:
                parts.append("your lead: set any stone")
            else:
                a, b = view.ends  # type: ignore[misc]
                parts.append(f"your turn: match {a} or {b}")
        elif isinstance(who, int):
            parts.append(f"{self.name(who)} to play")
        goal = f"exactly {view.target}" if view.exact else str(view.target)
        parts.append(", ".join(f"{self.name(k)} {v}" for k, v in enumerate(view.scores))
                     + f" (game {goal})")
        return parts

    def end_texts(self, outcome: "Outcome") -> tuple[str, str]:
        seat = self.seat()
        won = outcome.results[seat] > 0 if seat < len(outcome.results) else False
        title = "You win the game!" if won else "The game is lost"
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + "."

    # -- for tests -----------------------------------------------------------------------------------
    def item_of(self, stone_id: int) -> QGraphicsPixmapItem:
        return self._items[stone_id]

    def shown_faces(self) -> dict[int, tuple[int | None, int | None]]:
        """The faces the table draws, by physical stone (``(None, None)``: the back)."""
        return {sid: (key[0], key[1]) for sid, key in self._keys.items()}

    def spot_of(self, stone_id: int) -> Spot:
        return self._spots[stone_id]
