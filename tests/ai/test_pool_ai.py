"""The computers at Pool and Snooker Pool: they take the easy pot, respect the ball on, keep to their
time, and repeat themselves from the same view."""
from __future__ import annotations

import time

import pytest

from compendium.ai.registry import computer_player
from compendium.games.cue.pool import GAME as POOL
from compendium.games.cue.pool import PoolState
from compendium.games.cue.pool import judge as pool_judge
from compendium.games.cue.snooker_pool import GAME as SNOOKER
from compendium.games.cue.snooker_pool import NAMES, SPOTS, SnookerState
from compendium.games.cue.snooker_pool import judge as snooker_judge
from compendium.games.cue.strokes import Strike

OVER_POCKET = PoolState(names=("white", "red", "yellow"), balls=((3.3, 0.3), (2.9, 0.5), (1.0, 1.5)),
                        lives=(3, 3, 3), turn=1, on=0, taken=(0, 0, 0))


def snooker_position(**place) -> SnookerState:
    balls = [None] * len(NAMES)
    for name, p in {**SPOTS, **place}.items():
        balls[NAMES.index(name)] = p
    return SnookerState(balls=tuple(balls), scores=(0, 0))


def choose(game, state, level):
    player = computer_player(game, level)
    start = time.perf_counter()
    action = player.choose(game, game.view(state, state.turn), game.legal_actions(state, state.turn))
    return action, time.perf_counter() - start


@pytest.mark.parametrize("level", [2, 3])
def test_pool_takes_the_life_hanging_over_a_pocket(level):
    action, took = choose(POOL, OVER_POCKET, level)
    assert isinstance(action, Strike)
    verdict = pool_judge(OVER_POCKET, POOL.shot(OVER_POCKET, action, record=False))
    assert verdict.taken == (0,) and verdict.lost is None
    assert took < (1.0 if level == 2 else 2.0)


def test_pool_plays_at_the_ball_played_at_not_the_nearer_one():
    # Yellow's ball is next to Red's, but Red must play at White's, far off: no stroke of the
    # computer's strikes Yellow first
    state = PoolState(names=("white", "red", "yellow"), balls=((3.0, 1.5), (1.0, 0.5), (1.1, 0.4)),
                      lives=(3, 3, 3), turn=1, on=0, taken=(0, 0, 0))
    action, _ = choose(POOL, state, 2)
    shot = POOL.shot(state, action, record=False)
    assert shot.first_contact("red") == "white"


@pytest.mark.parametrize("level", [2, 3])
def test_snooker_pots_the_easy_red_and_not_a_colour(level):
    state = snooker_position(white=(2.9, 0.5), r1=(3.3, 0.3), r2=(1.0, 1.5))
    action, took = choose(SNOOKER, state, level)
    verdict = snooker_judge(state, SNOOKER.shot(state, action, record=False))
    assert verdict.penalty == 0 and "r1" in verdict.pocketed
    assert took < (1.0 if level == 2 else 2.0)


def test_a_decision_is_repeatable_from_the_same_view():
    first, _ = choose(POOL, OVER_POCKET, 1)
    again, _ = choose(POOL, OVER_POCKET, 1)
    assert first == again


def test_the_computer_places_the_white_in_the_d():
    state = SNOOKER.initial_state()
    action, took = choose(SNOOKER, state, 3)
    assert action in SNOOKER.legal_actions(state, 0) and took < 2.0
    placed = SNOOKER.apply(state, action)
    assert not placed.in_hand()
