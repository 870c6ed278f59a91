"""The cue table made general (Pyramids and Shell Out): sixteen balls drawn in their colours, the
white placed and struck by mouse and keyboard, a scoreboard for any number of players, the shot
animated with sixteen balls under 20 ms a frame, and the computer playing its turns."""
from __future__ import annotations

import math
import statistics
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from compendium.core.session import Session
from compendium.games.cue import table as T
from compendium.games.cue.physics import Stroke
from compendium.games.cue.pyramids import GAME as PYRAMIDS
from compendium.games.cue.shell_out import GAME as SHELL_OUT
from compendium.games.cue.strokes import Place, Strike
from compendium.ui.table.cue_table import CueController

from .tables import table_played_by_the_test
from .test_casino_table import at, drag
from .test_cue_table import computer_thinking_here


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game, options=None, seed=3):
    table.load_session(Session(game, options or {}, seed=seed, human_seats=(0,)))
    ctl = table.controller
    assert isinstance(ctl, CueController)
    return ctl


def test_sixteen_balls_in_their_colours_and_the_white_placed_and_struck_by_mouse(table):
    ctl = open_game(table, PYRAMIDS)
    assert set(ctl.balls) == {"white", *(f"r{k}" for k in range(1, 16))}
    apex = ctl.balls["r1"]
    assert apex.isVisible() and apex.style.colour == (196, 26, 30)
    spot = ctl.geo.to_scene(*T.PYRAMID_SPOT)
    assert abs(apex.pos().x() - spot.x()) < 0.5 and abs(apex.pos().y() - spot.y()) < 0.5
    g = ctl.geo
    drag(table, g.to_scene(T.BAULK_X - 0.05, T.CENTRE_Y), g.to_scene(T.BAULK_X - 0.1, T.CENTRE_Y + 0.05))
    state = table.session.state
    assert isinstance(table.session.steps[-1].action, Place) and state.balls[0] is not None
    x, y = state.balls[0]
    # the aim starts at the nearest red (the apex); drag back away from it and let go
    apex_at = state.balls[1]
    toward = math.atan2(apex_at[1] - y, apex_at[0] - x)
    assert abs(ctl.angle / 100 - math.degrees(toward) % 360) < 0.02
    drag(table, g.to_scene(x, y), g.to_scene(x - 0.2 * math.cos(toward), y - 0.2 * math.sin(toward)))
    action = table.session.steps[-1].action
    assert isinstance(action, Strike) and abs(action.stroke.angle / 100 - math.degrees(toward) % 360) < 1.0
    assert table.session.state.strokes == 1


def test_a_press_far_from_the_d_while_in_hand_is_refused_with_the_games_own_law(table):
    ctl = open_game(table, SHELL_OUT)
    said = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=at(table, ctl.geo.to_scene(3.0, 0.9)))
    assert said and said[-1][1] == "shell_out#playing-from-hand"
    assert not table.session.steps


def test_keyboard_play(table):
    ctl = open_game(table, PYRAMIDS)
    assert ctl.prompt().startswith("The white is in hand")
    QTest.keyClick(table.viewport(), Qt.Key.Key_Return)
    assert ctl.prompt().startswith("Drag back from the white")
    assert table.session.state.balls[0] == (ctl.place_mm[0] / 1000, ctl.place_mm[1] / 1000)
    angle, power = ctl.angle, ctl.power
    QTest.keyClick(table.viewport(), Qt.Key.Key_Right)
    QTest.keyClick(table.viewport(), Qt.Key.Key_Down)
    QTest.keyClick(table.viewport(), Qt.Key.Key_K)
    QTest.keyClick(table.viewport(), Qt.Key.Key_Space)
    assert table.session.steps[-1].action == Strike(Stroke((angle - 50) % 36000, power - 5, -1, 0))


def test_the_scoreboard_lists_every_player(table):
    ctl = open_game(table, SHELL_OUT, {"players": 6})
    table.resize(1024, 700)
    QApplication.processEvents()
    lines = [text for text, _ in ctl.panel.lines]
    for seat in range(6):
        assert any(f"Player {seat + 1}" in line for line in lines), lines
    assert lines[0].startswith("▶ Player 1 (you): 0 balls · +0 counters")
    assert any("15 reds left" in line for line in lines)
    # every line fits inside the board
    assert ctl.panel.size * 1.45 * len(lines) <= ctl.panel.rect.height()


def test_the_shot_among_sixteen_balls_is_animated_under_20_ms_a_frame(table):
    """DESIGN §8: frame p95 ≤ 20 ms at 1366x768 during a break of the pyramid (sixteen balls
    moved a frame), each frame timed whole in the painting thread's CPU time."""
    ctl = open_game(table, PYRAMIDS)
    table.resize(1366, 768)
    QApplication.processEvents()
    table.session.play(Place(736, 934))
    table.sync(animate=False)
    table.set_animations(True)
    table.session.play(Strike(Stroke(0, 80)))
    table.sync(animate=True)
    assert ctl._timer.isActive()
    ctl._timer.stop()
    paints = []
    moved = set()
    end = time.perf_counter() + 2.0
    while time.perf_counter() < end:
        c = time.thread_time()
        ctl._tick()
        QApplication.processEvents()
        paints.append((time.thread_time() - c) * 1000)
        moved.add((round(ctl.balls["r15"].pos().x()), round(ctl.balls["r15"].pos().y())))
        time.sleep(0.008)
    paints.sort()
    p95 = paints[int(len(paints) * 0.95) - 1]
    print(f"pyramids frames: {len(paints)}, CPU median {statistics.median(paints):.2f} ms, p95 {p95:.2f} ms")
    assert p95 <= 20.0
    assert len(moved) > 3                   # the back of the pyramid was scattered too


@pytest.fixture
def computer_table(qtbot, monkeypatch):
    yield from computer_thinking_here(qtbot, monkeypatch, SHELL_OUT)


def test_the_computers_take_their_turns_in_rotation(computer_table, qtbot):
    table = computer_table
    table.load_session(Session(SHELL_OUT, {"players": 3}, seed=1, human_seats=(2,)))
    qtbot.waitUntil(lambda: table.session.state.strokes >= 2 or table.session.state.turn == 2, timeout=30000)
    assert isinstance(table.session.steps[0].action, Place)
    assert isinstance(table.session.steps[1].action, Strike)
