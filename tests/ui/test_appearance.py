"""Decks and cloths: the large-index deck, the cloths, the Preferences dialog and its settings,
and pixmaps crisp at 1x and 2x device pixel ratio."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor

from compendium.ui.preferences import PreferencesDialog, deck_sample, open_preferences
from compendium.ui.table import appearance
from compendium.ui.table.card_art import svg_for_key
from compendium.ui.table.card_renderer import CardRenderer, aspect
from compendium.ui.table.cloth import baize_tile
from compendium.ui.table.items import CardItem, card_pixmap

SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def classic_again():
    yield
    appearance.choose("classic", "baize")


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _index_texts(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [t for g in root.iter() if g.get("class") == "index" for t in g.iter(f"{SVG_NS}text")]


def test_the_two_decks_differ_and_the_large_index_is_larger():
    classic, large = svg_for_key("6S"), svg_for_key("6S", deck="large")
    assert classic != large
    size = lambda svg: max(float(t.get("font-size")) for t in _index_texts(svg))  # noqa: E731
    assert size(large) > size(classic) * 1.3


@pytest.mark.parametrize("deck", ["classic", "large"])
def test_no_index_is_turned_end_for_end_or_sideways(deck):
    """A 6 must never be read as a 9: no index group is rotated, upright or lying crossways."""
    for svg in (svg_for_key("6H", deck=deck), svg_for_key("9C", deck=deck, landscape=True)):
        root = ET.fromstring(svg)
        parents = {c: p for p in root.iter() for c in p}
        for g in root.iter():
            if g.get("class") != "index":
                continue
            node = g
            while node is not None:
                assert "rotate" not in (node.get("transform") or ""), svg[:80]
                node = parents.get(node)


def test_a_card_on_its_side_has_its_own_landscape_art():
    root = ET.fromstring(svg_for_key("QD", landscape=True))
    assert root.get("viewBox") == "0 0 350 250"


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_pixmaps_are_made_at_the_device_pixel_ratio(qapp, dpr):
    renderer = CardRenderer()
    for deck in appearance.DECKS:
        pix = renderer.pixmap("KH", 60, dpr, deck=deck)
        assert pix.devicePixelRatio() == dpr
        assert (pix.width(), pix.height()) == (round(60 * dpr), round(round(60 * dpr) * aspect))
    side = renderer.pixmap("KH", 60, dpr, landscape=True)
    assert side.width() > side.height() and side.devicePixelRatio() == dpr
    item = CardItem(1, 60, dpr)
    assert item.pixmap().devicePixelRatio() == dpr
    assert item.pixmap().width() >= round(60 * dpr)
    assert card_pixmap("AS", 60, dpr).devicePixelRatio() == dpr
    assert deck_sample("large", 40, dpr).devicePixelRatio() == dpr


def test_three_cloths_each_its_own_colour(qapp):
    colours = set()
    for name in appearance.CLOTHS:
        appearance.choose(cloth=name)
        image = baize_tile().toImage()
        colours.add(QColor(image.pixel(5, 5)).name())
    assert len(appearance.CLOTHS) >= 3 and len(colours) == len(appearance.CLOTHS)


def test_the_choice_is_saved_and_read_back(settings):
    appearance.choose("large", "claret", settings)
    assert settings.value("appearance/deck") == "large"
    assert settings.value("appearance/cloth") == "claret"
    appearance.choose("classic", "baize")
    appearance.load(settings)
    assert appearance.current_deck().name == "large"
    assert appearance.current_cloth().name == "claret"
    settings.setValue("appearance/deck", "no such deck")
    appearance.load(settings)               # bad input is ignored, never a crash
    assert appearance.current_deck().name == "classic"
    with pytest.raises(ValueError):
        appearance.choose("no such deck")


def test_the_preferences_dialog_changes_the_table_at_once(qtbot, settings):
    from compendium.ui.table.view import TableWidget
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(900, 700)
    table.show()
    qtbot.waitExposed(table)
    table.set_animations(False)
    table.new_game("the_fifteen", seed=3)
    dialog = open_preferences(None, table, settings)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, PreferencesDialog)
    item = next(iter(table.controller.layer.cards.values()))
    before = item.pixmap().cacheKey()
    dialog.findChild(type(dialog.deck_group.buttons()[0]), "deck-large").setChecked(True)
    assert appearance.current_deck().name == "large"
    assert settings.value("appearance/deck") == "large"
    assert item.pixmap().cacheKey() != before
    dialog.findChild(type(dialog.cloth_group.buttons()[0]), "cloth-slate").setChecked(True)
    assert settings.value("appearance/cloth") == "slate"
    table.shutdown()
