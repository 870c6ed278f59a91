"""Napoleon's Square (catalogue: napoleons_square) and its single-card form
(napoleons_square_single).

Two packs.  Twelve packets of four cards, all face up, lie on three sides of a square -- four
down the left, four along the top, four down the right -- with the eight aces' places in the
middle.  Only the top card of a packet is available, but every card may be looked at, so the
packets are fanned outwards.  The foundations go up in suit to the kings; the packets take cards
one at a time, down in suit.  A packet that is cleared away leaves a vacancy which takes a single
card from the talon (or the pack: turn the card, then place it) whenever the player likes.  The
rest of the pack is turned one card at a time, once through; what cannot be used goes to the talon.

The book's note on the deal -- two kings of one suit each lying over a lower card of their own
suit make the game hopeless, so one of them is slipped under its packet -- is applied by the deal
itself (option ``kings``).  The single-card form deals twelve single cards instead of packets.
"""
from __future__ import annotations

from ...core.cards import Rank, Suit
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
from ..catalogue import BY_ID
from .engine import Build, Fan, Move, PatienceState, PileKind, PileSpec, SuitRule, Take
from .napoleon_at_st_helena import InSuitPatience

# The square, in card widths (a card is 1 wide and 1.4 high).  The side packets fan outwards to
# the left and right, the top packets upwards, so the middle stays clear for the foundations.
FAN_ROOM = 1.3
PITCH_Y = 1.6                       # between the packets of a side
PITCH_X = 1.3                       # between the packets of the top and the foundations
LEFT_X = FAN_ROOM                   # the left side's packets (their fans reach x = 0)
TOP_Y = FAN_ROOM                    # the top row (its fans reach y = 0)
INNER_X = LEFT_X + 1 + 0.4          # first column of the top row and of the foundations
RIGHT_X = INNER_X + 3 * PITCH_X + 1 + 0.4
FOUNDATION_Y = TOP_Y + 1.4 + 0.3
FOUNDATION_PITCH = 1.55


def square_positions() -> list[tuple[float, float, Fan]]:
    """Where the twelve packets lie, in dealing order: down the left side, along the top from
    left to right, then down the right side."""
    left = [(LEFT_X, TOP_Y + i * PITCH_Y, Fan.LEFT) for i in range(4)]
    top = [(INNER_X + i * PITCH_X, TOP_Y, Fan.UP) for i in range(4)]
    right = [(RIGHT_X, TOP_Y + i * PITCH_Y, Fan.RIGHT) for i in range(4)]
    return left + top + right


class NapoleonsSquare(InSuitPatience):
    info = BY_ID["napoleons_square"]
    pack = "2x52"
    packet_size = 4
    option_specs = (
        OptionSpec("spaces", "talon", ("talon", "any"), "Filling a vacancy in the square",
                   labels=("One card from the talon or the pack (the book)",
                           "Any available card, from the square too (as PySolFC)")),
        OptionSpec("runs", "single", ("single", "runs"), "Moving cards between packets",
                   labels=("One card at a time (the book)",
                           "Sequences in suit may move together (as PySolFC)")),
        OptionSpec("kings", "slip", ("slip", "leave"), "Two kings of a suit blocking lower cards of it",
                   labels=("One king is slipped under its packet at the deal (the book's note)",
                           "Leave the deal as it falls")),
    )

    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        foundation = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        packet = Build(-1, SuitRule.SAME, empty="any")
        take = Take.RUNS if options["runs"] == "runs" else Take.TOP
        piles = [PileSpec(f"t{i + 1}", PileKind.TABLEAU, x, y, "packet", fan=fan, build=packet, take=take,
                          deal_up=self.packet_size, room=FAN_ROOM)
                 for i, (x, y, fan) in enumerate(square_positions())]
        piles += [PileSpec(f"f{i + 1}", PileKind.FOUNDATION, INNER_X + (i % 4) * PITCH_X,
                           FOUNDATION_Y + (i // 4) * FOUNDATION_PITCH, "foundation",
                           build=foundation, take=Take.NONE)
                  for i in range(8)]
        stock_y = TOP_Y + 3 * PITCH_Y + 0.2
        piles += [
            PileSpec("s", PileKind.STOCK, INNER_X + PITCH_X, stock_y, "stock", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, INNER_X + 2 * PITCH_X, stock_y, "talon"),
        ]
        return tuple(piles)

    # -- the deal ---------------------------------------------------------------------------
    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        dealt = super().deal(state, seed)
        if dict(dealt.opts).get("kings", "leave") != "slip":
            return dealt
        return self.slip_blocking_kings(dealt)

    def blocking_kings(self, state: PatienceState) -> dict[Suit, list[tuple[int, int, int]]]:
        """For each suit, the kings lying over a lower card of their suit in their packet, as
        (pile index, position in the pile, lowest rank they cover)."""
        specs, _ = self._specs_of(state)
        found: dict[Suit, list[tuple[int, int, int]]] = {}
        for pi, (spec, pile) in enumerate(zip(specs, state.piles)):
            if spec.kind is not PileKind.TABLEAU:
                continue
            cards = [state.deck[c] for c in pile]
            for i, card in enumerate(cards):
                if card.rank is not Rank.KING or card.suit is None:
                    continue
                below = [c.rank for c in cards[:i] if c.suit == card.suit and c.rank < Rank.KING]
                if below:
                    found.setdefault(card.suit, []).append((pi, i, min(below)))
        return found

    def slip_blocking_kings(self, state: PatienceState) -> PatienceState:
        """The book's note: where both kings of a suit lie over lower cards of that suit, one of
        them is slipped to the bottom of its packet -- the one covering the lower card; on a tie,
        the one in the packet dealt first (in one packet, the upper).  Suits are mended one at a
        time, in the order clubs, diamonds, hearts, spades; a slipped king blocks nothing more."""
        while True:
            troubled = sorted((suit, kings) for suit, kings in self.blocking_kings(state).items()
                              if len(kings) >= 2)
            if not troubled:
                return state
            pi, i, _ = min(troubled[0][1], key=lambda k: (k[2], k[0], -k[1]))
            pile = list(state.piles[pi])
            king = pile.pop(i)
            piles = list(state.piles)
            piles[pi] = (king, *pile)
            state = self._with(state, piles=tuple(piles))

    # -- the rules --------------------------------------------------------------------------
    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        refusal = super().move_refusal(state, action, src, dst, explain)
        if refusal is None and dict(state.opts)["spaces"] == "talon" and dst.kind is PileKind.TABLEAU \
                and src.kind is not PileKind.WASTE and not self.pile_of(state, action.dst):
            return IllegalAction("a vacancy in the square is filled only with a card from the talon "
                                 "or the pack", self.ref("spaces"))
        return refusal


class NapoleonsSquareSingle(NapoleonsSquare):
    """The same patience begun from a square of twelve single cards."""

    info = BY_ID["napoleons_square_single"]
    packet_size = 1
    option_specs = NapoleonsSquare.option_specs[:2]   # no packets, so no king can block


GAME = NapoleonsSquare()
SINGLE = NapoleonsSquareSingle()
