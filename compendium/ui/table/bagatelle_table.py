"""The bagatelle table: the cue table's controller (``cue_table.py``: the aim by dragging back, the
keyboard, the tip, the strength, the animation of a stroke, the scoreboard) on the bagatelle
board (``bagatelle_items.py``).

What differs from the billiard table: the board's figures and drawing; the balls lodged in the
cups, which the game's view gives as off the cloth, are shown half sunk in their cups; and the
balls still to be played this round wait in the groove at the player's end, the next one on its
spot behind the baulk line.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QPainter

from ...games.cue import bagatelle_board as B
from .bagatelle_items import BoardGeometry, groove_place, paint_board
from .cue_items import tip_words
from .cue_table import ROOM, CueController

SUNK = 0.82          # a ball in a cup, drawn this share of its size: the rim round it shows


class BagatelleController(CueController):
    surface = B

    def __init__(self, table: Any, game: Any) -> None:
        super().__init__(table, game)
        self.geo = BoardGeometry()
        self.power = 25

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.fillRect(rect, QBrush(ROOM))
        paint_board(painter, self.geo)
        painter.restore()

    def _place_balls(self, view: Any) -> None:
        r = B.BALL_RADIUS * self.geo.scale
        for item in self.balls.values():
            if item.radius != r:
                item.set_radius(r)
        super()._place_balls(view)
        # the balls in the cups, half sunk (the view has them off the cloth): drawn a little
        # smaller, so that the cup's brass rim shows round each
        for n, name in enumerate(view.cups):
            if name:
                cup = B.CUPS[n]
                item = self._ball(name)
                item.lit = item.ghost = False
                item.set_radius(r * SUNK)
                item.setPos(self.geo.to_scene(cup.x, cup.y))
                item.show()
        # the balls still to come, in the groove (the first of them is on its spot)
        if not self.game.is_terminal(view):
            for k, name in enumerate(view.to_strike()[1:]):
                item = self._ball(name)
                item.lit = item.ghost = False
                item.setPos(self.geo.to_scene(*groove_place(k)))
                item.show()

    def prompt(self) -> str:
        view = self._shown
        if view is None or not self._my_turn():
            return ""
        first = "" if view.black_struck else " · the black first"
        return (f"Drag back from the ball and let go{first} · ←→ aim, ↑↓ strength, "
                f"I/K/J/L the tip ({tip_words(self.height_step, self.side_step)}), Enter strikes")
