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

The table talks: the decision before you is said in words (``prompt``); cards to put out (Piquet's
exchange, the widow) are chosen by clicks, rising, and put out with a button; a finished trick
stays in the middle for a pause (a setting; a click or the next card goes on, and the computer
waits through the view's ``busy_ms`` hook), then goes face down to a small pile by its winner; the
end of a hand is summed up on the cloth with each score's law before the next deal is shown; and a
game with an auction keeps a bidding grid by seat, clear of every seat and hand.

What is common to every card table (placing the cards by id, flights, the deal flying out,
finding the card under the pointer, lifting it) is the shared card layer's (``card_layer.py``);
the panels, buttons, the bidding grid and the summary are drawn by ``tricks_items.py``.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import (
    QEvent,
    QObject,
    QPointF,
    QRectF,
    QSizeF,
    Qt,
    QTimer,
)
from PySide6.QtGui import QKeyEvent, QMouseEvent

from ...core.cards import Card, Suit
from ...core.errors import IllegalAction
from ...games.tricks.engine import WHIST_POWER, Call, Deal, Discard, Play, Trick, TricksState, TricksView, active_slot
from .card_layer import CardLayer, Lift
from .card_renderer import aspect
from .controller import TableController
from .items import HIGHLIGHT, HINT, CardItem
from .motion import DEAL_MS
from .tricks_items import GOLD, INK, BiddingGrid, BoxCell, BoxFrame, CallButton, HandSummary, TextPanel  # noqa: F401

if TYPE_CHECKING:
    from ...core.game import Outcome

# GOLD, INK, TextPanel and CallButton stay importable from here: the counters and parlour tables
# take them from this module.

LIFT = 0.2                       # how far a playable card rises, in card widths
DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)   # colours alternate
BOX_MIN_CELLS = 12          # a game whose calls make a bigger grid than this gets the bidding box
TRICK_PAUSE_MS = 1500            # how long a finished trick stays on the cloth (a setting)
PAUSE_KEY = "table/trick_pause_ms"
DEMO_SUMMARY_MS = 3000           # the demo reads the end of a hand for this long, then deals on
# The games whose end-of-hand summary adds the double-dummy review (worked out in the worker).
REVIEW_GAMES = frozenset({"bridge", "auction_bridge"})
# The games with an auction, whose calls are kept in a bidding grid by seat.
AUCTION_GAMES = frozenset({"auction_bridge", "five_hundred", "boston", "solo_whist", "solo_whist_three_handed",
                           "kimberly_solo", "napoleon", "purchase_nap", "peep_nap", "bridge"})
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")


class ConfirmDiscard:
    """The action of the button that puts out the cards chosen (and says the word that ends the
    exchange, as Piquet's taking in), so that a card is never put out by a single click."""

    def __repr__(self) -> str:
        return "ConfirmDiscard()"


CONFIRM = ConfirmDiscard()


def number_word(k: int) -> str:
    return NUMBER_WORDS[k] if 0 <= k < len(NUMBER_WORDS) else str(k)


def auction_word(word: str) -> bool:
    """Is a word of the record a call of the auction (not a card put out, a note of a revoke or
    the buying of cards after the auction)?"""
    return not (word.startswith(("discard", "buy-", "the pack")) or ":" in word or word in ("stand", "peep"))


class _Gate(QObject):
    """Lets a click or a key through to the table only when the table is not showing a finished
    trick or the end of a hand; otherwise the click or key is the player's "go on"."""

    def __init__(self, controller: TricksController, parent: QObject) -> None:
        super().__init__(parent)
        self.controller = controller

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent) \
                and event.button() == Qt.MouseButton.LeftButton:
            return self.controller.gate_press(self.controller.table.mapToScene(event.position().toPoint()))
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
                return False
            return self.controller.gate_key()
        return False


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
        self.layer = CardLayer(table)           # the cards, placed, flown and found (card_layer.py)
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
        self.drag: Lift | None = None           # a card of your hand picked up by the pointer
        self._hint: Any = None
        self._hand_pos: dict[int, QPointF] = {}
        self._controlled: set[int] = set()   # ids of an exposed hand you play for (the dummy)
        self._played_for: set[int] = set()   # ... clickable also out of its turn, to hear why not
        self._open_top: dict[int, float] = {}  # seat -> left edge of its open hand across the top
        self._last_deal = 0
        # A finished trick stays in the middle for a pause (or until a click or the next card):
        # the trick, and the view it is shown in (the hand's last view when the hand is over).
        self.pause_ms = self._read_pause()
        self._held: Trick | None = None
        self._hold_timer = QTimer(table)        # dies with the table, never fires on a gone one
        self._hold_timer.setSingleShot(True)
        self._hold_timer.timeout.connect(self.go_on)
        # The end of a hand: its last view and the lines it scored, shown until a click or a key.
        self._ending: tuple[TricksView, list[tuple[str, str, str | None]], int] | None = None
        self.summary = HandSummary()
        self._summary_timer = QTimer(table)     # the demo reads the summary, then deals on
        self._summary_timer.setSingleShot(True)
        self._summary_timer.timeout.connect(self.go_on)
        self._review: tuple[int, Any] | None = None      # (deal, the worker's future)
        self._review_timer = QTimer(table)
        self._review_timer.setInterval(250)
        self._review_timer.timeout.connect(self._review_poll)
        self._seen: tuple[int, TricksState | None] = (0, None)   # steps and state at the last sync
        self.auction = BiddingGrid()
        self._selected: list[int] = []          # cards chosen to put out, not yet confirmed
        self._discard_cache: tuple[TricksState, tuple[int, int, Call | None] | None] | None = None
        self._gate = _Gate(self, table)

    # -- structure --------------------------------------------------------------------------------
    def build(self) -> None:
        scene = self.table.scene()
        scene.addItem(self.score)
        scene.addItem(self.info)
        scene.addItem(self.frame)
        scene.addItem(self.summary)
        scene.addItem(self.auction)
        self.auction.hide()
        self.frame.hide()
        self.table.viewport().installEventFilter(self._gate)
        self.table.installEventFilter(self._gate)

    def teardown(self) -> None:
        self._hold_timer.stop()
        self._summary_timer.stop()
        self._review_timer.stop()
        self._review = None
        self.table.viewport().removeEventFilter(self._gate)
        self.table.removeEventFilter(self._gate)
        for obj in (self._hold_timer, self._summary_timer, self._review_timer, self._gate):
            obj.deleteLater()           # children of the table: gone with this controller
        scene = self.table.scene()
        self.layer.teardown()
        for item in [*self.names.values(), *self.buttons, *self.dimmed,
                     self.score, self.info, self.frame, self.summary, self.auction]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.names.clear()
        self.buttons.clear()
        self.dimmed.clear()
        self._box_shape = None

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.unit = max(36.0, min(width / 10.5, height / 6.0))
        self.small = self.unit * 0.68
        self.centre = QPointF(width * 0.5, height * 0.42)

    @property
    def cards(self) -> dict[int, CardItem]:
        """The card items by id (the layer's)."""
        return self.layer.cards

    def view(self) -> TricksView:
        """The view the table shows: the game's, or while the end of a hand is on show, the
        hand's last view (the next deal is already dealt in the session)."""
        if self._ending is not None:
            return self._ending[0]
        return self.table.current_view()

    def legal(self) -> tuple[Any, ...]:
        """What the player may do now, as the table shows it: nothing while the end of a hand
        is on show."""
        return () if self._ending is not None else self.table.legal()

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
        self._observe()
        view = self.view()
        pub = view.pub
        if self.layer.dealing and pub.deal_no == self._last_deal:
            # the cards are still being dealt: they settle when the deal is out
            self._sync_panels(view)
            self._sync_buttons(view)
            return
        self._sync_corners(view)         # first: an open hand across the top keeps clear of them
        placed = self.positions(view)
        new_deal = (animate and self.table.animations_on and 0 < self._last_deal < pub.deal_no
                    and bool(pub.hands))
        self.layer.place(placed, animate and pub.deal_no == self._last_deal)
        self._last_deal = pub.deal_no
        if self._hint is not None:
            self.layer.glow([cid for cid in placed if self._hint_card(cid)], HINT)
        if new_deal:
            self.fly_deal(view, placed)
        self._sync_panels(view)
        self._sync_buttons(view)
        self._sync_talk(view)
        self.show_keyboard_state()
        # The decision may have changed without a move (a card chosen, a trick gathered, the
        # summary gone): the view's prompt line reads it again, where the view has one.
        refresh = getattr(self.table, "refresh_prompt", None)
        if callable(refresh):
            refresh()

    # -- a finished trick, the end of a hand ---------------------------------------------------------
    def _read_pause(self) -> int:
        settings = getattr(self.table.window(), "settings", None)
        if settings is None or not hasattr(settings, "value"):
            return TRICK_PAUSE_MS
        try:
            return max(0, min(10_000, int(settings.value(PAUSE_KEY, TRICK_PAUSE_MS))))
        except (TypeError, ValueError):
            return TRICK_PAUSE_MS

    def _observe(self) -> None:
        """See what happened since the last sync: a trick finished (it stays on the cloth for the
        pause), a hand ended (its last trick stays, then the summary), or history went back
        (whatever was on show goes)."""
        session = self.table.session
        if session is None:
            return
        steps = session.steps
        count, before = self._seen
        self._seen = (len(steps), session.state)
        if before is None or len(steps) == count:
            return
        if len(steps) < count or self.table.replaying or before is session.state:
            self._drop_shows()
            return
        new = steps[count:]
        deals = [k for k, step in enumerate(new) if isinstance(step.action, Deal)]
        if len(new) > 2:                     # a jump (a replay, a test's moves): nothing is held
            self._drop_shows()
            return
        if deals:
            self._drop_shows()
            if deals == [len(new) - 1] and before.deal_no > 0 and before.phase != "deal":
                end = before
                try:
                    for step in new[:deals[0]]:
                        end = self.game.apply(end, step.action)
                except (IllegalAction, ValueError):
                    return
                self._begin_ending(end)
            return
        state = session.state
        if self._ending is not None:         # play went on past the end of the hand shown
            self._drop_shows()
        if self._held is not None and (state.trick or len(state.tricks) != len(before.tricks)):
            self._drop_hold()              # the next card was played: the trick is gathered
        if state.deal_no == before.deal_no and len(state.tricks) == len(before.tricks) + 1 \
                and not state.trick and state.tricks:
            self._hold(state.tricks[-1])

    def _hold(self, trick: Trick) -> None:
        self._held = trick
        self._hold_timer.start(self.pause_ms)

    def _drop_hold(self) -> None:
        self._held = None
        self._hold_timer.stop()

    def _drop_shows(self) -> None:
        self._drop_hold()
        self._ending = None
        self._summary_timer.stop()
        self.summary.hide()

    def _begin_ending(self, end: TricksState) -> None:
        """A hand is over: show its last view (the last trick held), then what it scored."""
        view = self.game.view(end, self.me)
        lines = self.hand_lines(end)
        if not lines and not end.tricks:
            return                          # nothing was played or scored (all passed): deal on
        self._ending = (view, lines, end.deal_no)
        self._ask_review(end)
        if end.tricks and not end.trick:
            self._hold(end.tricks[-1])
        else:
            self._show_summary()

    def _ask_review(self, end: TricksState) -> None:
        """Ask the worker for the hand's double-dummy review; its lines join the summary when
        they come (the summary is shown at once, and the table never waits for them)."""
        if self.game.info.id not in REVIEW_GAMES or len(end.tricks) != 13 or self.table.demo_running:
            return
        try:
            self._review = (end.deal_no, self.table.worker.submit_review(self.game.info.id, end))
        except Exception:           # no worker to be had: the summary goes without the review
            return
        self._review_timer.start()

    def _review_poll(self) -> None:
        if self._review is None:
            self._review_timer.stop()
            return
        deal_no, future = self._review
        if not future.done():
            return
        self._review_timer.stop()
        self._review = None
        if self._ending is None or self._ending[2] != deal_no:
            return                   # the hand shown is another one now
        try:
            extra = future.result()
        except Exception:
            return
        view, lines, _ = self._ending
        self._ending = (view, lines + [(text, figure, None) for text, figure in extra], deal_no)
        if self.summary.isVisible():
            self._show_summary()

    def hand_lines(self, end: TricksState) -> list[tuple[str, str, str | None]]:
        """What the hand scored, from the game's score events (each with its law): the side, the
        points and why."""
        events = list(self.game.score_events(end))
        lines = end.sheet.lines
        if len(events) != len(lines):         # a game's own events: the newest ones of the hand
            mine = events[len(events) - len(end.sheet.lines_of_deal(end.deal_no)):]
        else:
            mine = [e for e, line in zip(events, lines) if line.deal == end.deal_no]
        sides = self.game.sides(dict(end.opts))

        def who(seat: int) -> str:
            return self.side_name_of(next((sd for sd in sides if seat in sd), (seat,)), end.n)

        # One line for each thing scored: a payment (one text, a side gaining what others lose)
        # with every side's amount, the same score made again (Piquet's trick points) counted.
        groups: dict[tuple[str, str | None], dict[str, list[int]]] = {}
        for event in mine:
            amounts = groups.setdefault((event.text, event.rule), {})
            total = amounts.setdefault(who(event.seat), [0, 0])
            total[0] += event.points
            total[1] += 1
        out: list[tuple[str, str, str | None]] = []
        net: dict[str, int] = {}
        for (text, rule), amounts in groups.items():
            for name, (points, _) in amounts.items():
                net[name] = net.get(name, 0) + points
            if len(amounts) == 1:
                name, (points, times) = next(iter(amounts.items()))
                said = self._own_words(text, name, end)
                out.append((said + (f" (×{times})" if times > 1 else ""), f"{points:+d}", rule))
            else:
                out.append((text, "  ".join(f"{name} {points:+d}" for name, (points, _) in amounts.items()), rule))
        if len(out) > 1:
            out.append(("The hand in all", "  ".join(f"{name} {points:+d}" for name, points in net.items()
                                                      if points), None))
        return out

    def _own_words(self, text: str, side: str, end: TricksState) -> str:
        """"You: leads — 1" for a sheet's "A: leads — 1" where A is your seat: the table's name
        for the side, once."""
        for seat in range(end.n):
            letter = self.game.seat_name(seat, end.n)
            if text.startswith(f"{letter}: ") and self.seat_title(seat, end.n) in side.split("–"):
                return f"{side}: {text[len(letter) + 2:]}"
        return f"{side}: {text}"

    def side_name_of(self, side: tuple[int, ...], n: int) -> str:
        return "–".join(self.seat_title(s, n) for s in side)

    def _show_summary(self) -> None:
        if self._ending is None:
            return
        _, lines, deal_no = self._ending
        self.summary.set_content(f"Deal {deal_no}: the score of the hand", lines,
                                 max(240.0, self.width - 40), max(11, min(16, int(self.unit * 0.2))))
        box = self.summary.boundingRect()
        self.summary.setPos(QPointF(self.width / 2 - box.width() / 2,
                                    max(6.0, self.centre.y() - box.height() / 2)))
        self.summary.show()
        if self.table.demo_running:
            self._summary_timer.start(DEMO_SUMMARY_MS)

    def go_on(self) -> None:
        """The pause is over, or the player clicked: the trick is gathered; at the end of a hand
        the summary comes, and after it the next deal."""
        self._hold_timer.stop()
        if self._held is not None:
            self._held = None
            if self._ending is not None:
                self._show_summary()
                if self.summary.isVisible():
                    self.table.sync(animate=True)
                    return
        elif self._ending is not None:
            self._ending = None
            self._summary_timer.stop()
            self.summary.hide()
        self.table.sync(animate=True)

    @property
    def holding(self) -> bool:
        return self._held is not None

    @property
    def summary_shown(self) -> bool:
        return self._ending is not None and self.summary.isVisible()

    def busy_ms(self) -> int:
        """How long the computer should wait before its next move: while a finished trick or the
        end of a hand is on show, it asks again shortly (the view's hook)."""
        return 100 if (self._held is not None or self._ending is not None) else 0

    def gate_press(self, scene_pos: QPointF) -> bool:
        """A press on the table while something is on show; True when it is used up here."""
        if self._ending is not None:
            rule = self.summary.line_rule_at(scene_pos) if self.summary.isVisible() else None
            if rule:
                self.open_rule(rule)
                return True
            self.go_on()
            return True
        if self._held is not None:
            if self.table.human_to_move and (self.card_at(scene_pos) is not None or self.button_at(scene_pos)):
                self._drop_hold()            # the next card or call: the trick is gathered as it goes
                return False
            self.go_on()
            return True
        return False

    def gate_key(self) -> bool:
        if self._ending is not None or (self._held is not None and not self.table.human_to_move):
            self.go_on()
            return True
        if self._held is not None:
            self._drop_hold()
        return False

    def open_rule(self, rule: str) -> None:
        """Open the law in the rules pane, and say it in the status bar.  The view's
        ``rule_link`` signal (a law's link on the table clicked) carries it where the view has
        one; else the main window's ``show_rule`` is asked directly."""
        link = getattr(self.table, "rule_link", None)
        if link is not None:
            link.emit(rule)
        else:
            show = getattr(self.table.window(), "show_rule", None)
            if callable(show):
                show(rule)
        self.table.say("The law of this score:", rule)

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
        self.layer.deal([cid for cid in sorted(placed) if cid not in rest], start, placed, DEAL_MS,
                        turn_in_flight=True, on_done=self._deal_out)

    def _deal_out(self) -> None:
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
        legal_cards = {a.card for a in self.legal() if isinstance(a, (Play, Discard))}
        self._hand_pos = {}
        self._controlled = set()
        self._played_for = set()
        self._open_top = {}
        self._closed_left: dict[int, float] = {}   # a closed hand's left edge, by seat
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
            if vc.id in self._selected:
                lift = LIFT * u * 1.6          # chosen to be put out: it stands well up
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
                side_rows = exposed and len(ids) > 1 and abs(a.x() - self.centre.x()) > self.width * 0.2
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
                if not exposed and ids:
                    self._closed_left[seat] = left
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
            # tricks taken: face down, squared up in a small pile beside the seat (each trick a
            # little askew on the last, so the pile's height shows; the panel gives the count)
            won = [t for t in pub.tricks if t.winner == seat]
            pile = self.trick_pile(seat, n)
            for j, t in enumerate(won):
                for m, (_, i) in enumerate(t.plays):
                    out[i] = (pile + QPointF(j * 1.5, -j * 1.5), 10 + j * 8 + m, None, s)
            # the cards a seat put out, face down beside its tricks, clear of its name, of the
            # score panel and of your hand
            if seat != self.me and abs(a.x() - self.centre.x()) <= 1:
                aside = pile + QPointF(0, s * aspect * 1.08)         # across: below its tricks
            elif seat == self.me and pile.x() + s * 2.4 <= self.width:
                aside = pile + QPointF(s * 1.3, 0)                   # yours: right of your tricks
            else:
                aside = pile - QPointF(s * 1.3, 0)
            for m, i in enumerate(pub.discards[seat] if pub.discards else ()):
                out[i] = (aside + QPointF(-m * 0.8, m * 0.8), 5 + m, None, s)
        # -- the last trick turned up for a look: over the winner's pile
        if self.show_last and pub.tricks:
            last = pub.tricks[-1]
            for m, (seat, i) in enumerate(last.plays):
                out[i] = (self.trick_spot(seat, n, spread=0.55), 30_000 + m, view.cards[i].face, u * 0.8)
        # -- a finished trick held in the middle for a moment before it is gathered
        if self._held is not None:
            for m, (seat, i) in enumerate(self._held.plays):
                out[i] = (self.trick_spot(seat, n), 20_000 + m, view.cards[i].face, u)
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
                if pub.dealer != self.me and abs(d.x() - self.centre.x()) <= 1:
                    # the dealer across the table: his name panel hangs below his hand, so the
                    # card turned for trumps lies to its right rather than under it
                    panel = self.names.get(pub.dealer)
                    half = panel.boundingRect().width() / 2 if panel is not None else s
                    spot += QPointF(half + s / 2 + 8, 0)
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
        if d.x() < -1:                   # a seat on the right: the pile lies on the hand's left
            return QPointF(p.x() - self.small * 1.9, p.y() - self.small * aspect * 0.2)
        right = self.small * 0.9
        panel = self.names.get(seat)
        if abs(d.x()) <= 1 and panel is not None:   # across the table: beside the seat's name
            right = max(right, panel.boundingRect().width() / 2 + 6)
        return QPointF(p.x() + right, p.y() - self.small * aspect * 0.2)

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
                under = QPointF(a.x() - box.width() / 2, a.y() + self.small * aspect / 2 + 4)
                panel.setPos(self._beside_closed_hand(seat, n, box) or under)
        for seat in list(self.names):
            if seat >= n:
                scene.removeItem(self.names.pop(seat))
        self._sync_corners(view)

    def _beside_closed_hand(self, seat: int, n: int, box: QRectF) -> QPointF | None:
        """Where a seat's name goes when under its closed hand it would cover the card it plays
        to the trick (two players across a short table: Piquet, Écarté at 1366×768): to the
        hand's left, level with it, if that is clear of the stock and the information panel."""
        left = getattr(self, "_closed_left", {}).get(seat)
        if left is None:
            return None
        a = self.seat_anchor(seat, n)
        under = QRectF(a.x() - box.width() / 2, a.y() + self.small * aspect / 2 + 4, box.width(), box.height())
        spot = self.trick_spot(seat, n)
        card = QRectF(spot.x(), spot.y(), self.unit, self.unit * aspect)
        if not under.intersects(card):
            return None
        beside = QRectF(left - box.width() - 8, a.y() - box.height() / 2, box.width(), box.height())
        if beside.left() < 20 + self.small * 1.1:   # the stock's corner
            return None
        if self.info.isVisible() and beside.intersects(self.info.sceneBoundingRect()):
            return None
        return beside.topLeft()

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

    def discard_rule(self) -> tuple[int, int, Call | None] | None:
        """When the player must put cards out (Piquet's exchange, Five Hundred's widow, …): the
        fewest and the most cards he may put out now, and the word said after them where the game
        has one (Piquet's taking in); ``None`` when no card is to be put out.  Found by trying it
        on the player's own hand, by the game's rules."""
        session = self.table.session
        if session is None or self._ending is not None or not any(isinstance(a, Discard) for a in self.legal()):
            return None
        state = session.state
        if self._discard_cache is not None and self._discard_cache[0] is state:
            return self._discard_cache[1]
        seat = session.to_move()
        s, k, least, follow = state, 0, None, None
        while k < 20:
            legal = list(self.game.legal_actions(s, seat)) if self.game.to_move(s) == seat else []
            outs = [a for a in legal if isinstance(a, Discard)]
            others = [a for a in legal if not isinstance(a, Discard)]
            if least is None and k > 0 and (others or not outs or s.phase != state.phase):
                least = k
                calls = [a for a in others if isinstance(a, Call)]
                follow = calls[0] if len(calls) == 1 and outs else None
            if not outs or s.phase != state.phase:
                break
            s = self.game.apply(s, outs[0])
            k += 1
        rule = (least if least is not None else k, k, follow)
        self._discard_cache = (state, rule)
        return rule

    def button_label(self, action: Any) -> str:
        if action is CONFIRM:
            rule = self.discard_rule()
            return "Exchange" if rule is not None and rule[2] is not None else "Discard"
        return self.game.call_label(action)

    def toggle_selected(self, cid: int) -> None:
        """A click on a card of your hand while cards are to be put out: it is chosen (it rises)
        or no longer chosen.  One too many is refused with the law, as the game words it."""
        rule = self.discard_rule()
        if rule is None:
            return
        if cid in self._selected:
            self._selected.remove(cid)
        else:
            refusal = self._try_discards([*self._selected, cid])
            if refusal is not None:
                reason = str(refusal)
                self.table.say(reason[:1].upper() + reason[1:] + ".", getattr(refusal, "rule", "") or "")
                return
            self._selected.append(cid)
        self.table.sync(animate=True)

    def _try_discards(self, ids: list[int]) -> IllegalAction | None:
        session = self.table.session
        assert session is not None
        s = session.state
        seat = session.to_move()
        for cid in ids:
            face = s.deck[cid]
            if self.game.to_move(s) != seat or s.phase != session.state.phase:
                rule = self.discard_rule()
                most = rule[1] if rule else 0
                return IllegalAction(f"no more than {number_word(most)} card{'s' if most != 1 else ''} "
                                     "may be put out now", self._discard_law())
            try:
                s = self.game.apply(s, Discard(face))
            except IllegalAction as exc:
                return exc
        return None

    def _discard_law(self) -> str:
        anchor = self.game.page_section("the-exchange", "discarding-and-taking-in", "the-elder-hands-exchange",
                                        "the-widow", "running-the-cards", "the-cachette", "discarding")
        return self.game.ref(anchor) if anchor else self.game.ref_play()

    def confirm_discard(self) -> None:
        """Put out the cards chosen, then say the word that ends the exchange (if any)."""
        rule = self.discard_rule()
        if rule is None:
            return
        least, _, follow = rule
        k = len(self._selected)
        if k < least:
            more = least - k
            self.table.say(f"Choose {number_word(more)} more card{'s' if more != 1 else ''} to put out first.",
                           self._discard_law())
            return
        refusal = self._try_discards(self._selected)
        if refusal is not None:
            self.table.say(str(refusal)[:1].upper() + str(refusal)[1:] + ".", getattr(refusal, "rule", "") or "")
            return
        session = self.table.session
        assert session is not None
        faces = [session.state.deck[cid] for cid in self._selected]
        self._selected = []
        for face in faces:
            if not self.table.play(Discard(face)):
                return
        if follow is not None and follow in self.table.legal():
            self.table.play(follow)
        self.table.sync(animate=True)

    def _sync_buttons(self, view: TricksView) -> None:
        scene = self.table.scene()
        calls: list[Any] = [a for a in self.legal() if isinstance(a, Call)]
        rule = self.discard_rule()
        if rule is None:
            self._selected = []
        else:
            calls = [a for a in calls if a != rule[2]] + [CONFIRM]
            mine = set(self._hand_pos)
            self._selected = [c for c in self._selected if c in mine]
        grid = self.call_grid(view, [a for a in calls if isinstance(a, Call)])
        shape = None if grid is None else (len(grid[0]), len(grid[1]))
        if [b.action for b in self.buttons] != calls or shape != self._box_shape:
            for b in [*self.buttons, *self.dimmed]:
                scene.removeItem(b)
            size = max(12, min(16, int(self.unit * 0.18)))
            self.dimmed = []
            self._box_shape = shape
            if grid is None:
                self.buttons = [CallButton(a, self.button_label(a), size) for a in calls]
            else:
                levels, strains, cells = grid
                where = {a: rc for rc, a in cells.items()}
                self.buttons = [BoxCell(a, self.game.call_label(a), levels[where[a][0]], strains[where[a][1]],
                                        True, size) if a in where else CallButton(a, self.button_label(a), size)
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
        # The turn-up lying before you (you dealt) stays in sight: the calls go above it.
        turnup = self.cards.get(view.pub.turnup) if view.pub.turnup is not None else None
        if turnup is not None and turnup.isVisible():
            card = turnup.sceneBoundingRect()
            band = QRectF(12, y, self.width - 24, h * len(rows))
            if band.intersects(card) and card.top() - h * len(rows) - 4 > self.centre.y():
                y = card.top() - h * len(rows) - 4
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

    # -- the table talks: the prompt, the bidding grid ----------------------------------------------
    def prompt(self) -> str:
        """The decision the player must take now, in words (empty while someone else decides)."""
        if self._ending is not None:
            return "Click or press a key for the next deal" if self.summary.isVisible() else "Click to go on"
        if self._held is not None and not self.table.human_to_move:
            who = self.seat_title(self._held.winner, self.view().pub.n)
            return f"{who} {'win' if who == 'You' else 'wins'} the trick: click to go on"
        if not self.table.human_to_move:
            return ""
        legal = self.legal()
        pub = self.view().pub
        rule = self.discard_rule()
        if rule is not None:
            least, most, _ = rule
            many = number_word(most) if least == most else f"{number_word(least)} to {number_word(most)}"
            chosen = len(self._selected)
            cards = f"{many} card{'s' if most != 1 else ''}"
            if self.button_label(CONFIRM) == "Exchange":
                text = f"Discard {cards}, then Exchange"
            else:
                text = f"Choose {cards} to discard, then press Discard"
            return text + (f" ({number_word(chosen)} chosen)" if chosen else "")
        plays = [a.card for a in legal if isinstance(a, Play)]
        if plays:
            whose = "" if pub.turn == self.me else f" from {self.seat_title(pub.turn, pub.n)}'s hand"
            if not pub.trick:
                return "Lead a card" + whose
            led = self.game.effective_suit(pub, self.view().face(pub.trick[0][1])) if \
                self.view().face(pub.trick[0][1]) is not None else None
            hand = [vc.face for vc in self.view().hand(pub.turn) if vc.face is not None]
            if led is not None and any(self.game.effective_suit(pub, c) == led for c in hand):
                may_trump = self.game.may_trump_instead() and pub.trump is not None and pub.trump != led
                return ("Follow suit or trump" if may_trump else "Follow suit") + whose
            return "You cannot follow suit: play any card" + whose
        calls = [a for a in legal if isinstance(a, Call)]
        if calls:
            if self._box_shape is not None:
                return "Your call: choose in the bidding box"
            labels = [self.game.call_label(a) for a in calls]
            if len(labels) <= 3:
                return "Your call: " + " or ".join(labels)
            return "Your call: choose one of the calls below"
        return ""

    def _sync_talk(self, view: TricksView) -> None:
        """The bidding grid (the view shows the prompt in its line at the cloth's edge)."""
        self._sync_auction(view)

    def auction_record(self, pub: TricksState) -> tuple[list[str], list[list[str]]]:
        """The bidding grid's headings (the seats in the order they call, from the first to speak:
        the dealer at Bridge, the eldest hand where the dealer speaks last, so that each round is
        one row) and its rows (a call in the game's own words, blank where a seat said nothing)."""
        n = pub.n
        said = [(seat, word) for seat, word in pub.calls if auction_word(word)]
        first = said[0][0] if said else (pub.dealer + 1) % n
        order = [(first + k) % n for k in range(n)]
        headers = [self.seat_title(seat, n) for seat in order]
        rows: list[list[str]] = []
        last = n
        for seat, word in said:
            col = (seat - first) % n
            if not rows or col <= last:
                rows.append([""] * n)
            rows[-1][col] = self.said_label(word, own=seat == self.me)
            last = col
        return headers, rows

    def _sync_auction(self, view: TricksView) -> None:
        pub = view.pub
        if self.game.info.id not in AUCTION_GAMES or not pub.deal_no:
            self.auction.hide()
            return
        headers, rows = self.auction_record(pub)
        if not rows:
            self.auction.hide()
            return
        playing = pub.phase == "play" or bool(pub.tricks)
        obstacles = self._obstacles(view)
        if self.frame.isVisible():
            obstacles.append(self.frame.sceneBoundingRect())
        obstacles += [b.sceneBoundingRect() for b in self.buttons if b.isVisible()]
        if self.summary.isVisible():
            obstacles.append(self.summary.sceneBoundingRect())
        r = self.unit * 1.6                  # the trick's place in the middle stays clear
        obstacles.append(QRectF(self.centre.x() - r, self.centre.y() - r * 1.1, 2 * r, 2.2 * r))
        top_size = 12 if playing else 14
        keeps: list[int | None] = [3, 2, 1] if playing else [None, 6, 4, 3, 2]
        for size in range(top_size, 8, -1):
            for keep in keeps:
                rect = self.auction.measure(headers, rows, size, keep)
                spot = self._free_spot(rect.width(), rect.height(), obstacles)
                if spot is not None:
                    self.auction.setPos(spot)
                    self.auction.show()
                    return
        self.auction.hide()                  # nowhere clear: the seat panels still say each last call

    def _free_spot(self, width: float, height: float, obstacles: list[QRectF]) -> QPointF | None:
        """A place for a panel of this size clear of every obstacle: down the left edge first,
        then the right, then anywhere across the cloth."""
        xs = [8.0, self.width - width - 8]
        xs += [float(x) for x in range(8, int(self.width - width - 8), 24)]
        for x in xs:
            if x < 0 or x + width > self.width:
                continue
            for y in range(6, int(self.height - height - 4), 6):
                rect = QRectF(x - 4, y - 4, width + 8, height + 8)
                if not any(rect.intersects(o) for o in obstacles):
                    return QPointF(x, y)
        return None

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
        """The card of a hand you play from under the pointer (the topmost)."""
        return self.layer.card_at(pos, among=self._hand_pos)

    def button_at(self, pos: QPointF) -> CallButton | None:
        """The call under the pointer; a dimmed cell of the bidding box too, so that the table
        can say why that call may not be made now."""
        for b in [*self.buttons, *self.dimmed]:
            if b.sceneBoundingRect().contains(pos):
                return b
        return None

    def press(self, scene_pos: QPointF) -> None:
        b = self.button_at(scene_pos)
        if b is not None:
            self.say_action(b.action)
            return
        cid = self.card_at(scene_pos)
        if cid is not None:
            self.drag = self.layer.lift([cid], scene_pos)

    def move(self, scene_pos: QPointF) -> None:
        if self.drag is not None:
            self.drag.follow(scene_pos, threshold=6.0)

    def release(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        cid, moved = self.drag.ids[0], self.drag.moved
        self.drag = None
        if not moved or self._in_middle(scene_pos):
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
        if self.discard_rule() is not None:
            self.toggle_selected(cid)          # chosen, then put out with the button
            return
        if any(isinstance(a, Discard) for a in self.legal()) or view.pub.phase == "discard":
            self.table.play(Discard(face))
        else:
            self.table.play(Play(face))
        self.table.sync(animate=True)

    def say_action(self, action: Any) -> None:
        """A call's button (or the button that puts out the chosen cards) was pressed."""
        if action is CONFIRM:
            self.confirm_discard()
        else:
            self.table.play(action)

    def choices(self) -> list[Any]:
        """What the keyboard moves between: the call buttons, or the cards of your hand — both
        while cards may still be put out beside a button that ends the exchange (Piquet)."""
        putting_out = any(isinstance(a, Discard) for a in self.legal())
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
                self.say_action(chosen)
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
            b.set_hinted(self._hint_is(b.action))
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

    def _hint_is(self, action: Any) -> bool:
        """Is ``action`` (a button's) the hinted one?  The button that puts out the chosen cards
        stands for the word that ends the exchange."""
        if self._hint is None:
            return False
        if action is CONFIRM:
            rule = self.discard_rule()
            return rule is not None and (self._hint == rule[2] or isinstance(self._hint, Discard)
                                         and len(self._selected) >= rule[0])
        return bool(action == self._hint)

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """The hint's two places: the card the action plays (or the call's button) and where it
        goes (the trick's place for the seat that plays it; the seat's discards for a card put
        out)."""
        view = self.view()
        pub = view.pub
        if isinstance(action, (Play, Discard)):
            seat = pub.turn if isinstance(pub.turn, int) else self.me
            slot = active_slot(pub, seat)
            ids = pub.hands[slot] if slot is not None else ()
            cid = next((i for i in ids if view.face(i) == action.card), None)
            item = self.cards.get(cid) if cid is not None else None
            source = item.sceneBoundingRect() if item is not None and item.isVisible() else None
            size = QSizeF(self.unit, self.unit * aspect)
            if isinstance(action, Play):
                return source, QRectF(self.trick_spot(seat, pub.n), size)
            pile = self.trick_pile(seat, pub.n) + QPointF(-self.small * 1.3, 0)
            return source, QRectF(pile, QSizeF(self.small, self.small * aspect))
        for b in self.buttons:
            if b.action == action or (b.action is CONFIRM and self._hint_is(CONFIRM) and action == self._hint):
                return b.sceneBoundingRect(), None
        return None, None

    def status_parts(self) -> list[str]:
        view = self.view()
        pub = view.pub
        parts = [f"Deal {pub.deal_no}"]
        if pub.trump is not None:
            parts.append(f"trumps {pub.trump.symbol}")
        if self.table.human_to_move:
            if pub.phase == "discard":
                parts.append("put out cards")
            elif pub.phase == "play":
                parts.append("your lead" if not pub.trick else "your play")
            else:
                parts.append("your call")
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
        return [("Show the last trick", "L", self.toggle_last_trick),
                ("Pause after each trick…", None, self.choose_pause),
                *deal_actions(self.table, self.game)]

    def choose_pause(self) -> None:
        """Ask how long a finished trick stays on the cloth (a click always goes on at once)."""
        from PySide6.QtWidgets import QInputDialog
        seconds, ok = QInputDialog.getDouble(
            self.table, "Pause after each trick",
            "Seconds a finished trick stays on the table\n(a click goes on at once; 0: no pause):",
            self.pause_ms / 1000, 0.0, 10.0, 1)
        if ok:
            self.set_pause(round(seconds * 1000))

    def set_pause(self, ms: int) -> None:
        self.pause_ms = max(0, min(10_000, int(ms)))
        settings = getattr(self.table.window(), "settings", None)
        if settings is not None and hasattr(settings, "setValue"):
            settings.setValue(PAUSE_KEY, self.pause_ms)
