"""The rules core, the games, the AI, the rules-page services, the statistics, the demo and the
command line's listing work without Qt (DESIGN.md section 1, principle 1): checked by running them
with PySide6 blocked, and by reading the sources for any import of Qt."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap

from tests.conftest import ROOT

QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "PySide2")
QT_FREE_PACKAGES = ("core", "games", "ai", "reference", "statistics")

_PROGRAM = textwrap.dedent("""
    import sys
    for name in ("PySide6", "PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "shiboken6"):
        sys.modules[name] = None          # any import of them now raises ImportError

    # The block must really bite, or the rest of this check would prove nothing.
    try:
        import PySide6.QtCore  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("PySide6 was not blocked")

    import importlib, io, json, pkgutil, contextlib
    import compendium, compendium.core, compendium.games, compendium.ai, compendium.reference
    import compendium.statistics

    imported = []
    for pkg in (compendium.core, compendium.games, compendium.ai, compendium.reference,
                compendium.statistics):
        imported.append(pkg.__name__)
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(info.name)
            imported.append(info.name)
    for name in ("compendium.demo", "compendium.cli"):
        importlib.import_module(name)
        imported.append(name)

    import compendium.cli
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = compendium.cli.main(["--list", "--json"])
    listing = json.loads(out.getvalue())

    from compendium.demo import play_demo
    from compendium.games.patience.klondike import GAME
    result = play_demo(GAME, 143, max_steps=400)

    # Nothing above may have got hold of a real Qt module.
    leaked = sorted(n for n, m in sys.modules.items()
                    if m is not None and n.split(".")[0] in ("PySide6", "shiboken6"))
    print(json.dumps({"imported": imported, "list_code": code, "listed": len(listing),
                      "demo_steps": result.steps, "demo_finished": result.finished,
                      "demo_summary": result.summary, "leaked": leaked}))
""")


def test_core_games_ai_demo_and_cli_run_with_qt_blocked():
    proc = subprocess.run([sys.executable, "-c", _PROGRAM], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    imported = report["imported"]
    # The walk found the real modules, not just the package roots.
    for name in ("compendium.core.session", "compendium.core.records", "compendium.reference.rules_html",
                 "compendium.reference.search", "compendium.statistics.store",
                 "compendium.games.registry", "compendium.games.catalogue",
                 "compendium.games.patience.engine", "compendium.games.patience.klondike",
                 "compendium.ai.patience", "compendium.ai.worker", "compendium.demo", "compendium.cli"):
        assert name in imported
    assert report["list_code"] == 0
    assert report["listed"] == 76
    assert report["demo_finished"] is True
    assert report["demo_steps"] > 0
    assert "every card is on the foundations" in report["demo_summary"]  # deal 143 is a win
    assert report["leaked"] == []


def _qt_imports(text: str, label: str) -> list[str]:
    """Every import of a Qt module in ``text``: import statements, ``__import__`` and
    ``importlib.import_module`` with a literal name."""
    tree = ast.parse(text, filename=label)
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Name) and node.func.id == "__import__")
                   or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"))):
            names = [node.args[0].value]
        for name in names:
            if name.split(".")[0] in QT_MODULES:
                found.append(f"{label}:{node.lineno}: {name}")
    return found


def test_no_source_of_the_rules_core_imports_qt():
    files = [p for pkg in QT_FREE_PACKAGES for p in sorted((ROOT / "compendium" / pkg).rglob("*.py"))]
    assert len(files) >= 10  # the scan looked at the real tree
    offenders = [hit for path in files
                 for hit in _qt_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert offenders == []


def test_the_scanner_catches_every_form_of_qt_import():
    """Guards the guard: each way of importing Qt is seen, and nothing else is."""
    text = ("import os\nimport PySide6.QtCore\nfrom shiboken6 import isValid\n"
            "import importlib\nimportlib.import_module('PySide6.QtGui')\n"
            "from .qtish import x\nimport chess\n")
    hits = _qt_imports(text, "probe.py")
    assert [h.rsplit(": ", 1)[1] for h in hits] == ["PySide6.QtCore", "shiboken6", "PySide6.QtGui"]
