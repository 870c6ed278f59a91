"""The patience engine: a patience game is a declaration of piles, plus a few named hooks.

Vocabulary (after Lady Cadogan and PySolFC's stacks, turned into typed data):

* a ``PileSpec`` says what a pile is (stock, waste, foundation, tableau, reserve, cell), where it
  lies on the table in card units, how it is dealt, what it accepts (a ``Build``) and what may be
  taken from it (a ``Take`` rule);
* the state keeps, for every pile, the physical card ids bottom to top and how many of them are
  face down, so the view can hide exactly those;
* legality lives in ``why_illegal``: ``legal_actions`` is the set of candidate moves it accepts,
  ``apply`` raises what it returns, and every refusal cites an anchor of the game's rules page.
"""
from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ...core.cards import PACKS, Card, Rank
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.rng import shuffled
from ...core.rules import rule_ref


def cards_to_move(pile: str, count: int, held: int) -> str:
    """Why ``count`` cards cannot be taken from ``pile``, which holds ``held``: as a sentence."""
    if count < 1:
        return "a move takes one card or more"
    if held == 0:
        return f"the {pile} has no card to move"
    return f"the {pile} holds only {held} card{'' if held == 1 else 's'}, not {count}"


class PileKind(Enum):
    STOCK = "stock"
    WASTE = "waste"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"
    CELL = "cell"


class SuitRule(Enum):
    SAME = "in suit"
    ALTERNATE = "in alternating colours"
    ANY = "regardless of suit"


class Take(Enum):
    """What may be lifted off a pile."""

    NONE = "nothing"
    TOP = "the top card only"
    RUNS = "the top card or any run built by the pile's rule"
    ALL_FACE_UP = "all its face-up cards together, or none"


class Fan(Enum):
    NONE = "squared"
    DOWN = "fanned downwards"
    UP = "fanned upwards"
    RIGHT = "fanned to the right"
    LEFT = "fanned to the left"


@dataclass(frozen=True, slots=True)
class Build:
    """What a pile accepts.  ``step`` -1 builds down, +1 up, 0 either way."""

    step: int
    suit: SuitRule
    empty: Rank | None | str = "any"   # a rank, "any", or None (an empty pile takes nothing)
    wrap: bool = False                 # king and ace are next to each other
    single_cards: bool = False         # only one card at a time may be placed here

    def fits(self, below: Card | None, card: Card) -> bool:
        if below is None:
            return self.empty == "any" or self.empty == card.rank
        return self.follows(below, card)

    def follows(self, below: Card, card: Card) -> bool:
        # Written for speed (the move generator and the solver call it millions of times):
        # plain attributes and integer arithmetic, no Enum properties.
        if self.suit is SuitRule.SAME:
            if below.suit is not card.suit:
                return False
        elif self.suit is SuitRule.ALTERNATE and below.suit.is_red is card.suit.is_red:  # type: ignore[union-attr]
            return False
        diff = int(card.rank) - int(below.rank)
        if self.wrap:
            diff %= 13
            if diff == 12:
                diff = -1
        return diff == self.step if self.step else diff in (1, -1)

    def describe(self, with_empty: bool = True) -> str:
        direction = {1: "up", -1: "down", 0: "up or down"}[self.step]
        text = f"builds {direction} {self.suit.value}"
        if with_empty and self.empty is None:
            text += "; when empty it takes nothing"
        elif with_empty and self.empty != "any":
            text += f"; when empty it takes only a {Rank(self.empty).title}"
        if self.wrap:
            text += "; the king and the ace are next to each other"
        return text


_FACES = tuple(dict.fromkeys(PACKS["52"]))


@lru_cache(maxsize=4096)
def _faces_accepted(build: Build, below: Card | None) -> frozenset[Card] | None:
    """The card faces ``build.fits`` lets on ``below`` (``None``: any card at all)."""
    if below is None and build.empty == "any":
        return None
    return frozenset(face for face in _FACES if build.fits(below, face))


@dataclass(frozen=True, slots=True)
class PileSpec:
    name: str                      # short name used in action text: "s", "w", "f1", "t3"
    kind: PileKind
    x: float                       # position of the pile's first card, in card widths
    y: float                       # in card widths (a card is 1.4 high)
    label: str = ""
    fan: Fan = Fan.NONE
    build: Build | None = None
    take: Take = Take.TOP
    deal_down: int = 0             # cards dealt face down, then
    deal_up: int = 0               # cards dealt face up on top of them
    flip_top: bool = False         # a face-down card left on top is turned up at once
    show: int = 0                  # how many top cards are fanned out (0: all of them)
    room: float = 0.0              # card widths the fan may take beyond its first card (0: the
                                   # table's default for the direction); longer fans are squeezed
    crossways: bool = False        # the cards lie on their side (the book's picture turns
                                   # them): x, y is then the corner of a card 1.4 wide, 1 high


@dataclass(frozen=True, slots=True)
class Move:
    src: str
    dst: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn cards from the stock onto the waste."""


@dataclass(frozen=True, slots=True)
class Redeal:
    """Turn the waste over to make a new stock."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The shuffle, recorded with its number."""

    seed: int


PatienceAction = Move | Draw | Redeal | Deal

_REFUSED = IllegalAction("not legal")  # the unexplained refusal of the move generator


@dataclass(frozen=True, slots=True)
class PatienceState:
    deck: tuple[Card, ...]                 # physical id -> face; empty before the deal
    piles: tuple[tuple[int, ...], ...]     # physical ids, bottom to top
    down: tuple[int, ...]                  # face-down cards at the bottom of each pile
    passes: int = 0                        # times the waste has been turned into a new stock
    deal_seed: int | None = None
    opts: tuple[tuple[str, Any], ...] = () # the game's options, sorted (the hooks depend on them)


@dataclass(frozen=True, slots=True)
class PileView:
    name: str
    kind: PileKind
    cards: tuple[ViewCard, ...]


@dataclass(frozen=True, slots=True)
class PatienceView:
    piles: tuple[PileView, ...]
    passes_left: int | None                # None: unlimited
    score: int
    on_foundations: int
    total: int
    deal_seed: int | None

    def pile(self, name: str) -> PileView:
        for p in self.piles:
            if p.name == name:
                return p
        raise KeyError(name)


class PatienceGame(Game[PatienceState, PatienceAction, PatienceView]):
    """A patience declared as data.  Subclasses set ``info``, ``pack`` and ``option_specs`` and
    implement ``layout(options)``; they may override the hooks below for the book's oddities."""

    pack: str = "52"
    table_kind = TableKind.PATIENCE
    draw_count_option = "draw"     # name of the option giving cards per draw (if any)
    passes_option = "passes"       # name of the option giving the number of passes (0 = unlimited)

    # -- declaration hooks ------------------------------------------------------------------
    @abstractmethod
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        """The declaration: every pile of the game with these options."""

    def draw_count(self, options: Options) -> int:
        return int(options.get(self.draw_count_option, 1))

    def passes_allowed(self, options: Options) -> int:
        """How many times the stock may be gone through; 0 means without limit."""
        return int(options.get(self.passes_option, 1))

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def can_take_from(self, options: Options, spec: PileSpec) -> IllegalAction | None:
        """Hook: may cards be lifted from this pile at all (e.g. foundations)?"""
        if spec.take is Take.NONE:
            return IllegalAction(f"cards may not be taken from the {self.pile_title(spec)}",
                                 self.ref(self.anchor_for(spec)))
        return None

    def anchor_for(self, spec: PileSpec) -> str:
        """Hook: the rules-page section that governs a pile."""
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "building-on-the-tableau")

    # Piles of these kinds with identical declarations are interchangeable (their places on the
    # table do not matter to the rules), so the solver may treat positions that differ only by
    # their order as one.  Games whose hooks care where a pile lies leave this empty.
    symmetric_kinds: tuple[PileKind, ...] = ()

    def canonical_key(self, state: PatienceState) -> Any:
        """A hashable form of the position for the solver's table of positions already seen."""
        if not self.symmetric_kinds:
            return (state.piles, state.down, state.passes)
        group_of = self._symmetry_groups(state.opts)
        fixed: list[Any] = []
        groups: dict[int, list[Any]] = {}
        for i, pile in enumerate(state.piles):
            # physical ids stand for faces: cheaper to hash, and exact for a one-pack game
            # (with two packs, twin cards keep two positions apart: fewer merges, still correct)
            g = group_of[i]
            if g is None:
                fixed.append(pile)
            else:
                groups.setdefault(g, []).append((pile, state.down[i]))
        return (tuple(fixed), tuple(tuple(sorted(g)) for g in groups.values()), state.passes)

    def _symmetry_groups(self, opts: Any) -> tuple[int | None, ...]:
        """For each pile, the number of its group of interchangeable piles (None: not symmetric)."""
        cache = self.__dict__.setdefault("_symmetry_cache", {})
        if opts not in cache:
            specs, _ = self._structure(opts)
            keys: dict[Any, int] = {}
            cache[opts] = tuple(keys.setdefault((s.kind, s.build, s.take), len(keys))
                                if s.kind in self.symmetric_kinds else None for s in specs)
        return cache[opts]

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """Hook for the solver: a move to the foundations that can never hurt, played without
        branching.  By default none (whether a card is safe to send home depends on the game)."""
        return None

    def score(self, state: PatienceState) -> int:
        return self.on_foundations(state)

    def score_sheet(self, state: PatienceState) -> list[ScoreEvent]:
        return []

    # -- structure (cached per options) ------------------------------------------------------
    def specs(self, options: Options) -> tuple[PileSpec, ...]:
        return self._structure(options)[0]

    def _index(self, options: Options) -> dict[str, int]:
        return self._structure(options)[1]

    def _structure(self, options: Options) -> tuple[tuple[PileSpec, ...], dict[str, int]]:
        # Asked at every step with the state's own options tuple: the same object each time.
        last = self.__dict__.get("_structure_last")
        if last is not None and last[0] is options:
            return last[1]
        key = options if isinstance(options, tuple) else tuple(sorted(options.items()))
        cache = self.__dict__.setdefault("_structure_cache", {})
        if key not in cache:
            specs = self.layout(dict(key))
            cache[key] = (specs, {p.name: i for i, p in enumerate(specs)})
        if isinstance(options, tuple):
            self.__dict__["_structure_last"] = (options, cache[key])
        return cache[key]

    # -- the protocol -----------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> PatienceState:
        opts = self.resolve_options(options)
        n = len(self.specs(opts))
        return PatienceState(deck=(), piles=((),) * n, down=(0,) * n, opts=tuple(sorted(opts.items())))

    def options_of(self, state: PatienceState) -> Options:
        return dict(state.opts)

    def _specs_of(self, state: PatienceState) -> tuple[tuple[PileSpec, ...], dict[str, int]]:
        return self._structure(state.opts)

    @staticmethod
    def _with(state: PatienceState, **changes: Any) -> PatienceState:
        return replace(state, **changes)

    def to_move(self, state: PatienceState) -> Seat | Special:
        if not state.deck:
            return Special.CHANCE
        if self.is_won(state) or not self.legal_actions(state, 0):
            return Special.TERMINAL
        return 0

    def chance_action(self, state: PatienceState, seed: int) -> PatienceAction:
        return Deal(seed)

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """Shuffle and lay out the cards as the declaration says: piles in declaration order,
        each dealt its face-down cards then its face-up ones; what is left goes to the stock."""
        opts = self.options_of(state)
        deck = shuffled(PACKS[self.pack], seed)
        specs = self.specs(opts)
        piles: list[list[int]] = [[] for _ in specs]
        down = [0] * len(specs)
        next_id = 0
        for order in self.deal_order(opts):
            i = self._index(opts)[order[0]]
            face_up = order[1]
            piles[i].append(next_id)
            if not face_up:
                down[i] += 1
            next_id += 1
        stock = next((i for i, s in enumerate(specs) if s.kind is PileKind.STOCK), None)
        if stock is not None:
            piles[stock].extend(range(next_id, len(deck)))
            down[stock] = len(piles[stock])
        return self._with(state, deck=deck, piles=tuple(tuple(p) for p in piles), down=tuple(down),
                          deal_seed=seed)

    def deal_order(self, options: Options) -> Iterable[tuple[str, bool]]:
        """Hook: the order cards are dealt, as (pile name, face up).  By default pile by pile."""
        for spec in self.specs(options):
            for _ in range(spec.deal_down):
                yield spec.name, False
            for _ in range(spec.deal_up):
                yield spec.name, True

    def legal_actions(self, state: PatienceState, seat: Seat) -> Sequence[PatienceAction]:
        if not state.deck:
            return ()
        # One-slot memo: the session, the table and the AI ask about the same state several
        # times in a row (to_move, legal_actions, hints); states are immutable, so it is safe.
        memo = self.__dict__.get("_legal_memo")
        if memo is not None and memo[0] is state:
            return memo[1]
        legal = tuple(self._legal(state))
        self.__dict__["_legal_memo"] = (state, legal)
        return legal

    def _legal(self, state: PatienceState) -> Iterable[PatienceAction]:
        return (a for a in self.candidates(state) if self.why_illegal(state, a, explain=False) is None)

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        """Every move worth asking ``why_illegal`` about (a superset of the legal ones)."""
        specs, _ = self._specs_of(state)
        deck = state.deck
        yield Draw()
        yield Redeal()
        # The destinations by the card faces they would take now, so each card lifted looks up
        # its few destinations instead of asking every pile (two-pack games have forty piles).
        targets: list[tuple[int, str]] = []
        takes: dict[Card, list[int]] = {}
        takes_any: list[int] = []
        for di, dst in enumerate(specs):
            if dst.build is None:
                continue
            target = state.piles[di]
            accepted = _faces_accepted(dst.build, deck[target[-1]] if target else None)
            if accepted is None:
                takes_any.append(len(targets))
            else:
                for face in accepted:
                    takes.setdefault(face, []).append(len(targets))
            targets.append((di, dst.name))
        for si, src in enumerate(specs):
            pile = state.piles[si]
            up = len(pile) - state.down[si]
            if up <= 0 or src.take is Take.NONE:
                continue
            if src.take is Take.RUNS:
                counts: Iterable[int] = range(1, self._run_length(src, deck, pile, up) + 1)
            elif src.take is Take.ALL_FACE_UP:
                counts = {1, up}
            else:
                counts = (1,)
            for count in counts:
                # a cheap pre-filter with the same Build.fits that why_illegal applies, in the
                # piles' order (the order of the legal moves is part of every seeded replay)
                found: Sequence[int] = takes.get(deck[pile[-count]], ())
                if takes_any:
                    found = sorted((*found, *takes_any))
                for t in found:
                    di, name = targets[t]
                    if di != si:
                        yield Move(src.name, name, count)

    @staticmethod
    def _run_length(src: PileSpec, deck: Sequence[Card], pile: Sequence[int], up: int) -> int:
        """How many of the top face-up cards form a run that may move together: ``why_illegal``
        refuses any longer one (a pair out of sequence), so the move generator need not offer it."""
        if src.build is None:
            return up
        follows = src.build.follows
        length = 1
        while length < up and follows(deck[pile[-length - 1]], deck[pile[-length]]):
            length += 1
        return length

    # -- the hooks of ``why_illegal`` --------------------------------------------------------
    # ``why_illegal`` makes the checks every patience shares -- the deal, the kind of action, the
    # piles named, a card there to move -- and asks these hooks only about what is the game's
    # own.  Most of Lady Cadogan's patiences need no more than the words below and a
    # ``move_refusal``.
    no_redeal = False                  # the game has no re-deal: "there is no re-deal in <name>",
    redeals_section = "re-deals"       # citing this section (every Cadogan page has it)
    pack_used_up = ("the stock is empty", "the-stock-and-waste")   # a turn from an empty stock:
                                       # the words (the book's, for its pack) and the section cited

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        """Hook: why cards may not be turned from the stock now (``None``: they may)."""
        stock = self._find(self._specs_of(state)[0], PileKind.STOCK)
        if stock is None:
            return IllegalAction("this patience has no stock", self.ref("the-stock-and-waste"))
        if not state.piles[stock]:
            words, anchor = self.pack_used_up
            return IllegalAction(words, self.ref(anchor))
        return None

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        """Hook: why the waste (or whatever the game deals again) may not be re-dealt now."""
        if self.no_redeal:
            name = self.info.name
            return IllegalAction(f"there is no re-deal in {'the' + name[3:] if name.startswith('The ') else name}",
                                 self.ref(self.redeals_section))
        specs, _ = self._specs_of(state)
        stock, waste = self._find(specs, PileKind.STOCK), self._find(specs, PileKind.WASTE)
        if stock is None or waste is None:
            return IllegalAction("this patience has no stock to turn over", self.ref("the-stock-and-waste"))
        if state.piles[stock]:
            return IllegalAction("the stock is not used up yet", self.ref("the-stock-and-waste"))
        if not state.piles[waste]:
            return IllegalAction("there is no waste to turn over", self.ref("the-stock-and-waste"))
        allowed = self.passes_allowed(dict(state.opts))
        if allowed and state.passes + 1 >= allowed:
            times = "once" if allowed == 1 else f"{allowed} times"
            return IllegalAction(f"the stock may be gone through only {times}", self.ref("the-stock-and-waste"))
        return None

    def why_illegal(self, state: PatienceState, action: PatienceAction,
                    explain: bool = True) -> IllegalAction | None:
        """The one place where the rules of play are checked.  With ``explain=False`` (the move
        generator) a refusal may come back without its message, which is costly to word."""
        specs, index = self._specs_of(state)
        if isinstance(action, Deal):
            return IllegalAction("the cards have already been dealt") if state.deck else None
        if not state.deck:
            return IllegalAction("the cards have not been dealt yet")
        if isinstance(action, Draw):
            return self.draw_refusal(state)
        if isinstance(action, Redeal):
            return self.redeal_refusal(state)
        if not isinstance(action, Move):
            return IllegalAction(f"{action!r} is not a patience move")
        if action.src not in index or action.dst not in index:
            bad = action.src if action.src not in index else action.dst
            return IllegalAction(f"there is no pile called {bad!r}")
        si, di = index[action.src], index[action.dst]
        src = specs[si]
        if si == di:
            return IllegalAction("a card must move to another pile")
        if not state.piles[si]:
            # cited to the law of that pile, which says where its cards come from
            return IllegalAction(f"the {self.pile_title(src)} is empty: there is no card to move",
                                 self.ref(self.anchor_for(src)))
        if action.count < 1:
            return IllegalAction("a move takes at least one card")
        return self.move_refusal(state, action, src, specs[di], explain)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        """Hook: may ``action`` be played?  Asked only of a move of at least one card from a pile
        that has cards to another pile of the game.  The engine's laws are those most patiences
        share (enough cards, face-down cards, runs, building); a game states its own and returns
        ``None`` to allow the move outright or ``super().move_refusal(...)`` to leave it to these.
        (A game that reads the ``count``-th card from the top checks first that there are so many.)
        With ``explain=False`` a refusal may come back without its words."""
        _, index = self._specs_of(state)
        si, di = index[action.src], index[action.dst]
        opts = state.opts
        pile = state.piles[si]
        if action.count > len(pile):
            return IllegalAction(cards_to_move(self.pile_title(src), action.count, len(pile)))
        up = len(pile) - state.down[si]
        if action.count > up:
            return IllegalAction("a face-down card cannot be moved", self.ref("turning-up-cards"))
        refusal = self.can_take_from(dict(opts), src)
        if refusal:
            return refusal
        moving = [state.deck[c] for c in pile[-action.count:]]
        if action.count > 1:
            if src.take is Take.TOP:
                return IllegalAction(f"only the top card of the {self.pile_title(src)} may be moved",
                                     self.ref("moving-runs"))
            if src.take is Take.ALL_FACE_UP and action.count != up:
                return IllegalAction("all the face-up cards of a pile must be moved together, or none",
                                     self.ref("moving-runs"))
            if src.build is not None:
                for below, card in zip(moving, moving[1:]):
                    if not src.build.follows(below, card):
                        return IllegalAction(f"{below} and {card} are not in sequence, so they cannot "
                                             "be moved together", self.ref("moving-runs"))
        elif src.take is Take.ALL_FACE_UP and up > 1 and dst.kind is not PileKind.FOUNDATION:
            # The book's rule binds moves between piles; the top card may always go home.
            return IllegalAction("all the face-up cards of a pile must be moved together, or none",
                                 self.ref("moving-runs"))
        if not state.piles[di] and action.count == len(pile) and src.kind is dst.kind:
            # A whole pile moved to an empty place of the same kind changes nothing but its place;
            # refusing it keeps "no move left" meaningful (a lone king could shuttle for ever).
            return _REFUSED if not explain else IllegalAction(
                "that would only move the whole pile from one space to another", self.ref("spaces"))
        return self.accepts(state, dst, state.piles[di], moving, explain)

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        """May ``moving`` (bottom card first) be placed on ``pile``?  Cites the rule when not."""
        build = dst.build
        if not explain and build is not None:
            if len(moving) > 1 and (build.single_cards or dst.kind is PileKind.FOUNDATION):
                return _REFUSED
            if not build.fits(state.deck[pile[-1]] if pile else None, moving[0]):
                return _REFUSED
        where = self.pile_title(dst)
        anchor = self.anchor_for(dst)
        if build is None:
            return IllegalAction(f"nothing may be placed on the {where}", self.ref(anchor))
        if len(moving) > 1 and (build.single_cards or dst.kind is PileKind.FOUNDATION):
            return IllegalAction(f"cards go to the {where} one at a time", self.ref(anchor))
        card = moving[0]
        if not pile:
            if build.fits(None, card):
                return None
            if build.empty is None:
                return IllegalAction(f"an empty {where} may not be filled", self.ref("spaces"))
            need = Rank(build.empty).title  # type: ignore[arg-type]
            if dst.kind is PileKind.FOUNDATION:
                return IllegalAction(f"a foundation must be started with an {need}" if need == "ace"
                                     else f"a foundation must be started with a {need}", self.ref(anchor))
            return IllegalAction(f"only a {need} may be placed in a space, not the {card.name}",
                                 self.ref("spaces"))
        below = state.deck[pile[-1]]
        if build.follows(below, card):
            return None
        return IllegalAction(self.build_refusal(dst, card, below), self.ref(anchor))

    def build_refusal(self, dst: PileSpec, card: Card, below: Card) -> str:
        """Hook: the words for "this card does not follow that one here"; games that name their
        building in the book's terms (marriages, climbing rows) override only this."""
        assert dst.build is not None
        return (f"the {card.name} cannot go on the {below.name}: the {self.pile_title(dst)} "
                f"{dst.build.describe(with_empty=False)}")

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        refusal = self.why_illegal(state, action)
        if refusal is not None:
            raise refusal
        opts = self.options_of(state)
        specs = self.specs(opts)
        if isinstance(action, Deal):
            return self.deal(state, action.seed)
        piles = list(state.piles)
        down = list(state.down)
        passes = state.passes
        if isinstance(action, Draw):
            s, w = self._find(specs, PileKind.STOCK), self._find(specs, PileKind.WASTE)
            assert s is not None
            n = min(self.draw_count(opts), len(piles[s]))
            taken = piles[s][-n:]
            piles[s] = piles[s][:-n]
            down[s] = len(piles[s])
            if w is not None:
                piles[w] = piles[w] + tuple(reversed(taken))  # turned over one by one
        elif isinstance(action, Redeal):
            s, w = self._find(specs, PileKind.STOCK), self._find(specs, PileKind.WASTE)
            assert s is not None and w is not None
            piles[s] = tuple(reversed(piles[w]))
            down[s] = len(piles[s])
            piles[w] = ()
            passes += 1
        else:
            index = self._index(opts)
            si, di = index[action.src], index[action.dst]
            moving = piles[si][-action.count:]
            piles[si] = piles[si][:-action.count]
            piles[di] = piles[di] + moving
            down[si] = min(down[si], len(piles[si]))
            if specs[si].flip_top and piles[si] and down[si] == len(piles[si]):
                down[si] -= 1  # the card left on top is turned up
        return self._with(state, piles=tuple(piles), down=tuple(down), passes=passes)

    def is_won(self, state: PatienceState) -> bool:
        return bool(state.deck) and self.on_foundations(state) == len(state.deck)

    def on_foundations(self, state: PatienceState) -> int:
        specs, _ = self._specs_of(state)
        # asked at every step (is the game won?): the foundations' places found once per layout
        places = self.__dict__.get("_foundation_places")
        if places is None or places[0] is not specs:
            places = (specs, tuple(i for i, s in enumerate(specs) if s.kind is PileKind.FOUNDATION))
            self.__dict__["_foundation_places"] = places
        piles = state.piles
        return sum(len(piles[i]) for i in places[1])

    def outcome(self, state: PatienceState) -> Outcome | None:
        if self.to_move(state) is not Special.TERMINAL:
            return None
        score = self.score(state)
        if self.is_won(state):
            return Outcome((1.0,), "every card is on the foundations", self.ref("end-of-the-game"), (score,))
        return Outcome((0.0,), f"no move is left, with {self.on_foundations(state)} cards on the foundations",
                       self.ref("end-of-the-game"), (score,))

    def view(self, state: PatienceState, seat: Seat | None) -> PatienceView:
        opts = self.options_of(state)
        piles = []
        for spec, pile, nd in zip(self.specs(opts), state.piles, state.down):
            cards = tuple(ViewCard(c, None if i < nd else state.deck[c]) for i, c in enumerate(pile))
            piles.append(PileView(spec.name, spec.kind, cards))
        allowed = self.passes_allowed(opts)
        return PatienceView(tuple(piles), None if not allowed else max(0, allowed - 1 - state.passes),
                            self.score(state) if state.deck else 0, self.on_foundations(state),
                            len(state.deck), state.deal_seed)

    # -- text forms -------------------------------------------------------------------------
    def action_to_str(self, action: PatienceAction) -> str:
        if isinstance(action, Deal):
            return f"deal {action.seed}"
        if isinstance(action, Draw):
            return "draw"
        if isinstance(action, Redeal):
            return "redeal"
        suffix = f"*{action.count}" if action.count != 1 else ""
        return f"{action.src}>{action.dst}{suffix}"

    def action_from_str(self, state: PatienceState, text: str) -> PatienceAction:
        t = text.strip().lower()
        if t == "draw":
            return Draw()
        if t == "redeal":
            return Redeal()
        if t.startswith("deal "):
            number = t[5:].strip()
            if number.isascii() and number.isdigit() and len(number) <= 19:
                return Deal(int(number))
            raise NotationError(f"{text!r} is not a deal: expected 'deal' and a deal number")
        if ">" in t:
            src, _, rest = t.partition(">")
            dst, star, count = rest.partition("*")
            src, dst = src.strip(), dst.strip()
            names = self._index(self.options_of(state))
            if src in names and dst in names:
                if not star:
                    return Move(src, dst, 1)
                count = count.strip()
                if count.isascii() and count.isdigit() and 0 < int(count) < 1000:
                    return Move(src, dst, int(count))
        raise NotationError(f"{text!r} is not a move of {self.info.name}: expected 'draw', 'redeal' "
                            "or a move such as 't3>f1' or 't2>t5*3'")

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _find(specs: Sequence[PileSpec], kind: PileKind) -> int | None:
        return next((i for i, s in enumerate(specs) if s.kind is kind), None)

    def pile_of(self, state: PatienceState, name: str) -> tuple[int, ...]:
        """The cards (physical ids, bottom to top) of the pile called ``name``."""
        return state.piles[self._specs_of(state)[1][name]]

    @staticmethod
    def pile_title(spec: PileSpec) -> str:
        return spec.label or spec.kind.value

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Move):
            opts = self.options_of(state)
            specs = self.specs(opts)
            index = self._index(opts)
            pile = state.piles[index[action.src]]
            card = state.deck[pile[-action.count]]
            what = str(card) if action.count == 1 else f"{action.count} cards from {card}"
            return f"{what} to the {self.pile_title(specs[index[action.dst]])}"
        if isinstance(action, Draw):
            return "turn from the stock"
        if isinstance(action, Redeal):
            return "turn the waste over for a new pass"
        return self.action_to_str(action)

    def piles_markdown(self, options: Options | None = None) -> str:
        """The "Piles" part of the rules page, generated from the declaration so they cannot drift."""
        opts = self.resolve_options(options)
        rows = ["| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|"]
        groups: dict[tuple[str, str, str], list[PileSpec]] = {}
        for spec in self.specs(opts):
            build = spec.build
            if build is None:
                accepts = "nothing from the player"
            elif spec.kind is PileKind.FOUNDATION and build.empty not in ("any", None):
                starter = Rank(build.empty).title  # type: ignore[arg-type]
                article = "an" if starter[0] in "aeiou" else "a"
                accepts = f"starts with {article} {starter}, then " + replace(build, empty="any").describe()
            else:
                accepts = build.describe()
            take = spec.take.value
            if spec.kind is PileKind.STOCK:
                take = f"turned {self.draw_count(opts)} at a time onto the waste"
            groups.setdefault((self.pile_title(spec), accepts, take), []).append(spec)
        for (title, accepts, take), members in groups.items():
            name = f"{len(members)} × {title}" if len(members) > 1 else title.capitalize()
            rows.append(f"| {name} | {self._dealt_text(members)} | {accepts} | {take} |")
        return "\n".join(rows) + "\n"

    @staticmethod
    def _dealt_text(members: Sequence[PileSpec]) -> str:
        if members[0].kind is PileKind.STOCK:
            return "the rest of the pack, face down"
        parts = []
        for attr, words in (("deal_down", "face down"), ("deal_up", "face up")):
            counts = sorted({getattr(m, attr) for m in members})
            if counts == [0]:
                continue
            span = str(counts[0]) if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
            parts.append(f"{span} {words}")
        return ", ".join(parts) or "empty at the start"
