"""Pyramids, the English pocket game of the period with fifteen reds and one white (the 1909
*Hoyle* names it in its Billiards chapter; its text is not among our seeds, so the laws are the
standard ones of the time, Broadfoot's *Billiards* of 1896 and Foster's *Complete Hoyle* above
all, in our own words on ``resources/rules/pyramids.md``).

Two players use the one white in turn.  The fifteen reds stand in a pyramid, the apex on the
pyramid spot (``game.rack_pyramid``).  A player plays from the D (``place X Y``) at the start and
whenever the white has gone into a pocket, at any ball, in baulk or not; otherwise from where the
white lies.  Every stroke is simulated (``physics.simulate``, model 2) and judged by ``judge``:

* each red pocketed by a fair stroke is one ball to the striker, and he plays again;
* a miss, or the white going into a pocket (a losing hazard, even when reds went down with it),
  costs the striker a ball: one is taken from his score and put up on the pyramid spot
  (``game.put_up``), and any reds taken by that stroke are put up too; with none to give he
  *owes* one (his score below nought), and his next winning hazards are put back up, not
  scored, until the debt is paid;
* with only the white and one red on the table (both players then at seven) the game becomes
  *single pool*: the striker's ball and the object ball change places at every stroke, the white
  played on the red, then the red on the white, until one of the two is pocketed;
* the first to eight of the fifteen wins.

``PocketGame`` is what Pyramids shares with Shell Out (``shell_out.py``): the state, the
placing and striking with their refusals, and the text of the actions.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Game, Options, Outcome, ScoreEvent, Seat, Special, TableKind
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from .game import CueGame, put_up, pyramid_names, rack_pyramid
from .physics import ShotResult
from .strokes import Place, Strike

Pos = tuple[float, float]
Action = Strike | Place
REDS = pyramid_names(15)
NAMES = ("white", *REDS)
TARGET = 8


@dataclass(frozen=True, slots=True)
class PocketState:
    """A game of the pyramid balls.  ``balls`` in the order of ``NAMES`` (the white, then
    ``r1`` ... ``r15``); ``scores`` the balls each seat has won (below nought: owed, at
    Pyramids); ``cue`` the ball the striker plays with (the white, but for single pool)."""

    seats: int
    balls: tuple[Pos | None, ...]
    turn: Seat = 0
    scores: tuple[int, ...] = (0, 0)
    cue: str = "white"
    from_hand: bool = False
    run: int = 0                       # the balls of the striker's break so far
    strokes: int = 0
    over: bool = False
    sheet: tuple[ScoreEvent, ...] = ()
    said: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES

    def cue_ball(self) -> str:
        return self.cue

    def in_hand(self) -> bool:
        return self.balls[NAMES.index(self.cue)] is None

    def on_table(self) -> list[tuple[str, float, float]]:
        return [(name, p[0], p[1]) for name, p in zip(NAMES, self.balls) if p is not None]

    def reds_on_table(self) -> int:
        return sum(1 for p in self.balls[1:] if p is not None)


@dataclass(frozen=True, slots=True)
class Stroked:
    """What a stroke did, read from the simulation's events in order."""

    struck: str | None                 # the first ball the striker's ball met (None: a miss)
    taken: tuple[str, ...]             # the object balls pocketed
    in_off: bool                       # the striker's ball went into a pocket

    @property
    def foul(self) -> bool:
        return self.struck is None or self.in_off


def read_stroke(cue: str, shot: ShotResult) -> Stroked:
    pocketed = shot.pocketed()
    return Stroked(shot.first_contact(cue), tuple(b for b in pocketed if b != cue), cue in pocketed)


def first_rack() -> tuple[Pos | None, ...]:
    return (None, *rack_pyramid())


class PocketGame(CueGame, Game[PocketState, Action, PocketState]):
    """The play of the pyramid games: placing from the D, striking, the refusals, the text."""

    table_kind = TableKind.CUE
    placed_words = "the white"

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def ball_words(self, view: PocketState) -> str:
        return "the white" if view.cue == "white" else "the red"

    def seat_count(self, state: PocketState) -> int:
        return state.seats

    def to_move(self, state: PocketState) -> Seat | Special:
        return Special.TERMINAL if state.over else state.turn

    def legal_actions(self, state: PocketState, seat: Seat) -> Sequence[Action]:
        if state.over or seat != state.turn:
            return ()
        return self.lazy_actions(state)

    def apply(self, state: PocketState, action: Action) -> PocketState:
        if state.over:
            raise IllegalAction("the game is over", self.ref("the-game"))
        self.check_action(state, action)
        if isinstance(action, Place):
            return replace(state, balls=self.placed(state, action), from_hand=True,
                           said=f"{self.seat_name(state.turn)} places the white in the D.")
        return self.after(state, self.simulate_stroke(state, action.stroke))

    def after(self, state: PocketState, shot: ShotResult) -> PocketState:
        """The state after ``shot``: each game of the pyramid settles it by its own laws (abstract)."""
        raise NotImplementedError(f"{type(self).__name__} must settle a stroke by its own laws")

    def settle(self, state: PocketState, shot: ShotResult) -> list[Pos | None]:
        """The balls where the stroke left them (pocketed ones ``None``)."""
        return [shot.final.get(name) if p is not None else None for name, p in zip(NAMES, state.balls)]



def _balls(n: int) -> str:
    return f"{n} ball" + ("" if n == 1 else "s")


class PyramidsGame(PocketGame):
    info = BY_ID["pyramids"]
    option_specs = ()

    def seat_name(self, seat: Seat) -> str:
        return ("First player", "Second player")[seat]

    def initial_state(self, options: Options | None = None) -> PocketState:
        self.resolve_options(options)
        return PocketState(seats=2, balls=first_rack(), scores=(0, 0),
                           said="The fifteen reds stand in the pyramid; First player plays from the D.")

    def after(self, state: PocketState, shot: ShotResult) -> PocketState:
        me = state.turn
        opp = 1 - me
        who = self.seat_name(me)
        cue = state.cue
        single = cue != "white" or state.reds_on_table() == 1
        what = read_stroke(cue, shot)
        balls = self.settle(state, shot)
        scores = list(state.scores)
        sheet = list(state.sheet)
        words: list[str] = []
        put: list[str] = []                    # the reds to put up
        if what.foul:
            # the balls taken by the stroke go back, and one more is forfeited (or owed)
            put.extend(b for b in what.taken if b != "white")
            if what.in_off and cue != "white":      # single pool: the red the striker played went in
                put.append(cue)
            fault = "a miss" if what.struck is None else "a losing hazard"
            if scores[me] > 0:
                words.append(f"{fault}: a ball lost, and put up on the pyramid spot")
                owner_ball = self._one_pocketed(state, balls, put)
                if owner_ball:
                    put.append(owner_ball)
            else:
                words.append(f"{fault}: a ball owed")
            scores[me] -= 1
            sheet.append(ScoreEvent(me, -1, f"{fault}: a ball lost", self.ref("penalties")))
            if what.taken:
                words.append(f"{_balls(len([b for b in what.taken if b != 'white']))} taken by it put up")
        else:
            for ball in what.taken:           # (at single pool the red played on the white may hole it)
                if scores[me] < 0:
                    scores[me] += 1
                    if ball != "white":
                        put.append(ball)
                    words.append("a ball pocketed pays a debt: put back up")
                    sheet.append(ScoreEvent(me, 0, "a debt paid", self.ref("owing")))
                else:
                    scores[me] += 1
                    sheet.append(ScoreEvent(me, 1, "the last ball, at single pool" if single else "a winning hazard",
                                            self.ref("single-pool" if single else "winning-hazards")))
            if what.taken:
                words.insert(0, f"{_balls(len(what.taken))} pocketed")
        for name in put:
            balls[NAMES.index(name)] = put_up(balls)
        if single and what.taken and not what.foul:
            # single pool is won by holing the other ball: the last red goes with it
            for k in range(1, len(NAMES)):
                balls[k] = None
        scored = not what.foul and bool(what.taken)
        over = max(scores) >= TARGET or (single and scored)
        reds = sum(1 for p in balls[1:] if p is not None)
        nxt_cue = "white"
        turn = me if scored else opp
        if not over and reds == 1 and balls[0] is not None:
            last = next(n for n, p in zip(NAMES[1:], balls[1:]) if p is not None)
            if single and not what.foul and not scored:
                nxt_cue = last if cue == "white" else "white"     # the two balls change places
            elif not single:
                words.append("single pool: the white and the last red")
        text = "; ".join(words) or "nothing"
        if over:
            winner = max(range(2), key=lambda s: scores[s])
            said = f"{who}: {text}. {self.seat_name(winner)} has {scores[winner]}: game."
        elif scored:
            said = f"{who}: {text}."
        else:
            ball = {"white": "the white"}.get(nxt_cue, "the red")
            hand = " from the D" if balls[0] is None else ""
            said = f"{who}: {text}. {self.seat_name(opp)} to play {ball}{hand}."
        return replace(state, balls=tuple(balls), scores=tuple(scores), turn=turn, cue=nxt_cue,
                       from_hand=False, run=state.run + len(what.taken) if scored else 0,
                       strokes=state.strokes + 1, over=over, sheet=tuple(sheet), said=said)

    @staticmethod
    def _one_pocketed(state: PocketState, balls: list[Pos | None], going_up: list[str]) -> str | None:
        """A red off the table to put up for a forfeited ball (the lowest-numbered: which one
        does not matter, they are alike)."""
        for name, p in zip(NAMES[1:], balls[1:]):
            if p is None and name not in going_up:
                return name
        return None

    def outcome(self, state: PocketState) -> Outcome | None:
        if not state.over:
            return None
        win = 0 if state.scores[0] > state.scores[1] else 1
        results = (1.0, 0.0) if win == 0 else (0.0, 1.0)
        return Outcome(results, f"{self.seat_name(win)} takes eight balls: {state.scores[0]} to {state.scores[1]}",
                       self.ref("the-game"), scores=state.scores)

    # -- the table's hooks ---------------------------------------------------------------------
    def score_text(self, view: PocketState, seat: int) -> str:
        s = view.scores[seat]
        text = _balls(s) if s >= 0 else f"owes {_balls(-s)}"
        run = f"   break {view.run}" if seat == view.turn and view.run else ""
        return text + run

    def board_note(self, view: PocketState) -> str:
        single = "   single pool" if view.cue != "white" or view.reds_on_table() == 1 else ""
        return f"Eight balls win · {view.reds_on_table()} reds on the table{single}"

    def status_parts(self, view: PocketState) -> list[str]:
        return [f"{self.seat_name(s)} {view.scores[s]}" for s in range(2)] + [f"{view.reds_on_table()} reds left"]


GAME = PyramidsGame()
