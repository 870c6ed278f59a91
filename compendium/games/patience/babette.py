"""Babette, Lady Cadogan's two-pack patience (catalogue: babette).

The "garden" is dealt in rows of eight, each row laid under the one before so that it covers it:
only the lowest card of each of the eight columns is available, and taking it away frees the card
above.  A row must be complete before anything is played from it.  The foundations are four aces
built up and four kings built down, in suit, the four aces of different suits and the four kings
too; nothing is built anywhere else, and a gap left in the garden is never filled.  When the pack
is used up and nothing more will go, the columns are taken up from the left, each under those
already taken, the whole is turned over -- the right-hand column now on top -- and dealt out again
in rows of eight.  This may be done twice.

Hooks used: ``deal_order`` (the first row), ``candidates`` and ``redeal_refusal`` (rows dealt whole, the
re-deal), ``accepts`` (the suits of the foundations), ``apply`` (a row dealt, the garden taken up
and dealt again), ``safe_home_move``, ``hint`` and ``piles_markdown``.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from ...core.cards import SUITS, Card
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Outcome
from ..catalogue import BY_ID
from .engine import Draw, Fan, Move, PatienceAction, PatienceState, PileKind, PileSpec, Redeal, Take
from .up_and_down_foundations import UpAndDownFoundations

COLUMNS = tuple(f"t{i + 1}" for i in range(8))

# The table, in card widths (a card is 1 wide and 1.4 high): the eight foundations in a line
# above the garden's eight columns -- the aces on the left, the kings on the right -- and the pack
# at the top left.
STEP = 1.2
LEFT = 1.3                  # the first foundation and the first column
GARDEN_Y = 1.4 + 0.45

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


def take_up(columns: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The pack made by taking up ``columns`` (each its first-dealt card first) from the left,
    each one put under those already taken up, and turning the whole over; returned bottom card
    first, so the last element -- the new top -- is the first-dealt card of the last column."""
    return tuple(c for column in columns for c in reversed(column))




class Babette(UpAndDownFoundations):
    info = BY_ID["babette"]
    pack_used_up = ("the pack is used up: there is no other row to deal", "the-stock-and-waste")
    pack = "2x52"
    option_specs = (
        OptionSpec("redeals", 2, (2, 1, 0), "Re-deals of the garden",
                   labels=("Two (the book)", "One", "None")),
    )
    # The foundations of one kind are alike; the columns are not (rows are dealt from the left).
    symmetric_kinds = (PileKind.FOUNDATION,)

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        piles = [PileSpec("s", PileKind.STOCK, 0, 0, "pack", take=Take.NONE)]
        piles += self.foundation_piles(LEFT, 0.0, STEP)
        piles += [PileSpec(name, PileKind.TABLEAU, LEFT + i * STEP, GARDEN_Y, "column of the garden",
                           fan=Fan.DOWN, take=Take.TOP, deal_up=1) for i, name in enumerate(COLUMNS)]
        return tuple(piles)

    def redeals(self, options: Options) -> int:
        return int(options.get("redeals", 2))

    def passes_allowed(self, options: Options) -> int:
        return self.redeals(options) + 1

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste"}.get(
            spec.kind, "the-garden")

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        for name in COLUMNS:          # the first row, left to right
            yield name, True

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        yield Draw()
        yield Redeal()
        targets = self.home_targets(state)
        for name in COLUMNS:
            pile = state.piles[index[name]]
            if pile:
                yield from self.home_moves_for(state, name, state.deck[pile[-1]], targets)

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        allowed = self.redeals(self.options_of(state))
        if allowed == 0:
            return IllegalAction("this game is played without a re-deal", self.ref("re-deals"))
        if self.pile_of(state, "s"):
            return IllegalAction("the garden is taken up only when the whole pack has been dealt",
                                 self.ref("re-deals"))
        if state.passes >= allowed:
            times = "once" if allowed == 1 else "twice"
            return IllegalAction(f"the garden may be dealt again only {times}, and that is done",
                                 self.ref("re-deals"))
        if not any(self.pile_of(state, n) for n in COLUMNS):
            return IllegalAction("no card is left in the garden", self.ref("re-deals"))
        return None

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.TABLEAU:
            if not explain:
                return _REFUSED
            if not pile:
                return IllegalAction("a gap in the garden is never filled", self.ref("spaces"))
            return IllegalAction("nothing is built in the garden: cards go only to the foundations",
                                 self.ref("the-garden"))
        return super().accepts(state, dst, pile, moving, explain)

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if state.deck and isinstance(action, (Draw, Redeal)):
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            if isinstance(action, Redeal):
                state = self.take_up_garden(state)
            return self.deal_row(state)
        return super().apply(state, action)

    def deal_row(self, state: PatienceState) -> PatienceState:
        """One card under each column, from the left, while the pack lasts."""
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        s = index["s"]
        for name in COLUMNS:
            if not piles[s]:
                break
            t = index[name]
            piles[t] = piles[t] + (piles[s][-1],)
            piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def take_up_garden(self, state: PatienceState) -> PatienceState:
        """The columns taken up from the left and turned over into a new pack."""
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        piles[index["s"]] = take_up([state.piles[index[n]] for n in COLUMNS])
        down[index["s"]] = len(piles[index["s"]])
        for name in COLUMNS:
            piles[index[name]] = ()
        return self._with(state, piles=tuple(piles), down=tuple(down), passes=state.passes + 1)

    # -- the solver's and the hint's help ---------------------------------------------------
    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card goes home without a second thought, once no re-deal is left, unless there is a
        choice to make: nothing is built in the garden, so a card there serves only the
        foundations, and taking it away only frees the card above it.  The choices are which of
        two twin cards to play first, and which foundation takes a card that both foundations of
        its suit want; those are left to the search (the foundations not yet begun are alike, so
        starting one is no choice).  While a re-deal is to come, every card left in the garden
        changes the order of the next deal, so no move is taken for granted."""
        if state.passes < self.redeals(self.options_of(state)):
            return None
        moves = [a for a in self.legal_actions(state, 0) if isinstance(a, Move)]
        if not moves:
            return None
        _, index = self._specs_of(state)
        faces: dict[Card, set[str]] = {}
        targets: dict[Card, set[str]] = {}
        for a in moves:
            card = state.deck[state.piles[index[a.src]][-1]]
            faces.setdefault(card, set()).add(a.src)
            if state.piles[index[a.dst]]:
                targets.setdefault(card, set()).add(a.dst)
        for a in moves:
            card = state.deck[state.piles[index[a.src]][-1]]
            if len(faces[card]) == 1 and len(targets.get(card, ())) <= 1:
                return a
        return None

    # -- the end ---------------------------------------------------------------------------
    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="the garden is cleared: the aces have climbed to the kings and "
                                          "the kings come down to the aces")
        return result

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "deal the next row of the garden"
        if isinstance(action, Redeal):
            return "take up the garden from the left, turn it over and deal it again"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        n = self.redeals(opts)
        again = {0: "no re-deal in this game", 1: "taken up and dealt again once",
                 2: "taken up and dealt again twice"}[n]
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| 4 × ascending foundation | empty at the start | an ace, of a suit not yet among them; "
                "then builds up in suit | nothing |",
                "| 4 × descending foundation | empty at the start | a king, of a suit not yet among them; "
                "then builds down in suit | nothing |",
                "| 8 × column of the garden | 1 face up, and one more with every row | nothing from the "
                "player; a gap is never filled | the lowest card, to a foundation |",
                f"| Pack | the other 96 cards, face down | nothing | dealt in rows of eight; the garden is "
                f"{again} |"]
        return "\n".join(rows) + "\n"


# -- the solver's model ------------------------------------------------------------------------------
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


GAME = Babette()
