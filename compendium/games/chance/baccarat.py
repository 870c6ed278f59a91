"""Baccarat, Chemin de Fer and Banque, as Hoyle's *Games Modernized* (1909) describes them, for
counters.

The point of a hand is the sum of its pips with court cards and tens counting nothing, tens of the
total dropped (a five and a six make one).  A coup: the stakes are made (or one punter says
"banco" and plays alone against the whole bank); the banker deals two cards to each tableau and to
himself; a tableau or a banker holding eight or nine turns it up at once (a *natural*) and the coup
is decided.  Otherwise the punter holding each tableau draws a third card on baccarat (0) to four,
stands on six and seven, and may please himself at five — the fixed practice, which the table
enforces (a "false draw" is refused).  The banker then draws or stands at his discretion, knowing
the punter's third card; the point nearer nine wins; ties leave the stakes standing for the next
coup.

Chemin de Fer: six packs in the shoe, one tableau for the punters (held by the highest stake), and
the bank passing on: the banker keeps it while he wins, may pass the deal after a win (the others
may take it on at the same amount), and loses it to the next player when beaten.

Banque: three packs, a banker who holds office for the whole shoe, two tableaux (the punters on his
right play on one, those on his left on the other), each held by a punter while he wins; banco
may be gone alone, *à cheval* (half on each tableau) or shared by two punters of opposite sides.

The whole shoe is shuffled once, as a recorded chance event (``shoe N``); the state keeps its order
hidden, so a seat's view shows only the cards dealt and those it may see.  Counters: each seat's
stock is kept from coup to coup; the session ends when a player has no counters left, after the
agreed number of coups, or (Banque) when the shoe is spent.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import PACKS, Card, Rank
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.rng import SplitMix64, shuffled
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from .stocks import most_counters

DENOMINATIONS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
BANKS = (10, 20, 50, 100, 200, 500, 1000)


def card_value(card: Card) -> int:
    """What a card counts: its pips, and nothing for a ten or a court card."""
    return 0 if card.rank >= Rank.TEN else int(card.rank)


def point(cards: Sequence[Card]) -> int:
    """The point of a hand: the sum of the values with the tens dropped."""
    return sum(card_value(c) for c in cards) % 10


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Shoe:
    """The packs shuffled together into the shoe, recorded with the shuffle's number."""

    seed: int


@dataclass(frozen=True, slots=True)
class Bank:
    """The banker puts ``amount`` counters in the bank."""

    amount: int


@dataclass(frozen=True, slots=True)
class TakeBank:
    """Chemin de Fer: take over a bank passed on, at the amount it stood at (or decline)."""

    taken: bool


@dataclass(frozen=True, slots=True)
class PassDeal:
    """Chemin de Fer, after a winning coup: ``True`` passes the deal on, ``False`` deals again."""

    passed: bool


@dataclass(frozen=True, slots=True)
class Stake:
    amount: int


@dataclass(frozen=True, slots=True)
class NoStake:
    """Sit this coup out (or, offered a share of a banco, decline it)."""


@dataclass(frozen=True, slots=True)
class Banco:
    """Go bank: play against the whole bank.  ``kind``: "alone", "cheval" (Banque: half on each
    tableau) or "half" (Banque: share a banco gone on the other side)."""

    kind: str = "alone"


@dataclass(frozen=True, slots=True)
class Third:
    """Take a third card (``True``: "card") or stand."""

    take: bool


BaccaratAction = Shoe | Bank | TakeBank | PassDeal | Stake | NoStake | Banco | Third


# -- state --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CoupResult:
    """How the last coup went, kept on the table until the next is dealt."""

    coup_no: int
    points: tuple[int, ...]                  # each tableau's point, the banker's last
    results: tuple[str, ...]                 # per punters' tableau: "won", "lost", "tie"
    text: str


@dataclass(frozen=True, slots=True)
class BaccaratState:
    """A whole session.  Everything but ``shoe`` and ``shoe_seed`` is public."""

    opts: tuple[tuple[str, Any], ...]
    n: int
    stocks: tuple[int, ...]
    phase: str = "shoe"          # shoe, bank, offer, retire, stakes, share, punter, banker, over
    resume: str = "bank"         # where play goes on after a new shoe
    turn: Seat | None = None
    shoe: tuple[Card, ...] = ()  # the shoe's order (hidden)
    shoe_seed: int | None = None
    shoe_no: int = 0
    pos: int = 0                 # cards dealt from this shoe
    seen: tuple[int, ...] = (0,) * 10   # cards of this shoe turned up in past coups, by value
    coup_no: int = 0
    banker: Seat = 0
    bank: int = 0
    run: int = 0                 # coups the banker has won in a row
    offer_amount: int = 0        # Chemin de Fer: a bank passed on, and who passed it
    offer_from: Seat | None = None
    offered: tuple[bool, ...] = ()
    stakes: tuple[tuple[int, ...], ...] = ()     # per tableau, per seat
    standing: tuple[bool, ...] = ()              # per seat: a stake left over from a tie
    spoken: tuple[bool, ...] = ()                # per seat, in this staking round
    claim: Seat | None = None    # Chemin de Fer: a banco lost gives first claim next coup
    banco: tuple[Seat, ...] = ()
    banco_kind: str = ""
    banco_losses: tuple[int, ...] = ()
    holders: tuple[Seat | None, ...] = ()        # Banque: who holds each tableau's cards
    hands: tuple[tuple[int, ...], ...] = ()      # per tableau, the banker's last (shoe positions)
    shown: tuple[bool, ...] = ()                 # per hand: turned up
    lookers: tuple[Seat | None, ...] = ()        # per hand: who looked at its first two cards
    # Per punters' tableau during a coup: "" (to speak), "natural", "stood" or "drew"; once the
    # coup is settled, its result: "won", "lost" or "tie".
    settled: tuple[str, ...] = ()
    last: CoupResult | None = None
    ledger: tuple[ScoreEvent, ...] = ()
    result: str = ""
    result_rule: str | None = None

    def option(self, name: str, default: Any = None) -> Any:
        for key, value in self.opts:
            if key == name:
                return value
        return default

    @property
    def sides(self) -> int:
        return len(self.stakes)

    @property
    def staked(self) -> int:
        return sum(sum(row) for row in self.stakes)

    def stake_of(self, seat: Seat) -> int:
        return sum(row[seat] for row in self.stakes)

    def holdings(self, seat: Seat) -> int:
        """Everything the seat owns: its stock, its stakes, and the bank if it is the banker's."""
        return self.stocks[seat] + self.stake_of(seat) + (self.bank if seat == self.banker else 0)


@dataclass(frozen=True, slots=True)
class BaccaratView:
    seat: Seat | None
    pub: BaccaratState
    cards: tuple[ViewCard, ...]     # the cards on the table this coup, in order of dealing

    def face(self, card_id: int) -> Card | None:
        for vc in self.cards:
            if vc.id == card_id:
                return vc.face
        return None

    def hand(self, k: int) -> tuple[ViewCard, ...]:
        ids = self.pub.hands[k] if k < len(self.pub.hands) else ()
        by_id = {vc.id: vc for vc in self.cards}
        return tuple(by_id[i] for i in ids)


# -- the rules both games share ------------------------------------------------------------------
class BaccaratGame(Game[BaccaratState, BaccaratAction, BaccaratView]):
    table_kind = TableKind.BACCARAT
    packs = "6x52"
    tableaux = 1
    min_cards = 7                # a coup is not dealt from fewer cards than this

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    # -- hooks ----------------------------------------------------------------------------------
    def first_banker(self, n: int) -> Seat:
        return 0

    def stake_order(self, state: BaccaratState) -> list[Seat]:
        raise NotImplementedError

    def side_of(self, state: BaccaratState, seat: Seat) -> int:
        """The tableau a punter's ordinary stake goes on."""
        return 0

    def after_coup(self, state: BaccaratState, banker_won: bool, tie: bool) -> BaccaratState:
        raise NotImplementedError

    def shoe_spent(self, state: BaccaratState) -> BaccaratState:
        """Too few cards for a coup: a fresh shoe (Chemin de Fer) or the end (Banque)."""
        raise NotImplementedError

    # -- seats ----------------------------------------------------------------------------------
    def seat_count(self, state: BaccaratState) -> int:
        return state.n

    # -- the protocol -----------------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> BaccaratState:
        opts = self.resolve_options(options)
        n = int(opts["players"])
        banker = self.first_banker(n)
        return BaccaratState(opts=tuple(sorted(opts.items())), n=n,
                             stocks=(int(opts["counters"]),) * n, phase="shoe", resume="bank",
                             banker=banker, stakes=((0,) * n,) * self.tableaux,
                             standing=(False,) * n, spoken=(False,) * n, banco_losses=(0,) * n,
                             holders=self.initial_holders(n))

    def initial_holders(self, n: int) -> tuple[Seat | None, ...]:
        return (None,) * self.tableaux

    def to_move(self, state: BaccaratState) -> Seat | Special:
        if state.phase == "shoe":
            return Special.CHANCE
        if state.phase == "over" or state.turn is None:
            return Special.TERMINAL
        return state.turn

    def chance_action(self, state: BaccaratState, seed: int) -> BaccaratAction:
        return Shoe(seed)

    def legal_actions(self, state: BaccaratState, seat: Seat) -> Sequence[BaccaratAction]:
        if state.turn is None or seat != state.turn or state.phase in ("shoe", "over"):
            return ()
        stock = state.stocks[seat]
        if state.phase == "bank":
            return tuple(Bank(k) for k in self.bank_choices(stock))
        if state.phase == "offer":
            return (TakeBank(True), TakeBank(False)) if stock >= state.offer_amount else (TakeBank(False),)
        if state.phase == "retire":
            return (PassDeal(False), PassDeal(True))
        if state.phase == "stakes":
            out: list[BaccaratAction] = [NoStake()]
            out += [Banco(k) for k in self.banco_kinds(state, seat)]
            cap = min(stock, state.bank - state.staked)
            out += [Stake(k) for k in sorted({d for d in DENOMINATIONS if d <= cap} | ({cap} if cap > 0 else set()))]
            return tuple(out)
        if state.phase == "share":
            return (Banco("half"), NoStake()) if stock >= state.bank - state.bank // 2 else (NoStake(),)
        if state.phase == "punter":
            side = self.deciding_side(state)
            p = self.hand_point(state, side)
            if p <= 4:
                return (Third(True),)
            if p >= 6:
                return (Third(False),)
            return (Third(True), Third(False))
        if state.phase == "banker":
            return (Third(True), Third(False))
        return ()

    @staticmethod
    def bank_choices(stock: int) -> list[int]:
        return sorted({b for b in BANKS if b <= stock} | ({stock} if 0 < stock < BANKS[0] else set()))

    def banco_kinds(self, state: BaccaratState, seat: Seat) -> list[str]:
        """The ways ``seat`` may go bank now: only before anybody has staked, with the means to
        cover the whole bank."""
        if state.staked or state.stocks[seat] < state.bank:
            return []
        return ["alone"]

    # -- applying ---------------------------------------------------------------------------------
    def apply(self, state: BaccaratState, action: BaccaratAction) -> BaccaratState:
        if isinstance(action, Shoe):
            if state.phase != "shoe":
                raise IllegalAction("the shoe is not being made up now", self.ref("the-shoe"))
            return self._new_shoe(state, action.seed)
        if state.phase == "shoe":
            raise IllegalAction("the cards are being shuffled", self.ref("the-shoe"))
        if state.phase == "over" or state.turn is None:
            raise IllegalAction("the session is over", self.ref("scoring"))
        seat = state.turn
        phase = state.phase
        if phase == "bank":
            return self._bank(state, seat, action)
        if phase == "offer":
            return self._offer(state, seat, action)
        if phase == "retire":
            return self._retire(state, seat, action)
        if phase in ("stakes", "share"):
            return self._stake(state, seat, action)
        if phase in ("punter", "banker"):
            return self._third(state, seat, action)
        raise IllegalAction(f"nothing may be done in the phase {phase!r}")

    def _new_shoe(self, state: BaccaratState, seed: int) -> BaccaratState:
        s = replace(state, shoe=shuffled(PACKS[self.packs], seed), shoe_seed=seed,
                    shoe_no=state.shoe_no + 1, pos=0, seen=(0,) * 10)
        if state.resume == "deal":
            return self._deal_coup(s)
        return replace(s, phase="bank", turn=s.banker)

    def out_of_turn(self, state: BaccaratState, action: BaccaratAction) -> IllegalAction:
        """The refusal of an action that has no place in this phase of the coup, citing the law of
        the action itself."""
        now = {"bank": "the banker is putting up the bank", "offer": "a bank passed on is being offered",
               "retire": "the banker is deciding whether to deal again",
               "stakes": "the punters are making their stakes", "share": "a banco may be shared",
               "punter": "the punter is deciding on a third card",
               "banker": "the banker is deciding on a third card"}.get(state.phase, "not now")
        if isinstance(action, Bank):
            return IllegalAction(f"the bank is made only when a banker takes the shoe; {now}", self.ref("the-bank"))
        if isinstance(action, (TakeBank, PassDeal)):
            anchor = "passing-the-bank" if self.tableaux == 1 else "the-bank"
            return IllegalAction(f"the bank passes only after a coup; {now}", self.ref(anchor))
        if isinstance(action, (Stake, NoStake)):
            return IllegalAction(f"stakes are made before the cards are dealt; {now}", self.ref("stakes"))
        if isinstance(action, Banco):
            return IllegalAction(f"banco is said before the cards are dealt; {now}", self.ref("banco"))
        if isinstance(action, Third):
            return IllegalAction(f"a third card is offered only after the deal; {now}",
                                 self.ref("the-punters-third-card"))
        return IllegalAction(f"{action!r} is not an action of {self.info.name}")

    def _bank(self, state: BaccaratState, seat: Seat, action: BaccaratAction) -> BaccaratState:
        if not isinstance(action, Bank):
            raise self.out_of_turn(state, action)
        if action.amount < 1:
            raise IllegalAction(f"a bank of {action.amount} is no bank", self.ref("the-bank"))
        if action.amount > state.stocks[seat]:
            raise IllegalAction(f"a bank of {action.amount} is more than the {state.stocks[seat]} "
                                "counters you have", self.ref("the-bank"))
        stocks = list(state.stocks)
        stocks[seat] -= action.amount
        s = replace(state, stocks=tuple(stocks), bank=action.amount, run=0)
        return self._open_stakes(s)

    def _offer(self, state: BaccaratState, seat: Seat, action: BaccaratAction) -> BaccaratState:
        raise self.out_of_turn(state, action)

    def _retire(self, state: BaccaratState, seat: Seat, action: BaccaratAction) -> BaccaratState:
        raise self.out_of_turn(state, action)

    # -- stakes -----------------------------------------------------------------------------------
    def _open_stakes(self, state: BaccaratState) -> BaccaratState:
        s = replace(state, phase="stakes", spoken=(False,) * state.n, banco=(), banco_kind="",
                    turn=None)
        return self._next_staker(s)

    def _may_stake(self, state: BaccaratState, seat: Seat) -> bool:
        return (seat != state.banker and not state.spoken[seat] and not state.standing[seat]
                and state.stocks[seat] > 0)

    def _next_staker(self, state: BaccaratState) -> BaccaratState:
        if state.bank - state.staked > 0 and not state.banco:
            for seat in self.stake_order(state):
                if self._may_stake(state, seat):
                    return replace(state, phase="stakes", turn=seat)
        return self._before_deal(state)

    def _stake(self, state: BaccaratState, seat: Seat, action: BaccaratAction) -> BaccaratState:
        spoken = list(state.spoken)
        spoken[seat] = True
        if state.phase == "share":
            return self._share(state, seat, action, spoken)
        if isinstance(action, NoStake):
            return self._next_staker(replace(state, spoken=tuple(spoken)))
        if isinstance(action, Banco):
            kinds = self.banco_kinds(state, seat)
            if action.kind not in kinds:
                if action.kind != "alone" and action.kind in ("cheval", "half"):
                    why = ("banco à cheval and shared bancos are played at Baccarat Banque"
                           if self.tableaux == 1 else "a banco is shared only when offered")
                elif state.staked:
                    why = "stakes are already made: banco is said before anybody stakes"
                elif state.stocks[seat] < state.bank:
                    why = f"going bank means covering the whole bank of {state.bank}; you have {state.stocks[seat]}"
                else:
                    why = "you may not go bank again: three bancos lost in a row is the most"
                raise IllegalAction(why, self.ref("banco"))
            return self._go_bank(state, seat, action.kind, spoken)
        if not isinstance(action, Stake):
            raise self.out_of_turn(state, action)
        cap = state.bank - state.staked
        if action.amount < 1:
            raise IllegalAction(f"a stake of {action.amount} is no stake", self.ref("stakes"))
        if action.amount > state.stocks[seat]:
            raise IllegalAction(f"a stake of {action.amount} is more than the {state.stocks[seat]} "
                                "counters you have", self.ref("stakes"))
        if action.amount > cap:
            raise IllegalAction(f"the bank covers only {cap} more: the banker declines any stake "
                                "beyond it", self.ref("stakes"))
        s = self._put(state, seat, self.side_of(state, seat), action.amount)
        return self._next_staker(replace(s, spoken=tuple(spoken)))

    def _put(self, state: BaccaratState, seat: Seat, side: int, amount: int) -> BaccaratState:
        stocks = list(state.stocks)
        stocks[seat] -= amount
        stakes = [list(row) for row in state.stakes]
        stakes[side][seat] += amount
        return replace(state, stocks=tuple(stocks), stakes=tuple(tuple(r) for r in stakes))

    def _go_bank(self, state: BaccaratState, seat: Seat, kind: str, spoken: list[bool]) -> BaccaratState:
        s = replace(state, spoken=tuple(spoken), banco=(seat,), banco_kind=kind)
        if kind == "cheval":
            half = state.bank // 2
            s = self._put(s, seat, 0, state.bank - half)
            s = self._put(s, seat, 1, half)
        else:
            s = self._put(s, seat, self.side_of(state, seat), state.bank)
        return self._before_deal(s)

    def _share(self, state: BaccaratState, seat: Seat, action: BaccaratAction, spoken: list[bool]) -> BaccaratState:
        raise self.out_of_turn(state, action)

    # -- the deal -----------------------------------------------------------------------------------
    def _before_deal(self, state: BaccaratState) -> BaccaratState:
        need = self.min_cards
        if len(state.shoe) - state.pos < need:
            return self.shoe_spent(state)
        return self._deal_coup(state)

    def coup_holders(self, state: BaccaratState) -> tuple[Seat | None, ...]:
        """Who holds each punters' tableau this coup."""
        raise NotImplementedError

    def _deal_coup(self, state: BaccaratState) -> BaccaratState:
        """Two cards each, one at a time: the tableaux in order, then the banker, twice over."""
        k = state.sides
        hands: list[list[int]] = [[] for _ in range(k + 1)]
        pos = state.pos
        for _ in range(2):
            for h in range(k + 1):
                hands[h].append(pos)
                pos += 1
        holders = self.coup_holders(state)
        s = replace(state, pos=pos, hands=tuple(tuple(h) for h in hands), coup_no=state.coup_no + 1,
                    shown=(False,) * (k + 1), lookers=holders + (state.banker,),
                    settled=("",) * k, turn=None, claim=None)
        # Naturals: eight or nine in two cards is turned up at once.
        bank_point = self.hand_point(s, k)
        shown = list(s.shown)
        settled = list(s.settled)
        if bank_point >= 8:
            shown = [True] * (k + 1)
            s = replace(s, shown=tuple(shown))
            return self._settle(s)
        for side in range(k):
            if self.hand_point(s, side) >= 8:
                shown[side] = True
                settled[side] = "natural"
        s = replace(s, shown=tuple(shown), settled=tuple(settled))
        return self._next_punter(s)

    def hand_point(self, state: BaccaratState, k: int) -> int:
        return point([state.shoe[i] for i in state.hands[k]])

    def deciding_side(self, state: BaccaratState) -> int:
        """The punters' tableau whose holder is to take a card or stand, or -1."""
        for side in range(state.sides):
            if state.settled[side] == "":
                return side
        return -1

    def _next_punter(self, state: BaccaratState) -> BaccaratState:
        side = self.deciding_side(state)
        if side >= 0:
            holder = state.lookers[side]
            if holder is None:
                # A tableau nobody holds draws by the fixed practice (at five it stands).
                p = self.hand_point(state, side)
                state = self._draw_to(state, side) if p <= 4 else self._stand(state, side)
                return self._next_punter(state)
            return replace(state, phase="punter", turn=holder)
        if all(status == "natural" for status in state.settled):
            shown = (True,) * len(state.hands)
            return self._settle(replace(state, shown=shown))
        return replace(state, phase="banker", turn=state.banker)

    def _stand(self, state: BaccaratState, side: int) -> BaccaratState:
        settled = list(state.settled)
        settled[side] = "stood"
        return replace(state, settled=tuple(settled))

    def _draw_to(self, state: BaccaratState, k: int) -> BaccaratState:
        hands = list(state.hands)
        hands[k] = hands[k] + (state.pos,)
        settled = list(state.settled)
        if k < state.sides:
            settled[k] = "drew"
        return replace(state, hands=tuple(hands), pos=state.pos + 1, settled=tuple(settled))

    def _third(self, state: BaccaratState, seat: Seat, action: BaccaratAction) -> BaccaratState:
        if not isinstance(action, Third):
            raise self.out_of_turn(state, action)
        if state.phase == "punter":
            side = self.deciding_side(state)
            p = self.hand_point(state, side)
            if action.take and p >= 6:
                raise IllegalAction(f"a point of {p} stands: taking a card on six or seven is a false "
                                    "draw", self.ref("the-punters-third-card"))
            if not action.take and p <= 4:
                raise IllegalAction(f"a point of {p} must draw: refusing a card on baccarat to four "
                                    "is a false draw", self.ref("the-punters-third-card"))
            s = self._draw_to(state, side) if action.take else self._stand(state, side)
            return self._next_punter(s)
        k = state.sides
        s = self._draw_to(state, k) if action.take else state
        return self._settle(replace(s, shown=(True,) * (k + 1)))

    # -- settling ------------------------------------------------------------------------------------
    def _settle(self, state: BaccaratState) -> BaccaratState:
        k = state.sides
        n = state.n
        bank_point = self.hand_point(state, k)
        # A natural was decided against the banker's first two cards, whatever he drew after.
        bank_two = point([state.shoe[i] for i in state.hands[k][:2]])
        points = tuple(self.hand_point(state, h) for h in range(k + 1))
        results = []
        for side in range(k):
            p = points[side]
            against = bank_two if state.settled[side] == "natural" else bank_point
            results.append("won" if p > against else "lost" if p < against else "tie")
        stocks = list(state.stocks)
        stakes = [list(row) for row in state.stakes]
        standing = [False] * n
        bank = state.bank
        net = [0] * n
        for side, res in enumerate(results):
            for seat in range(n):
                amount = stakes[side][seat]
                if not amount:
                    continue
                if res == "won":
                    stocks[seat] += 2 * amount
                    bank -= amount
                    net[seat] += amount
                    net[state.banker] -= amount
                    stakes[side][seat] = 0
                elif res == "lost":
                    bank += amount
                    net[seat] -= amount
                    net[state.banker] += amount
                    stakes[side][seat] = 0
                else:
                    standing[seat] = True          # the stake abides the next coup
        seen = list(state.seen)
        for ids in state.hands:
            for i in ids:
                seen[card_value(state.shoe[i])] += 1
        text = self.coup_text(state, points, results)
        ledger = state.ledger + tuple(
            ScoreEvent(s, net[s], f"coup {state.coup_no}: {text}", self.ref("scoring"))
            for s in range(n) if net[s])
        wins = sum(1 for r in results if r == "won")
        losses = sum(1 for r in results if r == "lost")
        staked_sides = [side for side in range(k) if any(state.stakes[side])]
        banker_won = all(results[side] != "won" for side in staked_sides) and \
            any(results[side] == "lost" for side in staked_sides) if staked_sides else losses >= wins and losses > 0
        tie = all(results[side] == "tie" for side in (staked_sides or range(k)))
        losses_row = list(state.banco_losses)
        for seat in state.banco:
            lost = all(results[side] == "lost" for side in range(k) if state.stakes[side][seat])
            losses_row[seat] = losses_row[seat] + 1 if lost else 0
        s = replace(state, stocks=tuple(stocks), stakes=tuple(tuple(r) for r in stakes),
                    standing=tuple(standing), bank=bank, seen=tuple(seen), ledger=ledger,
                    last=CoupResult(state.coup_no, points, tuple(results), text),
                    settled=tuple(results), banco_losses=tuple(losses_row), turn=None)
        return self.after_coup(s, banker_won, tie)

    def coup_text(self, state: BaccaratState, points: tuple[int, ...], results: list[str]) -> str:
        raise NotImplementedError

    def _end_if_due(self, state: BaccaratState) -> BaccaratState | None:
        """The end of the session, if a player is out of counters or the coups are played."""
        broke = [s for s in range(state.n) if state.holdings(s) == 0]
        if broke:
            who = " and ".join(self.seat_name(s) for s in broke)
            return self._finish(state, f"{who} {'has' if len(broke) == 1 else 'have'} no counters left")
        coups = int(state.option("coups", 30))
        if state.coup_no >= coups:
            return self._finish(state, f"the agreed {coups} coups have been played")
        return None

    def _finish(self, state: BaccaratState, reason: str) -> BaccaratState:
        # The bank and any stakes left standing go back to their owners for the reckoning.
        stocks = [state.holdings(s) for s in range(state.n)]
        return replace(state, stocks=tuple(stocks), bank=0, stakes=tuple((0,) * state.n for _ in state.stakes),
                       standing=(False,) * state.n, phase="over", turn=None, result=reason,
                       result_rule=self.ref("scoring"))

    # -- the end -------------------------------------------------------------------------------------
    def outcome(self, state: BaccaratState) -> Outcome | None:
        if state.phase != "over":
            return None
        return most_counters(state.stocks, state.result, state.result_rule, self.seat_name)

    def score_events(self, state: BaccaratState) -> Sequence[ScoreEvent]:
        return state.ledger

    # -- views ---------------------------------------------------------------------------------------
    def visible_ids(self, state: BaccaratState, seat: Seat | None) -> dict[int, bool]:
        out: dict[int, bool] = {}
        for k, ids in enumerate(state.hands):
            for j, i in enumerate(ids):
                out[i] = (state.shown[k] or j == 2
                          or (seat is not None and j < 2 and state.lookers[k] == seat))
        return out

    def view(self, state: BaccaratState, seat: Seat | None) -> BaccaratView:
        vis = self.visible_ids(state, seat)
        cards = tuple(ViewCard(i, state.shoe[i] if vis[i] else None) for i in sorted(vis))
        return BaccaratView(seat, replace(state, shoe=(), shoe_seed=None), cards)

    def shuffle_unseen(self, state: BaccaratState, seat: Seat, seed: int) -> BaccaratState:
        """The state with every face ``seat`` cannot see — the rest of the shoe and the cards on the
        table it may not look at — exchanged among their places."""
        if not state.shoe:
            return state
        vis = self.visible_ids(state, seat)
        hidden = [i for i, v in vis.items() if not v] + [i for i in range(state.pos, len(state.shoe))]
        faces = [state.shoe[i] for i in hidden]
        gen = SplitMix64(seed)
        for j in range(len(faces) - 1, 0, -1):
            r = gen.below(j + 1)
            faces[j], faces[r] = faces[r], faces[j]
        shoe = list(state.shoe)
        for i, f in zip(hidden, faces):
            shoe[i] = f
        return replace(state, shoe=tuple(shoe))

    # -- text forms ---------------------------------------------------------------------------------------
    def action_to_str(self, action: BaccaratAction) -> str:
        if isinstance(action, Shoe):
            return f"shoe {action.seed}"
        if isinstance(action, Bank):
            return f"bank {action.amount}"
        if isinstance(action, TakeBank):
            return "take the bank" if action.taken else "decline the bank"
        if isinstance(action, PassDeal):
            return "pass the deal" if action.passed else "deal again"
        if isinstance(action, Stake):
            return f"stake {action.amount}"
        if isinstance(action, NoStake):
            return "no stake"
        if isinstance(action, Banco):
            return {"alone": "banco", "cheval": "banco a cheval", "half": "banco half"}[action.kind]
        if isinstance(action, Third):
            return "card" if action.take else "stand"
        raise TypeError(action)

    def action_from_str(self, state: BaccaratState, text: str) -> BaccaratAction:
        t = " ".join(str(text).strip().split()).lower().replace("à", "a")
        words: dict[str, BaccaratAction] = {
            "take the bank": TakeBank(True), "decline the bank": TakeBank(False),
            "pass the deal": PassDeal(True), "deal again": PassDeal(False),
            "no stake": NoStake(), "banco": Banco("alone"), "banco a cheval": Banco("cheval"),
            "banco half": Banco("half"), "card": Third(True), "yes": Third(True),
            "stand": Third(False), "no": Third(False)}
        if t in words:
            return words[t]
        head, _, rest = t.partition(" ")
        if head in ("shoe", "bank", "stake") and rest:
            if not (rest.isascii() and rest.isdigit() and len(rest) <= 19):
                raise NotationError(f"{text!r}: expected a whole number after {head!r}")
            return {"shoe": Shoe, "bank": Bank, "stake": Stake}[head](int(rest))
        raise NotationError(f"{text!r} is not an action of {self.info.name}: expected 'bank N', "
                            "'stake N', 'no stake', 'banco', 'card', 'stand', 'pass the deal', "
                            "'deal again', 'take the bank' or 'decline the bank'")

    def describe(self, state: BaccaratState, action: BaccaratAction) -> str:
        if isinstance(action, Shoe):
            return f"the {self.packs.split('x')[0]} packs are shuffled into the shoe"
        who = self.seat_name(state.turn) if state.turn is not None else ""
        if isinstance(action, Bank):
            return f"{who} puts {action.amount} in the bank"
        if isinstance(action, TakeBank):
            return f"{who} takes the bank at {state.offer_amount}" if action.taken else f"{who} declines the bank"
        if isinstance(action, PassDeal):
            return f"{who} passes the deal" if action.passed else f"{who} deals again"
        if isinstance(action, Stake):
            return f"{who} stakes {action.amount}"
        if isinstance(action, NoStake):
            return f"{who} stakes nothing"
        if isinstance(action, Banco):
            return {"alone": f"{who} says banco ({state.bank})",
                    "cheval": f"{who} goes bank à cheval ({state.bank})",
                    "half": f"{who} shares the banco"}[action.kind]
        if isinstance(action, Third):
            if state.phase == "banker":
                return f"the banker {'draws' if action.take else 'stands'}"
            return f"{who} {'asks for a card' if action.take else 'stands'}"
        return self.action_to_str(action)

    def action_label(self, state: BaccaratState, action: BaccaratAction) -> str:
        """The words on the action's button at the table."""
        if isinstance(action, Bank):
            return f"Bank {action.amount}"
        if isinstance(action, TakeBank):
            return f"Take the bank ({state.offer_amount})" if action.taken else "Decline"
        if isinstance(action, PassDeal):
            return "Pass the deal" if action.passed else "Deal again"
        if isinstance(action, Stake):
            return f"Stake {action.amount}"
        if isinstance(action, NoStake):
            return "No stake" if state.phase == "stakes" else "Decline"
        if isinstance(action, Banco):
            return {"alone": f"Banco ({state.bank})", "cheval": "Banco à cheval",
                    "half": "Share the banco"}[action.kind]
        if isinstance(action, Third):
            return "Card" if action.take else "Stand"
        return self.action_to_str(action)


# -- Chemin de Fer ----------------------------------------------------------------------------------
class ChemindeFer(BaccaratGame):
    info = BY_ID["baccarat_chemin_de_fer"]
    packs = "6x52"
    tableaux = 1
    min_cards = 7
    option_specs = (
        OptionSpec("players", 5, (5, 2, 3, 4, 6, 8, 10), "Players"),
        OptionSpec("counters", 200, (200, 100, 500), "Counters each player starts with"),
        OptionSpec("coups", 30, (30, 15, 60), "Coups in the session"),
    )

    def seat_name(self, seat: Seat) -> str:
        return "ABCDEFGHIJ"[seat] if 0 <= seat < 10 else f"Player {seat + 1}"

    def stake_order(self, state: BaccaratState) -> list[Seat]:
        """From the banker's right round the table; a punter who lost a banco speaks first."""
        order = [(state.banker + k) % state.n for k in range(1, state.n)]
        if state.claim is not None and state.claim in order:
            order.remove(state.claim)
            order.insert(0, state.claim)
        return order

    def coup_holders(self, state: BaccaratState) -> tuple[Seat | None, ...]:
        """The highest stake represents the punters; between equal stakes, the first in turn."""
        order = self.stake_order(state)
        row = state.stakes[0]
        best = max((row[s] for s in order), default=0)
        if best == 0:
            return (order[0] if order else None,)
        return (next(s for s in order if row[s] == best),)

    def coup_text(self, state: BaccaratState, points: tuple[int, ...], results: list[str]) -> str:
        p, b = points
        who = self.seat_name(state.lookers[0]) if state.lookers and state.lookers[0] is not None else "the punters"
        res = results[0]
        if res == "tie":
            return f"{who} {p}, the banker {b}: a tie, the stakes stand"
        return (f"{who} {p} beats the banker's {b}" if res == "won"
                else f"the banker's {b} beats {who} {p}")

    def _retire(self, state: BaccaratState, seat: Seat, action: BaccaratAction) -> BaccaratState:
        if not isinstance(action, PassDeal):
            raise self.out_of_turn(state, action)
        if not action.passed:
            return self._open_stakes(state)
        # The banker retires with his bank; the others in turn may take it on at that amount.
        stocks = list(state.stocks)
        stocks[seat] += state.bank
        s = replace(state, stocks=tuple(stocks), offer_amount=state.bank, bank=0, offer_from=seat,
                    offered=(False,) * state.n, run=0)
        return self._next_offer(s)

    def _next_offer(self, state: BaccaratState) -> BaccaratState:
        start = state.offer_from if state.offer_from is not None else state.banker
        for k in range(1, state.n):
            s = (start + k) % state.n
            if not state.offered[s]:
                return replace(state, phase="offer", turn=s)
        # Nobody would risk so much: the next player starts a bank of his own choosing.
        nxt = (start + 1) % state.n
        return replace(state, phase="bank", banker=nxt, turn=nxt, offer_from=None)

    def _offer(self, state: BaccaratState, seat: Seat, action: BaccaratAction) -> BaccaratState:
        if not isinstance(action, TakeBank):
            raise self.out_of_turn(state, action)
        if action.taken:
            if state.stocks[seat] < state.offer_amount:
                raise IllegalAction(f"taking the bank means putting up {state.offer_amount}; you have "
                                    f"{state.stocks[seat]}", self.ref("passing-the-bank"))
            stocks = list(state.stocks)
            stocks[seat] -= state.offer_amount
            s = replace(state, stocks=tuple(stocks), banker=seat, bank=state.offer_amount, run=0,
                        offer_from=None)
            return self._open_stakes(s)
        offered = list(state.offered)
        offered[seat] = True
        return self._next_offer(replace(state, offered=tuple(offered)))

    def shoe_spent(self, state: BaccaratState) -> BaccaratState:
        # Fewer than seven cards: they go to the basket and a fresh shoe is made up.
        return replace(state, phase="shoe", resume="deal", turn=None)

    def after_coup(self, state: BaccaratState, banker_won: bool, tie: bool) -> BaccaratState:
        claim = None
        if state.banco and state.banco_losses[state.banco[0]] > 0:
            claim = state.banco[0]
        s = replace(state, claim=claim)
        ended = self._end_if_due(s)
        if ended is not None:
            return ended
        if tie:
            return self._open_stakes(s)
        if banker_won and s.bank > 0:
            return replace(s, phase="retire", turn=s.banker, run=s.run + 1)
        # The banker has lost (or his bank is gone): the deal passes to the next player.
        stocks = list(s.stocks)
        stocks[s.banker] += s.bank
        nxt = (s.banker + 1) % s.n
        s = replace(s, stocks=tuple(stocks), bank=0, banker=nxt, run=0)
        # Stakes left standing stay for the next bank; the new banker's own are returned.
        if s.standing[nxt]:
            s = self._return_stake(s, nxt)
        return replace(s, phase="bank", turn=nxt)

    def _return_stake(self, state: BaccaratState, seat: Seat) -> BaccaratState:
        stocks = list(state.stocks)
        stakes = [list(r) for r in state.stakes]
        for row in stakes:
            stocks[seat] += row[seat]
            row[seat] = 0
        standing = list(state.standing)
        standing[seat] = False
        return replace(state, stocks=tuple(stocks), stakes=tuple(tuple(r) for r in stakes),
                       standing=tuple(standing))


# -- Banque ------------------------------------------------------------------------------------------
class Banque(BaccaratGame):
    info = BY_ID["baccarat_banque"]
    packs = "3x52"
    tableaux = 2
    min_cards = 9                # two tableaux and the banker, each perhaps drawing
    option_specs = (
        OptionSpec("players", 5, (5, 3, 7, 11), "Players (the banker and the punters)"),
        OptionSpec("counters", 200, (200, 100, 500), "Counters each player starts with"),
        OptionSpec("coups", 30, (30, 15, 60), "Coups in the session (at most one shoe)"),
    )

    def seat_name(self, seat: Seat) -> str:
        if seat == 0:
            return "Banker"
        side = "Right" if seat % 2 == 1 else "Left"
        return f"{side} {(seat + 1) // 2}"

    def side_of(self, state: BaccaratState, seat: Seat) -> int:
        """Punters on the banker's right (seats 1, 3, 5 …) play on the first tableau, those on his
        left (2, 4, 6 …) on the second."""
        return 0 if seat % 2 == 1 else 1

    def side_seats(self, n: int, side: int) -> list[Seat]:
        return [s for s in range(1, n) if (0 if s % 2 == 1 else 1) == side]

    def initial_holders(self, n: int) -> tuple[Seat | None, ...]:
        return tuple((self.side_seats(n, side) or [None])[0] for side in range(2))

    def stake_order(self, state: BaccaratState) -> list[Seat]:
        """Right and left alternately, from the banker outwards."""
        return list(range(1, state.n))

    def banco_kinds(self, state: BaccaratState, seat: Seat) -> list[str]:
        if state.staked or state.stocks[seat] < state.bank or state.banco_losses[seat] >= 3:
            return []
        return ["alone", "cheval"]

    def _before_deal(self, state: BaccaratState) -> BaccaratState:
        # A banco gone alone on one side may be shared by a punter of the other side, the first
        # of them in turn who will.
        if state.banco_kind == "alone" and len(state.banco) == 1:
            other = 1 - self.side_of(state, state.banco[0])
            half = state.bank - state.bank // 2
            for seat in self.stake_order(state):
                if self.side_of(state, seat) == other and not state.spoken[seat] \
                        and state.stocks[seat] >= half:
                    return replace(state, phase="share", turn=seat)
        return super()._before_deal(state)

    def _share(self, state: BaccaratState, seat: Seat, action: BaccaratAction, spoken: list[bool]) -> BaccaratState:
        s = replace(state, spoken=tuple(spoken))
        if isinstance(action, Banco) and action.kind == "half":
            half = state.bank // 2
            first = state.banco[0]
            if state.stocks[seat] < state.bank - half:
                raise IllegalAction(f"half the bank is {state.bank - half}; you have {state.stocks[seat]}",
                                    self.ref("banco"))
            # The first goes half shares with him: part of his stake comes back.
            share = state.bank - half
            stocks = list(s.stocks)
            stakes = [list(r) for r in s.stakes]
            side_first = self.side_of(state, first)
            stakes[side_first][first] -= share
            stocks[first] += share
            s = replace(s, stocks=tuple(stocks), stakes=tuple(tuple(r) for r in stakes),
                        banco=(first, seat), banco_kind="half")
            s = self._put(s, seat, self.side_of(state, seat), share)
            return super()._before_deal(s)
        if not isinstance(action, NoStake):
            raise self.out_of_turn(state, action)
        return self._before_deal(s)

    def coup_holders(self, state: BaccaratState) -> tuple[Seat | None, ...]:
        holders = list(state.holders)
        # A punter who goes bank on one tableau holds its cards for the coup.
        if state.banco_kind in ("alone", "half"):
            for seat in state.banco:
                holders[self.side_of(state, seat)] = seat
        return tuple(holders)

    def coup_text(self, state: BaccaratState, points: tuple[int, ...], results: list[str]) -> str:
        r, l, b = points
        words = {"won": "wins", "lost": "loses", "tie": "ties"}
        return f"banker {b}: right {r} {words[results[0]]}, left {l} {words[results[1]]}"

    def shoe_spent(self, state: BaccaratState) -> BaccaratState:
        # The banker holds office until the packs are dealt out: the session ends with the shoe.
        return self._finish(state, "the three packs have been dealt")

    def after_coup(self, state: BaccaratState, banker_won: bool, tie: bool) -> BaccaratState:
        # A side that lost passes its cards to the next punter of that side.
        holders = list(state.holders)
        for side in range(2):
            if state.last is not None and state.last.results[side] == "lost":
                seats = self.side_seats(state.n, side)
                if seats and holders[side] in seats:
                    holders[side] = seats[(seats.index(holders[side]) + 1) % len(seats)]
        s = replace(state, holders=tuple(holders))
        ended = self._end_if_due(s)
        if ended is not None:
            return ended
        if len(s.shoe) - s.pos < self.min_cards:
            return self.shoe_spent(s)
        if s.bank == 0:
            # The bank is broken: the banker may replenish it from his counters.
            return replace(s, phase="bank", turn=s.banker)
        return self._open_stakes(s)


CHEMIN_DE_FER = ChemindeFer()
BANQUE = Banque()
