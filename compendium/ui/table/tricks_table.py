"""The card table of the trick-taking games, for two to eight seats.

Your hand is fanned face up along the bottom, sorted by suit, the cards you may play lifted a
little; the other players sit round an oval with their hands face down (face up when the rules
expose them), their names, the dealer's mark and the tricks they have taken.  The trick is played
in the middle, the turn-up lies by the dealer (or on the stock), calls are made with buttons laid
on the cloth, and a score panel in the corner keeps the sheet as a player of the period would.

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
        font = self.font()
        w = QFontMetricsF(font).horizontalAdvance(label) + 24
        self._rect = QRectF(0, 0, max(w, 64.0), QFontMetricsF(font).height() + 14)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(45_000)

    def font(self) -> QFont:
        font = QFont("DejaVu Serif")
        font.setPixelSize(self.size)
        font.setBold(True)
        return font

    def set_focused(self, focused: bool) -> None:
        if focused != self.focused:
            self.focused = focused
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.addRoundedRect(self._rect, 7, 7)
        painter.fillPath(path, QColor(246, 238, 214))
        painter.setPen(QPen(HIGHLIGHT if self.focused else QColor(120, 90, 40), 3 if self.focused else 1.5))
        painter.drawPath(path)
        painter.setFont(self.font())
        painter.setPen(QColor(40, 30, 20))
        painter.drawText(self._rect, int(Qt.AlignmentFlag.AlignCenter), self.label)


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
        self.buttons: list[CallButton] = []
        self.focus = 0                   # keyboard focus: index into the current choices
        self.show_last = False           # the last trick is turned up for a look
        self.drag: tuple[int, QPointF, QPointF] | None = None   # card id, press point, card origin
        self._press_pos: QPointF | None = None
        self._anim: QParallelAnimationGroup | None = None
        self._hint: Any = None
        self._hand_pos: dict[int, QPointF] = {}
        self._controlled: set[int] = set()   # ids of an exposed hand you play for (the dummy)
        self._last_deal = 0
        self._dealing: QParallelAnimationGroup | None = None   # the deal flying out

    # -- structure --------------------------------------------------------------------------------
    def build(self) -> None:
        scene = self.table.scene()
        scene.addItem(self.score)
        scene.addItem(self.info)

    def teardown(self) -> None:
        if self._dealing is not None:
            self._dealing.stop()
            self._dealing = None
        scene = self.table.scene()
        for item in [*self.cards.values(), *self.names.values(), *self.buttons, self.score, self.info]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.cards.clear()
        self.names.clear()
        self.buttons.clear()

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
                exposed = seat in pub.exposed
                width = u * 0.8 if exposed else s
                fan = width * (0.42 if exposed else 0.18)
                if exposed:
                    ids.sort(key=lambda i: hand_order(view.cards[i].face, pub.trump, self.game, pub)
                             if view.cards[i].face is not None else (9, i))
                # An exposed hand you play for (the dummy at Auction Bridge): its cards answer
                # clicks and the keyboard like your own, the playable ones lifted.
                controlled = exposed and any(view.cards[i].face in legal_cards for i in ids)
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
                            if controlled:
                                self._hand_pos[i] = out[i][0]
                                self._controlled.add(i)
                # The open hand you play for sits across the table: lift its playable cards
                # towards the middle, where there is room.
                toward = 1.0 if a.y() < self.centre.y() else -1.0
                for k, i in enumerate([] if side_rows else ids):
                    face = view.cards[i].face if exposed else None
                    rise = LIFT * width * toward if controlled and face in legal_cards else 0.0
                    out[i] = (QPointF(left + k * fan, a.y() - width * aspect / 2 + rise), 50 + k, face, width)
                    if controlled:
                        self._hand_pos[i] = out[i][0]
                        self._controlled.add(i)
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
                lines.append("said: " + said[-1])
            if pub.phase == "play" or pub.tricks:
                lines.append(f"{taken} trick{'s' if taken != 1 else ''}")
            panel.set_lines(lines, size)
            panel.set_lit(pub.turn == seat)
            a = self.seat_anchor(seat, n)
            if seat == self.me:
                panel.setPos(QPointF(8, a.y() - self.unit * aspect * 0.5 - panel.boundingRect().height() - 8))
            else:
                panel.setPos(QPointF(a.x() - panel.boundingRect().width() / 2,
                                     a.y() + self.small * aspect / 2 + 4))
        for seat in list(self.names):
            if seat >= n:
                scene.removeItem(self.names.pop(seat))
        self.score.set_lines(self.score_lines(view), size)
        self.score.setPos(QPointF(self.width - self.score.boundingRect().width() - 10, 10))
        self.info.set_lines(self.info_lines(view), size)
        self.info.setPos(QPointF(10, 10))
        self.info.setVisible(bool(self.info.lines))

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
    def _sync_buttons(self, view: TricksView) -> None:
        scene = self.table.scene()
        calls = [a for a in self.table.legal() if isinstance(a, Call)]
        if [b.action for b in self.buttons] != calls:
            for b in self.buttons:
                scene.removeItem(b)
            size = max(12, min(16, int(self.unit * 0.18)))
            self.buttons = [CallButton(a, self.game.call_label(a), size) for a in calls]
            for b in self.buttons:
                scene.addItem(b)
            self.focus = 0
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

    # -- input -------------------------------------------------------------------------------------------
    def card_at(self, pos: QPointF) -> int | None:
        best, z = None, -1.0
        for cid in self._hand_pos:
            item = self.cards.get(cid)
            if item is not None and item.isVisible() and item.sceneBoundingRect().contains(pos) and item.zValue() > z:
                best, z = cid, item.zValue()
        return best

    def button_at(self, pos: QPointF) -> CallButton | None:
        for b in self.buttons:
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
        ids = sorted(self._controlled or self._hand_pos, key=lambda i: self._hand_pos[i].x())
        return [i for i in ids if view.face(i) is not None] + [b.action for b in self.buttons]

    def key(self, name: str) -> bool:
        if name == "l" or name == "space":
            self.toggle_last_trick()
            return True
        options = self.choices()
        if not options:
            return False
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

    def show_keyboard_state(self) -> None:
        options = self.choices() if self.table.human_to_move else []
        chosen = options[self.focus % len(options)] if options else None
        for b in self.buttons:
            b.set_focused(chosen is not None and not isinstance(chosen, int) and chosen == b.action)
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
