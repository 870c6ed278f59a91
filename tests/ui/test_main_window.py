"""The main window: library, rules pane, table area, menus, settings, autosave, save and open."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QImage, QKeySequence
from PySide6.QtWidgets import QMenu, QPushButton

from compendium.core import records
from compendium.core.errors import CompendiumError
from compendium.core.game import Family, Status
from compendium.core.session import Session
from compendium.games import registry
from compendium.games.catalogue import TOC_1909
from compendium.ui.app import screenshot
from compendium.ui.main_window import AUTOSAVE_FOLDER, AUTOSAVE_NAME, MainWindow, autosave_file

KLONDIKE = "canfield_or_klondike"


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and autosave go to a temporary folder, never the real home."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def snooker_pool_without_its_table(monkeypatch):
    """These tests need a game of the library without a table; now that every game may have one,
    Snooker Pool stands in for it, taken out of the engines for the test."""
    monkeypatch.delitem(registry.ENGINES, "snooker_pool")


@pytest.fixture
def make_window(qtbot):
    def make(start: bool = True, **kwargs) -> MainWindow:
        window = MainWindow()
        qtbot.addWidget(window)   # closed at the end of the test: settings, autosave, worker stopped
        if start:
            window.start(**kwargs)
        return window
    return make


def played_session(seed: int = 7, moves: int = 4, options: dict | None = None) -> Session:
    """A Klondike deal with a few moves made, the last one taken back (so there is a redo)."""
    session = Session(registry.get_game(KLONDIKE), options, seed=seed)
    for _ in range(moves):
        session.play(session.legal_actions()[0])
    session.undo()
    return session


# -- the library ----------------------------------------------------------------------------------

def test_library_lists_every_game_grouped_by_family(make_window) -> None:
    library = make_window().library
    assert len(library.visible_game_ids()) == 76
    assert sorted(library.visible_game_ids()) == sorted(i.id for i in registry.all_games())
    groups = [library.tree.topLevelItem(i) for i in range(library.tree.topLevelItemCount())]
    families = [f for f in Family if any(i.family is f for i in registry.all_games())]
    assert [g.text(0) for g in groups] == [f.title for f in families]
    patience = groups[0]
    assert patience.childCount() == sum(1 for i in registry.all_games() if i.family is Family.PATIENCE)
    # Playable games are marked, reference games are not.
    marks = {patience.child(j).data(0, Qt.ItemDataRole.UserRole): patience.child(j).text(1)
             for j in range(patience.childCount())}
    for game_id, mark in marks.items():
        assert mark == ("▶" if game_id in registry.playable_ids() else ""), game_id
    assert library.search.placeholderText() == "Search games…"


def test_library_search_filters_and_says_when_nothing_matches(make_window, qtbot) -> None:
    library = make_window().library
    qtbot.keyClicks(library.search, "LUCIE")
    found = library.visible_game_ids()
    assert "la_belle_lucie" in found
    assert KLONDIKE not in found
    assert not library.empty.isVisibleTo(library)

    library.search.setText("forty thieves")          # an alias
    assert library.visible_game_ids() == ["napoleon_at_st_helena"]
    library.search.setText("banking")                # a family
    assert library.visible_game_ids() == ["draw_poker", "baccarat_chemin_de_fer", "baccarat_banque",
                                          "blind_hookey", "vingt_un", "roulette", "trente_et_quarante"]
    library.search.setText("checkmate")              # the summary
    assert library.visible_game_ids() == ["chess"]

    library.search.setText("zzxqj nonsense")
    assert library.visible_game_ids() == []
    assert library.empty.isVisibleTo(library)
    assert "No game matches" in library.empty.text()

    library.search.clear()
    assert len(library.visible_game_ids()) == 76
    assert not library.empty.isVisibleTo(library)


def test_library_as_the_1909_book(make_window) -> None:
    library = make_window().library
    library.set_grouping_mode("book1909")
    groups = [library.tree.topLevelItem(i).text(0) for i in range(library.tree.topLevelItemCount())]
    assert groups[:len(TOC_1909)] == [chapter for chapter, _ in TOC_1909]
    ids = library.visible_game_ids()
    assert sorted(ids) == sorted(i.id for i in registry.all_games())   # each game exactly once
    assert ids[:2] == ["all_fours", "all_fours_four_handed"]


def test_library_enter_chooses_and_arrows_only_move(make_window, qtbot) -> None:
    window = make_window()
    library = window.library
    library.select("chess")
    with qtbot.assertNotEmitted(library.game_chosen):
        qtbot.keyClick(library.tree, Qt.Key.Key_Down)
    assert library.tree.currentItem().data(0, Qt.ItemDataRole.UserRole) == "checkers"
    with qtbot.waitSignal(library.game_chosen) as blocker:
        qtbot.keyClick(library.tree, Qt.Key.Key_Return)
    assert blocker.args == ["checkers"]
    assert window.game_id == "checkers"
    # Enter in the search field plays the first match.
    library.search.setText("lucie")
    with qtbot.waitSignal(library.game_chosen) as blocker:
        qtbot.keyClick(library.search, Qt.Key.Key_Return)
    assert blocker.args == ["la_belle_lucie"]


# -- choosing games, the rules pane and the table area ---------------------------------------

def test_choosing_a_playable_game_shows_its_rules_and_table(make_window) -> None:
    window = make_window()
    window.choose_game("whist")
    window.choose_game("klondike")       # an alias works too
    assert window.game_id == KLONDIKE
    assert "Canfield or Klondike" in window.rules.toHtml()
    assert window.table_stack.currentWidget() is window.table
    session = window.table.session
    assert session is not None and session.game.info.id == KLONDIKE
    # The platform adds the application's name: the title does not repeat it.
    assert window.windowTitle() == f"Canfield or Klondike — deal {session.seed}"
    assert "Compendium" not in window.windowTitle()
    assert window.library.tree.currentItem().data(0, Qt.ItemDataRole.UserRole) == KLONDIKE
    assert window.act_new.isEnabled() and window.act_hint.isEnabled()
    assert not window.act_undo.isEnabled()
    # Choosing the same game again keeps the deal in progress.
    window.choose_game(KLONDIKE)
    assert window.table.session is session


def test_a_reference_game_shows_its_page_and_the_reference_panel(make_window) -> None:
    window = make_window()
    window.choose_game("snooker_pool")
    assert window.table_stack.currentWidget() is window.reference
    assert window.reference.title.text() == "Snooker Pool"
    page = window.rules.toHtml()
    assert "Snooker Pool" in page and "snookered" in page   # its own rules page
    assert "Hoyle" in page                                   # the source
    assert window.windowTitle() == "Snooker Pool"
    for action in (window.act_undo, window.act_redo, window.act_hint, window.act_save, window.act_new):
        assert not action.isEnabled()
    assert not window.options_menu.isEnabled()
    # The panel's button plays a playable game.
    play = window.reference.findChild(QPushButton, f"play_{KLONDIKE}")
    play.click()
    assert window.game_id == KLONDIKE
    assert window.table_stack.currentWidget() is window.table


def test_show_rule_scrolls_to_the_anchor(make_window, qtbot) -> None:
    window = make_window()
    window.resize(1000, 500)
    window.show()
    qtbot.waitExposed(window)
    rules = window.rules
    assert 'name="spaces"' in rules.toHtml()
    rules.verticalScrollBar().setValue(0)
    window.show_rule(f"{KLONDIKE}#spaces")
    qtbot.waitUntil(lambda: rules.verticalScrollBar().value() > 0)
    at_spaces = rules.verticalScrollBar().value()
    # A same-page link scrolls too, to another place.
    rules.anchorClicked.emit(QUrl("#hints"))
    qtbot.waitUntil(lambda: rules.verticalScrollBar().value() > at_spaces)


def test_game_links_switch_library_rules_and_table(make_window) -> None:
    window = make_window()
    window.rules.anchorClicked.emit(QUrl("game:snooker_pool"))
    assert window.game_id == "snooker_pool"
    assert window.table_stack.currentWidget() is window.reference
    assert window.library.tree.currentItem().data(0, Qt.ItemDataRole.UserRole) == "snooker_pool"
    window.rules.anchorClicked.emit(QUrl(f"game:{KLONDIKE}#spaces"))
    assert window.game_id == KLONDIKE
    assert window.rules.game_id == KLONDIKE
    assert window.table_stack.currentWidget() is window.table
    window.rules.anchorClicked.emit(QUrl("game:no_such_game"))   # ignored, nothing breaks
    assert window.game_id == KLONDIKE


def test_status_bar_rule_link_opens_the_rules(make_window, qtbot) -> None:
    window = make_window()
    window.resize(1000, 500)
    window.show()
    qtbot.waitExposed(window)
    window.choose_game("snooker_pool")
    window.choose_game(KLONDIKE)
    window.rules.verticalScrollBar().setValue(0)
    window.table.message.emit("Only a king may fill a space", f"{KLONDIKE}#spaces")
    assert "Only a king may fill a space" in window.status_text()
    assert f'href="rule:{KLONDIKE}#spaces"' in window.status_text()
    window._show_rules_pane(False)
    window.status_label.linkActivated.emit(f"rule:{KLONDIKE}#spaces")
    assert window.rules.isVisible()
    qtbot.waitUntil(lambda: window.rules.verticalScrollBar().value() > 0)


# -- menus ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, keys", [
    ("actionNewDeal", "Ctrl+N"), ("actionOpen", "Ctrl+O"), ("actionSave", "Ctrl+S"),
    ("actionSaveAs", "Ctrl+Shift+S"), ("actionQuit", "Ctrl+Q"), ("actionUndo", "Ctrl+Z"),
    ("actionRedo", "Ctrl+Shift+Z"), ("actionHint", "H"), ("actionShowRules", "F1"),
    ("actionShowLibrary", "Ctrl+L"), ("actionPreferences", "Ctrl+,"),
    ("actionRestart", "Ctrl+R"), ("actionDealByNumber", "Ctrl+G"), ("actionFullScreen", "F11"),
])
def test_standard_shortcuts(make_window, name: str, keys: str) -> None:
    action = make_window().findChild(QAction, name)
    assert action is not None, name
    assert action.shortcut() == QKeySequence(keys)


def test_menus_hold_their_actions(make_window) -> None:
    window = make_window()
    titles = [a.text().replace("&", "") for a in window.menuBar().actions() if a.isVisible()]
    assert titles == ["Game", "Edit", "View", "Help"]   # a patience's table has no Table menu
    game_menu = window.menuBar().actions()[0].menu()
    names = {a.objectName() for a in game_menu.actions()}
    assert {"actionNewDeal", "actionOpen", "actionSave", "actionSaveAs", "actionDemo",
            "actionQuit"} <= names
    computer = window.findChild(QMenu, "menuComputer")
    levels = [a for a in computer.actions() if a.objectName().startswith("actionLevel")]
    assert [a.text() for a in levels] == ["Beginner", "Club player", "Expert"]
    assert [a.isChecked() for a in levels] == [False, True, False]
    assert not any(a.objectName().startswith("actionSeat") for a in computer.actions())  # one seat
    levels[2].trigger()
    assert window.table.level == 3 and window.settings.value("computer/level", type=int) == 3
    for name in ("actionAnimations", "actionAutoFoundation", "actionShowLibrary", "actionShowRules"):
        assert window.findChild(QAction, name).isCheckable()


def test_undo_redo_actions_follow_the_session(make_window) -> None:
    window = make_window()
    window.table.load_session(played_session())
    assert window.act_undo.isEnabled() and window.act_redo.isEnabled()
    window.act_redo.trigger()
    assert not window.act_redo.isEnabled()
    while window.table.session.can_undo:
        window.act_undo.trigger()
    assert not window.act_undo.isEnabled() and window.act_redo.isEnabled()


def test_options_menu_deals_with_the_option_and_remembers_it(make_window) -> None:
    window = make_window()
    specs = window.table.session.game.option_specs
    submenus = [a.menu() for a in window.options_menu.actions() if a.menu()]
    assert [m.title() for m in submenus] == [s.label for s in specs]
    draw = window.findChild(QAction, "actionOption_draw_3")
    assert draw.text() == "Three at a time" and not draw.isChecked()
    old = window.table.session
    draw.trigger()
    assert window.table.session is not old
    assert window.table.session.options["draw"] == 3
    assert window.findChild(QAction, "actionOption_draw_3").isChecked()
    assert window.saved_options(KLONDIKE)["draw"] == 3
    window.new_deal()
    assert window.table.session.options["draw"] == 3


def test_deal_by_number(make_window) -> None:
    window = make_window()
    assert "not a deal number" in window.deal_by_number("12a")
    assert "at most" in window.deal_by_number("9" * 19)
    assert window.deal_by_number(" 4242 ") is None
    assert window.table.session.seed == 4242
    assert window.windowTitle().endswith("deal 4242")


def test_demo_action_starts_and_stops_the_demo(make_window) -> None:
    window = make_window()
    window.act_demo.trigger()
    assert window.table.demo_running
    assert "Stop" in window.act_demo.text()
    window.act_demo.trigger()
    assert not window.table.demo_running
    assert "Start" in window.act_demo.text()


# -- settings and autosave -------------------------------------------------------------------

def test_settings_are_remembered(make_window, data_folder: Path) -> None:
    first = make_window()
    first.findChild(QAction, "actionOption_passes_0").trigger()
    first.act_animations.setChecked(False)
    first.library.set_grouping_mode("book1909")
    first.act_show_library.setChecked(False)
    first.resize(760, 540)   # within the offscreen screen, which is 800 wide
    first.choose_game("snooker_pool")
    first.close()
    assert (data_folder / "settings.ini").exists()

    second = make_window()
    assert second.game_id == "snooker_pool"
    assert not second.act_animations.isChecked()
    assert second.act_auto.isChecked()
    assert second.library.grouping_mode() == "book1909"
    # The library drawer opens by itself at the first start only.
    assert not second.act_show_library.isChecked() and not second.library_open and second.drawer.isHidden()
    assert (second.width(), second.height()) == (760, 540)
    second.choose_game(KLONDIKE)
    assert second.table.session.options["passes"] == 0


def test_autosave_resumes_the_exact_position(make_window, data_folder: Path) -> None:
    first = make_window()
    played = played_session(seed=99, moves=5)
    first.table.load_session(played)
    autosave = autosave_file(data_folder, KLONDIKE)
    assert records.loads(autosave.read_text()).actions == played.actions_text
    first.close()

    second = make_window()
    session = second.table.session
    assert second.game_id == KLONDIKE
    assert session.seed == 99
    assert session.actions_text == played.actions_text
    assert session.can_redo and session.can_undo        # the undo history came back too
    assert second.windowTitle().endswith("deal 99")


def test_a_corrupted_autosave_is_put_aside(make_window, data_folder: Path) -> None:
    autosave = data_folder / AUTOSAVE_NAME
    autosave.write_text('{"format": "compendium-record", oops', encoding="utf-8")
    window = make_window()
    kept = list(data_folder.glob("autosave.corrupt-*.json"))
    assert len(kept) == 1
    assert kept[0].read_text(encoding="utf-8") == '{"format": "compendium-record", oops'
    assert "could not be resumed" in window.status_text()
    assert kept[0].name in window.status_text()
    assert window.game_id == KLONDIKE
    assert len(window.table.session.actions_text) == 1          # a fresh deal: only the shuffle
    # The new game is autosaved in its game's place.
    assert not autosave.exists()
    assert records.loads(autosave_file(data_folder, KLONDIKE).read_text()).seed == window.table.session.seed


# -- save and open -----------------------------------------------------------------------------

def other_options(game_id: str) -> dict:
    """Every option of ``game_id`` set to a value that is not its default."""
    return {spec.name: next(c for c in spec.choices if c != spec.default)
            for spec in registry.get_game(game_id).option_specs}


def test_save_then_open_round_trips_the_position(make_window, tmp_path: Path) -> None:
    window = make_window()
    # Options that are not the defaults, so that reading them back is checked too (the defaults
    # would come back whether the file kept the options or not).
    options = other_options(KLONDIKE)
    defaults = registry.get_game(KLONDIKE).resolve_options({})
    assert options and all(options[name] != defaults[name] for name in options)
    played = played_session(seed=1234, moves=6, options=options)
    assert played.options == {**defaults, **options}
    window.table.load_session(played)
    path = tmp_path / "game.json"
    assert window.save_path(path) is None
    assert "Saved" in window.status_text()
    window.new_deal()
    window.choose_game("snooker_pool")
    assert window.open_path(path) is None
    session = window.table.session
    assert window.game_id == KLONDIKE
    assert window.table_stack.currentWidget() is window.table
    assert (session.seed, session.options, session.actions_text) == \
        (played.seed, played.options, played.actions_text)
    assert session.record().redo == played.record().redo
    assert session.state == played.state


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    good = played_session(seed=5, moves=3).record()
    text = records.dumps(good)
    lines = text.splitlines()
    first_move = next(i for i, line in enumerate(lines) if line.strip().rstrip(",") == json.dumps(good.actions[1]))
    lines[first_move] = lines[first_move].replace(good.actions[1], "t7>t1 and then some")
    cases = {
        "not json": ("this is not json\n", "not valid JSON"),
        "wrong format": (json.dumps({"format": "something-else"}), "not a Compendium game record"),
        "future version": (text.replace('"version": 1', '"version": 99'), "newer Compendium"),
        "unknown game": (text.replace(KLONDIKE, "no_such_game"), "no_such_game"),
        "reference game": (text.replace(KLONDIKE, "snooker_pool"), "no table yet"),
        "illegal move": ("\n".join(lines) + "\n", f"line {first_move + 1}"),
        "empty": ("", "empty"),
    }
    out: dict[str, tuple[Path, str]] = {}
    for i, (name, (content, expected)) in enumerate(cases.items()):
        path = tmp_path / f"bad{i}.json"
        path.write_text(content, encoding="utf-8")
        out[name] = (path, expected)
    out["missing"] = (tmp_path / "nowhere.json", "does not exist")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (records.MAX_BYTES + 1))
    out["too large"] = (big, "too large")
    return out


def test_opening_a_bad_file_reports_it_and_changes_nothing(make_window, tmp_path: Path) -> None:
    window = make_window()
    before = window.table.session
    title = window.windowTitle()
    for name, (path, expected) in _bad_files(tmp_path).items():
        content = path.read_bytes() if path.exists() else None
        problem = window.open_path(path)
        assert problem is not None, name
        assert expected in problem, (name, problem)
        assert path.name in problem, name
        assert window.table.session is before, name
        assert window.windowTitle() == title, name
        assert (path.read_bytes() if path.exists() else None) == content, name


def test_a_save_error_is_reported(make_window, tmp_path: Path) -> None:
    window = make_window()
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    problem = window.save_path(blocker / "game.json")
    assert problem is not None and "Cannot save" in problem
    assert blocker.read_text() == "not a folder"


def test_start_options_override_the_autosave(make_window, tmp_path: Path, data_folder: Path) -> None:
    first = make_window()
    first.table.load_session(played_session(seed=3))
    saved = tmp_path / "g.json"
    first.save_path(saved)
    first.close()
    assert make_window(game="klondike", seed=77).table.session.seed == 77
    window = make_window(file=str(saved))
    assert window.table.session.seed == 3
    unknown = make_window(game="nonsense_game")
    assert unknown.game_id == KLONDIKE
    assert "nonsense_game" in unknown.status_text()
    broken = make_window(file=str(tmp_path / "missing.json"))
    assert "does not exist" in broken.status_text()


def test_start_with_options_deals_afresh_under_them_and_keeps_them(make_window) -> None:
    first = make_window(game="klondike", seed=5)
    first.table.session.play(first.table.session.legal_actions()[0])   # an autosave with a move
    first.close()
    window = make_window(game="klondike", options={"draw": 3, "passes": 0})
    session = window.table.session
    assert session.options["draw"] == 3 and session.options["passes"] == 0
    assert not session.can_undo                        # a new deal, not the autosave resumed
    assert window.saved_options(KLONDIKE) == {"draw": 3, "passes": 0}   # as if chosen from the menu
    again = make_window(game="klondike", seed=9, options={"runs": "part"})
    assert again.table.session.seed == 9
    assert again.table.session.options["runs"] == "part" and again.table.session.options["draw"] == 3


# -- screenshots -------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["klondike", "chess"])
def test_screenshot_writes_a_png_of_the_size_asked(qapp, tmp_path: Path, data_folder: Path,
                                                    game: str) -> None:
    out = tmp_path / f"{game}.png"
    screenshot(game, out, seed=None, size=(1100, 700))
    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == (1100, 700)
    # A screenshot neither reads nor writes the user's autosave and settings.
    assert not (data_folder / AUTOSAVE_NAME).exists() and not (data_folder / AUTOSAVE_FOLDER).exists()
    assert not (data_folder / "settings.ini").exists()


def test_screenshot_reports_an_unwritable_target(qapp, tmp_path: Path) -> None:
    with pytest.raises(CompendiumError, match="does not exist"):
        screenshot("klondike", tmp_path / "no" / "such" / "k.png", seed=1, size=(800, 600))


def test_run_gui_starts_with_an_unknown_game_said_on_stderr(qapp, capsys, data_folder: Path) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from compendium.ui.app import run_gui

    seen: list[str] = []

    def look_and_close() -> None:
        # the window run_gui made: the one on screen (earlier tests' windows may linger, closed)
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        seen.append(window.game_id)
        window.close()

    QTimer.singleShot(300, look_and_close)
    assert run_gui(game="no_such_game", seed=None, file=None) == 0
    assert seen == [KLONDIKE]
    assert "no_such_game" in capsys.readouterr().err
    assert autosave_file(data_folder, KLONDIKE).exists()      # closing autosaved the game


def test_f1_shows_the_rules_of_the_current_game(make_window, qtbot) -> None:
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    window._show_rules_pane(False)
    window.rules.show_game("chess")          # the pane wandered off to another page
    window.findChild(QAction, "actionRulesHelp").trigger()
    assert window.rules.isVisible()
    assert window.rules.game_id == KLONDIKE
    assert window.act_show_rules.isChecked()


def test_about_names_the_version_licence_and_books(make_window, monkeypatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from compendium import __version__

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    make_window().findChild(QAction, "actionAbout").trigger()
    (text,) = shown
    assert __version__ in text and "GPL-3.0-or-later" in text and "python-chess" in text
    assert "Lady Cadogan" in text and "Hoyle's Games Modernized (1909)" in text


def test_the_table_is_dealt_when_it_comes_back_from_a_reference_game(make_window, qtbot):
    """A table hidden behind the reference panel catches up when it is shown again."""
    window = make_window(game="snooker_pool")
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.table.set_animations(False)
    window.choose_game("canfield_or_klondike", new_deal=True)
    qtbot.waitUntil(lambda: window.table.isVisible())
    table = window.table
    placed = table.controller.card_positions(table.current_view())
    assert placed and all(table.controller.card_item(cid).isVisible() for cid in placed)
    for cid, (pos, _z, _face) in placed.items():
        assert (table.controller.card_item(cid).pos() - pos).manhattanLength() < 0.5


def test_the_solver_is_in_the_edit_menu(make_window, qtbot):
    window = make_window(game="canfield_or_klondike", seed=143)
    action = window.findChild(QAction, "actionWinnable")
    assert action is not None and action.isEnabled()
    assert QKeySequence("Ctrl+K") in action.shortcuts()
    messages = []
    window.table.message.connect(lambda text, rule: messages.append(text))
    action.trigger()
    qtbot.waitUntil(lambda: not window.table.checking, timeout=30000)
    assert any("can still be won" in m for m in messages)


# -- searching the rules and the glossary ------------------------------------------------------

def test_the_rules_search_shows_ranked_sections_and_escape_brings_the_page_back(make_window, qtbot):
    window = make_window(game="checkers")
    window.act_search_rules.trigger()
    field = window.rules_pane.search
    qtbot.keyClicks(field, "huff")
    qtbot.waitUntil(lambda: "Search: huff" in window.rules.toPlainText(), timeout=3000)
    text = window.rules.toPlainText()
    assert "Checkers — Huffing" in text and "sections match" in text
    assert 'href="game:checkers#huffing' in window.rules.toHtml()
    qtbot.keyClick(field, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.rules.game_id == "checkers", timeout=3000)
    assert "Search:" not in window.rules.toPlainText()


def test_a_term_on_a_page_opens_the_glossary_at_its_entry(make_window, qtbot):
    window = make_window(game="checkers")
    assert 'href="glossary:huff"' in window.rules.toHtml()
    window.rules.anchorClicked.emit(QUrl("glossary:huff"))
    assert window.rules.game_id is None
    assert "Glossary of the period" in window.rules.toPlainText()
    window.act_glossary.trigger()
    window.choose_game("chess")
    assert window.rules.game_id == "chess"


def test_the_live_indicator_judges_an_open_patience_after_each_move(make_window, qtbot):
    window = make_window(game="fortress", seed=3)
    assert window.act_live.isChecked()
    qtbot.waitUntil(lambda: window.verdict_label.text() not in ("", "● Judging…"), timeout=60_000)
    assert window.verdict_label.text() in ("● Can still be won", "● Can no longer be won",
                                           "● Too open to judge quickly")
    window.choose_game("the_clock", new_deal=True)     # face-down cards: no indicator
    qtbot.waitUntil(lambda: window.verdict_label.text() == "", timeout=5000)
    window.choose_game(KLONDIKE, new_deal=True)        # the solver reads them, and says so
    qtbot.waitUntil(lambda: window.verdict_label.text().endswith("(seeing every card)"), timeout=60_000)
    window.act_live.setChecked(False)
    window.choose_game("fortress", new_deal=True)
    qtbot.wait(200)
    assert window.verdict_label.text() == ""



def test_the_first_live_question_waits_until_the_table_is_painted(make_window, qtbot):
    """Spawning the worker process costs the window tens of milliseconds, so the indicator's first
    question is put off past the start (the benchmark's start-up budget): no worker yet when the
    window has opened, a verdict a little later."""
    window = make_window(game="fortress", seed=3)
    assert not window.table.worker.started
    assert window.verdict_label.text() == "● Judging…"
    qtbot.waitUntil(lambda: window.table.worker.started, timeout=5000)
    qtbot.waitUntil(lambda: window.verdict_label.text() not in ("", "● Judging…"), timeout=60_000)

def test_the_reference_panel_offers_the_nearest_playable_games_first(make_window):
    window = make_window()
    window.choose_game("snooker_pool")       # a game of the cue without a table
    grid = window.reference.buttons
    first = grid.itemAtPosition(0, 0).widget().objectName()[len("play_"):]
    assert registry.info(first).family is registry.info("snooker_pool").family
    # a variant without a table (Rubicon Piquet once was one; whichever is left now): its family
    # first.  (A playable one would show its table, and the grid would not be asked.)
    variants = [i for i in registry.all_games() if i.parent and registry.status(i.id) is Status.REFERENCE
                and i.family is not registry.info("snooker_pool").family]
    if variants:
        window.choose_game(variants[0].id)
        first = grid.itemAtPosition(0, 0).widget().objectName()[len("play_"):]
        assert registry.info(first).family is variants[0].family
