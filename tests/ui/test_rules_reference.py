"""The rules reference beside the table: card pictures in the pages, the pane following the game,
"Show me" replays of the books' examples, and printing a page to PDF."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QImage, QTextDocument

from compendium.core import records
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games import registry
from compendium.games.board.dominoes import Deal as StoneDeal
from compendium.reference.rules_html import CARD_HEIGHT, CARD_WIDTH
from compendium.reference.worked_examples import load_example
from compendium.ui.main_window import MainWindow, autosave_file
from compendium.ui.rules_view import CARD_OVERSAMPLE, RulesView, mini_card


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def window(qtbot) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    win.table.set_animations(False)
    return win


def red_pixels(image: QImage) -> int:
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = QColor(image.pixel(x, y))
            count += c.red() > 140 and c.green() < 90 and c.blue() < 90
    return count


# -- card pictures --------------------------------------------------------------------------------
def test_the_scotch_whist_page_shows_card_pictures(qtbot):
    view = RulesView()
    qtbot.addWidget(view)
    view.resize(500, 700)
    view.show()
    view.show_game("scotch_whist")
    view.scroll_to("example")
    qtbot.wait(20)
    image = view.document().resource(QTextDocument.ResourceType.ImageResource.value, QUrl("card:8H"))
    assert isinstance(image, QImage) and not image.isNull()
    assert image.width() == round(CARD_WIDTH * CARD_OVERSAMPLE)
    assert image.height() == round(CARD_HEIGHT * CARD_OVERSAMPLE)
    assert red_pixels(image) > 20                     # the eight and the heart, in red


def test_mini_cards_are_drawn_once_and_in_their_suit_colour():
    assert mini_card("KS") is mini_card("KS")
    assert red_pixels(mini_card("QD")) > 20 and red_pixels(mini_card("QS")) == 0


def test_an_unknown_card_url_loads_nothing(qtbot):
    view = RulesView()
    qtbot.addWidget(view)
    assert view.loadResource(QTextDocument.ResourceType.ImageResource.value, QUrl("card:ZZ")) is None


# -- the rules pane follows the game ------------------------------------------------------------------
def test_the_pane_follows_the_game_and_the_setting_is_kept(window, qtbot, monkeypatch):
    assert window.act_follow.isChecked()                       # on by default
    turned: list[str] = []
    monkeypatch.setattr(window.rules, "scroll_to", turned.append)
    window.start(game="scotch_whist", seed=5)
    assert turned == []                    # a game put on the table opens its page at the top
    window.table.play(window.table.legal()[0])
    assert turned and turned[-1] == "the-play"
    assert window.table.rules_section == "the-play"
    window.act_follow.setChecked(False)
    assert window.settings.value("view/rulesFollow", type=bool) is False
    turned.clear()
    window.table.section_changed.emit("the-deal")
    assert turned == []
    window.act_follow.setChecked(True)
    window.save_settings()
    assert window.settings.value("view/rulesFollow", type=bool) is True


def test_the_pane_is_left_alone_while_the_reader_searches(window, qtbot, monkeypatch):
    window.start(game="scotch_whist", seed=5)
    window.rules_pane.search.setText("trumps")
    turned: list[str] = []
    monkeypatch.setattr(window.rules, "scroll_to", turned.append)
    window.table.section_changed.emit("the-play")
    assert turned == []


def test_a_move_that_scores_links_to_its_law(window, qtbot):
    window.start(game="fives_and_threes", seed=1)
    game = registry.get_game("fives_and_threes")
    from tests.games.test_dominoes import order
    deal = StoneDeal(order=order("6-6 3-3 3-0 1-1 2-1 5-2 4-1", "6-3 6-0 4-3 5-5 2-2 5-1 4-2"), lead=0)
    record = records.Record("fives_and_threes", {}, 0, (game.action_to_str(deal),))
    window.table.load_session(Session.from_record(record))
    assert window.table.play(game.action_from_str(window.table.session.state, "6-6"))
    assert 'href="rule:fives_and_threes#counting-the-ends"' in window.status_text()


# -- "Show me" -----------------------------------------------------------------------------------------
def test_show_me_replays_the_scotch_whist_hand_step_by_step(window, qtbot, data_folder):
    window.start(game="scotch_whist", seed=5)
    own = window.table.session
    assert window.table.play(window.table.legal()[0])      # a deal started: it would count if given up
    window.write_autosave()
    saved = autosave_file(data_folder, "scotch_whist").read_text(encoding="utf-8")
    window.rules.example_link.emit("scotch_whist", "fosters-hand")   # as a click on the link
    example = load_example("scotch_whist", "fosters-hand")
    assert window.replay is not None and window.replay_step == 0
    assert window.replay_bar.isVisible() and window.table.replaying
    assert window.rules.marked_text() == example.steps[0].quote
    # every hand lies face up, as the book prints them
    view = window.table.current_view()
    assert all(c.face is not None for c in view.cards)
    # the arrow keys step through it; the computer never moves, nobody may play
    for _ in range(9):
        qtbot.keyClick(window.table, Qt.Key.Key_Right)
    assert window.replay_step == 9
    assert window.table.session.state.sheet.totals == (30, 2)
    # the book's hand stays on the table, its last trick played: the next hand is not dealt
    assert window.table.session.to_move() is Special.CHANCE
    assert window.table.session.state.deal_no == 1 and len(window.table.session.state.tricks) == 9
    assert window.replay_bar.caption.text() == example.steps[9].caption
    assert window.rules.marked_text() == "30 by honours"
    assert not window.replay_bar.next.isEnabled()
    qtbot.keyClick(window.table, Qt.Key.Key_Left)
    assert window.replay_step == 8 and len(window.table.session.state.tricks) == 8
    assert window.table.legal() == () and not window.act_undo.isEnabled()
    # the player's own game was neither autosaved over nor counted, and comes back whole
    window.write_autosave()
    kept = records.loads(autosave_file(data_folder, "scotch_whist").read_text(encoding="utf-8"))
    before = records.loads(saved)
    assert (kept.game, kept.seed, kept.actions, kept.redo) == (before.game, before.seed,
                                                               before.actions, before.redo)
    qtbot.keyClick(window.table, Qt.Key.Key_Escape)
    assert window.replay is None and not window.replay_bar.isVisible()
    assert window.table.session is own and not window.table.replaying
    assert window.stats.log("scotch_whist") == [] and window.stats.game_ids() == []


def test_show_me_loads_a_chess_diagram_and_plays_its_mate(window, qtbot):
    window.start(game="canfield_or_klondike", seed=3)
    assert window.show_example("chess", "lasker-6") is None
    assert window.game_id == "chess" and window.rules.game_id == "chess"
    assert window.table.session.state.fen.startswith("3R1nkr/pbp2p2")
    window.replay_next()
    assert window.table.session.outcome() is not None
    window.close_replay()
    assert window.game_id == "canfield_or_klondike"
    assert window.table.session.game.info.id == "canfield_or_klondike"


def test_a_bad_example_is_told_plainly_and_changes_nothing(window, qtbot):
    window.start(game="scotch_whist", seed=5)
    own = window.table.session
    problem = window.show_example("scotch_whist", "no-such-hand")
    assert problem is not None and "no example “scotch_whist/no-such-hand”" in problem
    assert problem in window.status_text() or "no example" in window.status_text()
    assert window.replay is None and window.table.session is own


def test_choosing_another_game_ends_the_replay(window, qtbot):
    window.start(game="scotch_whist", seed=5)
    own = window.table.session
    window.show_example("serpent_poker_patience", "book-solution")
    for _ in range(25):
        window.replay_next()
    assert window.table.session.outcome().scores == (81,)
    window.choose_game("scotch_whist")
    assert window.replay is None and window.table.session is own


# -- print and PDF ------------------------------------------------------------------------------------
def test_the_page_on_show_exports_to_pdf(window, tmp_path):
    window.start(game="serpent_poker_patience", seed=1)
    target = tmp_path / "out" / "serpent.pdf"
    assert window.export_rules_pdf(target) is None
    data = target.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 20_000
    assert b"Serpent Poker Patience" in data or b"/Title" in data
    assert "saved" in window.status_text()


def test_the_game_menu_offers_print_and_pdf_and_the_view_menu_the_following(window):
    game_menu = window.findChild(type(window.menuBar().actions()[0].menu()), "menuGame")
    texts = [a.text() for a in game_menu.actions()]
    assert "&Print the rules page…" in texts and "&Export the rules page as PDF…" in texts
    view_menu = window.findChild(type(game_menu), "menuView")
    assert window.act_follow in view_menu.actions()


def test_printing_goes_through_a_qprinter(qtbot, tmp_path):
    from PySide6.QtPrintSupport import QPrinter
    view = RulesView()
    qtbot.addWidget(view)
    view.resize(420, 600)
    view.show()
    view.show_game("scotch_whist")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    view.print_page(printer)
    del printer
    data = (tmp_path / "printed.pdf").read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 20_000


def test_a_pdf_that_cannot_be_written_is_reported(qtbot, tmp_path):
    view = RulesView()
    qtbot.addWidget(view)
    view.show_game("scotch_whist")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    problem = view.export_pdf(blocker / "inside" / "page.pdf")
    assert problem is not None and "Cannot write" in problem
