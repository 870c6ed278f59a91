"""The bidding box of the card table: Auction Bridge and Five Hundred call from a grid of levels by
strains laid in the middle of the cloth, the calls open to you lit and the others dimmed, with pass
and double in a row beneath; a click or the keyboard makes a call, a dimmed cell is refused with its
law, a hint lights its cell, and the box covers no seat's panel or cards at the usual sizes.  The
seat panels give each seat's last call in the game's own words."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest

from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.auction_bridge import BIDS as BRIDGE_BIDS
from compendium.games.tricks.engine import Call
from compendium.games.tricks.five_hundred import BIDS as FH_BIDS
from compendium.ui.table.card_renderer import aspect
from compendium.ui.table.tricks_table import BoxCell, CallButton, TricksController

from .tables import shown_table

A, Y, B, Z = 0, 1, 2, 3


def open_table(qtbot, monkeypatch, game_id: str, size=(1100, 760), seed=3):
    game = get_game(game_id)
    for widget in shown_table(qtbot, monkeypatch, game, size=size):
        widget._computer_turn = lambda: None        # the test plays the other seats itself
        widget.load_session(Session(game, None, seed=seed))
        assert isinstance(widget.controller, TricksController)
        yield widget


@pytest.fixture
def bridge(qtbot, monkeypatch):
    yield from open_table(qtbot, monkeypatch, "auction_bridge")


@pytest.fixture
def five_hundred(qtbot, monkeypatch):
    yield from open_table(qtbot, monkeypatch, "five_hundred")


def say(table, *words: str) -> None:
    for word in words:
        table.session.play(Call(word))
    table.sync(animate=False)


def lit(ctl) -> dict[str, BoxCell]:
    return {b.action.word: b for b in ctl.buttons if isinstance(b, BoxCell)}


def click(table, item) -> None:
    point = table.mapFromScene(item.sceneBoundingRect().center())
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_the_bridge_box_lights_exactly_the_legal_calls(bridge):
    say(bridge, "1nt")                                   # Z, the dealer, opens One No Trump
    ctl = bridge.controller
    legal = {a.word for a in bridge.legal()}
    cells = lit(ctl)
    assert set(cells) == legal & set(BRIDGE_BIDS)
    # by value (Law 48): 2 ♠ (4) and 2 ♣ (8) are below 12; 2 ♦ (12) ties with more tricks
    assert "1s" not in cells and "2s" not in cells and "2c" not in cells
    assert {"2d", "2h", "2nt", "3c", "7s"} <= set(cells)
    assert {c.action.word for c in ctl.dimmed} == set(BRIDGE_BIDS) - legal
    assert len(cells) + len(ctl.dimmed) == 35 and all(not c.legal for c in ctl.dimmed)
    row = [b for b in ctl.buttons if not isinstance(b, BoxCell)]
    assert [b.label for b in row] == ["Pass", "Double"]
    assert ctl.frame.isVisible()
    # rows are levels, columns strains in the game's order (spades lowest ... no trumps)
    box = {c.action.word: c for c in [*ctl.buttons, *ctl.dimmed] if isinstance(c, BoxCell)}
    x = {w: box[w].scenePos().x() for w in ("2s", "2c", "2d", "2h", "2nt")}
    assert x["2s"] < x["2c"] < x["2d"] < x["2h"] < x["2nt"]
    assert box["3h"].scenePos().x() == x["2h"] and box["3h"].scenePos().y() > box["2h"].scenePos().y()
    assert box["2h"].text == "2♥" and box["2h"].red and not box["2s"].red
    # every cell lies in the box's tray, the other calls beneath the grid
    tray = ctl.frame.sceneBoundingRect()
    assert all(tray.contains(b.sceneBoundingRect().adjusted(3, 3, -3, -3)) for b in [*ctl.buttons, *ctl.dimmed])
    assert min(b.scenePos().y() for b in row) > max(c.scenePos().y() for c in cells.values())


def test_the_five_hundred_box_lights_the_bids_above_the_last(five_hundred):
    ctl = five_hundred.controller
    assert len(lit(ctl)) == 25 and not ctl.dimmed               # you bid first: every bid is open
    assert lit(ctl)["7H"].sub == "200" and lit(ctl)["10NT"].text == "10NT"
    say(five_hundred, "7H", "8S", "pass")                      # you bid 7 ♥, B 8 ♠, C passes
    assert five_hundred.session.to_move() == 0 and five_hundred.human_to_move
    legal = {a.word for a in five_hundred.legal()}
    assert set(lit(ctl)) == legal - {"pass"}
    assert {c.action.word for c in ctl.dimmed} == set(FH_BIDS) - legal
    assert {"7H", "8S", "6NT"} <= {c.action.word for c in ctl.dimmed} and "8C" in lit(ctl)


def test_clicking_a_cell_makes_the_call(bridge):
    say(bridge, "1nt")
    click(bridge, lit(bridge.controller)["3h"])
    assert bridge.session.state.calls[-1] == (A, "3h")
    assert not bridge.controller.buttons and not bridge.controller.dimmed    # Y's turn: no box
    assert not bridge.controller.frame.isVisible()


def test_clicking_a_dimmed_cell_plays_nothing_and_says_why(bridge):
    say(bridge, "1nt")
    messages = []
    bridge.message.connect(lambda text, rule: messages.append((text, rule)))
    state = bridge.session.state
    dimmed = next(c for c in bridge.controller.dimmed if c.action.word == "1s")
    click(bridge, dimmed)
    assert bridge.session.state is state                          # nothing said
    text, rule = messages[-1]
    assert rule == "auction_bridge#overcalling" and "One No Trump" in text and "does not overcall" in text


def test_the_keyboard_walks_the_box(bridge):
    say(bridge, "1s")
    ctl = bridge.controller

    def focused() -> str:
        found = [b for b in ctl.buttons if b.focused]
        assert len(found) == 1
        return found[0].action.word

    assert focused() == "pass"
    QTest.keyClick(bridge, Qt.Key.Key_Right)
    assert focused() == "double"
    QTest.keyClick(bridge, Qt.Key.Key_Right)                # on past the last call: the first lit cell
    assert focused() == "1c"
    QTest.keyClick(bridge, Qt.Key.Key_Left)
    assert focused() == "double"
    QTest.keyClick(bridge, Qt.Key.Key_Up)                   # from the row beneath into the top row
    assert focused().startswith("7")
    QTest.keyClick(bridge, Qt.Key.Key_Up)
    QTest.keyClick(bridge, Qt.Key.Key_Up)
    column = focused()[1:]
    assert focused() == "5" + column
    QTest.keyClick(bridge, Qt.Key.Key_Right)
    after = focused()
    assert after[0] in "56" and after != "5" + column
    QTest.keyClick(bridge, Qt.Key.Key_Down)
    below = focused()
    QTest.keyClick(bridge, Qt.Key.Key_Return)
    assert bridge.session.state.calls[-1] == (A, below)
    assert int(below[0]) == int(after[0]) + 1


def test_up_from_pass_lands_in_the_middle_of_the_last_row(five_hundred):
    ctl = five_hundred.controller
    assert ctl.choices()[ctl.focus] == Call("pass")
    QTest.keyClick(five_hundred, Qt.Key.Key_Up)
    QTest.keyClick(five_hundred, Qt.Key.Key_Left)
    QTest.keyClick(five_hundred, Qt.Key.Key_Up)
    QTest.keyClick(five_hundred, Qt.Key.Key_Return)
    assert five_hundred.session.state.calls == ((0, "9C"),)     # 10 ♦, 10 ♣, 9 ♣


def test_a_hint_lights_its_cell(bridge):
    say(bridge, "1nt")
    ctl = bridge.controller
    ctl.show_hint(Call("2h"))
    cells = lit(ctl)
    assert cells["2h"].hinted and cells["2h"].focused
    assert [b.action.word for b in [*ctl.buttons, *ctl.dimmed] if b.hinted] == ["2h"]
    QTest.keyClick(bridge, Qt.Key.Key_Return)               # the hint is the focus: Enter says it
    assert bridge.session.state.calls[-1] == (A, "2h")


def test_a_hint_to_pass_lights_the_pass_plaque(bridge):
    say(bridge, "1nt")
    ctl = bridge.controller
    ctl.show_hint(Call("pass"))
    assert [b.label for b in ctl.buttons if b.hinted] == ["Pass"]
    ctl.clear_hint()
    assert not any(b.hinted for b in ctl.buttons)


def covered(ctl) -> list[QRectF]:
    """What the box must not cover: every seat's panel and every card on the cloth."""
    view = ctl.view()
    rects = [p.sceneBoundingRect() for p in ctl.names.values()]
    for pos, _, _, width in ctl.positions(view).values():
        rects.append(QRectF(pos.x(), pos.y(), width, width * aspect))
    return rects


@pytest.mark.parametrize("game_id, calls", [("auction_bridge", ("1s",)), ("five_hundred", ())])
@pytest.mark.parametrize("size", [(1024, 700), (1366, 768), (474, 655)])
def test_the_box_covers_no_seat_and_not_your_hand(qtbot, monkeypatch, game_id, calls, size):
    for table in open_table(qtbot, monkeypatch, game_id, size=size):
        say(table, *calls)
        ctl = table.controller
        assert ctl.frame.isVisible() and len(ctl.buttons) > 12
        items = [*ctl.buttons, *ctl.dimmed, ctl.frame]
        obstacles = covered(ctl)
        hand = [ctl.cards[i].sceneBoundingRect() for i in ctl._hand_pos]
        assert hand and len(obstacles) >= len(hand) + len(ctl.names)
        for item in items:
            rect = item.sceneBoundingRect()
            assert 0 <= rect.left() and rect.right() <= size[0] and 0 <= rect.top() and rect.bottom() <= size[1]
            for other in [*obstacles, *hand]:
                assert not rect.intersects(other), (item, rect, other)
        # still large enough to read and to hit
        assert min(c.sceneBoundingRect().width() for c in lit(ctl).values()) >= 30


def test_the_seat_panels_give_the_games_own_words(bridge, five_hundred):
    say(bridge, "1nt")
    assert "said: 1 NT" in bridge.controller.names[Z].lines
    say(five_hundred, "7H")
    assert "said: 7 ♥ · 200" in five_hundred.controller.names[0].lines


def test_a_game_with_few_calls_keeps_its_buttons(qtbot, monkeypatch):
    for table in open_table(qtbot, monkeypatch, "napoleon"):
        ctl = table.controller
        if not ctl.buttons:                  # the computer's turn first at this seed: let it call
            pytest.fail("the human should be first to call in Napoleon at this seed")
        assert all(type(b) is CallButton for b in ctl.buttons)
        assert not ctl.dimmed and not ctl.frame.isVisible()


def test_said_label_reads_the_notation_back(bridge):
    ctl = bridge.controller
    assert ctl.said_label("2nt") == "2 NT"
    assert ctl.said_label("redouble") == "Redouble"
    assert ctl.said_label("revoke: the hand is played again") == "Revoke: the hand is played again"
    assert ctl.said_label("Grand slam ♠") == "Grand slam ♠"              # Boston keeps its words
    # a card another seat put out is hidden: its face is not told
    assert ctl.said_label("discard 9C", own=False) == "Put out a card"
    assert "9C" in ctl.said_label("discard 9C", own=True)
