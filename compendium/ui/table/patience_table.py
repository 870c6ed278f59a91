"""The patience table: piles laid out in card units and fitted to the window, cards dragged with
the mouse or moved with the keyboard, every move checked by the rules engine.

The controller never decides a rule itself: what may be dropped where comes from the session's
legal actions, and the reason for a refusal from the engine's ``why_illegal``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import math

from PySide6.QtCore import QParallelAnimationGroup, QPointF, QRectF, QSequentialAnimationGroup
from PySide6.QtGui import QBrush, QPainter

from ...core.cards import Rank
from ...games.patience.engine import (Draw, Fan, Move, PatienceGame, PatienceView, PileKind,
                                      PileSpec, Redeal)
from .card_renderer import aspect
from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT, HINT, CardItem, PileItem, paint_pile_outline
from .motion import DEAL_MS, flight

if TYPE_CHECKING:
    from .view import TableWidget

MARGIN = 0.3          # around the layout, in card widths
DOWN_STEP = 0.12      # fan offsets, in card widths: face-down cards show a sliver,
UP_STEP = 0.30        # face-up cards show their index
H_STEP = 0.28        # face-up cards in a sideways fan
FAN_DIRECTIONS = {Fan.DOWN: (0, 1), Fan.UP: (0, -1), Fan.RIGHT: (1, 0), Fan.LEFT: (-1, 0)}
FAN_ROOM = 4.4        # card widths kept below a downward-fanned pile for its cards


@dataclass
class Drag:
    src: str
    count: int
    items: list[CardItem]
    grab: QPointF                # where the lead card was taken, relative to its corner
    origin: QPointF              # the press position, to tell a click from a drag
    moved: bool = False


class PatienceController(TableController):
    game: PatienceGame

    def __init__(self, table: "TableWidget", game: PatienceGame) -> None:
        super().__init__(table, game)
        self.specs: tuple[PileSpec, ...] = ()
        self.piles: dict[str, PileItem] = {}
        self.unit = 80.0            # card width in pixels
        self.origin = QPointF(0, 0)
        self.drag: Drag | None = None
        self.focus_index = 0        # keyboard focus: which pile
        self.selection: tuple[str, int] | None = None  # keyboard: lifted cards (pile, count)
        self.keyboard_active = False  # the focus frame shows only once the keyboard is used
        self._cards: dict[int, CardItem] = {}
        self._card_pile: dict[int, tuple[str, int]] = {}
        self._anim: QParallelAnimationGroup | None = None

    # -- structure --------------------------------------------------------------------------
    def build(self) -> None:
        session = self.table.session
        assert session is not None
        self.specs = self.game.specs(session.options)
        scene = self.table.scene()
        for item in self.piles.values():
            scene.removeItem(item)
        self.piles = {}
        for spec in self.specs:
            label = "A" if spec.kind is PileKind.FOUNDATION and spec.build and spec.build.empty == Rank.ACE else ""
            if spec.kind is PileKind.FOUNDATION and spec.build and spec.build.empty not in ("any", None, Rank.ACE):
                label = Rank(spec.build.empty).short  # type: ignore[arg-type]
            if spec.kind is PileKind.TABLEAU and spec.build and spec.build.empty == Rank.KING:
                label = "K"
            item = PileItem(spec.name, label, self.unit, crossways=spec.crossways)
            scene.addItem(item)
            self.piles[spec.name] = item
        self.focus_index = next((i for i, s in enumerate(self.specs) if s.kind is PileKind.TABLEAU), 0)

    def teardown(self) -> None:
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        scene = self.table.scene()
        for item in [*self._cards.values(), *self.piles.values()]:
            scene.removeItem(item)
        self._cards, self._card_pile, self.piles = {}, {}, {}

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        # The cloth and the piles' quiet outlines.
        painter.fillRect(rect, QBrush(baize_tile()))
        for pile in self.piles.values():
            paint_pile_outline(painter, pile.sceneBoundingRect().adjusted(4, 4, -4, -4), pile.label)

    @staticmethod
    def fan_room(spec: PileSpec) -> float:
        """Card widths a pile's fan may take beyond its first card."""
        if spec.room:
            return spec.room
        if spec.fan in (Fan.DOWN,):
            return FAN_ROOM
        if spec.fan is Fan.UP:
            return 1.5
        if spec.fan in (Fan.RIGHT, Fan.LEFT):
            return (spec.show - 1) * H_STEP if spec.show else 2.0
        return 0.0

    def bounds(self) -> tuple[float, float, float, float]:
        """The layout's extent in card widths: left, top, right, bottom (fans included)."""
        def wide(s: PileSpec) -> float:
            return aspect if s.crossways else 1.0

        def high(s: PileSpec) -> float:
            return 1.0 if s.crossways else aspect

        left = min(s.x - (self.fan_room(s) if s.fan is Fan.LEFT else 0) for s in self.specs)
        top = min(s.y - (self.fan_room(s) if s.fan is Fan.UP else 0) for s in self.specs)
        right = max(s.x + wide(s) + (self.fan_room(s) if s.fan is Fan.RIGHT else 0) for s in self.specs)
        bottom = max(s.y + high(s) + (self.fan_room(s) if s.fan is Fan.DOWN else 0) for s in self.specs)
        return left, top, right, bottom

    def content_size(self) -> tuple[float, float]:
        """The layout's width and height in card widths, with the margin."""
        left, top, right, bottom = self.bounds()
        return right - left + 2 * MARGIN, bottom - top + 2 * MARGIN

    def fit(self, width: float, height: float) -> None:
        cw, ch = self.content_size()
        self.unit = max(24.0, min(width / cw, height / ch))
        left, top, _, _ = self.bounds()
        used_w = cw * self.unit
        self.origin = QPointF(max(0.0, (width - used_w) / 2) + (MARGIN - left) * self.unit,
                              (MARGIN - top) * self.unit)
        for spec in self.specs:
            item = self.piles[spec.name]
            item.set_width(self.unit)
            item.setPos(self.pile_pos(spec))

    def pile_pos(self, spec: PileSpec) -> QPointF:
        return QPointF(self.origin.x() + spec.x * self.unit, self.origin.y() + spec.y * self.unit)

    def spec(self, name: str) -> PileSpec:
        return self.specs[[s.name for s in self.specs].index(name)]

    # -- where each card lies ---------------------------------------------------------------
    def card_positions(self, view: PatienceView) -> dict[int, tuple[QPointF, float, Any]]:
        """Physical id -> (position, z value, face) for every card in ``view``.  A card of a
        crossways pile is turned about its corner, so its item sits a card's height to the right
        of the place's corner (``CardItem.set_crossways``)."""
        out: dict[int, tuple[QPointF, float, Any]] = {}
        bottom_limit = self.table.viewport().height() - self.unit * 0.15
        for pi, (spec, pile) in enumerate(zip(self.specs, view.piles)):
            base = self.pile_pos(spec)
            if spec.crossways:
                base = QPointF(base.x() + self.unit * aspect, base.y())
            n = len(pile.cards)
            direction = FAN_DIRECTIONS.get(spec.fan)
            first_fanned = max(0, n - spec.show) if spec.show else 0
            steps = [0.0] * n
            if direction is not None:
                vertical = direction[1] != 0
                for i in range(first_fanned + 1, n):
                    hidden = pile.cards[i - 1].face is None
                    steps[i] = DOWN_STEP if hidden else (UP_STEP if vertical else H_STEP)
                wanted = sum(steps)
                room = self.fan_room(spec)
                if spec.fan is Fan.DOWN and not spec.room:
                    # a downward fan with no declared room may use the window's whole height
                    room = max(room, (bottom_limit - base.y() - self.unit * aspect) / self.unit)
                squeeze = min(1.0, room / wanted) if wanted > 0 and room > 0 else 1.0
            offset = 0.0
            for i, card in enumerate(pile.cards):
                if direction is not None:
                    offset += steps[i] * squeeze
                    pos = QPointF(base.x() + direction[0] * offset * self.unit,
                                  base.y() + direction[1] * offset * self.unit)
                else:
                    # squared piles: a pixel's rise for every dozen cards gives the stock some thickness
                    lift = min(i // 12, 2)
                    pos = QPointF(base.x() - lift, base.y() - lift)
                # whole pixels: the card items snap to them (crisp blits)
                out[card.id] = (QPointF(round(pos.x()), round(pos.y())), pi * 200 + i, card.face)
        return out

    def pile_area(self, name: str) -> QRectF:
        """The pile's place together with its fanned cards: where a drop counts for it."""
        rect = self.piles[name].sceneBoundingRect()
        for item in self.cards_in_pile(name):
            if self.drag is None or item not in self.drag.items:
                rect = rect.united(item.sceneBoundingRect())
        return rect

    # -- the mouse --------------------------------------------------------------------------
    def press(self, scene_pos: QPointF) -> None:
        if self.keyboard_active or self.selection is not None:
            self.keyboard_active, self.selection = False, None
            self.show_keyboard_state()
        hit = self.pile_at(scene_pos)
        if hit is None:
            return
        name, index = hit
        spec = self.spec(name)
        if spec.kind is PileKind.STOCK:
            self.turn_stock()
            return
        view = self.table.current_view()
        pile = view.pile(name)
        if index is None or index >= len(pile.cards):
            return
        if pile.cards[index].face is None:
            self.explain(Move(name, name, len(pile.cards) - index), fallback="a face-down card cannot be moved")
            return
        items = [self.card_item(c.id) for c in pile.cards[index:]]
        lead = items[0]
        self.drag = Drag(name, len(items), items, scene_pos - lead.pos(), scene_pos)
        for k, item in enumerate(items):
            item.setZValue(100_000 + k)
        targets = {a.dst for a in self.table.legal() if isinstance(a, Move) and a.src == name and a.count == len(items)}
        for pname, pitem in self.piles.items():
            pitem.set_highlight(HIGHLIGHT if pname in targets else None)
        self.table.clear_hint()

    def move(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        if not self.drag.moved and (scene_pos - self.drag.origin).manhattanLength() < 4:
            return
        self.drag.moved = True
        top_left = scene_pos - self.drag.grab
        for k, item in enumerate(self.drag.items):
            item.setPos(top_left + QPointF(0, k * UP_STEP * self.unit * self._drag_squeeze()))

    def _drag_squeeze(self) -> float:
        assert self.drag is not None
        items = self.drag.items
        if len(items) < 2:
            return 1.0
        gap = items[1].pos().y() - items[0].pos().y()
        return max(0.2, min(1.0, gap / (UP_STEP * self.unit))) if gap > 0 else 1.0

    def release(self, scene_pos: QPointF) -> None:
        drag, self.drag = self.drag, None
        for pitem in self.piles.values():
            pitem.set_highlight(None)
        if drag is None:
            return
        if not drag.moved:
            if self.table.click_to_move and self._move_by_click(drag.src, drag.count):
                return
            self.table.sync(animate=False)
            return
        lead = drag.items[0].sceneBoundingRect()
        legal = {a.dst: a for a in self.table.legal()
                 if isinstance(a, Move) and a.src == drag.src and a.count == drag.count}
        best: tuple[float, str] | None = None
        best_any: tuple[float, str] | None = None
        for name in self.piles:
            if name == drag.src:
                continue
            overlap = lead.intersected(self.pile_area(name))
            area = overlap.width() * overlap.height()
            if area <= 0:
                continue
            if name in legal and (best is None or area > best[0]):
                best = (area, name)
            if best_any is None or area > best_any[0]:
                best_any = (area, name)
        if best is not None:
            self.table.play(legal[best[1]])
            return
        if best_any is not None:
            self.explain(Move(drag.src, best_any[1], drag.count))
        self.table.sync(animate=True)  # snap back

    def _move_by_click(self, src: str, count: int) -> bool:
        """Click-to-move: the clicked cards go where a player would most likely send them —
        home if they may, else onto a card, else into a space."""
        view = self.table.current_view()
        moves = [a for a in self.table.legal() if isinstance(a, Move) and a.src == src and a.count == count]
        if not moves:
            return False

        def rank(action: Move) -> int:
            if self.spec(action.dst).kind is PileKind.FOUNDATION:
                return 0
            return 1 if view.pile(action.dst).cards else 2
        self.table.play(min(moves, key=rank))
        return True

    def double_click(self, scene_pos: QPointF) -> None:
        if self.table.click_to_move:
            return   # the double-click's first click has already moved the cards
        hit = self.pile_at(scene_pos)
        if hit is None:
            return
        name, index = hit
        spec = self.spec(name)
        if spec.kind is PileKind.STOCK:
            return
        view = self.table.current_view()
        pile = view.pile(name)
        if not pile.cards:
            return
        if self.send_home(name):
            return
        foundations = [s.name for s in self.specs if s.kind is PileKind.FOUNDATION]
        if foundations:
            self.explain(Move(name, self._likeliest_foundation(view, name, foundations), 1))

    def _likeliest_foundation(self, view: PatienceView, src: str, foundations: list[str]) -> str:
        """The foundation a player means by a double-click: the one of the card's suit, else an empty one."""
        face = view.pile(src).cards[-1].face
        for name in foundations:
            top = view.pile(name).cards
            if face is not None and top and top[-1].face is not None and top[-1].face.suit == face.suit:
                return name
        return next((n for n in foundations if not view.pile(n).cards), foundations[0])

    def send_home(self, name: str) -> bool:
        for action in self.table.legal():
            if isinstance(action, Move) and action.src == name and action.count == 1 \
                    and self.spec(action.dst).kind is PileKind.FOUNDATION:
                self.table.play(action)
                return True
        return False

    def turn_stock(self) -> None:
        legal = self.table.legal()
        for kind in (Draw(), Redeal()):
            if kind in legal:
                self.table.play(kind)
                return
        self.explain(Draw() if self.table.current_view().pile(self._stock_name()).cards else Redeal())

    def _stock_name(self) -> str:
        return next(s.name for s in self.specs if s.kind is PileKind.STOCK)

    def explain(self, action: Any, fallback: str = "") -> None:
        session = self.table.session
        assert session is not None
        refusal = self.game.why_illegal(session.state, action)
        if refusal is not None:
            self.table.say(refusal.reason[:1].upper() + refusal.reason[1:] + ".", refusal.rule or "")
        elif fallback:
            self.table.say(fallback[:1].upper() + fallback[1:] + ".", "")

    # -- automatic moves --------------------------------------------------------------------
    def auto_move(self) -> Any:
        """A card that can safely go to the foundations, as the game itself judges it (nothing
        still in play could need it), or ``None``."""
        session = self.table.session
        assert session is not None
        return self.game.safe_home_move(session.state)

    # -- the keyboard -----------------------------------------------------------------------
    def key(self, key: str) -> bool:
        """Keyboard play.  Left/Right choose a pile, Up/Down how many cards, Enter lifts and drops,
        Escape puts back, Space turns the stock, F sends the top card home."""
        names = [s.name for s in self.specs]
        self.keyboard_active = True
        if key in ("left", "right"):
            step = -1 if key == "left" else 1
            self.focus_index = (self.focus_index + step) % len(names)
        elif key in ("up", "down") and self.selection is None:
            pass
        elif key == "escape":
            self.selection = None
        elif key == "space":
            self.turn_stock()
        elif key == "f":
            name = names[self.focus_index]
            if not self.send_home(name):
                self.double_click(self.piles[name].scenePos() + QPointF(2, 2))
        elif key == "enter":
            name = names[self.focus_index]
            if self.selection is None:
                spec = self.spec(name)
                if spec.kind is PileKind.STOCK:
                    self.turn_stock()
                    return True
                pile = self.table.current_view().pile(name)
                up = sum(1 for c in pile.cards if c.face is not None)
                if up == 0:
                    self.explain(Move(name, name, 1), fallback="there is no card to take from here")
                else:
                    count = max((a.count for a in self.table.legal() if isinstance(a, Move) and a.src == name),
                                default=1)
                    self.selection = (name, count)
                    self.table.say(f"Lifted {count} card{'s' if count > 1 else ''}: choose a pile with "
                                   "Left and Right, then Enter to put down (Escape to cancel).", "")
            else:
                src, count = self.selection
                self.selection = None
                action = Move(src, name, count)
                if action in self.table.legal():
                    self.table.play(action)
                elif src != name:
                    self.explain(action)
        else:
            return False
        self.show_keyboard_state()
        return True

    def show_keyboard_state(self) -> None:
        names = [s.name for s in self.specs]
        for i, name in enumerate(names):
            self.piles[name].set_focused(self.keyboard_active and i == self.focus_index)
        lifted: set[int] = set()
        if self.selection is not None:
            src, count = self.selection
            lifted = {c.id for c in self.table.current_view().pile(src).cards[-count:]}
        for item in self.card_items():
            item.set_glow(HIGHLIGHT if item.card_id in lifted else None)

    def show_hint(self, action: Any) -> None:
        if isinstance(action, Move):
            view = self.table.current_view()
            for c in view.pile(action.src).cards[-action.count:]:
                self.card_item(c.id).set_glow(HINT)
            self.piles[action.dst].set_highlight(HINT)
        elif isinstance(action, (Draw, Redeal)):
            self.piles[self._stock_name()].set_highlight(HINT)

    def clear_hint(self) -> None:
        for pile in self.piles.values():
            pile.set_highlight(None)
        self.show_keyboard_state()

    def cancel_drag(self) -> None:
        self.drag = None

    # -- the card items -----------------------------------------------------------------------
    def card_item(self, card_id: int) -> CardItem:
        return self._cards[card_id]

    def card_items(self) -> list[CardItem]:
        return list(self._cards.values())

    def cards_in_pile(self, name: str) -> list[CardItem]:
        return [self._cards[cid] for cid, (pile, _) in self._card_pile.items() if pile == name]

    def pile_at(self, scene_pos: QPointF) -> tuple[str, int | None] | None:
        """The pile under ``scene_pos`` and the index of the card hit (``None``: its empty place)."""
        best: CardItem | None = None
        for item in self._cards.values():
            if item.isVisible() and item.mapToScene(item.card_rect()).boundingRect().contains(scene_pos):
                if best is None or item.zValue() > best.zValue():
                    best = item
        if best is not None and best.card_id in self._card_pile:
            return self._card_pile[best.card_id]
        for name, pile in self.piles.items():
            if pile.sceneBoundingRect().contains(scene_pos):
                return name, None
        return None

    def sync(self, animate: bool) -> None:
        """Put every card where the game's view says, with its face shown or hidden."""
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        view = self.table.current_view()
        placed = self.card_positions(view)
        dpr = self.table.devicePixelRatioF()
        scene = self.table.scene()
        group = QParallelAnimationGroup(self.table)
        self._card_pile = {c.id: (p.name, i) for p in view.piles for i, c in enumerate(p.cards)}
        crossways = {s.name for s in self.specs if s.crossways}
        for cid, (pos, z, face) in placed.items():
            item = self._cards.get(cid)
            if item is None:
                item = CardItem(cid, self.unit, dpr)
                scene.addItem(item)
                item.setPos(pos)
                self._cards[cid] = item
            item.set_size(self.unit, dpr)
            if crossways:
                turn = self._card_pile[cid][0] in crossways
                if turn != (item.rotation() != 0):
                    # turned where it stands (its corner moves with it), then flown to its place
                    old = item.sceneBoundingRect().topLeft()
                    item.set_crossways(turn)
                    item.setPos(item.pos() + old - item.sceneBoundingRect().topLeft())
            item.set_face(face)
            item.set_glow(None)
            item.setZValue(z)
            item.show()
            if animate and self.table.animations_on and (item.pos() - pos).manhattanLength() > 0.5:
                item.setZValue(10_000 + z)  # fly above the others
                anim = flight(item, item.pos(), pos)
                anim.finished.connect(lambda item=item, z=z: item.setZValue(z))
                group.addAnimation(anim)
            else:
                item.setPos(pos)
        for cid, item in self._cards.items():
            if cid not in placed:
                item.hide()
        self.show_keyboard_state()
        if group.animationCount():
            self._anim = group
            group.start()

    def intro(self) -> None:
        """Cards fly from the stock to their places one after another, about 1.5 s in all."""
        view = self.table.current_view()
        placed = self.card_positions(view)
        stock = next((s for s in self.specs if s.kind is PileKind.STOCK), self.specs[0])
        start = self.pile_pos(stock)
        self.sync(animate=False)
        stock_ids = {c.id for p in view.piles if p.name == stock.name for c in p.cards}
        movers = [cid for cid in sorted(placed) if cid not in stock_ids]
        group = QParallelAnimationGroup(self.table)
        delay = DEAL_MS / max(1, len(movers))
        for k, cid in enumerate(movers):
            item = self._cards[cid]
            pos, z, _ = placed[cid]
            if item.rotation():     # a card laid on its side leaves the pack from the pack's corner
                item.setPos(start + QPointF(self.unit * aspect, 0))
            else:
                item.setPos(start)
            seq = QSequentialAnimationGroup()
            seq.addPause(int(k * delay))
            seq.addAnimation(flight(item, item.pos(), pos))
            group.addAnimation(seq)
        self._anim = group
        group.start()

    def celebrate(self) -> None:
        """The win: the cards leave the foundations one after another and open into a wide fan
        across the cloth, suit by suit, behind the banner."""
        view = self.table.current_view()
        ids = [c.id for p in view.piles if p.kind is PileKind.FOUNDATION for c in p.cards]
        if not ids:
            return
        rect = self.table.viewport().rect()
        centre = QPointF(rect.width() / 2 - self.unit / 2, rect.height() * 0.62)
        radius = min(rect.width() * 0.42, rect.height() * 0.5)
        group = QParallelAnimationGroup(self.table)
        spread = math.radians(150)
        for k, cid in enumerate(ids):
            angle = math.radians(-165) + spread * k / max(1, len(ids) - 1)
            end = QPointF(centre.x() + radius * math.cos(angle), centre.y() + radius * math.sin(angle))
            item = self._cards[cid]
            item.setZValue(20_000 + k)
            seq = QSequentialAnimationGroup()
            seq.addPause(int(k * 2000 / len(ids)))
            seq.addAnimation(flight(item, item.pos(), end, 450))
            group.addAnimation(seq)
        self._anim = group
        group.start()

    # -- what the table says ------------------------------------------------------------------
    def status_parts(self) -> list[str]:
        session = self.table.session
        assert session is not None
        view = self.table.current_view()
        parts = [f"Deal {session.seed}", f"{view.on_foundations} of {view.total} cards home"]
        if self.game.info.id == "canfield_or_klondike":
            parts.append(f"counters {view.score:+d}")
        if view.passes_left == 0:
            parts.append("last pass through the stock")
        elif view.passes_left is not None:
            parts.append(f"{view.passes_left} more pass{'es' if view.passes_left != 1 else ''} after this")
        return parts

    def end_texts(self, outcome: Any) -> tuple[str, str]:
        won = outcome.results[0] > 0
        title = "Well played — the patience is out!" if won else "No more moves"
        detail = outcome.reason[:1].upper() + outcome.reason[1:] + "."
        if outcome.scores and self.game.info.id == "canfield_or_klondike":
            detail += f"  Counters {outcome.scores[0]:+d}."
        return title, detail
