"""Pool and Snooker Pool on the general cue table: every ball drawn in its colour, the marking board
and the scoreboard, the ball in hand placed and the stroke played by keyboard and by mouse, a refusal
with its law, and the computer placing and striking."""
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
from compendium.games.cue.pool import BALL_COLOURS
from compendium.games.cue.pool import GAME as POOL
from compendium.games.cue.snooker_pool import GAME as SNOOKER
from compendium.games.cue.strokes import Place, Strike
from compendium.ui.table.cue_table import CueController

from .tables import table_played_by_the_test
from .test_casino_table import at, drag
from .test_cue_table import computer_thinking_here


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game, options=None, seed=3, seats=(0,)):
    table.load_session(Session(game, options or {}, seed=seed, human_seats=seats))
    ctl = table.controller
    assert isinstance(ctl, CueController)
    return ctl


def key(table, k) -> None:
    QTest.keyClick(table.viewport(), k)


def test_pool_shows_each_players_ball_and_the_marking_board(table):
    ctl = open_game(table, POOL, {"players": 5}, seats=(1,))       # Red plays first, from hand
    state = table.session.state
    assert state.names == ("white", "red", "yellow", "green", "brown")
    white = ctl.balls["white"]
    assert white.isVisible() and white.pos() == ctl.geo.to_scene(*state.balls[0])
    assert POOL.ball_style("pink").colour == BALL_COLOURS["pink"]
    assert POOL.score_text(state, 0) == "●●●   ◀ played at"
    assert POOL.score_text(state, 1) == "●●●"
    assert "Red" in POOL.status_parts(state)[1]


def test_pool_by_keyboard_place_then_strike_at_the_white(table):
    ctl = open_game(table, POOL, seats=(1,))
    key(table, Qt.Key.Key_Return)                                    # the ball in hand into the D
    state = table.session.state
    assert isinstance(table.session.steps[-1].action, Place) and state.balls[1] is not None
    # the aim points at the ball played at (the white on the billiard spot)
    me, white = state.balls[1], state.balls[0]
    toward = math.degrees(math.atan2(white[1] - me[1], white[0] - me[0])) % 360
    assert abs(ctl.angle / 100 - toward) < 0.5
    key(table, Qt.Key.Key_Space)
    assert isinstance(table.session.steps[-1].action, Strike)
    assert table.session.state.strokes == 1


def test_pool_refuses_a_place_far_from_the_d_with_its_law(table):
    ctl = open_game(table, POOL, seats=(1,))
    said = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=at(table, ctl.geo.to_scene(3.0, 0.9)))
    assert said and said[-1][1] == "pool#playing-from-hand"
    assert not table.session.steps


def test_snooker_draws_twenty_two_balls_and_the_white_is_struck_by_a_drag(table):
    ctl = open_game(table, SNOOKER)
    state = table.session.state
    shown = [name for name in state.names if ctl.balls[name].isVisible()]
    assert len(shown) == 22 and ctl.balls["white"].ghost          # the white waits in hand, by the D
    assert SNOOKER.ball_style("r7").colour == SNOOKER.ball_style("r1").colour == BALL_COLOURS["red"]
    assert SNOOKER.ball_style("black").colour == BALL_COLOURS["black"]
    g = ctl.geo
    drag(table, g.to_scene(T.BAULK_X - 0.05, T.CENTRE_Y), g.to_scene(T.BAULK_X - 0.15, T.CENTRE_Y + 0.05))
    x, y = table.session.state.balls[0]
    assert T.in_d(x, y) and ctl.balls["white"].isVisible()
    # drag back from the white, away from the reds: the stroke goes up the table
    drag(table, g.to_scene(x, y), g.to_scene(x - 0.3, y))
    action = table.session.steps[-1].action
    assert isinstance(action, Strike) and min(action.stroke.angle, 36000 - action.stroke.angle) < 100
    assert table.session.state.strokes == 1
    assert SNOOKER.board_note(table.session.state).startswith("On:")


@pytest.fixture(params=[POOL, SNOOKER], ids=["pool", "snooker_pool"])
def computer_table(request, qtbot, monkeypatch):
    for widget in computer_thinking_here(qtbot, monkeypatch, request.param):
        yield widget, request.param


def test_the_computer_places_its_ball_and_strikes(computer_table, qtbot):
    table, game = computer_table
    seats = (0,) if game is POOL else (1,)           # Pool's Red and Snooker's Player 1 open
    table.load_session(Session(game, {}, seed=1, human_seats=seats))
    qtbot.waitUntil(lambda: table.session.state.strokes >= 1, timeout=15000)
    assert isinstance(table.session.steps[0].action, Place)
    assert isinstance(table.session.steps[1].action, Strike)


def test_the_break_among_twenty_two_balls_is_animated_under_20_ms_a_frame(table):
    """DESIGN §8: frame p95 ≤ 20 ms at 1366x768 during Snooker's break-off (twenty-two balls moved
    a frame), each frame timed whole in the painting thread's CPU time."""
    ctl = open_game(table, SNOOKER)
    table.resize(1366, 768)
    QApplication.processEvents()
    table.session.play(Place(650, 1100))
    table.sync(animate=False)
    table.set_animations(True)
    table.session.play(Strike(Stroke(35556, 80)))      # into the pink and the triangle behind it
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
        moved.add(tuple((round(ctl.balls[n].pos().x()), round(ctl.balls[n].pos().y())) for n in ("r1", "pink")))
        time.sleep(0.008)
    paints.sort()
    p95 = paints[int(len(paints) * 0.95) - 1]
    print(f"snooker frames: {len(paints)}, CPU median {statistics.median(paints):.2f} ms, p95 {p95:.2f} ms")
    assert p95 <= 20.0
    assert len(moved) > 10                  # the pink and the triangle ran
