"""The Compendium's own playing cards, drawn as SVG text.

Every shape here (suit symbols, pips, court figures, the jester, the backs) is our own path data,
so a card looks the same on every machine; only the corner indices use a font, a bold serif,
which QtSvg renders as text.  The module is Qt-free: ``card_renderer`` turns the text into pixmaps.

Cards are drawn on a 250 x 350 canvas (the 2.5 x 3.5 inch proportion of a standard card).
Markers for tests and tools: every pip carries ``class="pip"``, the corner indices
``class="index"``.
"""
from __future__ import annotations

import math
from functools import lru_cache

WIDTH = 250
HEIGHT = 350
_CX = WIDTH / 2
_CY = HEIGHT / 2

# One family string, as CSS would write it.  QtSvg takes the whole string as a single family
# name, so the renderer registers it as a font substitution for the same list.
INDEX_FONT = "DejaVu Serif, Georgia, serif"
INDEX_FONT_FALLBACKS = ("DejaVu Serif", "Georgia", "Times New Roman", "Liberation Serif",
                        "Noto Serif", "Times")

SUITS = ("C", "D", "H", "S")
BACK_STYLES = ("classic", "blue")

# Ink: a deep, slightly warm red and a soft black read as "printed" rather than "on screen".
RED = "#b8202e"
BLACK = "#1c1a19"
FOUR_COLOUR = {"D": "#1f4fa3", "C": "#1b7a3e"}

_FACE = "#fdfbf5"        # ivory card stock
_EDGE = "#9e9686"        # the thin printed border
_PANEL = "#f6eedb"       # parchment behind the court figures
_INK = "#2a2321"         # outlines of the figures
_GOLD = "#d6a136"
_GOLD_DARK = "#a8781f"
_ROBE_RED = "#b3262f"
_ROBE_BLUE = "#284b8f"
_SKIN = "#f7e1c6"
_WHITE = "#fffdf7"
_HAIR = {"K": "#6f4423", "Q": "#a8612a", "J": "#c08a2e"}
_LEAF = "#58783a"


def _n(value: float) -> str:
    """A coordinate, without the noise of trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _club_outline() -> tuple[str, str]:
    """The club as one contour (three lobes and a flared stem), and its lobes alone.

    Built from circle intersections so the outline has no inner seams: it can be stroked as
    well as filled.
    """
    r = 22.0
    top, left, right = (0.0, -24.0), (-23.0, 9.0), (23.0, 9.0)

    def outer_meet(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
        # Of the two points where equal circles about a and b cross, the one away from the
        # middle of the club.
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        dist = math.hypot(dx, dy)
        h = math.sqrt(r * r - (dist / 2) ** 2)
        candidates = [(mx - dy * h / dist, my + dx * h / dist),
                      (mx + dy * h / dist, my - dx * h / dist)]
        return max(candidates, key=lambda pt: math.hypot(pt[0], pt[1] - 4))

    def on(centre: tuple[float, float], degrees: float) -> tuple[float, float]:
        rad = math.radians(degrees)
        return centre[0] + r * math.cos(rad), centre[1] + r * math.sin(rad)

    def angle(centre: tuple[float, float], pt: tuple[float, float]) -> float:
        return math.degrees(math.atan2(pt[1] - centre[1], pt[0] - centre[0])) % 360

    def arc(centre: tuple[float, float], start: tuple[float, float],
            end: tuple[float, float]) -> str:
        sweep = (angle(centre, end) - angle(centre, start)) % 360  # clockwise on screen
        return f"A{_n(r)},{_n(r)} 0 {1 if sweep > 180 else 0},1 {_n(end[0])},{_n(end[1])}"

    join_left, join_right = on(left, 40), on(right, 140)
    meet_left, meet_right = outer_meet(left, top), outer_meet(top, right)
    lobes = (f"M{_n(join_left[0])},{_n(join_left[1])} {arc(left, join_left, meet_left)} "
             f"{arc(top, meet_left, meet_right)} {arc(right, meet_right, join_right)}")
    stem = (f" C{_n(join_right[0])},34 10,43 18,48 L-18,48 C-10,43 {_n(join_left[0])},34 "
            f"{_n(join_left[0])},{_n(join_left[1])} Z")
    return lobes + stem, lobes


_CLUB, _CLUB_LOBES = _club_outline()

# Suit shapes, drawn in a 100-unit box centred on the origin (point or stem downwards).
_SUIT_PATHS = {
    "H": ("M0,46 C-6,34 -22,22 -36,8 C-48,-4 -52,-14 -50,-26 C-48,-40 -36,-48 -24,-47 "
          "C-12,-46 -4,-38 0,-28 C4,-38 12,-46 24,-47 C36,-48 48,-40 50,-26 "
          "C52,-14 48,-4 36,8 C22,22 6,34 0,46 Z"),
    "D": ("M0,-50 C10,-34 22,-16 37,0 C22,16 10,34 0,50 C-10,34 -22,16 -37,0 "
          "C-22,-16 -10,-34 0,-50 Z"),
    "S": ("M0,-50 C6,-38 22,-26 36,-12 C48,0 52,10 50,20 C48,33 36,40 24,38 "
          "C14,37 7,31 4,24 C5,34 9,42 18,48 L-18,48 C-9,42 -5,34 -4,24 "
          "C-7,31 -14,37 -24,38 C-36,40 -48,33 -50,20 C-52,10 -48,0 -36,-12 "
          "C-22,-26 -6,-38 0,-50 Z"),
    "C": _CLUB,
}
# The outline an ace engraves inside its pip: the whole edge, except across a stem.
_ENGRAVE_PATHS = {
    "H": _SUIT_PATHS["H"],
    "D": _SUIT_PATHS["D"],
    "S": ("M-4,24 C-7,31 -14,37 -24,38 C-36,40 -48,33 -50,20 C-52,10 -48,0 -36,-12 "
          "C-22,-26 -6,-38 0,-50 C6,-38 22,-26 36,-12 C48,0 52,10 50,20 "
          "C48,33 36,40 24,38 C14,37 7,31 4,24"),
    "C": _CLUB_LOBES,
}

# Pip centres (x, y) for 2..10, in the traditional places; the outer columns stand clear of
# the corner indices.
_LEFT, _MID, _RIGHT = 76.0, _CX, 174.0
_TOP, _BOTTOM = 76.0, 274.0
_ROW4 = [_TOP + i * (_BOTTOM - _TOP) / 3 for i in range(4)]     # the 9s and 10s
_PIP_LAYOUT: dict[int, list[tuple[float, float]]] = {
    2: [(_MID, _TOP), (_MID, _BOTTOM)],
    3: [(_MID, _TOP), (_MID, _CY), (_MID, _BOTTOM)],
    4: [(x, y) for y in (_TOP, _BOTTOM) for x in (_LEFT, _RIGHT)],
    5: [(x, y) for y in (_TOP, _BOTTOM) for x in (_LEFT, _RIGHT)] + [(_MID, _CY)],
    6: [(x, y) for y in (_TOP, _CY, _BOTTOM) for x in (_LEFT, _RIGHT)],
    7: [(x, y) for y in (_TOP, _CY, _BOTTOM) for x in (_LEFT, _RIGHT)]
       + [(_MID, (_TOP + _CY) / 2)],
    8: [(x, y) for y in (_TOP, _CY, _BOTTOM) for x in (_LEFT, _RIGHT)]
       + [(_MID, (_TOP + _CY) / 2), (_MID, (_CY + _BOTTOM) / 2)],
    9: [(x, y) for y in _ROW4 for x in (_LEFT, _RIGHT)] + [(_MID, _CY)],
    10: [(x, y) for y in _ROW4 for x in (_LEFT, _RIGHT)]
        + [(_MID, (_ROW4[0] + _ROW4[1]) / 2), (_MID, (_ROW4[2] + _ROW4[3]) / 2)],
}
_PIP_SCALE = 0.44

_RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_LABEL_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}


def suit_colour(suit: str, *, four_colour: bool = False) -> str:
    if four_colour and suit in FOUR_COLOUR:
        return FOUR_COLOUR[suit]
    return RED if suit in ("H", "D") else BLACK


def _suit(suit: str, x: float, y: float, scale: float, fill: str, *, flip: bool = False,
          cls: str = "") -> str:
    """A suit symbol centred on (x, y), ``scale`` times its 100-unit design size."""
    rot = " rotate(180)" if flip else ""
    attr = f' class="{cls}"' if cls else ""
    return (f'<path{attr} d="{_SUIT_PATHS[suit]}" fill="{fill}" '
            f'transform="translate({_n(x)},{_n(y)}){rot} scale({_n(scale)})"/>')


def _svg(body: str, title: str, width: float = WIDTH, height: float = HEIGHT) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" version="1.2" baseProfile="tiny" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" width="{_n(width)}" height="{_n(height)}">'
            f"<title>{title}</title>{body}</svg>")


def _blank_face() -> str:
    # Inset by a unit so the border's stroke is not cut at the canvas edge.
    return (f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="14" ry="14" '
            f'fill="{_FACE}" stroke="{_EDGE}" stroke-width="1.6"/>')


def _rotated(fragment: str) -> str:
    """The fragment turned end for end, for the double-ended half of a card."""
    return f'<g transform="rotate(180 {_n(_CX)} {_n(_CY)})">{fragment}</g>'


def _rank_glyphs(label: str, x: float, baseline: float, size: float, colour: str,
                 anchor: str = "middle") -> str:
    """The rank in bold serif.  A "10" set as one word is nearly twice as wide as a single
    figure, and the "1" carries wide side-bearings: each figure is set on its own, slightly
    narrowed and drawn together, so the 10 reads at the same height as every other index."""
    half = size * 0.42
    shift = {"middle": 0.0, "start": half, "end": -half}[anchor]
    glyphs = ([(label, x + (0.0 if anchor == "middle" else shift * 0.55), 1.0)] if len(label) == 1
              else [("1", x + shift - half * 0.47, 0.72), ("0", x + shift + half * 0.47, 0.72)])
    return "".join(
        f'<g transform="translate({_n(gx)},{_n(baseline)}) scale({_n(squeeze)},1)"><text x="0" y="0" '
        f'text-anchor="middle" font-family="{INDEX_FONT}" font-weight="bold" '
        f'font-size="{_n(size)}" fill="{colour}">{glyph}</text></g>'
        for glyph, gx, squeeze in glyphs)


def _index(label: str, suit: str, colour: str) -> str:
    """The classic corner index: the rank in bold serif over a small suit symbol, within the
    top 80 units (0.32 of the card's width), so a card covered in a downward fan still shows
    its rank and its suit.  All four corners carry it, and all upright: a fan spread upwards
    shows the covered cards' lower edge, where an index turned end for end would let a 6 be
    read as a 9."""
    corner = f'<g class="index">{_rank_glyphs(label, 25, 46, 44, colour)}{_suit(suit, 25, 66, 0.24, colour)}</g>'
    right = f'<g transform="translate({_n(WIDTH - 50)},0)">{corner}</g>'
    low = HEIGHT - 92
    return (corner + right + f'<g transform="translate(0,{_n(low)})">{corner}</g>'
            + f'<g transform="translate({_n(WIDTH - 50)},{_n(low)})">{corner}</g>')


def _side_by_side(label: str, suit: str, colour: str, width: float, height: float, *, inset: float,
                  baseline: float, size: float, suit_x: float, suit_y: float, scale: float,
                  band: float) -> str:
    """Rank and suit side by side in each corner, upright: the rank outermost, the suit inside
    it; the lower pair ``band`` units above the bottom edge."""
    left = (f'<g class="index">{_rank_glyphs(label, inset, baseline, size, colour, "start")}'
            f'{_suit(suit, suit_x, suit_y, scale, colour)}</g>')
    right = (f'<g class="index">{_suit(suit, width - suit_x, suit_y, scale, colour)}'
             f'{_rank_glyphs(label, width - inset, baseline, size, colour, "end")}</g>')
    low = height - band
    return (left + right + f'<g transform="translate(0,{_n(low)})">{left}</g>'
            + f'<g transform="translate(0,{_n(low)})">{right}</g>')


def _large_index(label: str, suit: str, colour: str) -> str:
    """The large index, for reading at a distance: a big rank and its suit side by side across
    each corner (the top 66 units), upright in all four corners."""
    return _side_by_side(label, suit, colour, WIDTH, HEIGHT, inset=8, baseline=60, size=62,
                         suit_x=82, suit_y=36, scale=0.40, band=70)


def _side_index(label: str, suit: str, colour: str, width: float, height: float) -> str:
    """The index of a card lying on its side: rank and suit side by side, upright, in the
    four corners of the landscape card."""
    return _side_by_side(label, suit, colour, width, height, inset=8, baseline=44, size=42,
                         suit_x=57, suit_y=29, scale=0.23, band=54)


# --------------------------------------------------------------------------------------- pips

def _pip_face(rank: int, suit: str, colour: str) -> str:
    pips = [_suit(suit, x, y, _PIP_SCALE, colour, flip=y > _CY + 0.5, cls="pip")
            for x, y in _PIP_LAYOUT[rank]]
    return "".join(pips)


def _ace_face(suit: str, colour: str) -> str:
    if suit == "S":
        return _ace_of_spades(colour)
    return _suit(suit, _CX, _CY, 1.05, colour, cls="pip") + _engraving(suit, _CX, _CY, 0.9)


def _engraving(suit: str, x: float, y: float, scale: float) -> str:
    """A fine ivory line just inside a large pip, as on an engraved ace."""
    return (f'<path d="{_ENGRAVE_PATHS[suit]}" fill="none" stroke="{_FACE}" '
            f'stroke-width="{_n(1.6 / scale)}" stroke-linecap="round" '
            f'transform="translate({_n(x)},{_n(y)}) scale({_n(scale)})"/>')


def _ace_of_spades(colour: str) -> str:
    """The maker's card: a great spade inside a wreath, over a ribbon with our name."""
    parts: list[str] = []
    # A wreath of laurel leaves on a fine ring, leaves pointing up both sides.
    parts.append(f'<circle cx="{_n(_CX)}" cy="{_n(_CY)}" r="84" fill="none" '
                 f'stroke="{_GOLD_DARK}" stroke-width="1"/>')
    parts.append(f'<circle cx="{_n(_CX)}" cy="{_n(_CY)}" r="79" fill="none" '
                 f'stroke="{_GOLD_DARK}" stroke-width="0.6"/>')
    leaf = "M0,0 C4,-5 4,-11 0,-16 C-4,-11 -4,-5 0,0 Z"
    for i in range(19):
        # Angles from the bottom of the ring: the leaves climb each side from behind the
        # ribbon and stop short of meeting at the top.
        angle = 36 + i * 7.1
        for side in (-1, 1):
            parts.append(f'<path d="{leaf}" fill="{_LEAF}" stroke="{_INK}" stroke-width="0.4" '
                         f'transform="rotate({_n(side * angle)} {_n(_CX)} {_n(_CY)}) '
                         f'translate({_n(_CX)},{_n(_CY + 82)}) rotate({_n(side * 62)})"/>')
    parts.append(_suit("S", _CX, _CY - 4, 1.22, colour, cls="pip"))
    parts.append(_engraving("S", _CX, _CY - 4, 1.06))
    # A small rosette inside the spade.
    parts.append(f'<circle cx="{_n(_CX)}" cy="{_n(_CY - 2)}" r="9" fill="none" '
                 f'stroke="{_GOLD}" stroke-width="1.6"/>')
    for k in range(8):
        parts.append(f'<ellipse cx="{_n(_CX)}" cy="{_n(_CY - 8)}" rx="2" ry="4.5" '
                     f'fill="{_GOLD}" transform="rotate({k * 45} {_n(_CX)} {_n(_CY - 2)})"/>')
    # The ribbon.
    y = _CY + 72
    parts.append(f'<path d="M62,{_n(y - 9)} L188,{_n(y - 9)} L182,{_n(y)} L188,{_n(y + 9)} '
                 f'L62,{_n(y + 9)} L68,{_n(y)} Z" fill="{_WHITE}" stroke="{_INK}" '
                 'stroke-width="1"/>')
    parts.append(f'<text x="{_n(_CX)}" y="{_n(y + 4)}" text-anchor="middle" '
                 f'font-family="{INDEX_FONT}" font-weight="bold" font-size="11" '
                 f'letter-spacing="2" fill="{_INK}">COMPENDIUM</text>')
    return "".join(parts)


# ------------------------------------------------------------------------------ court figures

# The panel behind a court figure.  The two halves meet on a slight diagonal, as on the old
# double-headed English cards; each half's figure is drawn to end exactly on that line.
_PANEL_X0, _PANEL_Y0 = 50.0, 34.0
_PANEL_X1, _PANEL_Y1 = WIDTH - _PANEL_X0, HEIGHT - _PANEL_Y0

# Where the figure's hands are (its right hand is on the viewer's right before any mirroring).
_RIGHT_HAND = (160.0, 149.0)
_LEFT_HAND = (WIDTH - _RIGHT_HAND[0], _RIGHT_HAND[1])


def _diag(x: float) -> float:
    """The y of the dividing line at x (rotating the line half a turn gives the same line)."""
    return _CY + 8 - (x - _PANEL_X0) * 16 / (_PANEL_X1 - _PANEL_X0)


def _p(d: str, fill: str, stroke: str = _INK, width: float = 1.1, extra: str = "") -> str:
    return (f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{_n(width)}" '
            f'stroke-linejoin="round"{extra}/>')


def _mirror_d(d: str) -> str:
    """A path of absolute "x,y" pairs (no arcs) mirrored across the card's vertical centre."""
    out: list[str] = []
    for token in d.split():
        if "," in token:
            command = token[0] if token[0].isalpha() else ""
            x, y = token[len(command):].split(",")
            out.append(f"{command}{_n(WIDTH - float(x))},{y}")
        else:
            out.append(token)
    return " ".join(out)


def _pair(d: str, fill: str, width: float = 1.1, extra: str = "") -> str:
    """A shape and its mirror image across the figure's centre line."""
    return _p(d, fill, width=width, extra=extra) + _p(_mirror_d(d), fill, width=width, extra=extra)


def _circle(x: float, y: float, r: float, fill: str, width: float = 0.8) -> str:
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}" stroke="{_INK}" '
            f'stroke-width="{_n(width)}"/>')


def _robe(mantle: str, tunic: str) -> str:
    """Shoulders, mantle and the tunic down the front, ending on the dividing line."""
    d = _diag
    parts = [
        _p(f"M92,118 C78,121 68,132 65,150 L64,{_n(d(64))} L186,{_n(d(186))} L185,150 "
           "C182,132 172,121 158,118 C146,126 104,126 92,118 Z", mantle),
        _p(f"M106,126 C118,130 132,130 144,126 L146,{_n(d(146))} L104,{_n(d(104))} Z", tunic),
        # Gold borders of the mantle's opening.
        _p(f"M100,124 L107,126 L105,{_n(d(105))} L98,{_n(d(98))} Z", _GOLD, width=0.8),
        _p(f"M150,124 L143,126 L145,{_n(d(145))} L152,{_n(d(152))} Z", _GOLD, width=0.8),
        # Folds of the mantle, drawn faintly so they read as drape rather than as seams.
        _pair(f"M80,134 C75,148 74,160 76,{_n(d(76))} M90,140 C86,152 86,164 88,{_n(d(88))}",
              "none", width=0.7, extra=' stroke-opacity="0.45"'),
    ]
    # A line of small gold lozenges down the tunic.
    for y in (141.0, 157.0):
        parts.append(_p(f"M125,{_n(y - 5)} L129,{_n(y)} L125,{_n(y + 5)} L121,{_n(y)} Z",
                        _GOLD, width=0.6))
    return "".join(parts)


def _arms(sleeve: str) -> str:
    """Both forearms, coming out of the mantle to the hands, with gold cuffs."""
    right = ("M164,121 C176,126 184,139 182,152 C180,159 173,160 167,157 L163,155 L162,142 "
             "C167,140 170,135 165,128 Z")
    cuff = "M163,141 L169,140 L171,157 L165,157 Z"
    return _pair(right, sleeve) + _pair(cuff, _GOLD, width=0.8)


def _hands() -> str:
    """Two closed hands, knuckles towards the viewer."""
    parts: list[str] = []
    for x, y in (_RIGHT_HAND, _LEFT_HAND):
        parts.append(_p(f"M{_n(x - 5)},{_n(y - 5)} C{_n(x - 2)},{_n(y - 7.5)} {_n(x + 3)},"
                        f"{_n(y - 7.5)} {_n(x + 5.5)},{_n(y - 4.5)} C{_n(x + 7)},{_n(y)} "
                        f"{_n(x + 6)},{_n(y + 5)} {_n(x + 2)},{_n(y + 6.5)} C{_n(x - 2)},"
                        f"{_n(y + 7.5)} {_n(x - 6)},{_n(y + 5)} {_n(x - 6)},{_n(y + 1)} "
                        f"C{_n(x - 6.5)},{_n(y - 2)} {_n(x - 6.5)},{_n(y - 4)} {_n(x - 5)},"
                        f"{_n(y - 5)} Z", _SKIN, width=0.9))
        parts.append(_p(f"M{_n(x - 4.5)},{_n(y - 1)} L{_n(x + 5)},{_n(y - 1)} "
                        f"M{_n(x - 4.5)},{_n(y + 2.8)} L{_n(x + 4.5)},{_n(y + 2.8)}",
                        "none", width=0.5))
    return "".join(parts)


def _staff(x: float, top: float, colour: str) -> str:
    """A rod held upright in the right hand: an ink edge with a coloured core."""
    bottom = _diag(x) - 1
    return (f'<path d="M{_n(x)},{_n(bottom)} L{_n(x)},{_n(top)}" stroke="{_INK}" '
            f'stroke-width="4.2"/><path d="M{_n(x)},{_n(bottom - 0.8)} L{_n(x)},{_n(top + 0.8)}" '
            f'stroke="{colour}" stroke-width="2.2"/>')


def _face(cx: float, cy: float, rx: float, ry: float, *, lashes: bool = False,
          grin: bool = False) -> str:
    eye_dx, eye_y = rx * 0.4, cy - ry * 0.15
    parts = [
        f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}" fill="{_SKIN}" '
        f'stroke="{_INK}" stroke-width="1"/>',
    ]
    for side in (-1, 1):
        ex = cx + side * eye_dx
        parts.append(f'<path d="M{_n(ex - 3.6)},{_n(eye_y - 4)} Q{_n(ex)},{_n(eye_y - 6.5)} '
                     f'{_n(ex + 3.6)},{_n(eye_y - 4)}" fill="none" stroke="{_INK}" '
                     'stroke-width="1.1"/>')
        parts.append(f'<ellipse cx="{_n(ex)}" cy="{_n(eye_y)}" rx="2.2" ry="1.3" '
                     f'fill="{_INK}"/>')
        if lashes:
            parts.append(f'<path d="M{_n(ex - 2.8)},{_n(eye_y - 0.8)} Q{_n(ex)},'
                         f'{_n(eye_y - 2.8)} {_n(ex + 2.8)},{_n(eye_y - 0.8)}" fill="none" '
                         f'stroke="{_INK}" stroke-width="0.8"/>')
        parts.append(f'<circle cx="{_n(cx + side * rx * 0.55)}" cy="{_n(cy + ry * 0.3)}" '
                     f'r="3" fill="#e59a8a" fill-opacity="0.35"/>')
    parts.append(f'<path d="M{_n(cx)},{_n(eye_y)} C{_n(cx - 1)},{_n(eye_y + 5)} '
                 f'{_n(cx - 3)},{_n(eye_y + 8)} {_n(cx - 1.5)},{_n(eye_y + 9.5)} '
                 f'L{_n(cx + 1.5)},{_n(eye_y + 9.5)}" fill="none" stroke="{_INK}" '
                 'stroke-width="0.9"/>')
    mouth_y = cy + ry * 0.62
    if grin:
        parts.append(f'<path d="M{_n(cx - 6)},{_n(mouth_y - 2)} Q{_n(cx)},{_n(mouth_y + 4)} '
                     f'{_n(cx + 6)},{_n(mouth_y - 2)} Q{_n(cx)},{_n(mouth_y + 1)} '
                     f'{_n(cx - 6)},{_n(mouth_y - 2)} Z" fill="{_ROBE_RED}" stroke="{_INK}" '
                     'stroke-width="0.7"/>')
    else:
        parts.append(f'<ellipse cx="{_n(cx)}" cy="{_n(mouth_y)}" rx="3.4" ry="1.4" '
                     f'fill="{_ROBE_RED}"/>')
    return "".join(parts)


def _king(mantle: str, tunic: str) -> str:
    hair = _HAIR["K"]
    sx = _RIGHT_HAND[0]
    ox, oy = _LEFT_HAND[0], _LEFT_HAND[1] - 13
    parts = [
        # The sceptre's fleur; its rod is drawn over the robe, into the hand.
        _p(f"M{sx},42 C{sx + 5},48 {sx + 6},53 {sx},60 C{sx - 6},53 {sx - 5},48 {sx},42 Z",
           _GOLD, width=0.9),
        _p(f"M{sx},58 C{sx - 6},54 {sx - 10},58 {sx - 8},63 C{sx - 5},65 {sx - 2},63 {sx},61 Z",
           _GOLD, width=0.9),
        _p(f"M{sx},58 C{sx + 6},54 {sx + 10},58 {sx + 8},63 C{sx + 5},65 {sx + 2},63 {sx},61 Z",
           _GOLD, width=0.9),
        _p(f"M{sx - 6},62 L{sx + 6},62 L{sx + 6},66 L{sx - 6},66 Z", _GOLD, width=0.9),
        _robe(mantle, tunic),
        # Ermine collar.
        _p("M96,119 C108,127 142,127 154,119 L157,126 C145,136 105,136 93,126 Z", _WHITE),
    ]
    for x, y in ((101, 127), (113, 129.5), (125, 130.5), (137, 129.5), (149, 127)):
        parts.append(_p(f"M{x},{y - 2.5} L{x + 1.6},{y + 1.5} L{x - 1.6},{y + 1.5} Z",
                        _INK, width=0.3))
    parts += [
        _arms(tunic),
        _staff(sx, 62, _GOLD),
        # The orb, resting on the left hand.
        _circle(ox, oy, 8.5, _GOLD, width=1),
        _p(f"M{ox - 8.5},{oy} C{ox - 3},{oy + 3} {ox + 3},{oy + 3} {ox + 8.5},{oy}", "none",
           width=0.8),
        _p(f"M{ox},{oy - 8.5} L{ox},{oy + 2.2}", "none", width=0.8),
        _p(f"M{ox},{oy - 8.5} L{ox},{oy - 16} M{ox - 3.5},{oy - 13} L{ox + 3.5},{oy - 13}",
           "none", width=1.4),
        _hands(),
        # Hair, face and beard.
        _pair("M110,70 C102,80 101,98 106,110 C108,114 112,114 114,111 "
              "C111,98 111,84 115,75 Z", hair),
        _face(125, 88, 14, 17),
        _p("M110,95 C110,110 117,121 125,123 C133,121 140,110 140,95 "
           "C136,102 131,104 125,104 C119,104 114,102 110,95 Z", hair),
        _p("M115,100 C119,96 123,97 125,99 C127,97 131,96 135,100 "
           "C131,101.5 127,101.5 125,100.5 C123,101.5 119,101.5 115,100 Z", hair, width=0.6),
        _p("M121,106 Q125,108 129,106", "none", width=0.8),
        # Crown over a velvet cap.
        _p("M108,68 C108,48 142,48 142,68 Z", _ROBE_RED),
        _p("M105,71 L103,48 L113,58 L119,43 L125,55 L131,43 L137,58 L147,48 L145,71 Z",
           _GOLD),
        _p("M104,63 L146,63 L146,72 L104,72 Z", _GOLD),
    ]
    for x, y in ((103, 48), (119, 43), (131, 43), (147, 48)):
        parts.append(_circle(x, y, 2.6, _WHITE))
    for x, colour in ((113, _ROBE_RED), (125, _ROBE_BLUE), (137, _ROBE_RED)):
        parts.append(_circle(x, 67.5, 2.6, colour, width=0.6))
    return "".join(parts)


def _queen(mantle: str, tunic: str) -> str:
    hair = _HAIR["Q"]
    hx, hy = _RIGHT_HAND
    parts = [
        # Long hair falls behind the shoulders.
        _pair("M111,72 C98,80 95,104 98,124 C102,129 109,127 112,122 "
              "C108,106 108,88 114,77 Z", hair),
        _robe(mantle, tunic),
        # Square neckline trimmed in gold, with a string of pearls.
        _p("M110,110 L140,110 L141,124 L109,124 Z", _SKIN, width=0.9),
        _p("M104,122 L146,122 L146,127 L104,127 Z", _GOLD, width=0.8),
    ]
    for i in range(7):
        x = 113 + i * 4
        y = 114 + 3.2 * (1 - ((i - 3) / 3) ** 2)
        parts.append(_circle(x, y, 1.5, _WHITE, width=0.5))
    # A rose on a long stem in the right hand.
    fx, fy = hx + 3, 92.0
    parts += [
        _p(f"M{hx},{hy + 4} C{hx + 4},{hy - 16} {hx - 3},{hy - 32} {fx},{fy + 6}", "none",
           stroke=_LEAF, width=1.8),
        _p(f"M{hx + 1},{hy - 20} C{hx + 8},{hy - 27} {hx + 15},{hy - 26} {hx + 18},{hy - 22} "
           f"C{hx + 13},{hy - 18} {hx + 7},{hy - 17} {hx + 1},{hy - 20} Z", _LEAF, width=0.6),
        _p(f"M{hx},{hy - 34} C{hx - 7},{hy - 40} {hx - 13},{hy - 39} {hx - 16},{hy - 36} "
           f"C{hx - 11},{hy - 32} {hx - 5},{hy - 31} {hx},{hy - 34} Z", _LEAF, width=0.6),
        _arms(tunic),
    ]
    for k in range(5):
        parts.append(f'<circle cx="{_n(fx)}" cy="{_n(fy - 5)}" r="4.6" fill="{_ROBE_RED}" '
                     f'stroke="{_INK}" stroke-width="0.7" '
                     f'transform="rotate({k * 72} {_n(fx)} {_n(fy)})"/>')
    parts += [
        _circle(fx, fy, 3, _GOLD, width=0.6),
        _hands(),
        _face(125, 90, 13, 16, lashes=True),
        # Hair parted over the brow.
        _p("M112,86 C111,75 117,71 125,71 C133,71 139,75 138,86 C134,80 129,78 125,80 "
           "C121,78 116,80 112,86 Z", hair, width=0.8),
        # Coronet of fleurons and pearls.
        _p("M109,75 C118,70 132,70 141,75 L141,69 C132,64 118,64 109,69 Z", _GOLD),
    ]
    for x, y, size in ((113, 72, 0.8), (125, 67, 1.0), (137, 72, 0.8)):
        parts.append(_p("M0,0 C-4,-4 -5,-9 -2,-12 C-1,-10 0,-9 0,-14 C0,-9 1,-10 2,-12 "
                        "C5,-9 4,-4 0,0 Z", _GOLD, width=0.7,
                        extra=f' transform="translate({x},{y}) scale({size})"'))
    for x in (116, 125, 134):
        parts.append(f'<circle cx="{x}" cy="71.5" r="1.6" fill="{_ROBE_RED}"/>')
    return "".join(parts)


def _knave(mantle: str, tunic: str) -> str:
    hair = _HAIR["J"]
    sx = _RIGHT_HAND[0]
    lx, ly = _LEFT_HAND
    steel = "#cfd3d6"
    parts = [
        # The head of a halberd; its shaft is drawn over the robe, into the hand.
        _p(f"M{sx},38 L{sx + 3},50 L{sx - 3},50 Z", steel, width=0.8),
        _p(f"M{sx + 2},52 C{sx + 12},52 {sx + 19},58 {sx + 19},68 C{sx + 14},65 {sx + 8},66 "
           f"{sx + 2},70 Z", steel, width=0.9),
        _p(f"M{sx - 2},54 L{sx - 10},60 L{sx - 2},64 Z", steel, width=0.8),
        _robe(mantle, tunic),
        # A falling collar.
        _p("M104,116 C112,125 120,126 125,122 C130,126 138,125 146,116 C138,114 112,114 "
           "104,116 Z", _WHITE),
        *(_circle(125, y, 1.8, _GOLD, width=0.5) for y in (133, 149, 165)),
        _arms(tunic),
        _staff(sx, 50, "#7a5431"),
        # The left hand holds up a leaf, as the knaves of the old packs do.
        _p(f"M{lx},{ly} C{lx - 9},{ly - 10} {lx - 10},{ly - 26} {lx - 3},{ly - 40} "
           f"C{lx + 6},{ly - 27} {lx + 6},{ly - 11} {lx},{ly} Z", _LEAF, width=0.8),
        _p(f"M{lx},{ly - 2} C{lx - 1},{ly - 16} {lx - 2},{ly - 28} {lx - 3},{ly - 38}", "none",
           width=0.6),
        _hands(),
        # Curled hair at the sides, the face, then the cap with its plume.
        _pair("M111,74 C104,78 103,86 107,89 C103,93 105,101 111,102 C113,97 112,90 114,86 "
              "C112,82 113,78 115,76 Z", hair, width=0.8),
        _face(125, 90, 13, 16),
        _p("M108,76 C106,62 116,54 128,54 C140,54 150,60 146,74 C138,70 116,70 108,76 Z",
           mantle),
        _p("M107,77 C117,70 137,70 147,74 L147,79 C137,75 117,75 107,82 Z", _GOLD, width=0.9),
        _p("M112,64 C106,51 97,43 87,43 C94,46 98,51 101,57 C96,55 92,56 88,59 "
           "C97,59 104,63 110,70 Z", _WHITE, width=0.9),
        _p("M87,43 C94,46 98,51 101,57", "none", width=0.6),
        _p("M88,59 C95,59 99,61 104,64", "none", width=0.6),
    ]
    return "".join(parts)


_FIGURES = {11: _knave, 12: _queen, 13: _king}
# Robe colours (mantle, tunic) per suit, so the four courts of a rank are told apart at a glance.
_ROBES = {"S": (_ROBE_BLUE, _ROBE_RED), "H": (_ROBE_RED, _ROBE_BLUE),
          "D": (_ROBE_RED, _GOLD), "C": (_ROBE_BLUE, _GOLD)}


def _panel() -> str:
    width, height = _PANEL_X1 - _PANEL_X0, _PANEL_Y1 - _PANEL_Y0
    return (f'<rect x="{_n(_PANEL_X0)}" y="{_n(_PANEL_Y0)}" width="{_n(width)}" '
            f'height="{_n(height)}" fill="{_PANEL}" stroke="{_INK}" stroke-width="1.4"/>')


def _panel_line() -> str:
    """The fine gold rule just inside the panel's edge, drawn last so nothing covers it."""
    width, height = _PANEL_X1 - _PANEL_X0 - 6, _PANEL_Y1 - _PANEL_Y0 - 6
    return (f'<rect x="{_n(_PANEL_X0 + 3)}" y="{_n(_PANEL_Y0 + 3)}" width="{_n(width)}" '
            f'height="{_n(height)}" fill="none" stroke="{_GOLD_DARK}" stroke-width="0.8"/>')


def _court_face(rank: int, suit: str, colour: str) -> str:
    mantle, tunic = _ROBES[suit]
    figure = _FIGURES[rank](mantle, tunic) + _suit(suit, 68, 54, 0.2, colour,
                                                   cls="court-suit")
    # Spades and diamonds look the other way, as courts do in a real pack.
    if suit in ("S", "D"):
        figure = f'<g transform="translate({WIDTH},0) scale(-1,1)">{figure}</g>'
    half = f'<g class="figure">{figure}</g>'
    divider = (f'<path d="M{_n(_PANEL_X0)},{_n(_diag(_PANEL_X0))} L{_n(_PANEL_X1)},'
               f'{_n(_diag(_PANEL_X1))}" stroke="{_INK}" stroke-width="1.2"/>')
    return _panel() + half + _rotated(half) + divider + _panel_line()


# ---------------------------------------------------------------------------------- the cards

DECKS = ("classic", "large")


def card_svg(rank: int, suit: str, *, four_colour: bool = False, deck: str = "classic",
             landscape: bool = False) -> str:
    """The face of a card: rank 1 (ace) to 13 (king), suit "C", "D", "H" or "S"; in the
    ``deck``'s style of index, upright or (``landscape``) lying on its side with its indices
    still upright."""
    if suit not in _SUIT_PATHS:
        raise ValueError(f"unknown suit {suit!r}")
    if not 1 <= rank <= 13:
        raise ValueError(f"rank must be 1..13, not {rank}")
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}; expected one of {DECKS}")
    return _card_svg(rank, suit, four_colour and suit in FOUR_COLOUR, deck, landscape)


def _landscape_face() -> str:
    return (f'<rect x="1" y="1" width="{HEIGHT - 2}" height="{WIDTH - 2}" rx="14" ry="14" '
            f'fill="{_FACE}" stroke="{_EDGE}" stroke-width="1.6"/>')


@lru_cache(maxsize=None)
def _card_svg(rank: int, suit: str, four_colour: bool, deck: str = "classic", landscape: bool = False) -> str:
    colour = suit_colour(suit, four_colour=four_colour)
    label = _RANK_LABELS.get(rank, str(rank))
    if rank == 1:
        centre = _ace_face(suit, colour)
    elif rank <= 10:
        centre = _pip_face(rank, suit, colour)
    else:
        centre = _court_face(rank, suit, colour)
    if landscape:
        # the picture turned a quarter to the right, the indices set upright in its corners
        turned = f'<g transform="translate({HEIGHT},0) rotate(90)">{centre}</g>'
        body = _landscape_face() + turned + _side_index(label, suit, colour, HEIGHT, WIDTH)
        return _svg(body, f"{label}{suit}", HEIGHT, WIDTH)
    if deck == "large":
        # the picture drawn a little smaller, so the big indices keep clear of its pips
        centre = (f'<g transform="translate({_n(_CX)},{_n(_CY)}) scale(0.76) '
                  f'translate({_n(-_CX)},{_n(-_CY)})">{centre}</g>')
        return _svg(_blank_face() + centre + _large_index(label, suit, colour), f"{label}{suit}")
    return _svg(_blank_face() + centre + _index(label, suit, colour), f"{label}{suit}")


# ---------------------------------------------------------------------------------- the joker

def _jester() -> str:
    gold, red, blue = _GOLD, _ROBE_RED, _ROBE_BLUE
    parts = [
        # Bauble on a stick, held high in the right hand.
        f'<path d="M166,176 L170,74" stroke="{_INK}" stroke-width="3.6"/>',
        '<path d="M166,176 L170,74" stroke="#7a5431" stroke-width="1.8"/>',
        _p("M170,52 C178,52 182,60 180,68 C178,74 162,74 160,68 C158,60 162,52 170,52 Z",
           gold),
        _p("M163,60 L177,60", "none", width=0.7),
        _p("M161,70 C154,78 152,86 154,94 M179,70 C186,78 188,86 186,94", "none",
           stroke=red, width=1.8),
        # Legs in counterchange, and curled shoes with bells.
        _p("M108,244 L122,244 L121,296 L107,296 Z", blue),
        _p("M128,244 L142,244 L143,296 L129,296 Z", red),
        _p("M107,294 L121,294 L121,304 L96,304 C88,304 84,298 86,292 C90,297 96,297 107,294 Z",
           gold),
        _p("M129,294 L143,294 C154,297 160,297 164,292 C166,298 162,304 154,304 L129,304 Z",
           gold),
        f'<circle cx="86" cy="290" r="3" fill="{gold}" stroke="{_INK}" stroke-width="0.7"/>',
        f'<circle cx="164" cy="290" r="3" fill="{gold}" stroke="{_INK}" stroke-width="0.7"/>',
        # Motley tunic, red on one side and blue on the other, with a dagged hem.
        _p("M125,160 L125,236 L100,236 C98,210 96,186 104,162 Z", red),
        _p("M125,160 L125,236 L150,236 C152,210 154,186 146,162 Z", blue),
        _p("M100,234 L150,234 L146,250 L140,240 L133,252 L125,240 L117,252 L110,240 "
           "L104,250 Z", gold),
        _p("M101,224 L149,224 L149,231 L101,231 Z", _INK, width=0.4),
        _p("M121,223 L129,223 L129,232 L121,232 Z", gold, width=0.6),
    ]
    parts += [f'<circle cx="125" cy="{y}" r="2" fill="{gold}" stroke="{_INK}" '
              'stroke-width="0.5"/>' for y in (176, 192, 208)]
    parts += [
        # Right arm raised to the bauble, left hand on the hip.
        _p("M146,164 C156,166 164,160 166,148 L174,150 C174,166 162,178 148,178 Z", blue),
        f'<ellipse cx="169" cy="145" rx="5.5" ry="6" fill="{_SKIN}" stroke="{_INK}" '
        'stroke-width="0.9"/>',
        _p("M104,164 C94,170 86,184 90,196 C94,204 102,206 106,206 L106,198 "
           "C100,196 98,190 100,184 C102,178 106,176 108,176 Z", red),
        f'<ellipse cx="108" cy="202" rx="5" ry="6" fill="{_SKIN}" stroke="{_INK}" '
        'stroke-width="0.9"/>',
        # Ruff of alternating points.
    ]
    for i in range(9):
        x0 = 99 + i * 5.8
        parts.append(_p(f"M{_n(x0)},150 L{_n(x0 + 5.8)},150 L{_n(x0 + 2.9)},164 Z",
                        red if i % 2 == 0 else gold, width=0.7))
    parts += [
        _face(125, 130, 13, 15, grin=True),
        # The three-pointed cap, each point ending in a bell.
        _p("M111,120 C104,104 92,94 72,100 C86,102 96,110 104,124 Z", red),
        _p("M139,120 C146,104 158,94 178,100 C164,102 154,110 146,124 Z", blue),
        _p("M112,120 C110,100 116,80 126,64 C132,80 140,100 138,120 Z", gold),
        _p("M110,118 C118,112 132,112 140,118 L141,125 C132,120 118,120 109,125 Z", _INK,
           width=0.5),
    ]
    for x, y in ((72, 100), (178, 100), (126, 64)):
        parts.append(f'<circle cx="{x}" cy="{y}" r="4" fill="{gold}" stroke="{_INK}" '
                     'stroke-width="0.8"/>')
    return "".join(parts)


def _harlequin() -> str:
    """Faint diamonds behind the jester: one lozenge inscribed in each cell inside the panel."""
    x0, y0 = _PANEL_X0 + 3, _PANEL_Y0 + 3
    cols, rows = 6, 8
    w, h = (_PANEL_X1 - _PANEL_X0 - 6) / cols, (_PANEL_Y1 - _PANEL_Y0 - 6) / rows
    d = " ".join(f"M{_n(x0 + (c + 0.5) * w)},{_n(y0 + r * h)} L{_n(x0 + (c + 1) * w)},"
                 f"{_n(y0 + (r + 0.5) * h)} L{_n(x0 + (c + 0.5) * w)},{_n(y0 + (r + 1) * h)} "
                 f"L{_n(x0 + c * w)},{_n(y0 + (r + 0.5) * h)} Z"
                 for r in range(rows) for c in range(cols))
    return f'<path d="{d}" fill="#ede0c0"/>'


@lru_cache(maxsize=None)
def joker_svg() -> str:
    """The joker: a jester of our own, with JOKER spelt down the corners."""
    letters = "".join(
        f'<text x="24" y="{44 + i * 25}" text-anchor="middle" font-family="{INDEX_FONT}" '
        f'font-weight="bold" font-size="23" fill="{RED}">{ch}</text>'
        for i, ch in enumerate("JOKER"))
    star = "M0,-9 L2.6,-2.8 9,-2.8 3.9,1.2 5.8,8 0,4 -5.8,8 -3.9,1.2 -9,-2.8 -2.6,-2.8 Z"
    corner = (f'<g class="index">{letters}<path d="{star}" fill="{_GOLD}" stroke="{_INK}" '
              'stroke-width="0.6" transform="translate(24,160)"/></g>')
    figure = f'<g class="figure">{_jester()}</g>'
    return _svg(_blank_face() + _panel() + _harlequin() + figure + _panel_line() + corner
                + _rotated(corner), "JOKER")


# ---------------------------------------------------------------------------------- the backs

# The pattern sits on a grid of square cells inside a white margin; each cell draws only
# inside itself, so the pattern needs no clipping (QtSvg's support for clip paths is partial).
_CELL = 20.0
_COLS, _ROWS = 10, 15
_GRID_X0 = (WIDTH - _COLS * _CELL) / 2
_GRID_Y0 = (HEIGHT - _ROWS * _CELL) / 2

_BACK_COLOURS = {
    # (field, line, accent)
    "classic": ("#6d1521", "#d9ae62", "#f1d9a4"),
    "blue": ("#1b2f5c", "#9fb9dd", "#e4ecf7"),
}


def _back_frame(field: str, line: str) -> str:
    inset = _GRID_X0 - 7
    return (_blank_face()
            + f'<rect x="{_n(inset)}" y="{_n(inset)}" width="{_n(WIDTH - 2 * inset)}" '
              f'height="{_n(HEIGHT - 2 * inset)}" rx="7" ry="7" fill="{field}"/>'
            + f'<rect x="{_n(inset + 3.5)}" y="{_n(inset + 3.5)}" '
              f'width="{_n(WIDTH - 2 * inset - 7)}" height="{_n(HEIGHT - 2 * inset - 7)}" '
              f'rx="4" ry="4" fill="none" stroke="{line}" stroke-width="0.9"/>')


def _lattice(line: str, accent: str) -> str:
    """Diamond lattice with a four-petalled rosette in every diamond and a dot at every knot."""
    h = _CELL / 2
    diamonds: list[str] = []
    dots: list[str] = []
    petals: list[str] = []
    for row in range(_ROWS):
        for col in range(_COLS):
            x, y = _GRID_X0 + col * _CELL, _GRID_Y0 + row * _CELL
            cx, cy = x + h, y + h
            diamonds.append(f"M{_n(cx)},{_n(y)} L{_n(x + _CELL)},{_n(cy)} "
                            f"L{_n(cx)},{_n(y + _CELL)} L{_n(x)},{_n(cy)} Z")
            petals.append(f"M{_n(cx)},{_n(cy - 6)} Q{_n(cx + 2.2)},{_n(cy)} {_n(cx)},"
                          f"{_n(cy + 6)} Q{_n(cx - 2.2)},{_n(cy)} {_n(cx)},{_n(cy - 6)} Z "
                          f"M{_n(cx - 6)},{_n(cy)} Q{_n(cx)},{_n(cy + 2.2)} {_n(cx + 6)},"
                          f"{_n(cy)} Q{_n(cx)},{_n(cy - 2.2)} {_n(cx - 6)},{_n(cy)} Z")
            if row < _ROWS - 1 and col < _COLS - 1:  # the knot at this cell's lower right
                dots.append(f"M{_n(x + _CELL - 1.3)},{_n(y + _CELL)} a1.3,1.3 0 1,0 2.6,0 "
                            "a1.3,1.3 0 1,0 -2.6,0 Z")
    return (f'<path d="{" ".join(diamonds)}" fill="none" stroke="{line}" stroke-width="0.8"/>'
            f'<path d="{" ".join(petals)}" fill="{line}" fill-opacity="0.75"/>'
            f'<path d="{" ".join(dots)}" fill="{accent}"/>')


def _medallion(field: str, line: str, accent: str) -> str:
    """An oval cartouche in the middle of the classic back, with an eight-petalled rosette."""
    parts = [f'<ellipse cx="{_n(_CX)}" cy="{_n(_CY)}" rx="42" ry="54" fill="{field}" '
             f'stroke="{line}" stroke-width="1.4"/>',
             f'<ellipse cx="{_n(_CX)}" cy="{_n(_CY)}" rx="37" ry="49" fill="none" '
             f'stroke="{line}" stroke-width="0.7"/>']
    for k in range(16):
        length = 30 if k % 2 == 0 else 20
        parts.append(f'<path d="M0,0 C5,-{length * 0.35} 4,-{length * 0.8} 0,-{length} '
                     f'C-4,-{length * 0.8} -5,-{length * 0.35} 0,0 Z" fill="{line}" '
                     f'fill-opacity="{0.9 if k % 2 == 0 else 0.6}" '
                     f'transform="translate({_n(_CX)},{_n(_CY)}) rotate({k * 22.5})"/>')
    parts.append(f'<circle cx="{_n(_CX)}" cy="{_n(_CY)}" r="6" fill="{accent}" '
                 f'stroke="{field}" stroke-width="1.5"/>')
    return "".join(parts)


def _rings(line: str, accent: str) -> str:
    """Interlaced circles centred on every knot of the grid, drawn cell by cell as arcs."""
    radius = _CELL * 0.7071
    arcs: list[str] = []
    dots: list[str] = []
    for row in range(_ROWS):
        for col in range(_COLS):
            x0, y0 = _GRID_X0 + col * _CELL, _GRID_Y0 + row * _CELL
            x1, y1 = x0 + _CELL, y0 + _CELL
            # From each corner, the quarter of its circle that falls inside this cell.
            arcs.append(f"M{_n(x0 + radius)},{_n(y0)} A{_n(radius)},{_n(radius)} 0 0,1 "
                        f"{_n(x0)},{_n(y0 + radius)}")
            arcs.append(f"M{_n(x1)},{_n(y0 + radius)} A{_n(radius)},{_n(radius)} 0 0,1 "
                        f"{_n(x1 - radius)},{_n(y0)}")
            arcs.append(f"M{_n(x1 - radius)},{_n(y1)} A{_n(radius)},{_n(radius)} 0 0,1 "
                        f"{_n(x1)},{_n(y1 - radius)}")
            arcs.append(f"M{_n(x0)},{_n(y1 - radius)} A{_n(radius)},{_n(radius)} 0 0,1 "
                        f"{_n(x0 + radius)},{_n(y1)}")
            cx, cy = x0 + _CELL / 2, y0 + _CELL / 2
            dots.append(f"M{_n(cx - 1.6)},{_n(cy)} a1.6,1.6 0 1,0 3.2,0 "
                        "a1.6,1.6 0 1,0 -3.2,0 Z")
    return (f'<path d="{" ".join(arcs)}" fill="none" stroke="{line}" stroke-width="0.9"/>'
            f'<path d="{" ".join(dots)}" fill="{accent}"/>')


@lru_cache(maxsize=None)
def back_svg(style: str = "classic") -> str:
    """A card back: "classic" (dark red lattice with a rosette) or "blue" (interlaced rings)."""
    if style not in _BACK_COLOURS:
        raise ValueError(f"unknown back style {style!r}; expected one of {BACK_STYLES}")
    field, line, accent = _BACK_COLOURS[style]
    if style == "classic":
        pattern = _lattice(line, accent) + _medallion(field, line, accent)
    else:
        pattern = _rings(line, accent)
    return _svg(_back_frame(field, line) + pattern, f"back ({style})")


def svg_for_key(key: str, *, four_colour: bool = False, deck: str = "classic",
                landscape: bool = False) -> str:
    """SVG for an art key: "AS", "10H", "QD", "JOKER", "BACK" or "BACK:<style>"; faces in the
    ``deck``'s index style, ``landscape`` for a face lying on its side (backs and the joker are
    turned by the renderer)."""
    upper = key.strip().upper()
    if upper == "JOKER":
        return joker_svg()
    if upper == "BACK":
        return back_svg()
    if upper.startswith("BACK:"):
        return back_svg(key.strip()[5:].lower())
    label, suit = upper[:-1], upper[-1:]
    if label not in _LABEL_RANKS or suit not in _SUIT_PATHS:
        raise ValueError(f"not a card key: {key!r}")
    return card_svg(_LABEL_RANKS[label], suit, four_colour=four_colour, deck=deck, landscape=landscape)


def all_keys() -> list[str]:
    """Every face key (suit by suit, ace to king), then the joker and one back per style."""
    faces = [f"{_RANK_LABELS.get(r, str(r))}{s}" for s in SUITS for r in range(1, 14)]
    return faces + ["JOKER"] + [f"BACK:{style}" for style in BACK_STYLES]
