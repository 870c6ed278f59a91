"""Snooker Pool by the national rules of the period (the 1909 *Hoyle* prints the Billiard
Association's rules; they are not among our seeds, so the laws are written from the period's
printings of those rules, in our own words on ``resources/rules/snooker_pool.md``, with every
decision of ours under "Sources and decisions").

Fifteen reds in a triangle above the pink, six pool balls on their spots (yellow 2, green 3,
brown 4, blue 5, pink 6, black 7) and one white that every player strikes.  A turn begins on a
red; a red pocketed scores 1 and puts a colour *on* (any one: the colour the white strikes first is
the one played at); the colour pocketed scores its value and is spotted again, and a red is on
again.  When the reds are gone (and the colour after the last of them has been played) the colours
are taken in the order of their values and stay down; the game ends with the black.  A stroke that
strikes first, or pockets, a ball not on, misses, or sends the white into a pocket is a foul: it
scores nothing and every other player scores the penalty (the value of the ball on, or of the
ball concerned when that is higher).

Every stroke is simulated on the table (``physics.simulate``) and judged from its ordered events.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from . import table as T
from .game import BallStyle, CueGame, Pos, clear_of, put_up, rack_pyramid
from .physics import ShotResult
from .pool import BALL_COLOURS, rounded
from .strokes import Place, Strike

REDS = tuple(f"r{k}" for k in range(1, 16))   # the names the pyramid games give their reds
COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")
NAMES = ("white", *REDS, *COLOURS)
VALUES = {"red": 1, "yellow": 2, "green": 3, "brown": 4, "blue": 5, "pink": 6, "black": 7}
# The spots: yellow and green at the right and left ends of the D on the baulk line (y = 0 is the
# right-hand cushion, as a player in baulk looks up the table), brown at the middle of the baulk
# line, blue on the centre spot, pink on the pyramid spot, black on the billiard spot.
SPOTS: dict[str, Pos] = {
    "yellow": rounded((T.BAULK_X, T.CENTRE_Y - T.D_RADIUS)),
    "green": rounded((T.BAULK_X, T.CENTRE_Y + T.D_RADIUS)),
    "brown": rounded(T.BAULK_CENTRE),
    "blue": rounded(T.CENTRE_SPOT),
    "pink": rounded(T.PYRAMID_SPOT),
    "black": rounded(T.BILLIARD_SPOT),
}
Action = Strike | Place
# The book's lesson, as a position to start from (option "start"); the rules page's "Show me"
# plays a stroke from it (resources/examples/snooker_pool/).
LESSONS: dict[str, tuple[dict[str, Pos], str]] = {
    "snookered": ({"white": (1.7, 0.9335), "r1": (3.1, 0.9335), "r2": (3.2, 0.98), "r3": (3.25, 0.88),
                   **SPOTS},
                  "Snookered: the blue stands between the white and every red."),
}


def triangle() -> tuple[Pos, ...]:
    """The fifteen reds as at Pyramids, the apex ball half a millimetre above the pink (a ball
    standing on the pyramid spot) and the rows running up the table."""
    return rack_pyramid(apex=(T.PYRAMID_SPOT[0] + 2 * T.BALL_RADIUS + 0.0005, T.CENTRE_Y))


def is_red(name: str) -> bool:
    return name in REDS


def value(name: str) -> int:
    return 1 if is_red(name) else VALUES[name]


def describe_ball(name: str) -> str:
    return "a red" if is_red(name) else f"the {name}"


@dataclass(frozen=True, slots=True)
class SnookerState:
    balls: tuple[Pos | None, ...]           # in the order of NAMES; None: off the table (in hand, the white)
    scores: tuple[int, ...]
    turn: Seat = 0
    on: str = "red"                         # "red", "colour" (any colour, after a red) or a colour in order
    run: int = 0                            # the striker's break so far
    from_hand: bool = False
    finished: bool = False
    strokes: int = 0
    sheet: tuple[ScoreEvent, ...] = ()
    said: str = ""

    names = NAMES

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def over(self) -> bool:
        return self.finished

    def cue_ball(self) -> str:
        return "white"

    def in_hand(self) -> bool:
        return self.balls[0] is None

    def on_table(self) -> list[tuple[str, float, float]]:
        return [(name, p[0], p[1]) for name, p in zip(NAMES, self.balls) if p is not None]

    def position(self, name: str) -> Pos | None:
        return self.balls[NAMES.index(name)]

    def reds_left(self) -> int:
        return sum(1 for p in self.balls[1:16] if p is not None)

    def colours_on_table(self) -> list[str]:
        return [c for c in COLOURS if self.position(c) is not None]

    def balls_on(self) -> list[str]:
        """The balls the striker may strike first."""
        if self.on == "red":
            return [n for n, p in zip(NAMES[1:16], self.balls[1:16]) if p is not None]
        if self.on == "colour":
            return self.colours_on_table()
        return [self.on]

    def value_on(self, first: str | None = None) -> int:
        """The value of the ball on: a red 1; with any colour on, the colour struck first, or when
        none was, the lowest on the table (the penalty the rules exact least)."""
        if self.on == "red":
            return 1
        if self.on == "colour":
            if first is not None and not is_red(first):
                return value(first)
            return min((VALUES[c] for c in self.colours_on_table()), default=2)
        return VALUES[self.on]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a stroke scored: points to the striker (fair) or the penalty to each other player
    (foul), why, with the anchor of the law; the balls pocketed."""

    points: int
    penalty: int
    items: tuple[tuple[int, str, str], ...]     # (points or the fault's penalty, words, anchor)
    pocketed: tuple[str, ...]
    first: str | None


def judge(state: SnookerState, shot: ShotResult) -> Verdict:
    """Judge a simulated stroke by the laws (the events in the order they happened)."""
    first = shot.first_contact("white")
    pocketed = tuple(n for n in shot.pocketed() if n != "white")
    in_off = "white" in shot.pocketed()
    on = state.balls_on()
    base = state.value_on(first)
    faults: list[tuple[int, str, str]] = []
    if first is None:
        faults.append((base, f"a miss ({describe_ball(on[0]) if len(on) == 1 or state.on == 'red' else 'a colour'} "
                             "was on)", "penalties"))
    elif first not in on:
        faults.append((max(base, value(first)), f"the white struck {describe_ball(first)} first", "penalties"))
    if state.on == "red":
        wrong = [n for n in pocketed if not is_red(n)]
    elif state.on == "colour":
        wrong = [n for n in pocketed if n != first]
    else:
        wrong = [n for n in pocketed if n != state.on]
    for name in wrong:
        faults.append((max(base, value(name)), f"{describe_ball(name)} pocketed when not on", "penalties"))
    if in_off:
        concerned = value(first) if first is not None else base
        faults.append((max(base, concerned), "the white went into a pocket", "penalties"))
    if faults:
        penalty = max(v for v, _, _ in faults)
        return Verdict(0, penalty, tuple(faults), pocketed, first)
    points = sum(value(n) for n in pocketed)
    items = []
    reds = sum(1 for n in pocketed if is_red(n))
    if reds:
        items.append((reds, f"{'a red' if reds == 1 else f'{reds} reds'} pocketed, {reds}", "the-reds"))
    for name in pocketed:
        if not is_red(name):
            items.append((value(name), f"the {name} pocketed, {value(name)}", "the-colours"))
    return Verdict(points, 0, tuple(items), pocketed, first)


def spot_colour(name: str, balls: Sequence[Pos | None]) -> Pos:
    """Where a colour goes back: its own spot; that covered, the nearest free spot of the colours';
    all covered, as near its own as may be, up the table's middle line."""
    own = SPOTS[name]
    if clear_of(own, balls):
        return own
    free = [s for s in SPOTS.values() if clear_of(s, balls)]
    if free:
        return min(free, key=lambda s: (round(math.dist(s, own), 6), s))
    return put_up(balls, own)


class SnookerPoolGame(CueGame, Game[SnookerState, Action, SnookerState]):
    info = BY_ID["snooker_pool"]
    table_kind = TableKind.CUE
    physics_model = 2         # the simulation its records are made with (physics.MODEL), kept
    placed_words = "the white"
    option_specs = (
        OptionSpec("players", 2, (2, 3, 4, 5, 6, 7, 8), "Players",
                   help="How many play, each for himself, all with the one white"),
        OptionSpec("start", "game", ("game", *LESSONS), "Starting position",
                   help="The opening of a game, or the position of the book's lesson",
                   labels=("The opening", "Lesson: snookered")),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def seat_count(self, state: SnookerState) -> int:
        return state.players

    def seat_name(self, seat: Seat) -> str:
        return f"Player {seat + 1}"

    def initial_state(self, options: Options | None = None) -> SnookerState:
        opts = self.resolve_options(options)
        if opts["start"] in LESSONS:
            place, said = LESSONS[opts["start"]]
            return SnookerState(balls=tuple(place.get(name) for name in NAMES), scores=(0,) * opts["players"],
                                said=said)
        balls: tuple[Pos | None, ...] = (None, *triangle(), *(SPOTS[c] for c in COLOURS))
        return SnookerState(balls=balls, scores=(0,) * opts["players"],
                            said="The reds are in their triangle and the colours on their spots; "
                                 "Player 1 plays from hand at the reds.")

    def to_move(self, state: SnookerState) -> Seat | Special:
        return Special.TERMINAL if state.over else state.turn

    def legal_actions(self, state: SnookerState, seat: Seat) -> Sequence[Action]:
        if state.over or seat != state.turn:
            return ()
        return self.lazy_actions(state)        # type: ignore[no-any-return]

    def apply(self, state: SnookerState, action: Action) -> SnookerState:
        if state.over:
            raise IllegalAction("the game is over", self.ref("the-end-of-the-game"))
        self.check_action(state, action)
        if isinstance(action, Place):
            return replace(state, balls=self.placed(state, action), from_hand=True,
                           said=f"{self.seat_name(state.turn)} places the white in the D.")
        return self.after(state, self.simulate_stroke(state, action.stroke))

    def after(self, state: SnookerState, shot: ShotResult) -> SnookerState:
        verdict = judge(state, shot)
        me = state.turn
        n = state.players
        foul = verdict.penalty > 0
        balls: list[Pos | None] = [shot.final.get(name) if p is not None else None
                                   for name, p in zip(NAMES, state.balls)]
        scores = list(state.scores)
        sheet = list(state.sheet)
        if foul:
            for seat in range(n):
                if seat != me:
                    scores[seat] += verdict.penalty
            words = "; ".join(w for _, w, _ in verdict.items)
            anchor = max(verdict.items, key=lambda item: item[0])[2]
            for seat in range(n):
                if seat != me:
                    sheet.append(ScoreEvent(seat, verdict.penalty, f"a foul by {self.seat_name(me)}: {words}",
                                            self.ref(anchor)))
        else:
            scores[me] += verdict.points
            for points, words, anchor in verdict.items:
                sheet.append(ScoreEvent(me, points, words, self.ref(anchor)))
        # the colours go back on their spots, but for the colour fairly pocketed in the end sequence
        end_sequence = state.on in COLOURS
        finished = False
        for name in sorted((p for p in verdict.pocketed if not is_red(p)), key=value, reverse=True):
            if end_sequence and not foul and name == state.on:
                if name == "black":
                    finished = True
                continue
            balls[NAMES.index(name)] = spot_colour(name, balls)
        if state.on == "black" and foul:
            finished = True         # the black alone left, a foul ends the game
        reds = sum(1 for p in balls[1:16] if p is not None)
        scored = not foul and verdict.points > 0
        what = "; ".join(w for _, w, _ in verdict.items) if verdict.items else "nothing pocketed"
        if foul:
            what = f"a foul — {what}: {verdict.penalty} to {'the opponent' if n == 2 else 'each other player'}"
        who = self.seat_name(me)
        if scored and not finished:
            if state.on == "red":
                nxt_on = "colour"
            elif state.on == "colour":
                nxt_on = "red" if reds else "yellow"
            else:
                nxt_on = COLOURS[COLOURS.index(state.on) + 1]
            return replace(state, balls=tuple(balls), scores=tuple(scores), sheet=tuple(sheet), on=nxt_on,
                           run=state.run + verdict.points, from_hand=False, strokes=state.strokes + 1,
                           said=f"{who}: {what}. {self.on_words(nxt_on)} is on.")
        if finished:
            return replace(state, balls=tuple(balls), scores=tuple(scores), sheet=tuple(sheet), finished=True,
                           run=0, from_hand=False, strokes=state.strokes + 1,
                           said=f"{who}: {what}. The game is over.")
        if reds:
            nxt_on = "red"
        elif state.on in ("red", "colour"):
            nxt_on = "yellow"
        else:
            nxt_on = state.on
        nxt = (me + 1) % n
        hand = " from hand" if balls[0] is None else ""
        return replace(state, balls=tuple(balls), scores=tuple(scores), sheet=tuple(sheet), on=nxt_on, turn=nxt,
                       run=0, from_hand=False, strokes=state.strokes + 1,
                       said=f"{who}: {what}. {self.seat_name(nxt)} plays{hand}; {self.on_words(nxt_on).lower()} "
                            "is on.")

    @staticmethod
    def on_words(on: str) -> str:
        return {"red": "A red", "colour": "A colour"}.get(on, f"The {on}")

    def outcome(self, state: SnookerState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        top = [s for s, v in enumerate(state.scores) if v == best]
        share = 1.0 if len(top) == 1 else 0.5
        results = tuple(share if s in top else 0.0 for s in range(state.players))
        table = ", ".join(f"{self.seat_name(s)} {v}" for s, v in enumerate(state.scores))
        reason = (f"{self.seat_name(top[0])} wins, {table}" if len(top) == 1
                  else f"a tie at {best}: {table}")
        return Outcome(results, reason, self.ref("the-end-of-the-game"), scores=state.scores)

    def rules_section(self, state: SnookerState) -> str | None:
        if state.over:
            return self.page_section("the-end-of-the-game")
        if state.in_hand():
            return self.page_section("playing-from-hand")
        if state.on in COLOURS:
            return self.page_section("the-colours-in-order")
        return self.page_section("red-then-colour")

    # -- the table's hooks (games/cue/game.py) ---------------------------------------------------
    def ball_words(self, view: SnookerState) -> str:
        return "the white"

    def ball_style(self, name: str) -> BallStyle:
        return BallStyle(BALL_COLOURS["red" if is_red(name) else name])

    def aim_target(self, view: SnookerState) -> Pos | None:
        """The aim first points at the ball on nearest the white."""
        white = view.balls[0]
        on = [view.position(b) for b in view.balls_on()]
        if view.over or white is None or not on:
            return None
        return min((p for p in on if p is not None), key=lambda p: math.dist(white, p), default=None)

    def score_text(self, view: SnookerState, seat: int) -> str:
        run = f"   break {view.run}" if seat == view.turn and view.run and not view.over else ""
        return f"{view.scores[seat]}{run}"

    def board_note(self, view: SnookerState) -> str:
        if view.over:
            return ""
        return f"On: {self.on_words(view.on).lower()} · reds left {view.reds_left()}"


GAME = SnookerPoolGame()
