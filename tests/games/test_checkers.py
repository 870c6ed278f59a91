"""Checkers (English draughts): the moves, captures, crowning, huffing and draws, each refusal
with the law that decides it; move counts against the published figures; PDN; the lessons."""
from __future__ import annotations

import pytest

from compendium.core import records
from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.board.checkers import (
    BLACK,
    GAME,
    LESSONS,
    QUIET_PLIES_FOR_CLAIM,
    STANDARD_FEN,
    WHITE,
    CheckersState,
    Draw,
    Huff,
    Insist,
    Move,
    dark_square,
    lesson_options,
    parse_fen,
    perft,
    read_pdn,
    replay_pdn,
    square_rc,
    to_fen,
    write_pdn,
)

from .conformance import refusal


def pos(fen: str, *, huffing: bool = False, **fields) -> CheckersState:
    black, white, kings, side = parse_fen(fen)
    return CheckersState(black, white, kings, side, huffing=huffing, **fields)


def texts(state: CheckersState) -> list[str]:
    seat = GAME.to_move(state)
    return [GAME.action_to_str(a) for a in GAME.legal_actions(state, seat)]


def play(state: CheckersState, *moves: str) -> CheckersState:
    for text in moves:
        state = GAME.apply(state, GAME.action_from_str(state, text))
    return state


# -- the board ------------------------------------------------------------------------------
def test_numbering_puts_square_1_in_blacks_right_hand_corner():
    assert square_rc(1) == (0, 1) and square_rc(4) == (0, 7) and square_rc(5) == (1, 0)
    assert square_rc(29) == (7, 0) and square_rc(32) == (7, 6)
    # each player has a playing square at his left-hand corner (a1 for White, h8 for Black)
    assert dark_square(7, 0) == 29 and dark_square(0, 7) == 4


def test_the_start_black_on_1_to_12_white_on_21_to_32_black_moves_first():
    state = GAME.initial_state()
    assert to_fen(state.black, state.white, state.kings, state.turn) == STANDARD_FEN
    assert GAME.to_move(state) == BLACK
    assert texts(state) == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16",
                            "offer draw"]


# -- perft against the published figures ------------------------------------------------------
@pytest.mark.parametrize("depth, count", [(1, 7), (2, 49), (3, 302), (4, 1469), (5, 7361),
                                          (6, 36768), (7, 179740)])
def test_perft_from_the_start_matches_the_published_figures(depth, count):
    assert perft(*parse_fen(STANDARD_FEN), depth) == count


def test_perft_counts_what_legal_actions_offers():
    """The fast counter and the engine's own legal moves agree two moves deep."""
    state = play(GAME.initial_state(), "11-15", "23-19", "8-11", "22-17")
    total = 0
    for a in GAME.legal_actions(state, BLACK):
        if isinstance(a, Move):
            after = GAME.apply(state, a)
            total += sum(isinstance(b, Move) for b in GAME.legal_actions(after, WHITE))
    assert total == perft(state.black, state.white, state.kings, state.turn, 2)


# -- legal actions ------------------------------------------------------------------------------
def test_legal_a_man_steps_diagonally_forward():
    state = play(GAME.initial_state(), "11-15")
    assert state.piece_at(15) == "b" and not state.piece_at(11) and state.turn == WHITE
    assert "22-18" in texts(state) and "23-19" in texts(state)


def test_legal_a_capture_takes_the_piece_leapt_over():
    state = pos("B:W19:B15")
    after = play(state, "15x24")
    assert after.piece_at(24) == "b" and not after.piece_at(19) and not after.piece_at(15)


def test_legal_a_multiple_jump_is_one_move_and_named_by_every_landing():
    state = pos("B:W19,27:B15,1")
    assert texts(state)[0] == "15x24x31"
    after = play(state, "15x24x31")
    assert not after.white and after.piece_at(31) == "B"     # and crowned on the far row
    # a record may give only its ends; when only one capture fits it is read so
    assert GAME.action_from_str(state, "15x31") == Move((15, 24, 31), True)


def test_legal_a_king_moves_and_captures_backwards():
    state = pos("W:WK18:B22,1")
    assert texts(state) == ["18x25", "offer draw"]         # backwards, and compulsory
    quiet = pos("W:WK18:B1")
    assert {"18-14", "18-15", "18-22", "18-23"} <= set(texts(quiet))


def test_legal_crowning_ends_the_move():
    # 22x31 crowns; as a king the piece could leap on over 27 to 24, but the move ends there
    state = pos("B:W26,27:B22,1")
    assert [t for t in texts(state) if "x" in t] == ["22x31"]
    after = play(state, "22x31")
    assert after.piece_at(31) == "B" and after.turn == WHITE and after.piece_at(27) == "w"


def test_legal_the_huffing_rule_lets_a_capture_pass_and_the_opponent_huff_or_insist():
    state = pos("B:W19,30:B15,10,5", huffing=True)
    assert {"15x24", "15-18", "5-9"} <= set(texts(state))         # passing it by is allowed
    passed = play(state, "5-9")
    assert passed.huffable == (15,) and passed.turn == WHITE
    assert {"huff 15", "insist"} <= set(texts(passed))
    huffed = play(passed, "huff 15")
    assert not huffed.piece_at(15) and huffed.turn == WHITE and not huffed.huffable
    insisted = play(passed, "insist")
    assert insisted.turn == BLACK and insisted.piece_at(5) == "b" and insisted.must_take
    assert [t for t in texts(insisted) if "draw" not in t] == ["15x24"]
    forgiven = play(passed, "30-26")
    assert not forgiven.huffable and forgiven.before is None


def test_legal_the_moved_man_itself_may_be_huffed_on_its_new_square():
    state = pos("B:W19,30:B15", huffing=True)
    passed = play(state, "15-18")       # the man that could have taken moves away
    assert passed.huffable == (18,)


def test_legal_draw_by_agreement():
    state = GAME.initial_state()
    offered = play(state, "offer draw")
    assert GAME.to_move(offered) == WHITE and texts(offered) == ["accept draw", "decline draw"]
    declined = play(offered, "decline draw")
    assert GAME.to_move(declined) == BLACK and "offer draw" not in texts(declined)
    drawn = play(offered, "accept draw")
    assert GAME.is_terminal(drawn)
    assert GAME.outcome(drawn).results == (0.5, 0.5)
    assert GAME.outcome(drawn).rule == "checkers#draws"


def test_legal_the_forty_move_claim_after_eighty_quiet_single_moves():
    state = pos("B:WK29:BK4")
    for n in range(QUIET_PLIES_FOR_CLAIM):
        assert "claim draw" not in texts(state), n
        # the kings shuffle: 4-8-4..., 29-25-29...
        a = {4: "4-8", 8: "8-4", 29: "29-25", 25: "25-29"}
        sq = next(s for s in a if state.piece_at(s) and (state.piece_at(s) == "B") == (state.turn == BLACK))
        state = play(state, a[sq])
    assert state.quiet == QUIET_PLIES_FOR_CLAIM
    assert "claim draw" in texts(state)
    drawn = play(state, "claim draw")
    assert GAME.outcome(drawn).reason == "drawn on the forty-move claim"


def test_the_forty_move_count_restarts_at_a_man_move_and_a_capture():
    state = pos("B:WK29:B9", quiet=50)
    assert play(state, "9-13").quiet == 0
    kings = pos("B:WK29:BK4", quiet=50)
    assert play(kings, "4-8").quiet == 51
    take = pos("B:W14,K29:BK10", quiet=50)
    assert play(take, "10x17").quiet == 0


# -- illegal actions, each with its law ----------------------------------------------------------
def test_illegal_a_man_moving_backwards():
    state = pos("B:W30:B15")
    err = refusal(GAME, state, "15-11")
    assert err.rule == "checkers#moving-a-man" and "backwards" in str(err)


def test_illegal_not_capturing_when_obliged():
    state = pos("B:W19:B15,1")
    err = refusal(GAME, state, "1-6")
    assert err.rule == "checkers#compulsory-capture" and "15x24" in str(err)


def test_illegal_stopping_a_multiple_jump_early():
    state = pos("B:W19,27:B15,1")
    err = refusal(GAME, state, Move((15, 24), True))
    assert err.rule == "checkers#multiple-jumps" and "24" in str(err)


def test_illegal_a_light_square():
    with pytest.raises(IllegalAction) as info:
        dark_square(0, 0)
    assert info.value.rule == "checkers#the-board-and-the-numbering"


def test_illegal_moving_the_opponents_piece():
    err = refusal(GAME, GAME.initial_state(), "22-18")
    assert err.rule == "checkers#the-play" and "White" in str(err)


def test_illegal_sideways_and_long_moves():
    state = pos("B:W30:B15")
    assert refusal(GAME, state, "15-16").rule == "checkers#moving-a-man"       # sideways
    assert refusal(GAME, state, "15-22").rule == "checkers#capturing"          # a leap over nothing


def test_illegal_onto_an_occupied_square():
    err = refusal(GAME, GAME.initial_state(), "5-9")
    assert err.rule == "checkers#moving-a-man" and "occupied" in str(err)


def test_illegal_leaping_on_after_crowning():
    state = pos("B:W26,27:B22")
    err = refusal(GAME, state, Move((22, 31, 24), True))
    assert err.rule == "checkers#crowning"
    # the refusal for leaping over one's own piece or an empty square cites capturing
    err2 = refusal(GAME, pos("B:W30:B15,19"), Move((15, 24), True))
    assert err2.rule == "checkers#capturing"


def test_illegal_huffing_without_an_omission_and_claiming_too_soon():
    state = pos("B:W19,30:B15,1", huffing=True)
    assert refusal(GAME, state, Huff(19)).rule == "checkers#huffing-the-old-rule"
    assert refusal(GAME, state, Insist()).rule == "checkers#huffing-the-old-rule"
    err = refusal(GAME, state, Draw("claim"))
    assert err.rule == "checkers#draws" and "forty" in str(err)
    assert refusal(GAME, state, Draw("accept")).rule == "checkers#draws"


def test_illegal_anything_but_an_answer_while_a_draw_is_offered():
    offered = play(GAME.initial_state(), "offer draw")
    assert refusal(GAME, offered, "22-18").rule == "checkers#draws"


def test_illegal_a_move_after_insisting_must_be_the_capture():
    passed = play(pos("B:W19,30:B15,10,5", huffing=True), "5-9")
    insisted = play(passed, "insist")
    assert refusal(GAME, insisted, "10-14").rule == "checkers#huffing-the-old-rule"


def test_illegal_after_the_end():
    over = pos("B:W18:B")
    assert GAME.is_terminal(over)
    assert refusal(GAME, over, Move((18, 14))).rule == "checkers#end-of-the-game"


# -- the end -------------------------------------------------------------------------------------
def test_a_side_with_no_pieces_loses():
    after = play(pos("B:W19:B15"), "15x24")
    assert GAME.is_terminal(after)
    out = GAME.outcome(after)
    assert out.results == (1.0, 0.0) and out.rule == "checkers#winning"
    assert "no pieces" in out.reason


def test_a_side_that_cannot_move_loses():
    # White's man on 29 is blocked by Black's men on 25 and... 29 can only go to 25.
    state = pos("W:W29:B25,22")
    assert GAME.is_terminal(state)
    out = GAME.outcome(state)
    assert out.results == (1.0, 0.0) and "cannot move" in out.reason


# -- notation and positions ----------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["11--15", "0-4", "33-29", "eleven", "11-15-19", ""])
def test_bad_move_text_is_refused_quoting_it(bad):
    with pytest.raises(NotationError) as info:
        GAME.action_from_str(GAME.initial_state(), bad)
    assert repr(bad) in str(info.value)


def test_action_texts_round_trip():
    state = pos("B:W19,30:B15,1", huffing=True)
    for action in GAME.legal_actions(state, BLACK):
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action
    assert GAME.action_from_str(state, "Huff 15") == Huff(15)
    assert GAME.action_from_str(state, "claim a draw") == Draw("claim")


def test_an_ambiguous_short_capture_names_the_choices():
    # a king ringed by four men can leap round them either way and come back to its square
    loop = pos("B:W14,15,22,23:BK10")
    jumps = [a for a in GAME.legal_actions(loop, BLACK) if isinstance(a, Move) and a.jump]
    ends = {(m.start, m.end) for m in jumps}
    twice = [e for e in ends if sum((m.start, m.end) == e for m in jumps) > 1]
    assert twice, [GAME.action_to_str(m) for m in jumps]
    start, end = twice[0]
    with pytest.raises(NotationError) as info:
        GAME.action_from_str(loop, f"{start}x{end}")
    assert "ambiguous" in str(info.value) and "10x17x26x19x10" in str(info.value)


@pytest.mark.parametrize("bad", ["X:W1:B2", "B:W1,1:B2", "B:W1:B1", "B:W40:B2", "B:Wk:B2",
                                 "B:W1", "B:W1:W2"])
def test_bad_positions_are_refused_quoting_them(bad):
    with pytest.raises(NotationError) as info:
        parse_fen(bad)
    assert repr(bad) in str(info.value)


def test_positions_read_ranges_and_kings():
    black, white, kings, side = parse_fen('[FEN "W:W21-32:B1-12,K15"]')
    assert side == WHITE and black.bit_count() == 13 and white.bit_count() == 12
    assert to_fen(black, white, kings, side).startswith("W:W21,22")
    assert "K15" in to_fen(black, white, kings, side)


# -- PDN --------------------------------------------------------------------------------------------
def test_pdn_export_and_import_round_trip_with_huffs_in_comments():
    options = {"capture": "huff"}
    session = Session(GAME, options, seed=1)
    for text in ("11-15", "22-18", "9-13", "huff 15", "23-19", "13-17", "offer draw",
                 "decline draw", "21x14"):
        session.play(text)
    pdn = write_pdn(session.options, session.actions_text, session.outcome(),
                    {"Event": "Test"})
    assert '[GameType "21"]' in pdn and "{huff 15}" in pdn and "1. 11-15 22-18" in pdn
    game = read_pdn(pdn)
    assert game.actions == session.actions_text and game.tags["Event"] == "Test"
    states = replay_pdn(game, capture="huff")
    assert states[-1] == session.state


def test_pdn_reads_numbers_comments_variations_and_short_captures():
    text = ('[Event "Club"]\n[Result "1-0"]\n\n1. 11-15 {a comment} 22-18 2. 15x22 '
            '(2. 9-14 24-19) 25x18 3. 8-11! 29-25 1-0\n')
    game = read_pdn(text)
    assert game.actions == ("11-15", "22-18", "15x22", "25x18", "8-11", "29-25")
    assert game.result == "1-0" and game.setup is None
    assert len(replay_pdn(game)) == 7


def test_pdn_with_a_setup_position_and_a_lesson():
    lesson = LESSONS[0]
    game = read_pdn(f'[FEN "{lesson.fen}"]\n\n1... 23-27 2. 28-32 *')
    states = replay_pdn(game)
    assert states[0].start == lesson.key and len(states) == 3
    other = read_pdn('[FEN "B:W18,K30:B10,K1"]\n\n1. 10-14 *')
    assert replay_pdn(other)[0].start == "setup"


@pytest.mark.parametrize("bad, quoted", [
    ('[Event "x"\n\n1. 11-15', '[Event "x"'),
    ("1. 11-15 eleven 2. 9-14", "eleven"),
    ('[FEN "Q:W1:B2"]\n\n1. 2-6', "Q:W1:B2"),
    ("1. 11-15 {never closed", "{never closed"),
])
def test_bad_pdn_is_refused_quoting_it(bad, quoted):
    with pytest.raises(NotationError) as info:
        read_pdn(bad)
    assert quoted in str(info.value)


def test_an_illegal_move_in_pdn_names_its_place():
    with pytest.raises(NotationError) as info:
        replay_pdn(read_pdn("1. 11-15 22-18 2. 15-11"))
    assert "move 3" in str(info.value) and "'15-11'" in str(info.value)


def test_a_setup_option_survives_save_and_load(tmp_path):
    session = Session(GAME, {"setup": "B:W18,K30:B10,K1"}, seed=0)
    session.play("10-14")
    path = tmp_path / "g.json"
    records.save(path, session.record())
    again = Session.from_record(records.loads(records.read_text(path)))
    assert again.state == session.state
    with pytest.raises(NotationError):
        GAME.resolve_options({"setup": "nonsense"})


# -- the elementary positions ------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.key)
def test_each_lesson_loads_with_the_winner_to_move_and_its_line_is_legal(lesson):
    state = GAME.initial_state(lesson_options(lesson.key))
    assert to_fen(state.black, state.white, state.kings, state.turn) == to_fen(*parse_fen(lesson.fen))
    assert GAME.to_move(state) == lesson.winner
    for text in lesson.line:
        state = GAME.apply(state, GAME.action_from_str(state, text))
    assert not GAME.is_terminal(state)


def test_first_position_reaches_lasker_diagram_94():
    """After 23-27 28-32 19-23 32-28 27-32 28-24 23-18 the kings stand on 18 and 32 against the
    king on 24 and the man on 12 (Lasker's Diagram 94), Black to move."""
    state = GAME.initial_state(lesson_options("first"))
    state = play(state, *LESSONS[0].line)
    assert to_fen(state.black, state.white, state.kings, state.turn) == "B:WK18,K32:B12,K24"


def test_second_position_wins_a_king_by_the_exchange_on_move_thirty():
    state = GAME.initial_state(lesson_options("second"))
    line = LESSONS[1].line
    at = line.index("22-17")
    before = play(state, *line[:at])
    after = play(before, *line[at:at + 3])        # 22-17 5x14 17x10: a king for a king
    assert (before.white & before.kings).bit_count() - (after.white & after.kings).bit_count() == 1
    assert (before.black & before.kings).bit_count() - (after.black & after.kings).bit_count() == 1


def test_the_game_is_registered_with_its_table():
    from compendium.games import registry
    assert registry.get_game("checkers") is GAME
    assert registry.get_game("draughts") is GAME
    assert GAME.table_kind == "checkers"
    assert Special.TERMINAL is not GAME.to_move(GAME.initial_state())


# -- a game set up from a position (the session's set-up, record format 2) ---------------------------
def test_a_set_up_game_is_the_same_as_the_old_setup_option():
    old = Session(GAME, {"setup": "B:W18,K30:B10,K1"}, seed=0)        # how older records said it
    new = Session(GAME, seed=0, setup="B:W18,K30:B10,K1")
    assert new.state == old.state and new.state.start == "setup"
    assert Session(GAME, setup=LESSONS[0].fen).state.start == LESSONS[0].key


def test_a_bad_set_up_is_quoted():
    with pytest.raises(NotationError, match="'nonsense'"):
        GAME.setup_state("nonsense")


def test_pdn_of_a_set_up_game_carries_its_fen():
    session = Session(GAME, seed=0, human_seats=(0, 1), setup="B:W18,K30:B10,K1")
    session.play("10-14")
    pdn = write_pdn(session.options, session.actions_text, setup=session.setup)
    assert f'[FEN "{to_fen(*parse_fen("B:W18,K30:B10,K1"))}"]' in pdn and "1. 10-14" in pdn
    assert replay_pdn(read_pdn(pdn))[-1] == session.state
