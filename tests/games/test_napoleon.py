"""Napoleon: the calls, the dealer's one trick, trumps made by the first lead, payments and the
book's revoke penalties, each refusal with its law."""
from __future__ import annotations

from dataclasses import replace

from compendium.ai.tricks.base import TricksPlayer
from compendium.ai.tricks.napoleon import AI as NAP_AI
from compendium.ai.tricks.napoleon import hand_tricks, misery_hand, rule_of_thumb_call
from compendium.core.cards import Card, Rank, Suit, standard_pack
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games.tricks.engine import Call, Discard, Play
from compendium.games.tricks.napoleon import GAME, NapContract
from tests.games.conformance import random_playout

from .conformance import refusal
from .tricks_helpers import cards, check_determinize, rotate_hidden, round_robin_order, stacked

A, Y, B, Z = 0, 1, 2, 3


def deal(hands: dict[int, str], options=None, dealer=Z):
    n = len(hands)
    held = {s: cards(t) for s, t in hands.items()}
    used = [c for h in held.values() for c in h]
    rest = [c for c in standard_pack() if c not in used]
    return stacked(GAME, options or {}, round_robin_order(held, dealer, n, rest), dealer)


def say(state, *words):
    for w in words:
        state = GAME.apply(state, Call(w))
    return state


def play_first_legal(state):
    while GAME.to_move(state) not in (Special.CHANCE, Special.TERMINAL):
        seat = GAME.to_move(state)
        state = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    return state


def totals_of_deal(state, deal_no=1):
    out = [0] * state.n
    for line in state.sheet.lines_of_deal(deal_no):
        out[line.side] += line.points
    return out


NAP_HAND = {A: "A♠ K♠ Q♠ J♠ 10♠", Y: "2♥ 3♥ 4♥ 5♥ 7♦", B: "A♥ K♥ 2♣ 3♣ 4♣", Z: "9♠ 2♦ 3♦ 4♦ 5♦"}


# -- the calls ----------------------------------------------------------------------------------
def test_the_calls_go_round_once_from_the_dealers_left():
    state = deal(NAP_HAND)
    assert state.phase == "calls" and GAME.to_move(state) == A
    assert [a.word for a in GAME.legal_actions(state, A)] == ["pass", "two", "three", "misery", "four", "nap"]
    state = say(state, "three")
    assert [a.word for a in GAME.legal_actions(state, Y)] == ["pass", "misery", "four", "nap"]
    state = say(state, "nap")
    assert "wellington" in [a.word for a in GAME.legal_actions(state, B)]   # only over a Nap
    state = say(state, "pass", "pass")
    assert state.phase == "play" and state.contract == NapContract(Y, "nap")
    assert GAME.to_move(state) == Y                                       # the caller leads


def test_nap_made_wins_ten_from_each_and_the_first_lead_makes_trumps():
    state = say(deal(NAP_HAND), "nap", "pass", "pass", "pass")
    state = GAME.apply(state, Play(Card(Rank.ACE, Suit.SPADES)))
    assert state.trump is Suit.SPADES
    state = play_first_legal(state)
    assert totals_of_deal(state) == [30, -10, -10, -10]
    assert all("makes Nap" in line.text for line in state.sheet.lines)


def test_misery_has_no_trumps_and_fails_on_the_first_trick_taken():
    state = say(deal(NAP_HAND), "misery", "pass", "pass", "pass")
    state = GAME.apply(state, Play(Card(Rank.ACE, Suit.SPADES)))
    assert state.trump is None
    state = play_first_legal(state)
    assert state.deal_no == 1 and len(state.tricks) == 1                  # stopped at once
    assert totals_of_deal(state) == [-9, 3, 3, 3]


def test_the_dealer_held_to_one_trick_who_makes_it():
    state = say(deal(NAP_HAND), "pass", "pass", "pass")
    assert [a.word for a in GAME.legal_actions(state, Z)][:2] == ["one", "two"]   # no pass for him
    state = say(state, "one")
    for card in ("5♦", "10♠", "7♦", "2♣", "2♥", "A♥", "2♦", "J♠"):
        state = GAME.apply(state, Play(cards(card)[0]))
    assert state.tricks[0].winner == Y and state.tricks[1].winner == Z
    assert totals_of_deal(state) == [-1, -1, -1, 3]                       # one counter from each


def test_the_dealer_who_fails_at_one_pays_one_to_each():
    hands = {A: "A♠ K♠ Q♠ J♠ 10♠", Y: "A♣ K♣ Q♣ J♣ 10♣", B: "A♥ K♥ Q♥ J♥ 10♥", Z: "2♣ 3♥ 4♠ 5♦ 6♦"}
    state = say(deal(hands), "pass", "pass", "pass", "one")
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.CLUBS)))           # clubs are trumps
    state = play_first_legal(state)
    assert GAME.tricks_won(state, Z) == 0
    assert totals_of_deal(state) == [1, 1, 1, -3]


# -- the book's revoke penalties (catalogue 6.18) ---------------------------------------------------------
def test_a_caller_who_revokes_pays_his_call_to_every_opponent():
    state = say(deal(NAP_HAND, {"revokes": "penalised"}), "three", "pass", "pass", "pass")
    state = replace(state, revokes=((A, 1),))                            # found when the hand ends
    state = play_first_legal(state)
    assert totals_of_deal(state) == [-9, 3, 3, 3]                         # called three: 3 to each
    assert all(line.rule == "napoleon#revokes" for line in state.sheet.lines)


def test_another_players_revoke_replays_the_hand_then_he_pays():
    state = say(deal(NAP_HAND, {"revokes": "penalised"}), "three", "pass", "pass", "pass")
    state = GAME.apply(state, Play(Card(Rank.ACE, Suit.SPADES)))
    assert Play(Card(Rank.TWO, Suit.HEARTS)) in GAME.legal_actions(state, Y)   # may be played...
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.HEARTS)))         # ... Y has no spade: fine
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.CLUBS)))
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.DIAMONDS)))        # Z holds 9♠: a revoke
    assert state.revokes == ((Z, 1),)
    state = play_first_legal(state)
    # the hand was played again properly; A made three, so Z pays A for all three opponents
    assert state.contract.offender == Z
    assert totals_of_deal(state) == [9, 0, 0, -9]


def test_a_revoke_against_a_failing_call_is_paid_to_everyone_but_the_caller():
    state = say(deal(NAP_HAND, {"revokes": "penalised"}), "pass", "pass", "four", "pass")
    state = replace(state, revokes=((Y, 1),))
    state = play_first_legal(state)
    assert state.contract.offender == Y and GAME.tricks_won(state, B) < 4
    assert totals_of_deal(state) == [4, -8, 0, 4]


# -- legal and illegal, with their laws -------------------------------------------------------------------
def test_legal_actions():
    state = deal(NAP_HAND)
    assert Call("pass") in GAME.legal_actions(state, A)
    assert Call("nap") in GAME.legal_actions(state, A)
    state = say(state, "two", "pass", "pass", "pass")
    assert len(GAME.legal_actions(state, A)) == 5                         # any lead
    state = GAME.apply(state, Play(Card(Rank.TEN, Suit.SPADES)))
    assert GAME.legal_actions(state, Y) == tuple(Play(c) for c in cards("2♥ 3♥ 4♥ 5♥ 7♦"))  # void
    state = GAME.apply(state, Play(Card(Rank.SEVEN, Suit.DIAMONDS)))
    state = GAME.apply(state, Play(Card(Rank.TWO, Suit.CLUBS)))
    assert GAME.legal_actions(state, Z) == (Play(Card(Rank.NINE, Suit.SPADES)),)   # must follow


def test_illegal_actions_cite_their_law():
    state = deal(NAP_HAND)
    assert refusal(GAME, state, Play(Card(Rank.ACE, Suit.SPADES))).rule == "napoleon#the-play"
    assert refusal(GAME, state, Call("wellington")).rule == "napoleon#the-calls"
    assert refusal(GAME, state, Call("one")).rule == "napoleon#the-dealers-one-trick"
    assert refusal(GAME, state, Discard(Card(Rank.ACE, Suit.SPADES))).rule == "napoleon#the-calls"
    s = say(state, "three")
    assert refusal(GAME, s, Call("two")).rule == "napoleon#the-calls"      # not higher
    s = say(state, "pass", "pass", "pass")
    assert refusal(GAME, s, Call("pass")).rule == "napoleon#the-dealers-one-trick"
    s = say(s, "one")
    s = GAME.apply(s, Play(Card(Rank.NINE, Suit.SPADES)))
    assert refusal(GAME, s, Play(Card(Rank.FIVE, Suit.DIAMONDS))).rule == "napoleon#the-play"  # Z's card
    s = GAME.apply(s, Play(Card(Rank.TEN, Suit.SPADES)))
    assert refusal(GAME, s, Play(Card(Rank.ACE, Suit.SPADES))).rule == "napoleon#the-play"   # not Y's


def test_the_revoke_is_refused_by_default():
    state = say(deal(NAP_HAND), "pass", "pass", "pass", "one")
    state = GAME.apply(state, Play(Card(Rank.FIVE, Suit.DIAMONDS)))
    state = GAME.apply(state, Play(Card(Rank.TEN, Suit.SPADES)))
    r = refusal(GAME, state, Play(Card(Rank.TWO, Suit.HEARTS)))           # Y holds the 7♦
    assert r.rule == "napoleon#following-suit" and "revoke" in r.reason


# -- the whole game -----------------------------------------------------------------------------------------
def test_the_game_ends_after_the_agreed_rounds_with_the_counters_balanced():
    session = random_playout(GAME, 7, max_steps=2000, options={"players": 3, "rounds": 1})
    state = session.state
    assert state.phase == "over" and state.deal_no == 3
    assert sum(state.sheet.totals) == 0
    assert GAME.outcome(state).rule == "napoleon#scoring"


def test_a_pool_is_taken_by_a_nap():
    state = deal(NAP_HAND, {"pool": "dealer"})
    assert state.pool == 1 and state.sheet.totals[Z] == -1
    state = say(state, "nap", "pass", "pass", "pass")
    state = play_first_legal(state)
    assert state.pool == 0 and totals_of_deal(state)[A] == 31


def test_views_hide_the_other_hands():
    def check(session):
        state = session.state
        if not state.deck:
            return
        for seat in range(state.n):
            assert GAME.view(rotate_hidden(GAME, state, seat), seat) == GAME.view(state, seat)
            if GAME.to_move(state) == seat:
                check_determinize(GAME, state, seat)
    random_playout(GAME, 2, max_steps=60, check=check)
    state = Session(GAME, seed=4).state
    view = GAME.view(state, 0)
    assert sum(1 for c in view.cards if c.face is not None) == 5          # his own five only


# -- the computer's calls ---------------------------------------------------------------------------------
def hands_around(mine: str) -> dict[int, str]:
    """A's hand as given, the other three dealt from what is left (they are hidden from A)."""
    rest = [c for c in standard_pack() if c not in cards(mine)][::2]
    return {A: mine} | {s: " ".join(c.code for c in rest[(s - 1) * 5:s * 5]) for s in (Y, B, Z)}


def call_of(level: int, mine: str) -> str:
    state = deal(hands_around(mine))
    return TricksPlayer(level).choose(GAME, GAME.view(state, A), list(GAME.legal_actions(state, A))).word


def test_level_one_calls_by_counting_the_hand():
    assert hand_tricks(cards("A♠ K♠ Q♠ J♠ 2♦")) == 4            # four top trumps, a small plain card
    assert hand_tricks(cards("K♠ 3♠ A♥ 4♦ 5♣")) == 2            # a guarded king of trumps, a plain ace
    assert hand_tricks(cards("A♠ K♠ 9♠ 2♦ 3♣")) == 2.5          # the third trump is half a trick
    assert misery_hand(cards("2♠ 3♥ 4♦ 2♣ 9♥")) and not misery_hand(cards("2♠ 3♥ 4♦ 2♣ 10♥"))
    legal = GAME.legal_actions(deal(NAP_HAND), A)
    assert rule_of_thumb_call(cards("A♠ K♠ Q♠ J♠ 2♦"), legal) == Call("four")
    assert rule_of_thumb_call(cards("J♦ 9♣ 10♥ 8♠ 7♥"), legal) == Call("pass")
    after_misery = GAME.legal_actions(say(deal(NAP_HAND), "misery"), Y)
    assert rule_of_thumb_call(cards("K♠ 3♠ A♥ 4♦ 5♣"), after_misery) == Call("pass")   # two is too low
    dealer = GAME.legal_actions(say(deal(NAP_HAND), "pass", "pass", "pass"), Z)
    assert rule_of_thumb_call(cards("J♦ 9♣ 10♥ 8♠ 7♥"), dealer) == Call("one")        # held to one


def test_the_calls_are_judged_in_counters_on_the_same_worlds():
    state = deal(hands_around("A♠ K♠ Q♠ J♠ 10♠"))
    player = TricksPlayer(2)
    view = GAME.view(state, A)
    table = NAP_AI.call_table(GAME, view, A, ["three", "four", "nap"], player, player.rng_for(view))
    assert len(table) == NAP_AI.call_worlds[2][0]
    # the five top trumps make every call in every world: 3, 4 and 10 from each of three
    assert all(values == {"three": 9, "four": 12, "nap": 30} for _, values in table)
    legal = list(GAME.legal_actions(state, A))
    assert NAP_AI.best_call(GAME, table, ["three", "four", "nap"], legal, 4, 2) == Call("nap")


def test_every_level_calls_nap_on_a_hand_that_makes_it_and_passes_a_hopeless_one():
    for level in (1, 2, 3):
        assert call_of(level, "A♠ K♠ Q♠ J♠ A♥") == "nap"
    for level in (1, 3):
        assert call_of(level, "J♦ 9♣ 10♥ 8♠ 7♥") == "pass"
    assert call_of(3, "2♠ 3♠ 4♦ 5♦ 2♥") == "misery"


def test_the_rollouts_lead_as_nap_players_do():
    rng = SplitMix64(5)
    state = NAP_AI.call_trial(GAME, deal(NAP_HAND), NapContract(B, "three"), Suit.CLUBS)
    sim = NAP_AI.make_sim(GAME, state, NAP_AI.sim_rules(GAME, state))
    assert sim.turn == B and state.deck[sim.policy(B, rng)] == cards("4♣")[0]     # trumps from the top
    sim.play(B, sim.policy(B, rng))
    assert len(sim.copy().hands[B]) == 4 and type(sim.copy()) is type(sim)
    state = NAP_AI.call_trial(GAME, deal(NAP_HAND), NapContract(A, "misery"), None)
    sim = NAP_AI.make_sim(GAME, state, NAP_AI.sim_rules(GAME, state))
    assert state.deck[sim.policy(Y, rng)] == cards("2♥")[0]        # against Misery, the lowest card
