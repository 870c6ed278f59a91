"""Bagatelle (compendium/games/cue/bagatelle.py and bagatelle_board.py): the round, the black
struck first, the cups, dead balls, scoring and the game, each from a set-up position with the
law it cites; and the board's physics (a ball in a cup stays, energy never grows, determinism)."""
from __future__ import annotations

import math
import time

import pytest

from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.games import registry
from compendium.games.cue import bagatelle_board as B
from compendium.games.cue.bagatelle import (
    BLACK,
    GAME,
    PLAY_ORDER,
    BagatelleState,
    UpStrokes,
    cups_value,
    fresh_round,
    judge,
)
from compendium.games.cue.physics import Stroke, simulate
from compendium.games.cue.strokes import Place, Strike, StrokeSpace
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal

EMPTY = ("",) * 9


def cups(**numbers: str) -> tuple[str, ...]:
    """The cups with ``c9="w1"`` and the like filled."""
    out = list(EMPTY)
    for key, ball in numbers.items():
        out[int(key[1:]) - 1] = ball
    return tuple(out)


def after_black(board=(), filled=None, next_ball: int = 1, **kw) -> BagatelleState:
    """A round in which the black has been struck (by default it lies in the 6)."""
    return BagatelleState(seats=kw.pop("seats", 1), rounds=kw.pop("rounds", 1), board=tuple(board),
                          cups=cups(c6=BLACK) if filled is None else filled, next_ball=next_ball,
                          black_struck=True, scores=kw.pop("scores", (0,)), **kw)


def strike(state, angle, power, height=0, side=0) -> BagatelleState:
    return GAME.apply(state, Strike(Stroke(angle, power, height, side)))


def last_rules(before, after):
    return [e.rule for e in after.sheet[len(before.sheet):]]


def test_a_round_opens_with_the_black_on_its_spot_and_eight_balls_to_strike():
    state = GAME.initial_state()
    assert state.board == ((BLACK, round(B.BLACK_SPOT[0], 4), round(B.BLACK_SPOT[1], 4)),)
    assert state.to_strike() == PLAY_ORDER and len(PLAY_ORDER) == 8 and not state.in_hand() and state.cups == EMPTY
    assert GAME.to_move(state) == 0 and GAME.seat_count(state) == 2
    legal = GAME.legal_actions(state, 0)
    assert isinstance(legal, UpStrokes) and legal.lazy
    assert len(legal) == 17999 * 100 * 25          # every angle up the board, strength and tip
    assert Strike(Stroke(0, 30)) in legal and Strike(Stroke(18000, 30)) not in legal
    assert legal[legal.index(Strike(Stroke(100, 40, 1, -1)))] == Strike(Stroke(100, 40, 1, -1))
    assert all(legal[i].stroke.angle > 27000 or legal[i].stroke.angle < 9000 for i in (0, 1, len(legal) - 1))
    assert GAME.legal_actions(state, 1) == ()


def test_the_board_is_drawn_to_the_books_figures():
    assert B.LENGTH == pytest.approx(4 * B.WIDTH)                  # about a quarter as wide as long
    assert B.CUP_RADIUS == B.BALL_RADIUS                            # each cup just the size of a ball
    nine, one, five = B.CUPS[8], B.CUPS[0], B.CUPS[4]
    assert (nine.x, nine.y) == (B.ARC_X, B.CENTRE_Y)                # the 9 in the middle ...
    assert one.y == pytest.approx(B.CENTRE_Y) and one.x < nine.x < five.x   # the 1 nearest the player
    for cup in B.CUPS[:8]:                                          # ... the ring concentric with the end
        assert math.hypot(cup.x - B.ARC_X, cup.y - B.CENTRE_Y) == pytest.approx(B.RING, abs=1e-5)
    assert one.x - B.BLACK_SPOT[0] == pytest.approx(9 * B.INCH)     # the black's spot 9 in short of the 1
    assert B.BAULK_SPOT[0] < B.BAULK_X == pytest.approx(18 * B.INCH)


def test_legal_actions():
    """Five legal strokes, each played: at the black, off a side cushion, follow, screw, side."""
    start = GAME.initial_state()
    for stroke in (Stroke(0, 35), Stroke(2000, 60), Stroke(0, 40, 2, 0), Stroke(35900, 45, -2, 0),
                   Stroke(100, 50, 0, 2), Stroke(27001, 1), Stroke(8999, 100, -2, -2)):
        assert Strike(stroke) in GAME.legal_actions(start, 0)
        after = GAME.apply(start, Strike(stroke))
        assert after.strokes == 1 and after.next_ball == 1 and after.turn == 0


def test_illegal_actions_name_their_law():
    start = GAME.initial_state()
    over = BagatelleState(seats=1, rounds=1, board=fresh_round(), round_index=1, scores=(12,))
    cases = [
        (start, Strike(Stroke(18000, 40)), "the-stroke"),          # back at the player
        (start, Strike(Stroke(9000, 40)), "the-stroke"),           # square across the board
        (start, Strike(Stroke(36000, 40)), "the-stroke"),          # no such angle
        (start, Strike(Stroke(100, 0)), "the-stroke"),             # no strength
        (start, Strike(Stroke(100, 50, 3, 0)), "the-stroke"),      # the tip off the ball
        (start, Place(300, 300), "the-stroke"),                    # a ball is not placed
        (start, 42, "a-round"),                                    # not an action at all
        (over, Strike(Stroke(0, 40)), "the-game"),
    ]
    for state, action, anchor in cases:
        refused = refusal(GAME, state, action)
        assert refused.rule == f"bagatelle#{anchor}", (action, refused.rule)


def test_every_law_cited_is_a_heading_of_the_page():
    anchors = rulesdoc.anchors(registry.rules_markdown("bagatelle"))
    for anchor in ("the-stroke", "a-round", "the-game", "the-black-ball-first", "the-cups", "dead-balls",
                   "the-french-game", "scoring", "the-black-counts-double", "sources-and-decisions"):
        assert anchor in anchors, anchor


def test_the_first_ball_that_strikes_the_black_sends_it_up():
    """The black's spot is in line with the 1: a ball struck straight at it drives it in."""
    start = GAME.initial_state()
    after = strike(start, 0, 35)
    assert after.black_struck and after.cups == cups(c1=BLACK)
    assert after.in_cups() == 2 and "black drops into the 1" in after.said


def test_a_ball_that_misses_the_black_is_dead_even_in_a_cup():
    """Rule: the black first. Aimed past the black, the white drops into the 8 on the board, but
    the black has not been struck: the white is taken up, the 8 is empty, the black unmoved."""
    start = GAME.initial_state()
    shot = GAME.shot(start, Strike(Stroke(500, 40)), record=False)
    assert ("w1", "cup 8") in [(e.ball, e.other) for e in shot.events if e.kind == "pocket"]
    assert shot.first_contact("w1") is None
    after = strike(start, 500, 40)
    assert after.cups == EMPTY and after.dead == ("w1",) and not after.black_struck
    assert after.board == start.board and "missed the black" in after.said
    assert GAME.rules_section(after) == "the-black-ball-first"


def test_a_ball_over_a_cup_drops_only_when_slow_enough():
    """Rule: the cups. Over the middle any speed under about 0.86 m/s sinks; nearer the rim the
    chord is shorter and it must be slower; a ball that stops over a cup drops in."""
    nine = B.CUPS[8]
    assert B.sinks(nine, nine.x, nine.y, 0.8, 0.0) and not B.sinks(nine, nine.x, nine.y, 0.9, 0.0)
    edge = nine.y + 0.8 * B.CUP_RADIUS
    assert not B.sinks(nine, nine.x, edge, 0.6, 0.0) and B.sinks(nine, nine.x, edge, 0.4, 0.0)
    assert B.sinks(nine, nine.x + 0.9 * B.CUP_RADIUS, nine.y, 0.0, 0.0)
    assert not B.sinks(nine, nine.x + 1.01 * B.CUP_RADIUS, nine.y, 0.0, 0.0)


def test_straight_up_the_ball_skims_the_1_and_drops_into_the_9_or_the_5():
    """With the black in the 6, a ball struck straight up: gentle, it drops into the 1; a little
    harder it skims the 1 and sinks in the 9; harder again it skims both and drops into the 5."""
    state = after_black()
    assert strike(state, 0, 45).cups == cups(c1="r1", c6=BLACK)
    nine = strike(state, 0, 51)
    assert nine.cups == cups(c9="r1", c6=BLACK) and nine.in_cups() == 9 + 12
    assert strike(state, 0, 55).cups == cups(c5="r1", c6=BLACK)


def test_a_ball_in_a_cup_stays_there_and_the_cup_takes_no_other():
    """Rule: the cups. The ball in the 9 is still there after later strokes, and a ball sent the
    way that sank the first one now glances off it instead of entering the 9."""
    state = strike(after_black(), 0, 51)
    assert state.cups[8] == "r1"
    shot = GAME.shot(state, Strike(Stroke(0, 51)), record=False)
    assert all(e.other != "cup 9" for e in shot.events if e.kind == "pocket")
    for angle, power in ((0, 51), (300, 45), (35700, 60)):
        state = strike(state, angle, power)
        assert state.cups[8] == "r1"


def test_a_ball_that_comes_back_over_the_baulk_line_is_dead():
    """Rule: dead balls. Struck hard, the ball comes back off the round end and over the line."""
    state = after_black()
    shot = GAME.shot(state, Strike(Stroke(200, 100, 2, 0)), record=False)
    assert [(e.ball, e.other) for e in shot.events if e.kind == "pocket"] == [("r1", "baulk")]
    after = strike(state, 200, 100, 2)
    assert after.dead == ("r1",) and "r1" not in [b[0] for b in after.board]
    assert "behind the baulk line: dead" in after.said


def test_a_ball_too_weak_to_pass_the_baulk_line_is_dead():
    state = after_black()
    after = strike(state, 0, 5)
    assert after.dead == ("r1",) and after.board == () and after.next_ball == 2


def test_a_ball_left_on_the_cloth_lies_there_and_is_struck_at_by_the_next():
    state = after_black()
    after = strike(state, 0, 20)
    (name, x, y), = after.board
    assert name == "r1" and B.BAULK_X < x < B.CUPS[0].x and after.dead == ()
    judged = judge(after, GAME.shot(after, Strike(Stroke(0, 40)), record=False))
    assert judged.black_struck


def test_scoring_at_the_end_of_the_round_the_black_double():
    """Rule: scoring, the black counts double. The eighth ball is played (too weakly to count):
    the cups are read, the white in the 9 scoring 9, the red in the 3 scoring 3 and the black in
    the 8 sixteen; the board is set again for the next player."""
    state = after_black(filled=cups(c9="w1", c3="r1", c8=BLACK), next_ball=7, seats=2, scores=(5, 7))
    assert state.in_cups() == 9 + 3 + 16
    after = strike(state, 0, 5)
    assert after.scores == (5 + 28, 7) and after.turn == 1 and after.round_index == 1
    assert after.board == fresh_round() and after.cups == EMPTY and not after.black_struck
    new = after.sheet[len(state.sheet):]
    assert [(e.seat, e.points, e.rule) for e in new] == [
        (0, 3, "bagatelle#scoring"), (0, 16, "bagatelle#the-black-counts-double"), (0, 9, "bagatelle#scoring")]
    assert "scores 28 in round 1" in after.said


def test_the_most_a_round_can_score():
    assert cups_value(tuple(f"w{n}" for n in range(1, 9)) + (BLACK,)) == 54
    assert cups_value((BLACK,) + tuple(f"w{n}" for n in range(2, 10))) == 46
    assert cups_value(EMPTY) == 0 and cups_value(cups(c9="w1")) == 9
    # the page's worked example: the 9, 7, 6 and 3, and the black in the 8
    assert cups_value(cups(c9="w1", c7="r1", c6="w2", c3="r2", c8=BLACK)) == 41


def test_the_game_is_the_highest_aggregate_after_the_rounds():
    state = BagatelleState(seats=2, rounds=1, board=fresh_round(), scores=(0, 0))
    for _ in range(16):
        state = strike(state, 0, 5)          # every ball dead: nothing scores
    assert GAME.to_move(state) is Special.TERMINAL
    tie = GAME.outcome(state)
    assert tie.results == (0.5, 0.5) and tie.rule == "bagatelle#the-game"
    won = GAME.outcome(BagatelleState(seats=3, rounds=1, board=fresh_round(), round_index=3, scores=(20, 31, 4)))
    assert won.results == (0.0, 1.0, 0.0) and "Player 2" in won.reason
    alone = GAME.outcome(BagatelleState(seats=1, rounds=3, board=fresh_round(), round_index=3, scores=(77,)))
    assert alone.results == (1.0,) and alone.scores == (77,)


def test_options_give_seats_and_rounds():
    state = GAME.initial_state({"players": 4, "rounds": 5})
    assert GAME.seat_count(state) == 4 and state.scores == (0,) * 4 and state.rounds == 5
    with pytest.raises(NotationError):
        GAME.initial_state({"players": 7})


def test_action_text():
    state = GAME.initial_state()
    assert GAME.action_from_str(state, "strike 0.50 p30 high1") == Strike(Stroke(50, 30, 1, 0))
    assert GAME.action_to_str(Strike(Stroke(35950, 7, 0, -2))) == "strike 359.50 p7 left2"
    with pytest.raises(NotationError):
        GAME.action_from_str(state, "place 300 300")
    assert GAME.describe(state, Strike(Stroke(0, 35))).startswith("The black drops into the 1")


# -- the board's physics ------------------------------------------------------------------------
BALLS = [("black", 1.9, 0.25), ("w1", 1.7, 0.4), ("r1", 2.2, 0.35)]


@pytest.mark.parametrize("stroke", [Stroke(0, 30), Stroke(1234, 100, 2, 2), Stroke(34000, 70, -2, -1),
                                    Stroke(500, 55, 1, 2), Stroke(8000, 5)])
def test_energy_never_grows_over_a_shot(stroke):
    board = B.BagatelleBoard(frozenset({9, 2}))
    shot = simulate([*BALLS, ("w2", *B.BAULK_SPOT)], "w2", stroke, energy=True, board=board)
    speed = B.MAX_SPEED * stroke.power / 100
    start = 0.5 * speed ** 2 * (1 + 0.4 * (2.5 * stroke.height * 0.2) ** 2)
    energies = [start, *shot.energy]
    assert len(energies) > 10
    for before, after in zip(energies, energies[1:]):
        assert after <= before * (1 + 1e-9) + 1e-12
    assert energies[-1] == 0.0


def test_the_same_stroke_gives_the_same_shot():
    board = B.BagatelleBoard(frozenset({6}))
    shots = [simulate([*BALLS, ("w2", *B.BAULK_SPOT)], "w2", Stroke(130, 47, 1, -1), board=board, record=True)
             for _ in range(2)]
    assert shots[0] == shots[1]
    state = after_black(board=[("w1", 1.7, 0.4)])
    assert strike(state, 130, 47) == strike(state, 130, 47)


def test_a_filled_cup_is_a_post_the_others_glance_off():
    board = B.BagatelleBoard(frozenset({1}))
    assert board.posts() == ((B.CUPS[0].x, B.CUPS[0].y, B.POST_RADIUS),)
    shot = simulate([("w1", *B.BAULK_SPOT)], "w1", Stroke(0, 45), board=board)
    assert [e.kind for e in shot.events][:1] == ["cushion"]       # it meets the ball in the 1
    assert shot.final["w1"] is None or shot.final["w1"][0] < B.CUPS[0].x


def test_a_stroke_is_quick():
    state = after_black(board=BALLS[1:])
    start = time.process_time()
    for power in range(20, 100, 10):
        GAME.shot(state, Strike(Stroke(0, power)), record=False)
    assert (time.process_time() - start) / 8 < 0.25


def test_the_strokes_are_the_shared_ones_up_the_board():
    ups = UpStrokes()
    every = StrokeSpace()
    for i in (0, 1, 2499, 2500, 10 ** 6, len(ups) - 1):
        assert ups[i] in every and ups.index(ups[i]) == i
    assert ups[-1] == ups[len(ups) - 1]
    with pytest.raises(IndexError):
        ups[len(ups)]


# -- Sans Égal, the French game (option) --------------------------------------------------------
def test_sans_egal_is_for_two_striking_a_ball_each_in_turn():
    state = GAME.initial_state({"game": "sans_egal"})
    assert state.sans_egal and GAME.seat_count(state) == 2 and GAME.to_move(state) == 0
    after = strike(state, 0, 35)                     # the leader's white sends the black into the 1
    assert GAME.to_move(after) == 1 and after.striker() == "r1" and after.black_by == 0
    assert GAME.legal_actions(after, 0) == () and GAME.legal_actions(after, 1)
    assert strike(after, 0, 5).turn == 0
    with pytest.raises(NotationError):
        GAME.initial_state({"game": "sans_egal", "players": 3})


def test_sans_egal_a_miss_of_the_black_forfeits_five():
    """Rule: the French game. The leader's white misses the black: dead, and five to the reds."""
    state = GAME.initial_state({"game": "sans_egal"})
    after = strike(state, 500, 40)
    assert after.dead == ("w1",) and after.scores == (0, 5)
    assert [(e.seat, e.points, e.rule) for e in after.sheet] == [(1, 5, "bagatelle#the-french-game")]


def test_sans_egal_each_ball_scores_for_its_owner_and_the_black_for_its_striker():
    """Rule: the French game. The whites are the leader's (seat 1 this round), the reds seat 0's;
    the white in the 9 scores 9 to seat 1 although seat 0 drove it in, the red in the 3 scores 3
    to seat 0, the black in the 8 sixteen to seat 0 whose stroke put it there."""
    state = BagatelleState(seats=2, rounds=1, board=(), cups=cups(c9="w2", c3="r1", c8=BLACK), round_index=1,
                           next_ball=7, black_struck=True, scores=(10, 21), variant="sans_egal", black_by=0)
    assert state.leader == 1 and state.turn == 0 and state.striker() == "r4"
    assert (state.pending(0), state.pending(1)) == (3 + 16, 9)
    after = strike(state, 0, 5)                     # the last red, too weak to count
    assert after.scores == (10 + 19, 21 + 9) and GAME.is_terminal(after)
    new = after.sheet[len(state.sheet):]
    assert sorted((e.seat, e.points, e.rule) for e in new) == [
        (0, 3, "bagatelle#the-french-game"), (0, 16, "bagatelle#the-black-counts-double"),
        (1, 9, "bagatelle#the-french-game")]
    assert GAME.outcome(after).results == (0.0, 1.0)
