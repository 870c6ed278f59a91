"""The Fifteen: the computer's side -- the hint and the solver's model."""
from __future__ import annotations

import time
from collections import Counter
from typing import Any, Sequence

from ...core.cards import SUITS, Card
from ...games.patience.engine import Move, PatienceAction, PatienceState, PatienceView
from ...games.patience.the_fifteen import ACE_BIT, COLUMNS, KING_BIT, SIXTH_ROW, TheFifteen
from ...games.patience.up_and_down_foundations import ACES, FOUNDATIONS, KINGS
from ..solver import best_first
from .heuristic import PatienceAI

# -- the hint's look-ahead --------------------------------------------------------------------------
# A best-first search of the shared solver over its model (``FifteenModel``, greedy: every card
# that will go home goes at once -- a heuristic, not a proof -- and the exception is left to the
# hint's last resort), led by ``_value``; the hint follows the best line it finds.


def _view_key(view: PatienceView, withdrawn: int) -> tuple:
    return (withdrawn,) + tuple((p.name, tuple(c.id for c in p.cards)) for p in view.piles)


def _code(card: Card) -> int:
    return SUITS.index(card.suit) * 16 + int(card.rank)   # type: ignore[arg-type]


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


def _cost(position: Any) -> float:
    """``_value`` of a position of the solver's model (columns, ascending, descending, withdrawn)."""
    cols, up, down, _ = position
    return _value(cols, up, down)


def plan_line(game: TheFifteen, state: PatienceState, seconds: float,
         max_nodes: int = 200_000) -> tuple[list[Move], bool]:
    """The moves of the best line a best-first search finds over the solver's model
    (``FifteenModel``, its greedy form: every card that will go home goes), and whether it wins;
    no moves when it sees nothing better than the position as it stands.  Every card of The
    Fifteen lies face up, so the position is no more than the player sees."""
    if not state.deck or any(state.down):
        return [], False
    model = FifteenModel(game, state, greedy=True)
    start = _cost(model.root())
    labels, end, won, _ = best_first(model, _cost, time.perf_counter() + seconds, max_nodes,
                                     clock=time.perf_counter)
    line = model.actions(labels)
    if not line or (not won and _cost(end) >= start and not model.actions([])):
        return [], won
    return line, won


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

    def __init__(self, game: TheFifteen, state: PatienceState, greedy: bool = False) -> None:
        _, index = game._specs_of(state)
        deck = state.deck
        # The hint's look-ahead (``greedy``) sends every card home that will go, at once, and
        # leaves the exception alone: a heuristic, not a proof, that keeps its search small.
        self.greedy = greedy
        self.exception = bool(dict(state.opts).get("exception", True)) and not greedy
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
        greedy = self.greedy
        present: Counter[int] = Counter() if greedy else Counter(c for col in cols for c in col)
        cols_l, up_l, down_l = list(cols), list(up), list(down)
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(cols_l):
                if not col:
                    continue
                card = col[-1]
                where = self._home(card, up_l, down_l)
                if where is None or (not greedy and (present[card + 1] or present[card - 1])):
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


HINT_SECONDS = 0.15        # the hint's search budget


class FifteenAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """The first move of the best line a short best-first search finds from the view (every
        card is face up, so the view is the whole position); the exception is taken when it is
        the only way to begin."""
        if not state.deck:
            return None
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        view = game.view(state, 0)
        key = _view_key(view, getattr(state, "withdrawn", 0))
        cache: dict = game.__dict__.setdefault("_plan_cache", {})
        planned = cache.get(key)
        if planned is not None and planned in legal:
            return planned
        plan, _ = plan_line(game, state, HINT_SECONDS)
        if not plan:
            withdraw = [a for a in legal if isinstance(a, Move) and a.count > 1]
            return withdraw[0] if withdraw else None
        if len(cache) > 5000:
            cache.clear()
        walk = state
        for action in plan:      # the whole line is remembered, so following it costs nothing
            if action not in game.legal_actions(walk, 0):
                break
            cache[_view_key(game.view(walk, 0), getattr(walk, "withdrawn", 0))] = action
            walk = game.apply(walk, action)
        return plan[0] if plan[0] in legal else None

    def solver_model(self, game: Any, state: PatienceState) -> Any:
        """The solver's compact model of the game (see ``FifteenModel``)."""
        return FifteenModel(game, state) if state.deck else None


AI = FifteenAI()
