"""The Whist tables: the turned trump on the cloth, the score panel of points and games, a revoke
refused with its law, keyboard play, the revoke's penalty chosen from buttons; Dummy Whist's dummy
played by Y from the table; Double Dummy with every hand open and A's dummy his to play."""
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

A, Y, B, Z = 0, 1, 2, 3


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game_id, seed=3, options=None, seats=(A,)):
    table.load_session(Session(get_game(game_id), options or {}, seed=seed, human_seats=seats))
    assert isinstance(table.controller, TricksController)
    return table.controller


def point_of(table, cid) -> QPoint:
    rect = table.controller.cards[cid].sceneBoundingRect()
    return table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))


def drag_to_middle(table, cid) -> None:
    middle = table.mapFromScene(table.controller.centre)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, cid))
    QTest.mouseMove(table.viewport(), middle)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=middle)


def ids_of(state, seat):
    return list(state.hands[active_slot(state, seat)])


def advance(table, wanted, limit=400):
    session = table.session
    for _ in range(limit):
        if wanted(session.state):
            table.sync(animate=False)
            return session.state
        who = session.to_move()
        assert who not in (Special.TERMINAL,)
        if who is Special.CHANCE:
            pytest.fail("a new deal came before the position wanted")
        game = session.game
        state = session.state
        if state.phase == "play":
            session.play(Play(game.playable(state, state.turn, strict=True)[0]))
        else:
            session.play(session.legal_actions()[0])
    pytest.fail("the position wanted was not reached")


def test_the_turned_trump_and_the_score_are_on_the_table(table, qtbot):
    ctl = open_game(table, "whist")
    state = table.session.state
    assert state.turnup_on_table
    item = ctl.cards[state.turnup]
    assert item.isVisible() and item.face == state.deck[state.turnup]
    assert any(line.startswith("Trumps") for line in ctl.info.lines)
    assert any(line.startswith("Cut:") for line in ctl.info.lines)
    assert ctl.score.lines[0].startswith("Rubber") and any(line.startswith("points") for line in ctl.score.lines)
    # nothing of another hand is shown face up
    for seat in (Y, B, Z):
        assert all(ctl.cards[i].face is None for i in ids_of(state, seat) if i != state.turnup)


def test_a_revoke_is_refused_with_its_law_and_the_keyboard_plays(table, qtbot):
    open_game(table, "whist", seed=5)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))

    def must_follow(s):
        if s.phase != "play" or s.turn != A or not s.trick:
            return False
        led = s.deck[s.trick[0][1]].suit
        suits = {s.deck[i].suit for i in ids_of(s, A)}
        return led in suits and len(suits) > 1
    state = advance(table, must_follow)
    legal = {a.card for a in table.legal()}
    bad = next(i for i in ids_of(state, A) if state.deck[i] not in legal)
    drag_to_middle(table, bad)
    assert table.session.state is state
    assert messages[-1][1] == "whist#following-suit" and "revoke" in messages[-1][0]
    # the keyboard: Escape puts the focus on the first card, Right moves, Return plays
    choices = table.controller.choices()
    target = next(k for k, i in enumerate(choices) if state.deck[i] in legal)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Escape)
    for _ in range(target):
        QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    played = [*table.session.state.trick, *(p for t in table.session.state.tricks for p in t.plays)]
    assert (A, choices[target]) in played


def test_a_revoke_let_stand_is_settled_by_your_choice_at_the_end_of_the_hand(table, qtbot):
    ctl = open_game(table, "whist", seed=2, options={"revokes": "penalised"})
    session = table.session

    def z_can_revoke(s):
        if s.phase != "play" or s.turn != Z or not s.trick:
            return False
        led = s.deck[s.trick[0][1]].suit
        suits = {s.deck[i].suit for i in ids_of(s, Z)}
        return led in suits and len(suits) > 1
    state = advance(table, z_can_revoke)
    led = state.deck[state.trick[0][1]].suit
    revoke = next(state.deck[i] for i in ids_of(state, Z) if state.deck[i].suit is not led)
    session.play(Play(revoke))
    assert session.state.revokes[-1][0] == Z
    state = advance(table, lambda s: s.phase == "penalty")
    assert state.turn == A and table.human_to_move
    labels = [b.label for b in ctl.buttons]
    assert labels == ["Take three of their tricks", "Take three points off their score", "Add three points to ours"]
    button = ctl.buttons[2]
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.mapFromScene(button.sceneBoundingRect().center()))
    lines = [line for line in session.state.sheet.lines if line.rule == "whist#the-revoke"]
    assert lines and lines[-1].side == 0 and lines[-1].points == 3


def test_as_y_at_dummy_whist_you_play_the_dummy_from_the_table(table, qtbot):
    ctl = open_game(table, "dummy_whist", seats=(Y,))
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    state = advance(table, lambda s: s.phase == "play" and s.turn == Z and bool(s.trick))
    dummy = ids_of(state, Z)
    assert all(ctl.cards[i].face == state.deck[i] for i in dummy)          # open on the cloth
    assert table.human_to_move and set(ctl._controlled) == set(dummy)
    assert any("dummy" in line for line in ctl.info.lines)
    own = ids_of(state, Y)[0]
    drag_to_middle(table, own)                                              # your own card
    assert table.session.state is state
    assert messages[-1][1] == "dummy_whist#the-dummy" and "dummy's turn" in messages[-1][0]
    legal = [i for i in dummy if state.deck[i] in {a.card for a in table.legal()}]
    drag_to_middle(table, legal[0])
    played = [*table.session.state.trick, *(p for t in table.session.state.tricks for p in t.plays)]
    assert (Z, legal[0]) in played
    assert ctl.names[Z].lines[0] == "Dummy"


def test_as_a_at_dummy_whist_the_dummy_is_open_but_not_yours(table, qtbot):
    ctl = open_game(table, "dummy_whist")
    state = advance(table, lambda s: s.phase == "play" and s.turn == A)
    dummy = ids_of(state, Z)
    assert all(ctl.cards[i].face == state.deck[i] for i in dummy)
    assert not set(dummy) & set(ctl.choices())
    assert all(ctl.cards[i].face is None for i in ids_of(state, Y) + ids_of(state, B) if i != state.turnup)


def test_double_dummy_lies_open_and_your_dummy_answers_a_double_click(table, qtbot):
    ctl = open_game(table, "double_dummy")
    state = table.session.state
    for seat in (A, Y, B, Z):
        assert all(ctl.cards[i].face == state.deck[i] for i in ids_of(state, seat))
    state = advance(table, lambda s: s.phase == "play" and s.turn == B)
    legal = [i for i in ids_of(state, B) if state.deck[i] in {a.card for a in table.legal()}]
    assert table.human_to_move and legal
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, legal[-1]))
    played = [*table.session.state.trick, *(p for t in table.session.state.tricks for p in t.plays)]
    assert (B, legal[-1]) in played


def test_a_whist_pbn_deal_is_pasted_into_the_deal_editor_and_started(table, qtbot):
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QDialogButtonBox

    from compendium.games.tricks import dealtext
    from compendium.ui.deal_editor import DealEditor
    game = get_game("whist")
    dialog = DealEditor(game, {})
    qtbot.addWidget(dialog)
    QGuiApplication.clipboard().setText('[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ '
                                        '765.432.AKQJ.T98 432.AKQJ.T98.765"]\n[TurnUp "2C"]')
    QTest.mouseClick(dialog.paste_button, Qt.MouseButton.LeftButton)
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert dialog.dealer == B                                  # North is B, the dealer
    # the editor keeps the turn-up in a box of its own: the rest of B's thirteen in his
    held = set(dealtext.parse_cards("S A K Q J H 10 9 8 D 7 6 5 C 4 3 2"))
    assert set(dialog.cards_of("B")) == held - set(dealtext.parse_cards("C 2"))
    state = game.setup_state(dialog.setup_text(), {})
    assert str(state.deck[state.turnup]) == "2♣" and state.trump.letter == "C"


@pytest.mark.parametrize("game_id", ["whist", "dummy_whist", "double_dummy"])
def test_the_screenshot_shows_the_table(game_id, tmp_path, qapp):
    from PySide6.QtGui import QImage

    from compendium.ui.app import screenshot
    out = tmp_path / f"{game_id}.png"
    screenshot(game_id, out, 3, (1366, 768))
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1366, 768)
    # the cloth's green is there, and so are the white faces of the cards
    colours = {image.pixelColor(x, y).name() for x in range(400, 1366, 37) for y in range(60, 768, 29)}
    assert len(colours) > 20


def test_the_end_of_hand_summary_names_each_side_once(table, qtbot):
    ctl = open_game(table, "whist", seed=6)
    state = advance(table, lambda s: s.deal_no == 2, limit=200)       # the session deals on at once
    from compendium.core.frozen import replace
    lines = ctl.hand_lines(replace(state, deal_no=1))                 # the first hand's lines
    assert lines, "the hand scored nothing"
    for text, points, rule in lines:
        assert text.count("–") <= 1 or text.startswith("The hand"), text
        assert rule is None or rule.startswith("whist#")
    assert any("by cards" in text for text, _, _ in lines)


def test_double_dummys_hint_says_whether_the_tricks_can_still_be_made(table, qtbot, monkeypatch):
    # The hint crosses from the worker as (the card, a sentence); the sentence is said with it.
    from concurrent.futures import Future

    from compendium.ai.worker import hint_with_note

    def hint_here(game_id, state, seat):
        future: Future = Future()
        future.set_result(hint_with_note(game_id, state, seat))
        return future
    monkeypatch.setattr(table.worker, "submit_hint", hint_here)
    open_game(table, "double_dummy", seats=(A, B))
    state = advance(table, lambda s: s.phase == "play" and s.turn in (A, B) and len(ids_of(s, s.turn)) <= 6
                    and not s.trick)
    said: list[str] = []
    table.message.connect(lambda text, rule: said.append(text))
    table.hint()
    qtbot.waitUntil(lambda: any(t.startswith("Hint:") for t in said), timeout=20000)
    text = next(t for t in said if t.startswith("Hint:"))
    assert "Against the best defence" in text and "tricks" in text, text
    assert table.session.state is state
