"""The computer at Cribbage: what each level keeps and plays, that it decides from the view only
(the same decision whatever the unseen cards are), that level 3 outscores level 1, and that its
decisions keep within the time budget in every form of the game."""
from __future__ import annotations

import time

from compendium.ai.cribbage import CribbagePlayer, PlaySim
from compendium.ai.registry import computer_levels, computer_player, hint
from compendium.ai.strength import compare_duplicate
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.rng import SplitMix64
from compendium.games.cribbage.engine import FORMS, GAME, LayOut, Play
from tests.games.test_cribbage import arranged, cards, lay_out, play


def test_three_levels_and_a_hint():
    assert sorted(computer_levels(GAME)) == [1, 2, 3]
    state = arranged({1: "5C 5D 5H JS 2C 9D", 0: "AC 2H 3C 7S 8D QD"}, "KH", form="six-card")
    action = hint(GAME, state, 1)
    assert isinstance(action, LayOut)


def test_levels_two_and_three_keep_the_three_fives_and_the_knave():
    state = arranged({1: "5C 5D 5H JS 2C 9D", 0: "AC 2H 3C 7S 8D QD"}, "KH", form="six-card")
    for level in (2, 3):
        player = CribbagePlayer(level)
        action = player.choose(GAME, GAME.view(state, 1), list(GAME.legal_actions(state, 1)))
        assert action == LayOut(tuple(sorted(cards("2C 9D")))), level


def test_level_three_counts_the_crib_for_the_dealer_and_against_the_pone():
    """With two fives to spare and a hand that keeps well without them, the dealer throws the
    fives to his own crib and the pone keeps them out of his opponent's."""
    hand = "5C 5D 6H 7S 8D KC"
    as_dealer = arranged({0: hand, 1: "AC 2H 3C 9S 10D QD"}, "2S", form="six-card", dealer=0)
    as_pone = arranged({1: hand, 0: "AC 2H 3C 9S 10D QD"}, "2S", form="six-card", dealer=0)
    player = CribbagePlayer(3)
    pone_choice = player.choose(GAME, GAME.view(as_pone, 1), list(GAME.legal_actions(as_pone, 1)))
    assert not set(cards("5C 5D")) <= set(pone_choice.cards)
    as_dealer = lay_out(as_dealer, "AC 2H")
    dealer_choice = player.choose(GAME, GAME.view(as_dealer, 0), list(GAME.legal_actions(as_dealer, 0)))
    assert dealer_choice != pone_choice


def test_in_the_play_every_level_above_one_takes_thirty_one():
    state = arranged({1: "10C 10D 8H 3S KS QS", 0: "JC 3D AS 4S KH QH"}, "AD", form="six-card")
    state = lay_out(state, "KS QS", "KH QH")
    state = play(state, "10C", "JC", "8H")          # 28: the dealer holds a three and an ace
    legal = list(GAME.legal_actions(state, 0))
    assert Play(parse_card("3D")) in legal and Play(parse_card("AS")) in legal
    for level in (2, 3):
        assert CribbagePlayer(level).choose(GAME, GAME.view(state, 0), legal) == Play(parse_card("3D"))


def test_the_search_counts_the_go_and_the_pair_royal():
    sim = PlaySim(2, False, 0, [0, 1])
    # 0 has played a six (count 6); 1 holds a six: he pairs it; 0 holds the last six: pair royal
    value = sim.after_play([[6], [6]], [], 0, (), 0, 6, depth=4)
    # 0: 6 (nothing); 1: 6 pair 2; 0: 6 pair royal 6; count 18, no cards left: last card 1 to 0
    assert value == 6 + 1 - 2


def test_the_decision_depends_on_the_view_only():
    gen = SplitMix64(5)
    for seed in range(6):
        state = GAME.apply(GAME.initial_state({"form": "six-card"}), GAME.chance_action(GAME.initial_state(), seed))
        for _ in range(12):
            seat = GAME.to_move(state)
            if isinstance(seat, Special):
                break
            legal = list(GAME.legal_actions(state, seat))
            player = CribbagePlayer(3)
            chosen = player.choose(GAME, GAME.view(state, seat), legal)
            other = GAME.shuffle_unseen(state, seat, gen.below(1 << 30))
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert CribbagePlayer(3).choose(GAME, GAME.view(other, seat), legal) == chosen
            state = GAME.apply(state, chosen)


def test_level_three_outscores_level_one():
    report = compare_duplicate(GAME, 3, 1, deals=30, seed=11)
    assert report.difference.mean > 1.0, report.text()


def test_level_three_decides_within_the_budget_in_every_form():
    times: list[float] = []
    for form in FORMS:
        player = computer_player(GAME, 3)
        state = GAME.initial_state({"form": form})
        state = GAME.apply(state, GAME.chance_action(state, 21))
        for _ in range(30):
            seat = GAME.to_move(state)
            if seat is Special.TERMINAL:
                break
            if seat is Special.CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, len(state.pegs)))
                continue
            legal = list(GAME.legal_actions(state, seat))
            start = time.process_time()
            action = player.choose(GAME, GAME.view(state, seat), legal)
            times.append(time.process_time() - start)
            state = GAME.apply(state, action)
    times.sort()
    assert times[int(len(times) * 0.95)] < 1.0
    assert times[-1] < 2.0
