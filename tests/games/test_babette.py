"""Babette: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.patience.babette import BabetteModel
from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, RANKS, SUITS, Card
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.babette import COLUMNS, GAME, take_up
from compendium.games.patience.engine import Draw, Move, PatienceState, Redeal
from compendium.games.patience.up_and_down_foundations import ACES, KINGS

from .conformance import refusal

DATA = Path(__file__).parent / "data"
ID = "babette"
PACK = PACKS["2x52"]


def names(options=None) -> list[str]:
    return [s.name for s in GAME.specs(GAME.resolve_options(options))]


def position(options=None, top: str = "", rest: str = "s", passes: int = 0, **piles: str) -> PatienceState:
    """A position from text: pile="cards, bottom first" (a column: its first-dealt card first).
    ``top`` names the next cards of the pack, the first to come off first; the cards not named go
    to the pile ``rest`` (the pack by default), so every position holds both packs."""
    opts = GAME.resolve_options(options)
    order = names(options)
    cards_of = {n: [parse_card(t) for t in piles.get(n, "").split()] for n in order}
    upper = [parse_card(t) for t in top.split()]
    named = Counter(c for cards in cards_of.values() for c in cards) + Counter(upper)
    left = sorted((Counter(PACK) - named).elements())
    if rest == "s":
        cards_of["s"] = left + upper[::-1]
    else:
        cards_of[rest] = cards_of[rest] + left
        cards_of["s"] = upper[::-1]
    deck: list[Card] = []
    built = {}
    for n in order:
        built[n] = tuple(range(len(deck), len(deck) + len(cards_of[n])))
        deck.extend(cards_of[n])
    assert Counter(deck) == Counter(PACK)
    return PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in order),
                         down=tuple(len(built["s"]) if n == "s" else 0 for n in order), passes=passes,
                         opts=tuple(sorted(opts.items())))


def faces(state: PatienceState, name: str) -> list[str]:
    return [str(state.deck[c]) for c in state.piles[names().index(name)]]


# -- the deal and the table ------------------------------------------------------------------------
def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    assert [faces(state, c)[0] for c in COLUMNS] == ["6♥", "7♥", "J♣", "8♣", "K♠", "7♦", "6♠", "8♣"]
    second = GAME.apply(state, Draw())
    assert [faces(second, c)[-1] for c in COLUMNS] == ["7♠", "4♥", "A♣", "J♦", "10♣", "J♦", "K♦", "10♦"]
    assert Move("t3", "a1") in GAME.legal_actions(second, 0)      # the ace of the new row goes up


def test_rows_of_eight_until_the_pack_is_used_up():
    state = Session(GAME, seed=5).state
    for rows in range(2, 14):
        state = GAME.apply(state, Draw())
        assert [len(state.piles[names().index(c)]) for c in COLUMNS] == [rows] * 8
    assert not state.piles[names().index("s")]                     # 104 = 13 rows of 8
    exc = refusal(GAME, state, "draw")
    assert exc.rule == f"{ID}#the-stock-and-waste"


def test_the_foundations_lie_above_the_garden():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    assert len({specs[n].y for n in ACES + KINGS}) == 1 and len({specs[n].y for n in COLUMNS}) == 1
    assert specs["a1"].y < specs["t1"].y
    xs = [specs[n].x for n in ACES + KINGS]
    assert xs == sorted(xs) and xs == [specs[n].x for n in COLUMNS]   # aces left, kings right


# -- legal moves -----------------------------------------------------------------------------------
BOARD = dict(t1="9♣ A♠", t2="Q♦ K♠", t3="10♠ 3♦", t4="5♥ J♣", t5="7♥", t6="4♠ 5♠", t7="6♦", t8="",
             a2="A♦ 2♦", k2="K♣ Q♣", a3="A♥ 2♥ 3♥ 4♥ 5♥ 6♥", k3="K♥ Q♥ J♥ 10♥ 9♥ 8♥")


def test_legal_moves():
    state = position(**BOARD)
    legal = GAME.legal_actions(state, 0)
    cases = {
        "t1>a1": "an ace begins an ascending foundation",
        "t2>k1": "a king begins a descending one",
        "t3>a2": "the three of diamonds goes up on the two",
        "t4>k2": "the knave of clubs comes down on the queen",
        "t5>a3": "the seven of hearts on the ascending six ...",
        "t5>k3": "... or on the descending eight: both want it",
        "draw": "a new row may be dealt",
    }
    for text, why in cases.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, (text, why)
        assert GAME.apply(state, action) != state
    after = GAME.apply(state, Move("t1", "a1"))
    assert faces(after, "t1") == ["9♣"]                               # the card above is released


# -- illegal moves, each with its law ------------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    cases = {
        "t6>t7": "the-garden",                # nothing is built in the garden
        "t6>t8": "spaces",                    # a gap is never filled
        "t6>a1": "the-foundations",           # an ascending foundation begins with an ace
        "t7>a2": "the-foundations",           # the six of diamonds on the two: up in suit
        "t1>k3": "the-foundations",           # the ace of spades on the eight of hearts
        "t1>t5*2": "moving-runs",             # only the lowest card of a column moves
        "a2>t8": "the-foundations",           # foundation cards stay
        "redeal": "re-deals",                 # not before the pack is used up
        "s>t8": "turning-up-cards",
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_the_four_aces_and_the_four_kings_are_of_different_suits():
    state = position(**dict(BOARD, t6="A♦"))
    exc = refusal(GAME, state, "t6>a1")
    assert exc.rule == f"{ID}#the-foundations" and "different suits" in exc.reason
    state = position(**dict(BOARD, t6="K♣"))
    assert refusal(GAME, state, "t6>k1").rule == f"{ID}#the-foundations"


# -- the re-deal ----------------------------------------------------------------------------------
def test_the_garden_is_taken_up_from_the_left_and_dealt_again():
    garden = {f"t{i + 1}": " ".join(f"{r.short}{s.symbol}" for r in RANKS[i:i + 3]) for i, s in
              zip(range(8), SUITS * 2)}
    state = position(rest="a1", **garden)
    assert not state.piles[names().index("s")]
    pack = take_up([state.piles[names().index(c)] for c in COLUMNS])
    # the new top is the first card dealt to the right-hand column
    assert state.deck[pack[-1]] == parse_card(garden["t8"].split()[0])
    after = GAME.apply(state, Redeal())
    assert after.passes == 1
    # turned over with the right-hand column on top: the first new row is that column's cards in
    # dealing order, then the next column's
    expected = garden["t8"].split() + garden["t7"].split() + garden["t6"].split()
    assert [faces(after, c)[0] for c in COLUMNS] == expected[:8]
    assert len(after.piles[names().index("s")]) == 24 - 8
    # twice, then no more
    spent = position(rest="a1", passes=2, **garden)
    exc = refusal(GAME, spent, "redeal")
    assert exc.rule == f"{ID}#re-deals" and "twice" in exc.reason


def test_option_fewer_re_deals():
    garden = dict(t1="5♠ 9♥")
    assert refusal(GAME, position({"redeals": 0}, rest="a1", **garden), "redeal").rule == f"{ID}#re-deals"
    assert refusal(GAME, position({"redeals": 1}, rest="a1", passes=1, **garden), "redeal").rule == f"{ID}#re-deals"
    assert Redeal() in GAME.legal_actions(position({"redeals": 1}, rest="a1", **garden), 0)
    with pytest.raises(NotationError):
        GAME.resolve_options({"redeals": 3})


# -- the end ------------------------------------------------------------------------------------
def test_a_won_position():
    piles = {a: " ".join(f"{r.short}{s.symbol}" for r in RANKS) for a, s in zip(ACES, SUITS)}
    piles.update({k: " ".join(f"{r.short}{s.symbol}" for r in reversed(RANKS)) for k, s in zip(KINGS, SUITS)})
    state = position(**piles)
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_a_lost_position():
    """Both re-deals made, the pack used up: the ace of hearts lies above the five of spades, which
    no foundation wants (the other cards are put on the first foundation to make up the packs)."""
    state = position(rest="a1", passes=2, t1="A♥ 5♠", t2="9♥")
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (101,)
    assert "101 cards" in outcome.reason


# -- helps for the player and the solver ----------------------------------------------------------
def test_safe_moves_and_choices():
    # on the last pass, a card with no choice in it goes home without a second thought
    state = position(passes=2, **BOARD)
    assert GAME.safe_home_move(state) is not None
    # while a re-deal is to come, none: a card left in the garden changes the order of the next deal
    assert GAME.safe_home_move(position(**BOARD)) is None
    assert ai_hint(GAME, position(**BOARD), 0) in GAME.legal_actions(position(**BOARD), 0)
    # the seven of hearts: both foundations of hearts want it, so it is a choice
    only = position(passes=2, **dict(BOARD, t1="9♣", t2="Q♦", t3="10♠", t4="5♥"))
    assert GAME.safe_home_move(only) is None
    # twin cards free together are a choice too
    twins = position(passes=2, **dict(BOARD, t1="9♣", t2="Q♦", t3="10♠ 3♦", t4="5♥ 3♦", t5="2♠"))
    assert GAME.safe_home_move(twins) is None
    assert ai_hint(GAME, twins, 0) in (Move("t3", "a2"), Move("t4", "a2"))


def test_the_solver_model_is_sound_before_the_last_re_deal():
    """Deal 25 is won by a line that deals a row while a card could go home (the card left in the
    garden changes the order of the next deal): the model must not leave that out."""
    from compendium.ai.solver import Verdict, search
    state = Session(GAME, seed=25).state
    model = BabetteModel(GAME, state)
    verdict, labels, _ = search(model, __import__("time").perf_counter() + 30, 10**7)
    assert verdict is Verdict.WINNABLE
    for action in model.actions(labels):
        state = GAME.apply(state, action)
    assert GAME.is_won(state)
    # on the last pass the model does play the safe moves and never deals over a free card
    last = position(passes=2, **BOARD)
    model = BabetteModel(GAME, last)
    assert model._forced
    assert all(label[0] != "deal" for label, _ in model.children(model.root()))


def test_the_demo_plays_whole_games():
    for seed in range(6):
        result = play_demo(GAME, seed)
        assert result.finished, result.summary


def test_the_solver_finds_the_recorded_win():
    from compendium.ai.solver import Verdict, solve
    state = Session(GAME, seed=25).state
    result = solve(GAME, state, budget_s=30)
    assert result.verdict is Verdict.WINNABLE
    for action in result.line:
        state = GAME.apply(state, action)
    assert GAME.is_won(state)


def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "babette_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert session.options == {"redeals": 2}
    assert any(a == "redeal" for a in session.actions_text)


