"""Napoleon at St. Helena, known today as Forty Thieves (catalogue: napoleon_at_st_helena).

Two packs.  Forty cards in four rows of ten, all face up, make ten columns; only the lowest card
of a column is available.  The eight aces are the foundations, built up in suit to the kings; the
columns take cards one at a time, down in suit.  An emptied column (a "lane") takes any
available card.  The rest of the pack is turned one card at a time onto the talon, once through.

Options: lanes filled only from the talon (the book's own note), and packed sequences moved
together (the Josephine family's rule).

The hint is a small planner shared with Napoleon's Square (``SuitPlanner``): it looks a few moves
ahead among the face-up cards only -- it never draws while planning, so the stock's hidden order
plays no part -- and turns a card from the stock when no plan improves the position.
"""
from __future__ import annotations

import heapq
from typing import Iterable

from ...core.cards import Rank
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import OptionSpec, Options
from ..catalogue import BY_ID
from .engine import (Build, Draw, Fan, Move, PatienceAction, PatienceGame, PatienceState, PileKind, PileSpec, SuitRule, Take)

COLUMNS = 10
ROWS = 4
STEP = 1.25           # between piles, in card widths
TABLEAU_Y = 1.4 + 0.45


class SuitPlanner:
    """Plans a few moves among the face-up cards of a same-suit, build-down patience.

    A position is valued by the cards on the foundations, the empty tableau piles, the cards
    left on the waste, and how badly the piles are ordered: a tableau card lying on anything but
    the card one above it in its suit is a break, and a card buried under others (in the tableau
    or the waste) weighs by how soon its foundation will want it.  The planner searches best first from the position,
    applying card moves only (never a draw, so nothing hidden is used), and proposes the first
    move of the best line found if that line improves the position; otherwise it turns the stock.
    """

    def __init__(self, budget: int = 40, space_value: float = 12.0, waste_card: float = 4.0,
                 buried: float = 0.8, depth: int = 4) -> None:
        self.budget = budget
        self.space_value = space_value
        self.waste_card = waste_card
        self.buried = buried
        self.depth = depth

    def value(self, game: PatienceGame, state: PatienceState) -> float:
        specs = game.specs(game.options_of(state))
        deck = state.deck
        wanted: dict[object, list[int]] = {}
        home = 0
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.FOUNDATION:
                home += len(pile)
                if pile:
                    top = deck[pile[-1]]
                    wanted.setdefault(top.suit, []).append(top.rank + 1)
        # the ranks each suit's two foundations are waiting for
        need = {suit: sorted(ranks + [1] * (2 - len(ranks))) for suit, ranks in wanted.items()}
        fresh = [1, 1]
        score = 100.0 * home
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.WASTE:
                score -= self.waste_card * len(pile)
            elif spec.kind is not PileKind.TABLEAU:
                continue
            elif not pile:
                score += self.space_value
                continue
            cards = [deck[c] for c in pile]
            last = len(cards) - 1
            for i, card in enumerate(cards):
                if i and spec.kind is PileKind.TABLEAU and not (
                        cards[i - 1].suit == card.suit and cards[i - 1].rank == card.rank + 1):
                    score -= 3.0
                if i < last:
                    # how far the nearer foundation is from wanting this card
                    distance = min((card.rank - n for n in need.get(card.suit, fresh) if n <= card.rank),
                                   default=13)
                    if distance < 6:
                        score -= (last - i) * (6 - max(distance, 0)) * self.buried
        return score

    def plan(self, game: PatienceGame, state: PatienceState) -> PatienceAction | None:
        legal = game.legal_actions(state, 0)
        moves = [a for a in legal if isinstance(a, Move)]
        # Whatever else, a card that can go home goes home: the foundations never give back.
        specs, index = game.specs(game.options_of(state)), game._index(game.options_of(state))
        for a in moves:
            if specs[index[a.dst]].kind is PileKind.FOUNDATION:
                return a
        start = self.value(game, state)
        best_value, best_first = start + 0.5, None
        frontier: list[tuple[float, int, PatienceState, PatienceAction | None, int]] = [(-start, 0, state, None, 0)]
        seen = {state.piles}
        tick = 1
        expanded = 0
        while frontier and expanded < self.budget:
            _, _, node, first, depth = heapq.heappop(frontier)
            expanded += 1
            if depth >= self.depth:
                continue
            for a in game.legal_actions(node, 0):
                if not isinstance(a, Move):
                    continue
                child = game.apply(node, a)
                if child.piles in seen:
                    continue
                seen.add(child.piles)
                v = self.value(game, child)
                head = first if first is not None else a
                if v > best_value:
                    best_value, best_first = v, head
                heapq.heappush(frontier, (-v, tick, child, head, depth + 1))
                tick += 1
        if best_first is not None:
            return best_first
        return Draw() if Draw() in legal else None


class InSuitPatience(PatienceGame):
    """What the Forty Thieves family shares: every card of the tableau face up, building down in
    suit, a talon turned once; moves proposed by the ``SuitPlanner``."""

    planner = SuitPlanner()
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

    def hint(self, state: PatienceState, seat: int):  # type: ignore[override]
        if not state.deck or self.is_won(state):
            return None
        # The planner sees what the player sees: the faces of the face-down cards (the stock's)
        # are blanked out before it looks, so it cannot use them even by accident.
        hidden = {c for pile, down in zip(state.piles, state.down) for c in pile[:down]}
        seen = tuple(None if i in hidden else face for i, face in enumerate(state.deck))
        return self.planner.plan(self, replace(state, deck=seen))  # type: ignore[arg-type]


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
    planner = SuitPlanner(budget=40, space_value=14.0, waste_card=4.0)

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

    def solver_model(self, state: PatienceState) -> object:
        """The rules are the declaration, with lanes filled only from the talon under the option:
        the solver's quick model of them."""
        from ...ai.solver import DeclaredModel
        talon_only = dict(state.opts).get("lanes") == "talon"
        return DeclaredModel(self, state, space_from=(PileKind.WASTE,) if talon_only else None)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        refusal = super().move_refusal(state, action, src, dst, explain)
        if refusal is None and dict(state.opts)["lanes"] == "talon" and dst.kind is PileKind.TABLEAU \
                and src.kind is not PileKind.WASTE and not self.pile_of(state, action.dst):
            return IllegalAction("under this rule a lane may be filled only from the talon", self.ref("spaces"))
        return refusal


GAME = NapoleonAtStHelena()
