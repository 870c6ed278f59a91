"""Games started from a set-up position, and the clocks kept in a record (record format
version 2): the set-up is kept, replayed, saved and loaded; undo and restart stop at it; a record
without either member is still written as version 1; bad members are refused by name."""
from __future__ import annotations

import json

import pytest

from compendium.core import records
from compendium.core.errors import NotationError, RecordError
from compendium.core.records import Record, dumps, loads
from compendium.core.session import Session, can_set_up
from compendium.games.board.backgammon import GAME as BACKGAMMON
from compendium.games.board.chess_game import GAME as CHESS
from compendium.games.registry import get_game

# Lasker's Diagram 6 is no use here: any legal middle-game position will do.
FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def test_a_session_starts_from_its_setup_and_the_record_keeps_it():
    session = Session(CHESS, seed=3, human_seats=(0, 1), setup=FEN)
    assert session.state.fen == FEN and session.state.start == FEN
    session.play("e1g1")
    session.play("f6e4")
    record = session.record()
    assert record.setup == FEN and record.version == 2
    text = dumps(record)
    data = json.loads(text)
    assert data["version"] == 2 and data["setup"] == FEN
    back = Session.from_record(loads(text), source_text=text)
    assert back.setup == FEN
    assert back.state == session.state
    assert back.actions_text == ("e1g1", "f6e4")


def test_undo_and_restart_never_go_back_past_the_setup():
    session = Session(CHESS, seed=3, human_seats=(0, 1), setup=FEN)
    start = session.state
    for move in ("e1g1", "f6e4", "d2d3"):
        session.play(move)
    while session.undo():
        pass
    assert session.state == start
    assert not session.undo()
    session.play("e1g1")
    session.restart()
    assert session.state == start and session.steps == ()


def test_a_record_without_setup_or_clocks_is_still_version_1():
    session = Session(CHESS, seed=3)
    session.play("e2e4")
    text = dumps(session.record())
    data = json.loads(text)
    assert data["version"] == records.VERSION == 1
    assert "setup" not in data and "clocks" not in data


def test_clocks_are_saved_and_restored():
    session = Session(CHESS, {"clock": "5+0"}, seed=3)
    session.clocks = (281_500, 299_000)
    text = dumps(session.record())
    assert json.loads(text)["clocks"] == [281_500, 299_000]
    back = Session.from_record(loads(text))
    assert back.clocks == (281_500, 299_000)


def test_the_chance_after_a_setup_comes_from_the_seed():
    """Backgammon set up from a position ID: the first throw is a recorded chance event, and the
    same seed throws the same dice when the record is replayed."""
    session = Session(BACKGAMMON, seed=11, setup="4HPwATDgc/ABMA")
    assert session.steps and session.steps[0].text.startswith("roll ")
    back = Session.from_record(loads(dumps(session.record())))
    assert back.steps == session.steps and back.state == session.state


def test_a_bad_setup_is_refused_quoting_it():
    with pytest.raises(NotationError, match="not a FEN"):
        Session(CHESS, setup="this is no position")
    with pytest.raises(NotationError, match="'nonsense'"):
        Session(BACKGAMMON, setup="nonsense")


def test_a_game_that_cannot_be_set_up_says_so():
    klondike = get_game("canfield_or_klondike")
    assert not can_set_up(klondike) and can_set_up(CHESS)
    with pytest.raises(NotationError, match="cannot start from a set-up position"):
        Session(klondike, setup="anything")


def valid_v2() -> dict:
    return {"format": "compendium-record", "version": 2, "game": "chess", "options": {},
            "seed": 1, "human_seats": [0], "meta": {}, "setup": FEN, "clocks": [1000, 2000],
            "actions": ["e1g1"], "redo": []}


def test_a_record_whose_setup_cannot_be_read_names_it():
    data = valid_v2()
    data["setup"] = "8/8/8/8/8/8/8/8 w - - 0 1"
    record = loads(json.dumps(data))
    with pytest.raises(RecordError, match="set-up position cannot be read.*no king"):
        Session.from_record(record)


@pytest.mark.parametrize("key,value,words", [
    ("setup", 7, "setup"),
    ("setup", "   ", "setup"),
    ("clocks", [1, -5], "clocks"),
    ("clocks", "10:00", "clocks"),
    ("clocks", [True, 3], "clocks"),
])
def test_bad_version_2_members_are_refused(key, value, words):
    data = valid_v2()
    data[key] = value
    with pytest.raises(RecordError, match=words):
        loads(json.dumps(data))


def test_a_version_1_record_with_version_2_members_is_refused():
    data = valid_v2()
    data["version"] = 1
    with pytest.raises(RecordError, match="version 1"):
        loads(json.dumps(data))


def test_version_3_is_newer_than_this_reader():
    data = valid_v2()
    data["version"] = 3
    with pytest.raises(RecordError, match="newer"):
        loads(json.dumps(data))


def test_record_version_follows_its_members():
    plain = Record(game="chess", options={}, seed=1, actions=())
    assert plain.version == 1
    assert Record(game="chess", options={}, seed=1, actions=(), clocks=(1, 2)).version == 2
