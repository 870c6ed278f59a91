"""The computer's backgammon: our own evaluation, and three strengths.

The evaluation scores a position from the side of the player who has just moved (the adversary
is to throw next), in pips: the race (pip counts), the blots left and how many of the adversary's
36 throws hit them (direct shots from up to six points away and indirect ones from seven to
twenty-four, through open landing points), the points made and where, primes and the men caught
behind them, anchors in the adversary's home table, the home table's strength when men are on the
bar, and, once the armies are past each other, a race count with the waste of a bear-off.

* Level 1 (a beginner): a rough evaluation (pips, blots, points) and a fair dose of chance.
* Level 2 (a club player): the best play by the full evaluation.
* Level 3 (an expert): the best few plays by the full evaluation looked at one throw deeper —
  for each of the adversary's 21 possible throws, his best answer — weighed by the throws' odds.
* Level 4, offered only where GNU Backgammon's Python module (``gnubg`` on PyPI) is installed, as
  chess offers an installed UCI engine: its neural-network evaluation chooses the play (our level
  3 still takes the cube decisions and the book's choice to throw again).  It is not a dependency
  of the application; ``python -m compendium.ai.field_strength backgammon`` also uses it to rate
  every play our levels make.

The player is given only the view (for backgammon the whole position: nothing is hidden, and the
dice still to come are not in it) and the legal actions.
"""
from __future__ import annotations

import importlib
import importlib.util
import math
import time
from dataclasses import dataclass
from typing import Any, Sequence

from ...core.game import LEVELS
from ...core.rng import SplitMix64
from ...games.board.backgammon import MEN, BackgammonState, CubeAction, Play, PlayInfo, ThrowAgain, generate
from ..base import PlayerAI

# The 21 different throws and how many of the 36 equally likely ways give each.
THROWS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(6, 0, -1) for b in range(a, 0, -1))

# -- shot counting ----------------------------------------------------------------------------
# For each distance d (1..24), the ways one man can travel exactly d with one throw: a bit mask of
# the ordered throws (6 * (a-1) + (b-1)) that can do it, and the landing points on the way (as
# offsets from the man) that must be open.  A throw hits when any of its ways is open.
_WAYS: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(25)]


def _build_ways() -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            bit = 1 << (6 * (a - 1) + (b - 1))
            if a == b:
                for m in range(1, 5):
                    d = a * m
                    if d <= 24:
                        _WAYS[d].append((bit, tuple(a * k for k in range(1, m))))
            else:
                _WAYS[a].append((bit, ()))
                _WAYS[b].append((bit, ()))
                _WAYS[a + b].append((bit, (a,)))
                _WAYS[a + b].append((bit, (b,)))


_build_ways()


def flip(r: Sequence[int]) -> tuple[int, ...]:
    """The same position seen from the other side (see BackgammonState.rel)."""
    o = [0] * 27
    on = r[26]
    for p in range(1, 25):
        v = -r[25 - p]
        o[p] = v
        if v > 0:
            on += v
    o[0] = MEN - on
    o[25] = r[26]
    o[26] = r[25]
    return tuple(o)


def pips(r: Sequence[int]) -> int:
    total = 25 * r[25]
    for p in range(1, 25):
        if r[p] > 0:
            total += p * r[p]
    return total


def shots(r: Sequence[int], blot: int, attackers: Sequence[int] | None = None) -> int:
    """How many of the adversary's 36 throws hit the mover's blot on ``blot``: he moves upwards
    in the mover's numbering, entering from the bar onto points 1..6.  ``attackers`` are the
    points his men stand on (0 for the bar), if already known."""
    if attackers is None:
        attackers = _attackers(r)
    mask = 0
    for q in attackers:
        if q >= blot:
            break
        d = blot - q
        if d > 24:
            continue
        for bit, steps in _WAYS[d]:
            if mask & bit:
                continue
            for s in steps:
                if r[q + s] >= 2:     # a point the mover holds bars the way
                    break
            else:
                mask |= bit
    return mask.bit_count()


def _attackers(r: Sequence[int]) -> list[int]:
    """The points (in the mover's numbering, lowest first) where the adversary has men; 0 for
    his men on the bar."""
    out = [0] if r[26] else []
    out.extend(q for q in range(1, 25) if r[q] < 0)
    return out


# -- the evaluation ---------------------------------------------------------------------------
# What a made point is worth, by the owner's point number: the five and six points and the bar
# point most; the adversary's five and four points as anchors.  (Weights chosen by matches of the
# computer against itself: a richer set with "builders" played no better at level 2 and made the
# look-ahead of level 3 gain less.)
POINT_VALUE = (0, 0.5, 1.5, 2.5, 4.0, 6.0, 6.0, 5.0, 3.0, 2.0, 1.5, 1.0, 0.5,
               0.5, 0.0, 0.0, 0.0, 1.0, 3.0, 2.5, 5.0, 4.5, 2.5, 1.5, 1.0)
PRIME_BONUS = (0, 0, 1, 3, 7, 12, 20)
STACK = 0.6            # each man beyond three on a point does little


def _structure(r: Sequence[int], o: Sequence[int]) -> float:
    """Points made, primes that hold enemy men behind them, stacking."""
    score = 0.0
    run = 0
    best_run = 0
    run_low = 0
    best_low = 0
    for p in range(1, 25):
        n = r[p]
        if n >= 2:
            score += POINT_VALUE[p]
            if n > 3:
                score -= STACK * (n - 3)
            run += 1
            if run == 1:
                run_low = p
            if run > best_run:
                best_run, best_low = run, run_low
        else:
            run = 0
    if best_run >= 2:
        # Enemy men behind the prime (lower numbers in the owner's count, or on the bar).
        trapped = o[25] + sum(-r[q] for q in range(1, best_low) if r[q] < 0)
        bonus = PRIME_BONUS[min(best_run, 6)]
        score += bonus * (1.0 if trapped else 0.3) + (0.4 * bonus * min(trapped, 3) if trapped else 0)
    return score


def _home_points(r: Sequence[int]) -> int:
    return sum(1 for p in range(1, 7) if r[p] >= 2)


def _risk(r: Sequence[int], o_home: int) -> float:
    """The pips the mover's blots are expected to lose before he moves again."""
    total = 0.0
    blots = [p for p in range(1, 25) if r[p] == 1]
    if not blots:
        return 0.0
    attackers = _attackers(r)
    worst = 0.0
    for p in blots:
        n = shots(r, p, attackers)
        if not n:
            continue
        loss = (25 - p) + 3.0 * o_home + (4.0 if p <= 12 else 1.0)
        risk = n / 36.0 * loss
        total += risk
        worst = max(worst, risk)
    # Two blots are rarely both hit: count the worst fully and the others by half.
    return worst + 0.5 * (total - worst)


def _race(r: Sequence[int], o: Sequence[int]) -> float:
    """No contact left: an effective pip count (the waste of men piled deep counted in)."""
    def effective(x: Sequence[int]) -> float:
        waste = 0.0
        for p in range(1, 7):
            if x[p] > 0:
                waste += max(0, x[p] - 2) * 0.5
        waste += 1.0 * max(x[1], 0) + 0.5 * max(x[2], 0)
        return pips(x) + waste + 1.5 * (MEN - x[0])
    return effective(o) - effective(r)


def contact(r: Sequence[int]) -> bool:
    """Can the two armies still meet?"""
    mine = 25 if r[25] else max((p for p in range(1, 25) if r[p] > 0), default=0)
    theirs = 0 if r[26] else min((q for q in range(1, 25) if r[q] < 0), default=25)
    return mine > theirs


def evaluate(r: Sequence[int]) -> float:
    """The position for the side that has just moved (``r`` from its side; the adversary is to
    throw next), in pips: positive is good."""
    if r[0] == MEN:
        return 1000.0
    o = flip(r)
    if not contact(r):
        # Gammon chances in the race: the adversary must bear off one man first.
        return _race(r, o)
    score = float(pips(o) - pips(r))
    score += _structure(r, o) - _structure(o, r)
    my_home, their_home = _home_points(r), _home_points(o)
    score -= _risk(r, their_home)
    score += 0.25 * _risk(o, my_home)      # his blots are exposed only after he has moved
    # Men on the bar against a strong home table.
    score += o[25] * (2.0 + 1.2 * my_home * my_home / 6.0)
    score -= r[25] * (2.0 + 1.2 * their_home * their_home / 6.0)
    return score


def quick_evaluate(r: Sequence[int]) -> float:
    """The beginner's view: pips, blots and points made, nothing subtle."""
    if r[0] == MEN:
        return 1000.0
    o = flip(r)
    score = float(pips(o) - pips(r))
    for p in range(1, 25):
        if r[p] == 1:
            score -= 3.0 if p <= 18 else 1.0
        elif r[p] >= 2 and p <= 12:
            score += 2.0
    return score


def win_probability(r_on_roll: Sequence[int]) -> float:
    """A rough chance that the player on roll wins (for the doubling cube), from the evaluation
    of the position as his adversary left it."""
    value = -evaluate(flip(r_on_roll)) + 4.0        # about half a throw for having the dice
    spread = max(4.0, 0.11 * (pips(r_on_roll) + pips(flip(r_on_roll))) / 2)
    return 1.0 / (1.0 + math.exp(-value / spread))


# -- the player -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Strength:
    """Kept out of the player's plain attributes: the worker carries those between moves as the
    player's memory, and the level must come from the table's setting each time."""

    level: int


class BackgammonPlayer:
    TOP = 6                 # plays looked at one throw deeper at level 3
    BUDGET_S = 1.2          # level 3 looks at no more candidates once a move has taken this long

    def __init__(self, level: int = 2) -> None:
        self.strength = Strength(min(max(int(level), 1), 3))

    @property
    def level(self) -> int:
        return self.strength.level

    def choose(self, game: Any, view: BackgammonState, legal: Sequence[Any],
               state: Any = None) -> Any:
        legal = list(legal)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], CubeAction):
            return self._cube(view, legal)
        plays = [a for a in legal if isinstance(a, Play)]
        seat = view.turn
        r = view.rel(seat)
        infos = {p.hops: p for p in generate(r, view.dice)}
        best = self._best_play(view, [infos[a.hops] for a in plays if a.hops in infos])
        if any(isinstance(a, ThrowAgain) for a in legal) and self.level >= 2:
            # The book lets the winner of the first throw throw again: do it when the two
            # single dice are worse than an average throw.
            played = evaluate(best.result)
            fresh = sum(w * max(evaluate(p.result) for p in generate(r, d)) for d, w in THROWS) / 36
            if fresh > played + 0.5:
                return next(a for a in legal if isinstance(a, ThrowAgain))
        return Play(best.hops)

    # -- checker play ------------------------------------------------------------------------
    def _noise(self, view: BackgammonState) -> SplitMix64:
        # Seeded by the position, so a replay or a hint asks the same question the same answer.
        return SplitMix64(hash((view.board, view.bar, view.off, view.dice, view.turn)) & ((1 << 63) - 1))

    def _best_play(self, view: BackgammonState, infos: list[PlayInfo]) -> PlayInfo:
        if self.level == 1:
            gen = self._noise(view)
            return max(infos, key=lambda p: quick_evaluate(p.result) + 6.0 * gen.random())
        ranked = sorted(infos, key=lambda p: evaluate(p.result), reverse=True)
        if self.level == 2 or len(ranked) == 1:
            return ranked[0]
        return self._look_ahead(ranked)

    def _look_ahead(self, ranked: list[PlayInfo]) -> PlayInfo:
        """One throw deeper: each candidate scored by the adversary's best answer to each of his
        21 throws, weighed by their odds.  A candidate not finished within the time allowed is
        left out (the first is always finished), so a move never takes much over the budget."""
        deadline = time.perf_counter() + self.BUDGET_S
        best, best_value = ranked[0], -math.inf
        for i, info in enumerate(ranked[:self.TOP]):
            value = self._expected(info.result, deadline if i else None)
            if value is None:
                break
            if value > best_value:
                best, best_value = info, value
        return best

    @staticmethod
    def _expected(after: tuple[int, ...], deadline: float | None = None) -> float | None:
        if after[0] == MEN:
            return 1000.0
        theirs = flip(after)
        total = 0.0
        for dice, weight in THROWS:
            if deadline is not None and time.perf_counter() > deadline:
                return None
            answers = generate(theirs, dice)
            if answers:
                reply = max(evaluate(p.result) for p in answers)
                total -= weight * reply
            else:
                total += weight * evaluate(after)   # he cannot move: the position stands
        return total / 36.0

    # -- the doubling cube -------------------------------------------------------------------
    def _cube(self, view: BackgammonState, legal: list[Any]) -> Any:
        words = {a.word: a for a in legal}
        if "double" in words:
            p = win_probability(view.rel(view.turn))
            threshold = 0.75 if self.level == 1 else 0.70
            return words["double" if p >= threshold else "no double"]
        # Offered a double: the taker is the one not on turn; judge the doubler's chances.
        p = win_probability(view.rel(view.turn))
        limit = 0.80 if self.level == 1 else 0.76
        return words["take" if p <= limit else "drop"]


# -- GNU Backgammon, where it is installed ----------------------------------------------------------
GNUBG_LEVEL = 4


def gnubg_module() -> Any | None:
    """GNU Backgammon's Python module, or ``None`` when it is not installed (or will not load)."""
    if importlib.util.find_spec("gnubg") is None:
        return None
    try:
        return importlib.import_module("gnubg")
    except (ImportError, OSError):   # a broken wheel: the level is simply not offered
        return None


def gnubg_board(r: Sequence[int]) -> tuple[list[int], list[int]]:
    """GNU Backgammon's board for the mover of the relative position ``r`` (see ``flip``) on
    roll: (the adversary's points, the mover's points), each from its own side's ace point to its
    24-point and then the bar."""
    mine = [max(r[p], 0) for p in range(1, 25)] + [r[25]]
    theirs = [max(-r[25 - j], 0) for j in range(1, 25)] + [r[26]]
    return theirs, mine


def result_value(after: Sequence[int]) -> int | None:
    """The mover's points if the play ``after`` (relative, mover's side) ends the game: 1, 2
    for a gammon, 3 for a backgammon; ``None`` while it goes on."""
    if after[0] != MEN:
        return None
    theirs = flip(after)
    if theirs[0] > 0:
        return 1
    back = theirs[25] > 0 or any(theirs[p] > 0 for p in range(19, 25))
    return 3 if back else 2


class GnubgJudge:
    """Cubeless money equity, for the mover, of the position a play leaves, by GNU Backgammon's
    evaluation at ``plies`` (0 is its network alone; each ply more looks a throw deeper)."""

    def __init__(self, module: Any, plies: int = 0) -> None:
        self.module = module
        self.cube = module.cubeinfo()
        self.context = module.evalcontext(0, plies, 1, 1 if plies else 0, 0.0)

    def equity_after(self, after: Sequence[int]) -> float:
        won = result_value(after)
        if won is not None:
            return float(won)
        # The adversary is on roll once the play is made: his board is (ours, his).
        theirs, mine = gnubg_board(after)
        equity: float = self.module.evaluate((mine, theirs), self.cube, self.context)[5]
        return -equity


class GnubgPlayer:
    """Level 4: GNU Backgammon chooses the play; our expert judges the cube and the re-throw."""

    def __init__(self, level: int = GNUBG_LEVEL) -> None:
        self.strength = Strength(GNUBG_LEVEL)

    def choose(self, game: Any, view: BackgammonState, legal: Sequence[Any],
               state: Any = None) -> Any:
        module = gnubg_module()
        infos = {p.hops: p for p in generate(view.rel(view.turn), view.dice)} if view.dice else {}
        plays = [a for a in legal if isinstance(a, Play) and a.hops in infos]
        if module is None or len(plays) < 2 or any(isinstance(a, ThrowAgain) for a in legal):
            ours = BackgammonPlayer(3).choose(game, view, legal, state)
            if module is None or len(plays) < 2 or not isinstance(ours, Play):
                return ours       # the cube, the re-throw, a forced play, or no module after all
        judge = GnubgJudge(module)
        return max(plays, key=lambda a: judge.equity_after(infos[a.hops].result))


class BackgammonAI(PlayerAI):
    """Our three strengths, and GNU Backgammon as a fourth where it is installed."""

    def levels(self, game: Any) -> dict[int, str]:
        out = dict(LEVELS)
        if gnubg_module() is not None:
            out[GNUBG_LEVEL] = "GNU Backgammon (installed)"
        return out

    def player(self, game: Any, level: int = 2) -> Any:
        if level == GNUBG_LEVEL:
            return GnubgPlayer()   # falls back on level 3 should the module have gone
        return BackgammonPlayer(level)


AI = BackgammonAI(BackgammonPlayer, hint_level=2)
