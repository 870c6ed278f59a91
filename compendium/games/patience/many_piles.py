"""A mixin for the patiences of many piles (The Congress, The Carpet, The Besieged City, Sly)."""
from __future__ import annotations

from typing import Sequence

from .engine import PatienceState, PileKind, PileSpec


class ManyPiles:
    """A mixin for a patience of many piles (the Carpet has 74): the engine's scans of every pile
    for its foundations and for the pile of a kind, remembered per declaration.  The solver and
    the hints ask for them at every position."""

    _kind_cache: dict[tuple[int, PileKind], int | None] = {}

    @staticmethod
    def _find(specs: Sequence[PileSpec], kind: PileKind) -> int | None:
        # the declarations are kept for the life of the game object, so their ids are stable
        key = (id(specs), kind)
        cache = ManyPiles._kind_cache
        if key not in cache:
            cache[key] = next((i for i, s in enumerate(specs) if s.kind is kind), None)
        return cache[key]

    def on_foundations(self, state: PatienceState) -> int:
        found = self.__dict__.setdefault("_foundation_piles", {})   # type: ignore[attr-defined]
        where = found.get(state.opts)
        if where is None:
            specs = self.specs(self.options_of(state))                  # type: ignore[attr-defined]
            where = found[state.opts] = tuple(i for i, s in enumerate(specs) if s.kind is PileKind.FOUNDATION)
        piles = state.piles
        return sum(len(piles[i]) for i in where)
