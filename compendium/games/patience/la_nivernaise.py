"""La Nivernaise, Lady Cadogan's two-pack patience (catalogue: la_nivernaise).

Two upright columns of four single cards, the Flanks, stand either side of the places for the
foundations: four aces built up and four kings built down, in suit, the four aces of different
suits and the four kings too.  Under them lies the Line: six packets, each dealt four cards at a
time.  Every Flank card is available, and the top card of each packet; nothing is ever built on
the Flanks or the Line.  A Flank that is emptied may be filled, whenever the player likes, with
the next card of the pack or the top card of a packet -- but the emptier the Flanks, the deeper
the player may look into the packets: as many cards under each top card as there are empty
Flanks.  A packet played right off takes four fresh cards from the pack at once.  When nothing more
can be done a new round of four is dealt on every packet, until the pack is used up; then the
packets are gathered from left to right and dealt again, once.  The top cards of an ascending and
the descending foundation of its suit may be passed from one to the other, a card at a time.

Hooks used: ``deal_order`` and ``deal`` (Flanks, then the first round), ``candidates``,
``redeal_refusal``, ``move_refusal`` and ``accepts`` (the Flanks' sources, the exchange between
foundations; the suits of the foundations are the family's, ``up_and_down_foundations``),
``apply`` (rounds, the packet refilled, the re-deal, how deep the packets are seen),
``safe_home_move``, ``hint`` and ``piles_markdown``.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from ...core.cards import Card, Rank
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Outcome
from ..catalogue import BY_ID
from .engine import Build, Draw, Fan, Move, PatienceAction, PatienceState, PileKind, PileSpec, Redeal, SuitRule, Take
from .up_and_down_foundations import ACES, FOUNDATIONS, KINGS, UpAndDownFoundations

LEFT_FLANK = tuple(f"l{i + 1}" for i in range(4))
RIGHT_FLANK = tuple(f"r{i + 1}" for i in range(4))
FLANKS = LEFT_FLANK + RIGHT_FLANK
LINE = tuple(f"p{i + 1}" for i in range(6))
PACKET = 4                                           # cards dealt together on a packet

# The table, in card widths (a card is 1 wide and 1.4 high): the Flanks either side of the
# foundations (aces above, kings below), the Line under them, the pack at the Line's right.
FLANK_STEP = 1.55
F_X0, F_STEP = 1.55, 1.2
RIGHT_X = F_X0 + 3 * F_STEP + 1 + 0.45
ACES_Y = (3 * FLANK_STEP + 1.4) / 2 - 0.3 - 1.4
KINGS_Y = ACES_Y + 1.4 + 0.6
LINE_Y = 3 * FLANK_STEP + 1.4 + 0.55
LINE_STEP = (RIGHT_X + 1) / 6 + 0.005
LINE_ROOM = 3.0
PACK_X = RIGHT_X + 1.45

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


def gather(packets: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The pack made by taking up ``packets`` (each bottom card first) from the left, each one
    put under those already taken up, and turning the whole over; returned bottom card first, so
    the last element is the new top: the bottom card of the last packet."""
    return tuple(c for packet in packets for c in reversed(packet))


class LaNivernaise(UpAndDownFoundations):
    info = BY_ID["la_nivernaise"]
    pack_used_up = ("the pack is used up: there is no other round to deal", "the-stock-and-waste")
    pack = "2x52"
    option_specs = (
        OptionSpec("redeals", 1, (1, 2), "Re-deals of the Line",
                   labels=("One (the book)", "Two (as PySolFC plays it)")),
    )
    # The Flanks are alike: which of them holds a card changes nothing.
    symmetric_kinds = (PileKind.RESERVE,)

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        up = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        down = Build(-1, SuitRule.SAME, empty=Rank.KING, single_cards=True)
        piles = [PileSpec(name, PileKind.FOUNDATION, F_X0 + i * F_STEP, ACES_Y, "ascending foundation",
                          build=up, take=Take.TOP) for i, name in enumerate(ACES)]
        piles += [PileSpec(name, PileKind.FOUNDATION, F_X0 + i * F_STEP, KINGS_Y, "descending foundation",
                           build=down, take=Take.TOP) for i, name in enumerate(KINGS)]
        piles += [PileSpec(name, PileKind.RESERVE, x, i * FLANK_STEP, "Flank", take=Take.TOP, deal_up=1)
                  for x, names in ((0.0, LEFT_FLANK), (RIGHT_X, RIGHT_FLANK)) for i, name in enumerate(names)]
        piles += [PileSpec(name, PileKind.TABLEAU, i * LINE_STEP, LINE_Y, "packet of the Line", fan=Fan.DOWN,
                           take=Take.TOP, deal_up=PACKET, room=LINE_ROOM)
                  for i, name in enumerate(LINE)]
        piles.append(PileSpec("s", PileKind.STOCK, PACK_X, LINE_Y, "pack", take=Take.NONE))
        return tuple(piles)

    def redeals(self, options: Options) -> int:
        return int(options.get("redeals", 1))

    def passes_allowed(self, options: Options) -> int:
        return self.redeals(options) + 1   # the first deal and each re-deal

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.RESERVE: "the-flanks", PileKind.TABLEAU: "the-line"}.get(spec.kind, "the-line")

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        for name in FLANKS:                  # the left Flank from the top, then the right
            yield name, True
        for name in LINE:                    # then a round: four together on each packet
            for _ in range(PACKET):
                yield name, True

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        return self.settle(super().deal(state, seed))

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        specs, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        yield Draw()
        yield Redeal()
        tops = [deck[p[-1]] if p else None for p in piles]
        empty_flanks = [n for n in FLANKS if not piles[index[n]]]
        home: dict[tuple[object, int], list[str]] = {}
        for name in FOUNDATIONS:
            top = tops[index[name]]
            build = specs[index[name]].build
            assert build is not None
            if top is None:
                home.setdefault((None, int(build.empty)), []).append(name)  # type: ignore[arg-type]
            else:
                home.setdefault((top.suit, int(top.rank) + build.step), []).append(name)
        for name in FLANKS + LINE:
            card = tops[index[name]]
            if card is None:
                continue
            for f in home.get((card.suit, int(card.rank)), []) + home.get((None, int(card.rank)), []):
                yield Move(name, f)
            if name in LINE:
                for v in empty_flanks:
                    yield Move(name, v)
        if piles[index["s"]]:
            for v in empty_flanks:
                yield Move("s", v)
        for name in FOUNDATIONS:
            card = tops[index[name]]
            if card is not None:
                for f in home.get((card.suit, int(card.rank)), []) + home.get((None, int(card.rank)), []):
                    if (f in ACES) != (name in ACES):
                        yield Move(name, f)

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        allowed = self.redeals(self.options_of(state))
        if self.pile_of(state, "s"):
            return IllegalAction("the Line is gathered only when the whole pack has been dealt",
                                 self.ref("re-deals"))
        if state.passes >= allowed:
            times = "once" if allowed == 1 else "twice"
            return IllegalAction(f"the Line may be dealt again only {times}, and that is done",
                                 self.ref("re-deals"))
        if not any(self.pile_of(state, n) for n in LINE):
            return IllegalAction("no card is left in the Line to deal again", self.ref("re-deals"))
        return None

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if src.kind is PileKind.STOCK:
            if dst.kind is not PileKind.RESERVE:
                return IllegalAction("the pack is dealt in rounds on the Line; a single card of it goes "
                                     "only into an empty Flank", self.ref("the-stock-and-waste"))
            if action.count != 1:
                return IllegalAction("a Flank holds a single card", self.ref("the-flanks"))
            if self.pile_of(state, action.dst):
                return IllegalAction("nothing is laid on a Flank card", self.ref("the-flanks"))
            return None
        if src.kind is PileKind.FOUNDATION:
            if dst.kind is not PileKind.FOUNDATION:
                return IllegalAction("a card on the foundations may only be passed to a foundation going "
                                     "the other way", self.ref("exchanges-between-foundations"))
            if (action.src in ACES) == (action.dst in ACES):
                return IllegalAction("a card may be passed only between an ascending and a descending "
                                     "foundation", self.ref("exchanges-between-foundations"))
        if src.kind is PileKind.RESERVE and dst.kind is PileKind.TABLEAU:
            return IllegalAction("nothing is laid on the Line", self.ref("the-line"))
        return super().move_refusal(state, action, src, dst, explain)

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.RESERVE:
            if not pile and len(moving) == 1:
                return None
            return _REFUSED if not explain else IllegalAction(
                "nothing is laid on a Flank card: a Flank holds a single card", self.ref("the-flanks"))
        if dst.kind is PileKind.TABLEAU:
            return _REFUSED if not explain else IllegalAction("nothing is laid on the Line", self.ref("the-line"))
        return super().accepts(state, dst, pile, moving, explain)   # the foundations' suits

    # -- what happens after a move -----------------------------------------------------------
    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if state.deck and (isinstance(action, (Draw, Redeal)) or (
                isinstance(action, Move) and action.src == "s")):
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            if isinstance(action, Draw):
                return self.settle(self.deal_round(state))
            if isinstance(action, Redeal):
                return self.settle(self.redeal(state))
            return self.settle(self._from_pack(state, action.dst))
        return self.settle(super().apply(state, action))

    def deal_round(self, state: PatienceState) -> PatienceState:
        """Four cards together on each packet of the Line, from the left, while the pack lasts."""
        _, index = self._specs_of(state)
        piles = list(state.piles)
        s = index["s"]
        for name in LINE:
            i = index[name]
            take = piles[s][-PACKET:]
            piles[s] = piles[s][:-len(take)] if take else piles[s]
            piles[i] = piles[i] + tuple(reversed(take))   # the top card of the pack goes down first
        return self._with(state, piles=tuple(piles))

    def redeal(self, state: PatienceState) -> PatienceState:
        _, index = self._specs_of(state)
        piles = list(state.piles)
        piles[index["s"]] = gather([state.piles[index[n]] for n in LINE])
        for name in LINE:
            piles[index[name]] = ()
        return self._with(state, piles=tuple(piles), passes=state.passes + 1)

    def _from_pack(self, state: PatienceState, flank: str) -> PatienceState:
        _, index = self._specs_of(state)
        piles = list(state.piles)
        s = index["s"]
        piles[index[flank]] = (piles[s][-1],)
        piles[s] = piles[s][:-1]
        return self._with(state, piles=tuple(piles))

    def settle(self, state: PatienceState) -> PatienceState:
        """What follows every move: an emptied packet takes four cards from the pack at once
        (left to right, while the pack lasts), the pack stays face down, and each packet shows its
        top card and as many under it as there are empty Flanks."""
        _, index = self._specs_of(state)
        piles = list(state.piles)
        s = index["s"]
        for name in LINE:
            i = index[name]
            if not piles[i] and piles[s]:
                take = piles[s][-PACKET:]
                piles[s] = piles[s][:-len(take)]
                piles[i] = tuple(reversed(take))
        seen = 1 + sum(1 for n in FLANKS if not piles[index[n]])
        down = list(state.down)
        down[s] = len(piles[s])
        for name in LINE:
            i = index[name]
            down[i] = max(0, len(piles[i]) - seen)
        return self._with(state, piles=tuple(piles), down=tuple(down))

    # -- the solver's and the hint's help ---------------------------------------------------
    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A Flank or Line card that can go home goes home: nothing is built on the Flanks or the
        Line, so a card there serves only the foundations, and the exchange can still pass it to
        the other foundation of its suit.  A Line card waits while the order of cards to come can
        still depend on it: its packet's last card while the pack lasts (the packet would take
        four fresh cards at once), and any Line card while a re-deal is to come (the Line is
        gathered for it, and every card left in it changes the next deal)."""
        specs, index = self._specs_of(state)
        stock_left = bool(state.piles[index["s"]])
        redeal_left = state.passes < self.redeals(self.options_of(state))
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and action.dst in index and action.src in index \
                    and specs[index[action.dst]].kind is PileKind.FOUNDATION \
                    and specs[index[action.src]].kind is not PileKind.FOUNDATION:
                if action.src in LINE and (redeal_left or stock_left and len(state.piles[index[action.src]]) == 1):
                    continue
                return action
        return None

    # -- the end ---------------------------------------------------------------------------
    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="every card is home: the aces have climbed to the kings and the "
                                          "kings come down to the aces")
        return result

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "deal a round of four cards on each packet of the Line"
        if isinstance(action, Redeal):
            return "gather the Line from the left and deal it again"
        if isinstance(action, Move) and action.src == "s":
            return "fill the Flank with the next card of the pack"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        times = "once" if self.redeals(opts) == 1 else "twice"
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| 4 × ascending foundation | empty at the start | an ace, of a suit not yet among them; "
                "then builds up in suit | its top card, to the descending foundation of its suit |",
                "| 4 × descending foundation | empty at the start | a king, of a suit not yet among them; "
                "then builds down in suit | its top card, to the ascending foundation of its suit |",
                "| 8 × Flank (two columns of four) | 1 face up | nothing on a card; when empty, the next card "
                "of the pack or a packet's top card | the card, to a foundation |",
                "| 6 × packet of the Line | 4, the top one shown (see The Line), more in each round | nothing "
                "from the player; four "
                "fresh cards from the pack when played right off | the top card, to a foundation or an empty "
                "Flank |",
                f"| Pack | the other 72 cards, face down | nothing | dealt in rounds of four on every packet; "
                f"its next card may fill an empty Flank; the Line is gathered and dealt again {times} |"]
        return "\n".join(rows) + "\n"


GAME = LaNivernaise()
