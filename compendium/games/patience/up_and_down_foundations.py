"""The family of Lady Cadogan's two-pack patiences whose eight foundations go both ways: four aces
built up and four kings built down, in suit, the four aces of different suits and the four kings
too (Babette, The Fifteen, La Nivernaise).  What the family shares -- the foundations'
declaration, the rule of their suits, the words of a refusal and the moves that send a card
home -- is here, once.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...core.cards import Card, Rank
from ...core.errors import IllegalAction
from .engine import Build, Move, PatienceGame, PatienceState, PileKind, PileSpec, SuitRule, Take

ACES = tuple(f"a{i + 1}" for i in range(4))          # the ascending foundations
KINGS = tuple(f"k{i + 1}" for i in range(4))         # the descending ones
FOUNDATIONS = ACES + KINGS

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


class UpAndDownFoundations(PatienceGame):
    """Four aces built up and four kings built down in suit, the aces of four different suits and
    the kings too (piles named ``a1``-``a4`` and ``k1``-``k4``)."""

    def foundation_piles(self, x0: float, y: float, step: float) -> list[PileSpec]:
        up = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        down = Build(-1, SuitRule.SAME, empty=Rank.KING, single_cards=True)
        return ([PileSpec(n, PileKind.FOUNDATION, x0 + i * step, y, "ascending foundation", build=up,
                          take=Take.NONE) for i, n in enumerate(ACES)]
                + [PileSpec(n, PileKind.FOUNDATION, x0 + (4 + i) * step, y, "descending foundation",
                            build=down, take=Take.NONE) for i, n in enumerate(KINGS)])

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        refusal = super().accepts(state, dst, pile, moving, explain)
        if refusal is None and not pile and dst.kind is PileKind.FOUNDATION:
            card = moving[0]
            _, index = self._specs_of(state)
            twins = ACES if dst.name in ACES else KINGS
            for name in twins:
                other = state.piles[index[name]]
                if other and state.deck[other[0]].suit is card.suit:
                    if not explain:
                        return _REFUSED
                    kind = "aces" if dst.name in ACES else "kings"
                    return IllegalAction(f"there is a foundation of {card.suit.title} among the {kind} "  # type: ignore[union-attr]
                                         f"already: the four {kind} must be of different suits",
                                         self.ref("the-foundations"))
        return refusal

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            way = "up" if dst.name in ACES else "down"
            return f"the {card.name} cannot go on the {below.name}: the {self.pile_title(dst)} builds {way} in suit"
        return super().build_refusal(dst, card, below)

    def home_targets(self, state: PatienceState) -> dict[tuple[object, int], list[str]]:
        """(suit, rank) -> the foundations that would take that card now; a foundation not yet
        begun is listed under (None, ace or king) when no foundation of its kind has the suit."""
        specs, index = self._specs_of(state)
        out: dict[tuple[object, int], list[str]] = {}
        for name in FOUNDATIONS:
            pile = state.piles[index[name]]
            build = specs[index[name]].build
            assert build is not None
            if pile:
                top = state.deck[pile[-1]]
                rank = int(top.rank) + build.step
                if 1 <= rank <= 13:
                    out.setdefault((top.suit, rank), []).append(name)
            else:
                out.setdefault((None, int(build.empty)), []).append(name)  # type: ignore[arg-type]
        return out

    def started_suits(self, state: PatienceState, names: Sequence[str]) -> set[object]:
        _, index = self._specs_of(state)
        return {state.deck[state.piles[index[n]][0]].suit for n in names if state.piles[index[n]]}

    def home_moves_for(self, state: PatienceState, src: str, card: Card,
                       targets: dict[tuple[object, int], list[str]]) -> Iterable[Move]:
        """The moves sending ``card`` (the top of ``src``) home, as the rules allow."""
        for f in targets.get((card.suit, int(card.rank)), ()):
            yield Move(src, f)
        empty = targets.get((None, int(card.rank)), ())
        if empty:
            kind = ACES if card.rank is Rank.ACE else KINGS
            if card.suit not in self.started_suits(state, kind):
                for f in empty:
                    yield Move(src, f)
