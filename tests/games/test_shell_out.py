"""Shell Out (compendium/games/cue/shell_out.py): each red paid for by every other player, the last
red double, faults paid to everyone, no ball ever put up, the rotation of any number of players,
and the settlement of differences (Broadfoot's example), each with the law it cites."""
from __future__ import annotations

import math

import pytest

from compendium.core.errors import IllegalAction
from compendium.core.game import Special
from compendium.games import registry
from compendium.games.cue import table as T
from compendium.games.cue.physics import Event, ShotResult, Stroke
from compendium.games.cue.pyramids import NAMES, PocketState
from compendium.games.cue.shell_out import GAME, counters
from compendium.games.cue.strokes import Place, PlaceSpace, Strike
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal


def position(white, reds: dict[int, tuple[float, float]], seats=3, **kw) -> PocketState:
    balls = [white] + [reds.get(k) for k in range(1, 16)]
    return PocketState(seats=seats, balls=tuple(balls), scores=kw.pop("scores", (0,) * seats), **kw)


def shot(state, events, moved):
    final = {name: p for name, p in zip(NAMES, state.balls) if p is not None}
    final.update(moved)
    return ShotResult(final=final, events=tuple(Event(0.1 * k, kind, a, b) for k, (kind, a, b) in enumerate(events)),
                      duration=1.0)


def pot(state, *reds):
    """A fair stroke of the white pocketing ``reds``."""
    events = [("ball", "white", reds[0])] + [("pocket", r, "top right") for r in reds]
    return GAME.after(state, shot(state, events, {"white": (2.0, 0.5), **{r: None for r in reds}}))


def rules(before, after):
    return [e.rule for e in after.sheet[len(before.sheet):]]


def test_the_game_opens_like_pyramids_for_any_number_of_players():
    state = GAME.initial_state()
    assert state.seats == 3 and state.scores == (0, 0, 0) and state.in_hand()
    assert state.reds_on_table() == 15
    assert isinstance(GAME.legal_actions(state, 0), PlaceSpace)
    assert GAME.legal_actions(state, 1) == () and GAME.legal_actions(state, 2) == ()
    for n in (4, 5, 6):
        many = GAME.initial_state({"players": n})
        assert many.seats == n and GAME.seat_count(many) == n and len(many.scores) == n
        assert [GAME.seat_name(s) for s in range(n)][-1] == f"Player {n}"


def test_legal_actions():
    start = GAME.initial_state({"players": 4})
    for place in (Place(736, 934), Place(500, 934), Place(700, 1100)):
        assert place in GAME.legal_actions(start, 0)
        assert GAME.apply(start, place).balls[0] == place.metres
    placed = GAME.apply(start, Place(736, 934))
    for stroke in (Stroke(0, 40), Stroke(4500, 100, -2, 2)):
        assert Strike(stroke) in GAME.legal_actions(placed, 0)
        after = GAME.apply(placed, Strike(stroke))
        assert after.strokes == 1 and len(after.scores) == 4


def test_illegal_actions_name_their_law():
    start = GAME.initial_state()
    placed = GAME.apply(start, Place(736, 934))
    over = position((1.0, 0.9), {}, scores=(5, 6, 4), over=True)
    cases = [
        (start, Strike(Stroke(0, 50)), "playing-from-hand"),
        (start, Place(900, 934), "playing-from-hand"),
        (start, Place(500, 300), "playing-from-hand"),
        (placed, Place(736, 934), "a-turn"),
        (placed, Strike(Stroke(0, 0)), "the-stroke"),
        (placed, Strike(Stroke(-1, 40)), "the-stroke"),
        (over, Strike(Stroke(0, 40)), "the-game"),
    ]
    for state, action, anchor in cases:
        assert refusal(GAME, state, action).rule == f"shell_out#{anchor}", (action, anchor)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(placed, "strike 1.00 p40")          # text, not an action
    assert info.value.rule == "shell_out#a-turn"


def test_every_law_cited_is_a_heading_of_the_page():
    anchors = rulesdoc.anchors(registry.rules_markdown("shell_out"))
    for anchor in ("players-and-equipment", "the-equipment", "playing-from-hand", "the-stroke", "a-turn",
                   "scoring", "winning-hazards", "penalties", "the-game", "laws-and-irregularities", "variants",
                   "hints", "on-the-table", "sources-and-decisions"):
        assert anchor in anchors, anchor


def test_a_red_pocketed_is_paid_for_by_every_other_player_and_the_striker_plays_on():
    state = position((2.0, 0.9), {1: (3.3, 0.3), 2: (1.0, 1.5), 3: (2.5, 1.2)}, seats=4)
    after = pot(state, "r1")
    assert after.scores == (1, 0, 0, 0) and after.turn == 0
    assert counters(after.scores) == (3, -1, -1, -1)
    assert rules(state, after) == ["shell_out#winning-hazards"]
    assert after.balls[1] is None                       # it stays down


def test_on_the_simulated_table_a_pot_scores():
    red = (3.3, 0.3)
    pocket = (T.LENGTH, 0.0)
    d = math.dist(red, pocket)
    white = (round(red[0] - (pocket[0] - red[0]) / d * 0.5, 4), round(red[1] - (pocket[1] - red[1]) / d * 0.5, 4))
    state = position(white, {1: red, 2: (1.5, 1.2), 3: (2.0, 1.6)})
    angle = round(math.degrees(math.atan2(red[1] - white[1], red[0] - white[0])) * 100) % 36000
    after = GAME.apply(state, Strike(Stroke(angle, 20)))
    assert after.scores == (1, 0, 0) and after.turn == 0


def test_the_last_red_counts_two():
    state = position((2.0, 0.9), {7: (3.3, 0.3)}, scores=(3, 5, 6))
    after = pot(state, "r7")
    assert after.scores == (5, 5, 6) and after.over
    assert GAME.to_move(after) is Special.TERMINAL
    both = pot(position((2.0, 0.9), {7: (3.3, 0.3), 8: (3.4, 0.2)}), "r7", "r8")
    assert both.scores == (3, 0, 0) and both.over


def test_a_fault_is_paid_to_every_other_player_and_the_white_goes_round():
    state = position((2.0, 0.9), {1: (3.3, 0.3), 2: (1.0, 1.5)}, scores=(2, 1, 0), turn=1)
    missed = GAME.after(state, shot(state, [], {"white": (1.0, 0.4)}))
    assert missed.scores == (3, 1, 1) and missed.turn == 2
    assert rules(state, missed) == ["shell_out#penalties", "shell_out#penalties"]
    assert not missed.in_hand() and "miss" in missed.said
    # then the third player goes in off: pays each other one, and the first plays from the D
    in_off = GAME.after(missed, shot(missed, [("ball", "white", "r2"), ("pocket", "white", "bottom left")],
                                     {"white": None}))
    assert in_off.scores == (4, 2, 1) and in_off.turn == 0 and in_off.in_hand()


def test_reds_taken_by_a_faulty_stroke_are_lost_to_the_game_and_nothing_is_put_up():
    state = position((2.0, 0.9), {1: (3.3, 0.3), 2: (1.0, 1.5), 3: (2.5, 1.2)})
    after = GAME.after(state, shot(state, [("ball", "white", "r1"), ("pocket", "r1", "top right"),
                                           ("pocket", "white", "top right")], {"white": None, "r1": None}))
    assert after.scores == (0, 1, 1) and after.reds_on_table() == 2
    assert after.balls[1] is None and "lost to the game" in after.said


def test_a_fault_off_the_last_red_is_double_and_ends_the_game():
    state = position((2.0, 0.9), {9: (3.3, 0.3)}, scores=(4, 4, 4))
    after = GAME.after(state, shot(state, [], {"white": (1.0, 0.4)}))
    assert after.scores == (4, 6, 6) and after.over and after.balls[9] is not None
    outcome = GAME.outcome(after)
    assert outcome.results == (0.0, 0.5, 0.5)          # two share the most
    assert outcome.rule == "shell_out#the-game"


def test_the_settlement_of_differences():
    """Broadfoot's example: scores of nine, three and four; the first receives six from the
    second and five from the third, the third one from the second."""
    assert counters((9, 3, 4)) == (11, -7, -4)
    assert sum(counters((9, 3, 4, 0, 7))) == 0
    over = position(None, {}, scores=(9, 3, 4), over=True)
    outcome = GAME.outcome(over)
    assert outcome.results == (1.0, 0.0, 0.0) and outcome.scores == (11, -7, -4)
    assert GAME.score_text(over, 0) == "9 balls · +11 counters"
    assert GAME.status_parts(over) == ["3 players", "0 reds left"]


def test_there_is_no_single_pool():
    state = position((1.0, 0.9), {4: (2.5, 0.9), 5: (3.0, 1.5)})
    after = pot(state, "r5")
    assert after.reds_on_table() == 1 and after.cue_ball() == "white"
    quiet = GAME.after(after, shot(after, [("ball", "white", "r4")], {"white": (2.2, 0.9)}))
    assert quiet.cue_ball() == "white" and quiet.turn == 1
