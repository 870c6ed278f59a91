"""The shared card layer: cards placed by id, hit-testing, lifting, the pile scene's fitting and
fans, and the won-patience cascade."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from compendium.core.cards import Card, Rank, Suit
from compendium.ui.table.appearance import current_deck
from compendium.ui.table.card_layer import FACE_DOWN_STEP, MIN_GAP, CardLayer, PileScene, Place, Spot
from compendium.ui.table.card_renderer import aspect
from compendium.ui.table.view import TableWidget

ACE = Card(Rank.ACE, Suit.SPADES)
KING = Card(Rank.KING, Suit.HEARTS)


@pytest.fixture
def table(qtbot):
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_animations(False)
    yield widget
    widget.shutdown()


def test_place_makes_one_item_per_id_and_hides_the_cards_that_left(table):
    layer = CardLayer(table, 60)
    layer.place({1: Spot(QPointF(10, 20), 1, ACE), 2: Spot(QPointF(100, 20), 2, None)})
    one, two = layer.item(1), layer.item(2)
    assert one.pos() == QPointF(10, 20) and one.face == ACE and one.isVisible()
    assert two.face is None and two.width == 60
    layer.place({1: (QPointF(30, 40), 5, KING, 80.0)})      # the older tuple form works too
    assert layer.item(1) is one and one.pos() == QPointF(30, 40) and one.face == KING
    assert one.width == 80 and one.zValue() == 5
    assert not two.isVisible()
    layer.teardown()
    assert one.scene() is None and not layer.cards


def test_card_at_finds_the_topmost_card_and_rect_of_bounds_them(table):
    layer = CardLayer(table, 60)
    layer.place({1: Spot(QPointF(0, 0), 1, ACE), 2: Spot(QPointF(0, 20), 2, KING)})
    assert layer.card_at(QPointF(10, 30)) == 2
    assert layer.card_at(QPointF(10, 10)) == 1
    assert layer.card_at(QPointF(10, 30), among=[1]) == 1
    assert layer.card_at(QPointF(500, 500)) is None
    rect = layer.rect_of([1, 2])
    assert rect is not None and rect.top() <= 0 and rect.bottom() >= 20 + 60 * aspect
    assert layer.rect_of([99]) is None


def test_a_lift_follows_the_pointer_keeping_the_offsets_after_a_click_wobble(table):
    layer = CardLayer(table, 60)
    layer.place({1: Spot(QPointF(0, 0), 1, ACE), 2: Spot(QPointF(0, 20), 2, KING)})
    lift = layer.lift([1, 2], QPointF(5, 5))
    assert not lift.follow(QPointF(6, 6))              # a click's wobble does not move them
    assert lift.follow(QPointF(105, 55))
    assert layer.item(1).pos() == QPointF(100, 50)
    assert layer.item(2).pos() == QPointF(100, 70)
    assert layer.item(2).zValue() > layer.item(1).zValue() >= 100_000


def _fifteen_columns(step: float = 1.1) -> list[Place]:
    return [Place(f"t{i}", i * step, 0.0, (0, 1)) for i in range(15)]


def test_fit_takes_the_largest_card_that_fits_both_ways(table):
    scene = PileScene(CardLayer(table))
    scene.declare([Place("a", 0, 0), Place("b", 2, 0), Place("c", 0, 2)])
    scene.fit(400, 4000)          # the width binds
    cw, ch = scene.size_in_cards(scene.kx, scene.ky)
    assert scene.unit == pytest.approx(400 / cw, rel=1e-3)
    scene.fit(4000, 300)          # the height binds
    cw, ch = scene.size_in_cards(scene.kx, scene.ky)
    assert scene.unit == pytest.approx(300 / ch, rel=1e-3)


def test_columns_close_up_before_the_cards_shrink_and_never_overlap(table):
    scene = PileScene(CardLayer(table))
    scene.declare(_fifteen_columns())
    plain_w = scene.size_in_cards()[0]
    scene.fit(900, 700)
    assert scene.kx < 1.0
    assert scene.unit > 900 / plain_w + 1           # bigger cards than without closing up
    rects = [scene.rect(f"t{i}") for i in range(15)]
    for left, right in zip(rects, rects[1:]):
        assert right.left() - left.right() >= MIN_GAP * scene.unit - 1.5
    assert all(QRectF(0, 0, 900, 700).contains(r) for r in rects)


def test_a_long_fan_closes_up_but_still_shows_each_covered_index(table):
    scene = PileScene(CardLayer(table))
    scene.declare([Place("t", 0, 0, (0, 1), room=3.0)])
    scene.fit(600, 600)
    cards = [(i, None) for i in range(6)] + [(10 + i, ACE) for i in range(13)]
    spots = scene.positions({"t": cards})
    ys = [spots[c].pos.y() for c, _ in cards]
    steps = [(b - a) / scene.unit for a, b in zip(ys, ys[1:])]
    deck = current_deck()
    up_steps = steps[6:]
    assert all(s >= deck.v_min - 2 / scene.unit for s in up_steps)     # rank and suit still show
    assert all(s <= FACE_DOWN_STEP + 1 / scene.unit for s in steps[:5])
    short = scene.positions({"t": [(1, ACE), (2, KING)]})
    assert (short[2].pos.y() - short[1].pos.y()) / scene.unit == pytest.approx(deck.v_step, abs=0.02)


def test_crossways_places_lie_on_their_side(table):
    scene = PileScene(CardLayer(table))
    scene.declare([Place("x", 0, 0, crossways=True), Place("u", 2, 0)])
    scene.fit(600, 400)
    assert scene.rect("x").width() == pytest.approx(scene.unit * aspect)
    spots = scene.positions({"x": [(1, ACE)], "u": [(2, KING)]})
    scene.layer.place(spots)
    item = scene.layer.item(1)
    assert item.crossways and item.rotation() == 0      # drawn on its side, not turned
    assert item.pixmap().width() > item.pixmap().height()


def _click(table: TableWidget) -> None:
    event = QMouseEvent(QEvent.Type.MouseButtonPress, QPointF(5, 5), QPointF(5, 5),
                        Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(table.viewport(), event)


def test_the_cascade_needs_animations_and_any_click_stops_it_and_puts_the_cards_back(table, qtbot):
    layer = CardLayer(table, 60)
    layer.place({i: Spot(QPointF(10 + 70 * i, 20), i, ACE) for i in range(4)})
    area = QRectF(table.viewport().rect())
    layer.celebrate(list(range(4)), area)
    assert not layer.celebrating                      # animations off: nothing happens
    table.set_animations(True)
    layer.celebrate(list(range(4)), area)
    assert layer.celebrating
    qtbot.wait(200)
    moved = [layer.item(i).pos() for i in range(4)]
    assert moved[3] != QPointF(220, 20)               # the last card left first
    before = len(table.scene().items())
    _click(table)
    assert not layer.celebrating
    assert len(table.scene().items()) < before         # the trail is taken away
    assert [layer.item(i).pos() for i in range(4)] == [QPointF(10 + 70 * i, 20) for i in range(4)]


def test_a_place_sync_stops_the_cascade(table, qtbot):
    table.set_animations(True)
    layer = CardLayer(table, 60)
    spots = {i: Spot(QPointF(10 + 70 * i, 20), i, ACE) for i in range(3)}
    layer.place(spots)
    layer.celebrate([0, 1, 2], QRectF(table.viewport().rect()))
    qtbot.wait(60)
    layer.place(spots)
    assert not layer.celebrating


def test_a_won_patience_ends_in_the_cascade_which_a_key_stops(qtbot):
    """The last card of a recorded win, played on the table with animations on: the cards
    cascade behind the banner; a key stops it and the cards are back on the foundations."""
    from pathlib import Path

    from PySide6.QtTest import QTest

    from compendium.core import records
    from compendium.core.session import Session
    from compendium.games.registry import get_game

    text = records.read_text(Path(__file__).parents[1] / "games" / "data" / "the_clock_win.json")
    session = Session.from_record(records.loads(text), get_game("the_clock"), source_text=text)
    session.undo()
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_animations(True)
    widget.load_session(session)
    assert session.can_redo
    widget.redo()
    qtbot.waitUntil(lambda: widget.controller.layer.celebrating, timeout=3000)
    layer = widget.controller.layer
    qtbot.wait(150)
    QTest.keyClick(widget, "x")
    assert not layer.celebrating
    view = widget.current_view()
    home = widget.controller.card_positions(view)
    assert all((layer.item(c).pos() - p).manhattanLength() < 0.5 for c, (p, _, _) in home.items())
    widget.set_animations(False)
    widget.shutdown()


def test_cards_on_their_side_fan_by_their_own_steps(table):
    """A crossways card's upright index lies along its long edge: fanned sideways it needs a
    longer step than an upright card, fanned downwards a shorter one."""
    scene = PileScene(CardLayer(table))
    scene.declare([Place("side", 0, 0, (1, 0), room=6, crossways=True), Place("up", 0, 3, (1, 0), room=6),
                   Place("down", 8, 0, (0, 1), room=6, crossways=True), Place("u2", 11, 0, (0, 1), room=6)])
    scene.fit(1200, 800)
    two = [(1, ACE), (2, KING)]

    def step(name: str, axis: int) -> float:
        spots = scene.positions({name: [(c + hash(name) % 1000 * 10, f) for c, f in two]})
        a, b = sorted(spots.values(), key=lambda s: s.z)
        return ((b.pos.x() - a.pos.x()) if axis == 0 else (b.pos.y() - a.pos.y())) / scene.unit

    assert step("side", 0) > step("up", 0)
    assert step("down", 1) < step("u2", 1)


@pytest.mark.parametrize("game_id, names", [
    ("the_clock", {"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "stock"}),
    ("the_constitution", {"Privy Council", "House of Lords", "House of Commons", "People", "stock", "talon"}),
    ("the_besieged_city", {"the Ramparts", "Reserve", "stock", "talon"}),
])
def test_the_book_names_its_places_on_the_cloth_clear_of_every_card(table, game_id, names):
    from PySide6.QtGui import QFont
    table.resize(900, 700)
    table.new_game(game_id, seed=3)
    scene = table.controller.places
    labelled = {p.label: n for n, p in scene.places.items() if p.label}
    assert names <= set(labelled)
    font = QFont("DejaVu Serif")
    font.setPixelSize(12)
    taken: list[QRectF] = []
    for label in sorted(names):
        found = scene.label_box(labelled[label], font, taken)
        assert found is not None, label
        box = found[0]
        assert table.sceneRect().contains(box)
        assert not any(box.adjusted(0, 3, 0, -3).intersects(scene.rect(n)) for n in scene.places)
        taken.append(box)
