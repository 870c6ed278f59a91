"""The computer at Cribbage, at three strengths, from the seat's view alone.

- Level 1 chooses uniformly among the legal actions (its laying out, its cards, its claims).
- Level 2 is greedy: it keeps the cards that count most by themselves (a pair or fifteen laid out
  counted for its own crib and against the opponent's), plays the card that pegs most now, and
  keeps clear of leaving the count at five or twenty-one; it claims every point and calls every
  muggins.
- Level 3 lays out by expected value: each way of laying out is valued as the mean of the kept
  hand over every starter it cannot see, plus (its own crib) or minus (an opponent's) the mean of
  the crib over samples of the cards the others lay out and the starter.  In the play it looks
  ahead: it deals the unseen cards to the others many times, searches the rest of the play a few
  cards deep (the others playing against it), and plays the card with the best mean.

The players see ``game.view(state, seat)`` only; their randomness is seeded from that view, so a
decision can be repeated and depends on nothing hidden from the seat.
"""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card, standard_pack
from ..core.rng import SplitMix64
from ..games.cribbage.engine import FORMS, Count, CribView, Go, LayOut, Muggins, Play, side_of
from ..games.cribbage.scoring import play_items, rank_points, show_value, value
from .base import PlayerAI

PACK = standard_pack()
CRIB_SAMPLES = 40        # level 3: samples of the crib per way of laying out
WORLDS = 10              # level 3: deals of the unseen cards per decision in the play
DEPTH = 5                # level 3: cards searched ahead in the play


def view_digest(view: CribView) -> int:
    """A number that depends on what the seat sees only (hidden faces are ``None`` in it)."""
    return zlib.crc32(repr((view.deal_no, view.phase, view.hands, view.crib, view.starter,
                            view.played, view.show_no, view.scores)).encode("utf-8"))


def visible_faces(view: CribView) -> set[Card]:
    out: set[Card] = set()
    for hand in view.hands:
        out.update(vc.face for vc in hand if vc.face is not None)
    out.update(vc.face for vc in view.crib if vc.face is not None)
    out.update(vc.face for _, vc in view.played if vc.face is not None)
    if view.starter is not None and view.starter.face is not None:
        out.add(view.starter.face)
    return out


def unseen(view: CribView) -> list[Card]:
    seen = visible_faces(view)
    return [c for c in PACK if c not in seen]


def kept_points(kept: Sequence[Card]) -> int:
    """What kept cards count by themselves, before the starter."""
    total = rank_points([int(c.rank) for c in kept])
    if all(c.suit == kept[0].suit for c in kept):
        total += len(kept)
    return total


def crib_guess(laid: Sequence[Card]) -> float:
    """A rough worth of cards laid out: what they count together, fives being worth more."""
    total = float(rank_points([int(c.rank) for c in laid])) if len(laid) > 1 else 0.0
    if len(laid) > 1 and sum(value(c) for c in laid) == 15:
        total += 2
    total += sum(1.0 for c in laid if int(c.rank) == 5)
    return total


@dataclass
class CribbagePlayer:
    level: int = 2
    seed: int = 0

    def choose(self, game: Any, view: CribView, legal: Sequence[Any], state: Any = None) -> Any:
        if not legal:
            return None
        rng = SplitMix64(self.seed ^ view_digest(view) ^ (self.level << 40))
        if self.level <= 1:
            return legal[rng.below(len(legal))]
        first = legal[0]
        if isinstance(first, (Count, Muggins)):
            return first                  # the full count; muggins whenever it is offered
        if isinstance(first, LayOut):
            return self._lay_out(view, legal, rng)
        if isinstance(first, (Play, Go)):
            if len(legal) == 1:
                return first
            if self.level == 2:
                return max(legal, key=lambda a: (greedy_play(view, a.card), -value(a.card)))
            return self._search_play(view, legal, rng)
        return first

    # -- laying out -------------------------------------------------------------------------
    def _lay_out(self, view: CribView, legal: Sequence[LayOut], rng: SplitMix64) -> LayOut:
        assert view.seat is not None
        form = FORMS[view.form]
        mine = side_of(form, view.seat) == side_of(form, view.dealer)
        sign = 1.0 if mine else -1.0
        hand = view.my_cards()
        if self.level == 2:
            def greedy(a: LayOut) -> float:
                kept = [c for c in hand if c not in a.cards]
                return kept_points(kept) + sign * crib_guess(a.cards)
            return max(legal, key=greedy)
        pool = unseen(view)
        others = 4 - len(legal[0].cards)       # crib cards laid by the others (or dealt)
        best, best_value = legal[0], float("-inf")
        # the same samples of the others' cards and the starter for every choice: differences
        # between the choices are then not the samples' noise
        samples = []
        for _ in range(CRIB_SAMPLES):
            picks = _sample(pool, others + 1, rng)
            samples.append((picks[:-1], picks[-1]))
        for action in legal:
            kept = [c for c in hand if c not in action.cards]
            hand_ev = sum(show_value(kept, s) for s in pool) / len(pool)
            crib_ev = 0.0
            for theirs, starter in samples:
                if starter in action.cards:
                    continue
                crib_ev += show_value([*action.cards, *theirs], starter, crib=True)
            crib_ev /= len(samples)
            total = hand_ev + sign * crib_ev
            if total > best_value:
                best, best_value = action, total
        return best

    # -- the play ---------------------------------------------------------------------------
    def _search_play(self, view: CribView, legal: Sequence[Any], rng: SplitMix64) -> Any:
        assert view.seat is not None
        form = FORMS[view.form]
        me = view.seat
        pool = [int(c.rank) for c in unseen(view)]
        counts = [len(h) for h in view.hands]
        seq = [int(vc.face.rank) for _, vc in view.played[view.count_from:] if vc.face is not None]
        totals = {a: 0.0 for a in legal}
        for _ in range(WORLDS):
            shuffled = list(pool)
            for i in range(len(shuffled) - 1, 0, -1):
                j = rng.below(i + 1)
                shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
            hands: list[list[int]] = []
            k = 0
            for s in range(len(counts)):
                if s == me:
                    hands.append([int(c.rank) for c in view.my_cards()])
                else:
                    hands.append(shuffled[k:k + counts[s]])
                    k += counts[s]
            sim = PlaySim(form.players, form.one_count, me, [side_of(form, s) for s in range(form.players)])
            for action in legal:
                rank = int(action.card.rank)
                h = [list(x) for x in hands]
                h[me].remove(rank)
                totals[action] += sim.after_play(h, seq, view.count, tuple(view.gone), me, rank, DEPTH)
        return max(legal, key=lambda a: (totals[a], -value(a.card)))


def greedy_play(view: CribView, card: Card) -> float:
    faces = [vc.face for _, vc in view.played[view.count_from:] if vc.face is not None] + [card]
    points = float(sum(i.points for i in play_items(faces)))
    count = view.count + value(card)
    if count in (5, 21):
        points -= 1.0          # a ten-card answers it for fifteen or thirty-one
    return points


def _sample(pool: Sequence[Card], k: int, rng: SplitMix64) -> list[Card]:
    picked: list[Card] = []
    chosen: set[int] = set()
    while len(picked) < k:
        i = rng.below(len(pool))
        if i not in chosen:
            chosen.add(i)
            picked.append(pool[i])
    return picked


def _rank_value(rank: int) -> int:
    return 10 if rank > 10 else rank


def _play_points(seq: Sequence[int]) -> int:
    """What the last of ``seq`` (ranks of the present count) pegs: as ``scoring.play_items``."""
    total = sum(_rank_value(r) for r in seq)
    points = 2 if total in (15, 31) else 0
    last = seq[-1]
    same = 1
    for r in reversed(seq[:-1]):
        if r != last:
            break
        same += 1
    points += (0, 0, 2, 6, 12)[same]
    for k in range(len(seq), 2, -1):
        tail = seq[-k:]
        if max(tail) - min(tail) == k - 1 and len(set(tail)) == k:
            points += k
            break
    return points


class PlaySim:
    """The rest of the play on ranks alone (suits do not count in the play), searched a few
    cards deep with the other sides playing against ``me``: the value is ``me``'s side's points
    less the others'."""

    def __init__(self, players: int, one_count: bool, me: int, sides: list[int]) -> None:
        self.n = players
        self.one_count = one_count
        self.me_side = sides[me]
        self.sides = sides

    def _gain(self, seat: int, points: int) -> int:
        return points if self.sides[seat] == self.me_side else -points

    def after_play(self, hands: list[list[int]], seq: list[int], count: int, gone: tuple[int, ...],
                   seat: int, rank: int, depth: int) -> float:
        """The value once ``seat`` has played ``rank`` (already out of his hand)."""
        seq = [*seq, rank]
        count += _rank_value(rank)
        gain = self._gain(seat, _play_points(seq))
        if count == 31:
            return gain + self._end_count(hands, seat, depth - 1, last_point=False)
        return gain + self._next(hands, seq, count, gone, seat, seat, depth - 1)

    def _next(self, hands: list[list[int]], seq: list[int], count: int, gone: tuple[int, ...],
              actor: int, last: int, depth: int) -> float:
        n = self.n
        live = [s for s in range(n) if s not in gone and hands[s]]
        room = 31 - count
        if not any(_rank_value(r) <= room for s in live for r in hands[s]):
            return self._end_count(hands, last, depth, last_point=True)
        nxt = next((actor + k) % n for k in range(1, n + 1) if (actor + k) % n in live)
        return self._turn(hands, seq, count, gone, nxt, last, depth)

    def _turn(self, hands: list[list[int]], seq: list[int], count: int, gone: tuple[int, ...],
              seat: int, last: int, depth: int) -> float:
        if depth <= 0:
            return 0.0
        room = 31 - count
        options = sorted({r for r in hands[seat] if _rank_value(r) <= room})
        if not options:
            return self._next(hands, seq, count, gone + (seat,), seat, last, depth)
        maximise = self.sides[seat] == self.me_side
        best = float("-inf") if maximise else float("inf")
        for r in options:
            hands[seat].remove(r)
            v = self.after_play(hands, seq, count, gone, seat, r, depth)
            hands[seat].append(r)
            best = max(best, v) if maximise else min(best, v)
        return best

    def _end_count(self, hands: list[list[int]], last: int, depth: int, last_point: bool) -> float:
        gain = self._gain(last, 1) if last_point else 0
        if self.one_count or not any(hands) or depth <= 0:
            return gain
        n = self.n
        leader = next(((last + k) % n for k in range(1, n + 1) if hands[(last + k) % n]), None)
        if leader is None:
            return gain
        return gain + self._turn(hands, [], 0, (), leader, leader, depth)


def _make(level: int) -> CribbagePlayer:
    return CribbagePlayer(level)


AI = PlayerAI(_make, hint_level=3)
