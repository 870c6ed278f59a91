"""Napoleon at St. Helena, known today as Forty Thieves (catalogue: napoleon_at_st_helena).

Two packs.  Forty cards in four rows of ten, all face up, make ten columns; only the lowest card
of a column is available.  The eight aces are the foundations, built up in suit to the kings; the
columns take cards one at a time, down in suit.  An emptied column (a "lane") takes any
available card.  The rest of the pack is turned one card at a time onto the talon, once through.

Options: lanes filled only from the talon (the book's own note), and packed sequences moved
together (the Josephine family's rule).

The hint (``ai/patience/napoleon_at_st_helena.py``) is a small planner shared with Napoleon's
Square.
"""
from __future__ import annotations

from typing import Iterable

from ...core.cards import Rank
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
from ..catalogue import BY_ID
from .engine import Build, Fan, Move, PatienceAction, PatienceGame, PatienceState, PileKind, PileSpec, SuitRule, Take

COLUMNS = 10
ROWS = 4
STEP = 1.25           # between piles, in card widths
TABLEAU_Y = 1.4 + 0.45


class InSuitPatience(PatienceGame):
    """What the Forty Thieves family shares: every card of the tableau face up, building down in
    suit, a talon turned once."""

    # The tableau piles are alike, and so are the foundations: where they lie changes nothing.
    symmetric_kinds = (PileKind.TABLEAU, PileKind.FOUNDATION)

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card that can never be wanted in play again goes home without a second thought: an ace
        or a two (every ace has a foundation of its own), or a card whose two lower twins -- the
        only cards that could be married on it -- are both on the foundations already."""
        specs, index = self._specs_of(state)
        deck = state.deck
        home: dict[tuple[object, int], int] = {}
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.FOUNDATION:
                for c in pile:
                    key = (deck[c].suit, int(deck[c].rank))
                    home[key] = home.get(key, 0) + 1
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and specs[index[action.dst]].kind is PileKind.FOUNDATION:
                card = deck[state.piles[index[action.src]][-1]]
                if card.rank <= 2 or home.get((card.suit, int(card.rank) - 1), 0) >= 2:
                    return action
        return None


class NapoleonAtStHelena(InSuitPatience):
    info = BY_ID["napoleon_at_st_helena"]
    pack = "2x52"
    option_specs = (
        OptionSpec("lanes", "any", ("any", "talon"), "Filling a lane",
                   labels=("Any available card, from the tableau or the talon (the book)",
                           "Only the top card of the talon (the book's note)")),
        OptionSpec("runs", "single", ("single", "runs"), "Moving cards between columns",
                   labels=("One card at a time (the book)", "Sequences in suit may move together")),
    )

    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        foundation = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        column = Build(-1, SuitRule.SAME, empty="any")
        take = Take.RUNS if options["runs"] == "runs" else Take.TOP
        piles = [
            PileSpec("s", PileKind.STOCK, 0, 0, "stock", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, STEP, 0, "talon"),
        ]
        piles += [PileSpec(f"f{i + 1}", PileKind.FOUNDATION, (2 + i) * STEP, 0, "foundation",
                           build=foundation, take=Take.NONE) for i in range(8)]
        piles += [PileSpec(f"t{i + 1}", PileKind.TABLEAU, i * STEP, TABLEAU_Y, "column", fan=Fan.DOWN,
                           build=column, take=take, deal_up=ROWS) for i in range(COLUMNS)]
        return tuple(piles)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # Four rows of ten, each row dealt from left to right, every card face up.
        for _ in range(ROWS):
            for col in range(COLUMNS):
                yield f"t{col + 1}", True

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        refusal = super().move_refusal(state, action, src, dst, explain)
        if refusal is None and dict(state.opts)["lanes"] == "talon" and dst.kind is PileKind.TABLEAU \
                and src.kind is not PileKind.WASTE and not self.pile_of(state, action.dst):
            return IllegalAction("under this rule a lane may be filled only from the talon", self.ref("spaces"))
        return refusal


GAME = NapoleonAtStHelena()
