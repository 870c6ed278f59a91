"""What each family's table does, and how the table widget finds it.

The ``TableWidget`` (view.py) is the same for every game: it owns the session and its history,
asks the computer for the seats nobody sits in, runs the demo, announces the end and passes the
mouse and the keyboard on.  Everything that depends on what lies on the table — cards in piles,
a chequered board, the points of a backgammon board, a line of dominoes — is a controller, one
module per kind of table, chosen by the game's ``table_kind``.

A controller never decides a rule: what may be done comes from ``table.legal()`` and refusals
from the engine (``IllegalAction`` with its rule), so the table cannot drift from the rules.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QPainter

from ...core.game import TableKind
from .cloth import baize_tile

if TYPE_CHECKING:
    from ...core.game import Game, Outcome
    from .view import TableWidget

# table_kind -> "module:Class".  A module is imported only when a game of its kind is opened.
CONTROLLERS: dict[TableKind, str] = {
    TableKind.PATIENCE: "compendium.ui.table.patience_table:PatienceController",
    TableKind.CHESS: "compendium.ui.table.chess_table:ChessController",
    TableKind.CHECKERS: "compendium.ui.table.checkers_table:CheckersController",
    TableKind.BACKGAMMON: "compendium.ui.table.backgammon_table:BackgammonController",
    TableKind.DOMINOES: "compendium.ui.table.dominoes_table:DominoesController",
    TableKind.POKER_PATIENCE: "compendium.ui.table.poker_patience_table:PokerPatienceController",
    TableKind.TRICKS: "compendium.ui.table.tricks_table:TricksController",
    TableKind.EUCHRE_LOO: "compendium.ui.table.euchre_loo_table:EuchreLooController",
    TableKind.BEZIQUE: "compendium.ui.table.bezique_table:BeziqueController",
    TableKind.GHOST: "compendium.ui.table.parlour_table:GhostController",
    TableKind.TIT_TAT_TOE: "compendium.ui.table.parlour_table:TitTatToeController",
    TableKind.POPE_JOAN: "compendium.ui.table.parlour_table:PopeJoanController",
    TableKind.RIDDLES: "compendium.ui.table.riddles_table:RiddlesController",
    TableKind.DRAW_POKER: "compendium.ui.table.counters_table:PokerController",
    TableKind.BACCARAT: "compendium.ui.table.counters_table:BaccaratController",
    TableKind.CASINO: "compendium.ui.table.casino_table:CasinoController",
    TableKind.CRIBBAGE: "compendium.ui.table.cribbage_table:CribbageController",
    TableKind.BANKING_CARDS: "compendium.ui.table.banking_table:BankingController",
    TableKind.CUE: "compendium.ui.table.cue_table:CueController",
    TableKind.BAGATELLE: "compendium.ui.table.bagatelle_table:BagatelleController",
}


def controller_class(kind: TableKind) -> type["TableController"]:
    """The controller class for a game's ``table_kind``; ``KeyError`` names an unknown kind."""
    module, _, name = CONTROLLERS[kind].partition(":")
    cls: type[TableController] = getattr(importlib.import_module(module), name)
    return cls


class TableController:
    """The base every table's controller extends.  The defaults make a quiet, empty cloth."""

    # Whether the layout keeps the strip at the cloth's bottom edge free for the prompt line.  A
    # table that seldom prompts (a patience asks only while cards are lifted by keyboard, and the
    # demo shows its badge) gives that height to its cards; the line then lies over the edge.
    reserves_prompt_band: bool = True

    def __init__(self, table: "TableWidget", game: "Game[Any, Any, Any]") -> None:
        self.table = table
        self.game = game

    # -- who sits where ---------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat the table is seen from (the player's own)."""
        return self.table.viewer_seat

    def name(self, seat: int) -> str:
        """What the table calls a seat: "You" for your own, the game's name for the others."""
        return "You" if seat == self.me else self.game.seat_name(seat)

    # -- structure (called by the widget) ---------------------------------------------------
    def build(self) -> None:
        """Add the items that stay for the whole game (board, pile places) to ``table.scene()``."""

    def teardown(self) -> None:
        """Remove every item this controller added; another game is about to be opened."""

    def fit(self, width: float, height: float) -> None:
        """Lay the table out for a viewport of ``width`` × ``height`` pixels."""

    def sync(self, animate: bool) -> None:
        """Put every item where the current view says (``table.current_view()``), animating what
        moved when ``animate`` is true and animations are on (``table.animations_on``)."""

    def intro(self) -> None:
        """The opening of a new game (the deal flying out); by default simply ``sync``."""
        self.sync(animate=False)

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        """The cloth (and anything drawn on it that only moves on relayout).  Cached by the view."""
        painter.fillRect(rect, QBrush(baize_tile()))

    # -- input ------------------------------------------------------------------------------
    def press(self, scene_pos: QPointF) -> None: ...

    def move(self, scene_pos: QPointF) -> None: ...

    def release(self, scene_pos: QPointF) -> None: ...

    def double_click(self, scene_pos: QPointF) -> None: ...

    def cancel_drag(self) -> None:
        """Drop whatever is being dragged without playing it (a double-click, the computer's turn)."""

    def key(self, name: str) -> bool:
        """Keyboard play: ``name`` is one of left, right, up, down, enter, escape, space, f, l.
        Return ``True`` when the key was used."""
        return False

    # -- what the table tells the player ----------------------------------------------------
    def show_hint(self, action: Any) -> None:
        """Extra marks of a hint (a button to press); the view draws what moves and where from
        ``action_marks``."""

    def clear_hint(self) -> None:
        """Take the hint's marks off the table."""

    def action_marks(self, action: Any) -> tuple[QRectF | None, QRectF | None]:
        """The scene rectangles of what ``action`` moves (the card, piece, checker) and of where
        it goes; the view lights both and draws an arrow between them (the hint).  ``None`` for
        a part the table cannot point at."""
        return None, None

    def callout_anchor(self) -> QPointF | None:
        """Where a refusal's callout should point, in scene coordinates; ``None``: the place the
        player last pressed or dropped (the view keeps it).  Keyboard play overrides it."""
        return None

    def prompt(self) -> str:
        """The decision the player must take now, in words ("White to move", "Discard one to
        five cards, then Exchange"); the view shows it on the table after every move.  Empty:
        nothing to say."""
        return ""

    def status_parts(self) -> list[str]:
        """Short facts for the status bar after each move ("Deal 7", "White to move" ...)."""
        return []

    def end_texts(self, outcome: "Outcome") -> tuple[str, str]:
        """The banner's title and detail when the game ends."""
        seat = self.table.viewer_seat
        won = outcome.results[seat] > 0 if seat < len(outcome.results) else False
        detail = outcome.reason[:1].upper() + outcome.reason[1:] + "."
        if len(outcome.results) == 1:       # a patience: won, or stuck
            return ("Won!" if won else "No moves left"), detail
        drawn = len(set(outcome.results)) == 1
        title = "A draw" if drawn else ("You win!" if won else "The game is lost")
        return title, detail

    def one_person(self) -> bool:
        """Whether exactly one person sits at the table: then a result is said to "you"; with
        several (or none, a replay), the winner is named."""
        session = self.table.session
        return session is not None and len(session.human_seats) == 1

    def celebrate(self) -> None:
        """A little flourish when the human wins (only with animations on)."""

    def extra_actions(self) -> list[tuple[str, str | None, Callable[[], None]]]:
        """Commands of this kind of table for the main window's Game menu: (label, shortcut or
        ``None``, callback) — flip the board, import a position, and the like."""
        return []

    def auto_move(self) -> Any:
        """A move the table makes for the player without asking (patience: safe cards home)."""
        return None
