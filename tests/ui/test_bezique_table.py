"""Bézique on the card table: the declarations offered as buttons after a trick won, the declared
cards lying face up before their owner (yours above your hand, his before his), played from there
by mouse and keyboard, "Draw" said for you when nothing is left to declare, and no hidden face
drawn."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.bezique import PlayShown
from compendium.games.tricks.engine import Call, active_slot
from compendium.ui.table.bezique_table import BeziqueController

from .tables import table_played_by_the_test

SETUP = """game: bezique
dealer: B
A: ♠ Q 10 ♥ K Q ♦ J ♣ 7 8 9
B: ♠ 8 8 ♥ 7 8 ♦ 7 8 ♣ 10 10
turn-up: ♠9
"""


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot, size=(1100, 760))


def open_setup(table, text=SETUP) -> BeziqueController:
    game = get_game("bezique")
    table.load_session(Session(game, None, seed=1, human_seats=(0,), setup=text))
    assert isinstance(table.controller, BeziqueController)
    return table.controller


def click_at(table, item) -> None:
    rect = item.sceneBoundingRect()
    pos = table.mapFromScene(QPointF(rect.left() + 6, rect.center().y()))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def click_button(table, label) -> None:
    button = next(b for b in table.controller.buttons if b.label == label)
    pos = table.mapFromScene(button.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def card_of(table, code: str, among) -> int:
    state = table.session.state
    return next(i for i in among if state.deck[i].code == code)


def win_first_trick(table) -> None:
    """You lead the seven of clubs; B (played by the test) answers a heart: you win."""
    session = table.session
    state = session.state
    ctl = table.controller
    mine = state.hands[active_slot(state, 0)]
    click_at(table, ctl.cards[card_of(table, "7C", mine)])
    assert session.state.trick
    session.play(session.game.action_from_str(session.state, "play 7H"))
    table.sync(animate=False)
    assert session.state.phase == "declare" and session.state.turn == 0


def test_declarations_are_buttons_with_their_values_after_a_trick_won(table, qtbot):
    ctl = open_setup(table)
    win_first_trick(table)
    labels = [b.label for b in ctl.buttons]
    assert "Marriage ♥ (20)" in labels and "Bézique (40)" in labels and labels[-1] == "Draw"
    click_button(table, "Bézique (40)")
    state = table.session.state
    assert state.sheet.totals[0] == 40
    # the declared cards lie face up in a row above your hand, not in it
    lying = state.contract.table[0]
    assert {state.deck[i].code for i in lying} == {"QS", "JD"}
    hand_top = min(ctl.cards[i].sceneBoundingRect().top() for i in state.hands[active_slot(state, 0)]
                   if i not in lying)
    for i in lying:
        item = ctl.cards[i]
        assert item.face is not None and item.isVisible()
        assert item.sceneBoundingRect().bottom() < hand_top
    # the marriage may still come on a later trick; now only Draw is left: the table says it
    assert [b.label for b in ctl.buttons] == ["Draw"]
    qtbot.waitUntil(lambda: table.session.state.phase == "play", timeout=3000)
    assert table.session.state.calls[-1] == (0, "draw")


def test_the_opponents_declared_cards_lie_face_up_before_him(table, qtbot):
    ctl = open_setup(table, SETUP.replace("A: ♠ Q 10 ♥ K Q ♦ J ♣ 7 8 9", "A: ♠ 7 7 ♥ 9 9 ♦ 9 ♣ 7 8 9")
                     .replace("B: ♠ 8 8 ♥ 7 8 ♦ 7 8 ♣ 10 10", "B: ♠ Q 8 ♥ K Q ♦ J ♣ 10 10 A"))
    session = table.session
    session.play(session.game.action_from_str(session.state, "play 7C"))
    session.play(session.game.action_from_str(session.state, "play 10C"))
    session.play(session.game.action_from_str(session.state, "bezique"))
    table.sync(animate=False)
    state = session.state
    lying = state.contract.table[1]
    his_hand = [i for i in state.hands[active_slot(state, 1)] if i not in lying]
    hand_bottom = max(ctl.cards[i].sceneBoundingRect().bottom() for i in his_hand)
    for i in lying:
        assert ctl.cards[i].face is not None                     # face up for you to see
        assert ctl.cards[i].sceneBoundingRect().top() > hand_bottom - 1
    for i in his_hand:
        assert ctl.cards[i].face is None                         # his concealed cards stay hidden


def test_a_declared_card_is_played_from_the_table_by_click_and_by_keyboard(table, qtbot):
    ctl = open_setup(table, SETUP.replace("♠ Q 10 ♥", "♠ Q Q ♥"))
    win_first_trick(table)
    click_button(table, "Bézique (40)")
    qtbot.waitUntil(lambda: table.session.state.phase == "play", timeout=3000)
    state = table.session.state
    lying_qs = card_of(table, "QS", state.contract.table[0])
    # you lead: the queen lying declared is played from the table (the concealed one stays)
    assert PlayShown(state.deck[lying_qs]) in table.legal()
    before = table.session.state
    table.setFocus()
    ctl.focus = ctl.choices().index(lying_qs)
    ctl.show_keyboard_state()
    QTest.keyClick(table, Qt.Key.Key_Return)
    after = table.session.state
    assert after is not before and after.trick[-1][1] == lying_qs
    assert lying_qs not in after.contract.table[0]
    assert any(after.deck[i].code == "QS" for i in after.hands[active_slot(after, 0)])


def test_the_screen_shows_no_hidden_face(table, qtbot):
    ctl = open_setup(table)
    win_first_trick(table)
    state = table.session.state
    view = table.session.game.view(state, 0)
    for cid, item in ctl.cards.items():
        if view.cards[cid].face is None:
            assert item.face is None
    assert Call("draw") in table.legal()


@pytest.mark.parametrize("game_id", ["bezique", "rubicon_bezique", "ecarte"])
def test_screenshot_at_1366_by_768(game_id, tmp_path):
    import os
    import struct
    import subprocess
    import sys
    out = tmp_path / f"{game_id}.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-m", "compendium", "--screenshot", game_id, str(out), "--seed", "3",
                           "--size", "1366x768"], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1366, 768)


RUBICON_BLANCHE = """game: rubicon_bezique
dealer: B
A: ♠ A ♦ A 10 9 8 7 ♣ 9 8 7
B: ♠ K Q J 9 8 7 ♥ 9 8 7
stock: ♣10 ♥K ♦Q ♥10 ♣9 ♥J ♣A ♣A ♣A ♣A ♣7 ♣7 ♣7 ♣8 ♣8 ♣8 ♣9 ♣9 ♣10 ♣10 ♣10 ♣J ♣J ♣J ♣J ♣Q ♣Q ♣Q ♣Q ♣K \
♣K ♣K ♣K ♦A ♦A ♦A ♦7 ♦7 ♦7 ♦8 ♦8 ♦8 ♦9 ♦9 ♦9 ♦10 ♦10 ♦10 ♦J ♦J ♦J ♦J ♦Q ♦Q ♦Q ♦K ♦K ♦K ♦K ♥A ♥A ♥A ♥A ♥7 \
♥7 ♥7 ♥8 ♥8 ♥8 ♥9 ♥9 ♥9 ♥10 ♥10 ♥10 ♥J ♥J ♥J ♥Q ♥Q ♥Q ♥Q ♥K ♥K ♥K ♠A ♠A ♠A ♠7 ♠7 ♠7 ♠8 ♠8 ♠8 ♠9 ♠9 ♠9 ♠10 \
♠10 ♠10 ♠10 ♠J ♠J ♠J ♠Q ♠Q ♠Q ♠K ♠K ♠K
"""


def test_rubicon_carte_blanche_shown_again_by_a_button_and_the_pass_said_for_you(table, qtbot):
    game = get_game("rubicon_bezique")
    session = Session(game, None, seed=1, human_seats=(0,), setup=RUBICON_BLANCHE)
    table.load_session(session)
    ctl = table.controller
    assert session.state.sheet.totals == (50, 0)                  # carte blanche at the deal
    mine = session.state.hands[active_slot(session.state, 0)]
    click_at(table, ctl.cards[card_of(table, "7C", mine)])
    table.session.play(game.action_from_str(table.session.state, "play 7S"))
    table.sync(animate=False)
    # nothing to declare: the table draws for you; you drew the ten of clubs
    qtbot.waitUntil(lambda: table.session.state.phase == "blanche", timeout=3000)
    assert [b.label for b in ctl.buttons] == ["Show the card: carte blanche (50)", "Pass (no more carte blanche)"]
    assert ctl.prompt() == "Carte blanche: show the ten of clubs you drew (50), or Pass"
    click_button(table, "Show the card: carte blanche (50)")
    assert table.session.state.sheet.totals == (100, 0) and table.session.state.phase == "play"
    mine = table.session.state.hands[active_slot(table.session.state, 0)]
    click_at(table, ctl.cards[card_of(table, "8C", mine)])
    table.session.play(game.action_from_str(table.session.state, "play 8S"))
    table.sync(animate=False)
    # the queen of diamonds drawn: only the pass is left, and the table says it for you
    qtbot.waitUntil(lambda: table.session.state.phase == "play" and table.session.state.calls[-1] == (0, "pass"),
                    timeout=5000)
    assert table.session.state.sheet.totals == (100, 0)
