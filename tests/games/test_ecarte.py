"""Écarté: the deal and the turned king, the proposal and its penalty, the discard, the duty to
follow, win and trump, the point and the vole, game five, and the jeux de règle table the
strongest computer plays by (ecarte#the-hands-one-plays-without-proposing)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from compendium.ai.registry import computer_player
from compendium.ai.tricks.ecarte import ELDER_RULES, dealer_refuses, elder_plays, jeux_de_regle, to_throw
from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.games.tricks.ecarte import GAME, POWER, order_for
from compendium.games.tricks.engine import Call, Discard, Play
from compendium.games.tricks.scoresheet import Sheet

from .conformance import refusal
from .tricks_helpers import cards, check_determinize

A, B = 0, 1      # A is the elder hand of the first deal, B deals
H = Suit.HEARTS


def dealt(elder: str, dealer: str, turnup: str = "7H", sheet: Sheet | None = None, deal_by: str = "3-2"):
    used = set(cards(elder) + cards(dealer) + cards(turnup))
    stock = [c for c in PACKS["piquet32"] if c not in used]
    state = GAME.initial_state({"deal_by": deal_by} if deal_by != "3-2" else None)
    if sheet is not None:
        state = replace(state, sheet=sheet)
    return GAME.deal_from(state, order_for(cards(elder), cards(dealer), cards(turnup)[0], stock, deal_by),
                          dealer=B)


def play(state, *codes: str):
    for code in codes:
        state = GAME.apply(state, Play(cards(code)[0]))
    return state


def say(state, *words: str):
    for w in words:
        state = GAME.apply(state, GAME.action_from_str(state, w))
    return state


def hand_of(state, seat):
    return {c.face for c in GAME.view(state, seat).hand(seat)}


# -- the deal ----------------------------------------------------------------------------------
def test_the_deal_three_and_two_and_the_eleventh_card_turned():
    s = dealt("KS QS JS 7C 8C", "AD 10D 9D 8D 7D", "9H")
    assert hand_of(s, A) == set(cards("KS QS JS 7C 8C"))
    assert hand_of(s, B) == set(cards("AD 10D 9D 8D 7D"))
    assert s.trump is H and s.deck[s.turnup] == cards("9H")[0] and len(s.stock) == 21
    assert s.phase == "propose" and s.turn == A


def test_a_king_turned_scores_one_to_the_dealer():
    s = dealt("QS JS 10S 7C 8C", "AD 10D 9D 8D 7D", "KH")
    assert s.sheet.totals == (0, 1)
    assert s.sheet.lines[-1].rule == "ecarte#the-king"


def test_the_card_order_is_king_high_and_ace_below_the_knave():
    order = sorted(PACKS["piquet32"][:8], key=lambda c: POWER[c.rank])
    assert [c.rank for c in order] == [Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE, Rank.JACK,
                                       Rank.QUEEN, Rank.KING]


# -- legal actions, each with its law -----------------------------------------------------------
def test_five_legal_actions():
    s = dealt("KH 8S JS 7C 8C", "AD 10D 9D QS 7D", "7H")
    assert set(GAME.legal_actions(s, A)) == {Call("play"), Call("propose")}          # the-proposal
    s2 = say(s, "propose")
    assert set(GAME.legal_actions(s2, B)) == {Call("accept"), Call("refuse")}
    s3 = say(s2, "accept", "discard 7C", "discard 8C")
    assert Call("draw") in GAME.legal_actions(s3, A)                               # the-discard
    s4 = say(s3, "draw")
    assert s4.turn == B and Call("keep") in GAME.legal_actions(s4, B)              # the dealer may keep
    s5 = say(s4, "keep")
    assert s5.phase == "propose" and s5.turn == A                                  # may propose again
    s6 = say(s5, "play")
    assert Call("king") in GAME.legal_actions(s6, A)                               # the-king
    s7 = say(s6, "king")
    assert s7.sheet.totals == (1, 0) and Call("king") not in GAME.legal_actions(s7, A)


def test_the_second_player_must_win_if_he_can_with_any_higher_card():
    s = say(dealt("9S 8C 7C 8D 7D", "KS JS 7S AD 10D", "7H"), "play")
    s = play(s, "9S")
    assert {a.card for a in GAME.legal_actions(s, B)} == set(cards("KS JS"))


def test_having_none_of_the_suit_he_must_trump():
    s = say(dealt("9S 8C 7C 8D 7D", "QH 8H AD 10D 9D", "7H"), "play")
    s = play(s, "9S")
    assert {a.card for a in GAME.legal_actions(s, B)} == set(cards("QH 8H"))


# -- refusals, each citing its law ---------------------------------------------------------------
def test_five_refusals_cite_their_laws():
    s = dealt("KH 8S JS 7C 8C", "AD 10D 9D QS 7D", "7H")
    assert refusal(GAME, s, "accept").rule == "ecarte#the-proposal"
    assert refusal(GAME, s, "play 8S").rule == "ecarte#the-play"
    s = say(s, "propose", "accept")
    assert refusal(GAME, s, "draw").rule == "ecarte#the-discard"       # nothing thrown yet
    assert refusal(GAME, s, "keep").rule == "ecarte#the-discard"       # the elder must throw
    assert refusal(GAME, s, "discard AD").rule == "ecarte#the-discard"  # not his card
    s = say(s, "discard 7C", "draw", "keep", "play", "king")
    assert refusal(GAME, s, "king").rule == "ecarte#the-king"           # marked once only
    s = play(s, "8S")
    # B holds the queen of spades: he must follow, and win (it beats the eight)
    held = hand_of(s, B)
    other = next(c for c in held if c.suit is not Suit.SPADES)
    assert refusal(GAME, s, Play(other)).rule == "ecarte#following-suit"


def test_not_winning_and_not_trumping_are_refused():
    s = say(dealt("9S 8C 7C 8D 7D", "KS 8S 7S AD 10D", "7H"), "play")
    s = play(s, "9S")
    r = refusal(GAME, s, "play 8S")
    assert r.rule == "ecarte#winning-the-trick" and "win" in r.reason
    s = say(dealt("9S 8C 7C 8D 7D", "QH 8H AD 10D 9D", "7H"), "play")
    s = play(s, "9S")
    assert refusal(GAME, s, "play AD").rule == "ecarte#trumping"


def test_the_king_comes_too_late_after_the_first_card():
    s = say(dealt("9S 8C 7C 8D 7D", "KH 8S 7S AD 10D", "7H"), "play")
    s = play(s, "9S")
    assert Call("king") in GAME.legal_actions(s, B)      # before his first card, the dealer may
    s = play(s, "7S")                                    # ... but he plays instead
    assert s.tricks[-1].winner == A
    s = play(s, "8C")
    assert Call("king") not in GAME.legal_actions(s, B)
    assert refusal(GAME, s, "king").rule == "ecarte#the-king"


# -- scoring ----------------------------------------------------------------------------------------
def finish(state):
    """Play out the hand with the first legal card each time."""
    while state.phase == "play":
        state = GAME.apply(state, next(a for a in GAME.legal_actions(state, state.turn) if isinstance(a, Play)))
    return state


def test_the_vole_scores_two():
    s = say(dealt("KH QH JH AH 10H", "9S 8S 7S AD 10D", "7C"), "play")
    s = finish(s)
    assert s.sheet.totals == (2, 0) and s.sheet.lines[-1].rule == "ecarte#the-vole"


def test_playing_without_proposing_and_failing_gives_two():
    # the book's worked example: A stands on two trumps and takes two tricks
    s = dealt("KH JH 7C 8C 9C", "QH 10H AH KC QC", "7H", sheet=Sheet((0, 0), (), (0, 0)))
    s = replace(s, sheet=s.sheet.add(0, A, 2, "before").add(0, B, 3, "before"))
    s = say(s, "king", ) if Call("king") in GAME.legal_actions(s, A) else s
    s = say(s, "play", "king")
    assert s.sheet.totals == (3, 3)
    s = finish(s)
    assert GAME.tricks_won(s, B) >= 3
    last = s.sheet.lines[-1]
    assert last.points == 2 and last.rule == "ecarte#the-penalty-for-playing-or-refusing"
    assert s.phase == "over" and s.winners == (B,) and s.sheet.totals == (3, 5)


def test_refusing_the_first_proposal_and_failing_gives_two_and_an_exchange_lifts_the_penalty():
    strong_a = "KS QS JS KC QC"
    weak_b = "7S 8D 9D 10D 7C"
    s = finish(say(dealt(strong_a, weak_b, "7H"), "propose", "refuse"))
    assert s.sheet.lines[-1].points == 2 and s.sheet.lines[-1].side == A
    s = dealt(strong_a, weak_b, "7H")
    s = say(s, "propose", "accept", "discard QC", "draw", "keep", "propose", "refuse")
    s = finish(s)
    line = s.sheet.lines[-1]
    assert line.side == A and line.points in (1, 2)
    assert line.rule in ("ecarte#the-point", "ecarte#the-vole")


def test_the_exchange_draws_from_the_top_and_the_discards_stay_hidden():
    s = dealt("KH 8S JS 7C 8C", "AD 10D 9D QS 7D", "7H")
    top = [s.deck[i] for i in reversed(s.stock)][:2]
    s = say(s, "propose", "accept", "discard 7C", "discard 8C", "draw")
    assert set(top) <= hand_of(s, A) and len(s.stock) == 19
    assert all(GAME.view(s, B).cards[i].face is None for i in s.discards[A])
    assert all(GAME.view(s, A).cards[i].face is not None for i in s.discards[A])
    assert "discard" in [w for _, w in s.calls] and "discard 7C" not in [w for _, w in s.calls]


def test_game_five_ends_at_once_even_on_a_king():
    s = dealt("9S 8C 7C 8D 7D", "QS 8S 7S AD 10D", "KH", sheet=Sheet((0, 4), (), (0, 0)))
    assert s.phase == "over" and s.winners == (B,) and s.result_rule == "ecarte#the-game"


def test_the_deal_alternates():
    s = finish(say(dealt("KH QH JH AH 10H", "9S 8S 7S AD 10D", "7C"), "play"))
    assert s.phase == "deal"
    s = GAME.apply(s, GAME.chance_action(s, 5))
    assert s.dealer == A and s.turn == B


def test_a_re_deal_of_the_unseen_cards_agrees_with_the_view():
    s = say(dealt("KH 8S JS 7C 8C", "AD 10D 9D QS 7D", "7H"), "propose", "accept", "discard 7C", "draw")
    check_determinize(GAME, s, B)
    check_determinize(GAME, s, A)


# -- the jeux de règle ---------------------------------------------------------------------------------
# (hand, trumps, the lines it matches, does the elder play, does the dealer refuse)
JEUX = [
    ("7H 8H 9H 7S 8C", H, ["three-trumps", "kings-and-trumps"], True, True),
    ("7H 8H 7S 8S 9S", H, ["two-trumps-three-of-a-suit"], True, False),
    ("7H 8H QS 8S 9S", H, ["two-trumps-three-of-a-suit"], True, True),
    ("7H KS QS JS 7C", H, ["one-trump-tierce-major"], True, False),
    ("7H KS QS JS QC", H, ["one-trump-tierce-major", "one-trump-two-queens",
                            "one-trump-queen-and-guarded-knave", "one-trump-king-and-queen"], True, True),
    ("7H AS 10S 9S 8S", H, ["one-trump-four-of-a-suit"], True, False),
    ("7H QS 7S QC 7C", H, ["one-trump-two-queens"], True, True),
    ("7H QS 7D QC 8D", H, ["one-trump-two-queens"], True, False),
    ("7H QS JC 7C 8D", H, ["one-trump-queen-and-guarded-knave"], True, False),
    ("7H QS JC 7C KD", H, ["one-trump-queen-and-guarded-knave", "one-trump-king-and-queen"], True, True),
    ("7H KS QC 8D 7D", H, ["one-trump-king-and-queen"], True, False),
    ("7H KS QC AD 7D", H, ["one-trump-king-and-queen"], True, True),
    ("KS QS JS QC 7D", H, ["four-court-cards"], True, False),
    ("KS QS JC QD 7D", H, ["four-court-cards"], True, True),
    ("7H 8H KS 7C 8D", H, ["kings-and-trumps"], True, True),
    ("KH 7H 8H 7S 8C", H, ["three-trumps", "kings-and-trumps"], False, True),   # the king: propose
    ("7H 8H 7S 8C 9D", H, [], False, False),
    ("7H AS 10C 9D 8D", H, [], False, False),
    ("QS 7S QC 7C QD", H, [], False, True),       # three queens, two singly guarded: refuse
]


@pytest.mark.parametrize("hand,trump,lines,plays,refuses", JEUX)
def test_the_jeux_de_regle_table(hand, trump, lines, plays, refuses):
    h = cards(hand)
    assert jeux_de_regle(h, trump) == lines
    assert elder_plays(h, trump) is plays
    assert dealer_refuses(h, trump) is refuses


def test_every_line_of_the_table_is_met_and_the_page_prints_it():
    met = {line for hand, trump, lines, _, _ in JEUX for line in lines}
    assert met == set(ELDER_RULES)
    from compendium.games import registry
    page = registry.rules_markdown("ecarte")
    assert "### The hands one plays without proposing" in page
    assert page.count("\n| ") >= 9


def test_the_table_over_every_hand_agrees_with_its_counts():
    """Over all 169,911 five-card hands with hearts trumps (the turn-up the seven of hearts left
    out), the elder stands with every three-trump hand lacking the king, and never with fewer
    than one trump and three court cards."""
    from itertools import combinations
    pack = [c for c in PACKS["piquet32"] if c != Card(Rank.SEVEN, H)]
    n = stood = 0
    for h in combinations(pack, 5):
        n += 1
        trumps = sum(1 for c in h if c.suit is H)
        plays = elder_plays(h, H)
        if trumps >= 3 and Card(Rank.KING, H) not in h:
            assert plays
        if plays:
            stood += 1
            courts = sum(1 for c in h if c.rank in (Rank.KING, Rank.QUEEN, Rank.JACK) and c.suit is not H)
            assert trumps + courts >= 3 or any(sum(1 for c in h if c.suit is s) >= 3 for s in Suit if s is not H)
    assert n == 169911
    assert 0.2 < stood / n < 0.5


def test_the_discard_keeps_trumps_and_kings():
    assert to_throw(cards("KH 7H KS 8S AD"), H) == cards("8S AD")


def test_level_three_stands_and_refuses_by_the_table():
    p3 = computer_player(GAME, 3)
    s = dealt("7H 8H 7S 8S 9S", "QS 7C 7D 8D 9D", "10H")      # line 2: stand
    view = GAME.view(s, A)
    assert p3.choose(GAME, view, GAME.legal_actions(s, A)) == Call("play")
    s = dealt("7S 8C 9D 10D 7D", "7H 8H QS 8S 9S", "10H")      # weak elder proposes; dealer: line 2 headed by Q
    assert p3.choose(GAME, GAME.view(s, A), GAME.legal_actions(s, A)) == Call("propose")
    s = say(s, "propose")
    assert p3.choose(GAME, GAME.view(s, B), GAME.legal_actions(s, B)) == Call("refuse")


def test_the_computer_never_sees_the_hidden_cards():
    s = dealt("7S 8C 9D 10D 7D", "7H 8H QS 8S 9S", "10H")
    s = say(s, "propose", "accept")
    p = computer_player(GAME, 3)
    a = p.choose(GAME, GAME.view(s, A), GAME.legal_actions(s, A))
    assert isinstance(a, Discard) and GAME.to_move(s) == A
    assert GAME.to_move(GAME.initial_state()) is Special.CHANCE


def test_a_deal_set_up_by_hand_with_its_exchange():
    text = """dealer: B
A: S K Q J C 7 8
B: D A 10 9 8 7
turn-up: H9
play:
  calls: A propose, B accept, A discard 7C, A draw, B keep
"""
    s = GAME.setup_state(text, {})
    assert s.phase == "propose" and s.turn == A and len(s.stock) == 20
    assert set(cards("KS QS JS 8C")) <= hand_of(s, A)
    back = GAME.setup_state(GAME.hand_text(s), {})
    assert hand_of(back, A) == hand_of(s, A) and back.phase == s.phase


def test_the_rules_pane_follows_the_proposal_and_the_discard():
    s = dealt("KH 8S JS 7C 8C", "AD 10D 9D QS 7D", "7H")
    assert GAME.rules_section(s) == "the-proposal"
    s = say(s, "propose", "accept")
    assert GAME.rules_section(s) == "the-discard"
    s = say(s, "discard 7C", "draw", "keep", "play", "king", "play 8S")
    assert GAME.rules_section(s) == "the-play"


def test_level_three_follows_the_table_on_every_first_decision():
    """Over many deals, the strongest computer's first word as elder (play or propose) and as
    dealer (accept or refuse) is exactly the table's."""
    p3 = computer_player(GAME, 3)
    stood = refused = 0
    for seed in range(150):
        s = GAME.apply(GAME.initial_state(), GAME.chance_action(GAME.initial_state(), seed))
        if s.phase != "propose":
            continue
        elder_hand = [s.deck[i] for i in GAME._hand(s, s.turn)]
        word = p3.choose(GAME, GAME.view(s, s.turn), GAME.legal_actions(s, s.turn))
        assert word == (Call("play") if elder_plays(elder_hand, s.trump) else Call("propose")), seed
        stood += word == Call("play")
        s = GAME.apply(s, Call("propose"))
        dealer_hand = [s.deck[i] for i in GAME._hand(s, s.turn)]
        word = p3.choose(GAME, GAME.view(s, s.turn), GAME.legal_actions(s, s.turn))
        assert word == (Call("refuse") if dealer_refuses(dealer_hand, s.trump) else Call("accept")), seed
        refused += word == Call("refuse")
    assert 0 < stood < 150 and 0 < refused < 150
