"""Keep the README's figures and picture true.

    python packaging/check_readme.py sizes PACKAGE.deb INSTALLED_KIB
        print the package's size and its installed size, and fail if the README's "The package is
        about N MB and takes about M MB installed" is more than 10 % off either
    python packaging/check_readme.py picture
        fail if the README's screenshot was committed before the last change to what it shows
        (the card art, the cloth, the patience table, the window's layout) and differs from a
        fresh render; it is remade with the command under the picture in the README

Sizes are in decimal megabytes, as apt shows them when it installs the package."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
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
RENDER = ("--screenshot", "klondike", "OUT", "--seed", "5", "--size", "1366x768")   # as the README says
# A change that leaves the picture as it was (a start-up delay, a comment) needs no new picture:
# the committed one is compared with a fresh render, pixel by pixel, allowing for the odd
# antialiased pixel that a different font rasteriser may draw.
MAX_DIFFERENT_PIXELS = 0.001
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


def different_pixels(first: Path, second: Path) -> float:
    """The share of pixels that differ between two pictures (1.0 when their sizes differ)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage
    a, b = QImage(str(first)), QImage(str(second))
    if a.isNull() or b.isNull() or a.size() != b.size():
        return 1.0
    a, b = (image.convertToFormat(QImage.Format.Format_RGB32) for image in (a, b))
    if bytes(a.constBits()) == bytes(b.constBits()):
        return 0.0
    width, height = a.width(), a.height()
    differ = sum(a.pixel(x, y) != b.pixel(x, y) for y in range(height) for x in range(width))
    return differ / (width * height)


def picture_problems() -> list[str]:
    stale = newer_than_picture()
    if not stale or stale == [f"{PICTURE} is not committed"]:
        return [f"{PICTURE} is not committed"] if stale else []
    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "fresh.png"
        command = [sys.executable, "-m", "compendium",
                   *(str(fresh) if part == "OUT" else part for part in RENDER)]
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", COMPENDIUM_DATA_DIR=folder)
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not fresh.exists():
            return [f"could not render the picture afresh: {done.stderr[-500:]}"]
        share = different_pixels(ROOT / PICTURE, fresh)
    if share <= MAX_DIFFERENT_PIXELS:
        return []
    return [f"{PICTURE} is older than {', '.join(stale)} and {share:.1%} of its pixels differ from a "
            "fresh render: remake it with the command under it in the README"]


def main(argv: list[str]) -> int:
    if argv[:1] == ["sizes"] and len(argv) == 3:
        deb, installed_kib = Path(argv[1]), int(argv[2])
        measured = (deb.stat().st_size / MB, installed_kib * 1024 / MB)
        print(f"package size {measured[0]:.1f} MB, installed {measured[1]:.1f} MB")
        problems = size_problems(readme_sizes(README.read_text(encoding="utf-8")), measured)
    elif argv == ["picture"]:
        problems = picture_problems()
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for problem in problems:
        print(f"check_readme: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
