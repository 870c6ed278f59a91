"""The Besieged City, Lady Cadogan's two-pack patience (catalogue: the_besieged_city).

Twelve cards in four rows of three make the *Reserve*, the city; fourteen cards laid crossways
round it make the *Ramparts*: three above the columns, three below them, four at the left ends of
the rows and four at the right ends.  The foundations, in the four corners, are four aces of
different suits, each built in its own suit in the order the two halves of a suit interleave --
ace, king, two, queen, three, knave ... seven, seven ... queen, two, king, ace: 26 cards, two
whole suits.  Cards reach the foundations only from the Ramparts and straight from the pack.
Rampart cards are married in suit one rank up or down, or by the foundation order (a queen on a
two, a knave on a three, and the reverse); a Reserve card may be laid, by the same rules, only on
the Rampart packets at the ends of its own row and column.  A Rampart vacancy must be filled at
once with a card of the row or column at whose end it lies; a Reserve vacancy is filled from the
talon, or from the pack when there is no talon.  The pack is turned one card at a time: a card
that cannot go straight to a foundation goes to the talon, and talon cards reach play only
through the Reserve.  When everything is dealt, Reserve cards may be transposed to let them
reach the Ramparts.  No re-deal.

A turned card waits in the *hand* (a place of its own) until it is played to a foundation or
the next card is turned, which puts it on the talon.

Hooks used: ``deal``, ``apply`` (turning, vacancies filled, transpositions), ``candidates``,
``draw_refusal``, ``move_refusal`` and ``accepts`` (lines, vacancies, the foundation order), ``safe_home_move`` and
``hint``.
"""
from __future__ import annotations

from typing import Any, Iterable

from ...core.cards import Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
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
from .many_piles import ManyPiles

ROWS, COLS = 4, 3
# Each foundation: the order its 26 cards are played, by rank.
ORDER: tuple[int, ...] = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
FOUNDATIONS = ("f1", "f2", "f3", "f4")       # top left, top right, bottom left, bottom right


def cell(row: int, col: int) -> str:
    """The Reserve place in ``row`` and ``col`` (from 0; from 1 in the name: "r11")."""
    return f"r{row + 1}{col + 1}"


RESERVE = tuple(cell(r, c) for r in range(ROWS) for c in range(COLS))
TOP = tuple(f"top{c + 1}" for c in range(COLS))
BOTTOM = tuple(f"bot{c + 1}" for c in range(COLS))
LEFT = tuple(f"left{r + 1}" for r in range(ROWS))
RIGHT = tuple(f"right{r + 1}" for r in range(ROWS))
RAMPARTS = TOP + LEFT + RIGHT + BOTTOM
# The Reserve places whose line (row or column) ends at each Rampart packet, nearest first.
LINE: dict[str, tuple[str, ...]] = {}
for _c in range(COLS):
    LINE[TOP[_c]] = tuple(cell(r, _c) for r in range(ROWS))
    LINE[BOTTOM[_c]] = tuple(cell(r, _c) for r in reversed(range(ROWS)))
for _r in range(ROWS):
    LINE[LEFT[_r]] = tuple(cell(_r, c) for c in range(COLS))
    LINE[RIGHT[_r]] = tuple(cell(_r, c) for c in reversed(range(COLS)))
# The four Rampart packets a Reserve card may go to: the ends of its row and of its column
# (for the first card, the book's A, B, C and D: left, top, right, bottom).
ENDS: dict[str, tuple[str, ...]] = {cell(r, c): (LEFT[r], TOP[c], RIGHT[r], BOTTOM[c])
                                     for r in range(ROWS) for c in range(COLS)}

# The table, in card widths (a card is 1 wide and 1.4 high upright).  The Reserve stands upright;
# the Ramparts lie crossways round it, as in the book's picture (1.4 wide, 1 high), each packet
# centred on its row or column and fanned outwards; the foundations fill the corners.
RES_X, RES_Y = 3.7, 2.8
RES_DX, RES_DY = 1.55, 1.6
GAP = 0.55
SIDE_ROOM = 1.5
END_ROOM = 1.0
LEFT_X = RES_X - GAP - 1.4
RIGHT_X = RES_X + (COLS - 1) * RES_DX + 1 + GAP
TOP_Y = RES_Y - GAP - 1.0
BOTTOM_Y = RES_Y + (ROWS - 1) * RES_DY + 1.4 + GAP
ACROSS = (1.4 - 1.0) / 2          # a crossways card's overhang beside an upright one
SIDE_X = RIGHT_X + 1.4 + SIDE_ROOM + 0.5
PLAN_POSITIONS = 300

_REFUSED = IllegalAction("not legal")   # the move generator's unexplained refusal
_SUIT_NUMBER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


def _pairs(options: Any) -> frozenset[int]:
    """The sums of two ranks that may lie on each other by the foundation order."""
    return frozenset((14, 15)) if dict(options).get("pairing", "order") == "order" else frozenset((14,))


class BesiegedCity(ManyPiles, PatienceGame):
    info = BY_ID["the_besieged_city"]
    no_redeal = True
    pack = "2x52"
    option_specs = (
        OptionSpec("pairing", "order", ("order", "pairs"), "Marrying by the foundation order",
                   labels=("Any two cards next to each other in the foundation order (the book's "
                           "rule: a queen on a two, a three on a queen ...)",
                           "Only the pairs the book names (queen and two, knave and three ...: "
                           "ranks adding to fourteen)")),
    )

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        home = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)   # words: see accepts
        rampart = Build(0, SuitRule.SAME, empty=None, single_cards=True)
        # the upright foundations stand centred in the corners the crossways packets leave
        corners = ((LEFT_X + ACROSS, TOP_Y - ACROSS), (RIGHT_X + ACROSS, TOP_Y - ACROSS),
                   (LEFT_X + ACROSS, BOTTOM_Y - ACROSS), (RIGHT_X + ACROSS, BOTTOM_Y - ACROSS))
        piles = [PileSpec(name, PileKind.FOUNDATION, round(x, 3), round(y, 3), "foundation", build=home,
                          take=Take.NONE)
                 for name, (x, y) in zip(FOUNDATIONS, corners)]
        piles += [PileSpec(cell(r, c), PileKind.RESERVE, RES_X + c * RES_DX, RES_Y + r * RES_DY,
                           "Reserve card", take=Take.TOP, deal_up=1)
                  for r in range(ROWS) for c in range(COLS)]
        for c in range(COLS):
            piles.append(PileSpec(TOP[c], PileKind.TABLEAU, round(RES_X + c * RES_DX - ACROSS, 3), TOP_Y,
                                  "Rampart packet", fan=Fan.UP, build=rampart, take=Take.TOP, deal_up=1,
                                  room=END_ROOM, crossways=True))
        for r in range(ROWS):
            piles.append(PileSpec(LEFT[r], PileKind.TABLEAU, LEFT_X, round(RES_Y + r * RES_DY + ACROSS, 3),
                                  "Rampart packet", fan=Fan.LEFT, build=rampart, take=Take.TOP, deal_up=1,
                                  room=SIDE_ROOM, crossways=True))
        for r in range(ROWS):
            piles.append(PileSpec(RIGHT[r], PileKind.TABLEAU, RIGHT_X, round(RES_Y + r * RES_DY + ACROSS, 3),
                                  "Rampart packet", fan=Fan.RIGHT, build=rampart, take=Take.TOP, deal_up=1,
                                  room=SIDE_ROOM, crossways=True))
        for c in range(COLS):
            piles.append(PileSpec(BOTTOM[c], PileKind.TABLEAU, round(RES_X + c * RES_DX - ACROSS, 3), BOTTOM_Y,
                                  "Rampart packet", fan=Fan.DOWN, build=rampart, take=Take.TOP, deal_up=1,
                                  room=END_ROOM, crossways=True))
        piles += [
            PileSpec("s", PileKind.STOCK, SIDE_X, TOP_Y, "pack", take=Take.NONE),
            PileSpec("c", PileKind.RESERVE, SIDE_X, TOP_Y + 1.4 + 0.35, "card turned", take=Take.TOP),
            PileSpec("w", PileKind.WASTE, SIDE_X, TOP_Y + 2 * (1.4 + 0.35), "talon", take=Take.NONE),
        ]
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 1

    def anchor_for(self, spec: PileSpec) -> str:
        if spec.name in ENDS:
            return "the-reserve"
        if spec.kind is PileKind.TABLEAU:
            return "building-on-the-tableau"
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "the-stock-and-waste")

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # The Reserve row by row, then the fourteen Rampart cards round it.
        for name in RESERVE + RAMPARTS:
            yield name, True

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        dealt = super().deal(state, seed)
        _, index = self._specs_of(dealt)
        s = index["s"]
        piles = list(dealt.piles)
        piles[s] = tuple(reversed(piles[s]))      # the pack is turned in the order of the ids
        return self._with(dealt, piles=tuple(piles))

    # -- where things stand -------------------------------------------------------------------
    def pending(self, state: PatienceState) -> list[str]:
        """Rampart vacancies that must be filled before anything else: empty packets whose line of
        the Reserve still holds a card."""
        _, index = self._specs_of(state)
        piles = state.piles
        return [r for r in RAMPARTS if not piles[index[r]] and any(piles[index[c]] for c in LINE[r])]

    def all_dealt(self, state: PatienceState) -> bool:
        """The pack, the hand and the talon are all used up (the time for transpositions)."""
        _, index = self._specs_of(state)
        return not (state.piles[index["s"]] or state.piles[index["c"]] or state.piles[index["w"]])

    def next_rank(self, state: PatienceState, name: str) -> int | None:
        """The rank foundation ``name`` waits for (an ace when empty; None when complete)."""
        _, index = self._specs_of(state)
        n = len(state.piles[index[name]])
        return ORDER[n] if n < len(ORDER) else None

    def marries(self, options: Any, below: Card, card: Card) -> bool:
        """May ``card`` lie on ``below`` in the Ramparts?"""
        if below.suit is not card.suit:
            return False
        a, b = int(below.rank), int(card.rank)
        return abs(a - b) == 1 or (a + b) in _pairs(options)

    def transposition_partner(self, state: PatienceState, src: str, dst: str) -> str | None:
        """At the end: the Reserve card that changes places with ``src`` so that it may reach the
        Rampart packet ``dst`` (the card of ``dst``'s line nearest to it), or None."""
        _, index = self._specs_of(state)
        return next((c for c in LINE[dst] if c != src and state.piles[index[c]]), None)

    # -- the rules -------------------------------------------------------------------------
    def codes(self, deck: tuple[Card, ...]) -> tuple[int, ...]:
        """Each physical card as a small integer, suit * 16 + rank (cached for the deal's pack):
        the move generator and the hint's search look cards up by these."""
        cached = self.__dict__.get("_codes")
        if cached is None or cached[0] is not deck:
            cached = (deck, tuple(_SUIT_NUMBER[c.suit] * 16 + int(c.rank) for c in deck))
            self.__dict__["_codes"] = cached
        return cached[1]

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        # Looked up by card codes rather than tried pile against pile: the hint's search asks
        # about many positions.
        _, index = self._specs_of(state)
        piles = state.piles
        code = self.codes(state.deck)
        pend = self.pending(state)
        if pend:
            for r in pend:
                for c in LINE[r]:
                    if piles[index[c]]:
                        yield Move(c, r)
            return
        yield Draw()
        sums = _pairs(state.opts)
        # the foundations: what each waits for; an empty one takes an ace of a suit not begun
        wanted: dict[int, list[str]] = {}
        started = 0
        empty_founds: list[str] = []
        for name in FOUNDATIONS:
            pile = piles[index[name]]
            if pile:
                suit = code[pile[0]] >> 4
                started |= 1 << suit
                if len(pile) < len(ORDER):
                    wanted[suit * 16 + ORDER[len(pile)]] = [name]
            else:
                empty_founds.append(name)
        tops: dict[int, list[str]] = {}
        for r in RAMPARTS:
            pile = piles[index[r]]
            if pile:
                tops.setdefault(code[pile[-1]], []).append(r)

        def home(k: int) -> list[str]:
            if k & 15 == 1 and not started >> (k >> 4) & 1:
                return empty_founds
            return wanted.get(k, [])

        def partners(k: int) -> list[str]:
            """The Rampart packets whose top card ``k`` may lie on."""
            base, rank = k & ~15, k & 15
            ranks = {rank - 1, rank + 1} | {t - rank for t in sums}
            out: list[str] = []
            for q in ranks:
                if 1 <= q <= 13:
                    out += tops.get(base + q, ())
            return out

        hand = piles[index["c"]]
        if hand:
            for dst in home(code[hand[-1]]):
                yield Move("c", dst)
        for r in RAMPARTS:
            pile = piles[index[r]]
            if not pile:
                continue
            k = code[pile[-1]]
            for dst in home(k):
                yield Move(r, dst)
            for r2 in partners(k):
                if r2 != r:
                    yield Move(r, r2)
        late = self.all_dealt(state)
        for c in RESERVE:
            pile = piles[index[c]]
            if not pile:
                continue
            for r in partners(code[pile[-1]]):
                if r in ENDS[c] or (late and self.transposition_partner(state, c, r) is not None):
                    yield Move(c, r)

    def _legal(self, state: PatienceState) -> Iterable[PatienceAction]:
        # The candidates are the legal card moves exactly; the pack's turn is asked.
        for action in self.candidates(state):
            if isinstance(action, Move) or self.why_illegal(state, action, explain=False) is None:
                yield action

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        pend = self.pending(state)
        if pend:
            return self._vacancy_text(pend)
        if not self.pile_of(state, "s") and not self.pile_of(state, "c"):
            return IllegalAction("the pack is used up", self.ref("the-stock-and-waste"))
        return None

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        pile = self.pile_of(state, action.src)
        if src.kind is PileKind.STOCK:
            return IllegalAction("click the pack to turn its next card", self.ref("the-stock-and-waste"))
        if src.kind is PileKind.WASTE:
            return IllegalAction("talon cards come into play only by filling a vacancy in the Reserve",
                                 self.ref("the-stock-and-waste"))
        if src.kind is PileKind.FOUNDATION:
            return IllegalAction("a card on a foundation stays there", self.ref("the-foundations"))
        if action.count > 1:
            return IllegalAction("only the top card of a packet is free, and cards move one at a time",
                                 self.ref("moving-runs"))
        if dst.kind in (PileKind.STOCK, PileKind.WASTE) or action.dst == "c":
            return IllegalAction(f"nothing may be put on the {self.pile_title(dst)}",
                                 self.ref("the-stock-and-waste"))
        if dst.kind is PileKind.RESERVE:
            return IllegalAction("a Reserve vacancy is filled from the talon, or from the pack when "
                                 "there is no talon, by the table", self.ref("spaces"))
        target = self.pile_of(state, action.dst)
        pend = self.pending(state)
        if pend and not (action.dst in pend and action.src in LINE[action.dst]):
            return self._vacancy_text(pend)
        card = state.deck[pile[-1]]
        if dst.kind is PileKind.FOUNDATION:
            if src.kind is PileKind.RESERVE and action.src != "c":
                return IllegalAction("a Reserve card reaches the foundations only through the Ramparts",
                                     self.ref("the-foundations"))
            return self._home_refusal(state, action.dst, card, explain)
        # to a Rampart packet
        if not target:
            if src.kind is PileKind.RESERVE and action.src in LINE[action.dst]:
                return None
            return IllegalAction("a Rampart vacancy is filled only from the Reserve, with a card of the "
                                 "row or column at whose end it lies", self.ref("spaces"))
        if action.src == "c":
            return IllegalAction("a card turned from the pack goes to a foundation or to the talon; it "
                                 "reaches the Ramparts only through the Reserve", self.ref("the-stock-and-waste"))
        below = state.deck[target[-1]]
        if src.kind is PileKind.RESERVE:
            if action.dst not in ENDS[action.src] and not (
                    self.all_dealt(state) and self.transposition_partner(state, action.src, action.dst)):
                return _refused(explain, IllegalAction(
                    "a Reserve card may go only to the Rampart packets at the ends of its own row and "
                    "column" + (" (now that all is dealt, it may first change places with a card of the "
                                "other line, but that line has none)" if self.all_dealt(state) else ""),
                    self.ref("the-reserve")))
        if not self.marries(state.opts, below, card):
            return _refused(explain, IllegalAction(self.build_refusal(dst, card, below),
                                                   self.ref("building-on-the-tableau")))
        return None

    def _home_refusal(self, state: PatienceState, name: str, card: Card, explain: bool) -> IllegalAction | None:
        _, index = self._specs_of(state)
        pile = state.piles[index[name]]
        if not pile:
            if card.rank is not Rank.ACE:
                return _refused(explain, IllegalAction("a foundation is begun with an ace",
                                                       self.ref("the-foundations")))
            for other in FOUNDATIONS:
                first = state.piles[index[other]]
                if first and state.deck[first[0]].suit is card.suit:
                    return _refused(explain, IllegalAction(
                        f"there is already a foundation of {card.suit.title}: the four aces are of "
                        "different suits (the second ace ends that foundation)", self.ref("the-foundations")))
            return None
        suit = state.deck[pile[0]].suit
        nxt = self.next_rank(state, name)
        if nxt is None:
            return _refused(explain, IllegalAction("that foundation is complete", self.ref("the-foundations")))
        if card.suit is not suit or int(card.rank) != nxt:
            return _refused(explain, IllegalAction(
                f"the {card.name} cannot go there: that foundation waits for the "
                f"{Rank(nxt).title} of {suit.title if suit else ''}", self.ref("the-foundations")))
        return None

    def _vacancy_text(self, pend: list[str]) -> IllegalAction:
        return IllegalAction(f"the Rampart vacancy {pend[0]} must be filled first, with a card of the "
                             "Reserve line at whose end it lies", self.ref("spaces"))

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        return (f"the {card.name} cannot go on the {below.name}: on the Ramparts a card goes on one of "
                "its own suit, a rank above or below, or next to it in the foundation order")

    # -- applying -----------------------------------------------------------------------------
    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if not state.deck or isinstance(action, (Redeal,)) or not isinstance(action, (Move, Draw)):
            return super().apply(state, action)
        memo = self.__dict__.get("_legal_memo")
        if not (memo is not None and memo[0] is state and action in memo[1]):
            # (an action just listed as legal for this very position needs no second look)
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        s, c, w = index["s"], index["c"], index["w"]
        if isinstance(action, Draw):
            if piles[c]:
                piles[w] = piles[w] + piles[c]
                piles[c] = ()
            if piles[s]:
                piles[c] = piles[s][-1:]
                piles[s] = piles[s][:-1]
        else:
            si, di = index[action.src], index[action.dst]
            card = piles[si][-1:]
            piles[si] = piles[si][:-1]
            if action.src in ENDS and action.dst in RAMPARTS and piles[di] \
                    and action.dst not in ENDS[action.src]:
                # a transposition at the end: the partner takes the place of the card moved
                partner = self.transposition_partner(state, action.src, action.dst)
                assert partner is not None
                pi = index[partner]
                piles[si], piles[pi] = piles[pi], ()
            piles[di] = piles[di] + card
        # Reserve vacancies: from the talon, or from the pack when there is no talon
        for name in RESERVE:
            i = index[name]
            if piles[i]:
                continue
            if piles[w]:
                piles[i] = piles[w][-1:]
                piles[w] = piles[w][:-1]
            elif piles[s]:
                piles[i] = piles[s][-1:]
                piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    # -- the solver's hooks ------------------------------------------------------------------
    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """The turned card goes home at once when it can: it has nowhere else to go but the
        talon, from which it could return only by a long road through the Reserve."""
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and action.src == "c":
                return action
        return None

    # -- words -------------------------------------------------------------------------------
    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            _, index = self._specs_of(state)
            if state.piles[index["c"]]:
                return "put the turned card on the talon and turn the next"
            return "turn the next card of the pack"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        pairing = ("next to it in the foundation order (ranks adding to 14 or 15)"
                   if opts["pairing"] == "order" else "its partner in the foundation order (ranks adding to 14)")
        return "\n".join([
            "| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
            "| 4 × foundation | empty: each is begun with an ace, of four different suits | the cards "
            "of its suit in the order A K 2 Q 3 J 4 10 5 9 6 8 7 7 8 6 9 5 10 4 J 3 Q 2 K A, from the "
            "Ramparts or the card turned | nothing |",
            "| 12 × Reserve card | 1 face up | nothing: a vacancy is filled from the talon, or the pack | "
            "its card, to a Rampart packet at an end of its row or column |",
            "| 14 × Rampart packet | 1 face up | single cards of its suit one rank above or below, or "
            f"{pairing}; a vacancy takes a card of the Reserve line at whose end it lies | the top card |",
            "| Pack | the 78 cards left, face down | nothing | turned one at a time into the hand |",
            "| Card turned | empty | the card turned from the pack | to a foundation; otherwise it goes "
            "to the talon when the next card is turned |",
            "| Talon | empty at the start | the turned cards not played | its top card, only into a "
            "Reserve vacancy (done by the table) |",
        ]) + "\n"


def _refused(explain: bool, refusal: IllegalAction) -> IllegalAction:
    return refusal if explain else _REFUSED


GAME = BesiegedCity()
