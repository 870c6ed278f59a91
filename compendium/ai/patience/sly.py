"""Sly: the computer's side -- the hint and the player that follows it."""
from __future__ import annotations

from typing import Any

from ...core.cards import Card
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState
from ...games.patience.sly import ASCENDING, DESCENDING, FOUNDATIONS
from .planner import HintPlayerAI


class SlyAI(HintPlayerAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        return self.advise(game, state, 2)

    def advise(self, game: Any, state: PatienceState, level: int) -> PatienceAction | None:
        """Between rounds: every card that can go home, then the next round.  During a round:
        the card in hand goes home if it can; else it is laid where it blocks least -- on an
        empty packet, or on a card the foundations will want after it (best of all the card
        that follows it in its suit, so that the two come off in turn), or else on the card
        wanted last; a shallow packet is preferred, as it buries fewer cards.  (The book's
        warning -- two sequences of one suit running the same way on one packet make one of
        them useless -- is kept by never laying a card on one the foundations want sooner.)"""
        if not state.deck:
            return None
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        homes = [a for a in legal if isinstance(a, Move) and a.dst in FOUNDATIONS]
        if not game.in_round(state):
            return homes[0] if homes else (Draw() if Draw() in legal else None)
        if homes:
            return homes[0]
        _, index = game._specs_of(state)
        deck = state.deck
        card = deck[state.piles[index["h"]][-1]]
        need = self._need(game, state)
        mine = self._wait(need, card)
        best: tuple[float, int] | None = None
        for i, action in enumerate(legal):
            if not isinstance(action, Move):
                continue
            pile = state.piles[index[action.dst]]
            if not pile:
                value = 60.0
            else:
                below = deck[pile[-1]]
                theirs = self._wait(need, below)
                if theirs >= mine:
                    value = 50.0 - (theirs - mine) - 3.0 * len(pile)
                    if below.suit is card.suit and abs(int(below.rank) - int(card.rank)) == 1:
                        value += 5.0
                else:
                    value = -10.0 * (mine - theirs) - 3.0 * len(pile)
            if best is None or value > best[0]:
                best = (value, i)
        return None if best is None else legal[best[1]]

    def _need(self, game: Any, state: PatienceState) -> dict[tuple[Any, int], int]:
        """For each suit and direction (+1 up, -1 down), the rank that foundation wants next
        (None when it has not been begun: an ace or a king of that suit begins it)."""
        _, index = game._specs_of(state)
        deck, piles = state.deck, state.piles
        need: dict[tuple[Any, int], int] = {}
        for names, step in ((ASCENDING, 1), (DESCENDING, -1)):
            for name in names:
                pile = piles[index[name]]
                if pile:
                    top = deck[pile[-1]]
                    need[(top.suit, step)] = int(top.rank) + step
        return need

    @staticmethod
    def _wait(need: dict[tuple[Any, int], int], card: Card) -> int:
        """Roughly how many cards of its suit must go home before ``card`` can: the nearer
        foundation's distance to it (a foundation not yet begun starts from its ace or king)."""
        r = int(card.rank)
        up = need.get((card.suit, 1), 1)
        down = need.get((card.suit, -1), 13)
        waits = [r - up if r >= up else 99, down - r if r <= down else 99]
        return min(waits)


AI = SlyAI()
