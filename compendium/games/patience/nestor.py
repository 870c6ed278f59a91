"""Nestor, from Lady Cadogan's book (catalogue: nestor).

Forty-eight cards are dealt face up in six lines of eight, so that no column holds two cards of
the same rank: a card that would repeat a rank already in its column goes to the bottom of the pack
and the next card is dealt instead.  The last four cards are the reserve.  The game is won by
pairing off the whole pack, two cards of equal rank at a time, using only the lowest card of each
column and the reserve cards.

A pair is played as a move of one free card onto another free card of the same rank; both then go
to the discard heap (a foundation pile, so the engine counts them home).  Under the book's rule the
reserve lies face down and is turned one card at a time, each turned card staying free until it is
paired, and only when no pair is left among the free cards; options lay the reserve open and allow
turning it at any time.

When the deal cannot place a card at all -- every card left in the pack repeats a rank of the
column being dealt -- the book gives no way out; the top card is then dealt anyway, and the rules
page says so.
"""
from __future__ import annotations

from collections import deque
from typing import Iterable, Sequence

from ...core.cards import PACKS, Card
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec, Outcome
from ...core.rng import shuffled
from ..catalogue import BY_ID
from .engine import (
    Deal,
    Draw,
    Fan,
    Move,
    PatienceAction,
    PatienceGame,
    PatienceState,
    PileKind,
    PileSpec,
    Take,
    cards_to_move,
)

COLUMNS = 8
LINES = 6
STEP = 1.25                  # between columns, in card widths
TABLEAU_Y = 1.4 + 0.45
COLUMN_NAMES = tuple(f"t{i + 1}" for i in range(COLUMNS))
RESERVE_NAMES = tuple(f"r{i + 1}" for i in range(4))


def deal_columns(deck: Sequence[Card]) -> tuple[list[list[int]], list[int], int]:
    """The book's deal of ``deck`` (cards in dealing order, by physical id): the columns (top line
    first), the four cards left for the reserve, and how many cards had to be dealt although they
    repeated a rank of their column (the deal had no other card left to give)."""
    pack = deque(range(len(deck)))
    columns: list[list[int]] = [[] for _ in range(COLUMNS)]
    forced = 0
    for _line in range(LINES):
        for column in columns:
            ranks = {deck[c].rank for c in column}
            for _ in range(len(pack)):
                card = pack.popleft()
                if deck[card].rank not in ranks:
                    column.append(card)
                    break
                pack.append(card)  # to the bottom of the pack
            else:
                # Every card left repeats a rank of this column (the pack has come round to its
                # first order again): the book is silent, so the top card is dealt all the same.
                column.append(pack.popleft())
                forced += 1
    return columns, list(pack), forced


class Nestor(PatienceGame):
    info = BY_ID["nestor"]
    no_redeal = True
    pack = "52"
    option_specs = (
        OptionSpec("reserve", "turned", ("turned", "open"), "The reserve",
                   labels=("Face down, turned one card at a time (the book)",
                           "All four cards face up from the start")),
        OptionSpec("turn_when", "blocked", ("blocked", "any"), "When a reserve card may be turned",
                   labels=("Only when no pair is left (the book)", "Whenever you like")),
    )

    # -- declaration -------------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        turned = options["reserve"] == "turned"
        piles: list[PileSpec] = []
        first = 0
        if turned:
            piles.append(PileSpec("s", PileKind.STOCK, 0, 0, "reserve pack", take=Take.NONE, deal_down=4))
            first = 1
        piles += [PileSpec(name, PileKind.RESERVE, (first + i) * STEP, 0, "reserve card",
                           deal_up=0 if turned else 1) for i, name in enumerate(RESERVE_NAMES)]
        piles.append(PileSpec("f", PileKind.FOUNDATION, (COLUMNS - 1) * STEP, 0, "discard heap",
                              take=Take.NONE))
        piles += [PileSpec(name, PileKind.TABLEAU, i * STEP, TABLEAU_Y, "column", fan=Fan.DOWN,
                           deal_up=LINES, room=1.6) for i, name in enumerate(COLUMN_NAMES)]
        return tuple(piles)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # Only for the description of the piles: the real deal (with its skipped cards) is ``deal``.
        for _line in range(LINES):
            for name in COLUMN_NAMES:
                yield name, True

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        deck = shuffled(PACKS[self.pack], seed)
        specs, index = self._specs_of(state)
        columns, rest, _forced = deal_columns(deck)
        piles: list[tuple[int, ...]] = [()] * len(specs)
        down = [0] * len(specs)
        for name, column in zip(COLUMN_NAMES, columns):
            piles[index[name]] = tuple(column)
        if "s" in index:
            # The first card left over lies on top, to be turned first.
            piles[index["s"]] = tuple(reversed(rest))
            down[index["s"]] = len(rest)
        else:
            for name, card in zip(RESERVE_NAMES, rest):
                piles[index[name]] = (card,)
        return self._with(state, deck=deck, piles=tuple(piles), down=tuple(down), deal_seed=seed)

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-reserve",
                PileKind.RESERVE: "the-reserve"}.get(spec.kind, "pairing")

    # -- the moves ---------------------------------------------------------------------------
    def _free(self, state: PatienceState) -> list[tuple[str, Card]]:
        """The free cards: the lowest card of each column and the turned reserve cards."""
        specs, _ = self._specs_of(state)
        out = []
        for spec, pile, nd in zip(specs, state.piles, state.down):
            if pile and nd < len(pile) and spec.kind in (PileKind.TABLEAU, PileKind.RESERVE):
                out.append((spec.name, state.deck[pile[-1]]))
        return out

    def _pairs(self, state: PatienceState) -> list[Move]:
        free = self._free(state)
        out = []
        for i, (a, ca) in enumerate(free):
            for b, cb in free[i + 1:]:
                if ca.rank == cb.rank:
                    out.append(Move(a, b))
                    out.append(Move(b, a))
        return out

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        pairs = self._pairs(state)
        yield from pairs
        _, index = self._specs_of(state)
        if "s" in index and state.piles[index["s"]]:
            if dict(state.opts)["turn_when"] == "any" or not pairs:
                yield Draw()

    def why_illegal(self, state: PatienceState, action: PatienceAction,
                    explain: bool = True) -> IllegalAction | None:
        if isinstance(action, Move) and state.deck and action.src == action.dst \
                and action.src in self._specs_of(state)[1]:
            return IllegalAction("a card must be paired with a card of another pile", self.ref("pairing"))
        return super().why_illegal(state, action, explain)

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        _, index = self._specs_of(state)
        if "s" not in index:
            return IllegalAction("the reserve lies open already: there is nothing to turn",
                                 self.ref("the-reserve"))
        if not state.piles[index["s"]]:
            return IllegalAction("every reserve card has been turned", self.ref("turning-up-cards"))
        if dict(state.opts)["turn_when"] == "blocked":
            pairs = self._pairs(state)
            if pairs:
                card = state.deck[state.piles[index[pairs[0].src]][-1]]
                return IllegalAction(f"a reserve card is turned only when no pair is left, and the "
                                     f"{card.rank.title}s can still be paired", self.ref("turning-up-cards"))
        return None

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        # Every law of pairing is Nestor's own: the engine's building laws are not asked.
        _, index = self._specs_of(state)
        src_pile, dst_pile = state.piles[index[action.src]], state.piles[index[action.dst]]
        if src.kind is PileKind.FOUNDATION:
            return IllegalAction("cards on the discard heap are out of play", self.ref("the-foundations"))
        if src.kind is PileKind.STOCK:
            return IllegalAction("a reserve card must be turned up before it can be paired",
                                 self.ref("turning-up-cards"))
        if action.count != 1:
            if action.count > len(src_pile):
                return IllegalAction(cards_to_move(self.pile_title(src), action.count, len(src_pile)))
            return IllegalAction("only the lowest card of a column is free, and cards are paired one "
                                 "with one", self.ref("available-cards"))
        if dst.kind is PileKind.FOUNDATION:
            return IllegalAction("a pair is made by laying one free card on another of the same rank; "
                                 "the two then go to the discard heap together", self.ref("pairing"))
        if dst.kind is PileKind.STOCK:
            return IllegalAction("the reserve's face-down cards are not free until turned",
                                 self.ref("turning-up-cards"))
        if not dst_pile:
            what = "an empty column" if dst.kind is PileKind.TABLEAU else "an empty reserve place"
            return IllegalAction(f"{what} is never filled: a card can only be laid on a card of "
                                 "its own rank", self.ref("spaces"))
        if state.down[index[action.dst]] >= len(dst_pile):
            return IllegalAction("that reserve card has not been turned yet", self.ref("turning-up-cards"))
        if not explain:
            if state.deck[src_pile[-1]].rank != state.deck[dst_pile[-1]].rank:
                return IllegalAction("not legal")
            return None
        card, other = state.deck[src_pile[-1]], state.deck[dst_pile[-1]]
        if card.rank != other.rank:
            return IllegalAction(f"the {card.name} and the {other.name} are no pair: a pair is two "
                                 "cards of the same rank", self.ref("pairing"))
        return None

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        refusal = self.why_illegal(state, action)
        if refusal is not None:
            raise refusal
        if isinstance(action, Deal):
            return self.deal(state, action.seed)
        _, index = self._specs_of(state)
        piles = list(state.piles)
        down = list(state.down)
        if isinstance(action, Draw):
            s = index["s"]
            card = piles[s][-1]
            piles[s] = piles[s][:-1]
            down[s] = len(piles[s])
            slot = next(index[n] for n in RESERVE_NAMES if not piles[index[n]])
            piles[slot] = (card,)
            return self._with(state, piles=tuple(piles), down=tuple(down))
        assert isinstance(action, Move)
        si, di, f = index[action.src], index[action.dst], index["f"]
        a, b = piles[si][-1], piles[di][-1]
        piles[si] = piles[si][:-1]
        piles[di] = piles[di][:-1]
        piles[f] = piles[f] + (a, b)
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def outcome(self, state: PatienceState) -> Outcome | None:
        outcome = super().outcome(state)
        if outcome is None:
            return None
        n = self.on_foundations(state)
        if self.is_won(state):
            return Outcome(outcome.results, "every card has been paired", outcome.rule, outcome.scores)
        return Outcome(outcome.results, f"no pair is left, with {n} cards paired off", outcome.rule,
                       outcome.scores)

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Move):
            _, index = self._specs_of(state)
            try:
                a = state.deck[state.piles[index[action.src]][-1]]
                b = state.deck[state.piles[index[action.dst]][-1]]
            except (KeyError, IndexError):
                return self.action_to_str(action)
            return f"pair {a} with {b}"
        if isinstance(action, Draw):
            return "turn a reserve card"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        rows = ["| Pile | Dealt | Takes | Free cards |", "|---|---|---|---|"]
        rows.append("| 8 × column | 6 face up (skipping repeated ranks) | a free card of the same rank "
                    "(the pair is discarded) | the lowest card only |")
        if opts["reserve"] == "turned":
            rows.append("| Reserve pack | the 4 cards left over, face down | nothing | turned one at a "
                        "time into the reserve places |")
            rows.append("| 4 × reserve card | empty at the start | a free card of the same rank (the pair "
                        "is discarded) | the card, once turned |")
        else:
            rows.append("| 4 × reserve card | 1 face up (the 4 cards left over) | a free card of the same "
                        "rank (the pair is discarded) | the card |")
        rows.append("| Discard heap | empty at the start | every pair made | nothing |")
        return "\n".join(rows) + "\n"


# -- the search behind the hint ----------------------------------------------------------------


GAME = Nestor()
