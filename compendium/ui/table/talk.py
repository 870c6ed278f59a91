"""What the table says on the cloth, the same for every game: the callout by a refused move,
the hint's marks and arrow, the prompt line, and the demo's badge.

These items take no mouse buttons: the view handles the mouse and hands it on to the game's
controller, so nothing said on the table can steal a press from the cards beneath it.  The one
thing on them that may be clicked — the callout's link to the law — is hit-tested by the view.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from .items import HINT

INK = QColor(246, 238, 214)                 # the text on the table's dark panels
PANEL = QColor(24, 30, 26, 236)             # a callout's ground: near black, a touch of green
REFUSAL_EDGE = QColor(226, 118, 84)         # a warm rim: "not that"
LINK = QColor(255, 214, 102)                # the law's link, in the gold of the highlights
QUIET = QColor(0, 0, 0, 110)                # the prompt's and the badge's ground


def _font(px: float, bold: bool = False, italic: bool = False, family: str = "DejaVu Sans") -> QFont:
    font = QFont(family)
    font.setPixelSize(max(9, int(px)))
    font.setBold(bold)
    font.setItalic(italic)
    return font


class CalloutItem(QGraphicsObject):
    """A short note by the place the player last touched, with a link to the law that refused
    the move.  It fades away by itself; a new refusal replaces it."""

    HOLD_MS = 3600          # shown at full strength (plus a little for a long text)
    FADE_MS = 700
    MAX_WIDTH = 340.0
    PAD = 10.0
    POINTER = 9.0           # the little tail towards the anchor

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.rule = ""
        self.anchor = QPointF()
        self._rect = QRectF()            # the panel, in item coordinates (the item sits at the anchor)
        self._text_rect = QRectF()
        self._link_rect = QRectF()
        self._below = True               # the panel hangs below the anchor (else above it)
        self._font = _font(13)
        self._link_font = _font(12, bold=True)
        self.setZValue(60_000)           # above the end banner, the hint and every card
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # drawn once into a pixmap, then blitted: text and antialiased paths cost more than a
        # whole table of cards to paint afresh every frame
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(False)
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.timeout.connect(self._fade)
        self._fader = QVariantAnimation(self)
        self._fader.setStartValue(1.0)
        self._fader.setEndValue(0.0)
        self._fader.valueChanged.connect(self._set_opacity)
        self._fader.finished.connect(self.hide)
        self.hide()

    def _set_opacity(self, value: object) -> None:
        self.setOpacity(float(value))  # type: ignore[arg-type]

    def show_at(self, text: str, rule: str, anchor: QPointF, bounds: QRectF,
                link_text: str = "The law ›") -> None:
        """Show ``text`` by ``anchor`` (scene coordinates), kept inside ``bounds`` (the visible
        table), with a link to ``rule`` when there is one."""
        self._fader.stop()
        self.prepareGeometryChange()
        self.text, self.rule, self.anchor = text, rule, QPointF(anchor)
        self._link_label = link_text
        metrics = QFontMetricsF(self._font)
        width = min(self.MAX_WIDTH, max(160.0, bounds.width() * 0.42))
        inner = width - 2 * self.PAD
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
        body = metrics.boundingRect(QRectF(0, 0, inner, 2000), flags, text)
        if body.width() < inner:            # a short note: a narrow panel
            inner = max(body.width(), QFontMetricsF(self._link_font).horizontalAdvance(link_text) if rule else 0)
            width = inner + 2 * self.PAD
        link_h = QFontMetricsF(self._link_font).height() + 4 if rule else 0.0
        height = body.height() + link_h + 2 * self.PAD
        # Below the anchor if it fits, else above; centred on it, but inside the table.
        below = anchor.y() + self.POINTER + height + 4 <= bounds.bottom() or anchor.y() - height < bounds.top()
        left = min(max(anchor.x() - width / 2, bounds.left() + 4), bounds.right() - width - 4)
        top = anchor.y() + self.POINTER if below else anchor.y() - self.POINTER - height
        top = min(max(top, bounds.top() + 4), bounds.bottom() - height - 4)
        self._below = below
        self.setPos(anchor)
        self._rect = QRectF(left - anchor.x(), top - anchor.y(), width, height)
        self._text_rect = QRectF(self._rect.left() + self.PAD, self._rect.top() + self.PAD, inner, body.height())
        if rule:
            lw = QFontMetricsF(self._link_font).horizontalAdvance(link_text)
            self._link_rect = QRectF(self._text_rect.left(), self._text_rect.bottom() + 4, lw + 2,
                                     link_h - 4)
        else:
            self._link_rect = QRectF()
        self.setOpacity(1.0)
        self.show()
        self.update()
        # a long note stays longer, up to twice as long as a short one
        self._hold.start(int(self.HOLD_MS * (1 + min(len(text), 160) / 160)))

    def _fade(self) -> None:
        self._fader.setDuration(self.FADE_MS)
        self._fader.start()

    def dismiss(self) -> None:
        self._hold.stop()
        self._fader.stop()
        self.hide()

    def link_hit(self, scene_pos: QPointF) -> bool:
        """Whether ``scene_pos`` is on the law's link (a little generous, for the finger)."""
        if not self.isVisible() or not self.rule or self._link_rect.isNull():
            return False
        return self._link_rect.adjusted(-4, -4, 4, 4).contains(self.mapFromScene(scene_pos))

    def link_scene_rect(self) -> QRectF:
        return self.mapRectToScene(self._link_rect)

    def panel_scene_rect(self) -> QRectF:
        return self.mapRectToScene(self._rect)

    def boundingRect(self) -> QRectF:
        return self._rect.united(QRectF(-self.POINTER, -self.POINTER, 2 * self.POINTER,
                                        2 * self.POINTER)).adjusted(-3, -3, 4, 5)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        path = QPainterPath()
        path.addRoundedRect(r, 8, 8)
        # the tail points at the place the player touched, when the panel is beside it
        tip_x = min(max(0.0, r.left() + 14), r.right() - 14)
        tail = QPainterPath()
        if self._below and r.top() > 0:
            tail.moveTo(tip_x - 7, r.top() + 1)
            tail.lineTo(0, 0)
            tail.lineTo(tip_x + 7, r.top() + 1)
        elif not self._below and r.bottom() < 0:
            tail.moveTo(tip_x - 7, r.bottom() - 1)
            tail.lineTo(0, 0)
            tail.lineTo(tip_x + 7, r.bottom() - 1)
        path = path.united(tail)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70))
        painter.drawPath(path.translated(2, 3))
        painter.setBrush(PANEL)
        painter.setPen(QPen(REFUSAL_EDGE, 2))
        painter.drawPath(path)
        painter.setFont(self._font)
        painter.setPen(INK)
        painter.drawText(self._text_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap), self.text)
        if not self._link_rect.isNull():
            painter.setFont(self._link_font)
            painter.setPen(LINK)
            painter.drawText(self._link_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             self._link_label)
            y = self._link_rect.bottom() - 1
            painter.setPen(QPen(LINK, 1))
            painter.drawLine(QPointF(self._link_rect.left(), y), QPointF(self._link_rect.right() - 2, y))


class HintMarks(QGraphicsItem):
    """The hint: the thing to move and the place it goes, both lit, and an arrow between."""

    def __init__(self) -> None:
        super().__init__()
        self.source: QRectF | None = None
        self.target: QRectF | None = None
        self._bounds = QRectF()
        self.setZValue(45_000)           # over the cards, under the banner and the callout
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # drawn once into a pixmap, then blitted: text and antialiased paths cost more than a
        # whole table of cards to paint afresh every frame
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.hide()

    def show_marks(self, source: QRectF | None, target: QRectF | None) -> None:
        self.prepareGeometryChange()
        self.source = QRectF(source) if source is not None else None
        self.target = QRectF(target) if target is not None else None
        rects = [r for r in (self.source, self.target) if r is not None]
        if not rects:
            self.hide()
            return
        bounds = rects[0]
        for r in rects[1:]:
            bounds = bounds.united(r)
        self._bounds = bounds.adjusted(-16, -16, 16, 16)
        self.show()
        self.update()

    def clear(self) -> None:
        self.source = self.target = None
        self.hide()

    def boundingRect(self) -> QRectF:
        return self._bounds

    @staticmethod
    def _edge_point(rect: QRectF, towards: QPointF) -> QPointF:
        """Where the line from ``rect``'s centre towards ``towards`` leaves the rectangle."""
        c = rect.center()
        dx, dy = towards.x() - c.x(), towards.y() - c.y()
        if dx == 0 and dy == 0:
            return c
        sx = (rect.width() / 2) / abs(dx) if dx else math.inf
        sy = (rect.height() / 2) / abs(dy) if dy else math.inf
        s = min(sx, sy, 1.0)
        return QPointF(c.x() + dx * s, c.y() + dy * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(HINT)
        fill.setAlpha(45)
        for rect in (self.source, self.target):
            if rect is None:
                continue
            radius = min(rect.width(), rect.height()) * 0.08
            # the thing to move keeps its face clear (a card's colours must still read); the
            # place it goes is washed, faintly
            painter.setBrush(fill if rect is self.target else Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(10, 30, 50, 150), 6))
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), radius, radius)
            painter.setPen(QPen(HINT, 3.5))
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), radius, radius)
        if self.source is None or self.target is None or self.source.intersects(self.target):
            return
        start = self._edge_point(self.source, self.target.center())
        end = self._edge_point(self.target, self.source.center())
        dx, dy = end.x() - start.x(), end.y() - start.y()
        length = math.hypot(dx, dy)
        if length < 8:
            return
        ux, uy = dx / length, dy / length
        # a gentle bow, so the arrow does not run along a row of cards
        bow = min(60.0, length * 0.18)
        control = QPointF((start.x() + end.x()) / 2 - uy * bow, (start.y() + end.y()) / 2 + ux * bow)
        head = min(18.0, max(10.0, length * 0.2))
        # the head's direction follows the curve's end
        tx, ty = end.x() - control.x(), end.y() - control.y()
        tl = math.hypot(tx, ty) or 1.0
        tx, ty = tx / tl, ty / tl
        shaft_end = QPointF(end.x() - tx * head * 0.8, end.y() - ty * head * 0.8)
        curve = QPainterPath(start)
        curve.quadTo(control, shaft_end)
        for colour, width in ((QColor(10, 30, 50, 150), 8.0), (HINT, 4.0)):
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawPath(curve)
        arrow = QPainterPath(end)
        arrow.lineTo(end.x() - tx * head - ty * head * 0.55, end.y() - ty * head + tx * head * 0.55)
        arrow.lineTo(end.x() - tx * head + ty * head * 0.55, end.y() - ty * head - tx * head * 0.55)
        arrow.closeSubpath()
        painter.setPen(QPen(QColor(10, 30, 50, 150), 2))
        painter.setBrush(HINT)
        painter.drawPath(arrow)


class PromptLine(QGraphicsItem):
    """A quiet line of words at the bottom edge of the cloth: the decision the player must take
    now ("White to move"), or, during a demo, the badge that says how to stop it."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.badge = False               # the demo's badge: a little brighter, with a dot
        self._shown = ""                 # the text as it fits (elided on a narrow table)
        self._rect = QRectF()
        self._font = _font(14, italic=True, family="DejaVu Serif")
        self.setZValue(40_000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # drawn once into a pixmap, then blitted: text and antialiased paths cost more than a
        # whole table of cards to paint afresh every frame
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.hide()

    def place(self, text: str, band: QRectF, badge: bool = False) -> None:
        """Centre ``text`` in ``band`` (scene coordinates); an empty text hides the line."""
        if not text:
            self.text = ""
            self.hide()
            return
        font = _font(max(11.0, min(16.0, band.height() * 0.56)), bold=badge, italic=not badge,
                     family="DejaVu Sans" if badge else "DejaVu Serif")
        metrics = QFontMetricsF(font)
        room = band.width() - 24
        shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)
        w = metrics.horizontalAdvance(shown) + (40 if badge else 24)
        h = min(band.height() - 2, metrics.height() + 8)
        rect = QRectF(band.center().x() - w / 2, band.center().y() - h / 2, w, h)
        if (text, badge, rect, font) != (self.text, self.badge, self._rect, self._font):
            self.prepareGeometryChange()
            self.text, self.badge, self._rect, self._font = text, badge, rect, font
            self._shown = shown
            self.update()
        self.show()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        painter.setPen(QPen(LINK, 1.5) if self.badge else Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 24, 20, 200) if self.badge else QUIET)
        painter.drawRoundedRect(r, r.height() / 2, r.height() / 2)
        painter.setFont(self._font)
        text_rect = r
        if self.badge:
            # a small red light: something is running
            d = r.height() * 0.32
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(222, 84, 64))
            painter.drawEllipse(QPointF(r.left() + 12 + d / 2, r.center().y()), d / 2, d / 2)
            text_rect = r.adjusted(18, 0, 0, 0)
        painter.setPen(INK if self.badge else QColor(236, 230, 208))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, self._shown)
