"""How things move on the table: one flight per item, the same pace for every game."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEasingCurve, QPointF, QVariantAnimation

MOVE_MS = 200          # one move
DEAL_MS = 1500         # a whole deal


def flight(item: Any, start: QPointF, end: QPointF, duration: int = MOVE_MS) -> QVariantAnimation:
    """An item's flight from ``start`` to ``end``.  Items are not QObjects (a pixmap item paints
    faster), so they fly by callback rather than by a property animation."""
    anim = QVariantAnimation()
    anim.setDuration(duration)
    anim.setStartValue(start)
    anim.setEndValue(end)
    anim.setEasingCurve(QEasingCurve.Type.OutCubic)
    anim.valueChanged.connect(item.setPos)
    return anim
