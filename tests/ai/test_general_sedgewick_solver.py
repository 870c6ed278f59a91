"""General Sedgewick's solver model: its steps are the game's moves, its lines win, its losses are.

Every step of the model replays through the game's own ``apply`` to the position the model says,
and every move of the game -- after any number of turns of the pack, since the model plays a card
of the pack as one step, the turns before it included -- is one of the model's steps.  Late
positions (most of the pack home) are searched twice, by the solver's model and by a plain
exhaustive search over the engine's legal moves (every turn, no safe move, no prune), and the two
verdicts must agree under every option."""
from __future__ import annotations

import itertools
import random
import time
import zlib

import pytest

from compendium.ai.patience.general_sedgewick_solver import SedgewickModel
from compendium.ai.registry import solver_model
from compendium.ai.solver import Verdict, search, solve
from compendium.core.cards import standard_pack
from compendium.core.session import Session
from compendium.games.patience.engine import Draw, Move, PatienceState
from compendium.games.registry import get_game

from .test_solver import random_positions, replay

GAME = get_game("general_sedgewick")
ALL_OPTIONS = [dict(wrap=w, spaces=s) for w, s in itertools.product((True, False), ("talon_or_cross", "talon_only"))]


def key_of(state: PatienceState):
    model = solver_model(GAME, state)
    assert isinstance(model, SedgewickModel)
    return model.key(model.root())


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_each_step_is_the_games_and_every_move_of_the_game_is_a_step(options):
    checked = 0
    for seed in range(1, 5):
        for state in random_positions(GAME, options, seed, count=6):
            model = solver_model(GAME, state)
            settled = replay(state, model.actions([]), GAME)
            root = model.root()
            assert model.key(root) == key_of(settled)
            steps = set()
            for label, child in model.children(root):
                after = replay(settled, label, GAME)
                assert key_of(after) == model.key(child), label
                assert model.won(child) == GAME.is_won(after)
                steps.add(model.key(child))
            walk = settled      # the moves of the game after 0, 1, 2 ... turns of the pack
            while True:
                legal = GAME.legal_actions(walk, 0)
                for action in legal:
                    if isinstance(action, Move) and (walk is settled or action.src == "w"):
                        assert key_of(GAME.apply(walk, action)) in steps, action
                if Draw() not in legal:
                    break
                walk = GAME.apply(walk, Draw())
            checked += 1
    assert checked >= 12


def late_position(rng: random.Random, options: dict, lo: int = 5, most: int = 2) -> PatienceState:
    """Each suit home up to a random count from the deal's base rank (one suit not begun now
    and then), a few cards on each packet and in the pack, the rest on the talon."""
    opts = GAME.resolve_options(options)
    specs, index = GAME._structure(tuple(sorted(opts.items())))
    deck = list(standard_pack())
    base = rng.randint(1, 13)
    suits = sorted({c.suit for c in deck}, key=lambda s: s.value)
    rng.shuffle(suits)
    counts = {s: rng.randint(lo, 12) for s in suits}
    if rng.random() < 0.3:
        counts[suits[-1]] = 0
    piles: dict[str, list[int]] = {s.name: [] for s in specs}
    order = lambda i: (int(deck[i].rank) - base) % 13          # noqa: E731
    for name, suit in zip(("f1", "f2", "f3", "f4"), suits):
        piles[name] = sorted((i for i, c in enumerate(deck) if c.suit == suit and order(i) < counts[suit]),
                             key=order)
    rest = [i for i, c in enumerate(deck) if order(i) >= counts[c.suit]]
    rng.shuffle(rest)
    for name in ("t1", "t2", "t3", "t4", "t5", "s"):
        n = rng.randint(1 if name != "s" else 0, most)
        piles[name], rest = rest[:n], rest[n:]
    piles["w"] = rest          # a long talon buries cards under others: the losses are there
    down = tuple(len(piles["s"]) if s.name == "s" else 0 for s in specs)
    return PatienceState(deck=tuple(deck), piles=tuple(tuple(piles[s.name]) for s in specs), down=down,
                         opts=tuple(sorted(opts.items())))


def exhaustive(state: PatienceState, limit: int = 20_000) -> Verdict | None:
    """Won or lost by trying every legal move of the engine (None: too many positions)."""
    seen = {(state.piles, state.down)}
    stack = [state]
    while stack:
        s = stack.pop()
        if GAME.is_won(s):
            return Verdict.WINNABLE
        for action in GAME.legal_actions(s, 0):
            child = GAME.apply(s, action)
            key = (child.piles, child.down)
            if key not in seen:
                if len(seen) > limit:
                    return None
                seen.add(key)
                stack.append(child)
    return Verdict.LOST


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_the_verdict_agrees_with_an_exhaustive_search_of_the_engine(options):
    rng = random.Random(zlib.crc32(repr(sorted(options.items())).encode()))   # the same each run
    compared = {Verdict.WINNABLE: 0, Verdict.LOST: 0}
    for _ in range(60):
        state = late_position(rng, options)
        truth = exhaustive(state)
        if truth is None:
            continue
        model = SedgewickModel(GAME, state)
        verdict, labels, _ = search(model, time.process_time() + 20, 10**7, clock=time.process_time)
        assert verdict is truth, (options, state)
        if verdict is Verdict.WINNABLE:
            assert GAME.is_won(replay(state, model.actions(labels), GAME))
        compared[truth] += 1
        if min(compared.values()) >= 3 and sum(compared.values()) >= 8:
            break
    assert compared[Verdict.WINNABLE] >= 2 and compared[Verdict.LOST] >= 2, compared


def test_every_winning_line_from_a_deal_replays_to_a_win():
    won = 0
    for seed in (17, 18, 27, 29, 32):
        state = Session(GAME, seed=seed).state
        result = solve(GAME, state, budget_s=2, clock=time.process_time)
        if result.verdict is Verdict.WINNABLE:
            assert GAME.is_won(replay(state, result.line, GAME))
            won += 1
    assert won >= 3
