"""Five Hundred on the card table: the Avondale bids are buttons, the bidder takes up the widow
chooses three cards to discard and confirms them with the Discard button, a card clicked during
the bidding is refused with its law, and no hidden card (the widow, the discard, the others'
hands) is ever drawn face up."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.tricks.engine import Call, active_slot
from compendium.games.tricks.five_hundred import GAME
from compendium.ui.table.tricks_table import TricksController

from .tables import shown_table


@pytest.fixture
def table(qtbot, monkeypatch):
    for widget in shown_table(qtbot, monkeypatch, GAME, size=(1100, 760)):
        widget._computer_turn = lambda: None        # the test plays the other seats itself
        widget.load_session(Session(GAME, None, seed=3))
        assert isinstance(widget.controller, TricksController)
        yield widget


def click_scene(table, point: QPointF) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.mapFromScene(point))


def click_card(table, cid: int) -> None:
    rect = table.controller.cards[cid].sceneBoundingRect()
    click_scene(table, QPointF(rect.left() + 8, rect.center().y()))   # the visible edge in the fan


def my_ids(table) -> list[int]:
    state = table.session.state
    return list(state.hands[active_slot(state, 0)])


def faces_drawn_are_seen(table) -> None:
    view = table.current_view()
    for cid, item in table.controller.cards.items():
        if item.isVisible() and item.face is not None:
            assert view.face(cid) == item.face, f"card {cid} drawn face up but hidden from you"


def test_bids_are_buttons_and_the_bidder_discards_by_clicking(table):
    ctl = table.controller
    labels = [b.label for b in ctl.buttons]
    assert labels[:3] == ["Pass", "6 ♠ · 40", "6 ♣ · 60"] and labels[-1] == "10 NT · 520"
    assert len(labels) == 26
    button = next(b for b in ctl.buttons if b.label == "7 ♥ · 200")
    click_scene(table, button.sceneBoundingRect().center())
    assert table.session.state.calls == ((0, "7H"),)
    table.session.play(Call("pass"))
    table.session.play(Call("pass"))
    table.sync(animate=False)
    state = table.session.state
    assert state.phase == "discard" and len(my_ids(table)) == 13
    assert [b.label for b in ctl.buttons] == ["Discard"]
    assert ctl.prompt() == "Choose three cards to discard, then press Discard"
    faces_drawn_are_seen(table)
    chosen = sorted(my_ids(table), key=lambda i: ctl.cards[i].x())[:3]
    for k, cid in enumerate(chosen):
        click_card(table, cid)
        assert not table.session.state.discards[0]            # chosen, not yet put out
        assert len(ctl._selected) == k + 1
    click_scene(table, ctl.buttons[0].sceneBoundingRect().center())
    state = table.session.state
    assert state.discards[0] == tuple(chosen)
    assert state.phase == "play" and state.turn == 0 and len(my_ids(table)) == 10
    faces_drawn_are_seen(table)


def test_a_card_clicked_during_the_bidding_is_refused_with_the_law(table):
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    before = table.session.state
    click_card(table, my_ids(table)[0])
    assert table.session.state is before
    assert any(rule == "five_hundred#the-play" for _, rule in messages)
    faces_drawn_are_seen(table)
