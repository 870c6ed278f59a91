"""Bagatelle, the common game, as the period played it (the 1909 *Hoyle*'s chapter is among the
seeds as a heading only; the rules are the standard ones of the period's handbooks, in our own
words on ``resources/rules/bagatelle.md``, with our decisions).

One to six players take the board in turn, each for a **round**: the black is set on its spot,
and the player strikes the eight other balls (four white and four red) one after another from
the spot behind the baulk line, up the board.  Each stroke is simulated on the board
(``physics.simulate`` with ``bagatelle_board.BagatelleBoard``): a ball that passes slowly enough
over an empty cup drops into it and stays.  Until the black has been struck, a ball that fails to
touch it is dead; a ball that comes back over the baulk line, or is left behind it, is dead.  When
the eighth ball has stopped the cups are read: each cup holding a ball scores its number, the black
twice its number.  The highest aggregate after the agreed rounds wins.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

from ...core.errors import IllegalAction, NotationError, excerpt
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from . import bagatelle_board as B
from . import strokes as K
from .game import STYLES, BallStyle, CueGame
from .physics import ShotResult, Stroke, simulate
from .strokes import Strike, StrokeSpace

# The eight balls a player strikes in a round, in the order he takes them up, and the black.
PLAY_ORDER = ("w1", "r1", "w2", "r2", "w3", "r3", "w4", "r4")
BLACK = "black"
NAMES = (BLACK, *PLAY_ORDER)
FORFEIT = 5           # Sans Égal: the points a player who misses the black gives his opponent
BLACK_STYLE = BallStyle((58, 56, 60))      # ebony: dark, yet lit like a ball, not a hole
Pos = tuple[float, float]
Ball = tuple[str, float, float]       # a ball lying on the cloth: name, x, y


def colour(ball: str) -> str:
    return {"w": "white", "r": "red"}.get(ball[0], "black")


def ball_words(ball: str) -> str:
    return f"the {colour(ball)}"


def cup_words(number: int) -> str:
    return f"the {number}"


def cups_value(cups: Sequence[str]) -> int:
    """What the cups are worth as they are: each filled cup its number, the black's twice."""
    return sum((2 if ball == BLACK else 1) * (n + 1) for n, ball in enumerate(cups) if ball)


class UpStrokes(Sequence[Strike]):
    """Every stroke that sends the ball up the board (within 90° of straight up, either way):
    the strokes of ``StrokeSpace`` from 270.01° round to 89.99°, a run of its order (which is by
    angle), so that it is as lazy as that."""

    lazy = True
    _ALL = StrokeSpace()
    _PER_ANGLE = K.POWERS * K.TIPS * K.TIPS
    _START = 27001 * _PER_ANGLE
    _SIZE = 17999 * _PER_ANGLE

    def __len__(self) -> int:
        return self._SIZE

    @overload
    def __getitem__(self, i: int) -> Strike: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Strike]: ...

    def __getitem__(self, i: int | slice) -> Strike | Sequence[Strike]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._SIZE))]
        if i < 0:
            i += self._SIZE
        if not 0 <= i < self._SIZE:
            raise IndexError(i)
        return self._ALL[(self._START + i) % len(self._ALL)]

    def __contains__(self, action: object) -> bool:
        return action in self._ALL and up_the_board(action.stroke)      # type: ignore[attr-defined]

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        if action not in self:
            raise ValueError(action)
        return (self._ALL.index(action) - self._START) % len(self._ALL)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UpStrokes)

    def __hash__(self) -> int:
        return hash(UpStrokes)

    def __repr__(self) -> str:
        return "UpStrokes()"


def up_the_board(stroke: Stroke) -> bool:
    return stroke.angle > 27000 or stroke.angle < 9000


@dataclass(frozen=True, slots=True)
class BagatelleState:
    seats: int
    rounds: int                                 # rounds each player plays
    board: tuple[Ball, ...]                     # the balls lying on the cloth
    cups: tuple[str, ...] = ("",) * 9           # the ball in each cup, 1 to 9 ("" empty)
    round_index: int = 0                        # rounds played so far, all players together
    next_ball: int = 0                          # the ball of PLAY_ORDER to strike next
    black_struck: bool = False
    dead: tuple[str, ...] = ()                  # taken up this round
    scores: tuple[int, ...] = ()
    strokes: int = 0
    sheet: tuple[ScoreEvent, ...] = ()
    said: str = ""
    variant: str = "common"                     # or "sans_egal": two players, a ball each in turn
    black_by: Seat = -1                         # Sans Égal: whose stroke put the black in a cup

    @property
    def over(self) -> bool:
        # (at Sans Égal a round is both players': each leads ``rounds`` of them in turn)
        return self.round_index >= self.seats * self.rounds

    @property
    def sans_egal(self) -> bool:
        return self.variant == "sans_egal"

    @property
    def leader(self) -> Seat:
        """Who plays the round (the common game), or leads it with the whites (Sans Égal)."""
        return self.round_index % self.seats

    @property
    def turn(self) -> Seat:
        if self.sans_egal:
            return (self.leader + self.next_ball) % 2
        return self.leader

    def owner(self, ball: str) -> Seat:
        """Whose score a ball in a cup goes to at the end of the round (the black aside)."""
        if self.sans_egal:
            return self.leader if ball.startswith("w") else 1 - self.leader
        return self.leader

    def pending(self, seat: Seat) -> int:
        """What the cups hold for ``seat`` as they are (scored at the end of the round)."""
        total = 0
        for n, ball in enumerate(self.cups):
            if ball == BLACK:
                total += 2 * (n + 1) if (self.black_by if self.sans_egal else self.leader) == seat else 0
            elif ball:
                total += n + 1 if self.owner(ball) == seat else 0
        return total

    @property
    def round_number(self) -> int:
        """The round now being played (the common game: 1 for the first round of every player;
        Sans Égal: each round is both players', counted one by one)."""
        return self.round_index + 1 if self.sans_egal else self.round_index // self.seats + 1

    @property
    def round_count(self) -> int:
        return self.seats * self.rounds if self.sans_egal else self.rounds

    def striker(self) -> str:
        return PLAY_ORDER[self.next_ball]

    def to_strike(self) -> tuple[str, ...]:
        """The balls still to be struck this round (the first of them on its spot)."""
        return PLAY_ORDER[self.next_ball:]

    # -- what the cue table and the computer ask of a game of the cue (games/cue/game.py) ------
    @property
    def names(self) -> tuple[str, ...]:
        return NAMES

    @property
    def balls(self) -> tuple[Pos | None, ...]:
        """Where each ball of ``names`` lies on the cloth (the one to strike on its spot); ``None``
        for a ball in a cup, dead, or still to come."""
        lying = {name: (x, y) for name, x, y in self.on_table()}
        return tuple(lying.get(name) for name in NAMES)

    def cue_ball(self) -> str:
        return self.striker()

    def in_hand(self) -> bool:
        return False        # never placed: every ball is struck from the spot

    def on_table(self) -> list[Ball]:
        """The balls on the cloth with the next to be struck on its spot behind the baulk line."""
        return [*self.board, (self.striker(), *B.BAULK_SPOT)]

    def filled(self) -> frozenset[int]:
        return frozenset(n + 1 for n, ball in enumerate(self.cups) if ball)

    def in_cups(self) -> int:
        """What the cups are worth, all of them (the common game's player's, at the end)."""
        return cups_value(self.cups)


def fresh_round() -> tuple[Ball, ...]:
    return ((BLACK, round(B.BLACK_SPOT[0], 4), round(B.BLACK_SPOT[1], 4)),)


@dataclass(frozen=True, slots=True)
class Verdict:
    """What became of the balls in one stroke."""

    board: tuple[Ball, ...]
    cups: tuple[str, ...]
    dead: tuple[tuple[str, str], ...]           # (ball, why: "missed", "baulk")
    lodged: tuple[tuple[str, int], ...]         # (ball, cup number), in the order they dropped
    black_struck: bool


def judge(state: BagatelleState, shot: ShotResult) -> Verdict:
    """Where the balls are after a simulated stroke, by the laws: the black struck first, dead
    balls taken up, the cups as filled."""
    striker = state.striker()
    touched = state.black_struck or any(
        e.kind == "ball" and {e.ball, e.other} == {striker, BLACK} for e in shot.events)
    cups = list(state.cups)
    dead: list[tuple[str, str]] = []
    lodged: list[tuple[str, int]] = []
    for event in shot.events:
        if event.kind != "pocket":
            continue
        if event.other in B.CUP_BY_NAME:
            number = B.CUP_BY_NAME[event.other].number
            cups[number - 1] = event.ball
            lodged.append((event.ball, number))
        else:
            dead.append((event.ball, "baulk"))
    board: list[Ball] = []
    for name, _, _ in state.on_table():
        pos = shot.final.get(name)
        if pos is None:
            continue
        if B.behind_baulk(pos[0]):
            dead.append((name, "baulk"))       # left behind the line: it never came into play
        else:
            board.append((name, pos[0], pos[1]))
    if not touched:
        # the striker missed the black: dead wherever it went, and the black stays as it lay
        dead = [(b, why) for b, why in dead if b != striker] + [(striker, "missed")]
        board = [b for b in board if b[0] != striker]
        cups = [("" if ball == striker else ball) for ball in cups]
        lodged = [(b, n) for b, n in lodged if b != striker]
    return Verdict(tuple(board), tuple(cups), tuple(dead), tuple(lodged), touched)


class BagatelleGame(CueGame, Game[BagatelleState, Strike, BagatelleState]):
    info = BY_ID["bagatelle"]
    table_kind = TableKind.BAGATELLE
    physics_model = 2         # the simulation its records are made with (physics.MODEL): kept so they replay
    option_specs = (
        OptionSpec("players", 2, (2, 1, 3, 4, 5, 6), "Players",
                   help="How many take the board in turn (one alone plays for a score)"),
        OptionSpec("rounds", 3, (3, 1, 5), "Rounds",
                   help="The rounds each player plays (leads, at Sans Égal); the highest aggregate wins",
                   labels=("Three rounds", "One round", "Five rounds")),
        OptionSpec("game", "common", ("common", "sans_egal"), "Game",
                   help="The common game, or Sans Égal: two players, the whites against the reds, a ball each in turn",
                   labels=("The common game", "Sans Égal")),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def seat_count(self, state: BagatelleState) -> int:
        return state.seats

    def seat_name(self, seat: Seat) -> str:
        return f"Player {seat + 1}"

    def initial_state(self, options: Options | None = None) -> BagatelleState:
        opts = self.resolve_options(options)
        n = opts["players"]
        if opts["game"] == "sans_egal":
            if n != 2:
                raise NotationError(f"Sans Égal is a game for two players, not {n}")
            return BagatelleState(seats=2, rounds=opts["rounds"], board=fresh_round(), scores=(0, 0),
                                  variant="sans_egal",
                                  said=f"The black is on its spot; {self.seat_name(0)} leads with the whites, "
                                       f"{self.seat_name(1)} has the reds.")
        return BagatelleState(seats=n, rounds=opts["rounds"], board=fresh_round(), scores=(0,) * n,
                              said=f"The black is on its spot; {self.seat_name(0)} plays the first round.")

    def to_move(self, state: BagatelleState) -> Seat | Special:
        return Special.TERMINAL if state.over else state.turn

    def legal_actions(self, state: BagatelleState, seat: Seat) -> Sequence[Strike]:
        if state.over or seat != state.turn:
            return ()
        return UpStrokes()

    def board_for(self, state: BagatelleState) -> B.BagatelleBoard:
        return B.BagatelleBoard(filled=state.filled())

    def simulate_stroke(self, state: BagatelleState, stroke: Stroke, record: bool = False) -> ShotResult:
        return simulate(state.on_table(), state.striker(), stroke, record=record, model=self.physics_model,
                        board=self.board_for(state))

    def shot(self, state: BagatelleState, action: Strike, record: bool = True) -> ShotResult:
        """The simulated stroke (with the balls' paths for the table's animation)."""
        return self.simulate_stroke(state, action.stroke, record)

    def apply(self, state: BagatelleState, action: Strike) -> BagatelleState:
        if state.over:
            raise IllegalAction("the game is over", self.ref("the-game"))
        if isinstance(action, K.Place):
            raise IllegalAction("every ball is struck from the spot behind the baulk line: it is not placed",
                                self.ref("the-stroke"))
        if not isinstance(action, Strike):
            raise IllegalAction(f"not an action of Bagatelle: {excerpt(action)}", self.ref("a-round"))
        if action not in StrokeSpace():
            raise IllegalAction("a stroke's angle runs from 0.00 to 359.99, its strength from 1 to 100 and "
                                "the tip from -2 to 2 each way", self.ref("the-stroke"))
        if not up_the_board(action.stroke):
            raise IllegalAction("the ball is played up the board, within a right angle of straight up "
                                "(0.00 to 89.99, or 270.01 to 359.99)", self.ref("the-stroke"))
        return self.after(state, self.shot(state, action, record=False))

    def after(self, state: BagatelleState, shot: ShotResult) -> BagatelleState:
        verdict = judge(state, shot)
        striker = state.striker()
        words = self._words(state, verdict, striker)
        scores, sheet, black_by = list(state.scores), list(state.sheet), state.black_by
        if state.sans_egal:
            if any(ball == BLACK for ball, _ in verdict.lodged):
                black_by = state.turn          # the black counts double to the striker who holed it
            if any(why == "missed" for _, why in verdict.dead):
                other = 1 - state.turn
                scores[other] += FORFEIT
                why = f"{self.seat_name(state.turn)} missed the black: {FORFEIT} to {self.seat_name(other)}"
                sheet.append(ScoreEvent(other, FORFEIT, why, self.ref("the-french-game")))
                words += f" {self.seat_name(other)} scores {FORFEIT}."
        nxt = replace(state, board=verdict.board, cups=verdict.cups, next_ball=state.next_ball + 1,
                      black_struck=verdict.black_struck, strokes=state.strokes + 1,
                      dead=state.dead + tuple(b for b, _ in verdict.dead), said=words,
                      scores=tuple(scores), sheet=tuple(sheet), black_by=black_by)
        if state.sans_egal:
            held = ", ".join(f"{self.seat_name(s)} {nxt.pending(s)}" for s in (0, 1))
            nxt = replace(nxt, said=f"{words} In the cups: {held}.")
        else:
            nxt = replace(nxt, said=f"{words} In the cups: {nxt.in_cups()}.")
        if nxt.next_ball < len(PLAY_ORDER):
            return nxt
        return self.end_round(nxt)

    def _words(self, state: BagatelleState, verdict: Verdict, striker: str) -> str:
        parts: list[str] = []
        for ball, number in verdict.lodged:
            parts.append(f"{ball_words(ball)} drops into {cup_words(number)}")
        for ball, why in verdict.dead:
            if why == "missed":
                parts.append(f"{ball_words(ball)} missed the black: dead")
            else:
                parts.append(f"{ball_words(ball)} is behind the baulk line: dead")
        if not parts:
            parts.append(f"{ball_words(striker)} lies on the cloth" if any(b[0] == striker for b in verdict.board)
                         else f"{ball_words(striker)} is played")
        text = "; ".join(parts)
        return text[0].upper() + text[1:] + "."

    def end_round(self, state: BagatelleState) -> BagatelleState:
        """Read the cups, score them (to the player of the round; at Sans Égal each ball to its
        owner and the black to whoever holed it), and set the board for the next round."""
        sheet = list(state.sheet)
        scores = list(state.scores)
        for n, ball in enumerate(state.cups):
            if not ball:
                continue
            if ball == BLACK:
                seat = state.black_by if state.sans_egal and state.black_by >= 0 else state.leader
                points, words = 2 * (n + 1), f"the black in the {n + 1}, counting double"
                anchor = "the-black-counts-double"
            else:
                seat = state.owner(ball)
                points, words = n + 1, f"{ball_words(ball)} in the {n + 1}"
                anchor = "the-french-game" if state.sans_egal else "scoring"
            scores[seat] += points
            sheet.append(ScoreEvent(seat, points, words, self.ref(anchor)))
        seats = range(state.seats) if state.sans_egal else (state.leader,)
        said = " ".join(f"{self.seat_name(s)} scores {state.pending(s)} in round {state.round_number}."
                        for s in seats)
        done = replace(state, board=fresh_round(), cups=("",) * 9, round_index=state.round_index + 1,
                       next_ball=0, black_struck=False, dead=(), scores=tuple(scores), sheet=tuple(sheet),
                       black_by=-1)
        if not done.over:
            said += (f" {self.seat_name(done.leader)} leads round {done.round_number} with the whites."
                     if done.sans_egal else f" {self.seat_name(done.turn)} plays round {done.round_number}.")
        return replace(done, said=state.said + " " + said)

    def outcome(self, state: BagatelleState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = [s for s, v in enumerate(state.scores) if v == best]
        share = 1.0 if len(winners) == 1 else 0.5
        results = tuple(share if s in winners else 0.0 for s in range(state.seats))
        table = " to ".join(str(v) for v in state.scores)
        if state.seats == 1:
            reason = f"{state.scores[0]} in {state.rounds} round{'s' if state.rounds > 1 else ''}"
        elif len(winners) == 1:
            reason = f"{self.seat_name(winners[0])} has the highest aggregate: {table}"
        else:
            reason = f"a tie on {best}: {table}"
        return Outcome(results, reason, self.ref("the-game"), scores=state.scores)

    def action_from_str(self, state: BagatelleState, text: str) -> Strike:
        action = K.action_from_str(text)
        if not isinstance(action, Strike):
            raise NotationError(f"Bagatelle has strokes only ('strike 0.00 p30'): {excerpt(text)}")
        return action

    # -- the table's hooks (games/cue/game.py) ---------------------------------------------------
    def ball_style(self, name: str) -> BallStyle:
        if name == BLACK:
            return BLACK_STYLE
        return STYLES["white" if name.startswith("w") else "red"]

    def aim_target(self, view: BagatelleState) -> Pos | None:
        """The black while it has not been struck, else straight up the board at the 9."""
        if not view.black_struck:
            for name, x, y in view.board:
                if name == BLACK:
                    return (x, y)
        return (B.ARC_X, B.CENTRE_Y)

    def score_text(self, view: BagatelleState, seat: int) -> str:
        if view.over:
            return str(view.scores[seat])
        if view.sans_egal:
            colours = "whites" if seat == view.leader else "reds"
            return f"{view.scores[seat]}   ({colours}) in the cups {view.pending(seat)}"
        now = f"   in the cups {view.pending(seat)}" if seat == view.turn else ""
        return f"{view.scores[seat]}{now}"

    def board_note(self, view: BagatelleState) -> str:
        if view.over:
            return f"{view.rounds} round{'s' if view.rounds > 1 else ''} each: the game is over"
        return f"Round {view.round_number} of {view.round_count}, ball {view.next_ball + 1} of 8"

    def status_parts(self, view: BagatelleState) -> list[str]:
        return [*(f"{self.seat_name(s)} {view.scores[s]}" for s in range(view.seats)),
                f"round {min(view.round_number, view.round_count)} of {view.round_count}"]

    def rules_section(self, state: BagatelleState) -> str | None:
        if state.over:
            return self.page_section("the-game")
        if not state.black_struck:
            return self.page_section("the-black-ball-first")
        return self.page_section("a-round")


GAME = BagatelleGame()
