"""Qt's own messages, as Qt prints them, but for the few we know to be noise: the offscreen
platform (screenshots, headless runs) warns "This plugin does not support propagateSizeHints()"
each time a window is shown, a limitation of that platform that changes nothing in the picture.
Only that exact message is dropped; every other goes to stderr in Qt's format."""
from __future__ import annotations

import sys

from PySide6.QtCore import QMessageLogContext, QtMsgType, qFormatLogMessage, qInstallMessageHandler

__all__ = ["NOISE", "install"]

NOISE = frozenset({"This plugin does not support propagateSizeHints()"})
_installed = False


def _handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if message in NOISE:
        return
    try:
        sys.stderr.write(qFormatLogMessage(kind, context, message) + "\n")
    except (OSError, ValueError):   # no stderr (closed, or a windowed program without one)
        pass


def install() -> None:
    """Once per process (a second QApplication in tests must not stack handlers)."""
    global _installed
    if not _installed:
        qInstallMessageHandler(_handler)
        _installed = True
