"""The computer's backgammon: legal at every level, sound choices where the answer is known,
shot counting, the cube, the time budget of the look-ahead, and the worker's interface."""
from __future__ import annotations

import pickle
import time

import pytest

from compendium.ai.board.backgammon import BackgammonPlayer, evaluate, flip, shots, win_probability
from compendium.ai.worker import decide
from compendium.core.game import Special
from compendium.demo import play_demo
from compendium.games.board.backgammon import (
    GAME,
    MEN,
    WHITE,
    BackgammonState,
    CubeAction,
    OpeningThrow,
    Phase,
    Play,
    Roll,
    ThrowAgain,
)
from tests.games.conformance import random_playout


def position(white: dict[int, int], black: dict[int, int], *, bar=(0, 0), dice=None,
             options=None, phase=Phase.THROW) -> BackgammonState:
    board = [0] * 24
    for p, n in white.items():
        board[p - 1] += n
    for p, n in black.items():
        board[24 - p] -= n
    off = (MEN - sum(white.values()) - bar[0], MEN - sum(black.values()) - bar[1])
    state = BackgammonState(board=tuple(board), bar=bar, off=off, phase=phase, turn=WHITE,
                            opts=tuple(sorted(GAME.resolve_options(options).items())))
    return GAME.apply(state, Roll(*dice)) if dice else state


def choice(state: BackgammonState, level: int = 2):
    legal = GAME.legal_actions(state, GAME.to_move(state))
    return BackgammonPlayer(level).choose(GAME, GAME.view(state, state.turn), legal)


def opening(a: int, b: int) -> BackgammonState:
    return GAME.apply(GAME.initial_state({"opening": "modern"}), OpeningThrow(a, b))


def played(state, level=2) -> str:
    return GAME.play_text(state, choice(state, level))


# -- always legal -------------------------------------------------------------------------------
@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_plays_a_whole_game_legally(level, monkeypatch):
    # The look-ahead's budget is cut for the test's sake: the game is what is checked here.
    monkeypatch.setattr(BackgammonPlayer, "BUDGET_S", 0.05)
    result = play_demo(GAME, 3 + level, level=level)
    assert result.finished and result.session.outcome() is not None


def test_every_level_chooses_among_the_legal_actions():
    session = random_playout(GAME, 21, max_steps=60)
    for state in session._states[::3]:  # noqa: SLF001 (the positions the playout went through)
        seat = GAME.to_move(state)
        if isinstance(seat, Special):
            continue
        legal = GAME.legal_actions(state, seat)
        for level in (1, 2, 3):
            assert BackgammonPlayer(level).choose(GAME, GAME.view(state, seat), legal) in legal


# -- sound choices -------------------------------------------------------------------------------
def test_the_opening_point_making_plays():
    assert played(opening(3, 1)) == "8/5 6/5"
    assert played(opening(6, 1)) == "13/7 8/7"
    assert played(opening(4, 2)) == "8/4 6/4"
    assert played(opening(3, 1), level=3) == "8/5 6/5"


def test_closing_the_board_on_a_man_on_the_bar():
    s = position({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 8: 1, 10: 1, 13: 3}, {6: 5, 8: 5, 13: 4},
                 bar=(0, 1), dice=(4, 2))
    assert played(s) == "10/6 8/6"


def test_bearing_off_rather_than_moving_inside():
    s = position({6: 3, 5: 3, 4: 2}, {19: 2, 6: 10}, dice=(6, 5))
    assert played(s) == "6/off 5/off"
    assert played(s, level=1) == "6/off 5/off"


def test_level_one_is_steady_for_a_position_and_not_level_two():
    states = [s for s in random_playout(GAME, 9, max_steps=120)._states if s.phase is Phase.MOVE]
    assert all(choice(s, 1) == choice(s, 1) for s in states[:10])
    assert any(choice(s, 1) != choice(s, 2) for s in states)


def test_the_first_throw_is_kept_when_good_and_thrown_again_when_poor():
    s = GAME.apply(GAME.initial_state(), OpeningThrow(3, 1))
    assert isinstance(choice(s), Play)                  # the five point: keep it
    s = GAME.apply(GAME.initial_state(), OpeningThrow(1, 2))
    assert choice(s) == ThrowAgain()                    # deuce-ace is below an average throw


# -- the evaluation's parts ----------------------------------------------------------------------
def test_shots_count_direct_and_indirect_throws():
    # A blot four points in front of a single enemy man: 15 of the 36 throws hit it (any 4: 11,
    # 3-1 twice, 2-2 and 1-1).
    r = position({8: 1}, {21: 1}).rel(WHITE)           # Black's 21-point is White's 4
    assert shots(r, 8) == 15
    # Eight away: 6-2, 5-3 (twice each), 4-4 and 2-2: 6 throws.
    r = position({12: 1}, {21: 1}).rel(WHITE)
    assert shots(r, 12) == 6
    # A point made between them blocks the 2-2 and one order of the combinations.
    r = position({12: 1, 10: 2, 8: 2}, {21: 1}).rel(WHITE)
    assert shots(r, 12) < 6


def test_the_evaluation_is_the_mirror_of_itself_and_prefers_the_lead():
    start = GAME.initial_state().rel(WHITE)
    assert evaluate(start) == pytest.approx(evaluate(flip(start)))
    ahead = position({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 12: 5}).rel(WHITE)
    behind = position({6: 5, 5: 5, 12: 5}, {6: 5, 5: 5, 4: 5}).rel(WHITE)
    assert evaluate(ahead) > 0 > evaluate(behind)


# -- the cube --------------------------------------------------------------------------------------
def test_the_cube_doubles_a_big_lead_and_drops_a_lost_game():
    opts = {"cube": True}
    lead = position({1: 2, 2: 2}, {24: 1, 18: 4, 13: 5, 6: 5}, options=opts, phase=Phase.CUBE)
    assert win_probability(lead.rel(WHITE)) > 0.9
    assert choice(lead) == CubeAction("double")
    even = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, options=opts,
                    phase=Phase.CUBE)
    assert choice(even) == CubeAction("no double")
    offered = GAME.apply(lead, CubeAction("double"))
    assert choice(offered) == CubeAction("drop")        # Black, far behind, gives up
    close = GAME.apply(even, CubeAction("double"))
    assert choice(close) == CubeAction("take")


# -- speed and the worker ----------------------------------------------------------------------------
def test_the_look_ahead_keeps_to_its_budget(monkeypatch):
    s = GAME.apply(GAME.initial_state({"opening": "modern"}), OpeningThrow(5, 2))
    monkeypatch.setattr(BackgammonPlayer, "BUDGET_S", 0.0)
    start = time.perf_counter()
    quick = choice(s, 3)
    assert time.perf_counter() - start < 1.5
    assert quick in GAME.legal_actions(s, WHITE)


def test_the_worker_runs_the_player_from_the_view_at_each_level():
    s = opening(3, 1)
    legal = tuple(GAME.legal_actions(s, WHITE))
    for level in (1, 2, 3):
        index, notes = decide("backgammon", GAME.view(s, WHITE), legal, None, level=level)
        assert legal[index] in legal
        # The level is not carried between moves as the player's memory.
        assert "level" not in notes and "strength" not in notes
    assert pickle.loads(pickle.dumps(BackgammonPlayer(3))).level == 3
    assert pickle.loads(pickle.dumps(s)) == s
