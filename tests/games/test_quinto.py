"""Quinto and Dummy Quinto: the cachette and the deal, doubling once round, trumping by the order
of the suits, the Quint Royal, quints scored as the cards fall, game at 250 in the middle of a
hand, the rubber, and the book's figures (A B 11 tricks and Y Z 2 score 55 and 10)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from compendium.ai.registry import computer_player
from compendium.ai.tricks.quinto import QuintoPlayer
from compendium.core.cards import JOKER, Suit
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.tricks.engine import Call, Play
from compendium.games.tricks.quinto import DUMMY, GAME, quints_in
from compendium.games.tricks.scoresheet import Sheet

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, play_tricks, rotate_hidden, stacked

A, Y, B, Z = 0, 1, 2, 3

# A deal in which A-B take ten tricks and the cachette (eleven "tricks") and Y-Z two.
HANDS = {
    A: "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 2♠ 3♠",
    Y: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 2♣ 3♣",
    B: "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 2♦",
    Z: "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦",
}
CACHETTE = "4♥ 3♥ 2♥ 4♠ JOKER"
ROWS = [("2♠", "A♠", "2♦", "3♦"),      # Z wins: the diamond beats the club and the spade
        ("3♠", "5♠", "4♣", "4♦"),      # Z leads and wins; the club, lower than a diamond, cannot
        ("6♥", "6♠", "5♣", "5♦"),      # the heart beats the diamond led
        ("A♥", "K♠", "A♣", "A♦"), ("K♥", "Q♠", "K♣", "K♦"), ("Q♥", "J♠", "Q♣", "Q♦"),
        ("J♥", "10♠", "J♣", "J♦"), ("10♥", "9♠", "10♣", "10♦"), ("9♥", "8♠", "9♣", "9♦"),
        ("8♥", "7♠", "8♣", "8♦"), ("7♥", "2♣", "7♣", "7♦"), ("5♥", "3♣", "6♣", "6♦")]
WINNERS = [Z, Z] + [A] * 10


def order_for(hands: dict[int, str], cachette: str, dealer: int = Z) -> list:
    """The pack from the top: the five of the cachette, then one card at a time from the left."""
    held = {s: cards(t) for s, t in hands.items()}
    order = cards(cachette)
    for j in range(12):
        for m in range(4):
            order.append(held[(dealer + 1 + m) % 4][j])
    return order


def dealt(game=GAME, options=None, hands=HANDS, cachette=CACHETTE, dealer=Z):
    return stacked(game, options or {}, order_for(hands, cachette, dealer), dealer=dealer)


def say(state, *words, game=GAME):
    for w in words:
        state = game.apply(state, Call(w))
    return state


def played(state, rows=ROWS, game=GAME):
    return play_tricks(game, state, rows, (A, Y, B, Z))


def points(state, deal: int = 1) -> dict[str, int]:
    return {line.text: line.points for line in state.sheet.lines_of_deal(deal)}


# -- the deal and the doubling ------------------------------------------------------------------------
def test_the_cachette_and_twelve_cards_each():
    state = dealt()
    assert [state.deck[i] for i in state.stock] == cards(CACHETTE)
    assert all(len(h) == 12 for h in state.hands) and state.trump is None and state.turnup is None
    view = GAME.view(state, A)
    assert all(view.face(i) is None for i in state.stock)            # face down, seen by nobody
    assert state.phase == "doubling" and GAME.to_move(state) == A   # the eldest speaks first


def test_doubling_goes_round_once_and_only_the_other_side_redoubles():
    state = dealt()
    assert GAME.legal_actions(state, A) == (Call("pass"), Call("double"))
    state = say(state, "pass", "double")                              # Y doubles
    assert GAME.legal_actions(state, B) == (Call("pass"), Call("redouble"))
    state = say(state, "pass")
    assert GAME.legal_actions(state, Z) == (Call("pass"),)            # Z may not redouble his partner
    state = say(state, "pass")
    assert state.phase == "play" and state.contract.multiplier == 2 and GAME.to_move(state) == A


def test_a_double_by_the_last_speaker_cannot_be_redoubled():
    state = say(dealt(), "pass", "pass", "pass", "double")
    assert state.phase == "play" and state.contract.multiplier == 2


# -- the book's figures -----------------------------------------------------------------------------
def test_eleven_tricks_to_two_score_55_and_10():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    state, winners = played(state)
    assert winners == WINNERS
    lines = points(state)
    assert lines["A–B 55: 11 tricks with the cachette at 5"] == 55
    assert lines["Y–Z 10: 2 tricks at 5"] == 10
    assert sum(1 for t in state.tricks if t.winner in (A, B)) == 10       # ten won in play + cachette


def test_the_quints_of_that_deal_and_the_cachette():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    state, _ = played(state)
    lines = state.sheet.lines_of_deal(1)
    quints = [(l.side, l.points) for l in lines if "quint" in l.text or "cachette," in l.text]
    assert quints == [(1, 15),            # trick 1: deuce and trey of diamonds, won by Z
                      (1, 5),             # trick 2: the five of spades, won by Z
                      (0, 15), (0, 10),   # trick 3: the fives of diamonds and clubs, won by A
                      (0, 20),            # trick 12: the five of hearts
                      (0, 20), (0, 25)]   # the cachette: deuce and trey of hearts, Quint Royal
    assert state.sheet.totals == (90 + 55, 20 + 10)
    assert GAME.to_move(state) is Special.CHANCE                     # no game yet: deal again
    assert [state.deck[i] for i in state.shown] == cards(CACHETTE)   # the cachette turned up


def test_doubling_and_redoubling_multiply_the_tricks_not_the_quints():
    state, _ = played(say(dealt(), "pass", "double", "pass", "pass"))
    assert points(state)["A–B 110: 11 tricks with the cachette at 10"] == 110
    assert state.sheet.totals == (90 + 110, 20 + 20)
    state, _ = played(say(dealt(), "pass", "double", "redouble", "pass"))
    assert state.fact("rubber_points") == (90 + 220, 20 + 40)   # 310: game, the tricks counted last
    assert state.sheet.games == (1, 0) and state.phase == "deal" and state.sheet.totals == (0, 0)


# -- quints ---------------------------------------------------------------------------------------------
def test_what_makes_a_quint():
    assert quints_in(cards("5♠ 9♦ K♣ 2♥")) == [("the five of spades", 5)]
    assert quints_in(cards("A♦ 4♦ 9♣ 3♥")) == [("ace and four of diamonds", 15)]
    assert quints_in(cards("2♥ 3♥ 5♥ 7♣")) == [("the five of hearts", 20), ("deuce and trey of hearts", 20)]
    assert quints_in(cards("A♣ 4♦ 2♠ 3♣")) == []          # the pairs must be of one suit
    assert quints_in(cards("A♥ 4♥ 2♥ 3♥")) == [("ace and four of hearts", 20), ("deuce and trey of hearts", 20)]


def test_quints_count_as_they_fall_to_the_trick_winners():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    state, _ = played(state, ROWS[:1])
    assert state.sheet.totals == (0, 15)       # dealt to B and Z, taken by Z's side at once
    state, _ = played(state, ROWS[1:3])
    assert state.sheet.totals == (25, 20)


def test_quints_make_game_in_the_middle_of_the_hand():
    state = say(dealt(options={"match": "game"}), "pass", "pass", "pass", "pass")
    state = replace(state, sheet=Sheet((230, 100), (), (0, 0)))
    state, _ = played(state, ROWS[:3])
    assert state.phase == "over" and len(state.tricks) == 3          # the rest is abandoned
    outcome = GAME.outcome(state)
    assert outcome.winners == (A, B) and outcome.scores == (255, 120, 255, 120)
    assert "by quints in the middle of the hand" in outcome.reason


def test_a_rubber_is_two_games_and_worth_100():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    state = replace(state, sheet=Sheet((230, 100), (), (0, 0)))
    state, _ = played(state, ROWS[:3])                               # A-B win the first game
    assert state.phase == "deal" and state.sheet.games == (1, 0) and state.sheet.totals == (0, 0)
    assert state.fact("rubber_points") == (255, 120)
    second = GAME.deal_from(state, order_for(HANDS, CACHETTE, Z), Z)
    second = say(second, "pass", "pass", "pass", "pass")
    second = replace(second, sheet=Sheet((240, 0), second.sheet.lines, second.sheet.games))
    second, _ = played(second, ROWS[:3])
    assert second.phase == "over" and second.sheet.games == (2, 0)
    outcome = GAME.outcome(second)
    assert outcome.winners == (A, B)
    assert outcome.scores[A] == 255 + 265 + 100 and outcome.scores[Y] == 120 + 20
    assert "win the rubber by 2 games to 0" in outcome.reason


def test_the_cachette_can_make_game_and_then_the_tricks_are_not_counted():
    state = say(dealt(options={"match": "game"}), "pass", "pass", "pass", "pass")
    state, _ = played(state, ROWS[:11])
    state = replace(state, sheet=Sheet((220, 30), state.sheet.lines, (0, 0)))
    state, _ = played(state, ROWS[11:])                              # ♥5: 240, then the cachette 45
    assert state.phase == "over" and state.sheet.totals == (285, 30)
    assert not any("tricks" in l.text for l in state.sheet.lines_of_deal(1))
    assert "by the cachette" in state.result


def test_when_the_tricks_carry_both_sides_past_250_the_higher_wins():
    state = say(dealt(options={"match": "game"}), "pass", "pass", "pass", "pass")
    state, _ = played(state, ROWS[:11])
    state = replace(state, sheet=Sheet((150, 245), state.sheet.lines, (0, 0)))
    state, _ = played(state, ROWS[11:])       # ♥5 20, the cachette 45, then 55 and 10
    assert state.sheet.totals == (270, 255) and state.winners == (0,)
    assert "after the tricks were counted" in state.result


# -- Quint Royal --------------------------------------------------------------------------------------
ROYAL_HANDS = {**HANDS, B: "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ JOKER"}
ROYAL_CACHETTE = "4♥ 3♥ 2♥ 4♠ 2♦"


def test_quint_royal_scores_only_on_a_partners_trick():
    state = say(dealt(hands=ROYAL_HANDS, cachette=ROYAL_CACHETTE), "pass", "pass", "pass", "pass")
    won, _ = played(state, [("6♥", "A♠", "JOKER", "3♦")])           # A wins, B throws Quint Royal
    assert won.tricks[0].winner == A and won.sheet.totals == (25, 0)
    lost, _ = played(state, [("2♠", "A♠", "JOKER", "3♦")])          # Z wins: it is wasted
    assert lost.tricks[0].winner == Z and lost.sheet.totals == (0, 0)


def test_quint_royal_may_be_played_even_holding_the_suit_led():
    state = say(dealt(hands=ROYAL_HANDS, cachette=ROYAL_CACHETTE), "pass", "pass", "pass", "pass")
    clubs_led = replace(state, turn=Y, leader=Y)                     # as if Y had the lead
    clubs_led = GAME.apply(clubs_led, Play(cards("3♣")[0]))
    legal = {a.card for a in GAME.legal_actions(clubs_led, B)}
    assert JOKER in legal and all(c.suit is Suit.CLUBS for c in legal if c != JOKER)
    after = GAME.apply(clubs_led, Play(JOKER))
    assert after.turn == Z


def test_quint_royal_led_lets_the_next_card_set_the_suit():
    hands = dict(ROYAL_HANDS)
    state = say(dealt(hands=hands, cachette=ROYAL_CACHETTE, dealer=Y), "pass", "pass", "pass", "pass")
    assert GAME.to_move(state) == B                                  # the dealer's left leads
    state = GAME.apply(state, Play(JOKER))
    assert len(GAME.legal_actions(state, Z)) == 12                   # any card may follow it
    state = GAME.apply(state, Play(cards("3♦")[0]))
    assert {a.card.suit for a in GAME.legal_actions(state, A)} == {Suit.HEARTS, Suit.SPADES}  # void in ♦
    state = GAME.apply(state, Play(cards("2♠")[0]))
    assert {a.card for a in GAME.legal_actions(state, Y)} == set(cards("2♣ 3♣")) | set(
        cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠"))                    # Y holds no diamond
    state = GAME.apply(state, Play(cards("2♣")[0]))
    assert state.tricks[0].winner == Z and state.sheet.totals == (0, 0)


# -- legal and illegal actions with their laws ----------------------------------------------------------
def test_five_legal_actions():
    state = dealt()
    assert Call("double") in GAME.legal_actions(state, A)                          # doubling
    state = say(state, "double")
    assert Call("redouble") in GAME.legal_actions(state, Y)                        # redoubling
    state = say(state, "pass", "pass", "pass")
    assert Play(cards("2♠")[0]) in GAME.legal_actions(state, A)                     # any lead
    state = GAME.apply(state, Play(cards("2♠")[0]))
    assert GAME.legal_actions(state, Y) == tuple(Play(c) for c in cards(HANDS[Y])[:10])  # follow
    state = GAME.apply(state, Play(cards("A♠")[0]))
    assert Play(cards("2♦")[0]) in GAME.legal_actions(state, B)                     # void: trump up


def test_five_illegal_actions_cite_their_laws():
    state = dealt()
    assert refusal(GAME, state, Call("redouble")).rule == "quinto#doubling"        # nothing to redouble
    assert refusal(GAME, state, Play(cards("2♠")[0])).rule == "quinto#the-play"     # before the doubling ends
    doubled = say(state, "double")
    assert refusal(GAME, say(doubled, "pass"), Call("redouble")).rule == "quinto#doubling"  # partner's double
    assert refusal(GAME, doubled, Call("double")).rule == "quinto#doubling"         # a second double
    playing = say(doubled, "pass", "pass", "pass")
    assert refusal(GAME, playing, Call("double")).rule == "quinto#the-play"         # too late to double
    assert refusal(GAME, playing, Play(cards("A♠")[0])).rule == "quinto#the-play"   # not in A's hand
    led = GAME.apply(playing, Play(cards("2♠")[0]))
    err = refusal(GAME, led, Play(cards("2♣")[0]))                                  # Y must follow
    assert err.rule == "quinto#following-suit" and "revoke" in err.reason


def test_the_ace_of_hearts_beats_everything_and_a_lower_suit_never_wins():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    state, winners = played(state, ROWS[:3])
    assert winners == [Z, Z, A]
    assert state.tricks[1].winner == Z       # ♦4 led: the ♣4 thrown on it cannot win


# -- Dummy Quinto -------------------------------------------------------------------------------------
def test_dummy_quinto_handicap_and_first_deal():
    session = Session(DUMMY, {}, seed=5)
    state = session.state
    assert state.sheet.totals == (25, 0)                       # the dummy-player starts 25 behind
    assert state.dealer == Y and DUMMY.to_move(state) == B     # Y deals; B speaks and leads
    assert DUMMY.seat_count(state) == 3


def test_dummy_is_played_by_its_partner_and_lies_face_up():
    state = dealt(DUMMY, dealer=Y)
    assert DUMMY.to_move(state) == B
    state = say(state, "pass", game=DUMMY)                       # B, then Dummy's turn to speak
    assert state.turn == Z and DUMMY.to_move(state) == Y
    assert DUMMY.legal_actions(state, Y) and not DUMMY.legal_actions(state, Z)
    state = say(state, "pass", "pass", "pass", game=DUMMY)
    assert state.phase == "play" and state.exposed == (Z,)
    view = DUMMY.view(state, A)
    assert all(view.face(i) is not None for i in state.hands[state.owners.index(Z)])


def test_the_dummy_player_doubles_from_the_leading_hand_only_after_an_opponents_deal():
    state = dealt(DUMMY, dealer=B)                       # an opponent deals: Dummy (Z) leads
    view = DUMMY.view(state, Y)
    assert all(view.face(i) is not None for i in state.hands[state.owners.index(Z)])
    assert all(view.face(i) is None for i in state.hands[state.owners.index(Y)])
    mine = dealt(DUMMY, dealer=Y)                        # his own deal: he sees both hands
    view = DUMMY.view(mine, Y)
    assert all(view.face(i) is not None for k in (Y, Z) for i in mine.hands[mine.owners.index(k)])


# Y holds a diamond and Z a club, so that the dummy (Z) has a suit to follow and Y a card the
# dummy does not hold; B deals last, A leads.  (Y's 3♣ and Z's 3♦ of HANDS changed places.)
DUMMY_HANDS = {**HANDS, Y: "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 2♣ 3♦",
               Z: "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♣"}


def dummy_in_play(dealer=Y):
    state = say(dealt(DUMMY, hands=DUMMY_HANDS, dealer=dealer), "pass", "pass", "pass", "pass", game=DUMMY)
    assert state.phase == "play"
    return state


def test_the_controller_hook_names_who_acts_for_each_seat():
    state = dummy_in_play()
    assert [DUMMY.controller(state, s) for s in (A, Y, B, Z)] == [A, Y, B, Y]
    four = say(dealt(), "pass", "pass", "pass", "pass")
    assert [GAME.controller(four, s) for s in (A, Y, B, Z)] == [A, Y, B, Z]   # nobody plays for another


def test_the_dummy_player_plays_each_hand_in_its_own_turn():
    state = dummy_in_play()                              # Y dealt: B leads, then Z, A, Y
    state = DUMMY.apply(state, Play(cards("A♣")[0]))     # B leads a club
    assert state.turn == Z and DUMMY.to_move(state) == Y
    # the dummy holds a club: it must follow like any hand, and only Y may play its card
    assert DUMMY.legal_actions(state, Y) == (Play(cards("3♣")[0]),)
    assert DUMMY.legal_actions(state, Z) == () and DUMMY.legal_actions(state, A) == ()
    err = refusal(DUMMY, state, Play(cards("A♦")[0]))
    assert err.rule == "quinto_dummy#following-suit" and "revoke" in err.reason
    err = refusal(DUMMY, state, Play(cards("2♣")[0]))    # Y's own club, in the dummy's turn
    assert err.rule == "quinto_dummy#the-dummy" and "dummy's turn" in err.reason
    err = refusal(DUMMY, state, Play(cards("A♥")[0]))    # in A's hand: in neither of Y's
    assert err.rule == "quinto_dummy#the-play" and "dummy's hand" in err.reason
    assert DUMMY.describe(state, Play(cards("3♣")[0])) == "Y plays the three of clubs from the dummy"
    state = DUMMY.apply(state, Play(cards("3♣")[0]))
    state = DUMMY.apply(state, Play(cards("2♠")[0]))     # A
    assert state.turn == Y and DUMMY.to_move(state) == Y
    err = refusal(DUMMY, state, Play(cards("K♦")[0]))    # the dummy's card, in Y's own turn
    assert err.rule == "quinto_dummy#the-dummy" and "own turn" in err.reason
    assert DUMMY.describe(state, Play(cards("2♣")[0])) == "Y plays the two of clubs"
    state = DUMMY.apply(state, Play(cards("2♣")[0]))
    assert state.tricks[-1].winner == B


def test_the_dummy_player_speaks_for_the_dummy():
    state = dealt(DUMMY, hands=DUMMY_HANDS, dealer=Y)
    state = say(state, "double", game=DUMMY)             # B doubles; the dummy's word is Y's
    assert state.turn == Z and DUMMY.legal_actions(state, Y) == (Call("pass"), Call("redouble"))
    assert DUMMY.describe(state, Call("redouble")) == "Y for the dummy: Redouble"
    state = say(state, "redouble", game=DUMMY)
    assert state.calls[-1] == (Z, "redouble") and state.contract.multiplier == 4


def test_the_table_note_tells_the_dummy_player_only():
    state = dummy_in_play()
    assert DUMMY.table_notes(DUMMY.view(state, Y)) == ["You play the Dummy's cards too"]
    assert DUMMY.table_notes(DUMMY.view(state, A)) == [] and DUMMY.table_notes(DUMMY.view(state, B)) == []


@pytest.mark.parametrize("level", [1, 2])
def test_the_computer_plays_the_dummy_from_its_partners_view(level):
    state = DUMMY.apply(dummy_in_play(), Play(cards("K♣")[0]))
    view = DUMMY.view(state, Y)                          # the dummy's turn: Y decides for it
    legal = list(DUMMY.legal_actions(state, Y))
    assert QuintoPlayer(level).choose(DUMMY, view, legal) == Play(cards("3♣")[0])   # its only club
    state = DUMMY.apply(DUMMY.apply(state, Play(cards("3♣")[0])), Play(cards("2♠")[0]))
    state = DUMMY.apply(DUMMY.apply(state, Play(cards("2♣")[0])), Play(cards("Q♣")[0]))  # B leads again
    legal = list(DUMMY.legal_actions(state, Y))
    assert len(legal) == 11                              # void in clubs: any diamond
    choice = QuintoPlayer(level).choose(DUMMY, DUMMY.view(state, Y), legal)
    assert choice in legal and choice == QuintoPlayer(level).choose(DUMMY, DUMMY.view(state, Y), legal)


def test_the_quinto_player_is_the_shared_tricks_player_with_its_own_levels():
    from compendium.ai.tricks.base import TricksPlayer
    player = computer_player(DUMMY, 3)
    assert isinstance(player, QuintoPlayer) and isinstance(player, TricksPlayer)
    assert player.levels[1][:2] == (2, 1) and player.levels[3][:2] == (32, 2)
    with pytest.raises(ValueError, match="no level 4"):
        QuintoPlayer(4)


# -- the views and the computer -------------------------------------------------------------------------
def test_views_hide_what_a_seat_cannot_see():
    state = say(dealt(), "pass", "pass", "pass", "pass")
    state, _ = played(state, ROWS[:2])
    for seat in (A, Y):
        assert GAME.view(rotate_hidden(GAME, state, seat), seat) == GAME.view(state, seat)
        check_determinize(GAME, state, seat)


def test_a_void_is_not_inferred_from_quint_royal():
    state = say(dealt(hands=ROYAL_HANDS, cachette=ROYAL_CACHETTE), "pass", "pass", "pass", "pass")
    state = GAME.apply(state, Play(cards("6♥")[0]))
    state = GAME.apply(state, Play(cards("A♠")[0]))
    state = GAME.apply(state, Play(JOKER))
    voids = GAME.voids(state)
    assert voids == {state.owners.index(Y): {Suit.HEARTS}}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_computer_plays_a_legal_card_and_doubles_or_passes(level):
    state = dealt()
    player = QuintoPlayer(level)
    call = player.choose(GAME, GAME.view(state, A), list(GAME.legal_actions(state, A)))
    assert call in GAME.legal_actions(state, A)
    state = say(state, "pass", "pass", "pass", "pass")
    state = GAME.apply(state, Play(cards("2♠")[0]))
    card = player.choose(GAME, GAME.view(state, Y), list(GAME.legal_actions(state, Y)))
    assert card in GAME.legal_actions(state, Y)


def test_the_computer_throws_quint_royal_on_its_partners_sure_trick():
    state = say(dealt(hands=ROYAL_HANDS, cachette=ROYAL_CACHETTE), "pass", "pass", "pass", "pass")
    state = GAME.apply(state, Play(cards("A♥")[0]))       # the ace of hearts cannot be beaten
    state = GAME.apply(state, Play(cards("K♠")[0]))
    choice = QuintoPlayer(2).choose(GAME, GAME.view(state, B), list(GAME.legal_actions(state, B)))
    assert choice == Play(JOKER)


def test_a_strong_hand_doubles():
    strong = {**HANDS, A: "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 2♠ 3♠"}
    state = dealt(hands=strong)
    assert QuintoPlayer(3).choose(GAME, GAME.view(state, A), list(GAME.legal_actions(state, A))) == Call("double")


def test_dummy_game_is_played_by_the_computer_to_the_end():
    from compendium.demo import play_demo
    result = play_demo(DUMMY, 4, level=1)
    outcome = result.session.outcome()
    assert outcome is not None and len(outcome.results) == 3
    assert max(outcome.scores) >= 250


def test_action_text():
    state = dealt()
    assert GAME.action_from_str(state, "redouble") == Call("redouble")
    assert GAME.action_from_str(state, "play joker") == Play(JOKER)
    assert GAME.action_to_str(Play(JOKER)) == "play JOKER"
    assert GAME.describe(say(state, "pass", "pass", "pass", "pass"), Play(JOKER)) == "A plays Quint Royal"
