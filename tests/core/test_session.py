"""The session: the deal, play, undo and redo, restart, listeners, records and replay, with
Canfield or Klondike as the game.

Deal 3 starts with the ace of diamonds on pile 1 and the ace of hearts on pile 2, the six of
spades on pile 3 and the knave of diamonds on pile 4."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from compendium.core import records
from compendium.core.errors import CompendiumError, IllegalAction, NotationError, RecordError
from compendium.core.game import Special
from compendium.core.records import Record
from compendium.core.session import Session, Step
from compendium.games.patience.engine import Deal, Move
from compendium.games.patience.klondike import GAME

DATA = Path(__file__).resolve().parents[1] / "games" / "data"
SEED = 3


def new(seed: int = SEED, **kwargs) -> Session:
    return Session(GAME, seed=seed, **kwargs)


def snapshot(session: Session) -> tuple:
    return (session.state, session.steps, session.can_undo, session.can_redo,
            session.record().redo, session.move_count)


# -- the deal --------------------------------------------------------------------------------
def test_a_new_session_is_dealt():
    session = new()
    assert session.steps == (Step(Special.CHANCE, Deal(SEED), f"deal {SEED}"),)
    assert session.actions_text == (f"deal {SEED}",)
    assert session.to_move() == 0
    assert session.state.deal_seed == SEED and len(session.state.deck) == 52
    assert session.move_count == 0


def test_the_deal_cannot_be_undone():
    session = new()
    assert not session.can_undo
    assert session.undo() is False
    assert session.steps[0].text == f"deal {SEED}"
    assert not session.can_redo and session.redo() is False


def test_the_same_seed_deals_the_same_cards():
    assert new(143).state == new(143).state
    assert new(143).state != new(144).state


def test_options_are_resolved_and_checked():
    assert new(options={"draw": 3}).options == {"draw": 3, "passes": 1, "runs": "whole",
                                                "from_foundation": False}
    with pytest.raises(NotationError, match="draw"):
        new(options={"draw": 2})
    with pytest.raises(NotationError, match="colour"):
        new(options={"colour": "red"})


@pytest.mark.parametrize("text, expected", [
    ("draw=3", ("draw", 3)), (" passes = 0 ", ("passes", 0)), ("runs=PART", ("runs", "part")),
    ("from_foundation=yes", ("from_foundation", True)), ("from_foundation=off", ("from_foundation", False)),
    ("from_foundation=1", ("from_foundation", True))])
def test_an_option_from_the_command_line(text, expected):
    assert GAME.option_from_str(text) == expected


@pytest.mark.parametrize("text, words", [
    ("draw", "not an option such as name=value"), ("=3", "not an option such as name=value"),
    ("colour=red", "has no option 'colour' (its options: draw, from_foundation, passes, runs)"),
    ("draw=2", "draw='2' is not one of 1, 3"), ("from_foundation=maybe", "is not one of no, yes"),
    ("draw=" + "9" * 5000, "characters")])
def test_a_bad_option_from_the_command_line_is_refused_quoting_it(text, words):
    with pytest.raises(NotationError) as info:
        GAME.option_from_str(text)
    assert words in str(info.value) and len(str(info.value)) < 300
    assert isinstance(info.value, ValueError)


# -- playing ---------------------------------------------------------------------------------
def test_play_by_text_and_by_action_agree():
    by_text, by_action = new(), new()
    by_text.play("t1>f1")
    by_action.play(Move("t1", "f1"))
    assert by_text.state == by_action.state
    assert by_text.actions_text == by_action.actions_text == (f"deal {SEED}", "t1>f1")
    assert by_text.steps[-1] == Step(0, Move("t1", "f1"), "t1>f1")
    assert by_text.move_count == 1 and by_text.can_undo


def test_play_returns_the_new_state():
    session = new()
    assert session.play("draw") is session.state


@pytest.mark.parametrize("action", ["t3>t4", Move("t3", "t4"), "redeal", "t1>t2", "deal 5", Deal(5)])
def test_an_illegal_play_changes_nothing(action):
    session = new()
    session.play("t1>f1")
    session.play("draw")
    session.undo()                      # leaves something on the redo stack
    before = snapshot(session)
    with pytest.raises(IllegalAction) as info:
        session.play(action)
    assert info.value.reason
    assert snapshot(session) == before


def test_an_illegal_play_cites_its_rule():
    session = new()
    with pytest.raises(IllegalAction) as info:
        session.play("t3>t4")           # a black six on a red knave
    assert info.value.rule == "canfield_or_klondike#building-on-the-tableau"
    assert "six of spades" in str(info.value)


@pytest.mark.parametrize("text", ["", "hello", "t9>f1", "t1>", "t1>t2*0", "t1>t2*x", "deal -1",
                                  "deal 99999999999999999999999", "draw draw",
                                  # characters str.isdigit accepts but int() does not
                                  "deal \u00b2", "t1>f1*\u00b2", "t1>f1*\u2460"])
def test_bad_text_raises_notation_error_and_changes_nothing(text):
    session = new()
    session.play("t1>f1")
    session.undo()
    before = snapshot(session)
    with pytest.raises(NotationError) as info:
        session.play(text)
    assert repr(text) in str(info.value)
    assert snapshot(session) == before


def test_no_play_once_the_game_is_over():
    record = records.loads((DATA / "klondike_win_143.json").read_text(encoding="utf-8"))
    session = Session.from_record(record)
    assert session.to_move() is Special.TERMINAL
    before = snapshot(session)
    with pytest.raises(IllegalAction, match="over"):
        session.play("draw")
    assert snapshot(session) == before


# -- undo and redo ---------------------------------------------------------------------------
def test_undo_and_redo_are_symmetric():
    session = new()
    states = [session.state]
    for text in ("t1>f1", "t2>f2", "draw", "draw", "draw"):
        session.play(text)
        states.append(session.state)
    texts = session.actions_text
    for expected in reversed(states[:-1]):
        assert session.undo() is True
        assert session.state == expected
    assert not session.can_undo and session.undo() is False
    assert session.actions_text == (f"deal {SEED}",)
    for expected in states[1:]:
        assert session.redo() is True
        assert session.state == expected
    assert session.redo() is False
    assert session.actions_text == texts


def test_a_new_play_after_undo_clears_redo():
    session = new()
    session.play("t1>f1")
    session.play("t2>f2")
    session.undo()
    assert session.can_redo
    session.play("draw")
    assert not session.can_redo
    assert session.redo() is False
    assert session.actions_text == (f"deal {SEED}", "t1>f1", "draw")


def test_continue_turn_joins_the_previous_turn():
    session = new()
    start = session.state
    session.play("t1>f1")
    session.play("t2>f2", continue_turn=True)      # as the table's automatic move home does
    assert session.move_count == 2
    assert session.undo() is True
    assert session.state == start
    assert not session.can_undo
    assert session.redo() is True
    assert session.actions_text == (f"deal {SEED}", "t1>f1", "t2>f2")


def test_continue_turn_with_no_turn_to_join_starts_one():
    session = new()
    session.play("draw", continue_turn=True)
    assert session.can_undo
    session.undo()
    assert session.actions_text == (f"deal {SEED}",)


def test_restart_returns_to_the_deal():
    session = new()
    dealt = session.state
    for text in ("t1>f1", "t2>f2", "draw"):
        session.play(text)
    session.undo()
    session.restart()
    assert session.state == dealt
    assert session.actions_text == (f"deal {SEED}",)
    assert not session.can_undo and not session.can_redo
    assert session.move_count == 0


def test_listeners_hear_play_undo_redo_and_restart():
    session = new()
    heard: list[tuple[str, ...]] = []
    session.listeners.append(lambda s: heard.append(s.actions_text))
    session.play("t1>f1")
    session.undo()
    session.redo()
    assert heard == [(f"deal {SEED}", "t1>f1"), (f"deal {SEED}",), (f"deal {SEED}", "t1>f1")]
    heard.clear()
    session.restart()
    assert heard and heard[-1] == (f"deal {SEED}",)
    heard.clear()
    with pytest.raises(IllegalAction):
        session.play("t3>t4")
    session.undo()                        # nothing to undo: no news
    assert heard == []


def test_move_count_counts_human_moves_only():
    session = new()
    assert session.move_count == 0       # the deal is chance's
    session.play("draw")
    session.play("t1>f1")
    assert session.move_count == 2
    session.undo()
    assert session.move_count == 1
    spectator = Session(GAME, seed=SEED, human_seats=())
    spectator.play("draw")                # a computer seat's move
    assert spectator.move_count == 0
    assert not spectator.can_undo         # undo steps back only to human decisions


# -- records and replay ------------------------------------------------------------------------
def played(seed: int = SEED) -> Session:
    session = new(seed, options={"passes": 3})
    for text in ("t1>f1", "t2>f2", "draw", "draw", "draw", "draw"):
        session.play(text)
    session.undo()
    session.undo()
    return session


def test_record_and_replay_round_trip_with_redo():
    session = played()
    record = session.record(player="Ada")
    assert record.game == "canfield_or_klondike" and record.seed == SEED
    assert record.options["passes"] == 3
    assert record.actions == (f"deal {SEED}", "t1>f1", "t2>f2", "draw", "draw")
    assert record.redo == ("draw", "draw")
    assert record.meta == {"player": "Ada"}
    text = records.dumps(record)
    back = Session.from_record(records.loads(text), source_text=text)
    assert back.state == session.state
    assert back.steps == session.steps
    assert back.record(player="Ada") == record
    assert back.can_undo and back.can_redo
    assert back.redo() and back.redo() and not back.redo()
    session.redo()
    session.redo()
    assert back.state == session.state
    while back.undo():
        pass
    assert back.actions_text == (f"deal {SEED}",)


def test_replay_of_an_empty_action_list_deals_from_the_seed():
    back = Session.from_record(Record(game="canfield_or_klondike", options={}, seed=143, actions=()))
    assert back.actions_text == ("deal 143",)
    assert back.state == new(143).state


def test_replay_of_the_golden_won_game():
    text = (DATA / "klondike_win_143.json").read_text(encoding="utf-8")
    session = Session.from_record(records.loads(text), source_text=text)
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,)
    assert outcome.scores == (208,)


def test_a_record_can_name_the_game_by_alias():
    back = Session.from_record(Record(game="klondike", options={}, seed=3, actions=("deal 3", "t1>f1")))
    assert back.game is GAME and back.actions_text == ("deal 3", "t1>f1")


@pytest.mark.parametrize("game_id", ["no_such_game", "pool"])
def test_unknown_or_unplayable_game_in_a_record(game_id, monkeypatch):
    from compendium.games import registry
    monkeypatch.delitem(registry.ENGINES, "pool")    # every game is playable now: one made reference
    with pytest.raises(CompendiumError) as info:
        Session.from_record(Record(game=game_id, options={}, seed=1, actions=()))
    # UnknownGame (a CompendiumError) naming the game
    assert game_id in str(info.value).lower()
    assert "Traceback" not in str(info.value)


@pytest.mark.parametrize("options", [{"draw": 2}, {"colour": "red"}, {"passes": "1"}])
def test_bad_options_in_a_record(options):
    with pytest.raises(RecordError, match="bad options"):
        Session.from_record(Record(game="canfield_or_klondike", options=options, seed=1, actions=()))


@pytest.mark.parametrize("options", [{"draw": True}, {"from_foundation": 0}, {"from_foundation": 1},
                                     {"passes": False}])
def test_options_of_the_wrong_type_are_not_taken_for_a_choice(options):
    """JSON true is not the number 1 and 0 is not false: a record's options either resolve to
    exactly the declared choices or are refused; they are never kept as a look-alike."""
    record = Record(game="canfield_or_klondike", options=options, seed=3, actions=())
    try:
        session = Session.from_record(record)
    except RecordError as exc:
        assert "bad options" in str(exc)
        return
    for spec in GAME.option_specs:
        value = session.options[spec.name]
        assert any(value == c and type(value) is type(c) for c in spec.choices), (spec.name, value)


def test_an_illegal_action_in_a_record_names_its_line():
    record = played().record()
    record = dataclasses.replace(record, actions=record.actions[:2] + ("t3>t4",) + record.actions[2:])
    text = records.dumps(record)
    with pytest.raises(RecordError) as info:
        Session.from_record(records.loads(text), source_text=text)
    error = info.value
    assert error.index == 2 and error.action == "t3>t4"
    assert error.line == text.splitlines().index('    "t3>t4",') + 1
    assert "cannot be replayed" in str(error) and "'t3>t4'" in str(error)


def test_unreadable_action_text_in_a_record():
    record = Record(game="canfield_or_klondike", options={}, seed=3, actions=("deal 3", "fly"))
    with pytest.raises(RecordError, match="fly"):
        Session.from_record(record)


@pytest.mark.parametrize("text", ["fly", "t1>f1*\u00b2", "deal \u00b2"])
def test_unreadable_action_text_in_a_record_is_a_record_error(text):
    record = Record(game="canfield_or_klondike", options={}, seed=3, actions=("deal 3", text))
    with pytest.raises(RecordError) as info:
        Session.from_record(record)
    assert info.value.index == 1 and info.value.action == text


def test_a_move_before_the_deal_in_a_record():
    record = Record(game="canfield_or_klondike", options={}, seed=3, actions=("t1>f1",))
    with pytest.raises(RecordError) as info:
        Session.from_record(record)
    assert info.value.index == 0


def test_an_illegal_action_in_the_redo_list():
    record = dataclasses.replace(played().record(), redo=("draw", "t3>t4"))
    text = records.dumps(record)
    with pytest.raises(RecordError) as info:
        Session.from_record(records.loads(text), source_text=text)
    assert "redo" in str(info.value)
    assert info.value.index == 1
    assert info.value.line == text.splitlines().index('    "t3>t4"') + 1


def test_an_action_after_the_game_is_over():
    data = json.loads((DATA / "klondike_win_143.json").read_text(encoding="utf-8"))
    for key in ("actions", "redo"):
        bad = dict(data)
        bad[key] = data[key] + ["draw"]
        text = json.dumps(bad, indent=1)
        with pytest.raises(RecordError, match="over"):
            Session.from_record(records.loads(text), source_text=text)
