"""The patience table's marks: the legal targets of lifted cards clearly lit (by mouse and by
keyboard), the hint's rectangles (``action_marks``) and the prompt while cards are lifted."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from compendium.games.patience.engine import Draw, Move
from compendium.ui.table.items import HIGHLIGHT

from .test_table import card_point, find_seed, table, tableau_move, top_card  # noqa: F401 (the fixture)


def test_a_card_lifted_by_the_mouse_lights_its_targets_top_card_and_nothing_else(qtbot, table):
    seed, session = find_seed(tableau_move)
    move = tableau_move(session)
    table.new_game("klondike", seed=seed)
    src = top_card(table, move.src)
    target = top_card(table, move.dst)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     card_point(table, src))
    c = table.controller
    assert c.card_item(target).selected_glow == HIGHLIGHT           # the covering card is lit
    assert c.piles[move.dst].highlight == HIGHLIGHT
    legal = c.targets(move.src, 1)
    others = [n for n in c.piles if n not in legal and n != move.src]
    assert all(c.piles[n].highlight is None for n in others)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       card_point(table, src))
    assert c.card_item(target).selected_glow is None
    assert all(p.highlight is None for p in c.piles.values())


def test_enter_lifts_the_cards_lights_their_targets_and_prompts(qtbot, table):
    seed, session = find_seed(tableau_move)
    move = tableau_move(session)
    table.new_game("klondike", seed=seed)
    table.setFocus()
    c = table.controller
    names = [s.name for s in c.specs]
    while names[c.focus_index] != move.src:
        QTest.keyClick(table, Qt.Key.Key_Right)
    assert c.prompt() == ""
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert c.selection is not None
    assert c.piles[move.dst].highlight == HIGHLIGHT
    assert c.card_item(top_card(table, move.dst)).selected_glow == HIGHLIGHT
    assert "Enter" in c.prompt()
    QTest.keyClick(table, Qt.Key.Key_Escape)
    assert c.piles[move.dst].highlight is None and c.prompt() == ""


def test_action_marks_give_the_moving_cards_and_their_destination(qtbot, table):
    seed, session = find_seed(tableau_move)
    move = tableau_move(session)
    table.new_game("klondike", seed=seed)
    c = table.controller
    src, dst = c.action_marks(move)
    assert src == c.card_item(top_card(table, move.src)).sceneBoundingRect()
    assert dst == c.card_item(top_card(table, move.dst)).sceneBoundingRect()
    stock, waste = c.action_marks(Draw())
    assert stock is not None and waste == c.places.rect("w")
    empty = next(n for n in c.piles if not table.current_view().pile(n).cards and n.startswith("f"))
    ace_move = Move(move.src, empty, 1)
    assert c.action_marks(ace_move)[1] == c.places.rect(empty)
    assert c.action_marks("nonsense") == (None, None)
