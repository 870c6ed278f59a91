"""Rule references: "game-id#anchor" strings naming a heading of a game's rules page.

Every refusal, forced action and score cites one, so the table can link to the law that decided.
Each reference made is remembered here, so a test can check that all of them resolve to a heading.
"""
from __future__ import annotations

REFERENCED: set[str] = set()


def rule_ref(game_id: str, anchor: str) -> str:
    ref = f"{game_id}#{anchor}"
    REFERENCED.add(ref)
    return ref


def split_ref(ref: str) -> tuple[str, str]:
    """("canfield_or_klondike", "spaces") from "canfield_or_klondike#spaces"."""
    game_id, _, anchor = ref.partition("#")
    return game_id, anchor
