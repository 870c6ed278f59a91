"""Dominoes with a double-six set: the Draw game (and the Block game), and Fives and Threes.

One engine serves both catalogue games.  The book (Blain, *Games for All Occasions*) gives the
Draw game in full: a draw for the lead, seven stones each, fourteen left to draw from of which the
last two may never be drawn, the pips left in the loser's hand scored by the one out first, the
difference of the pips scored in a blocked game, the lead passing in turn, game 100.  For Fives
and Threes it gives only the count of the ends (catalogue 6.5); the rest — no drawing, a knock
when stuck, one point for going out, five stones each for three or four — is the standard pub
game, and the rules pages say so.

Design:

* a ``Stone`` is a face (``6-3``); the stones of one hand are told apart by a *physical id*, their
  place in the shuffled set, which reveals nothing, exactly as ``ViewCard`` does for cards.  Each
  deal shuffles again, so ids mean nothing from hand to hand either;
* the line of play is a tuple of ``Tile`` values read left to right, with ``origin`` counting the
  stones set left of the lead stone (the table keeps the lead in the middle of the cloth);
* doubles lie crossways and are not spinners: a double has two open sides, like any stone, and
  at an end of the line it counts both its halves in Fives and Threes;
* the deal is a chance action ``deal N`` (or an explicit arrangement ``deal 6-6 3-3 ... lead A``
  for worked examples and lessons); a finished hand is followed by the next deal until a player
  reaches the target;
* everything a player did in public (plays, draws, knocks, with the ends he could not match) is
  kept in the hand's ``log``, so the computer can reason from the view alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Iterable, Sequence

from ...core.errors import IllegalAction, NotationError
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind, ViewCard
from ...core.rng import derive_seed, shuffled
from ...core.rules import rule_ref
from ..catalogue import BY_ID

SEAT_NAMES = "ABCD"
KEEP_IN_BONEYARD = 2      # the book: "The two remaining dominoes must not be drawn"


# -- stones ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class Stone:
    """One face of a double-six set: ``high`` ≥ ``low``, both 0 (blank) to 6."""

    high: int
    low: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= 6):
            raise ValueError(f"no stone {self.high}-{self.low} in a double-six set")

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, number: int) -> bool:
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The half left open when the half ``number`` is matched."""
        return self.low if self.high == number else self.high

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


STONES: tuple[Stone, ...] = tuple(Stone(h, l) for h in range(7) for l in range(h + 1))
NUMBER_NAMES = ("blank", "one", "two", "three", "four", "five", "six")


def stone_name(stone: Stone) -> str:
    """"double-six", "six-three", "three-blank" — the book's way of naming a stone."""
    if stone.is_double:
        return f"double-{NUMBER_NAMES[stone.high]}"
    return f"{NUMBER_NAMES[stone.high]}-{NUMBER_NAMES[stone.low]}"


def parse_stone(text: str) -> Stone:
    """``6-3``, ``3-6``, ``6|3``, ``6:3`` or ``63``; raises ``NotationError`` quoting the text."""
    t = text.strip()
    for sep in "-|:/":
        if sep in t:
            parts = t.split(sep)
            break
    else:
        parts = list(t) if len(t) == 2 else [t]
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise NotationError(f"{text!r} is not a stone (write it like 6-3)")
    a, b = (int(p) for p in parts)
    if not (0 <= a <= 6 and 0 <= b <= 6):
        raise NotationError(f"{text!r} is not a stone of a double-six set")
    return Stone(max(a, b), min(a, b))


def fives_and_threes_points(total: int) -> int:
    """A fifth of the total if five divides it, plus a third if three does (15 scores 3 + 5)."""
    points = 0
    if total and total % 5 == 0:
        points += total // 5
    if total and total % 3 == 0:
        points += total // 3
    return points


class End(Enum):
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Tile:
    """A stone lying in the line: its id and the numbers on its left and right halves."""

    id: int
    left: int
    right: int

    @property
    def is_double(self) -> bool:
        return self.left == self.right


def line_ends(line: Sequence[Any]) -> tuple[int, int] | None:
    """The two numbers open for matching (works on ``Tile`` and ``LineStone`` alike)."""
    if not line:
        return None
    return line[0].left, line[-1].right


def end_count(line: Sequence[Any]) -> int:
    """The total of the open ends as Fives and Threes counts it: a double lying at an end counts
    both its halves; a line of one stone counts that stone's pips (catalogue 6.5: double-six
    alone makes twelve)."""
    if not line:
        return 0
    first, last = line[0], line[-1]
    if len(line) == 1:
        return first.left + first.right
    left = first.left * 2 if first.left == first.right else first.left
    right = last.right * 2 if last.left == last.right else last.right
    return left + right


# -- actions ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play:
    """Set ``stone`` at ``end`` of the line (``end`` is ``None`` for the lead, the first stone)."""

    stone: Stone
    end: End | None = None


@dataclass(frozen=True, slots=True)
class DrawStone:
    """Take the next stone from the boneyard (the Draw game, when no stone in hand will match)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Knock: no stone will match and none may be drawn."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The shuffle, by its number; or an explicit arrangement (worked examples, lessons): the 28
    stones in order, each seat's hand in turn and then the boneyard, the next to draw first."""

    seed: int | None = None
    order: tuple[Stone, ...] = ()
    lead: Seat | None = None


DominoesAction = Play | DrawStone | Pass | Deal


# -- the public record of a hand ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Turn:
    """One thing a player did in public.  ``ends`` are the open numbers when he drew or knocked
    (he held none of them); ``stone_id`` the physical stone played or taken from the boneyard."""

    seat: Seat
    kind: str                         # "play", "draw" or "pass"
    stone: Stone | None = None        # the stone played (never the one drawn)
    end: End | None = None
    ends: tuple[int, int] | None = None
    points: int = 0
    stone_id: int | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended, with every hand turned up (the book: the stones are shown and counted)."""

    hand_no: int
    how: str                           # "out" or "blocked"
    scorer: Seat | None
    points: int
    pips: tuple[int, ...]
    hands: tuple[tuple[Stone, ...], ...]
    line: tuple[tuple[Stone, int, int], ...]  # the final line: face, left, right
    text: str
    rule: str


@dataclass(frozen=True, slots=True)
class DominoesState:
    opts: tuple[tuple[str, Any], ...]
    deck: tuple[Stone, ...] = ()                 # physical id -> face, for the hand in play
    hands: tuple[tuple[int, ...], ...] = ()
    boneyard: tuple[int, ...] = ()               # the next stone to draw first
    line: tuple[Tile, ...] = ()
    origin: int = 0                              # stones set to the left of the lead stone
    turn: Seat = 0
    leader: Seat = 0
    hand_no: int = 0                             # hands dealt so far
    scores: tuple[int, ...] = ()
    sheet: tuple[ScoreEvent, ...] = ()
    log: tuple[Turn, ...] = ()
    result: HandResult | None = None             # set when the hand in play has ended
    previous: HandResult | None = None           # the hand before this one
    lead_draw: tuple[tuple[Seat, Stone], ...] = ()
    winner: Seat | None = None

    def option(self, name: str) -> Any:
        return dict(self.opts)[name]


# -- the view --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LineStone:
    card: ViewCard
    left: int
    right: int

    @property
    def is_double(self) -> bool:
        return self.left == self.right


@dataclass(frozen=True, slots=True)
class DominoesView:
    seat: Seat | None
    variant: str                                   # "draw", "block" or "fives_and_threes"
    players: int
    hands: tuple[tuple[ViewCard, ...], ...]        # faces only for the seat's own (all, once over)
    boneyard: tuple[ViewCard, ...]                 # always face down, the next to draw first
    drawable: int                                  # how many of them may still be drawn
    line: tuple[LineStone, ...]
    origin: int
    turn: Seat | None                              # None while dealing or when the game is over
    leader: Seat
    hand_no: int
    scores: tuple[int, ...]
    target: int
    exact: bool                                    # the target must be hit exactly (61)
    log: tuple[Turn, ...]
    result: HandResult | None
    previous: HandResult | None
    lead_draw: tuple[tuple[Seat, Stone], ...]
    winner: Seat | None
    sheet: tuple[ScoreEvent, ...] = field(default=())

    @property
    def own(self) -> tuple[ViewCard, ...]:
        return self.hands[self.seat] if self.seat is not None else ()

    @property
    def ends(self) -> tuple[int, int] | None:
        return line_ends(self.line)

    @property
    def count(self) -> int:
        return end_count(self.line)

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)


def seat_name(seat: Seat) -> str:
    return SEAT_NAMES[seat]


# -- the rules -------------------------------------------------------------------------------
class DominoesGame(Game[DominoesState, DominoesAction, DominoesView]):
    """The rules shared by the two games; the subclasses name their own laws."""

    table_kind = TableKind.DOMINOES
    scores_ends = False          # Fives and Threes scores the open ends after each stone

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    # -- hooks of the two games ---------------------------------------------------------------
    def variant(self, opts: Options) -> str:
        raise NotImplementedError

    def may_draw(self, opts: Options) -> bool:
        return self.variant(opts) == "draw"

    def no_drawing_rule(self) -> str:
        """The law that forbids drawing in this game (the Block game, or Fives and Threes)."""
        raise NotImplementedError

    def exact_target(self, opts: Options) -> bool:
        return False

    def hand_size(self, players: int) -> int:
        # The book: seven each for two; with more, the stones are divided so that a few are left
        # to draw from.  Five each for three or four is the common practice (and the pub rule of
        # Fives and Threes); the rules pages say so.
        return 7 if players == 2 else 5

    # -- the protocol ------------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> DominoesState:
        opts = self.resolve_options(options)
        players = opts["players"]
        return DominoesState(opts=tuple(sorted(opts.items())), scores=(0,) * players)

    def to_move(self, state: DominoesState) -> Seat | Special:
        if state.winner is not None:
            return Special.TERMINAL
        if not state.deck or state.result is not None:
            return Special.CHANCE
        return state.turn

    def players(self, state: DominoesState) -> int:
        return len(state.scores)

    def seat_count(self, state: DominoesState) -> int:
        return len(state.scores)

    def seat_name(self, seat: Seat) -> str:
        return seat_name(seat)

    def hidden_from(self, state: DominoesState, seat: Seat | None) -> list[int]:
        """The physical stones ``seat`` cannot see: the boneyard, and the other hands until the
        hand is over and they are turned up."""
        over = state.result is not None or state.winner is not None
        hidden = [] if over else [i for s, hand in enumerate(state.hands) if s != seat
                                  for i in hand]
        return hidden + list(state.boneyard)

    def shuffle_unseen(self, state: DominoesState, seat: Seat, seed: int) -> DominoesState:
        """The position with every stone hidden from ``seat`` given another hidden stone's face
        at random: what the seat's view cannot tell apart (the no-peeking tests)."""
        hidden = self.hidden_from(state, seat)
        deck = list(state.deck)
        for i, face in zip(hidden, shuffled([deck[i] for i in hidden], seed)):
            deck[i] = face
        return _with(state, deck=tuple(deck))

    def can_play(self, state: DominoesState, seat: Seat) -> bool:
        ends = line_ends(state.line)
        if ends is None:
            return bool(state.hands[seat])
        a, b = ends
        return any(state.deck[i].has(a) or state.deck[i].has(b) for i in state.hands[seat])

    def can_draw(self, state: DominoesState) -> bool:
        return self.may_draw(dict(state.opts)) and len(state.boneyard) > KEEP_IN_BONEYARD

    def plays(self, state: DominoesState, seat: Seat) -> list[Play]:
        hand = [state.deck[i] for i in state.hands[seat]]
        ends = line_ends(state.line)
        if ends is None:
            return [Play(s) for s in sorted(hand, key=_ORDER.__getitem__, reverse=True)]
        out: list[Play] = []
        a, b = ends
        for s in sorted(hand, key=_ORDER.__getitem__, reverse=True):
            if s.high == a or s.low == a:
                out.append(Play(s, End.LEFT))
            if s.high == b or s.low == b:
                out.append(Play(s, End.RIGHT))
        return out

    def legal_actions(self, state: DominoesState, seat: Seat) -> Sequence[DominoesAction]:
        if self.to_move(state) != seat:
            return ()
        plays = self.plays(state, seat)
        if plays:
            return tuple(plays)
        return (DrawStone(),) if self.can_draw(state) else (Pass(),)

    def why_illegal(self, state: DominoesState, action: DominoesAction) -> IllegalAction | None:
        """The law an action breaks, or ``None`` when it is legal."""
        who = self.to_move(state)
        if isinstance(action, Deal):
            if who is not Special.CHANCE:
                return IllegalAction("the stones are dealt only before a hand", self.ref("the-deal"))
            return None
        if who is Special.TERMINAL:
            return IllegalAction("the game is over", self.ref("the-game"))
        if who is Special.CHANCE:
            return IllegalAction("the stones have not been dealt yet", self.ref("the-deal"))
        seat = who
        if isinstance(action, Play):
            ids = [i for i in state.hands[seat] if state.deck[i] == action.stone]
            if not ids:
                return IllegalAction(f"{seat_name(seat)} holds no {action.stone} stone",
                                     self.ref("the-play"))
            ends = line_ends(state.line)
            if ends is None:
                if action.end is not None:
                    return IllegalAction("the first stone starts the line: it has no end to go to",
                                         self.ref("the-lead"))
                return None
            if action.end is None:
                return IllegalAction(f"say at which end {action.stone} goes", self.ref("the-play"))
            number = ends[0] if action.end is End.LEFT else ends[1]
            if not action.stone.has(number):
                return IllegalAction(f"{action.stone} does not match the {number} at the "
                                     f"{action.end.value} end: one half must agree with the end "
                                     f"it is set against", self.ref("the-play"))
            return None
        if isinstance(action, DrawStone):
            if not self.may_draw(dict(state.opts)):
                return IllegalAction("there is no drawing from the boneyard in this game",
                                     self.no_drawing_rule())
            if self.plays(state, seat):
                return IllegalAction("you may draw only when no stone in your hand will match",
                                     self.ref("the-boneyard"))
            if len(state.boneyard) <= KEEP_IN_BONEYARD:
                return IllegalAction(f"the last {KEEP_IN_BONEYARD} stones of the boneyard may not "
                                     "be drawn", self.ref("the-boneyard"))
            return None
        if isinstance(action, Pass):
            if self.plays(state, seat):
                return IllegalAction("you may not pass while a stone in your hand will match",
                                     self.ref("when-you-cannot-play"))
            if self.can_draw(state):
                return IllegalAction("you must draw from the boneyard before you may pass",
                                     self.ref("the-boneyard"))
            return None
        return IllegalAction(f"{action!r} is not a dominoes action", self.ref("the-play"))

    # -- applying ----------------------------------------------------------------------------
    def apply(self, state: DominoesState, action: DominoesAction) -> DominoesState:
        refusal = self.why_illegal(state, action)
        if refusal is not None:
            raise refusal
        if isinstance(action, Deal):
            return self._deal(state, action)
        seat = state.turn
        if isinstance(action, Play):
            return self._play(state, seat, action)
        if isinstance(action, DrawStone):
            taken = state.boneyard[0]
            hands = _replace_at(state.hands, seat, state.hands[seat] + (taken,))
            log = state.log + (Turn(seat, "draw", ends=line_ends(state.line), stone_id=taken),)
            after = _with(state, hands=hands, boneyard=state.boneyard[1:], log=log)
            return self._after_turn(after, next_seat=seat)
        assert isinstance(action, Pass)
        log = state.log + (Turn(seat, "pass", ends=line_ends(state.line)),)
        return self._after_turn(_with(state, log=log), next_seat=(seat + 1) % self.players(state))

    def _deal(self, state: DominoesState, action: Deal) -> DominoesState:
        players = self.players(state)
        if action.order:
            if sorted(action.order) != sorted(STONES):
                raise IllegalAction("an arranged deal must name each of the 28 stones once",
                                    self.ref("the-deal"))
            order = action.order
        else:
            order = shuffled(STONES, action.seed or 0)
        if action.lead is not None and not 0 <= action.lead < players:
            raise IllegalAction(f"there is no seat {seat_name(action.lead)} at this table",
                                self.ref("the-lead"))
        lead_draw: tuple[tuple[Seat, Stone], ...] = state.lead_draw
        if state.hand_no == 0:
            if action.order:
                leader = action.lead if action.lead is not None else 0
            else:
                lead_draw, leader = self._draw_for_lead(players, action.seed or 0)
        else:
            leader = (state.leader + 1) % players
            if action.lead is not None and action.lead != leader:
                raise IllegalAction(f"the lead passes in turn: {seat_name(leader)} leads this hand",
                                    self.ref("the-lead"))
        size = self.hand_size(players)
        hands = tuple(tuple(range(s * size, (s + 1) * size)) for s in range(players))
        return _with(state, deck=tuple(order), hands=hands,
                       boneyard=tuple(range(players * size, len(STONES))), line=(), origin=0,
                       turn=leader, leader=leader, hand_no=state.hand_no + 1, log=(),
                       result=None, previous=state.result, lead_draw=lead_draw)

    @staticmethod
    def _draw_for_lead(players: int, seed: int) -> tuple[tuple[tuple[Seat, Stone], ...], Seat]:
        """Each player turns up a stone; the most pips leads.  Those tied for the most draw again
        (from the stones not yet turned: the set is shuffled once for the whole draw)."""
        pool = list(shuffled(STONES, derive_seed(seed, 1)))
        drawn: list[tuple[Seat, Stone]] = []
        contenders = list(range(players))
        while True:
            this_round = [(seat, pool.pop()) for seat in contenders]
            drawn.extend(this_round)
            best = max(s.pips for _, s in this_round)
            contenders = [seat for seat, s in this_round if s.pips == best]
            if len(contenders) == 1 or len(pool) < len(contenders):
                return tuple(drawn), contenders[0]

    def _play(self, state: DominoesState, seat: Seat, action: Play) -> DominoesState:
        stone = action.stone
        sid = next(i for i in state.hands[seat] if state.deck[i] == stone)
        origin = state.origin
        if action.end is None:
            line = (Tile(sid, stone.high, stone.low),)
        elif action.end is End.LEFT:
            number = state.line[0].left
            line = (Tile(sid, stone.other(number), number),) + state.line
            origin += 1
        else:
            number = state.line[-1].right
            line = state.line + (Tile(sid, number, stone.other(number)),)
        hands = _replace_at(state.hands, seat, tuple(i for i in state.hands[seat] if i != sid))
        points = 0
        events: list[ScoreEvent] = []
        if self.scores_ends:
            total = end_count(line)
            points = fives_and_threes_points(total)
            if points:
                events.append(ScoreEvent(seat, points, self.count_text(seat, stone, total, points),
                                         self.count_rule()))
        log = state.log + (Turn(seat, "play", stone, action.end, points=points, stone_id=sid),)
        after = _with(state, line=line, origin=origin, hands=hands, log=log)
        if not hands[seat]:
            events.append(self.going_out(after, seat))
        if events:
            after = self._score(after, events)
        if after.winner is not None:
            return self._close_hand(after, "out" if not hands[seat] else "target", seat, events)
        if not hands[seat]:
            return self._close_hand(after, "out", seat, events)
        return self._after_turn(after, next_seat=(seat + 1) % self.players(state))

    def _after_turn(self, state: DominoesState, next_seat: Seat) -> DominoesState:
        """Pass the turn on, unless nobody can play any more: then the hand is blocked."""
        players = self.players(state)
        if not self.can_draw(state) and not any(self.can_play(state, s) for s in range(players)):
            event = self.blocked(state)
            after = self._score(state, [event] if event.points else [])
            return self._close_hand(after, "blocked", event.seat if event.points else None,
                                    [event])
        return _with(state, turn=next_seat)

    def _score(self, state: DominoesState, events: Iterable[ScoreEvent]) -> DominoesState:
        """Add the points to the sheet; the first to reach the target wins at once."""
        scores = list(state.scores)
        sheet = list(state.sheet)
        opts = dict(state.opts)
        target = opts["target"]
        exact = self.exact_target(opts)
        events = list(events)
        # With an exact target the points of one turn count together (a stone's count and the
        # point for going out), and are not counted at all if they would pass the target.
        by_seat: dict[Seat, int] = {}
        for e in events:
            by_seat[e.seat] = by_seat.get(e.seat, 0) + e.points
        for e in events:
            if exact and scores[e.seat] + by_seat[e.seat] > target and e.points:
                sheet.append(ScoreEvent(e.seat, 0, f"{e.text} — not counted: it would pass "
                                        f"{target}", self.ref("the-game")))
                continue
            scores[e.seat] += e.points
            sheet.append(e)
        winner = state.winner
        for seat in range(len(scores)):
            if winner is None and scores[seat] >= target:
                winner = seat
        return _with(state, scores=tuple(scores), sheet=tuple(sheet), winner=winner)

    def _close_hand(self, state: DominoesState, how: str, scorer: Seat | None,
                    events: Sequence[ScoreEvent]) -> DominoesState:
        players = self.players(state)
        pips = tuple(sum(state.deck[i].pips for i in state.hands[s]) for s in range(players))
        text = "; ".join(e.text for e in events if e.text) or "the hand is over"
        rule = events[-1].rule if events and events[-1].rule else self.ref("scoring")
        result = HandResult(
            hand_no=state.hand_no, how=how, scorer=scorer,
            points=sum(e.points for e in events if e.seat == scorer) if scorer is not None else 0,
            pips=pips, hands=tuple(tuple(state.deck[i] for i in state.hands[s])
                                   for s in range(players)),
            line=tuple((state.deck[t.id], t.left, t.right) for t in state.line),
            text=text, rule=rule)
        return _with(state, result=result)

    # -- scoring (the two games differ) ---------------------------------------------------------
    def count_rule(self) -> str:
        return self.ref("scoring")

    def count_text(self, seat: Seat, stone: Stone, total: int, points: int) -> str:
        return f"{seat_name(seat)}: the ends make {total}, {points}"

    def going_out(self, state: DominoesState, seat: Seat) -> ScoreEvent:
        raise NotImplementedError

    def blocked(self, state: DominoesState) -> ScoreEvent:
        raise NotImplementedError

    def pips_of(self, state: DominoesState, seat: Seat) -> int:
        return sum(state.deck[i].pips for i in state.hands[seat])

    # -- outcome, views, notation -------------------------------------------------------------
    def outcome(self, state: DominoesState) -> Outcome | None:
        if state.winner is None:
            return None
        target = state.option("target")
        results = tuple(1.0 if s == state.winner else 0.0 for s in range(len(state.scores)))
        scores = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(state.scores))
        how = "exactly " if self.exact_target(dict(state.opts)) else ""
        return Outcome(results, f"{seat_name(state.winner)} reached {how}{target} points ({scores})",
                       self.ref("the-game"), state.scores)

    def view(self, state: DominoesState, seat: Seat | None) -> DominoesView:
        opts = dict(state.opts)
        over = state.result is not None or state.winner is not None

        def card(i: int, shown: bool) -> ViewCard:
            return ViewCard(i, state.deck[i] if shown else None)  # type: ignore[arg-type]

        hands = tuple(tuple(card(i, over or s == seat) for i in hand)
                      for s, hand in enumerate(state.hands))
        who = self.to_move(state)
        return DominoesView(
            seat=seat, variant=self.variant(opts), players=opts["players"], hands=hands,
            boneyard=tuple(card(i, False) for i in state.boneyard),
            drawable=max(0, len(state.boneyard) - KEEP_IN_BONEYARD) if self.may_draw(opts) else 0,
            line=tuple(LineStone(card(t.id, True), t.left, t.right) for t in state.line),
            origin=state.origin, turn=who if not isinstance(who, Special) else None,
            leader=state.leader, hand_no=state.hand_no, scores=state.scores, target=opts["target"],
            exact=self.exact_target(opts), log=state.log, result=state.result,
            previous=state.previous, lead_draw=state.lead_draw, winner=state.winner,
            sheet=state.sheet)

    def state_from_view(self, view: DominoesView, faces: dict[int, Stone]) -> DominoesState:
        """A full position built from a seat's view and a guess at every hidden face (``faces``,
        by physical id): the computer's determinized worlds.  The guess must fill every hidden
        stone and use each unseen face once; nothing here looks at the real position."""
        deck: list[Stone | None] = [None] * len(STONES)
        for hand in view.hands:
            for vc in hand:
                deck[vc.id] = vc.face  # type: ignore[assignment]
        for ls in view.line:
            deck[ls.card.id] = ls.card.face  # type: ignore[assignment]
        for vc in view.boneyard:
            deck[vc.id] = None
        for i, face in faces.items():
            if deck[i] is not None:
                raise ValueError(f"stone {i} is not hidden from this seat")
            deck[i] = face
        if any(f is None for f in deck) or sorted(deck) != sorted(STONES):  # type: ignore[type-var]
            raise ValueError("the guessed faces do not complete the set")
        opts = {"players": view.players, "target": view.target}
        opts.update(self._variant_opts(view))
        return DominoesState(
            opts=tuple(sorted(self.resolve_options(opts).items())), deck=tuple(deck),  # type: ignore[arg-type]
            hands=tuple(tuple(vc.id for vc in h) for h in view.hands),
            boneyard=tuple(vc.id for vc in view.boneyard),
            line=tuple(Tile(ls.card.id, ls.left, ls.right) for ls in view.line),
            origin=view.origin, turn=view.turn if view.turn is not None else 0,
            leader=view.leader, hand_no=view.hand_no, scores=view.scores, sheet=view.sheet, log=view.log,
            result=view.result, previous=view.previous, lead_draw=view.lead_draw,
            winner=view.winner)

    def _variant_opts(self, view: DominoesView) -> dict[str, Any]:
        return {}

    def action_to_str(self, action: DominoesAction) -> str:
        if isinstance(action, Play):
            return str(action.stone) if action.end is None else f"{action.stone} {action.end.value}"
        if isinstance(action, DrawStone):
            return "draw"
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Deal):
            if not action.order:
                return f"deal {action.seed}"
            text = "deal " + " ".join(str(s) for s in action.order)
            return text + (f" lead {seat_name(action.lead)}" if action.lead is not None else "")
        raise NotationError(f"{action!r} is not a dominoes action")

    def action_from_str(self, state: DominoesState, text: str) -> DominoesAction:
        words = text.strip().lower().split()
        if not words:
            raise NotationError(f"{text!r} is not a dominoes move")
        head = words[0]
        if head in ("draw", "pass", "knock") and len(words) == 1:
            return DrawStone() if head == "draw" else Pass()
        if head == "deal":
            return self._parse_deal(text, words[1:])
        try:
            stone = parse_stone(words[0])
        except NotationError:
            raise NotationError(f"{text!r} is not a dominoes move (try '6-3 left', 'draw', "
                                "'pass')") from None
        ends = line_ends(state.line)
        if len(words) == 1:
            if ends is None:
                return Play(stone)
            fits = [e for e, n in zip((End.LEFT, End.RIGHT), ends) if stone.has(n)]
            if len(fits) == 1:
                return Play(stone, fits[0])
            if not fits:
                # Parsed all the same: ``apply`` refuses it citing the rule of matching.
                return Play(stone, End.RIGHT)
            raise NotationError(f"{text!r}: {stone} fits both ends; say 'left' or 'right'")
        if len(words) == 2 and words[1] in ("left", "l", "right", "r"):
            return Play(stone, End.LEFT if words[1].startswith("l") else End.RIGHT)
        raise NotationError(f"{text!r} is not a dominoes move (try '6-3 left')")

    def _parse_deal(self, text: str, words: list[str]) -> Deal:
        if len(words) == 1 and words[0].isdigit():
            return Deal(seed=int(words[0]))
        lead: Seat | None = None
        if len(words) >= 2 and words[-2] == "lead":
            letter = words[-1].upper()
            if len(letter) != 1 or letter not in SEAT_NAMES:
                raise NotationError(f"{text!r}: no seat {words[-1]!r} (seats are A to D)")
            lead = SEAT_NAMES.index(letter)
            words = words[:-2]
        try:
            stones = tuple(parse_stone(w) for w in words)
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        if len(stones) != len(STONES) or len(set(stones)) != len(STONES):
            raise NotationError(f"{text!r}: an arranged deal names each of the 28 stones once")
        return Deal(order=stones, lead=lead)

    def chance_action(self, state: DominoesState, seed: int) -> DominoesAction:
        return Deal(seed=seed)

    # -- for the table, the demo and the player ------------------------------------------------
    def rules_section(self, state: DominoesState) -> str | None:
        """The rules pane follows the game: the lead until the first stone is set, the play (in
        Fives and Threes the count of the ends), the scoring when a hand ends, the game at the end."""
        if state.winner is not None:
            return self.page_section("the-game", "scoring")
        if state.result is not None:
            return self.page_section("a-blocked-game" if state.result.how == "blocked" else "going-out",
                                     "scoring")
        if not state.line:
            return self.page_section("the-lead", "the-deal")
        if self.variant(dict(state.opts)) == "fives_and_threes":
            return self.page_section("counting-the-ends", "the-play")
        return self.page_section("the-play")

    def describe(self, state: DominoesState, action: DominoesAction) -> str:
        """A sentence about ``action`` played in ``state`` (the state before it)."""
        if isinstance(action, Deal):
            players = self.players(state)
            if state.hand_no == 0 and not action.order:
                draw, leader = self._draw_for_lead(players, action.seed or 0)
                drawn = ", ".join(f"{seat_name(s)} {t}" for s, t in draw)
                return (f"Drawing for the lead: {drawn}. {seat_name(leader)} has the most pips "
                        f"and sets first.")
            leader = (state.leader + 1) % players if state.hand_no else (action.lead or 0)
            return f"Hand {state.hand_no + 1} is dealt; {seat_name(leader)} leads."
        who = self.to_move(state)
        name = seat_name(who) if not isinstance(who, Special) else "?"
        if isinstance(action, DrawStone):
            return f"{name} cannot match and draws from the boneyard."
        if isinstance(action, Pass):
            ends = line_ends(state.line)
            on = f" on {ends[0]} and {ends[1]}" if ends else ""
            return f"{name} cannot play{on} and knocks."
        assert isinstance(action, Play)
        try:
            after = self.apply(state, action)
        except IllegalAction as exc:
            return f"{name} cannot play {action.stone}: {exc.reason}."
        where = "sets" if action.end is None else f"plays on the {action.end.value}:"
        text = f"{name} {where} {stone_name(action.stone)}"
        if self.scores_ends:
            text += f" (the ends make {end_count(after.line)})"
        new = after.sheet[len(state.sheet):]
        if new:
            text += ". " + "; ".join(e.text for e in new)
        return text + "."

    def score_events(self, state: DominoesState) -> Sequence[ScoreEvent]:
        return state.sheet


def _with(state: DominoesState, **changes: Any) -> DominoesState:
    """``dataclasses.replace`` without its generality: the computer's look-ahead makes many
    thousands of positions a second, and ``replace`` was most of its time."""
    new = object.__new__(DominoesState)
    for name in _STATE_FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(state, name))
    return new


_STATE_FIELDS = tuple(DominoesState.__dataclass_fields__)
_ORDER = {stone: k for k, stone in enumerate(STONES)}


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


# -- the Draw game (and the Block game) ------------------------------------------------------
class DrawGame(DominoesGame):
    info = BY_ID["dominoes_draw"]
    option_specs = (
        OptionSpec("players", 2, (2, 3, 4), "Players",
                   labels=("Two (the book)", "Three", "Four")),
        OptionSpec("game", "draw", ("draw", "block"), "When you cannot match",
                   labels=("Draw from the boneyard (the Draw game, the book)",
                           "Pass: no drawing (the Block game)")),
        OptionSpec("target", 100, (100, 50), "Game",
                   labels=("100 points (the book)", "50 points (a short game)")),
    )

    def variant(self, opts: Options) -> str:
        return str(opts["game"])

    def no_drawing_rule(self) -> str:
        return self.ref("the-block-game")

    def _variant_opts(self, view: DominoesView) -> dict[str, Any]:
        return {"game": view.variant}

    def going_out(self, state: DominoesState, seat: Seat) -> ScoreEvent:
        others = [s for s in range(self.players(state)) if s != seat]
        pips = sum(self.pips_of(state, s) for s in others)
        if len(others) == 1:
            where = f"in {seat_name(others[0])}'s hand"
        else:
            where = "(" + ", ".join(f"{seat_name(s)} {self.pips_of(state, s)}" for s in others) + ")"
        return ScoreEvent(seat, pips, f"{seat_name(seat)} is out first and scores the {pips} pips "
                          f"left {where}", self.ref("going-out"))

    def blocked(self, state: DominoesState) -> ScoreEvent:
        players = self.players(state)
        pips = [self.pips_of(state, s) for s in range(players)]
        low = min(pips)
        lowest = [s for s in range(players) if pips[s] == low]
        counted = ", ".join(f"{seat_name(s)} {pips[s]}" for s in range(players))
        if len(lowest) > 1:
            return ScoreEvent(lowest[0], 0, f"Blocked: {counted} — a tie for the fewest pips, "
                              "nobody scores", self.ref("a-blocked-game"))
        seat = lowest[0]
        points = sum(p - low for p in pips)
        return ScoreEvent(seat, points, f"Blocked: {counted}; {seat_name(seat)} has the fewest "
                          f"and scores the difference, {points}", self.ref("a-blocked-game"))


# -- Fives and Threes --------------------------------------------------------------------------
class FivesAndThrees(DominoesGame):
    info = BY_ID["fives_and_threes"]
    scores_ends = True
    option_specs = (
        OptionSpec("players", 2, (2, 3, 4), "Players",
                   labels=("Two (the book's example)", "Three", "Four")),
        OptionSpec("target", 100, (100, 61), "Game",
                   labels=("100 points", "Exactly 61 (the pub game, scored on a cribbage board)")),
    )

    def variant(self, opts: Options) -> str:
        return "fives_and_threes"

    def no_drawing_rule(self) -> str:
        return self.ref("the-boneyard")

    def exact_target(self, opts: Options) -> bool:
        return opts["target"] == 61

    def count_rule(self) -> str:
        return self.ref("counting-the-ends")

    def count_text(self, seat: Seat, stone: Stone, total: int, points: int) -> str:
        parts = []
        if total % 5 == 0:
            parts.append(f"{total // 5} five{'s' if total // 5 > 1 else ''}")
        if total % 3 == 0:
            parts.append(f"{total // 3} three{'s' if total // 3 > 1 else ''}")
        return f"{seat_name(seat)} makes {total} with {stone}: {' and '.join(parts)}, scores {points}"

    def going_out(self, state: DominoesState, seat: Seat) -> ScoreEvent:
        return ScoreEvent(seat, 1, f"{seat_name(seat)} plays the last stone and scores 1 for "
                          "going out", self.ref("going-out"))

    def blocked(self, state: DominoesState) -> ScoreEvent:
        pips = ", ".join(f"{seat_name(s)} {self.pips_of(state, s)}"
                         for s in range(self.players(state)))
        return ScoreEvent(0, 0, f"Blocked ({pips} pips left): nobody scores for the block",
                          self.ref("a-blocked-game"))


GAME = DrawGame()
FIVES_AND_THREES = FivesAndThrees()
