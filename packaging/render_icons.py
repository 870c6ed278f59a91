#!/usr/bin/env python3
"""Render the Compendium application icon to the hicolor PNG sizes.

    QT_QPA_PLATFORM=offscreen python3 packaging/render_icons.py [--contact-sheet PATH]

Reads ``resources/icons/compendium.svg`` (and ``compendium-16.svg``, the simplified variant, for the
sizes of 24 px and below when it exists) and writes
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

from PySide6.QtCore import QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "resources" / "icons"
MAIN_SVG = ICON_DIR / "compendium.svg"
SMALL_SVG = ICON_DIR / "compendium-16.svg"
OUT_DIR = ROOT / "packaging" / "icons" / "hicolor"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SMALL_MAX = 16  # sizes up to this use the pixel-grid variant, if there is one


def source_for(size: int) -> Path:
    return SMALL_SVG if size <= SMALL_MAX and SMALL_SVG.is_file() else MAIN_SVG


def render(svg: Path, size: int) -> QImage:
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {svg}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


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
