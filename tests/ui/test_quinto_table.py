"""The Quinto tables: the doubling buttons, the Quint Royal played by a drag on a suit it need not
follow, a revoke refused with its law, the cachette drawn face down, and Dummy Quinto's open dummy."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call, active_slot
from compendium.ui.table.tricks_table import TricksController

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game_id, seed=3):
    table.load_session(Session(get_game(game_id), {}, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def point_of(table, cid) -> QPoint:
    item = table.controller.cards[cid]
    rect = item.sceneBoundingRect()
    return table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))


def drag_to_middle(table, cid) -> None:
    middle = table.mapFromScene(table.controller.centre)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, cid))
    QTest.mouseMove(table.viewport(), middle)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=middle)


def click_button(table, label) -> None:
    button = next(b for b in table.controller.buttons if b.label == label)
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.mapFromScene(button.sceneBoundingRect().center()))


def my_cards(table):
    state = table.session.state
    return list(state.hands[active_slot(state, table.viewer_seat)])


def others_until_my_turn(table):
    session = table.session
    while session.to_move() not in (0, Special.TERMINAL, Special.CHANCE):
        session.play(session.legal_actions()[0])
    table.sync(animate=False)


def test_doubling_buttons_and_the_cachette_face_down(table, qtbot):
    ctl = open_game(table, "quinto")
    assert [b.label for b in ctl.buttons] == ["Pass", "Double"]
    cachette = table.session.state.stock
    assert len(cachette) == 5 and all(ctl.cards[i].face is None for i in cachette)
    click_button(table, "Double")
    assert table.session.state.calls == ((0, "double"),)
    table.session.play(Call("redouble"))                       # Y redoubles
    others_until_my_turn(table)
    assert table.session.state.phase == "play" and table.session.state.contract.multiplier == 4


def test_a_revoke_is_refused_and_a_legal_card_is_played_by_dragging(table, qtbot):
    open_game(table, "quinto", seed=1)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    session = table.session
    for _ in range(200):
        if session.to_move() == 0 and session.state.phase == "play":
            legal = {a.card for a in session.legal_actions()}
            bad = [i for i in my_cards(table) if session.state.deck[i] not in legal]
            if bad:
                table.sync(animate=False)
                before = session.state
                drag_to_middle(table, bad[0])
                assert session.state is before
                assert any(rule == "quinto#following-suit" and "revoke" in text for text, rule in messages)
                good = next(i for i in my_cards(table) if session.state.deck[i] in legal)
                drag_to_middle(table, good)
                assert session.state.trick[-1] == (0, good) or session.state.tricks[-1].plays[-1] == (0, good)
                return
        session.play(session.legal_actions()[0])
    pytest.fail("no position needing a follow found")


def test_dummy_quinto_shows_the_dummy_face_up_and_the_handicap(table, qtbot):
    ctl = open_game(table, "quinto_dummy")
    assert any("handicap" in line for line in ctl.score.lines)
    others_until_my_turn(table)
    session = table.session
    while session.state.phase != "play":
        session.play(session.legal_actions()[0])
    table.sync(animate=False)
    dummy = session.state.hands[active_slot(session.state, 3)]
    assert dummy and all(ctl.cards[i].face is not None for i in dummy)
    view = table.current_view()
    for cid, item in ctl.cards.items():
        if item.isVisible() and item.face is not None:
            assert view.face(cid) == item.face
    assert ctl.names[3].lines[0] == "Dummy"


def test_the_keyboard_doubles_and_plays(table, qtbot):
    open_game(table, "quinto", seed=4)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.state.calls == ((0, "double"),)
    others_until_my_turn(table)
    assert table.session.state.phase == "play" and table.session.to_move() == 0
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert [seat for seat, _ in table.session.state.trick] == [0]
