"""English Billiards as the period played it (the 1909 *Hoyle*'s chapter; its rules are not among
our seeds, so the laws are the standard ones of the Billiards Association and the Billiards Control
Club of 1908-09, in our own words on ``resources/rules/billiards.md``).

Two players, each with a white (the plain for the first seat, the spot white for the second), and
the red.  A turn is a run of strokes; a stroke that scores nothing, or a foul, ends it.  A player
whose ball is off the table first places it in the D (``place X Y``), then strikes.  Every stroke
is simulated on the table (``physics.simulate``) and scored from the ordered events it returns:

* winning hazards (the red pocketed 3, the opponent's white 2), losing hazards (the striker's
  ball pocketed after striking a ball: 3 off the red, 2 off the white, by the ball struck first),
  and one cannon (2) when the striker's ball strikes both others;
* a miss gives the opponent 1, a coup (the striker's ball into a pocket without striking a ball)
  3; from hand, striking first a ball in baulk without first leaving baulk off a cushion is a foul
  that scores nothing for the striker and gives the opponent the penalty of a miss.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.errors import IllegalAction, excerpt
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from . import strokes as K
from . import table as T
from .game import CueGame
from .physics import ShotResult, simulate
from .strokes import Place, PlaceSpace, Strike, StrokeSpace

BALLS = ("white", "spot", "red")          # the plain white (first seat), the spot white, the red
BALL_NAMES = {"white": "the plain white", "spot": "the spot white", "red": "the red"}
Pos = tuple[float, float]
Action = Strike | Place


# The book's lessons, as positions to start from (option "start"); the rules page's "Show me"
# links play a stroke from each (resources/examples/billiards/).
LESSONS: dict[str, tuple[tuple[Pos | None, Pos | None, Pos | None], str]] = {
    "half-ball": (((1.2, 0.7), None, (2.0, 0.9)),
                  "The half-ball stroke: aim the centre of your ball at the edge of the red."),
    "top-pocket-loser": ((None, None, (2.95, 0.6)),
                         "From hand: a losing hazard off the red into a top pocket."),
    "middle-pocket-loser": ((None, None, (1.5, 0.45)),
                            "From hand: a losing hazard off the red into a middle pocket."),
    "cannon": (((1.5, 0.9), (2.7, 1.25), (2.3, 0.8)),
               "A cannon: strike the red, and your ball runs on to the spot white."),
}


@dataclass(frozen=True, slots=True)
class BilliardsState:
    target: int
    spot_rule: str                              # "limited" (the red off the spot twice) or "open"
    balls: tuple[Pos | None, Pos | None, Pos | None]   # white, spot, red; None: off the table
    turn: Seat = 0
    from_hand: bool = False                     # the striker's ball was placed from hand
    scores: tuple[int, int] = (0, 0)
    run: int = 0                                # the striker's break so far
    spot_pots: int = 0                          # the red pocketed from its spot, strokes running
    strokes: int = 0
    sheet: tuple[ScoreEvent, ...] = ()
    said: str = ""                              # what the last stroke did, in words
    physics: int = 2                            # the simulation (physics.MODEL) the game is played with

    @property
    def over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def names(self) -> tuple[str, ...]:
        return BALLS

    def cue_ball(self) -> str:
        return BALLS[self.turn]

    def in_hand(self) -> bool:
        """Must the striker place his ball before striking?"""
        return self.balls[self.turn] is None

    def on_table(self) -> list[tuple[str, float, float]]:
        return [(name, p[0], p[1]) for name, p in zip(BALLS, self.balls) if p is not None]


def _occupied(spot: Pos, balls: Sequence[Pos | None]) -> bool:
    touch = 2 * T.BALL_RADIUS
    return any(p is not None and (p[0] - spot[0]) ** 2 + (p[1] - spot[1]) ** 2 < touch * touch for p in balls)


def spot_red(balls: Sequence[Pos | None], prefer_centre: bool = False) -> Pos:
    """Where the red goes when it is spotted: the billiard spot, or if a ball is on it the pyramid
    spot, or the centre spot (the spot rule sends it to the centre spot first)."""
    order = ((T.CENTRE_SPOT, T.PYRAMID_SPOT, T.BILLIARD_SPOT) if prefer_centre
             else (T.BILLIARD_SPOT, T.PYRAMID_SPOT, T.CENTRE_SPOT))
    for spot in order:
        if not _occupied(spot, balls):
            return (round(spot[0], 4), round(spot[1], 4))
    return (round(order[-1][0], 4), round(order[-1][1], 4))   # never met: three spots, two balls


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a stroke scored, for whom, and what became of the balls."""

    striker_points: int
    opponent_points: int
    items: tuple[tuple[int, str, str], ...]     # (points, words, anchor); negative: the opponent's
    foul: bool


def judge(state: BilliardsState, shot: ShotResult) -> Verdict:
    """Score a simulated stroke by the laws (the events in the order they happened)."""
    cue = state.cue_ball()
    opp = BALLS[1 - state.turn]
    start = dict(zip(BALLS, state.balls))
    struck: list[str] = []
    first_out_of_baulk = False     # the cue ball has come off a cushion out of baulk
    baulk_foul = False
    for event in shot.events:
        if event.ball == cue and event.kind == "cushion" and not struck and event.x > T.BAULK_X:
            first_out_of_baulk = True
        if event.kind == "ball" and cue in (event.ball, event.other):
            other = event.other if event.ball == cue else event.ball
            if not struck and state.from_hand:
                p = start.get(other)
                if p is not None and T.in_baulk(*p) and not first_out_of_baulk:
                    baulk_foul = True
            if other not in struck:
                struck.append(other)
    pocketed = shot.pocketed()
    items: list[tuple[int, str, str]] = []
    if baulk_foul:
        items.append((-1, f"from hand, {BALL_NAMES[cue]} struck a ball in baulk: a foul, "
                          "scored as a miss to the opponent", "playing-from-hand"))
        return Verdict(0, 1, tuple(items), True)
    if not struck:
        if cue in pocketed:
            items.append((-3, f"{BALL_NAMES[cue]} ran into a pocket without striking a ball: a coup, "
                              "three to the opponent", "penalties"))
            return Verdict(0, 3, tuple(items), True)
        items.append((-1, "a miss: one to the opponent", "penalties"))
        return Verdict(0, 1, tuple(items), True)
    if "red" in pocketed:
        items.append((3, "the red pocketed: a winning hazard, 3", "winning-hazards"))
    if opp in pocketed:
        items.append((2, f"{BALL_NAMES[opp]} pocketed: a winning hazard, 2", "winning-hazards"))
    if cue in pocketed:
        value = 3 if struck[0] == "red" else 2
        items.append((value, f"{BALL_NAMES[cue]} in off {BALL_NAMES[struck[0]]}: a losing hazard, {value}",
                      "losing-hazards"))
    if len(struck) >= 2:
        items.append((2, "a cannon, 2", "cannons"))
    return Verdict(sum(p for p, _, _ in items), 0, tuple(items), False)


class BilliardsGame(CueGame, Game[BilliardsState, Action, BilliardsState]):
    info = BY_ID["billiards"]
    table_kind = TableKind.CUE
    # The first simulation (model 1) let a ball squeezed against a cushion or another ball gain
    # speed; model 2 never adds energy.  Games are played with model 2; a record written before
    # the option existed was played with model 1 and replays with it (options_from_record).
    physics_model = 2
    option_specs = (
        OptionSpec("points", 100, (100, 50, 250), "Game", help="The points that win the game",
                   labels=("100 up", "50 up", "250 up")),
        OptionSpec("spot", "limited", ("limited", "open"), "The spot stroke",
                   help="Whether the red pocketed twice running from its spot goes to the centre spot",
                   labels=("Twice from the spot, then the centre spot", "No limit")),
        OptionSpec("start", "game", ("game", *LESSONS), "Starting position",
                   help="The opening of a game, or a position of one of the book's lessons",
                   labels=("The opening", "Lesson: the half-ball stroke", "Lesson: a losing hazard into a top pocket",
                           "Lesson: a losing hazard into a middle pocket", "Lesson: a cannon")),
        OptionSpec("physics", 2, (2, 1), "Physics",
                   help="The simulation of the balls: the current one, or the first, which games saved "
                        "before December 2026 were played with (they replay with it)",
                   labels=("The current simulation", "The first (games saved before December 2026)")),
    )

    def options_from_record(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        # Written before the physics option: played with the first simulation.
        return options if "physics" in options else {**options, "physics": 1}

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def seat_count(self, state: BilliardsState) -> int:
        return 2

    def seat_name(self, seat: Seat) -> str:
        return ("Plain white", "Spot white")[seat]

    def initial_state(self, options: Options | None = None) -> BilliardsState:
        opts = self.resolve_options(options)
        if opts["start"] in LESSONS:
            balls, said = LESSONS[opts["start"]]
            return BilliardsState(target=opts["points"], spot_rule=opts["spot"], balls=balls, said=said,
                                  physics=opts["physics"])
        red = (round(T.BILLIARD_SPOT[0], 4), round(T.BILLIARD_SPOT[1], 4))
        return BilliardsState(target=opts["points"], spot_rule=opts["spot"], balls=(None, None, red),
                              said="The red is on the billiard spot; Plain white plays from hand.",
                              physics=opts["physics"])

    def to_move(self, state: BilliardsState) -> Seat | Special:
        return Special.TERMINAL if state.over else state.turn

    def legal_actions(self, state: BilliardsState, seat: Seat) -> Sequence[Action]:
        if state.over or seat != state.turn:
            return ()
        if state.in_hand():
            return PlaceSpace([p for p in state.balls if p is not None])
        return StrokeSpace()

    def apply(self, state: BilliardsState, action: Action) -> BilliardsState:
        if state.over:
            raise IllegalAction("the game is over", self.ref("the-game"))
        if isinstance(action, Place):
            if not state.in_hand():
                raise IllegalAction(f"{BALL_NAMES[state.cue_ball()]} is on the table: it is played from "
                                    "where it lies", self.ref("a-turn"))
            if not isinstance(action.x, int) or not isinstance(action.y, int):
                raise IllegalAction("a place is given in whole millimetres", self.ref("playing-from-hand"))
            x, y = action.metres
            if not T.in_d(x, y):
                raise IllegalAction("a ball in hand is placed within the D or on its lines",
                                    self.ref("playing-from-hand"))
            if not K.free_of(x, y, [p for p in state.balls if p is not None]):
                raise IllegalAction("a ball in hand cannot be placed on another ball", self.ref("playing-from-hand"))
            balls = list(state.balls)
            balls[state.turn] = (x, y)
            return replace(state, balls=tuple(balls), from_hand=True,           # type: ignore[arg-type]
                           said=f"{self.seat_name(state.turn)} places his ball in the D.")
        if not isinstance(action, Strike):
            raise IllegalAction(f"not an action of Billiards: {excerpt(action)}", self.ref("a-turn"))
        if state.in_hand():
            raise IllegalAction(f"{BALL_NAMES[state.cue_ball()]} is in hand: place it in the D first",
                                self.ref("playing-from-hand"))
        if action not in StrokeSpace():
            raise IllegalAction("a stroke's angle runs from 0.00 to 359.99, its strength from 1 to 100 and "
                                "the tip from -2 to 2 each way", self.ref("the-stroke"))
        shot = simulate(state.on_table(), state.cue_ball(), action.stroke, model=self.model_of(state))
        return self.after(state, shot)

    def after(self, state: BilliardsState, shot: ShotResult) -> BilliardsState:
        verdict = judge(state, shot)
        me, opp = state.turn, 1 - state.turn
        balls: list[Pos | None] = [shot.final.get(name) if p is not None else None
                                   for name, p in zip(BALLS, state.balls)]
        scores = list(state.scores)
        scores[me] += verdict.striker_points
        scores[opp] += verdict.opponent_points
        sheet = list(state.sheet)
        for points, words, anchor in verdict.items:
            seat = me if points > 0 else opp
            sheet.append(ScoreEvent(seat, abs(points), words, self.ref(anchor)))
        red_from_spot = (state.balls[2] is not None
                         and abs(state.balls[2][0] - T.BILLIARD_SPOT[0]) < 1e-3    # (spots are kept
                         and abs(state.balls[2][1] - T.BILLIARD_SPOT[1]) < 1e-3)   # to 0.1 mm)
        spot_pots = 0
        prefer_centre = False
        note = ""
        if balls[2] is None:
            if red_from_spot and not verdict.foul and verdict.striker_points:
                spot_pots = state.spot_pots + 1
                if state.spot_rule == "limited" and spot_pots >= 2:
                    prefer_centre, spot_pots = True, 0
                    note = " The red, pocketed twice running from its spot, goes on the centre spot."
                    sheet.append(ScoreEvent(me, 0, "the red goes to the centre spot", self.ref("the-spot-stroke")))
            balls[2] = spot_red(balls, prefer_centre)
        scored = verdict.striker_points > 0 and not verdict.foul
        words = "; ".join(w for _, w, _ in verdict.items) or "nothing scored"
        who = self.seat_name(me)
        if scored:
            said = f"{who}: {words}.{note}"
            return replace(state, balls=tuple(balls), scores=tuple(scores), run=state.run + verdict.striker_points,
                           from_hand=False, spot_pots=spot_pots, strokes=state.strokes + 1,
                           sheet=tuple(sheet), said=said)
        nxt = self.seat_name(opp)
        said = f"{who}: {words}.{note} {nxt} to play" + (" from hand." if balls[opp] is None else ".")
        return replace(state, balls=tuple(balls), scores=tuple(scores), run=0, turn=opp, from_hand=False,
                       spot_pots=0, strokes=state.strokes + 1, sheet=tuple(sheet), said=said)

    def outcome(self, state: BilliardsState) -> Outcome | None:
        if not state.over:
            return None
        win = 0 if state.scores[0] >= state.target else 1
        results = (1.0, 0.0) if win == 0 else (0.0, 1.0)
        return Outcome(results, f"{self.seat_name(win)} reaches {state.target}: "
                                f"{state.scores[0]} to {state.scores[1]}",
                       self.ref("the-game"), scores=state.scores)

    # -- the table's hooks (games/cue/game.py) ---------------------------------------------------
    def aim_target(self, view: BilliardsState) -> Pos | None:
        return view.balls[2]            # the red

    def score_text(self, view: BilliardsState, seat: int) -> str:
        run = f"   break {view.run}" if seat == view.turn and view.run else ""
        return f"{view.scores[seat]}{run}"

    def board_note(self, view: BilliardsState) -> str:
        return f"Game: {view.target} up"

    def status_parts(self, view: BilliardsState) -> list[str]:
        return [f"{self.seat_name(0)} {view.scores[0]}", f"{self.seat_name(1)} {view.scores[1]}",
                f"{view.target} up"]


GAME = BilliardsGame()
