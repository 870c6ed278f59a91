"""Shared helpers of the table tests: a shown table widget, and the computer thinking in this
process (the worker's process would not see a test's set-up positions or monkeypatches)."""
from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Callable, Iterator

from compendium.ai.registry import computer_player
from compendium.ui.table.view import TableWidget


def thinking_here(game: Any, player: Callable[[int], Any] | None = None) -> Callable[..., Future]:
    """A stand-in for ``AIWorker.submit`` that decides at once, here, with ``game``'s computer
    player (or ``player(level)``), and returns a finished future as the worker would."""
    def submit(game_id: str, view: Any, legal: tuple[Any, ...], memory: Any, state: Any = None,
               level: int = 2) -> Future:
        chooser = player(level) if player is not None else computer_player(game, level)
        future: Future = Future()
        future.set_result((list(legal).index(chooser.choose(game, view, list(legal))), {}))
        return future
    return submit


def shown_table(qtbot: Any, monkeypatch: Any, game: Any, size: tuple[int, int] = (1000, 700),
                player: Callable[[int], Any] | None = None) -> Iterator[TableWidget]:
    """A table widget on screen, animations off, the computer thinking in this process; for a
    fixture to ``yield from``."""
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_animations(False)
    monkeypatch.setattr(widget.worker, "submit", thinking_here(game, player))
    yield widget
    widget.shutdown()


def table_played_by_the_test(qtbot: Any, size: tuple[int, int] = (1100, 760)) -> Iterator[TableWidget]:
    """A table widget on screen, animations off, whose computer never moves: the test plays
    every seat itself; for a fixture to ``yield from``."""
    widget = TableWidget()
    widget._computer_turn = lambda: None        # type: ignore[method-assign]
    widget.set_animations(False)
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.shutdown()
