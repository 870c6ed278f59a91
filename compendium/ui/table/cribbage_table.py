"""The cribbage table: a cribbage board with two pegs a side across the top, your hand along the
bottom, the others' hands opposite (and at the sides for three or four), the starter and the
crib at the right of the middle, and the cards of the present count played in a row with the
running count beside them.

- **Laying out**: click the cards to lay out (they rise), then the *Lay out* button (or Space);
  or drag a card onto the crib.
- **The play**: click a card (or drag it to the middle) to play it; *Go* when none will go.
- **The show**: each hand is counted item by item — the panel in the middle lists the items of
  the latest show, and the cards of each item are lit in turn with its points (click the panel to
  step through them, or a show's title to look at it again).  Without muggins the *Count*
  button pegs the hand; with muggins you peg your own count by dragging your back peg to the hole
  you claim (or choosing the number with Up/Down and *Peg*), and *Muggins* or *Pass* answers the
  others' claims.
- **The board**: each side's two pegs leapfrog along its row of holes as points are pegged; the
  track of sixty holes is gone round once for the game of 61, twice for 121, three times for 181.

A controller never decides a rule: the actions come from ``table.legal()`` and a refusal is the
engine's, cited by ``table.play``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QFont, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...core.cards import Card
from ...core.game import Outcome
from ...games.cribbage.engine import FORMS, Count, CribView, Go, LayOut, Muggins, Pass, Play, Show, side_of
from .card_layer import CardLayer
from .card_renderer import aspect
from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT, HINT, paint_pile_outline
from .tricks_items import INK, CallButton, TextPanel

PEG_COLOURS = (QColor(196, 40, 40), QColor(40, 90, 190), QColor(40, 150, 70))
TRACK = 60          # holes a side on the board (the game hole besides)
ITEM_MS = 1100      # how long each item of a show stays lit


class CribbageBoard(QGraphicsItem):
    """The board: a row of sixty holes a side in groups of five (the half-way mark after
    thirty), the game hole at the right, and two pegs a side."""

    def __init__(self) -> None:
        super().__init__()
        self.w = 600.0
        self.h = 80.0
        self.sides = 2
        self.mark = 61
        self.names: list[str] = []
        self.front: list[float] = [0.0, 0.0]
        self.back: list[float] = [0.0, 0.0]
        self.lit_side: int | None = None       # whose pegs may be dragged now
        self.drag_to: float | None = None      # a peg being dragged: where it is (in holes)
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_size(self, w: float, h: float) -> None:
        self.prepareGeometryChange()
        self.w, self.h = w, h

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, self.w + 4, self.h + 4)

    # geometry ---------------------------------------------------------------------------------
    @property
    def label_w(self) -> float:
        return min(120.0, self.w * 0.16)

    def row_y(self, side: int) -> float:
        pad = self.h * 0.16
        step = (self.h - 2 * pad) / max(1, self.sides)
        return pad + step * (side + 0.5)

    def hole_x(self, hole: float) -> float:
        """The x of hole ``hole`` (0: the start, before the first hole; 1..60 the track; 61 the
        game hole) within the board."""
        left = self.label_w + 14
        right = self.w - 36
        if hole >= TRACK + 1:
            return self.w - 16
        return left + (right - left) * max(0.0, hole) / TRACK

    def to_hole(self, score: float) -> float:
        """Where a score lies on the track: laps of sixty, the mark in the game hole."""
        if score <= 0:
            return 0.0
        if score >= self.mark:
            return TRACK + 1
        lap = (score - 1) // TRACK
        return score - lap * TRACK

    def peg_point(self, side: int, score: float) -> QPointF:
        return self.mapToScene(QPointF(self.hole_x(self.to_hole(score)), self.row_y(side)))

    def hole_at(self, side: int, scene_pos: QPointF) -> int:
        """The score meant by pointing at ``scene_pos`` on ``side``'s row, in the lap of the
        side's front peg (a claim never goes back a lap)."""
        p = self.mapFromScene(scene_pos)
        left, right = self.hole_x(0), self.hole_x(TRACK)
        hole = round((p.x() - left) / (right - left) * TRACK)
        front = self.front[side]
        lap_start = 0 if front <= 0 else int((front - 1) // TRACK) * TRACK
        if p.x() > right + 8:
            return self.mark
        return lap_start + max(0, min(TRACK, hole))

    def peg_rect(self, side: int, which: str) -> QRectF:
        score = self.back[side] if which == "back" else self.front[side]
        c = self.peg_point(side, score)
        r = self.peg_radius() * 2.4
        return QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)

    def peg_radius(self) -> float:
        return max(3.0, min(7.0, (self.h / max(2, self.sides)) * 0.18))

    # painting ---------------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # the painter goes on to the next item: leave its pen and brush as they were found
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        wood = QLinearGradient(0, 0, 0, self.h)
        wood.setColorAt(0, QColor(150, 96, 52))
        wood.setColorAt(1, QColor(104, 62, 30))
        painter.setPen(QPen(QColor(60, 36, 16), 2))
        painter.setBrush(QBrush(wood))
        painter.drawRoundedRect(QRectF(0, 0, self.w, self.h), 12, 12)
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(9, int(min(14, self.h / (self.sides + 1) * 0.45))))
        painter.setFont(font)
        hole_r = max(1.5, min(3.0, (self.hole_x(2) - self.hole_x(1)) * 0.22))
        for side in range(self.sides):
            y = self.row_y(side)
            colour = PEG_COLOURS[side % len(PEG_COLOURS)]
            painter.setPen(QColor(246, 238, 214) if self.lit_side != side else HIGHLIGHT)
            name = self.names[side] if side < len(self.names) else f"Side {side + 1}"
            painter.drawText(QRectF(8, y - 10, self.label_w, 20),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             f"{name}  {int(self.front[side])}")
            painter.setPen(Qt.PenStyle.NoPen)
            for hole in range(1, TRACK + 1):
                x = self.hole_x(hole)
                painter.setBrush(QColor(40, 22, 10))
                painter.drawEllipse(QPointF(x, y), hole_r, hole_r)
            # the groups of five and the half-way mark
            painter.setPen(QPen(QColor(226, 196, 140, 150), 1))
            for k in range(0, TRACK + 1, 5):
                x = (self.hole_x(k) + self.hole_x(k + 1)) / 2 if k < TRACK else self.hole_x(TRACK) + 4
                tall = 0.45 if k % 30 == 0 else 0.28
                half = (self.h / max(2, self.sides)) * tall
                painter.drawLine(QPointF(x, y - half), QPointF(x, y + half))
            self._paint_pegs(painter, side, y, colour)
        # the game hole
        gx = self.w - 16
        painter.setPen(QPen(QColor(226, 196, 140), 1.5))
        painter.setBrush(QColor(40, 22, 10))
        painter.drawEllipse(QPointF(gx, self.h / 2), hole_r * 1.8, hole_r * 1.8)
        laps = (self.mark - 1) // TRACK
        painter.setPen(QColor(246, 238, 214))
        small = QFont("DejaVu Serif")
        small.setPixelSize(max(8, int(font.pixelSize() * 0.8)))
        painter.setFont(small)
        painter.drawText(QRectF(self.w - 64, 1, 60, self.h * 0.2),
                         int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                         f"{self.mark} up" + (f", ×{laps}" if laps > 1 else ""))

    def _paint_pegs(self, painter: QPainter, side: int, y: float, colour: QColor) -> None:
        r = self.peg_radius()
        back = self.back[side]
        if self.drag_to is not None and self.lit_side == side:
            back = self.drag_to
        for k, score in enumerate((back, self.front[side])):
            x = self.hole_x(self.to_hole(score))
            x -= r * 1.1 if k == 0 and abs(self.to_hole(score) - self.to_hole(self.front[side])) < 0.5 else 0
            painter.setPen(QPen(QColor(20, 10, 5), 1.2))
            painter.setBrush(colour.lighter(130) if k == 0 else colour)
            painter.drawEllipse(QPointF(x, y), r, r)
            if self.lit_side == side and k == 0:
                painter.setPen(QPen(HIGHLIGHT, 2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(QPointF(x, y), r + 3, r + 3)


class CribbageController(TableController):
    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.layer = CardLayer(table)
        self.board = CribbageBoard()
        self.names: dict[int, TextPanel] = {}
        self.count_panel = TextPanel(size=14)
        self.show_panel = TextPanel(size=13, bold_first=True)
        self.info = TextPanel(size=12, bold_first=False, frame=False)
        self.buttons: list[CallButton] = []
        self.width = self.height = 0.0
        self.unit = 70.0
        self.small = 50.0
        self.board_h = 80.0
        self.selected: list[int] = []           # cards chosen to lay out
        self.focus = 0
        self.claim = 0                          # muggins: the count you mean to peg
        self._hint: Any = None
        self._hand_pos: dict[int, QPointF] = {}
        self._places: dict[str, QRectF] = {}
        self._drag: tuple[str, int, QPointF, QPointF] | None = None
        self._show_pick: int | None = None     # which show of this deal the panel details
        self._item = -1                         # the item of that show now lit
        self._shows_seen = 0
        self._timer = QTimer(self.table)   # a child of the table: it never fires on a gone table
        self._timer.setInterval(ITEM_MS)
        self._timer.timeout.connect(self._next_item)
        self._peg_anim: QVariantAnimation | None = None
        self._shown_scores: tuple[int, ...] = ()
        self._shown_backs: tuple[int, ...] = ()
        self._panel_rows: list[tuple[float, int]] = []

    # -- basics ---------------------------------------------------------------------------------
    def view(self) -> CribView:
        return self.table.current_view()

    def side_name(self, view: CribView, side: int) -> str:
        form = FORMS[view.form]
        if form.players == 4:
            seats = [s for s in range(4) if side_of(form, s) == side]
            return " & ".join("You" if s == self.me else self.game.seat_name(s)[0] for s in seats)
        return self.name(side)

    def build(self) -> None:
        scene = self.table.scene()
        for item in (self.board, self.count_panel, self.show_panel, self.info):
            scene.addItem(item)
        view = self.view()
        self._shown_scores = view.scores
        self._shown_backs = view.backs
        self._shows_seen = len(view.shows)

    def teardown(self) -> None:
        self._timer.stop()
        if self._peg_anim is not None:
            self._peg_anim.stop()
        self.layer.teardown()
        scene = self.table.scene()
        for item in [self.board, self.count_panel, self.show_panel, self.info, *self.names.values(),
                     *self.buttons]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.names.clear()
        self.buttons = []

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        n = FORMS[self.view().form].players
        self.board_h = max(56.0, min(height * 0.17, 34.0 * (2 if n != 3 else 3) + 20))
        free = height - self.board_h - 70
        self.unit = max(40.0, min(width / 10.0, free / (aspect * 2.75)))
        self.small = self.unit * 0.78
        self.board.set_size(width - 20, self.board_h)
        self.board.setPos(QPointF(10, 8))

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        """The cloth, with the quiet outlines of the starter's, the crib's and the play's places."""
        painter.fillRect(rect, QBrush(baize_tile()))
        self._fixed_places(FORMS[self.view().form].players)
        font = QFont("DejaVu Serif")
        font.setPixelSize(max(10, int(self.small * 0.2)))
        painter.setFont(font)
        for name, label in (("starter", "Starter"), ("crib", "Crib"), ("play", "")):
            place = self._places.get(name)
            if place is None:
                continue
            paint_pile_outline(painter, place.adjusted(-4, -4, 4, 4), "")
            painter.setPen(QColor(255, 255, 255, 110))
            painter.drawText(QRectF(place.left() - 4, place.top() - 24, place.width() + 60, 18),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom), label)

    # -- places -------------------------------------------------------------------------------------
    def seat_slot(self, seat: int, n: int) -> str:
        k = (seat - self.me) % n
        if n == 2:
            return ("bottom", "top")[k]
        if n == 3:
            return ("bottom", "left", "right")[k]
        return ("bottom", "left", "top", "right")[k]

    def middle_y(self) -> float:
        top = self.board_h + 16 + self.small * aspect + 34
        bottom = self.height - self.unit * aspect - 46
        return (top + bottom) / 2

    def _fixed_places(self, n: int) -> None:
        """The middle's places, which stay put whatever lies in them: the starter, the crib (wide
        enough for its cards spread in the show) and the play."""
        s = self.small
        my = self.middle_y() - s * aspect / 2
        sx = self.width * (0.6 if n == 2 else 0.56)
        self._places["starter"] = QRectF(sx, my, s, s * aspect)
        self._places["crib"] = QRectF(sx + s * 1.35, my, s * 2.5, s * aspect)
        px = self.width * 0.08 if n == 2 else s + 36
        self._places["play"] = QRectF(px, my, sx - px - s * 0.4, s * aspect)

    def positions(self, view: CribView) -> dict[int, tuple[QPointF, float, Card | None, float]]:
        out: dict[int, tuple[QPointF, float, Card | None, float]] = {}
        self._hand_pos = {}
        self._places = {}
        self._fixed_places(FORMS[view.form].players)
        if not view.hands:
            return out
        n = len(view.hands)
        u, s = self.unit, self.small
        legal = self.table.legal() if self.table.human_to_move else ()
        playable = {a.card for a in legal if isinstance(a, Play)}
        for seat in range(n):
            slot = self.seat_slot(seat, n)
            cards = list(view.hands[seat])
            if slot == "bottom":
                width = u
                step = u * 0.62
                total = width + step * max(0, len(cards) - 1)
                x0 = self.width / 2 - total / 2
                y = self.height - u * aspect - 10
                for k, vc in enumerate(cards):
                    lift = 0.0
                    if vc.id in self.selected:
                        lift = 0.3 * u
                    elif vc.face in playable:
                        lift = 0.12 * u
                    pos = QPointF(x0 + k * step, y - lift)
                    out[vc.id] = (pos, 100 + k, vc.face, width)
                    self._hand_pos[vc.id] = pos
                self._places["hand"] = QRectF(x0, y - 0.3 * u, total, u * aspect + 0.3 * u)
                continue
            if slot == "top":
                step = s * (0.55 if any(vc.face for vc in cards) else 0.3)
                total = s + step * max(0, len(cards) - 1)
                x0, y = self.width / 2 - total / 2, self.board_h + 40
                for k, vc in enumerate(cards):
                    out[vc.id] = (QPointF(x0 + k * step, y), 50 + k, vc.face, s)
                self._places[f"seat{seat}"] = QRectF(x0, y, total, s * aspect)
                continue
            # at the sides the hands fan downwards, each card's index showing above the next
            top = self.board_h + 50
            room = self.height - self.unit * aspect - 30 - top - s * aspect
            vstep = min(s * aspect * (0.3 if any(vc.face for vc in cards) else 0.16),
                        room / max(1, len(cards) - 1))
            x0 = 10.0 if slot == "left" else self.width - 10 - s
            for k, vc in enumerate(cards):
                out[vc.id] = (QPointF(x0, top + k * vstep), 50 + k, vc.face, s)
            self._places[f"seat{seat}"] = QRectF(x0, top, s, s * aspect + vstep * max(0, len(cards) - 1))
        # the starter and the crib, right of the middle
        my = self.middle_y() - s * aspect / 2
        sx = self._places["starter"].left()
        if view.starter is not None:
            out[view.starter.id] = (QPointF(sx, my), 20, view.starter.face, s)
        cx = sx + s * 1.35
        crib = list(view.crib)
        shown = any(vc.face is not None for vc in crib) and all(vc.face is not None for vc in crib)
        cstep = s * 0.5 if shown else s * 0.04
        for k, vc in enumerate(crib):
            out[vc.id] = (QPointF(cx + k * cstep, my + (0 if shown else -k * s * 0.03)), 30 + k, vc.face, s)
        # the play: earlier counts of this deal squared at the left, the present count fanned
        px = self._places["play"].left()
        earlier = view.played[:view.count_from]
        for k, (_seat, vc) in enumerate(earlier):
            out[vc.id] = (QPointF(px + k * s * 0.08, my + k * s * 0.03), 200 + k, vc.face, s * 0.9)
        x = px + (s * 1.3 if earlier else 0.0)
        now = view.played[view.count_from:]
        room = sx - s * 0.5 - x - s
        fan = min(s * 0.62, room / max(1, len(now) - 1)) if len(now) > 1 else 0.0
        for k, (_seat, vc) in enumerate(now):
            out[vc.id] = (QPointF(x + k * fan, my), 300 + k, vc.face, s)
        return out

    # -- drawing ------------------------------------------------------------------------------------
    def sync(self, animate: bool) -> None:
        view = self.view()
        if not view.hands:
            self.selected = []
        legal_lay = any(isinstance(a, LayOut) for a in self.table.legal()) and self.table.human_to_move
        if not legal_lay:
            self.selected = []
        self.layer.place(self.positions(view), animate)
        self._sync_board(view, animate)
        self._sync_panels(view)
        self._sync_show(view)
        self._sync_buttons(view)
        self.show_keyboard_state()

    def _sync_board(self, view: CribView, animate: bool) -> None:
        b = self.board
        form = FORMS[view.form]
        b.sides = form.sides
        b.mark = form.mark
        b.names = [self.side_name(view, s) for s in range(form.sides)]
        mine = side_of(form, self.me)
        b.lit_side = mine if self._may_peg() else None
        old, old_backs = self._shown_scores, self._shown_backs
        self._shown_scores, self._shown_backs = view.scores, view.backs
        b.front = [float(x) for x in view.scores]
        b.back = [float(x) for x in view.backs]
        if self._peg_anim is not None:
            self._peg_anim.stop()
            self._peg_anim.deleteLater()     # a child of the table: let the old one go
            self._peg_anim = None
        moved = [s for s in range(form.sides) if s < len(old) and s < len(old_backs)
                 and view.scores[s] > old[s]]
        if animate and self.table.animations_on and moved:
            # leapfrog: the back peg leaves its hole, jumps the front one and lands on the new
            # score; the old front peg stays, the new back
            starts = {s: float(old_backs[s]) for s in moved}
            anim = QVariantAnimation(self.table)   # dies with the table, as the timer does
            anim.setStartValue(0.0)
            anim.setEndValue(1.0)
            anim.setDuration(420)

            def step(t: Any) -> None:
                for s in moved:
                    b.front[s] = starts[s] + (view.scores[s] - starts[s]) * float(t)
                b.update()
            anim.valueChanged.connect(step)
            anim.finished.connect(lambda: self._settle_pegs(view))
            self._peg_anim = anim
            step(0.0)
            anim.start()
        b.update()

    def _settle_pegs(self, view: CribView) -> None:
        self.board.front = [float(x) for x in view.scores]
        self.board.back = [float(x) for x in view.backs]
        self.board.update()

    def _size(self) -> int:
        return max(11, min(15, int(self.unit * 0.19)))

    def _sync_panels(self, view: CribView) -> None:
        scene = self.table.scene()
        size = self._size()
        n = len(view.hands) if view.hands else FORMS[view.form].players
        session = self.table.session
        mover = session.to_move() if session is not None and view.hands else None
        for seat in range(n):
            panel = self.names.get(seat)
            if panel is None:
                panel = TextPanel(size=size)
                scene.addItem(panel)
                self.names[seat] = panel
            title = self.name(seat) + (" · dealer" if seat == view.dealer else "")
            lines = [title]
            if seat in view.gone and view.phase == "play":
                lines.append("go")
            panel.set_lines(lines, size)
            panel.set_lit(mover == seat)
            slot = self.seat_slot(seat, n)
            pw, ph = panel.boundingRect().width(), panel.boundingRect().height()
            if slot == "bottom":
                hand = self._places.get("hand", QRectF(self.width / 2, self.height - 80, 0, 0))
                panel.setPos(QPointF(max(6.0, hand.left() - pw - 14), self.height - ph - 12))
            else:
                r = self._places.get(f"seat{seat}", QRectF(self.width / 2, self.board_h + 40, 0, 0))
                if slot == "top":
                    panel.setPos(QPointF(r.left() - pw - 12 if r.left() - pw - 12 > 6 else r.right() + 12,
                                         r.top()))
                else:
                    panel.setPos(QPointF(min(max(6.0, r.left()), self.width - pw - 6), r.top() - ph - 6))
        for seat in [s for s in self.names if s >= n]:
            scene.removeItem(self.names.pop(seat))
        # the running count beside the play
        play = self._places.get("play")
        if view.phase == "play" and play is not None:
            self.count_panel.set_lines([f"Count {view.count}"], size + 2)
            self.count_panel.setVisible(True)
            self.count_panel.setPos(QPointF(play.left(), play.top() - self.count_panel.boundingRect().height() - 6))
        else:
            self.count_panel.setVisible(False)
        starter = self._places.get("starter")
        crib = self._places.get("crib")
        labels = []
        if view.hands:
            labels.append(f"Deal {view.deal_no} · {FORMS[view.form].name} game, {FORMS[view.form].mark} up")
            labels.append(f"Crib: {self.name(view.dealer)}")
            if view.deal_no == 1 and view.cut:
                last = view.cut[-FORMS[view.form].players:]
                cuts = ", ".join(f"{self.name(s)} {c}" for s, c in last)
                labels.append(f"Cut: {cuts} (low deals)")
        self.info.set_lines(labels, max(10, size - 2))
        if starter is not None and crib is not None:
            self.info.setPos(QPointF(starter.left(), starter.bottom() + 4))
        self.info.setVisible(bool(labels))

    # -- the show, item by item -------------------------------------------------------------------
    def _current_shows(self, view: CribView) -> tuple[tuple[Show, ...], bool]:
        """The shows to describe: this deal's, or (after a new deal) the last deal's as text."""
        if view.shows:
            return view.shows, True
        return view.last_shows, False

    def _sync_show(self, view: CribView) -> None:
        shows, live = self._current_shows(view)
        if len(view.shows) != self._shows_seen:
            self._shows_seen = len(view.shows)
            self._show_pick = None
            self._item = -1
        if not shows or (not live and view.phase != "discard"):
            self.show_panel.setVisible(False)
            self._timer.stop()
            self.layer.clear_glow()
            return
        pick = self._show_pick if self._show_pick is not None and self._show_pick < len(shows) else len(shows) - 1
        lines: list[str] = ["The show" if live else "The last deal's show"]
        self._panel_rows = []
        for k, show in enumerate(shows):
            owner = self.name(show.owner)
            whose = f"{owner}{'r' if owner == 'You' else chr(39) + 's'} {'crib' if show.crib else 'hand'}"
            claimed = f" (claimed {show.claimed}" + (f", {show.mugged} mugged" if show.mugged else "") + ")" \
                if show.claimed != show.value else ""
            lines.append(f"{'▸' if k == pick else '·'} {whose}: {show.value}{claimed}")
            self._panel_rows.append((len(lines) - 1, k))
            if k == pick:
                cards = " ".join(str(c) for c in show.cards)
                lines.append(f"     {cards}")
                for j, item in enumerate(show.items):
                    mark = "→" if j == self._item and live else " "
                    names = " ".join(str(c) for c in item.cards)
                    lines.append(f"   {mark} {item.label}: {names} — {item.points}")
                if not show.items:
                    lines.append("     nothing to count (nineteen, as the players say)")
        self.show_panel.set_lines(lines, self._size())
        self.show_panel.setVisible(True)
        play = self._places.get("play", QRectF(20, self.height / 2, 0, 0))
        ph = self.show_panel.boundingRect().height()
        pw = self.show_panel.boundingRect().width()
        y = play.center().y() - ph / 2
        y = min(max(self.board_h + 14, y), self.height - self.unit * aspect - ph - 16)
        x = play.left() if view.phase != "discard" else max(6.0, min(play.left(), self.width * 0.55 - pw))
        self.show_panel.setPos(QPointF(x, y))
        if live and not self._timer.isActive():
            self._timer.start()
        if not live:
            self._timer.stop()
        self._light_item(view)

    def _picked_show(self, view: CribView) -> Show | None:
        if not view.shows:
            return None
        k = self._show_pick if self._show_pick is not None and self._show_pick < len(view.shows) \
            else len(view.shows) - 1
        return view.shows[k]

    def _next_item(self) -> None:
        view = self.view()
        show = self._picked_show(view)
        if show is None or not show.items:
            self._timer.stop()
            return
        # each item in turn, then the whole show once more
        self._item += 1
        if self._item >= len(show.items):
            self._item = -1
        self._sync_show(view)

    def _ids_of(self, view: CribView, faces: tuple[Card, ...]) -> list[int]:
        wanted = set(faces)
        ids = []
        pools = [*view.hands, view.crib] + ([(view.starter,)] if view.starter is not None else [])
        for pool in pools:
            for vc in pool:
                if vc.face in wanted:
                    ids.append(vc.id)
        return ids

    def _light_item(self, view: CribView) -> None:
        self.layer.clear_glow()
        show = self._picked_show(view)
        if show is None:
            return
        if 0 <= self._item < len(show.items):
            self.layer.glow(self._ids_of(view, show.items[self._item].cards), HIGHLIGHT)
        else:
            self.layer.glow(self._ids_of(view, show.cards), QColor(212, 175, 55, 120))

    # -- buttons ----------------------------------------------------------------------------------------
    def _may_peg(self) -> bool:
        view = self.view()
        return (self.table.human_to_move and view.muggins and view.phase == "show"
                and any(isinstance(a, Count) for a in self.table.legal()))

    def _wanted_buttons(self, view: CribView) -> list[tuple[Any, str]]:
        if not self.table.human_to_move:
            return []
        legal = self.table.legal()
        out: list[tuple[Any, str]] = []
        if legal and isinstance(legal[0], LayOut):
            need = len(legal[0].cards)
            if len(self.selected) == need:
                faces = tuple(sorted(f for f in (self._face(view, i) for i in self.selected) if f))
                out.append((LayOut(faces), "Lay out to the crib"))
        if Go() in legal:
            out.append((Go(), "Go"))
        counts = [a for a in legal if isinstance(a, Count)]
        if counts:
            what = "crib" if view.show_no >= len(view.hands) else "hand"
            if not view.muggins:
                out.append((counts[0], f"Count your {what}: {counts[0].points}"))
            else:
                out.append(("less", "◀"))
                out.append(("peg", f"Peg {self.claim} for your {what}"))
                out.append(("more", "▶"))
        if Muggins() in legal:
            show = view.shows[-1] if view.shows else None
            extra = f" (+{show.value - show.claimed})" if show is not None else ""
            out.append((Muggins(), "Muggins!" + extra))
            out.append((Pass(), "Pass"))
        return out

    def _sync_buttons(self, view: CribView) -> None:
        wanted = self._wanted_buttons(view)
        scene = self.table.scene()
        current = [(b.action, b.label) for b in self.buttons]
        if current != wanted:
            for b in self.buttons:
                if b.scene() is scene:
                    scene.removeItem(b)
            self.buttons = []
            for action, label in wanted:
                button = CallButton(action, label, max(12, min(16, int(self.unit * 0.2))))
                scene.addItem(button)
                self.buttons.append(button)
        hand = self._places.get("hand", QRectF(self.width / 2, self.height - 100, 0, 0))
        x = hand.right() + 16
        total = sum(b.boundingRect().width() + 8 for b in self.buttons)
        if x + total > self.width - 6:
            x = max(6.0, self.width - 6 - total)
        y = hand.bottom() - 40
        if x < hand.right() + 4:
            y = hand.top() - 44
        for b in self.buttons:
            b.setPos(QPointF(x, y))
            x += b.boundingRect().width() + 8
        hinted = self._hint
        for b in self.buttons:
            b.set_hinted(hinted is not None and (b.action == hinted or (
                b.action == "peg" and isinstance(hinted, Count))))

    def _face(self, view: CribView, cid: int) -> Card | None:
        for hand in view.hands:
            for vc in hand:
                if vc.id == cid:
                    return vc.face
        return None

    # -- input ------------------------------------------------------------------------------------------
    def press(self, scene_pos: QPointF) -> None:
        for b in self.buttons:
            if b.sceneBoundingRect().contains(scene_pos):
                self.activate(b.action)
                return
        if self.show_panel.isVisible() and self.show_panel.sceneBoundingRect().contains(scene_pos):
            self._panel_click(scene_pos)
            return
        if self._may_peg():
            side = side_of(FORMS[self.view().form], self.me)
            if self.board.peg_rect(side, "back").contains(scene_pos) or \
                    self.board.peg_rect(side, "front").contains(scene_pos):
                self._drag = ("peg", side, scene_pos, QPointF())
                return
        cid = self.layer.card_at(scene_pos, among=self._hand_pos)
        if cid is not None:
            self._drag = ("card", cid, scene_pos, self.layer.cards[cid].pos())
            self.layer.cards[cid].setZValue(30_000)

    def move(self, scene_pos: QPointF) -> None:
        if self._drag is None:
            return
        kind, cid, start, origin = self._drag
        if kind == "peg":
            hole = self.board.hole_at(cid, scene_pos)
            self.board.drag_to = float(hole)
            self.board.update()
            return
        self.layer.cards[cid].setPos(origin + (scene_pos - start))

    def release(self, scene_pos: QPointF) -> None:
        if self._drag is None:
            return
        kind, cid, start, _origin = self._drag
        self._drag = None
        if kind == "peg":
            self.board.drag_to = None
            hole = self.board.hole_at(cid, scene_pos)
            claim = hole - self.view().scores[cid]
            if claim < 0:
                self.table.sync(animate=True)
                return
            self.table.play(Count(claim))
            self.table.sync(animate=True)
            return
        moved = (scene_pos - start).manhattanLength() >= 6
        if not moved:
            self.click_card(cid)
            return
        crib = self._places.get("crib")
        play = self._places.get("play")
        legal = self.table.legal()
        if legal and isinstance(legal[0], LayOut) and crib is not None and \
                crib.adjusted(-30, -30, 30, 30).contains(scene_pos):
            if cid not in self.selected:
                self.selected.append(cid)
            need = len(legal[0].cards)
            if len(self.selected) > need:
                self.selected = self.selected[-need:]
            if len(self.selected) == need:
                self._lay_out_selected()
                return
            self.table.sync(animate=True)
            return
        hand = self._places.get("hand")
        if play is not None and (play.adjusted(-30, -30, 30, 30).contains(scene_pos)
                                 or (hand is not None and scene_pos.y() < hand.top() - 20)):
            self.play_card(cid)
            return
        self.table.sync(animate=True)

    def double_click(self, scene_pos: QPointF) -> None:
        cid = self.layer.card_at(scene_pos, among=self._hand_pos)
        if cid is not None:
            self.click_card(cid)

    def cancel_drag(self) -> None:
        if self._drag is not None and self._drag[0] == "peg":
            self.board.drag_to = None
            self.board.update()
        self._drag = None

    def _panel_click(self, scene_pos: QPointF) -> None:
        local = self.show_panel.mapFromScene(scene_pos)
        size = self._size()
        from PySide6.QtGui import QFontMetricsF
        f = QFont("DejaVu Serif")
        f.setPixelSize(size)
        line_h = QFontMetricsF(f).height()
        row = int((local.y() - 8) // line_h)
        for line, k in self._panel_rows:
            if line == row:
                self._show_pick = k
                self._item = -1
                self._sync_show(self.view())
                return
        self._next_item()

    def click_card(self, cid: int) -> None:
        legal = self.table.legal()
        if not legal or not self.table.human_to_move:
            self.play_card(cid)         # the table says whose turn it is
            return
        if isinstance(legal[0], LayOut):
            need = len(legal[0].cards)
            if cid in self.selected:
                self.selected.remove(cid)
            else:
                self.selected.append(cid)
                if len(self.selected) > need:
                    self.selected.pop(0)
            self.table.sync(animate=True)
            self.table.refresh_prompt()
            return
        self.play_card(cid)

    def play_card(self, cid: int) -> None:
        face = self._face(self.view(), cid)
        if face is not None:
            self.table.play(Play(face))
        self.table.sync(animate=True)

    def _lay_out_selected(self) -> None:
        view = self.view()
        faces = tuple(sorted(f for f in (self._face(view, i) for i in self.selected) if f))
        self.selected = []
        self.table.play(LayOut(faces))
        self.table.sync(animate=True)

    def activate(self, action: Any) -> None:
        if action == "less":
            self.claim = max(0, self.claim - 1)
            self._sync_buttons(self.view())
            return
        if action == "more":
            self.claim = min(29, self.claim + 1)
            self._sync_buttons(self.view())
            return
        if isinstance(action, LayOut):
            self._lay_out_selected()
            return
        if action == "peg":
            action = Count(self.claim)
        if self.table.play(action) and isinstance(action, Count):
            self.claim = 0
        self.table.sync(animate=True)

    def hand_ids(self) -> list[int]:
        return sorted(self._hand_pos, key=lambda i: self._hand_pos[i].x())

    def key(self, name: str) -> bool:
        view = self.view()
        if name in ("up", "down") and self._may_peg():
            self.claim = max(0, min(29, self.claim + (1 if name == "up" else -1)))
            self._sync_buttons(view)
            self.table.refresh_prompt()
            return True
        ids = self.hand_ids()
        legal = self.table.legal() if self.table.human_to_move else ()
        card_phase = bool(legal) and isinstance(legal[0], (LayOut, Play))
        if name in ("left", "right") and ids and card_phase:
            self.focus = (self.focus + (1 if name == "right" else -1)) % len(ids)
            self.show_keyboard_state()
            return True
        if name == "enter" and ids and card_phase:
            self.click_card(ids[self.focus % len(ids)])
            return True
        if name == "escape" and Pass() in legal:
            self.activate(Pass())
            return True
        if name == "escape" and self.selected:
            self.selected = []                        # put the chosen cards back
            self.table.sync(animate=True)
            self.table.refresh_prompt()
            return True
        if name in ("space", "enter") and self.buttons:
            # the first real button: lay out, go, count/peg, muggins
            for b in self.buttons:
                if b.action not in ("less", "more"):
                    self.activate(b.action)
                    return True
        return False

    def show_keyboard_state(self) -> None:
        ids = self.hand_ids()
        legal = self.table.legal() if self.table.human_to_move else ()
        keyboard = bool(legal) and isinstance(legal[0], (LayOut, Play)) and ids
        hint_faces: set[Card] = set()
        if isinstance(self._hint, Play):
            hint_faces = {self._hint.card}
        elif isinstance(self._hint, LayOut):
            hint_faces = set(self._hint.cards)
        view = self.view()
        for k, cid in enumerate(ids):
            item = self.layer.cards.get(cid)
            if item is None:
                continue
            focused = bool(keyboard) and ids[self.focus % len(ids)] == cid
            if focused:
                item.set_glow(HIGHLIGHT)
            elif self._face(view, cid) in hint_faces:
                item.set_glow(HINT)
            elif view.phase in ("discard", "play"):
                item.set_glow(None)

    def show_hint(self, action: Any) -> None:
        self._hint = action
        self._sync_buttons(self.view())
        self.show_keyboard_state()

    def clear_hint(self) -> None:
        self._hint = None
        self._sync_buttons(self.view())
        self.show_keyboard_state()

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """A card laid out: the cards and the crib; a card played: the card and the play; a
        call: its button; a count with muggins: your pegs and the hole."""
        view = self.view()
        if isinstance(action, LayOut):
            ids = [i for i in self._hand_pos if self._face(view, i) in action.cards]
            return self.layer.rect_of(ids), self._places.get("crib")
        if isinstance(action, Play):
            ids = [i for i in self._hand_pos if self._face(view, i) == action.card]
            return self.layer.rect_of(ids), self._places.get("play")
        if isinstance(action, Count) and view.muggins:
            side = side_of(FORMS[view.form], self.me)
            to = self.board.peg_point(side, view.scores[side] + action.points)
            return self.board.peg_rect(side, "back"), QRectF(to.x() - 8, to.y() - 8, 16, 16)
        for b in self.buttons:
            if b.action == action:
                return b.sceneBoundingRect(), None
        return None, None

    def prompt(self) -> str:
        if not self.table.human_to_move:
            return ""
        view = self.view()
        legal = self.table.legal()
        if not legal:
            return ""
        first = legal[0]
        if isinstance(first, LayOut):
            need = len(first.cards)
            whose = "your" if view.dealer == self.me else f"{self.game.seat_name(view.dealer)}'s"
            chosen = len(self.selected)
            return (f"Lay out {need} card{'s' if need > 1 else ''} to {whose} crib: click "
                    f"{'them' if need > 1 else 'it'} ({chosen} chosen), then Lay out — or drag to the crib")
        if isinstance(first, Go):
            return f"No card of yours will go under 31 (count {view.count}): say Go (Space)"
        if isinstance(first, Play):
            return f"Play a card: click it or drag it to the middle (count {view.count})"
        if isinstance(first, Count):
            what = "crib" if view.show_no >= len(view.hands) else "hand"
            if view.muggins:
                return (f"Peg your {what}: drag your back peg to the hole you claim, or choose the "
                        f"number (Up/Down) and Peg — overlook a point and it may be mugged")
            return f"Count your {what}: press Count (Space)"
        if isinstance(first, Muggins):
            show = view.shows[-1]
            return (f"{self.name(show.owner)} pegged {show.claimed} for a {show.title[4:]} worth "
                    f"{show.value}: call Muggins for the {show.value - show.claimed} missed "
                    "(Enter), or Pass (Escape)")
        return ""

    # -- deals set up by hand ----------------------------------------------------------------------
    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        return [("Set up a deal…", None, self.set_up_deal),
                ("Copy this deal as text", None, self.copy_deal)]

    def deal_text(self) -> str | None:
        session = self.table.session
        try:
            return str(self.game.hand_text(session.state)) if session is not None else None
        except ValueError:
            return None

    def set_up_deal(self) -> bool:
        """The deal as text (the hands as dealt, the starter), edited and started: the trick
        games' deal editor lays out tricks' places, so Cribbage gives its few lines to edit."""
        from PySide6.QtWidgets import QInputDialog

        from ..deal_editor import start_deal
        text, ok = QInputDialog.getMultiLineText(
            self.table, "Set up a deal — Cribbage",
            "One line a seat (South: 5C 5D 5H JS 2C), the dealer, the starter; "
            "at three, the crib's card:", self.deal_text() or "dealer: South\nSouth: \nWest: \nstarter: \n")
        return bool(ok) and start_deal(self.table, text)

    def copy_deal(self) -> str:
        from PySide6.QtGui import QGuiApplication
        text = self.deal_text()
        if text is None:
            self.table.say("Nothing was copied: no cards have been dealt yet.", "")
            return ""
        QGuiApplication.clipboard().setText(text)
        self.table.say("The deal's hands are copied as text: “Set up a deal…” reads them back.", "")
        return text

    def status_parts(self) -> list[str]:
        view = self.view()
        form = FORMS[view.form]
        scores = ", ".join(f"{self.side_name(view, s)} {view.scores[s]}" for s in range(form.sides))
        return [f"Deal {view.deal_no}", scores, f"{form.mark} up"]

    def end_texts(self, outcome: Outcome) -> tuple[str, str]:
        won = outcome.results[self.me] > 0 if self.me < len(outcome.results) else False
        title = "You win!" if won else "The game is lost"
        if not self.one_person():
            view = self.view()
            title = f"{self.side_name(view, view.winner or 0)} win{'s' if FORMS[view.form].players != 4 else ''}"
        scores = ", ".join(str(v) for v in outcome.scores)
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + f" (scores {scores})."


__all__ = ["CribbageBoard", "CribbageController", "INK"]
