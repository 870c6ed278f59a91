"""Ending the application from outside as Quit ends it: SIGTERM, SIGINT (Ctrl+C in the terminal)
and the desktop session's logout all close the windows (the game autosaved, the statistics and
the settings written) and leave with exit status 0.

Python runs a signal handler only between two of its own instructions, and Qt's event loop may
wait in C for a long while: so the C-level handler writes the signal's number into a socket
(``signal.set_wakeup_fd``) that a QSocketNotifier watches, and the closing happens in the event
loop, like a click on Quit.
"""
from __future__ import annotations

import signal
import socket
import threading

from PySide6.QtCore import QSocketNotifier
from PySide6.QtGui import QSessionManager
from PySide6.QtWidgets import QApplication

__all__ = ["QUIT_SIGNALS", "install"]

QUIT_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))


def install(app: QApplication) -> None:
    """Make ``app`` close as Quit does on a quit signal and on the session manager's request.
    Undone when the event loop ends (the process may go on: tests, scripts), so the process's
    own handlers are back for whatever follows."""
    # (app.quit() itself closes the windows first in Qt 6, so each saves what its Quit saves.)
    # Logging out: Qt 6 no longer closes the windows by itself (Qt 5's "fallback session
    # management" did); do it, as Quit would.
    app.commitDataRequest.connect(_session_ends)
    if threading.current_thread() is not threading.main_thread():
        return   # signal handlers can only be set from the main thread
    receive, send = socket.socketpair()
    for end in (receive, send):
        end.setblocking(False)
    notifier = QSocketNotifier(receive.fileno(), QSocketNotifier.Type.Read, app)
    notifier.activated.connect(lambda *_: _signalled(app, receive))
    previous_fd = signal.set_wakeup_fd(send.fileno(), warn_on_full_buffer=False)
    previous = {number: signal.getsignal(number) for number in QUIT_SIGNALS}
    for number, handler in previous.items():
        if handler is not signal.SIG_IGN:   # e.g. nohup's SIGHUP stays ignored
            signal.signal(number, _note)

    def undo() -> None:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        signal.set_wakeup_fd(previous_fd)
        notifier.setEnabled(False)
        notifier.deleteLater()
        receive.close()
        send.close()
        app.commitDataRequest.disconnect(_session_ends)
        app.aboutToQuit.disconnect(undo)

    app.aboutToQuit.connect(undo)


def _note(number: int, frame: object) -> None:
    """The Python-level handler: nothing to do here, the wakeup socket already woke Qt."""


def _signalled(app: QApplication, receive: socket.socket) -> None:
    try:
        numbers = receive.recv(512)
    except (BlockingIOError, InterruptedError):
        return
    if any(n in QUIT_SIGNALS for n in numbers):
        QApplication.closeAllWindows()
        app.quit()


def _session_ends(manager: QSessionManager) -> None:
    QApplication.closeAllWindows()
