"""Babette: the computer's side -- the hint, the player that follows it and the solver's model."""
from __future__ import annotations

from typing import Any, Sequence

from ...core.frozen import replace
from ...games.patience.babette import _SUIT_INDEX, COLUMNS, Babette, take_up
from ...games.patience.engine import Draw, Move, PatienceAction, PatienceState, Redeal
from ...games.patience.up_and_down_foundations import ACES, FOUNDATIONS, KINGS
from .planner import HintPlayerAI


class BabetteModel:
    """Babette for ``compendium.ai.solver.search``: cards as small integers (suit * 16 + rank), a
    position as (columns, pack, ascending ranks, descending ranks, re-deals made) -- the columns in
    table order, the pack with its top card last, and per suit the rank its ascending foundation
    has reached (0: not begun) and the rank its descending one has come down to (14: not begun).

    Once no re-deal is left, a row is never dealt while a card can go home (dealing covers that
    card; playing it first and dealing after reaches every position the other order reaches, or a
    better one: the foundations only grow, and nothing is built in the garden), and the safe moves
    of ``Babette.safe_home_move`` are played without branching: a card home when neither its twin
    nor a second foundation makes it a choice.  Before the last re-deal nothing is left out, for
    every card still in the garden changes the order of the next deal."""

    def __init__(self, game: Babette, state: PatienceState) -> None:
        _, index = game._specs_of(state)
        deck = state.deck
        code = [_SUIT_INDEX[c.suit] * 16 + int(c.rank) for c in deck]  # type: ignore[index]
        self.redeals = game.redeals(game.options_of(state))
        cols = tuple(tuple(code[c] for c in state.piles[index[n]]) for n in COLUMNS)
        pack = tuple(code[c] for c in state.piles[index["s"]])
        up, down = [0] * 4, [14] * 4
        self.up_pile: dict[int, str] = {}
        self.down_pile: dict[int, str] = {}
        for name in FOUNDATIONS:
            pile = state.piles[index[name]]
            if pile:
                suit = code[pile[0]] >> 4
                if name in ACES:
                    up[suit], self.up_pile[suit] = code[pile[-1]] & 15, name
                else:
                    down[suit], self.down_pile[suit] = code[pile[-1]] & 15, name
        self._root, self._forced = self._settle((cols, pack, tuple(up), tuple(down), state.passes))

    # -- the protocol -----------------------------------------------------------------------
    def root(self) -> Any:
        return self._root

    def key(self, position: Any) -> Any:
        return position

    def won(self, position: Any) -> bool:
        return not position[1] and not any(position[0])

    def dead(self, position: Any) -> bool:
        return False

    def actions(self, labels: Sequence[Any]) -> list[Any]:
        up_pile, down_pile = dict(self.up_pile), dict(self.down_pile)
        out: list[Any] = []
        for move in [*self._forced, *(m for label in labels for m in label)]:
            if move == "deal":
                out.append(Draw())
            elif move == "redeal":
                out.append(Redeal())
            else:
                way, column, suit = move
                piles, names = (up_pile, ACES) if way == "up" else (down_pile, KINGS)
                if suit not in piles:
                    piles[suit] = next(n for n in names if n not in piles.values())
                out.append(Move(COLUMNS[column], piles[suit]))
        return out

    # -- the rules ----------------------------------------------------------------------------
    @staticmethod
    def _homes(cols: Sequence[tuple[int, ...]], up: Sequence[int], down: Sequence[int]) -> list[tuple[str, int, int]]:
        out = []
        for i, col in enumerate(cols):
            if col:
                card = col[-1]
                suit, rank = card >> 4, card & 15
                if rank == up[suit] + 1:
                    out.append(("up", i, card))
                if rank == down[suit] - 1:
                    out.append(("down", i, card))
        return out

    @staticmethod
    def _play(position: Any, way: str, column: int, card: int) -> Any:
        cols, pack, up, down, passes = position
        new = list(cols)
        new[column] = cols[column][:-1]
        if way == "up":
            up = up[:card >> 4] + (card & 15,) + up[(card >> 4) + 1:]
        else:
            down = down[:card >> 4] + (card & 15,) + down[(card >> 4) + 1:]
        return tuple(new), pack, up, down, passes

    def _settle(self, position: Any) -> tuple[Any, list[Any]]:
        played: list[Any] = []
        if position[4] < self.redeals:
            return position, played
        while True:
            homes = self._homes(position[0], position[2], position[3])
            faces = [card for _, _, card in homes]
            safe = next(((way, i, card) for way, i, card in homes
                         if faces.count(card) == 1 and not (way == "up" and (card & 15) == 1)
                         and not (way == "down" and (card & 15) == 13)), None)
            if safe is None:
                # a foundation begun is no choice either (the places of one kind are alike)
                safe = next(((way, i, card) for way, i, card in homes if faces.count(card) == 1), None)
            if safe is None:
                return position, played
            way, i, card = safe
            position = self._play(position, way, i, card)
            played.append((way, i, card >> 4))

    def children(self, position: Any) -> list[tuple[Any, Any]]:
        cols, pack, up, down, passes = position
        out: list[tuple[Any, Any]] = []
        homes = self._homes(cols, up, down)
        for way, i, card in homes:
            child, forced = self._settle(self._play(position, way, i, card))
            out.append((((way, i, card >> 4), *forced), child))
        if pack and (not homes or passes < self.redeals):
            new = list(cols)
            rest = list(pack)
            for j in range(len(new)):
                if not rest:
                    break
                new[j] = new[j] + (rest.pop(),)
            child, forced = self._settle((tuple(new), tuple(rest), up, down, passes))
            out.append((("deal", *forced), child))
        if not pack and passes < self.redeals and any(cols):
            gathered = list(take_up(cols))
            new = [()] * len(cols)
            for j in range(len(new)):
                if not gathered:
                    break
                new[j] = (gathered.pop(),)
            child, forced = self._settle((tuple(new), tuple(gathered), up, down, passes + 1))
            out.append((("redeal", *forced), child))
        return out


class BabetteAI(HintPlayerAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        """Cards home as long as any will go, then the next row, then the re-deal: in Babette
        nothing else can be done, and playing a card home never does harm.  Where there is a
        choice (twin cards, or a card both foundations of its suit want) each way is played on as
        far as the garden in sight allows, and the one that takes more cards home is chosen."""
        legal = game.legal_actions(state, 0)
        if not legal:
            return None
        home = self._unique_home(game, state)
        if home is not None:
            return home
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return max(moves, key=lambda a: (self._play_on(game, game.apply(state, a)), -moves.index(a)))
        for kind in (Draw(), Redeal()):
            if kind in legal:
                return kind
        return None

    def solver_model(self, game: Any, state: PatienceState) -> Any:
        """The solver's compact model of the game (see ``BabetteModel``)."""
        return BabetteModel(game, state) if state.deck else None

    def _play_on(self, game: Any, state: PatienceState, budget: int = 200) -> int:
        """Cards home after playing on from ``state`` without dealing (only the garden in sight
        is used): moves with no choice in them, and the first of any choice."""
        for _ in range(budget):
            move = self._unique_home(game, state)
            if move is None:
                move = next((a for a in game.legal_actions(state, 0) if isinstance(a, Move)), None)
            if move is None:
                break
            state = game.apply(state, move)
        return game.on_foundations(state)

    def _unique_home(self, game: Any, state: PatienceState) -> PatienceAction | None:
        """A move home with no choice in it (as ``safe_home_move`` finds on the last pass)."""
        last = replace(state, passes=max(state.passes, game.redeals(game.options_of(state))))
        move = game.safe_home_move(last)
        return move if move is not None and move in game.legal_actions(state, 0) else None


AI = BabetteAI()
