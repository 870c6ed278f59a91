"""English Billiards (compendium/games/cue/billiards.py): hazards, cannons, penalties, playing
from hand, the spot stroke and the game, each from a set-up position, with the law it cites."""
from __future__ import annotations

import dataclasses

import pytest

from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.rules import split_ref
from compendium.games import registry
from compendium.games.cue import table as T
from compendium.games.cue.billiards import GAME, BilliardsState, judge, spot_red
from compendium.games.cue.physics import Stroke, simulate
from compendium.games.cue.strokes import Place, Strike
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal

SPOT = (round(T.BILLIARD_SPOT[0], 4), round(T.BILLIARD_SPOT[1], 4))


def position(white, spot, red, **kw) -> BilliardsState:
    return BilliardsState(target=kw.pop("target", 100), spot_rule=kw.pop("spot_rule", "limited"),
                          balls=(white, spot, red), **kw)


def strike(state, angle, power, height=0, side=0) -> BilliardsState:
    return GAME.apply(state, Strike(Stroke(angle, power, height, side)))


def last_rules(before, after):
    return [e.rule for e in after.sheet[len(before.sheet):]]


def test_the_game_opens_with_the_red_on_its_spot_and_both_balls_in_hand():
    state = GAME.initial_state()
    assert state.balls == (None, None, SPOT)
    assert GAME.to_move(state) == 0 and state.in_hand()
    legal = GAME.legal_actions(state, 0)
    assert Place(700, 934) in legal and Strike(Stroke(0, 50)) not in legal
    assert len(legal) > 100_000       # every millimetre of the D
    assert GAME.legal_actions(state, 1) == ()


def test_legal_actions():
    """Five legal actions, each played."""
    start = GAME.initial_state()
    for place in (Place(736, 934), Place(450, 934), Place(700, 700), Place(736, 642)):
        assert place in GAME.legal_actions(start, 0)
        assert GAME.apply(start, place).balls[0] == place.metres
    placed = GAME.apply(start, Place(700, 900))
    for stroke in (Stroke(0, 50), Stroke(35999, 100, 2, -2), Stroke(18000, 1, -2, 2)):
        assert Strike(stroke) in GAME.legal_actions(placed, 0)
        after = GAME.apply(placed, Strike(stroke))
        assert after.strokes == 1


def test_illegal_actions_name_their_law():
    start = GAME.initial_state()
    placed = GAME.apply(start, Place(700, 900))
    cases = [
        (start, Strike(Stroke(0, 50)), "playing-from-hand"),        # strike before placing
        (start, Place(800, 934), "playing-from-hand"),              # beyond the baulk line
        (start, Place(700, 400), "playing-from-hand"),              # outside the half circle
        (placed, Place(700, 934), "a-turn"),                        # his ball is already on the table
        (placed, Strike(Stroke(36000, 50)), "the-stroke"),
        (placed, Strike(Stroke(100, 0)), "the-stroke"),
        (placed, Strike(Stroke(100, 50, 3, 0)), "the-stroke"),
    ]
    other = position((0.7, 0.9), None, SPOT, turn=1)
    cases.append((other, Place(700, 910), "playing-from-hand"))     # on the other white
    over = position((1.0, 0.9), (2.0, 1.0), SPOT, scores=(100, 40))
    cases.append((over, Strike(Stroke(0, 40)), "the-game"))
    for state, action, anchor in cases:
        refused = refusal(GAME, state, action)
        assert refused.rule == f"billiards#{anchor}", (action, refused.rule)


def test_every_law_cited_is_a_heading_of_the_page():
    anchors = rulesdoc.anchors(registry.rules_markdown("billiards"))
    for anchor in ("playing-from-hand", "a-turn", "the-stroke", "winning-hazards", "losing-hazards", "cannons",
                   "penalties", "the-spot-stroke", "the-game", "scoring", "sources-and-decisions", "on-the-table"):
        assert anchor in anchors, anchor


def test_a_winning_hazard_off_the_red_scores_three_and_the_red_is_spotted():
    # the red near the top right pocket, cut in gently
    state = position((2.9, 0.5), (1.0, 1.5), (3.3, 0.3))
    after = strike(state, 33511, 20)
    shot = simulate(state.on_table(), "white", Stroke(33511, 20))
    assert "red" in shot.pocketed() and "white" not in shot.pocketed()
    assert after.scores == (3, 0) and after.turn == 0 and after.run == 3
    assert last_rules(state, after) == ["billiards#winning-hazards"]
    assert after.balls[2] == SPOT


def test_a_losing_hazard_off_the_red_scores_three():
    state = position((2.6, 0.6), (1.0, 1.5), (3.2, 0.35))
    after = strike(state, 34085, 70)
    assert after.scores == (3, 0) and after.turn == 0
    assert last_rules(state, after) == ["billiards#losing-hazards"]
    assert after.in_hand()              # the striker plays his next stroke from hand
    assert GAME.legal_actions(after, 0) != GAME.legal_actions(state, 0)


def test_a_losing_hazard_off_the_white_scores_two():
    state = position((2.6, 1.2), (3.3, 1.55), (1.0, 0.4))
    after = strike(state, 3002, 20)
    assert after.scores == (2, 0)
    assert last_rules(state, after) == ["billiards#losing-hazards"]


def test_a_winning_hazard_off_the_white_scores_two_and_the_ball_stays_off_till_its_turn():
    state = position((2.6, 1.2), (3.3, 1.55), (1.0, 0.4))
    after = strike(state, 2561, 20)
    assert after.scores == (2, 0) and after.balls[1] is None
    assert last_rules(state, after) == ["billiards#winning-hazards"]
    # the striker misses next: the spot white's owner plays from hand
    missed = strike(after, 18000, 5)
    assert missed.turn == 1 and missed.in_hand() and missed.scores == (2, 1)


def test_a_cannon_scores_two_and_a_cannon_with_hazards_scores_them_all():
    state = position((2.0, 0.9), (2.9, 1.3), (2.6, 0.8))
    after = strike(state, 35177, 70)
    assert after.scores == (2, 0) and last_rules(state, after) == ["billiards#cannons"]
    several = strike(state, 35301, 65)
    assert several.scores == (6, 0)
    assert last_rules(state, several) == ["billiards#winning-hazards", "billiards#losing-hazards"]


def test_a_miss_gives_one_and_a_coup_three_to_the_opponent():
    state = position((2.0, 0.9), (2.9, 1.3), (3.3, 0.3))
    missed = strike(state, 18000, 10)
    assert missed.scores == (0, 1) and missed.turn == 1 and missed.run == 0
    assert last_rules(state, missed) == ["billiards#penalties"]
    coup = position((0.4, 0.4), (2.9, 1.3), (3.3, 0.3))
    after = strike(coup, 22500, 25)
    assert after.scores == (0, 3) and after.turn == 1
    assert last_rules(coup, after) == ["billiards#penalties"]
    assert "coup" in after.said


def test_from_hand_a_ball_in_baulk_may_not_be_struck_directly():
    state = position((0.6, 0.9), None, (0.3, 0.9), from_hand=True)
    after = strike(state, 18000, 30)                 # straight at the red, which lies in baulk
    assert after.scores == (0, 1) and after.turn == 1
    assert last_rules(state, after) == ["billiards#playing-from-hand"]
    # the same stroke with the ball already on the table (not from hand) is a fair stroke
    fair = strike(position((0.6, 0.9), None, (0.3, 0.9)), 18000, 30)
    assert "billiards#playing-from-hand" not in last_rules(state, fair)


def test_the_spot_stroke_is_limited_to_two_pots_running():
    white, spot = (3.0, 0.6), (1.0, 1.5)
    pot = (4243, 32)                           # the red off its spot into the top left pocket
    start = position(white, spot, SPOT)
    once = strike(start, *pot)
    assert once.scores == (3, 0) and once.balls[2] == SPOT and once.spot_pots == 1
    twice = strike(position(white, spot, SPOT, spot_pots=1), *pot)
    assert twice.balls[2] == (round(T.CENTRE_SPOT[0], 4), round(T.CENTRE_SPOT[1], 4)) and twice.spot_pots == 0
    assert "billiards#the-spot-stroke" in last_rules(start, twice)
    assert "centre spot" in twice.said
    no_limit = strike(position(white, spot, SPOT, spot_pots=1, spot_rule="open"), *pot)
    assert no_limit.balls[2] == SPOT and no_limit.spot_pots == 2
    # a pot of the red from anywhere else starts no count
    elsewhere = strike(position(white, spot, (3.3, 0.3), spot_pots=1), 33511, 20)
    assert elsewhere.spot_pots == 0


def test_the_red_goes_to_the_pyramid_spot_when_its_own_is_covered():
    assert spot_red([(T.BILLIARD_SPOT[0] + 0.01, T.BILLIARD_SPOT[1]), None, None]) == (
        round(T.PYRAMID_SPOT[0], 4), round(T.PYRAMID_SPOT[1], 4))
    both = [T.BILLIARD_SPOT, T.PYRAMID_SPOT, None]
    assert spot_red(both) == (round(T.CENTRE_SPOT[0], 4), round(T.CENTRE_SPOT[1], 4))


def test_the_game_is_won_at_the_points_set_even_by_a_penalty():
    state = position((2.0, 0.9), (2.9, 1.3), (3.3, 0.3), scores=(40, 49), target=50)
    after = strike(state, 18000, 10)               # a miss: one to the spot white, who reaches 50
    assert GAME.to_move(after) is Special.TERMINAL
    outcome = GAME.outcome(after)
    assert outcome.results == (0.0, 1.0) and split_ref(outcome.rule) == ("billiards", "the-game")


def test_action_text():
    for text in ("strike 12.34 p56", "strike 0.00 p1 high2 left1", "strike 359.99 p100 low1 right2", "place 700 934"):
        assert GAME.action_to_str(GAME.action_from_str(GAME.initial_state(), text)) == text
    for bad in ("strike 360.00 p5", "strike 1.5 p5", "strike 1.00 p0", "strike 1.00 p5 high3", "place x y",
                "strike 1.00 p5 high1 low1", "", "jump"):
        with pytest.raises(NotationError):
            GAME.action_from_str(GAME.initial_state(), bad)


def test_judge_reads_the_events_in_order():
    """A losing hazard is valued by the ball struck first, whatever else followed."""
    state = position((2.0, 0.9), (2.9, 1.3), (2.6, 0.8))
    shot = simulate(state.on_table(), "white", Stroke(34609, 48))
    verdict = judge(state, shot)
    assert shot.first_contact("white") == "red"
    assert [(p, a) for p, _, a in verdict.items] == [(3, "losing-hazards")]


def test_a_refused_stroke_leaves_the_state_as_it_was():
    state = GAME.initial_state()
    with pytest.raises(IllegalAction):
        GAME.apply(state, Strike(Stroke(0, 50)))
    assert state == GAME.initial_state()


def test_the_books_lessons_play_as_their_captions_say():
    """The "Show me" strokes of the rules page (resources/examples/billiards/)."""
    import math

    from compendium.reference.worked_examples import load_example

    def play(name):
        example = load_example("billiards", name)
        state = GAME.initial_state(example.record.options)
        states = [state]
        for text in example.record.actions:
            state = GAME.apply(state, GAME.action_from_str(state, text))
            states.append(state)
        return example, states

    _, (before, after) = play("half-ball")
    shot = GAME.shot(before, GAME.action_from_str(before, "strike 15.86 p25"))
    red = before.balls[2]
    line = 15.86                  # the cue ball's path: the half-ball angle is measured from it
    moved = next(p[-1] for _, p in shot.frames if p[-1] is not None and math.dist(p[-1], red) > 0.05)   # (the red)
    leaves = math.degrees(math.atan2(moved[1] - red[1], moved[0] - red[0]))
    assert abs(abs(leaves - line) - 30) < 1.0
    _, states = play("top-pocket-loser")
    assert states[-1].scores == (3, 0) and states[-1].sheet[-1].rule == "billiards#losing-hazards"
    shot = GAME.shot(states[1], GAME.action_from_str(states[1], "strike 350.78 p30"))
    assert [e.other for e in shot.events if e.kind == "pocket"] == ["top right"]
    _, states = play("middle-pocket-loser")
    shot = GAME.shot(states[1], GAME.action_from_str(states[1], "strike 343.22 p20"))
    assert [e.other for e in shot.events if e.kind == "pocket"] == ["middle right"]
    assert states[-1].scores == (3, 0)
    _, states = play("cannon")
    assert states[-1].scores == (2, 0) and states[-1].sheet[-1].rule == "billiards#cannons"


def test_a_game_is_played_with_the_current_physics_and_an_older_record_with_its_own():
    """Games are played with the simulation that never adds energy (model 2); a record written
    before the ``physics`` option was played with model 1 and replays with it, stroke for stroke."""
    from compendium.core.records import Record
    from compendium.core.session import Session
    assert GAME.initial_state().physics == 2
    before = {"points": 100, "spot": "limited", "start": "game"}     # a record of November 2026
    actions = ("place 736 933", "strike 340.93 p30")
    old = Session.from_record(Record(game="billiards", options=before, seed=1, actions=actions))
    assert old.options["physics"] == 1 and old.state.physics == 1
    new = Session.from_record(Record(game="billiards", options={**before, "physics": 2}, seed=1, actions=actions))
    assert new.state.physics == 2
    again = Session.from_record(new.record())
    assert again.state == new.state and again.options["physics"] == 2
    # the white squeezed along the cushion into the red: model 1 hands the red the energy it
    # gains (test_cue_physics), and the two games part there
    squeezed = position((0.736, 0.933), (3.2578, 1.7952), (3.4044, 0.0575))
    stroke = Strike(Stroke(34093, 30))
    first = GAME.apply(dataclasses.replace(squeezed, physics=1), stroke)
    current = GAME.apply(dataclasses.replace(squeezed, physics=2), stroke)
    assert first.balls != current.balls
