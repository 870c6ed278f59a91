"""The game protocol shared by every game, the AI, the table, the demo and the tests.

A game is a stateless object holding rules; states are immutable values.  ``apply`` returns a new
state, so undo, replay, save files and search all follow from keeping a list of actions.

Chance is explicit: when ``to_move`` returns ``Special.CHANCE`` the session asks the game for a
chance action (a shuffle ``deal N`` or a throw of the dice) with ``chance_action(state, seed)`` and
records it in the history like any other action, so a record replays without any random generator.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, Generic, Mapping, Sequence, TypeVar

from .cards import Card
from .errors import IllegalAction, NotationError, excerpt
from .rules import page_anchors

S = TypeVar("S")  # state
A = TypeVar("A")  # action
V = TypeVar("V")  # view

Seat = int
LEVELS = {1: "Beginner", 2: "Club player", 3: "Expert"}  # the computer's strengths
Options = Mapping[str, Any]


class Special(Enum):
    CHANCE = "chance"
    TERMINAL = "terminal"


class Family(Enum):
    PATIENCE = "patience"
    TRICK_TAKING = "trick-taking"
    BANKING = "banking-gambling"
    BOARD = "board"
    DOMINOES = "dominoes"
    PARLOUR = "parlour"
    OTHER = "other"

    @property
    def title(self) -> str:
        return {"patience": "Patience", "trick-taking": "Trick-taking games",
                "banking-gambling": "Banking and gambling games", "board": "Board games",
                "dominoes": "Dominoes", "parlour": "Parlour games",
                "other": "Round games and others"}[self.value]


class TableKind(StrEnum):
    """Which table the interface lays out for a game (compendium/ui/table/controller.py has one
    controller for each).  A game without a table (a rules page only) has ``NONE``."""

    NONE = ""
    PATIENCE = "patience"
    POKER_PATIENCE = "poker_patience"
    TRICKS = "tricks"
    BEZIQUE = "bezique"          # the trick table with the declared cards before their owners
    DRAW_POKER = "draw_poker"
    BACCARAT = "baccarat"
    POPE_JOAN = "pope_joan"
    GHOST = "ghost"
    TIT_TAT_TOE = "tit_tat_toe"
    RIDDLES = "riddles"
    CHESS = "chess"
    CHECKERS = "checkers"
    BACKGAMMON = "backgammon"
    DOMINOES = "dominoes"
    CASINO = "casino"        # Roulette and Trente et Quarante
    EUCHRE_LOO = "euchre_loo"     # the trick table with Euchre's score marks and Loo's pool
    CRIBBAGE = "cribbage"
    BANKING_CARDS = "banking_cards"   # Vingt-Un and Blind Hookey: a dealer banking against punters
    CUE = "cue"                   # the billiard table seen from above: Billiards, Pool
    BAGATELLE = "bagatelle"       # the bagatelle board seen from above, on the cue table's controller


class Chance(StrEnum):
    """Where a game's chance comes from."""

    NONE = "none"
    DEAL = "deal"      # a shuffled pack (or set of dominoes), recorded as ``deal N``
    DICE = "dice"      # throws of the dice, recorded as they fall


class Information(StrEnum):
    """Whether every player sees the whole position."""

    PERFECT = "perfect"
    HIDDEN = "hidden"


class Status(Enum):
    REFERENCE = "reference"  # rules page only
    PLAYABLE = "playable"    # meets the definition of done (DESIGN.md section 7)


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    name: str
    family: Family
    min_seats: int
    max_seats: int
    source: str                      # book and chapter, e.g. "Lady Cadogan, Illustrated Games of Patience"
    aliases: tuple[str, ...] = ()
    chance: Chance = Chance.NONE
    information: Information = Information.PERFECT
    summary: str = ""                # one line for the library
    parent: str | None = None        # the game this one is a variant of, if any

    def __post_init__(self) -> None:
        # The catalogue writes the two kinds as words: each must be one of its enum's (a
        # misspelt kind is a ValueError naming it, not a game that silently has no chance).
        object.__setattr__(self, "chance", Chance(self.chance))
        object.__setattr__(self, "information", Information(self.information))


@dataclass(frozen=True, slots=True)
class ViewCard:
    """A card (or another piece with a hidden side: a domino) as one seat sees it: a physical id
    that reveals nothing, and the face or ``None``."""

    id: int
    face: Card | Any | None


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """Something that scored, with the law that says so."""

    seat: Seat
    points: int
    text: str
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: a result per seat (1 win, 0 loss, 0.5 shared) and why."""

    results: tuple[float, ...]
    reason: str
    rule: str | None = None
    scores: tuple[int, ...] = ()

    @property
    def winners(self) -> tuple[Seat, ...]:
        best = max(self.results)
        return tuple(i for i, r in enumerate(self.results) if r == best and r > 0)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts, with its default, the values allowed and a label for the menu."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    label: str
    help: str = ""
    labels: tuple[str, ...] = field(default=())  # labels for the choices, if not str(choice)

    def allows(self, value: Any) -> bool:
        """Is ``value`` one of the choices, of the same type (``True`` is not the choice ``1``)?"""
        return any(value == c and type(value) is type(c) for c in self.choices)


def _choice_text(choice: Any) -> str:
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return str(choice)


class Game(ABC, Generic[S, A, V]):
    """The rules of one game.  Subclasses set ``info`` and ``option_specs``."""

    info: GameInfo
    option_specs: tuple[OptionSpec, ...] = ()
    # Which table the interface lays out for this game (see compendium/ui/table/controller.py).
    table_kind: TableKind = TableKind.NONE

    # -- options ----------------------------------------------------------------------------
    def resolve_options(self, options: Options | None = None) -> dict[str, Any]:
        """Defaults filled in and every value checked; a bad option raises ``NotationError``."""
        given = dict(options or {})
        out: dict[str, Any] = {}
        for spec in self.option_specs:
            value = given.pop(spec.name, spec.default)
            if not spec.allows(value):
                allowed = ", ".join(repr(c) for c in spec.choices)
                raise NotationError(f"option {spec.name}={excerpt(value)} is not one of {allowed}")
            out[spec.name] = value
        if given:
            names = ", ".join(excerpt(name, 20) for name in sorted(given, key=str)[:3])
            raise NotationError(f"{self.info.name} has no option {names}"
                                + (f" (and {len(given) - 3} more)" if len(given) > 3 else ""))
        return out

    def options_from_record(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """A record's options as this version reads them.  A record holds every option its game
        had when it was written; a game that has since gained an option whose default plays
        differently says here which value an older record was played with (Billiards' physics)."""
        return options

    def option_from_str(self, text: str) -> tuple[str, Any]:
        """``NAME=VALUE`` (the command line's ``--option``) as the option's name and value, the
        value one of its choices written as the menu's text (``points=50``, ``variety=stud``,
        ``tiger=yes``); raises ``NotationError`` quoting the text."""
        name, sep, value = text.partition("=")
        name, value = name.strip(), value.strip()
        specs = {spec.name: spec for spec in self.option_specs}
        if not sep or not name:
            raise NotationError(f"{excerpt(text)} is not an option such as name=value")
        if name not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise NotationError(f"{self.info.name} has no option {excerpt(name, 20)} (its options: {known})")
        spec = specs[name]
        for choice in spec.choices:
            if isinstance(choice, bool):
                words = ("yes", "true", "on", "1") if choice else ("no", "false", "off", "0")
                if value.lower() in words:
                    return name, choice
            elif value == str(choice) or value.lower() == str(choice).lower():
                return name, choice
        allowed = ", ".join(_choice_text(c) for c in spec.choices)
        raise NotationError(f"option {name}={excerpt(value, 20)} is not one of {allowed}")

    # -- the protocol -----------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, options: Options | None = None) -> S: ...

    @abstractmethod
    def to_move(self, state: S) -> Seat | Special: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]: ...

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises ``IllegalAction`` citing the rule when it is not legal."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> V:
        """What ``seat`` may see (``None``: a spectator).  Never contains a hidden face."""

    @abstractmethod
    def action_to_str(self, action: A) -> str: ...

    @abstractmethod
    def action_from_str(self, state: S, text: str) -> A:
        """Parse an action's text form; raises ``NotationError`` quoting the text."""

    def chance_action(self, state: S, seed: int) -> A:
        """The chance outcome drawn with ``seed`` where ``to_move`` is ``Special.CHANCE``."""
        raise IllegalAction(f"{self.info.name} has no chance events")

    # -- optional capabilities (a game overrides those it has; its computer players and hint are
    # in compendium.ai, found by the game's id through compendium.ai.registry) ------------------
    def seat_count(self, state: S) -> int:
        """How many seats this game (with its options) has; games with a choice override it."""
        return self.info.max_seats if self.info.min_seats == self.info.max_seats else self.info.min_seats

    def seat_name(self, seat: Seat) -> str:
        """What the seat is called at the table ("White", "North", "the dealer" ...)."""
        return f"Player {seat + 1}"

    def score_events(self, state: S) -> Sequence[ScoreEvent]:
        """The running score sheet so far."""
        return ()

    def describe(self, state: S, action: A) -> str:
        """A sentence for the status bar and the demo's narration."""
        return self.action_to_str(action)

    def setup_state(self, text: str, options: Options) -> S:
        """The state of the position ``text`` describes (a FEN, a backgammon position ID, a
        lesson), for a session started from a set-up (``Session(..., setup=text)``); raises
        ``NotationError`` quoting a text it cannot read.  A game that does not override this
        cannot be set up."""
        raise NotationError(f"{self.info.name} cannot start from a set-up position (given {text[:60]!r})")

    def rules_section(self, state: S) -> str | None:
        """The anchor (a heading's slug on this game's rules page) of the section about what is
        happening now — the deal, the auction, the play, the scoring — so that the rules pane can
        follow the game; ``None`` where the game does not say.  See ``page_section``."""
        return None

    def replay_view(self, state: S, seat: Seat) -> V:
        """What the table shows while it replays a worked example of the book (the "Show me"
        links): the seat's own view by default; a card game whose book prints every hand shows
        them all."""
        return self.view(state, seat)

    def page_section(self, *candidates: str) -> str | None:
        """The first of ``candidates`` that is a heading of this game's rules page (a game's
        ``rules_section`` names its wishes in order; pages differ in what they call a phase)."""
        found = page_anchors(self.info.id)
        return next((anchor for anchor in candidates if anchor in found), None)

    # -- conveniences built on the protocol -------------------------------------------------
    def is_terminal(self, state: S) -> bool:
        return self.to_move(state) is Special.TERMINAL

    def check_legal(self, state: S, action: A) -> None:
        """Raise ``IllegalAction`` if ``action`` is not among the legal actions of the player to move."""
        seat = self.to_move(state)
        if isinstance(seat, Special):
            raise IllegalAction("the game is over" if seat is Special.TERMINAL else "it is chance's turn")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"{self.action_to_str(action)} is not a legal move now")

