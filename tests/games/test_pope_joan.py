"""Pope Joan: the pack, the cut, the dressing, the dead hand and turn-up, runs and stops, the
compartments, going out, the sitting, the views, and each refusal's law — with the book's run
(the two of diamonds led, the three and four following to a stop) replayed."""
from __future__ import annotations

from dataclasses import replace

import pytest

from compendium.core.cards import Card, Rank, Suit
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games.parlour.pope_joan import (
    COMPARTMENTS,
    DRESS,
    EIGHT_OF_DIAMONDS,
    GAME,
    PACK,
    POPE,
    Cut,
    Deal,
    Dress,
    Lead,
    PJState,
    dead_hand_size,
    known_dead,
)
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc
from tests.games.conformance import random_playout, refusal

C = {name: k for k, name in enumerate(COMPARTMENTS)}


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def dressed(n: int = 4, dealer: int = 0, **opts) -> PJState:
    state = GAME.initial_state({"players": n, **opts})
    state = replace(state, dealer=dealer, phase="dress", deal_no=1)
    return GAME.apply(state, Dress())


def arranged(hands: dict[int, str], dead: str = "", turnup: str = "2C", n: int = 4, dealer: int = 0,
             state: PJState | None = None) -> PJState:
    """A deal with the named cards where the test wants them; the rest of each hand and of the
    dead hand filled from the cards nobody named (the highest clubs and spades first)."""
    state = dressed(n, dealer) if state is None else state
    d = dead_hand_size(n)
    h = (50 - d) // n
    named = [c for text in (*hands.values(), dead, turnup) for c in cards(text)]
    assert len(named) == len(set(named))
    spare = [c for c in sorted(PACK, key=lambda c: (c.suit != Suit.CLUBS, c.suit != Suit.SPADES, -c.rank))
             if c not in named]
    per_seat = {s: cards(hands.get(s, "")) for s in range(n)}
    for s in range(n):
        while len(per_seat[s]) < h:
            per_seat[s].append(spare.pop(0))
    dead_cards = cards(dead)
    while len(dead_cards) < d:
        dead_cards.append(spare.pop(0))
    order: list[Card] = []
    for i in range(h * n):
        order.append(per_seat[(dealer + 1 + i) % n].pop(0))
    order += dead_cards + cards(turnup)
    return GAME.deal_from(state, order)


def lead(state: PJState, card: str) -> PJState:
    return GAME.apply(state, Lead(parse_card(card)))


def run_faces(state: PJState, k: int = -1) -> list[tuple[int, str]]:
    return [(s, state.deck[i].code) for s, i in state.runs[k]]


# -- the pack, the cut, the dealing --------------------------------------------------------------
def test_the_pack_has_no_eight_of_diamonds():
    assert len(PACK) == 51 and len(set(PACK)) == 51 and EIGHT_OF_DIAMONDS not in PACK
    assert POPE == Card(Rank.NINE, Suit.DIAMONDS)


@pytest.mark.parametrize("n, dead, each", [(3, 8, 14), (4, 6, 11), (5, 10, 8), (6, 8, 7), (7, 8, 6), (8, 10, 5)])
def test_the_dead_hand_is_six_or_more_and_the_hands_even(n, dead, each):
    assert dead_hand_size(n) == dead
    session = Session(GAME, {"players": n}, seed=n, human_seats=tuple(range(n)))
    session.play("dress")
    state = session.state
    assert [len(h) for h in state.hands] == [each] * n and len(state.dead) == dead
    assert state.turnup == 50 and state.trump == state.deck[50].suit


def test_the_first_dealer_is_whoever_receives_the_first_knave():
    for seed in range(40):
        state = GAME.apply(GAME.initial_state({"players": 5}), Cut(seed))
        cut = state.cut
        assert cut[-1][1].rank is Rank.JACK and all(c.rank is not Rank.JACK for _, c in cut[:-1])
        assert [s for s, _ in cut] == [k % 5 for k in range(len(cut))]    # dealt round from seat 0
        assert state.dealer == cut[-1][0] and state.phase == "dress"


def test_dressing_the_board_takes_fifteen_from_the_dealer():
    assert DRESS == (6, 2, 2, 1, 1, 1, 1, 1) and sum(DRESS) == 15
    state = dressed(4, dealer=2)
    assert state.board == DRESS and state.stocks == (60, 60, 45, 60)
    assert state.phase == "deal" and GAME.to_move(state) is Special.CHANCE


def test_the_player_on_the_dealers_left_leads_first():
    state = arranged({}, dealer=2)
    assert state.turn == 3 and state.phase == "play"


# -- the book's run and the stops ----------------------------------------------------------------
def test_the_books_run_two_three_four_of_diamonds_to_a_stop():
    """Blain's illustration: the two of diamonds is led, the three's holder plays it, the four's
    holder plays next, and the run goes on to a stop; the last card's player leads again."""
    state = arranged({1: "2D", 2: "3D", 3: "4D"}, dead="5D")
    state = lead(state, "2D")
    assert run_faces(state) == [(1, "2D"), (2, "3D"), (3, "4D")]
    assert state.turn == 3                       # the four made the stop: its player leads


def test_the_leader_plays_on_when_he_holds_the_next_card():
    state = arranged({1: "3S 4S 5S", 2: "6S"}, dead="7S")
    state = lead(state, "3S")
    assert run_faces(state) == [(1, "3S"), (1, "4S"), (1, "5S"), (2, "6S")] and state.turn == 2


def test_a_king_is_always_a_stop():
    state = arranged({1: "QH", 2: "KH"}, turnup="2C")
    state = lead(state, "QH")
    assert run_faces(state) == [(1, "QH"), (2, "KH")] and state.turn == 2


def test_the_seven_of_diamonds_is_always_a_stop():
    state = arranged({1: "6D", 3: "7D"})
    state = lead(state, "6D")
    assert run_faces(state) == [(1, "6D"), (3, "7D")] and state.turn == 3


def test_the_turn_up_and_a_played_card_are_stops():
    state = arranged({1: "9C 5H", 2: "4H 6H"}, dead="7H", turnup="10C")
    state = lead(state, "9C")
    assert run_faces(state) == [(1, "9C")] and state.turn == 1   # the ten is the turn-up
    state = lead(state, "5H")
    assert run_faces(state) == [(1, "5H"), (2, "6H")]
    assert state.turn == 2
    state = lead(state, "4H")                    # the five was played already: a stop
    assert run_faces(state) == [(2, "4H")] and state.turn == 2


# -- the compartments ----------------------------------------------------------------------------
def test_the_pope_played_takes_the_pope_compartment():
    state = arranged({1: "9D"}, dead="10D")
    before = state.stocks[1]
    state = lead(state, "9D")
    assert state.board[C["Pope"]] == 0 and state.stocks[1] == before + 6
    assert state.payments[-1].rule == "pope_joan#the-pope"


def test_trump_honours_and_matrimony_go_to_the_player():
    # hearts are trumps; seat 1 holds queen and king of hearts, seat 2 the knave
    state = arranged({1: "QH KH AH", 2: "JH"}, dead="2H", turnup="3H")
    state = lead(state, "AH")                    # the ace of trumps: only a lead brings it out
    assert state.board[C["Ace"]] == 0 and state.stocks[1] == 61
    state = lead(state, "QH")                    # queen, then his own king: Matrimony too
    assert run_faces(state) == [(1, "QH"), (1, "KH")]
    assert [state.board[C[k]] for k in ("Queen", "King", "Matrimony")] == [0, 0, 0]
    assert state.stocks[1] == 61 + 1 + 1 + 2
    assert state.payments[-1].rule == "pope_joan#matrimony-and-intrigue"
    assert state.board[C["Intrigue"]] == 2       # the knave went elsewhere: Intrigue stays


def test_intrigue_queen_and_knave_by_one_player():
    state = arranged({1: "JS QS", 3: "KS"}, dead="10S", turnup="4S")
    state = lead(state, "JS")
    assert run_faces(state) == [(1, "JS"), (1, "QS"), (3, "KS")]
    assert state.board[C["Intrigue"]] == 0 and state.stocks[1] == 60 + 1 + 1 + 2
    assert state.board[C["Matrimony"]] == 2      # king and queen by different players
    assert state.stocks[3] == 60 + 1             # the king of trumps


def test_an_honour_turned_up_goes_to_the_dealer():
    state = arranged({}, turnup="QC", dealer=0)
    assert state.board[C["Queen"]] == 0 and state.stocks[0] == 45 + 1


def test_the_pope_turned_up_ends_the_deal():
    state = arranged({}, turnup="9D", dealer=0)
    # Pope 6 and Game 1 to the dealer, and 11 from each of the three others (eleven cards each)
    assert state.stocks == (45 + 6 + 1 + 33, 49, 49, 49)
    assert state.board[C["Pope"]] == 0 and state.board[C["Game"]] == 0
    assert state.phase == "dress" and state.dealer == 1 and state.deal_no == 2


def test_going_out_takes_game_and_a_counter_a_card_but_the_popes_holder_is_excused():
    state = arranged({1: "AS", 2: "9D"}, dead="2S")
    state = replace(state, hands=(state.hands[0][:3], state.hands[1][:1], state.hands[2][:2],
                                  state.hands[3][:5]))
    stocks = state.stocks
    state = lead(state, "AS")
    assert state.stocks[1] == stocks[1] + 1 + 3 + 5          # Game, and 3 and 5 for the cards
    assert state.stocks[0] == stocks[0] - 3 and state.stocks[3] == stocks[3] - 5
    assert state.stocks[2] == stocks[2]                        # holds the Pope: excused
    assert state.phase == "dress" and state.dealer == 1
    texts = [p.text for p in state.payments[-3:]]
    assert any("excused" in t for t in texts)


def test_compartments_not_won_stay_for_the_next_deal():
    state = arranged({}, turnup="9D")            # a short deal: only Pope and Game were taken
    state = GAME.apply(state, Dress())
    assert state.board == (6, 4, 4, 2, 2, 2, 2, 1)


def test_counters_are_kept_across_deals_and_never_made_or_lost():
    def check(session):
        s = session.state
        assert sum(s.stocks) + sum(s.board) == s.n * s.stock_start
    for seed in range(4):
        session = random_playout(GAME, seed, max_steps=400, options={"players": 3, "rounds": 2}, check=check)
        assert session.to_move() is Special.TERMINAL
        assert session.state.deal_no == 6


def test_the_sitting_ends_after_the_agreed_rounds_with_the_most_counters():
    session = random_playout(GAME, 9, max_steps=500)
    state = session.state
    out = GAME.outcome(state)
    assert out is not None and out.rule == "pope_joan#the-sitting" and out.scores == state.stocks
    best = max(state.stocks)
    assert all((r > 0) == (s == best) for r, s in zip(out.results, state.stocks))


# -- refusals ------------------------------------------------------------------------------------
def test_illegal_leading_a_card_not_held():
    state = arranged({1: "2D", 2: "3D"})
    err = refusal(GAME, state, Lead(parse_card("3D")))
    assert err.rule == "pope_joan#the-play" and "three of diamonds" in str(err)


def test_illegal_leading_the_missing_eight():
    assert refusal(GAME, arranged({}), Lead(EIGHT_OF_DIAMONDS)).rule == "pope_joan#players-and-equipment"


def test_illegal_dressing_twice():
    assert refusal(GAME, arranged({}), Dress()).rule == "pope_joan#dressing-the-board"


def test_illegal_leading_before_the_board_is_dressed():
    state = replace(GAME.initial_state(), dealer=0, phase="dress", deal_no=1)
    assert refusal(GAME, state, Lead(parse_card("2C"))).rule == "pope_joan#dressing-the-board"


def test_illegal_dealing_during_the_play_and_cutting_again():
    state = arranged({})
    assert refusal(GAME, state, Deal(5)).rule == "pope_joan#dressing-the-board"
    assert refusal(GAME, state, Cut(5)).rule == "pope_joan#the-deal"


def test_illegal_anything_once_the_sitting_is_over():
    state = replace(GAME.initial_state(), phase="over")
    assert refusal(GAME, state, Dress()).rule == "pope_joan#the-sitting"


def test_every_rule_cited_is_a_heading():
    found = rulesdoc.anchors((rules_dir() / "pope_joan.md").read_text(encoding="utf-8"))
    assert {"the-play", "players-and-equipment", "dressing-the-board", "the-deal", "the-sitting",
            "the-pope", "the-turn-up", "the-compartments", "matrimony-and-intrigue", "going-out",
            "rank-of-cards", "stops", "the-board"} <= found


# -- views and what a seat can know --------------------------------------------------------------
def test_a_seat_sees_its_own_hand_only():
    state = arranged({1: "2D"})
    view = GAME.view(state, 1)
    assert all(vc.face is not None for vc in view.hands[1])
    assert all(vc.face is None for s in (0, 2, 3) for vc in view.hands[s])
    assert all(vc.face is None for vc in view.dead)
    assert view.turnup.face == parse_card("2C")


def test_a_stop_tells_everyone_the_next_card_is_dead_and_the_reshuffle_respects_it():
    state = lead(arranged({1: "2D", 2: "3D", 3: "4D"}, dead="5D"), "2D")
    view = GAME.view(state, 0)
    assert known_dead(view) == {parse_card("5D")}
    gen = SplitMix64(3)
    for _ in range(20):
        other = GAME.shuffle_unseen(state, 0, gen.next() & 0xFFFFFFF)
        assert GAME.view(other, 0) == view
        assert parse_card("5D") in {other.deck[i] for i in other.dead}


def test_text_forms():
    state = GAME.initial_state()
    for action in (Cut(12), Deal(7), Dress(), Lead(POPE)):
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action
    assert GAME.action_from_str(state, "play 9♦") == Lead(POPE)
    for bad in ("lead 11X", "deal x", "shuffle"):
        with pytest.raises(NotationError, match=repr(bad)):
            GAME.action_from_str(state, bad)
