"""The machinery every trick-taking game shares: dealing, the turn-up, following suit, revokes,
trumps with each game's own ranks, trick winners, views per seat and re-dealing what a seat
cannot see (for the computer's search).

Vocabulary.  A game runs as a series of *deals* (hands).  Each deal starts with a chance event,
``deal N``: the pack is shuffled with deal number N and laid out by the game's dealing pattern
into *hand slots* (one per player, or several per player where the book deals several hands, as
Scotch Whist does for two or three), a stock and a turn-up.  Then come the game's calls (an
auction, begging, naming trumps), then the tricks, then the scoring, then the next deal.

The state keeps physical card ids everywhere and the faces in ``deck`` only, so the *public*
part of the state is the state with ``deck`` (and the deal number) removed.  A seat's view is
that public part plus one ``ViewCard`` per card, its face ``None`` where the seat may not see it;
``determinize`` reverses this, giving a state whose unseen faces are re-dealt at random but
consistently with the view (cards played, the voids a player showed by not following suit).

Revokes.  A revoke is failing to follow suit when able.  By default the table refuses one and
cites the law; a game may let revokes be played and penalise them as its laws say
(``revoke_option``), in which case the legal actions include them and the penalty is paid when
the hand is scored.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ...core.cards import SUITS, Card, Rank, Suit
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.notation import parse_card
from ...core.rng import SplitMix64, shuffled
from ...core.rules import rule_ref
from .scoresheet import Sheet

WHIST_ORDER: tuple[Rank, ...] = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
                                 Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
                                 Rank.ACE)
WHIST_POWER: dict[Rank, int] = {r: i + 2 for i, r in enumerate(WHIST_ORDER)}   # two 2 … ace 14
SEAT_LETTERS = "ABCDEFGH"


# -- actions --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal:
    """The shuffle of one deal, recorded with its number; or, for the books' worked examples
    (``resources/examples``), a stated pack ``order`` (top card first), dealt by the usual
    pattern by the dealer whose turn it is.  Its text is ``deal pack QD KD 8D …``."""

    seed: int
    order: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the trick."""

    card: Card


@dataclass(frozen=True, slots=True)
class Discard:
    """A card put out of the hand face down (All Fours after running the cards, Purchase Nap)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Call:
    """A word said at the table: a bid, a pass, "beg", "trumps H" (``suit`` set)."""

    word: str
    suit: Suit | None = None


TricksAction = Deal | Play | Discard | Call


# -- state ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Trick:
    leader: Seat
    plays: tuple[tuple[Seat, int], ...]      # (seat, physical id) in the order played
    winner: Seat
    hand_set: int = 0                        # which set of hands it was played from


@dataclass(frozen=True, slots=True)
class TricksState:
    """A whole game.  Everything but ``deck`` and ``deal_seed`` is public (ids, never faces)."""

    opts: tuple[tuple[str, Any], ...]
    n: int                                   # seats
    deck: tuple[Card, ...] = ()              # faces by physical id, this deal
    deal_seed: int | None = None             # hidden: it would give away every card
    deal_no: int = 0                         # deals so far (the current one's number)
    dealer: Seat = 0
    phase: str = "deal"                      # "deal" (chance), the game's call phases, "play", "over"
    turn: Seat | None = None
    hands: tuple[tuple[int, ...], ...] = ()  # hand slots, physical ids
    owners: tuple[Seat, ...] = ()            # the owner of each slot
    hand_sets: tuple[int, ...] = ()          # the set each slot belongs to (several hands each)
    taken_up: tuple[bool, ...] = ()          # has the owner looked at the slot yet
    current_set: int = 0
    stock: tuple[int, ...] = ()              # undealt cards, face down, top last
    turnup: int | None = None                # the card turned for trumps
    turnup_on_table: bool = False            # still lying face up (not yet taken into the hand)
    shown: tuple[int, ...] = ()              # cards shown to all and laid aside
    discards: tuple[tuple[int, ...], ...] = ()   # per seat, face down (the discarder knows them)
    exposed: tuple[Seat, ...] = ()           # seats whose hands lie face up (open misère)
    trump: Suit | None = None
    leader: Seat = 0
    trick: tuple[tuple[Seat, int], ...] = ()
    tricks: tuple[Trick, ...] = ()
    calls: tuple[tuple[Seat, str], ...] = ()     # what was said this deal, in order
    bidding: Any = None                      # the game's own call state (immutable)
    contract: Any = None                     # the game's own contract value (immutable)
    revokes: tuple[tuple[Seat, int], ...] = ()   # (seat, trick number) revokes this deal
    sheet: Sheet = Sheet((0,))
    pool: int = 0
    info: tuple[tuple[str, Any], ...] = ()   # small public facts of the game ("first_dealer", …)
    result: str = ""                         # why the game ended, once over
    result_rule: str | None = None
    winners: tuple[int, ...] = ()            # sides that won, once over

    def option(self, name: str, default: Any = None) -> Any:
        for key, value in self.opts:
            if key == name:
                return value
        return default

    def fact(self, name: str, default: Any = None) -> Any:
        for key, value in self.info:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class TricksView:
    """What one seat sees: the public state and every card, its face ``None`` where hidden."""

    seat: Seat | None
    pub: TricksState                         # the state with the faces and the deal number removed
    cards: tuple[ViewCard, ...]

    def face(self, card_id: int) -> Card | None:
        return self.cards[card_id].face

    def hand(self, seat: Seat) -> tuple[ViewCard, ...]:
        """The cards of ``seat``'s hand in play now (face ``None`` where not seen)."""
        slot = active_slot(self.pub, seat)
        return () if slot is None else tuple(self.cards[i] for i in self.pub.hands[slot])

    def trick_cards(self) -> tuple[tuple[Seat, Card | None], ...]:
        return tuple((s, self.cards[i].face) for s, i in self.pub.trick)


def active_slot(state: TricksState, seat: Seat) -> int | None:
    """The hand slot ``seat`` plays from now."""
    for k, owner in enumerate(state.owners):
        if owner == seat and state.hand_sets[k] == state.current_set:
            return k
    return None


def put_out(state: TricksState, seat: Seat, card: Card) -> TricksState:
    """``seat`` puts ``card`` out of the hand he plays from, face down beside him (a discard he
    alone knows)."""
    slot = active_slot(state, seat)
    assert slot is not None
    cid = next(i for i in state.hands[slot] if state.deck[i] == card)
    hands = list(state.hands)
    hands[slot] = tuple(i for i in hands[slot] if i != cid)
    discards = list(state.discards)
    discards[seat] = discards[seat] + (cid,)
    return replace(state, hands=tuple(hands), discards=tuple(discards))


def set_fact(state: TricksState, name: str, value: Any) -> tuple[tuple[str, Any], ...]:
    return tuple((k, v) for k, v in state.info if k != name) + ((name, value),)


# -- the game base class --------------------------------------------------------------------
def partnership_of(seat: Seat) -> int:
    """The side of a seat at a game of two partnerships sitting opposite (0 and 2, 1 and 3)."""
    return seat % 2


def hands_as_dealt(state: TricksState) -> list[list[Card]]:
    """Every card each seat has held this hand: played to the tricks, in the trick on the
    table, and still in hand (honours and chicane are counted on these)."""
    held: list[list[Card]] = [[] for _ in range(state.n)]
    for t in state.tricks:
        for seat, i in t.plays:
            held[seat].append(state.deck[i])
    for seat, i in state.trick:
        held[seat].append(state.deck[i])
    for k, ids in enumerate(state.hands):
        held[state.owners[k]].extend(state.deck[i] for i in ids)
    return held


def partnership_tricks(state: TricksState, extra: Sequence[int] = ()) -> list[int]:
    """The tricks each partnership has taken, and those ``extra`` winners would add (a search
    looking ahead without playing the tricks out)."""
    taken = [0, 0]
    for t in state.tricks:
        taken[partnership_of(t.winner)] += 1
    for w in extra:
        taken[partnership_of(w)] += 1
    return taken


class TrickGame(Game[TricksState, TricksAction, TricksView]):
    """A trick-taking game.  Subclasses set ``info`` and ``option_specs`` and fill the hooks."""

    table_kind = TableKind.TRICKS
    revoke_option: str | None = None    # the option that lets revokes be played and penalised
    names: str = SEAT_LETTERS           # how the seats are named on the sheet and in narration
    score_unit: str = "Points"          # what the score panel counts: points, or counters paid

    # -- hooks: the equipment and the deal -------------------------------------------------
    def seats(self, opts: Options) -> int:
        raise NotImplementedError

    def pack(self, opts: Options) -> tuple[Card, ...]:
        raise NotImplementedError

    def sides(self, opts: Options) -> tuple[tuple[Seat, ...], ...]:
        """Who scores together; by default every player for himself."""
        return tuple((s,) for s in range(self.seats(opts)))

    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        """Deal the physical ids ``order`` (top of the pack first) by the book's pattern: set
        ``hands``, ``owners``, ``hand_sets``, ``stock``, ``turnup``, ``trump`` and the like."""
        raise NotImplementedError

    def start_hand(self, state: TricksState) -> TricksState:
        """After the deal: the first phase of the calls (or of the play) and whose turn it is."""
        raise NotImplementedError

    # -- hooks: the calls ------------------------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        """Legal actions in a phase other than "play"."""
        return []

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        raise IllegalAction("nothing may be said now", self.ref_play())

    # -- hooks: the play --------------------------------------------------------------------
    def power(self, state: TricksState, card: Card) -> int:
        """How high ``card`` ranks within its suit (trumps may rank differently)."""
        return WHIST_POWER[card.rank]

    def effective_suit(self, state: TricksState, card: Card) -> Suit | None:
        """The suit a card belongs to in play (a game with a card that changes suit overrides)."""
        return card.suit

    def may_trump_instead(self) -> bool:
        """All Fours: a player may trump even when he could follow suit."""
        return False

    def ref_follow(self) -> str:
        """The anchor of the law of following suit, for the game's rules page."""
        return self.ref("following-suit")

    def ref_play(self) -> str:
        return self.ref("the-play")

    def after_trick(self, state: TricksState, trick: Trick) -> TricksState:
        """Anything that happens when a trick is turned (open misère shows the caller's hand)."""
        return state

    def hand_settled(self, state: TricksState) -> bool:
        """Napoleon: the hand stops as soon as the call is made or defeated."""
        return False

    def end_hand(self, state: TricksState) -> TricksState:
        """Score the hand; set ``phase`` to "deal" for another deal or "over" with the result."""
        raise NotImplementedError

    def first_leader(self, state: TricksState) -> Seat:
        return (state.dealer + 1) % state.n

    # -- conveniences ----------------------------------------------------------------------
    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        """The book's letter for a seat: A Y B Z at a table of four (partners A–B and Y–Z sit
        opposite), A B C … otherwise."""
        if n == 4:
            return "AYBZ"[seat]
        return self.names[seat]

    def side_of(self, opts: Options, seat: Seat) -> int:
        for i, side in enumerate(self.sides(opts)):
            if seat in side:
                return i
        raise ValueError(seat)

    def options_of(self, state: TricksState) -> dict[str, Any]:
        return dict(state.opts)

    def tricks_won(self, state: TricksState, seat: Seat) -> int:
        return sum(1 for t in state.tricks if t.winner == seat)

    def cards_won(self, state: TricksState, seat: Seat) -> list[Card]:
        return [state.deck[i] for t in state.tricks if t.winner == seat for _, i in t.plays]

    # -- the protocol -----------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> TricksState:
        opts = self.resolve_options(options)
        n = self.seats(opts)
        return TricksState(opts=tuple(sorted(opts.items())), n=n,
                           sheet=Sheet.empty(len(self.sides(opts))))

    def to_move(self, state: TricksState) -> Seat | Special:
        if state.phase == "deal":
            return Special.CHANCE
        if state.phase == "over" or state.turn is None:
            return Special.TERMINAL
        return state.turn

    def chance_action(self, state: TricksState, seed: int) -> TricksAction:
        return Deal(seed)

    def legal_actions(self, state: TricksState, seat: Seat) -> Sequence[TricksAction]:
        if state.phase in ("deal", "over") or seat != state.turn:
            return ()
        if state.phase == "play":
            return tuple(Play(c) for c in self.playable(state, seat))
        return tuple(self.call_actions(state, seat))

    def playable(self, state: TricksState, seat: Seat, *, strict: bool | None = None) -> list[Card]:
        """The cards ``seat`` may play to the trick now.  ``strict`` forces the law of following
        suit even where the game lets revokes be played (the computer never revokes)."""
        slot = active_slot(state, seat)
        if slot is None:
            return []
        hand = [state.deck[i] for i in state.hands[slot]]
        if strict is None:
            strict = not self.revokes_allowed(state)
        if not state.trick or not strict:
            return hand
        led = self.effective_suit(state, state.deck[state.trick[0][1]])
        follow = [c for c in hand if self.effective_suit(state, c) == led]
        if not follow:
            return hand
        if self.may_trump_instead() and state.trump is not None:
            return follow + [c for c in hand if self.effective_suit(state, c) == state.trump
                             and c not in follow]
        return follow

    def revokes_allowed(self, state: TricksState) -> bool:
        return self.revoke_option is not None and state.option(self.revoke_option) == "penalised"

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        slot = active_slot(state, seat)
        if slot is None or card not in [state.deck[i] for i in state.hands[slot]]:
            return IllegalAction(f"the {card.name} is not in your hand", self.ref_play())
        if card in self.playable(state, seat):
            return None
        led = self.effective_suit(state, state.deck[state.trick[0][1]])
        assert led is not None
        if self.may_trump_instead():
            return IllegalAction(f"you hold {led.title}: you must follow suit or trump, so the "
                                 f"{card.name} may not be played (that would be a revoke)", self.ref_follow())
        return IllegalAction(f"you hold {led.title}, so you must follow suit; playing the {card.name} "
                             "would be a revoke", self.ref_follow())

    def apply(self, state: TricksState, action: TricksAction) -> TricksState:
        if isinstance(action, Deal):
            if state.phase != "deal":
                raise IllegalAction("the cards have already been dealt")
            if action.order:
                return self._deal_stated(state, action.order)
            return self.deal(state, action.seed)
        if state.phase == "deal":
            raise IllegalAction("the cards have not been dealt yet")
        if state.phase == "over" or state.turn is None:
            raise IllegalAction("the game is over")
        seat = state.turn
        if state.phase == "play":
            if not isinstance(action, Play):
                raise IllegalAction("it is time to play a card, not to call", self.ref_play())
            refusal = self.why_not_playable(state, seat, action.card)
            if refusal is not None:
                raise refusal
            return self.play_card(state, seat, action.card)
        if isinstance(action, Play):
            raise IllegalAction("the calls are not over yet: no card may be played", self.ref_play())
        return self.apply_call(state, seat, action)   # the game checks and words any refusal

    # -- dealing ------------------------------------------------------------------------------
    def deal(self, state: TricksState, seed: int) -> TricksState:
        opts = self.options_of(state)
        deck = shuffled(self.pack(opts), seed)
        info = state.info
        if state.deal_no == 0:
            dealer = self.opening_dealer(state, seed)
            info = set_fact(state, "first_dealer", dealer)
        else:
            dealer = (state.dealer + 1) % state.n
        fresh = replace(state, deck=deck, deal_seed=seed, deal_no=state.deal_no + 1, dealer=dealer,
                        phase="play", turn=None, hands=(), owners=(), hand_sets=(), taken_up=(),
                        current_set=0, stock=(), turnup=None, turnup_on_table=False, shown=(),
                        discards=((),) * state.n, exposed=(), trump=None, trick=(), tricks=(),
                        calls=(), bidding=None, contract=None, revokes=(), info=info)
        laid = self.lay_out(fresh, tuple(range(len(deck))))
        return self.start_hand(laid)

    def deal_from(self, state: TricksState, order: Sequence[Card], dealer: Seat) -> TricksState:
        """Deal a known pack order (top first) with ``dealer`` dealing: the books' examples."""
        if Counter(order) != Counter(self.pack(self.options_of(state))):
            raise ValueError("the order is not this game's pack")
        fresh = replace(state, deck=tuple(order), deal_seed=None, deal_no=state.deal_no + 1,
                        dealer=dealer, phase="play", turn=None, discards=((),) * state.n,
                        info=set_fact(state, "first_dealer", dealer) if state.deal_no == 0 else state.info,
                        trick=(), tricks=(), calls=(), bidding=None, contract=None, revokes=(),
                        exposed=(), shown=(), stock=(), turnup=None)
        return self.start_hand(self.lay_out(fresh, tuple(range(len(order)))))

    def _deal_stated(self, state: TricksState, order: Sequence[Card]) -> TricksState:
        """A stated pack (a book's example) dealt by the dealer in turn."""
        dealer = self.first_dealer(state.n) if state.deal_no == 0 else (state.dealer + 1) % state.n
        try:
            return self.deal_from(state, order, dealer)
        except ValueError:
            raise IllegalAction(f"the stated pack of {len(order)} cards is not the pack of this "
                                "game: every card once") from None

    def opening_dealer(self, state: TricksState, seed: int) -> Seat:
        """The first deal's dealer (a game whose players cut for it draws the cut here)."""
        return self.first_dealer(state.n)

    def first_dealer(self, n: int) -> Seat:
        """The books have the players cut for the deal and then the dealer choose his seat; the
        table seats the first dealer on the right of seat 0 (you), so you speak or lead first."""
        return n - 1

    @staticmethod
    def deal_round(n_slots: int, per_slot: int, order: Sequence[int], start: int,
                   packet: int = 1, first: int = 0) -> tuple[list[list[int]], int]:
        """Deal ``per_slot`` cards to each of ``n_slots`` slots, ``packet`` at a time, going round
        from slot ``first``; returns the slots and the position in ``order`` reached."""
        slots: list[list[int]] = [[] for _ in range(n_slots)]
        pos = start
        while any(len(s) < per_slot for s in slots):
            for k in range(n_slots):
                slot = slots[(first + k) % n_slots]
                take = min(packet, per_slot - len(slot))
                slot.extend(order[pos:pos + take])
                pos += take
        return slots, pos

    # -- playing a card -----------------------------------------------------------------------
    def play_card(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        slot = active_slot(state, seat)
        assert slot is not None
        ids = state.hands[slot]
        cid = next(i for i in ids if state.deck[i] == card)
        hands = list(state.hands)
        hands[slot] = tuple(i for i in ids if i != cid)
        revokes = state.revokes
        if state.trick and card not in self.playable(state, seat, strict=True):
            revokes = revokes + ((seat, len(state.tricks) + 1),)
        on_table = state.turnup_on_table
        if on_table and cid == state.turnup:
            on_table = False
        elif on_table and seat == state.dealer and state.turnup in ids:
            on_table = False  # the dealer takes the turned card into his hand as he plays
        trick = state.trick + ((seat, cid),)
        s = replace(state, hands=tuple(hands), trick=trick, revokes=revokes, turnup_on_table=on_table)
        players = self.players_in_trick(s)
        if len(trick) < len(players):
            return replace(s, turn=players[(players.index(seat) + 1) % len(players)])
        winner = self.trick_winner(s, trick)
        done = Trick(trick[0][0], trick, winner, s.current_set)
        s = replace(s, trick=(), tricks=s.tricks + (done,), leader=winner, turn=winner)
        s = self.after_trick(s, done)
        if self.hand_settled(s):
            return self.end_hand(replace(s, turn=None))
        if all(not s.hands[k] for k in range(len(s.hands)) if s.hand_sets[k] == s.current_set):
            later = [k for k in range(len(s.hands)) if s.hand_sets[k] > s.current_set]
            if later:
                nxt = s.current_set + 1
                taken = tuple(t or s.hand_sets[k] == nxt for k, t in enumerate(s.taken_up))
                s = replace(s, current_set=nxt, taken_up=taken)
                if s.turnup is not None and any(s.turnup in s.hands[k] for k in range(len(s.hands))
                                                if s.hand_sets[k] == nxt):
                    s = replace(s, turnup_on_table=False)   # taken up with the last hand
                return s
            return self.end_hand(replace(s, turn=None))
        return s

    def players_in_trick(self, state: TricksState) -> list[Seat]:
        """The seats that play to each trick, in order of play from the leader."""
        lead = state.trick[0][0] if state.trick else state.leader
        return [(lead + k) % state.n for k in range(state.n)]

    def trick_winner(self, state: TricksState, plays: Sequence[tuple[Seat, int]]) -> Seat:
        led = self.effective_suit(state, state.deck[plays[0][1]])
        best_seat, best_key = plays[0][0], (-1, -1)
        for seat, cid in plays:
            card = state.deck[cid]
            suit = self.effective_suit(state, card)
            if state.trump is not None and suit == state.trump:
                key = (2, self.power(state, card))
            elif suit == led:
                key = (1, self.power(state, card))
            else:
                continue
            if key > best_key:
                best_seat, best_key = seat, key
        return best_seat

    # -- views --------------------------------------------------------------------------------
    def visible(self, state: TricksState, seat: Seat | None) -> list[bool]:
        """For each physical id: may ``seat`` see its face?"""
        shown = [False] * len(state.deck)
        for t in state.tricks:
            for _, i in t.plays:
                shown[i] = True
        for _, i in state.trick:
            shown[i] = True
        if state.turnup is not None:
            shown[state.turnup] = True
        for i in state.shown:
            shown[i] = True
        for k, ids in enumerate(state.hands):
            owner = state.owners[k]
            if owner in state.exposed and state.hand_sets[k] == state.current_set:
                for i in ids:
                    shown[i] = True
            elif seat is not None and owner == seat and state.taken_up[k]:
                for i in ids:
                    shown[i] = True
        if seat is not None and state.discards:
            for i in state.discards[seat]:
                shown[i] = True
        return shown

    def view(self, state: TricksState, seat: Seat | None) -> TricksView:
        shown = self.visible(state, seat)
        cards = tuple(ViewCard(i, f if shown[i] else None) for i, f in enumerate(state.deck))
        return TricksView(seat, replace(state, deck=(), deal_seed=None), cards)

    # -- re-dealing the unseen cards ------------------------------------------------------------
    def voids(self, state: TricksState) -> dict[int, set[Suit]]:
        """For each hand slot, the suits its owner showed he holds none of, by failing to follow
        (or, where trumping instead is allowed, by playing neither the suit nor a trump)."""
        out: dict[int, set[Suit]] = {}
        tricks = [(t.plays, t.hand_set) for t in state.tricks]
        if state.trick:
            tricks.append((state.trick, state.current_set))
        for plays, hand_set in tricks:
            led = self.effective_suit(state, state.deck[plays[0][1]])
            if led is None:
                continue
            for seat, cid in plays[1:]:
                suit = self.effective_suit(state, state.deck[cid])
                if suit == led:
                    continue
                if self.may_trump_instead() and suit == state.trump:
                    continue
                for k, owner in enumerate(state.owners):
                    if owner == seat and state.hand_sets[k] == hand_set:
                        out.setdefault(k, set()).add(led)
        return out

    def extra_constraints(self, view: TricksView, seat: Seat) -> dict[int, set[Suit]]:
        """Hook: further suits a hand slot cannot hold, from the calls made."""
        return {}

    def determinize(self, view: TricksView, seat: Seat, rng: SplitMix64) -> TricksState:
        """A full state agreeing with ``view``: the cards ``seat`` cannot see are dealt afresh at
        random among the places they may be, respecting the voids shown in play."""
        pub = view.pub
        pack = Counter(self.pack(dict(pub.opts)))
        known = Counter(c.face for c in view.cards if c.face is not None)
        unknown = list((pack - known).elements())
        deck: list[Card | None] = [c.face for c in view.cards]
        hidden_in: dict[int, list[int]] = {}      # slot -> hidden ids; -1 the rest (stock etc.)
        slot_of = {}
        for k, ids in enumerate(pub.hands):
            for i in ids:
                slot_of[i] = k
        for i, face in enumerate(deck):
            if face is None:
                hidden_in.setdefault(slot_of.get(i, -1), []).append(i)
        probe = replace(pub, deck=tuple(c if c is not None else Card(Rank.TWO, Suit.CLUBS) for c in deck))
        forbidden = {k: set(v) for k, v in self.voids(probe).items()}
        for k, v in self.extra_constraints(view, seat).items():
            forbidden.setdefault(k, set()).update(v)
        order = sorted(hidden_in, key=lambda k: -len(forbidden.get(k, ())))
        for attempt in range(40):
            pool = list(unknown)
            for j in range(len(pool) - 1, 0, -1):
                r = rng.below(j + 1)
                pool[j], pool[r] = pool[r], pool[j]
            if attempt >= 30:
                forbidden = {}    # the view is contradictory (a revoke was let pass): ignore voids
            assignment: dict[int, list[Card]] = {}
            ok = True
            for k in order:
                need = len(hidden_in[k])
                bad = forbidden.get(k, set())
                chosen = ([c for c in pool if self.effective_suit(pub, c) not in bad][:need] if bad
                          else pool[:need])    # the suit in play: a bower belongs to trumps
                if len(chosen) < need:
                    ok = False
                    break
                for c in chosen:
                    pool.remove(c)
                assignment[k] = chosen
            if ok:
                for k, ids in hidden_in.items():
                    for i, c in zip(ids, assignment[k]):
                        deck[i] = c
                return replace(pub, deck=tuple(deck))  # type: ignore[arg-type]
        raise AssertionError("no deal agrees with the view")

    def shuffle_unseen(self, state: TricksState, seat: Seat, seed: int) -> TricksState:
        """The state with the cards ``seat`` cannot see dealt afresh (the no-peeking tests)."""
        return self.determinize(self.view(state, seat), seat, SplitMix64(seed))

    def seat_count(self, state: TricksState) -> int:
        return state.n

    def said(self, action: TricksAction) -> str:
        """How a call goes into the public record of what was said (``state.calls``, which every
        seat sees): a card put out face down is not named there."""
        return "discard" if isinstance(action, Discard) else self.action_to_str(action)

    # -- a deal set up from its hands, and written out (see dealtext.py for the text) ------------
    def setup_state(self, text: str, options: Options) -> TricksState:
        """The game with the deal ``text`` describes (the dealer and each hand by suit, and the
        turn-up, stock, widow … where the game has them) dealt, ready for the first call; where
        the text goes on with the play so far (``play:``, its calls and tricks), the position
        those actions lead to, each made by this game's rules."""
        from .dealtext import setup_state
        return setup_state(self, text, options)

    def hand_text(self, state: TricksState, play: Sequence[TricksAction] | None = None) -> str:
        """The current deal's hands as they were dealt, and inside a hand the play so far
        (``play``, the actions since the deal, where the caller knows them), in the text
        ``setup_state`` reads."""
        from .dealtext import hand_text
        return hand_text(self, state, play)

    # -- text forms -----------------------------------------------------------------------------
    def action_to_str(self, action: TricksAction) -> str:
        if isinstance(action, Deal):
            if action.order:
                return "deal pack " + " ".join(card.code for card in action.order)
            return f"deal {action.seed}"
        if isinstance(action, Play):
            return f"play {action.card.code}"
        if isinstance(action, Discard):
            return f"discard {action.card.code}"
        return action.word if action.suit is None else f"{action.word} {action.suit.letter}"

    def action_from_str(self, state: TricksState, text: str) -> TricksAction:
        t = " ".join(text.strip().split())
        low = t.lower()
        if low.startswith("deal pack "):
            try:
                return Deal(0, tuple(parse_card(token) for token in t[10:].split()))
            except NotationError as exc:
                raise NotationError(f"{text[:60]!r}…: {exc}") from None
        if low.startswith("deal "):
            number = t[5:].strip()
            if number.isascii() and number.isdigit() and len(number) <= 19:
                return Deal(int(number))
            raise NotationError(f"{text!r} is not a deal: expected 'deal' and a deal number")
        for word, cls in (("play ", Play), ("discard ", Discard)):
            if low.startswith(word):
                try:
                    return cls(parse_card(t[len(word):]))
                except NotationError as exc:
                    raise NotationError(f"{text!r}: {exc}") from None
        words = low.split(" ")
        if len(words) == 1 and words[0] in self.call_words():
            return Call(words[0])
        if len(words) == 2 and words[0] in self.call_words():
            suit = {s.letter.lower(): s for s in SUITS}.get(words[1])
            if suit is not None:
                return Call(words[0], suit)
        try:
            return Play(parse_card(t))
        except NotationError:
            pass
        raise NotationError(f"{text!r} is not an action of {self.info.name}: expected a card such "
                            f"as 'play QS', or one of: {', '.join(self.call_words())}")

    def call_words(self) -> tuple[str, ...]:
        return ()

    # -- the score and the end -----------------------------------------------------------------
    def score_events(self, state: TricksState) -> Sequence[ScoreEvent]:
        return state.sheet.events(self.sides(self.options_of(state)))

    def outcome(self, state: TricksState) -> Outcome | None:
        if state.phase != "over":
            return None
        sides = self.sides(self.options_of(state))
        results = [0.0] * state.n
        share = 1.0 if len(state.winners) == 1 else 0.5
        for w in state.winners:
            for s in sides[w]:
                results[s] = share
        scores = tuple(state.sheet.totals[self.side_of(self.options_of(state), s)] for s in range(state.n))
        return Outcome(tuple(results), state.result, state.result_rule, scores)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        who = self.seat_name(seat, state.n) if seat is not None else ""
        if isinstance(action, Play):
            return f"{who} plays the {action.card.name}"
        if isinstance(action, Discard):
            return f"{who} discards a card"
        if isinstance(action, Deal):
            return "the cards are dealt"
        return f"{who}: {self.call_label(action)}"

    # The rules pane follows the hand: the deal until the first card (or the calls at once where
    # there are calls), the play, and the scoring once the game is over; each game names its
    # calls' section its own way.
    CALL_SECTIONS: tuple[str, ...] = ("the-calls", "begging", "the-auction", "bidding", "calls")

    def rules_section(self, state: TricksState) -> str | None:
        if state.phase == "over":
            return self.page_section("scoring", "the-game")
        if state.phase == "deal":
            return self.page_section("the-deal")
        if state.phase == "play":
            if not state.tricks and not state.trick and not state.calls:
                return self.page_section("the-deal")    # nothing said or played yet
            return self.page_section("the-play")
        return self.page_section(*self.CALL_SECTIONS, "the-deal")

    def replay_view(self, state: TricksState, seat: Seat) -> TricksView:
        """The books print every hand of their examples: the replay lays them all face up."""
        return self.view(replace(state, exposed=tuple(range(state.n))), seat)

    def call_label(self, action: TricksAction) -> str:
        """The words on a call's button."""
        if isinstance(action, Call):
            word = action.word.replace("-", " ").capitalize()
            return word if action.suit is None else f"{word} {action.suit.symbol}"
        return self.action_to_str(action)

    # -- scoring helpers ---------------------------------------------------------------------
    def finish(self, state: TricksState, winners: Iterable[int], reason: str, rule: str) -> TricksState:
        return replace(state, phase="over", turn=None, winners=tuple(winners), result=reason,
                       result_rule=rule)

    def next_deal_or_over(self, state: TricksState, deals: int) -> TricksState:
        """Deal again unless the agreed number of deals has been played; then the best total wins."""
        if state.deal_no >= deals:
            totals = state.sheet.totals
            best = max(totals)
            winners = [i for i, t in enumerate(totals) if t == best]
            return self.finish(state, winners, f"the agreed {deals} deals have been played",
                               self.ref("scoring"))
        return replace(state, phase="deal", turn=None)
