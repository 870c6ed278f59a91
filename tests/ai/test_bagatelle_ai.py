"""The computer at Bagatelle (compendium/ai/cue/bagatelle.py): legal strokes within the cue's
time, repeatable decisions, the black sent into a cup with the first ball, the strength to bring
a ball to a cup slowly, and level 3 against level 1."""
from __future__ import annotations

import time

import pytest

from compendium.ai import registry as ai_registry
from compendium.ai.cue.bagatelle import AI, BagatellePlayer, candidates, power_for
from compendium.games.cue import bagatelle_board as B
from compendium.games.cue.bagatelle import BLACK, GAME, BagatelleState
from compendium.games.cue.physics import Stroke, simulate
from compendium.games.cue.strokes import Strike


def test_the_registry_gives_the_bagatelle_player():
    player = ai_registry.computer_player(GAME, 2)
    assert isinstance(player, BagatellePlayer) and player.level == 2


@pytest.mark.parametrize("level", [1, 2, 3])
def test_each_level_strikes_a_legal_stroke_within_two_seconds(level):
    state = GAME.initial_state()
    legal = GAME.legal_actions(state, 0)
    start = time.perf_counter()
    action = BagatellePlayer(level).choose(GAME, GAME.view(state, 0), legal)
    assert time.perf_counter() - start < 2.5        # (a loaded machine: the budget is 1.6 s at most)
    assert isinstance(action, Strike) and action in legal


def test_a_decision_is_repeatable():
    state = GAME.initial_state()
    legal = GAME.legal_actions(state, 0)
    player = BagatellePlayer(1)
    assert player.choose(GAME, state, legal) == player.choose(GAME, state, legal)


def test_the_first_ball_sends_the_black_into_a_cup():
    """The black counts double: the computer's first stroke knocks it in (level 2)."""
    state = GAME.initial_state()
    action = BagatellePlayer(2).choose(GAME, state, GAME.legal_actions(state, 0))
    after = GAME.apply(state, action)
    assert after.black_struck and BLACK in after.cups


def test_the_strength_brings_the_ball_slowly_to_the_cup():
    """power_for: struck straight up at the strength it gives for the 1, the ball arrives slowly
    enough to sink there."""
    one = B.CUPS[0]
    power = power_for(one.x - B.BAULK_SPOT[0], 0.3)
    shot = simulate([("w1", *B.BAULK_SPOT)], "w1", Stroke(0, power), board=B.BagatelleBoard())
    assert [(e.ball, e.other) for e in shot.events if e.kind == "pocket"] == [("w1", "cup 1")]


def test_candidates_aim_at_the_black_first_then_at_the_cups():
    start = GAME.initial_state()
    first = candidates(start, 2)
    assert first and all(s.angle > 27000 or s.angle < 9000 for s in first)
    later = BagatelleState(seats=1, rounds=1, board=(), cups=("",) * 8 + (BLACK,), black_struck=True,
                           next_ball=1, scores=(0,))
    aims = {s.angle for s in candidates(later, 1)}
    assert 0 in aims           # straight at the 1 (and the 5 beyond the filled 9)


def test_the_hint_is_a_legal_stroke_without_listing_the_strokes():
    state = GAME.initial_state()
    hint = AI.hint(GAME, state, 0)
    assert isinstance(hint, Strike) and hint in GAME.legal_actions(state, 0)


def test_level_3_fills_more_than_level_1_in_a_round():
    scores = {}
    for level in (1, 3):
        player = BagatellePlayer(level)
        state = GAME.initial_state({"players": 1, "rounds": 1})
        while not GAME.is_terminal(state):
            state = GAME.apply(state, player.choose(GAME, state, GAME.legal_actions(state, 0)))
        scores[level] = state.scores[0]
    assert scores[3] > scores[1] > 0
