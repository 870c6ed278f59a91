"""Pope Joan, the round game of stops played on a board of eight compartments (Blain, *Games for
All Occasions*, 1909; Hoyle's own chapter is only named in the 1909 contents).

The eight of diamonds is taken out, leaving 51 cards.  Before each deal the dealer "dresses the
board": one counter each to Ace, King, Queen, Knave and Game, two each to Matrimony and Intrigue,
six to Pope (the nine of diamonds).  The cards are dealt round with a dead hand laid aside to
make stops, and the last card is turned for trumps.  The player on the dealer's left leads any
card; whoever holds the next card up in the same suit must play it, and so on until nobody can go
on (a *stop*: a king, or the next card lies in the dead hand, is the turn-up, the missing eight
of diamonds, or was played already).  Whoever played the last card leads again.  Playing the ace,
king, queen or knave of trumps, or the Pope, takes the counters of its compartment; king and
queen of trumps played by one player take Matrimony, queen and knave Intrigue.  The first player
out of cards takes Game and a counter for each card every other player still holds — except from
a player holding the Pope unplayed, who is excused.  Compartments not taken stay for the next
deal.  A turn-up ace, king, queen or knave gives the dealer that compartment; a turn-up Pope
gives him Pope and Game and a counter from each player for every card dealt him, and the deal is
over.

Where the book is silent (the rules pages say so): the dead hand holds the fewest cards of six or
more that leave every player the same number (six or eight, as the book has it, for three, four,
six or seven players; ten for five or eight); Matrimony and Intrigue go to a player who plays both
of their cards in one deal; the ace ranks low, so it is reached only by being led; a sitting is an
agreed number of rounds (each player deals once a round) and counters are kept from deal to deal
through it; a player short of counters may go below nought (he buys more from the bank), and the
sitting is won by the most counters.  Following in sequence is compulsory, so the engine plays a
run out by itself: the only decisions are the dealer's dressing and each lead.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.cards import Card, Rank, Suit, standard_pack
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.notation import parse_card
from ...core.rng import SplitMix64, shuffled
from ...core.rules import rule_ref
from ..catalogue import BY_ID

EIGHT_OF_DIAMONDS = Card(Rank.EIGHT, Suit.DIAMONDS)
POPE = Card(Rank.NINE, Suit.DIAMONDS)
PACK: tuple[Card, ...] = tuple(c for c in standard_pack() if c != EIGHT_OF_DIAMONDS)

# The compartments, in the order the board is drawn.
COMPARTMENTS = ("Pope", "Matrimony", "Intrigue", "Ace", "King", "Queen", "Knave", "Game")
POPE_C, MATRIMONY, INTRIGUE, ACE_C, KING_C, QUEEN_C, KNAVE_C, GAME_C = range(8)
DRESS = (6, 2, 2, 1, 1, 1, 1, 1)                       # the book's dressing: fifteen counters
HONOUR_COMPARTMENT = {Rank.ACE: ACE_C, Rank.KING: KING_C, Rank.QUEEN: QUEEN_C, Rank.JACK: KNAVE_C}
PAIRS = ((MATRIMONY, Rank.KING, Rank.QUEEN), (INTRIGUE, Rank.QUEEN, Rank.JACK))


def dead_hand_size(n: int) -> int:
    """The fewest cards, six or more, that leave the other 50 (51 less the turn-up) dealing out
    evenly among ``n`` players."""
    d = 6
    while (50 - d) % n:
        d += 1
    return d


def successor(card: Card) -> Card | None:
    """The next card up in the suit (the ace is low, the king tops it: nothing follows a king)."""
    return None if card.rank is Rank.KING else Card(Rank(card.rank + 1), card.suit)


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cut:
    """The cut for the first deal: cards dealt face up round the table until a knave falls."""

    seed: int


@dataclass(frozen=True, slots=True)
class Dress:
    """The dealer dresses the board with fifteen counters."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The shuffle of one deal."""

    seed: int


@dataclass(frozen=True, slots=True)
class Lead:
    """A card led; the run that follows it is played out by the rules."""

    card: Card


PJAction = Cut | Dress | Deal | Lead


# -- state --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Payment:
    """Counters moving: from a seat or a compartment to a seat or a compartment, and why."""

    deal: int
    amount: int
    text: str
    rule: str
    payer: Seat | None = None          # a seat, or None when the counters leave a compartment
    payee: Seat | None = None          # a seat, or None when they go into a compartment
    compartment: int | None = None     # the compartment they leave or enter


@dataclass(frozen=True, slots=True)
class PJState:
    """The whole sitting.  Faces are in ``deck`` only; everything else is public."""

    n: int
    rounds: int
    stock_start: int
    stocks: tuple[int, ...]
    board: tuple[int, ...] = (0,) * 8
    phase: str = "cut"                 # "cut", "dress", "deal", "play", "over"
    dealer: Seat | None = None
    cut: tuple[tuple[Seat, Card], ...] = ()
    deal_no: int = 0                   # deals begun (dealt or being dressed)
    deck: tuple[Card, ...] = ()        # faces by physical id, this deal (hidden)
    hands: tuple[tuple[int, ...], ...] = ()
    dead: tuple[int, ...] = ()
    turnup: int | None = None
    turn: Seat | None = None
    runs: tuple[tuple[tuple[Seat, int], ...], ...] = ()
    payments: tuple[Payment, ...] = ()
    result: str = ""                   # how the last deal ended, for the table

    @property
    def trump(self) -> Suit | None:
        return None if self.turnup is None else self.deck[self.turnup].suit

    @property
    def deals_total(self) -> int:
        return self.n * self.rounds

    def played(self) -> list[tuple[Seat, int]]:
        return [p for run in self.runs for p in run]


@dataclass(frozen=True, slots=True)
class PJView:
    """What one seat sees: its own hand, the backs of the others and of the dead hand, the
    turn-up, the cards played, the board and every stock of counters."""

    seat: Seat | None
    n: int
    rounds: int
    stock_start: int
    stocks: tuple[int, ...]
    board: tuple[int, ...]
    phase: str
    dealer: Seat | None
    cut: tuple[tuple[Seat, Card], ...]
    deal_no: int
    hands: tuple[tuple[ViewCard, ...], ...]
    dead: tuple[ViewCard, ...]
    turnup: ViewCard | None
    trump: Suit | None
    turn: Seat | None
    runs: tuple[tuple[tuple[Seat, ViewCard], ...], ...]
    payments: tuple[Payment, ...]
    result: str

    def face(self, card_id: int) -> Card | None:
        for hand in self.hands:
            for vc in hand:
                if vc.id == card_id:
                    return vc.face
        for run in self.runs:
            for _, vc in run:
                if vc.id == card_id:
                    return vc.face
        if self.turnup is not None and self.turnup.id == card_id:
            return self.turnup.face
        return None

    def my_hand(self) -> list[Card]:
        if self.seat is None:
            return []
        return [vc.face for vc in self.hands[self.seat] if vc.face is not None]

    def played_faces(self) -> list[Card]:
        return [vc.face for run in self.runs for _, vc in run if vc.face is not None]


def known_dead(view: PJView) -> set[Card]:
    """Cards the seat knows lie in the dead hand: every run stopped because nobody held the next
    card up, so a next card not played, not the turn-up and not the missing eight is dead."""
    out: set[Card] = set()
    played = set(view.played_faces())
    turnup = view.turnup.face if view.turnup is not None else None
    for run in view.runs:
        if not run:
            continue
        last = run[-1][1].face
        nxt = successor(last) if last is not None else None
        if nxt is None or nxt == EIGHT_OF_DIAMONDS or nxt == turnup:
            continue
        # A run also ends when its last player has gone out: the next card may then be anywhere.
        if run is view.runs[-1] and view.phase != "play":
            continue
        if nxt not in played:
            out.add(nxt)
    return out


class PopeJoanGame(Game[PJState, PJAction, PJView]):
    info = BY_ID["pope_joan"]
    table_kind = TableKind.POPE_JOAN
    option_specs = (
        OptionSpec("players", 4, (4, 3, 5, 6, 7, 8), "Players"),
        OptionSpec("rounds", 1, (1, 2, 3), "Rounds in the sitting (each player deals once a round)"),
        OptionSpec("counters", 60, (60, 40, 100), "Counters each at the start of the sitting"),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    # -- the protocol -----------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> PJState:
        opts = self.resolve_options(options)
        n = opts["players"]
        return PJState(n=n, rounds=opts["rounds"], stock_start=opts["counters"],
                       stocks=(opts["counters"],) * n)

    def seat_count(self, state: PJState) -> int:
        return state.n

    def to_move(self, state: PJState) -> Seat | Special:
        if state.phase in ("cut", "deal"):
            return Special.CHANCE
        if state.phase == "over":
            return Special.TERMINAL
        if state.phase == "dress":
            assert state.dealer is not None
            return state.dealer
        assert state.turn is not None
        return state.turn

    def chance_action(self, state: PJState, seed: int) -> PJAction:
        return Cut(seed) if state.phase == "cut" else Deal(seed)

    def legal_actions(self, state: PJState, seat: Seat) -> Sequence[PJAction]:
        if self.to_move(state) != seat:
            return ()
        if state.phase == "dress":
            return (Dress(),)
        return tuple(Lead(state.deck[i]) for i in sorted(state.hands[seat], key=lambda i: _order(state.deck[i])))

    def apply(self, state: PJState, action: PJAction) -> PJState:
        if isinstance(action, Cut):
            if state.phase != "cut":
                raise IllegalAction("the cut settles the first deal only", self.ref("the-deal"))
            return self._cut(state, action.seed)
        if isinstance(action, Deal):
            if state.phase != "deal":
                raise IllegalAction("the cards are dealt only after the board is dressed",
                                    self.ref("dressing-the-board"))
            return self._deal(state, shuffled(PACK, action.seed))
        if state.phase == "over":
            raise IllegalAction("the sitting is over", self.ref("the-sitting"))
        if isinstance(action, Dress):
            if state.phase != "dress":
                raise IllegalAction("the board is dressed once, by the dealer, before the cards are dealt",
                                    self.ref("dressing-the-board"))
            return self._dress(state)
        if isinstance(action, Lead):
            if state.phase != "play":
                raise IllegalAction("the dealer must dress the board before any card is dealt or played",
                                    self.ref("dressing-the-board"))
            card = action.card
            if card == EIGHT_OF_DIAMONDS:
                raise IllegalAction("the eight of diamonds is not in the Pope Joan pack: it is removed before the deal",
                                    self.ref("players-and-equipment"))
            seat = state.turn
            assert seat is not None
            mine = [i for i in state.hands[seat] if state.deck[i] == card]
            if not mine:
                where = self._where(state, card)
                raise IllegalAction(f"{self.seat_name(seat)} does not hold the {card.name}{where}",
                                    self.ref("the-play"))
            return self._run(state, seat, mine[0])
        raise IllegalAction(f"{action!r} is not an action of Pope Joan", self.ref("the-play"))

    def _where(self, state: PJState, card: Card) -> str:
        for seat, i in state.played():
            if state.deck[i] == card:
                return ": it has been played"
        if state.turnup is not None and state.deck[state.turnup] == card:
            return ": it is the turn-up"
        return ""

    # -- the cut, the dressing and the deal -------------------------------------------------
    def _cut(self, state: PJState, seed: int) -> PJState:
        order = shuffled(PACK, seed)
        cut: list[tuple[Seat, Card]] = []
        for k, card in enumerate(order):
            cut.append((k % state.n, card))
            if card.rank is Rank.JACK:
                break
        dealer = cut[-1][0]
        return replace(state, cut=tuple(cut), dealer=dealer, phase="dress", deal_no=1,
                       result=f"{self.seat_name(dealer)} turned up the first knave and deals")

    def _dress(self, state: PJState) -> PJState:
        dealer = state.dealer
        assert dealer is not None
        stocks = list(state.stocks)
        stocks[dealer] -= sum(DRESS)
        board = tuple(b + d for b, d in zip(state.board, DRESS))
        pays = tuple(Payment(state.deal_no, d, f"{self.seat_name(dealer)} dresses {COMPARTMENTS[c]} with {d}",
                             self.ref("dressing-the-board"), payer=dealer, compartment=c)
                     for c, d in enumerate(DRESS))
        # the last deal's cards are gathered in before the new one
        return replace(state, stocks=tuple(stocks), board=board, phase="deal",
                       payments=state.payments + pays, deck=(), hands=(), dead=(), turnup=None,
                       runs=(), turn=None)

    def _deal(self, state: PJState, deck: Sequence[Card]) -> PJState:
        """Deal a known order (top first): one at a time from the dealer's left, then the dead
        hand, and the last card turned for trumps."""
        n, dealer = state.n, state.dealer
        assert dealer is not None
        d = dead_hand_size(n)
        h = (50 - d) // n
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(h * n):
            hands[(dealer + 1 + i) % n].append(i)
        s = replace(state, deck=tuple(deck), hands=tuple(tuple(x) for x in hands),
                    dead=tuple(range(h * n, h * n + d)), turnup=50, phase="play",
                    turn=(dealer + 1) % n, runs=(), result="")
        turned = deck[50]
        if turned == POPE:
            s = self._take(s, dealer, POPE_C, "the Pope turned up", "the-turn-up")
            s = self._take(s, dealer, GAME_C, "the Pope turned up", "the-turn-up")
            stocks = list(s.stocks)
            pays = []
            for seat in range(n):
                if seat != dealer:
                    stocks[seat] -= h
                    stocks[dealer] += h
                    pays.append(Payment(s.deal_no, h, f"{self.seat_name(seat)} pays {h}, a counter for each "
                                        "card dealt him", self.ref("the-turn-up"), payer=seat, payee=dealer))
            s = replace(s, stocks=tuple(stocks), payments=s.payments + tuple(pays))
            return self._end_deal(s, f"The Pope was turned up: {self.seat_name(dealer)} takes Pope and Game "
                                     "and is paid for every card dealt")
        if turned.rank in HONOUR_COMPARTMENT:
            s = self._take(s, dealer, HONOUR_COMPARTMENT[turned.rank],
                           f"the {turned.rank.title} turned up", "the-turn-up")
        return s

    def deal_from(self, state: PJState, order: Sequence[Card]) -> PJState:
        """Deal an arranged pack (the tests' examples); the board must have been dressed."""
        if sorted(order, key=_order) != sorted(PACK, key=_order):
            raise ValueError("the order is not the 51-card Pope Joan pack")
        if state.phase != "deal":
            raise ValueError("dress the board first")
        return self._deal(state, tuple(order))

    # -- the play -----------------------------------------------------------------------------
    def _holder(self, state: PJState, card: Card) -> tuple[Seat, int] | None:
        for seat, hand in enumerate(state.hands):
            for i in hand:
                if state.deck[i] == card:
                    return seat, i
        return None

    def _run(self, state: PJState, seat: Seat, cid: int) -> PJState:
        """The lead and every card that must follow it, up to the stop."""
        run: list[tuple[Seat, int]] = []
        s = state
        while True:
            hands = list(s.hands)
            hands[seat] = tuple(i for i in hands[seat] if i != cid)
            run.append((seat, cid))
            s = replace(s, hands=tuple(hands), runs=state.runs + (tuple(run),))
            s = self._rewards(s, seat, s.deck[cid])
            if not s.hands[seat]:
                return self._go_out(s, seat)
            nxt = successor(s.deck[cid])
            found = self._holder(s, nxt) if nxt is not None else None
            if found is None:
                # a stop: whoever played the last card leads again
                return replace(s, turn=seat)
            seat, cid = found

    def _rewards(self, state: PJState, seat: Seat, card: Card) -> PJState:
        """The compartments a card played takes."""
        s = state
        if card == POPE:
            s = self._take(s, seat, POPE_C, "playing the Pope", "the-pope")
        if card.suit == s.trump and card.rank in HONOUR_COMPARTMENT:
            s = self._take(s, seat, HONOUR_COMPARTMENT[card.rank], f"playing the {card.rank.title} of trumps",
                           "the-compartments")
            mine = {s.deck[i] for who, i in s.played() if who == seat}
            for comp, a, b in PAIRS:
                if card.rank in (a, b) and Card(a, card.suit) in mine and Card(b, card.suit) in mine:
                    what = "king and queen" if comp == MATRIMONY else "queen and knave"
                    s = self._take(s, seat, comp, f"playing {what} of trumps", "matrimony-and-intrigue")
        return s

    def _take(self, state: PJState, seat: Seat, comp: int, why: str, anchor: str) -> PJState:
        amount = state.board[comp]
        if amount == 0:
            return state
        board = list(state.board)
        board[comp] = 0
        stocks = list(state.stocks)
        stocks[seat] += amount
        pay = Payment(state.deal_no, amount, f"{self.seat_name(seat)} takes {COMPARTMENTS[comp]} ({amount}) "
                      f"for {why}", self.ref(anchor), payee=seat, compartment=comp)
        return replace(state, board=tuple(board), stocks=tuple(stocks), payments=state.payments + (pay,))

    def _go_out(self, state: PJState, seat: Seat) -> PJState:
        s = self._take(state, seat, GAME_C, "going out first", "going-out")
        stocks = list(s.stocks)
        pays = []
        for other in range(s.n):
            held = s.hands[other]
            if other == seat or not held:
                continue
            if any(s.deck[i] == POPE for i in held):
                pays.append(Payment(s.deal_no, 0, f"{self.seat_name(other)} holds the Pope and is excused "
                                    f"paying for {len(held)} cards", self.ref("going-out"), payer=other,
                                    payee=seat))
                continue
            stocks[other] -= len(held)
            stocks[seat] += len(held)
            pays.append(Payment(s.deal_no, len(held), f"{self.seat_name(other)} pays {len(held)} for the cards "
                                "left in his hand", self.ref("going-out"), payer=other, payee=seat))
        s = replace(s, stocks=tuple(stocks), payments=s.payments + tuple(pays))
        return self._end_deal(s, f"{self.seat_name(seat)} is out of cards and takes Game")

    def _end_deal(self, state: PJState, text: str) -> PJState:
        if state.deal_no >= state.deals_total:
            return replace(state, phase="over", turn=None, result=text)
        dealer = ((state.dealer or 0) + 1) % state.n
        return replace(state, phase="dress", turn=None, dealer=dealer, deal_no=state.deal_no + 1, result=text)

    # -- the end ------------------------------------------------------------------------------
    def outcome(self, state: PJState) -> Outcome | None:
        if state.phase != "over":
            return None
        best = max(state.stocks)
        winners = [s for s in range(state.n) if state.stocks[s] == best]
        share = 1.0 if len(winners) == 1 else 0.5
        results = tuple(share if s in winners else 0.0 for s in range(state.n))
        names = " and ".join(self.seat_name(s) for s in winners)
        return Outcome(results, f"the sitting of {state.deals_total} deals is over; {names} "
                       f"{'has' if len(winners) == 1 else 'share'} the most counters, {best}",
                       self.ref("the-sitting"), scores=state.stocks)

    # -- views ----------------------------------------------------------------------------------
    def view(self, state: PJState, seat: Seat | None) -> PJView:
        deck = state.deck

        def vc(i: int, shown: bool) -> ViewCard:
            return ViewCard(i, deck[i] if shown else None)

        hands = tuple(tuple(vc(i, seat == s) for i in sorted(hand, key=lambda i: _order(deck[i])) )
                      if seat == s else tuple(vc(i, False) for i in hand)
                      for s, hand in enumerate(state.hands))
        return PJView(
            seat=seat, n=state.n, rounds=state.rounds, stock_start=state.stock_start, stocks=state.stocks,
            board=state.board, phase=state.phase, dealer=state.dealer, cut=state.cut,
            deal_no=state.deal_no, hands=hands, dead=tuple(vc(i, False) for i in state.dead),
            turnup=None if state.turnup is None else vc(state.turnup, True), trump=state.trump,
            turn=state.turn, runs=tuple(tuple((s, vc(i, True)) for s, i in run) for run in state.runs),
            payments=state.payments, result=state.result)

    def determinize(self, view: PJView, seat: Seat, gen: SplitMix64) -> PJState:
        """A state agreeing with ``view``: the cards ``seat`` cannot see dealt at random among the
        others' hands and the dead hand, the cards known to be dead kept in the dead hand."""
        if not view.hands:
            return _state_from_view(view, {})
        seen = set(view.my_hand()) | set(view.played_faces())
        if view.turnup is not None and view.turnup.face is not None:
            seen.add(view.turnup.face)
        unseen = [c for c in PACK if c not in seen]
        dead_known = sorted(known_dead(view) & set(unseen), key=_order)
        free = [c for c in unseen if c not in dead_known]
        free = list(shuffled(free, gen.next() & ((1 << 63) - 1)))
        faces: dict[int, Card] = {}
        dead_ids = [vc.id for vc in view.dead]
        for i, c in zip(dead_ids, dead_known):
            faces[i] = c
        rest_ids = [vc.id for s, hand in enumerate(view.hands) if s != seat for vc in hand] + dead_ids[len(dead_known):]
        for i, c in zip(rest_ids, free):
            faces[i] = c
        return _state_from_view(view, faces)

    def shuffle_unseen(self, state: PJState, seat: Seat, seed: int) -> PJState:
        return self.determinize(self.view(state, seat), seat, SplitMix64(seed))

    # -- text ---------------------------------------------------------------------------------
    def action_to_str(self, action: PJAction) -> str:
        if isinstance(action, Cut):
            return f"cut {action.seed}"
        if isinstance(action, Deal):
            return f"deal {action.seed}"
        if isinstance(action, Dress):
            return "dress"
        return f"lead {action.card.code}"

    def action_from_str(self, state: PJState, text: str) -> PJAction:
        t = " ".join(text.strip().split())
        low = t.lower()
        for word, cls in (("cut ", Cut), ("deal ", Deal)):
            if low.startswith(word):
                number = t[len(word):]
                if number.isascii() and number.isdigit() and len(number) <= 19:
                    return cls(int(number))
                raise NotationError(f"{text!r}: expected '{word.strip()}' and a number")
        if low in ("dress", "dress the board"):
            return Dress()
        for word in ("lead ", "play "):
            if low.startswith(word):
                try:
                    return Lead(parse_card(t[len(word):]))
                except NotationError as exc:
                    raise NotationError(f"{text!r}: {exc}") from None
        raise NotationError(f"{text!r} is not an action of Pope Joan: expected 'dress', 'lead' and a "
                            "card such as 'lead 9D', or 'deal'/'cut' and a number")

    def describe(self, state: PJState, action: PJAction) -> str:
        if isinstance(action, Dress):
            return f"{self.seat_name(state.dealer or 0)} dresses the board"
        if isinstance(action, Lead):
            return f"{self.seat_name(state.turn or 0)} leads the {action.card.name}"
        if isinstance(action, Deal):
            return "the cards are dealt"
        return "the cards are cut for the deal"

    def score_events(self, state: PJState) -> Sequence[ScoreEvent]:
        out = []
        for p in state.payments:
            if p.payee is not None and p.amount:
                out.append(ScoreEvent(p.payee, p.amount, p.text, p.rule))
            if p.payer is not None and p.amount:
                out.append(ScoreEvent(p.payer, -p.amount, p.text, p.rule))
        return out


def _order(card: Card) -> tuple[int, int]:
    """Suit by suit, ace (low) to king: how a Pope Joan hand is sorted."""
    return ("SHCD".index(card.suit.letter) if card.suit else 9, int(card.rank))


def _state_from_view(view: PJView, faces: dict[int, Card]) -> PJState:
    """The state a view describes, with ``faces`` for the cards hidden from it."""
    size = 0
    ids = [vc.id for hand in view.hands for vc in hand] + [vc.id for vc in view.dead]
    ids += [vc.id for run in view.runs for _, vc in run]
    if view.turnup is not None:
        ids.append(view.turnup.id)
    size = max(ids) + 1 if ids else 0
    deck: list[Card | None] = [None] * size
    for hand in view.hands:
        for vc in hand:
            if vc.face is not None:
                deck[vc.id] = vc.face
    for run in view.runs:
        for _, vc in run:
            deck[vc.id] = vc.face
    if view.turnup is not None:
        deck[view.turnup.id] = view.turnup.face
    for i, c in faces.items():
        deck[i] = c
    if any(c is None for c in deck):
        raise ValueError("the view leaves a card without a face")
    return PJState(n=view.n, rounds=view.rounds, stock_start=view.stock_start, stocks=view.stocks,
                   board=view.board, phase=view.phase, dealer=view.dealer, cut=view.cut,
                   deal_no=view.deal_no, deck=tuple(deck),  # type: ignore[arg-type]
                   hands=tuple(tuple(vc.id for vc in hand) for hand in view.hands),
                   dead=tuple(vc.id for vc in view.dead),
                   turnup=None if view.turnup is None else view.turnup.id, turn=view.turn,
                   runs=tuple(tuple((s, vc.id) for s, vc in run) for run in view.runs),
                   payments=view.payments, result=view.result)


GAME = PopeJoanGame()
