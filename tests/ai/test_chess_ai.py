"""The computer's chess: the evaluation kept in step move by move, the searcher's tactics at each
level, draws claimed when behind, determinism, and the UCI engine player (driven here by a tiny
engine of our own, so the test needs no Stockfish)."""
from __future__ import annotations

import os
import stat
import sys
import textwrap

import chess
import pytest

from compendium.ai.board import chess as chess_ai
from compendium.ai.board.chess import (
    SEARCH_LEVELS,
    SearchPlayer,
    UciPlayer,
    _delta,
    evaluate_board,
    levels,
    player_for,
    search,
    static_score,
)
from compendium.ai.worker import decide
from compendium.core.game import LEVELS
from compendium.core.rng import SplitMix64
from compendium.games.board.chess_game import CLAIM, GAME, LESSONS, ChessState, state_from_fen

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
PROMOTING = "8/1P4k1/8/8/8/8/5p2/4K3 w - - 0 1"


def legal(state: ChessState) -> list[str]:
    return list(GAME.legal_actions(state, state.turn))


def play(state: ChessState, *texts: str) -> ChessState:
    for text in texts:
        state = GAME.apply(state, GAME.action_from_str(state, text))
    return state


# -- the evaluation -------------------------------------------------------------------------------
def test_the_evaluation_is_the_same_for_both_colours():
    for fen in (chess.STARTING_FEN, KIWIPETE, LESSONS["lasker-6-white"].fen, PROMOTING):
        board = chess.Board(fen)
        assert static_score(board) == static_score(board.mirror()), fen


def test_the_start_is_level_and_material_counts():
    assert evaluate_board(chess.Board())[:2] == (0, 0)
    up_a_queen = chess.Board("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert static_score(up_a_queen) > 800


def test_the_move_by_move_evaluation_matches_a_fresh_count():
    """Every kind of move — captures, castling both ways, en passant, promotions — updates the
    evaluation exactly as recomputing it from the board would."""
    gen = SplitMix64(11)
    kinds: set[str] = set()
    for fen in (chess.STARTING_FEN, KIWIPETE, PROMOTING, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"):
        for first in list(chess.Board(fen).legal_moves):    # every first move, then at random
            board = chess.Board(fen)
            mg, eg, ph = evaluate_board(board)
            for ply in range(30):
                moves = list(board.legal_moves)
                if not moves:
                    break
                move = first if ply == 0 else moves[gen.below(len(moves))]
                kinds.update(k for k, test in (("castle", board.is_castling), ("ep", board.is_en_passant),
                                               ("capture", board.is_capture)) if test(move))
                if move.promotion:
                    kinds.add("promotion")
                dmg, deg, dph, _ = _delta(board, move)
                board.push(move)
                mg, eg, ph = mg + dmg, eg + deg, ph + dph
                assert (mg, eg, ph) == evaluate_board(board), board.fen()
    assert kinds == {"castle", "ep", "capture", "promotion"}


# -- the search -----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_mates_in_one(level):
    assert search(state_from_fen(LESSONS["lasker-6-white"].fen), level)[0] == "d3g6"
    assert search(state_from_fen(LESSONS["lasker-6-black"].fen), level)[0] == "c6g2"


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_takes_a_hanging_queen(level):
    state = state_from_fen("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")
    assert search(state, level)[0] == "d1d5"


@pytest.mark.parametrize("level", [2, 3])
def test_the_club_player_and_the_expert_mate_in_three_in_diagram_7(level):
    """Black to move mates in three against any defence (Lasker's Diagram 7)."""
    state = state_from_fen(LESSONS["lasker-7-black"].fen)
    black, white = SearchPlayer(level), SearchPlayer(1)
    for _ in range(3):
        state = GAME.apply(state, black.choose(GAME, state, legal(state)))
        if GAME.outcome(state) is not None:
            break
        state = GAME.apply(state, white.choose(GAME, state, legal(state)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.rule == "chess#checkmate" and outcome.results == (0.0, 1.0)
    assert len(state.moves) == 5


def test_the_expert_holds_diagram_8_with_perpetual_check():
    state = state_from_fen(LESSONS["lasker-8-white"].fen)
    move, score, _, _ = search(state, 3)
    assert move in ("e4e8", "e4h4") or state.board.gives_check(chess.Move.from_uci(move))
    assert score == 0          # the search sees the repetition: a draw, not the loss


def test_the_expert_sees_further_than_the_beginner():
    """A quiet mate in two (the king steps up, then the rook mates): the club player and the
    expert find it; the beginner, who looks one move ahead, does not know it is there."""
    state = state_from_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1")
    for level in (2, 3):
        move, score, _, _ = search(state, level)
        assert score == chess_ai.MATE - 3          # mate on the third ply from here
        board = state.board
        board.push_uci(move)
        for reply in list(board.legal_moves):      # whatever Black does, a mate follows
            board.push(reply)
            mates = []
            for m in list(board.legal_moves):
                board.push(m)
                mates.append(board.is_checkmate())
                board.pop()
            assert any(mates), reply
            board.pop()
    assert search(state, 1)[1] < chess_ai.MATE - 1000


def test_choices_are_legal_and_the_same_each_time():
    gen = SplitMix64(3)
    state = GAME.initial_state()
    for _ in range(16):
        moves = legal(state)
        for level in (1, 2):
            choice = SearchPlayer(level).choose(GAME, state, moves)
            assert choice in moves
            assert SearchPlayer(level).choose(GAME, state, moves) == choice   # same position, same move
        state = GAME.apply(state, moves[gen.below(len(moves))])


def test_a_draw_is_claimed_when_behind_and_refused_when_ahead():
    # White, a rook up, to move in a position that has stood three times: plays on
    ahead = state_from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    for _ in range(2):
        ahead = play(ahead, "a1a2", "e8d8", "a2a1", "d8e8")
    assert ahead.repetitions == 3 and CLAIM in legal(ahead)
    assert SearchPlayer(2).choose(GAME, ahead, legal(ahead)) != CLAIM
    # Black, a rook down, to move in a position that has stood three times: claims
    behind = play(ahead, "a1a2")
    assert behind.repetitions == 3 and CLAIM in legal(behind)
    assert SearchPlayer(2).choose(GAME, behind, legal(behind)) == CLAIM


def test_a_level_changed_in_mid_game_is_not_undone_by_the_players_memory():
    state = state_from_fen(LESSONS["lasker-6-black"].fen)
    moves = tuple(legal(state))
    _, notes = decide("chess", state, moves, None, level=1)
    assert "level" not in notes and "limits" not in notes
    player = player_for(3)
    player.__dict__.update(notes)
    assert player.limits == SEARCH_LEVELS[3]


def test_the_worker_runs_the_chess_player_on_the_view():
    state = state_from_fen(LESSONS["lasker-6-black"].fen)
    moves = tuple(legal(state))
    index, _ = decide("chess", GAME.view(state, 1), moves, None, level=1)
    assert moves[index] == "c6g2"


def test_the_levels_are_limited_by_positions_searched():
    assert SEARCH_LEVELS[1].nodes < SEARCH_LEVELS[2].nodes < SEARCH_LEVELS[3].nodes
    _, _, nodes, depth = search(GAME.initial_state(), 2)
    assert nodes <= SEARCH_LEVELS[2].nodes + 1 and depth >= 3


# -- a UCI engine ----------------------------------------------------------------------------------
FAKE_ENGINE = textwrap.dedent("""\
    import sys
    import chess
    board = chess.Board()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name Fakefish"); print("uciok")
        elif words[0] == "isready":
            print("readyok")
        elif words[0] == "position":
            if words[1] == "startpos":
                board = chess.Board(); rest = words[2:]
            else:
                board = chess.Board(" ".join(words[2:8])); rest = words[8:]
            for move in rest[1:] if rest[:1] == ["moves"] else []:
                board.push_uci(move)
        elif words[0] == "go":
            # the last move in sorted order: a choice no built-in level would make
            print("bestmove " + sorted(m.uci() for m in board.legal_moves)[-1])
        elif words[0] == "quit":
            break
        sys.stdout.flush()
""")


@pytest.fixture
def fake_engine(tmp_path, monkeypatch):
    script = tmp_path / "fakefish"
    script.write_text(f"#!{sys.executable}\n" + FAKE_ENGINE)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("COMPENDIUM_UCI_ENGINE", str(script))
    yield str(script)
    chess_ai._close_engines()


def test_an_installed_engine_is_offered_as_level_4(fake_engine):
    assert levels() == {**LEVELS, 4: "fakefish (UCI engine)"}
    player = player_for(4)
    assert isinstance(player, UciPlayer)
    state = play(GAME.initial_state(), "e2e4")
    moves = legal(state)
    assert player.choose(GAME, state, moves) == sorted(m for m in moves)[-1]
    assert player.failed == ""


def test_no_engine_no_level_4(monkeypatch):
    monkeypatch.setenv("COMPENDIUM_UCI_ENGINE", "/nonexistent/engine")
    assert levels() == LEVELS
    assert isinstance(player_for(4), SearchPlayer)


def test_a_broken_engine_falls_back_to_the_built_in_expert(tmp_path, monkeypatch):
    script = tmp_path / "broken"
    script.write_text("#!/bin/sh\nexit 3\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("COMPENDIUM_UCI_ENGINE", str(script))
    player = player_for(4)
    state = state_from_fen(LESSONS["lasker-6-white"].fen)
    assert player.choose(GAME, state, legal(state)) == "d3g6"
    assert player.failed
    assert os.environ["COMPENDIUM_UCI_ENGINE"] == str(script)
