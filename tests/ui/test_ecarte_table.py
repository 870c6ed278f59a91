"""Écarté on the card table: the proposal by its buttons, the exchange chosen then confirmed by mouse
and by keyboard, the king marked, a forbidden card refused with its law."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call, Play, active_slot
from compendium.ui.table.card_renderer import aspect
from compendium.ui.table.tricks_table import TricksController

from .tables import shown_table


@pytest.fixture
def table(qtbot, monkeypatch):
    yield from shown_table(qtbot, monkeypatch, get_game("ecarte"), size=(1100, 760))


def open_game(table, seed=3) -> TricksController:
    table.load_session(Session(get_game("ecarte"), None, seed=seed))
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


def test_propose_then_exchange_by_mouse(table, qtbot):
    ctl = open_game(table)
    assert [b.label for b in ctl.buttons] == ["I play", "Propose"]
    assert ctl.prompt() == "Your call: I play or Propose"
    click_button(table, "Propose")
    qtbot.waitUntil(lambda: table.session.state.phase != "answer", timeout=20000)
    state = table.session.state
    assert state.phase == "discard"       # deal 3: the computer accepts
    assert [b.label for b in ctl.buttons] == ["Exchange"]
    first = my_cards(table)[:2]
    for cid in first:
        click_card(table, cid)
    assert table.session.state is state                  # chosen, not yet thrown
    assert ctl.prompt().endswith("(two chosen)")
    click_button(table, "Exchange")
    state = table.session.state
    assert state.discards[0] == tuple(first) and len(state.hands[active_slot(state, 0)]) == 5
    assert (0, "draw") in state.calls


def test_i_play_by_keyboard_and_a_card_refused_with_its_law(table, qtbot):
    ctl = open_game(table, seed=4)
    table.setFocus()
    said: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    for _ in range(len(ctl.choices())):
        if ctl.buttons and ctl.buttons[0].focused:
            break
        QTest.keyClick(table, Qt.Key.Key_Left)
    assert ctl.buttons[0].focused and ctl.buttons[0].label == "I play"
    QTest.keyClick(table, Qt.Key.Key_Return)
    state = table.session.state
    assert state.phase == "play" and state.calls[-1] == (0, "play")
    game = table.session.game
    # lead, then wait for the computer's answer and the next decision
    table.play(next(a for a in table.legal() if isinstance(a, Play)))
    qtbot.waitUntil(lambda: table.human_to_move or table.session.state.phase != "play", timeout=20000)
    state = table.session.state
    if state.phase == "play" and state.trick:
        bad = [c for c in (state.deck[i] for i in state.hands[active_slot(state, 0)])
               if c not in game.playable(state, 0)]
        if bad:
            assert not table.play(Play(bad[0]))
            assert said[-1][1] in ("ecarte#following-suit", "ecarte#winning-the-trick", "ecarte#trumping")


def test_the_king_has_a_button_before_the_first_card(table, qtbot):
    for seed in range(40):
        ctl = open_game(table, seed=seed)
        state = table.session.state
        mine = [state.deck[i] for i in state.hands[active_slot(state, 0)]]
        if any(c.rank.name == "KING" and c.suit == state.trump for c in mine):
            break
    else:
        pytest.skip("no deal of the first forty gives you the king of trumps")
    click_button(table, "I play")
    assert "Mark the king" in [b.label for b in ctl.buttons]
    click_button(table, "Mark the king")
    assert table.session.state.sheet.totals[0] == 1
    assert Call("king") not in table.legal()


@pytest.mark.parametrize("size", [(990, 690), (1100, 760), (1550, 1000)])
def test_the_opponents_name_never_covers_the_card_he_plays(table, qtbot, size):
    # Across a short table (the table beside the rules pane at 1366×768) the name under the
    # opponent's closed hand lay over the place of his card in the trick; it moves beside his hand.
    table.resize(*size)
    qtbot.wait(50)
    ctl = open_game(table)
    click_button(table, "I play")
    qtbot.waitUntil(lambda: table.session.state.phase == "play", timeout=20000)
    ctl.sync(False)
    spot = ctl.trick_spot(1, 2)
    card = QRectF(spot.x(), spot.y(), ctl.unit, ctl.unit * aspect)
    name = ctl.names[1].sceneBoundingRect()
    assert not name.intersects(card), (size, name, card)
    assert name.intersects(QRectF(0, 0, ctl.width, ctl.centre.y()))   # still on his side of the table
