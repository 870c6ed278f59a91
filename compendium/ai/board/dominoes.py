"""The computer at dominoes, at three strengths, judging from the seat's view alone.

* Level 1 (a beginner) plays a legal stone at random, taking a scoring one when it sees one.
* Level 2 (a club player) weighs each stone: what it scores now, what it leaves the next player
  to score, the pips it gets rid of, the variety of numbers kept in hand, and which numbers the
  others are known to lack (they drew or knocked while those numbers were showing).
* Level 3 deals the unseen stones many times over, each time consistently with everything the
  view shows (the stones on the table, the sizes of the hands, the numbers each player could not
  match when he drew or knocked), plays every candidate out to the end of the hand in each of
  those worlds and keeps the stone that did best on average.

A player never looks at the real position: ``choose`` takes a ``state`` argument only because the
worker's protocol passes one to patience players, and it is ignored here.  Randomness is seeded
from the player's seed and the public view, so a decision is repeatable and does not depend on
the faces hidden from the seat.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, Sequence

from ...core.rng import SplitMix64
from ...games.board.dominoes import (
    STONES,
    DominoesGame,
    DominoesState,
    DominoesView,
    End,
    Play,
    Stone,
    fives_and_threes_points,
)
from ..base import PlayerAI

SAMPLES = 30            # level 3: worlds dealt per decision
CLUB_WEIGHT = 0.15      # level 3: how much the club player's judgement counts beside the worlds


@dataclass
class DominoesPlayer:
    level: int = 2
    seed: int = 0

    def choose(self, game: DominoesGame, view: DominoesView, legal: Sequence[Any],
               state: Any = None) -> Any:
        del state  # never consulted: the computer plays from its view alone
        legal = list(legal)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        rng = SplitMix64(self.seed ^ view_digest(view))
        if self.level <= 1:
            return _beginner(view, legal, rng)
        if self.level == 2:
            return _club(view, legal)
        return _expert(game, view, legal, rng)


# -- what the view tells ------------------------------------------------------------------------
def view_digest(view: DominoesView) -> int:
    """A number that depends on the public view only (hidden faces are ``None`` in it)."""
    return zlib.crc32(repr(view).encode("utf-8"))


def unseen_faces(view: DominoesView) -> list[Stone]:
    """The stones whose place the seat does not know: in the other hands or the boneyard."""
    seen = {vc.face for hand in view.hands for vc in hand if vc.face is not None}
    seen |= {ls.card.face for ls in view.line}
    return [s for s in STONES if s not in seen]


def exclusions(view: DominoesView) -> dict[int, frozenset[int]]:
    """For each hidden stone in another player's hand, the numbers it cannot show: whenever that
    player drew or knocked, he held nothing matching the ends then open, so every stone he had
    already (not those drawn at that moment or later) lacks both of those numbers."""
    out: dict[int, frozenset[int]] = {}
    drawn_at: dict[int, int] = {}
    for k, turn in enumerate(view.log):
        if turn.kind == "draw" and turn.stone_id is not None:
            drawn_at[turn.stone_id] = k
    for seat, hand in enumerate(view.hands):
        if seat == view.seat:
            continue
        for vc in hand:
            if vc.face is not None:
                continue
            since = drawn_at.get(vc.id, -1)
            lacking: set[int] = set()
            for k, turn in enumerate(view.log):
                if k > since and turn.seat == seat and turn.kind in ("draw", "pass") and turn.ends:
                    lacking.update(turn.ends)
            out[vc.id] = frozenset(lacking)
    return out


def void_numbers(view: DominoesView, seat: int) -> frozenset[int]:
    """Numbers ``seat`` surely holds none of (lacking on every stone of his hand)."""
    ex = exclusions(view)
    sets = [ex.get(vc.id, frozenset()) for vc in view.hands[seat] if vc.face is None]
    if not sets:
        return frozenset()
    common = set(sets[0])
    for s in sets[1:]:
        common &= s
    return frozenset(common)


def _value(number: int, double: bool) -> int:
    return number * 2 if double else number


def ends_after(line: Sequence[Any], action: Play) -> tuple[int, int, int, int]:
    """(left number, right number, left count, right count) once ``action`` is played on
    ``line`` (``Tile`` or ``LineStone`` values).  A double at an end counts both halves; a lone
    double lead counts twelve from either side, for the reply that will stand against it."""
    stone = action.stone
    if not line or action.end is None:
        if stone.is_double:
            return stone.high, stone.low, stone.pips, stone.pips
        return stone.high, stone.low, stone.high, stone.low
    a, b = line[0].left, line[-1].right
    left, right = _value(a, line[0].is_double), _value(b, line[-1].is_double)
    if len(line) == 1 and line[0].is_double:
        left = right = line[0].left * 2
    if action.end is End.LEFT:
        a = stone.other(a)
        left = _value(a, stone.is_double)
    else:
        b = stone.other(b)
        right = _value(b, stone.is_double)
    return a, b, left, right


def count_after(line: Sequence[Any], action: Play) -> int:
    """The total of the ends (Fives and Threes' way) once ``action`` is played."""
    if not line:
        return action.stone.pips
    return sum(ends_after(line, action)[2:])


def points_now(view: DominoesView, action: Any) -> int:
    if view.variant != "fives_and_threes" or not isinstance(action, Play):
        return 0
    return fives_and_threes_points(count_after(view.line, action))


# -- level 1 ------------------------------------------------------------------------------------
def _beginner(view: DominoesView, legal: list[Any], rng: SplitMix64) -> Any:
    scoring = [a for a in legal if points_now(view, a) > 0]
    pool = scoring or legal
    return pool[rng.below(len(pool))]


# -- level 2 ------------------------------------------------------------------------------------
def _club(view: DominoesView, legal: list[Any]) -> Any:
    best, best_value = legal[0], float("-inf")
    for action in legal:
        value = club_value(view, action)
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


def club_value(view: DominoesView, action: Any) -> float:
    """The club player's judgement of one action (higher is better)."""
    if not isinstance(action, Play):
        return 0.0
    fives = view.variant == "fives_and_threes"
    seat = view.seat if view.seat is not None else 0
    stone = action.stone
    hand = [vc.face for vc in view.own if vc.face is not None]
    rest = list(hand)
    rest.remove(stone)
    new_ends = ends_after(view.line, action)[:2]
    value = 0.0
    # Score now (Fives and Threes), and what the next player might score in reply.
    if fives:
        value += 3.0 * points_now(view, action)
        value -= 1.2 * reply_danger(view, action, seat)
        target_left = view.target - view.scores[seat]
        if view.exact and points_now(view, action) > target_left:
            value -= 2.5 * points_now(view, action)  # a count that would pass 61 is wasted
    # Get rid of weight: pips left in hand count against us in the Draw game.
    value += (0.6 if not fives else 0.15) * stone.pips
    if stone.is_double:
        value += 2.0                                   # doubles are the hardest to place later
    # Keep variety, and keep the ends answerable by our own stones.
    value += 0.8 * len({n for s in rest for n in (s.high, s.low)})
    value += 0.9 * sum(1 for s in rest if s.has(new_ends[0]) or s.has(new_ends[1]))
    # Block the others: ends showing numbers they are known to lack, or that are nearly dead.
    unseen = unseen_faces(view)
    for other in range(view.players):
        if other == seat or not view.hands[other]:
            continue
        void = void_numbers(view, other)
        weight = 1.6 if other == (seat + 1) % view.players else 0.8
        value += weight * sum(1 for n in set(new_ends) if n in void)
    for n in set(new_ends):
        if not any(s.has(n) for s in unseen) and any(s.has(n) for s in rest):
            value += 1.5                               # only we can answer this end
    return value


def reply_danger(view: DominoesView, action: Play, seat: int) -> float:
    """Roughly how much the next player may score straight after ``action``: the best count he
    could make with a stone he might hold, weighted by the chance he holds it."""
    nxt = (seat + 1) % view.players
    if not view.hands[nxt]:
        return 0.0
    unseen = unseen_faces(view)
    if not unseen:
        return 0.0
    void = void_numbers(view, nxt)
    a, b, left_value, right_value = ends_after(view.line, action)
    chance = min(1.0, len(view.hands[nxt]) / len(unseen))
    worst = 0
    for s in unseen:
        if void and (s.high in void or s.low in void):
            continue
        if s.has(a):
            n = s.other(a)
            worst = max(worst, fives_and_threes_points((n * 2 if s.is_double else n) + right_value))
        if s.has(b):
            n = s.other(b)
            worst = max(worst, fives_and_threes_points(left_value + (n * 2 if s.is_double else n)))
    return worst * chance


# -- level 3 ------------------------------------------------------------------------------------
def sample_faces(view: DominoesView, rng: SplitMix64, tries: int = 40) -> dict[int, Stone]:
    """One guess at every hidden face, consistent with the view: the numbers each player showed
    he lacked are kept out of the stones he held then.  Falls back to an unconstrained deal if
    no consistent one is found quickly (it always exists for the real position, but the search
    is greedy)."""
    pool = unseen_faces(view)
    ex = exclusions(view)
    hidden = [vc.id for h in view.hands for vc in h if vc.face is None]
    hidden += [vc.id for vc in view.boneyard]
    order = sorted(hidden, key=lambda i: -len(ex.get(i, ())))
    for attempt in range(tries + 1):
        left = list(pool)
        out: dict[int, Stone] = {}
        ok = True
        for i in order:
            lack = ex.get(i, frozenset()) if attempt < tries else frozenset()
            fits = [k for k, s in enumerate(left) if s.high not in lack and s.low not in lack]
            if not fits:
                ok = False
                break
            out[i] = left.pop(fits[rng.below(len(fits))])
        if ok:
            return out
    raise AssertionError("unreachable: the last attempt is unconstrained")


def _rollout_choice(game: DominoesGame, state: DominoesState, legal: Sequence[Any]) -> Any:
    """The quick policy every player follows in the worlds of level 3: the best count now, then
    a double, then the heaviest stone.  It looks at the player's own stones only: a policy that
    read the other hands of the imagined world played measurably worse (it trusts the guess)."""
    if len(legal) == 1:
        return legal[0]
    fives = game.scores_ends
    best, key = legal[0], None
    for a in legal:
        if not isinstance(a, Play):
            continue
        gain = fives_and_threes_points(count_after(state.line, a)) if fives else 0
        k = (gain, a.stone.is_double, a.stone.pips)
        if key is None or k > key:
            best, key = a, k
    return best


def rollout_value(game: DominoesGame, state: DominoesState, seat: int,
                  start: tuple[int, ...]) -> float:
    """Play the hand out with the quick policy; the seat's gain since the scores were ``start``
    (before the candidate move, so that what the move itself scores counts) against the best of
    the others'."""
    hand_no = state.hand_no
    steps = 0
    while state.winner is None and state.result is None and state.hand_no == hand_no and steps < 200:
        who = state.turn
        legal = game.legal_actions(state, who)
        state = game.apply(state, _rollout_choice(game, state, legal))
        steps += 1
    gains = [state.scores[s] - start[s] for s in range(len(start))]
    others = max(g for s, g in enumerate(gains) if s != seat)
    value = float(gains[seat] - others)
    if state.winner is not None:
        value += 100.0 if state.winner == seat else -100.0
    return value


def _expert(game: DominoesGame, view: DominoesView, legal: list[Any], rng: SplitMix64) -> Any:
    """Deal the unseen stones ``SAMPLES`` times consistently with the view; in each world play
    every candidate and then the rest of the hand out; keep the best on average (the same worlds
    for every candidate, so that luck does not decide between them)."""
    seat = view.seat if view.seat is not None else 0
    worlds = [game.state_from_view(view, sample_faces(view, rng)) for _ in range(SAMPLES)]
    totals = []
    for action in legal:
        total = sum(rollout_value(game, game.apply(world, action), seat, world.scores)
                    for world in worlds)
        # The club player's judgement breaks near-ties (it knows about variety and blocking).
        totals.append(total / len(worlds) + CLUB_WEIGHT * club_value(view, action))
    best = max(range(len(legal)), key=lambda k: (totals[k], -k))
    return legal[best]


AI = PlayerAI(DominoesPlayer, hint_level=2)
