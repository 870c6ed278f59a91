"""The shared square-board table and the widget's computer turns, on a toy race of two kings.

The toy game lives here (and in the worker's process through this importable module): each side
has a king that steps one square; the first to reach the far rank wins.  It is enough to drive
dragging, clicking, the keyboard, flipping, refusals and the computer's replies."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtTest import QTest

from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Family, Game, GameInfo, Outcome, Special
from compendium.core.session import Session
from compendium.ui.table import controller as controller_module
from compendium.ui.table.square_board import SquareBoardController
from compendium.ui.table.view import TableWidget

from .tables import shown_table

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Race:
    kings: tuple[Square, Square]
    to_move: int = 0


@dataclass(frozen=True, slots=True)
class Step:
    src: Square
    dst: Square


class FirstMove:
    """The toy's computer: the first legal step (deterministic, so the test knows the reply)."""

    def choose(self, game: Any, view: Any, legal: list[Any], state: Any = None) -> Any:
        return legal[0]


class KingRace(Game[Race, Step, Race]):
    info = GameInfo(id="king_race", name="King race", family=Family.BOARD, min_seats=2, max_seats=2,
                    source="a test")
    table_kind = "toy_board"

    def initial_state(self, options: Any = None) -> Race:
        return Race(((0, 0), (7, 7)))

    def to_move(self, state: Race) -> int | Special:
        if self.outcome(state) is not None:
            return Special.TERMINAL
        return state.to_move

    def legal_actions(self, state: Race, seat: int) -> list[Step]:
        f, r = state.kings[seat]
        other = state.kings[1 - seat]
        out = []
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                dst = (f + df, r + dr)
                if (df, dr) != (0, 0) and 0 <= dst[0] < 8 and 0 <= dst[1] < 8 and dst != other:
                    out.append(Step((f, r), dst))
        return out

    def apply(self, state: Race, action: Step) -> Race:
        if action not in self.legal_actions(state, state.to_move):
            raise IllegalAction("a king steps one square, never onto the other king")
        kings = list(state.kings)
        kings[state.to_move] = action.dst
        return Race((kings[0], kings[1]), 1 - state.to_move)

    def outcome(self, state: Race) -> Outcome | None:
        if state.kings[0][1] == 7:
            return Outcome((1.0, 0.0), "White's king reached the far rank")
        if state.kings[1][1] == 0:
            return Outcome((0.0, 1.0), "Black's king reached the far rank")
        return None

    def view(self, state: Race, seat: int | None) -> Race:
        return state

    def action_to_str(self, action: Step) -> str:
        return f"{action.src[0]}{action.src[1]}-{action.dst[0]}{action.dst[1]}"

    def action_from_str(self, state: Race, text: str) -> Step:
        try:
            a, b = text.split("-")
            return Step((int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        except (ValueError, IndexError):
            raise NotationError(f"not a step: {text!r}") from None


GAME = KingRace()


class ToyController(SquareBoardController):
    def pieces(self, view: Race) -> dict[Square, str]:
        return {view.kings[0]: "white", view.kings[1]: "black"}

    def piece_pixmap(self, key: str, size: int, dpr: float) -> QPixmap:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setBrush(QColor("white" if key == "white" else "black"))
        painter.drawEllipse(4, 4, size - 8, size - 8)
        painter.end()
        return pixmap

    def moves(self) -> dict[tuple[Square, Square], list[Any]]:
        return {(a.src, a.dst): [a] for a in self.table.legal()}

    def action_squares(self, action: Step) -> tuple[Square, Square]:
        return action.src, action.dst

    def explain(self, src: Square, dst: Square) -> None:
        self.table.say("A king steps one square.", "king_race#the-step")


@pytest.fixture
def table(qtbot, monkeypatch):
    monkeypatch.setitem(controller_module.CONTROLLERS, "toy_board", f"{__name__}:ToyController")
    monkeypatch.setattr("compendium.games.registry.get_game", lambda gid: GAME)
    yield from shown_table(qtbot, monkeypatch, GAME, size=(900, 640), player=lambda level: FirstMove())


def centre(table: TableWidget, square: Square):
    rect = table.controller.square_rect(square)
    return table.mapFromScene(rect.center())


def drag(table: TableWidget, src: Square, dst: Square) -> None:
    start, end = centre(table, src), centre(table, dst)
    viewport = table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 7):
        QTest.mouseMove(viewport, start + (end - start) * (k / 6))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def test_a_legal_drag_plays_and_the_computer_replies(qtbot, table):
    table.load_session(Session(GAME, seed=1))
    assert table.controller.piece_squares() == {(0, 0): "white", (7, 7): "black"}
    drag(table, (0, 0), (1, 1))
    assert table.session.state.kings[0] == (1, 1)
    qtbot.waitUntil(lambda: table.session.state.to_move == 0, timeout=3000)
    assert table.session.state.kings[1] == (6, 6)          # the first legal step of the toy computer
    qtbot.waitUntil(lambda: table.controller.piece_squares() == {(1, 1): "white", (6, 6): "black"})


def test_an_illegal_drag_snaps_back_and_says_why(qtbot, table):
    table.load_session(Session(GAME, seed=1))
    said = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    drag(table, (0, 0), (3, 3))
    assert table.session.state.kings[0] == (0, 0)
    assert ("A king steps one square.", "king_race#the-step") in said
    item = table.controller.piece_item((0, 0))
    assert (item.pos() - table.controller.square_rect((0, 0)).topLeft()).manhattanLength() < 0.5


def test_click_to_move_and_undo_takes_back_the_reply_too(qtbot, table):
    table.load_session(Session(GAME, seed=1))
    viewport = table.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre(table, (0, 0)))
    assert table.controller.selected == (0, 0)
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre(table, (0, 1)))
    assert table.session.state.kings[0] == (0, 1)
    qtbot.waitUntil(lambda: table.session.state.to_move == 0, timeout=3000)
    assert table.undo()
    assert table.session.state == GAME.initial_state()


def test_the_opponents_piece_cannot_be_taken_up_and_input_waits_for_the_computer(qtbot, table):
    table.load_session(Session(GAME, seed=1))
    drag(table, (7, 7), (6, 6))
    assert table.session.state == GAME.initial_state()
    said = []
    table.message.connect(lambda text, rule: said.append(text))
    assert table.play(Step((0, 0), (1, 0)))
    # until the computer has replied, the person may do nothing, and is told so
    assert table.session.state.to_move == 1 and table.legal() == ()
    assert not table.play(Step((1, 0), (2, 0)))
    assert said[-1] == "Wait a moment: the computer has the move."
    qtbot.waitUntil(lambda: table.session.state.to_move == 0, timeout=3000)
    assert table.legal()


def test_keyboard_play_and_the_flipped_board(qtbot, table):
    table.load_session(Session(GAME, seed=1))
    table.controller.cursor = (0, 0)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Up, Qt.Key.Key_Right, Qt.Key.Key_Return):
        QTest.keyClick(table, key)
    assert table.session.state.kings[0] == (1, 1)
    qtbot.waitUntil(lambda: table.session.state.to_move == 0, timeout=3000)
    table.controller.flip()
    a1 = table.controller.square_rect((0, 0))
    h8 = table.controller.square_rect((7, 7))
    assert a1.top() < h8.top() and a1.left() > h8.left()    # a1 is now at the top right
    assert table.controller.square_at(a1.center()) == (0, 0)


def test_playing_black_the_computer_opens_and_the_board_is_flipped(qtbot, table):
    table.load_session(Session(GAME, seed=1, human_seats=(1,)))
    assert table.controller.flipped
    qtbot.waitUntil(lambda: table.session.state.to_move == 1, timeout=3000)
    assert table.session.state.kings[0] != (0, 0)
