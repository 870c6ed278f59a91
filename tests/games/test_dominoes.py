"""Dominoes — the Draw game (and the Block game) and Fives and Threes: the book's rules, the
law that decides each refusal, and the book's worked examples replayed move by move."""
from __future__ import annotations

import dataclasses

import pytest

from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.records import Record
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games.board.dominoes import (
    FIVES_AND_THREES,
    GAME,
    STONES,
    Deal,
    DominoesState,
    DrawStone,
    End,
    Pass,
    Play,
    Stone,
    end_count,
    fives_and_threes_points,
    parse_stone,
)
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc
from tests.games.conformance import random_playout, refusal, view_cards


def s(text: str) -> Stone:
    return parse_stone(text)


def order(*hands: str, boneyard: str = "", size: int = 7) -> tuple[Stone, ...]:
    """The 28 stones for an arranged deal: each hand in turn (padded to ``size`` with stones
    nobody named, so that a test may cut a hand down to the stones it names), then the boneyard."""
    named = [s(t) for part in (*hands, boneyard) for t in part.split()]
    assert len(named) == len(set(named))
    spare = [x for x in STONES if x not in named]
    out: list[Stone] = []
    for hand in hands:
        stones = [s(t) for t in hand.split()]
        out += stones + [spare.pop() for _ in range(size - len(stones))]
    out += [s(t) for t in boneyard.split()]
    return tuple(out + spare)


def arranged(rules, *hands: str, boneyard: str = "", lead: int = 0, **options) -> DominoesState:
    state = rules.initial_state(options)
    size = 7 if options.get("players", 2) == 2 else 5
    return rules.apply(state, Deal(order=order(*hands, boneyard=boneyard, size=size), lead=lead))


def cut(state: DominoesState, *sizes: int) -> DominoesState:
    """Keep only the first stones of each hand (the ones a test named)."""
    return dataclasses.replace(state, hands=tuple(h[:n] for h, n in zip(state.hands, sizes)))


def play(game, state, *moves: str) -> DominoesState:
    for text in moves:
        state = game.apply(state, game.action_from_str(state, text))
    return state


def faces(game, state, seat):
    return sorted((state.deck[i] for i in state.hands[seat]), reverse=True)


# -- the set, the deal, the lead -----------------------------------------------------------------
def test_the_double_six_set():
    assert len(STONES) == 28 and len(set(STONES)) == 28
    assert sum(x.pips for x in STONES) == 168
    assert sum(1 for x in STONES if x.is_double) == 7
    assert parse_stone("3-6") == Stone(6, 3) == parse_stone("63") == parse_stone("6|3")
    for bad in ("7-1", "x", "6-", "1-2-3"):
        with pytest.raises(NotationError, match=repr(bad)):
            parse_stone(bad)


@pytest.mark.parametrize("players, size, left", [(2, 7, 14), (3, 5, 13), (4, 5, 8)])
def test_hand_sizes(players, size, left):
    session = Session(GAME, {"players": players}, seed=11)
    state = session.state
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.boneyard) == left
    ids = sorted(i for h in state.hands for i in h) + sorted(state.boneyard)
    assert sorted(ids) == list(range(28))


def test_the_draw_for_the_lead_gives_it_to_the_most_pips():
    for seed in range(30):
        session = Session(GAME, seed=seed)
        state = session.state
        draw = state.lead_draw
        last_round = draw[-2:]            # two players: the last pair decided it
        best = max(x.pips for _, x in last_round)
        winners = [seat for seat, x in last_round if x.pips == best]
        assert winners == [state.leader] and state.turn == state.leader
        # a tie in an earlier round sent both players to draw again
        for k in range(0, len(draw) - 2, 2):
            assert draw[k][1].pips == draw[k + 1][1].pips


def test_the_lead_passes_in_turn_each_hand():
    session = Session(GAME, {"players": 3}, seed=5)
    gen = SplitMix64(5)
    leaders = [session.state.leader]
    while session.to_move() is not Special.TERMINAL and len(leaders) < 5:
        legal = session.legal_actions()
        session.play(legal[gen.below(len(legal))])
        if session.state.leader != leaders[-1] or session.state.hand_no > len(leaders):
            leaders.append(session.state.leader)
    assert all(b == (a + 1) % 3 for a, b in zip(leaders, leaders[1:]))


# -- legal actions ------------------------------------------------------------------------------
HAND_A = "6-6 6-4 5-5 3-1 2-0 1-0 4-4"
HAND_B = "5-3 3-3 2-2 1-1 0-0 3-0 5-2"   # no six, no four


def test_legal_the_leader_may_set_any_stone():
    state = arranged(GAME, HAND_A, HAND_B)
    legal = GAME.legal_actions(state, 0)
    assert sorted(a.stone for a in legal) == sorted(s(t) for t in HAND_A.split())
    assert all(isinstance(a, Play) and a.end is None for a in legal)
    assert GAME.legal_actions(state, 1) == ()    # not B's turn


def test_legal_matching_at_either_end_and_the_book_line():
    """Catalogue 6.6: 6-6 led, then 6-4, 6-5 on the other side, 5-4 → 4-6|6-6|6-5|5-4."""
    state = arranged(GAME, "6-6 6-5 1-1 1-0 2-1 3-1 3-0", "6-4 5-4 2-2 2-0 4-0 3-2 4-1")
    state = play(GAME, state, "6-6", "6-4 left", "6-5 right", "5-4 right")
    assert [(t.left, t.right) for t in state.line] == [(4, 6), (6, 6), (6, 5), (5, 4)]
    assert state.origin == 1                     # the lead stone stays second from the left
    assert state.line[1].is_double               # the double lies crossways: both halves six
    assert GAME.view(state, 0).ends == (4, 4)


def test_legal_draw_when_nothing_matches_then_play_what_was_drawn():
    state = arranged(GAME, "6-6 1-1 1-0 2-1 3-1 3-0 2-0", "5-5 5-4 2-2 4-0 3-2 4-1 5-0",
                     boneyard="5-2 6-3")
    state = play(GAME, state, "6-6")
    assert GAME.legal_actions(state, 1) == (DrawStone(),)          # B holds no six
    state = GAME.apply(state, DrawStone())
    assert s("5-2") in faces(GAME, state, 1) and state.turn == 1   # unplayable: draw again
    assert GAME.legal_actions(state, 1) == (DrawStone(),)
    state = GAME.apply(state, DrawStone())
    assert GAME.legal_actions(state, 1) == (Play(s("6-3"), End.LEFT), Play(s("6-3"), End.RIGHT))
    state = play(GAME, state, "6-3 right")
    assert state.turn == 0 and state.line[-1].right == 3
    assert [t.kind for t in state.log] == ["play", "draw", "draw", "play"]
    assert state.log[1].ends == (6, 6)           # public: B lacked sixes when he drew


def test_legal_pass_when_only_the_last_two_stones_remain():
    state = arranged(GAME, HAND_A, HAND_B)
    state = dataclasses.replace(state, boneyard=state.boneyard[-2:])
    state = play(GAME, state, "6-6")
    assert GAME.legal_actions(state, 1) == (Pass(),)
    state = GAME.apply(state, Pass())
    assert state.turn == 0 and state.log[-1].kind == "pass"


def test_legal_knock_in_fives_and_threes():
    state = arranged(FIVES_AND_THREES, HAND_A, HAND_B)
    state = play(FIVES_AND_THREES, state, "3-1")          # the lead lies 3|1
    assert FIVES_AND_THREES.legal_actions(state, 1) == (
        Play(s("5-3"), End.LEFT), Play(s("3-3"), End.LEFT), Play(s("3-0"), End.LEFT),
        Play(s("1-1"), End.RIGHT))
    state = play(FIVES_AND_THREES, arranged(FIVES_AND_THREES, HAND_A, HAND_B), "6-6")
    assert FIVES_AND_THREES.legal_actions(state, 1) == (Pass(),)     # no six, nothing to draw
    state = FIVES_AND_THREES.apply(state, Pass())
    assert state.turn == 0 and state.log[-1].ends == (6, 6)


# -- illegal actions, each with its law --------------------------------------------------------
def test_illegal_a_stone_that_does_not_match():
    state = play(GAME, arranged(GAME, HAND_A, HAND_B), "5-5")
    exc = refusal(GAME, state, Play(s("3-3"), End.LEFT))
    assert exc.rule == "dominoes_draw#the-play" and "does not match the 5" in exc.reason


def test_illegal_a_stone_not_in_hand():
    state = arranged(GAME, HAND_A, HAND_B)
    exc = refusal(GAME, state, Play(s("6-5")))
    assert exc.rule == "dominoes_draw#the-play" and "holds no 6-5" in exc.reason


def test_illegal_drawing_while_a_stone_matches():
    state = play(GAME, arranged(GAME, HAND_A, HAND_B), "5-5")   # B holds 5-3 and 5-2
    exc = refusal(GAME, state, DrawStone())
    assert exc.rule == "dominoes_draw#the-boneyard"


def test_illegal_drawing_the_last_two_stones():
    state = arranged(GAME, HAND_A, HAND_B)
    state = dataclasses.replace(state, boneyard=state.boneyard[-2:])
    state = play(GAME, state, "6-6")            # B holds no six
    exc = refusal(GAME, state, DrawStone())
    assert exc.rule == "dominoes_draw#the-boneyard" and "last 2" in exc.reason


def test_illegal_drawing_in_the_block_game_and_in_fives_and_threes():
    block = arranged(GAME, HAND_A, HAND_B, game="block")
    block = play(GAME, block, "6-6")
    assert refusal(GAME, block, DrawStone()).rule == "dominoes_draw#the-block-game"
    assert GAME.legal_actions(block, 1) == (Pass(),)
    fives = play(FIVES_AND_THREES, arranged(FIVES_AND_THREES, HAND_A, HAND_B), "6-6")
    assert refusal(FIVES_AND_THREES, fives, DrawStone()).rule == "fives_and_threes#the-boneyard"


def test_illegal_passing_while_a_stone_matches_or_one_may_be_drawn():
    state = play(GAME, arranged(GAME, HAND_A, HAND_B), "6-6")   # B holds no six
    assert refusal(GAME, state, Pass()).rule == "dominoes_draw#the-boneyard"   # must draw first
    ready = play(GAME, arranged(GAME, HAND_A, HAND_B), "5-5")   # B holds 5-3 and 5-2
    exc = refusal(GAME, ready, Pass())
    assert exc.rule == "dominoes_draw#when-you-cannot-play"
    fives = play(FIVES_AND_THREES, arranged(FIVES_AND_THREES, HAND_A, HAND_B), "5-5")
    assert refusal(FIVES_AND_THREES, fives, "knock").rule == "fives_and_threes#when-you-cannot-play"


def test_illegal_the_lead_has_no_end_and_later_stones_need_one():
    state = arranged(GAME, HAND_A, HAND_B)
    assert refusal(GAME, state, Play(s("6-6"), End.LEFT)).rule == "dominoes_draw#the-lead"
    state = play(GAME, state, "5-5")
    exc = refusal(GAME, state, Play(s("5-3")))
    assert exc.rule == "dominoes_draw#the-play" and "which end" in exc.reason


def test_illegal_deals_and_moves_out_of_their_time():
    state = arranged(GAME, HAND_A, HAND_B)
    assert refusal(GAME, state, Deal(seed=4)).rule == "dominoes_draw#the-deal"
    fresh = GAME.initial_state()
    assert refusal(GAME, fresh, Play(s("6-6"))).rule == "dominoes_draw#the-deal"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(fresh, Deal(order=STONES[:27] + STONES[:1]))
    assert info.value.rule == "dominoes_draw#the-deal"


# -- notation --------------------------------------------------------------------------------------
def test_action_text_round_trip_and_errors():
    state = play(GAME, arranged(GAME, HAND_A, HAND_B), "6-4")   # the lead lies 6|4
    assert GAME.action_from_str(state, "2-6") == Play(s("6-2"), End.LEFT)   # fits one end only
    assert GAME.action_from_str(state, "4-5 r") == Play(s("5-4"), End.RIGHT)
    assert GAME.action_from_str(state, "6-2 right") == Play(s("6-2"), End.RIGHT)  # refused later
    both = play(GAME, arranged(GAME, HAND_A, HAND_B), "5-5")
    with pytest.raises(NotationError, match="'5-3'.*both ends"):
        GAME.action_from_str(both, "5-3")       # both ends show five: say which
    for bad in ("", "6-2 middle", "flip", "deal x y"):
        with pytest.raises(NotationError) as info:
            GAME.action_from_str(state, bad)
        assert repr(bad) in str(info.value)
    deal = Deal(order=order(HAND_A, HAND_B), lead=1)
    assert GAME.action_from_str(GAME.initial_state(), GAME.action_to_str(deal)) == deal
    assert GAME.action_to_str(Deal(seed=42)) == "deal 42"


# -- Fives and Threes: the count -------------------------------------------------------------------
@pytest.mark.parametrize("total, points", [(0, 0), (3, 1), (5, 1), (6, 2), (9, 3), (10, 2),
                                           (12, 4), (15, 8), (18, 6), (20, 4), (7, 0), (22, 0)])
def test_fives_and_threes_points(total, points):
    assert fives_and_threes_points(total) == points


def fives_example_record() -> Record:
    """Catalogue 6.5 as a record: A holds the double-six, double-three and three-blank, B the
    six-three, six-blank and three-four (the other stones are of our choosing)."""
    deal = Deal(order=order("6-6 3-3 3-0 1-1 2-1 5-2 4-1", "6-3 6-0 4-3 5-5 2-2 5-1 4-2"),
                lead=0)
    moves = ["6-6", "6-3 right", "3-3 right", "6-0 left", "3-0 left", "4-3 left"]
    return Record(game="fives_and_threes", options={}, seed=0,
                  actions=(FIVES_AND_THREES.action_to_str(deal), *moves))


def test_the_book_fives_and_threes_example_a_13_b_12():
    session = Session.from_record(fives_example_record(), game=FIVES_AND_THREES)
    sheet = FIVES_AND_THREES.score_events(session.state)
    assert [(e.seat, e.points) for e in sheet] == [(0, 4), (1, 8), (0, 6), (1, 2), (0, 3), (1, 2)]
    assert all(e.rule == "fives_and_threes#counting-the-ends" for e in sheet)
    assert session.state.scores == (13, 12)
    # the totals the book names, move by move
    state = FIVES_AND_THREES.initial_state()
    totals = []
    for text in fives_example_record().actions:
        state = FIVES_AND_THREES.apply(state, FIVES_AND_THREES.action_from_str(state, text))
        totals.append(end_count(state.line))
    assert totals[1:] == [12, 15, 18, 6, 9, 10]
    assert "15" in sheet[1].text and "8" in sheet[1].text


def test_fives_and_threes_going_out_scores_one_and_a_block_scores_nothing():
    # A goes out with the 1-0 making ends 0 + 3 = 3: one for the count and one for going out.
    state = cut(arranged(FIVES_AND_THREES, "3-1 1-0", "6-6 6-5"), 2, 2)
    state = play(FIVES_AND_THREES, state, "3-1")          # 4: nothing
    assert state.scores == (0, 0)
    # B holds no three or one: he knocks; then A goes out
    state = play(FIVES_AND_THREES, state, "pass", "1-0 right")
    assert state.scores == (2, 0)
    assert state.result is not None and state.result.how == "out"
    assert [e.rule for e in state.sheet] == ["fives_and_threes#counting-the-ends",
                                             "fives_and_threes#going-out"]
    # the next hand is dealt by chance, led by B
    assert FIVES_AND_THREES.to_move(state) is Special.CHANCE
    nxt = FIVES_AND_THREES.apply(state, Deal(seed=9))
    assert nxt.turn == 1 and nxt.previous == state.result


def test_fives_and_threes_to_61_exactly():
    state = arranged(FIVES_AND_THREES, HAND_A, HAND_B, target=61)
    state = dataclasses.replace(state, scores=(58, 0))
    after = play(FIVES_AND_THREES, state, "6-6")          # 12: four points would make 62
    assert after.scores == (58, 0) and after.winner is None
    assert after.sheet[-1].points == 0 and "not counted" in after.sheet[-1].text
    assert after.sheet[-1].rule == "fives_and_threes#the-game"
    state = dataclasses.replace(state, scores=(57, 0))
    won = play(FIVES_AND_THREES, state, "6-6")            # exactly 61: won at once
    assert won.scores == (61, 0) and won.winner == 0
    assert FIVES_AND_THREES.to_move(won) is Special.TERMINAL
    outcome = FIVES_AND_THREES.outcome(won)
    assert outcome.results == (1.0, 0.0) and outcome.rule == "fives_and_threes#the-game"
    assert "exactly 61" in outcome.reason


def test_fives_and_threes_to_100_ends_in_the_middle_of_a_hand():
    state = arranged(FIVES_AND_THREES, HAND_A, HAND_B)
    state = dataclasses.replace(state, scores=(97, 99))
    won = play(FIVES_AND_THREES, state, "6-6")            # 12 → 4: 101
    assert won.winner == 0 and won.scores == (101, 99)
    assert won.hands[0]                                   # stones still in hand


# -- the Draw game: going out, blocked games, the match ---------------------------------------------
def test_going_out_scores_the_pips_left_in_the_other_hand():
    state = cut(arranged(GAME, "6-6 6-1", "5-4 2-2 3-0"), 2, 3)
    state = play(GAME, state, "6-6")
    assert GAME.legal_actions(state, 1) == (DrawStone(),)
    # give B nothing to draw that matches: the boneyard is cut to the last two
    state = dataclasses.replace(state, boneyard=state.boneyard[-2:])
    state = play(GAME, state, "pass", "6-1 right")
    assert state.result.how == "out" and state.result.scorer == 0
    assert state.scores == (9 + 4 + 3, 0)
    assert state.sheet[-1].rule == "dominoes_draw#going-out"
    assert "scores the 16 pips left in B's hand" in state.sheet[-1].text


# The blocked game of the book's example (catalogue 6.6: 10 pips against 5, the five scores 5),
# reached in play: B leads, both draw until only the two stones that may not be drawn are left,
# and nobody can match the ends.
BLOCKED_DEAL = ("6-3 4-1 5-3 5-4 1-0 1-1 2-2 6-0 4-2 4-3 4-4 5-0 6-6 5-5 6-2 6-1 2-1 4-0 3-3 "
                "3-1 2-0 5-1 3-2 3-0 6-5 0-0 6-4 5-2 lead B")
BLOCKED_MOVES = ("4-4, 5-4 left, 5-5 left, 5-3 left, 4-2 right, 2-2 right, 4-3 left, 4-1 left, "
                 "draw, 6-2 right, 6-3 right, draw, 6-1 left, draw, draw, draw, 3-3 right, "
                 "6-0 left, 4-0 left, draw, 3-1 right, 2-1 right, draw, 2-0 right, 1-0 right, "
                 "draw, 5-1 right, draw, draw, draw, 6-5 right, 6-6 right, draw").split(", ")


def test_the_book_blocked_game_ten_against_five_scores_five():
    record = Record(game="dominoes_draw", options={}, seed=0,
                    actions=("deal " + BLOCKED_DEAL, *BLOCKED_MOVES))
    session = Session.from_record(record, game=GAME)
    assert session.state.previous is not None and session.state.previous.how == "blocked"
    assert session.state.scores == (0, 5) and session.state.leader == 0  # A leads the next hand
    state = GAME.initial_state()
    for text in record.actions:                      # the same, move by move
        state = GAME.apply(state, GAME.action_from_str(state, text))
    assert len(state.boneyard) == 2                  # the two that may never be drawn
    result = state.result
    assert result is not None and result.how == "blocked"
    assert result.pips == (10, 5)
    assert result.scorer == 1 and result.points == 5 and state.scores == (0, 5)
    assert result.rule == "dominoes_draw#a-blocked-game"
    assert "10" in result.text and "5" in result.text
    # neither could have played on: no stone in either hand matches the ends
    a, b = state.line[0].left, state.line[-1].right
    assert not any(x.has(a) or x.has(b) for hand in result.hands for x in hand)


def test_blocked_with_three_players_and_a_tie():
    # A 10 pips, B 5, C 8: B has the fewest and scores (10 - 5) + (8 - 5) = 8.
    state = cut(arranged(GAME, "6-4", "4-1", "5-3", players=3, game="block"), 1, 1, 1)
    event = GAME.blocked(state)
    assert (event.seat, event.points) == (1, 8) and event.rule == "dominoes_draw#a-blocked-game"
    # A 5 and B 5 tie for the fewest: nobody scores.
    tie = cut(arranged(GAME, "3-2", "4-1", "5-3", players=3, game="block"), 1, 1, 1)
    assert GAME.blocked(tie).points == 0 and "nobody scores" in GAME.blocked(tie).text


def test_a_match_is_played_to_the_target():
    for game, options in ((GAME, {}), (GAME, {"game": "block", "players": 4}),
                          (FIVES_AND_THREES, {"players": 3}), (FIVES_AND_THREES, {"target": 61})):
        session = random_playout(game, 21, max_steps=5000, options=options)
        state = session.state
        assert session.to_move() is Special.TERMINAL
        target = session.options["target"]
        winner = state.winner
        assert state.scores[winner] >= target
        if options.get("target") == 61:
            assert state.scores[winner] == 61 and max(state.scores) == 61
        assert all(x < target for k, x in enumerate(state.scores) if k != winner)
        assert sum(e.points for e in state.sheet) == sum(state.scores)
        assert state.hand_no > 1
        outcome = game.outcome(state)
        assert outcome.results[winner] == 1.0 and outcome.scores == state.scores


# -- views -------------------------------------------------------------------------------------------
def _hidden(state: DominoesState, seat: int) -> list[int]:
    if state.result is not None or state.winner is not None:
        return list(state.boneyard)
    return [i for k, h in enumerate(state.hands) if k != seat for i in h] + list(state.boneyard)


@pytest.mark.parametrize("game, options", [(GAME, {}), (GAME, {"players": 4}),
                                           (FIVES_AND_THREES, {"players": 3})])
def test_the_view_leaks_no_hidden_stone(game, options):
    """Every stone the seat may not see is faceless in its view, and giving the hidden stones
    each other's faces leaves the view exactly as it was."""
    def check(session):
        state = session.state
        if not state.deck:
            return
        for seat in range(len(state.scores)):
            view = game.view(state, seat)
            hidden = _hidden(state, seat)
            cards = list(view_cards(view))
            assert sorted(c.id for c in cards) == list(range(28))
            for c in cards:
                assert (c.face is None) == (c.id in hidden)
            if len(hidden) > 1:
                deck = list(state.deck)
                rotated = [deck[i] for i in hidden[1:] + hidden[:1]]
                for i, face in zip(hidden, rotated):
                    deck[i] = face
                other = dataclasses.replace(state, deck=tuple(deck))
                assert game.view(other, seat) == view
        # the seat sees how many stones each player holds and how many are in the boneyard
        view = game.view(state, 0)
        assert view.hand_sizes() == tuple(len(h) for h in state.hands)
        assert len(view.boneyard) == len(state.boneyard)
    for seed in range(4):
        random_playout(game, seed, max_steps=150, options=options, check=check)


def test_describe_says_what_scored():
    state = arranged(FIVES_AND_THREES, "6-6 3-3 3-0 1-1 2-1 5-2 4-1", "6-3 6-0 4-3 5-5 2-2 5-1 4-2")
    state = play(FIVES_AND_THREES, state, "6-6")
    text = FIVES_AND_THREES.describe(state, Play(s("6-3"), End.RIGHT))
    assert "B plays on the right" in text and "15" in text and "scores 8" in text


# -- the rules pages -----------------------------------------------------------------------------
def test_every_rule_the_engine_cites_is_a_heading_of_its_page():
    cited = {
        GAME: ["the-play", "the-lead", "the-deal", "the-game", "the-boneyard",
               "when-you-cannot-play", "going-out", "a-blocked-game", "scoring", "the-block-game"],
        FIVES_AND_THREES: ["the-play", "the-lead", "the-deal", "the-game", "the-boneyard",
                           "when-you-cannot-play", "going-out", "a-blocked-game", "scoring",
                           "counting-the-ends", "doubles"],
    }
    for game, anchors in cited.items():
        page = (rules_dir() / f"{game.info.id}.md").read_text(encoding="utf-8")
        assert set(anchors) <= rulesdoc.anchors(page), game.info.id
    fives = (rules_dir() / "fives_and_threes.md").read_text(encoding="utf-8")
    draw = (rules_dir() / "dominoes_draw.md").read_text(encoding="utf-8")
    assert "(dominoes_draw" in fives and "(fives_and_threes)" in draw   # cross-linked
