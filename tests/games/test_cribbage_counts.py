"""The distribution of the values of all 12,994,800 shows of four cards and a starter, counted
exactly (by rank multisets and the suits' combinatorics) and checked against the published table,
against the direct scorer on a sample, and — under the ``exhaustive`` mark, run by hand — against
a full count of every show one by one."""
from __future__ import annotations

from math import comb

import pytest

from compendium.core.cards import standard_pack
from compendium.core.rng import SplitMix64
from compendium.games.cribbage.scoring import (
    brute_force_distribution,
    rank_points,
    show_distribution,
    show_items,
    show_value,
)

# S. Lumetta, "Amusing Cribbage Facts" (and every table of cribbage statistics since)
PUBLISHED = {0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
             7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
             14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 20: 8068, 21: 2496, 22: 444,
             23: 356, 24: 3680, 28: 76, 29: 4}


def test_the_exact_distribution_of_every_show():
    dist = show_distribution()
    assert sum(dist.values()) == 12_994_800 == comb(52, 4) * 48
    assert dist == PUBLISHED
    assert max(dist) == 29 and dist[29] == 4 and dist[28] == 76
    for impossible in (19, 25, 26, 27):
        assert impossible not in dist


def test_the_crib_distribution_differs_only_by_the_four_card_flush():
    crib = show_distribution(crib=True)
    assert sum(crib.values()) == 12_994_800
    assert crib[0] == 1_022_208          # the published count of worthless cribs
    assert crib[29] == 4 and 19 not in crib


def test_the_counting_agrees_with_the_direct_scorer_on_a_sample():
    """A sample of shows scored by the item-by-item scorer and by the fast one; and the sample's
    values fall where the counted distribution puts weight."""
    pack = standard_pack()
    gen = SplitMix64(2024)
    dist = show_distribution()
    for _ in range(3000):
        picks: list = []
        while len(picks) < 5:
            c = pack[gen.below(52)]
            if c not in picks:
                picks.append(c)
        hand, starter = picks[:4], picks[4]
        for crib in (False, True):
            items = show_items(hand, starter, crib)
            v = show_value(hand, starter, crib)
            assert sum(i.points for i in items) == v
        assert show_value(hand, starter) in dist


def test_rank_points_is_the_fifteens_pairs_and_runs():
    assert rank_points([5, 5, 5, 11, 5]) == 16 + 12     # eight fifteens, a double pair royal
    assert rank_points([1, 2, 3, 3, 3]) == 9 + 6        # three runs of three, a pair royal
    assert rank_points([2, 4, 6, 8, 13]) == 0           # nothing at all
    assert rank_points([1, 3, 5, 7, 9]) == 2 * 2        # 1+5+9, 3+5+7


@pytest.mark.exhaustive
def test_the_full_count_of_every_show_agrees():
    """All 12,994,800 shows scored one by one: the counted distribution is exact.  (569 s when
    measured at the lowest priority on the shared two-core machine, so it is kept out of CI and run
    by hand with ``-m exhaustive``; the counting the everyday tests check takes 0.3 s.)"""
    assert brute_force_distribution() == PUBLISHED
