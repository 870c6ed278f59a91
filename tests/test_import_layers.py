"""The layers import one way: core <- games <- ai <- ui (issue 18; DESIGN.md section 2).

Every import of every module of the package is read with ``ast`` -- at the top of a module or
inside a function, ``import x``, ``from x import y`` (relative ones resolved), and the module
names given to ``importlib.import_module`` as text (a registry's "module:attribute" strings
included) -- and an import of a higher layer fails the test.  A module outside the layers (the
command line, the demo, the benchmark ...) sits as high as the highest layer it reaches, so a
game cannot reach the computer through it either.

The same contract is declared for import-linter in pyproject.toml (``lint-imports``); the last
test runs it when it is installed.
"""
from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "compendium"

# Low to high.  The rules-page services and the statistics store (issue 18, "a small core") sit
# beside the computer players, between the games and the interface, when they exist.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("core",),
    ("games",),
    ("ai", "reference", "statistics"),
    ("ui",),
)

# Imports allowed to go the wrong way, each with its reason: none today.
KNOWN_EXCEPTIONS: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int


def layer_of(module: str) -> int | None:
    """The rank of the layer a module belongs to (0 = core), or None for one outside them."""
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != PACKAGE:
        return None
    for rank, names in enumerate(LAYERS):
        if parts[1] in names:
            return rank
    return None


def module_name(root: Path, path: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(root: Path, base: str, name: str) -> str:
    """``base.name`` if that is a module or package of the tree, else ``base`` (an attribute)."""
    candidate = f"{base}.{name}" if base else name
    path = root.joinpath(*candidate.split("."))
    return candidate if path.with_suffix(".py").exists() or (path / "__init__.py").exists() else base


def _string_targets(tree: ast.Module) -> dict[str, str]:
    """Module-level names bound to text (for registry strings written as f-strings)."""
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = node.value.value
    return out


def _text(node: ast.AST, names: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        pieces = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                pieces.append(str(value.value))
            elif isinstance(value, ast.FormattedValue) and isinstance(value.value, ast.Name) \
                    and value.value.id in names:
                pieces.append(names[value.value.id])
            else:
                return None
        return "".join(pieces)
    return None


def imports_of(root: Path, path: Path) -> list[Import]:
    """Every import of the module at ``path`` (under the folder ``root`` holding the package)."""
    me = module_name(root, path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: list[Import] = []
    dynamic = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [Import(me, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            out += [Import(me, _resolve(root, base, alias.name), node.lineno) for alias in node.names]
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__"):
                dynamic = True
    if dynamic:
        # A module that imports by name: every "compendium.x[:attr]" text in it is a target
        # (the game and computer registries keep their modules so).
        names = _string_targets(tree)
        for node in ast.walk(tree):
            text = _text(node, names) if isinstance(node, (ast.Constant, ast.JoinedStr)) else None
            if text and text.startswith(PACKAGE + ".") and " " not in text:
                target = text.partition(":")[0]
                if all(part.isidentifier() for part in target.split(".")):
                    out.append(Import(me, target, getattr(node, "lineno", 0)))
    return [i for i in out if i.imported == PACKAGE or i.imported.startswith(PACKAGE + ".")]


def upward_imports(root: Path, exceptions: frozenset[tuple[str, str]] = frozenset()) -> list[str]:
    """Every import that reaches a higher layer, directly or through modules outside the layers,
    as readable lines (empty when the layers hold)."""
    files = sorted((root / PACKAGE).rglob("*.py"))
    graph: dict[str, list[Import]] = {}
    for path in files:
        found = imports_of(root, path)
        if found or module_name(root, path) not in graph:
            graph[module_name(root, path)] = [i for i in found if (i.importer, i.imported) not in exceptions]

    # How high each module reaches: its own layer, or for a module outside the layers the highest
    # layer it imports, through any chain of such modules.
    reach: dict[str, int] = {}

    def reach_of(module: str, seen: frozenset[str] = frozenset()) -> int:
        own = layer_of(module)
        if own is not None:
            return own
        if module in reach:
            return reach[module]
        if module in seen:
            return -1
        top = -1
        for imp in graph.get(module, ()):
            top = max(top, reach_of(imp.imported, seen | {module}))
        reach[module] = top
        return top

    problems = []
    for module, found in graph.items():
        mine = layer_of(module)
        if mine is None:
            continue
        for imp in found:
            theirs = reach_of(imp.imported)
            if theirs > mine:
                via = "" if layer_of(imp.imported) is not None else " (which reaches a higher layer)"
                problems.append(f"{module} line {imp.line} imports {imp.imported}{via}: "
                                f"{'/'.join(LAYERS[mine])} may not import {'/'.join(LAYERS[theirs])}")
    return problems


def test_no_module_imports_a_higher_layer() -> None:
    problems = upward_imports(ROOT, KNOWN_EXCEPTIONS)
    assert not problems, "imports against the layers core <- games <- ai <- ui:\n" + "\n".join(problems)


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in {"compendium/__init__.py": "", "compendium/core/__init__.py": "",
                       "compendium/games/__init__.py": "", "compendium/ai/__init__.py": "",
                       "compendium/ai/registry.py": "", "compendium/ui/__init__.py": "",
                       **files}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("source", [
    "from ...ai.registry import computer_player\n",                                # at the top
    "def player(game):\n    from ...ai import registry\n    return registry\n",    # in a function
    "import compendium.ai.registry\n",
    "import importlib\nAI = importlib.import_module('compendium.ai.registry')\n",
    "import importlib\nTABLE = {'x': 'compendium.ai.registry:AI'}\n"
    "def load(k):\n    return importlib.import_module(TABLE[k].partition(':')[0])\n",
    "from ... import demo\n",                        # through a module outside the layers
])
def test_the_check_fails_on_a_game_importing_the_computer(tmp_path: Path, source: str) -> None:
    root = _tree(tmp_path, {"compendium/games/tricks/__init__.py": "",
                            "compendium/games/tricks/piquet.py": source,
                            "compendium/demo.py": "from .ai.registry import computer_player\n"})
    problems = upward_imports(root)
    assert len(problems) == 1 and problems[0].startswith("compendium.games.tricks.piquet line ")
    assert "games may not import ai/reference/statistics" in problems[0]


def test_the_check_passes_imports_that_go_down(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "compendium/ai/tricks/__init__.py": "",
        "compendium/ai/tricks/piquet.py": "from ...games import registry\nfrom ...core import game\n",
        "compendium/games/registry.py": "def f():\n    from ..core import game\n    return game\n",
        "compendium/core/game.py": "",
        "compendium/ui/view.py": "from ..ai.tricks import piquet\nfrom ..core import game\n",
    })
    assert upward_imports(root) == []


def test_lint_imports_keeps_the_same_contract() -> None:
    """import-linter's layers contract (pyproject.toml) passes too."""
    beside = Path(sys.executable).parent / "lint-imports"
    exe = str(beside) if beside.exists() else shutil.which("lint-imports")
    if exe is None:
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
