"""Babette, Lady Cadogan's two-pack patience (catalogue: babette).

The "garden" is dealt in rows of eight, each row laid under the one before so that it covers it:
only the lowest card of each of the eight columns is available, and taking it away frees the card
above.  A row must be complete before anything is played from it.  The foundations are four aces
built up and four kings built down, in suit, the four aces of different suits and the four kings
too; nothing is built anywhere else, and a gap left in the garden is never filled.  When the pack
is used up and nothing more will go, the columns are taken up from the left, each under those
already taken, the whole is turned over -- the right-hand column now on top -- and dealt out again
in rows of eight.  This may be done twice.

Hooks used: ``deal_order`` (the first row), ``candidates`` and ``redeal_refusal`` (rows dealt whole, the
re-deal), ``accepts`` (the suits of the foundations), ``apply`` (a row dealt, the garden taken up
and dealt again), ``safe_home_move``, ``hint`` and ``piles_markdown``.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from ...core.cards import SUITS, Card
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import OptionSpec, Options, Outcome
from ..catalogue import BY_ID
from .engine import (Draw, Fan, Move, PatienceAction, PatienceState,
                     PileKind, PileSpec, Redeal, Take)
from .up_and_down_foundations import ACES, FOUNDATIONS, KINGS, UpAndDownFoundations

COLUMNS = tuple(f"t{i + 1}" for i in range(8))

# The table, in card widths (a card is 1 wide and 1.4 high): the eight foundations in a line
# above the garden's eight columns -- the aces on the left, the kings on the right -- and the pack
# at the top left.
STEP = 1.2
LEFT = 1.3                  # the first foundation and the first column
GARDEN_Y = 1.4 + 0.45

_REFUSED = IllegalAction("not legal")  # the move generator's unexplained refusal


def take_up(columns: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The pack made by taking up ``columns`` (each its first-dealt card first) from the left,
    each one put under those already taken up, and turning the whole over; returned bottom card
    first, so the last element -- the new top -- is the first-dealt card of the last column."""
    return tuple(c for column in columns for c in reversed(column))


class HintPlayer:
    """The computer player of a patience whose own hint plays it to the end: it plays the hint
    until the hint has nothing useful left.  (The shared ``PatiencePlayer`` gives up after more
    turns of the stock than there are cards in hand, which stops a pack dealt a row at a time
    long before it is used up.)"""

    def choose(self, game: Any, view: Any, legal: Sequence[PatienceAction],
               state: Any = None) -> PatienceAction | None:
        if state is not None:
            return game.hint(state, 0)
        from ...ai.patience import PatienceHeuristic
        return PatienceHeuristic().best(game, view, legal)


class Babette(UpAndDownFoundations):
    info = BY_ID["babette"]
    pack_used_up = ("the pack is used up: there is no other row to deal", "the-stock-and-waste")
    pack = "2x52"
    option_specs = (
        OptionSpec("redeals", 2, (2, 1, 0), "Re-deals of the garden",
                   labels=("Two (the book)", "One", "None")),
    )
    # The foundations of one kind are alike; the columns are not (rows are dealt from the left).
    symmetric_kinds = (PileKind.FOUNDATION,)

    def computer_player(self, level: int = 2) -> Any:
        return HintPlayer()

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        piles = [PileSpec("s", PileKind.STOCK, 0, 0, "pack", take=Take.NONE)]
        piles += self.foundation_piles(LEFT, 0.0, STEP)
        piles += [PileSpec(name, PileKind.TABLEAU, LEFT + i * STEP, GARDEN_Y, "column of the garden",
                           fan=Fan.DOWN, take=Take.TOP, deal_up=1) for i, name in enumerate(COLUMNS)]
        return tuple(piles)

    def redeals(self, options: Options) -> int:
        return int(options.get("redeals", 2))

    def passes_allowed(self, options: Options) -> int:
        return self.redeals(options) + 1

    def anchor_for(self, spec: PileSpec) -> str:
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste"}.get(
            spec.kind, "the-garden")

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        for name in COLUMNS:          # the first row, left to right
            yield name, True

    # -- the rules -------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        yield Draw()
        yield Redeal()
        targets = self.home_targets(state)
        for name in COLUMNS:
            pile = state.piles[index[name]]
            if pile:
                yield from self.home_moves_for(state, name, state.deck[pile[-1]], targets)

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        allowed = self.redeals(self.options_of(state))
        if allowed == 0:
            return IllegalAction("this game is played without a re-deal", self.ref("re-deals"))
        if self.pile_of(state, "s"):
            return IllegalAction("the garden is taken up only when the whole pack has been dealt",
                                 self.ref("re-deals"))
        if state.passes >= allowed:
            times = "once" if allowed == 1 else "twice"
            return IllegalAction(f"the garden may be dealt again only {times}, and that is done",
                                 self.ref("re-deals"))
        if not any(self.pile_of(state, n) for n in COLUMNS):
            return IllegalAction("no card is left in the garden", self.ref("re-deals"))
        return None

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        if dst.kind is PileKind.TABLEAU:
            if not explain:
                return _REFUSED
            if not pile:
                return IllegalAction("a gap in the garden is never filled", self.ref("spaces"))
            return IllegalAction("nothing is built in the garden: cards go only to the foundations",
                                 self.ref("the-garden"))
        return super().accepts(state, dst, pile, moving, explain)

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if state.deck and isinstance(action, (Draw, Redeal)):
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            if isinstance(action, Redeal):
                state = self.take_up_garden(state)
            return self.deal_row(state)
        return super().apply(state, action)

    def deal_row(self, state: PatienceState) -> PatienceState:
        """One card under each column, from the left, while the pack lasts."""
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        s = index["s"]
        for name in COLUMNS:
            if not piles[s]:
                break
            t = index[name]
            piles[t] = piles[t] + (piles[s][-1],)
            piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def take_up_garden(self, state: PatienceState) -> PatienceState:
        """The columns taken up from the left and turned over into a new pack."""
        _, index = self._specs_of(state)
        piles, down = list(state.piles), list(state.down)
        piles[index["s"]] = take_up([state.piles[index[n]] for n in COLUMNS])
        down[index["s"]] = len(piles[index["s"]])
        for name in COLUMNS:
            piles[index[name]] = ()
        return self._with(state, piles=tuple(piles), down=tuple(down), passes=state.passes + 1)

    # -- the solver's and the hint's help ---------------------------------------------------
    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """A card goes home without a second thought, once no re-deal is left, unless there is a
        choice to make: nothing is built in the garden, so a card there serves only the
        foundations, and taking it away only frees the card above it.  The choices are which of
        two twin cards to play first, and which foundation takes a card that both foundations of
        its suit want; those are left to the search (the foundations not yet begun are alike, so
        starting one is no choice).  While a re-deal is to come, every card left in the garden
        changes the order of the next deal, so no move is taken for granted."""
        if state.passes < self.redeals(self.options_of(state)):
            return None
        moves = [a for a in self.legal_actions(state, 0) if isinstance(a, Move)]
        if not moves:
            return None
        _, index = self._specs_of(state)
        faces: dict[Card, set[str]] = {}
        targets: dict[Card, set[str]] = {}
        for a in moves:
            card = state.deck[state.piles[index[a.src]][-1]]
            faces.setdefault(card, set()).add(a.src)
            if state.piles[index[a.dst]]:
                targets.setdefault(card, set()).add(a.dst)
        for a in moves:
            card = state.deck[state.piles[index[a.src]][-1]]
            if len(faces[card]) == 1 and len(targets.get(card, ())) <= 1:
                return a
        return None

    def solver_model(self, state: PatienceState) -> Any:
        """The solver's compact model of the game (see ``BabetteModel``)."""
        return BabetteModel(self, state) if state.deck else None

    def hint(self, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """Cards home as long as any will go, then the next row, then the re-deal: in Babette
        nothing else can be done, and playing a card home never does harm.  Where there is a
        choice (twin cards, or a card both foundations of its suit want) each way is played on as
        far as the garden in sight allows, and the one that takes more cards home is chosen."""
        legal = self.legal_actions(state, 0)
        if not legal:
            return None
        home = self._unique_home(state)
        if home is not None:
            return home
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return max(moves, key=lambda a: (self._play_on(self.apply(state, a)), -moves.index(a)))
        for kind in (Draw(), Redeal()):
            if kind in legal:
                return kind
        return None

    def _unique_home(self, state: PatienceState) -> PatienceAction | None:
        """A move home with no choice in it (as ``safe_home_move`` finds on the last pass)."""
        last = replace(state, passes=max(state.passes, self.redeals(self.options_of(state))))
        move = self.safe_home_move(last)
        return move if move is not None and move in self.legal_actions(state, 0) else None

    def _play_on(self, state: PatienceState, budget: int = 200) -> int:
        """Cards home after playing on from ``state`` without dealing (only the garden in sight
        is used): moves with no choice in them, and the first of any choice."""
        for _ in range(budget):
            move = self._unique_home(state)
            if move is None:
                move = next((a for a in self.legal_actions(state, 0) if isinstance(a, Move)), None)
            if move is None:
                break
            state = self.apply(state, move)
        return self.on_foundations(state)

    # -- the end ---------------------------------------------------------------------------
    def outcome(self, state: PatienceState) -> Outcome | None:
        result = super().outcome(state)
        if result is not None and self.is_won(state):
            return replace(result, reason="the garden is cleared: the aces have climbed to the kings and "
                                          "the kings come down to the aces")
        return result

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "deal the next row of the garden"
        if isinstance(action, Redeal):
            return "take up the garden from the left, turn it over and deal it again"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        n = self.redeals(opts)
        again = {0: "no re-deal in this game", 1: "taken up and dealt again once",
                 2: "taken up and dealt again twice"}[n]
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
                "| 4 × ascending foundation | empty at the start | an ace, of a suit not yet among them; "
                "then builds up in suit | nothing |",
                "| 4 × descending foundation | empty at the start | a king, of a suit not yet among them; "
                "then builds down in suit | nothing |",
                "| 8 × column of the garden | 1 face up, and one more with every row | nothing from the "
                "player; a gap is never filled | the lowest card, to a foundation |",
                f"| Pack | the other 96 cards, face down | nothing | dealt in rows of eight; the garden is "
                f"{again} |"]
        return "\n".join(rows) + "\n"


# -- the solver's model ------------------------------------------------------------------------------
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


class BabetteModel:
    """Babette for ``compendium.ai.solver.search``: cards as small integers (suit * 16 + rank), a
    position as (columns, pack, ascending ranks, descending ranks, re-deals made) -- the columns in
    table order, the pack with its top card last, and per suit the rank its ascending foundation
    has reached (0: not begun) and the rank its descending one has come down to (14: not begun).

    Once no re-deal is left, a row is never dealt while a card can go home (dealing covers that
    card; playing it first and dealing after reaches every position the other order reaches, or a
    better one: the foundations only grow, and nothing is built in the garden), and the safe moves
    of ``Babette.safe_home_move`` are played without branching: a card home when neither its twin
    nor a second foundation makes it a choice.  Before the last re-deal nothing is left out, for
    every card still in the garden changes the order of the next deal."""

    def __init__(self, game: Babette, state: PatienceState) -> None:
        _, index = game._specs_of(state)
        deck = state.deck
        code = [_SUIT_INDEX[c.suit] * 16 + int(c.rank) for c in deck]  # type: ignore[index]
        self.redeals = game.redeals(game.options_of(state))
        cols = tuple(tuple(code[c] for c in state.piles[index[n]]) for n in COLUMNS)
        pack = tuple(code[c] for c in state.piles[index["s"]])
        up, down = [0] * 4, [14] * 4
        self.up_pile: dict[int, str] = {}
        self.down_pile: dict[int, str] = {}
        for name in FOUNDATIONS:
            pile = state.piles[index[name]]
            if pile:
                suit = code[pile[0]] >> 4
                if name in ACES:
                    up[suit], self.up_pile[suit] = code[pile[-1]] & 15, name
                else:
                    down[suit], self.down_pile[suit] = code[pile[-1]] & 15, name
        self._root, self._forced = self._settle((cols, pack, tuple(up), tuple(down), state.passes))

    # -- the protocol -----------------------------------------------------------------------
    def root(self) -> Any:
        return self._root

    def key(self, position: Any) -> Any:
        return position

    def won(self, position: Any) -> bool:
        return not position[1] and not any(position[0])

    def dead(self, position: Any) -> bool:
        return False

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        up_pile, down_pile = dict(self.up_pile), dict(self.down_pile)
        out: list[Any] = []
        for move in [*self._forced, *(m for label in labels for m in label)]:
            if move == "deal":
                out.append(Draw())
            elif move == "redeal":
                out.append(Redeal())
            else:
                way, column, suit = move
                piles, names = (up_pile, ACES) if way == "up" else (down_pile, KINGS)
                if suit not in piles:
                    piles[suit] = next(n for n in names if n not in piles.values())
                out.append(Move(COLUMNS[column], piles[suit]))
        return out

    # -- the rules ----------------------------------------------------------------------------
    @staticmethod
    def _homes(cols: Sequence[tuple[int, ...]], up: Sequence[int], down: Sequence[int]) -> list[tuple[str, int, int]]:
        out = []
        for i, col in enumerate(cols):
            if col:
                card = col[-1]
                suit, rank = card >> 4, card & 15
                if rank == up[suit] + 1:
                    out.append(("up", i, card))
                if rank == down[suit] - 1:
                    out.append(("down", i, card))
        return out

    @staticmethod
    def _play(position: Any, way: str, column: int, card: int) -> Any:
        cols, pack, up, down, passes = position
        new = list(cols)
        new[column] = cols[column][:-1]
        if way == "up":
            up = up[:card >> 4] + (card & 15,) + up[(card >> 4) + 1:]
        else:
            down = down[:card >> 4] + (card & 15,) + down[(card >> 4) + 1:]
        return tuple(new), pack, up, down, passes

    def _settle(self, position: Any) -> tuple[Any, list[Any]]:
        played: list[Any] = []
        if position[4] < self.redeals:
            return position, played
        while True:
            homes = self._homes(position[0], position[2], position[3])
            faces = [card for _, _, card in homes]
            safe = next(((way, i, card) for way, i, card in homes
                         if faces.count(card) == 1 and not (way == "up" and (card & 15) == 1)
                         and not (way == "down" and (card & 15) == 13)), None)
            if safe is None:
                # a foundation begun is no choice either (the places of one kind are alike)
                safe = next(((way, i, card) for way, i, card in homes if faces.count(card) == 1), None)
            if safe is None:
                return position, played
            way, i, card = safe
            position = self._play(position, way, i, card)
            played.append((way, i, card >> 4))

    def children(self, position: Any) -> list[tuple[Any, Any]]:
        cols, pack, up, down, passes = position
        out: list[tuple[Any, Any]] = []
        homes = self._homes(cols, up, down)
        for way, i, card in homes:
            child, forced = self._settle(self._play(position, way, i, card))
            out.append((((way, i, card >> 4), *forced), child))
        if pack and (not homes or passes < self.redeals):
            new = list(cols)
            rest = list(pack)
            for j in range(len(new)):
                if not rest:
                    break
                new[j] = new[j] + (rest.pop(),)
            child, forced = self._settle((tuple(new), tuple(rest), up, down, passes))
            out.append((("deal", *forced), child))
        if not pack and passes < self.redeals and any(cols):
            gathered = list(take_up(cols))
            new = [()] * len(cols)
            for j in range(len(new)):
                if not gathered:
                    break
                new[j] = (gathered.pop(),)
            child, forced = self._settle((tuple(new), tuple(gathered), up, down, passes + 1))
            out.append((("redeal", *forced), child))
        return out


GAME = Babette()
