#!/usr/bin/env python3
"""Render the Compendium application icon to the hicolor PNG sizes.

    QT_QPA_PLATFORM=offscreen python3 packaging/render_icons.py [--contact-sheet PATH]

Reads ``resources/icons/compendium.svg`` (and ``compendium-16.svg``, the simplified variant, for
16 px when it exists) and writes
``packaging/icons/hicolor/<N>x<N>/apps/compendium.png``.  Idempotent: the same SVGs give the same
PNGs, and running it again only overwrites them.  ``--contact-sheet`` also writes one PNG showing
every size on a light and on a dark background, for judging the result by eye.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this source tree's compendium, whatever else is installed

from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter  # noqa: E402

# The renderer is the application's own, which `compendium --install-desktop-entry` uses too.
from compendium.core.errors import CompendiumError  # noqa: E402
from compendium.desktop_entry import ICON_SIZES as SIZES, icon_source, render_icon  # noqa: E402

ICON_DIR = ROOT / "resources" / "icons"
OUT_DIR = ROOT / "packaging" / "icons" / "hicolor"


def source_for(size: int) -> Path:
    return icon_source(size, ICON_DIR)


def render(svg: Path, size: int) -> QImage:
    try:
        return render_icon(size, svg)
    except CompendiumError as exc:
        raise SystemExit(str(exc)) from None


def contact_sheet(images: dict[int, QImage], path: Path) -> None:
    pad = 16
    width = sum(images) + pad * (len(images) + 1)
    row = max(images) + 2 * pad
    sheet = QImage(width, 2 * row, QImage.Format.Format_ARGB32)
    painter = QPainter(sheet)
    for band, colour in enumerate(("#f2f2ee", "#2b2b30")):
        painter.fillRect(0, band * row, width, row, QColor(colour))
        x = pad
        for size, image in images.items():
            painter.drawImage(x, band * row + row - pad - size, image)
            x += size + pad
    painter.end()
    sheet.save(str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contact-sheet", type=Path, help="also write a preview of every size to this PNG")
    args = parser.parse_args(argv)

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - Qt wants one
    images: dict[int, QImage] = {}
    for size in SIZES:
        image = render(source_for(size), size)
        target = OUT_DIR / f"{size}x{size}" / "apps" / "compendium.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise SystemExit(f"cannot write {target}")
        images[size] = image
        print(f"{target.relative_to(ROOT)}  ({source_for(size).name})")
    if args.contact_sheet:
        contact_sheet(images, args.contact_sheet)
        print(f"contact sheet: {args.contact_sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
