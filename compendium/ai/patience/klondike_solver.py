"""Klondike's solver model: a "thoughtful" search, one that knows the face-down cards.

The question the table asks is "can this deal, as it lies, still be won?", and the solver answers
it for a player who could see every card: it reads the face-down cards of the tableau and the
order of the stock.  (The field calls this a *thoughtful* solver; the share of deals it wins is
an upper bound on what any player who cannot see them can win.)

A position is compact: the seven piles as tuples of card codes (``suit * 16 + rank``, plus 64 for
a face-down card), the four foundations as the rank home in each suit, the stock and the waste
as one sequence ``talon`` (the waste bottom to top, then the stock in the order it will be turned)
with the waste's length ``p`` and the re-deals made.  Turning cards is never a step of its own:
a step from the talon plays one card it can reach -- the waste's top, or a card that the turns
left in this pass (and, where the rules allow another pass, the next one) bring to the top --
and the engine's line draws exactly to it.  Turning without then playing a card never helps:
turns commute with every other move, and the pass limit only ever makes a later turn worse.

Safe moves are played without branching (see ``_safe`` and ``_settle``); a part of a run moves
only to send the card beneath it home, a card that could go on either of two twins goes on one,
and positions whose heaps on twins are swapped are one (see ``children``); positions are compared
with the piles in any order (the seven piles are alike); a whole pile never moves to a space (the engine refuses
it: it would only change the pile's place).  With those, a search that finds no win has tried
every line of the game, and the model says so (``proves_losses``).  The tests compare its
verdicts with plain exhaustive searches (the engine's own moves, and the declaration on tuples
without safe moves) on late positions under every option.  That comparison found, in December
2026, one unsound pruning: a card taken back from the foundations had to be covered by the very
next move, but taking it back can serve to reach the card beneath it, and two suits may have to
be dug down in turn; cards taken back are now free.  A win is always a line replayed through the
game, so "winnable" stands too.

The search itself runs in a compiled core where one was built (``_klondike_core.c``, the same
search position for position, forty to sixty times faster: see ``compiled_search``); without it, or
with the environment variable ``COMPENDIUM_NO_CSOLVER`` set, the shared search of ``solver.py``
walks this model in Python, with the same answers.
"""
from __future__ import annotations

import os
from types import ModuleType
from typing import Any, Callable, Hashable, Iterable, Sequence

from ...core.errors import IllegalAction
from ...games.patience.engine import Draw, Move, PatienceState, Redeal

_core: ModuleType | None
try:      # built by setup.py where a C compiler is found (optional: the Python search answers)
    from . import _klondike_core as _core
except ImportError:       # pragma: no cover - depends on the install
    _core = None

DOWN = 64                 # added to a face-down card's code
_RED = (False, True, True, False)   # clubs, diamonds, hearts, spades
_OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))


CHUNK = 4096      # positions the compiled core searches between two looks at the clock (a few ms)
# Without a limit on the passes, the dead-lock test (``dead``) is asked of the positions every
# fourth step down a line, where the waste buries nothing.  Asked of every position it drops many
# lost lines early (drawing three, deal 270 is proved lost after 1.9 million positions instead of
# 5.6), but it cost a third of the compiled core's speed; every fourth step keeps most of the gain
# (2.6 million) for about a twentieth.  Drawing three with 2 s of CPU a deal, deals 1-400 left 4
# undecided (against 6 without the test, 5 asking every second or every eighth step) and deals
# 401-600 3 (against 6); drawing one, deals 1-400, none (against 2).  The core does the same.
DEAD_LOCK_EVERY = 4


def compiled_core() -> ModuleType | None:
    """The compiled core, or None: not built here, or ``COMPENDIUM_NO_CSOLVER`` set (the Python
    search only: tests, measuring)."""
    if _core is None or os.environ.get("COMPENDIUM_NO_CSOLVER"):
        return None
    return _core


def code_of(card: Any) -> int:
    from ..solver import card_code
    return card_code(card)


class KlondikeModel:
    """The solver's model of Klondike under every option of the game (draw one or three, one,
    three or unlimited passes, whole or part runs, cards back from the foundations)."""

    proves_losses = True       # every pruning is proved in a comment; the tests compare with plain searches

    def __init__(self, game: Any, state: PatienceState) -> None:
        specs, index = game._specs_of(state)
        opts = game.options_of(state)
        self.game, self.start = game, state
        self.draw = game.draw_count(opts)
        self.allowed = game.passes_allowed(opts)          # 0: without limit
        self.part = opts.get("runs") == "part"
        self.back = bool(opts.get("from_foundation"))
        deck = state.deck
        cols = []
        for i in range(7):
            at = index[f"t{i + 1}"]
            pile, d = state.piles[at], state.down[at]
            cols.append(tuple(code_of(deck[c]) + (DOWN if j < d else 0) for j, c in enumerate(pile)))
        waste = state.piles[index["w"]]
        stock = state.piles[index["s"]]
        talon = tuple(code_of(deck[c]) for c in waste) + tuple(code_of(deck[c]) for c in reversed(stock))
        found = [0, 0, 0, 0]
        for i in range(4):
            pile = state.piles[index[f"f{i + 1}"]]
            if pile:
                top = code_of(deck[pile[-1]])
                found[top >> 4] = top & 15
        # the two cards each card may be placed on in the tableau
        self.onto: dict[int, tuple[int, ...]] = {}
        for s in range(4):
            for r in range(1, 13):
                self.onto[s * 16 + r] = tuple(o * 16 + r + 1 for o in _OPPOSITE[s])
        self._best: dict[Any, tuple[int, int]] = {}
        self._reach: dict[Any, tuple[int, int]] = {}     # drawing three without a limit: see ``key``
        self._free: set[Any] = set()     # the keys given to positions without a "must" (see ``key``)
        position = (tuple(cols), tuple(found), talon, len(waste), state.passes, 0)
        settled, self._forced = self._settle(position)
        self._root = (*settled, 0)       # its depth in the search: see ``dead``
        self.compiled = compiled_core() is not None     # the tests set it False to compare the two

    # -- the compiled search ------------------------------------------------------------------
    def compiled_search(self, deadline: float, max_nodes: int, cancelled: Callable[[], bool] | None,
                        clock: Callable[[], float]) -> tuple[Any, list[Any], int] | None:
        """``solver.search`` on this model, in the compiled core: the same positions in the same
        order, the same verdicts.  None when there is no core (or it refuses the position: one
        it cannot hold), and the Python search then answers.  A win comes back as one label,
        every step of the line."""
        core = compiled_core()
        if core is None or not self.compiled:
            return None
        from ..solver import Verdict
        if self.won(self._root):
            return Verdict.WINNABLE, [], 0
        if self.dead(self._root):
            return Verdict.LOST, [], 1
        # Until December 2026 the book's moves alone (whole runs, no card back) were searched
        # too, turn about with the full rules, as a quicker way to a win.  Since parts of runs
        # move only to send a card home, a card goes on one of two twins only, and a card that
        # can come straight back goes home, the full search alone decides more: drawing three,
        # deals 1-400 capped at 2.4 million positions, 7 left undecided, against 10 with the
        # two searches taking a chunk each and 9 with the book's taking half a chunk.
        return self._run_core(core, self.part, self.back, deadline, max_nodes, cancelled, clock)

    def _run_core(self, core: ModuleType, part: bool, back: bool, deadline: float, max_nodes: int,
                  cancelled: Callable[[], bool] | None,
                  clock: Callable[[], float]) -> tuple[Any, list[Any], int] | None:
        """One compiled search, ``CHUNK`` positions at a time, so that the clock, the cap on
        positions and ``cancelled`` are looked at every few milliseconds, until it wins, proves
        the loss, or the budget is spent (or its table is full).  None when the core refuses
        the position.  (The tests compare it with the Python search, position for position.)"""
        from ..solver import Verdict
        cols, found, talon, p, passes, _ = self._root[:6]
        try:
            run = core.Search(cols, found, talon, p, passes, self.draw, self.allowed, part, back)
        except (ValueError, MemoryError):
            return None
        while True:
            status = run.run(max(1, min(CHUNK, max_nodes + 1 - run.nodes)))
            if status == core.WON:
                return Verdict.WINNABLE, [tuple(run.line())], run.nodes
            if status == core.LOST:
                return Verdict.LOST, [], run.nodes
            if status != core.RUNNING or run.nodes > max_nodes or clock() > deadline \
                    or (cancelled is not None and cancelled()):
                return Verdict.UNKNOWN, [], run.nodes

    # -- the protocol of ``solver.search`` ---------------------------------------------------
    def root(self) -> Any:
        return self._root

    def won(self, position: Any) -> bool:
        return not position[2] and not any(position[0])

    def dead(self, position: Any) -> bool:
        """A proof of loss by the cards' places alone: ``dead_lock`` (see below), asked of every
        position where the passes are limited (there the waste can bury the cards a run needs)
        and of the first position always.  Without a limit on the passes, of the positions
        every ``DEAD_LOCK_EVERY`` steps down a line (a position's last item is its depth): a
        lost line it drops is mostly met again a few steps further down, for a part of the cost
        (see ``DEAD_LOCK_EVERY``).  It took the place of three older tests, each of
        which condemns only positions it condemns (its exposed cards are a subset of their
        reached ones): a cycle of cards stuck on the cards they need, a relaxed dig that counted
        every face-up card as reached, and that dig in the last pass with the waste's buried
        cards (on 36,570 positions of random searches and 20,000 first positions, none of the
        three condemned a position the dead-lock test let live)."""
        if not (self.allowed or position is self._root or position[6] % DEAD_LOCK_EVERY == 0):
            return False
        cols, found, talon, p, passes = position[:5]
        last = bool(self.allowed) and passes + 1 >= self.allowed
        return dead_lock(cols, found, talon, p, last, self.back)

    def key(self, position: Any) -> Hashable:
        cols, _, talon, p, passes, must = position[:6]
        # The foundations follow: every other card is home.  Where parts of runs move, two
        # positions whose heaps on twin cards are swapped are one (they are paired as in
        # ``children``: one is won exactly when the other is), so the heaps are put in a
        # canonical order first (``twin_canonical``).
        piles = tuple(sorted(twin_canonical(cols) if self.part else cols))
        if must and not isinstance(must, frozenset):
            # A position whose "must" is a card put out from the talon is dominated
            # by the same position without one, keyed already (or by one that dominates that
            # one): every step the "must" keeps is a step out of the other and leads to the very
            # same position (the step sets the child's "must" afresh; only cards taken back
            # add to the one before), so every line that wins from it wins from the other.  It
            # is given the other's key, which the search has seen.  (The core does the same.)
            free = self._free_key(piles, talon, p, passes)
            if free is not None:
                return free
        if must:
            piles = (must, piles)
        else:
            plain = self._plain_key(piles, talon, p, passes)
            if plain is not None:
                self._free.add(plain)
        if not talon:
            return piles
        if not self.allowed:
            # Without a limit on the passes, the passes made do not matter; drawing one at a
            # time, neither does the place in the stock: every card can be reached.
            if self.draw == 1:
                return (piles, talon)
            # Drawing three, a position *dominates* the same cards at a place in the talon that
            # its turns lead to (p + 3, p + 6 ... the end, then 0, 3, 6 ... after the re-deal):
            # every step out of the other is a step out of it, to the same position (a talon
            # step) or to one that dominates the other's (a move in the tableau).  A dominated
            # position is answered by its dominator's search: it gets the key of the first
            # position met with these cards.  (The compiled core keeps the same bits.)
            base = (piles, talon)
            n = len(talon)
            if n > 31:
                return (piles, talon, p)
            met = self._reach.get(base)
            if met is not None and met[0] >> p & 1:
                return (base, met[1])
            reach = 1 << n | 1
            for x in (*range(p, n, self.draw), *range(self.draw, n, self.draw)):
                reach |= 1 << x
            self._reach[base] = (met[0] | reach, met[1]) if met is not None else (reach, p)
            return (base, p)
        if self.draw == 1:
            # Drawing one at a time, a position *dominates* the same cards with fewer passes
            # made, or as many and fewer cards turned: it can turn on to the other, and every
            # card the other can bring to the top, it can too.  A position dominated by one
            # already searched is answered by that search: it is given that one's key, which
            # the search has seen.  (A side effect in a key: the table of the best is the
            # search's own, kept here because the search is shared by every patience.)
            base = (piles, talon)
            best = self._best.get(base)
            if best is not None and best <= (passes, p):
                return (base, *best)
            self._best[base] = (passes, p)
            return (base, passes, p)
        return (piles, talon, p, passes)

    def _free_key(self, piles: Any, talon: tuple[int, ...], p: int, passes: int) -> Hashable | None:
        """The key already given to these cards without a "must" that answers for them at the
        place p with these passes, or None (looked at only: nothing is recorded)."""
        base = (piles, talon)
        if talon and not self.allowed and self.draw != 1 and len(talon) <= 31:
            met = self._reach.get(base)
            return (base, met[1]) if met is not None and met[0] >> p & 1 else None
        if talon and self.allowed and self.draw == 1:
            best = self._best.get(base)
            return (base, *best) if best is not None and best <= (passes, p) else None
        plain = self._plain_key(piles, talon, p, passes)
        return plain if plain in self._free else None

    def _plain_key(self, piles: Any, talon: tuple[int, ...], p: int, passes: int) -> Hashable | None:
        """The key of a position without a "must" where no dominance between places applies
        (as ``key`` gives it), or None where one does."""
        if not talon:
            return piles
        if not self.allowed:
            if self.draw == 1:
                return (piles, talon)
            return (piles, talon, p) if len(talon) > 31 else None
        return None if self.draw == 1 else (piles, talon, p, passes)

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        steps = [*self._forced, *(s for label in labels for s in label)]
        return self.engine_line(steps)

    # -- the talon ------------------------------------------------------------------------------
    def _reachable(self, talon: tuple[int, ...], p: int, passes: int) -> list[tuple[int, bool]]:
        """The talon's cards that can be brought to the waste's top: (index, needs a re-deal)."""
        n = len(talon)
        if not n:
            return []
        out: list[tuple[int, bool]] = []
        if p:
            out.append((p - 1, False))
        again = not self.allowed or passes + 1 < self.allowed
        if self.draw == 1:
            out.extend((i, False) for i in range(p, n))
            if again:
                out.extend((i, True) for i in range(p - 1))
            return out
        draw = self.draw
        here = set()
        i = p
        while i < n:
            i = min(i + draw, n)
            here.add(i - 1)
            out.append((i - 1, False))
        if again:
            i = 0
            while i < n:
                i = min(i + draw, n)
                if i - 1 not in here and i - 1 != p - 1:
                    out.append((i - 1, True))
        return out

    # -- safe moves -------------------------------------------------------------------------------
    def _safe(self, card: int, found: Sequence[int]) -> bool:
        """A card may go home without trying the alternatives when nothing still in play could
        need it: an ace or a two always (nothing that goes on them is of use in the tableau);
        a higher card when both foundations of the other colour hold the cards one rank below it
        (the only cards it could take), or nearly so (below).  Where cards may come back from
        the foundations those could be taken back onto it, so more must be home (below)."""
        rank = card & 15
        if rank <= 2:
            return True
        a, b = _OPPOSITE[card >> 4]
        if self.back:
            # Only when every lower card is home but perhaps the other of its colour one rank
            # below (which never lies on a lower card): both of the other colour one rank below,
            # the other suit of its colour two below (its own suit is one below).  A lower card
            # can then come into play only from the foundations, and take only lower cards
            # still, all home: a chain of cards taken back never takes a card from play, so
            # taking them back gains nothing, and this card, which could take only them, gains
            # nothing by staying out (its going home turns up what its moving would).
            return found[a] >= rank - 1 and found[b] >= rank - 1 and found[(card >> 4) ^ 3] >= rank - 2
        if found[a] >= rank - 1 and found[b] >= rank - 1:
            return True
        # Or both of the other colour hold rank - 2 and the other suit of its colour rank - 3:
        # a card that could go on it (the other colour, one rank lower) can then go home
        # instead whenever it could have gone on it, and so can a card that could go on that
        # one (its colour, two lower: its own suit's is home, the other suit's follows), while
        # the cards three lower of the other colour are home already.  A winning line that
        # keeps it out is then matched by one that sends it home now and those cards home
        # where the line built them on it.
        return found[a] >= rank - 2 and found[b] >= rank - 2 and found[(card >> 4) ^ 3] >= rank - 3

    def _settle(self, position: Any) -> tuple[Any, list[Any]]:
        """The position after the safe moves (without its depth), and those moves."""
        cols, found, talon, p, passes, must = position[:6]
        steps: list[Any] = []
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(cols):
                if not col:
                    continue
                top = col[-1]
                if top >= DOWN or found[top >> 4] != (top & 15) - 1:
                    continue
                # Where cards may come back from the foundations, a card lying on a face-up card
                # goes home as well: it can come straight back onto that card, so the positions
                # with it home and with it there reach each other in one move each, and one is
                # won exactly when the other is.  (Not a card just taken back, which waits for
                # the move that builds on it: see ``_play``.)
                back_again = self.back and len(col) > 1 and col[-2] < DOWN \
                    and not (isinstance(must, frozenset) and top in must)
                if not (back_again or self._safe(top, found)):
                    continue
                f = list(found)
                f[top >> 4] += 1
                found = tuple(f)
                cols = _replace(cols, i, _flip(col[:-1]))
                steps.append(("c", i, -1, 1))
                moved = True
            if talon and self.draw == 1:
                # Drawing one at a time, a card out of the talon only takes a card out of the
                # turns: the waste's top may go home safely; without a limit on the passes, any
                # card of the talon.
                candidates = range(len(talon)) if not self.allowed else ((p - 1,) if p else ())
                for i in candidates:
                    card = talon[i]
                    if found[card >> 4] == (card & 15) - 1 and self._safe(card, found):
                        f = list(found)
                        f[card >> 4] += 1
                        found = tuple(f)
                        if not self._in_this_pass(len(talon), p, i):
                            passes += 1
                        talon = talon[:i] + talon[i + 1:]
                        p = i
                        steps.append(("w", card, -1))
                        moved = True
                        break
        if isinstance(must, frozenset):
            pass      # cards just taken back: the next move decides (see ``children``)
        elif must and not any(col and col[-1] == must for col in cols):
            must = 0      # it went home: nothing left to cover
        return (cols, found, talon, p, passes, must), steps

    # -- the moves ------------------------------------------------------------------------------
    def children(self, position: Any) -> Iterable[tuple[Any, Any]]:
        """The steps out of a position, the most promising first: moves that turn up a face-down
        card (the deepest first) or make a space; cards home; cards from the talon; cards back
        from the foundations.  Every move of a whole run turns up a card or makes a space.

        **A part of a run is moved only to send the card it lay on home, in the same step.**
        Let S lie on the face-up card X, and let the move put S on Y.  Y takes S's first card,
        so X and Y are twins: the same rank and colour, of the other two suits.  The positions
        before and after the move differ only in what lies on X and what lies on Y: the two
        heaps change places.  Pair every position of a line played after the move with the
        position of the same line played without it, each card on X played on Y and each on Y
        played on X.  Each move is legal in one exactly when it is in the other: a card or run
        that goes on X or Y needs only their rank and colour; a run that leaves from a heap
        leaves the same heap in the other; a run that carries X or Y carries its heap with it
        (and can never land on the other's heap, whose cards are lower); the talon, the
        foundations and the other piles are the same.  This lasts until X or Y goes home, the
        one move that needs a suit.  Say X does: in the line after the move nothing lies on
        X, so in the paired line nothing lies on Y, and the heap on X can be moved on to Y --
        a part moved, and X home at once -- which ends in the same position.  (If Y goes
        home, the heap on Y goes to X, and Y home.)  So a winning line with a part moved and
        X not sent home at once is matched by one that moves it at the moment X goes home;
        moves are only changed for moves of the same kind, and that line has one such part
        fewer.  A King is never a part: no card takes it.

        **A card that could go on either of two twins is put on one of them only**, where parts
        of runs may move: the two positions differ only in which twin holds it, the heaps on
        the twins swapped, and they are paired as above, so one is won exactly when the other
        is.  The one kept is the one the last step's "must" asks for, if either, else the first.
        Without parts of runs the pairing has no step to end it, and both are tried.  For the
        same reason two positions met by different lines whose heaps on twins are swapped are
        one for the search: ``key`` gives them one key (``twin_canonical``).

        (Until December 2026 a part could move off any face-up card.  On the benchmark's deals
        1-400, capped at 2.4 million positions a deal, the deals left undecided fell from 24
        to 17 drawing three and from 10 to 4 drawing one, with the same verdicts on every deal
        both decided under each option of passes, draw and cards back.)"""
        cols, found, talon, p, passes, must = position[:6]
        depth = position[6] + 1
        by_top: dict[int, int] = {}
        empty = -1
        for i, col in enumerate(cols):
            if not col:
                if empty < 0:
                    empty = i
            elif col[-1] < DOWN:
                by_top[col[-1]] = i
        onto = self.onto
        want = must if isinstance(must, frozenset) else frozenset((must,)) if must else frozenset()

        def places(card: int) -> list[int]:
            """The piles whose top ``card`` may go on: of two twins, one (see above)."""
            tops = [t for t in onto[card] if t in by_top]
            if self.part and len(tops) == 2:
                tops = [next((t for t in tops if t in want), tops[0])]
            return [by_top[t] for t in tops]

        reveal: list[tuple[int, Any]] = []
        home: list[Any] = []
        from_talon: list[Any] = []
        back: list[Any] = []
        for i, col in enumerate(cols):
            n = len(col)
            if not n or col[-1] >= DOWN:
                continue
            k = n - 1
            while k > 0 and col[k - 1] < DOWN:
                k -= 1
            top = col[-1]
            if found[top >> 4] == (top & 15) - 1:
                home.append(("c", i, -1, 1))
            for s in (range(k, n) if self.part else (k,)):
                card = col[s]
                if s > k and found[col[s - 1] >> 4] != (col[s - 1] & 15) - 1:
                    continue      # a part of a run moves only to send the card beneath it home
                if card & 15 == 13:
                    if empty < 0 or s == 0:
                        continue      # no space, or the whole pile would only change places
                    targets: Iterable[int] = (empty,)
                else:
                    targets = places(card)
                for j in targets:
                    step = ("p" if s > k else "c", i, j, n - s)
                    # the card that leaves its place: the first face-up card turns up the card
                    # beneath it or makes a space; a part's card beneath it goes home
                    leaves = s - 1 if s > k else s
                    if leaves == k and k > 0:
                        reveal.append((-k, step))
                    elif leaves == 0:
                        reveal.append((1, step))      # makes a space
                    else:
                        home.append(step)
        for i, redeal in self._reachable(talon, p, passes):
            card = talon[i]
            if found[card >> 4] == (card & 15) - 1:
                home.append(("w", card, -1))
            if card & 15 == 13:
                if empty >= 0:
                    from_talon.append(("w", card, empty))
            else:
                for j in places(card):
                    from_talon.append(("w", card, j))
        if self.back:
            for s in range(4):
                rank = found[s]
                if rank < 3:
                    continue
                card = s * 16 + rank
                if rank == 13:
                    if empty >= 0:
                        back.append(("f", s, empty))
                    continue
                for j in places(card):
                    back.append(("f", s, j))
        reveal.sort(key=lambda e: e[0])
        steps = [*(s for _, s in reveal), *home, *from_talon, *back]
        if isinstance(must, frozenset):
            # Cards just taken back from the foundations (see ``_play``): the next move takes
            # another back, or puts a card on one of them.
            tops = {at for c, at in by_top.items() if c in must}
            steps = [s for s in steps if s[0] == "f" or (s[2] if s[0] in "cp" else s[-1]) in tops]
        elif must:
            # A card just put on the tableau from where it could have stayed (see
            # ``_play``): the next move must put a card on it.
            at = by_top.get(must, -1)
            steps = [s for s in steps if (s[2] if s[0] in "cp" else s[-1]) == at]
        for step in steps:
            if step[0] == "p":
                # one step of the search, two moves of the game: the part, then the card home
                _, i, j, count = step
                moves: tuple[Any, ...] = (("c", i, j, count), ("c", i, -1, 1))
                child, forced = self._settle(self._play(self._play(position, moves[0]), moves[1]))
            else:
                moves = (step,)
                child, forced = self._settle(self._play(position, step))
            yield (*moves, *forced), (*child, depth)

    def _play(self, position: Any, step: Any) -> Any:
        """The position after one step.  A card put on the tableau from the talon where every
        card of it can be reached at any time (drawing one, without a limit on the passes) must
        be covered by the very next move: until then it could have stayed where it was and been
        brought at the moment it was needed (every move between would have been open as well,
        and more), so only lines that use it at once are searched.  The card is then kept in the
        position as ``must``.  (Not so a card taken back from the foundations: see below.)

        No such rule is made for a card sent home, nor for a part of a run moved off a face-up
        card X, though both were used until December 2026: a card sent home that turned up no
        card had to be followed by the next card of its suit home or a move using the card it
        uncovered, and a part of a run moved off X by a move using X.  Their proofs ("the move
        could have waited until it was needed") overlooked how they meet the other rules, and
        the search called won deals lost: the book's deals 224 and 283 (the first rule), and
        drawing one without a limit on the passes, parts of runs moved, deals 1, 148 and 198
        (the second; 148 with cards coming back too).  Each is won by a line that replays
        through the game.  The tests keep those deals as a check that "lost" is said only of
        lost deals.  (A part of a run now moves only in a step that sends X home as well; its
        proof, in ``children``, pairs whole lines instead of putting one move off.)"""
        cols, found, talon, p, passes, _ = position[:6]
        kind = step[0]
        if kind == "c":
            _, i, j, count = step
            col = cols[i]
            moving = col[-count:]
            left = col[:-count]
            cols = _replace(cols, i, _flip(left))
            if j < 0:
                card = moving[0]
                found = _raise(found, card >> 4)
                return cols, found, talon, p, passes, 0
            cols = _replace(cols, j, cols[j] + moving)
            return cols, found, talon, p, passes, 0
        if kind == "w":
            _, card, j = step
            i = talon.index(card)
            if not self._in_this_pass(len(talon), p, i):
                passes += 1
            talon = talon[:i] + talon[i + 1:]
            p = i
            if j < 0:
                return cols, _raise(found, card >> 4), talon, p, passes, 0
            cols = _replace(cols, j, cols[j] + (card,))
            return cols, found, talon, p, passes, card if self.draw == 1 and not self.allowed else 0
        # Cards taken back from the foundations: a card taken back need not be covered at
        # once, for taking it back may serve to reach the card beneath it, and two suits may
        # have to be dug down in turn (the jack of clubs back, the jack of diamonds back, then
        # the ten of diamonds onto the jack of clubs ...).  But a run of such moves must end in
        # a move that puts a card on one of the cards it took back: any other move M after it
        # could have come before it (the run turns up no card and only covers the cards it
        # took back; M does not touch them, or M moves one of them on -- it could have gone
        # there at once --, sends it home -- both moves spared --, or moves the run beneath
        # it -- which could have moved first).  ``must`` holds the run's cards.
        _, s, j = step
        card = s * 16 + found[s]
        found = _lower(found, s)
        cols = _replace(cols, j, cols[j] + (card,))
        before = position[5]
        taken = before | {card} if isinstance(before, frozenset) else frozenset((card,))
        return cols, found, talon, p, passes, taken

    def _in_this_pass(self, n: int, p: int, i: int) -> bool:
        if p and i == p - 1:
            return True
        if i < p:
            return False
        if self.draw == 1:
            return True
        return (i - p + 1) % self.draw == 0 or i == n - 1

    # -- the engine's line ----------------------------------------------------------------------
    def engine_line(self, steps: Sequence[Any]) -> list[Any]:
        """The game's own actions for the model's steps, found by playing them on the engine
        (which foundation a card goes to, the turns that bring a talon card to the top).  A
        step the engine refuses ends the line there (the solver then finds it does not win)."""
        game = self.game
        state = self.start
        specs, index = game._specs_of(state)
        out: list[Any] = []

        def code_at(name: str) -> int | None:
            pile = state.piles[index[name]]
            return code_of(state.deck[pile[-1]]) if pile else None

        def home_of(card: int) -> str:
            for f in ("f1", "f2", "f3", "f4"):
                top = code_at(f)
                if (top is None and card & 15 == 1) or (top is not None and top == card - 1):
                    return f
            raise IllegalAction("no foundation takes the card")

        try:
            for step in steps:
                actions: list[Any] = []
                if step[0] == "c":
                    _, i, j, count = step
                    src = f"t{i + 1}"
                    if j < 0:
                        actions.append(Move(src, home_of(code_at(src) or 0)))
                    else:
                        actions.append(Move(src, f"t{j + 1}", count))
                elif step[0] == "w":
                    _, card, j = step
                    for _ in range(4 * len(state.deck)):
                        if code_at("w") == card:
                            break
                        action = Draw() if state.piles[index["s"]] else Redeal()
                        state = game.apply(state, action)
                        out.append(action)
                    actions.append(Move("w", home_of(card) if j < 0 else f"t{j + 1}"))
                else:
                    _, s, j = step
                    src = next(f for f in ("f1", "f2", "f3", "f4")
                               if (code_at(f) or -1) >> 4 == s and code_at(f) is not None)
                    actions.append(Move(src, f"t{j + 1}"))
                for action in actions:
                    state = game.apply(state, action)
                    out.append(action)
        except (IllegalAction, StopIteration):
            pass
        return out


def twin_canonical(cols: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The piles with the heaps on twin cards in a canonical order: for each two twins face up in
    the tableau (the same rank and colour), from the kings down, the heap whose first card has
    the lower code (none: 0) lies on the twin of the lower suit.  Swapping two heaps moves only
    lower cards, so the order a higher pair was given holds while the lower pairs are put in
    theirs.  (The compiled core's canon_sums does the same.)"""
    where: dict[int, tuple[int, int]] = {}
    for i, col in enumerate(cols):
        for j, card in enumerate(col):
            if card < DOWN:
                where[card] = (i, j)
    piles: list[list[int]] | None = None      # made on the first swap
    for rank in range(13, 1, -1):
        for low in (0, 1):        # clubs and spades, diamonds and hearts
            x, y = low * 16 + rank, (low ^ 3) * 16 + rank
            if x not in where or y not in where:
                continue
            now: Sequence[Sequence[int]] = cols if piles is None else piles
            (px, ix), (py, iy) = where[x], where[y]
            hx = now[px][ix + 1] if ix + 1 < len(now[px]) else 0
            hy = now[py][iy + 1] if iy + 1 < len(now[py]) else 0
            if hx <= hy:
                continue
            if piles is None:
                piles = [list(col) for col in cols]
            heap_x, heap_y = piles[px][ix + 1:], piles[py][iy + 1:]
            piles[px][ix + 1:], piles[py][iy + 1:] = heap_y, heap_x
            for pile, start in ((px, ix + 1), (py, iy + 1)):
                for k in range(start, len(piles[pile])):
                    where[piles[pile][k]] = (pile, k)
    return cols if piles is None else tuple(tuple(col) for col in piles)


def _flip(col: tuple[int, ...]) -> tuple[int, ...]:
    """The pile with its top card turned up (the engine turns a face-down top card at once)."""
    if col and col[-1] >= DOWN:
        return col[:-1] + (col[-1] - DOWN,)
    return col


def _replace(cols: tuple[tuple[int, ...], ...], i: int, col: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return cols[:i] + (col,) + cols[i + 1:]


def _raise(found: tuple[int, ...], s: int) -> tuple[int, ...]:
    return found[:s] + (found[s] + 1,) + found[s + 1:]


def _lower(found: tuple[int, ...], s: int) -> tuple[int, ...]:
    return found[:s] + (found[s] - 1,) + found[s + 1:]


def dead_lock(cols: Sequence[tuple[int, ...]], found: Sequence[int], talon: Sequence[int], p: int,
              last: bool, back: bool) -> bool:
    """A proof of loss by a relaxed game on every card, asked of every position where the
    passes are limited and of the first position always (see ``KlondikeModel.dead``).

    Call a card *exposed* once it has been a pile's top or the waste's top, or could be brought
    to the top by the turns (the stock's cards; before the last pass, the waste's too), and let
    it stay exposed for ever.  In the real game a card leaves its place (with whatever lies on
    it) only when it is face up, and only home (after every lower card of its suit), onto a
    pile's top one rank higher of the other colour, or -- a king -- into a space; and its
    leaving is the only way the card beneath it is exposed (nothing is ever slipped in between:
    cards are only added on a top, and the waste under its top grows only in a pass the test
    does not look at).  The relaxed game lets a card leave as soon as it is face up or exposed
    and every lower card of its suit is home or exposed, or a card it could go on is exposed
    and not home (the foundations only rise) -- or home, where cards may come back --, or it is a king
    and a space has been made (a pile empty, or a pile's bottom card gone); its leaving exposes
    the card beneath.  By induction over a real line, every card exposed in it is exposed in
    the relaxed game: so a card the relaxed game never exposes is never exposed, never goes
    home, and the deal is lost.  (A card inside a run counts as covered until the run's cards
    above it can leave: so the test finds the locks of the last pass, where the waste holds the
    cards such a run needs, which a relaxed game counting every face-up card as in reach
    misses.)"""
    home = [(1 << (found[s] + 1)) - 2 for s in range(4)]
    exposed = [0, 0, 0, 0]
    space = False
    first_up = []
    for col in cols:
        k = len(col)
        while k and col[k - 1] < DOWN:
            k -= 1
        first_up.append(k)        # the first face-up card's place
        if col:
            top = col[-1] & 63
            exposed[top >> 4] |= 1 << (top & 15)
        else:
            space = True
    w = p if last else 0       # the waste's cards below w - 1 are not exposed yet
    for c in talon[w - 1 if w else 0:]:
        exposed[c >> 4] |= 1 << (c & 15)

    def may_leave(c: int, bottom: bool) -> bool:
        suit, rank = c >> 4, c & 15
        lower = (1 << rank) - 2
        if (exposed[suit] | home[suit]) & lower == lower:
            return True
        if rank == 13:
            return space and not bottom     # a whole pile never changes places
        # onto a card exposed and not home; where cards may come back, one home too (taken back,
        # it lands on a top and is a top itself)
        return any((exposed[o] | home[o] if back else exposed[o] & ~home[o]) >> (rank + 1) & 1
                   for o in _OPPOSITE[suit])

    changed = True
    while changed:
        changed = False
        for col, k in zip(cols, first_up):
            for j in range(len(col) - 1, -1, -1):
                c = col[j] & 63
                if j < k and not exposed[c >> 4] >> (c & 15) & 1:
                    break         # face down and not reached: nor is what lies below
                beneath = col[j - 1] & 63 if j else -1
                if (exposed[beneath >> 4] >> (beneath & 15) & 1) if beneath >= 0 else space:
                    continue      # nothing more to gain from its leaving
                if not may_leave(c, j == 0):
                    continue
                if beneath >= 0:
                    exposed[beneath >> 4] |= 1 << (beneath & 15)
                else:
                    space = True
                changed = True
        while w >= 2 and may_leave(talon[w - 1], False):
            w -= 1
            c = talon[w - 1]
            exposed[c >> 4] |= 1 << (c & 15)
            changed = True
    return any(not exposed[(c & 63) >> 4] >> (c & 15) & 1 for col in cols for c in col) \
        or any(not exposed[c >> 4] >> (c & 15) & 1 for c in talon)
