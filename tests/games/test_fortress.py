"""Fortress: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import RANKS, SUITS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Fan, Move, PatienceState, PileKind, Redeal
from compendium.games.patience.fortress import GAME, LEFT, RIGHT

from .conformance import random_playout, refusal, view_cards

DATA = Path(__file__).parent / "data"
PAGE = Path(__file__).parents[2] / "resources" / "rules" / "fortress.md"


def position(options=None, **piles: str) -> PatienceState:
    """A Fortress position from text: pile="cards", bottom first (for a row: inner end first, so
    the last card named is the free one at the outer end).  Only the cards named are in play."""
    opts = GAME.resolve_options(options)
    specs = GAME.specs(opts)
    deck: list[Card] = []
    built = []
    for spec in specs:
        cards = [parse_card(t) for t in piles.get(spec.name, "").split()]
        built.append(tuple(range(len(deck), len(deck) + len(cards))))
        deck.extend(cards)
    assert len(set(deck)) == len(deck), "a card named twice"
    return PatienceState(deck=tuple(deck), piles=tuple(built), down=(0,) * len(specs),
                         opts=tuple(sorted(opts.items())))


def full_position(**piles: str) -> PatienceState:
    """As ``position``, with every card not named put home on the foundations in order."""
    named = {parse_card(t) for text in piles.values() for t in text.split()}
    for i, suit in enumerate(SUITS):
        name = f"f{i + 1}"
        if name in piles:
            continue
        run = []
        for rank in RANKS:
            card = Card(rank, suit)
            if card in named:
                break
            run.append(f"{rank.short}{suit.symbol}")
        piles[name] = " ".join(run)
    state = position(**piles)
    assert len(state.deck) == 52, "the position must hold the whole pack"
    return state


def top(state, name):
    _, index = GAME._specs_of(state)
    pile = state.piles[index[name]]
    return state.deck[pile[-1]] if pile else None


# -- the deal ------------------------------------------------------------------------------
def test_the_layout_is_two_groups_round_a_centre_column():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    assert [s.kind for s in specs.values()].count(PileKind.FOUNDATION) == 4
    assert all(specs[n].fan is Fan.LEFT for n in LEFT) and all(specs[n].fan is Fan.RIGHT for n in RIGHT)
    foundation_x = {specs[f"f{i}"].x for i in range(1, 5)}
    assert len(foundation_x) == 1
    fx = foundation_x.pop()
    # the inner ends of the rows line up on either side of the foundation column
    assert {specs[n].x for n in LEFT} == {fx - 1.35} and {specs[n].x for n in RIGHT} == {fx + 1.35}
    assert all(specs[n].room >= 3.0 for n in LEFT + RIGHT)  # room for about a dozen cards


def test_the_deal_is_fifty_two_cards_face_up():
    state = Session(GAME, seed=1).state
    view = GAME.view(state, 0)
    for group in (LEFT, RIGHT):
        assert [len(view.pile(n).cards) for n in group] == [5, 5, 5, 5, 6]
    assert all(c.face is not None for c in view_cards(view))
    assert sum(len(p.cards) for p in view.piles) == 52
    assert all(not view.pile(f"f{i}").cards for i in range(1, 5))


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version.  A left-hand row is
    listed inner end first, so its free card (the outer, left end) comes last."""
    view = GAME.view(Session(GAME, seed=1).state, 0)
    rows = {p.name: " ".join(str(c.face) for c in p.cards) for p in view.piles}
    assert rows["l1"] == "8♦ 8♥ 4♦ 9♣ 7♦"
    assert rows["r1"] == "5♠ J♦ 6♦ 9♠ J♣"
    assert rows["l5"] == "2♥ 4♣ A♣ 3♠ 3♦ 9♦"
    assert rows["r5"] == "8♣ 10♣ 3♥ 2♠ 9♥ 7♠"
    free = [str(view.pile(n).cards[-1].face) for n in LEFT + RIGHT]
    assert free == ["7♦", "5♦", "6♠", "6♣", "9♦", "J♣", "A♦", "4♠", "Q♦", "7♠"]
    # the deal goes line by line, left to right across both groups: the first card dealt is the
    # outer card of the top left-hand row
    assert state_first_card(1) == Card(Rank.SEVEN, Suit.DIAMONDS)


def state_first_card(seed):
    state = Session(GAME, seed=seed).state
    _, index = GAME._specs_of(state)
    assert 0 in state.piles[index["l1"]]
    assert state.piles[index["l1"]][-1] == 0
    return state.deck[0]


# -- legal moves ---------------------------------------------------------------------------
def test_legal_moves():
    state = position(l1="5♣ A♠", l2="9♥ 7♦", l3="K♣ 8♦", l4="", r1="3♠ 6♦", r2="2♥ 9♦",
                     r3="4♣ 2♠", f1="A♥", r5="Q♥ 8♥")
    legal = GAME.legal_actions(state, 0)
    cases = {
        "l1>f2": Card(Rank.ACE, Suit.SPADES),    # an ace starts a foundation
        "l2>l3": Card(Rank.SEVEN, Suit.DIAMONDS),  # 7♦ married down on 8♦
        "l3>r2": Card(Rank.EIGHT, Suit.DIAMONDS),  # 8♦ married up on 9♦ ...
        "l2>r1": Card(Rank.SEVEN, Suit.DIAMONDS),  # ... and 7♦ married up on 6♦
        "r5>l4": Card(Rank.EIGHT, Suit.HEARTS),    # any free card into a lane
    }
    for text, card in cases.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, text
        after = GAME.apply(state, action)
        assert top(after, action.dst) == card, text
    # a row's next card becomes free when the outer one goes
    after = GAME.apply(state, Move("l2", "l3"))
    assert top(after, "l2") == Card(Rank.NINE, Suit.HEARTS)
    # the foundation goes on up in suit
    after = GAME.apply(GAME.apply(state, Move("l1", "f2")), Move("r3", "f2"))
    assert top(after, "f2") == Card(Rank.TWO, Suit.SPADES)


def test_a_lane_reverses_a_sequence():
    """The book's use of lanes: a sequence married upwards is turned round, card by card."""
    state = position(l1="2♥ 3♥ 4♥", l2="", f1="A♥", r1="K♠")
    for _ in range(3):
        state = GAME.apply(state, Move("l1", "l2"))
    assert [str(state.deck[c]) for c in state.piles[GAME._index(GAME.resolve_options())["l2"]]] == \
        ["4♥", "3♥", "2♥"]
    state = GAME.apply(state, Move("l2", "f1"))
    assert top(state, "f1") == Card(Rank.TWO, Suit.HEARTS)


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(l1="5♣ 2♠", l2="9♥ 7♦", l3="K♣ 8♣", l4="", r1="3♠ 6♦", r2="2♥ 9♦",
                     f1="A♥", r4="J♠", r5="Q♥ 4♥")
    cases = {
        "l2>l3": "building-on-the-tableau",  # 7♦ on 8♣: not the same suit
        "r1>r2": "building-on-the-tableau",  # 6♦ on 9♦: not next in rank
        "l1>f2": "the-foundations",  # a foundation must begin with an ace
        "r5>f1": "the-foundations",  # 4♥ on A♥: the foundation goes up one at a time
        "f1>l4": "the-foundations",  # no card comes back from a foundation (the book)
        "l3>r2*2": "available-cards",  # the inner card of a row is not free
        "r4>l4": "spaces",           # a lone card from one lane to another changes nothing
        "draw": "the-stock-and-waste",
        "redeal": "re-deals",
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"fortress#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason
    assert "outside card" in refusal(GAME, state, "l3>r2*2").reason
    assert Draw() not in GAME.legal_actions(state, 0) and Redeal() not in GAME.legal_actions(state, 0)


def test_the_option_lets_cards_come_back_from_the_foundations():
    text = dict(l1="5♣ 2♠", l4="", f1="A♥ 2♥", r1="3♥")
    book = position(**text)
    assert refusal(GAME, book, "f1>l4").rule == "fortress#the-foundations"
    assert Move("f1", "l4") not in GAME.legal_actions(book, 0)
    modern = position({"from_foundation": True}, **text)
    assert refusal(GAME, modern, "f1>l4*2").rule == "fortress#moving-runs"   # still one card at a time
    assert Move("f1", "l4") in GAME.legal_actions(modern, 0)
    assert Move("f1", "r1") in GAME.legal_actions(modern, 0)   # 2♥ back onto 3♥
    after = GAME.apply(modern, Move("f1", "r1"))
    assert top(after, "r1") == Card(Rank.TWO, Suit.HEARTS) and top(after, "f1") == Card(Rank.ACE, Suit.HEARTS)


# -- the end of the game -------------------------------------------------------------------
def test_a_won_position():
    state = full_position()
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (52,)
    assert outcome.rule == "fortress#end-of-the-game"


def test_a_blocked_position_is_lost():
    # The two of clubs lies under the king of clubs, and nothing can move: every free card is
    # far in rank from the others, and no row is empty.
    state = position(l1="2♣ K♣", l2="2♦ J♦", l3="2♥ 9♥", l4="2♠ 7♠", l5="3♣ 5♣",
                     r1="3♦ K♦", r2="3♥ J♥", r3="3♠ 9♠", r4="4♣ 7♣", r5="4♦ 5♦",
                     f1="A♣", f2="A♦", f3="A♥", f4="A♠")
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,)
    assert outcome.scores == (4,) and "4 cards on the foundations" in outcome.reason


def test_almost_won_is_not_over():
    state = full_position(l1="K♠")
    assert not GAME.is_won(state)
    assert GAME.legal_actions(state, 0) == (Move("l1", "f4"),)
    assert GAME.is_won(GAME.apply(state, Move("l1", "f4")))


# -- a whole game --------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "fortress_win.json")
    session = Session.from_record(records.loads(text), game=GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (52,)
    assert outcome.rule == "fortress#end-of-the-game"


def test_the_hint_plays_a_winnable_deal_out():
    session = Session(GAME, seed=8)
    slowest = 0.0
    while session.to_move() == 0:
        t = time.process_time()      # CPU time: the budget is, so a busy machine measures alike
        action = ai_hint(GAME, session.state, 0)
        slowest = max(slowest, time.process_time() - t)
        assert action is not None
        session.play(action)
    assert GAME.is_won(session.state)
    assert slowest < 0.6   # the search is budgeted to about 0.15 s; the slowest takes 0.08 s today


def test_the_hint_sends_an_ace_home():
    state = position(l1="5♣ A♠", l2="9♥ 7♦", l3="K♣ 8♦")
    assert ai_hint(GAME, state, 0) == Move("l1", "f1")


def test_the_hint_gives_up_when_nothing_helps():
    state = position(l1="2♣ K♣", l2="2♦ J♦", l3="2♥ 9♥", l4="2♠ 7♠", l5="3♣ 5♣",
                     r1="3♦ K♦", r2="3♥ J♥", r3="3♠ 9♠", r4="7♣ 5♦", r5="4♦ 6♦",
                     f1="A♣", f2="A♦", f3="A♥", f4="A♠")
    assert set(GAME.legal_actions(state, 0)) == {Move("r4", "r5"), Move("r5", "r4")}  # a shuttle ...
    assert ai_hint(GAME, state, 0) is None       # ... but that leads nowhere


@pytest.mark.parametrize("seed", range(6))
def test_the_demo_ends(seed):
    result = play_demo(GAME, seed)
    session = result.session
    if session.to_move() is Special.TERMINAL:
        assert session.outcome() is not None
    assert result.steps < 5000


# -- the shared conformance checks ---------------------------------------------------------
def every_card_once(session):
    ids = [c.id for c in view_cards(GAME.view(session.state, 0))]
    assert sorted(ids) == list(range(52))


def test_views_hide_nothing_because_nothing_is_face_down():
    def check(session):
        state = session.state
        assert all(d == 0 for d in state.down)
        for vc in view_cards(GAME.view(state, 0)):
            assert vc.face == state.deck[vc.id]
    random_playout(GAME, 3, check=check)


# -- the rules page ------------------------------------------------------------------------


def test_the_page_names_the_books_slip():
    text = PAGE.read_text(encoding="utf-8")
    assert "descend" in text and "upwards" in text
