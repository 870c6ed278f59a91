"""The things on the table: cards, pile places, and the banner that announces the end."""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsPixmapItem, QStyleOptionGraphicsItem, QWidget

from ...core.cards import Card
from .appearance import current_deck
from .card_renderer import aspect, shared_renderer

SHADOW = QColor(0, 0, 0, 60)
HIGHLIGHT = QColor(255, 214, 102)        # a warm gold: legal targets, the keyboard's focus
HINT = QColor(140, 220, 255)             # a cool blue: the hint, so it is not mistaken for a target


SHADOW_OFFSET = (1, 2)


def card_pixmap(key: str, width: int, dpr: float, landscape: bool = False) -> QPixmap:
    """The card ``key`` of the deck now chosen, ``width`` pixels across its short side, with its
    soft shadow; ``landscape``: lying on its side, its indices upright."""
    return _card_pixmap(key, width, dpr, current_deck().name, landscape)


@lru_cache(maxsize=320)
def _card_pixmap(key: str, width: int, dpr: float, deck: str = "classic", landscape: bool = False) -> QPixmap:
    """The card with its soft shadow, composed once per face and size, so that painting a card
    is a single blit (the budget for repainting a 104-card table is 4 ms)."""
    w, h = width, round(width * aspect)
    if landscape:
        w, h = h, w
    dx, dy = SHADOW_OFFSET
    pixmap = QPixmap(round((w + dx + 1) * dpr), round((h + dy + 1) * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SHADOW)
    painter.drawRoundedRect(QRectF(dx, dy, w, h), width * 0.06, width * 0.06)
    painter.drawPixmap(QPointF(0, 0), shared_renderer().pixmap(key, width, dpr, deck=deck, landscape=landscape))
    painter.end()
    return pixmap


class CardItem(QGraphicsPixmapItem):
    """One physical card.  Its face is ``None`` while the player may not see it.

    A plain pixmap item: Qt paints it in C++ with one blit, where a Python ``paint`` would cost a
    call into the interpreter per card per frame."""

    def __init__(self, card_id: int, width: float, dpr: float) -> None:
        super().__init__()
        self.card_id = card_id
        self.face: Card | None = None
        self._width = width
        self._dpr = dpr
        self.crossways = False
        self.selected_glow: QColor | None = None
        self._glow: QGraphicsPathItem | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the view handles the mouse
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self._refresh()

    def setPos(self, *args: object) -> None:  # noqa: N802 (Qt's name)
        # Whole pixels keep the blit on its fast path (no resampling) and the cards crisp.
        p = QPointF(*args) if len(args) == 2 else QPointF(args[0])  # type: ignore[arg-type]
        super().setPos(QPointF(round(p.x()), round(p.y())))

    @property
    def width(self) -> float:
        return self._width

    def _refresh(self) -> None:
        key = "BACK" if self.face is None else self.face.code
        self.setPixmap(card_pixmap(key, max(8, round(self._width)), self._dpr, self.crossways))

    def refresh(self) -> None:
        """Draw the card again (the deck was changed)."""
        self._refresh()

    def set_size(self, width: float, dpr: float) -> None:
        if width != self._width or dpr != self._dpr:
            self._width, self._dpr = width, dpr
            self._refresh()
            if self._glow is not None:
                self._glow.setPath(self._glow_path())

    def set_face(self, face: Card | None) -> None:
        if face != self.face:
            self.face = face
            self._refresh()

    def _glow_path(self) -> QPainterPath:
        path = QPainterPath()
        r = self.card_rect()
        path.addRoundedRect(r, r.width() * 0.06, r.width() * 0.06)
        return path

    def set_glow(self, colour: QColor | None) -> None:
        """A coloured frame round the card (the keyboard's lifted cards, the hint)."""
        if colour == self.selected_glow:
            return
        self.selected_glow = colour
        if colour is None:
            if self._glow is not None:
                self._glow.hide()
            return
        if self._glow is None:
            self._glow = QGraphicsPathItem(self._glow_path(), self)
        # a wash over the card as well as a frame: seen at once, not a faint edge
        self._glow.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 70))
        self._glow.setPen(QPen(colour, max(3.0, self._width * 0.045)))
        self._glow.show()

    def card_rect(self) -> QRectF:
        if self.crossways:
            return QRectF(0, 0, self._width * aspect, self._width)
        return QRectF(0, 0, self._width, self._width * aspect)

    def set_crossways(self, crossways: bool) -> None:
        """Lay the card on its side or upright.  A card on its side is drawn as such (its
        indices stay upright, so a 6 is never read as a 9); its position is still the top
        left-hand corner of what is seen."""
        if crossways != self.crossways:
            self.crossways = crossways
            self._refresh()
            if self._glow is not None:
                self._glow.setPath(self._glow_path())


def paint_pile_outline(painter: QPainter, rect: QRectF, label: str) -> None:
    """The quiet outline of a pile's place, with its letter (A for an ace foundation, K for a
    space only a king may fill).  Painted into the cloth, which is cached."""
    r = rect.adjusted(1, 1, -1, -1)
    radius = min(rect.width(), rect.height()) * 0.06
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QColor(0, 0, 0, 38))
    painter.setPen(QPen(QColor(255, 255, 255, 70), 1.5))
    painter.drawRoundedRect(r, radius, radius)
    if label:
        painter.setPen(QColor(255, 255, 255, 80))
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(8, int(min(rect.width(), rect.height()) * 0.28)))
        painter.setFont(font)
        painter.drawText(r, Qt.AlignmentFlag.AlignCenter, label)


class PileItem(QGraphicsItem):
    """The place of a pile, for hit-testing; it paints only when lit up as a target or focused
    by the keyboard (its quiet outline is painted with the cloth)."""

    def __init__(self, name: str, label: str, width: float, crossways: bool = False) -> None:
        super().__init__()
        self.name = name
        self.label = label
        self._width = width
        self.crossways = crossways      # the place of a card lying on its side
        self.highlight: QColor | None = None
        self.focused = False
        self.setZValue(-1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def set_width(self, width: float) -> None:
        if width != self._width:
            self.prepareGeometryChange()
            self._width = width

    def set_highlight(self, colour: QColor | None) -> None:
        if colour != self.highlight:
            self.highlight = colour
            self._show_if_lit()

    def set_focused(self, focused: bool) -> None:
        if focused != self.focused:
            self.focused = focused
            self._show_if_lit()

    def _show_if_lit(self) -> None:
        # Hidden items cost nothing per frame; geometry (for hit-testing) stays valid.
        self.setVisible(self.highlight is not None or self.focused)
        self.update()

    def rect(self) -> QRectF:
        if self.crossways:
            return QRectF(0, 0, self._width * aspect, self._width)
        return QRectF(0, 0, self._width, self._width * aspect)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.highlight is None and not self.focused:
            return
        r = self.rect().adjusted(1, 1, -1, -1)
        radius = self._width * 0.06
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.highlight is not None:
            h = self.highlight
            painter.setBrush(QColor(h.red(), h.green(), h.blue(), 95))
            painter.setPen(QPen(h, max(3.0, self._width * 0.045)))
            painter.drawRoundedRect(r, radius, radius)
        if self.focused:
            painter.setPen(QPen(HIGHLIGHT, max(2.0, self._width * 0.03), Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r.adjusted(-3, -3, 3, 3), radius, radius)


class BannerItem(QGraphicsItem):
    """A calm panel in the middle of the table: the end of a game, the result."""

    PADDING = 18

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.detail = ""
        self._rect = QRectF(0, 0, 420, 120)
        self._title_font = QFont("DejaVu Serif")
        self._body_font = QFont("DejaVu Serif")
        self.setZValue(50_000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_text(self, title: str, detail: str, centre: QPointF, width: float) -> None:
        """Size the fonts to the table and the panel to its text, so nothing is cut off."""
        from PySide6.QtGui import QFontMetricsF
        self.prepareGeometryChange()
        self.title, self.detail = title, detail
        w = min(max(width, 280.0), 620.0)
        inner = w - 2 * self.PADDING
        self._title_font.setBold(True)
        size = max(15, min(30, int(w / 20)))
        while size > 13 and QFontMetricsF(self._title_font_at(size)).horizontalAdvance(title) > inner:
            size -= 1
        self._title_font = self._title_font_at(size)
        self._body_font.setPixelSize(max(12, min(17, int(w / 36))))
        title_h = QFontMetricsF(self._title_font).height()
        body = QFontMetricsF(self._body_font).boundingRect(
            QRectF(0, 0, inner, 1000), int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap), detail)
        h = 2 * self.PADDING + title_h + 10 + body.height()
        self._rect = QRectF(-w / 2, -h / 2, w, h)
        self.setPos(centre)
        self.show()
        self.update()

    def _title_font_at(self, size: int) -> QFont:
        font = QFont(self._title_font)
        font.setPixelSize(size)
        font.setBold(True)
        return font

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        from PySide6.QtGui import QFontMetricsF
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        path = QPainterPath()
        path.addRoundedRect(r, 14, 14)
        painter.fillPath(path, QColor(20, 40, 28, 228))
        painter.setPen(QPen(QColor(212, 175, 55), 2.5))
        painter.drawPath(path)
        inner = r.adjusted(self.PADDING, self.PADDING, -self.PADDING, -self.PADDING)
        title_h = QFontMetricsF(self._title_font).height()
        painter.setFont(self._title_font)
        painter.setPen(QColor(245, 230, 190))
        painter.drawText(QRectF(inner.left(), inner.top(), inner.width(), title_h),
                         Qt.AlignmentFlag.AlignCenter, self.title)
        painter.setFont(self._body_font)
        painter.setPen(QColor(232, 232, 222))
        body = QRectF(inner.left(), inner.top() + title_h + 10, inner.width(), inner.height() - title_h - 10)
        painter.drawText(body, int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap), self.detail)
