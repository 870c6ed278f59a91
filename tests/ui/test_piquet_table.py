"""Piquet on the card table: the exchange by mouse (click the cards to choose them, then Exchange) and by
keyboard (arrows and Enter reach both the cards and the button), refusals with their laws, the
declarations on the score panel, and no hidden face drawn."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from compendium.ai.registry import computer_player
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call, active_slot
from compendium.ui.table.tricks_table import TricksController

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game_id="piquet", seed=3) -> TricksController:
    table.load_session(Session(get_game(game_id), None, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def my_cards(table) -> list[int]:
    state = table.session.state
    slot = active_slot(state, table.viewer_seat)
    return sorted(state.hands[slot], key=lambda i: table.controller.cards[i].x())


def click_card(table, cid) -> None:
    rect = table.controller.cards[cid].sceneBoundingRect()
    pos = table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def click_button(table, label) -> None:
    button = next(b for b in table.controller.buttons if b.label == label)
    pos = table.mapFromScene(button.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def messages(table) -> list[tuple[str, str]]:
    said: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    return said


def test_the_exchange_by_mouse_chooses_then_confirms(table, qtbot):
    ctl = open_game(table)
    state = table.session.state
    assert state.phase == "discard" and table.human_to_move
    assert ctl.prompt() == "Discard one to five cards, then Exchange"     # Piquet opens by saying so
    assert [b.label for b in ctl.buttons] == ["Exchange"]
    first = my_cards(table)[:3]
    tops = {cid: ctl.cards[cid].y() for cid in first}
    for cid in first:
        click_card(table, cid)
    assert table.session.state is state                       # a click never puts a card out
    assert all(ctl.cards[cid].y() < tops[cid] for cid in first)   # the chosen cards rise
    assert ctl.prompt().endswith("(three chosen)")
    click_card(table, first[1])                                # a second click takes one back
    assert table.session.state is state and ctl.cards[first[1]].y() == tops[first[1]]
    click_card(table, first[1])
    click_button(table, "Exchange")
    state = table.session.state
    assert state.discards[0] == (first[0], first[2], first[1])   # put out in the order chosen
    assert len(state.hands[active_slot(state, 0)]) == 12 and state.turn == 1
    assert state.calls[-1] == (0, "take")


def test_exchange_with_nothing_chosen_is_refused(table, qtbot):
    ctl = open_game(table, seed=4)
    said = messages(table)
    before = table.session.state
    click_button(table, "Exchange")
    assert table.session.state is before
    assert said and "one more card" in said[-1][0] and said[-1][1].startswith("piquet#")
    assert ctl.buttons[0].label == "Exchange"


def test_a_sixth_card_is_refused_with_its_law(table, qtbot):
    ctl = open_game(table, seed=4)
    said = messages(table)
    for cid in my_cards(table)[:5]:
        click_card(table, cid)
    before = table.session.state
    click_card(table, my_cards(table)[5])
    assert table.session.state == before                       # nothing changed
    assert len(ctl._selected) == 5
    assert said and said[-1][1] == "piquet#the-elder-hands-exchange"
    assert "five" in said[-1][0]
    assert not table.play(Call("see"))
    assert said[-1][1] == "piquet#discarding-and-taking-in"


def test_the_exchange_by_keyboard(table, qtbot):
    ctl = open_game(table, seed=5)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Return)                   # the first card is chosen
    assert len(ctl._selected) == 1 and not table.session.state.discards[0]
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)                   # the cards are still reachable
    assert len(ctl._selected) == 2
    for _ in range(len(ctl.choices())):                        # leftwards round to the button
        if ctl.buttons[0].focused:
            break
        QTest.keyClick(table, Qt.Key.Key_Left)
    assert ctl.buttons[0].focused
    QTest.keyClick(table, Qt.Key.Key_Return)
    state = table.session.state
    assert len(state.discards[0]) == 2
    assert state.calls[-1] == (0, "take") and state.turn == 1


def test_declarations_show_on_the_panel_and_no_hidden_face_is_drawn(table, qtbot):
    ctl = open_game(table, seed=6)
    session = table.session
    while session.to_move() not in (Special.TERMINAL,) and session.state.phase != "play":
        session.play(computer_player(session.game, 1).choose(
            session.game, session.game.view(session.state, session.to_move()), session.legal_actions()))
    table.sync(animate=False)
    lines = ctl.score.lines
    assert lines[0].startswith("Game of 100 · deal 1")
    assert any("point of" in line for line in lines)           # the declarations are told
    view = table.current_view()
    for cid, item in ctl.cards.items():
        if item.isVisible() and item.face is not None:
            assert view.face(cid) == item.face
    # and play goes on by clicking a card
    if table.human_to_move:
        cid = my_cards(table)[0]
        click_card(table, cid)
        assert table.session.state.trick and table.session.state.trick[0][1] == cid


def test_the_rubicon_partie_panel(table, qtbot):
    ctl = open_game(table, "piquet_rubicon", seed=2)
    assert ctl.score.lines[0] == "Partie · deal 1 of 6"
