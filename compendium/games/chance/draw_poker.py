"""Draw Poker as Hoyle's *Games Modernized* (1909) plays it, for counters.

A session is a series of deals; each seat keeps its stock of counters from deal to deal.  A deal
runs: the Age (the player on the dealer's left) puts up his blind ante, from one counter to half
the limit, before any card is dealt; with the straddle (an option) the players after him may
double it blind in turn.  Five cards each, one at a time.  Before the draw each player in turn,
starting after the last blind, passes out (throwing his cards in), makes good (puts in as much as
the highest stake) or, in the usual game, makes good and goes better by up to the limit; the Age
speaks last and must make his ante good like the rest.  The players still in draw, from the Age
round to the dealer, discarding what they like and being served as many from the stock.  After
the draw the Age speaks first but may hold the age (reserve his say until the others have spoken);
the others go so many, make good, go better or pass out.  When every player still in has made good
the last raise, all show and the best hand takes the pool; a player whose bet nobody makes good
takes the pool without showing.

Where the book is silent the standard rules of the period are used and the rules page says so:
only the Age may hold (after the draw the others bet or go out); a player who cannot make good in
full may put in all he has and see for that much (the excess forms a side pool); a stock too
short for the draw is made up by shuffling the discards and thrown-in hands; the session ends when
a player has no counters left or the agreed number of deals has been played.

The state keeps physical card ids everywhere and the faces in ``deck`` only (with the deal number),
so the view of a seat is the state without those two plus the faces that seat may see.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import PACKS, Card
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.notation import parse_cards
from ...core.rng import SplitMix64, shuffled
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from ..poker_hands import hand_name, hand_value, wild_hand_name, wild_hand_value

LETTERS = "ABCDEF"
HAND_SIZE = 5
JACKPOT_ANTE = 1          # each player's stake to a jack-pot, every deal until one is opened


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal:
    """The shuffle of one deal, recorded with its number; or, for a worked example of the book
    (``resources/examples``), a stated pack ``order`` (top card first) dealt as usual by the
    dealer whose turn it is.  Its text is ``deal pack AH QD …``."""

    seed: int
    order: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Refill:
    """The discards shuffled to make up a stock too short for the draw."""

    seed: int


@dataclass(frozen=True, slots=True)
class Ante:
    amount: int


@dataclass(frozen=True, slots=True)
class Straddle:
    """``True``: "I straddle you" (double the stake blind); ``False``: let the right go."""

    taken: bool


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass out: throw the hand in and lose what is staked."""


@dataclass(frozen=True, slots=True)
class MakeGood:
    """Put in as much as the highest stake (going in before the draw, seeing after it)."""


@dataclass(frozen=True, slots=True)
class Better:
    """Make good and go ``amount`` better (after the draw with no bet yet: go ``amount``)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Hold:
    """The Age holds the age: he speaks after the others."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Discard ``cards`` (none: stand pat) and be served as many from the stock."""

    cards: tuple[Card, ...]


PokerAction = Deal | Refill | Ante | Straddle | Pass | MakeGood | Better | Hold | Draw


# -- state --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Shown:
    """A hand laid face up at a showdown."""

    seat: Seat
    cards: tuple[Card, ...]
    name: str


@dataclass(frozen=True, slots=True)
class DealResult:
    """How the last deal ended, kept on the table until the next one is dealt."""

    deal_no: int
    pool: int
    shares: tuple[tuple[Seat, int], ...]     # (seat, counters taken from the pool)
    shown: tuple[Shown, ...]                 # empty when the pool was taken unseen
    text: str


@dataclass(frozen=True, slots=True)
class PokerState:
    """A whole session.  Everything but ``deck`` and ``deal_seed`` is public."""

    opts: tuple[tuple[str, Any], ...]
    n: int
    stocks: tuple[int, ...]                  # counters before each player, outside the pool
    deal_no: int = 0                         # deals begun so far (the current one's number)
    dealer: Seat = 0
    phase: str = "deal"                      # deal, ante, straddle, before, draw, refill, after, over
    turn: Seat | None = None
    deck: tuple[Card, ...] = ()              # faces by physical id (hidden)
    deal_seed: int | None = None             # hidden: it would give away every card
    hands: tuple[tuple[int, ...], ...] = ()
    stock: tuple[int, ...] = ()              # undealt cards, the next to be served first
    discards: tuple[tuple[int, ...], ...] = ()   # per seat, face down (the discarder knows them)
    dead: tuple[tuple[int, ...], ...] = ()   # hands thrown in by passing, face down
    ins: tuple[bool, ...] = ()               # still in the deal (not passed out)
    staked: tuple[int, ...] = ()             # put in the pool this deal
    acted: tuple[bool, ...] = ()             # has spoken since the stake was last raised
    level: int = 0                           # the stake every player in must make good
    ante: int = 0
    straddles: int = 0
    held: bool = False                       # the Age held the age after the draw
    drawn: tuple[int, ...] = ()              # cards each drew (-1: not yet, or passed out)
    pending: tuple[Seat, int, tuple[int, ...]] | None = None   # a draw waiting for a refill
    calls: tuple[tuple[Seat, str], ...] = ()     # what was said this deal, in order
    revealed: tuple[int, ...] = ()           # ids shown at the showdown
    looked: bool = False                     # the players have taken up their cards
    last: DealResult | None = None
    ledger: tuple[ScoreEvent, ...] = ()      # each seat's gain or loss, deal by deal
    result: str = ""
    result_rule: str | None = None

    def option(self, name: str, default: Any = None) -> Any:
        for key, value in self.opts:
            if key == name:
                return value
        return default

    @property
    def age(self) -> Seat:
        return (self.dealer + 1) % self.n

    @property
    def pool(self) -> int:
        return sum(self.staked)


@dataclass(frozen=True, slots=True)
class PokerView:
    """What one seat sees: the public state and each card of the deal, its face ``None`` where
    hidden."""

    seat: Seat | None
    pub: PokerState
    cards: tuple[ViewCard, ...]

    def face(self, card_id: int) -> Card | None:
        return self.cards[card_id].face

    def hand(self, seat: Seat) -> tuple[ViewCard, ...]:
        if not self.pub.hands:
            return ()
        return tuple(self.cards[i] for i in self.pub.hands[seat])


# -- the game -------------------------------------------------------------------------------------
class DrawPoker(Game[PokerState, PokerAction, PokerView]):
    info = BY_ID["draw_poker"]
    table_kind = TableKind.DRAW_POKER
    option_specs = (
        OptionSpec("players", 5, (5, 2, 3, 4, 6), "Players",
                   help="Five make the best game; six is the most the pack serves well."),
        OptionSpec("limit", 12, (12, 6, 24), "The limit (most a player may go better at once)"),
        OptionSpec("straddle", False, (False, True), "Before the draw",
                   labels=("Raises allowed (the usual game)",
                           "The older game: no raise before the draw, the straddle allowed")),
        OptionSpec("counters", 200, (200, 100, 500), "Counters each player starts with"),
        OptionSpec("deals", 20, (20, 10, 50), "Deals in the session"),
        OptionSpec("joker", False, (False, True), "The joker",
                   help="Mistigris: the joker added to the pack, wild (see the rules page)",
                   labels=("No joker (the book's game)", "Mistigris: the joker wild")),
        OptionSpec("jackpots", False, (False, True), "Jack-pots",
                   help="Every deal a jack-pot: all put up a counter, a pair of knaves or better to open",
                   labels=("The Age's blind ante (the book's game)", "Jack-pots every deal")),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    # -- seats ----------------------------------------------------------------------------------
    def seat_count(self, state: PokerState) -> int:
        return state.n

    def seat_name(self, seat: Seat) -> str:
        return LETTERS[seat] if 0 <= seat < len(LETTERS) else f"Player {seat + 1}"

    # -- the protocol -------------------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> PokerState:
        opts = self.resolve_options(options)
        n = int(opts["players"])
        # The first dealer sits on the right of A (you), so that you are the first Age; the deal
        # then passes to the left, as the book has it.
        return PokerState(opts=tuple(sorted(opts.items())), n=n, stocks=(int(opts["counters"]),) * n,
                          dealer=n - 1, phase="deal", turn=None)

    def to_move(self, state: PokerState) -> Seat | Special:
        if state.phase in ("deal", "refill"):
            return Special.CHANCE
        if state.phase == "over" or state.turn is None:
            return Special.TERMINAL
        return state.turn

    def chance_action(self, state: PokerState, seed: int) -> PokerAction:
        return Refill(seed) if state.phase == "refill" else Deal(seed)

    def pack(self, state: PokerState) -> tuple[Card, ...]:
        """The 52-card pack, or 53 with the joker (Mistigris)."""
        return PACKS["52+joker"] if state.option("joker", False) else PACKS["52"]

    def value(self, state: PokerState, cards: Sequence[Card]) -> Any:
        """A hand's worth at the showdown (the joker wild in Mistigris)."""
        return wild_hand_value(cards) if state.option("joker", False) else hand_value(cards)

    def name(self, state: PokerState, cards: Sequence[Card]) -> str:
        return wild_hand_name(cards) if state.option("joker", False) else hand_name(cards)

    def jackpots(self, state: PokerState) -> bool:
        return bool(state.option("jackpots", False))

    def unopened(self, state: PokerState) -> bool:
        """A jack-pot before the draw that nobody has opened yet."""
        return self.jackpots(state) and state.phase == "before" and state.level == state.ante

    def opens(self, state: PokerState, seat: Seat) -> bool:
        """Does ``seat`` hold a pair of knaves or better, the least hand that may open a jack-pot?"""
        value = self.value(state, [state.deck[i] for i in state.hands[seat]])
        return value.category > 1 or (value.category == 1 and value.ranks[0] >= 11)

    def limit(self, state: PokerState) -> int:
        return int(state.option("limit", 12))

    def legal_actions(self, state: PokerState, seat: Seat) -> Sequence[PokerAction]:
        if state.turn is None or seat != state.turn or state.phase in ("deal", "refill", "over"):
            return ()
        stock = state.stocks[seat]
        if state.phase == "ante":
            return tuple(Ante(k) for k in range(1, min(self.limit(state) // 2, stock) + 1))
        if state.phase == "straddle":
            return (Straddle(True), Straddle(False))
        if state.phase == "draw":
            hand = sorted(state.deck[i] for i in state.hands[seat])
            return tuple(Draw(tuple(c)) for k in range(HAND_SIZE + 1)
                         for c in itertools.combinations(hand, k))
        out: list[PokerAction] = []
        if self._may_hold(state, seat):
            out.append(Hold())
        out.append(Pass())
        owed = state.level - state.staked[seat]
        if owed > 0:
            out.append(MakeGood())
        if self._raises_allowed(state) and (not self.unopened(state) or self.opens(state, seat)):
            top = min(self.limit(state), stock - owed)
            out.extend(Better(k) for k in range(1, top + 1))
        return tuple(out)

    def _raises_allowed(self, state: PokerState) -> bool:
        return state.phase == "after" or not state.option("straddle", False) or self.jackpots(state)

    def _must_open(self, state: PokerState) -> bool:
        """After the draw, before anybody has bet, a player must go something or pass out."""
        return state.phase == "after" and all(not state.ins[s] or state.staked[s] == state.level
                                              for s in range(state.n))

    def _may_hold(self, state: PokerState, seat: Seat) -> bool:
        return (state.phase == "after" and seat == state.age and not state.held
                and self._must_open(state))

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, state: PokerState, action: PokerAction) -> PokerState:
        if isinstance(action, Deal):
            if state.phase != "deal":
                raise IllegalAction("the cards are not being dealt now", self.ref("the-deal"))
            pack = self.pack(state)
            if action.order:
                if sorted(action.order) != sorted(pack):
                    raise IllegalAction(f"the stated pack of {len(action.order)} cards is not a "
                                        f"{len(pack)}-card pack, every card once", self.ref("the-deal"))
                return self.deal(state, action.order)
            return self.deal(state, shuffled(pack, action.seed), action.seed)
        if isinstance(action, Refill):
            if state.phase != "refill":
                raise IllegalAction("the stock needs no making up now", self.ref("the-draw"))
            return self._refill(state, action.seed)
        if state.phase in ("deal", "refill"):
            raise IllegalAction("the cards are being dealt", self.ref("the-deal"))
        if state.phase == "over" or state.turn is None:
            raise IllegalAction("the session is over", self.ref("scoring"))
        seat = state.turn
        if state.phase == "ante":
            return self._ante(state, seat, action)
        if state.phase == "straddle":
            return self._straddle(state, seat, action)
        if state.phase == "draw":
            return self._draw(state, seat, action)
        return self._bet(state, seat, action)

    def _said(self, state: PokerState, seat: Seat, text: str) -> tuple[tuple[Seat, str], ...]:
        return state.calls + ((seat, text),)

    # -- the ante and the straddle --------------------------------------------------------------------
    def _ante(self, state: PokerState, seat: Seat, action: PokerAction) -> PokerState:
        if not isinstance(action, Ante):
            raise IllegalAction(f"{self.seat_name(seat)} is the Age and must first put up the ante",
                                self.ref("the-age-and-his-ante"))
        most = self.limit(state) // 2
        if not 1 <= action.amount <= most:
            raise IllegalAction(f"an ante of {action.amount} is not allowed: the ante is from one "
                                f"counter to half the limit ({most})", self.ref("the-age-and-his-ante"))
        if action.amount > state.stocks[seat]:
            raise IllegalAction(f"an ante of {action.amount} is more than the {state.stocks[seat]} "
                                "counters you have", self.ref("short-stakes"))
        n = state.n
        stocks = list(state.stocks)
        stocks[seat] -= action.amount
        staked = list(state.staked)
        staked[seat] = action.amount
        s = replace(state, stocks=tuple(stocks), staked=tuple(staked), ante=action.amount,
                    level=2 * action.amount, calls=self._said(state, seat, f"ante {action.amount}"))
        if state.option("straddle", False) and self._straddle_possible(s, (seat + 1) % n):
            return replace(s, phase="straddle", turn=(seat + 1) % n)
        return self._take_up(s)

    def _straddle_possible(self, state: PokerState, seat: Seat) -> bool:
        amount = 2 * state.level
        return seat != state.age and amount <= self.limit(state) and amount <= state.stocks[seat]

    def _straddle(self, state: PokerState, seat: Seat, action: PokerAction) -> PokerState:
        if not isinstance(action, Straddle):
            raise IllegalAction("the cards are not yet looked at: straddle or let the straddle go",
                                self.ref("the-straddle"))
        if not action.taken:
            # A straddle not taken in turn is gone for every later player too.
            return self._take_up(replace(state, calls=self._said(state, seat, "no straddle")))
        amount = 2 * state.level
        stocks = list(state.stocks)
        staked = list(state.staked)
        stocks[seat] -= amount
        staked[seat] = amount
        s = replace(state, stocks=tuple(stocks), staked=tuple(staked), level=amount,
                    straddles=state.straddles + 1, calls=self._said(state, seat, f"straddle {amount}"))
        nxt = (seat + 1) % state.n
        if self._straddle_possible(s, nxt):
            return replace(s, phase="straddle", turn=nxt)
        return self._take_up(s)

    def last_blind(self, state: PokerState) -> Seat:
        """The Age, or the last player who straddled."""
        return (state.age + state.straddles) % state.n

    # -- the deal -------------------------------------------------------------------------------------
    def deal(self, state: PokerState, deck: Sequence[Card], seed: int | None = None) -> PokerState:
        """Deal ``deck`` (top first): five each, one at a time, from the Age round to the dealer.
        The cards lie face down until the Age has put up his blind ante (and any straddles are
        made): nobody has looked at his hand yet."""
        n = state.n
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for _ in range(HAND_SIZE):
            for k in range(n):
                hands[(state.age + k) % n].append(pos)
                pos += 1
        dealt = replace(state, deck=tuple(deck), deal_seed=seed, deal_no=state.deal_no + 1,
                        hands=tuple(tuple(h) for h in hands), stock=tuple(range(pos, len(deck))),
                        discards=((),) * n, dead=((),) * n, revealed=(), looked=False,
                        staked=(0,) * n, level=0, ante=0, straddles=0, held=False, calls=(),
                        ins=(True,) * n, acted=(False,) * n, drawn=(-1,) * n, pending=None,
                        phase="ante", turn=state.age)
        if self.jackpots(state):
            return self._jackpot_antes(dealt, state.staked if state.staked else (0,) * n)
        return dealt

    def _jackpot_antes(self, state: PokerState, carried: tuple[int, ...]) -> PokerState:
        """A jack-pot: every player puts up ``JACKPOT_ANTE`` (on top of what stays in the pool from
        deals nobody opened), looks at his cards, and the Age speaks first."""
        n = state.n
        pay = [min(JACKPOT_ANTE, state.stocks[s]) for s in range(n)]
        staked = tuple(carried[s] + pay[s] for s in range(n))
        stocks = tuple(state.stocks[s] - pay[s] for s in range(n))
        level = max(staked)
        s = replace(state, staked=staked, stocks=stocks, level=level, ante=level, looked=True,
                    phase="before", turn=None, calls=((state.dealer, f"jack-pot: all put up {JACKPOT_ANTE}"),))
        return self._next_bettor(s, state.dealer)

    def _take_up(self, state: PokerState) -> PokerState:
        """The blind stakes are made: everyone looks at his cards and the betting begins."""
        acted = [False] * state.n
        if state.straddles:
            acted[self.last_blind(state)] = True   # the last straddle is his say: nothing to add
        s = replace(state, looked=True, acted=tuple(acted), phase="before", turn=None)
        return self._next_bettor(s, self.last_blind(state))

    def deal_from(self, state: PokerState, order: Sequence[Card]) -> PokerState:
        """Deal a known pack order (top first) in place of a shuffle: the book's example."""
        if sorted(order) != sorted(PACKS["52"]):
            raise ValueError("the order is not a 52-card pack")
        if state.phase != "deal":
            raise IllegalAction("the cards are not being dealt now", self.ref("the-deal"))
        return self.deal(state, order)

    # -- the betting -----------------------------------------------------------------------------------
    def _can_act(self, state: PokerState, s: Seat) -> bool:
        return state.ins[s] and state.stocks[s] > 0

    def _needs_say(self, state: PokerState, s: Seat) -> bool:
        return self._can_act(state, s) and (not state.acted[s] or state.staked[s] < state.level)

    def _next_bettor(self, state: PokerState, after: Seat) -> PokerState:
        """Pass the say to the next player who must speak, or close the round."""
        n = state.n
        ins = [s for s in range(n) if state.ins[s]]
        if len(ins) == 1:
            return self._win_unseen(state, ins[0])
        able = [s for s in ins if state.stocks[s] > 0]
        # Nobody is left to answer a bet (the others have put in all they have): no more betting.
        if len(able) <= 1 and all(state.staked[s] >= state.level or state.stocks[s] == 0 for s in ins):
            return self._close_round(state)
        for k in range(1, n + 1):
            s = (after + k) % n
            if self._needs_say(state, s):
                return replace(state, turn=s)
        return self._close_round(state)

    def _close_round(self, state: PokerState) -> PokerState:
        if self.unopened(state):
            return self._not_opened(state)
        if state.phase == "before":
            first = self._first_in_from_age(state)
            return replace(state, phase="draw", turn=first, acted=(False,) * state.n)
        return self._showdown(state)

    def _first_in_from_age(self, state: PokerState) -> Seat:
        for k in range(state.n):
            s = (state.age + k) % state.n
            if state.ins[s]:
                return s
        raise AssertionError("nobody is in")

    def _bet(self, state: PokerState, seat: Seat, action: PokerAction) -> PokerState:
        n = state.n
        owed = state.level - state.staked[seat]
        stock = state.stocks[seat]
        stocks = list(state.stocks)
        staked = list(state.staked)
        acted = list(state.acted)
        if isinstance(action, Hold):
            if not self._may_hold(state, seat):
                why = ("only the Age may hold the age" if seat != state.age or state.phase != "after"
                       else "the age may be held once, before anybody has bet")
                raise IllegalAction(why + " after the draw", self.ref("holding-the-age"))
            s = replace(state, held=True, calls=self._said(state, seat, "holds the age"))
            return self._next_bettor(s, seat)
        if isinstance(action, Pass) and self.unopened(state):
            acted[seat] = True      # declining to open: he stays in, and may come in if it is opened
            s = replace(state, acted=tuple(acted), calls=self._said(state, seat, "does not open"))
            return self._next_bettor(s, seat)
        if isinstance(action, Pass):
            ins = list(state.ins)
            ins[seat] = False
            dead = list(state.dead)
            dead[seat] = state.hands[seat]
            hands = list(state.hands)
            hands[seat] = ()
            acted[seat] = True
            s = replace(state, ins=tuple(ins), acted=tuple(acted), hands=tuple(hands),
                        dead=tuple(dead), calls=self._said(state, seat, "passes"))
            return self._next_bettor(s, seat)
        if isinstance(action, MakeGood):
            if owed <= 0:
                raise IllegalAction("there is nothing to make good until somebody goes: go so many "
                                    "counters or pass out", self.ref("after-the-draw"))
            pay = min(owed, stock)
            word = ("sees" if state.phase == "after" else
                    "goes in" if staked[seat] == 0 else "makes good")
            stocks[seat] -= pay
            staked[seat] += pay
            acted[seat] = True
            text = f"{word} ({staked[seat]})" if pay == owed else f"sees for all he has ({staked[seat]})"
            s = replace(state, stocks=tuple(stocks), staked=tuple(staked), acted=tuple(acted),
                        calls=self._said(state, seat, text))
            return self._next_bettor(s, seat)
        if isinstance(action, Better):
            if not self._raises_allowed(state):
                raise IllegalAction("in the older game nobody may go better before the draw: make "
                                    "good or pass out", self.ref("the-straddle"))
            if self.unopened(state) and not self.opens(state, seat):
                raise IllegalAction("a jack-pot is opened only with a pair of knaves or better",
                                    self.ref("jack-pots"))
            limit = self.limit(state)
            if not 1 <= action.amount <= limit:
                raise IllegalAction(f"going {action.amount} better is not allowed: the limit is "
                                    f"{limit}", self.ref("the-limit"))
            if owed + action.amount > stock:
                raise IllegalAction(f"making good {owed} and going {action.amount} better needs "
                                    f"{owed + action.amount} counters; you have {stock}",
                                    self.ref("short-stakes"))
            pay = owed + action.amount
            stocks[seat] -= pay
            staked[seat] += pay
            acted = [False] * n
            acted[seat] = True
            opened = state.phase == "after" and owed == 0
            text = f"goes {action.amount}" if opened else f"goes {action.amount} better ({staked[seat]})"
            s = replace(state, stocks=tuple(stocks), staked=tuple(staked), acted=tuple(acted),
                        level=staked[seat], calls=self._said(state, seat, text))
            return self._next_bettor(s, seat)
        if isinstance(action, (Ante, Straddle)):
            raise IllegalAction("the blind stakes are made before anybody looks at his cards",
                                  self.ref("the-age-and-his-ante"))
        if isinstance(action, Draw):
            raise IllegalAction("the draw comes when the betting before it is over", self.ref("the-draw"))
        raise IllegalAction(f"{action!r} is not a poker action")

    # -- the draw ----------------------------------------------------------------------------------------
    def _draw(self, state: PokerState, seat: Seat, action: PokerAction) -> PokerState:
        if not isinstance(action, Draw):
            raise IllegalAction("it is time to draw: discard the cards you want changed, or stand pat",
                                self.ref("the-draw"))
        hand = state.hands[seat]
        faces = [state.deck[i] for i in hand]
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction("a card is named twice in the discard", self.ref("the-draw"))
        for card in action.cards:
            if card not in faces:
                raise IllegalAction(f"the {card.name} is not in your hand", self.ref("the-draw"))
        out = tuple(i for i in hand if state.deck[i] in action.cards)
        keep = tuple(i for i in hand if i not in out)
        discards = list(state.discards)
        discards[seat] = discards[seat] + out
        drawn = list(state.drawn)
        drawn[seat] = len(out)
        word = "stands pat" if not out else f"draws {len(out)}"
        s = replace(state, discards=tuple(discards), drawn=tuple(drawn),
                    calls=self._said(state, seat, word))
        return self._serve(s, seat, keep, len(out), out)

    def _serve(self, state: PokerState, seat: Seat, keep: tuple[int, ...], need: int,
               just_out: tuple[int, ...]) -> PokerState:
        take = state.stock[:need]
        hands = list(state.hands)
        hands[seat] = keep + take
        s = replace(state, hands=tuple(hands), stock=state.stock[len(take):])
        if len(take) < need:
            return replace(s, phase="refill", turn=None,
                           pending=(seat, need - len(take), just_out))
        return self._next_drawer(s, seat)

    def _refill(self, state: PokerState, seed: int) -> PokerState:
        assert state.pending is not None
        seat, need, just_out = state.pending
        heap = [i for s in range(state.n) for i in state.discards[s] + state.dead[s] if i not in just_out]
        discards = tuple(tuple(i for i in d if i in just_out) for d in state.discards)
        s = replace(state, stock=state.stock + shuffled(sorted(heap), seed), discards=discards,
                    dead=((),) * state.n, phase="draw", turn=seat, pending=None)
        take = s.stock[:need]
        hands = list(s.hands)
        hands[seat] = hands[seat] + take
        s = replace(s, hands=tuple(hands), stock=s.stock[len(take):])
        return self._next_drawer(s, seat)

    def _next_drawer(self, state: PokerState, seat: Seat) -> PokerState:
        n = state.n
        # The draw goes from the Age round to the dealer, who serves himself last.
        order = [(state.age + k) % n for k in range(n)]
        for s in order[order.index(seat) + 1:]:
            if state.ins[s]:
                return replace(state, turn=s)
        # After the draw the Age (or the first player in after him) speaks first.
        first = self._first_in_from_age(state)
        s = replace(state, phase="after", acted=(False,) * n, held=False, turn=None)
        return self._next_bettor(s, (first - 1) % n)

    def _not_opened(self, state: PokerState) -> PokerState:
        """Nobody opened the jack-pot: the hands are thrown in, the stakes stay in the pool, and the
        next dealer deals again (after the agreed deals, each takes back what he put in)."""
        n = state.n
        rule = self.ref("jack-pots")
        if state.deal_no >= int(state.option("deals", 20)):
            back = tuple((s, state.staked[s]) for s in range(n) if state.staked[s])
            return self._settle(state, back, (), "nobody opened the last jack-pot: each takes back his stakes",
                                rule)
        text = f"nobody opened: the pool of {state.pool} stays for the next deal"
        result = DealResult(state.deal_no, state.pool, (), (), text)
        return replace(state, last=result, ins=(False,) * n, acted=(False,) * n, turn=None, pending=None,
                       phase="deal", dealer=(state.dealer + 1) % n, level=0)

    # -- the end of a deal --------------------------------------------------------------------------------
    def _win_unseen(self, state: PokerState, winner: Seat) -> PokerState:
        pool = state.pool
        text = (f"{self.seat_name(winner)} takes the pool of {pool} without showing"
                if any(state.staked[s] for s in range(state.n) if s != winner)
                else f"everyone passed: {self.seat_name(winner)} takes back his ante")
        return self._settle(state, ((winner, pool),), (), text, self.ref("taking-the-pool-unseen"))

    def _showdown(self, state: PokerState) -> PokerState:
        n = state.n
        ins = [s for s in range(n) if state.ins[s]]
        values = {s: self.value(state, [state.deck[i] for i in state.hands[s]]) for s in ins}
        shown = tuple(Shown(s, tuple(state.deck[i] for i in state.hands[s]),
                            self.name(state, [state.deck[i] for i in state.hands[s]])) for s in ins)
        won = [0] * n
        order = [(state.dealer + 1 + k) % n for k in range(n)]  # odd counters: first from the left
        levels = sorted({state.staked[s] for s in ins})
        prev = 0
        for top in levels:
            layer = sum(min(state.staked[s], top) - min(state.staked[s], prev) for s in range(n))
            eligible = [s for s in ins if state.staked[s] >= top]
            best = max(values[s] for s in eligible)
            winners = [s for s in order if s in eligible and values[s] == best]
            share, odd = divmod(layer, len(winners))
            for k, s in enumerate(winners):
                won[s] += share + (1 if k < odd else 0)
            prev = top
        # Stakes of players who passed out above every stake still in (cannot happen in play,
        # since the last raiser is in) would fall to the best hand.
        rest = state.pool - sum(won)
        if rest:
            best = max(values[s] for s in ins)
            won[next(s for s in order if s in ins and values[s] == best)] += rest
        shares = tuple((s, won[s]) for s in order if won[s])
        best_seat = max(ins, key=lambda s: (values[s], -order.index(s)))
        top_name = self.name(state, [state.deck[i] for i in state.hands[best_seat]])
        if len(shares) == 1:
            text = f"{self.seat_name(shares[0][0])} wins the pool of {state.pool} with {top_name}"
        else:
            names = ", ".join(f"{self.seat_name(s)} {w}" for s, w in shares)
            text = f"the pool of {state.pool} is divided ({names}); best hand {top_name}"
        revealed = tuple(i for s in ins for i in state.hands[s])
        s = replace(state, revealed=revealed)
        return self._settle(s, shares, shown, text, self.ref("the-showdown"))

    def _settle(self, state: PokerState, shares: tuple[tuple[Seat, int], ...], shown: tuple[Shown, ...],
                text: str, rule: str) -> PokerState:
        n = state.n
        stocks = list(state.stocks)
        for s, w in shares:
            stocks[s] += w
        got = dict(shares)
        ledger = state.ledger + tuple(
            ScoreEvent(s, got.get(s, 0) - state.staked[s], f"deal {state.deal_no}: {text}", rule)
            for s in range(n) if got.get(s, 0) or state.staked[s])
        result = DealResult(state.deal_no, state.pool, shares, shown, text)
        s = replace(state, stocks=tuple(stocks), staked=(0,) * n, level=0, last=result, ledger=ledger,
                    ins=(False,) * n, acted=(False,) * n, turn=None, pending=None)
        broke = [p for p in range(n) if stocks[p] == 0]
        if broke:
            who = " and ".join(self.seat_name(p) for p in broke)
            return replace(s, phase="over", result=f"{who} {'has' if len(broke) == 1 else 'have'} "
                           "no counters left", result_rule=self.ref("scoring"))
        deals = int(state.option("deals", 20))
        if state.deal_no >= deals:
            return replace(s, phase="over", result=f"the agreed {deals} deals have been played",
                           result_rule=self.ref("scoring"))
        return replace(s, phase="deal", dealer=(state.dealer + 1) % n, turn=None)

    # -- the end of the session ------------------------------------------------------------------------
    def outcome(self, state: PokerState) -> Outcome | None:
        if state.phase != "over":
            return None
        best = max(state.stocks)
        top = [s for s in range(state.n) if state.stocks[s] == best]
        share = 1.0 if len(top) == 1 else 0.5
        results = tuple(share if s in top else 0.0 for s in range(state.n))
        names = " and ".join(self.seat_name(s) for s in top)
        reason = f"{state.result}; {names} {'has' if len(top) == 1 else 'have'} the most counters ({best})"
        return Outcome(results, reason, state.result_rule, tuple(state.stocks))

    def score_events(self, state: PokerState) -> Sequence[ScoreEvent]:
        return state.ledger

    # -- views ---------------------------------------------------------------------------------------------
    def visible(self, state: PokerState, seat: Seat | None) -> list[bool]:
        shown = [False] * len(state.deck)
        for i in state.revealed:
            shown[i] = True
        if seat is not None and state.hands and state.looked:
            for i in state.hands[seat] + state.discards[seat] + state.dead[seat]:
                shown[i] = True
        return shown

    def view(self, state: PokerState, seat: Seat | None) -> PokerView:
        shown = self.visible(state, seat)
        cards = tuple(ViewCard(i, f if shown[i] else None) for i, f in enumerate(state.deck))
        return PokerView(seat, replace(state, deck=(), deal_seed=None), cards)

    def replay_view(self, state: PokerState, seat: Seat) -> PokerView:
        """The book prints the hands of its example: the replay shows every hand face up."""
        shown = self.visible(state, seat)
        for hand in state.hands:
            for i in hand:
                shown[i] = True
        cards = tuple(ViewCard(i, f if shown[i] else None) for i, f in enumerate(state.deck))
        return PokerView(seat, replace(state, deck=(), deal_seed=None), cards)

    def shuffle_unseen(self, state: PokerState, seat: Seat, seed: int) -> PokerState:
        """The state with the faces ``seat`` cannot see exchanged among their places (the other
        hands, the stock, the others' discards): the no-peeking tests and the computer's worlds."""
        shown = self.visible(state, seat)
        hidden = [i for i in range(len(state.deck)) if not shown[i]]
        faces = [state.deck[i] for i in hidden]
        gen = SplitMix64(seed)
        for j in range(len(faces) - 1, 0, -1):
            r = gen.below(j + 1)
            faces[j], faces[r] = faces[r], faces[j]
        deck = list(state.deck)
        for i, f in zip(hidden, faces):
            deck[i] = f
        return replace(state, deck=tuple(deck))

    # -- text forms ------------------------------------------------------------------------------------------
    def action_to_str(self, action: PokerAction) -> str:
        if isinstance(action, Deal):
            if action.order:
                return "deal pack " + " ".join(card.code for card in action.order)
            return f"deal {action.seed}"
        if isinstance(action, Refill):
            return f"refill {action.seed}"
        if isinstance(action, Ante):
            return f"ante {action.amount}"
        if isinstance(action, Straddle):
            return "straddle" if action.taken else "no straddle"
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, MakeGood):
            return "make good"
        if isinstance(action, Better):
            return f"better {action.amount}"
        if isinstance(action, Hold):
            return "hold"
        if isinstance(action, Draw):
            return "stand pat" if not action.cards else "discard " + " ".join(c.code for c in action.cards)
        raise TypeError(action)

    def action_from_str(self, state: PokerState, text: str) -> PokerAction:
        t = " ".join(str(text).strip().split())
        low = t.lower()
        words = {"pass": Pass(), "pass out": Pass(), "make good": MakeGood(), "see": MakeGood(),
                 "go in": MakeGood(), "hold": Hold(), "hold the age": Hold(), "stand pat": Draw(()),
                 "straddle": Straddle(True), "no straddle": Straddle(False)}
        if low in words:
            return words[low]
        head, _, rest = low.partition(" ")
        if low.startswith("deal pack "):
            try:
                return Deal(0, tuple(parse_cards(t[len("deal pack "):])))
            except NotationError as exc:
                raise NotationError(f"{text!r}: {exc}") from None
        if head in ("deal", "refill", "ante", "better", "go") and rest:
            if not (rest.isascii() and rest.isdigit() and len(rest) <= 19):
                raise NotationError(f"{text!r}: expected a whole number after {head!r}")
            k = int(rest)
            return {"deal": Deal, "refill": Refill, "ante": Ante, "better": Better, "go": Better}[head](k)
        if head == "discard" and rest:
            try:
                cards = parse_cards(t[len("discard"):].strip())
            except NotationError as exc:
                raise NotationError(f"{text!r}: {exc}") from None
            return Draw(tuple(sorted(cards)))
        raise NotationError(f"{text!r} is not an action of Draw Poker: expected 'ante N', 'straddle', "
                            "'no straddle', 'pass', 'make good', 'better N', 'hold', 'discard …' "
                            "or 'stand pat'")

    def describe(self, state: PokerState, action: PokerAction) -> str:
        if isinstance(action, Deal):
            return "the cards are dealt"
        if isinstance(action, Refill):
            return "the discards are shuffled to make up the stock"
        seat = state.turn
        who = self.seat_name(seat) if seat is not None else ""
        owed = state.level - state.staked[seat] if seat is not None and state.staked else 0
        if isinstance(action, Ante):
            return f"{who}, the Age, antes {action.amount} blind"
        if isinstance(action, Straddle):
            return f"{who} straddles ({2 * state.level})" if action.taken else f"{who} lets the straddle go"
        if isinstance(action, Pass):
            return f"{who} does not open" if self.unopened(state) else f"{who} passes out"
        if isinstance(action, MakeGood):
            return f"{who} makes good ({owed} more)"
        if isinstance(action, Better):
            if self.unopened(state):
                return f"{who} opens the jack-pot for {action.amount}"
            if state.phase == "after" and owed == 0:
                return f"{who} goes {action.amount}"
            return f"{who} makes good and goes {action.amount} better"
        if isinstance(action, Hold):
            return f"{who} holds the age"
        if isinstance(action, Draw):
            k = len(action.cards)
            return f"{who} stands pat" if k == 0 else f"{who} draws {k} card{'s' if k > 1 else ''}"
        return self.action_to_str(action)

    def action_label(self, state: PokerState, action: PokerAction) -> str:
        """The words on the action's button at the table."""
        owed = state.level - state.staked[state.turn] if state.turn is not None and state.staked else 0
        if isinstance(action, Pass):
            return "Pass (do not open)" if self.unopened(state) else "Pass out"
        if isinstance(action, MakeGood):
            return f"Make good {owed}" if state.phase == "before" else f"See ({owed})"
        if isinstance(action, Better):
            if self.unopened(state):
                return f"Open for {action.amount}"
            if state.phase == "after" and owed == 0:
                return f"Go {action.amount}"
            return f"Go {action.amount} better"
        if isinstance(action, Hold):
            return "Hold the age"
        if isinstance(action, Straddle):
            return f"Straddle ({2 * state.level})" if action.taken else "No straddle"
        if isinstance(action, Ante):
            return f"Ante {action.amount}"
        if isinstance(action, Draw):
            return "Stand pat" if not action.cards else f"Draw {len(action.cards)}"
        return self.action_to_str(action)


GAME = DrawPoker()
