"""Solo Whist for three (the forty-card pack, the turn-up out of play, no proposal, the six-trick
abundance when all pass, the optional overcalling) and Kimberly Solo (no proposal, the six-trick
solo in another suit when all pass): legal and illegal calls with their laws, and the payments."""
from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from compendium.ai.tricks.base import TricksPlayer
from compendium.core.cards import PACKS, Rank, Suit
from compendium.core.game import Special
from compendium.games.tricks.engine import Call, Play
from compendium.games.tricks.solo_variants import KIMBERLY, THREE
from compendium.games.tricks.solo_whist import SoloContract
from tests.games.conformance import random_playout

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, stacked
from .tricks_helpers import random_position as _position


def order_for(hands: dict[int, str], dealer: int, turnup: str | None = None) -> list:
    """The pack order that deals these hands by threes and then one each, from the dealer's
    left; at three, the turn-up (the fortieth card) last."""
    n = len(hands)
    held = {s: cards(t) for s, t in hands.items()}
    seats = [(dealer + 1 + k) % n for k in range(n)]
    order = []
    for packet in range(4):
        for s in seats:
            order += held[s][3 * packet:3 * packet + 3]
    for s in seats:
        order.append(held[s][12])
    if turnup is not None:
        order += cards(turnup)
    return order


def say(game, state, *words):
    for w in words:
        state = game.apply(state, game.action_from_str(state, w))
    return state


def play_out(game, state):
    while game.to_move(state) not in (Special.CHANCE, Special.TERMINAL):
        seat = game.to_move(state)
        state = game.apply(state, game.legal_actions(state, seat)[0])
    return state


def words(game, state):
    return [game.action_to_str(a) for a in game.legal_actions(state, game.to_move(state))]


def deal_totals(state, deal_no=1):
    out = [0] * state.n
    for line in state.sheet.lines_of_deal(deal_no):
        out[line.side] += line.points
    return out


# -- Solo Whist for three ----------------------------------------------------------------------
A, B, C = 0, 1, 2
# A holds the top spades and hearts: a certain solo; C deals, so A is eldest and leads.
THREE_HANDS = {
    A: "A♠ K♠ Q♠ J♠ 10♠ A♥ K♥ Q♥ J♥ 10♥ A♦ K♦ Q♦",
    B: "9♠ 8♠ 7♠ 6♠ 5♠ 9♥ 8♥ 7♥ 6♥ 5♥ J♦ 10♦ 9♦",
    C: "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 8♦ 7♦ 6♦",
}


def three_deal(options=None, turnup="5♦"):
    return stacked(THREE, options or {}, order_for(THREE_HANDS, C, turnup), dealer=C)


def test_three_the_pack_of_forty_and_the_turn_up_out_of_play():
    assert len(PACKS["40"]) == 40
    assert not any(c.rank in (Rank.TWO, Rank.THREE, Rank.FOUR) for c in PACKS["40"])
    state = three_deal()
    assert [len(h) for h in state.hands] == [13, 13, 13]
    assert state.deck[state.turnup] == cards("5♦")[0] and state.trump is Suit.DIAMONDS
    assert all(state.turnup not in h for h in state.hands)
    assert THREE.view(state, B).cards[state.turnup].face == cards("5♦")[0]     # everyone sees it


def test_three_legal_solo_is_the_lowest_call():
    state = three_deal()
    assert THREE.to_move(state) == A
    assert words(THREE, state) == ["pass", "solo", "misere", "abundance", "open-misere", "declared"]
    state = say(THREE, state, "solo")
    assert words(THREE, state) == ["pass", "misere", "abundance", "open-misere", "declared"]


def test_three_legal_a_solo_passed_by_the_others_is_played_from_the_eldest_lead():
    state = say(THREE, three_deal(), "solo", "pass", "pass")
    assert state.phase == "play" and state.contract == SoloContract("solo", A)
    assert THREE.to_move(state) == A and state.trump is Suit.DIAMONDS


def test_three_legal_when_all_pass_the_trump_is_turned_down_and_six_may_be_called():
    state = say(THREE, three_deal(), "pass", "pass", "pass")
    assert state.phase == "auction" and state.trump is None and not state.turnup_on_table
    assert THREE.to_move(state) == A and words(THREE, state) == ["pass", "six"]
    state = say(THREE, state, "pass", "six")
    assert state.phase == "trumps" and THREE.to_move(state) == B                # at once: his
    assert words(THREE, state) == ["trumps C", "trumps D", "trumps H", "trumps S"]
    state = say(THREE, state, "trumps H")
    assert state.trump is Suit.HEARTS and state.phase == "play" and THREE.to_move(state) == A


def test_three_legal_overcalling_by_agreement():
    state = say(THREE, three_deal({"overcalls": True}), "pass", "pass", "pass")
    assert words(THREE, state) == ["pass", "six", "seven", "eight", "misere"]
    state = say(THREE, state, "seven")
    assert words(THREE, state) == ["pass", "eight", "misere"]                    # misère over eight
    state = say(THREE, state, "eight", "pass", "pass")
    assert state.phase == "trumps" and state.contract == SoloContract("eight", B)


def test_three_legal_all_pass_twice_throws_the_hand_in():
    state = say(THREE, three_deal(), "pass", "pass", "pass", "pass", "pass", "pass")
    assert THREE.to_move(state) is Special.CHANCE and state.sheet.totals == (0, 0, 0)


def test_three_illegal_calls_cite_their_law():
    state = three_deal()
    assert refusal(THREE, state, Call("propose")).rule == "solo_whist_three_handed#the-calls"
    assert refusal(THREE, state, Call("six")).rule == "solo_whist_three_handed#when-all-pass"
    assert refusal(THREE, state, Play(cards("A♠")[0])).rule == "solo_whist_three_handed#the-play"
    assert refusal(THREE, say(THREE, state, "misere"), Call("solo")).rule == "solo_whist_three_handed#the-calls"
    second = say(THREE, state, "pass", "pass", "pass")
    assert refusal(THREE, second, Call("solo")).rule == "solo_whist_three_handed#when-all-pass"
    assert refusal(THREE, second, Call("seven")).rule == "solo_whist_three_handed#when-all-pass"
    assert refusal(THREE, second, Call("trumps", Suit.CLUBS)).rule == "solo_whist_three_handed#abundance"
    playing = say(THREE, state, "solo", "pass", "pass")
    assert refusal(THREE, playing, Play(cards("9♠")[0])).rule == "solo_whist_three_handed#the-play"


def test_three_payments_each_opponent_pays_the_caller():
    state = play_out(THREE, say(THREE, three_deal(), "solo", "pass", "pass"))
    taken = sum(1 for t in state.tricks if t.winner == A)
    assert taken >= 5
    stake = 2 + (taken - 5)                              # solo 2, and one a trick over five
    assert deal_totals(state) == [2 * stake, -stake, -stake]
    contract = SoloContract("solo", A)
    assert THREE.payments(state, contract, 5) == [4, -2, -2]
    assert THREE.payments(state, contract, 3) == [-8, 4, 4]                  # two under: 2 + 2
    assert THREE.payments(state, SoloContract("misere", B), 0) == [-3, 6, -3]
    assert THREE.payments(state, SoloContract("six", C), 6) == [-2, -2, 4]
    assert THREE.payments(state, SoloContract("eight", C), 7) == [3, 3, -6]


def test_three_random_games_balance_and_redeal_consistently():
    for seed in range(1, 5):
        for options in ({}, {"overcalls": True}):
            state = random_playout(THREE, seed, max_steps=4000, options=options).state
            assert state.phase == "over" and sum(state.sheet.totals) == 0
            assert Counter(state.deck) == Counter(PACKS["40"])
    state = say(THREE, three_deal(), "solo", "pass", "pass")
    state = THREE.apply(state, Play(cards("A♠")[0]))
    check_determinize(THREE, state, B)


# -- Kimberly Solo ---------------------------------------------------------------------------------
A4, Y, B4, Z = 0, 1, 2, 3
KIM_HANDS = {
    A4: "A♠ K♠ Q♠ J♠ 10♠ 9♠ A♥ K♥ Q♥ A♦ K♦ Q♦ A♣",
    Y: "8♠ 7♠ 6♠ 5♠ J♥ 10♥ 9♥ 8♥ J♦ 10♦ 9♦ 8♦ K♣",
    B4: "4♠ 3♠ 2♠ 7♥ 6♥ 5♥ 4♥ 7♦ 6♦ 5♦ 4♦ Q♣ J♣",
    Z: "3♥ 2♥ 3♦ 2♦ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣",
}


def kim_deal():
    return stacked(KIMBERLY, {}, order_for(KIM_HANDS, Z), dealer=Z)    # Z turns the 2♣


def test_kimberly_legal_no_proposal_solo_lowest():
    state = kim_deal()
    assert state.trump is Suit.CLUBS and KIMBERLY.to_move(state) == A4
    assert words(KIMBERLY, state) == ["pass", "solo", "misere", "abundance", "open-misere", "declared"]


def test_kimberly_legal_when_all_pass_a_six_trick_solo_in_another_suit():
    state = say(KIMBERLY, kim_deal(), "pass", "pass", "pass", "pass")
    assert state.phase == "auction" and words(KIMBERLY, state) == ["pass", "six"]
    state = say(KIMBERLY, state, "six")
    assert words(KIMBERLY, state) == ["trumps D", "trumps H", "trumps S"]     # not clubs
    state = say(KIMBERLY, state, "trumps S")
    assert state.phase == "play" and state.trump is Suit.SPADES and KIMBERLY.to_move(state) == A4
    state = play_out(KIMBERLY, state)
    taken = sum(1 for t in state.tricks if t.winner == A4)
    stake = 2 + abs(taken - 6)
    sign = 1 if taken >= 6 else -1
    assert deal_totals(state) == [sign * 3 * stake, -sign * stake, -sign * stake, -sign * stake]
    assert KIMBERLY.kind_name("six") == "Six-trick solo"


def test_kimberly_illegal_calls_cite_their_law():
    state = kim_deal()
    assert refusal(KIMBERLY, state, Call("propose")).rule == "kimberly_solo#the-calls"
    assert refusal(KIMBERLY, state, Call("accept")).rule == "kimberly_solo#the-calls"
    assert refusal(KIMBERLY, state, Call("six")).rule == "kimberly_solo#when-all-pass"
    assert refusal(KIMBERLY, state, Play(cards("A♠")[0])).rule == "kimberly_solo#the-play"
    second = say(KIMBERLY, state, "pass", "pass", "pass", "pass")
    assert refusal(KIMBERLY, second, Call("abundance")).rule == "kimberly_solo#when-all-pass"
    naming = say(KIMBERLY, second, "six")
    r = refusal(KIMBERLY, naming, Call("trumps", Suit.CLUBS))
    assert r.rule == "kimberly_solo#when-all-pass" and "clubs" in r.reason.lower()


def test_kimberly_payments_a_solo_against_three():
    state = say(KIMBERLY, kim_deal(), "solo", "pass", "pass", "pass")
    assert state.phase == "play"
    state = play_out(KIMBERLY, state)
    taken = sum(1 for t in state.tricks if t.winner == A4)
    stake = 2 + abs(taken - 5)
    sign = 1 if taken >= 5 else -1
    assert deal_totals(state) == [sign * 3 * stake, -sign * stake, -sign * stake, -sign * stake]


def test_kimberly_the_computer_names_a_suit_other_than_the_turn_up():
    state = say(KIMBERLY, kim_deal(), "pass", "pass", "pass", "pass", "pass", "pass", "pass", "six")
    assert KIMBERLY.to_move(state) == Z                                   # all clubs but four
    choice = TricksPlayer(1).choose(KIMBERLY, KIMBERLY.view(state, Z), list(KIMBERLY.legal_actions(state, Z)))
    assert choice.word == "trumps" and choice.suit is not Suit.CLUBS


def test_kimberly_random_games_balance():
    for seed in range(1, 5):
        state = random_playout(KIMBERLY, seed, max_steps=4000).state
        assert state.phase == "over" and sum(state.sheet.totals) == 0
    check_determinize(KIMBERLY, say(KIMBERLY, kim_deal(), "pass", "pass"), Y)


# -- the computer cannot peek (issue 5): a re-deal of what it cannot see never changes its choice --


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(["three", "three-overcalls", "kimberly"]), seed=st.integers(0, 10_000),
       steps=st.integers(0, 40), redeal=st.integers(0, 1 << 30))
def test_the_computer_does_not_peek(name, seed, steps, redeal):
    game = KIMBERLY if name == "kimberly" else THREE
    state = _position(game, seed, steps, {"overcalls": True} if name == "three-overcalls" else None)
    seat = game.to_move(state)
    if isinstance(seat, Special):
        return
    other = game.shuffle_unseen(state, seat, redeal)
    view = game.view(state, seat)
    assert game.view(other, seat) == view
    legal = list(game.legal_actions(state, seat))
    first = TricksPlayer(1, seed=7).choose(game, view, legal)
    assert first == TricksPlayer(1, seed=7).choose(game, game.view(other, seat), legal)
    assert first in legal
