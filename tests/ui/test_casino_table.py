"""The casino table (Roulette, Trente et Quarante): counters dragged or clicked onto the cloth's
spaces, stakes dragged off to take them back, keyboard play, refusals with their law, the spin
animated and skipped, its frame times, the chart and the simulator."""
from __future__ import annotations

import statistics
import time

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.chance.casino import Done
from compendium.games.chance.roulette import GAME as ROULETTE
from compendium.games.chance.trente_et_quarante import GAME as TRENTE
from compendium.ui.table.casino_table import CasinoController

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game, seed=3, options=None):
    table.load_session(Session(game, {"players": 2, **(options or {})}, seed=seed, human_seats=(0,)))
    ctl = table.controller
    assert isinstance(ctl, CasinoController)
    return ctl


def at(table, point: QPointF) -> QPoint:
    return table.mapFromScene(point)


def drag(table, start: QPointF, end: QPointF) -> None:
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=at(table, start))
    QTest.mouseMove(table.viewport(), at(table, (start + end) / 2))
    QTest.mouseMove(table.viewport(), at(table, end))
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=at(table, end))


def click(table, point: QPointF) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=at(table, point))


def test_every_space_of_the_cloth_is_found_under_its_own_place(table):
    ctl = open_game(table, ROULETTE)
    assert set(ctl.anchors) == set(ROULETTE.spots)
    for name, point in ctl.anchors.items():
        assert ctl.spot_at(point) == name, name
    ctl = open_game(table, TRENTE)
    for name in TRENTE.spots:
        assert ctl.spot_at(ctl.anchors[name]) == name


def test_a_counter_dragged_onto_the_cloth_is_laid_there(table):
    ctl = open_game(table, ROULETTE)
    drag(table, ctl.chip_spots[20].center(), ctl.anchors["cheval 17-20"])
    state = table.session.state
    assert state.free_stake(0, "cheval 17-20") == 20 and state.hand[0] == 20
    click(table, ctl.anchors["rouge"])                 # a click lays the counter in hand
    click(table, ctl.anchors["rouge"])
    assert table.session.state.free_stake(0, "rouge") == 40
    drag(table, ctl.anchors["rouge"], QPointF(ctl.width - 3, 3))      # dragged off the cloth
    assert table.session.state.free_stake(0, "rouge") == 0


def test_a_refused_stake_is_said_with_its_law(table):
    ctl = open_game(table, ROULETTE)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    drag(table, ctl.chip_spots[100].center(), ctl.anchors["plein 17"])
    drag(table, ctl.chip_spots[100].center(), ctl.anchors["plein 17"])     # 200 > 180 en plein
    assert table.session.state.free_stake(0, "plein 17") == 100
    assert messages[-1][1] == "roulette#the-limits"


def test_the_keyboard_lays_stakes_and_says_done(table):
    ctl = open_game(table, ROULETTE)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Right)            # the cursor appears on rouge
    assert ctl.cursor == "rouge"
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.state.free_stake(0, "rouge") == 5
    QTest.keyClick(table, Qt.Key.Key_Right)
    assert ctl.cursor != "rouge"
    QTest.keyClick(table, Qt.Key.Key_Left)
    assert ctl.cursor == "rouge"
    QTest.keyClick(table, Qt.Key.Key_Escape)           # takes it back
    assert table.session.state.free_stake(0, "rouge") == 0
    QTest.keyClick(table, Qt.Key.Key_Return)
    for _ in range(3):
        QTest.keyClick(table, Qt.Key.Key_Up)           # up into the numbers
    assert isinstance(ctl.cursor, str) and ctl.cursor != "rouge"
    QTest.keyClick(table, Qt.Key.Key_Space)            # done: the other punter's turn
    assert table.session.state.turn == 1


def test_the_buttons_are_the_engines_choices(table):
    ctl = open_game(table, TRENTE)
    drag(table, ctl.chip_spots[100].center(), ctl.anchors["rouge"])
    table.viewport().repaint()
    labels = [label for _, _, label in ctl.button_spots]
    assert labels == ["Done — deal the rows", "Insure rouge (1)"]
    click(table, ctl.button_spots[1][0].center())
    assert table.session.state.stakes[0].premium == 1
    table.viewport().repaint()
    click(table, ctl.button_spots[0][0].center())
    assert table.session.state.turn == 1


def play_to_spin(table, ctl):
    table.play(Done())
    table.session.play("done")                         # the other punter (the computer is idle here)
    assert table.session.state.coup_no == 1


def test_the_spin_is_animated_and_a_click_passes_it(table):
    ctl = open_game(table, ROULETTE)
    table.set_animations(True)
    table.play(Done())
    table.session.play("counter 20")
    table.session.play("place noir")
    table.sync(animate=False)                          # (the computer's stakes are synced as laid)
    table.session.play("done")
    table.sync(animate=True)
    assert ctl.animating() and ctl.busy_ms() > 0
    assert ctl.shown_pub().stakes                      # the stakes stay on the cloth while it spins
    assert "spins" in ctl.prompt()
    click(table, QPointF(ctl.width / 2, ctl.height / 2))
    assert not ctl.animating() and ctl.busy_ms() == 0
    assert not ctl.shown_pub().stakes


@pytest.mark.parametrize("game", [ROULETTE, TRENTE], ids=["the spin", "the deal"])
def test_the_animation_keeps_frames_under_20_ms(table, qtbot, game):
    """DESIGN §8: the frame interval p95 ≤ 20 ms.  Each frame of the spin (or the deal of the rows) is timed whole — the
    wheel and ball moved, and the view's repaint of what changed — at 1366x768, in the CPU time
    of the thread that paints (the wall time, which a shared machine's load inflates, is printed
    beside it)."""
    ctl = open_game(table, game)
    table.resize(1366, 768)
    QApplication.processEvents()
    table.set_animations(True)
    table.play(Done())
    table.session.play("done")
    table.sync(animate=True)
    assert ctl.animating()
    ctl.timer.stop()              # the test drives the frames itself, each timed whole
    paints, walls = [], []
    end = time.perf_counter() + 1.5
    while time.perf_counter() < end and ctl.animating():
        t, c = time.perf_counter(), time.thread_time()
        ctl._tick()                   # one frame: the wheel and the ball move ...
        QApplication.processEvents()  # ... and the view paints what changed
        paints.append((time.thread_time() - c) * 1000)
        walls.append((time.perf_counter() - t) * 1000)
        time.sleep(0.008)
    paints.sort()
    walls.sort()
    p95 = paints[int(len(paints) * 0.95) - 1]
    print(f"{game.info.id} frames: {len(paints)}, CPU median {statistics.median(paints):.2f} ms, p95 {p95:.2f} ms; "
          f"wall median {statistics.median(walls):.2f} ms, p95 {walls[int(len(walls) * 0.95) - 1]:.2f} ms")
    assert len(paints) > 20
    assert p95 <= 20.0


def test_the_chart_follows_the_coups(table):
    ctl = open_game(table, ROULETTE, options={"coups": 10})
    for _ in range(3):
        table.session.play("counter 100")
        table.session.play("place rouge")
        table.session.play("done")
        table.session.play("done")
    table.sync(animate=False)
    assert len(table.session.state.coups) == 3
    assert ctl.chart_rect.width() > 250 and ctl.chart_rect.height() > 150   # readable at 1100x760
    image = table.grab()
    assert not image.isNull()


def test_the_demo_plays_a_whole_session_on_the_table(qtbot, monkeypatch):
    from .tables import shown_table
    for widget in shown_table(qtbot, monkeypatch, ROULETTE):
        widget.load_session(Session(ROULETTE, {"coups": 10}, seed=4, human_seats=(0,)))
        widget.start_demo()
        qtbot.waitUntil(lambda: widget.session.to_move() is Special.TERMINAL, timeout=20_000)
        assert widget.session.outcome() is not None
        assert widget.session.state.coup_no == 10


def test_the_simulator_dialog_draws_the_distribution(qtbot):
    from compendium.ui.table.casino_sim_dialog import SimulatorDialog
    dialog = SimulatorDialog(None, "roulette")
    qtbot.addWidget(dialog)
    dialog.sessions.setValue(200)
    result = dialog.run()
    assert result.sessions == 200 and dialog.chart.result is result
    assert "edge" in dialog.words.text()
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.grab().isNull()


def test_the_panel_says_what_your_system_would_stake(table):
    ctl = open_game(table, ROULETTE)
    assert ctl.advice() == ["Your system, Labouchère:", "25 on passe; line: 1 2 3 4"]
    table.play(Done())                                 # the other punter's turn: no advice
    assert ctl.advice() == []
