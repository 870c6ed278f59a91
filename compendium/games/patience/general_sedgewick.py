"""General Sedgewick, Lady Cadogan's member of the Four Seasons family (catalogue: general_sedgewick).

Five cards make a cross; the sixth goes to the top-left corner and fixes the rank on which all
four foundations start, the other three of that rank going to the other corners as they come.
The foundations rise in suit from that rank, round the corner from king to ace; the cross packets
fall regardless of suit, one card at a time.  The pack is turned once, card by card, onto a talon.

The one thing the declaration cannot say is the foundations' starting rank, which changes with
every deal: the foundations are declared to take "any" card when empty and ``accepts`` narrows
that to the rank of the card dealt to the first corner.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from ...core.cards import Card, Rank
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
from ..catalogue import BY_ID
from .engine import Build, Fan, Move, PatienceAction, PatienceGame, PatienceState, PileKind, PileSpec, SuitRule, Take

COL = 1.3           # from one column of the cross to the next, in card widths
ROW = 1.4 + 0.3     # from one row to the next
ARM = 1.0           # room for the outward fan of each arm of the cross
LEFT, TOP = ARM, ARM
CROSS = ("t1", "t2", "t3", "t4", "t5")   # top, left, centre, right, bottom
FOUNDATIONS = ("f1", "f2", "f3", "f4")   # top-left (the first), top-right, bottom-left, bottom-right

_NO = IllegalAction("not legal")  # an unexplained refusal for the move generator


def _x(col: int) -> float:
    return LEFT + col * COL


def _y(row: int) -> float:
    return TOP + row * ROW


class GeneralSedgewick(PatienceGame):
    info = BY_ID["general_sedgewick"]
    pack = "52"
    option_specs = (
        OptionSpec("wrap", True, (True, False), "Building the cross from an ace",
                   labels=("A king may go on an ace (our reading, as in Four Seasons)",
                           "Nothing goes on an ace")),
        OptionSpec("spaces", "talon_or_cross", ("talon_or_cross", "talon_only"),
                   "Filling a vacancy in the cross",
                   labels=("Any card from the talon or another packet (our reading)",
                           "Only from the pack or talon (the strict reading)")),
    )

    # -- the declaration --------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        foundation = Build(+1, SuitRule.SAME, empty="any", wrap=True, single_cards=True)
        cross = Build(-1, SuitRule.ANY, empty="any", wrap=bool(options["wrap"]), single_cards=True)
        corners = ((0, 0), (2, 0), (0, 2), (2, 2))
        piles = [PileSpec(name, PileKind.FOUNDATION, _x(c), _y(r),
                          "first foundation" if name == "f1" else "foundation", build=foundation,
                          take=Take.NONE, deal_up=1 if name == "f1" else 0)
                 for name, (c, r) in zip(FOUNDATIONS, corners)]
        arms = (("t1", 1, 0, Fan.UP), ("t2", 0, 1, Fan.LEFT), ("t3", 1, 1, Fan.NONE),
                ("t4", 2, 1, Fan.RIGHT), ("t5", 1, 2, Fan.DOWN))
        piles += [PileSpec(name, PileKind.TABLEAU, _x(c), _y(r), "cross packet", fan=fan, build=cross,
                           take=Take.TOP, deal_up=1, show=4 if fan is not Fan.NONE else 1,
                           room=ARM if fan is not Fan.NONE else 0.0)
                  for name, c, r, fan in arms]
        # The pack and the talon stand to the right of the cross, level with its middle.
        side = _x(2) + 1 + ARM + 0.7
        middle = _y(1) + 0.7
        piles += [PileSpec("s", PileKind.STOCK, side, middle - 0.15 - 1.4, "pack", take=Take.NONE),
                  PileSpec("w", PileKind.WASTE, side, middle + 0.15, "talon")]
        return tuple(piles)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # The five cards of the cross, then the sixth card to the top-left corner.
        for name in CROSS:
            yield name, True
        yield "f1", True

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "building-on-the-tableau")

    # The five packets of the cross obey the same rules wherever they lie (the foundations do not:
    # the first one tells the starting rank), so the solver may take the packets in any order.
    symmetric_kinds = (PileKind.TABLEAU,)

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card may go home without a second thought once the four cards of the rank below it
        are all home: on the cross it could only have served to hold one of them."""
        specs, index = self._specs_of(state)
        home = [0] * 14
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.FOUNDATION:
                for c in pile:
                    home[state.deck[c].rank] += 1
        wrap = dict(state.opts).get("wrap", True)
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and specs[index[action.dst]].kind is PileKind.FOUNDATION:
                rank = int(state.deck[state.piles[index[action.src]][-1]].rank)
                below = rank - 1 if rank > 1 else (13 if wrap else 0)
                if below == 0 or home[below] == 4:
                    return action
        return None

    # -- the book's oddities ----------------------------------------------------------------
    def base_rank(self, state: PatienceState) -> Rank | None:
        """The rank every foundation starts with: that of the card dealt to the first corner."""
        _, index = self._specs_of(state)
        first = state.piles[index["f1"]]
        return state.deck[first[0]].rank if first else None

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.FOUNDATION and not pile and len(moving) == 1:
            base = self.base_rank(state)
            if base is not None and moving[0].rank != base:
                if not explain:
                    return _NO
                return IllegalAction(f"the foundations of this deal start with a {base.title}, the rank "
                                     f"of the first foundation card, not with the {moving[0].name}",
                                     self.ref("the-foundations"))
        return super().accepts(state, dst, pile, moving, explain)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        refusal = super().move_refusal(state, action, src, dst, explain)
        if refusal is None and dict(state.opts).get("spaces") == "talon_only" \
                and dst.kind is PileKind.TABLEAU and src.kind is PileKind.TABLEAU \
                and not self.pile_of(state, action.dst):
            return _NO if not explain else IllegalAction(
                "a vacancy in the cross is filled from the pack or the talon, not from another "
                "packet", self.ref("spaces"))
        return refusal

    def piles_markdown(self, options: Options | None = None) -> str:
        return (super().piles_markdown(options) + "\nThe three empty foundations take only cards of the "
                "rank of the first foundation card, which changes from deal to deal.\n")


GAME = GeneralSedgewick()
