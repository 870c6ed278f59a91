"""The card table of the trick-taking games, for two to eight seats.

Your hand is fanned face up along the bottom, sorted by suit, the cards you may play lifted a
little; the other players sit round an oval with their hands face down (face up when the rules
expose them), their names, the dealer's mark and the tricks they have taken.  The trick is played
in the middle, the turn-up lies by the dealer (or on the stock), calls are made with buttons laid
on the cloth, and a score panel in the corner keeps the sheet as a player of the period would.
A game with many calls of a number of tricks in a suit (Auction Bridge, Five Hundred) gets a
bidding box instead: a grid of levels by strains in the middle of the cloth, the calls you may make
now lit and the others dimmed, with the other calls (pass, double) in a row beneath.

Play a card by clicking it, double-clicking it or dragging it to the middle; choose with the arrow
keys and Enter.  The rules decide: a card the law forbids is refused in the status bar with the
law cited (``table.play`` does that from the engine's ``IllegalAction``).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import (QAbstractAnimation, QParallelAnimationGroup, QPointF, QRectF,
                            QSequentialAnimationGroup, Qt)
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...core.cards import Card, Suit
from ...games.tricks.engine import Call, Discard, Play, TricksView, WHIST_POWER, active_slot
from .card_renderer import aspect
from .controller import TableController
from .items import HIGHLIGHT, HINT, CardItem
from .motion import DEAL_MS, MOVE_MS, flight

if TYPE_CHECKING:
    from ...core.game import Outcome

LIFT = 0.2                       # how far a playable card rises, in card widths
DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)   # colours alternate
INK = QColor(245, 236, 210)
GOLD = QColor(212, 175, 55)


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
            path = QPainterPath()
            path.addRoundedRect(self._rect, 8, 8)
            painter.fillPath(path, QColor(14, 34, 22, 200))
            painter.setPen(QPen(GOLD if self.lit else QColor(212, 175, 55, 110), 2 if self.lit else 1))
            painter.drawPath(path)
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
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.addRoundedRect(self._rect, 7, 7)
        painter.fillPath(path, self.ground())
        painter.setPen(self.edge())
        painter.drawPath(path)
        painter.setFont(self.font())
        painter.setPen(QColor(40, 30, 20))
        painter.drawText(self._rect, int(Qt.AlignmentFlag.AlignCenter), self.label)


RED_STRAINS = (Suit.HEARTS.symbol, Suit.DIAMONDS.symbol)
BOX_MIN_CELLS = 12          # a game whose calls make a bigger grid than this gets the bidding box


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
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.addRoundedRect(self._rect, 9, 9)
        painter.fillPath(path, QColor(14, 34, 22, 190))
        painter.setPen(QPen(QColor(212, 175, 55, 120), 1))
        painter.drawPath(path)


def hand_order(card: Card, trump: Suit | None, game: Any = None, pub: Any = None) -> tuple[int, int]:
    """Your hand as a player sorts it: suit by suit, colours alternating, trumps on the right, in
    the order the cards rank in play where the game is given (Five Hundred's left bower among the
    trumps, a joker belonging to no suit at the far right; Scotch Whist's knave of trumps on top)."""
    suits = [s for s in DISPLAY_SUITS if s != trump] + ([trump] if trump is not None else [])
    if game is None or pub is None:
        return (suits.index(card.suit) if card.suit in suits else 9, WHIST_POWER.get(card.rank, 0))
    suit = game.effective_suit(pub, card)
    if suit is None:           # a joker out of any suit: on the far right
        return (9, 0)
    return (suits.index(suit) if suit in suits else 9, game.power(pub, card))


class TricksController(TableController):
    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.cards: dict[int, CardItem] = {}
        self.unit = 80.0
        self.small = 48.0
        self.width = self.height = 0.0
        self.centre = QPointF()
        self.names: dict[int, TextPanel] = {}
        self.score = TextPanel(size=13)
        self.info = TextPanel(size=13)
        self.buttons: list[CallButton] = []    # the calls you may make now, in the game's order
        self.dimmed: list[BoxCell] = []        # the bidding box's cells you may not call now
        self.frame = BoxFrame()
        self._box_shape: tuple[int, int] | None = None    # rows and columns of the bidding box
        self.focus = 0                   # keyboard focus: index into the current choices
        self.show_last = False           # the last trick is turned up for a look
        self.drag: tuple[int, QPointF, QPointF] | None = None   # card id, press point, card origin
        self._press_pos: QPointF | None = None
        self._anim: QParallelAnimationGroup | None = None
        self._hint: Any = None
        self._hand_pos: dict[int, QPointF] = {}
        self._controlled: set[int] = set()   # ids of an exposed hand you play for (the dummy)
        self._played_for: set[int] = set()   # ... clickable also out of its turn, to hear why not
        self._open_top: dict[int, float] = {}  # seat -> left edge of its open hand across the top
        self._last_deal = 0
        self._dealing: QParallelAnimationGroup | None = None   # the deal flying out

    # -- structure --------------------------------------------------------------------------------
    def build(self) -> None:
        scene = self.table.scene()
        scene.addItem(self.score)
        scene.addItem(self.info)
        scene.addItem(self.frame)
        self.frame.hide()

    def teardown(self) -> None:
        if self._dealing is not None:
            self._dealing.stop()
            self._dealing = None
        scene = self.table.scene()
        for item in [*self.cards.values(), *self.names.values(), *self.buttons, *self.dimmed,
                     self.score, self.info, self.frame]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.cards.clear()
        self.names.clear()
        self.buttons.clear()
        self.dimmed.clear()
        self._box_shape = None

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.unit = max(36.0, min(width / 10.5, height / 6.0))
        self.small = self.unit * 0.68
        self.centre = QPointF(width * 0.5, height * 0.42)

    def view(self) -> TricksView:
        return self.table.current_view()

    @property
    def me(self) -> int:
        return self.table.viewer_seat

    def seat_anchor(self, seat: int, n: int) -> QPointF:
        """Where a player sits: you at the bottom, the others round an oval, left to right."""
        k = (seat - self.me) % n
        if k == 0:
            return QPointF(self.width * 0.5, self.height - self.unit * aspect * 0.5 - 12)
        theta = math.radians(90.0 if n == 2 else 180.0 - 180.0 * (k - 1) / (n - 2))
        rx, ry = self.width * 0.37, self.height * 0.31
        return QPointF(self.centre.x() + rx * math.cos(theta), self.centre.y() - ry * math.sin(theta) - 8)

    # -- drawing ------------------------------------------------------------------------------------
    def sync(self, animate: bool) -> None:
        view = self.view()
        pub = view.pub
        if self._dealing is not None:
            if self._dealing.state() == QAbstractAnimation.State.Running and pub.deal_no == self._last_deal:
                # the cards are still being dealt: they settle when the deal is out
                self._sync_panels(view)
                self._sync_buttons(view)
                return
            self._dealing.stop()
            self._dealing = None
        self._sync_corners(view)         # first: an open hand across the top keeps clear of them
        placed = self.positions(view)
        dpr = self.table.devicePixelRatioF()
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        group = QParallelAnimationGroup(self.table)
        moving = animate and self.table.animations_on and pub.deal_no == self._last_deal
        new_deal = (animate and self.table.animations_on and 0 < self._last_deal < pub.deal_no
                    and bool(pub.hands))
        self._last_deal = pub.deal_no
        for cid, (pos, z, face, width) in placed.items():
            item = self.cards.get(cid)
            if item is None:
                item = CardItem(cid, width, dpr)
                self.table.scene().addItem(item)
                item.setPos(pos)
                self.cards[cid] = item
            item.set_size(width, dpr)
            item.set_face(face)
            item.set_glow(HINT if self._hint is not None and self._hint_card(cid) else None)
            item.setZValue(z)
            item.show()
            if moving and (item.pos() - pos).manhattanLength() > 0.5:
                item.setZValue(10_000 + z)
                anim = flight(item, item.pos(), pos)
                anim.finished.connect(lambda item=item, z=z: item.setZValue(z))
                group.addAnimation(anim)
            else:
                item.setPos(pos)
        for cid, item in self.cards.items():
            if cid not in placed:
                item.hide()
        if group.animationCount():
            self._anim = group
            group.start()
        if new_deal:
            self.fly_deal(view, placed)
        self._sync_panels(view)
        self._sync_buttons(view)
        self.show_keyboard_state()

    def intro(self) -> None:
        """A new game: the first deal flies out."""
        self.sync(animate=False)
        if self.table.animations_on:
            self.fly_deal(self.view(), self.positions(self.view()))

    def fly_deal(self, view: TricksView, placed: dict[int, tuple[QPointF, float, Card | None, float]]) -> None:
        """The deal: the cards leave the dealer's place one after another, in the order the game
        deals them (a card's id is its place in the pack dealt), to the hands, the turn-up and the
        widow or talon, about 1.5 s in all.  A long stock is the undealt rest of the pack: it
        stays where it lies."""
        pub = view.pub
        dealer = self.seat_anchor(pub.dealer, pub.n)
        start = dealer - QPointF(self.small / 2, self.small * aspect / 2)
        rest = set(pub.stock) if len(pub.stock) > 8 else set()
        movers = [cid for cid in sorted(placed) if cid not in rest and cid in self.cards]
        if not movers:
            return
        group = QParallelAnimationGroup(self.table)
        step = (DEAL_MS - MOVE_MS) / max(1, len(movers))
        for k, cid in enumerate(movers):
            item = self.cards[cid]
            pos, z, face, _ = placed[cid]
            item.setPos(start)
            item.setZValue(60_000 - k)       # the next card to go lies on top of the pack
            item.set_face(None)              # face down in the pack; turned as it is dealt
            seq = QSequentialAnimationGroup()
            seq.addPause(int(k * step))
            anim = flight(item, start, pos)
            anim.stateChanged.connect(lambda new, old, item=item, face=face: item.set_face(face)
                                      if new == QAbstractAnimation.State.Running else None)
            anim.finished.connect(lambda item=item, z=z: item.setZValue(z))
            seq.addAnimation(anim)
            group.addAnimation(seq)
        group.finished.connect(self._deal_out)
        self._dealing = group
        group.start()

    def _deal_out(self) -> None:
        self._dealing = None
        self.table.sync(animate=True)      # anything said or played meanwhile falls into place

    def _hint_card(self, cid: int) -> bool:
        hint = self._hint
        face = self.view().face(cid)
        return isinstance(hint, (Play, Discard)) and face == hint.card

    def positions(self, view: TricksView) -> dict[int, tuple[QPointF, float, Card | None, float]]:
        """Every card's place: (top-left point, z, face shown, width)."""
        pub = view.pub
        n = pub.n
        u, s = self.unit, self.small
        out: dict[int, tuple[QPointF, float, Card | None, float]] = {}
        legal_cards = {a.card for a in self.table.legal() if isinstance(a, (Play, Discard))}
        self._hand_pos = {}
        self._controlled = set()
        self._played_for = set()
        self._open_top = {}
        # -- your hand
        slot = active_slot(pub, self.me)
        mine = [view.cards[i] for i in pub.hands[slot]] if slot is not None else []
        mine.sort(key=lambda c: hand_order(c.face, pub.trump, self.game, pub) if c.face is not None else (9, c.id))
        anchor = self.seat_anchor(self.me, n)
        # a generous fan where the table is wide (every index and some of each face shows)
        span = min(self.width * 0.86, u * (0.62 * max(0, len(mine) - 1)) + u)
        playable = [c for c in mine if c.face is not None and c.face in legal_cards]
        lift_some = 0 < len(playable) < len(mine)
        step = (span - u) / max(1, len(mine) - 1) if len(mine) > 1 else 0
        x0 = anchor.x() - span / 2
        for k, vc in enumerate(mine):
            lift = LIFT * u if lift_some and vc.face in legal_cards else 0.0
            pos = QPointF(x0 + k * step, anchor.y() - u * aspect / 2 - lift)
            out[vc.id] = (pos, 100 + k, vc.face, u)
            self._hand_pos[vc.id] = pos
        # -- the others' hands, your later hands, and every seat's tricks and discards
        for seat in range(n):
            a = self.seat_anchor(seat, n)
            if seat != self.me:
                slot = active_slot(pub, seat)
                ids = list(pub.hands[slot]) if slot is not None else []
                # A hand you play for lies open before you as soon as your view shows it, even
                # before it is exposed to the table (the dummy while Dummy Quinto doubles).
                yours = self.plays_for(pub, seat)
                exposed = seat in pub.exposed or (yours and bool(ids) and
                                                  all(view.cards[i].face is not None for i in ids))
                width = u * 0.8 if exposed else s
                fan = width * (0.42 if exposed else 0.18)
                if exposed:
                    ids.sort(key=lambda i: hand_order(view.cards[i].face, pub.trump, self.game, pub)
                             if view.cards[i].face is not None else (9, i))
                # An exposed hand you play for (the dummy at Auction Bridge): its cards answer
                # clicks and the keyboard like your own, the playable ones lifted.  Out of its
                # turn they still answer a click, so that the table can say why not.
                controlled = exposed and any(view.cards[i].face in legal_cards for i in ids)
                clickable = controlled or (exposed and yours)
                total = width + fan * max(0, len(ids) - 1)
                left = min(max(8.0, a.x() - total / 2), self.width - total - 8)
                # A hand lying open at the side of the table is laid in rows by suit, like a
                # bridge diagram, so that it stays clear of the trick.
                side_rows = exposed and len(ids) > 4 and abs(a.x() - self.centre.x()) > self.width * 0.2
                if side_rows:
                    width = u * 0.62
                    suits: list[list[int]] = []
                    for i in ids:
                        f = view.cards[i].face
                        if suits and f is not None and view.cards[suits[-1][0]].face is not None \
                                and view.cards[suits[-1][0]].face.suit == f.suit:
                            suits[-1].append(i)
                        else:
                            suits.append([i])
                    step_x, step_y = width * 0.3, width * aspect * 0.34
                    longest = max(len(r) for r in suits)
                    block_w = width + step_x * (longest - 1)
                    block_h = width * aspect + step_y * (len(suits) - 1)
                    left = min(max(8.0, a.x() - block_w / 2), self.width - block_w - 8)
                    top = a.y() + s * aspect / 2 - block_h
                    for r, row in enumerate(suits):
                        for k, i in enumerate(row):
                            out[i] = (QPointF(left + k * step_x, top + r * step_y), 50 + r * 20 + k,
                                      view.cards[i].face, width)
                            if clickable:
                                self._hand_pos[i] = out[i][0]
                                (self._controlled if controlled else self._played_for).add(i)
                # The open hand you play for sits across the table: lift its playable cards
                # towards the middle, where there is room.
                toward = 1.0 if a.y() < self.centre.y() else -1.0
                if exposed and not side_rows and toward > 0 and len(ids) > 1:
                    # Across the top it keeps clear of the corner panels, closing its fan as far
                    # as the cards' indices allow.
                    lo = (self.info.sceneBoundingRect().right() if self.info.isVisible() else 0.0) + 8
                    hi = (self.score.sceneBoundingRect().left() if self.score.lines else self.width) - 8
                    if total > hi - lo:
                        fan = max(width * 0.24, (hi - lo - width) / (len(ids) - 1))
                        total = width + fan * (len(ids) - 1)
                    left = max(lo, min(a.x() - total / 2, hi - total))
                    self._open_top[seat] = left
                for k, i in enumerate([] if side_rows else ids):
                    face = view.cards[i].face if exposed else None
                    rise = LIFT * width * toward if controlled and face in legal_cards else 0.0
                    out[i] = (QPointF(left + k * fan, a.y() - width * aspect / 2 + rise), 50 + k, face, width)
                    if clickable:
                        self._hand_pos[i] = out[i][0]
                        (self._controlled if controlled else self._played_for).add(i)
            # hands not yet taken up (Scotch Whist for two or three): squared beside the seat
            later = [k for k, o in enumerate(pub.owners) if o == seat and pub.hand_sets[k] > pub.current_set]
            for j, k in enumerate(later):
                for m, i in enumerate(pub.hands[k]):
                    face = None
                    if i == pub.turnup and pub.turnup_on_table:
                        continue
                    base = QPointF(min(a.x() + s * 1.9 + j * s * 0.45, self.width - s - 12),
                                   a.y() - s * aspect / 2)
                    if seat == self.me:
                        base = QPointF(a.x() + self.width * 0.33 + j * s * 0.5, a.y() - s * aspect / 2)
                    out[i] = (base + QPointF(m * 0.6, -m * 0.6), 20 + m, face, s)
            # tricks taken: face down in a small pile in front of the seat
            won = [t for t in pub.tricks if t.winner == seat]
            pile = self.trick_pile(seat, n)
            for j, t in enumerate(won):
                for m, (_, i) in enumerate(t.plays):
                    out[i] = (pile + QPointF(j * s * 0.22, 0), 10 + j * 8 + m, None, s)
            for m, i in enumerate(pub.discards[seat] if pub.discards else ()):
                face = view.cards[i].face if seat == self.me else None
                out[i] = (pile + QPointF(-s * 1.3 - m * 0.8, m * 0.8), 5 + m, None if face is None else None, s)
        # -- the last trick turned up for a look: over the winner's pile
        if self.show_last and pub.tricks:
            last = pub.tricks[-1]
            for m, (seat, i) in enumerate(last.plays):
                out[i] = (self.trick_spot(seat, n, spread=0.55), 30_000 + m, view.cards[i].face, u * 0.8)
        # -- the trick in the middle
        for m, (seat, i) in enumerate(pub.trick):
            out[i] = (self.trick_spot(seat, n), 20_000 + m, view.cards[i].face, u)
        # -- the stock, the turn-up and cards shown and laid aside
        stock_at = QPointF(12 + s * 0.1, 96)
        for m, i in enumerate(pub.stock):
            out[i] = (stock_at + QPointF(m * 0.25, -m * 0.25), 1 + m * 0.01, None, s)
        if pub.turnup is not None and pub.turnup_on_table:
            if pub.stock or self.game.info.id.startswith("all_fours"):
                spot = stock_at + QPointF(s * 0.45, s * 0.35)
            else:
                d = self.seat_anchor(pub.dealer, n)
                toward = self.centre - d
                length = max(1.0, math.hypot(toward.x(), toward.y()))
                spot = d + toward * (min(length * 0.45, u * 1.7) / length) - QPointF(s / 2, s * aspect / 2)
            out[pub.turnup] = (spot, 900, view.cards[pub.turnup].face, s)
        for m, i in enumerate(pub.shown):
            out[i] = (stock_at + QPointF(s * 1.3 + m * s * 0.3, 0), 3 + m, view.cards[i].face, s)
        return out

    def plays_for(self, pub: Any, seat: int) -> bool:
        """Do you play ``seat``'s cards besides your own (the dummy, for Auction Bridge's
        declarer and Dummy Quinto's dummy-player)?  The game says so through its optional
        ``controller(state, seat)``: who acts for a seat."""
        hook = getattr(self.game, "controller", None)
        return seat != self.me and hook is not None and hook(pub, seat) == self.me

    def trick_spot(self, seat: int, n: int, spread: float = 1.0) -> QPointF:
        """Where ``seat``'s card lies in the trick: pushed from the centre towards him."""
        a = self.seat_anchor(seat, n)
        d = a - self.centre
        length = max(1.0, math.hypot(d.x(), d.y()))
        reach = self.unit * 0.85 * spread
        p = self.centre + d * (reach / length)
        return QPointF(p.x() - self.unit / 2, p.y() - self.unit * aspect / 2)

    def trick_pile(self, seat: int, n: int) -> QPointF:
        a = self.seat_anchor(seat, n)
        if seat == self.me:
            return QPointF(a.x() + self.width * 0.33, a.y() - self.small * aspect * 0.2)
        d = self.centre - a
        length = max(1.0, math.hypot(d.x(), d.y()))
        p = a + d * (self.small * 1.5 / length)
        return QPointF(p.x() + self.small * 0.9, p.y() - self.small * aspect * 0.2)

    # -- panels ---------------------------------------------------------------------------------------
    def seat_title(self, seat: int, n: int) -> str:
        name = "You" if seat == self.me else self.game.seat_name(seat, n)
        return name

    def _sync_panels(self, view: TricksView) -> None:
        pub = view.pub
        n = pub.n
        scene = self.table.scene()
        size = max(11, min(15, int(self.unit * 0.17)))
        for seat in range(n):
            panel = self.names.get(seat)
            if panel is None:
                panel = TextPanel(size=size)
                scene.addItem(panel)
                self.names[seat] = panel
            taken = sum(1 for t in pub.tricks if t.winner == seat)
            lines = [self.seat_title(seat, n) + ("  · dealer" if seat == pub.dealer and pub.deal_no else "")]
            said = [w for s, w in pub.calls if s == seat]
            if said:
                lines.append("said: " + self.said_label(said[-1], own=seat == self.me))
            if pub.phase == "play" or pub.tricks:
                lines.append(f"{taken} trick{'s' if taken != 1 else ''}")
            panel.set_lines(lines, size)
            panel.set_lit(pub.turn == seat)
            a = self.seat_anchor(seat, n)
            box = panel.boundingRect()
            beside = self._open_top.get(seat, 0.0) - box.width() - 8
            if seat == self.me:
                panel.setPos(QPointF(8, a.y() - self.unit * aspect * 0.5 - panel.boundingRect().height() - 8))
            elif seat in self._open_top and beside >= 20 + self.small * 1.1:    # clear of the stock
                # beside an open hand across the top, not over its lifted cards and its trick
                below = self.info.sceneBoundingRect().bottom() + 6 if self.info.isVisible() else 8.0
                panel.setPos(QPointF(beside, max(below, a.y() - box.height() / 2)))
            else:
                panel.setPos(QPointF(a.x() - panel.boundingRect().width() / 2,
                                     a.y() + self.small * aspect / 2 + 4))
        for seat in list(self.names):
            if seat >= n:
                scene.removeItem(self.names.pop(seat))
        self._sync_corners(view)

    def _sync_corners(self, view: TricksView) -> None:
        """The score panel (top right) and the information panel (top left)."""
        size = max(11, min(15, int(self.unit * 0.17)))
        self.score.set_lines(self.score_lines(view), size)
        self.score.setPos(QPointF(self.width - self.score.boundingRect().width() - 10, 10))
        self.info.set_lines(self.info_lines(view), size)
        self.info.setPos(QPointF(10, 10))
        self.info.setVisible(bool(self.info.lines))

    def said_label(self, word: str, own: bool = True) -> str:
        """A seat's last call in the game's own words ("2 NT", "7 ♥ · 200", "Joker as ♥ hearts"):
        the record keeps the call's notation ("2nt", "joker H"), read back into a call here.  A
        note that is no call ("revoke: the hand is played again") falls through as it was said.
        Some games note a card put out among the calls ("discard 9C" at Piquet and All Fours):
        another seat's is told without its face, which is hidden."""
        if word.startswith("discard ") and not own:
            return "Put out a card"
        head, _, tail = word.rpartition(" ")
        suit = next((x for x in Suit if x.letter == tail), None) if head else None
        call = Call(head, suit) if suit is not None else Call(word)
        try:
            label = self.game.call_label(call)
        except (ValueError, KeyError):
            label = word
        if label.lower() == word.replace("-", " ").lower():
            label = word.replace("-", " ")        # the game's words as they were, capitals kept
        return label[:1].upper() + label[1:]

    def side_name(self, view: TricksView, side: tuple[int, ...]) -> str:
        n = view.pub.n
        return "–".join(self.seat_title(s, n) for s in side)

    def score_lines(self, view: TricksView) -> list[str]:
        own = getattr(self.game, "sheet_lines", None)    # a game with its own sheet (Auction Bridge)
        if own is not None:
            return own(view, lambda seat: self.seat_title(seat, view.pub.n))
        pub = view.pub
        opts = dict(pub.opts)
        sides = self.game.sides(opts)
        kind = self.game.score_unit
        lines = [f"{kind} · deal {pub.deal_no}"]
        for i, side in enumerate(sides):
            lines.append(f"{self.side_name(view, side):<14} {pub.sheet.totals[i]:>4}")
        if pub.pool:
            lines.append(f"Pool {pub.pool}")
        recent = pub.sheet.lines_of_deal(pub.deal_no) or pub.sheet.lines_of_deal(pub.deal_no - 1)
        seen: list[str] = []
        for line in recent:
            if line.text not in seen:
                seen.append(line.text)
        for text in seen[-5:]:
            lines.append(text if len(text) < 46 else text[:44] + "…")
        return lines

    def info_lines(self, view: TricksView) -> list[str]:
        pub = view.pub
        lines = []
        if pub.trump is not None:
            lines.append(f"Trumps {pub.trump.symbol} {pub.trump.title}")
        elif pub.phase == "play":
            lines.append("No trumps")
        contract = pub.contract
        if contract is not None:
            label = getattr(contract, "kind", None) or getattr(contract, "call", "")
            who = getattr(contract, "caller", None)
            if who is not None:
                lines.append(f"{self.seat_title(who, pub.n)}: {str(label).replace('-', ' ')}")
        notes = getattr(self.game, "table_notes", None)   # a game's own facts (Boston's preference)
        if notes is not None:
            lines.extend(notes(view))
        if pub.tricks:
            lines.append("L shows the last trick")
        return lines

    # -- the calling box ------------------------------------------------------------------------------
    def call_grid(self, view: TricksView, calls: list[Call]
                  ) -> tuple[tuple[str, ...], tuple[str, ...], dict[tuple[int, int], Call]] | None:
        """The game's bidding box for these calls (its optional ``call_grid`` hook: row labels,
        column labels, every cell's call), when it is big enough to need one."""
        hook = getattr(self.game, "call_grid", None)
        if hook is None or not calls:
            return None
        grid = hook(view, calls)
        if grid is None or len(grid[2]) <= BOX_MIN_CELLS:
            return None
        return grid

    def _sync_buttons(self, view: TricksView) -> None:
        scene = self.table.scene()
        calls = [a for a in self.table.legal() if isinstance(a, Call)]
        grid = self.call_grid(view, calls)
        shape = None if grid is None else (len(grid[0]), len(grid[1]))
        if [b.action for b in self.buttons] != calls or shape != self._box_shape:
            for b in [*self.buttons, *self.dimmed]:
                scene.removeItem(b)
            size = max(12, min(16, int(self.unit * 0.18)))
            self.dimmed = []
            self._box_shape = shape
            if grid is None:
                self.buttons = [CallButton(a, self.game.call_label(a), size) for a in calls]
            else:
                levels, strains, cells = grid
                where = {a: rc for rc, a in cells.items()}
                self.buttons = [BoxCell(a, self.game.call_label(a), levels[where[a][0]], strains[where[a][1]],
                                        True, size) if a in where else CallButton(a, self.game.call_label(a), size)
                                for a in calls]
                legal = set(calls)
                self.dimmed = [BoxCell(a, self.game.call_label(a), levels[r], strains[c], False, size)
                               for (r, c), a in sorted(cells.items()) if a not in legal]
            for b in [*self.buttons, *self.dimmed]:
                scene.addItem(b)
            self.focus = 0
        self.frame.setVisible(grid is not None)
        if grid is not None:
            self._lay_box(view)
            return
        if not self.buttons:
            return
        gap = 8.0
        room = self.width - 24
        rows: list[list[CallButton]] = [[]]
        used = 0.0
        for b in self.buttons:
            w = b.boundingRect().width()
            if rows[-1] and used + gap + w > room:
                rows.append([])
                used = 0.0
            used += (gap if rows[-1] else 0) + w
            rows[-1].append(b)
        h = self.buttons[0].boundingRect().height() + gap
        y = self.height - self.unit * aspect * 1.35 - h * len(rows) - 6
        for row in rows:
            total = sum(b.boundingRect().width() for b in row) + gap * (len(row) - 1)
            x = self.width / 2 - total / 2
            for b in row:
                b.setPos(QPointF(x, y))
                x += b.boundingRect().width() + gap
            y += h

    def _lay_box(self, view: TricksView) -> None:
        """Lay the bidding box in the middle of the cloth, as large as it can be (text of 16 px
        down to 9) without touching a seat's panel or cards, your hand or the corner panels."""
        assert self._box_shape is not None
        rows, cols = self._box_shape
        cells = [b for b in [*self.buttons, *self.dimmed] if isinstance(b, BoxCell)]
        grid_cell: dict[Any, tuple[int, int]] = {}
        hook = self.call_grid(view, [b.action for b in self.buttons])
        if hook is not None:
            grid_cell = {a: rc for rc, a in hook[2].items()}
        others = [b for b in self.buttons if not isinstance(b, BoxCell)]
        obstacles = self._obstacles(view)
        chosen: tuple[int, float, float, float, float, float] | None = None
        for size in range(16, 8, -1):
            cw = ch = 0.0
            for c in cells:
                w, h = c.needed(size)
                cw, ch = max(cw, w), max(ch, h)
            cw = max(cw, ch * 1.25)
            gap = max(3.0, size * 0.25)
            pad = max(6.0, size * 0.55)
            for b in others:
                b.set_font_size(size, min_width=cw, pad=size * 1.2)
            row_w = sum(b.boundingRect().width() - 6 for b in others) + gap * 2 * max(0, len(others) - 1)
            row_h = max((b.boundingRect().height() - 6 for b in others), default=0.0)
            grid_w, grid_h = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
            width = max(grid_w, row_w) + 2 * pad
            height = grid_h + (gap * 2 + row_h if others else 0.0) + 2 * pad
            top = self._free_top(width, height, obstacles)
            chosen = (size, cw, ch, gap, pad, top if top is not None else -1.0)
            if top is not None:
                break
        assert chosen is not None
        size, cw, ch, gap, pad, top = chosen
        if top < 0:                         # nowhere clear (a tiny window): the middle of the cloth
            top = max(4.0, self.centre.y() - height / 2)
        left = self.width / 2 - width / 2
        self.frame.set_rect(QRectF(left, top, width, height))
        gx = left + (width - grid_w) / 2
        for c in cells:
            c.set_cell(cw, ch, size)
            r, k = grid_cell.get(c.action, (0, 0))
            c.setPos(QPointF(gx + k * (cw + gap), top + pad + r * (ch + gap)))
        x = self.width / 2 - row_w / 2
        for b in others:
            b.setPos(QPointF(x, top + pad + grid_h + gap * 2))
            x += b.boundingRect().width() - 6 + gap * 2

    def _obstacles(self, view: TricksView) -> list[QRectF]:
        """What the bidding box must leave uncovered: every seat's panel and cards, your hand, the
        score and information panels."""
        rects = [p.sceneBoundingRect() for p in self.names.values()]
        rects.append(self.score.sceneBoundingRect())
        if self.info.isVisible():
            rects.append(self.info.sceneBoundingRect())
        for pos, _, _, width in self.positions(view).values():
            rects.append(QRectF(pos.x(), pos.y(), width, width * aspect))
        return rects

    def _free_top(self, width: float, height: float, obstacles: list[QRectF]) -> float | None:
        """The top of a box of this size, centred across the cloth, clear of every obstacle and
        as near the middle as may be; None when no place is clear."""
        left = self.width / 2 - width / 2
        if left < 4:
            return None
        ideal = self.centre.y() - height / 2
        tops = [float(y) for y in range(6, int(self.height - height - 6) + 1, 3)]
        for y in sorted(tops, key=lambda y: abs(y - ideal)):
            rect = QRectF(left - 5, y - 5, width + 10, height + 10)
            if not any(rect.intersects(o) for o in obstacles):
                return y
        return None

    # -- input -------------------------------------------------------------------------------------------
    def card_at(self, pos: QPointF) -> int | None:
        best, z = None, -1.0
        for cid in self._hand_pos:
            item = self.cards.get(cid)
            if item is not None and item.isVisible() and item.sceneBoundingRect().contains(pos) and item.zValue() > z:
                best, z = cid, item.zValue()
        return best

    def button_at(self, pos: QPointF) -> CallButton | None:
        """The call under the pointer; a dimmed cell of the bidding box too, so that the table
        can say why that call may not be made now."""
        for b in [*self.buttons, *self.dimmed]:
            if b.sceneBoundingRect().contains(pos):
                return b
        return None

    def press(self, scene_pos: QPointF) -> None:
        self._press_pos = scene_pos
        b = self.button_at(scene_pos)
        if b is not None:
            self.table.play(b.action)
            self._press_pos = None
            return
        cid = self.card_at(scene_pos)
        if cid is not None:
            self.drag = (cid, scene_pos, self.cards[cid].pos())
            self.cards[cid].setZValue(30_000)

    def move(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        cid, start, origin = self.drag
        self.cards[cid].setPos(origin + (scene_pos - start))

    def release(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        cid, start, origin = self.drag
        self.drag = None
        moved = (scene_pos - start).manhattanLength()
        if moved < 6 or self._in_middle(scene_pos):
            self.play_card(cid)           # a click, or a drop on the trick
        else:
            self.table.sync(animate=True)  # dropped elsewhere: back to the hand

    def _in_middle(self, pos: QPointF) -> bool:
        r = self.unit * 2.2
        return abs(pos.x() - self.centre.x()) < r and abs(pos.y() - self.centre.y()) < r * 0.9

    def double_click(self, scene_pos: QPointF) -> None:
        cid = self.card_at(scene_pos)
        if cid is not None:
            self.play_card(cid)

    def cancel_drag(self) -> None:
        self.drag = None

    def play_card(self, cid: int) -> None:
        view = self.view()
        face = view.face(cid)
        if face is None:
            return
        if view.pub.phase == "discard":
            self.table.play(Discard(face))
        else:
            self.table.play(Play(face))
        self.table.sync(animate=True)

    def choices(self) -> list[Any]:
        """What the keyboard moves between: the call buttons, or the cards of your hand — both
        while cards may still be put out beside a button that ends the exchange (Piquet)."""
        putting_out = any(isinstance(a, Discard) for a in self.table.legal())
        if self.buttons and not putting_out:
            return [b.action for b in self.buttons]
        view = self.view()
        ids = sorted(self._controlled or set(self._hand_pos) - self._played_for,
                     key=lambda i: self._hand_pos[i].x())
        return [i for i in ids if view.face(i) is not None] + [b.action for b in self.buttons]

    def key(self, name: str) -> bool:
        if name == "l" or name == "space":
            self.toggle_last_trick()
            return True
        options = self.choices()
        if not options:
            return False
        if self._box_shape is not None and name in ("left", "right", "up", "down") \
                and options == [b.action for b in self.buttons]:
            self.focus = self._box_step(name)
            self.show_keyboard_state()
            return True
        if name in ("left", "right"):
            self.focus = (self.focus + (1 if name == "right" else -1)) % len(options)
            self.show_keyboard_state()
            return True
        if name == "enter":
            chosen = options[self.focus % len(options)]
            if isinstance(chosen, int):
                self.play_card(chosen)
            else:
                self.table.play(chosen)
            return True
        if name == "escape":
            self.focus = 0
            self.show_keyboard_state()
            return True
        return False

    def _box_step(self, name: str) -> int:
        """The focus moved over the bidding box: left and right along the lit calls in reading
        order (on to the next row at the end of one), up and down to the nearest lit call in the
        nearest row above or below.  Returns the new index into the buttons."""
        buttons = self.buttons
        current = buttons[self.focus % len(buttons)]

        def centre(b: CallButton) -> QPointF:
            return b.sceneBoundingRect().center()

        here = centre(current)
        if name in ("left", "right"):
            order = sorted(buttons, key=lambda b: (round(centre(b).y()), centre(b).x()))
            step = 1 if name == "right" else -1
            return buttons.index(order[(order.index(current) + step) % len(order)])
        sign = 1 if name == "down" else -1
        tol = current.boundingRect().height() / 2
        ahead = [b for b in buttons if sign * (centre(b).y() - here.y()) > tol]
        if not ahead:
            return self.focus % len(buttons)
        nearest = min(abs(centre(b).y() - here.y()) for b in ahead)
        row = [b for b in ahead if abs(centre(b).y() - here.y()) - nearest < tol]
        return buttons.index(min(row, key=lambda b: abs(centre(b).x() - here.x())))

    def show_keyboard_state(self) -> None:
        options = self.choices() if self.table.human_to_move else []
        chosen = options[self.focus % len(options)] if options else None
        for b in self.buttons:
            b.set_focused(chosen is not None and not isinstance(chosen, int) and chosen == b.action)
            b.set_hinted(self._hint is not None and b.action == self._hint)
        for cid in self._hand_pos:
            item = self.cards.get(cid)
            if item is None:
                continue
            focused = isinstance(chosen, int) and chosen == cid
            glow = HIGHLIGHT if focused else (HINT if self._hint is not None and self._hint_card(cid) else None)
            item.set_glow(glow)

    def toggle_last_trick(self) -> None:
        self.show_last = not self.show_last
        if self.show_last and not self.view().pub.tricks:
            self.show_last = False
            self.table.say("No trick has been turned yet this hand.", "")
            return
        self.table.sync(animate=True)

    # -- what the table tells -------------------------------------------------------------------------
    def show_hint(self, action: Any) -> None:
        self._hint = action
        if isinstance(action, Call):
            options = self.choices()
            for k, option in enumerate(options):
                if not isinstance(option, int) and option == action:
                    self.focus = k
        self.table.sync(animate=False)

    def clear_hint(self) -> None:
        self._hint = None
        self.show_keyboard_state()

    def status_parts(self) -> list[str]:
        view = self.view()
        pub = view.pub
        parts = [f"Deal {pub.deal_no}"]
        if pub.trump is not None:
            parts.append(f"trumps {pub.trump.symbol}")
        if self.table.human_to_move:
            parts.append("your call" if pub.phase not in ("play", "discard") else
                         ("put out a card" if pub.phase == "discard" else "your lead" if not pub.trick else "your play"))
            if isinstance(pub.turn, int) and pub.turn != self.me:      # the dummy's turn, yours to play
                parts[-1] += f" for {self.game.seat_name(pub.turn, pub.n)}"
        elif isinstance(pub.turn, int):
            parts.append(f"{self.game.seat_name(pub.turn, pub.n)} to play")
        return parts

    def end_texts(self, outcome: "Outcome") -> tuple[str, str]:
        seat = self.me
        won = seat < len(outcome.results) and outcome.results[seat] > 0
        title = "You win the game!" if won else "The game is over"
        scores = ", ".join(f"{self.seat_title(s, len(outcome.scores))} {v}" for s, v in enumerate(outcome.scores))
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + f".  {scores}."

    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        from ..deal_editor import deal_actions
        return [("Show the last trick", "L", self.toggle_last_trick), *deal_actions(self.table, self.game)]
