"""The card table at Euchre and Loo: ordering up and passing by buttons or keys, the dealer's
discard chosen and confirmed, a lone player's partner's cards laid down, the score marked with a
six and a four (one pip of the six uncovered a point); Loo's choices, the miss by the dealer, the
hands thrown in, the pool as counters, and the exchange at five-card Loo."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call, Discard, active_slot
from compendium.ui.table.euchre_loo_table import COVER, PIPS, EuchreLooController

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game_id, seed=3, options=None) -> EuchreLooController:
    table.load_session(Session(get_game(game_id), options, seed=seed))
    assert isinstance(table.controller, EuchreLooController)
    return table.controller


def click_button(table, label):
    button = next(b for b in table.controller.buttons if b.label == label)
    pos = table.mapFromScene(button.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def click_card(table, cid):
    rect = table.controller.cards[cid].sceneBoundingRect()
    pos = table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def others_play(table, choose=lambda legal: legal[0]):
    session = table.session
    while session.to_move() not in (0, Special.TERMINAL, Special.CHANCE):
        session.play(choose(list(session.legal_actions())))
    table.sync(animate=False)


def test_euchre_ordering_up_and_passing_are_buttons(table):
    ctl = open_game(table, "euchre")
    assert [b.label for b in ctl.buttons] == ["Pass", "Order it up", "Order it up, alone"]
    click_button(table, "Order it up")
    state = table.session.state
    assert state.contract is not None and state.contract.maker == 0 and state.trump is not None


def test_euchre_by_keyboard(table):
    open_game(table, "euchre")
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Right)             # from Pass to Order it up
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.steps[-1].action == Call("order")


def test_the_dealer_discards_by_clicking_and_confirming(table):
    session_game = get_game("euchre")
    # seat 0 deals on the second deal: pass everything round once to reach it
    ctl = open_game(table, "euchre", seed=5)
    session = table.session
    while not (session.state.phase == "order" and session.state.dealer == 0):
        session.play(Call("pass") if Call("pass") in session.legal_actions()
                     else session.legal_actions()[0])
    others_play(table, lambda legal: Call("pass"))
    click_button(table, "Take it up")
    assert session.state.phase == "discard"
    slot = active_slot(session.state, 0)
    assert len(session.state.hands[slot]) == 6
    table.sync(animate=False)
    cid = session.state.hands[slot][0]
    click_card(table, cid)
    assert session.state.phase == "discard"             # chosen, not yet put out
    click_button(table, ctl.buttons[0].label)
    assert session.state.phase == "play" and isinstance(session.steps[-1].action, Discard)
    assert session_game.to_move(session.state) == 1


def test_a_lone_players_partner_lays_his_cards_down(table):
    ctl = open_game(table, "euchre")
    click_button(table, "Order it up, alone")
    state = table.session.state
    partner = [k for k, o in enumerate(state.owners) if o == 2][0]
    table.sync(animate=False)
    for cid in state.hands[partner]:
        assert ctl.cards[cid].isVisible() and ctl.cards[cid].face is None


def test_the_score_marks_show_one_pip_a_point():
    """The four lies so that exactly ``points`` pips of the six show and the rest are covered."""
    import math
    w, h = 1.0, 1.4
    for points, (turn, dx, dy) in COVER.items():
        shown = 0
        for x, y in PIPS:
            px, py = x * w - (w / 2 + dx), y * h - (h / 2 + dy)
            a = math.radians(turn)
            u, v = px * math.cos(a) + py * math.sin(a), -px * math.sin(a) + py * math.cos(a)
            shown += not (abs(u) <= w / 2 and abs(v) <= h / 2)
        assert shown == points


def test_the_markers_follow_the_sheet(table):
    from compendium.ai.registry import computer_player
    ctl = open_game(table, "euchre")
    session = table.session
    game = session.game
    player = computer_player(game, 1)
    while session.state.deal_no == 1 or sum(session.state.sheet.totals) == 0:
        if session.to_move() is Special.CHANCE:
            session.advance_chance()
            continue
        seat = session.to_move()
        session.play(player.choose(game, game.view(session.state, seat), list(session.legal_actions())))
    table.sync(animate=False)
    totals = session.state.sheet.totals
    assert sum(totals) > 0
    assert [m.points for m in ctl.markers[:2]] == [max(0, t) for t in totals]
    assert not ctl.markers[2].isVisible()               # two sides at four


def test_loo_choices_the_miss_and_the_pool(table):
    ctl = open_game(table, "loo")
    assert [b.label for b in ctl.buttons] == ["Play", "Take the miss", "Pass"]
    state = table.session.state
    miss = state.hands[-1]
    assert all(ctl.cards[i].isVisible() and ctl.cards[i].face is None for i in miss)
    assert ctl.pool.isVisible() and ctl.pool.amount == 3 and ctl.pool.caption == "Pool 3"
    click_button(table, "Pass")
    state = table.session.state
    assert state.hand_sets[0] == -1                     # thrown in
    table.sync(animate=False)
    assert all(ctl.cards[i].face is None for i in state.hands[0])


def test_five_card_loo_exchange_by_clicks(table):
    ctl = open_game(table, "loo", options={"form": "five"})
    click_button(table, "Play")
    session = table.session
    assert session.state.phase == "exchange"
    slot = active_slot(session.state, 0)
    first = session.state.hands[slot][0]
    table.sync(animate=False)
    assert [b.label for b in ctl.buttons] == ["Keep these cards", "Exchange"]
    click_card(table, first)
    assert session.state.phase == "exchange"             # chosen, not yet put out
    before = len(session.state.stock)
    click_button(table, "Exchange")
    assert session.state.discards[0] == (first,) and len(session.state.stock) == before - 1
    assert len(session.state.hands[slot]) == 5 and session.state.phase != "exchange"


def test_five_card_loo_keeping_the_cards(table):
    ctl = open_game(table, "loo", options={"form": "five"})
    click_button(table, "Play")
    session = table.session
    hand = session.state.hands[active_slot(session.state, 0)]
    assert "Keep these cards" in [b.label for b in ctl.buttons]
    click_button(table, "Keep these cards")
    assert session.state.phase != "exchange" and session.state.discards[0] == ()
    assert session.state.hands[active_slot(session.state, 0)] == hand


def test_a_panel_is_not_tinted_by_the_brush_an_item_before_it_left(qapp):
    """The view does not save the painter between items (a card's highlight leaves its brush):
    the panels fill and rim themselves without it."""
    from PySide6.QtGui import QColor, QImage, QPainter

    from compendium.ui.table.tricks_items import TextPanel
    panel = TextPanel(["Points"], size=13)
    img = QImage(200, 80, QImage.Format.Format_ARGB32)
    img.fill(QColor(0, 0, 0))
    painter = QPainter(img)
    painter.setBrush(QColor(255, 220, 0, 95))          # as a highlighted card leaves it
    panel.paint(painter, None)
    painter.end()
    box = panel.boundingRect()
    reds = [img.pixelColor(int(box.center().x()) + dx, int(box.bottom()) - 5).red() for dx in (-3, 0, 3)]
    assert max(reds) < 60
