"""The fast replace of the game states gives exactly what ``dataclasses.replace`` gives."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from compendium.core.cards import Card, Rank, Suit
from compendium.core.frozen import _PLAIN, replace
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.games import registry


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Checked:
    n: int

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("negative")


def test_a_plain_frozen_state_is_copied_with_the_changes():
    old = Plain(1, (2, 3), [4])
    new = replace(old, b=(9,))
    assert new == Plain(1, (9,), [4]) == dataclasses.replace(old, b=(9,))
    assert type(new) is Plain and old == Plain(1, (2, 3), [4])
    assert new.c is old.c          # unchanged fields are shared, as dataclasses.replace shares them
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.a = 5                  # type: ignore[misc]


def test_an_unknown_field_is_refused():
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(Plain(1), z=2)


@dataclass(frozen=True)
class WithInitVar:
    n: int
    scale: dataclasses.InitVar[int] = 1


def test_a_class_with_an_init_only_value_goes_through_its_init():
    assert replace(WithInitVar(2), n=3) == dataclasses.replace(WithInitVar(2), n=3)
    assert _PLAIN[WithInitVar] is None      # the fast copy was not used


def test_a_class_that_checks_itself_still_checks():
    assert replace(Checked(1), n=2) == Checked(2)
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), n=-1)   # __post_init__ ran: the fast copy was not used
    with pytest.raises(ValueError, match="only the joker"):
        replace(Card(Rank.ACE, Suit.SPADES), suit=None)


@pytest.mark.parametrize("game_id", ["house_in_the_wood", "boston", "backgammon", "baccarat_banque"])
def test_every_state_of_a_random_game_replaces_alike(game_id):
    game = registry.get_game(game_id)
    state = game.initial_state(game.resolve_options({}))
    gen = SplitMix64(7)
    for step in range(120):
        names = [f.name for f in dataclasses.fields(state)]
        changed = {names[step % len(names)]: getattr(state, names[-1 - step % len(names)])}
        assert replace(state, **changed) == dataclasses.replace(state, **changed)
        assert replace(state) == state
        seat = game.to_move(state)
        if seat is Special.TERMINAL:
            break
        if seat is Special.CHANCE:
            state = game.apply(state, game.chance_action(state, step))
            continue
        legal = game.legal_actions(state, seat)
        state = game.apply(state, legal[gen.below(len(legal))])
