"""Anna, Lady Cadogan's two-pack patience (catalogue: anna).

Eight help cards are dealt in the shape of a capital A.  The eight knaves are the foundations:
each is set in the shape of an N the moment it turns up (a knave dealt for the A is replaced by
the next card), and each is built down in its suit from the ten to the ace and then the king --
twelve cards, so that a finished N shows eight kings.  Only the top card of each help is
available; on the helps cards are married upwards in suit, one at a time, but nothing is ever
laid on a queen, and a queen itself is never married: queens stay single in the helps, and if the
patience comes out the A is made of the eight queens.  The pack is turned one card at a time;
what cannot be used lies on the talon, whose top card may go home, be married on a help or fill
an empty help.  The talon may be turned over and dealt through twice more.

Whether a help may go round the corner (an ace married on a king) is not said; by default it may
not, and the option ``wrap`` allows it.

Hooks used: ``deal`` (knaves to the N while the A is dealt), ``candidates``, ``redeal_refusal``, ``move_refusal`` and
``accepts`` (marriages upwards, the queens, vacancies filled from the talon, foundations ending with
the king), ``apply`` (a knave turned up goes to the N at once), ``is_won``/``outcome``/``view`` (96
cards home), ``safe_home_move``, ``hint`` and ``piles_markdown``.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ...core.cards import PACKS, Card, Rank
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
    PatienceView,
    PileKind,
    PileSpec,
    Redeal,
    SuitRule,
    Take,
)

HELPS = tuple(f"h{i + 1}" for i in range(8))
KNAVES = tuple(f"n{i + 1}" for i in range(8))   # the N, in the order it is drawn
ON_FOUNDATION = 12                              # knave down to ace, then the king
WON_TOTAL = 8 * ON_FOUNDATION

# The table, in card widths (a card is 1 wide and 1.4 high).  The A: its apex, three cards down
# each leg, and the cross-stroke; the legs fan outwards, the apex upwards and the cross-stroke down
# into the A's opening.  The N at its right, drawn as the letter is written: up the left stroke,
# down the diagonal, up the right stroke.  The pack and the talon above the N.
ROW = 1.55
APEX_X = 3.25
LEAN = 0.75
HELP_ROOM = 0.9
A_TOP = HELP_ROOM
N_X = APEX_X + 3 * LEAN + 1 + HELP_ROOM + 0.8
N_WIDE = 3.2
N_ROWS = (1.65, 3.35, 5.05)             # the N's three rows, under the pack and the talon

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


def help_places() -> list[tuple[str, float, float, Fan]]:
    """(name, x, y, fan) of the eight helps, in dealing order: the apex, down the left leg, down
    the right leg, the cross-stroke."""
    out = [("h1", APEX_X, A_TOP, Fan.UP)]
    out += [(f"h{1 + r}", APEX_X - r * LEAN, A_TOP + r * ROW, Fan.LEFT) for r in (1, 2, 3)]
    out += [(f"h{4 + r}", APEX_X + r * LEAN, A_TOP + r * ROW, Fan.RIGHT) for r in (1, 2, 3)]
    out.append(("h8", APEX_X, A_TOP + 2 * ROW, Fan.DOWN))
    return out


def knave_places() -> list[tuple[float, float]]:
    """The eight places of the N, in the order the knaves fill them."""
    left = [(N_X, y) for y in reversed(N_ROWS)]
    diagonal = [(N_X + 1.1, N_ROWS[0] + 1.15), (N_X + 2.1, N_ROWS[1] + 1.15)]
    right = [(N_X + N_WIDE, y) for y in reversed(N_ROWS)]
    return left + diagonal + right


def next_rank(rank: int) -> int | None:
    """The rank a knave foundation takes on ``rank``: ten on the knave ... ace on the two, then the
    king on the ace; nothing after the king."""
    if rank == Rank.ACE:
        return int(Rank.KING)
    if rank == Rank.KING:
        return None
    return rank - 1


class Anna(PatienceGame):
    info = BY_ID["anna"]
    pack = "2x52"
    option_specs = (
        OptionSpec("wrap", False, (False, True), "An ace married on a king in the helps",
                   labels=("No: a help stops at the king (our reading)", "Yes, round the corner")),
    )
    # The helps are alike; so are the places of the N (each is known by its knave).
    symmetric_kinds = (PileKind.TABLEAU, PileKind.FOUNDATION)

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        home = Build(-1, SuitRule.SAME, empty=Rank.JACK, wrap=True, single_cards=True)
        marry = Build(+1, SuitRule.SAME, empty="any", wrap=bool(options["wrap"]), single_cards=True)
        piles = [PileSpec(name, PileKind.FOUNDATION, x, y, "knave foundation", build=home, take=Take.NONE)
                 for name, (x, y) in zip(KNAVES, knave_places())]
        piles += [PileSpec(name, PileKind.TABLEAU, x, y, "help", fan=fan, build=marry, take=Take.TOP,
                           room=HELP_ROOM)
                  for name, x, y, fan in help_places()]
        piles += [
            PileSpec("s", PileKind.STOCK, N_X + 0.6, 0.0, "pack", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, N_X + 1.9, 0.0, "talon"),
        ]
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 3   # the talon may be dealt twice more

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "building-on-the-tableau")

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """The A is dealt from the shuffled packs; a knave that turns up goes to the N and the
        next card takes its place in the A.  The rest is the pack."""
        specs, index = self._structure(state.opts)
        deck = shuffled(PACKS[self.pack], seed)
        piles: list[tuple[int, ...]] = [()] * len(specs)
        knaves = iter(KNAVES)
        next_id = 0
        for name in HELPS:
            while deck[next_id].rank is Rank.JACK:
                piles[index[next(knaves)]] = (next_id,)
                next_id += 1
            piles[index[name]] = (next_id,)
            next_id += 1
        stock = index["s"]
        # the pack is held face down with the next card to be dealt on top (the end of the tuple)
        piles[stock] = tuple(reversed(range(next_id, len(deck))))
        down = [0] * len(specs)
        down[stock] = len(piles[stock])
        return self._with(state, deck=deck, piles=tuple(piles), down=tuple(down), deal_seed=seed)

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        yield Draw()
        yield Redeal()
        wanted = _wanted_home(state, index)
        wrap = dict(state.opts)["wrap"]
        on_help: dict[Card, list[str]] = {}
        empty: list[str] = []
        for name in HELPS:
            pile = piles[index[name]]
            if not pile:
                empty.append(name)
                continue
            top = deck[pile[-1]]
            if top.rank in (Rank.QUEEN, Rank.JACK):
                continue
            if top.rank is Rank.KING:
                if wrap:
                    on_help.setdefault(Card(Rank.ACE, top.suit), []).append(name)
                continue
            on_help.setdefault(Card(Rank(int(top.rank) + 1), top.suit), []).append(name)
        for name in HELPS + ("w",):
            pile = piles[index[name]]
            if not pile:
                continue
            card = deck[pile[-1]]
            for f in wanted.get(card, ()):
                yield Move(name, f)
            if card.rank is not Rank.QUEEN:
                for h in on_help.get(card, ()):
                    if h != name:
                        yield Move(name, h)
            if name == "w":
                for h in empty:
                    yield Move("w", h)

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        if state.passes >= 2:
            return IllegalAction("the talon may be dealt only twice more, and that is done", self.ref("re-deals"))
        return super().redeal_refusal(state)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.TABLEAU and src.kind is PileKind.TABLEAU and not self.pile_of(state, action.dst):
            return IllegalAction("an empty help is filled from the pack or the talon only", self.ref("spaces"))
        return super().move_refusal(state, action, src, dst, explain)

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        card = moving[0]
        if dst.kind is PileKind.FOUNDATION and pile and len(pile) >= ON_FOUNDATION:
            return _REFUSED if not explain else IllegalAction(
                "this foundation is complete: it ends with the king", self.ref("the-foundations"))
        if dst.kind is PileKind.TABLEAU and pile:
            below = state.deck[pile[-1]]
            if below.rank is Rank.QUEEN:
                return _REFUSED if not explain else IllegalAction(
                    "nothing may be laid on a queen in the helps", self.ref("the-queens"))
            if card.rank is Rank.QUEEN:
                return _REFUSED if not explain else IllegalAction(
                    "a queen is never married: in the helps it stays a single card", self.ref("the-queens"))
        return super().accepts(state, dst, pile, moving, explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            return (f"the {card.name} cannot go on the {below.name}: a knave foundation goes down in suit "
                    "to the ace, then takes the king")
        if below.rank is Rank.KING and card.rank is Rank.ACE:
            return f"the {card.name} cannot go on the {below.name}: a help stops at the king"
        return (f"the {card.name} cannot go on the {below.name}: cards are married upwards in suit on the "
                "helps, one rank higher")

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        new = super().apply(state, action)
        return self.place_knave(new) if isinstance(action, Draw) else new

    def place_knave(self, state: PatienceState) -> PatienceState:
        """A knave just turned from the pack goes to the next empty place of the N."""
        _, index = self._specs_of(state)
        w = index["w"]
        if not state.piles[w] or state.deck[state.piles[w][-1]].rank is not Rank.JACK:
            return state
        place = next(index[n] for n in KNAVES if not state.piles[index[n]])
        piles = list(state.piles)
        piles[place] = (piles[w][-1],)
        piles[w] = piles[w][:-1]
        return self._with(state, piles=tuple(piles))

    # -- the end ---------------------------------------------------------------------------
    def is_won(self, state: PatienceState) -> bool:
        return bool(state.deck) and self.on_foundations(state) == WON_TOTAL

    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="the N is finished with eight kings, and only the queens are left")
        return result

    def view(self, state: PatienceState, seat: int | None) -> PatienceView:
        view = super().view(state, seat)
        return replace(view, total=WON_TOTAL) if state.deck else view

    # -- the solver's and the hint's help ---------------------------------------------------
    def _home(self, state: PatienceState) -> Counter[Card]:
        _, index = self._specs_of(state)
        return Counter(state.deck[c] for n in KNAVES for c in state.piles[index[n]])

    def _married_on(self, card: Card, wrap: bool) -> Card | None:
        """The card that could be married on ``card`` in the helps (None: nothing can)."""
        if card.rank in (Rank.QUEEN, Rank.JACK, Rank.TEN):
            return None      # nothing on a queen; knaves go to the N, and no knave is married
        if card.rank is Rank.KING:
            return Card(Rank.ACE, card.suit) if wrap else None
        return Card(Rank(int(card.rank) + 1), card.suit)

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card goes home without a second thought once it could never serve in the helps: no
        card could be married on it, or both cards that could are home already."""
        # Asked after every move of the solver's search: the moves home are looked up from the
        # tops (in the order ``candidates`` gives them), not drawn from every legal move.
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        wrap = dict(state.opts)["wrap"]
        wanted = _wanted_home(state, index)
        home = None
        for name in HELPS + ("w",):
            pile = piles[index[name]]
            if not pile:
                continue
            card = deck[pile[-1]]
            targets = wanted.get(card)
            if not targets:
                continue
            above = self._married_on(card, wrap)
            if above is not None:
                if home is None:
                    home = self._home(state)
                if home[above] != 2:
                    continue
            for f in targets:
                action = Move(name, f)
                if self.why_illegal(state, action, explain=False) is None:
                    return action
        return None

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "turn the next card of the pack onto the talon (a knave goes to the N)"
        if isinstance(action, Redeal):
            return "turn the talon over to deal it through again"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        corner = ", and an ace on a king" if opts["wrap"] else "; nothing on a king"
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| 8 × knave foundation (the N) | a knave as soon as it turns up | builds down in suit "
                "from the ten to the ace, then the king: twelve cards | nothing |",
                f"| 8 × help (the A) | 1 face up (never a knave) | single cards married upwards in suit"
                f"{corner}; nothing on a queen, and a queen on nothing; when empty, the talon's top card | "
                "the top card |",
                "| Pack | the rest, face down | nothing | turned one at a time onto the talon (a knave goes "
                "straight to the N) |",
                "| Talon | empty at the start | cards turned from the pack | its top card; turned over "
                "and dealt again twice |"]
        return "\n".join(rows) + "\n"


GAME = Anna()


def _wanted_home(state: PatienceState, index: dict[str, int]) -> dict[Card, list[str]]:
    """The card each foundation (a knave's pile) takes next, and which piles take it."""
    deck, piles = state.deck, state.piles
    wanted: dict[Card, list[str]] = {}
    for name in KNAVES:
        pile = piles[index[name]]
        if pile and len(pile) < ON_FOUNDATION:
            top = deck[pile[-1]]
            rank = next_rank(int(top.rank))
            if rank is not None:
                wanted.setdefault(Card(Rank(rank), top.suit), []).append(name)
    return wanted
