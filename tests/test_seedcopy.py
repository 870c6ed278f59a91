"""No passage of the source books is copied into the project (the shared seedcopy guard), and the
guard itself does notice a copied passage, so that it cannot pass vacuously."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT, SHARED

TOOL = SHARED / "tools" / "seedcopy.py"
SEEDS = SHARED / "seeds"
WORD = re.compile(r"[a-z0-9]+")  # the tool's own idea of a word

pytestmark = pytest.mark.skipif(not TOOL.is_file(), reason=f"the seedcopy tool is not at {TOOL}")


def run_tool(*paths: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *paths], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_no_passage_of_the_books_is_copied():
    targets = [name for name in ("resources", "compendium", "README.md") if (ROOT / name).exists()]
    assert targets, "nothing to check"
    proc = run_tool(*targets)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert proc.stdout.startswith("no passage"), proc.stdout[-4000:]


def _twelve_words_from_a_seed() -> str:
    for seed in sorted(SEEDS.glob("*.txt")):
        for line in seed.read_text(encoding="utf-8", errors="replace").splitlines():
            words = WORD.findall(line.lower())
            if len(words) >= 16:
                return " ".join(words[2:14])
    pytest.skip(f"no seed text with a line of 16 words in {SEEDS}")


def test_the_guard_catches_a_copied_passage(tmp_path):
    passage = _twelve_words_from_a_seed()
    assert len(passage.split()) == 12
    copied = tmp_path / "copied.md"
    copied.write_text(f"# A page\n\nOur own words first. {passage.capitalize()}. And ours again.\n",
                      encoding="utf-8")
    fresh = tmp_path / "fresh.md"
    fresh.write_text("# A page\n\nEvery word of this line was written for the test alone.\n", encoding="utf-8")

    caught = run_tool(str(copied))
    assert caught.returncode == 1, caught.stdout + caught.stderr
    assert "words shared with the books" in caught.stdout
    assert passage in caught.stdout

    clean = run_tool(str(fresh))
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert clean.stdout.startswith("no passage")
