"""Tit-Tat-Toe: the figure, where a pencil point rests, the book's scoring and striking out, the
landing as a recorded chance event, the aimed variant, and each refusal's law."""
from __future__ import annotations

import math

import pytest

from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.parlour.tit_tat_toe import (
    BY_VALUE,
    CROWN_R,
    FIGURE,
    GAME,
    INNER_R,
    LINE,
    RADIUS,
    SLATE_R,
    Aim,
    Land,
    PencilDown,
    TTTState,
    locate,
)
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal


def point_in(value: int) -> tuple[int, int]:
    return BY_VALUE[value].centre


def throw(state: TTTState, x: int, y: int, aim: int | None = None) -> TTTState:
    state = GAME.apply(state, PencilDown() if aim is None else Aim(aim))
    assert GAME.to_move(state) is Special.CHANCE
    return GAME.apply(state, Land(x, y))


# -- the figure ----------------------------------------------------------------------------------
def test_the_figure_has_nineteen_divisions_with_the_books_seventy():
    assert len(FIGURE) == 19
    values = [d.value for d in FIGURE]
    assert len(set(values)) == 19 and 70 in values and values[0] == 100
    assert sum(values) == 100 + sum(range(70, 100, 5)) + sum(range(5, 65, 5))


def test_where_a_point_rests():
    assert locate(0, 0) == ("division", FIGURE[0])
    for d in FIGURE:
        assert locate(*d.centre) == ("division", d), d
    assert locate(0, RADIUS + LINE + 1) == ("outside", None)
    assert locate(0, RADIUS) == ("line", None)
    assert locate(0, CROWN_R + LINE - 1) == ("line", None)
    assert locate(INNER_R, 0) == ("line", None)
    # on the radial line at the top of the outer ring, and just beside it
    r = (INNER_R + RADIUS) // 2
    assert locate(0, r)[0] == "line"
    assert locate(round(r * math.sin(math.radians(5))), round(r * math.cos(math.radians(5)))) == \
        ("division", BY_VALUE[60])


# -- the book's scoring --------------------------------------------------------------------------
def test_the_books_seventy_is_written_under_the_name_and_struck():
    state = GAME.initial_state({"players": 2})
    state = throw(state, *point_in(70))
    assert state.scores == (70, 0) and state.struck[BY_VALUE[70].index]
    assert state.marks[-1].result == "scored" and state.turn == 1
    state = throw(state, *point_in(70))            # the next pencil rests in the struck 70
    assert state.scores == (70, 0) and state.marks[-1].result == "struck"
    assert state.turn == 0


def test_legal_outside_the_circle_or_on_a_line_scores_nothing_and_passes_the_pencil():
    state = GAME.initial_state({"players": 3})
    state = throw(state, 0, 1200)
    assert state.marks[-1].result == "outside" and state.scores == (0, 0, 0) and state.turn == 1
    state = throw(state, 0, INNER_R)
    assert state.marks[-1].result == "line" and state.turn == 2


def test_legal_the_crown_scores_a_hundred():
    state = throw(GAME.initial_state(), 3, -4)
    assert state.scores[0] == 100


def test_legal_eyes_shut_the_only_action_is_to_bring_the_pencil_down():
    state = GAME.initial_state()
    assert GAME.legal_actions(state, 0) == (PencilDown(),)
    assert GAME.legal_actions(state, 1) == ()


def test_legal_an_aimed_pencil_chooses_any_division():
    state = GAME.initial_state({"hand": "steady"})
    legal = GAME.legal_actions(state, 0)
    assert {a.value for a in legal} == {d.value for d in FIGURE}
    state = throw(state, *point_in(95), aim=95)
    assert state.marks[-1].aim == 95 and state.scores[0] == 95


def test_the_game_ends_when_every_division_is_struck_and_the_highest_total_wins():
    state = GAME.initial_state({"players": 2})
    for k, d in enumerate(FIGURE):
        state = throw(state, *d.centre)
    assert GAME.to_move(state) is Special.TERMINAL
    a, b = state.scores
    assert a + b == sum(d.value for d in FIGURE)
    out = GAME.outcome(state)
    assert out is not None and out.rule == "tit_tat_toe#scoring" and out.scores == (a, b)
    assert out.results == ((1.0, 0.0) if a > b else (0.0, 1.0))


def test_a_tie_is_shared():
    state = TTTState(n=2, hand="shut", struck=(True,) * 19, scores=(300, 300))
    assert GAME.outcome(state).results == (0.5, 0.5)


def test_score_events_cite_the_scoring_law():
    state = throw(throw(GAME.initial_state(), *point_in(5)), 0, 1500)
    events = GAME.score_events(state)
    assert [(e.seat, e.points, e.rule) for e in events] == [(0, 5, "tit_tat_toe#scoring")]


# -- illegal actions -----------------------------------------------------------------------------
def test_illegal_aiming_with_eyes_shut():
    assert refusal(GAME, GAME.initial_state(), Aim(70)).rule == "tit_tat_toe#the-play"


def test_illegal_pencil_down_without_aiming_in_the_variant():
    assert refusal(GAME, GAME.initial_state({"hand": "shaky"}), PencilDown()).rule == "tit_tat_toe#aiming-a-variant"


def test_illegal_aiming_at_a_division_the_figure_lacks():
    err = refusal(GAME, GAME.initial_state({"hand": "shaky"}), Aim(33))
    assert err.rule == "tit_tat_toe#the-figure" and "33" in str(err)


def test_illegal_a_landing_before_the_rhyme():
    assert refusal(GAME, GAME.initial_state(), Land(0, 0)).rule == "tit_tat_toe#the-play"


def test_illegal_bringing_the_pencil_down_twice():
    state = GAME.apply(GAME.initial_state(), PencilDown())
    assert refusal(GAME, state, PencilDown()).rule == "tit_tat_toe#the-play"


def test_illegal_anything_after_the_end():
    state = TTTState(n=2, hand="shut", struck=(True,) * 19, scores=(10, 20))
    assert refusal(GAME, state, PencilDown()).rule == "tit_tat_toe#the-end-of-the-game"


def test_every_rule_cited_is_a_heading():
    found = rulesdoc.anchors((rules_dir() / "tit_tat_toe.md").read_text(encoding="utf-8"))
    assert {"the-play", "aiming-a-variant", "the-figure", "scoring", "the-end-of-the-game"} <= found


# -- chance --------------------------------------------------------------------------------------
def test_the_landing_is_a_recorded_chance_event_and_undo_never_throws_again():
    session = Session(GAME, seed=8, human_seats=(0,))
    session.play("pencil down")
    steps = session.steps
    landing = next(s for s in steps if s.actor is Special.CHANCE)
    assert landing.text.startswith("lands ")
    after = session.state
    session.undo()
    session.redo()
    assert session.state == after
    session.undo()
    session.play("pencil down")                  # played again: the same point, derived from the seed
    assert session.state.marks[0] == after.marks[0]


def test_eyes_shut_the_point_falls_anywhere_over_the_slate():
    state = GAME.apply(GAME.initial_state(), PencilDown())
    points = [GAME.chance_action(state, seed) for seed in range(3000)]
    assert all(p.x * p.x + p.y * p.y <= SLATE_R * SLATE_R for p in points)
    outside = sum(1 for p in points if locate(p.x, p.y)[0] == "outside") / len(points)
    expected = 1 - (RADIUS + LINE) ** 2 / SLATE_R ** 2
    assert abs(outside - expected) < 0.03
    # no part of the slate is favoured: the four quarters get about the same share
    quarters = [sum(1 for p in points if (p.x >= 0) == east and (p.y >= 0) == north)
                for east in (True, False) for north in (True, False)]
    assert max(quarters) - min(quarters) < 200


def test_a_steadier_hand_scatters_less():
    def spread(hand: str) -> float:
        state = GAME.apply(GAME.initial_state({"hand": hand}), Aim(100))
        points = [GAME.chance_action(state, seed) for seed in range(2000)]
        return math.sqrt(sum(p.x * p.x + p.y * p.y for p in points) / len(points) / 2)
    shaky, steady = spread("shaky"), spread("steady")
    assert 300 < shaky < 360 and 125 < steady < 155


def test_text_forms():
    state = GAME.initial_state()
    for action in (PencilDown(), Aim(70), Land(-12, 345)):
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action
    for bad in ("aim seventy", "lands 1", "throw"):
        with pytest.raises(NotationError, match=repr(bad)):
            GAME.action_from_str(state, bad)
