"""The Fifteen: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.patience.the_fifteen import FifteenModel
from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, RANKS, SUITS, Card
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience import the_fifteen as module
from compendium.games.patience.engine import Move
from compendium.games.patience.the_fifteen import COLUMNS, GAME, FifteenState
from compendium.games.patience.up_and_down_foundations import ACES, KINGS

from .conformance import random_playout, refusal

DATA = Path(__file__).parent / "data"
ID = "the_fifteen"
PACK = PACKS["2x52"]


def names(options=None) -> list[str]:
    return [s.name for s in GAME.specs(GAME.resolve_options(options))]


def position(options=None, rest: str = "t1", withdrawn: int = 0, **piles: str) -> FifteenState:
    """A position from text: pile="cards, bottom first" (a column: its top row first, so the last
    card named is the available one).  The cards not named go to the pile ``rest``, under the
    cards named for it, so every position holds both packs."""
    opts = GAME.resolve_options(options)
    order = names(options)
    cards_of = {n: [parse_card(t) for t in piles.get(n, "").split()] for n in order}
    named = Counter(c for cards in cards_of.values() for c in cards)
    cards_of[rest] = sorted((Counter(PACK) - named).elements()) + cards_of[rest]
    deck: list[Card] = []
    built = {}
    for n in order:
        built[n] = tuple(range(len(deck), len(deck) + len(cards_of[n])))
        deck.extend(cards_of[n])
    assert Counter(deck) == Counter(PACK)
    return FifteenState(deck=tuple(deck), piles=tuple(built[n] for n in order), down=(0,) * len(order),
                        opts=tuple(sorted(opts.items())), withdrawn=withdrawn)


def faces(state, name: str) -> list[str]:
    return [str(state.deck[c]) for c in state.piles[names().index(name)]]


# -- the deal and the table ------------------------------------------------------------------------
def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    assert faces(state, "t1") == ["6♥", "Q♠", "8♦", "10♦", "5♣", "Q♥", "Q♦"]
    assert faces(state, "t15") == ["A♥", "9♣", "J♠", "2♣", "Q♠", "K♥"]
    assert [faces(state, c)[0] for c in COLUMNS[:5]] == ["6♥", "7♥", "J♣", "8♣", "K♠"]   # the first row
    assert [len(faces(state, c)) for c in COLUMNS] == [7] * 14 + [6]
    assert all(c.face is not None for p in GAME.view(state, 0).piles for c in p.cards)   # all face up
    assert isinstance(state, FifteenState) and state.withdrawn == 0


def test_fifteen_columns_under_the_foundations():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    xs = [specs[c].x for c in COLUMNS]
    assert xs == sorted(xs) and len({specs[c].y for c in COLUMNS}) == 1
    assert all(specs[f].y < specs["t1"].y for f in ACES + KINGS)
    assert xs[0] < specs["a1"].x < specs["k4"].x < xs[-1]


# -- legal moves -----------------------------------------------------------------------------------
BOARD = dict(t2="9♣ A♠", t3="Q♦ K♥", t4="J♣ 5♦", t5="8♣ 6♦", t6="2♥ 4♦", t7="10♠ 7♥", t8="", t9="3♥ 8♥",
             a2="A♦ 2♦ 3♦", k2="K♣ Q♣", t1="7♠")


def test_legal_moves():
    state = position(**BOARD)
    legal = GAME.legal_actions(state, 0)
    cases = {
        "t2>a1": "an ace begins an ascending foundation",
        "t3>k1": "a king begins a descending one",
        "t6>a2": "the four of diamonds goes up on the three",
        "t4>t5": "the five of diamonds married down on the six",
        "t5>t4": "... or the six married up on the five",
        "t9>t7": "the eight of hearts on the seven of hearts",
        "t7>t8": "any available card into a lane",
    }
    for text, why in cases.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, (text, why)
        assert GAME.apply(state, action) != state
    after = GAME.apply(state, Move("t4", "t5"))
    assert faces(after, "t5") == ["8♣", "6♦", "5♦"] and faces(after, "t4") == ["J♣"]


def test_a_sequence_is_reversed_through_a_lane():
    """The book's example: a sequence from a ten down to a three, the ten wanted on a foundation.
    Laid card by card in the lane, three first, it ends with the ten free."""
    state = position(t2="Q♥ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠", t3="", a1="A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠")
    for _ in range(7):
        state = GAME.apply(state, Move("t2", "t3"))
    assert faces(state, "t3") == ["3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠"]
    assert faces(state, "t2") == ["Q♥", "10♠"]
    assert Move("t2", "a1") in GAME.legal_actions(state, 0)


# -- illegal moves, each with its law ------------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    cases = {
        "t4>t7": "building-on-the-tableau",      # the five of diamonds on the seven of hearts
        "t6>t5": "building-on-the-tableau",      # the four of diamonds on the six: one rank only
        "t2>t9*2": "available-cards",            # a covered card may not be used
        "t6>a1": "the-foundations",              # an ascending foundation begins with an ace
        "t9>a2": "the-foundations",              # the eight of hearts on the three of diamonds
        "a2>t8": "the-foundations",              # foundation cards stay
        "draw": "the-deal",                      # there is no pack
        "redeal": "the-deal",                    # and no re-deal
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_a_lone_card_does_not_move_from_lane_to_lane():
    state = position(**dict(BOARD, t10="7♦", t11=""))
    assert refusal(GAME, state, "t10>t11").rule == f"{ID}#spaces"


def test_the_four_aces_and_the_four_kings_are_of_different_suits():
    state = position(**dict(BOARD, t2="A♦"))
    exc = refusal(GAME, state, "t2>a1")
    assert exc.rule == f"{ID}#the-foundations" and "different suits" in exc.reason


# -- when the game cannot begin -------------------------------------------------------------------
STUCK = dict(t1="4♥", t2="5♣ 6♣ 7♣ 8♣ 9♣ A♥ 2♦", t3="5♦ 6♦ 7♦ 8♦ 9♦ K♠ 3♣", t4="5♥ 6♥ 7♥ 8♥ 9♥ A♣ 10♣",
             t5="J♠ J♠ J♥ J♥ 10♥ 2♥ 6♠")


def test_an_ace_and_a_king_may_be_drawn_from_the_sixth_row():
    state = position(**STUCK)
    assert not [a for a in GAME.legal_actions(state, 0) if a.count == 1 and a.dst in ACES + KINGS]
    withdraw = [a for a in GAME.legal_actions(state, 0) if a.count > 1]
    assert Move("t2", "a1", 2) in withdraw and Move("t3", "k1", 2) in withdraw
    after = GAME.apply(state, Move("t2", "a1", 2))
    assert faces(after, "a1") == ["A♥"]
    assert faces(after, "t2") == ["5♣", "6♣", "7♣", "8♣", "9♣", "2♦"]     # the card below closes up
    assert after.withdrawn == module.ACE_BIT
    # the second ace is refused: the exception grants one of each
    exc = refusal(GAME, after, "t4>a2*2")
    assert exc.rule == f"{ID}#when-the-game-cannot-begin" and "one ace and one king" in exc.reason
    # the king still may be drawn
    after = GAME.apply(after, Move("t3", "k1", 2))
    assert faces(after, "k1") == ["K♠"] and after.withdrawn == module.ACE_BIT | module.KING_BIT
    assert GAME.describe(state, Move("t2", "a1", 2)).startswith("draw the ace of hearts")


def test_the_exception_is_closed_once_play_has_begun():
    # an ace at the foot of a column: the game can begin, so no card is drawn from the sixth row
    state = position(**dict(STUCK, t6="A♠"))
    exc = refusal(GAME, state, "t2>a1*2")
    assert exc.rule == f"{ID}#when-the-game-cannot-begin"
    # after an ordinary card has gone home, never again
    begun = GAME.apply(state, Move("t6", "a1"))
    assert refusal(GAME, begun, "t3>k1*2").rule == f"{ID}#when-the-game-cannot-begin"
    # a card that is not in the sixth row is never drawn out
    assert refusal(GAME, position(**STUCK), "t2>a1*3").rule == f"{ID}#available-cards"


def test_option_no_exception():
    state = position({"exception": False}, **STUCK)
    assert not [a for a in GAME.legal_actions(state, 0) if a.count > 1]
    assert refusal(GAME, state, "t2>a1*2").rule == f"{ID}#when-the-game-cannot-begin"
    with pytest.raises(NotationError):
        GAME.resolve_options({"exception": "twice"})


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
    """No lane, no card home, no two free cards next to each other in a suit, the exception spent:
    the game is over.  (The rest of the packs lies buried in the first column.)"""
    feet = [f"{r}{s}" for s in "♠♥♦" for r in ("3", "5", "7", "9", "J")]
    state = position(withdrawn=3, **{c: foot for c, foot in zip(COLUMNS, feet)})
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (0,)


# -- helps for the player and the solver ----------------------------------------------------------
def test_safe_moves_home():
    state = position(**BOARD)
    # the ace of spades may go home without a thought only if no two of spades is left in play
    assert GAME.safe_home_move(state) is None
    bare = position(t2="9♣ 4♦", a2="A♦ 2♦ 3♦", rest="a1", t3="5♦ 5♦")
    assert GAME.safe_home_move(bare) is None                 # a five of diamonds could marry it
    assert GAME.safe_home_move(position(t2="9♣ 4♦", a2="A♦ 2♦ 3♦", rest="a1", t3="5♠")) == Move("t2", "a2")


def test_the_hint_finds_a_line_and_the_demo_wins_often():
    state = position(**BOARD)
    assert ai_hint(GAME, state, 0) in GAME.legal_actions(state, 0)
    won = 0
    for seed in range(6):
        result = play_demo(GAME, seed)
        assert result.finished or "no useful move" in result.summary, result.summary
        won += GAME.is_won(result.session.state)
    assert won >= 3


def _normal(state, action):
    """An engine move with the choice among lanes and among empty foundations left out."""
    _, index = GAME._specs_of(state)
    if action.dst in COLUMNS and not state.piles[index[action.dst]]:
        return action.src, "lane", action.count
    if action.dst in ACES + KINGS:
        return action.src, action.dst[0], action.count
    return action.src, action.dst, action.count


def test_the_solver_model_offers_the_engines_moves():
    """The compact model leaves out only another lane or another empty foundation of the same
    kind: its moves from a position are the engine's legal moves."""
    checked = 0

    def check_state(state):
        nonlocal checked
        if not state.deck:
            return
        model = FifteenModel(GAME, state)
        if model._forced:
            return
        firsts = {model.actions([label])[0] for label, _ in model.children(model.root())}
        assert {_normal(state, a) for a in firsts} == {_normal(state, a) for a in GAME.legal_actions(state, 0)}
        checked += 1
    for options in ({}, {"exception": False}):
        for seed in range(4):
            random_playout(GAME, seed, max_steps=40, options=options,
                           check=lambda session: check_state(session.state))
        for board in (STUCK, dict(STUCK, t6="A♠")):
            check_state(position(options, **board))
    assert checked > 100
    after = GAME.apply(position(**STUCK), Move("t2", "a1", 2))
    model = FifteenModel(GAME, after)
    assert any(label[0][0] == "down" and label[0][2][1] == 2 for label, _ in model.children(model.root()))


def test_the_solver_decides_deals_with_its_model():
    from compendium.ai.solver import Verdict, solve
    state = Session(GAME, seed=14).state
    result = solve(GAME, state, budget_s=20)
    assert result.verdict is Verdict.WINNABLE
    for action in result.line:
        state = GAME.apply(state, action)
    assert GAME.is_won(state)
    # a lost position is proven lost
    feet = [f"{r}{s}" for s in "♠♥♦" for r in ("3", "5", "7", "9", "J")]
    lost = position(withdrawn=3, **{c: foot for c, foot in zip(COLUMNS, feet)})
    assert solve(GAME, lost, budget_s=5).verdict is Verdict.LOST


def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "the_fifteen_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert session.options == {"exception": True}


def test_random_playouts_never_move_a_covered_card_but_by_the_exception():
    def check(session):
        state = session.state
        assert state.withdrawn in (0, 1, 2, 3)
        if state.deck:
            home = sum(len(state.piles[names().index(f)]) for f in ACES + KINGS)
            assert home >= bin(state.withdrawn).count("1")
    for options in ({}, {"exception": False}):
        for seed in range(4):
            random_playout(GAME, seed, options=options, check=check)


