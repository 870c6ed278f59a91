"""Saved games written by earlier versions still load (issue 11): a game of every playable game,
saved in format version 1 with some moves undone, is kept in tests/core/data/records_v1 and must
replay with its undo and redo history for as long as the format is read.

A new playable game gets its fixture with ``python -m tests.core.test_record_fixtures GAME``.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from compendium.core import records
from compendium.core.session import Session
from compendium.games import registry

FIXTURES = Path(__file__).with_name("data") / "records_v1"


def test_every_playable_game_has_a_version_1_fixture():
    missing = [gid for gid in registry.playable_ids() if not (FIXTURES / f"{gid}.json").is_file()]
    assert not missing, f"make them with: python -m tests.core.test_record_fixtures {' '.join(missing)}"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_a_version_1_save_loads_with_its_history(path):
    text = records.read_text(path)
    assert '"version": 1' in text
    record = records.loads(text)
    session = Session.from_record(record, source_text=text)
    assert session.actions_text == record.actions
    assert session.record().redo == record.redo
    while session.redo():     # the moves taken back can be played again, exactly as they were
        pass
    assert session.actions_text == record.actions + record.redo
    while session.undo():
        pass
    # back before the person's first move: only deals, throws and the computer's opening remain
    assert not any(step.actor in record.human_seats for step in session.steps)


def make(game_id: str) -> None:
    from compendium.demo import play_demo
    session = play_demo(registry.get_game(game_id), 5, level=1, max_steps=120).session
    for _ in range(3):
        session.undo()
    records.save(FIXTURES / f"{game_id}.json", session.record(fixture=True))


if __name__ == "__main__":
    for gid in sys.argv[1:]:
        make(gid)
