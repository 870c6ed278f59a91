"""Spenser's Fairie Queen, Lady Cadogan's two-pack patience (catalogue: spensers_fairie_queen).

One king is taken out and laid at the top left.  The pack is then dealt one card at a time onto
the column of the last king laid, each card half covering the one before; every king that turns
up starts a new column to the right of the others, and two kings in succession leave the first
of them alone.  The aces go to their places as they turn up: they are the foundations, built up
in suit to the queens (the kings stay at the heads of their columns).  During the deal only the
lowest card of a column may be played, and only to the foundations; once the pack is dealt, the
lowest cards may also be moved from column to column, one at a time, onto a card one rank
higher of any suit -- and a king standing alone takes any card.  No re-deal.

The deal is the stock's Draw: each click deals one card where the book says it goes, so that
suitable cards can be played as they turn up.

Hooks used: ``deal`` (the first king taken out), ``apply`` (a card dealt onto the current column,
a king starting a new one, an ace going up), ``candidates``, ``move_refusal`` (no transfers during
the deal, kings never move), ``accepts`` (a lone king takes any card), ``is_won``/``view`` (96
cards win), ``canonical_key``, ``safe_home_move`` and ``hint`` (a search once every card is seen).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, Outcome
from ...core.rng import shuffled
from ..catalogue import BY_ID
from .engine import (
    Build,
    Draw,
    Fan,
    Move,
    PatienceAction,
    PatienceGame,
    PatienceState,
    PatienceView,
    PileKind,
    PileSpec,
    SuitRule,
    Take,
)

COLUMNS = 8
STEP = 1.2
FOUNDATION_Y = 0.0
COLUMN_Y = 1.4 + 0.45
NAMES = tuple(f"k{i + 1}" for i in range(COLUMNS))
FOUNDATIONS = tuple(f"f{i + 1}" for i in range(8))
WON_TOTAL = 8 * 12          # ace to queen in every foundation
PLAN_NODES = 3000           # positions the hint's search may expand once the deal is over

_REFUSED = IllegalAction("not legal")   # the move generator's unexplained refusal


class SpensersFairieQueen(PatienceGame):
    info = BY_ID["spensers_fairie_queen"]
    no_redeal = True
    pack_used_up = ("the whole pack has been dealt", "the-deal")
    pack = "2x52"
    option_specs = ()

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        home = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        column = Build(-1, SuitRule.ANY, empty=None, single_cards=True)
        piles = [PileSpec("s", PileKind.STOCK, 0.0, FOUNDATION_Y, "pack", take=Take.NONE)]
        piles += [PileSpec(name, PileKind.FOUNDATION, (i + 1.6) * STEP, FOUNDATION_Y, "foundation",
                           build=home, take=Take.NONE) for i, name in enumerate(FOUNDATIONS)]
        # The columns grow downwards as long as the window allows (the book twists a long one
        # round to gain room; the table squeezes it).
        piles += [PileSpec(name, PileKind.TABLEAU, (i + 1.6) * STEP, COLUMN_Y, "column", fan=Fan.DOWN,
                           build=column, take=Take.TOP) for i, name in enumerate(NAMES)]
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 1

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "building-on-the-tableau")

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """A king is taken from the pack (the first in the shuffled order) and heads the first
        column; the rest of the pack waits to be dealt card by card."""
        specs, index = self._structure(state.opts)
        rest = list(shuffled(PACKS[self.pack], seed))
        king = next(i for i, c in enumerate(rest) if c.rank is Rank.KING)
        deck = (rest.pop(king),) + tuple(rest)
        piles: list[tuple[int, ...]] = [()] * len(specs)
        piles[index["k1"]] = (0,)
        piles[index["s"]] = tuple(range(len(deck) - 1, 0, -1))   # card 1 is dealt first
        down = [0] * len(specs)
        down[index["s"]] = len(piles[index["s"]])
        return self._with(state, deck=deck, piles=tuple(piles), down=tuple(down), deal_seed=seed)

    # -- where the next card goes ----------------------------------------------------------
    def current_column(self, state: PatienceState) -> int:
        """The pile index of the last king laid: dealt cards go onto its column."""
        _, index = self._specs_of(state)
        last = index[NAMES[0]]
        for name in NAMES:
            if state.piles[index[name]]:
                last = index[name]
        return last

    def dealing(self, state: PatienceState) -> bool:
        _, index = self._specs_of(state)
        return bool(state.piles[index["s"]])

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if isinstance(action, Draw) and state.deck:
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            return self._deal_one(state)
        if isinstance(action, Move) and action.count == 1 and state.deck and self._fits(state, action):
            # the common case, checked in a few lookups (the solver and the hint apply many moves)
            _, index = self._specs_of(state)
            si, di = index[action.src], index[action.dst]
            piles = list(state.piles)
            piles[di] = piles[di] + piles[si][-1:]
            piles[si] = piles[si][:-1]
            return self._with(state, piles=tuple(piles))
        return super().apply(state, action)

    def _fits(self, state: PatienceState, action: Move) -> bool:
        """Is this single-card move legal?  The same test as ``candidates``, for one move."""
        _, index = self._specs_of(state)
        if action.src not in NAMES or action.dst not in index or action.src == action.dst:
            return False
        src = state.piles[index[action.src]]
        if len(src) < 2:
            return False
        card = state.deck[src[-1]]
        dst = state.piles[index[action.dst]]
        if action.dst in FOUNDATIONS:
            if not dst:
                return False
            top = state.deck[dst[-1]]
            return top.suit is card.suit and top.rank == card.rank - 1 and top.rank < Rank.QUEEN
        if state.piles[index["s"]] or not dst:
            return False
        return len(dst) == 1 or state.deck[dst[-1]].rank == card.rank + 1

    def _legal(self, state: PatienceState) -> Iterable[PatienceAction]:
        # The candidates are built to be exactly the legal moves (every test of ``why_illegal``
        # is made while listing them), but for the deal once the pack is used up.
        dealing = self.dealing(state)
        return (a for a in self.candidates(state) if dealing or not isinstance(a, Draw))

    def _deal_one(self, state: PatienceState) -> PatienceState:
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        s = index["s"]
        card_id = piles[s][-1]
        piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        card = state.deck[card_id]
        if card.rank is Rank.KING:
            target = next(index[n] for n in NAMES if not piles[index[n]])
        elif card.rank is Rank.ACE:
            target = next(index[n] for n in FOUNDATIONS if not piles[index[n]])
        else:
            target = self.current_column(state)
        piles[target] = piles[target] + (card_id,)
        return self._with(state, piles=tuple(piles), down=tuple(down))

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        yield Draw()
        wanted: dict[tuple[Suit | None, int], list[str]] = {}
        for name in FOUNDATIONS:
            pile = piles[index[name]]
            if pile:
                top = deck[pile[-1]]
                if top.rank < Rank.QUEEN:
                    wanted.setdefault((top.suit, int(top.rank) + 1), []).append(name)
        dealt = not piles[index["s"]]
        lone: list[str] = []
        by_rank: dict[int, list[str]] = {}
        for name in NAMES:
            pile = piles[index[name]]
            if len(pile) == 1:
                lone.append(name)
            elif pile:
                by_rank.setdefault(int(deck[pile[-1]].rank), []).append(name)
        for src in NAMES:
            pile = piles[index[src]]
            if len(pile) < 2:
                continue            # empty, or a king alone: nothing to move
            card = deck[pile[-1]]
            for dst in wanted.get((card.suit, int(card.rank)), ()):
                yield Move(src, dst)
            if not dealt:
                continue
            for dst in by_rank.get(int(card.rank) + 1, ()):
                if dst != src:
                    yield Move(src, dst)
            for dst in lone:
                yield Move(src, dst)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        pile = self.pile_of(state, action.src)
        if src.kind is PileKind.TABLEAU:
            if action.count > 1:
                return IllegalAction("only the lowest card of a column is free, and cards move one at "
                                     "a time", self.ref("moving-runs"))
            if len(pile) == 1:
                return _REFUSED if not explain else IllegalAction(
                    "a king heads its column for the whole game: it never moves", self.ref("the-kings"))
            if dst.kind is PileKind.TABLEAU and self.dealing(state):
                return _REFUSED if not explain else IllegalAction(
                    "cards move from column to column only when the whole pack has been dealt; "
                    "during the deal they may only be played to the foundations", self.ref("the-deal"))
            if dst.kind is PileKind.TABLEAU and not self.pile_of(state, action.dst):
                return _REFUSED if not explain else IllegalAction(
                    "that column has no king yet: nothing may be placed there", self.ref("spaces"))
        if src.kind is PileKind.STOCK:
            return IllegalAction("the pack is dealt card by card onto the column of the last king "
                                 "laid", self.ref("the-deal"))
        return super().move_refusal(state, action, src, dst, explain)

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.TABLEAU and len(pile) == 1 and len(moving) == 1:
            return None             # a lone king takes any card
        return super().accepts(state, dst, pile, moving, explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            if below.rank is Rank.QUEEN:
                return "that foundation is finished with its queen: the kings stay at the heads of the columns"
            return f"the {card.name} cannot go on the {below.name}: the foundations rise in suit"
        return (f"the {card.name} cannot go on the {below.name}: a card goes on a card one rank "
                "higher, of any suit (or on a king standing alone)")

    # -- the end -----------------------------------------------------------------------------
    def is_won(self, state: PatienceState) -> bool:
        return bool(state.deck) and self.on_foundations(state) == WON_TOTAL

    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="the eight foundations are built up to the queens")
        return result

    def view(self, state: PatienceState, seat: int | None) -> PatienceView:
        view = super().view(state, seat)
        return replace(view, total=WON_TOTAL) if state.deck else view

    # -- the solver's hooks ------------------------------------------------------------------
    def canonical_key(self, state: PatienceState) -> Any:
        # The foundations are interchangeable; once the pack is dealt, so are the columns (where
        # a column lies matters only to where the next card of the deal falls).
        _, index = self._specs_of(state)
        founds = tuple(sorted(state.piles[index[n]] for n in FOUNDATIONS))
        columns = tuple(state.piles[index[n]] for n in NAMES)
        if not state.piles[index["s"]]:
            columns = tuple(sorted(columns))
        return (state.piles[index["s"]], founds, columns)

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card goes home without a second thought when no card could still want to lie on it:
        all eight cards one rank lower are home (any suit may be built on it in the columns)."""
        specs, index = self._specs_of(state)
        home = Counter(int(state.deck[c].rank) for n in FOUNDATIONS for c in state.piles[index[n]])
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and specs[index[action.dst]].kind is PileKind.FOUNDATION:
                card = state.deck[state.piles[index[action.src]][-1]]
                if home[int(card.rank) - 1] == 8:
                    return action
        return None

    # -- words -------------------------------------------------------------------------------
    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "deal the next card"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        return "\n".join([
            "| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
            "| Pack | all but one king, face down | nothing | dealt one card at a time: a king to the "
            "next column, an ace to the next foundation, any other card onto the column of the "
            "last king laid |",
            "| 8 × foundation | empty: each takes an ace as it turns up | builds up in suit from the "
            "ace to the queen | nothing |",
            "| 8 × column | the first has the king taken out; the others get theirs during the deal "
            "| when the deal is over: single cards one rank lower, of any suit; a king alone takes "
            "any card | the lowest card, never the king |",
        ]) + "\n"


# -- the search over an open position ----------------------------------------------------------
# Cards are small integers, suit * 16 + rank; a position is the columns (bottom first, the king at
# index 0) and, for each suit, the heights of its two foundations (sorted).  A card goes home by
# itself, without branching, once all eight cards one rank lower are home (nothing could be
# built on it any more); the search branches only on the other moves.


GAME = SpensersFairieQueen()
