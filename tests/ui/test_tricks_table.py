"""The card table of the trick-taking games: clicking, dragging and the keyboard play a card; a
revoke is refused with its law; the calls are buttons on the cloth; no hidden face is ever drawn."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Play, active_slot
from compendium.ui.table.tricks_table import TricksController

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game_id, seed=3, options=None):
    table.load_session(Session(get_game(game_id), options, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def point_of(table, cid) -> QPoint:
    item = table.controller.cards[cid]
    centre = item.sceneBoundingRect().center()
    # the visible part of a card in the fan is its left edge
    x = item.sceneBoundingRect().left() + 8
    return table.mapFromScene(QPointF(x, centre.y()))


def my_cards(table):
    state = table.session.state
    slot = active_slot(state, table.viewer_seat)
    return list(state.hands[slot])


def others_play_until_my_turn(table):
    session = table.session
    while session.to_move() not in (0, Special.TERMINAL, Special.CHANCE):
        session.play(session.legal_actions()[0])
    table.sync(animate=False)


def test_clicking_a_card_plays_it(table, qtbot):
    open_game(table, "scotch_whist")
    cid = sorted(my_cards(table), key=lambda i: table.controller.cards[i].x())[0]
    face = table.session.state.deck[cid]
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, cid))
    assert table.session.state.trick == ((0, cid),)
    assert table.session.steps[-1].action == Play(face)


def test_dragging_a_card_to_the_middle_plays_it_and_elsewhere_does_not(table, qtbot):
    ctl = open_game(table, "scotch_whist", seed=5)
    cid = sorted(my_cards(table), key=lambda i: ctl.cards[i].x())[2]
    start = point_of(table, cid)
    aside = QPoint(10, 10)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(table.viewport(), aside)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=aside)
    assert table.session.state.trick == ()                    # snapped back to the hand
    middle = table.mapFromScene(ctl.centre)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, cid))
    QTest.mouseMove(table.viewport(), middle)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=middle)
    assert table.session.state.trick == ((0, cid),)


def test_a_revoke_is_refused_with_the_law(table, qtbot):
    open_game(table, "scotch_whist", seed=1)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    session = table.session
    for _ in range(40):   # play on until you must follow suit while holding other suits too
        if session.to_move() == 0:
            legal = {a.card for a in session.legal_actions()}
            hand = [i for i in my_cards(table)]
            bad = [i for i in hand if session.state.deck[i] not in legal]
            if bad and session.state.trick:
                table.sync(animate=False)
                before = session.state
                QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, bad[0]))
                assert session.state is before                 # nothing was played
                assert any(rule == "scotch_whist#following-suit" and "revoke" in text
                           for text, rule in messages)
                return
            session.play(session.legal_actions()[0])
        else:
            session.play(session.legal_actions()[0])
    pytest.fail("no position needing a follow found")


def test_the_keyboard_chooses_and_plays(table, qtbot):
    ctl = open_game(table, "napoleon")
    assert [b.label for b in ctl.buttons][:2] == ["Pass", "Two"]      # the calls, as buttons
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.state.calls == ((0, "two"),)
    others_play_until_my_turn(table)
    assert table.session.state.phase == "play"
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert len(table.session.state.trick) == 1 or table.session.state.tricks


def test_call_buttons_are_clicked(table, qtbot):
    ctl = open_game(table, "solo_whist")
    labels = [b.label for b in ctl.buttons]
    assert labels == ["Pass", "Propose", "Solo", "Misère", "Abundance", "Open misère",
                      "Abundance declared"]
    button = ctl.buttons[0]
    pos = table.mapFromScene(button.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert table.session.state.calls == ((0, "pass"),)
    assert ctl.buttons == []                                    # not your call any more


def test_no_hidden_face_is_ever_drawn_and_the_last_trick_can_be_seen(table, qtbot):
    ctl = open_game(table, "scotch_whist", options={"players": 5})
    session = table.session
    for _ in range(12):
        session.play(session.legal_actions()[0])
    table.sync(animate=False)
    view = table.current_view()
    for cid, item in ctl.cards.items():
        if item.isVisible() and item.face is not None:
            assert view.face(cid) == item.face                  # only faces the view shows
    assert len(ctl.cards) == len(session.state.deck)
    ctl.toggle_last_trick()
    last = session.state.tricks[-1]
    assert all(ctl.cards[i].face is not None for _, i in last.plays)
    assert ctl.extra_actions()[0][0] == "Show the last trick"


def test_every_seat_count_lays_out(table, qtbot):
    for players in (2, 3, 6, 8):
        ctl = open_game(table, "scotch_whist", options={"players": players})
        rect = table.viewport().rect()
        for item in ctl.cards.values():
            if item.isVisible():
                r = item.sceneBoundingRect()
                assert r.left() >= -1 and r.right() <= rect.width() + 1, players
                assert r.top() >= -1 and r.bottom() <= rect.height() + 1, players
