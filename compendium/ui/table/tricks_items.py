"""The things laid on the trick table's cloth besides the cards: calm panels of text (the score
sheet, a seat's name), the call buttons and the bidding box's cells and tray, the bidding grid
that records the auction by seat, and the summary of a hand with the law of each score."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...core.cards import Suit
from .items import HIGHLIGHT, HINT

INK = QColor(245, 236, 210)
GOLD = QColor(212, 175, 55)
RED_STRAINS = (Suit.HEARTS.symbol, Suit.DIAMONDS.symbol)


def draw_panel(painter: QPainter, rect: QRectF, radius: float, fill: QColor, pen: QPen) -> None:
    """A rounded panel on the cloth: filled, then rimmed (every panel and plaque of the table)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    painter.fillPath(path, fill)
    painter.setPen(pen)
    # the view does not save the painter between items: a brush left by the last item (a card's
    # highlight) would otherwise tint the panel
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)


class TextPanel(QGraphicsItem):
    """A calm panel of text on the cloth: the score sheet, a player's name, the contract."""

    def __init__(self, lines: list[str] | None = None, *, size: int = 13, bold_first: bool = True,
                 frame: bool = True) -> None:
        super().__init__()
        self.lines = lines or []
        self.size = size
        self.bold_first = bold_first
        self.frame = frame
        self.lit = False
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(40_000)
        self._measure()

    def set_lines(self, lines: list[str], size: int | None = None) -> None:
        if lines != self.lines or (size is not None and size != self.size):
            self.prepareGeometryChange()
            self.lines = lines
            if size is not None:
                self.size = size
            self._measure()
            self.update()

    def set_lit(self, lit: bool) -> None:
        if lit != self.lit:
            self.lit = lit
            self.update()

    def _font(self, bold: bool) -> QFont:
        font = QFont("DejaVu Serif")
        font.setPixelSize(self.size)
        font.setBold(bold)
        return font

    def _measure(self) -> None:
        width, height = 0.0, 0.0
        for k, line in enumerate(self.lines):
            m = QFontMetricsF(self._font(self.bold_first and k == 0))
            width = max(width, m.horizontalAdvance(line))
            height += m.height()
        pad = 8 if self.frame else 2
        self._rect = QRectF(0, 0, width + 2 * pad, height + 2 * pad)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pad = 8 if self.frame else 2
        if self.frame:
            draw_panel(painter, self._rect, 8, QColor(14, 34, 22, 200),
                       QPen(GOLD if self.lit else QColor(212, 175, 55, 110), 2 if self.lit else 1))
        y = float(pad)
        for k, line in enumerate(self.lines):
            font = self._font(self.bold_first and k == 0)
            painter.setFont(font)
            painter.setPen(GOLD if (self.lit and k == 0) else INK)
            h = QFontMetricsF(font).height()
            painter.drawText(QRectF(pad, y, self._rect.width() - 2 * pad, h),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), line)
            y += h


class CallButton(QGraphicsItem):
    """A call laid on the cloth as a small ivory plaque: click it to say it."""

    def __init__(self, action: Any, label: str, size: int) -> None:
        super().__init__()
        self.action = action
        self.label = label
        self.size = size
        self.focused = False
        self.hinted = False
        self._rect = QRectF()
        self.set_font_size(size)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(45_000)

    def set_font_size(self, size: int, min_width: float = 64.0, pad: float = 24.0) -> None:
        """Measure the plaque for its label at ``size`` pixels (the bidding box makes its row of
        other calls smaller than the usual buttons)."""
        self.size = size
        m = QFontMetricsF(self.font())
        rect = QRectF(0, 0, max(m.horizontalAdvance(self.label) + pad, min_width), m.height() + pad * 7 / 12)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
            self.update()

    def font(self) -> QFont:
        font = QFont("DejaVu Serif")
        font.setPixelSize(self.size)
        font.setBold(True)
        return font

    def set_focused(self, focused: bool) -> None:
        if focused != self.focused:
            self.focused = focused
            self.update()

    def set_hinted(self, hinted: bool) -> None:
        if hinted != self.hinted:
            self.hinted = hinted
            self.update()

    def edge(self) -> QPen:
        """The rim: gold for the keyboard's focus, blue for the hint (as on the cards)."""
        if self.focused:
            return QPen(HIGHLIGHT, 3)
        if self.hinted:
            return QPen(HINT, 3)
        return QPen(QColor(120, 90, 40), 1.5)

    def ground(self) -> QColor:
        """The plaque's face: ivory, turned a pale blue while it is the hint (the hint also takes
        the keyboard's focus, whose gold rim would otherwise hide it)."""
        return QColor(206, 234, 250) if self.hinted else QColor(246, 238, 214)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_panel(painter, self._rect, 7, self.ground(), self.edge())
        painter.setFont(self.font())
        painter.setPen(QColor(40, 30, 20))
        painter.drawText(self._rect, int(Qt.AlignmentFlag.AlignCenter), self.label)




class BoxCell(CallButton):
    """One cell of the bidding box: the level and strain ("2♥", "10NT"), and beneath it the call's
    value where the game's label gives one ("7 ♥ · 200" at Five Hundred).  A call you may not make
    now is dimmed; clicking it has the table say why."""

    def __init__(self, action: Any, label: str, level: str, strain: str, legal: bool, size: int) -> None:
        super().__init__(action, label, size)
        self.text = f"{level}{strain}"
        self.sub = label.split(" · ", 1)[1] if " · " in label else ""
        self.red = strain in RED_STRAINS
        self.legal = legal
        self.setZValue(45_000 if legal else 44_500)

    def sub_font(self) -> QFont:
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(8, round(self.size * 0.72)))
        return font

    def needed(self, size: int) -> tuple[float, float]:
        """The cell's size for its text at ``size`` pixels."""
        self.size = size
        m = QFontMetricsF(self.font())
        w, h = m.horizontalAdvance(self.text), m.height()
        if self.sub:
            ms = QFontMetricsF(self.sub_font())
            w, h = max(w, ms.horizontalAdvance(self.sub)), h + ms.height() * 0.9
        return w + size * 0.7, h + size * 0.45

    def set_font_size(self, size: int, min_width: float = 0.0, pad: float = 0.0) -> None:
        self.size = size              # the box sets every cell to one size with set_cell

    def set_cell(self, width: float, height: float, size: int) -> None:
        rect = QRectF(0, 0, width, height)
        self.size = size
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.addRoundedRect(self._rect, 5, 5)
        if self.legal:
            painter.fillPath(path, self.ground())
            ink = QColor(170, 28, 36) if self.red else QColor(30, 24, 18)
            faint = QColor(90, 70, 45)
        else:                          # a call not open to you now: barely there on the cloth
            painter.fillPath(path, QColor(8, 26, 16, 120))
            ink = QColor(245, 236, 210, 80)
            faint = QColor(245, 236, 210, 60)
        pen = self.edge() if (self.legal or self.focused or self.hinted) else QPen(QColor(212, 175, 55, 45), 1)
        painter.setPen(pen)
        painter.drawPath(path)
        main_h = QFontMetricsF(self.font()).height()
        if self.sub:
            sub_h = QFontMetricsF(self.sub_font()).height() * 0.9
            top = (self._rect.height() - main_h - sub_h) / 2
            painter.setFont(self.font())
            painter.setPen(ink)
            painter.drawText(QRectF(0, top, self._rect.width(), main_h), int(Qt.AlignmentFlag.AlignCenter), self.text)
            painter.setFont(self.sub_font())
            painter.setPen(faint)
            painter.drawText(QRectF(0, top + main_h - 1, self._rect.width(), sub_h),
                             int(Qt.AlignmentFlag.AlignCenter), self.sub)
        else:
            painter.setFont(self.font())
            painter.setPen(ink)
            painter.drawText(self._rect, int(Qt.AlignmentFlag.AlignCenter), self.text)


class BoxFrame(QGraphicsItem):
    """The tray the bidding box lies in: a dark rounded panel with a thin gold rim."""

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(44_000)

    def set_rect(self, rect: QRectF) -> None:
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_panel(painter, self._rect, 9, QColor(14, 34, 22, 190), QPen(QColor(212, 175, 55, 120), 1))


class BiddingGrid(QGraphicsItem):
    """The record of the auction, as at a Bridge table: a column for each seat from the first to
    speak round the table, a row for each round of calls, each call in the game's own words.  It stays on the
    cloth, smaller, through the play."""

    def __init__(self) -> None:
        super().__init__()
        self.headers: list[str] = []
        self.rows: list[list[str]] = []
        self.size = 12
        self.hidden_rows = 0               # earlier rounds left out where room is short
        self._cols: list[float] = []      # each column's left edge and width
        self._widths: list[float] = []
        self._row_h = 0.0
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(40_500)

    def _font(self, bold: bool = False) -> QFont:
        font = QFont("DejaVu Sans")
        font.setPixelSize(self.size)
        font.setBold(bold)
        return font

    def measure(self, headers: list[str], rows: list[list[str]], size: int, keep: int | None) -> QRectF:
        """Set the grid's text at ``size`` pixels, showing the last ``keep`` rounds (all when
        ``None``), and return its rectangle."""
        shown = rows if keep is None or len(rows) <= keep else rows[-keep:]
        self.prepareGeometryChange()
        self.headers, self.rows, self.size = headers, shown, size
        self.hidden_rows = len(rows) - len(shown)
        m, mb = QFontMetricsF(self._font()), QFontMetricsF(self._font(True))
        # each column as wide as its widest word, so that one long call ("Open misère") does not
        # widen the others
        self._widths = [max([size * 2.6, mb.horizontalAdvance(h), *(m.horizontalAdvance(row[k]) for row in shown)])
                        + size * 0.9 for k, h in enumerate(headers)]
        self._cols = [6.0 + sum(self._widths[:k]) for k in range(len(headers))]
        self._row_h = m.height() + 2
        lines = 1 + max(1, len(shown)) + (1 if self.hidden_rows else 0)
        self._rect = QRectF(0, 0, sum(self._widths) + 12, self._row_h * lines + 10)
        self.update()
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1, -1, 1, 1)

    def cell_text(self, row: int, col: int) -> str:
        return self.rows[row][col]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_panel(painter, self._rect, 7, QColor(14, 34, 22, 200), QPen(QColor(212, 175, 55, 110), 1))
        x0, y = 6.0, 5.0
        centre = int(Qt.AlignmentFlag.AlignCenter)
        painter.setFont(self._font(True))
        painter.setPen(GOLD)
        for k, head in enumerate(self.headers):
            painter.drawText(QRectF(self._cols[k], y, self._widths[k], self._row_h), centre, head)
        y += self._row_h
        painter.setPen(QPen(QColor(212, 175, 55, 90), 1))
        painter.drawLine(QPointF(x0, y - 1), QPointF(self._rect.width() - 6, y - 1))
        painter.setFont(self._font())
        if self.hidden_rows:
            painter.setPen(QColor(245, 236, 210, 130))
            painter.drawText(QRectF(x0, y, self._rect.width() - 12, self._row_h), centre,
                             f"… {self.hidden_rows} earlier round{'s' if self.hidden_rows != 1 else ''}")
            y += self._row_h
        for row in self.rows:
            for k, text in enumerate(row):
                painter.setPen(QColor(230, 120, 120) if any(s in text for s in RED_STRAINS) else INK)
                painter.drawText(QRectF(self._cols[k], y, self._widths[k], self._row_h), centre, text)
            y += self._row_h


class HandSummary(QGraphicsItem):
    """The end of a hand, said on the table before the next deal: what each side scored and the
    law for each line (a click on a line opens the law).  A click or a key goes on."""

    PAD = 14

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.lines: list[tuple[str, str, str | None]] = []    # (who and what, points, rule)
        self.footer = "Click or press a key for the next deal"
        self.size = 14
        self._rect = QRectF()
        self._line_rects: list[QRectF] = []
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(52_000)
        self.hide()

    def _font(self, size: float, bold: bool = False, italic: bool = False) -> QFont:
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(9, round(size)))
        font.setBold(bold)
        font.setItalic(italic)
        return font

    def set_content(self, title: str, lines: list[tuple[str, str, str | None]], max_width: float,
                    size: int) -> None:
        self.prepareGeometryChange()
        self.title, self.lines = title, lines
        for s in range(size, 8, -1):        # the largest text whose widest line fits
            self.size = s
            m, mt = QFontMetricsF(self._font(s)), QFontMetricsF(self._font(s * 1.25, bold=True))
            body = max([m.horizontalAdvance(f"{t}    {p}    law") for t, p, _ in lines] or [0.0])
            width = max(body, mt.horizontalAdvance(title),
                        QFontMetricsF(self._font(s * 0.85, italic=True)).horizontalAdvance(self.footer))
            if width + 2 * self.PAD <= max_width:
                break
        m = QFontMetricsF(self._font(self.size))
        mt = QFontMetricsF(self._font(self.size * 1.25, bold=True))
        mf = QFontMetricsF(self._font(self.size * 0.85, italic=True))
        width = min(max_width, width + 2 * self.PAD)
        y = self.PAD + mt.height() + 6
        self._line_rects = []
        for _ in lines:
            self._line_rects.append(QRectF(self.PAD - 4, y, width - 2 * self.PAD + 8, m.height() + 2))
            y += m.height() + 2
        if not lines:
            y += m.height()
        height = y + 6 + mf.height() + self.PAD
        self._rect = QRectF(0, 0, width, height)
        self.update()

    def line_rule_at(self, scene_pos: QPointF) -> str | None:
        """The law of the line under ``scene_pos`` (scene coordinates), if any."""
        local = self.mapFromScene(scene_pos)
        for rect, (_, _, rule) in zip(self._line_rects, self.lines):
            if rect.contains(local):
                return rule
        return None

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_panel(painter, self._rect, 10, QColor(10, 28, 18, 250), QPen(GOLD, 1.5))   # opaque: no card shows through
        pad = self.PAD
        inner = self._rect.width() - 2 * pad
        title_font = self._font(self.size * 1.25, bold=True)
        painter.setFont(title_font)
        painter.setPen(GOLD)
        th = QFontMetricsF(title_font).height()
        painter.drawText(QRectF(pad, pad, inner, th), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         self.title)
        body = self._font(self.size)
        link = QFont(self._font(self.size * 0.85))
        link.setUnderline(True)
        left = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for rect, (text, points, rule) in zip(self._line_rects, self.lines):
            inner_rect = rect.adjusted(4, 0, -4, 0)
            law_w = QFontMetricsF(link).horizontalAdvance("law") + 8 if rule else 0.0
            pts_w = QFontMetricsF(body).horizontalAdvance(points) + 10
            painter.setFont(body)
            painter.setPen(INK)
            painter.drawText(inner_rect.adjusted(0, 0, -(law_w + pts_w), 0), left,
                             QFontMetricsF(body).elidedText(text, Qt.TextElideMode.ElideRight,
                                                            inner_rect.width() - law_w - pts_w))
            painter.setPen(GOLD)
            painter.drawText(inner_rect.adjusted(0, 0, -law_w, 0), right, points)
            if rule:
                painter.setFont(link)
                painter.setPen(QColor(150, 200, 255))
                painter.drawText(inner_rect, right, "law")
        if not self.lines:
            painter.setFont(body)
            painter.setPen(INK)
            y = pad + th + 6
            painter.drawText(QRectF(pad, y, inner, QFontMetricsF(body).height()), left, "Nothing was scored.")
        foot = self._font(self.size * 0.85, italic=True)
        painter.setFont(foot)
        painter.setPen(QColor(245, 236, 210, 170))
        fh = QFontMetricsF(foot).height()
        painter.drawText(QRectF(pad, self._rect.height() - pad - fh, inner, fh), left, self.footer)
