"""The strength comparison tool: its statistics against a hand computation, the seat rotation, the
per-deal points, determinism, and a real comparison that fails if the computer stops beating a
random player; duplicate mode: the same cards in every play of a deal, level A in every side (or
seat) in turn, a level against itself giving exactly nothing, and its errors."""
from __future__ import annotations

import math

import pytest

from compendium.ai import strength
from compendium.ai.strength import (
    DealResult,
    DuplicateDeal,
    Play,
    Report,
    compare,
    compare_duplicate,
    estimate,
    main,
    make_player,
    play_deal,
    seat_groups,
)
from compendium.games.tricks.all_fours import FOUR_HANDED as ALL_FOURS_4
from compendium.games.tricks.napoleon import GAME as NAPOLEON
from compendium.games.tricks.quinto import DUMMY as DUMMY_QUINTO


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


# -- duplicate mode ----------------------------------------------------------------------------------
def record_plays(monkeypatch) -> list[tuple[int, dict[int, int]]]:
    """Every play_deal call of the tool as (deal seed, level of each seat)."""
    calls: list[tuple[int, dict[int, int]]] = []
    real = strength.play_deal

    def recording(game, options, seed, players, *args, **kwargs):
        calls.append((seed, {s: p.level for s, p in players.items()}))
        return real(game, options, seed, players, *args, **kwargs)
    monkeypatch.setattr(strength, "play_deal", recording)
    return calls


def test_the_groups_are_the_sides_of_acting_seats_or_every_seat_alone():
    assert seat_groups(ALL_FOURS_4, None) == ((0, 2), (1, 3))
    assert seat_groups(NAPOLEON, None) == ((0,), (1,), (2,), (3,))
    assert seat_groups(NAPOLEON, {"players": 3}) == ((0,), (1,), (2,))
    # Dummy Quinto: the dummy (seat 3) is played by seat 1, which alone holds that side.
    assert seat_groups(DUMMY_QUINTO, None) == ((0, 2), (1,))


def test_a_duplicate_partnership_deal_gives_each_side_to_level_a_with_the_same_cards(monkeypatch):
    calls = record_plays(monkeypatch)
    dealt: list[object] = []
    report = compare_duplicate(ALL_FOURS_4, 1, 0, 2, seed=5, on_deal=dealt.append)
    assert [(seed, levels) for seed, levels in calls] == [
        (5, {0: 1, 1: 0, 2: 1, 3: 0}), (5, {0: 0, 1: 1, 2: 0, 3: 1}),
        (6, {0: 1, 1: 0, 2: 1, 3: 0}), (6, {0: 0, 1: 1, 2: 0, 3: 1})]
    assert dealt[0] == dealt[1] and dealt[2] == dealt[3]      # the same cards in both plays
    assert dealt[0] != dealt[2]                               # and another deal next time
    assert [d.seed for d in report.deals] == [5, 6]
    for deal in report.deals:
        assert [p.seats_a for p in deal.plays] == [(0, 2), (1, 3)]
        for play in deal.plays:                               # partners share their side's score
            assert play.points[0] == play.points[2] and play.points[1] == play.points[3]
        a = (deal.plays[0].points[0] + deal.plays[1].points[1]) / 2
        b = (deal.plays[0].points[1] + deal.plays[1].points[0]) / 2
        assert (deal.a, deal.b) == pytest.approx((a, b))
    assert report.duplicate and report.times[1] and report.times[0]


def test_a_duplicate_individual_deal_gives_every_seat_to_level_a_in_turn(monkeypatch):
    calls = record_plays(monkeypatch)
    dealt: list[object] = []
    report = compare_duplicate(NAPOLEON, 1, 0, 1, seed=9, on_deal=dealt.append)
    assert calls == [(9, {s: (1 if s == k else 0) for s in range(4)}) for k in range(4)]
    assert all(state == dealt[0] for state in dealt) and len(dealt) == 4
    (deal,) = report.deals
    assert [p.seats_a for p in deal.plays] == [(0,), (1,), (2,), (3,)]
    a = sum(p.points[k] for k, p in enumerate(deal.plays)) / 4
    b = sum((sum(p.points) - p.points[k]) / 3 for k, p in enumerate(deal.plays)) / 4
    assert deal.a == pytest.approx(a) and deal.b == pytest.approx(b)


@pytest.mark.parametrize("game, level", [(NAPOLEON, 1), (NAPOLEON, 0), (ALL_FOURS_4, 1),
                                         (ALL_FOURS_4, 0)])
def test_a_level_against_itself_gives_exactly_no_difference(game, level):
    # The players are deterministic (level 0 is seeded by deal and seat, never by play), so every
    # play of a deal is the same game and A's mean over the plays equals B's.
    report = compare_duplicate(game, level, level, 1 if level and game is NAPOLEON else 2, seed=3)
    for deal in report.deals:
        assert all(p.points == deal.plays[0].points for p in deal.plays)
        assert deal.a - deal.b == pytest.approx(0, abs=1e-12)
    assert report.difference.mean == pytest.approx(0, abs=1e-12)


def test_the_plain_mode_of_the_same_deals_does_not_cancel_the_cards():
    # Without duplication a level against itself still shows the luck of the cards: the figure
    # the duplicate mode exists to remove.
    report = compare(NAPOLEON, 0, 0, 4, seed=3)
    assert any(d.a != d.b for d in report.deals)


def test_duplicate_figures_are_reproducible_and_dummy_quinto_plays_both_sides():
    first = compare_duplicate(DUMMY_QUINTO, 0, 0, 1, seed=2)
    again = compare_duplicate(DUMMY_QUINTO, 0, 0, 1, seed=2)
    assert [p.points for p in first.deals[0].plays] == [p.points for p in again.deals[0].plays]
    plays = first.deals[0].plays
    assert [p.seats_a for p in plays] == [(0, 2), (1,)] and len(plays[0].points) == 3
    assert plays[0].points[0] == plays[0].points[2]          # A and B are partners


def test_the_duplicate_report_figures_match_a_hand_computation():
    deals = [DuplicateDeal(1, (Play((0, 2), (5, -1, 5, -1)), Play((1, 3), (2, 3, 2, 3)))),
             DuplicateDeal(2, (Play((0, 2), (0, 4, 0, 4)), Play((1, 3), (1, 1, 1, 1))))]
    report = Report("all_fours_four_handed", 3, 1, deals, duplicate=True)
    assert [d.a for d in deals] == [4.0, 0.5] and [d.b for d in deals] == [0.5, 2.5]
    assert report.difference.mean == pytest.approx((3.5 - 2.0) / 2)
    text = report.text()
    assert "duplicate, level 3 (every seat of one side) against level 1" in text
    assert "2 deals of 2 plays each" in text and "seats 0+2; 1+3" in text
    single = Report("napoleon", 1, 0,
                    [DuplicateDeal(1, tuple(Play((k,), (1, 2, 3, 4)) for k in range(4)))], duplicate=True)
    assert "level 1 (one seat)" in single.text() and "holding each seat once" in single.text()


def test_the_duplicate_command_line_and_its_errors(capsys):
    assert main(["napoleon", "--deals", "1", "--levels", "1", "0", "--duplicate"]) == 0
    out = capsys.readouterr().out
    assert "napoleon: duplicate, level 1 (one seat) against level 0" in out
    assert "1 deals of 4 plays each" in out and "difference A - B" in out
    for argv, message in [(["no_such_game", "--duplicate"], "no game called 'no_such_game'"),
                          (["canfield_or_klondike", "--deals", "1", "--duplicate"],
                           "needs two or more"),
                          (["napoleon", "--levels", "4", "1", "--duplicate"], "no level 4"),
                          (["napoleon", "--deals", "-2", "--duplicate"], "at least 1"),
                          (["napoleon", "--progress", "-1"], "--progress must be 0")]:
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
        assert message in capsys.readouterr().err
