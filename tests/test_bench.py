"""The benchmark's measuring parts (the whole benchmark is run by hand: it takes minutes)."""
from __future__ import annotations

from compendium import bench
from compendium.games.registry import get_game


def test_random_games_are_counted_and_stop_at_the_time_given():
    games, steps, seconds = bench._random_games(get_game("fortress"), 5, 30.0)
    assert games == 5 and steps > 5 and seconds > 0
    games, _, _ = bench._random_games(get_game("fortress"), 10_000, 0.05)
    assert 1 <= games < 10_000


def test_decisions_are_timed_in_real_positions():
    times = bench._decision_times(get_game("napoleon"), 1, 3)
    assert len(times) == 3 and all(t > 0 for t in times)


def test_every_budget_names_a_measure_the_benchmark_makes():
    made = {"startup_median_s", "startup_ratio_to_bare_with_qt_namespace", "repaint_104_ms",
            "repaint_104_talking_ms", "drag_frame_p95_ms",
            "drag_run_two_packs_frame_p95_ms", "think_frame_p95_ms", "decision_p50_ms",
            "decision_p95_ms", "card_games_decision_worst_p50_ms", "card_games_decision_worst_p95_ms",
            "cue_decision_worst_p95_ms",
            "rss_mb"}
    # the window's figures are budgeted full HD as well
    made |= {key + "_1920x1080" for key in ("startup_median_s", "repaint_104_ms", "repaint_104_talking_ms",
                                             "drag_frame_p95_ms",
                                             "drag_run_two_packs_frame_p95_ms", "think_frame_p95_ms")}
    assert set(bench.BUDGETS) == made


def test_the_app_probe_is_sized_as_asked_and_paints():
    probe = bench._app_probe(1920, 1080)
    assert "w.resize(1920, 1080)" in probe and "WIDTH" not in probe
    seconds, rss_mb = bench._time_process(probe)
    assert 0 < seconds < 60 and rss_mb > 10


def test_both_bare_windows_paint_and_one_touches_the_qt_namespace():
    assert "Qt.AlignmentFlag" in bench._BARE_QT and "Qt." not in bench._BARE
    for probe in (bench._BARE, bench._BARE_QT):
        seconds, rss_mb = bench._time_process(probe)
        assert 0 < seconds < 30 and rss_mb > 10
