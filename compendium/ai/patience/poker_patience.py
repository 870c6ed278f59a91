"""Computer players for Poker Patience and Serpent Poker Patience, and the serpent optimiser.

Poker Patience (cards turned blind).  A player sees its view only: its own square, the card to
lay and nothing of the cards to come; what it knows of the future is the set of cards not yet
seen, from which it samples (Monte Carlo over the unseen pack).  Three strengths:

1. *Beginner*: lays the card where it makes a pair, threes or fours at once, or where it joins
   cards of its suit or near its rank; no thought for the cards to come.
2. *Club player*: values each row and column by the points it may be expected to score when it
   is full, were it filled at random from the unseen cards (exactly for a line one card short, by
   common samples otherwise), and lays the card where the square's expected total gains most.
3. *Expert*: knows that a line is not filled at random — the player steers cards into it — so a
   line lacking ``k`` cards is valued as the best ``k`` of ``m`` cards drawn from the unseen ones,
   ``m`` growing with the cards still to come (see ``_Evaluator``), with more samples.  (A look one
   card further ahead, sampled, was tried and gained nothing measurable over 60 deals, at ten
   times the cost; it is not used.)

Serpent Poker Patience (every card known).  Level 3 follows the best serpent that continues what
is laid (the exact optimiser of the rules, ``serpent_poker_patience.best_serpent``, by which the
game is judged won or lost).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.cards import Card
from ...core.game import Seat
from ...core.rng import SplitMix64
from ...games.patience.poker_patience import SIDE, Place
from ...games.patience.serpent_poker_patience import best_serpent, serpent_scores
from ...games.poker_hands import SCORE_TABLES, ScoreTable, card_code, partial_category_of_codes, points_of_codes
from ..base import Player
from .heuristic import PatienceAI


class SerpentPlayer:
    """Lays the serpent.  Level 3 follows the best serpent that continues what is laid; level 2
    the best it finds among one path in six (a player who tries a good many, not all); level 1
    lays each card where the lines it joins score best as they stand."""

    def __init__(self, level: int = 2) -> None:
        self.level = level

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        places = [a for a in legal if isinstance(a, Place)]
        if not places:
            return legal[0] if legal else None
        deck = tuple(c.face for c in view.cards)
        prefix = tuple(view.path)
        if self.level >= 3:
            target = best_serpent(deck, view.scoring, view.aces).path
            if target[:len(prefix)] != prefix:       # begun elsewhere: the best from here
                target = best_serpent(deck, view.scoring, view.aces, prefix).path
            return _step(places, target, len(prefix))
        if self.level == 2:
            scored = [(s, p) for i, (s, p) in enumerate(serpent_scores(deck, view.scoring, view.aces, prefix))
                      if i % 6 == 0]
            if scored:
                return _step(places, max(scored)[1], len(prefix))
        return _greedy_serpent(places, deck, prefix, view.scoring, view.aces)


def _step(places: Sequence[Place], path: Sequence[int], k: int) -> Place:
    cell = path[k]
    for p in places:
        if p.row * SIDE + p.col == cell:
            return p
    return places[0]


def _greedy_serpent(places: Sequence[Place], deck: Sequence[Card], prefix: Sequence[int],
                    scoring: str, aces: str) -> Place:
    table = SCORE_TABLES[scoring]
    codes = [card_code(c) for c in deck]
    card = codes[len(prefix)]
    grid = {cell: codes[i] for i, cell in enumerate(prefix)}

    def gain(p: Place) -> tuple[float, int]:
        row = [v for cell, v in grid.items() if cell // SIDE == p.row]
        col = [v for cell, v in grid.items() if cell % SIDE == p.col]
        value = 0.0
        for line in (row, col):
            value += points_of_codes(line + [card], table, aces) - points_of_codes(line, table, aces)
            value += 0.2 * sum(1 for v in line if v & 3 == card & 3)   # suits that may flush
        return value, -(p.row * SIDE + p.col)

    return max(places, key=gain)


# -- Poker Patience: placement players ------------------------------------------------------------
ALL_CODES = tuple(range(52))


class _Position:
    """What a placement player knows, from its view: its own lines, the card to lay, the unseen."""

    __slots__ = ("aces", "card", "cols", "filled_cols", "filled_rows", "pool", "rows", "table", "width")

    def __init__(self, view: Any) -> None:
        self.width: int = view.width
        self.card: int = card_code(view.card.face)
        self.table: ScoreTable = SCORE_TABLES[view.scoring]
        self.aces: str = view.aces
        self.rows: dict[int, tuple[int, ...]] = {}
        self.cols: dict[int, tuple[int, ...]] = {}
        seen = {self.card}
        for cell, vc in view.cards:
            code = card_code(vc.face)
            seen.add(code)
            r, c = divmod(cell, self.width)
            self.rows[r] = self.rows.get(r, ()) + (code,)
            self.cols[c] = self.cols.get(c, ()) + (code,)
        self.pool: tuple[int, ...] = tuple(c for c in ALL_CODES if c not in seen)


class _Evaluator:
    """What a line may be expected to score when it is full, from the cards it holds.

    A line is not filled at random: the player steers cards into it.  The model: a line that
    lacks ``k`` cards gets to choose them from ``m`` of the cards to come, where ``m`` grows with
    the cards still to be turned (``m = k + steer × (cards to come − k)``, at most ``CHOICE``);
    its value is the mean, over common random draws from the unseen cards, of the best ``k`` of
    ``m``.  With one card missing the mean of the best of ``m`` is computed exactly from the
    sorted values of every unseen card.  Each distinct line is valued once per decision."""

    CHOICE = 8

    def __init__(self, pos: _Position, samples: int, seed: int, steer: float, to_come: int) -> None:
        self.pos = pos
        self.steer = steer
        self.to_come = to_come
        self.memo: dict[tuple[int, ...], float] = {}
        gen = SplitMix64(seed)
        pool = list(pos.pool)
        n = len(pool)
        depth = min(self.CHOICE, n)
        self.draws: list[tuple[int, ...]] = []
        for _ in range(samples):
            picks = pool[:]               # a partial Fisher-Yates shuffle: a random ``depth`` cards
            for i in range(depth):
                j = i + gen.below(n - i)
                picks[i], picks[j] = picks[j], picks[i]
            self.draws.append(tuple(picks[:depth]))

    def choice(self, missing: int) -> int:
        extra = round(self.steer * max(0, self.to_come - missing))
        return max(missing, min(self.CHOICE, missing + extra))

    def line(self, codes: tuple[int, ...]) -> float:
        key = tuple(sorted(codes))
        value = self.memo.get(key)
        if value is not None:
            return value
        table, aces = self.pos.table, self.pos.aces
        missing = SIDE - len(key)
        m = self.choice(missing)
        if missing == 0:
            value = float(points_of_codes(key, table, aces))
        elif missing == 1:
            values = sorted(points_of_codes(key + (c,), table, aces) for c in self.pos.pool if c not in key)
            value = _mean_best_of(values, m)
        else:
            total = 0
            count = 0
            for draw in self.draws:
                cards = [c for c in draw if c not in key][:m]
                if len(cards) < missing:
                    continue
                if m == missing:
                    total += points_of_codes(key + tuple(cards), table, aces)
                else:
                    total += max(points_of_codes(key + extra, table, aces)
                                 for extra in itertools.combinations(cards, missing))
                count += 1
            value = total / count if count else 0.0
        self.memo[key] = value
        return value

    def gain(self, row: tuple[int, ...], col: tuple[int, ...], card: int) -> float:
        """What laying ``card`` into ``row`` and ``col`` adds to the square's expected total.
        An empty line counts as an empty line's expectation, so starting a new one costs that."""
        return (self.line(row + (card,)) - self.line(row)) + (self.line(col + (card,)) - self.line(col))


def _mean_best_of(values: Sequence[int], m: int) -> float:
    """The mean of the largest of ``m`` values drawn without replacement from ``values`` (sorted
    ascending): the j-th smallest is the largest drawn with probability C(j, m-1) / C(n, m)."""
    n = len(values)
    if n == 0:
        return 0.0
    m = min(m, n)
    if m == 1:
        return sum(values) / n
    total = 0.0
    weight = 1.0 / math.comb(n, m)    # C(j, m-1) / C(n, m) for j = m-1, updated as j grows
    for j in range(m - 1, n):
        total += values[j] * weight
        weight = weight * (j + 1) / (j + 2 - m)
    return total


def _seed_of(pos: _Position) -> int:
    """The same view always draws the same samples, so the computer's play is reproducible
    (``hash`` of a tuple would do, but strings aside it is not promised to stay the same)."""
    h = pos.card + 1
    for c in pos.pool:
        h = (h * 1_000_003 + c + 1) & ((1 << 62) - 1)
    return h


def _beginner_value(pos: _Position, row: tuple[int, ...], col: tuple[int, ...], card: int) -> float:
    value = 0.0
    for line in (row, col):
        now = pos.table[partial_category_of_codes(line)]
        after = pos.table[partial_category_of_codes(line + (card,))]
        value += after - now
        value += 0.3 * sum(1 for c in line if c & 3 == card & 3) / max(1, len(line))
        value += 0.2 * sum(1 for c in line if 0 < abs((c >> 2) - (card >> 2)) <= 2) / max(1, len(line))
    return value


TASTES = (1.0, 0.8, 1.2, 0.9, 1.1)


class PlacementPlayer:
    """Lays the turned card on its own square (Poker Patience) from its view only."""

    # per level: common draws from the unseen cards, and trust in the cards to come (see _Evaluator)
    SAMPLES: ClassVar[dict[int, int]] = {2: 32, 3: 48}
    STEER: ClassVar[dict[int, float]] = {2: 0.0, 3: 0.25}

    def __init__(self, level: int = 2) -> None:
        if level not in (1, 2, 3):
            raise ValueError(f"level {level!r}: expected 1, 2 or 3")
        self.level = level

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        places = [a for a in legal if isinstance(a, Place)]
        if not places:
            return legal[0] if legal else None
        if len(places) == 1 or view.card is None:
            return places[0]
        pos = _Position(view)
        width = pos.width

        def lines(p: Place) -> tuple[tuple[int, ...], tuple[int, ...]]:
            return pos.rows.get(p.row, ()), pos.cols.get(p.col, ())

        if self.level == 1:
            return max(places, key=lambda p: (_beginner_value(pos, *lines(p), pos.card), -p.cell(width)))
        to_come = SIDE * SIDE - len(view.cards) - 1
        # Each seat has a taste of its own (how far it trusts cards to come), so computer players
        # laying the same cards at one table do not all make the same square.
        seat = getattr(view, "seat", 0)
        steer = self.STEER[self.level] * TASTES[seat % len(TASTES)]
        ev = _Evaluator(pos, self.SAMPLES[self.level], _seed_of(pos) + seat, steer, to_come)
        return min(places, key=lambda p: (-ev.gain(*lines(p), pos.card), p.cell(width)))


class PlacementAI(PatienceAI):
    """Poker Patience: the placement player at three strengths; the hint is the expert's choice."""

    def player(self, game: Any, level: int = 2) -> Player:
        return PlacementPlayer(level)

    def hint(self, game: Any, state: Any, seat: Seat) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return PlacementPlayer(3).choose(game, game.view(state, seat), list(legal))


class SerpentAI(PatienceAI):
    """Serpent Poker Patience: the serpent player; the hint follows the best serpent."""

    def player(self, game: Any, level: int = 2) -> Player:
        return SerpentPlayer(level)

    def hint(self, game: Any, state: Any, seat: Seat) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return SerpentPlayer(3).choose(game, game.view(state, seat), list(legal))


PLACEMENT_AI = PlacementAI()
SERPENT_AI = SerpentAI()
