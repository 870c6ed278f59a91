"""The table widget: a QGraphicsView on a baize cloth, showing one game session.

It owns the session of the game on the table, keeps the card items in step with the game's view
(animating only what changed), hands mouse and keyboard input to the family's controller, and
runs the demo with the computer thinking in a worker process so the table never freezes.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (QEasingCurve, QParallelAnimationGroup, QPointF, QRectF,
                            QSequentialAnimationGroup, Qt, QTimer, QVariantAnimation, Signal)
from PySide6.QtGui import QBrush, QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from ...ai.worker import AIWorker
from ...core.errors import IllegalAction, NotationError
from ...core.game import Special
from ...core.session import Session
from ...games.patience.engine import PatienceGame
from ...games.registry import get_game
from .cloth import baize_tile
from .items import BannerItem, CardItem, paint_pile_outline
from .patience_table import PatienceController

if TYPE_CHECKING:
    from concurrent.futures import Future

MOVE_MS = 200          # one move
DEAL_MS = 1500         # the whole deal
DEMO_PAUSE_MS = 320    # between the demo's moves, so a person can follow
KEYS = {Qt.Key.Key_Left: "left", Qt.Key.Key_Right: "right", Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down",
        Qt.Key.Key_Return: "enter", Qt.Key.Key_Enter: "enter", Qt.Key.Key_Escape: "escape",
        Qt.Key.Key_Space: "space", Qt.Key.Key_F: "f"}


def _motion(item: CardItem, start: QPointF, end: QPointF) -> QVariantAnimation:
    """A card's flight from ``start`` to ``end`` (cards are not QObjects: they fly by callback)."""
    anim = QVariantAnimation()
    anim.setDuration(MOVE_MS)
    anim.setStartValue(start)
    anim.setEndValue(end)
    anim.setEasingCurve(QEasingCurve.Type.OutCubic)
    anim.valueChanged.connect(item.setPos)
    return anim


class TableWidget(QGraphicsView):
    message = Signal(str, str)   # text for the status bar, and the rule reference ("" if none)
    changed = Signal()           # after every move, undo, redo, restart and new deal
    finished = Signal(object)    # the Outcome, when the game ends

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
        self.controller: PatienceController | None = None
        self._cards: dict[int, CardItem] = {}
        self._card_pile: dict[int, tuple[str, int]] = {}
        self._legal_cache: tuple[object, tuple[Any, ...]] | None = None
        self._animations_on = True
        self._auto_foundation = True
        self._anim: QParallelAnimationGroup | None = None
        self._banner = BannerItem()
        self.scene().addItem(self._banner)
        self._announced = False
        self.worker = AIWorker()
        self._demo_future: "Future[Any] | None" = None
        self._demo_memory: dict[str, Any] | None = None
        self._demo_timer = QTimer(self)
        self._demo_timer.setInterval(10)
        self._demo_timer.timeout.connect(self._demo_poll)
        self._demo_running = False
        self._hinted = False
        self._solve_future: "Future[Any] | None" = None
        self._solve_state: Any = None
        self._solve_started = 0.0
        self._solve_timer = QTimer(self)
        self._solve_timer.setInterval(250)
        self._solve_timer.timeout.connect(self._solve_poll)

    # -- the session ------------------------------------------------------------------------
    @property
    def session(self) -> Session[Any, Any] | None:
        return self._session

    @property
    def demo_running(self) -> bool:
        return self._demo_running

    def new_game(self, game_id: str, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game = get_game(game_id)
        self.load_session(Session(game, options, seed=seed), deal_animation=True)

    def load_session(self, session: Session[Any, Any], deal_animation: bool = False) -> None:
        if not isinstance(session.game, PatienceGame):
            raise NotationError(f"{session.game.info.name} has no table yet")
        self.stop_demo()
        self._session = session
        self._legal_cache = None
        for item in self._cards.values():
            self.scene().removeItem(item)
        self._cards = {}
        self._card_pile = {}
        self._announced = False
        self._banner.hide()
        self.controller = PatienceController(self, session.game)
        self.controller.build()
        self._relayout()
        self.viewport().update()
        if deal_animation and self._animations_on and self.isVisible():
            self._deal_animation()
        else:
            self.sync(animate=False)
        self._status()
        self.changed.emit()
        self._check_end()

    def current_view(self) -> Any:
        assert self._session is not None
        return self._session.game.view(self._session.state, 0)

    def legal(self) -> tuple[Any, ...]:
        """The legal actions of the player now (cached per position)."""
        if self._session is None:
            return ()
        state = self._session.state
        if self._legal_cache is None or self._legal_cache[0] is not state:
            self._legal_cache = (state, tuple(self._session.legal_actions()))
        return self._legal_cache[1]

    # -- playing ----------------------------------------------------------------------------
    def play(self, action: Any) -> bool:
        """Play an action for the player; a refusal is told in the status bar, citing the rule."""
        session = self._session
        if session is None:
            return False
        try:
            text = session.game.describe(session.state, action)
            session.play(action)
        except (IllegalAction, NotationError) as exc:
            rule = getattr(exc, "rule", None) or ""
            reason = str(exc)
            self.say(reason[:1].upper() + reason[1:] + ".", rule)
            self.sync(animate=True)
            return False
        if self._auto_foundation and self.controller is not None and not self._demo_running:
            self._play_auto_moves()
        self.sync(animate=True)
        self._status(text[:1].upper() + text[1:] + ".")
        self.changed.emit()
        self._check_end()
        return True

    def _play_auto_moves(self) -> None:
        assert self._session is not None and self.controller is not None
        for _ in range(len(self._session.state.deck) if hasattr(self._session.state, "deck") else 0):
            move = self.controller.auto_move()
            if move is None:
                break
            self._session.play(move, continue_turn=True)

    def undo(self) -> bool:
        if self._session is None or self._demo_running:
            return False
        done = self._session.undo()
        self._after_history_change("Took back a move." if done else "Nothing to take back.")
        return done

    def redo(self) -> bool:
        if self._session is None or self._demo_running:
            return False
        done = self._session.redo()
        self._after_history_change("Played the move again." if done else "Nothing to play again.")
        return done

    def restart(self) -> None:
        if self._session is None:
            return
        self.stop_demo()
        self._session.restart()
        self._after_history_change("Back to the start of the deal.")

    def _after_history_change(self, text: str) -> None:
        self._announced = False
        self._banner.hide()
        self.sync(animate=True)
        self._status(text)
        self.changed.emit()
        self._check_end()

    def hint(self) -> None:
        if self._session is None or self.controller is None:
            return
        if self._session.to_move() is Special.TERMINAL:
            self.say("The game is over: deal again with Ctrl+N.", "")
            return
        action = self._session.game.hint(self._session.state, 0)
        if action is None:
            self.say("No useful move is left: you may deal again, or take moves back.", "")
            return
        self.controller.show_hint(action)
        self._hinted = True
        self.say("Hint: " + self._session.game.describe(self._session.state, action) + ".", "")

    def clear_hint(self) -> None:
        if self._hinted and self.controller is not None:
            self._hinted = False
            for pile in self.controller.piles.values():
                pile.set_highlight(None)
            self.controller.show_keyboard_state()

    def set_animations(self, on: bool) -> None:
        self._animations_on = on

    def set_auto_foundation(self, on: bool) -> None:
        self._auto_foundation = on

    def say(self, text: str, rule: str = "") -> None:
        self.message.emit(text, rule)

    def _status(self, lead: str = "") -> None:
        if self._session is None:
            return
        view = self.current_view()
        parts = [lead] if lead else []
        parts.append(f"Deal {self._session.seed}")
        parts.append(f"{view.on_foundations} of {view.total} cards home")
        if self._session.game.info.id == "canfield_or_klondike":
            parts.append(f"counters {view.score:+d}")
        if view.passes_left == 0:
            parts.append("last pass through the stock")
        elif view.passes_left is not None:
            parts.append(f"{view.passes_left} more pass{'es' if view.passes_left != 1 else ''} after this")
        self.say(" · ".join(parts), "")

    def _check_end(self) -> None:
        session = self._session
        if session is None or self._announced:
            return
        outcome = session.outcome()
        if outcome is None:
            return
        self._announced = True
        won = outcome.results[0] > 0
        title = "Well played — the patience is out!" if won else "No more moves"
        score = outcome.scores[0] if outcome.scores else None
        detail = outcome.reason[:1].upper() + outcome.reason[1:] + "."
        if score is not None and session.game.info.id == "canfield_or_klondike":
            detail += f"  Counters {score:+d}."
        detail += "  Ctrl+N deals again; Ctrl+Z takes back."
        rect = self.viewport().rect()
        if won and self._animations_on:
            self._celebrate()
        self._banner.show_text(title, detail, QPointF(rect.width() / 2, rect.height() * 0.55),
                               rect.width() * 0.6)
        self.say(title + ". " + detail, outcome.rule or "")
        self.finished.emit(outcome)

    # -- the demo ---------------------------------------------------------------------------
    def start_demo(self) -> None:
        if self._session is None or self._demo_running:
            return
        self._demo_running = True
        self._demo_memory = None
        self.say("The demo plays: Demo again stops it.", "")
        self._demo_next()

    def stop_demo(self) -> None:
        if self._demo_running:
            self._demo_running = False
            self._demo_timer.stop()
            if self._demo_future is not None:
                self._demo_future.cancel()
            self._demo_future = None

    def _demo_next(self) -> None:
        if not self._demo_running or self._session is None:
            return
        if self._session.to_move() is Special.TERMINAL:
            self.stop_demo()
            return
        view = self.current_view()
        from ...demo import own_position
        self._demo_future = self.worker.submit(self._session.game.info.id, view, self.legal(), self._demo_memory,
                                               own_position(self._session.game, self._session.state))
        self._demo_timer.start()

    def _demo_poll(self) -> None:
        future = self._demo_future
        if future is None or not future.done():
            return
        self._demo_timer.stop()
        self._demo_future = None
        if not self._demo_running:
            return
        try:
            index, self._demo_memory = future.result()
        except Exception as exc:  # the worker died: say so, keep the game
            self.stop_demo()
            self.say(f"The computer player stopped: {exc}", "")
            return
        if index is None:
            self.stop_demo()
            self.say("The demo sees no useful move left.", "")
            return
        self.play(self.legal()[index])
        QTimer.singleShot(DEMO_PAUSE_MS if self._animations_on else 0, self._demo_next)

    # -- "can this deal still be won?" ------------------------------------------------------
    SOLVE_BUDGET_S = 20.0

    def check_winnable(self) -> None:
        """Ask the solver, in the worker process, whether the deal as it lies can still be won.
        The answer comes in the status bar; ``cancel_check`` stops it."""
        if self._session is None or self._solve_future is not None:
            return
        self.stop_demo()
        self._solve_state = self._session.state
        self._solve_future = self.worker.submit_solve(self._session.game.info.id, self._session.state,
                                                      self.SOLVE_BUDGET_S)
        self._solve_started = time.perf_counter()
        self._solve_timer.start()
        self.say("Looking for a winning line… (Escape stops the search)", "")

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
            self.say(f"{prefix}this deal can still be won (a line of {len(line)} moves was found in "
                     f"{seconds:.1f} s).", "")
        elif verdict == "lost":
            self.say(f"{prefix}this deal cannot be won from here, whatever is played "
                     f"({nodes:,} positions examined).", "")
        else:
            self.say(f"{prefix}no answer within {self.SOLVE_BUDGET_S:.0f} s ({nodes:,} positions "
                     "examined): the deal is too open to decide quickly.", "")

    def shutdown(self) -> None:
        self.stop_demo()
        self.cancel_check()
        self.worker.shutdown()

    # -- keeping the items in step ----------------------------------------------------------
    def card_item(self, card_id: int) -> CardItem:
        return self._cards[card_id]

    def card_items(self) -> list[CardItem]:
        return list(self._cards.values())

    def cards_in_pile(self, name: str) -> list[CardItem]:
        return [self._cards[cid] for cid, (pile, _) in self._card_pile.items() if pile == name]

    def pile_at(self, scene_pos: QPointF) -> tuple[str, int | None] | None:
        """The pile under ``scene_pos`` and the index of the card hit (``None``: its empty place)."""
        best: CardItem | None = None
        for item in self._cards.values():
            if item.isVisible() and item.mapToScene(item.card_rect()).boundingRect().contains(scene_pos):
                if best is None or item.zValue() > best.zValue():
                    best = item
        if best is not None and best.card_id in self._card_pile:
            return self._card_pile[best.card_id]
        if self.controller is not None:
            for name, pile in self.controller.piles.items():
                if pile.sceneBoundingRect().contains(scene_pos):
                    return name, None
        return None

    def sync(self, animate: bool = True) -> None:
        """Put every card where the game's view says, with its face shown or hidden."""
        if self._session is None or self.controller is None:
            return
        if not self.isVisible():
            # Not on screen yet: the size is not final, so card pixmaps made now would be made
            # again at the right size.  Showing the table resizes it, and that syncs.
            return
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        view = self.current_view()
        placed = self.controller.card_positions(view)
        dpr = self.devicePixelRatioF()
        group = QParallelAnimationGroup(self)
        self._card_pile = {c.id: (p.name, i) for p in view.piles for i, c in enumerate(p.cards)}
        for cid, (pos, z, face) in placed.items():
            item = self._cards.get(cid)
            if item is None:
                item = CardItem(cid, self.controller.unit, dpr)
                self.scene().addItem(item)
                item.setPos(pos)
                self._cards[cid] = item
            item.set_size(self.controller.unit, dpr)
            item.set_face(face)
            item.set_glow(None)
            item.setZValue(z)
            item.show()
            if animate and self._animations_on and (item.pos() - pos).manhattanLength() > 0.5:
                item.setZValue(10_000 + z)  # fly above the others
                anim = _motion(item, item.pos(), pos)
                anim.finished.connect(lambda item=item, z=z: item.setZValue(z))
                group.addAnimation(anim)
            else:
                item.setPos(pos)
        for cid, item in self._cards.items():
            if cid not in placed:
                item.hide()
        self.controller.show_keyboard_state()
        if group.animationCount():
            self._anim = group
            group.start()

    def _celebrate(self) -> None:
        """The win: the cards leave the foundations one after another and open into a wide fan
        across the cloth, suit by suit, behind the banner."""
        if self.controller is None:
            return
        view = self.current_view()
        ids = [c.id for p in view.piles if p.kind.value == "foundation" for c in p.cards]
        if not ids:
            return
        import math
        rect = self.viewport().rect()
        unit = self.controller.unit
        centre = QPointF(rect.width() / 2 - unit / 2, rect.height() * 0.62)
        radius = min(rect.width() * 0.42, rect.height() * 0.5)
        group = QParallelAnimationGroup(self)
        spread = math.radians(150)
        for k, cid in enumerate(ids):
            angle = math.radians(-165) + spread * k / max(1, len(ids) - 1)
            end = QPointF(centre.x() + radius * math.cos(angle), centre.y() + radius * math.sin(angle))
            item = self._cards[cid]
            item.setZValue(20_000 + k)
            seq = QSequentialAnimationGroup()
            seq.addPause(int(k * 2000 / len(ids)))
            anim = _motion(item, item.pos(), end)
            anim.setDuration(450)
            seq.addAnimation(anim)
            group.addAnimation(seq)
        self._anim = group
        group.start()

    def _deal_animation(self) -> None:
        """Cards fly from the stock to their places one after another, about 1.5 s in all."""
        assert self.controller is not None
        view = self.current_view()
        placed = self.controller.card_positions(view)
        stock = next((s for s in self.controller.specs if s.kind.value == "stock"), self.controller.specs[0])
        start = self.controller.pile_pos(stock)
        self.sync(animate=False)
        stock_ids = {c.id for p in view.piles if p.name == stock.name for c in p.cards}
        movers = [cid for cid in sorted(placed) if cid not in stock_ids]
        group = QParallelAnimationGroup(self)
        delay = DEAL_MS / max(1, len(movers))
        for k, cid in enumerate(movers):
            item = self._cards[cid]
            pos, z, _ = placed[cid]
            item.setPos(start)
            seq = QSequentialAnimationGroup()
            seq.addPause(int(k * delay))
            seq.addAnimation(_motion(item, start, pos))
            group.addAnimation(seq)
        self._anim = group
        group.start()

    def _relayout(self) -> None:
        if self.controller is None:
            return
        size = self.viewport().size()
        self.scene().setSceneRect(QRectF(0, 0, size.width(), size.height()))
        self.controller.fit(size.width(), size.height())
        self.resetCachedContent()  # the pile outlines on the cloth moved
        if self._banner.isVisible():
            self._banner.setPos(QPointF(size.width() / 2, size.height() * 0.55))

    # -- Qt events --------------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        # The cloth and the piles' quiet outlines: cached by the view, redrawn only on relayout.
        painter.fillRect(rect, QBrush(baize_tile()))
        if self.controller is not None:
            for pile in self.controller.piles.values():
                paint_pile_outline(painter, pile.sceneBoundingRect().adjusted(4, 4, -4, -4), pile.label)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._relayout()
        self.sync(animate=False)  # a sync skipped while hidden (see sync) is done now

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()
        self.sync(animate=False)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()
        if self.controller is None or self._demo_running or event.button() != Qt.MouseButton.LeftButton:
            return
        self.clear_hint()
        self.controller.press(self.mapToScene(event.position().toPoint()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.controller is not None:
            self.controller.move(self.mapToScene(event.position().toPoint()))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.controller is not None and event.button() == Qt.MouseButton.LeftButton:
            self.controller.release(self.mapToScene(event.position().toPoint()))

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.controller is None or self._demo_running or event.button() != Qt.MouseButton.LeftButton:
            return
        self.controller.drag = None
        self.controller.double_click(self.mapToScene(event.position().toPoint()))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.checking:
            self.cancel_check()
            return
        name = KEYS.get(Qt.Key(event.key()))
        if name is None or self.controller is None or self._demo_running \
                or event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            super().keyPressEvent(event)
            return
        self.clear_hint()
        if not self.controller.key(name):
            super().keyPressEvent(event)
