#!/usr/bin/env python3
"""Check that a ``compendium --screenshot`` picture shows a real table, without Qt.

    python3 packaging/check_screenshot.py SHOT.png WIDTHxHEIGHT

Reads the PNG with the standard library alone (so that it judges the installed program's output
with nothing of that program's) and checks: the size asked for; many distinct colours (card
faces, text and the cloth's texture, not a flat or blank window); a large area of green baize;
white card faces; and the red of the hearts and diamonds or the card backs.  Exits 1 saying
which check failed.
"""
from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows as RGB bytes, for 8-bit RGB or RGBA non-interlaced PNGs (what
    Qt writes)."""
    data = path.read_bytes()
    if data[:8] != PNG_SIGNATURE:
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, header = 8, bytearray(), None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None:
        raise ValueError(f"{path}: no IHDR chunk")
    width, height, depth, colour, _compression, _filter, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(bytes(idat))
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        _unfilter(kind, line, previous, channels)
        rows.append(bytes(line) if channels == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        previous = line
    return width, height, rows


def _unfilter(kind: int, line: bytearray, previous: bytearray, bpp: int) -> None:
    if kind == 0:
        return
    for i in range(len(line)):
        left = line[i - bpp] if i >= bpp else 0
        up = previous[i]
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + up) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 0xFF
        elif kind == 4:
            corner = previous[i - bpp] if i >= bpp else 0
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
            line[i] = (line[i] + predictor) & 0xFF
        else:
            raise ValueError(f"unknown PNG filter {kind}")


def measure(rows: list[bytes]) -> dict[str, float]:
    colours: set[tuple[int, int, int]] = set()
    green = white = red = total = 0
    for row in rows:
        for i in range(0, len(row), 3):
            r, g, b = row[i], row[i + 1], row[i + 2]
            colours.add((r, g, b))
            total += 1
            if g > r + 25 and g > b + 5 and g < 170:
                green += 1           # the baize: a darkish green
            elif r > 241 and g > 241 and b > 235:
                white += 1           # card faces (and, a little, the window's paper)
            elif r > g + 70 and r > b + 50:
                red += 1             # hearts, diamonds, the card backs
    return {"colours": len(colours), "green": green / total, "white": white / total, "red": red / total}


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    path, size = Path(argv[0]), argv[1]
    want = tuple(int(n) for n in size.lower().split("x"))
    width, height, rows = read_png(path)
    figures = measure(rows)
    print(f"{path.name}: {width}x{height}, {figures['colours']} colours, "
          f"green {figures['green']:.0%}, white {figures['white']:.1%}, red {figures['red']:.2%}")
    problems = []
    if (width, height) != want:
        problems.append(f"size {width}x{height}, expected {want[0]}x{want[1]}")
    if figures["colours"] < 1000:
        problems.append(f"only {figures['colours']} distinct colours: a flat or empty window")
    if figures["green"] < 0.15:
        problems.append(f"green baize on {figures['green']:.0%} of the picture (expected at least 15%)")
    if figures["white"] < 0.02:
        problems.append(f"white card faces on {figures['white']:.1%} (expected at least 2%)")
    if figures["red"] < 0.002:
        problems.append(f"red on {figures['red']:.2%} (expected the red suits or the card backs)")
    for problem in problems:
        print(f"check_screenshot: {path}: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
