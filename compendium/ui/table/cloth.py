"""The table cloth: a woven cloth with a subtle grain, made once per colour and tiled.

``baize_tile()`` is the cloth chosen in the preferences (``appearance.current_cloth``): every
table paints it, so changing the cloth changes every table."""
from __future__ import annotations

import hashlib
from functools import lru_cache

from PySide6.QtGui import QColor, QImage, QPixmap

from .appearance import current_cloth

BAIZE = QColor(22, 82, 52)


def _channel_table(base: int, lift: int) -> bytes:
    """Maps a noise byte to a channel value near ``base``: a fine grain of about ±4 levels."""
    return bytes(max(0, min(255, base + lift + (n >> 5) - 4)) for n in range(256))


def baize_tile(size: int = 192) -> QPixmap:
    """The tile of the cloth now chosen."""
    colour = current_cloth().colour
    return cloth_tile(colour.red(), colour.green(), colour.blue(), size)


@lru_cache(maxsize=6)
def cloth_tile(red: int, green: int, blue: int, size: int = 192) -> QPixmap:
    """A seamless tile of fine grain and a faint horizontal weave around the colour.

    The noise comes from a fixed hash, so the cloth is the same every time, and the pixels are
    made with byte-string translation (C speed): the tile costs about a millisecond."""
    noise = hashlib.shake_256(b"compendium baize").digest(size * size)
    plain = [_channel_table(c, 0) for c in (blue, green, red)]
    woven = [_channel_table(c, 3) for c in (blue, green, red)]
    data = bytearray(size * size * 4)
    data[3::4] = b"\xff" * (size * size)
    for y in range(size):
        row = noise[y * size:(y + 1) * size]
        tables = woven if y % 3 == 0 else plain
        start = y * size * 4
        for channel, table in enumerate(tables):  # Format_RGB32 is B, G, R, X in memory
            data[start + channel:start + size * 4:4] = row.translate(table)
    image = QImage(bytes(data), size, size, size * 4, QImage.Format.Format_RGB32)
    return QPixmap.fromImage(image.copy())  # copy: the QImage must not outlive the bytes
