"""The counts of Cribbage: the show of a hand (item by item, so the table can say why a hand is
worth what it is), the points made in the play, and the exact distribution of the values of every
hand of four cards with a starter.

The show's laws are those of the rules page (``cribbage#counting-a-hand`` and the headings under
it): every set of cards making fifteen 2; every pair 2 (so three of a rank, six pairs... a pair
royal 6, four a double pair royal 12); every run of three or more 1 a card, counted once for each
way of choosing its cards; a flush of the hand's own cards one a card, and one more when the
starter is of the suit too (a crib scores a flush only when the starter joins it); the knave of
the starter's suit in hand (his nob) 1.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from math import comb

from ...core.cards import Card, Rank

RULES = "cribbage"

# every non-empty subset of five positions, largest first (a hand's items read best that way)
_SUBSETS = {n: [s for k in range(n, 1, -1) for s in combinations(range(n), k)] for n in range(2, 8)}


def value(card: Card) -> int:
    """A card's value in counting to fifteen and thirty-one: court cards ten, the ace one."""
    return min(int(card.rank), 10)


@dataclass(frozen=True, slots=True)
class Item:
    """One scoring item of a show or of a card played: what it is, the cards that make it, its
    points and the heading of the rules page that scores it."""

    kind: str            # "fifteen", "pair", "pair royal", "double pair royal", "run", "flush", "his nob" ...
    cards: tuple[Card, ...]
    points: int
    anchor: str

    @property
    def rule(self) -> str:
        return f"{RULES}#{self.anchor}"

    @property
    def text(self) -> str:
        names = " ".join(str(c) for c in self.cards)
        return f"{self.label} ({names}): {self.points}"

    @property
    def label(self) -> str:
        if self.kind == "run":
            return f"a run of {len(self.cards)}"
        if self.kind in ("fifteen", "pair", "pair royal", "double pair royal", "flush"):
            return f"a {self.kind}" if self.kind[0] not in "aeiou" else f"an {self.kind}"
        return self.kind


_PAIR_KINDS = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}


def show_items(hand: Sequence[Card], starter: Card, crib: bool = False) -> list[Item]:
    """Every scoring item of ``hand`` shown with ``starter``: fifteens, pairs, runs, flush, his
    nob, in that order."""
    cards = [*hand, starter]
    out: list[Item] = []
    for subset in _SUBSETS[len(cards)]:
        if sum(value(cards[i]) for i in subset) == 15:
            out.append(Item("fifteen", tuple(cards[i] for i in subset), 2, "fifteens"))
    by_rank: dict[Rank, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    for rank in sorted(by_rank):
        group = by_rank[rank]
        if len(group) >= 2:
            kind, points = _PAIR_KINDS[len(group)]
            out.append(Item(kind, tuple(group), points, "pairs"))
    ranks = sorted(by_rank)
    start = 0
    while start < len(ranks):
        end = start
        while end + 1 < len(ranks) and ranks[end + 1] == ranks[end] + 1:
            end += 1
        if end - start + 1 >= 3:
            for pick in product(*(by_rank[r] for r in ranks[start:end + 1])):
                out.append(Item("run", tuple(pick), len(pick), "runs"))
        start = end + 1
    suit = hand[0].suit
    if all(c.suit == suit for c in hand):
        if starter.suit == suit:
            out.append(Item("flush", tuple(cards), len(cards), "flushes"))
        elif not crib:
            out.append(Item("flush", tuple(hand), len(hand), "flushes"))
    for c in hand:
        if c.rank is Rank.JACK and c.suit == starter.suit:
            out.append(Item("his nob", (c,), 1, "his-nob"))
    return out


def show_value(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """What ``hand`` with ``starter`` counts: the sum of ``show_items`` (computed faster)."""
    ranks = [int(c.rank) for c in hand] + [int(starter.rank)]
    total = rank_points(ranks)
    suit = hand[0].suit
    if all(c.suit == suit for c in hand):
        if starter.suit == suit:
            total += len(hand) + 1
        elif not crib:
            total += len(hand)
    for c in hand:
        if c.rank is Rank.JACK and c.suit == starter.suit:
            total += 1
    return total


def rank_points(ranks: Sequence[int]) -> int:
    """The points of a show that depend on the ranks alone: fifteens, pairs and runs."""
    # fifteens: the number of subsets summing to fifteen, by counting sums
    ways = [0] * 16
    ways[0] = 1
    for r in ranks:
        v = 10 if r > 10 else r
        for s in range(15, v - 1, -1):
            ways[s] += ways[s - v]
    total = 2 * ways[15]
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    for c in counts:
        total += c * (c - 1)           # c(c-1)/2 pairs, two points each
    r = 1
    while r <= 13:
        if counts[r]:
            length, mult = 0, 1
            while r <= 13 and counts[r]:
                length += 1
                mult *= counts[r]
                r += 1
            if length >= 3:
                total += length * mult
        else:
            r += 1
    return total


# -- the play -----------------------------------------------------------------------------------
def play_items(count_cards: Sequence[Card]) -> list[Item]:
    """What the last of ``count_cards`` (the cards of the current count, in the order played)
    scores as it is played: fifteen or thirty-one, a pair (royal, double), a run."""
    out: list[Item] = []
    total = sum(value(c) for c in count_cards)
    last = count_cards[-1]
    if total == 15:
        out.append(Item("fifteen", tuple(count_cards), 2, "scoring-in-the-play"))
    elif total == 31:
        out.append(Item("thirty-one", tuple(count_cards), 2, "scoring-in-the-play"))
    same = 1
    for c in reversed(count_cards[:-1]):
        if c.rank != last.rank:
            break
        same += 1
    if same >= 2:
        kind, points = _PAIR_KINDS[same]
        out.append(Item(kind, tuple(count_cards[-same:]), points, "scoring-in-the-play"))
    for k in range(len(count_cards), 2, -1):
        tail = count_cards[-k:]
        ranks = sorted(int(c.rank) for c in tail)
        if ranks[-1] - ranks[0] == k - 1 and len(set(ranks)) == k:
            out.append(Item("run", tuple(tail), k, "scoring-in-the-play"))
            break
    return out


# -- the distribution of all five-card shows ----------------------------------------------------
def show_distribution(crib: bool = False) -> dict[int, int]:
    """How many of the 12,994,800 shows of a 52-card pack (four cards and a starter, the starter
    told apart) are worth each value, counted exactly without dealing them one by one.

    The hand's ranks are taken as a multiset (1,820 of them) and the starter's rank (13); fifteens,
    pairs and runs depend on these alone.  The suits are then counted: with the starter's suit
    fixed (and the count multiplied by four), a rank held ``m`` times in the hand has C(4, m)
    choices of suits, or C(3, m) for the starter's own rank.  A flush needs four different ranks:
    of the ways to give them one suit, one is the starter's suit (impossible when the starter's
    rank is in the hand) and three are not; his nob is a knave of the starter's suit, held in a
    fraction m/4 of the choices of the knaves' suits (none when the starter is a knave)."""
    dist: Counter[int] = Counter()
    for hand in _rank_multisets(4):
        counts = Counter(hand)
        distinct = len(counts) == 4
        for s in range(1, 14):
            if counts[s] == 4:
                continue                              # a fifth card of the rank does not exist
            base = rank_points([*hand, s])
            ways = 1
            for r, m in counts.items():
                ways *= comb(3, m) if r == s else comb(4, m)
            jacks = counts[11]
            # assignments with a knave of the starter's suit in hand
            nob = 0 if (s == 11 or jacks == 0) else ways * jacks // 4
            flush_same = 1 if distinct and s not in counts else 0     # all five one suit
            flush_other = 3 if distinct else 0                        # the hand alone one suit
            nob_same = flush_same if jacks else 0
            plain_nob = nob - nob_same
            plain = ways - flush_same - flush_other - plain_nob
            dist[base] += 4 * plain
            dist[base + 1] += 4 * plain_nob
            dist[base + 5 + (1 if jacks else 0)] += 4 * flush_same
            dist[base + (0 if crib else 4)] += 4 * flush_other
    return dict(sorted((k, v) for k, v in dist.items() if v))


def _rank_multisets(k: int) -> list[list[int]]:
    """Every multiset of ``k`` ranks (1-13), none held more than four times."""
    out: list[list[int]] = []

    def rec(start: int, left: int, acc: list[int]) -> None:
        if left == 0:
            out.append(list(acc))
            return
        for r in range(start, 14):
            if acc.count(r) < 4:
                acc.append(r)
                rec(r, left - 1, acc)
                acc.pop()
    rec(1, k, [])
    return out


def brute_force_distribution(crib: bool = False) -> dict[int, int]:
    """The same distribution by scoring every one of the 12,994,800 shows directly (minutes: a
    check of ``show_distribution``, run by ``tests/games/test_cribbage_counts.py`` under the
    ``stress`` mark and by ``python -m compendium.games.cribbage.scoring``)."""
    from ...core.cards import standard_pack
    pack = standard_pack()
    dist: Counter[int] = Counter()
    for hand in combinations(pack, 4):
        held = set(hand)
        for starter in pack:
            if starter not in held:
                dist[show_value(hand, starter, crib)] += 1
    return dict(sorted(dist.items()))


if __name__ == "__main__":      # the full brute force, timed
    import time
    t0 = time.perf_counter()
    fast = show_distribution()
    t1 = time.perf_counter()
    slow = brute_force_distribution()
    t2 = time.perf_counter()
    print(f"counted: {t1 - t0:.2f} s, brute force: {t2 - t1:.1f} s, equal: {fast == slow}")
    print(fast)
