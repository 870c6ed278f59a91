"""Anna: the computer's side -- the hint."""
from __future__ import annotations

from typing import Any

from ...core.cards import Card, Rank
from ...games.patience.anna import HELPS, KNAVES, ON_FOUNDATION, next_rank
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, PatienceView, PileKind, Redeal
from .heuristic import PatienceAI


class AnnaAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """Judged from the view: cards home first; then the talon's top card married on a help;
        a marriage between helps that empties a help or frees a card for the foundations; the
        talon's top card into an empty help (a queen only when another help stays empty or the pack
        is used up, for a queen closes its help for good); else the pack, else the re-deal.  Every
        move sends a card home, takes one off the talon or opens a help, so play by hints ends."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        view = game.view(state, 0)
        specs, index = game._specs_of(state)
        moves = [a for a in legal if isinstance(a, Move)]
        homes = [a for a in moves if specs[index[a.dst]].kind is PileKind.FOUNDATION]
        if homes:
            safe = game.safe_home_move(state)
            return safe if safe is not None else homes[0]
        wanted = self._wanted(view)
        best: tuple[float, int] | None = None
        empty = sum(1 for n in HELPS if not view.pile(n).cards)
        stock_left = bool(view.pile("s").cards)
        for i, a in enumerate(moves):
            src = view.pile(a.src).cards
            card = src[-1].face
            assert card is not None
            dst = view.pile(a.dst).cards
            if a.src == "w":
                if dst:
                    value = 60.0
                elif card.rank is Rank.QUEEN:
                    value = 20.0 if (empty >= 2 or not stock_left) else -1.0
                else:
                    value = 40.0
            else:
                below = src[-2].face if len(src) > 1 else None
                if below is None:
                    value = 30.0                       # empties a help
                elif below in wanted:
                    value = 50.0
                else:
                    value = -1.0                       # a marriage that changes nothing useful
            if value > 0 and (best is None or value > best[0]):
                best = (value, i)
        if best is not None:
            return moves[best[1]]
        for kind in (Draw(), Redeal()):
            if kind in legal:
                return kind
        return None

    @staticmethod
    def _wanted(view: PatienceView) -> set[Card]:
        out = set()
        for name in KNAVES:
            cards = view.pile(name).cards
            if cards and len(cards) < ON_FOUNDATION and cards[-1].face is not None:
                top = cards[-1].face
                rank = next_rank(int(top.rank))
                if rank is not None:
                    out.add(Card(Rank(rank), top.suit))
        return out


AI = AnnaAI()
