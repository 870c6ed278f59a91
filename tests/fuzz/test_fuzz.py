"""Fuzzing every reader of text or files (issue 25): generated and mutated inputs, and no
exception but the documented one, with a short message, in good time.

The everyday run tries a few hundred inputs a reader, always the same ones (seeded mutation,
and hypothesis derandomised), in a few seconds.  The stress run (``python -m pytest -m stress``)
tries 20,000 and more a reader, mutations of valid samples with fresh seeds each part.
``python -m tests.fuzz.readers 20000`` prints the figures: how many inputs were read, refused,
and every kind of failure with the first input that showed it.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .mutate import ALPHABET, HOSTILE
from .readers import BY_NAME, READERS, Reader, outcome, run

EVERYDAY = {"statistics": 120, "settings": 150, "hand-text": 250, "pgn": 250, "pbn": 250}
EVERYDAY_DEFAULT = 400
STRESS = int(os.environ.get("COMPENDIUM_FUZZ_INPUTS", "20000"))
STRESS_PARTS = {"statistics": 4, "hand-text": 2, "pgn": 2, "settings": 2, "pbn": 2}


def failures(counts: dict[str, int]) -> dict[str, int]:
    return {kind: n for kind, n in counts.items() if kind not in ("ok", "refused")}


def check(reader: Reader, count: int, seed: int) -> dict[str, int]:
    counts, first = run(reader, count, seed)
    assert not failures(counts), f"{reader.name}: {failures(counts)}; first inputs: {first}"
    assert sum(counts.values()) == count
    return counts


@pytest.mark.parametrize("name", list(BY_NAME))
def test_mutated_samples_are_read_or_refused_with_the_documented_error(name):
    reader = BY_NAME[name]
    counts = check(reader, EVERYDAY.get(name, EVERYDAY_DEFAULT), seed=25)
    # The samples themselves are read, and the mutations reach past the first check: both kinds
    # of outcome are there (a reader promising never to raise has only "ok").
    assert counts.get("ok", 0) >= len(reader.samples())
    if reader.error is not None:
        assert counts.get("refused", 0) > 0


# Text as hypothesis makes it: anything, and text built of the readers' own tokens.
TOKENS = st.sampled_from(HOSTILE + tuple(ALPHABET))
HOSTILE_TEXT = st.one_of(st.text(max_size=200), st.lists(TOKENS, max_size=40).map("".join))


@pytest.mark.parametrize("name", [r.name for r in READERS if not r.binary and r.name != "settings"])
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=HOSTILE_TEXT)
def test_generated_text_is_refused_with_the_documented_error(name, text):
    reader = BY_NAME[name]
    if name in ("hand-text", "pbn"):
        text = ("auction_bridge\n" if name == "pbn" else "solo_whist\n") + text
    kind, detail = outcome(reader, text)
    assert kind in ("ok", "refused"), f"{kind}: {detail}"


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.tuples(st.sampled_from(["computer/level", "seats/chess", "view/rulesWidth",
                                                  "options/chess", "files/folder", "window/state",
                                                  "appearance/deck", "table/trick_pause_ms"]),
                                 st.one_of(st.text(max_size=30), TOKENS)), max_size=6))
def test_generated_settings_never_stop_the_start(lines):
    groups: dict[str, list[str]] = {}
    for key, value in lines:
        group, name = key.split("/")
        groups.setdefault(group, []).append(f"{name}={value}".replace("\n", " "))
    text = "".join(f"[{g}]\n" + "\n".join(v) + "\n" for g, v in groups.items())
    kind, detail = outcome(BY_NAME["settings"], text)
    assert kind == "ok", f"{kind}: {detail}"


def test_the_hostile_inputs_of_the_issue_are_refused_plainly():
    """The escapes issue 25 names, one by one."""
    examples = {
        "card": "9" * 5000 + "S",
        "card-list": "♠ A " + "9" * 5000,
        "checkers-fen": "W:W" + "9" * 5000 + ":B1",
        "pdn": "}",
        "pbn": 'auction_bridge\n[Dealer "NE"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
               '432.AKQJ.T98.765"]',
        "pgn": "h2)c3",
        "chess-fen": "8" * 400_000,
        "position-id": "4HPwATDgc/ABMA" * 30_000,
    }
    more = [("pdn", "1. " + "x".join(["11"] * 5000)),          # a capture of 5,000 squares
            ("record", '{"format": "compendium-record", "version": 1, "game": "' + "x" * 10_000 + '", "seed": 1}')]
    for name, text in [*examples.items(), *more]:
        kind, detail = outcome(BY_NAME[name], text)
        assert kind == "refused", f"{name}: {kind} {detail}"


def test_a_boston_deal_turning_the_joker_for_preference_is_refused():
    from compendium.core.errors import NotationError
    from compendium.games import registry
    from compendium.games.tricks.dealtext import deal_text

    from .readers import _random_play
    session = _random_play("boston", 4, 0)
    game = session.game
    text = deal_text(game, session.state)
    lines = [line for line in text.splitlines() if not line.lower().startswith("preference")]
    assert len(lines) < len(text.splitlines()), "the deal names its preference card"
    game.setup_state(text, game.resolve_options({}))               # as written: read
    with pytest.raises(NotationError, match="joker"):
        registry.get_game("boston").setup_state("\n".join(lines + ["preference: Joker"]),
                                                game.resolve_options({}))


# -- the stress run: 20,000 inputs and more a reader ---------------------------------------------
STRESS_CASES = [(r.name, part) for r in READERS for part in range(STRESS_PARTS.get(r.name, 1))]


@pytest.mark.stress
@pytest.mark.parametrize("name,part", STRESS_CASES, ids=[f"{n}-{p}" for n, p in STRESS_CASES])
def test_stress_mutated_samples(name, part):
    parts = STRESS_PARTS.get(name, 1)
    check(BY_NAME[name], -(-STRESS // parts), seed=1000 + part)


@pytest.mark.stress
@pytest.mark.parametrize("name", [r.name for r in READERS if not r.binary and r.name != "settings"])
@settings(max_examples=500, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=HOSTILE_TEXT)
def test_stress_generated_text(name, text):
    """Fresh generated text each run (not derandomised): hypothesis prints any failing input."""
    test_generated_text_is_refused_with_the_documented_error.hypothesis.inner_test(name, text)
