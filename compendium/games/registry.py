"""The registry: every game of the catalogue, and the rules engine of those that are playable.

A game is ``playable`` only when it meets the definition of done (DESIGN.md section 7); the rest
are ``reference`` games with a rules page (when written) and no table yet.  Engines are imported
lazily, so listing the games costs nothing.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from ..core.errors import UnknownGame
from ..core.game import Game, GameInfo, Status
from ..paths import rules_dir
from .catalogue import BY_ID, CATALOGUE, lookup

# id -> "module:attribute" of the game object.  Only games meeting the definition of done.
ENGINES: dict[str, str] = {
    "canfield_or_klondike": "compendium.games.patience.klondike:GAME",
    "fortress": "compendium.games.patience.fortress:GAME",
    "nestor": "compendium.games.patience.nestor:GAME",
    "napoleon_at_st_helena": "compendium.games.patience.napoleon_at_st_helena:GAME",
    "napoleons_square": "compendium.games.patience.napoleons_square:GAME",
    "napoleons_square_single": "compendium.games.patience.napoleons_square:SINGLE",
    "the_clock": "compendium.games.patience.clock:GAME",
    "the_constitution": "compendium.games.patience.constitution:GAME",
    "la_belle_lucie": "compendium.games.patience.la_belle_lucie:GAME",
    "house_in_the_wood": "compendium.games.patience.la_belle_lucie:HOUSE_IN_THE_WOOD",
    "house_on_the_hill": "compendium.games.patience.la_belle_lucie:HOUSE_ON_THE_HILL",
    "general_sedgewick": "compendium.games.patience.general_sedgewick:GAME",
    "the_blockade": "compendium.games.patience.blockade:GAME",
    "chess": "compendium.games.board.chess_game:GAME",
    "checkers": "compendium.games.board.checkers:GAME",
    "scotch_whist": "compendium.games.tricks.scotch_whist:GAME",
    "french_whist": "compendium.games.tricks.scotch_whist:FRENCH",
    "napoleon": "compendium.games.tricks.napoleon:GAME",
    "all_fours": "compendium.games.tricks.all_fours:GAME",
    "all_fours_four_handed": "compendium.games.tricks.all_fours:FOUR_HANDED",
    "solo_whist": "compendium.games.tricks.solo_whist:GAME",
    "backgammon": "compendium.games.board.backgammon:GAME",
    "dominoes_draw": "compendium.games.board.dominoes:GAME",
    "fives_and_threes": "compendium.games.board.dominoes:FIVES_AND_THREES",
    "poker_patience": "compendium.games.patience.poker_patience:GAME",
    "serpent_poker_patience": "compendium.games.patience.serpent_poker_patience:GAME",
    "ghost": "compendium.games.parlour.ghost:GAME",
    "tit_tat_toe": "compendium.games.parlour.tit_tat_toe:GAME",
    "pope_joan": "compendium.games.parlour.pope_joan:GAME",
    "riddles": "compendium.games.parlour.riddles:GAME",
    "draw_poker": "compendium.games.chance.draw_poker:GAME",
    "baccarat_chemin_de_fer": "compendium.games.chance.baccarat:CHEMIN_DE_FER",
    "baccarat_banque": "compendium.games.chance.baccarat:BANQUE",
    "the_congress": "compendium.games.patience.the_congress:GAME",
    "the_carpet": "compendium.games.patience.the_carpet:GAME",
    "the_besieged_city": "compendium.games.patience.the_besieged_city:GAME",
    "spensers_fairie_queen": "compendium.games.patience.spensers_fairie_queen:GAME",
    "sly": "compendium.games.patience.sly:GAME",
    "mount_olympus": "compendium.games.patience.mount_olympus:GAME",
    "margarethe": "compendium.games.patience.margarethe:GAME",
    "light_and_shade": "compendium.games.patience.light_and_shade:GAME",
    "la_nivernaise": "compendium.games.patience.la_nivernaise:GAME",
    "babette": "compendium.games.patience.babette:GAME",
    "anna": "compendium.games.patience.anna:GAME",
    "the_fifteen": "compendium.games.patience.the_fifteen:GAME",
    "piquet": "compendium.games.tricks.piquet:GAME",
    "piquet_rubicon": "compendium.games.tricks.piquet:RUBICON_GAME",
    "quinto": "compendium.games.tricks.quinto:GAME",
    "quinto_dummy": "compendium.games.tricks.quinto:DUMMY",
    "boston": "compendium.games.tricks.boston:GAME",
    "five_hundred": "compendium.games.tricks.five_hundred:GAME",
    "purchase_nap": "compendium.games.tricks.nap_variants:PURCHASE",
    "peep_nap": "compendium.games.tricks.nap_variants:PEEP",
    "solo_whist_three_handed": "compendium.games.tricks.solo_variants:THREE",
    "kimberly_solo": "compendium.games.tricks.solo_variants:KIMBERLY",
    "auction_bridge": "compendium.games.tricks.auction_bridge:GAME",
    "roulette": "compendium.games.chance.roulette:GAME",
    "trente_et_quarante": "compendium.games.chance.trente_et_quarante:GAME",
    "euchre": "compendium.games.tricks.euchre:GAME",
    "loo": "compendium.games.tricks.loo:GAME",
    "ecarte": "compendium.games.tricks.ecarte:GAME",
    "bezique": "compendium.games.tricks.bezique:GAME",
    "rubicon_bezique": "compendium.games.tricks.bezique:RUBICON_GAME",
    "cribbage": "compendium.games.cribbage.engine:GAME",
    "whist": "compendium.games.tricks.whist:GAME",
    "dummy_whist": "compendium.games.tricks.whist:DUMMY",
    "double_dummy": "compendium.games.tricks.whist:DOUBLE",
    "bridge": "compendium.games.tricks.bridge:GAME",
    "vingt_un": "compendium.games.chance.vingt_un:GAME",
    "blind_hookey": "compendium.games.chance.blind_hookey:GAME",
    "billiards": "compendium.games.cue.billiards:GAME",
    "pyramids": "compendium.games.cue.pyramids:GAME",
    "shell_out": "compendium.games.cue.shell_out:GAME",
    "bagatelle": "compendium.games.cue.bagatelle:GAME",
    "pool": "compendium.games.cue.pool:GAME",
    "snooker_pool": "compendium.games.cue.snooker_pool:GAME",
}

_loaded: dict[str, Game[Any, Any, Any]] = {}



def resolve_id(name: str) -> str:
    """The catalogue id for an id or alias (case and spaces forgiven); ``UnknownGame`` otherwise."""
    found = lookup(name) if isinstance(name, str) else None
    if found is not None:
        return found.id
    raise UnknownGame(f"no game called {name!r}; 'compendium --list' shows every game id")


def info(game_id: str) -> GameInfo:
    return BY_ID[resolve_id(game_id)]


def status(game_id: str) -> Status:
    return Status.PLAYABLE if resolve_id(game_id) in ENGINES else Status.REFERENCE


def all_games() -> tuple[GameInfo, ...]:
    return CATALOGUE


def playable_ids() -> tuple[str, ...]:
    return tuple(i.id for i in CATALOGUE if i.id in ENGINES)


def get_game(game_id: str) -> Game[Any, Any, Any]:
    """The rules engine of a playable game."""
    gid = resolve_id(game_id)
    if gid not in ENGINES:
        raise UnknownGame(f"{BY_ID[gid].name} is in the reference only: it has no table yet")
    if gid not in _loaded:
        module, _, attr = ENGINES[gid].partition(":")
        _loaded[gid] = getattr(importlib.import_module(module), attr)
    return _loaded[gid]


def rules_path(game_id: str) -> Path:
    return rules_dir() / f"{resolve_id(game_id)}.md"


def rules_markdown(game_id: str) -> str | None:
    """The game's rules page, with the generated parts filled in; ``None`` if not written yet."""
    path = rules_path(game_id)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    gid = resolve_id(game_id)
    if "<!-- piles -->" in text and gid in ENGINES:
        game = get_game(gid)
        piles = getattr(game, "piles_markdown", None)
        if piles is not None:
            text = text.replace("<!-- piles -->", "### Piles\n\n" + piles() + "\n", 1)
    return text
