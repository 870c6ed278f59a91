"""The things on the table: cards, pile places, and the banner that announces the end."""
from __future__ import annotations

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ...core.cards import Card
from .card_renderer import aspect, shared_renderer

SHADOW = QColor(0, 0, 0, 60)
HIGHLIGHT = QColor(255, 214, 102)        # a warm gold: legal targets, the keyboard's focus
HINT = QColor(140, 220, 255)             # a cool blue: the hint, so it is not mistaken for a target


class CardItem(QGraphicsObject):
    """One physical card.  Its face is ``None`` while the player may not see it."""

    def __init__(self, card_id: int, width: float, dpr: float) -> None:
        super().__init__()
        self.card_id = card_id
        self.face: Card | None = None
        self._width = width
        self._dpr = dpr
        self.selected_glow: QColor | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the view handles the mouse
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)    # pixmaps are cached by the renderer

    # pos as a Qt property, for QPropertyAnimation
    def _get_pos(self) -> QPointF:
        return self.pos()

    def _set_pos(self, p: QPointF) -> None:
        self.setPos(p)

    animated_pos = Property(QPointF, _get_pos, _set_pos)

    @property
    def width(self) -> float:
        return self._width

    def set_size(self, width: float, dpr: float) -> None:
        if width != self._width or dpr != self._dpr:
            self.prepareGeometryChange()
            self._width, self._dpr = width, dpr
            self.update()

    def set_face(self, face: Card | None) -> None:
        if face != self.face:
            self.face = face
            self.update()

    def set_glow(self, colour: QColor | None) -> None:
        if colour != self.selected_glow:
            self.selected_glow = colour
            self.update()

    def boundingRect(self) -> QRectF:
        w = self._width
        return QRectF(-2, -2, w + 5, w * aspect + 5)

    def card_rect(self) -> QRectF:
        return QRectF(0, 0, self._width, self._width * aspect)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        w = self._width
        h = w * aspect
        radius = w * 0.06
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SHADOW)
        painter.drawRoundedRect(QRectF(1.2, 1.8, w, h), radius, radius)
        key = "BACK" if self.face is None else self.face.code
        pixmap = shared_renderer().pixmap(key, max(8, round(w)), self._dpr)
        painter.drawPixmap(QPointF(0, 0), pixmap)
        if self.selected_glow is not None:
            pen = QPen(self.selected_glow, max(2.0, w * 0.03))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(0, 0, w, h), radius, radius)


class PileItem(QGraphicsItem):
    """The place of a pile: a quiet outline on the cloth, lit up when it can take the dragged cards."""

    def __init__(self, name: str, label: str, width: float) -> None:
        super().__init__()
        self.name = name
        self.label = label
        self._width = width
        self.highlight: QColor | None = None
        self.focused = False
        self.setZValue(-1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_width(self, width: float) -> None:
        if width != self._width:
            self.prepareGeometryChange()
            self._width = width

    def set_highlight(self, colour: QColor | None) -> None:
        if colour != self.highlight:
            self.highlight = colour
            self.update()

    def set_focused(self, focused: bool) -> None:
        if focused != self.focused:
            self.focused = focused
            self.update()

    def rect(self) -> QRectF:
        return QRectF(0, 0, self._width, self._width * aspect)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        r = self.rect().adjusted(1, 1, -1, -1)
        radius = self._width * 0.06
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(0, 0, 0, 38)
        outline = QColor(255, 255, 255, 70)
        width = 1.5
        if self.highlight is not None:
            fill = QColor(self.highlight.red(), self.highlight.green(), self.highlight.blue(), 60)
            outline = self.highlight
            width = max(2.5, self._width * 0.035)
        painter.setBrush(fill)
        painter.setPen(QPen(outline, width))
        painter.drawRoundedRect(r, radius, radius)
        if self.focused:
            painter.setPen(QPen(HIGHLIGHT, max(2.0, self._width * 0.03), Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r.adjusted(-3, -3, 3, 3), radius, radius)
        if self.label:
            painter.setPen(QColor(255, 255, 255, 80))
            font = QFont("DejaVu Serif")
            font.setPixelSize(max(8, int(self._width * 0.28)))
            painter.setFont(font)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, self.label)


class BannerItem(QGraphicsItem):
    """A calm panel in the middle of the table: the end of a game, the result."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.detail = ""
        self._rect = QRectF(0, 0, 420, 120)
        self.setZValue(50_000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_text(self, title: str, detail: str, centre: QPointF, width: float) -> None:
        self.prepareGeometryChange()
        self.title, self.detail = title, detail
        w = min(max(width, 260.0), 560.0)
        self._rect = QRectF(-w / 2, -w * 0.16, w, w * 0.32)
        self.setPos(centre)
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        path = QPainterPath()
        path.addRoundedRect(r, 14, 14)
        painter.fillPath(path, QColor(20, 40, 28, 225))
        painter.setPen(QPen(QColor(212, 175, 55), 2.5))
        painter.drawPath(path)
        title_font = QFont("DejaVu Serif")
        title_font.setPixelSize(max(14, int(r.height() * 0.28)))
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.setPen(QColor(245, 230, 190))
        top = QRectF(r.left(), r.top() + r.height() * 0.1, r.width(), r.height() * 0.45)
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, self.title)
        body = QFont("DejaVu Serif")
        body.setPixelSize(max(11, int(r.height() * 0.14)))
        painter.setFont(body)
        painter.setPen(QColor(230, 230, 220))
        bottom = QRectF(r.left() + 12, r.top() + r.height() * 0.52, r.width() - 24, r.height() * 0.42)
        painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.detail)
