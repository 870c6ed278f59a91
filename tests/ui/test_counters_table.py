"""The counters table (Draw Poker, Baccarat): the choices are buttons on the cloth, amounts are made
by clicking or dragging counters from the tray towards the pool, cards to change are clicked in the
draw; what the engine refuses is refused with its law, and no hidden face is ever drawn."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from compendium.ai.registry import computer_player
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.chance.baccarat import BANQUE, CHEMIN_DE_FER, Bank, Stake, Third
from compendium.games.chance.draw_poker import GAME as POKER
from compendium.games.chance.draw_poker import Better, Draw, MakeGood
from compendium.ui.table.counters_table import BaccaratController, CounterStack, PokerController, break_into_discs

from .tables import table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game, seed=3, options=None, seat=0):
    table.load_session(Session(game, options, seed=seed, human_seats=(seat,)))
    return table.controller


def click_item(table, item) -> None:
    centre = item.sceneBoundingRect().center()
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.mapFromScene(centre))


def button(ctl, label_start: str):
    found = [b for b in ctl.buttons if b.label.startswith(label_start)]
    assert found, [b.label for b in ctl.buttons]
    return found[0]


def others_until(table, done) -> None:
    """The other seats play (quick beginners) until ``done(session)`` or the human's turn."""
    session = table.session
    game = session.game
    players = {}
    for _ in range(400):
        seat = session.to_move()
        if done(session) or isinstance(seat, Special) or seat in session.human_seats:
            break
        player = players.setdefault(seat, computer_player(game, 1))
        session.play(player.choose(game, game.view(session.state, seat), list(session.legal_actions())))
    table.sync(animate=False)


# -- the counters ---------------------------------------------------------------------------------
def test_a_sum_is_drawn_as_discs_of_each_denomination(qtbot):
    assert break_into_discs(187) == [(25, 7), (5, 2), (1, 2)]
    assert break_into_discs(1260) == [(500, 2), (100, 2), (25, 2), (5, 2)]
    assert break_into_discs(0) == []
    stack = CounterStack()
    stack.set_amount(36, 20.0, "Pool 36")
    assert stack.boundingRect().height() > 20 and stack.caption == "Pool 36"


# -- Draw Poker ------------------------------------------------------------------------------------------
def test_the_age_antes_with_a_button(table):
    ctl = open_game(table, POKER)
    assert isinstance(ctl, PokerController)
    assert [b.label for b in ctl.buttons] == [f"Ante {k}" for k in range(1, 7)]
    view = table.current_view()
    for cid in table.session.state.hands[0]:                  # your cards lie face down: a blind ante
        assert ctl.cards[cid].face is None
    click_item(table, button(ctl, "Ante 2"))
    state = table.session.state
    assert state.staked[0] == 2 and state.calls[0] == (0, "ante 2")
    assert view.pub.phase == "ante"


def to_my_say_before_the_draw(table):
    ctl = open_game(table, POKER, seed=5)
    click_item(table, button(ctl, "Ante 1"))
    others_until(table, lambda s: False)
    assert table.session.state.phase == "before" and table.human_to_move
    return ctl


def test_counters_clicked_from_the_tray_make_the_raise(table):
    ctl = to_my_say_before_the_draw(table)
    assert table.session.state.turn == 0
    raise_button = next(b for b in ctl.buttons if isinstance(b.action, Better))
    assert raise_button.action == Better(1)
    chip5 = next(c for c in ctl.chips if c.value == 5)
    click_item(table, chip5)
    raise_button = next(b for b in ctl.buttons if isinstance(b.action, Better))
    assert raise_button.action == Better(6) and raise_button.label == "Go 6 better"
    owed = table.session.state.level - table.session.state.staked[0]
    click_item(table, raise_button)
    state = table.session.state
    assert state.staked[0] == 1 + owed + 6
    assert table.session.steps[-1].action == Better(6)


def test_dragging_counters_towards_the_pool_adds_them_and_elsewhere_does_not(table):
    ctl = to_my_say_before_the_draw(table)
    chip1 = next(c for c in ctl.chips if c.value == 1)
    start = table.mapFromScene(chip1.sceneBoundingRect().center())
    pool = table.mapFromScene(ctl.centre)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(table.viewport(), pool)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=pool)
    assert ctl.pending == 2
    corner = QPoint(table.viewport().width() - 5, table.viewport().height() - 5)
    QTest.mousePress(table.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(table.viewport(), corner)
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.LeftButton, pos=corner)
    assert ctl.pending == 2                                       # dropped off the cloth: nothing
    click_item(table, ctl.pending_stack)                          # taking the pile back
    assert ctl.pending == 1


def test_a_raise_beyond_the_limit_is_refused_with_the_law(table):
    ctl = to_my_say_before_the_draw(table)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    chip5 = next(c for c in ctl.chips if c.value == 5)
    for _ in range(3):
        click_item(table, chip5)
    assert ctl.pending == 12                                      # held at the limit
    assert any(rule == "draw_poker#the-limit" for _, rule in messages)
    before = table.session.state
    assert not table.play(Better(13))                             # and the engine refuses it too
    assert table.session.state is before
    assert messages[-1][1] == "draw_poker#the-limit"


def test_the_keyboard_sets_the_amount_and_chooses(table):
    ctl = to_my_say_before_the_draw(table)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Up)
    QTest.keyClick(table, Qt.Key.Key_Up)
    assert ctl.pending == 3
    labels = [b.label for b in ctl.buttons]
    target = next(i for i, b in enumerate(ctl.buttons) if isinstance(b.action, MakeGood))
    for _ in range(target):
        QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.steps[-1].action == MakeGood(), labels


def test_the_draw_by_clicking_cards(table):
    ctl = to_my_say_before_the_draw(table)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    mine = list(table.session.state.hands[0])
    click_item(table, ctl.cards[mine[0]])                         # not the draw yet: refused
    assert messages and messages[-1][1] == "draw_poker#the-draw"
    click_item(table, button(ctl, "Make good"))
    others_until(table, lambda s: s.state.phase == "draw" and s.to_move() == 0)
    if table.session.to_move() != 0 or table.session.state.phase != "draw":
        pytest.skip("the deal ended before the draw in this seed")
    mine = sorted(table.session.state.hands[0], key=lambda i: ctl.cards[i].x())
    assert button(ctl, "Stand pat")
    y0 = ctl.cards[mine[1]].y()
    click_item(table, ctl.cards[mine[1]])
    click_item(table, ctl.cards[mine[3]])
    assert ctl.cards[mine[1]].y() < y0                            # lifted
    draw = button(ctl, "Draw 2")
    faces = {table.session.state.deck[mine[1]], table.session.state.deck[mine[3]]}
    assert set(draw.action.cards) == faces
    click_item(table, draw)
    step = next(s for s in reversed(table.session.steps) if isinstance(s.action, Draw))
    assert set(step.action.cards) == faces


def test_no_hidden_face_is_drawn(table):
    ctl = to_my_say_before_the_draw(table)
    state = table.session.state
    for seat in range(1, state.n):
        for cid in state.hands[seat]:
            assert ctl.cards[cid].face is None
    for cid in state.hands[0]:
        assert ctl.cards[cid].face == state.deck[cid]


# -- Baccarat --------------------------------------------------------------------------------------------
def test_the_banker_puts_up_the_bank_and_decides_his_third_card(table):
    ctl = open_game(table, CHEMIN_DE_FER, seed=3)
    assert isinstance(ctl, BaccaratController)
    assert [b.label for b in ctl.buttons][:3] == ["Bank 10", "Bank 20", "Bank 50"]
    click_item(table, button(ctl, "Bank 50"))
    assert table.session.state.bank == 50
    others_until(table, lambda s: False)
    state = table.session.state
    if state.phase != "banker":
        pytest.skip("a natural settled this coup")
    assert [b.label for b in ctl.buttons] == ["Card", "Stand"]
    click_item(table, button(ctl, "Stand"))
    assert table.session.steps[-1].action == Third(False)


def test_a_punter_stakes_with_counters(table):
    ctl = open_game(table, CHEMIN_DE_FER, seed=6, seat=1)
    others_until(table, lambda s: False)                          # A puts up the bank
    assert table.session.state.phase == "stakes" and table.human_to_move
    chip5 = next(c for c in ctl.chips if c.value == 5)
    click_item(table, chip5)                                      # 1 + 5
    stake = next(b for b in ctl.buttons if isinstance(b.action, Stake))
    assert stake.label == "Stake 6"
    click_item(table, stake)
    assert table.session.state.stakes[0][1] == 6
    assert ctl.stakes[1].amount == 6 and ctl.stakes[1].isVisible()


def test_a_banco_holds_the_cards_and_a_false_draw_is_refused(table):
    for seed in range(6, 40):
        ctl = open_game(table, CHEMIN_DE_FER, seed=seed, seat=1)
        others_until(table, lambda s: False)
        click_item(table, button(ctl, "Banco"))
        assert table.session.state.banco == (1,)
        state = table.session.state
        if state.phase != "punter":
            continue                                              # a natural decided the coup
        assert state.turn == 1
        legal = CHEMIN_DE_FER.legal_actions(state, 1)
        assert [b.action for b in ctl.buttons] == list(legal)    # only the practice's answers
        for cid in state.hands[0]:
            assert ctl.cards[cid].face == state.shoe[cid]         # you hold the punters' cards
        for cid in state.hands[1]:
            assert ctl.cards[cid].face is None                    # the banker's stay face down
        if len(legal) != 1:
            continue
        messages: list[tuple[str, str]] = []
        table.message.connect(lambda text, rule, said=messages: said.append((text, rule)))
        assert not table.play(Third(not legal[0].take))
        assert messages[-1][1] == "baccarat_chemin_de_fer#the-punters-third-card"
        click_item(table, ctl.buttons[0])
        assert table.session.state.phase != "punter"
        return
    pytest.fail("no coup where the punter's answer was forced")


def test_banque_lays_out_two_tableaux(table):
    ctl = open_game(table, BANQUE, seed=2)
    click_item(table, button(ctl, "Bank 20"))
    others_until(table, lambda s: s.state.hands != ())
    state = table.session.state
    assert len(state.hands) == 3
    labels = [p.lines[0] for p in ctl.labels[:3]]
    assert labels[0].startswith("Right") and labels[1].startswith("Left") and labels[2].startswith("Banker")
    for h, ids in enumerate(state.hands):
        for j, cid in enumerate(ids):
            face = ctl.cards[cid].face
            if not state.shown[h] and j < 2 and state.lookers[h] != 0:
                assert face is None                               # another's cards stay face down


def test_bank_refusal_is_said_with_the_law(table):
    open_game(table, CHEMIN_DE_FER, seed=3)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    assert not table.play(Bank(5000))
    assert messages[-1][1] == "baccarat_chemin_de_fer#the-bank"


def test_end_texts_name_the_counters(table):
    from compendium.core.game import Outcome
    ctl = open_game(table, POKER)
    title, detail = ctl.end_texts(Outcome((1.0, 0, 0, 0, 0), "the agreed 20 deals have been played",
                                          None, (400, 150, 150, 150, 150)))
    assert title == "You have the most counters!" and "You 400" in detail
