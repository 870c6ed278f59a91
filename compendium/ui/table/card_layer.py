"""The card layer: the cards on a table and the places they lie in, knowing nothing of rules.

Every card table (patience, poker patience, tricks, counters, parlour) shows the game's view as
physical cards, each known by its id (``ViewCard.id``) and shown face up or down.  What they
share is written once here, in the spirit of KDE's libkcardgame:

* ``CardLayer`` keeps one ``CardItem`` per card id: ``place`` puts every card where a table
  says (a ``Spot`` per id), turning faces, flying what moved and hiding what left the view;
  it finds the card under the pointer, lifts cards for a drag, lights cards, flies a deal,
  plays the won-patience cascade and takes everything off the cloth again.
* ``PileScene`` lays out named places declared in card units (``Place``), scaled to the
  largest card that fits both the width and the height of the table; rows and fans compress
  before the cards shrink, down to a legibility floor.  It paints the places' outlines and
  their names on the cloth, lights the legal targets and gives the rectangles the hint needs.

A table declares its places and says which cards lie in each; the rules stay with the game.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from PySide6.QtCore import (
    QAbstractAnimation,
    QEvent,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    QTimer,
)
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsPixmapItem

from ...core.cards import Card
from .appearance import current_deck
from .card_renderer import aspect
from .items import CardItem, PileItem, paint_pile_outline
from .motion import MOVE_MS, flight

if TYPE_CHECKING:
    from .view import TableWidget

FACE_DOWN_STEP = 0.12      # a face-down card in a fan shows a sliver, in card widths
MARGIN = 0.15              # round a pile layout, in card widths
MIN_GAP = 0.05             # rows and columns close up to this gap before the cards shrink
LEGIBLE_WIDTH = 40.0       # the floor: cards are not made narrower than this (pixels)
FAN_ROOM_DOWN = 4.4        # card widths kept below a downward fan by default
FAN_ROOM_UP = 1.5
# A card on its side carries its upright index within 0.27 card widths of its short edge and
# 0.2 of its long edge: fanned sideways it needs a longer step than an upright card, fanned up
# or down a shorter one.
CROSSWAYS_SIDE_STEP = 1.2
CROSSWAYS_END_STEP = 0.7
MAX_SPREAD = 1.5           # downward fans spread up to this much wider when the height allows


class Spot(NamedTuple):
    """Where one card lies: its top left-hand corner, stacking order and face (``None``: the
    back), its width (0: the layer's card width) and whether it lies on its side."""
    pos: QPointF
    z: float
    face: Card | None
    width: float = 0.0
    crossways: bool = False


def as_spot(value: Spot | tuple[Any, ...]) -> Spot:
    """Accepts the tables' older ``(pos, z, face[, width])`` tuples as well as a ``Spot``."""
    return value if isinstance(value, Spot) else Spot(*value)


class Lift:
    """Cards picked up by the pointer: they follow it, keeping their offsets from the lead."""

    def __init__(self, items: list[CardItem], press: QPointF) -> None:
        self.items = items
        self.press = press
        self.grab = press - items[0].pos() if items else QPointF()
        self.offsets = [it.pos() - items[0].pos() for it in items]
        self.moved = False
        for k, item in enumerate(items):
            item.setZValue(100_000 + k)

    @property
    def ids(self) -> list[int]:
        return [it.card_id for it in self.items]

    def follow(self, scene_pos: QPointF, threshold: float = 4.0) -> bool:
        """Move the cards with the pointer; ``False`` while it is still within a click's wobble."""
        if not self.moved and (scene_pos - self.press).manhattanLength() < threshold:
            return False
        self.moved = True
        lead = scene_pos - self.grab
        for item, off in zip(self.items, self.offsets):
            item.setPos(lead + off)
        return True

    def lead_rect(self) -> QRectF:
        return self.items[0].sceneBoundingRect() if self.items else QRectF()


class CardLayer:
    """The physical cards of one table, by id.  See the module's docstring."""

    def __init__(self, table: "TableWidget", width: float = 80.0) -> None:
        self.table = table
        self.width = width
        self.cards: dict[int, CardItem] = {}
        self.spots: dict[int, Spot] = {}     # where ``place`` last put each card
        self._anim: QAbstractAnimation | None = None
        self._deal: QAbstractAnimation | None = None
        self._cascade: Cascade | None = None

    # -- the cards ----------------------------------------------------------------------------
    def item(self, cid: int) -> CardItem:
        return self.cards[cid]

    def __contains__(self, cid: object) -> bool:
        return cid in self.cards

    def shown(self) -> list[CardItem]:
        return [it for it in self.cards.values() if it.isVisible()]

    def place(self, spots: Mapping[int, Spot | tuple[Any, ...]], animate: bool = False, *,
              enter_from: QPointF | None = None) -> None:
        """Put every card of ``spots`` where it says and hide the others.  With ``animate`` (and
        the table's animations on) the cards that moved fly there above the rest; a card that
        was not on the table comes from ``enter_from`` when given, else appears in its place."""
        self.stop()
        self.spots = {cid: as_spot(v) for cid, v in spots.items()}
        dpr = self.table.devicePixelRatioF()
        scene = self.table.scene()
        moving = animate and self.table.animations_on
        group = QParallelAnimationGroup(self.table)
        for cid, value in spots.items():
            pos, z, face, width, crossways = as_spot(value)
            width = width or self.width
            item = self.cards.get(cid)
            fresh = item is None or not item.isVisible()
            if item is None:
                item = CardItem(cid, width, dpr)
                scene.addItem(item)
                self.cards[cid] = item
            item.set_size(width, dpr)
            item.set_crossways(crossways)
            item.set_face(face)
            item.set_glow(None)
            item.setZValue(z)
            if fresh:
                item.setPos(enter_from if enter_from is not None and moving else pos)
            item.show()
            if moving and (item.pos() - pos).manhattanLength() > 0.5:
                item.setZValue(10_000 + z)          # fly above the others
                anim = flight(item, item.pos(), pos)
                anim.finished.connect(lambda item=item, z=z: item.setZValue(z))
                group.addAnimation(anim)
            else:
                item.setPos(pos)
        for cid, item in self.cards.items():
            if cid not in spots:
                item.hide()
        if group.animationCount():
            self._anim = group
            group.start()
        else:
            group.deleteLater()

    def deal(self, order: Sequence[int], start: QPointF, spots: Mapping[int, Spot | tuple[Any, ...]],
             total_ms: int, *, turn_in_flight: bool = False,
             on_done: Callable[[], None] | None = None) -> None:
        """The deal: the cards of ``order`` leave ``start`` one after another and fly to their
        spots, ``total_ms`` in all.  With ``turn_in_flight`` they lie face down in the pack and
        turn as they leave it."""
        movers = [cid for cid in order if cid in self.cards and cid in spots]
        if not movers or not self.table.animations_on:
            return
        self.stop()
        group = QParallelAnimationGroup(self.table)
        step = max(0.0, total_ms - MOVE_MS) / max(1, len(movers))
        for k, cid in enumerate(movers):
            item = self.cards[cid]
            pos, z, face, _, _ = as_spot(spots[cid])
            item.setPos(start)
            item.setZValue(60_000 - k)           # the next card to go lies on top of the pack
            seq = QSequentialAnimationGroup()
            seq.addPause(int(k * step))
            anim = flight(item, start, pos)
            if turn_in_flight:
                item.set_face(None)
                anim.stateChanged.connect(lambda new, old, item=item, face=face: item.set_face(face)
                                          if new == QAbstractAnimation.State.Running else None)
            anim.finished.connect(lambda item=item, z=z: item.setZValue(z))
            seq.addAnimation(anim)
            group.addAnimation(seq)
        if on_done is not None:
            group.finished.connect(on_done)
        self._deal = group
        group.start()

    def settle(self) -> None:
        """Stop every flight and put each card in its place at once."""
        self.stop()
        for cid, spot in self.spots.items():
            item = self.cards.get(cid)
            if item is not None:
                item.setPos(spot.pos)
                item.setZValue(spot.z)

    @property
    def dealing(self) -> bool:
        return self._deal is not None and self._deal.state() == QAbstractAnimation.State.Running

    def stop(self) -> None:
        """Stop every flight (the cards stay where they are) and the celebration."""
        for name in ("_anim", "_deal"):
            anim = getattr(self, name)
            if anim is not None:
                setattr(self, name, None)
                anim.stop()
        self.stop_celebration()

    def card_at(self, scene_pos: QPointF, among: Iterable[int] | None = None) -> int | None:
        """The id of the topmost shown card under ``scene_pos`` (only of ``among`` when given)."""
        pool = self.cards if among is None else {c: self.cards[c] for c in among if c in self.cards}
        best: CardItem | None = None
        for item in pool.values():
            if item.isVisible() and item.sceneBoundingRect().contains(scene_pos):
                if best is None or item.zValue() > best.zValue():
                    best = item
        return None if best is None else best.card_id

    def rect_of(self, ids: Iterable[int]) -> QRectF | None:
        """The scene rectangle round the shown cards ``ids`` (``None`` if none is shown)."""
        rect: QRectF | None = None
        for cid in ids:
            item = self.cards.get(cid)
            if item is not None and item.isVisible():
                r = item.sceneBoundingRect()
                rect = r if rect is None else rect.united(r)
        return rect

    def glow(self, ids: Iterable[int], colour: QColor | None) -> None:
        for cid in ids:
            if cid in self.cards:
                self.cards[cid].set_glow(colour)

    def clear_glow(self) -> None:
        for item in self.cards.values():
            item.set_glow(None)

    def lift(self, ids: Sequence[int], press: QPointF) -> Lift:
        """Pick up the cards ``ids`` (the first is the lead) for a drag."""
        return Lift([self.cards[c] for c in ids if c in self.cards], press)

    def refresh_art(self) -> None:
        """The deck was changed: every card draws itself again."""
        for item in self.cards.values():
            item.refresh()

    # -- the celebration -----------------------------------------------------------------------
    def celebrate(self, ids: Sequence[int], area: QRectF) -> None:
        """The won patience: the cards ``ids`` leave one after another, from the last, and
        bounce down the cloth, leaving their trail.  Any click or key, a new deal or a sync
        stops it and takes the trail away."""
        if not self.table.animations_on or not ids:
            return
        self.settle()
        self._cascade = Cascade(self, [self.cards[c] for c in reversed(ids) if c in self.cards], area)

    @property
    def celebrating(self) -> bool:
        return self._cascade is not None

    def stop_celebration(self) -> None:
        cascade, self._cascade = self._cascade, None
        if cascade is not None:
            cascade.stop()

    def teardown(self) -> None:
        self.stop()
        scene = self.table.scene()
        for item in self.cards.values():
            if item.scene() is scene:
                scene.removeItem(item)
        self.cards = {}


class Cascade(QObject):
    """The cards bouncing off the bottom of the table after a won patience, one after another,
    each leaving a trail of prints behind it, as players know it from the old desktop games.

    Driven by one timer; every print is a pixmap item sharing its card's pixmap (cheap), and
    there are at most ``MAX_PRINTS`` of them."""

    TICK_MS = 16
    GRAVITY = 0.9          # pixels per tick per tick
    BOUNCE = 0.72          # what is left of the speed after a bounce
    MAX_PRINTS = 1500

    def __init__(self, layer: CardLayer, items: list[CardItem], area: QRectF) -> None:
        super().__init__(layer.table)
        self.layer = layer
        self.items = items
        self.area = area
        self.home = {it: (it.pos(), it.zValue()) for it in items}
        self.prints: list[QGraphicsPixmapItem] = []
        self.rng = random.Random(len(items))
        self.current: CardItem | None = None
        self.velocity = QPointF()
        self.tick = 0
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._step)
        self.timer.start(self.TICK_MS)
        layer.table.viewport().installEventFilter(self)
        layer.table.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress):
            self.layer.stop_celebration()
        return False      # the click or key still does what it does

    def _launch(self) -> bool:
        if not self.items:
            return False
        self.current = self.items.pop(0)
        self.current.setZValue(30_000)
        side = -1 if self.rng.random() < 0.5 else 1
        self.velocity = QPointF(side * self.rng.uniform(3.0, 8.0), -self.rng.uniform(0.0, 9.0))
        return True

    def _step(self) -> None:
        if self.current is None and not self._launch():
            self.layer.stop_celebration()
            return
        item = self.current
        assert item is not None
        rect = item.sceneBoundingRect()
        self.velocity.setY(self.velocity.y() + self.GRAVITY)
        pos = item.pos() + self.velocity
        bottom = self.area.bottom() - rect.height()
        if pos.y() > bottom:
            pos.setY(bottom)
            self.velocity.setY(-self.velocity.y() * self.BOUNCE)
        item.setPos(pos)
        self.tick += 1
        if len(self.prints) < self.MAX_PRINTS and self.tick % 2 == 0:
            stamp = QGraphicsPixmapItem(item.pixmap())
            stamp.setPos(item.pos())
            stamp.setZValue(20_000 + len(self.prints) * 0.001)
            stamp.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.layer.table.scene().addItem(stamp)
            self.prints.append(stamp)
        if rect.right() < self.area.left() - 2 or rect.left() > self.area.right() + 2:
            item.hide()
            self.current = None

    def stop(self) -> None:
        self.timer.stop()
        table = self.layer.table
        table.viewport().removeEventFilter(self)
        table.removeEventFilter(self)
        scene = table.scene()
        for stamp in self.prints:
            if stamp.scene() is scene:
                scene.removeItem(stamp)
        self.prints = []
        for item, (pos, z) in self.home.items():
            item.setPos(pos)
            item.setZValue(z)
            item.show()
        self.deleteLater()


# ------------------------------------------------------------------------------------ places

@dataclass(frozen=True)
class Place:
    """A place on the cloth, in card widths from the layout's corner (a card is ``aspect`` high).

    ``fan`` is the direction the cards spread, (0, 1) downwards, (1, 0) to the right, (0, 0)
    squared; ``room`` the card widths the fan may take beyond its first card (0: the default for
    its direction); ``show`` how many top cards are fanned (0: all); ``grow`` lets a downward
    fan use the table down to its bottom.  ``label`` is the book's name for the place, written
    quietly on the cloth; ``mark`` a letter in the empty place (A for an ace foundation)."""

    name: str
    x: float
    y: float
    fan: tuple[int, int] = (0, 0)
    room: float = 0.0
    show: int = 0
    crossways: bool = False
    label: str = ""
    mark: str = ""
    grow: bool = False

    @property
    def wide(self) -> float:
        return aspect if self.crossways else 1.0

    @property
    def high(self) -> float:
        return 1.0 if self.crossways else aspect

    def fan_room(self) -> float:
        if self.room:
            return self.room
        dx, dy = self.fan
        if dy > 0:
            return FAN_ROOM_DOWN
        if dy < 0:
            return FAN_ROOM_UP
        if dx:
            return (self.show - 1) * current_deck().h_step if self.show else 2.0
        return 0.0

    def extent(self, kx: float = 1.0, ky: float = 1.0) -> tuple[float, float, float, float]:
        """Left, top, right, bottom in card widths, with the fan's room, the position scaled."""
        room = self.fan_room()
        dx, dy = self.fan
        x, y = self.x * kx, self.y * ky
        return (x - (room if dx < 0 else 0.0), y - (room if dy < 0 else 0.0),
                x + self.wide + (room if dx > 0 else 0.0), y + self.high + (room if dy > 0 else 0.0))


def _closest_squeeze(places: Sequence[Place], axis: int) -> float:
    """The smallest factor the places' positions along ``axis`` (0: x, 1: y) may be multiplied
    by before two places that face each other along it come closer than ``MIN_GAP``."""
    k = 0.0
    ext = [p.extent() for p in places]
    for i, a in enumerate(places):
        for j, b in enumerate(places):
            if i == j:
                continue
            pa, pb = (a.x, b.x) if axis == 0 else (a.y, b.y)
            if pb <= pa:
                continue
            ea, eb = ext[i], ext[j]
            # they face each other only if they overlap across the other axis
            lo, hi = (1, 3) if axis == 0 else (0, 2)
            if ea[hi] <= eb[lo] + 1e-6 or eb[hi] <= ea[lo] + 1e-6:
                continue
            # a's far edge (with its fan) and b's near edge, relative to their positions
            reach = (ea[2] - a.x) if axis == 0 else (ea[3] - a.y)
            back = (b.x - eb[0]) if axis == 0 else (b.y - eb[1])
            k = max(k, (reach + back + MIN_GAP) / (pb - pa))
    return min(1.0, k) if k else 1.0


class PileScene:
    """Named places declared in card units, laid on the table and fitted to it.  It keeps a
    ``PileItem`` per place (hit-testing, the lit targets and the keyboard's focus)."""

    def __init__(self, layer: CardLayer) -> None:
        self.layer = layer
        self.places: dict[str, Place] = {}
        self.items: dict[str, PileItem] = {}
        self.unit = 80.0
        self.origin = QPointF()
        self.kx = self.ky = 1.0
        self.height = 0.0
        self.spread = 1.0          # face-up steps of growing downward fans, when there is room
        self.show_labels = True

    # -- declaring -----------------------------------------------------------------------------
    def declare(self, places: Iterable[Place]) -> None:
        scene = self.layer.table.scene()
        self.clear()
        for place in places:
            item = PileItem(place.name, place.mark, self.unit, crossways=place.crossways)
            scene.addItem(item)
            self.places[place.name] = place
            self.items[place.name] = item

    def clear(self) -> None:
        scene = self.layer.table.scene()
        for item in self.items.values():
            if item.scene() is scene:
                scene.removeItem(item)
        self.places, self.items = {}, {}

    # -- fitting -------------------------------------------------------------------------------
    def bounds(self, kx: float = 1.0, ky: float = 1.0) -> tuple[float, float, float, float]:
        ext = [p.extent(kx, ky) for p in self.places.values()]
        return (min(e[0] for e in ext), min(e[1] for e in ext),
                max(e[2] for e in ext), max(e[3] for e in ext))

    def size_in_cards(self, kx: float = 1.0, ky: float = 1.0) -> tuple[float, float]:
        left, top, right, bottom = self.bounds(kx, ky)
        return right - left + 2 * MARGIN, bottom - top + 2 * MARGIN

    def fit(self, width: float, height: float) -> None:
        """The largest card for which the layout fits both ``width`` and ``height``; the
        binding dimension's rows or columns close up first (as far as ``MIN_GAP``)."""
        if not self.places:
            return
        places = list(self.places.values())
        cw, ch = self.size_in_cards()
        kx = ky = 1.0
        by_w, by_h = width / cw, height / ch
        if by_w < by_h:        # the width binds: close up the columns until the height binds
            lo = _closest_squeeze(places, 0)
            kx = self._solve(lambda k: width / self.size_in_cards(k, 1.0)[0], by_h, lo)
        elif by_h < by_w:
            lo = _closest_squeeze(places, 1)
            ky = self._solve(lambda k: height / self.size_in_cards(1.0, k)[1], by_w, lo)
        cw, ch = self.size_in_cards(kx, ky)
        self.kx, self.ky = kx, ky
        self.unit = max(LEGIBLE_WIDTH, min(width / cw, height / ch))
        self.height = height
        left, top, _, _ = self.bounds(kx, ky)
        used_w, used_h = cw * self.unit, ch * self.unit
        self.origin = QPointF(max(0.0, (width - used_w) / 2) + (MARGIN - left) * self.unit,
                              max(0.0, (height - used_h) / 2) * 0.35 + (MARGIN - top) * self.unit)
        self.layer.width = self.unit
        self.spread = self._spread(height)
        for name, place in self.places.items():
            item = self.items[name]
            item.set_width(self.unit)
            item.setPos(self.corner(name))

    def _spread(self, height: float) -> float:
        """How much wider than the deck's step the face-up cards of the downward fans that may
        grow are spread: when the width binds, the room below is shared out (up to half again)."""
        growing = [p for p in self.places.values() if p.grow and p.fan[1] > 0]
        if not growing:
            return 1.0
        free = min((height - self.corner(p.name).y()) / self.unit - p.high - MARGIN for p in growing)
        return max(1.0, min(MAX_SPREAD, free / FAN_ROOM_DOWN))

    @staticmethod
    def _solve(unit_at: Callable[[float], float], target: float, lo: float) -> float:
        """The largest factor in [lo, 1] at which ``unit_at`` reaches ``target`` (else ``lo``)."""
        if unit_at(lo) <= target:
            return lo
        hi_k, lo_k = 1.0, lo
        for _ in range(20):
            mid = (hi_k + lo_k) / 2
            if unit_at(mid) >= target:
                lo_k = mid
            else:
                hi_k = mid
        return lo_k

    def corner(self, name: str) -> QPointF:
        p = self.places[name]
        return QPointF(round(self.origin.x() + p.x * self.kx * self.unit),
                       round(self.origin.y() + p.y * self.ky * self.unit))

    def rect(self, name: str) -> QRectF:
        """The place's own rectangle (its first card), in scene pixels."""
        p = self.places[name]
        return QRectF(self.corner(name), self.corner(name) + QPointF(p.wide * self.unit, p.high * self.unit))

    def area(self, name: str, ids: Iterable[int] = ()) -> QRectF:
        """The place together with its shown cards ``ids``: where a drop counts for it."""
        rect = self.rect(name)
        cards = self.layer.rect_of(ids)
        return rect if cards is None else rect.united(cards)

    # -- the cards in the places ---------------------------------------------------------------
    def positions(self, contents: Mapping[str, Sequence[tuple[int, Card | None]]],
                  base_z: Callable[[str], float] | None = None) -> dict[int, Spot]:
        """Each card's spot: ``contents`` gives each place's cards, bottom first, as (id, face).
        Fans spread by the deck's readable steps and close up when long, but not below the
        steps that still show a covered card's index; a squared pile gains a pixel of height
        every dozen cards."""
        deck = current_deck()
        out: dict[int, Spot] = {}
        for pi, (name, cards) in enumerate(contents.items()):
            place = self.places[name]
            base = self.corner(name)
            n = len(cards)
            dx, dy = place.fan
            z0 = base_z(name) if base_z is not None else pi * 200.0
            if dx or dy:
                first = max(0, n - place.show) if place.show else 0
                steps = [0.0] * n
                floors = [0.0] * n
                for i in range(first + 1, n):
                    down = cards[i - 1][1] is None
                    wide = self.spread if place.grow and dy > 0 else 1.0
                    # a card on its side spread sideways shows its index across a longer edge
                    side = 1.0 if not place.crossways else (CROSSWAYS_SIDE_STEP if not dy else CROSSWAYS_END_STEP)
                    steps[i] = FACE_DOWN_STEP if down else (deck.v_step * wide if dy else deck.h_step) * side
                    floors[i] = FACE_DOWN_STEP * 0.5 if down else (deck.v_min if dy else deck.h_min) * side
                wanted = sum(steps)
                room = place.fan_room() * (self.ky if dy else self.kx)
                if dy > 0 and place.grow and self.height:
                    free = (self.height - base.y() - self.unit * (place.high + 0.1)) / self.unit
                    room = max(room, free)
                squeeze = min(1.0, room / wanted) if wanted > 0 and room > 0 else 1.0
                if squeeze < 1.0:
                    # close up face-down slivers first, then the face-up steps to their floor
                    floor_sum = sum(floors)
                    if room <= floor_sum:
                        steps = floors
                    else:
                        steps = [f + (s - f) * (room - floor_sum) / (wanted - floor_sum)
                                 for s, f in zip(steps, floors)]
                offset = 0.0
                for i, (cid, face) in enumerate(cards):
                    offset += steps[i]
                    pos = QPointF(base.x() + dx * offset * self.unit, base.y() + dy * offset * self.unit)
                    out[cid] = Spot(QPointF(round(pos.x()), round(pos.y())), z0 + i, face,
                                    self.unit, place.crossways)
            else:
                for i, (cid, face) in enumerate(cards):
                    lift = min(i // 12, 2)
                    out[cid] = Spot(QPointF(base.x() - lift, base.y() - lift), z0 + i, face,
                                    self.unit, place.crossways)
        return out

    def place_at(self, scene_pos: QPointF) -> str | None:
        for name in self.places:
            if self.rect(name).contains(scene_pos):
                return name
        return None

    # -- lighting ------------------------------------------------------------------------------
    def light(self, names: Iterable[str], colour: QColor | None) -> None:
        """Light the places ``names`` in ``colour`` and put out the others."""
        wanted = set(names)
        for name, item in self.items.items():
            item.set_highlight(colour if name in wanted else None)

    def focus(self, name: str | None) -> None:
        for n, item in self.items.items():
            item.set_focused(n == name)

    # -- the cloth -----------------------------------------------------------------------------
    def paint(self, painter: QPainter) -> None:
        """The places' quiet outlines, their letters and the book's names for them."""
        for name, place in self.places.items():
            paint_pile_outline(painter, self.rect(name).adjusted(4, 4, -4, -4), place.mark)
        if not self.show_labels:
            return
        font = QFont("DejaVu Serif")
        font.setItalic(True)
        font.setPixelSize(max(10, min(15, int(self.unit * 0.17))))
        painter.setFont(font)
        painter.setPen(QPen(QColor(255, 255, 255, 120)))
        taken: list[QRectF] = []
        for name, place in self.places.items():
            found = self.label_box(name, font, taken) if place.label else None
            if found is not None:
                box, flags = found
                taken.append(box)
                painter.drawText(box, int(flags), place.label)

    def extent_rect(self, name: str) -> QRectF:
        """The place with the room its fan may take, in scene pixels."""
        left, top, right, bottom = self.places[name].extent(self.kx, self.ky)
        p = self.places[name]
        corner = self.corner(name)
        x0, y0 = p.x * self.kx, p.y * self.ky
        return QRectF(corner.x() + (left - x0) * self.unit, corner.y() + (top - y0) * self.unit,
                      (right - left) * self.unit, (bottom - top) * self.unit)

    def label_box(self, name: str, font: QFont,
                  taken: Sequence[QRectF] = ()) -> tuple[QRectF, Qt.AlignmentFlag] | None:
        """Where a place's name is written: beside the place on a side its cards do not cover
        and no other place or fan takes, towards the middle of the layout when several would
        do, and inside the table; ``None`` when no side is free (the name is not written)."""
        r = self.rect(name)
        place = self.places[name]
        metrics = QFontMetricsF(font)
        w = metrics.horizontalAdvance(place.label) + 8
        h = metrics.height() + 2
        left, top, right, bottom = self.bounds(self.kx, self.ky)
        mid = QPointF(self.origin.x() + (left + right) / 2 * self.unit,
                      self.origin.y() + (top + bottom) / 2 * self.unit)
        hc = Qt.AlignmentFlag.AlignHCenter
        below = (QRectF(r.center().x() - w / 2, r.bottom() + 1, w, h), hc | Qt.AlignmentFlag.AlignTop)
        above = (QRectF(r.center().x() - w / 2, r.top() - h - 1, w, h), hc | Qt.AlignmentFlag.AlignBottom)
        vc = Qt.AlignmentFlag.AlignVCenter
        to_left = (QRectF(r.left() - w - 3, r.center().y() - h / 2, w, h), vc | Qt.AlignmentFlag.AlignRight)
        to_right = (QRectF(r.right() + 3, r.center().y() - h / 2, w, h), vc | Qt.AlignmentFlag.AlignLeft)
        vertical = [below, above] if r.center().y() < mid.y() else [above, below]
        sideways = [to_right, to_left] if r.center().x() < mid.x() else [to_left, to_right]
        every = vertical + sideways
        if place.fan[1] > 0:
            vertical = [above]
        elif place.fan[1] < 0:
            vertical = [below]
        candidates = vertical + sideways
        others = [self.extent_rect(n) for n in self.places if n != name] + list(taken)
        bounds = self.layer.table.sceneRect()
        cards = [self.rect(n) for n in self.places if n != name] + list(taken)
        # first a side free of other places and of the room their fans may take; failing that,
        # any side free of the other places themselves (even where its own fan will grow);
        # failing that, none: the name is not written
        for obstacles, sides in ((others, candidates), (cards, every)):
            for box, flags in sides:
                core = box.adjusted(0, h * 0.15, 0, -h * 0.15)    # the letters, without their leading
                if bounds.contains(core) and not any(core.intersects(o) for o in obstacles):
                    return box, flags
        return None


def union(rects: Iterable[QRectF | None]) -> QRectF | None:
    out: QRectF | None = None
    for r in rects:
        if r is not None:
            out = r if out is None else out.united(r)
    return out


