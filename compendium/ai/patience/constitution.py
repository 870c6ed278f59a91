"""The Constitution: the computer's side -- the hint."""
from __future__ import annotations

from typing import Any

from ...core.cards import Card, Rank, Suit
from ...games.patience.constitution import PRIVY_COUNCIL, WIDTH, row_name
from ...games.patience.engine import Build, Draw, Move, PatienceAction, PatienceState
from .heuristic import PatienceAI


class ConstitutionAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """The best useful move, from what the player sees (the view: the pack is unknown).

        Cards go home from the Privy Council at once.  Otherwise each move is scored by what it
        does: a vacancy is filled with the card most likely to climb (wanted soon on the
        foundations, or able to take a card from the row below, as the book advises); a card
        climbs when that brings it nearer the foundations without burying a card they want, and a
        weak climb waits while the pack lasts (the book's advice to defer a vacancy until a card
        that is wanted turns up).  Every move sends a card up a row or home, or turns the pack,
        so play by hints always ends."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        view = game.view(state, 0)
        for action in legal:
            if isinstance(action, Move) and action.dst.startswith("f"):
                return action
        faces = {p.name: [c.face for c in p.cards] for p in view.piles}
        need = self._need(faces)
        row_of = game._row_of(state.opts)
        build = game.specs(state.opts)[game._rows(state.opts)[0][0]].build
        assert build is not None
        best: tuple[float, int, PatienceAction] | None = None
        for i, action in enumerate(legal):
            score = self._score(game, action, faces, need, row_of, build)
            if score is not None and (best is None or score > best[0]):
                best = (score, -i, action)
        return best[2] if best else None

    def _score(self, game: Any, action: PatienceAction, faces: dict[str, list[Any]], need: dict[Suit, int],
               row_of: dict[str, int], build: Build) -> float | None:
        if isinstance(action, Draw):
            return 1.0
        if not isinstance(action, Move):
            return None
        src = faces[action.src]
        card = src[-1]
        if action.dst.startswith("f"):
            return 1000.0
        r = row_of[action.src]
        dst = faces[action.dst]
        dist = self._distance(card, need)
        if not dst:
            # filling a vacancy: the card most likely to climb, or to take a card from below
            below = [faces[row_name(r - 1, i)][-1] for i in range(WIDTH) if faces[row_name(r - 1, i)]] if r else []
            score = 300.0 - 10.0 * dist
            if r + 1 == PRIVY_COUNCIL and dist == 0:
                score += 500.0
            score += 15.0 * sum(1 for b in below if b is not None and build.follows(card, b))
            if len(src) > 1:
                score += 5.0  # keeps the row below whole
            return score
        score = 100.0 - 5.0 * dist + 10.0 * r
        if r + 1 == PRIVY_COUNCIL and dist == 0:
            score += 600.0
        if self._distance(dst[-1], need) == 0:
            score -= 150.0  # buries a card the foundations want now
        if len(src) == 1:
            score += 40.0   # opens a vacancy: a fresh card comes in
        if score < 90.0 and faces["s"]:
            return None     # a weak climb waits while the pack lasts
        return score

    @staticmethod
    def _need(faces: dict[str, list[Any]]) -> dict[Suit, int]:
        """For each suit, the lowest rank its foundations wait for."""
        need: dict[Suit, int] = {}
        for i in range(8):
            top = faces[f"f{i + 1}"][-1]
            if top.rank < Rank.JACK:
                need[top.suit] = min(need.get(top.suit, 99), top.rank + 1)
        return need

    @staticmethod
    def _distance(card: Card, need: dict[Suit, int]) -> int:
        """How far a card is from being wanted on a foundation (0: wanted now)."""
        if card.suit not in need:
            return 20
        return max(0, card.rank - need[card.suit])


AI = ConstitutionAI()
