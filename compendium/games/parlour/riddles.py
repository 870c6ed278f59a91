"""Riddles, the quiet game at the end of a party (Blain, *Games for All Occasions*, 1909).

The book gives a custom and two lists of riddles, not rules of play; the table is ours, said on the
rules page (``resources/rules/riddles.md``):

* the riddles are the project's own (``resources/riddles/riddles.json``), dealt in a shuffled order
  (the ``deal`` chance action); a game puts ``riddles`` of them;
* the players guess in turn round the table, the first guess of each riddle passing one seat to the
  left each time; on his turn a player types a guess, passes, or takes a hint (the number of letters,
  then the first letter; a hint costs its taker a point and does not end his turn);
* a right guess scores two points and ends the riddle; after two rounds of the table without one,
  or a whole round of passes, the room gives up; either way the answer is told with its reason;
* a guess is matched forgivingly against the riddle's accepted answers (``matches``): case,
  accents, punctuation and articles do not count, a guess may be a sentence that contains an
  accepted answer, and a small misspelling is forgiven by edit distance.

Only the answer of the riddle being asked, and the order of those still to come, are hidden: the
view shows the question with its answer blanked (``view``), and the answer of each riddle done.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Game, Options, OptionSpec, Outcome, ScoreEvent, Seat, Special, TableKind
from ...core.rng import SplitMix64, shuffled
from ...core.rules import rule_ref
from ...paths import resources_dir
from ..catalogue import BY_ID

RIGHT_POINTS = 2          # a right guess
HINT_COST = 1             # each hint, to its taker
HINTS = 2                 # the number of letters, then the first letter
LAPS = 2                  # rounds of the table before the room gives up
MAX_GUESS_WORDS = 10      # a guess is an answer, not a speech
MAX_GUESS_CHARS = 80
ARTICLES = frozenset({"a", "an", "the"})
RIDDLES_FILE = ("riddles", "riddles.json")


# -- the collection -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Riddle:
    """One riddle: the question, the answer as said, the forms a guess is matched against, the
    reason, and plausible wrong answers (for the computer players)."""

    kind: str
    question: str
    answer: str = ""
    accept: tuple[str, ...] = ()
    reason: str = ""
    wrong: tuple[str, ...] = ()

    @property
    def masked(self) -> Riddle:
        """The riddle as it is put: the question only."""
        return Riddle(self.kind, self.question)


@lru_cache(maxsize=1)
def collection() -> tuple[Riddle, ...]:
    """The shipped riddles, in the file's order (a riddle's number is its place)."""
    path = resources_dir().joinpath(*RIDDLES_FILE)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return tuple(Riddle(r["kind"], r["q"], r["a"], tuple(r["accept"]), r["why"], tuple(r.get("wrong", ())))
                     for r in data["riddles"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise NotationError(f"the riddles file {path} cannot be read: {exc}") from None


def by_question() -> dict[str, int]:
    return {r.question: i for i, r in enumerate(collection())}


# -- forgiving matching ---------------------------------------------------------------------------
def words(text: str) -> list[str]:
    """``text`` as words: no accents, lower case, apostrophes closed up (tea's -> teas), other
    punctuation a space, and the articles left out."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    plain = plain.replace("&", " and ").replace("'", "")
    return [w for w in re.split(r"[^a-z0-9]+", plain) if w and w not in ARTICLES]


def edit_distance(a: str, b: str, limit: int) -> int:
    """The edits (a letter put in, left out or changed, or two neighbours swapped) between ``a``
    and ``b``, or ``limit + 1`` once there must be more than ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i]
        for j in range(1, len(b) + 1):
            d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d = min(d, before[j - 2] + 1)
            cur.append(d)
        if min(cur) > limit:
            return limit + 1
        before, prev = prev, cur
    return min(prev[-1], limit + 1)


def tolerance(key: str) -> int:
    """Misspellings forgiven in an answer of ``key``'s letters: none up to four letters (so that
    *hung* is not taken for *rung*), one up to seven, two beyond."""
    n = len(key)
    return 0 if n <= 4 else 1 if n <= 7 else 2


def matches_form(guess: str, form: str) -> bool:
    """Does ``guess`` say the accepted answer ``form``?  The form may stand anywhere in the guess
    ("because it has two banks" says "banks"), written with or without its spaces ("car pet")."""
    g, f = words(guess), words(form)
    if not g or not f:
        return False
    key = "".join(f)
    tol = tolerance(key)
    k = len(f)
    for size in {k - 1, k, k + 1} - {0}:
        for i in range(0, max(1, len(g) - size + 1)):
            if edit_distance("".join(g[i:i + size]), key, tol) <= tol:
                return True
    return False


def matches(guess: str, riddle: Riddle) -> bool:
    return any(matches_form(guess, form) for form in riddle.accept)


def hint_texts(riddle: Riddle) -> tuple[str, ...]:
    """The two hints, in the order they are given: the letters of the first accepted answer, then
    its first letter."""
    key = words(riddle.accept[0]) if riddle.accept else []
    if len(key) == 1:
        first = f"{len(key[0])} letter{'s' if len(key[0]) != 1 else ''}"
    else:
        first = f"{len(key)} words, of {', '.join(str(len(w)) for w in key)} letters"
    return (first, f"it begins with {key[0][0].upper()}" if key else "no letter")


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal:
    """The shuffle of the riddles (chance)."""

    seed: int


@dataclass(frozen=True, slots=True)
class Guess:
    text: str


@dataclass(frozen=True, slots=True)
class Hint:
    """Ask for the next hint (a point to pay)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """No guess this turn."""


RiddlesAction = Deal | Guess | Hint | Pass


# -- state --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Said:
    """A turn at the current riddle: a wrong guess, a pass, or a hint taken."""

    seat: Seat
    what: str             # "guess", "pass", "hint"
    text: str = ""


@dataclass(frozen=True, slots=True)
class Told:
    """A riddle done, with its answer now public: who guessed it (``None``: the room gave up)."""

    riddle: Riddle
    seat: Seat | None
    guess: str = ""
    takers: tuple[Seat, ...] = ()             # who took the hints, one entry a hint


@dataclass(frozen=True, slots=True)
class RiddlesState:
    n: int
    count: int                                # riddles in the game
    order: tuple[int, ...] = ()               # the riddles' numbers, dealt (hidden but for the current)
    asked: int = 0                            # the place in ``order`` of the riddle being asked
    current: Riddle | None = None             # the riddle being asked (its answer hidden in a view)
    opener: Seat = 0                          # who guesses first at the current riddle
    turn: Seat = 0
    said: tuple[Said, ...] = ()               # this riddle's turns
    hints: tuple[str, ...] = ()               # this riddle's hints given
    scores: tuple[int, ...] = ()
    told: tuple[Told, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self.order) and self.current is None

    @property
    def turns(self) -> int:
        """Guesses and passes made at the current riddle (hints are not turns)."""
        return sum(1 for s in self.said if s.what != "hint")


def _takers(state: RiddlesState) -> tuple[Seat, ...]:
    return tuple(s.seat for s in state.said if s.what == "hint")


@lru_cache(maxsize=1)
def _pool() -> tuple[str, ...]:
    return tuple(sorted({r.accept[0] for r in collection() if r.accept}))


class RiddlesGame(Game[RiddlesState, RiddlesAction, RiddlesState]):
    info = BY_ID["riddles"]
    table_kind = TableKind.RIDDLES
    option_specs = (
        OptionSpec("players", 3, (3, 1, 2, 4, 5, 6), "Players"),
        OptionSpec("riddles", 10, (10, 5, 20, 40), "Riddles asked"),
    )

    def ref(self, anchor: str) -> str:
        return rule_ref(self.info.id, anchor)

    # -- the protocol -------------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> RiddlesState:
        opts = self.resolve_options(options)
        n = opts["players"]
        return RiddlesState(n=n, count=min(opts["riddles"], len(collection())), scores=(0,) * n)

    def seat_count(self, state: RiddlesState) -> int:
        return state.n

    def to_move(self, state: RiddlesState) -> Seat | Special:
        if not state.order:
            return Special.CHANCE
        if state.current is None:
            return Special.TERMINAL
        return state.turn

    def chance_action(self, state: RiddlesState, seed: int) -> RiddlesAction:
        return Deal(seed)

    def guess_pool(self, state: RiddlesState) -> tuple[str, ...]:
        """The guesses offered as actions (any other text may be typed): the short answer of every
        riddle in the collection, the same for every riddle, so the list tells nothing."""
        said = {tuple(words(s.text)) for s in state.said if s.what == "guess"}
        return tuple(w for w in _pool() if tuple(words(w)) not in said)

    def legal_actions(self, state: RiddlesState, seat: Seat) -> Sequence[RiddlesAction]:
        if self.to_move(state) != seat:
            return ()
        out: list[RiddlesAction] = [Pass()]
        if len(state.hints) < HINTS:
            out.append(Hint())
        out.extend(Guess(w) for w in self.guess_pool(state))
        return tuple(out)

    def apply(self, state: RiddlesState, action: RiddlesAction) -> RiddlesState:
        if isinstance(action, Deal):
            if state.order:
                raise IllegalAction("the riddles are shuffled once, before the first is asked",
                                    self.ref("the-riddles"))
            order = shuffled(range(len(collection())), action.seed)[:state.count]
            return self._put(replace(state, order=order), 0, 0)
        if state.over:
            raise IllegalAction("every riddle has been asked: the game is over", self.ref("the-end-of-the-game"))
        if not state.order:
            raise IllegalAction("no riddle has been put yet: the riddles must first be shuffled",
                                self.ref("the-riddles"))
        assert state.current is not None
        seat = state.turn
        if isinstance(action, Hint):
            if len(state.hints) >= HINTS:
                raise IllegalAction("both hints have been given for this riddle", self.ref("hints"))
            scores = list(state.scores)
            scores[seat] -= HINT_COST
            text = hint_texts(state.current)[len(state.hints)]
            return replace(state, hints=state.hints + (text,), scores=tuple(scores),
                           said=state.said + (Said(seat, "hint", text),))
        if isinstance(action, Pass):
            return self._next_turn(replace(state, said=state.said + (Said(seat, "pass"),)))
        if isinstance(action, Guess):
            text = " ".join(action.text.split())
            if len(text) > MAX_GUESS_CHARS or len(text.split()) > MAX_GUESS_WORDS:
                raise IllegalAction(f"a guess is an answer, not a speech: at most {MAX_GUESS_WORDS} words",
                                    self.ref("guessing"))
            said = words(text)
            if not said:
                raise IllegalAction("a guess must say something: type an answer, or pass", self.ref("guessing"))
            if any(s.what == "guess" and words(s.text) == said for s in state.said):
                raise IllegalAction(f"{text!r} has been guessed already and was not the answer",
                                    self.ref("guessing"))
            if matches(text, state.current):
                scores = list(state.scores)
                scores[seat] += RIGHT_POINTS
                told = Told(state.current, seat, text, _takers(state))
                return self._after(replace(state, scores=tuple(scores)), told)
            return self._next_turn(replace(state, said=state.said + (Said(seat, "guess", text),)))
        raise IllegalAction(f"{action!r} is not an action of Riddles", self.ref("the-play"))

    def _put(self, state: RiddlesState, asked: int, opener: Seat) -> RiddlesState:
        """Put riddle ``asked`` of the order (or end the game after the last)."""
        if asked >= len(state.order):
            return replace(state, asked=asked, current=None, said=(), hints=())
        return replace(state, asked=asked, current=collection()[state.order[asked]], opener=opener,
                       turn=opener, said=(), hints=())

    def _after(self, state: RiddlesState, told: Told) -> RiddlesState:
        state = replace(state, told=state.told + (told,))
        return self._put(state, state.asked + 1, (state.opener + 1) % state.n)

    def _next_turn(self, state: RiddlesState) -> RiddlesState:
        turns = [s for s in state.said if s.what != "hint"]
        passes = 0
        for s in reversed(turns):
            if s.what != "pass":
                break
            passes += 1
        if len(turns) >= LAPS * state.n or passes >= state.n:
            assert state.current is not None
            return self._after(state, Told(state.current, None, "", _takers(state)))
        return replace(state, turn=(state.turn + 1) % state.n)

    def outcome(self, state: RiddlesState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        top = [s for s in range(state.n) if state.scores[s] == best]
        share = 1.0 if len(top) == 1 else 0.5
        results = tuple(share if s in top else 0.0 for s in range(state.n))
        names = " and ".join(self.seat_name(s) for s in top)
        reason = (f"{names} {'has' if len(top) == 1 else 'share'} the most points, {best}"
                  if state.n > 1 else f"{best} points from {state.count} riddles")
        return Outcome(results, reason, self.ref("scoring"), scores=state.scores)

    def view(self, state: RiddlesState, seat: Seat | None) -> RiddlesState:
        """The question of the riddle being asked without its answer; the order of the riddles
        still to come blanked (-1); the riddles done, with their answers, in full."""
        if not state.order:
            return state
        order = state.order[:state.asked + 1] + (-1,) * max(0, len(state.order) - state.asked - 1)
        current = state.current.masked if state.current is not None else None
        return replace(state, order=order, current=current)

    def shuffle_unseen(self, state: RiddlesState, seat: Seat, seed: int) -> RiddlesState:
        """For the no-peeking test: another answer behind the current question (with its hints
        kept as given) and the riddles to come in another order."""
        if not state.order or state.current is None:
            return state
        gen = SplitMix64(seed)
        riddles = collection()
        other = riddles[gen.below(len(riddles))]
        current = replace(other, kind=state.current.kind, question=state.current.question)
        rest = list(state.order[state.asked + 1:])
        unused = [i for i in range(len(riddles)) if i not in state.order]
        rest = list(shuffled(rest + unused, gen.next()))[:len(rest)]
        return replace(state, current=current, order=state.order[:state.asked + 1] + tuple(rest))

    def rules_section(self, state: RiddlesState) -> str | None:
        if state.over:
            return self.page_section("the-end-of-the-game", "scoring")
        return self.page_section("hints" if state.hints else "guessing", "the-play")

    # -- text ---------------------------------------------------------------------------------
    def action_to_str(self, action: RiddlesAction) -> str:
        if isinstance(action, Deal):
            return f"deal {action.seed}"
        if isinstance(action, Guess):
            return f"guess {action.text}"
        if isinstance(action, Hint):
            return "hint"
        return "pass"

    def action_from_str(self, state: RiddlesState, text: str) -> RiddlesAction:
        t = " ".join(str(text).split())
        low = t.lower()
        if low in ("pass", "give up"):
            return Pass()
        if low == "hint":
            return Hint()
        if low.startswith("deal ") and low[5:].isdigit():
            return Deal(int(low[5:]))
        if low.startswith("guess ") and t[6:].strip():
            return Guess(t[6:].strip())
        raise NotationError(f"{t[:60]!r} is not an action of Riddles: expected 'guess' and an answer, "
                            "'hint', 'pass' or 'deal N'")

    def describe(self, state: RiddlesState, action: RiddlesAction) -> str:
        if isinstance(action, Deal):
            return "The riddles are shuffled"
        who = self.seat_name(state.turn)
        if isinstance(action, Hint):
            return f"{who} takes a hint"
        if isinstance(action, Pass):
            return f"{who} passes"
        right = state.current is not None and matches(action.text, state.current)
        return f"{who} guesses “{action.text}”: " + ("right!" if right else "no")

    def score_events(self, state: RiddlesState) -> Sequence[ScoreEvent]:
        out: list[ScoreEvent] = []
        for k, told in enumerate(state.told, 1):
            if told.seat is not None:
                out.append(ScoreEvent(told.seat, RIGHT_POINTS,
                                      f"{self.seat_name(told.seat)} guessed riddle {k}: {told.riddle.answer}",
                                      self.ref("scoring")))
        takers = [s for told in state.told for s in told.takers] + list(_takers(state))
        for seat in takers:
            out.append(ScoreEvent(seat, -HINT_COST, f"{self.seat_name(seat)} took a hint", self.ref("hints")))
        return out


GAME = RiddlesGame()
