"""Jack-pots, a Draw Poker option: all put up a counter, a pair of knaves or better to open, an
unopened pot kept for the next deal, and given back after the last."""
from __future__ import annotations

from compendium.core.cards import PACKS
from compendium.core.notation import parse_card
from compendium.games.chance.draw_poker import GAME, JACKPOT_ANTE, Better, Deal, MakeGood, Pass
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal

JACKPOTS = {"players": 3, "jackpots": True}


def stacked(*hands: str) -> tuple:
    """A pack dealing ``hands`` to A (the first Age), B and C, one card at a time."""
    cards = [[parse_card(t) for t in h.split()] for h in hands]
    dealt = [hand[k] for k in range(5) for hand in cards]
    return tuple(dealt + [c for c in PACKS["52"] if c not in dealt])


KNAVES = "J♠ J♥ 7♦ 4♣ 2♠"
TENS = "10♠ 10♥ 8♦ 5♣ 3♠"
NOTHING = "A♦ K♣ 9♥ 6♠ 3♥"
OTHER = "Q♣ 9♣ 7♥ 5♦ 2♥"


def test_all_put_up_a_counter_and_the_age_speaks_first():
    state = GAME.apply(GAME.initial_state(JACKPOTS), Deal(3))
    assert state.staked == (JACKPOT_ANTE,) * 3 and state.phase == "before"
    assert GAME.to_move(state) == state.age == 0


def test_opening_needs_a_pair_of_knaves_or_better():
    state = GAME.apply(GAME.initial_state(JACKPOTS), Deal(0, stacked(TENS, KNAVES, NOTHING)))
    assert not any(isinstance(a, Better) for a in GAME.legal_actions(state, 0))
    assert GAME.action_label(state, Pass()) == "Pass (do not open)"
    assert GAME.describe(state, Pass()) == "A does not open"
    assert refusal(GAME, state, Better(2)).rule == "draw_poker#jack-pots"
    state = GAME.apply(state, Pass())                  # A does not open, and stays in
    assert state.ins[0] and GAME.to_move(state) == 1
    assert Better(2) in GAME.legal_actions(state, 1)   # B's knaves open
    assert GAME.action_label(state, Better(2)) == "Open for 2"
    state = GAME.apply(state, Better(2))
    assert GAME.action_label(state, Pass()) == "Pass out"
    state = GAME.apply(state, MakeGood())              # C comes in
    assert GAME.to_move(state) == 0                    # A, who passed before the opening, answers now
    assert MakeGood() in GAME.legal_actions(state, 0)


def test_an_unopened_pot_stays_for_the_next_deal():
    state = GAME.apply(GAME.initial_state(JACKPOTS), Deal(0, stacked(TENS, NOTHING, OTHER)))
    for _ in range(3):
        state = GAME.apply(state, Pass())
    assert state.phase == "deal" and state.pool == 3 and state.stocks == (199, 199, 199)
    assert "nobody opened" in state.last.text and state.dealer == 0
    state = GAME.apply(state, Deal(5))
    assert state.pool == 6 and state.staked == (2, 2, 2)


def test_after_the_last_deal_an_unopened_pot_is_given_back():
    from dataclasses import replace
    state = replace(GAME.initial_state({**JACKPOTS, "deals": 10}), deal_no=9)
    state = GAME.apply(state, Deal(0, stacked(TENS, NOTHING, OTHER)))
    for _ in range(3):
        state = GAME.apply(state, Pass())
    assert state.phase == "over" and state.stocks == (200, 200, 200)
    assert [(e.points, e.rule) for e in state.ledger] == [(0, "draw_poker#jack-pots")] * 3


def test_the_page_has_the_jack_pots_section():
    text = (rules_dir() / "draw_poker.md").read_text(encoding="utf-8")
    assert "jack-pots" in rulesdoc.anchors(text)


def test_the_computer_plays_a_session_of_jack_pots():
    from compendium.ai.registry import computer_player
    from compendium.core.game import Special
    state = GAME.initial_state({**JACKPOTS, "deals": 10, "joker": True})
    players = [computer_player(GAME, level) for level in (1, 2, 3)]
    steps = opened = 0
    while GAME.to_move(state) is not Special.TERMINAL and steps < 600:
        seat = GAME.to_move(state)
        if seat is Special.CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, steps))
        else:
            before = GAME.unopened(state)
            action = players[seat].choose(GAME, GAME.view(state, seat), list(GAME.legal_actions(state, seat)))
            state = GAME.apply(state, action)
            opened += before and not GAME.unopened(state) and state.phase == "before"
        steps += 1
    assert GAME.to_move(state) is Special.TERMINAL and opened >= 1
    assert sum(state.stocks) == 600                      # no counter made or lost
