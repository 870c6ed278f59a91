"""The trick table for Euchre and Loo: the shared trick table (``tricks_table.py``) with what
these two games lay on the cloth besides.

- Hands out of the play — a lone player's partner's at Euchre, the hands thrown in at Loo, and
  the miss until it is taken — lie face down, squared up, beside their place (the miss by the
  dealer).
- Euchre's score is marked as players of the period marked it: each side a six face up with a
  four face down across it, one more pip of the six uncovered for each point (``ScoreMarker``).
- Loo's pool lies as a heap of counters in the middle of the cloth (the counters table's
  ``CounterStack``).
"""
from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...core.cards import Card, Suit
from ...games.tricks.engine import TricksView
from .card_renderer import aspect
from .counters_table import CounterStack
from .tricks_items import GOLD
from .tricks_table import TricksController

OUT = -1

# Where the face-down four lies over the six for each score, found so that exactly that many pips
# of the six show and the rest are wholly covered: (turn in degrees, shift right, shift down), the
# shifts in card widths.  One pip more for each point: the top row first, left then right.
COVER: dict[int, tuple[float, float, float]] = {
    0: (0.0, 0.04, 0.03), 1: (-25.0, 0.08, 0.32), 2: (0.0, 0.0, 0.36), 3: (-25.0, 0.08, 0.74),
    4: (0.0, 0.0, 0.78), 5: (0.0, 0.38, 0.78),
}
PIPS = ((0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8))   # a six's pips
BACK = QColor(122, 28, 38)


class ScoreMarker(QGraphicsItem):
    """One side's score counted on a six with a four across it, with its name and number."""

    def __init__(self, suit: Suit) -> None:
        super().__init__()
        self.suit = suit
        self.points = 0
        self.caption = ""
        self.card_w = 34.0
        self.setZValue(800)

    def set_score(self, points: int, caption: str, card_w: float) -> None:
        self.prepareGeometryChange()
        self.points, self.caption, self.card_w = points, caption, card_w
        self.update()

    def boundingRect(self) -> QRectF:
        w = self.card_w
        return QRectF(-w * 0.3, -w * 0.3, w * 2.2, w * aspect + w * 1.3 + 22)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.card_w, self.card_w * aspect
        red = self.suit in (Suit.HEARTS, Suit.DIAMONDS)
        # the six, face up
        painter.setPen(QPen(QColor(90, 90, 90), 1))
        painter.setBrush(QBrush(QColor(250, 248, 240)))
        painter.drawRoundedRect(QRectF(0, 0, w, h), w * 0.08, w * 0.08)
        font = QFont()
        font.setPixelSize(max(8, int(w * 0.26)))
        painter.setFont(font)
        painter.setPen(QColor(180, 20, 30) if red else QColor(20, 20, 20))
        for x, y in PIPS:
            painter.drawText(QRectF(x * w - w * 0.2, y * h - w * 0.2, w * 0.4, w * 0.4),
                             Qt.AlignmentFlag.AlignCenter, self.suit.symbol)
        small = QFont()
        small.setPixelSize(max(7, int(w * 0.16)))
        painter.setFont(small)
        painter.drawText(QRectF(w * 0.03, w * 0.02, w * 0.3, w * 0.22), Qt.AlignmentFlag.AlignLeft, "6")
        # the four, face down across it (once the game is past five, turned away beside it)
        turn, dx, dy = COVER.get(self.points, (0.0, 1.15, 0.0))
        painter.save()
        painter.translate(w / 2 + dx * w, h / 2 + dy * w)
        painter.rotate(turn)
        back = QRectF(-w / 2, -h / 2, w, h)
        painter.setPen(QPen(QColor(245, 240, 225), 1.2))
        painter.setBrush(QBrush(BACK))
        painter.drawRoundedRect(back, w * 0.08, w * 0.08)
        painter.setPen(QPen(QColor(200, 150, 120, 150), 0.8))
        inner = back.adjusted(w * 0.1, w * 0.1, -w * 0.1, -w * 0.1)
        painter.drawRoundedRect(inner, w * 0.05, w * 0.05)
        painter.setClipRect(inner)        # the back's lattice, inside its frame
        step = w * 0.16
        k = -h
        while k < w + h:
            painter.drawLine(QPointF(inner.left() + k, inner.top()), QPointF(inner.left() + k - h, inner.top() + h))
            painter.drawLine(QPointF(inner.left() + k - h, inner.top()), QPointF(inner.left() + k, inner.top() + h))
            k += step
        painter.restore()
        # the words beneath
        label = QFont()
        label.setPixelSize(12)
        label.setBold(True)
        painter.setFont(label)
        painter.setPen(GOLD)
        painter.drawText(QRectF(-w * 0.3, h + w * 1.05, w * 2.2, 20), Qt.AlignmentFlag.AlignHCenter,
                         self.caption)


class EuchreLooController(TricksController):
    """The trick table with Euchre's score marks and Loo's pool and out-of-play hands."""

    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.markers: list[ScoreMarker] = []
        self.pool = CounterStack()
        self.pool.setZValue(700)

    @property
    def euchre(self) -> bool:
        return self.game.info.id == "euchre"

    def build(self) -> None:
        super().build()
        scene = self.table.scene()
        if self.euchre:
            self.markers = [ScoreMarker(Suit.SPADES), ScoreMarker(Suit.HEARTS), ScoreMarker(Suit.CLUBS)]
            for m in self.markers:
                scene.addItem(m)
        else:
            scene.addItem(self.pool)

    def teardown(self) -> None:
        scene = self.table.scene()
        for item in [*self.markers, self.pool]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.markers = []
        super().teardown()

    # -- the cards out of the play ---------------------------------------------------------------
    def positions(self, view: TricksView) -> dict[int, tuple[QPointF, float, Card | None, float]]:
        out = super().positions(view)
        pub = view.pub
        n, s = pub.n, self.small
        for k, ids in enumerate(pub.hands):
            if pub.hand_sets[k] != OUT or not ids:
                continue
            owner = pub.owners[k]
            seat = pub.dealer if owner >= n else owner
            a = self.seat_anchor(seat, n)
            d = self.centre - a
            length = max(1.0, math.hypot(d.x(), d.y()))
            if owner >= n:                # the miss, by the dealer towards the middle
                spot = a + d * (min(length * 0.5, self.unit * 1.9) / length)
            else:                         # a hand laid down where it was held, squared up
                spot = a
            base = QPointF(spot.x() - s / 2, spot.y() - s * aspect / 2)
            for m, i in enumerate(ids):
                out[i] = (base + QPointF(m * 1.2, -m * 1.2), 4 + m * 0.1, None, s)
        return out

    # -- the score marks and the pool -----------------------------------------------------------
    def sync(self, animate: bool) -> None:
        super().sync(animate)
        view = self.view()
        if self.euchre:
            self._sync_markers(view)
        else:
            self._sync_pool(view)

    def _sync_markers(self, view: TricksView) -> None:
        pub = view.pub
        sides = self.game.sides(dict(pub.opts))
        w = max(28.0, self.small * 0.8)
        # in the bottom left-hand corner, below your name and clear of your hand
        height = w * aspect + w * 1.3 + 22
        top = self.height - height - 4
        for i, marker in enumerate(self.markers):
            if i >= len(sides):
                marker.hide()
                continue
            marker.show()
            total = pub.sheet.totals[i]
            marker.set_score(max(0, total), f"{self.side_name(view, sides[i])} {total}", w)
            marker.setPos(QPointF(12 + w * 0.3 + i * w * 2.3, top + w * 0.3))

    def _sync_pool(self, view: TricksView) -> None:
        pub = view.pub
        disc = max(18.0, self.unit * 0.3)
        self.pool.set_amount(pub.pool, disc, f"Pool {pub.pool}")
        # below and right of the trick, clear of the seats' piles (its origin is its bottom centre)
        self.pool.setPos(QPointF(self.centre.x() + self.unit * 2.4, self.centre.y() + self.unit * 1.95))
        self.pool.setVisible(pub.pool > 0 or pub.phase != "over")


__all__ = ["EuchreLooController", "ScoreMarker", "COVER", "PIPS"]
