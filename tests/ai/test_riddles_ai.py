"""The computer at Riddles: it sees the question only, remembers as often as its level says, offers
plausible wrong answers otherwise, never repeats a refused guess, and the expert outscores the
beginner."""
from __future__ import annotations

import time

from compendium.ai.parlour.riddles import AI, REMEMBERS, RiddlesPlayer, remembers
from compendium.ai.registry import game_ai
from compendium.games.parlour.riddles import GAME, Deal, Guess, Hint, Pass, collection, matches


def dealt(players=3, riddles=10, seed=5):
    return GAME.apply(GAME.initial_state({"players": players, "riddles": riddles}), Deal(seed))


def choose(level, state, seed=0):
    seat = GAME.to_move(state)
    return RiddlesPlayer(level, seed).choose(GAME, GAME.view(state, seat), GAME.legal_actions(state, seat))


def test_the_registry_has_the_player():
    assert game_ai("riddles") is AI


def test_each_level_remembers_about_as_often_as_it_says():
    questions = [r.question for r in collection()]
    for level, p in REMEMBERS.items():
        rate = sum(remembers(seed, level, q, 0) for seed in range(20) for q in questions) / (20 * len(questions))
        assert abs(rate - p) < 0.05, (level, rate)
    # a hint helps: whoever remembered without it still remembers with it
    assert all(remembers(s, 2, q, 1) for s in range(10) for q in questions if remembers(s, 2, q, 0))


def test_the_choice_depends_on_the_view_only():
    state = dealt()
    for seed in range(30):
        other = GAME.shuffle_unseen(state, 0, seed)
        assert other.current.answer != state.current.answer or other.order != state.order
        for level in (1, 2, 3):
            assert choose(level, other, seed) == choose(level, state, seed)


def test_a_wrong_guess_is_plausible_and_never_repeated():
    for seed in range(40):
        state = dealt(seed=seed)
        riddle = state.current
        action = choose(3, state, seed)
        if isinstance(action, Guess) and not matches(action.text, riddle):
            assert action.text in riddle.wrong
            state = GAME.apply(state, action)
            again = choose(3, state, seed)
            assert again != action


def test_the_beginner_may_pay_for_a_hint_the_others_never_do():
    seen = {level: set() for level in (1, 2, 3)}
    for seed in range(60):
        state = dealt(seed=seed)
        for level in (1, 2, 3):
            seen[level].add(type(choose(level, state, seed)))
    assert Hint in seen[1]
    assert Hint not in seen[2] and Hint not in seen[3]


def test_the_table_hint_is_the_paid_hint_never_the_answer():
    state = dealt()
    assert AI.hint(GAME, state, 0) == Hint()
    state = GAME.apply(GAME.apply(state, Hint()), Hint())
    assert AI.hint(GAME, state, 0) == Pass()


def play_match(levels, seed, riddles=20):
    state = dealt(players=len(levels), riddles=riddles, seed=seed)
    players = [RiddlesPlayer(level, seed * 10 + k) for k, level in enumerate(levels)]
    while isinstance(GAME.to_move(state), int):
        seat = GAME.to_move(state)
        state = GAME.apply(state, players[seat].choose(GAME, GAME.view(state, seat),
                                                       GAME.legal_actions(state, seat)))
    return state.scores


def test_the_expert_outscores_the_beginner_and_decides_quickly():
    totals = [0, 0]
    start = time.perf_counter()
    for seed in range(30):
        a, b = play_match((3, 1), seed)
        c, d = play_match((1, 3), seed + 100)
        totals[0] += a + d
        totals[1] += b + c
    assert totals[0] > 2 * totals[1], totals
    assert time.perf_counter() - start < 20
