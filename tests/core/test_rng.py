"""Seeded randomness: a deal number must mean the same deal on every machine and for ever."""
from __future__ import annotations

from collections import Counter

import pytest

from compendium.core.cards import standard_pack
from compendium.core.rng import MAX_SEED, SplitMix64, derive_seed, fresh_seed, shuffled


# -- golden values: any change to the generator or the shuffle changes every deal number ----
def test_splitmix64_golden_outputs():
    gen = SplitMix64(0)
    # The published reference sequence of SplitMix64 seeded with 0.
    assert [gen.next() for _ in range(5)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
        0x1B39896A51A8749B,
    ]


def test_shuffled_golden_order():
    assert shuffled(range(10), 42) == (0, 9, 5, 8, 6, 4, 7, 2, 1, 3)


def test_derive_seed_golden_values():
    assert derive_seed(42, 1) == 278651779053087998
    assert derive_seed(42, 2) == 5617518806489003702


def test_seeds_are_taken_modulo_two_to_the_64():
    a, b = SplitMix64(-1), SplitMix64((1 << 64) - 1)
    assert [a.next() for _ in range(3)] == [b.next() for _ in range(3)]


# -- shuffled --------------------------------------------------------------------------------
def test_shuffled_is_a_permutation():
    pack = standard_pack()
    for seed in (0, 1, 143, 2**63 - 1):
        out = shuffled(pack, seed)
        assert len(out) == len(pack)
        assert Counter(out) == Counter(pack)


def test_shuffled_is_deterministic_and_leaves_its_input_alone():
    items = list(range(52))
    first = shuffled(items, 7)
    assert shuffled(items, 7) == first
    assert items == list(range(52))
    assert isinstance(first, tuple)


def test_shuffled_differs_across_seeds():
    orders = {shuffled(range(52), seed) for seed in range(200)}
    assert len(orders) == 200
    assert shuffled(range(52), 0) != tuple(range(52))


def test_shuffled_small_inputs():
    assert shuffled([], 5) == ()
    assert shuffled(["x"], 5) == ("x",)
    # Both orders of two items occur.
    assert {shuffled("ab", seed) for seed in range(20)} == {("a", "b"), ("b", "a")}


def test_every_position_is_reachable():
    """Over many seeds each item lands in each position (Fisher-Yates, not a rotation)."""
    seen = [set() for _ in range(6)]
    for seed in range(600):
        for pos, item in enumerate(shuffled(range(6), seed)):
            seen[pos].add(item)
    assert all(s == set(range(6)) for s in seen)


# -- below -----------------------------------------------------------------------------------
def _chi_square(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 / expected for c in counts)


@pytest.mark.parametrize("n, bound", [
    (6, 25.7),     # df 5: the 99.99 % quantile is about 25.7
    (10, 33.7),    # df 9
    (52, 94.0),    # df 51: about 94 at 99.99 %
])
def test_below_is_uniform(n, bound):
    gen = SplitMix64(12345)
    draws = 60_000
    counts = [0] * n
    for _ in range(draws):
        x = gen.below(n)
        assert 0 <= x < n
        counts[x] += 1
    assert _chi_square(counts, draws / n) < bound


def test_below_rejects_the_biased_tail():
    """With n = 3/4 of 2**64 a plain modulo would put half the draws below 2**62; the rejection
    sampling keeps it at one third."""
    n = 3 << 62
    gen = SplitMix64(99)
    draws = 60_000
    low = sum(1 for _ in range(draws) if gen.below(n) < (1 << 62))
    assert abs(low / draws - 1 / 3) < 0.02


def test_below_one_is_always_zero():
    gen = SplitMix64(3)
    assert {gen.below(1) for _ in range(100)} == {0}


@pytest.mark.parametrize("n", [0, -1, -(2**70)])
def test_below_needs_a_positive_bound(n):
    with pytest.raises(ValueError):
        SplitMix64(1).below(n)


def test_random_is_in_the_unit_interval():
    gen = SplitMix64(8)
    values = [gen.random() for _ in range(10_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55


# -- derive_seed and fresh_seed ----------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 42, 143, MAX_SEED])
def test_derive_seed(seed):
    assert derive_seed(seed, 0) == seed
    later = [derive_seed(seed, i) for i in range(1, 50)]
    assert all(0 <= s <= MAX_SEED for s in later)
    assert seed not in later
    assert len(set(later)) == len(later)
    assert later == [derive_seed(seed, i) for i in range(1, 50)]  # deterministic


def test_derive_seed_depends_on_the_game_seed():
    assert len({derive_seed(s, 1) for s in range(100)}) == 100


def test_fresh_seed_is_a_short_deal_number():
    seeds = {fresh_seed() for _ in range(50)}
    assert all(0 <= s < 1_000_000_000 for s in seeds)
    assert len(seeds) > 1
