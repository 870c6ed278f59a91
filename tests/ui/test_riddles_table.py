"""The Riddles table, driven with the keyboard and the mouse: typing fills the answer line and
Enter guesses; the plaques hint and pass; refusals are said with their law; the answer of the
riddle being asked is never drawn before it is told."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.parlour.riddles import Guess, Hint, Pass, collection
from compendium.games.registry import get_game
from compendium.ui.table.riddles_table import RiddlesController
from compendium.ui.table.view import TableWidget


@pytest.fixture
def table(qtbot):
    widget = TableWidget()
    widget._computer_turn = lambda: None        # the other seats are played by the test itself
    widget.set_animations(False)
    qtbot.addWidget(widget)
    widget.resize(1000, 740)
    widget.show()
    qtbot.waitExposed(widget)
    messages: list[tuple[str, str]] = []
    widget.message.connect(lambda text, rule: messages.append((text, rule)))
    widget.messages = messages
    yield widget
    widget.shutdown()


def open_riddles(table, seed=3, options=None) -> RiddlesController:
    table.load_session(Session(get_game("riddles"), options, seed=seed, human_seats=(0,)))
    ctl = table.controller
    assert isinstance(ctl, RiddlesController)
    return ctl


def type_text(table, text: str) -> None:
    table.setFocus()
    QTest.keyClicks(table, text)


def actions(table):
    return [step.action for step in table.session.steps]


def the_riddle(table):
    return table.session.state.current


def test_typing_fills_the_answer_line_and_enter_guesses(table):
    ctl = open_riddles(table)
    type_text(table, "fall of leaves")          # f, l and the space are typed, not commands
    assert ctl.typed == "fall of leaves"
    QTest.keyClick(table, Qt.Key.Key_Backspace)
    assert ctl.typed == "fall of leave"
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert actions(table)[-1] == Guess("fall of leave")
    assert ctl.typed == ""


def test_a_right_guess_typed_scores_and_the_answer_is_shown_after(table):
    ctl = open_riddles(table)
    riddle = the_riddle(table)
    type_text(table, riddle.accept[0].upper() + "!")
    QTest.keyClick(table, Qt.Key.Key_Return)
    state = table.session.state
    assert state.scores[0] == 2 and state.told[-1].riddle == riddle
    assert ctl.last.isVisible()
    assert any(riddle.answer in line for line in ctl.last.lines)


def test_the_answer_is_never_drawn_while_the_riddle_is_asked(table):
    ctl = open_riddles(table)
    riddle = the_riddle(table)
    drawn = " ".join(ctl.card.lines + ctl.card.small + ctl.line.lines + ctl.refused.lines)
    assert riddle.question.split()[0] in drawn
    assert riddle.answer not in drawn and riddle.reason not in drawn


def test_the_hint_plaque_takes_a_hint_and_enter_on_an_empty_line_passes(table):
    ctl = open_riddles(table)
    hint = next(b for b in ctl.buttons if b.action == Hint())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.mapFromScene(hint.sceneBoundingRect().center()))
    assert actions(table)[-1] == Hint()
    assert table.session.state.scores[0] == -1
    assert ctl.card.small and ctl.card.small[0].startswith("Hint:")
    while not (ctl.buttons[ctl.focus % len(ctl.buttons)].action == Pass()):
        QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert actions(table)[-1] == Pass()


def test_a_guess_tried_twice_is_refused_with_its_law(table):
    ctl = open_riddles(table, options={"players": 1})
    type_text(table, "a wrong answer")
    QTest.keyClick(table, Qt.Key.Key_Return)
    type_text(table, "A wrong answer.")
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.messages[-1][1] == "riddles#guessing"
    assert ctl.typed == "A wrong answer."          # kept, to be mended
    QTest.keyClick(table, Qt.Key.Key_Escape)
    assert ctl.typed == ""


def test_keys_are_not_taken_while_another_player_guesses(table):
    ctl = open_riddles(table)
    table.session.play(Pass())
    table.sync()
    type_text(table, "abc")
    assert ctl.typed == ""
    assert collection()                          # the collection loaded for the table


def test_the_table_lays_out_at_the_smallest_window(table):
    table.resize(1024, 700)
    ctl = open_riddles(table, options={"players": 6})
    for panel in ctl.panels.values():
        assert table.sceneRect().contains(panel.sceneBoundingRect()) or panel.x() >= 0
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, 5))   # the cloth: nothing
    assert actions(table)[-1].__class__.__name__ == "Deal"
