"""The computer at dominoes never peeks: its choice depends on the seat's view alone, however
the hidden stones lie; what it infers from draws and knocks is sound; and it plays sensibly."""
from __future__ import annotations

import pickle

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compendium.ai.board.dominoes import DominoesPlayer, exclusions, sample_faces, unseen_faces, void_numbers
from compendium.ai.worker import decide
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games.board.dominoes import FIVES_AND_THREES, GAME, STONES, Deal, End, Play, parse_stone
from tests.games.conformance import random_playout

GAMES = {"draw": (GAME, {}), "block3": (GAME, {"game": "block", "players": 3}),
         "fives": (FIVES_AND_THREES, {}), "fives4": (FIVES_AND_THREES, {"players": 4})}


def position(kind: str, seed: int, steps: int):
    """A position part-way through a random game where the seat to move has a real choice."""
    game, options = GAMES[kind]
    session = Session(game, options, seed=seed)
    gen = SplitMix64(seed * 31 + steps)
    for k in range(steps + 200):
        seat = session.to_move()
        if isinstance(seat, Special):
            return None
        legal = session.legal_actions()
        if k >= steps and len(legal) > 1:
            return game, session.state, seat, legal
        session.play(legal[gen.below(len(legal))])
    return None


def redealt(game, state, seat, seed):
    """The same position as the seat sees it, with the unseen stones dealt afresh: once by the
    engine's own shuffle of the hidden faces, once by the computer's consistent sampling."""
    view = game.view(state, seat)
    yield game.shuffle_unseen(state, seat, seed)
    yield game.state_from_view(view, sample_faces(view, SplitMix64(seed)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), steps=st.integers(0, 30),
       other=st.integers(0, 1 << 30))
def test_level_2_decides_from_the_view_alone(kind, seed, steps, other):
    found = position(kind, seed, steps)
    if found is None:
        return
    game, state, seat, legal = found
    player = DominoesPlayer(2)
    view = game.view(state, seat)
    mine = player.choose(game, view, legal, state=state)
    assert mine in legal
    for world in redealt(game, state, seat, other):
        assert game.view(world, seat) == view                 # the seat cannot tell them apart
        assert game.legal_actions(world, seat) == tuple(legal)
        assert player.choose(game, game.view(world, seat), legal, state=world) == mine


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["draw", "fives"]), seed=st.integers(0, 10_000),
       steps=st.integers(0, 12), other=st.integers(0, 1 << 30))
def test_level_3_with_a_fixed_seed_decides_from_the_view_alone(kind, seed, steps, other):
    found = position(kind, seed, steps)
    if found is None:
        return
    game, state, seat, legal = found
    player = DominoesPlayer(3, seed=7)
    view = game.view(state, seat)
    mine = player.choose(game, view, legal, state=state)
    assert mine in legal
    world = next(iter(redealt(game, state, seat, other)))
    assert DominoesPlayer(3, seed=7).choose(game, game.view(world, seat), legal, state=world) == mine


def test_what_draws_and_knocks_reveal_is_true_of_the_real_hands():
    """Every number the computer rules out for a hidden stone is really absent from it."""
    checked = 0

    def check(session):
        nonlocal checked
        state = session.state
        if state.result is not None or not state.deck:
            return
        for seat in range(len(state.scores)):
            view = GAME.view(state, seat) if GAME is session.game else session.game.view(state, seat)
            for stone_id, lacking in exclusions(view).items():
                face = state.deck[stone_id]
                assert face.high not in lacking and face.low not in lacking
                checked += bool(lacking)
            for other in range(len(state.scores)):
                if other != seat:
                    void = void_numbers(view, other)
                    assert not any(state.deck[i].has(n) for i in state.hands[other] for n in void)
    for seed in range(6):
        random_playout(GAME, seed, max_steps=120, check=check)
        random_playout(GAME, seed, max_steps=120, options={"game": "block"}, check=check)
    assert checked > 50          # the inference was exercised, not vacuous


def test_sampled_deals_fill_every_hidden_stone_with_the_unseen_faces():
    session = random_playout(GAME, 4, max_steps=25)
    state = session.state
    seat = session.to_move() if isinstance(session.to_move(), int) else 0
    view = GAME.view(state, seat)
    hidden = {vc.id for h in view.hands for vc in h if vc.face is None} | {vc.id for vc in view.boneyard}
    ex = exclusions(view)
    for k in range(20):
        faces = sample_faces(view, SplitMix64(k))
        assert set(faces) == hidden
        assert sorted(faces.values()) == sorted(unseen_faces(view))
        for stone_id, face in faces.items():
            lacking = ex.get(stone_id, frozenset())
            assert face.high not in lacking and face.low not in lacking
        world = GAME.state_from_view(view, faces)
        assert sorted(world.deck) == sorted(STONES)


# -- sensible play ------------------------------------------------------------------------------------
def book_position():
    """Catalogue 6.5 after A's double-six: B holds the six-three (15: eight points) and the
    six-blank (12: four)."""
    named = [parse_stone(t) for t in "6-6 3-3 3-0 1-1 2-1 5-2 4-1 6-3 6-0 4-3 5-5 2-2 5-1 4-2".split()]
    order = tuple(named + [s for s in STONES if s not in named])
    state = FIVES_AND_THREES.apply(FIVES_AND_THREES.initial_state(), Deal(order=order, lead=0))
    return FIVES_AND_THREES.apply(state, Play(parse_stone("6-6")))


def test_every_level_takes_the_fifteen_in_the_book_position():
    state = book_position()
    legal = list(FIVES_AND_THREES.legal_actions(state, 1))
    view = FIVES_AND_THREES.view(state, 1)
    for level in (2, 3):
        choice = DominoesPlayer(level).choose(FIVES_AND_THREES, view, legal)
        assert choice.stone == parse_stone("6-3"), level
    # the beginner always scores when it can (every stone here scores something)
    for seed in range(10):
        choice = DominoesPlayer(1, seed=seed).choose(FIVES_AND_THREES, view, legal)
        assert choice in legal and choice.stone in (parse_stone("6-3"), parse_stone("6-0"))


def test_the_beginner_prefers_a_scoring_stone():
    state = book_position()
    state = FIVES_AND_THREES.apply(state, Play(parse_stone("6-3"), End.RIGHT))   # ends 12 and 3
    # A holds 3-3 (18: six), 3-0 (12: four) and others that do not match
    legal = list(FIVES_AND_THREES.legal_actions(state, 0))
    view = FIVES_AND_THREES.view(state, 0)
    for seed in range(10):
        choice = DominoesPlayer(1, seed=seed).choose(FIVES_AND_THREES, view, legal)
        assert choice.stone in (parse_stone("3-3"), parse_stone("3-0"))


def match(levels: tuple[int, int], seed: int) -> int:
    session = Session(GAME, seed=seed)
    players = [DominoesPlayer(levels[0]), DominoesPlayer(levels[1])]
    while isinstance(session.to_move(), int):
        seat = session.to_move()
        session.play(players[seat].choose(GAME, GAME.view(session.state, seat), session.legal_actions()))
    return session.state.winner


def test_the_club_player_beats_the_beginner():
    wins = sum(match((2, 1), seed) == 0 for seed in range(10))
    wins += sum(match((1, 2), seed) == 1 for seed in range(10))
    assert wins >= 15, wins


def test_the_player_crosses_to_the_worker_process():
    state = book_position()
    legal = tuple(FIVES_AND_THREES.legal_actions(state, 1))
    view = FIVES_AND_THREES.view(state, 1)
    again = pickle.loads(pickle.dumps((view, legal, DominoesPlayer(3, seed=2))))
    assert again[0] == view and again[1] == legal
    index, notes = decide("fives_and_threes", view, legal, None, None, 2)
    assert legal[index].stone == parse_stone("6-3") and "level" not in notes
