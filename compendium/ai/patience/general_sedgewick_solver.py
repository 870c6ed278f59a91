"""General Sedgewick's solver model: the whole game on tuples of small integers.

The rules (``games/patience/general_sedgewick.py``): one pack; five cross packets built down
regardless of suit, one card at a time (a king on an ace only under the option ``wrap``), a
vacancy taking any card (under ``spaces=talon_only`` only from the talon); four foundations
built up in suit from the rank of the first foundation card, round the corner; the pack turned
once, card by card, onto a talon whose top card is free.

A position is ``(cross, home, turned, talon, owners)``: the five packets as tuples of card codes
(``suit * 16 + rank``) in table order, the number of cards home in each suit, how many cards of
the pack have been turned, the talon bottom to top, and which suit each foundation holds (-1:
empty; it names the foundations in the line, and is not part of the position's key).

Turning a card is never a step of its own: a step from the pack plays one card it can reach --
the talon's top, or a card of the pack, the cards before it turned onto the talon -- to a
foundation or the cross.  A line that wins can always be put in that form: a turn commutes with
every move of the cross, so each turn can wait until just before the card it brings up is
played, and turns after the last card played from the pack leave cards unplayed (no win).  So a
search over these steps has tried every line of the game.

Safe moves, played without branching (the game's ``safe_home_move``): a card that a foundation
takes goes home once the four cards one rank lower are home.  On the cross it could only hold one
of them, and leaving its packet or the talon frees what lies beneath.

Prunes: the packets obey the same rules wherever they lie, so positions are compared with the
packets in any order, and of several empty packets only the first is tried; a packet's only card
never moves to a vacancy (the engine refuses it: it would only change the card's place).
With those, a search that finds no win has tried every line (``proves_losses``).
"""
from __future__ import annotations

from typing import Any, Hashable, Iterable, Sequence

from ...games.patience.engine import Draw, Move, PatienceState
from ...games.patience.general_sedgewick import CROSS, FOUNDATIONS


def _code(card: Any) -> int:
    from ..solver import card_code
    return card_code(card)


class SedgewickModel:
    """General Sedgewick for ``compendium.ai.solver.search`` (see the module's note)."""

    proves_losses = True

    def __init__(self, game: Any, state: PatienceState) -> None:
        _, index = game._specs_of(state)
        opts = dict(state.opts)
        self.wrap = bool(opts.get("wrap", True))
        self.talon_only = opts.get("spaces") == "talon_only"
        deck = state.deck
        base = game.base_rank(state)
        assert base is not None
        self.base = int(base)
        cross = tuple(tuple(_code(deck[c]) for c in state.piles[index[n]]) for n in CROSS)
        home = [0, 0, 0, 0]
        owners = []
        for name in FOUNDATIONS:
            pile = state.piles[index[name]]
            if pile:
                suit = _code(deck[pile[0]]) >> 4
                home[suit] = len(pile)
                owners.append(suit)
            else:
                owners.append(-1)
        # the pack in the order it is turned (its top card, the pile's last, first)
        self.pack = tuple(_code(deck[c]) for c in reversed(state.piles[index["s"]]))
        talon = tuple(_code(deck[c]) for c in state.piles[index["w"]])
        # the rank each suit's foundation wants after ``n`` cards home (0: complete)
        self.next_rank = tuple((self.base - 1 + n) % 13 + 1 if n < 13 else 0 for n in range(14))
        self._root, self._forced = self._settle((cross, tuple(home), 0, talon, tuple(owners)))

    @classmethod
    def applies(cls, game: Any, state: PatienceState) -> bool:
        return bool(state.deck) and game.base_rank(state) is not None and not any(state.down[:-2]) \
            and len({c for pile in state.piles for c in pile}) == len(state.deck) == 52

    # -- the protocol -----------------------------------------------------------------------
    def root(self) -> Any:
        return self._root

    def key(self, position: Any) -> Hashable:
        cross, home, turned, talon, _ = position
        return (tuple(sorted(cross)), home, len(self.pack) - turned, talon)

    def won(self, position: Any) -> bool:
        return sum(position[1]) == 52

    def dead(self, position: Any) -> bool:
        return False

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        return [*self._forced, *(a for label in labels for a in label)]

    # -- the rules --------------------------------------------------------------------------
    def _goes_home(self, card: int, home: Sequence[int]) -> bool:
        return (card & 15) == self.next_rank[home[card >> 4]]

    def _fits(self, card: int, top: int) -> bool:
        """May ``card`` be laid on ``top`` in the cross?"""
        below = top & 15
        rank = card & 15
        return rank + 1 == below or (self.wrap and below == 1 and rank == 13)

    def _home(self, position: Any, card: int, where: int, actions: list[Any], reach: int = 0) -> Any:
        """``card`` home from packet ``where`` (or, for -1, from the pack: ``reach`` cards turned
        first, the card being the last of them; 0 for the talon's top)."""
        cross, home, turned, talon, owners = position
        suit = card >> 4
        owners_l = list(owners)
        if suit in owners:
            f = owners.index(suit)
        else:
            f = owners.index(-1)
            owners_l[f] = suit
        home = home[:suit] + (home[suit] + 1,) + home[suit + 1:]
        if where >= 0:
            cross = cross[:where] + (cross[where][:-1],) + cross[where + 1:]
            actions.append(Move(CROSS[where], FOUNDATIONS[f]))
        else:
            turned, talon = self._turn(turned, talon, reach, actions)
            talon = talon[:-1]
            actions.append(Move("w", FOUNDATIONS[f]))
        return cross, home, turned, talon, tuple(owners_l)

    def _turn(self, turned: int, talon: tuple[int, ...], reach: int, actions: list[Any]
              ) -> tuple[int, tuple[int, ...]]:
        if reach:
            talon = talon + self.pack[turned:turned + reach]
            turned += reach
            actions.extend(Draw() for _ in range(reach))
        return turned, talon

    def _settle(self, position: Any) -> tuple[Any, list[Any]]:
        """Every card home that may go safely (see the module's note), as long as there is one."""
        played: list[Any] = []
        moved = True
        while moved:
            moved = False
            cross, home, _, talon, _ = position
            for where in range(-1, 5):
                pile = talon if where < 0 else cross[where]
                if pile and self._goes_home(pile[-1], home) and self._safe(pile[-1], home):
                    position = self._home(position, pile[-1], where, played)
                    moved = True
                    break
        return position, played

    def _safe(self, card: int, home: Sequence[int]) -> bool:
        rank = card & 15
        below = rank - 1 if rank > 1 else (13 if self.wrap else 0)
        if not below:
            return True
        # every card of rank ``below`` is home: its suit's foundation has passed it
        for suit in range(4):
            n = home[suit]
            if n < 13 and (below - self.base) % 13 >= n:
                return False
        return True

    def children(self, position: Any) -> Iterable[tuple[Any, Any]]:
        cross, home, turned, talon, owners = position
        out: list[tuple[int, int, Any, Any]] = []
        first_space = next((j for j, p in enumerate(cross) if not p), -1)

        def add(prio: int, child: Any, actions: list[Any]) -> None:
            out.append((prio, len(out), tuple(actions), child))

        # from the cross
        for i, pile in enumerate(cross):
            if not pile:
                continue
            card = pile[-1]
            rest = pile[:-1]
            if self._goes_home(card, home):
                actions: list[Any] = []
                add(0, self._home(position, card, i, actions), actions)
            for j, dst in enumerate(cross):
                if j == i:
                    continue
                if dst:
                    if not self._fits(card, dst[-1]):
                        continue
                elif j != first_space or not rest or self.talon_only:
                    continue
                new = list(cross)
                new[i] = rest
                new[j] = dst + (card,)
                # promising first: a move that frees a card for the foundations; other moves on
                # the cross after the talon's top card has been tried (tried before it, they left
                # half as many deals decided in 2 s: 15 % of deals 1-40 against 30 %)
                prio = 1 if rest and self._goes_home(rest[-1], home) else (12 if dst else 13)
                add(prio, (tuple(new), home, turned, talon, owners), [Move(CROSS[i], CROSS[j])])
        # from the pack: the talon's top (reach 0), or a card turned up ``reach`` cards on
        for reach in range(0, len(self.pack) - turned + 1):
            if reach == 0:
                if not talon:
                    continue
                card = talon[-1]
            else:
                card = self.pack[turned + reach - 1]
            if self._goes_home(card, home):
                actions = []
                add(10 + 3 * reach, self._home(position, card, -1, actions, reach), actions)
            for j, dst in enumerate(cross):
                if dst:
                    if not self._fits(card, dst[-1]):
                        continue
                elif j != first_space:
                    continue
                actions = []
                new_turned, new_talon = self._turn(turned, talon, reach, actions)
                actions.append(Move("w", CROSS[j]))
                new = cross[:j] + (dst + (card,),) + cross[j + 1:]
                add(11 + 3 * reach + (0 if dst else 1), (new, home, new_turned, new_talon[:-1], owners), actions)
        # the nearest cards of the pack first: reaching far buries the cards turned on the way
        out.sort(key=lambda t: (t[0], t[1]))
        for _, _, actions_t, child in out:
            child, forced = self._settle(child)
            yield (*actions_t, *forced), child
