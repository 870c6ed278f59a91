"""The Carpet (Teppich), Lady Cadogan's two-pack patience (catalogue: the_carpet).

Four aces and four kings, one of each suit, are taken out: the aces are built up in suit to the
kings, the kings down in suit to the aces.  Sixty-four cards are woven into an 8 × 8 *carpet* in
which upright and crossways cards alternate like the squares of a chessboard, the top left-hand
card upright.  A card may be used only when one of its *narrow ends* is free -- the top or the
bottom of an upright card, the left or right end of a crossways one -- and by the book's words
an end is free when a clear lane runs from it, across the carpet or down it, to the edge
(option ``narrow_end``: or merely when the card next to that end has gone).  At the start
sixteen cards are free.  The other 32 cards are turned one at a time: each goes to a foundation
or onto the talon, and free carpet cards may be laid on the talon's top card, in suit, one rank
up or down.  The talon may be gathered, shuffled and dealt again twice.

Each of the 64 places of the carpet is a pile of one card, centred in a square cell of the
weave; the crossways places are declared ``crossways`` and the table lays their cards on their
side, as in the book's picture.

Hooks used: ``deal`` (the eight foundation cards taken out), ``redeal_refusal``, ``move_refusal`` (a carpet card is
free only at a narrow end), ``apply`` (the re-deal shuffles), ``candidates`` and ``hint``.  No
move home is made automatically: a card kept back may serve on the talon to take a carpet card.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
from ...core.rng import derive_seed, shuffled
from ..catalogue import BY_ID
from .engine import (
    Build,
    Draw,
    Move,
    PatienceAction,
    PatienceGame,
    PatienceState,
    PileKind,
    PileSpec,
    Redeal,
    SuitRule,
    Take,
)
from .many_piles import ManyPiles

SIZE = 8
FOUNDATION_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
ASCENDING = tuple(f"a{i + 1}" for i in range(4))
DESCENDING = tuple(f"d{i + 1}" for i in range(4))
FOUNDATIONS = ASCENDING + DESCENDING
TOTAL = 104

# The table, in card widths (a card is 1 wide and 1.4 high upright).  The foundations above,
# the carpet's square cells (room for a card either way), the pack and the talon to the right
# of the carpet's lower rows.
CELL = 1.48
CARPET_Y = 1.4 + 0.4
SIDE_X = SIZE * CELL + 0.4
PLAN_POSITIONS = 300       # positions the hint's search may look at


def cell_name(row: int, col: int) -> str:
    """The name of the carpet place at ``row``, ``col`` (both from 1 in the name: "c18")."""
    return f"c{row + 1}{col + 1}"


def upright(row: int, col: int) -> bool:
    """The weave: the top left-hand card is upright, and the two kinds alternate both ways."""
    return (row + col) % 2 == 0


CELLS = tuple(cell_name(r, c) for r in range(SIZE) for c in range(SIZE))
CROSSWAYS = frozenset(cell_name(r, c) for r in range(SIZE) for c in range(SIZE) if not upright(r, c))
_CELL_AT = {cell_name(r, c): (r, c) for r in range(SIZE) for c in range(SIZE)}


def _beyond(row: int, col: int, lane: bool) -> tuple[int, int]:
    """For the card at ``row``, ``col``: the places beyond each of its two narrow ends, one bit a
    place (bit ``row * 8 + col``) -- all of them to the edge for a lane, else only the next one.
    A narrow end is free when none of its places holds a card (an end on the edge has none)."""
    steps = ((-1, 0), (1, 0)) if upright(row, col) else ((0, -1), (0, 1))
    masks = []
    for dr, dc in steps:
        mask = 0
        r, c = row + dr, col + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            mask |= 1 << (r * SIZE + c)
            if not lane:
                break
            r, c = r + dr, c + dc
        masks.append(mask)
    return masks[0], masks[1]


_LANES = {cell_name(r, c): _beyond(r, c, True) for r in range(SIZE) for c in range(SIZE)}
_NEIGHBOURS = {cell_name(r, c): _beyond(r, c, False) for r in range(SIZE) for c in range(SIZE)}


class Carpet(ManyPiles, PatienceGame):
    info = BY_ID["the_carpet"]
    pack = "2x52"
    option_specs = (
        OptionSpec("narrow_end", "lane", ("lane", "neighbour"), "When a narrow end is free",
                   labels=("A clear lane runs from it to the edge of the carpet (the book's words)",
                           "The card next to it has gone")),
    )
    crossways = CROSSWAYS

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        up = Build(+1, SuitRule.SAME, empty=None, single_cards=True)
        down = Build(-1, SuitRule.SAME, empty=None, single_cards=True)
        talon = Build(0, SuitRule.SAME, empty=None, single_cards=True)
        f_left = (SIZE * CELL - 8 * CELL) / 2 + (CELL - 1) / 2
        piles = [PileSpec(name, PileKind.FOUNDATION, round(f_left + i * CELL, 3), 0.0,
                          "ascending foundation" if name in ASCENDING else "descending foundation",
                          build=up if name in ASCENDING else down, take=Take.NONE)
                 for i, name in enumerate(FOUNDATIONS)]
        for r in range(SIZE):
            for c in range(SIZE):
                straight = upright(r, c)
                wide, high = (1.0, 1.4) if straight else (1.4, 1.0)
                piles.append(PileSpec(cell_name(r, c), PileKind.TABLEAU,
                                      round(c * CELL + (CELL - wide) / 2, 3),
                                      round(CARPET_Y + r * CELL + (CELL - high) / 2, 3),
                                      "upright card of the carpet" if straight else
                                      "crossways card of the carpet", take=Take.TOP, deal_up=1,
                                      crossways=not straight))
        bottom = CARPET_Y + SIZE * CELL - 1.4
        piles += [PileSpec("s", PileKind.STOCK, SIDE_X, bottom - 1.4 - 0.4, "pack", take=Take.NONE),
                  PileSpec("w", PileKind.WASTE, SIDE_X, bottom, "talon", build=talon)]
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 3    # the first deal and two re-deals

    def anchor_for(self, spec: PileSpec) -> str:
        if spec.kind is PileKind.TABLEAU:
            return "the-carpet"
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-talon"}.get(spec.kind, "building-on-the-tableau")

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """An ace and a king of each suit are taken out (the first of each in the shuffled
        packs); 64 cards are woven into the carpet row by row; the other 32 are the pack."""
        specs, index = self._structure(state.opts)
        rest = list(shuffled(PACKS[self.pack], seed))
        taken = [rest.pop(rest.index(Card(rank, suit))) for rank in (Rank.ACE, Rank.KING)
                 for suit in FOUNDATION_SUITS]
        deck = tuple(taken + rest)
        piles: list[tuple[int, ...]] = [()] * len(specs)
        for i, name in enumerate(FOUNDATIONS):
            piles[index[name]] = (i,)
        next_id = len(taken)
        for name in CELLS:
            piles[index[name]] = (next_id,)
            next_id += 1
        piles[index["s"]] = tuple(range(len(deck) - 1, next_id - 1, -1))   # turned in id order
        down = [0] * len(specs)
        down[index["s"]] = len(piles[index["s"]])
        return self._with(state, deck=deck, piles=tuple(piles), down=tuple(down), deal_seed=seed)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        for name in CELLS:
            yield name, True

    # -- the narrow ends -------------------------------------------------------------------
    def is_free(self, state: PatienceState, name: str) -> bool:
        """May the card at carpet place ``name`` be used?  One of its narrow ends must be free:
        every place beyond it to the edge is empty (or, under the option, the place next to it)."""
        occupied = self._occupied(state)
        lane = dict(state.opts).get("narrow_end", "lane") == "lane"
        first, second = (_LANES if lane else _NEIGHBOURS)[name]
        return not occupied & first or not occupied & second

    def _occupied(self, state: PatienceState) -> int:
        """The carpet places still holding a card, one bit each (remembered for the last position
        asked about: the move generator asks about every place of the same position)."""
        memo = self.__dict__.get("_occupied_memo")
        if memo is not None and memo[0] is state.piles:
            return memo[1]
        _, index = self._specs_of(state)
        piles = state.piles
        occupied = 0
        for bit, name in enumerate(CELLS):
            if piles[index[name]]:
                occupied |= 1 << bit
        self.__dict__["_occupied_memo"] = (state.piles, occupied)
        return occupied

    def free_cells(self, state: PatienceState) -> list[str]:
        occupied = self._occupied(state)
        lane = dict(state.opts).get("narrow_end", "lane") == "lane"
        table = _LANES if lane else _NEIGHBOURS
        out = []
        for bit, name in enumerate(CELLS):
            if occupied >> bit & 1:
                first, second = table[name]
                if not occupied & first or not occupied & second:
                    out.append(name)
        return out

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        yield Draw()
        yield Redeal()
        wanted: dict[tuple[Suit | None, int], list[str]] = {}
        for name in FOUNDATIONS:
            pile = piles[index[name]]
            top = deck[pile[-1]]
            if len(pile) < 13:
                step = 1 if name in ASCENDING else -1
                wanted.setdefault((top.suit, int(top.rank) + step), []).append(name)
        talon = piles[index["w"]]
        talon_top = deck[talon[-1]] if talon else None
        sources = ["w"] + self.free_cells(state)
        for src in sources:
            pile = piles[index[src]]
            if not pile:
                continue
            card = deck[pile[-1]]
            for dst in wanted.get((card.suit, int(card.rank)), ()):
                yield Move(src, dst)
            if src != "w" and talon_top is not None and talon_top.suit is card.suit \
                    and abs(int(talon_top.rank) - int(card.rank)) == 1:
                yield Move(src, "w")

    def _legal(self, state: PatienceState) -> Iterable[PatienceAction]:
        # The candidates are the legal card moves exactly; the stock's two actions are asked.
        for action in self.candidates(state):
            if isinstance(action, Move) or self.why_illegal(state, action, explain=False) is None:
                yield action

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        if self.pile_of(state, "s"):
            return IllegalAction("the pack is not used up yet", self.ref("re-deals"))
        if not self.pile_of(state, "w"):
            return IllegalAction("there is no talon to deal again", self.ref("re-deals"))
        if state.passes >= 2:
            return IllegalAction("the talon may be dealt again only twice, and that is done",
                                 self.ref("re-deals"))
        return None

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if src.kind is PileKind.STOCK:
            return IllegalAction("the pack is turned one card at a time onto the talon",
                                 self.ref("the-stock-and-waste"))
        if src.kind is PileKind.FOUNDATION:
            return IllegalAction("a card on a foundation stays there", self.ref("the-foundations"))
        if action.count > 1:
            return IllegalAction("cards move one at a time", self.ref("moving-runs"))
        if src.kind is PileKind.TABLEAU and not self.is_free(state, action.src):
            return _refused(explain, IllegalAction(
                "that card is not free: both its narrow ends are blocked" +
                (" (a clear lane must run from one of them to the edge of the carpet)"
                 if dict(state.opts).get("narrow_end", "lane") == "lane" else ""),
                self.ref("free-cards")))
        if dst.kind is PileKind.TABLEAU:
            return _refused(explain, IllegalAction("nothing is ever placed on the carpet", self.ref("the-carpet")))
        if dst.kind is PileKind.WASTE and src.kind is not PileKind.TABLEAU:
            return _refused(explain, IllegalAction("only cards of the carpet are laid on the talon",
                                                   self.ref("the-talon")))
        if dst.kind is PileKind.FOUNDATION and len(self.pile_of(state, action.dst)) >= 13:
            return _refused(explain, IllegalAction("that foundation is complete", self.ref("the-foundations")))
        return super().move_refusal(state, action, src, dst, explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.WASTE:
            return (f"the {card.name} cannot go on the {below.name}: on the talon a card of the carpet "
                    "goes one rank up or down, in suit")
        way = "up" if dst.build is not None and dst.build.step > 0 else "down"
        return f"the {card.name} cannot go on the {below.name}: this foundation goes {way} in suit"

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.WASTE and not pile:
            return _refused(explain, IllegalAction("there is no talon yet: carpet cards go on the talon's "
                                                   "top card", self.ref("the-talon")))
        return super().accepts(state, dst, pile, moving, explain)

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if isinstance(action, Redeal) and state.deck:
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            return self.redeal(state)
        return super().apply(state, action)

    def redeal(self, state: PatienceState) -> PatienceState:
        """The talon is taken up, shuffled as the deal number says, and becomes the pack again."""
        assert state.deal_seed is not None
        _, index = self._specs_of(state)
        s, w = index["s"], index["w"]
        cards = shuffled(state.piles[w], derive_seed(state.deal_seed, 1 + state.passes))
        piles, down = list(state.piles), list(state.down)
        piles[s], piles[w] = tuple(cards), ()
        down[s] = len(cards)
        return self._with(state, piles=tuple(piles), down=tuple(down), passes=state.passes + 1)

    # -- words -------------------------------------------------------------------------------
    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "turn the next card of the pack onto the talon"
        if isinstance(action, Redeal):
            return "gather the talon, shuffle it and deal it again"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        free = ("a clear lane runs from it to the edge" if opts["narrow_end"] == "lane"
                else "the card next to it has gone")
        return "\n".join([
            "| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
            "| 4 × ascending foundation | an ace of each suit, taken out before the deal | builds up "
            "in suit to the king | nothing |",
            "| 4 × descending foundation | a king of each suit, taken out before the deal | builds "
            "down in suit to the ace | nothing |",
            "| 32 × upright card of the carpet | 1 face up | nothing | its card, when its top or "
            f"bottom is free ({free}) |",
            "| 32 × crossways card of the carpet | 1 face up | nothing | its card, when its left or "
            f"right end is free ({free}) |",
            "| Pack | the 32 cards left, face down | nothing | turned one at a time onto the talon |",
            "| Talon | empty at the start | cards turned from the pack; free carpet cards one rank "
            "up or down in suit | its top card, to the foundations |",
        ]) + "\n"


def _refused(explain: bool, refusal: IllegalAction) -> IllegalAction:
    return refusal if explain else _REFUSED


_REFUSED = IllegalAction("not legal")   # the move generator's unexplained refusal


GAME = Carpet()
