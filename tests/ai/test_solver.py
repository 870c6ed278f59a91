"""The patience solver: a verdict that can be trusted, and a winning line that really wins."""
from __future__ import annotations

from compendium.ai.solver import Verdict, solve
from compendium.core.session import Session
from compendium.games.patience.klondike import GAME

from ..games.test_klondike import position


def replay(state, line):
    for action in line:
        state = GAME.apply(state, action)  # raises if the solver ever proposed an illegal move
    return state


def test_an_almost_finished_game_is_winnable_and_the_line_wins():
    from compendium.core.cards import RANKS
    piles = {f: ("", " ".join(f"{r.short}{s}" for r in RANKS[:11])) for f, s in
             (("f1", "♥"), ("f2", "♦"), ("f3", "♣"), ("f4", "♠"))}
    state = position(s=("", ""), t1=("Q♥ K♣", "K♥"), t2=("", "Q♣"), t3=("Q♦ Q♠", "K♦"),
                     t4=("", "K♠"), **piles)
    result = solve(GAME, state, budget_s=5)
    assert result.verdict is Verdict.WINNABLE
    assert GAME.is_won(replay(state, result.line))


def test_a_dead_position_is_lost():
    from compendium.core.cards import RANKS
    suits = {"f1": "♥", "f2": "♦", "f3": "♣"}
    piles = {f: ("", " ".join(f"{r.short}{s}" for r in RANKS)) for f, s in suits.items()}
    piles["f4"] = ("", " ".join(f"{r.short}♠" for r in RANKS[:10]))
    state = position(s=("", ""), w=("", "J♠ Q♠"), t1=("", "K♠"), **piles)
    assert solve(GAME, state, budget_s=5).verdict is Verdict.LOST


def test_the_recorded_win_is_found_winnable():
    state = Session(GAME, seed=143).state
    result = solve(GAME, state, budget_s=30)
    assert result.verdict is Verdict.WINNABLE
    assert GAME.is_won(replay(state, result.line))


def test_a_tiny_budget_says_unknown_rather_than_guess():
    state = Session(GAME, seed=3).state
    result = solve(GAME, state, budget_s=0.0, max_nodes=600)
    assert result.verdict is Verdict.UNKNOWN and result.line == []


def test_cancel_stops_the_search():
    state = Session(GAME, seed=3).state
    result = solve(GAME, state, budget_s=60, cancelled=lambda: True)
    assert result.verdict is Verdict.UNKNOWN and result.seconds < 5
