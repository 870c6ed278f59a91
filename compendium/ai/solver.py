"""The patience solver: "can this deal still be won?", and a winning line when it can.

A depth-first search with a table of positions already seen, over a *model* of the game:

* by default the engine itself (``EngineModel``): the game's own legal actions and ``apply``, its
  ``canonical_key`` and its ``safe_home_move`` -- slow, but right for every patience;
* for a game whose computer side offers one (``registry.solver_model``), a compact model of the same rules
  (cards as small integers, piles as tuples) that adds the game's safe moves, symmetries and
  dead-end tests.  The open patiences (every card face up) have one, so that the live indicator
  can decide most positions within a second.

The answers are exact.  "Winnable" comes with a line of the game's own actions, and ``solve``
replays it through the game's ``apply`` before saying so.  "Lost" is said only when the search was
exhaustive, where the only moves left out are those a comment proves can never be needed.

The solver looks at the cards as they lie, face-down ones included: it answers for this deal, not
for what the player can see, so the table offers it as a question the player asks, never as a hint.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Hashable, Iterable, Protocol, Sequence

from ..core.cards import SUITS, Card
from ..core.errors import IllegalAction
from ..core.rng import derive_seed, shuffled
from ..games.patience.engine import Draw, Move, PatienceGame, PatienceState, PileKind, Redeal, SuitRule, Take


class Verdict(Enum):
    WINNABLE = "winnable"
    LOST = "lost"              # every line was tried: no win
    UNKNOWN = "unknown"        # the budget ran out first


@dataclass
class SolveResult:
    verdict: Verdict
    line: list[Any] = field(default_factory=list)   # the winning actions, from the position given
    nodes: int = 0                                  # positions searched
    seconds: float = 0.0


class SearchModel(Protocol):
    """What the search needs of a game.  A *label* stands for the game actions leading from a
    position to a child (a move and the safe moves played after it without branching)."""

    def root(self) -> Any: ...
    def key(self, position: Any) -> Hashable: ...
    def won(self, position: Any) -> bool: ...
    def children(self, position: Any) -> Iterable[tuple[Any, Any]]:
        """(label, child) pairs, the most promising first."""
    def dead(self, position: Any) -> bool:
        """True only when the position is proven lost (a cheap test; False when unsure)."""
    def actions(self, labels: Sequence[Any]) -> list[Any]:
        """The game actions of a line: the root's forced moves, then each label's."""


class _Budget:
    """Positions searched so far, and whether the search must stop (time, positions, cancel)."""

    def __init__(self, deadline: float, max_nodes: int, cancelled: Callable[[], bool] | None,
                 clock: Callable[[], float]) -> None:
        self.deadline, self.max_nodes, self.cancelled, self.clock = deadline, max_nodes, cancelled, clock
        self.nodes = 0

    def spent(self) -> bool:
        return self.clock() > self.deadline or self.nodes > self.max_nodes \
            or (self.cancelled is not None and self.cancelled())


def search(model: SearchModel, deadline: float, max_nodes: int, cancelled: Callable[[], bool] | None = None,
           clock: Callable[[], float] = time.perf_counter) -> tuple[Verdict, list[Any], int]:
    """Depth-first, each position searched once.

    A model may mark where a part of the search begins that is best *probed* first (its
    ``probe(parent, child)``: for the fans, a last pass after a re-deal, where one hopeless deal
    of the fans can take thousands of positions to prove so).  Then the search runs in rounds: in
    each, a probed part is left after ``cap`` positions, and the cap doubles from round to
    round.  A win found in any round is a win; "lost" is said only after a round that left nothing
    out, which is then a plain exhaustive search."""
    compiled = getattr(model, "compiled_search", None)
    if compiled is not None:
        # the same search in a model's compiled core (Klondike's), where it has one
        answer = compiled(deadline, max_nodes, cancelled, clock)
        if answer is not None:
            return answer
    budget = _Budget(deadline, max_nodes, cancelled, clock)
    cap = int(getattr(model, "probe_cap", 0) or 0)
    while True:
        verdict, line, cut = _depth_first(model, budget, cap)
        if verdict is Verdict.LOST and not cut and not getattr(model, "proves_losses", True) \
                and budget.nodes > 1 and not model.dead(model.root()):
            # the model's prunings do not prove a loss; a position with no move at all, or its
            # check of the layout alone, still does
            return Verdict.UNKNOWN, line, budget.nodes
        if verdict is not Verdict.LOST or not cut:
            return verdict, line, budget.nodes
        cap *= 2


def _depth_first(model: SearchModel, budget: _Budget, cap: int) -> tuple[Verdict, list[Any], bool]:
    """One round of the search; returns the verdict, the winning labels, and whether a probed
    part was left unfinished (so that "lost" does not hold yet)."""
    root = model.root()
    if model.won(root):
        return Verdict.WINNABLE, [], False
    seen: set[Hashable] = {model.key(root)}
    budget.nodes += 1
    if model.dead(root):
        return Verdict.LOST, [], False
    path: list[Any] = []
    parents = [root]
    frames = [iter(model.children(root))]
    won, key, dead, children = model.won, model.key, model.dead, model.children
    probe = getattr(model, "probe", None) if cap else None
    parts: list[tuple[int, int]] = []      # probed parts open: (depth of their frame, nodes at entry)
    cut = False
    while frames:
        for label, child in frames[-1]:
            if won(child):
                path.append(label)
                return Verdict.WINNABLE, path, cut
            k = key(child)
            if k in seen:
                continue
            seen.add(k)
            budget.nodes += 1
            if not budget.nodes & 255 and budget.spent():
                return Verdict.UNKNOWN, [], cut
            if parts and budget.nodes - parts[-1][1] > cap:
                # Leave this probed part for a later round: back to the position it began from.
                depth = parts.pop()[0]
                del frames[depth:], parents[depth:], path[depth - 1:]
                cut = True
                break
            if dead(child):
                continue
            if probe is not None and probe(parents[-1], child):
                parts.append((len(frames), budget.nodes))
            path.append(label)
            parents.append(child)
            frames.append(iter(children(child)))
            break
        else:
            depth = len(frames) - 1
            if parts and parts[-1][0] == depth:
                parts.pop()
            frames.pop()
            parents.pop()
            if path:
                path.pop()
    return Verdict.LOST, [], cut


# Positions a search may examine for each second of its budget, when the caller sets no cap (see
# ``solve``): above what the compiled Klondike core reaches (1.2-2 million a second here), so the
# clock, not this cap, ends a long question; the Python search never comes near it.
POSITIONS_PER_SECOND_CAP = 3_000_000


def solve(game: PatienceGame, state: PatienceState, budget_s: float = 2.0, max_nodes: int | None = None,
          cancelled: Callable[[], bool] | None = None,
          clock: Callable[[], float] = time.perf_counter) -> SolveResult:
    """Is the deal, as it lies in ``state``, still winnable?  Searches for at most ``budget_s``
    seconds by ``clock`` (and ``max_nodes`` positions: by default five million, or more for a
    long budget -- the table's 20 s question once stopped after five million positions, about
    3 s of the compiled core); ``cancelled`` is polled now and then.  (The benchmark passes
    ``time.process_time`` to measure on a busy machine as on an idle one.)"""
    if max_nodes is None:
        max_nodes = max(5_000_000, int(POSITIONS_PER_SECOND_CAP * budget_s))
    start = clock()
    deadline = start + budget_s
    from .registry import solver_model
    model: SearchModel | None = solver_model(game, state)
    nodes = 0
    if model is not None:
        verdict, labels, nodes = search(model, deadline, max_nodes, cancelled, clock)
        if verdict is not Verdict.WINNABLE:
            return SolveResult(verdict, [], nodes, clock() - start)
        line = model.actions(labels)
        if _replays_to_win(game, state, line):
            return SolveResult(verdict, line, nodes, clock() - start)
        # A compact model that disagrees with the engine is a bug (the tests look for one); the
        # engine's own moves are searched instead with the time left, so the answer stays right.
    engine = EngineModel(game, state)
    verdict, labels, more = search(engine, deadline, max_nodes, cancelled, clock)
    line = engine.actions(labels) if verdict is Verdict.WINNABLE else []
    return SolveResult(verdict, line, nodes + more, clock() - start)



def best_first(model: SearchModel, cost: Callable[[Any], float], deadline: float, max_nodes: int = 1_000_000,
               clock: Callable[[], float] = time.process_time) -> tuple[list[Any], Any, bool, int]:
    """For a hint: a best-first search over a model, for the position of lowest ``cost`` within
    the budget (``deadline`` by ``clock``, ``max_nodes`` positions expanded).  Returns the labels
    of the line to it (empty when nothing is cheaper than the root), that position, whether it is
    won, and the positions expanded.  Unlike ``search`` it proves nothing: it is the hint's look-ahead, on
    the same model, with the same safe moves and the same prunes, as the solver's."""
    import heapq
    root = model.root()
    key, won, children = model.key, model.won, model.children
    if won(root):
        return [], root, True, 0
    root_key = key(root)
    parents: dict[Hashable, tuple[Hashable | None, Any]] = {root_key: (None, None)}
    best_cost, best, best_position = cost(root), root_key, root
    heap: list[tuple[float, int, Any]] = [(best_cost, 0, root)]
    counter = nodes = 0
    found = False
    while heap:
        nodes += 1
        if nodes & 127 == 0 and (clock() > deadline or nodes > max_nodes):
            break
        _, _, node = heapq.heappop(heap)
        node_key = key(node)
        for label, child in children(node):
            child_key = key(child)
            if child_key in parents:
                continue
            parents[child_key] = (node_key, label)
            if won(child):
                best, best_position, found = child_key, child, True
                break
            c = cost(child)
            if c < best_cost:
                best_cost, best, best_position = c, child_key, child
            counter += 1
            heapq.heappush(heap, (c, counter, child))
        if found:
            break
    line: list[Any] = []
    walk: Hashable | None = best
    while walk is not None:
        walk, label = parents[walk]
        if label is not None:
            line.append(label)
    line.reverse()
    return line, best_position, found, nodes

def _replays_to_win(game: PatienceGame, state: PatienceState, line: Sequence[Any]) -> bool:
    try:
        for action in line:
            state = game.apply(state, action)
    except IllegalAction:     # the line is worthless
        return False
    return game.is_won(state)


# -- the engine as a model -------------------------------------------------------------------------
class EngineModel:
    """Any patience, through its own rules: legal actions, ``apply``, ``canonical_key`` and the
    ``safe_home_move`` hook (a safe move is played without trying the alternatives)."""

    def __init__(self, game: PatienceGame, state: PatienceState) -> None:
        self.game = game
        self.start = state
        self._forced: list[Any] = []

    def root(self) -> PatienceState:
        state, self._forced = self._settle(self.start)
        return state

    def _settle(self, state: PatienceState) -> tuple[PatienceState, list[Any]]:
        """Play the safe moves, as long as there are any."""
        played: list[Any] = []
        for _ in range(len(state.deck) + 1):
            move = self.game.safe_home_move(state)
            if move is None:
                break
            state = self.game.apply(state, move)
            played.append(move)
        return state, played

    def key(self, state: PatienceState) -> Hashable:
        return self.game.canonical_key(state)

    def won(self, state: PatienceState) -> bool:
        return self.game.is_won(state)

    def dead(self, state: PatienceState) -> bool:
        return False

    def children(self, state: PatienceState) -> Iterable[tuple[Any, PatienceState]]:
        game = self.game
        for action in _order(game, state, game.legal_actions(state, 0)):
            child, forced = self._settle(game.apply(state, action))
            yield (action, *forced), child

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        return [*self._forced, *(a for label in labels for a in label)]


def _order(game: PatienceGame, state: PatienceState, legal: Sequence[Any]) -> list[Any]:
    """Most promising first: cards home, then moves that turn a card up or empty a pile, then
    other moves, then the stock."""
    specs, index = game._specs_of(state)
    home, reveal, other, stock = [], [], [], []
    for action in legal:
        if isinstance(action, Move):
            dst = specs[index[action.dst]]
            si = index[action.src]
            left = len(state.piles[si]) - action.count
            if dst.kind is PileKind.FOUNDATION:
                home.append(action)
            elif left > 0 and state.down[si] == left:
                reveal.append(action)
            elif specs[si].kind is PileKind.FOUNDATION:
                stock.append(action)  # taking back from a foundation: last resort
            else:
                other.append(action)
        else:
            stock.append(action)
    stock.sort(key=lambda a: 0 if isinstance(a, Draw) else (1 if isinstance(a, Redeal) else 2))
    return home + reveal + other + stock


# -- cards as small integers -----------------------------------------------------------------------
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


def card_code(card: Card) -> int:
    """suit * 16 + rank: the suit is ``code >> 4`` and the rank ``code & 15``."""
    return _SUIT_INDEX[card.suit] * 16 + int(card.rank)   # type: ignore[index]


# -- open layouts: every card face up, on the tableau or home --------------------------------------
class OpenModel:
    """What the compact models of open patiences share: the tableau piles as tuples of card codes
    (bottom to top), in the order the game declares them, and the top card code of each
    foundation (0 while empty).  A label is the tuple of game actions of one step of the search."""

    distinct = False          # no two foundations alike may start with the same suit

    def __init__(self, game: Any, state: PatienceState) -> None:
        specs, _ = game._specs_of(state)
        deck = state.deck
        self.pile_names: list[str] = []
        self.found_names: list[str] = []
        self.found_step: list[int] = []
        self.found_start: list[int] = []
        self.found_group: list[int] = []
        groups: dict[Any, int] = {}
        piles: list[tuple[int, ...]] = []
        founds: list[int] = []
        self.build = None
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.TABLEAU:
                piles.append(tuple(card_code(deck[c]) for c in pile))
                self.pile_names.append(spec.name)
                self.build = spec.build
            elif spec.kind is PileKind.FOUNDATION:
                assert spec.build is not None and spec.build.step in (1, -1)
                founds.append(card_code(deck[pile[-1]]) if pile else 0)
                self.found_names.append(spec.name)
                self.found_step.append(spec.build.step)
                self.found_start.append(int(spec.build.empty))   # type: ignore[arg-type]
                self.found_group.append(groups.setdefault(spec.build, len(groups)))
        self.start_piles, self.start_founds = tuple(piles), tuple(founds)
        step = self.build.step if self.build is not None else -1
        # the rank differences a card may have with the card it is married on
        self.marry = (1,) if step == -1 else ((-1,) if step == 1 else (1, -1))
        faces = [deck[c] for pile in state.piles for c in pile]
        self.one_pack = len(set(faces)) == len(faces)
        self.copies: dict[int, int] = {}      # card code -> copies in the game
        for face in faces:
            code = card_code(face)
            self.copies[code] = self.copies.get(code, 0) + 1
        self.group_of = tuple(self.found_group)
        self.single_group = len(groups) == 1
        self._wants: dict[tuple[int, ...], dict[int, int]] = {}
        self._forced: list[Any] = []

    @staticmethod
    def open_layout(game: Any, state: PatienceState, wrap_ok: bool = False) -> bool:
        """Every card face up on the tableau or the foundations, foundations built in suit."""
        specs, _ = game._specs_of(state)
        if not state.deck or any(state.down):
            return False
        for spec, pile in zip(specs, state.piles):
            if spec.kind not in (PileKind.TABLEAU, PileKind.FOUNDATION) and pile:
                return False
            if spec.kind is PileKind.FOUNDATION and (spec.build is None or spec.build.wrap
                                                     or spec.build.step not in (1, -1)
                                                     or spec.build.suit is not SuitRule.SAME
                                                     or spec.take is not Take.NONE):
                return False
        return True

    def root(self) -> Any:
        return self._root

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        return [*self._forced, *(a for label in labels for a in label)]

    def found_key(self, founds: tuple[int, ...]) -> Any:
        """Foundations alike are interchangeable: compared as a set."""
        if self.single_group:
            return tuple(sorted(founds))
        return tuple(sorted(zip(self.group_of, founds)))

    def wants(self, founds: tuple[int, ...]) -> dict[int, int]:
        """Card code -> the first foundation that takes it now."""
        cached = self._wants.get(founds)
        if cached is not None:
            return cached
        if len(self._wants) > 100_000:
            self._wants.clear()
        out: dict[int, int] = {}
        self._wants[founds] = out
        for i, top in enumerate(founds):
            step = self.found_step[i]
            if top:
                rank = (top & 15) + step
                if 1 <= rank <= 13:
                    out.setdefault(top + step, i)
                continue
            start = self.found_start[i]
            for suit in range(4):
                if self.distinct and any(t and t >> 4 == suit and self.found_group[j] == self.found_group[i]
                                         for j, t in enumerate(founds)):
                    continue
                out.setdefault(suit * 16 + start, i)
        return out

    def home_count(self, card: int, founds: Sequence[int]) -> int:
        """How many copies of ``card`` are on the foundations."""
        suit, rank = card >> 4, card & 15
        n = 0
        for i, top in enumerate(founds):
            if top and top >> 4 == suit and \
                    ((top & 15) >= rank if self.found_step[i] > 0 else (top & 15) <= rank):
                n += 1
        return n

    def partners_home(self, card: int, founds: Sequence[int]) -> bool:
        """Is every card that could be married on ``card`` home already?"""
        rank = card & 15
        for m in self.marry:
            if 1 <= rank + m <= 13 and self.home_count(card + m, founds) < self.copies.get(card + m, 0):
                return False
        return True

    def safe(self, card: int, founds: Sequence[int]) -> bool:
        """May ``card``, which a foundation takes, go home without trying the alternatives?"""
        return self.partners_home(card, founds)

    def settle(self, piles: Sequence[tuple[int, ...]], founds: tuple[int, ...]
               ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], list[Any]]:
        """Send home every card that can go safely, as long as there is one."""
        played: list[Any] = []
        wants = self.wants(founds)
        piles_l = list(piles)
        i = 0
        n = len(piles_l)
        while i < n:
            pile = piles_l[i]
            if pile and pile[-1] in wants and self.safe(pile[-1], founds):
                card = pile[-1]
                f = wants[card]
                founds = founds[:f] + (card,) + founds[f + 1:]
                piles_l[i] = pile[:-1]
                played.append(Move(self.pile_names[i], self.found_names[f]))
                wants = self.wants(founds)
                i = 0
                continue
            i += 1
        return tuple(piles_l), founds, played


# -- the fans: La Belle Lucie and its two-pack cousins ---------------------------------------------
class FanModel(OpenModel):
    """La Belle Lucie, The House in the Wood and The House on the Hill (``FanPatience``): every
    card face up in fans, only a fan's top card free, marriages one card at a time in suit, no
    space ever filled, re-deals that gather the fans in order and shuffle them as the deal number
    says, and La Belle Lucie's merci.  A position is ``(fans, foundations, passes, merci_used)``.

    Safe moves, played without branching:

    * With one pack and marriages downwards (La Belle Lucie), every card that can go home goes:
      the only card that could ever be married on it is the one below it in suit, home already.
    * Otherwise a card goes home without branching once every card that could be married on it
      is home: it can then never serve on a fan again, and leaving its fan only frees the card
      beneath.  Which of two foundations alike takes it does not matter (they are alike).

    Prunes, after the last re-deal (when the order of the fans no longer matters, for nothing will
    gather them again):

    * the fans are compared as a set, in any order;
    * a fan's only card is never married elsewhere: whatever can be done after it lies on its
      partner can be done with it left where it is (cards married on it go on it there; it goes
      home from there), and the card it would have covered stays free;
    * with one pack and marriages downwards, the position is lost when the cards form a cycle of
      "must go home before": a card buried under one that can leave its fan only for the
      foundations (a king, or a card lying above its own next-higher card) must wait for it; and
      each card waits for the one below it in suit.

    Before the last re-deal the search probes (see ``search``): one hopeless deal of the fans
    can take thousands of positions to prove so, while winnable ones are usually won quickly.
    """

    def __init__(self, game: Any, state: PatienceState) -> None:
        super().__init__(game, state)
        opts = game.options_of(state)
        self.distinct = bool(game.distinct_suits)
        self.redeals = game.redeals(opts)
        self.merci = bool(opts.get("merci"))
        self.deal_seed = state.deal_seed
        self.always_safe = self.one_pack and self.marry == (1,)
        self.cycle_test = self.always_safe
        self.probe_cap = 100 if self.redeals > state.passes else 0
        self._perms: dict[tuple[int, int], tuple[int, ...]] = {}
        fans, founds, self._forced = self.settle(self.start_piles, self.start_founds)
        self._root = (fans, founds, state.passes, bool(getattr(state, "merci_used", False)))

    @classmethod
    def applies(cls, game: Any, state: PatienceState) -> bool:
        specs, _ = game._specs_of(state)
        builds = {s.build for s in specs if s.kind is PileKind.TABLEAU}
        if len(builds) != 1:
            return False
        build = builds.pop()
        return cls.open_layout(game, state) and build is not None and build.suit is SuitRule.SAME \
            and build.empty is None and not build.wrap

    # -- the protocol -----------------------------------------------------------------------
    def won(self, position: Any) -> bool:
        return not any(position[0])

    def key(self, position: Any) -> Hashable:
        fans, founds, passes, merci_used = position
        if passes >= self.redeals:
            return (tuple(sorted(fans)), self.found_key(founds), passes, merci_used)
        return (fans, self.found_key(founds), passes, merci_used)

    def safe(self, card: int, founds: Sequence[int]) -> bool:
        return self.always_safe or self.partners_home(card, founds)

    def _redeal(self, fans: tuple[tuple[int, ...], ...], passes: int) -> tuple[tuple[int, ...], ...]:
        """As the game's ``redeal``: gather the fans in order, shuffle as the deal number says for
        this pass, deal again in threes from the first fan on."""
        gathered = [c for fan in fans for c in fan]
        n = len(gathered)
        perm = self._perms.get((passes, n))
        if perm is None:
            assert self.deal_seed is not None
            perm = shuffled(range(n), derive_seed(self.deal_seed, 1 + passes))
            self._perms[(passes, n)] = perm
        cards = [gathered[k] for k in perm]
        return tuple(tuple(cards[3 * k:3 * k + 3]) for k in range(len(fans)))

    def children(self, position: Any) -> list[tuple[Any, Any]]:
        fans, founds, passes, merci_used = position
        last_pass = passes >= self.redeals
        wants = self.wants(founds)
        tops: dict[int, list[int]] = {}
        for j, fan in enumerate(fans):
            if fan:
                tops.setdefault(fan[-1], []).append(j)
        scored: list[tuple[int, int, Any, tuple[tuple[int, ...], ...], tuple[int, ...], int, bool]] = []
        names, fnames = self.pile_names, self.found_names
        for i, fan in enumerate(fans):
            if not fan:
                continue
            card = fan[-1]
            rest = fan[:-1]
            if card in wants:   # a card home that was not safe to send without thinking
                f = wants[card]
                scored.append((0, len(scored), Move(names[i], fnames[f]), fans[:i] + (rest,) + fans[i + 1:],
                               founds[:f] + (card,) + founds[f + 1:], passes, merci_used))
            if last_pass and not rest:
                continue   # a fan's only card stays where it is (see the class's note)
            rank = card & 15
            for m in self.marry:
                if not 1 <= rank + m <= 13:
                    continue
                for j in tops.get(card + m, ()):
                    if j == i:
                        continue
                    new = list(fans)
                    new[i] = rest
                    new[j] = fans[j] + (card,)
                    # promising first: a move that frees a card for the foundations, then one
                    # that digs towards the lowest buried card
                    if rest and rest[-1] in wants:
                        prio = 1
                    elif not rest:
                        prio = 2
                    else:
                        prio = 3 + min(c & 15 for c in rest)
                    scored.append((prio, len(scored), Move(names[i], names[j]), tuple(new), founds, passes,
                                   merci_used))
        if self.merci and last_pass and not merci_used:
            for i, fan in enumerate(fans):
                for depth in range(2, len(fan) + 1):
                    card = fan[-depth]
                    rest = fan[:-depth] + fan[len(fan) - depth + 1:]
                    if card in wants:
                        f = wants[card]
                        scored.append((30, len(scored), Move(names[i], fnames[f], depth),
                                       fans[:i] + (rest,) + fans[i + 1:], founds[:f] + (card,) + founds[f + 1:],
                                       passes, True))
                    rank = card & 15
                    for m in self.marry:
                        if not 1 <= rank + m <= 13:
                            continue
                        for j in tops.get(card + m, ()):
                            if j == i:
                                continue
                            new = list(fans)
                            new[i] = rest
                            new[j] = fans[j] + (card,)
                            scored.append((31, len(scored), Move(names[i], names[j], depth), tuple(new), founds,
                                           passes, True))
        if passes < self.redeals and any(fans):
            scored.append((40, len(scored), Redeal(), self._redeal(fans, passes), founds, passes + 1, merci_used))
        scored.sort()
        out = []
        for _, _, action, new_fans, new_founds, new_passes, new_merci in scored:
            new_fans, new_founds, forced = self.settle(new_fans, new_founds)
            out.append(((action, *forced), (new_fans, new_founds, new_passes, new_merci)))
        return out

    def probe(self, parent: Any, child: Any) -> bool:
        return child[2] == self.redeals and parent[2] < self.redeals

    def dead(self, position: Any) -> bool:
        fans, _, passes, merci_used = position
        if passes < self.redeals or (self.merci and not merci_used):
            return False
        # (With two packs no test found here pruned enough to pay for itself: a card's twin can
        # nearly always stand in for it.)
        return self.cycle_test and _waits_in_a_cycle(fans)


# -- rows with spaces: Fortress --------------------------------------------------------------------
class RowsModel(OpenModel):
    """Fortress: every card face up in rows, only a row's outer card free, marriages one card at a
    time up or down in suit, a row emptied taking any free card, one pack, the foundations built
    up in suit from the aces (cards never taken back: the option that allows it is searched with
    the engine's own moves).  A position is ``(rows, foundations)``.

    Safe moves: every card that can go home goes.  The only card that could be married on it is
    the next one of its suit (the one below is home already), and that card can then go home
    instead, from wherever it would have been married; step by step, a line that kept the card in
    play is matched by one that sent it home, the rows of the second being those of the first
    without the run of that suit it kept, so no row is ever fuller and no space later.

    Prunes: the rows obey the same rules wherever they lie, so positions are compared with the
    rows in any order, and of several empty rows only the first is tried (a card put in one is
    as well off as in another).  The rules themselves refuse to move a row's only card to a space.
    """

    def __init__(self, game: Any, state: PatienceState) -> None:
        super().__init__(game, state)
        rows, founds, self._forced = self.settle(self.start_piles, self.start_founds)
        self._root = (rows, founds)

    @classmethod
    def applies(cls, game: Any, state: PatienceState) -> bool:
        specs, _ = game._specs_of(state)
        rows = {(s.build, s.take) for s in specs if s.kind is PileKind.TABLEAU}
        if len(rows) != 1:
            return False
        build, take = rows.pop()
        faces = [state.deck[c] for pile in state.piles for c in pile]
        return cls.open_layout(game, state) and len(set(faces)) == len(faces) and take is Take.TOP \
            and build is not None and build.suit is SuitRule.SAME and build.empty == "any" \
            and not build.wrap and all(s.build.step == 1 for s in specs if s.kind is PileKind.FOUNDATION)

    def won(self, position: Any) -> bool:
        return not any(position[0])

    def key(self, position: Any) -> Hashable:
        rows, founds = position
        return (tuple(sorted(rows)), founds)

    def safe(self, card: int, founds: Sequence[int]) -> bool:
        return True

    def children(self, position: Any) -> list[tuple[Any, Any]]:
        rows, founds = position
        wants = self.wants(founds)
        tops: dict[int, list[int]] = {}
        space = -1
        for j, row in enumerate(rows):
            if row:
                tops.setdefault(row[-1], []).append(j)
            elif space < 0:
                space = j
        names = self.pile_names
        scored: list[tuple[int, int, Any, tuple[tuple[int, ...], ...]]] = []
        for i, row in enumerate(rows):
            if not row:
                continue
            card = row[-1]
            rest = row[:-1]
            rank = card & 15
            # promising first: a move that frees a card for the foundations, then one that empties
            # a row, then one that digs towards the lowest card wanted
            if rest and rest[-1] in wants:
                prio = 0
            elif not rest:
                prio = 1
            else:
                prio = 2 + min(c & 15 for c in rest)
            for m in (1, -1):
                if not 1 <= rank + m <= 13:
                    continue
                for j in tops.get(card + m, ()):
                    if j != i:
                        new = list(rows)
                        new[i] = rest
                        new[j] = rows[j] + (card,)
                        scored.append((prio, len(scored), Move(names[i], names[j]), tuple(new)))
            if space >= 0 and rest:
                new = list(rows)
                new[i] = rest
                new[space] = (card,)
                scored.append((prio + 20, len(scored), Move(names[i], names[space]), tuple(new)))
        scored.sort()
        out = []
        for _, _, action, new_rows in scored:
            new_rows, new_founds, forced = self.settle(new_rows, founds)
            out.append(((action, *forced), (new_rows, new_founds)))
        return out

    def dead(self, position: Any) -> bool:
        return False


# -- pairs: Nestor ---------------------------------------------------------------------------------
class PairModel:
    """Nestor: pairs of free cards of the same rank leave the table; the free cards are the lowest
    card of each column and the reserve cards turned up; the reserve is turned a card at a time
    (under the book's rule only when no pair is left) or lies open from the start.  A position is
    ``(heights, reserve, stock)``: how many cards each column still holds, the rank of the card on
    each reserve place (0 when empty), and how many cards are left to turn.

    Safe moves: when every card of a rank still in play is free, they are paired off at once
    (which with which does not matter: all of them go).  In any winning line they are paired
    among themselves; while two of them are free there is a pair, so under the book's rule no
    reserve card is turned before they are all gone; playing those pairs first leaves every other
    move of the line legal (freeing cards sooner never forbids a pair, and turning is then
    allowed no later), and the line reaches the same positions from then on.

    Prunes: a pair is one move whichever card is laid on the other; the reserve places are
    compared as a set."""

    def __init__(self, game: Any, state: PatienceState) -> None:
        specs, index = game._specs_of(state)
        deck = state.deck
        opts = dict(state.opts)
        self.any_time = opts.get("turn_when") == "any"
        self.column_names: list[str] = []
        self.columns: list[tuple[int, ...]] = []
        self.reserve_names: list[str] = []
        reserve: list[int] = []
        for spec, pile in zip(specs, state.piles):
            if spec.kind is PileKind.TABLEAU:
                self.column_names.append(spec.name)
                self.columns.append(tuple(int(deck[c].rank) for c in pile))
            elif spec.kind is PileKind.RESERVE:
                self.reserve_names.append(spec.name)
                reserve.append(int(deck[pile[-1]].rank) if pile else 0)
        stock = state.piles[index["s"]] if "s" in index else ()
        # turned from the top of the pack: the last card of the pile first
        self.stock = tuple(int(deck[c].rank) for c in reversed(stock))
        heights = tuple(len(c) for c in self.columns)
        self.total: dict[int, int] = {}
        for col, h in zip(self.columns, heights):
            for r in col[:h]:
                self.total[r] = self.total.get(r, 0) + 1
        for r in (*reserve, *self.stock):
            if r:
                self.total[r] = self.total.get(r, 0) + 1
        self._root, self._forced = self._settle((heights, tuple(reserve), len(self.stock)))

    @classmethod
    def applies(cls, game: Any, state: PatienceState) -> bool:
        """The model knows the game's piles: columns face up, reserve places face up, and the
        reserve pack (if any) face down and turned into the first empty place."""
        specs, index = game._specs_of(state)
        if not state.deck:
            return False
        for spec, pile, nd in zip(specs, state.piles, state.down):
            if spec.kind in (PileKind.TABLEAU, PileKind.RESERVE) and nd:
                return False
            if spec.kind is PileKind.RESERVE and len(pile) > 1:
                return False
        stock = len(state.piles[index["s"]]) if "s" in index else 0
        empty_places = sum(1 for s, p in zip(specs, state.piles) if s.kind is PileKind.RESERVE and not p)
        return stock <= empty_places

    def root(self) -> Any:
        return self._root

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        return [*self._forced, *(a for label in labels for a in label)]

    def won(self, position: Any) -> bool:
        heights, reserve, stock = position
        return not stock and not any(heights) and not any(reserve)

    def key(self, position: Any) -> Hashable:
        heights, reserve, stock = position
        return (heights, tuple(sorted(reserve)), stock)

    def dead(self, position: Any) -> bool:
        return False

    def _free(self, heights: Sequence[int], reserve: Sequence[int]) -> dict[int, list[int]]:
        """Rank -> the free sources of that rank (columns by number, then reserve places)."""
        free: dict[int, list[int]] = {}
        n = len(heights)
        for i, h in enumerate(heights):
            if h:
                free.setdefault(self.columns[i][h - 1], []).append(i)
        for j, r in enumerate(reserve):
            if r:
                free.setdefault(r, []).append(n + j)
        return free

    def _name(self, source: int) -> str:
        n = len(self.column_names)
        return self.column_names[source] if source < n else self.reserve_names[source - n]

    def _remove(self, heights: list[int], reserve: list[int], source: int) -> None:
        n = len(heights)
        if source < n:
            heights[source] -= 1
        else:
            reserve[source - n] = 0

    def _in_play(self, heights: Sequence[int], reserve: Sequence[int], stock: int) -> dict[int, int]:
        count: dict[int, int] = {}
        for col, h in zip(self.columns, heights):
            for r in col[:h]:
                count[r] = count.get(r, 0) + 1
        for r in reserve:
            if r:
                count[r] = count.get(r, 0) + 1
        for r in self.stock[len(self.stock) - stock:]:
            count[r] = count.get(r, 0) + 1
        return count

    def _settle(self, position: Any) -> tuple[Any, list[Any]]:
        """Pair off every rank whose cards in play are all free."""
        heights, reserve, stock = position
        played: list[Any] = []
        h, res = list(heights), list(reserve)
        while True:
            free = self._free(h, res)
            in_play = self._in_play(h, res, stock)
            done = False
            for rank, sources in free.items():
                if len(sources) >= 2 and len(sources) == in_play.get(rank, 0) and len(sources) % 2 == 0:
                    for a, b in zip(sources[::2], sources[1::2]):
                        played.append(Move(self._name(a), self._name(b)))
                        self._remove(h, res, a)
                        self._remove(h, res, b)
                    done = True
                    break
            if not done:
                break
        if not played:
            return position, played
        return (tuple(h), tuple(res), stock), played

    def children(self, position: Any) -> list[tuple[Any, Any]]:
        heights, reserve, stock = position
        free = self._free(heights, reserve)
        n = len(heights)
        counts = {r: len(s) for r, s in free.items()}
        scored: list[tuple[int, int, Any, Any]] = []
        pairs = False
        for sources in free.values():
            for x in range(len(sources)):
                for y in range(x + 1, len(sources)):
                    a, b = sources[x], sources[y]
                    pairs = True
                    h, res = list(heights), list(reserve)
                    self._remove(h, res, a)
                    self._remove(h, res, b)
                    # promising first: pairs that free cards matching other free cards
                    promise = 0
                    for s in (a, b):
                        if s < n and h[s]:
                            promise += 1 + 2 * counts.get(self.columns[s][h[s] - 1], 0)
                    scored.append((-promise, len(scored), Move(self._name(a), self._name(b)),
                                   (tuple(h), tuple(res), stock)))
        if stock and (self.any_time or not pairs):
            card = self.stock[len(self.stock) - stock]
            res = list(reserve)
            res[res.index(0)] = card
            scored.append((1, len(scored), Draw(), (heights, tuple(res), stock - 1)))
        scored.sort()
        out = []
        for _, _, action, child in scored:
            child, forced = self._settle(child)
            out.append(((action, *forced), child))
        return out


# -- the declaration itself: Klondike, Napoleon at St Helena, Napoleon's Square ---------------------
class DeclaredModel:
    """A patience whose rules are exactly its declaration (the engine's own move rules, no hook
    changing them): stock, waste, foundations and tableau, each pile's ``Build`` and ``Take``,
    draws and passes, face-down cards turned up.  The same rules as the engine, on tuples of card
    codes (so twin cards of two packs count as one), several times quicker.  A position is
    ``(piles, down, passes)``.  ``space_from``, if given, names the pile kinds that alone may fill
    an empty tableau pile (a game's rule that vacancies are filled from the talon).

    Safe moves, played without branching: a card goes home when every card that could ever be
    built on it in the tableau is home already (and, where foundations are alike, which one takes
    it does not matter).  It can then serve no pile; leaving its pile frees the card beneath, or
    a space that takes at least what a pile holding it could; with foundations that give cards
    back no move is taken as safe.

    Prunes: piles of the kinds the game declares symmetric (``symmetric_kinds``) are compared in
    any order."""

    def __init__(self, game: Any, state: PatienceState, space_from: tuple[PileKind, ...] | None = None) -> None:
        specs, _ = game._specs_of(state)
        opts = game.options_of(state)
        deck = state.deck
        self.names = [s.name for s in specs]
        self.kinds = [s.kind for s in specs]
        self.builds = [s.build for s in specs]
        self.takes = [s.take for s in specs]
        self.flip = [s.flip_top for s in specs]
        self.space_from = space_from
        self.stock = next((i for i, s in enumerate(specs) if s.kind is PileKind.STOCK), None)
        self.waste = next((i for i, s in enumerate(specs) if s.kind is PileKind.WASTE), None)
        self.founds = [i for i, s in enumerate(specs) if s.kind is PileKind.FOUNDATION]
        self.draw = game.draw_count(opts)
        self.allowed = game.passes_allowed(opts)
        symmetric = set(game.symmetric_kinds)
        groups: dict[Any, int] = {}
        self.group = [groups.setdefault((s.kind, s.build, s.take), len(groups)) if s.kind in symmetric else -1
                      for s in specs]
        self.fixed = [i for i, g in enumerate(self.group) if g < 0]
        self.grouped = [[i for i, h in enumerate(self.group) if h == g] for g in sorted(set(self.group) - {-1})]
        alike = PileKind.FOUNDATION in symmetric and len({specs[i].build for i in self.founds}) == 1
        self.safe_moves = all(self.takes[i] is Take.NONE for i in self.founds)
        self.alike_founds = alike
        codes = [card_code(c) for c in deck]
        self.copies: dict[int, int] = {}
        for pile in state.piles:
            for c in pile:
                self.copies[codes[c]] = self.copies.get(codes[c], 0) + 1
        # Each build's tables: the cards it takes on each card, and on a space.
        self.onto: dict[Any, dict[int, frozenset[int]]] = {}
        self.on_empty: dict[Any, frozenset[int]] = {}
        for build in {s.build for s in specs if s.build is not None}:
            self.onto[build] = {x: frozenset(y for y in self.copies if _follows(build, x, y)) for x in self.copies}
            self.on_empty[build] = frozenset(y for y in self.copies
                                             if build.empty == "any" or build.empty == (y & 15))
        # ... looked up by pile (a Build hashes slowly)
        self.onto_of = [None if b is None else self.onto[b] for b in self.builds]
        self.empty_of = [None if b is None else self.on_empty[b] for b in self.builds]
        # For each card, the cards that could ever be built on it in the tableau.
        tableau_builds = {s.build for s in specs if s.kind is PileKind.TABLEAU and s.build is not None}
        self.partners = {x: [y for y in self.copies if any(_follows(b, x, y) for b in tableau_builds)]
                         for x in self.copies}
        start = (tuple(tuple(codes[c] for c in pile) for pile in state.piles), state.down, state.passes)
        piles, down, self._forced = self._settle(start[0], start[1])
        self._root = (piles, down, state.passes)

    def root(self) -> Any:
        return self._root

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        return [*self._forced, *(a for label in labels for a in label)]

    def won(self, position: Any) -> bool:
        piles = position[0]
        return not any(piles[i] for i, k in enumerate(self.kinds) if k is not PileKind.FOUNDATION)

    def key(self, position: Any) -> Hashable:
        piles, down, passes = position
        return (tuple((piles[i], down[i]) for i in self.fixed),
                tuple(tuple(sorted((piles[i], down[i]) for i in g)) for g in self.grouped), passes)

    def dead(self, position: Any) -> bool:
        return False

    # -- the rules, as the engine's ``why_illegal`` and ``apply`` say them ------------------------
    def moves(self, piles: Sequence[tuple[int, ...]], down: Sequence[int], passes: int) -> list[Any]:
        out: list[Any] = []
        if self.stock is not None:
            if piles[self.stock]:
                out.append(Draw())
            elif self.waste is not None and piles[self.waste] and \
                    not (self.allowed and passes + 1 >= self.allowed):
                out.append(Redeal())
        # what each pile would take now: its build's table for its top card, or for a space
        takes = [None if t is None else (t.get(p[-1], ()) if p else e)
                 for t, e, p in zip(self.onto_of, self.empty_of, piles)]
        n = len(piles)
        kinds = self.kinds
        for si in range(n):
            pile = piles[si]
            up = len(pile) - down[si]
            take = self.takes[si]
            if up <= 0 or take is Take.NONE:
                continue
            if take is Take.RUNS:
                counts: Iterable[int] = range(1, up + 1)
            elif take is Take.ALL_FACE_UP:
                counts = (1, up) if up > 1 else (1,)
            else:
                counts = (1,)
            src_build = self.builds[si]
            src_kind = kinds[si]
            for count in counts:
                if count > 1 and src_build is not None:
                    table = self.onto_of[si]
                    assert table is not None
                    if not all(pile[-k] in table.get(pile[-k - 1], ()) for k in range(1, count)):
                        break      # a longer run is not in sequence either
                lead = pile[-count]
                whole = count == len(pile)
                single_only = take is Take.ALL_FACE_UP and count == 1 and up > 1
                for di in range(n):
                    accepted = takes[di]
                    if di == si or accepted is None or lead not in accepted:
                        continue
                    kind = kinds[di]
                    if single_only and kind is not PileKind.FOUNDATION:
                        continue
                    if count > 1 and (kind is PileKind.FOUNDATION or self.builds[di].single_cards):
                        continue
                    if not piles[di]:
                        if whole and src_kind is kind:
                            continue   # a whole pile moved to a space of its kind changes nothing
                        if self.space_from is not None and kind is PileKind.TABLEAU \
                                and src_kind not in self.space_from:
                            continue
                    out.append(Move(self.names[si], self.names[di], count))
        return out

    def play(self, piles: Sequence[tuple[int, ...]], down: Sequence[int], passes: int, action: Any
             ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
        piles_l, down_l = list(piles), list(down)
        if isinstance(action, Draw):
            s, w = self.stock, self.waste
            assert s is not None
            k = min(self.draw, len(piles_l[s]))
            taken = piles_l[s][-k:]
            piles_l[s] = piles_l[s][:-k]
            down_l[s] = len(piles_l[s])
            if w is not None:
                piles_l[w] = piles_l[w] + taken[::-1]
        elif isinstance(action, Redeal):
            s, w = self.stock, self.waste
            assert s is not None and w is not None
            piles_l[s] = piles_l[w][::-1]
            down_l[s] = len(piles_l[s])
            piles_l[w] = ()
            passes += 1
        else:
            si, di = self.names.index(action.src), self.names.index(action.dst)
            pile = piles_l[si]
            piles_l[si] = pile[:-action.count]
            piles_l[di] = piles_l[di] + pile[-action.count:]
            left = len(piles_l[si])
            down_l[si] = min(down_l[si], left)
            if self.flip[si] and left and down_l[si] == left:
                down_l[si] -= 1
        return tuple(piles_l), tuple(down_l), passes

    def _home_counts(self, piles: Sequence[tuple[int, ...]]) -> dict[int, int]:
        home: dict[int, int] = {}
        for f in self.founds:
            for c in piles[f]:
                home[c] = home.get(c, 0) + 1
        return home

    def _settle(self, piles: Sequence[tuple[int, ...]], down: Sequence[int]
                ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], list[Any]]:
        """Send home every card that can go safely (see the class's note)."""
        played: list[Any] = []
        piles, down = tuple(piles), tuple(down)
        if not self.safe_moves:
            return piles, down, played
        home: dict[int, int] | None = None
        wants = self._wants(piles)
        moved = True
        while moved:
            moved = False
            for si, pile in enumerate(piles):
                if not pile or pile[-1] not in wants or self.kinds[si] is PileKind.FOUNDATION \
                        or down[si] >= len(pile) or self.takes[si] is Take.NONE:
                    continue
                card = pile[-1]
                targets = wants[card]
                if len(targets) > 1 and not self.alike_founds:
                    continue
                if home is None:
                    home = self._home_counts(piles)
                if any(home.get(y, 0) < self.copies[y] for y in self.partners[card]):
                    continue
                action = Move(self.names[si], self.names[targets[0]])
                piles, down, _ = self.play(piles, down, 0, action)
                home[card] = home.get(card, 0) + 1
                played.append(action)
                wants = self._wants(piles)
                moved = True
        return piles, down, played

    def _wants(self, piles: Sequence[tuple[int, ...]]) -> dict[int, list[int]]:
        """Card code -> the foundations that take it now."""
        out: dict[int, list[int]] = {}
        for f in self.founds:
            table, empty = self.onto_of[f], self.empty_of[f]
            assert table is not None and empty is not None
            for card in (table.get(piles[f][-1], ()) if piles[f] else empty):
                out.setdefault(card, []).append(f)
        return out

    def children(self, position: Any) -> Iterable[tuple[Any, Any]]:
        piles, down, passes = position
        home, reveal, other, stock = [], [], [], []
        for action in self.moves(piles, down, passes):
            if isinstance(action, Move):
                si, di = self.names.index(action.src), self.names.index(action.dst)
                left = len(piles[si]) - action.count
                if self.kinds[di] is PileKind.FOUNDATION:
                    home.append(action)
                elif left > 0 and down[si] == left:
                    reveal.append(action)
                elif self.kinds[si] is PileKind.FOUNDATION:
                    stock.append(action)
                else:
                    other.append(action)
            else:
                stock.append(action)
        for action in home + reveal + other + stock:
            new_piles, new_down, new_passes = self.play(piles, down, passes, action)
            new_piles, new_down, forced = self._settle(new_piles, new_down)
            yield (action, *forced), (new_piles, new_down, new_passes)


def _follows(build: Any, below: int, card: int) -> bool:
    """``Build.follows`` on card codes."""
    if build.suit is SuitRule.SAME:
        if below >> 4 != card >> 4:
            return False
    elif build.suit is SuitRule.ALTERNATE and ((below >> 4) in (1, 2)) == ((card >> 4) in (1, 2)):
        return False
    diff = (card & 15) - (below & 15)
    if build.wrap:
        diff %= 13
        if diff == 12:
            diff = -1
    return diff == build.step if build.step else diff in (1, -1)


def _waits_in_a_cycle(fans: Sequence[tuple[int, ...]]) -> bool:
    """One pack, marriages downwards in suit, no re-deal left: is there a cycle of cards each of
    which must go home before the next?  A card must go home after the one below it in suit (so
    after every lower card of its suit still in play); a card that can leave its fan only for the
    foundations -- a king, or a card lying above its own next-higher card -- must go home before
    the cards beneath it can.  Cycles can only pass through cards of the second kind, so the test
    looks at those alone: from one of them, A, the wait reaches another, B, when a card beneath A
    is of B's suit and no higher than B."""
    nodes: list[tuple[int, list[int]]] = []
    for fan in fans:
        if len(fan) < 2:
            continue
        lowest = [99, 99, 99, 99]      # the lowest rank of each suit beneath the current card
        for pos, c in enumerate(fan):
            if pos and ((c & 15) == 13 or (c + 1) in fan[:pos]):
                if lowest[c >> 4] < (c & 15):
                    return True        # waits for a lower card of its own suit beneath it
                nodes.append((c, lowest[:]))
            lowest[c >> 4] = min(lowest[c >> 4], c & 15)
    if len(nodes) < 2:
        return False
    # Peel off cards that wait for no other still left until nothing changes: whatever is left
    # lies on a cycle.  (Bit j of out[i]: card i waits for card j.)
    out = []
    for _, low in nodes:
        m = 0
        for j, (b, _) in enumerate(nodes):
            if low[b >> 4] <= (b & 15):
                m |= 1 << j
        out.append(m)
    alive = (1 << len(nodes)) - 1
    changed = True
    while changed and alive:
        changed = False
        for i, m in enumerate(out):
            if alive >> i & 1 and not m & alive:
                alive &= ~(1 << i)
                changed = True
    return alive != 0
