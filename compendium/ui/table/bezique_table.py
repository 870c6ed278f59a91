"""The Bézique table: the trick table, with each player's declared cards lying face up in front of
him and played from there.

Your declared cards lie in a row on the left above your name and hand (clear of the buttons in the
middle);
your opponent's in a row below his hand, on the right of the trick.  Yours answer a click, a drag
to the middle or the keyboard like the cards in your hand: a card clicked there is played from
the table (``PlayShown`` where you also hold a concealed copy of it).  After a trick you win, the
declarations the laws allow are buttons with their values, beside *Draw*; when *Draw* is all that
is left to say, the table says it for you after a moment (your opponent cannot tell the
difference: he sees "draw" either way).  Everything else is the trick table's.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QTimer

from ...core.frozen import replace
from ...games.tricks.bezique import PlayShown
from ...games.tricks.engine import Call, Play, TricksView
from .card_renderer import aspect
from .tricks_table import LIFT, TricksController

AUTO_DRAW_MS = 350        # the pause before the table draws for you when there is nothing to declare
FORCED = ([Call("draw")], [Call("pass")])   # the calls the table says for you when they are all that is left


class BeziqueController(TricksController):
    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self._meld_rows: dict[int, QRectF] = {}
        self._auto = QTimer(table)
        self._auto.setSingleShot(True)
        self._auto.timeout.connect(self._auto_draw)

    def teardown(self) -> None:
        self._auto.stop()
        self._auto.deleteLater()
        super().teardown()

    # -- where the cards go ---------------------------------------------------------------------------
    def positions(self, view: TricksView) -> dict[int, tuple[QPointF, float, Any, float]]:
        pub = view.pub
        melded = self.game.melded(pub)
        lying = {i for ids in melded for i in ids}
        if lying:
            # the hands without the cards lying declared: the trick table fans those
            hands = tuple(tuple(i for i in h if i not in lying) for h in pub.hands)
            out = super().positions(TricksView(view.seat, replace(pub, hands=hands), view.cards))
        else:
            out = super().positions(view)
        self._meld_rows = {}
        legal = self.legal()
        shown_ok = {a.card for a in legal if isinstance(a, Play)}
        u, s = self.unit, self.small
        for seat in (0, 1):
            ids = sorted(melded[seat], key=lambda i: (str(view.cards[i].face), i))
            if not ids:
                continue
            w = u * 0.62
            h = w * aspect
            a = self.seat_anchor(seat, pub.n)
            if seat == self.me:
                # on the left, above your name and hand, clear of the calls in the middle
                lo = 12.0
                room = self.centre.x() - u * 1.6 - lo
            else:
                # below his hand and name, left of the trick, clear of the stock and the turn-up
                lo = s * 2.2 + 12
                hi = self.centre.x() - u * 1.12
                room = hi - lo
            step = min(w * 0.62, max(w * 0.2, (room - w) / max(1, len(ids) - 1)))
            total = w + step * (len(ids) - 1)
            if seat == self.me:
                panel = self.names.get(self.me)
                tall = panel.sceneBoundingRect().height() if panel is not None and panel.isVisible() else 72.0
                top = a.y() - u * aspect / 2 - LIFT * u - h - tall - 18
                left = lo
            else:
                panel = self.names.get(seat)
                below = panel.sceneBoundingRect().bottom() if panel is not None and panel.isVisible() \
                    else a.y() + s * aspect / 2 + 70
                top = max(a.y() + s * aspect / 2 + 10, below + 8)
                left = max(lo, hi - total)
            self._meld_rows[seat] = QRectF(left, top, total, h)
            for k, i in enumerate(ids):
                face = view.cards[i].face
                rise = 0.0
                if seat == self.me and face in shown_ok and pub.turn == self.me and pub.phase == "play":
                    rise = LIFT * w
                pos = QPointF(left + k * step, top - rise)
                out[i] = (pos, 60 + k, face, w)
                if seat == self.me:
                    self._hand_pos[i] = pos
        return out

    def _sync_buttons(self, view: TricksView) -> None:
        super()._sync_buttons(view)
        row = self._meld_rows.get(self.me)
        if row is None or not self.buttons:
            return
        # the calls go above your declared cards where they would cover them
        lowest = max(b.sceneBoundingRect().bottom() for b in self.buttons)
        if any(b.sceneBoundingRect().intersects(row) for b in self.buttons):
            shift = lowest - row.top() + 6
            for b in self.buttons:
                b.setPos(b.pos() - QPointF(0, shift))

    def sync(self, animate: bool) -> None:
        super().sync(animate)
        legal = self.legal()
        if (self.table.human_to_move and legal and list(legal) in FORCED
                and not self.holding and not self._auto.isActive()):
            self._auto.start(AUTO_DRAW_MS)

    def _auto_draw(self) -> None:
        # "Draw" with nothing to declare, or (Rubicon) "Pass" when the card drawn after carte
        # blanche is a court card: the only word left is said for you
        legal = list(self.legal())
        if self.table.human_to_move and legal in FORCED:
            self.table.play(legal[0])

    def trick_spot(self, seat: int, n: int, spread: float = 1.0) -> QPointF:
        # two cards side by side in the middle, his on the left and a little higher, yours on the
        # right: clear of his name panel and of the rows of declared cards
        u = self.unit
        side = 1.0 if seat == self.me else -1.0
        x = self.centre.x() + side * u * 0.56 * spread - u / 2
        y = self.centre.y() - u * aspect / 2 + side * u * 0.12
        return QPointF(x, y)

    def prompt(self) -> str:
        """While the stock lasts the second player may play any card (the trick table would ask
        him to follow suit); in the last tricks he must follow and win."""
        text = super().prompt()
        pub = self.view().pub
        if self.table.human_to_move and pub.phase == "play" and pub.trick:
            if self.game.stock_left(pub):
                return "Play any card: while the stock lasts you need not follow suit"
            return "Follow suit and win the trick if you can (or trump)"
        if text.startswith("Your call") and pub.phase == "declare":
            return "You won the trick: declare, or Draw"
        if text.startswith("Your call") and pub.phase == "blanche":
            view = self.view()
            drawn = [view.face(i) for who, i in getattr(pub.contract, "drawn", ()) if who == self.me]
            what = f"the {drawn[0].name}" if drawn and drawn[0] is not None else "the card"
            return f"Carte blanche: show {what} you drew (50), or Pass"
        return text

    # -- playing a card from the table ---------------------------------------------------------------
    def play_card(self, cid: int) -> None:
        view = self.view()
        face = view.face(cid)
        rec = view.pub.contract
        if face is not None and rec is not None and cid in self.game.melded(view.pub)[self.me]:
            shown = PlayShown(face)
            if shown in self.legal():
                self.table.play(shown)
                self.table.sync(animate=True)
                return
        super().play_card(cid)
