"""Helpers of the shared conformance suite: random playouts and the invariants every game keeps."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterator

from compendium.core.game import Special, ViewCard
from compendium.core.rng import SplitMix64
from compendium.core.session import Session


def view_cards(view: Any) -> Iterator[ViewCard]:
    """Every ViewCard inside a view, however the game's view nests them."""
    if isinstance(view, ViewCard):
        yield view
    elif dataclasses.is_dataclass(view) and not isinstance(view, type):
        for f in dataclasses.fields(view):
            yield from view_cards(getattr(view, f.name))
    elif isinstance(view, (tuple, list)):
        for item in view:
            yield from view_cards(item)
    elif isinstance(view, dict):
        for item in view.values():
            yield from view_cards(item)


def random_playout(game: Any, seed: int, max_steps: int = 300, options: dict[str, Any] | None = None,
                   check: Any = None) -> Session[Any, Any]:
    """Play random legal actions from deal ``seed``; ``check(session)`` runs after every step."""
    # Every seat is a person's: undo can then reach the very start, whoever moves first.
    session: Session[Any, Any] = Session(game, options, seed=seed,
                                         human_seats=tuple(range(game.info.max_seats)))
    gen = SplitMix64(seed * 7919 + 1)
    if check:
        check(session)
    for _ in range(max_steps):
        seat = session.to_move()
        if isinstance(seat, Special):
            break
        legal = session.legal_actions()
        assert legal, "a seat is to move but has no legal action"
        session.play(legal[gen.below(len(legal))])
        if check:
            check(session)
    return session
