"""The checkers table: legal and illegal drags (backwards, a light square, a passed capture),
captures dragged to the end or clicked through, huffing on the board, the keyboard, the flipped
board, the last move and the move list, PDN through the clipboard, lessons and draw offers."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from compendium.ai.board.checkers import CheckersPlayer
from compendium.core.session import Session
from compendium.games.board.checkers import (
    BLACK,
    GAME,
    LESSON_BY_KEY,
    LESSONS,
    WHITE,
    Draw,
    Huff,
    Move,
    parse_fen,
    to_fen,
)
from compendium.ui.table.checkers_table import CheckersController, piece_pixmap, to_number, to_square
from compendium.ui.table.square_board import DANGER
from compendium.ui.table.view import TableWidget

from .tables import shown_table


@pytest.fixture
def table(qtbot, monkeypatch):
    # the computer at level 1, in this process: quick and always the same
    yield from shown_table(qtbot, monkeypatch, GAME, player=lambda level: CheckersPlayer(1))


def setup(table: TableWidget, fen: str | None = None, seats=(0, 1), **options) -> CheckersController:
    """A game on the table with people in the seats given (both: no computer replies)."""
    if fen is not None:
        options["setup"] = fen
    table.load_session(Session(GAME, options, seed=1, human_seats=seats))
    controller = table.controller
    assert isinstance(controller, CheckersController)
    return controller


def point(table: TableWidget, number: int) -> QPoint:
    return table.mapFromScene(table.controller.square_rect(to_square(number)).center())


def light_point(table: TableWidget, file: int, rank: int) -> QPoint:
    return table.mapFromScene(table.controller.square_rect((file, rank)).center())


def drag_points(table: TableWidget, start: QPoint, end: QPoint) -> None:
    viewport = table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 7):
        QTest.mouseMove(viewport, start + (end - start) * (k / 6))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def drag(table: TableWidget, src: int, dst: int) -> None:
    drag_points(table, point(table, src), point(table, dst))


def click(table: TableWidget, number: int) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     point(table, number))


def messages(table: TableWidget) -> list[tuple[str, str]]:
    said: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    return said


def fen(table: TableWidget) -> str:
    s = table.session.state
    return to_fen(s.black, s.white, s.kings, s.turn)


# -- the board --------------------------------------------------------------------------------------
def test_the_men_stand_on_the_numbered_dark_squares(table):
    controller = setup(table)
    shown = controller.piece_squares()
    assert len(shown) == 24
    assert {to_number(sq) for sq, key in shown.items() if key == "b"} == set(range(1, 13))
    assert {to_number(sq) for sq, key in shown.items() if key == "w"} == set(range(21, 33))
    assert all(controller.is_dark(sq) for sq in shown)
    assert to_square(29) == (0, 0) and to_number((1, 0)) == 0      # a1 plays, b1 does not


def test_the_player_of_black_sits_at_the_bottom_and_can_flip(table):
    controller = setup(table, seats=(0,))
    assert controller.flipped
    low = controller.square_rect(to_square(1)).center().y()
    high = controller.square_rect(to_square(32)).center().y()
    assert low > high                      # Black's square 1 is nearer the player
    controller.flip()
    assert controller.square_rect(to_square(1)).center().y() < controller.square_rect(to_square(32)).center().y()
    white = setup(table, seats=(1,))
    assert not white.flipped


def test_pieces_are_drawn_as_wood_with_a_crown_for_kings():
    man, king = piece_pixmap("b", 60, 1.0), piece_pixmap("B", 60, 1.0)
    assert man.width() == 60 and not man.toImage().isNull()
    assert man.toImage() != king.toImage()
    light, dark = piece_pixmap("w", 60, 1.0).toImage(), man.toImage()
    assert light.pixelColor(30, 32).lightness() > dark.pixelColor(30, 32).lightness() + 80


# -- legal and illegal drags ------------------------------------------------------------------------
def test_a_legal_drag_plays_and_the_last_move_is_shown(table):
    controller = setup(table)
    drag(table, 11, 15)
    assert table.session.actions_text == ("11-15",)
    assert controller.piece_squares()[to_square(15)] == "b"
    assert controller.last_move() == (to_square(11), to_square(15))
    assert "11-15" in controller.panel_html()


def test_an_illegal_drag_backwards_snaps_back_citing_the_law(table):
    setup(table, "B:W30:B15")
    said = messages(table)
    drag(table, 15, 11)
    assert table.session.actions_text == ()
    assert said[-1][1] == "checkers#moving-a-man" and "backwards" in said[-1][0]
    assert table.controller.piece_squares()[to_square(15)] == "b"


def test_a_drop_on_a_light_square_is_refused(table):
    controller = setup(table)
    said = messages(table)
    f, r = to_square(11)
    drag_points(table, point(table, 11), light_point(table, f, r - 1))     # straight ahead: light
    assert table.session.actions_text == ()
    assert said[-1][1] == "checkers#the-board-and-the-numbering"
    assert controller.piece_squares()[to_square(11)] == "b"


def test_not_capturing_when_obliged_is_refused(table):
    setup(table, "B:W19:B15,1")
    said = messages(table)
    drag(table, 1, 6)
    assert table.session.actions_text == ()
    assert said[-1][1] == "checkers#compulsory-capture" and "15x24" in said[-1][0]


def test_moving_the_opponents_piece_is_refused(table):
    setup(table)
    said = messages(table)
    drag(table, 22, 18)
    assert table.session.actions_text == ()
    assert said[-1][1] == "checkers#the-play"


def test_legal_destinations_are_marked_while_a_piece_is_held(table):
    controller = setup(table)
    click(table, 11)
    assert controller.selected == to_square(11)
    assert controller.targets_from(to_square(11)) == {to_square(15), to_square(16)}
    click(table, 16)
    assert table.session.actions_text == ("11-16",)


# -- captures ---------------------------------------------------------------------------------------
def test_a_multiple_capture_is_dragged_to_its_final_square(table):
    setup(table, "B:W19,27:B15,1")
    drag(table, 15, 31)
    assert table.session.actions_text == ("15x24x31",)
    assert table.controller.piece_squares()[to_square(31)] == "B"      # crowned


def test_a_unique_capture_plays_at_its_first_landing_square(table):
    setup(table, "B:W19,27:B15,1")
    drag(table, 15, 24)
    assert table.session.actions_text == ("15x24x31",)


def test_captures_that_part_ways_are_clicked_through(table):
    controller = setup(table, "B:W6,9,15,21,23,24:B10")
    said = messages(table)
    click(table, 10)
    click(table, 19)                   # both captures land here first
    assert controller.partial == (to_square(10), to_square(19))
    assert controller.targets_from(to_square(19)) == {to_square(26), to_square(28)}
    assert said[-1][1] == "checkers#multiple-jumps"
    click(table, 28)
    assert table.session.actions_text == ("10x19x28",)


def test_two_ways_to_the_same_square_ask_for_the_way(table):
    controller = setup(table, "B:W5,11,18,19,26,27:BK31")
    drag(table, 31, 8)
    assert table.session.actions_text == ()
    assert controller.partial == (to_square(31),)
    assert controller.targets_from(to_square(31)) >= {to_square(22), to_square(24)}
    click(table, 24)
    assert table.session.actions_text == ("31x24x15x8",)


def test_escape_gives_up_a_half_chosen_capture(table):
    controller = setup(table, "B:W6,9,15,21,23,24:B10")
    click(table, 10)
    click(table, 19)
    assert controller.partial
    QTest.keyClick(table, Qt.Key.Key_Escape)
    assert not controller.partial and table.session.actions_text == ()


# -- huffing ---------------------------------------------------------------------------------------
def test_a_man_that_passed_a_capture_by_is_ringed_and_huffed_by_a_click(table):
    controller = setup(table, "W:W19,24,25,30:B15,5", capture="huff")
    table.play(Move((25, 22)))                            # White passes 19x10 by
    assert controller.marked() == {to_square(19): DANGER}
    said = messages(table)
    click(table, 19)
    assert table.session.actions_text[-1] == "huff 19"
    assert not table.session.state.piece_at(19)
    assert said


def test_insisting_from_the_menu(table):
    controller = setup(table, "W:W19,24,25,30:B15,5", capture="huff")
    table.play(Move((25, 22)))
    labels = {label: callback for label, _, callback in controller.extra_actions()}
    labels["&Insist on the passed-by capture"]()
    assert table.session.actions_text[-1] == "insist"
    assert table.session.state.turn == WHITE and table.session.state.must_take


# -- the keyboard -----------------------------------------------------------------------------------
def test_a_move_by_keyboard(table):
    controller = setup(table, seats=(0,))
    controller.cursor = to_square(11)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert controller.selected == to_square(11)
    # the board is turned for Black: "down" on the screen is towards White, i.e. rank - 1... the
    # cursor is moved to 15 directly along the arrows the player sees
    target = to_square(15)
    while controller.cursor != target:
        f, r = controller.cursor
        key = None
        if r != target[1]:
            key = Qt.Key.Key_Down if (r > target[1]) != controller.flipped else Qt.Key.Key_Up
        elif f != target[0]:
            key = Qt.Key.Key_Left if (f > target[0]) != controller.flipped else Qt.Key.Key_Right
        QTest.keyClick(table, key)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.actions_text[0] == "11-15"


# -- PDN, lessons and draws ------------------------------------------------------------------------
def test_pdn_is_copied_and_pasted(table):
    controller = setup(table)
    for text in ("11-15", "22-18", "15x22", "25x18"):
        table.session.play(text)
    table.sync(animate=False)
    controller.copy_pdn()
    text = QGuiApplication.clipboard().text()
    assert "1. 11-15 22-18 2. 15x22 25x18" in text and '[GameType "21"]' in text
    setup(table)
    assert table.controller.paste_text(text)
    assert table.session.actions_text == ("11-15", "22-18", "15x22", "25x18")


def test_bad_pdn_is_reported_and_the_game_kept(table):
    controller = setup(table)
    table.session.play("11-15")
    said = messages(table)
    assert not controller.paste_text("1. 11-15 22-18 2. 15-11")
    assert table.session.actions_text == ("11-15",)
    assert "Nothing was pasted" in said[-1][0] and "'15-11'" in said[-1][0]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.key)
def test_a_lesson_seats_the_player_on_the_winning_side(table, lesson):
    controller = setup(table)
    controller.load_lesson(lesson.key)
    assert table.session.human_seats == (lesson.winner,)
    assert fen(table) == to_fen(*parse_fen(lesson.fen))
    assert lesson.name in table.controller.panel_html()
    assert table.human_to_move


def test_a_draw_offer_is_answered_by_the_computer(table, qtbot):
    setup(table, "B:WK29:BK4", seats=(0,))
    table.play(Draw("offer"))
    qtbot.waitUntil(lambda: table.session.to_move() != WHITE, timeout=5000)
    assert table.session.actions_text[-1] in ("accept draw", "decline draw")


def test_the_computer_replies_on_the_table(table, qtbot):
    setup(table, seats=(0,))
    drag(table, 11, 15)
    qtbot.waitUntil(lambda: len(table.session.actions_text) == 2, timeout=5000)
    assert table.session.state.turn == BLACK
    assert isinstance(GAME.action_from_str(table.session.state, table.session.actions_text[1]), Move)
    assert Huff not in {type(a) for a in table.legal()}


def test_a_lesson_is_a_set_up_that_undo_never_passes(table, qtbot):
    controller = setup(table)
    controller.load_lesson("first")
    session = table.session
    lesson = LESSON_BY_KEY["first"]
    assert session.setup == lesson.fen and "setup" not in session.options
    start = session.state
    table.play(table.legal()[0])
    qtbot.waitUntil(lambda: table.human_to_move or table.session.outcome() is not None, timeout=5000)
    while table.undo():
        pass
    assert table.session.state == start
    # the copied PDN starts from the lesson's position
    assert f'[FEN "{to_fen(*parse_fen(lesson.fen))}"]' in table.controller.pdn_text()
