"""The chess table: dragging and clicking men (legal and illegal), castling, en passant and the
promotion chooser, check and the last move shown, the keyboard, the flipped board, the move list
in both notations, PGN and FEN through the clipboard, lessons, claims and resignation, a game set
up from a FEN, and the clock (driven by a fake time source)."""
from __future__ import annotations

from concurrent.futures import Future

import chess
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from compendium.ai.board.chess import SearchPlayer
from compendium.core import records
from compendium.core.session import Session
from compendium.games.board.chess_game import CLAIM, FLAG, GAME, LESSONS
from compendium.ui.table.chess_table import ChessController, piece_pixmap
from compendium.ui.table.square_board import DANGER
from compendium.ui.table.view import TableWidget

from .tables import shown_table

Square = tuple[int, int]


def sq(name: str) -> Square:
    index = chess.parse_square(name)
    return chess.square_file(index), chess.square_rank(index)


@pytest.fixture
def table(qtbot, monkeypatch):
    # the computer at level 1, in this process: quick and always the same
    yield from shown_table(qtbot, monkeypatch, GAME, player=lambda level: SearchPlayer(1))


def setup(table: TableWidget, start: str = "standard", seats=(0, 1)) -> ChessController:
    """A game on the table with people in the seats given (both: no computer replies)."""
    table.load_session(Session(GAME, {"start": start}, seed=1, human_seats=seats))
    controller = table.controller
    assert isinstance(controller, ChessController)
    return controller


def point(table: TableWidget, square: Square) -> QPoint:
    return table.mapFromScene(table.controller.square_rect(square).center())


def drag(table: TableWidget, src: str, dst: str) -> None:
    start, end = point(table, sq(src)), point(table, sq(dst))
    viewport = table.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 7):
        QTest.mouseMove(viewport, start + (end - start) * (k / 6))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def click(table: TableWidget, name: str) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     point(table, sq(name)))


def messages(table: TableWidget) -> list[tuple[str, str]]:
    said: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    return said


def test_the_men_stand_in_the_usual_array(table):
    controller = setup(table)
    shown = controller.piece_squares()
    assert len(shown) == 32
    assert shown[sq("e1")] == "K" and shown[sq("d8")] == "q" and shown[sq("g2")] == "P"
    pixmap = piece_pixmap("N", 60, 2.0)
    assert pixmap.width() == 120 and pixmap.devicePixelRatio() == 2.0
    assert piece_pixmap("N", 60, 2.0) is pixmap          # cached


def test_a_legal_drag_plays_and_the_computer_replies(qtbot, table):
    setup(table, seats=(0,))
    drag(table, "e2", "e4")
    assert table.session.actions_text[0] == "e2e4"
    qtbot.waitUntil(lambda: len(table.session.actions_text) == 2, timeout=5000)
    reply = chess.Move.from_uci(table.session.actions_text[1])
    shown = table.controller.piece_squares()
    assert shown[sq("e4")] == "P" and sq("e2") not in shown
    assert sq(chess.square_name(reply.to_square)) in shown
    assert table.controller.last_move() == (sq(chess.square_name(reply.from_square)),
                                            sq(chess.square_name(reply.to_square)))


def test_an_illegal_drag_snaps_back_and_names_the_law(table):
    controller = setup(table)
    said = messages(table)
    drag(table, "e2", "e5")
    assert table.session.actions_text == ()
    assert said[-1][1] == "chess#the-pawn"
    item = controller.piece_item(sq("e2"))
    assert (item.pos() - controller.square_rect(sq("e2")).topLeft()).manhattanLength() < 0.5
    drag(table, "f1", "c4")                               # the bishop cannot jump its pawn
    assert said[-1][1] == "chess#the-bishop" and table.session.actions_text == ()
    click(table, "e7")                                    # Black's man on White's turn
    assert said[-1] == ("The pawn on e7 is Black's: you play White.", "chess#the-play")


def test_click_to_move_shows_the_targets(table):
    controller = setup(table)
    click(table, "g1")
    assert controller.selected == sq("g1")
    assert controller.targets_from(sq("g1")) == {sq("f3"), sq("h3")}
    click(table, "f3")
    assert table.session.actions_text == ("g1f3",)


def test_castling_and_en_passant_by_dragging(table):
    controller = setup(table, "r3k2r/pppppppp/8/4P3/8/8/PPPP1PPP/R3K2R b KQkq - 0 1")
    drag(table, "d7", "d5")
    drag(table, "e5", "d6")                               # en passant
    assert table.session.actions_text == ("d7d5", "e5d6")
    assert sq("d5") not in controller.piece_squares()
    drag(table, "e8", "c8")                               # Black castles on the queen's side
    drag(table, "e1", "g1")                               # White on the king's side
    shown = controller.piece_squares()
    assert shown[sq("c8")] == "k" and shown[sq("d8")] == "r"
    assert shown[sq("g1")] == "K" and shown[sq("f1")] == "R"


def test_the_promotion_chooser(table):
    controller = setup(table, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    drag(table, "e7", "e8")
    assert controller.choosing
    assert controller.chooser_actions() == ["e7e8q", "e7e8n", "e7e8r", "e7e8b"]
    assert table.session.actions_text == ()
    QTest.keyClick(table, Qt.Key.Key_Escape)              # put the pawn back
    assert not controller.choosing and table.session.actions_text == ()
    assert controller.piece_squares()[sq("e7")] == "P"
    drag(table, "e7", "e8")
    click(table, "e7")                                    # the knight, second in the column
    assert table.session.actions_text == ("e7e8n",)
    assert controller.piece_squares()[sq("e8")] == "N"


def test_promotion_by_keyboard(table):
    controller = setup(table, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    controller.cursor = sq("e7")
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Up, Qt.Key.Key_Return):
        QTest.keyClick(table, key)
    assert controller.choosing
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Return):   # queen → knight → rook
        QTest.keyClick(table, key)
    assert table.session.actions_text == ("e7e8r",)


def test_keyboard_play(table):
    controller = setup(table)
    controller.cursor = sq("e2")
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Up, Qt.Key.Key_Up, Qt.Key.Key_Return):
        QTest.keyClick(table, key)
    assert table.session.actions_text == ("e2e4",)


def test_check_is_shown_on_the_king(table):
    controller = setup(table)
    for move in ("e2e4", "f7f6", "d2d4", "g7g5", "d1h5"):
        assert table.play(move)
    assert controller.marked() == {sq("e8"): DANGER}
    assert "Check" in controller.panel_html()
    assert table.session.outcome().rule == "chess#checkmate"


def test_the_board_turns_for_black(table):
    controller = setup(table, seats=(1,))
    assert controller.flipped
    a1, h8 = controller.square_rect(sq("a1")), controller.square_rect(sq("h8"))
    assert a1.top() < h8.top() and a1.left() > h8.left()
    controller.flip()
    assert not controller.flipped


def test_the_move_list_in_both_notations(table):
    controller = setup(table)
    for move in ("e2e4", "e7e5", "g1f3", "b8c6"):
        table.play(move)
    text = controller.panel_html()
    assert "Nf3" in text and "Nc6" in text and "<b>Nc6</b>" in text
    controller.toggle_notation()
    text = controller.panel_html()
    assert "Kt-KB3" in text and "Kt-QB3" in text and "descriptive" in text
    table.play("f1b5")
    assert "B-QKt5" in controller.panel_html()


def test_pgn_and_fen_through_the_clipboard(table):
    controller = setup(table, seats=(0,))
    said = messages(table)
    table.session.play("e2e4")
    table.session.play("e7e5")
    controller.copy_pgn()
    copied = QGuiApplication.clipboard().text()
    assert "1. e4 e5" in copied and '[White "You"]' in copied
    controller.copy_fen()
    assert QGuiApplication.clipboard().text() == table.session.state.fen
    # a bad paste changes nothing and says why
    before = table.session
    assert not controller.paste_text("1. e4 e5 2. Ke3 *")
    assert table.session is before and "Nothing was pasted" in said[-1][0] and "'Ke3'" in said[-1][0]
    assert not controller.paste_text("8/8/8/8/8/8/8/8 w - - 0 1")
    assert table.session is before and "no king" in said[-1][0]
    # a good game replaces it, with its moves to take back
    QGuiApplication.clipboard().setText("1. d4 d5 2. c4 e6 *")
    controller.paste()
    assert table.session.actions_text == ("d2d4", "d7d5", "c2c4", "e7e6")
    assert table.undo() and table.session.actions_text == ("d2d4", "d7d5")
    assert controller.paste_text("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    assert table.session.state.fen == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert table.session.human_seats == (0,)


def test_lessons_seat_the_player_on_the_side_to_move(table):
    controller = setup(table)
    controller.load_lesson("lasker-7-black")
    assert table.session.human_seats == (1,) and table.controller.flipped
    assert table.session.state.fen == LESSONS["lasker-7-black"].fen
    assert "Diagram 7" in table.controller.panel_html()
    labels = [label for label, _, _ in table.controller.extra_actions()]
    assert sum(label.startswith("Lesson:") for label in labels) == len(LESSONS)


def test_claims_and_resignation(table):
    controller = setup(table, seats=(0,))
    said = messages(table)
    controller.claim_draw()
    assert said[-1][1] == "chess#draws" and table.session.outcome() is None
    controller.resign()
    outcome = table.session.outcome()
    assert outcome is not None and outcome.results == (0.0, 1.0) and outcome.rule == "chess#resigning"
    assert controller.end_texts(outcome)[0] == "The game is lost"
    assert CLAIM not in table.legal()
    click(table, "e2")                     # nothing moves any more, and the table says why
    assert said[-1] == ("The game is over: White resigns: Black wins.", "chess#resigning")


def test_the_hint_marks_a_move(qtbot, table):
    controller = setup(table, LESSONS["lasker-6-white"].fen, seats=(0,))
    said = messages(table)
    table.hint()    # thought out in the worker, so the table never freezes
    qtbot.waitUntil(lambda: said and said[-1][0].startswith("Hint:"), timeout=60_000)
    assert said[-1][0] == "Hint: White: Qxg6# (QxP mate)."
    assert controller.action_squares("d3g6") == (sq("d3"), sq("g6"))


def test_an_installed_engine_is_offered_and_its_level_is_chess_only(table, tmp_path, monkeypatch):
    engine = tmp_path / "fakefish"
    engine.write_text("#!/bin/sh\n")
    engine.chmod(0o755)
    monkeypatch.setenv("COMPENDIUM_UCI_ENGINE", str(engine))
    controller = setup(table, seats=(0,))
    commands = {label: callback for label, _, callback in controller.extra_actions()}
    assert "Play against fakefish (UCI engine)" in commands
    table.set_level(2)
    commands["Play against fakefish (UCI engine)"]()
    assert table.level == 4
    controller.teardown()                 # another game is opened: it knows no level 4
    assert table.level == 2


# -- a game set up from a FEN, and the clock ------------------------------------------------------
SETUP_FEN = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def fake_time(monkeypatch):
    now = FakeTime()
    monkeypatch.setattr(ChessController, "clock_source", staticmethod(now))
    return now


def timed(table: TableWidget, clock: str = "15+10", seats=(0, 1)) -> ChessController:
    table.load_session(Session(GAME, {"clock": clock}, seed=1, human_seats=seats))
    controller = table.controller
    assert isinstance(controller, ChessController) and controller.clock is not None
    return controller


def faces(controller: ChessController) -> list[tuple[str, str, bool]]:
    return [(f.name, f.time, f.running) for f in controller._faces]


def test_set_up_from_a_fen_plays_from_there_and_undo_stops_at_it(table):
    controller = setup(table)
    assert controller.set_up(SETUP_FEN)
    session = table.session
    assert session.setup == chess.Board(SETUP_FEN).fen() and session.human_seats == (0,)
    assert controller.pieces(table.current_view()) == {sq("e8"): "k", sq("e2"): "P", sq("e1"): "K"}
    drag(table, "e2", "e4")
    assert session.actions_text[0] == "e2e4"
    while table.undo():
        pass
    assert table.session.state.fen == session.setup and table.session.steps == ()
    # saved and loaded, it starts from the same set-up
    back = Session.from_record(records.loads(records.dumps(table.session.record())))
    assert back.state.start == session.setup


def test_a_bad_fen_sets_nothing_up(table):
    controller = setup(table)
    table.play("e2e4")
    said = messages(table)
    assert not controller.set_up("8/8/8/8/8/8/8/8 w - - 0 1")
    assert said[-1][0].startswith("Nothing was set up") and "no king" in said[-1][0]
    assert table.session.actions_text == ("e2e4",)


def test_no_clock_by_default(table):
    controller = setup(table)
    assert controller.clock is None and controller._faces == []


def test_both_clocks_are_shown_and_the_running_one_is_lit(table, fake_time):
    controller = timed(table)
    controller.tick()
    assert faces(controller) == [("Black", "15:00", False), ("White", "15:00", True)]
    fake_time.t += 65
    controller.tick()
    assert faces(controller)[1] == ("White", "13:55", True)
    drag(table, "e2", "e4")           # White's move: ten seconds added, Black's clock runs
    fake_time.t += 30
    controller.tick()
    assert faces(controller) == [("Black", "14:30", True), ("White", "14:05", False)]
    assert table.session.clocks == (845_000, 870_000)
    # the faces follow the board when it is flipped
    controller.flip()
    assert [name for name, _, _ in faces(controller)] == ["White", "Black"]


def test_the_clock_stops_while_the_window_is_hidden_or_the_demo_plays(table, fake_time):
    controller = timed(table, "5+0")
    controller.tick()
    table.hide()
    controller.tick()                 # the next tick (each 100 ms) stops the clock
    fake_time.t += 100
    controller.tick()
    assert table.session.clocks == (300_000, 300_000)
    table.show()
    controller.tick()
    fake_time.t += 1
    controller.tick()
    assert table.session.clocks == (299_000, 300_000)
    assert controller.clock_should_run()      # running again
    table.start_demo()
    assert not controller.clock_should_run()
    table.stop_demo()


def test_the_flag_falls_for_the_player_and_the_game_is_lost_on_time(table, fake_time):
    controller = timed(table, "5+0", seats=(0,))
    controller.tick()
    fake_time.t += 301
    controller.tick()
    session = table.session
    assert session.actions_text[-1] == FLAG
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (0.0, 1.0) and "time is up" in outcome.reason
    assert session.clocks[0] == 0
    assert faces(controller)[1][1] == "0:00.0" and not faces(controller)[1][2]


def test_the_flag_falls_for_the_computer_while_it_thinks(table, fake_time, monkeypatch, qtbot):
    monkeypatch.setattr(table.worker, "submit", lambda *args, **kwargs: Future())   # thinks forever
    controller = timed(table, "5+0", seats=(0,))
    table.play("e2e4")
    qtbot.waitUntil(lambda: table.computer_thinking)
    fake_time.t += 301
    table.controller.tick()
    session = table.session
    assert session.actions_text == ("e2e4", FLAG)
    assert session.outcome().results == (1.0, 0.0)
    assert not table.computer_thinking and controller is not table.controller


def test_a_resumed_game_goes_on_with_its_times(table, fake_time):
    controller = timed(table, "15+0")
    controller.tick()
    fake_time.t += 90
    drag(table, "e2", "e4")
    text = records.dumps(table.session.record())
    table.load_session(Session.from_record(records.loads(text)))
    resumed = table.controller
    assert isinstance(resumed, ChessController) and resumed.clock is not None
    resumed.tick()
    assert faces(resumed) == [("Black", "15:00", True), ("White", "13:30", False)]


def test_undo_gives_no_time_back_and_a_replayed_move_no_second_increment(table, fake_time):
    controller = timed(table, "15+10")
    controller.tick()
    fake_time.t += 20
    drag(table, "e2", "e4")                          # 15:00 - 0:20 + 0:10
    assert table.session.clocks == (890_000, 900_000)
    table.undo()
    controller.tick()
    fake_time.t += 5
    table.redo()
    assert table.session.clocks == (885_000, 900_000)
