"""Purchase Nap and Peep Nap (Hoyle's Games Modernized, 1909): Napoleon with a pool fed by buying
fresh cards, or by paying to look at a spare card.

Purchase ("Écarté") Nap.  After the deal the dealer, holding the rest of the pack, serves every
player in turn from his left and himself last: each may throw away up to five cards face down and
buy as many fresh ones from the top of the pack, one counter a card into the pool, once only.
Then the calls go round as at Napoleon.  The book allows it for four players at most (the stock
must serve everyone).  On the table a purchase is two steps, so that mouse and keyboard can both
make it: a button says how many cards ("Stand" or "Buy 1" … "Buy 5"), then that many cards are
clicked out of the hand; the fresh cards come when the last one is out.

Peep Nap.  The book names it (the pool is made by the payments for "peeping") but its description
is lost, so the table follows the standard rules of the period: one spare card, the *peep*, is
dealt face down to the middle after the hands; any player, when his turn to call comes, may first
pay one counter into the pool to look at it; the successful bidder takes it into his hand and puts
out one card face down (which may be the peep itself).

In both, the other ways of making a pool are dispensed with (the book says so), the pool goes to
whoever makes a Nap or a Wellington, and counters still in it when play ends go back to the
players who paid them in (the book is silent; this is the table's rule, said on the pages).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import OptionSpec, Seat
from ..catalogue import BY_ID
from .engine import Call, Discard, TrickGame, TricksAction, TricksState, active_slot, set_fact
from .napoleon import CALLS, NapCalls, Napoleon

MAX_BUY = 5
PEEP_PRICE = 1     # counters paid into the pool for a look at the peep
BUY_WORDS = tuple(f"buy-{k}" for k in range(1, MAX_BUY + 1))


def _hand(state: TricksState, seat: Seat) -> tuple[int, ...]:
    slot = active_slot(state, seat)
    return () if slot is None else state.hands[slot]


def _with_hand(state: TricksState, seat: Seat, ids: Sequence[int]) -> TricksState:
    slot = active_slot(state, seat)
    assert slot is not None
    hands = list(state.hands)
    hands[slot] = tuple(ids)
    return replace(state, hands=tuple(hands))


def _discard(state: TricksState, seat: Seat, cid: int) -> TricksState:
    s = _with_hand(state, seat, [i for i in _hand(state, seat) if i != cid])
    discards = list(s.discards)
    discards[seat] = discards[seat] + (cid,)
    return replace(s, discards=tuple(discards))


class _PoolNap(Napoleon):
    """What the two variants share: a pool paid into by the players, taken by a Nap, and at the
    end given back to those who paid into it since it was last taken."""

    option_specs = tuple(o for o in Napoleon.option_specs if o.name != "pool")

    def pay_in(self, state: TricksState, seat: Seat, amount: int, text: str, rule: str) -> TricksState:
        sheet = state.sheet.add(state.deal_no, seat, -amount, text, rule)
        paid = list(state.fact("pool_paid", (0,) * state.n))
        paid[seat] += amount
        return replace(state, sheet=sheet, pool=state.pool + amount,
                       info=set_fact(state, "pool_paid", tuple(paid)))

    def next_deal_or_over(self, state: TricksState, deals: int) -> TricksState:
        if state.pool == 0 and any(state.fact("pool_paid", ())):
            state = replace(state, info=set_fact(state, "pool_paid", (0,) * state.n))  # taken
        if state.deal_no >= deals and state.pool:
            sheet = state.sheet
            for seat, amount in enumerate(state.fact("pool_paid", (0,) * state.n)):
                if amount:
                    sheet = sheet.add(state.deal_no, seat, amount, f"{self.seat_name(seat, state.n)} "
                                      f"has back the {amount} he paid into the pool", self.ref("the-pool"))
            state = replace(state, sheet=sheet, pool=0, info=set_fact(state, "pool_paid", (0,) * state.n))
        return TrickGame.next_deal_or_over(self, state, deals)


@dataclass(frozen=True, slots=True)
class Purchases:
    """The round of buying: who has bought how many, and the cards still to be thrown out by the
    player buying now."""

    bought: tuple[tuple[Seat, int], ...] = ()
    owed: int = 0


class PurchaseNap(_PoolNap):
    info = BY_ID["purchase_nap"]
    option_specs = (OptionSpec("players", 4, (4, 2, 3), "Players (the book: four at most)"),) + tuple(
        o for o in _PoolNap.option_specs if o.name != "players")

    def call_words(self) -> tuple[str, ...]:
        return super().call_words() + ("stand",) + BUY_WORDS

    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        s = super().lay_out(state, order)
        # the dealer keeps the rest of the pack and serves from its top (the stock's last card)
        return replace(s, stock=tuple(reversed(s.stock)))

    def start_hand(self, state: TricksState) -> TricksState:
        return replace(state, phase="purchase", turn=(state.dealer + 1) % state.n, bidding=Purchases())

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word == "stand":
            return "Stand (buy none)"
        if isinstance(action, Call) and action.word in BUY_WORDS:
            k = int(action.word[4:])
            return f"Buy {k} card{'s' if k > 1 else ''}"
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        who = self.seat_name(state.turn, state.n) if state.turn is not None else ""
        if isinstance(action, Call) and action.word == "stand":
            return f"{who} stands: no cards bought"
        if isinstance(action, Call) and action.word in BUY_WORDS:
            k = int(action.word[4:])
            return f"{who} buys {k} card{'s' if k > 1 else ''} ({k} into the pool)"
        if isinstance(action, Discard):
            return f"{who} throws a card away"
        return super().describe(state, action)

    # -- the purchase ------------------------------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "purchase":
            most = min(MAX_BUY, len(state.stock), len(_hand(state, seat)))
            return [Call("stand")] + [Call(f"buy-{k}") for k in range(1, most + 1)]
        if state.phase == "discard":
            return [Discard(state.deck[i]) for i in _hand(state, seat)]
        return super().call_actions(state, seat)

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if state.phase not in ("purchase", "discard"):
            if isinstance(action, Call) and (action.word == "stand" or action.word in BUY_WORDS):
                raise IllegalAction("the buying is over: each player buys once, before the calls",
                                    self.ref("buying-cards"))
            if isinstance(action, Discard):
                raise IllegalAction("cards are thrown away only when buying, before the calls",
                                    self.ref("buying-cards"))
            return super().apply_call(state, seat, action)
        if action not in self.call_actions(state, seat):
            raise self._purchase_refusal(state, seat, action)
        p: Purchases = state.bidding
        name = self.seat_name(seat, state.n)
        if isinstance(action, Call):
            if action.word == "stand":
                s = replace(state, calls=state.calls + ((seat, "stand"),),
                            bidding=replace(p, bought=p.bought + ((seat, 0),)))
                return self._next_buyer(s, seat)
            k = int(action.word[4:])
            return replace(state, phase="discard", calls=state.calls + ((seat, action.word),),
                           bidding=Purchases(p.bought + ((seat, k),), k))
        assert isinstance(action, Discard)
        cid = next(i for i in _hand(state, seat) if state.deck[i] == action.card)
        s = replace(_discard(state, seat, cid), bidding=replace(p, owed=p.owed - 1))
        if p.owed > 1:
            return s
        k = dict(s.bidding.bought)[seat]
        fresh = s.stock[-k:]
        s = replace(_with_hand(s, seat, _hand(s, seat) + tuple(reversed(fresh))), stock=s.stock[:-k])
        s = self.pay_in(s, seat, k, f"{name} buys {k} card{'s' if k > 1 else ''}: {k} into the pool",
                        self.ref("buying-cards"))
        return self._next_buyer(replace(s, phase="purchase"), seat)

    def _next_buyer(self, state: TricksState, seat: Seat) -> TricksState:
        if seat == state.dealer:      # the dealer serves himself last; then the calls begin
            return replace(state, phase="calls", turn=(state.dealer + 1) % state.n, bidding=NapCalls())
        return replace(state, phase="purchase", turn=(seat + 1) % state.n)

    def _purchase_refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        rule = self.ref("buying-cards")
        if state.phase == "discard":
            if isinstance(action, Discard):
                return IllegalAction(f"the {action.card.name} is not in your hand", rule)
            owed = state.bidding.owed
            return IllegalAction(f"first throw away the {owed} card{'s' if owed > 1 else ''} you are "
                                 "buying: a purchase once made cannot be changed", rule)
        if isinstance(action, Discard):
            return IllegalAction("say first how many cards you buy (or stand)", rule)
        word = getattr(action, "word", "")
        if word.startswith("buy-"):
            return IllegalAction(f"at most {MAX_BUY} cards may be bought, once, and no more than the "
                                 "pack holds", rule)
        if word in ("pass", "one") + CALLS:
            return IllegalAction("the calls begin only when everyone has bought or stood", rule)
        return IllegalAction(f"{self.action_to_str(action)!r} is not a purchase", rule)


class PeepNap(_PoolNap):
    info = BY_ID["peep_nap"]

    def call_words(self) -> tuple[str, ...]:
        return super().call_words() + ("peep",)

    def peep(self, state: TricksState) -> int | None:
        return state.fact("peep")

    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        s = super().lay_out(state, order)
        # the first card after the hands goes face down to the middle: the peep
        for name, value in (("peep", s.stock[0]), ("peepers", ()), ("peep_taken", False)):
            s = replace(s, info=set_fact(s, name, value))
        return replace(s, stock=s.stock[1:])

    def visible(self, state: TricksState, seat: Seat | None) -> list[bool]:
        shown = super().visible(state, seat)
        peep = self.peep(state)
        if peep is not None and seat is not None and seat in state.fact("peepers", ()):
            shown[peep] = True     # he has looked at it: he knows that card wherever it goes
        return shown

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word == "peep":
            return "Peep (1 to the pool)"
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        who = self.seat_name(state.turn, state.n) if state.turn is not None else ""
        if isinstance(action, Call) and action.word == "peep":
            return f"{who} pays one into the pool and peeps"
        if isinstance(action, Discard):
            return f"{who} takes the peep and puts a card out"
        return super().describe(state, action)

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "discard":
            return [Discard(state.deck[i]) for i in _hand(state, seat)]
        out = super().call_actions(state, seat)
        if state.phase == "calls" and seat not in state.fact("peepers", ()):
            out.insert(1, Call("peep"))
        return out

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        name = self.seat_name(seat, state.n)
        if state.phase == "discard":
            if not isinstance(action, Discard):
                raise IllegalAction("the caller now puts out one card of his six", self.ref("the-peep"))
            if action not in self.call_actions(state, seat):
                raise IllegalAction(f"the {action.card.name} is not in your hand", self.ref("the-peep"))
            cid = next(i for i in _hand(state, seat) if state.deck[i] == action.card)
            s = _discard(state, seat, cid)
            return replace(s, phase="play", leader=seat, turn=seat)
        if isinstance(action, Discard):
            raise IllegalAction("only the successful caller puts out a card, after the calls",
                                self.ref("the-peep"))
        if isinstance(action, Call) and action.word == "peep":
            if state.phase != "calls" or seat in state.fact("peepers", ()):
                raise IllegalAction("each player may peep once, when his turn to call comes, before "
                                    "he calls", self.ref("the-peep"))
            s = self.pay_in(state, seat, 1, f"{name} pays one into the pool to peep", self.ref("the-peep"))
            return replace(s, calls=s.calls + ((seat, "peep"),),
                           info=set_fact(s, "peepers", s.fact("peepers", ()) + (seat,)))
        s = super().apply_call(state, seat, action)
        if s.phase != "play" or s.tricks or s.trick:
            return s
        # the calls are over: the caller takes the peep into his hand and will put one card out
        caller = s.contract.caller
        peep = self.peep(s)
        assert peep is not None
        s = _with_hand(s, caller, _hand(s, caller) + (peep,))
        return replace(s, phase="discard", turn=caller, info=set_fact(s, "peep_taken", True))


PURCHASE = PurchaseNap()
PEEP = PeepNap()
