"""Chess: the laws of the moves with the rule behind each refusal, the ends of the game, the
notations, PGN and FEN, move counts against published figures, and Lasker's diagrams claim by claim
(catalogue 6.10)."""
from __future__ import annotations

import pickle

import chess
import pytest

from compendium.core import records
from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.core.rules import rule_ref
from compendium.core.session import Session
from compendium.games.board import chess_game
from compendium.games.board.chess_game import (
    CLAIM,
    FLAG,
    GAME,
    LESSONS,
    RESIGN,
    STANDARD,
    ChessState,
    GameClock,
    TimeControl,
    clock_text,
    descriptive,
    descriptive_square,
    from_pgn,
    game_perft,
    lesson_of,
    move_list,
    numbered,
    parse_fen,
    perft,
    state_from_fen,
    time_control,
    to_pgn,
    why_illegal,
)

from .conformance import refusal

START = chess.STARTING_FEN
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"


def play(state: ChessState, *texts: str) -> ChessState:
    for text in texts:
        state = GAME.apply(state, GAME.action_from_str(state, text))
    return state


def at(fen: str, *texts: str) -> ChessState:
    return play(state_from_fen(fen), *texts)


def sans(state: ChessState) -> list[str]:
    board = state.board
    return sorted(board.san(chess.Move.from_uci(a)) for a in GAME.legal_actions(state, state.turn)
                  if a != CLAIM)


# -- the start ------------------------------------------------------------------------------------
def test_the_start_is_the_usual_array_with_white_to_move():
    state = GAME.initial_state()
    assert state.fen == START
    assert GAME.to_move(state) == 0                  # seat 0 plays White
    assert len(GAME.legal_actions(state, 0)) == 20
    assert GAME.legal_actions(state, 1) == ()        # not Black's turn
    assert GAME.outcome(state) is None
    after = play(state, "e2e4")
    assert GAME.to_move(after) == 1


# -- move counts (perft) against the published figures ------------------------------------------------
@pytest.mark.parametrize("depth,count", [(1, 20), (2, 400), (3, 8902), (4, 197281)])
def test_perft_from_the_start(depth, count):
    assert perft(START, depth) == count


@pytest.mark.parametrize("fen,counts", [(KIWIPETE, (48, 2039, 97862)),
                                        (POSITION_3, (14, 191, 2812, 43238))])
def test_perft_of_known_positions(fen, counts):
    for depth, count in enumerate(counts, start=1):
        assert perft(fen, depth) == count


def test_the_game_protocol_counts_the_same_moves():
    """legal_actions and apply give the generator's counts, castling, en passant and promotions
    included (Kiwipete has them all within two plies)."""
    assert [game_perft(GAME.initial_state(), d) for d in (1, 2, 3)] == [20, 400, 8902]
    assert [game_perft(state_from_fen(KIWIPETE), d) for d in (1, 2)] == [48, 2039]


# -- legal moves of every kind ----------------------------------------------------------------------
def test_legal_moves_of_every_kind():
    # the pawn's double step, a knight, a bishop
    state = play(GAME.initial_state(), "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6")
    # castling: the king goes two squares, the rook comes over
    castled = play(state, "e1g1")
    board = castled.board
    assert board.piece_at(chess.G1) == chess.Piece(chess.KING, chess.WHITE)
    assert board.piece_at(chess.F1) == chess.Piece(chess.ROOK, chess.WHITE)
    assert not board.has_castling_rights(chess.WHITE)
    # en passant, on the move straight after the double step
    ep = at("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5")
    taken = play(ep, "e5d6")
    assert taken.board.piece_at(chess.D5) is None and taken.board.piece_at(chess.D6).symbol() == "P"
    # promotion to a queen and under-promotion to a knight
    promo = state_from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    assert play(promo, "e7e8q").board.piece_at(chess.E8).symbol() == "Q"
    assert play(promo, "e7e8n").board.piece_at(chess.E8).symbol() == "N"
    # algebraic text is read too
    assert GAME.action_from_str(state, "O-O") == "e1g1"
    assert GAME.action_from_str(state, "Nxe5") == "f3e5"
    assert GAME.action_from_str(ep, "exd6") == "e5d6"
    assert GAME.action_from_str(promo, "e8=N") == "e7e8n"


def test_castling_on_the_queens_side_and_for_black():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    state = play(state_from_fen(fen), "e1c1")
    assert refusal(GAME, state, "e8c8").rule == "chess#castling"    # d8 is attacked by the rook on d1
    state = play(state, "e8g8")
    board = state.board
    assert [board.piece_at(s).symbol() for s in (chess.C1, chess.D1, chess.G8, chess.F8)] == ["K", "R", "k", "r"]


# -- illegal moves with the law that forbids them ----------------------------------------------------
def test_illegal_moves_name_their_law():
    start = GAME.initial_state()
    cases = [
        (start, "e2e5", "chess#the-pawn"),          # three squares
        (start, "f1c4", "chess#the-bishop"),        # over its own pawn
        (start, "a1a3", "chess#the-rook"),
        (start, "d1d3", "chess#the-queen"),
        (start, "g1g3", "chess#the-knight"),        # not an L
        (start, "e1e2", "chess#capturing"),         # onto its own pawn
        (start, "e7e5", "chess#the-play"),          # Black's man on White's turn
        (start, "e3e4", "chess#the-moves-of-the-men"),  # nobody there
        (play(start, "e2e4", "e7e5"), "e4e5", "chess#the-pawn"),  # no capture straight ahead
        (play(start, "e2e4", "d7d5"), "e4f5", "chess#the-pawn"),  # diagonal only to capture
    ]
    for state, text, rule in cases:
        assert refusal(GAME, state, text).rule == rule, text


def test_check_refusals():
    # the king may not step into check
    state = state_from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
    assert refusal(GAME, state, "e1d1").rule == "chess#check"
    assert "attacked" in refusal(GAME, state, "e1d1").reason
    # a pinned man may not leave the line
    pinned = state_from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")
    why = refusal(GAME, pinned, "e2c3")
    assert why.rule == "chess#check" and "pinned" in why.reason
    # in check, a move that ignores it is refused
    checked = state_from_fen("4k3/8/8/8/8/8/P7/r3K3 w - - 0 1")
    why = refusal(GAME, checked, "a2a3")
    assert why.rule == "chess#check" and "in check" in why.reason


def test_castling_refusals():
    rule = "chess#castling"
    # through an attacked square (f1 attacked by the rook on f8)
    through = state_from_fen("4kr2/8/8/8/8/8/8/4K2R w K - 0 1")
    assert refusal(GAME, through, "e1g1").rule == rule and "f1" in refusal(GAME, through, "e1g1").reason
    # out of check
    checked = state_from_fen("4k3/4r3/8/8/8/8/8/4K2R w K - 0 1")
    assert "in check" in refusal(GAME, checked, "e1g1").reason
    # the rook has moved: no right any more
    moved = play(state_from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "h1h2", "e8d8", "h2h1", "d8e8")
    assert "already moved" in refusal(GAME, moved, "e1g1").reason
    # pieces in between
    blocked = GAME.initial_state()
    why = refusal(GAME, blocked, "e1g1")
    assert why.rule == rule and "f1" in why.reason
    # into check
    into = state_from_fen("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1")
    assert "g1" in refusal(GAME, into, "e1g1").reason


def test_promotion_and_en_passant_refusals():
    promo = state_from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    assert refusal(GAME, promo, "e7e8").rule == "chess#promotion"        # the piece must be named
    assert refusal(GAME, promo, "e7e8k").rule == "chess#promotion"       # never a king
    assert refusal(GAME, state_from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "e2e3q").rule == "chess#promotion"
    # en passant only straight after the double step
    late = at("4k3/3p3p/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5", "e1e2", "h7h6")
    why = refusal(GAME, late, "e5d6")
    assert why.rule == "chess#en-passant"


def test_text_that_names_no_move_is_a_notation_error_quoting_it():
    state = GAME.initial_state()
    for text, words in [("hello", "'hello'"), ("Nf6", "'Nf6'"), ("", "empty"), ("Ke9", "'Ke9'")]:
        with pytest.raises(NotationError) as info:
            GAME.action_from_str(state, text)
        assert words in str(info.value)
    ambiguous = state_from_fen("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1")
    with pytest.raises(NotationError, match="'Ne2' is ambiguous"):
        GAME.action_from_str(ambiguous, "Ne2")
    assert GAME.action_from_str(ambiguous, "Nce2") == "c1e2"


# -- the end of the game --------------------------------------------------------------------------
def test_checkmate_wins():
    state = play(GAME.initial_state(), "f2f3", "e7e5", "g2g4", "d8h4")    # the fool's mate
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is Special.TERMINAL
    assert outcome.results == (0.0, 1.0) and outcome.rule == "chess#checkmate"
    assert "Black wins" in outcome.reason
    assert refusal(GAME, state, "a2a3").rule == "chess#the-end-of-the-game"


def test_stalemate_is_a_draw():
    state = at("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7")
    outcome = GAME.outcome(state)
    assert outcome.results == (0.5, 0.5) and outcome.rule == "chess#stalemate"


def test_dead_position_is_drawn_at_once():
    state = at("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2")    # the king takes the last rook
    outcome = GAME.outcome(state)
    assert outcome.results == (0.5, 0.5) and outcome.rule == "chess#draws"


def shuffle(state: ChessState, times: int) -> ChessState:
    """Knights out and back ``times`` times: the start position recurs after each round."""
    for _ in range(times):
        state = play(state, "g1f3", "g8f6", "f3g1", "f6g8")
    return state


def test_threefold_repetition_is_claimed_and_fivefold_is_automatic():
    twice = shuffle(GAME.initial_state(), 1)
    assert twice.repetitions == 2 and CLAIM not in GAME.legal_actions(twice, 0)
    assert refusal(GAME, twice, CLAIM).rule == "chess#draws"
    thrice = shuffle(GAME.initial_state(), 2)
    assert thrice.repetitions == 3
    assert CLAIM in GAME.legal_actions(thrice, 0)
    claimed = GAME.apply(thrice, CLAIM)
    outcome = GAME.outcome(claimed)
    assert outcome.results == (0.5, 0.5) and outcome.rule == "chess#draws" and "White" in outcome.reason
    # not claimed: play goes on until the fifth time, which ends the game by itself
    four = shuffle(GAME.initial_state(), 3)
    assert GAME.outcome(four) is None
    five = shuffle(GAME.initial_state(), 4)
    assert five.repetitions == 5 and GAME.outcome(five).rule == "chess#draws"
    assert "five times" in GAME.outcome(five).reason


def test_fifty_moves_are_claimed_and_seventy_five_end_the_game():
    near = state_from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    assert CLAIM not in GAME.legal_actions(near, 0)
    fifty = play(near, "a1a2")
    assert CLAIM in GAME.legal_actions(fifty, 1)
    assert GAME.outcome(GAME.apply(fifty, CLAIM)).reason.startswith("drawn under the fifty-move")
    # a capture or pawn move starts the count again
    pushed = play(state_from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"), "e2e3")
    assert len(pushed.keys) == 1 and pushed.board.halfmove_clock == 0
    assert CLAIM not in GAME.legal_actions(pushed, 1)
    seventy_five = play(state_from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 120"), "a1a2")
    assert GAME.outcome(seventy_five).reason.startswith("seventy-five")
    # ... unless the last move mates
    mate = play(state_from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120"), "a1a8")
    assert GAME.outcome(mate).rule == "chess#checkmate"


def test_resigning():
    state = play(GAME.initial_state(), "e2e4")
    assert RESIGN not in GAME.legal_actions(state, 1)     # a move on the board is never a resignation
    assert GAME.action_from_str(state, "Resign") == RESIGN
    done = GAME.apply(state, RESIGN)
    outcome = GAME.outcome(done)
    assert outcome.results == (1.0, 0.0) and outcome.rule == "chess#resigning"
    assert outcome.reason == "Black resigns: White wins"
    assert GAME.describe(state, RESIGN) == "Black resigns"


# -- notation -------------------------------------------------------------------------------------
def test_descriptive_notation_of_a_ruy_lopez():
    state = play(GAME.initial_state(), "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6",
                 "O-O", "Bg4", "h3", "Bh5", "g4", "Bg6", "Nxe5", "Qd6", "d4", "O-O-O")
    assert move_list(state, "descriptive") == [
        "P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-QKt5", "P-QR3", "BxKt", "P(Q2)xB",
        "Castles", "B-KKt5", "P-KR3", "B-KR4", "P-KKt4", "B-KKt3", "KtxP", "Q-Q3", "P-Q4",
        "Castles QR"]
    assert move_list(state)[:8] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"]
    assert numbered(state)[0] == (1, "e4", "e5")


def test_descriptive_checks_mates_en_passant_and_promotion():
    board = chess.Board("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    board.push_san("d5")
    assert descriptive(board, chess.Move.from_uci("e5d6")) == "PxP e.p."
    board = chess.Board("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    assert descriptive(board, chess.Move.from_uci("e7e8q")) == "P-K8(Q)"
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert descriptive(board, chess.Move.from_uci("a1a8")) == "R-QR8 mate"
    board = chess.Board("6k1/8/8/8/8/8/8/R5K1 w - - 0 1")
    assert descriptive(board, chess.Move.from_uci("a1a8")) == "R-QR8 ch"
    # two knights could go to Q2: the one meant is named by its square
    board = chess.Board("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
    assert descriptive(board, chess.Move.from_uci("b1d2")) == "Kt(QKt1)-Q2"
    # the same square has a name from each side
    assert descriptive_square(chess.E4, chess.WHITE) == "K4" and descriptive_square(chess.E4, chess.BLACK) == "K5"


def test_describe_gives_both_notations():
    state = GAME.initial_state()
    assert GAME.describe(state, "g1f3") == "White: Nf3 (Kt-KB3)"


# -- PGN and FEN ----------------------------------------------------------------------------------
def test_pgn_round_trip_with_result():
    state = play(GAME.initial_state(), "f2f3", "e7e5", "g2g4", "d8h4")
    text = to_pgn(state, white="Ann", black="Bob")
    assert '[White "Ann"]' in text and '[Result "0-1"]' in text and "2. g4 Qh4#" in text
    imported = from_pgn(text)
    assert imported.start == STANDARD and imported.state() == state


def test_pgn_from_a_lesson_keeps_its_position():
    state = play(state_from_fen(LESSONS["lasker-7-black"].fen), "Rxf1+", "Rxf1")
    text = to_pgn(state)
    assert '[SetUp "1"]' in text and "[FEN " in text
    imported = from_pgn(text)
    assert imported.start == LESSONS["lasker-7-black"].fen
    assert imported.state() == state


def test_bad_pgn_is_refused_with_the_reason():
    for text, words in [("", "empty"), ("hello", "'hello'"),
                        ("1. e4 e5 2. Nf7 *", "'Nf7'"),
                        ('[Variant "Atomic"]\n\n1. e4 *', "Atomic")]:
        with pytest.raises(NotationError) as info:
            from_pgn(text)
        assert words in str(info.value)


def test_fen_in_and_out():
    assert parse_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ") == START
    for text, words in [("xx", "'xx'"), ("8/8/8/8/8/8/8/8 w - - 0 1", "no king"),
                        ("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", "castling rights"),
                        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check")]:
        with pytest.raises(NotationError) as info:
            parse_fen(text)
        assert words in str(info.value)


def test_a_pasted_fen_is_a_starting_option_that_a_record_replays(tmp_path):
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    session = Session(GAME, {"start": fen}, seed=1)
    session.play("e2e4")
    session.play("Kd7")
    path = tmp_path / "game.json"
    records.save(path, session.record())
    again = Session.from_record(records.loads(records.read_text(path)))
    assert again.state == session.state
    with pytest.raises(NotationError):
        Session(GAME, {"start": "not a position"})


# -- Lasker's diagrams (catalogue 6.10) --------------------------------------------------------
def lesson(key: str, *moves: str) -> ChessState:
    session = Session(GAME, {"start": key})
    state = session.state
    return play(state, *moves)


def test_diagram_5_attack_and_defence():
    state = lesson("lasker-5-white")
    bishop = chess.D6
    for attack in ("Rd1", "Re6"):
        after = play(state, attack).board
        assert after.is_attacked_by(chess.WHITE, bishop), attack
    # after Rd1 the knight defends from e4 or e8
    for defence in ("Ne4", "Ne8"):
        board = play(state, "Rd1", defence).board
        assert board.is_attacked_by(chess.BLACK, bishop), defence
    # after Re6 the f-pawn can simply take the rook
    assert "fxe6" in sans(play(state, "Re6"))


def test_diagram_5_checks():
    black = lesson("lasker-5-black")
    assert sans(play(black, "Bc5+")) == ["Kf1", "Kh1", "Kh2", "Re3"]       # not Kf2
    assert "Kxh2" in sans(play(black, "Bh2+"))
    white = lesson("lasker-5-white")
    assert sans(play(white, "Re8+")) == ["Bf8", "Kh7", "Nxe8"]


def test_diagram_6_mate_either_way():
    white = play(lesson("lasker-6-white"), "Qxg6")
    assert GAME.outcome(white).rule == "chess#checkmate" and GAME.outcome(white).results == (1.0, 0.0)
    board = lesson("lasker-6-white").board
    board.push_san("Qxg6")
    assert board.is_pinned(chess.BLACK, chess.F7) and board.is_pinned(chess.BLACK, chess.F8)
    black = play(lesson("lasker-6-black"), "Qxg2")
    assert GAME.outcome(black).rule == "chess#checkmate" and GAME.outcome(black).results == (0.0, 1.0)
    board = lesson("lasker-6-black").board
    board.push_san("Qxg2")
    assert board.is_pinned(chess.WHITE, chess.F4)
    assert board.is_attacked_by(chess.BLACK, chess.G2)     # the bishop b7 guards the queen
    assert all(board.is_attacked_by(chess.BLACK, sq) for sq in (chess.G1, chess.H1, chess.G3))


def test_diagram_7_stalemate_for_white():
    state = play(lesson("lasker-7-white"), "Rf3+")
    assert sans(state) == ["Kg4", "Kh4", "Qxf3"]
    for king_move in ("Kg4", "Kh4"):
        assert "Rxd3" in sans(play(state, king_move))      # a king move loses the queen
    stalemate = play(state, "Qxf3")
    outcome = GAME.outcome(stalemate)
    assert outcome.rule == "chess#stalemate" and outcome.results == (0.5, 0.5)


def test_diagram_7_black_mates_in_three_two_ways():
    def mated(state: ChessState) -> bool:
        outcome = GAME.outcome(state)
        return outcome is not None and outcome.rule == "chess#checkmate" and outcome.results == (0.0, 1.0)

    # first way: Rxf1+ Rxf1 (forced) Qg3+ Kh1 (forced) Qg2# or Qh2#
    one = play(lesson("lasker-7-black"), "Rxf1+")
    assert sans(one) == ["Rxf1"]
    two = play(one, "Rxf1", "Qg3+")
    assert sans(two) == ["Kh1"]
    three = play(two, "Kh1")
    assert mated(play(three, "Qg2")) and mated(play(three, "Qh2"))
    # second way: Qg3+ leaves only Rg2 and Kh1
    other = play(lesson("lasker-7-black"), "Qg3+")
    assert sans(other) == ["Kh1", "Rg2"]
    assert mated(play(other, "Rg2", "Qxg2"))
    corner = play(other, "Kh1", "Rxf1+")
    assert sans(corner) == ["Rxf1"]
    last = play(corner, "Rxf1")
    assert mated(play(last, "Qg2")) and mated(play(last, "Qh2"))


def test_diagram_8_perpetual_check():
    start = lesson("lasker-8-white")
    state = start
    for _ in range(2):
        state = play(state, "Qe8+")
        assert sans(state) == ["Kh7"]
        state = play(state, "Kh7", "Qh5+")
        assert sans(state) == ["Kg8"]
        state = play(state, "Kg8")
    state = play(state, "Qe8+", "Kh7")
    assert state.repetitions == 3 and CLAIM in GAME.legal_actions(state, 0)   # the draw is White's
    assert GAME.outcome(GAME.apply(state, CLAIM)).results == (0.5, 0.5)
    # without the checks the a-pawn queens: after a quiet move Black promotes
    assert "a1=Q" in sans(play(start, "Kg2"))


def test_every_lesson_is_a_legal_start_and_named_in_the_options():
    spec = GAME.option_specs[0]
    for key, item in LESSONS.items():
        # the menu lists those where the player, White, moves first; all are accepted
        assert (key in spec.choices) == (" w " in item.fen)
        assert spec.allows(key)
        assert parse_fen(item.fen) == item.fen
        assert GAME.initial_state({"start": key}).fen == item.fen


# -- values -----------------------------------------------------------------------------------------
def test_states_and_actions_are_plain_values():
    state = play(GAME.initial_state(), "e2e4", "c7c5")
    assert pickle.loads(pickle.dumps(state)) == state
    assert GAME.view(state, 1) == state == GAME.view(state, None)
    assert all(isinstance(a, str) for a in GAME.legal_actions(state, 0))
    for action in GAME.legal_actions(state, 0):
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action


def test_why_illegal_never_accepts_a_legal_move():
    """For every from-to pair the explainer is asked about, a legal move is never explained away
    and every refusal names a law."""
    gen = SplitMix64(5)
    state = GAME.initial_state()
    for _ in range(60):
        legal = set(GAME.legal_actions(state, state.turn))
        if not legal:
            break
        board = state.board
        for frm in range(64):
            for to in range(0, 64, 3):
                text = chess.square_name(frm) + chess.square_name(to)
                if text in legal or frm == to:
                    continue
                why = why_illegal(board, text)
                assert why.rule and why.rule.startswith("chess#"), text
        moves = [a for a in legal if a != CLAIM]
        state = GAME.apply(state, moves[gen.below(len(moves))])


# -- a game set up from a FEN, and the clock ------------------------------------------------------
class FakeTime:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_a_game_set_up_from_a_fen_exports_its_setup_in_pgn():
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    session = Session(GAME, seed=1, human_seats=(0, 1), setup=fen)
    session.play("e2e4")
    pgn = to_pgn(session.state)
    assert '[SetUp "1"]' in pgn and f'[FEN "{fen}"]' in pgn
    assert from_pgn(pgn).start == fen


def test_a_lesson_set_up_is_known_by_its_position():
    lesson = LESSONS["lasker-6-black"]
    assert lesson_of(GAME.setup_state("lasker-6-black")) == lesson
    assert lesson_of(GAME.setup_state(lesson.fen)) == lesson
    assert lesson_of(GAME.initial_state({"start": "lasker-6-white"})) == LESSONS["lasker-6-white"]
    assert lesson_of(GAME.initial_state({"start": "lasker-6-black"})) == lesson
    assert lesson_of(GAME.initial_state()) is None


def test_a_flag_cannot_fall_without_a_clock():
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(GAME.initial_state(), FLAG)
    assert refused.value.rule == rule_ref("chess", "the-clock")
    assert FLAG not in GAME.legal_actions(GAME.initial_state({"clock": "5+0"}), 0)


def test_the_fall_of_the_flag_loses_the_game_on_time():
    state = play(GAME.initial_state({"clock": "15+10"}), "e2e4", "e7e5")
    assert state.timed
    over = GAME.apply(state, GAME.action_from_str(state, "flag"))
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.results == (0.0, 1.0)
    assert "White's time is up" in outcome.reason and outcome.rule == rule_ref("chess", "the-clock")
    assert GAME.to_move(over) is Special.TERMINAL


def test_the_flag_draws_when_the_opponent_cannot_mate():
    # Black to move and out of time, but White has a lone king: no mate is possible
    timed = GAME.setup_state("4k3/3q4/8/8/8/8/8/K7 b - - 0 1", {"clock": "5+0"})
    outcome = GAME.outcome(GAME.apply(timed, FLAG))
    assert outcome is not None and outcome.results == (0.5, 0.5)
    assert "not the men to mate" in outcome.reason
    # the same fall with a White rook on the board is a loss
    rook = GAME.setup_state("4k3/3q4/8/8/8/8/8/K2R4 b - - 0 1", {"clock": "5+0"})
    assert GAME.outcome(GAME.apply(rook, FLAG)).results == (1.0, 0.0)


def test_a_flag_in_the_record_replays_the_same_end():
    session = Session(GAME, {"clock": "5+0"}, seed=2, human_seats=(0, 1))
    session.play("e2e4")
    session.play("flag")
    back = Session.from_record(records.loads(records.dumps(session.record())))
    assert back.outcome() == session.outcome() and back.actions_text == ("e2e4", "flag")


@pytest.mark.parametrize("text,control", [
    ("none", None), ("5+0", TimeControl(5, 0)), ("15", TimeControl(15, 0)),
    ("15+10", TimeControl(15, 10)), ("15|10", TimeControl(15, 10))])
def test_time_controls_read(text, control):
    assert time_control(text) == control


@pytest.mark.parametrize("text", ["0", "fast", "15+", "-5"])
def test_bad_time_controls_are_quoted(text):
    with pytest.raises(NotationError) as refused:
        time_control(text)
    assert repr(text) in str(refused.value)


def test_the_clock_runs_for_one_side_at_a_time_with_the_increment():
    now = FakeTime()
    clock = GameClock(TimeControl(1, 5), now)
    clock.run(0)
    now.t += 12.5
    assert clock.left(0) == 47_500 and clock.left(1) == 60_000
    clock.moved(0)                 # White's move: five seconds added, Black's clock starts
    clock.run(1)
    assert clock.left(0) == 52_500
    now.t += 3
    assert clock.left(1) == 57_000
    clock.run(None)                # paused: time passes, no clock moves
    now.t += 100
    assert clock.snapshot() == (52_500, 57_000) and clock.fallen() is None
    clock.run(1)
    now.t += 57
    assert clock.fallen() == 1 and clock.left(1) == 0
    clock.moved(1)                 # no increment once the flag has fallen
    assert clock.left(1) == 0


def test_a_clock_resumes_from_saved_times():
    clock = GameClock(TimeControl(5), FakeTime(), left=(12_345, 6_789))
    assert clock.snapshot() == (12_345, 6_789)
    with pytest.raises(ValueError):
        GameClock(TimeControl(5), FakeTime(), left=(1, 2, 3))


@pytest.mark.parametrize("ms,text", [(900_000, "15:00"), (247_000, "4:07"), (246_001, "4:07"),
                                     (10_000, "0:10"), (8_450, "0:08.4"), (0, "0:00.0"),
                                     (3_600_000, "1:00:00")])
def test_clock_faces(ms, text):
    assert clock_text(ms) == text


# -- the fast paths of random play ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_the_board_apply_hands_over_is_the_board_its_fen_parses_to(seed):
    """``apply`` keeps the board it moved on for the next look at the position and writes its FEN
    from the bitboards: over random games (castling, en passant, promotions) that FEN is
    python-chess's own, and the board kept is the board parsing it gives, move for move."""
    gen = SplitMix64(seed)
    state = GAME.initial_state()
    for _ in range(300):
        legal = [a for a in GAME.legal_actions(state, state.turn) if a != CLAIM]
        if GAME.to_move(state) is Special.TERMINAL or not legal:
            break
        state = GAME.apply(state, legal[gen.below(len(legal))])
        kept = chess_game._board(state.fen)
        parsed = chess.Board(state.fen)
        assert kept.fen() == parsed.fen() == state.fen
        assert kept.ep_square == parsed.ep_square
        assert kept.castling_rights == parsed.castling_rights and not kept.move_stack
        assert [m.uci() for m in kept.legal_moves] == [m.uci() for m in parsed.legal_moves]
        if GAME.to_move(state) is not Special.TERMINAL:
            moves = [a for a in GAME.legal_actions(state, state.turn) if a != CLAIM]
            assert moves == [m.uci() for m in parsed.legal_moves]
