"""The strength comparison tool: its statistics against a hand computation, the seat rotation, the
per-deal points, determinism, and a real comparison that fails if the computer stops beating a
random player."""
from __future__ import annotations

import math

import pytest

from compendium.ai.strength import DealResult, Report, compare, estimate, main, make_player, play_deal
from compendium.games.tricks.napoleon import GAME as NAPOLEON


def test_the_interval_is_the_mean_plus_or_minus_1_96_standard_errors():
    e = estimate([1, 2, 3, 4])
    assert e.mean == 2.5
    sd = math.sqrt(((1.5 ** 2) + (0.5 ** 2)) * 2 / 3)          # sample standard deviation
    assert e.half_width == pytest.approx(1.959964 * sd / 2, rel=1e-6)
    assert e.half_width == pytest.approx(1.26515, abs=1e-5)
    assert (e.low, e.high) == pytest.approx((2.5 - 1.26515, 2.5 + 1.26515), abs=1e-5)
    assert estimate([3.0]).half_width == math.inf
    with pytest.raises(ValueError):
        estimate([])


def test_the_report_figures_match_a_hand_computation():
    deals = [DealResult(0, [6, -2, -2, -2]), DealResult(1, [-3, 9, -3, -3]),
             DealResult(2, [1, 1, -4, 2])]
    report = Report("napoleon", 3, 1, deals)
    assert [d.a for d in deals] == [6, 9, -4]
    assert [d.b for d in deals] == [-2, -3, pytest.approx(4 / 3)]
    assert report.a.mean == pytest.approx(11 / 3)
    assert report.difference.mean == pytest.approx((8 + 12 + (-4 - 4 / 3)) / 3)
    text = report.text()
    assert "3 deals" in text and "level 3" in text and "difference A - B" in text


def test_a_deal_is_played_to_its_end_and_its_points_balance():
    players = {s: make_player(NAPOLEON, 1, s) for s in range(4)}
    points = play_deal(NAPOLEON, None, 7, players)
    assert len(points) == 4 and sum(points) == 0 and any(points)
    again = play_deal(NAPOLEON, None, 7, {s: make_player(NAPOLEON, 1, s) for s in range(4)})
    assert again == points                                   # seeded: the same deal, the same play


def test_level_a_takes_every_seat_in_turn():
    report = compare(NAPOLEON, 1, 0, 5, seed=11)
    assert [d.seat_a for d in report.deals] == [0, 1, 2, 3, 0]
    assert all(sum(d.points) == 0 for d in report.deals)     # Napoleon without a pool balances
    assert report.times[1] and report.times[0]


def test_the_computer_beats_a_random_player_at_napoleon():
    report = compare(NAPOLEON, 1, 0, 16, seed=1)
    assert report.difference.mean > 0
    assert report.a.mean > report.b.mean


def test_the_command_line(capsys):
    assert main(["napoleon", "--deals", "2", "--levels", "1", "0", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "napoleon: level 1 (one seat, rotating) against level 0" in out
    assert "2 deals" in out and "decision time" in out
    with pytest.raises(SystemExit):
        main(["napoleon", "--deals", "0"])
