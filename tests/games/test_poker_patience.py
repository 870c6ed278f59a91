"""Poker Patience and Serpent Poker Patience: the laws of laying out, with the rule behind each
refusal, the scoring, the book's settlement and the book's serpent problem."""
from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest

from compendium.core import records
from compendium.core.cards import Card, standard_pack
from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_cards
from compendium.core.session import Session
from compendium.games.patience.engine import Deal
from compendium.games.patience.poker_patience import (
    FREE_WIDTH,
    GAME,
    SIDE,
    Place,
    PokerPatienceState,
    line_scores,
    payments,
    settle,
)
from compendium.games.patience.serpent_poker_patience import BOOK_DEAL, SerpentState, rook_paths
from compendium.games.patience.serpent_poker_patience import GAME as SERPENT
from compendium.games.poker_hands import Category
from tests.games.conformance import random_playout, refusal

DATA = Path(__file__).parent / "data"


# -- helpers -------------------------------------------------------------------------------------
def place(name: str) -> Place:
    return Place(int(name[1]) - 1, ord(name[0]) - ord("a"))


def cells(names: str, width: int) -> tuple[int, ...]:
    return tuple(place(n).cell(width) for n in names.split())


def position(cards: str = "", *squares: str, **options) -> PokerPatienceState:
    """A Poker Patience position: the pack starts with ``cards`` (the rest follow in pack order),
    and each seat has laid its first cards on the places named in ``squares``."""
    opts = GAME.resolve_options(options)
    first = list(parse_cards(cards)) if cards else []
    deck = tuple(first + [c for c in standard_pack() if c not in first])
    width = GAME.width_of(opts)
    squares = squares or ("",)
    assert len(squares) == opts["players"]
    placed = tuple(cells(s, width) if s else () for s in squares)
    return PokerPatienceState(deck, placed, 0, tuple(sorted(opts.items())))


def legal_names(game, state, seat: int = 0) -> set[str]:
    return {game.action_to_str(a) for a in game.legal_actions(state, seat)}


def grid_path(numbers: str) -> tuple[int, ...]:
    """The book's way of showing a serpent: the number of each card in the order, place by place
    (rows top to bottom); returns the place of card 1, card 2, ..."""
    order = [int(n) for n in numbers.split()]
    return tuple(order.index(k) for k in range(1, 26))


SQUARE_81 = """C10 H6 C3 H5 H8 / H10 HQ HJ HA HK / CQ DQ S3 SJ SQ / S5 D6 H3 H7 H4 / H2 S6 D3 D2 C2"""
PATH_81 = grid_path("7 8 9 12 13  6 5 10 11 14  3 4 21 20 15  2 1 22 19 16  25 24 23 18 17")
SQUARE_78 = """D6 SJ S3 H3 D3 / S5 H7 D2 H2 S6 / CQ DQ C2 H4 SQ / H10 HQ HJ HA HK / C10 H6 C3 H5 H8"""
PATH_78 = grid_path("1 20 21 22 23  2 19 18 25 24  3 4 17 16 15  6 5 10 11 14  7 8 9 12 13")


def square_cards(text: str) -> list[tuple[int, Card]]:
    cards = [c for row in text.split("/") for c in parse_cards(" ".join(row.split()))]
    return list(enumerate(cards))


# -- the deal ------------------------------------------------------------------------------------
def test_the_deal_turns_one_card_and_hides_the_rest():
    session = Session(GAME, {"frame": "fixed"}, seed=143)
    assert session.actions_text == ("deal 143",)
    view = GAME.view(session.state, 0)
    assert view.cards == () and view.card is not None and view.card.id == 0
    assert len(view.stock) == 51 and all(c.face is None for c in view.stock)


def test_golden_deal_143():
    """Deal numbers mean the same cards on every machine and every version."""
    state = Session(GAME, seed=143).state
    assert " ".join(str(c) for c in state.deck[:8]) == "2♥ 4♣ K♣ 4♦ 6♦ 5♦ Q♦ 2♠"


def test_in_the_books_game_the_first_card_is_laid_for_every_player():
    """The square grows from the first card, so its place decides nothing: it goes on e5, the
    middle of the 9 × 9 field, and the second card is turned."""
    state = Session(GAME, {"players": 3}, seed=5).state
    assert state.placed == ((40,), (40,), (40,))
    view = GAME.view(state, 0)
    assert view.width == FREE_WIDTH and [c for c, _ in view.cards] == [40] and view.card.id == 1


# -- legal actions -------------------------------------------------------------------------------
def test_legal_the_first_card_may_go_anywhere_in_a_fixed_frame():
    state = position(frame="fixed")
    assert len(GAME.legal_actions(state, 0)) == 25
    assert GAME.apply(state, place("e5")).placed == ((24,),)


def test_legal_a_card_touching_one_already_down_in_any_of_eight_ways():
    state = position("", "c3", frame="fixed")
    assert legal_names(GAME, state) == {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}
    state = position("", "a1", frame="fixed")
    assert legal_names(GAME, state) == {"a2", "b1", "b2"}


def test_legal_corner_to_corner_is_enough():
    state = position("", "c3 d4", frame="fixed")
    after = GAME.apply(state, place("e5"))        # touches d4 only by its corner
    assert after.placed == (cells("c3 d4 e5", SIDE),)


def test_legal_the_free_square_grows_on_every_side_of_its_first_card():
    state = position("", "e5")
    assert legal_names(GAME, state) == {"d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"}


def test_legal_the_free_square_may_still_grow_the_other_way():
    """Five cards across: nothing more may go left or right of them, but the rows above and
    below remain open, and the square may yet lie anywhere from row 1 to row 9."""
    state = position("", "c5 d5 e5 f5 g5")
    legal = legal_names(GAME, state)
    assert {"b4", "b5", "b6", "h4", "h5", "h6"}.isdisjoint(legal)
    assert {"c4", "g4", "c6", "g6", "e4", "e6"} <= legal


def test_legal_any_empty_place_in_the_open_frame():
    state = position("", "a1", frame="open")
    legal = legal_names(GAME, state)
    assert len(legal) == 24 and "e5" in legal


# -- illegal actions, each with its law ----------------------------------------------------------
def test_illegal_a_place_already_taken():
    state = position("Q♠ 7♥", "c3", frame="fixed")
    err = refusal(GAME, state, "c3")
    assert err.rule == "poker_patience#laying-out"
    assert "c3" in err.reason and "queen of spades" in err.reason


def test_illegal_a_place_touching_no_card():
    state = position("", "c3", frame="fixed")
    err = refusal(GAME, state, "e5")
    assert err.rule == "poker_patience#laying-out" and "e5" in err.reason and "touches no card" in err.reason


def test_illegal_spreading_beyond_five_across():
    state = position("", "c5 d5 e5 f5 g5")
    err = refusal(GAME, state, "h5")
    assert err.rule == "poker_patience#the-square" and "h5" in err.reason and "five by five" in err.reason


def test_illegal_spreading_beyond_five_down():
    state = position("", "e3 e4 e5 e6 e7")
    err = refusal(GAME, state, "d8")
    assert err.rule == "poker_patience#the-square" and "d8" in err.reason


def test_illegal_a_place_off_the_field():
    state = position("", "c3", frame="fixed")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, Place(5, 2))
    assert info.value.rule == "poker_patience#the-square" and "c6" in info.value.reason


def test_illegal_after_the_square_is_complete():
    session = random_playout(GAME, 4)
    assert session.to_move() is Special.TERMINAL
    with pytest.raises(IllegalAction) as info:
        GAME.apply(session.state, place("a1"))
    assert info.value.rule == "poker_patience#end-of-the-game"


def test_illegal_dealing_twice_or_placing_before_the_deal():
    state = position()
    assert "already been dealt" in GAME.why_illegal(state, Deal(3)).reason
    empty = GAME.initial_state()
    assert "not been dealt" in GAME.why_illegal(empty, place("a1")).reason


def test_a_refusal_leaves_the_session_unchanged():
    session = Session(GAME, {"frame": "fixed"}, seed=2)
    session.play("c3")
    before = session.state
    with pytest.raises(IllegalAction):
        session.play("a5")
    assert session.state is before


# -- notation ------------------------------------------------------------------------------------
def test_places_are_read_and_written():
    state = position(frame="fixed")
    assert GAME.action_from_str(state, " C3 ") == Place(2, 2)
    assert GAME.action_to_str(Place(4, 0)) == "a5"
    assert GAME.action_from_str(state, "deal 42") == Deal(42)
    free = position()
    assert GAME.action_from_str(free, "i9") == Place(8, 8)


@pytest.mark.parametrize("text", ["f1", "a6", "c0", "zz", "c3c", "", "deal x", "place 3"])
def test_bad_text_is_refused_quoting_it(text):
    state = position(frame="fixed")
    with pytest.raises(NotationError) as info:
        GAME.action_from_str(state, text)
    assert repr(text) in str(info.value)


# -- scoring -------------------------------------------------------------------------------------
def test_the_books_square_of_81_scores_line_by_line():
    lines = line_scores(square_cards(SQUARE_81), SIDE)
    rows = [l.points for l in lines if l.kind == "row"]
    cols = [l.points for l in lines if l.kind == "column"]
    assert rows == [0, 30, 6, 12, 6] and cols == [1, 10, 16, 0, 0]
    assert sum(rows + cols) == 81
    assert [l.category for l in lines if l.kind == "column"][:3] == [Category.ONE_PAIR, Category.FULL,
                                                                     Category.FOURS]


def test_the_books_square_of_78_scores_line_by_line():
    lines = line_scores(square_cards(SQUARE_78), SIDE)
    rows = [l.points for l in lines if l.kind == "row"]
    cols = [l.points for l in lines if l.kind == "column"]
    assert rows == [6, 1, 6, 30, 0] and cols == [1, 1, 3, 30, 0]      # the two straight flushes
    assert sum(rows + cols) == 78


def test_lines_not_yet_full_count_as_they_stand():
    cards = [(0, c) for c in ()] + list(zip((0, 1, 2, 3), parse_cards("5♥ 6♥ 7♥ 8♥")))
    (row,) = [l for l in line_scores(cards, SIDE) if l.kind == "row"]
    assert row.count == 4 and row.points == 0 and row.category is Category.HIGH_CARD
    cards = list(zip((0, 5, 10), parse_cards("5♥ 5♠ 5♦")))
    (col,) = [l for l in line_scores(cards, SIDE) if l.kind == "column"]
    assert col.points == 6 and col.name == "threes (fives)"


def test_the_american_table_option():
    lines = line_scores(square_cards(SQUARE_81), SIDE, "american")
    assert sum(l.points for l in lines) == 100 + 10 + 15 + 10 + 2 + 25 + 50


def test_the_score_is_the_sum_of_the_ten_lines_and_each_line_cites_the_table():
    session = random_playout(GAME, 11)
    view = GAME.view(session.state, 0)
    assert len(view.lines) == 10 and all(l.count == 5 for l in view.lines)
    events = GAME.score_events(session.state)
    assert sum(e.points for e in events) == view.total == session.outcome().scores[0]
    assert all(e.rule == "poker_patience#scoring" for e in events)


def test_a_free_square_always_ends_five_by_five():
    for seed in range(6):
        session = random_playout(GAME, seed)
        (placed,) = session.state.placed
        rows = {c // FREE_WIDTH for c in placed}
        cols = {c % FREE_WIDTH for c in placed}
        assert len(placed) == 25 and len(rows) == 5 and len(cols) == 5
        assert max(rows) - min(rows) == 4 and max(cols) - min(cols) == 4


def test_playing_alone_the_target_decides_the_win():
    session = random_playout(GAME, 11, options={"target": 40})
    outcome = session.outcome()
    score = outcome.scores[0]
    assert outcome.results == ((1.0,) if score >= 40 else (0.0,))
    assert outcome.rule == "poker_patience#scoring" and str(score) in outcome.reason


# -- several players -----------------------------------------------------------------------------
def test_the_books_settlement():
    """Catalogue 6.4: A 87, B 81, C 78, D 78, E 65 settle to +46, +16, +1, +1, -64."""
    scores = [87, 81, 78, 78, 65]
    assert settle(scores) == (46, 16, 1, 1, -64)
    paid = {(payer, payee): amount for payer, payee, amount in payments(scores)}
    assert [paid[(p, 0)] for p in (1, 2, 3, 4)] == [6, 9, 9, 22]      # A is paid by B, C, D, E
    assert [paid[(p, 1)] for p in (2, 3, 4)] == [3, 3, 16]            # B by C, D, E
    assert paid[(4, 2)] == paid[(4, 3)] == 13                         # C and D by E
    assert (2, 3) not in paid and (3, 2) not in paid                  # equal scores pay nothing
    # the pairwise payments and the short way agree
    nets = [0] * 5
    for payer, payee, amount in payments(scores):
        nets[payer] -= amount
        nets[payee] += amount
    assert tuple(nets) == settle(scores) and sum(nets) == 0


def test_every_player_lays_each_card_in_turn():
    session = Session(GAME, {"players": 3, "frame": "fixed"}, seed=8)
    order = []
    for _ in range(7):
        seat = session.to_move()
        order.append(seat)
        view = GAME.view(session.state, seat)
        assert view.card is not None and view.card.id == len(view.cards)
        session.play(GAME.legal_actions(session.state, seat)[0])
    assert order == [0, 1, 2, 0, 1, 2, 0]
    assert GAME.legal_actions(session.state, 2) == ()        # not its turn


def test_the_squares_are_separate_and_the_same_cards_are_laid():
    state = position("K♠ 3♦", "c3", "a1", frame="fixed", players=2)
    state = dataclasses.replace(state, placed=(cells("c3 d3", SIDE), cells("a1", SIDE)))
    assert GAME.to_move(state) == 1
    assert legal_names(GAME, state, 1) == {"a2", "b1", "b2"}       # its own square, not A's
    view = GAME.view(state, 1)
    assert str(view.card.face) == "3♦"           # the card A has just laid
    (other,) = view.others
    assert other.seat == 0 and [str(c) for _, c in other.cards] == ["K♠", "3♦"]


def test_no_view_shows_a_card_before_it_is_turned():
    """Shuffling the cards not yet turned among themselves changes no player's view."""
    for seed in range(4):
        def check(session):
            state = session.state
            if not state.deck:
                return
            turned = GAME.turned(state)
            rest = list(state.deck[turned:])
            other = dataclasses.replace(state, deck=state.deck[:turned] + tuple(rest[1:] + rest[:1]))
            for seat in range(len(state.placed)):
                assert GAME.view(other, seat) == GAME.view(state, seat)
                view = GAME.view(state, seat)
                assert all(c.face is None for c in view.stock)
                assert all(c.id < turned for _, c in view.cards)
        random_playout(GAME, seed, options={"players": 3}, check=check)


def test_a_game_against_four_computer_players_ends_in_the_books_settlement():
    from compendium.demo import play_demo
    result = play_demo(GAME, 6, {"players": 5}, level=1)
    outcome = result.session.outcome()
    assert outcome is not None and outcome.rule == "poker_patience#settling-up"
    view = GAME.view(result.session.state, 0)
    assert view.settlement == settle(outcome.scores)
    assert outcome.results == tuple(1.0 if n > 0 else 0.5 if n == 0 else 0.0 for n in view.settlement)
    assert [o.total for o in view.others] == list(outcome.scores[1:])


def test_undo_takes_back_the_players_card_and_the_replies_after_it():
    session = Session(GAME, {"players": 3, "frame": "fixed"}, seed=1)
    session.play("c3")
    session.play("a1")      # computer seats, played here by hand
    session.play("e5")
    state = session.state
    session.play("c4")
    assert session.undo()
    assert session.state == state and session.to_move() == 0


# -- a whole game --------------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "poker_patience_win.json")
    session = Session.from_record(records.loads(text), source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome.results == (1.0,) and outcome.scores[0] >= session.options["target"]
    assert outcome.scores[0] == GAME.view(session.state, 0).total


# == Serpent Poker Patience =======================================================================
def serpent(path: str = "", **options) -> SerpentState:
    state = SERPENT.initial_state(options)
    return dataclasses.replace(state, path=cells(path, SIDE) if path else ())


def test_the_books_cards_are_built_in():
    state = SERPENT.initial_state()
    assert state.deck == BOOK_DEAL and SERPENT.to_move(state) == 0
    assert " ".join(str(c) for c in BOOK_DEAL[:5]) == "6♦ 5♠ Q♣ Q♦ Q♥"
    assert " ".join(str(c) for c in BOOK_DEAL[-5:]) == "3♠ 3♥ 3♦ 6♠ 2♥"
    assert len(set(BOOK_DEAL)) == 25
    view = SERPENT.view(state, 0)
    assert [c.face for c in view.cards] == list(BOOK_DEAL)      # every card is known in advance


def test_a_random_deal_is_a_recorded_chance_event():
    session = Session(SERPENT, {"deal": "random"}, seed=77)
    assert session.actions_text == ("deal 77",)
    assert len(set(session.state.deck)) == 25


def test_there_are_8648_rook_paths_over_the_board():
    paths = rook_paths()
    assert len(paths) == len(set(paths)) == 8648
    for path in paths[::97]:
        assert sorted(path) == list(range(25))
        assert all(abs(a // 5 - b // 5) + abs(a % 5 - b % 5) == 1 for a, b in itertools.pairwise(path))
    assert set(paths) == {tuple(reversed(p)) for p in paths}
    assert {p[0] for p in paths} == {c for c in range(25) if (c // 5 + c % 5) % 2 == 0}


def test_serpent_legal_the_first_card_on_any_dark_place():
    names = legal_names(SERPENT, serpent())
    assert names == {"a1", "c1", "e1", "b2", "d2", "a3", "c3", "e3", "b4", "d4", "a5", "c5", "e5"}


def test_serpent_legal_each_card_beside_the_one_before():
    assert legal_names(SERPENT, serpent("c3")) == {"c2", "b3", "d3", "c4"}
    assert legal_names(SERPENT, serpent("a1")) == {"a2", "b1"}
    state = SERPENT.apply(serpent("a1"), place("b1"))
    assert state.path == cells("a1 b1", SIDE)


def test_serpent_illegal_a_first_card_on_a_light_place():
    err = refusal(SERPENT, serpent(), "b1")
    assert err.rule == "serpent_poker_patience#the-board" and "b1" in err.reason


def test_serpent_illegal_corner_to_corner():
    err = refusal(SERPENT, serpent("c3"), "d4")
    assert err.rule == "serpent_poker_patience#laying-the-serpent"
    assert "corner to corner" in err.reason and "d4" in err.reason


def test_serpent_illegal_a_place_not_beside_the_last_card():
    err = refusal(SERPENT, serpent("c3 c4"), "c2")       # beside the first card, not the last
    assert err.rule == "serpent_poker_patience#laying-the-serpent" and "c2" in err.reason
    assert "five of spades on c4" in err.reason


def test_serpent_illegal_a_place_already_taken():
    err = refusal(SERPENT, serpent("a1 b1 b2"), "b1")
    assert err.rule == "serpent_poker_patience#laying-the-serpent" and "already holds" in err.reason


def test_serpent_illegal_a_card_that_would_strand_the_serpent():
    """a1, a2, b2: the serpent must now turn up to b1 (then c1 ...).  Going on to c2 or b3
    leaves b1 a corner pocket it could enter only as its last place, while other places would
    be cut off as well."""
    state = serpent("a1 a2 b2")
    assert legal_names(SERPENT, state) == {"b1"}
    for name in ("c2", "b3"):
        err = refusal(SERPENT, state, name)
        assert err.rule == "serpent_poker_patience#laying-the-serpent"
        assert name in err.reason and "every place" in err.reason


def test_serpent_illegal_off_the_board_and_after_the_end():
    with pytest.raises(IllegalAction) as info:
        SERPENT.apply(serpent("c3"), Place(2, 5))
    assert info.value.rule == "serpent_poker_patience#the-board"
    done = dataclasses.replace(serpent(), path=PATH_81)
    with pytest.raises(IllegalAction) as info:
        SERPENT.apply(done, place("a1"))
    assert info.value.rule == "serpent_poker_patience#end-of-the-game"


def test_every_serpent_the_rules_allow_can_be_finished():
    for seed in range(8):
        session = random_playout(SERPENT, seed, options={"deal": "random"})
        assert session.to_move() is Special.TERMINAL and len(session.state.path) == 25


def play_serpent(path: tuple[int, ...]) -> Session:
    session = Session(SERPENT)
    for cell in path:
        session.play(SERPENT.action_to_str(Place(*divmod(cell, SIDE))))
    return session


def test_the_books_78_arrangement_scores_78_and_is_not_the_best():
    session = play_serpent(PATH_78)
    outcome = session.outcome()
    assert outcome.scores == (78,) and outcome.results == (0.0,)
    assert "81" in outcome.reason and outcome.rule == "serpent_poker_patience#the-best-serpent"


def test_the_books_81_arrangement_solves_the_problem():
    session = play_serpent(PATH_81)
    outcome = session.outcome()
    assert outcome.scores == (81,) and outcome.results == (1.0,)
    view = SERPENT.view(session.state, 0)
    assert view.total == 81 and [l.points for l in view.lines] == [0, 30, 6, 12, 6, 1, 10, 16, 0, 0]
    assert sum(e.points for e in SERPENT.score_events(session.state)) == 81


def test_serpent_notation():
    state = serpent()
    assert SERPENT.action_from_str(state, "e5") == Place(4, 4)
    for bad in ("f1", "a6", "e", "deal"):
        with pytest.raises(NotationError) as info:
            SERPENT.action_from_str(state, bad)
        assert repr(bad) in str(info.value)
