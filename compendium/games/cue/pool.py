"""Pool, the English game of lives, as the period played it (the 1909 *Hoyle* prints the national
rules of Pool; they are not among our seeds, so the laws are the period's standard ones in our own
words on ``resources/rules/pool.md``, with every decision of ours under "Sources and decisions").

Each player has a ball of his own colour and a number of lives (three).  The first player's ball
(white) stands on the billiard spot; the second plays at it from hand, and each after him plays at
the ball of the player who played before him (or, after a life was lost, or when that ball is off
the table, at the ball nearest his own).  Pocketing a ball, after striking the ball played at
first, takes a life from its owner and lets the striker play again at the ball nearest his own; a
miss, striking another ball first, or the striker's own ball in a pocket costs him a life.  A
player with no lives left is dead and his ball is taken up; the first to die may *star* (buy back
in with as many lives as the fewest any other player holds) while two others live.  The last
player alive takes the pool.

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
from .game import BallStyle, CueGame, Pos, put_up
from .physics import ShotResult
from .strokes import Place, Strike


def rounded(p: Pos) -> Pos:
    """A place kept to a tenth of a millimetre, as the simulation gives them."""
    return (round(p[0], 4), round(p[1], 4))


# The order of the colours on the marking board: the order of play.
COLOURS = ("white", "red", "yellow", "green", "brown", "blue", "pink", "black")
# The pool balls' colours as the table draws them (red and white as at Billiards).
BALL_COLOURS: dict[str, tuple[int, int, int]] = {
    "white": (246, 242, 228), "red": (196, 26, 30), "yellow": (236, 196, 40), "green": (28, 120, 60),
    "brown": (120, 72, 36), "blue": (36, 70, 170), "pink": (236, 140, 160), "black": (22, 22, 24),
}
SPOT = rounded(T.BILLIARD_SPOT)
Action = Strike | Place


@dataclass(frozen=True, slots=True)
class PoolState:
    names: tuple[str, ...]                  # each seat's ball: COLOURS[:players]
    balls: tuple[Pos | None, ...]           # None: in hand (or the ball of a dead player)
    lives: tuple[int, ...]
    turn: Seat = 1
    on: Seat = 0                            # the seat whose ball the striker plays at
    star_rule: bool = True
    starred: Seat | None = None             # who has starred (one star a pool)
    first_out: bool = False                 # has anyone yet lost all his lives?
    from_hand: bool = False
    taken: tuple[int, ...] = ()             # lives each player has taken (paid to him)
    strokes: int = 0
    sheet: tuple[ScoreEvent, ...] = ()
    said: str = ""

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return sum(1 for n in self.lives if n > 0) <= 1

    @property
    def scores(self) -> tuple[int, ...]:
        """The lives left: a game of lives keeps no other score."""
        return self.lives

    def alive(self, seat: Seat) -> bool:
        return self.lives[seat] > 0

    def cue_ball(self) -> str:
        return self.names[self.turn]

    def in_hand(self) -> bool:
        return self.balls[self.turn] is None

    def on_table(self) -> list[tuple[str, float, float]]:
        return [(name, p[0], p[1]) for name, p in zip(self.names, self.balls) if p is not None]

    def position(self, name: str) -> Pos | None:
        return self.balls[self.names.index(name)]


def nearest(state_balls: Sequence[Pos | None], lives: Sequence[int], striker: Seat,
            own: Pos | None) -> Seat | None:
    """The live player's ball nearest the striker's (or, his ball in hand, nearest the middle of
    the baulk line); equal distances go to the ball first in the order of colours."""
    origin = own if own is not None else T.BAULK_CENTRE
    best: tuple[float, Seat] | None = None
    for seat, pos in enumerate(state_balls):
        if seat == striker or pos is None or lives[seat] <= 0:
            continue
        d = round(math.dist(origin, pos), 6)
        if best is None or (d, seat) < best:
            best = (d, seat)
    return None if best is None else best[1]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a stroke did: lives taken from others (seat, words), the striker's own life lost
    (words, anchor) or not, and the balls pocketed."""

    taken: tuple[Seat, ...]
    lost: tuple[str, str] | None
    first: str | None


def judge(state: PoolState, shot: ShotResult) -> Verdict:
    """Judge a simulated stroke by the laws."""
    cue = state.cue_ball()
    target = state.names[state.on]
    first = shot.first_contact(cue)
    pocketed = shot.pocketed()
    in_off = cue in pocketed
    if first is None:
        if in_off:
            return Verdict((), (f"{cue.title()} ran a coup (into a pocket, striking no ball)", "losing-a-life"), None)
        return Verdict((), (f"{cue.title()} missed {target}", "losing-a-life"), None)
    if first != target:
        return Verdict((), (f"{cue.title()} struck {first} first, not {target}", "losing-a-life"), first)
    taken = tuple(state.names.index(n) for n in pocketed if n != cue)
    if in_off:
        return Verdict(taken, (f"{cue.title()} went into a pocket off {target}", "losing-a-life"), first)
    return Verdict(taken, None, first)


class PoolGame(CueGame, Game[PoolState, Action, PoolState]):
    info = BY_ID["pool"]
    table_kind = TableKind.CUE
    physics_model = 2         # the simulation its records are made with (physics.MODEL), kept
    option_specs = (
        OptionSpec("players", 3, (3, 2, 4, 5, 6, 7, 8), "Players",
                   help="How many play, each with a ball of his own colour"),
        OptionSpec("lives", 3, (3, 2, 4), "Lives", help="The lives each player starts with",
                   labels=("Three lives", "Two lives", "Four lives")),
        OptionSpec("star", True, (True, False), "Starring",
                   help="Whether the first player out may buy himself back in (a star)",
                   labels=("The first player out stars", "No star")),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def seat_count(self, state: PoolState) -> int:
        return state.players

    def seat_name(self, seat: Seat) -> str:
        return COLOURS[seat].title() if 0 <= seat < len(COLOURS) else f"Player {seat + 1}"

    def initial_state(self, options: Options | None = None) -> PoolState:
        opts = self.resolve_options(options)
        n = opts["players"]
        balls: list[Pos | None] = [None] * n
        balls[0] = SPOT
        return PoolState(names=COLOURS[:n], balls=tuple(balls), lives=(opts["lives"],) * n, turn=1, on=0,
                         star_rule=opts["star"], taken=(0,) * n,
                         said="White is on the billiard spot; Red plays at it from hand.")

    def to_move(self, state: PoolState) -> Seat | Special:
        return Special.TERMINAL if state.over else state.turn

    def legal_actions(self, state: PoolState, seat: Seat) -> Sequence[Action]:
        if state.over or seat != state.turn:
            return ()
        return self.lazy_actions(state)        # type: ignore[no-any-return]

    def apply(self, state: PoolState, action: Action) -> PoolState:
        if state.over:
            raise IllegalAction("the pool is over", self.ref("the-end"))
        self.check_action(state, action)
        if isinstance(action, Place):
            return replace(state, balls=self.placed(state, action), from_hand=True,
                           said=f"{self.seat_name(state.turn)} places his ball in the D.")
        return self.after(state, self.simulate_stroke(state, action.stroke))

    def after(self, state: PoolState, shot: ShotResult) -> PoolState:
        verdict = judge(state, shot)
        me, on = state.turn, state.on
        lives = list(state.lives)
        taken = list(state.taken)
        sheet = list(state.sheet)
        balls: list[Pos | None] = [shot.final.get(name) if p is not None else None
                                   for name, p in zip(state.names, state.balls)]
        words: list[str] = []
        for seat in verdict.taken:
            if lives[seat] <= 0:
                continue
            lives[seat] -= 1
            taken[me] += 1
            text = f"{self.seat_name(me)} takes a life from {self.seat_name(seat)}"
            words.append(text)
            sheet.append(ScoreEvent(me, 1, text, self.ref("taking-a-life")))
        if verdict.lost is not None:
            why, anchor = verdict.lost
            lives[me] -= 1
            taken[on] += 1
            words.append(f"{why}: {self.seat_name(me)} loses a life to {self.seat_name(on)}")
            sheet.append(ScoreEvent(on, 1, f"{why}: a life from {self.seat_name(me)}", self.ref(anchor)))
        starred, first_out = state.starred, state.first_out
        for seat in range(state.players):
            if state.lives[seat] > 0 and lives[seat] <= 0:
                others = [lives[s] for s in range(state.players) if s != seat and lives[s] > 0]
                if state.star_rule and not first_out and len(others) >= 2:
                    lives[seat] = min(others)
                    starred = seat
                    words.append(f"{self.seat_name(seat)} is the first out and stars, with {lives[seat]} "
                                 f"{'life' if lives[seat] == 1 else 'lives'}")
                    sheet.append(ScoreEvent(seat, 0, "stars", self.ref("starring")))
                else:
                    words.append(f"{self.seat_name(seat)} is dead")
                    balls[seat] = None
                first_out = True
        alive = [s for s in range(state.players) if lives[s] > 0]
        said_words = "; ".join(words) or f"{self.seat_name(me)} strikes {state.names[on]}: no life taken"
        base = replace(state, balls=tuple(balls), lives=tuple(lives), taken=tuple(taken), sheet=tuple(sheet),
                       starred=starred, first_out=first_out, from_hand=False, strokes=state.strokes + 1)
        if len(alive) <= 1:
            return replace(base, said=f"{said_words}. {self.seat_name(alive[0])} takes the pool."
                           if alive else f"{said_words}.")
        if verdict.taken and verdict.lost is None and lives[me] > 0:
            # he plays again, at the ball nearest his own; none left on the table: his ball is
            # spotted and the next player goes on
            target = nearest(balls, lives, me, balls[me])
            if target is not None:
                return replace(base, on=target, said=f"{said_words}. {self.seat_name(me)} plays again, "
                                                     f"at {state.names[target]}.")
            others = [p for s, p in enumerate(balls) if s != me]
            balls[me] = put_up(others, SPOT)
            base = replace(base, balls=tuple(balls))
            said_words += f"; no ball is left to play at, and {self.seat_name(me)}'s ball is spotted"
        return self._next_turn(base, me, life_lost=bool(verdict.taken) or verdict.lost is not None,
                               said=said_words)

    def _next_turn(self, state: PoolState, last: Seat, life_lost: bool, said: str) -> PoolState:
        """The turn passes to the next live player in the order of the colours."""
        n = state.players
        nxt = next(s for s in ((last + k) % n for k in range(1, n + 1)) if state.lives[s] > 0)
        balls = list(state.balls)
        prev = last if state.lives[last] > 0 else next(
            s for s in ((nxt - k) % n for k in range(1, n + 1)) if state.lives[s] > 0 and s != nxt)
        note = ""
        if not any(p is not None for s, p in enumerate(balls) if s != nxt and state.lives[s] > 0):
            # no ball to play at: the last player's ball goes on the spot, as at the start
            spot = put_up(balls, SPOT)
            balls[prev] = spot
            note = f" {self.seat_name(prev)}'s ball is spotted."
        if not life_lost and balls[prev] is not None:
            on = prev
        else:
            on = nearest(balls, state.lives, nxt, balls[nxt])    # type: ignore[assignment]
        where = " from hand" if balls[nxt] is None else ""
        return replace(state, balls=tuple(balls), turn=nxt, on=on,
                       said=f"{said}.{note} {self.seat_name(nxt)} plays{where} at {state.names[on]}.")

    def outcome(self, state: PoolState) -> Outcome | None:
        if not state.over:
            return None
        alive = [s for s in range(state.players) if state.lives[s] > 0]
        results = tuple(1.0 if s in alive else 0.0 for s in range(state.players))
        reason = (f"{self.seat_name(alive[0])} is the last alive and takes the pool" if alive
                  else "no player is left alive")
        return Outcome(results, reason, self.ref("the-end"), scores=state.lives)

    def rules_section(self, state: PoolState) -> str | None:
        if state.over:
            return self.page_section("the-end")
        if state.in_hand():
            return self.page_section("playing-from-hand")
        return self.page_section("the-ball-played-at")

    # -- the table's hooks (games/cue/game.py) ---------------------------------------------------
    def ball_style(self, name: str) -> BallStyle:
        return BallStyle(BALL_COLOURS[name])

    def aim_target(self, view: PoolState) -> Pos | None:
        """The aim first points at the ball the striker plays at."""
        return None if view.over else view.balls[view.on]

    def score_text(self, view: PoolState, seat: int) -> str:
        """The marking board: each colour's lives (a dead player struck off, a star marked), and
        the ball the striker plays at."""
        if view.lives[seat] <= 0:
            return "dead"
        marks = "●" * view.lives[seat] + (" ★" if view.starred == seat else "")
        return marks + ("   ◀ played at" if seat == view.on and not view.over else "")

    def status_parts(self, view: PoolState) -> list[str]:
        return [f"{self.seat_name(s)} {view.lives[s]}" for s in range(view.players)]


GAME = PoolGame()
