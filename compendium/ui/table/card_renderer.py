"""Crisp, cached pixmaps of the Compendium's cards.

Each card's SVG (from ``card_art``) is parsed once into a ``QSvgRenderer``; pixmaps are drawn at
the exact physical size asked for, so cards stay sharp at any zoom and device pixel ratio, and
kept in a small LRU cache so repainting a table is a dictionary lookup per card.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from PySide6.QtCore import QByteArray, QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPixmap, QTransform
from PySide6.QtSvg import QSvgRenderer

from compendium.ui.table import card_art

aspect = 1.4  # height / width of every card (2.5 x 3.5 inches)

_fonts_registered = False


def _register_index_font() -> None:
    """QtSvg reads a CSS family list as one family name; map that name to real serif faces."""
    global _fonts_registered
    if not _fonts_registered:
        QFont.insertSubstitutions(card_art.INDEX_FONT, list(card_art.INDEX_FONT_FALLBACKS))
        _fonts_registered = True


class CardRenderer:
    """Renders card keys ("AS", "10H", "JOKER", "BACK", "BACK:blue") to pixmaps.

    ``back_style`` is the style drawn for the plain "BACK" key, so a table can change its backs
    without its code knowing the style names.
    """

    def __init__(self, back_style: str = "classic", cache_limit: int = 400) -> None:
        if back_style not in card_art.BACK_STYLES:
            raise ValueError(f"unknown back style {back_style!r}")
        self.back_style = back_style
        self.cache_limit = cache_limit
        self._pixmaps: OrderedDict[tuple[Any, ...], QPixmap] = OrderedDict()
        self._renderers: dict[tuple[Any, ...], QSvgRenderer] = {}
        _register_index_font()

    def pixmap(self, key: str, width_px: int, dpr: float = 1.0, *,
               four_colour: bool = False, deck: str = "classic", landscape: bool = False) -> QPixmap:
        """The card ``key`` drawn ``width_px`` logical pixels wide (its short side) at device
        pixel ratio ``dpr``, in the ``deck``'s style; ``landscape``: lying on its side (then
        ``aspect`` times as wide as high), its indices upright."""
        cache_key = (key, width_px, dpr, four_colour, self.back_style, deck, landscape)
        cached = self._pixmaps.get(cache_key)
        if cached is not None:
            self._pixmaps.move_to_end(cache_key)
            return cached
        pixmap = self._render(key, width_px, dpr, four_colour, deck, landscape)
        self._pixmaps[cache_key] = pixmap
        if len(self._pixmaps) > self.cache_limit:
            self._pixmaps.popitem(last=False)
        return pixmap

    def clear(self) -> None:
        self._pixmaps.clear()

    @staticmethod
    def _has_landscape_art(key: str) -> bool:
        upper = key.upper()
        return upper != "JOKER" and not upper.startswith("BACK")

    def _svg_renderer(self, key: str, four_colour: bool, deck: str = "classic",
                      landscape: bool = False) -> QSvgRenderer:
        art_key = f"BACK:{self.back_style}" if key.upper() == "BACK" else key
        ident = (art_key, four_colour, deck, landscape)
        renderer = self._renderers.get(ident)
        if renderer is None:
            svg = card_art.svg_for_key(art_key, four_colour=four_colour, deck=deck, landscape=landscape)
            renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
            if not renderer.isValid():
                raise ValueError(f"card art for {key!r} did not parse")
            self._renderers[ident] = renderer
        return renderer

    def _render(self, key: str, width_px: int, dpr: float, four_colour: bool, deck: str = "classic",
                landscape: bool = False) -> QPixmap:
        width = max(1, round(width_px * dpr))
        height = round(width * aspect)
        own = landscape and self._has_landscape_art(key)
        if own:
            width, height = height, width
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self._svg_renderer(key, four_colour, deck, own).render(painter, QRectF(0, 0, width, height))
        painter.end()
        if landscape and not own:
            # a back (or the joker) has no index to keep upright: the picture is simply turned
            image = image.transformed(QTransform().rotate(90))
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(dpr)
        return pixmap


_shared: CardRenderer | None = None


def shared_renderer() -> CardRenderer:
    """The application's one renderer, so every view shares the cache."""
    global _shared
    if _shared is None:
        _shared = CardRenderer()
    return _shared


def contact_sheet(path: str, width_px: int = 120, four_colour: bool = False) -> None:
    """Write a PNG of the whole pack on baize: four suits of thirteen, then joker and backs."""
    renderer = CardRenderer()
    gap = max(4, width_px // 10)
    height_px = round(width_px * aspect)
    rows = [[f"{label}{suit}" for label in
             ["A", *(str(n) for n in range(2, 11)), "J", "Q", "K"]]
            for suit in card_art.SUITS]
    rows.append(["JOKER", *(f"BACK:{style}" for style in card_art.BACK_STYLES)])
    sheet = QImage(gap + 13 * (width_px + gap), gap + len(rows) * (height_px + gap),
                   QImage.Format.Format_ARGB32_Premultiplied)
    sheet.fill(QColor("#1f4a33"))
    painter = QPainter(sheet)
    for r, row in enumerate(rows):
        for c, key in enumerate(row):
            painter.drawPixmap(QPoint(gap + c * (width_px + gap), gap + r * (height_px + gap)),
                               renderer.pixmap(key, width_px, four_colour=four_colour))
    painter.end()
    if not sheet.save(path):
        raise OSError(f"could not write {path}")
