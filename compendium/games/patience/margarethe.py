"""Margarethe, Lady Cadogan's one-pack patience (catalogue: margarethe).

The twelve court cards are taken out before the deal and laid in the shape of an M: the four
kings down its left stroke, the four knaves in its V, the four queens down its right stroke.  They
are the foundations, and each takes three cards of its own suit, downwards: a king the ten, nine
and eight; a knave the seven, six and five; a queen the four, three and two.  The aces, as they
turn up, go together into one packet at the foot of the V.  Nine help cards are dealt in the shape
of an A; every one of them is available, nothing is ever laid on them, and a help played away is
replaced at once from the pack.  The rest of the pack is turned one card at a time: what cannot be
used lies on the talon, whose top card may go to the foundations.  The talon may be turned over and
dealt through once more.  If the patience comes out, the M shows the eights, fives and twos.

Hooks used: ``deal`` (the courts placed first), ``candidates``, ``redeal_refusal`` and ``accepts``
(the foundations' skip from court to ten, seven or four; the aces' packet; helps that take
nothing), ``apply`` (vacancies in the A refilled from the pack), ``safe_home_move``, ``hint`` and
``piles_markdown``.
"""
from __future__ import annotations

from typing import Iterable, Sequence

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

# The first card each court takes: a king the ten, a knave the seven, a queen the four.
FIRST_ON = {Rank.KING: 10, Rank.JACK: 7, Rank.QUEEN: 4}
ON_EACH = 3                        # cards each court foundation takes
HELPS = 9
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)   # top to bottom of a stroke

# The table, in card widths (a card is 1 wide and 1.4 high): the M above, the A below it, the
# pack and the talon at the A's right.  A court foundation is fanned a little to the right, so
# the court stays readable under the cards built on it.
COURT_ROOM = 0.6
PILE_W = 1 + COURT_ROOM
STROKE_STEP = 1.5                  # down the strokes of the M and the legs of the A
M_RIGHT_X = 7.3
V_PLACES = ((1.85, 0.75), (2.75, 2.25), (4.55, 2.25), (5.45, 0.75))   # the knaves, left to right
ACES_PLACE = (3.95, 3.75)          # the foot of the V
A_TOP = 4 * STROKE_STEP + 0.5      # the apex row of the A
A_LEFT = 1.65                      # the A's left foot
A_LEAN = 0.55                      # each row of a leg of the A leans in by this much
A_GAP = 0.3                        # between the two cards at the apex
PACK_X = M_RIGHT_X + 0.6

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


def court_positions() -> list[tuple[str, Card, float, float]]:
    """(name, court, x, y) for the twelve foundations: the kings down the left stroke of the M,
    the knaves in its V (two going down to the middle, two coming up), the queens down the right
    stroke."""
    out = [(f"k{i + 1}", Card(Rank.KING, s), 0.0, i * STROKE_STEP) for i, s in enumerate(SUIT_ORDER)]
    out += [(f"j{i + 1}", Card(Rank.JACK, s), x, y) for i, (s, (x, y)) in enumerate(zip(SUIT_ORDER, V_PLACES))]
    out += [(f"q{i + 1}", Card(Rank.QUEEN, s), M_RIGHT_X, i * STROKE_STEP) for i, s in enumerate(SUIT_ORDER)]
    return out


def help_positions() -> list[tuple[float, float]]:
    """The nine helps of the A, in dealing order: up the left leg from its foot, down the right
    leg from the apex, then the cross-stroke."""
    apex_left = A_LEFT + 3 * A_LEAN
    left = [(apex_left - row * A_LEAN, A_TOP + row * STROKE_STEP) for row in (3, 2, 1, 0)]
    right = [(apex_left + 1 + A_GAP + row * A_LEAN, A_TOP + row * STROKE_STEP) for row in range(4)]
    cross = [(apex_left + (1 + A_GAP) / 2, A_TOP + 2 * STROKE_STEP)]
    return left + right + cross


COURTS = court_positions()
COURT_NAMES = tuple(name for name, _, _, _ in COURTS)
HELP_NAMES = tuple(f"h{i + 1}" for i in range(HELPS))


def wanted_rank(court: Rank, on_it: int) -> int | None:
    """The rank a court foundation wants next when ``on_it`` cards lie on the court (None: full)."""
    if on_it >= ON_EACH:
        return None
    return FIRST_ON[court] - on_it


class Margarethe(PatienceGame):
    info = BY_ID["margarethe"]
    pack = "52"
    # The nine helps are alike: which of them holds a card changes nothing.
    symmetric_kinds = (PileKind.RESERVE,)

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        court = Build(-1, SuitRule.SAME, empty=None, single_cards=True)
        aces = Build(0, SuitRule.ANY, empty=Rank.ACE, single_cards=True)
        piles = [PileSpec(name, PileKind.FOUNDATION, x, y, f"{card.rank.title} foundation", fan=Fan.RIGHT,
                          build=court, take=Take.NONE, room=COURT_ROOM)
                 for name, card, x, y in COURTS]
        piles.append(PileSpec("aces", PileKind.FOUNDATION, *ACES_PLACE, "aces' packet", build=aces,
                              take=Take.NONE))
        piles += [PileSpec(name, PileKind.RESERVE, x, y, "help", take=Take.TOP, deal_up=1)
                  for name, (x, y) in zip(HELP_NAMES, help_positions())]
        piles += [
            PileSpec("s", PileKind.STOCK, PACK_X, A_TOP, "pack", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, PACK_X, A_TOP + 1.7, "talon"),
        ]
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 2   # the talon may be dealt once more

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "the-helps")

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """The twelve courts are set out first, then the nine helps are dealt from the shuffled
        rest; the other 31 cards are the pack."""
        specs, index = self._structure(state.opts)
        rest = list(shuffled(PACKS[self.pack], seed))
        deck: list[Card] = []
        piles: list[tuple[int, ...]] = [()] * len(specs)
        for name, card, _, _ in COURTS:
            rest.remove(card)
            piles[index[name]] = (len(deck),)
            deck.append(card)
        for name in HELP_NAMES:
            piles[index[name]] = (len(deck),)
            deck.append(rest.pop(0))
        stock = index["s"]
        piles[stock] = tuple(range(len(deck), len(deck) + len(rest)))
        deck.extend(rest)
        down = [0] * len(specs)
        down[stock] = len(piles[stock])
        return self._with(state, deck=tuple(deck), piles=tuple(piles), down=tuple(down), deal_seed=seed)

    # -- the rules -------------------------------------------------------------------------
    def _wanted(self, state: PatienceState) -> dict[Card, str]:
        """The card each unfinished court foundation wants next, and that foundation's name."""
        _, index = self._specs_of(state)
        out: dict[Card, str] = {}
        for name, court, _, _ in COURTS:
            rank = wanted_rank(court.rank, len(state.piles[index[name]]) - 1)
            if rank is not None:
                out[Card(Rank(rank), court.suit)] = name
        return out

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        specs, index = self._specs_of(state)
        yield Draw()
        yield Redeal()
        wanted = self._wanted(state)
        for name in HELP_NAMES + ("w",):
            pile = state.piles[index[name]]
            if not pile:
                continue
            card = state.deck[pile[-1]]
            if card.rank is Rank.ACE:
                yield Move(name, "aces")
            elif card in wanted:
                yield Move(name, wanted[card])

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        if state.passes >= 1:
            return IllegalAction("the talon may be dealt only once more, and that is done", self.ref("re-deals"))
        return super().redeal_refusal(state)

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        card = moving[0]
        if len(moving) > 1:
            return _REFUSED if not explain else IllegalAction(
                f"cards go to the {self.pile_title(dst)} one at a time", self.ref(self.anchor_for(dst)))
        if dst.name == "aces":
            if card.rank is Rank.ACE:
                return None
            return _REFUSED if not explain else IllegalAction(
                f"only aces go into the aces' packet, not the {card.name}", self.ref("the-foundations"))
        if dst.kind is PileKind.FOUNDATION:
            court = state.deck[pile[0]]
            rank = wanted_rank(court.rank, len(pile) - 1)
            if rank is not None and card.suit is court.suit and card.rank == rank:
                return None
            if not explain:
                return _REFUSED
            first = Rank(FIRST_ON[court.rank]).title
            if rank is None:
                why = f"the {court.name} has its three cards already"
            elif card.suit is not court.suit:
                why = f"the {card.name} is not of the {court.name}'s suit"
            else:
                why = f"the {court.name} wants the {Rank(rank).title} next"
            return IllegalAction(f"the {card.name} cannot go on the {court.rank.title} foundation: {why} "
                                 f"(a {court.rank.title} takes the {first} and the next two below it, in suit)",
                                 self.ref("the-foundations"))
        if dst.kind is PileKind.RESERVE:
            if pile:
                return _REFUSED if not explain else IllegalAction(
                    "nothing is ever laid on a help card", self.ref("the-helps"))
            return _REFUSED if not explain else IllegalAction(
                "a vacancy in the A is filled from the pack, by the table, and never with another card",
                self.ref("spaces"))
        return super().accepts(state, dst, pile, moving, explain)

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        new = super().apply(state, action)
        return self.refill(new) if new.deck else new

    def refill(self, state: PatienceState) -> PatienceState:
        """Every vacancy in the A takes the next card of the pack, in dealing order."""
        _, index = self._specs_of(state)
        s = index["s"]
        if not state.piles[s]:
            return state
        empty = [index[n] for n in HELP_NAMES if not state.piles[index[n]]]
        if not empty:
            return state
        piles, down = list(state.piles), list(state.down)
        for i in empty:
            if not piles[s]:
                break
            piles[i] = (piles[s][-1],)
            piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """Any card that may go home goes home: nothing is built anywhere but on the foundations,
        so a card there can never be wanted elsewhere, and the place it leaves (a help refilled
        from the pack, or the talon's next card) is only a gain."""
        specs, index = self._specs_of(state)
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and specs[index[action.dst]].kind is PileKind.FOUNDATION:
                return action
        return None

    # -- the end ---------------------------------------------------------------------------
    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="the M is complete, showing the eights, the fives and the twos")
        return result

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "turn the next card of the pack onto the talon"
        if isinstance(action, Redeal):
            return "turn the talon over to deal it through once more"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        self.resolve_options(options)
        fill = "the next card of the pack, at once"
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| 4 × king foundation (left stroke of the M) | a king each, one of every suit | the ten, "
                "nine and eight of its suit, in that order | nothing |",
                "| 4 × knave foundation (the V of the M) | a knave each, one of every suit | the seven, "
                "six and five of its suit, in that order | nothing |",
                "| 4 × queen foundation (right stroke of the M) | a queen each, one of every suit | the "
                "four, three and two of its suit, in that order | nothing |",
                "| Aces' packet (foot of the V) | empty at the start | the four aces, of any suit | nothing |",
                f"| 9 × help (the A) | 1 face up | nothing on a card; a vacancy takes {fill} | the card |",
                "| Pack | the other 31 cards, face down | nothing | turned one at a time onto the talon |",
                "| Talon | empty at the start | cards turned from the pack | its top card |"]
        return "\n".join(rows) + "\n"


GAME = Margarethe()
