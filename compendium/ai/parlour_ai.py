"""The computer in the parlour games and Pope Joan, at three strengths, from the seat's view alone.

Ghost.  A player's strength is above all the breadth of his vocabulary: level 1 knows the common
words (SCOWL sizes up to 35), level 2 a good reader's stock (up to 50), level 3 the whole list the
game is judged by.  Each challenges a letter that leads to no word it knows, so the weaker players
sometimes challenge an honest letter and lose the life.  Level 1 adds any letter that keeps a word
it knows going and does not complete one; levels 2 and 3 look ahead through every word of their
vocabulary (an exact search of the word tree for the players in the round, cached per process) and
choose a letter that makes someone else complete the word; to begin a word the club player weighs a
handful of first letters, the expert all of them.  When every honest letter loses, level 2
sometimes bluffs — a letter that leads to no word it knows, hoping not to be challenged — while
level 3 never adds a letter that leads to no word: it plays on toward the longest word it can.

Tit-Tat-Toe.  With eyes shut there is nothing to choose.  With an aimed pencil, level 1 aims at a
division it likes the look of, level 2 at the highest number not yet struck, and level 3 at the
division that gives the most on average over where the pencil may land (the scatter of the hand,
the lines, the struck divisions and the neighbours all counted).

Pope Joan.  The only choice is the lead.  Level 1 leads at random; level 2 leads as the book
advises — first the cards it knows will be stops (so it keeps the lead), then the Pope, then the
lowest card of a suit, above all an ace, which can never be reached by a run — and takes the
trump honours while they can only be led; level 3 deals the unseen cards many times over
(consistently with every stop seen so far: the card after a stop lies in the dead hand), plays
the deal out with every player leading as level 2 would, and keeps the lead that wins it the most
counters on average.

A player never sees the real position; its randomness is seeded from the public view, so a
decision is repeatable and does not depend on anything hidden from the seat.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.cards import Card
from ..core.rng import SplitMix64
from ..games.parlour.ghost import Challenge, GhostState, GiveUp, Letter, Name, WordList, vocabulary
from ..games.parlour.pope_joan import (
    EIGHT_OF_DIAMONDS,
    GAME_C,
    HONOUR_COMPARTMENT,
    PAIRS,
    POPE,
    POPE_C,
    Dress,
    Lead,
    PJView,
    known_dead,
)
from ..games.parlour.tit_tat_toe import FIGURE, SCATTER, Aim, TTTState, locate


def view_digest(view: Any) -> int:
    """A number that depends on the public view only (hidden faces are ``None`` in it)."""
    return zlib.crc32(repr(view).encode("utf-8"))


# == Ghost =========================================================================================
GHOST_VOCABULARY = {1: 35, 2: 50, 3: 60}   # the SCOWL size of each level's vocabulary
BLUFF_CHANCE = 0.5                         # level 2, when every honest letter loses
FIRST_LETTERS = 5                          # level 2: first letters weighed when a word begins


def rng_sample(rng: SplitMix64, n: int, k: int) -> list[int]:
    """``k`` distinct numbers below ``n``, drawn with ``rng``."""
    pool = list(range(n))
    for i in range(k):
        j = i + rng.below(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]

# The exact search's results, kept for the life of the process (the worker keeps them between
# moves): (vocabulary size, shortest word, players in the round) -> {letters: loser's offset}.
_SOLVED: dict[tuple[int, int, int], dict[str, int]] = {}


class GhostTree:
    """The word tree of one vocabulary, searched for ``k`` players taking turns.

    ``loser(f)`` is the offset (0 = the player about to add a letter to ``f``, 1 = the next, …) of
    the player who is made to complete a word if everyone plays on toward words of the vocabulary
    and each, when he can, chooses a letter that makes another player lose — the nearest one after
    him, as a convention that keeps the search exact and repeatable."""

    def __init__(self, words: WordList, size: int, shortest: int, k: int) -> None:
        self.words = words
        self.shortest = shortest
        self.k = k
        self.memo = _SOLVED.setdefault((size, shortest, k), {})

    def complete(self, letters: str) -> bool:
        return len(letters) >= self.shortest and letters in self.words

    def honest(self, letters: str) -> list[str]:
        """Letters that keep ``letters`` on the way to a word that counts."""
        out = []
        for c in self.words.next_letters(letters):
            g = letters + c
            if self.complete(g) or self.words.extends(g, self.shortest):
                out.append(c)
        return out

    def outcome_of(self, letters: str, c: str) -> int:
        """The loser's offset from the player who adds ``c`` to ``letters``."""
        g = letters + c
        return 0 if self.complete(g) else (1 + self.loser(g)) % self.k

    def loser(self, letters: str) -> int:
        found = self.memo.get(letters)
        if found is not None:
            return found
        best = 0
        for c in self.honest(letters):
            r = self.outcome_of(letters, c)
            if r and (not best or r < best):
                best = r
        self.memo[letters] = best
        return best

    def depth(self, letters: str) -> int:
        """The length of the longest word of the vocabulary that ``letters`` can still reach."""
        lo, hi = self.words.span(letters)
        return max((len(self.words.words[i]) for i in range(lo, hi)), default=len(letters))


@dataclass
class GhostPlayer:
    level: int = 2
    seed: int = 0

    def choose(self, game: Any, view: GhostState, legal: Sequence[Any], state: Any = None) -> Any:
        del state  # never consulted
        legal = list(legal)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        rng = SplitMix64(self.seed ^ view_digest(view) ^ (self.level << 40))
        size = GHOST_VOCABULARY.get(self.level, 60)
        words = vocabulary(size)
        if view.challenger is not None:
            return self._answer(view, legal, words)
        letters = view.letters
        if letters and not words.extends(letters, view.shortest):
            return Challenge()   # no word it knows begins so: the last letter looks like a bluff
        k = len(view.alive)
        tree = GhostTree(words, size, view.shortest, k)
        honest = tree.honest(letters)
        if self.level <= 1:
            safe = [c for c in honest if not tree.complete(letters + c)]
            pool = safe or honest or list("abcdefghijklmnopqrstuvwxyz")
            return Letter(pool[rng.below(len(pool))])
        if not letters and self.level == 2 and len(honest) > FIRST_LETTERS:
            # a new word: the club player weighs a handful of first letters, not the whole tree
            honest = [honest[i] for i in sorted(rng_sample(rng, len(honest), FIRST_LETTERS))]
        results = {c: tree.outcome_of(letters, c) for c in honest}
        winning = [c for c, r in results.items() if r]
        if winning:
            nearest = min(results[c] for c in winning)
            pool = [c for c in winning if results[c] == nearest]
            return Letter(pool[rng.below(len(pool))])
        going_on = [c for c in honest if not tree.complete(letters + c)]
        if self.level == 2 and letters and rng.random() < BLUFF_CHANCE:
            bluffs = [c for c in "aeioulnrst" if c not in honest]
            if bluffs:
                return Letter(bluffs[rng.below(len(bluffs))])
        if going_on:
            # every honest letter loses against perfect play: go for the longest word, where the
            # others have the most chances to go wrong
            best = max(tree.depth(letters + c) for c in going_on)
            pool = [c for c in going_on if tree.depth(letters + c) == best]
            return Letter(pool[rng.below(len(pool))])
        pool = honest or list("abcdefghijklmnopqrstuvwxyz")
        return Letter(pool[rng.below(len(pool))])

    def _answer(self, view: GhostState, legal: list[Any], words: WordList) -> Any:
        """Challenged: name a word it knows (the shortest, as a player would), or give up."""
        known = [a for a in legal if isinstance(a, Name) and a.word in words]
        if not known:
            return next(a for a in legal if isinstance(a, GiveUp))
        return min(known, key=lambda a: (len(a.word), a.word))


# == Tit-Tat-Toe ===================================================================================
SAMPLES = 600          # level 3: landings weighed per division aimed at


@lru_cache(maxsize=4)
def landing_cloud(hand: str) -> tuple[tuple[int, ...], ...]:
    """For each division aimed at, where a fixed cloud of pencils lands (a division's index, or
    -1 off the figure or on a line).  The cloud is stratified over the hand's normal scatter and
    the same for every decision, so the choice is repeatable; it is worked out once per hand."""
    sigma = SCATTER[hand]
    gen = SplitMix64(0x7177)
    offsets = []
    for k in range(SAMPLES):
        u1 = (k + gen.random()) / SAMPLES
        u2 = gen.random()
        rad = math.sqrt(-2.0 * math.log(max(1e-12, 1.0 - u1))) * sigma
        offsets.append((rad * math.cos(2 * math.pi * u2), rad * math.sin(2 * math.pi * u2)))
    out = []
    for d in FIGURE:
        cx, cy = d.centre
        row = []
        for dx, dy in offsets:
            _, hit = locate(round(cx + dx), round(cy + dy))
            row.append(-1 if hit is None else hit.index)
        out.append(tuple(row))
    return tuple(out)


def expected_score(state: TTTState, value: int) -> float:
    """What aiming at the division marked ``value`` scores on average."""
    target = next(d for d in FIGURE if d.value == value)
    worth = [0 if state.struck[d.index] else d.value for d in FIGURE] + [0]   # index -1: nothing
    return sum(worth[i] for i in landing_cloud(state.hand)[target.index]) / SAMPLES


@dataclass
class TitTatToePlayer:
    level: int = 2
    seed: int = 0

    def choose(self, game: Any, view: TTTState, legal: Sequence[Any], state: Any = None) -> Any:
        del state
        legal = list(legal)
        if not legal:
            return None
        aims = [a for a in legal if isinstance(a, Aim)]
        if not aims:
            return legal[0]    # eyes shut: the pencil goes down, nothing to choose
        open_values = {d.value for d in FIGURE if not view.struck[d.index]}
        targets = [a for a in aims if a.value in open_values] or aims
        if self.level <= 1:
            rng = SplitMix64(self.seed ^ view_digest(view))
            return targets[rng.below(len(targets))]
        if self.level == 2:
            return max(targets, key=lambda a: a.value)
        return max(targets, key=lambda a: (expected_score(view, a.value), a.value))


# == Pope Joan =====================================================================================
WORLDS = 16            # level 3: deals of the unseen cards per decision
SUIT_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3}


def code(card: Card) -> int:
    """A card as a small integer for the look-ahead (a ``Card`` hashes through its enums, fifty
    times slower): suit × 16 + rank, so the next card up is simply one more."""
    assert card.suit is not None
    return SUIT_INDEX[card.suit.value] * 16 + int(card.rank)


POPE_I = code(POPE)
EIGHT_D_I = code(EIGHT_OF_DIAMONDS)
HONOURS_I = {int(r): comp for r, comp in HONOUR_COMPARTMENT.items()}
PAIRS_I = tuple((comp, int(a), int(b)) for comp, a, b in PAIRS)


def next_up(c: int) -> int | None:
    return None if c % 16 == 13 else c + 1


class JoanSim:
    """A deal played out fast on plain integers, for level 3's look-ahead: hands as sets of card
    codes, counters won and lost per seat."""

    def __init__(self, view: PJView, faces: dict[int, Card]) -> None:
        self.n = view.n
        self.trump = -1 if view.trump is None else SUIT_INDEX[view.trump.value]
        self.board = list(view.board)
        self.hands: list[set[int]] = [
            {code(vc.face) if vc.face is not None else code(faces[vc.id]) for vc in hand} for hand in view.hands]
        self.played: set[int] = {code(c) for c in view.played_faces()}
        self.mine_played: list[set[int]] = [set() for _ in range(self.n)]
        for run in view.runs:
            for s, vc in run:
                if vc.face is not None:
                    self.mine_played[s].add(code(vc.face))
        self.turnup = code(view.turnup.face) if view.turnup is not None and view.turnup.face is not None else -1
        self.gain = [0] * self.n
        self.over = False

    def holder(self, c: int) -> int | None:
        for s, hand in enumerate(self.hands):
            if c in hand:
                return s
        return None

    def take(self, seat: int, comp: int) -> None:
        self.gain[seat] += self.board[comp]
        self.board[comp] = 0

    def lead(self, seat: int, c: int) -> int:
        """Play the run from card ``c``; the next leader (or -1 when the deal is over)."""
        while True:
            self.hands[seat].discard(c)
            self.played.add(c)
            mine = self.mine_played[seat]
            mine.add(c)
            if c == POPE_I:
                self.take(seat, POPE_C)
            rank = c % 16
            if c // 16 == self.trump and rank in HONOURS_I:
                self.take(seat, HONOURS_I[rank])
                base = c - rank
                for comp, a, b in PAIRS_I:
                    if base + a in mine and base + b in mine:
                        self.take(seat, comp)
            if not self.hands[seat]:
                self.take(seat, GAME_C)
                for other, hand in enumerate(self.hands):
                    if other != seat and POPE_I not in hand:
                        self.gain[other] -= len(hand)
                        self.gain[seat] += len(hand)
                self.over = True
                return -1
            nxt = next_up(c)
            who = self.holder(nxt) if nxt is not None else None
            if who is None:
                return seat
            seat, c = who, nxt

    def play_out(self, leader: int, dead: set[int]) -> None:
        while not self.over and leader >= 0:
            c = club_lead_codes(self.hands[leader], self.played, self.turnup, self.trump, self.board, dead)
            leader = self.lead(leader, c)


def club_lead_codes(hand: set[int], played: set[int], turnup: int, trump: int, board: Sequence[int],
                    dead: set[int]) -> int:
    """The book's advice as a score: sure stops first (the lead comes back), then the Pope, then
    the lowest card of a suit, above all an ace (never reached by a run); trump honours that only
    a lead can bring out are worth their compartment."""
    def gone(c: int | None) -> bool:
        return c is None or c in played or c == turnup or c == EIGHT_D_I or c in dead

    best, best_score = -1, -1e9
    for card in sorted(hand):
        value = 0.0
        c: int | None = card
        while True:
            assert c is not None
            value += 1.0
            if c == POPE_I:
                value += 3.0 + board[POPE_C]
            if c // 16 == trump and c % 16 in HONOURS_I:
                value += board[HONOURS_I[c % 16]]
            nxt = next_up(c)
            if nxt is not None and nxt in hand:
                c = nxt
                continue
            if gone(nxt):
                value += 6.0      # a sure stop: the lead comes back
            break
        rank = card % 16
        if rank == 1 or gone(card - 1):
            value += 2.5          # nobody can play up to this card: lead it or keep it for ever
        value -= rank * 0.05      # the lower of equals
        if value > best_score:
            best, best_score = card, value
    return best


def club_lead(hand: Sequence[Card], played: set[Card], turnup: Card | None, trump: Any,
              board: Sequence[int], dead: set[Card]) -> Card:
    """``club_lead_codes`` for cards."""
    by_code = {code(c): c for c in hand}
    chosen = club_lead_codes(set(by_code), {code(c) for c in played},
                             -1 if turnup is None else code(turnup),
                             -1 if trump is None else SUIT_INDEX[trump.value], board,
                             {code(c) for c in dead})
    return by_code[chosen]


@dataclass
class PopeJoanPlayer:
    level: int = 2
    seed: int = 0

    def choose(self, game: Any, view: PJView, legal: Sequence[Any], state: Any = None) -> Any:
        del state
        legal = list(legal)
        if not legal:
            return None
        if len(legal) == 1 or any(isinstance(a, Dress) for a in legal):
            return legal[0]
        rng = SplitMix64(self.seed ^ view_digest(view) ^ (self.level << 40))
        leads = [a for a in legal if isinstance(a, Lead)]
        if self.level <= 1:
            return leads[rng.below(len(leads))]
        played = set(view.played_faces())
        turnup = view.turnup.face if view.turnup is not None else None
        dead = known_dead(view)
        if self.level == 2:
            return Lead(club_lead([a.card for a in leads], played, turnup, view.trump, view.board, dead))
        return self._search(game, view, leads, rng, dead)

    def _search(self, game: Any, view: PJView, leads: list[Lead], rng: SplitMix64, dead: set[Card]) -> Lead:
        seat = view.seat
        assert seat is not None
        totals = {a: 0.0 for a in leads}
        known = {code(c) for c in dead}     # every player judges from the stops all have seen
        for _ in range(WORLDS):
            world = game.determinize(view, seat, SplitMix64(rng.next()))
            faces = dict(enumerate(world.deck))
            for a in leads:
                sim = JoanSim(view, faces)
                sim.play_out(sim.lead(seat, code(a.card)), known)
                totals[a] += sim.gain[seat]
        return max(leads, key=lambda a: (totals[a], -int(a.card.rank)))
