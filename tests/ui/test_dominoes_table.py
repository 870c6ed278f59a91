"""The dominoes table: dragging stones to the ends (legal and refused with the rule), clicking,
the keyboard, the boneyard and the knock, the computer's reply, the score board, what scored said
with its rule, the end of a hand, and the line snaking inside the cloth."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtTest import QTest

from compendium.ai.worker import decide, hint_position
from compendium.core.records import Record
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games.board.dominoes import (
    FIVES_AND_THREES,
    GAME,
    STONES,
    Deal,
    DrawStone,
    End,
    Pass,
    Play,
    parse_stone,
)
from compendium.ui.table.dominoes_table import DominoesController, fitted_layout, layout_bounds, snake_layout
from compendium.ui.table.view import TableWidget


def arranged_deal(*hands: str, lead: int = 0) -> str:
    named = [parse_stone(t) for h in hands for t in h.split()]
    rest = [s for s in STONES if s not in named]
    return GAME.action_to_str(Deal(order=tuple(named + rest), lead=lead))


def session_of(game, *moves: str, hands: tuple[str, str], options=None,
               human_seats=(0, 1)) -> Session:
    record = Record(game=game.info.id, options=dict(options or {}), seed=0,
                    actions=(arranged_deal(*hands), *moves), human_seats=human_seats)
    return Session.from_record(record, game=game)


def _think_here(game_id, view, legal, memory, state=None, level=2):
    """The computer's move worked out in this process (the worker is a separate process)."""
    from concurrent.futures import Future
    future: Future = Future()
    future.set_result(decide(game_id, view, legal, memory, None, level))
    return future


def _hint_here(game_id, state, seat):
    from concurrent.futures import Future
    future: Future = Future()
    future.set_result(hint_position(game_id, state, seat))
    return future


@pytest.fixture
def table(qtbot, monkeypatch):
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1000, 720)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_animations(False)
    monkeypatch.setattr(widget.worker, "submit", _think_here)
    monkeypatch.setattr(widget.worker, "submit_hint", _hint_here)
    yield widget
    widget.shutdown()


def ctl(table: TableWidget) -> DominoesController:
    assert isinstance(table.controller, DominoesController)
    return table.controller


def stone_id(table: TableWidget, text: str) -> int:
    face = parse_stone(text)
    return next(vc.id for vc in table.current_view().own if vc.face == face)


def at(table: TableWidget, scene: QPointF) -> QPoint:
    return table.mapFromScene(scene)


def stone_point(table: TableWidget, text: str) -> QPoint:
    spot = ctl(table).spot_of(stone_id(table, text))
    return at(table, ctl(table).spot_rect(spot).center())


def target_point(table: TableWidget, text: str, end: End | None) -> QPoint:
    view = table.current_view()
    spot = ctl(table).end_targets(view, parse_stone(text))[end]
    return at(table, ctl(table).spot_rect(spot).center())


def drag(table: TableWidget, start: QPoint, end: QPoint, steps: int = 8) -> None:
    viewport = table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, steps + 1):
        QTest.mouseMove(viewport, start + (end - start) * (k / steps))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def click(table: TableWidget, point: QPoint) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)


def said(table: TableWidget) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: out.append((text, rule)))
    return out


A_HAND = "5-5 5-3 6-6 6-4 2-0 1-0 4-4"
B_HAND = "3-3 2-2 1-1 0-0 3-0 3-1 2-1"          # no five, six or four


# -- what is shown --------------------------------------------------------------------------------
def test_only_the_players_own_stones_are_face_up(table):
    table.load_session(session_of(GAME, hands=(A_HAND, B_HAND), human_seats=(0,)))
    view = table.current_view()
    shown = ctl(table).shown_faces()
    for vc in view.own:
        assert shown[vc.id] == (vc.face.high, vc.face.low)
    for vc in view.hands[1] + view.boneyard:
        assert shown[vc.id] == (None, None)              # the ebony back
    assert len(shown) == 28


# -- dragging -------------------------------------------------------------------------------------
def test_drag_a_stone_to_set_the_lead_and_the_computer_replies(qtbot, table):
    table.load_session(session_of(GAME, hands=(A_HAND, B_HAND), human_seats=(0,)))
    drag(table, stone_point(table, "6-6"), target_point(table, "6-6", None))
    state = table.session.state
    assert state.deck[state.line[0].id] == parse_stone("6-6")
    # B holds no six: the computer draws until it can play or must knock, and A has the move again
    qtbot.waitUntil(lambda: table.session.to_move() == 0, timeout=5000)
    kinds = [t.kind for t in table.session.state.log]
    assert kinds[0] == "play" and kinds[1] == "draw"


def test_a_drag_to_an_end_the_stone_does_not_match_is_refused_with_the_rule(qtbot, table):
    table.load_session(session_of(GAME, "5-5", hands=(A_HAND, "5-2 " + B_HAND.rsplit(" ", 1)[0])))
    table.play(Play(parse_stone("5-2"), End.RIGHT))        # B (a second person) plays: ends 5 and 2
    messages = said(table)
    before = ctl(table).spot_of(stone_id(table, "6-6")).pos
    drag(table, stone_point(table, "6-6"), target_point(table, "6-6", End.RIGHT))
    assert len(table.session.state.line) == 2              # nothing was played
    text, rule = messages[-1]
    assert "does not match the 2 at the right end" in text and rule == "dominoes_draw#the-play"
    item = ctl(table).item_of(stone_id(table, "6-6"))
    assert (item.pos() - before).manhattanLength() < 0.5   # snapped back to the hand


def test_a_legal_drag_to_an_end_plays_there_and_the_stone_turns(qtbot, table):
    table.load_session(session_of(GAME, "5-5", hands=(A_HAND, "5-2 " + B_HAND.rsplit(" ", 1)[0])))
    table.play(Play(parse_stone("5-2"), End.RIGHT))
    drag(table, stone_point(table, "5-3"), target_point(table, "5-3", End.LEFT))
    line = table.session.state.line
    assert (line[0].left, line[0].right) == (3, 5)
    spot = ctl(table).spot_of(line[0].id)
    assert spot.horizontal and (spot.first, spot.second) == (3, 5)   # the five against the five


# -- clicking and the keyboard ----------------------------------------------------------------------
def block_session(*moves: str) -> Session:
    return session_of(GAME, "5-5", "pass", *moves, hands=(A_HAND, B_HAND),
                      options={"game": "block"})


def test_click_a_stone_that_fits_both_ends_then_the_end(qtbot, table):
    table.load_session(block_session())                     # ends 5 and 5; A holds 5-3
    click(table, stone_point(table, "5-3"))
    assert ctl(table).selected == stone_id(table, "5-3")
    assert len(table.session.state.line) == 1
    click(table, target_point(table, "5-3", End.RIGHT))
    line = table.session.state.line
    assert (line[-1].left, line[-1].right) == (5, 3)


def test_click_a_stone_with_one_place_plays_it_at_once_or_says_why_not(qtbot, table):
    table.load_session(block_session("5-3 right", "3-1 right"))   # ends 5 and 1
    messages = said(table)
    click(table, stone_point(table, "6-6"))                         # no five or one: refused
    assert len(table.session.state.line) == 3
    assert messages[-1][1] == "dominoes_draw#the-play"
    click(table, stone_point(table, "1-0"))                         # fits the right end only
    line = table.session.state.line
    assert (line[-1].left, line[-1].right) == (1, 0)


def test_keyboard_play(qtbot, table):
    table.load_session(block_session())
    controller = ctl(table)
    controller.cursor = controller._hand_ids.index(stone_id(table, "5-3"))
    QTest.keyClick(table, Qt.Key.Key_Return)                 # pick up the 5-3: it fits both ends
    assert controller.selected == stone_id(table, "5-3")
    QTest.keyClick(table, Qt.Key.Key_Left)                   # the left end
    QTest.keyClick(table, Qt.Key.Key_Return)
    line = table.session.state.line
    assert (line[0].left, line[0].right) == (3, 5)


# -- the boneyard and the knock -----------------------------------------------------------------------
def test_click_the_boneyard_to_draw_only_when_nothing_matches(qtbot, table):
    hands = ("6-6 2-1 2-0 1-0 1-1 0-0 2-2", "6-5 5-5 5-4 4-4 5-3 4-3 3-3")
    table.load_session(session_of(GAME, hands=hands))
    messages = said(table)
    bone = at(table, ctl(table).boneyard_rect.center())
    click(table, bone)                                       # the lead is A's: nothing to draw
    assert messages[-1][1] == "dominoes_draw#the-boneyard"
    assert len(table.session.state.hands[0]) == 7
    table.play(Play(parse_stone("6-6")))
    table.play(Play(parse_stone("6-5"), End.RIGHT))          # B: the ends are 6 and 5
    assert table.legal() == (DrawStone(),)
    click(table, bone)
    assert len(table.session.state.hands[0]) == 7            # 6 left + 1 drawn
    assert table.session.state.log[-1].kind == "draw"


def test_the_knock_button_in_the_block_game(qtbot, table):
    table.load_session(session_of(GAME, "6-6", hands=("6-6 2-1 2-0 1-0 1-1 0-0 2-2",
                                                       "6-5 5-5 5-4 4-4 5-3 4-3 3-3"),
                                  options={"game": "block"}))
    assert ctl(table).knock_rect.isNull()                   # B can play: no knock offered to B
    table.play(Play(parse_stone("6-5"), End.RIGHT))
    assert table.legal() == (Pass(),)
    rect = ctl(table).knock_rect
    assert not rect.isNull()
    click(table, at(table, rect.center()))
    assert table.session.state.log[-1].kind == "pass" and table.session.to_move() == 1


def test_the_hint_marks_a_stone_and_its_end(qtbot, table):
    table.load_session(block_session("5-3 right", "3-1 right"))   # ends 5 and 1: only 1-0 fits
    table.hint()
    marks = table.hint_marks
    qtbot.waitUntil(marks.isVisible, timeout=3000)
    # the stone in the hand and the place it takes at the right-hand end, an arrow between
    stone = ctl(table).item_of(ctl(table)._id_of(parse_stone("1-0"))).sceneBoundingRect()
    assert marks.source is not None and marks.source.intersects(stone)
    target = ctl(table).spot_rect(ctl(table).end_targets(table.current_view(), parse_stone("1-0"))[End.RIGHT])
    assert marks.target == target
    assert not marks.source.intersects(marks.target)
    table.clear_hint()
    assert not marks.isVisible()


# -- scores -----------------------------------------------------------------------------------------
def test_what_scored_is_said_with_its_rule_and_the_score_board_shows_it(qtbot, table):
    hands = ("6-6 3-3 3-0 1-1 2-1 5-2 4-1", "6-3 6-0 4-3 5-5 2-2 5-1 4-2")
    table.load_session(session_of(FIVES_AND_THREES, hands=hands, human_seats=(0,)))
    messages = said(table)
    drag(table, stone_point(table, "6-6"), target_point(table, "6-6", None))
    qtbot.waitUntil(lambda: any(rule == "fives_and_threes#counting-the-ends" and "scores 4" in text
                                for text, rule in messages), timeout=3000)
    qtbot.waitUntil(lambda: table.session.to_move() == 0, timeout=5000)
    board = ctl(table)._score.toPlainText().splitlines()
    scores = table.session.state.scores
    assert scores[0] >= 4
    # the board's rows read name then score (Qt's plain text puts each cell on its own line)
    cells = [c.strip() for c in board if c.strip()]
    assert cells[cells.index("You ◂") + 1] == str(scores[0])
    assert cells[cells.index("B") + 1] == str(scores[1])


def test_the_end_of_a_hand_is_shown_until_the_player_clicks(qtbot, table):
    session = session_of(GAME, hands=(A_HAND, B_HAND), options={"game": "block"})
    table.load_session(session)
    gen = SplitMix64(3)
    while table.session.state.hand_no == 1:
        legal = table.legal()
        assert table.play(legal[gen.below(len(legal))])
    controller = ctl(table)
    assert controller.overlay_shown
    previous = table.current_view().previous
    assert previous is not None and previous.hand_no == 1
    click(table, at(table, QPointF(controller.width / 2, controller.height / 2)))
    assert not controller.overlay_shown
    assert table.session.state.hand_no == 2                 # the click only closed the summary


# -- the line snakes inside the cloth ----------------------------------------------------------------
def random_line(gen: SplitMix64, length: int) -> list[tuple[int, int]]:
    numbers = [gen.below(7)]
    for _ in range(length):
        numbers.append(gen.below(7) if gen.below(4) else numbers[-1])   # doubles now and then
    return [(numbers[k], numbers[k + 1]) for k in range(length)]


def _overlap(a, b) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


@pytest.mark.parametrize("seed", range(12))
def test_the_snake_stays_on_the_cloth_and_no_stones_overlap(seed):
    gen = SplitMix64(seed)
    length = 10 + gen.below(19)
    line = random_line(gen, length)
    origin = gen.below(length)
    area = (40.0, 60.0, 620.0, 420.0)
    placed, short = fitted_layout(line, origin, area, 34.0)
    left, top, right, bottom = layout_bounds(placed, short)
    assert left >= area[0] - 0.5 and right <= area[0] + area[2] + 0.5
    assert top >= area[1] - 0.5 and bottom <= area[1] + area[3] + 0.5
    rects = [p.rect(short) for p in placed]
    for i in range(len(rects)):
        for j in range(i + 1, len(rects)):
            assert _overlap(rects[i], rects[j]) < 1.0, (i, j, placed[i], placed[j])
    # matching halves touch: each stone's number facing the lead equals its neighbour's
    for p, (l, r) in zip(placed, line):
        assert {p.first, p.second} == {l, r}
        assert (not p.horizontal) if l == r and p is placed[origin] else True


def test_a_long_arm_turns_at_the_edge():
    line = [(k % 7, (k + 1) % 7) for k in range(14)]
    placed = snake_layout(line, 0, (300.0, 200.0), 250.0, 20.0)
    assert any(not p.horizontal for p in placed[1:])          # a corner stone stands upright
    ys = {round(p.y) for p in placed if p.horizontal}
    assert len(ys) >= 2                                       # and the line came back on a new row
    assert all(p.x - (40 if p.horizontal else 20) / 2 >= 50 - 0.5 for p in placed)
    assert all(p.x + (40 if p.horizontal else 20) / 2 <= 550 + 0.5 for p in placed)


def test_screen_rect_helpers_agree():
    spot_rect = DominoesController.spot_rect
    from compendium.ui.table.dominoes_table import Spot
    r = spot_rect(Spot(QPointF(10, 20), 30, True, 1, 2))
    assert r == QRectF(10, 20, 60, 30)
