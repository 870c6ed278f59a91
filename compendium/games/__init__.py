"""The games: the catalogue, the registry, and the rules engines by family.

Importing the package gives the core's sessions the registry as their way from a record's game id
to its rules (``core.session.set_game_lookup``): the core does not import the games.
"""
from __future__ import annotations

from typing import Any

from ..core.game import Game
from ..core.session import set_game_lookup


def _get_game(game_id: str) -> Game[Any, Any, Any]:
    from .registry import get_game  # the registry and its catalogue load when first asked for
    return get_game(game_id)


set_game_lookup(_get_game)
