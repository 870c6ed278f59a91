"""The measures of ``compendium.ai.field_strength``: the Elo arithmetic, the exact checkers solver,
and GNU Backgammon as a fourth strength and as the judge of our plays (with the real module where it
is installed, and with a stand-in that scores by a rule we can check everywhere else)."""
from __future__ import annotations

import math
from typing import Any

import pytest

from compendium.ai import field_strength as fs
from compendium.ai.board import backgammon as bg_ai
from compendium.ai.registry import computer_levels, computer_player
from compendium.games.board import backgammon as bg
from compendium.games.board.checkers import parse_fen
from compendium.games.registry import get_game


# -- Elo ------------------------------------------------------------------------------------------
def test_an_even_score_against_one_anchor_is_the_anchors_rating() -> None:
    est = fs.elo_from_results([(1500.0, 1.0), (1500.0, 0.0), (1500.0, 0.5), (1500.0, 0.5)])
    assert est.rating == pytest.approx(1500.0, abs=0.01)
    # Fisher information of four games at p = 0.5: 4 * 0.25 = 1, so one standard error is 400 / ln 10.
    assert est.error == pytest.approx(400.0 / math.log(10.0), rel=1e-6)


def test_three_quarters_of_the_points_is_about_191_elo_more() -> None:
    est = fs.elo_from_results([(1600.0, 1.0)] * 3 + [(1600.0, 0.0)])
    assert est.rating == pytest.approx(1600.0 + 400.0 * math.log10(3.0), abs=0.01)


def test_a_clean_sweep_has_no_finite_rating() -> None:
    assert fs.elo_from_results([(1350.0, 0.0)] * 5).rating == -math.inf
    assert fs.elo_from_results([(1350.0, 1.0)] * 2).rating == math.inf
    with pytest.raises(ValueError):
        fs.elo_from_results([])


def test_a_clean_sweep_gives_a_one_sided_bound() -> None:
    # Twenty games lost to a 1350: a player a rating R scores against it with chance E(R), and
    # loses all twenty with chance (1 - E)^20 = 0.05 at E = 1 - 0.05^(1/20) = 0.139, which is
    # 400 log10(0.139 / 0.861) = -317 points: below 1033 at 95 %.
    lost = fs.elo_from_results([(1350.0, 0.0)] * 20)
    assert lost.bound == pytest.approx(1350.0 + 400.0 * math.log10((1 - 0.05 ** (1 / 20)) / 0.05 ** (1 / 20)),
                                       abs=0.01)
    assert round(lost.bound) == 1033
    assert str(lost) == "below 1033 (95 %, one-sided; scored 0/20)"
    # Fewer games allow more: two won against a 1350 only say "above 1134" (E^2 = 0.05).
    won = fs.elo_from_results([(1350.0, 1.0)] * 2)
    assert won.bound == pytest.approx(1350.0 - 400.0 * math.log10((1 - 0.05 ** 0.5) / 0.05 ** 0.5), abs=0.01)
    assert str(won).startswith("above 1134 ")
    # Against several anchors the chance of the sweep is the product over the games.
    mixed = fs.elo_from_results([(1350.0, 0.0)] * 10 + [(1600.0, 0.0)] * 10)
    chance = math.prod(1 - fs.expected_score(mixed.bound, r) for r in [1350.0] * 10 + [1600.0] * 10)
    assert chance == pytest.approx(0.05, rel=1e-6)
    assert lost.bound < mixed.bound < lost.bound + 250


# -- checkers, solved exactly -----------------------------------------------------------------------
def _board(fen: str) -> fs.Board:
    black, white, kings, side = parse_fen(fen)
    return black, white, kings, side


def test_two_kings_beat_one_and_one_king_cannot_beat_another() -> None:
    two_v_one = _board("B:WK32:BK1,K5")
    one_v_one = _board("B:WK32:BK1")
    lone_to_move = (two_v_one[0], two_v_one[1], two_v_one[2], 1)
    values = fs.solve([two_v_one, one_v_one, lone_to_move])
    assert values[two_v_one] == fs.WIN
    assert values[one_v_one] == fs.DRAW
    # The lone king to move in the first position loses too, whatever it does.
    assert values[lone_to_move] == fs.LOSS


def test_a_side_with_no_move_has_lost() -> None:
    # White's men move towards square 1: from 29, on the edge, the only step is to 25, held by a
    # Black man that cannot be jumped (22 behind it is Black's too).
    stuck = _board("W:W29:B25,22")
    assert fs.successors(stuck) == []
    assert fs.solve([stuck])[stuck] == fs.LOSS


def test_the_solved_values_are_consistent_with_the_moves() -> None:
    """Every value obeys the game's recursion: won iff some move reaches a lost position for the
    opponent; lost iff every move reaches a won one; a draw has a drawn move and no winning one."""
    rng = fs.SplitMix64(7)
    roots = [fs.random_position(rng, 3) for _ in range(2)] + [_board("W:WK32:BK1,K5")]
    values = fs.solve(roots)
    assert {fs.WIN, fs.DRAW} <= set(values.values())
    for p, v in values.items():
        kids = [values[k] for k in fs.successors(p)]
        if v == fs.WIN:
            assert fs.LOSS in kids
        elif v == fs.LOSS:
            assert all(k == fs.WIN for k in kids)
        else:
            assert fs.LOSS not in kids and fs.DRAW in kids


def test_the_solver_refuses_a_search_too_large_for_its_limit() -> None:
    with pytest.raises(RuntimeError, match="reachable"):
        fs.solve([_board("B:WK32,K28:BK1,K5")], limit=500)


def test_the_checkers_measure_counts_a_thrown_away_win() -> None:
    # Three random two-piece positions (seed 3): one won, two drawn by the exact values; level 1,
    # searching two plies, plays a move from the won one after which the win is gone.
    figures, counts = fs.rate_checkers([1], positions=3, pieces=2, seed=3)
    assert (counts[fs.WIN], counts[fs.DRAW], counts[fs.LOSS]) == (1, 2, 0)
    (f,) = figures
    assert (f.positions, f.won_positions, f.mistakes, f.wins_kept) == (3, 1, 1, 0)


# -- backgammon and GNU Backgammon ------------------------------------------------------------------
def test_the_gnubg_board_is_the_movers_points_and_the_adversarys_from_his_own_side() -> None:
    state = bg.BackgammonState(board=bg.starting_board())
    theirs, mine = bg_ai.gnubg_board(state.rel(bg.WHITE))
    start = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    assert mine == start and theirs == start
    # One White man on the bar, one Black man borne off: the bar is each list's last place.
    moved = bg.BackgammonState(board=(-1,) + bg.starting_board()[1:23] + (2,), bar=(1, 0), off=(0, 1))
    theirs, mine = bg_ai.gnubg_board(moved.rel(bg.WHITE))
    assert mine[24] == 1 and theirs[24] == 0 and sum(theirs) == 14 and theirs[23] == 1


def test_a_finished_play_is_worth_its_points() -> None:
    r = [0] * 27
    r[0] = bg.MEN
    r[1] = -15           # all of the adversary's men still in our home table: a backgammon
    assert bg_ai.result_value(tuple(r)) == 3
    r[1], r[20] = 0, -15  # all on his side, none off: a gammon
    assert bg_ai.result_value(tuple(r)) == 2
    r[20] = -14           # one borne off: a single game (flip counts the men not on the board)
    assert bg_ai.result_value(tuple(r)) == 1
    r[0] = 14
    assert bg_ai.result_value(tuple(r)) is None


class _FakeGnubg:
    """A stand-in for the module: it values a position for the player on roll by his men borne
    off minus the adversary's, in pips (a rule simple enough to predict its choice)."""

    @staticmethod
    def cubeinfo() -> dict[str, Any]:
        return {}

    @staticmethod
    def evalcontext(*args: Any) -> dict[str, Any]:
        return {}

    @staticmethod
    def evaluate(board: Any, cube: Any, context: Any) -> tuple[float, ...]:
        theirs, mine = board
        pips_mine = sum((i + 1) * n for i, n in enumerate(mine))
        pips_theirs = sum((i + 1) * n for i, n in enumerate(theirs))
        return (0.5, 0.0, 0.0, 0.0, 0.0, (pips_theirs - pips_mine) / 100.0)


def test_level_four_is_offered_only_with_gnubg_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("backgammon")
    monkeypatch.setattr(bg_ai, "gnubg_module", lambda: None)
    assert 4 not in computer_levels(game)
    monkeypatch.setattr(bg_ai, "gnubg_module", lambda: _FakeGnubg)
    assert computer_levels(game)[4] == "GNU Backgammon (installed)"
    assert isinstance(computer_player(game, 4), bg_ai.GnubgPlayer)


def test_level_four_plays_what_gnubgs_evaluation_prefers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bg_ai, "gnubg_module", lambda: _FakeGnubg)
    game = get_game("backgammon")
    state = game.setup_state("4HPwATDgc/ABMA", {"opening": "modern"})
    state = game.apply(state, game.action_from_str(state, "roll 6-5"))
    legal = list(game.legal_actions(state, state.turn))
    judge = bg_ai.GnubgJudge(_FakeGnubg)
    infos = {p.hops: p for p in bg.generate(state.rel(state.turn), state.dice)}
    best = max(judge.equity_after(infos[a.hops].result) for a in legal)
    choice = bg_ai.GnubgPlayer().choose(game, game.view(state, state.turn), legal)
    assert judge.equity_after(infos[choice.hops].result) == best


def test_without_the_module_level_four_plays_as_our_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bg_ai, "gnubg_module", lambda: None)
    game = get_game("backgammon")
    state = game.setup_state("4HPwATDgc/ABMA", {"opening": "modern"})
    state = game.apply(state, game.action_from_str(state, "roll 3-1"))
    legal = list(game.legal_actions(state, state.turn))
    view = game.view(state, state.turn)
    assert bg_ai.GnubgPlayer().choose(game, view, legal) == bg_ai.BackgammonPlayer(3).choose(game, view, legal)


def test_gnubg_rates_the_classic_opening_three_one_best_when_installed() -> None:
    module = pytest.importorskip("gnubg")
    game = get_game("backgammon")
    state = game.setup_state("4HPwATDgc/ABMA", {"opening": "modern"})
    state = game.apply(state, game.action_from_str(state, "roll 3-1"))
    judge = bg_ai.GnubgJudge(module)
    plays = bg.generate(state.rel(state.turn), state.dice)
    best = max(plays, key=lambda p: judge.equity_after(p.result))
    assert bg.format_hops(state.rel(state.turn), best.hops) in ("8/5 6/5", "6/5 8/5")


def test_a_ladder_game_cut_short_is_half_a_point_and_its_opening_follows_the_seed() -> None:
    assert fs.play_levels(1, 1, True, opening_seed=5, max_plies=2) == 0.5
    import chess
    first = []
    for seed in (5, 6):
        board = chess.Board()
        rng = fs.SplitMix64(seed)
        for _ in range(fs.OPENING_PLIES):
            moves = sorted(m.uci() for m in board.legal_moves)
            board.push(chess.Move.from_uci(moves[rng.below(len(moves))]))
        first.append(board.fen())
    assert first[0] != first[1]       # two seeds, two openings: the games differ


# -- whist and bridge against double-dummy play ----------------------------------------------------
class _ByTheSolver:
    """Plays the card the double-dummy solver values most (``best``) or least (``not best``) once
    the hands are short, else the first legal action."""

    def __init__(self, best: bool) -> None:
        self.best = best

    def choose(self, game: Any, view: Any, legal: Any, state: Any = None) -> Any:
        from compendium.ai.tricks.double_dummy import Solver, position_of
        from compendium.games.tricks.engine import Play
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) < 2 or len(plays) != len(legal):
            return legal[0]
        from compendium.core.frozen import replace
        # Double Dummy's view shows every card: the whole state is the public part with its faces.
        position = position_of(replace(view.pub, deck=tuple(c.face for c in view.cards)))
        if max(len(hand) for hand in position.hands) > 3:
            return legal[0]
        values = Solver(position.trump).card_values(position)
        pick = max if self.best else min
        return pick(plays, key=lambda a: values[a.card])


def test_perfect_card_play_gives_up_nothing_and_the_worst_gives_up_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    from compendium.ai import registry
    # The players are given the whole deal's view (Double Dummy's hands all lie open).
    monkeypatch.setattr(registry, "computer_player", lambda game, level: _ByTheSolver(level == 3))
    perfect = fs.rate_card_play("double_dummy", 3, deals=2, cards=3, seed=4)
    worst = fs.rate_card_play("double_dummy", 1, deals=2, cards=3, seed=4)
    assert perfect.cards_rated > 0 and perfect.given_up.mean == 0.0
    assert worst.given_up.mean > 0.0


def test_the_card_play_measure_is_for_whist_and_bridge_only() -> None:
    with pytest.raises(RuntimeError, match="not a whist or bridge game"):
        fs.rate_card_play("chess", 1, deals=1)
    with pytest.raises(RuntimeError, match="no game called"):
        fs.rate_card_play("no_such_game", 1, deals=1)
