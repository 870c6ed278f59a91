"""The table never strands a card (issue 11): thousands of random drags — legal and illegal, single
cards and runs, fast and slow, dropped on piles, on the cloth and outside the window — over many
seeded deals of several patiences.  After every drag every card item sits exactly where the game's
view puts it, and the position changed, if at all, by one legal action."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games import registry
from compendium.ui.table.view import TableWidget

GAMES = ("canfield_or_klondike", "fortress", "la_belle_lucie", "the_constitution", "napoleons_square")
DEALS = 6
DRAGS_PER_DEAL = 70      # 5 games × 6 deals × 70 = 2,100 drags


@pytest.fixture
def table(qtbot):
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1100, 760)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_animations(False)
    widget.set_auto_foundation(False)
    yield widget
    widget.shutdown()


def _pile_point(table: TableWidget, gen: SplitMix64, name: str) -> QPoint:
    """A random point on the pile ``name``: its top card, or its empty place."""
    controller = table.controller
    items = controller.cards_in_pile(name)
    rect = (max(items, key=lambda i: i.zValue()).sceneBoundingRect() if items
            else controller.piles[name].sceneBoundingRect())
    scene = QPointF(rect.left() + rect.width() * (0.2 + gen.below(60) / 100),
                    rect.top() + rect.height() * (0.1 + gen.below(50) / 100))
    return table.mapFromScene(scene)


def _card_point(table: TableWidget, card_id: int) -> QPoint:
    item = table.controller.card_item(card_id)
    rect = item.card_rect()
    return table.mapFromScene(item.mapToScene(QPointF(rect.width() * 0.5, rect.height() * 0.08)))


def _random_point(table: TableWidget, gen: SplitMix64) -> QPoint:
    """A drop point: mostly on a pile (its place or its top card), sometimes the bare cloth, and
    sometimes beyond the window's edge."""
    controller = table.controller
    roll = gen.below(10)
    size = table.viewport().size()
    if roll < 6:
        return _pile_point(table, gen, list(controller.piles)[gen.below(len(controller.piles))])
    if roll < 8:
        return QPoint(gen.below(size.width()), gen.below(size.height()))
    return QPoint(size.width() + 40 + gen.below(200), -30 - gen.below(100))   # outside the window


def _grab_point(table: TableWidget, gen: SplitMix64) -> QPoint | None:
    """A point on a random card of a random pile (face-down ones too), near its visible top."""
    view = table.current_view()
    piles = [p for p in view.piles if p.cards]
    if not piles:
        return None
    pile = piles[gen.below(len(piles))]
    return _card_point(table, pile.cards[gen.below(len(pile.cards))].id)


def _legal_drag(table: TableWidget, gen: SplitMix64) -> tuple[QPoint, QPoint] | None:
    """The press and release points of a random legal move of cards (``None``: there is none)."""
    moves = [a for a in table.legal() if hasattr(a, "src") and hasattr(a, "count")]
    if not moves:
        return None
    move = moves[gen.below(len(moves))]
    lead = table.current_view().pile(move.src).cards[-move.count]
    return _card_point(table, lead.id), _pile_point(table, gen, move.dst)


def _items_match_the_view(table: TableWidget) -> None:
    placed = table.controller.card_positions(table.current_view())
    for cid, (pos, _z, face) in placed.items():
        item = table.controller.card_item(cid)
        assert item.isVisible()
        assert (item.pos() - pos).manhattanLength() < 0.5, f"card {cid} stranded at {item.pos()}"
        assert item.face == face


@pytest.mark.parametrize("game_id", GAMES)
def test_random_drags_never_strand_a_card(qtbot, table, game_id):
    game = registry.get_game(game_id)
    viewport = table.viewport()
    played = refused = 0
    for deal in range(DEALS):
        gen = SplitMix64(1000 * deal + len(game_id))
        table.load_session(Session(game, seed=deal))
        for _ in range(DRAGS_PER_DEAL):
            pair = _legal_drag(table, gen) if gen.below(2) else None
            if pair is None:
                start, end = _grab_point(table, gen), _random_point(table, gen)
                if start is None:
                    break
            else:
                start, end = pair
            before = table.session.state
            legal = set(table.legal())
            steps = 1 + gen.below(12)                 # fast (one jump) to slow (a dozen moves)
            QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
            for k in range(1, steps + 1):
                QTest.mouseMove(viewport, start + (end - start) * (k / steps))
            QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
            after = table.session.state
            if after is not before:
                # exactly one legal action was played, and the state is the one it leads to
                matches = [a for a in legal if game.apply(before, a) == after]
                assert matches, "the position changed without a legal action"
                played += 1
            else:
                refused += 1
            _items_match_the_view(table)
            if table.session.outcome() is not None:
                break
    assert played > 20 and refused > 20, (played, refused)   # both kinds were really exercised
