"""Pyramids (compendium/games/cue/pyramids.py): the pyramid, playing from the D, winning hazards,
the ball lost and put up for a miss or a losing hazard, balls owed, single pool and the game of
eight, each with the law it cites; and the physics with sixteen balls on the table."""
from __future__ import annotations

import math
import time

import pytest

from compendium.core.game import Special
from compendium.core.rules import split_ref
from compendium.games import registry
from compendium.games.cue import table as T
from compendium.games.cue.game import put_up, rack_pyramid
from compendium.games.cue.physics import Event, ShotResult, Stroke, simulate
from compendium.games.cue.pyramids import GAME, NAMES, PocketState
from compendium.games.cue.strokes import Place, PlaceSpace, Strike, StrokeSpace
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal

R = T.BALL_RADIUS
SPOT = (round(T.PYRAMID_SPOT[0], 4), round(T.PYRAMID_SPOT[1], 4))


def position(white, reds: dict[int, tuple[float, float]], **kw) -> PocketState:
    """The white and the reds named by number; the other reds off the table."""
    balls = [white] + [reds.get(k) for k in range(1, 16)]
    return PocketState(seats=2, balls=tuple(balls), scores=kw.pop("scores", (0, 0)), **kw)


def shot(state: PocketState, events: list[tuple[str, str, str]], moved: dict[str, tuple[float, float] | None]):
    """A stroke's result written by hand: ``events`` (kind, ball, other) in order, and where the
    balls that moved ended (``None``: pocketed); the others stay put."""
    final = {name: p for name, p in zip(NAMES, state.balls) if p is not None}
    final.update(moved)
    return ShotResult(final=final, events=tuple(Event(0.1 * k, kind, a, b) for k, (kind, a, b) in enumerate(events)),
                      duration=1.0)


def pot_angle(white, red, pocket) -> int:
    """The angle that sends the white straight through ``red`` towards ``pocket``."""
    return round(math.degrees(math.atan2(red[1] - white[1], red[0] - white[0])) * 100) % 36000


def rules(before, after):
    return [e.rule for e in after.sheet[len(before.sheet):]]


def test_the_game_opens_with_the_pyramid_on_its_spot_and_the_white_in_hand():
    state = GAME.initial_state()
    assert state.balls[0] is None and state.in_hand() and state.cue_ball() == "white"
    reds = state.balls[1:]
    assert reds[0] == SPOT and len(reds) == 15 and None not in reds
    assert reds == rack_pyramid()
    # the base row lies square across the table, towards the top cushion
    assert len({p[0] for p in reds[10:]}) == 1 and reds[10][0] > SPOT[0]
    # no two reds touch or overlap
    for i in range(15):
        for j in range(i + 1, 15):
            assert math.dist(reds[i], reds[j]) > 2 * R
    assert isinstance(GAME.legal_actions(state, 0), PlaceSpace)
    assert GAME.legal_actions(state, 1) == ()
    assert GAME.to_move(state) == 0 and GAME.seat_count(state) == 2


def test_legal_actions():
    """Five legal actions, each played."""
    start = GAME.initial_state()
    for place in (Place(736, 934), Place(450, 934), Place(700, 700)):
        assert place in GAME.legal_actions(start, 0)
        assert GAME.apply(start, place).balls[0] == place.metres
    placed = GAME.apply(start, Place(700, 934))
    assert isinstance(GAME.legal_actions(placed, 0), StrokeSpace)
    for stroke in (Stroke(0, 40), Stroke(100, 100, 2, -2), Stroke(18000, 1, -2, 2)):
        assert Strike(stroke) in GAME.legal_actions(placed, 0)
        assert GAME.apply(placed, Strike(stroke)).strokes == 1


def test_illegal_actions_name_their_law():
    start = GAME.initial_state()
    placed = GAME.apply(start, Place(700, 934))
    in_d = position(None, {1: (0.7, 0.934), 2: (3.0, 0.9)})
    over = position((1.0, 0.9), {2: (3.0, 0.9)}, scores=(8, 6), over=True)
    cases = [
        (start, Strike(Stroke(0, 50)), "playing-from-hand"),        # strike before placing
        (start, Place(800, 934), "playing-from-hand"),              # beyond the baulk line
        (start, Place(700, 300), "playing-from-hand"),              # outside the half circle
        (in_d, Place(700, 934), "playing-from-hand"),               # on a red standing in the D
        (placed, Place(700, 900), "a-turn"),                        # the white is on the table
        (placed, Strike(Stroke(36000, 50)), "the-stroke"),
        (placed, Strike(Stroke(100, 101)), "the-stroke"),
        (placed, Strike(Stroke(100, 50, 0, -3)), "the-stroke"),
        (over, Strike(Stroke(0, 40)), "the-game"),
        (placed, "nonsense", "a-turn"),
    ]
    for state, action, anchor in cases:
        if action == "nonsense":
            from compendium.core.errors import IllegalAction
            with pytest.raises(IllegalAction) as info:
                GAME.apply(state, action)
            assert info.value.rule == f"pyramids#{anchor}"
            continue
        assert refusal(GAME, state, action).rule == f"pyramids#{anchor}", (action, anchor)


def test_every_law_cited_is_a_heading_of_the_page():
    anchors = rulesdoc.anchors(registry.rules_markdown("pyramids"))
    for anchor in ("players-and-equipment", "the-equipment", "the-pyramid", "playing-from-hand", "the-stroke",
                   "a-turn", "putting-up-a-ball", "single-pool", "scoring", "winning-hazards", "penalties",
                   "owing", "the-game", "laws-and-irregularities", "variants", "hints", "on-the-table",
                   "sources-and-decisions"):
        assert anchor in anchors, anchor


def test_a_red_pocketed_is_one_ball_and_the_striker_plays_again():
    """#winning-hazards, on the simulated table: a straight pot into the top right pocket."""
    red = (3.3, 0.3)
    pocket = (T.LENGTH, 0.0)
    d = math.dist(red, pocket)
    white = (red[0] - (pocket[0] - red[0]) / d * 0.5, red[1] - (pocket[1] - red[1]) / d * 0.5)
    white = (round(white[0], 4), round(white[1], 4))
    state = position(white, {1: red, 2: (1.5, 1.2), 3: (2.0, 1.6)})
    after = GAME.apply(state, Strike(Stroke(pot_angle(white, red, pocket), 20)))
    assert after.balls[1] is None and after.balls[0] is not None
    assert after.scores == (1, 0) and after.turn == 0 and after.run == 1
    assert rules(state, after) == ["pyramids#winning-hazards"]
    # a little harder, the white follows the red in: a losing hazard, the red put back up
    scored = position(white, {1: red, 2: (1.5, 1.2), 3: (2.0, 1.6)}, scores=(2, 0))
    lost = GAME.apply(scored, Strike(Stroke(pot_angle(white, red, pocket), 30)))
    assert lost.scores == (1, 0) and lost.turn == 1 and lost.in_hand()
    assert lost.balls[1] == SPOT and lost.reds_on_table() == 4
    assert rules(scored, lost) == ["pyramids#penalties"]


def test_two_reds_by_one_stroke_are_two_balls():
    state = position((2.0, 0.9), {1: (3.0, 0.9), 2: (3.3, 0.3), 3: (1.0, 1.5)}, scores=(2, 1))
    result = shot(state, [("ball", "white", "r1"), ("ball", "r1", "r2"), ("pocket", "r2", "top right"),
                          ("pocket", "r1", "top left")], {"white": (2.9, 0.9), "r1": None, "r2": None})
    after = GAME.after(state, result)
    assert after.scores == (4, 1) and after.turn == 0
    assert rules(state, after) == ["pyramids#winning-hazards"] * 2


def test_a_losing_hazard_loses_a_ball_even_with_a_red_and_both_are_put_up():
    """#penalties: the white in a pocket after pocketing a red: the red taken goes back up, one of
    the striker's balls goes up too, and the next player plays from the D."""
    state = position((2.0, 0.9), {3: (3.0, 0.9), 4: (3.3, 0.3)}, scores=(3, 2))
    result = shot(state, [("ball", "white", "r4"), ("pocket", "r4", "top right"), ("pocket", "white", "top left")],
                  {"white": None, "r4": None})
    after = GAME.after(state, result)
    assert after.scores == (2, 2) and after.turn == 1
    assert rules(state, after) == ["pyramids#penalties"]
    assert after.balls[0] is None and after.in_hand()
    assert after.reds_on_table() == 3            # r3 stayed, r4 and one of the striker's went up
    assert after.balls[4] == SPOT or any(p == SPOT for p in after.balls[1:])
    assert "losing hazard" in after.said and "from the D" in after.said


def test_a_miss_loses_a_ball_put_up_on_the_pyramid_spot_and_the_white_stays():
    state = position((0.5, 0.5), {5: (3.0, 1.2)}, scores=(1, 0), turn=0)
    after = GAME.apply(state, Strike(Stroke(18000, 10)))          # away from the red: a miss
    assert after.scores == (0, 0) and after.turn == 1
    assert rules(state, after) == ["pyramids#penalties"]
    assert after.balls[0] is not None and not after.in_hand()     # played from where it lies
    assert after.balls[1] == SPOT                                 # the put-up ball
    assert "miss" in after.said


def test_a_ball_lost_with_none_in_hand_is_owed_and_paid_by_the_next_hazard():
    """#owing: nothing put up for a debt; the next red pocketed goes back up instead of scoring."""
    state = position((0.5, 0.5), {5: (3.0, 1.2), 6: (3.3, 0.3)}, scores=(0, 3))
    owed = GAME.after(state, shot(state, [], {"white": (0.3, 0.5)}))
    assert owed.scores == (-1, 3) and owed.reds_on_table() == 2
    assert GAME.score_text(owed, 0) == "owes 1 ball"
    back = PocketState(**{**{f: getattr(owed, f) for f in owed.__dataclass_fields__}, "turn": 0})
    paid = GAME.after(back, shot(back, [("ball", "white", "r6"), ("pocket", "r6", "top right")],
                                 {"white": (3.0, 0.5), "r6": None}))
    assert paid.scores == (0, 3) and paid.reds_on_table() == 2 and paid.balls[6] == SPOT
    assert rules(back, paid) == ["pyramids#owing"]
    assert paid.turn == 0                    # a red was pocketed: he plays on


def test_put_up_goes_behind_the_spot_when_it_is_covered():
    first = put_up([SPOT])
    assert first[1] == SPOT[1] and first[0] >= SPOT[0] + 2 * R - 1e-9
    assert math.dist(first, SPOT) < 2 * R + 0.002
    assert put_up([None, (1.0, 1.0)]) == SPOT


def test_single_pool_the_two_balls_change_places_until_one_is_holed():
    """#single-pool: at seven all with the white and one red left."""
    state = position((1.0, 0.9), {9: (2.5, 0.9)}, scores=(7, 7))
    nothing = GAME.after(state, shot(state, [("ball", "white", "r9"), ("cushion", "r9", "")],
                                     {"white": (1.6, 0.9), "r9": (3.0, 1.0)}))
    assert nothing.turn == 1 and nothing.cue_ball() == "r9" and not nothing.over
    assert GAME.cue_position(nothing) == (3.0, 1.0)
    # the red played on the white: the white holed wins the last ball and the game
    won = GAME.after(nothing, shot(nothing, [("ball", "r9", "white"), ("pocket", "white", "bottom left")],
                                   {"white": None, "r9": (1.5, 1.0)}))
    assert won.over and won.scores == (7, 8)
    assert rules(nothing, won) == ["pyramids#single-pool"]
    outcome = GAME.outcome(won)
    assert outcome.results == (0.0, 1.0) and split_ref(outcome.rule) == ("pyramids", "the-game")
    # a fault at single pool costs a ball: one goes up and the white plays again
    fault = GAME.after(nothing, shot(nothing, [], {"r9": (2.0, 1.0)}))
    assert fault.scores == (7, 6) and fault.reds_on_table() == 2 and fault.cue_ball() == "white"


def test_the_red_played_at_single_pool_going_in_is_put_up_with_the_forfeit():
    state = position((1.0, 0.9), {9: (2.5, 0.9)}, scores=(7, 7), cue="r9", turn=1)
    after = GAME.after(state, shot(state, [("ball", "r9", "white"), ("pocket", "r9", "top left")],
                                   {"r9": None, "white": (0.8, 0.9)}))
    assert after.scores == (7, 6) and after.reds_on_table() == 2 and after.cue_ball() == "white"
    assert after.turn == 0 and after.balls[0] == (0.8, 0.9)


def test_eight_balls_win_the_game_at_once():
    state = position((2.0, 0.9), {4: (3.3, 0.3), 5: (1.0, 1.5)}, scores=(7, 3))
    after = GAME.after(state, shot(state, [("ball", "white", "r4"), ("pocket", "r4", "top right")],
                                   {"white": (2.8, 0.5), "r4": None}))
    assert after.over and GAME.to_move(after) is Special.TERMINAL
    assert GAME.outcome(after).results == (1.0, 0.0)
    assert GAME.legal_actions(after, 0) == ()


def test_the_scoreboard_words():
    state = position((2.0, 0.9), {4: (3.3, 0.3)}, scores=(2, -1), run=2)
    assert GAME.score_text(state, 0) == "2 balls   break 2"
    assert GAME.score_text(state, 1) == "owes 1 ball"
    assert "1 reds on the table" in GAME.board_note(state) and "single pool" in GAME.board_note(state)


# -- the physics with sixteen balls ------------------------------------------------------------
BREAKS = [Stroke(0, p) for p in (20, 35, 45, 60, 65, 80, 100)] + [Stroke(150, 70, 2, 1), Stroke(35900, 55, -2, -2)]


@pytest.mark.parametrize("stroke", BREAKS)
def test_energy_never_grows_when_the_white_breaks_the_pyramid(stroke):
    state = GAME.apply(GAME.initial_state(), Place(736, 934))
    result = simulate(state.on_table(), "white", stroke, energy=True)
    start = 0.5 * (6.0 * stroke.power / 100) ** 2 * (1 + 0.4 * (2.5 * stroke.height * 0.2) ** 2)
    energies = [start, *result.energy]
    for before, after in zip(energies, energies[1:]):
        assert after <= before * (1 + 1e-9) + 1e-12
    assert energies[-1] == 0.0


def test_a_pocketed_ball_stays_down_and_the_same_break_gives_the_same_table():
    state = GAME.apply(GAME.initial_state(), Place(700, 1100))
    first = simulate(state.on_table(), "white", Stroke(35474, 50), record=True)
    assert first.pocketed() == ("white",)         # in off the pyramid
    assert first == simulate(state.on_table(), "white", Stroke(35474, 50), record=True)
    order = [name for name, *_ in state.on_table()]
    for name in first.pocketed():
        k = order.index(name)
        gone = next(i for i, (_, pos) in enumerate(first.frames) if pos[k] is None)
        assert all(pos[k] is None for _, pos in first.frames[gone:])
        assert first.final[name] is None


def test_balls_never_overlap_at_rest_after_a_break():
    state = GAME.apply(GAME.initial_state(), Place(736, 934))
    for power in (40, 90):
        final = [p for p in simulate(state.on_table(), "white", Stroke(0, power)).final.values() if p]
        for i in range(len(final)):
            for j in range(i + 1, len(final)):
                assert math.dist(final[i], final[j]) > 2 * R - 0.0005


def test_a_stroke_among_sixteen_balls_is_quick():
    """The computer searches strokes: a break among sixteen balls simulates in well under 0.3 s
    (about 0.03-0.1 s when measured)."""
    state = GAME.apply(GAME.initial_state(), Place(736, 934))
    start = time.process_time()
    for power in (30, 60, 100):
        simulate(state.on_table(), "white", Stroke(0, power))
    assert (time.process_time() - start) / 3 < 0.3


def test_the_standard_positions_of_the_strength_measure_are_fixed_and_fair():
    """compendium/ai/cue/strength.py: the positions the rules pages' figures come from."""
    from compendium.ai.cue.strength import standard_positions
    first, again = standard_positions(5), standard_positions(5)
    assert first == again
    for state in first:
        on = [p for p in state.balls if p is not None]
        assert len(on) == 9 and state.balls[0] is not None and not state.in_hand()
        for i in range(len(on)):
            assert min(on[i][0], on[i][1], T.LENGTH - on[i][0], T.WIDTH - on[i][1]) >= 2 * R
            for j in range(i + 1, len(on)):
                assert math.dist(on[i], on[j]) > 3 * R


def test_the_show_me_break_plays_as_its_caption_says():
    """resources/examples/pyramids/the-break.json: a thin edge of the apex, the white back in baulk."""
    from compendium.reference.worked_examples import load_example
    example = load_example("pyramids", "the-break")
    state = GAME.initial_state(example.record.options)
    start = state
    for text in example.record.actions:
        state = GAME.apply(state, GAME.action_from_str(state, text))
    assert state.scores == (0, 0) and state.turn == 1 and state.reds_on_table() == 15
    assert T.in_baulk(*state.balls[0])
    moved = [k for k in range(1, 16) if math.dist(start.balls[k], state.balls[k]) > 0.05]
    assert 1 <= len(moved) <= 2
