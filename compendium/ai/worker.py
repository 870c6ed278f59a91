"""The computer thinks in a separate process, so the table never freezes.

Only views and legal action texts cross the process boundary: the worker never holds a state it
could peek into.  ``decide`` is the function the worker runs; ``AIWorker`` owns the process.
"""
from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported on first use: multiprocessing costs ~50 ms of start-up
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.connection import Connection


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
    # (a lazy sequence of millions of strokes, a game of the cue's, is passed as it is)
    choices = legal if getattr(legal, "lazy", False) else list(legal)
    action = player.choose(game, view, choices, state=state) if state is not None \
        else player.choose(game, view, choices)
    # The player's plain notes carry over to the next decision; its strength does not (the
    # person may change the level between two moves).
    notes = {k: v for k, v in player.__dict__.items()
             if isinstance(v, (int, float, str, bool)) and k != "level"}
    return (None if action is None else choices.index(action)), notes


class AIWorker:
    """One worker process, started on first use (start-up of the application pays nothing)."""

    def __init__(self) -> None:
        self._pool: "ProcessPoolExecutor | None" = None
        self._lifeline: "Connection | None" = None   # the writing end; see _executor
        self._closed = False

    def submit(self, game_id: str, view: Any, legal: tuple[Any, ...], memory: dict[str, Any] | None,
               state: Any = None, level: int = 2) -> "Future[tuple[int | None, dict[str, Any]]]":
        """``state`` only for a patience, whose own hint plays the demo (see demo.own_position)."""
        return self._submit(decide, game_id, view, legal, memory, state, level)

    def submit_hint(self, game_id: str, state: Any, seat: int) -> "Future[tuple[str | None, str | None]]":
        """The game's hint for the person at the table (their own help: the game's ``hint``
        promises to use only what that seat can see)."""
        return self._submit(hint_with_note, game_id, state, seat)

    @property
    def started(self) -> bool:
        """Is the worker process up (spawned by the first request)?"""
        return self._pool is not None

    def submit_solve(self, game_id: str, state: Any, budget_s: float) -> "Future[tuple[str, list[str], int, float]]":
        return self._submit(solve_position, game_id, state, budget_s)

    def submit_review(self, game_id: str, state: Any) -> "Future[list[tuple[str, str]]]":
        """The double-dummy review of a finished hand (every card has been played)."""
        return self._submit(review_hand, game_id, state)

    def _submit(self, fn: Any, *args: Any) -> "Future[Any]":
        if self._closed:
            # The application is closing: a timer that fires after the table's shutdown must not
            # start a worker that would outlive it (a CI run found one still importing).
            from concurrent.futures import Future
            future: Future[Any] = Future()
            future.cancel()
            return future
        return self._executor().submit(fn, *args)

    def close(self) -> None:
        """The end: let the worker go, and start none again, whoever asks."""
        self._closed = True
        self.shutdown()

    def _executor(self) -> "ProcessPoolExecutor":
        if self._pool is None:
            import multiprocessing
            import threading
            from concurrent.futures import ProcessPoolExecutor
            context = multiprocessing.get_context("spawn")
            # The lifeline: the worker holds the only reading end, this process the only writing
            # end, so the worker reads end-of-file the moment this process is gone, however it
            # ended (SIGKILL included), and leaves.  (The process is spawned in this thread, by
            # the first submit, so the parent-death signal is tied to a thread that lives as
            # long as the application only when this is the main thread.)
            reader, self._lifeline = context.Pipe(duplex=False)
            in_main = threading.current_thread() is threading.main_thread()
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context,
                                             initializer=live_with_parent,
                                             initargs=(reader, os.getpid(), in_main))
        return self._pool

    def cancel(self) -> None:
        """Stop whatever the worker is thinking about, at once (the process is ended and a new
        one starts on the next request)."""
        if self._pool is not None:
            for process in list(getattr(self._pool, "_processes", {}).values()):
                process.terminate()
        self.shutdown()

    def shutdown(self) -> None:
        """Let the worker go: cutting the lifeline ends it even in the middle of a long thought
        (nobody will read the answer), so the application's exit never waits for it.

        A worker still starting (spawned a moment before the quit, still importing) cannot read
        the lifeline yet, and would outlive the application by the rest of its start-up: it is
        ended outright and waited for, briefly, so the application leaves nothing behind.

        The pool's own thread reaps its processes too: when it reaps one first, our ``join``
        returns with the exit code still unknown (``waitpid`` finds no child), and the process
        looks alive until that thread records the code.  So the wait is for the exit code, not
        for one ``join`` (a CI run under load caught the race)."""
        processes = list(getattr(self._pool, "_processes", {}).values()) if self._pool else []
        if self._lifeline is not None:
            self._lifeline.close()
            self._lifeline = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        for process in processes:
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + 2.0
        for process in processes:
            while process.exitcode is None and time.monotonic() < deadline:
                process.join(timeout=0.05)
                if process.exitcode is None:
                    time.sleep(0.005)   # reaped elsewhere: join returned at once


def live_with_parent(lifeline: "Connection", parent_pid: int, death_signal: bool) -> None:
    """Run first in the worker process: it must not outlive the application.  On Linux the
    kernel kills it when its parent dies (PR_SET_PDEATHSIG); everywhere a thread waits for the
    end of the lifeline, which comes when the parent's end is closed or the parent is gone."""
    if death_signal and sys.platform.startswith("linux"):
        _set_parent_death_signal()
    if os.getppid() != parent_pid:   # the parent died before the signal was asked for
        os._exit(0)
    import threading
    threading.Thread(target=_leave_at_end_of, args=(lifeline,), name="lifeline", daemon=True).start()


def _set_parent_death_signal() -> None:
    import ctypes
    import signal
    PR_SET_PDEATHSIG = 1   # from <linux/prctl.h>
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass   # an unusual C library: the lifeline still ends the worker


def _leave_at_end_of(lifeline: "Connection") -> None:
    try:
        while True:
            lifeline.recv_bytes()   # nothing is ever sent: this returns only at the end
    except (EOFError, OSError):
        pass
    os._exit(0)   # at once: the thought in progress has no one to tell


def solve_position(game_id: str, state: Any, budget_s: float) -> tuple[str, list[str], int, float]:
    """The solver, run in the worker.  Unlike a computer player it is given the whole position:
    the player asked whether the deal as it lies can still be won."""
    from ..games.registry import get_game
    from .solver import solve
    game = get_game(game_id)
    result = solve(game, state, budget_s=budget_s)  # type: ignore[arg-type]
    return (result.verdict.value, [game.action_to_str(a) for a in result.line], result.nodes,
            result.seconds)


def review_hand(game_id: str, state: Any) -> list[tuple[str, str]]:
    """The end-of-hand review, run in the worker (a few seconds of double-dummy solving)."""
    from .tricks.double_dummy import hand_review
    return hand_review(state)


def hint_with_note(game_id: str, state: Any, seat: int) -> tuple[str | None, str | None]:
    """The hint and the sentence said with it (``hint_note``), run in the worker."""
    from ..games.registry import get_game
    from .registry import hint, hint_note
    game = get_game(game_id)
    action = hint(game, state, seat)
    if action is None:
        return None, None
    return game.action_to_str(action), hint_note(game, state, seat, action)


def hint_position(game_id: str, state: Any, seat: int) -> str | None:
    """The hint, run in the worker; returned as text so that it crosses back cheaply."""
    from ..games.registry import get_game
    from .registry import hint
    game = get_game(game_id)
    action = hint(game, state, seat)
    return None if action is None else game.action_to_str(action)
