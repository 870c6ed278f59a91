"""The punters at Roulette and Trente et Quarante: the three systems of the 1909 *Hoyle* for the
even chances, played as computer punters you can watch beside you, or follow (the hint is your
system's next stake).

- **Montant et démontant** (the d'Alembert): one unit more after a loss, one less after a win,
  never below one.
- **The Fitzroy**: one unit while winning; from the first loss of a series the stake rises by a
  unit every coup, won or lost, until the series shows a profit, and then back to one.
- **The Labouchère**: a line 1 2 3 4; stake the first and last figures added (the only one, if
  one is left); a win crosses both off, a loss writes the units lost at the end; an empty line
  has won its ten units, and a fresh line is begun.

The unit is the table's minimum stake.  A system reads its progression from the coups it has
played (the public history: what it won or lost each coup), so it needs no memory of its own and
a record or an undo never puts it out of step.  A stake in prison is waited for: no new stake
until it is freed or lost.

There is no skill in a game of pure chance, and no level beats the bank: the three levels are
three kinds of punter, each paying the bank's advantage his own way.

- Level 1, *the plunger*: a few counters scattered on numbers and groups at random — the bank's
  full advantage, 1/37 at Roulette.
- Level 2, *the system player*: his seat's system on his seat's even chance (the lowest
  advantage on the table, 1/74 at Roulette with the prison; about 1.1 % at Trente et Quarante).
- Level 3, *the disciplined system player*: the same, rising from the table for good once a
  quarter up or half down on his capital — the same advantage on every stake, on fewer stakes.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from ...games.chance.casino import CasinoView, Counter, Done, Place
from ..base import PlayerAI

SYSTEMS = ("montant", "fitzroy", "labouchere")
SYSTEM_NAMES = {"montant": "Montant et démontant", "fitzroy": "The Fitzroy", "labouchere": "The Labouchère"}
SHORT_NAMES = {"montant": "Montant", "fitzroy": "Fitzroy", "labouchere": "Labouchère"}
LINE = (1, 2, 3, 4)
# Each seat's system and even chance, so that the punters round the table are told apart.
SEAT_SYSTEMS = ("labouchere", "montant", "fitzroy")
ROULETTE_CHANCES = ("passe", "rouge", "pair", "impair")
TRENTE_CHANCES = ("couleur", "rouge", "noir", "inverse")
STOP_UP, STOP_DOWN = 1.25, 0.5


def seat_system(seat: int) -> str:
    return SEAT_SYSTEMS[seat % len(SEAT_SYSTEMS)]


def seat_chance(game_id: str, seat: int) -> str:
    chances = TRENTE_CHANCES if game_id == "trente_et_quarante" else ROULETTE_CHANCES
    return chances[seat % len(chances)]


def outcomes(view: CasinoView, seat: int) -> list[int]:
    """What the seat won (+) or lost (−) on each coup that decided a stake of his, in francs."""
    return [c.nets[seat] for c in view.pub.coups if seat < len(c.resolved) and c.resolved[seat] > 0]


def next_units(system: str, results: Sequence[int], unit: int) -> int:
    """The system's next stake, in units, after the results so far (francs won or lost a coup)."""
    if system == "montant":
        units = 1
        for r in results:
            units = units + 1 if r < 0 else max(1, units - 1) if r > 0 else units
        return units
    if system == "fitzroy":
        units, balance, in_series = 1, 0, False
        for r in results:
            balance += r
            in_series = in_series or r < 0
            if balance > 0:
                units, balance, in_series = 1, 0, False
            elif in_series:
                units += 1
        return units
    if system == "labouchere":
        line = list(LINE)
        for r in results:
            if r > 0:
                line = line[1:-1]
            elif r < 0:
                line.append(max(1, -(-(-r) // unit)))
            if not line:
                line = list(LINE)
        return line[0] + line[-1] if len(line) > 1 else line[0]
    raise ValueError(f"no system {system!r}")


def labouchere_line(results: Sequence[int], unit: int) -> tuple[int, ...]:
    """The Labouchère's line as it stands, for the table to show."""
    line = list(LINE)
    for r in results:
        if r > 0:
            line = line[1:-1]
        elif r < 0:
            line.append(max(1, -(-(-r) // unit)))
        if not line:
            line = list(LINE)
    return tuple(line)


def system_stake(game: Any, view: CasinoView, seat: int, system: str, chance: str) -> int:
    """The francs the system stakes on ``chance`` this coup: its units times the minimum, held to
    the table's limit and the punter's means (a stake in prison is waited for: nothing)."""
    pub = view.pub
    if pub.prisoner(seat, chance) is not None:
        return 0
    unit = int(game.minimum)
    want = next_units(system, outcomes(view, seat), unit) * unit
    means = pub.stocks[seat] + pub.free_stake(seat, chance)
    limit = int(game.spots[chance].limit)
    return min(want, limit, means - means % unit)


def lay_towards(game: Any, view: CasinoView, legal: Sequence[Any], wanted: dict[str, int]) -> Any:
    """The next action that brings the seat's stakes towards ``wanted`` (space -> francs): take
    the largest counter that still fits, lay it, and when all is laid say done."""
    pub = view.pub
    seat = view.seat
    assert seat is not None
    legal_set = set(legal)
    for spot, want in wanted.items():
        rest = want - pub.free_stake(seat, spot)
        if rest <= 0:
            continue
        fits = [v for v in game.counters if v <= rest and v <= pub.stocks[seat]]
        if not fits:
            continue
        value = max(fits)
        if pub.hand[seat] != value:
            if Counter(value) in legal_set:
                return Counter(value)
            continue
        if Place(spot) in legal_set:
            return Place(spot)
    return Done()


class CasinoPunter:
    """A computer punter at ``level``; ``system`` overrides the seat's own (the hint follows the
    system you chose)."""

    def __init__(self, level: int = 2, system: str | None = None) -> None:
        self.level = level
        self.system = system

    def wanted(self, game: Any, view: CasinoView) -> dict[str, int]:
        seat = view.seat
        assert seat is not None
        pub = view.pub
        if self.level <= 1:
            return self.scatter(game, view)
        if self.level >= 3:
            worth = pub.holdings(seat)
            if worth >= pub.capital * STOP_UP or worth <= pub.capital * STOP_DOWN:
                return {}
        chance = seat_chance(game.info.id, seat)
        stake = system_stake(game, view, seat, self.system or seat_system(seat), chance)
        return {chance: stake} if stake > 0 else {}

    def scatter(self, game: Any, view: CasinoView) -> dict[str, int]:
        """The plunger's stakes this coup: one to three minimum stakes on spaces chosen at random
        (seeded by the coup and seat, so the same view always gets the same stakes)."""
        pub = view.pub
        seed = hashlib.sha256(f"{game.info.id}:{pub.coup_no}:{view.seat}:{pub.shoe_no}".encode()).digest()
        rng = random.Random(int.from_bytes(seed[:8], "big"))
        names = [n for n, s in game.spots.items() if not s.simple] or list(game.spots)
        unit = int(game.minimum)
        if pub.stocks[view.seat or 0] < unit:
            return {}
        k = 1 + rng.randrange(3)
        return {name: unit for name in rng.sample(names, min(k, len(names)))}

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        if not legal:
            return None
        action = lay_towards(game, view, legal, self.wanted(game, view))
        return action if action in legal else Done()


class CasinoAI(PlayerAI):
    def __init__(self) -> None:
        super().__init__(lambda level: CasinoPunter(level), hint_level=2)

    def levels(self, game: Any) -> dict[int, str]:
        return {1: "The plunger (numbers at random)", 2: "A system player",
                3: "A disciplined system player"}


AI = CasinoAI()
