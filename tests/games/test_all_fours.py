"""All Fours (two- and four-handed): the turn-up, begging and running the cards, following suit
or trumping, and High, Low, Jack and Game in that order, each with its law."""
from __future__ import annotations

from dataclasses import replace

from compendium.core.cards import Card, Rank, Suit, standard_pack
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.tricks.all_fours import FOUR_HANDED, GAME
from compendium.games.tricks.engine import Call, Discard, Play
from tests.games.conformance import random_playout

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, rotate_hidden, stacked

ELDER, DEALER = 0, 1


def order_for(hands: list[str], turnup: str, then: str = "", game=GAME) -> list[Card]:
    """The pack order giving these hands (elder first, by threes), the turn-up and then ``then``."""
    held = [cards(h) for h in hands]
    order = []
    for packet in range(2):
        for h in held:
            order += h[3 * packet:3 * packet + 3]
    order += cards(turnup) + cards(then)
    rest = [c for c in standard_pack() if c not in order]
    return order + rest


def dealt(hands: list[str], turnup: str, then: str = "", game=GAME, options=None):
    n = len(hands)
    return stacked(game, options or {}, order_for(hands, turnup, then, game), dealer=n - 1)


HANDS = ["A♥ 2♥ 10♣ A♦ Q♠ 3♣", "J♥ 5♥ K♠ J♣ 10♦ 4♦"]


def play(state, *texts):
    for t in texts:
        state = GAME.apply(state, Play(cards(t)[0]))
    return state


def test_six_each_and_the_thirteenth_card_turned_up():
    state = dealt(HANDS, "7♥")
    assert [len(h) for h in state.hands] == [6, 6]
    assert state.deck[state.turnup] == Card(Rank.SEVEN, Suit.HEARTS) and state.trump is Suit.HEARTS
    assert state.turnup == 12                                  # the thirteenth card
    assert state.phase == "beg" and GAME.to_move(state) == ELDER


def test_four_handed_turns_the_twenty_fifth_and_partners_wait_for_the_begging():
    state = Session(FOUR_HANDED, seed=2).state
    assert state.turnup == 24 and state.dealer == 3
    assert GAME.seat_name(1, 4) == "Y"
    view_b = FOUR_HANDED.view(state, 2)                        # B, the dealer's partner
    assert all(view_b.face(i) is None for i in state.hands[state.owners.index(2)])
    state = FOUR_HANDED.apply(state, Call("stand"))
    view_b = FOUR_HANDED.view(state, 2)
    assert all(view_b.face(i) is not None for i in state.hands[state.owners.index(2)])


def test_a_turned_knave_scores_the_dealer_first():
    state = dealt(HANDS, "J♠")
    assert state.sheet.totals == (0, 1)
    assert state.sheet.lines[0].rule == "all_fours#jack"


def test_begging_and_the_point_given():
    state = GAME.apply(dealt(HANDS, "7♥"), Call("beg"))
    assert GAME.legal_actions(state, DEALER) == (Call("give"), Call("run"))
    state = GAME.apply(state, Call("give"))
    assert state.sheet.totals == (1, 0) and state.phase == "play"
    assert state.sheet.lines[-1].rule == "all_fours#begging"


def test_running_the_cards_until_a_new_suit_turns():
    # after the first run the 9♥ turns (same suit): three more each again, then the K♣ turns
    then = "2♣ 3♦ 4♠ 5♣ 6♦ 7♠ 9♥ 8♣ 9♦ 6♠ 8♦ 7♦ 9♠ K♣"
    state = GAME.apply(GAME.apply(dealt(HANDS, "7♥", then), Call("beg")), Call("run"))
    assert state.trump is Suit.CLUBS and state.deck[state.turnup] == Card(Rank.KING, Suit.CLUBS)
    assert [len(h) for h in state.hands] == [12, 12]
    assert state.phase == "discard" and GAME.to_move(state) == ELDER
    for _ in range(6):
        state = GAME.apply(state, GAME.legal_actions(state, GAME.to_move(state))[0])
    assert GAME.to_move(state) == DEALER
    for _ in range(6):
        state = GAME.apply(state, GAME.legal_actions(state, GAME.to_move(state))[0])
    assert state.phase == "play" and [len(h) for h in state.hands] == [6, 6]
    assert len(state.discards[0]) == 6 and GAME.view(state, 1).face(state.discards[0][0]) is None


def test_following_suit_or_trumping():
    state = GAME.apply(dealt(HANDS, "7♠"), Call("stand"))        # spades are trumps
    state = play(state, "10♣")
    legal = {a.card for a in GAME.legal_actions(state, DEALER)}
    assert legal == set(cards("J♣ K♠"))                           # follow or trump, nothing else
    r = refusal(GAME, state, Play(Card(Rank.TEN, Suit.DIAMONDS)))
    assert r.rule == "all_fours#following-suit" and "revoke" in r.reason


def test_high_low_jack_and_game_go_to_the_right_players():
    state = GAME.apply(dealt(HANDS, "7♥"), Call("stand"))         # hearts: A♥ 2♥ (A), J♥ 5♥ (B)
    state = play(state, "2♥", "J♥",      # B wins the knave; the two of hearts is still A's Low
                 "K♠", "Q♠", "J♣", "3♣", "10♦", "A♦", "10♣", "4♦", "A♥", "5♥")
    lines = [(l.side, l.text) for l in state.sheet.lines]
    assert lines[0] == (0, "A: 1 for High, the ace of hearts")
    assert lines[1] == (0, "A: 1 for Low, the two of hearts")
    assert lines[2] == (1, "B: 1 for Jack, the knave of trumps")
    assert lines[3] == (0, "A: 1 for Game (28 to 7)")
    assert [l.rule for l in state.sheet.lines] == ["all_fours#high", "all_fours#low", "all_fours#jack",
                                                   "all_fours#game-point"]


def test_the_game_point_count_and_ties():
    state = GAME.apply(dealt(HANDS, "7♥"), Call("stand"))
    ids = {c: i for i, c in enumerate(state.deck)}
    tricks = [(0, [ids[c] for c in cards("10♣ A♦ Q♥")]), (1, [ids[c] for c in cards("K♠ J♣ 10♦")])]
    points = GAME.points(state, tricks, [])
    assert points[-1] == ("game", 0, "Game (16 to 14)")           # the book's 16 beats 14
    even = [(0, [ids[c] for c in cards("10♣")]), (1, [ids[c] for c in cards("10♦")])]
    assert GAME.points(state, even, [])[-1][1] == 0               # equal: the elder hand
    nothing = [(1, [ids[c] for c in cards("2♣ 3♦")])]
    assert GAME.points(state, nothing, [])[-1][1] == 0            # nothing counts: the elder hand


def test_one_trump_out_is_both_high_and_low():
    state = GAME.apply(dealt(HANDS, "7♥"), Call("stand"))
    ids = {c: i for i, c in enumerate(state.deck)}
    tricks = [(1, [ids[Card(Rank.FIVE, Suit.HEARTS)], ids[Card(Rank.THREE, Suit.CLUBS)]])]
    points = GAME.points(state, tricks, [(1, ids[Card(Rank.FIVE, Suit.HEARTS)]),
                                         (0, ids[Card(Rank.THREE, Suit.CLUBS)])])
    assert points[0][:2] == ("high", 1) and points[1][:2] == ("low", 1)


def test_seven_points_win_in_the_order_of_scoring():
    state = GAME.apply(dealt(HANDS, "7♥"), Call("stand"))
    state = replace(state, sheet=replace(state.sheet, totals=(6, 6)))
    state = play(state, "2♥", "J♥", "K♠", "Q♠", "J♣", "3♣", "10♦", "A♦", "10♣", "4♦", "A♥", "5♥")
    assert state.phase == "over" and state.winners == (0,)         # High came first
    assert state.result_rule == "all_fours#the-game"
    assert GAME.outcome(state).results == (1.0, 0.0)


def test_illegal_actions_cite_their_law():
    state = dealt(HANDS, "7♥")
    assert refusal(GAME, state, Call("give")).rule == "all_fours#begging"        # nobody begged
    assert refusal(GAME, state, Play(Card(Rank.ACE, Suit.HEARTS))).rule == "all_fours#the-play"
    assert refusal(GAME, state, Discard(Card(Rank.ACE, Suit.HEARTS))).rule == "all_fours#running-the-cards"
    begged = GAME.apply(state, Call("beg"))
    assert refusal(GAME, begged, Call("beg")).rule == "all_fours#begging"       # the dealer may not beg
    playing = GAME.apply(state, Call("stand"))
    assert refusal(GAME, playing, Call("run")).rule == "all_fours#the-play"
    assert refusal(GAME, playing, Play(Card(Rank.JACK, Suit.HEARTS))).rule == "all_fours#the-play"  # B's


def test_legal_actions():
    state = dealt(HANDS, "7♥")
    assert GAME.legal_actions(state, ELDER) == (Call("stand"), Call("beg"))
    assert GAME.legal_actions(state, DEALER) == ()
    state = GAME.apply(state, Call("stand"))
    assert len(GAME.legal_actions(state, ELDER)) == 6
    state = play(state, "A♦")
    assert {a.card for a in GAME.legal_actions(state, DEALER)} == set(cards("10♦ 4♦ J♥ 5♥"))
    assert GAME.action_from_str(state, "play 10D") == Play(Card(Rank.TEN, Suit.DIAMONDS))


def test_views_and_redeals_keep_to_what_a_seat_knows():
    for game in (GAME, FOUR_HANDED):
        def check(session, game=game):
            state = session.state
            if not state.deck:
                return
            for seat in range(state.n):
                assert game.view(rotate_hidden(game, state, seat), seat) == game.view(state, seat)
                if game.to_move(state) == seat:
                    check_determinize(game, state, seat)
        random_playout(game, 5, max_steps=80, check=check)


def test_a_whole_game_reaches_seven():
    session = random_playout(GAME, 9, max_steps=3000)
    assert session.to_move() is Special.TERMINAL
    assert max(session.state.sheet.totals) >= 7
