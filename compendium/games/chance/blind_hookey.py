"""Blind Hookey, for counters.

Each round the pack is shuffled (``shuffle N``, a recorded chance).  The punters in turn from the
dealer's left cut a packet off the top (``cut K``: at least four cards, at most a fair share), and
the cards left are the dealer's packet.  No one looks at any card.  Each punter stakes on his packet
unseen (``stake N``); then the dealer turns his packet up and shows its bottom card, every punter
does the same, and each is settled against the dealer alone: a higher card wins the stake, an equal
or lower one loses it (ties to the dealer).  The deal passes to the left when the dealer loses to
every punter in a round.  The ace is low (the option makes it high).

The three packets (option ``packets``): the dealer cuts the pack into three packets (``cut K``
twice), each punter stakes on whichever of the first two he pleases (``stake N on 1``), the third
is the dealer's, and each punter is settled by his packet's bottom card against the dealer's.

The pack's order is the one thing hidden; a view shows, for each packet, its bottom card once
turned, and backs for the rest (a card's physical id is its place in the shuffled pack, which
tells nothing of its face).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import PACKS, Card, Rank
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Outcome, ScoreEvent, Seat, TableKind, ViewCard
from ...core.rng import shuffled
from ..catalogue import BY_ID
from .banking import BankingGame, Shuffle

ID = "blind_hookey"
PACK = PACKS["52"]
LEAST_PACKET = 4


def rank_value(card: Card, ace_high: bool) -> int:
    return 14 if ace_high and card.rank == Rank.ACE else int(card.rank)


@dataclass(frozen=True, slots=True)
class Cut:
    """Cut a packet of ``size`` cards off the top of what is left of the pack."""

    size: int


@dataclass(frozen=True, slots=True)
class Stake:
    amount: int


@dataclass(frozen=True, slots=True)
class StakeOn:
    """The three packets: stake ``amount`` on packet ``packet`` (1 or 2) of the two in the middle."""

    packet: int
    amount: int


HookeyAction = Shuffle | Cut | Stake | StakeOn


@dataclass(frozen=True, slots=True)
class HookeyState:
    opts: tuple[tuple[str, Any], ...]
    n: int
    capital: int
    stocks: tuple[int, ...]
    dealer: Seat = 0
    phase: str = "shuffle"            # shuffle, cut, stake, over
    turn: Seat | None = None
    pack: tuple[Card, ...] = ()       # this round's shuffled pack (hidden until turned)
    cut_at: int = 0                   # cards cut off so far
    packets: tuple[tuple[int, int] | None, ...] = ()   # each seat's packet: [start, end) in the pack
    stakes: tuple[int, ...] = ()
    turned: bool = False              # the packets are turned up (the round is settled)
    results: tuple[str, ...] = ()     # each seat's word on the last round ("won 3", "lost 2", ...)
    last_text: str = ""
    round_no: int = 0
    ledger: tuple[ScoreEvent, ...] = ()
    result: str = ""
    heaps: tuple[tuple[int, int], ...] = ()   # the three packets: [start, end) each, the dealer's last
    chosen: tuple[int, ...] = ()              # the packet (1 or 2) each punter staked on; 0: none

    def option(self, name: str, default: Any = None) -> Any:
        for key, value in self.opts:
            if key == name:
                return value
        return default

    def punters(self) -> list[Seat]:
        return [(self.dealer + k) % self.n for k in range(1, self.n)]

    def three(self) -> bool:
        return bool(self.option("packets", "each") == "three")

    def bottom(self, seat: Seat) -> Card:
        """The bottom card that settles ``seat``: his packet's, or (three packets) the one he staked
        on, the dealer's being the third."""
        if self.three():
            heap = self.heaps[2] if seat == self.dealer else self.heaps[self.chosen[seat] - 1]
            return self.pack[heap[1] - 1]
        packet = self.packets[seat]
        assert packet is not None
        return self.pack[packet[1] - 1]


@dataclass(frozen=True, slots=True)
class HookeyView:
    seat: Seat | None
    pub: HookeyState
    packets: tuple[tuple[ViewCard, ...] | None, ...]   # each seat's packet: backs, its bottom card last
    heaps: tuple[tuple[ViewCard, ...], ...] = ()       # the three packets: the two staked on (middle)


class BlindHookey(BankingGame[HookeyState, HookeyAction, HookeyView]):
    info = BY_ID[ID]
    table_kind = TableKind.BANKING_CARDS
    option_specs = (
        OptionSpec("players", 4, (4, 2, 3, 5, 6), "Players at the table (the dealer among them)"),
        OptionSpec("capital", 100, (100, 50, 200), "Counters each player brings"),
        OptionSpec("rounds", 12, (12, 6, 24), "Rounds in the session"),
        OptionSpec("maximum", 10, (10, 5, 20), "The largest stake"),
        OptionSpec("ace", "low", ("low", "high"), "The ace ranks", labels=("lowest", "highest")),
        OptionSpec("packets", "each", ("each", "three"), "The packets",
                   labels=("A packet for each player", "The three packets: stake on one of two")),
    )
    def initial_state(self, options: Options | None = None) -> HookeyState:
        opts = self.resolve_options(options)
        n, capital = int(opts["players"]), int(opts["capital"])
        # The first dealer sits on the first seat's right, so that you punt first.
        return HookeyState(opts=tuple(sorted(opts.items())), n=n, capital=capital, stocks=(capital,) * n,
                           dealer=n - 1)

    def cut_range(self, state: HookeyState, seat: Seat) -> tuple[int, int]:
        """The sizes a punter may cut: four at least; at most his fair share of the pack, leaving
        four for each player still to take a packet (the dealer among them).  With the three
        packets the dealer cuts twice, each packet of four at least."""
        if state.three():
            return LEAST_PACKET, len(PACK) - state.cut_at - LEAST_PACKET * (2 - len(state.heaps))
        punters = state.punters()
        after = len(punters) - punters.index(seat)        # the punters after him, and the dealer
        room = len(PACK) - state.cut_at - LEAST_PACKET * after
        return LEAST_PACKET, max(LEAST_PACKET, min(len(PACK) // state.n, room))

    def legal_actions(self, state: HookeyState, seat: Seat) -> Sequence[HookeyAction]:
        if state.turn != seat:
            return ()
        if state.phase == "cut":
            lo, hi = self.cut_range(state, seat)
            return tuple(Cut(k) for k in range(lo, hi + 1))
        if state.phase == "stake":
            amounts = range(self.minimum, self.stake_limit(state, seat) + 1)
            if state.three():
                return tuple(StakeOn(h, a) for h in (1, 2) for a in amounts)
            return tuple(Stake(a) for a in amounts)
        return ()

    def apply(self, state: HookeyState, action: HookeyAction) -> HookeyState:
        if isinstance(action, Shuffle):
            if state.phase != "shuffle":
                raise IllegalAction("the pack is shuffled before each round, not during it", self.ref("the-deal"))
            return self._open(state, action.seed)
        if state.phase == "over":
            raise IllegalAction("the session is over", self.ref("the-end-of-the-session"))
        seat = state.turn
        assert seat is not None
        if isinstance(action, Cut):
            if state.phase != "cut":
                raise IllegalAction("the packets are all cut; stake on yours", self.ref("the-packets"))
            lo, hi = self.cut_range(state, seat)
            if state.three():
                if not lo <= action.size <= hi:
                    raise IllegalAction(f"each of the three packets has four cards at least: cut {lo} to {hi}",
                                        self.ref("the-three-packets"))
                heaps = state.heaps + ((state.cut_at, state.cut_at + action.size),)
                s = replace(state, heaps=heaps, cut_at=state.cut_at + action.size)
                if len(heaps) < 2:
                    return s
                return replace(s, heaps=heaps + ((s.cut_at, len(PACK)),), phase="stake", turn=s.punters()[0])
            if not lo <= action.size <= hi:
                raise IllegalAction(f"a packet is from {lo} to {hi} cards (at least four, at most a fair share)",
                                    self.ref("the-packets"))
            packets = list(state.packets)
            packets[seat] = (state.cut_at, state.cut_at + action.size)
            s = replace(state, packets=tuple(packets), cut_at=state.cut_at + action.size)
            punters = s.punters()
            k = punters.index(seat)
            if k + 1 < len(punters):
                return replace(s, turn=punters[k + 1])
            packets[s.dealer] = (s.cut_at, len(PACK))    # the cards left are the dealer's
            return replace(s, packets=tuple(packets), phase="stake", turn=punters[0])
        if isinstance(action, (Stake, StakeOn)):
            if state.phase != "stake":
                raise IllegalAction("stakes are made once every packet has been cut", self.ref("staking"))
            if state.three() != isinstance(action, StakeOn):
                raise IllegalAction("with the three packets, say which of the two packets you stake on"
                                    if state.three() else "each punter stakes on his own packet",
                                    self.ref("the-three-packets" if state.three() else "staking"))
            if isinstance(action, StakeOn) and action.packet not in (1, 2):
                raise IllegalAction("the punters stake on the first or the second packet; the third is "
                                    "the dealer's", self.ref("the-three-packets"))
            limit = self.stake_limit(state, seat)
            if not self.minimum <= action.amount <= limit:
                raise IllegalAction(f"a stake is from {self.minimum} to {limit} counters", self.ref("staking"))
            stakes = list(state.stakes)
            stakes[seat] = action.amount
            chosen = list(state.chosen)
            if isinstance(action, StakeOn):
                chosen[seat] = action.packet
            s = replace(state, stakes=tuple(stakes), chosen=tuple(chosen))
            punters = s.punters()
            k = punters.index(seat)
            if k + 1 < len(punters):
                return replace(s, turn=punters[k + 1])
            return self._turn_up(s)
        raise IllegalAction(f"{action!r} is not an action of Blind Hookey")

    def _open(self, state: HookeyState, seed: int) -> HookeyState:
        n = state.n
        # (the last round's results stay on the table, in words, until the next is turned up)
        s = replace(state, pack=shuffled(PACK, seed), cut_at=0, packets=(None,) * n, stakes=(0,) * n,
                    turned=False, results=state.results or ("",) * n, heaps=(), chosen=(0,) * n)
        if state.three():
            return replace(s, phase="cut", turn=s.dealer)       # the dealer cuts the three packets
        return replace(s, phase="cut", turn=s.punters()[0])

    def _turn_up(self, state: HookeyState) -> HookeyState:
        """The dealer turns his packet and shows its bottom card; each punter shows his, and is
        settled against the dealer alone."""
        ace_high = state.option("ace") == "high"
        d = state.dealer
        dealer_card = state.bottom(d)
        dv = rank_value(dealer_card, ace_high)
        stocks = list(state.stocks)
        results = [""] * state.n
        events: list[ScoreEvent] = []
        lost_all = True
        name = self.seat_name
        total = 0
        for p in state.punters():
            card = state.bottom(p)
            v = rank_value(card, ace_high)
            stake = state.stakes[p]
            if v > dv:
                amount, anchor, words = stake, "settling", f"{name(p)}'s {card} beats the dealer's {dealer_card}"
            else:
                lost_all = False
                amount = -stake
                anchor = "ties-to-the-dealer" if v == dv else "settling"
                words = (f"{name(p)}'s {card} ties the dealer's {dealer_card}" if v == dv
                         else f"{name(p)}'s {card} is under the dealer's {dealer_card}")
            stocks[p] += amount
            stocks[d] -= amount
            total -= amount
            results[p] = f"{card}: won {amount}" if amount > 0 else f"{card}: lost {-amount}"
            if state.three():
                results[p] = f"packet {state.chosen[p]}, " + results[p]
            rule = self.ref(anchor)
            text = f"{words}: {'paid' if amount > 0 else 'pays'} {abs(amount)}"
            events += [ScoreEvent(p, amount, text, rule), ScoreEvent(d, -amount, text, rule)]
        results[d] = f"{dealer_card}: {'won' if total >= 0 else 'lost'} {abs(total)}"
        s = replace(state, stocks=tuple(stocks), results=tuple(results), turned=True, turn=None,
                    round_no=state.round_no + 1, ledger=state.ledger + tuple(events),
                    last_text=f"the dealer's {dealer_card} {'lost to every punter' if lost_all else 'held'}")
        if lost_all:
            new = (d + 1) % state.n
            event = ScoreEvent(new, 0, f"the dealer lost all round: the deal passes to {name(new)}",
                               self.ref("the-deal-passing"))
            s = replace(s, dealer=new, ledger=s.ledger + (event,))
        if any(v <= 0 for v in s.stocks):
            broke = [name(p) for p in range(s.n) if s.stocks[p] <= 0]
            return replace(s, phase="over", result=f"{' and '.join(broke)} "
                           f"{'has' if len(broke) == 1 else 'have'} no counters left")
        if s.round_no >= int(s.option("rounds")):
            return replace(s, phase="over", result=f"the {s.round_no} rounds of the session have been played")
        return replace(s, phase="shuffle")

    # -- the end ------------------------------------------------------------------------------------
    def outcome(self, state: HookeyState) -> Outcome | None:
        if state.phase != "over":
            return None
        results = tuple(1.0 if s > state.capital else 0.5 if s == state.capital else 0.0 for s in state.stocks)
        ahead = [self.seat_name(s) for s in range(state.n) if state.stocks[s] > state.capital]
        tail = f"; {' and '.join(ahead)} rose ahead" if ahead else "; no one rose ahead"
        return Outcome(results, state.result + tail, self.ref("the-end-of-the-session"), tuple(state.stocks))

    def score_events(self, state: HookeyState) -> Sequence[ScoreEvent]:
        return state.ledger

    # -- views ----------------------------------------------------------------------------------------
    def view(self, state: HookeyState, seat: Seat | None) -> HookeyView:
        packets: list[tuple[ViewCard, ...] | None] = []
        for packet in state.packets:
            if packet is None:
                packets.append(None)
                continue
            start, end = packet
            backs = tuple(ViewCard(i, None) for i in range(start, min(end - 1, start + 2)))
            bottom = ViewCard(end - 1, state.pack[end - 1] if state.turned else None)
            packets.append(backs + (bottom,))
        heaps = []
        for start, end in state.heaps:
            backs = tuple(ViewCard(i, None) for i in range(start, min(end - 1, start + 2)))
            heaps.append(backs + (ViewCard(end - 1, state.pack[end - 1] if state.turned else None),))
        if state.three() and len(heaps) == 3:
            # the dealer's packet lies before him; the two the punters stake on, in the middle
            packets[state.dealer] = heaps.pop()
        return HookeyView(seat, replace(state, pack=()), tuple(packets), tuple(heaps))

    def shuffle_unseen(self, state: HookeyState, seat: Seat, seed: int) -> HookeyState:
        """The pack with every card not turned up in another order."""
        if not state.pack:
            return state
        shown = ({p[1] - 1 for p in state.packets if p is not None} | {h[1] - 1 for h in state.heaps}
                 if state.turned else set())
        hidden = [i for i in range(len(state.pack)) if i not in shown]
        faces = shuffled([state.pack[i] for i in hidden], seed)
        pack = list(state.pack)
        for i, face in zip(hidden, faces):
            pack[i] = face
        return replace(state, pack=tuple(pack))

    # -- text -------------------------------------------------------------------------------------------
    def action_to_str(self, action: HookeyAction) -> str:
        if isinstance(action, Shuffle):
            return f"shuffle {action.seed}"
        if isinstance(action, Cut):
            return f"cut {action.size}"
        if isinstance(action, Stake):
            return f"stake {action.amount}"
        if isinstance(action, StakeOn):
            return f"stake {action.amount} on {action.packet}"
        raise NotationError(f"{action!r} is not an action of Blind Hookey")

    def action_from_str(self, state: HookeyState, text: str) -> HookeyAction:
        words = text.strip().lower().split()
        if len(words) == 4 and words[0] == "stake" and words[2] == "on":
            if not all(w.isascii() and w.isdigit() and len(w) <= 9 for w in (words[1], words[3])):
                raise NotationError(f"{text!r}: expected 'stake N on 1' or 'stake N on 2'")
            return StakeOn(int(words[3]), int(words[1]))
        if len(words) == 2 and words[0] in ("shuffle", "cut", "stake"):
            try:
                number = int(words[1])
            except ValueError:
                raise NotationError(f"{text!r}: {words[1]!r} is not a whole number") from None
            if number < 0:
                raise NotationError(f"{text!r}: a negative number")
            if words[0] == "shuffle":
                return Shuffle(number)
            return Cut(number) if words[0] == "cut" else Stake(number)
        raise NotationError(f"{text!r} is not an action of Blind Hookey: expected 'cut N' or 'stake N'")

    def describe(self, state: HookeyState, action: HookeyAction) -> str:
        who = self.seat_name(state.turn) if state.turn is not None else ""
        if isinstance(action, Shuffle):
            return "the pack is shuffled and cut"
        if isinstance(action, Cut):
            return f"{who} cuts a packet of {action.size} cards"
        if isinstance(action, Stake):
            return f"{who} stakes {action.amount} on his packet, unseen"
        if isinstance(action, StakeOn):
            return f"{who} stakes {action.amount} on the {('first', 'second')[action.packet - 1]} packet, unseen"
        return self.action_to_str(action)

    def action_label(self, state: HookeyState, action: HookeyAction) -> str:
        if isinstance(action, Cut):
            return f"Cut {action.size}"
        if isinstance(action, Stake):
            return f"Stake {action.amount}"
        if isinstance(action, StakeOn):
            return f"Stake {action.amount} on the {('left', 'right')[action.packet - 1]} packet"
        return self.action_to_str(action)

    def rules_section(self, state: HookeyState) -> str | None:
        if state.three() and state.phase in ("cut", "stake"):
            return self.page_section("the-three-packets")
        sections = {"cut": "the-packets", "stake": "staking", "shuffle": "turning-up", "over": "the-end-of-the-session"}
        return self.page_section(sections.get(state.phase, "the-deal"))


GAME = BlindHookey()
