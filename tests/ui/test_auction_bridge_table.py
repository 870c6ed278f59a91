"""The Auction Bridge table: the calls are buttons, the dummy lies face up after the opening lead,
and when you are the declarer you play the dummy's cards by clicking them or with the keyboard;
a card from the wrong hand is refused with the law."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call, Play, active_slot
from compendium.ui.table.tricks_table import TricksController

from .tables import table_played_by_the_test

A, Y, B, Z = 0, 1, 2, 3


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_bridge(table, seed=3) -> TricksController:
    table.load_session(Session(get_game("auction_bridge"), None, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def point_of(table, cid) -> QPoint:
    rect = table.controller.cards[cid].sceneBoundingRect()
    return table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))


def ids_of(state, seat):
    return list(state.hands[active_slot(state, seat)])


def test_calls_are_buttons_and_a_click_makes_the_call(table):
    ctl = open_bridge(table)
    session = table.session
    session.play(Call("1s"))                        # Z, the dealer, opens
    table.sync(animate=False)
    labels = [b.label for b in ctl.buttons]
    assert labels[:2] == ["Pass", "Double"] and "1 NT" in labels and "1 ♣" in labels and "1 ♠" not in labels
    button = next(b for b in ctl.buttons if b.label == "2 ♥")
    pos = table.mapFromScene(button.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert session.state.calls[-1] == (A, "2h")


def declarer_after_lead(table) -> TricksController:
    """You (A) call Seven No Trumps over the dealer's One Spade; Y leads; the dummy's turn."""
    ctl = open_bridge(table)
    session = table.session
    for word in ("1s", "7nt", "pass", "pass", "pass"):
        session.play(Call(word))
    assert session.state.contract.declarer == A
    session.play(session.legal_actions()[0])         # Y's opening lead
    table.sync(animate=False)
    assert session.to_move() == A and session.state.turn == B
    return ctl


def test_the_dummy_is_face_up_and_you_click_its_cards(table):
    ctl = declarer_after_lead(table)
    state = table.session.state
    dummy = ids_of(state, B)
    assert all(ctl.cards[i].face is not None for i in dummy)          # laid face up
    legal = {a.card for a in table.legal()}
    playable = [i for i in dummy if state.deck[i] in legal]
    assert playable
    cid = playable[0]
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, cid))
    assert table.session.state.trick[-1] == (B, cid)
    assert table.session.steps[-1].action == Play(state.deck[cid])


def test_a_card_from_your_own_hand_on_the_dummys_turn_is_refused(table):
    declarer_after_lead(table)
    state = table.session.state
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    mine = ids_of(state, A)
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, mine[0]))
    assert table.session.state is state                               # nothing played
    assert any(rule == "auction_bridge#the-dummy" and "dummy" in text for text, rule in messages)


def test_the_keyboard_moves_over_the_dummy_when_it_is_the_dummys_turn(table):
    ctl = declarer_after_lead(table)
    state = table.session.state
    dummy = set(ids_of(state, B))
    choices = ctl.choices()
    assert set(choices) <= dummy and choices
    legal = {a.card for a in table.legal()}
    target = next(k for k, i in enumerate(choices) if state.deck[i] in legal)
    for _ in range(target):
        ctl.key("right")
    ctl.key("enter")
    played = table.session.state.trick[-1]
    assert played[0] == B and played[1] in dummy


def test_when_your_partner_declares_you_are_the_dummy(table):
    open_bridge(table, seed=4)
    session = table.session
    for word in ("1s", "pass", "pass", "7nt", "pass", "pass", "pass"):
        session.play(Call(word))
    assert session.state.contract.declarer == B
    session.play(session.legal_actions()[0])          # Z leads
    table.sync(animate=False)
    # Your cards lie open, but B (the computer) plays them: nothing is yours to click.
    assert session.state.turn == A and session.to_move() == B
    assert table.legal() == ()
    before = session.state.trick
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, ids_of(session.state, A)[0]))
    assert session.state.trick == before


def test_the_score_panel_is_a_bridge_sheet(table):
    ctl = open_bridge(table)
    lines = ctl.score.lines
    assert lines[0].startswith("Rubber") and any(l.startswith("above") for l in lines)
    assert any(l.startswith("below") for l in lines)
