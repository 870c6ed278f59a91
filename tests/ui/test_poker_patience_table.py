"""The Poker Patience table and the Serpent's: drags and clicks onto lit places, refusals with
their law, the keyboard, the live line scores, the other players' squares, the best serpent."""
from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from compendium.core.game import Special
from compendium.games.patience.poker_patience import Place
from compendium.ui.table.items import HINT
from compendium.ui.table.poker_patience_table import AVAILABLE, PokerPatienceController
from compendium.ui.table.view import TableWidget


@pytest.fixture
def table(qtbot):
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1100, 760)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_animations(False)
    widget.messages = []
    widget.message.connect(lambda text, rule: widget.messages.append((text, rule)))
    yield widget
    widget.shutdown()


def centre(table: TableWidget, item) -> QPoint:
    return table.mapFromScene(item.sceneBoundingRect().center())


def place_point(table: TableWidget, name: str) -> QPoint:
    """The middle of the place shown for the field's place ``name`` (such as "c3")."""
    controller = table.controller
    r, c = int(name[1]) - 1, ord(name[0]) - ord("a")
    key = (r - controller.window[0], c - controller.window[1])
    return centre(table, controller.places[key])


def next_card_point(table: TableWidget) -> QPoint:
    controller = table.controller
    card = controller._movable(table.current_view())
    return centre(table, controller._cards[card.id])


def drag(table: TableWidget, start: QPoint, end: QPoint, steps: int = 6) -> None:
    viewport = table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, steps + 1):
        QTest.mouseMove(viewport, start + (end - start) * (k / steps))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def click(table: TableWidget, point: QPoint) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)


def test_the_controller_is_chosen_by_the_table_kind(table):
    table.new_game("poker_patience", seed=3)
    assert isinstance(table.controller, PokerPatienceController)
    table.new_game("serpent_poker_patience")
    assert isinstance(table.controller, PokerPatienceController) and table.controller.serpent


def test_the_places_the_card_may_take_are_lit(table):
    table.new_game("poker_patience", seed=3, options={"frame": "fixed"})
    lit = [key for key, item in table.controller.places.items() if item.highlight == AVAILABLE]
    assert len(lit) == 25        # the first card may go anywhere in a fixed frame
    table.play(Place(2, 2))
    lit = {key for key, item in table.controller.places.items() if item.highlight == AVAILABLE}
    assert lit == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}


def test_a_legal_drag_lays_the_card(table):
    table.new_game("poker_patience", seed=3, options={"frame": "fixed"})
    session = table.session
    card = session.state.deck[0]
    drag(table, next_card_point(table), place_point(table, "c3"))
    assert session.state.placed == ((12,),)
    view = table.current_view()
    assert view.cards[0][1].face == card and view.card.id == 1
    # the card item now lies on the place
    item = table.controller._cards[0]
    assert item.sceneBoundingRect().contains(table.controller.places[(2, 2)].sceneBoundingRect().center())


def test_an_illegal_drag_is_refused_with_its_law_and_the_card_returns(table):
    table.new_game("poker_patience", seed=3, options={"frame": "fixed"})
    table.play(Place(2, 2))
    before = table.session.state
    home = table.controller._cards[1].pos()
    drag(table, next_card_point(table), place_point(table, "e5"))
    assert table.session.state is before
    text, rule = table.messages[-1]
    assert rule == "poker_patience#laying-out" and "E5 touches no card" in text
    assert table.controller._cards[1].pos() == home


def test_a_drop_on_a_taken_place_is_refused(table):
    table.new_game("poker_patience", seed=3, options={"frame": "fixed"})
    table.play(Place(2, 2))
    drag(table, next_card_point(table), place_point(table, "c3"))
    assert len(table.session.state.placed[0]) == 1
    assert table.messages[-1][1] == "poker_patience#laying-out" and "already holds" in table.messages[-1][0]


def test_clicking_a_lit_place_lays_the_card_there(table):
    table.new_game("poker_patience", seed=3)       # the book's free square: first card on e5
    click(table, place_point(table, "f6"))
    assert table.session.state.placed == ((40, 50),)


def test_clicking_beyond_five_by_five_is_explained(table):
    table.new_game("poker_patience", seed=3)
    for name in ("f5", "g5", "h5", "i5"):
        table.play(Place(4, ord(name[0]) - ord("a")))
    before = table.session.state
    table.controller._lay((4 - table.controller.window[0], 3 - table.controller.window[1]))   # d5
    assert table.session.state is before
    assert table.messages[-1][1] == "poker_patience#the-square"


def test_keyboard_play(table):
    table.new_game("poker_patience", seed=3, options={"frame": "fixed"})
    table.setFocus()
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Return):
        QTest.keyClick(table, key)
    placed = table.session.state.placed[0]
    assert len(placed) == 1
    r, c = divmod(placed[0], 5)
    assert (r, c) == (3, 3)    # the first arrow shows the frame on c3; then one right, one down
    # a refused key press says why
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.messages[-1][1] == "poker_patience#laying-out"


def test_the_line_scores_are_shown_live(table):
    table.new_game("poker_patience", seed=3, options={"frame": "open"})
    session = table.session
    deck = session.state.deck
    # find two cards of a rank among the first ten; lay them in row 1 and the others below
    first = next(i for i in range(10) for j in range(i) if deck[i].rank == deck[j].rank)
    partner = next(j for j in range(first) if deck[j].rank == deck[first].rank)
    row1, others = 0, 5
    for k in range(first + 1):
        if k in (first, partner):
            table.play(Place(0, row1))
            row1 += 1
        else:
            table.play(Place(*divmod(others, 5)))
            others += 1
    assert len(session.state.placed[0]) == first + 1
    tag = table.controller.row_tags[0]
    assert tag.points == "1" and tag.name == "pair"
    assert table.controller.total_tag.points == str(table.current_view().total)


def test_the_hint_marks_a_place(table, qtbot):
    table.new_game("poker_patience", seed=3, options={"frame": "fixed"})
    table.play(Place(2, 2))
    table.hint()       # thought out in the worker

    def marked():
        return [key for key, item in table.controller.places.items() if item.highlight == HINT]
    qtbot.waitUntil(lambda: len(marked()) == 1, timeout=30_000)
    assert table.messages[-1][0].startswith("Hint:")


def test_computer_players_lay_the_same_cards_on_their_own_squares(table, qtbot):
    table.set_level(1)
    table.new_game("poker_patience", seed=3, options={"players": 3, "frame": "fixed"})
    controller = table.controller
    assert len(controller.minis) == 2 and all(m.isVisible() for m in controller.minis)
    table.play(Place(2, 2))
    session = table.session
    qtbot.waitUntil(lambda: session.to_move() == 0 and len(session.state.placed[2]) == 1, timeout=30_000)
    view = table.current_view()
    assert [len(o.cards) for o in view.others] == [1, 1]
    assert all(o.cards[0][1] == view.cards[0][1].face for o in view.others)
    assert controller.minis[0].cells and "Player B" in controller.minis[0].title
    # the other squares can be hidden and shown again from the Table menu
    ((_label, _, toggle),) = controller.extra_actions()
    toggle()
    assert not any(m.isVisible() for m in controller.minis)
    toggle()
    assert all(m.isVisible() for m in controller.minis)


def test_the_end_shows_the_score(table):
    table.new_game("poker_patience", seed=3, options={"frame": "open", "target": 40})
    for cell in range(25):
        table.play(Place(*divmod(cell, 5)))
    assert table.session.to_move() is Special.TERMINAL
    title, detail = table.controller.end_texts(table.session.outcome())
    total = table.current_view().total
    assert str(total) in title and str(total) in detail


# -- the Serpent ---------------------------------------------------------------------------------
def test_the_serpents_cards_are_all_shown_in_order(table):
    table.new_game("serpent_poker_patience")
    controller = table.controller
    view = table.current_view()
    faces = [controller._cards[c.id].face for c in view.cards]
    assert faces == [c.face for c in view.cards]          # all 25 face up from the start
    xs = [controller._cards[c.id].pos() for c in view.cards[:5]]
    assert all(a.x() < b.x() for a, b in itertools.pairwise(xs))   # in order, left to right


def test_serpent_drag_to_a_dark_place_and_the_path_grows(table):
    table.new_game("serpent_poker_patience")
    drag(table, next_card_point(table), place_point(table, "c3"))
    drag(table, next_card_point(table), place_point(table, "c4"))
    assert table.session.state.path == (12, 17)
    assert not table.controller.path_item.path().isEmpty()


def test_serpent_illegal_drops_are_refused_with_their_law(table):
    table.new_game("serpent_poker_patience")
    drag(table, next_card_point(table), place_point(table, "b1"))      # a light place
    assert table.session.state.path == ()
    assert table.messages[-1][1] == "serpent_poker_patience#the-board"
    table.play(Place(2, 2))
    drag(table, next_card_point(table), place_point(table, "d4"))      # corner to corner
    assert table.session.state.path == (12,)
    text, rule = table.messages[-1]
    assert rule == "serpent_poker_patience#laying-the-serpent" and "corner to corner" in text.lower()


def test_show_the_best_serpent(table):
    table.new_game("serpent_poker_patience")
    table.play(Place(2, 2))
    controller = table.controller
    ((label, _shortcut, show),) = controller.extra_actions()
    assert label == "Show the best serpent"
    show()
    assert controller.best.score == 81
    assert table.messages[-1][1] == "serpent_poker_patience#the-best-serpent"
    # the best serpent is laid on the board, its path drawn and its score shown
    view = table.current_view()
    for k, cell in enumerate(controller.best.path):
        item = controller._cards[view.cards[k].id]
        target = controller.place_pos(*divmod(cell, 5))
        assert (item.pos() - target).manhattanLength() <= 1
    assert controller.total_tag.points == "81"
    assert table.session.state.path == (12,)            # the game itself is untouched
    # a click brings the player's own serpent back, and lays nothing
    click(table, place_point(table, "c4"))
    assert controller.preview is None and table.session.state.path == (12,)
    assert controller.total_tag.points == "0"


def test_laying_the_best_serpent_solves_the_problem(table):
    from compendium.ai.patience.poker_patience import best_serpent
    from compendium.games.patience.serpent_poker_patience import BOOK_DEAL
    table.new_game("serpent_poker_patience")
    for cell in best_serpent(BOOK_DEAL).path:
        assert table.play(Place(*divmod(cell, 5)))
    outcome = table.session.outcome()
    assert outcome.results == (1.0,)
    title, _ = table.controller.end_texts(outcome)
    assert title.startswith("Solved")


def test_screenshot_sizes_fit(table, qtbot):
    """At 1366 × 768 (less the window's frame) everything lies on the table."""
    table.resize(900, 640)
    table.new_game("poker_patience", seed=3, options={"players": 5})
    rect = table.viewport().rect()
    items = [*table.controller.minis, table.controller.total_tag]
    for item in items:
        box = table.mapFromScene(item.sceneBoundingRect()).boundingRect()
        assert rect.contains(box), item
