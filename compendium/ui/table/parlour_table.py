"""The tables of the parlour games and Pope Joan.

* **Ghost** — the letters said so far stand in the middle as ivory tiles, each with its writer's
  name; the players sit along the top with their lives as lamps, put out one by one; the alphabet
  lies along the bottom.  Click or type a letter to add it, click *Challenge* (or press the space
  bar) to challenge; challenged, type or click the word and press Enter, or click *Give up*.
* **Tit-Tat-Toe** — a slate in a wooden frame with the figure drawn in chalk, every pencil mark
  left on it and every struck division crossed through; the players' columns of numbers beside.
  Eyes shut, click the slate (or press Enter): the pencil circles while the rhyme is said and comes
  down where chance puts it.  With an aimed pencil, click the division aimed at (or choose it with
  the arrow keys and press Enter).
* **Pope Joan** — the round board of eight compartments in the middle, its counters in little
  stacks; your hand along the bottom, the others round the table with their stocks of counters;
  the turn-up and the dead hand beside the board, the run being played below it.  Counters slide
  between the stocks and the compartments as they are paid.  Lead by clicking a card, dragging it
  to the middle, or with the arrow keys and Enter; dress the board with its button, by dragging
  your counters onto it, or with Enter.

A controller never decides a rule: what may be done comes from ``table.legal()``, and a refusal
is the engine's, cited in the status bar by ``table.play``.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QParallelAnimationGroup, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ...games.parlour.ghost import Challenge, GhostState, GiveUp, Letter, Name, ghost_fraction
from ...games.parlour.pope_joan import COMPARTMENTS, Dress, Lead, PJView
from ...games.parlour.tit_tat_toe import (
    CROWN_R,
    FIGURE,
    INNER_R,
    RADIUS,
    RHYME_CLOSING,
    RHYME_OPENING,
    SLATE_R,
    Aim,
    PencilDown,
    TTTState,
    locate,
)
from .card_layer import CardLayer
from .card_renderer import aspect
from .cloth import baize_tile
from .controller import TableController
from .items import HIGHLIGHT, HINT, CardItem
from .motion import flight
from .tricks_table import INK, CallButton, TextPanel

if TYPE_CHECKING:
    from ...core.game import Outcome

SERIF = "DejaVu Serif"
IVORY = QColor(246, 238, 214)
IVORY_EDGE = QColor(150, 120, 70)
DARK_INK = QColor(40, 30, 20)


def serif(size: float, bold: bool = False) -> QFont:
    font = QFont(SERIF)
    font.setPixelSize(max(8, int(size)))
    font.setBold(bold)
    return font


def wrap(text: str, size: int, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` in the table's serif at ``size``."""
    metrics = QFontMetricsF(serif(size))
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and metrics.horizontalAdvance(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


class LetterTile(QGraphicsItem):
    """An ivory tile with one letter: the letters on the table and the alphabet to choose from.
    ``caption`` (the writer's name) is printed small beneath it."""

    def __init__(self, letter: str, size: float, caption: str = "") -> None:
        super().__init__()
        self.letter = letter
        self.size = size
        self.caption = caption
        self.focused = False
        self.hinted = False
        self.dim = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(20)

    def set_state(self, *, size: float | None = None, caption: str | None = None, focused: bool | None = None,
                  hinted: bool | None = None, dim: bool | None = None) -> None:
        if size is not None and size != self.size:
            self.prepareGeometryChange()
            self.size = size
        for name, value in (("caption", caption), ("focused", focused), ("hinted", hinted), ("dim", dim)):
            if value is not None:
                setattr(self, name, value)
        self.update()

    def tile_rect(self) -> QRectF:
        return QRectF(0, 0, self.size, self.size)

    def boundingRect(self) -> QRectF:
        extra = self.size * 0.45 if self.caption else 0
        return QRectF(-4, -4, self.size + 8, self.size + 8 + extra)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # The view skips saving the painter's state (DontSavePainterState): leave it as found.
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.tile_rect()
        radius = self.size * 0.14
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70))
        painter.drawRoundedRect(r.translated(1.5, 2.5), radius, radius)
        grad = QLinearGradient(r.topLeft(), r.bottomRight())
        base = QColor(IVORY) if not self.dim else QColor(205, 198, 180)
        grad.setColorAt(0, base.lighter(104))
        grad.setColorAt(1, base.darker(108))
        painter.setBrush(QBrush(grad))
        colour = HIGHLIGHT if self.focused else (HINT if self.hinted else IVORY_EDGE)
        painter.setPen(QPen(colour, 3 if (self.focused or self.hinted) else 1.2))
        painter.drawRoundedRect(r, radius, radius)
        painter.setFont(serif(self.size * 0.58, bold=True))
        painter.setPen(DARK_INK if not self.dim else QColor(120, 110, 95))
        painter.drawText(r, int(Qt.AlignmentFlag.AlignCenter), self.letter.upper())
        if self.caption:
            painter.setFont(serif(max(10, self.size * 0.2)))
            painter.setPen(INK)
            painter.drawText(QRectF(-self.size * 0.3, self.size + 2, self.size * 1.6, self.size * 0.4),
                             int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), self.caption)


class KeyCatcher(QGraphicsObject):
    """An invisible focus item: the table passes on the keys it does not use (the letters,
    Backspace), and the scene gives them to the item that has the focus."""

    def __init__(self, on_key: Callable[[str], bool]) -> None:
        super().__init__()
        self.on_key = on_key
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # The view skips saving the painter's state (DontSavePainterState): leave it as found.
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        pass

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Backspace:
            used = self.on_key("backspace")
        elif Qt.Key.Key_A <= key <= Qt.Key.Key_Z and not event.modifiers() & (
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            used = self.on_key(chr(ord("a") + key - Qt.Key.Key_A))
        else:
            used = False
        if not used:
            event.ignore()


# == Ghost =============================================================================================
class GhostController(TableController):
    ALPHABET = "abcdefghijklmnopqrstuvwxyz"

    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.width = self.height = 0.0
        self.tile = 48.0
        self.letters: list[LetterTile] = []
        self.word_tiles: list[LetterTile] = []
        self.alphabet: list[LetterTile] = [LetterTile(c, 40) for c in self.ALPHABET]
        self.panels: dict[int, TextPanel] = {}
        self.news = TextPanel(size=14, bold_first=False, frame=False)
        self.buttons: list[CallButton] = []
        self.word = ""               # the word being spelt in answer to a challenge
        self.focus = 0               # keyboard focus over the alphabet and the buttons
        self._hint: Any = None
        self.catcher = KeyCatcher(self.type_key)

    def view(self) -> GhostState:
        return self.table.current_view()

    def short(self, seat: int) -> str:
        return "you" if seat == self.me else f"P{seat + 1}"

    def build(self) -> None:
        scene = self.table.scene()
        for t in self.alphabet:
            scene.addItem(t)
        scene.addItem(self.news)
        scene.addItem(self.catcher)
        self.catcher.setFocus()

    def teardown(self) -> None:
        scene = self.table.scene()
        for item in [*self.letters, *self.word_tiles, *self.alphabet, *self.panels.values(), *self.buttons,
                     self.news, self.catcher]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.letters.clear()
        self.word_tiles.clear()
        self.panels.clear()
        self.buttons.clear()

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.tile = max(26.0, min(width / 17.0, height / 11.0))

    # -- drawing -------------------------------------------------------------------------------
    def challenged_me(self, view: GhostState) -> bool:
        return view.challenger is not None and self.table.human_to_move

    def sync(self, animate: bool) -> None:
        view = self.view()
        scene = self.table.scene()
        if view.challenger is None:
            self.word = ""
        # the letters on the table
        big = min(self.tile * 1.5, (self.width - 40) / max(8, len(view.letters) + 1))
        while len(self.letters) < len(view.letters):
            t = LetterTile("", big)
            scene.addItem(t)
            self.letters.append(t)
        for t in self.letters[len(view.letters):]:
            scene.removeItem(t)
        del self.letters[len(view.letters):]
        gap = big * 0.18
        total = len(view.letters) * (big + gap) - gap
        x0 = self.width / 2 - total / 2
        y0 = self.height * 0.30
        for k, (c, t) in enumerate(zip(view.letters, self.letters)):
            t.letter = c
            t.set_state(size=big, caption=self.short(view.writers[k]))
            t.setPos(QPointF(x0 + k * (big + gap), y0))
        # the word being spelt in answer to a challenge
        for t in self.word_tiles:
            scene.removeItem(t)
        self.word_tiles = []
        if self.challenged_me(view):
            small = big * 0.7
            shown = self.word or view.letters
            wx = self.width / 2 - (len(shown) * (small + 6)) / 2
            for k, c in enumerate(shown):
                t = LetterTile(c, small)
                t.set_state(dim=k >= len(self.word))
                scene.addItem(t)
                t.setPos(QPointF(wx + k * (small + 6), y0 + big * 1.55))
                self.word_tiles.append(t)
        self._sync_alphabet(view)
        self._sync_panels(view)
        self._sync_buttons(view)
        self._sync_news(view)
        self.show_keyboard_state()
        self.catcher.setFocus()

    def _sync_alphabet(self, view: GhostState) -> None:
        size = self.tile * 0.95
        gap = size * 0.14
        row_w = 13 * (size + gap) - gap
        x0 = self.width / 2 - row_w / 2
        y0 = self.height - 2 * (size + gap) - 16
        usable = bool(self.table.legal())
        for k, t in enumerate(self.alphabet):
            t.set_state(size=size, dim=not usable)
            t.setPos(QPointF(x0 + (k % 13) * (size + gap), y0 + (k // 13) * (size + gap)))

    def _sync_panels(self, view: GhostState) -> None:
        scene = self.table.scene()
        size = max(11, min(15, int(self.tile * 0.3)))
        n = view.n
        slot_w = (self.width - 20) / n
        mover = self.game.to_move(view)
        for seat in range(n):
            panel = self.panels.get(seat)
            if panel is None:
                panel = TextPanel(size=size)
                scene.addItem(panel)
                self.panels[seat] = panel
            lives = view.lives[seat]
            lamps = "●" * lives + "○" * (3 - lives)
            # the words ("a third of a ghost") where there is room, the lamps alone where not
            lines = [self.name(seat), f"{lamps}  {ghost_fraction(lives)}" if slot_w >= 170 else lamps]
            panel.set_lines(lines, size)
            panel.set_lit(mover == seat)
            w = panel.boundingRect().width()
            panel.setPos(QPointF(10 + slot_w * seat + (slot_w - w) / 2, 10))
        for seat in [s for s in self.panels if s >= n]:
            scene.removeItem(self.panels.pop(seat))

    def _sync_buttons(self, view: GhostState) -> None:
        scene = self.table.scene()
        legal = self.table.legal()
        wanted: list[tuple[Any, str]] = []
        if self.challenged_me(view):
            wanted = [("name", "Say the word"), ("backspace", "⌫ Rub out"), (GiveUp(), "Give up")]
        elif Challenge() in legal:
            wanted = [(Challenge(), "Challenge")]
        if [(b.action, b.label) for b in self.buttons] != wanted:
            for b in self.buttons:
                scene.removeItem(b)
            size = max(12, min(16, int(self.tile * 0.32)))
            self.buttons = [CallButton(a, label, size) for a, label in wanted]
            for b in self.buttons:
                scene.addItem(b)
        x = self.width / 2 - sum(b.boundingRect().width() + 10 for b in self.buttons) / 2
        y = self.alphabet[0].y() - self.tile * 1.0
        for b in self.buttons:
            b.setPos(QPointF(x, y))
            x += b.boundingRect().width() + 10

    def _sync_news(self, view: GhostState) -> None:
        lines: list[str] = []
        mover = self.game.to_move(view)
        if view.challenger is not None:
            last = self.name(view.writers[-1])
            last = last.lower() if view.writers[-1] == self.me else last
            lines.append(f"{self.name(view.challenger)} challenge{'' if view.challenger == self.me else 's'} "
                         f"{last} to name a word.")
            if self.challenged_me(view):
                lines.append("Type the word you had in mind and press Enter, or give up.")
        elif view.losses:
            loss = view.losses[-1]
            how = {"completed": f"completed {loss.word.upper()}",
                   "could not name a word": f"could not name a word for {loss.letters.upper()}",
                   "challenged wrongly": f"challenged wrongly: the word was {loss.word.upper()}"}[loss.how]
            lines.append(f"{self.name(loss.seat)} {how} and lost a life.")
        if isinstance(mover, int) and view.challenger is None:
            if not view.letters:
                lines.append("Your turn: begin a new word." if mover == self.me and self.table.human_to_move
                              else f"{self.name(mover)} begins a new word.")
            elif mover == self.me and self.table.human_to_move:
                lines.append("Your turn: add a letter, or challenge.")
            else:
                lines.append(f"{self.name(mover)} to add a letter or challenge.")
        self.news.set_lines(lines, max(12, min(17, int(self.tile * 0.34))))
        w = self.news.boundingRect().width()
        self.news.setPos(QPointF(self.width / 2 - w / 2, self.height * 0.30 - self.tile * 1.6))

    # -- input -----------------------------------------------------------------------------------
    def choices(self) -> list[Any]:
        return [t.letter for t in self.alphabet] + [b.action for b in self.buttons]

    def tile_at(self, pos: QPointF) -> LetterTile | None:
        for t in self.alphabet:
            if t.mapRectToScene(t.tile_rect()).contains(pos):
                return t
        return None

    def press(self, scene_pos: QPointF) -> None:
        for b in self.buttons:
            if b.sceneBoundingRect().contains(scene_pos):
                self.activate(b.action)
                return
        t = self.tile_at(scene_pos)
        if t is not None:
            self.activate(t.letter)

    def activate(self, choice: Any) -> None:
        """A letter of the alphabet, or a button, chosen by mouse or keyboard."""
        view = self.view()
        if isinstance(choice, str) and len(choice) == 1:
            if self.challenged_me(view):
                self.word = (self.word or "") + choice
                self.table.sync(animate=False)
            else:
                self.table.play(Letter(choice))
        elif choice == "backspace":
            self.word = self.word[:-1]
            self.table.sync(animate=False)
        elif choice == "name":
            word = self.word or ""
            if not word:
                self.table.say("Spell the word first: type its letters, or click them.", "")
                return
            if self.table.play(Name(word)):
                self.word = ""
        elif choice is not None:
            self.table.play(choice)

    def type_key(self, key: str) -> bool:
        if not self.table.human_to_move:
            return False
        if key == "backspace":
            self.activate("backspace")
            return True
        self.activate(key)
        return True

    def key(self, name: str) -> bool:
        options = self.choices()
        if name in ("left", "right", "up", "down"):
            step = {"left": -1, "right": 1, "up": -13, "down": 13}[name]
            self.focus = (self.focus + step) % len(options)
            self.show_keyboard_state()
            return True
        if name == "enter":
            view = self.view()
            if self.challenged_me(view) and self.word:
                self.activate("name")
            else:
                self.activate(options[self.focus % len(options)])
            return True
        if name == "space" and Challenge() in self.table.legal():
            self.table.play(Challenge())
            return True
        if name == "escape":
            self.word = ""
            self.table.sync(animate=False)
            return True
        return False

    def show_keyboard_state(self) -> None:
        options = self.choices()
        focus = self.focus % len(options) if self.table.human_to_move else -1
        hint_letter = self._hint.letter if isinstance(self._hint, Letter) else None
        for k, t in enumerate(self.alphabet):
            t.set_state(focused=k == focus, hinted=t.letter == hint_letter)
        for k, b in enumerate(self.buttons):
            b.set_focused(len(self.alphabet) + k == focus or (self._hint is not None and b.action == self._hint))

    def show_hint(self, action: Any) -> None:
        self._hint = action
        if isinstance(action, Name):
            self.table.say(f"You might name {action.word.upper()}.", "")
        self.show_keyboard_state()

    def clear_hint(self) -> None:
        self._hint = None
        self.show_keyboard_state()

    def status_parts(self) -> list[str]:
        view = self.view()
        parts = [f"Word {view.rounds}"]
        if view.letters:
            parts.append(view.letters.upper())
        return parts

    def end_texts(self, outcome: Outcome) -> tuple[str, str]:
        won = outcome.results[self.me] > 0 if self.me < len(outcome.results) else False
        title = "You are the last one in!" if won else "You are a ghost" if self.view().lives[self.me] == 0 \
            else "The game is over"
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + "."


# == Tit-Tat-Toe ========================================================================================
CHALK = QColor(236, 234, 222)
SEAT_CHALK = (QColor(250, 250, 245), QColor(255, 214, 102), QColor(255, 160, 170), QColor(150, 205, 255),
              QColor(160, 230, 160), QColor(255, 180, 110))


class SlateItem(QGraphicsItem):
    """The slate in its frame with the figure in chalk, the struck divisions crossed and every
    pencil mark; redrawn when the state changes (a handful of shapes)."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, 400, 400)
        self.scale = 0.15            # pixels per thousandth of the radius
        self.state: TTTState | None = None
        self.lit: int | None = None  # the division under the mouse or the keyboard's focus
        self.hinted: int | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_geometry(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.rect = rect
        self.scale = (rect.width() * 0.5 - rect.width() * 0.075) / SLATE_R
        self.update()

    def centre(self) -> QPointF:
        return self.rect.center()

    def to_scene(self, x: float, y: float) -> QPointF:
        c = self.centre()
        return QPointF(c.x() + x * self.scale, c.y() - y * self.scale)

    def to_figure(self, p: QPointF) -> tuple[int, int]:
        c = self.centre()
        return round((p.x() - c.x()) / self.scale), round((c.y() - p.y()) / self.scale)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-6, -6, 6, 6)

    def division_path(self, index: int) -> QPainterPath:
        d = FIGURE[index]
        c = self.centre()
        path = QPainterPath()
        if d.ring == "crown":
            r = CROWN_R * self.scale
            path.addEllipse(c, r, r)
            return path
        r0, r1 = (CROWN_R, INNER_R) if d.ring == "inner" else (INNER_R, RADIUS)
        r0, r1 = r0 * self.scale, r1 * self.scale
        qt_start = 90.0 - d.start            # Qt: degrees anticlockwise from three o'clock
        outer = QRectF(c.x() - r1, c.y() - r1, 2 * r1, 2 * r1)
        inner = QRectF(c.x() - r0, c.y() - r0, 2 * r0, 2 * r0)
        path.arcMoveTo(outer, qt_start)
        path.arcTo(outer, qt_start, -d.span)
        path.arcTo(inner, qt_start - d.span, d.span)
        path.closeSubpath()
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # The view skips saving the painter's state (DontSavePainterState): leave it as found.
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.rect
        frame = r.width() * 0.045
        wood = QLinearGradient(r.topLeft(), r.bottomRight())
        wood.setColorAt(0, QColor(150, 102, 58))
        wood.setColorAt(0.5, QColor(122, 80, 44))
        wood.setColorAt(1, QColor(96, 62, 34))
        painter.setPen(QPen(QColor(60, 38, 20), 1.5))
        painter.setBrush(QBrush(wood))
        painter.drawRoundedRect(r, frame * 0.8, frame * 0.8)
        inner = r.adjusted(frame, frame, -frame, -frame)
        slate = QRadialGradient(inner.center(), inner.width() * 0.7)
        slate.setColorAt(0, QColor(62, 70, 74))
        slate.setColorAt(1, QColor(42, 48, 52))
        painter.setBrush(QBrush(slate))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRect(inner)
        state = self.state
        if state is None:
            return
        # divisions: the lit one glows, struck ones are dimmed
        for d in FIGURE:
            path = self.division_path(d.index)
            if state.struck[d.index]:
                painter.fillPath(path, QColor(20, 24, 26, 90))
            if self.lit == d.index:
                painter.fillPath(path, QColor(255, 214, 102, 70))
            if self.hinted == d.index:
                painter.fillPath(path, QColor(140, 220, 255, 70))
        pen = QPen(CHALK, max(1.6, LINE_PX(self.scale)))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        c = self.centre()
        for radius in (CROWN_R, INNER_R, RADIUS):
            painter.drawEllipse(c, radius * self.scale, radius * self.scale)
        for k in range(12):
            a = math.radians(k * 30)
            start = CROWN_R if k % 2 == 0 else INNER_R
            painter.drawLine(self.to_scene(start * math.sin(a), start * math.cos(a)),
                             self.to_scene(RADIUS * math.sin(a), RADIUS * math.cos(a)))
        # the numbers, and a stroke through each struck one
        for d in FIGURE:
            cx, cy = d.centre
            p = self.to_scene(cx, cy)
            size = (105 if d.ring == "outer" else 120) * self.scale
            box = QRectF(p.x() - size, p.y() - size * 0.6, 2 * size, 1.2 * size)
            painter.setFont(serif(size * 0.8, bold=d.ring == "crown"))
            painter.setPen(QColor(CHALK.red(), CHALK.green(), CHALK.blue(), 110 if state.struck[d.index] else 235))
            painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), str(d.value))
            if state.struck[d.index]:
                strike = QPen(CHALK, max(2.0, 14 * self.scale))
                strike.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(strike)
                painter.drawLine(QPointF(box.left() + size * 0.3, box.bottom() - size * 0.1),
                                 QPointF(box.right() - size * 0.3, box.top() + size * 0.1))
        # the pencil marks, coloured by player; the last one ringed
        for k, m in enumerate(state.marks):
            p = self.to_scene(m.x, m.y)
            colour = SEAT_CHALK[m.seat % len(SEAT_CHALK)]
            painter.setPen(QPen(QColor(0, 0, 0, 120), 1))
            painter.setBrush(colour)
            dot = max(2.5, 16 * self.scale)
            painter.drawEllipse(p, dot, dot)
            if k == len(state.marks) - 1:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(HIGHLIGHT, 2))
                painter.drawEllipse(p, dot * 2.6, dot * 2.6)


def LINE_PX(scale: float) -> float:
    """A pencil line's drawn width: the width the rules give it, never thinner than a hair."""
    from ...games.parlour.tit_tat_toe import LINE
    return 2 * LINE * scale


class PencilItem(QGraphicsItem):
    """The pencil, drawn from its point, which is at the item's origin."""

    def __init__(self) -> None:
        super().__init__()
        self.length = 90.0
        self.setZValue(500)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def boundingRect(self) -> QRectF:
        return QRectF(-4, -self.length - 4, self.length * 0.6 + 8, self.length + 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # The view skips saving the painter's state (DontSavePainterState): leave it as found.
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.rotate(30)
        w = self.length * 0.07
        body = QPainterPath()
        body.moveTo(0, 0)
        body.lineTo(-w, -w * 3)
        body.lineTo(-w, -self.length)
        body.lineTo(w, -self.length)
        body.lineTo(w, -w * 3)
        body.closeSubpath()
        painter.setPen(QPen(QColor(60, 40, 20), 1))
        painter.setBrush(QColor(214, 170, 60))
        painter.drawPath(body)
        painter.setBrush(QColor(230, 205, 170))
        tip = QPainterPath()
        tip.moveTo(0, 0)
        tip.lineTo(-w, -w * 3)
        tip.lineTo(w, -w * 3)
        tip.closeSubpath()
        painter.drawPath(tip)
        painter.setBrush(QColor(60, 60, 60))
        painter.drawEllipse(QPointF(0, -w * 0.6), w * 0.35, w * 0.6)


class TitTatToeController(TableController):
    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.slate = SlateItem()
        self.pencil = PencilItem()
        self.columns: dict[int, TextPanel] = {}
        self.rhyme = TextPanel(size=15, bold_first=False)
        self.button: CallButton | None = None
        self.width = self.height = 0.0
        self.wide = True
        self.side_area = QRectF()
        self.focus = 0
        self._marks_seen = 0
        self._anim: QVariantAnimation | None = None

    def view(self) -> TTTState:
        return self.table.current_view()

    def build(self) -> None:
        scene = self.table.scene()
        for item in (self.slate, self.pencil, self.rhyme):
            scene.addItem(item)

    def teardown(self) -> None:
        scene = self.table.scene()
        if self._anim is not None:
            self._anim.stop()
        for item in [self.slate, self.pencil, self.rhyme, *self.columns.values()] + \
                ([self.button] if self.button else []):
            if item.scene() is scene:
                scene.removeItem(item)
        self.columns.clear()

    def fit(self, width: float, height: float) -> None:
        """The slate beside the score columns on a wide table, above them on a narrow one."""
        self.width, self.height = width, height
        self.wide = width > height * 1.3
        if self.wide:
            side = min(height - 24, width * 0.62)
            self.slate.set_geometry(QRectF(16, (height - side) / 2, side, side))
            self.side_area = QRectF(side + 40, 16, width - side - 56, height - 32)
        else:
            side = min(width - 32, height * 0.6)
            self.slate.set_geometry(QRectF((width - side) / 2, 12, side, side))
            self.side_area = QRectF(16, side + 24, width - 32, height - side - 36)

    def sync(self, animate: bool) -> None:
        view = self.view()
        self.slate.state = view
        self.slate.update()
        scene = self.table.scene()
        size = max(11, min(16, int(self.height / 46)))
        area = self.side_area
        col_w = area.width() / max(1, view.n)
        # the numbers go under each name as the book has it; a narrow table shows the latest
        line_h = QFontMetricsF(serif(size)).height()
        free = area.height() - (5 * line_h + 56) - 56     # the rhyme's panel and the button below
        room = max(1, min(14, int(free / line_h) - 4))
        for seat in range(view.n):
            panel = self.columns.get(seat)
            if panel is None:
                panel = TextPanel(size=size)
                scene.addItem(panel)
                self.columns[seat] = panel
            numbers = [str(m.value) for m in view.marks if m.seat == seat and m.result == "scored"]
            shown = numbers[-room:]
            if len(numbers) > room >= 2:
                shown = ["…"] + numbers[-(room - 1):]
            lines = [self.name(seat), "─" * 5] + shown + ["─" * 5, f"{view.scores[seat]}"]
            panel.set_lines(lines, size)
            panel.set_lit(self.game.to_move(view) == seat)
            w = panel.boundingRect().width()
            panel.setPos(QPointF(area.left() + col_w * seat + max(0.0, (col_w - w) / 2), area.top()))
        for seat in [s for s in self.columns if s >= view.n]:
            scene.removeItem(self.columns.pop(seat))
        self._sync_rhyme(view, size)
        self._sync_button(view, size)
        if len(view.marks) > self._marks_seen and animate and self.table.animations_on:
            self._drop_pencil(view.marks[-1])
        elif len(view.marks) != self._marks_seen:
            self.pencil.hide()
        self._marks_seen = len(view.marks)

    def _sync_rhyme(self, view: TTTState, size: int) -> None:
        lines = [f"“{RHYME_OPENING} …", f"… {RHYME_CLOSING}”"]
        if view.marks:
            m = view.marks[-1]
            what = {"scored": f"rests in the {m.value}: {self.name(m.seat)} score{'' if m.seat == self.me else 's'} "
                              f"{m.value}",
                    "struck": f"rests in the {m.value}, struck out already: nothing",
                    "line": "rests on a line: nothing", "outside": "is outside the circle: nothing"}[m.result]
            lines.append(f"The pencil {what}.")
        area = self.side_area
        wrapped = [part for line in lines for part in wrap(line, size, area.width() - 24)]
        self.rhyme.set_lines(wrapped, size)
        self.rhyme.setPos(QPointF(area.left(), area.bottom() - self.rhyme.boundingRect().height() - 48))

    def _sync_button(self, view: TTTState, size: int) -> None:
        legal = self.table.legal()
        want = PencilDown() in legal
        if want and self.button is None:
            self.button = CallButton(PencilDown(), "Eyes shut: say the rhyme", size)
            self.table.scene().addItem(self.button)
        elif not want and self.button is not None:
            self.table.scene().removeItem(self.button)
            self.button = None
        if self.button is not None:
            self.button.setPos(QPointF(self.side_area.left(), self.side_area.bottom() - 38))
            self.button.set_focused(True)

    def _drop_pencil(self, mark: Any) -> None:
        """The pencil circles over the slate and comes down on the mark."""
        if self._anim is not None:
            self._anim.stop()
        end = self.slate.to_scene(mark.x, mark.y)
        centre = self.slate.centre()
        radius = self.slate.scale * 700
        self.pencil.length = self.slate.rect.width() * 0.16
        self.pencil.show()
        anim = QVariantAnimation()
        anim.setDuration(900)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)

        def step(t: float) -> None:
            if t < 0.75:   # round and round while the rhyme is said
                a = t / 0.75 * 4 * math.pi
                self.pencil.setPos(QPointF(centre.x() + radius * math.cos(a), centre.y() + radius * 0.8 * math.sin(a)))
            else:          # and down on "crown"
                u = (t - 0.75) / 0.25
                start = QPointF(centre.x() + radius, centre.y())
                self.pencil.setPos(start + (end - start) * u)
        anim.valueChanged.connect(step)
        self._anim = anim
        anim.start()

    # -- input ----------------------------------------------------------------------------------------
    def aims(self) -> list[Aim]:
        return [a for a in self.table.legal() if isinstance(a, Aim)]

    def press(self, scene_pos: QPointF) -> None:
        if self.button is not None and self.button.sceneBoundingRect().contains(scene_pos):
            self.table.play(PencilDown())
            return
        if not self.slate.rect.contains(scene_pos):
            return
        if PencilDown() in self.table.legal():
            self.table.play(PencilDown())
            return
        x, y = self.slate.to_figure(scene_pos)
        _where, division = locate(x, y)
        if division is None:
            self.table.say("Click inside a division to aim at it.", "")
            return
        self.table.play(Aim(division.value))

    def move(self, scene_pos: QPointF) -> None:
        lit = None
        if self.aims() and self.slate.rect.contains(scene_pos):
            _, division = locate(*self.slate.to_figure(scene_pos))
            lit = None if division is None else division.index
        if lit != self.slate.lit:
            self.slate.lit = lit
            self.slate.update()

    def key(self, name: str) -> bool:
        if name in ("enter", "space") and PencilDown() in self.table.legal():
            self.table.play(PencilDown())
            return True
        aims = self.aims()
        if not aims:
            return False
        if name in ("left", "right", "up", "down"):
            self.focus = (self.focus + (1 if name in ("right", "down") else -1)) % len(FIGURE)
            self.slate.lit = self.focus
            self.slate.update()
            return True
        if name == "enter":
            self.table.play(Aim(FIGURE[self.focus % len(FIGURE)].value))
            return True
        return False

    def show_hint(self, action: Any) -> None:
        if isinstance(action, Aim):
            self.slate.hinted = next(d.index for d in FIGURE if d.value == action.value)
            self.slate.update()

    def clear_hint(self) -> None:
        self.slate.hinted = None
        self.slate.update()

    def status_parts(self) -> list[str]:
        view = self.view()
        left = sum(1 for s in view.struck if not s)
        return [f"{left} division{'s' if left != 1 else ''} left"]


# == Pope Joan ==========================================================================================
COUNTER_FACE = QColor(232, 222, 196)
COUNTER_RIM = QColor(150, 120, 70)
BOARD_TONES = (QColor(118, 38, 30), QColor(96, 28, 24))


def paint_counters(painter: QPainter, centre: QPointF, count: int, size: float, label: bool = True,
                   below: bool = False) -> None:
    """Round bone counters in a low heap (up to ten drawn, in two staggered layers) with their
    number beside them; ``size`` is a counter's width."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    shown = min(max(count, 0), 10)
    spots = [(-0.55, 0.12), (0.0, 0.18), (0.55, 0.12), (-0.28, -0.05), (0.28, -0.05),
             (-0.55, -0.2), (0.0, -0.12), (0.55, -0.2), (-0.28, -0.35), (0.28, -0.35)]
    for k in range(shown):
        dx, dy = spots[k]
        p = QPointF(centre.x() + dx * size, centre.y() + dy * size)
        painter.setPen(QPen(COUNTER_RIM, 1))
        painter.setBrush(COUNTER_FACE.darker(118))
        painter.drawEllipse(QPointF(p.x(), p.y() + size * 0.09), size * 0.5, size * 0.3)
        painter.setBrush(COUNTER_FACE)
        painter.drawEllipse(p, size * 0.5, size * 0.3)
        painter.setPen(QPen(COUNTER_RIM.lighter(130), 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(p, size * 0.3, size * 0.17)
    if label:
        painter.setFont(serif(size * 0.7, bold=True))
        painter.setPen(INK if count >= 0 else QColor(255, 150, 140))
        if below:
            painter.drawText(QRectF(centre.x() - size * 1.5, centre.y() + size * 0.35, size * 3, size),
                             int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), str(count))
        else:
            painter.drawText(QRectF(centre.x() + size * 1.1, centre.y() - size * 0.5, size * 2.6, size),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), str(count))


class BoardItem(QGraphicsItem):
    """The Pope Joan board: a round tray of eight compartments round a brass boss, each with its
    name and its counters."""

    def __init__(self) -> None:
        super().__init__()
        self.radius = 150.0
        self.board: tuple[int, ...] = (0,) * 8
        self.lit = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(1)

    def set_radius(self, r: float) -> None:
        self.prepareGeometryChange()
        self.radius = r

    def boundingRect(self) -> QRectF:
        r = self.radius + 6
        return QRectF(-r, -r, 2 * r, 2 * r)

    def compartment_centre(self, k: int) -> QPointF:
        """The middle of compartment ``k`` (item coordinates): clockwise from the top."""
        a = math.radians(k * 45.0 + 22.5)
        r = self.radius * 0.55
        return QPointF(r * math.sin(a), -r * math.cos(a))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # The view skips saving the painter's state (DontSavePainterState): leave it as found.
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        R = self.radius
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 80))
        painter.drawEllipse(QPointF(3, 5), R, R)
        rim = QRadialGradient(QPointF(-R * 0.3, -R * 0.3), R * 1.6)
        rim.setColorAt(0, QColor(226, 190, 110))
        rim.setColorAt(1, QColor(140, 100, 40))
        painter.setBrush(QBrush(rim))
        painter.drawEllipse(QPointF(0, 0), R, R)
        inner = R * 0.93
        box = QRectF(-inner, -inner, 2 * inner, 2 * inner)
        for k in range(8):
            path = QPainterPath()
            path.moveTo(0, 0)
            path.arcTo(box, 90.0 - k * 45.0, -45.0)
            path.closeSubpath()
            painter.setBrush(BOARD_TONES[k % 2])
            painter.setPen(QPen(QColor(212, 175, 55), 1.6))
            painter.drawPath(path)
        boss = R * 0.2
        painter.setBrush(QBrush(rim))
        painter.drawEllipse(QPointF(0, 0), boss, boss)
        if self.lit:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(HIGHLIGHT, 4))
            painter.drawEllipse(QPointF(0, 0), R + 2, R + 2)
        for k, name in enumerate(COMPARTMENTS):
            c = self.compartment_centre(k)
            a = math.radians(k * 45.0 + 22.5)
            label_r = R * 0.84
            lp = QPointF(label_r * math.sin(a), -label_r * math.cos(a))
            painter.setFont(serif(R * (0.085 if len(name) < 8 else 0.07), bold=True))
            painter.setPen(QColor(245, 225, 160))
            painter.drawText(QRectF(lp.x() - R * 0.35, lp.y() - R * 0.06, R * 0.7, R * 0.12),
                             int(Qt.AlignmentFlag.AlignCenter), name.upper() if k else "POPE ♦9")
            paint_counters(painter, QPointF(c.x(), c.y() - R * 0.05), self.board[k], R * 0.13, below=True)


class ChipItem(QGraphicsItem):
    """One counter in flight."""

    def __init__(self, size: float) -> None:
        super().__init__()
        self.size = size
        self.setZValue(60_000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        s = self.size
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # The view skips saving the painter's state (DontSavePainterState): leave it as found.
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        paint_counters(painter, QPointF(0, 0), 1, self.size, label=False)


class StockItem(QGraphicsItem):
    """A player's stock of counters beside his name."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.size = 16.0
        self.lit = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(30)

    def set_count(self, count: int, size: float, lit: bool = False) -> None:
        self.prepareGeometryChange()
        self.count, self.size, self.lit = count, size, lit
        self.update()

    def boundingRect(self) -> QRectF:
        s = self.size
        return QRectF(-s * 1.2, -s, s * 5.2, s * 2.0)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # The view skips saving the painter's state (DontSavePainterState): leave it as found.
        painter.save()
        try:
            self._paint(painter)
        finally:
            painter.restore()

    def _paint(self, painter: QPainter) -> None:
        if self.lit:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(HIGHLIGHT, 2.5, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.boundingRect().adjusted(2, 2, -2, -2), 6, 6)
        paint_counters(painter, QPointF(0, 0), self.count, self.size)


class PopeJoanController(TableController):
    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.board = BoardItem()
        self.layer = CardLayer(table)
        self.names: dict[int, TextPanel] = {}
        self.stocks: dict[int, StockItem] = {}
        self.info = TextPanel(size=13)
        self.news = TextPanel(size=13, bold_first=False)
        self.button: CallButton | None = None
        self.width = self.height = 0.0
        self.unit = 70.0
        self.small = 44.0
        self.centre = QPointF()
        self.places: dict[int, QPointF] = {}
        self.focus = 0
        self._hint: Any = None
        self._hand_pos: dict[int, QPointF] = {}
        self._payments_seen = 0
        self._anim: QParallelAnimationGroup | None = None
        self._chips: list[ChipItem] = []
        self.drag: tuple[str, int, QPointF, QPointF] | None = None   # kind, card id, press, origin

    def view(self) -> PJView:
        return self.table.current_view()

    @property
    def cards(self) -> dict[int, CardItem]:
        return self.layer.cards

    # -- structure ---------------------------------------------------------------------------------
    def build(self) -> None:
        scene = self.table.scene()
        for item in (self.board, self.info, self.news):
            scene.addItem(item)
        self._payments_seen = len(self.view().payments)

    def teardown(self) -> None:
        scene = self.table.scene()
        if self._anim is not None:
            self._anim.stop()
        self.layer.teardown()
        items = [self.board, self.info, self.news, *self.names.values(),
                 *self.stocks.values(), *self._chips] + ([self.button] if self.button else [])
        for item in items:
            if item.scene() is scene:
                scene.removeItem(item)
        self.names.clear()
        self.stocks.clear()
        self._chips.clear()

    def fit(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.unit = max(40.0, min(width / 11.0, height / 8.0))
        self.small = self.unit * 0.68   # the others' hands: 56 px at 1366x768, the layout rule's floor
        self.centre = QPointF(width * 0.5, height * 0.44)
        self.board.set_radius(max(70.0, min(width * 0.2, height * 0.19)))
        self.board.setPos(self.centre)

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QBrush(baize_tile()))

    # -- places -----------------------------------------------------------------------------------
    def seat_anchor(self, seat: int, n: int) -> QPointF:
        """Where a player's cards lie: you at the bottom, the others round the board from your
        left to your right (the order of play)."""
        k = (seat - self.me) % n
        if k == 0:
            return QPointF(self.width * 0.5, self.height - self.unit * aspect * 0.5 - 10)
        theta = math.radians(90.0 if n == 2 else 180.0 - 180.0 * (k - 1) / (n - 2))
        rx = self.width * 0.5 - self.small * 1.9
        ry = self.centre.y() - self.small * aspect * 0.5 - 44
        return QPointF(self.centre.x() + rx * math.cos(theta), self.centre.y() - ry * math.sin(theta))

    def stock_point(self, seat: int, n: int) -> QPointF:
        """Where a player's counters stand: beside his name."""
        panel = self.names.get(seat)
        if panel is not None:
            r = panel.sceneBoundingRect()
            return QPointF(r.right() + self.counter_size() * 1.0, r.center().y() + 2)
        a = self.seat_anchor(seat, n)
        return QPointF(a.x(), a.y() + self.small)

    def counter_size(self) -> float:
        return self.board.radius * 0.13

    def compartment_point(self, k: int) -> QPointF:
        return self.board.mapToScene(self.board.compartment_centre(k))

    # -- drawing ------------------------------------------------------------------------------------
    def sync(self, animate: bool) -> None:
        view = self.view()
        n = view.n
        self.board.board = view.board
        self.board.update()
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        for chip in self._chips:
            self.table.scene().removeItem(chip)
        self._chips = []
        self.layer.place(self.positions(view), animate)
        group = QParallelAnimationGroup(self.table)
        moving = animate and self.table.animations_on
        if moving:
            self._fly_counters(view, group)
        self._payments_seen = len(view.payments)
        if group.animationCount():
            self._anim = group
            group.start()
        self._sync_panels(view, n)
        self._sync_button(view)
        self.show_keyboard_state()

    def _fly_counters(self, view: PJView, group: QParallelAnimationGroup) -> None:
        """Counters slide for the payments made since the last look (a few per payment)."""
        new = view.payments[self._payments_seen:] if len(view.payments) >= self._payments_seen else ()
        size = self.board.radius * 0.14
        for k, p in enumerate(new[-12:]):
            if not p.amount:
                continue
            src = self.stock_point(p.payer, view.n) if p.payer is not None else \
                self.compartment_point(p.compartment or 0)
            dst = self.stock_point(p.payee, view.n) if p.payee is not None else \
                self.compartment_point(p.compartment or 0)
            for j in range(min(p.amount, 3)):
                chip = ChipItem(size)
                self.table.scene().addItem(chip)
                chip.setPos(src)
                self._chips.append(chip)
                anim = flight(chip, src, dst, 320 + 60 * j + 40 * k)
                anim.finished.connect(chip.hide)
                group.addAnimation(anim)

    def positions(self, view: PJView) -> dict[int, tuple[QPointF, float, Any, float]]:
        out: dict[int, tuple[QPointF, float, Any, float]] = {}
        if not view.hands:
            return out
        n = view.n
        u, s = self.unit, self.small
        legal_cards = {a.card for a in self.table.legal() if isinstance(a, Lead)}
        self._hand_pos = {}
        # your hand
        mine = list(view.hands[self.me]) if self.me < len(view.hands) else []
        a = self.seat_anchor(self.me, n)
        span = min(self.width * 0.62, u * 0.5 * max(0, len(mine) - 1) + u)
        step = (span - u) / max(1, len(mine) - 1) if len(mine) > 1 else 0
        x0 = a.x() - span / 2
        for k, vc in enumerate(mine):
            lift = 0.18 * u if vc.face in legal_cards else 0.0
            pos = QPointF(x0 + k * step, a.y() - u * aspect / 2 - lift)
            out[vc.id] = (pos, 100 + k, vc.face, u)
            self._hand_pos[vc.id] = pos
        # the others, face down
        for seat in range(n):
            if seat == self.me:
                continue
            ids = [vc.id for vc in view.hands[seat]]
            b = self.seat_anchor(seat, n)
            fan = s * 0.2
            total = s + fan * max(0, len(ids) - 1)
            left = min(max(8.0, b.x() - total / 2), self.width - total - 8)
            for k, i in enumerate(ids):
                out[i] = (QPointF(left + k * fan, b.y() - s * aspect / 2), 50 + k, None, s)
        # the turn-up and the dead hand, left of the board
        R = self.board.radius
        low = self.centre.y() + R * 0.55        # below the board's waist, clear of the side seats
        spot = QPointF(self.centre.x() - R * 1.05 - s * 1.9, low)
        if view.turnup is not None:
            out[view.turnup.id] = (spot + QPointF(s * 1.2, 0), 20, view.turnup.face, s)
        for k, vc in enumerate(view.dead):
            out[vc.id] = (spot + QPointF(-k * 0.6, -k * 0.6), 10 + k, None, s)
        # the runs: earlier ones squared right of the board, the latest fanned below it
        runs = view.runs
        pile = QPointF(self.centre.x() + R * 1.05 + s * 0.2, low)
        z = 200
        for run in runs[:-1]:
            for seat, vc in run:
                out[vc.id] = (pile + QPointF((z - 200) * 0.35, -(z - 200) * 0.2), z, vc.face, s)
                z += 1
        if runs:
            last = runs[-1]
            w = u * 0.78
            fan = w * 0.45
            total = w + fan * (len(last) - 1)
            y = self.centre.y() + R + 10
            x = self.centre.x() - total / 2
            for k, (seat, vc) in enumerate(last):
                out[vc.id] = (QPointF(x + k * fan, y), 1000 + k, vc.face, w)
        return out

    def _sync_panels(self, view: PJView, n: int) -> None:
        scene = self.table.scene()
        size = max(11, min(15, int(self.unit * 0.2)))
        mover = self.game.to_move(view)
        for seat in range(n):
            panel = self.names.get(seat)
            stock = self.stocks.get(seat)
            if panel is None:
                panel = TextPanel(size=size)
                stock = StockItem()
                scene.addItem(panel)
                scene.addItem(stock)
                self.names[seat] = panel
                self.stocks[seat] = stock
            assert stock is not None
            lines = [self.name(seat) + ("  · dealer" if seat == view.dealer else "")]
            held = len(view.hands[seat]) if view.hands else 0
            if held:
                lines.append(f"{held} card{'s' if held != 1 else ''}")
            panel.set_lines(lines, size)
            panel.set_lit(mover == seat)
            a = self.seat_anchor(seat, n)
            pw = panel.boundingRect().width()
            if seat == self.me:
                panel.setPos(QPointF(10, a.y() - self.unit * aspect * 0.5 - panel.boundingRect().height() - 14))
            else:
                x = min(max(6.0, a.x() - pw / 2 - self.counter_size()), self.width - pw - self.counter_size() * 4)
                panel.setPos(QPointF(x, a.y() + self.small * aspect / 2 + 4))
            dress = isinstance(mover, int) and mover == seat == self.me and view.phase == "dress"
            stock.set_count(view.stocks[seat], self.counter_size(), lit=dress and self.table.human_to_move)
            stock.setPos(self.stock_point(seat, n))
        for seat in [s for s in self.names if s >= n]:
            scene.removeItem(self.names.pop(seat))
            scene.removeItem(self.stocks.pop(seat))
        info = [f"Deal {view.deal_no} of {view.n * view.rounds}"]
        if view.trump is not None:
            info.append(f"Trumps {view.trump.symbol} {view.trump.title}")
        if view.dealer is not None:
            info.append(f"Dealer: {self.name(view.dealer)}")
        self.info.set_lines(info, size)
        self.info.setPos(QPointF(10, 10))
        news = [part for line in self._news(view) for part in wrap(line, size, self.width * 0.34)]
        self.news.set_lines(news, size)
        self.news.setVisible(bool(news))
        self.news.setPos(QPointF(self.width - self.news.boundingRect().width() - 10, 10))

    def _news(self, view: PJView) -> list[str]:
        lines: list[str] = []
        if view.result:
            lines.append(view.result + ".")
        recent = [p for p in view.payments if p.deal >= view.deal_no - 1 and p.amount and p.payer is None][-4:]
        for p in recent[-2:]:
            lines.append(p.text)
        if view.phase == "dress" and view.dealer == self.me and self.table.human_to_move:
            lines.append("You deal: dress the board with 15 counters.")
        return lines

    def _sync_button(self, view: PJView) -> None:
        want = Dress() in self.table.legal()
        if want and self.button is None:
            self.button = CallButton(Dress(), "Dress the board (15 counters)", max(12, min(16, int(self.unit * 0.2))))
            self.table.scene().addItem(self.button)
        elif not want and self.button is not None:
            self.table.scene().removeItem(self.button)
            self.button = None
        if self.button is not None:
            w = self.button.boundingRect().width()
            self.button.setPos(QPointF(self.centre.x() - w / 2, self.centre.y() + self.board.radius + 18))
            self.button.set_focused(True)
        self.board.lit = want
        self.board.update()

    # -- input ----------------------------------------------------------------------------------------
    def card_at(self, pos: QPointF) -> int | None:
        return self.layer.card_at(pos, among=self._hand_pos)

    def _on_board(self, pos: QPointF) -> bool:
        d = pos - self.centre
        return math.hypot(d.x(), d.y()) <= self.board.radius * 1.15

    def press(self, scene_pos: QPointF) -> None:
        if self.button is not None and self.button.sceneBoundingRect().contains(scene_pos):
            self.table.play(Dress())
            return
        stock = self.stocks.get(self.me)
        if stock is not None and Dress() in self.table.legal() and stock.sceneBoundingRect().contains(scene_pos):
            self.drag = ("stock", -1, scene_pos, stock.pos())
            return
        cid = self.card_at(scene_pos)
        if cid is not None:
            self.drag = ("card", cid, scene_pos, self.cards[cid].pos())
            self.cards[cid].setZValue(30_000)

    def move(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        kind, cid, start, origin = self.drag
        item = self.stocks[self.me] if kind == "stock" else self.cards[cid]
        item.setPos(origin + (scene_pos - start))

    def release(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        kind, cid, start, _origin = self.drag
        self.drag = None
        moved = (scene_pos - start).manhattanLength()
        if kind == "stock":
            if self._on_board(scene_pos):
                self.table.play(Dress())
            self.table.sync(animate=True)
            return
        seat_top = self.seat_anchor(self.me, self.view().n).y() - self.unit
        if moved < 6 or self._on_board(scene_pos) or scene_pos.y() < seat_top:
            self.lead(cid)
        else:
            self.table.sync(animate=True)

    def double_click(self, scene_pos: QPointF) -> None:
        cid = self.card_at(scene_pos)
        if cid is not None:
            self.lead(cid)

    def cancel_drag(self) -> None:
        self.drag = None

    def lead(self, cid: int) -> None:
        face = self.view().face(cid)
        if face is not None:
            self.table.play(Lead(face))
            self.table.sync(animate=True)

    def hand_ids(self) -> list[int]:
        return sorted(self._hand_pos, key=lambda i: self._hand_pos[i].x())

    def key(self, name: str) -> bool:
        if Dress() in self.table.legal():
            if name in ("enter", "space"):
                self.table.play(Dress())
                return True
            return False
        ids = self.hand_ids()
        if not ids:
            return False
        if name in ("left", "right"):
            self.focus = (self.focus + (1 if name == "right" else -1)) % len(ids)
            self.show_keyboard_state()
            return True
        if name == "enter":
            self.lead(ids[self.focus % len(ids)])
            return True
        return False

    def show_keyboard_state(self) -> None:
        ids = self.hand_ids() if self.table.human_to_move else []
        view = self.view()
        hint = self._hint.card if isinstance(self._hint, Lead) else None
        for k, cid in enumerate(self.hand_ids()):
            item = self.cards.get(cid)
            if item is None:
                continue
            focused = bool(ids) and ids[self.focus % len(ids)] == cid
            glow = HIGHLIGHT if focused else (HINT if hint is not None and view.face(cid) == hint else None)
            item.set_glow(glow)

    def show_hint(self, action: Any) -> None:
        self._hint = action
        self.show_keyboard_state()

    def clear_hint(self) -> None:
        self._hint = None
        self.show_keyboard_state()

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """A lead marks the card and the middle of the board; dressing the board, your stock
        and the board."""
        board = self.board.sceneBoundingRect()
        if isinstance(action, Lead):
            view = self.view()
            cid = next((c for c in self._hand_pos if view.face(c) == action.card), None)
            return (self.layer.rect_of([cid]) if cid is not None else None), board
        if isinstance(action, Dress):
            stock = self.stocks.get(self.me)
            return (stock.sceneBoundingRect() if stock is not None else None), board
        return None, None

    def prompt(self) -> str:
        if not self.table.human_to_move:
            return ""
        if Dress() in self.table.legal():
            return "Dress the board: drag your counters onto it, or press Enter"
        return "Lead a card: click it or drag it to the board"

    def status_parts(self) -> list[str]:
        view = self.view()
        parts = [f"Deal {view.deal_no}"]
        if view.trump is not None:
            parts.append(f"trumps {view.trump.symbol}")
        parts.append(f"your counters {view.stocks[self.me]}")
        return parts

    def end_texts(self, outcome: Outcome) -> tuple[str, str]:
        won = outcome.results[self.me] > 0 if self.me < len(outcome.results) else False
        title = "You win the sitting!" if won else "The sitting is over"
        scores = ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(outcome.scores))
        return title, outcome.reason[:1].upper() + outcome.reason[1:] + f".  Counters: {scores}."

    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        return [("New sitting (every stock back to the start)", None, self.new_sitting)]

    def new_sitting(self) -> None:
        session = self.table.session
        if session is None:
            return
        self.table.new_game(self.game.info.id, None, dict(session.options), human_seats=session.human_seats)

