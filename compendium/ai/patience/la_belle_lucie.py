"""La Belle Lucie, The House in the Wood and The House on the Hill: the computer's side --
the hint and the solver's model."""
from __future__ import annotations

from typing import Any, Sequence

from ...core.game import Options
from ...games.patience.engine import Move, PatienceAction, PatienceState, PatienceView, PileKind, PileSpec, Redeal
from ...games.patience.la_belle_lucie import FanPatience, _code
from ..solver import FanModel
from .heuristic import PatienceAI


class _Model:
    """The fans and foundations as small integers (suit * 16 + rank), for the hint's look-ahead.
    It is built from the view, so it knows no more than the player (here every card is face up)."""

    __slots__ = ("game", "fans", "founds", "names", "fsteps", "fstarts", "fan_steps", "home")

    def __init__(self, game: FanPatience, fans: list[tuple[int, ...]], founds: list[int],
                 names: tuple[list[str], list[str]], fsteps: list[int], fstarts: list[int],
                 fan_steps: tuple[int, ...], home: int):
        self.game = game
        self.fans = fans            # bottom to top
        self.founds = founds        # the top card of each foundation, 0 while empty
        self.names = names          # (fan names, foundation names)
        self.fsteps = fsteps        # +1 or -1 for each foundation
        self.fstarts = fstarts      # the rank each foundation starts with
        self.fan_steps = fan_steps  # rank differences a card may have with the card it goes on
        self.home = home

    @classmethod
    def from_view(cls, game: FanPatience, view: PatienceView, specs: Sequence[PileSpec]) -> "_Model":
        fans: list[tuple[int, ...]] = []
        founds: list[int] = []
        tnames: list[str] = []
        fnames: list[str] = []
        fsteps: list[int] = []
        fstarts: list[int] = []
        fan_steps: tuple[int, ...] = (1,)
        home = 0
        for spec, pile in zip(specs, view.piles):
            codes = tuple(_code(c.face) for c in pile.cards if c.face is not None)
            if spec.kind is PileKind.TABLEAU:
                fans.append(codes)
                tnames.append(spec.name)
                step = spec.build.step if spec.build else -1
                fan_steps = (-step,) if step else (1, -1)
            elif spec.kind is PileKind.FOUNDATION and spec.build is not None:
                founds.append(codes[-1] if codes else 0)
                fnames.append(spec.name)
                fsteps.append(spec.build.step)
                fstarts.append(int(spec.build.empty))  # type: ignore[arg-type]
                home += len(codes)
        return cls(game, fans, founds, (tnames, fnames), fsteps, fstarts, fan_steps, home)

    def copy(self) -> "_Model":
        return _Model(self.game, list(self.fans), list(self.founds), self.names, self.fsteps,
                      self.fstarts, self.fan_steps, self.home)

    def action(self, move: tuple[int, int]) -> Move:
        src, dst = move
        return Move(self.names[0][src], self.names[0][dst])

    def merci(self, action: Move) -> "_Model":
        """The model after a merci move."""
        child = self.copy()
        tnames, fnames = self.names
        si = tnames.index(action.src)
        fan = child.fans[si]
        card = fan[-action.count]
        child.fans[si] = fan[:-action.count] + fan[len(fan) - action.count + 1:]
        if action.dst in fnames:
            child.founds[fnames.index(action.dst)] = card
            child.home += 1
        else:
            di = tnames.index(action.dst)
            child.fans[di] = child.fans[di] + (card,)
        return child

    def wants(self) -> dict[int, int]:
        """Card -> the foundation that takes it now."""
        out: dict[int, int] = {}
        started: set[tuple[int, int]] = set()
        if self.game.distinct_suits:
            started = {(step, top >> 4) for step, top in zip(self.fsteps, self.founds) if top}
        for i, top in enumerate(self.founds):
            step = self.fsteps[i]
            if not top:
                for suit in range(4):
                    if (step, suit) not in started:
                        out.setdefault(suit * 16 + self.fstarts[i], i)
            else:
                nxt = (top & 15) + step
                if 1 <= nxt <= 13:
                    out.setdefault(top + step, i)
        return out

    def play_home(self) -> dict[int, int]:
        """Send every card that can go to the foundations there (the search does not branch on
        it); returns what the foundations want next."""
        wants = self.wants()
        i = 0
        while i < len(self.fans):
            fan = self.fans[i]
            if fan and fan[-1] in wants:
                self.founds[wants[fan[-1]]] = fan[-1]
                self.fans[i] = fan[:-1]
                self.home += 1
                wants = self.wants()
                i = 0
            else:
                i += 1
        return wants

    def builds(self, wants: dict[int, int]) -> list[tuple[int, tuple[int, int]]]:
        """(priority, (src, dst)) for every marriage of a top card onto another fan."""
        tops: dict[int, list[int]] = {}
        for i, fan in enumerate(self.fans):
            if fan:
                tops.setdefault(fan[-1], []).append(i)
        out = []
        for si, fan in enumerate(self.fans):
            if not fan:
                continue
            card = fan[-1]
            for step in self.fan_steps:
                r = (card & 15) + step
                if not 1 <= r <= 13:
                    continue
                for di in tops.get(card + step, ()):
                    if di == si:
                        continue
                    # promising first: uncovers a card that can go home, then empties a fan,
                    # then digs in the fan whose lowest card is lowest
                    if len(fan) > 1:
                        prio = 0 if fan[-2] in wants else 2 + min(c & 15 for c in fan[:-1])
                    else:
                        prio = 1
                    out.append((prio, (si, di)))
        out.sort()
        return out

    def move(self, move: tuple[int, int]) -> None:
        si, di = move
        card = self.fans[si][-1]
        self.fans[si] = self.fans[si][:-1]
        self.fans[di] = self.fans[di] + (card,)

    def exact_key(self) -> tuple[Any, ...]:
        return (self.game.info.id, self.fan_steps, tuple(self.fans), tuple(self.founds))

    def key(self) -> tuple[Any, ...]:
        return (tuple(sorted(self.fans)), tuple(self.founds))

    def search(self, budget: int) -> tuple[int, list[tuple[int, int]]]:
        """The most cards this deal can still bring home (within ``budget`` positions), and the
        marriages leading there (the first one is the move to play)."""
        start = self.home
        seen: set[tuple[Any, ...]] = set()
        best: list[Any] = [0, 0, []]     # gain, -length, line
        count = [0]

        def visit(model: _Model, line: list[tuple[int, int]], wants: dict[int, int] | None) -> None:
            # After a marriage only the fan it came from shows a new card: unless that card can
            # go home, the foundations want what they wanted before.
            if wants is None or (model.fans[line[-1][0]] and model.fans[line[-1][0]][-1] in wants):
                wants = model.play_home()
            key = model.key()
            if key in seen:
                return
            seen.add(key)
            count[0] += 1
            gain = model.home - start
            if (gain, -len(line)) > (best[0], best[1]):
                best[:] = [gain, -len(line), line]
            if count[0] >= budget or len(line) >= 60:
                return
            for _, move in model.builds(wants):
                child = model.copy()
                child.move(move)
                visit(child, line + [move], wants)
                if count[0] >= budget:
                    return

        visit(self.copy(), [], None)
        return best[0], best[2]


class LucieAI(PatienceAI):
    def hint(self, game: Any, state: PatienceState, seat: int = 0) -> PatienceAction | None:
        if not state.deck:
            return None
        return self.advise(game, game.view(state, 0), game.legal_actions(state, 0), game.options_of(state))

    def solver_model(self, game: Any, state: PatienceState) -> Any:
        """The solver's compact model of the fans (every card face up), with its safe moves and
        dead-end test; ``None`` for a position it does not know (the engine is searched)."""
        return FanModel(game, state) if FanModel.applies(game, state) else None

    def advise(self, game: Any, view: PatienceView, legal: Sequence[PatienceAction],
               options: Options, budget: int | None = None) -> PatienceAction | None:
        """A sensible move from what the player sees (every card is face up): a card to the
        foundations first; else the first move of the line found that brings most cards home
        in this deal; else a re-deal; else the merci that helps most; else nothing."""
        if not legal:
            return None
        budget = budget or self.search_budget
        specs = game.specs(options)
        kinds = {s.name: s.kind for s in specs}
        home = [a for a in legal if isinstance(a, Move) and a.count == 1
                and kinds[a.dst] is PileKind.FOUNDATION]
        if home:
            return home[0]
        model = _Model.from_view(game, view, specs)
        # A line found earlier is followed without searching again: the hint stays quick on the
        # table, and a player who asks at every move is shown one consistent plan.
        plans = game.__dict__.setdefault("_plans", {})
        line = plans.get(model.exact_key())
        if not line or model.action(line[0]) not in legal:
            gain, line = model.search(budget)
            if len(plans) > 2000:
                plans.clear()
            if gain > 0 and line:
                walker = model.copy()
                for k, move in enumerate(line):
                    plans[walker.exact_key()] = line[k:]
                    walker.move(move)
                    walker.play_home()
            else:
                line = []
        if line:
            action = model.action(line[0])
            if action in legal:
                return action
        if Redeal() in legal:
            return Redeal()
        best: tuple[int, int, PatienceAction] | None = None
        for i, action in enumerate(legal):
            if isinstance(action, Move) and action.count > 1:   # a merci
                child = model.merci(action)
                gain, _ = child.search(budget // 4)
                gain += child.home - model.home
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, -i, action)
        return best[2] if best else None

    search_budget = 1500          # positions the hint may look at (about 0.2 s)



class HouseAI(LucieAI):
    search_budget = 1000          # twice the fans: each position costs twice as much


AI = LucieAI()
HOUSE_AI = HouseAI()
