"""The Constitution, Lady Cadogan's two-pack patience (catalogue: the_constitution).

The kings, queens and aces are taken out of the two packs.  The queen of diamonds (the
Sovereign) and the eight kings (black: the Bishops; red: the Judges) are set out for show only;
the other seven queens are put aside.  The eight aces are the foundations, the "Government",
built up in suit to the knaves.  Four rows of eight are dealt, the lowest first: the People, the
House of Commons, the House of Lords and, at the top, the Privy Council.  A card climbs: it may be
laid on a card of the row immediately above its own, one rank lower and of the other colour, and
it reaches the foundations only from the Privy Council.  A pile emptied must be filled at once
from the row below; a vacancy among the People from the talon, or, when there is none, from the
pack.  The rest of the pack is turned one card at a time onto the talon.  There is no re-deal.

Hooks used: ``deal`` (the court cards and aces placed first), ``candidates`` and ``draw_refusal``, ``move_refusal``
(the row hierarchy and the vacancy that must be filled first), ``apply`` (vacancies among the
People filled from the talon or the pack), ``is_won``/``outcome``/``view`` (80 cards in play,
88 on the foundations when won), ``safe_home_move`` and ``hint``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

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
    PatienceView,
    PileKind,
    PileSpec,
    SuitRule,
    Take,
)

# The rows, lowest first: (name prefix, title).
ROWS = (("p", "People"), ("c", "House of Commons"), ("l", "House of Lords"), ("pc", "Privy Council"))
PEOPLE, PRIVY_COUNCIL = 0, 3
WIDTH = 8
# The eight foundations: the upper line of the ring left to right, then the lower line.
FOUNDATION_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS,
                    Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)
COMPLETE = 11          # ace to knave
WON_TOTAL = 8 * COMPLETE

# The table, in card widths.
ROW_X0, STEP = 1.5, 1.2
ROW_Y0, ROW_STEP = 3.4, 1.9
CENTRE = ROW_X0 + (WIDTH - 1) * STEP / 2          # left edge of the Sovereign
RING_DX = (1.2, 2.4)                              # the aces either side of the Sovereign
RING_Y = (0.0, 1.55)

_RED = frozenset((Suit.HEARTS, Suit.DIAMONDS))
_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


def row_name(row: int, i: int) -> str:
    return f"{ROWS[row][0]}{i + 1}"


class Constitution(PatienceGame):
    info = BY_ID["the_constitution"]
    no_redeal = True
    pack_used_up = ("the pack is used up", "the-stock-and-waste")
    pack = "2x52"
    option_specs = (
        OptionSpec("building", "alternate", ("alternate", "rank"), "Building on the rows",
                   labels=("Down in alternating colours (the book)",
                           "Down regardless of suit (as in New British Constitution)")),
        OptionSpec("vacancies", "at_once", ("at_once", "later"), "Filling a vacancy",
                   labels=("At once, before anything else (the book)",
                           "When you choose, from the row below")),
    )

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        suit = SuitRule.ALTERNATE if options["building"] == "alternate" else SuitRule.ANY
        rows = Build(-1, suit, empty=None, single_cards=True)
        home = Build(+1, SuitRule.SAME, empty=None, single_cards=True)
        right = ROW_X0 + WIDTH * STEP + 0.4
        piles = [
            PileSpec("s", PileKind.STOCK, right, ROW_Y0 + 2 * ROW_STEP, "pack", take=Take.NONE),
            PileSpec("w", PileKind.WASTE, right, ROW_Y0 + 3 * ROW_STEP, "talon", take=Take.NONE),
            PileSpec("sov", PileKind.RESERVE, CENTRE, (RING_Y[0] + RING_Y[1]) / 2, "Sovereign",
                     take=Take.NONE),
            PileSpec("bis", PileKind.RESERVE, CENTRE - RING_DX[1] - 1.3, 0.3, "Bishops",
                     fan=Fan.DOWN, take=Take.NONE, room=0.9),
            PileSpec("jud", PileKind.RESERVE, CENTRE + RING_DX[1] + 1.3, 0.3, "Judges",
                     fan=Fan.DOWN, take=Take.NONE, room=0.9),
            PileSpec("out", PileKind.RESERVE, 0.0, 0.3, "queens put aside", take=Take.NONE),
        ]
        places = [(CENTRE + dx, y) for y in RING_Y for dx in (-RING_DX[1], -RING_DX[0], RING_DX[0], RING_DX[1])]
        for i, (x, y) in enumerate(places):
            piles.append(PileSpec(f"f{i + 1}", PileKind.FOUNDATION, x, y, "foundation",
                                  build=home, take=Take.NONE))
        for row in (PRIVY_COUNCIL, 2, 1, PEOPLE):
            title = ROWS[row][1]
            y = ROW_Y0 + (PRIVY_COUNCIL - row) * ROW_STEP
            for i in range(WIDTH):
                piles.append(PileSpec(row_name(row, i), PileKind.TABLEAU, ROW_X0 + i * STEP, y,
                                      f"{title} pile", fan=Fan.DOWN, show=2, room=0.3,
                                      build=rows, take=Take.TOP, deal_up=1))
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 1  # no re-deal

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste",
                PileKind.RESERVE: "players-and-equipment"}.get(spec.kind, "building-on-the-tableau")

    def _rows(self, opts: Any) -> tuple[tuple[int, ...], ...]:
        """Pile indices of each row, lowest row first (cached per options)."""
        cache = self.__dict__.setdefault("_rows_cache", {})
        key = opts if isinstance(opts, tuple) else tuple(sorted(opts.items()))
        if key not in cache:
            _, index = self._structure(key)
            cache[key] = tuple(tuple(index[row_name(r, i)] for i in range(WIDTH)) for r in range(4))
        return cache[key]

    def _row_of(self, opts: Any) -> dict[str, int]:
        cache = self.__dict__.setdefault("_row_of_cache", {})
        key = opts if isinstance(opts, tuple) else tuple(sorted(opts.items()))
        if key not in cache:
            cache[key] = {row_name(r, i): r for r in range(4) for i in range(WIDTH)}
        return cache[key]

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """The aces, kings and queens come out first (the first copies in the shuffled packs go
        to the places set for them), then the four rows are dealt, the People first; the other
        48 cards are the pack."""
        opts = self.options_of(state)
        specs, index = self._structure(state.opts)
        rest = list(shuffled(PACKS[self.pack], seed))
        taken: dict[str, list[Card]] = {}

        def take(name: str, card: Card) -> None:
            taken.setdefault(name, []).append(rest.pop(rest.index(card)))

        for i, suit in enumerate(FOUNDATION_SUITS):
            take(f"f{i + 1}", Card(Rank.ACE, suit))
        take("sov", Card(Rank.QUEEN, Suit.DIAMONDS))
        for suit in (Suit.SPADES, Suit.CLUBS):
            for _ in range(2):
                take("bis", Card(Rank.KING, suit))
        for suit in (Suit.HEARTS, Suit.DIAMONDS):
            for _ in range(2):
                take("jud", Card(Rank.KING, suit))
        for card in [c for c in rest if c.rank is Rank.QUEEN]:
            take("out", card)
        deck: list[Card] = []
        piles: list[tuple[int, ...]] = [()] * len(specs)
        for name, cards in taken.items():
            piles[index[name]] = tuple(range(len(deck), len(deck) + len(cards)))
            deck.extend(cards)
        deck.extend(rest)
        next_id = sum(len(c) for c in taken.values())
        for name, _ in self.deal_order(opts):
            i = index[name]
            piles[i] = piles[i] + (next_id,)
            next_id += 1
        stock = index["s"]
        piles[stock] = tuple(range(next_id, len(deck)))
        down = [0] * len(specs)
        down[stock] = len(piles[stock])
        return self._with(state, deck=tuple(deck), piles=tuple(piles), down=tuple(down), deal_seed=seed)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        # four rows of eight, the lowest (the People) first
        for row in range(4):
            for i in range(WIDTH):
                yield row_name(row, i), True

    # -- the rules -------------------------------------------------------------------------
    def pending(self, state: PatienceState) -> list[tuple[int, int]]:
        """Vacancies that must be filled before anything else: (row, pile index) of every empty
        pile above the People whose row below still has a card (People vacancies are filled by
        the table itself)."""
        memo = self.__dict__.get("_pending_memo")
        if memo is not None and memo[0] is state:
            return memo[1]
        out: list[tuple[int, int]] = []
        if dict(state.opts).get("vacancies") == "at_once":
            rows = self._rows(state.opts)
            piles = state.piles
            for r in range(1, 4):
                if any(piles[i] for i in rows[r - 1]):
                    out.extend((r, i) for i in rows[r] if not piles[i])
        self.__dict__["_pending_memo"] = (state, out)
        return out

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        # Looked up rather than tried pile against pile: the table asks after every move.
        specs, index = self._specs_of(state)
        rows = self._rows(state.opts)
        piles, deck = state.piles, state.deck
        pend = self.pending(state)
        if pend:
            for r, v in pend:
                for u in rows[r - 1]:
                    if piles[u]:
                        yield Move(specs[u].name, specs[v].name)
            return
        yield Draw()
        opts = dict(state.opts)
        later = opts.get("vacancies") == "later"
        alternate = opts.get("building") == "alternate"
        wanted: dict[tuple[Any, int], list[str]] = {}
        for j in range(8):
            name = f"f{j + 1}"
            top = deck[piles[index[name]][-1]]
            wanted.setdefault((top.suit, int(top.rank) + 1), []).append(name)
        for u in rows[PRIVY_COUNCIL]:
            if piles[u]:
                card = deck[piles[u][-1]]
                for name in wanted.get((card.suit, int(card.rank)), ()):
                    yield Move(specs[u].name, name)
        for r in range(3):
            targets: dict[tuple[int, bool | None], list[int]] = {}
            empty: list[int] = []
            for v in rows[r + 1]:
                if piles[v]:
                    top = deck[piles[v][-1]]
                    red = top.suit in _RED if alternate else None
                    targets.setdefault((int(top.rank), red), []).append(v)
                else:
                    empty.append(v)
            for u in rows[r]:
                if not piles[u]:
                    continue
                card = deck[piles[u][-1]]
                key = (int(card.rank) + 1, (card.suit not in _RED) if alternate else None)
                for v in targets.get(key, ()):
                    yield Move(specs[u].name, specs[v].name)
                if later:
                    for v in empty:
                        yield Move(specs[u].name, specs[v].name)

    def _vacancy_text(self, state: PatienceState, pend: list[tuple[int, int]]) -> IllegalAction:
        r, v = pend[0]
        specs, _ = self._specs_of(state)
        return IllegalAction(f"the vacancy in the {ROWS[r][1]} ({specs[v].name}) must be filled first, "
                             f"with a card from the {ROWS[r - 1][1]}", self.ref("spaces"))

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        pend = self.pending(state)
        return self._vacancy_text(state, pend) if pend else super().draw_refusal(state)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if PileKind.RESERVE in (src.kind, dst.kind):
            return IllegalAction("the Sovereign, the kings and the queens put aside take no part in the play",
                                 self.ref("players-and-equipment"))
        if src.kind is PileKind.STOCK:
            return IllegalAction("cards leave the pack only when turned, or to fill a vacancy among the People",
                                 self.ref("the-stock-and-waste"))
        if src.kind is PileKind.WASTE:
            return IllegalAction("the talon's top card serves only to fill a vacancy among the People, "
                                 "which the table does at once", self.ref("the-stock-and-waste"))
        if src.kind is PileKind.FOUNDATION:
            return IllegalAction("a card on the foundations stays there", self.ref("the-foundations"))
        if dst.kind in (PileKind.STOCK, PileKind.WASTE):
            return IllegalAction(f"nothing may be put on the {self.pile_title(dst)}", self.ref("the-stock-and-waste"))
        if action.count != 1:
            return IllegalAction("only the top card of a pile is free, and cards move one at a time",
                                 self.ref("moving-runs"))
        row_of = self._row_of(state.opts)
        r_src = row_of[action.src]
        di = self._specs_of(state)[1][action.dst]
        pend = self.pending(state)
        if pend and not (((row_of.get(action.dst), di) in pend) and r_src == row_of[action.dst] - 1):
            return self._vacancy_text(state, pend)
        if dst.kind is PileKind.FOUNDATION:
            if r_src != PRIVY_COUNCIL:
                return IllegalAction("cards reach the foundations only from the Privy Council",
                                     self.ref("the-foundations"))
            return super().move_refusal(state, action, src, dst, explain)
        r_dst = row_of[action.dst]
        if not state.piles[di]:
            if r_dst == PEOPLE:
                return IllegalAction("a vacancy among the People is filled from the talon, or from the pack",
                                     self.ref("spaces"))
            if r_src != r_dst - 1:
                return IllegalAction(f"a vacancy in the {ROWS[r_dst][1]} is filled only from the row "
                                     f"immediately below, the {ROWS[r_dst - 1][1]}", self.ref("spaces"))
            return None
        if r_src != r_dst - 1:
            return IllegalAction("a card may be placed only on a card of the row immediately above its own",
                                 self.ref("building-on-the-tableau"))
        return super().move_refusal(state, action, src, dst, explain)

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        if dst.kind is PileKind.FOUNDATION:
            return f"the {card.name} cannot go on the {below.name}: the foundations are built up in suit"
        assert dst.build is not None
        how = "of the other colour" if dst.build.suit is SuitRule.ALTERNATE else "of any suit"
        return f"the {card.name} cannot go on the {below.name}: a card climbs onto a card one rank higher, {how}"

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A move to the foundations that cannot hurt (for the table's automatic play and the
        solver): a two always; any other card of the Privy Council when every card that could
        still be laid on it (one rank lower, of the other colour, or of any suit under the
        modern option) is already home."""
        if self.pending(state):
            return None
        _, index = self._specs_of(state)
        home = Counter(state.deck[c] for j in range(8) for c in state.piles[index[f"f{j + 1}"]])
        alternate = dict(state.opts).get("building") == "alternate"
        for action in self.legal_actions(state, 0):
            if not isinstance(action, Move) or not action.dst.startswith("f"):
                continue
            card = state.deck[state.piles[index[action.src]][-1]]
            suits = [s for s in Suit if not alternate or (s in _RED) != (card.suit in _RED)]
            if card.rank == Rank.TWO or all(home[Card(Rank(card.rank - 1), s)] == 2 for s in suits):
                return action
        return None

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        new = super().apply(state, action)
        return self.fill_people(new) if new.deck else new

    def fill_people(self, state: PatienceState) -> PatienceState:
        """Every vacancy among the People filled, left to right, from the talon, else the pack."""
        rows = self._rows(state.opts)
        empty = [i for i in rows[PEOPLE] if not state.piles[i]]
        if not empty:
            return state
        _, index = self._specs_of(state)
        s, w = index["s"], index["w"]
        piles, down = list(state.piles), list(state.down)
        for i in empty:
            source = w if piles[w] else s
            if not piles[source]:
                break
            piles[i] = (piles[source][-1],)
            piles[source] = piles[source][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    # -- the end ---------------------------------------------------------------------------
    def is_won(self, state: PatienceState) -> bool:
        return bool(state.deck) and self.on_foundations(state) == WON_TOTAL

    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="the eight foundations are built up to the knaves")
        return result

    def view(self, state: PatienceState, seat: int | None) -> PatienceView:
        view = super().view(state, seat)
        return replace(view, total=WON_TOTAL) if state.deck else view

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "turn the next card of the pack onto the talon"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        colours = "in alternating colours" if opts["building"] == "alternate" else "regardless of suit"
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| Pack | the 48 cards left after the deal, face down | nothing | turned one at a time "
                "onto the talon |",
                "| Talon | empty at the start | cards turned from the pack | its top card, only into a "
                "vacancy among the People (done by the table) |",
                "| The Sovereign | the queen of diamonds | nothing: shown only | nothing |",
                "| The Bishops, the Judges | the four black kings, the four red kings | nothing: shown "
                "only | nothing |",
                "| Queens put aside | the other seven queens | nothing | nothing |",
                "| 8 × foundation (the Government) | an ace each, two of every suit | builds up in suit "
                "to the knave, only from the Privy Council | nothing |"]
        for row in (PRIVY_COUNCIL, 2, 1, PEOPLE):
            title = ROWS[row][1]
            if row == PEOPLE:
                accepts = "nothing but a card filling a vacancy, from the talon or the pack"
            else:
                accepts = (f"single cards from the {ROWS[row - 1][1]}, one rank lower {colours}; "
                           f"a vacancy is filled from the {ROWS[row - 1][1]}")
            rows.append(f"| 8 × {title} | 1 face up | {accepts} | the top card only |")
        return "\n".join(rows) + "\n"


GAME = Constitution()
