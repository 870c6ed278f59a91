"""Light and Shade: the computer's side -- the hint."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.cards import Card, Rank
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, PatienceView, PileKind
from .heuristic import PatienceAI


class LightAndShadeAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """What the player would do, judged from the view: every card home that can go; the
        talon's top card onto an Auxiliary; a Rival onto an Auxiliary or into an empty one, the
        more gladly the sooner it can follow to the foundations; the talon's top card into an empty
        Rival when it will soon be wanted; else the pack.  Every move carries a card nearer the
        foundations and none can be undone, so play by hints always ends."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        view = game.view(state, 0)
        wanted = self._wanted(view)
        best: tuple[float, int] | None = None
        for i, action in enumerate(legal):
            value = self._value(game, view, action, wanted)
            if best is None or value > best[0]:
                best = (value, i)
        return legal[best[1]] if best is not None else None

    def _value(self, game: Any, view: PatienceView, action: PatienceAction,
               wanted: dict[tuple[int, bool], int]) -> float:
        if isinstance(action, Draw):
            return 1.0
        if not isinstance(action, Move):
            return 0.0
        src, dst = view.pile(action.src), view.pile(action.dst)
        card = src.cards[-1].face
        assert card is not None
        if dst.kind is PileKind.FOUNDATION:
            return 1000.0
        distance = self._distance(card, wanted)
        if dst.kind is PileKind.TABLEAU:
            if src.kind is PileKind.WASTE:
                return 700.0 - distance      # off the talon without using up a Rival
            return (600.0 if dst.cards else 300.0) - distance
        # The talon's top card into an empty Rival: a Rival is the only way a card reaches an
        # empty Auxiliary, so it is kept for a card the foundations will want soon; others wait
        # on the talon until the pack is used up.
        return 200.0 - distance if distance <= 1 else 0.0

    @staticmethod
    def _wanted(view: PatienceView) -> dict[tuple[int, bool], int]:
        """For each (rank, red?) the foundations want now, how many foundations want it."""
        out: Counter[tuple[int, bool]] = Counter()
        for p in view.piles:
            if p.kind is PileKind.FOUNDATION and p.cards:
                top = p.cards[-1].face
                if top is not None and top.rank < Rank.KING:
                    out[(int(top.rank) + 1, not top.suit.is_red)] += 1  # type: ignore[union-attr]
        return out

    @staticmethod
    def _distance(card: Card, wanted: dict[tuple[int, bool], int]) -> int:
        """How many ranks the nearest foundation of the card's colour pattern is short of it."""
        red = card.suit.is_red  # type: ignore[union-attr]
        best = 14
        for (rank, is_red), _ in wanted.items():
            # a foundation wanting (rank, is_red) wants red on ranks of the same parity as `rank`
            same_pattern = (is_red == red) == ((rank - int(card.rank)) % 2 == 0)
            if same_pattern and rank <= int(card.rank):
                best = min(best, int(card.rank) - rank)
        return best


AI = LightAndShadeAI()
