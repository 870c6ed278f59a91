"""The double-dummy solver: the exact number of tricks each side can take with every card in sight.

Four hands (seats 0-3, partners 0-2 and 1-3), a trump suit or none, the seat to lead and any
cards already played to the trick in progress; the hands may hold fewer than thirteen cards.  The
answer is what each side takes from here on if both play perfectly, knowing every card — the
measure the end-of-hand review, the hint of Double Dummy and the deal editor's table use.

**DDS first.**  Where Bo Haglund's DDS library is installed (``libdds.so`` from the pinned
``ddstable`` wheel, loaded by our own ctypes binding in ``dds_engine.py``), ``Solver`` asks it
every question it can express (four hands, a trump suit or none, a trick in progress of up to
three cards) and ``dd_table`` asks its CalcDDtable for a whole deal; our search below answers
everything else, and everything when the library is absent (``Solver(trump, engine="python")``
asks it alone).  The answers mean the same either way: the tests compare the two on 300 seeded
positions of 5-8 cards a hand with tricks in progress, every card's value on 40 more, and
short-deal tables; measured once more by hand (December 2026), they agreed on 1,000 positions
of 5-8 cards (726 with a trick in progress), 100 of 10 and the 8 whole deals of 12 our search
finished within two million cards tried.  With DDS the callers lift their limits (``dds_engine.available()``): Double
Dummy's hint from the first trick, the review over the whole hand, the deal editor's table in
one call.  Measured through our binding (one DDS thread, this 2-core machine shared and loaded,
load average 3.6-4.3; ``dd_bench --cards 13 --engine auto`` and the same figures by hand):

=========================================  ===================  ===================
a whole 13-card deal                       CPU p50 / p95 (s)    wall p50 / p95 (s)
=========================================  ===================  ===================
tricks, 0-3 cards into trick 1 (200)       0.007 / 0.066        0.011 / 0.10
tricks at the opening lead (200)           0.015 / 0.19         0.022 / 0.30 (max 3.7)
every card's value, the hint (200)         0.014 / 0.12         0.021 / 0.17 (max 0.8)
the table, 20 declarations (50)            0.17 / 1.3           0.26 / 2.0 (max 3.6)
the review of a whole hand (20)            0.09 / 0.43          0.09 / 0.44
=========================================  ===================  ===================

Our own search (in the spirit of the field's DDS; none of its code):

* **A yes/no question at a time.**  ``_Search.ge(leader, target)`` answers "can seats 0 and 2 take
  at least ``target`` of the tricks left?" by alpha-beta with a null window; the exact count is
  found by bisection, every question reusing what the previous ones learnt — or, MTD-style, from
  the solver's last answer as the first guess (the review, the hint and the table ask about
  related positions one after another).
* **A transposition table of bounds** at trick boundaries, keyed on the remaining cards of each
  suit *ranked among themselves* and who holds each (a deal where the 2 and 3 are gone and the
  hands hold the 4 and 5 is the same position as one holding the 2 and 3), and on the leader.
  Each entry is a lower and an upper bound on the tricks of seats 0 and 2, whatever the question.
* **Equivalent cards**: cards of one hand that touch among the cards still in play (those played
  to earlier tricks no longer separate them) are one choice.
* **Quick tricks**: the winners the leader's side can cash at once, by one line of play no
  defence stops (his top trumps, his side-suit winners while no adversary can ruff, a crossing
  to partner's winner and partner's), settle a question early for either side; so do **sure
  trump tricks** — each trump of one hand paired with a higher adversary's, the unpaired ones
  win — for the side on lead and the side not on lead.
* **Move ordering**: cash a winner, lead towards partner's winner, win cheaply, follow low and
  discard low first — the moves most often best are tried first, so most questions end early;
  the lead that last decided a position is tried first when it is asked about again.

The questions the tables ask (the small API):

* ``solve(position, seat)`` / ``Solver(trump).tricks(position, seat)`` — the tricks a side takes
  from here; ``Solver.can_take(position, seat, n)`` — one yes/no question, cheaper;
  ``Solver.card_values`` / ``best_cards`` — each legal card's worth, and the cards that keep the
  most (a hint).
* ``position_of(state)`` — the open position of a trick game's state; ``contract_outlook(state,
  seat, needed)`` — "can this still be made?" and the cards that keep it (Double Dummy's hint,
  Auction Bridge's analysis).
* ``dd_table(hands)`` — each declarer in each strain (the deal editor's table, ``ui/par_table.py``).
* ``review`` / ``hand_review(state)`` — the end-of-hand review: what could have been made and the
  cards that cost a trick (the trick table's summary, through the worker).

Speed of our search (pure Python, this 2-core machine, CPU seconds a position: the machine was shared and
loaded, so wall times ran 3-4 times these).  ``python -m compendium.ai.tricks.dd_bench --cards
7 8 9`` measures it; with ``endplay`` installed it runs DDS on the same positions and compares.

==========  ==========================  ==========================  =======================
cards/hand  before (Nov. 2026) p50/p95  now p50/p95                 DDS (endplay) p50/p95
==========  ==========================  ==========================  =======================
7           0.012 / 0.060               0.006 / 0.030 (1,000: 0.05) 0.0005 / 0.013
8           0.046 / 0.39                0.022 / 0.17                0.0005 / 0.013
9           0.15 / 0.77                 0.07 / 0.35 (1,000: 0.64)   0.0007 / 0.010
10          1.0 / 4.8 (wall, 20)        0.17 / 2.0                  0.0012 / 0.024
13 (deal)   about 200                   6 / past 150 (3 of 21 past  0.02 / 0.8 (max 1.9)
                                        8 million cards tried)
==========  ==========================  ==========================  =======================

(before/now on the same 100 seeded positions of ``dd_bench``; the cards tried fell 2.1, 2.3 and
2.7 times at 7, 8 and 9 cards.)  About 100,000-130,000 cards tried a second.  The positions
searched at a trick's start — DDS's own count of nodes — are as few as DDS's up to ten cards
(p50 64, 162, 501, 980 against DDS's 93, 201, 492, 1,352); on whole deals 3.5 times DDS's at the
median (from 0.1 to 15 times).  Up to ten cards the gap to DDS (20-150 times its time) is the
price of each position in Python: about 20 cards tried for each, some 10 µs a card.  Agreement with DDS: 1,000 positions
each of 7, 8 and 9 cards, 100 of 10 and every whole deal that finished (18 of 21).  A 13-card
deal within a second at p95 would need DDS's node counts at a few µs a position, out of reach
of pure Python: without DDS the callers ask whole deals only in a process of their own (the deal
editor's table), and the hint (eight cards a hand) and the review (nine) stay where it answers at
once.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import SUITS, Card, Rank, Suit
from . import dds_engine

# Ranks as bits: the two is bit 0, the ace bit 12 (the whist order).
_ORDER: tuple[Rank, ...] = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
                            Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
                            Rank.ACE)
_BIT: dict[Rank, int] = {r: 1 << i for i, r in enumerate(_ORDER)}
_RANK_OF_BIT: dict[int, Rank] = {1 << i: r for i, r in enumerate(_ORDER)}
_SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(SUITS)}
STRAINS: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)


def card_bits(card: Card) -> tuple[int, int]:
    """(suit index, rank bit) of a card."""
    return _SUIT_INDEX[card.suit], _BIT[card.rank]


def bits_card(suit: int, bit: int) -> Card:
    return Card(_RANK_OF_BIT[bit], SUITS[suit])


@dataclass(frozen=True, slots=True)
class Position:
    """An open position.  ``hands[seat]`` are the cards each seat still holds; ``trick`` the cards
    already played to the trick in progress, the first by ``leader`` and the rest by the seats
    after him in turn."""

    hands: tuple[tuple[Card, ...], ...]
    trump: Suit | None
    leader: int
    trick: tuple[Card, ...] = ()

    @property
    def turn(self) -> int:
        """The seat whose card is due."""
        return (self.leader + len(self.trick)) % 4

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    def check(self) -> None:
        """Refuse a position that is not one: a card twice, hands of lengths no play reaches."""
        if len(self.hands) != 4:
            raise ValueError("a double-dummy position has four hands")
        if len(self.trick) > 3:
            raise ValueError("a trick in progress holds at most three cards")
        seen = [c for h in self.hands for c in h] + list(self.trick)
        if len(set(seen)) != len(seen):
            raise ValueError("a card is in two places")
        if any(c.suit not in _SUIT_INDEX or c.rank not in _BIT for c in seen):
            raise ValueError("the solver plays the fifty-two cards of the whist pack only")
        played = {(self.leader + k) % 4 for k in range(len(self.trick))}
        base = len(self.hands[self.turn])
        for seat in range(4):
            want = base - 1 if seat in played else base
            if len(self.hands[seat]) != want:
                raise ValueError("the hands' lengths do not agree with the trick in progress")


# -- the search ------------------------------------------------------------------------------------
_TOPS: dict[tuple[int, int], tuple[int, ...]] = {}    # (held, alive) -> one card of each group


def _groups(held: int, alive: int) -> tuple[int, ...]:
    """One card (the top) of each run of ``held`` that touches among the ``alive`` cards, highest
    group first: playing any card of a run is the same as playing any other."""
    key = (held, alive)
    got = _TOPS.get(key)
    if got is not None:
        return got
    out: list[int] = []
    x = held
    while x:
        top = 1 << (x.bit_length() - 1)
        out.append(top)
        # skip down the run: while the next alive card below is held too
        cur = top
        while True:
            below = alive & (cur - 1)
            if not below:
                x = 0
                break
            nxt = 1 << (below.bit_length() - 1)
            if held & nxt:
                cur = nxt
                continue
            x = held & (nxt - 1)
            break
    got = tuple(out)
    if len(_TOPS) > 400_000:
        _TOPS.clear()
    _TOPS[key] = got
    return got


_SUIT_KEYS: dict[tuple[int, int, int, int], int] = {}


def _suit_key(a: int, b: int, c: int, d: int) -> int:
    """Who holds each remaining card of a suit, from the top: two bits a card after a leading one
    (so that the number of cards is part of the key).  Independent of the cards already played."""
    t = (a, b, c, d)
    got = _SUIT_KEYS.get(t)
    if got is not None:
        return got
    alive = a | b | c | d
    key = 1
    bit = 1 << 12
    while bit:
        if alive & bit:
            key = (key << 2) | (0 if a & bit else 1 if b & bit else 2 if c & bit else 3)
        bit >>= 1
    if len(_SUIT_KEYS) > 400_000:
        _SUIT_KEYS.clear()
    _SUIT_KEYS[t] = key
    return key


def _popcount(x: int) -> int:
    return x.bit_count()


def _thresholds(alive: tuple[int, int, int, int], ms: Sequence[int]) -> tuple[int, int, int, int]:
    """The lowest card that mattered in each suit, from how many of the top cards mattered."""
    out = [_NONE, _NONE, _NONE, _NONE]
    for s in range(4):
        m = ms[s]
        if m:
            a = alive[s]
            for _ in range(m - 1):
                a ^= 1 << (a.bit_length() - 1)
            out[s] = 1 << (a.bit_length() - 1)
    return (out[0], out[1], out[2], out[3])


_NONE = 1 << 13        # "no card of this suit matters"
# The suits in the order a hand cashes them: trumps first.
_ORDERS: dict[int, tuple[int, ...]] = {-1: (0, 1, 2, 3), 0: (0, 1, 2, 3), 1: (1, 0, 2, 3),
                                       2: (2, 0, 1, 3), 3: (3, 0, 1, 2)}
_NO_RANKS = (_NONE, _NONE, _NONE, _NONE)


def _union(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    return (a[0] if a[0] < b[0] else b[0], a[1] if a[1] < b[1] else b[1],
            a[2] if a[2] < b[2] else b[2], a[3] if a[3] < b[3] else b[3])


class _Search:
    """The solver's state for one deal and trump: the hands as bit masks, changed in place as the
    search plays and takes back cards, and the table of what it has learnt.  The table stays
    valid for every position of the same trump, so one object answers many questions.

    Partition search: each answer comes with the cards that decided it — for each suit a
    threshold, every card still in play at or above it mattering, the ones below only by their
    number.  The table files an answer under the shape of the hands (how many cards of each suit
    each hand holds) and the leader, with the holders of the cards that mattered; a later position
    of the same shape whose holders of those cards agree has the same answer, though its small
    cards differ."""

    def __init__(self, hands: Sequence[Sequence[int]], trump: int) -> None:
        self.h: list[list[int]] = [list(x) for x in hands]
        self.trump = trump
        # shape -> [(cards that mattered per suit, their holders per suit, lower, upper bound)]
        self.tt: dict[int, list[list[Any]]] = {}
        # The lead that last decided each exact position (suit, cards still alive above it):
        # tried first the next time the position is asked about.
        self.killer: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.key: tuple[int, int, int, int, int] | None = None
        self.nodes = 0            # cards tried
        self.trick_nodes = 0      # positions at a trick's start searched (DDS's count)
        self.max_nodes: int | None = None     # give up (``OutOfBudget``) past this many

    def count(self, seat: int) -> int:
        return sum(m.bit_count() for m in self.h[seat])

    # -- bounds --------------------------------------------------------------------------------
    def quick_tricks(self, leader: int) -> tuple[int, tuple[int, int, int, int]]:
        """Tricks the leader's side can certainly take at once, by one line of play that no
        defence can stop, with the cards that decided it.

        The leader cashes his winners (top trumps first, then each side suit while no adversary
        who still holds a trump can ruff it: those must follow, so they never discard and the
        next suit's count stands); then, if he can, he crosses to a winner of his partner's and
        the partner cashes his.  Adversaries are assumed to keep their highest cards (the worst
        case for every later round); our own hands follow low and discard from their longest
        side suit — one line of ours, so the count is a true lower bound whatever it chooses."""
        h = self.h
        hands = [list(h[0]), list(h[1]), list(h[2]), list(h[3])]
        thr = [_NONE, _NONE, _NONE, _NONE]
        own = self._run(hands, leader, thr)
        if own < 0:                      # the lead passed to partner on a winner of his
            n = -own
            rest = self._run(hands, (leader + 2) & 3, thr)
            return n + abs(rest), (thr[0], thr[1], thr[2], thr[3])
        # cross to partner: a low card to his winner in a suit the adversaries cannot ruff
        trump = self.trump
        partner = (leader + 2) & 3
        o1, o2 = hands[(leader + 1) & 3], hands[(leader + 3) & 3]
        mine, p = hands[leader], hands[partner]
        best, best_thr = 0, thr
        for s in range(4):
            if not mine[s] or not p[s]:
                continue
            if s != trump and trump >= 0 and ((o1[trump] and not o1[s]) or (o2[trump] and not o2[s])):
                continue
            top = 1 << (p[s].bit_length() - 1)
            if top < (o1[s] | o2[s]) or top < mine[s]:
                continue
            trial = [list(x) for x in hands]
            t2 = list(thr)
            low = trial[leader][s] & -trial[leader][s]
            trial[leader][s] ^= low
            trial[partner][s] ^= top
            for o in ((leader + 1) & 3, (leader + 3) & 3):
                if trial[o][s]:
                    trial[o][s] ^= trial[o][s] & -trial[o][s]
            if top < t2[s]:
                t2[s] = top
            got = 1 + abs(self._run(trial, partner, t2))
            if got > best:
                best, best_thr = got, t2
        if best:
            return own + best, (best_thr[0], best_thr[1], best_thr[2], best_thr[3])
        return own, (thr[0], thr[1], thr[2], thr[3])

    def _run(self, hands: list[list[int]], seat: int, thr: list[int]) -> int:
        """``seat`` cashes his winners on the board ``hands`` (changed in place), marking in
        ``thr`` the lowest winning card of each suit.  The number of tricks; negative when the
        last of them was won by partner's card (partner then has the lead)."""
        trump = self.trump
        mine = hands[seat]
        partner = (seat + 2) & 3
        p = hands[partner]
        opps = (hands[(seat + 1) & 3], hands[(seat + 3) & 3])
        n = 0
        for s in _ORDERS[trump]:
            while mine[s]:
                if s != trump and trump >= 0 and any(o[trump] and not o[s] for o in opps):
                    break               # an adversary would ruff
                card = 1 << (mine[s].bit_length() - 1)
                if card < (opps[0][s] | opps[1][s]):
                    break
                if p[s]:
                    pc = p[s] & -p[s]
                    if pc > card:       # partner's only cards are higher: his to win
                        mine[s] ^= card
                        p[s] ^= pc
                        for o in opps:
                            if o[s]:
                                o[s] ^= o[s] & -o[s]
                        if pc < thr[s]:
                            thr[s] = pc
                        return -(n + 1)
                    p[s] ^= pc
                elif not self._discard(p, s):
                    break               # partner holds trumps only: he would have to ruff
                mine[s] ^= card
                for o in opps:
                    if o[s]:
                        o[s] ^= o[s] & -o[s]
                if card < thr[s]:
                    thr[s] = card
                n += 1
        return n

    def _discard(self, hand: list[int], led: int) -> bool:
        """A discard of ours: the lowest card of the longest side suit (not the suit led)."""
        trump = self.trump
        best, best_len = -1, 0
        for s in range(4):
            if s != led and s != trump:
                k = hand[s].bit_count()
                if k > best_len:
                    best, best_len = s, k
        if best < 0:
            if trump >= 0 and hand[trump] and trump != led:
                return False
            return True                 # nothing left to discard: the hand is empty
        hand[best] ^= hand[best] & -hand[best]
        return True

    def sure_trumps(self, seat: int) -> tuple[int, tuple[int, int, int, int]]:
        """The trump tricks ``seat``'s side wins whoever leads, with the cards that decided it.

        Each trump of one hand H is played to a trick of its own, and that trick is lost only to
        an adversary's higher trump played to it — each adversary's trump beats at most one of
        them.  So the side wins at least |H| − M of those tricks, M the most of H's trumps that
        can be paired each with a higher adversary's trump.  H's trumps can only be paired with
        ever larger sets as they go down, so pairing greedily from the top is the best pairing.
        Counting only H's top k trumps gives a bound that depends on the trumps down to H's k-th
        alone (each lower trump adds one to |H| and at most one to M): the best k is kept."""
        t = self.trump
        if t < 0:
            return 0, _NO_RANKS
        h = self.h
        opp = h[(seat + 1) & 3][t] | h[(seat + 3) & 3][t]
        best, best_card = 0, 0
        for held in (h[seat & 3][t], h[(seat + 2) & 3][t]):
            k = matched = 0
            while held:
                c = 1 << (held.bit_length() - 1)
                held ^= c
                k += 1
                if (opp & ~(c * 2 - 1)).bit_count() > matched:
                    matched += 1
                elif k - matched > best or (k - matched == best and c > best_card):
                    best, best_card = k - matched, c
        if not best:
            return 0, _NO_RANKS
        thr = [_NONE, _NONE, _NONE, _NONE]
        thr[t] = best_card
        return best, (thr[0], thr[1], thr[2], thr[3])

    # -- the question ----------------------------------------------------------------------------
    def ge(self, leader: int, target: int) -> tuple[bool, tuple[int, int, int, int]]:
        """At a trick boundary, ``leader`` to lead: can seats 0 and 2 take ``target`` or more of the
        tricks left?  With the cards that decided the answer."""
        if target <= 0:
            return True, _NO_RANKS
        h = self.h
        h0, h1, h2, h3 = h
        left = h[leader][0].bit_count() + h[leader][1].bit_count() + h[leader][2].bit_count() \
            + h[leader][3].bit_count()
        if target > left:
            return False, _NO_RANKS
        codes = (_suit_key(h0[0], h1[0], h2[0], h3[0]), _suit_key(h0[1], h1[1], h2[1], h3[1]),
                 _suit_key(h0[2], h1[2], h2[2], h3[2]), _suit_key(h0[3], h1[3], h2[3], h3[3]))
        alive = (h0[0] | h1[0] | h2[0] | h3[0], h0[1] | h1[1] | h2[1] | h3[1],
                 h0[2] | h1[2] | h2[2] | h3[2], h0[3] | h1[3] | h2[3] | h3[3])
        counts = (alive[0].bit_count(), alive[1].bit_count(), alive[2].bit_count(), alive[3].bit_count())
        shape = leader
        for hand in h:
            for m in hand:
                shape = (shape << 4) | m.bit_count()
        bucket = self.tt.get(shape)
        if bucket is not None:
            for ms, prefixes, lo, hi in bucket:
                if (lo >= target or hi < target) \
                        and codes[0] >> (2 * (counts[0] - ms[0])) == prefixes[0] \
                        and codes[1] >> (2 * (counts[1] - ms[1])) == prefixes[1] \
                        and codes[2] >> (2 * (counts[2] - ms[2])) == prefixes[2] \
                        and codes[3] >> (2 * (counts[3] - ms[3])) == prefixes[3]:
                    return lo >= target, _thresholds(alive, ms)
        need = target if leader & 1 == 0 else left - target + 1     # for the leader's side
        # Quick tricks are won by cards above every adversary's of their suit: count those first
        # (cheap), and cash only when they could reach the need.
        mine, part = h[leader], h[(leader + 2) & 3]
        o1, o2 = h[(leader + 1) & 3], h[(leader + 3) & 3]
        tops = 0
        for s in range(4):
            ours = mine[s] | part[s]
            if ours:
                tops += (ours >> (o1[s] | o2[s]).bit_length()).bit_count()
        if tops >= need:
            qt, qthr = self.quick_tricks(leader)
        else:
            qt, qthr = 0, _NO_RANKS
        if self.trump >= 0:
            sure, sthr = self.sure_trumps(leader)
            if sure > qt:
                qt, qthr = sure, sthr
        if leader & 1 == 0:
            if qt >= target:
                return True, qthr
        elif left - qt < target:
            return False, qthr
        if self.trump >= 0:
            sure, sthr = self.sure_trumps(leader + 1)
            if leader & 1 == 0:
                if left - sure < target:
                    return False, sthr
            elif sure >= target:
                return True, sthr
        self.key = (codes[0], codes[1], codes[2], codes[3], leader)
        self.trick_nodes += 1
        result, thr = self._trick(leader, [], target)
        ms = tuple((a & ~(t - 1)).bit_count() for a, t in zip(alive, thr))
        prefixes = tuple(codes[s] >> (2 * (counts[s] - ms[s])) for s in range(4))
        entry = [ms, prefixes, target if result else 0, left if result else target - 1]
        if bucket is None:
            self.tt[shape] = [entry]
        else:
            for old in bucket:
                if old[0] == ms and old[1] == prefixes:
                    if result and target > old[2]:
                        old[2] = target
                    elif not result and target - 1 < old[3]:
                        old[3] = target - 1
                    break
            else:
                bucket.append(entry)
        return result, thr

    def _trick(self, leader: int, played: list[tuple[int, int]], target: int
               ) -> tuple[bool, tuple[int, int, int, int]]:
        """Within a trick: ``played`` the (suit, bit) cards so far; the next seat chooses."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget(self.nodes)
        n = len(played)
        if n == 4:
            trump = self.trump
            best = 0
            bs, bb = played[0]
            by_rank = False
            for k in range(1, 4):
                s, b = played[k]
                if s == bs:
                    by_rank = True
                    if b > bb:
                        best, bb = k, b
                elif s == trump:
                    best, bs, bb = k, s, b
                    by_rank = False
            if not by_rank and bs == trump:
                by_rank = sum(1 for s, _ in played if s == trump) > 1
            win = (leader + best) & 3
            ok, thr = self.ge(win, target - (1 if win & 1 == 0 else 0))
            if by_rank:
                # The winning card won by its rank against the others of its suit in the trick:
                # it mattered, and so did the cards of the winner's that touched it from below
                # (tried as one choice with it).  In a position otherwise alike where another
                # hand's card lay between them, the winner could have ducked with the lower
                # one, a choice this search never met.  The losers' cards below the winner do
                # not matter: any of them, or of their touching cards, loses alike.
                h = self.h
                mine = h[win][bs]
                alive = h[0][bs] | h[1][bs] | h[2][bs] | h[3][bs]
                for s, b in played:
                    if s == bs:
                        alive |= b
                low = bb
                while True:
                    below = alive & (low - 1)
                    if not below:
                        break
                    nxt = 1 << (below.bit_length() - 1)
                    if not mine & nxt:
                        break
                    low = nxt
                if low < thr[bs]:
                    t = list(thr)
                    t[bs] = low
                    thr = (t[0], t[1], t[2], t[3])
            return ok, thr
        seat = (leader + n) & 3
        maximise = seat & 1 == 0
        hand = self.h[seat]
        key = self.key if n == 0 else None
        seen = _NO_RANKS
        # A side that needs only one more trick (the defence of "all the rest", or seats 0 and 2
        # wanting just one) tries first to win this one.
        if maximise:
            grab = target <= 1
        else:
            grab = target >= hand[0].bit_count() + hand[1].bit_count() + hand[2].bit_count() \
                + hand[3].bit_count()
        for s, bit in self._moves(leader, seat, played, grab):
            hand[s] ^= bit
            played.append((s, bit))
            ok, thr = self._trick(leader, played, target)
            played.pop()
            hand[s] ^= bit
            if ok == maximise:
                if key is not None:
                    h = self.h
                    alive = h[0][s] | h[1][s] | h[2][s] | h[3][s]
                    self.killer[key] = (s, (alive & ~(bit * 2 - 1)).bit_count())
                return ok, thr
            seen = _union(seen, thr)
        return not maximise, seen

    def _moves(self, leader: int, seat: int, played: list[tuple[int, int]],
               grab: bool = False) -> list[tuple[int, int]]:
        """The distinct choices of ``seat``, the likeliest best first."""
        h = self.h
        hand = h[seat]
        trump = self.trump
        partner = (seat + 2) & 3
        if not played:
            # Leads: a top winner of a suit first, then a low card to partner's winner, then the
            # rest from the bottom.
            first: list[tuple[int, int]] = []
            second: list[tuple[int, int]] = []
            rest: list[tuple[int, int, int]] = []
            for s in range(4):
                held = hand[s]
                if not held:
                    continue
                alive = held | h[(seat + 1) & 3][s] | h[partner][s] | h[(seat + 3) & 3][s]
                groups = _groups(held, alive)
                top_alive = 1 << (alive.bit_length() - 1)
                # among the other leads, one into an adversary's ruff comes last (7 % fewer
                # positions searched at ten cards a hand)
                bias = 0
                if trump >= 0 and s != trump and (
                        (not h[(seat + 1) & 3][s] and h[(seat + 1) & 3][trump])
                        or (not h[(seat + 3) & 3][s] and h[(seat + 3) & 3][trump])):
                    bias = 32
                if groups[0] == top_alive:
                    first.append((s, groups[0]))
                    rest.extend((j * 64 + bias, s, b) for j, b in enumerate(reversed(groups[1:])))
                elif h[partner][s] & top_alive:
                    second.append((s, groups[-1]))
                    rest.extend((j * 64 + bias, s, b) for j, b in enumerate(reversed(groups[:-1])))
                else:
                    rest.extend((j * 64 + bias, s, b) for j, b in enumerate(reversed(groups)))
            # the rest: the lowest card of each suit before the second lowest of any
            rest.sort(key=lambda jsb: jsb[0])
            out = first + second + [(s, b) for _, s, b in rest]
            kill = self.killer.get(self.key) if self.key is not None else None
            if kill is not None:
                s, above = kill
                alive = hand[s] | h[(seat + 1) & 3][s] | h[partner][s] | h[(seat + 3) & 3][s]
                for _ in range(above):
                    alive ^= 1 << (alive.bit_length() - 1)
                if alive:
                    card = (s, 1 << (alive.bit_length() - 1))
                    if card in out:
                        out.remove(card)
                        out.insert(0, card)
            return out
        led = played[0][0]
        # the card winning so far and whose it is
        win_k = 0
        ws, wb = played[0]
        for k in range(1, len(played)):
            s, b = played[k]
            if s == ws:
                if b > wb:
                    win_k, wb = k, b
            elif s == trump:
                win_k, ws, wb = k, s, b
        winner = (leader + win_k) & 3
        mate_winning = winner == partner
        last = len(played) == 3
        in_trick = [0, 0, 0, 0]
        for s, b in played:
            in_trick[s] |= b
        held = hand[led]
        if held:
            alive = h[0][led] | h[1][led] | h[2][led] | h[3][led] | in_trick[led]
            groups = _groups(held, alive)   # highest first
            if ws != led:                  # trumped already: follow low
                return [(led, b) for b in reversed(groups)]
            beaters = [b for b in groups if b > wb]
            losers = [b for b in groups if b < wb]
            if mate_winning and last:
                return [(led, b) for b in reversed(losers)] + [(led, b) for b in reversed(beaters)]
            top_alive = 1 << (alive.bit_length() - 1)
            if len(played) == 1 and beaters and beaters[0] != top_alive and not grab:
                # second hand low, unless it holds the master card
                return [(led, b) for b in reversed(losers)] + [(led, b) for b in reversed(beaters)]
            if beaters and not (mate_winning and len(played) == 2):
                # the cheapest winner first (fourth hand: it wins outright), then low cards
                out = [(led, beaters[-1])] + [(led, b) for b in reversed(losers)]
                out.extend((led, b) for b in reversed(beaters[:-1]))
                return out
            return [(led, b) for b in reversed(losers)] + [(led, b) for b in reversed(beaters)]
        # void in the suit led: ruff (cheaply) unless partner has it won, else discard low
        ruffs: list[tuple[int, int]] = []
        discards: list[tuple[int, int]] = []
        for s in range(4):
            held = hand[s]
            if not held:
                continue
            alive = h[0][s] | h[1][s] | h[2][s] | h[3][s] | in_trick[s]
            groups = _groups(held, alive)
            if s == trump:
                if ws == trump:
                    good = [b for b in groups if b > wb]
                    bad = [b for b in groups if b < wb]
                    ruffs.extend((s, b) for b in reversed(good))
                    discards.extend((s, b) for b in reversed(bad))
                else:
                    ruffs.extend((s, b) for b in reversed(groups))
            else:
                discards.extend((s, b) for b in reversed(groups))
        discards.sort(key=lambda sb: sb[1])
        if mate_winning:
            return discards + ruffs
        return ruffs + discards


def _masks(hands: Sequence[Iterable[Card]]) -> list[list[int]]:
    out = [[0, 0, 0, 0] for _ in range(4)]
    for seat, hand in enumerate(hands):
        for c in hand:
            s, b = card_bits(c)
            out[seat][s] |= b
    return out


def _trump_index(trump: Suit | None) -> int:
    return -1 if trump is None else _SUIT_INDEX[trump]


class OutOfBudget(Exception):
    """The solver gave up: the question needed more positions than its budget allowed (a caller
    with a deadline says "cannot tell yet" rather than wait)."""


class Solver:
    """Answers questions about the positions of one deal under one trump, remembering what it
    learnt between them (the end-of-hand review asks about every position of a hand).
    ``max_nodes`` bounds each question's work: past it the question raises ``OutOfBudget`` (at
    about 20,000–60,000 positions a second on this machine); what was learnt is kept."""

    def __init__(self, trump: Suit | None, max_nodes: int | None = None, engine: str = "auto") -> None:
        self.trump = trump
        self.max_nodes = max_nodes
        # "auto": DDS where it is installed and can express the position, else our search;
        # "python": our search only (the tests of the search itself, the benchmark's comparison).
        self.engine = engine
        self._search: _Search | None = None
        self._guess: int | None = None     # the last answer (tricks of seats 0 and 2)

    def _dds(self, position: Position) -> bool:
        """Whether DDS answers this question: installed, asked for, and a position it expresses
        (four hands of at most thirteen cards, a trick in progress of up to three)."""
        return (self.engine == "auto" and dds_engine.available() and len(position.hands) == 4
                and len(position.trick) <= 3 and position.tricks_left > 0
                and all(len(h) <= 13 for h in position.hands))

    def _dds_cards(self, position: Position, solutions: int) -> list[tuple[Card, int]] | None:
        """DDS's answer, or ``None`` (then our search answers): a position DDS refuses falls back."""
        if position.trump != self.trump:
            raise ValueError("this solver was made for another trump suit")
        try:
            return dds_engine.solve_board(position.hands, position.trump, position.leader,
                                          position.trick, solutions)
        except (dds_engine.DDSError, KeyError):
            return None

    @property
    def nodes(self) -> int:
        """Cards tried so far, over every question."""
        return 0 if self._search is None else self._search.nodes

    @property
    def trick_nodes(self) -> int:
        """Positions at the start of a trick searched (not settled by the table or a bound):
        what DDS counts as its nodes."""
        return 0 if self._search is None else self._search.trick_nodes

    def _prepare(self, position: Position) -> tuple[_Search, list[tuple[int, int]]]:
        if position.trump != self.trump:
            raise ValueError("this solver was made for another trump suit")
        masks = _masks(position.hands)
        if self._search is None:
            self._search = _Search(masks, _trump_index(self.trump))
        else:
            self._search.h = masks
        # each question has the budget afresh
        self._search.max_nodes = None if self.max_nodes is None else self._search.nodes + self.max_nodes
        played = [card_bits(c) for c in position.trick]
        return self._search, played

    def _ge(self, search: _Search, position: Position, played: list[tuple[int, int]], target: int) -> bool:
        if played:
            return search._trick(position.leader, played, target)[0]
        return search.ge(position.leader, target)[0]

    def tricks(self, position: Position, seat: int | None = None) -> int:
        """The tricks ``seat``'s side (by default the side on turn) takes from here, the trick in
        progress included, with perfect play by all."""
        if self._dds(position):
            got = self._dds_cards(position, 1)
            if got:
                mine = got[0][1]          # the side on turn's
                who = position.turn if seat is None else seat
                return mine if who % 2 == position.turn % 2 else position.tricks_left - mine
        search, played = self._prepare(position)
        left = position.tricks_left
        lo, hi = 0, left          # tricks of seats 0 and 2
        guess = self._guess
        if guess is not None and 0 < guess <= left:
            # MTD-style: the last answer is a good first guess for the next question (the review
            # and the hint ask about successive positions, the table about the same deal from
            # other leads), and a question right at the answer is answered fastest; step from it.
            if self._ge(search, position, list(played), guess):
                lo = guess
                if lo < hi and self._ge(search, position, list(played), lo + 1):
                    lo += 1
                else:
                    hi = lo
            else:
                hi = guess - 1
                if hi > lo and not self._ge(search, position, list(played), hi):
                    hi -= 1
                else:
                    lo = hi
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._ge(search, position, list(played), mid):
                lo = mid
            else:
                hi = mid - 1
        self._guess = lo
        who = position.turn if seat is None else seat
        return lo if who % 2 == 0 else left - lo

    def can_take(self, position: Position, seat: int, target: int) -> bool:
        """Can ``seat``'s side take ``target`` or more tricks from here?  (One question: cheaper than
        counting them all.)"""
        if self._dds(position):
            return self.tricks(position, seat) >= target
        search, played = self._prepare(position)
        left = position.tricks_left
        if seat % 2 == 0:
            return self._ge(search, position, list(played), target)
        return not self._ge(search, position, list(played), left - target + 1)

    def card_values(self, position: Position) -> dict[Card, int]:
        """For every card the player on turn may play, the tricks his side then takes from here
        (this trick included).  Cards that touch get the same value."""
        seat = position.turn
        if self._dds(position):
            got = self._dds_cards(position, 3)
            if got:
                scores = dict(got)
                legal = legal_cards(position)
                if all(c in scores for c in legal):
                    return {c: scores[c] for c in legal}
        values: dict[Card, int] = {}
        for card in legal_cards(position):
            nxt = after(position, card)
            won = trick_won_by(position, card)
            gain = 1 if won is not None and won % 2 == seat % 2 else 0
            values[card] = gain + (self.tricks(nxt, seat) if nxt.tricks_left else 0)
        return values

    def best_cards(self, position: Position) -> tuple[int, list[Card]]:
        """The most the side on turn can take, and every card that keeps it."""
        values = self.card_values(position)
        best = max(values.values())
        return best, [c for c, v in values.items() if v == best]


# -- positions -------------------------------------------------------------------------------------
def legal_cards(position: Position) -> list[Card]:
    hand = position.hands[position.turn]
    if position.trick:
        led = position.trick[0].suit
        follow = [c for c in hand if c.suit is led]
        if follow:
            return sorted(follow, key=lambda c: -_BIT[c.rank])
    return sorted(hand, key=lambda c: (_SUIT_INDEX[c.suit], -_BIT[c.rank]))


def trick_winner(trick: Sequence[Card], leader: int, trump: Suit | None) -> int:
    best = 0
    for k in range(1, len(trick)):
        c, b = trick[k], trick[best]
        if c.suit is b.suit:
            if _BIT[c.rank] > _BIT[b.rank]:
                best = k
        elif c.suit is trump:
            best = k
    return (leader + best) % 4


def after(position: Position, card: Card) -> Position:
    """The position once the player on turn has played ``card``."""
    seat = position.turn
    hands = list(position.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    trick = position.trick + (card,)
    if len(trick) < 4:
        return Position(tuple(hands), position.trump, position.leader, trick)
    winner = trick_winner(trick, position.leader, position.trump)
    return Position(tuple(hands), position.trump, winner, ())


def trick_won_by(position: Position, card: Card) -> int | None:
    """The seat winning the trick ``card`` completes (``None`` if it does not complete one)."""
    trick = position.trick + (card,)
    if len(trick) < 4:
        return None
    return trick_winner(trick, position.leader, position.trump)


# -- the questions the table asks ------------------------------------------------------------------
def solve(position: Position, seat: int | None = None) -> int:
    """The tricks ``seat``'s side (by default the side on turn) takes from ``position`` on."""
    position.check()
    return Solver(position.trump).tricks(position, seat)


def dd_table(hands: Sequence[Sequence[Card]]) -> dict[tuple[int, Suit | None], int]:
    """The double-dummy table of a whole deal: for each declarer (seat) and each strain (a trump
    suit, or ``None`` for no trumps), the tricks the declarer's side takes, the opening lead made
    by the declarer's left-hand adversary.  A whole deal by DDS's CalcDDtable where it is installed."""
    out: dict[tuple[int, Suit | None], int] = {}
    hands_t = tuple(tuple(h) for h in hands)
    Position(hands_t, None, 1).check()
    # CalcDDtable counts thirteen tricks whatever the hands hold: whole deals only (shorter hands
    # go one declaration at a time, through DDS's SolveBoard where it is installed)
    if dds_engine.available() and all(len(h) == 13 for h in hands_t):
        try:
            return dds_engine.dd_table(hands_t)
        except (dds_engine.DDSError, KeyError):
            pass
    for strain in STRAINS:
        solver = Solver(strain)
        for declarer in range(4):
            pos = Position(hands_t, strain, (declarer + 1) % 4)
            if declarer == 0:
                pos.check()
            out[(declarer, strain)] = solver.tricks(pos, declarer)
    return out


@dataclass(frozen=True, slots=True)
class Slip:
    """A card that cost its side tricks: before it, the side could take ``before`` tricks from the
    position; after it, ``after`` (counting the tricks won in between as the side's)."""

    index: int          # which card of the play (0 the opening lead)
    seat: int
    card: Card
    before: int
    after: int
    better: tuple[Card, ...]

    @property
    def lost(self) -> int:
        return self.before - self.after


def review(hands: Sequence[Sequence[Card]], trump: Suit | None, leader: int,
           plays: Sequence[Card], start: int = 0) -> tuple[list[int], list[Slip]]:
    """The end-of-hand review.  ``hands`` as dealt, ``plays`` every card in the order played;
    the review begins at card ``start`` (a trick boundary: the later, the smaller the positions).
    Returns the tricks seats 0 and 2 could make (already won + best from then on) before each
    card from ``start`` and after the last, and the cards that changed that figure — each a slip
    of the side that played it."""
    pos = Position(tuple(tuple(h) for h in hands), trump, leader)
    pos.check()
    won0 = 0
    for card in plays[:start]:
        w = trick_won_by(pos, card)
        if w is not None and w % 2 == 0:
            won0 += 1
        pos = after(pos, card)
    solver = Solver(trump)
    total = len(hands[0])
    figures: list[int] = []
    positions: list[Position] = []
    for card in plays[start:]:
        positions.append(pos)
        figures.append(won0 + solver.tricks(pos, 0))
        w = trick_won_by(pos, card)
        if w is not None and w % 2 == 0:
            won0 += 1
        pos = after(pos, card)
    figures.append(won0 + (solver.tricks(pos, 0) if pos.tricks_left else 0))
    slips: list[Slip] = []
    for k, card in enumerate(plays[start:]):
        before, now = figures[k], figures[k + 1]
        seat = positions[k].turn
        mine_before = before if seat % 2 == 0 else total - before
        mine_after = now if seat % 2 == 0 else total - now
        if mine_after < mine_before:
            _, better = solver.best_cards(positions[k])
            slips.append(Slip(start + k, seat, card, mine_before, mine_after, tuple(better)))
    return figures, slips


# The review looks at the last tricks, from where each hand holds this many: nine takes our search
# in the worker 0.4 s at the median and under 2 s on the hands measured (eleven: 6 s, up to 20 s).
# With DDS the review covers the whole hand.
REVIEW_CARDS = 9


def review_cards() -> int:
    """How many cards a hand the review starts from: the whole hand with DDS, else REVIEW_CARDS."""
    return 13 if dds_engine.available() else REVIEW_CARDS


def hand_review(state: Any, names: str = "AYBZ", side_names: Sequence[str] = ("A–B", "Y–Z"),
                cards: int | None = None) -> list[tuple[str, str]]:
    """The review of a finished hand of four (a ``TricksState`` whose every card has been played):
    from the trick where each hand held ``cards`` cards, what each side could have made with every
    card in sight, and each card that cost its side a trick.  Lines of (words, tricks)."""
    if state.n != 4 or not state.tricks or state.trick:
        return []
    plays = [(seat, state.deck[i]) for t in state.tricks for seat, i in t.plays]
    if len(plays) % 4:
        return []
    hands: list[list[Card]] = [[], [], [], []]
    for seat, card in plays:
        hands[seat].append(card)
    size = len(hands[0])
    if any(len(h) != size for h in hands) or any(c.rank not in _BIT for _, c in plays):
        return []
    first = 4 * max(0, size - (review_cards() if cards is None else cards))
    figures, slips = review(hands, state.trump, state.tricks[0].leader, [c for _, c in plays], first)
    made = sum(1 for t in state.tricks if t.winner % 2 == 0)
    trick_no = first // 4 + 1
    out = [(f"With every card in sight, from trick {trick_no}: {side_names[0]} could make "
            f"{figures[0]}, {side_names[1]} {size - figures[0]}", f"made {made}–{size - made}")]
    for slip in slips:
        card = slip.card
        better = ", ".join(f"{c.rank.short}{c.suit.symbol}" for c in slip.better)
        out.append((f"{names[slip.seat]}'s {card.rank.short}{card.suit.symbol} (trick "
                    f"{slip.index // 4 + 1}) cost {slip.lost} trick{'s' if slip.lost != 1 else ''}; "
                    f"{better} kept {'it' if slip.lost == 1 else 'them'}", f"−{slip.lost}"))
    return out


# -- from a game's state ---------------------------------------------------------------------------
def position_of(state: Any) -> Position:
    """The open position of a trick game's state (``games.tricks.engine.TricksState``): every seat's
    hand now, the trump, the trick in progress.  The solver sees every card: it is for analysis and
    for the games played with every hand open, never for a player who may not see them."""
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    for k, ids in enumerate(state.hands):
        if state.hand_sets[k] == state.current_set:
            hands[state.owners[k]] = tuple(state.deck[i] for i in ids)
    trick = tuple(state.deck[i] for _, i in state.trick)
    leader = state.trick[0][0] if state.trick else (state.turn if state.turn is not None else state.leader)
    return Position(tuple(hands), state.trump, leader, trick)


def contract_outlook(state: Any, seat: int, needed: int | None = None) -> tuple[int, list[Card], bool | None]:
    """For the hint of a game played with every hand open (Double Dummy) or for analysis: the most
    tricks ``seat``'s side can still take in all (those already won included), the cards of the
    player on turn that keep it, and — given ``needed`` — whether that is still enough.  The caller
    keeps the hands small enough for its budget, or asks in the worker."""
    pos = position_of(state)
    pos.check()
    won = sum(1 for t in state.tricks if t.winner % 2 == seat % 2)
    solver = Solver(pos.trump)
    best, cards = solver.best_cards(pos)
    mover_side_best = best
    if pos.turn % 2 != seat % 2:
        mover_side_best = pos.tricks_left - best
    total = won + mover_side_best
    return total, cards, (None if needed is None else total >= needed)


def brute_force(position: Position) -> int:
    """Plain minimax over every card (no table, no pruning): the tests' yardstick on small deals.
    The tricks of seats 0 and 2 from here."""
    if not position.trick and not position.hands[position.leader]:
        return 0
    seat = position.turn
    values = []
    for card in legal_cards(position):
        w = trick_won_by(position, card)
        gain = 1 if w is not None and w % 2 == 0 else 0
        values.append(gain + brute_force(after(position, card)))
    return max(values) if seat % 2 == 0 else min(values)
