"""The card table at Purchase Nap, Peep Nap and the Solo variants: buying is a button and then a
click on each card thrown away (or the keyboard), the peep is a button, the caller's card to put
out is clicked, and the second chance of the Solo variants appears as its own button."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call, Discard, active_slot
from compendium.ui.table.tricks_table import TricksController

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game_id, seed=3, options=None):
    table.load_session(Session(get_game(game_id), options, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def my_cards(table):
    state = table.session.state
    return list(state.hands[active_slot(state, table.viewer_seat)])


def click_card(table, cid):
    item = table.controller.cards[cid]
    rect = item.sceneBoundingRect()
    pos = table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def click_button(table, label):
    button = next(b for b in table.controller.buttons if b.label == label)
    pos = table.mapFromScene(button.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def others_play(table, choose=lambda legal: legal[0]):
    session = table.session
    while session.to_move() not in (0, Special.TERMINAL, Special.CHANCE):
        session.play(choose(list(session.legal_actions())))
    table.sync(animate=False)


def test_buying_two_cards_with_the_mouse(table, qtbot):
    ctl = open_game(table, "purchase_nap")
    assert [b.label for b in ctl.buttons] == ["Stand (buy none)", "Buy 1 card", "Buy 2 cards",
                                              "Buy 3 cards", "Buy 4 cards", "Buy 5 cards"]
    click_button(table, "Buy 2 cards")
    state = table.session.state
    assert state.phase == "discard" and [b.label for b in ctl.buttons] == ["Discard"]
    assert ctl.prompt() == "Choose two cards to discard, then press Discard"
    first, second = my_cards(table)[:2]
    faces = [state.deck[first], state.deck[second]]
    click_card(table, first)
    click_card(table, second)
    assert table.session.state is state                  # chosen, not yet thrown away
    click_button(table, "Discard")
    state = table.session.state
    assert [s.action for s in table.session.steps[-2:]] == [Discard(f) for f in faces]
    assert len(my_cards(table)) == 5 and state.pool == 2 and state.discards[0] == (first, second)


def test_buying_with_the_keyboard(table, qtbot):
    open_game(table, "purchase_nap", seed=4)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Right)          # from Stand to Buy 1
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.state.phase == "discard"
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)         # the card is chosen
    assert table.session.state.phase == "discard" and len(table.controller._selected) == 1
    for _ in range(10):                               # on to the button, which throws it away
        if table.controller.buttons[0].focused:
            break
        QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    state = table.session.state
    assert state.phase == "purchase" and len(state.discards[0]) == 1 and state.pool == 1


def test_a_card_click_in_the_buying_is_refused_with_the_law(table, qtbot):
    open_game(table, "purchase_nap")
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    before = table.session.state
    click_card(table, my_cards(table)[0])
    assert table.session.state is before
    assert any(rule.startswith("purchase_nap#") for _, rule in messages)


def test_peeping_and_putting_a_card_out(table, qtbot):
    ctl = open_game(table, "peep_nap")
    assert "Peep (1 to the pool)" in [b.label for b in ctl.buttons]
    click_button(table, "Peep (1 to the pool)")
    state = table.session.state
    peep = state.fact("peep")
    assert table.current_view().cards[peep].face == state.deck[peep] and state.pool == 1
    click_button(table, "Nap")
    others_play(table, lambda legal: Call("pass") if Call("pass") in legal else legal[0])
    state = table.session.state
    assert state.phase == "discard" and len(my_cards(table)) == 6
    click_card(table, peep)
    assert table.session.state.phase == "discard"
    click_button(table, "Discard")
    state = table.session.state
    assert state.phase == "play" and state.discards[0] == (peep,) and len(my_cards(table)) == 5


def test_the_second_chance_of_solo_for_three(table, qtbot):
    ctl = open_game(table, "solo_whist_three_handed")
    assert [b.label for b in ctl.buttons][:2] == ["Pass", "Solo"]
    click_button(table, "Pass")
    others_play(table, lambda legal: Call("pass"))
    assert [b.label for b in ctl.buttons] == ["Pass", "Six-trick abundance"]
    assert not table.session.state.turnup_on_table
    click_button(table, "Six-trick abundance")
    assert [b.action.suit.letter for b in ctl.buttons] == ["C", "D", "H", "S"]
