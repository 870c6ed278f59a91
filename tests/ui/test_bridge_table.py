"""The Bridge (1904) table: the declaration and the doubling are buttons, said in the bidding
grid, and the dealer plays the dummy; the end-of-hand review joins the summary."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call
from compendium.ui.table.tricks_table import TricksController

from .tables import table_played_by_the_test

A, Y, B, Z = 0, 1, 2, 3


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_bridge(table, seed=3) -> TricksController:
    table.load_session(Session(get_game("bridge"), None, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def test_the_doubling_is_offered_as_buttons_and_a_click_says_it(table):
    ctl = open_bridge(table)
    session = table.session
    assert session.state.dealer == Z
    session.play(Call("leave"))                     # Z leaves it to Y
    session.play(Call("declare-h"))                 # Y declares hearts
    table.sync(animate=False)
    labels = [b.label for b in ctl.buttons]
    assert labels == ["Double", "Content"]          # you (A), the elder hand
    button = next(b for b in ctl.buttons if b.label == "Content")
    pos = table.mapFromScene(button.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert session.state.calls[-1] == (A, "pass")
    assert session.to_move() == B                   # "may I lead?": partner is asked


def test_the_declaration_buttons_for_the_dealer(table):
    ctl = open_bridge(table)
    session = table.session
    # Deal on until you are the dealer's partner, left the declaration.
    session.play(Call("leave"))                     # Z leaves it to Y (a computer seat)
    table.sync(animate=False)
    assert not ctl.buttons                          # not your turn
    assert session.to_move() == Y
    assert "leave" not in {a.word for a in session.legal_actions()}


def test_the_hand_summary_gets_the_double_dummy_review(table, monkeypatch, qtbot):
    from concurrent.futures import Future

    from compendium.ai.tricks.double_dummy import hand_review

    def review_here(game_id, state):           # the worker's review, worked out here (small)
        future: Future = Future()
        future.set_result(hand_review(state, cards=3))
        return future
    monkeypatch.setattr(table.worker, "submit_review", review_here)
    ctl = open_bridge(table)
    session = table.session
    for word in ("declare-nt", "pass", "pass"):
        session.play(Call(word))
    table.sync(animate=False)
    while session.state.phase == "play":
        session.play(session.legal_actions()[0])
        table.sync(animate=False)
    ctl.go_on()                                  # past the last trick's pause: the summary
    qtbot.waitUntil(lambda: ctl._ending is not None and any(
        text.startswith("With every card in sight") for text, _, _ in ctl._ending[1]), timeout=20_000)
    assert ctl.summary.isVisible()
    assert any(text.startswith("With every card in sight") for text, _, _ in ctl.summary.lines)
