"""Helpers for the trick-taking games' tests: stacking a deal, replaying a book's hand."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Sequence

from compendium.core.notation import parse_card
from compendium.core.rng import SplitMix64
from compendium.games.tricks.engine import Play, TricksState


def cards(text: str) -> list:
    return [parse_card(t) for t in text.split()]


def round_robin_order(hands: dict[int, Sequence], dealer: int, n: int, rest: Sequence = ()) -> list:
    """The pack order that, dealt one at a time from the dealer's left, gives these hands."""
    size = len(hands[0])
    order = []
    for j in range(size):
        for m in range(n):
            order.append(hands[(dealer + 1 + m) % n][j])
    return order + list(rest)


def stacked(game: Any, options: dict, order: Sequence, dealer: int) -> TricksState:
    state = game.initial_state(options)
    return game.deal_from(state, list(order), dealer)


def play_tricks(game: Any, state: TricksState, rows: Sequence[Sequence[str]], seat_order: Sequence[int]):
    """Play the book's table: each row gives every seat's card in the columns ``seat_order``; the
    cards are played from the trick's leader round to the left.  Returns the winners."""
    winners = []
    for row in rows:
        by_seat = {seat_order[k]: parse_card(t) for k, t in enumerate(row)}
        for _ in range(len(row)):
            seat = game.to_move(state)
            state = game.apply(state, Play(by_seat[seat]))
        winners.append(state.tricks[-1].winner)
    return state, winners


def rotate_hidden(game: Any, state: TricksState, seat: int) -> TricksState:
    """The same state with the faces the seat cannot see passed round among themselves."""
    view = game.view(state, seat)
    hidden = [c.id for c in view.cards if c.face is None]
    if len(hidden) < 2:
        return state
    deck = list(state.deck)
    faces = [deck[i] for i in hidden]
    faces = faces[1:] + faces[:1]
    for i, f in zip(hidden, faces):
        deck[i] = f
    return replace(state, deck=tuple(deck))


def check_determinize(game: Any, state: TricksState, seat: int, seed: int = 1) -> None:
    """A re-deal of the unseen cards agrees with the seat's view and keeps the pack whole."""
    view = game.view(state, seat)
    other = game.determinize(view, seat, SplitMix64(seed))
    assert game.view(other, seat) == view
    assert Counter(other.deck) == Counter(state.deck)
    assert game.legal_actions(other, seat) == game.legal_actions(state, seat)


def random_position(game: Any, seed: int, steps: int, options: dict[str, Any] | None = None) -> Any:
    """A position reached by ``steps`` random legal actions from deal ``seed`` (fewer if the game
    ends first), for the no-peeking property tests."""
    from compendium.core.game import Special
    from compendium.core.session import Session
    session = Session(game, options, seed=seed)
    gen = SplitMix64(seed)
    for _ in range(steps):
        if isinstance(session.to_move(), Special):
            break
        legal = session.legal_actions()
        session.play(legal[gen.below(len(legal))])
    return session.state
