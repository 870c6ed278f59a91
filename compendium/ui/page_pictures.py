"""The pictures a rules page draws instead of describing: a page's ``diagram`` blocks
(``compendium/reference/rules_html.py``) become ``diagram:`` images, which the rules pane loads
from here, drawn with the tables' own art so that page and table look alike:

* ``diagram:chess/<FEN placement>``: a chess diagram, on the chess table's squares with its men;
* ``diagram:checkers``: the draughts board with the 32 playing squares numbered, Black at the top;
* ``diagram:pope-joan``: the Pope Joan board, dressed, as the table draws it;
* ``diagram:tit-tat-toe``: the figure on the slate, as the table draws it before the first go.

Each is drawn once, at three times its size on the page (sharp on a HiDPI screen and in a PDF).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from ..reference.rules_html import CHESS_FRAME, CHESS_SQUARE, DIAGRAM_SCHEME, POPE_JOAN_SIZE, diagram

__all__ = ["OVERSAMPLE", "diagram_image"]

OVERSAMPLE = 3.0
FRAME = QColor(92, 64, 40)
_IMAGES: dict[str, QImage] = {}


def diagram_image(name: str) -> QImage | None:
    """The picture ``diagram:<name>``, or ``None`` for a name no diagram has."""
    cached = _IMAGES.get(name)
    if cached is not None:
        return cached
    kind, _, rest = name.partition("/")
    picture = diagram(f"{kind} {rest}".strip())
    if picture is None or picture[0] != f"{DIAGRAM_SCHEME}:{name}":
        return None
    _name, width, height, _alt = picture
    image = QImage(round(width * OVERSAMPLE), round(height * OVERSAMPLE), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(OVERSAMPLE, OVERSAMPLE)
    if kind == "chess":
        _chess(painter, rest)
    elif kind == "checkers":
        _checkers(painter)
    elif kind == "tit-tat-toe":
        _slate(painter)
    else:
        _pope_joan(painter)
    painter.end()
    _IMAGES[name] = image
    return image


def _board(painter: QPainter, light: QColor, dark: QColor) -> None:
    """An 8 × 8 board in a wooden frame; a1 (White's left) dark, at the bottom left."""
    side = 8 * CHESS_SQUARE + 2 * CHESS_FRAME
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(FRAME)
    painter.drawRect(QRectF(0, 0, side, side))
    for rank in range(8):
        for file in range(8):
            painter.setBrush(dark if (file + rank) % 2 == 0 else light)
            painter.drawRect(_square(file, rank))


def _square(file: int, rank: int) -> QRectF:
    """The square at ``file`` 0–7 (a–h) and ``rank`` 0–7 (1–8), White at the bottom."""
    return QRectF(CHESS_FRAME + file * CHESS_SQUARE, CHESS_FRAME + (7 - rank) * CHESS_SQUARE,
                  CHESS_SQUARE, CHESS_SQUARE)


def _chess(painter: QPainter, placement: str) -> None:
    from .table.chess_table import piece_pixmap
    from .table.square_board import SquareBoardController
    _board(painter, SquareBoardController.light, SquareBoardController.dark)
    size = round(CHESS_SQUARE * OVERSAMPLE)
    for row, text in enumerate(placement.split("/")):
        file = 0
        for symbol in text:
            if symbol.isdigit():
                file += int(symbol)
                continue
            pixmap = piece_pixmap(symbol, size, 1.0)
            painter.drawPixmap(_square(file, 7 - row), pixmap, QRectF(pixmap.rect()))
            file += 1


def _checkers(painter: QPainter) -> None:
    """Squares 1–32 on the dark squares, 1 in Black's right-hand corner (the top left as White
    sees the board), counting along each row from Black's right."""
    from .table.checkers_table import IVORY, NUMBER_INK, WALNUT
    _board(painter, IVORY, WALNUT)
    font = QFont("DejaVu Sans")
    font.setPixelSize(round(CHESS_SQUARE * 0.45))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QPen(QColor(NUMBER_INK.red(), NUMBER_INK.green(), NUMBER_INK.blue())))
    for number in range(1, 33):
        row = (number - 1) // 4                     # from Black's side
        column = (number - 1) % 4
        file = 2 * column + (1 if row % 2 == 0 else 0)
        painter.drawText(_square(file, 7 - row), int(Qt.AlignmentFlag.AlignCenter), str(number))


def _pope_joan(painter: QPainter) -> None:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from ..games.parlour.pope_joan import DRESS
    from .table.parlour_table import BoardItem
    board = BoardItem()
    # The compartments' names run a little past the rim: room is left for them.
    board.set_radius(POPE_JOAN_SIZE * 0.37)
    board.board = DRESS
    painter.translate(QPointF(POPE_JOAN_SIZE / 2 - 2, POPE_JOAN_SIZE / 2 - 3))
    board.paint(painter, QStyleOptionGraphicsItem(), None)


def _slate(painter: QPainter) -> None:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from ..games.registry import get_game
    from .table.parlour_table import SlateItem
    game = get_game("tit_tat_toe")
    slate = SlateItem()
    slate.set_geometry(QRectF(4, 4, POPE_JOAN_SIZE - 8, POPE_JOAN_SIZE - 8))
    slate.state = game.initial_state(game.resolve_options({}))
    slate.paint(painter, QStyleOptionGraphicsItem(), None)
