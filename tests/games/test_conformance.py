"""The shared conformance suite, run over every playable game (DESIGN.md section 7, item 5)."""
from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from compendium.core import records
from compendium.core.cards import PACKS
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games import registry
from compendium.games.patience.engine import PatienceGame, PatienceState
from compendium.games.tricks.engine import TrickGame

from .conformance import random_playout, view_cards

PLAYABLE = registry.playable_ids()
# Deals per check: the stress test (marked ``stress``) plays a thousand random games of every
# game for the invariants; here each check needs enough deals to meet its cases, not more.
SEEDS = range(8)
SEEDS_PER_OPTION = range(2)


@pytest.fixture(params=PLAYABLE)
def game(request):
    return registry.get_game(request.param)


def option_sets(game):
    """The default options and, for each option, each other choice (one at a time)."""
    yield {}
    for spec in game.option_specs:
        for choice in spec.choices:
            if choice != spec.default:
                yield {spec.name: choice}


def runs(game):
    """(options, seed) for every check: many deals under the defaults, a few under each option."""
    for options in option_sets(game):
        for seed in SEEDS if not options else SEEDS_PER_OPTION:
            yield options, seed


def test_every_catalogue_game_is_listed_and_playable_ones_load():
    assert len(registry.all_games()) == 74
    assert "canfield_or_klondike" in PLAYABLE
    for gid in PLAYABLE:
        assert registry.get_game(gid).info.id == gid


def test_random_playouts_keep_every_card(game):
    """No card is ever lost or duplicated, and the pack is the game's pack, under every option.
    (For games without a dealt deck: no physical id appears twice in a view.)"""
    pack = Counter(PACKS[game.pack]) if isinstance(game, PatienceGame) else None

    def check(session):
        ids = [c.id for c in view_cards(game.view(session.state, 0))]
        assert len(ids) == len(set(ids)), "a physical card is shown twice"
        if pack is None:
            return
        assert sorted(ids) == list(range(len(session.state.deck)))
        if session.state.deck:
            assert Counter(session.state.deck) == pack
    for options, seed in runs(game):
        random_playout(game, seed, options=options, check=check)


def test_action_text_round_trips(game):
    def check(session):
        for action in session.legal_actions():
            text = game.action_to_str(action)
            assert game.action_from_str(session.state, text) == action, text
    for options, seed in runs(game):
        random_playout(game, seed, options=options, check=check)


def test_replay_from_record_reaches_the_same_state(game, tmp_path):
    for options, seed in runs(game):
        session = random_playout(game, seed, options=options)
        path = tmp_path / f"{seed}.json"
        records.save(path, session.record())
        text = records.read_text(path)
        again = Session.from_record(records.loads(text), source_text=text)
        assert again.state == session.state
        assert again.actions_text == session.actions_text


def test_undo_to_the_start_and_redo_to_the_end(game):
    for options, seed in runs(game):
        session = random_playout(game, seed, max_steps=120, options=options)
        final = session.state
        start = Session(game, options, seed=seed).state
        while session.undo():
            pass
        assert session.state == start
        while session.redo():
            pass
        assert session.state == final


def test_save_and_load_keep_the_redo_list(game, tmp_path):
    session = random_playout(game, 3, max_steps=60)
    for _ in range(5):
        session.undo()
    path = tmp_path / "g.json"
    records.save(path, session.record())
    loaded = Session.from_record(records.loads(records.read_text(path)))
    assert loaded.state == session.state
    while session.redo():
        assert loaded.redo()
        assert loaded.state == session.state
    assert not loaded.redo()


def test_views_never_leak_what_a_seat_cannot_see(game):
    """For a game with hidden information other than a patience: exchanging what a seat cannot
    see (the others' hands, the stock, the boneyard) leaves that seat's view unchanged.  The game
    offers ``shuffle_unseen(state, seat, seed)`` for this test and for its computer players."""
    if game.info.information != "hidden" or isinstance(game, PatienceGame):
        pytest.skip("perfect information, or a patience (its own test below)")
    shuffle = getattr(game, "shuffle_unseen", None)
    assert shuffle is not None, (f"{game.info.id} hides information: it must offer "
                                 "shuffle_unseen(state, seat, seed) for the no-peeking test")
    gen = SplitMix64(99)

    def check(session):
        state = session.state
        if isinstance(session.to_move(), Special) and session.to_move() is Special.TERMINAL:
            return
        for seat in range(game.seat_count(state)):
            other = shuffle(state, seat, gen.below(1 << 30))
            assert game.view(other, seat) == game.view(state, seat)
    for options, seed in runs(game):
        random_playout(game, seed, max_steps=80, options=options, check=check)


def test_what_was_said_never_names_a_hidden_card(game):
    """A card game's record of calls is public: it must not name a card that a seat may not see
    (a card put out face down is recorded as put out, not by name)."""
    from compendium.core.notation import parse_card
    if not isinstance(game, TrickGame):
        pytest.skip("no public record of calls")

    def check(session):
        state = session.state
        for seat in range(game.seat_count(state)):
            view = game.view(state, seat)
            hidden = {state.deck[c.id] for c in view_cards(view) if c.face is None}
            for who, text in view.pub.calls:
                words = text.replace(",", " ").split()
                if not words or words[0] not in ("discard", "play", "put", "throw", "exchange"):
                    continue       # a bid ("7s", "9H") reads like a card but is none
                for token in words[1:]:
                    try:
                        card = parse_card(token)
                    except Exception:       # a word, not a card
                        continue
                    assert card not in hidden, f"seat {seat} is told {text!r} (by seat {who})"
    for options, seed in runs(game):
        random_playout(game, seed, max_steps=80, options=options, check=check)


def test_patience_views_never_leak_a_hidden_card(game):
    """Shuffling the faces of the hidden cards among themselves leaves every view unchanged."""
    if not isinstance(game, PatienceGame):
        pytest.skip("hidden-card shuffling is written for the patience state")

    def hidden_ids(state: PatienceState):
        return [c for pile, down in zip(state.piles, state.down) for c in pile[:down]]

    def check(session):
        state = session.state
        hidden = hidden_ids(state)
        for vc in view_cards(game.view(state, 0)):
            assert (vc.face is None) == (vc.id in hidden)   # hidden cards hidden, the rest shown
        if len(hidden) < 2:
            return
        deck = list(state.deck)
        faces = [deck[c] for c in hidden]
        faces = faces[1:] + faces[:1]  # every hidden card takes another's face
        for c, f in zip(hidden, faces):
            deck[c] = f
        other = dataclasses.replace(state, deck=tuple(deck))
        assert game.view(other, 0) == game.view(state, 0)
        assert game.view(other, None) == game.view(state, None)
    for options, seed in runs(game):
        random_playout(game, seed, options=options, check=check)


def test_the_game_ends_with_an_outcome(game):
    from compendium.demo import play_demo
    for seed in range(3):       # whole games with the computer in every seat: the suite's costliest
        result = play_demo(game, seed, level=1)
        session = result.session
        if session.to_move() is Special.TERMINAL:
            assert session.outcome() is not None
        else:
            assert session.outcome() is None
