"""Light and Shade, Lady Cadogan's two-pack patience (catalogue: light_and_shade).

The eight aces are taken out and laid in a line: they are the foundations, and each is built up
to the king in alternating colours, whatever the suits (a red ace, a black two, a red three ...).
Above them lie two rows of four cards: the Auxiliaries on top, the Rivals under them.  Only the
Auxiliaries feed the foundations.  A Rival card may be laid on an Auxiliary one rank higher and of
the other colour, so the Auxiliaries grow downward sequences whose cards go home in turn; an empty
Auxiliary takes a card from the Rivals, an empty Rival a card from the pack or the talon.  The
pack is turned one card at a time; what cannot be used lies on the talon.  There is no re-deal.

Whether a card from the pack or the talon may go straight onto an Auxiliary's sequence is not
said outright.  The book has the dealt cards "placed on the Auxiliaries" and says that cards from
the Rivals or the talon must "pass into the Auxiliaries" before they go home, so we allow it; the
stricter reading (only Rival cards are laid on the Auxiliaries) is the option ``direct=False``,
under which hardly a deal can be won.

Hooks used: ``deal`` (the aces placed first), ``candidates``, ``move_refusal`` and ``accepts`` (where
each row takes its cards from), ``safe_home_move``, ``hint`` and ``piles_markdown``.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Outcome
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

# The line of aces, light and shade in turn.
ACE_SUITS = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS) * 2
AUXILIARIES = tuple(f"a{i + 1}" for i in range(4))
RIVALS = tuple(f"r{i + 1}" for i in range(4))
FOUNDATIONS = tuple(f"f{i + 1}" for i in range(8))

# The table, in card widths (a card is 1 wide and 1.4 high): the Auxiliaries fan upwards, away
# from the Rivals below them; the foundations make the bottom line; pack and talon at the right.
F_STEP = 1.2
AUX_ROOM = 3.2
ROW_X0 = 1.5 * F_STEP               # the two rows of four sit over the middle of the line
ROW_STEP = 1.6
AUX_Y = AUX_ROOM
RIVAL_Y = AUX_Y + 1.4 + 0.35
FOUND_Y = RIVAL_Y + 1.4 + 0.6
PACK_X = ROW_X0 + 4 * ROW_STEP + 0.9

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


class LightAndShade(PatienceGame):
    info = BY_ID["light_and_shade"]
    no_redeal = True
    pack = "2x52"
    option_specs = (
        OptionSpec("direct", True, (True, False), "A card from the pack or the talon on an Auxiliary",
                   labels=("May be laid straight onto an Auxiliary's sequence (our reading of the book)",
                           "Only through the Rivals (a stricter reading)")),
    )
    # Piles of one row are alike; so are the foundations (each is known by the ace it holds).
    symmetric_kinds = (PileKind.TABLEAU, PileKind.RESERVE, PileKind.FOUNDATION)

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        home = Build(+1, SuitRule.ALTERNATE, empty=None, single_cards=True)
        auxiliary = Build(-1, SuitRule.ALTERNATE, empty="any", single_cards=True)
        piles = [PileSpec(name, PileKind.FOUNDATION, i * F_STEP, FOUND_Y, "foundation", build=home,
                          take=Take.NONE)
                 for i, name in enumerate(FOUNDATIONS)]
        piles += [PileSpec(name, PileKind.TABLEAU, ROW_X0 + i * ROW_STEP, AUX_Y, "Auxiliary", fan=Fan.UP,
                           build=auxiliary, take=Take.TOP, deal_up=1, room=AUX_ROOM)
                  for i, name in enumerate(AUXILIARIES)]
        piles += [PileSpec(name, PileKind.RESERVE, ROW_X0 + i * ROW_STEP, RIVAL_Y, "Rival", take=Take.TOP,
                           deal_up=1)
                  for i, name in enumerate(RIVALS)]
        piles += [
            PileSpec("s", PileKind.STOCK, PACK_X, AUX_Y, "pack", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, PACK_X, RIVAL_Y, "talon"),
        ]
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 1   # no re-deal

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste",
                PileKind.RESERVE: "the-rivals"}.get(spec.kind, "building-on-the-tableau")

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """The eight aces are set out first, in the line's order of suits; then four Auxiliaries
        and four Rivals are dealt from the shuffled rest; the other 88 cards are the pack."""
        specs, index = self._structure(state.opts)
        rest = list(shuffled(PACKS[self.pack], seed))
        deck: list[Card] = []
        piles: list[tuple[int, ...]] = [()] * len(specs)
        for name, suit in zip(FOUNDATIONS, ACE_SUITS):
            rest.remove(Card(Rank.ACE, suit))
            piles[index[name]] = (len(deck),)
            deck.append(Card(Rank.ACE, suit))
        for name in AUXILIARIES + RIVALS:
            piles[index[name]] = (len(deck),)
            deck.append(rest.pop(0))
        stock = index["s"]
        piles[stock] = tuple(range(len(deck), len(deck) + len(rest)))
        deck.extend(rest)
        down = [0] * len(specs)
        down[stock] = len(piles[stock])
        return self._with(state, deck=tuple(deck), piles=tuple(piles), down=tuple(down), deal_seed=seed)

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        yield Draw()
        tops = {n: deck[piles[index[n]][-1]] if piles[index[n]] else None
                for n in FOUNDATIONS + AUXILIARIES + RIVALS + ("w",)}
        up, down = Build(+1, SuitRule.ALTERNATE), Build(-1, SuitRule.ALTERNATE)
        for a in AUXILIARIES:
            card = tops[a]
            if card is not None:
                for f in FOUNDATIONS:
                    if up.follows(tops[f], card):  # type: ignore[arg-type]
                        yield Move(a, f)
        for r in RIVALS:
            card = tops[r]
            if card is None:
                if tops["w"] is not None:
                    yield Move("w", r)
                continue
            for a in AUXILIARIES:
                if tops[a] is None or down.follows(tops[a], card):
                    yield Move(r, a)
        if tops["w"] is not None and dict(state.opts)["direct"]:
            for a in AUXILIARIES:
                if tops[a] is not None and down.follows(tops[a], tops["w"]):
                    yield Move("w", a)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if src.kind is PileKind.STOCK:
            return super().move_refusal(state, action, src, dst, explain)
        if dst.kind is PileKind.FOUNDATION and src.kind in (PileKind.RESERVE, PileKind.WASTE):
            return IllegalAction("cards reach the foundations only from the Auxiliaries; a "
                                 f"card from the {self.pile_title(src)} must pass into them first",
                                 self.ref("the-foundations"))
        if dst.kind is PileKind.TABLEAU and src.kind is PileKind.TABLEAU:
            return IllegalAction("the Auxiliaries take cards only from the Rivals, not from one "
                                 "another", self.ref("building-on-the-tableau"))
        if dst.kind is PileKind.TABLEAU and src.kind is PileKind.WASTE:
            if not self.pile_of(state, action.dst):
                return IllegalAction("an empty Auxiliary is filled from the Rivals only", self.ref("spaces"))
            if not dict(state.opts)["direct"]:
                return IllegalAction("a card from the talon goes first to a Rival: only Rival cards "
                                     "are laid on the Auxiliaries", self.ref("building-on-the-tableau"))
        if dst.kind is PileKind.RESERVE and src.kind is not PileKind.WASTE and not self.pile_of(state, action.dst):
            return IllegalAction("an empty Rival is filled from the pack or the talon only", self.ref("spaces"))
        return super().move_refusal(state, action, src, dst, explain)

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.RESERVE:
            if not pile and len(moving) == 1:
                return None
            return _REFUSED if not explain else IllegalAction(
                "nothing is laid on a Rival: it holds a single card", self.ref("the-rivals"))
        return super().accepts(state, dst, pile, moving, explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        colour = "of the other colour"
        if dst.kind is PileKind.FOUNDATION:
            return (f"the {card.name} cannot go on the {below.name}: a foundation rises one rank at a time, "
                    f"each card {colour}, whatever its suit")
        return (f"the {card.name} cannot go on the {below.name}: an Auxiliary takes a card one rank "
                f"lower and {colour}")

    # -- the solver's and the hint's help ---------------------------------------------------
    def _home_counts(self, state: PatienceState) -> Counter[tuple[int, bool]]:
        """How many cards of each (rank, red?) are on the foundations."""
        _, index = self._specs_of(state)
        deck = state.deck
        return Counter((int(deck[c].rank), deck[c].suit.is_red)  # type: ignore[union-attr]
                       for f in FOUNDATIONS for c in state.piles[index[f]])

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card goes home without a second thought once no card could still be laid on it in
        play: all four cards one rank lower and of the other colour are home (every two is safe,
        the aces being home from the start)."""
        specs, index = self._specs_of(state)
        home = None
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and specs[index[action.dst]].kind is PileKind.FOUNDATION:
                if home is None:
                    home = self._home_counts(state)
                card = state.deck[state.piles[index[action.src]][-1]]
                if home[(int(card.rank) - 1, not card.suit.is_red)] == 4:  # type: ignore[union-attr]
                    return action
        return None

    # -- the end ---------------------------------------------------------------------------
    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="every foundation has climbed to its king, light and shade in turn")
        return result

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "turn the next card of the pack onto the talon"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        extra = " or the talon's top card" if opts["direct"] else " only"
        talon = "to an empty Rival, or onto an Auxiliary" if opts["direct"] else "to an empty Rival"
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| 8 × foundation | an ace each (red, black, red, black …) | builds up one rank at a time "
                "in alternating colours, whatever the suit, from the Auxiliaries only | nothing |",
                "| 4 × Auxiliary (upper row) | 1 face up | builds down in alternating colours, with a Rival "
                f"card{extra}; when empty, a Rival card | the top card, to a foundation |",
                "| 4 × Rival (lower row) | 1 face up | nothing on a card; when empty, a card from the "
                "pack or the talon | the card, to an Auxiliary |",
                "| Pack | the other 88 cards, face down | nothing | turned one at a time onto the talon |",
                f"| Talon | empty at the start | cards turned from the pack | its top card, {talon} |"]
        return "\n".join(rows) + "\n"


GAME = LightAndShade()
