"""What every game of the cue shares, and what the cue table and the computer ask of a game.

A game of the cue is a ``Game`` that also inherits ``CueGame`` (below).  Its state (and its
view, which at these games hides nothing) offers the table and the computer:

* ``names``: the balls' names, in a fixed order (``"white"``, ``"r1"`` ... ``"r15"`` at
  Pyramids; ``"white"``, ``"spot"``, ``"red"`` at Billiards);
* ``balls``: their places, in the same order, ``(x, y)`` in metres (``table``) or ``None`` for a
  ball off the table (pocketed, or in hand);
* ``turn`` (the seat to strike), ``strokes`` (how many strokes were played: the table animates
  the last stroke when it goes up by one), ``said`` (what the last stroke did, in words);
* ``cue_ball()``: the name of the ball the striker plays with; ``in_hand()``: whether he must
  first place it (``strokes.Place``) in the D (``table.in_d``);
* ``on_table()``: ``[(name, x, y), ...]`` of the balls on the cloth, for ``physics.simulate``.

``CueGame`` gives what is alike at every game of the cue: ``shot(state, strike, record)`` (the
simulated stroke, for the animation), ``simulate_stroke``, the text of the actions, the view (the
table hides nothing), the score sheet (``state.sheet``), ``describe`` and ``rules_section`` (the
page's "the-game", ``hand_anchor`` or "scoring"), the lazy legal actions (``lazy_actions``: never
list them), the refusals of a place or a stroke with their laws (``check_action``) and the balls
after a place (``placed``); and the hooks the table asks: how each ball is drawn
(``ball_style``), the lines of the scoreboard for any number of seats (``score_text``,
``board_note``, ``status_parts``), where the aim first points (``aim_target``), the striker's
ball in the prompts (``ball_words``, ``placed_words``), and the law a refused place of a ball in
hand cites (``hand_anchor``).  The defaults suit a game of one white
and object balls played from the D; a game overrides what differs.

``rack_pyramid`` sets up the fifteen balls of the pyramid games, and ``put_up`` finds where a
ball returned to the table goes.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.errors import IllegalAction, NotationError, excerpt
from . import strokes as K
from . import table as T
from .physics import MODEL, ShotResult, Stroke, simulate

Pos = tuple[float, float]
RGB = tuple[int, int, int]

WHITE: RGB = (246, 242, 228)
RED: RGB = (196, 26, 30)


@dataclass(frozen=True, slots=True)
class BallStyle:
    """How a ball is drawn: its colour, a ``label`` (a number or letter) printed on a small
    white disc when the game needs to tell balls of one colour apart, and ``spot``: the black
    spot of the spot white."""

    colour: RGB
    label: str = ""
    spot: bool = False


STYLES: dict[str, BallStyle] = {
    "white": BallStyle(WHITE), "spot": BallStyle(WHITE, spot=True), "red": BallStyle(RED),
}


def pyramid_names(count: int = 15) -> tuple[str, ...]:
    """The reds of the pyramid games: ``r1`` (the apex) to ``r15``."""
    return tuple(f"r{k}" for k in range(1, count + 1))


def rack_pyramid(apex: Pos = T.PYRAMID_SPOT, rows: int = 5, gap: float = 0.0005) -> tuple[Pos, ...]:
    """The balls of a pyramid of ``rows`` rows, the apex on ``apex`` and the base towards the top
    cushion, row by row from the apex, each row across the table from the right cushion.  The
    balls stand ``gap`` apart (half a millimetre: a frame never packs ivory tighter, and balls
    already touching would meet inside the first step of the simulation), to the tenth of a
    millimetre as every place on the table is kept."""
    d = 2 * T.BALL_RADIUS + gap
    out: list[Pos] = []
    for row in range(rows):
        for j in range(row + 1):
            out.append((round(apex[0] + row * d * math.sqrt(3) / 2, 4), round(apex[1] + (j - row / 2) * d, 4)))
    return tuple(out)


def clear_of(spot: Pos, balls: Sequence[Pos | None]) -> bool:
    """No ball on the table covers ``spot`` (a ball there would touch or overlap one)."""
    touch = 2 * T.BALL_RADIUS
    return all(p is None or (p[0] - spot[0]) ** 2 + (p[1] - spot[1]) ** 2 >= touch * touch for p in balls)


def put_up(balls: Sequence[Pos | None], spot: Pos = T.PYRAMID_SPOT) -> Pos:
    """Where a ball put back on the table goes: on ``spot`` if it is clear, else the nearest
    clear point behind it on the table's long centre line (towards the top cushion), else in
    front of it (towards baulk); the places to the tenth of a millimetre."""
    step = 0.001
    x, y = spot
    for k in range(0, int((T.LENGTH - T.BALL_RADIUS - x) / step) + 1):
        p = (round(x + k * step, 4), round(y, 4))
        if clear_of(p, balls):
            return p
    for k in range(1, int((x - T.BALL_RADIUS) / step) + 1):
        p = (round(x - k * step, 4), round(y, 4))
        if clear_of(p, balls):
            return p
    return (round(x, 4), round(y, 4))          # never met: sixteen balls cannot fill the line


class CueGame:
    """The hooks of a game of the cue for the table and the computer (see the module's
    docstring); a game class inherits it beside ``Game``."""

    hand_anchor = "playing-from-hand"     # the rules page's section on placing a ball in hand
    physics_model = MODEL                 # the version of the simulation (physics.MODEL)

    def model_of(self, state: Any) -> int:
        """The simulation ``state`` is played with: the game's, or the state's own where the game
        lets a record keep an older one (Billiards' ``physics`` option)."""
        model: int = getattr(state, "physics", self.physics_model)
        return model

    def simulate_stroke(self, state: Any, stroke: Stroke, record: bool = False) -> ShotResult:
        """``stroke`` played from ``state`` on the game's own simulation (the computer tries its
        strokes with this, so that it foresees exactly what the game will make of them)."""
        return simulate(state.on_table(), state.cue_ball(), stroke, record=record, model=self.model_of(state))

    def ball_style(self, name: str) -> BallStyle:
        """How ball ``name`` is drawn: the whites and the red by their names; a red of the
        pyramid (``r1`` ...) plain red."""
        if name in STYLES:
            return STYLES[name]
        if name.startswith("r") and name[1:].isdigit():
            return STYLES["red"]
        return BallStyle((128, 128, 128), name[:2])

    placed_words = "his ball"             # what a player places in the D, in the record's words

    # -- the Game protocol, alike at every game of the cue -------------------------------------
    def shot(self, state: Any, action: Any, record: bool = True) -> ShotResult:
        """The simulated stroke of the ``Strike`` ``action`` (with the balls' paths for the
        table's animation)."""
        return simulate(state.on_table(), state.cue_ball(), action.stroke, record=record,
                        model=self.model_of(state))

    def view(self, state: Any, seat: Any) -> Any:
        return state     # the table hides nothing

    def score_events(self, state: Any) -> Any:
        return state.sheet

    def action_to_str(self, action: Any) -> str:
        return K.action_to_str(action)

    def action_from_str(self, state: Any, text: str) -> Any:
        return K.action_from_str(text)

    def describe(self, state: Any, action: Any) -> str:
        if isinstance(action, K.Place):
            return f"{self.seat_name(state.turn)} places {self.placed_words} in the D"    # type: ignore[attr-defined]
        try:
            return str(self.apply(state, action).said)                                  # type: ignore[attr-defined]
        except (IllegalAction, NotationError):
            return self.action_to_str(action)

    def rules_section(self, state: Any) -> str | None:
        page = self.page_section                                                        # type: ignore[attr-defined]
        if state.over:
            return str(page("the-game"))
        if state.in_hand():
            return str(page(self.hand_anchor))
        return str(page("scoring"))

    # -- placing and striking -----------------------------------------------------------------
    def lazy_actions(self, state: Any) -> Any:
        """The striker's actions, never listed: every place of the D clear of the balls when his
        ball is in hand (``PlaceSpace``), else every stroke (``StrokeSpace``)."""
        if state.in_hand():
            return K.PlaceSpace([p for p in state.balls if p is not None])
        return K.StrokeSpace()

    def check_action(self, state: Any, action: Any) -> None:
        """Refuse (``IllegalAction`` citing "a-turn", ``hand_anchor`` or "the-stroke") a place
        while the striker's ball is on the table, a place outside the D or on a ball, a stroke
        while it is in hand, a stroke out of range, and anything else."""
        ref = self.ref                                                                  # type: ignore[attr-defined]
        ball = self.ball_words(state)
        if isinstance(action, K.Place):
            if not state.in_hand():
                raise IllegalAction(f"{ball} is on the table: it is played from where it lies", ref("a-turn"))
            if not isinstance(action.x, int) or not isinstance(action.y, int):
                raise IllegalAction("a place is given in whole millimetres", ref(self.hand_anchor))
            x, y = action.metres
            if not T.in_d(x, y):
                raise IllegalAction(f"{ball} in hand is placed within the D or on its lines", ref(self.hand_anchor))
            if not K.free_of(x, y, [p for p in state.balls if p is not None]):
                raise IllegalAction(f"{ball} cannot be placed on another ball", ref(self.hand_anchor))
            return
        if not isinstance(action, K.Strike):
            raise IllegalAction(f"not an action of {self.info.name}: {excerpt(action)}", ref("a-turn"))  # type: ignore[attr-defined]
        if state.in_hand():
            raise IllegalAction(f"{ball} is in hand: place it in the D first", ref(self.hand_anchor))
        if action not in K.StrokeSpace():
            raise IllegalAction("a stroke's angle runs from 0.00 to 359.99, its strength from 1 to 100 and "
                                "the tip from -2 to 2 each way", ref("the-stroke"))

    def placed(self, state: Any, place: Any) -> tuple[Pos | None, ...]:
        """The balls with the striker's ball put at ``place`` (checked by ``check_action``)."""
        balls = list(state.balls)
        balls[list(state.names).index(state.cue_ball())] = place.metres
        return tuple(balls)

    # -- the table's hooks ---------------------------------------------------------------------
    def ball_words(self, view: Any) -> str:
        """The striker's ball in the table's prompts ("your ball"; "the white" where all share it)."""
        return "your ball"

    def cue_position(self, view: Any) -> Pos | None:
        """Where the striker's ball lies (``None``: in hand)."""
        return dict(zip(view.names, view.balls)).get(view.cue_ball())

    def aim_target(self, view: Any) -> Pos | None:
        """Where the aim points when a stroke is to be played: the nearest object ball."""
        me = self.cue_position(view)
        if me is None:
            return None
        cue = view.cue_ball()
        others = [p for name, p in zip(view.names, view.balls) if p is not None and name != cue]
        return min(others, key=lambda p: (p[0] - me[0]) ** 2 + (p[1] - me[1]) ** 2, default=None)

    def score_text(self, view: Any, seat: int) -> str:
        """The seat's line on the scoreboard, after its name."""
        return str(view.scores[seat])

    def board_note(self, view: Any) -> str:
        """The scoreboard's last line (the game's length)."""
        return ""

    def status_parts(self, view: Any) -> list[str]:
        """The status bar's words: each seat's score."""
        return [f"{self.seat_name(s)} {view.scores[s]}" for s in range(len(view.scores))]   # type: ignore[attr-defined]
