"""Pool, the game of lives (compendium/games/cue/pool.py): the ball played at, lives taken and
lost, starring, dead players and the end, each from a set-up position, with the law it cites."""
from __future__ import annotations

import pytest

from compendium.core.errors import IllegalAction
from compendium.core.game import Special
from compendium.core.rules import split_ref
from compendium.games.cue import table as T
from compendium.games.cue.physics import Stroke
from compendium.games.cue.pool import GAME, SPOT, PoolState, nearest
from compendium.games.cue.strokes import Place, Strike
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal


def position(balls, lives=None, names=None, **kw) -> PoolState:
    names = names or ("white", "red", "yellow")[:len(balls)]
    lives = lives or (3,) * len(names)
    kw.setdefault("turn", 1)
    kw.setdefault("on", 0)
    return PoolState(names=names, balls=tuple(balls), lives=tuple(lives), taken=(0,) * len(names), **kw)


def strike(state, angle, power, height=0) -> PoolState:
    return GAME.apply(state, Strike(Stroke(angle, power, height)))


def new_rules(before, after):
    return [e.rule for e in after.sheet[len(before.sheet):]]


# The ball played at (white) hangs over the top right pocket; Red strikes from below it.
OVER_POCKET = ((3.3, 0.3), (2.9, 0.5), (1.0, 1.5))
POT = (33519, 20)


def test_the_pool_opens_with_white_on_the_spot_and_red_to_play_from_hand():
    state = GAME.initial_state()
    assert state.names == ("white", "red", "yellow") and state.lives == (3, 3, 3)
    assert state.balls == (SPOT, None, None)
    assert GAME.to_move(state) == 1 and state.on == 0 and state.in_hand()
    legal = GAME.legal_actions(state, 1)
    assert Place(700, 934) in legal and Strike(Stroke(0, 50)) not in legal
    assert GAME.legal_actions(state, 0) == () and GAME.legal_actions(state, 2) == ()
    eight = GAME.initial_state({"players": 8, "lives": 4})
    assert eight.names[-1] == "black" and eight.lives == (4,) * 8


def test_legal_actions():
    """Five legal actions, each played."""
    start = GAME.initial_state()
    for place in (Place(736, 934), Place(450, 934), Place(700, 700), Place(736, 642)):
        assert place in GAME.legal_actions(start, 1)
        assert GAME.apply(start, place).balls[1] == place.metres
    placed = GAME.apply(start, Place(700, 900))
    for stroke in (Stroke(0, 50), Stroke(35999, 100, 2, -2), Stroke(18000, 1, -2, 2)):
        assert Strike(stroke) in GAME.legal_actions(placed, 1)
        assert GAME.apply(placed, Strike(stroke)).strokes == 1


def test_illegal_actions_name_their_law():
    start = GAME.initial_state()
    placed = GAME.apply(start, Place(700, 900))
    over = position(((1.0, 0.9), None, None), lives=(2, 0, 0))
    cases = [
        (start, Strike(Stroke(0, 50)), "playing-from-hand"),        # strike before placing
        (start, Place(800, 934), "playing-from-hand"),              # beyond the baulk line
        (start, Place(700, 400), "playing-from-hand"),              # outside the half circle
        (placed, Place(700, 934), "a-turn"),                        # his ball is on the table
        (placed, Strike(Stroke(36000, 50)), "the-stroke"),
        (placed, Strike(Stroke(100, 0)), "the-stroke"),
        (placed, Strike(Stroke(100, 50, 3, 0)), "the-stroke"),
        (placed, Stroke(0, 50), "a-turn"),                          # a stroke without the cue
        (start, Place(700.5, 900), "playing-from-hand"),           # not whole millimetres
        (over, Strike(Stroke(0, 40)), "the-end"),
    ]
    crowded = position(((0.7, 0.9), None, None))
    cases.append((crowded, Place(700, 910), "playing-from-hand"))   # on the white
    for state, action, anchor in cases:
        refused = refusal(GAME, state, action)
        assert refused.rule == f"pool#{anchor}", (action, refused.rule)


def test_every_law_cited_is_a_heading_of_the_page():
    anchors = rulesdoc.anchors((rules_dir() / "pool.md").read_text(encoding="utf-8"))
    for anchor in ("playing-from-hand", "a-turn", "the-stroke", "the-ball-played-at", "taking-a-life",
                   "losing-a-life", "starring", "dead-players", "the-end", "scoring", "sources-and-decisions",
                   "on-the-table"):
        assert anchor in anchors, anchor
    assert split_ref(GAME.ref("starring")) == ("pool", "starring")


def test_pocketing_the_ball_played_at_takes_a_life_and_the_striker_plays_again_at_the_nearest():
    state = position(OVER_POCKET)
    after = strike(state, *POT)
    assert after.lives == (2, 3, 3) and after.balls[0] is None
    assert after.taken == (0, 1, 0)
    assert new_rules(state, after) == ["pool#taking-a-life"]
    assert after.turn == 1 and after.on == 2         # Red again, at the ball nearest his own
    assert "plays again" in after.said


def test_a_miss_costs_the_striker_a_life_paid_to_the_owner_of_the_ball_played_at():
    state = position(OVER_POCKET)
    after = strike(state, 9000, 10)
    assert after.lives == (3, 2, 3) and after.taken == (1, 0, 0)
    assert new_rules(state, after) == ["pool#losing-a-life"]
    assert after.sheet[-1].seat == 0                # the life is paid to White
    assert after.turn == 2


def test_striking_another_ball_first_costs_a_life_and_what_it_pockets_takes_none():
    state = position(OVER_POCKET, on=2)             # Red must play at Yellow, far off
    after = strike(state, *POT)                     # ... but pockets White
    assert after.balls[0] is None                   # White is down, but keeps his lives
    assert after.lives == (3, 2, 3) and after.taken == (0, 0, 1)
    assert new_rules(state, after) == ["pool#losing-a-life"]
    assert "struck white first" in after.said


def test_going_in_off_and_running_a_coup_each_cost_a_life():
    inoff = position(((3.2, 0.35), (2.6, 0.6), (1.0, 1.5)))
    after = strike(inoff, 34085, 70)
    assert after.balls[1] is None and after.lives == (3, 2, 3)
    assert new_rules(inoff, after) == ["pool#losing-a-life"] and "into a pocket off" in after.said
    coup = position(((3.3, 0.3), (0.4, 0.4), (1.0, 1.5)))
    after = strike(coup, 22500, 25)
    assert after.lives == (3, 2, 3) and "coup" in after.said


def test_the_next_player_plays_at_the_last_players_ball_unless_a_life_was_lost():
    state = position(((2.5, 0.3), (2.0, 0.3), (3.0, 1.0)))
    quiet = strike(state, 0, 10)                    # Red just moves White: no life
    assert quiet.lives == (3, 3, 3) and quiet.turn == 2
    white, red, yellow = quiet.balls
    assert nearest(quiet.balls, quiet.lives, 2, yellow) == 0     # White is the nearer ...
    assert quiet.on == 1                                         # ... but Yellow plays at Red
    missed = strike(state, 0, 8)                    # Red falls short: a life lost
    assert missed.lives == (3, 2, 3) and missed.on == 0          # the nearest ball now


def test_the_first_player_out_stars_with_the_fewest_lives_of_the_others():
    names = ("white", "red", "yellow", "green")
    balls = ((3.3, 0.3), (2.9, 0.5), (1.0, 1.5), (0.8, 0.3))
    state = position(balls, lives=(1, 3, 2, 3), names=names)
    after = strike(state, *POT)
    assert after.lives == (2, 3, 2, 3) and after.starred == 0 and after.first_out
    assert new_rules(state, after) == ["pool#taking-a-life", "pool#starring"]
    # a second player out may not star
    again = position(balls, lives=(1, 3, 2, 3), names=names, first_out=True, starred=3)
    after = strike(again, *POT)
    assert after.lives == (0, 3, 2, 3) and after.balls[0] is None and "dead" in after.said
    # nor the first when the option is off
    off = position(balls, lives=(1, 3, 2, 3), names=names, star_rule=False)
    assert strike(off, *POT).lives == (0, 3, 2, 3)


def test_the_last_player_alive_takes_the_pool():
    state = position(OVER_POCKET[:2], lives=(1, 2))
    after = strike(state, *POT)
    assert after.over and GAME.to_move(after) is Special.TERMINAL
    outcome = GAME.outcome(after)
    assert outcome.results == (0.0, 1.0) and outcome.rule == "pool#the-end"
    assert "Red takes the pool" in after.said
    with pytest.raises(IllegalAction):
        strike(after, 0, 30)


def test_a_dead_players_turn_is_passed_over():
    names = ("white", "red", "yellow")
    state = position(((3.3, 0.3), (2.9, 0.5), None), lives=(3, 1, 0), names=names)
    after = strike(state, 9000, 10)                 # Red misses White and dies: White alone lives
    assert after.over and GAME.outcome(after).results == (1.0, 0.0, 0.0)
    three = position(((3.3, 0.3), (2.9, 0.5), None, (1.0, 1.0)), lives=(3, 3, 0, 3),
                     names=names + ("green",))
    assert strike(three, 9000, 10).turn == 3        # Yellow is dead: Green plays


def test_with_no_ball_left_to_play_at_the_strikers_ball_is_spotted():
    state = position(OVER_POCKET[:2], lives=(3, 3))
    after = strike(state, *POT)
    assert after.lives == (2, 3)
    assert after.balls == (None, SPOT) and after.turn == 0 and after.on == 1
    assert "spotted" in after.said


def test_nearest_measures_from_the_middle_of_the_baulk_line_when_in_hand():
    balls = ((2.0, 0.9), None, (0.3, 0.9))
    assert nearest(balls, (3, 3, 3), 1, None) == 2
    assert nearest(balls, (3, 3, 3), 1, (2.2, 0.9)) == 0
    tie = ((T.BAULK_X + 0.5, T.CENTRE_Y), None, (T.BAULK_X - 0.5, T.CENTRE_Y))
    assert nearest(tie, (3, 3, 3), 1, None) == 0    # equal: the earlier colour


def test_the_show_me_opening_plays_as_its_captions_say():
    from compendium.reference.worked_examples import load_example
    example = load_example("pool", "the-opening")
    session = example.session_at(len(example.steps) - 1)
    state = session.state
    assert state.lives == (3, 3, 3) and state.turn == 2 and state.on == 1      # Yellow at Red
    white, red, yellow = state.balls
    assert yellow is None                                                     # from hand
    for ball in (white, red):
        assert ball is not None and ball[0] > T.LENGTH - 0.15                 # under the top cushion


def test_the_measuring_positions_are_fixed_and_fair():
    """The positions the pages' strength figures come from (ai/cue/pool_strength.py): the same
    every run, every ball on the cloth and none touching another."""
    import itertools
    import math

    from compendium.ai.cue.pool_strength import pool_positions, snooker_positions
    for make in (pool_positions, snooker_positions):
        first, again = make(30), make(30)
        assert first == again and len(first) == 30
        for state in first:
            on = [p for p in state.balls if p is not None]
            assert all(T.on_table(*p) for p in on)
            for a, b in itertools.combinations(on, 2):
                assert math.dist(a, b) >= 2 * T.BALL_RADIUS
    assert all(s.on == 0 and s.turn == 1 for s in pool_positions(30))
    assert all(s.reds_left() == 6 and s.on == "red" for s in snooker_positions(30))
