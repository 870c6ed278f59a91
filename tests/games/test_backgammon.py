"""Backgammon: the board of the book's Fig. 1, its laws with the rule each refusal cites, the
scoring, the notation and GNU Backgammon's position IDs."""
from __future__ import annotations

import itertools

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.games.board.backgammon import (
    BLACK,
    GAME,
    MEN,
    WHITE,
    BackgammonState,
    CubeAction,
    OpeningThrow,
    Phase,
    Play,
    Roll,
    ThrowAgain,
    TurnBuilder,
    parse_position_id,
    point_name,
    position_id,
    starting_board,
)
from tests.games.conformance import random_playout, refusal

R = "backgammon#"


def position(white: dict[int, int], black: dict[int, int], *, bar: tuple[int, int] = (0, 0),
             turn: int = WHITE, dice: tuple[int, int] | None = None,
             options: dict | None = None) -> BackgammonState:
    """A position from each side's own numbering; men not placed are borne off."""
    board = [0] * 24
    for p, n in white.items():
        board[p - 1] += n
    for p, n in black.items():
        assert board[24 - p] == 0
        board[24 - p] -= n
    off = (MEN - sum(white.values()) - bar[0], MEN - sum(black.values()) - bar[1])
    opts = tuple(sorted(GAME.resolve_options(options).items()))
    state = BackgammonState(board=tuple(board), bar=bar, off=off, phase=Phase.THROW, turn=turn,
                            opts=opts)
    if dice is not None:
        state = GAME.apply(state, Roll(*dice))
    return state


def start(dice: tuple[int, int], seat: int = WHITE, **options) -> BackgammonState:
    """The starting position with ``seat`` to play ``dice`` (not the opening throw)."""
    s = GAME.initial_state(options)
    return GAME.apply(BackgammonState(**{**{f: getattr(s, f) for f in s.__slots__},
                                         "phase": Phase.THROW, "turn": seat}), Roll(*dice))


def play(state: BackgammonState, text: str) -> BackgammonState:
    return GAME.apply(state, GAME.action_from_str(state, text))


def texts(state: BackgammonState) -> set[str]:
    return {GAME.play_text(state, a) for a in GAME.legal_actions(state, state.turn)
            if isinstance(a, Play)}


# -- the board of Fig. 1 ---------------------------------------------------------------------
def test_the_men_start_as_in_fig_1():
    s = GAME.initial_state()
    for seat in (WHITE, BLACK):
        assert {p: s.men_on(seat, p) for p in range(1, 25) if s.men_on(seat, p)} == \
            {24: 2, 13: 5, 8: 3, 6: 5}
        assert s.pips(seat) == 167
    # Black's men stand on the points facing White's: White's 24-point is Black's ace point.
    assert s.board == starting_board() and s.board[23] == 2 and s.board[0] == -2
    assert point_name(WHITE, 24) == "Black's ace point (inner table)"
    assert point_name(WHITE, 13) == "Black's six point (outer table)"
    assert point_name(WHITE, 8) == "White's deuce point (outer table)"
    assert point_name(WHITE, 7) == "White's bar point (outer table)"
    assert point_name(BLACK, 6) == "Black's six point (inner table)"


# -- the first throw -------------------------------------------------------------------------
def test_the_first_throw_one_die_each_a_tie_throws_again():
    s = GAME.initial_state()
    assert GAME.to_move(s) is Special.CHANCE
    tie = GAME.apply(s, OpeningThrow(4, 4))
    assert tie.phase is Phase.OPENING and tie.opening_tie == 4
    black = GAME.apply(tie, OpeningThrow(2, 5))
    assert black.turn == BLACK and black.dice == (5, 2) and GAME.to_move(black) == BLACK
    assert GAME.describe(tie, OpeningThrow(2, 5)).endswith("Black begins")


def test_the_book_lets_the_winner_throw_again():
    s = GAME.apply(GAME.initial_state(), OpeningThrow(2, 1))
    assert ThrowAgain() in GAME.legal_actions(s, WHITE)
    again = GAME.apply(s, ThrowAgain())
    assert again.phase is Phase.THROW and again.turn == WHITE
    assert GAME.action_from_str(s, "throw again") == ThrowAgain()


def test_the_modern_rule_plays_the_first_throw():
    s = GAME.apply(GAME.initial_state({"opening": "modern"}), OpeningThrow(2, 1))
    assert ThrowAgain() not in GAME.legal_actions(s, WHITE)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, ThrowAgain())
    assert info.value.rule == R + "the-first-throw"


def test_a_session_records_the_throws_and_undo_never_throws_again():
    session = Session(GAME, seed=11)
    first = session.actions_text[0]
    assert first.startswith("opening ")
    while session.to_move() != WHITE:
        session.play(ai_hint(GAME, session.state, session.to_move()))
    before = session.state
    session.play(ai_hint(GAME, session.state, WHITE))
    after, texts_after = session.state, session.actions_text
    assert any(t.startswith("roll ") for t in texts_after)
    session.undo()
    assert session.state == before
    session.redo()
    assert session.state == after and session.actions_text == texts_after


# -- legal plays ------------------------------------------------------------------------------
def test_legal_three_one_makes_the_five_point():
    s = start((3, 1))
    assert "8/5 6/5" in texts(s)
    after = play(s, "8/5 6/5")
    assert after.men_on(WHITE, 5) == 2 and after.men_on(WHITE, 8) == 2
    assert after.turn == BLACK and after.phase is Phase.THROW
    assert len(GAME.legal_actions(s, WHITE)) == 16


def test_legal_one_man_moves_with_both_dice_in_one_stroke():
    s = start((6, 5))
    after = play(s, "24/13")   # the lover's leap, written in one stroke
    assert after == play(s, "24/18 18/13") == play(s, "24/18/13")
    assert after.men_on(WHITE, 13) == 6 and after.men_on(WHITE, 24) == 1


def test_legal_hitting_a_blot_sends_it_to_the_bar():
    # Black's 18-point is White's bar point (7): a Black blot stands there.
    s = position({13: 2, 6: 3}, {18: 1, 1: 2}, dice=(6, 1))
    assert "13/7*/6" in texts(s)
    after = play(s, "13/7* 13/12")
    assert after.bar == (0, 1) and after.men_on(WHITE, 7) == 1
    # The star may be left out: landing on a blot always hits it.
    assert GAME.play_text(s, GAME.action_from_str(s, "13/7 13/12")) == "13/12 13/7*"


def test_legal_entering_from_the_bar_hits_on_entry():
    s = position({6: 5, 8: 3}, {6: 5, 20: 1}, bar=(1, 0), dice=(5, 3))
    # White's 20-point is Black's 5-point: the Black blot there is hit as White enters with the 5.
    after = play(s, "bar/20* 8/5")
    assert after.bar == (0, 1) and after.men_on(WHITE, 20) == 1


def test_legal_doublets_are_played_four_times():
    s = start((3, 3))
    after = play(s, "8/5(2) 6/3(2)")
    assert after.men_on(WHITE, 5) == 2 and after.men_on(WHITE, 3) == 2
    assert after.pips(WHITE) == 167 - 12
    assert all(len(a.hops) == 4 for a in GAME.legal_actions(s, WHITE))


def test_legal_bearing_off_with_a_higher_die_from_the_highest_point():
    s = position({4: 1, 2: 2}, {24: 2}, dice=(6, 5))
    assert texts(s) == {"4/off 2/off"}
    after = play(s, "4/off 2/off")
    assert after.off[WHITE] == 14


def test_legal_only_the_larger_die_when_one_die_only_can_be_played():
    # One White man on 13; Black holds White's 2-point, so 13/7/2 and 13/8/2 are barred.
    s = position({13: 1}, {23: 2, 1: 1}, dice=(6, 5))
    assert texts(s) == {"13/7"}


def test_a_throw_that_cannot_be_played_is_lost():
    # Black's home table is closed: White on the bar cannot enter; the turn passes.
    closed = {p: 2 for p in range(1, 7)}
    s = position({6: 5}, closed, bar=(1, 0), dice=(6, 6))
    assert s.phase is Phase.THROW and s.turn == BLACK and s.lost == (WHITE, 6, 6)


# -- illegal plays, each with its law --------------------------------------------------------
def test_illegal_another_man_before_entering_from_the_bar():
    s = position({6: 5, 8: 3}, {6: 5}, bar=(1, 0), dice=(6, 3))
    err = refusal(GAME, s, "8/2 6/3")
    assert err.rule == R + "entering-from-the-bar" and "bar must enter" in err.reason
    # Written in any order, a play that enters first is the same play.
    assert play(s, "8/2 bar/22") == play(s, "bar/22 8/2")


def test_illegal_landing_on_a_point_held_by_two_enemy_men():
    s = start((6, 5))
    err = refusal(GAME, s, "24/19 13/7")    # White's 19-point is Black's six point: five men
    assert err.rule == R + "blots-and-hitting" and "point 19" in err.reason


def test_illegal_playing_one_die_when_both_can_be_played():
    err = refusal(GAME, start((3, 1)), "8/5")
    assert err.rule == R + "the-whole-throw-must-be-played" and "both dice" in err.reason


def test_illegal_the_smaller_die_when_only_one_can_be_played():
    s = position({13: 1}, {23: 2, 1: 1}, dice=(6, 5))
    err = refusal(GAME, s, "13/8")
    assert err.rule == R + "the-whole-throw-must-be-played" and "larger" in err.reason


def test_illegal_bearing_off_with_a_man_outside_the_home_table():
    s = position({7: 1, 6: 4, 2: 3}, {24: 2}, dice=(6, 1))
    assert play(s, "6/off 7/6") == play(s, "7/6 6/off")   # home first, then off: legal
    err = refusal(GAME, s, "6/off 2/1")
    assert err.rule == R + "bearing-off" and "all fifteen" in err.reason


def test_illegal_a_higher_die_from_below_the_highest_man():
    s = position({5: 1, 3: 2}, {24: 2}, dice=(6, 1))
    err = refusal(GAME, s, "3/off 5/4")
    assert err.rule == R + "bearing-off" and "higher point" in err.reason


def test_illegal_doublets_played_fewer_than_four_times():
    err = refusal(GAME, start((4, 4)), "13/9(2)")
    assert err.rule == R + "doublets" and "four times" in err.reason


def test_illegal_moving_backwards_or_from_an_empty_point():
    s = start((3, 1))
    assert refusal(GAME, s, "6/9 8/7").rule == R + "moving-the-men"
    assert refusal(GAME, s, "4/1 6/5").rule == R + "moving-the-men"
    assert refusal(GAME, s, "13/18/22").rule == R + "moving-the-men"
    assert refusal(GAME, s, "8/3").rule == R + "moving-the-men"   # no die nor both make five
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, Roll(3, 3))
    assert info.value.rule == R + "moving-the-men"


# -- scoring ----------------------------------------------------------------------------------
def finish(white: dict[int, int], black: dict[int, int], dice=(6, 5), text="1/off 1/off", **kw):
    s = position(white, black, dice=dice, **kw)
    return GAME.apply(s, GAME.action_from_str(s, text))


def test_a_single_game_scores_one():
    end = finish({1: 2}, {6: 5, 5: 5})          # Black has borne off five men
    out = GAME.outcome(end)
    assert GAME.to_move(end) is Special.TERMINAL
    assert out.results == (1.0, 0.0) and out.scores == (1, 0) and out.rule == R + "scoring"
    assert "single game" in out.reason


def test_a_gammon_scores_two():
    end = finish({1: 2}, {6: 5, 5: 5, 8: 5})     # Black has borne off none, none in White's table
    out = GAME.outcome(end)
    assert out.scores == (2, 0) and "gammon" in out.reason
    assert GAME.score_events(end)[0].points == 2


def test_a_backgammon_scores_three():
    end = finish({1: 2}, {6: 5, 8: 5, 19: 5})    # Black's 19-point lies in White's inner table
    assert GAME.outcome(end).scores == (3, 0) and "a backgammon" in GAME.outcome(end).reason
    bar = finish({1: 2}, {6: 5, 8: 9}, bar=(0, 1))
    assert GAME.outcome(bar).scores == (3, 0)


def test_the_cube_multiplies_and_a_drop_ends_the_game():
    opts = {"cube": True}
    s = position({1: 2}, {6: 5, 8: 10}, options=opts)
    s = GAME.apply(s, CubeAction("no double")) if s.phase is Phase.CUBE else s
    assert s.phase is Phase.THROW
    s = position({1: 2}, {6: 5, 8: 10}, options=opts)
    s = BackgammonState(**{**{f: getattr(s, f) for f in s.__slots__}, "phase": Phase.CUBE})
    offered = GAME.apply(s, CubeAction("double"))
    assert GAME.to_move(offered) == BLACK
    taken = GAME.apply(offered, CubeAction("take"))
    assert taken.cube == 2 and taken.cube_owner == BLACK and taken.phase is Phase.THROW
    end = GAME.apply(GAME.apply(taken, Roll(6, 5)), Play(((1, 0), (1, 0))))
    assert GAME.outcome(end).scores == (4, 0)     # a gammon at a cube of two
    dropped = GAME.apply(offered, CubeAction("drop"))
    out = GAME.outcome(dropped)
    assert out.scores == (1, 0) and out.rule == R + "the-doubling-cube"


def test_without_the_cube_option_no_double():
    s = start((3, 1))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, CubeAction("double"))
    assert info.value.rule == R + "the-doubling-cube"


# -- notation ---------------------------------------------------------------------------------
def test_the_notation_marks_hits_and_counts_repeats():
    s = position({13: 2, 6: 3}, {18: 1, 1: 2}, dice=(6, 6))
    t = texts(s)
    assert any("13/7*" in x for x in t)
    s = start((3, 3))
    assert GAME.play_text(s, GAME.action_from_str(s, "6/3 6/3 8/5 8/5")) == "8/5(2) 6/3(2)"


@pytest.mark.parametrize("bad", ["", "24-18", "24/", "25/26", "x/18", "off/3", "24/18(7)", "bar/off/3"])
def test_bad_move_text_is_refused_quoting_it(bad):
    with pytest.raises(NotationError) as info:
        GAME.action_from_str(start((6, 5)), bad)
    assert repr(bad) in str(info.value)


# -- GNU Backgammon position IDs -------------------------------------------------------------
def test_the_starting_position_id():
    assert position_id(GAME.initial_state()) == "4HPwATDgc/ABMA"
    s = parse_position_id("4HPwATDgc/ABMA")
    assert s.board == starting_board() and s.bar == (0, 0) and s.off == (0, 0)


def test_published_position_ids_read_as_gnubg_shows_them():
    # From GNU Backgammon's GammOnLine export: "fanar" on roll with 167 pips to "wells" 152,
    # to play double fours, moving 21/17*(2) 11/7(2).
    s = parse_position_id("sG/BgCGMM+YAIw", on_roll=WHITE)
    assert (s.pips(WHITE), s.pips(BLACK)) == (167, 152)
    s = GAME.apply(s, Roll(4, 4))
    assert "21/17*(2) 11/7(2)" in texts(s)
    assert position_id(parse_position_id("sG/BgCGMM+YAIw")) == "sG/BgCGMM+YAIw"
    # Another: Blue on roll with 107 pips, White 144.
    s = parse_position_id("bLsQwCE2dmMGAA", on_roll=BLACK)
    assert (s.pips(BLACK), s.pips(WHITE)) == (107, 144)
    assert position_id(s, BLACK) == "bLsQwCE2dmMGAA"


def test_position_ids_round_trip_through_a_game():
    seen = 0
    session = random_playout(GAME, 5, max_steps=200)
    for state in session._states:
        for seat in (WHITE, BLACK):
            again = parse_position_id(position_id(state, seat), on_roll=seat)
            assert (again.board, again.bar, again.off) == (state.board, state.bar, state.off)
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("bad", ["4HPwATDgc/ABM", "4HPwATDgc/AB!A", "//////////////", "AAAAAAAAAAAAAA"])
def test_bad_position_ids_are_refused_quoting_them(bad):
    with pytest.raises(NotationError) as info:
        parse_position_id(bad)
    assert repr(bad) in str(info.value)


# -- the move generator, checked against a plain one -----------------------------------------
def naive_results(state: BackgammonState) -> set[tuple[int, ...]]:
    """Every position the throw can reach, by trying every order of the dice and every man, with
    the laws written out again in the plainest way; then the whole-throw law."""
    from compendium.games.board.backgammon import _step
    r0 = state.rel(state.turn)
    dice = state.dice * 2 if state.dice[0] == state.dice[1] else state.dice
    ends: dict[tuple[int, ...], tuple[int, list[int]]] = {}

    def single(r, die):
        out = []
        if r[25] > 0:
            if r[25 - die] >= -1:
                out.append((25, 25 - die))
            return out
        home = all(r[p] <= 0 for p in range(7, 26))
        for src in range(1, 25):
            if r[src] <= 0:
                continue
            dst = src - die
            if dst > 0 and r[dst] >= -1:
                out.append((src, dst))
            elif dst == 0 and home:
                out.append((src, 0))
            elif dst < 0 and home and not any(r[p] > 0 for p in range(src + 1, 7)):
                out.append((src, 0))
        return out

    for order in set(itertools.permutations(dice)):
        def walk(r, k, used):
            moves = single(r, order[k]) if k < len(order) else []
            if not moves:
                if used and (r not in ends or len(used) > ends[r][0]):
                    ends[r] = (len(used), used)
                return
            for src, dst in moves:
                walk(_step(r, src, dst), k + 1, used + [order[k]])
        walk(r0, 0, [])
    most = max((n for n, _ in ends.values()), default=0)
    keep = {r: u for r, (n, u) in ends.items() if n == most}
    if most == 1 and state.dice[0] != state.dice[1] and any(u[0] == max(dice) for u in keep.values()):
        keep = {r: u for r, u in keep.items() if u[0] == max(dice)}
    return set(keep)


def test_the_generator_agrees_with_a_plain_search():
    checked = 0
    for seed in range(6):
        session = random_playout(GAME, 100 + seed, max_steps=150)
        for state in session._states:
            if state.phase is not Phase.MOVE:
                continue
            mine = {p.result for p in GAME.plays(state)}
            assert mine == naive_results(state), GAME.action_to_str(Play(GAME.plays(state)[0].hops))
            checked += 1
    assert checked > 200


# -- a turn built one man at a time ----------------------------------------------------------
def test_the_turn_builder_offers_only_moves_leading_to_a_legal_play():
    s = position({13: 1}, {23: 2, 1: 1}, dice=(6, 5))
    b = TurnBuilder(GAME, s)
    assert set(b.targets(13)) == {7}
    with pytest.raises(IllegalAction) as info:
        b.move(13, 8)
    assert info.value.rule == R + "the-whole-throw-must-be-played"
    b.move(13, 7)
    assert b.complete and GAME.apply(s, b.play()).men_on(WHITE, 7) == 1


def test_the_turn_builder_moves_and_takes_back_one_man():
    s = start((6, 5))
    b = TurnBuilder(GAME, s)
    assert set(b.targets(24)) == {18, 13}
    b.move(13, 7)
    assert not b.complete and b.dice_left == (5,)
    assert b.undo() is not None and b.dice_left == (6, 5)
    b.move(24, 13)
    assert b.complete and b.play() == Play(((24, 18), (18, 13)))
    with pytest.raises(IllegalAction) as info:
        TurnBuilder(GAME, s).move(24, 19)
    assert info.value.rule == R + "blots-and-hitting"


def test_random_games_end_with_a_score():
    for seed in range(3):
        session = random_playout(GAME, seed, max_steps=2000)
        out = session.outcome()
        assert out is not None and max(out.scores) in (1, 2, 3)
        s = session.state
        assert s.off[out.results.index(1.0)] == MEN


def test_the_turn_builder_refuses_a_man_that_would_strand_the_other_die():
    # From a game: 16/15 can be played alone, but after it the six cannot be, and both can.
    s = GAME.apply(parse_position_id("v3AQGQH/PQAoAA", on_roll=WHITE), Roll(6, 1))
    b = TurnBuilder(GAME, s)
    assert 15 not in b.targets(16)
    err = b.refusal(16, 15)
    assert err.rule == R + "the-whole-throw-must-be-played" and "both dice" in err.reason


# -- a game set up from a position ID (the session's set-up, record format 2) -----------------------
def test_setup_from_a_position_id_puts_the_player_on_roll_to_throw():
    state = GAME.setup_state("4HPwATDgc/ABMA")
    assert state.board == GAME.initial_state().board
    assert state.turn == WHITE and state.phase is Phase.THROW
    black = GAME.setup_state("Position ID: 4HPwATDgc/ABMA black")
    assert black.turn == BLACK and position_id(black) == "4HPwATDgc/ABMA"
    assert GAME.setup_state("4HPwATDgc/ABMA", {"cube": True}).phase is Phase.CUBE


def test_setup_refuses_a_bad_id_and_a_finished_game_quoting_them():
    with pytest.raises(NotationError, match="'4HPwATDgc'"):
        GAME.setup_state("4HPwATDgc")
    over = BackgammonState(board=tuple([0] * 23 + [-15]), off=(MEN, 0), phase=Phase.THROW,
                           turn=BLACK, opts=GAME.initial_state().opts)
    text = position_id(over, BLACK)
    with pytest.raises(NotationError, match="finished game"):
        GAME.setup_state(text + " Black")
