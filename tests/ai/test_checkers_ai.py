"""The computer's checkers: legal at every level, sees captures and shots, converts the
elementary positions, answers draw offers and huffs sensibly, and is deterministic."""
from __future__ import annotations

import pickle
import time

import pytest

from compendium.ai.board.checkers import LEVEL_BUDGETS, CheckersPlayer, evaluate
from compendium.ai.worker import decide
from compendium.core.rng import SplitMix64
from compendium.games.board.checkers import (
    BLACK,
    GAME,
    LESSONS,
    WHITE,
    CheckersState,
    Draw,
    Huff,
    Move,
    lesson_options,
    parse_fen,
)
from tests.games.conformance import random_playout


def pos(fen: str, **fields) -> CheckersState:
    black, white, kings, side = parse_fen(fen)
    return CheckersState(black, white, kings, side, **fields)


def choose(level: int, state: CheckersState):
    seat = GAME.to_move(state)
    return CheckersPlayer(level).choose(GAME, GAME.view(state, seat), GAME.legal_actions(state, seat))


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_plays_only_legal_actions(level):
    """Positions from random games, under both capture rules: the choice is always offered."""
    for seed, options in ((1, {}), (2, {"capture": "huff"}), (5, {})):
        session = random_playout(GAME, seed, max_steps=25 + 10 * seed, options=options)
        state = session.state
        seat = GAME.to_move(state)
        if not isinstance(seat, int):
            continue
        legal = GAME.legal_actions(state, seat)
        assert CheckersPlayer(level).choose(GAME, state, legal) in legal


def test_it_takes_the_double_jump_rather_than_the_single():
    # 14x23x32 takes two men (and crowns); 11x20 takes one and then loses the man on 14
    state = pos("B:W16,18,27:B11,14")
    moves = {GAME.action_to_str(a) for a in GAME.legal_actions(state, BLACK) if isinstance(a, Move)}
    assert moves == {"14x23x32", "11x20"}
    assert GAME.action_to_str(choose(2, state)) == "14x23x32"


def test_it_does_not_hang_a_man():
    # 12-16 would let White's 20 take it (20x11); the men on 9 can move in safety
    state = pos("B:W20,30:B9,12")
    assert GAME.action_to_str(choose(2, state)) != "12-16"


def test_it_finds_a_two_for_one_shot():
    """White gives a man (19-15); Black must take (10x19, stopped by the man on 26) and White's
    23 jumps two, 23x16x7, which here takes Black's last pieces."""
    state = pos("W:W18,19,23,26:B10,11")
    best = choose(2, state)
    assert best == Move((19, 15))
    after = GAME.apply(state, best)
    assert [GAME.action_to_str(a) for a in GAME.legal_actions(after, BLACK)
            if isinstance(a, Move)] == ["10x19"]
    after = GAME.apply(after, Move((10, 19), True))
    after = GAME.apply(after, Move((23, 16, 7), True))
    assert GAME.outcome(after).results == (0.0, 1.0)


def test_evaluation_is_symmetric():
    """The position mirrored (colours swapped, board turned) is worth the same to the other side."""
    def turn(mask: int) -> int:
        return int(f"{mask:032b}"[::-1], 2)     # square n <-> 33 - n
    gen = SplitMix64(9)
    for _ in range(200):
        squares = [gen.below(32) for _ in range(10)]
        black = white = kings = 0
        for i, sq in enumerate(dict.fromkeys(squares)):
            if i % 2:
                black |= 1 << sq
            else:
                white |= 1 << sq
            if gen.below(3) == 0:
                kings |= 1 << sq
        for side in (BLACK, WHITE):
            assert evaluate(black, white, kings, side) == evaluate(turn(white), turn(black), turn(kings), 1 - side)


def test_material_counts_and_a_king_is_worth_more_than_a_man():
    even = evaluate(*parse_fen("B:W22:B11"))
    assert evaluate(*parse_fen("B:W22:B11,9")) > even + 50
    assert evaluate(*parse_fen("B:W22:BK11")) > evaluate(*parse_fen("B:W22:B11"))


# -- draws and huffs ----------------------------------------------------------------------------
def test_it_accepts_a_draw_when_worse_and_declines_when_better():
    worse = pos("W:W22,23,24,K5:B3", offer=True)       # White offers; Black is far behind
    assert GAME.to_move(worse) == BLACK
    assert choose(2, worse) == Draw("accept")
    better = pos("W:W22:B3,6,7,K18", offer=True)       # White offers; Black is far ahead
    assert GAME.to_move(better) == BLACK
    assert choose(2, better) == Draw("decline")


def test_it_never_offers_a_draw_and_claims_one_only_when_not_winning():
    start = GAME.initial_state()
    assert choose(1, start) != Draw("offer")
    level_kings = pos("B:WK29:BK4", quiet=80)
    assert choose(2, level_kings) == Draw("claim")
    winning = pos("B:WK29:BK4,K8,K12", quiet=80)
    assert choose(2, winning) != Draw("claim")


def test_it_huffs_a_man_that_passed_a_capture_by():
    # White's 19 could have taken 19x10 but White played 25-22: huffing 19 wins a man, while
    # insisting would lose Black's 15 and ignoring it leaves 15 hanging.
    before = pos("W:W19,24,25,30:B15,5", huffing=True)
    assert "19x10" in [GAME.action_to_str(a) for a in GAME.legal_actions(before, WHITE)]
    passed = GAME.apply(before, Move((25, 22)))
    assert passed.huffable == (19,)
    assert choose(2, passed) == Huff(19)


def test_it_never_passes_a_capture_by_itself_under_the_huffing_rule():
    state = pos("B:W19,30:B15,10,5", huffing=True)
    assert choose(2, state) == Move((15, 24), True)


# -- the elementary positions ----------------------------------------------------------------------
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.key)
def test_the_winning_side_wins_each_lesson_against_a_beginners_defence(lesson):
    state = GAME.initial_state(lesson_options(lesson.key))
    winner, defender = CheckersPlayer(2), CheckersPlayer(1)
    for _ in range(200):
        seat = GAME.to_move(state)
        if not isinstance(seat, int):
            break
        player = winner if seat == lesson.winner else defender
        state = GAME.apply(state, player.choose(GAME, state, GAME.legal_actions(state, seat)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results[lesson.winner] == 1.0, outcome


# -- determinism, budgets and the worker --------------------------------------------------------------
def test_the_same_position_gets_the_same_answer():
    state = random_playout(GAME, 4, max_steps=16).state
    legal = GAME.legal_actions(state, GAME.to_move(state))
    assert len({CheckersPlayer(2).choose(GAME, state, legal) for _ in range(3)}) == 1


def test_levels_have_growing_budgets():
    assert LEVEL_BUDGETS[1].nodes < LEVEL_BUDGETS[2].nodes < LEVEL_BUDGETS[3].nodes
    assert LEVEL_BUDGETS[1].slack > 0 == LEVEL_BUDGETS[3].slack


def test_a_move_takes_at_most_its_time_cap():
    state = GAME.initial_state()
    for level in (1, 2):
        started = time.perf_counter()
        choose(level, state)
        assert time.perf_counter() - started < LEVEL_BUDGETS[level].seconds * 3 + 1


def test_the_worker_decides_from_the_view_and_carries_the_trail_not_the_level():
    state = GAME.initial_state()
    legal = tuple(GAME.legal_actions(state, BLACK))
    pickle.dumps((state, legal, CheckersPlayer(3)))
    index, notes = decide("checkers", state, legal, None, level=1)
    assert index is not None and isinstance(legal[index], Move)
    assert "level" not in notes and "trail" in notes
    index2, notes2 = decide("checkers", state, legal, notes, level=2)
    assert index2 is not None and notes2["trail"].startswith(notes["trail"])
