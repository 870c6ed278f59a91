"""Ghost: the book's rules, the law behind each refusal, the word list, and the book's example
(catalogue 6.17) replayed letter by letter."""
from __future__ import annotations

import pytest

from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.parlour.ghost import (
    GAME,
    Challenge,
    GhostState,
    GiveUp,
    Letter,
    Name,
    dictionary,
    ghost_fraction,
    vocabulary,
)
from compendium.paths import resources_dir, rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal


def play(state: GhostState, *moves: str) -> GhostState:
    for text in moves:
        state = GAME.apply(state, GAME.action_from_str(state, text))
    return state


def anchors() -> set[str]:
    return rulesdoc.anchors((rules_dir() / "ghost.md").read_text(encoding="utf-8"))


# -- the book's example (catalogue 6.17) ---------------------------------------------------------
def test_the_books_example_plover_then_bonnet_with_five_players():
    state = GAME.initial_state({"players": 5})
    state = play(state, "p", "l", "o", "v")
    assert state.letters == "plov" and state.writers == (0, 1, 2, 3) and state.turn == 4
    state = play(state, "challenge")
    assert GAME.to_move(state) == 3            # the writer of V must name his word
    state = play(state, "word plover")
    assert state.lives == (3, 3, 3, 3, 2)      # the challenger loses a life
    assert state.losses[-1].how == "challenged wrongly" and state.losses[-1].word == "plover"
    assert state.letters == "" and state.turn == 0   # the player after the challenger begins
    state = play(state, "b", "o", "n", "n", "e")
    assert state.letters == "bonne"            # nobody has completed a word yet
    state = play(state, "t")                   # the sixth letter finishes BONNET
    assert state.losses[-1].seat == 0 and state.losses[-1].how == "completed"
    assert state.losses[-1].letters == "bonnet"
    assert state.lives == (2, 3, 3, 3, 2) and state.turn == 1


def test_the_books_example_at_a_table_of_eight_the_sixth_player_of_the_round_finishes():
    state = GAME.initial_state({"players": 8})
    state = play(state, "p", "l", "o", "v", "challenge", "word plover")
    assert state.lives[4] == 2 and state.turn == 5
    state = play(state, "b", "o", "n", "n", "e", "t")
    # players 5, 6, 7, 0, 1 add B O N N E; the sixth, seat 2, must add the T
    assert state.losses[-1].seat == 2 and state.lives[2] == 2


def test_every_word_of_the_example_is_judged_by_the_list():
    words = dictionary()
    for word in ("play", "plough", "plover", "bat", "bone", "bonnet"):
        assert word in words, word
    for fragment in ("plo", "plov", "bon", "bonn", "bonne"):
        assert fragment not in words, fragment


# -- legal actions -------------------------------------------------------------------------------
def test_legal_any_letter_and_no_challenge_on_an_empty_table():
    state = GAME.initial_state()
    legal = GAME.legal_actions(state, 0)
    assert [a.letter for a in legal] == list("abcdefghijklmnopqrstuvwxyz")
    assert Challenge() not in legal
    assert GAME.legal_actions(state, 1) == ()   # not his turn


def test_legal_adding_a_letter_passes_the_turn_to_the_left():
    state = play(GAME.initial_state(), "q")
    assert state.letters == "q" and state.turn == 1
    assert Challenge() in GAME.legal_actions(state, 1)


def test_legal_a_bluff_is_a_legal_letter():
    state = play(GAME.initial_state({"players": 3}), "q", "x")
    assert state.letters == "qx" and not dictionary().extends("qx", 3)


def test_legal_a_challenged_player_names_a_word_or_gives_up():
    state = play(GAME.initial_state({"players": 3}), "p", "l", "o", "challenge")
    legal = GAME.legal_actions(state, 2)
    names = {a.word for a in legal if isinstance(a, Name)}
    assert "plover" in names and "plough" in names
    assert all(w.startswith("plo") and len(w) > 3 for w in names)
    assert legal[-1] == GiveUp()


def test_legal_giving_up_costs_the_writer_a_life():
    state = play(GAME.initial_state({"players": 3}), "q", "x", "challenge", "give up")
    assert state.lives == (3, 2, 3)
    assert state.losses[-1].how == "could not name a word"
    assert state.turn == 0                      # the player after the challenger (seat 2) begins


def test_legal_two_letter_words_do_not_count_but_three_do():
    state = play(GAME.initial_state({"players": 2}), "b", "e")
    assert state.letters == "be"               # "be" is no loss
    state = play(state, "d")
    assert state.losses[-1].letters == "bed" and state.lives == (2, 3)


def test_option_four_letter_words():
    state = play(GAME.initial_state({"players": 2, "shortest": 4}), "b", "a", "t")
    assert state.letters == "bat" and not state.losses
    state = play(state, "h")
    assert state.losses[-1].letters == "bath" and state.lives == (3, 2)
    # and a named word must then be four letters or more
    state = play(GAME.initial_state({"players": 2, "shortest": 4}), "b", "a", "challenge")
    assert "word bat" not in {GAME.action_to_str(a) for a in GAME.legal_actions(state, 0)}
    assert refusal(GAME, state, "word bat").rule == "ghost#which-words-count"


# -- illegal actions, each with its law ----------------------------------------------------------
def test_illegal_a_letter_while_challenged():
    state = play(GAME.initial_state(), "p", "l", "challenge")
    assert refusal(GAME, state, "o").rule == "ghost#challenging"


def test_illegal_a_challenge_with_no_letter_on_the_table():
    assert refusal(GAME, GAME.initial_state(), "challenge").rule == "ghost#challenging"


def test_illegal_a_second_challenge():
    state = play(GAME.initial_state(), "p", "l", "challenge")
    assert refusal(GAME, state, "challenge").rule == "ghost#challenging"


def test_illegal_naming_a_word_unchallenged_or_giving_up_unchallenged():
    state = play(GAME.initial_state(), "p")
    assert refusal(GAME, state, "word play").rule == "ghost#challenging"
    assert refusal(GAME, state, "give up").rule == "ghost#challenging"


def test_illegal_naming_a_word_that_does_not_begin_with_the_letters():
    state = play(GAME.initial_state(), "p", "l", "challenge")
    err = refusal(GAME, state, "word apple")
    assert err.rule == "ghost#challenging" and "'apple'" in str(err) and "PL" in str(err)


def test_illegal_naming_something_that_is_not_a_word():
    state = play(GAME.initial_state(), "p", "l", "challenge")
    err = refusal(GAME, state, "word plxyzzy")
    assert err.rule == "ghost#which-words-count" and "'plxyzzy'" in str(err)


def test_illegal_naming_only_the_letters_themselves():
    state = play(GAME.initial_state(), "p", "l", "challenge")
    assert refusal(GAME, state, "word pl").rule == "ghost#which-words-count"


def test_illegal_a_letter_that_is_not_a_to_z():
    state = GAME.initial_state()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, Letter("7"))
    assert info.value.rule == "ghost#adding-a-letter"


def test_illegal_anything_once_the_game_is_over():
    state = GhostState(n=2, shortest=3, lives=(3, 1), turn=0)
    state = play(state, "q", "x", "challenge", "give up")    # seat 1's last life
    assert state.over and GAME.to_move(state) is Special.TERMINAL
    assert refusal(GAME, state, "a").rule == "ghost#the-end-of-the-game"


def test_every_rule_cited_is_a_heading_of_the_page():
    cited = {"adding-a-letter", "challenging", "which-words-count", "the-end-of-the-game",
             "completing-a-word", "the-play"}
    assert cited <= anchors()


# -- lives, ghosts and the end -------------------------------------------------------------------
def test_a_ghost_is_passed_over_and_the_last_player_in_wins():
    state = GhostState(n=3, shortest=3, lives=(3, 0, 1), turn=0)
    assert ghost_fraction(state.lives[1]) == "a ghost" and ghost_fraction(2) == "a third of a ghost"
    state = play(state, "q")
    assert state.turn == 2                     # seat 1 is a ghost: his turn is passed over
    state = play(state, "x", "challenge", "give up")   # seat 2 bluffed and loses his last life
    assert state.over and GAME.outcome(state).results == (1.0, 0.0, 0.0)


def test_the_outcome_names_the_survivor():
    state = GhostState(n=3, shortest=3, lives=(0, 1, 0), turn=None)
    out = GAME.outcome(state)
    assert out is not None and out.results == (0.0, 1.0, 0.0) and out.scores == (0, 1, 0)
    assert out.rule == "ghost#the-end-of-the-game"


def test_score_events_cite_their_laws():
    state = play(GAME.initial_state({"players": 3}), "q", "x", "challenge", "give up", "b", "e", "d")
    events = GAME.score_events(state)
    assert [(e.seat, e.points) for e in events] == [(1, -1), (2, -1)]   # B-E-D ends on seat 2
    assert [e.rule for e in events] == ["ghost#challenging", "ghost#completing-a-word"]


# -- text ----------------------------------------------------------------------------------------
def test_text_forms_round_trip_and_bad_text_is_quoted():
    state = GAME.initial_state()
    for action in (Letter("a"), Challenge(), Name("plover"), GiveUp()):
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action
    assert GAME.action_from_str(state, "Letter P") == Letter("p")
    for bad in ("ab", "word 12", "shout", ""):
        with pytest.raises(NotationError, match=repr(bad)):
            GAME.action_from_str(state, bad)


def test_a_session_undoes_a_challenge_back_to_the_letter():
    session = Session(GAME, {"players": 2}, seed=1, human_seats=(0, 1))
    for text in ("p", "l", "challenge", "word play"):
        session.play(text)
    assert session.state.lives == (2, 3)        # seat 0 challenged PL wrongly
    session.undo()
    assert session.state.challenger == 0 and session.state.lives == (3, 3)


# -- the word list -------------------------------------------------------------------------------
def test_the_word_list_is_shipped_with_its_licence():
    folder = resources_dir() / "words"
    assert (folder / "SCOWL-COPYRIGHT").read_text(encoding="utf-8").count("Kevin Atkinson") >= 1
    assert "GPL" in (folder / "README.md").read_text(encoding="utf-8")
    words = dictionary()
    assert 70_000 < len(words) < 90_000
    assert all(w.isascii() and w.isalpha() and w.islower() and len(w) >= 3 for w in words.words[::97])
    # SCOWL's abbreviations, proper names and Roman numerals are left out
    for odd in ("etc", "xii", "london", "mph"):
        assert odd not in words, odd


def test_smaller_vocabularies_are_common_words_only():
    small, middle, full = vocabulary(35), vocabulary(50), dictionary()
    assert len(small) < len(middle) < len(full)
    assert set(small.words) <= set(middle.words) <= set(full.words)
    assert "plover" not in small and "plover" in middle


def test_prefix_questions():
    words = dictionary()
    assert words.extends("plov", 3) and not words.extends("plxq", 3)
    assert set(words.next_letters("plo")) >= {"v", "u", "t", "d"}
    assert "q" not in words.next_letters("plo")
    assert all(w.startswith("bonn") for w in words.starting("bonn"))
