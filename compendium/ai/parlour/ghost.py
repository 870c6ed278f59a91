"""The computer at Ghost, at three strengths, from the seat's view alone.

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

A player never sees the real position; its randomness is seeded from the public view, so a
decision is repeatable and does not depend on anything hidden from the seat.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.rng import SplitMix64
from ...games.parlour.ghost import Challenge, GhostState, GiveUp, Letter, Name, WordList, vocabulary
from ..base import PlayerAI
from .base import view_digest

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



AI = PlayerAI(GhostPlayer, hint_level=3)
