"""The double-dummy solver against plain minimax, and the questions the tables ask of it."""
from __future__ import annotations

import random

import pytest

from compendium.ai.tricks.double_dummy import (
    STRAINS,
    Position,
    Solver,
    after,
    brute_force,
    dd_table,
    legal_cards,
    review,
    solve,
)
from compendium.core.cards import SUITS, Card, Rank, Suit
from compendium.core.notation import parse_card

PACK = [Card(r, s) for s in SUITS for r in Rank if r is not Rank.JOKER]


@pytest.fixture(autouse=True, params=["python", "dds"])
def engine(request, monkeypatch):
    """Every test twice: our search alone, and DDS where it is installed (our search behind it)."""
    from compendium.ai.tricks import dds_engine
    if request.param == "python":
        monkeypatch.setattr(dds_engine, "available", lambda: False)
    elif not dds_engine.available():
        pytest.skip("the DDS library is not installed")
    return request.param


def hands_of(*texts: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(parse_card(t) for t in text.split()) for text in texts)


def random_position(rng: random.Random, cards: int) -> Position:
    deal = rng.sample(PACK, 4 * cards)
    hands = tuple(tuple(deal[k * cards:(k + 1) * cards]) for k in range(4))
    pos = Position(hands, rng.choice(STRAINS), rng.randrange(4))
    for _ in range(rng.randrange(4)):          # sometimes a trick in progress
        pos = after(pos, rng.choice(legal_cards(pos)))
    return pos


@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_brute_force_on_small_deals(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        pos = random_position(rng, rng.randint(1, 4))
        if not pos.trick and not pos.hands[pos.leader]:
            continue
        assert Solver(pos.trump).tricks(pos, 0) == brute_force(pos), pos


def test_card_values_agree_with_brute_force() -> None:
    rng = random.Random(11)
    for _ in range(25):
        pos = random_position(rng, 3)
        values = Solver(pos.trump).card_values(pos)
        seat = pos.turn
        for card, value in values.items():
            nxt = after(pos, card)
            won = 1 if (len(pos.trick) == 3 and nxt.leader % 2 == seat % 2) else 0
            rest = brute_force(nxt) if (nxt.trick or nxt.hands[nxt.leader]) else 0
            mine = rest if seat % 2 == 0 else (nxt.tricks_left - rest)
            assert value == won + mine


def test_both_sides_tricks_add_up() -> None:
    rng = random.Random(5)
    for _ in range(20):
        pos = random_position(rng, 5)
        assert solve(pos, 0) + solve(pos, 1) == pos.tricks_left


def test_trumps_decide_a_three_card_ending() -> None:
    # North holds the top clubs, but East can ruff the second round in hearts.
    hands = hands_of("AC KC QC", "2C 2H 3H", "3C 4C 5C", "6C 7C 8C")
    assert solve(Position(hands, None, 0), 0) == 3
    assert solve(Position(hands, Suit.HEARTS, 0), 0) == 1


def test_a_simple_squeeze() -> None:
    # The positional simple squeeze: South leads the last club; West, holding the king of spades
    # and the master heart, must let one go.  North-South take all three tricks.
    north = "AS 2H 3D"        # seat 0
    east = "2S 3S 4S"         # seat 1
    south = "AC 3H 4D"        # seat 2 on lead... as seat 2
    west = "KS AH 5D"         # seat 3
    hands = hands_of(north, east, south, west)
    # West must keep the king of spades and the ace of hearts; South's diamonds are low.
    pos = Position(hands, None, 2)
    assert solve(pos, 0) == Solver(None).tricks(pos, 0) == brute_force(pos)


def test_whole_deal_where_one_hand_holds_every_top_card() -> None:
    hands = hands_of("AS KS QS JS AH KH QH AD KD QD AC KC QC",
                     "10S 9S 8S JH 10H 9H JD 10D 9D JC 10C 9C 8C",
                     "7S 6S 5S 8H 7H 6H 8D 7D 6D 7C 6C 5C 4C",
                     "4S 3S 2S 5H 4H 3H 2H 5D 4D 3D 2D 3C 2C")
    table = dd_table(hands)
    assert table[(0, None)] == 13          # North at no trumps, East leading: every trick
    assert table[(1, None)] == table[(3, None)] == 0
    assert table[(1, Suit.CLUBS)] == 1     # East's knave of clubs wins once North's three are out
    assert table[(2, Suit.SPADES)] == 13


def test_review_names_the_card_that_lost_a_trick() -> None:
    # North leads; South's king of clubs is bare.  Cashing the ace first crashes the king, and
    # East's queen then wins the second club; the two to the king first takes all three.
    hands = hands_of("AC 2C 2H", "QC 3C 3H", "KC AD KD", "4C 5C AH")
    plays = [parse_card(t) for t in "AC 3C KC 4C".split()]
    figures, slips = review(hands, None, 0, plays)
    assert figures[0] == 3 and figures[-1] == 1
    assert slips and slips[0].card == parse_card("AC") and slips[0].seat == 0 and slips[0].lost == 2
    assert slips[0].better == (parse_card("2C"),)


def test_bad_positions_are_refused() -> None:
    hands = hands_of("AC", "AC", "2C", "3C")
    with pytest.raises(ValueError):
        solve(Position(hands, None, 0))
    with pytest.raises(ValueError):
        solve(Position(hands_of("AC 2C", "3C", "4C", "5C"), None, 0))


def test_contract_outlook_of_a_game_state():
    from compendium.ai.tricks.double_dummy import contract_outlook
    from compendium.games.registry import get_game
    from compendium.games.tricks.engine import Play
    game = get_game("bridge")
    state = game.initial_state({})
    state = game.apply(state, game.chance_action(state, 4))
    while state.phase != "play":
        state = game.apply(state, game.legal_actions(state, game.to_move(state))[0])
    while len(state.tricks) < 10:                     # down to three cards a hand
        state = game.apply(state, game.legal_actions(state, game.to_move(state))[-1])
    dealer_side = state.contract.declarer % 2
    total, cards, enough = contract_outlook(state, state.contract.declarer, needed=7)
    won = sum(1 for t in state.tricks if t.winner % 2 == dealer_side)
    assert won <= total <= won + 3
    assert enough == (total >= 7)
    assert cards and all(Play(c) in game.legal_actions(state, game.to_move(state)) for c in cards)


# -- published problems ------------------------------------------------------------------------------
# Seats: North 0, East 1, South 2, West 3.
def suits(spades: str, hearts: str, diamonds: str, clubs: str) -> tuple[Card, ...]:
    out = []
    for ranks, suit in ((spades, "S"), (hearts, "H"), (diamonds, "D"), (clubs, "C")):
        out += [parse_card(r + suit) for r in ranks.split()]
    return tuple(out)


def test_treossi_position_a_the_squeeze_ending():
    # Double Dummy Corner, Competition Problem 175 (Paolo Treossi, October 2019), the solution's
    # "Position A": South cashes his last club and East is squeezed in spades and diamonds.
    hands = (suits("9 6", "", "7", ""), suits("8 5", "", "Q", ""),
             suits("7", "", "4", "5"), suits("", "J 5", "", "4"))
    pos = Position(hands, None, 2)
    assert solve(pos, 2) == 3 == brute_force(pos)
    _, best = Solver(None).best_cards(pos)
    assert parse_card("5C") in best


@pytest.mark.slow
def test_guiver_simple_squeeze_seven_no_trumps_fails_against_best_defence():
    # The Bridge World, Puzzle #5, "A Simple Squeeze" by Harold Guiver: can South make seven no
    # trumps?  No: the king of clubs lead defeats it (and DDS agrees: twelve tricks).
    hands = (suits("K 10 6 4", "10 3", "A 10 7 4 3", "6 3"), suits("J 9 8 7", "K 9 8 6", "5", "10 9 8 7"),
             suits("A Q", "A Q J 7", "K Q 2", "A 5 4 2"), suits("5 3 2", "5 4 2", "J 9 8 6", "K Q J"))
    pos = Position(hands, None, 3)
    solver = Solver(None)
    assert not solver.can_take(pos, 2, 13)
    assert not solver.can_take(after(pos, parse_card("KC")), 2, 13)


def test_hand_review_of_a_finished_bridge_hand():
    from compendium.ai.tricks.double_dummy import hand_review
    from compendium.games.registry import get_game
    game = get_game("bridge")
    state = game.initial_state({})
    state = game.apply(state, game.chance_action(state, 11))
    while state.phase != "play":
        state = game.apply(state, game.legal_actions(state, game.to_move(state))[-1])
    while len(state.tricks) < 12 or state.trick:
        state = game.apply(state, game.legal_actions(state, game.to_move(state))[-1])
    last = game.apply(state, game.legal_actions(state, game.to_move(state))[0])
    while last.trick:
        last = game.apply(last, game.legal_actions(last, game.to_move(last))[0])
    # the hand is over and scored; its thirteen tricks are still on the state
    assert len(last.tricks) == 13 and not last.trick
    lines = hand_review(last, cards=3)
    made = sum(1 for t in last.tricks if t.winner % 2 == 0)
    assert lines[0][0].startswith("With every card in sight, from trick 11")
    assert lines[0][1] == f"made {made}–{13 - made}"
    for text, figure in lines[1:]:
        assert "cost" in text and figure.startswith("−")


def test_a_budget_stops_a_long_question_and_the_solver_still_answers():
    from compendium.ai.tricks.double_dummy import OutOfBudget
    rng = random.Random(3)
    deal = rng.sample(PACK, 52)
    hands = tuple(tuple(deal[k * 13:(k + 1) * 13]) for k in range(4))
    solver = Solver(None, max_nodes=500, engine="python")    # our search's budget (DDS has none)
    pos = Position(hands, None, 0)
    with pytest.raises(OutOfBudget):
        solver.tricks(pos)
    for _ in range(40):                        # nine tricks on, the question fits the budget
        pos = after(pos, legal_cards(pos)[0])
    assert solver.tricks(pos, 0) == brute_force(pos)


# -- the bounds and the search's size ----------------------------------------------------------------
def _search_of(pos: Position):
    from compendium.ai.tricks.double_dummy import _masks, _Search, _trump_index
    return _Search(_masks(pos.hands), _trump_index(pos.trump))


def test_sure_trumps_pair_each_trump_with_a_higher_adversarys():
    # South's K Q of hearts against West's ace: one of them is sure; against A J 10 9 of hearts
    # split between the adversaries, South's K Q 8 7 make one (the ace takes one, the knave and
    # ten can each beat one of the 8 and 7) — and North's trumps do not add to South's.
    hands = hands_of("2C 3C", "4C 5C", "KH QH", "AH 6C")
    assert _search_of(Position(hands, Suit.HEARTS, 0)).sure_trumps(0)[0] == 1
    assert _search_of(Position(hands, Suit.HEARTS, 0)).sure_trumps(1)[0] == 1    # the ace
    hands = hands_of("2H 2C 3C 4C", "AH 10H 5C 6C", "KH QH 8H 7H", "JH 9H 7C 8C")
    assert _search_of(Position(hands, Suit.HEARTS, 0)).sure_trumps(0)[0] == 1
    assert _search_of(Position(hands, None, 0)).sure_trumps(0)[0] == 0          # no trumps


@pytest.mark.parametrize("seed", range(3))
def test_quick_and_sure_tricks_never_promise_more_than_minimax(seed: int) -> None:
    """The bounds that end a search early are lower bounds: the leader's side's quick tricks and
    either side's sure trump tricks never exceed what that side takes against best play."""
    rng = random.Random(100 + seed)
    checked = 0
    while checked < 80:
        cards = rng.randint(2, 3)
        deal = rng.sample(PACK, 4 * cards)
        hands = tuple(tuple(deal[k * cards:(k + 1) * cards]) for k in range(4))
        pos = Position(hands, rng.choice(STRAINS), rng.randrange(4))
        ns = brute_force(pos)
        side = {0: ns, 1: pos.tricks_left - ns}
        search = _search_of(pos)
        assert search.quick_tricks(pos.leader)[0] <= side[pos.leader % 2], pos
        for seat in range(2):
            assert search.sure_trumps(seat)[0] <= side[seat], pos
        checked += 1


def test_the_search_stays_small_on_eight_card_positions():
    """A regression bound on the work: twenty seeded positions of eight cards a hand took the
    solver 162,932 cards tried before the sure-trump, quick-trick and partition changes of
    December 2026 and 75,039 after (5,304 positions at a trick's start).  The counts are
    deterministic; the bound leaves room for reordering, not for losing a pruning."""
    from compendium.ai.tricks.dd_bench import random_position as dealt_down
    rng = random.Random(2024)
    nodes = trick_nodes = 0
    for _ in range(20):
        pos = dealt_down(rng, 8)
        solver = Solver(pos.trump, engine="python")
        solver.tricks(pos)
        nodes += solver.nodes
        trick_nodes += solver.trick_nodes
    assert nodes <= 100_000
    assert trick_nodes <= 7_000


def test_the_last_answer_guides_the_next_question_and_the_answers_stand():
    # The review asks about successive positions with one solver: each answer is the same as a
    # fresh solver's, whatever the guess it started from.
    from compendium.ai.tricks.dd_bench import random_position as dealt_down
    rng = random.Random(8)
    for _ in range(3):
        pos = dealt_down(rng, 6)
        shared = Solver(pos.trump)
        while pos.tricks_left:
            assert shared.tricks(pos, 0) == Solver(pos.trump).tricks(pos, 0)
            pos = after(pos, rng.choice(legal_cards(pos)))
