"""Mount Olympus, Lady Cadogan's two-pack patience (catalogue: mount_olympus).

The eight aces and the eight twos are taken out and set up as a pyramid -- an inverted V, aces
and twos alternating along it.  They are the foundations and are built up **by twos** in suit:
on an ace go the three, five, seven, nine, knave and king; on a two the four, six, eight, ten
and queen.  Nine cards dealt inside the pyramid (a row of one, of three and of five) are the
*battery*; its top cards are free, go to the foundations, and take cards downwards by twos in
suit, one at a time (a seven on a nine, a ten on a queen).  The rest of the pack is turned one
card at a time onto the talon, whose top card may go to a foundation or onto the battery, or
fill a space in the battery.  The talon may be taken up and dealt once more.  When the game
comes out, the pyramid shows eight kings and eight queens.

Hooks used: ``deal`` (the sixteen foundation cards set out first), ``move_refusal`` (a space in
the battery is filled only from the pack or the talon), ``candidates``, ``build_refusal`` and
``piles_markdown`` (the engine's words know steps of one only), ``safe_home_move`` and ``hint``.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

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
    PileKind,
    PileSpec,
    Redeal,
    SuitRule,
    Take,
)

# The pyramid, in card widths (a card is 1 wide and 1.4 high): two legs of eight cards meeting at
# the top, each card a step lower and further out than the one above it
# (a corner of each card tucked a little under the next: the pyramid stays narrow enough for
# readable cards).
LEG = 8
LEG_DX = 0.92
LEG_DY = 1.0
APEX_GAP = 0.1
HALF = (LEG - 1) * LEG_DX + 1 + APEX_GAP / 2      # from the centre line to a leg's outer foot
CX = HALF                                          # the centre line (the left foot is at x = 0)
# The battery: rows of one, three and five inside the pyramid, each pile fanned downwards.
BATTERY_ROWS = (1, 3, 5)
BATTERY_Y = (1.55, 3.85, 6.15)
BATTERY_DX = 1.2
BATTERY_ROOM = 0.75

# Along the pyramid from the foot of the left leg up to the top, then down the right leg:
# aces and twos alternate, a suit's ace beside its two.
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
PYRAMID: tuple[Card, ...] = tuple(Card(rank, suit) for suit in _SUIT_ORDER
                                  for rank in (Rank.ACE, Rank.TWO)) * 2
BATTERY = tuple(f"b{i + 1}" for i in range(sum(BATTERY_ROWS)))
FOUNDATIONS = tuple(f"f{i + 1}" for i in range(2 * LEG))

_REFUSED = IllegalAction("not legal")   # the move generator's unexplained refusal


def pyramid_place(i: int) -> tuple[float, float]:
    """Where foundation ``i`` lies: 0..7 up the left leg from its foot, 8..15 down the right."""
    if i < LEG:
        step = LEG - 1 - i                       # 0 at the top
        return CX - APEX_GAP / 2 - 1 - step * LEG_DX, step * LEG_DY
    step = i - LEG
    return CX + APEX_GAP / 2 + step * LEG_DX, step * LEG_DY


class MountOlympus(PatienceGame):
    info = BY_ID["mount_olympus"]
    pack = "2x52"
    option_specs = ()

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        home = Build(+2, SuitRule.SAME, empty=None, single_cards=True)
        battery = Build(-2, SuitRule.SAME, empty="any", single_cards=True)
        piles = [
            PileSpec("s", PileKind.STOCK, 0.0, 0.0, "pack", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, 1.2, 0.0, "talon"),
        ]
        for i in range(2 * LEG):
            x, y = pyramid_place(i)
            piles.append(PileSpec(FOUNDATIONS[i], PileKind.FOUNDATION, round(x, 3), y, "foundation",
                                  build=home, take=Take.NONE))
        k = 0
        for row, count in enumerate(BATTERY_ROWS):
            left = CX - ((count - 1) * BATTERY_DX + 1) / 2
            for j in range(count):
                piles.append(PileSpec(BATTERY[k], PileKind.TABLEAU, round(left + j * BATTERY_DX, 3),
                                      BATTERY_Y[row], "battery pile", fan=Fan.DOWN, build=battery,
                                      take=Take.TOP, deal_up=1, room=BATTERY_ROOM))
                k += 1
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 2   # the talon is dealt once more

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "building-on-the-tableau")

    # The sixteen foundations each have their own card; the nine battery piles are alike.
    symmetric_kinds = (PileKind.TABLEAU,)

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """The sixteen foundation cards come out first (the first of each in the shuffled packs,
        laid along the pyramid), then nine cards make the battery; the rest is the pack."""
        specs, index = self._structure(state.opts)
        rest = list(shuffled(PACKS[self.pack], seed))
        withdrawn = [rest.pop(rest.index(card)) for card in PYRAMID]
        deck = tuple(withdrawn + rest)
        piles: list[tuple[int, ...]] = [()] * len(specs)
        for i, name in enumerate(FOUNDATIONS):
            piles[index[name]] = (i,)
        next_id = len(withdrawn)
        for name in BATTERY:
            piles[index[name]] = (next_id,)
            next_id += 1
        piles[index["s"]] = tuple(range(next_id, len(deck)))
        down = [0] * len(specs)
        down[index["s"]] = len(piles[index["s"]])
        return self._with(state, deck=deck, piles=tuple(piles), down=tuple(down), deal_seed=seed)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        for name in BATTERY:
            yield name, True

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        # Looked up rather than tried pile against pile: the table asks after every move.
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        yield Draw()
        yield Redeal()
        wanted: dict[tuple[Suit | None, int], list[str]] = {}
        for name in FOUNDATIONS:
            top = deck[piles[index[name]][-1]]
            if top.rank < 12:
                wanted.setdefault((top.suit, int(top.rank) + 2), []).append(name)
        tops: dict[tuple[Suit | None, int], list[str]] = {}
        spaces: list[str] = []
        for name in BATTERY:
            pile = piles[index[name]]
            if pile:
                card = deck[pile[-1]]
                tops.setdefault((card.suit, int(card.rank)), []).append(name)
            else:
                spaces.append(name)
        for src in ("w",) + BATTERY:
            pile = piles[index[src]]
            if not pile:
                continue
            card = deck[pile[-1]]
            for dst in wanted.get((card.suit, int(card.rank)), ()):
                yield Move(src, dst)
            for dst in tops.get((card.suit, int(card.rank) + 2), ()):
                if dst != src:
                    yield Move(src, dst)
            if src == "w":
                for dst in spaces:
                    yield Move(src, dst)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.TABLEAU and src.kind is PileKind.TABLEAU and not self.pile_of(state, action.dst):
            return _REFUSED if not explain else IllegalAction(
                "a space in the battery is filled from the pack or the talon, not from the battery",
                self.ref("spaces"))
        return super().move_refusal(state, action, src, dst, explain)

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        if state.passes >= 1:
            return IllegalAction("the talon may be dealt again only once, and that is done", self.ref("re-deals"))
        return super().redeal_refusal(state)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            return (f"the {card.name} cannot go on the {below.name}: a foundation rises by twos in its "
                    "suit")
        return (f"the {card.name} cannot go on the {below.name}: the battery falls by twos in suit "
                f"(a card two ranks lower, of the same suit)")

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card may go home without a second thought when neither of the two cards of its suit
        two ranks lower could still want to lie on it in the battery: both are home already (the
        threes and fours always, the aces and twos being home from the start)."""
        specs, index = self._specs_of(state)
        home = Counter(state.deck[c] for name in FOUNDATIONS for c in state.piles[index[name]])
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and specs[index[action.dst]].kind is PileKind.FOUNDATION:
                card = state.deck[state.piles[index[action.src]][-1]]
                if home[Card(Rank(card.rank - 2), card.suit)] >= 2:
                    return action
        return None

    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="the pyramid is crowned with eight kings and eight queens")
        return result

    # -- words -------------------------------------------------------------------------------
    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "turn the next card of the pack onto the talon"
        if isinstance(action, Redeal):
            return "take up the talon and deal it again (the one re-deal)"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        return "\n".join([
            "| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
            "| Pack | the 79 cards left after the deal, face down | nothing | turned one at a time "
            "onto the talon |",
            "| Talon | empty at the start | cards turned from the pack | its top card |",
            "| 8 × foundation (ace) | an ace, set out before the deal | the three, five, seven, nine, "
            "knave and king of its suit, in that order | nothing |",
            "| 8 × foundation (two) | a two, set out before the deal | the four, six, eight, ten and "
            "queen of its suit, in that order | nothing |",
            "| 9 × battery pile | 1 face up | single cards two ranks lower in the same suit; a space "
            "takes the talon's top card only | the top card only |",
        ]) + "\n"


GAME = MountOlympus()
