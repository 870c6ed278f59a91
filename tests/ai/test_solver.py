"""The patience solver: a verdict that can be trusted, and a winning line that really wins.

The compact models of the open patiences are checked against the engine itself: from positions
met in random play, every step a model takes must replay through the game's own ``apply`` to the
position the model says, and every legal move of the game must lead where one of the model's
steps leads (except the moves a documented prune leaves out)."""
from __future__ import annotations

import pickle
import random
import time

import pytest

from compendium.ai import solver as solver_module
from compendium.ai.patience.heuristic import PatiencePlayer, position_mark
from compendium.ai.registry import computer_player, solver_model
from compendium.ai.registry import hint as ai_hint
from compendium.ai.solver import EngineModel, FanModel, Verdict, _waits_in_a_cycle, search, solve
from compendium.ai.worker import decide
from compendium.core.cards import RANKS, Card
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Move, PatienceState, PileKind, Redeal
from compendium.games.patience.fortress import GAME as FORTRESS
from compendium.games.patience.klondike import GAME
from compendium.games.patience.la_belle_lucie import GAME as LUCIE
from compendium.games.patience.la_belle_lucie import HOUSE_IN_THE_WOOD, HOUSE_ON_THE_HILL, LucieState
from compendium.games.patience.napoleon_at_st_helena import GAME as ST_HELENA
from compendium.games.patience.napoleons_square import GAME as SQUARE
from compendium.games.patience.napoleons_square import SINGLE as SQUARE_SINGLE
from compendium.games.patience.nestor import GAME as NESTOR
from compendium.games.registry import get_game

from ..games.test_klondike import position

OPEN_GAMES = (LUCIE, HOUSE_IN_THE_WOOD, HOUSE_ON_THE_HILL, FORTRESS, NESTOR)


def replay(state, line, game=GAME):
    for action in line:
        state = game.apply(state, action)  # raises if the solver ever proposed an illegal move
    return state


# -- the search on the engine's own moves (Klondike) ---------------------------------------------------
def test_an_almost_finished_game_is_winnable_and_the_line_wins():
    piles = {f: ("", " ".join(f"{r.short}{s}" for r in RANKS[:11])) for f, s in
             (("f1", "♥"), ("f2", "♦"), ("f3", "♣"), ("f4", "♠"))}
    state = position(s=("", ""), t1=("Q♥ K♣", "K♥"), t2=("", "Q♣"), t3=("Q♦ Q♠", "K♦"),
                     t4=("", "K♠"), **piles)
    result = solve(GAME, state, budget_s=5)
    assert result.verdict is Verdict.WINNABLE
    assert GAME.is_won(replay(state, result.line))


def test_a_dead_position_is_lost():
    suits = {"f1": "♥", "f2": "♦", "f3": "♣"}
    piles = {f: ("", " ".join(f"{r.short}{s}" for r in RANKS)) for f, s in suits.items()}
    piles["f4"] = ("", " ".join(f"{r.short}♠" for r in RANKS[:10]))
    state = position(s=("", ""), w=("", "J♠ Q♠"), t1=("", "K♠"), **piles)
    assert solve(GAME, state, budget_s=5).verdict is Verdict.LOST


def test_the_recorded_win_is_found_winnable():
    state = Session(GAME, seed=143).state
    result = solve(GAME, state, budget_s=30)
    assert result.verdict is Verdict.WINNABLE
    assert GAME.is_won(replay(state, result.line))


def test_a_tiny_budget_says_unknown_rather_than_guess():
    state = Session(GAME, seed=3).state
    result = solve(GAME, state, budget_s=0.0, max_nodes=600)
    assert result.verdict is Verdict.UNKNOWN and result.line == []


def test_cancel_stops_the_search():
    state = Session(GAME, seed=3).state
    result = solve(GAME, state, budget_s=60, cancelled=lambda: True)
    assert result.verdict is Verdict.UNKNOWN and result.seconds < 5


# -- the search itself, on a toy model ------------------------------------------------------------------
class Toy:
    """Positions are strings; "A…" is a big hopeless part, "B…" a part with a win deep inside;
    both are probed parts below the root."""

    probe_cap = 8

    def __init__(self, b_wins: bool = True, big: int = 400) -> None:
        self.b_wins, self.big = b_wins, big

    def root(self):
        return ""

    def key(self, p):
        return p

    def won(self, p):
        return self.b_wins and p == "B" + "b" * 12

    def dead(self, p):
        return False

    def children(self, p):
        if p == "":
            return [("go A", "A"), ("go B", "B")]
        if p.startswith("A") and len(p) < self.big:
            return [("a", p + "a")]
        if p.startswith("B") and len(p) < 13:
            return [("b", p + "b")]
        return []

    def probe(self, parent, child):
        return parent == ""

    def actions(self, labels):
        return list(labels)


def test_probing_finds_a_win_behind_a_long_hopeless_part():
    toy = Toy()
    verdict, line, nodes = search(toy, time.perf_counter() + 10, 10**6)
    assert verdict is Verdict.WINNABLE and line == ["go B"] + ["b"] * 12
    assert nodes < 100     # the hopeless part was left after a few positions, not walked to its end


def test_probing_says_lost_only_after_a_round_that_left_nothing_out():
    toy = Toy(b_wins=False)
    verdict, line, nodes = search(toy, time.perf_counter() + 10, 10**6)
    assert verdict is Verdict.LOST and line == []
    assert nodes > 400     # the long part was searched to its end before the verdict
    verdict, _, _ = search(Toy(b_wins=False, big=10**6), time.perf_counter() + 0.2, 10**9)
    assert verdict is Verdict.UNKNOWN


# -- the compact models against the engine --------------------------------------------------------------
def model_key(game, state):
    model = solver_model(game, state)
    assert model is not None, "the model should know every position of its game"
    return model.key(model.root())


def pruned(game, model, state, action) -> bool:
    """The moves a documented prune leaves out of a model (see the models' notes)."""
    if isinstance(model, FanModel) and isinstance(action, Move) and action.count == 1:
        specs, index = game._specs_of(state)
        last_pass = state.passes >= model.redeals
        src, dst = index[action.src], index[action.dst]
        return last_pass and specs[dst].kind is PileKind.TABLEAU and len(state.piles[src]) == 1
    return False


def check_model(game, state):
    """Every step of the model replays to where it says; every legal move is one of its steps."""
    model = solver_model(game, state)
    assert model is not None
    settled = replay(state, model.actions([]), game)
    root = model.root()
    assert model.won(root) == game.is_won(settled)
    assert model.key(root) == model_key(game, settled)
    steps = set()
    for label, child in model.children(root):
        after = replay(settled, label, game)
        assert model_key(game, after) == model.key(child), label
        assert model.won(child) == game.is_won(after)
        steps.add(model.key(child))
    for action in game.legal_actions(settled, 0):
        if not pruned(game, model, settled, action):
            assert model_key(game, game.apply(settled, action)) in steps, action
    return settled


def random_positions(game, options, seed, count, every=3, redeal_chance=0.1):
    """Positions met in a random game (re-dealing now and then, where the game allows)."""
    rng = random.Random(seed)
    state = Session(game, options, seed=seed).state
    out = [state]
    for step in range(every * count):
        legal = list(game.legal_actions(state, 0))
        if not legal:
            break
        redeal = [a for a in legal if isinstance(a, Redeal)]
        moves = [a for a in legal if not isinstance(a, Redeal)]
        if redeal and (not moves or rng.random() < redeal_chance):
            action = redeal[0]
        else:
            action = rng.choice(moves)
        state = game.apply(state, action)
        if step % every == every - 1:
            out.append(state)
    return out


@pytest.mark.parametrize("game,options", [
    (LUCIE, None), (LUCIE, {"merci": True}), (LUCIE, {"redeals": 0}),
    (HOUSE_IN_THE_WOOD, None), (HOUSE_IN_THE_WOOD, {"build": "either"}),
    (HOUSE_ON_THE_HILL, None),
    (FORTRESS, None),
    (NESTOR, None), (NESTOR, {"reserve": "open"}), (NESTOR, {"turn_when": "any"}),
    # Klondike's model steps by the talon cards it reaches: tests/ai/test_klondike_solver.py
    (ST_HELENA, None), (ST_HELENA, {"lanes": "talon", "runs": "runs"}),
    (SQUARE, None), (SQUARE, {"spaces": "any", "runs": "runs"}), (SQUARE_SINGLE, None),
], ids=lambda v: getattr(getattr(v, "info", None), "id", None) or str(v))
def test_a_model_takes_exactly_the_games_moves(game, options):
    checked = 0
    for seed in range(1, 7):
        for state in random_positions(game, options, seed, count=5):
            check_model(game, state)
            checked += 1
    assert checked >= 12


def test_the_models_stand_aside_where_they_do_not_know_the_rules():
    state = Session(FORTRESS, {"from_foundation": True}, seed=1).state
    assert solver_model(FORTRESS, state) is None         # cards back from the foundations: the engine
    assert solve(FORTRESS, state, budget_s=0.5).verdict in (Verdict.LOST, Verdict.UNKNOWN, Verdict.WINNABLE)
    clock = get_game("the_clock")
    assert solver_model(clock, Session(clock, seed=1).state) is None   # no model: the engine's moves


def test_the_model_and_the_engine_agree_on_whole_deals():
    """Deals both searches settle quickly: the same verdict, and every line wins."""
    for game, seeds in ((FORTRESS, (1, 4, 7, 14)), (NESTOR, (20,))):
        for seed in seeds:
            state = Session(game, seed=seed).state
            fast = solve(game, state, budget_s=10)
            slow, _, _ = search(EngineModel(game, state), time.perf_counter() + 60, 10**7)
            assert fast.verdict is slow is not Verdict.UNKNOWN, (game.info.id, seed)
            if fast.verdict is Verdict.WINNABLE:
                assert game.is_won(replay(state, fast.line, game))


def lucie_position(fans: list[str], home: dict[str, int], passes: int = 2) -> PatienceState:
    """A La Belle Lucie position of part of the pack: ``fans`` bottom card first; ``home`` the
    height of each suit's foundation (only the cards named are in the game)."""
    opts = LUCIE.resolve_options()
    specs = LUCIE.specs(opts)
    deck: list[Card] = []
    piles: dict[str, tuple[int, ...]] = {}
    founds = [s.name for s in specs if s.kind is PileKind.FOUNDATION]
    for name, (suit, height) in zip(founds, home.items()):
        cards = [parse_card(f"{r.short}{suit}") for r in RANKS[:height]]
        piles[name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    fan_names = [s.name for s in specs if s.kind is PileKind.TABLEAU]
    for name, text in zip(fan_names, fans):
        cards = [parse_card(t) for t in text.split()]
        piles[name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    return LucieState(deck=tuple(deck), piles=tuple(piles.get(s.name, ()) for s in specs),
                      down=(0,) * len(specs), passes=passes, deal_seed=7, opts=tuple(sorted(opts.items())))


def test_a_king_over_a_lower_card_of_its_suit_is_a_dead_end_after_the_last_deal():
    state = lucie_position(["3♠ K♠", "Q♠ J♠", "2♠ 4♠"], {"♠": 1})
    model = solver_model(LUCIE, state)
    assert model.dead(model.root())
    assert search(EngineModel(LUCIE, state), time.perf_counter() + 30, 10**6)[0] is Verdict.LOST
    # with a re-deal left the fans may yet be shuffled apart: no verdict from the test
    earlier = lucie_position(["3♠ K♠", "Q♠ J♠", "2♠ 4♠"], {"♠": 1}, passes=1)
    assert not solver_model(LUCIE, earlier).dead(solver_model(LUCIE, earlier).root())


def test_waiting_in_a_cycle_across_suits_is_a_dead_end():
    # the 9♥ can only go home (its ten lies beneath it) and waits on the 5♠ under it; the 7♠ (its
    # eight beneath it) waits on the 3♥: each suit waits for the other
    fans = ["5♠ 10♥ 9♥", "3♥ 8♠ 7♠", "2♥ 4♥", "6♥ 7♥", "8♥ K♥", "J♥ Q♥", "4♠ 6♠", "9♠ 10♠", "J♠ Q♠ K♠",
            "2♠ 3♠"]
    assert _waits_in_a_cycle([tuple(solver_module.card_code(parse_card(t)) for t in f.split()) for f in fans])
    state = lucie_position(fans, {"♠": 1, "♥": 1})
    assert solver_model(LUCIE, state).dead(solver_model(LUCIE, state).root())
    # one card out of the way and no cycle is left
    assert not _waits_in_a_cycle([tuple(solver_module.card_code(parse_card(t)) for t in f.split())
                                  for f in ["10♥ 9♥", "5♠", "3♥ 8♠ 7♠"]])


def test_the_dead_end_test_never_condemns_a_winnable_position():
    """Positions from random play after the last re-deal: whenever the test says lost, an
    exhaustive search of the engine's moves agrees (where it finishes)."""
    confirmed = 0
    for seed in range(1, 9):
        condemned = [state for state in random_positions(LUCIE, None, seed, count=12, every=2, redeal_chance=0.6)
                     if state.passes == 2 and solver_model(LUCIE, state).dead(solver_model(LUCIE, state).root())]
        for state in condemned[:1] + condemned[-4:]:   # early ones are the hard ones
            verdict, _, _ = search(EngineModel(LUCIE, state), time.perf_counter() + 30, 400)
            assert verdict is not Verdict.WINNABLE
            confirmed += verdict is Verdict.LOST
    assert confirmed >= 16


# -- whole deals of the open patiences ------------------------------------------------------------------
@pytest.mark.parametrize("game", OPEN_GAMES, ids=lambda g: g.info.id)
def test_most_open_deals_are_decided_quickly_and_every_line_wins(game):
    decided = 0
    for seed in range(1, 11):
        state = Session(game, seed=seed).state
        result = solve(game, state, budget_s=2, clock=time.process_time)
        if result.verdict is Verdict.WINNABLE:
            assert game.is_won(replay(state, result.line, game))
        decided += result.verdict is not Verdict.UNKNOWN
    assert decided >= 8


def test_a_position_mid_game_is_judged_as_it_lies():
    state = Session(LUCIE, seed=2).state
    line = solve(LUCIE, state, budget_s=5).line
    middle = replay(state, line[:len(line) // 2], LUCIE)
    result = solve(LUCIE, middle, budget_s=5)
    assert result.verdict is Verdict.WINNABLE and LUCIE.is_won(replay(middle, result.line, LUCIE))


# -- the demo follows the solver ------------------------------------------------------------------------
def test_the_player_keeps_plain_notes_and_pickles():
    player = computer_player(LUCIE, 2)
    state = Session(LUCIE, seed=1).state
    action = player.choose(LUCIE, LUCIE.view(state, 0), LUCIE.legal_actions(state, 0), state=state)
    assert action in LUCIE.legal_actions(state, 0)
    assert player._plan and player._questions == 1
    notes = {k: v for k, v in vars(player).items() if not k.startswith("heuristic")}
    assert all(isinstance(v, (int, str, bool)) for v in notes.values()), notes
    assert pickle.loads(pickle.dumps(player))._plan == player._plan


@pytest.mark.parametrize("game,seed", [(LUCIE, 1), (FORTRESS, 8), (NESTOR, 1)],
                         ids=lambda v: v.info.id if hasattr(v, "info") else str(v))   # the same in every worker
def test_the_demo_wins_a_winnable_open_deal(game, seed):
    result = play_demo(game, seed)
    assert game.is_won(result.session.state), result.summary


def test_the_worker_carries_the_line_from_move_to_move():
    """As at the table: a fresh player each move, its notes carried by the worker."""
    session = Session(HOUSE_ON_THE_HILL, seed=1)
    memory = None
    asked = 0
    while session.outcome() is None:
        state = session.state
        legal = tuple(HOUSE_ON_THE_HILL.legal_actions(state, 0))
        index, memory = decide("house_on_the_hill", HOUSE_ON_THE_HILL.view(state, 0), legal, memory, state)
        asked = max(asked, memory["_questions"])
        session.play(legal[index])
    assert HOUSE_ON_THE_HILL.is_won(session.state) and asked == 1


def test_a_lost_deal_is_played_on_by_the_hint_and_asked_about_once(monkeypatch):
    calls = []
    real = solver_module.solve
    monkeypatch.setattr(solver_module, "solve", lambda *a, **k: calls.append(1) or real(*a, **k))
    result = play_demo(FORTRESS, 1)
    assert not FORTRESS.is_won(result.session.state) and result.finished
    assert len(calls) == 1


def test_an_undecided_deal_costs_a_few_questions_at_most(monkeypatch):
    calls = []
    monkeypatch.setattr(solver_module, "solve",
                        lambda *a, **k: calls.append(1) or solver_module.SolveResult(Verdict.UNKNOWN))
    play_demo(HOUSE_IN_THE_WOOD, 3)
    assert 1 < len(calls) <= PatiencePlayer.SOLVER_QUESTIONS


def test_a_patience_with_hidden_cards_is_played_by_the_hint(monkeypatch):
    monkeypatch.setattr(solver_module, "solve", lambda *a, **k: pytest.fail("the solver was asked"))
    result = play_demo(GAME, 3, max_steps=30)
    assert result.steps > 0


def test_a_line_made_for_another_position_is_dropped():
    player = PatiencePlayer()
    state = Session(LUCIE, seed=1).state
    player.choose(LUCIE, LUCIE.view(state, 0), LUCIE.legal_actions(state, 0), state=state)
    other = Session(LUCIE, seed=2).state
    player._questions = PatiencePlayer.SOLVER_QUESTIONS   # no new question: the hint must answer
    action = player.choose(LUCIE, LUCIE.view(other, 0), LUCIE.legal_actions(other, 0), state=other)
    assert player._plan == "" and action == ai_hint(LUCIE, other, 0)
    assert position_mark(state) != position_mark(other)
