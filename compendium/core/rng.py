"""Seeded randomness that gives the same deal for the same number on every machine and version.

We do not use ``random.shuffle``: its exact sequence is an implementation detail of CPython, and a
deal number printed in a player's statistics or a golden test must mean the same deal for ever.
SplitMix64 is tiny, fast and well mixed; Fisher-Yates with rejection sampling is unbiased.
"""
from __future__ import annotations

import hashlib
from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
MAX_SEED = (1 << 63) - 1


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)  # reject the biased tail
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next() >> 11) / float(1 << 53)


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """``items`` in the order deal number ``seed`` puts them."""
    out = list(items)
    gen = SplitMix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = gen.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def derive_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th chance event of a game started with ``seed``.

    The first event (the first deal) uses the game's own seed, so "deal number 42" is the game
    started with seed 42; later deals and throws are derived by hashing."""
    if index == 0:
        return seed
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def fresh_seed() -> int:
    """A new deal number for the player: short enough to read out and type in."""
    import secrets
    return secrets.randbelow(1_000_000_000)
