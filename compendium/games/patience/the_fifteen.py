"""The Fifteen, Lady Cadogan's two-pack patience (catalogue: the_fifteen).

The whole of both packs is dealt face up in rows of fifteen, each row overlapping the one before:
six rows of fifteen and a seventh of fourteen, so fifteen columns of seven cards (the last of
six).  Only the lowest card of a column is available.  Four aces and four kings of different
suits are the foundations, the aces built up and the kings down in suit; nothing is played before
the deal is complete.  Available cards are married up or down in suit, one at a time, and a column
cleared away (a *lane*) takes any available card, on which others are then married; moving cards
one by one through a lane turns a sequence end for end.  If after the first marriages no
foundation card can be played, one ace and one king may be drawn out of the sixth row -- the card
below closing the gap -- and that is the only indulgence: there is no re-deal.

Hooks used: ``initial_state`` (a state that remembers the drawn-out ace and king), ``candidates``,
``draw_refusal``, ``move_refusal`` and ``apply`` (the sixth-row exception, sent as ``Move(column, foundation, depth)``
like the table's drag of a covered card; no pack), ``accepts`` (the suits of the foundations),
``safe_home_move``, ``hint`` (a short best-first search over the open layout) and
``piles_markdown``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ...core.cards import Card, Rank
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Outcome
from ..catalogue import BY_ID
from .engine import Build, Fan, Move, PatienceAction, PatienceState, PileKind, PileSpec, SuitRule, Take
from .up_and_down_foundations import FOUNDATIONS, UpAndDownFoundations

COLUMNS = tuple(f"t{i + 1}" for i in range(15))
ROWS = 7
SIXTH_ROW = 5              # the sixth row's place in a column, counted from 0 at the top
ACE_BIT, KING_BIT = 1, 2   # in FifteenState.withdrawn

# The table, in card widths (a card is 1 wide and 1.4 high): the fifteen columns, the eight
# foundations centred above them, aces on the left and kings on the right.
STEP = 1.08
F_STEP = 1.2
F_X0 = (14 * STEP + 1 - (7 * F_STEP + 1)) / 2
COLUMN_Y = 1.4 + 0.4

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


@dataclass(frozen=True, slots=True)
class FifteenState(PatienceState):
    """The engine's state, and which of the ace and the king the sixth-row exception has drawn out
    (``ACE_BIT`` | ``KING_BIT``)."""

    withdrawn: int = 0


class TheFifteen(UpAndDownFoundations):
    info = BY_ID["the_fifteen"]
    pack = "2x52"
    option_specs = (
        OptionSpec("exception", True, (True, False), "An ace and a king from the sixth row when nothing can begin",
                   labels=("Allowed once (the book)", "Not allowed")),
    )
    # The columns are alike: where a column lies changes nothing.  So are the foundations of one
    # kind (each is known by the card at its foot).
    symmetric_kinds = (PileKind.TABLEAU, PileKind.FOUNDATION)

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        column = Build(0, SuitRule.SAME, empty="any", single_cards=True)
        piles = self.foundation_piles(F_X0, 0.0, F_STEP)
        piles += [PileSpec(name, PileKind.TABLEAU, i * STEP, COLUMN_Y, "column", fan=Fan.DOWN, build=column,
                           take=Take.TOP, deal_up=ROWS if i < 14 else ROWS - 1)
                  for i, name in enumerate(COLUMNS)]
        return tuple(piles)

    def initial_state(self, options: Options | None = None) -> FifteenState:
        base = super().initial_state(options)
        return FifteenState(base.deck, base.piles, base.down, base.passes, base.deal_seed, base.opts)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # Row by row, each from left to right: six rows of fifteen and a last row of fourteen.
        for row in range(ROWS):
            for i, name in enumerate(COLUMNS):
                if row < ROWS - 1 or i < 14:
                    yield name, True

    def passes_allowed(self, options: Options) -> int:
        return 1

    def anchor_for(self, spec: PileSpec) -> str:
        return "the-foundations" if spec.kind is PileKind.FOUNDATION else "building-on-the-tableau"

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        targets = self.home_targets(state)
        tops: dict[tuple[object, int], list[str]] = {}
        lanes: list[str] = []
        for name in COLUMNS:
            pile = piles[index[name]]
            if pile:
                top = deck[pile[-1]]
                tops.setdefault((top.suit, int(top.rank)), []).append(name)
            else:
                lanes.append(name)
        for name in COLUMNS:
            pile = piles[index[name]]
            if not pile:
                continue
            card = deck[pile[-1]]
            yield from self.home_moves_for(state, name, card, targets)
            for m in (1, -1):
                for other in tops.get((card.suit, int(card.rank) + m), ()):
                    if other != name:
                        yield Move(name, other)
            if len(pile) > 1:
                for lane in lanes:
                    yield Move(name, lane)
        if self._exception_open(state):
            for name in COLUMNS:
                pile = piles[index[name]]
                if len(pile) > SIXTH_ROW + 1:
                    card = deck[pile[SIXTH_ROW]]
                    if card.rank in (Rank.ACE, Rank.KING):
                        for move in self.home_moves_for(state, name, card, targets):
                            yield Move(name, move.dst, len(pile) - SIXTH_ROW)

    def _exception_open(self, state: PatienceState) -> bool:
        """May an ace or a king be drawn out of the sixth row now?  Only with the option, while
        nothing has been played to the foundations but what the exception drew out, and -- before
        the first is drawn -- when no card at all can be played to a foundation."""
        if not dict(state.opts).get("exception", True):
            return False
        withdrawn = getattr(state, "withdrawn", 0)
        if withdrawn == ACE_BIT | KING_BIT:
            return False
        if self.on_foundations(state) != bin(withdrawn).count("1"):
            return False
        if withdrawn == 0:
            _, index = self._specs_of(state)
            targets = self.home_targets(state)
            for name in COLUMNS:
                pile = state.piles[index[name]]
                if pile and next(self.home_moves_for(state, name, state.deck[pile[-1]], targets), None):
                    return False
        return True

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        return IllegalAction("the whole of both packs is dealt at the start: there is no pack, "
                             "talon or re-deal", self.ref("the-deal"))

    redeal_refusal = draw_refusal

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if action.count > 1:
            if src.kind is PileKind.TABLEAU and len(self.pile_of(state, action.src)) >= action.count:
                return self._why_not_withdraw(state, action, explain)
            return IllegalAction("cards are moved one at a time", self.ref("building-on-the-tableau"))
        return super().move_refusal(state, action, src, dst, explain)

    def _why_not_withdraw(self, state: PatienceState, action: Move, explain: bool) -> IllegalAction | None:
        """A covered card may leave its column only under the sixth-row exception."""
        specs, index = self._specs_of(state)
        pile = state.piles[index[action.src]]
        position = len(pile) - action.count
        card = state.deck[pile[position]]
        dst = specs[index[action.dst]]
        if not explain and (dst.kind is not PileKind.FOUNDATION or position != SIXTH_ROW):
            return _REFUSED
        if dst.kind is not PileKind.FOUNDATION:
            return IllegalAction("only the lowest card of a column is available, and cards move one at a time",
                                 self.ref("available-cards"))
        if position != SIXTH_ROW or card.rank not in (Rank.ACE, Rank.KING):
            return IllegalAction("only the lowest card of a column is available (the one exception: an ace "
                                 "and a king from the sixth row when the game cannot begin)",
                                 self.ref("available-cards"))
        if not dict(state.opts)["exception"]:
            return IllegalAction("under this option no card is drawn out of the sixth row",
                                 self.ref("when-the-game-cannot-begin"))
        withdrawn = getattr(state, "withdrawn", 0)
        bit = ACE_BIT if card.rank is Rank.ACE else KING_BIT
        if withdrawn & bit:
            which = "an ace" if bit == ACE_BIT else "a king"
            return IllegalAction(f"{which} has been drawn out of the sixth row already: the exception allows "
                                 "one ace and one king", self.ref("when-the-game-cannot-begin"))
        if not self._exception_open(state):
            return IllegalAction("an ace or a king is drawn out of the sixth row only when no foundation "
                                 "can be begun or continued otherwise, before any card has gone home",
                                 self.ref("when-the-game-cannot-begin"))
        return self.accepts(state, dst, state.piles[index[action.dst]], [card], explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            return super().build_refusal(dst, card, below)
        return (f"the {card.name} cannot go on the {below.name}: cards are married in suit, one rank "
                "higher or lower")

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if isinstance(action, Move) and action.count > 1 and state.deck:
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            _, index = self._specs_of(state)
            si, di = index[action.src], index[action.dst]
            pile = state.piles[si]
            card = pile[SIXTH_ROW]
            piles = list(state.piles)
            piles[si] = pile[:SIXTH_ROW] + pile[SIXTH_ROW + 1:]   # the cards below close the gap
            piles[di] = piles[di] + (card,)
            bit = ACE_BIT if state.deck[card].rank is Rank.ACE else KING_BIT
            return replace(state, piles=tuple(piles), withdrawn=getattr(state, "withdrawn", 0) | bit)
        return super().apply(state, action)

    # -- the solver's and the hint's help ---------------------------------------------------
    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card goes home without a second thought once no card it could be married with --
        one rank above or below it in its suit -- is left in the columns: it can then never serve
        there again, and leaving its column only frees the card above it."""
        _, index = self._specs_of(state)
        in_play: set[tuple[object, int]] = set()
        for name in COLUMNS:
            for c in state.piles[index[name]]:
                card = state.deck[c]
                in_play.add((card.suit, int(card.rank)))
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and action.count == 1 and action.dst in FOUNDATIONS:
                card = state.deck[state.piles[index[action.src]][-1]]
                if (card.suit, int(card.rank) - 1) not in in_play and (card.suit, int(card.rank) + 1) not in in_play:
                    return action
        return None

    # -- the end ---------------------------------------------------------------------------
    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="every card is home: the aces have climbed to the kings and the "
                                          "kings come down to the aces")
        return result

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Move) and action.count > 1:
            _, index = self._specs_of(state)
            card = state.deck[state.piles[index[action.src]][SIXTH_ROW]]
            return f"draw the {card.name} out of the sixth row onto its foundation"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        self.resolve_options(options)
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| 4 × ascending foundation | empty at the start | an ace, of a suit not yet among them; "
                "then builds up in suit | nothing |",
                "| 4 × descending foundation | empty at the start | a king, of a suit not yet among them; "
                "then builds down in suit | nothing |",
                "| 15 × column | 7 face up (the last column 6), in overlapping rows | single cards one rank "
                "higher or lower, in suit; when empty (a lane), any available card | the lowest card |"]
        return "\n".join(rows) + "\n"


GAME = TheFifteen()
