"""The cribbage table driven with the mouse and the keyboard: laying out, playing, going,
counting, muggins by dragging a peg; refusals said with their law; the show lit item by item; the
pegs where the scores are; no hidden face drawn."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from compendium.ai.registry import computer_player
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.cribbage.engine import Count, Go, LayOut, Muggins, Play
from compendium.games.registry import get_game
from compendium.ui.table.cribbage_table import CribbageController
from compendium.ui.table.items import HIGHLIGHT
from compendium.ui.table.view import TableWidget

GAME = get_game("cribbage")


@pytest.fixture
def table(qtbot):
    widget = TableWidget()
    widget._computer_turn = lambda: None        # the other seats are played by the test itself
    widget.set_animations(False)
    qtbot.addWidget(widget)
    widget.resize(1000, 700)
    widget.show()
    qtbot.waitExposed(widget)
    messages: list[tuple[str, str]] = []
    widget.message.connect(lambda text, rule: messages.append((text, rule)))
    widget.messages = messages
    yield widget
    widget.shutdown()


def open_game(table, seed=3, options=None) -> CribbageController:
    table.load_session(Session(GAME, options, seed=seed, human_seats=(0,)))
    ctl = table.controller
    assert isinstance(ctl, CribbageController)
    return ctl


def advance(table, wanted) -> None:
    """Play every seat (the person's too, by the rules core) until the person is to move and
    ``wanted(legal)`` holds."""
    session = table.session
    player = computer_player(GAME, 2)
    for _ in range(600):
        seat = session.to_move()
        assert seat is not Special.TERMINAL, "the game ended first"
        legal = session.legal_actions()
        if seat == 0 and wanted(legal):
            table.sync(animate=False)
            return
        session.play(player.choose(GAME, GAME.view(session.state, seat), list(legal)))
    raise AssertionError("never reached")


def click(table, scene_point: QPointF) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.mapFromScene(scene_point))


def drag(table, start: QPointF, end: QPointF) -> None:
    vp = table.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, pos=table.mapFromScene(start))
    QTest.mouseMove(vp, table.mapFromScene((start + end) / 2))
    QTest.mouseMove(vp, table.mapFromScene(end))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=table.mapFromScene(end))


def card_point(ctl: CribbageController, card) -> QPointF:
    cid = next(i for i in ctl.hand_ids() if ctl._face(ctl.view(), i) == card)
    item = ctl.layer.cards[cid]
    r = item.sceneBoundingRect()
    return QPointF(r.left() + 8, r.top() + r.height() / 2)


def last_action(table):
    return table.session.steps[-1].action


def button(ctl: CribbageController, kind):
    return next(b for b in ctl.buttons if isinstance(b.action, kind))


def test_clicking_two_cards_then_lay_out_lays_them_out(table):
    ctl = open_game(table)
    advance(table, lambda legal: isinstance(legal[0], LayOut))
    hand = ctl.view().my_cards()
    assert "Lay out 2 cards" in ctl.prompt()
    click(table, card_point(ctl, hand[0]))
    assert not ctl.buttons                                 # one chosen: nothing to confirm yet
    click(table, card_point(ctl, hand[1]))
    lay = button(ctl, LayOut)
    click(table, lay.sceneBoundingRect().center())
    acted = [s.action for s in table.session.steps if s.actor == 0]
    assert acted[-1] == LayOut(tuple(sorted(hand[:2])))


def test_dragging_a_card_to_the_crib_lays_it_out_in_the_four_handed_game(table):
    ctl = open_game(table, options={"form": "four-handed"})
    advance(table, lambda legal: isinstance(legal[0], LayOut))
    card = ctl.view().my_cards()[2]
    drag(table, card_point(ctl, card), ctl._places["crib"].center())
    assert [s.action for s in table.session.steps if s.actor == 0][-1] == LayOut((card,))


def test_clicking_a_card_plays_it_and_the_keyboard_plays_the_focused_one(table):
    ctl = open_game(table, seed=4)
    advance(table, lambda legal: isinstance(legal[0], Play))
    card = table.legal()[0].card
    click(table, card_point(ctl, card))
    assert [s.action for s in table.session.steps if s.actor == 0][-1] == Play(card)
    advance(table, lambda legal: isinstance(legal[0], Play))
    assert "Play a card" in ctl.prompt()
    ctl.focus = 0
    assert ctl.key("right") and ctl.key("left")
    first = ctl._face(ctl.view(), ctl.hand_ids()[0])
    legal = table.legal()
    assert ctl.key("enter")
    if Play(first) in legal:
        assert [s.action for s in table.session.steps if s.actor == 0][-1] == Play(first)


def test_a_card_past_thirty_one_is_refused_with_its_law(table):
    ctl = open_game(table)
    for seed in range(3, 40):
        ctl = open_game(table, seed=seed)
        try:
            advance(table, lambda legal: isinstance(legal[0], Play) and
                    len(legal) < len(table.session.state.hands[0]))
        except AssertionError:
            continue
        break
    view = ctl.view()
    legal_cards = {a.card for a in table.legal()}
    bad = next(c for c in view.my_cards() if c not in legal_cards)
    before = len(table.session.steps)
    click(table, card_point(ctl, bad))
    assert len(table.session.steps) == before
    assert table.messages[-1][1] == "cribbage#the-go"


def test_go_by_button_and_by_space(table):
    for seed in range(3, 60):
        ctl = open_game(table, seed=seed, options={"form": "six-card"})
        try:
            advance(table, lambda legal: legal == (Go(),))
        except AssertionError:
            continue
        break
    assert "say Go" in ctl.prompt()
    click(table, button(ctl, Go).sceneBoundingRect().center())
    assert [s.action for s in table.session.steps if s.actor == 0][-1] == Go()


def test_the_show_is_counted_and_lit_item_by_item(table):
    ctl = open_game(table, seed=6)
    advance(table, lambda legal: isinstance(legal[0], Count))
    assert "Count your" in ctl.prompt()
    assert ctl.key("space")                          # the Count button
    view = ctl.view()
    show = next(s for s in reversed(view.shows) if s.owner == 0)
    assert show.claimed == show.value
    assert ctl.show_panel.isVisible()
    text = "\n".join(ctl.show_panel.lines)
    for item in show.items:
        assert f"{item.label}: " in text
    assert show.items and view.shows[-1] is show       # deal 6: your hand counts something
    ctl._item = -1
    ctl._next_item()                                  # the first item lights its cards
    lit = {it.face for it in ctl.layer.cards.values() if it.isVisible() and it.selected_glow == HIGHLIGHT}
    assert lit == set(show.items[0].cards)
    assert any(line.lstrip().startswith("→") for line in ctl.show_panel.lines)
    ctl._next_item()
    if len(show.items) > 1:
        lit = {it.face for it in ctl.layer.cards.values() if it.isVisible() and it.selected_glow == HIGHLIGHT}
        assert lit == set(show.items[1].cards)


def test_muggins_a_peg_dragged_claims_and_an_over_claim_is_refused(table):
    ctl = open_game(table, seed=6, options={"muggins": True})
    advance(table, lambda legal: isinstance(legal[0], Count))
    state = table.session.state
    worth = table.legal()[0].points
    side = 0
    start = ctl.board.peg_rect(side, "back").center()
    too_far = ctl.board.peg_point(side, state.scores[0] + worth + 1)
    assert worth and state.scores[0] + worth + 1 < state.rules.mark      # deal 6 early on
    drag(table, start, too_far)
    assert table.messages[-1][1] == "cribbage#wrong-pegging"
    assert table.session.to_move() == 0
    # the claim by the keyboard: Up raises it, Enter pegs it
    while ctl.claim:
        assert ctl.key("down")
    target = max(0, worth - 1)
    for _ in range(target):
        assert ctl.key("up")
    assert ctl.claim == target and f"Peg {target}" in [b.label for b in ctl.buttons][1]
    ctl.key("enter")
    acted = [s.action for s in table.session.steps if s.actor == 0]
    assert acted[-1] == Count(target)
    # the next player may mug the point left
    assert table.session.to_move() == 1
    assert Muggins() in table.session.legal_actions()


def test_muggins_dragging_the_back_peg_to_the_hole_pegs_the_claim(table):
    ctl = open_game(table, seed=6, options={"muggins": True})
    advance(table, lambda legal: isinstance(legal[0], Count))
    score = table.session.state.scores[0]
    worth = table.legal()[0].points
    assert ctl.board.lit_side == 0                     # your pegs may be dragged now
    drag(table, ctl.board.peg_rect(0, "back").center(), ctl.board.peg_point(0, score + worth))
    assert [s.action for s in table.session.steps if s.actor == 0][-1] == Count(worth)
    assert table.session.state.scores[0] == score + worth


def test_pegs_stand_at_the_scores_and_no_hidden_face_is_drawn(table):
    ctl = open_game(table, seed=8)
    advance(table, lambda legal: isinstance(legal[0], Play))
    view = ctl.view()
    assert ctl.board.front == [float(s) for s in view.scores]
    assert ctl.board.back == [float(s) for s in view.backs]
    visible = {vc.id: vc.face for hand in view.hands for vc in hand}
    visible.update({vc.id: vc.face for vc in view.crib})
    for cid, item in ctl.layer.cards.items():
        if item.isVisible():
            assert item.face == visible.get(cid, item.face)
            if visible.get(cid, "x") is None:
                assert item.face is None


def test_the_hint_marks_the_card_and_the_place(table):
    ctl = open_game(table, seed=4)
    advance(table, lambda legal: isinstance(legal[0], Play))
    action = table.legal()[0]
    what, where = ctl.action_marks(action)
    assert what is not None and where is not None and where == ctl._places["play"]
    advance(table, lambda legal: isinstance(legal[0], LayOut))
    lay = table.legal()[0]
    what, where = ctl.action_marks(lay)
    assert what is not None and where == ctl._places["crib"]


def test_the_deal_copied_as_text_sets_up_the_same_deal(table):
    from compendium.ui.deal_editor import start_deal
    ctl = open_game(table, seed=9)
    labels = [label for label, _, _ in ctl.extra_actions()]
    assert labels == ["Set up a deal…", "Copy this deal as text"]
    text = ctl.copy_deal()
    hands = [tuple(table.session.state.deck[i] for i in h) for h in table.session.state.dealt]
    assert start_deal(table, text)
    again = table.session.state
    assert [tuple(again.deck[i] for i in h) for h in again.dealt] == hands
    assert table.session.setup == text.strip()
    assert not start_deal(table, "South: 5C\nWest: 6D")
    assert table.messages[-1][1] == "cribbage#the-deal"


def test_an_overlooked_count_is_mugged_with_the_button(table):
    for seed in range(3, 40):
        ctl = open_game(table, seed=seed, options={"muggins": True})
        session = table.session
        player = computer_player(GAME, 2)
        for _ in range(200):
            seat = session.to_move()
            legal = session.legal_actions()
            if seat == 1 and isinstance(legal[0], Count):
                break
            session.play(player.choose(GAME, GAME.view(session.state, seat), list(legal)))
        worth = session.legal_actions()[0].points
        if worth >= 2:
            break
    session.play(Count(worth - 2))                    # West overlooks two points
    table.sync(animate=False)
    assert "call Muggins for the 2 missed" in ctl.prompt()
    before = session.state.scores[0]
    click(table, button(ctl, Muggins).sceneBoundingRect().center())
    assert session.state.scores[0] == before + 2
    assert session.state.shows[-1].mugged == 2
    assert "2 mugged" in "\n".join(ctl.show_panel.lines)


def test_escape_puts_chosen_cards_back(table):
    ctl = open_game(table)
    advance(table, lambda legal: isinstance(legal[0], LayOut))
    ctl.click_card(ctl.hand_ids()[0])
    assert ctl.selected
    assert ctl.key("escape")
    assert not ctl.selected and "(0 chosen)" in ctl.prompt()


def test_the_show_timer_goes_with_the_table(qtbot):
    """The timer that lights the show item by item is the table's child: a table closed while it
    runs (a window shut mid-show) leaves nothing firing into deleted items."""
    import shiboken6

    from compendium.ui.table.cribbage_table import ITEM_MS
    widget = TableWidget()
    widget._computer_turn = lambda: None
    widget.set_animations(False)
    widget.show()
    qtbot.waitExposed(widget)
    ctl = open_game(widget)
    timer = ctl._timer
    timer.start()
    widget.shutdown()
    widget.deleteLater()
    qtbot.wait(3 * ITEM_MS)          # an orphan timer would fire here, into a deleted table
    assert not shiboken6.isValid(timer)
