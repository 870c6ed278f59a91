"""The deal editor's double-dummy table: for a whole deal of four hands, the tricks each player
would take as the dealer's side in each declaration, every card in sight, the opening lead from
his left (``ai/tricks/double_dummy.py``'s ``dd_table``, one declaration at a time).

With the DDS library installed (``ai/tricks/dds_engine.py``) the whole table is one call of its
CalcDDtable (0.26 s at the median, 2 s at p95 on this loaded machine), made in a thread (the
library lets go of Python's lock while it works, so the editor never waits).  Without it the
solving (pure Python) is done in a process of its own, one declaration after another: the rows
fill in as they come, and closing the editor ends the process.  A whole deal takes our search
from seconds to minutes; the table says so while it works.
"""
from __future__ import annotations

from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton

from ..core.cards import Card, Suit

# The four-handed games of the whist pack whose deals the table is for.
PAR_GAMES = frozenset({"bridge", "auction_bridge", "whist"})
STRAIN_ORDER: tuple[Suit | None, ...] = (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
ALL: Any = "all"          # the key of a future that answers every strain (DDS's whole table)
STRAIN_NAMES = {None: "NT", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


def solve_table(hands: tuple[tuple[Card, ...], ...]) -> dict[Suit | None, dict[int, int]]:
    """The whole table at once (DDS's CalcDDtable): tricks for each declarer in each strain."""
    from ..ai.tricks.double_dummy import dd_table
    table = dd_table(hands)
    return {strain: {seat: table[(seat, strain)] for seat in range(4)} for strain in STRAIN_ORDER}


def solve_strain(hands: tuple[tuple[Card, ...], ...], strain: Suit | None) -> dict[int, int]:
    """Tricks for each declarer (seat) in one strain; run in the solving process."""
    from ..ai.tricks.double_dummy import Position, Solver
    solver = Solver(strain)
    out = {}
    for declarer in range(4):
        out[declarer] = solver.tricks(Position(hands, strain, (declarer + 1) % 4), declarer)
    return out


class ParTable:
    """The button and the table under the deal editor's text."""

    def __init__(self, editor: Any, row: QHBoxLayout) -> None:
        self.editor = editor
        self.button = QPushButton("Double-dummy table")
        self.button.setToolTip("Work out, every card in sight, the tricks each player would take "
                               "as the dealer's side in each declaration")
        self.button.clicked.connect(self.start)
        row.addWidget(self.button)
        self.label = QLabel()
        self.label.setWordWrap(True)
        editor.layout().addWidget(self.label)
        self._pool: Executor | None = None
        # each future answers one strain, or (key ALL) every strain: DDS's whole table
        self._futures: list[tuple[Suit | None, Future[Any]]] = []
        self._rows: dict[Suit | None, dict[int, int]] = {}
        self._timer = QTimer(editor)
        self._timer.setInterval(300)
        self._timer.timeout.connect(self._poll)
        editor.finished.connect(self.stop)

    def hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """The four hands as the editor holds them, or ``None`` if the deal is not whole."""
        by_seat: dict[int, list[Card]] = {}
        for place in self.editor.lay.hands:
            if place.seat is not None:
                by_seat[place.seat] = self.editor.cards_of(place.label)
        if sorted(by_seat) != [0, 1, 2, 3] or any(len(h) != 13 for h in by_seat.values()):
            return None
        return tuple(tuple(by_seat[s]) for s in range(4))

    def start(self) -> None:
        hands = self.hands()
        if hands is None:
            self.label.setText("The double-dummy table needs the whole deal: thirteen cards in each hand.")
            return
        self.stop()
        import multiprocessing
        self._rows = {}
        from ..ai.tricks import dds_engine
        if dds_engine.available():
            self._pool = ThreadPoolExecutor(max_workers=1)
            self._futures = [(ALL, self._pool.submit(solve_table, hands))]
            self._timer.start()
            self._show(working=True)
            return
        try:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            self._futures = [(strain, self._pool.submit(solve_strain, hands, strain))
                             for strain in STRAIN_ORDER]
        except (OSError, RuntimeError) as exc:      # no process to be had: say so, lose nothing
            self.stop()
            self.label.setText(f"The double-dummy table cannot be worked out here ({exc}).")
            return
        self._timer.start()
        self._show(working=True)

    def _poll(self) -> None:
        for strain, future in list(self._futures):
            if future.done():
                self._futures.remove((strain, future))
                try:
                    if strain is ALL:
                        self._rows.update(future.result())
                    else:
                        self._rows[strain] = future.result()
                except Exception as exc:           # the process was ended or failed: say so
                    self.label.setText(f"The double-dummy table could not be finished ({exc}).")
                    self.stop()
                    return
        self._show(working=bool(self._futures))
        if not self._futures:
            self.stop()

    def _show(self, working: bool) -> None:
        names = [self.editor.game.seat_name(s, 4) for s in range(4)]
        head = "".join(f"<th>&nbsp;{STRAIN_NAMES[s]}&nbsp;</th>" for s in STRAIN_ORDER)
        body = ""
        for seat in range(4):
            cells = "".join(f"<td align='center'>{self._rows[s][seat] if s in self._rows else '…'}</td>"
                            for s in STRAIN_ORDER)
            body += f"<tr><td>{names[seat]} declares</td>{cells}</tr>"
        note = ("<br><i>Working out the table, one declaration at a time (a whole deal may take the "
                "solver a few minutes)…</i>" if working and ALL not in (k for k, _ in self._futures)
                else "<br><i>Working out the table…</i>" if working else "")
        self.label.setText(f"<b>Tricks with every card in sight</b> (the lead from the declarer's "
                           f"left)<table cellspacing='4'><tr><th></th>{head}</tr>{body}</table>{note}")

    def stop(self, *_: Any) -> None:
        self._timer.stop()
        pool, self._pool = self._pool, None
        if pool is not None:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()     # a table no one waits for: end its process at once
            pool.shutdown(wait=False, cancel_futures=True)
        self._futures = []


def attach(editor: Any, row: QHBoxLayout) -> ParTable | None:
    """Add the double-dummy table to the deal editor of a game it serves."""
    if editor.game.info.id not in PAR_GAMES:
        return None
    return ParTable(editor, row)
