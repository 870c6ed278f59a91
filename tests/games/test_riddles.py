"""Riddles: the project's own collection, the forgiving match, the turns round the table, hints
and their price, giving up, the score, what a view hides, and each refusal's law."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.games.parlour.riddles import (
    GAME,
    HINT_COST,
    RIGHT_POINTS,
    Deal,
    Guess,
    Hint,
    Pass,
    Riddle,
    RiddlesState,
    collection,
    edit_distance,
    hint_texts,
    matches,
    words,
)
from compendium.paths import resources_dir, rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal

SEEDCOPY = Path("/work/shared/tools/seedcopy.py")
BANKS = Riddle("conundrum", "Why is a river like a rich man?", "Because it has two banks.",
               ("banks", "two banks", "bank"), "A river has banks, and so has a rich man.", ("it runs",))


def riddle_at(number: int) -> Riddle:
    return collection()[number]


def dealt(players: int = 3, riddles: int = 5, seed: int = 11) -> RiddlesState:
    state = GAME.initial_state({"players": players, "riddles": riddles})
    assert GAME.to_move(state) is Special.CHANCE
    return GAME.apply(state, Deal(seed))


def wrong_for(state: RiddlesState, k: int = 0) -> str:
    return f"quite wrong number {k}"


# -- the collection ------------------------------------------------------------------------------
def test_the_collection_has_sixty_riddles_and_more_each_with_answers_and_a_reason():
    riddles = collection()
    assert len(riddles) >= 60
    assert len({r.question for r in riddles}) == len(riddles)
    kinds = {r.kind for r in riddles}
    assert {"conundrum", "when", "charade"} <= kinds
    for r in riddles:
        assert r.question.endswith(("?", ".")) and r.answer and r.accept and r.wrong, r.question
        assert r.reason and "\n" not in r.reason and len(r.reason) < 120, r.question
        # the answer as said is itself a right guess, and no plausible wrong answer is right
        assert matches(r.answer, r), r.answer
        for wrong in r.wrong:
            assert not matches(wrong, r), (r.question, wrong)


def test_the_file_and_the_page_say_the_riddles_are_the_projects_own():
    data = json.loads((resources_dir() / "riddles" / "riddles.json").read_text(encoding="utf-8"))
    assert "own" in data["about"] and "seed" in data["about"]
    page = (rules_dir() / "riddles.md").read_text(encoding="utf-8")
    assert "the riddles are the Compendium's own" in page


@pytest.mark.skipif(not SEEDCOPY.is_file(), reason="the seedcopy tool is not on this machine")
def test_nothing_is_copied_from_the_seed_books():
    files = [str(resources_dir() / "riddles" / "riddles.json"), str(rules_dir() / "riddles.md")]
    done = subprocess.run([sys.executable, str(SEEDCOPY), *files], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


# -- matching (riddles#guessing) -------------------------------------------------------------------
@pytest.mark.parametrize("guess", [
    "banks", "BANKS!", "The banks.", "Because it has two banks", "it's got banks, of course",
    "bnaks",                 # two letters swapped: one slip in five letters
    "bankss",                # a letter too many
    "Bänks",                 # an accent does not count
])
def test_a_guess_is_matched_forgivingly(guess):
    assert matches(guess, BANKS)


@pytest.mark.parametrize("guess", ["money", "it runs", "b", "the", "bxnxs", "blinks", "a bench"])
def test_a_wrong_guess_is_wrong(guess):
    assert not matches(guess, BANKS)          # two slips in five letters are too many


def test_articles_spaces_and_alternatives():
    carpet = next(r for r in collection() if r.answer == "Carpet.")
    assert matches("a car pet", carpet) and matches("CARPET", carpet) and matches("carpit", carpet)
    baker = next(r for r in collection() if "baker" in r.question)
    assert matches("he needs bread", baker) and matches("kneads", baker)   # both spellings of the pun
    assert words("The Tea's in it!") == ["teas", "in", "it"]


def test_short_answers_must_be_spelt_right():
    wrung = next(r for r in collection() if "wrung" in r.accept)
    assert matches("wrung", wrung) and matches("when it is rung", wrung)
    assert not matches("when it is hung", wrung)    # four letters: no slip forgiven
    pea = next(r for r in collection() if "pea" in r.accept)
    assert matches("P", pea) and matches("pea", pea) and not matches("b", pea)


def test_edit_distance_counts_a_swap_as_one_and_stops_at_its_limit():
    assert edit_distance("bnaks", "banks", 2) == 1
    assert edit_distance("kitten", "sitting", 5) == 3
    assert edit_distance("abcdefgh", "zzzzzzzz", 2) == 3


def test_the_hints_are_the_letters_then_the_first_letter():
    assert hint_texts(BANKS) == ("5 letters", "it begins with B")
    mouth = next(r for r in collection() if r.accept[0] == "down in the mouth")
    assert hint_texts(mouth)[0] == "3 words, of 4, 2, 5 letters"


# -- legal play, each with its law -----------------------------------------------------------------
def test_legal_a_right_guess_scores_two_and_puts_the_next_riddle():
    state = dealt()
    first = state.current
    state = GAME.apply(state, Guess(first.accept[0]))
    assert state.scores == (RIGHT_POINTS, 0, 0) and state.told[-1].seat == 0
    assert state.current == riddle_at(state.order[1]) and state.asked == 1
    assert state.turn == 1 and state.opener == 1      # the first try passes to the left
    events = GAME.score_events(state)
    assert [(e.seat, e.points, e.rule) for e in events] == [(0, 2, "riddles#scoring")]


def test_legal_a_wrong_guess_passes_the_turn_and_stays_on_the_table():
    state = GAME.apply(dealt(), Guess("quite wrong"))
    assert state.turn == 1 and state.said[-1].text == "quite wrong" and state.asked == 0
    assert state.scores == (0, 0, 0)
    assert GAME.rules_section(state) == "guessing"


def test_legal_a_hint_costs_a_point_and_keeps_the_turn():
    state = GAME.apply(dealt(), Hint())
    assert state.scores[0] == -HINT_COST and state.turn == 0
    assert state.hints == (hint_texts(state.current)[0],)
    state = GAME.apply(state, Hint())
    assert len(state.hints) == 2 and state.scores[0] == -2
    assert [e.rule for e in GAME.score_events(state)] == ["riddles#hints"] * 2


def test_legal_a_pass_and_a_whole_round_of_passes_gives_the_riddle_up():
    state = dealt()
    for _ in range(3):
        state = GAME.apply(state, Pass())
    assert state.asked == 1 and state.told[-1].seat is None and state.scores == (0, 0, 0)


def test_legal_twice_round_the_table_and_the_room_gives_up():
    state = dealt(players=2)
    for k in range(4):
        assert state.asked == 0
        state = GAME.apply(state, Guess(wrong_for(state, k)))
    assert state.asked == 1 and state.told[-1].seat is None


def test_legal_the_game_ends_after_the_last_riddle_and_the_best_score_wins():
    state = dealt(players=2, riddles=5)
    for k in range(5):
        state = GAME.apply(state, Guess(state.current.accept[0]))   # 0, 1, 0, 1, 0 guess first
    assert GAME.to_move(state) is Special.TERMINAL
    out = GAME.outcome(state)
    assert out is not None and out.results == (1.0, 0.0) and out.scores == (6, 4)
    assert out.rule == "riddles#scoring"


def test_a_tie_at_the_top_is_shared():
    state = dealt(players=2, riddles=5)
    state = GAME.apply(state, Guess(state.current.accept[0]))
    state = GAME.apply(state, Guess(state.current.accept[0]))
    from compendium.core.frozen import replace
    state = replace(state, current=None, asked=5)
    assert GAME.outcome(state).results == (0.5, 0.5)


# -- refusals, each with its law -------------------------------------------------------------------
def test_illegal_an_empty_guess():
    assert refusal(GAME, dealt(), Guess(" the ... ")).rule == "riddles#guessing"


def test_illegal_a_guess_already_refused():
    state = GAME.apply(dealt(), Guess("quite wrong"))
    err = refusal(GAME, state, Guess("Quite, wrong!"))
    assert err.rule == "riddles#guessing" and "already" in str(err)


def test_illegal_a_speech_instead_of_a_guess():
    speech = "banks " * 11
    assert refusal(GAME, dealt(), Guess(speech)).rule == "riddles#guessing"


def test_illegal_a_third_hint():
    state = GAME.apply(GAME.apply(dealt(), Hint()), Hint())
    assert refusal(GAME, state, Hint()).rule == "riddles#hints"


def test_illegal_a_second_shuffle_and_a_guess_before_the_first():
    assert refusal(GAME, dealt(), Deal(4)).rule == "riddles#the-riddles"
    from compendium.core.errors import IllegalAction
    with pytest.raises(IllegalAction) as info:
        GAME.apply(GAME.initial_state(), Guess("banks"))
    assert info.value.rule == "riddles#the-riddles"


def test_illegal_anything_after_the_end():
    state = dealt(players=1, riddles=5)
    for _ in range(5):
        state = GAME.apply(state, Guess(state.current.accept[0]))
    assert refusal(GAME, state, Pass()).rule == "riddles#the-end-of-the-game"


def test_every_rule_cited_is_a_heading():
    found = rulesdoc.anchors((rules_dir() / "riddles.md").read_text(encoding="utf-8"))
    assert {"the-riddles", "the-play", "guessing", "hints", "giving-up", "scoring",
            "the-end-of-the-game", "sources-and-decisions"} <= found


# -- what a seat sees -------------------------------------------------------------------------------
def test_the_view_hides_the_answer_and_the_riddles_to_come():
    state = dealt(riddles=10)
    view = GAME.view(state, 1)
    assert view.current.question == state.current.question
    assert state.current.answer not in repr(view) and state.current.reason not in repr(view)
    assert view.order[1:] == (-1,) * 9
    state = GAME.apply(state, Guess(state.current.accept[0]))
    view = GAME.view(state, 1)
    assert view.told[-1].riddle.answer                      # told, it is public


def test_the_legal_guesses_are_the_same_whatever_the_riddle():
    a, b = dealt(seed=1), dealt(seed=2)
    assert a.current != b.current
    assert GAME.legal_actions(a, 0) == GAME.legal_actions(b, 0)


def test_text_forms_round_trip():
    state = dealt()
    for action in (Guess("Two banks"), Hint(), Pass(), Deal(7)):
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action
    with pytest.raises(NotationError):
        GAME.action_from_str(state, "shout banks")
