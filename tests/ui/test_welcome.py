"""The welcome: three ways in, "Don't show this again" kept in the settings."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt

from compendium.core.game import Family
from compendium.games import registry
from compendium.ui import welcome
from compendium.ui.app import temporary_settings
from compendium.ui.welcome import PATIENCE, RULES, SETTINGS_KEY, VERSUS, WelcomeChoice, WelcomeDialog


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return temporary_settings(str(tmp_path))


@pytest.fixture
def dialog(qtbot, settings) -> WelcomeDialog:
    d = WelcomeDialog(settings)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def choose(qtbot, dialog: WelcomeDialog, button) -> tuple[str, str]:
    with qtbot.waitSignal(dialog.chosen, timeout=2000) as blocker:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return tuple(blocker.args)


def test_first_run_shows_the_welcome(settings):
    assert welcome.should_show(settings)


def test_a_patience(qtbot, dialog):
    assert choose(qtbot, dialog, dialog.patience_button) == (PATIENCE, "canfield_or_klondike")
    assert dialog.choice == WelcomeChoice(PATIENCE, "canfield_or_klondike")
    assert dialog.result() == dialog.DialogCode.Accepted and not dialog.isVisible()


def test_a_card_game_against_the_computer(qtbot, dialog):
    kind, gid = choose(qtbot, dialog, dialog.versus_button)
    assert kind == VERSUS
    info = registry.info(gid)
    assert gid in registry.playable_ids()
    assert info.family in welcome.CARD_FAMILIES and info.max_seats >= 2
    assert info.name in dialog.versus_button.detail.text()


def test_the_rules(qtbot, dialog):
    kind, gid = choose(qtbot, dialog, dialog.rules_button)
    assert kind == RULES and registry.rules_path(gid).is_file()


def test_clicks_on_the_words_reach_the_button(dialog):
    """The labels inside a choice only draw: a click on the title lands on the button."""
    button = dialog.rules_button
    point = button.title.mapTo(dialog, button.title.rect().center())
    assert dialog.childAt(point) is button


def test_keyboard_enter_takes_the_focused_choice(qtbot, dialog):
    assert dialog.patience_button.hasFocus()
    with qtbot.waitSignal(dialog.chosen, timeout=2000) as blocker:
        qtbot.keyClick(dialog.patience_button, Qt.Key.Key_Space)
    assert blocker.args == [PATIENCE, "canfield_or_klondike"]


def test_dont_show_again_is_kept_on_close(qtbot, dialog, settings):
    dialog.dont_show.setChecked(True)
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == dialog.DialogCode.Rejected and dialog.choice is None
    assert not welcome.should_show(settings)
    # The ini file (as the tests' settings are) gives back a string: still read as ticked.
    reread = QSettings(settings.fileName(), QSettings.Format.IniFormat)
    assert not welcome.should_show(reread)
    again = WelcomeDialog(settings)
    qtbot.addWidget(again)
    assert again.dont_show.isChecked()


def test_escape_closes_and_keeps_showing_when_not_ticked(qtbot, dialog, settings):
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible() and dialog.choice is None
    assert welcome.should_show(settings)
    assert settings.value(SETTINGS_KEY) in (False, "false")


def test_a_choice_also_saves_the_box(qtbot, dialog, settings):
    dialog.dont_show.setChecked(True)
    choose(qtbot, dialog, dialog.rules_button)
    assert not welcome.should_show(settings)


# -- what is offered follows the registry -------------------------------------------------------
def test_without_a_card_game_for_two_that_choice_is_off(qtbot, settings, monkeypatch):
    patiences = tuple(g for g in registry.playable_ids() if registry.info(g).family is Family.PATIENCE)
    monkeypatch.setattr(registry, "playable_ids", lambda: patiences)
    assert welcome.suggested_opponent_game() is None
    d = WelcomeDialog(settings)
    qtbot.addWidget(d)
    assert not d.versus_button.isEnabled()
    assert "ready yet" in d.versus_button.detail.text()
    assert d.patience_button.isEnabled() and d.rules_button.isEnabled()


def test_the_easy_card_games_come_first(monkeypatch):
    monkeypatch.setattr(registry, "playable_ids", lambda: ("canfield_or_klondike", "piquet", "all_fours"))
    assert welcome.suggested_opponent_game() == "all_fours"
    monkeypatch.setattr(registry, "playable_ids", lambda: ("canfield_or_klondike", "whist", "chess"))
    assert welcome.suggested_opponent_game() == "whist"      # a card game, never chess
    monkeypatch.setattr(registry, "playable_ids", lambda: ("chess", "backgammon"))
    assert welcome.suggested_opponent_game() is None


def test_without_klondike_another_patience_is_offered(monkeypatch):
    monkeypatch.setattr(registry, "playable_ids", lambda: ("scotch_whist", "the_clock", "fortress"))
    assert welcome.suggested_patience() == "the_clock"
    monkeypatch.setattr(registry, "playable_ids", lambda: ("scotch_whist",))
    assert welcome.suggested_patience() is None


def test_the_main_window_offers_the_welcome_until_it_is_ticked_off(qtbot, tmp_path, monkeypatch):
    from compendium.ui.app import temporary_settings
    from compendium.ui.main_window import MainWindow
    from compendium.ui.welcome import WelcomeDialog
    monkeypatch.setenv("COMPENDIUM_DATA_DIR", str(tmp_path))
    window = MainWindow(settings=temporary_settings(str(tmp_path)), autosave=False)
    qtbot.addWidget(window)
    window.start(game="canfield_or_klondike", seed=1)
    window.offer_welcome()
    dialog = window.findChild(WelcomeDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.close()
