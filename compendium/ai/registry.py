"""The computer's side of every game, found by the game's id.

Game modules know the rules only and never import ``compendium.ai``; this table is the one place
that says which module plays, hints at and models each game (``AIS``: id -> "module:attribute"
of a ``GameAI``).  Modules are imported on first use, so asking about one game loads only its
computer player.  A new game adds one line here and its ``ai/<family>/<game>.py``.
"""
from __future__ import annotations

import importlib
from typing import Any

from ..core.game import Game, Seat
from .base import GameAI, Player

_TRICKS = "compendium.ai.tricks"
_PATIENCE = "compendium.ai.patience"

AIS: dict[str, str] = {
    # patience: the shared heuristic player, or the game's own hint and model
    "canfield_or_klondike": f"{_PATIENCE}.klondike:AI",
    "fortress": f"{_PATIENCE}.fortress:AI",
    "nestor": f"{_PATIENCE}.nestor:AI",
    "napoleon_at_st_helena": f"{_PATIENCE}.napoleon_at_st_helena:AI",
    "napoleons_square": f"{_PATIENCE}.napoleons_square:AI",
    "napoleons_square_single": f"{_PATIENCE}.napoleons_square:AI",
    "the_clock": f"{_PATIENCE}.clock:AI",
    "the_constitution": f"{_PATIENCE}.constitution:AI",
    "la_belle_lucie": f"{_PATIENCE}.la_belle_lucie:AI",
    "house_in_the_wood": f"{_PATIENCE}.la_belle_lucie:HOUSE_AI",
    "house_on_the_hill": f"{_PATIENCE}.la_belle_lucie:HOUSE_AI",
    "general_sedgewick": f"{_PATIENCE}.general_sedgewick:AI",
    "the_blockade": f"{_PATIENCE}.blockade:AI",
    "poker_patience": f"{_PATIENCE}.poker_patience:PLACEMENT_AI",
    "serpent_poker_patience": f"{_PATIENCE}.poker_patience:SERPENT_AI",
    "the_congress": f"{_PATIENCE}.the_congress:AI",
    "the_carpet": f"{_PATIENCE}.the_carpet:AI",
    "the_besieged_city": f"{_PATIENCE}.the_besieged_city:AI",
    "spensers_fairie_queen": f"{_PATIENCE}.spensers_fairie_queen:AI",
    "sly": f"{_PATIENCE}.sly:AI",
    "mount_olympus": f"{_PATIENCE}.mount_olympus:AI",
    "margarethe": f"{_PATIENCE}.margarethe:AI",
    "light_and_shade": f"{_PATIENCE}.light_and_shade:AI",
    "la_nivernaise": f"{_PATIENCE}.la_nivernaise:AI",
    "babette": f"{_PATIENCE}.babette:AI",
    "anna": f"{_PATIENCE}.anna:AI",
    "the_fifteen": f"{_PATIENCE}.the_fifteen:AI",
    # trick-taking games: the shared Monte Carlo player with each game's hooks
    "scotch_whist": f"{_TRICKS}.scotch_whist:AI",
    "french_whist": f"{_TRICKS}.scotch_whist:AI",
    "napoleon": f"{_TRICKS}.napoleon:AI",
    "purchase_nap": f"{_TRICKS}.nap_variants:PURCHASE_AI",
    "peep_nap": f"{_TRICKS}.nap_variants:PEEP_AI",
    "all_fours": f"{_TRICKS}.all_fours:AI",
    "all_fours_four_handed": f"{_TRICKS}.all_fours:AI",
    "solo_whist": f"{_TRICKS}.solo_whist:AI",
    "solo_whist_three_handed": f"{_TRICKS}.solo_whist:AI",
    "kimberly_solo": f"{_TRICKS}.solo_whist:AI",
    "piquet": f"{_TRICKS}.piquet:AI",
    "piquet_rubicon": f"{_TRICKS}.piquet:AI",
    "quinto": f"{_TRICKS}.quinto:AI",
    "quinto_dummy": f"{_TRICKS}.quinto:AI",
    "boston": f"{_TRICKS}.boston:AI",
    "five_hundred": f"{_TRICKS}.five_hundred:AI",
    "auction_bridge": f"{_TRICKS}.auction_bridge:AI",
    "euchre": f"{_TRICKS}.euchre:AI",
    "loo": f"{_TRICKS}.loo:AI",
    "ecarte": f"{_TRICKS}.ecarte:AI",
    "bezique": f"{_TRICKS}.bezique:AI",
    "rubicon_bezique": f"{_TRICKS}.bezique:AI",
    "whist": f"{_TRICKS}.whist:AI",
    "dummy_whist": f"{_TRICKS}.whist:AI",
    "double_dummy": f"{_TRICKS}.whist:AI",
    "bridge": f"{_TRICKS}.bridge:AI",
    # board games
    "chess": "compendium.ai.board.chess:AI",
    "checkers": "compendium.ai.board.checkers:AI",
    "backgammon": "compendium.ai.board.backgammon:AI",
    "dominoes_draw": "compendium.ai.board.dominoes:AI",
    "fives_and_threes": "compendium.ai.board.dominoes:AI",
    # games of chance
    "draw_poker": "compendium.ai.chance.draw_poker:AI",
    "baccarat_chemin_de_fer": "compendium.ai.chance.baccarat:AI",
    "baccarat_banque": "compendium.ai.chance.baccarat:AI",
    "roulette": "compendium.ai.chance.casino:AI",
    "trente_et_quarante": "compendium.ai.chance.casino:AI",
    "vingt_un": "compendium.ai.chance.vingt_un:AI",
    "blind_hookey": "compendium.ai.chance.vingt_un:HOOKEY_AI",
    # parlour games
    "ghost": "compendium.ai.parlour.ghost:AI",
    "tit_tat_toe": "compendium.ai.parlour.tit_tat_toe:AI",
    "pope_joan": "compendium.ai.parlour.pope_joan:AI",
    "riddles": "compendium.ai.parlour.riddles:AI",
    # cribbage
    "cribbage": "compendium.ai.cribbage:AI",
    # the games of the cue
    "billiards": "compendium.ai.cue.billiards:AI",
    "pyramids": "compendium.ai.cue.pyramids:AI",
    "shell_out": "compendium.ai.cue.pyramids:SHELL_OUT_AI",
    "bagatelle": "compendium.ai.cue.bagatelle:AI",
    "pool": "compendium.ai.cue.pool:AI",
    "snooker_pool": "compendium.ai.cue.snooker_pool:AI",
}

_NONE = GameAI()
_loaded: dict[str, GameAI] = {}


def game_ai(game: Game[Any, Any, Any] | str) -> GameAI:
    """The computer's side of ``game`` (a game or its id); a game the table does not list has
    no player, no hint and no solver model (``GameAI``'s defaults)."""
    gid = game if isinstance(game, str) else game.info.id
    found = _loaded.get(gid)
    if found is None:
        where = AIS.get(gid)
        if where is None:
            return _NONE
        module, _, attr = where.partition(":")
        found = _loaded[gid] = getattr(importlib.import_module(module), attr)
    return found


def computer_player(game: Game[Any, Any, Any], level: int = 2) -> Player:
    """A computer player for any seat of ``game`` at ``level`` (1 beginner, 2 club player, 3
    expert; chess has 4 when a UCI engine is installed)."""
    return game_ai(game).player(game, level)


def computer_levels(game: Game[Any, Any, Any]) -> dict[int, str]:
    """The strengths the computer can play ``game`` at, by level number and name."""
    return game_ai(game).levels(game)


def hint(game: Game[Any, Any, Any], state: Any, seat: Seat) -> Any:
    """A good action for ``seat``, or ``None`` when there is nothing useful to suggest."""
    return game_ai(game).hint(game, state, seat)


def hint_note(game: Game[Any, Any, Any], state: Any, seat: Seat, action: Any) -> str | None:
    """The sentence said with the hint ``action``, or ``None``."""
    return game_ai(game).hint_note(game, state, seat, action)


def solver_model(game: Game[Any, Any, Any], state: Any) -> Any:
    """The solver's compact model of ``game`` from ``state``, or ``None`` (search the engine's
    own moves)."""
    return game_ai(game).solver_model(game, state)
