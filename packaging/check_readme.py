"""Keep the README's figures and picture true.

    python packaging/check_readme.py sizes PACKAGE.deb INSTALLED_KIB
        print the package's size and its installed size, and fail if the README's "The package is
        about N MB and takes about M MB installed" is more than 10 % off either
    python packaging/check_readme.py picture
        fail if the README's screenshot was committed before the last change to what it shows
        (the card art, the cloth, the patience table, the window's layout); it is remade with the
        command under the picture in the README

Sizes are in decimal megabytes, as apt shows them when it installs the package."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
TOLERANCE = 0.10
SIZES = re.compile(r"package\s+is\s+about\s+(\d+)\s+MB\s+and\s+takes\s+about\s+(\d+)\s+MB\s+installed")
PICTURE = "resources/screenshots/klondike.png"
# What the picture shows: the card faces and backs, the cloth, the patience table and its
# layout, and the window around it (library, rules pane).
SHOWN = ("compendium/ui/table/card_art.py", "compendium/ui/table/card_renderer.py",
         "compendium/ui/table/cloth.py", "compendium/ui/table/items.py",
         "compendium/ui/table/patience_table.py", "compendium/ui/table/appearance.py",
         "compendium/ui/table/view.py", "compendium/ui/main_window.py", "compendium/ui/library.py",
         "compendium/ui/rules_view.py", "resources/rules/canfield_or_klondike.md")
MB = 1_000_000   # decimal megabytes, as apt counts them ("Need to get 49.5 MB")


def readme_sizes(text: str) -> tuple[int, int]:
    found = SIZES.search(" ".join(text.split()))
    if found is None:
        raise ValueError("the README does not say 'The package is about N MB and takes about M MB installed'")
    return int(found.group(1)), int(found.group(2))


def size_problems(said: tuple[int, int], measured: tuple[float, float]) -> list[str]:
    problems = []
    for what, claim, real in zip(("package", "installed"), said, measured):
        if abs(claim - real) > TOLERANCE * real:
            problems.append(f"the README says the {what} size is about {claim} MB; it is {real:.0f} MB")
    return problems


def last_commit_time(path: str) -> int | None:
    done = subprocess.run(["git", "log", "-1", "--format=%ct", "--", path], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return int(done.stdout) if done.stdout.strip() else None


def newer_than_picture() -> list[str]:
    picture = last_commit_time(PICTURE)
    if picture is None:
        return [f"{PICTURE} is not committed"]
    return [p for p in SHOWN if (t := last_commit_time(p)) is not None and t > picture]


def main(argv: list[str]) -> int:
    if argv[:1] == ["sizes"] and len(argv) == 3:
        deb, installed_kib = Path(argv[1]), int(argv[2])
        measured = (deb.stat().st_size / MB, installed_kib * 1024 / MB)
        print(f"package size {measured[0]:.1f} MB, installed {measured[1]:.1f} MB")
        problems = size_problems(readme_sizes(README.read_text(encoding="utf-8")), measured)
    elif argv == ["picture"]:
        problems = [f"{PICTURE} is older than {p}: remake it with the command under it in the README"
                    for p in newer_than_picture()]
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for problem in problems:
        print(f"check_readme: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
