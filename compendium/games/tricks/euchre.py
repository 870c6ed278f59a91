"""Euchre (Hoyle's Games Modernized, 1909; the standard American rules of the period).

Thirty-two cards, five to each player dealt two and then three, and the next card turned up.
The trump knave, called the right bower, outranks every other card; next comes the left bower,
the knave of the suit that matches the trumps in colour, which changes suit and plays as a trump.
In the first round each player in turn
from the dealer's left passes or accepts the turned suit — an opponent of the dealer *orders it
up*, the dealer's partner *assists*, the dealer *takes it up* — and the dealer then takes the card
into his hand and discards one.  If all pass, the card is turned down and in a second round each
may *make* any other suit.  The maker may play alone, his partner's cards laid down.  The makers
score 1 for three or four tricks, 2 for the march (all five), 4 for a lone march; if they take
fewer than three they are euchred and the other side scores 2.  Five points are game.

Four play in partnerships (the main game); two play each for himself; three play each for
himself, the maker alone against the other two (a march 3, a euchre 2 to each of the others).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...core.cards import PACKS, SUITS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat, TableKind
from ...core.rng import SplitMix64
from ..catalogue import BY_ID
from .engine import (
    WHIST_POWER,
    Call,
    Discard,
    TrickGame,
    TricksAction,
    TricksState,
    TricksView,
    active_slot,
    put_out,
    set_fact,
)

OUT = -1          # the hand set of a hand laid down (a lone player's partner): never in play

ACCEPT_WORDS = ("order", "assist", "take")


def same_colour(suit: Suit) -> Suit:
    """The other suit of the same colour: the suit of the left bower."""
    return {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS,
            Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}[suit]


def is_right(card: Card, trump: Suit | None) -> bool:
    return trump is not None and card.rank is Rank.JACK and card.suit == trump


def is_left(card: Card, trump: Suit | None) -> bool:
    return trump is not None and card.rank is Rank.JACK and card.suit == same_colour(trump)


def euchre_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit a card belongs to in play: the left bower is a trump."""
    return trump if is_left(card, trump) else card.suit


def euchre_power(card: Card, trump: Suit | None) -> int:
    """Right bower 31, left bower 30, then ace 14 … seven 7 (the knave 11 in a plain suit)."""
    if is_right(card, trump):
        return 31
    if is_left(card, trump):
        return 30
    return WHIST_POWER[card.rank]


@dataclass(frozen=True, slots=True)
class EuchreBidding:
    round: int = 1                   # 1: the turned suit; 2: making another suit
    passes: int = 0                  # passes in this round
    turned: Suit | None = None       # the suit of the card turned up
    turned_card: Card | None = None  # the card itself (public: everyone saw it)


@dataclass(frozen=True, slots=True)
class EuchreContract:
    maker: Seat
    suit: Suit
    alone: bool = False
    out: Seat | None = None          # the lone player's partner, whose cards are laid down
    how: str = "order"               # order, assist, take, make

    @property
    def call(self) -> str:
        """For the table's information panel."""
        words = {"order": "ordered up", "assist": "assisted", "take": "took up", "make": "made"}
        return f"{words[self.how]} {self.suit.symbol}" + (" · alone" if self.alone else "")

    @property
    def caller(self) -> Seat:
        return self.maker


class Euchre(TrickGame):
    info = BY_ID["euchre"]
    table_kind = TableKind.EUCHRE_LOO     # the trick table, with the score marks or the pool
    option_specs = (
        OptionSpec("players", 4, (4, 2, 3), "Players",
                   labels=("Four, two against two (the main game)", "Two, each for himself",
                           "Three: the maker alone against the other two")),
        OptionSpec("target", 5, (5, 7, 10), "Points for game"),
        OptionSpec("alone", True, (True, False), "The maker may play alone (four players)",
                   labels=("Yes", "No")),
    )

    def seats(self, opts: Options) -> int:
        return int(opts.get("players", 4))

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["piquet32"]

    def sides(self, opts: Options) -> tuple[tuple[Seat, ...], ...]:
        if self.seats(opts) == 4:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.seats(opts)))

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return super().seat_name(seat, n)

    def call_words(self) -> tuple[str, ...]:
        return ("pass", "order", "order-alone", "assist", "assist-alone", "take", "take-alone",
                "make", "make-alone")

    def target(self, state: TricksState) -> int:
        return int(state.option("target", 5))

    def alone_allowed(self, state: TricksState) -> bool:
        return state.n == 4 and bool(state.option("alone", True))

    # -- the deal ------------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        """Two cards to each from the dealer's left, then three, then the next card turned up."""
        n = state.n
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for packet in (2, 3):
            for k in range(n):
                hands[k].extend(order[pos:pos + packet])
                pos += packet
        owners = tuple((state.dealer + 1 + k) % n for k in range(n))
        turnup = order[pos]
        card = state.deck[turnup]
        return replace(state, hands=tuple(tuple(h) for h in hands), owners=owners, hand_sets=(0,) * n,
                       taken_up=(True,) * n, stock=tuple(order[pos + 1:]), turnup=turnup,
                       turnup_on_table=True, trump=None,
                       bidding=EuchreBidding(turned=card.suit, turned_card=card))

    def start_hand(self, state: TricksState) -> TricksState:
        return replace(state, phase="order", turn=(state.dealer + 1) % state.n,
                       info=set_fact(state, "taken_up", ""))

    # -- making the trump -----------------------------------------------------------------------
    def accept_word(self, state: TricksState, seat: Seat) -> str:
        """How ``seat`` accepts the turned suit: the dealer takes it up, his partner assists, an
        opponent orders it up."""
        if seat == state.dealer:
            return "take"
        if state.n == 4 and seat == (state.dealer + 2) % 4:
            return "assist"
        return "order"

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        alone = self.alone_allowed(state)
        if state.phase == "order":
            word = self.accept_word(state, seat)
            said: list[TricksAction] = [Call("pass"), Call(word)]
            return said + ([Call(word + "-alone")] if alone else [])
        if state.phase == "make":
            bidding: EuchreBidding = state.bidding
            out: list[TricksAction] = [Call("pass")]
            for suit in SUITS:
                if suit != bidding.turned:
                    out.append(Call("make", suit))
                    if alone:
                        out.append(Call("make-alone", suit))
            return out
        if state.phase == "discard":
            slot = active_slot(state, seat)
            assert slot is not None
            return [Discard(state.deck[i]) for i in state.hands[slot]]
        return []

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        s = replace(state, calls=state.calls + ((seat, self.said(action)),))
        if isinstance(action, Discard):
            return self._discard(s, seat, action.card)
        assert isinstance(action, Call)
        bidding: EuchreBidding = state.bidding
        if action.word == "pass":
            passes = bidding.passes + 1
            if passes < state.n:
                return replace(s, bidding=replace(bidding, passes=passes), turn=(seat + 1) % state.n)
            if bidding.round == 1:
                # all have passed the turned suit: the dealer turns the card down on the pack
                assert state.turnup is not None
                return replace(s, bidding=replace(bidding, round=2, passes=0), phase="make",
                               turn=(state.dealer + 1) % state.n, stock=(state.turnup,) + state.stock,
                               turnup=None, turnup_on_table=False)
            # all have passed twice: the hand is thrown in and the next player deals
            return replace(s, phase="deal", turn=None,
                           calls=s.calls + ((state.dealer, "all passed: the next player deals"),))
        alone = action.word.endswith("-alone")
        word = action.word.removesuffix("-alone")
        suit = action.suit if word == "make" else bidding.turned
        assert suit is not None
        out = (seat + 2) % 4 if alone else None
        contract = EuchreContract(seat, suit, alone, out, word)
        s = replace(s, contract=contract, trump=suit)
        if out is not None:
            # the partner lays his hand down, face down: it takes no part in this hand
            sets = tuple(OUT if state.owners[k] == out else h for k, h in enumerate(s.hand_sets))
            s = replace(s, hand_sets=sets)
        if word == "make":
            return self._to_play(s)
        assert state.turnup is not None
        if out == state.dealer:
            # the dealer sits out: the turned card is laid aside face up instead of taken up
            return self._to_play(replace(s, shown=s.shown + (state.turnup,), turnup=None,
                                         turnup_on_table=False))
        slot = active_slot(s, state.dealer)
        assert slot is not None
        hands = list(s.hands)
        hands[slot] = hands[slot] + (state.turnup,)
        s = replace(s, hands=tuple(hands), turnup=None, turnup_on_table=False,
                    info=set_fact(s, "taken_up", state.deck[state.turnup].code))
        return replace(s, phase="discard", turn=state.dealer)

    def _discard(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        return self._to_play(put_out(state, seat, card))

    def _to_play(self, state: TricksState) -> TricksState:
        lead = self.first_leader(state)
        return replace(state, phase="play", leader=lead, turn=lead)

    def first_leader(self, state: TricksState) -> Seat:
        """The player on the dealer's left leads; if his hand is laid down, the next player."""
        contract = state.contract
        seat = (state.dealer + 1) % state.n
        if isinstance(contract, EuchreContract) and contract.out == seat:
            seat = (seat + 1) % state.n
        return seat

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        word = getattr(action, "word", "") or ""
        base = word.removesuffix("-alone")
        if state.phase == "play":
            return IllegalAction("the trump is made: play a card", self.ref("the-play"))
        if isinstance(action, Discard):
            if state.phase != "discard":
                return IllegalAction("only the dealer, having taken up the turned card, discards",
                                     self.ref("taking-up"))
            return IllegalAction(f"the {action.card.name} is not in your hand", self.ref("taking-up"))
        if word.endswith("-alone") and not self.alone_allowed(state):
            return IllegalAction("playing alone belongs to the four-handed game (and is not agreed "
                                 "here)", self.ref("playing-alone"))
        if state.phase == "order":
            if base == "make":
                return IllegalAction("another suit may be made only when all four have passed the "
                                     "turned card", self.ref("the-second-round"))
            if base in ACCEPT_WORDS:
                right = self.accept_word(state, seat)
                who = {"take": "the dealer takes it up", "assist": "the dealer's partner assists",
                       "order": "an opponent of the dealer orders it up"}[right]
                return IllegalAction(f"you do not '{base}': {who}", self.ref("the-first-round"))
        if state.phase == "make":
            bidding: EuchreBidding = state.bidding
            if base == "make" and getattr(action, "suit", None) == bidding.turned:
                return IllegalAction("the suit turned down may not be made trumps in the second round",
                                     self.ref("the-second-round"))
            if base in ACCEPT_WORDS:
                return IllegalAction("the turned card is down: name another suit or pass",
                                     self.ref("the-second-round"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("making-the-trump"))

    # -- the play -------------------------------------------------------------------------------
    def effective_suit(self, state: TricksState, card: Card) -> Suit | None:
        return euchre_suit(card, state.trump)

    def power(self, state: TricksState, card: Card) -> int:
        return euchre_power(card, state.trump)

    def players_in_trick(self, state: TricksState) -> list[Seat]:
        lead = state.trick[0][0] if state.trick else state.leader
        contract = state.contract
        out = contract.out if isinstance(contract, EuchreContract) else None
        return [s for s in ((lead + k) % state.n for k in range(state.n)) if s != out]

    # -- the score ------------------------------------------------------------------------------
    def makers(self, state: TricksState) -> tuple[Seat, ...]:
        contract: EuchreContract = state.contract
        if state.n == 4:
            return (contract.maker, (contract.maker + 2) % 4)
        return (contract.maker,)

    def points(self, state: TricksState, taken: int) -> tuple[tuple[int, int, str, str], ...]:
        """(side, points, words, anchor) for the makers' ``taken`` tricks: what the hand scores."""
        contract: EuchreContract = state.contract
        n = state.n
        opts = self.options_of(state)
        maker_side = self.side_of(opts, contract.maker)
        who = self._side_name(state, maker_side)
        if taken >= 3:
            if taken == 5:
                value = 4 if contract.alone else (3 if n == 3 else 2)
                words = f"{who}: {value} for the march (all five tricks{', alone' if contract.alone else ''})"
                return ((maker_side, value, words, "the-march"),)
            return ((maker_side, 1, f"{who}: 1 for the point ({taken} tricks)", "making-the-point"),)
        others = [i for i in range(len(self.sides(opts))) if i != maker_side]
        return tuple((side, 2, f"{self._side_name(state, side)}: 2, {who} euchred ({taken} "
                      f"trick{'s' if taken != 1 else ''})", "the-euchre") for side in others)

    def _side_name(self, state: TricksState, side: int) -> str:
        return "–".join(self.seat_name(s, state.n) for s in self.sides(self.options_of(state))[side])

    def end_hand(self, state: TricksState) -> TricksState:
        makers = self.makers(state)
        taken = sum(1 for t in state.tricks if t.winner in makers)
        sheet = state.sheet
        for side, value, words, anchor in self.points(state, taken):
            sheet = sheet.add(state.deal_no, side, value, words, self.ref(anchor))
        s = replace(state, sheet=sheet)
        target = self.target(state)
        best = max(sheet.totals)
        if best >= target:
            winners = [i for i, t in enumerate(sheet.totals) if t == best]
            for w in winners:
                sheet = sheet.win_game(w)
            names = " and ".join(self._side_name(state, w) for w in winners)
            return self.finish(replace(s, sheet=sheet), winners, f"{names} reach {target} points",
                               self.ref("the-game"))
        return replace(s, phase="deal", turn=None)

    # -- words ------------------------------------------------------------------------------------
    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call):
            alone = ", alone" if action.word.endswith("-alone") else ""
            base = action.word.removesuffix("-alone")
            if base == "make" and action.suit is not None:
                return f"Make {action.suit.symbol} {action.suit.title}{alone}"
            label = {"pass": "Pass", "order": "Order it up", "assist": "Assist",
                     "take": "Take it up"}.get(base)
            if label is not None:
                return label + alone
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        if isinstance(action, Discard) and state.phase == "discard":
            return f"{self.seat_name(state.dealer, state.n)} takes up the turned card and discards"
        return super().describe(state, action)

    CALL_SECTIONS = ("making-the-trump",)

    # -- re-dealing the unseen cards (the computer's worlds) ------------------------------------
    def determinize(self, view: TricksView, seat: Seat, rng: SplitMix64) -> TricksState:
        """As the engine's, and the turned card where everyone knows it is: in the dealer's hand
        or discard once taken up, on the pack once turned down."""
        state = super().determinize(view, seat, rng)
        bidding = state.bidding
        if not isinstance(bidding, EuchreBidding) or bidding.turned_card is None:
            return state
        card = bidding.turned_card
        if state.turnup is not None or card in [view.face(i) for i in range(len(view.cards))]:
            return state                           # in sight, where it is
        if state.fact("taken_up"):
            slot = active_slot(state, state.dealer)
            place = (list(state.hands[slot]) if slot is not None else []) + list(state.discards[state.dealer])
        else:
            place = list(state.stock)
        hidden = [i for i in place if view.face(i) is None]
        where = state.deck.index(card)
        if where in place or not hidden:
            return state
        other = hidden[rng.below(len(hidden))]
        deck = list(state.deck)
        deck[where], deck[other] = deck[other], deck[where]
        return replace(state, deck=tuple(deck))

    def table_notes(self, view: object) -> list[str]:
        """The turned card while it is offered or after it was turned down."""
        pub = getattr(view, "pub", None)
        bidding = getattr(pub, "bidding", None)
        if not isinstance(bidding, EuchreBidding) or bidding.turned_card is None or pub is None:
            return []
        if pub.phase == "make":
            return [f"Turned down: {bidding.turned_card}"]
        if pub.phase in ("order",):
            return [f"Turned up: {bidding.turned_card}"]
        return []


GAME = Euchre()
