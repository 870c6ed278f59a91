"""The trick table talks: a finished trick stays on the cloth for a pause (a click or the next card
goes on at once, and the computer waits for it), the tricks won lie in a pile by their owner, the
end of a hand is summed up on the table with each score's law before the next deal, the games with
an auction keep a bidding grid by seat clear of every seat and hand, every decision is prompted in
words, and the hint's marks are the card and the trick's place it goes to."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtTest import QTest

from compendium.ai.registry import computer_player
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.registry import get_game
from compendium.games.tricks.engine import Call, Play, active_slot
from compendium.ui.table import tricks_table
from compendium.ui.table.card_renderer import aspect
from compendium.ui.table.tricks_table import TricksController

from .tables import shown_table, table_played_by_the_test


@pytest.fixture
def table(qtbot):
    yield from table_played_by_the_test(qtbot)


def open_game(table, game_id, seed=3, options=None) -> TricksController:
    table.load_session(Session(get_game(game_id), options, seed=seed))
    assert isinstance(table.controller, TricksController)
    return table.controller


def play_one(table, action: Any = None) -> None:
    """One move for whoever is to move, then the table follows, as after each move in play."""
    session = table.session
    session.play(action if action is not None else session.legal_actions()[0])
    table.sync(animate=False)


def until(table, wanted, limit=400, computer: bool = False) -> None:
    """Play on until ``wanted(state)``: the first legal move each time, or the computer's."""
    session = table.session
    for _ in range(limit):
        if wanted(session.state):
            return
        seat = session.to_move()
        assert seat not in (Special.TERMINAL, Special.CHANCE)
        action = None
        if computer:
            game = session.game
            action = computer_player(game, 1).choose(game, game.view(session.state, seat),
                                                    list(session.legal_actions()))
        play_one(table, action)
    pytest.fail("the position wanted was not reached")


def click_scene(table, point: QPointF) -> None:
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.mapFromScene(point))


def empty_cloth(ctl) -> QPointF:
    """A point of the cloth with nothing on it (left of the middle, between the seats)."""
    return QPointF(ctl.width * 0.3, ctl.height * 0.62)


def near(a: QPointF, b: QPointF, tol: float = 1.5) -> bool:
    return abs(a.x() - b.x()) <= tol and abs(a.y() - b.y()) <= tol


# -- the finished trick ------------------------------------------------------------------------
def finish_a_trick(table) -> Any:
    """Play on, one move at a time, until a trick has just been turned; return it."""
    state = table.session.state
    until(table, lambda s: len(s.trick) == s.n - 1)
    play_one(table)
    assert len(table.session.state.tricks) == len(state.tricks) + 1
    return table.session.state.tricks[-1]


def test_a_finished_trick_stays_in_the_middle_then_goes_to_its_winner(table, qtbot):
    ctl = open_game(table, "scotch_whist")
    ctl.pause_ms = 150
    trick = finish_a_trick(table)
    assert ctl.holding and ctl.busy_ms() > 0                  # the computer waits for it
    n = table.session.state.n
    for seat, cid in trick.plays:
        item = ctl.cards[cid]
        assert near(item.pos(), ctl.trick_spot(seat, n)) and item.face is not None
    qtbot.waitUntil(lambda: not ctl.holding, timeout=3000)      # the pause ends by itself
    assert ctl.busy_ms() == 0
    pile = ctl.trick_pile(trick.winner, n)
    for _, cid in trick.plays:
        item = ctl.cards[cid]
        assert item.face is None                               # gathered face down ...
        assert abs(item.x() - pile.x()) < ctl.small and abs(item.y() - pile.y()) < 2   # ... by its winner
    assert "1 trick" in ctl.names[trick.winner].lines


def test_the_trick_stays_with_animations_off_until_a_click(table, qtbot):
    ctl = open_game(table, "scotch_whist")
    ctl.pause_ms = 60_000
    assert not table.animations_on
    trick = finish_a_trick(table)
    qtbot.wait(100)
    assert ctl.holding
    if not table.human_to_move:
        assert "click to go on" in ctl.prompt()
    click_scene(table, empty_cloth(ctl))
    assert not ctl.holding
    assert not any(near(ctl.cards[cid].pos(), ctl.trick_spot(seat, table.session.state.n))
                   for seat, cid in trick.plays)


def test_the_next_card_gathers_the_trick(table, qtbot):
    ctl = open_game(table, "scotch_whist")
    ctl.pause_ms = 60_000
    finish_a_trick(table)
    assert ctl.holding
    play_one(table)                                            # the winner leads again
    assert not ctl.holding and len(table.session.state.trick) == 1


def test_the_computer_waits_while_the_trick_is_on_show(qtbot, monkeypatch):
    game = get_game("scotch_whist")
    for table in shown_table(qtbot, monkeypatch, game, size=(1000, 700)):
        table.load_session(Session(game, None, seed=3))
        ctl = table.controller
        ctl.pause_ms = 400
        session = table.session
        # the computer plays its cards to the trick; the person plays his
        for _ in range(200):
            qtbot.waitUntil(lambda t=table, c=ctl: t.human_to_move or c.holding, timeout=3000)
            if ctl.holding and session.to_move() != 0:
                break                                          # a trick won by the computer
            if ctl.holding:
                ctl.go_on()
            else:
                table.play(session.legal_actions()[0])
        assert ctl.holding and session.to_move() != 0
        held = session.state
        qtbot.wait(250)
        assert session.state is held                            # the computer has not moved on yet
        qtbot.waitUntil(lambda s=session, h=held: s.state is not h, timeout=3000)   # and does after the pause
        assert not ctl.holding


# -- the end of a hand ----------------------------------------------------------------------------
def play_to_the_last_move_of_the_hand(table) -> None:
    session = table.session
    game = session.game
    for _ in range(600):
        action = session.legal_actions()[0]
        after = game.apply(session.state, action)
        if after.deal_no == session.state.deal_no and after.phase in ("deal", "over"):
            return
        play_one(table, action)
    pytest.fail("the hand did not end")


def test_the_end_of_a_hand_is_summed_up_with_its_laws_before_the_next_deal(table, qtbot):
    ctl = open_game(table, "napoleon")
    ctl.pause_ms = 60_000
    said: list[tuple[str, str]] = []
    table.message.connect(lambda text, rule: said.append((text, rule)))
    play_to_the_last_move_of_the_hand(table)
    play_one(table)
    assert table.session.state.deal_no == 2                  # dealt already in the session ...
    assert ctl.view().pub.deal_no == 1                        # ... but the table still shows the hand
    assert ctl.holding and not ctl.summary_shown              # its last trick first
    ctl.go_on()
    assert ctl.summary_shown and ctl.busy_ms() > 0
    lines = ctl.summary.lines
    assert lines and all(rule is None or rule.startswith("napoleon#") for _, _, rule in lines)
    assert any(rule == "napoleon#payments" for _, _, rule in lines)
    assert lines[-1][0] == "The hand in all"
    assert ctl.summary.title == "Deal 1: the score of the hand"
    assert not ctl.legal() and not ctl.buttons                # nothing to do but read it
    # a line is a link to its law; the summary stays
    first = ctl.summary.mapToScene(ctl.summary._line_rects[0].center())
    click_scene(table, first)
    assert said[-1][1] == lines[0][2] and ctl.summary_shown
    # a key goes on to the next deal
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Space)
    assert not ctl.summary_shown and not ctl.summary.isVisible()
    assert ctl.view().pub.deal_no == 2 and ctl.busy_ms() == 0


def test_a_click_on_the_summary_never_plays_a_card_of_the_next_deal(table, qtbot):
    ctl = open_game(table, "scotch_whist")
    ctl.pause_ms = 0
    play_to_the_last_move_of_the_hand(table)
    play_one(table)
    ctl.go_on()
    if not ctl.summary_shown:
        pytest.skip("nothing scored this hand")
    state = table.session.state
    # a click where a card of the new hand would lie dismisses the summary, and plays nothing
    click_scene(table, QPointF(ctl.width / 2, ctl.height - ctl.unit * aspect / 2))
    assert table.session.state is state and not ctl.summary_shown


def test_undo_takes_the_summary_away(table, qtbot):
    ctl = open_game(table, "napoleon")
    play_to_the_last_move_of_the_hand(table)
    play_one(table)
    assert ctl._ending is not None
    table.session.undo()
    table.sync(animate=False)
    assert ctl._ending is None and not ctl.holding


# -- the bidding grid --------------------------------------------------------------------------------
def say(table, *words: str) -> None:
    for word in words:
        play_one(table, Call(word))


def obstacles(ctl) -> list[QRectF]:
    rects = [p.sceneBoundingRect() for p in ctl.names.values()]
    for pos, _, _, width in ctl.positions(ctl.view()).values():
        rects.append(QRectF(pos.x(), pos.y(), width, width * aspect))
    for item in [ctl.frame, ctl.score, ctl.info, *ctl.buttons]:
        if item.isVisible() and item.scene() is not None:
            rects.append(item.sceneBoundingRect())
    return rects


def assert_clear(ctl, size) -> None:
    rect = ctl.auction.sceneBoundingRect()
    assert 0 <= rect.left() and rect.right() <= size[0] and 0 <= rect.top() and rect.bottom() <= size[1]
    for other in obstacles(ctl):
        assert not rect.intersects(other), (rect, other)


def test_the_bridge_grid_by_seat_from_the_dealer_who_speaks_first(table, qtbot):
    ctl = open_game(table, "auction_bridge")
    assert table.session.state.dealer == 3                    # Z deals and calls first
    say(table, "1c", "pass", "1nt", "pass", "pass")
    headers, rows = ctl.auction_record(ctl.view().pub)
    assert headers == ["Z", "You", "Y", "B"]
    assert rows == [["1 ♣", "Pass", "1 NT", "Pass"], ["Pass", "", "", ""]]
    assert ctl.auction.isVisible() and ctl.auction.headers == headers and ctl.auction.rows == rows


def test_the_five_hundred_grid_in_the_games_own_words(table, qtbot):
    ctl = open_game(table, "five_hundred")
    pub = ctl.view().pub
    assert pub.dealer == 2 and table.session.to_move() == 0    # C deals; you bid first
    say(table, "7H", "pass", "8S")
    headers, rows = ctl.auction_record(ctl.view().pub)
    assert headers == ["You", "B", "C"]                        # from the first to speak: one round a row
    assert rows == [["7 ♥ · 200", "Pass", "8 ♠ · 240"]]
    say(table, "pass")
    assert ctl.auction_record(ctl.view().pub)[1] == [["7 ♥ · 200", "Pass", "8 ♠ · 240"], ["Pass", "", ""]]
    assert ctl.auction.isVisible()


@pytest.mark.parametrize("game_id, calls", [("auction_bridge", ("1c", "pass", "1nt", "2h")),
                                            ("five_hundred", ("7H", "pass")),
                                            ("napoleon", ("two", "three")),
                                            ("solo_whist", ("pass",)),
                                            ("boston", ("pass",))])
@pytest.mark.parametrize("size", [(715, 726), (474, 658), (1000, 700)])
def test_the_grid_is_clear_of_every_seat_and_hand_in_the_auction_and_the_play(qtbot, game_id, calls, size):
    for table in table_played_by_the_test(qtbot, size=size):
        ctl = open_game(table, game_id)
        session = table.session
        for word in calls:
            if Call(word) in session.legal_actions():
                play_one(table, Call(word))
        if not ctl.auction_record(ctl.view().pub)[1]:
            play_one(table)
        assert ctl.auction.isVisible()
        assert_clear(ctl, size)
        until(table, lambda s: s.phase == "play" and len(s.tricks) >= 1 and s.turn == 0, computer=True)
        assert ctl.auction_record(ctl.view().pub)[1]           # the calls of the hand in play
        assert ctl.auction.isVisible()                         # it stays through the play
        assert len(ctl.auction.rows) <= 3                       # compact
        assert_clear(ctl, size)


def test_a_game_without_an_auction_has_no_grid(table, qtbot):
    ctl = open_game(table, "scotch_whist")
    until(table, lambda s: len(s.tricks) >= 1)
    assert not ctl.auction.isVisible()


# -- the prompts ------------------------------------------------------------------------------------
def shown_prompt(ctl) -> str:
    text = ctl.prompt()
    ctl.table.refresh_prompt()
    assert ctl.table.prompt_line.text == text                  # the view's line at the cloth's edge
    return text


def test_prompts_for_every_decision(table, qtbot):
    ctl = open_game(table, "auction_bridge")
    say(table, "1c")
    assert shown_prompt(ctl) == "Your call: choose in the bidding box"
    ctl = open_game(table, "napoleon")
    assert shown_prompt(ctl) == "Your call: choose one of the calls below"
    ctl = open_game(table, "all_fours")
    until(table, lambda s: s.turn == 0)
    if table.session.state.phase == "beg":
        assert shown_prompt(ctl) == "Your call: Stand or Beg"
    ctl = open_game(table, "scotch_whist")
    ctl.pause_ms = 0
    until(table, lambda s: s.turn == 0 and not s.trick)
    assert shown_prompt(ctl) == "Lead a card"
    until(table, lambda s: s.turn == 0 and bool(s.trick))
    state = table.session.state
    led = state.deck[state.trick[0][1]].suit
    hand = [state.deck[i] for i in state.hands[active_slot(state, 0)]]
    expected = "Follow suit" if any(c.suit == led for c in hand) else "You cannot follow suit: play any card"
    assert shown_prompt(ctl) == expected
    # the computer's turn: nothing asked of you
    play_one(table, Play(next(a.card for a in table.session.legal_actions())))
    if table.session.to_move() != 0 and not ctl.holding:
        assert shown_prompt(ctl) == ""


def test_the_five_hundred_widow_is_chosen_then_confirmed(table, qtbot):
    ctl = open_game(table, "five_hundred")
    say(table, "7H", "pass", "pass")
    state = table.session.state
    assert state.phase == "discard"
    assert shown_prompt(ctl) == "Choose three cards to discard, then press Discard"
    ids = sorted(state.hands[active_slot(state, 0)], key=lambda i: ctl.cards[i].x())
    for cid in ids[:2]:
        ctl.play_card(cid)                                     # a click: chosen, not put out
    assert table.session.state is state
    assert shown_prompt(ctl).endswith("(two chosen)")
    ctl.confirm_discard()                                      # two of three: refused, nothing put out
    assert table.session.state is state
    ctl.play_card(ids[2])
    ctl.confirm_discard()
    assert table.session.state.discards[0] == tuple(ids[:3]) and table.session.state.phase == "play"


# -- the hint's marks --------------------------------------------------------------------------------
def test_action_marks_are_the_card_and_its_place_in_the_trick(table, qtbot):
    ctl = open_game(table, "scotch_whist")
    until(table, lambda s: s.turn == 0)
    action = table.session.legal_actions()[-1]
    source, target = ctl.action_marks(action)
    state = table.session.state
    cid = next(i for i in state.hands[active_slot(state, 0)] if state.deck[i] == action.card)
    assert source == ctl.cards[cid].sceneBoundingRect()
    assert target is not None and near(target.topLeft(), ctl.trick_spot(0, state.n))
    assert target.width() == pytest.approx(ctl.unit)
    ctl = open_game(table, "napoleon")
    call = table.session.legal_actions()[1]
    source, target = ctl.action_marks(call)
    button = next(b for b in ctl.buttons if b.action == call)
    assert source == button.sceneBoundingRect() and target is None


def test_the_pause_is_a_setting(table, qtbot):
    ctl = open_game(table, "scotch_whist")
    assert ctl.pause_ms == tricks_table.TRICK_PAUSE_MS == 1500
    ctl.set_pause(20_000)
    assert ctl.pause_ms == 10_000
    assert any(label.startswith("Pause after each trick") for label, _, _ in ctl.extra_actions())


def test_the_demo_reads_the_summary_then_deals_on(table, qtbot, monkeypatch):
    monkeypatch.setattr(tricks_table, "DEMO_SUMMARY_MS", 50)
    ctl = open_game(table, "napoleon")
    ctl.pause_ms = 0
    play_to_the_last_move_of_the_hand(table)
    play_one(table)
    monkeypatch.setattr(table, "_demo_running", True)
    ctl.go_on()
    assert ctl.summary_shown
    qtbot.waitUntil(lambda: not ctl.summary_shown, timeout=2000)   # nobody need click in a demo
    assert ctl.view().pub.deal_no == 2


def test_the_views_prompt_line_is_told_when_the_decision_changes_without_a_move(table, qtbot):
    ctl = open_game(table, "piquet")
    calls: list[str] = []
    table.refresh_prompt = lambda: calls.append(ctl.prompt())   # the view's hook (table-talk)
    hand = sorted(ctl._hand_pos, key=lambda i: ctl._hand_pos[i].x())
    ctl.toggle_selected(hand[0])
    assert calls and calls[-1] == "Discard one to five cards, then Exchange (one chosen)"


def test_a_summary_line_opens_its_law_through_the_views_link(table, qtbot):
    ctl = open_game(table, "napoleon")
    ctl.pause_ms = 0
    play_to_the_last_move_of_the_hand(table)
    play_one(table)
    ctl.go_on()
    opened: list[str] = []
    if hasattr(type(table), "rule_link"):                      # the view's signal (table-talk's)
        table.rule_link.connect(opened.append)
    else:                                                      # until it is merged: a stand-in
        from PySide6.QtCore import QObject, Signal

        class Links(QObject):
            rule_link = Signal(str)

        links = Links(table)
        links.rule_link.connect(opened.append)
        table.rule_link = links.rule_link
    click_scene(table, ctl.summary.mapToScene(ctl.summary._line_rects[0].center()))
    assert opened == [ctl.summary.lines[0][2]] and ctl.summary_shown


def test_the_napoleon_and_boston_grids_in_their_own_words(table, qtbot):
    ctl = open_game(table, "napoleon")
    say(table, "two", "pass", "three")
    headers, rows = ctl.auction_record(ctl.view().pub)
    assert headers == ["You", "Y", "B", "Z"] and rows == [["Two", "Pass", "Three", ""]]
    ctl = open_game(table, "boston")
    first = table.session.to_move()
    play_one(table, Call("boston"))
    while table.session.to_move() == first:                    # the trump suit named, in a second click
        play_one(table)
    play_one(table, Call("pass"))
    headers, rows = ctl.auction_record(ctl.view().pub)
    assert headers[0] == ctl.seat_title(first, 4)
    assert len(rows) == 1 and rows[0][1:] == ["Pass", "", ""]
    assert rows[0][0].startswith("Boston ") and rows[0][0][-1] in "♠♥♦♣"      # "Boston ♦", as said
