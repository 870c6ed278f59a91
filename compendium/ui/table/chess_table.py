"""The chess table: the square board with python-chess's vector men, a promotion chooser on the
board, check and the last move tinted, a move list in algebraic or descriptive notation, PGN and
FEN through the clipboard, a game set up from any FEN, Lasker's diagrams as lessons, and the
optional chess clock.

The clock: with the ``clock`` option each player's time is kept by a ``GameClock`` read from
``clock_source`` (``time.monotonic``; tests put a fake clock there).  The side to move's clock runs,
except while the window is hidden or minimised, the demo plays or the game is over.  After every
move the time left goes into ``session.clocks`` (so the save and the autosave keep it, and a
resumed game goes on with it), and when the running clock reaches zero the table plays the
engine's ``flag`` action for that side: the fall of the flag is a move of the record.

Everything about legality comes from the engine (``table.legal()`` and its refusals); this module
only turns squares into the engine's UCI moves and back.
"""
from __future__ import annotations

import datetime
import html
import time
from typing import TYPE_CHECKING, Any, Callable

import chess
import chess.svg
from PySide6.QtCore import QByteArray, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QGuiApplication, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QInputDialog,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ...core.errors import NotationError
from ...core.game import Special
from ...core.rules import rule_ref
from ...core.session import Session
from ...games.board.chess_game import (
    CLAIM,
    FLAG,
    LESSONS,
    NO_CLOCK,
    PIECE_NAMES,
    PIECE_RULES,
    RESIGN,
    STANDARD,
    ChessState,
    GameClock,
    clock_text,
    descriptive,
    from_pgn,
    lesson_of,
    move_list,
    parse_fen,
    time_control,
    to_pgn,
    why_illegal,
)
from .items import HIGHLIGHT
from .square_board import DANGER, Square, SquareBoardController, TakenRow

if TYPE_CHECKING:
    from ...core.game import Game, Outcome
    from .view import TableWidget

_PIXMAPS: dict[tuple[str, int, float], QPixmap] = {}
PROMOTIONS = (chess.QUEEN, chess.KNIGHT, chess.ROOK, chess.BISHOP)   # the chooser's order
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
TAKEN_ORDER = "qrbnp"           # the captured men in a row: the heaviest first


def captured(start: str, moves: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The men each side has taken in the game from ``start`` (a FEN) through ``moves`` (UCI):
    (taken by White, taken by Black), as piece symbols, heaviest first."""
    board = chess.Board(start)
    taken: tuple[list[str], list[str]] = ([], [])
    for text in moves:
        move = chess.Move.from_uci(text)
        if board.is_capture(move):
            square = move.to_square
            if board.is_en_passant(move):
                square = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
            piece = board.piece_at(square)
            if piece is not None:
                taken[0 if board.turn == chess.WHITE else 1].append(piece.symbol())
        board.push(move)
    for row in taken:
        row.sort(key=lambda sym: TAKEN_ORDER.index(sym.lower()))
    return taken


def material(symbols: list[str]) -> int:
    return sum(VALUES[chess.Piece.from_symbol(sym).piece_type] for sym in symbols)


def piece_pixmap(symbol: str, size: int, dpr: float) -> QPixmap:
    """python-chess's vector man ``symbol`` ("K", "p" …) drawn ``size`` pixels square at the
    screen's pixel ratio; cached, since a board repaints its men at one size again and again."""
    key = (symbol, size, dpr)
    pixmap = _PIXMAPS.get(key)
    if pixmap is None:
        if len(_PIXMAPS) > 96:         # sizes from earlier window sizes are not needed again
            _PIXMAPS.clear()
        svg = chess.svg.piece(chess.Piece.from_symbol(symbol))
        renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
        px = max(1, round(size * dpr))
        pixmap = QPixmap(px, px)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        inset = px * 0.04                # a little air between the man and the square's edge
        renderer.render(painter, QRectF(inset, inset, px - 2 * inset, px - 2 * inset))
        painter.end()
        pixmap.setDevicePixelRatio(dpr)
        _PIXMAPS[key] = pixmap
    return pixmap


def to_square(index: int) -> Square:
    return chess.square_file(index), chess.square_rank(index)


def to_index(square: Square) -> int:
    return chess.square(square[0], square[1])


CLOCK_TICK_MS = 100
LOW_TIME_MS = 10_000          # under this the running clock turns red


class ClockFace(QGraphicsItem):
    """One player's clock beside the board: the side's name and the time left, lit when it runs."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, 160, 48)
        self.name = ""
        self.time = ""
        self.running = False
        self.low = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(5)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.setPos(rect.topLeft())
        self.rect = QRectF(0, 0, rect.width(), rect.height())
        self.update()

    def set_face(self, name: str, time_text: str, running: bool, low: bool) -> None:
        if (name, time_text, running, low) != (self.name, self.time, self.running, self.low):
            self.name, self.time, self.running, self.low = name, time_text, running, low
            self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-2, -2, 4, 5)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawRoundedRect(r.translated(2, 3), 6, 6)
        if self.running:       # lit: ivory face, dark figures (red when the time is short)
            face, ink, rim = QColor(246, 236, 210), QColor(176, 40, 30) if self.low else QColor(40, 28, 18), \
                QColor(214, 178, 92)
        else:                  # idle: dark wood, muted figures
            face, ink, rim = QColor(58, 38, 24, 235), QColor(214, 202, 176), QColor(110, 78, 50)
        painter.setBrush(face)
        painter.setPen(QPen(rim, 3 if self.running else 1.5))
        painter.drawRoundedRect(r, 6, 6)
        pad = r.height() * 0.14
        small = QFont("DejaVu Sans")
        small.setPixelSize(max(9, int(r.height() * 0.24)))
        painter.setFont(small)
        painter.setPen(ink)
        painter.drawText(r.adjusted(pad * 1.5, pad * 0.6, -pad, 0),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), self.name)
        big = QFont("DejaVu Sans Mono")
        big.setPixelSize(max(12, int(r.height() * 0.5)))
        big.setBold(True)
        painter.setFont(big)
        painter.drawText(r.adjusted(pad, 0, -pad * 1.5, -pad * 0.4),
                         int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom), self.time)


class ChessController(SquareBoardController):
    light = QColor(238, 216, 180)
    dark = QColor(176, 132, 96)
    panel_squares = 3.8

    def __init__(self, table: "TableWidget", game: "Game[Any, Any, Any]") -> None:
        super().__init__(table, game)
        self.style = "algebraic"           # the move list's notation: "algebraic" or "descriptive"
        self._chooser: list[tuple[QRectF, str]] = []
        self._chooser_items: list[QGraphicsItem] = []
        self._chooser_focus = 0
        self._notation: dict[str, tuple[str, tuple[str, ...], list[str]]] = {}
        self._level_before_engine = 3
        self.clock: GameClock | None = None
        self._faces: list[ClockFace] = []     # the top one, then the bottom one
        # The men taken, beside the board: the top row is the side at the top's captures.
        self._taken_rows: list[TakenRow] = []
        self._taken_key: tuple[str, tuple[str, ...]] | None = None
        self._taken: tuple[list[str], list[str]] = ([], [])
        # Steps of the session whose increments are paid: the furthest the game has reached, so
        # that moves taken back and played again earn no second increment.
        self._credited = 0
        self._flagging = False
        self._ticker = QTimer(table)        # dies with the table, should the table go first
        self._ticker.setInterval(CLOCK_TICK_MS)
        self._ticker.timeout.connect(self.tick)

    # the time source of the clocks (seconds, monotonic); a test puts a fake one here
    clock_source: Callable[[], float] = staticmethod(time.monotonic)

    # -- what stands where ------------------------------------------------------------------------
    def _state(self) -> ChessState:
        view: ChessState = self.table.current_view()
        return view

    def build(self) -> None:
        super().build()
        self.cursor = (4, 6) if self.flipped else (4, 1)
        for _ in range(2):
            row = TakenRow()
            self.table.scene().addItem(row)
            self._taken_rows.append(row)
        session = self.table.session
        control = time_control(str(session.options.get("clock", NO_CLOCK))) if session else None
        if session is None or control is None:
            return
        left = session.clocks if session.clocks is not None and len(session.clocks) == 2 else None
        self.clock = GameClock(control, self.clock_source, left)
        self._credited = len(session.steps)
        session.clocks = self.clock.snapshot()
        for _ in range(2):
            face = ClockFace()
            self.table.scene().addItem(face)
            self._faces.append(face)
        self._ticker.start()

    # -- the clock ----------------------------------------------------------------------------
    def clock_should_run(self) -> bool:
        """A clock runs only while a person can see the game being played."""
        session = self.table.session
        if session is None or self.clock is None or self.table.demo_running:
            return False
        if not self.table.isVisible() or self.table.window().isMinimized():
            return False
        return not isinstance(session.to_move(), Special)

    def _clock_after_change(self) -> None:
        """The history changed (a move, an undo): credit the increments of the new moves, let the
        right clock run, and keep the times in the session for the save.  Undo gives no time
        back, and a move taken back and played again earns no second increment."""
        session = self.table.session
        if session is None or self.clock is None:
            return
        steps = session.steps
        for step in steps[self._credited:]:
            if isinstance(step.actor, int) and step.text not in (FLAG, RESIGN, CLAIM):
                self.clock.moved(step.actor)
        self._credited = max(self._credited, len(steps))
        self.tick()

    def tick(self) -> None:
        """Run or pause the clock, show it, keep the times, and let a flag fall."""
        session = self.table.session
        if session is None or self.clock is None:
            return
        seat = session.to_move()
        self.clock.run(seat if self.clock_should_run() and isinstance(seat, int) else None)
        session.clocks = self.clock.snapshot()
        self._show_clocks()
        fallen = self.clock.fallen()
        if fallen is not None and fallen == seat and not self._flagging:
            self._flag(fallen)

    def _flag(self, seat: int) -> None:
        """The running clock shows zero: the flag falls, played as the engine's action."""
        session = self.table.session
        assert session is not None and self.clock is not None
        self._flagging = True
        try:
            self.clock.run(None)
            session.clocks = self.clock.snapshot()
            if self.table.human_to_move:
                self.table.play(FLAG)
            else:
                # The computer's time is up while it thinks: play the flag for its seat and put the
                # session back on the table, which forgets the pending move and announces the end.
                session.play(FLAG)
                self.table.load_session(session)
        finally:
            self._flagging = False

    def _show_clocks(self) -> None:
        if self.clock is None or len(self._faces) != 2:
            return
        session = self.table.session
        bottom = 1 if self.flipped else 0
        for face, seat in zip(self._faces, (1 - bottom, bottom)):
            left = self.clock.left(seat)
            who = ("White" if seat == 0 else "Black")
            if session is not None and seat in session.human_seats and len(session.human_seats) == 1:
                who += " · you"
            running = self.clock.running == seat
            face.set_face(who, clock_text(left), running, running and left < LOW_TIME_MS)

    def _clock_height(self) -> float:
        return round(self.square * 0.78) if self.clock is not None else 0.0

    def _place_panel(self) -> None:
        super()._place_panel()
        if self.clock is None or len(self._faces) != 2 or self._panel is None:
            return
        board = self.board_rect()
        h = self._clock_height()
        x = board.right() + (self.margin_squares + 0.3) * self.square
        w = min(self.panel_squares * self.square * 0.75, h * 3.6)
        self._faces[0].set_rect(QRectF(x, board.top() - self.margin_squares * self.square * 0.5, w, h))
        self._faces[1].set_rect(QRectF(x, board.bottom() + self.margin_squares * self.square * 0.5 - h, w, h))
        self._panel.setPos(QPointF(x, self._faces[0].pos().y() + h + self.square * 0.15))

    def _taken_height(self) -> float:
        return round(self.square * 0.42)

    def _place_taken(self) -> None:
        """The two rows of taken men: under the top clock (or at the top of the panel) and over
        the bottom one, each beside the side that took them; the move list between."""
        if len(self._taken_rows) != 2 or self._panel is None:
            return
        state = self._state()
        key = (state.start, state.moves)
        if key != self._taken_key:
            self._taken_key, self._taken = key, captured(state.start, state.moves)
        board = self.board_rect()
        x = board.right() + (self.margin_squares + 0.3) * self.square
        width = self.panel_squares * self.square
        size = self._taken_height()
        clock = self._clock_height()
        top_y = board.top() - self.margin_squares * self.square * 0.5 + (clock + self.square * 0.12 if clock else 0)
        bottom_y = board.bottom() + self.margin_squares * self.square * 0.5 - size \
            - (clock + self.square * 0.12 if clock else 0)
        self._panel.setPos(QPointF(x, top_y + size + self.square * 0.08))
        by_white, by_black = self._taken
        lead = material(by_white) - material(by_black)
        dpr = self.table.devicePixelRatioF()
        px = max(8, int(size))
        bottom_seat = 1 if self.flipped else 0
        for row, seat, y in ((self._taken_rows[0], 1 - bottom_seat, top_y),
                             (self._taken_rows[1], bottom_seat, bottom_y)):
            keys = by_white if seat == 0 else by_black
            ahead = lead if seat == 0 else -lead
            row.set_row(keys, [piece_pixmap(k, px, dpr) for k in keys], size, width,
                        f"+{ahead}" if ahead > 0 else "")
            row.setPos(QPointF(x, y))

    def taken(self) -> tuple[list[str], list[str]]:
        """The men shown as taken: (by White, by Black)."""
        return self._taken

    def pieces(self, view: ChessState) -> dict[Square, str]:
        return {to_square(sq): piece.symbol() for sq, piece in view.board.piece_map().items()}

    def piece_pixmap(self, key: str, size: int, dpr: float) -> QPixmap:
        return piece_pixmap(key, size, dpr)

    def moves(self) -> dict[tuple[Square, Square], list[Any]]:
        out: dict[tuple[Square, Square], list[Any]] = {}
        for action in self.table.legal():
            if action in (CLAIM, RESIGN):
                continue
            move = chess.Move.from_uci(action)
            out.setdefault((to_square(move.from_square), to_square(move.to_square)), []).append(action)
        return out

    def action_squares(self, action: Any) -> tuple[Square, Square] | None:
        if not isinstance(action, str) or action in (CLAIM, RESIGN):
            return None
        move = chess.Move.from_uci(action)
        return to_square(move.from_square), to_square(move.to_square)

    def last_move(self) -> tuple[Square, Square] | None:
        view = self._state()
        if not view.moves:
            return None
        move = chess.Move.from_uci(view.moves[-1])
        return to_square(move.from_square), to_square(move.to_square)

    def marked(self) -> dict[Square, QColor]:
        board = self._state().board
        if board.is_check():
            king = board.king(board.turn)
            if king is not None:
                return {to_square(king): DANGER}
        return {}

    # -- refusals -----------------------------------------------------------------------------
    def explain(self, src: Square, dst: Square) -> None:
        state = self._state()
        outcome = self.game.outcome(state)
        if outcome is not None:
            self.table.refuse(f"The game is over: {outcome.reason}.", outcome.rule or "")
            return
        board = state.board
        frm = to_index(src)
        piece = board.piece_at(frm)
        if piece is None:
            return
        name = PIECE_NAMES[piece.piece_type]
        mine = "White" if board.turn == chess.WHITE else "Black"
        if src == dst:
            if piece.color != board.turn:
                theirs = "White" if piece.color == chess.WHITE else "Black"
                self.table.refuse(f"The {name} on {self.square_name(src)} is {theirs}'s: you play {mine}.",
                               rule_ref("chess", "the-play"))
            elif board.is_check():
                self.table.refuse(f"The {name} on {self.square_name(src)} cannot meet the check on "
                               f"{mine}'s king.", rule_ref("chess", "check"))
            elif board.is_pinned(board.turn, frm):
                self.table.refuse(f"The {name} on {self.square_name(src)} is pinned to its king: it "
                               "cannot move off the line.", rule_ref("chess", "check"))
            else:
                self.table.refuse(f"The {name} on {self.square_name(src)} has no move just now.",
                               PIECE_RULES[piece.piece_type])
            return
        text = chess.square_name(frm) + chess.square_name(to_index(dst))
        if piece.piece_type == chess.PAWN and dst[1] in (0, 7):
            text += "q"      # judge the move itself, not the missing choice of piece
        refusal = why_illegal(board, text)
        reason = refusal.reason
        self.table.refuse(reason[:1].upper() + reason[1:] + ".", refusal.rule or "")

    # -- the promotion chooser ----------------------------------------------------------------
    def choose(self, src: Square, dst: Square, actions: list[Any]) -> None:
        """Several moves between the same squares: a pawn's promotion.  Four men open in a column
        from the promotion square towards the middle of the board; a click (or the arrows and
        Enter) picks one, anywhere else puts the pawn back."""
        by_piece = {chess.Move.from_uci(a).promotion: a for a in actions}
        self._close_chooser()
        item = self.piece_item(src)
        if item is not None:
            item.setPos(self.square_rect(dst).topLeft())       # the pawn waits on the square
            item.setZValue(10)
        white = self._state().board.turn == chess.WHITE
        step = -1 if dst[1] == 7 else 1
        scene = self.table.scene()
        size = int(self.square)
        dpr = self.table.devicePixelRatioF()
        for i, kind in enumerate(k for k in PROMOTIONS if k in by_piece):
            square = (dst[0], dst[1] + step * i)
            rect = self.square_rect(square)
            back = QGraphicsRectItem(rect.adjusted(2, 2, -2, -2))
            back.setBrush(QBrush(QColor(250, 246, 236)))
            back.setPen(QPen(QColor(60, 40, 20), 1.5))
            back.setZValue(200)
            back.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            symbol = chess.piece_symbol(kind)
            man = QGraphicsPixmapItem(self.piece_pixmap(symbol.upper() if white else symbol, size, dpr))
            man.setPos(rect.topLeft())
            man.setZValue(201)
            man.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            scene.addItem(back)
            scene.addItem(man)
            self._chooser_items += [back, man]
            self._chooser.append((rect, by_piece[kind]))
        self._chooser_focus = 0
        self._show_chooser_focus()
        self.table.say("Promotion: choose the new man (queen, knight, rook or bishop); click "
                       "elsewhere or press Escape to put the pawn back.", rule_ref("chess", "promotion"),
                       callout=False)     # the chooser and the prompt are on the board
        self.table.refresh_prompt()

    @property
    def choosing(self) -> bool:
        return bool(self._chooser)

    def chooser_actions(self) -> list[str]:
        return [action for _, action in self._chooser]

    def _show_chooser_focus(self) -> None:
        for i, item in enumerate(self._chooser_items[0::2]):
            assert isinstance(item, QGraphicsRectItem)
            focused = i == self._chooser_focus
            item.setPen(QPen(HIGHLIGHT if focused else QColor(60, 40, 20), 4 if focused else 1.5))

    def _close_chooser(self) -> None:
        scene = self.table.scene()
        for item in self._chooser_items:
            scene.removeItem(item)
        self._chooser_items = []
        self._chooser = []

    def _pick(self, action: str | None) -> None:
        self._close_chooser()
        if action is None:
            self.table.sync(animate=True)       # the pawn goes back
        else:
            self.table.play(action)

    def press(self, scene_pos: QPointF) -> None:
        if self._chooser:
            hit = next((a for rect, a in self._chooser if rect.contains(scene_pos)), None)
            self._pick(hit)
            return
        super().press(scene_pos)

    def key(self, name: str) -> bool:
        if self._chooser:
            if name in ("up", "left"):
                self._chooser_focus = (self._chooser_focus - 1) % len(self._chooser)
            elif name in ("down", "right"):
                self._chooser_focus = (self._chooser_focus + 1) % len(self._chooser)
            elif name in ("enter", "space"):
                self._pick(self._chooser[self._chooser_focus][1])
                return True
            elif name == "escape":
                self._pick(None)
                return True
            else:
                return False
            self._show_chooser_focus()
            return True
        return super().key(name)

    def sync(self, animate: bool) -> None:
        self._close_chooser()
        super().sync(animate)
        self._place_taken()
        self._clock_after_change()

    def teardown(self) -> None:
        self._ticker.stop()
        self._ticker.deleteLater()
        if self.clock is not None:
            self.clock.run(None)
            if self.table.session is not None:
                self.table.session.clocks = self.clock.snapshot()
        for item in [*self._faces, *self._taken_rows]:
            self.table.scene().removeItem(item)
        self._faces, self._taken_rows = [], []
        self._close_chooser()
        if self.table.level == 4:      # no other game knows level 4
            self.table.set_level(self._level_before_engine)
        super().teardown()

    def cancel_drag(self) -> None:
        self._close_chooser()
        super().cancel_drag()

    # -- the move list ------------------------------------------------------------------------
    def notation(self, state: ChessState) -> list[str]:
        """The game's moves in the chosen style, worked out once per move (the list is redrawn
        after every move, and a long game's notation would otherwise be re-derived each time)."""
        cached = self._notation.get(self.style)
        if cached and cached[0] == state.start and state.moves[:len(cached[1])] == cached[1]:
            done, texts = cached[1], list(cached[2])
            if len(done) < len(state.moves):
                board = chess.Board(state.start)
                for text in done:          # replaying is cheap; writing the notation is not
                    board.push_uci(text)
                for text in state.moves[len(done):]:
                    move = chess.Move.from_uci(text)
                    texts.append(board.san(move) if self.style == "algebraic" else descriptive(board, move))
                    board.push(move)
        else:
            texts = move_list(state, self.style)
        self._notation[self.style] = (state.start, state.moves, texts)
        return texts

    def panel_html(self) -> str:
        state = self._state()
        board = state.board
        texts = self.notation(state)
        first_black = chess.Board(state.start).turn == chess.BLACK
        number = chess.Board(state.start).fullmove_number
        rows: list[tuple[int, str, str]] = []
        items = (["…"] if first_black and texts else []) + texts
        for i in range(0, len(items), 2):
            rows.append((number + i // 2, items[i], items[i + 1] if i + 1 < len(items) else ""))
        font_px = max(11, min(17, int(self.square * 0.24)))
        # the clocks and the rows of taken men take their share
        room = self.ranks * self.square - 2.3 * self._clock_height() - 2.4 * self._taken_height()
        fit = max(4, int(room / (font_px * 1.75)) - 6)
        shown = rows[-fit:]
        parts = []
        lesson = lesson_of(state)
        if lesson is not None:
            parts.append(f"<p style='margin:0'><b>Lasker's {html.escape(lesson.title)}</b><br>"
                         f"<i>{html.escape(lesson.lesson)}</i></p>")
        title = "Moves" + (" (descriptive)" if self.style == "descriptive" else "")
        parts.append(f"<p style='margin-top:6px; margin-bottom:2px'><b>{title}</b></p>")
        if not rows:
            parts.append("<p style='margin:0; color:#cfc8b0'><i>No moves yet.</i></p>")
        else:
            last = len(texts) + (1 if first_black else 0) - 1
            cells = []
            if len(shown) < len(rows):
                cells.append("<tr><td colspan='3'>…</td></tr>")
            for row in shown:
                n, white, black = row
                index = (n - number) * 2
                w = html.escape(white)
                b = html.escape(black)
                if index == last:
                    w = f"<b>{w}</b>"
                elif index + 1 == last:
                    b = f"<b>{b}</b>"
                cells.append(f"<tr><td align='right' style='color:#cfc8b0'>{n}.</td>"
                             f"<td style='padding-left:6px'>{w}</td><td style='padding-left:10px'>{b}</td></tr>")
            parts.append("<table cellspacing='0' cellpadding='1'>" + "".join(cells) + "</table>")
        outcome = self.game.outcome(state)
        if outcome is not None:
            parts.append(f"<p style='margin-top:6px'><b>{html.escape(self._result_text(outcome))}</b></p>")
        elif board.is_check():
            parts.append("<p style='margin-top:6px'><b>Check!</b></p>")
        return "".join(parts)

    def prompt(self) -> str:
        state = self._state()
        if self.game.outcome(state) is not None:
            return ""
        if self._chooser:
            return "Promotion: click the new man, or Escape"
        board = state.board
        side = "White" if board.turn == chess.WHITE else "Black"
        if not self.table.human_to_move:
            return f"{side} to move — the computer is thinking…" if self.table.computer_thinking \
                else f"{side} to move"
        if self.selected is not None:
            piece = board.piece_at(to_index(self.selected))
            name = PIECE_NAMES[piece.piece_type] if piece is not None else "man"
            return f"{name.capitalize()} on {self.square_name(self.selected)}: click a lit square, or Escape"
        check = ", in check" if board.is_check() else ""
        return f"{side} to move{check}: drag or click a man"

    def status_parts(self) -> list[str]:
        state = self._state()
        if self.game.outcome(state) is not None:
            return []
        board = state.board
        side = "White" if board.turn == chess.WHITE else "Black"
        parts = [f"{side} to move" + (", in check" if board.is_check() else "")]
        if self.clock is not None:
            parts.append(f"clocks White {clock_text(self.clock.left(0))}, "
                         f"Black {clock_text(self.clock.left(1))}")
        if CLAIM in self.table.legal():
            parts.append("you may claim a draw (Table menu)")
        return parts

    # -- commands -----------------------------------------------------------------------------
    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        actions = super().extra_actions()
        actions += [
            ("Move list in &descriptive notation (or back to algebraic)", None, self.toggle_notation),
            ("&Copy the game as PGN", "Ctrl+Shift+C", self.copy_pgn),
            ("Copy the &position as FEN", None, self.copy_fen),
            ("&Paste a game (PGN) or a position (FEN)", "Ctrl+Shift+V", self.paste),
            ("&Set up from FEN…", None, self.ask_setup),
            ("C&laim a draw", None, self.claim_draw),
            ("&Resign", None, self.resign),
        ]
        for key, lesson in LESSONS.items():
            actions.append((f"Lesson: Lasker's {lesson.title}", None,
                            lambda k=key: self.load_lesson(k)))
        from ...ai.board.chess import levels
        engine = levels().get(4)
        if engine is not None:
            actions.append((f"Play against {engine}", None, self.play_engine))
        return actions

    def play_engine(self) -> None:
        """The installed engine takes the computer's seat (level 4, which only chess has)."""
        self._level_before_engine = self.table.level if self.table.level != 4 else 3
        self.table.set_level(4)
        self.table.say("The UCI engine now plays the computer's side; the Computer menu's levels "
                       "bring back the built-in player.", "")

    def toggle_notation(self) -> None:
        self.style = "descriptive" if self.style == "algebraic" else "algebraic"
        self.sync(animate=False)
        self.table.say(f"The move list is in {self.style} notation.", rule_ref("chess", "notation"))

    def copy_pgn(self) -> None:
        session = self.table.session
        if session is None:
            return
        names = ["You" if seat in session.human_seats else f"Computer (level {self.table.level})"
                 for seat in (0, 1)]
        text = to_pgn(self._state(), white=names[0], black=names[1],
                      date=datetime.date.today().strftime("%Y.%m.%d"))
        QGuiApplication.clipboard().setText(text)
        self.table.say(f"Copied the game ({len(self._state().moves)} moves) as PGN.", "")

    def copy_fen(self) -> None:
        QGuiApplication.clipboard().setText(self._state().fen)
        self.table.say(f"Copied the position: {self._state().fen}", "")

    def paste(self) -> None:
        self.paste_text(QGuiApplication.clipboard().text())

    def paste_text(self, text: str) -> bool:
        """Start the game or the position in ``text`` (PGN or FEN); a text that cannot be read is
        reported and the game on the table is left as it was."""
        session = self.table.session
        if session is None:
            return False
        stripped = text.strip()
        looks_like_fen = "\n" not in stripped and stripped.count("/") == 7 and "[" not in stripped
        try:
            if looks_like_fen:
                fen = parse_fen(stripped)
                start, moves = (STANDARD if fen == chess.STARTING_FEN else fen), ()
            else:
                game = from_pgn(text)
                start, moves = game.start, game.moves
            # A game that does not begin with the usual array is *set up* from its FEN (kept in
            # the record); the time control stays the one chosen.
            options = {**session.options, "start": STANDARD}
            new = Session(self.game, options, human_seats=session.human_seats,
                          setup=None if start == STANDARD else start)
            for move in moves:
                new.play(move)
        except NotationError as exc:
            reason = str(exc)
            self.table.say(f"Nothing was pasted: {reason[:1].lower()}{reason[1:]}.",
                           rule_ref("chess", "notation"))
            return False
        self.table.load_session(new)
        what = "position" if looks_like_fen else f"game ({len(moves)} moves)"
        self.table.say(f"Pasted the {what}.", "")
        return True

    def ask_setup(self) -> None:
        """Ask for a FEN and start a game from it."""
        text, ok = QInputDialog.getText(self.table, "Set up from FEN",
                                        "The position in Forsyth–Edwards Notation (FEN):",
                                        text=self._state().fen)
        if ok:
            self.set_up(text)

    def set_up(self, text: str) -> bool:
        """Start a game from the position of the FEN ``text``, the player on the side to move.
        A text that is no legal position is reported, and the game on the table stays."""
        session = self.table.session
        if session is None:
            return False
        try:
            fen = parse_fen(text)
            seat = 0 if fen.split()[1] == "w" else 1
            new = Session(self.game, {**session.options, "start": STANDARD}, human_seats=(seat,),
                          setup=fen)
        except NotationError as exc:
            reason = str(exc)
            self.table.say(f"Nothing was set up: {reason[:1].lower()}{reason[1:]}.",
                           rule_ref("chess", "variants"))
            return False
        self.table.load_session(new)
        self.table.say(f"Set up the position; you play {'White' if seat == 0 else 'Black'}. Undo "
                       "goes back to it, never before it.", rule_ref("chess", "variants"))
        return True

    def claim_draw(self) -> None:
        self.table.play(CLAIM)

    def resign(self) -> None:
        self.table.play(RESIGN)

    def load_lesson(self, key: str) -> None:
        """Set up one of Lasker's diagrams with the player on the side to move."""
        lesson = LESSONS[key]
        seat = 0 if lesson.fen.split()[1] == "w" else 1
        session = self.table.session
        options = {**(session.options if session else {}), "start": STANDARD}
        self.table.load_session(Session(self.game, options, human_seats=(seat,), setup=lesson.fen))
        self.table.say(f"Lasker's {lesson.title}: {lesson.lesson}",
                       rule_ref("chess", lesson.anchor))

    def end_texts(self, outcome: "Outcome") -> tuple[str, str]:
        seat = self.table.viewer_seat
        mate = outcome.rule == rule_ref("chess", "checkmate")
        if outcome.results[0] == outcome.results[1]:
            title = "A draw"
        elif not self.one_person():     # two people at the board: name the side that won
            side = "White" if outcome.results[0] > outcome.results[1] else "Black"
            title = f"Checkmate — {side} wins" if mate else f"{side} wins"
        elif outcome.results[seat] > 0:
            title = "Checkmate — you win!" if mate else "You win!"
        else:
            title = "Checkmate — you lose" if mate else "The game is lost"
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + "."
