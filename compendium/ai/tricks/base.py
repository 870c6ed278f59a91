"""The computer at the trick-taking games: information-set Monte Carlo search.

The player is given only its seat's view.  To choose a card it deals the cards it cannot see
afresh a number of times, consistently with the view (the game's ``determinize``: cards played,
voids shown, calls made), and in each of those worlds plays every candidate card followed by a
quick simulated finish of the hand (a rollout with a sound rule-of-thumb player in every seat).
Each game's hooks (``TrickHooks``, in ``ai/tricks/<game>.py``) score each finished hand
(``hand_utility``); the card with the best average over all worlds is played — every world votes
with its result.  Calls (bids, begging, naming trumps) are chosen by each game's own heuristic
(the hooks' ``call``), most of them by simulating the contract over sampled worlds.  The game
itself only answers questions of the rules (``TrickRules``): it never knows of its player.

The player's randomness is seeded from its view, so the same view always gives the same choice:
the player cannot depend on anything it is not shown.  Levels differ in the number of worlds, the
number of rollouts per world, and (level 3) an exact search of the last tricks in each world.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from ...core.cards import SUITS, Card, Suit
from ...core.game import Seat
from ...core.rng import SplitMix64
from ...games.tricks.engine import Play, TricksState, active_slot
from ..base import GameAI, Player

# Worlds sampled, rollouts per world and candidate, cards left per hand for the exact endgame.
LEVELS: dict[int, tuple[int, int, int]] = {1: (4, 1, 0), 2: (16, 1, 0), 3: (28, 2, 2)}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


@dataclass
class SimRules:
    """How the simulated play goes for one hand (filled by the hooks' ``sim_rules``)."""

    team: list[int]                         # side index of each seat
    avoid: set[int] = field(default_factory=set)   # seats trying to lose every trick (misère)
    trump_by_first_lead: bool = False       # Napoleon: the caller's first lead makes trumps
    may_trump_instead: bool = False         # All Fours
    points: list[int] | None = None         # what each card (by physical id) scores to its taker


class Sim:
    """A hand's play on plain lists of physical ids: fast enough for thousands of rollouts."""

    __slots__ = ("n", "hands", "future", "trick", "turn", "tricks", "suit", "pw", "trump",
                 "rules", "order_after")

    def __init__(self, game: Any, state: Any, rules: SimRules) -> None:
        self.n = state.n
        self.rules = rules
        deck = state.deck
        self.suit = [_SUIT_INDEX.get(game.effective_suit(state, c), -1) if c is not None else -1
                     for c in deck]
        self.trump = -1 if state.trump is None else _SUIT_INDEX[state.trump]
        # Powers under each possible trump, so that a trump made by the first lead ranks right.
        self.pw: list[int] = [game.power(state, c) for c in deck]
        self.hands: list[list[int]] = []
        for seat in range(self.n):
            slot = active_slot(state, seat)
            self.hands.append(list(state.hands[slot]) if slot is not None else [])
        sets = sorted({s for s in state.hand_sets if s > state.current_set})
        self.future = [[[i for k, ids in enumerate(state.hands) if state.owners[k] == seat
                          and state.hand_sets[k] == hs for i in ids] for seat in range(self.n)]
                       for hs in sets]
        self.trick: list[tuple[int, int]] = list(state.trick)
        self.turn: int = state.turn if state.turn is not None else state.leader
        self.tricks: list[tuple[int, list[int]]] = []
        self.order_after = None

    def copy(self) -> "Sim":
        c = Sim.__new__(type(self))        # a game's own Sim (Écarté's) copies as itself
        c.n, c.rules, c.suit, c.pw, c.trump = self.n, self.rules, self.suit, self.pw, self.trump
        c.hands = [list(h) for h in self.hands]
        c.future = [[list(h) for h in fs] for fs in self.future]
        c.trick = list(self.trick)
        c.turn = self.turn
        c.tricks = []
        c.order_after = None
        return c

    def legal(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        led = self.suit[self.trick[0][1]]
        follow = [i for i in hand if self.suit[i] == led]
        if not follow:
            return hand
        if self.rules.may_trump_instead and self.trump >= 0 and led != self.trump:
            return follow + [i for i in hand if self.suit[i] == self.trump]
        return follow

    def key(self, cid: int, led: int) -> int:
        s = self.suit[cid]
        if s == self.trump and self.trump >= 0:
            return 200 + self.pw[cid]
        if s == led:
            return 100 + self.pw[cid]
        return 0

    def winning(self) -> tuple[int, int]:
        """(seat, key) of the card winning the trick so far."""
        led = self.suit[self.trick[0][1]]
        best = (self.trick[0][0], -1)
        for seat, cid in self.trick:
            k = self.key(cid, led)
            if k > best[1]:
                best = (seat, k)
        return best

    def play(self, seat: int, cid: int) -> None:
        self.hands[seat].remove(cid)
        if not self.trick and self.trump < 0 and self.rules.trump_by_first_lead and not self.tricks:
            self.trump = self.suit[cid]
        self.trick.append((seat, cid))
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return
        winner = self.winning()[0]
        self.tricks.append((winner, [c for _, c in self.trick]))
        self.trick = []
        self.turn = winner
        if not any(self.hands) and self.future:
            self.hands = self.future.pop(0)

    def done(self) -> bool:
        return not self.trick and not any(self.hands)

    # -- the rule-of-thumb player of the rollouts -------------------------------------------
    def policy(self, seat: int, rng: SplitMix64) -> int:
        legal = self.legal(seat)
        if len(legal) == 1:
            return legal[0]
        if rng.below(10) == 0:
            return legal[rng.below(len(legal))]
        pw = self.pw
        trump = self.trump
        # lowest first: plain cards before trumps, then by power
        def low(c: int) -> tuple[int, int]:
            return (1 if self.suit[c] == trump else 0, pw[c])
        avoid = self.rules.avoid
        if not self.trick:
            if seat in avoid:
                return min(legal, key=lambda c: pw[c])
            return legal[rng.below(len(legal))]
        led = self.suit[self.trick[0][1]]
        win_seat, win_key = self.winning()
        if seat in avoid:
            under = [c for c in legal if self.key(c, led) < win_key]
            if under:
                return max(under, key=lambda c: (self.key(c, led), pw[c]))
            return max(legal, key=low)
        if avoid and win_seat in avoid:
            under = [c for c in legal if self.key(c, led) < win_key]
            return min(under or legal, key=low)   # leave the misère player winning
        team = self.rules.team
        points = self.rules.points
        last = len(self.trick) == self.n - 1
        if team[win_seat] == team[seat]:
            if points is not None and last:
                return max(legal, key=lambda c: (points[c], -low(c)[0], -pw[c]))   # give it points
            return min(legal, key=low)
        beaters = [c for c in legal if self.key(c, led) > win_key]
        if beaters:
            return min(beaters, key=lambda c: self.key(c, led))
        if points is not None:
            return min(legal, key=lambda c: (points[c], low(c)))
        return min(legal, key=low)

    def rollout(self, rng: SplitMix64) -> None:
        while not self.done():
            seat = self.turn
            self.play(seat, self.policy(seat, rng))

    def cards_left(self) -> int:
        return max((len(h) for h in self.hands), default=0) + sum(
            max((len(h) for h in fs), default=0) for fs in self.future)


class TrickRules(Protocol):
    """What the computer asks of a trick game's rules (``games.tricks.engine.TrickGame`` has
    them all): which suit a card counts as, its power in the trick, whether a player may trump
    instead of following, and a world consistent with a seat's view."""

    def effective_suit(self, state: Any, card: Card) -> Suit | None: ...

    def power(self, state: Any, card: Card) -> int: ...

    def may_trump_instead(self) -> bool: ...

    def determinize(self, view: Any, seat: Seat, rng: SplitMix64) -> TricksState: ...


class TrickHooks(Protocol):
    """What the shared player needs to know of one trick game beyond its rules (the old
    ``SimRules`` hooks of the game classes): how a simulated hand plays, what a finished hand is
    worth to each seat, and how to choose a call (a bid, a discard, a trump)."""

    def sim_rules(self, game: Any, state: TricksState) -> SimRules: ...

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]: ...

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: "TricksPlayer",
             rng: SplitMix64) -> Any: ...

    def make_sim(self, game: Any, state: TricksState, rules: SimRules) -> Sim: ...


def hooks_for(game: Any) -> TrickHooks:
    """The hooks registered for ``game`` (``compendium.ai.registry``)."""
    from ..registry import game_ai
    found = game_ai(game)
    if not isinstance(found, TricksAI):
        raise TypeError(f"{game.info.name} has no trick-game hooks")
    return found


def new_sim(game: Any, state: Any, rules: SimRules, hooks: TrickHooks | None = None) -> Sim:
    """The simulated hand for ``state``: a game whose cards play by rules of their own (Five
    Hundred's joker at no trumps) makes its own in its hooks' ``make_sim``."""
    return (hooks or hooks_for(game)).make_sim(game, state, rules)


def exact_value(sim: Sim, seat: int, value: Callable[[Sim], float], depth_cards: int) -> float:
    """Minimax over the rest of the hand in one world (two sides: ``seat``'s and the others')."""
    if sim.done():
        return value(sim)
    me = sim.rules.team[seat]
    turn = sim.turn
    maximise = sim.rules.team[turn] == me
    best = float("-inf") if maximise else float("inf")
    for cid in sim.legal(turn):
        child = sim.copy()
        child.tricks = list(sim.tricks)
        child.play(turn, cid)
        v = exact_value(child, seat, value, depth_cards)
        if maximise and v > best:
            best = v
        elif not maximise and v < best:
            best = v
    return best


def view_seed(view: Any, level: int) -> int:
    """A stable seed from what the seat sees (never from the hidden cards)."""
    pub = view.pub
    text = repr((view.seat, level, pub.deal_no, pub.phase, pub.turn, pub.calls,
                 tuple(c.face.code if c.face is not None else "-" for c in view.cards),
                 tuple(t.plays for t in pub.tricks), pub.trick, pub.sheet.totals))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & ((1 << 63) - 1)


class TricksPlayer:
    """A computer player for any trick-taking game of the compendium.  ``levels`` gives, per
    level, the worlds sampled, the rollouts per world and candidate, and the cards left per hand
    for the exact endgame; a game's own player may set its own."""

    levels: dict[int, tuple[int, int, int]] = LEVELS

    def __init__(self, level: int = 2, seed: int = 0, hooks: TrickHooks | None = None) -> None:
        if level not in self.levels:
            raise ValueError(f"no level {level!r}: the levels are 1, 2 and 3")
        self.level = level
        self.seed = seed
        # Not kept in __dict__ under a plain name the worker would carry: an object, not a note.
        self.hooks = hooks

    def hooks_of(self, game: Any) -> TrickHooks:
        return self.hooks if self.hooks is not None else hooks_for(game)

    @property
    def worlds(self) -> int:
        return self.levels[self.level][0]

    def rng_for(self, view: Any) -> SplitMix64:
        return SplitMix64(view_seed(view, self.level) ^ self.seed)

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        legal = list(legal)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        rng = self.rng_for(view)
        if not all(isinstance(a, Play) for a in legal):
            return self.hooks_of(game).call(game, view, view.seat, legal, self, rng)
        # The computer never revokes, even where the laws would let it (and penalise it).
        strict = [a for a in legal if a.card in self.strict_cards(game, view)]
        legal = strict or legal
        if len(legal) == 1:
            return legal[0]
        return self.search_play(game, view, legal, rng)

    @staticmethod
    def strict_cards(game: Any, view: Any) -> list[Any]:
        pub = view.pub
        if not pub.trick:
            return [c.face for c in view.hand(view.seat)]
        hand = [c.face for c in view.hand(view.seat)]
        led = game.effective_suit(pub, view.face(pub.trick[0][1]))
        follow = [c for c in hand if game.effective_suit(pub, c) == led]
        if not follow:
            return hand
        if game.may_trump_instead() and pub.trump is not None:
            return follow + [c for c in hand if game.effective_suit(pub, c) == pub.trump]
        return follow

    def search_play(self, game: Any, view: Any, legal: list[Any], rng: SplitMix64) -> Any:
        worlds, rollouts, exact = self.levels[self.level]
        seat = view.seat
        hooks = self.hooks_of(game)
        totals = [0.0] * len(legal)
        for _ in range(worlds):
            state = game.determinize(view, seat, rng)
            rules = hooks.sim_rules(game, state)
            base = hooks.make_sim(game, state, rules)
            ids = {state.deck[i]: i for i in base.hands[seat]}

            def value(sim: Sim, state: Any = state) -> float:
                return float(hooks.hand_utility(game, state, sim.tricks)[seat])
            use_exact = exact and base.cards_left() <= exact and not base.future
            for k, action in enumerate(legal):
                cid = ids[action.card]
                if use_exact:
                    sim = base.copy()
                    sim.play(seat, cid)
                    totals[k] += exact_value(sim, seat, value, exact)
                    continue
                for _ in range(rollouts):
                    sim = base.copy()
                    sim.play(seat, cid)
                    sim.rollout(rng)
                    totals[k] += value(sim)
        best = max(range(len(legal)), key=lambda k: (totals[k], -k))
        return legal[best]

    # -- helpers the games' calling heuristics use ----------------------------------------------
    def simulate(self, game: Any, view: Any, seat: int, trial: Callable[[Any], Any | None],
                 rng: SplitMix64, worlds: int | None = None) -> list[list[float]]:
        """Play out ``worlds`` sampled worlds from the states ``trial(world)`` makes of each (a
        contract set up as if called); the hand utilities of every world, per seat, followed by
        the tricks each seat took (``n`` more numbers)."""
        out: list[list[float]] = []
        hooks = self.hooks_of(game)
        for _ in range(worlds or max(6, self.worlds)):
            world = game.determinize(view, seat, rng)
            state = trial(world)
            if state is None:
                continue
            sim = hooks.make_sim(game, state, hooks.sim_rules(game, state))
            sim.rollout(rng)
            taken = [0.0] * state.n
            for t in state.tricks:
                taken[t.winner] += 1
            for w, _ in sim.tricks:
                taken[w] += 1
            out.append(list(hooks.hand_utility(game, state, sim.tricks)) + taken)
        return out


class TricksAI(GameAI):
    """A trick game's computer side: its ``TrickHooks`` and the player that uses them.  A game
    subclasses it in ``ai/tricks/<game>.py``; ``player_class`` is the shared Monte Carlo player
    unless the game has one of its own."""

    player_class: type[TricksPlayer] = TricksPlayer

    def player(self, game: Any, level: int = 2) -> Player:
        return self.player_class(level, hooks=self)

    def hint(self, game: Any, state: Any, seat: Seat) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return self.player(game, 2).choose(game, game.view(state, seat), list(legal))

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        # a game with a player of its own (Quinto) leaves the shared player's hooks unwritten
        raise NotImplementedError(f"{type(self).__name__} plays with a player of its own")

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        # a game with a player of its own (Quinto) leaves the shared player's hooks unwritten
        raise NotImplementedError(f"{type(self).__name__} plays with a player of its own")

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: TricksPlayer,
             rng: SplitMix64) -> Any:
        # a game with a player of its own (Quinto) leaves the shared player's hooks unwritten
        raise NotImplementedError(f"{type(self).__name__} plays with a player of its own")

    def make_sim(self, game: Any, state: TricksState, rules: SimRules) -> Sim:
        return Sim(game, state, rules)
