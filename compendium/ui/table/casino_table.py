"""The casino table: Roulette's wheel and cloth, Trente et Quarante's two rows and four chances.

At the head of the table the wheel (or the rows of cards), a panel with the last coup and its
payments, and a chart of every punter's money coup by coup; below, the cloth with its spaces; at
the foot, your tray of counters and the buttons for the decisions the engine offers (done, insure,
take half of a prisoner).

Mouse: drag a counter from the tray onto a space (the space under it is lit), or take a value
from the tray with a click and click the spaces to lay it; drag a stake of yours off the cloth to
take it back.  Keyboard: the arrow keys move a gold cursor over the spaces, the tray and the
buttons, Enter lays a counter on the space (or takes the counter, or presses the button), Escape
takes back (or halves) your stake under the cursor, Space says done.  The spin of the wheel and
the deal of the rows are animated; a click or any key passes them.

The table decides nothing: every action is the engine's, and a refusal is said with its law.
"""
from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...core.errors import IllegalAction
from ...games.chance.casino import Counter, Done, Halve, Insure, Place, Withdraw
from .card_renderer import aspect
from .cloth import baize_tile
from .controller import TableController
from .counters_table import paint_disc
from .items import HIGHLIGHT, HINT, card_pixmap

if TYPE_CHECKING:
    from ...core.game import Outcome

PUNTER_COLOURS = (QColor(255, 214, 102), QColor(120, 200, 255), QColor(255, 140, 170), QColor(170, 235, 120))
# The discs of counters_table by colour: our values drawn in its colours (ivory, red, green,
# black, violet from the smallest up).
DISC_LOOK = {5: 1, 20: 5, 100: 25, 500: 100, 1000: 500}
RED_CLOTH = QColor(176, 36, 40)
BLACK_CLOTH = QColor(28, 28, 30)
ZERO_GREEN = QColor(20, 120, 60)
LINE = QColor(236, 226, 196)
SPIN_MS = 2600
DEAL_CARD_MS = 110


def serif(px: float, bold: bool = False, italic: bool = False) -> QFont:
    font = QFont("DejaVu Serif")
    font.setPixelSize(max(8, int(px)))
    font.setBold(bold)
    font.setItalic(italic)
    return font


def nice_step(rough: float) -> float:
    """A step for a chart's axis near ``rough``: 1, 2 or 5 times a power of ten."""
    power = 10 ** math.floor(math.log10(max(rough, 1e-9)))
    return next(k * power for k in (1, 2, 5, 10) if k * power >= rough)


def look(value: int) -> int:
    return DISC_LOOK.get(value, 1)


class Painted(QGraphicsItem):
    """An item painted by a function of the controller, over a rectangle set at layout."""

    def __init__(self, paint: Callable[[QPainter, QRectF], None], z: float) -> None:
        super().__init__()
        self._paint = paint
        self.rect = QRectF()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_rect(self, rect: QRectF) -> None:
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(rect)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.rect.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint(painter, self.rect)


class CasinoController(TableController):
    """Roulette and Trente et Quarante (``game.info.id`` says which)."""

    pause_ms = 110       # the punters lay counter after counter: a short pause between them

    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.roulette = game.info.id == "roulette"
        self.width = self.height = 0.0
        self.wheel_rect = QRectF()
        self.panel_rect = QRectF()
        self.chart_rect = QRectF()
        self.cloth_rect = QRectF()
        self.tray_rect = QRectF()
        self.rows_rect = QRectF()
        self.cell = QRectF()                     # roulette: the size of a number's cell
        self.anchors: dict[str, QPointF] = {}    # where each space's stake lies
        self.boxes: dict[str, QRectF] = {}       # the spaces drawn as boxes (outside stakes)
        self.cells: dict[str, QRectF] = {}       # roulette: the numbers' cells (en plein)
        self.inside: set[str] = set()            # the spaces found by the nearest anchor
        self.chip_spots: dict[int, QRectF] = {}
        self.button_spots: list[tuple[QRectF, Any, str]] = []
        self.cursor: Any = None                  # the keyboard's place: a space, a counter or an action
        self.hover: str | None = None
        self.drag: tuple[str, Any, QPointF] | None = None    # ("chip", value, at) or ("stake", space, at)
        self.drag_at: QPointF | None = None
        self.pressed_at: QPointF | None = None
        self.hinted: Any = None
        self._wheel_pix: QPixmap | None = None
        # what the table shows of the coups: the last coup animated, and the state before it
        self.shown_coup = -1
        self.before: Any = None                  # the view's pub before the coup being shown
        self.anim_start = 0.0
        self.anim_ms = 0
        self.anim_kind = ""
        self.wheel_angle = 0.0
        self.wheel_from = 0.0
        self.frames: list[float] = []            # frame times of the animation, for the benchmark
        self.timer = QTimer(table)   # a child of the table: it dies with it
        self.timer.setInterval(15)
        self.timer.timeout.connect(self._tick)
        self.marks = Painted(self.paint_marks, 30)
        self.wheel = Painted(self.paint_wheel, 20)
        self.panel = Painted(self.paint_panel, 20)
        self.chart = Painted(self.paint_chart, 20)
        self.tray = Painted(self.paint_tray, 40)
        self.ghost = Painted(self.paint_ghost, 60)

    # -- structure --------------------------------------------------------------------------
    def items(self) -> list[Painted]:
        return [self.marks, self.wheel, self.panel, self.chart, self.tray, self.ghost]

    def build(self) -> None:
        scene = self.table.scene()
        for item in self.items():
            scene.addItem(item)

    def teardown(self) -> None:
        self.timer.stop()
        scene = self.table.scene()
        for item in self.items():
            if item.scene() is scene:
                scene.removeItem(item)

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        m = max(6.0, width * 0.01)
        band = height * 0.40
        tray_h = max(54.0, height * 0.12)
        cloth_h = height - band - tray_h - 3 * m
        if self.roulette:
            d = min(band - m, width * 0.27)
            self.wheel_rect = QRectF(m, m, d, d)
            panel_w = max(170.0, width * 0.26)
            self.panel_rect = QRectF(self.wheel_rect.right() + m, m, panel_w, band - m)
            self.chart_rect = QRectF(self.panel_rect.right() + m, m, width - self.panel_rect.right() - 2 * m,
                                     band - m)
            self.cloth_rect = QRectF(m, band + m, width - 2 * m, cloth_h)
        else:
            # the rows across the head, the chart beside them; the four chances below, with
            # the panel of the last coup and the punters beside them
            self.rows_rect = QRectF(m, m, width * 0.56, band - m)
            self.wheel_rect = self.rows_rect
            self.chart_rect = QRectF(self.rows_rect.right() + m, m, width - self.rows_rect.right() - 2 * m, band - m)
            self.cloth_rect = QRectF(m, band + m, width * 0.6, cloth_h)
            self.panel_rect = QRectF(self.cloth_rect.right() + m, band + m, width - self.cloth_rect.right() - 2 * m,
                                     cloth_h)
        self.tray_rect = QRectF(m, self.cloth_rect.bottom() + m, width - 2 * m, tray_h)
        self._layout_cloth()
        self._wheel_pix = None
        self.wheel.set_rect(self.wheel_rect)
        self.panel.set_rect(self.panel_rect)
        self.chart.set_rect(self.chart_rect)
        # the stakes and marks lie on the cloth: an item no larger, so that a frame of the spin
        # (which repaints the wheel's place only) does not paint them again
        self.marks.set_rect(self.cloth_rect.adjusted(-m, -m, m, m))
        self.tray.set_rect(self.tray_rect)
        self.ghost.set_rect(QRectF(0, 0, width, height))

    def _layout_cloth(self) -> None:
        c = self.cloth_rect
        self.anchors.clear()
        self.boxes.clear()
        self.cells.clear()
        self.inside.clear()
        if not self.roulette:
            gap = c.width() * 0.02
            w = (c.width() - 3 * gap) / 4
            for k, name in enumerate(("noir", "rouge", "couleur", "inverse")):
                box = QRectF(c.left() + k * (w + gap), c.top(), w, c.height())
                self.boxes[name] = box
                self.anchors[name] = box.center()
            return
        cw = c.width() / 14
        rh = c.height() * 0.58 / 3
        dh = c.height() * 0.21
        self.cell = QRectF(0, 0, cw, rh)
        x0, y0 = c.left(), c.top()

        def cell(n: int) -> QRectF:
            j, r = (n - 1) // 3, 2 - (n - 1) % 3
            return QRectF(x0 + cw * (1 + j), y0 + rh * r, cw, rh)

        self.number_cell = cell
        for name, spot in self.game.spots.items():
            nums = sorted(spot.covers)
            kind = spot.kind
            if kind == "plein":
                n = nums[0]
                self.anchors[name] = QRectF(x0, y0, cw, 3 * rh).center() if n == 0 else cell(n).center()
                self.cells[name] = QRectF(x0, y0, cw, 3 * rh) if n == 0 else cell(n)
                self.inside.add(name)
                continue
            if kind in ("colonne", "douzaine", "simple"):
                continue
            self.inside.add(name)
            if 0 in nums:
                x = x0 + cw
                if kind == "cheval":
                    self.anchors[name] = QPointF(x, cell(nums[1]).center().y())
                elif kind == "transversale":
                    self.anchors[name] = QPointF(x, y0 + (2 * rh if nums == [0, 1, 2] else rh))
                else:
                    self.anchors[name] = QPointF(x, y0 + 3 * rh)
                continue
            first = cell(nums[0])
            if kind == "cheval":
                a, b = nums
                if b == a + 1:
                    self.anchors[name] = QPointF(first.center().x(), first.top())
                else:
                    self.anchors[name] = QPointF(first.right(), first.center().y())
            elif kind == "carre":
                self.anchors[name] = QPointF(first.right(), first.top())
            elif kind == "transversale":
                self.anchors[name] = QPointF(first.center().x(), y0 + 3 * rh)
            elif kind == "sixain":
                self.anchors[name] = QPointF(first.right(), y0 + 3 * rh)
        for k in (1, 2, 3):
            box = QRectF(x0 + 13 * cw, y0 + rh * (3 - k), cw, rh)
            self.boxes[f"colonne {k}"] = box
        for d in (1, 2, 3):
            self.boxes[f"douzaine {d}"] = QRectF(x0 + cw * (1 + 4 * (d - 1)), y0 + 3 * rh, 4 * cw, dh)
        for k, name in enumerate(("manque", "pair", "rouge", "noir", "impair", "passe")):
            self.boxes[name] = QRectF(x0 + cw * (1 + 2 * k), y0 + 3 * rh + dh, 2 * cw, c.bottom() - (y0 + 3 * rh + dh))
        # the stakes on the outside spaces lie beside their words, not on them
        for name in ("colonne 1", "colonne 2", "colonne 3"):
            self.anchors[name] = self.boxes[name].center()
        for name in ("douzaine 1", "douzaine 2", "douzaine 3", "manque", "pair", "rouge", "noir", "impair", "passe"):
            box = self.boxes[name]
            inset = min(box.width() * 0.16, cw * 0.45)
            self.anchors[name] = QPointF(box.right() - inset, box.center().y())

    # -- what is shown ------------------------------------------------------------------------
    def view(self) -> Any:
        return self.table.current_view()

    def animating(self) -> bool:
        return self.anim_ms > 0 and (time.perf_counter() - self.anim_start) * 1000 < self.anim_ms

    def shown_pub(self) -> Any:
        """The state drawn on the cloth: while a coup is being animated, the stakes as they lay
        before it."""
        pub = self.view().pub
        if self.animating() and self.before is not None:
            return self.before
        return pub

    def sync(self, animate: bool) -> None:
        pub = self.view().pub
        if pub.coup_no != self.shown_coup:
            if self.shown_coup >= 0 and pub.coup_no == self.shown_coup + 1 and animate \
                    and self.table.animations_on and self._last_pub is not None:
                self._start_animation(self._last_pub, pub)
            else:
                self._stop_animation()
                if self.roulette and pub.number is not None:
                    self.wheel_angle = self._rest_angle(pub.number)
            self.shown_coup = pub.coup_no
        self._last_pub = pub
        self._refresh()

    _last_pub: Any = None

    def _refresh(self) -> None:
        self._layout_tray()
        for item in self.items():
            item.update()

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QBrush(baize_tile()))
        if self.cloth_rect.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.roulette:
            self._paint_roulette_cloth(painter)
        else:
            self._paint_trente_cloth(painter)

    def _paint_roulette_cloth(self, p: QPainter) -> None:
        from ...games.chance.roulette import RED
        cw, rh = self.cell.width(), self.cell.height()
        p.setPen(QPen(LINE, 1.4))
        font = serif(min(cw * 0.36, rh * 0.5), bold=True)
        small = serif(min(cw * 0.22, rh * 0.34), bold=True)
        zero = self.cells["plein 0"]
        p.setBrush(ZERO_GREEN)
        path = QPainterPath()
        path.moveTo(zero.right(), zero.top())
        path.lineTo(zero.left() + zero.width() * 0.45, zero.top())
        path.lineTo(zero.left(), zero.center().y())
        path.lineTo(zero.left() + zero.width() * 0.45, zero.bottom())
        path.lineTo(zero.right(), zero.bottom())
        path.closeSubpath()
        p.drawPath(path)
        p.setFont(font)
        p.setPen(QColor(255, 255, 255))
        p.drawText(zero, int(Qt.AlignmentFlag.AlignCenter), "0")
        for n in range(1, 37):
            r = self.number_cell(n)
            p.setPen(QPen(LINE, 1.4))
            p.setBrush(QColor(0, 0, 0, 0))
            p.drawRect(r)
            disc = QRectF(0, 0, min(cw, rh) * 0.78, min(cw, rh) * 0.78)
            disc.moveCenter(r.center())
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(RED_CLOTH if n in RED else BLACK_CLOTH)
            p.drawEllipse(disc)
            p.setPen(QColor(255, 255, 255))
            p.setFont(font)
            p.drawText(r, int(Qt.AlignmentFlag.AlignCenter), str(n))
        labels = {"colonne 1": "2 à 1", "colonne 2": "2 à 1", "colonne 3": "2 à 1", "douzaine 1": "P 12",
                  "douzaine 2": "M 12", "douzaine 3": "D 12", "manque": "MANQUE", "pair": "PAIR",
                  "impair": "IMPAIR", "passe": "PASSE", "rouge": "", "noir": ""}
        for name, text in labels.items():
            box = self.boxes[name]
            p.setPen(QPen(LINE, 1.4))
            p.setBrush(QColor(0, 0, 0, 0))
            p.drawRect(box)
            if name in ("rouge", "noir"):
                diamond = QPainterPath()
                c = box.center()
                w, h = box.width() * 0.28, box.height() * 0.32
                diamond.moveTo(c.x() - w, c.y())
                diamond.lineTo(c.x(), c.y() - h)
                diamond.lineTo(c.x() + w, c.y())
                diamond.lineTo(c.x(), c.y() + h)
                diamond.closeSubpath()
                p.setBrush(RED_CLOTH if name == "rouge" else BLACK_CLOTH)
                p.drawPath(diamond)
                continue
            p.setPen(LINE)
            p.setFont(small)
            p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)

    def _paint_trente_cloth(self, p: QPainter) -> None:
        words = {"noir": ("NOIR", BLACK_CLOTH), "rouge": ("ROUGE", RED_CLOTH),
                 "couleur": ("COULEUR", QColor(60, 70, 110)), "inverse": ("INVERSE", QColor(60, 70, 110))}
        for name, box in self.boxes.items():
            text, colour = words[name]
            p.setPen(QPen(LINE, 1.6))
            fill = QColor(colour)
            fill.setAlpha(150)
            p.setBrush(fill)
            p.drawRoundedRect(box, 14, 14)
            p.setPen(LINE)
            p.setFont(serif(min(box.height() * 0.16, box.width() * 0.12), bold=True))
            p.drawText(box.adjusted(0, box.height() * 0.06, 0, 0),
                       int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), text)

    # -- the stakes, the cursor, the winning marks ----------------------------------------------
    def spot_rect(self, name: str) -> QRectF:
        if name in self.boxes:
            return self.boxes[name]
        if name in self.cells:
            return self.cells[name]
        a = self.anchors.get(name, QPointF())
        s = min(self.cell.width(), self.cell.height()) * 0.36
        return QRectF(a.x() - s, a.y() - s, 2 * s, 2 * s)

    def disc_size(self) -> float:
        if self.roulette:
            return max(12.0, min(self.cell.width(), self.cell.height()) * 0.46)
        return max(18.0, min(self.cloth_rect.height() * 0.22, 40.0))

    def paint_marks(self, p: QPainter, rect: QRectF) -> None:
        pub = self.shown_pub()
        done_anim = not self.animating()
        if done_anim and pub.coup_no > 0:
            light = QColor(255, 236, 150, 70)
            p.setPen(QPen(QColor(255, 226, 120), 2.2))
            p.setBrush(light)
            for name in pub.last_wins:
                if name in self.boxes:
                    if self.roulette:
                        p.drawRect(self.boxes[name])
                    else:
                        p.drawRoundedRect(self.boxes[name], 14, 14)
            if self.roulette and pub.number is not None:
                r = self.cells[f"plein {pub.number}"]
                p.setPen(QPen(QColor(255, 226, 120), 3.0))
                p.drawRect(r.adjusted(2, 2, -2, -2))
        for name, colour, width in ((self.hover, HIGHLIGHT, 3.0), (self._cursor_spot(), HIGHLIGHT, 2.4),
                                    (self._hint_spot(), HINT, 3.0)):
            if name:
                p.setPen(QPen(colour, width))
                p.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 50))
                r = self.spot_rect(name)
                if name in self.inside and not name.startswith("plein"):
                    p.drawEllipse(r)
                else:
                    p.drawRect(r)
        d = self.disc_size()
        by_spot: dict[str, list[Any]] = {}
        for lay in pub.stakes:
            by_spot.setdefault(lay.spot, []).append(lay)
        for name, lays in by_spot.items():
            anchor = self.anchors.get(name)
            if anchor is None:
                continue
            lays.sort(key=lambda lay: lay.seat)
            for k, lay in enumerate(lays):
                off = (k - (len(lays) - 1) / 2) * d * 0.55
                self.paint_stake(p, QPointF(anchor.x() + off, anchor.y() - off * 0.3), lay, d)

    def paint_stake(self, p: QPainter, at: QPointF, lay: Any, d: float) -> None:
        """A stake: a little stack of the largest counters it holds, the punter's colour round it,
        its amount beneath (and bars if it is in prison, a shield mark if insured)."""
        value = max((v for v in self.game.counters if v <= lay.amount), default=self.game.counters[0])
        n = min(4, max(1, lay.amount // value))
        colour = PUNTER_COLOURS[lay.seat % len(PUNTER_COLOURS)]
        for k in range(n):
            r = QRectF(at.x() - d / 2, at.y() - d / 2 - k * d * 0.12, d, d * 0.82)
            paint_disc(p, r, look(value))
        top = QRectF(at.x() - d / 2, at.y() - d / 2 - (n - 1) * d * 0.12, d, d * 0.82)
        p.setPen(QPen(colour, max(1.6, d * 0.09)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(top.adjusted(-1.5, -1.5, 1.5, 1.5))
        label = str(lay.amount)
        font = serif(max(9.0, d * 0.42), bold=True)
        fm = QFontMetricsF(font)
        box = QRectF(0, 0, fm.horizontalAdvance(label) + 6, fm.height())
        box.moveCenter(QPointF(at.x(), at.y() + d * 0.55))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 170))
        p.drawRoundedRect(box, 3, 3)
        p.setPen(colour)
        p.setFont(font)
        p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), label)
        if lay.prison:
            p.setPen(QPen(QColor(240, 240, 240), max(1.5, d * 0.08)))
            for k in range(-1, 2):
                x = top.center().x() + k * d * 0.22
                p.drawLine(QPointF(x, top.top() - 2), QPointF(x, top.bottom() + 2))
        if lay.premium:
            p.setPen(QPen(QColor(140, 220, 255), 2.0))
            p.drawEllipse(top.adjusted(-4, -4, 4, 4))

    def _cursor_spot(self) -> str | None:
        return self.cursor if isinstance(self.cursor, str) else None

    def _hint_spot(self) -> str | None:
        a = self.hinted
        return a.spot if isinstance(a, (Place, Withdraw, Halve, Insure)) else None

    # -- the wheel ----------------------------------------------------------------------------------
    def _wheel_face(self, d: float) -> QPixmap:
        from ...games.chance.roulette import RED, WHEEL
        dpr = self.table.devicePixelRatioF() if hasattr(self.table, "devicePixelRatioF") else 1.0
        if self._wheel_pix is not None and abs(self._wheel_pix.width() / dpr - d) < 1:
            return self._wheel_pix
        pix = QPixmap(round(d * dpr), round(d * dpr))
        pix.setDevicePixelRatio(dpr)
        pix.fill(Qt.GlobalColor.transparent)
        p = QPainter(pix)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = QPointF(d / 2, d / 2)
        R = d / 2
        rim = QRadialGradient(c, R)
        rim.setColorAt(0.80, QColor(92, 52, 24))
        rim.setColorAt(0.93, QColor(140, 88, 44))
        rim.setColorAt(1.0, QColor(60, 32, 14))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(rim)
        p.drawEllipse(c, R, R)
        outer, inner = R * 0.80, R * 0.56
        step = 360 / 37
        font = serif(R * 0.085, bold=True)
        p.setFont(font)
        for i, n in enumerate(WHEEL):
            path = QPainterPath()
            a0 = -90 - step / 2 + i * step
            path.arcMoveTo(QRectF(c.x() - outer, c.y() - outer, 2 * outer, 2 * outer), -a0)
            path.arcTo(QRectF(c.x() - outer, c.y() - outer, 2 * outer, 2 * outer), -a0, -step)
            path.arcTo(QRectF(c.x() - inner, c.y() - inner, 2 * inner, 2 * inner), -(a0 + step), step)
            path.closeSubpath()
            p.setBrush(ZERO_GREEN if n == 0 else RED_CLOTH if n in RED else BLACK_CLOTH)
            p.setPen(QPen(QColor(210, 180, 110), 0.8))
            p.drawPath(path)
            p.save()
            p.translate(c)
            p.rotate(i * step)
            p.setPen(QColor(255, 255, 255))
            p.drawText(QRectF(-R * 0.1, -outer + 1, R * 0.2, R * 0.12), int(Qt.AlignmentFlag.AlignCenter), str(n))
            p.restore()
        cone = QRadialGradient(c, inner)
        cone.setColorAt(0.0, QColor(220, 190, 120))
        cone.setColorAt(0.35, QColor(150, 100, 50))
        cone.setColorAt(1.0, QColor(90, 56, 26))
        p.setBrush(cone)
        p.setPen(QPen(QColor(210, 180, 110), 1.2))
        p.drawEllipse(c, inner * 0.98, inner * 0.98)
        p.setPen(QPen(QColor(230, 205, 140), max(2.0, R * 0.03)))
        for k in range(4):
            ang = math.radians(k * 90)
            p.drawLine(c, c + QPointF(math.cos(ang) * inner * 0.7, math.sin(ang) * inner * 0.7))
        p.end()
        self._wheel_pix = pix
        return pix

    def _rest_angle(self, number: int) -> float:
        """The wheel turned so that ``number``'s pocket lies at the top, under the ball."""
        from ...games.chance.roulette import WHEEL
        return -WHEEL.index(number) * 360 / 37

    def _start_animation(self, before: Any, after: Any) -> None:
        self.before = before
        self.anim_start = time.perf_counter()
        if self.roulette:
            self.anim_kind = "spin"
            self.anim_ms = SPIN_MS
            self.wheel_from = self.wheel_angle
        else:
            self.anim_kind = "deal"
            cards = sum(len(r) for r in after.rows)
            self.anim_ms = DEAL_CARD_MS * cards + 350
        self.frames.clear()
        self.timer.start()

    def _stop_animation(self) -> None:
        self.timer.stop()
        self.anim_ms = 0
        self.before = None

    def skip_animation(self) -> bool:
        """Pass the spin (or the deal): a click or a key."""
        if not self.animating():
            return False
        self._stop_animation()
        pub = self.view().pub
        if self.roulette and pub.number is not None:
            self.wheel_angle = self._rest_angle(pub.number)
        self._refresh()
        self.table.refresh_prompt()
        return True

    def busy_ms(self) -> int:
        """The computer punters wait for the spin to end."""
        if not self.animating():
            return 0
        return max(1, int(self.anim_ms - (time.perf_counter() - self.anim_start) * 1000))

    def _tick(self) -> None:
        t0 = time.perf_counter()
        if not self.animating():
            self._stop_animation()
            pub = self.view().pub
            if self.roulette and pub.number is not None:
                self.wheel_angle = self._rest_angle(pub.number)
            self._refresh()
            self.table.refresh_prompt()
            return
        if self.roulette:
            self.wheel.update()
        else:
            self.wheel.update()
        self.frames.append(t0)

    def spin_phase(self) -> float:
        return min(1.0, (time.perf_counter() - self.anim_start) * 1000 / max(1, self.anim_ms))

    def paint_wheel(self, p: QPainter, rect: QRectF) -> None:
        if not self.roulette:
            self.paint_rows(p, rect)
            return
        d = min(rect.width(), rect.height())
        c = QPointF(rect.left() + d / 2, rect.top() + d / 2)
        pub = self.view().pub
        target = self._rest_angle(pub.number) if pub.number is not None else 0.0
        spinning = self.animating() and self.anim_kind == "spin"
        if spinning:
            t = self.spin_phase()
            ease = 1 - (1 - t) ** 2
            turns = 720.0
            # the wheel decelerates to rest with the winning pocket under the ball's final place
            start = self.wheel_from
            total = (target - start) % 360 + turns
            angle = start + total * ease
        else:
            angle = self.wheel_angle if pub.number is None else target
            t = 1.0
        face = self._wheel_face(d)
        p.save()
        p.translate(c)
        p.rotate(angle)
        p.drawPixmap(QPointF(-d / 2, -d / 2), face)
        p.restore()
        # the ball: round the rim against the wheel, then dropping into the pocket at the top
        R = d / 2
        if spinning:
            ball_angle = -90 + 1080 * (1 - t) ** 2
            if t < 0.6:
                radius = R * 0.87
            else:
                k = min(1.0, (t - 0.6) / 0.25)
                radius = R * (0.87 - 0.25 * k) + R * 0.03 * math.sin(k * math.pi * 3) * (1 - k)
        else:
            ball_angle = -90.0
            radius = R * 0.62
        if pub.number is not None or spinning:
            bx = c.x() + radius * math.cos(math.radians(ball_angle))
            by = c.y() + radius * math.sin(math.radians(ball_angle))
            br = max(3.0, R * 0.045)
            grad = QRadialGradient(QPointF(bx - br * 0.3, by - br * 0.3), br * 1.4)
            grad.setColorAt(0, QColor(255, 255, 255))
            grad.setColorAt(1, QColor(190, 186, 170))
            p.setPen(QPen(QColor(90, 90, 80), 0.6))
            p.setBrush(grad)
            p.drawEllipse(QPointF(bx, by), br, br)
        if spinning:
            p.setPen(QColor(255, 255, 255, 200))
            p.setFont(serif(max(10.0, R * 0.09), italic=True))
            p.drawText(QRectF(rect.left(), rect.top() + d - R * 0.18, d, R * 0.2),
                       int(Qt.AlignmentFlag.AlignCenter), "Rien ne va plus — click to pass")

    def paint_rows(self, p: QPainter, rect: QRectF) -> None:
        from ...games.chance.trente_et_quarante import count
        view = self.view()
        noir, rouge = self.game.row_faces(view)
        shown = sum(len(r) for r in (noir, rouge))
        if self.animating() and self.anim_kind == "deal":
            shown = int((time.perf_counter() - self.anim_start) * 1000 / DEAL_CARD_MS)
        label_w = rect.width() * 0.17
        row_h = rect.height() / 2
        card_h = row_h * 0.78
        card_w = card_h / aspect
        dpr = self.table.devicePixelRatioF()
        left = shown
        for k, (name, row) in enumerate((("Noir", noir), ("Rouge", rouge))):
            top = rect.top() + k * row_h + row_h * 0.08
            cards = row[:max(0, left)]
            left -= len(row)
            total = sum(count(vc.face) for vc in cards if vc.face is not None)
            p.setPen(LINE)
            p.setFont(serif(row_h * 0.16, bold=True))
            p.drawText(QRectF(rect.left(), top, label_w, card_h * 0.5),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), name)
            if row:
                p.setFont(serif(row_h * 0.22, bold=True))
                done = len(cards) == len(row)
                p.setPen(QColor(255, 226, 120) if done else LINE)
                p.drawText(QRectF(rect.left(), top + card_h * 0.45, label_w, card_h * 0.5),
                           int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), str(total))
            avail = rect.width() - label_w
            step = min(card_w * 1.04, (avail - card_w) / max(1, len(row) - 1)) if len(row) > 1 else card_w
            for j, vc in enumerate(cards):
                if vc.face is None:
                    continue
                pix = card_pixmap(vc.face.code, max(8, round(card_w)), dpr)
                p.drawPixmap(QPointF(rect.left() + label_w + j * step, top), pix)
        if not noir:
            p.setPen(QColor(255, 255, 255, 150))
            p.setFont(serif(row_h * 0.14, italic=True))
            p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), "The rows are dealt when every punter has done")

    # -- the panel: the last coup, the payments, the punters ---------------------------------------
    def punter_label(self, seat: int) -> str:
        from ...ai.chance.casino import SHORT_NAMES, seat_chance, seat_system
        if seat in self.table.session.human_seats:
            return "You" if seat == self.me else self.game.seat_name(seat)
        name = f"P{seat + 1}"
        if self.table.level <= 1:
            return f"{name} the plunger"
        return f"{name} {SHORT_NAMES[seat_system(seat)]}, {seat_chance(self.game.info.id, seat)}"

    def paint_panel(self, p: QPainter, rect: QRectF) -> None:
        pub = self.shown_pub()
        real = self.view().pub
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 70))
        p.drawRoundedRect(rect, 8, 8)
        inner = rect.adjusted(10, 8, -10, -8)
        y = inner.top()
        line_h = max(13.0, min(17.0, rect.height() / 15))
        head = serif(line_h * 1.05, bold=True)
        body = serif(line_h * 0.86)
        p.setFont(head)
        p.setPen(LINE)
        sub = ""
        if self.animating():
            title = "The wheel spins…" if self.roulette else "The rows are dealt…"
        elif real.coups:
            title, sub = f"Coup {real.coup_no}", real.coups[-1].text
        else:
            title = "Faites vos jeux"
        p.drawText(QRectF(inner.left(), y, inner.width(), line_h * 1.4),
                   int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), title)
        y += line_h * 1.5
        p.setFont(body)
        fm = QFontMetricsF(body)
        if sub:
            p.drawText(QRectF(inner.left(), y, inner.width(), line_h),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                       fm.elidedText(sub, Qt.TextElideMode.ElideRight, inner.width()))
            y += line_h * 1.3
        if not self.animating() and real.coups:
            last = real.coup_no
            events = [e for e in real.ledger if e.text.startswith(f"coup {last}:")]
            for e in events[:5]:
                words = e.text.split(": ", 1)[1]
                if e.seat == self.me:
                    words = words.replace(f"{self.game.seat_name(e.seat)}'s", "Your", 1)
                p.setPen(PUNTER_COLOURS[e.seat % len(PUNTER_COLOURS)])
                p.drawText(QRectF(inner.left(), y, inner.width(), line_h),
                           int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                           fm.elidedText(words, Qt.TextElideMode.ElideRight, inner.width()))
                y += line_h
            if len(events) > 5:
                p.setPen(LINE)
                p.drawText(QRectF(inner.left(), y, inner.width(), line_h),
                           int(Qt.AlignmentFlag.AlignLeft), f"… and {len(events) - 5} more")
                y += line_h
        y = max(y + line_h * 0.4, inner.bottom() - line_h * (pub.n + 0.3))
        advice = self.advice()
        if advice and not self.animating():
            small = serif(line_h * 0.8, italic=True)
            p.setPen(HINT)
            p.setFont(small)
            for k, text in enumerate(advice):
                p.drawText(QRectF(inner.left(), y - line_h * (len(advice) - k + 0.3), inner.width(), line_h),
                           int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                           QFontMetricsF(small).elidedText(text, Qt.TextElideMode.ElideRight, inner.width()))
            p.setFont(body)
        for seat in range(pub.n):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(PUNTER_COLOURS[seat % len(PUNTER_COLOURS)])
            p.drawEllipse(QRectF(inner.left(), y + line_h * 0.25, line_h * 0.5, line_h * 0.5))
            p.setPen(LINE if seat != pub.turn else QColor(255, 226, 120))
            money = f"{real.stocks[seat] + real.staked(seat)}"
            text = fm.elidedText(self.punter_label(seat), Qt.TextElideMode.ElideRight,
                                 inner.width() - line_h * 0.8 - fm.horizontalAdvance(money) - 8)
            p.drawText(QRectF(inner.left() + line_h * 0.8, y, inner.width(), line_h),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)
            p.drawText(QRectF(inner.left(), y, inner.width(), line_h),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), money)
            y += line_h

    def advice(self) -> list[str]:
        """What your system would stake now, in a line or two (the hint, H, lays it)."""
        from ...ai.chance.casino import (
            SYSTEM_NAMES,
            labouchere_line,
            outcomes,
            seat_chance,
            seat_system,
            system_stake,
        )
        if not self.table.human_to_move:
            return []
        view = self.view()
        me = self.me
        system, chance = seat_system(me), seat_chance(self.game.info.id, me)
        stake = system_stake(self.game, view, me, system, chance)
        out = [f"Your system, {SYSTEM_NAMES[system].removeprefix('The ')}:",
               f"{stake} on {chance}" if stake > 0 else "wait for the prisoner"]
        if system == "labouchere":
            out[1] += f"; line: {' '.join(map(str, labouchere_line(outcomes(view, me), self.game.minimum)))}"
        return out

    # -- the chart of the punters' money -----------------------------------------------------------
    def paint_chart(self, p: QPainter, rect: QRectF) -> None:
        pub = self.view().pub
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 70))
        p.drawRoundedRect(rect, 8, 8)
        px = max(10.0, min(14.0, rect.height() / 16))
        font = serif(px)
        p.setFont(font)
        fm = QFontMetricsF(font)
        coups = max(int(pub.option("coups")), 1)
        points = [tuple(pub.capital for _ in range(pub.n))] + [c.holdings for c in pub.coups]
        if self.animating() and len(points) > 1:
            points = points[:-1]
        values = [v for row in points for v in row]
        lo, hi = min(values + [pub.capital]), max(values + [pub.capital])
        pad = max(1.0, (hi - lo) * 0.08, pub.capital * 0.05)
        step = nice_step((hi - lo + 2 * pad) / 4)
        lo, hi = max(0.0, math.floor((lo - pad) / step) * step), math.ceil((hi + pad) / step) * step
        left = rect.left() + fm.horizontalAdvance("00000") + 12
        plot = QRectF(left, rect.top() + px * 2.8, rect.right() - left - 12, rect.height() - px * 5.0)
        p.setPen(LINE)
        title_font = serif(px, bold=True)
        p.setFont(title_font)
        title = QFontMetricsF(title_font).elidedText("The punters' money, coup by coup (dashes: the capital)",
                                                     Qt.TextElideMode.ElideRight, rect.width() - 20)
        p.drawText(QRectF(rect.left() + 10, rect.top() + 4, rect.width() - 20, px * 1.6),
                   int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), title)
        p.setFont(font)

        def xy(k: int, v: float) -> QPointF:
            return QPointF(plot.left() + plot.width() * k / coups, plot.bottom() - plot.height() * (v - lo) / (hi - lo))

        p.setPen(QPen(QColor(255, 255, 255, 60), 1))
        for k in range(round((hi - lo) / step) + 1):
            v = lo + step * k
            y = xy(0, v).y()
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(QColor(236, 226, 196, 200))
            p.drawText(QRectF(rect.left() + 4, y - px, left - rect.left() - 10, 2 * px),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), f"{v:.0f}")
            p.setPen(QPen(QColor(255, 255, 255, 60), 1))
        p.setPen(QPen(QColor(236, 226, 196, 160), 1.2, Qt.PenStyle.DashLine))
        p.drawLine(xy(0, pub.capital), xy(coups, pub.capital))
        p.setPen(QColor(236, 226, 196, 200))
        p.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width(), px * 1.6),
                   int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), "0")
        p.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width(), px * 1.6),
                   int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop), f"{coups} coups")
        for seat in range(pub.n):
            path = QPainterPath()
            for k, row in enumerate(points):
                pt = xy(k, row[seat])
                if k == 0:
                    path.moveTo(pt)
                else:
                    path.lineTo(pt)
            p.setPen(QPen(PUNTER_COLOURS[seat % len(PUNTER_COLOURS)], 2.2 if seat == self.me else 1.6))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)

    # -- the tray and the buttons ------------------------------------------------------------------
    def buttons(self) -> list[tuple[Any, str]]:
        legal = self.table.legal()
        out: list[tuple[Any, str]] = []
        for action in legal:
            if isinstance(action, Done):
                out.append((action, "Done — spin the wheel" if self.roulette else "Done — deal the rows"))
        for action in legal:
            if isinstance(action, Insure):
                cost = self.game.premium(self.view().pub.free_stake(self.me, action.spot))
                out.append((action, f"Insure {action.spot} ({cost})"))
            elif isinstance(action, Halve):
                out.append((action, f"Take half of {action.spot}"))
        return out

    def tray_font(self) -> tuple[float, QFont]:
        d = min(self.tray_rect.height() * 0.62, 46.0)
        return d, serif(max(10.0, d * 0.34), bold=True)

    def _layout_tray(self) -> None:
        """Where the counters and the buttons lie in the tray (the buttons are the legal choices
        now, so this follows every move)."""
        self.chip_spots.clear()
        self.button_spots.clear()
        if self.table.session is None or self.tray_rect.isEmpty():
            return
        pub = self.view().pub
        rect = self.tray_rect
        d, font = self.tray_font()
        fm = QFontMetricsF(font)
        x = rect.left() + 12 + fm.horizontalAdvance(self.stock_text(pub)) + 22
        hand = pub.hand[self.me] if self.me < pub.n else 0
        for value in self.game.counters:
            self.chip_spots[value] = QRectF(x, rect.center().y() - d * 0.45 - (6 if value == hand else 0), d, d * 0.86)
            x += d * 1.2
        x += 14
        for action, label in self.buttons():
            w = fm.horizontalAdvance(label) + 24
            if x + w > rect.right() - 6:
                break
            self.button_spots.append((QRectF(x, rect.center().y() - d * 0.4, w, d * 0.8), action, label))
            x += w + 10

    def stock_text(self, pub: Any) -> str:
        return f"Your stock: {pub.stocks[self.me]}" if self.me < pub.n else ""

    def paint_tray(self, p: QPainter, rect: QRectF) -> None:
        pub = self.view().pub
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 60))
        p.drawRoundedRect(rect, 8, 8)
        d, font = self.tray_font()
        p.setFont(font)
        money = self.stock_text(pub)
        fm = QFontMetricsF(font)
        p.setPen(LINE)
        p.drawText(QRectF(rect.left() + 12, rect.top(), fm.horizontalAdvance(money) + 8, rect.height()),
                   int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), money)
        me = self.me
        mine = self.table.human_to_move and pub.turn == me
        hand = pub.hand[me] if me < pub.n else 0
        for value, r in self.chip_spots.items():
            usable = mine and value <= pub.stocks[me]
            p.setOpacity(1.0 if usable else 0.35)
            paint_disc(p, r, look(value))
            p.setOpacity(1.0)
            p.setPen(QColor(255, 255, 255) if look(value) != 1 else QColor(70, 50, 30))
            p.setFont(serif(d * 0.3, bold=True))
            p.drawText(r, int(Qt.AlignmentFlag.AlignCenter), str(value))
            if value == hand:
                p.setPen(QPen(HIGHLIGHT, 2.0))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(r.adjusted(-3, -3, 3, 3))
            if self.cursor == ("chip", value):
                p.setPen(QPen(HIGHLIGHT, 2.6))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(r.adjusted(-5, -5, 5, 5))
        p.setFont(font)
        for r, action, label in self.button_spots:
            p.setPen(QPen(QColor(120, 96, 60), 1.2))
            p.setBrush(QColor(246, 238, 216))
            p.drawRoundedRect(r, 6, 6)
            if self.cursor == ("button", action) or self.hinted == action:
                p.setPen(QPen(HINT if self.hinted == action else HIGHLIGHT, 2.6))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(r.adjusted(-3, -3, 3, 3), 7, 7)
            p.setPen(QColor(50, 36, 20))
            p.drawText(r, int(Qt.AlignmentFlag.AlignCenter), label)

    def paint_ghost(self, p: QPainter, rect: QRectF) -> None:
        if self.drag is None or self.drag_at is None:
            return
        kind, what, _ = self.drag
        d = self.disc_size() * 1.15
        value = what if kind == "chip" else self.view().pub.hand[self.me]
        r = QRectF(self.drag_at.x() - d / 2, self.drag_at.y() - d / 2, d, d * 0.86)
        p.setOpacity(0.85)
        paint_disc(p, r, look(int(value)))
        p.setOpacity(1.0)

    # -- finding places -----------------------------------------------------------------------------
    def spot_at(self, pos: QPointF) -> str | None:
        if self.roulette:
            c = self.cloth_rect
            zero = self.cells.get("plein 0")
            if zero is not None and zero.adjusted(0, 0, -self.cell.width() * 0.22, 0).contains(pos):
                return "plein 0"
            grid = QRectF(c.left(), c.top(), self.cell.width() * 13, self.cell.height() * 3.22)
            if grid.contains(pos):
                best, best_d = None, 1e9
                for name in self.inside:
                    if name == "plein 0":
                        continue
                    a = self.anchors[name]
                    weight = 1.8 if name.startswith("plein") else 0.8 if name.startswith(("transv", "sixain")) else 1.0
                    dist = math.hypot(a.x() - pos.x(), a.y() - pos.y()) / weight
                    if dist < best_d:
                        best, best_d = name, dist
                return best
        for name, box in self.boxes.items():
            if box.contains(pos):
                return name
        return None

    def chip_at(self, pos: QPointF) -> int | None:
        for value, r in self.chip_spots.items():
            if r.adjusted(-3, -3, 3, 3).contains(pos):
                return value
        return None

    def button_at(self, pos: QPointF) -> Any:
        for r, action, _ in self.button_spots:
            if r.contains(pos):
                return action
        return None

    # -- input --------------------------------------------------------------------------------------
    def play(self, action: Any) -> bool:
        ok: bool = self.table.play(action)
        return ok

    def lay(self, spot: str, value: int | None = None) -> None:
        """Lay a counter (of ``value``, taken first if it is not the one in hand) on ``spot``."""
        pub = self.view().pub
        if value is not None and pub.hand[self.me] != value:
            if not self.play(Counter(value)):
                return
        self.play(Place(spot))

    def press(self, scene_pos: QPointF) -> None:
        if self.skip_animation():
            return
        self.pressed_at = scene_pos
        action = self.button_at(scene_pos)
        if action is not None:
            self.play(action)
            return
        value = self.chip_at(scene_pos)
        if value is not None:
            self.drag = ("chip", value, scene_pos)
            self.drag_at = scene_pos
            return
        spot = self.spot_at(scene_pos)
        if spot is not None:
            self.drag = ("stake", spot, scene_pos)
            self.drag_at = None

    def move(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        moved = (scene_pos - self.drag[2]).manhattanLength() > 6
        if self.drag[0] == "stake" and not moved:
            return
        self.drag_at = scene_pos
        hover = self.spot_at(scene_pos)
        if hover != self.hover:
            self.hover = hover
            self.marks.update()
        self.ghost.update()

    def release(self, scene_pos: QPointF) -> None:
        drag, self.drag, self.drag_at = self.drag, None, None
        self.hover = None
        self.ghost.update()
        self.marks.update()
        if drag is None:
            return
        kind, what, start = drag
        moved = (scene_pos - start).manhattanLength() > 6
        target = self.spot_at(scene_pos)
        if kind == "chip":
            if not moved:
                if self.view().pub.hand[self.me] != what:
                    self.play(Counter(int(what)))
                return
            if target is not None:
                self.lay(target, int(what))
            return
        if not moved:
            self.lay(str(what))               # a click on a space lays the counter in hand
        elif target is None:
            self.take_back(str(what))         # a stake dragged off the cloth is taken back

    def take_back(self, spot: str) -> None:
        pub = self.view().pub
        if pub.prisoner(self.me, spot) is not None and pub.free_stake(self.me, spot) == 0:
            self.play(Halve(spot))
        else:
            self.play(Withdraw(spot))

    def cancel_drag(self) -> None:
        self.drag = None
        self.drag_at = None
        self.hover = None
        self.ghost.update()

    def double_click(self, scene_pos: QPointF) -> None:
        spot = self.spot_at(scene_pos)
        if spot is not None:
            self.lay(spot)

    # -- keyboard -------------------------------------------------------------------------------------
    def targets(self) -> list[tuple[Any, QPointF]]:
        out: list[tuple[Any, QPointF]] = [(name, a) for name, a in self.anchors.items()]
        out += [(("chip", v), r.center()) for v, r in self.chip_spots.items()]
        out += [(("button", a), r.center()) for r, a, _ in self.button_spots]
        return out

    def cursor_point(self) -> QPointF:
        for target, at in self.targets():
            if target == self.cursor:
                return at
        return QPointF()

    def key(self, name: str) -> bool:
        if self.skip_animation():
            return True
        if name == "space":
            if Done() in self.table.legal():
                self.play(Done())
            return True
        if self.cursor is None or self.cursor not in [t for t, _ in self.targets()]:
            if name in ("left", "right", "up", "down", "enter"):
                self.cursor = "rouge"
                self._refresh()
                return True
            return False
        if name in ("left", "right", "up", "down"):
            here = self.cursor_point()
            dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[name]
            best, cost = None, 1e9
            for target, at in self.targets():
                along = (at.x() - here.x()) * dx + (at.y() - here.y()) * dy
                across = abs((at.x() - here.x()) * dy) + abs((at.y() - here.y()) * dx)
                if along <= 2:
                    continue
                c = along + 2.5 * across
                if c < cost:
                    best, cost = target, c
            if best is not None:
                self.cursor = best
                self._refresh()
            return True
        if name == "enter":
            if isinstance(self.cursor, str):
                self.lay(self.cursor)
            elif self.cursor[0] == "chip":
                self.play(Counter(self.cursor[1]))
            else:
                self.play(self.cursor[1])
            self._refresh()
            return True
        if name == "escape" and isinstance(self.cursor, str):
            self.take_back(self.cursor)
            return True
        return False

    def callout_anchor(self) -> QPointF | None:
        if self.table._keyboard_last and self.cursor is not None:
            return self.cursor_point()
        return None

    # -- hints and words ------------------------------------------------------------------------------
    def show_hint(self, action: Any) -> None:
        self.hinted = action
        self._refresh()

    def clear_hint(self) -> None:
        self.hinted = None
        self._refresh()

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        if isinstance(action, Counter):
            r = self.chip_spots.get(action.value)
            return (r, None)
        if isinstance(action, (Place, Withdraw, Halve, Insure)) and action.spot in self.anchors:
            return (None, self.spot_rect(action.spot))
        return None, None

    def prompt(self) -> str:
        session = self.table.session
        if session is None:
            return ""
        if self.animating():
            return "The wheel spins — click or press a key to pass." if self.roulette else \
                "The rows are dealt — click or press a key to pass."
        pub = self.view().pub
        if pub.phase == "over":
            return ""
        if self.table.human_to_move:
            hand = pub.hand[self.me]
            return (f"Lay your stakes: drag counters onto the cloth (counter in hand: {hand}), "
                    f"then Done (Space).")
        if pub.turn is not None:
            return f"{self.game.seat_name(pub.turn)} is laying his stakes."
        return ""

    def status_parts(self) -> list[str]:
        pub = self.view().pub
        return [f"Coup {pub.coup_no + (0 if pub.phase == 'over' else 1)} of {pub.option('coups')}",
                f"Your money {pub.stocks[self.me] + pub.staked(self.me)}" if self.me < pub.n else ""]

    def end_texts(self, outcome: Outcome) -> tuple[str, str]:
        seat = self.me
        pub = self.view().pub
        mine = outcome.scores[seat] - pub.capital if seat < len(outcome.scores) else 0
        title = ("You rise ahead" if mine > 0 else "You rise level" if mine == 0 else "The bank wins")
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + "."

    def refusal(self, action: Any) -> str:
        try:
            self.game.apply(self.table.session.state, action)
        except IllegalAction as exc:
            return exc.rule or ""
        return ""

    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        return [("Simulate a system over many evenings…", None, self.open_simulator)]

    def open_simulator(self) -> None:
        from .casino_sim_dialog import SimulatorDialog
        dialog = SimulatorDialog(self.table, self.game.info.id)
        dialog.exec()
