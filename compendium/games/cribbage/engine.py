"""Cribbage: the five-card game of the 1909 book (61 up, three for last), the six- and seven-card
games (121, 181), and the three-handed and four-handed (partners) games, as one game with a
``form`` option, and muggins as an option.

A game runs deal by deal:

- ``deal`` (chance): the first deal begins with the cut for deal (the lower card deals); the
  dealer deals the hands (and in the three-handed game one card to the crib);
- ``discard``: each player lays out his cards for the crib, beginning on the dealer's left;
  the starter is then turned (a knave: two for his heels to the dealer);
- ``play``: the cards are played one by one to thirty-one, a player who cannot play saying
  "go"; in the five-card game the play ends at the first go or thirty-one, in the others the
  count begins again until every card is played;
- ``show``: the hands are counted from the dealer's left, the dealer's last, then the crib,
  item by item (``scoring.show_items``); with muggins each owner claims his count and the next
  player may take what he missed (``muggins``).

The game ends the moment a side reaches the mark, in the play or in the show.  A card's physical
id is its place in the shuffled pack; the faces are in ``deck`` and a view hides every face the
seat may not see.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ...core.cards import Card, Rank, standard_pack
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.notation import parse_card, parse_cards
from ...core.rng import derive_seed, shuffled
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from .scoring import Item, play_items, show_items, value

PACK = standard_pack()


@dataclass(frozen=True, slots=True)
class Form:
    """One form of the game: players, cards dealt each, cards each lays out, cards dealt to the
    crib, the mark, whether the play stops at the first go, whether three for last is taken."""

    name: str
    players: int
    dealt: int
    lay_out: int
    to_crib: int
    mark: int
    one_count: bool
    three_for_last: bool
    anchor: str

    @property
    def kept(self) -> int:
        return self.dealt - self.lay_out

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players


FORMS: dict[str, Form] = {
    "five-card": Form("five-card", 2, 5, 2, 0, 61, True, True, "the-deal"),
    "six-card": Form("six-card", 2, 6, 2, 0, 121, False, False, "six-card-cribbage"),
    "seven-card": Form("seven-card", 2, 7, 2, 0, 181, False, False, "seven-card-cribbage"),
    "three-handed": Form("three-handed", 3, 5, 1, 1, 61, False, False, "three-handed-cribbage"),
    "four-handed": Form("four-handed", 4, 5, 1, 0, 121, False, False, "four-handed-cribbage"),
}


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal:
    """The shuffle of one deal (the first also settles the cut for deal)."""

    seed: int


@dataclass(frozen=True, slots=True)
class DealPack:
    """A stated deal (a worked example): ``dealer`` deals a pack whose top cards are ``cards``
    (the rest of the pack beneath them in its usual order)."""

    dealer: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class LayOut:
    """Cards laid out to the crib (sorted, so one choice has one form)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    card: Card


@dataclass(frozen=True, slots=True)
class Go:
    """No card can be played without passing thirty-one."""


@dataclass(frozen=True, slots=True)
class Count:
    """The owner of a hand (or the crib) pegs its show: ``points`` is what he claims."""

    points: int


@dataclass(frozen=True, slots=True)
class Muggins:
    """The next player takes the points the owner failed to claim."""


@dataclass(frozen=True, slots=True)
class Pass:
    """The next player lets an under-claimed count stand."""


CribAction = Deal | DealPack | LayOut | Play | Go | Count | Muggins | Pass


# -- state --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Peg:
    """Points pegged: who, the side's new total, what for, the law, and the cards that made it."""

    deal: int
    seat: Seat
    side: int
    points: int
    total: int
    text: str
    rule: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Show:
    """One hand (or the crib) counted: whose, its cards (hand first, the starter last), the items
    found, the claim made (muggins) and what the next player took of it."""

    owner: Seat
    crib: bool
    cards: tuple[Card, ...]
    items: tuple[Item, ...]
    claimed: int
    mugged: int = 0

    @property
    def value(self) -> int:
        return sum(i.points for i in self.items)

    @property
    def title(self) -> str:
        return "the crib" if self.crib else "the hand"


@dataclass(frozen=True, slots=True)
class CribState:
    form: str
    muggins: bool
    phase: str = "deal"                 # "deal", "discard", "play", "show", "muggins", "over"
    deal_no: int = 0
    dealer: Seat = 0
    cut: tuple[tuple[Seat, Card], ...] = ()
    deck: tuple[Card, ...] = ()
    dealt: tuple[tuple[int, ...], ...] = ()     # each seat's cards as dealt
    hands: tuple[tuple[int, ...], ...] = ()     # cards still held (discard phase: all; play: unplayed)
    laid: tuple[tuple[int, ...], ...] = ()      # each seat's cards laid out to the crib
    crib_extra: tuple[int, ...] = ()            # the card dealt to the crib (three-handed)
    starter: int | None = None
    played: tuple[tuple[Seat, int], ...] = ()   # every card played this deal, in order
    count_from: int = 0                         # where in ``played`` the present count began
    gone: tuple[Seat, ...] = ()                 # who has said go in this count
    turn: Seat = 0
    scores: tuple[int, ...] = ()
    backs: tuple[int, ...] = ()                 # each side's back peg (its score before the last)
    pegs: tuple[Peg, ...] = ()
    show_no: int = 0                            # which of the shows is next
    shows: tuple[Show, ...] = ()                # this deal's shows so far
    last_shows: tuple[Show, ...] = ()           # the last deal's, for the table after a new deal
    last_starter: Card | None = None
    winner: int | None = None

    @property
    def rules(self) -> Form:
        return FORMS[self.form]

    @property
    def n(self) -> int:
        return FORMS[self.form].players

    @property
    def crib(self) -> tuple[int, ...]:
        return tuple(i for laid in self.laid for i in laid) + self.crib_extra

    @property
    def count_cards(self) -> tuple[tuple[Seat, int], ...]:
        return self.played[self.count_from:]

    @property
    def count(self) -> int:
        return sum(value(self.deck[i]) for _, i in self.count_cards)


@dataclass(frozen=True, slots=True)
class CribView:
    """What one seat sees (``None``: a spectator).  ``kept`` are the hands as they are shown (the
    cards kept after laying out), face up once shown or played."""

    seat: Seat | None
    form: str
    muggins: bool
    phase: str
    deal_no: int
    dealer: Seat
    cut: tuple[tuple[Seat, Card], ...]
    hands: tuple[tuple[ViewCard, ...], ...]
    crib: tuple[ViewCard, ...]
    starter: ViewCard | None
    played: tuple[tuple[Seat, ViewCard], ...]
    count_from: int
    count: int
    gone: tuple[Seat, ...]
    turn: Seat
    scores: tuple[int, ...]
    backs: tuple[int, ...]
    pegs: tuple[Peg, ...]
    show_no: int
    shows: tuple[Show, ...]
    last_shows: tuple[Show, ...]
    last_starter: Card | None
    winner: int | None

    @property
    def rules(self) -> Form:
        return FORMS[self.form]

    def my_cards(self) -> list[Card]:
        if self.seat is None:
            return []
        return [vc.face for vc in self.hands[self.seat] if vc.face is not None]


def side_of(form: Form, seat: Seat) -> int:
    return seat % 2 if form.players == 4 else seat


class CribbageGame(Game[CribState, CribAction, CribView]):
    info = BY_ID["cribbage"]
    table_kind = TableKind.CRIBBAGE
    option_specs = (
        OptionSpec("form", "five-card", tuple(FORMS), "The game",
                   labels=("Five-card (61 up, the book's game)", "Six-card (121 up)",
                           "Seven-card (181 up)", "Three-handed (61 up)",
                           "Four-handed, partners (121 up)")),
        OptionSpec("muggins", False, (False, True), "Muggins (claim your own show)",
                   help="Each player pegs his own show; the next player takes what he overlooks."),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    # -- the protocol -----------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> CribState:
        opts = self.resolve_options(options)
        form = FORMS[opts["form"]]
        return CribState(form=form.name, muggins=opts["muggins"], scores=(0,) * form.sides,
                         backs=(0,) * form.sides)

    def options_of(self, state: CribState) -> dict[str, object]:
        return {"form": state.form, "muggins": state.muggins}

    def seat_count(self, state: CribState) -> int:
        return state.n

    def seat_name(self, seat: Seat) -> str:
        return ("South", "West", "North", "East")[seat] if 0 <= seat < 4 else f"Player {seat + 1}"

    def to_move(self, state: CribState) -> Seat | Special:
        if state.phase == "deal":
            return Special.CHANCE
        if state.phase == "over":
            return Special.TERMINAL
        if state.phase == "discard":
            return next(s for s in self._order(state) if not state.laid[s])
        if state.phase == "show":
            return self._show_owner(state)
        if state.phase == "muggins":
            return (self._show_owner(state) + 1) % state.n
        return state.turn

    def chance_action(self, state: CribState, seed: int) -> CribAction:
        return Deal(seed)

    def legal_actions(self, state: CribState, seat: Seat) -> Sequence[CribAction]:
        if self.to_move(state) != seat:
            return ()
        if state.phase == "discard":
            faces = sorted(state.deck[i] for i in state.hands[seat])
            return tuple(LayOut(c) for c in combinations(faces, state.rules.lay_out))
        if state.phase == "play":
            playable = self._playable(state, seat)
            if not playable:
                return (Go(),)
            return tuple(Play(c) for c in sorted(state.deck[i] for i in playable))
        if state.phase == "show":
            full = self._pending_show(state).value
            if not state.muggins:
                return (Count(full),)
            return tuple(Count(k) for k in range(full, -1, -1))
        return (Muggins(), Pass())

    # -- helpers ----------------------------------------------------------------------------
    def _order(self, state: CribState) -> list[Seat]:
        """The seats from the dealer's left round to the dealer."""
        return [(state.dealer + k) % state.n for k in range(1, state.n + 1)]

    def _show_owner(self, state: CribState) -> Seat:
        order = self._order(state)
        return order[state.show_no] if state.show_no < state.n else state.dealer

    def _kept(self, state: CribState, seat: Seat) -> tuple[int, ...]:
        return tuple(i for i in state.dealt[seat] if i not in state.laid[seat])

    def _pending_show(self, state: CribState) -> Show:
        crib = state.show_no >= state.n
        owner = self._show_owner(state)
        ids = state.crib if crib else self._kept(state, owner)
        hand = tuple(sorted(state.deck[i] for i in ids))
        assert state.starter is not None
        starter = state.deck[state.starter]
        return Show(owner, crib, hand + (starter,), tuple(show_items(hand, starter, crib)), 0)

    def _playable(self, state: CribState, seat: Seat) -> list[int]:
        room = 31 - state.count
        return [i for i in state.hands[seat] if value(state.deck[i]) <= room]

    def _peg(self, state: CribState, seat: Seat, points: int, text: str, rule: str,
             cards: tuple[Card, ...] = ()) -> CribState:
        """Peg ``points`` for ``seat``'s side: the back peg leapfrogs the front; the game ends at
        once when the side reaches the mark."""
        if points <= 0 or state.phase == "over":
            return state
        side = side_of(state.rules, seat)
        scores, backs = list(state.scores), list(state.backs)
        backs[side] = scores[side]
        scores[side] = min(scores[side] + points, state.rules.mark)
        peg = Peg(state.deal_no, seat, side, points, scores[side], text, rule, cards)
        state = replace(state, scores=tuple(scores), backs=tuple(backs), pegs=state.pegs + (peg,))
        if scores[side] >= state.rules.mark:
            state = replace(state, phase="over", winner=side)
        return state

    # -- apply ------------------------------------------------------------------------------
    def apply(self, state: CribState, action: CribAction) -> CribState:
        if isinstance(action, Deal):
            if state.phase != "deal":
                raise IllegalAction("the cards are dealt only when the last deal has been counted",
                                    self.ref("the-deal"))
            return self._deal(state, action.seed)
        if isinstance(action, DealPack):
            if state.phase != "deal":
                raise IllegalAction("the cards are dealt only when the last deal has been counted",
                                    self.ref("the-deal"))
            if not 0 <= action.dealer < state.n or len(set(action.cards)) != len(action.cards):
                raise IllegalAction("a stated deal names a seat at the table and each card once",
                                    self.ref("the-deal"))
            pack = list(action.cards) + [c for c in PACK if c not in action.cards]
            return self._deal_pack(state, pack, action.dealer, state.cut)
        if state.phase == "over":
            raise IllegalAction("the game is over", self.ref("the-game"))
        seat = self.to_move(state)
        assert not isinstance(seat, Special)
        if isinstance(action, LayOut):
            return self._lay_out(state, seat, action)
        if isinstance(action, Play):
            return self._play(state, seat, action.card)
        if isinstance(action, Go):
            return self._go(state, seat)
        if isinstance(action, Count):
            return self._count(state, seat, action.points)
        if isinstance(action, (Muggins, Pass)):
            return self._muggins(state, seat, isinstance(action, Muggins))
        raise IllegalAction(f"{action!r} is not an action of Cribbage", self.ref("the-play"))

    def _deal(self, state: CribState, seed: int) -> CribState:
        form = state.rules
        n = form.players
        cut: tuple[tuple[Seat, Card], ...] = state.cut
        dealer = state.dealer
        if state.deal_no == 0:
            # The cut for deal: each cuts a card (ties cut again), the lowest deals.
            order = shuffled(PACK, derive_seed(seed, 1))
            k = 0
            while True:
                round_ = [(s, order[k + s]) for s in range(n)]
                k += n
                low = min(int(c.rank) for _, c in round_)
                cut = cut + tuple(round_)
                lows = [s for s, c in round_ if int(c.rank) == low]
                if len(lows) == 1:
                    dealer = lows[0]
                    break
        else:
            dealer = (state.dealer + 1) % n
        return self._deal_pack(state, shuffled(PACK, seed), dealer, cut)

    def _deal_pack(self, state: CribState, deck: Sequence[Card], dealer: Seat,
                   cut: tuple[tuple[Seat, Card], ...]) -> CribState:
        """Deal ``deck`` (top first): one card at a time from the dealer's left, then the crib's
        card (three-handed); the next card will be the starter."""
        form = state.rules
        n = form.players
        deck = tuple(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        k = 0
        for _ in range(form.dealt):
            for j in range(1, n + 1):
                hands[(dealer + j) % n].append(k)
                k += 1
        extra = tuple(range(k, k + form.to_crib))
        k += form.to_crib
        state = replace(state, phase="discard", deal_no=state.deal_no + 1, dealer=dealer, cut=cut,
                        deck=deck, dealt=tuple(tuple(h) for h in hands),
                        hands=tuple(tuple(h) for h in hands), laid=((),) * n, crib_extra=extra,
                        starter=None, played=(), count_from=0, gone=(), turn=(dealer + 1) % n,
                        show_no=0, last_shows=state.shows or state.last_shows,
                        last_starter=(state.deck[state.starter] if state.starter is not None
                                      else state.last_starter),
                        shows=())
        if state.deal_no == 1 and form.three_for_last:
            pone = (dealer + 1) % n
            state = self._peg(state, pone, 3, f"{self.seat_name(pone)} takes three for last",
                              self.ref("three-for-last"))
        return state

    def _lay_out(self, state: CribState, seat: Seat, action: LayOut) -> CribState:
        if state.phase != "discard":
            raise IllegalAction("cards are laid out to the crib only before the starter is turned",
                                self.ref("laying-out"))
        need = state.rules.lay_out
        if len(action.cards) != need or len(set(action.cards)) != need:
            raise IllegalAction(f"each player lays out {need} card{'s' if need > 1 else ''} to the crib "
                                f"in the {state.form} game, not {len(action.cards)}",
                                self.ref("laying-out"))
        ids = []
        for card in action.cards:
            found = [i for i in state.hands[seat] if state.deck[i] == card]
            if not found:
                raise IllegalAction(f"{self.seat_name(seat)} does not hold the {card.name}",
                                    self.ref("laying-out"))
            ids.append(found[0])
        laid = list(state.laid)
        laid[seat] = tuple(ids)
        hands = list(state.hands)
        hands[seat] = tuple(i for i in hands[seat] if i not in ids)
        state = replace(state, laid=tuple(laid), hands=tuple(hands))
        if all(state.laid):
            starter = state.rules.players * state.rules.dealt + state.rules.to_crib
            state = replace(state, starter=starter, phase="play", turn=(state.dealer + 1) % state.n)
            card = state.deck[starter]
            if card.rank is Rank.JACK:
                state = self._peg(state, state.dealer, 2,
                                  f"{self.seat_name(state.dealer)} turns the {card.name}: two for his heels",
                                  self.ref("the-starter"), (card,))
        return state

    def _play(self, state: CribState, seat: Seat, card: Card) -> CribState:
        if state.phase != "play":
            where = "laid out to the crib first" if state.phase == "discard" else "counted in the show"
            raise IllegalAction(f"no card is played now: the cards are {where}",
                                self.ref("the-play"))
        found = [i for i in state.hands[seat] if state.deck[i] == card]
        if not found:
            raise IllegalAction(f"{self.seat_name(seat)} does not hold the {card.name}"
                                f"{self._where(state, card)}", self.ref("the-play"))
        if state.count + value(card) > 31:
            raise IllegalAction(f"the {card.name} would take the count from {state.count} past "
                                "thirty-one", self.ref("the-go"))
        i = found[0]
        hands = list(state.hands)
        hands[seat] = tuple(j for j in hands[seat] if j != i)
        state = replace(state, hands=tuple(hands), played=state.played + ((seat, i),))
        faces = [state.deck[j] for _, j in state.count_cards]
        for item in play_items(faces):
            label = "thirty-one" if item.kind == "thirty-one" else item.label
            state = self._peg(state, seat, item.points, f"{self.seat_name(seat)}: {label} for "
                              f"{item.points}", item.rule, item.cards)
        if state.phase == "over":
            return state
        if state.count == 31:
            return self._end_count(state, seat, last_point=False)
        return self._next_turn(state, seat)

    def _go(self, state: CribState, seat: Seat) -> CribState:
        if state.phase != "play":
            raise IllegalAction("'go' is said only in the play", self.ref("the-go"))
        if self._playable(state, seat):
            raise IllegalAction(f"{self.seat_name(seat)} can still play without passing thirty-one, "
                                "and must", self.ref("the-go"))
        state = replace(state, gone=state.gone + (seat,))
        return self._next_turn(state, seat)

    def _next_turn(self, state: CribState, seat: Seat) -> CribState:
        """After ``seat`` has played or said go: the count ends when nobody can play to it;
        otherwise the next player in turn who holds cards and has not said go acts (he plays,
        or says go himself)."""
        n = state.n
        live = [s for s in range(n) if s not in state.gone and state.hands[s]]
        if not any(self._playable(state, s) for s in live):
            last = state.count_cards[-1][0]
            return self._end_count(state, last, last_point=True)
        nxt = next((seat + k) % n for k in range(1, n + 1) if (seat + k) % n in live)
        return replace(state, turn=nxt)

    def _end_count(self, state: CribState, last: Seat, last_point: bool) -> CribState:
        if last_point:
            rule = self.ref("the-go")
            state = self._peg(state, last, 1, f"{self.seat_name(last)}: one for the go (last card "
                              f"at {state.count})", rule)
            if state.phase == "over":
                return state
        # five-card: the play ends at the first go or thirty-one
        if state.rules.one_count or not any(state.hands):
            return replace(state, phase="show", show_no=0, gone=(), count_from=len(state.played))
        n = state.n
        leader = next((last + k) % n for k in range(1, n + 1) if state.hands[(last + k) % n])
        state = replace(state, count_from=len(state.played), gone=(), turn=leader)
        if not self._playable(state, leader):     # cannot happen at a count of nought
            raise AssertionError("a fresh count with no card to lead")
        return state

    def _where(self, state: CribState, card: Card) -> str:
        for _seat, i in state.played:
            if state.deck[i] == card:
                return ": it has been played"
        if any(state.deck[i] == card for i in state.crib):
            return ": it is in the crib"
        return ""

    def _count(self, state: CribState, seat: Seat, points: int) -> CribState:
        if state.phase != "show":
            raise IllegalAction("hands are counted only in the show, after the play",
                                self.ref("the-show"))
        show = self._pending_show(state)
        if points > show.value:
            raise IllegalAction(f"{self.seat_name(seat)} may not peg {points}: {show.title} is worth "
                                f"{show.value}", self.ref("wrong-pegging"))
        if points < 0 or (not state.muggins and points != show.value):
            raise IllegalAction(f"without muggins {show.title} is pegged at its full count, "
                                f"{show.value}", self.ref("counting-a-hand"))
        show = replace(show, claimed=points)
        state = replace(state, shows=state.shows + (show,))
        what = "crib" if show.crib else "hand"
        detail = ", ".join(f"{i.label} {i.points}" for i in show.items) or "nothing"
        state = self._peg(state, seat, points, f"{self.seat_name(seat)}'s {what}: {points}"
                          + (f" ({detail})" if points == show.value else f" of {show.value}"),
                          self.ref("the-show"), show.cards)
        if state.phase == "over":
            return state
        if points < show.value:
            return replace(state, phase="muggins")
        return self._next_show(state)

    def _muggins(self, state: CribState, seat: Seat, take: bool) -> CribState:
        if state.phase != "muggins":
            raise IllegalAction("muggins may be called only on a count that falls short of the "
                                "hand's worth", self.ref("muggins"))
        show = state.shows[-1]
        missed = show.value - show.claimed
        if take:
            state = replace(state, shows=state.shows[:-1] + (replace(show, mugged=missed),))
            state = self._peg(state, seat, missed, f"{self.seat_name(seat)} calls muggins: "
                              f"{missed} overlooked in {self.seat_name(show.owner)}'s {show.title}",
                              self.ref("muggins"), show.cards)
            if state.phase == "over":
                return state
        return self._next_show(replace(state, phase="show"))

    def _next_show(self, state: CribState) -> CribState:
        if state.show_no >= state.n:          # the crib was the last
            return replace(state, phase="deal", show_no=state.n + 1)
        return replace(state, show_no=state.show_no + 1, phase="show")

    # -- the end ------------------------------------------------------------------------------
    def outcome(self, state: CribState) -> Outcome | None:
        if state.phase != "over" or state.winner is None:
            return None
        form = state.rules
        side = state.winner
        results = tuple(1.0 if side_of(form, s) == side else 0.0 for s in range(form.players))
        losers = [sc for sd, sc in enumerate(state.scores) if sd != side]
        lurch = max(losers) <= form.mark - 31
        who = self._side_name(form, side)
        reason = (f"{who} pegged out at {form.mark}"
                  + (f", the others not past {form.mark - 31}: a lurch, a double game" if lurch
                     and form.sides > 2 else
                     f", the loser not past {form.mark - 31}: a lurch, a double game" if lurch else ""))
        return Outcome(results, reason, self.ref("the-game"), scores=state.scores)

    def _side_name(self, form: Form, side: int) -> str:
        if form.players == 4:
            return "South and North" if side == 0 else "West and East"
        return self.seat_name(side)

    # -- views ----------------------------------------------------------------------------------
    def seen(self, state: CribState, seat: Seat | None) -> set[int]:
        """The physical ids whose faces ``seat`` may see."""
        out = {i for _, i in state.played}
        if state.starter is not None and state.phase != "discard":
            out.add(state.starter)
        for show in state.shows:
            ids = state.crib if show.crib else self._kept(state, show.owner)
            out.update(ids)
        if seat is not None and state.dealt:
            out.update(state.dealt[seat])
        return out

    def replay_view(self, state: CribState, seat: Seat) -> CribView:
        """A worked example shows every hand face up (the crib and the pack stay down)."""
        held = {i for s, hand in enumerate(state.dealt) for i in hand if i not in state.laid[s]}
        return self._view(state, seat, self.seen(state, seat) | held)

    def view(self, state: CribState, seat: Seat | None) -> CribView:
        return self._view(state, seat, self.seen(state, seat))

    def _view(self, state: CribState, seat: Seat | None, seen: set[int]) -> CribView:
        deck = state.deck

        def vc(i: int) -> ViewCard:
            return ViewCard(i, deck[i] if i in seen else None)

        in_show = state.phase in ("show", "muggins") or (state.phase in ("deal", "over") and
                                                          bool(state.shows))
        if in_show:
            # the hands are taken back for the show
            hands = tuple(tuple(vc(i) for i in self._sorted(state, self._kept(state, s), seen))
                          for s in range(len(state.dealt)))
            played: tuple[tuple[Seat, ViewCard], ...] = ()
        else:
            hands = tuple(tuple(vc(i) for i in self._sorted(state, h, seen)) for h in state.hands)
            played = tuple((s, vc(i)) for s, i in state.played)
        return CribView(
            seat=seat, form=state.form, muggins=state.muggins, phase=state.phase,
            deal_no=state.deal_no, dealer=state.dealer, cut=state.cut, hands=hands,
            crib=tuple(vc(i) for i in state.crib),
            starter=None if state.starter is None else vc(state.starter),
            played=played, count_from=state.count_from if not in_show else 0,
            count=state.count if not in_show else 0, gone=state.gone, turn=state.turn,
            scores=state.scores, backs=state.backs, pegs=state.pegs, show_no=state.show_no,
            shows=state.shows, last_shows=state.last_shows, last_starter=state.last_starter,
            winner=state.winner)

    def _sorted(self, state: CribState, ids: Sequence[int], seen: set[int]) -> tuple[int, ...]:
        # A hand is sorted by face only when every face in it is seen: the order of hidden
        # cards would tell their ranks.
        if not all(i in seen for i in ids):
            return tuple(ids)
        return tuple(sorted(ids, key=lambda i: (int(state.deck[i].rank), state.deck[i].suit)))

    def shuffle_unseen(self, state: CribState, seat: Seat, seed: int) -> CribState:
        """``state`` with the faces ``seat`` cannot see dealt afresh among the places it cannot
        see (the others' hands, the crib, the pack): the conformance suite's no-peeking test,
        and what a computer player's sample of the unseen cards looks like."""
        if not state.deck:
            return state
        seen = self.seen(state, seat)
        hidden = [i for i in range(len(state.deck)) if i not in seen]
        faces = shuffled([state.deck[i] for i in hidden], seed)
        deck = list(state.deck)
        for i, c in zip(hidden, faces):
            deck[i] = c
        return replace(state, deck=tuple(deck))

    # -- a deal set up by hand -----------------------------------------------------------------
    def setup_state(self, text: str, options: Options) -> CribState:
        """A game starting from the deal ``text`` describes (``hand_text`` writes one)::

            dealer: South
            South: 5C 5D 5H JS 2C
            West: AC 2H 3C 7S 8D
            starter: 5S

        One line a seat (its name, or its first letter), the cards in any order; ``crib:`` the
        card dealt to the crib at three; ``starter:`` the card the cut will turn (optional: the
        rest of the pack lies in its usual order).  The deal is the game's first."""
        state = self.initial_state(options)
        form = state.rules
        names = {self.seat_name(s).lower(): s for s in range(form.players)}
        names.update({self.seat_name(s)[0].lower(): s for s in range(form.players)})
        hands: dict[int, list[Card]] = {}
        dealer: int | None = None
        extra: list[Card] = []
        starter: Card | None = None
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, rest = line.partition(":")
            key = key.strip().lower()
            if not sep:
                raise NotationError(f"line {number}: {raw.strip()!r} is not 'name: cards'")
            try:
                if key == "game":
                    if rest.strip().lower() != self.info.id:
                        raise NotationError(f"line {number}: this is a deal of {rest.strip()!r}, not Cribbage")
                elif key == "dealer":
                    who = rest.strip().lower()
                    if who not in names:
                        raise NotationError(f"line {number}: no seat called {rest.strip()!r}")
                    dealer = names[who]
                elif key == "starter":
                    found = parse_cards(rest)
                    if len(found) != 1:
                        raise NotationError(f"line {number}: the starter is one card")
                    starter = found[0]
                elif key == "crib":
                    extra = list(parse_cards(rest))
                elif key in names:
                    hands[names[key]] = list(parse_cards(rest))
                else:
                    raise NotationError(f"line {number}: {key!r} is no seat of the {form.name} game")
            except NotationError as exc:
                if str(exc).startswith("line "):
                    raise
                raise NotationError(f"line {number}: {exc}") from None
        if dealer is None:
            dealer = 0
        for s in range(form.players):
            got = len(hands.get(s, []))
            if got != form.dealt:
                raise NotationError(f"{self.seat_name(s)} must hold {form.dealt} cards in the "
                                    f"{form.name} game, not {got}")
        if len(extra) != form.to_crib:
            raise NotationError(f"the crib is dealt {form.to_crib} card(s) in the {form.name} game")
        named = [c for s in range(form.players) for c in hands[s]] + extra + ([starter] if starter else [])
        twice = sorted({str(c) for c in named if named.count(c) > 1})
        if twice:
            raise NotationError(f"{', '.join(twice)} named twice: a pack holds each card once")
        rest_pack = [c for c in PACK if c not in named]
        deck: list[Card] = []
        for k in range(form.dealt):
            for j in range(1, form.players + 1):
                deck.append(hands[(dealer + j) % form.players][k])
        deck += extra
        if starter is not None:
            deck.append(starter)
        deck += rest_pack
        return self._deal_pack(state, deck, dealer, ())

    def hand_text(self, state: CribState) -> str:
        """The deal on the table as ``setup_state`` reads it (the hands as dealt)."""
        if not state.deck:
            raise ValueError("no cards have been dealt yet")
        form = state.rules
        lines = [f"# Cribbage, {form.name} game: a deal", "game: cribbage",
                 f"dealer: {self.seat_name(state.dealer)}"]
        for s in range(form.players):
            lines.append(f"{self.seat_name(s)}: " + " ".join(state.deck[i].code for i in state.dealt[s]))
        if state.crib_extra:
            lines.append("crib: " + " ".join(state.deck[i].code for i in state.crib_extra))
        lines.append(f"starter: {state.deck[form.players * form.dealt + form.to_crib].code}")
        return "\n".join(lines) + "\n"

    # -- text ---------------------------------------------------------------------------------
    def action_to_str(self, action: CribAction) -> str:
        if isinstance(action, Deal):
            return f"deal {action.seed}"
        if isinstance(action, DealPack):
            return (f"deal by {self.seat_name(action.dealer)}: "
                    + " ".join(c.code for c in action.cards))
        if isinstance(action, LayOut):
            return "lay out " + " ".join(c.code for c in action.cards)
        if isinstance(action, Play):
            return f"play {action.card.code}"
        if isinstance(action, Go):
            return "go"
        if isinstance(action, Count):
            return f"count {action.points}"
        if isinstance(action, Muggins):
            return "muggins"
        return "pass"

    def action_from_str(self, state: CribState, text: str) -> CribAction:
        t = " ".join(str(text).strip().split())
        low = t.lower()
        if low.startswith("deal by "):
            who, sep, rest = t[8:].partition(":")
            seats = {self.seat_name(s).lower(): s for s in range(4)}
            if not sep or who.strip().lower() not in seats:
                raise NotationError(f"{text!r}: expected 'deal by' a seat, a colon and the cards")
            try:
                return DealPack(seats[who.strip().lower()], tuple(parse_cards(rest)))
            except NotationError as exc:
                raise NotationError(f"{text!r}: {exc}") from None
        if low.startswith("deal ") or low.startswith("count "):
            word, _, number = t.partition(" ")
            if number.isascii() and number.isdigit() and len(number) <= 19:
                return Deal(int(number)) if word.lower() == "deal" else Count(int(number))
            raise NotationError(f"{text!r}: expected '{word.lower()}' and a number")
        if low == "go":
            return Go()
        if low == "muggins":
            return Muggins()
        if low == "pass":
            return Pass()
        try:
            if low.startswith("lay out "):
                return LayOut(tuple(sorted(parse_cards(t[8:]))))
            if low.startswith("play "):
                return Play(parse_card(t[5:]))
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        raise NotationError(f"{text!r} is not an action of Cribbage: expected 'lay out' and cards "
                            "('lay out 5H KS'), 'play' and a card, 'go', 'count' and a number, "
                            "'muggins', 'pass' or 'deal' and a number")

    def describe(self, state: CribState, action: CribAction) -> str:
        seat = self.to_move(state)
        who = self.seat_name(seat) if not isinstance(seat, Special) else ""
        if isinstance(action, Deal):
            return "the cards are dealt"
        if isinstance(action, LayOut):
            return f"{who} lays out {len(action.cards)} to the crib"
        if isinstance(action, Play):
            return f"{who} plays the {action.card.name}: {state.count + value(action.card)}"
        if isinstance(action, Go):
            return f"{who} says go"
        if isinstance(action, Count):
            return f"{who} counts {action.points}"
        if isinstance(action, Muggins):
            return f"{who} calls muggins"
        return f"{who} lets the count stand"

    def score_events(self, state: CribState) -> Sequence[ScoreEvent]:
        return tuple(ScoreEvent(p.seat, p.points, p.text, p.rule) for p in state.pegs)

    def rules_section(self, state: CribState) -> str | None:
        return self.page_section({"deal": "the-deal", "discard": "laying-out", "play": "the-play",
                                  "show": "the-show", "muggins": "muggins",
                                  "over": "the-game"}[state.phase])


GAME = CribbageGame()
