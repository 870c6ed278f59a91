"""The patience table: piles laid out in card units and fitted to the window, cards dragged with
the mouse or moved with the keyboard, every move checked by the rules engine.

The controller never decides a rule itself: what may be dropped where comes from the session's
legal actions, and the reason for a refusal from the engine's ``why_illegal``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QPainter

from ...core.cards import Rank
from ...games.patience.engine import Draw, Fan, Move, PatienceGame, PatienceView, PileKind, PileSpec, Redeal
from .card_layer import CardLayer, Lift, PileScene, Place, Spot
from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT, HINT, CardItem, PileItem
from .motion import DEAL_MS

if TYPE_CHECKING:
    from .view import TableWidget

FAN_DIRECTIONS = {Fan.DOWN: (0, 1), Fan.UP: (0, -1), Fan.RIGHT: (1, 0), Fan.LEFT: (-1, 0)}

# Places named on the cloth.  A place's own label is its name in the book; those that only
# say what kind of pile it is are not written (the outline says it).  A group's name is
# written once, by its first place; the hours of the Clock by their numerals.
GENERIC = {"foundation", "column", "fan", "ascending foundation", "descending foundation",
           "upright card of the carpet", "crossways card of the carpet", "re-deal place",
           "card turned", "card in hand", "tableau pile", "packet", "first foundation",
           "column of the garden", "king foundation", "queen foundation", "knave foundation",
           "from_foundation"}
GROUP_NAMES = {"Rampart packet": "the Ramparts", "Reserve card": "Reserve", "river": "the River",
               "packet of the Line": "the Line", "Auxiliary": "Auxiliaries", "Rival": "Rivals",
               "battery pile": "the Battery", "Flank": "Flanks", "packet of the promenade": "the Promenade",
               "help": "help", "later help": "later help"}


@dataclass
class Drag:
    src: str
    count: int
    lift: Lift

    @property
    def items(self) -> list[CardItem]:
        return self.lift.items

    @property
    def moved(self) -> bool:
        return self.lift.moved


def cloth_names(specs: tuple[PileSpec, ...]) -> dict[str, str]:
    """The names written on the cloth, by pile name (see ``GENERIC``)."""
    counts = Counter(s.label for s in specs)
    out: dict[str, str] = {}
    seen: set[str] = set()
    for s in specs:
        label = s.label
        if s.kind is PileKind.STOCK:
            out[s.name] = "stock"
        elif s.kind is PileKind.WASTE:
            out[s.name] = label if label in ("talon", "waste", "discard heap") else "waste"
        elif label.startswith("foundation at "):
            out[s.name] = label.removeprefix("foundation at ")
        elif not label or label in GENERIC or label.startswith("packet at "):
            pass
        elif counts[label] == 1:
            out[s.name] = label
        elif label not in seen:
            out[s.name] = GROUP_NAMES.get(label, label.removesuffix(" pile"))
        seen.add(label)
    return out


def place_of(spec: PileSpec, label: str) -> Place:
    mark = ""
    if spec.kind is PileKind.FOUNDATION and spec.build and spec.build.empty == Rank.ACE:
        mark = "A"
    elif spec.kind is PileKind.FOUNDATION and spec.build and spec.build.empty not in ("any", None, Rank.ACE):
        mark = Rank(spec.build.empty).short  # type: ignore[arg-type]
    elif spec.kind is PileKind.TABLEAU and spec.build and spec.build.empty == Rank.KING:
        mark = "K"
    return Place(spec.name, spec.x, spec.y, FAN_DIRECTIONS.get(spec.fan, (0, 0)), spec.room, spec.show,
                 spec.crossways, label, mark, grow=spec.fan is Fan.DOWN and not spec.room)


class PatienceController(TableController):
    reserves_prompt_band = False   # its cards need the height more (the layout rule)
    game: PatienceGame

    def __init__(self, table: "TableWidget", game: PatienceGame) -> None:
        super().__init__(table, game)
        self.specs: tuple[PileSpec, ...] = ()
        self.layer = CardLayer(table)
        self.places = PileScene(self.layer)
        self.drag: Drag | None = None
        self.focus_index = 0        # keyboard focus: which pile
        self.selection: tuple[str, int] | None = None  # keyboard: lifted cards (pile, count)
        self.keyboard_active = False  # the focus frame shows only once the keyboard is used
        self._card_pile: dict[int, tuple[str, int]] = {}
        self._hint: Any = None

    @property
    def piles(self) -> dict[str, PileItem]:
        return self.places.items

    @property
    def unit(self) -> float:
        return self.places.unit

    @property
    def _cards(self) -> dict[int, CardItem]:
        return self.layer.cards

    # -- structure --------------------------------------------------------------------------
    def build(self) -> None:
        session = self.table.session
        assert session is not None
        self.specs = self.game.specs(session.options)
        names = cloth_names(self.specs)
        self.places.declare(place_of(spec, names.get(spec.name, "")) for spec in self.specs)
        self.focus_index = next((i for i, s in enumerate(self.specs) if s.kind is PileKind.TABLEAU), 0)

    def teardown(self) -> None:
        self.layer.teardown()
        self.places.clear()
        self._card_pile = {}

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        # The cloth, the piles' quiet outlines and the book's names for them.
        painter.fillRect(rect, QBrush(baize_tile()))
        self.places.paint(painter)

    def fit(self, width: float, height: float) -> None:
        self.places.fit(width, height)

    def pile_pos(self, spec: PileSpec) -> QPointF:
        return self.places.corner(spec.name)

    def spec(self, name: str) -> PileSpec:
        return self.specs[[s.name for s in self.specs].index(name)]

    # -- where each card lies ---------------------------------------------------------------
    def spots(self, view: PatienceView) -> dict[int, Spot]:
        return self.places.positions({p.name: [(c.id, c.face) for c in p.cards] for p in view.piles})

    def card_positions(self, view: PatienceView) -> dict[int, tuple[QPointF, float, Any]]:
        """Physical id -> (position, z value, face) for every card in ``view``."""
        return {cid: (s.pos, s.z, s.face) for cid, s in self.spots(view).items()}

    def pile_area(self, name: str) -> QRectF:
        """The pile's place together with its fanned cards: where a drop counts for it."""
        dragged = set(self.drag.lift.ids) if self.drag is not None else set()
        return self.places.area(name, [c for c, (p, _) in self._card_pile.items()
                                       if p == name and c not in dragged])

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
        ids = [c.id for c in pile.cards[index:]]
        self.drag = Drag(name, len(ids), self.layer.lift(ids, scene_pos))
        self.light_targets(self.targets(name, len(ids)))
        self.table.clear_hint()

    def light_targets(self, names: set[str]) -> None:
        """Light the places the lifted cards may go to: an empty place, or the card on top of a
        pile (which covers its place), washed and framed in gold."""
        self.places.light(names, HIGHLIGHT)
        view = self.table.current_view()
        lifted = set(self.drag.lift.ids) if self.drag is not None else set()
        tops = {p.cards[-1].id for p in view.piles if p.name in names and p.cards}
        for item in self.card_items():
            if item.card_id in tops:
                item.set_glow(HIGHLIGHT)
            elif item.card_id not in lifted and item.selected_glow == HIGHLIGHT:
                item.set_glow(None)

    def targets(self, src: str, count: int) -> set[str]:
        """The places the ``count`` top cards of ``src`` may go to now."""
        return {a.dst for a in self.table.legal() if isinstance(a, Move) and a.src == src and a.count == count}

    def move(self, scene_pos: QPointF) -> None:
        if self.drag is not None:
            self.drag.lift.follow(scene_pos)

    def release(self, scene_pos: QPointF) -> None:
        drag, self.drag = self.drag, None
        self.light_targets(set())
        if drag is None:
            return
        if not drag.moved:
            if self.table.click_to_move and self._move_by_click(drag.src, drag.count):
                return
            self.table.sync(animate=False)
            return
        lead = drag.lift.lead_rect()
        self.drag = drag            # pile_area leaves the dragged cards out
        areas = {name: self.pile_area(name) for name in self.piles}
        self.drag = None
        legal = {a.dst: a for a in self.table.legal()
                 if isinstance(a, Move) and a.src == drag.src and a.count == drag.count}
        best: tuple[float, str] | None = None
        best_any: tuple[float, str] | None = None
        for name in self.piles:
            if name == drag.src:
                continue
            overlap = lead.intersected(areas[name])
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
        self.places.focus(names[self.focus_index] if self.keyboard_active and names else None)
        lifted: set[int] = set()
        targets: set[str] = set()
        if self.selection is not None:
            src, count = self.selection
            lifted = {c.id for c in self.table.current_view().pile(src).cards[-count:]}
            targets = self.targets(src, count)     # lit as in a drag
        for item in self.card_items():
            item.set_glow(HIGHLIGHT if item.card_id in lifted else None)
        if self.drag is None:
            self.light_targets(targets)

    def show_hint(self, action: Any) -> None:
        self._hint = action
        if isinstance(action, Move):
            view = self.table.current_view()
            self.layer.glow([c.id for c in view.pile(action.src).cards[-action.count:]], HINT)
            self.piles[action.dst].set_highlight(HINT)
        elif isinstance(action, (Draw, Redeal)):
            self.piles[self._stock_name()].set_highlight(HINT)

    def clear_hint(self) -> None:
        self._hint = None
        self.places.light((), None)
        self.show_keyboard_state()

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """The scene rectangles of the cards ``action`` moves and of the place they go to."""
        view = self.table.current_view()
        if isinstance(action, Move):
            ids = [c.id for c in view.pile(action.src).cards[-action.count:]]
            dst = view.pile(action.dst).cards
            target = self.places.rect(action.dst)
            if dst:
                top = self.layer.rect_of([dst[-1].id])
                target = top if top is not None else target
            return self.layer.rect_of(ids), target
        if isinstance(action, (Draw, Redeal)):
            stock = self._stock_name()
            waste = next((s.name for s in self.specs if s.kind is PileKind.WASTE), None)
            cards = view.pile(stock).cards
            src = self.layer.rect_of([cards[-1].id]) if cards else self.places.rect(stock)
            return src, self.places.rect(waste) if waste and isinstance(action, Draw) else self.places.rect(stock)
        return None, None

    def prompt(self) -> str:
        if self.selection is not None:
            return "Choose where to put the lifted cards with Left and Right, then Enter"
        return ""

    def cancel_drag(self) -> None:
        self.drag = None
        self.light_targets(set())

    # -- the card items -----------------------------------------------------------------------
    def card_item(self, card_id: int) -> CardItem:
        return self.layer.item(card_id)

    def card_items(self) -> list[CardItem]:
        return list(self.layer.cards.values())

    def cards_in_pile(self, name: str) -> list[CardItem]:
        return [self.layer.cards[cid] for cid, (pile, _) in self._card_pile.items() if pile == name]

    def pile_at(self, scene_pos: QPointF) -> tuple[str, int | None] | None:
        """The pile under ``scene_pos`` and the index of the card hit (``None``: its empty place)."""
        cid = self.layer.card_at(scene_pos, self._card_pile)
        if cid is not None:
            return self._card_pile[cid]
        name = self.places.place_at(scene_pos)
        return None if name is None else (name, None)

    def sync(self, animate: bool) -> None:
        """Put every card where the game's view says, with its face shown or hidden."""
        view = self.table.current_view()
        self._card_pile = {c.id: (p.name, i) for p in view.piles for i, c in enumerate(p.cards)}
        self.layer.place(self.spots(view), animate)
        self.show_keyboard_state()

    def intro(self) -> None:
        """Cards fly from the stock to their places one after another, about 1.5 s in all."""
        view = self.table.current_view()
        self.sync(animate=False)
        stock = next((s for s in self.specs if s.kind is PileKind.STOCK), self.specs[0])
        stock_ids = {c.id for c in view.pile(stock.name).cards}
        spots = self.spots(view)
        movers = [cid for cid in sorted(spots) if cid not in stock_ids]
        self.layer.deal(movers, self.pile_pos(stock), spots, DEAL_MS)

    def celebrate(self) -> None:
        """The win: the cards leave the foundations one after another and bounce down the
        cloth, leaving their trail, until a click, a key or a new deal."""
        view = self.table.current_view()
        ids = [c.id for p in view.piles if p.kind is PileKind.FOUNDATION for c in p.cards]
        self.layer.celebrate(ids, QRectF(self.table.viewport().rect()))

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
