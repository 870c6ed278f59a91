"""Serpent Poker Patience (catalogue: serpent_poker_patience): Ernest Bergholt's problem, after
Hoyle's Games Modernized (1909).

Twenty-five cards, all known from the start, are laid in their given order on a board of five by
five.  The first goes anywhere; every later card must lie beside the card laid just before it, in
its row or its column (never corner to corner), so the cards trace a rook's path that visits every
place once.  The rows and columns are scored as in Poker Patience.  The book's deal is built in,
with its best score of 81; random deals (option ``deal``) are drawn with a recorded ``deal N``.

A rook's path of 25 squares exists only from some places and only while the squares left can
still be joined, so the rules refuse a card that would leave the serpent stranded: every move
offered can be completed.  The paths are counted once (there are 8,648 directed ones; see
``rook_paths``) and every position reached is checked against the set of their beginnings.
"""
from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ...core.cards import PACKS, Card
from ...core.errors import IllegalAction, NotationError
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.notation import parse_cards
from ...core.rng import shuffled
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from ..poker_hands import SCORE_TABLES, card_code, points_of_codes
from .engine import Deal
from .poker_patience import CARDS, ROOK_STEPS, SIDE, LineScore, Place, cell_name, line_scores, parse_place, place_name

GAME_ID = "serpent_poker_patience"

# The book's problem: the cards in the order they must be laid (in our short notation; the book
# writes them suit first).
BOOK_DEAL: tuple[Card, ...] = parse_cards(
    "6D 5S QC QD QH TH TC 6H 3C JH AH 5H 8H KH QS 4H 2C 2D 7H JS 3S 3H 3D 6S 2H")

# -- rook's paths ---------------------------------------------------------------------------------
_FULL = (1 << CARDS) - 1
_NOT_LEFT = _FULL & ~sum(1 << (r * SIDE) for r in range(SIDE))            # no place in column a
_NOT_RIGHT = _FULL & ~sum(1 << (r * SIDE + SIDE - 1) for r in range(SIDE))  # none in column e
_LIGHT = sum(1 << c for c in range(CARDS) if sum(divmod(c, SIDE)) % 2 == 0)  # a1's colour


def _spread(m: int) -> int:
    """The places of ``m`` and every place beside one of them (as bit masks)."""
    return (m | (m >> SIDE) | ((m << SIDE) & _FULL) | ((m >> 1) & _NOT_RIGHT) | ((m << 1) & _NOT_LEFT))


_BESIDE = tuple(_spread(1 << c) & ~(1 << c) for c in range(CARDS))


def _paths_from(beginnings: Sequence[tuple[int, int]]) -> list[tuple[int, ...]]:
    """Every rook's path over the whole board that begins with one of ``beginnings`` (two
    places): a depth-first search that gives up on a beginning as soon as the places left cannot
    be joined into one path — colours out of balance (a path alternates them), a place with no
    free neighbour, two places with one (each would have to be the end), or the free places in
    two parts."""
    out: list[tuple[int, ...]] = []
    path: list[int] = []

    def grow(head: int, used: int, left: int) -> None:
        free = _FULL ^ used
        if not free:
            out.append(tuple(path))
            return
        same = (free & _LIGHT) if (1 << head) & _LIGHT else (free & ~_LIGHT)
        if same.bit_count() != left >> 1:
            return
        g = free | (1 << head)
        up, down = g >> SIDE, (g << SIDE) & _FULL
        left_, right = (g >> 1) & _NOT_RIGHT, (g << 1) & _NOT_LEFT
        if free & ~(up | down | left_ | right):
            return
        two = (up & down) | (up & left_) | (up & right) | (down & left_) | (down & right) | (left_ & right)
        ends = free & ~two
        if ends & (ends - 1):
            return
        seen = free & -free
        while True:   # flood the free places from one of them (inlined: the hot loop)
            grown = (seen | (seen >> SIDE) | (seen << SIDE) | ((seen >> 1) & _NOT_RIGHT)
                     | ((seen << 1) & _NOT_LEFT)) & free
            if grown == seen:
                break
            seen = grown
        if seen != free:
            return
        nexts = _BESIDE[head] & free
        while nexts:
            low = nexts & -nexts
            nexts ^= low
            cell = low.bit_length() - 1
            path.append(cell)
            grow(cell, used | low, left - 1)
            path.pop()

    for first, second in beginnings:
        path[:] = [first, second]
        grow(second, 1 << first | 1 << second, CARDS - 2)
    return out


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The eight turns and reflections of the board, as permutations of its places."""
    out = []
    for k in range(8):
        perm = []
        for cell in range(CARDS):
            r, c = divmod(cell, SIDE)
            for _ in range(k & 3):
                r, c = c, SIDE - 1 - r
            if k & 4:
                c = SIDE - 1 - c
            perm.append(r * SIDE + c)
        out.append(tuple(perm))
    return tuple(out)


# Up to the board's symmetries, a path begins in one of six ways: from a corner along a side;
# from the middle of a side along it or inwards; from a place diagonal to a corner towards a side
# or towards the centre; from the centre.  Each way's images under the eight turns and
# reflections are all distinct, except for the ways that a reflection keeps (inwards from the
# middle of a side, and from the centre), whose four quarter turns already give them all.
_BEGINNINGS = (((0, 1), 8), ((2, 1), 8), ((2, 7), 4), ((6, 1), 8), ((6, 7), 8), ((12, 7), 4))


@cache
def rook_paths() -> tuple[tuple[int, ...], ...]:
    """Every directed rook's path over the 5 × 5 board (8,648), as places (row × 5 + column):
    searched for the six essentially different beginnings only (1,203 paths) and turned and
    reflected into the rest."""
    found: list[tuple[int, ...]] = []
    images = _symmetries()
    for beginning, count in _BEGINNINGS:
        paths = _paths_from((beginning,))
        for image in images[:count]:
            found += [tuple(map(image.__getitem__, path)) for path in paths]
    return tuple(sorted(found))


@cache
def _beginnings() -> frozenset[int]:
    """(places visited, last place) of every beginning of a rook's path, packed as one number."""
    keys = set()
    for path in rook_paths():
        used = 0
        for cell in path:
            used |= 1 << cell
            keys.add(used << 5 | cell)
    return frozenset(keys)


@cache
def _starts() -> tuple[int, ...]:
    """The places a rook's path over the whole board can begin on (the thirteen of a1's colour)."""
    return tuple(sorted({p[0] for p in rook_paths()}))


def can_finish(path: Sequence[int]) -> bool:
    """Can the serpent laid along ``path`` still be carried over every place of the board?"""
    if not path:
        return True
    used = 0
    for cell in path:
        used |= 1 << cell
    return (used << 5 | path[-1]) in _beginnings()


# -- the game -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SerpentState:
    deck: tuple[Card, ...]          # the 25 cards in the order they are laid; () before a random deal
    path: tuple[int, ...]           # the place of each card laid so far (row × 5 + column)
    deal_seed: int | None = None
    opts: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class SerpentView:
    cards: tuple[ViewCard, ...]     # the 25 cards in laying order, every face shown
    path: tuple[int, ...]           # where each card laid so far lies
    lines: tuple[LineScore, ...]
    total: int
    scoring: str
    aces: str
    book: bool                      # the book's deal (its best is known to be 81)
    deal_seed: int | None

    @property
    def width(self) -> int:
        return SIDE


class SerpentPokerPatience(Game[SerpentState, Place | Deal, SerpentView]):
    info = BY_ID[GAME_ID]
    table_kind = TableKind.POKER_PATIENCE
    option_specs = (
        OptionSpec("deal", "book", ("book", "random"), "The cards",
                   labels=("The book's problem", "A random deal")),
        OptionSpec("scoring", "english", ("english", "american"), "Score table",
                   labels=("English (the book)", "American (modern Poker Squares)")),
        OptionSpec("aces", "both", ("both", "high", "low"), "The ace in a sequence",
                   labels=("High or low (the book)", "High only", "Low only")),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(GAME_ID, anchor)

    @staticmethod
    def options_of(state: SerpentState) -> dict[str, Any]:
        return dict(state.opts)

    # -- the protocol -----------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> SerpentState:
        opts = self.resolve_options(options)
        deck = BOOK_DEAL if opts["deal"] == "book" else ()
        return SerpentState(deck, (), None, tuple(sorted(opts.items())))

    def to_move(self, state: SerpentState) -> Seat | Special:
        if not state.deck:
            return Special.CHANCE
        return Special.TERMINAL if len(state.path) == CARDS else 0

    def chance_action(self, state: SerpentState, seed: int) -> Place | Deal:
        return Deal(seed)

    def legal_actions(self, state: SerpentState, seat: Seat) -> Sequence[Place | Deal]:
        if self.to_move(state) != 0 or seat != 0:
            return ()
        path = state.path
        if not path:
            return tuple(Place(*divmod(c, SIDE)) for c in _starts())
        taken = set(path)
        return tuple(Place(*divmod(c, SIDE)) for c in sorted(ROOK_STEPS[SIDE][path[-1]])
                     if c not in taken and can_finish(path + (c,)))

    def why_illegal(self, state: SerpentState, action: Place | Deal) -> IllegalAction | None:
        if isinstance(action, Deal):
            if state.deck:
                return IllegalAction("the cards have already been dealt")
            return None
        if not isinstance(action, Place):
            return IllegalAction(f"{action!r} is not a move of Serpent Poker Patience")
        if not state.deck:
            return IllegalAction("the cards have not been dealt yet")
        if len(state.path) == CARDS:
            return IllegalAction("the serpent is complete", self.ref("end-of-the-game"))
        if not (0 <= action.row < SIDE and 0 <= action.col < SIDE):
            return IllegalAction(f"there is no place {place_name(action.row, action.col)} on the board: "
                                 "the places run from a1 to e5", self.ref("the-board"))
        cell = action.cell(SIDE)
        where = cell_name(cell, SIDE)
        path = state.path
        if cell in path:
            return IllegalAction(f"{where} already holds the {state.deck[path.index(cell)].name}",
                                 self.ref("laying-the-serpent"))
        if path:
            last = path[-1]
            before = f"the {state.deck[len(path) - 1].name} on {cell_name(last, SIDE)}"
            if cell not in ROOK_STEPS[SIDE][last]:
                r0, c0 = divmod(last, SIDE)
                corner = abs(r0 - action.row) == 1 and abs(c0 - action.col) == 1
                why = ("corner to corner does not count in the serpent: " if corner else "")
                return IllegalAction(f"{why}each card must lie beside the card laid just before it, in its "
                                     f"row or column, and {where} is not beside {before}",
                                     self.ref("laying-the-serpent"))
        if not can_finish(path + (cell,)):
            if not path:
                return IllegalAction(f"no rook's path over all 25 places can begin on {where}; a serpent "
                                     "must start on a place of the corners' colour", self.ref("the-board"))
            return IllegalAction(f"from {where} the serpent could no longer pass through every place "
                                 "of the board", self.ref("laying-the-serpent"))
        return None

    def apply(self, state: SerpentState, action: Place | Deal) -> SerpentState:
        refusal = self.why_illegal(state, action)
        if refusal is not None:
            raise refusal
        if isinstance(action, Deal):
            return SerpentState(shuffled(PACKS["52"], action.seed)[:CARDS], (), action.seed, state.opts)
        assert isinstance(action, Place)
        return SerpentState(state.deck, state.path + (action.cell(SIDE),), state.deal_seed, state.opts)

    def lines(self, state: SerpentState) -> tuple[LineScore, ...]:
        opts = self.options_of(state)
        return line_scores(tuple(zip(state.path, state.deck)), SIDE, opts["scoring"], opts["aces"])

    def total(self, state: SerpentState) -> int:
        return sum(line.points for line in self.lines(state))

    def best(self, state: SerpentState) -> int:
        """The best score these cards allow (by the optimiser)."""
        opts = self.options_of(state)
        return best_serpent(state.deck, opts["scoring"], opts["aces"]).score

    def outcome(self, state: SerpentState) -> Outcome | None:
        if self.to_move(state) is not Special.TERMINAL:
            return None
        score, best = self.total(state), self.best(state)
        if score >= best:
            return Outcome((1.0,), f"the serpent scores {score}, the best these cards allow",
                           self.ref("the-best-serpent"), (score,))
        return Outcome((0.0,), f"the serpent scores {score}; the best serpent for these cards scores {best}",
                       self.ref("the-best-serpent"), (score,))

    def view(self, state: SerpentState, seat: Seat | None) -> SerpentView:
        opts = self.options_of(state)
        lines = self.lines(state)
        return SerpentView(tuple(ViewCard(k, c) for k, c in enumerate(state.deck)), state.path, lines,
                           sum(line.points for line in lines), opts["scoring"], opts["aces"],
                           opts["deal"] == "book", state.deal_seed)

    # -- text forms -------------------------------------------------------------------------
    def action_to_str(self, action: Place | Deal) -> str:
        if isinstance(action, Deal):
            return f"deal {action.seed}"
        return place_name(action.row, action.col)

    def action_from_str(self, state: SerpentState, text: str) -> Place | Deal:
        t = text.strip().lower()
        if t.startswith("deal "):
            number = t[5:].strip()
            if number.isascii() and number.isdigit() and len(number) <= 19:
                return Deal(int(number))
            raise NotationError(f"{text!r} is not a deal: expected 'deal' and a deal number")
        where = parse_place(t)
        if where is not None and where[0] < SIDE and where[1] < SIDE:
            return Place(*where)
        raise NotationError(f"{text!r} is not a place of the board: expected a place such as 'c3' "
                            "(a1 at the top left, e5 at the bottom right)")

    def describe(self, state: SerpentState, action: Place | Deal) -> str:
        if isinstance(action, Place) and state.deck and len(state.path) < CARDS:
            return f"{state.deck[len(state.path)]} to {place_name(action.row, action.col)}"
        return self.action_to_str(action)

    def score_events(self, state: SerpentState) -> Sequence[ScoreEvent]:
        return tuple(ScoreEvent(0, line.points, f"{line.label}: {line.name}", self.ref("scoring"))
                     for line in self.lines(state) if line.points)


# -- the serpent optimiser ------------------------------------------------------------------------


@cache
def _path_lines() -> tuple[tuple[tuple[int, ...], ...], tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]]:
    """The rows and columns of every rook's path as positions in the deal, independent of the
    cards, so computed once: the distinct five-position sets (2,427 of them), and for each path a
    getter picking its ten lines' points out of the list of those sets' points.  A deal is then
    scored by valuing each distinct set once and summing ten looked-up numbers per path."""
    index: dict[tuple[int, ...], int] = {}
    getters = []
    spans = [slice(r * SIDE, (r + 1) * SIDE) for r in range(SIDE)] + [slice(c, None, SIDE) for c in range(SIDE)]
    at = [0] * (SIDE * SIDE)
    for path in rook_paths():
        for k, cell in enumerate(path):
            at[cell] = k                        # the position in the deal of the card on each place
        getters.append(operator.itemgetter(*(index.setdefault(tuple(sorted(at[span])), len(index))
                                             for span in spans)))
    return tuple(index), tuple(getters)


@dataclass(frozen=True, slots=True)
class SerpentSolution:
    score: int
    path: tuple[int, ...]          # the places of the cards in laying order (row × 5 + column)
    ties: int                      # how many directed paths reach this score


def serpent_scores(deck: Sequence[Card], scoring: str = "english", aces: str = "both",
                   prefix: Sequence[int] = ()) -> list[tuple[int, tuple[int, ...]]]:
    """(score, path) for every rook's path beginning with ``prefix`` (every one if empty)."""
    values = _set_values(tuple(deck), scoring, aces)
    _, getters = _path_lines()
    k = len(prefix)
    want = tuple(prefix)
    return [(sum(get(values)), path) for path, get in zip(rook_paths(), getters) if not k or path[:k] == want]


@lru_cache(maxsize=32)
def _set_values(deck: tuple[Card, ...], scoring: str, aces: str) -> list[int]:
    """The points of each distinct line of positions (see ``_path_lines``) for this deal."""
    codes = [card_code(c) for c in deck]
    table = SCORE_TABLES[scoring]
    return [points_of_codes((codes[a], codes[b], codes[c], codes[d], codes[e]), table, aces)
            for a, b, c, d, e in _path_lines()[0]]


@lru_cache(maxsize=256)
def best_serpent(deck: tuple[Card, ...], scoring: str = "english", aces: str = "both",
                 prefix: tuple[int, ...] = ()) -> SerpentSolution:
    """The best serpent for ``deck`` (beginning with ``prefix``): exact, by scoring every path."""
    scored = serpent_scores(deck, scoring, aces, prefix)
    if not scored:
        raise ValueError(f"no rook's path over the board begins {list(prefix)}")
    best = max(s for s, _ in scored)
    paths = [p for s, p in scored if s == best]
    return SerpentSolution(best, paths[0], len(paths))


GAME = SerpentPokerPatience()
