"""Snooker Pool (compendium/games/cue/snooker_pool.py): the set-up, a red then a colour, the
colours spotted and then taken in order, the penalties and the end, each from a set-up position
(or a stroke's events written out), with the law it cites."""
from __future__ import annotations

import itertools
import math

from compendium.core.game import Special
from compendium.games.cue import table as T
from compendium.games.cue.physics import Event, ShotResult, Stroke
from compendium.games.cue.snooker_pool import (
    COLOURS,
    GAME,
    NAMES,
    REDS,
    SPOTS,
    SnookerState,
    judge,
    spot_colour,
    triangle,
)
from compendium.games.cue.strokes import Place, Strike
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal

ON_SPOTS = {c: SPOTS[c] for c in COLOURS}
POT = (33519, 20)            # from (2.9, 0.5), the ball at (3.3, 0.3) into the top right pocket


def position(place, **kw) -> SnookerState:
    balls = [None] * len(NAMES)
    for name, p in place.items():
        balls[NAMES.index(name)] = p
    kw.setdefault("scores", (0, 0))
    return SnookerState(balls=tuple(balls), **kw)


def strike(state, angle, power) -> SnookerState:
    return GAME.apply(state, Strike(Stroke(angle, power)))


def new_sheet(before, after):
    return [(e.seat, e.points, e.rule) for e in after.sheet[len(before.sheet):]]


def events(first=None, pocketed=()) -> ShotResult:
    """A stroke's events written out: the white strikes ``first``, then ``pocketed`` drop."""
    evs = [Event(0.1, "ball", "white", first)] if first else []
    evs += [Event(0.5 + k, "pocket", name, "top right") for k, name in enumerate(pocketed)]
    return ShotResult(final={}, events=tuple(evs), duration=2.0)


def test_the_balls_are_set_up_by_the_rules():
    state = GAME.initial_state()
    assert state.in_hand() and state.on == "red" and state.scores == (0, 0)
    assert state.reds_left() == 15 and state.colours_on_table() == list(COLOURS)
    on = [p for p in state.balls if p is not None]
    for a, b in itertools.combinations(on, 2):               # no two balls overlap
        assert math.dist(a, b) >= 2 * T.BALL_RADIUS
    reds = triangle()
    pink = state.position("pink")
    assert min(r[0] for r in reds) > pink[0]                 # the triangle above the pink ...
    assert min(math.dist(r, pink) for r in reds) < 2 * T.BALL_RADIUS + 0.001   # ... close to it
    assert max(r[0] for r in reds) < state.position("black")[0]
    assert state.position("yellow")[1] < T.CENTRE_Y < state.position("green")[1]   # right, left
    assert state.position("brown") == (round(T.BAULK_X, 4), round(T.CENTRE_Y, 4))
    assert GAME.initial_state({"players": 4}).scores == (0, 0, 0, 0)


def test_legal_actions():
    """Five legal actions, each played."""
    start = GAME.initial_state()
    for place in (Place(650, 934), Place(500, 934), Place(700, 800)):
        assert place in GAME.legal_actions(start, 0)
        assert GAME.apply(start, place).balls[0] == place.metres
    placed = GAME.apply(start, Place(650, 900))
    for stroke in (Stroke(0, 60), Stroke(100, 100, 2, 0), Stroke(35900, 30, -2, 1)):
        assert Strike(stroke) in GAME.legal_actions(placed, 0)
        assert GAME.apply(placed, Strike(stroke)).strokes == 1


def test_illegal_actions_name_their_law():
    start = GAME.initial_state()
    placed = GAME.apply(start, Place(650, 900))
    over = position({"white": (1.0, 0.9)}, finished=True)
    cases = [
        (start, Strike(Stroke(0, 50)), "playing-from-hand"),        # strike before placing
        (start, Place(800, 934), "playing-from-hand"),              # beyond the baulk line
        (start, Place(700, 300), "playing-from-hand"),              # outside the half circle
        (start, Place(737, 934), "playing-from-hand"),              # on the brown
        (placed, Place(600, 934), "a-turn"),                        # the white is on the table
        (placed, Strike(Stroke(36000, 50)), "the-stroke"),
        (placed, Strike(Stroke(100, 101)), "the-stroke"),
        (placed, Stroke(0, 50), "a-turn"),
        (over, Strike(Stroke(0, 40)), "the-end-of-the-game"),
    ]
    for state, action, anchor in cases:
        refused = refusal(GAME, state, action)
        assert refused.rule == f"snooker_pool#{anchor}", (action, refused.rule)


def test_every_law_cited_is_a_heading_of_the_page():
    anchors = rulesdoc.anchors((rules_dir() / "snooker_pool.md").read_text(encoding="utf-8"))
    for anchor in ("playing-from-hand", "a-turn", "the-stroke", "red-then-colour", "the-reds", "the-colours",
                   "the-colours-in-order", "penalties", "the-end-of-the-game", "scoring",
                   "sources-and-decisions", "on-the-table"):
        assert anchor in anchors, anchor


def test_a_red_scores_one_and_puts_a_colour_on():
    state = position({"white": (2.9, 0.5), "r1": (3.3, 0.3), **ON_SPOTS})
    after = strike(state, *POT)
    assert after.scores == (1, 0) and after.turn == 0 and after.on == "colour" and after.run == 1
    assert after.position("r1") is None                     # a red is never put back
    assert new_sheet(state, after) == [(0, 1, "snooker_pool#the-reds")]


def test_the_colour_after_a_red_scores_its_value_and_is_spotted_again():
    state = position({"white": (2.9, 0.5), "r1": (1.0, 1.5), **ON_SPOTS, "black": (3.3, 0.3)}, on="colour")
    after = strike(state, *POT)
    assert after.scores == (7, 0) and after.on == "red" and after.turn == 0
    assert after.position("black") == SPOTS["black"]
    assert new_sheet(state, after) == [(0, 7, "snooker_pool#the-colours")]


def test_striking_a_colour_first_with_a_red_on_forfeits_its_value():
    state = position({"white": (2.9, 0.5), "r1": (1.0, 1.5), **ON_SPOTS, "pink": (3.3, 0.3)})
    after = strike(state, *POT)
    assert after.scores == (0, 6) and after.turn == 1 and after.on == "red" and after.run == 0
    assert after.position("pink") == SPOTS["pink"]           # pocketed by a foul: back on its spot
    assert new_sheet(state, after) == [(1, 6, "snooker_pool#penalties")]


def test_a_miss_forfeits_the_value_of_the_ball_on():
    balls = {"white": (2.9, 0.5), "r1": (1.0, 1.5), **ON_SPOTS}
    on_red = strike(position(balls), 9000, 10)
    assert on_red.scores == (0, 1) and "miss" in on_red.said
    on_colour = strike(position(balls, on="colour"), 9000, 10)
    assert on_colour.scores == (0, 2)                        # the lowest colour: the least penalty
    assert on_colour.on == "red"
    on_blue = strike(position({"white": (2.9, 0.5), "blue": SPOTS["blue"], "pink": SPOTS["pink"],
                               "black": SPOTS["black"]}, on="blue"), 9000, 10)
    assert on_blue.scores == (0, 5) and on_blue.on == "blue"


def test_in_off_is_a_foul_and_the_next_player_plays_from_hand():
    state = position({"white": (2.6, 0.6), "r1": (3.2, 0.35), **ON_SPOTS})
    after = strike(state, 34085, 70)
    assert after.scores == (0, 1) and after.turn == 1 and after.in_hand()
    assert new_sheet(state, after) == [(1, 1, "snooker_pool#penalties")]


def test_a_penalty_is_paid_to_each_other_player():
    state = position({"white": (2.9, 0.5), "r1": (1.0, 1.5), **ON_SPOTS, "pink": (3.3, 0.3)},
                     scores=(0, 0, 0), turn=1)
    after = strike(state, *POT)
    assert after.scores == (6, 0, 6) and after.turn == 2
    assert new_sheet(state, after) == [(0, 6, "snooker_pool#penalties"), (2, 6, "snooker_pool#penalties")]


def test_one_penalty_a_stroke_the_highest_of_its_faults():
    state = position({"white": (2.0, 0.9), "r1": (1.0, 1.5), **ON_SPOTS})
    verdict = judge(state, events("pink", ("pink", "white")))
    assert verdict.penalty == 6 and verdict.points == 0 and len(verdict.items) == 3
    # a colour pocketed together with a red, a red on: a ball not on pocketed
    verdict = judge(state, events("r1", ("r1", "black")))
    assert verdict.penalty == 7 and verdict.points == 0
    # on a colour, the white striking a red first: the red's 1 or the lowest colour's 2
    verdict = judge(replace_on(state, "colour"), events("r1"))
    assert verdict.penalty == 2
    # several reds in one stroke each score
    two = position({"white": (2.0, 0.9), "r1": (1.0, 1.5), "r2": (1.2, 1.5), **ON_SPOTS})
    verdict = judge(two, events("r1", ("r1", "r2")))
    assert verdict.points == 2 and verdict.penalty == 0


def replace_on(state: SnookerState, on: str) -> SnookerState:
    return SnookerState(balls=state.balls, scores=state.scores, turn=state.turn, on=on)


def test_after_the_last_red_the_colours_are_taken_in_order_and_stay_down():
    state = position({"white": (2.9, 0.5), **ON_SPOTS, "yellow": (3.3, 0.3)}, on="yellow")
    after = strike(state, *POT)
    assert after.scores == (2, 0) and after.on == "green" and after.position("yellow") is None
    # the colour after the last red goes back, and the yellow is on
    last = position({"white": (2.9, 0.5), **ON_SPOTS, "black": (3.3, 0.3)}, on="colour")
    after = strike(last, *POT)
    assert after.scores == (7, 0) and after.on == "yellow" and after.position("black") == SPOTS["black"]
    # a turn that ends with a colour on and no red left: the next player is on the yellow
    missed = strike(last, 9000, 10)
    assert missed.on == "yellow" and missed.turn == 1
    # a ball not on struck first in the end game: the higher value
    wrong = position({"white": (2.9, 0.5), **ON_SPOTS, "pink": (3.3, 0.3)}, on="green")
    assert strike(wrong, *POT).scores == (0, 6)


def test_the_game_ends_with_the_black_or_a_foul_on_it_alone():
    state = position({"white": (2.9, 0.5), "black": (3.3, 0.3)}, on="black", scores=(30, 34))
    after = strike(state, *POT)
    assert after.over and GAME.to_move(after) is Special.TERMINAL
    outcome = GAME.outcome(after)
    assert after.scores == (37, 34) and outcome.results == (1.0, 0.0)
    assert outcome.rule == "snooker_pool#the-end-of-the-game"
    missed = strike(state, 9000, 10)
    assert missed.over and missed.scores == (30, 41) and GAME.outcome(missed).results == (0.0, 1.0)
    tie = strike(position({"white": (2.9, 0.5), "black": (3.3, 0.3)}, on="black", scores=(30, 37)), *POT)
    assert GAME.outcome(tie).results == (0.5, 0.5)


def test_a_colour_whose_spot_is_covered_goes_on_the_nearest_free_spot():
    balls = [None] * len(NAMES)
    balls[NAMES.index("r1")] = SPOTS["black"]                # a red sits on the black's spot
    assert spot_colour("black", balls) == SPOTS["pink"]
    balls[NAMES.index("r2")] = SPOTS["pink"]
    assert spot_colour("black", balls) == SPOTS["blue"]
    for k, spot in enumerate(SPOTS.values()):
        balls[NAMES.index(REDS[k + 2])] = spot
    up = spot_colour("black", balls)                         # every spot covered: up the middle line
    assert up[1] == SPOTS["black"][1] and up[0] > SPOTS["black"][0]


def test_the_show_me_snooker_plays_as_its_captions_say():
    from compendium.reference.worked_examples import load_example
    example = load_example("snooker_pool", "snookered")
    start = example.session_at(0).state
    assert start.on == "red" and start.reds_left() == 3
    for angle in range(-3000, 3001, 50):           # every straight stroke at the reds meets the blue
        shot = GAME.simulate_stroke(start, Stroke(angle % 36000, 20))
        assert shot.first_contact("white") in (None, "blue"), angle
    after = example.session_at(1).state
    assert after.scores == (0, 0) and after.turn == 1 and "nothing pocketed" in after.said
    shot = GAME.simulate_stroke(start, example.session_at(1).steps[-1].action.stroke)
    assert shot.first_contact("white") in REDS
    assert any(e.kind == "cushion" and e.ball == "white" for e in shot.events)
