"""The card table: drag-and-drop legal and illegal, double-click, keyboard, stock, undo, the demo."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.patience.engine import Draw, Move
from compendium.games.patience.klondike import GAME
from compendium.ui.table.view import TableWidget


def find_seed(predicate) -> tuple[int, Session]:
    for seed in range(500):
        session = Session(GAME, seed=seed)
        if predicate(session):
            return seed, session
    raise AssertionError("no deal found")


def tableau_move(session):
    return next((a for a in session.legal_actions() if isinstance(a, Move) and a.src.startswith("t")
                 and a.dst.startswith("t")), None)


@pytest.fixture
def table(qtbot):
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1000, 760)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_animations(False)
    widget.set_auto_foundation(False)
    yield widget
    widget.shutdown()


def card_point(table: TableWidget, card_id: int, dx: float = 0.5, dy: float = 0.15) -> QPoint:
    """A point on a card, in viewport coordinates (by default near its top, where fanned cards show)."""
    item = table.controller.card_item(card_id)
    rect = item.card_rect()
    scene = item.mapToScene(QPointF(rect.width() * dx, rect.height() * dy))
    return table.mapFromScene(scene)


def top_card(table: TableWidget, pile: str) -> int:
    return table.current_view().pile(pile).cards[-1].id


def drag(qtbot, table: TableWidget, start: QPoint, end: QPoint, steps: int = 6) -> None:
    viewport = table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, steps + 1):
        p = start + (end - start) * (k / steps)
        QTest.mouseMove(viewport, p)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def assert_in_sync(table: TableWidget) -> None:
    """Every card item sits exactly where the game's view puts it, with the face it should show."""
    placed = table.controller.card_positions(table.current_view())
    for cid, (pos, _z, face) in placed.items():
        item = table.controller.card_item(cid)
        assert (item.pos() - pos).manhattanLength() < 0.5, cid
        assert item.face == face


def test_a_legal_drag_plays_the_move(qtbot, table):
    seed, session = find_seed(tableau_move)
    move = tableau_move(session)
    table.new_game("klondike", seed=seed)
    moving = top_card(table, move.src)
    before = table.session.state
    drag(qtbot, table, card_point(table, moving), card_point(table, top_card(table, move.dst), dy=0.6))
    assert table.session.state != before
    assert table.session.actions_text[-1] == GAME.action_to_str(move)
    assert table.current_view().pile(move.dst).cards[-1].id == moving
    assert_in_sync(table)


def test_an_illegal_drag_snaps_back_and_says_why(qtbot, table):
    seed, session = find_seed(lambda s: True)
    table.new_game("klondike", seed=seed)
    legal = {(a.src, a.dst) for a in table.legal() if isinstance(a, Move)}
    src, dst = next((f"t{i}", f"t{j}") for i in range(1, 8) for j in range(1, 8)
                    if i != j and (f"t{i}", f"t{j}") not in legal)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    moving = top_card(table, src)
    home = table.controller.card_item(moving).pos()
    before = table.session.state
    drag(qtbot, table, card_point(table, moving), card_point(table, top_card(table, dst), dy=0.6))
    assert table.session.state is before
    assert (table.controller.card_item(moving).pos() - home).manhattanLength() < 0.5
    text, rule = messages[-1]
    assert rule.startswith("canfield_or_klondike#") and text
    assert_in_sync(table)


def test_a_drop_outside_any_pile_snaps_back_quietly(qtbot, table):
    table.new_game("klondike", seed=3)
    moving = top_card(table, "t7")
    home = table.controller.card_item(moving).pos()
    far = QPoint(table.viewport().width() - 5, table.viewport().height() - 5)
    drag(qtbot, table, card_point(table, moving), far)
    assert len(table.session.steps) == 1  # only the deal
    assert (table.controller.card_item(moving).pos() - home).manhattanLength() < 0.5


def test_double_click_sends_a_card_to_the_foundation(qtbot, table):
    def ace_on_top(s):
        return any(isinstance(a, Move) and a.dst.startswith("f") for a in s.legal_actions())
    seed, session = find_seed(ace_on_top)
    move = next(a for a in session.legal_actions() if isinstance(a, Move) and a.dst.startswith("f"))
    table.new_game("klondike", seed=seed)
    card = top_card(table, move.src)
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                      card_point(table, card, dy=0.5))
    assert table.current_view().pile(move.dst).cards[-1].id == card
    assert_in_sync(table)


def test_double_click_on_a_card_that_cannot_go_home_explains(qtbot, table):
    seed, _ = find_seed(lambda s: GAME.view(s.state, 0).pile("t1").cards[-1].face.rank > 2)
    table.new_game("klondike", seed=seed)
    messages = []
    table.message.connect(lambda text, rule: messages.append(rule))
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                      card_point(table, top_card(table, "t1"), dy=0.5))
    assert messages and messages[-1] == "canfield_or_klondike#the-foundations"
    assert len(table.session.steps) == 1


def test_clicking_the_stock_turns_a_card(qtbot, table):
    table.new_game("klondike", seed=11)
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     card_point(table, top_card(table, "s"), dy=0.5))
    assert table.session.actions_text[-1] == "draw"
    assert len(table.current_view().pile("w").cards) == 1
    assert_in_sync(table)


def test_keyboard_play(qtbot, table):
    seed, session = find_seed(tableau_move)
    move = tableau_move(session)
    table.new_game("klondike", seed=seed)
    table.setFocus()
    names = [s.name for s in table.controller.specs]
    # walk the focus to the source pile, lift, walk to the target, put down
    def focus_on(name):
        while names[table.controller.focus_index] != name:
            QTest.keyClick(table, Qt.Key.Key_Right)
    focus_on(move.src)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.controller.selection is not None
    focus_on(move.dst)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.actions_text[-1] == GAME.action_to_str(move)
    QTest.keyClick(table, Qt.Key.Key_Space)
    assert table.session.actions_text[-1] == "draw"


def test_undo_redo_and_restart_keep_the_table_in_step(qtbot, table):
    table.new_game("klondike", seed=5)
    table.play(Draw())
    table.play(Draw())
    assert table.undo()
    assert_in_sync(table)
    assert table.redo()
    assert_in_sync(table)
    table.restart()
    assert len(table.session.steps) == 1
    assert_in_sync(table)


def test_auto_move_sends_safe_cards_home_in_the_same_turn(qtbot, table):
    table.set_auto_foundation(True)
    def two_aces(s):
        return len({a.src for a in s.legal_actions() if isinstance(a, Move) and a.dst.startswith("f")}) >= 2
    seed, _ = find_seed(two_aces)
    table.new_game("klondike", seed=seed)
    first = next(a for a in table.legal() if isinstance(a, Move) and a.dst.startswith("f"))
    table.play(first)
    home = table.current_view().on_foundations
    assert home >= 2
    table.undo()  # one undo takes back the move and the automatic ones
    assert table.current_view().on_foundations == 0


def test_the_win_is_announced(qtbot, table):
    from pathlib import Path

    from compendium.core import records
    text = records.read_text(Path(__file__).parent.parent / "games" / "data" / "klondike_win_143.json")
    record = records.loads(text)
    session = Session(GAME, seed=143)
    for action in record.actions[1:-1]:
        session.play(action)
    table.load_session(session)
    outcomes = []
    table.finished.connect(outcomes.append)
    table.play(GAME.action_from_str(session.state, record.actions[-1]))
    assert outcomes and outcomes[0].results == (1.0,)
    assert table._banner.isVisible()


def test_the_demo_plays_in_the_worker_without_freezing(qtbot, table):
    table.new_game("klondike", seed=143)
    table.start_demo()
    qtbot.waitUntil(lambda: len(table.session.steps) > 6, timeout=20000)
    table.stop_demo()
    assert not table.demo_running
    assert_in_sync(table)


def test_asking_whether_the_deal_can_be_won(qtbot, table):
    table.new_game("klondike", seed=143)
    messages = []
    table.message.connect(lambda text, rule: messages.append(text))
    table.check_winnable()
    assert table.checking
    qtbot.waitUntil(lambda: not table.checking, timeout=30000)
    assert "can still be won" in messages[-1]


def test_escape_stops_the_search(qtbot, table):
    table.new_game("klondike", seed=3)
    table.check_winnable()
    QTest.keyClick(table, Qt.Key.Key_Escape)
    assert not table.checking


def test_click_to_move_sends_a_card_home_first_then_onto_a_card(qtbot, table):
    table.set_click_to_move(True)
    def home_and_build(s):
        moves = [a for a in s.legal_actions() if isinstance(a, Move)]
        return any(a.dst.startswith("f") for a in moves) and tableau_move(s) is not None
    seed, session = find_seed(home_and_build)
    table.new_game("klondike", seed=seed)
    home = next(a for a in session.legal_actions() if isinstance(a, Move) and a.dst.startswith("f"))
    card = top_card(table, home.src)
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     card_point(table, card, dy=0.5))
    assert table.current_view().pile(home.dst).cards[-1].id == card
    build = tableau_move(table.session)
    if build is not None:
        lead = table.current_view().pile(build.src).cards[-build.count].id
        QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         card_point(table, lead))
        last = table.session.steps[-1].action
        assert isinstance(last, Move) and (last.src, last.count) == (build.src, build.count)
        assert table.current_view().pile(last.dst).cards[-build.count].id == lead
    assert_in_sync(table)
    table.set_click_to_move(False)     # off: a click only picks up, nothing moves
    before = table.session.state
    view = table.current_view()
    pile = next(p for p in view.piles if p.name.startswith("t") and p.cards)
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     card_point(table, pile.cards[-1].id, dy=0.5))
    assert table.session.state is before
