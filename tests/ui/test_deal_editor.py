"""The deal editor of the trick-taking games (click a card then a seat, drag, "Random rest", the
dealer, the hand text read and written, a PBN deal pasted), the table's commands that open it and
start a game from a deal, and the deal flying out on the trick table."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent, QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks import dealtext
from compendium.games.tricks.engine import Call
from compendium.ui import deal_editor
from compendium.ui.deal_editor import MIME, DealEditor
from compendium.ui.table.tricks_table import TricksController
from tests.games.test_deal_setup import BRIDGE_POSITION

from .tables import table_played_by_the_test


def hands_of(state) -> dict:
    return {(state.owners[k], state.hand_sets[k]): sorted(str(state.deck[i]) for i in ids)
            for k, ids in enumerate(state.hands)}


@pytest.fixture
def editor(qtbot):
    game = get_game("solo_whist")
    dialog = DealEditor(game, {})
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def ok_enabled(dialog: DealEditor) -> bool:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def click(widget) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton)


def test_click_cards_then_a_seat_gives_them_to_that_seat(editor):
    spades = [c for c in editor.tiles if c.suit is not None and c.suit.letter == "S"][:3]
    for card in spades:
        click(editor.tiles[card])
    assert editor.selected == spades and editor.tiles[spades[0]].selected
    click(editor.boxes["Y"].button)
    assert set(editor.cards_of("Y")) == set(spades) and editor.selected == []
    assert editor.tiles[spades[0]].owner == "Y"
    assert editor.boxes["Y"].button.text().startswith("Y — 3 of 13")
    assert "Y: ♠ " in editor.text.toPlainText()
    assert not ok_enabled(editor)                          # 49 cards still in the pack
    assert "still in the pack" in editor.message.text()


def test_a_card_dropped_on_a_seat_goes_there(editor):
    card = next(iter(editor.tiles))
    mime = QMimeData()
    mime.setData(MIME, card.code.encode("ascii"))
    box = editor.boxes["B"]
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    box.dropEvent(event)
    assert editor.owner[card] == "B"


def test_random_rest_completes_the_deal_and_keeps_what_was_given(editor):
    chosen = [c for c in editor.tiles if c.suit is not None and c.suit.letter == "H"]
    for card in chosen:
        editor.toggle(card)
    editor.give_selected("A")
    click(editor.random_button)
    assert ok_enabled(editor)
    assert set(editor.cards_of("A")) == set(chosen)        # all thirteen hearts stay A's
    assert len(editor.cards_of("turn-up")) == 1
    state = get_game("solo_whist").setup_state(editor.setup_text(), {})
    assert sorted(str(c) for c in chosen) == hands_of(state)[(0, 0)]
    # back to the pack
    editor.toggle(chosen[0])
    click(editor.back_button)
    assert chosen[0] not in editor.owner and not ok_enabled(editor)


def test_the_dealer_choice_moves_the_turn_up_to_the_new_dealer(editor):
    editor.random_rest()
    assert "dealer: Z" in editor.text.toPlainText()
    editor.dealer_box.setCurrentIndex(1)                   # Y deals
    assert editor.dealer == 1 and "dealer: Y" in editor.text.toPlainText()
    assert "Y's" in editor.boxes["turn-up"].button.text()
    assert "and the turn-up" in editor.boxes["Y"].button.text()
    assert "of 12" not in editor.boxes["Z"].button.text()
    # Y holds 13 with the turn-up counted apart: one too many until a card goes back
    assert not ok_enabled(editor) and "13 of 12" in editor.boxes["Y"].button.text()


def test_the_text_is_read_into_the_boxes_and_bad_text_is_reported(qtbot):
    game = get_game("five_hundred")
    text = game.hand_text(Session(game, seed=9, human_seats=()).state)
    dialog = DealEditor(game, {}, text)
    qtbot.addWidget(dialog)
    assert ok_enabled(dialog) and dialog.setup_text() == text
    dialog.text.setPlainText(text.replace("widow:", "kitchen:"))
    click(dialog.read_button)
    assert "'kitchen:" in dialog.message.text() and "names no seat or place" in dialog.message.text()
    assert dialog.setup_text() == text                     # the boxes are as they were
    dialog.clear()
    assert not dialog.owner and not ok_enabled(dialog)
    dialog.text.setPlainText(text)
    click(dialog.read_button)
    assert dialog.setup_text() == text and ok_enabled(dialog)


def test_a_pbn_deal_is_pasted_into_the_bridge_editor(qtbot):
    game = get_game("auction_bridge")
    dialog = DealEditor(game, {})
    qtbot.addWidget(dialog)
    QGuiApplication.clipboard().setText('[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ '
                                        '765.432.AKQJ.T98 432.AKQJ.T98.765"]')
    click(dialog.paste_button)
    assert ok_enabled(dialog) and dialog.dealer == 2      # North is B
    assert set(dialog.cards_of("B")) == set(dealtext.parse_cards("S A K Q J H 10 9 8 D 7 6 5 C 4 3 2"))


# -- the table's commands -------------------------------------------------------------------------
@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def test_the_game_menu_offers_the_deal_commands(table):
    table.load_session(Session(get_game("napoleon"), seed=2))
    labels = [label for label, _, _ in table.controller.extra_actions()]
    assert "Set up a deal…" in labels and "Copy this deal as text" in labels
    assert "Copy this deal as PBN" not in labels
    copy = next(cb for label, _, cb in table.controller.extra_actions() if label == "Copy this deal as text")
    copy()
    assert QGuiApplication.clipboard().text() == get_game("napoleon").hand_text(table.session.state)
    table.load_session(Session(get_game("auction_bridge"), seed=2))
    labels = [label for label, _, _ in table.controller.extra_actions()]
    assert "Copy this deal as PBN" in labels


def test_a_deal_set_up_goes_on_the_table_and_a_bad_one_is_refused(table):
    game = get_game("solo_whist")
    table.load_session(Session(game, seed=2, human_seats=(0,)))
    text = game.hand_text(Session(game, seed=77, human_seats=()).state)
    assert deal_editor.start_deal(table, text)
    assert table.session.setup == text.strip() and isinstance(table.controller, TricksController)
    assert hands_of(table.session.state) == hands_of(game.setup_state(text, {}))
    before = table.session
    said: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    assert not deal_editor.start_deal(table, text.replace("A:", "Q:"))
    assert table.session is before
    assert said and said[-1][0].startswith("The deal was not set up: line 'Q: ")
    assert said[-1][1] == "solo_whist#the-deal"


def test_the_editor_opens_with_the_deal_on_the_table_and_ok_starts_it(table, monkeypatch):
    game = get_game("piquet")
    table.load_session(Session(game, seed=4, human_seats=(0,)))
    seen = {}

    def accept(dialog):
        seen["text"] = dialog.setup_text()
        dialog.set_dealer(1 - dialog.dealer)               # the other player deals this time
        seen["changed"] = dialog.setup_text()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(DealEditor, "exec", accept)
    assert deal_editor.edit_deal(table)
    assert seen["text"] == game.hand_text(Session(game, seed=4, human_seats=(0,)).state)
    assert table.session.setup == seen["changed"].strip()
    assert table.session.state.dealer != Session(game, seed=4).state.dealer


# -- the deal flies out ------------------------------------------------------------------------------
def test_a_new_game_deals_the_cards_from_the_dealer_in_order(table, qtbot):
    table.set_animations(True)
    table.load_session(Session(get_game("napoleon"), seed=2, human_seats=(0,)), deal_animation=True)
    ctl = table.controller
    assert ctl.layer.dealing
    view = ctl.view()
    placed = ctl.positions(view)
    hands = [i for ids in view.pub.hands for i in ids]
    first, last = min(hands), max(hands)
    dealer = ctl.seat_anchor(view.pub.dealer, view.pub.n)
    spot = dealer - QPointF(ctl.small / 2, ctl.small * 1.4 / 2)
    assert (ctl.cards[last].pos() - spot).manhattanLength() < 1      # still in the dealer's hands
    assert ctl.cards[first].zValue() > ctl.cards[last].zValue()      # the first to go is on top
    for i in view.pub.stock:                                          # the rest of the pack stays
        assert (ctl.cards[i].pos() - placed[i][0]).manhattanLength() < 1
    qtbot.waitUntil(lambda: not ctl.layer.dealing, timeout=5000)
    for i in hands:
        assert (ctl.cards[i].pos() - placed[i][0]).manhattanLength() < 1


def test_the_next_deal_flies_out_too_and_not_with_animations_off(table, qtbot):
    game = get_game("solo_whist")
    table.set_animations(True)
    table.load_session(Session(game, seed=3, human_seats=(0, 1, 2, 3)))
    ctl = table.controller
    assert not ctl.layer.dealing                          # a loaded game is not dealt again
    for _ in range(4):
        assert table.play(Call("pass"))                   # all pass: the next dealer deals
    assert table.session.state.deal_no == 2
    assert ctl.layer.dealing
    qtbot.waitUntil(lambda: not ctl.layer.dealing, timeout=5000)
    table.set_animations(False)
    table.load_session(Session(game, seed=3, human_seats=(0, 1, 2, 3)), deal_animation=True)
    assert not table.controller.layer.dealing


# -- a position in the middle of a hand ----------------------------------------------------------------
# (BRIDGE_POSITION: the same position as the hand-text tests use)


def test_a_position_typed_in_is_read_shown_and_started(qtbot):
    game = get_game("auction_bridge")
    dialog = DealEditor(game, {})
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.text, "x")                      # typing is read a moment later…
    dialog.text.setPlainText(BRIDGE_POSITION)
    qtbot.waitUntil(lambda: ok_enabled(dialog), timeout=3000)
    assert dialog.text.toPlainText() == BRIDGE_POSITION    # …without rewriting what is typed
    assert set(dialog.cards_of("Z")) == set(dealtext.parse_cards("♠ 7 ♥ J 9 7 ♦ Q 9 8 6 3 ♣ Q 8 7 6"))
    summary = dialog.play_label.text()
    assert "6 calls, 3 tricks, 2 cards of trick 4; Y to play from Z's hand" in summary
    assert "3 played" in dialog.boxes["Z"].button.text() and "4 played" in dialog.boxes["Y"].button.text()
    assert "<s" in dialog.boxes["A"].cards.text() and dialog.deal_button.isEnabled()
    text = dialog.setup_text()
    assert text.split("play:\n")[1] == BRIDGE_POSITION.split("play:\n")[1]
    state = game.setup_state(text, {})
    assert state.phase == "play" and [str(state.deck[i]) for _, i in state.trick] == ["K♣", "5♣"]
    # a bad card: the reason under the text, its line marked, OK off, the boxes as they were
    bad = BRIDGE_POSITION.replace("B ♣5", "B ♥4")
    dialog.text.setPlainText(bad)
    qtbot.waitUntil(lambda: not ok_enabled(dialog), timeout=3000)
    message = dialog.message.text()
    assert "'trick 4: Y ♣K, B ♥4'" in message and "B does not hold the four of hearts" in message
    assert "already played, by B in trick 1" in message and "“The play”" in message
    marks = dialog.text.extraSelections()
    assert len(marks) == 1 and marks[0].cursor.block().text() == "  trick 4: Y ♣K, B ♥4"
    assert dialog.setup_text() == text
    # the right card again: read, and the mark goes
    dialog.text.setPlainText(BRIDGE_POSITION)
    click(dialog.read_button)
    assert ok_enabled(dialog) and dialog.text.extraSelections() == []
    # "Start at the deal" drops the play; changing the deal so the play no longer fits says so
    click(dialog.deal_button)
    assert "play:" not in dialog.setup_text() and "none — the game starts at the deal" in dialog.play_label.text()
    assert ok_enabled(dialog) and not dialog.deal_button.isEnabled()


def test_a_play_that_no_longer_fits_the_deal_is_reported(qtbot):
    game = get_game("auction_bridge")
    dialog = DealEditor(game, {}, BRIDGE_POSITION)
    qtbot.addWidget(dialog)
    assert ok_enabled(dialog)
    dialog.set_dealer(0)                                  # A deals: Z's opening is out of turn
    assert not ok_enabled(dialog)
    assert "does not fit this deal" in dialog.play_label.text()
    assert "'Z 1c'" in dialog.message.text() and "out of turn" in dialog.message.text()
    click(dialog.deal_button)
    assert ok_enabled(dialog) and dialog.dealer == 0


def test_the_editor_offers_the_tables_position_and_starts_the_game_there(table, monkeypatch):
    game = get_game("solo_whist")
    table.load_session(Session(game, seed=6, human_seats=(0, 1, 2, 3)))
    for word in ("pass", "solo", "pass", "pass"):
        assert table.play(Call(word))
    for _ in range(5):
        session = table.session
        assert table.play(game.legal_actions(session.state, session.to_move())[0])
    state = table.session.state
    seen = {}

    def accept(dialog):
        seen["first"] = dialog.setup_text()
        seen["offered"] = not dialog.position_button.isHidden()
        click(dialog.position_button)
        seen["taken"] = dialog.setup_text()
        seen["summary"] = dialog.play_label.text()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(DealEditor, "exec", accept)
    assert deal_editor.edit_deal(table)
    assert "play:" not in seen["first"] and seen["offered"]
    assert "calls: A pass, Y solo, B pass, Z pass" in seen["taken"]
    assert "1 trick, 1 card of trick 2" in seen["summary"]
    new = table.session
    assert new.setup == seen["taken"].strip() and new.steps == ()
    assert hands_of(new.state) == hands_of(game.setup_state(seen["taken"], {}))
    assert len(new.state.tricks) == len(state.tricks) == 1 and len(new.state.trick) == 1
    assert not new.can_undo                                # undo never goes before the position
    # copying the position as text gives the same text back
    copy = next(cb for label, _, cb in table.controller.extra_actions() if label == "Copy this deal as text")
    assert copy() == seen["taken"] and QGuiApplication.clipboard().text() == seen["taken"]


def test_a_position_breaking_a_law_is_refused_with_its_law(table):
    game = get_game("auction_bridge")
    table.load_session(Session(game, seed=2, human_seats=(0,)))
    before = table.session
    said: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    assert not deal_editor.start_deal(table, BRIDGE_POSITION.replace("Z 1c", "Z pass"))
    assert table.session is before
    assert said[-1][0].startswith("The deal was not set up: line 'calls: Z pass, A pass")
    assert "the dealer must open the auction" in said[-1][0]
    assert said[-1][1] == "auction_bridge#the-auction"
    assert deal_editor.start_deal(table, BRIDGE_POSITION)
    assert said[-1][0].startswith("The position is set up.")


@pytest.mark.parametrize("dds", [True, False])
def test_the_double_dummy_table_of_a_whole_deal(qtbot, monkeypatch, dds):
    from compendium.ai.tricks import dds_engine
    if dds and not dds_engine.available():
        pytest.skip("the DDS library is not installed")
    if not dds:                       # the table as it is made without DDS: a process, strain by strain
        monkeypatch.setattr(dds_engine, "available", lambda: False)
    game = get_game("bridge")
    dialog = DealEditor(game, {})
    qtbot.addWidget(dialog)
    assert dialog.par_table is not None
    click(dialog.par_table.button)                         # no deal yet: said plainly
    assert "thirteen cards in each hand" in dialog.par_table.label.text()
    # Each hand one whole suit: at no trumps whoever leads runs his suit; with a trump suit its
    # holder takes all thirteen.
    QGuiApplication.clipboard().setText('[Dealer "N"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. '
                                        '..AKQJT98765432. ...AKQJT98765432"]')
    click(dialog.paste_button)
    assert dialog.par_table.hands() is not None
    click(dialog.par_table.button)
    qtbot.waitUntil(lambda: "…" not in dialog.par_table.label.text(), timeout=120_000)
    text = dialog.par_table.label.text()
    assert "B declares" in text and "13" in text
    dialog.par_table.stop()


def test_the_double_dummy_table_is_only_for_the_games_of_four(qtbot):
    dialog = DealEditor(get_game("five_hundred"), {})
    qtbot.addWidget(dialog)
    assert dialog.par_table is None
