"""The Quinto tables: the doubling buttons, the Quint Royal played by a drag on a suit it need not
follow, a revoke refused with its law, the cachette drawn face down, and Dummy Quinto's open dummy."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call, Play, active_slot
from compendium.ui.table.tricks_table import TricksController

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game_id, seed=3):
    table.load_session(Session(get_game(game_id), {}, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def point_of(table, cid) -> QPoint:
    item = table.controller.cards[cid]
    rect = item.sceneBoundingRect()
    return table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))


def drag_to_middle(table, cid) -> None:
    middle = table.mapFromScene(table.controller.centre)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, cid))
    QTest.mouseMove(table.viewport(), middle)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=middle)


def click_button(table, label) -> None:
    button = next(b for b in table.controller.buttons if b.label == label)
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.mapFromScene(button.sceneBoundingRect().center()))


def my_cards(table):
    state = table.session.state
    return list(state.hands[active_slot(state, table.viewer_seat)])


def others_until_my_turn(table):
    session = table.session
    while session.to_move() not in (0, Special.TERMINAL, Special.CHANCE):
        session.play(session.legal_actions()[0])
    table.sync(animate=False)


def test_doubling_buttons_and_the_cachette_face_down(table, qtbot):
    ctl = open_game(table, "quinto")
    assert [b.label for b in ctl.buttons] == ["Pass", "Double"]
    cachette = table.session.state.stock
    assert len(cachette) == 5 and all(ctl.cards[i].face is None for i in cachette)
    click_button(table, "Double")
    assert table.session.state.calls == ((0, "double"),)
    table.session.play(Call("redouble"))                       # Y redoubles
    others_until_my_turn(table)
    assert table.session.state.phase == "play" and table.session.state.contract.multiplier == 4


def test_a_revoke_is_refused_and_a_legal_card_is_played_by_dragging(table, qtbot):
    open_game(table, "quinto", seed=1)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    session = table.session
    for _ in range(200):
        if session.to_move() == 0 and session.state.phase == "play":
            legal = {a.card for a in session.legal_actions()}
            bad = [i for i in my_cards(table) if session.state.deck[i] not in legal]
            if bad:
                table.sync(animate=False)
                before = session.state
                drag_to_middle(table, bad[0])
                assert session.state is before
                assert any(rule == "quinto#following-suit" and "revoke" in text for text, rule in messages)
                good = next(i for i in my_cards(table) if session.state.deck[i] in legal)
                drag_to_middle(table, good)
                assert session.state.trick[-1] == (0, good) or session.state.tricks[-1].plays[-1] == (0, good)
                return
        session.play(session.legal_actions()[0])
    pytest.fail("no position needing a follow found")


def test_dummy_quinto_shows_the_dummy_face_up_and_the_handicap(table, qtbot):
    ctl = open_game(table, "quinto_dummy")
    assert any("handicap" in line for line in ctl.score.lines)
    others_until_my_turn(table)
    session = table.session
    while session.state.phase != "play":
        session.play(session.legal_actions()[0])
    table.sync(animate=False)
    dummy = session.state.hands[active_slot(session.state, 3)]
    assert dummy and all(ctl.cards[i].face is not None for i in dummy)
    view = table.current_view()
    for cid, item in ctl.cards.items():
        if item.isVisible() and item.face is not None:
            assert view.face(cid) == item.face
    assert ctl.names[3].lines[0] == "Dummy"


def test_the_keyboard_doubles_and_plays(table, qtbot):
    open_game(table, "quinto", seed=4)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.state.calls == ((0, "double"),)
    others_until_my_turn(table)
    assert table.session.state.phase == "play" and table.session.to_move() == 0
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert [seat for seat, _ in table.session.state.trick] == [0]


# -- Dummy Quinto with you as Y, the dummy-player -----------------------------------------------------
Y, DUMMY_SEAT = 1, 3


def dummy_player_table(table, seed=3):
    table.load_session(Session(get_game("quinto_dummy"), {}, seed=seed, human_seats=(Y,)))
    assert table.viewer_seat == Y
    return table.controller


def advance(table, wanted, limit=120):
    """Play the first legal action for whoever moves until ``wanted(state)`` holds."""
    session = table.session
    for _ in range(limit):
        if wanted(session.state):
            table.sync(animate=False)
            return session.state
        assert session.to_move() not in (Special.TERMINAL, Special.CHANCE)
        session.play(session.legal_actions()[0])
    pytest.fail("the position wanted was not reached")


def dummy_ids(state):
    return list(state.hands[active_slot(state, DUMMY_SEAT)])


def must_follow(state):
    """The dummy's turn, holding the suit led and something else as well."""
    if state.phase != "play" or state.turn != DUMMY_SEAT or not state.trick:
        return False
    led = state.deck[state.trick[0][1]].suit
    suits = {state.deck[i].suit for i in dummy_ids(state)}
    return led in suits and len(suits) > 1


def test_as_y_you_play_the_dummys_cards_by_dragging_and_a_revoke_is_refused(table, qtbot):
    ctl = dummy_player_table(table)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    state = advance(table, must_follow)
    assert table.human_to_move and "your play for Dummy" in ctl.status_parts()
    assert "You play the Dummy's cards too" in ctl.info.lines
    legal = {a.card for a in table.legal()}
    dummy = dummy_ids(state)
    assert all(ctl.cards[i].face == state.deck[i] for i in dummy)          # open, face up
    assert set(ctl._controlled) == set(dummy)
    lifted = [i for i in dummy if state.deck[i] in legal]
    flat = [i for i in dummy if state.deck[i] not in legal]
    # the playable cards of the dummy (at the top) are lifted towards the middle
    assert min(ctl.cards[i].pos().y() for i in lifted) > max(ctl.cards[i].pos().y() for i in flat)
    # the open hand across the top keeps clear of the corner panels, and its name beside it
    rects = [ctl.cards[i].sceneBoundingRect() for i in dummy]
    for panel in (ctl.score, ctl.info, ctl.names[DUMMY_SEAT]):
        assert not any(r.intersects(panel.sceneBoundingRect()) for r in rects)
    drag_to_middle(table, flat[0])                                          # a revoke
    assert table.session.state is state
    assert messages[-1][1] == "quinto_dummy#following-suit" and "revoke" in messages[-1][0]
    own = my_cards(table)[0]
    drag_to_middle(table, own)                                              # Y's own card
    assert table.session.state is state
    assert messages[-1][1] == "quinto_dummy#the-dummy" and "dummy's turn" in messages[-1][0]
    drag_to_middle(table, lifted[0])
    assert table.session.state.trick[-1] == (DUMMY_SEAT, lifted[0]) or \
        table.session.state.tricks[-1].plays[-1] == (DUMMY_SEAT, lifted[0])


def test_as_y_the_dummy_answers_a_double_click_and_the_keyboard(table, qtbot):
    ctl = dummy_player_table(table)
    state = advance(table, lambda s: s.phase == "play" and s.turn == DUMMY_SEAT)
    legal = [i for i in dummy_ids(state) if state.deck[i] in {a.card for a in table.legal()}]
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point_of(table, legal[-1]))
    assert (DUMMY_SEAT, legal[-1]) in [*table.session.state.trick,
                                       *(p for t in table.session.state.tricks for p in t.plays)]
    # the next time the dummy plays, the keyboard moves over the dummy's cards only
    state = advance(table, lambda s: s.phase == "play" and s.turn == DUMMY_SEAT and len(dummy_ids(s)) < 12)
    choices = ctl.choices()
    assert choices and set(choices) == set(dummy_ids(state))
    target = next(k for k, i in enumerate(choices) if Play(state.deck[i]) in table.legal())
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Escape)                # the focus back on the first card
    for _ in range(target):
        QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert (DUMMY_SEAT, choices[target]) in [*table.session.state.trick,
                                             *(p for t in table.session.state.tricks for p in t.plays)]


def test_as_y_a_dummy_card_in_your_own_turn_is_refused_and_the_keyboard_stays_home(table, qtbot):
    ctl = dummy_player_table(table)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    state = advance(table, lambda s: s.phase == "play" and s.turn == Y)
    assert not ctl._controlled and set(ctl._played_for) == set(dummy_ids(state))
    assert set(ctl.choices()) == set(my_cards(table))                        # your own hand only
    drag_to_middle(table, dummy_ids(state)[0])
    assert table.session.state is state
    assert messages[-1][1] == "quinto_dummy#the-dummy" and "own turn" in messages[-1][0]


def test_as_y_you_speak_for_the_dummy_and_see_what_the_book_lets_you(table, qtbot):
    ctl = dummy_player_table(table)
    # Y deals the first hand: B speaks first, then the dummy, whose word is yours
    state = advance(table, lambda s: s.turn == DUMMY_SEAT)
    assert state.phase == "doubling" and table.human_to_move
    assert "your call for Dummy" in ctl.status_parts()
    assert all(ctl.cards[i].face == state.deck[i] for i in dummy_ids(state))  # his own deal: both seen
    click_button(table, "Pass")
    assert table.session.state.calls[-1] == (DUMMY_SEAT, "pass")
    # the next deal is B's, an opponent's: the dummy leads, and only its hand is seen
    state = advance(table, lambda s: s.deal_no == 2 and s.phase == "doubling", limit=400)
    assert state.dealer == 2
    mine = my_cards(table)
    assert all(ctl.cards[i].face is None for i in mine)
    assert all(ctl.cards[i].face == state.deck[i] for i in dummy_ids(state))


def test_as_a_you_play_against_the_dummy_which_you_cannot_touch(table, qtbot):
    ctl = open_game(table, "quinto_dummy")
    state = advance(table, lambda s: s.phase == "play" and s.turn == 0)
    dummy = dummy_ids(state)
    assert all(ctl.cards[i].face == state.deck[i] for i in dummy)
    assert not set(dummy) & set(ctl._hand_pos) and "You play the Dummy's cards too" not in ctl.info.lines
