"""The Congress, Lady Cadogan's two-pack patience (catalogue: the_congress).

The eight aces are taken out and set in two columns on the right: the foundations, built up in
suit to the kings.  Four *help* cards lie in a row at the bottom; above them, rows of eight
cards -- the *rivers* -- are dealt one below another, each row partly covering and blocking the
one before, so that only the last card of each of the eight river columns is free.  Free river
cards go to the foundations or are married downwards in suit onto the helps; the helps marry
among themselves in the same way and feed the foundations; nothing is ever placed on the rivers.
A vacancy is filled at once from the pack while it lasts.  When the pack is used up, the helps
may grow to eight packets: an empty help place takes any free river card.  No re-deal.

A row is dealt by the stock's Draw, in one action, so it is always complete before play resumes.
The book's "vacancies in the rivers" is read two ways (option ``vacancies``): by default a river
column emptied is a vacancy and takes the next card of the pack at once (as in The Blockade);
under the other reading every gap left in the grid of rows is a vacancy, and the gaps are filled
from the pack, the uppermost rows first, when the player turns to the pack -- a second click
then deals the next row.

Hooks used: ``deal`` (the aces taken out), ``initial_state`` (the state counts the rows dealt),
``apply`` (rows, refills), ``candidates`` and ``move_refusal`` (nothing onto the rivers; the
second four helps only after the pack), ``safe_home_move``, ``canonical_key`` and ``hint``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import Any, Iterable

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
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
    PileKind,
    PileSpec,
    SuitRule,
    Take,
)
from .many_piles import ManyPiles

WIDTH = 8
RIVERS = tuple(f"r{i + 1}" for i in range(WIDTH))
HELPS = tuple(f"h{i + 1}" for i in range(8))
FIRST_HELPS = HELPS[:4]
FOUNDATIONS = tuple(f"f{i + 1}" for i in range(8))
SUITS_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

# The table, in card widths: the rivers at the top, the helps in a line below them, the
# foundations in two columns on the right, the pack at the top left.
STEP = 1.2
RIVER_X0 = 1.4
RIVER_ROOM = 5.2
HELP_Y = 1.4 + RIVER_ROOM + 0.35
HELP_ROOM = 1.6
FOUND_X = RIVER_X0 + WIDTH * STEP + 0.5
FOUND_DY = 1.4 + 0.35
PLAN_SECONDS = 0.3
PLAN_NODES = 30_000
PLAN_POSITIONS = 1200

_REFUSED = IllegalAction("not legal")   # the move generator's unexplained refusal


@dataclass(frozen=True, slots=True)
class CongressState(PatienceState):
    """The engine's state and the number of rows dealt on the rivers (a gap is a place in a
    dealt row that has lost its card)."""

    rows: int = 0


class Congress(ManyPiles, PatienceGame):
    info = BY_ID["the_congress"]
    no_redeal = True
    pack_used_up = ("the pack is used up: there is no other row to deal", "the-stock-and-waste")
    pack = "2x52"
    option_specs = (
        OptionSpec("vacancies", "column", ("column", "gaps"), "A vacancy in the rivers",
                   labels=("A river column emptied: filled at once from the pack (our reading)",
                           "Every gap in the rows: filled from the pack, upper rows first, when "
                           "you turn to the pack")),
    )

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        home = Build(+1, SuitRule.SAME, empty=None, single_cards=True)
        helps = Build(-1, SuitRule.SAME, empty="any", single_cards=True)
        piles = [PileSpec("s", PileKind.STOCK, 0.0, 0.0, "pack", take=Take.NONE)]
        piles += [PileSpec(name, PileKind.TABLEAU, RIVER_X0 + i * STEP, 0.0, "river", fan=Fan.DOWN,
                           take=Take.TOP, room=RIVER_ROOM) for i, name in enumerate(RIVERS)]
        piles += [PileSpec(name, PileKind.TABLEAU, RIVER_X0 + i * STEP, HELP_Y,
                           "help" if i < 4 else "later help", fan=Fan.DOWN, build=helps,
                           take=Take.TOP, room=HELP_ROOM) for i, name in enumerate(HELPS)]
        piles += [PileSpec(name, PileKind.FOUNDATION, FOUND_X + (i % 2) * STEP, (i // 2) * FOUND_DY,
                           "foundation", build=home, take=Take.NONE) for i, name in enumerate(FOUNDATIONS)]
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 1

    def anchor_for(self, spec: PileSpec) -> str:
        if spec.kind is PileKind.TABLEAU and spec.build is None:
            return "the-rivers"
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "building-on-the-tableau")

    def initial_state(self, options: Options | None = None) -> PatienceState:
        base = super().initial_state(options)
        return CongressState(**{f.name: getattr(base, f.name) for f in fields(PatienceState)})

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """The eight aces are taken out to the foundations (the first of each in the shuffled
        packs), four help cards are dealt, then the first row of the rivers; the rest is the pack."""
        specs, index = self._structure(state.opts)
        rest = list(shuffled(PACKS[self.pack], seed))
        aces = [rest.pop(rest.index(Card(Rank.ACE, suit))) for suit in SUITS_ORDER for _ in range(2)]
        deck = tuple(aces + rest)
        piles: list[tuple[int, ...]] = [()] * len(specs)
        for i, name in enumerate(FOUNDATIONS):
            piles[index[name]] = (i,)
        next_id = len(aces)
        for name in FIRST_HELPS + RIVERS:
            piles[index[name]] = (next_id,)
            next_id += 1
        piles[index["s"]] = tuple(range(len(deck) - 1, next_id - 1, -1))   # dealt in id order
        down = [0] * len(specs)
        down[index["s"]] = len(piles[index["s"]])
        return self._with(state, deck=deck, piles=tuple(piles), down=tuple(down), deal_seed=seed,
                          rows=1)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        for name in FIRST_HELPS + RIVERS:
            yield name, True

    # -- the pack: rows, refills -----------------------------------------------------------
    def _gaps(self, state: PatienceState) -> bool:
        """Under the "gaps" reading: does any river column hold fewer cards than rows dealt?"""
        if dict(state.opts).get("vacancies") != "gaps":
            return False
        _, index = self._specs_of(state)
        rows = getattr(state, "rows", 0)
        return any(len(state.piles[index[n]]) < rows for n in RIVERS)

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if isinstance(action, Draw) and state.deck:
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            if self._gaps(state):
                return self._fill_gaps(state)
            return self._refill(self._deal_row(state))
        return self._refill(super().apply(state, action))

    def _deal_row(self, state: PatienceState) -> PatienceState:
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        s = index["s"]
        for name in RIVERS:
            if not piles[s]:
                break
            t = index[name]
            piles[t] = piles[t] + piles[s][-1:]
            piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down), rows=getattr(state, "rows", 0) + 1)

    def _fill_gaps(self, state: PatienceState) -> PatienceState:
        """Every gap in the rows dealt takes a card of the pack: the uppermost row first, each row
        from left to right."""
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        s = index["s"]
        rows = getattr(state, "rows", 0)
        for row in range(rows):
            for name in RIVERS:
                t = index[name]
                if len(piles[t]) == row and piles[s]:
                    piles[t] = piles[t] + piles[s][-1:]
                    piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def _refill(self, state: PatienceState) -> PatienceState:
        """While the pack lasts: an emptied help (of the first four) takes its next card at once,
        and so does an emptied river column under the book's first reading."""
        _, index = self._specs_of(state)
        s = index["s"]
        if not state.deck or not state.piles[s]:
            return state
        columns = dict(state.opts).get("vacancies") == "column"
        names = (RIVERS if columns else ()) + FIRST_HELPS
        if all(state.piles[index[n]] for n in names):
            return state
        piles, down = list(state.piles), list(state.down)
        for name in names:
            t = index[name]
            if not piles[t] and piles[s]:
                piles[t] = piles[s][-1:]
                piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        yield Draw()
        wanted: dict[tuple[Suit | None, int], list[str]] = {}
        for name in FOUNDATIONS:
            top = deck[piles[index[name]][-1]]
            if top.rank < Rank.KING:
                wanted.setdefault((top.suit, int(top.rank) + 1), []).append(name)
        pack_out = not piles[index["s"]]
        helps: dict[tuple[Suit | None, int], list[str]] = {}
        empty: list[str] = []
        for name in HELPS:
            pile = piles[index[name]]
            if pile:
                card = deck[pile[-1]]
                helps.setdefault((card.suit, int(card.rank)), []).append(name)
            elif pack_out:
                empty.append(name)
        for src in RIVERS + HELPS:
            pile = piles[index[src]]
            if not pile:
                continue
            card = deck[pile[-1]]
            for dst in wanted.get((card.suit, int(card.rank)), ()):
                yield Move(src, dst)
            for dst in helps.get((card.suit, int(card.rank) + 1), ()):
                if dst != src:
                    yield Move(src, dst)
            if src in RIVERS:
                for dst in empty:
                    yield Move(src, dst)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if src.kind is PileKind.STOCK:
            return IllegalAction("the pack is dealt in rows onto the rivers; its cards fill vacancies "
                                 "there and among the helps", self.ref("the-stock-and-waste"))
        if action.count > 1 and src.kind is PileKind.TABLEAU:
            return IllegalAction("only the last card of a river column or of a help is free, and "
                                 "cards move one at a time", self.ref("moving-runs"))
        if dst.kind is PileKind.TABLEAU and dst.build is None:
            return IllegalAction("nothing may be placed on the rivers", self.ref("the-rivers"))
        if dst.kind is PileKind.TABLEAU and not self.pile_of(state, action.dst):
            if self.pile_of(state, "s"):
                if action.dst in FIRST_HELPS:
                    why = "an emptied help is filled from the pack, by the table"
                else:
                    why = "the second four helps may be begun only when the pack is used up"
                return _REFUSED if not explain else IllegalAction(why, self.ref("the-helps"))
            if action.src not in RIVERS:
                return _REFUSED if not explain else IllegalAction(
                    "an empty help place is filled with a free card from the rivers", self.ref("the-helps"))
        return super().move_refusal(state, action, src, dst, explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            return f"the {card.name} cannot go on the {below.name}: the foundations rise in suit"
        return (f"the {card.name} cannot marry the {below.name}: on the helps a card goes on the "
                "card one rank higher of its own suit")

    # -- the solver's hooks ------------------------------------------------------------------
    def canonical_key(self, state: PatienceState) -> Any:
        # The foundations are alike wherever they lie; so are the helps once the pack is used
        # up (before that, the first four are refilled in order).
        _, index = self._specs_of(state)
        founds = tuple(sorted(state.piles[index[n]] for n in FOUNDATIONS))
        helps = tuple(state.piles[index[n]] for n in HELPS)
        if not state.piles[index["s"]]:
            helps = tuple(sorted(helps))
        rivers = tuple(state.piles[index[n]] for n in RIVERS)
        return (state.piles[index["s"]], founds, helps, rivers, getattr(state, "rows", 0))

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card may go home without a second thought when both cards one rank lower of its
        suit are home (nothing could be married onto it), unless it is the last card of a river
        column or a help while the pack lasts: the vacancy takes the next card of the pack, which
        changes where later cards fall."""
        # Asked after every move of the solver's search: the foundation moves are looked up
        # from the tops (in the order ``candidates`` gives them), not drawn from every legal move.
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        wanted: dict[tuple[Suit | None, int], list[str]] = {}
        for name in FOUNDATIONS:
            top = deck[piles[index[name]][-1]]
            if top.rank < Rank.KING:
                wanted.setdefault((top.suit, int(top.rank) + 1), []).append(name)
        pack_left = bool(piles[index["s"]])
        home: Counter[Card] | None = None
        for src in RIVERS + HELPS:
            pile = piles[index[src]]
            if not pile or (pack_left and len(pile) == 1):
                continue
            card = deck[pile[-1]]
            targets = wanted.get((card.suit, int(card.rank)))
            if not targets:
                continue
            if card.rank != Rank.TWO:
                if home is None:
                    home = Counter(deck[c] for n in FOUNDATIONS for c in piles[index[n]])
                if home[Card(Rank(card.rank - 1), card.suit)] != 2:
                    continue
            for dst in targets:
                action = Move(src, dst)
                if self.why_illegal(state, action, explain=False) is None:
                    return action
        return None

    # -- words -------------------------------------------------------------------------------
    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            if self._gaps(state):
                return "fill the gaps in the rivers from the pack"
            return "deal the next row of the rivers"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        if opts["vacancies"] == "column":
            river = ("nothing; a column emptied takes the next card of the pack at once (while the "
                     "pack lasts)")
        else:
            river = "nothing; its gaps are filled from the pack, upper rows first, when you turn to the pack"
        return "\n".join([
            "| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
            "| Pack | the 84 cards left after the deal, face down | nothing | dealt in rows of eight, one "
            "card to each river column; its cards fill vacancies |",
            "| 8 × foundation | an ace, taken out before the deal | builds up in suit to the king | nothing |",
            f"| 8 × river column | 1 face up, then a card for each row | {river} | the last card only |",
            "| 4 × help | 1 face up | single cards one rank lower in the same suit, from the rivers or "
            "the other helps; emptied, it takes the next card of the pack while it lasts, then any "
            "free river card | the top card only |",
            "| 4 × later help | empty | once the pack is used up: any free river card to begin it, "
            "then as the other helps | the top card only |",
        ]) + "\n"


GAME = Congress()
