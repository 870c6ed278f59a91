"""A patience player that sees only what the player sees (the view) and the legal moves.

It scores each legal move by what it achieves: cards to the foundations, face-down cards turned
up, spaces made for a king, the waste played off; it refuses moves that only shuffle cards
between piles, so its games always end.  It drives the hint, the demo and the benchmark.
"""
from __future__ import annotations

from typing import Any, Sequence

from ...core.cards import Rank
from ...core.errors import IllegalAction, NotationError
from ...core.game import Information, Seat
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceView, PileKind, Redeal
from ..base import GameAI, Player

USELESS = -1000.0


class PatienceHeuristic:
    def score(self, game: Any, view: PatienceView, action: PatienceAction) -> float:
        if isinstance(action, Draw):
            return 1.0
        if isinstance(action, Redeal):
            return 0.5
        if not isinstance(action, Move):
            return USELESS
        src, dst = view.pile(action.src), view.pile(action.dst)
        moving = src.cards[-action.count:]
        left = src.cards[:-action.count]
        card = moving[0].face
        if card is None:
            return USELESS
        uncovers = bool(left) and left[-1].face is None
        hidden_below = sum(1 for c in left if c.face is None)
        if dst.kind is PileKind.FOUNDATION:
            return 100.0 + (20.0 if self._safe(view, card) else 0.0) + (10.0 if uncovers else 0.0)
        if src.kind is PileKind.FOUNDATION:
            return USELESS  # taking back only helps in rare end games; never as a hint
        if src.kind is PileKind.TABLEAU:
            if uncovers:
                return 50.0 + hidden_below
            if not left:
                # Emptying a pile is worth it only if a king is waiting for the space and the
                # card moved is not itself a king (that would shuffle a king between spaces).
                if card.rank is Rank.KING:
                    return USELESS
                return 20.0 if self._king_waiting(view, action.src) else USELESS
            if left and left[-1].face is not None and self._can_go_home(view, left[-1].face):
                return 40.0  # splits a run to free a card for the foundations
            return USELESS
        if not dst.cards and card.rank is Rank.KING:
            return 25.0
        return 30.0  # from the waste or a reserve onto the tableau

    @staticmethod
    def _safe(view: PatienceView, card: Any) -> bool:
        """A card is safe to send home when the cards that could still need it are already home."""
        if card.rank <= Rank.TWO:
            return True
        tops = {p.cards[-1].face.suit: p.cards[-1].face.rank for p in view.piles
                if p.kind is PileKind.FOUNDATION and p.cards and p.cards[-1].face is not None}
        others = [tops.get(s, 0) for s in tops if s.colour != card.suit.colour]
        opposite = [r for r in others]
        return len(opposite) == 2 and min(opposite) >= card.rank - 1

    @staticmethod
    def _can_go_home(view: PatienceView, card: Any) -> bool:
        for p in view.piles:
            if p.kind is not PileKind.FOUNDATION:
                continue
            if not p.cards:
                if card.rank is Rank.ACE:
                    return True
            elif p.cards[-1].face is not None and p.cards[-1].face.suit == card.suit \
                    and p.cards[-1].face.rank == card.rank - 1:
                return True
        return False

    @staticmethod
    def _king_waiting(view: PatienceView, exclude: str) -> bool:
        for p in view.piles:
            if p.name == exclude or not p.cards:
                continue
            if p.kind is PileKind.WASTE and p.cards[-1].face is not None and p.cards[-1].face.rank is Rank.KING:
                return True
            if p.kind is PileKind.TABLEAU:
                first_up = next((i for i, c in enumerate(p.cards) if c.face is not None), None)
                if first_up and p.cards[first_up].face.rank is Rank.KING:  # type: ignore[union-attr]
                    return True
        return False

    def best(self, game: Any, view: PatienceView, legal: Sequence[PatienceAction]) -> PatienceAction | None:
        """The best useful move, or ``None`` when nothing useful is left."""
        scored = [(self.score(game, view, a), i, a) for i, a in enumerate(legal)]
        scored = [s for s in scored if s[0] > USELESS]
        if not scored:
            return None
        return max(scored, key=lambda s: (s[0], -s[1]))[2]


class PatiencePlayer:
    """The heuristic with a memory, for playing whole games (the demo, the benchmark): it stops
    when a whole pass through the stock has brought no other move, so with unlimited passes a
    lost game still ends.

    In a patience with every card in sight, given the position (the demo), it first asks the
    solver, briefly, and follows the winning line it finds; where the solver cannot say quickly,
    or says the deal is lost, it plays by the game's hint.  Its memory is kept in plain attributes
    (the worker carries them from one move to the next): the line still to play, as action
    texts, and a mark of the position its next move is for."""

    SOLVER_BUDGET_S = 1.0      # per question to the solver
    SOLVER_QUESTIONS = 3       # at most this many questions a game ...
    SOLVER_SPACING = 10        # ... at least this many moves apart

    def __init__(self) -> None:
        self.heuristic = PatienceHeuristic()
        self._idle_turns = 0
        self._plan = ""            # the winning line still to play, one action text a line
        self._plan_mark = 0        # the mark of the position the plan's next action is for
        self._questions = 0        # questions put to the solver this game
        self._wait = 0             # moves to play before the next question
        self._lost = False         # the solver proved the deal lost: play on by the hint

    def choose(self, game: Any, view: PatienceView, legal: Sequence[PatienceAction],
               state: Any = None) -> PatienceAction | None:
        """A move of the winning line, when the solver has found one; else the game's own hint
        where the position is given (each patience's hint plays it as well as its author knew
        how, from what the player can see), else the shared heuristic."""
        if state is not None and getattr(getattr(game, "info", None), "information", "") is Information.PERFECT:
            planned = self._planned(game, state, legal)
            if planned is not None:
                return planned
        action = hint(game, state, 0) if state is not None else self.heuristic.best(game, view, legal)
        if isinstance(action, (Draw, Redeal)):
            self._idle_turns += 1
            in_hand = sum(len(p.cards) for p in view.piles if p.kind in (PileKind.STOCK, PileKind.WASTE))
            if self._idle_turns > in_hand + 2:
                return None
        else:
            self._idle_turns = 0
        return action

    # -- the solver's line ----------------------------------------------------------------------
    def _planned(self, game: Any, state: Any, legal: Sequence[PatienceAction]) -> PatienceAction | None:
        """The next move of the winning line (asking the solver when there is none and a
        question is due), or ``None`` to play by the hint."""
        mark = position_mark(state)
        if self._plan and self._plan_mark != mark:
            self._plan = ""            # the position is not the one the line was made for
        if not self._plan:
            self._ask_solver(game, state)
        if not self._plan:
            return None
        first, _, rest = self._plan.partition("\n")
        try:
            action = game.action_from_str(state, first)
            after = game.apply(state, action)
        except (IllegalAction, NotationError):  # not with a line the solver replayed; be safe
            self._plan = ""
            return None
        if action not in legal:
            self._plan = ""
            return None
        self._plan, self._plan_mark = rest, position_mark(after)
        return action

    def _ask_solver(self, game: Any, state: Any) -> None:
        if self._lost or self._questions >= self.SOLVER_QUESTIONS:
            return
        if self._wait > 0:
            self._wait -= 1
            return
        from ..solver import Verdict, solve
        self._questions += 1
        result = solve(game, state, budget_s=self.SOLVER_BUDGET_S)
        if result.verdict is Verdict.WINNABLE and result.line:
            self._plan = "\n".join(game.action_to_str(a) for a in result.line)
            self._plan_mark = position_mark(state)
        elif result.verdict is Verdict.LOST:
            self._lost = True
        else:
            self._wait = self.SOLVER_SPACING   # fewer cards later: the question gets easier


def position_mark(state: Any) -> int:
    """A mark of a patience position (the cards of each pile, face-down counts and passes), the
    same in every process: for telling whether a remembered line still fits the position."""
    import zlib
    faces = tuple(tuple(str(state.deck[c]) for c in pile) for pile in state.piles)
    return zlib.crc32(repr((faces, state.down, state.passes)).encode())


class PatienceAI(GameAI):
    """A patience's computer side: the patience player (the demo, the benchmark; a patience has
    one strength) and the shared heuristic's hint.  A game whose play the shared heuristic does
    not know gives its own hint (and model, and player) in ``ai/patience/<game>.py``."""

    def player(self, game: Any, level: int = 2) -> Player:
        return PatiencePlayer()

    def hint(self, game: Any, state: Any, seat: Seat) -> PatienceAction | None:
        """A good move, judged from what the player sees (the view), or ``None`` when nothing
        useful is left."""
        return PatienceHeuristic().best(game, game.view(state, 0), game.legal_actions(state, 0))


def hint(game: Any, state: Any, seat: Seat) -> PatienceAction | None:
    """The game's hint, as the registry finds it."""
    from ..registry import hint as registry_hint
    action: PatienceAction | None = registry_hint(game, state, seat)
    return action


AI = PatienceAI()
