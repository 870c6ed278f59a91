"""The backgammon table: men dragged and clicked one at a time, refusals with their laws, the
turn handed to the session only when complete, bearing off into the tray, the keyboard, the
buttons of the first throw, and the computer's reply."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.board.backgammon import (
    BLACK,
    GAME,
    MEN,
    WHITE,
    Backgammon,
    BackgammonState,
    Phase,
    Play,
    position_id,
)
from compendium.ui.table.view import TableWidget

from .tables import shown_table


def white_opens(predicate=lambda s: True, **options) -> Session:
    """A game in which White (the person) won the first throw."""
    for seed in range(400):
        session = Session(GAME, options or None, seed=seed)
        if session.to_move() == WHITE and predicate(session.state):
            return session
    raise AssertionError("no such first throw")


class SetUp(Backgammon):
    """The same rules from a chosen position (White to throw next)."""

    def __init__(self, start: BackgammonState) -> None:
        self._start = start

    def initial_state(self, options: Any = None) -> BackgammonState:
        return self._start


def position(white: dict[int, int], black: dict[int, int]) -> BackgammonState:
    board = [0] * 24
    for p, n in white.items():
        board[p - 1] += n
    for p, n in black.items():
        board[24 - p] -= n
    off = (MEN - sum(white.values()), MEN - sum(black.values()))
    base = GAME.initial_state()
    return BackgammonState(board=tuple(board), off=off, phase=Phase.THROW, turn=WHITE, opts=base.opts)


@pytest.fixture
def table(qtbot, monkeypatch):
    yield from shown_table(qtbot, monkeypatch, GAME, size=(1100, 720))


def at(table: TableWidget, scene: QPointF) -> QPoint:
    return table.mapFromScene(scene)


def man_pos(table: TableWidget, point: int, seat: int = WHITE) -> QPoint:
    ctl = table.controller
    loc = ctl.place_of(seat, point)
    return at(table, ctl.men_at(loc)[-1].pos())


def point_pos(table: TableWidget, point: int, seat: int = WHITE) -> QPoint:
    ctl = table.controller
    loc = ctl.place_of(seat, point)
    return at(table, ctl.loc_rect(loc).center())


def drag(table: TableWidget, start: QPoint, end: QPoint, steps: int = 8) -> None:
    viewport = table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, steps + 1):
        QTest.mouseMove(viewport, start + (end - start) * (k / steps))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def click(table: TableWidget, pos: QPoint) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


def messages(table: TableWidget) -> list[tuple[str, str]]:
    said: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    return said


def test_the_board_shows_fig_1(qtbot, table):
    table.load_session(white_opens())
    ctl = table.controller
    counts = ctl.shown_counts()
    assert counts[("pt", 24)] == (WHITE, 2) and counts[("pt", 13)] == (WHITE, 5)
    assert counts[("pt", 1)] == (BLACK, 2) and counts[("pt", 19)] == (BLACK, 5)
    # White's inner table on the right, as in Fig. 1; its ace point at the right edge.
    assert ctl.point_rect(1).left() > ctl.point_rect(6).left() > ctl.bar_rect().left() > ctl.point_rect(7).left()
    assert ctl.point_rect(24).top() < ctl.point_rect(1).top()
    assert sum(len(v) for v in ctl.men.values()) == 30
    assert len(ctl.dice) == (4 if table.session.state.dice[0] == table.session.state.dice[1] else 2)


def test_a_legal_drag_moves_one_man_and_the_turn_is_played_when_complete(qtbot, table):
    session = white_opens(lambda s: s.dice == (6, 5))
    table.load_session(session)
    before = session.state
    drag(table, man_pos(table, 24), point_pos(table, 18))
    ctl = table.controller
    assert table.session.state is before                 # a partial turn is the table's own
    assert ctl.builder is not None and [(h.src, h.dst) for h in ctl.builder.hops] == [(24, 18)]
    assert ctl.shown_counts()[("pt", 18)] == (WHITE, 1)
    drag(table, man_pos(table, 18), point_pos(table, 13))
    assert table.session.state is not before
    assert table.session.state.men_on(WHITE, 13) == 6 and table.session.state.men_on(WHITE, 24) == 1


def test_an_illegal_drag_snaps_back_and_names_the_law(qtbot, table):
    session = white_opens(lambda s: s.dice == (6, 5))
    table.load_session(session)
    before = session.state
    said = messages(table)
    start = man_pos(table, 24)
    drag(table, start, point_pos(table, 19))              # Black's six point: five men
    assert table.session.state is before
    assert not table.controller.builder.hops
    assert said and said[-1][1] == "backgammon#blots-and-hitting"
    assert (table.controller.men_at(("pt", 24))[-1].pos() - table.controller.slot(("pt", 24), 1)).manhattanLength() < 1
    drag(table, man_pos(table, 6), point_pos(table, 3))   # no die makes three
    assert said[-1][1] == "backgammon#moving-the-men"
    drag(table, man_pos(table, 1, BLACK), point_pos(table, 5))   # the adversary's men stay put
    assert table.session.state is before and not table.controller.builder.hops


def test_legal_targets_are_lit_when_a_man_is_picked_up(qtbot, table):
    session = white_opens(lambda s: s.dice == (6, 5))
    table.load_session(session)
    before = session.state
    ctl = table.controller
    click(table, man_pos(table, 24))
    assert ctl.selected == 24
    assert ctl.targets(24) == {("pt", 18), ("pt", 13)}
    assert ctl.lit == {("pt", 18), ("pt", 13)}
    click(table, point_pos(table, 13))                     # click-to-move: both dice for one man
    assert table.session.state is not before
    assert table.session.state.men_on(WHITE, 13) == 6


def test_undo_this_man_and_the_keyboard(qtbot, table):
    session = white_opens(lambda s: s.dice == (3, 1))
    table.load_session(session)
    ctl = table.controller
    ctl.cursor = ("pt", 8)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert ctl.selected == 8
    for _ in range(3):
        QTest.keyClick(table, Qt.Key.Key_Right)           # 8 -> 7 -> bar ... along the bottom row
    assert ctl.cursor == ("pt", 6)                        # across the bar into the home table
    ctl.cursor = ("pt", 5)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert [(h.src, h.dst) for h in ctl.builder.hops] == [(8, 5)]
    QTest.keyClick(table, Qt.Key.Key_Escape)              # take back this man
    assert not ctl.builder.hops and ctl.shown_counts()[("pt", 8)] == (WHITE, 3)
    for point, dst in ((8, 5), (6, 5)):
        ctl.cursor = ("pt", point)
        QTest.keyClick(table, Qt.Key.Key_Return)
        ctl.cursor = ("pt", dst)
        QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.state.men_on(WHITE, 5) == 2


def test_the_book_lets_the_winner_throw_again_with_a_button(qtbot, table):
    table.load_session(white_opens())
    ctl = table.controller
    labels = [b.label for b in ctl.buttons]
    assert "Throw again" in labels
    button = ctl.buttons[labels.index("Throw again")]
    click(table, at(table, button.rect.center()))
    steps = table.session.actions_text
    assert "throw again" in steps and steps[-1].startswith("roll ")


def test_bearing_off_by_dragging_into_the_tray(qtbot, table):
    start = position({6: 2, 4: 1}, {24: 2, 23: 2})
    game = SetUp(start)
    session = Session(game, seed=5)
    while session.to_move() != WHITE or session.state.dice != (6, 4):
        session = Session(game, seed=session.seed + 1)
    table.load_session(session)
    ctl = table.controller
    tray = at(table, ctl.tray_rect(WHITE).center())
    drag(table, man_pos(table, 6), tray)
    assert [(h.src, h.dst) for h in ctl.builder.hops] == [(6, 0)]
    assert ctl.shown_counts()[("off", WHITE)] == (WHITE, 13)
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                      man_pos(table, 4))                  # a double-click bears the man off
    assert table.session.state.off[WHITE] == 14


def test_the_computer_replies_with_a_whole_turn(qtbot, table):
    session = white_opens(lambda s: s.dice == (3, 1))
    table.load_session(session)
    assert table.play(Play(((8, 5), (6, 5))))
    qtbot.waitUntil(lambda: table.session.to_move() == WHITE, timeout=5000)
    state = table.session.state
    assert state.pips(BLACK) < 167
    counts = table.controller.shown_counts()
    assert sum(n for (seat, n) in counts.values() if seat == BLACK) == 15
    lines = table.controller._history_lines()
    assert lines[-1].startswith("Black ") and ":" in lines[-1]
    assert any(p.startswith("Pips: White 163") for p in table.controller.status_parts())


def test_the_position_id_is_copied(qtbot, table):
    table.load_session(white_opens())
    assert table.controller.copy_position_id() == "4HPwATDgc/ABMA"
    labels = [label for label, _, _ in table.controller.extra_actions()]
    assert "Copy the &position ID" in labels


def test_bearing_off_the_last_men_wins_and_the_banner_says_how_much(qtbot, table):
    start = position({1: 2}, {6: 5, 8: 5, 13: 5})        # Black has borne off none: a gammon
    game = SetUp(start)
    session = Session(game, seed=1)
    while session.to_move() != WHITE or session.state.phase is not Phase.MOVE:
        session = Session(game, seed=session.seed + 1)
    table.load_session(session)
    ended = []
    table.finished.connect(ended.append)
    tray = at(table, table.controller.tray_rect(WHITE).center())
    drag(table, man_pos(table, 1), tray)
    drag(table, man_pos(table, 1), tray)
    assert ended and ended[0].scores == (2, 0)
    title, detail = table.controller.end_texts(ended[0])
    assert title == "You win a gammon!" and "2 points" in detail


# -- a game set up from a GNU Backgammon position ID -----------------------------------------------
def test_set_up_from_a_position_id_plays_from_there(qtbot, table):
    table.load_session(white_opens())
    start = position({1: 2, 6: 3, 8: 2}, {6: 5, 8: 5, 13: 5})
    text = position_id(start, WHITE)
    assert table.controller.set_up(text)
    session = table.session
    assert session.setup == text and session.human_seats == (0,)
    assert session.steps[0].text.startswith("roll ")           # the player on roll threw first
    assert session.state.board == start.board and session.state.turn == WHITE
    counts = table.controller.shown_counts()
    assert counts[("pt", 1)] == (WHITE, 2) and counts[("pt", 6)] == (WHITE, 3)
    assert counts[("off", WHITE)] == (WHITE, 8)
    table.play(table.legal()[0])
    qtbot.waitUntil(lambda: table.human_to_move or table.session.outcome() is not None, timeout=5000)
    while table.undo():
        pass
    assert table.session.state.board == start.board            # never back past the set-up
    assert table.session.steps == session.steps[:1]             # and the same throw


def test_a_position_id_may_give_black_the_roll(qtbot, table):
    table.load_session(white_opens())
    assert table.controller.set_up("4HPwATDgc/ABMA Black")
    # set up and thrown for Black; the computer's reply waits for the event loop
    assert table.session.steps[0].text.startswith("roll ") and table.session.to_move() == BLACK
    assert table.session.record().setup == "4HPwATDgc/ABMA Black"


def test_a_bad_position_id_sets_nothing_up(table):
    session = white_opens()
    table.load_session(session)
    said = messages(table)
    assert not table.controller.set_up("not an id")
    assert table.session is session
    assert said[-1][0].startswith("Nothing was set up") and "'not an id'" in said[-1][0]
    labels = [label for label, _, _ in table.controller.extra_actions()]
    assert "&Set up from position ID…" in labels
