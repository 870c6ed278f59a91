"""Ghost, the spelling game of the parlour (Blain, *Games for All Occasions*, 1909).

The players add one letter each in turn to the letters on the table.  Whoever completes a word
loses a "life"; a player who doubts that the last letter can still lead to a word may challenge
its writer, who must then name a word beginning with the letters, or lose a life; a writer who
names one makes the challenger lose the life instead.  Three lives each ("a third of a ghost" at
each loss); the last player left in wins.

Where the book is silent (its opening paragraph is lost from our copy):

* *which words count*: a word of three letters or more (the option ``shortest`` = 4 plays the
  common modern rule, four or more).  Two-letter words never end a round;
* *who may challenge*: the player whose turn it is, instead of adding a letter (Blain's example
  has the next player challenge);
* *who begins the next word*: the player after the one who completed a word or challenged (the
  book's example, where the player after the challenger begins the next word);
* *what is a word*: the shipped list ``resources/words/english-words.txt`` (SCOWL, British
  spellings; see its README for the source and the licence) is the dictionary on the shelf that
  settles every dispute.

The state is the whole position: nothing is hidden in Ghost but the word each player has in mind,
which no rule needs to know.  Actions: a letter (``p``), ``challenge``, ``word plover`` (naming a
word when challenged) and ``give up`` (no word to name).
"""
from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind
from ...core.rules import rule_ref
from ...paths import resources_dir
from ..catalogue import BY_ID

LIVES = 3
LETTERS = "abcdefghijklmnopqrstuvwxyz"
WORDS_FILE = ("words", "english-words.txt")
# The SCOWL sizes the list is grouped by (see resources/words/README.md): a vocabulary of size N
# holds every word first found at a size up to N.
SIZES = (10, 20, 35, 40, 50, 55, 60)


# -- the dictionary -----------------------------------------------------------------------------
class WordList:
    """Words sorted, for prefix questions by bisection: every word that begins with ``p`` lies in
    one run of the sorted list, found with two binary searches (no trie of 200,000 nodes)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.set: frozenset[str] = frozenset(words)
        # the shipped list comes in sorted runs, which the sort merges quickly
        self.words: tuple[str, ...] = tuple(sorted(self.set)) if len(self.set) != len(words) else tuple(sorted(words))

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.set

    def span(self, prefix: str) -> tuple[int, int]:
        """The slice of ``words`` that begin with ``prefix``."""
        lo = bisect.bisect_left(self.words, prefix)
        hi = bisect.bisect_left(self.words, prefix + "{", lo)   # "{" sorts after "z"
        return lo, hi

    def starting(self, prefix: str) -> tuple[str, ...]:
        lo, hi = self.span(prefix)
        return self.words[lo:hi]

    def extends(self, prefix: str, shortest: int) -> bool:
        """Is there a word that counts (``shortest`` letters or more) longer than ``prefix`` and
        beginning with it?"""
        lo, hi = self.span(prefix)
        need = max(shortest, len(prefix) + 1)
        return any(len(self.words[i]) >= need for i in range(lo, hi))

    def next_letters(self, prefix: str) -> str:
        """The letters that can follow ``prefix`` on the way to a word of the list."""
        out = []
        lo, hi = self.span(prefix)
        k = len(prefix)
        i = lo
        while i < hi:
            word = self.words[i]
            if len(word) > k:
                c = word[k]
                out.append(c)
                i = bisect.bisect_left(self.words, prefix + chr(ord(c) + 1), i, hi)
            else:
                i += 1
        return "".join(out)


@lru_cache(maxsize=1)
def _graded_words() -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The shipped list, as (size, words first found at that size)."""
    path = resources_dir().joinpath(*WORDS_FILE)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise NotationError(f"Ghost's word list {path} cannot be read: {exc}") from None
    groups: list[tuple[int, list[str]]] = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            groups.append((int(line[1:]), []))
        elif groups:
            groups[-1][1].append(line)
    return tuple((size, tuple(words)) for size, words in groups)


@lru_cache(maxsize=len(SIZES))
def vocabulary(size: int = SIZES[-1]) -> WordList:
    """The words of the list up to SCOWL size ``size``: the full list (size 60) is the dictionary
    that judges; smaller sizes are the vocabularies of the weaker computer players."""
    return WordList([w for s, words in _graded_words() for w in words if s <= size])


def dictionary() -> WordList:
    return vocabulary(SIZES[-1])


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Letter:
    """A letter added to the letters on the table."""

    letter: str


@dataclass(frozen=True, slots=True)
class Challenge:
    """The player to move doubts the last letter: its writer must name a word."""


@dataclass(frozen=True, slots=True)
class Name:
    """The challenged player names the word he had in mind."""

    word: str


@dataclass(frozen=True, slots=True)
class GiveUp:
    """The challenged player cannot name a word."""


GhostAction = Letter | Challenge | Name | GiveUp


# -- state --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Loss:
    """A life lost: who, the letters on the table, why, and the word named or completed."""

    seat: Seat
    letters: str
    how: str          # "completed", "could not name a word", "challenged wrongly"
    word: str = ""


@dataclass(frozen=True, slots=True)
class GhostState:
    """The whole game, which every seat may see."""

    n: int
    shortest: int
    lives: tuple[int, ...]
    letters: str = ""
    writers: tuple[Seat, ...] = ()       # who added each letter of ``letters``
    turn: Seat | None = 0                # who adds the next letter (or challenges)
    challenger: Seat | None = None       # set while a challenge waits for its answer
    losses: tuple[Loss, ...] = ()
    rounds: int = 1                      # the round being played (1 = the first word)

    @property
    def challenged(self) -> Seat | None:
        return self.writers[-1] if self.challenger is not None and self.writers else None

    @property
    def alive(self) -> tuple[Seat, ...]:
        return tuple(s for s in range(self.n) if self.lives[s] > 0)

    @property
    def over(self) -> bool:
        return len(self.alive) <= 1


def next_alive(state: GhostState, seat: Seat) -> Seat:
    """The next player after ``seat`` (to his left) who is not yet a whole ghost."""
    for k in range(1, state.n + 1):
        s = (seat + k) % state.n
        if state.lives[s] > 0:
            return s
    return seat


def ghost_fraction(lives_left: int) -> str:
    """"a third of a ghost" and so on: how the party speaks of the lives lost."""
    lost = LIVES - lives_left
    return ("in full life", "a third of a ghost", "two thirds of a ghost", "a ghost")[max(0, min(3, lost))]


class GhostGame(Game[GhostState, GhostAction, GhostState]):
    info = BY_ID["ghost"]
    table_kind = TableKind.GHOST
    option_specs = (
        OptionSpec("players", 4, (4, 2, 3, 5, 6, 7, 8), "Players"),
        OptionSpec("shortest", 3, (3, 4), "Shortest word that counts",
                   help="A completed word of this many letters or more loses a life",
                   labels=("Three letters", "Four letters")),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    def words(self) -> WordList:
        return dictionary()

    # -- the protocol -----------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> GhostState:
        opts = self.resolve_options(options)
        n = opts["players"]
        return GhostState(n=n, shortest=opts["shortest"], lives=(LIVES,) * n)

    def seat_count(self, state: GhostState) -> int:
        return state.n

    def to_move(self, state: GhostState) -> Seat | Special:
        if state.over:
            return Special.TERMINAL
        if state.challenger is not None:
            return state.writers[-1]
        assert state.turn is not None
        return state.turn

    def legal_actions(self, state: GhostState, seat: Seat) -> Sequence[GhostAction]:
        if state.over or seat != self.to_move(state):
            return ()
        if state.challenger is not None:
            words = self.words()
            need = max(state.shortest, len(state.letters) + 1)
            named = tuple(Name(w) for w in words.starting(state.letters) if len(w) >= need)
            return named + (GiveUp(),)
        letters: tuple[GhostAction, ...] = tuple(Letter(c) for c in LETTERS)
        return letters + ((Challenge(),) if state.letters else ())

    def is_word(self, state: GhostState, letters: str) -> bool:
        """Does ``letters`` complete a word that counts (long enough, and in the dictionary)?"""
        return len(letters) >= state.shortest and letters in self.words()

    def apply(self, state: GhostState, action: GhostAction) -> GhostState:
        seat = self.to_move(state)
        if seat is Special.TERMINAL:
            raise IllegalAction("the game is over: only one player is left in", self.ref("the-end-of-the-game"))
        assert isinstance(seat, int)
        if isinstance(action, Letter):
            if state.challenger is not None:
                raise IllegalAction(f"{self.seat_name(seat)} has been challenged and must name a word "
                                    "(or give up), not add a letter", self.ref("challenging"))
            c = action.letter
            if len(c) != 1 or c not in LETTERS:
                raise IllegalAction(f"{c!r} is not a letter from a to z", self.ref("adding-a-letter"))
            letters = state.letters + c
            if self.is_word(state, letters):
                return self._lose(state, seat, Loss(seat, letters, "completed", letters), seat)
            return replace(state, letters=letters, writers=state.writers + (seat,),
                           turn=next_alive(state, seat))
        if isinstance(action, Challenge):
            if state.challenger is not None:
                raise IllegalAction("a challenge is already waiting for its answer", self.ref("challenging"))
            if not state.letters:
                raise IllegalAction("there is no letter on the table to challenge: begin a new word",
                                    self.ref("challenging"))
            return replace(state, challenger=seat)
        if isinstance(action, Name):
            if state.challenger is None:
                raise IllegalAction("nobody has challenged: a word is named only when challenged",
                                    self.ref("challenging"))
            word = action.word
            if not word.startswith(state.letters):
                raise IllegalAction(f"{word!r} does not begin with the letters on the table, "
                                    f"{state.letters.upper()}", self.ref("challenging"))
            if len(word) <= len(state.letters) or len(word) < state.shortest:
                raise IllegalAction(f"{word!r} is too short: the word must go beyond "
                                    f"{state.letters.upper()} and have at least {state.shortest} letters",
                                    self.ref("which-words-count"))
            if word not in self.words():
                raise IllegalAction(f"{word!r} is not in the word list that settles disputes; name "
                                    "another word, or give up", self.ref("which-words-count"))
            challenger = state.challenger
            return self._lose(state, challenger, Loss(challenger, state.letters, "challenged wrongly", word),
                              challenger)
        if isinstance(action, GiveUp):
            if state.challenger is None:
                raise IllegalAction("nobody has challenged: there is nothing to give up",
                                    self.ref("challenging"))
            return self._lose(state, seat, Loss(seat, state.letters, "could not name a word"), state.challenger)
        raise IllegalAction(f"{action!r} is not an action of Ghost", self.ref("the-play"))

    def _lose(self, state: GhostState, loser: Seat, loss: Loss, last_actor: Seat) -> GhostState:
        """A life lost; the next word is begun by the player after ``last_actor``."""
        lives = list(state.lives)
        lives[loser] -= 1
        after = replace(state, lives=tuple(lives), letters="", writers=(), challenger=None,
                        losses=state.losses + (loss,), rounds=state.rounds + 1)
        if after.over:
            return replace(after, turn=None)
        return replace(after, turn=next_alive(after, last_actor))

    def outcome(self, state: GhostState) -> Outcome | None:
        if not state.over:
            return None
        alive = state.alive
        winner = alive[0] if alive else state.losses[-1].seat
        results = tuple(1.0 if s == winner else 0.0 for s in range(state.n))
        return Outcome(results, f"{self.seat_name(winner)} is the last player left in",
                       self.ref("the-end-of-the-game"), scores=state.lives)

    def view(self, state: GhostState, seat: Seat | None) -> GhostState:
        return state   # nothing is hidden: the letters, their writers and the lives are public

    # -- text -------------------------------------------------------------------------------
    def action_to_str(self, action: GhostAction) -> str:
        if isinstance(action, Letter):
            return action.letter
        if isinstance(action, Challenge):
            return "challenge"
        if isinstance(action, Name):
            return f"word {action.word}"
        return "give up"

    def action_from_str(self, state: GhostState, text: str) -> GhostAction:
        t = " ".join(text.strip().lower().split())
        if len(t) == 1 and t in LETTERS:
            return Letter(t)
        if t.startswith("letter ") and len(t) == 8 and t[7] in LETTERS:
            return Letter(t[7])
        if t == "challenge":
            return Challenge()
        if t in ("give up", "giveup", "concede"):
            return GiveUp()
        if t.startswith("word "):
            word = t[5:]
            if word.isascii() and word.isalpha():
                return Name(word)
        raise NotationError(f"{text!r} is not an action of Ghost: expected a letter a-z, "
                            "'challenge', 'word' and a word, or 'give up'")

    def describe(self, state: GhostState, action: GhostAction) -> str:
        seat = self.to_move(state)
        who = self.seat_name(seat) if isinstance(seat, int) else ""
        if isinstance(action, Letter):
            letters = state.letters + action.letter
            if self.is_word(state, letters):
                return f"{who} adds {action.letter.upper()} and completes {letters.upper()}: a life lost"
            return f"{who} adds {action.letter.upper()}: {letters.upper()}"
        if isinstance(action, Challenge):
            return f"{who} challenges {self.seat_name(state.writers[-1])} to name a word"
        if isinstance(action, Name):
            return f"{who} names {action.word.upper()}: the challenger loses a life"
        return f"{who} cannot name a word and loses a life"

    def score_events(self, state: GhostState) -> Sequence[ScoreEvent]:
        anchors = {"completed": "completing-a-word", "could not name a word": "challenging",
                   "challenged wrongly": "challenging"}
        out = []
        for loss in state.losses:
            what = loss.how + (f" ({loss.word.upper()})" if loss.word else f" ({loss.letters.upper()})")
            out.append(ScoreEvent(loss.seat, -1, f"{self.seat_name(loss.seat)} loses a life: {what}",
                                  self.ref(anchors[loss.how])))
        return out


GAME = GhostGame()
