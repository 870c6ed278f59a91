"""The shared turn-ordered auction and score sheet of the trick-taking games."""
from __future__ import annotations

from compendium.games.tricks.auction import AuctionRules, start
from compendium.games.tricks.scoresheet import Sheet, side_name

BRIDGE_LIKE = AuctionRules(bids=("1S", "1C", "1NT", "2S", "2C"), rejoin=True, doubling=True)
ONE_ROUND = AuctionRules(bids=("two", "three", "four", "nap"), one_round=True)


def test_pass_bid_overcall_double_and_redouble():
    a = start([0, 1, 2, 3])
    assert BRIDGE_LIKE.calls(a, 0) == ["pass", "1S", "1C", "1NT", "2S", "2C"]
    assert BRIDGE_LIKE.calls(a, 1) == []                       # not his turn
    a = BRIDGE_LIKE.call(a, 0, "1C")
    assert BRIDGE_LIKE.calls(a, 1) == ["pass", "1NT", "2S", "2C", "double"]   # only higher bids
    a = BRIDGE_LIKE.call(a, 1, "double")
    assert "redouble" in BRIDGE_LIKE.calls(a, 2) and a.doubled == 1
    a = BRIDGE_LIKE.call(a, 2, "redouble")
    a = BRIDGE_LIKE.call(a, 3, "1NT")                          # an overcall clears the doubles
    assert a.high == "1NT" and a.high_seat == 3 and a.doubled == 0
    for seat in (0, 1, 2):
        a = BRIDGE_LIKE.call(a, seat, "pass")
    assert a.closed and a.turn is None                         # three passes after a bid


def test_a_one_round_auction_lets_everyone_speak_once():
    a = start([1, 2, 3, 0])
    a = ONE_ROUND.call(a, 1, "three")
    assert ONE_ROUND.calls(a, 2) == ["pass", "four", "nap"]
    a = ONE_ROUND.call(a, 2, "pass")
    a = ONE_ROUND.call(a, 3, "nap")
    assert not a.closed and a.turn == 0
    a = ONE_ROUND.call(a, 0, "pass")
    assert a.closed and (a.high, a.high_seat) == ("nap", 3)
    assert a.history == ((1, "three"), (2, "pass"), (3, "nap"), (0, "pass"))


def test_a_passed_player_is_out_unless_the_game_lets_him_back():
    rules = AuctionRules(bids=("solo", "misere"))
    a = rules.call(start([0, 1, 2]), 0, "pass")
    a = rules.call(a, 1, "solo")
    a = rules.call(a, 2, "misere")
    assert a.turn == 1                                         # seat 0 passed and is skipped
    a = rules.call(a, 1, "pass")
    assert a.closed and a.high_seat == 2


def test_the_score_sheet_balances_payments_and_cites_rules():
    sheet = Sheet.empty(3).add(1, 0, 5, "five", "g#scoring").pay(1, 1, 2, 3, "paid", "g#payments")
    assert sheet.totals == (5, -3, 3)
    assert [l.points for l in sheet.lines_of_deal(1)] == [5, 3, -3]
    events = sheet.events(((0, 2), (1,), (3,)))
    assert [e.seat for e in events] == [0, 3, 1] and events[1].rule == "g#payments"
    assert sheet.win_game(2).games == (0, 0, 1)
    assert side_name("AYBZ", (0, 2)) == "A–B"
