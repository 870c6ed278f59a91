"""Vingt-Un (Van John), the English round game of the 1909 *Hoyle*'s day, for counters, with its
French form as an option.

One player holds the deal and banks against every other (the punters).  A round: one card to
each, face down; each punter stakes on his card; the dealer looks at his and may double every
stake; a second card to each.  A dealer's natural (an ace and a ten-card) takes double stakes from
every punter at once, but a punter who holds a natural too pays nothing.  Otherwise each punter's
natural is shown and paid double, and the punters in turn from the dealer's left draw cards face
up (``card``), buy them face down by adding to the stake (``buy N``, only before any card is drawn
face up), or stand (``stand``); whoever passes twenty-one pays at once.  The dealer then turns up
his cards and draws or stands as he pleases: overdrawn, he pays every punter still standing;
standing, he pays the higher counts and takes the lower and the equal (ties to the dealer).

The deal passes (English form) to a punter whose natural was paid, except in the first round of a
deal; in the French form it goes to the left after an agreed number of rounds, and a natural,
besides its double from the dealer, takes a single stake from every other punter (who has no
natural himself).

The pack is shuffled once (``shuffle N``, a recorded chance) and dealt on from round to round; a
round begins on a fresh shuffle of every card when fewer than two a player are left, and when
the pack runs out during a round the used cards are shuffled (another recorded chance) and dealing
goes on.  Each card dealt gets a serial number (counted through the session) as its physical id:
it tells nothing of the face.
Stocks of counters may run into debt, as at a private table; the session ends after the agreed
rounds, or at the end of a round in which a player's counters are all gone.
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

ID = "vingt_un"
PACK = PACKS["52"]


def card_count(card: Card) -> int:
    """A card's count: its pips, ten for the court cards, one for the ace (eleven is the holder's
    choice, made by ``total``)."""
    return min(10, int(card.rank))


def total(cards: Sequence[Card]) -> int:
    """The best count of a hand: an ace counts eleven when that does not take it past 21."""
    t = sum(card_count(c) for c in cards)
    if t <= 11 and any(c.rank == Rank.ACE for c in cards):
        t += 10
    return t


def is_natural(cards: Sequence[Card]) -> bool:
    return len(cards) == 2 and total(cards) == 21


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Stake:
    amount: int


@dataclass(frozen=True, slots=True)
class Double:
    """The dealer, having looked at his first card, doubles every stake (or leaves them)."""

    double: bool


@dataclass(frozen=True, slots=True)
class Draw:
    """Another card, face up (a punter's "twist", or the dealer's draw)."""


@dataclass(frozen=True, slots=True)
class Buy:
    """A card face down, bought by adding ``amount`` to the stake."""

    amount: int


@dataclass(frozen=True, slots=True)
class Stand:
    """Content: no more cards."""


VingtUnAction = Shuffle | Stake | Double | Draw | Buy | Stand


@dataclass(frozen=True, slots=True)
class Round:
    """A settled round, kept on the table until the next is settled."""

    no: int
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]   # every seat's cards, all shown at the settlement
    nets: tuple[int, ...]                 # what each seat won or lost
    text: str


@dataclass(frozen=True, slots=True)
class VingtUnState:
    """A session.  Hidden: the pack's order (``pack``), and the faces (``drawn``) of cards held
    face down; ``drawn`` maps each serial dealt to its card."""

    opts: tuple[tuple[str, Any], ...]
    n: int
    capital: int
    stocks: tuple[int, ...]
    dealer: Seat = 0
    phase: str = "shuffle"                # shuffle, stake, double, punter, dealer, over
    resume: str = "round"                 # where play goes on after a shuffle
    turn: Seat | None = None
    pack: tuple[Card, ...] = ()           # undealt, in order (hidden)
    pack_seed: int | None = None
    shuffles: int = 0
    used: tuple[Card, ...] = ()           # cards of past rounds since the last shuffle (all were shown)
    drawn: tuple[Card, ...] = ()          # serial -> card (hidden where held face down)
    hands: tuple[tuple[int, ...], ...] = ()
    up: tuple[tuple[bool, ...], ...] = ()  # each card dealt face up?
    shown: tuple[bool, ...] = ()          # the whole hand turned up (natural, overdrawn, the dealer's)
    status: tuple[str, ...] = ()          # "", "natural", "over", "content", "out"
    stakes: tuple[int, ...] = ()          # each punter's stake as it stands (doubled, bought)
    base: tuple[int, ...] = ()            # each punter's stake on his first card
    doubled: bool = False
    round_no: int = 0
    opening: tuple[int, ...] = ()         # each player's counters when the round was dealt
    deal_rounds: int = 0                  # rounds played in this dealer's deal
    last: Round | None = None
    ledger: tuple[ScoreEvent, ...] = ()
    result: str = ""

    def option(self, name: str, default: Any = None) -> Any:
        for key, value in self.opts:
            if key == name:
                return value
        return default

    def punters(self) -> list[Seat]:
        """The punters in order of play, from the dealer's left."""
        return [(self.dealer + k) % self.n for k in range(1, self.n)]

    def cards(self, seat: Seat) -> tuple[Card, ...]:
        return tuple(self.drawn[i] for i in self.hands[seat]) if self.drawn else ()


@dataclass(frozen=True, slots=True)
class VingtUnView:
    seat: Seat | None
    pub: VingtUnState
    cards: tuple[tuple[ViewCard, ...], ...]     # each seat's hand as this seat sees it

    def face(self, serial: int) -> Card | None:
        for hand in self.cards:
            for vc in hand:
                if vc.id == serial:
                    return vc.face
        return None

    def count(self, seat: Seat) -> int | None:
        """The seat's count, if every card of it can be seen."""
        faces = [vc.face for vc in self.cards[seat]] if seat < len(self.cards) else []
        if not faces or any(not isinstance(f, Card) for f in faces):
            return None
        return total([f for f in faces if isinstance(f, Card)])


class VingtUn(BankingGame[VingtUnState, VingtUnAction, VingtUnView]):
    info = BY_ID[ID]
    table_kind = TableKind.BANKING_CARDS
    option_specs = (
        OptionSpec("players", 4, (4, 2, 3, 5, 6), "Players at the table (the dealer among them)"),
        OptionSpec("capital", 100, (100, 50, 200), "Counters each player brings"),
        OptionSpec("rounds", 12, (12, 6, 24), "Rounds in the session"),
        OptionSpec("maximum", 10, (10, 5, 20), "The largest stake on a first card"),
        OptionSpec("form", "english", ("english", "french"), "The form of the game",
                   labels=("English (a natural takes the deal)", "French Vingt-Un (the deal in turn)")),
    )
    french_deal = 3        # rounds a dealer keeps the deal in the French form

    # -- seats --------------------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> VingtUnState:
        opts = self.resolve_options(options)
        n, capital = int(opts["players"]), int(opts["capital"])
        # The first dealer sits on the right of the first seat, which is then the eldest punter
        # (the books cut or deal for an ace; see Sources and decisions).
        return VingtUnState(opts=tuple(sorted(opts.items())), n=n, capital=capital, stocks=(capital,) * n,
                            dealer=n - 1)

    def legal_actions(self, state: VingtUnState, seat: Seat) -> Sequence[VingtUnAction]:
        if state.turn != seat or state.phase in ("shuffle", "over"):
            return ()
        if state.phase == "stake":
            return tuple(Stake(a) for a in range(self.minimum, self.stake_limit(state, seat) + 1))
        if state.phase == "double":
            return (Double(False), Double(True))
        if state.phase == "punter":
            if not state.pack:
                return (Stand(),)       # not a card left anywhere to draw (see _after_card)
            out: list[VingtUnAction] = [Stand(), Draw()]
            if self._may_buy(state, seat):
                out += [Buy(a) for a in range(1, state.base[seat] + 1)]
            return tuple(out)
        if state.phase == "dealer":
            return (Stand(), Draw()) if state.pack else (Stand(),)
        return ()

    def _may_buy(self, state: VingtUnState, seat: Seat) -> bool:
        return not any(state.up[seat])

    # -- applying -------------------------------------------------------------------------------
    def apply(self, state: VingtUnState, action: VingtUnAction) -> VingtUnState:
        if isinstance(action, Shuffle):
            return self._shuffle(state, action.seed)
        if state.phase == "over":
            raise IllegalAction("the session is over", self.ref("the-end-of-the-session"))
        if state.phase == "shuffle":
            raise IllegalAction("the pack is being shuffled", self.ref("the-pack"))
        seat = state.turn
        assert seat is not None
        if isinstance(action, Stake):
            return self._stake(state, seat, action.amount)
        if isinstance(action, Double):
            if state.phase != "double":
                raise IllegalAction("only the dealer doubles, after the punters have staked and before "
                                    "the second card", self.ref("the-dealers-double"))
            return self._second_card(replace(state, doubled=action.double,
                                             stakes=tuple(s * (2 if action.double else 1) for s in state.stakes)))
        if isinstance(action, (Draw, Buy, Stand)):
            if state.phase not in ("punter", "dealer"):
                raise IllegalAction("cards are drawn only after the second card has been dealt",
                                    self.ref("drawing"))
            if state.phase == "dealer":
                if isinstance(action, Buy):
                    raise IllegalAction("the dealer draws for himself face up; there is no one to buy from",
                                        self.ref("the-dealers-draw"))
                return self._dealer_stand(state) if isinstance(action, Stand) else self._dealer_draw(state)
            if isinstance(action, Stand):
                return self._next_punter(self._set(state, "status", seat, "content"))
            if isinstance(action, Buy):
                return self._buy(state, seat, action.amount)
            return self._draw(state, seat, face_up=True)
        raise IllegalAction(f"{action!r} is not an action of Vingt-Un")

    # helpers on the per-seat tuples
    @staticmethod
    def _set(state: VingtUnState, name: str, seat: Seat, value: Any) -> VingtUnState:
        items = list(getattr(state, name))
        items[seat] = value
        return replace(state, **{name: tuple(items)})

    def _shuffle(self, state: VingtUnState, seed: int) -> VingtUnState:
        if state.phase != "shuffle":
            raise IllegalAction("the pack is shuffled only when it is spent", self.ref("the-pack"))
        if state.resume == "round":
            # A fresh round: every card, the rest of the pack and the used cards, is shuffled.
            cards = PACK
        else:
            # The pack ran out during a round: the used cards are shuffled and dealing goes on.
            cards = state.used + state.pack
        s = replace(state, pack=shuffled(cards, seed), pack_seed=seed, shuffles=state.shuffles + 1, used=())
        if s.resume == "round":
            return self._open_round(s)
        return replace(s, phase=s.resume)

    def _open_round(self, state: VingtUnState) -> VingtUnState:
        """Deal the first card to each player, the punters from the dealer's left and the dealer
        last, and open the stakes."""
        if state.round_no >= int(state.option("rounds")):
            return self._finish(state, f"the {state.round_no} rounds of the session have been played")
        if len(state.pack) < 2 * state.n:
            return replace(state, phase="shuffle", resume="round", turn=None)
        n = state.n
        s = replace(state, hands=((),) * n, up=((),) * n, shown=(False,) * n, status=("",) * n,
                    stakes=(0,) * n, base=(0,) * n, doubled=False, opening=state.stocks)
        for seat in [*s.punters(), s.dealer]:
            s = self._give(s, seat, face_up=False)
        return replace(s, phase="stake", turn=s.punters()[0])

    def _give(self, state: VingtUnState, seat: Seat, face_up: bool) -> VingtUnState:
        card, pack = state.pack[0], state.pack[1:]
        serial = len(state.drawn)
        s = replace(state, pack=pack, drawn=state.drawn + (card,))
        s = self._set(s, "hands", seat, s.hands[seat] + (serial,))
        return self._set(s, "up", seat, s.up[seat] + (face_up,))

    def _after_card(self, state: VingtUnState) -> VingtUnState:
        """The pack spent during a round: the used cards are shuffled before the next card."""
        if state.pack or state.phase in ("over", "shuffle"):
            return state
        if not state.used:
            return state          # nothing to shuffle: the next draw is refused (see _draw)
        return replace(state, phase="shuffle", resume=state.phase)

    def _stake(self, state: VingtUnState, seat: Seat, amount: int) -> VingtUnState:
        if state.phase != "stake":
            raise IllegalAction("stakes are made on the first card, before the dealer looks at his",
                                self.ref("the-first-card-and-the-stakes"))
        limit = self.stake_limit(state, seat)
        if not self.minimum <= amount <= limit:
            raise IllegalAction(f"a stake is from {self.minimum} to {limit} counters",
                                self.ref("the-first-card-and-the-stakes"))
        s = self._set(self._set(state, "stakes", seat, amount), "base", seat, amount)
        punters = s.punters()
        k = punters.index(seat)
        if k + 1 < len(punters):
            return replace(s, turn=punters[k + 1])
        return replace(s, phase="double", turn=s.dealer)

    def _second_card(self, state: VingtUnState) -> VingtUnState:
        s = state
        for seat in [*s.punters(), s.dealer]:
            s = self._give(s, seat, face_up=False)
        # Naturals: the dealer's first, which ends the round; then the punters', paid at once.
        if is_natural(s.cards(s.dealer)):
            s = self._set(s, "shown", s.dealer, True)
            s = self._set(s, "status", s.dealer, "natural")
            for p in s.punters():
                if is_natural(s.cards(p)):
                    s = self._set(self._set(s, "status", p, "natural"), "shown", p, True)
            return self._settle(s)
        holders = [p for p in s.punters() if is_natural(s.cards(p))]
        for p in holders:
            s = self._set(self._set(s, "status", p, "natural"), "shown", p, True)
        name = self.seat_name
        for p in holders:
            # Shown and paid at once: double from the dealer, and in the French form a single
            # stake from every other punter without a natural.
            s = self._pay(s, p, 2 * s.stakes[p], f"{name(p)}'s natural is paid double, {2 * s.stakes[p]}",
                          "naturals")
            if s.option("form") == "french":
                for q in s.punters():
                    if q != p and s.status[q] != "natural":
                        s = self._transfer(s, q, p, s.base[q], f"{name(q)} pays {name(p)}'s natural "
                                           f"a single stake, {s.base[q]}", "french-vingt-un")
        return self._after_card(self._first_to_draw(s))

    def _first_to_draw(self, state: VingtUnState) -> VingtUnState:
        for p in state.punters():
            if state.status[p] == "":
                return replace(state, phase="punter", turn=p)
        return self._dealers_turn(state)

    def _next_punter(self, state: VingtUnState) -> VingtUnState:
        punters = state.punters()
        k = punters.index(state.turn) if state.turn in punters else -1
        for p in punters[k + 1:]:
            if state.status[p] == "":
                return replace(state, turn=p)
        return self._dealers_turn(state)

    def _dealers_turn(self, state: VingtUnState) -> VingtUnState:
        s = self._set(state, "shown", state.dealer, True)
        if not any(s.status[p] == "content" for p in s.punters()):
            return self._settle(s)        # no one left standing against the dealer: nothing to draw for
        return replace(s, phase="dealer", turn=s.dealer)

    def _buy(self, state: VingtUnState, seat: Seat, amount: int) -> VingtUnState:
        if not self._may_buy(state, seat):
            raise IllegalAction("a card may be bought face down only before any card has been taken face up",
                                self.ref("buying"))
        if not 1 <= amount <= state.base[seat]:
            raise IllegalAction(f"a bought card costs from 1 to your first stake, {state.base[seat]}",
                                self.ref("buying"))
        s = self._set(state, "stakes", seat, state.stakes[seat] + amount)
        return self._draw(s, seat, face_up=False)

    def _draw(self, state: VingtUnState, seat: Seat, face_up: bool) -> VingtUnState:
        if not state.pack:
            raise IllegalAction("no card is left to draw", self.ref("the-pack"))
        s = self._give(state, seat, face_up)
        if total(s.cards(seat)) > 21:
            s = self._set(self._set(s, "status", seat, "over"), "shown", seat, True)
            s = self._pay(s, seat, -s.stakes[seat], f"{self.seat_name(seat)} overdraws "
                          f"({total(s.cards(seat))}) and pays {s.stakes[seat]}", "overdrawing")
            s = self._next_punter(s)
        return self._after_card(s)

    def _dealer_draw(self, state: VingtUnState) -> VingtUnState:
        if not state.pack:
            raise IllegalAction("no card is left to draw", self.ref("the-pack"))
        s = self._give(state, state.dealer, True)
        if total(s.cards(s.dealer)) > 21:
            s = self._set(s, "status", s.dealer, "over")
            return self._settle(s)
        return self._after_card(s)

    def _dealer_stand(self, state: VingtUnState) -> VingtUnState:
        return self._settle(self._set(state, "status", state.dealer, "content"))

    # -- payments -----------------------------------------------------------------------------------
    def _pay(self, state: VingtUnState, punter: Seat, amount: int, text: str, anchor: str) -> VingtUnState:
        """``amount`` from the dealer to the punter (negative: the punter pays the dealer)."""
        stocks = list(state.stocks)
        stocks[punter] += amount
        stocks[state.dealer] -= amount
        rule = self.ref(anchor)
        events = (ScoreEvent(punter, amount, text, rule), ScoreEvent(state.dealer, -amount, text, rule))
        return replace(state, stocks=tuple(stocks), ledger=state.ledger + events)

    def _settle(self, state: VingtUnState) -> VingtUnState:
        s = state
        d = s.dealer
        dealer_cards = s.cards(d)
        dt = total(dealer_cards)
        name = self.seat_name
        if s.status[d] == "natural":
            for p in s.punters():
                if s.status[p] == "natural":
                    s = self._pay(s, p, 0, f"{name(p)}'s natural against the dealer's: nothing paid", "naturals")
                else:
                    s = self._pay(s, p, -2 * s.stakes[p], f"the dealer's natural: {name(p)} pays double, "
                                  f"{2 * s.stakes[p]}", "naturals")
            text = "the dealer's natural"
        else:
            for p in s.punters():
                st = s.status[p]
                if st == "content":       # (naturals were paid when shown, overdrawn hands when they broke)
                    pt = total(s.cards(p))
                    if s.status[d] == "over":
                        s = self._pay(s, p, s.stakes[p], f"the dealer overdraws ({dt}): {name(p)} is paid "
                                      f"{s.stakes[p]}", "the-dealers-draw")
                    elif pt > dt:
                        s = self._pay(s, p, s.stakes[p], f"{name(p)}'s {pt} beats the dealer's {dt}: paid "
                                      f"{s.stakes[p]}", "settling")
                    else:
                        word = "ties" if pt == dt else "is under"
                        s = self._pay(s, p, -s.stakes[p], f"{name(p)}'s {pt} {word} the dealer's {dt}: pays "
                                      f"{s.stakes[p]}", "ties-to-the-dealer" if pt == dt else "settling")
            text = "the dealer overdraws" if s.status[d] == "over" else f"the dealer stands at {dt}"
        # what each won or lost in the round, naturals and overdrawn hands (paid earlier) included
        nets = tuple(a - b for a, b in zip(s.stocks, s.opening))
        n = s.n
        shown_all = replace(s, shown=(True,) * n, up=tuple((True,) * len(h) for h in s.hands))
        last = Round(s.round_no + 1, d, tuple(s.cards(p) for p in range(n)), nets, text)
        used = s.used + tuple(s.drawn[i] for h in s.hands for i in h)
        s = replace(shown_all, used=used, last=last, round_no=s.round_no + 1, deal_rounds=s.deal_rounds + 1,
                    phase="settled", turn=None)
        s = self._pass_deal(s, state)
        if any(stock <= 0 for stock in s.stocks):
            broke = [self.seat_name(p) for p in range(n) if s.stocks[p] <= 0]
            return self._finish(s, f"{' and '.join(broke)} {'has' if len(broke) == 1 else 'have'} no counters left")
        return self._open_round(s)

    def _transfer(self, state: VingtUnState, payer: Seat, payee: Seat, amount: int, text: str,
                  anchor: str) -> VingtUnState:
        stocks = list(state.stocks)
        stocks[payer] -= amount
        stocks[payee] += amount
        rule = self.ref(anchor)
        events = (ScoreEvent(payer, -amount, text, rule), ScoreEvent(payee, amount, text, rule))
        return replace(state, stocks=tuple(stocks), ledger=state.ledger + events)

    def _pass_deal(self, state: VingtUnState, played: VingtUnState) -> VingtUnState:
        """Who deals next: English form, the first punter (from the dealer's left) whose natural
        was paid, unless this was the first round of the deal; French form, the next player to the
        left once the dealer has dealt his rounds."""
        d = played.dealer
        new = d
        if state.option("form") == "french":
            if state.deal_rounds >= self.french_deal:
                new = (d + 1) % state.n
        elif played.status[d] != "natural" and played.deal_rounds >= 1:
            holders = [p for p in played.punters() if played.status[p] == "natural"]
            if holders:
                new = holders[0]
        if new == d:
            return state
        event = ScoreEvent(new, 0, f"the deal passes to {self.seat_name(new)}",
                           self.ref("french-vingt-un" if state.option("form") == "french" else "the-bank-passing"))
        return replace(state, dealer=new, deal_rounds=0, ledger=state.ledger + (event,))

    def _finish(self, state: VingtUnState, why: str) -> VingtUnState:
        return replace(state, phase="over", turn=None, result=why)

    # -- the end --------------------------------------------------------------------------------------
    def outcome(self, state: VingtUnState) -> Outcome | None:
        if state.phase != "over":
            return None
        results = tuple(1.0 if s > state.capital else 0.5 if s == state.capital else 0.0 for s in state.stocks)
        ahead = [self.seat_name(s) for s in range(state.n) if state.stocks[s] > state.capital]
        tail = f"; {' and '.join(ahead)} rose ahead" if ahead else "; no one rose ahead"
        return Outcome(results, state.result + tail, self.ref("the-end-of-the-session"), tuple(state.stocks))

    def score_events(self, state: VingtUnState) -> Sequence[ScoreEvent]:
        return state.ledger

    # -- views ----------------------------------------------------------------------------------------
    def visible(self, state: VingtUnState, seat: Seat | None, owner: Seat, k: int) -> bool:
        return state.shown[owner] or state.up[owner][k] or (seat == owner)

    def view(self, state: VingtUnState, seat: Seat | None) -> VingtUnView:
        cards = tuple(tuple(ViewCard(i, state.drawn[i] if self.visible(state, seat, owner, k) else None)
                            for k, i in enumerate(hand)) for owner, hand in enumerate(state.hands))
        pub = replace(state, pack=(), pack_seed=None, drawn=())
        return VingtUnView(seat, pub, cards)

    def shuffle_unseen(self, state: VingtUnState, seat: Seat, seed: int) -> VingtUnState:
        """The state with the cards ``seat`` cannot see (the pack, and the others' cards held face
        down) dealt among themselves in another order."""
        hidden = [i for owner, hand in enumerate(state.hands) for k, i in enumerate(hand)
                  if not self.visible(state, seat, owner, k)]
        faces = [state.drawn[i] for i in hidden] + list(state.pack)
        faces = list(shuffled(faces, seed))
        drawn = list(state.drawn)
        for i in hidden:
            drawn[i] = faces.pop()
        return replace(state, drawn=tuple(drawn), pack=tuple(faces))

    # -- text -------------------------------------------------------------------------------------------
    def action_to_str(self, action: VingtUnAction) -> str:
        if isinstance(action, Shuffle):
            return f"shuffle {action.seed}"
        if isinstance(action, Stake):
            return f"stake {action.amount}"
        if isinstance(action, Double):
            return "double" if action.double else "single"
        if isinstance(action, Buy):
            return f"buy {action.amount}"
        if isinstance(action, Draw):
            return "card"
        if isinstance(action, Stand):
            return "stand"
        raise NotationError(f"{action!r} is not an action of Vingt-Un")

    def action_from_str(self, state: VingtUnState, text: str) -> VingtUnAction:
        words = text.strip().lower().split()
        if not words:
            raise NotationError("an empty action")
        head, rest = words[0], words[1:]
        if head in ("shuffle", "stake", "buy") and len(rest) == 1:
            try:
                number = int(rest[0])
            except ValueError:
                raise NotationError(f"{text!r}: {rest[0]!r} is not a whole number") from None
            if number < 0:
                raise NotationError(f"{text!r}: a negative number")
            return Shuffle(number) if head == "shuffle" else Stake(number) if head == "stake" else Buy(number)
        if not rest:
            simple: dict[str, VingtUnAction] = {"double": Double(True), "single": Double(False), "card": Draw(),
                                                "twist": Draw(), "draw": Draw(), "stand": Stand(),
                                                "content": Stand()}
            if head in simple:
                return simple[head]
        raise NotationError(f"{text!r} is not an action of Vingt-Un: expected 'stake N', 'double', 'single', "
                            "'card', 'buy N' or 'stand'")

    def describe(self, state: VingtUnState, action: VingtUnAction) -> str:
        who = self.seat_name(state.turn) if state.turn is not None else ""
        if isinstance(action, Shuffle):
            return "the pack is shuffled" if state.resume == "round" else "the used cards are shuffled"
        if isinstance(action, Stake):
            return f"{who} stakes {action.amount} on his first card"
        if isinstance(action, Double):
            return f"the dealer {'doubles every stake' if action.double else 'leaves the stakes single'}"
        if isinstance(action, Buy):
            return f"{who} buys a card face down for {action.amount}"
        if isinstance(action, Draw):
            return f"{who} {'draws' if state.phase == 'dealer' else 'takes a card face up'}"
        if isinstance(action, Stand):
            return f"{who} stands" + ("" if state.phase == "dealer" else " (content)")
        return self.action_to_str(action)

    def action_label(self, state: VingtUnState, action: VingtUnAction) -> str:
        if isinstance(action, Stake):
            return f"Stake {action.amount}"
        if isinstance(action, Double):
            return "Double the stakes" if action.double else "Leave them single"
        if isinstance(action, Buy):
            return f"Buy a card ({action.amount})"
        if isinstance(action, Draw):
            return "Card"
        if isinstance(action, Stand):
            return "Stand" if state.phase == "dealer" else "Content"
        return self.action_to_str(action)

    def rules_section(self, state: VingtUnState) -> str | None:
        sections = {"stake": "the-first-card-and-the-stakes", "double": "the-dealers-double", "punter": "drawing",
                    "dealer": "the-dealers-draw", "over": "the-end-of-the-session"}
        return self.page_section(sections.get(state.phase, "the-deal"))


GAME = VingtUn()
