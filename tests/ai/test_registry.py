"""The computer's side of every game is found through one registry keyed by game id, and the game
modules know nothing of it (issue 18)."""
from __future__ import annotations

import pytest

from compendium.ai import registry
from compendium.ai.base import GameAI, Player
from compendium.ai.tricks.base import TrickHooks, TrickRules, TricksAI
from compendium.core.errors import CompendiumError
from compendium.core.game import LEVELS, Family, Game, Special
from compendium.core.session import Session
from compendium.games.registry import get_game, info, playable_ids


def test_every_playable_game_and_only_those_has_an_entry() -> None:
    assert set(registry.AIS) == set(playable_ids())


@pytest.mark.parametrize("gid", playable_ids())
def test_each_entry_gives_a_player_levels_and_a_legal_hint(gid: str) -> None:
    game = get_game(gid)
    found = registry.game_ai(game)
    assert isinstance(found, GameAI) and registry.game_ai(gid) is found
    levels = registry.computer_levels(game)
    assert {1, 2, 3} <= set(levels)
    for level in (1, 2, 3):
        assert isinstance(registry.computer_player(game, level), Player)
    session = Session(game, seed=4)
    seat = session.to_move()
    if isinstance(seat, Special):
        return
    action = registry.hint(game, session.state, seat)
    assert action is None or action in session.legal_actions(seat)
    assert isinstance(found, TricksAI) == (info(gid).family is Family.TRICK_TAKING)


def test_the_game_protocol_has_no_computer_player_or_hint() -> None:
    for name in ("computer_player", "computer_levels", "hint", "solver_model", "ai_call", "sim_rules",
                 "hand_utility"):
        assert not hasattr(Game, name), name
        for gid in playable_ids():
            assert not hasattr(get_game(gid), name), (gid, name)


def test_a_game_the_registry_does_not_know_has_no_player_and_no_hint() -> None:
    game = get_game("the_clock")
    found = registry.game_ai("a_game_of_our_own")
    with pytest.raises(CompendiumError):
        found.player(game, 2)
    assert found.levels(game) == LEVELS and found.hint(game, None, 0) is None
    assert found.solver_model(game, None) is None


@pytest.mark.parametrize("gid", [g for g in playable_ids() if info(g).family is Family.TRICK_TAKING])
def test_each_trick_game_answers_what_the_computer_asks_of_its_rules(gid: str) -> None:
    """``TrickRules``: the questions the shared player asks a trick game (and nothing more)."""
    game = get_game(gid)
    for name in TrickRules.__dict__:
        if not name.startswith("_"):
            assert callable(getattr(game, name, None)), (gid, name)
    hooks = registry.game_ai(game)
    for name in TrickHooks.__dict__:
        if not name.startswith("_"):
            assert callable(getattr(hooks, name, None)), (gid, name)
