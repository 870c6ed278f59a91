"""The shared player's simulated hand for games in which not every seat plays to each trick:
Euchre's lone hands (the partner's cards laid down) and Loo (the players who stood out).

``PartRules.active`` names the seats in the hand, in seat order; a trick is complete when each of
them has played, and the turn passes among them only.  A game with laws of play of its own (Loo's
duty to head the trick) overrides ``legal`` in a subclass.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .base import Sim, SimRules


@dataclass
class PartRules(SimRules):
    active: list[int] = field(default_factory=list)     # the seats playing this hand, in order


class PartSim(Sim):
    """``Sim`` with some seats out of the hand (their hands are empty in the simulation)."""

    __slots__ = ()

    def copy(self) -> "PartSim":
        c = Sim.copy(self)
        c.__class__ = type(self)
        return c  # type: ignore[return-value]

    def play(self, seat: int, cid: int) -> None:
        active: list[int] = self.rules.active   # type: ignore[attr-defined]
        self.hands[seat].remove(cid)
        self.trick.append((seat, cid))
        if len(self.trick) < len(active):
            self.turn = active[(active.index(seat) + 1) % len(active)]
            return
        winner = self.winning()[0]
        self.tricks.append((winner, [c for _, c in self.trick]))
        self.trick = []
        self.turn = winner
