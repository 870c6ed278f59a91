"""Helpers of the shared conformance suite: random playouts, refusals, and the invariants every
game keeps."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterator

import pytest

from compendium.core.errors import IllegalAction
from compendium.core.game import Special, ViewCard
from compendium.core.rng import SplitMix64
from compendium.core.session import Session

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_LEAVES = (str, int, float, bool, type(None))


def view_cards(view: Any) -> Iterator[ViewCard]:
    """Every ViewCard inside a view, however the game's view nests them."""
    found: list[ViewCard] = []
    _collect(view, found)
    return iter(found)


def _collect(view: Any, found: list[ViewCard]) -> None:
    # Called at every step of every random game (the stress test's largest cost after the games'
    # own): plain recursion into a list, the field names of each view class looked up once.
    if isinstance(view, ViewCard):
        found.append(view)
    elif isinstance(view, _LEAVES):
        return
    elif isinstance(view, (tuple, list)):
        for item in view:
            _collect(item, found)
    elif isinstance(view, dict):
        for item in view.values():
            _collect(item, found)
    else:
        cls = type(view)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = (tuple(f.name for f in dataclasses.fields(view))
                                         if dataclasses.is_dataclass(view) and not isinstance(view, type)
                                         else ())
        for name in names:
            _collect(getattr(view, name), found)


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


def refusal(game: Any, state: Any, action: Any) -> IllegalAction:
    """The refusal of ``action`` (an action, or its text) in ``state``: applying it raises
    ``IllegalAction`` with its reason, and it is not among the legal actions of the seat to move.
    The caller checks the law cited (``.rule``) and the words."""
    if isinstance(action, str):
        action = game.action_from_str(state, action)
    seat = game.to_move(state)
    if not isinstance(seat, Special):
        assert action not in game.legal_actions(state, seat), action
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action)
    assert info.value.reason, action
    assert info.value.rule, f"no law cited for refusing {action!r}: {info.value.reason}"
    return info.value
