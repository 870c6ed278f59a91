"""The record format: round trips, one action per line, and a clear RecordError for every bad
file (never another exception, never a half-written file)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compendium.core import records
from compendium.core.errors import CompendiumError, RecordError
from compendium.core.records import Record, dumps, loads, read_text, write_atomic

SAMPLE = Record(
    game="canfield_or_klondike",
    options={"draw": 3, "passes": 0, "runs": "part", "from_foundation": True},
    seed=143,
    actions=("deal 143", "draw", "w>t3", "t2>t5*3", "t7>f1"),
    redo=("draw", "t1>f2"),
    human_seats=(0, 2),
    meta={"player": "Zoë ♥ Œdipus", "note": "日本語 — «quotes» \"and\" \\ back\nslash", "n": [1, 2.5, None]},
)


def valid_dict() -> dict:
    return json.loads(dumps(SAMPLE))


def text_of(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)


# -- round trips -----------------------------------------------------------------------------
def test_round_trip_keeps_every_field():
    assert loads(dumps(SAMPLE)) == SAMPLE


def test_round_trip_of_an_empty_game():
    record = Record(game="x", options={}, seed=0, actions=())
    back = loads(dumps(record))
    assert back == record
    assert back.redo == () and back.human_seats == (0,) and back.meta == {}


def test_round_trip_of_the_largest_seed_and_unicode_actions():
    record = Record(game="g", options={}, seed=2**63 - 1, actions=("ж→♠", "a\"b"), human_seats=())
    assert loads(dumps(record)) == record


def test_the_file_is_one_action_per_line():
    text = dumps(SAMPLE)
    lines = text.splitlines()
    for key, items in (("actions", SAMPLE.actions), ("redo", SAMPLE.redo)):
        start = lines.index(f'  "{key}": [')
        body = lines[start + 1:start + 1 + len(items)]
        assert [json.loads(line.strip().rstrip(",")) for line in body] == list(items)
        assert lines[start + 1 + len(items)].strip() in ("]", "],")
    assert text.endswith("}\n")
    assert "Zoë" in text  # written as UTF-8, not \\u escapes


def test_the_file_is_plain_json_with_format_and_version():
    data = json.loads(dumps(SAMPLE))
    assert data["format"] == "compendium-record"
    assert data["version"] == records.VERSION == 1


def test_missing_optional_fields_take_their_defaults():
    data = valid_dict()
    for key in ("options", "human_seats", "meta", "actions", "redo"):
        del data[key]
    back = loads(text_of(data))
    assert back.options == {} and back.human_seats == (0,) and back.meta == {}
    assert back.actions == () and back.redo == ()


def test_meta_that_is_not_an_object_is_dropped_not_fatal():
    data = valid_dict()
    data["meta"] = [1, 2]
    assert loads(text_of(data)).meta == {}


# -- malformed input: each gives a RecordError with a clear message -----------------------------
def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        loads(text)
    assert isinstance(info.value, CompendiumError)
    assert str(info.value)
    return info.value


@pytest.mark.parametrize("text", ["", "   ", "\n\t \n"])
def test_empty_files(text):
    assert "empty" in str(refused(text))


def test_not_json_reports_the_line():
    text = dumps(SAMPLE).replace('"draw",', '"draw" oops,', 1)
    error = refused(text)
    bad_line = next(i for i, line in enumerate(text.splitlines(), 1) if "oops" in line)
    assert "not valid JSON" in str(error)
    assert error.line == bad_line
    assert f"line {bad_line}" in str(error)


def test_truncated_file():
    text = dumps(SAMPLE)
    error = refused(text[: len(text) // 2])
    assert "not valid JSON" in str(error) and error.line is not None


@pytest.mark.parametrize("text", ["[1, 2]", '"a string"', "42", "null", "true"])
def test_json_that_is_not_an_object(text):
    assert "expected a JSON object" in str(refused(text))


@pytest.mark.parametrize("value", ["other-format", None, 1, ["compendium-record"]])
def test_wrong_format_name(value):
    data = valid_dict()
    data["format"] = value
    error = refused(text_of(data))
    assert "not a Compendium game record" in str(error)
    assert repr(value) in str(error)


def test_missing_format():
    data = valid_dict()
    del data["format"]
    assert "not a Compendium game record" in str(refused(text_of(data)))


@pytest.mark.parametrize("value", ["1", True, False, 1.0, None, [1]])
def test_version_that_is_not_a_whole_number(value):
    data = valid_dict()
    data["version"] = value
    error = refused(text_of(data))
    assert "version" in str(error) and "not a whole number" in str(error)


def test_version_zero_and_negative():
    for value in (0, -3):
        data = valid_dict()
        data["version"] = value
        assert f"version {value}" in str(refused(text_of(data)))


def test_a_future_version_says_newer():
    data = valid_dict()
    data["version"] = 99
    error = str(refused(text_of(data)))
    assert "newer" in error and "99" in error


@pytest.mark.parametrize("value", ["__missing__", "", None, 3, ["canfield_or_klondike"]])
def test_missing_or_bad_game(value):
    data = valid_dict()
    if value == "__missing__":
        del data["game"]
    else:
        data["game"] = value
    assert "names no game" in str(refused(text_of(data)))


@pytest.mark.parametrize("value", [-1, "143", True, False, 2**63, 2**64, 1.5, 143.0, None, "__missing__"])
def test_bad_seed(value):
    data = valid_dict()
    if value == "__missing__":
        del data["seed"]
    else:
        data["seed"] = value
    error = str(refused(text_of(data)))
    assert "seed" in error and "not a deal number" in error


def test_options_not_an_object():
    data = valid_dict()
    data["options"] = ["draw", 3]
    assert "options" in str(refused(text_of(data)))


@pytest.mark.parametrize("key", ["actions", "redo"])
@pytest.mark.parametrize("value", [{"a": 1}, "draw", 3, True])
def test_actions_not_a_list(key, value):
    data = valid_dict()
    data[key] = value
    error = str(refused(text_of(data)))
    assert key in error and "not a list" in error


@pytest.mark.parametrize("bad", [7, "", "x" * 500, None, ["draw"], {"a": "b"}, True])
def test_a_bad_action_names_its_line_and_position(bad):
    data = valid_dict()
    data["actions"][2] = bad
    text = text_of(data)
    error = refused(text)
    assert "not an action string" in str(error)
    assert error.index == 2
    expected_line = text.splitlines().index("  " + json.dumps(bad, ensure_ascii=False)
                                            + ",") + 1 if not isinstance(bad, (list, dict)) else None
    if expected_line is not None:
        assert error.line == expected_line
        assert f"line {expected_line}" in str(error)
    assert "action 3" in str(error)
    assert len(str(error)) < 300  # a 500-character action is cut, not quoted whole


def test_a_bad_redo_action_says_redo():
    data = valid_dict()
    data["redo"][1] = 12
    error = refused(text_of(data))
    assert "redo" in str(error) and error.index == 1


def test_too_many_actions(monkeypatch):
    monkeypatch.setattr(records, "MAX_ACTIONS", 3)
    assert "too many actions" in str(refused(dumps(SAMPLE)))


@pytest.mark.parametrize("value", [[-1], [16], ["0"], [True], 0, "0", [0] * 17, [0.0], None])
def test_bad_human_seats(value):
    data = valid_dict()
    data["human_seats"] = value
    assert "human_seats" in str(refused(text_of(data)))


def test_text_over_max_bytes(monkeypatch):
    monkeypatch.setattr(records, "MAX_BYTES", 100)
    assert "too large" in str(refused(dumps(SAMPLE)))


def test_deeply_nested_json():
    assert "nested too deeply" in str(refused("[" * 100_000))
    assert "nested too deeply" in str(refused('{"a":' * 100_000))


def test_deep_nesting_inside_a_string_field():
    """A string field holding brackets is not nesting; the line finder must not stumble on it."""
    data = valid_dict()
    data["meta"] = {"actions": "[" * 100_000}
    data["actions"][1] = 5  # forces the search for the line of a bad action
    error = refused(json.dumps(data))
    assert error.index == 1


def test_line_numbers_are_not_fooled_by_a_meta_key_named_actions():
    data = valid_dict()
    data["meta"] = {"actions": ["a", "b", "c", "d"]}
    data["actions"][3] = ""
    text = text_of(data)
    error = refused(text)
    lines = text.splitlines()
    start = lines.index(' "actions": [')
    assert error.line == start + 1 + 4  # the fourth item of the real "actions" list


def test_a_number_too_long_to_convert():
    """Python refuses to turn more than 4300 digits into an int (a ValueError that is not a
    JSONDecodeError); that must still be a RecordError."""
    data = valid_dict()
    text = text_of(data).replace('"seed": 143', '"seed": ' + "9" * 5000)
    refused(text)
    refused("9" * 5000)


# -- fuzzing: loads gives a Record or a RecordError, nothing else ------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children,
                                                                       max_size=5),
    max_leaves=25,
)

FIELDS = ["format", "version", "game", "options", "seed", "human_seats", "meta", "actions", "redo",
          "actions[0]", "redo[0]", "human_seats[0]", "options.draw", "extra"]


def _loads_or_record_error(text: str) -> None:
    try:
        result = loads(text)
    except RecordError as exc:
        assert str(exc)
    else:
        assert isinstance(result, Record)
        assert all(isinstance(a, str) and a for a in result.actions + result.redo)
        assert isinstance(result.seed, int) and 0 <= result.seed < 2**63


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_fuzz_arbitrary_text(text):
    _loads_or_record_error(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIELDS), json_values)
def test_fuzz_any_json_value_in_any_field(field, value):
    data = valid_dict()
    if field.endswith("[0]"):
        data[field[:-3]][0] = value
    elif "." in field:
        outer, inner = field.split(".")
        data[outer][inner] = value
    else:
        data[field] = value
    _loads_or_record_error(json.dumps(data, ensure_ascii=False))
    _loads_or_record_error(dumps(SAMPLE).replace('"deal 143"', json.dumps(value), 1))


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2000), st.integers(min_value=0, max_value=40), st.text(max_size=10))
def test_fuzz_damaged_files(cut, length, insert):
    """A real record with a slice cut out and some text put in its place."""
    text = dumps(SAMPLE)
    _loads_or_record_error(text[:cut] + insert + text[cut + length:])


@settings(max_examples=60, deadline=None)
@given(json_values)
def test_fuzz_whole_documents(value):
    _loads_or_record_error(json.dumps(value))


# -- write_atomic ----------------------------------------------------------------------------
def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_write_atomic_writes_and_overwrites(tmp_path):
    target = tmp_path / "sub" / "game.json"
    write_atomic(target, "first ♠\n")
    assert target.read_text(encoding="utf-8") == "first ♠\n"
    write_atomic(target, "second\n")
    assert target.read_text(encoding="utf-8") == "second\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]


def test_write_atomic_keeps_newlines_as_written(tmp_path):
    target = tmp_path / "a.json"
    write_atomic(target, "a\nb\n")
    assert target.read_bytes() == b"a\nb\n"


def test_save_then_load(tmp_path):
    target = tmp_path / "saved.json"
    records.save(target, SAMPLE)
    assert loads(read_text(target)) == SAMPLE


def test_a_failed_rename_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    write_atomic(target, "old contents\n")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        write_atomic(target, "new contents\n")
    assert target.read_text(encoding="utf-8") == "old contents\n"
    assert leftovers(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    write_atomic(target, "old contents\n")

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomic(target, "new contents\n")
    assert target.read_text(encoding="utf-8") == "old contents\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_first_write_leaves_no_file(tmp_path, monkeypatch):
    target = tmp_path / "new.json"
    monkeypatch.setattr(os, "replace", lambda s, d: (_ for _ in ()).throw(OSError(13, "denied")))
    with pytest.raises(OSError):
        write_atomic(target, "x")
    assert list(tmp_path.iterdir()) == []


# -- read_text -------------------------------------------------------------------------------
def test_read_text_of_a_missing_file(tmp_path):
    with pytest.raises(RecordError, match="does not exist"):
        read_text(tmp_path / "nope.json")


def test_read_text_of_a_folder(tmp_path):
    with pytest.raises(RecordError, match="folder"):
        read_text(tmp_path)


def test_read_text_of_a_binary_file(tmp_path):
    path = tmp_path / "picture.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00\x80")
    with pytest.raises(RecordError, match="not a text file"):
        read_text(path)


def test_read_text_of_a_huge_file(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_text("x" * 1000, encoding="utf-8")
    monkeypatch.setattr(records, "MAX_BYTES", 100)
    with pytest.raises(RecordError, match="too large"):
        read_text(path)


def test_read_text_reads_utf8(tmp_path):
    path = tmp_path / "ok.json"
    path.write_text("Zoë ♠", encoding="utf-8")
    assert read_text(path) == "Zoë ♠"
