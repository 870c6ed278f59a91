"""The computer at the Poker chapter's varieties: it sees only its seat's view (at Stud the others'
up cards, never a hole card), plays every variety at three levels quickly, exchanges with the widow
for a better hand and knocks on a good one, and sizes its raises at table stakes."""
from __future__ import annotations

import time
from dataclasses import replace

import pytest

from compendium.ai.registry import computer_player
from compendium.core.cards import PACKS
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.chance.draw_poker import GAME, Better, Deal, Exchange, Knock, MakeGood, Pass, TakeWidow

VARIETIES = [{"variety": "straight"}, {"variety": "stud"}, {"variety": "whiskey"},
             {"stakes": "table"}, {"tiger": True}]
IDS = ["straight", "stud", "whiskey", "table-stakes", "tiger"]


def positions(options: dict, seed: int, count: int):
    """Decisions from a random session of four under ``options``."""
    session = Session(GAME, {"players": 4, **options}, seed=seed, human_seats=tuple(range(4)))
    gen = SplitMix64(seed)
    out = []
    while len(out) < count and not isinstance(session.to_move(), Special):
        out.append(session.state)
        legal = session.legal_actions()
        pick = [a for a in legal if isinstance(a, (MakeGood, Pass, Exchange))] or list(legal)
        session.play(pick[gen.below(len(pick))])
    return out


@pytest.mark.parametrize("options", VARIETIES, ids=IDS)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_computer_sees_only_its_view(options, level):
    """Exchanging every card it cannot see (the others' hole cards and hands, the stock, the widow
    face down) changes neither its view nor its choice."""
    for state in positions(options, 5, 24)[::3]:
        seat = state.turn
        legal = list(GAME.legal_actions(state, seat))
        choice = computer_player(GAME, level).choose(GAME, GAME.view(state, seat), legal)
        assert choice in legal
        other = GAME.shuffle_unseen(state, seat, 77)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert computer_player(GAME, level).choose(GAME, GAME.view(other, seat), legal) == choice


def test_at_stud_the_others_up_cards_are_seen_and_their_hole_cards_never():
    for state in positions({"variety": "stud"}, 9, 10):
        seat = state.turn
        view = GAME.view(state, seat)
        for other in range(state.n):
            if other == seat or not state.hands[other]:
                continue
            hole, *up = state.hands[other]
            assert view.face(hole) is None
            assert all(view.face(i) == state.deck[i] for i in up)


@pytest.mark.parametrize("options", VARIETIES, ids=IDS)
def test_decision_time_p95_under_a_second(options):
    """Level 3, the slowest, over a whole session's decisions (about 0.01–0.06 s today)."""
    times = []
    for state in positions(options, 3, 40):
        seat = state.turn
        legal = list(GAME.legal_actions(state, seat))
        start = time.process_time()
        computer_player(GAME, 3).choose(GAME, GAME.view(state, seat), legal)
        times.append(time.process_time() - start)
    times.sort()
    assert times[int(len(times) * 0.95) - 1] < 1.0


def whiskey_with_the_widow_up(mine: str, widow: str):
    """Three players, A (the computer, the Age) to move with the widow face up."""
    hands = [mine.split(), "2C 4D 6H 8S 10C".split(), "3C 5D 7H 9S JC".split()]
    dealt = [parse_card(h[k]) for k in range(5) for h in hands] + [parse_card(c) for c in widow.split()]
    order = tuple(dealt + [c for c in PACKS["52"] if c not in dealt])
    state = GAME.apply(GAME.initial_state({"players": 3, "variety": "whiskey"}), Deal(0, order))
    state = GAME.apply(GAME.apply(GAME.apply(state, Pass()), Pass()), Pass())
    # A passed in the first round: he must now exchange or knock (no pass twice running)
    return replace(state, passed_last=(False, False, False))


@pytest.mark.parametrize("level", [2, 3])
def test_whiskey_the_computer_takes_the_widows_card_that_makes_fours(level):
    state = whiskey_with_the_widow_up("KS KH KD 3H 2S", "KC 9D 9C 4H QD")
    choice = computer_player(GAME, level).choose(GAME, GAME.view(state, 0), list(GAME.legal_actions(state, 0)))
    assert isinstance(choice, Exchange) and choice.take == parse_card("KC")


def test_whiskey_the_computer_knocks_on_a_strong_hand():
    state = whiskey_with_the_widow_up("AS AH AD AC 2S", "KC 9D 9C 4H QD")
    for level in (1, 2, 3):
        choice = computer_player(GAME, level).choose(GAME, GAME.view(state, 0), list(GAME.legal_actions(state, 0)))
        assert choice == Knock()


def test_whiskey_the_computer_takes_the_unseen_widow_for_nothing_sometimes():
    choices = set()
    for seed in range(12):
        state = GAME.apply(GAME.initial_state({"players": 3, "variety": "whiskey"}), Deal(seed))
        hand = sorted(state.deck[i] for i in state.hands[0])
        from compendium.games.poker_hands import Category, hand_value
        if hand_value(hand).category == Category.HIGH_CARD:
            choices.add(type(computer_player(GAME, 3).choose(GAME, GAME.view(state, 0),
                                                                list(GAME.legal_actions(state, 0)))))
    assert TakeWidow in choices


def test_at_table_stakes_raises_are_sized_to_the_pool_not_the_stock():
    for state in positions({"stakes": "table", "players": 3}, 4, 60):
        seat = state.turn
        if state.phase not in ("before", "after"):
            continue
        legal = list(GAME.legal_actions(state, seat))
        choice = computer_player(GAME, 3).choose(GAME, GAME.view(state, seat), legal)
        if isinstance(choice, Better):
            assert choice.amount <= max(12, state.pool)


@pytest.mark.parametrize("options", VARIETIES, ids=IDS)
def test_a_demo_plays_a_whole_session_of_each_variety(options):
    result = play_demo(GAME, 4, {**options, "deals": 10}, level=1)
    assert result.finished and result.session.outcome() is not None
    again = Session.from_record(result.session.record(), GAME)
    assert again.state == result.session.state
