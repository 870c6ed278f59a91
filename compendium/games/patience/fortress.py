"""Fortress, from Lady Cadogan's book (catalogue: fortress).

The whole pack is dealt face up in two groups of five rows, one on each side of a centre column
that holds the four foundations.  Only the outer card of each row is free: the left end of a row
of the left group, the right end of a row of the right group.  The aces go up to the centre and are
built up in suit to the kings; free cards are married up or down in suit on other free cards, one
at a time; a row emptied (a *lane*) takes any free card at its inner end.  No stock, no re-deal.

Each row is a pile fanned towards the outside, its top card at the outer end.  The book's text says
the foundations "descend" to the kings: a slip of the original (aces cannot descend to kings); they
are built upwards here, and the rules page says so.
"""
from __future__ import annotations

from typing import Iterable

from ...core.cards import Rank
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
from ..catalogue import BY_ID
from .engine import Build, Fan, Move, PatienceAction, PatienceGame, PatienceState, PileKind, PileSpec, SuitRule, Take

ROWS = 5                 # rows in each group
ROW_GAP = 0.22           # between rows, in card widths
ROW_STEP = 1.4 + ROW_GAP
CENTRE_GAP = 0.35        # between a group's inner ends and the foundation column
ROOM = 11 * 0.28         # a row may grow to about twelve cards before it is squeezed
LEFT = tuple(f"l{i + 1}" for i in range(ROWS))
RIGHT = tuple(f"r{i + 1}" for i in range(ROWS))


def row_length(row: int) -> int:
    """Cards dealt to row ``row`` (0 at the top) of either group: the bottom row has six."""
    return 6 if row == ROWS - 1 else 5


class Fortress(PatienceGame):
    info = BY_ID["fortress"]
    no_redeal = True
    pack = "52"
    option_specs = (
        OptionSpec("from_foundation", False, (False, True), "Cards may come back from the foundations",
                   labels=("No (the book)", "Yes")),
    )

    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        marry = Build(0, SuitRule.SAME, empty="any", single_cards=True)
        home = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        height = ROWS * ROW_STEP - ROW_GAP
        f_gap = (height - 4 * 1.4) / 3
        piles = [PileSpec(f"f{i + 1}", PileKind.FOUNDATION, 0.0, i * (1.4 + f_gap), "foundation",
                          build=home, take=Take.TOP if options["from_foundation"] else Take.NONE)
                 for i in range(4)]
        for row in range(ROWS):
            y = row * ROW_STEP
            piles.append(PileSpec(LEFT[row], PileKind.TABLEAU, -1 - CENTRE_GAP, y, "left-hand row",
                                  fan=Fan.LEFT, build=marry, take=Take.TOP, deal_up=row_length(row),
                                  room=ROOM))
        for row in range(ROWS):
            y = row * ROW_STEP
            piles.append(PileSpec(RIGHT[row], PileKind.TABLEAU, 1 + CENTRE_GAP, y, "right-hand row",
                                  fan=Fan.RIGHT, build=marry, take=Take.TOP, deal_up=row_length(row),
                                  room=ROOM))
        return tuple(piles)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # Line by line down the table, each line dealt from the left across the left-hand group
        # and then across the right-hand group.
        for row in range(ROWS):
            for name in (LEFT[row], RIGHT[row]):
                for _ in range(row_length(row)):
                    yield name, True

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        dealt = super().deal(state, seed)
        # A left-hand row is dealt from its outer (left) end inwards, and that first card is its
        # free one: the top of the pile.  So those piles are turned end for end.
        _, index = self._specs_of(dealt)
        piles = list(dealt.piles)
        for name in LEFT:
            piles[index[name]] = tuple(reversed(piles[index[name]]))
        return self._with(dealt, piles=tuple(piles))

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        return IllegalAction("Fortress has no stock: the whole pack is dealt at the start",
                             self.ref("the-stock-and-waste"))

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if action.count > 1:
            if src.kind is PileKind.TABLEAU:
                return IllegalAction("only the outside card of a row is free; the cards inside it "
                                     "wait until it has gone", self.ref("available-cards"))
            return IllegalAction("cards are moved one at a time", self.ref("moving-runs"))
        return super().move_refusal(state, action, src, dst, explain)

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        # No stock and single cards only: the engine's generator without Draw, Redeal and runs.
        specs, _ = self._specs_of(state)
        deck = state.deck
        tops = [deck[p[-1]] if p else None for p in state.piles]
        for si, src in enumerate(specs):
            card = tops[si]
            if card is None or src.take is Take.NONE:
                continue
            for di, dst in enumerate(specs):
                if di != si and dst.build is not None and dst.build.fits(tops[di], card):
                    yield Move(src.name, dst.name)


GAME = Fortress()
