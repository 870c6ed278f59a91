"""The computer at Riddles, at three strengths, from the seat's view alone.

The view holds the question, never the answer.  A computer player is someone who has read the
collection once: it finds the question in the book it has read (``collection``) and *remembers*
the answer with a chance that grows with its level and with each hint given at the table —
level 1 one time in seven, level 2 two in five, level 3 seven in ten, and three in twenty more for
each hint.  Whether it remembers a riddle is settled once per riddle (from its seed and the
question), so a player who has forgotten does not suddenly remember on its next turn without a
new hint.  When it does not remember it offers one of the riddle's plausible wrong answers (the
file's ``wrong`` list: "it runs" for the river and the banker), or passes when it has none left;
the beginner also passes now and then, and sometimes pays for a hint, which the others never do
(a hint costs a point and raises the chance of remembering by less than half a point's worth).

The "hint" the table offers a person is the game's own hint (paid for), never the answer.
"""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.game import Game, Seat
from ...core.rng import SplitMix64
from ...games.parlour.riddles import Guess, Hint, Pass, RiddlesState, by_question, collection, words
from ..base import PlayerAI
from .base import view_digest

REMEMBERS = {1: 0.15, 2: 0.40, 3: 0.70}    # the chance of remembering a riddle, by level
HINT_HELPS = 0.15                          # added to it by each hint given
BEGINNER_PASSES = 0.3                      # level 1 passes this often when it does not remember
BEGINNER_HINTS = 0.2                       # and takes a hint this often


def remembers(seed: int, level: int, question: str, hints: int, seat: int = 0) -> bool:
    """Does this player remember the riddle, ``hints`` hints having been given?  One draw per
    player (seed and seat: players made alike at different seats remember differently) and
    riddle, compared with a chance that grows with the hints."""
    draw = SplitMix64(seed ^ zlib.crc32(question.encode("utf-8")) ^ (level << 40) ^ (seat << 48)).random()
    return draw < REMEMBERS.get(level, 0.4) + HINT_HELPS * hints


@dataclass
class RiddlesPlayer:
    level: int = 2
    seed: int = 0

    def choose(self, game: Any, view: RiddlesState, legal: Sequence[Any], state: Any = None) -> Any:
        del state  # never consulted
        legal = list(legal)
        if not legal:
            return None
        if view.current is None:
            return legal[0]
        number = by_question().get(view.current.question)
        if number is None:           # a riddle it has never read
            return Pass()
        riddle = collection()[number]
        said = {tuple(words(s.text)) for s in view.said if s.what == "guess"}
        if remembers(self.seed, self.level, riddle.question, len(view.hints), view.turn):
            for form in riddle.accept:
                if tuple(words(form)) not in said:
                    return Guess(form)
        rng = SplitMix64(self.seed ^ view_digest(view) ^ (self.level << 40))
        if self.level <= 1:
            if Hint() in legal and rng.random() < BEGINNER_HINTS:
                return Hint()
            if rng.random() < BEGINNER_PASSES:
                return Pass()
        wrong = [w for w in riddle.wrong if tuple(words(w)) not in said]
        if not wrong:
            return Pass()
        return Guess(wrong[rng.below(len(wrong))])


class RiddlesAI(PlayerAI):
    def hint(self, game: Game[Any, Any, Any], state: Any, seat: Seat) -> Any:
        """The table's hint is the game's own, paid for: the computer never whispers an answer."""
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return Hint() if Hint() in legal else Pass()


AI = RiddlesAI(RiddlesPlayer)
