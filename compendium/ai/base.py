"""What every computer player is, and what the registry keeps for each game.

A game module knows the rules only; everything the computer adds to a game -- its players, the
hint, the solver's compact model of a patience -- lives under ``compendium.ai`` (by family:
``ai/tricks/piquet.py`` ...) and is found through ``compendium.ai.registry`` by the game's id.
Each game's entry is a ``GameAI``: the defaults below are what a game without a computer
player has (no player, the three named strengths, no hint, no solver model).
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence, runtime_checkable

from ..core.errors import CompendiumError
from ..core.game import LEVELS, Game, Seat


@runtime_checkable
class Player(Protocol):
    """A computer player for any seat.  ``choose`` returns one of ``legal`` (or ``None`` when it
    sees nothing useful to do).  It is given the seat's view only; ``state`` is passed for a
    patience alone (see ``demo.own_position``).  Its plain attributes (numbers, strings) are its
    memory between two decisions: the worker process carries them from one move to the next."""

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any: ...


class GameAI:
    """The computer's side of one game (or of a family of games that share it)."""

    def player(self, game: Game[Any, Any, Any], level: int = 2) -> Player:
        """A computer player; ``level`` runs from 1 (a beginner) through 2 (a sound club
        player, the default) to 3."""
        raise CompendiumError(f"{game.info.name} has no computer player yet")

    def levels(self, game: Game[Any, Any, Any]) -> dict[int, str]:
        """The strengths the computer can play this game at, by level number and name."""
        return dict(LEVELS)

    def hint(self, game: Game[Any, Any, Any], state: Any, seat: Seat) -> Any:
        """A good action for ``seat``, or ``None`` when there is nothing useful to suggest."""
        return None

    def hint_note(self, game: Game[Any, Any, Any], state: Any, seat: Seat, action: Any) -> str | None:
        """A sentence said with the hint ``action`` (what it keeps or wins), or ``None``; asked
        just after ``hint`` in the same process, so a game may keep what the hint found."""
        return None

    # Whether the solver's answer reads cards the player cannot see (Klondike's face-down cards
    # and stock): the table then says that its verdict is for a player who could see them all.
    solver_sees_hidden_cards = False

    def solver_model(self, game: Game[Any, Any, Any], state: Any) -> Any:
        """A compact model of a patience's play from ``state`` for the shared solver (see
        ``compendium.ai.solver.SearchModel``), or ``None`` to search the engine's own moves."""
        return None


class PlayerAI(GameAI):
    """A game whose player comes from one class taking the level, and whose hint is that
    player's choice at ``hint_level`` from the seat's view."""

    hint_level = 2

    def __init__(self, make: Any, hint_level: int | None = None) -> None:
        self.make = make
        if hint_level is not None:
            self.hint_level = hint_level

    def player(self, game: Game[Any, Any, Any], level: int = 2) -> Player:
        player: Player = self.make(level)
        return player

    def hint(self, game: Game[Any, Any, Any], state: Any, seat: Seat) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return self.player(game, self.hint_level).choose(game, game.view(state, seat), list(legal))
