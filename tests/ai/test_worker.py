"""The AI worker: the computer thinks in another process, from the view and the legal moves only."""
from __future__ import annotations

import concurrent.futures
import dataclasses
import pickle
from concurrent.futures import Future
from typing import Any, Iterator

import pytest

from compendium.ai import worker as worker_module
from compendium.ai.worker import AIWorker, decide
from compendium.core.cards import Card
from compendium.core.session import Session
from compendium.games.patience.engine import Draw, Move, PatienceState, PatienceView
from compendium.games.patience.klondike import GAME

GAME_ID = "canfield_or_klondike"


def position(seed: int, moves: int = 0) -> Session:
    """Deal ``seed``, then ``moves`` moves of the demo player, so the memory has something in it."""
    session = Session(GAME, seed=seed)
    memory: dict[str, Any] | None = None
    for _ in range(moves):
        index, memory = decide(GAME_ID, GAME.view(session.state, 0), tuple(session.legal_actions()), memory)
        if index is None:
            break
        session.play(session.legal_actions()[index])
    return session


def args_for(session: Session) -> tuple[PatienceView, tuple]:
    return GAME.view(session.state, 0), tuple(session.legal_actions())


def walk(value: Any) -> Iterator[Any]:
    """Every object inside ``value`` (dataclasses, tuples, lists, dicts)."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from walk(getattr(value, f.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from walk(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from walk(key)
            yield from walk(item)


def hidden_faces(state: PatienceState) -> set[Card]:
    return {state.deck[c] for pile, down in zip(state.piles, state.down) for c in pile[:down]}


# -- decide, in this process -----------------------------------------------------------------
@pytest.mark.parametrize("seed", [3, 7, 143])
def test_decide_returns_a_legal_index_and_notes(seed):
    session = position(seed)
    view, legal = args_for(session)
    index, notes = decide(GAME_ID, view, legal, None)
    assert index is None or 0 <= index < len(legal)
    assert isinstance(notes, dict)
    assert all(isinstance(v, (int, float, str, bool)) for v in notes.values())
    pickle.dumps(notes)  # the notes cross the process boundary


def test_decide_plays_an_obvious_move():
    """Deal 3 shows two aces: a move to the foundations beats turning the stock."""
    session = position(3)
    view, legal = args_for(session)
    index, _ = decide(GAME_ID, view, legal, None)
    assert isinstance(legal[index], Move) and legal[index].dst.startswith("f")


def test_memory_is_carried_by_the_notes():
    session = position(143)                   # only "draw" is legal at first
    view, legal = args_for(session)
    assert legal == (Draw(),)
    index, notes = decide(GAME_ID, view, legal, None)
    assert index == 0 and notes.get("_idle_turns") == 1
    _, notes2 = decide(GAME_ID, view, legal, notes)
    assert notes2.get("_idle_turns") == 2
    # With enough idle turns behind it, the player gives up rather than turn the stock for ever.
    index3, _ = decide(GAME_ID, view, legal, {"_idle_turns": 1000})
    assert index3 is None


# -- the worker process --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def ai():
    worker = AIWorker()
    yield worker
    worker.shutdown()


def test_the_worker_agrees_with_decide(ai):
    cases = []
    for seed, moves in ((3, 0), (7, 5), (143, 12), (20, 3)):
        session = position(seed, moves)
        view, legal = args_for(session)
        memory = {"_idle_turns": moves % 3}
        cases.append((view, legal, memory, ai.submit(GAME_ID, view, legal, memory)))
    for view, legal, memory, future in cases:
        assert isinstance(future, Future)
        index, notes = future.result(timeout=60)
        assert index is None or 0 <= index < len(legal)
        assert (index, notes) == decide(GAME_ID, view, legal, memory)


def test_shutdown_is_idempotent_and_the_worker_restarts():
    worker = AIWorker()
    worker.shutdown()                          # never started: nothing to do
    session = position(3)
    view, legal = args_for(session)
    first = worker.submit(GAME_ID, view, legal, None).result(timeout=60)
    worker.shutdown()
    worker.shutdown()
    assert worker._pool is None
    again = worker.submit(GAME_ID, view, legal, None).result(timeout=60)   # starts a new process
    assert again == first
    worker.shutdown()


def test_a_worker_still_starting_ends_with_the_shutdown():
    # Quit a moment after the first question: the worker is still importing and cannot yet
    # read its lifeline; it must not outlive the application by the rest of its start-up
    # (a CI run found one still running as the application exited).
    worker = AIWorker()
    session = position(3)
    view, legal = args_for(session)
    worker.submit(GAME_ID, view, legal, None)
    processes = list(worker._pool._processes.values())
    assert processes and any(p.is_alive() for p in processes)
    worker.shutdown()
    assert not [p for p in processes if p.is_alive()]


class _ReapedElsewhere:
    """A worker process that the pool's own thread reaps: ``join`` returns at once for the first
    few calls with the exit code still unknown, as when another thread's ``waitpid`` won."""

    def __init__(self, unknown_for: int) -> None:
        self.unknown_for = unknown_for
        self.terminated = False

    @property
    def exitcode(self) -> int | None:
        return None if self.unknown_for > 0 else -15

    def is_alive(self) -> bool:
        return self.exitcode is None

    def terminate(self) -> None:
        self.terminated = True

    def join(self, timeout: float | None = None) -> None:
        self.unknown_for -= 1


def test_the_shutdown_waits_for_a_worker_reaped_by_the_pools_own_thread():
    # The race a CI run caught: the pool's thread reaped the ended worker first, so one join
    # came back with the process still looking alive.
    worker = AIWorker()
    process = _ReapedElsewhere(unknown_for=4)

    class _Pool:
        _processes = {1: process}

        def shutdown(self, *args: Any, **kwargs: Any) -> None:
            pass

    worker._pool = _Pool()  # type: ignore[assignment]
    worker.shutdown()
    assert process.terminated
    assert not process.is_alive()


# -- what crosses the boundary -----------------------------------------------------------------------
class _Recorder:
    """Stands in for the process pool: records what would be sent to the other process."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def submit(self, fn: Any, *args: Any) -> Future:
        self.calls.append((fn, *args))
        future: Future = Future()
        future.set_result(fn(*args))
        return future

    def shutdown(self, *args: Any, **kwargs: Any) -> None:
        pass


def test_only_the_view_and_the_legal_moves_cross_to_the_worker(monkeypatch):
    recorders: list[_Recorder] = []

    def make(*args: Any, **kwargs: Any) -> _Recorder:
        recorders.append(_Recorder())
        return recorders[-1]

    # The worker may import the pool class at the top or on first use: replace it in both places.
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", make)
    monkeypatch.setattr(worker_module, "ProcessPoolExecutor", make, raising=False)
    seen: list[tuple] = []
    real_decide = worker_module.decide

    def spy(game_id, view, legal, memory, state=None, level=2):
        # a computer player is never handed a position (only a patience's own hint is, on request)
        assert state is None
        seen.append((game_id, view, legal, memory))
        return real_decide(game_id, view, legal, memory, level=level)

    monkeypatch.setattr(worker_module, "decide", spy)
    worker = AIWorker()
    for seed, moves in ((3, 0), (7, 6), (143, 15)):
        session = position(seed, moves)
        state = session.state
        view, legal = args_for(session)
        index, _ = worker.submit(GAME_ID, view, legal, None).result()
        game_id, got_view, got_legal, memory = seen[-1]
        assert game_id == GAME_ID and memory is None
        assert isinstance(got_view, PatienceView)
        assert got_legal == tuple(session.legal_actions())
        sent = list(walk(recorders[0].calls[-1][1:]))
        # No state, no deck, and no face of a face-down card anywhere in what is sent.
        assert not any(isinstance(obj, PatienceState) for obj in sent)
        faces = {obj for obj in sent if isinstance(obj, Card)}
        hidden = hidden_faces(state)
        assert hidden, "the position has face-down cards"
        assert faces.isdisjoint(hidden)
        assert len(faces) == 52 - len(hidden)   # and every card in sight is there
        for pile in got_view.piles:
            spec_index = [s.name for s in GAME.specs(GAME.options_of(state))].index(pile.name)
            down = state.down[spec_index]
            assert all(c.face is None for c in pile.cards[:down])
            assert all(c.face is not None for c in pile.cards[down:])
        pickle.dumps((got_view, got_legal))    # what is sent can cross a process boundary
    worker.shutdown()
    assert len(recorders) == 1                 # one pool, started on first use


def test_a_closed_worker_starts_no_process_whoever_asks():
    # After the table's shutdown a timer may still fire (the live indicator's first question):
    # the closed worker answers with a cancelled future and starts nothing.
    worker = AIWorker()
    worker.close()
    session = position(3)
    view, legal = args_for(session)
    future = worker.submit(GAME_ID, view, legal, None)
    assert future.cancelled() and worker._pool is None
