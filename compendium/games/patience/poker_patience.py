"""Poker Patience (catalogue: poker_patience), after Hoyle's Games Modernized (1909).

Twenty-five cards are turned one at a time from a shuffled pack and laid, face up, into a square
of five rows of five.  Each card after the first must touch one already down — beside, above,
below or corner to corner — and the whole must end as the square.  The five rows and five
columns are ten poker hands, scored on the English table (``poker_hands.ENGLISH``).

Several players each lay out the same cards from their own packs (the dealer names each card and
the others pick it out); here the other players are the computer, laying out the same cards on
squares of their own, seeing nothing but the cards already turned.  At the end every player pays
every better one the difference of their totals, which comes to ``n × own score − sum of scores``.

How the square is placed (option ``frame``):

* ``free`` (the book): nothing marks where the square will be; it grows from the first card, so
  the first card may lie anywhere in the finished square.  The table lays it in the middle of a
  9 × 9 field of places; every later card must touch one already down and keep the layout within
  five by five.
* ``fixed``: a 5 × 5 frame is marked in advance; the first card goes anywhere in it, the others
  must touch one already down.
* ``open``: the modern Poker Squares; any empty place of the 5 × 5 frame.

Chance is one recorded event, ``deal N``: the whole pack is shuffled once and the cards are turned
from it in order, so the state holds the pack but a view shows only the cards turned so far.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import PACKS, Card
from ...core.errors import IllegalAction, NotationError
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.rng import shuffled
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from ..poker_hands import (
    SCORE_TABLES,
    Category,
    card_code,
    category_of_codes,
    hand_name,
    partial_category_of_codes,
    points_of_codes,
)
from .engine import Deal

GAME_ID = "poker_patience"
SIDE = 5                    # the square is five by five
CARDS = SIDE * SIDE
FREE_WIDTH = 2 * SIDE - 1   # a free square may end anywhere within four places of its first card
SEAT_NAMES = "ABCDE"        # the book calls the players A, B, C, D, E


# -- places ---------------------------------------------------------------------------------------
def place_name(row: int, col: int) -> str:
    """"c3": the column's letter from the left, the row's number from the top."""
    return f"{'abcdefghi'[col]}{row + 1}"


def cell_name(cell: int, width: int) -> str:
    return place_name(*divmod(cell, width))


def parse_place(text: str) -> tuple[int, int] | None:
    """(row, column) for a name such as "c3", or ``None``."""
    t = text.strip().lower()
    if len(t) != 2 or not t[1].isdigit() or not "a" <= t[0] <= "i" or t[1] == "0":
        return None
    return int(t[1]) - 1, ord(t[0]) - ord("a")


def _neighbours(width: int, diagonal: bool) -> tuple[tuple[int, ...], ...]:
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    out = []
    for cell in range(width * width):
        r, c = divmod(cell, width)
        out.append(tuple((r + dr) * width + c + dc for dr, dc in steps
                         if 0 <= r + dr < width and 0 <= c + dc < width))
    return tuple(out)


KING_MOVES = {w: _neighbours(w, True) for w in (SIDE, FREE_WIDTH)}      # row, column or corner
ROOK_STEPS = {w: _neighbours(w, False) for w in (SIDE, FREE_WIDTH)}     # row or column only


# -- lines and their scores -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LineScore:
    """One row or column of a square as it stands: its cards, its hand, its points."""

    kind: str              # "row" or "column"
    index: int             # the row or column of the field (0 at the top or the left)
    count: int             # cards in it so far (five when it is complete)
    category: Category     # what it holds so far (a sequence or a flush needs all five cards)
    points: int
    name: str              # "a pair of queens", "threes (knaves)", "nothing"

    @property
    def label(self) -> str:
        return f"{self.kind} {self.index + 1}"


def line_scores(cards: Sequence[tuple[int, Card]], width: int, scoring: str = "english",
                aces: str = "both") -> tuple[LineScore, ...]:
    """The rows (top to bottom) then the columns (left to right) that hold a card, scored as they
    stand: pairs, threes and fours count at once, a sequence or a flush when the line is full."""
    table = SCORE_TABLES[scoring]
    rows: dict[int, list[Card]] = {}
    cols: dict[int, list[Card]] = {}
    for cell, card in cards:
        r, c = divmod(cell, width)
        rows.setdefault(r, []).append(card)
        cols.setdefault(c, []).append(card)
    out = []
    for kind, lines in (("row", rows), ("column", cols)):
        for index in sorted(lines):
            hand = lines[index]
            codes = [card_code(c) for c in hand]
            cat = category_of_codes(codes, aces) if len(codes) == SIDE else partial_category_of_codes(codes)
            out.append(LineScore(kind, index, len(hand), cat, points_of_codes(codes, table, aces),
                                 hand_name(hand, aces)))
    return tuple(out)


def payments(scores: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    """The book's settlement, payment by payment: (payer, payee, amount), every player paying
    every better one the difference of their totals (equal totals pay nothing)."""
    return tuple((payer, payee, scores[payee] - scores[payer])
                 for payee in range(len(scores)) for payer in range(len(scores))
                 if scores[payee] > scores[payer])


def settle(scores: Sequence[int]) -> tuple[int, ...]:
    """Each player's net after the settlement.  Summing the pairwise differences gives the book's
    short way: ``n × own score − sum of all scores``; the nets add up to nothing."""
    total = sum(scores)
    return tuple(len(scores) * s - total for s in scores)


# -- actions, states, views -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Place:
    """Lay the card turned up on a place of one's own field: its row (0 at the top) and column
    (0 at the left).  Written "c3": column c, row 3."""

    row: int
    col: int

    def cell(self, width: int) -> int:
        return self.row * width + self.col


PokerPatienceAction = Place | Deal


@dataclass(frozen=True, slots=True)
class PokerPatienceState:
    deck: tuple[Card, ...]                  # the dealer's pack as shuffled; () before the deal
    placed: tuple[tuple[int, ...], ...]     # per seat, the place of each card laid, in turning order
    deal_seed: int | None = None
    opts: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class OtherSquare:
    """Another player's square, as it lies face up on the table (their own pack's cards)."""

    seat: Seat
    cards: tuple[tuple[int, Card], ...]     # (place, card) in the order laid
    lines: tuple[LineScore, ...]
    total: int


@dataclass(frozen=True, slots=True)
class PokerPatienceView:
    seat: Seat                              # whose square ``cards`` is
    players: int
    width: int                              # the field of places is width × width
    frame: str                              # "free", "fixed" or "open"
    scoring: str                            # "english" or "american"
    aces: str
    cards: tuple[tuple[int, ViewCard], ...] # the seat's own square: (place, card) in the order laid
    card: ViewCard | None                   # the card turned up that this seat has still to lay
    stock: tuple[ViewCard, ...]             # the cards not turned yet, face down
    lines: tuple[LineScore, ...]
    total: int
    others: tuple[OtherSquare, ...]
    settlement: tuple[int, ...]             # net per seat once every square is complete, else ()
    deal_seed: int | None


class PokerPatience(Game[PokerPatienceState, PokerPatienceAction, PokerPatienceView]):
    info = BY_ID[GAME_ID]
    table_kind = TableKind.POKER_PATIENCE
    option_specs = (
        OptionSpec("players", 1, (1, 2, 3, 4, 5), "Players",
                   labels=("You alone", "You and one computer player", "You and two computer players",
                           "You and three computer players", "You and four computer players"),
                   help="Every player lays out the same cards on a square of their own; the "
                        "others are played by the computer."),
        OptionSpec("frame", "free", ("free", "fixed", "open"), "Where the square lies",
                   labels=("It grows from the first card (the book)",
                           "A fixed frame; each card touches one already down",
                           "A fixed frame; any empty place (modern Poker Squares)")),
        OptionSpec("scoring", "english", ("english", "american"), "Score table",
                   labels=("English (the book)", "American (modern Poker Squares)")),
        OptionSpec("aces", "both", ("both", "high", "low"), "The ace in a sequence",
                   labels=("High or low (the book)", "High only", "Low only")),
        OptionSpec("target", 60, (40, 50, 60, 70, 80), "A win, playing alone",
                   help="The total a square needs to count as a win when you play alone."),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(GAME_ID, anchor)

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def options_of(state: PokerPatienceState) -> dict[str, Any]:
        return dict(state.opts)

    @staticmethod
    def width_of(opts: Options) -> int:
        return FREE_WIDTH if opts["frame"] == "free" else SIDE

    def turned(self, state: PokerPatienceState) -> int:
        """How many cards the dealer has turned up: the next once every player has laid the last."""
        if not state.deck:
            return 0
        return min(CARDS, min(len(p) for p in state.placed) + 1)

    def square(self, state: PokerPatienceState, seat: Seat) -> tuple[tuple[int, Card], ...]:
        return tuple((cell, state.deck[k]) for k, cell in enumerate(state.placed[seat]))

    def total(self, state: PokerPatienceState, seat: Seat) -> int:
        opts = self.options_of(state)
        return sum(line.points for line in line_scores(self.square(state, seat), self.width_of(opts),
                                                        opts["scoring"], opts["aces"]))

    # -- the protocol -----------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> PokerPatienceState:
        opts = self.resolve_options(options)
        return PokerPatienceState(deck=(), placed=((),) * opts["players"], opts=tuple(sorted(opts.items())))

    def to_move(self, state: PokerPatienceState) -> Seat | Special:
        if not state.deck:
            return Special.CHANCE
        counts = [len(p) for p in state.placed]
        low = min(counts)
        if low == CARDS:
            return Special.TERMINAL
        return counts.index(low)     # each card is laid by every player in turn, A first

    def chance_action(self, state: PokerPatienceState, seed: int) -> PokerPatienceAction:
        return Deal(seed)

    def legal_actions(self, state: PokerPatienceState, seat: Seat) -> Sequence[PokerPatienceAction]:
        if not state.deck or self.to_move(state) != seat:
            return ()
        opts = self.options_of(state)
        width = self.width_of(opts)
        return tuple(Place(*divmod(c, width)) for c in self.open_places(opts, state.placed[seat]))

    def open_places(self, opts: Options, placed: tuple[int, ...]) -> list[int]:
        """The places of the field where the next card may go, after cards on ``placed``."""
        width = self.width_of(opts)
        taken = set(placed)
        if opts["frame"] == "open" or not placed:
            return [c for c in range(width * width) if c not in taken]
        near = sorted({n for cell in placed for n in KING_MOVES[width][cell] if n not in taken})
        if opts["frame"] == "fixed":
            return near
        return [c for c in near if self._fits(placed, c, width)]

    @staticmethod
    def _fits(placed: Sequence[int], cell: int, width: int) -> bool:
        """Does the layout stay within five by five with a card on ``cell``?"""
        rows = [c // width for c in placed] + [cell // width]
        cols = [c % width for c in placed] + [cell % width]
        return max(rows) - min(rows) < SIDE and max(cols) - min(cols) < SIDE

    def why_illegal(self, state: PokerPatienceState, action: PokerPatienceAction) -> IllegalAction | None:
        """The one place where the laws of laying out are checked, each refusal with its law."""
        if isinstance(action, Deal):
            return IllegalAction("the cards have already been dealt") if state.deck else None
        if not isinstance(action, Place):
            return IllegalAction(f"{action!r} is not a move of Poker Patience")
        if not state.deck:
            return IllegalAction("the cards have not been dealt yet")
        seat = self.to_move(state)
        if seat is Special.TERMINAL:
            return IllegalAction("every square is complete", self.ref("end-of-the-game"))
        assert isinstance(seat, int)
        opts = self.options_of(state)
        width = self.width_of(opts)
        placed = state.placed[seat]
        if not (0 <= action.row < width and 0 <= action.col < width):
            last = cell_name(width * width - 1, width)
            return IllegalAction(f"there is no place {place_name(action.row, action.col)} on the table: "
                                 f"the places run from a1 to {last}", self.ref("the-square"))
        cell = action.cell(width)
        where = cell_name(cell, width)
        if cell in placed:
            card = state.deck[placed.index(cell)]
            return IllegalAction(f"{where} already holds the {card.name}", self.ref("laying-out"))
        if opts["frame"] == "open" or not placed:
            return None
        if not any(n in placed for n in KING_MOVES[width][cell]):
            return IllegalAction(f"{where} touches no card already down: each card must lie next to one, "
                                 "beside, above, below or corner to corner", self.ref("laying-out"))
        if opts["frame"] == "free" and not self._fits(placed, cell, width):
            return IllegalAction(f"a card on {where} would spread the layout beyond five cards across or "
                                 "down, and it must end as a square of five by five", self.ref("the-square"))
        return None

    def apply(self, state: PokerPatienceState, action: PokerPatienceAction) -> PokerPatienceState:
        refusal = self.why_illegal(state, action)
        if refusal is not None:
            raise refusal
        if isinstance(action, Deal):
            deck = shuffled(PACKS["52"], action.seed)
            opts = self.options_of(state)
            # In a square that grows freely the first card's place decides nothing, so the
            # table lays it in the middle of the field for every player.
            first = ((FREE_WIDTH * FREE_WIDTH) // 2,) if opts["frame"] == "free" else ()
            return PokerPatienceState(deck, (first,) * len(state.placed), action.seed, state.opts)
        seat = self.to_move(state)
        assert isinstance(seat, int) and isinstance(action, Place)
        placed = list(state.placed)
        placed[seat] = placed[seat] + (action.cell(self.width_of(self.options_of(state))),)
        return PokerPatienceState(state.deck, tuple(placed), state.deal_seed, state.opts)

    def outcome(self, state: PokerPatienceState) -> Outcome | None:
        if self.to_move(state) is not Special.TERMINAL:
            return None
        opts = self.options_of(state)
        scores = tuple(self.total(state, s) for s in range(len(state.placed)))
        if len(scores) == 1:
            target = opts["target"]
            won = scores[0] >= target
            reason = (f"the square is complete with {scores[0]} points"
                      + (f", {target} or more: a win" if won else f", short of the {target} that wins"))
            return Outcome((1.0 if won else 0.0,), reason, self.ref("scoring"), scores)
        nets = settle(scores)
        results = tuple(1.0 if n > 0 else 0.5 if n == 0 else 0.0 for n in nets)
        parts = ", ".join(f"{SEAT_NAMES[i]} {s} ({n:+d})" for i, (s, n) in enumerate(zip(scores, nets)))
        return Outcome(results, f"every square is complete: {parts}", self.ref("settling-up"), scores)

    def view(self, state: PokerPatienceState, seat: Seat | None) -> PokerPatienceView:
        opts = self.options_of(state)
        me = 0 if seat is None else seat
        width = self.width_of(opts)
        scoring, aces = opts["scoring"], opts["aces"]
        turned = self.turned(state)
        placed = state.placed[me]
        cards = tuple((cell, ViewCard(k, state.deck[k])) for k, cell in enumerate(placed))
        card = ViewCard(len(placed), state.deck[len(placed)]) if len(placed) < turned else None
        stock = tuple(ViewCard(k, None) for k in range(turned, len(state.deck)))
        own = self.square(state, me) if state.deck else ()
        lines = line_scores(own, width, scoring, aces)
        others = []
        for s in range(len(state.placed)):
            if s != me:
                square = self.square(state, s) if state.deck else ()
                theirs = line_scores(square, width, scoring, aces)
                others.append(OtherSquare(s, square, theirs, sum(line.points for line in theirs)))
        done = bool(state.deck) and all(len(p) == CARDS for p in state.placed)
        settlement = settle([self.total(state, s) for s in range(len(state.placed))]) \
            if done and len(state.placed) > 1 else ()
        return PokerPatienceView(me, len(state.placed), width, opts["frame"], scoring, aces, cards, card,
                                 stock, lines, sum(line.points for line in lines), tuple(others),
                                 settlement, state.deal_seed)

    # -- text forms -------------------------------------------------------------------------
    def action_to_str(self, action: PokerPatienceAction) -> str:
        if isinstance(action, Deal):
            return f"deal {action.seed}"
        return place_name(action.row, action.col)

    def action_from_str(self, state: PokerPatienceState, text: str) -> PokerPatienceAction:
        t = text.strip().lower()
        if t.startswith("deal "):
            number = t[5:].strip()
            if number.isascii() and number.isdigit() and len(number) <= 19:
                return Deal(int(number))
            raise NotationError(f"{text!r} is not a deal: expected 'deal' and a deal number")
        width = self.width_of(self.options_of(state))
        where = parse_place(t)
        if where is not None and where[0] < width and where[1] < width:
            return Place(*where)
        last = cell_name(width * width - 1, width)
        raise NotationError(f"{text!r} is not a place of the square: expected a place such as 'c3' "
                            f"(a1 at the top left, {last} at the bottom right)")

    def describe(self, state: PokerPatienceState, action: PokerPatienceAction) -> str:
        if isinstance(action, Place) and state.deck:
            seat = self.to_move(state)
            if isinstance(seat, int):
                card = state.deck[len(state.placed[seat])]
                who = "" if len(state.placed) == 1 else f"{SEAT_NAMES[seat]}: "
                return f"{who}{card} to {place_name(action.row, action.col)}"
        return self.action_to_str(action)

    # -- seats and what they cannot see -----------------------------------------------------
    def seat_count(self, state: PokerPatienceState) -> int:
        return len(state.placed)

    def seat_name(self, seat: Seat) -> str:
        return f"Player {SEAT_NAMES[seat]}" if 0 <= seat < len(SEAT_NAMES) else f"Player {seat + 1}"

    def shuffle_unseen(self, state: PokerPatienceState, seat: Seat, seed: int) -> PokerPatienceState:
        """The position with the cards not yet turned in another order: what no seat can tell
        apart (every seat sees the same turned cards; the no-peeking tests)."""
        turned = self.turned(state)
        rest = shuffled(state.deck[turned:], seed)
        return PokerPatienceState(state.deck[:turned] + rest, state.placed, state.deal_seed, state.opts)

    # -- scores, hints, the computer --------------------------------------------------------
    def score_events(self, state: PokerPatienceState) -> Sequence[ScoreEvent]:
        if not state.deck:
            return ()
        opts = self.options_of(state)
        width = self.width_of(opts)
        events = []
        for seat in range(len(state.placed)):
            for line in line_scores(self.square(state, seat), width, opts["scoring"], opts["aces"]):
                if line.points:
                    events.append(ScoreEvent(seat, line.points, f"{line.label}: {line.name}", self.ref("scoring")))
        return tuple(events)


GAME = PokerPatience()
