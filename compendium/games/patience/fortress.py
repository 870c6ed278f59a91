"""Fortress, from Lady Cadogan's book (catalogue: fortress).

The whole pack is dealt face up in two groups of five rows, one on each side of a centre column
that holds the four foundations.  Only the outer card of each row is free: the left end of a row
of the left group, the right end of a row of the right group.  The aces go up to the centre and are
built up in suit to the kings; free cards are married up or down in suit on other free cards, one
at a time; a row emptied (a *lane*) takes any free card at its inner end.  No stock, no re-deal.

Each row is a pile fanned towards the outside, its top card at the outer end.  The book's text says
the foundations "descend" to the kings: a slip of the original (aces cannot descend to kings); they
are built upwards here, and the rules page says so.
"""
from __future__ import annotations

import heapq
import time
from typing import Iterable, Sequence

from ...core.cards import Rank
from ...core.errors import IllegalAction
from ...core.game import OptionSpec, Options
from ..catalogue import BY_ID
from .engine import (Build, Fan, Move, PatienceAction, PatienceGame, PatienceState,
                     PatienceView, PileKind, PileSpec, SuitRule, Take)

ROWS = 5                 # rows in each group
ROW_GAP = 0.22           # between rows, in card widths
ROW_STEP = 1.4 + ROW_GAP
CENTRE_GAP = 0.35        # between a group's inner ends and the foundation column
ROOM = 11 * 0.28         # a row may grow to about twelve cards before it is squeezed
LEFT = tuple(f"l{i + 1}" for i in range(ROWS))
RIGHT = tuple(f"r{i + 1}" for i in range(ROWS))
HINT_SECONDS = 0.15      # the hint's search budget


def row_length(row: int) -> int:
    """Cards dealt to row ``row`` (0 at the top) of either group: the bottom row has six."""
    return 6 if row == ROWS - 1 else 5


class Fortress(PatienceGame):
    info = BY_ID["fortress"]
    no_redeal = True
    pack = "52"
    option_specs = (
        OptionSpec("from_foundation", False, (False, True), "Cards may come back from the foundations",
                   labels=("No (the book)", "Yes")),
    )

    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        marry = Build(0, SuitRule.SAME, empty="any", single_cards=True)
        home = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        height = ROWS * ROW_STEP - ROW_GAP
        f_gap = (height - 4 * 1.4) / 3
        piles = [PileSpec(f"f{i + 1}", PileKind.FOUNDATION, 0.0, i * (1.4 + f_gap), "foundation",
                          build=home, take=Take.TOP if options["from_foundation"] else Take.NONE)
                 for i in range(4)]
        for row in range(ROWS):
            y = row * ROW_STEP
            piles.append(PileSpec(LEFT[row], PileKind.TABLEAU, -1 - CENTRE_GAP, y, "left-hand row",
                                  fan=Fan.LEFT, build=marry, take=Take.TOP, deal_up=row_length(row),
                                  room=ROOM))
        for row in range(ROWS):
            y = row * ROW_STEP
            piles.append(PileSpec(RIGHT[row], PileKind.TABLEAU, 1 + CENTRE_GAP, y, "right-hand row",
                                  fan=Fan.RIGHT, build=marry, take=Take.TOP, deal_up=row_length(row),
                                  room=ROOM))
        return tuple(piles)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # Line by line down the table, each line dealt from the left across the left-hand group
        # and then across the right-hand group.
        for row in range(ROWS):
            for name in (LEFT[row], RIGHT[row]):
                for _ in range(row_length(row)):
                    yield name, True

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        dealt = super().deal(state, seed)
        # A left-hand row is dealt from its outer (left) end inwards, and that first card is its
        # free one: the top of the pile.  So those piles are turned end for end.
        _, index = self._specs_of(dealt)
        piles = list(dealt.piles)
        for name in LEFT:
            piles[index[name]] = tuple(reversed(piles[index[name]]))
        return self._with(dealt, piles=tuple(piles))

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        return IllegalAction("Fortress has no stock: the whole pack is dealt at the start",
                             self.ref("the-stock-and-waste"))

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if action.count > 1:
            if src.kind is PileKind.TABLEAU:
                return IllegalAction("only the outside card of a row is free; the cards inside it "
                                     "wait until it has gone", self.ref("available-cards"))
            return IllegalAction("cards are moved one at a time", self.ref("moving-runs"))
        return super().move_refusal(state, action, src, dst, explain)

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        # No stock and single cards only: the engine's generator without Draw, Redeal and runs.
        specs, _ = self._specs_of(state)
        deck = state.deck
        tops = [deck[p[-1]] if p else None for p in state.piles]
        for si, src in enumerate(specs):
            card = tops[si]
            if card is None or src.take is Take.NONE:
                continue
            for di, dst in enumerate(specs):
                if di != si and dst.build is not None and dst.build.fits(tops[di], card):
                    yield Move(src.name, dst.name)

    def solver_model(self, state: PatienceState) -> object:
        """The solver's compact model of the rows, with its safe moves and symmetries; ``None``
        for a position it does not know (the engine is searched)."""
        from ...ai.solver import RowsModel
        return RowsModel(self, state) if RowsModel.applies(self, state) else None

    # -- the hint: a small search over the open layout ---------------------------------------
    def hint(self, state: PatienceState, seat: int) -> PatienceAction | None:  # type: ignore[override]
        if not state.deck:
            return None
        view = self.view(state, 0)
        legal = self.legal_actions(state, 0)
        if not legal:
            return None
        key = _view_key(view)
        cache: dict = self.__dict__.setdefault("_plan_cache", {})
        planned = cache.get(key)
        if planned is not None and planned in legal:
            return planned
        plan = plan_from_view(view, HINT_SECONDS)
        if not plan:
            return None
        if len(cache) > 5000:
            cache.clear()
        # Remember the whole line, so that following it costs nothing.
        walk = state
        for action in plan:
            if action not in self.legal_actions(walk, 0):
                break
            cache[_view_key(self.view(walk, 0))] = action
            walk = self.apply(walk, action)
        return plan[0] if plan[0] in legal else None


def _view_key(view: PatienceView) -> tuple:
    return tuple((p.name, tuple(c.id for c in p.cards)) for p in view.piles)


# -- the search ----------------------------------------------------------------------------------
# Cards are small integers (suit * 16 + rank); a position is the tuple of rows (bottom to top) and
# the rank reached on each suit's foundation.  Sending a card home is never a mistake in Fortress
# (the only card that could be married on it is the next one of its suit, which may then go home
# as well), so the search plays every such move at once and branches only on the marriages.

def _home_all(rows: list[list[int]], home: list[int], moves: list[tuple[int, int]]) -> None:
    moved = True
    while moved:
        moved = False
        for i, row in enumerate(rows):
            while row and (row[-1] & 15) == home[row[-1] >> 4] + 1:
                card = row.pop()
                home[card >> 4] += 1
                moves.append((i, -1 - (card >> 4)))
                moved = True


def _value(rows: Sequence[Sequence[int]], home: Sequence[int]) -> float:
    """Lower is better: the cards still out, then how deep the next cards wanted lie."""
    out = 52 - sum(home)
    depth = 0
    lanes = 0
    for row in rows:
        if not row:
            lanes += 1
            continue
        n = len(row)
        for pos, card in enumerate(row):
            rank = card & 15
            need = home[card >> 4] + 1
            if rank <= need + 1:
                depth += n - 1 - pos
    return out * 10 + depth - 3 * lanes


def search(rows0: Sequence[Sequence[int]], home0: Sequence[int], seconds: float,
           max_nodes: int = 1_000_000) -> tuple[list[tuple[int, int]], bool]:
    """Best-first search; returns (moves, won).  A move is (src row, dst row) or (src row, -1 - suit)
    for a card sent home.  The moves lead to the best position found."""
    deadline = time.process_time() + seconds
    rows = [list(r) for r in rows0]
    home = list(home0)
    first: list[tuple[int, int]] = []
    _home_all(rows, home, first)
    start = (tuple(tuple(r) for r in rows), tuple(home))
    parents: dict[tuple, tuple[tuple | None, list[tuple[int, int]]]] = {}
    generated: set = {(tuple(sorted(start[0])), start[1])}
    best_value = _value(*start)
    best = start
    parents[start] = (None, first)
    heap: list[tuple[float, int, tuple]] = [(best_value, 0, start)]
    counter = 1
    nodes = 0
    won = sum(home) == 52
    while heap and not won:
        nodes += 1
        if nodes & 127 == 0 and (time.process_time() > deadline or nodes > max_nodes):
            break
        _, _, node = heapq.heappop(heap)
        rows_t, home_t = node
        tops = [(r[-1] if r else -1) for r in rows_t]
        lanes = [j for j, t in enumerate(tops) if t < 0]
        for i, row in enumerate(rows_t):
            if not row:
                continue
            card = row[-1]
            # moves to a lane: one lane is as good as another, and a lone card gains nothing
            targets = [j for j, top in enumerate(tops)
                       if j != i and top >= 0 and (top >> 4) == (card >> 4) and abs((top & 15) - (card & 15)) == 1]
            if lanes and len(row) > 1:
                targets.append(lanes[0])
            for j in targets:
                new_rows = [list(r) for r in rows_t]
                new_rows[j].append(new_rows[i].pop())
                new_home = list(home_t)
                moves = [(i, j)]
                _home_all(new_rows, new_home, moves)
                child = (tuple(tuple(r) for r in new_rows), tuple(new_home))
                ckey = (tuple(sorted(child[0])), child[1])
                if ckey in generated:
                    continue
                generated.add(ckey)
                parents[child] = (node, moves)
                v = _value(*child)
                if v < best_value:
                    best_value, best = v, child
                if sum(new_home) == 52:
                    best, won = child, True
                    break
                heapq.heappush(heap, (v, counter, child))
                counter += 1
            if won:
                break
    line: list[tuple[int, int]] = []
    node: tuple | None = best
    while node is not None:
        parent, moves = parents[node]
        line[:0] = moves
        node = parent
    return line, won


def plan_from_view(view: PatienceView, seconds: float) -> list[Move]:
    """The moves of the best line the search finds from ``view``, as table moves; empty when the
    search sees nothing better than the position as it stands."""
    rows_names = [p.name for p in view.piles if p.kind is PileKind.TABLEAU]
    found_names = [p.name for p in view.piles if p.kind is PileKind.FOUNDATION]
    rows: list[list[int]] = []
    for name in rows_names:
        cards = view.pile(name).cards
        if any(c.face is None for c in cards):
            return []
        rows.append([_code(c.face) for c in cards])  # type: ignore[arg-type]
    home = [0, 0, 0, 0]
    suit_pile: dict[int, str] = {}
    for name in found_names:
        cards = view.pile(name).cards
        if cards and cards[-1].face is not None:
            top = cards[-1].face
            s = _code(top) >> 4
            home[s] = int(top.rank)
            suit_pile[s] = name
    start_value = _value(rows, home)
    line, won = search(rows, home, seconds)
    if not line:
        return []
    # Replay the line to see where it leads; keep it only if it improves the position.
    r2 = [list(r) for r in rows]
    h2 = list(home)
    for src, dst in line:
        card = r2[src].pop()
        if dst < 0:
            h2[card >> 4] += 1
        else:
            r2[dst].append(card)
    if not won and _value(r2, h2) >= start_value:
        return []
    free = [n for n in found_names if n not in suit_pile.values()]
    out: list[Move] = []
    for src, dst in line:
        if dst < 0:
            suit = -1 - dst
            if suit not in suit_pile:
                suit_pile[suit] = free.pop(0)
            out.append(Move(rows_names[src], suit_pile[suit]))
        else:
            out.append(Move(rows_names[src], rows_names[dst]))
    return out


def _code(card) -> int:  # type: ignore[no-untyped-def]
    return "CDHS".index(card.suit.letter) * 16 + int(card.rank)


GAME = Fortress()
