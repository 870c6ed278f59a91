"""Boston on the card table: the bid said in two clicks (the number, then the suit by its class),
the preference shown in the information panel, cards put out before a little misère, a card
played by a click and a revoke refused with its law."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
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


def open_boston(table, seed=3):
    table.load_session(Session(get_game("boston"), {"deals": 4}, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def click_button(table, label):
    ctl = table.controller
    button = next(b for b in ctl.buttons if b.label == label)
    pos = table.mapFromScene(button.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def click_card(table, cid):
    item = table.controller.cards[cid]
    rect = item.sceneBoundingRect()
    pos = table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def my_ids(table):
    state = table.session.state
    return list(state.hands[active_slot(state, 0)])


def others_until_my_turn(table, choose=None):
    session = table.session
    while session.to_move() not in (0, Special.TERMINAL, Special.CHANCE):
        legal = session.legal_actions()
        session.play(choose(legal) if choose else legal[0])
    table.sync(animate=False)


def test_a_bid_in_two_clicks_and_the_preference_on_show(table, qtbot):
    ctl = open_boston(table)
    state = table.session.state
    pref = state.fact("preference")
    assert any(f"Preference {pref.suit.symbol}" in line for line in ctl.info.lines)
    labels = [b.label for b in ctl.buttons]
    assert labels[:4] == ["Pass", "Boston", "Six", "Seven"] and "Grand misère" in labels
    click_button(table, "Six")
    assert table.session.state.phase == "suit"
    labels = [b.label for b in ctl.buttons]
    assert len(labels) == 4 and any("(preference)" in l and pref.suit.symbol in l for l in labels)
    click_button(table, next(l for l in labels if "(preference)" in l))
    assert table.session.state.calls == ((0, f"Six {pref.suit.symbol}"),)
    assert ctl.buttons == []                                    # not your call any more


def test_a_card_is_chosen_and_put_out_before_a_little_misere(table, qtbot):
    open_boston(table, seed=5)
    click_button(table, "Little misère")
    others_until_my_turn(table, choose=lambda legal: Call("pass") if Call("pass") in legal else legal[0])
    session = table.session
    assert session.state.phase == "discard" and session.to_move() == 0
    cid = my_ids(table)[0]
    face = session.state.deck[cid]
    click_card(table, cid)
    assert not session.state.discards[0]                        # chosen, then confirmed
    click_button(table, "Discard")
    assert session.state.discards[0] == (cid,) and len(my_ids(table)) == 12
    assert session.record().actions[-1] == f"discard {face.code}"
    assert session.state.phase == "discard" and session.to_move() == 1   # Y puts out next


def test_a_card_is_played_by_a_click_and_a_revoke_refused(table, qtbot):
    open_boston(table, seed=5)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    click_button(table, "Boston")
    click_button(table, next(b.label for b in table.controller.buttons if "(plain)" in b.label))
    others_until_my_turn(table, choose=lambda legal: Call("pass") if Call("pass") in legal else legal[0])
    session = table.session
    assert session.state.phase == "play" and session.to_move() == 0       # the eldest hand leads
    # play on until a card of yours would be a revoke, then try it
    for _ in range(60):
        others_until_my_turn(table)
        if session.to_move() != 0 or session.state.phase != "play":
            break
        legal = {a.card for a in session.legal_actions()}
        bad = [i for i in my_ids(table) if session.state.deck[i] not in legal]
        if bad and session.state.trick:
            before = session.state
            click_card(table, bad[0])
            assert session.state is before
            assert any(rule == "boston#following-suit" and "revoke" in text for text, rule in messages)
            good = next(i for i in my_ids(table) if session.state.deck[i] in legal)
            click_card(table, good)
            assert good not in my_ids(table)                    # played by the click
            assert session.record().actions[-1] == f"play {before.deck[good].code}"
            return
        session.play(session.legal_actions()[0])
    pytest.fail("no position needing a follow found")
