"""Headless whole games with the computer in every seat: ``compendium --demo GAME``.

Qt-free, so it runs in CI, in the benchmark and in the AI worker process alike.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .ai.registry import computer_player
from .core.game import Game, Special
from .core.session import Session

MAX_STEPS = 5000


def own_position(game: Game[Any, Any, Any], state: Any) -> Any:
    """The position, for a patience's own hint (a patience has no opponent whose cards it could
    see; its hint promises to judge from the view); ``None`` for games with other seats, whose
    computer players get their view only."""
    from .games.patience.engine import PatienceGame
    return state if isinstance(game, PatienceGame) else None


@dataclass
class DemoResult:
    session: Session[Any, Any]
    steps: int
    finished: bool        # the rules ended the game (won, or no move left)
    summary: str


def play_demo(game: Game[Any, Any, Any], seed: int, options: dict[str, Any] | None = None,
              max_steps: int = MAX_STEPS, level: int = 2) -> DemoResult:
    session: Session[Any, Any] = Session(game, options, seed=seed)
    players: dict[int, Any] = {}
    steps = 0
    gave_up = False
    while steps < max_steps:
        seat = session.to_move()
        if isinstance(seat, Special):
            break
        player = players.setdefault(seat, computer_player(game, level))
        action = player.choose(game, game.view(session.state, seat), session.legal_actions(seat),
                               state=own_position(game, session.state))
        if action is None:
            gave_up = True
            break
        session.play(action)
        steps += 1
    outcome = session.outcome()
    if outcome is not None:
        summary = outcome.reason
        if outcome.scores:
            summary += f"; score {', '.join(str(s) for s in outcome.scores)}"
    elif gave_up:
        view = game.view(session.state, 0)
        score = getattr(view, "score", None)
        summary = "no useful move is left" + (f"; score {score}" if score is not None else "")
    else:
        summary = f"stopped after {steps} moves"
    return DemoResult(session, steps, outcome is not None, summary)
