"""A table that talks: the callout by a refused move (with the law's link, fading by itself and
letting the mouse through), the hint's two marks and arrow (generic, through a tiny controller,
and on the boards), the demo's badge, the prompts of the boards, the men taken beside the
chessboard, the backgammon buttons' words, and the end said on the table."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtTest import QTest

from compendium.core.game import Outcome
from compendium.core.session import Session
from compendium.games.board.backgammon import GAME as BACKGAMMON
from compendium.games.board.backgammon import Phase
from compendium.games.board.checkers import GAME as CHECKERS
from compendium.games.board.chess_game import GAME as CHESS
from compendium.games.patience.engine import Draw, Move
from compendium.games.patience.klondike import GAME as KLONDIKE
from compendium.ui.table import view as view_module
from compendium.ui.table.controller import TableController
from compendium.ui.table.talk import CalloutItem
from compendium.ui.table.view import TableWidget

from .tables import shown_table, table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def said(table: TableWidget) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: out.append((text, rule)))
    return out


def at(table: TableWidget, scene: QPointF) -> QPoint:
    return table.mapFromScene(scene)


def drag(table: TableWidget, start: QPoint, end: QPoint) -> None:
    viewport = table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 7):
        QTest.mouseMove(viewport, start + (end - start) * (k / 6))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def click(table: TableWidget, pos: QPoint) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


def chess_square(table: TableWidget, name: str) -> QRectF:
    import chess
    index = chess.parse_square(name)
    return table.controller.square_rect((chess.square_file(index), chess.square_rank(index)))


def card_point(table: TableWidget, card_id: int, dy: float) -> QPoint:
    item = table.controller.card_item(card_id)
    r = item.card_rect()
    return at(table, item.mapToScene(QPointF(r.width() / 2, r.height() * dy)))


# -- the callout ----------------------------------------------------------------------------------
def illegal_klondike_drop(table: TableWidget) -> tuple[QPoint, QPoint]:
    """A deal of Klondike with a tableau card that may not go on another: its press and drop."""
    for seed in range(200):
        table.load_session(Session(KLONDIKE, seed=seed))
        view = table.current_view()
        piles = [p for p in view.piles if p.name.startswith("t") and p.cards]
        for a in piles:
            for b in piles:
                if a is not b and Move(a.name, b.name, 1) not in table.legal():
                    return card_point(table, a.cards[-1].id, 0.3), card_point(table, b.cards[-1].id, 0.6)
    raise AssertionError("no deal with an illegal move found")


def test_an_illegal_drop_is_answered_by_a_callout_where_the_card_was_dropped(qtbot, table):
    start, end = illegal_klondike_drop(table)
    messages = said(table)
    drag(table, start, end)
    callout = table.callout
    assert callout.isVisible()
    text, rule = messages[-1]                     # the status bar keeps the history as before
    assert callout.text == text and callout.rule == rule and rule.startswith("canfield_or_klondike#")
    # by the place of the drop, and inside the table
    assert (callout.anchor - table.mapToScene(end)).manhattanLength() < 2
    panel = callout.panel_scene_rect()
    assert table.sceneRect().contains(panel)
    assert QRectF(panel).adjusted(-40, -40, 40, 40).contains(callout.anchor)


def test_the_callouts_link_opens_the_law_and_the_rest_lets_the_mouse_through(qtbot, table):
    start, end = illegal_klondike_drop(table)
    drag(table, start, end)
    callout = table.callout
    opened: list[str] = []
    table.rule_link.connect(opened.append)
    pressed: list[QPointF] = []
    table.controller.press = pressed.append          # what reaches the cards beneath
    # a press on the callout's text (not its link) goes on to the table under it
    panel = callout.panel_scene_rect()
    text_point = QPointF(panel.center().x(), panel.top() + 12)
    assert not callout.link_hit(text_point)
    click(table, at(table, text_point))
    assert len(pressed) == 1 and not opened
    # the link looks like one under the pointer, and opens the law; it is not a press on the table
    QTest.mouseMove(table.viewport(), at(table, callout.link_scene_rect().center()))
    assert table.viewport().cursor().shape() == Qt.CursorShape.PointingHandCursor
    click(table, at(table, callout.link_scene_rect().center()))
    assert opened == [callout.rule]
    assert len(pressed) == 1


def test_the_callout_fades_by_itself(qtbot, table, monkeypatch):
    monkeypatch.setattr(CalloutItem, "HOLD_MS", 50)
    monkeypatch.setattr(CalloutItem, "FADE_MS", 60)
    start, end = illegal_klondike_drop(table)
    drag(table, start, end)
    assert table.callout.isVisible()
    qtbot.waitUntil(lambda: table.callout.opacity() < 1.0, timeout=2000)
    qtbot.waitUntil(lambda: not table.callout.isVisible(), timeout=3000)
    assert table.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor


def test_an_illegal_click_on_the_chessboard_is_answered_on_the_square(qtbot, table):
    table.load_session(Session(CHESS, seed=1, human_seats=(0, 1)))
    rook = chess_square(table, "a1")
    click(table, at(table, rook.center()))          # hemmed in by its own men
    callout = table.callout
    assert callout.isVisible()
    assert callout.text == "The rook on a1 has no move just now." and callout.rule.startswith("chess#")
    assert rook.adjusted(-2, -2, 2, 2).contains(callout.anchor)
    # by keyboard, the callout points at the cursor's square, not where the mouse last was
    table.callout.dismiss()
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     at(table, chess_square(table, "e5").center()))     # an empty square: nothing said
    assert not callout.isVisible()
    for _ in range(4):
        QTest.keyClick(table, Qt.Key.Key_Left)        # the cursor starts on e2: to a2
    QTest.keyClick(table, Qt.Key.Key_Down)            # a1, the rook
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert callout.isVisible() and callout.text == "The rook on a1 has no move just now."
    assert rook.contains(callout.anchor)


def test_news_said_during_a_move_is_no_callout(qtbot, table):
    table.load_session(Session(CHESS, seed=1, human_seats=(0, 1)))
    e2, e4 = chess_square(table, "e2"), chess_square(table, "e4")
    drag(table, at(table, e2.center()), at(table, e4.center()))
    assert table.session.actions_text == ("e2e4",)
    assert not table.callout.isVisible()


# -- the hint -------------------------------------------------------------------------------------
class MarkingController(TableController):
    """The smallest table: it says where an action's thing is and where it goes."""

    SOURCE = QRectF(40, 50, 60, 90)
    TARGET = QRectF(400, 300, 60, 90)

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        return (self.SOURCE, self.TARGET) if isinstance(action, Move) else (None, None)

    def prompt(self) -> str:
        return "Choose a card"


def test_the_hint_lights_what_moves_and_where_through_any_controller(qtbot, table, monkeypatch):
    monkeypatch.setattr(view_module, "controller_class", lambda kind: MarkingController)
    seed = next(s for s in range(100) if any(isinstance(a, Move) for a in Session(KLONDIKE, seed=s).legal_actions())
                and Draw() in Session(KLONDIKE, seed=s).legal_actions())
    table.load_session(Session(KLONDIKE, seed=seed))
    assert isinstance(table.controller, MarkingController)
    move = next(a for a in table.legal() if isinstance(a, Move))
    table._show_hint(table.session.state, move)
    marks = table.hint_marks
    assert marks.isVisible()
    assert marks.source == MarkingController.SOURCE and marks.target == MarkingController.TARGET
    # the arrow between them is inside what the item paints
    assert marks.boundingRect().contains(MarkingController.SOURCE.united(MarkingController.TARGET))
    table.clear_hint()
    assert not marks.isVisible()
    # a table that cannot point at an action draws nothing
    table._show_hint(table.session.state, Draw())
    assert not marks.isVisible()
    # and the prompt is the controller's, on the bottom edge of the cloth below the table's layout
    assert table.prompt_line.isVisible() and table.prompt_line.text == "Choose a card"
    band = table.prompt_band(table.viewport().height())
    assert table.prompt_line.sceneBoundingRect().top() >= table.viewport().height() - band - 2


def test_the_hint_on_the_chessboard_marks_the_man_and_his_square(qtbot, table):
    table.load_session(Session(CHESS, seed=1, human_seats=(0, 1)))
    table._show_hint(table.session.state, "g1f3")
    assert table.hint_marks.source == chess_square(table, "g1")
    assert table.hint_marks.target == chess_square(table, "f3")
    drag(table, at(table, chess_square(table, "e2").center()), at(table, chess_square(table, "e4").center()))
    assert not table.hint_marks.isVisible()             # a move played takes the hint away


def test_the_hint_in_backgammon_marks_a_man_and_the_place_he_goes(qtbot, table):
    table.load_session(Session(BACKGAMMON, seed=3, human_seats=(0, 1)))
    ctl = table.controller
    play = table.legal()[0]
    table._show_hint(table.session.state, play)
    source, target = table.hint_marks.source, table.hint_marks.target
    assert source is not None and target is not None
    seat = table.session.state.turn
    src, dst = play.hops[0]
    for hop_src, hop_dst in play.hops[1:]:
        if hop_src == dst:
            dst = hop_dst
    assert ctl.loc_rect(ctl.place_of(seat, src)).intersects(source)
    assert ctl.loc_rect(ctl.place_of(seat, dst)).intersects(target)


# -- the demo's badge -----------------------------------------------------------------------------
def test_the_demo_shows_a_badge_and_a_click_stops_it(qtbot, monkeypatch):
    table = next(shown_table(qtbot, monkeypatch, CHESS))
    try:
        table.load_session(Session(CHESS, seed=1))
        assert not table.prompt_line.badge
        table.start_demo()
        assert table.demo_running
        line = table.prompt_line
        assert line.isVisible() and line.badge and line.text == "Demo — press D or click to stop"
        qtbot.waitUntil(lambda: len(table.session.actions_text) >= 2, timeout=10_000)
        click(table, QPoint(20, 20))
        assert not table.demo_running
        assert not line.badge and line.text != "Demo — press D or click to stop"
    finally:
        table.shutdown()


# -- prompts --------------------------------------------------------------------------------------
def test_the_chess_prompt_says_whose_move_and_what_to_do(qtbot, table):
    table.load_session(Session(CHESS, seed=1, human_seats=(0, 1)))
    assert table.prompt_line.text.startswith("White to move")
    click(table, at(table, chess_square(table, "g1").center()))
    assert table.prompt_line.text.startswith("Knight on g1: click a lit square")
    click(table, at(table, chess_square(table, "f3").center()))
    assert table.prompt_line.text.startswith("Black to move")


def test_the_checkers_prompt_says_whose_move(qtbot, table):
    table.load_session(Session(CHECKERS, seed=1, human_seats=(0, 1)))
    assert table.prompt_line.text.startswith("Black to move")
    table.play(table.legal()[0])
    assert table.prompt_line.text.startswith("White to move")


def test_the_dominoes_prompt_asks_for_the_lead(qtbot, table):
    from compendium.games import registry
    game = registry.get_game("dominoes_draw")
    table.load_session(Session(game, seed=1, human_seats=(0, 1)))
    seat = table.session.to_move()
    assert isinstance(seat, int)
    if seat == table.viewer_seat:
        assert table.prompt_line.text.startswith("Your lead")
    else:
        assert table.prompt_line.text.startswith("B to play")
    # drawing is hinted at the boneyard, a stone from the hand at its stone
    from compendium.games.board.dominoes import DrawStone
    ctl = table.controller
    assert ctl.action_marks(DrawStone()) == (None, ctl.boneyard_rect)


def test_the_backgammon_cube_buttons_and_prompts(qtbot, table):
    table.load_session(Session(BACKGAMMON, {"cube": True}, seed=3, human_seats=(0, 1)))
    assert table.session.state.phase is Phase.MOVE
    assert table.prompt_line.text.startswith("Your throw ")
    table.play(table.legal()[0])
    state = table.session.state
    assert state.phase is Phase.CUBE
    ctl = table.controller
    assert [b.label for b in ctl.buttons] == ["Roll", "Double"]
    assert [b.detail for b in ctl.buttons] == ["the stake stays 1", "the stake to 2"]
    assert table.prompt_line.text == "Double or roll: the stake is 1"
    click(table, at(table, ctl.buttons[1].rect.center()))
    assert table.session.state.phase is Phase.OFFERED
    assert [b.label for b in ctl.buttons] == ["Take", "Drop"]
    assert table.prompt_line.text.endswith("doubles: take (for 2) or drop (lose 1)")
    # the hint of a cube decision lights its button
    from compendium.games.board.backgammon import CubeAction
    table._show_hint(table.session.state, CubeAction("take"))
    assert table.hint_marks.target == ctl.buttons[0].rect and ctl.buttons[0].lit


def test_the_trays_and_the_bar_say_how_many(qtbot, table):
    import dataclasses

    from compendium.games.board.backgammon import BLACK, WHITE

    from .test_backgammon_table import SetUp, position
    table.load_session(Session(BACKGAMMON, seed=3, human_seats=(0, 1)))
    assert table.controller.borne_off_text(WHITE) == "off"
    start = position({6: 2, 4: 1}, {24: 2, 23: 2})         # White has twelve off
    start = dataclasses.replace(start, bar=(0, 2), off=(12, 9))    # and two of Black's wait on the bar
    table.load_session(Session(SetUp(start), seed=5, human_seats=(0, 1)))
    ctl = table.controller
    assert ctl.borne_off_text(WHITE) == "12 off" and ctl.borne_off_text(BLACK) == "9 off"
    on_bar = ctl.men_at(("bar", BLACK))
    assert len(on_bar) == 2 and on_bar[-1].count == 2        # the count is written on the top man


# -- the men taken --------------------------------------------------------------------------------
def test_the_men_taken_are_shown_beside_the_chessboard(qtbot, table):
    table.load_session(Session(CHESS, seed=1, human_seats=(0, 1)))
    for move in ("e2e4", "d7d5", "e4d5"):
        table.play(move)
    ctl = table.controller
    assert ctl.taken() == (["p"], [])
    top, bottom = ctl._taken_rows          # White plays from the bottom
    assert bottom.keys == ["p"] and bottom.note == "+1"
    assert top.keys == [] and top.note == ""
    table.play("d8d5")                      # the queen takes back
    assert ctl.taken() == (["p"], ["P"])
    assert bottom.note == "" and top.keys == ["P"]


def test_the_men_taken_are_shown_beside_the_checkerboard(qtbot, table):
    session = Session(CHECKERS, seed=1, human_seats=(0, 1))
    table.load_session(session)
    ctl = table.controller
    for _ in range(40):
        jumps = [a for a in table.legal() if getattr(a, "jump", False)]
        if jumps:
            table.play(jumps[0])
            break
        table.play(table.legal()[0])
    by_black, by_white = ctl.taken()
    assert len(by_black) + len(by_white) >= 1
    rows = {tuple(row.keys): row.note for row in ctl._taken_rows}
    assert any("took 1" in note for note in rows.values())


# -- the end, said on the table -------------------------------------------------------------------
def test_a_patience_with_no_move_left_says_so_with_the_choices(qtbot, table, monkeypatch):
    table.load_session(Session(KLONDIKE, seed=1))
    outcome = Outcome((0.0,), "no move is left, with 9 cards on the foundations",
                      "canfield_or_klondike#end-of-the-game", (9,))
    monkeypatch.setattr(table.session, "outcome", lambda: outcome)
    table._check_end()
    banner = table._banner
    # (the title is the patience table's own: "No more moves" or the like)
    assert banner.isVisible() and "moves" in banner.title
    for choice in ("Ctrl+Z", "Ctrl+R", "Ctrl+N"):
        assert choice in banner.detail
    assert not table.prompt_line.isVisible()


def test_the_default_end_of_a_patience_and_of_a_match(qtbot, table):
    table.load_session(Session(KLONDIKE, seed=1))
    plain = TableController(table, KLONDIKE)
    rule = "canfield_or_klondike#end-of-the-game"
    assert plain.end_texts(Outcome((0.0,), "no move is left", rule, (3,)))[0] == "No moves left"
    assert plain.end_texts(Outcome((1.0,), "every card is on the foundations", rule, (52,)))[0] == "Won!"
    assert plain.end_texts(Outcome((1.0, 0.0), "checkmate", "chess#checkmate"))[0] == "You win!"
    assert plain.end_texts(Outcome((0.5, 0.5), "stalemate", "chess#stalemate"))[0] == "A draw"


def test_a_board_names_the_winner_when_two_people_play_and_says_you_to_one(qtbot, table):
    for seats, title in (((0, 1), "Checkmate — Black wins"), ((1,), "Checkmate — you win!"),
                         ((0,), "Checkmate — you lose")):
        table.load_session(Session(CHESS, seed=1, human_seats=seats))
        for move in ("f2f3", "e7e5", "g2g4", "d8h4"):       # the fool's mate
            table.session.play(move)
        table.load_session(table.session)
        assert table._banner.isVisible() and table._banner.title == title
        assert not table.prompt_line.isVisible()            # nothing left to decide


def test_the_end_reached_by_the_players_own_move_is_a_banner_not_a_callout(qtbot, table):
    table.load_session(Session(CHESS, seed=1, human_seats=(0, 1)))
    for move in ("f2f3", "e7e5", "g2g4"):
        table.play(move)
    d8, h4 = chess_square(table, "d8"), chess_square(table, "h4")
    drag(table, at(table, d8.center()), at(table, h4.center()))     # the fool's mate, by the mouse
    assert table.session.outcome() is not None
    assert table._banner.isVisible() and not table.callout.isVisible()
