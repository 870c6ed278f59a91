"""The Clock: the computer's side -- the hint."""
from __future__ import annotations

from typing import Any

from ...core.cards import Card, Rank
from ...games.patience.clock import PACKET_SIZE
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState
from .heuristic import PatienceAI


class ClockAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """The best useful move, from what the player sees: talon cards home first (they have no
        other use), then circle cards home, then a marriage that frees a card for a foundation or
        brings a fresh card from the pack, then the pack.  Every move it offers sends a card home,
        or uses up the pack, so a game played by hints always ends."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        view = game.view(state, 0)
        tops = {p.name: [c.face for c in p.cards] for p in view.piles}
        pack_left = len(view.pile("s").cards)
        refill_at_once = dict(state.opts).get("refill") == "move"
        wanted = self._wanted(tops)
        best: tuple[float, int, PatienceAction] | None = None
        for i, action in enumerate(legal):
            score = self._score(game, action, tops, wanted, pack_left, refill_at_once)
            if score is not None and (best is None or score > best[0]):
                best = (score, -i, action)
        return best[2] if best else None

    @staticmethod
    def _wanted(tops: dict[str, list[Any]]) -> set[Card]:
        """The cards some unfinished foundation will take next."""
        out = set()
        for hour in range(1, 13):
            top = tops[f"f{hour}"][-1]
            if top.rank != hour:
                out.add(Card(Rank(top.rank % 13 + 1), top.suit))
        return out

    def _score(self, game: Any, action: PatienceAction, tops: dict[str, list[Any]], wanted: set[Card],
               pack_left: int, refill_at_once: bool) -> float | None:
        if isinstance(action, Draw):
            return 1.0
        if not isinstance(action, Move):
            return None
        packet = tops[action.src]
        if action.dst.startswith("f"):
            if action.src == "w":
                return 1000.0
            below = packet[-2] if len(packet) > 1 else None
            return 900.0 + (10.0 if below is not None and below in wanted else 0.0)
        # a marriage: worth it only if it frees a card for a foundation or draws from the pack
        left = len(packet) - 1
        if refill_at_once and left < PACKET_SIZE and pack_left:
            return 200.0 - len(tops[action.dst]) * 0.1
        if left and packet[-2] in wanted:
            return 500.0 - len(tops[action.dst]) * 0.1
        if not refill_at_once and left < PACKET_SIZE and pack_left and len(tops[action.dst]) >= PACKET_SIZE:
            # the next refill brings a fresh card; the card moved can never shorten a packet again
            return 150.0 - len(tops[action.dst]) * 0.1
        return None


AI = ClockAI()
