"""The table widget: a QGraphicsView showing one game session, the same for every game.

It owns the session of the game on the table and its history, asks the computer (in a worker
process, so the table never freezes) for every seat no person sits in, runs the demo, announces
the end, and hands drawing, mouse and keyboard to the controller of the game's kind of table
(controller.py): cards in piles, a chequered board, a backgammon board, a line of dominoes.

The table talks where the eye is (talk.py): a refused move is answered by a callout by the place
the player touched, with the law's link (``rule_link``), fading by itself; the hint lights what
moves and where it goes (``TableController.action_marks``) with an arrow; the decision the player
must take is a line at the bottom edge of the cloth (``TableController.prompt``), which shows
the demo's badge while the demo plays; the end is a banner.  The status bar keeps the history.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from ...ai import registry as ai_registry
from ...ai.worker import AIWorker
from ...core.errors import IllegalAction, NotationError
from ...core.game import Information, Special, TableKind
from ...core.session import Session
from ...games.registry import get_game
from .cloth import baize_tile
from .controller import TableController, controller_class
from .items import BannerItem
from .talk import CalloutItem, HintMarks, PromptLine

if TYPE_CHECKING:
    from concurrent.futures import Future

DEMO_PAUSE_MS = 320    # between the demo's moves, so a person can follow
COMPUTER_PAUSE_MS = 250  # before the computer's move shows, so the player sees whose turn it was
KEYS = {Qt.Key.Key_Left: "left", Qt.Key.Key_Right: "right", Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down",
        Qt.Key.Key_Return: "enter", Qt.Key.Key_Enter: "enter", Qt.Key.Key_Escape: "escape",
        Qt.Key.Key_Space: "space", Qt.Key.Key_F: "f", Qt.Key.Key_L: "l",
        # the cue table's tip: I/K follow and screw, J/L side (D and H are the demo's and the hint's)
        Qt.Key.Key_I: "i", Qt.Key.Key_J: "j", Qt.Key.Key_K: "k"}


class TableWidget(QGraphicsView):
    message = Signal(str, str)   # text for the status bar, and the rule reference ("" if none)
    changed = Signal()           # after every move, undo, redo, restart and new game
    finished = Signal(object)    # the Outcome, when the game ends
    # For a patience with every card in sight, after each move: "winnable", "lost", "open"
    # (the solver could not decide quickly), "thinking", or "" (no indicator for this game).
    live_verdict = Signal(str)
    # The anchor of the rules section about the moment (Game.rules_section; "" if none), sent
    # when it changes, so that the rules pane can follow the game.
    section_changed = Signal(str)
    # A law's link on the table was clicked (the refusal's callout): the reference to open in
    # the rules pane ("game_id#anchor"), as the status bar's "(rule)" link opens it.
    rule_link = Signal(str)
    LIVE_BUDGET_S = 1.0
    LIVE_FIRST_DELAY_MS = 400   # the first live question waits this long (the worker spawns then)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("table")
        self.setScene(QGraphicsScene(self))
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # No view-wide antialiasing or smooth transforms: cards are pixmaps drawn at their exact size
        # on whole pixels (the fast blit path); the few vector items turn antialiasing on themselves.
        self.setRenderHints(QPainter.RenderHint(0))
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontSavePainterState
                                  | QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 240)
        self._session: Session[Any, Any] | None = None
        self.controller: TableController | None = None
        self._legal_cache: tuple[object, tuple[Any, ...]] | None = None
        self.animations_on = True
        self._auto_foundation = True
        self.click_to_move = False           # a click sends cards to their likeliest place
        self.level = 2                       # the computer's strength (core.game.LEVELS)
        self._banner = BannerItem()
        self.scene().addItem(self._banner)
        # What the table says where the eye is (talk.py): a refused move's callout, the hint's
        # marks and arrow, and the line at the bottom edge (the prompt, or the demo's badge).
        self.callout = CalloutItem()
        self.hint_marks = HintMarks()
        self.prompt_line = PromptLine()
        for item in (self.callout, self.hint_marks, self.prompt_line):
            self.scene().addItem(item)
        self.callout.visibleChanged.connect(self._callout_shown_or_hidden)
        self._hint_action: Any = None
        # Where the player last pressed and released (scene coordinates) and which came last,
        # and whether the keyboard or the mouse played last: the callout points there.
        self._last_press: QPointF | None = None
        self._last_release: QPointF | None = None
        self._last_was_release = False
        self._keyboard_last = False
        self._input_depth = 0      # inside a mouse or key handler: a refusal said gets a callout
        self._announced = False
        self.worker = AIWorker()
        # The computer's move in the worker: one request at a time, for the demo or a seat.
        self._think_future: "Future[Any] | None" = None
        self._think_state: Any = None
        self._think_legal: tuple[Any, ...] = ()
        self._memory: dict[int, dict[str, Any]] = {}
        self._think_timer = QTimer(self)
        self._think_timer.setInterval(10)
        self._think_timer.timeout.connect(self._think_poll)
        self._demo_running = False
        self._hinted = False
        self._hint_future: "Future[Any] | None" = None
        self._hint_state: Any = None
        self._hint_timer = QTimer(self)
        self._hint_timer.setInterval(20)
        self._hint_timer.timeout.connect(self._hint_poll)
        self._solve_future: "Future[Any] | None" = None
        self._solve_state: Any = None
        self._solve_started = 0.0
        self._solve_timer = QTimer(self)
        self._solve_timer.setInterval(250)
        self._solve_timer.timeout.connect(self._solve_poll)
        self._live_on = False      # the main window turns it on (a setting)
        self._live_future: "Future[Any] | None" = None
        self._live_state: Any = None
        self._live_waited = False  # the first question has been put off past the first paint
        self._live_timer = QTimer(self)
        self._live_timer.setInterval(50)
        self._live_timer.timeout.connect(self._live_poll)
        self.changed.connect(self._live_check)
        self._section: str | None = None
        self.changed.connect(self._check_section)
        # Replaying a worked example ("Show me"): nobody plays, the computer is silent, and the
        # cards the book prints are all shown (Game.replay_view).
        self._replaying = False

    # -- the session ------------------------------------------------------------------------
    @property
    def session(self) -> Session[Any, Any] | None:
        return self._session

    @property
    def demo_running(self) -> bool:
        return self._demo_running

    @property
    def viewer_seat(self) -> int:
        """The seat whose view the table shows: the (first) human's."""
        return self._session.human_seats[0] if self._session and self._session.human_seats else 0

    @property
    def human_to_move(self) -> bool:
        if self._session is None or self._demo_running or self._replaying:
            return False
        return self._session.to_move() in self._session.human_seats

    @property
    def computer_thinking(self) -> bool:
        return self._think_future is not None

    def new_game(self, game_id: str, seed: int | None = None, options: dict[str, Any] | None = None,
                 human_seats: tuple[int, ...] = (0,)) -> None:
        game = get_game(game_id)
        self.load_session(Session(game, options, seed=seed, human_seats=human_seats), deal_animation=True)

    def load_session(self, session: Session[Any, Any], deal_animation: bool = False) -> None:
        try:
            controller_cls = controller_class(session.game.table_kind)
        except (KeyError, ImportError):
            raise NotationError(f"{session.game.info.name} has no table yet") from None
        self.stop_demo()
        self._stop_thinking()
        self._session = session
        self._legal_cache = None
        self._memory = {}
        self._announced = False
        self._section = None
        self._banner.hide()
        self.callout.dismiss()
        self._hint_action = None
        self.hint_marks.clear()
        self._hinted = False
        if self.controller is not None:
            self.controller.teardown()
        self.controller = controller_cls(self, session.game)
        self.controller.build()
        self._relayout()
        self.viewport().update()
        if deal_animation and self.animations_on and self.isVisible():
            self.controller.intro()
        else:
            self.sync(animate=False)
        self._status()
        self.changed.emit()
        self._check_end()
        self._computer_turn()

    def current_view(self) -> Any:
        assert self._session is not None
        if self._replaying:
            return self._session.game.replay_view(self._session.state, self.viewer_seat)
        return self._session.game.view(self._session.state, self.viewer_seat)

    # -- the rules section and replays -------------------------------------------------------
    def _check_section(self) -> None:
        session = self._session
        section = (session.game.rules_section(session.state) or "") if session is not None else ""
        if section != self._section:
            self._section = section
            self.section_changed.emit(section)

    @property
    def rules_section(self) -> str:
        return self._section or ""

    @property
    def replaying(self) -> bool:
        return self._replaying

    def set_replaying(self, on: bool) -> None:
        """Replay mode: the table shows a worked example and takes no moves from anyone.  (Off,
        the computer waits for the next session loaded: the example's is about to be replaced.)"""
        if on:
            self.stop_demo()
            self._stop_thinking()
        self._replaying = on

    def replay_advance(self, actions: tuple[str, ...]) -> bool:
        """Play on to the recorded ``actions`` (the session's own history being their start),
        moving the cards as in play; False, with nothing shown, if the session's history does not
        lead there (the caller then loads the position afresh)."""
        session = self._session
        if session is None or session.actions_text != actions[:len(session.actions_text)]:
            return False
        try:
            while len(session.actions_text) < len(actions):
                # Chance (a deal) comes by itself after the move before it, as in the record.
                session.play(actions[len(session.actions_text)])
        except (IllegalAction, NotationError):
            return False
        if session.actions_text[:len(actions)] != actions:
            return False
        self.sync(animate=True)
        self._status()
        self.changed.emit()
        self._check_end()
        return True

    def _legal_now(self) -> tuple[Any, ...]:
        """The legal actions of the seat to move, whoever sits there (cached per position)."""
        if self._session is None:
            return ()
        state = self._session.state
        if self._legal_cache is None or self._legal_cache[0] is not state:
            legal = self._session.legal_actions()
            # a game of the cue offers millions of strokes as a lazy sequence: kept as it is
            self._legal_cache = (state, legal if getattr(legal, "lazy", False) else tuple(legal))
        return self._legal_cache[1]

    def legal(self) -> tuple[Any, ...]:
        """What the person at the table may do now: nothing while the computer has the move."""
        return self._legal_now() if self.human_to_move else ()

    # -- playing ----------------------------------------------------------------------------
    def play(self, action: Any) -> bool:
        """Play an action for the person at the table; a refusal is told in the status bar,
        citing the rule."""
        session = self._session
        if session is None or self._demo_running:
            return False
        if not self.human_to_move:
            self.say(self._wait_text(), "")
            return False
        return self._play(action, auto=self._auto_foundation)

    def _play(self, action: Any, auto: bool = False) -> bool:
        session = self._session
        assert session is not None
        try:
            text = session.game.describe(session.state, action)
            scored = len(session.game.score_events(session.state))
            session.play(action)
        except (IllegalAction, NotationError) as exc:
            rule = getattr(exc, "rule", None) or ""
            reason = str(exc)
            self.refuse(reason[:1].upper() + reason[1:] + ".", rule)
            self.sync(animate=True)
            return False
        self.callout.dismiss()
        self.clear_hint()
        if auto and self.controller is not None:
            self._play_auto_moves()
        self.sync(animate=True)
        # A move that scored links to the law that scored it (the newest line of the sheet).
        events = session.game.score_events(session.state)
        rule = (events[-1].rule or "") if len(events) > scored else ""
        self._status(text[:1].upper() + text[1:] + ".", rule)
        self.changed.emit()
        self._check_end()
        if not self._demo_running:
            QTimer.singleShot(self._pause(COMPUTER_PAUSE_MS), self._computer_turn)
        return True

    def _play_auto_moves(self) -> None:
        assert self._session is not None and self.controller is not None
        for _ in range(200):  # far more than any game's safe moves in a row
            move = self.controller.auto_move()
            if move is None:
                break
            self._session.play(move, continue_turn=True)

    def _wait_text(self) -> str:
        session = self._session
        if session is None:
            return ""
        seat = session.to_move()
        if seat is Special.TERMINAL:
            return "The game is over: Ctrl+N starts another."
        return "Wait a moment: the computer has the move."

    def undo(self) -> bool:
        if self._session is None or self._demo_running:
            return False
        self._stop_thinking()
        done = self._session.undo()
        self._after_history_change("Took back a move." if done else "Nothing to take back.")
        return done

    def redo(self) -> bool:
        if self._session is None or self._demo_running:
            return False
        self._stop_thinking()
        done = self._session.redo()
        self._after_history_change("Played the move again." if done else "Nothing to play again.")
        return done

    def restart(self) -> None:
        if self._session is None:
            return
        self.stop_demo()
        self._stop_thinking()
        self._session.restart()
        self._after_history_change("Back to the start of the game.")

    def _after_history_change(self, text: str) -> None:
        self._announced = False
        self._banner.hide()
        self.callout.dismiss()
        self.clear_hint()
        self.sync(animate=True)
        self._status(text)
        self.changed.emit()
        self._check_end()
        self._computer_turn()

    def hint(self) -> None:
        if self._session is None or self.controller is None:
            return
        if self._session.to_move() is Special.TERMINAL:
            self.say("The game is over: start another with Ctrl+N.", "")
            return
        if not self.human_to_move:
            self.say(self._wait_text(), "")
            return
        session = self._session
        if session.game.table_kind is TableKind.PATIENCE:   # a patience's hint is instant: no round trip
            self._show_hint(session.state, ai_registry.hint(session.game, session.state, session.to_move()))
            return
        # A search (chess, draughts, a trick to play) would freeze the table: ask the worker.
        if self._hint_future is not None:
            return
        self._hint_state = session.state
        self._hint_future = self.worker.submit_hint(session.game.info.id, session.state, session.to_move())
        self._hint_timer.start()
        self.say("Thinking of a hint…", "")

    def _hint_poll(self) -> None:
        future = self._hint_future
        if future is None or not future.done():
            return
        self._hint_timer.stop()
        self._hint_future = None
        session = self._session
        if session is None or session.state is not self._hint_state:
            return   # the position changed meanwhile: the hint is about another one
        try:
            answer = future.result()
        except Exception as exc:  # the worker died: say so, the game goes on
            self.say(f"No hint: {exc}", "")
            return
        text, note = answer if isinstance(answer, tuple) else (answer, None)
        self._show_hint(session.state, None if text is None else session.game.action_from_str(session.state, text),
                        note)

    def _show_hint(self, state: Any, action: Any, note: str | None = None) -> None:
        assert self._session is not None and self.controller is not None
        if action is None:
            self.say("No useful move is left: you may start again, or take moves back.", "")
            return
        self.controller.show_hint(action)
        self._hinted = True
        self._hint_action = action
        self._show_hint_marks()
        said = "Hint: " + self._session.game.describe(state, action).rstrip(".") + "."
        self.say(said + (f" {note}" if note else ""), "")

    def _show_hint_marks(self) -> None:
        """Light what the hinted action moves and where it goes, with an arrow between."""
        if self._hint_action is None or self.controller is None:
            self.hint_marks.clear()
            return
        source, target = self.controller.action_marks(self._hint_action)
        self.hint_marks.show_marks(source, target)

    def clear_hint(self) -> None:
        self._hint_action = None
        self.hint_marks.clear()
        if self._hinted and self.controller is not None:
            self._hinted = False
            self.controller.clear_hint()

    def set_animations(self, on: bool) -> None:
        self.animations_on = on

    def set_auto_foundation(self, on: bool) -> None:
        self._auto_foundation = on

    def set_click_to_move(self, on: bool) -> None:
        self.click_to_move = on

    def set_level(self, level: int) -> None:
        self.level = level

    def say(self, text: str, rule: str = "", callout: bool = True) -> None:
        """Tell the player ``text`` in the status bar, with the law's link when ``rule`` is given.
        Said with a law while the player's own press or key is being handled, it answers what he
        just tried: a callout says it on the table too, by the place he touched (unless
        ``callout`` is false: guidance shown on the table already, such as a chooser)."""
        self.message.emit(text, rule)
        if callout and rule and text and self._input_depth:
            self._show_callout(text, rule)

    def refuse(self, text: str, rule: str = "") -> None:
        """A refused move: said in the status bar (the history) and in a callout by the card,
        square or point the player last touched, with the law's link."""
        self.message.emit(text, rule)
        if text:
            self._show_callout(text, rule)

    def _show_callout(self, text: str, rule: str) -> None:
        rect = self._table_rect()
        self.callout.show_at(text, rule, self._callout_anchor(rect), rect)

    def _callout_anchor(self, rect: QRectF) -> QPointF:
        if self.controller is not None:
            anchor = self.controller.callout_anchor()
            if anchor is not None:
                return anchor
        last = self._last_release if self._last_was_release else self._last_press
        if last is None or self._keyboard_last:
            return rect.center()
        return last

    def _callout_shown_or_hidden(self) -> None:
        # The pointer is followed while the callout shows, to show its link as a link.
        self.viewport().setMouseTracking(self.callout.isVisible())
        if not self.callout.isVisible():
            self.viewport().unsetCursor()     # the pointer may have been on its link

    def _table_rect(self) -> QRectF:
        """The visible table above the prompt's band, in scene coordinates."""
        size = self.viewport().size()
        return QRectF(0, 0, size.width(), max(1, size.height() - self._reserved_band(size.height())))

    def _reserved_band(self, height: float) -> int:
        """The band the controller's layout leaves free: none where the controller lets the
        prompt lie over the cloth's edge (``TableController.reserves_prompt_band``)."""
        if self.controller is not None and not self.controller.reserves_prompt_band:
            return 0
        return self.prompt_band(height)

    @staticmethod
    def prompt_band(height: float) -> int:
        """The strip at the bottom edge of the cloth kept free for the prompt (and the demo's
        badge): the controllers lay the table out above it, so the words never cover a card."""
        return int(min(34, max(22, height * 0.04)))

    def refresh_prompt(self) -> None:
        """Show the decision the player must take now (the controller's ``prompt``), or, during
        a demo, how to stop it.  Called after every move; a controller calls it when its own
        state changes the decision (a piece lifted, a man moved within a turn)."""
        size = self.viewport().size()
        band = self.prompt_band(size.height())
        rect = QRectF(0, size.height() - band, size.width(), band)
        session = self._session
        if self._demo_running:
            self.prompt_line.place("Demo — press D or click to stop", rect, badge=True)
            return
        text = ""
        if session is not None and self.controller is not None and not self._replaying \
                and session.outcome() is None:
            text = self.controller.prompt()
        self.prompt_line.place(text, rect)

    def _status(self, lead: str = "", rule: str = "") -> None:
        if self._session is None or self.controller is None:
            return
        parts = [lead] if lead else []
        parts.extend(self.controller.status_parts())
        self.message.emit(" · ".join(parts), rule)   # news, not an answer to a refused move
        self.refresh_prompt()

    def _check_end(self) -> None:
        session = self._session
        if session is None or self._announced or self.controller is None:
            return
        outcome = session.outcome()
        if outcome is None:
            return
        self._announced = True
        seat = self.viewer_seat
        won = seat < len(outcome.results) and outcome.results[seat] > 0 and len(set(outcome.results)) > 1
        if len(outcome.results) == 1:
            won = outcome.results[0] > 0
        title, detail = self.controller.end_texts(outcome)
        if self._replaying:
            # A replayed example ends in the book's position: said, not covered by the banner.
            self.say(f"{title}. {detail}", outcome.rule or "", callout=False)
            self.finished.emit(outcome)
            return
        if len(outcome.results) == 1 and not won:
            detail += "  Ctrl+Z takes moves back, Ctrl+R plays this deal again, Ctrl+N deals a new one."
        elif len(outcome.results) == 1:
            detail += "  Ctrl+N deals a new one."
        else:
            detail += "  Ctrl+N starts a new game; Ctrl+Z takes moves back."
        self.callout.dismiss()
        self.refresh_prompt()
        rect = self._table_rect()
        if won and self.animations_on:
            self.controller.celebrate()
        self._banner.show_text(title, detail, QPointF(rect.width() / 2, rect.height() * 0.55),
                               rect.width() * 0.6)
        self.say(title + ". " + detail, outcome.rule or "", callout=False)   # the banner says it
        self.finished.emit(outcome)

    def add_to_banner(self, line: str) -> None:
        """Add a line to the end-of-game banner on show (the main window's statistics line)."""
        if not self._banner.isVisible():
            return
        rect = self._table_rect()
        self._banner.show_text(self._banner.title, f"{self._banner.detail}\n{line}",
                               QPointF(rect.width() / 2, rect.height() * 0.55), rect.width() * 0.6)

    # -- the computer -----------------------------------------------------------------------
    def _computer_turn(self) -> None:
        """If a seat no person sits in has the move, ask the computer for it (in the worker)."""
        session = self._session
        if session is None or self._demo_running or self._think_future is not None or self._replaying:
            return
        seat = session.to_move()
        if isinstance(seat, Special) or seat in session.human_seats:
            return
        if self._table_busy(self._computer_turn):
            return
        self._think(seat)

    def _pause(self, default_ms: int) -> int:
        """The pause before the next computer move: none with animations off; a table whose moves
        are many and small (counters laid one by one) may ask for a shorter one (``pause_ms``)."""
        if not self.animations_on:
            return 0
        return min(default_ms, int(getattr(self.controller, "pause_ms", default_ms)))

    def _table_busy(self, retry: Any) -> bool:
        """The table is showing something the player should see before the computer moves on (a
        finished trick, the end of a hand): ask again after the controller's ``busy_ms``."""
        busy = getattr(self.controller, "busy_ms", None)
        wait = busy() if callable(busy) else 0
        if wait > 0:
            QTimer.singleShot(wait, retry)
            return True
        return False

    def _think(self, seat: int) -> None:
        session = self._session
        assert session is not None
        from ...demo import own_position
        game = session.game
        self._think_state = session.state
        self._think_legal = self._legal_now()
        levels = ai_registry.computer_levels(game)
        level = self.level if self.level in levels else min(self.level, max(levels))
        self._think_future = self.worker.submit(game.info.id, game.view(session.state, seat),
                                                self._think_legal, self._memory.get(seat),
                                                own_position(game, session.state), level)
        self._think_timer.start()
        self.refresh_prompt()      # "… the computer is thinking"

    def _stop_thinking(self) -> None:
        """Forget the computer's pending move (the position it was asked about is gone)."""
        if self._think_future is not None:
            if not self._think_future.done():
                self.worker.cancel()  # a long search would only delay the next question
            self._think_future = None
        self._think_timer.stop()

    def _think_poll(self) -> None:
        future = self._think_future
        if future is None or not future.done():
            return
        self._think_timer.stop()
        self._think_future = None
        session = self._session
        if session is None or session.state is not self._think_state:
            return  # stale: the position changed meanwhile
        seat = session.to_move()
        try:
            index, memory = future.result()
        except Exception as exc:  # the worker died: say so, keep the game
            self.stop_demo()
            self.say(f"The computer player stopped: {exc}", "")
            return
        if isinstance(seat, int):
            self._memory[seat] = memory
        if index is None:
            if self._demo_running:
                self.stop_demo()
                self.say("The demo sees no useful move left.", "")
            else:
                self.say("The computer found nothing to play.", "")
            return
        self._play(self._think_legal[index])
        if self._demo_running:
            QTimer.singleShot(self._pause(DEMO_PAUSE_MS), self._demo_next)

    # -- the demo ---------------------------------------------------------------------------
    def start_demo(self) -> None:
        if self._session is None or self._demo_running or self._replaying:
            return
        self._stop_thinking()
        self._demo_running = True
        self._memory = {}
        self.clear_hint()
        self.callout.dismiss()
        self.say("The demo plays: press D or click the table to stop it.", "")
        self.refresh_prompt()
        self._demo_next()

    def stop_demo(self) -> None:
        if self._demo_running:
            self._demo_running = False
            self._stop_thinking()
            self.refresh_prompt()
            self._computer_turn()

    def _demo_next(self) -> None:
        if not self._demo_running or self._session is None or self._think_future is not None:
            return
        seat = self._session.to_move()
        if isinstance(seat, Special):
            self.stop_demo()
            return
        if self._table_busy(self._demo_next):
            return
        self._think(seat)

    # -- "can this deal still be won?" ------------------------------------------------------
    SOLVE_BUDGET_S = 20.0

    def check_winnable(self) -> None:
        """Ask the solver, in the worker process, whether the deal as it lies can still be won.
        The answer comes in the status bar; ``cancel_check`` stops it."""
        if self._session is None or self._solve_future is not None:
            return
        if self._session.game.table_kind is not TableKind.PATIENCE:
            self.say("The solver answers for a patience only.", "")
            return
        self.stop_demo()
        self._solve_state = self._session.state
        self._solve_future = self.worker.submit_solve(self._session.game.info.id, self._session.state,
                                                      self.SOLVE_BUDGET_S)
        self._solve_started = time.perf_counter()
        self._solve_timer.start()
        self.say("Looking for a winning line… (Escape stops the search)", "")

    # -- the live indicator -------------------------------------------------------------------
    def set_live_solver(self, on: bool) -> None:
        self._live_on = on
        self._live_check()

    def live_applies(self) -> bool:
        """The indicator is for a patience whose cards are all in sight: the solver then judges
        exactly what the player sees, and most positions are decided within a second.  And for
        Klondike, whose solver reads the face-down cards too: there the indicator says it
        answers for a player who could see every card (``live_sees_all``)."""
        game = self._session.game if self._session is not None else None
        return (game is not None and game.table_kind is TableKind.PATIENCE
                and (game.info.information is Information.PERFECT or self.live_sees_all()))

    def live_sees_all(self) -> bool:
        """Does the solver behind the indicator read cards the player cannot see?"""
        game = self._session.game if self._session is not None else None
        return game is not None and ai_registry.game_ai(game).solver_sees_hidden_cards

    def _live_check(self) -> None:
        session = self._session
        if not self._live_on or session is None or self._demo_running or not self.live_applies() \
                or session.outcome() is not None:
            self.live_verdict.emit("")
            return
        if self._live_future is not None:
            return    # when the answer comes, the newest position is asked about (see _live_poll)
        if not self.worker.started and not self._live_waited:
            # Spawning the worker costs the window tens of milliseconds: at start-up the first
            # question waits until the table has been painted.
            self._live_waited = True
            QTimer.singleShot(self.LIVE_FIRST_DELAY_MS, self._live_check)
            self.live_verdict.emit("thinking")
            return
        self._live_state = session.state
        self._live_future = self.worker.submit_solve(session.game.info.id, session.state, self.LIVE_BUDGET_S)
        self._live_timer.start()
        self.live_verdict.emit("thinking")

    def _live_poll(self) -> None:
        future = self._live_future
        if future is None or not future.done():
            return
        self._live_timer.stop()
        self._live_future = None
        try:
            verdict = future.result()[0]
        except Exception:   # the worker was stopped (a long search cancelled): no verdict
            self.live_verdict.emit("")
            return
        session = self._session
        if session is None or session.state is not self._live_state:
            self._live_check()   # moves were made meanwhile: judge the position as it is now
            return
        self.live_verdict.emit({"winnable": "winnable", "lost": "lost"}.get(verdict, "open"))

    @property
    def checking(self) -> bool:
        return self._solve_future is not None

    def cancel_check(self) -> None:
        if self._solve_future is not None:
            self._solve_future = None
            self._solve_timer.stop()
            self.worker.cancel()
            self.say("Search stopped.", "")

    def _solve_poll(self) -> None:
        future = self._solve_future
        if future is None:
            self._solve_timer.stop()
            return
        if not future.done():
            elapsed = time.perf_counter() - self._solve_started
            self.say(f"Looking for a winning line… {elapsed:.0f} s (Escape stops the search)", "")
            return
        self._solve_timer.stop()
        self._solve_future = None
        try:
            verdict, line, nodes, seconds = future.result()
        except Exception as exc:  # the worker died: say so, the game goes on
            self.say(f"The solver stopped: {exc}", "")
            return
        stale = self._session is None or self._session.state is not self._solve_state
        prefix = "For the position when you asked: " if stale else ""
        if verdict == "winnable":
            answer = (f"this deal can still be won (a line of {len(line)} moves was found in "
                      f"{seconds:.1f} s).")
        elif verdict == "lost":
            answer = f"this deal cannot be won from here, whatever is played ({nodes:,} positions examined)."
        else:
            answer = (f"no answer within {self.SOLVE_BUDGET_S:.0f} s ({nodes:,} positions examined): "
                      "the deal is too open to decide quickly.")
        told = prefix + answer
        self.say(told[:1].upper() + told[1:], "")   # a sentence, with or without the prefix

    def shutdown(self) -> None:
        self.stop_demo()
        self._stop_thinking()
        self.cancel_check()
        self.worker.close()

    # -- keeping the items in step ----------------------------------------------------------
    def sync(self, animate: bool = True) -> None:
        """Put everything where the game's view says."""
        if self._session is None or self.controller is None:
            return
        if not self.isVisible():
            # Not on screen yet: the size is not final, so pixmaps made now would be made again
            # at the right size.  Showing the table resizes it, and that syncs.
            return
        self.controller.sync(animate)
        self._show_hint_marks()    # the hinted card may have been laid out afresh
        self.refresh_prompt()

    def _relayout(self) -> None:
        if self.controller is None:
            return
        size = self.viewport().size()
        self.scene().setSceneRect(QRectF(0, 0, size.width(), size.height()))
        # The controller lays the table out above the prompt's band.
        self.controller.fit(size.width(), size.height() - self._reserved_band(size.height()))
        self.resetCachedContent()  # what is drawn on the cloth moved
        table = self._table_rect()
        if self._banner.isVisible():
            self._banner.setPos(QPointF(table.width() / 2, table.height() * 0.55))
        self.callout.dismiss()     # it pointed at a place that has moved

    # -- Qt events --------------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        # Cached by the view, redrawn only on relayout.
        if self.controller is not None:
            self.controller.paint_background(painter, rect)
        else:
            painter.fillRect(rect, QBrush(baize_tile()))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._relayout()
        self.sync(animate=False)  # a sync skipped while hidden (see sync) is done now

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()
        self.sync(animate=False)

    def _input_allowed(self) -> bool:
        if self.controller is None or self._demo_running:
            return False
        if self._replaying:
            self.say("This is a replay of the book's example: step through it with the arrow keys, "
                     "or close it to play.", "")
            return False
        if self._session is not None and not self.human_to_move \
                and self._session.to_move() is not Special.TERMINAL:
            self.say(self._wait_text(), "")
            return False
        return True

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()
        if event.button() != Qt.MouseButton.LeftButton:
            return
        pos = self.mapToScene(event.position().toPoint())
        if self.callout.link_hit(pos):
            # The callout's link: the only place on it that takes the mouse (the rest of the
            # callout lets presses through to the cards beneath).
            self.rule_link.emit(self.callout.rule)
            return
        if self._demo_running:     # the badge says so: a click on the table stops the demo
            self.stop_demo()
            self.say("Demo stopped.", "")
            self.changed.emit()
            return
        self._last_press, self._last_was_release, self._keyboard_last = pos, False, False
        if not self._input_allowed():
            return
        assert self.controller is not None
        self.clear_hint()
        self._input_depth += 1
        try:
            self.controller.press(pos)
        finally:
            self._input_depth -= 1

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = self.mapToScene(event.position().toPoint())
        if self.callout.isVisible() and not event.buttons():
            # the law's link looks like one under the pointer
            on_link = self.callout.link_hit(pos)
            if on_link != (self.viewport().cursor().shape() == Qt.CursorShape.PointingHandCursor):
                if on_link:
                    self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
                else:
                    self.viewport().unsetCursor()
            return     # (a move with no button is the callout's tracking: nothing for the table)
        if self.controller is not None:
            self.controller.move(pos)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.controller is not None and event.button() == Qt.MouseButton.LeftButton:
            pos = self.mapToScene(event.position().toPoint())
            self._last_release, self._last_was_release, self._keyboard_last = pos, True, False
            self._input_depth += 1
            try:
                self.controller.release(pos)
            finally:
                self._input_depth -= 1

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self._input_allowed():
            return
        assert self.controller is not None
        pos = self.mapToScene(event.position().toPoint())
        self._last_press, self._last_was_release, self._keyboard_last = pos, False, False
        self.controller.cancel_drag()
        self._input_depth += 1
        try:
            self.controller.double_click(pos)
        finally:
            self._input_depth -= 1

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.checking:
            self.cancel_check()
            return
        name = KEYS.get(Qt.Key(event.key()))
        if name is None or self.controller is None or self._demo_running \
                or event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            super().keyPressEvent(event)
            return
        if not self._input_allowed():
            return
        self.clear_hint()
        self._keyboard_last = True
        self._input_depth += 1
        try:
            used = self.controller.key(name)
        finally:
            self._input_depth -= 1
        if not used:
            super().keyPressEvent(event)
