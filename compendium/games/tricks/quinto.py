"""Quinto and Dummy Quinto (Professor Hoffmann's game, as Hoyle's Games Modernized gives it, 1909).

Four players in two partnerships, a pack of 52 and the joker (the *Quint Royal*).  The dealer lays
the top five cards aside face down (the *cachette*) and deals twelve to each, one at a time; no
trump is turned.  Starting with the eldest hand, the option of doubling the value of a trick goes
once round the table: a player may double if nobody has, or redouble a double made by the other
side; quints are never doubled.

The play.  A player must follow suit if he can; if he cannot he may play any card, and a card of
a suit higher in the order ♠ < ♣ < ♦ < ♥ than the suit led beats the suit led (the suits "trump"
each other upwards, so the ace of hearts cannot be beaten).  The Quint Royal may be played at any
time, whether or not its holder could follow; it never wins a trick.

The score.  Quints are scored as the cards fall, to the side that wins the trick holding them: a
five (♠5 ♣10 ♦15 ♥20), or two cards of one suit adding up to five -- A with 4, 2 with 3 -- in
the same trick (the same values), and the Quint Royal 25, but that one only when its holder throws it on a trick his
partner wins.  As soon as the quints bring a side to 250 the game ends and the rest of the hand is
abandoned.  After the twelfth trick its winners take the cachette, scoring any quints in it, and
it counts as a thirteenth trick; then each trick is worth 5 (10 doubled, 20 redoubled).  A rubber
is the best of three games and is worth 100 more.

Dummy Quinto: three players, one of them (seat 1 here) playing with a dummy opposite (seat 3);
the dummy's side starts 25 behind, each game is settled alone, and the dummy-player deals first.
When an opponent deals, the dummy-player doubles seeing only the hand he must lead from.

Where the book is silent the table decides (each said so on the rules page): the Quint Royal led
leaves the next card to set the suit; the Quint Royal lost on an opponent's trick scores for
nobody, while one lying in the cachette scores for the side that takes the cachette; the dummy's
hand lies face up once the doubling is over, as at Dummy Whist; a tie at 250 or more after the
tricks are counted is played on until one side is ahead.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Outcome, Seat, Special
from ..catalogue import BY_ID
from .engine import (
    WHIST_POWER,
    Call,
    Play,
    Trick,
    TrickGame,
    TricksAction,
    TricksState,
    TricksView,
    active_slot,
    set_fact,
)
from .scoresheet import Sheet

GAME_POINTS = 250
RUBBER_BONUS = 100
TRICK_VALUE = 5
DUMMY_HANDICAP = 25
QUINT_ROYAL_VALUE = 25
# The order of the suits for trumping, lowest first (Bridge order).
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
SUIT_RANK: dict[Suit, int] = {s: i for i, s in enumerate(SUIT_ORDER)}
QUINT_VALUE: dict[Suit, int] = {Suit.SPADES: 5, Suit.CLUBS: 10, Suit.DIAMONDS: 15, Suit.HEARTS: 20}
ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def is_quint_royal(card: Card) -> bool:
    return card.rank is Rank.JOKER


def quints_in(cards: Sequence[Card]) -> list[tuple[str, int]]:
    """The quints of suit cards lying together (a trick or the cachette): every five, and an ace
    with a four or a deuce with a trey of the same suit.  (The Quint Royal is judged apart.)"""
    present = {(c.rank, c.suit) for c in cards if not is_quint_royal(c)}
    out: list[tuple[str, int]] = []
    for suit in reversed(SUIT_ORDER):
        value = QUINT_VALUE[suit]
        if (Rank.FIVE, suit) in present:
            out.append((f"the five of {suit.title}", value))
        if (Rank.ACE, suit) in present and (Rank.FOUR, suit) in present:
            out.append((f"ace and four of {suit.title}", value))
        if (Rank.TWO, suit) in present and (Rank.THREE, suit) in present:
            out.append((f"deuce and trey of {suit.title}", value))
    return out


@dataclass(frozen=True, slots=True)
class Doubling:
    """The once-round option of doubling: who has spoken, and the value of a trick now."""

    spoken: tuple[Seat, ...] = ()
    doubled_by: Seat | None = None
    redoubled_by: Seat | None = None

    @property
    def multiplier(self) -> int:
        return 4 if self.redoubled_by is not None else 2 if self.doubled_by is not None else 1


@dataclass(frozen=True, slots=True)
class QuintoContract:
    """What the table shows while the hand is played: the value of a trick and who made it so."""

    multiplier: int
    caller: Seat | None = None

    @property
    def kind(self) -> str:
        return {1: "tricks at 5", 2: "doubled: tricks at 10", 4: "redoubled: tricks at 20"}[self.multiplier]


class Quinto(TrickGame):
    info = BY_ID["quinto"]
    option_specs = (
        OptionSpec("match", "rubber", ("rubber", "game"), "Play",
                   labels=("A rubber: the best of three games, 100 for winning it", "One game of 250")),
    )
    dummy_seat: Seat | None = None
    dummy_player: Seat | None = None
    CALL_SECTIONS: tuple[str, ...] = ("doubling",)   # where the rules pane opens during the calls

    def seats(self, opts: Options) -> int:
        return 4

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["52+joker"]

    def sides(self, opts: Options) -> tuple[tuple[Seat, ...], ...]:
        return ((0, 2), (1, 3))

    def call_words(self) -> tuple[str, ...]:
        return ("pass", "double", "redouble")

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return "AYBZ"[seat]

    def side_label(self, side: int) -> str:
        a, b = self.sides({})[side]
        return f"{self.seat_name(a)}–{self.seat_name(b)}"

    # -- who acts for whom (the dummy is played by its partner) -----------------------------------
    def controller(self, state: TricksState, seat: Seat) -> Seat:
        """Who acts for ``seat``: the dummy's partner speaks and plays for it, from the doubling
        on.  The same hook as Auction Bridge's declarer, so the table knows which open hand is
        yours to play (its cards answer the mouse and the keyboard) whichever seat you hold."""
        if seat == self.dummy_seat and self.dummy_player is not None:
            return self.dummy_player
        return seat

    def to_move(self, state: TricksState) -> Seat | Special:
        who = super().to_move(state)
        return who if isinstance(who, Special) else self.controller(state, who)

    def legal_actions(self, state: TricksState, seat: Seat) -> Sequence[TricksAction]:
        if state.turn is None or self.controller(state, state.turn) != seat:
            return ()
        return super().legal_actions(state, state.turn)

    # -- the deal ---------------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        cachette = tuple(order[:5])                       # the five top cards, face down
        slots, _ = self.deal_round(4, 12, order, 5)       # then one at a time from the left
        owners = tuple((state.dealer + 1 + k) % 4 for k in range(4))
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners, hand_sets=(0,) * 4,
                       taken_up=(True,) * 4, stock=cachette, turnup=None, trump=None)

    def start_hand(self, state: TricksState) -> TricksState:
        eldest = (state.dealer + 1) % 4
        return replace(state, phase="doubling", turn=eldest, bidding=Doubling(),
                       contract=QuintoContract(1))

    def first_dealer(self, n: int) -> Seat:
        return 3          # Z, on your right: you are the eldest hand and lead first

    # -- doubling ---------------------------------------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if state.phase != "doubling" or seat != state.turn:
            return []
        d: Doubling = state.bidding
        out: list[TricksAction] = [Call("pass")]
        if d.doubled_by is None:
            out.append(Call("double"))
        elif d.redoubled_by is None and self.side_of({}, d.doubled_by) != self.side_of({}, seat):
            out.append(Call("redouble"))
        return out

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if not isinstance(action, Call) or action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        d: Doubling = state.bidding
        if action.word == "double":
            d = replace(d, doubled_by=seat)
        elif action.word == "redouble":
            d = replace(d, redoubled_by=seat)
        d = replace(d, spoken=d.spoken + (seat,))
        s = replace(state, calls=state.calls + ((seat, action.word),), bidding=d,
                    contract=QuintoContract(d.multiplier, d.redoubled_by if d.redoubled_by is not None
                                            else d.doubled_by))
        if len(d.spoken) < 4:                             # the option goes round once only
            return replace(s, turn=(seat + 1) % 4)
        lead = self.first_leader(s)
        exposed = (self.dummy_seat,) if self.dummy_seat is not None else ()
        return replace(s, phase="play", leader=lead, turn=lead, exposed=exposed)

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        word = getattr(action, "word", None)
        if state.phase == "play":
            return IllegalAction("the doubling is over: play a card", self.ref("the-play"))
        d: Doubling = state.bidding
        if word == "double" and d.doubled_by is not None:
            return IllegalAction(f"the tricks are already doubled (by {self.seat_name(d.doubled_by)}); "
                                 "only the other side may redouble", self.ref("doubling"))
        if word == "redouble":
            if d.doubled_by is None:
                return IllegalAction("nobody has doubled, so there is nothing to redouble",
                                     self.ref("doubling"))
            if d.redoubled_by is not None:
                return IllegalAction("the tricks have already been redoubled", self.ref("doubling"))
            return IllegalAction("a side may redouble only its opponents' double, not its own",
                                 self.ref("doubling"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now: pass, double or "
                             "redouble", self.ref("doubling"))

    # -- the play ---------------------------------------------------------------------------------
    def effective_suit(self, state: TricksState, card: Card) -> Suit | None:
        return card.suit          # None for the Quint Royal, which belongs to no suit

    def led_suit(self, state: TricksState, plays: Sequence[tuple[Seat, int]]) -> Suit | None:
        """The suit of the trick: that of its first card other than the Quint Royal."""
        for _, cid in plays:
            if not is_quint_royal(state.deck[cid]):
                return state.deck[cid].suit
        return None

    def playable(self, state: TricksState, seat: Seat, *, strict: bool | None = None) -> list[Card]:
        slot = active_slot(state, seat)
        if slot is None:
            return []
        hand = [state.deck[i] for i in state.hands[slot]]
        led = self.led_suit(state, state.trick)
        if led is None:
            return hand
        follow = [c for c in hand if c.suit == led]
        if not follow:
            return hand
        return follow + [c for c in hand if is_quint_royal(c)]   # the Quint Royal goes any time

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        slot = active_slot(state, seat)
        if slot is None or card not in [state.deck[i] for i in state.hands[slot]]:
            held = "the dummy's hand" if seat == self.dummy_seat else "your hand"
            return IllegalAction(f"the {self.card_name(card)} is not in {held}", self.ref("the-play"))
        if card in self.playable(state, seat):
            return None
        led = self.led_suit(state, state.trick)
        assert led is not None
        return IllegalAction(f"{led.title} were led and the hand holds {led.title}: the "
                             f"{self.card_name(card)} may not be played (that would be a revoke)",
                             self.ref("following-suit"))

    def trick_key(self, card: Card, led: Suit) -> tuple[int, int] | None:
        """How strong ``card`` is in a trick of suit ``led``; ``None`` if it cannot win it (the
        Quint Royal, or a card of a lower suit thrown away)."""
        if is_quint_royal(card) or SUIT_RANK[card.suit] < SUIT_RANK[led]:
            return None
        return (SUIT_RANK[card.suit], WHIST_POWER[card.rank])

    def trick_winner(self, state: TricksState, plays: Sequence[tuple[Seat, int]]) -> Seat:
        led = self.led_suit(state, plays)
        assert led is not None
        best: tuple[tuple[int, int], Seat] | None = None
        for seat, cid in plays:
            key = self.trick_key(state.deck[cid], led)
            if key is not None and (best is None or key > best[0]):
                best = (key, seat)
        assert best is not None
        return best[1]

    def players_in_trick(self, state: TricksState) -> list[Seat]:
        lead = state.trick[0][0] if state.trick else state.leader
        return [(lead + k) % 4 for k in range(4)]

    # -- quints as they fall ----------------------------------------------------------------------
    def trick_quints(self, state: TricksState, trick: Trick) -> list[tuple[int, int, str]]:
        """(side, points, words) for every quint the trick makes."""
        opts = self.options_of(state)
        side = self.side_of(opts, trick.winner)
        out = [(side, v, f"quint: {w}") for w, v in quints_in([state.deck[i] for _, i in trick.plays])]
        for seat, cid in trick.plays:
            if is_quint_royal(state.deck[cid]) and seat != trick.winner and \
                    self.side_of(opts, seat) == side:
                out.append((side, QUINT_ROYAL_VALUE, f"Quint Royal on {self.seat_name(trick.winner)}'s trick"))
        return out

    def score_points(self, state: TricksState, items: Sequence[tuple[int, int, str]], rule: str) -> TricksState:
        sheet = state.sheet
        for side, points, words in items:
            sheet = sheet.add(state.deal_no, side, points, f"{self.side_label(side)} {points}: {words}", rule)
        return replace(state, sheet=sheet)

    def after_trick(self, state: TricksState, trick: Trick) -> TricksState:
        return self.score_points(state, self.trick_quints(state, trick), self.ref("quints"))

    def game_winner(self, state: TricksState) -> int | None:
        """The side that is game: 250 or more and ahead of the other."""
        a, b = state.sheet.totals
        if max(a, b) >= GAME_POINTS and a != b:
            return 0 if a > b else 1
        return None

    def hand_settled(self, state: TricksState) -> bool:
        return self.game_winner(state) is not None   # a quint made game: the hand is abandoned

    # -- the end of the hand ------------------------------------------------------------------------
    def end_hand(self, state: TricksState) -> TricksState:
        opts = self.options_of(state)
        won = self.game_winner(state)
        reason = "by quints in the middle of the hand" if len(state.tricks) < 12 else "by quints"
        if won is None:
            state = self._take_cachette(state)
            won = self.game_winner(state)
            reason = "by the cachette"
        if won is None:
            state = self._count_tricks(state)
            won = self.game_winner(state)
            reason = "after the tricks were counted"
        if len(state.tricks) == 12:           # the cachette is turned up for all to see
            state = replace(state, stock=(), shown=state.stock)
        state = replace(state, turn=None)
        if won is None:
            return replace(state, phase="deal")
        return self._game_over(state, won, reason, opts)

    @staticmethod
    def cachette_points(cards: Sequence[Card]) -> int:
        return sum(v for _, v in quints_in(cards)) + (QUINT_ROYAL_VALUE if any(map(is_quint_royal, cards)) else 0)

    def _take_cachette(self, state: TricksState) -> TricksState:
        """The twelfth trick's winners take the cachette and score the quints in it."""
        side = self.side_of(self.options_of(state), state.tricks[-1].winner)
        cards = [state.deck[i] for i in state.stock]
        items = [(side, v, f"the cachette, {w}") for w, v in quints_in(cards)]
        if any(is_quint_royal(c) for c in cards):
            items.append((side, QUINT_ROYAL_VALUE, "the cachette, Quint Royal"))
        return self.score_points(state, items, self.ref("the-cachette"))

    def _count_tricks(self, state: TricksState) -> TricksState:
        """Each trick is worth 5 (doubled 10, redoubled 20); the cachette is a thirteenth trick
        for the winners of the twelfth."""
        opts = self.options_of(state)
        side = self.side_of(opts, state.tricks[-1].winner)
        mult = state.contract.multiplier if state.contract is not None else 1
        value = TRICK_VALUE * mult
        counts = [0, 0]
        for t in state.tricks:
            counts[self.side_of(opts, t.winner)] += 1
        counts[side] += 1
        lines = []
        for s in (0, 1):
            if counts[s]:
                extra = " with the cachette" if s == side else ""
                lines.append((s, counts[s] * value, f"{counts[s]} trick{'s' if counts[s] != 1 else ''}"
                              f"{extra} at {value}"))
        return self.score_points(state, lines, self.ref("tricks-and-the-cachette"))

    def _game_over(self, state: TricksState, won: int, reason: str, opts: Options) -> TricksState:
        totals = state.sheet.totals
        rubber = list(state.fact("rubber_points", (0, 0)))
        for s in (0, 1):
            rubber[s] += totals[s]
        games = state.sheet.win_game(won).games
        number = sum(games)
        word = ORDINAL[number - 1] if number <= len(ORDINAL) else f"game {number}"
        text = (f"{self.side_label(won)} win the {word} game {max(totals)} to {min(totals)}, "
                f"{reason}")
        sheet = Sheet(totals, state.sheet.lines, games)
        sheet = sheet.add(state.deal_no, won, 0, text, self.ref("game-and-rubber"))
        state = replace(state, sheet=Sheet(totals, sheet.lines, games))
        if self.dummy_seat is not None or state.option("match", "rubber") == "game":
            state = replace(state, info=set_fact(state, "final_scores", tuple(totals)))
            return self.finish(state, (won,), text, self.ref("game-and-rubber"))
        if games[won] >= 2:
            rubber[won] += RUBBER_BONUS
            sheet = state.sheet.add(state.deal_no, won, RUBBER_BONUS, f"{self.side_label(won)} win the "
                                    f"rubber: {RUBBER_BONUS}", self.ref("game-and-rubber"))
            state = replace(state, sheet=Sheet(totals, sheet.lines, games),
                            info=set_fact(state, "final_scores", tuple(rubber)))
            verdict = (f"{self.side_label(won)} win the rubber by {games[won]} games to "
                       f"{games[1 - won]}: {rubber[won]} points to {rubber[1 - won]}")
            return self.finish(state, (won,), verdict, self.ref("game-and-rubber"))
        # a fresh game: the scores start again from nothing, the games won are kept
        state = replace(state, info=set_fact(state, "rubber_points", tuple(rubber)))
        return replace(state, phase="deal", sheet=Sheet((0, 0), state.sheet.lines, games))

    def outcome(self, state: TricksState) -> Outcome | None:
        if state.phase != "over":
            return None
        opts = self.options_of(state)
        n = self.seat_count(state)
        results = tuple(1.0 if self.side_of(opts, s) in state.winners else 0.0 for s in range(n))
        final = state.fact("final_scores", state.sheet.totals)
        scores = tuple(final[self.side_of(opts, s)] for s in range(n))
        return Outcome(results, state.result, state.result_rule, scores)

    # -- words --------------------------------------------------------------------------------------
    def card_name(self, card: Card) -> str:
        return "Quint Royal" if is_quint_royal(card) else card.name

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        if isinstance(action, Play) and seat is not None:
            return f"{self.seat_name(seat)} plays {'the ' if not is_quint_royal(action.card) else ''}" \
                   f"{self.card_name(action.card)}"
        return super().describe(state, action)

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call):
            return {"pass": "Pass", "double": "Double", "redouble": "Redouble"}.get(action.word, action.word)
        return super().call_label(action)

    # -- views and re-dealing ----------------------------------------------------------------------
    def voids(self, state: TricksState) -> dict[int, set[Suit]]:
        """Suits a hand showed it lacks: a card of another suit played to a trick whose suit was
        already set (the Quint Royal shows nothing: it may go on any trick)."""
        out: dict[int, set[Suit]] = {}
        tricks = [t.plays for t in state.tricks] + ([state.trick] if state.trick else [])
        for plays in tricks:
            led: Suit | None = None
            for seat, cid in plays:
                card = state.deck[cid]
                if is_quint_royal(card):
                    continue
                if led is None:
                    led = card.suit
                    continue
                if card.suit != led:
                    for k, owner in enumerate(state.owners):
                        if owner == seat:
                            out.setdefault(k, set()).add(led)
        return out

    def visible(self, state: TricksState, seat: Seat | None) -> list[bool]:
        shown = super().visible(state, seat)
        if state.phase == "over":
            return shown
        if seat is not None and seat == self.dummy_player and state.hands:
            eldest = (state.dealer + 1) % 4
            lone = state.phase == "doubling" and eldest in (self.dummy_player, self.dummy_seat)
            for k, ids in enumerate(state.hands):
                owner = state.owners[k]
                if owner not in (self.dummy_player, self.dummy_seat):
                    continue
                # doubling after an opponent's deal: only the hand that leads has been looked at
                see = (owner == eldest) if lone else True
                for i in ids:
                    shown[i] = see
        return shown


class DummyQuinto(Quinto):
    """Three players: seat 1 (Y) plays with the dummy opposite him, seat 3; seats 0 and 2 (A and
    B) are partners against them.  Whoever holds seat 1, the person at the table or the computer,
    speaks and plays for the dummy too (``controller``)."""

    info = BY_ID["quinto_dummy"]
    option_specs = ()
    dummy_seat = 3
    dummy_player = 1

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return ("A", "Y", "B", "Dummy")[seat]

    def side_label(self, side: int) -> str:
        return ("A–B", "Y–Dummy")[side]

    def seat_count(self, state: TricksState) -> int:
        return 3

    def first_dealer(self, n: int) -> Seat:
        return self.dummy_player    # the dummy's partner always deals first

    def initial_state(self, options: Options | None = None) -> TricksState:
        state = super().initial_state(options)
        sheet = state.sheet.add(0, 0, DUMMY_HANDICAP, f"A–B {DUMMY_HANDICAP}: the dummy-player's "
                                "handicap", self.ref("the-handicap"))
        return replace(state, sheet=sheet)

    # -- the dummy-player plays two hands ---------------------------------------------------------
    def _faces(self, state: TricksState, seat: Seat) -> list[Card]:
        slot = active_slot(state, seat)
        return [] if slot is None else [state.deck[i] for i in state.hands[slot]]

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        """The dummy-player's card from the wrong one of his two hands is refused by name, as
        Auction Bridge refuses the declarer's; anything else as in Quinto."""
        partner = self.controller(state, seat)
        if seat == self.dummy_seat and card in self._faces(state, partner):
            return IllegalAction(f"it is the dummy's turn to play: the {self.card_name(card)} is in "
                                 "your own hand; play a card from the dummy", self.ref("the-dummy"))
        if seat == self.dummy_player and card in self._faces(state, self.dummy_seat):
            return IllegalAction(f"it is your own turn to play, not the dummy's: the "
                                 f"{self.card_name(card)} lies in the dummy", self.ref("the-dummy"))
        return super().why_not_playable(state, seat, card)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        if isinstance(action, Play) and seat == self.dummy_seat and state.phase == "play":
            article = "" if is_quint_royal(action.card) else "the "
            return (f"{self.seat_name(self.controller(state, seat))} plays {article}"
                    f"{self.card_name(action.card)} from the dummy")
        if isinstance(action, Call) and seat == self.dummy_seat:
            return (f"{self.seat_name(self.controller(state, seat))} for the dummy: "
                    f"{self.call_label(action)}")
        return super().describe(state, action)

    def table_notes(self, view: TricksView) -> list[str]:
        """The information panel tells the dummy-player that the dummy is his to play."""
        pub = view.pub
        if view.seat != self.dummy_player or pub.phase == "over":
            return []
        lines = ["You play the Dummy's cards too"]
        if pub.phase == "doubling" and any(c.face is None for k, ids in enumerate(pub.hands)
                                           if pub.owners[k] in (self.dummy_player, self.dummy_seat)
                                           for c in (view.cards[i] for i in ids)):
            lines.append("You see the leading hand only")
        return lines


GAME = Quinto()
DUMMY = DummyQuinto()

__all__ = ["GAME", "DUMMY", "Quinto", "DummyQuinto", "quints_in", "SUIT_ORDER"]
