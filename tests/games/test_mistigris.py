"""Mistigris, Draw Poker with the joker (the ``joker`` option): the 53-card pack, the joker wild at
the showdown (five of a kind above a straight flush), the stated pack checked against 53 cards,
and the computer players playing with it."""
from __future__ import annotations

import time

from compendium.ai.registry import computer_player
from compendium.core.cards import JOKER, PACKS
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.games.chance.draw_poker import GAME, Ante, Better, Deal, Draw, MakeGood
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal

MISTIGRIS = {"players": 2, "joker": True}


def stacked(a: str, b: str) -> tuple:
    """A 53-card pack that deals hand ``a`` to A (the first Age) and ``b`` to B, one at a time."""
    first = [JOKER if t == "Jo" else parse_card(t) for t in a.split()]
    second = [JOKER if t == "Jo" else parse_card(t) for t in b.split()]
    dealt = [card for pair in zip(first, second) for card in pair]
    rest = [c for c in PACKS["52+joker"] if c not in dealt]
    return tuple(dealt + rest)


def play_to_showdown(state):
    """Ante one, make good, stand pat, bet one and see it: the shortest way to a showdown."""
    deals = state.deal_no
    while state.deal_no == deals and GAME.to_move(state) is not Special.TERMINAL and state.phase != "deal":
        seat = GAME.to_move(state)
        legal = GAME.legal_actions(state, seat)
        for want in (Ante(1), Draw(()), MakeGood(), Better(1)):
            if want in legal:
                state = GAME.apply(state, want)
                break
        else:
            raise AssertionError(legal)
    return state


def test_the_joker_makes_a_53_card_pack():
    state = GAME.apply(GAME.initial_state(MISTIGRIS), Deal(4))
    assert len(state.deck) == 53 and JOKER in state.deck
    plain = GAME.apply(GAME.initial_state({"players": 2}), Deal(4))
    assert len(plain.deck) == 52


def test_five_of_a_kind_beats_a_straight_flush_at_the_showdown():
    state = GAME.apply(GAME.initial_state(MISTIGRIS), Deal(0, stacked("K♠ K♥ K♦ K♣ Jo", "Q♠ J♠ 10♠ 9♠ 8♠")))
    state = play_to_showdown(state)
    shown = {s.seat: s.name for s in state.last.shown}
    assert shown[0] == "five of a kind (kings)" and "straight flush" in shown[1]
    assert state.stocks[0] > state.stocks[1]
    assert state.last.text.startswith("A wins")


def test_the_joker_completes_a_hand_and_its_name_says_as_what():
    state = GAME.apply(GAME.initial_state(MISTIGRIS), Deal(0, stacked("Q♠ Q♥ 7♦ 3♣ Jo", "A♠ A♥ K♦ K♣ 2♠")))
    state = play_to_showdown(state)
    shown = {s.seat: s.name for s in state.last.shown}
    assert shown[0].startswith("threes (queens), the joker for the queen")
    assert shown[1] == "two pairs, aces and kings"
    assert state.stocks[0] > state.stocks[1]          # threes beat two pairs


def test_a_stated_pack_must_be_the_53_cards():
    state = GAME.initial_state(MISTIGRIS)
    assert refusal(GAME, state, Deal(0, tuple(PACKS["52"]))).rule == "draw_poker#the-deal"


def test_the_page_has_the_mistigris_section_with_the_counts():
    text = (rules_dir() / "draw_poker.md").read_text(encoding="utf-8")
    assert "mistigris" in rulesdoc.anchors(text)
    for figure in ("2,869,685", "137,280", "123,552", "1,268,088", "five of a kind"):
        assert figure in text


def test_the_computer_plays_mistigris_and_keeps_the_joker():
    from compendium.ai.chance.draw_poker import plan_discard
    from compendium.games.poker_hands import WILD
    assert WILD not in plan_discard([WILD, 4, 9, 22, 40])
    state = GAME.apply(GAME.initial_state({"players": 3, "joker": True, "deals": 10}), Deal(7))
    players = [computer_player(GAME, level) for level in (1, 2, 3)]
    slowest = 0.0
    steps = 0
    while GAME.to_move(state) is not Special.TERMINAL and steps < 400:
        seat = GAME.to_move(state)
        if seat is Special.CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, steps))
        else:
            start = time.perf_counter()
            action = players[seat].choose(GAME, GAME.view(state, seat), list(GAME.legal_actions(state, seat)))
            slowest = max(slowest, time.perf_counter() - start)
            state = GAME.apply(state, action)
        steps += 1
    assert state.deal_no >= 3
    assert slowest < 3.0
