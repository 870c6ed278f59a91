"""The core is the kernel and imports nothing above it: no module of ``compendium.core`` imports the
games, the computer players, the rules-page services, the statistics or the interface, not even
inside a function; a game's page anchors and a record's game are found without the registry."""
from __future__ import annotations

import ast
import json
import subprocess
import sys

from tests.conftest import ROOT

ABOVE_THE_CORE = ("compendium.games", "compendium.ai", "compendium.reference", "compendium.statistics",
                  "compendium.ui", "compendium.cli", "compendium.demo", "compendium.bench")


def imported_names(path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, absolute, with its line (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found += [(node.lineno, module)] + [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return found


def test_no_module_of_the_core_imports_what_sits_above_it() -> None:
    files = sorted((ROOT / "compendium" / "core").glob("*.py"))
    assert len(files) >= 8
    offenders = [f"{path.name}:{line}: {name}" for path in files for line, name in imported_names(path)
                 if name.startswith(ABOVE_THE_CORE)]
    assert offenders == []


def test_the_check_resolves_relative_imports(tmp_path) -> None:
    probe = ROOT / "compendium" / "core" / "game.py"
    names = {name for _line, name in imported_names(probe)}
    assert "compendium.core.errors" in names and "compendium.core.rules.page_anchors" in names


_PROGRAM = """
import json, sys
from compendium.core.rules import page_anchors
from compendium.core.records import Record
from compendium.core.session import Session
from compendium.core.errors import RecordError
anchors = sorted(page_anchors("canfield_or_klondike"))
missing = sorted(page_anchors("no_such_game")) + sorted(page_anchors("../README"))
games_loaded = [name for name in sys.modules if name.startswith("compendium.games")]
try:
    Session.from_record(Record(game="canfield_or_klondike", options={}, seed=1, actions=()))
    refused = ""
except RecordError as exc:
    refused = str(exc)
import compendium.games
session = Session.from_record(Record(game="canfield_or_klondike", options={}, seed=1, actions=()))
print(json.dumps({"anchors": anchors, "missing": missing, "games_loaded": games_loaded, "refused": refused,
                  "replayed": session.game.info.id}))
"""


def test_page_anchors_and_records_without_the_registry() -> None:
    done = subprocess.run([sys.executable, "-c", _PROGRAM], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert {"spaces", "the-deal"} <= set(report["anchors"])
    assert report["missing"] == []
    assert report["games_loaded"] == []          # the core found the page without the games
    assert "import compendium.games" in report["refused"]
    assert report["replayed"] == "canfield_or_klondike"
