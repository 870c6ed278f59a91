"""The Draw Poker table playing the chapter's varieties: Stud's up cards face up before each player
and the hole cards never drawn, Whiskey Poker's widow in the middle exchanged by clicking or by
keyboard, and the side pools of table stakes written on the cloth."""
from __future__ import annotations

import os
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.chance.draw_poker import GAME, Exchange, Knock, MakeGood, Pass

from .tables import table_played_by_the_test
from .test_counters_table import button, click_item, others_until


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot, size=(1100, 700))


def open_game(table, options, seed=3):
    table.load_session(Session(GAME, {"players": 4, **options}, seed=seed, human_seats=(0,)))
    return table.controller


def keep(table, name: str) -> None:
    """A picture of the table for looking at, when COMPENDIUM_TEST_PICTURES names a folder."""
    folder = os.environ.get("COMPENDIUM_TEST_PICTURES")
    if folder:
        table.grab().save(os.path.join(folder, f"{name}.png"))


def test_stud_shows_the_up_cards_and_never_a_hole_card(table):
    ctl = open_game(table, {"variety": "stud"})
    others_until(table, lambda s: s.state.street >= 3)
    state = table.session.state
    for seat in range(state.n):
        hole, *up = state.hands[seat]
        assert ctl.cards[hole].face == (state.deck[hole] if seat == 0 else None)
        for cid in up:
            assert ctl.cards[cid].face == state.deck[cid]           # the up cards, face up to all
            assert ctl.cards[cid].isVisible()
    assert any("Stud Poker" in line for line in ctl.info_lines(ctl.view()))
    keep(table, "stud")
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    click_item(table, ctl.cards[state.hands[0][-1]])                 # no draw: said with its law
    assert messages and messages[-1][1] == "draw_poker#stud-poker"


def test_whiskey_widow_exchanged_by_clicks(table):
    ctl = open_game(table, {"variety": "whiskey"})
    state = table.session.state
    assert all(ctl.cards[i].face is None for i in state.widow)      # face down at first
    click_item(table, button(ctl, "Pass"))
    others_until(table, lambda s: s.state.widow_up and s.to_move() == 0)
    state = table.session.state
    if not state.widow_up or table.session.to_move() != 0:
        pytest.skip("the deal ended before the widow came round")
    assert all(ctl.cards[i].face == state.deck[i] for i in state.widow)
    assert not any(isinstance(b.action, Exchange) for b in ctl.buttons)   # nothing chosen yet
    mine, widow = state.hands[0][0], state.widow[0]
    click_item(table, ctl.cards[mine])
    click_item(table, ctl.cards[widow])
    keep(table, "whiskey")
    exchange = button(ctl, "Exchange")
    assert exchange.action == Exchange(state.deck[mine], state.deck[widow])
    click_item(table, exchange)
    step = table.session.steps[-1]
    assert isinstance(step.action, Exchange) and step.action.take == state.deck[widow]


def test_whiskey_by_keyboard(table):
    ctl = open_game(table, {"variety": "whiskey"})
    table.setFocus()
    options = ctl.choices()
    assert options[:5] == sorted(ctl._hand_pos, key=lambda i: ctl._hand_pos[i].x())[:5]
    knock = options.index(Knock())
    for _ in range(knock):
        QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.steps[-1].action == Knock()


def test_table_stakes_side_pools_on_the_cloth(table):
    ctl = open_game(table, {"variety": "straight", "stakes": "table"})
    state = replace(table.session.state, staked=(6, 21, 21, 1), stocks=(0, 179, 179, 199),
                    ins=(True, True, True, False), level=21)
    view = GAME.view(state, 0)
    amount, caption = ctl.pot_amount(view)
    assert amount == 19 and caption == "Main pool 19"          # the side pool: a stack of its own
    table.load_session(Session(GAME, {"players": 4, "variety": "straight", "stakes": "table"}, seed=3,
                               human_seats=(0,)))
    ctl = table.controller
    monkey = table.current_view
    table.current_view = lambda: view                    # the table drawn from the short position
    try:
        table.sync(animate=False)
        assert ctl.pot.isVisible()
        sides = [st for st in ctl.side_stacks if st.isVisible()]
        assert len(sides) == 1 and sides[0].caption == "side 30 (BC)"
        keep(table, "table-stakes")
    finally:
        table.current_view = monkey
    betting = replace(state, staked=(6, 21, 9, 1), stocks=(5, 179, 191, 199))   # a bet unanswered
    assert ctl.pot_amount(GAME.view(betting, 0)) == (37, "Pool 37")


def test_straight_poker_pass_stays_in_by_button(table):
    ctl = open_game(table, {"variety": "straight"})
    assert table.session.to_move() == 0
    click_item(table, button(ctl, "Pass (stay in)"))
    assert table.session.steps[-1].action == Pass() and table.session.state.ins[0]
    others_until(table, lambda s: s.to_move() == 0 or s.state.phase != "before")
    if table.session.to_move() == 0 and MakeGood() in table.session.legal_actions():
        assert button(ctl, "Make good")
    keep(table, "straight")
