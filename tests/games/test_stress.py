"""Every playable game under stress (issue 11): a thousand random games each, straight on the rules
core, with no exception and the invariants held at every step.  Marked ``stress``: it takes
minutes, so the everyday run leaves it out and CI runs it as a step of its own
(``python -m pytest -m stress``)."""
from __future__ import annotations

import os

import pytest

from compendium.core.game import Special
from compendium.core.rng import SplitMix64, derive_seed
from compendium.games import registry

from .conformance import view_cards

# COMPENDIUM_STRESS_GAMES=30 makes a quick local pass; CI plays the full thousand.
GAMES_EACH = int(os.environ.get("COMPENDIUM_STRESS_GAMES", "1000"))
MAX_STEPS = 300          # random play in a patience with endless passes would go round for ever


def random_game(game, seed: int, options: dict | None = None) -> int:
    """One random game from deal ``seed``; returns the number of actions played."""
    gen = SplitMix64(seed)
    state = game.initial_state(game.resolve_options(options or {}))
    chance = 0
    steps = 0
    while steps < MAX_STEPS:
        seat = game.to_move(state)
        if seat is Special.TERMINAL:
            assert game.outcome(state) is not None, "the game ended without an outcome"
            break
        if seat is Special.CHANCE:
            state = game.apply(state, game.chance_action(state, derive_seed(seed, chance)))
            chance += 1
            continue
        assert game.outcome(state) is None, "an outcome while a seat is still to move"
        legal = game.legal_actions(state, seat)
        assert legal, f"{game.info.id}: seat {seat} is to move with no legal action"
        state = game.apply(state, legal[gen.below(len(legal))])
        steps += 1
        if steps % 25 == 0:   # the views' physical cards stay unique (checked now and then: cost)
            ids = [c.id for c in view_cards(game.view(state, None))]
            assert len(ids) == len(set(ids))
    return steps


# Each game's deals in two halves, two tests: the cores share out finer pieces of work and
# finish together (the longest game alone would otherwise keep one core busy at the end).
HALVES = (range(0, GAMES_EACH // 2), range(GAMES_EACH // 2, GAMES_EACH))
# A game of the cue simulates every stroke (milliseconds of physics, against microseconds for a
# card game's move), so it plays far fewer games, each game of the cue costing the stress step
# about what a card game's thousand do (15 to 30 s of CPU): Billiards and Bagatelle 25 games (about
# 4,500 strokes), the pyramid games with their sixteen balls (about 30 ms a stroke) 4 games of 300
# strokes.
FEWER = {"billiards": 40, "bagatelle": 40, "pyramids": 250, "shell_out": 250,
         "pool": 40, "snooker_pool": 250}   # (Pool: few balls, short games; Snooker: 22 balls)


@pytest.mark.stress
@pytest.mark.parametrize("half", [0, 1], ids=["first-half", "second-half"])
@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_a_thousand_random_games(game_id, half):
    game = registry.get_game(game_id)
    seeds = HALVES[half]
    if game_id in FEWER:
        seeds = seeds[:max(1, len(seeds) // FEWER[game_id])]
    total = sum(random_game(game, seed) for seed in seeds)
    assert not seeds or total > len(seeds)    # the games really were played


# Options that change how a game is played, not only its figures (a variety on one engine): each
# is stressed too, with a tenth of the games.
STRESSED_OPTIONS = {
    "draw_poker": [{"variety": "straight"}, {"variety": "stud"}, {"variety": "whiskey"},
                   {"stakes": "table"}, {"tiger": True}, {"variety": "stud", "stakes": "table"},
                   {"jackpots": True}, {"joker": True}, {"straddle": True}],
    "blind_hookey": [{"packets": "three"}],
}


@pytest.mark.stress
@pytest.mark.parametrize("game_id, options", [(g, o) for g, opts in STRESSED_OPTIONS.items() for o in opts],
                         ids=lambda v: v if isinstance(v, str) else "-".join(f"{k}={x}" for k, x in v.items()))
def test_random_games_under_each_variety(game_id, options):
    game = registry.get_game(game_id)
    seeds = range(max(1, GAMES_EACH // 10))
    total = sum(random_game(game, seed, options) for seed in seeds)
    assert total > len(seeds)
