"""The banking card table (Vingt-Un): the stake made with counters from the tray, the decisions as
buttons by mouse and by keyboard, the counts and the last round said in words, refusals with their
law, and no hidden face ever drawn."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.chance.vingt_un import GAME as VINGT_UN
from compendium.games.chance.vingt_un import Draw, Stake, Stand
from compendium.ui.table.banking_table import BankingController

from .tables import table_played_by_the_test
from .test_counters_table import button, click_item, others_until


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_vingt_un(table, seed=3, options=None) -> BankingController:
    table.load_session(Session(VINGT_UN, options, seed=seed, human_seats=(0,)))
    ctl = table.controller
    assert isinstance(ctl, BankingController)
    return ctl


def test_you_stake_on_your_first_card_with_counters_from_the_tray(table):
    ctl = open_vingt_un(table)
    state = table.session.state
    assert state.phase == "stake" and state.turn == 0 and state.dealer == 3
    assert ctl.prompt() == "Stake on your first card"
    assert [b.label for b in ctl.buttons] == ["Stake 1"]
    chip5 = next(c for c in ctl.chips if c.value == 5)
    click_item(table, chip5)
    assert ctl.pending == 6
    click_item(table, button(ctl, "Stake 6"))
    assert table.session.state.stakes[0] == 6
    assert table.session.steps[-1].action == Stake(6)


def test_a_stake_past_the_largest_is_held_and_said_with_its_law(table):
    ctl = open_vingt_un(table)
    messages = []
    table.message.connect(lambda text, rule: messages.append((text, rule)))
    chip5 = next(c for c in ctl.chips if c.value == 5)
    for _ in range(3):
        click_item(table, chip5)
    assert ctl.pending == 10                                     # the largest stake, 10
    assert messages and messages[-1][1] == "vingt_un#the-first-card-and-the-stakes"


def test_the_keyboard_stakes_and_draws(table):
    ctl = open_vingt_un(table, seed=4)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Up)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.steps[-1].action == Stake(2)
    others_until(table, lambda s: False)
    state = table.session.state
    if state.phase != "punter" or state.turn != 0:
        pytest.skip("a natural ended this round before you drew")
    labels = [b.label for b in ctl.buttons]
    assert labels[:2] == ["Content", "Card"] and labels[2].startswith("Buy a card")
    QTest.keyClick(table, Qt.Key.Key_Right)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.steps[-1].action == Draw()


def test_your_count_is_said_and_no_hidden_face_is_drawn(table):
    ctl = open_vingt_un(table, seed=5)
    click_item(table, button(ctl, "Stake 1"))
    others_until(table, lambda s: False)
    state = table.session.state
    view = table.current_view()
    for seat in range(state.n):
        for k, cid in enumerate(state.hands[seat]):
            item = ctl.cards[cid]
            if seat == 0 or state.shown[seat] or state.up[seat][k]:
                assert item.face == state.drawn[cid]
            else:
                assert item.face is None
    assert ctl.names[0].lines[1].startswith(str(view.count(0)))
    if state.phase == "punter" and state.turn == 0:
        click_item(table, button(ctl, "Content"))
        assert table.session.steps[-1].action == Stand()


def test_the_last_round_is_told_in_words(table):
    ctl = open_vingt_un(table, seed=6)
    session = table.session
    for _ in range(200):
        if session.state.round_no >= 1:
            break
        if session.to_move() == 0:
            session.play(session.legal_actions()[0])
        others_until(table, lambda s: s.state.round_no >= 1)
    table.sync(animate=False)
    assert session.state.last is not None
    lines = ctl.info.lines
    assert any(line.startswith("Last round: ") for line in lines), lines


# -- Blind Hookey ------------------------------------------------------------------------------------
def test_hookey_you_cut_a_packet_and_stake_on_it_unseen(table):
    from compendium.games.chance.blind_hookey import GAME as HOOKEY
    from compendium.games.chance.blind_hookey import Cut
    from compendium.games.chance.blind_hookey import Stake as HookeyStake
    from compendium.ui.table.banking_table import HookeyController
    table.load_session(Session(HOOKEY, None, seed=3, human_seats=(0,)))
    ctl = table.controller
    assert isinstance(ctl, HookeyController)
    assert ctl.prompt() == "Cut a packet off the pack"
    assert [b.label for b in ctl.buttons][:2] == ["Cut 4", "Cut 5"]
    click_item(table, button(ctl, "Cut 6"))
    assert table.session.steps[-1].action == Cut(6)
    others_until(table, lambda s: False)
    state = table.session.state
    assert state.phase == "stake" and state.turn == 0
    for packet in table.current_view().packets:
        for vc in packet:
            assert ctl.cards[vc.id].face is None                 # nothing is seen before the turn-up
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Up)
    QTest.keyClick(table, Qt.Key.Key_Return)
    assert table.session.steps[-1].action == HookeyStake(2)
    others_until(table, lambda s: s.state.round_no >= 1)
    state = table.session.state
    assert state.round_no >= 1
    assert any(line.startswith("Last round: ") for line in ctl.info.lines)
    assert ":" in ctl.names[0].lines[1]                          # your card and what it won or lost


def test_hookey_three_packets_stake_on_the_left_or_the_right(table):
    import os

    from compendium.games.chance.blind_hookey import GAME as HOOKEY
    from compendium.games.chance.blind_hookey import StakeOn
    table.load_session(Session(HOOKEY, {"packets": "three"}, seed=3, human_seats=(0,)))
    ctl = table.controller
    others_until(table, lambda s: s.state.phase == "stake")          # the dealer cuts the three
    state = table.session.state
    assert state.phase == "stake" and state.turn == 0
    view = table.current_view()
    assert len(view.heaps) == 2
    left, right = (ctl.cards[heap[-1].id] for heap in view.heaps)
    assert left.x() < right.x() and left.face is None and right.face is None
    assert ctl.prompt() == "Stake on the left or the right packet, unseen"
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Up)                              # two counters in hand
    if os.environ.get("COMPENDIUM_TEST_PICTURES"):
        table.grab().save(os.path.join(os.environ["COMPENDIUM_TEST_PICTURES"], "hookey3.png"))
    click_item(table, button(ctl, "Stake 2 on the right"))
    assert table.session.steps[-1].action == StakeOn(2, 2)
    others_until(table, lambda s: s.state.round_no >= 1)
    assert table.session.state.round_no >= 1
    assert table.session.state.results[0].startswith("packet 2")
