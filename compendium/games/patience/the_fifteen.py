"""The Fifteen, Lady Cadogan's two-pack patience (catalogue: the_fifteen).

The whole of both packs is dealt face up in rows of fifteen, each row overlapping the one before:
six rows of fifteen and a seventh of fourteen, so fifteen columns of seven cards (the last of
six).  Only the lowest card of a column is available.  Four aces and four kings of different
suits are the foundations, the aces built up and the kings down in suit; nothing is played before
the deal is complete.  Available cards are married up or down in suit, one at a time, and a column
cleared away (a *lane*) takes any available card, on which others are then married; moving cards
one by one through a lane turns a sequence end for end.  If after the first marriages no
foundation card can be played, one ace and one king may be drawn out of the sixth row -- the card
below closing the gap -- and that is the only indulgence: there is no re-deal.

Hooks used: ``initial_state`` (a state that remembers the drawn-out ace and king), ``candidates``,
``draw_refusal``, ``move_refusal`` and ``apply`` (the sixth-row exception, sent as ``Move(column, foundation, depth)``
like the table's drag of a covered card; no pack), ``accepts`` (the suits of the foundations),
``safe_home_move``, ``hint`` (a short best-first search over the open layout) and
``piles_markdown``.
"""
from __future__ import annotations

import heapq
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ...core.cards import SUITS, Card, Rank
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import OptionSpec, Options, Outcome
from ..catalogue import BY_ID
from .engine import (Build, Fan, Move, PatienceAction, PatienceState, PatienceView, PileKind,
                     PileSpec, SuitRule, Take)
from .up_and_down_foundations import ACES, FOUNDATIONS, KINGS, UpAndDownFoundations

COLUMNS = tuple(f"t{i + 1}" for i in range(15))
ROWS = 7
SIXTH_ROW = 5              # the sixth row's place in a column, counted from 0 at the top
ACE_BIT, KING_BIT = 1, 2   # in FifteenState.withdrawn
HINT_SECONDS = 0.15        # the hint's search budget

# The table, in card widths (a card is 1 wide and 1.4 high): the fifteen columns, the eight
# foundations centred above them, aces on the left and kings on the right.
STEP = 1.08
F_STEP = 1.2
F_X0 = (14 * STEP + 1 - (7 * F_STEP + 1)) / 2
COLUMN_Y = 1.4 + 0.4

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


@dataclass(frozen=True, slots=True)
class FifteenState(PatienceState):
    """The engine's state, and which of the ace and the king the sixth-row exception has drawn out
    (``ACE_BIT`` | ``KING_BIT``)."""

    withdrawn: int = 0


class TheFifteen(UpAndDownFoundations):
    info = BY_ID["the_fifteen"]
    pack = "2x52"
    option_specs = (
        OptionSpec("exception", True, (True, False), "An ace and a king from the sixth row when nothing can begin",
                   labels=("Allowed once (the book)", "Not allowed")),
    )
    # The columns are alike: where a column lies changes nothing.  So are the foundations of one
    # kind (each is known by the card at its foot).
    symmetric_kinds = (PileKind.TABLEAU, PileKind.FOUNDATION)

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        column = Build(0, SuitRule.SAME, empty="any", single_cards=True)
        piles = self.foundation_piles(F_X0, 0.0, F_STEP)
        piles += [PileSpec(name, PileKind.TABLEAU, i * STEP, COLUMN_Y, "column", fan=Fan.DOWN, build=column,
                           take=Take.TOP, deal_up=ROWS if i < 14 else ROWS - 1)
                  for i, name in enumerate(COLUMNS)]
        return tuple(piles)

    def initial_state(self, options: Options | None = None) -> FifteenState:
        base = super().initial_state(options)
        return FifteenState(base.deck, base.piles, base.down, base.passes, base.deal_seed, base.opts)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # Row by row, each from left to right: six rows of fifteen and a last row of fourteen.
        for row in range(ROWS):
            for i, name in enumerate(COLUMNS):
                if row < ROWS - 1 or i < 14:
                    yield name, True

    def passes_allowed(self, options: Options) -> int:
        return 1

    def anchor_for(self, spec: PileSpec) -> str:
        return "the-foundations" if spec.kind is PileKind.FOUNDATION else "building-on-the-tableau"

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        targets = self.home_targets(state)
        tops: dict[tuple[object, int], list[str]] = {}
        lanes: list[str] = []
        for name in COLUMNS:
            pile = piles[index[name]]
            if pile:
                top = deck[pile[-1]]
                tops.setdefault((top.suit, int(top.rank)), []).append(name)
            else:
                lanes.append(name)
        for name in COLUMNS:
            pile = piles[index[name]]
            if not pile:
                continue
            card = deck[pile[-1]]
            yield from self.home_moves_for(state, name, card, targets)
            for m in (1, -1):
                for other in tops.get((card.suit, int(card.rank) + m), ()):
                    if other != name:
                        yield Move(name, other)
            if len(pile) > 1:
                for lane in lanes:
                    yield Move(name, lane)
        if self._exception_open(state):
            for name in COLUMNS:
                pile = piles[index[name]]
                if len(pile) > SIXTH_ROW + 1:
                    card = deck[pile[SIXTH_ROW]]
                    if card.rank in (Rank.ACE, Rank.KING):
                        for move in self.home_moves_for(state, name, card, targets):
                            yield Move(name, move.dst, len(pile) - SIXTH_ROW)

    def _exception_open(self, state: PatienceState) -> bool:
        """May an ace or a king be drawn out of the sixth row now?  Only with the option, while
        nothing has been played to the foundations but what the exception drew out, and -- before
        the first is drawn -- when no card at all can be played to a foundation."""
        if not dict(state.opts).get("exception", True):
            return False
        withdrawn = getattr(state, "withdrawn", 0)
        if withdrawn == ACE_BIT | KING_BIT:
            return False
        if self.on_foundations(state) != bin(withdrawn).count("1"):
            return False
        if withdrawn == 0:
            _, index = self._specs_of(state)
            targets = self.home_targets(state)
            for name in COLUMNS:
                pile = state.piles[index[name]]
                if pile and next(self.home_moves_for(state, name, state.deck[pile[-1]], targets), None):
                    return False
        return True

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        return IllegalAction("the whole of both packs is dealt at the start: there is no pack, "
                             "talon or re-deal", self.ref("the-deal"))

    redeal_refusal = draw_refusal

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if action.count > 1:
            if src.kind is PileKind.TABLEAU and len(self.pile_of(state, action.src)) >= action.count:
                return self._why_not_withdraw(state, action, explain)
            return IllegalAction("cards are moved one at a time", self.ref("building-on-the-tableau"))
        return super().move_refusal(state, action, src, dst, explain)

    def _why_not_withdraw(self, state: PatienceState, action: Move, explain: bool) -> IllegalAction | None:
        """A covered card may leave its column only under the sixth-row exception."""
        specs, index = self._specs_of(state)
        pile = state.piles[index[action.src]]
        position = len(pile) - action.count
        card = state.deck[pile[position]]
        dst = specs[index[action.dst]]
        if not explain and (dst.kind is not PileKind.FOUNDATION or position != SIXTH_ROW):
            return _REFUSED
        if dst.kind is not PileKind.FOUNDATION:
            return IllegalAction("only the lowest card of a column is available, and cards move one at a time",
                                 self.ref("available-cards"))
        if position != SIXTH_ROW or card.rank not in (Rank.ACE, Rank.KING):
            return IllegalAction("only the lowest card of a column is available (the one exception: an ace "
                                 "and a king from the sixth row when the game cannot begin)",
                                 self.ref("available-cards"))
        if not dict(state.opts)["exception"]:
            return IllegalAction("under this option no card is drawn out of the sixth row",
                                 self.ref("when-the-game-cannot-begin"))
        withdrawn = getattr(state, "withdrawn", 0)
        bit = ACE_BIT if card.rank is Rank.ACE else KING_BIT
        if withdrawn & bit:
            which = "an ace" if bit == ACE_BIT else "a king"
            return IllegalAction(f"{which} has been drawn out of the sixth row already: the exception allows "
                                 "one ace and one king", self.ref("when-the-game-cannot-begin"))
        if not self._exception_open(state):
            return IllegalAction("an ace or a king is drawn out of the sixth row only when no foundation "
                                 "can be begun or continued otherwise, before any card has gone home",
                                 self.ref("when-the-game-cannot-begin"))
        return self.accepts(state, dst, state.piles[index[action.dst]], [card], explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            return super().build_refusal(dst, card, below)
        return (f"the {card.name} cannot go on the {below.name}: cards are married in suit, one rank "
                "higher or lower")

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if isinstance(action, Move) and action.count > 1 and state.deck:
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            _, index = self._specs_of(state)
            si, di = index[action.src], index[action.dst]
            pile = state.piles[si]
            card = pile[SIXTH_ROW]
            piles = list(state.piles)
            piles[si] = pile[:SIXTH_ROW] + pile[SIXTH_ROW + 1:]   # the cards below close the gap
            piles[di] = piles[di] + (card,)
            bit = ACE_BIT if state.deck[card].rank is Rank.ACE else KING_BIT
            return replace(state, piles=tuple(piles), withdrawn=getattr(state, "withdrawn", 0) | bit)
        return super().apply(state, action)

    # -- the solver's and the hint's help ---------------------------------------------------
    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card goes home without a second thought once no card it could be married with --
        one rank above or below it in its suit -- is left in the columns: it can then never serve
        there again, and leaving its column only frees the card above it."""
        _, index = self._specs_of(state)
        in_play: set[tuple[object, int]] = set()
        for name in COLUMNS:
            for c in state.piles[index[name]]:
                card = state.deck[c]
                in_play.add((card.suit, int(card.rank)))
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and action.count == 1 and action.dst in FOUNDATIONS:
                card = state.deck[state.piles[index[action.src]][-1]]
                if (card.suit, int(card.rank) - 1) not in in_play and (card.suit, int(card.rank) + 1) not in in_play:
                    return action
        return None

    def solver_model(self, state: PatienceState) -> Any:
        """The solver's compact model of the game (see ``FifteenModel``)."""
        return FifteenModel(self, state) if state.deck else None

    def hint(self, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """The first move of the best line a short best-first search finds from the view (every
        card is face up, so the view is the whole position); the exception is taken when it is
        the only way to begin."""
        if not state.deck:
            return None
        legal = self.legal_actions(state, 0)
        if not legal:
            return None
        view = self.view(state, 0)
        key = _view_key(view, getattr(state, "withdrawn", 0))
        cache: dict = self.__dict__.setdefault("_plan_cache", {})
        planned = cache.get(key)
        if planned is not None and planned in legal:
            return planned
        plan = plan_from_view(self, view, HINT_SECONDS)
        if not plan:
            withdraw = [a for a in legal if isinstance(a, Move) and a.count > 1]
            return withdraw[0] if withdraw else None
        if len(cache) > 5000:
            cache.clear()
        walk = state
        for action in plan:      # the whole line is remembered, so following it costs nothing
            if action not in self.legal_actions(walk, 0):
                break
            cache[_view_key(self.view(walk, 0), getattr(walk, "withdrawn", 0))] = action
            walk = self.apply(walk, action)
        return plan[0] if plan[0] in legal else None

    # -- the end ---------------------------------------------------------------------------
    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="every card is home: the aces have climbed to the kings and the "
                                          "kings come down to the aces")
        return result

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Move) and action.count > 1:
            _, index = self._specs_of(state)
            card = state.deck[state.piles[index[action.src]][SIXTH_ROW]]
            return f"draw the {card.name} out of the sixth row onto its foundation"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        self.resolve_options(options)
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| 4 × ascending foundation | empty at the start | an ace, of a suit not yet among them; "
                "then builds up in suit | nothing |",
                "| 4 × descending foundation | empty at the start | a king, of a suit not yet among them; "
                "then builds down in suit | nothing |",
                "| 15 × column | 7 face up (the last column 6), in overlapping rows | single cards one rank "
                "higher or lower, in suit; when empty (a lane), any available card | the lowest card |"]
        return "\n".join(rows) + "\n"


def _view_key(view: PatienceView, withdrawn: int) -> tuple:
    return (withdrawn,) + tuple((p.name, tuple(c.id for c in p.cards)) for p in view.piles)


# -- the hint's search ------------------------------------------------------------------------------
# Cards are small integers (suit * 16 + rank).  A position is the tuple of columns (top of the
# layout first) and, per suit, the rank its ascending foundation has reached (0: not begun) and the
# rank its descending one has come down to (14: not begun).  The four aces are of different suits,
# so each suit has one foundation of each kind.  Sending a card home is played at once here (a
# heuristic, not a proof), and the search branches on the marriages and the lanes.

def _code(card: Card) -> int:
    return SUITS.index(card.suit) * 16 + int(card.rank)   # type: ignore[arg-type]


def _home_all(cols: list[list[int]], up: list[int], down: list[int], moves: list[tuple[int, int]]) -> None:
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(cols):
            while col:
                card = col[-1]
                suit, rank = card >> 4, card & 15
                if rank == up[suit] + 1:
                    up[suit] = rank
                    moves.append((i, -1 - suit))
                elif rank == down[suit] - 1:
                    down[suit] = rank
                    moves.append((i, -5 - suit))
                else:
                    break
                col.pop()
                moved = True


def _value(cols: Sequence[Sequence[int]], up: Sequence[int], down: Sequence[int]) -> float:
    """Lower is better: the cards still out, then how deeply the cards the foundations want next
    are buried, less a little for each lane."""
    out = sum(len(c) for c in cols)
    depth = 0
    lanes = 0
    for col in cols:
        if not col:
            lanes += 1
            continue
        n = len(col)
        for pos, card in enumerate(col):
            suit, rank = card >> 4, card & 15
            if rank <= up[suit] + 2 or rank >= down[suit] - 2:
                depth += n - 1 - pos
    return out * 10 + depth - 4 * lanes


def search(cols0: Sequence[Sequence[int]], up0: Sequence[int], down0: Sequence[int], seconds: float,
           max_nodes: int = 200_000) -> tuple[list[tuple[int, int]], bool]:
    """Best-first; returns (moves, won): the moves of the line to the best position found.  A move
    is (src column, dst column), (src, -1 - suit) for the ascending foundation of a suit, or
    (src, -5 - suit) for the descending one."""
    deadline = time.perf_counter() + seconds
    cols = [list(c) for c in cols0]
    up, down = list(up0), list(down0)
    first: list[tuple[int, int]] = []
    _home_all(cols, up, down, first)
    start = (tuple(tuple(c) for c in cols), tuple(up), tuple(down))
    parents: dict[tuple, tuple[tuple | None, list[tuple[int, int]]]] = {start: (None, first)}
    seen = {(tuple(sorted(start[0])), start[1], start[2])}
    best_value = _value(*start)
    best = start
    heap: list[tuple[float, int, tuple]] = [(best_value, 0, start)]
    counter, nodes = 1, 0
    won = not any(start[0])
    while heap and not won:
        nodes += 1
        if nodes & 63 == 0 and (time.perf_counter() > deadline or nodes > max_nodes):
            break
        _, _, node = heapq.heappop(heap)
        cols_t, up_t, down_t = node
        tops: dict[int, list[int]] = {}
        lane = -1
        for j, col in enumerate(cols_t):
            if col:
                tops.setdefault(col[-1], []).append(j)
            elif lane < 0:
                lane = j
        for i, col in enumerate(cols_t):
            if not col:
                continue
            card = col[-1]
            targets = tops.get(card + 1, []) + tops.get(card - 1, [])
            if lane >= 0 and len(col) > 1:
                targets = targets + [lane]
            for j in targets:
                if j == i:
                    continue
                new_cols = [list(c) for c in cols_t]
                new_cols[j].append(new_cols[i].pop())
                new_up, new_down = list(up_t), list(down_t)
                moves = [(i, j)]
                _home_all(new_cols, new_up, new_down, moves)
                child = (tuple(tuple(c) for c in new_cols), tuple(new_up), tuple(new_down))
                ckey = (tuple(sorted(child[0])), child[1], child[2])
                if ckey in seen:
                    continue
                seen.add(ckey)
                parents[child] = (node, moves)
                v = _value(*child)
                if v < best_value:
                    best_value, best = v, child
                if not any(child[0]):
                    best, won = child, True
                    break
                heapq.heappush(heap, (v, counter, child))
                counter += 1
            if won:
                break
    line: list[tuple[int, int]] = []
    walk: tuple | None = best
    while walk is not None:
        parent, moves = parents[walk]
        line[:0] = moves
        walk = parent
    return line, won


def plan_from_view(game: TheFifteen, view: PatienceView, seconds: float) -> list[Move]:
    """The moves of the best line the search finds from ``view``, as table moves; empty when it
    sees nothing better than the position as it stands."""
    cols: list[list[int]] = []
    for name in COLUMNS:
        cards = view.pile(name).cards
        if any(c.face is None for c in cards):
            return []
        cols.append([_code(c.face) for c in cards])   # type: ignore[arg-type]
    up, down = [0] * 4, [14] * 4
    up_pile: dict[int, str] = {}
    down_pile: dict[int, str] = {}
    for name in FOUNDATIONS:
        cards = view.pile(name).cards
        if cards and cards[-1].face is not None and cards[0].face is not None:
            s = _code(cards[0].face) >> 4
            if name in ACES:
                up[s], up_pile[s] = int(cards[-1].face.rank), name
            else:
                down[s], down_pile[s] = int(cards[-1].face.rank), name
    start_value = _value(cols, up, down)
    line, won = search(cols, up, down, seconds)
    if not line:
        return []
    c2, u2, d2 = [list(c) for c in cols], list(up), list(down)
    for src, dst in line:
        card = c2[src].pop()
        if dst <= -5:
            d2[card >> 4] = card & 15
        elif dst < 0:
            u2[card >> 4] = card & 15
        else:
            c2[dst].append(card)
    if not won and _value(c2, u2, d2) >= start_value:
        return []
    free_up = [n for n in ACES if n not in up_pile.values()]
    free_down = [n for n in KINGS if n not in down_pile.values()]
    out: list[Move] = []
    for src, dst in line:
        if dst <= -5:
            suit = -5 - dst
            if suit not in down_pile:
                down_pile[suit] = free_down.pop(0)
            out.append(Move(COLUMNS[src], down_pile[suit]))
        elif dst < 0:
            suit = -1 - dst
            if suit not in up_pile:
                up_pile[suit] = free_up.pop(0)
            out.append(Move(COLUMNS[src], up_pile[suit]))
        else:
            out.append(Move(COLUMNS[src], COLUMNS[dst]))
    return out


# -- the solver's model ------------------------------------------------------------------------------
class FifteenModel:
    """The Fifteen for ``compendium.ai.solver.search``: cards as small integers (suit * 16 + rank),
    a position as (columns, ascending ranks, descending ranks, withdrawn) -- the columns in table
    order, and per suit the rank its ascending foundation has reached (0: not begun) and the rank
    its descending one has come down to (14: not begun); the four aces are of different suits, and
    so are the kings, so each suit has one foundation of each kind.

    Moves left out, each because it can never be needed:

    * only one lane is offered as a target: the columns are alike, so any lane does as well;
    * a lone card is never moved into a lane (the engine refuses it too: it changes nothing).

    Safe moves, played without branching: a card goes home when no card one rank above or below
    it in its suit is left in the columns (``TheFifteen.safe_home_move``) -- except while nothing
    has gone home, when the sixth-row exception may still be wanted.  Positions are compared with
    their columns in any order."""

    def __init__(self, game: TheFifteen, state: PatienceState) -> None:
        _, index = game._specs_of(state)
        deck = state.deck
        self.exception = bool(dict(state.opts).get("exception", True))
        cols = tuple(tuple(_code(deck[c]) for c in state.piles[index[n]]) for n in COLUMNS)
        up, down = [0] * 4, [14] * 4
        self.up_pile: dict[int, str] = {}
        self.down_pile: dict[int, str] = {}
        for name in FOUNDATIONS:
            pile = state.piles[index[name]]
            if pile:
                suit = _code(deck[pile[0]]) >> 4
                if name in ACES:
                    up[suit], self.up_pile[suit] = int(deck[pile[-1]].rank), name
                else:
                    down[suit], self.down_pile[suit] = int(deck[pile[-1]].rank), name
        start = (cols, tuple(up), tuple(down), int(getattr(state, "withdrawn", 0)))
        self._root, self._forced = self._settle(start)

    # -- the protocol -----------------------------------------------------------------------
    def root(self) -> Any:
        return self._root

    def key(self, position: Any) -> Any:
        cols, up, down, withdrawn = position
        return (tuple(sorted(cols)), up, down, withdrawn)

    def won(self, position: Any) -> bool:
        return not any(position[0])

    def dead(self, position: Any) -> bool:
        return False

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        """The engine's moves for the labels, the foundations named as the aces and kings reach
        them (the first empty place of their kind, as the table would fill it)."""
        up_pile, down_pile = dict(self.up_pile), dict(self.down_pile)
        out: list[Any] = []
        for kind, src, arg in [m for m in self._forced] + [m for label in labels for m in label]:
            if kind == "col":
                out.append(Move(COLUMNS[src], COLUMNS[arg]))
                continue
            suit, depth = arg
            piles, names = (up_pile, ACES) if kind == "up" else (down_pile, KINGS)
            if suit not in piles:
                piles[suit] = next(n for n in names if n not in piles.values())
            out.append(Move(COLUMNS[src], piles[suit], depth))
        return out

    # -- the rules ----------------------------------------------------------------------------
    @staticmethod
    def _home(card: int, up: Sequence[int], down: Sequence[int]) -> str | None:
        suit, rank = card >> 4, card & 15
        if rank == up[suit] + 1:
            return "up"
        if rank == down[suit] - 1:
            return "down"
        return None

    def _settle(self, position: Any, touched: int = -1) -> tuple[Any, list[Any]]:
        """Play the safe moves home.  ``touched``: the only column whose top card may have become
        safe to send (after a card moved between columns, nothing else changed: whether a card is
        safe depends only on which cards are in the columns)."""
        cols, up, down, withdrawn = position
        played: list[Any] = []
        if self.exception and withdrawn != ACE_BIT | KING_BIT \
                and sum(up) + sum(14 - d for d in down) == bin(withdrawn).count("1"):
            return position, played     # nothing has gone home yet: sending a card would close the exception
        home = self._home
        if touched >= 0:
            col = cols[touched]
            if not col or home(col[-1], up, down) is None:
                return position, played
        elif not any(col and home(col[-1], up, down) for col in cols):
            return position, played     # the usual case, found without counting the cards
        present: Counter[int] = Counter(c for col in cols for c in col)
        cols_l, up_l, down_l = list(cols), list(up), list(down)
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(cols_l):
                if not col:
                    continue
                card = col[-1]
                where = self._home(card, up_l, down_l)
                if where is None or present[card + 1] or present[card - 1]:
                    continue
                if where == "up":
                    up_l[card >> 4] = card & 15
                else:
                    down_l[card >> 4] = card & 15
                cols_l[i] = col[:-1]
                present[card] -= 1
                played.append(("up" if where == "up" else "down", i, (card >> 4, 1)))
                moved = True
        if not played:
            return position, played
        return (tuple(cols_l), tuple(up_l), tuple(down_l), withdrawn), played

    def children(self, position: Any) -> list[tuple[Any, Any]]:
        cols, up, down, withdrawn = position
        tops: dict[int, list[int]] = {}
        lane = -1
        for j, col in enumerate(cols):
            if col:
                tops.setdefault(col[-1], []).append(j)
            elif lane < 0:
                lane = j
        scored: list[tuple[int, int, Any, Any]] = []
        homes = False
        for i, col in enumerate(cols):
            if not col:
                continue
            card = col[-1]
            rest = col[:-1]
            where = self._home(card, up, down)
            if where is not None:
                homes = True
                new_up, new_down = list(up), list(down)
                (new_up if where == "up" else new_down)[card >> 4] = card & 15
                new = list(cols)
                new[i] = rest
                scored.append((0, len(scored), (where, i, (card >> 4, 1)),
                               (tuple(new), tuple(new_up), tuple(new_down), withdrawn)))
            freed = 1 if rest and self._home(rest[-1], up, down) else 3
            for j in tops.get(card + 1, []) + tops.get(card - 1, []):
                if j == i:
                    continue
                new = list(cols)
                new[i] = rest
                new[j] = cols[j] + (card,)
                scored.append((freed, len(scored), ("col", i, j), (tuple(new), up, down, withdrawn)))
            if lane >= 0 and rest:
                new = list(cols)
                new[i] = rest
                new[lane] = (card,)
                scored.append((freed + 1, len(scored), ("col", i, lane), (tuple(new), up, down, withdrawn)))
        if self.exception and withdrawn != ACE_BIT | KING_BIT \
                and sum(up) + sum(14 - d for d in down) == bin(withdrawn).count("1") \
                and (withdrawn or not homes):
            for i, col in enumerate(cols):
                if len(col) <= SIXTH_ROW + 1:
                    continue
                card = col[SIXTH_ROW]
                rank, suit = card & 15, card >> 4
                if rank == 1 and not withdrawn & ACE_BIT and up[suit] == 0:
                    kind, bit, new_up, new_down = "up", ACE_BIT, list(up), list(down)
                    new_up[suit] = 1
                elif rank == 13 and not withdrawn & KING_BIT and down[suit] == 14:
                    kind, bit, new_up, new_down = "down", KING_BIT, list(up), list(down)
                    new_down[suit] = 13
                else:
                    continue
                new = list(cols)
                new[i] = col[:SIXTH_ROW] + col[SIXTH_ROW + 1:]
                scored.append((5, len(scored), (kind, i, (suit, len(col) - SIXTH_ROW)),
                               (tuple(new), tuple(new_up), tuple(new_down), withdrawn | bit)))
        scored.sort(key=lambda s: (s[0], s[1]))
        out = []
        for _, _, move, child in scored:
            # a card moved between columns can only have made its old column's new top safe
            child, forced = self._settle(child, move[1] if move[0] == "col" else -1)
            out.append(((move, *forced), child))
        return out


GAME = TheFifteen()
