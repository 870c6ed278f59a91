"""The pictures a rules page draws: Lasker's diagrams as chessboards, the numbered draughts board
and the Pope Joan board, drawn with the tables' own art and shown in the rules pane."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor, QImage, QTextDocument

from compendium.games import registry
from compendium.reference.rules_html import CHESS_FRAME, CHESS_SQUARE
from compendium.ui.page_fit import tables
from compendium.ui.page_pictures import OVERSAMPLE, diagram_image
from compendium.ui.rules_view import RulesView

D7 = "8/8/8/8/8/3q3k/5R2/4rNK1"     # Lasker's diagram 7


def square_colours(image: QImage, file: int, rank: int) -> set[tuple[int, int, int]]:
    """The colours seen across the middle row of a square of a board diagram."""
    x0 = (CHESS_FRAME + file * CHESS_SQUARE) * OVERSAMPLE
    y = (CHESS_FRAME + (7.5 - rank) * CHESS_SQUARE) * OVERSAMPLE
    return {QColor(image.pixel(round(x0 + dx), round(y))).getRgb()[:3]
            for dx in range(2, round(CHESS_SQUARE * OVERSAMPLE) - 2, 3)}


def test_a_chess_diagram_shows_the_men_where_the_fen_puts_them(qtbot) -> None:
    image = diagram_image(f"chess/{D7}")
    assert image is not None and image.width() == round((8 * CHESS_SQUARE + 2 * CHESS_FRAME) * OVERSAMPLE)
    empty = square_colours(image, 0, 0)           # a1: an empty dark square, one colour
    assert len(empty) == 1
    assert len(square_colours(image, 6, 0)) > 1   # g1: White's king
    assert len(square_colours(image, 3, 2)) > 1   # d3: Black's queen
    assert len(square_colours(image, 3, 3)) == 1  # d4: empty
    assert diagram_image(f"chess/{D7}") is image  # drawn once


@pytest.mark.parametrize("name", ["chess/8/8", "chess/", "pope-joan/x", "tarot", ""])
def test_no_picture_for_a_name_no_diagram_has(qtbot, name: str) -> None:
    assert diagram_image(name) is None


def test_the_checkers_board_is_numbered_on_its_dark_squares(qtbot) -> None:
    image = diagram_image("checkers")
    assert image is not None
    assert len(square_colours(image, 1, 0)) == 1   # b1: a light square, no number
    assert len(square_colours(image, 0, 0)) > 1    # a1 (White's left): dark, square 29
    assert len(square_colours(image, 7, 7)) > 1    # h8: square 4


def test_the_slate_of_tit_tat_toe_is_drawn(qtbot) -> None:
    image = diagram_image("tit-tat-toe")
    assert image is not None
    row = [QColor(image.pixel(x, image.height() // 2)).lightness() for x in range(image.width())]
    assert sum(light > 200 for light in row) > 20      # the figure's chalk lines and numbers
    assert sum(light < 90 for light in row) > image.width() // 3     # on the dark slate


def test_the_pope_joan_board_is_drawn(qtbot) -> None:
    image = diagram_image("pope-joan")
    assert image is not None and not image.isNull()
    centre = QColor(image.pixel(image.width() // 2, image.height() // 2))
    assert centre.alpha() == 255 and centre.red() > centre.blue()    # the brass boss


@pytest.mark.parametrize(("game_id", "names"), [
    ("chess", {f"diagram:chess/{D7}", "diagram:chess/6k1/6p1/8/8/4Q3/1q4P1/p6P/7K"}),
    ("checkers", {"diagram:checkers"}),
    ("pope_joan", {"diagram:pope-joan"}),
    ("tit_tat_toe", {"diagram:tit-tat-toe"}),
])
def test_the_pages_show_their_diagrams(qtbot, game_id: str, names: set[str]) -> None:
    view = RulesView()
    qtbot.addWidget(view)
    view.resize(500, 700)
    view.show()
    view.show_game(game_id)
    html = view.toHtml()
    for name in names:
        assert f'src="{name}"' in html
        image = view.document().resource(QTextDocument.ResourceType.ImageResource.value, QUrl(name))
        if image is None:   # not laid out yet: ask the view as the document would
            image = view.loadResource(QTextDocument.ResourceType.ImageResource.value, QUrl(name))
        assert isinstance(image, QImage) and not image.isNull()


def test_lasker_diagrams_match_the_lessons_of_the_chess_game() -> None:
    """The page's diagrams are the positions the table sets up as lessons."""
    from compendium.games.board.chess_game import LESSONS
    markdown = registry.rules_markdown("chess") or ""
    drawn = {line.split()[1] for line in markdown.splitlines() if line.startswith("chess ")}
    lessons = {lesson.fen.split()[0] for lesson in LESSONS.values()}
    assert len(lessons) == 4 and lessons <= drawn
    assert drawn - lessons == {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"}     # and the array


def test_the_stacked_tables_are_one_column(qtbot) -> None:
    view = RulesView()
    qtbot.addWidget(view)
    view.resize(300, 700)
    view.show()
    view.show_game("pope_joan")
    assert any(table.columns() == 1 for table in tables(view.document()))
