"""``compendium --startup-probe``: start the application as ``python -m compendium.bench`` times
it (a 1600x1000 window, Canfield or Klondike at deal 1, settings and data in a temporary folder,
offscreen unless told otherwise), print ``painted <peak RSS in KiB>`` at the first paint of the
table, and exit.

It lets the start-up of an installed program or a bundle, which cannot run the benchmark's
``python -c`` probe, be measured the same way: ``packaging/startup_time.py`` times it.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile


def run() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    folder = tempfile.mkdtemp(prefix="compendium-probe-")
    os.environ["COMPENDIUM_DATA_DIR"] = folder
    try:
        from PySide6.QtCore import QEvent, QObject, QTimer

        from .ui.app import application, temporary_settings
        app = application()
        from .ui.main_window import MainWindow

        window = MainWindow(settings=temporary_settings(folder), autosave=False)
        window.resize(1600, 1000)
        window.start(game="canfield_or_klondike", seed=1)

        class FirstPaint(QObject):
            def eventFilter(self, watched: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.Paint:
                    QTimer.singleShot(0, app.quit)
                return False

        spy = FirstPaint()
        window.table.viewport().installEventFilter(spy)
        window.show()
        app.exec()
        peak = 0
        if sys.platform != "win32":
            import resource
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"painted {peak}", flush=True)
        window.table.shutdown()
        return 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)
