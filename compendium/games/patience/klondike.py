"""Canfield or Klondike, as the American book lays it down (catalogue: canfield_or_klondike).

Seven piles of one to seven cards, top cards face up; build down in alternating colours; spaces
only for kings; the stock turned one card at a time and gone through once.  The player pays 52
counters for the pack and is paid 5 for every card on the foundations.  Options give the modern
rules players know: draw three, more passes, moving part of a run, taking back from the foundations.
"""
from __future__ import annotations

from typing import Iterable

from ...core.cards import SUITS, Rank, Suit
from ...core.game import Options, OptionSpec, ScoreEvent
from ..catalogue import BY_ID
from .engine import Build, Fan, Move, PatienceGame, PatienceState, PileKind, PileSpec, SuitRule, Take

GAP = 0.25          # between piles, in card widths
STEP = 1 + GAP
TABLEAU_Y = 1.4 + 0.45


class Klondike(PatienceGame):
    info = BY_ID["canfield_or_klondike"]
    pack = "52"
    option_specs = (
        OptionSpec("draw", 1, (1, 3), "Cards turned from the stock",
                   labels=("One at a time (the book)", "Three at a time")),
        OptionSpec("passes", 1, (1, 3, 0), "Passes through the stock",
                   labels=("One (the book)", "Three", "Unlimited")),
        OptionSpec("runs", "whole", ("whole", "part"), "Moving face-up cards",
                   labels=("All of a pile's face-up cards together (the book)", "Any part of a run")),
        OptionSpec("from_foundation", False, (False, True), "Cards may come back from the foundations",
                   labels=("No (the book)", "Yes")),
    )

    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        three = options["draw"] == 3
        foundation = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        tableau = Build(-1, SuitRule.ALTERNATE, empty=Rank.KING)
        piles = [
            PileSpec("s", PileKind.STOCK, 0, 0, "stock", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, STEP, 0, "waste", fan=Fan.RIGHT if three else Fan.NONE,
                     show=3 if three else 1),
        ]
        piles += [PileSpec(f"f{i + 1}", PileKind.FOUNDATION, (3 + i) * STEP, 0, "foundation",
                           build=foundation,
                           take=Take.TOP if options["from_foundation"] else Take.NONE)
                  for i in range(4)]
        take = Take.ALL_FACE_UP if options["runs"] == "whole" else Take.RUNS
        piles += [PileSpec(f"t{i + 1}", PileKind.TABLEAU, i * STEP, TABLEAU_Y, "tableau pile",
                           fan=Fan.DOWN, build=tableau, take=take, deal_down=i, deal_up=1, flip_top=True)
                  for i in range(7)]
        return tuple(piles)

    symmetric_kinds = (PileKind.TABLEAU, PileKind.FOUNDATION)

    def safe_home_move(self, state: PatienceState) -> Move | None:
        """A card is safe to send home when both foundations of the other colour are at most one
        rank below it: nothing still in play could need it to build on (aces and twos always)."""
        specs, index = self._specs_of(state)
        tops: dict[Suit, int] = {}
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.FOUNDATION and pile:
                card = state.deck[pile[-1]]
                tops[card.suit] = int(card.rank)  # type: ignore[index]
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and specs[index[action.dst]].kind is PileKind.FOUNDATION \
                    and specs[index[action.src]].kind is not PileKind.FOUNDATION:
                card = state.deck[state.piles[index[action.src]][-1]]
                others = [tops.get(s, 0) for s in SUITS if s.colour != card.colour]
                if card.rank <= 2 or min(others) >= card.rank - 1:
                    return action
        return None

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # Dealt in rows as at the table: the first card of each row face up, the rest face down.
        for row in range(7):
            for col in range(row, 7):
                yield f"t{col + 1}", col == row

    def score(self, state: PatienceState) -> int:
        """Counters won or lost: 52 paid for the pack, 5 back for each card on the foundations."""
        return 5 * self.on_foundations(state) - 52

    def score_events(self, state: PatienceState) -> list[ScoreEvent]:
        n = self.on_foundations(state)
        return [ScoreEvent(0, -52, "paid for the pack", self.ref("scoring")),
                ScoreEvent(0, 5 * n, f"{n} card{'s' if n != 1 else ''} on the foundations at 5 each",
                           self.ref("scoring"))]


GAME = Klondike()
