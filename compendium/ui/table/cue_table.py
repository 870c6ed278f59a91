"""The cue table: the games of the cue seen from above, any set of balls and any number of seats.

The game says what is on the table through its state (``games/cue/game.py``: the balls' names
and places, whose turn, the striker's ball, whether it is in hand) and how to show it through the
``CueGame`` hooks (each ball's colour and number, the scoreboard's lines, where the aim first
points); this module knows no game's rules.

The table is drawn to the proportions of the period's English table (cue_items.py).  The balls
are where the game's view says; after a stroke they run along the path the simulation recorded
(``game.shot``: the same simulation that decided the stroke, so what is seen is what was scored),
played back at the display's rate by a timer that moves three items a frame.

Mouse: a ball in hand is dragged (or clicked) into the D; to strike, press on or near your ball
and drag back, away from where it is to go, as far as the strength wanted, and let go.  A click
elsewhere on the cloth turns the aim towards that point.  The ball under the panel is where the
cue will strike: click a point of it.  Keyboard: ←/→ turn the aim (F for fine turns), ↑/↓ the
strength, I/K follow and screw, J/L side, Escape the centre of the ball, Enter or Space strikes.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from typing import Any, Callable

from PySide6.QtCore import QElapsedTimer, QPointF, QRectF, QTimer
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter

from ...core.rules import rule_ref
from ...games.cue import table as T
from ...games.cue.physics import Stroke
from ...games.cue.strokes import Place, Strike
from .controller import TableController
from .cue_items import BallItem, GuideItem, PanelItem, PowerItem, TableGeometry, TipItem, font, paint_table, tip_words

GUIDE_M = 0.9          # the guide line: about three feet, what a player judges along his cue
PULL_M = 0.55          # dragging back this far (on the table's scale) is the hardest stroke
PLAYBACK = 1.6         # table seconds shown per second
LONGEST_S = 6.0        # a long run of the balls is played faster, to last at most this
FRAME_MS = 15
ROOM = QColor(46, 38, 32)


class CueController(TableController):
    # The playing surface's figures (LENGTH, WIDTH, BALL_RADIUS, BAULK_X, CENTRE_Y, in metres):
    # the billiard table's; a controller for another surface (the bagatelle board) gives its own,
    # with a geometry of the same methods as TableGeometry.
    surface: Any = T

    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.geo = TableGeometry()
        self.balls: dict[str, BallItem] = {}      # made as the game's balls are first shown
        self._built = False
        self.guide = GuideItem()
        self.tip = TipItem()
        self.power_bar = PowerItem()
        self.panel = PanelItem()
        self.panel_rect = QRectF()
        self._board = QRectF(0, 0, 200, 100)
        self._order: list[str] = []
        self.angle = 0           # hundredths of a degree
        self.power = 30
        self.height_step = 0
        self.side_step = 0
        self.fine = False
        self.place_mm: tuple[int, int] = (round(T.BAULK_X * 1000) - 120, round(T.CENTRE_Y * 1000))
        self.drag: str | None = None
        self._aim_for: Any = None          # the position the aim was last set for
        self._shown: Any = None            # the view the balls were last put to
        self._frames: tuple[Any, ...] = ()
        self._times: list[float] = []
        self._speed = PLAYBACK
        self._clock = QElapsedTimer()
        self._timer = QTimer()
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self._tick)
        self.frame_log: list[float] = []   # milliseconds between frames of the last animation (bench)
        self._last_tick = 0.0

    # -- structure ----------------------------------------------------------------------------
    def build(self) -> None:
        scene = self.table.scene()
        for item in (*self.balls.values(), self.guide, self.tip, self.power_bar, self.panel):
            scene.addItem(item)
        self._built = True

    def teardown(self) -> None:
        self._timer.stop()
        self._built = False
        scene = self.table.scene()
        for item in (*self.balls.values(), self.guide, self.tip, self.power_bar, self.panel):
            if item.scene() is scene:
                scene.removeItem(item)

    def fit(self, width: float, height: float) -> None:
        """The table as large as fits, with the panel (scores, the tip, the strength) below it,
        or beside it when the table is wide and low."""
        S, m = self.surface, self.geo.MARGIN
        below = self.geo.size_for(width - 16, height - 150)
        beside = self.geo.size_for(width - 250, height - 16)
        g = self.geo
        if below >= beside:
            g.scale = below
            outer_w = (S.LENGTH + 2 * m) * below
            outer_h = (S.WIDTH + 2 * m) * below
            left = (width - outer_w) / 2
            g.origin = QPointF(left + m * below, 8 + m * below)
            self.panel_rect = QRectF(left, 8 + outer_h + 8, outer_w, max(120.0, height - outer_h - 24))
        else:
            g.scale = beside
            outer_h = (S.WIDTH + 2 * m) * beside
            g.origin = QPointF(8 + m * beside, (height - outer_h) / 2 + m * beside)
            outer_w = (S.LENGTH + 2 * m) * beside
            self.panel_rect = QRectF(16 + outer_w, 8, max(200.0, width - outer_w - 24), height - 16)
        r = S.BALL_RADIUS * g.scale
        for item in self.balls.values():
            item.set_radius(r)
        p = self.panel_rect
        tip_r = min(34.0, max(18.0, p.height() * 0.26))
        if p.width() > p.height() * 2:            # the panel below: board, then tip and strength
            board = QRectF(p.left(), p.top(), p.width() * 0.58, p.height())
            self.tip.set_radius(tip_r)
            self.tip.setPos(QPointF(p.left() + p.width() * 0.68, p.top() + tip_r + 8))
            self.power_bar.set_rect(QRectF(p.left() + p.width() * 0.78, p.top() + p.height() * 0.45,
                                           p.width() * 0.2, 12))
        else:                                       # beside: board above, tip and strength below it
            board = QRectF(p.left(), p.top(), p.width(), p.height() * 0.55)
            self.tip.set_radius(tip_r)
            self.tip.setPos(QPointF(p.center().x(), board.bottom() + tip_r + 16))
            self.power_bar.set_rect(QRectF(p.left() + 12, board.bottom() + 2 * tip_r + 64, p.width() - 24, 12))
        self._board = board
        self._place_balls(self._shown or self.table.current_view())

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.fillRect(rect, QBrush(ROOM))       # the dark panelling of a billiard room
        paint_table(painter, self.geo)
        painter.restore()

    # -- keeping in step ----------------------------------------------------------------------
    def view(self) -> Any:
        return self.table.current_view()

    def sync(self, animate: bool) -> None:
        view = self.view()
        shown = self._shown
        session = self.table.session
        started = False
        if (animate and self.table.animations_on and shown is not None and session is not None
                and view.strokes == shown.strokes + 1 and session.steps
                and isinstance(session.steps[-1].action, Strike) and self.game.cue_position(shown) is not None):
            started = self._animate(shown, session.steps[-1].action)
        if not started and view is not shown:
            # another position (undo, redo, a new game, a resize): no stroke to show running
            self._timer.stop()
        self._shown = view
        if not self._timer.isActive():
            self._place_balls(view)
        self._sync_controls(view)

    def _place_balls(self, view: Any) -> None:
        names = set(view.names)
        for name, item in self.balls.items():
            if name not in names:
                item.hide()
        for name, pos in zip(view.names, view.balls):
            item = self._ball(name)
            if pos is None:
                item.hide()
                continue
            item.ghost = False
            item.setPos(self.geo.to_scene(*pos))
            item.show()
        striker = view.cue_ball()
        for name, item in self.balls.items():
            item.lit = name == striker and not self.game.is_terminal(view)
            item.update()
        if self._my_turn() and view.in_hand():
            ghost = self._ball(striker)
            ghost.ghost = True
            ghost.setPos(self.geo.to_scene(self.place_mm[0] / 1000, self.place_mm[1] / 1000))
            ghost.show()

    def _ball(self, name: str) -> BallItem:
        """The item of ball ``name``, made (in the game's colours) when first needed."""
        item = self.balls.get(name)
        if item is None:
            item = self.balls[name] = BallItem(name, self.game.ball_style(name))
            item.set_radius(self.surface.BALL_RADIUS * self.geo.scale)
            if self._built:
                self.table.scene().addItem(item)
        return item

    def _my_turn(self) -> bool:
        return bool(self.table.legal()) and not self._timer.isActive()

    def _sync_controls(self, view: Any) -> None:
        if self._aim_for is not view and not view.in_hand() and not self.game.is_terminal(view):
            self._aim_for = view
            me = self.game.cue_position(view)
            target = self.game.aim_target(view)
            if me is not None and target is not None:
                self.angle = round(math.degrees(math.atan2(target[1] - me[1], target[0] - me[0])) * 100) % 36000
        self.tip.set_tip(self.height_step, self.side_step)
        self.power_bar.set_power(self.power)
        self._update_guide()
        self._update_panel(view)

    def _update_panel(self, view: Any) -> None:
        seats = len(view.scores)
        me = self.table.viewer_seat
        lines: list[tuple[str, bool]] = []
        for seat in range(seats):
            who = self.game.seat_name(seat) + (" (you)" if seat == me and self.one_person() else "")
            arrow = "▶ " if seat == view.turn and not self.game.is_terminal(view) else "   "
            lines.append((f"{arrow}{who}: {self.game.score_text(view, seat)}", seat == view.turn))
        note = self.game.board_note(view)
        if note:
            lines.append((note, False))
        # the type as large as the board allows, smaller for many seats (each line and the two
        # of what was said must fit)
        size = max(11.0, min(15.0, self._board.height() / 7.5))
        size = max(8.0, min(size, self._board.height() / (1.45 * (len(lines) + 2) + 0.6)))
        # what was said, wrapped to the panel's own width (its two lines, not one cut short)
        metrics = QFontMetricsF(font(size))
        room = self._board.width() - size * 1.4
        said = _wrap_words(view.said, lambda t: metrics.horizontalAdvance(t) <= room)
        lines.extend((part, False) for part in said[:2])
        self.panel.set_content(self._board, lines, size)

    def _update_guide(self) -> None:
        view, S = self._shown, self.surface
        if view is None or not self._my_turn() or view.in_hand():
            self.guide.hide()
            return
        me = self.game.cue_position(view)
        if me is None:
            self.guide.hide()
            return
        a = math.radians(self.angle / 100)
        dx, dy = math.cos(a), math.sin(a)
        length = GUIDE_M
        cue = view.cue_ball()
        for name, pos in zip(view.names, view.balls):   # the line stops where the ball would meet another
            if name == cue or pos is None:
                continue
            px, py = pos[0] - me[0], pos[1] - me[1]
            along = px * dx + py * dy
            across2 = px * px + py * py - along * along
            touch = 2 * S.BALL_RADIUS
            if along > 0 and across2 < touch * touch:
                length = min(length, along - math.sqrt(touch * touch - across2))
        # ... or at a cushion
        for bound, comp, start in ((S.LENGTH - S.BALL_RADIUS, dx, me[0]), (S.BALL_RADIUS, dx, me[0]),
                                   (S.WIDTH - S.BALL_RADIUS, dy, me[1]), (S.BALL_RADIUS, dy, me[1])):
            if comp != 0:
                t = (bound - start) / comp
                if t > 0:
                    length = min(length, t)
        g = self.geo
        start = g.to_scene(me[0] + dx * S.BALL_RADIUS, me[1] + dy * S.BALL_RADIUS)
        end = g.to_scene(me[0] + dx * length, me[1] + dy * length)
        gap = S.BALL_RADIUS * 1.4 + PULL_M * 0.35 * self.power / 100
        cue_from = g.to_scene(me[0] - dx * gap, me[1] - dy * gap)
        cue_to = g.to_scene(me[0] - dx * (gap + 1.3), me[1] - dy * (gap + 1.3))
        self.guide.set_lines(start, end, cue_from, cue_to, max(1.5, g.scale * 0.006))
        self.guide.show()

    # -- the animation ------------------------------------------------------------------------
    def _animate(self, before: Any, action: Strike) -> bool:
        shot = self.game.shot(before, action, record=True)
        if not shot.frames:
            return False
        self._frames = shot.frames
        self._times = [t for t, _ in shot.frames]
        self._order = [name for name, p in zip(before.names, before.balls) if p is not None]
        self._speed = max(PLAYBACK, shot.duration / LONGEST_S)
        self.guide.hide()
        for item in self.balls.values():
            item.ghost = False
        self.frame_log = []
        self._clock.start()
        self._last_tick = 0.0
        self._timer.start()
        self._tick()
        return True

    def _tick(self) -> None:
        now = self._clock.elapsed()
        if self._last_tick:
            self.frame_log.append(now - self._last_tick)
        self._last_tick = float(now) or 0.001
        t = now / 1000 * self._speed
        if t >= self._times[-1]:
            self._timer.stop()
            view = self._shown
            if view is not None:
                self._place_balls(view)
                self._sync_controls(view)
            self.table.refresh_prompt()
            return
        k = max(0, bisect_right(self._times, t) - 1)
        t0, pos0 = self._frames[k]
        t1, pos1 = self._frames[min(k + 1, len(self._frames) - 1)]
        u = 0.0 if t1 <= t0 else (t - t0) / (t1 - t0)
        for name, a, b in zip(self._order, pos0, pos1):
            item = self._ball(name)
            if a is None or b is None:
                item.hide()       # in the pocket
                continue
            item.setPos(self.geo.to_scene(a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u))
            item.show()

    def busy_ms(self) -> int:
        """The computer waits while the balls are still running."""
        if not self._timer.isActive() or not self._times:
            return 0
        left = self._times[-1] / self._speed * 1000 - self._clock.elapsed()
        return max(1, int(left) + 60)

    # -- input ----------------------------------------------------------------------------------
    def _striker_pos(self) -> tuple[float, float] | None:
        view = self._shown
        return None if view is None else self.game.cue_position(view)

    def press(self, scene_pos: QPointF) -> None:
        view = self._shown
        if view is None or not self._my_turn():
            return
        local = self.tip.mapFromScene(scene_pos)
        step = self.tip.step_at(local)
        if step is not None:
            self.height_step, self.side_step = step
            self._sync_controls(view)
            return
        x, y = self.geo.to_table(scene_pos)
        if view.in_hand():
            if T.in_d(x, y) or math.hypot(x - self.place_mm[0] / 1000, y - self.place_mm[1] / 1000) < 0.06:
                self.drag = "place"
                self._move_ghost(x, y)
            else:
                words = self.game.ball_words(view)
                self.table.refuse(f"{words[0].upper()}{words[1:]} is in hand: put it in the D (the half circle by "
                                  "the baulk line) first.", rule_ref(self.game.info.id, self.game.hand_anchor))
            return
        me = self.game.cue_position(view)
        if me is None:
            return
        if math.hypot(x - me[0], y - me[1]) <= self.surface.BALL_RADIUS * 7:
            self.drag = "aim"
            self._drag_aim(x, y, me)
        elif 0 <= x <= self.surface.LENGTH and 0 <= y <= self.surface.WIDTH:
            self.angle = round(math.degrees(math.atan2(y - me[1], x - me[0])) * 100) % 36000
            self._sync_controls(view)

    def move(self, scene_pos: QPointF) -> None:
        if self.drag is None:
            return
        x, y = self.geo.to_table(scene_pos)
        if self.drag == "place":
            self._move_ghost(x, y)
        elif self.drag == "aim":
            me = self._striker_pos()
            if me is not None:
                self._drag_aim(x, y, me)

    def release(self, scene_pos: QPointF) -> None:
        mode, self.drag = self.drag, None
        if mode == "place":
            self._place()
        elif mode == "aim":
            me = self._striker_pos()
            if me is None:
                return
            x, y = self.geo.to_table(scene_pos)
            if math.hypot(x - me[0], y - me[1]) > self.surface.BALL_RADIUS * 1.5:
                self._strike()

    def cancel_drag(self) -> None:
        self.drag = None

    def _drag_aim(self, x: float, y: float, me: tuple[float, float]) -> None:
        dx, dy = me[0] - x, me[1] - y          # the pull is back from the ball: the aim is the other way
        dist = math.hypot(dx, dy)
        if dist > self.surface.BALL_RADIUS * 1.5:
            self.angle = round(math.degrees(math.atan2(dy, dx)) * 100) % 36000
            self.power = max(1, min(100, round((dist - self.surface.BALL_RADIUS * 1.5) / PULL_M * 100)))
        self._sync_controls(self._shown)

    def _move_ghost(self, x: float, y: float) -> None:
        """The ball in hand follows the pointer, kept within the D."""
        dx, dy = T.BAULK_X - x, y - T.CENTRE_Y
        dx = max(0.0, dx)
        d = math.hypot(dx, dy)
        limit = T.D_RADIUS - 0.0005
        if d > limit:
            dx, dy = dx * limit / d, dy * limit / d
        self.place_mm = (math.floor((T.BAULK_X - dx) * 1000), round((T.CENTRE_Y + dy) * 1000))
        if self._shown is not None:
            self._place_balls(self._shown)

    def _place(self) -> None:
        self.table.play(Place(*self.place_mm))

    def _strike(self) -> None:
        self.table.play(Strike(Stroke(self.angle, self.power, self.height_step, self.side_step)))

    def key(self, name: str) -> bool:
        view = self._shown
        if view is None or not self._my_turn():
            return False
        if view.in_hand():
            step = 2 if self.fine else 10
            moves = {"left": (-step, 0), "right": (step, 0), "up": (0, step), "down": (0, -step)}
            if name in moves:
                mx, my = moves[name]
                self._move_ghost((self.place_mm[0] + mx) / 1000, (self.place_mm[1] + my) / 1000)
                return True
            if name in ("enter", "space"):
                self._place()
                return True
            if name == "f":
                self.fine = not self.fine
                return True
            return False
        turn = 5 if self.fine else 50
        if name in ("left", "right"):
            self.angle = (self.angle + (turn if name == "left" else -turn)) % 36000
        elif name in ("up", "down"):
            self.power = max(1, min(100, self.power + (1 if self.fine else 5) * (1 if name == "up" else -1)))
        elif name in ("i", "k"):
            self.height_step = max(-2, min(2, self.height_step + (1 if name == "i" else -1)))
        elif name in ("j", "l"):
            self.side_step = max(-2, min(2, self.side_step + (1 if name == "l" else -1)))
        elif name == "escape":
            self.height_step = self.side_step = 0
        elif name == "f":
            self.fine = not self.fine
            self.table.say("Fine aim: the arrows turn a twentieth of a degree." if self.fine
                           else "Coarse aim: the arrows turn half a degree.", "")
        elif name in ("enter", "space"):
            self._strike()
            return True
        else:
            return False
        self._sync_controls(view)
        return True

    # -- what the table says ------------------------------------------------------------------------
    def prompt(self) -> str:
        view = self._shown
        if view is None or not self._my_turn():
            return ""
        if view.in_hand():
            words = self.game.ball_words(view)
            return f"{words[0].upper()}{words[1:]} is in hand: drag it into the D and let go (or arrows, then Enter)"
        return (f"Drag back from {self.game.ball_words(view)} and let go to strike · ←→ aim, ↑↓ strength, "
                f"I/K/J/L the tip "
                f"({tip_words(self.height_step, self.side_step)}), Enter strikes")

    def status_parts(self) -> list[str]:
        view = self._shown or self.view()
        return self.game.status_parts(view)

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        view = self._shown
        if view is None:
            return None, None
        r = self.surface.BALL_RADIUS * self.geo.scale * 1.6
        if isinstance(action, Place):
            c = self.geo.to_scene(*action.metres)
            return None, QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)
        me = self.game.cue_position(view)
        if isinstance(action, Strike) and me is not None:
            a = math.radians(action.stroke.angle / 100)
            src = self.geo.to_scene(*me)
            dst = self.geo.to_scene(me[0] + math.cos(a) * 0.5, me[1] + math.sin(a) * 0.5)
            return QRectF(src.x() - r, src.y() - r, 2 * r, 2 * r), QRectF(dst.x() - r / 2, dst.y() - r / 2, r, r)
        return None, None

    def callout_anchor(self) -> QPointF | None:
        me = self._striker_pos()
        if me is not None:
            return self.geo.to_scene(*me)
        return self.geo.to_scene(self.surface.BAULK_X, self.surface.CENTRE_Y)


def _wrap_words(text: str, fits: Callable[[str], bool]) -> list[str]:
    """``text`` in lines, each as long as ``fits`` allows (a word too long alone has its own)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and not fits(f"{line} {word}"):
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines


__all__ = ["CueController"]
