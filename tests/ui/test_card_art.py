"""The card art (SVG text) and the cached renderer that turns it into pixmaps."""
from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from compendium.ui.table import card_art
from compendium.ui.table.card_art import BLACK, FOUR_COLOUR, RED, card_svg, svg_for_key
from compendium.ui.table.card_renderer import CardRenderer, contact_sheet, shared_renderer

SVG_NS = "{http://www.w3.org/2000/svg}"
LABELS = ["A", *(str(n) for n in range(2, 11)), "J", "Q", "K"]
FACE_KEYS = [f"{label}{suit}" for suit in "CDHS" for label in LABELS]
ALL_KEYS = FACE_KEYS + ["JOKER", "BACK", "BACK:classic", "BACK:blue"]


def _elements_with_class(svg: str, cls: str) -> list[ET.Element]:
    return [el for el in ET.fromstring(svg).iter() if el.get("class") == cls]


# ------------------------------------------------------------------------------------ the SVG

@pytest.mark.parametrize("key", ALL_KEYS)
def test_every_key_is_well_formed_svg_on_a_card_canvas(key: str) -> None:
    root = ET.fromstring(svg_for_key(key))
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") == "0 0 250 350"


def test_every_card_has_its_own_art() -> None:
    faces = {svg_for_key(key) for key in FACE_KEYS}
    assert len(faces) == 52
    others = {svg_for_key("JOKER"), card_art.back_svg("classic"), card_art.back_svg("blue")}
    assert len(others) == 3
    assert not faces & others


def test_back_key_defaults_to_the_classic_back() -> None:
    assert svg_for_key("BACK") == card_art.back_svg() == svg_for_key("BACK:classic")


@pytest.mark.parametrize("suit", "CDHS")
@pytest.mark.parametrize("rank", range(1, 14))
def test_pip_count_matches_the_rank(rank: int, suit: str) -> None:
    pips = _elements_with_class(card_svg(rank, suit), "pip")
    expected = rank if 2 <= rank <= 10 else (1 if rank == 1 else 0)
    assert len(pips) == expected


@pytest.mark.parametrize("rank", range(2, 11))
def test_pips_in_the_lower_half_are_upside_down(rank: int) -> None:
    for pip in _elements_with_class(card_svg(rank, "S"), "pip"):
        transform = pip.get("transform", "")
        y = float(transform.split("translate(")[1].split(")")[0].split(",")[1])
        assert ("rotate(180)" in transform) == (y > 175.5)


@pytest.mark.parametrize("key", FACE_KEYS + ["JOKER"])
def test_every_face_has_an_index_in_each_corner(key: str) -> None:
    # four: a pile fanned left or upwards shows only a covered card's right or lower edge
    # (the joker keeps its two: the word JOKER runs down two of its sides)
    assert len(_elements_with_class(svg_for_key(key), "index")) == (2 if key == "JOKER" else 4)


@pytest.mark.parametrize("suit, colour", [("H", RED), ("D", RED), ("C", BLACK), ("S", BLACK)])
def test_suit_colours(suit: str, colour: str) -> None:
    for rank in range(1, 11):
        fills = {pip.get("fill") for pip in _elements_with_class(card_svg(rank, suit), "pip")}
        assert fills == {colour}


def test_four_colour_changes_only_diamonds_and_clubs() -> None:
    for suit in "DC":
        svg = card_svg(7, suit, four_colour=True)
        assert {p.get("fill") for p in _elements_with_class(svg, "pip")} == {FOUR_COLOUR[suit]}
        assert svg != card_svg(7, suit)
    for suit in "HS":
        assert card_svg(7, suit, four_colour=True) == card_svg(7, suit)
    assert len({RED, BLACK, *FOUR_COLOUR.values()}) == 4


@pytest.mark.parametrize("bad", ["1S", "11H", "AX", "JOKERS", "", "BACK:tartan"])
def test_unknown_keys_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        svg_for_key(bad)


def test_bad_rank_or_suit_is_refused() -> None:
    with pytest.raises(ValueError):
        card_svg(0, "S")
    with pytest.raises(ValueError):
        card_svg(5, "X")


def test_all_keys_lists_the_pack_joker_and_backs() -> None:
    keys = card_art.all_keys()
    assert keys[:52] == FACE_KEYS
    assert keys[52:] == ["JOKER", "BACK:classic", "BACK:blue"]


# ------------------------------------------------------------------------------- the renderer

@pytest.fixture
def renderer(qapp: QApplication) -> CardRenderer:
    return CardRenderer()


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_pixmap_has_the_right_physical_size(renderer: CardRenderer, dpr: float) -> None:
    pixmap = renderer.pixmap("QH", 100, dpr)
    assert (pixmap.width(), pixmap.height()) == (round(100 * dpr), round(140 * dpr))
    assert pixmap.devicePixelRatio() == dpr


def test_pixmaps_are_cached(renderer: CardRenderer) -> None:
    first = renderer.pixmap("7D", 90, 1.0)
    assert renderer.pixmap("7D", 90, 1.0).cacheKey() == first.cacheKey()
    assert renderer.pixmap("7D", 91, 1.0).cacheKey() != first.cacheKey()
    assert renderer.pixmap("7D", 90, 2.0).cacheKey() != first.cacheKey()
    assert renderer.pixmap("7D", 90, 1.0, four_colour=True).cacheKey() != first.cacheKey()


def test_cache_is_bounded(qapp: QApplication) -> None:
    small = CardRenderer(cache_limit=3)
    first = small.pixmap("2C", 50)
    for key in ("3C", "4C", "5C"):
        small.pixmap(key, 50)
    assert small.pixmap("2C", 50).cacheKey() != first.cacheKey()


def test_back_style_selects_the_plain_back(qapp: QApplication) -> None:
    blue = CardRenderer(back_style="blue")
    assert blue.pixmap("BACK", 60).toImage() == blue.pixmap("BACK:blue", 60).toImage()
    assert blue.pixmap("BACK", 60).toImage() != blue.pixmap("BACK:classic", 60).toImage()


def test_ace_of_spades_is_drawn(renderer: CardRenderer) -> None:
    image = renderer.pixmap("AS", 200).toImage()
    width, height = image.width(), image.height()
    assert image.pixelColor(0, 0).alpha() < 60           # outside the rounded corner
    background = image.pixelColor(width // 2, height // 10)
    assert min(background.red(), background.green(), background.blue()) > 235
    dark = sum(1 for x in range(width // 3, 2 * width // 3, 2)
               for y in range(height // 3, 2 * height // 3, 2)
               if image.pixelColor(x, y).lightness() < 60)
    assert dark > 200


def test_rendering_the_whole_pack_is_fast(renderer: CardRenderer) -> None:
    # CPU time (the wall clock of a busy machine was near the old one-second budget): about
    # 0.06-0.09 s today, so a tenfold slowdown trips it.
    start = time.process_time()
    for key in card_art.all_keys():
        renderer.pixmap(key, 100)
    assert time.process_time() - start < 0.5


def test_shared_renderer_is_one_instance(qapp: QApplication) -> None:
    assert shared_renderer() is shared_renderer()


def test_contact_sheet_writes_a_png(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "sheet.png"
    contact_sheet(str(path), width_px=40)
    image = QImage(str(path))
    assert not image.isNull()
    assert image.width() > 13 * 40 and image.height() > 5 * 56
