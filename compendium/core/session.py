"""A game in progress: the states, the history of actions, undo and redo, records and replay.

The history is split into *turns*: a turn starts with an action of a human seat and takes with it
the computer's replies and the chance events (deals, throws) that follow it.  Undo removes a whole
turn, so against the computer it steps back to the human's previous decision; chance events are
kept on the redo stack and are re-derived from the seed by their index otherwise, so undoing never
re-rolls the dice or re-deals to the player's advantage.  In patience every action is a turn.

A session may start from a *set-up*: a text the game reads with ``setup_state(text, options)``
(a FEN, a GNU Backgammon position ID, a lesson's position, later a dealt hand).  The text is kept
in the record (format version 2), every action is replayed from that position, and undo and
restart never go back past it.  A session may also carry ``clocks`` (each seat's time left, in
milliseconds) that a timed table keeps up to date, so a save or the autosave resumes with them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Sequence

from .errors import IllegalAction, NotationError, RecordError, UnknownGame, excerpt
from .game import A, Game, Outcome, S, Seat, Special
from .records import Record, action_line
from .rng import derive_seed, fresh_seed

# How a record's game id becomes its rules: the game registry, which the core does not import
# (the games sit above it).  ``compendium.games`` installs it when it is imported, and whoever
# holds a record of a game has imported the games.
_game_lookup: Callable[[str], Game[Any, Any, Any]] | None = None


def set_game_lookup(lookup: Callable[[str], Game[Any, Any, Any]]) -> None:
    """Install ``lookup(game_id) -> Game`` for ``Session.from_record`` called without a game."""
    global _game_lookup
    _game_lookup = lookup


def can_set_up(game: Game[Any, Any, Any]) -> bool:
    """Whether ``game`` can start from a set-up position (it overrides ``Game.setup_state``)."""
    return type(game).setup_state is not Game.setup_state


def start_state(game: Game[S, Any, Any], options: Mapping[str, Any], setup: str | None) -> S:
    """The state a game starts from: the usual one, or the position ``setup`` describes
    (``Game.setup_state``, which raises ``NotationError`` quoting a text it cannot read; a game
    that cannot be set up refuses every set-up)."""
    if setup is None:
        return game.initial_state(dict(options))
    return game.setup_state(setup, dict(options))


@dataclass(frozen=True, slots=True)
class Step(Generic[A]):
    actor: Seat | Special        # the seat that acted, or Special.CHANCE
    action: A
    text: str


class Session(Generic[S, A]):
    def __init__(self, game: Game[S, A, Any], options: dict[str, Any] | None = None,
                 seed: int | None = None, human_seats: Sequence[int] = (0,),
                 setup: str | None = None) -> None:
        """``setup``: start from the position this text describes (see ``start_state``);
        ``NotationError`` quotes a text the game cannot read."""
        self.game = game
        self.options = game.resolve_options(options)
        self.seed = fresh_seed() if seed is None else seed
        self.human_seats = tuple(human_seats)
        self.setup = setup.strip() if setup is not None else None
        # Each seat's time left in milliseconds, kept by a timed table (None: no clock).
        self.clocks: tuple[int, ...] | None = None
        self._states: list[S] = [start_state(game, self.options, self.setup)]
        self._steps: list[Step[A]] = []
        self._turn_starts: list[int] = []       # index into _steps where each human turn starts
        self._redo: list[list[str]] = []        # undone turns, newest last, as action texts
        self._chance_count = 0
        self.listeners: list[Callable[[Session[S, A]], None]] = []
        # False for a worked example: it stops where the book does, and its recorded deals are
        # stepped through like moves, instead of the next deal following by itself.
        self.deal_on = True
        self.advance_chance()

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def first_state(self) -> S:
        """The state the game started from (the set-up, if any): undo never goes before it."""
        return self._states[0]

    @property
    def steps(self) -> tuple[Step[A], ...]:
        return tuple(self._steps)

    @property
    def actions_text(self) -> tuple[str, ...]:
        return tuple(s.text for s in self._steps)

    def to_move(self) -> Seat | Special:
        return self.game.to_move(self.state)

    def legal_actions(self, seat: Seat | None = None) -> Sequence[A]:
        who = self.to_move() if seat is None else seat
        if isinstance(who, Special):
            return ()
        return self.game.legal_actions(self.state, who)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def can_undo(self) -> bool:
        return bool(self._turn_starts)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def move_count(self) -> int:
        """Moves made by human seats (for statistics: 'won in 97 moves')."""
        return sum(1 for s in self._steps if s.actor in self.human_seats)

    # -- playing -----------------------------------------------------------------------------
    def play(self, action: A | str, *, continue_turn: bool = False) -> S:
        """Play ``action`` (or its text) for the seat to move.  Raises ``IllegalAction`` citing the
        rule, or ``NotationError`` for text that names no action; the session is unchanged then.
        ``continue_turn`` joins the action to the player's last turn, so one undo takes both back
        (the table's automatic moves to the foundations)."""
        seat = self.to_move()
        if isinstance(seat, Special) and not (seat is Special.CHANCE and not self.deal_on):
            # (with deal_on off, a replay steps through a recorded deal like a move)
            raise IllegalAction("the game is over" if seat is Special.TERMINAL else "the cards are being dealt")
        if isinstance(action, str):
            action = self.game.action_from_str(self.state, action)
        new_state = self.game.apply(self.state, action)
        if seat in self.human_seats:
            if not (continue_turn and self._turn_starts):
                self._turn_starts.append(len(self._steps))
            self._redo.clear()
        self._push(seat, action, new_state)
        self.advance_chance()
        self._notify()
        return self.state

    def advance_chance(self) -> None:
        """Apply chance events (deals, throws) until a seat is to move or the game is over
        (unless ``deal_on`` is off)."""
        while self.deal_on and self.to_move() is Special.CHANCE:
            action = self.game.chance_action(self.state, derive_seed(self.seed, self._chance_count))
            self._push(Special.CHANCE, action, self.game.apply(self.state, action))

    def _push(self, actor: Seat | Special, action: A, state: S) -> None:
        if actor is Special.CHANCE:
            self._chance_count += 1
        self._steps.append(Step(actor, action, self.game.action_to_str(action)))
        self._states.append(state)

    def undo(self) -> bool:
        """Take back the last human turn (with the replies and chance events after it)."""
        if not self._turn_starts:
            return False
        start = self._turn_starts.pop()
        undone = self._steps[start:]
        self._redo.append([s.text for s in undone])
        self._chance_count -= sum(1 for s in undone if s.actor is Special.CHANCE)
        del self._steps[start:]
        del self._states[start + 1:]
        self._notify()
        return True

    def redo(self) -> bool:
        """Play the last undone turn again exactly as it was (same deals, same throws)."""
        if not self._redo:
            return False
        turn = self._redo.pop()
        self._turn_starts.append(len(self._steps))
        for text in turn:
            seat = self.to_move()
            action = self.game.action_from_str(self.state, text)
            self._push(seat, action, self.game.apply(self.state, action))
        self._notify()
        return True

    def restart(self) -> None:
        """Back to the start of the same deal (kept on the redo stack is nothing: a fresh start)."""
        while self.undo():
            pass
        self._redo.clear()
        self._notify()

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # -- records -----------------------------------------------------------------------------
    def record(self, **meta: Any) -> Record:
        redo = tuple(text for turn in reversed(self._redo) for text in turn)
        return Record(game=self.game.info.id, options=dict(self.options), seed=self.seed,
                      actions=self.actions_text, redo=redo, human_seats=self.human_seats,
                      meta=meta, setup=self.setup, clocks=self.clocks)

    @classmethod
    def from_record(cls, record: Record, game: Game[S, A, Any] | None = None,
                    source_text: str | None = None, deal_on: bool = True) -> "Session[S, A]":
        """Replay a record.  Each action is checked by the rules; the first one that fails raises
        ``RecordError`` naming its line (when ``source_text`` is given), position and text.
        ``deal_on=False`` (a worked example) leaves a deal that is due after the last action
        undealt, and lets ``play`` step through recorded deals."""
        if game is None:
            if _game_lookup is None:
                raise RecordError(f"no games are loaded to replay a record of {record.game!r} "
                                  "(import compendium.games, or pass the game)")
            try:
                game = _game_lookup(record.game)
            except UnknownGame as exc:     # a reader of records raises RecordError, and only it
                said = str(exc)
                if len(said) > 200:         # it quotes the record's game id, whatever its length
                    said = f"the record is of a game this version does not know, {excerpt(record.game)}"
                raise RecordError(said) from None
        try:
            options = game.resolve_options(game.options_from_record(record.options))
        except NotationError as exc:
            raise RecordError(f"bad options for {game.info.name}: {exc}") from None
        session: Session[S, A] = cls.__new__(cls)
        session.game = game
        session.options = options
        session.seed = record.seed
        session.human_seats = record.human_seats
        session.setup = record.setup
        session.clocks = record.clocks
        try:
            session._states = [start_state(game, options, record.setup)]
        except NotationError as exc:
            raise RecordError(f"the record's set-up position cannot be read: {exc}") from None
        session._steps = []
        session._turn_starts = []
        session._redo = []
        session._chance_count = 0
        session.listeners = []
        session.deal_on = deal_on
        for index, text in enumerate(record.actions):
            try:
                actor = session.to_move()
                if actor is Special.TERMINAL:
                    raise IllegalAction("the game was already over")
                action = game.action_from_str(session.state, text)
                new_state = game.apply(session.state, action)
            except (IllegalAction, NotationError) as exc:
                line = action_line(source_text, index) if source_text else None
                raise RecordError(f"the record cannot be replayed: {exc}", line=line, index=index,
                                  action=text) from None
            if actor in session.human_seats:
                session._turn_starts.append(len(session._steps))
            session._push(actor, action, new_state)
        # The redo list is flat in the file: find the turn boundaries by replaying it on a scratch
        # state (a new turn starts at each human action), which also checks it is legal.
        turns: list[list[str]] = []
        scratch = session.state
        for index, text in enumerate(record.redo):
            try:
                actor = game.to_move(scratch)
                if actor is Special.TERMINAL:
                    raise IllegalAction("the game was already over")
                scratch = game.apply(scratch, game.action_from_str(scratch, text))
            except (IllegalAction, NotationError) as exc:
                line = action_line(source_text, index, "redo") if source_text else None
                raise RecordError(f"the record's redo list cannot be replayed: {exc}", line=line,
                                  index=index, action=text) from None
            if actor in session.human_seats or not turns:
                turns.append([text])
            else:
                turns[-1].append(text)
        session._redo = list(reversed(turns))
        session.advance_chance()
        return session
