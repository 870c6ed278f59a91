"""Bézique and Rubicon Bézique: the deal and the turn-up, the seven of trumps, every declaration's
value, the laws of using a card again, the declared cards lying before their owner and played
from there, one declaration a trick won, the last tricks' strict law, brisques, the last trick,
the game, and Rubicon's trumps by marriage, carte blanche, back-door and the rubicon."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from compendium.ai.registry import computer_player
from compendium.ai.tricks.bezique import endgame_value
from compendium.core.cards import Card, Rank, Suit
from compendium.core.rng import SplitMix64
from compendium.games.tricks.bezique import (
    GAME,
    RUBICON_GAME,
    VALUES,
    BeziqueDeal,
    PlayShown,
    order_for,
    rubicon_points,
)
from compendium.games.tricks.engine import Call, Play

from .conformance import refusal
from .tricks_helpers import cards, check_determinize

A, B = 0, 1        # A is the elder hand (B deals)
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def dealt(elder: str, dealer: str, turnup: str = "9S", top: str = "", game=GAME, target=None):
    """A deal with these hands and turn-up; the stock's top cards ``top`` (first drawn first), the
    rest of the pack after them."""
    pack = Counter(game.pack({}))
    named = cards(elder) + cards(dealer) + cards(turnup) + cards(top)
    pack.subtract(Counter(named))
    assert all(v >= 0 for v in pack.values()), "more copies named than the pack holds"
    rest = sorted(pack.elements(), key=lambda c: (c.suit.value, c.rank))
    state = game.initial_state({"target": target} if target else None)
    t = cards(turnup)[0] if turnup else None
    packets = game.packets
    return game.deal_from(state, order_for(cards(elder), cards(dealer), t, cards(top) + rest, packets), dealer=B)


def act(state, *texts: str, game=GAME):
    for t in texts:
        state = game.apply(state, game.action_from_str(state, t))
    return state


def hand_of(state, seat, game=GAME):
    return Counter(state.deck[i] for i in game.hand_ids(state, seat))


def table_of(state, seat):
    return Counter(state.deck[i] for i in state.contract.table[seat])


def won_by_a(state, lead: str, answer: str, game=GAME):
    """A leads ``lead``, B answers ``answer`` (a lower card), and A has the declaration."""
    state = act(state, f"play {lead}", f"play {answer}", game=game)
    assert state.phase == "declare" and state.turn == A
    return state


ELDER = "KH QH QS JD KS AS 7C 8C"
DEALER = "9C 9D 8D 7D 8H 9H 10C 10D"


# -- the deal --------------------------------------------------------------------------------------
def test_the_deal():
    s = dealt(ELDER, DEALER, "9S")
    assert hand_of(s, A) == Counter(cards(ELDER)) and hand_of(s, B) == Counter(cards(DEALER))
    assert len(s.stock) == 47 and s.trump is S and s.turn == A and s.phase == "play"
    assert len(GAME.pack({})) == 64 and Counter(GAME.pack({}))[Card(Rank.ACE, S)] == 2


def test_a_seven_turned_up_scores_ten_to_the_dealer():
    s = dealt(ELDER, DEALER, "7S")
    assert s.sheet.totals == (0, 10) and s.sheet.lines[-1].rule == "bezique#the-seven-of-trumps"


def test_while_the_stock_lasts_any_card_may_be_played_and_the_leader_wins_a_tie():
    s = act(dealt(ELDER, DEALER), "play 7C")
    assert {a.card for a in GAME.legal_actions(s, B)} == set(cards(DEALER))      # need not follow
    s = dealt("9C QH QS JD KS AS 7C 8C", DEALER)
    s = act(s, "play 9C", "play 9C")
    assert s.tricks[-1].winner == A                                             # identical: the leader


def test_a_trump_wins_and_then_both_draw():
    s = dealt(ELDER, DEALER, "9S", top="AH KD")
    s = act(s, "play 7C", "play 8H")
    assert s.tricks[-1].winner == A and s.phase == "declare"
    s = act(s, "draw")
    assert hand_of(s, A)[Card(Rank.ACE, H)] == 1 and hand_of(s, B)[Card(Rank.KING, D)] == 1
    assert s.turn == A and s.phase == "play" and len(s.stock) == 45


# -- declarations and their values -----------------------------------------------------------------
DECLARATIONS = [
    # (elder's hand, turn-up, the call, the points)
    ("KH QH 7C 8C 9C 7D 8D 9D", "9D", "marriage h", 20),
    ("KS QS 7C 8C 9C 7D 8D 9D", "9S", "royal-marriage s", 40),
    ("QS JD 7C 8C 9C 7D 8D 9D", "9H", "bezique", 40),
    ("QS QS JD JD 7C 8C 9C 7D", "9H", "double-bezique", 500),
    ("AS AH AD AC 7C 8C 9C 7D", "9H", "four-aces", 100),
    ("KS KH KD KC 7C 8C 9C 7D", "9H", "four-kings", 80),
    ("QS QH QD QC 7C 8C 9C 7D", "9H", "four-queens", 60),
    ("JS JH JD JC 7C 8C 9C 7D", "9H", "four-knaves", 40),
    ("AH 10H KH QH JH 7C 8C 9C", "9H", "sequence h", 250),
]
DEALER_LOW = "7S 8S 7S 8S 10S 10S 9S 8H"


@pytest.mark.parametrize("hand,turnup,call,points", DECLARATIONS)
def test_every_declaration_scores_its_value_and_lies_on_the_table(hand, turnup, call, points):
    answer = "8H" if turnup.endswith("S") else "7S"          # a card that loses to the seven of clubs
    s = won_by_a(dealt(hand, DEALER_LOW, turnup), "7C", answer)
    assert GAME.action_from_str(s, call) in GAME.legal_actions(s, A)
    after = act(s, call)
    assert after.sheet.lines[-1].points == points and after.sheet.totals[A] == points
    assert after.sheet.lines[-1].rule == "bezique#declarations"
    meld = after.contract.melds[-1]
    assert VALUES[meld.kind] == points and len(meld.ids) == len(set(meld.ids))
    view = GAME.view(after, B)                   # the declared cards lie face up for both to see
    assert all(view.cards[i].face is not None for i in after.contract.table[A])
    assert sorted(view.cards[i].face for i in meld.ids) == sorted(after.deck[i] for i in meld.ids)


def test_only_the_winner_declares_and_only_once_a_trick():
    s = dealt("KH QH KS QS 7C 8C 9C 7D", DEALER_LOW, "9D")
    s = act(s, "play 7C", "play 8H")          # a heart on a club, trumps diamonds: A wins
    assert s.turn == A
    s = act(s, "marriage h")
    assert Call("marriage", S) not in GAME.legal_actions(s, A)
    assert refusal(GAME, s, "marriage s").rule == "bezique#declarations"
    s = act(s, "draw", "play 8C", "play 10S")  # a spade on a club: A wins again, and may declare again
    assert s.tricks[-1].winner == A and Call("marriage", S) in GAME.legal_actions(s, A)


def test_the_loser_of_a_trick_has_no_declaration():
    s = dealt("KH QH KS QS 7C 8C 9C 7D", "AC 8S 7S 8S 10S 10S 9S 8H", "9D")
    s = act(s, "play 7C", "play AC")
    assert s.tricks[-1].winner == B and s.turn == B and s.phase == "declare"
    assert [a for a in GAME.legal_actions(s, B) if isinstance(a, Call) and a.word != "draw"] == []
    assert GAME.legal_actions(s, A) == ()


# -- using cards again -----------------------------------------------------------------------------
def test_a_married_queen_may_make_bezique_but_not_a_second_marriage():
    s = dealt("KS QS JD KS 7C 8C 9C 7D", DEALER_LOW, "9H")
    s = act(won_by_a(s, "7C", "7S"), "marriage s", "draw")
    s = won_by_a(s, "8C", "8S")
    legal = GAME.legal_actions(s, A)
    assert Call("bezique") in legal
    assert Call("marriage", S) not in legal          # the other king may not marry the same queen
    r = refusal(GAME, s, "marriage s")
    assert r.rule == "bezique#using-cards-again"
    s = act(s, "bezique")
    assert s.sheet.totals[A] == 60
    qs_ids = [i for i in s.contract.table[A] if s.deck[i] == Card(Rank.QUEEN, S)]
    assert len(qs_ids) == 1                         # the same queen served twice


def test_a_card_of_a_four_may_marry_but_not_make_another_four():
    s = dealt("KS KH KD KC QH 7C 8C 9C", DEALER_LOW, "9D")
    s = act(won_by_a(s, "7C", "7S"), "four-kings", "draw")
    s = won_by_a(s, "8C", "8S")
    legal = GAME.legal_actions(s, A)
    assert Call("marriage", H) in legal and Call("four-kings") not in legal
    s = act(s, "marriage h")
    assert s.sheet.totals[A] == 100


def test_a_second_four_needs_four_fresh_cards():
    s = dealt("KS KH KD KC KS KH KD KC", DEALER_LOW, "9D", top="7C 7C")
    s = act(s, "play KS", "play 7S")
    s = act(s, "four-kings", "draw")
    # the four lying declared and the three concealed kings cannot make another four
    s = act(s, "play KH", "play 8S")
    assert Call("four-kings") not in GAME.legal_actions(s, A)
    assert refusal(GAME, s, "four-kings").rule == "bezique#using-cards-again"


def test_a_royal_marriage_grows_into_the_sequence_but_not_the_other_way():
    s = dealt("KH QH AH 10H JH 7C 8C 9C", DEALER_LOW, "9H")
    s = act(won_by_a(s, "7C", "7S"), "royal-marriage h", "draw")
    s = won_by_a(s, "8C", "8S")
    s = act(s, "sequence h")
    assert s.sheet.totals[A] == 290
    s2 = dealt("KH QH AH 10H JH 7C 8C 9C", DEALER_LOW, "9H")
    s2 = act(won_by_a(s2, "7C", "7S"), "sequence h", "draw")
    s2 = won_by_a(s2, "8C", "8S")
    assert Call("royal-marriage", H) not in GAME.legal_actions(s2, A)


def test_every_declaration_takes_a_card_from_the_concealed_hand():
    # four kings and four queens declared: the kings and queens lying there cannot marry each other
    s = dealt("KS KH KD KC QH QD QC 7C", DEALER_LOW, "9D", top="QS 9C 8C 7C")
    s = act(s, "play 7C", "play 7S", "four-kings", "draw")
    assert hand_of(s, A)[Card(Rank.QUEEN, S)] == 1
    s = act(s, "play-shown KS" if PlayShown(Card(Rank.KING, S)) in GAME.legal_actions(s, A) else "play KS",
            "play 8S", "four-queens", "draw")
    s = act(s, "play 8C", "play 8H")
    assert s.tricks[-1].winner == A
    legal = GAME.legal_actions(s, A)
    assert Call("marriage", H) not in legal and Call("marriage", C) not in legal
    assert Call("royal-marriage", D) not in legal
    assert refusal(GAME, s, "marriage h").rule == "bezique#using-cards-again"


def test_bezique_then_double_bezique_but_not_single_after_double():
    s = dealt("QS JD QS JD 7C 8C 9C 7D", DEALER_LOW, "9H")
    s = act(won_by_a(s, "7C", "7S"), "bezique", "draw")
    s = won_by_a(s, "8C", "8S")
    s = act(s, "double-bezique")
    assert s.sheet.totals[A] == 540
    s = act(s, "draw")
    s = won_by_a(s, "9C", "8S")
    assert Call("bezique") not in GAME.legal_actions(s, A)


# -- the declared cards are played from the table --------------------------------------------------
def test_declared_cards_are_played_from_the_table_and_copies_are_chosen():
    s = dealt("QS JD QS 7C 8C 9C 7D 8D", DEALER_LOW, "9H")
    s = act(won_by_a(s, "7C", "7S"), "bezique", "draw")
    legal = GAME.legal_actions(s, A)
    assert PlayShown(Card(Rank.QUEEN, S)) in legal and Play(Card(Rank.QUEEN, S)) in legal
    assert Play(Card(Rank.JACK, D)) in legal and PlayShown(Card(Rank.JACK, D)) not in legal
    on_table = next(i for i in s.contract.table[A] if s.deck[i] == Card(Rank.QUEEN, S))
    after = act(s, "play-shown QS")
    assert after.trick[-1][1] == on_table and on_table not in after.contract.table[A]
    after = act(s, "play QS")
    assert after.trick[-1][1] != on_table and on_table in after.contract.table[A]
    assert refusal(GAME, s, "play-shown 8C").rule == "bezique#the-play"


# -- the seven of trumps ---------------------------------------------------------------------------
def test_the_seven_of_trumps_exchanged_and_shown():
    s = dealt("7H 7H KH QH 7C 8C 9C 7D", DEALER_LOW, "AH")
    s = won_by_a(s, "7C", "7S")
    legal = GAME.legal_actions(s, A)
    assert Call("exchange") in legal and Call("seven") in legal and Call("royal-marriage", H) in legal
    s = act(s, "exchange")
    assert s.deck[s.turnup] == Card(Rank.SEVEN, H) and hand_of(s, A)[Card(Rank.ACE, H)] == 1
    assert s.sheet.totals[A] == 10 and s.sheet.lines[-1].rule == "bezique#the-seven-of-trumps"
    s = act(s, "seven")          # the other seven is shown
    assert s.sheet.totals[A] == 20
    assert Call("seven") not in GAME.legal_actions(s, A) and Call("exchange") not in GAME.legal_actions(s, A)
    s = act(s, "royal-marriage h")                                # the declaration still comes
    assert s.sheet.totals[A] == 60
    assert refusal(GAME, act(s, "draw", "play 8C", "play 8S"), "exchange").rule == "bezique#the-seven-of-trumps"


# -- the last eight tricks -------------------------------------------------------------------------
def play_out_stock(state):
    """Play, always the first legal card and "draw", until the stock is gone."""
    while GAME.stock_left(state):
        legal = GAME.legal_actions(state, state.turn)
        state = GAME.apply(state, Call("draw") if Call("draw") in legal else legal[0])
    return state


def test_the_last_eight_tricks_follow_and_win():
    s = play_out_stock(dealt(ELDER, DEALER))
    assert s.contract.last_eight is not None and s.contract.table == ((), ())
    assert len(GAME.hand_ids(s, 0)) == 8 and len(GAME.hand_ids(s, 1)) == 8
    assert not s.turnup_on_table and not s.stock
    leader = s.turn
    lead = GAME.legal_actions(s, leader)[0].card
    s = GAME.apply(s, Play(lead))
    follower = s.turn
    hand = [s.deck[i] for i in GAME.hand_ids(s, follower)]
    allowed = {a.card for a in GAME.legal_actions(s, follower)}
    same = [c for c in hand if c.suit == lead.suit]
    if same:
        higher = [c for c in same if c.rank != lead.rank and
                  ["7", "8", "9", "J", "Q", "K", "10", "A"].index(c.rank.short) >
                  ["7", "8", "9", "J", "Q", "K", "10", "A"].index(lead.rank.short)]
        assert allowed == set(higher or same)
    forbidden = [c for c in hand if c not in allowed]
    if forbidden:
        assert refusal(GAME, s, Play(forbidden[0])).rule == "bezique#the-last-eight-tricks"


def test_brisques_and_the_last_trick_are_scored_at_the_end():
    s = play_out_stock(dealt(ELDER, DEALER))
    before = s.sheet.lines
    while s.phase == "play":
        s = GAME.apply(s, GAME.legal_actions(s, s.turn)[0])
    new = [line for line in s.sheet.lines if line not in before]
    last = [line for line in new if line.rule == "bezique#the-last-trick"]
    brisques = [line for line in new if line.rule == "bezique#brisques"]
    assert len(last) == 1 and last[0].points == 10
    assert sum(line.points for line in brisques) == 160            # eight aces and eight tens


def test_the_game_is_decided_at_the_end_of_a_deal():
    s = dealt(ELDER, DEALER)
    s = replace(s, sheet=s.sheet.add(0, A, 995, "before").add(0, B, 990, "before"))
    s = play_out_stock(s)
    while s.phase == "play":
        s = GAME.apply(s, GAME.legal_actions(s, s.turn)[0])
    assert s.phase == "over" and s.result_rule == "bezique#the-game"
    totals = s.sheet.totals
    assert s.winners == ((0,) if totals[0] > totals[1] else (1,))


def test_a_re_deal_of_the_unseen_cards_agrees_with_the_view():
    s = dealt("QS JD QS 7C 8C 9C 7D 8D", DEALER_LOW, "9H")
    s = act(won_by_a(s, "7C", "7S"), "bezique", "draw")
    check_determinize(GAME, s, B)
    world = GAME.determinize(GAME.view(s, B), B, SplitMix64(3))
    assert all(world.deck[i] == s.deck[i] for i in s.contract.table[A])   # the declared cards are known


# -- the computer ----------------------------------------------------------------------------------
def test_the_last_tricks_search_is_exact_on_a_small_end():
    # Hearts trumps; I hold AH 7S and lead, they hold 10S KS.  Leading 7S: they must win, and
    # give least by winning with the ten (10 to them); then I trump their king (10 and the last
    # trick): +10.  Leading AH: they throw the king, I score 10, then they win the seven with the
    # ten and the last trick: -10.
    assert endgame_value(cards("AH 7S"), cards("10S KS"), True, None, H, 10) == (10, Card(Rank.SEVEN, S))
    # following their ten of spades with the ten of hearts (a trump): +20 and the last trick
    assert endgame_value(cards("10H"), [], False, Card(Rank.TEN, S), H, 10) == (30, Card(Rank.TEN, H))


def test_level_three_declares_the_best_and_level_one_the_first():
    s = won_by_a(dealt("KH QH KS KH KD KC 7C 8C", DEALER_LOW, "9D"), "7C", "7S")
    legal = list(GAME.legal_actions(s, A))
    assert computer_player(GAME, 3).choose(GAME, GAME.view(s, A), legal) == Call("four-kings")
    assert computer_player(GAME, 1).choose(GAME, GAME.view(s, A), legal) == legal[[
        i for i, a in enumerate(legal) if a.word in VALUES][0]]


# -- Rubicon Bézique -------------------------------------------------------------------------------
def rubicon(elder: str, dealer: str, top: str = ""):
    return dealt(elder, dealer, "", top=top, game=RUBICON_GAME)


R_LOW = "7S 8S 7S 8S 9S 9S 7D 8D JD"     # a knave: no carte blanche


def test_rubicon_deals_nine_with_no_turn_up():
    s = rubicon("KH QH KS QS 7C 8C 9C 7D 8D", R_LOW)
    assert len(GAME.hand_ids(s, A)) == 9 and s.turnup is None and s.trump is None
    assert len(s.stock) == 128 - 18 and len(RUBICON_GAME.pack({})) == 128


def test_the_first_marriage_makes_trumps_and_scores_forty():
    s = rubicon("KH QH KS QS 7C 8C 9C 10D JD", R_LOW)
    s = won_by_a(s, "7C", "7S", game=RUBICON_GAME)
    legal = RUBICON_GAME.legal_actions(s, A)
    assert Call("royal-marriage", H) in legal and Call("royal-marriage", S) in legal
    s = act(s, "royal-marriage h", game=RUBICON_GAME)
    assert s.trump is H and s.sheet.totals[A] == 40
    s = act(s, "draw", "play 8C", "play 8S", game=RUBICON_GAME)
    assert Call("marriage", S) in RUBICON_GAME.legal_actions(s, A)
    assert Call("royal-marriage", S) not in RUBICON_GAME.legal_actions(s, A)


def test_carte_blanche_scores_fifty():
    s = rubicon("7C 8C 9C 7D 8D 9D 10D AD AS", "KS QS JS 7S 8S 9S 7H 8H 9H")
    assert s.sheet.totals == (50, 0) and s.sheet.lines[0].rule == "rubicon_bezique#carte-blanche"
    assert all(RUBICON_GAME.view(s, B).cards[i].face is not None for i in RUBICON_GAME.hand_ids(s, A))


BLANCHE = "7C 8C 9C 7D 8D 9D 10D AD AS"
BLANCHE_B = "KS QS JS 7S 8S 9S 7H 8H 9H"


def test_carte_blanche_scores_fifty_again_for_each_plain_card_drawn_until_a_court_card():
    g = RUBICON_GAME
    # A draws the ten of clubs (B the king of hearts), then the queen of diamonds, then the nine
    s = rubicon(BLANCHE, BLANCHE_B, top="10C KH QD 10H 9C JH")
    s = act(won_by_a(s, "7C", "7S", game=g), "draw", game=g)
    ten = next(i for i in g.hand_ids(s, A) if s.deck[i] == Card(Rank.TEN, C))
    assert s.phase == "blanche" and s.turn == A
    assert g.view(s, B).cards[ten].face is None                     # not shown yet
    assert g.legal_actions(s, A) == (Call("carte-blanche"), Call("pass"))
    assert g.rules_section(s) == "carte-blanche"
    s = act(s, "carte-blanche", game=g)
    assert s.sheet.totals == (100, 0) and s.sheet.lines[-1].rule == "rubicon_bezique#carte-blanche"
    assert g.view(s, B).cards[ten].face == Card(Rank.TEN, C)        # shown: public now
    assert s.phase == "play" and s.turn == A                        # and A leads as before
    # a court card: no 50, only the pass, which ends carte blanche
    s = act(won_by_a(s, "8C", "8S", game=g), "draw", game=g)
    assert s.phase == "blanche" and g.legal_actions(s, A) == (Call("pass"),)
    assert refusal(g, s, "carte-blanche").rule == "rubicon_bezique#carte-blanche"
    assert refusal(g, s, "draw").rule == "rubicon_bezique#carte-blanche"
    s = act(s, "pass", game=g)
    assert s.phase == "play" and s.sheet.totals == (100, 0) and s.contract.blanche_open == ()
    # a plain card drawn later scores nothing: not offered, and refused by its law
    s = won_by_a(s, "9C", "9S", game=g)
    assert refusal(g, s, "carte-blanche").rule == "rubicon_bezique#carte-blanche"
    s = act(s, "draw", game=g)
    assert Card(Rank.NINE, C) in hand_of(s, A, game=g)
    assert s.phase == "play" and s.sheet.totals == (100, 0)
    assert all(not isinstance(a, Call) for a in g.legal_actions(s, A))


def test_carte_blanche_showing_is_written_back_and_read_again():
    g = RUBICON_GAME
    s = rubicon(BLANCHE, BLANCHE_B, top="10C KH QD 10H 9C JH")
    s = act(won_by_a(s, "7C", "7S", game=g), "draw", "carte-blanche", "play 8C", "play 8S", "draw", "pass",
            game=g)
    text = g.hand_text(s)
    assert "carte-blanche" in text and "pass" in text
    back = g.setup_state(text, {})
    assert back.sheet.totals == s.sheet.totals == (100, 0)
    assert back.phase == s.phase == "play" and back.turn == s.turn
    # (of two equal cards the record may name either copy: the faces shown are what must agree)
    assert Counter(back.deck[i] for i in back.contract.seen) == Counter(s.deck[i] for i in s.contract.seen)
    assert replace(back.contract, seen=(), drawn=()) == replace(s.contract, seen=(), drawn=())
    assert back.contract.blanche_open == () and back.contract.carte_blanche == (A,)


def test_the_computer_always_shows_for_carte_blanche():
    g = RUBICON_GAME
    s = rubicon(BLANCHE, BLANCHE_B, top="10C KH QD 10H 9C JH")
    s = act(won_by_a(s, "7C", "7S", game=g), "draw", game=g)
    for level in (1, 2, 3):
        p = computer_player(g, level)
        assert p.choose(g, g.view(s, A), g.legal_actions(s, A)) == Call("carte-blanche")


def test_back_door_and_triple_bezique():
    s = rubicon("KH QH AS 10S KS QS JS 7C QS", "7S 8S 7S 8S 9S 9S 7D 8D JD")
    s = act(won_by_a(s, "7C", "7D", game=RUBICON_GAME), "royal-marriage h", "draw", game=RUBICON_GAME)
    s = act(s, "play KH", "play 8S", game=RUBICON_GAME)       # (A wins: a trump)
    assert Call("back-door", S) in RUBICON_GAME.legal_actions(s, A)
    s = act(s, "back-door s", game=RUBICON_GAME)
    assert s.sheet.lines[-1].points == 150
    assert VALUES["triple-bezique"] == 1500 and VALUES["quadruple-bezique"] == 4500


def test_a_four_is_formed_again_once_a_card_of_it_is_played():
    s = rubicon("KS KH KD KC KS 7C 8C 9C 7D", R_LOW)
    s = act(won_by_a(s, "7C", "7S", game=RUBICON_GAME), "four-kings", "draw", game=RUBICON_GAME)
    s = won_by_a(s, "8C", "8S", game=RUBICON_GAME)
    assert Call("four-kings") not in RUBICON_GAME.legal_actions(s, A)     # all four still lie there
    s = act(s, "draw", "play-shown KS", "play 9S", game=RUBICON_GAME)      # one of them played (and won)
    assert s.tricks[-1].winner == A
    assert Call("four-kings") in RUBICON_GAME.legal_actions(s, A)         # the fresh king re-forms it
    s = act(s, "four-kings", game=RUBICON_GAME)
    assert s.sheet.totals[A] == 160


@pytest.mark.parametrize("winner,loser,points", [
    (2460, 1780, 1200),            # the page's example: 500 + 2400 - 1700
    (2460, 870, 4520),             # rubiconed: 1000 + 2400 + 800 + 320
    (1000, 990, 3220),
    (1090, 1000, 500),
])
def test_the_rubicon_settlement(winner, loser, points):
    assert rubicon_points(winner, loser) == points


def test_rubicon_brisques_save_a_player_from_the_rubicon():
    base = rubicon("KH QH KS QS 7C 8C 9C 7D 8D", R_LOW)
    s = replace(base, sheet=base.sheet.add(1, A, 1500, "before").add(1, B, 950, "before"))
    end = RUBICON_GAME.settle(s, (100, 60))
    lines = [line for line in end.sheet.lines if line.rule == "rubicon_bezique#brisques"]
    assert {line.side for line in lines} == {0, 1}                 # if either counts them, both do
    assert end.phase == "over" and end.winners == (0,)
    assert "500 and the difference" in end.result                  # 1010 is over the rubicon
    s2 = replace(base, sheet=base.sheet.add(1, A, 1500, "before").add(1, B, 800, "before"))
    end2 = RUBICON_GAME.settle(s2, (100, 60))
    assert not [line for line in end2.sheet.lines if line.rule == "rubicon_bezique#brisques"]
    assert "rubiconed" in end2.result and end2.result_rule == "rubicon_bezique#the-rubicon"


def test_rubicon_state_of_the_deal_is_public():
    s = rubicon("KH QH KS QS 7C 8C 9C 7D 8D", R_LOW)
    assert isinstance(s.contract, BeziqueDeal)
    assert refusal(RUBICON_GAME, s, "exchange").rule == "rubicon_bezique#the-play"


@pytest.mark.parametrize("game", [GAME, RUBICON_GAME])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_computer_does_not_peek(game, seed):
    """Re-dealing the cards a seat cannot see never changes the computer's choice, at any level,
    at many points of a deal (the stock, the declarations, the last tricks)."""
    from compendium.ai.tricks.bezique import BeziquePlayer
    from compendium.core.game import Special
    state = game.apply(game.initial_state(), game.chance_action(game.initial_state(), seed))
    players = [BeziquePlayer(3), BeziquePlayer(2)]
    checked = 0
    for step in range(400):
        seat = game.to_move(state)
        if seat is Special.CHANCE:
            state = game.apply(state, game.chance_action(state, seed + step))
            continue
        if isinstance(seat, Special):
            break
        legal = list(game.legal_actions(state, seat))
        if step % 7 == 0:
            other = game.shuffle_unseen(state, seat, step + seed)
            assert game.view(other, seat) == game.view(state, seat)
            for level in (1, 2, 3):
                p = BeziquePlayer(level)
                assert p.choose(game, game.view(state, seat), legal) == \
                    BeziquePlayer(level).choose(game, game.view(other, seat), legal)
            checked += 1
        state = game.apply(state, players[seat].choose(game, game.view(state, seat), legal))
    assert checked > 20


def test_rubicon_refusals_cite_their_laws():
    s = rubicon("KH QH KS QS KD KC 7C 8C 9C", R_LOW)
    s = won_by_a(s, "7C", "7S", game=RUBICON_GAME)
    assert refusal(RUBICON_GAME, s, "seven").rule == "rubicon_bezique#the-play"          # no seven here
    assert refusal(RUBICON_GAME, s, "play 8C").rule == "rubicon_bezique#the-play"        # declare or draw
    s = act(s, "royal-marriage h", game=RUBICON_GAME)
    assert refusal(RUBICON_GAME, s, "four-kings").rule == "rubicon_bezique#declarations"  # one a trick
    s = act(s, "draw", "play 8C", "play 8S", game=RUBICON_GAME)
    assert refusal(RUBICON_GAME, s, "royal-marriage s").rule.startswith("rubicon_bezique#")  # hearts are trumps
    s = act(s, "four-kings", "draw", game=RUBICON_GAME)
    assert refusal(RUBICON_GAME, s, "play-shown 9C").rule == "rubicon_bezique#the-play"
    s = act(s, "play 9C", "play 9S", game=RUBICON_GAME)
    assert refusal(RUBICON_GAME, s, "four-kings").rule == "rubicon_bezique#using-cards-again"
    legal = RUBICON_GAME.legal_actions(s, A)
    assert Call("marriage", S) in legal and Call("draw") in legal


def test_rubicon_the_last_nine_tricks_follow_and_win():
    s = RUBICON_GAME.apply(RUBICON_GAME.initial_state(), RUBICON_GAME.chance_action(RUBICON_GAME.initial_state(), 4))
    while RUBICON_GAME.stock_left(s):
        legal = RUBICON_GAME.legal_actions(s, s.turn)
        s = RUBICON_GAME.apply(s, Call("draw") if Call("draw") in legal else legal[0])
    assert len(RUBICON_GAME.hand_ids(s, 0)) == 9 and s.contract.table == ((), ())
    for _ in range(30):
        if s.trick:
            hand = [s.deck[i] for i in RUBICON_GAME.hand_ids(s, s.turn)]
            allowed = {a.card for a in RUBICON_GAME.legal_actions(s, s.turn)}
            bad = [c for c in hand if c not in allowed]
            if bad:
                assert refusal(RUBICON_GAME, s, Play(bad[0])).rule == "rubicon_bezique#the-last-nine-tricks"
                return
        s = RUBICON_GAME.apply(s, RUBICON_GAME.legal_actions(s, s.turn)[0])
    pytest.fail("no card was forbidden in the last nine tricks of this deal")


def test_a_deal_set_up_by_hand_with_its_declarations_and_written_back():
    text = """game: bezique
dealer: B
A: ♠ Q 10 ♥ K Q ♦ J ♣ 7 8 9
B: ♠ 8 8 ♥ 7 8 ♦ 7 8 ♣ 10 10
turn-up: ♠9
play:
  trick 1: A ♣7, B ♥7
  calls: A bezique, A draw
  trick 2: A ♣8, B ♥8
  calls: A marriage H
"""
    s = GAME.setup_state(text, {})
    assert s.phase == "declare" and s.turn == A and s.sheet.totals == (60, 0)
    assert [m.kind for m in s.contract.melds] == ["bezique", "marriage"]
    assert table_of(s, A) == Counter(cards("QS JD KH QH"))
    back = GAME.setup_state(GAME.hand_text(s), {})
    assert back.contract.melds == s.contract.melds and back.sheet.totals == s.sheet.totals
