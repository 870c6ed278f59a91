"""DDS through our binding (``ai/tricks/dds_engine.py``) against our own search: the same answers
on seeded random positions with tricks in progress.  Skipped where the library is not installed."""
from __future__ import annotations

import random

import pytest

from compendium.ai.tricks import dds_engine
from compendium.ai.tricks.dd_bench import random_position
from compendium.ai.tricks.double_dummy import Position, Solver, dd_table
from compendium.core.cards import SUITS, Card, Rank

needs_dds = pytest.mark.skipif(not dds_engine.available(), reason="the DDS library is not installed")
PACK = [Card(r, s) for s in SUITS for r in Rank if r is not Rank.JOKER]


def test_without_the_library_our_search_answers(monkeypatch) -> None:
    """A missing library leaves ``available()`` False and every question to our search."""
    monkeypatch.setattr(dds_engine, "library_path", lambda: None)
    monkeypatch.setattr(dds_engine, "_tried", False)
    monkeypatch.setattr(dds_engine, "_lib", None)
    assert not dds_engine.available()
    rng = random.Random(1)
    pos = random_position(rng, 4)
    solver = Solver(pos.trump)
    assert not solver._dds(pos)
    solver.tricks(pos)
    assert solver.nodes > 0                  # our search did the work


@needs_dds
def test_the_library_is_found_beside_the_package() -> None:
    path = dds_engine.library_path()
    assert path is not None and path.endswith("libdds.so") and "ddstable" in path


@needs_dds
@pytest.mark.parametrize("seed", range(4))
def test_dds_and_our_search_agree_on_random_positions(seed: int) -> None:
    """300 positions in all (75 a seed), 5 to 8 cards a hand, a trick in progress in most: the
    tricks of the side on turn and of seats 0 and 2."""
    rng = random.Random(9000 + seed)
    in_progress = 0
    for _ in range(75):
        pos = random_position(rng, rng.randint(5, 8))
        in_progress += bool(pos.trick)
        ours = Solver(pos.trump, engine="python")
        theirs = Solver(pos.trump)
        assert theirs._dds(pos)
        assert theirs.tricks(pos) == ours.tricks(pos), pos
        assert theirs.tricks(pos, 0) == ours.tricks(pos, 0), pos
    assert in_progress >= 40


@needs_dds
def test_dds_and_our_search_value_every_card_alike() -> None:
    rng = random.Random(77)
    for _ in range(40):
        pos = random_position(rng, rng.randint(4, 6))
        assert Solver(pos.trump).card_values(pos) == Solver(pos.trump, engine="python").card_values(pos), pos


@needs_dds
def test_dds_table_agrees_with_ours_on_short_deals() -> None:
    rng = random.Random(5)
    for _ in range(8):
        deal = rng.sample(PACK, 24)
        hands = tuple(tuple(deal[k * 6:(k + 1) * 6]) for k in range(4))
        ours = {}
        from compendium.ai.tricks.double_dummy import STRAINS
        for strain in STRAINS:
            solver = Solver(strain, engine="python")
            for declarer in range(4):
                ours[(declarer, strain)] = solver.tricks(Position(hands, strain, (declarer + 1) % 4), declarer)
        assert dd_table(hands) == ours


@needs_dds
def test_a_whole_deal_is_answered_at_once() -> None:
    rng = random.Random(11)
    deal = rng.sample(PACK, 52)
    hands = tuple(tuple(deal[k * 13:(k + 1) * 13]) for k in range(4))
    table = dd_table(hands)
    assert len(table) == 20
    for (declarer, strain), tricks in table.items():
        # the declarer's side and its adversaries share the thirteen tricks
        assert tricks + table[((declarer + 1) % 4, strain)] == 13
    pos = Position(hands, None, 1)
    assert Solver(None).tricks(pos, 0) == table[(0, None)]


def test_a_frozen_bundle_finds_the_library_it_carries(monkeypatch, tmp_path) -> None:
    """The PyInstaller spec puts libdds.so in ddstable/ inside the bundle: looked for there first."""
    (tmp_path / "ddstable").mkdir()
    (tmp_path / "ddstable" / "libdds.so").write_bytes(b"")
    monkeypatch.setattr("sys.frozen", True, raising=False)
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert dds_engine.library_path() == str(tmp_path / "ddstable" / "libdds.so")
