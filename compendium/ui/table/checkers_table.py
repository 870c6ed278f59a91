"""The checkers table: a walnut-and-ivory board with the standard square numbers on its dark
squares, men and kings drawn as turned wooden pieces (a gilt crown on a king), captures by
dragging to the final square or clicking through the landing squares, the huff offered on the
board, the last move shown, a move list in standard notation, PDN through the clipboard, and
the elementary positions as lessons.

Legality comes from the engine only (``table.legal()`` and its refusals); this module turns the
board's squares into the engine's numbered moves and back.
"""
from __future__ import annotations

import datetime
import html
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QGuiApplication, QPainter, QPainterPath, QPen, QPixmap, QRadialGradient

from ...core.errors import IllegalAction, NotationError, excerpt
from ...core.rules import rule_ref
from ...core.session import Session
from ...games.board.checkers import (
    BLACK,
    LESSON_BY_KEY,
    LESSONS,
    QUIET_PLIES_FOR_CLAIM,
    SIDE_NAMES,
    WHITE,
    CheckersState,
    Draw,
    Huff,
    Insist,
    Move,
    dark_square,
    rc_square,
    read_pdn,
    square_rc,
    write_pdn,
)
from .square_board import DANGER, Square, SquareBoardController, TakenRow

if TYPE_CHECKING:
    from ...core.game import Game, Outcome
    from .view import TableWidget

IVORY = QColor(236, 224, 196)
WALNUT = QColor(124, 84, 52)
NUMBER_INK = QColor(238, 222, 190, 150)   # the square numbers, quiet on the walnut

# Each side's wood: (face, highlight, edge, groove).
WOODS = {
    "b": (QColor(58, 38, 30), QColor(128, 94, 72), QColor(28, 18, 14), QColor(20, 12, 10, 150)),
    "w": (QColor(226, 196, 146), QColor(252, 238, 206), QColor(158, 120, 76), QColor(120, 86, 48, 140)),
}
GILT = QColor(212, 170, 64)

_PIXMAPS: dict[tuple[str, int, float], QPixmap] = {}


def piece_pixmap(key: str, size: int, dpr: float) -> QPixmap:
    """A turned wooden piece, seen from a little above: its rim, its face with the lathe's
    grooves, and for a king ("B" or "W") a second piece set on top and a gilt crown."""
    cache = (key, size, dpr)
    pixmap = _PIXMAPS.get(cache)
    if pixmap is not None:
        return pixmap
    if len(_PIXMAPS) > 64:
        _PIXMAPS.clear()
    px = max(1, round(size * dpr))
    pixmap = QPixmap(px, px)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    face, light, edge, groove = WOODS[key.lower()]
    king = key.isupper()
    r = px * 0.40
    cx = px / 2
    thick = px * 0.07
    cy = px / 2 + (thick if king else thick / 2)

    def disc(centre_y: float) -> None:
        # the rim: the piece's side, darker, seen below the face
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(edge)
        p.drawEllipse(QPointF(cx, centre_y + thick), r, r * 0.96)
        p.drawRect(QRectF(cx - r, centre_y, 2 * r, thick))
        # the face, lit from the upper left
        grad = QRadialGradient(QPointF(cx - r * 0.35, centre_y - r * 0.4), r * 1.5)
        grad.setColorAt(0.0, light)
        grad.setColorAt(0.55, face)
        grad.setColorAt(1.0, face.darker(125))
        p.setBrush(QBrush(grad))
        p.setPen(QPen(edge, max(1.0, px * 0.012)))
        p.drawEllipse(QPointF(cx, centre_y), r, r * 0.96)
        # the grooves a turner cuts in a draughtsman
        p.setBrush(Qt.BrushStyle.NoBrush)
        for k, width in ((0.78, 0.018), (0.56, 0.012), (0.30, 0.010)):
            p.setPen(QPen(groove, max(0.8, px * width)))
            p.drawEllipse(QPointF(cx, centre_y), r * k, r * k * 0.96)
        p.setPen(QPen(QColor(255, 255, 255, 40), max(0.8, px * 0.01)))
        p.drawArc(QRectF(cx - r * 0.9, centre_y - r * 0.86, r * 1.8, r * 1.72), 60 * 16, 70 * 16)

    # the shadow on the board
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawEllipse(QPointF(cx + px * 0.03, cy + thick + px * 0.04), r, r * 0.9)
    disc(cy)
    if king:
        disc(cy - thick * 1.6)
        _crown(p, QPointF(cx, cy - thick * 1.6), r * 0.5, edge)
    p.end()
    pixmap.setDevicePixelRatio(dpr)
    _PIXMAPS[cache] = pixmap
    return pixmap


def _crown(p: QPainter, centre: QPointF, w: float, outline: QColor) -> None:
    """A small gilt crown: a band and three points with pearls."""
    x0, x1 = centre.x() - w, centre.x() + w
    base = centre.y() + w * 0.45
    top = centre.y() - w * 0.55
    mid = centre.y() - w * 0.05
    path = QPainterPath()
    path.moveTo(x0, base)
    path.lineTo(x0, mid)
    path.lineTo(x0 + w * 0.45, centre.y() + w * 0.1)
    path.lineTo(centre.x(), top)
    path.lineTo(x1 - w * 0.45, centre.y() + w * 0.1)
    path.lineTo(x1, mid)
    path.lineTo(x1, base)
    path.closeSubpath()
    p.setBrush(GILT)
    p.setPen(QPen(outline.darker(110), max(1.0, w * 0.08)))
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(GILT.lighter(130))
    for x, y in ((x0, mid), (centre.x(), top), (x1, mid)):
        p.drawEllipse(QPointF(x, y), w * 0.14, w * 0.14)
    p.setBrush(GILT.darker(130))
    p.drawRect(QRectF(x0, base - w * 0.22, 2 * w, w * 0.22))


# -- squares: the board's (file, rank) and the game's numbers 1-32 --------------------------------------
def to_square(number: int) -> Square:
    row, col = square_rc(number)
    return col, 7 - row


def to_number(square: Square) -> int:
    """The number of a dark square, 0 for a light one."""
    return rc_square(7 - square[1], square[0])


class CheckersController(SquareBoardController):
    light = IVORY
    dark = WALNUT
    target_fill = QColor(250, 236, 196, 170)     # an ivory dot: green would vanish on the walnut
    target_edge = QColor(60, 36, 20, 160)
    panel_squares = 3.8

    def __init__(self, table: "TableWidget", game: "Game[Any, Any, Any]") -> None:
        super().__init__(table, game)
        # Clicking through a multiple capture: the squares visited so far, and the captures
        # that still fit them.
        self.partial: tuple[Square, ...] = ()
        self.partial_moves: list[Move] = []
        self._taken_rows: list[TakenRow] = []

    # -- what stands where --------------------------------------------------------------------
    def _state(self) -> CheckersState:
        view: CheckersState = self.table.current_view()
        return view

    def build(self) -> None:
        super().build()
        # The player's own men nearest him: Black's home squares 1-12 are at the top of the
        # standard diagram, so the board is turned round for the player of Black.
        self.flipped = self.table.viewer_seat == BLACK
        self.cursor = to_square(10 if self.flipped else 23)
        for _ in range(2):
            row = TakenRow()
            self.table.scene().addItem(row)
            self._taken_rows.append(row)

    def teardown(self) -> None:
        for row in self._taken_rows:
            self.table.scene().removeItem(row)
        self._taken_rows = []
        super().teardown()

    def taken(self) -> tuple[list[str], list[str]]:
        """The men each side has taken since the game (or the lesson) began: (by Black, by
        White), as piece keys; a king taken counts as the king it was."""
        session = self.table.session
        if session is None:
            return [], []
        first, now = session.first_state, self._state()

        def on_board(state: CheckersState) -> dict[str, int]:
            counts = {"b": 0, "w": 0}
            for n in range(1, 33):
                piece = state.piece_at(n)
                if piece:
                    counts[piece.lower()] += 1
            return counts
        before, after = on_board(first), on_board(now)
        lost_black = max(0, before["b"] - after["b"])
        lost_white = max(0, before["w"] - after["w"])
        return ["w"] * lost_white, ["b"] * lost_black

    def _place_taken(self) -> None:
        """Two rows beside the board: at the top, what the side at the top has taken; at the
        bottom, the other's; the move list between."""
        if len(self._taken_rows) != 2 or self._panel is None:
            return
        board = self.board_rect()
        x = board.right() + (self.margin_squares + 0.3) * self.square
        size = round(self.square * 0.42)
        width = self.panel_squares * self.square
        by_black, by_white = self.taken()
        dpr = self.table.devicePixelRatioF()
        top_seat = WHITE if self.flipped else BLACK
        top_y = board.top() - self.margin_squares * self.square * 0.5
        bottom_y = board.bottom() + self.margin_squares * self.square * 0.5 - size
        for row, seat, y in ((self._taken_rows[0], top_seat, top_y), (self._taken_rows[1], 1 - top_seat, bottom_y)):
            keys = by_black if seat == BLACK else by_white
            note = f"{SIDE_NAMES[seat]} took {len(keys)}" if keys else ""
            row.set_row(keys, [piece_pixmap(k, max(8, int(size)), dpr) for k in keys], size, width, note)
            row.setPos(QPointF(x, y))
        self._panel.setPos(QPointF(x, top_y + size + self.square * 0.08))

    def is_dark(self, square: Square) -> bool:
        return to_number(square) != 0

    def pieces(self, view: CheckersState) -> dict[Square, str]:
        out: dict[Square, str] = {}
        for n in range(1, 33):
            piece = view.piece_at(n)
            if piece:
                out[to_square(n)] = piece
        return out

    def piece_pixmap(self, key: str, size: int, dpr: float) -> QPixmap:
        return piece_pixmap(key, size, dpr)

    def moves(self) -> dict[tuple[Square, Square], list[Any]]:
        """Every capture by its first and its final square, and a multiple capture also by its
        first landing square, so the player may drag to the end or click through the leaps."""
        out: dict[tuple[Square, Square], list[Any]] = {}
        if self.partial:
            for move in self.partial_moves:
                path = [to_square(n) for n in move.path]
                nxt = path[len(self.partial)]
                out.setdefault((self.partial[-1], nxt), []).append(move)
                if path[-1] != nxt:
                    out.setdefault((self.partial[-1], path[-1]), []).append(move)
            return out
        for action in self.table.legal():
            if not isinstance(action, Move):
                continue
            path = [to_square(n) for n in action.path]
            out.setdefault((path[0], path[-1]), []).append(action)
            if action.jump and len(path) > 2:
                out.setdefault((path[0], path[1]), []).append(action)
        return out

    def action_squares(self, action: Any) -> tuple[Square, Square] | None:
        if isinstance(action, Move):
            return to_square(action.start), to_square(action.end)
        if isinstance(action, Huff):
            sq = to_square(action.square)
            return sq, sq
        return None

    def last_move(self) -> tuple[Square, ...] | None:  # type: ignore[override]
        session = self.table.session
        if session is None:
            return None
        for step in reversed(session.steps):
            if isinstance(step.action, Move):
                return tuple(to_square(n) for n in step.action.path)
        return None

    def marked(self) -> dict[Square, QColor]:
        """A man that passed a capture by and may be huffed now, tinted red."""
        state = self._state()
        if any(isinstance(a, Huff) for a in self.table.legal()):
            return {to_square(n): DANGER for n in state.huffable}
        return {}

    # -- drawing the board --------------------------------------------------------------------------
    def paint_coordinates(self, painter: QPainter) -> None:
        """The standard numbers, small, in a corner of each dark square (the frame stays plain:
        checkers has no letters and ranks)."""
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(8, int(self.square * 0.17)))
        painter.setFont(font)
        painter.setPen(NUMBER_INK)
        pad = self.square * 0.05
        for n in range(1, 33):
            rect = self.square_rect(to_square(n)).adjusted(pad, pad * 0.4, -pad, -pad)
            painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, str(n))

    # -- refusals ----------------------------------------------------------------------------------
    def explain(self, src: Square, dst: Square) -> None:
        state = self._state()
        outcome = self.game.outcome(state)
        if outcome is not None:
            self.table.refuse(f"The game is over: {outcome.reason}.", outcome.rule or "")
            return
        try:
            frm = dark_square(7 - src[1], src[0])
            to = dark_square(7 - dst[1], dst[0])
        except IllegalAction as exc:
            self.table.refuse(exc.reason[:1].upper() + exc.reason[1:] + ".", exc.rule or "")
            return
        if not self.table.human_to_move:
            return
        if frm == to:
            piece = state.piece_at(frm)
            if not piece:
                return
            seat = self.game.to_move(state)
            mine = SIDE_NAMES[seat] if isinstance(seat, int) else ""
            if (piece.lower() == "b") != (seat == BLACK):
                self.table.refuse(f"The piece on {frm} is {SIDE_NAMES[1 - seat]}'s: you play {mine}.",
                               rule_ref("checkers", "the-play"))
                return
            jumps = [a for a in self.table.legal() if isinstance(a, Move) and a.jump]
            if jumps and not state.huffing or state.must_take:
                self.table.refuse(f"A capture must be made: {self.game.action_to_str(jumps[0])}.",
                               rule_ref("checkers", "compulsory-capture") if not state.must_take
                               else rule_ref("checkers", "huffing-the-old-rule"))
            else:
                self.table.refuse(f"The piece on {frm} has no move just now.", rule_ref("checkers", "moving-a-man"))
            return
        (r0, _), (r1, _) = square_rc(frm), square_rc(to)
        move = Move((frm, to), abs(r1 - r0) == 2)
        refusal = self.game.why_illegal(state, move)
        reason = refusal.reason
        self.table.refuse(reason[:1].upper() + reason[1:] + ".", refusal.rule or "")

    # -- clicking through a multiple capture ----------------------------------------------------
    def choose(self, src: Square, dst: Square, actions: list[Any]) -> None:
        """Several captures fit the squares chosen so far: the piece waits on the square it has
        reached and the next landing squares are marked; the player clicks on through."""
        moves = [a for a in actions if isinstance(a, Move)]
        partial = self.partial or (src,)
        reached = partial + (dst,)
        fitting = [m for m in moves if tuple(to_square(n) for n in m.path[:len(reached)]) == reached]
        if not fitting:
            # dropped on the final square of several captures: choose the way from the start
            fitting = [m for m in moves if to_square(m.end) == dst]
            reached = partial
        finished = [m for m in fitting if len(m.path) == len(reached)]
        if len(fitting) == 1 or (finished and len(finished) == len(fitting)):
            self._end_partial()
            self.table.play(fitting[0])
            return
        self.partial, self.partial_moves = reached, fitting
        item = self.piece_item(reached[0])
        if item is not None:
            item.setPos(self.square_rect(reached[-1]).topLeft())
            item.setZValue(30)
        self.selected = reached[-1]
        self._show_marks(self.targets_from(reached[-1]))
        ways = ", ".join(self.game.action_to_str(m) for m in fitting)
        self.table.say(f"More than one capture goes on from here ({ways}): click the next landing "
                       "square, or Escape to start again.", rule_ref("checkers", "multiple-jumps"),
                       callout=False)     # the landing squares are lit and the prompt says it

    def _end_partial(self) -> None:
        self.partial, self.partial_moves = (), []

    def press(self, scene_pos: QPointF) -> None:
        sq = self.square_at(scene_pos)
        if self.partial:
            if sq is not None and sq in self.targets_from(self.partial[-1]):
                self._play_pair(self.partial[-1], sq)
            else:
                self._end_partial()
                self.selected = None
                self.table.sync(animate=True)
            return
        if sq is not None and self.selected is None:
            number = to_number(sq)
            huff = Huff(number)
            if number and huff in self.table.legal():
                self.table.play(huff)
                return
        super().press(scene_pos)

    def key(self, name: str) -> bool:
        if self.partial and name == "escape":
            self._end_partial()
            self.selected = None
            self.table.sync(animate=False)
            return True
        if self.partial and name in ("enter", "space"):
            self.keyboard_active = True
            if self.cursor in self.targets_from(self.partial[-1]):
                self._play_pair(self.partial[-1], self.cursor)
            return True
        if not self.partial and name in ("enter", "space") and self.selected is None:
            huff = Huff(to_number(self.cursor))
            if to_number(self.cursor) and huff in self.table.legal():
                self.table.play(huff)
                return True
        return super().key(name)

    def sync(self, animate: bool) -> None:
        self._end_partial()
        super().sync(animate)
        self._place_taken()

    def cancel_drag(self) -> None:
        self._end_partial()
        super().cancel_drag()

    # -- the move list -------------------------------------------------------------------------------
    def record_lines(self) -> list[tuple[int, str, str]]:
        """(number, Black's entry, White's entry) rows; huffs, insisting and draw offers are
        written into the mover's cell beside the move."""
        session = self.table.session
        if session is None:
            return []
        rows: list[tuple[int, str, str]] = []
        cells = ["", ""]
        number = 1
        for step in session.steps:
            action = step.action
            seat = step.actor if isinstance(step.actor, int) else BLACK
            text = self.game.action_to_str(action)
            if isinstance(action, Move):
                if seat == BLACK and (cells[0] or cells[1]):
                    rows.append((number, cells[0], cells[1]))
                    number += 1
                    cells = ["", ""]
                cells[seat] = (cells[seat] + " " + text).strip()
                if seat == WHITE:
                    rows.append((number, cells[0] or "…", cells[1]))
                    number += 1
                    cells = ["", ""]
            else:
                note = {"offer draw": "(offers a draw)", "decline draw": "(draw declined)",
                        "accept draw": "(draw agreed)", "claim draw": "(draw claimed)",
                        "insist": "(insists)"}.get(text, f"({text})")
                cells[seat] = (cells[seat] + " " + note).strip()
        if cells[0] or cells[1]:
            rows.append((number, cells[0] or "…", cells[1]))
        return rows

    def panel_html(self) -> str:
        state = self._state()
        parts = []
        lesson = LESSON_BY_KEY.get(state.start)
        if lesson is not None:
            parts.append(f"<p style='margin:0'><b>{html.escape(lesson.name)}</b><br>"
                         f"<i>{html.escape(lesson.goal)}.</i></p>")
        rule = "Huffing (the book)" if state.huffing else "Compulsory capture"
        parts.append(f"<p style='margin-top:4px; margin-bottom:2px; color:#cfc8b0'>{rule}</p>")
        parts.append("<p style='margin-top:6px; margin-bottom:2px'><b>Moves</b></p>")
        rows = self.record_lines()
        if not rows:
            parts.append("<p style='margin:0; color:#cfc8b0'><i>No moves yet.</i></p>")
        else:
            font_px = max(11, min(17, int(self.square * 0.24)))
            fit = max(4, int((self.ranks - 1) * self.square / (font_px * 1.75)) - 8)
            shown = rows[-fit:]
            cells = []
            if len(shown) < len(rows):
                cells.append("<tr><td colspan='3'>…</td></tr>")
            for i, (n, b, w) in enumerate(shown):
                last = i == len(shown) - 1
                b_html, w_html = html.escape(b), html.escape(w)
                if last:
                    if w:
                        w_html = f"<b>{w_html}</b>"
                    else:
                        b_html = f"<b>{b_html}</b>"
                cells.append(f"<tr><td align='right' style='color:#cfc8b0'>{n}.</td>"
                             f"<td style='padding-left:6px'>{b_html}</td>"
                             f"<td style='padding-left:10px'>{w_html}</td></tr>")
            parts.append("<table cellspacing='0' cellpadding='1'>" + "".join(cells) + "</table>")
        outcome = self.game.outcome(state)
        if outcome is not None:
            parts.append(f"<p style='margin-top:6px'><b>{html.escape(self._result_text(outcome))}</b></p>")
        else:
            seat = self.game.to_move(state)
            if isinstance(seat, int):
                parts.append(f"<p style='margin-top:6px; margin-bottom:0'>{SIDE_NAMES[seat]} to move</p>")
            if state.quiet >= QUIET_PLIES_FOR_CLAIM // 2:
                parts.append(f"<p style='margin:0; color:#cfc8b0'>{state.quiet // 2} moves each without a "
                             f"capture or a man's move (a draw may be claimed at "
                             f"{QUIET_PLIES_FOR_CLAIM // 2})</p>")
        return "".join(parts)

    def prompt(self) -> str:
        state = self._state()
        if self.game.outcome(state) is not None:
            return ""
        seat = self.game.to_move(state)
        if not isinstance(seat, int):
            return ""
        side = SIDE_NAMES[seat]
        if not self.table.human_to_move:
            return f"{side} to move — the computer is thinking…" if self.table.computer_thinking \
                else f"{side} to move"
        if self.partial:
            return "The capture goes on: click the next landing square"
        legal = self.table.legal()
        if Draw("accept") in legal:
            return "A draw is offered: accept or decline it (Table menu)"
        if self.selected is not None:
            return f"The man on {to_number(self.selected)}: click a lit square, or Escape"
        if any(isinstance(a, Huff) for a in legal):
            return f"{side} to move: huff the man marked red (click him), or move"
        if any(isinstance(a, Move) and a.jump for a in legal) and not state.huffing:
            return f"{side} to move: a capture is compulsory"
        return f"{side} to move: drag or click a man"

    def status_parts(self) -> list[str]:
        state = self._state()
        if self.game.outcome(state) is not None:
            return []
        seat = self.game.to_move(state)
        if not isinstance(seat, int):
            return []
        parts = [f"{SIDE_NAMES[seat]} to move"]
        legal = self.table.legal()
        if any(isinstance(a, Huff) for a in legal):
            parts.append("a man passed a capture by: click it to huff it, or insist (Table menu)")
        if Draw("accept") in legal:
            parts.append("a draw is offered: accept or decline it (Table menu)")
        if Draw("claim") in legal:
            parts.append("you may claim a draw (Table menu)")
        elif any(isinstance(a, Move) and a.jump for a in legal) and not state.huffing:
            parts.append("a capture is compulsory")
        return parts

    def end_texts(self, outcome: "Outcome") -> tuple[str, str]:
        seat = self.table.viewer_seat
        if outcome.results[0] == outcome.results[1]:
            title = "A draw"
        elif not self.one_person():
            title = f"{SIDE_NAMES[0 if outcome.results[0] > outcome.results[1] else 1]} wins"
        else:
            title = "You win!" if outcome.results[seat] > 0 else "The game is lost"
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + "."

    # -- commands -------------------------------------------------------------------------------------
    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        actions = super().extra_actions()
        actions += [
            ("&Huff the man that passed a capture by", None, self.huff),
            ("&Insist on the passed-by capture", None, self.insist),
            ("&Offer a draw", None, lambda: self.table.play(Draw("offer"))),
            ("&Accept the draw offered", None, lambda: self.table.play(Draw("accept"))),
            ("&Decline the draw offered", None, lambda: self.table.play(Draw("decline"))),
            ("C&laim a draw (forty moves)", None, lambda: self.table.play(Draw("claim"))),
            ("&Copy the game as PDN", "Ctrl+Shift+C", self.copy_pdn),
            ("&Paste a game (PDN)", "Ctrl+Shift+V", self.paste),
        ]
        for lesson in LESSONS:
            actions.append((f"Lesson: {lesson.name}", None, lambda k=lesson.key: self.load_lesson(k)))
        return actions

    def huff(self) -> None:
        huffs = [a for a in self.table.legal() if isinstance(a, Huff)]
        if len(huffs) == 1:
            self.table.play(huffs[0])
        elif huffs:
            self.table.say("Several men passed the capture by: click the one to huff.",
                           rule_ref("checkers", "huffing-the-old-rule"))
        else:
            self.table.play(Huff(0))          # refused by the rules, with their reason

    def insist(self) -> None:
        self.table.play(Insist())

    def pdn_text(self) -> str:
        session = self.table.session
        assert session is not None
        names = ["You" if seat in session.human_seats else f"Computer (level {self.table.level})"
                 for seat in (BLACK, WHITE)]
        return write_pdn(session.options, session.actions_text, session.outcome(),
                         {"Black": names[0], "White": names[1],
                          "Date": datetime.date.today().strftime("%Y.%m.%d")}, setup=session.setup)

    def copy_pdn(self) -> None:
        if self.table.session is None:
            return
        QGuiApplication.clipboard().setText(self.pdn_text())
        self.table.say(f"Copied the game ({len(self.table.session.steps)} moves) as PDN.", "")

    def paste(self) -> None:
        self.paste_text(QGuiApplication.clipboard().text())

    def paste_text(self, text: str) -> bool:
        """Start the game in ``text`` (PDN); a text that cannot be read is reported and the game
        on the table is left as it was."""
        session = self.table.session
        if session is None:
            return False
        try:
            game = read_pdn(text)
            # A game with a FEN tag is *set up* from it (kept in the record; undo stops there).
            new = Session(self.game, {"capture": str(session.options.get("capture", "compulsory"))},
                          human_seats=session.human_seats, setup=game.setup)
            for index, move in enumerate(game.actions, 1):
                try:
                    new.play(move)
                except (IllegalAction, NotationError) as exc:
                    raise NotationError(f"move {index}, {excerpt(move)}: {exc}") from None
        except NotationError as exc:
            reason = str(exc)
            self.table.say(f"Nothing was pasted: {reason[:1].lower()}{reason[1:]}.",
                           rule_ref("checkers", "notation"))
            return False
        self.table.load_session(new)
        self.table.say(f"Pasted the game ({len(game.actions)} moves).", "")
        return True

    def load_lesson(self, key: str) -> None:
        """Set up an elementary position with the player on the winning side."""
        lesson = LESSON_BY_KEY[key]
        capture = "compulsory"
        if self.table.session is not None:
            capture = str(self.table.session.options.get("capture", "compulsory"))
        self.table.load_session(Session(self.game, {"capture": capture}, human_seats=(lesson.winner,),
                                        setup=lesson.fen))
        anchor = lesson.name.lower().replace(" ", "-")
        self.table.say(f"{lesson.name}: {lesson.goal}.", rule_ref("checkers", anchor))

