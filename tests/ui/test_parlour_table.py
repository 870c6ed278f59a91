"""The tables of Ghost, Tit-Tat-Toe and Pope Joan, driven with the mouse and the keyboard: legal
clicks and keys play, refusals are said with their law, and no hidden card face is ever drawn."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from compendium.ai.registry import computer_player
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.parlour.ghost import Challenge, GiveUp, Letter, Name
from compendium.games.parlour.pope_joan import Dress, Lead
from compendium.games.parlour.tit_tat_toe import BY_VALUE, Aim, PencilDown
from compendium.games.registry import get_game
from compendium.ui.table.parlour_table import GhostController, PopeJoanController, TitTatToeController
from compendium.ui.table.view import TableWidget


@pytest.fixture
def table(qtbot):
    widget = TableWidget()
    widget._computer_turn = lambda: None        # the other seats are played by the test itself
    widget.set_animations(False)
    qtbot.addWidget(widget)
    widget.resize(1000, 740)
    widget.show()
    qtbot.waitExposed(widget)
    messages: list[tuple[str, str]] = []
    widget.message.connect(lambda text, rule: messages.append((text, rule)))
    widget.messages = messages
    yield widget
    widget.shutdown()


def open_game(table, game_id, seed=3, options=None, human=(0,)):
    table.load_session(Session(get_game(game_id), options, seed=seed, human_seats=human))
    return table.controller


def click(table, scene_point: QPointF) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.mapFromScene(scene_point))


def centre_of(item) -> QPointF:
    return item.sceneBoundingRect().center()


def last_action(table):
    return table.session.steps[-1].action


# -- Ghost ---------------------------------------------------------------------------------------
def tile(ctl: GhostController, letter: str):
    return next(t for t in ctl.alphabet if t.letter == letter)


def test_ghost_clicking_a_letter_adds_it(table):
    ctl = open_game(table, "ghost")
    assert isinstance(ctl, GhostController)
    click(table, ctl.alphabet[15].mapToScene(ctl.alphabet[15].tile_rect().center()))
    assert table.session.state.letters == "p" and last_action(table) == Letter("p")


def test_ghost_typing_a_letter_adds_it_and_arrows_and_enter_too(table):
    open_game(table, "ghost")
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_X)
    assert table.session.state.letters == "x"
    table.session.play("y")          # the next seats, by hand
    table.session.play("l")
    table.session.play("o")
    table.sync(animate=False)
    QTest.keyClick(table, Qt.Key.Key_Right)      # focus from A to B
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.state.letters == "xylob"


def test_ghost_challenge_button_and_space(table):
    ctl = open_game(table, "ghost", options={"players": 2})
    table.session.play("q")
    table.session.play("x")
    table.sync(animate=False)
    assert [b.label for b in ctl.buttons] == ["Challenge"]
    click(table, centre_of(ctl.buttons[0]))
    assert last_action(table) == Challenge()


def test_ghost_answering_a_challenge_by_typing_the_word(table):
    ctl = open_game(table, "ghost", options={"players": 2})
    table.session.play("p")
    table.session.play("l")
    table.session.play("o")
    table.session.play("challenge")              # seat 1 challenges my O
    table.sync(animate=False)
    assert table.human_to_move and ctl.buttons[0].label == "Say the word"
    table.setFocus()
    for key in "plover":
        QTest.keyClick(table, getattr(Qt.Key, f"Key_{key.upper()}"))
    assert ctl.word == "plover" and table.session.state.letters == "plo"   # spelt, not yet said
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert last_action(table) == Name("plover")
    assert table.session.state.lives == (3, 2)


def test_ghost_a_non_word_is_refused_with_its_law_and_giving_up_costs_the_life(table):
    ctl = open_game(table, "ghost", options={"players": 2})
    for text in ("p", "l", "o", "challenge"):
        table.session.play(text)
    table.sync(animate=False)
    for letter in "plozz":
        ctl.activate(letter)
    ctl.activate("name")
    assert table.messages[-1][1] == "ghost#which-words-count"
    assert table.session.state.challenger == 1                # nothing was played
    give_up = next(b for b in ctl.buttons if b.action == GiveUp())
    click(table, centre_of(give_up))
    assert table.session.state.lives == (2, 3)


def test_ghost_letters_are_refused_while_the_computer_has_the_move(table):
    ctl = open_game(table, "ghost")
    table.session.play("a")                      # now seat 1 (the computer) is to move
    table.sync(animate=False)
    click(table, tile(ctl, "b").mapToScene(tile(ctl, "b").tile_rect().center()))
    assert table.session.state.letters == "a"
    assert "computer" in table.messages[-1][0]


# -- Tit-Tat-Toe ---------------------------------------------------------------------------------
def test_tit_tat_toe_clicking_the_slate_brings_the_pencil_down(table):
    ctl = open_game(table, "tit_tat_toe")
    assert isinstance(ctl, TitTatToeController)
    click(table, ctl.slate.centre())
    steps = table.session.steps
    assert steps[-2].action == PencilDown() and steps[-1].actor is Special.CHANCE
    assert len(table.session.state.marks) == 1 and table.session.state.turn == 1


def test_tit_tat_toe_enter_brings_the_pencil_down(table):
    open_game(table, "tit_tat_toe")
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert len(table.session.state.marks) == 1


def test_tit_tat_toe_aimed_pencil_clicking_a_division_aims_there(table):
    ctl = open_game(table, "tit_tat_toe", options={"hand": "steady"})
    x, y = BY_VALUE[70].centre
    click(table, ctl.slate.to_scene(x, y))
    assert table.session.state.marks[-1].aim == 70
    assert any(s.action == Aim(70) for s in table.session.steps)


def test_tit_tat_toe_aimed_pencil_a_click_off_the_figure_plays_nothing(table):
    ctl = open_game(table, "tit_tat_toe", options={"hand": "shaky"})
    click(table, ctl.slate.to_scene(0, 1180))
    assert table.session.state.marks == () and "division" in table.messages[-1][0]


def test_tit_tat_toe_struck_divisions_and_marks_are_drawn(table):
    ctl = open_game(table, "tit_tat_toe", options={"players": 2})
    for _ in range(6):
        table.session.play("pencil down")
    table.sync(animate=False)
    assert ctl.slate.state is table.session.state and len(ctl.slate.state.marks) == 6
    image = table.grab().toImage()
    assert not image.isNull()


# -- Pope Joan -----------------------------------------------------------------------------------
def joan_as_dealer(table, seed=3, players=4):
    game = get_game("pope_joan")
    first = Session(game, {"players": players}, seed=seed, human_seats=())
    dealer = first.state.dealer
    return open_game(table, "pope_joan", seed=seed, options={"players": players}, human=(dealer,)), dealer


def test_pope_joan_the_dealer_dresses_with_the_button(table):
    ctl, dealer = joan_as_dealer(table)
    assert isinstance(ctl, PopeJoanController) and ctl.button is not None
    click(table, centre_of(ctl.button))
    assert any(s.action == Dress() for s in table.session.steps)
    assert table.session.state.stocks[dealer] == 45 and table.session.state.phase == "play"


def test_pope_joan_dragging_the_counters_onto_the_board_dresses_it(table):
    ctl, dealer = joan_as_dealer(table, seed=4)
    start = table.mapFromScene(centre_of(ctl.stocks[dealer]))
    end = table.mapFromScene(ctl.centre)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(table.viewport(), end)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=end)
    assert table.session.state.phase == "play"


def play_to_my_lead(table, me: int) -> None:
    session = table.session
    player = computer_player(get_game("pope_joan"), 1)
    while session.to_move() is not Special.TERMINAL and not (
            session.to_move() == me and session.state.phase == "play"):
        seat = session.to_move()
        session.play(player.choose(session.game, session.game.view(session.state, seat), session.legal_actions()))
    table.sync(animate=False)


def test_pope_joan_clicking_a_card_leads_it_and_a_drag_aside_does_not(table):
    ctl = open_game(table, "pope_joan", seed=5)
    play_to_my_lead(table, 0)
    if table.session.state.phase != "play":
        pytest.skip("the deal ended before seat 0 led")
    ids = ctl.hand_ids()
    cid = ids[0]
    face = table.session.state.deck[cid]
    item = ctl.cards[cid]
    grip = QPointF(item.sceneBoundingRect().left() + 6, item.sceneBoundingRect().center().y())
    aside = QPointF(grip.x(), table.height() - 4)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=table.mapFromScene(grip))
    QTest.mouseMove(table.viewport(), table.mapFromScene(QPointF(grip.x() + 30, aside.y())))
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton,
                       pos=table.mapFromScene(QPointF(grip.x() + 30, aside.y())))
    assert not any(isinstance(s.action, Lead) and s.actor == 0 for s in table.session.steps)
    click(table, grip)
    assert any(s.action == Lead(face) and s.actor == 0 for s in table.session.steps)


def test_pope_joan_keyboard_leads_the_focused_card(table):
    ctl = open_game(table, "pope_joan", seed=6)
    play_to_my_lead(table, 0)
    if table.session.state.phase != "play":
        pytest.skip("the deal ended before seat 0 led")
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Right)
    second = ctl.hand_ids()[1]
    face = table.session.state.deck[second]
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert any(s.action == Lead(face) and s.actor == 0 for s in table.session.steps)


def test_pope_joan_a_lead_out_of_turn_is_refused(table):
    ctl = open_game(table, "pope_joan", seed=5)
    session = table.session
    if session.to_move() == 0:
        pytest.skip("seat 0 deals")
    table.sync(animate=False)
    hand = [i for i in session.state.hands[0]] if session.state.hands else []
    if not hand:   # before the deal: nothing in hand to click
        assert ctl.hand_ids() == []
        return
    click(table, centre_of(ctl.cards[hand[0]]))
    assert "computer" in table.messages[-1][0]


def test_pope_joan_no_hidden_face_is_drawn(table):
    ctl = open_game(table, "pope_joan", seed=7)
    play_to_my_lead(table, 0)
    state = table.session.state
    hidden = {i for s, hand in enumerate(state.hands) if s != 0 for i in hand} | set(state.dead)
    for cid in hidden:
        item = ctl.cards.get(cid)
        assert item is None or item.face is None
    mine = set(state.hands[0])
    assert all(ctl.cards[i].face == state.deck[i] for i in mine)


def test_every_table_paints_at_a_small_window(table, qtbot):
    table.resize(700, 520)
    for gid in ("ghost", "tit_tat_toe", "pope_joan"):
        open_game(table, gid)
        qtbot.wait(10)
        assert not table.grab().toImage().isNull()
    assert QPoint(0, 0) == QPoint(0, 0)
