"""La Belle Lucie and its two-pack cousins, The House in the Wood and The House on the Hill
(catalogue: la_belle_lucie, house_in_the_wood, house_on_the_hill).

The whole pack is dealt face up in fans of three; only the top card of a fan is free.  Cards go
up to foundations in suit and are married one at a time on the fans (down in suit in La Belle
Lucie, either way in The House on the Hill).  An emptied fan is never refilled.  Twice, when the
player chooses, the fans are gathered, shuffled and dealt again in threes.

What the engine does not declare, this module adds: the re-deal itself (the ``Redeal`` action,
clicked on the empty re-deal place at the top left), the merci of the modern La Belle Lucie (one
buried card drawn once, sent as ``Move(src, dst, depth)`` so that the table's drag of a buried card
names it), the House on the Hill's rule that its four aces and four kings are of different suits,
and a hint that looks ahead, since every card is face up and the generic heuristic only values
uncovering face-down cards.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Iterable, Sequence

from ...core.cards import PACKS, SUITS, Card, Rank
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
from ...core.rng import derive_seed, shuffled
from ..catalogue import BY_ID
from .engine import (
    Build,
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

H_STEP = 0.28                 # the table's offset between face-up cards of a sideways fan
FAN_ROOM = 2 * H_STEP         # room for a fan of three; longer fans are squeezed into it
COL_GAP = 0.32
PITCH = 1 + FAN_ROOM + COL_GAP
ROW_PITCH = 1.4 + 0.28
FANS_Y = 1.4 + 0.5            # the first row of fans, below the foundations
FOUND_STEP = 1.25

_REFUSED = IllegalAction("not legal")
_SUIT_NUMBER = {suit: i for i, suit in enumerate(SUITS)}   # a card's code: suit * 16 + rank
# FanPatience's look-up of the top cards' moves: the piles' names, the fans' places, and per pile
# that takes cards (place, rank steps, rank that starts it empty, group of like foundations).
_MovePlan = tuple[tuple[str, ...], tuple[int, ...], tuple[tuple[int, tuple[int, ...], int, int | None], ...]]


@dataclass(frozen=True, slots=True)
class LucieState(PatienceState):
    """La Belle Lucie's state: the engine's, and whether the merci has been taken."""

    merci_used: bool = False


class FanPatience(PatienceGame):
    """The family: the pack dealt in fans of three, face up, re-dealt when the player asks."""

    pack = "52"
    per_row = 6
    distinct_suits = False        # the House on the Hill: no two like foundations of one suit

    # -- the declaration --------------------------------------------------------------------
    def fan_build(self, options: Options) -> Build:
        return Build(-1, SuitRule.SAME, empty=None, single_cards=True)

    def foundation_builds(self, options: Options) -> list[tuple[Build, str]]:
        build = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        return [(build, "foundation")] * (len(PACKS[self.pack]) // 13)

    def fan_sizes(self) -> list[int]:
        n = len(PACKS[self.pack])
        sizes = [3] * (n // 3)
        if n % 3:
            sizes.append(n % 3)
        return sizes

    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        sizes = self.fan_sizes()
        width = (self.per_row - 1) * PITCH + 1 + FAN_ROOM
        founds = self.foundation_builds(options)
        # The re-deal place sits at the left of the foundation row, the foundations centred.
        f_width = (len(founds) - 1) * FOUND_STEP + 1
        f_left = max(FOUND_STEP, (width - f_width) / 2)
        piles = [PileSpec("s", PileKind.STOCK, 0, 0, "re-deal place", take=Take.NONE)]
        piles += [PileSpec(f"f{i + 1}", PileKind.FOUNDATION, f_left + i * FOUND_STEP, 0, label,
                           build=build, take=Take.NONE)
                  for i, (build, label) in enumerate(founds)]
        fan = self.fan_build(options)
        for i, size in enumerate(sizes):
            row, col = divmod(i, self.per_row)
            piles.append(PileSpec(f"t{i + 1}", PileKind.TABLEAU, col * PITCH, FANS_Y + row * ROW_PITCH,
                                  "fan", fan=Fan.RIGHT, build=fan, take=Take.TOP, deal_up=size,
                                  room=FAN_ROOM))
        return tuple(piles)

    def redeals(self, options: Options) -> int:
        return int(options.get("redeals", 2))

    def passes_allowed(self, options: Options) -> int:
        # The engine counts passes; here a pass is one deal of the fans (the first and each re-deal).
        return self.redeals(options) + 1

    def anchor_for(self, spec: PileSpec) -> str:
        if spec.kind is PileKind.FOUNDATION:
            return "the-foundations"
        if spec.kind is PileKind.STOCK:
            return "re-deals"
        return "building-on-the-tableau"

    # -- legality ---------------------------------------------------------------------------
    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        yield Redeal()
        for action in super().candidates(state):
            if isinstance(action, Move):
                yield action
        yield from self.deep_candidates(state)

    def deep_candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        """Moves of a card from under the top of a fan: none (La Belle Lucie's merci adds them)."""
        return ()

    def _legal(self, state: PatienceState) -> Iterable[PatienceAction]:
        # Random play and the solver ask for the legal moves of every position, and two packs
        # make forty piles: the top cards' moves are found by table look-up (``_top_moves``)
        # instead of asking ``why_illegal`` about each candidate.  The list is the same, in the
        # same order (a test compares it with the engine's on random positions of every fan game).
        top_moves = self._top_moves(state)
        if top_moves is None:
            return super()._legal(state)
        redeal = Redeal()
        head = [redeal] if self.redeal_refusal(state) is None else []
        deep = [a for a in self.deep_candidates(state) if self.why_illegal(state, a, explain=False) is None]
        return head + top_moves + deep

    def _top_moves(self, state: PatienceState) -> list[PatienceAction] | None:
        """Every legal move of a fan's top card, in the engine's order (by source, then by
        destination, in the declaration's order); ``None`` for a position the table does not know."""
        plan = self._move_plan(state.opts)
        if plan is None or not state.deck or any(state.down):
            return None
        names, sources, targets = plan
        deck = state.deck
        memo = self.__dict__.get("_deck_codes")
        if memo is None or memo[0] is not deck:
            memo = (deck, tuple(_SUIT_NUMBER[card.suit] << 4 | int(card.rank) for card in deck))  # type: ignore[index]
            self.__dict__["_deck_codes"] = memo
        codes = memo[1]
        piles = state.piles
        started: dict[int, set[int]] = {}    # the House on the Hill: suits begun, by foundation group
        if self.distinct_suits:
            for di, _, _, group in targets:
                if group is not None and piles[di]:
                    started.setdefault(group, set()).add(codes[piles[di][0]] >> 4)
        wants: dict[int, list[int]] = {}     # card code -> the piles that would take it now
        for di, steps, empty_rank, group in targets:
            pile = piles[di]
            if pile:
                top = codes[pile[-1]]
                for step in steps:
                    if 1 <= (top & 15) + step <= 13:
                        wants.setdefault(top + step, []).append(di)
            elif empty_rank:
                taken = started.get(group, ()) if group is not None else ()
                for suit in range(4):
                    if suit not in taken:
                        wants.setdefault(suit << 4 | empty_rank, []).append(di)
        moves: list[PatienceAction] = []
        for si in sources:
            pile = piles[si]
            if pile:
                for di in wants.get(codes[pile[-1]], ()):
                    if di != si:
                        moves.append(Move(names[si], names[di]))
        return moves

    def _move_plan(self, opts: Any) -> _MovePlan | None:
        """For ``_top_moves``: the piles' names, the fans (the only piles cards leave), and every
        pile that takes cards with the rank steps it takes them by, the rank that starts it when
        empty (0: none) and, where suits must differ, its group of like foundations.  ``None`` when
        a pile is not of the kinds the look-up knows (fans and foundations in suit)."""
        cache: dict[Any, _MovePlan | None] = self.__dict__.setdefault("_move_plans", {})
        if opts in cache:
            return cache[opts]
        specs, _ = self._structure(opts)
        sources: list[int] = []
        targets: list[tuple[int, tuple[int, ...], int, int | None]] = []
        groups: dict[Build, int] = {}
        plan: _MovePlan | None = None
        for i, spec in enumerate(specs):
            build = spec.build
            if spec.kind is PileKind.STOCK and spec.take is Take.NONE and build is None:
                continue
            if build is None or build.suit is not SuitRule.SAME or build.wrap:
                break
            steps = (build.step,) if build.step else (-1, 1)   # card rank - the rank it goes on
            if spec.kind is PileKind.FOUNDATION and spec.take is Take.NONE \
                    and isinstance(build.empty, Rank) and build.step:
                group = groups.setdefault(build, len(groups)) if self.distinct_suits else None
                targets.append((i, steps, int(build.empty), group))
            elif spec.kind is PileKind.TABLEAU and spec.take is Take.TOP and build.empty is None:
                sources.append(i)
                targets.append((i, steps, 0, None))
            else:
                break
        else:
            plan = (tuple(s.name for s in specs), tuple(sources), tuple(targets))
        cache[opts] = plan
        return plan

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        return IllegalAction("there is no stock to turn: every card is dealt to the fans",
                             self.ref("the-stock-and-waste"))

    def redeal_refusal(self, state: PatienceState) -> IllegalAction | None:
        allowed = self.redeals(self.options_of(state))
        if allowed == 0:
            return IllegalAction("this game is played without re-deals", self.ref("re-deals"))
        if state.passes >= allowed:
            times = "once" if allowed == 1 else "twice"
            return IllegalAction(f"the fans may be re-dealt only {times}, and that is done",
                                 self.ref("re-deals"))
        specs, _ = self._specs_of(state)
        if not any(state.piles[i] for i, s in enumerate(specs) if s.kind is PileKind.TABLEAU):
            return IllegalAction("no card is left on the fans to deal again", self.ref("re-deals"))
        return None

    def accepts(self, state: PatienceState, dst: PileSpec, pile: tuple[int, ...],
                moving: Sequence[Card], explain: bool = True) -> IllegalAction | None:
        refusal = super().accepts(state, dst, pile, moving, explain)
        if refusal is None and self.distinct_suits and not pile and dst.kind is PileKind.FOUNDATION:
            card = moving[0]
            specs, _ = self._specs_of(state)
            for spec, other in zip(specs, state.piles):
                if spec.kind is PileKind.FOUNDATION and spec.build == dst.build and other \
                        and state.deck[other[0]].suit == card.suit:
                    if not explain:
                        return _REFUSED
                    way = "ascending" if dst.build and dst.build.step > 0 else "descending"
                    return IllegalAction(f"there is already an {way} foundation in {card.suit.title}: "
                                         f"the four {'aces' if way == 'ascending' else 'kings'} must "
                                         "be of different suits", self.ref("the-foundations"))
        return refusal

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if isinstance(action, Redeal) and state.deck:
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            return self.redeal(state)
        return super().apply(state, action)

    def redeal(self, state: PatienceState) -> PatienceState:
        """Gather the fans in order, shuffle them as the deal number says, and deal them again
        in threes from the first fan on (the last fan takes what is left)."""
        assert state.deal_seed is not None
        specs, _ = self._specs_of(state)
        fans = [i for i, s in enumerate(specs) if s.kind is PileKind.TABLEAU]
        gathered = [c for i in fans for c in state.piles[i]]
        cards = shuffled(gathered, derive_seed(state.deal_seed, 1 + state.passes))
        piles = list(state.piles)
        down = list(state.down)
        for k, i in enumerate(fans):
            piles[i] = tuple(cards[3 * k:3 * k + 3])
            down[i] = 0
        return self._with(state, piles=tuple(piles), down=tuple(down), passes=state.passes + 1)

    # -- words ------------------------------------------------------------------------------
    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Redeal):
            left = self.redeals(self.options_of(state)) - state.passes - 1
            return ("gather the fans, shuffle them and deal them again in threes"
                    + (" (the last re-deal)" if left == 0 else ""))
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        n = self.redeals(opts)
        times = {0: "no re-deal in this game", 1: "once", 2: "twice"}.get(n, f"{n} times")
        rows = []
        for line in super().piles_markdown(options).splitlines():
            if line.startswith("| Re-deal place |"):
                line = ("| Re-deal place | empty: every card goes to the fans | nothing | "
                        f"click it to gather the fans and deal them again ({times}) |")
            rows.append(line)
        return "\n".join(rows) + "\n"


_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


def _code(card: Card) -> int:
    return _SUIT_INDEX[card.suit] * 16 + int(card.rank)  # type: ignore[index]


class LaBelleLucie(FanPatience):
    info = BY_ID["la_belle_lucie"]
    pack = "52"
    per_row = 6
    option_specs = (
        OptionSpec("redeals", 2, (2, 0), "Re-deals of the fans",
                   labels=("Two (the book)", "None")),
        OptionSpec("merci", False, (False, True), "A merci after the last deal",
                   "Once, after the last deal, any one card lying under others may be drawn out "
                   "and played.", labels=("No (the book)", "Yes: one buried card may be drawn, once")),
    )

    def initial_state(self, options: Options | None = None) -> PatienceState:
        base = super().initial_state(options)
        return LucieState(**{f.name: getattr(base, f.name) for f in fields(PatienceState)})

    def _merci_open(self, state: PatienceState) -> bool:
        opts = self.options_of(state)
        return bool(opts.get("merci")) and not getattr(state, "merci_used", False) \
            and state.passes >= self.redeals(opts)

    def deep_candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        if not state.deck or not self._merci_open(state):
            return
        specs, _ = self._specs_of(state)
        for si, src in enumerate(specs):
            pile = state.piles[si]
            if src.kind is not PileKind.TABLEAU:
                continue
            for depth in range(2, len(pile) + 1):
                card = state.deck[pile[-depth]]
                for di, dst in enumerate(specs):
                    target = state.piles[di]
                    if di != si and dst.build is not None and \
                            dst.build.fits(state.deck[target[-1]] if target else None, card):
                        yield Move(src.name, dst.name, depth)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        if 1 < action.count <= len(self.pile_of(state, action.src)) and src.kind is PileKind.TABLEAU \
                and self.options_of(state).get("merci"):
            return self._why_no_merci(state, action, dst, explain)
        return super().move_refusal(state, action, src, dst, explain)

    def _why_no_merci(self, state: PatienceState, action: Move, dst: PileSpec, explain: bool) -> IllegalAction | None:
        pile = self.pile_of(state, action.src)
        if getattr(state, "merci_used", False):
            return IllegalAction("the merci has been taken already: only the top card of a fan may "
                                 "be moved", self.ref("the-merci"))
        if state.passes < self.redeals(self.options_of(state)):
            return IllegalAction("the merci may be taken only after the last re-deal; until then only "
                                 "the top card of a fan may be moved", self.ref("the-merci"))
        if dst.kind not in (PileKind.FOUNDATION, PileKind.TABLEAU):
            return IllegalAction(f"the card drawn must be played to a foundation or a fan, not the "
                                 f"{self.pile_title(dst)}", self.ref("the-merci"))
        return self.accepts(state, dst, self.pile_of(state, action.dst), [state.deck[pile[-action.count]]], explain)

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if isinstance(action, Move) and action.count > 1 and state.deck and self.options_of(state).get("merci"):
            refusal = self.why_illegal(state, action)
            if refusal is not None:
                raise refusal
            _, index = self._specs_of(state)
            si, di = index[action.src], index[action.dst]
            piles = list(state.piles)
            src = piles[si]
            card = src[-action.count]
            piles[si] = src[:-action.count] + src[len(src) - action.count + 1:]
            piles[di] = piles[di] + (card,)
            return self._with(state, piles=tuple(piles), merci_used=True)
        return super().apply(state, action)

    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Move) and action.count > 1 and state.deck:
            opts = self.options_of(state)
            specs, index = self._specs_of(state)
            pile = state.piles[index[action.src]]
            card = state.deck[pile[-action.count]]
            over = action.count - 1
            return (f"merci: draw {card} from under {over} card{'s' if over > 1 else ''} and play it to "
                    f"the {self.pile_title(specs[index[action.dst]])}") if opts.get("merci") else \
                super().describe(state, action)
        return super().describe(state, action)

    def canonical_key(self, state: PatienceState) -> Any:
        return (state.piles, state.down, state.passes, getattr(state, "merci_used", False))

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """With one pack a card sent home is never wanted on the fans again: the only card that
        could be married on it is the one below it in suit, which is home already."""
        specs, index = self._specs_of(state)
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move) and action.count == 1 \
                    and specs[index[action.dst]].kind is PileKind.FOUNDATION:
                return action
        return None


class HouseInTheWood(FanPatience):
    info = BY_ID["house_in_the_wood"]
    pack = "2x52"
    per_row = 7
    option_specs = (
        OptionSpec("redeals", 2, (2, 0), "Re-deals of the fans",
                   labels=("Two, as in La Belle Lucie (the book)", "None")),
        OptionSpec("build", "down", ("down", "either"), "Marrying on the fans",
                   labels=("Downwards in suit (the book)", "Up or down in suit")),
    )

    def fan_build(self, options: Options) -> Build:
        step = 0 if options.get("build") == "either" else -1
        return Build(step, SuitRule.SAME, empty=None, single_cards=True)


class HouseOnTheHill(FanPatience):
    info = BY_ID["house_on_the_hill"]
    pack = "2x52"
    per_row = 7
    distinct_suits = True
    option_specs = (
        OptionSpec("redeals", 2, (2, 0), "Re-deals of the fans",
                   labels=("Two, as in La Belle Lucie (the book)", "None")),
    )

    def fan_build(self, options: Options) -> Build:
        return Build(0, SuitRule.SAME, empty=None, single_cards=True)

    def foundation_builds(self, options: Options) -> list[tuple[Build, str]]:
        up = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        down = Build(-1, SuitRule.SAME, empty=Rank.KING, single_cards=True)
        return [(up, "ascending foundation")] * 4 + [(down, "descending foundation")] * 4


GAME = LaBelleLucie()
HOUSE_IN_THE_WOOD = HouseInTheWood()
HOUSE_ON_THE_HILL = HouseOnTheHill()
