"""What Roulette and Trente et Quarante share: punters staking counters on the spaces of a cloth
against the bank, coup after coup, with the bank's one advantage — the zero, or the double
thirty-one — sending the even-money stakes to prison.

Each punter in turn takes counters of one value in hand (``counter 20``) and lays them on the
spaces of the cloth (``place rouge``), may take his own stake back (``withdraw rouge``), may
take half of a stake in prison and give up the rest (``halve rouge``), at Trente et Quarante
may insure a stake against the double thirty-one (``insure rouge``), and says when he has done
(``done``).  When every punter has done, the coup is decided — the wheel spun, the rows dealt —
by the session's recorded chance, and the stakes are settled by ``settle_lay``, the one function
the table, the demo, the exact edges and the simulations all go through.

A coup's *verdict* on a stake is one of ``WIN``, ``LOSE``, ``PUSH`` (a tie that leaves the stake
alone) and ``ZERO`` (the bank's coup: the even chances go to prison, or lose half).  A stake in
prison is freed (returned without winnings) by the next coup that would have won it, lost by one
that would have lost it, and stays in prison through a push or another zero.
"""
from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, Outcome, ScoreEvent, Seat, Special
from ...core.rules import rule_ref

WIN, LOSE, PUSH, ZERO = "win", "lose", "push", "zero"


@dataclass(frozen=True, slots=True)
class Spot:
    """A space of the cloth a stake may be laid on."""

    name: str                     # its text: "plein 17", "cheval 17-20", "rouge"
    kind: str                     # plein, cheval, transversale, carre, sixain, colonne, douzaine,
                                  # simple (the even chances of either game)
    covers: frozenset[int]        # Roulette: the numbers it wins on (empty at Trente et Quarante)
    pays: int                     # to one
    limit: int                    # the maximum stake the bank takes on it
    simple: bool                  # an even chance: prison at the bank's coup


@dataclass(frozen=True, slots=True)
class Lay:
    """One punter's stake on one space.  ``premium`` is what he paid to insure it (0: not)."""

    seat: Seat
    spot: str
    amount: int
    prison: bool = False
    premium: int = 0


@dataclass(frozen=True, slots=True)
class Coup:
    """A decided coup, for the history the systems and the chart read: what came, and for each
    punter what he won or lost (``nets``) on the stakes the coup decided (``resolved``: stakes
    sent to prison are not decided yet)."""

    no: int
    text: str
    nets: tuple[int, ...]
    resolved: tuple[int, ...]
    holdings: tuple[int, ...]     # each punter's stock and stakes after the coup


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Counter:
    """Take counters of ``value`` in hand: the next ``place`` lays one of them."""

    value: int


@dataclass(frozen=True, slots=True)
class Place:
    spot: str


@dataclass(frozen=True, slots=True)
class Withdraw:
    spot: str


@dataclass(frozen=True, slots=True)
class Halve:
    spot: str


@dataclass(frozen=True, slots=True)
class Insure:
    spot: str


@dataclass(frozen=True, slots=True)
class Done:
    """The punter has made his stakes for this coup."""


@dataclass(frozen=True, slots=True)
class Spin:
    """The ball falls in ``number`` (Roulette's chance event)."""

    number: int


@dataclass(frozen=True, slots=True)
class Shoe:
    """The six packs shuffled into the shoe with shuffle number ``seed`` (Trente et Quarante)."""

    seed: int


CasinoAction = Counter | Place | Withdraw | Halve | Insure | Done | Spin | Shoe


@dataclass(frozen=True, slots=True)
class CasinoState:
    """A session at the table.  Everything is public but the order of a shoe's undealt cards."""

    opts: tuple[tuple[str, Any], ...]
    n: int
    capital: int
    stocks: tuple[int, ...]
    hand: tuple[int, ...]                 # the value of the counters each punter holds ready
    stakes: tuple[Lay, ...] = ()
    phase: str = "stakes"                 # stakes, spin, shoe, over
    turn: Seat | None = 0
    coup_no: int = 0
    coups: tuple[Coup, ...] = ()
    number: int | None = None             # Roulette: where the ball last fell
    # Trente et Quarante: the shoe (hidden), how far it is dealt, the last coup's two rows
    shoe: tuple[Any, ...] = ()
    shoe_seed: int | None = None
    shoe_no: int = 0
    pos: int = 0
    rows: tuple[tuple[int, ...], ...] = ()
    last_wins: tuple[str, ...] = ()       # the spaces the last coup won
    ledger: tuple[ScoreEvent, ...] = ()
    result: str = ""
    result_rule: str | None = None

    def option(self, name: str, default: Any = None) -> Any:
        for key, value in self.opts:
            if key == name:
                return value
        return default

    def free_stake(self, seat: Seat, spot: str) -> int:
        return sum(lay.amount for lay in self.stakes if lay.seat == seat and lay.spot == spot and not lay.prison)

    def prisoner(self, seat: Seat, spot: str) -> Lay | None:
        return next((lay for lay in self.stakes if lay.seat == seat and lay.spot == spot and lay.prison), None)

    def staked(self, seat: Seat) -> int:
        return sum(lay.amount for lay in self.stakes if lay.seat == seat)

    def holdings(self, seat: Seat) -> int:
        return self.stocks[seat] + self.staked(seat)


@dataclass(frozen=True, slots=True)
class CasinoView:
    seat: Seat | None
    pub: CasinoState
    cards: tuple[Any, ...] = ()           # Trente et Quarante: the rows' cards, face up (ViewCards)


def settle_lay(lay: Lay, verdict: str, pays: int, zero_rule: str) -> tuple[int, int, int, Lay | None]:
    """What a coup's verdict does to one stake: (returned to the punter's stock, his net gain or
    loss, the amount the coup decided, the stake left on the cloth in prison or ``None``).  The
    insurance premium was paid when the stake was insured, and is counted in the net here."""
    amount = lay.amount
    if lay.prison:
        if verdict == WIN:
            return amount, 0, amount, None              # freed, without winnings
        if verdict == LOSE:
            return 0, -amount, amount, None
        return 0, 0, 0, lay                             # a tie or another zero: still in prison
    if verdict == WIN:
        return amount * (pays + 1), amount * pays - lay.premium, amount, None
    if verdict == LOSE:
        return 0, -amount - lay.premium, amount, None
    if verdict == PUSH:
        return amount, -lay.premium, amount, None
    # ZERO: the bank's coup
    if lay.premium:
        return amount, -lay.premium, amount, None       # insured: the stake is untouched
    if zero_rule == "half":
        half = amount // 2
        return half, half - amount, amount, None
    return 0, 0, 0, Lay(lay.seat, lay.spot, amount, prison=True)


def expectation(outcomes: Sequence[tuple[Fraction, Any]], verdict_of: Any, spot: Spot,
                zero_rule: str, premium: Fraction = Fraction(0)) -> Fraction:
    """The punter's exact expectation, per unit staked, of a stake on ``spot``: ``outcomes`` are
    (probability, coup) pairs and ``verdict_of(spot, coup)`` judges them.  A stake sent to prison
    is worth what it will be worth when freed or lost: its value ``x`` satisfies
    ``x = P(win)·0 + P(lose)·(−1) + P(push or zero)·x``.  ``premium``: the insurance paid."""
    p = {WIN: Fraction(0), LOSE: Fraction(0), PUSH: Fraction(0), ZERO: Fraction(0)}
    for prob, coup in outcomes:
        p[verdict_of(spot, coup)] += prob
    if premium:
        zero_value = Fraction(0)
    elif not spot.simple:
        zero_value = Fraction(-1)
    elif zero_rule == "half":
        zero_value = Fraction(-1, 2)
    else:
        zero_value = -p[LOSE] / (p[WIN] + p[LOSE])      # the prisoner's worth
    return p[WIN] * spot.pays - p[LOSE] + p[ZERO] * zero_value - premium


class CasinoGame(Game[CasinoState, CasinoAction, CasinoView]):
    """The staking shared by Roulette and Trente et Quarante.  A game supplies its spots, its
    counters and minimum, its chance, and ``verdict``."""

    counters: tuple[int, ...] = ()
    minimum = 0
    spots: dict[str, Spot] = {}

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    # -- hooks each game writes (Game is an ABC: a game missing one cannot be made) ------------
    @abstractmethod
    def verdict(self, state: CasinoState, spot: Spot) -> str:
        """What becomes of a stake on ``spot`` once the coup is decided (WIN, LOSE or ZERO)."""

    @abstractmethod
    def decide(self, state: CasinoState) -> CasinoState:
        """Every punter has done: the game's chance comes (Roulette waits for the spin)."""

    @abstractmethod
    def coup_text(self, state: CasinoState) -> str:
        """The coup's outcome in words, for the record and the table."""

    def after_coup(self, state: CasinoState) -> CasinoState:
        return self._open(state)

    # -- seats --------------------------------------------------------------------------------
    def seat_count(self, state: CasinoState) -> int:
        return state.n

    def seat_name(self, seat: Seat) -> str:
        return f"Punter {seat + 1}"

    # -- the protocol ---------------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> CasinoState:
        opts = self.resolve_options(options)
        n = int(opts["players"])
        capital = int(opts["capital"])
        s = CasinoState(opts=tuple(sorted(opts.items())), n=n, capital=capital, stocks=(capital,) * n,
                        hand=(self.minimum,) * n)
        return self.start(s)

    def start(self, state: CasinoState) -> CasinoState:
        return self._open(state)

    def to_move(self, state: CasinoState) -> Seat | Special:
        if state.phase in ("spin", "shoe"):
            return Special.CHANCE
        if state.phase == "over" or state.turn is None:
            return Special.TERMINAL
        return state.turn

    def legal_actions(self, state: CasinoState, seat: Seat) -> Sequence[CasinoAction]:
        if state.phase != "stakes" or seat != state.turn:
            return ()
        stock = state.stocks[seat]
        hand = state.hand[seat]
        out: list[CasinoAction] = [Done()]
        out += [Counter(v) for v in self.counters if v != hand and v <= stock]
        mine = [lay for lay in state.stakes if lay.seat == seat]
        if hand <= stock:
            # every space takes the counter but those whose stake it would carry over the limit
            full = {lay.spot for lay in mine if not lay.prison and lay.amount + hand > self.spots[lay.spot].limit}
            places = self._places(hand)
            out += [a for a in places if a.spot not in full] if full else places
        for lay in mine:
            if lay.prison:
                out.append(Halve(lay.spot))
            else:
                out.append(Withdraw(lay.spot))
                if self.insurable(lay) and self.premium(lay.amount) <= stock:
                    out.append(Insure(lay.spot))
        return tuple(out)

    def _places(self, value: int) -> tuple[Place, ...]:
        """A ``place`` on every space whose limit takes a counter of ``value``, made once per
        value (the legal actions are asked for at every step)."""
        cache: dict[int, tuple[Place, ...]] = self.__dict__.setdefault("_place_actions", {})
        found = cache.get(value)
        if found is None:
            found = cache[value] = tuple(Place(name) for name, spot in self.spots.items() if spot.limit >= value)
        return found

    def insurable(self, lay: Lay) -> bool:
        return False

    def premium(self, amount: int) -> int:
        return 0

    # -- applying ---------------------------------------------------------------------------------
    def apply(self, state: CasinoState, action: CasinoAction) -> CasinoState:
        if isinstance(action, (Spin, Shoe)):
            return self.apply_chance(state, action)
        if state.phase == "over":
            raise IllegalAction("the session is over", self.ref("the-end-of-the-session"))
        if state.phase != "stakes" or state.turn is None:
            raise IllegalAction("rien ne va plus: no stake may be made or moved once the coup has begun",
                                self.ref("the-coup"))
        seat = state.turn
        if isinstance(action, Done):
            return self._next_punter(state, seat)
        if isinstance(action, Counter):
            if action.value not in self.counters:
                raise IllegalAction(f"the bank has no counters of {action.value}; they are "
                                    f"{', '.join(map(str, self.counters))}", self.ref("the-stakes"))
            if action.value > state.stocks[seat]:
                raise IllegalAction(f"a counter of {action.value} is more than your {state.stocks[seat]}",
                                    self.ref("the-stakes"))
            hand = list(state.hand)
            hand[seat] = action.value
            return replace(state, hand=tuple(hand))
        if isinstance(action, Place):
            return self._place(state, seat, action.spot)
        if isinstance(action, Withdraw):
            return self._withdraw(state, seat, action.spot)
        if isinstance(action, Halve):
            return self._halve(state, seat, action.spot)
        if isinstance(action, Insure):
            return self._insure(state, seat, action.spot)
        raise IllegalAction(f"{action!r} is not an action of {self.info.name}")

    def apply_chance(self, state: CasinoState, action: CasinoAction) -> CasinoState:
        raise IllegalAction(f"{self.action_to_str(action)} is not a chance of {self.info.name}", self.ref("the-coup"))

    def spot(self, name: str) -> Spot:
        found = self.spots.get(name)
        if found is None:
            raise IllegalAction(f"there is no space {name!r} on the cloth", self.ref("the-stakes"))
        return found

    def _place(self, state: CasinoState, seat: Seat, name: str) -> CasinoState:
        spot = self.spot(name)
        value = state.hand[seat]
        if value > state.stocks[seat]:
            raise IllegalAction(f"you have {state.stocks[seat]}, less than the counter of {value} in hand",
                                self.ref("the-stakes"))
        now = state.free_stake(seat, name)
        if now + value > spot.limit:
            raise IllegalAction(f"the most the bank takes on {name} is {spot.limit}; with this counter "
                                f"your stake would be {now + value}", self.ref("the-limits"))
        stakes = [lay for lay in state.stakes if not (lay.seat == seat and lay.spot == name and not lay.prison)]
        stakes.append(Lay(seat, name, now + value))
        stocks = list(state.stocks)
        stocks[seat] -= value
        return replace(state, stakes=tuple(stakes), stocks=tuple(stocks))

    def _withdraw(self, state: CasinoState, seat: Seat, name: str) -> CasinoState:
        lay = next((x for x in state.stakes if x.seat == seat and x.spot == name and not x.prison), None)
        if lay is None:
            if state.prisoner(seat, name) is not None:
                raise IllegalAction("a stake in prison stays until a coup frees or loses it (or you take half)",
                                    self.ref("prison"))
            raise IllegalAction(f"you have no stake on {name} to take back", self.ref("the-stakes"))
        stocks = list(state.stocks)
        stocks[seat] += lay.amount + lay.premium
        return replace(state, stakes=tuple(x for x in state.stakes if x is not lay), stocks=tuple(stocks))

    def _halve(self, state: CasinoState, seat: Seat, name: str) -> CasinoState:
        lay = state.prisoner(seat, name)
        if lay is None:
            raise IllegalAction(f"you have no stake in prison on {name}: only a prisoner may be halved",
                                self.ref("prison"))
        half = lay.amount // 2
        stocks = list(state.stocks)
        stocks[seat] += half
        coups = state.coups
        if coups:
            # The half given up is a loss decided now: booked to the last coup, where the chart shows it.
            last = coups[-1]
            nets = list(last.nets)
            resolved = list(last.resolved)
            nets[seat] -= lay.amount - half
            resolved[seat] += lay.amount
            coups = coups[:-1] + (replace(last, nets=tuple(nets), resolved=tuple(resolved)),)
        ledger = state.ledger + (ScoreEvent(seat, half - lay.amount,
                                            f"{self.seat_name(seat)} takes half of {lay.amount} in prison on {name}",
                                            self.ref("prison")),)
        return replace(state, stakes=tuple(x for x in state.stakes if x is not lay), stocks=tuple(stocks),
                       coups=coups, ledger=ledger)

    def _insure(self, state: CasinoState, seat: Seat, name: str) -> CasinoState:
        raise IllegalAction("Roulette has no insurance", self.ref("the-stakes"))

    def _next_punter(self, state: CasinoState, seat: Seat) -> CasinoState:
        for nxt in range(seat + 1, state.n):
            if state.stocks[nxt] >= self.minimum:
                return replace(state, turn=nxt)
        return self.decide(replace(state, turn=None))

    def _open(self, state: CasinoState) -> CasinoState:
        """The next coup's stakes: the first punter who can stake speaks; if none can, the coup
        goes on for the prisoners alone, and with no prisoner either the session ends."""
        if state.coup_no >= int(state.option("coups")):
            return self._finish(state, f"the {state.coup_no} coups of the session have been played")
        for seat in range(state.n):
            if state.stocks[seat] >= self.minimum:
                return replace(state, phase="stakes", turn=seat)
        if any(lay.prison for lay in state.stakes):
            return self.decide(replace(state, phase="stakes", turn=None))
        return self._finish(state, "no punter has the minimum stake left")

    def _finish(self, state: CasinoState, why: str) -> CasinoState:
        # A prisoner still on the cloth at the end is settled as its owner may always settle it:
        # he takes half.
        stocks = list(state.stocks)
        for lay in state.stakes:
            stocks[lay.seat] += lay.amount // 2 if lay.prison else lay.amount
        return replace(state, phase="over", turn=None, stakes=(), stocks=tuple(stocks), result=why,
                       result_rule=self.ref("the-end-of-the-session"))

    def settle(self, state: CasinoState) -> CasinoState:
        """Settle every stake by the coup's verdict and open the next coup."""
        zero_rule = str(state.option("zero_rule", "prison"))
        stocks = list(state.stocks)
        nets = [0] * state.n
        resolved = [0] * state.n
        left: list[Lay] = []
        wins = []
        events: list[ScoreEvent] = []
        for name, spot in self.spots.items():
            if self.verdict(state, spot) == WIN:
                wins.append(name)
        for lay in state.stakes:
            spot = self.spots[lay.spot]
            verdict = self.verdict(state, spot)
            back, net, decided, stays = settle_lay(lay, verdict, spot.pays, zero_rule)
            stocks[lay.seat] += back
            nets[lay.seat] += net
            resolved[lay.seat] += decided
            if stays is not None:
                left.append(stays)
            anchor = self.verdict_anchor(spot, verdict, lay)
            words = {WIN: f"wins {net}" if not lay.prison else "is freed from prison",
                     LOSE: f"loses {lay.amount}", PUSH: "stands (a tie)",
                     ZERO: ("goes to prison" if stays is not None else
                            "is returned (insured)" if lay.premium else f"loses half ({-net})")}[verdict]
            if stays is not None and lay.prison:
                words = "stays in prison"
            events.append(ScoreEvent(lay.seat, net, f"coup {state.coup_no + 1}: {self.seat_name(lay.seat)}'s "
                                     f"{lay.amount} on {lay.spot} {words}", self.ref(anchor)))
        coup_no = state.coup_no + 1
        s = replace(state, stakes=tuple(left), stocks=tuple(stocks), coup_no=coup_no, last_wins=tuple(wins))
        holdings = tuple(s.holdings(seat) for seat in range(state.n))
        coup = Coup(coup_no, self.coup_text(state), tuple(nets), tuple(resolved), holdings)
        s = replace(s, coups=state.coups + (coup,), ledger=state.ledger + tuple(events))
        return self.after_coup(s)

    def verdict_anchor(self, spot: Spot, verdict: str, lay: Lay) -> str:
        if lay.prison or (verdict == ZERO and not lay.premium):
            return "prison"
        return "payments"

    # -- the end --------------------------------------------------------------------------------
    def outcome(self, state: CasinoState) -> Outcome | None:
        if state.phase != "over":
            return None
        results = tuple(1.0 if s > state.capital else 0.5 if s == state.capital else 0.0 for s in state.stocks)
        ahead = [self.seat_name(s) for s in range(state.n) if state.stocks[s] > state.capital]
        bank = sum(state.capital - s for s in state.stocks)
        tail = (f"; {' and '.join(ahead)} rose from the table ahead" if ahead else "; no punter rose ahead")
        reason = f"{state.result}; the bank {'won' if bank >= 0 else 'lost'} {abs(bank)}{tail}"
        return Outcome(results, reason, state.result_rule, tuple(state.stocks))

    def score_events(self, state: CasinoState) -> Sequence[ScoreEvent]:
        return state.ledger

    def view(self, state: CasinoState, seat: Seat | None) -> CasinoView:
        return CasinoView(seat, state)

    # -- text -----------------------------------------------------------------------------------
    def action_to_str(self, action: CasinoAction) -> str:
        if isinstance(action, Counter):
            return f"counter {action.value}"
        if isinstance(action, Place):
            return f"place {action.spot}"
        if isinstance(action, Withdraw):
            return f"withdraw {action.spot}"
        if isinstance(action, Halve):
            return f"halve {action.spot}"
        if isinstance(action, Insure):
            return f"insure {action.spot}"
        if isinstance(action, Done):
            return "done"
        if isinstance(action, Spin):
            return f"spin {action.number}"
        if isinstance(action, Shoe):
            return f"shoe {action.seed}"
        raise TypeError(action)

    def action_from_str(self, state: CasinoState, text: str) -> CasinoAction:
        t = " ".join(str(text).strip().split()).lower().replace("à", "a").replace("é", "e")
        if t == "done":
            return Done()
        head, _, rest = t.partition(" ")
        if head in ("counter", "spin", "shoe"):
            if not (rest.isascii() and rest.isdigit() and len(rest) <= 19):
                raise NotationError(f"{text!r}: expected a whole number after {head!r}")
            number = int(rest)
            return Counter(number) if head == "counter" else Spin(number) if head == "spin" else Shoe(number)
        if head in ("place", "withdraw", "halve", "insure"):
            name = self.canonical_spot(rest)
            if name is None:
                raise NotationError(f"{text!r}: {rest!r} is not a space of the cloth")
            kinds: dict[str, type[Place] | type[Withdraw] | type[Halve] | type[Insure]] = {
                "place": Place, "withdraw": Withdraw, "halve": Halve, "insure": Insure}
            return kinds[head](name)
        raise NotationError(f"{text!r} is not an action of {self.info.name}: expected 'counter N', "
                            "'place SPACE', 'withdraw SPACE', 'halve SPACE', 'insure SPACE' or 'done'")

    def canonical_spot(self, text: str) -> str | None:
        return text if text in self.spots else None

    def describe(self, state: CasinoState, action: CasinoAction) -> str:
        who = self.seat_name(state.turn) if state.turn is not None else ""
        if isinstance(action, Counter):
            return f"{who} takes counters of {action.value}"
        if isinstance(action, Place):
            return f"{who} lays {state.hand[state.turn] if state.turn is not None else ''} on {action.spot}"
        if isinstance(action, Withdraw):
            return f"{who} takes back the stake on {action.spot}"
        if isinstance(action, Halve):
            return f"{who} takes half of the stake in prison on {action.spot}"
        if isinstance(action, Insure):
            return f"{who} insures the stake on {action.spot} against the refait"
        if isinstance(action, Done):
            return f"{who} has made his stakes"
        return self.action_to_str(action)

    def rules_section(self, state: CasinoState) -> str | None:
        if state.phase == "over":
            return self.page_section("the-end-of-the-session")
        if any(lay.prison for lay in state.stakes):
            return self.page_section("prison")
        return self.page_section("the-stakes")
