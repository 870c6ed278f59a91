"""The bar above the table that says the game is not being kept: shown when the autosave cannot
be written (a read-only or missing data folder, a full disk), and kept in sight — unlike a status
message, which the next move replaces — until a save succeeds again.  While it shows, the save is
tried again every few seconds, so the bar goes as soon as the folder can be written."""
from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

__all__ = ["RETRY_MS", "DataBanner"]

RETRY_MS = 5000   # how often a failed autosave is tried again while the bar shows


class DataBanner(QFrame):
    """``failed(folder, reason)`` shows the bar, ``saved()`` takes it away; ``retry`` (the
    window's autosave, which reports back through those two) is called while it shows."""

    def __init__(self, retry: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dataBanner")
        self.setStyleSheet(
            "#dataBanner { background-color: #f6df8c; border-bottom: 1px solid #c9a94a; }"
            "#dataBanner QLabel { color: #3a2f0b; background: transparent; }")
        self.label = QLabel(self)
        self.label.setObjectName("dataBannerText")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addWidget(self.label, 1)
        self._timer = QTimer(self)
        self._timer.setInterval(RETRY_MS)
        self._timer.timeout.connect(retry)
        self.hide()

    def failed(self, folder: Path, reason: str) -> None:
        self.label.setText(
            f"<b>Nothing is being autosaved:</b> the folder {html.escape(str(folder))} cannot be "
            f"written ({html.escape(reason)}). Game → Save as… keeps this game; this bar goes "
            "once the folder can be written.")
        self.show()
        self._timer.start()

    def saved(self) -> None:
        self._timer.stop()
        self.hide()
