"""The computer at Euchre and Loo: legal at every level, no peeking, the simulated hand playing
by the games' own laws (Loo's duty to head the trick, a lone Euchre hand of three cards a trick),
and the rules of thumb of level 1."""
from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compendium.ai.registry import computer_player, game_ai
from compendium.ai.tricks.base import LEVELS
from compendium.ai.tricks.euchre import discard_choice, trump_count
from compendium.core.cards import Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.games.tricks.engine import Call
from compendium.games.tricks.euchre import GAME as EUCHRE
from compendium.games.tricks.loo import GAME as LOO
from tests.games.tricks_helpers import cards
from tests.games.tricks_helpers import random_position as position

GAMES = {"euchre": (EUCHRE, {}), "euchre3": (EUCHRE, {"players": 3}), "loo": (LOO, {}),
         "loo5": (LOO, {"form": "five"})}


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), steps=st.integers(0, 30),
       redeal=st.integers(0, 1 << 30))
def test_the_computer_does_not_peek(name, seed, steps, redeal):
    game, options = GAMES[name]
    state = position(game, seed, steps, options)
    seat = game.to_move(state)
    if isinstance(seat, Special):
        return
    other = game.shuffle_unseen(state, seat, redeal)
    view = game.view(state, seat)
    assert game.view(other, seat) == view
    legal = list(game.legal_actions(state, seat))
    assert list(game.legal_actions(other, seat)) == legal
    player = computer_player(game, 2)
    first = player.choose(game, view, legal)
    assert first == computer_player(game, 2).choose(game, game.view(other, seat), legal)
    assert first in legal


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_level_acts_legally_in_every_phase(name):
    game, options = GAMES[name]
    phases = set()
    for seed in range(4):
        for steps in (0, 1, 3, 6, 9, 14):
            state = position(game, seed, steps, options)
            seat = game.to_move(state)
            if isinstance(seat, Special):
                continue
            phases.add(state.phase)
            legal = list(game.legal_actions(state, seat))
            for level in LEVELS:
                assert computer_player(game, level).choose(game, game.view(state, seat), legal) in legal
    assert "play" in phases and len(phases) >= 2


def test_loos_simulated_hand_keeps_the_laws_of_play():
    """At every position of random hands the simulation allows exactly the engine's cards."""
    ai = game_ai(LOO)
    checked = 0
    for options in ({}, {"form": "five"}):
        for seed in range(12):
            for steps in range(6, 30, 3):
                state = position(LOO, seed, steps, options)
                seat = LOO.to_move(state)
                if state.phase != "play" or isinstance(seat, Special):
                    continue
                sim = ai.make_sim(LOO, state, ai.sim_rules(LOO, state))
                assert sorted(state.deck[i] for i in sim.legal(seat)) == sorted(LOO.playable(state, seat))
                checked += 1
    assert checked >= 20


def test_a_lone_hand_is_simulated_with_three_cards_a_trick():
    state = position(EUCHRE, 1, 0)
    state = EUCHRE.apply(state, Call("order-alone"))
    if state.phase == "discard":
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state, state.turn)[0])
    ai = game_ai(EUCHRE)
    sim = ai.make_sim(EUCHRE, state, ai.sim_rules(EUCHRE, state))
    sim.rollout(SplitMix64(3))
    assert len(sim.tricks) == 5 and all(len(ids) == 3 for _, ids in sim.tricks)
    assert not any(state.contract.out == w for w, _ in sim.tricks)


def test_euchre_rules_of_thumb():
    spades = Suit.SPADES
    assert trump_count(cards("J♠ J♣ A♠ 7♥ 8♦"), spades) >= 3.0          # both bowers and the ace
    assert trump_count(cards("7♠ 8♥ 9♦ 10♣ Q♥"), spades) < 3.0
    # the dealer keeps his trumps and an ace, and puts out the low card of a short suit
    assert discard_choice(cards("J♠ A♠ 9♠ A♥ 7♦ Q♣"), spades) == Card(Rank.SEVEN, Suit.DIAMONDS)
    player = computer_player(EUCHRE, 1)
    state = position(EUCHRE, 2, 0)
    seat = EUCHRE.to_move(state)
    choice = player.choose(EUCHRE, EUCHRE.view(state, seat), list(EUCHRE.legal_actions(state, seat)))
    assert isinstance(choice, Call) and not choice.word.endswith("-alone")   # level 1 never goes alone


def test_loo_level_one_stands_on_a_trump_and_the_exchange_keeps_trumps():
    from compendium.ai.tricks.loo import exchange_choice
    state = position(LOO, 3, 0, {"form": "five"})
    trump = state.trump
    hand = [Card(Rank.ACE, trump), Card(Rank.TWO, trump)] + [c for c in cards("7♠ 3♦ 4♣ 5♥ 6♠")
                                                              if c.suit != trump][:3]
    out = exchange_choice(LOO, state, hand, 0)
    assert out is not None and out.suit != trump and out.rank not in (Rank.ACE, Rank.KING)
    assert exchange_choice(LOO, state, [Card(Rank.ACE, trump)], 0) is None


def test_decisions_at_the_default_level_are_quick():
    times = []
    for name in sorted(GAMES):
        game, options = GAMES[name]
        for seed in range(3):
            for steps in (0, 4, 8):
                state = position(game, seed, steps, options)
                seat = game.to_move(state)
                if isinstance(seat, Special):
                    continue
                legal = list(game.legal_actions(state, seat))
                start = time.process_time()
                computer_player(game, 2).choose(game, game.view(state, seat), legal)
                times.append(time.process_time() - start)
    times.sort()
    assert times[int(len(times) * 0.95) - 1] < 1.0
