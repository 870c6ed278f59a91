"""The bagatelle board drawn from above to its figures (``games/cue/bagatelle_board.py``): the
wooden frame round the board and its semicircular end, the cushion, the cloth, the nine cups
with their numbers, the baulk line and the two spots, and the groove at the player's end where
the balls still to be played wait.

``BoardGeometry`` is the billiard table's ``TableGeometry`` with the board's figures: the
player's end on the left, the round end with the cups on the right, the board's left cushion
(y = WIDTH) at the top.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPen, QRadialGradient

from ...games.cue import bagatelle_board as B
from .cue_items import CLOTH, CUSHION, WOOD_DARK, WOOD_LIGHT, TableGeometry, font

RAIL = 0.03           # the cushion, beyond its face (metres)
WOOD = 0.065          # the wooden frame beyond the cushion
GROOVE_X = -(RAIL + WOOD / 2)     # the groove at the player's end where the balls wait
CHALK = QColor(236, 236, 224, 190)
BRASS = QColor(176, 140, 70)


class BoardGeometry(TableGeometry):
    """Where the board lies in the scene: ``origin`` is the scene point of (0, WIDTH) and
    ``scale`` pixels per metre (the billiard table's geometry with the board's figures)."""

    LENGTH, WIDTH = B.LENGTH, B.WIDTH
    MARGIN = RAIL + WOOD


def groove_place(k: int) -> tuple[float, float]:
    """Where the k-th ball still to be played waits in the groove (in board metres: beyond the
    bottom cushion, down the middle of the frame, from the top of the picture)."""
    step = 2.3 * B.BALL_RADIUS
    return GROOVE_X, B.CENTRE_Y + 3 * step - k * step


def _rounded(g: TableGeometry, beyond: float) -> QPainterPath:
    """The board's outline ``beyond`` metres outside the cushions' faces: straight sides and the
    player's end, and the semicircle about the 9."""
    path = QPainterPath()
    r = B.ARC_RADIUS + beyond
    centre = g.to_scene(B.ARC_X, B.CENTRE_Y)
    s = g.scale
    path.moveTo(g.to_scene(B.ARC_X, B.WIDTH + beyond))
    path.lineTo(g.to_scene(-beyond, B.WIDTH + beyond))
    path.lineTo(g.to_scene(-beyond, -beyond))
    path.lineTo(g.to_scene(B.ARC_X, -beyond))
    path.arcTo(QRectF(centre.x() - r * s, centre.y() - r * s, 2 * r * s, 2 * r * s), -90, 180)
    path.closeSubpath()
    return path


def paint_board(painter: QPainter, g: TableGeometry) -> None:
    """The board, in ``g`` (a ``BoardGeometry``)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = g.scale
    outer = _rounded(g, RAIL + WOOD)
    box = outer.boundingRect()
    grad = QLinearGradient(box.topLeft(), box.bottomLeft())
    grad.setColorAt(0, WOOD_LIGHT)
    grad.setColorAt(1, WOOD_DARK)
    painter.setPen(QPen(QColor(40, 20, 10), max(1.0, s * 0.004)))
    painter.setBrush(QBrush(grad))
    painter.drawPath(outer)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(CUSHION)
    painter.drawPath(_rounded(g, RAIL))
    cloth = _rounded(g, 0.0)
    painter.setBrush(CLOTH)
    painter.drawPath(cloth)
    sheen = QRadialGradient(g.to_scene(B.LENGTH * 0.55, B.CENTRE_Y), B.LENGTH * s * 0.55)
    sheen.setColorAt(0, QColor(255, 255, 255, 26))
    sheen.setColorAt(1, QColor(0, 0, 0, 30))
    painter.setBrush(QBrush(sheen))
    painter.drawPath(cloth)
    # the groove in the frame at the player's end, where the balls to come wait
    top, bottom = groove_place(0), groove_place(7)
    w = 2.6 * B.BALL_RADIUS
    painter.setBrush(QColor(40, 22, 12))
    painter.drawRoundedRect(g.rect(GROOVE_X - w / 2, bottom[1] - w / 2, GROOVE_X + w / 2, top[1] + w / 2),
                            w * s / 2, w * s / 2)
    # the baulk line and the spots, in chalk
    painter.setPen(QPen(CHALK, max(1.0, s * 0.003)))
    painter.drawLine(g.to_scene(B.BAULK_X, 0), g.to_scene(B.BAULK_X, B.WIDTH))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(CHALK)
    for spot in (B.BAULK_SPOT, B.BLACK_SPOT):
        painter.drawEllipse(g.to_scene(*spot), max(1.5, s * 0.004), max(1.5, s * 0.004))
    painter.setPen(QColor(236, 236, 224, 150))
    painter.setFont(font(max(9.0, s * 0.028)))
    painter.drawText(g.rect(B.BAULK_X + 0.01, 0.005, B.BAULK_X + 0.3, 0.06),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, "baulk")
    # the cups: dark holes with a brass rim, each with its number beside it
    r = B.CUP_RADIUS * s
    number_font = font(max(10.0, s * 0.034), bold=True)
    for cup in B.CUPS:
        c = g.to_scene(cup.x, cup.y)
        hole = QRadialGradient(QPointF(c.x() + r * 0.25, c.y() + r * 0.3), r * 1.1)
        hole.setColorAt(0, QColor(8, 8, 6))
        hole.setColorAt(1, QColor(40, 34, 24))
        painter.setBrush(QBrush(hole))
        painter.setPen(QPen(BRASS, max(1.0, r * 0.16)))
        painter.drawEllipse(c, r, r)
        if cup.number == 9:
            # the 9's number towards the player, a little off the line to the 1
            ux, uy = math.cos(math.radians(200)), math.sin(math.radians(200))
        else:
            d = math.hypot(cup.x - B.ARC_X, cup.y - B.CENTRE_Y)
            ux, uy = (cup.x - B.ARC_X) / d, (cup.y - B.CENTRE_Y) / d
        at = g.to_scene(cup.x + ux * B.CUP_RADIUS * 2.1, cup.y + uy * B.CUP_RADIUS * 2.1)
        painter.setPen(QColor(246, 232, 180, 230))
        painter.setFont(number_font)
        box = QRectF(at.x() - r * 1.5, at.y() - r * 1.5, r * 3, r * 3)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(cup.number))
