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

The varieties of the book's chapter are options of the same engine (``variety``): Straight Poker
(no draw; all ante, a pass before the first bet keeps a player in unless somebody raises after it,
the winner deals), Stud Poker (one card down and four up, a betting interval after each up card,
the best hand showing speaks first) and Whiskey Poker (a widow on the table, exchanges with it, the
knock, no betting); Table Stakes (``stakes``: a raise up to all a player has, side pools as above)
and the Tiger (``tiger``: seven high to the deuce, a hand between the straight and the flush).

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
from ..poker_hands import (
    WILD,
    HandValue,
    card_code,
    hand_name,
    hand_value,
    tiger_hand_name,
    tiger_strength_of_codes,
    value_of_strength,
    wild_hand_name,
    wild_hand_value,
)
from .stocks import most_counters

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


@dataclass(frozen=True, slots=True)
class TakeWidow:
    """Whiskey Poker: lay down the whole hand face up as the widow and take the widow up."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """Whiskey Poker: put ``give`` from the hand into the (face-up) widow and take ``take``."""

    give: Card
    take: Card


@dataclass(frozen=True, slots=True)
class Knock:
    """Whiskey Poker: stand on this hand; everyone else has one more turn, then all show."""


PokerAction = Deal | Refill | Ante | Straddle | Pass | MakeGood | Better | Hold | Draw | TakeWidow | Exchange | Knock
VARIETIES = ("draw", "straight", "stud", "whiskey")
WHISKEY_ROUNDS = 6        # rounds of turns at Whiskey Poker before the hands are shown unknocked


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
    # -- the varieties (Straight, Stud, Whiskey Poker) -------------------------------------------
    faceup: tuple[int, ...] = ()             # ids whose faces are public: stud's up cards, the widow
    widow: tuple[int, ...] = ()              # Whiskey Poker's extra hand
    widow_up: bool = False
    knocker: Seat | None = None              # Whiskey Poker: who knocked
    rounds: int = 0                          # Whiskey Poker: rounds of turns since the widow was up
    passed_last: tuple[bool, ...] = ()       # Whiskey Poker: passed at his last turn
    checked: tuple[bool, ...] = ()           # passed before the first bet of the interval (still in)
    base: int = 0                            # the stake at the start of the betting interval
    street: int = 0                          # Stud Poker: up cards dealt to each player
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
                   help="Every deal a jack-pot: all put up a counter, a pair of knaves or better to open "
                        "(Draw Poker only)",
                   labels=("The Age's blind ante (the book's game)", "Jack-pots every deal")),
        OptionSpec("variety", "draw", VARIETIES, "The variety",
                   help="The book's varieties of Poker (see the rules page); the joker plays in Draw "
                        "and Straight Poker only, jack-pots and the straddle in Draw Poker only",
                   labels=("Draw Poker (the book's game)", "Straight Poker: no draw",
                           "Stud Poker: one card down, four up", "Whiskey Poker: the widow")),
        OptionSpec("stakes", "limit", ("limit", "table"), "The stakes",
                   labels=("The limit on each raise", "Table stakes: raise up to all you have")),
        OptionSpec("tiger", False, (False, True), "The Tiger",
                   help="Seven high to the deuce, no pair: a hand between a straight and a flush",
                   labels=("No tiger (the usual hands)", "The Tiger counted")),
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

    # -- the varieties ------------------------------------------------------------------------------
    def variety(self, state: PokerState) -> str:
        return str(state.option("variety", "draw"))

    def joker(self, state: PokerState) -> bool:
        """Mistigris: the joker plays in Draw and Straight Poker (all five cards held unseen)."""
        return bool(state.option("joker", False)) and self.variety(state) in ("draw", "straight")

    def table_stakes(self, state: PokerState) -> bool:
        return bool(state.option("stakes", "limit") == "table")

    def pack(self, state: PokerState) -> tuple[Card, ...]:
        """The 52-card pack, or 53 with the joker (Mistigris)."""
        return PACKS["52+joker"] if self.joker(state) else PACKS["52"]

    def value(self, state: PokerState, cards: Sequence[Card]) -> HandValue:
        """A hand's worth at the showdown (the joker wild in Mistigris, the Tiger counted if agreed)."""
        if state.option("tiger", False):
            codes = [WILD if c.is_joker else card_code(c) for c in cards]
            return value_of_strength(tiger_strength_of_codes(codes))
        return wild_hand_value(cards) if self.joker(state) else hand_value(cards)

    def name(self, state: PokerState, cards: Sequence[Card]) -> str:
        if state.option("tiger", False):
            return tiger_hand_name(cards)
        return wild_hand_name(cards) if self.joker(state) else hand_name(cards)

    def jackpots(self, state: PokerState) -> bool:
        return bool(state.option("jackpots", False)) and self.variety(state) == "draw"

    def antes_all(self, state: PokerState) -> bool:
        """Every player puts up the ante: jack-pots and the varieties other than Draw Poker."""
        return self.jackpots(state) or self.variety(state) != "draw"

    def unopened(self, state: PokerState) -> bool:
        """A betting interval nobody has opened yet: a player may pass and stay in (a jack-pot before
        the draw, and every interval of Straight and Stud Poker)."""
        return (state.phase == "before" and state.level == state.base
                and (self.jackpots(state) or self.variety(state) in ("straight", "stud")))

    def opens(self, state: PokerState, seat: Seat) -> bool:
        """Does ``seat`` hold a pair of knaves or better, the least hand that may open a jack-pot?"""
        value = self.value(state, [state.deck[i] for i in state.hands[seat]])
        return value.category > 1 or (value.category == 1 and value.ranks[0] >= 11)

    def limit(self, state: PokerState) -> int:
        return int(state.option("limit", 12))

    def raise_cap(self, state: PokerState, seat: Seat) -> int:
        """The most ``seat`` may go better now: the limit, or at table stakes all he has beyond
        making good."""
        owed = state.level - state.staked[seat]
        room = state.stocks[seat] - owed
        return room if self.table_stakes(state) else min(self.limit(state), room)

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
        if state.phase == "widow":
            return self._widow_actions(state, seat)
        out: list[PokerAction] = []
        if self._may_hold(state, seat):
            out.append(Hold())
        out.append(Pass())
        owed = state.level - state.staked[seat]
        if owed > 0:
            out.append(MakeGood())
        if self._raises_allowed(state) and (not self.jackpots(state) or not self.unopened(state)
                                            or self.opens(state, seat)):
            out.extend(Better(k) for k in range(1, self.raise_cap(state, seat) + 1))
        return tuple(out)

    def _widow_actions(self, state: PokerState, seat: Seat) -> tuple[PokerAction, ...]:
        out: list[PokerAction] = []
        if state.widow_up:
            hand = sorted(state.deck[i] for i in state.hands[seat])
            widow = sorted(state.deck[i] for i in state.widow)
            out.extend(Exchange(g, t) for g in hand for t in widow)
        out.append(TakeWidow())
        if self._may_pass_widow(state, seat):
            out.append(Pass())
        if state.knocker is None:
            out.append(Knock())
        return tuple(out)

    def _may_pass_widow(self, state: PokerState, seat: Seat) -> bool:
        """A player may not pass two turns running once the widow is up (until somebody knocks)."""
        return not (state.widow_up and state.knocker is None and state.passed_last[seat])

    def _raises_allowed(self, state: PokerState) -> bool:
        return (state.phase == "after" or not state.option("straddle", False) or self.jackpots(state)
                or self.variety(state) != "draw")

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
        if state.phase == "widow":
            return self._widow_turn(state, seat, action)
        if isinstance(action, (TakeWidow, Exchange, Knock)):
            raise IllegalAction("the widow, exchanging and the knock belong to Whiskey Poker",
                                self.ref("whiskey-poker"))
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
        variety = self.variety(state)
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        # Stud: a hole card and one up card each, the rest dealt up between the intervals.
        for _ in range(2 if variety == "stud" else HAND_SIZE):
            for k in range(n):
                hands[(state.age + k) % n].append(pos)
                pos += 1
        widow: tuple[int, ...] = ()
        if variety == "whiskey":
            widow = tuple(range(pos, pos + HAND_SIZE))
            pos += HAND_SIZE
        faceup = tuple(h[1] for h in hands) if variety == "stud" else ()
        dealt = replace(state, deck=tuple(deck), deal_seed=seed, deal_no=state.deal_no + 1,
                        hands=tuple(tuple(h) for h in hands), stock=tuple(range(pos, len(deck))),
                        discards=((),) * n, dead=((),) * n, revealed=(), looked=False,
                        staked=(0,) * n, level=0, ante=0, straddles=0, held=False, calls=(),
                        ins=(True,) * n, acted=(False,) * n, drawn=(-1,) * n, pending=None,
                        faceup=faceup, widow=widow, widow_up=False, knocker=None, rounds=0,
                        passed_last=(False,) * n, checked=(False,) * n, base=0,
                        street=1 if variety == "stud" else 0, phase="ante", turn=state.age)
        if self.antes_all(state):
            return self._jackpot_antes(dealt, state.staked if state.staked else (0,) * n)
        return dealt

    def _jackpot_antes(self, state: PokerState, carried: tuple[int, ...]) -> PokerState:
        """A jack-pot, and every deal of the other varieties: every player puts up ``JACKPOT_ANTE``
        (on top of what stays in the pool from deals nobody opened), looks at his cards, and the
        Age speaks first (at Stud, the best hand showing; at Whiskey Poker the widow goes round)."""
        n = state.n
        pay = [min(JACKPOT_ANTE, state.stocks[s]) for s in range(n)]
        staked = tuple(carried[s] + pay[s] for s in range(n))
        stocks = tuple(state.stocks[s] - pay[s] for s in range(n))
        level = max(staked)
        variety = self.variety(state)
        word = {"draw": "jack-pot", "straight": "straight poker", "stud": "stud poker",
                "whiskey": "whiskey poker"}[variety]
        if variety == "straight" and any(carried):
            word = "a double header"
        s = replace(state, staked=staked, stocks=stocks, level=level, ante=level, base=level, looked=True,
                    phase="before", turn=None, calls=((state.dealer, f"{word}: all put up {JACKPOT_ANTE}"),))
        if variety == "whiskey":
            return replace(s, phase="widow", turn=state.age)
        if variety == "stud":
            return self._next_bettor(s, (self.best_showing(s) - 1) % n)
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
        variety = self.variety(state)
        if variety == "stud":
            return self._deal_up(state) if state.street < 4 else self._showdown(state)
        if self.unopened(state):
            return self._not_opened(state)
        if state.phase == "before" and variety == "draw":
            first = self._first_in_from_age(state)
            return replace(state, phase="draw", turn=first, acted=(False,) * state.n)
        return self._showdown(state)

    # -- Stud Poker --------------------------------------------------------------------------------------
    @staticmethod
    def showing_key(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The worth of the cards showing at Stud: fours, threes, two pairs, a pair, then the
        highest cards (sequences and flushes are not counted until all five are shown)."""
        highs = [14 if c.rank == 1 else int(c.rank) for c in cards]
        groups = sorted({(highs.count(h), h) for h in highs}, reverse=True)
        return tuple(k for k, _ in groups), tuple(h for _, h in groups)

    def best_showing(self, state: PokerState) -> Seat:
        """The player in with the best cards showing; between equal ones, the first from the
        dealer's left."""
        order = [(state.age + k) % state.n for k in range(state.n)]
        ins = [s for s in order if state.ins[s]]
        return max(ins, key=lambda s: (self.showing_key([state.deck[i] for i in state.hands[s][1:]]),
                                       -order.index(s)))

    def _deal_up(self, state: PokerState) -> PokerState:
        """The next up card to each player still in, from the Age round to the dealer; then a new
        betting interval, the best hand showing speaking first."""
        n = state.n
        hands = list(state.hands)
        stock = list(state.stock)
        faceup = list(state.faceup)
        for k in range(n):
            p = (state.age + k) % n
            if state.ins[p]:
                card = stock.pop(0)
                hands[p] = hands[p] + (card,)
                faceup.append(card)
        s = replace(state, hands=tuple(hands), stock=tuple(stock), faceup=tuple(faceup),
                    street=state.street + 1, acted=(False,) * n, checked=(False,) * n, base=state.level,
                    turn=None)
        return self._next_bettor(s, (self.best_showing(s) - 1) % n)

    # -- Whiskey Poker -----------------------------------------------------------------------------------
    def _widow_turn(self, state: PokerState, seat: Seat, action: PokerAction) -> PokerState:
        n = state.n
        rule = self.ref("whiskey-poker")
        hands = list(state.hands)
        faceup = set(state.faceup)
        widow = state.widow
        widow_up = state.widow_up
        passed = list(state.passed_last)
        knocker = state.knocker
        if isinstance(action, TakeWidow):
            hands[seat], widow = widow, hands[seat]
            faceup.update(widow)           # his old hand lies face up as the new widow
            widow_up = True
            passed[seat] = False
            word = "takes the widow"
        elif isinstance(action, Exchange):
            if not state.widow_up:
                raise IllegalAction("one card is exchanged only with the widow face up: take the whole "
                                    "widow, pass or knock", rule)
            hand = hands[seat]
            give = next((i for i in hand if state.deck[i] == action.give), None)
            take = next((i for i in widow if state.deck[i] == action.take), None)
            if give is None:
                raise IllegalAction(f"the {action.give.name} is not in your hand", rule)
            if take is None:
                raise IllegalAction(f"the {action.take.name} is not in the widow", rule)
            hands[seat] = tuple(take if i == give else i for i in hand)
            widow = tuple(give if i == take else i for i in widow)
            faceup.add(give)
            passed[seat] = False
            word = f"gives {action.give} for {action.take}"   # short: it is shown under the name
        elif isinstance(action, Pass):
            if not self._may_pass_widow(state, seat):
                raise IllegalAction("you passed at your last turn: exchange or knock", self.ref("whiskey-poker"))
            passed[seat] = True
            word = "passes"
        elif isinstance(action, Knock):
            if knocker is not None:
                raise IllegalAction(f"{self.seat_name(knocker)} has knocked already: this is the last "
                                    "turn", self.ref("whiskey-poker"))
            knocker = seat
            passed[seat] = False
            word = "knocks"
        else:
            raise IllegalAction("at Whiskey Poker there is no betting: exchange with the widow, pass "
                                "or knock", rule)
        # The dealer, last to speak in the first round, turns the widow up if nobody has taken it.
        if seat == state.dealer and not widow_up:
            widow_up = True
            faceup.update(widow)
            word += "; the widow is turned up"
        s = replace(state, hands=tuple(hands), widow=widow, widow_up=widow_up, faceup=tuple(sorted(faceup)),
                    passed_last=tuple(passed), knocker=knocker, calls=self._said(state, seat, word))
        nxt = (seat + 1) % n
        rounds = state.rounds + (1 if seat == state.dealer and state.widow_up else 0)
        if nxt == knocker or (knocker is None and rounds >= WHISKEY_ROUNDS):
            return self._showdown(replace(s, rounds=rounds, turn=None))
        return replace(s, rounds=rounds, turn=nxt)

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
        variety = self.variety(state)
        anchor = f"{variety}-poker"
        if variety != "draw" and isinstance(action, (Hold, Draw, Ante, Straddle)):
            what = {Hold: "the Age has no privilege to hold", Draw: "there is no draw",
                    Ante: "every player antes before the deal, and there is no blind",
                    Straddle: "there is no blind, so no straddle"}[type(action)]
            raise IllegalAction(f"at {variety.title()} Poker {what}", self.ref(anchor))
        if isinstance(action, Hold):
            if not self._may_hold(state, seat):
                why = ("only the Age may hold the age" if seat != state.age or state.phase != "after"
                       else "the age may be held once, before anybody has bet")
                raise IllegalAction(why + " after the draw", self.ref("holding-the-age"))
            s = replace(state, held=True, calls=self._said(state, seat, "holds the age"))
            return self._next_bettor(s, seat)
        if isinstance(action, Pass) and self.unopened(state):
            acted[seat] = True      # declining to open: he stays in, and may come in if it is opened
            checked = list(state.checked)
            checked[seat] = True
            word = "does not open" if self.jackpots(state) else "passes (stays in)"
            s = replace(state, acted=tuple(acted), checked=tuple(checked), calls=self._said(state, seat, word))
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
                if self.unopened(state):
                    raise IllegalAction("there is nothing to make good until somebody bets: go so many "
                                        "counters or pass", self.ref(anchor if variety != "draw" else "jack-pots"))
                raise IllegalAction("there is nothing to make good until somebody goes: go so many "
                                    "counters or pass out", self.ref("after-the-draw"))
            pay = min(owed, stock)
            word = ("sees" if state.phase == "after" else
                    "goes in" if staked[seat] == 0 else "makes good")
            stocks[seat] -= pay
            staked[seat] += pay
            acted[seat] = True
            checked = list(state.checked)
            checked[seat] = False              # a player who passed has come in again
            text = f"{word} ({staked[seat]})" if pay == owed else f"sees for all he has ({staked[seat]})"
            s = replace(state, stocks=tuple(stocks), staked=tuple(staked), acted=tuple(acted),
                        checked=tuple(checked), calls=self._said(state, seat, text))
            return self._next_bettor(s, seat)
        if isinstance(action, Better):
            if not self._raises_allowed(state):
                raise IllegalAction("in the older game nobody may go better before the draw: make "
                                    "good or pass out", self.ref("the-straddle"))
            if self.jackpots(state) and self.unopened(state) and not self.opens(state, seat):
                raise IllegalAction("a jack-pot is opened only with a pair of knaves or better",
                                    self.ref("jack-pots"))
            limit = self.limit(state)
            if action.amount < 1 or (action.amount > limit and not self.table_stakes(state)):
                raise IllegalAction(f"going {action.amount} better is not allowed: the limit is "
                                    f"{limit}", self.ref("the-limit"))
            if owed + action.amount > stock:
                raise IllegalAction(f"making good {owed} and going {action.amount} better needs "
                                    f"{owed + action.amount} counters; you have {stock}",
                                    self.ref("table-stakes" if self.table_stakes(state) else "short-stakes"))
            pay = owed + action.amount
            stocks[seat] -= pay
            staked[seat] += pay
            acted = [False] * n
            acted[seat] = True
            opened = (state.phase == "after" and owed == 0) or (
                self.unopened(state) and self.variety(state) in ("straight", "stud"))
            text = f"goes {action.amount}" if opened else f"goes {action.amount} better ({staked[seat]})"
            checked = list(state.checked)
            checked[seat] = False
            ins, hands, dead = list(state.ins), list(state.hands), list(state.dead)
            shut = []
            if self.variety(state) == "straight" and not self.unopened(state):
                # Straight Poker: a player who passed may come in again only if nobody has raised
                # meanwhile; this raise shuts out everyone still waiting on his pass.
                for p in range(n):
                    if checked[p] and ins[p] and p != seat:
                        ins[p], dead[p], hands[p] = False, hands[p], ()
                        checked[p] = False
                        shut.append(p)
            calls = self._said(state, seat, text)
            calls += tuple((p, "shut out by the raise") for p in shut)
            s = replace(state, stocks=tuple(stocks), staked=tuple(staked), acted=tuple(acted),
                        checked=tuple(checked), ins=tuple(ins), hands=tuple(hands), dead=tuple(dead),
                        level=staked[seat], calls=calls)
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
        for p in order[order.index(seat) + 1:]:
            if state.ins[p]:
                return replace(state, turn=p)
        # After the draw the Age (or the first player in after him) speaks first.
        first = self._first_in_from_age(state)
        after = replace(state, phase="after", acted=(False,) * n, held=False, turn=None)
        return self._next_bettor(after, (first - 1) % n)

    def _not_opened(self, state: PokerState) -> PokerState:
        """Nobody opened the jack-pot: the hands are thrown in, the stakes stay in the pool, and the
        next dealer deals again (after the agreed deals, each takes back what he put in)."""
        n = state.n
        rule = self.ref("jack-pots")
        if state.deal_no >= int(state.option("deals", 20)):
            back = tuple((s, state.staked[s]) for s in range(n) if state.staked[s])
            return self._settle(state, back, (), "nobody opened the last jack-pot: each takes back his stakes",
                                rule)
        text = (f"everyone passed: the pool of {state.pool} stays for a double header"
                if self.variety(state) == "straight" else
                f"nobody opened: the pool of {state.pool} stays for the next deal")
        result = DealResult(state.deal_no, state.pool, (), (), text)
        return replace(state, last=result, ins=(False,) * n, acted=(False,) * n, turn=None, pending=None,
                       phase="deal", dealer=(state.dealer + 1) % n, level=0)

    def pools(self, state: PokerState) -> list[tuple[int, tuple[Seat, ...]]]:
        """The pool as the showdown will share it: the main pool and the side pools, each with the
        players still in who contest it (a player who saw for all he has contests only the pools
        up to his stake).  One pool unless somebody is short."""
        n = state.n
        ins = [s for s in range(n) if state.ins and state.ins[s]]
        if not ins or not state.staked:
            return [(state.pool, tuple(ins))] if state.pool else []
        # A pool ends at the stake of each player who has put in all he has; a bet not yet answered
        # is no side pool.
        top = max(state.staked[s] for s in ins)
        caps = sorted({state.staked[s] for s in ins if state.stocks[s] == 0 and state.staked[s] < top})
        out: list[tuple[int, tuple[Seat, ...]]] = []
        prev = 0
        for cap in caps:
            layer = sum(min(state.staked[s], cap) - min(state.staked[s], prev) for s in range(n))
            # contested by those who reached the cap, and those who still may (counters left)
            out.append((layer, tuple(s for s in ins if state.staked[s] >= cap or state.stocks[s] > 0)))
            prev = cap
        rest = state.pool - sum(amount for amount, _ in out)
        if rest or not out:
            out.append((rest, tuple(s for s in ins if state.staked[s] > prev or state.stocks[s] > 0 or not prev)))
        return out

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
        return self._settle(replace(state, revealed=revealed), shares, shown, text, self.ref("the-showdown"))

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
        done = replace(state, stocks=tuple(stocks), staked=(0,) * n, level=0, last=result, ledger=ledger,
                       ins=(False,) * n, acted=(False,) * n, turn=None, pending=None)
        broke = [p for p in range(n) if stocks[p] == 0]
        if broke:
            who = " and ".join(self.seat_name(p) for p in broke)
            return replace(done, phase="over", result=f"{who} {'has' if len(broke) == 1 else 'have'} "
                           "no counters left", result_rule=self.ref("scoring"))
        deals = int(state.option("deals", 20))
        if state.deal_no >= deals:
            return replace(done, phase="over", result=f"the agreed {deals} deals have been played",
                           result_rule=self.ref("scoring"))
        nxt = (state.dealer + 1) % n
        if self.variety(state) == "straight" and shares:
            nxt = shares[0][0]          # Straight Poker: the deal goes to the winner of the pool
        return replace(done, phase="deal", dealer=nxt, turn=None)

    def rules_section(self, state: PokerState) -> str | None:
        """The rules pane follows a variety to its own section (Draw Poker's page is read whole)."""
        variety = self.variety(state)
        if variety != "draw":
            return self.page_section(f"{variety}-poker")
        if self.table_stakes(state):
            return self.page_section("table-stakes")
        return None

    # -- the end of the session ------------------------------------------------------------------------
    def outcome(self, state: PokerState) -> Outcome | None:
        if state.phase != "over":
            return None
        return most_counters(state.stocks, state.result, state.result_rule, self.seat_name)

    def score_events(self, state: PokerState) -> Sequence[ScoreEvent]:
        return state.ledger

    # -- views ---------------------------------------------------------------------------------------------
    def visible(self, state: PokerState, seat: Seat | None) -> list[bool]:
        shown = [False] * len(state.deck)
        for i in state.revealed + state.faceup:
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
        if isinstance(action, TakeWidow):
            return "take the widow"
        if isinstance(action, Exchange):
            return f"exchange {action.give.code} for {action.take.code}"
        if isinstance(action, Knock):
            return "knock"
        raise TypeError(action)

    def action_from_str(self, state: PokerState, text: str) -> PokerAction:
        t = " ".join(str(text).strip().split())
        low = t.lower()
        words: dict[str, PokerAction] = {"pass": Pass(), "pass out": Pass(), "make good": MakeGood(), "see": MakeGood(),
                 "go in": MakeGood(), "hold": Hold(), "hold the age": Hold(), "stand pat": Draw(()),
                 "straddle": Straddle(True), "no straddle": Straddle(False), "knock": Knock(),
                 "take the widow": TakeWidow(), "take widow": TakeWidow()}
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
            if head == "deal":
                return Deal(k)
            if head == "refill":
                return Refill(k)
            return Ante(k) if head == "ante" else Better(k)
        if head == "exchange" and " for " in rest:
            give_text, _, take_text = t[len("exchange"):].strip().partition(" for ")
            try:
                (give,), (take,) = parse_cards(give_text), parse_cards(take_text)
            except (NotationError, ValueError) as exc:
                raise NotationError(f"{text!r}: expected 'exchange CARD for CARD' ({exc})") from None
            return Exchange(give, take)
        if head == "discard" and rest:
            try:
                cards = parse_cards(t[len("discard"):].strip())
            except NotationError as exc:
                raise NotationError(f"{text!r}: {exc}") from None
            return Draw(tuple(sorted(cards)))
        raise NotationError(f"{text!r} is not an action of Draw Poker: expected 'ante N', 'straddle', "
                            "'no straddle', 'pass', 'make good', 'better N', 'hold', 'discard …', "
                            "'stand pat', 'take the widow', 'exchange C for C' or 'knock'")

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
            if state.phase == "widow":
                return f"{who} passes"
            if self.unopened(state):
                return f"{who} does not open" if self.jackpots(state) else f"{who} passes (and stays in)"
            return f"{who} passes out"
        if isinstance(action, TakeWidow):
            return f"{who} takes the widow"
        if isinstance(action, Exchange):
            return f"{who} exchanges the {action.give.name} for the {action.take.name}"
        if isinstance(action, Knock):
            return f"{who} knocks"
        if isinstance(action, MakeGood):
            return f"{who} makes good ({owed} more)"
        if isinstance(action, Better):
            if self.unopened(state) and self.jackpots(state):
                return f"{who} opens the jack-pot for {action.amount}"
            if self.unopened(state):
                return f"{who} goes {action.amount}"
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
            if state.phase == "widow":
                return "Pass"
            if self.unopened(state):
                return "Pass (do not open)" if self.jackpots(state) else "Pass (stay in)"
            return "Pass out"
        if isinstance(action, TakeWidow):
            return "Take the widow"
        if isinstance(action, Exchange):
            return f"Exchange {action.give} for {action.take}"
        if isinstance(action, Knock):
            return "Knock"
        if isinstance(action, MakeGood):
            return f"Make good {owed}" if state.phase == "before" else f"See ({owed})"
        if isinstance(action, Better):
            if self.unopened(state) and self.jackpots(state):
                return f"Open for {action.amount}"
            if (state.phase == "after" or self.unopened(state)) and owed == 0:
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
