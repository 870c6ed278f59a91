"""The Blockade, after Lady Cadogan (catalogue: the_blockade).

Two packs.  Rows of twelve cards are dealt one below another, each card on its own column, so
every new row blocks the one above it: only the lowest card of each column is free.  The eight
aces go up as they appear and are built up in suit to the kings; the free cards marry downwards
in suit, one at a time.  A column emptied is refilled at once from the pack; there is no talon
and no second deal.

Dealing a row is the stock's Draw: the twelve cards go one to each column in a single action,
so a row is always complete before anything but an ace could be played from it.  The engine's
Draw turns cards onto a waste, which this game has not, so ``apply`` deals the row itself and
refills the empty columns after every move.
"""
from __future__ import annotations

from typing import Iterable

from ...core.cards import Rank, Suit
from ...core.game import Options, OptionSpec
from ..catalogue import BY_ID
from .engine import (
    Build,
    Draw,
    Fan,
    Move,
    PatienceAction,
    PatienceGame,
    PatienceState,
    PileKind,
    PileSpec,
    SuitRule,
    Take,
)

COLUMNS = 12
STEP = 1.15                  # from one column to the next, in card widths
TABLEAU_Y = 1.4 + 0.4
COLUMN_ROOM = 6.0            # the columns' downward fans (the table may use the whole height)
NAMES = tuple(f"t{i + 1}" for i in range(COLUMNS))


class Blockade(PatienceGame):
    info = BY_ID["the_blockade"]
    pack_used_up = ("the pack is used up: there is no other row to deal", "the-stock-and-waste")
    pack = "2x52"
    option_specs = (
        OptionSpec("runs", "single", ("single", "packed"), "Moving cards between columns",
                   labels=("One card at a time (the book)",
                           "A packed sequence may move together (PySolFC)")),
        OptionSpec("late_spaces", "empty", ("empty", "any"), "A column emptied when the pack is used up",
                   labels=("Stays empty (the book: spaces are filled from the pack)",
                           "Takes any free card (PySolFC)")),
    )

    # -- the declaration --------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        foundation = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        column = Build(-1, SuitRule.SAME, empty="any" if options["late_spaces"] == "any" else None,
                       single_cards=options["runs"] == "single")
        take = Take.RUNS if options["runs"] == "packed" else Take.TOP
        piles = [PileSpec("s", PileKind.STOCK, 0, 0, "pack", take=Take.NONE)]
        # The eight foundations in a row above the middle eight columns.
        piles += [PileSpec(f"f{i + 1}", PileKind.FOUNDATION, (i + 2) * STEP, 0, "foundation",
                           build=foundation, take=Take.NONE) for i in range(8)]
        piles += [PileSpec(name, PileKind.TABLEAU, i * STEP, TABLEAU_Y, "column", fan=Fan.DOWN,
                           build=column, take=take, deal_up=1, room=COLUMN_ROOM)
                  for i, name in enumerate(NAMES)]
        return tuple(piles)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        for name in NAMES:          # the first row, left to right
            yield name, True

    # The eight foundations are alike wherever they lie; the columns are not (rows and refills
    # are dealt from left to right).
    symmetric_kinds = (PileKind.FOUNDATION,)

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card may go home without a second thought once both cards of its suit one rank lower
        are home (nothing could be married onto it), unless it is the last card of its column
        while the pack lasts: the space it leaves takes the next card, which changes which
        column later cards of the pack fall to."""
        specs, index = self._specs_of(state)
        tops: dict[Suit | None, list[int]] = {}
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.FOUNDATION and pile:
                card = state.deck[pile[-1]]
                tops.setdefault(card.suit, []).append(int(card.rank))
        pack_left = bool(state.piles[index["s"]])
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and specs[index[action.dst]].kind is PileKind.FOUNDATION:
                pile = state.piles[index[action.src]]
                if pack_left and len(pile) == 1:
                    continue
                card = state.deck[pile[-1]]
                if card.rank == 1 or sum(1 for t in tops.get(card.suit, ()) if t >= card.rank - 1) == 2:
                    return action
        return None

    # -- dealing a row, refilling the spaces ------------------------------------------------
    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if isinstance(action, Draw):
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            return self._deal_row(state)
        return self._refill(super().apply(state, action))

    def _deal_row(self, state: PatienceState) -> PatienceState:
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        s = index["s"]
        for name in NAMES:
            if not piles[s]:
                break
            card = piles[s][-1]
            piles[s] = piles[s][:-1]
            t = index[name]
            piles[t] = piles[t] + (card,)
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def _refill(self, state: PatienceState) -> PatienceState:
        """Every empty column takes the next card of the pack at once, from left to right."""
        _, index = self._specs_of(state)
        s = index["s"]
        if not state.piles[s] or all(state.piles[index[n]] for n in NAMES):
            return state
        piles, down = list(state.piles), list(state.down)
        for name in NAMES:
            t = index[name]
            if not piles[t] and piles[s]:
                piles[t] = (piles[s][-1],)
                piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def piles_markdown(self, options: Options | None = None) -> str:
        text = super().piles_markdown(options).replace(
            "turned 1 at a time onto the waste", "dealt in rows, one card to each column; its next card "
            "fills an emptied column at once")
        return text + ("\nAn emptied column is refilled from the pack by the table; the rule for an "
                       "empty column applies once the pack is used up.\n")

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            n = min(COLUMNS, len(state.piles[self._index(self.options_of(state))["s"]]))
            return "deal the next row" if n == COLUMNS else f"deal the last {n} cards in a row"
        return super().describe(state, action)


GAME = Blockade()
