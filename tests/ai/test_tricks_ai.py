"""The computer at the trick-taking games: it plays legal cards and calls, it cannot peek (a re-deal
of the cards it cannot see never changes its choice), and the levels search as documented."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compendium.ai.tricks.base import LEVELS, TricksPlayer
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.tricks.all_fours import FOUR_HANDED
from compendium.games.tricks.all_fours import GAME as ALL_FOURS
from compendium.games.tricks.ecarte import GAME as ECARTE
from compendium.games.tricks.napoleon import GAME as NAPOLEON
from compendium.games.tricks.scotch_whist import GAME as SCOTCH
from compendium.games.tricks.solo_whist import GAME as SOLO
from tests.games.tricks_helpers import random_position as position

GAMES = {"scotch_whist": SCOTCH, "napoleon": NAPOLEON, "all_fours": ALL_FOURS,
         "all_fours_four_handed": FOUR_HANDED, "solo_whist": SOLO, "ecarte": ECARTE}


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), steps=st.integers(0, 40),
       redeal=st.integers(0, 1 << 30))
def test_the_computer_does_not_peek(name, seed, steps, redeal):
    """Re-dealing the cards the seat cannot see, consistently with its view, never changes its
    decision for a fixed random seed."""
    game = GAMES[name]
    state = position(game, seed, steps)
    seat = game.to_move(state)
    if isinstance(seat, Special):
        return
    other = game.shuffle_unseen(state, seat, redeal)
    view = game.view(state, seat)
    assert game.view(other, seat) == view
    legal = list(game.legal_actions(state, seat))
    assert list(game.legal_actions(other, seat)) == legal
    player = TricksPlayer(1, seed=7)
    first = player.choose(game, view, legal)
    second = TricksPlayer(1, seed=7).choose(game, game.view(other, seat), legal)
    assert first == second
    assert first in legal


def test_a_redeal_really_moves_the_unseen_cards():
    state = position(SOLO, 3, 5)
    seat = SOLO.to_move(state)
    other = SOLO.shuffle_unseen(state, seat, 12345)
    assert other.deck != state.deck                          # the test above is not vacuous
    view = SOLO.view(state, seat)
    hidden = [c.id for c in view.cards if c.face is None]
    assert any(other.deck[i] != state.deck[i] for i in hidden)
    assert all(other.deck[c.id] == c.face for c in view.cards if c.face is not None)


def test_redeals_respect_the_voids_shown():
    state = position(SCOTCH, 11, 30)
    seat = SCOTCH.to_move(state)
    voids = SCOTCH.voids(state)
    assert voids, "the position should show a void"
    for k in range(20):
        other = SCOTCH.shuffle_unseen(state, seat, k)
        for slot, suits in voids.items():
            assert not any(other.deck[i].suit in suits for i in other.hands[slot])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_level_plays_a_legal_action(name):
    game = GAMES[name]
    for level in LEVELS:
        state = position(game, 21, 3)
        seat = game.to_move(state)
        legal = list(game.legal_actions(state, seat))
        assert TricksPlayer(level).choose(game, game.view(state, seat), legal) in legal
    with pytest.raises(ValueError):
        TricksPlayer(4)


def test_the_computer_never_revokes_even_when_allowed():
    state = position(SCOTCH, 2, 0)
    session = Session(SCOTCH, {"revokes": "penalised"}, seed=2)
    player = TricksPlayer(1)
    for _ in range(36):
        seat = session.to_move()
        if isinstance(seat, Special):
            break
        action = player.choose(SCOTCH, SCOTCH.view(session.state, seat), session.legal_actions())
        session.play(action)
        assert not session.state.revokes
    assert state.deck
