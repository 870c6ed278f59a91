"""Nestor: the book's deal and pairing rules, with the law that decides each refusal."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.rng import shuffled
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move, PatienceState
from compendium.games.patience.nestor import COLUMN_NAMES, GAME, RESERVE_NAMES, deal_columns

from .conformance import random_playout, refusal, view_cards

DATA = Path(__file__).parent / "data"
PAGE = Path(__file__).parents[2] / "resources" / "rules" / "nestor.md"


def position(options=None, down: dict[str, int] | None = None, **piles: str) -> PatienceState:
    """A Nestor position from text: pile="cards", bottom first (a column: top line first, so the
    last card named is the free one).  ``down`` gives the face-down cards of a pile (the reserve
    pack).  Only the cards named are in play."""
    opts = GAME.resolve_options(options)
    specs = GAME.specs(opts)
    deck: list[Card] = []
    built = []
    for spec in specs:
        cards = [parse_card(t) for t in piles.get(spec.name, "").split()]
        built.append(tuple(range(len(deck), len(deck) + len(cards))))
        deck.extend(cards)
    assert len(set(deck)) == len(deck), "a card named twice"
    downs = tuple((down or {}).get(s.name, 0) for s in specs)
    return PatienceState(deck=tuple(deck), piles=tuple(built), down=downs, opts=tuple(sorted(opts.items())))


def cards_of(state, name):
    _, index = GAME._specs_of(state)
    return [str(state.deck[c]) for c in state.piles[index[name]]]


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_is_eight_columns_of_six_and_a_reserve_of_four():
    state = Session(GAME, seed=1).state
    view = GAME.view(state, 0)
    for name in COLUMN_NAMES:
        cards = view.pile(name).cards
        assert len(cards) == 6 and all(c.face is not None for c in cards)
    stock = view.pile("s").cards
    assert len(stock) == 4 and all(c.face is None for c in stock)
    assert all(not view.pile(n).cards for n in RESERVE_NAMES) and not view.pile("f").cards


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version (top line first)."""
    state = Session(GAME, seed=1).state
    assert " ".join(cards_of(state, "t1")) == "7♦ 9♠ 4♥ J♠ 5♣ 10♣"
    assert " ".join(cards_of(state, "t8")) == "6♦ 7♥ 10♠ A♠ 8♣ Q♦"
    free = [cards_of(state, n)[-1] for n in COLUMN_NAMES]
    assert free == ["10♣", "3♥", "2♠", "7♠", "J♥", "Q♠", "Q♥", "Q♦"]
    # the four cards left over are the reserve, the first of them on top (turned first)
    assert cards_of(state, "s") == ["6♥", "9♥", "3♠", "3♦"]
    state = Session(GAME, {"turn_when": "any"}, seed=1).state
    turned = GAME.apply(state, Draw())
    assert cards_of(turned, "r1") == ["3♦"]


@pytest.mark.parametrize("seed", range(40))
def test_no_column_repeats_a_rank(seed):
    state = Session(GAME, seed=seed).state
    for name in COLUMN_NAMES:
        ranks = [parse_card(c).rank for c in cards_of(state, name)]
        assert len(set(ranks)) == 6


def test_a_repeated_card_goes_to_the_bottom_of_the_pack():
    # The pack in dealing order: the ninth card (first of line two, column one) repeats the rank
    # of the first, so it goes under the pack and the tenth card takes its place.
    pack = list(PACKS["52"])                     # A♣ 2♣ ... K♣ A♦ ...
    order = pack[:8] + [pack[13]] + pack[8:13] + pack[14:]   # A♦ is the ninth card: repeats A♣
    columns, rest, forced = deal_columns(order)
    assert forced == 0
    assert [order[c] for c in columns[0][:2]] == [Card(Rank.ACE, Suit.CLUBS), Card(Rank.NINE, Suit.CLUBS)]
    assert Card(Rank.ACE, Suit.DIAMONDS) in [order[c] for col in columns[1:] for c in col] + \
        [order[c] for c in rest]
    for col in columns:
        assert len({order[c].rank for c in col}) == len(col) == 6


def test_a_deadlocked_deal_places_the_card_anyway():
    """Deal 49 comes to a column where every card left repeats one of its ranks (the book is
    silent): the top card is dealt all the same, and nothing is lost."""
    deck = shuffled(PACKS["52"], 49)
    columns, rest, forced = deal_columns(deck)
    assert forced == 1
    assert sum(len(c) for c in columns) == 48 and len(rest) == 4
    assert sorted([c for col in columns for c in col] + rest) == list(range(52))
    repeats = [col for col in columns if len({deck[c].rank for c in col}) < 6]
    assert len(repeats) == 1
    session = Session(GAME, seed=49)
    assert sorted(c.id for c in view_cards(GAME.view(session.state, 0))) == list(range(52))


# -- legal moves ---------------------------------------------------------------------------
def test_legal_pairs():
    state = position(t1="9♠ 5♣", t2="K♦ 5♥", t3="Q♣ 5♦", t4="8♥ J♠", t5="", r1="J♦", r2="7♣",
                     s="7♥", down={"s": 1}, f="2♠ 2♦")
    legal = GAME.legal_actions(state, 0)
    for text in ("t1>t2", "t2>t1", "t1>t3", "t3>t2",   # the three free fives, any two of them
                 "t4>r1", "r1>t4"):                   # a column card with a turned reserve card
        assert GAME.action_from_str(state, text) in legal, text
    after = GAME.apply(state, Move("t1", "t2"))
    assert cards_of(after, "t1") == ["9♠"] and cards_of(after, "t2") == ["K♦"]   # the cards above come free
    assert cards_of(after, "f") == ["2♠", "2♦", "5♣", "5♥"]                       # the pair is discarded
    after = GAME.apply(state, Move("r1", "t4"))
    assert cards_of(after, "r1") == [] and cards_of(after, "t4") == ["8♥"]
    assert Draw() not in legal                                                    # pairs are left


def test_the_reserve_is_turned_when_no_pair_is_left():
    state = position(t1="9♠ 5♣", t2="K♦ 4♥", r1="7♣", s="5♥ J♦", down={"s": 2})
    assert GAME.legal_actions(state, 0) == (Draw(),)
    state = GAME.apply(state, Draw())
    assert cards_of(state, "r1") == ["7♣"] and cards_of(state, "r2") == ["J♦"]   # the next free place
    assert GAME.view(state, 0).pile("r2").cards[-1].face == Card(Rank.JACK, Suit.DIAMONDS)
    assert GAME.legal_actions(state, 0) == (Draw(),)                            # still no pair
    state = GAME.apply(state, Draw())
    assert cards_of(state, "r3") == ["5♥"]
    assert set(GAME.legal_actions(state, 0)) == {Move("t1", "r3"), Move("r3", "t1")}
    # a card turned earlier stays free: pair two reserve cards
    state = position(r1="7♣", r2="7♦", t1="K♠")
    assert Move("r1", "r2") in GAME.legal_actions(state, 0)


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(t1="9♠ 5♣", t2="K♦ 5♥", t3="Q♣ 4♦", t4="", r1="J♦", s="7♥", down={"s": 1},
                     f="2♠ 2♦")
    cases = {
        "t1>t3": "pairing",           # 5♣ and 4♦ are no pair
        "t1>f": "pairing",            # a pair is made card on card, not on the heap
        "f>t1": "the-foundations",    # the discard heap is out of play
        "t1>t4": "spaces",            # an empty column is never filled
        "t1>t2*2": "available-cards", # only the lowest card of a column is free
        "draw": "turning-up-cards",   # a pair is left, so the reserve waits (the book)
        "s>t1": "turning-up-cards",   # a face-down reserve card is not free
        "t1>s": "turning-up-cards",
        "redeal": "re-deals",
        "t1>t1": "pairing",
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"nestor#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason
    assert "fives can still be paired" in refusal(GAME, state, "draw").reason
    assert "no pair" in refusal(GAME, state, "t1>t3").reason


# -- the options ---------------------------------------------------------------------------
def test_the_open_reserve_lies_face_up_from_the_start():
    session = Session(GAME, {"reserve": "open"}, seed=1)
    view = GAME.view(session.state, 0)
    names = [p.name for p in view.piles]
    assert "s" not in names
    reserve = [view.pile(n).cards for n in RESERVE_NAMES]
    assert all(len(c) == 1 and c[0].face is not None for c in reserve)
    assert Draw() not in GAME.legal_actions(session.state, 0)
    book = Session(GAME, seed=1).state
    # the same four cards, now open
    hidden = sorted(str(book.deck[c]) for c in book.piles[0])
    assert sorted(str(c[0].face) for c in reserve) == hidden
    assert refusal(GAME, session.state, "draw").rule == "nestor#the-reserve"


def test_turning_at_any_time():
    text = dict(t1="9♠ 5♣", t2="K♦ 5♥", s="7♥", down={"s": 1})
    book = position(**text)
    assert Draw() not in GAME.legal_actions(book, 0)
    free = position({"turn_when": "any"}, **text)
    assert Draw() in GAME.legal_actions(free, 0)
    assert cards_of(GAME.apply(free, Draw()), "r1") == ["7♥"]


# -- the end of the game -------------------------------------------------------------------
def test_a_won_game():
    from compendium.core.cards import standard_pack
    state = position(f=" ".join(str(c) for c in standard_pack()))
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (52,)
    assert outcome.rule == "nestor#end-of-the-game" and "paired" in outcome.reason


def test_the_last_pair_wins():
    from compendium.core.cards import standard_pack
    rest = [c for c in standard_pack() if c not in (Card(Rank.KING, Suit.CLUBS), Card(Rank.KING, Suit.HEARTS))]
    state = position(f=" ".join(str(c) for c in rest), t3="K♣", r2="K♥")
    assert set(GAME.legal_actions(state, 0)) == {Move("t3", "r2"), Move("r2", "t3")}
    assert GAME.is_won(GAME.apply(state, Move("r2", "t3")))


def test_a_blocked_game_is_lost():
    # The two queens lie above one another's partners: no pair, and the reserve is used up.
    state = position(t1="Q♠ 3♣", t2="3♠ Q♥", t3="8♣", f="2♠ 2♦")
    assert GAME.legal_actions(state, 0) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (2,)
    assert "no pair is left" in outcome.reason and outcome.rule == "nestor#end-of-the-game"
    # while a reserve card is still face down, the game goes on
    state = position(t1="Q♠ 3♣", t2="Q♥ 7♦", s="8♣", down={"s": 1})
    assert GAME.to_move(state) == 0 and GAME.legal_actions(state, 0) == (Draw(),)


# -- the hint and the demo -----------------------------------------------------------------
def test_the_hint_prefers_the_pair_that_frees_a_match():
    # Three free fives (the fourth is gone): pairing the two from t1 and t3 frees the knave and
    # the nine that match the free knave and nine; the other choices free a king that matches
    # nothing, and leave two of the other cards stuck.
    state = position({"reserve": "open"}, t1="J♠ 5♣", t2="K♦ 5♥", t3="9♣ 5♦", t4="J♥", t5="9♦",
                     f="5♠ 2♠")
    hint = ai_hint(GAME, state, 0)
    assert {hint.src, hint.dst} == {"t1", "t3"}


def test_the_hint_turns_the_reserve_when_stuck_and_plays_a_deal_out():
    state = position(t1="9♠ 5♣", t2="K♦ 4♥", s="5♥", down={"s": 1})
    assert ai_hint(GAME, state, 0) == Draw()
    text = records.read_text(DATA / "nestor_win.json")
    record = records.loads(text)
    session = Session(GAME, record.options, seed=record.seed)
    while session.to_move() == 0:
        session.play(ai_hint(GAME, session.state, 0))
    assert GAME.is_won(session.state)


def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "nestor_win.json")
    session = Session.from_record(records.loads(text), game=GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (52,)


@pytest.mark.parametrize("options", [{}, {"reserve": "open"}, {"turn_when": "any"}])
def test_the_demo_ends(options):
    for seed in range(4):
        result = play_demo(GAME, seed, options)
        if result.session.to_move() is Special.TERMINAL:
            assert result.session.outcome() is not None


# -- the shared conformance checks ---------------------------------------------------------
def every_card_once(session):
    ids = [c.id for c in view_cards(GAME.view(session.state, 0))]
    assert sorted(ids) == list(range(52))


def test_views_never_leak_a_reserve_card():
    """Shuffling the faces of the face-down reserve cards leaves every view unchanged."""
    def check(session):
        state = session.state
        hidden = [c for pile, down in zip(state.piles, state.down) for c in pile[:down]]
        for vc in view_cards(GAME.view(state, 0)):
            assert (vc.face is None) == (vc.id in hidden)
        if len(hidden) < 2:
            return
        deck = list(state.deck)
        faces = [deck[c] for c in hidden]
        for c, f in zip(hidden, faces[1:] + faces[:1]):
            deck[c] = f
        other = dataclasses.replace(state, deck=tuple(deck))
        assert GAME.view(other, 0) == GAME.view(state, 0)
    for seed in range(6):
        random_playout(GAME, seed, check=check)


# -- the rules page ------------------------------------------------------------------------


def test_the_piles_table_follows_the_options():
    assert "Reserve pack" in GAME.piles_markdown()
    assert "Reserve pack" not in GAME.piles_markdown({"reserve": "open"})

