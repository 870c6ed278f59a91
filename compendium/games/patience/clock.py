"""The Clock, Lady Cadogan's two-pack patience (catalogue: the_clock).

Twelve foundation cards are taken out of the packs before the deal and set round a dial, one
against each hour (Tableau No. 1 of the book: IX the two of clubs, X the three of hearts ...
VIII the king of diamonds).  Each is built up in suit, the king followed by the ace, until it
shows its own hour (I an ace, XI a knave, XII a queen): four foundations take eight cards, the
other eight take nine, 104 in all.  A circle of twelve packets of three cards lies round the dial;
their top cards go to the foundations or are married one on another, downwards in suit.  Packets
are kept at three cards from the pack (never from the talon); when nothing more can be done, the
rest of the pack is turned one by one, and what cannot be used makes a talon whose top card may go
only to the foundations.  There is no re-deal.

Hooks used: ``deal`` (the twelve foundation cards placed first), ``accepts`` (a foundation stops
at its hour), ``move_refusal`` (marriages only within the circle; the talon feeds only the
foundations), ``apply`` (the circle refilled from the pack, in order from I), ``candidates``,
``safe_home_move`` and ``hint``.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable, Sequence

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

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")

# The foundation card set against each hour (Tableau No. 1, catalogue 5.6).
FOUNDATION_CARDS: dict[int, Card] = {
    9: Card(Rank.TWO, Suit.CLUBS), 10: Card(Rank.THREE, Suit.HEARTS),
    11: Card(Rank.FOUR, Suit.SPADES), 12: Card(Rank.FIVE, Suit.DIAMONDS),
    1: Card(Rank.SIX, Suit.CLUBS), 2: Card(Rank.SEVEN, Suit.HEARTS),
    3: Card(Rank.EIGHT, Suit.SPADES), 4: Card(Rank.NINE, Suit.DIAMONDS),
    5: Card(Rank.TEN, Suit.CLUBS), 6: Card(Rank.JACK, Suit.HEARTS),
    7: Card(Rank.QUEEN, Suit.SPADES), 8: Card(Rank.KING, Suit.DIAMONDS),
}
PACKET_SIZE = 3

# The dial, in card widths (a card is 1 wide and 1.4 high).  Foundations on an inner ellipse,
# packets on an outer one, each packet fanned sideways away from the twelve-six line.
CX, CY = 6.7, 5.35
FOUNDATION_RX, FOUNDATION_RY = 3.1, 3.0
PACKET_RX, PACKET_RY = 5.3, 4.65
PACKET_ROOM = 0.9

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal
_SOURCES = ("w",) + tuple(f"p{hour}" for hour in range(1, 13))


def hour_of(name: str) -> int:
    """The hour of a foundation ("f9") or packet ("p9") name."""
    return int(name[1:])


def cards_on(hour: int) -> int:
    """How many cards the foundation at ``hour`` holds when it is complete."""
    start = FOUNDATION_CARDS[hour].rank
    return (hour - start) % 13 + 1


def _at(hour: int, rx: float, ry: float) -> tuple[float, float]:
    angle = math.radians(30 * hour)
    return (round(CX + rx * math.sin(angle) - 0.5, 3), round(CY - ry * math.cos(angle) - 0.7, 3))


class Clock(PatienceGame):
    info = BY_ID["the_clock"]
    no_redeal = True
    pack_used_up = ("the pack is used up", "the-stock-and-waste")
    pack = "2x52"
    option_specs = (
        OptionSpec("refill", "round", ("round", "move"), "Refilling the circle",
                   labels=("After a round of plays and marriages, when you turn to the pack (the book)",
                           "At once, after every move")),
        OptionSpec("wrap", False, (False, True), "Marriages at the ace",
                   labels=("A descending line stops at the ace (the book)",
                           "A king may be married on an ace, as on the foundations")),
    )

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        foundation = Build(+1, SuitRule.SAME, empty=None, wrap=True, single_cards=True)
        circle = Build(-1, SuitRule.SAME, empty=None, wrap=bool(options["wrap"]), single_cards=True)
        piles = [
            PileSpec("s", PileKind.STOCK, 0.0, 0.0, "pack", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, 1.25, 0.0, "talon"),
        ]
        for hour in range(1, 13):
            x, y = _at(hour, FOUNDATION_RX, FOUNDATION_RY)
            piles.append(PileSpec(f"f{hour}", PileKind.FOUNDATION, x, y, f"foundation at {ROMAN[hour - 1]}",
                                  build=foundation, take=Take.NONE))
        for hour in range(1, 13):
            x, y = _at(hour, PACKET_RX, PACKET_RY)
            fan = Fan.LEFT if 7 <= hour <= 11 else Fan.RIGHT
            piles.append(PileSpec(f"p{hour}", PileKind.TABLEAU, x, y, f"packet at {ROMAN[hour - 1]}",
                                  fan=fan, build=circle, take=Take.TOP, deal_up=PACKET_SIZE,
                                  room=PACKET_ROOM))
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 1  # no re-deal

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "building-on-the-tableau")

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """The twelve foundation cards are withdrawn first (the first of each from the shuffled
        packs) and set against their hours; then twelve packets of three are dealt from I round
        to XII, and the rest of the pack is the stock."""
        opts = self.options_of(state)
        specs, index = self._structure(state.opts)
        rest = list(shuffled(PACKS[self.pack], seed))
        withdrawn = []
        for hour in range(1, 13):
            withdrawn.append(rest.pop(rest.index(FOUNDATION_CARDS[hour])))
        deck = tuple(withdrawn + rest)
        piles: list[tuple[int, ...]] = [()] * len(specs)
        for hour in range(1, 13):
            piles[index[f"f{hour}"]] = (hour - 1,)
        next_id = 12
        for order in self.deal_order(opts):
            i = index[order[0]]
            piles[i] = piles[i] + (next_id,)
            next_id += 1
        stock = index["s"]
        piles[stock] = tuple(range(next_id, len(deck)))
        down = [0] * len(specs)
        down[stock] = len(piles[stock])
        return self._with(state, deck=deck, piles=tuple(piles), down=tuple(down), deal_seed=seed)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # three cards together to each packet, beginning at I
        for hour in range(1, 13):
            for _ in range(PACKET_SIZE):
                yield f"p{hour}", True

    # -- the rules -------------------------------------------------------------------------
    def _short_packets(self, state: PatienceState) -> list[int]:
        _, index = self._specs_of(state)
        return [hour for hour in range(1, 13) if len(state.piles[index[f"p{hour}"]]) < PACKET_SIZE]

    def is_complete(self, state: PatienceState, hour: int) -> bool:
        _, index = self._specs_of(state)
        pile = state.piles[index[f"f{hour}"]]
        return bool(pile) and state.deck[pile[-1]].rank == hour

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        # Looked up rather than tried pile against pile: the table asks after every move.
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        yield Draw()
        wanted: dict[tuple[Any, int], list[str]] = {}
        for hour in range(1, 13):
            top = deck[piles[index[f"f{hour}"]][-1]]
            if top.rank != hour:
                wanted.setdefault((top.suit, top.rank % 13 + 1), []).append(f"f{hour}")
        tops: list[tuple[str, Card]] = []
        by_card: dict[tuple[Any, int], list[str]] = {}
        for name in _SOURCES:
            pile = piles[index[name]]
            if pile:
                card = deck[pile[-1]]
                tops.append((name, card))
                if name != "w":
                    by_card.setdefault((card.suit, int(card.rank)), []).append(name)
        wrap = bool(dict(state.opts).get("wrap"))
        for src, card in tops:
            for dst in wanted.get((card.suit, int(card.rank)), ()):
                yield Move(src, dst)
            if src == "w":
                continue
            above = int(card.rank) + 1
            if above > 13:
                if not wrap:
                    continue
                above = 1
            for dst in by_card.get((card.suit, above), ()):
                if dst != src:
                    yield Move(src, dst)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if src.kind is PileKind.STOCK:
            return IllegalAction("cards leave the pack only to refill the circle or when turned one by one",
                                 self.ref("the-stock-and-waste"))
        if src.kind is PileKind.FOUNDATION:
            return IllegalAction("a card on a foundation stays there", self.ref("the-foundations"))
        if dst.kind in (PileKind.STOCK, PileKind.WASTE):
            return IllegalAction(f"nothing may be put on the {self.pile_title(dst)}: only cards turned "
                                 "from the pack go to the talon", self.ref("the-stock-and-waste"))
        if action.count != 1:
            return IllegalAction("cards are moved one at a time: only the top card of a packet is free",
                                 self.ref("moving-runs"))
        if src.kind is PileKind.WASTE and dst.kind is PileKind.TABLEAU:
            return IllegalAction("the talon's top card may go only to a foundation, never to the circle",
                                 self.ref("the-stock-and-waste"))
        if dst.kind is PileKind.TABLEAU and not self.pile_of(state, action.dst):
            return IllegalAction("an empty packet is refilled only from the pack", self.ref("spaces"))
        return super().move_refusal(state, action, src, dst, explain)

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.FOUNDATION and pile:
            hour = hour_of(dst.name)
            if state.deck[pile[-1]].rank == hour:
                return _REFUSED if not explain else IllegalAction(
                    f"the foundation at {ROMAN[hour - 1]} is complete: it shows its hour",
                    self.ref("the-foundations"))
        return super().accepts(state, dst, pile, moving, explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            return (f"the {card.name} cannot go on the {below.name}: the {self.pile_title(dst)} "
                    "is built up in suit, the ace after the king")
        return (f"the {card.name} cannot be married to the {below.name}: a marriage is a card "
                "one rank lower of the same suit")

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A move to the foundations that cannot hurt (for the table's automatic play and the
        solver): the talon's top card always, since it has no other use; a card of the circle
        when both copies of the card it could take in marriage are already home."""
        _, index = self._specs_of(state)
        home = Counter(state.deck[c] for hour in range(1, 13) for c in state.piles[index[f"f{hour}"]])
        wrap = bool(dict(state.opts).get("wrap"))
        for action in self.legal_actions(state, 0):
            if not isinstance(action, Move) or not action.dst.startswith("f"):
                continue
            if action.src == "w":
                return action
            card = state.deck[state.piles[index[action.src]][-1]]
            lower = int(card.rank) - 1 or (13 if wrap else 0)
            if not lower or home[Card(Rank(lower), card.suit)] == 2:
                return action
        return None

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        opts = dict(state.opts)
        if isinstance(action, Draw) and state.deck and opts.get("refill") == "round" \
                and self._short_packets(state) and state.piles[self._index(opts)["s"]]:
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            return self.refill(state)
        new = super().apply(state, action)
        if isinstance(action, Move) and opts.get("refill") == "move":
            new = self.refill(new)
        return new

    def refill(self, state: PatienceState) -> PatienceState:
        """Every packet made up to three cards from the pack, in order from I."""
        short = self._short_packets(state)
        if not short:
            return state
        _, index = self._specs_of(state)
        piles = list(state.piles)
        s = index["s"]
        for hour in short:
            p = index[f"p{hour}"]
            while len(piles[p]) < PACKET_SIZE and piles[s]:
                piles[p] = piles[p] + (piles[s][-1],)
                piles[s] = piles[s][:-1]
        down = list(state.down)
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw) and state.deck and dict(state.opts).get("refill") == "round" \
                and self._short_packets(state) and state.piles[self._index(state.opts)["s"]]:
            return "refill the circle from the pack"
        if isinstance(action, Draw):
            return "turn the next card of the pack"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        """The piles table (the foundations' first cards and hours are tabled on the page itself)."""
        opts = self.resolve_options(options)
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| Pack | the rest of the two packs, face down | nothing | turned one at a time onto "
                "the talon, or dealt to refill the circle |",
                "| Talon | empty at the start | only cards turned from the pack | the top card, to a "
                "foundation only |"]
        rows.append("| 12 × foundation | its own foundation card, face up (see the table above) | builds up in "
                    "suit, the ace following the king, until it shows its hour: 8 or 9 cards | nothing |")
        marry = "down in suit" + ("; a king may go on an ace" if opts["wrap"] else ", nothing on an ace")
        rows.append(f"| 12 × packet of the circle | 3 face up | {marry}, one card at a time, only "
                    "from another packet; kept at three cards from the pack | the top card only |")
        return "\n".join(rows) + "\n"


GAME = Clock()
