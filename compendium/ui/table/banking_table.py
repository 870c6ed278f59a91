"""The table of the banking card games where one dealer holds the bank against every punter:
Vingt-Un (and its French form) and Blind Hookey.

Built on the counters table (``counters_table.CountersController``): the seats round an oval,
each player's counters before him and his stake between him and the middle, the tray of counters
to make up a stake by click, drag or the arrow keys, and a button for every other decision.  What
is added here: each player's cards beside his seat (yours large at the bottom), the pack beside
the dealer, and the last round told in words in the corner.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF

from ...core.cards import Card
from .card_renderer import aspect
from .counters_table import CountersController
from .items import CardItem


class BankingController(CountersController):
    """Vingt-Un's table; Blind Hookey's is the subclass below."""

    pool_name = ""

    def __new__(cls, table: Any, game: Any) -> "BankingController":
        # One table kind for both games (the controller map keys by kind): Blind Hookey's
        # packets are laid out by its own subclass.
        if cls is BankingController and game.info.id == "blind_hookey":
            cls = HookeyController
        return super().__new__(cls)

    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.amount_types = self.stake_types()
        self.pack_stack: list[CardItem] = []

    def stake_types(self) -> tuple[type, ...]:
        # A card bought face down is an amount too: made up from the tray like a stake.
        from ...games.chance.vingt_un import Buy, Stake
        return (Stake, Buy)

    def teardown(self) -> None:
        scene = self.table.scene()
        for item in self.pack_stack:
            if item.scene() is scene:
                scene.removeItem(item)
        self.pack_stack.clear()
        super().teardown()

    def amount_action(self, amount: int) -> Any:
        legal = self.table.legal()
        kind = next((type(a) for a in legal if isinstance(a, self.amount_types)), self.amount_types[0])
        return kind(amount)

    def pending_caption(self, view: Any, amount: int) -> str:
        return f"buy for {amount}" if view.pub.phase == "punter" else f"stake {amount}"

    def pending_spot(self) -> QPointF:
        # A stake being made lies where it will lie; the price of a card, on the other side.
        if self.view().pub.phase == "punter":
            return QPointF(self.centre.x() - self.unit * 1.9, self.buttons_top() - self.unit * 0.6)
        return self.stake_spot(self.me)

    # -- where things lie ---------------------------------------------------------------------------
    def hand_spot(self, seat: int, width: float, count: int, fan: float) -> QPointF:
        """The top left of a seat's first card: yours above your name, the others' just inside
        their places at the oval."""
        a = self.seat_anchor(seat)
        total = width + fan * max(0, count - 1)
        if seat == self.me:
            return QPointF(a.x() - total / 2, a.y() - width * aspect / 2)
        return QPointF(min(max(6.0, a.x() - total / 2), self.width - total - 6), a.y() - width * aspect / 2)

    def positions(self, view: Any) -> dict[int, tuple[QPointF, float, Card | None, float]]:
        out: dict[int, tuple[QPointF, float, Card | None, float]] = {}
        self._hand_pos = {}
        for seat, hand in enumerate(view.cards):
            if not hand:
                continue
            mine = seat == self.me
            width = self.unit if mine else self.small
            fan = width * (0.62 if mine else 0.42)
            base = self.hand_spot(seat, width, len(hand), fan)
            for k, vc in enumerate(hand):
                pos = base + QPointF(k * fan, 0)
                out[vc.id] = (pos, 100 + seat * 20 + k, vc.face, width)
        return out

    def pack_spot(self, view: Any) -> QPointF:
        d = self.seat_anchor(view.pub.dealer)
        p = d + (self.centre - d) * 0.62
        return QPointF(p.x() - self.small / 2, p.y() - self.small * aspect * 0.9)

    def deal_from_spot(self, view: Any) -> QPointF:
        return self.pack_spot(view)

    def stock_spot(self, seat: int, panel: Any) -> QPointF:
        if seat == self.me:
            return super().stock_spot(seat, panel)
        # beside the name, on the side towards the middle of the table
        side = 1 if panel.center().x() < self.width * 0.5 else -1
        return QPointF(panel.center().x() + side * (panel.width() / 2 + self.disc() * 1.3), panel.bottom() - 2)

    def stake_spot(self, seat: int) -> QPointF:
        if seat == self.me:
            # right of your hand (room for five cards), clear of the buttons and the dealer's counters
            return QPointF(self.centre.x() + self.unit * 2.5, self.height - self.unit * 0.3)
        return self.toward_centre(seat, 0.36) + QPointF(0, self.small * aspect * 0.5)

    def staked_by(self, view: Any, seat: int) -> int:
        pub = view.pub
        return pub.stakes[seat] if pub.stakes and seat != pub.dealer else 0

    # -- words ----------------------------------------------------------------------------------------
    def seat_lines(self, view: Any, seat: int) -> list[str]:
        pub = view.pub
        title = self.seat_title(seat) + ("  · dealer" if seat == pub.dealer else "")
        lines = [title]
        status = pub.status[seat] if pub.status else ""
        count = view.count(seat)
        words = {"natural": "natural!", "over": "overdrawn", "content": "content"}.get(status, "")
        if count is not None and pub.phase not in ("over",):
            words = f"{count}" + (f" · {words}" if words else "")
        if words:
            lines.append(words)
        last = pub.last
        if last is not None and seat < len(last.hands) and last.hands[seat] and pub.phase in ("stake", "double"):
            # The round just settled, while the next one's stakes are made: each hand as it was
            # shown, its count and what it won or lost.
            from ...games.chance.vingt_un import total
            cards = " ".join(str(card) for card in last.hands[seat])
            lines.append(f"last: {cards} ({total(last.hands[seat])}) {last.nets[seat]:+d}")
        return lines

    def info_lines(self, view: Any) -> list[str]:
        pub = view.pub
        lines = [f"Round {min(pub.round_no + 1, int(pub.option('rounds')))} of {pub.option('rounds')}"
                 + (" · stakes doubled" if pub.doubled else "")]
        phase = {"stake": "Stakes on the first card", "double": "The dealer may double",
                 "punter": "The punters draw", "dealer": "The dealer draws"}.get(pub.phase)
        if phase:
            lines.append(phase)
        if pub.last is not None:
            nets = ", ".join(f"{self.seat_title(s)} {v:+d}" for s, v in enumerate(pub.last.nets) if v)
            lines.append(f"Last round: {pub.last.text}")
            if nets:
                lines.append(nets if len(nets) < 60 else nets[:58] + "…")
        return lines

    PROMPTS = {"stake": "Stake on your first card", "double": "Double every stake, or leave them single",
               "punter": "A card, or content?", "dealer": "Draw, or stand?"}

    def prompt(self) -> str:
        if not self.table.human_to_move:
            return ""
        return self.PROMPTS.get(self.view().pub.phase, "")

    def status_parts(self) -> list[str]:
        pub = self.view().pub
        parts = [f"Round {pub.round_no + 1}", f"{self.game.seat_name(pub.dealer)} deals"]
        if self.table.human_to_move:
            parts.append(self.PROMPTS.get(pub.phase, "your turn"))
        elif isinstance(pub.turn, int):
            parts.append(f"{self.game.seat_name(pub.turn)} to speak")
        return parts

    def _sync_panels(self, view: Any) -> None:
        super()._sync_panels(view)
        scene = self.table.scene()
        dpr = self.table.devicePixelRatioF()
        while len(self.pack_stack) < 3:
            item = CardItem(-200 - len(self.pack_stack), self.small, dpr)
            scene.addItem(item)
            self.pack_stack.append(item)
        at = self.pack_spot(view)
        for m, item in enumerate(self.pack_stack):
            item.set_size(self.small, dpr)
            item.set_face(None)
            item.setZValue(5 + m)
            item.setPos(at + QPointF(m * 1.5, -m * 1.5))
            item.setVisible(view.pub.phase != "over")


class HookeyController(BankingController):
    """Blind Hookey: the packets before each player, face down until turned."""

    def stake_types(self) -> tuple[type, ...]:
        from ...games.chance.blind_hookey import Stake, StakeOn
        return (Stake, StakeOn)

    def amount_action(self, amount: int) -> Any:
        from ...games.chance.blind_hookey import StakeOn
        if any(isinstance(a, StakeOn) for a in self.table.legal()):
            return StakeOn(2, amount)        # the right packet; the left one is the extra button
        return super().amount_action(amount)

    def extra_buttons(self, view: Any, legal: tuple[Any, ...]) -> list[tuple[Any, str]]:
        from ...games.chance.blind_hookey import StakeOn
        if any(isinstance(a, StakeOn) for a in legal):
            action = StakeOn(1, self.pending)
            return [(action, self.game.action_label(view.pub, action))]
        return []

    def positions(self, view: Any) -> dict[int, tuple[QPointF, float, Card | None, float]]:
        out: dict[int, tuple[QPointF, float, Card | None, float]] = {}
        self._hand_pos = {}
        for seat, packet in enumerate(view.packets):
            if packet is None:
                continue
            width = self.unit if seat == self.me else self.small
            base = self.hand_spot(seat, width, 2, width * 0.1)
            # the packet's thickness: a few backs under its bottom card
            for k, vc in enumerate(packet):
                out[vc.id] = (base + QPointF(k * 1.2, -k * 1.2), 100 + seat * 60 + k, vc.face, width)
        # The three packets: the two the punters stake on lie side by side in the middle.
        width = self.small
        for h, heap in enumerate(view.heaps):
            base = QPointF(self.centre.x() + (h - 1) * width * 1.4 + width * 0.2,
                           self.centre.y() - width * aspect * 0.6)
            for k, vc in enumerate(heap):
                out[vc.id] = (base + QPointF(k * 1.2, -k * 1.2), 60 + h * 10 + k, vc.face, width)
        return out

    def seat_lines(self, view: Any, seat: int) -> list[str]:
        pub = view.pub
        title = self.seat_title(seat) + ("  · dealer" if seat == pub.dealer else "")
        lines = [title]
        if pub.results and pub.results[seat]:
            lines.append(pub.results[seat])
        return lines

    def info_lines(self, view: Any) -> list[str]:
        pub = view.pub
        lines = [f"Round {min(pub.round_no + 1, int(pub.option('rounds')))} of {pub.option('rounds')}"]
        if pub.phase == "stake":
            lines.append("Stakes on the packets, unseen")
        if pub.option("packets", "each") == "three":
            lines.append("The three packets: stake on the left or the right")
        if pub.last_text:
            lines.append(f"Last round: {pub.last_text}")
        return lines

    PROMPTS = {"cut": "Cut a packet off the pack", "stake": "Stake on your packet without looking"}

    def prompt(self) -> str:
        pub = self.view().pub
        if self.table.human_to_move and pub.option("packets", "each") == "three":
            return ("Cut the pack into three packets" if pub.phase == "cut"
                    else "Stake on the left or the right packet, unseen")
        return super().prompt()

    def _sync_panels(self, view: Any) -> None:
        super()._sync_panels(view)
        for item in self.pack_stack:         # the pack lies in the middle only while it is being cut
            item.setVisible(view.pub.phase == "cut")
