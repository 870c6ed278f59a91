"""The table of Riddles.

The players sit along the top with their points; the riddle being asked stands in the middle on
an ivory card, with the hints taken written under it; below it the answer line, where what you
type appears, and the *Guess*, *Hint* and *Pass* plaques; under those the guesses refused at this
riddle; at the bottom the last riddle answered, with its answer and its reason.

Typing is the natural way to play: every printable key goes into the answer line (the scene's
focus item, ``TextCatcher``), Backspace rubs out, Escape clears the line, Enter says the guess.
With the line empty, Left and Right choose among the plaques and Enter presses the one chosen.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ...games.parlour.riddles import MAX_GUESS_CHARS, Guess, Hint, Pass, RiddlesState
from .controller import TableController
from .items import HIGHLIGHT
from .parlour_table import DARK_INK, IVORY, IVORY_EDGE, serif, wrap
from .tricks_items import CallButton, TextPanel

if TYPE_CHECKING:
    from ...core.game import Outcome

KINDS = {"conundrum": "A conundrum", "when": "A “when” riddle", "what": "An enigma",
         "charade": "A charade", "letter": "A letter riddle"}


class TextCatcher(QGraphicsObject):
    """An invisible focus item: the printable keys the table does not use go into the answer."""

    def __init__(self, on_text: Callable[[str], bool]) -> None:
        super().__init__()
        self.on_text = on_text
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        pass

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            event.ignore()
            return
        if event.key() == Qt.Key.Key_Backspace:
            used = self.on_text("\b")
        else:
            text = event.text()
            used = bool(text) and text.isprintable() and self.on_text(text)
        if not used:
            event.ignore()


class RiddleCard(QGraphicsItem):
    """The ivory card with the riddle (or the answer line): a heading, then wrapped lines."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, 400, 200)
        self.heading = ""
        self.lines: list[str] = []
        self.size = 22
        self.small: list[str] = []
        self.lit = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(10)

    def set_content(self, rect: QRectF, heading: str, lines: list[str], size: int, small: list[str],
                    lit: bool = False) -> None:
        self.prepareGeometryChange()
        self.rect, self.heading, self.lines, self.size, self.small, self.lit = rect, heading, lines, size, small, lit
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 6, 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            r = self.rect
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 70))
            painter.drawRoundedRect(r.translated(2, 3), 10, 10)
            grad = QLinearGradient(r.topLeft(), r.bottomRight())
            grad.setColorAt(0, IVORY.lighter(104))
            grad.setColorAt(1, IVORY.darker(106))
            painter.setBrush(grad)
            painter.setPen(QPen(HIGHLIGHT if self.lit else IVORY_EDGE, 3 if self.lit else 1.4))
            painter.drawRoundedRect(r, 10, 10)
            pad = max(10.0, self.size * 0.6)
            y = r.top() + pad * 0.6
            if self.heading:
                font = serif(max(11, self.size * 0.6))
                font.setItalic(True)
                painter.setFont(font)
                painter.setPen(QColor(120, 90, 50))
                h = self.size * 0.9
                painter.drawText(QRectF(r.left() + pad, y, r.width() - 2 * pad, h),
                                 int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), self.heading)
                y += h
            painter.setFont(serif(self.size))
            painter.setPen(DARK_INK)
            h = self.size * 1.35
            for line in self.lines:
                painter.drawText(QRectF(r.left() + pad, y, r.width() - 2 * pad, h),
                                 int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), line)
                y += h
            if self.small:
                font = serif(max(11, self.size * 0.62))
                font.setItalic(True)
                painter.setFont(font)
                painter.setPen(QColor(90, 60, 30))
                h = self.size * 0.95
                for line in self.small:
                    painter.drawText(QRectF(r.left() + pad, y, r.width() - 2 * pad, h),
                                     int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), line)
                    y += h
        finally:
            painter.restore()


class RiddlesController(TableController):
    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.width = self.height = 0.0
        self.card = RiddleCard()
        self.line = RiddleCard()
        self.panels: dict[int, TextPanel] = {}
        self.refused = TextPanel(size=14, bold_first=False, frame=False)
        self.last = TextPanel(size=14, bold_first=True)
        self.buttons: list[CallButton] = []
        self.typed = ""
        self.focus = 0                 # which plaque Enter presses on an empty line
        self._hint: Any = None
        self.catcher = TextCatcher(self.type_text)

    def view(self) -> RiddlesState:
        view: RiddlesState = self.table.current_view()
        return view

    def build(self) -> None:
        scene = self.table.scene()
        for item in (self.card, self.line, self.refused, self.last, self.catcher):
            scene.addItem(item)
        self.catcher.setFocus()

    def teardown(self) -> None:
        scene = self.table.scene()
        for item in [self.card, self.line, self.refused, self.last, self.catcher, *self.panels.values(),
                     *self.buttons]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.panels.clear()
        self.buttons.clear()

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height

    # -- drawing -------------------------------------------------------------------------------
    def my_turn(self) -> bool:
        return bool(self.table.human_to_move)

    def sync(self, animate: bool) -> None:
        view = self.view()
        w, h = self.width, self.height
        size = int(max(15, min(24, h / 30, w / 48)))
        self._sync_panels(view, size)
        card_w = min(w - 40, max(420.0, w * 0.62))
        x0 = (w - card_w) / 2
        y = max(80.0, h * 0.17)
        if view.current is not None:
            lines = wrap(view.current.question, size, card_w - 2 * max(10.0, size * 0.6))
            heading = f"{KINDS.get(view.current.kind, 'A riddle')} · riddle {view.asked + 1} of {len(view.order)}"
            small = [f"Hint: {text}" for text in view.hints]
        else:
            lines, heading, small = ["Every riddle has been asked."], "The end of the riddles", []
        card_h = max(10.0, size * 0.6) * 1.2 + size * 0.9 + len(lines) * size * 1.35 + len(small) * size * 0.95
        self.card.set_content(QRectF(x0, y, card_w, card_h), heading, lines, size, small)
        y += card_h + size * 0.8
        # the answer line
        mine = self.my_turn() and view.current is not None
        caret = "▏" if mine else ""
        shown = (self.typed + caret) if mine else self._waiting_text(view)
        line_size = int(size * 0.9)
        line_h = max(10.0, line_size * 0.6) * 1.3 + line_size * (0.9 if mine else 0) + line_size * 1.35
        self.line.set_content(QRectF(x0, y, card_w, line_h),
                              "Your answer — type it and press Enter" if mine else "", [shown], line_size, [],
                              lit=mine)
        y += line_h + size * 0.6
        self._sync_buttons(view, size, y)
        y += size * 2.4
        # the guesses refused at this riddle
        refused = [f"{self.name(s.seat)}: “{s.text}” — no" if s.what == "guess"
                   else f"{self.name(s.seat)} passed" if s.what == "pass"
                   else f"{self.name(s.seat)} took a hint (−1)" for s in view.said][-6:]
        self.refused.set_lines(refused, int(size * 0.72))
        self.refused.setPos(QPointF(x0, y))
        # the last riddle answered
        if view.told:
            told = view.told[-1]
            who = (f"{self.name(told.seat)} guessed it (“{told.guess}”): +2" if told.seat is not None
                   else "Nobody had it: the room gave up")
            text_w = w - 60
            small_size = int(size * 0.72)
            lines = [f"The last riddle: {told.riddle.question}"][:1]
            lines = wrap(lines[0], small_size, text_w)
            lines += wrap(f"Answer: {told.riddle.answer}  {told.riddle.reason}", small_size, text_w)
            lines.append(who)
            self.last.set_lines(lines, small_size)
            self.last.setPos(QPointF((w - self.last.boundingRect().width()) / 2,
                                     h - self.last.boundingRect().height() - 34))
            self.last.setVisible(True)
        else:
            self.last.setVisible(False)
        self.show_keyboard_state()
        self.catcher.setFocus()

    def _waiting_text(self, view: RiddlesState) -> str:
        mover = self.game.to_move(view)
        if isinstance(mover, int):
            return f"{self.name(mover)} is thinking…"
        return ""

    def _sync_panels(self, view: RiddlesState, size: int) -> None:
        scene = self.table.scene()
        n = view.n
        slot_w = (self.width - 20) / max(1, n)
        mover = self.game.to_move(view)
        for seat in range(n):
            panel = self.panels.get(seat)
            if panel is None:
                panel = TextPanel(size=size)
                scene.addItem(panel)
                self.panels[seat] = panel
            points = view.scores[seat]
            panel.set_lines([self.name(seat), f"{points} point{'s' if abs(points) != 1 else ''}"],
                            int(size * 0.75))
            panel.set_lit(mover == seat)
            pw = panel.boundingRect().width()
            panel.setPos(QPointF(10 + slot_w * seat + (slot_w - pw) / 2, 10))
        for seat in [s for s in self.panels if s >= n]:
            scene.removeItem(self.panels.pop(seat))

    def _sync_buttons(self, view: RiddlesState, size: int, y: float) -> None:
        scene = self.table.scene()
        legal = self.table.legal() if self.my_turn() else ()
        wanted: list[tuple[Any, str]] = []
        if legal:
            wanted.append(("guess", "Guess"))
            if Hint() in legal:
                wanted.append((Hint(), ["Hint: letters (−1)", "Hint: first letter (−1)"][len(view.hints)]))
            wanted.append((Pass(), "Pass"))
        if [(b.action, b.label) for b in self.buttons] != wanted:
            for b in self.buttons:
                scene.removeItem(b)
            self.buttons = [CallButton(a, label, max(12, int(size * 0.7))) for a, label in wanted]
            for b in self.buttons:
                scene.addItem(b)
        x = self.width / 2 - sum(b.boundingRect().width() + 12 for b in self.buttons) / 2
        for b in self.buttons:
            b.setPos(QPointF(x, y))
            x += b.boundingRect().width() + 12

    # -- input ---------------------------------------------------------------------------------
    def press(self, scene_pos: QPointF) -> None:
        for b in self.buttons:
            if b.sceneBoundingRect().contains(scene_pos):
                self.activate(b.action)
                return

    def activate(self, choice: Any) -> None:
        if choice == "guess":
            text = self.typed.strip()
            if not text:
                self.table.say("Type your guess first, then press Enter (or click Guess).", "")
                return
            if self.table.play(Guess(text)):
                self.typed = ""
                self.table.sync(animate=False)
        elif choice is not None:
            if self.table.play(choice) and isinstance(choice, Pass):
                self.typed = ""

    def type_text(self, text: str) -> bool:
        if not self.my_turn():
            return False
        if text == "\b":
            self.typed = self.typed[:-1]
        elif len(self.typed) < MAX_GUESS_CHARS:
            self.typed += text
        self.table.sync(animate=False)
        return True

    def key(self, name: str) -> bool:
        if not self.my_turn():
            return False
        if name == "enter":
            if self.typed.strip():
                self.activate("guess")
            elif self.buttons:
                self.activate(self.buttons[self.focus % len(self.buttons)].action)
            return True
        if name == "escape":
            self.typed = ""
            self.table.sync(animate=False)
            return True
        if name in ("left", "right") and not self.typed and self.buttons:
            self.focus = (self.focus + (1 if name == "right" else -1)) % len(self.buttons)
            self.show_keyboard_state()
            return True
        return False     # letters (f, l) and the space go on to the answer line

    def show_keyboard_state(self) -> None:
        for k, b in enumerate(self.buttons):
            b.set_focused(not self.typed and k == self.focus % max(1, len(self.buttons)))
            b.set_hinted(self._hint is not None and b.action == self._hint)

    def show_hint(self, action: Any) -> None:
        self._hint = action
        if isinstance(action, Hint):
            self.table.say("Stuck? A hint costs a point.", "riddles#hints")
        self.show_keyboard_state()

    def clear_hint(self) -> None:
        self._hint = None
        self.show_keyboard_state()

    def prompt(self) -> str:
        if self.my_turn():
            return "Type your guess and press Enter — or take a hint, or pass"
        return ""

    def status_parts(self) -> list[str]:
        view = self.view()
        if not view.order:
            return []
        return [f"Riddle {min(view.asked + 1, len(view.order))} of {len(view.order)}"]

    def end_texts(self, outcome: Outcome) -> tuple[str, str]:
        title, detail = super().end_texts(outcome)
        if len(outcome.results) == 1:
            title = "The riddles are done"
        return title, detail
