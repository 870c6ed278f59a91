"""Start-up stays lean (DESIGN.md section 8: start to the first painted table is budgeted).

The start-up path runs in a fresh interpreter, as the application does, so that what earlier
tests imported cannot hide what the start imports."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Starts the window as `compendium` does (Klondike on the table), paints it, and reports which
# modules were imported before the first paint and once the event loop has settled.
_PROBE = r"""
import json, os, sys, tempfile
os.environ["QT_QPA_PLATFORM"] = "offscreen"
folder = tempfile.mkdtemp(prefix="compendium-startup-test-")
os.environ["COMPENDIUM_DATA_DIR"] = folder
from PySide6.QtCore import QEvent, QObject, QTimer
from compendium.ui.app import application, temporary_settings
app = application()
from compendium.ui.main_window import MainWindow
w = MainWindow(settings=temporary_settings(folder), autosave=False)
w.resize(1280, 800)
w.start(game="canfield_or_klondike", seed=1)
report = {"pending_after_start": w.rules._pending_page is not None}
class Spy(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint and "at_paint" not in report:
            report["at_paint"] = sorted(sys.modules)
            QTimer.singleShot(200, app.quit)   # time enough for the work put off until now
        return False
spy = Spy()
w.table.viewport().installEventFilter(spy)
w.show()
app.exec()
report["settled"] = sorted(sys.modules)
report["page_title"] = w.rules.documentTitle()
report["page_made"] = w.rules._pending_page is None and "Klondike" in w.rules.toPlainText()
report["style"] = app.style().name()
w.table.shutdown()
print(json.dumps(report))
"""

# Not needed to show the first table: each is imported when its feature is first used.
NEVER_AT_START = (
    "chess",                           # python-chess: only the chess game's engine
    "compendium.reference.search",     # the rules search index: when the reader searches
    "compendium.reference.worked_examples",   # worked examples: when one is replayed
    "compendium.ui.stats_dialog",      # the statistics dialog
    "compendium.ui.deal_editor",       # the deal editor of trick-taking games
    "PySide6.QtPrintSupport",          # printing the rules page
    "compendium.games.tricks.engine",  # engines of games not on show
    "compendium.games.board.chess_game",
)
# Made right after the first frame: the rules page's Markdown parser and renderer, and the glossary.
AFTER_FIRST_PAINT = ("compendium.reference.rules_html", "compendium.reference.glossary", "markdown_it")


def _run_probe() -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env,
                          timeout=120, cwd=str(ROOT))
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_starting_the_window_imports_only_what_the_first_table_needs() -> None:
    report = _run_probe()
    at_paint, settled = set(report["at_paint"]), set(report["settled"])
    assert "compendium.games.patience.klondike" in at_paint   # the probe did start the game
    for name in NEVER_AT_START:
        assert name not in settled, f"{name} is imported at start-up"
    # The rules page is put off until the table's first frame is painted, and then made.
    assert report["pending_after_start"]
    for name in AFTER_FIRST_PAINT:
        assert name not in at_paint, f"{name} is imported before the first paint"
        assert name in settled, f"{name} was never imported: the rules page was not made"
    assert report["page_made"]
    assert "Klondike" in report["page_title"]
    assert report["style"].lower() == "fusion"   # asked for when the application is made
