"""The computer thinks in a separate process, so the table never freezes.

Only views and legal action texts cross the process boundary: the worker never holds a state it
could peek into.  ``decide`` is the function the worker runs; ``AIWorker`` owns the process.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported on first use: multiprocessing costs ~50 ms of start-up
    from concurrent.futures import Future, ProcessPoolExecutor


def decide(game_id: str, view: Any, legal: tuple[Any, ...], memory: dict[str, Any] | None,
           state: Any = None, level: int = 2) -> tuple[int | None, dict[str, Any]]:
    """Choose among ``legal`` (action values) from ``view``; return the index chosen (``None``:
    nothing useful) and the player's notes.  The notes carry the player's memory between moves,
    so the worker process itself stays stateless."""
    from ..games.registry import get_game
    from .registry import computer_player
    game = get_game(game_id)
    player = computer_player(game, level)
    if memory:
        player.__dict__.update(memory)
    action = player.choose(game, view, list(legal), state=state) if state is not None \
        else player.choose(game, view, list(legal))
    # The player's plain notes carry over to the next decision; its strength does not (the
    # person may change the level between two moves).
    notes = {k: v for k, v in player.__dict__.items()
             if isinstance(v, (int, float, str, bool)) and k != "level"}
    return (None if action is None else list(legal).index(action)), notes


class AIWorker:
    """One worker process, started on first use (start-up of the application pays nothing)."""

    def __init__(self) -> None:
        self._pool: "ProcessPoolExecutor | None" = None

    def submit(self, game_id: str, view: Any, legal: tuple[Any, ...], memory: dict[str, Any] | None,
               state: Any = None, level: int = 2) -> "Future[tuple[int | None, dict[str, Any]]]":
        """``state`` only for a patience, whose own hint plays the demo (see demo.own_position)."""
        return self._executor().submit(decide, game_id, view, legal, memory, state, level)

    def submit_hint(self, game_id: str, state: Any, seat: int) -> "Future[str | None]":
        """The game's hint for the person at the table (their own help: the game's ``hint``
        promises to use only what that seat can see)."""
        return self._executor().submit(hint_position, game_id, state, seat)

    def submit_solve(self, game_id: str, state: Any, budget_s: float) -> "Future[tuple[str, list[str], int, float]]":
        return self._executor().submit(solve_position, game_id, state, budget_s)

    def _executor(self) -> "ProcessPoolExecutor":
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def cancel(self) -> None:
        """Stop whatever the worker is thinking about, at once (the process is ended and a new
        one starts on the next request)."""
        if self._pool is not None:
            for process in list(getattr(self._pool, "_processes", {}).values()):
                process.terminate()
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def solve_position(game_id: str, state: Any, budget_s: float) -> tuple[str, list[str], int, float]:
    """The solver, run in the worker.  Unlike a computer player it is given the whole position:
    the player asked whether the deal as it lies can still be won."""
    from ..games.registry import get_game
    from .solver import solve
    game = get_game(game_id)
    result = solve(game, state, budget_s=budget_s)  # type: ignore[arg-type]
    return (result.verdict.value, [game.action_to_str(a) for a in result.line], result.nodes,
            result.seconds)


def hint_position(game_id: str, state: Any, seat: int) -> str | None:
    """The hint, run in the worker; returned as text so that it crosses back cheaply."""
    from ..games.registry import get_game
    from .registry import hint
    game = get_game(game_id)
    action = hint(game, state, seat)
    return None if action is None else game.action_to_str(action)
