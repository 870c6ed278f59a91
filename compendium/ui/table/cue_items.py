"""The pieces of the cue table: the table drawn from above to the period's proportions, the
balls, the guide line and the small diagram of where the cue meets the ball.

``TableGeometry`` maps the table's metres (``compendium.games.cue.table``: x up the table from the
baulk cushion, y across from the right cushion) to the scene: the baulk end on the left, the top
of the table on the right, the left cushion (y = WIDTH) at the top of the picture, as a player
standing at the baulk end would see it turned a quarter to his left.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...games.cue import table as T
from ...games.cue.game import STYLES, BallStyle

RAIL = 0.085          # the cushion and its wooden rail, beyond the cushion's face (metres)
WOOD = 0.075
CLOTH = QColor(28, 104, 52)
CUSHION = QColor(16, 66, 33)
WOOD_DARK, WOOD_LIGHT = QColor(74, 40, 20), QColor(122, 72, 38)


def font(px: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Serif")
    f.setPixelSize(max(8, int(px)))
    f.setBold(bold)
    return f


class TableGeometry:
    """Where the table lies in the scene: ``origin`` is the scene point of (0, WIDTH) (the
    baulk-end corner of the left cushion) and ``scale`` pixels per metre."""

    LENGTH, WIDTH = T.LENGTH, T.WIDTH     # the surface's figures (the bagatelle board's differ)
    MARGIN = RAIL + WOOD      # the frame beyond the cushions' faces, on every side

    def __init__(self) -> None:
        self.origin = QPointF(0, 0)
        self.scale = 100.0

    def to_scene(self, x: float, y: float) -> QPointF:
        return QPointF(self.origin.x() + x * self.scale, self.origin.y() + (self.WIDTH - y) * self.scale)

    def to_table(self, p: QPointF) -> tuple[float, float]:
        return (p.x() - self.origin.x()) / self.scale, self.WIDTH - (p.y() - self.origin.y()) / self.scale

    def rect(self, x0: float, y0: float, x1: float, y1: float) -> QRectF:
        a, b = self.to_scene(x0, y1), self.to_scene(x1, y0)
        return QRectF(a, b).normalized()

    def outer(self) -> QRectF:
        m = self.MARGIN
        return self.rect(-m, -m, self.LENGTH + m, self.WIDTH + m)

    @classmethod
    def size_for(cls, width: float, height: float) -> float:
        """The scale that fits the whole table (with its rails) into ``width`` × ``height``."""
        m = 2 * cls.MARGIN
        return min(width / (cls.LENGTH + m), height / (cls.WIDTH + m))


def paint_table(painter: QPainter, g: TableGeometry) -> None:
    """The table: the wooden frame, the cushions, the cloth, the pockets, the baulk line, the D
    and the spots."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = g.scale
    outer = g.outer()
    grad = QLinearGradient(outer.topLeft(), outer.bottomLeft())
    grad.setColorAt(0, WOOD_LIGHT)
    grad.setColorAt(1, WOOD_DARK)
    painter.setPen(QPen(QColor(40, 20, 10), max(1.0, s * 0.006)))
    painter.setBrush(QBrush(grad))
    painter.drawRoundedRect(outer, s * 0.05, s * 0.05)
    # the cushions (a darker green band) and the cloth inside their faces
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(CUSHION)
    painter.drawRect(g.rect(-RAIL, -RAIL, T.LENGTH + RAIL, T.WIDTH + RAIL))
    painter.setBrush(CLOTH)
    painter.drawRect(g.rect(0, 0, T.LENGTH, T.WIDTH))
    # a light sheen across the cloth, the lamp above the table
    sheen = QRadialGradient(g.to_scene(T.LENGTH / 2, T.WIDTH / 2), T.LENGTH * s * 0.6)
    sheen.setColorAt(0, QColor(255, 255, 255, 26))
    sheen.setColorAt(1, QColor(0, 0, 0, 30))
    painter.setBrush(QBrush(sheen))
    painter.drawRect(g.rect(0, 0, T.LENGTH, T.WIDTH))
    # the pockets: black openings cut through the cushions, the jaws where the cushions end
    painter.setBrush(QColor(12, 12, 10))
    for pocket in T.POCKETS:
        c = g.to_scene(pocket.x, pocket.y)
        r = T.POCKET_FALL * 0.55 * s if pocket.x in (0.0, T.LENGTH) else T.POCKET_FALL * 0.52 * s
        # corner pockets sit a little into the corner; middle pockets just beyond the cushion face
        dx = -1 if pocket.x == 0.0 else (1 if pocket.x == T.LENGTH else 0)
        dy = 1 if pocket.y == 0.0 else -1
        shift = (T.BALL_RADIUS * 0.7 if dx else T.BALL_RADIUS * 1.2) * s
        centre = QPointF(c.x() + dx * shift * 0.7, c.y() + dy * shift * 0.7)
        painter.drawEllipse(centre, r, r)
    # the cushions' ends at the jaws, drawn over the pockets' rims
    painter.setPen(QPen(QColor(12, 40, 20), max(1.0, s * 0.004)))
    for (ax, ay), (bx, by) in T.cushions():
        painter.drawLine(g.to_scene(ax, ay), g.to_scene(bx, by))
    # the baulk line, the D and the spots, in chalk
    chalk = QPen(QColor(236, 236, 224, 190), max(1.0, s * 0.004))
    painter.setPen(chalk)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawLine(g.to_scene(T.BAULK_X, 0), g.to_scene(T.BAULK_X, T.WIDTH))
    d = g.rect(T.BAULK_X - T.D_RADIUS, T.CENTRE_Y - T.D_RADIUS, T.BAULK_X + T.D_RADIUS, T.CENTRE_Y + T.D_RADIUS)
    painter.drawArc(d, 90 * 16, 180 * 16)
    painter.setBrush(QColor(236, 236, 224, 200))
    painter.setPen(Qt.PenStyle.NoPen)
    for spot in (T.BILLIARD_SPOT, T.PYRAMID_SPOT, T.CENTRE_SPOT, T.BAULK_CENTRE):
        painter.drawEllipse(g.to_scene(*spot), max(1.2, s * 0.006), max(1.2, s * 0.006))
    painter.setPen(QColor(236, 236, 224, 150))
    painter.setFont(font(max(9.0, s * 0.05)))
    painter.drawText(g.rect(0.02, 0.02, T.BAULK_X - 0.03, 0.14),
                     Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "baulk")


class BallItem(QGraphicsItem):
    """One ball, drawn as a lit sphere in its game's colour (``BallStyle``: the spot white
    carries its black spot, a numbered ball its number on a white disc)."""

    def __init__(self, name: str, style: BallStyle | None = None) -> None:
        super().__init__()
        self.name = name
        self.style = style or STYLES.get(name) or BallStyle((128, 128, 128))
        self.radius = 8.0
        self.ghost = False          # a ball in hand shown where it would be placed
        self.lit = False            # the striker's ball
        self.setZValue(10)

    def set_radius(self, r: float) -> None:
        self.prepareGeometryChange()
        self.radius = r

    def boundingRect(self) -> QRectF:
        r = self.radius + 4
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.radius
        base = QColor(*self.style.colour)
        if self.ghost:
            painter.setOpacity(0.55)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawEllipse(QPointF(r * 0.18, r * 0.22), r, r)          # its shadow on the cloth
        grad = QRadialGradient(QPointF(-r * 0.35, -r * 0.4), r * 1.5)
        grad.setColorAt(0, base.lighter(135))
        grad.setColorAt(0.55, base)
        grad.setColorAt(1, base.darker(160))
        painter.setBrush(QBrush(grad))
        painter.setPen(QPen(base.darker(220), max(0.6, r * 0.06)))
        painter.drawEllipse(QPointF(0, 0), r, r)
        if self.style.spot:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(20, 20, 20))
            painter.drawEllipse(QPointF(0, 0), r * 0.22, r * 0.22)
        if self.style.label and r >= 5:
            # the number on a white disc, large enough to read at the table's scale
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(250, 248, 240))
            painter.drawEllipse(QPointF(0, 0), r * 0.58, r * 0.58)
            painter.setPen(QColor(20, 20, 20))
            painter.setFont(font(r * (0.8 if len(self.style.label) < 2 else 0.62), bold=True))
            painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, self.style.label)
        if self.lit:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(255, 226, 120, 220), max(1.2, r * 0.16)))
            painter.drawEllipse(QPointF(0, 0), r * 1.45, r * 1.45)


class GuideItem(QGraphicsItem):
    """The aim: the cue behind the ball, and a dotted guide line ahead of it."""

    def __init__(self) -> None:
        super().__init__()
        self.start = QPointF()
        self.end = QPointF()
        self.cue_from = QPointF()
        self.cue_to = QPointF()
        self.width = 2.0
        self.setZValue(20)

    def set_lines(self, start: QPointF, end: QPointF, cue_from: QPointF, cue_to: QPointF, width: float) -> None:
        self.prepareGeometryChange()
        self.start, self.end, self.cue_from, self.cue_to, self.width = start, end, cue_from, cue_to, width

    def boundingRect(self) -> QRectF:
        pts = (self.start, self.end, self.cue_from, self.cue_to)
        xs, ys = [p.x() for p in pts], [p.y() for p in pts]
        m = self.width * 3 + 2
        return QRectF(min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(QColor(255, 250, 230, 200), max(1.0, self.width * 0.6), Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(self.start, self.end)
        # the cue: a tapering stick of ash with a dark butt
        a, b = self.cue_from, self.cue_to
        length = math.hypot(b.x() - a.x(), b.y() - a.y())
        if length < 1:
            return
        painter.setPen(QPen(QColor(60, 36, 16), self.width * 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        mid = QPointF(a.x() + (b.x() - a.x()) * 0.55, a.y() + (b.y() - a.y()) * 0.55)
        painter.drawLine(mid, b)
        painter.setPen(QPen(QColor(222, 190, 130), self.width * 1.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(a, mid)
        painter.setPen(QPen(QColor(70, 110, 150), self.width * 1.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        tip = QPointF(a.x() + (b.x() - a.x()) * 0.02, a.y() + (b.y() - a.y()) * 0.02)
        painter.drawLine(a, tip)                                          # the chalked tip


class TipItem(QGraphicsItem):
    """Where the cue will strike the ball, on a picture of the ball: click a point of it (or use
    I, K, J, L).  The grid is five by five: high/low and left/right, two steps each way."""

    def __init__(self) -> None:
        super().__init__()
        self.radius = 30.0
        self.height_step = 0
        self.side_step = 0
        self.setZValue(15)

    def set_radius(self, r: float) -> None:
        self.prepareGeometryChange()
        self.radius = r

    def set_tip(self, height: int, side: int) -> None:
        self.height_step, self.side_step = height, side
        self.update()

    def boundingRect(self) -> QRectF:
        r = self.radius
        return QRectF(-r - 2, -r - 2, 2 * r + 4, 2 * r + 4 + r * 0.7)

    def step_at(self, local: QPointF) -> tuple[int, int] | None:
        """The grid step under a point of the item (``None``: off the ball)."""
        r = self.radius
        if math.hypot(local.x(), local.y()) > r * 1.05:
            return None
        side = max(-2, min(2, round(local.x() / (r * 0.4))))
        height = max(-2, min(2, round(-local.y() / (r * 0.4))))
        return height, side

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.radius
        grad = QRadialGradient(QPointF(-r * 0.3, -r * 0.35), r * 1.5)
        grad.setColorAt(0, QColor(255, 253, 244))
        grad.setColorAt(1, QColor(196, 190, 170))
        painter.setBrush(QBrush(grad))
        painter.setPen(QPen(QColor(60, 60, 50), 1.2))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(QPen(QColor(120, 120, 110), 0.8, Qt.PenStyle.DotLine))
        painter.drawLine(QPointF(-r, 0), QPointF(r, 0))
        painter.drawLine(QPointF(0, -r), QPointF(0, r))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(120, 120, 110, 120))
        for h in range(-2, 3):
            for s in range(-2, 3):
                painter.drawEllipse(QPointF(s * r * 0.4, -h * r * 0.4), r * 0.035 + 0.8, r * 0.035 + 0.8)
        painter.setBrush(QColor(60, 100, 160))
        painter.setPen(QPen(QColor(20, 40, 80), 1.0))
        centre = QPointF(self.side_step * r * 0.4, -self.height_step * r * 0.4)
        painter.drawEllipse(centre, r * 0.14, r * 0.14)
        painter.setPen(QColor(236, 236, 224))
        painter.setFont(font(max(9.0, r * 0.34)))
        painter.drawText(QRectF(-r * 2, r + 2, r * 4, r * 0.6), Qt.AlignmentFlag.AlignCenter, tip_words(
            self.height_step, self.side_step))


def tip_words(height: int, side: int) -> str:
    """The tip's place in the words of the billiard room."""
    words = []
    if height:
        words.append(("follow" if height > 0 else "screw") + (" (strong)" if abs(height) == 2 else ""))
    if side:
        words.append(("right" if side > 0 else "left") + " side")
    return ", ".join(words) or "centre of the ball"


class PanelItem(QGraphicsItem):
    """The marking board and what the last stroke did: a few lines of text on a dark panel."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, 100, 60)
        self.lines: list[tuple[str, bool]] = []
        self.size = 13.0
        self.setZValue(5)

    def set_content(self, rect: QRectF, lines: list[tuple[str, bool]], size: float) -> None:
        self.prepareGeometryChange()
        self.rect, self.lines, self.size = rect, lines, size
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(90, 60, 30), 1.5))
        painter.setBrush(QColor(24, 30, 24, 215))
        painter.drawRoundedRect(self.rect, 6, 6)
        y = self.rect.top() + self.size * 0.5
        for text, bold in self.lines:
            painter.setFont(font(self.size, bold))
            painter.setPen(QColor(250, 236, 190) if bold else QColor(230, 230, 220))
            box = QRectF(self.rect.left() + self.size * 0.7, y, self.rect.width() - self.size * 1.4,
                         self.size * 1.45)
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(box.width())))
            y += self.size * 1.45


def power_path(rect: QRectF, power: int) -> QPainterPath:
    """The strength bar's filled part."""
    path = QPainterPath()
    path.addRoundedRect(QRectF(rect.left(), rect.top(), rect.width() * power / 100, rect.height()), 3, 3)
    return path


class PowerItem(QGraphicsItem):
    """The strength of the stroke, a bar from gentle to the hardest."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, 100, 12)
        self.power = 30
        self.setZValue(15)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.rect = rect

    def set_power(self, power: int) -> None:
        self.power = power
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-2, -2 - self.rect.height() * 1.6, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(200, 190, 160), 1))
        painter.setBrush(QColor(20, 20, 16, 200))
        painter.drawRoundedRect(self.rect, 3, 3)
        grad = QLinearGradient(self.rect.topLeft(), self.rect.topRight())
        grad.setColorAt(0, QColor(120, 180, 90))
        grad.setColorAt(1, QColor(210, 70, 40))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        painter.drawPath(power_path(self.rect, self.power))
        painter.setPen(QColor(236, 236, 224))
        painter.setFont(font(self.rect.height() * 1.05))
        painter.drawText(QRectF(self.rect.left(), self.rect.top() - self.rect.height() * 1.6, self.rect.width(),
                                self.rect.height() * 1.5), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                         f"strength {self.power}")
