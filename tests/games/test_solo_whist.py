"""Solo Whist: the calls and their order, proposal and acceptance, the payments, and Foster's two
illustrative hands replayed card by card."""
from __future__ import annotations

from compendium.core.cards import Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.tricks.engine import Call, Play
from compendium.games.tricks.solo_whist import GAME, SoloContract
from tests.games.conformance import random_playout

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, play_tricks, rotate_hidden, stacked

A, Y, B, Z = 0, 1, 2, 3


def order_for(hands: dict[int, str]) -> list:
    held = {s: cards(t) for s, t in hands.items()}
    order = []
    for packet in range(4):
        for s in (A, Y, B, Z):
            order += held[s][3 * packet:3 * packet + 3]
    for s in (A, Y, B, Z):
        order.append(held[s][12])
    return order


def dealt(hands):
    return stacked(GAME, {}, order_for(hands), dealer=Z)


def say(state, *words):
    for w in words:
        state = GAME.apply(state, Call(w) if " " not in w else GAME.action_from_str(state, w))
    return state


# Foster's illustrative hands (Z deals and turns the three of hearts; A leads). Columns A Y B Z.
SOLO_HANDS = {
    A: "10♦ 3♦ 6♥ 8♣ 9♣ A♠ K♣ 7♠ 5♦ 6♦ 7♦ 8♠ J♠",
    Y: "8♦ 9♦ 2♥ 4♥ A♣ 9♠ 2♣ 2♠ 3♣ 3♠ 10♥ 5♠ J♣",
    B: "Q♦ A♦ A♥ Q♥ 4♣ K♠ 6♣ Q♠ Q♣ 5♥ 9♥ 7♥ 10♣",
    Z: "K♦ 2♦ K♥ 7♣ 4♠ 5♣ 6♠ 8♥ J♦ J♥ 4♦ 10♠ 3♥",
}
SOLO_ROWS = [("10♦", "8♦", "Q♦", "K♦"), ("3♦", "9♦", "A♦", "2♦"), ("6♥", "2♥", "A♥", "3♥"),
             ("8♣", "4♥", "Q♥", "K♥"), ("9♣", "A♣", "4♣", "7♣"), ("A♠", "9♠", "K♠", "4♠"),
             ("K♣", "2♣", "6♣", "5♣"), ("7♠", "2♠", "Q♠", "6♠"), ("5♦", "3♣", "Q♣", "8♥"),
             ("6♦", "3♠", "5♥", "J♦"), ("7♦", "10♥", "9♥", "J♥"), ("8♠", "5♠", "7♥", "4♦"),
             ("J♠", "J♣", "10♣", "10♠")]
SOLO_WINNERS = [Z, B, B, Z, Y, A, A, B, Z, B, Z, B, Y]

MISERE_HANDS = {
    A: "K♠ Q♠ Q♦ 9♦ 6♥ 7♥ 10♣ 9♣ 5♣ 8♥ A♥ 2♦ J♥",
    Y: "7♠ 5♠ 5♦ 4♦ 3♠ 2♠ 8♣ 6♣ 4♣ 2♣ 2♥ 3♦ A♠",
    B: "J♠ 9♠ A♦ K♦ 6♠ 4♠ 7♣ 7♦ 6♦ K♥ Q♥ 9♥ 10♥",
    Z: "10♠ 8♠ J♦ 10♦ 8♦ A♣ K♣ Q♣ J♣ 4♥ 5♥ 3♣ 3♥",
}
MISERE_ROWS = [("K♠", "7♠", "J♠", "10♠"), ("Q♠", "5♠", "9♠", "8♠"), ("Q♦", "5♦", "A♦", "J♦"),
               ("9♦", "4♦", "K♦", "10♦"), ("6♥", "3♠", "6♠", "8♦"), ("7♥", "2♠", "4♠", "A♣"),
               ("10♣", "8♣", "7♣", "K♣"), ("9♣", "6♣", "7♦", "Q♣"), ("5♣", "4♣", "6♦", "J♣"),
               ("8♥", "2♣", "K♥", "3♣"), ("A♥", "2♥", "Q♥", "3♥"), ("2♦", "3♦", "9♥", "4♥"),
               ("J♥", "A♠", "10♥", "5♥")]
MISERE_WINNERS = [A, A, B, B, B, B, Z, Z, Z, Z, A, Y, Y]


def test_fosters_solo_hand_replays_exactly():
    state = dealt(SOLO_HANDS)
    assert state.deck[state.turnup] == Card(Rank.THREE, Suit.HEARTS) and state.trump is Suit.HEARTS
    state = say(state, "pass", "pass", "solo", "pass")
    assert state.contract == SoloContract("solo", B) and state.phase == "play"
    assert GAME.to_move(state) == A                                    # the eldest hand leads
    state, winners = play_tricks(GAME, state, SOLO_ROWS, (A, Y, B, Z))
    assert winners == SOLO_WINNERS
    assert GAME.tricks_won(state, B) == 5 and not state.revokes
    lines = state.sheet.lines_of_deal(1)
    assert lines[0].text == "B makes Solo with 5 tricks"
    assert {l.side: l.points for l in lines} == {A: -2, Y: -2, B: 6, Z: -2}


def test_fosters_misere_hand_replays_exactly():
    state = dealt(MISERE_HANDS)
    state = say(state, "propose", "misere", "pass", "pass", "pass")
    assert state.contract == SoloContract("misere", Y) and state.trump is None
    state, winners = play_tricks(GAME, state, MISERE_ROWS, (A, Y, B, Z))
    assert winners == MISERE_WINNERS
    assert GAME.tricks_won(state, Y) == 2
    lines = state.sheet.lines_of_deal(1)
    assert lines[0].text == "Y fails in Misère with 2 tricks"
    assert {l.side: l.points for l in lines} == {A: 3, Y: -9, B: 3, Z: 3}


def test_the_calls_rank_and_go_round_until_one_is_left():
    state = dealt(SOLO_HANDS)
    assert [a.word for a in GAME.legal_actions(state, A)] == ["pass", "propose", "solo", "misere",
                                                            "abundance", "open-misere", "declared"]
    state = say(state, "propose")
    assert [a.word for a in GAME.legal_actions(state, Y)][:3] == ["pass", "accept", "solo"]
    state = say(state, "accept", "pass", "pass")
    assert state.contract == SoloContract("propose", A, Y) and state.trump is Suit.HEARTS


def test_a_proposal_overcalled_then_raised():
    state = say(dealt(SOLO_HANDS), "propose", "pass", "solo", "pass")
    assert GAME.to_move(state) == A                                    # A may still overcall
    state = say(state, "abundance", "pass")
    assert state.phase == "trumps" and GAME.to_move(state) == A
    state = say(state, "trumps S")
    assert state.trump is Suit.SPADES and state.contract == SoloContract("abundance", A)
    assert GAME.to_move(state) == A                                    # the eldest leads


def test_an_unaccepted_proposal_must_be_raised_or_withdrawn():
    state = say(dealt(SOLO_HANDS), "propose", "pass", "pass", "pass")
    assert GAME.legal_actions(state, A)[:2] == (Call("withdraw"), Call("solo"))
    thrown = say(state, "withdraw")
    assert GAME.to_move(thrown) is Special.CHANCE and thrown.sheet.lines == ()


def test_all_passing_throws_the_hand_in():
    state = say(dealt(SOLO_HANDS), "pass", "pass", "pass", "pass")
    assert GAME.to_move(state) is Special.CHANCE


def test_abundance_declared_leads_and_open_misere_is_exposed():
    state = say(dealt(SOLO_HANDS), "pass", "declared", "pass", "pass", "trumps C")
    assert GAME.to_move(state) == Y and state.trump is Suit.CLUBS
    state = say(dealt(SOLO_HANDS), "open-misere", "pass", "pass", "pass")
    assert state.trump is None and state.exposed == ()
    state, _ = play_tricks(GAME, state, SOLO_ROWS[:1], (A, Y, B, Z))
    assert state.exposed == (A,)
    assert all(GAME.view(state, Y).face(i) is not None for i in state.hands[state.owners.index(A)])


def test_payments_for_tricks_over_and_under():
    state = dealt(SOLO_HANDS)
    assert GAME.payments(state, SoloContract("solo", B), 7) == [-4, -4, 12, -4]       # two over
    assert GAME.payments(state, SoloContract("abundance", A), 8) == [-15, 5, 5, 5]    # one under
    assert GAME.payments(state, SoloContract("propose", A, Y), 8) == [2, 2, -2, -2]
    assert GAME.payments(state, SoloContract("open-misere", Z), 0) == [-6, -6, -6, 18]


def test_legal_actions():
    state = dealt(SOLO_HANDS)
    assert Call("pass") in GAME.legal_actions(state, A)
    assert GAME.legal_actions(state, Y) == ()
    state = say(state, "pass", "pass", "solo", "pass")
    assert len(GAME.legal_actions(state, A)) == 13
    state = GAME.apply(state, Play(Card(Rank.TEN, Suit.DIAMONDS)))
    assert {a.card for a in GAME.legal_actions(state, Y)} == set(cards("8♦ 9♦"))
    assert state.turnup_on_table


def test_illegal_actions_cite_their_law():
    state = dealt(SOLO_HANDS)
    assert refusal(GAME, state, Call("accept")).rule == "solo_whist#proposal-and-acceptance"
    assert refusal(GAME, state, Play(Card(Rank.TEN, Suit.DIAMONDS))).rule == "solo_whist#the-play"
    assert refusal(GAME, state, Call("trumps", Suit.SPADES)).rule == "solo_whist#abundance"
    s = say(state, "solo")
    assert refusal(GAME, s, Call("propose")).rule == "solo_whist#the-calls"
    s = say(state, "pass", "misere")
    assert refusal(GAME, s, Call("solo")).rule == "solo_whist#the-calls"
    s = say(state, "pass", "pass", "solo", "pass")
    assert refusal(GAME, s, Call("pass")).rule == "solo_whist#the-play"
    s = GAME.apply(s, Play(Card(Rank.TEN, Suit.DIAMONDS)))
    r = refusal(GAME, s, Play(Card(Rank.TWO, Suit.CLUBS)))
    assert r.rule == "solo_whist#following-suit" and "revoke" in r.reason


def test_views_and_redeals():
    def check(session):
        state = session.state
        if not state.deck:
            return
        for seat in range(4):
            assert GAME.view(rotate_hidden(GAME, state, seat), seat) == GAME.view(state, seat)
            if GAME.to_move(state) == seat:
                check_determinize(GAME, state, seat)
    random_playout(GAME, 8, max_steps=70, check=check)


def test_the_agreed_deals_end_the_game_with_counters_balanced():
    session = random_playout(GAME, 2, max_steps=3000)
    state = session.state
    assert session.to_move() is Special.TERMINAL and state.deal_no == 4
    assert sum(state.sheet.totals) == 0
    assert Session(GAME, seed=2).state.dealer == Z
