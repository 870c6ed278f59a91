"""Napoleon at St. Helena (Forty Thieves): the book's rules, with the law that decides each refusal."""
from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move, PatienceState, Redeal
from compendium.games.patience.napoleon_at_st_helena import GAME
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import random_playout, refusal, view_cards

DATA = Path(__file__).parent / "data"
ID = "napoleon_at_st_helena"
SUITS = "♣♦♥♠"
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def position(options=None, rest="s", **piles: str) -> PatienceState:
    """A position from text: pile="cards bottom first", all face up.  The cards not named go to
    the pile ``rest`` (the stock, face down, by default; or the talon), so that every position
    holds both packs exactly."""
    opts = GAME.resolve_options(options)
    specs = GAME.specs(opts)
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for spec in specs:
        cards = [parse_card(t) for t in piles.get(spec.name, "").split()]
        built[spec.name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    left = Counter(PACKS["2x52"]) - Counter(deck)
    assert not Counter(deck) - Counter(PACKS["2x52"]), "more cards than two packs hold"
    extra = [c for c in PACKS["2x52"] if left[c] and not left.subtract([c])]
    if extra:
        ids = tuple(range(len(deck), len(deck) + len(extra)))
        deck.extend(extra)
        built[rest] = ids + built[rest] if rest == "w" else built[rest] + ids
    down = tuple(len(built[s.name]) if s.name == "s" else 0 for s in specs)
    return PatienceState(deck=tuple(deck), piles=tuple(built[s.name] for s in specs), down=down,
                         opts=tuple(sorted(opts.items())))


def suit_run(suit: str, low: int, high: int) -> str:
    return " ".join(f"{RANKS[r - 1]}{suit}" for r in range(low, high + 1))


def top(state, name):
    pile = state.piles[GAME._index(GAME.options_of(state))[name]]
    return state.deck[pile[-1]] if pile else None


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_is_ten_columns_of_four_all_face_up():
    state = Session(GAME, seed=1).state
    view = GAME.view(state, 0)
    for n in range(1, 11):
        cards = view.pile(f"t{n}").cards
        assert len(cards) == 4 and all(c.face is not None for c in cards)
    stock = view.pile("s").cards
    assert len(stock) == 64 and all(c.face is None for c in stock)
    assert not view.pile("w").cards
    assert all(not view.pile(f"f{n}").cards for n in range(1, 9))
    assert view.total == 104 and view.score == 0


def test_the_deal_goes_in_rows_from_left_to_right():
    state = Session(GAME, seed=1).state
    index = GAME._index(GAME.options_of(state))
    # physical ids are given in dealing order: the first row is 0..9, the second 10..19, ...
    assert state.piles[index["t1"]] == (0, 10, 20, 30)
    assert state.piles[index["t10"]] == (9, 19, 29, 39)


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    view = GAME.view(Session(GAME, seed=1).state, 0)
    assert [str(c.face) for c in view.pile("t1").cards] == ["6♥", "5♣", "J♣", "8♦"]
    feet = [str(view.pile(f"t{n}").cards[-1].face) for n in range(1, 11)]
    assert feet == ["8♦", "9♦", "Q♦", "3♦", "6♣", "7♦", "A♠", "A♦", "A♠", "6♦"]


# -- legal moves ---------------------------------------------------------------------------
def test_legal_moves():
    state = position(t1="9♠ A♦", t2="5♥ 8♣", t3="", t4="K♥ 7♣", t5="3♦ 2♥", t6="J♠ 6♥",
                     t7="4♣ 10♠", t8="Q♦", t9="2♦ 7♥", t10="6♠ 9♠", f1="A♥", w="5♦ 7♣")
    index = GAME._index(GAME.options_of(state))
    cases = {
        "t1>f2": Card(Rank.ACE, Suit.DIAMONDS),     # an ace starts a foundation
        "t5>f1": Card(Rank.TWO, Suit.HEARTS),       # two of hearts on its ace
        "t4>t2": Card(Rank.SEVEN, Suit.CLUBS),      # married down in suit: 7♣ on 8♣
        "w>t2": Card(Rank.SEVEN, Suit.CLUBS),       # from the talon onto the tableau
        "t9>t3": Card(Rank.SEVEN, Suit.HEARTS),     # any available card fills a lane
        "w>t3": Card(Rank.SEVEN, Suit.CLUBS),       # ... the talon's too
        "t6>t9": Card(Rank.SIX, Suit.HEARTS),       # 6♥ on 7♥
    }
    legal = GAME.legal_actions(state, 0)
    for text, card in cases.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, text
        after = GAME.apply(state, action)
        assert top(after, action.dst) == card, text
        assert len(after.piles[index[action.src]]) == len(state.piles[index[action.src]]) - 1
    # the card it covered becomes available
    after = GAME.apply(state, Move("t4", "t2"))
    assert top(after, "t4") == Card(Rank.KING, Suit.HEARTS)
    # turning the stock lays one card face up on the talon
    assert Draw() in legal
    drawn = GAME.apply(state, Draw())
    view = GAME.view(drawn, 0)
    assert len(view.pile("w").cards) == 3 and view.pile("w").cards[-1].face is not None
    assert len(view.pile("s").cards) == len(GAME.view(state, 0).pile("s").cards) - 1


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(t1="9♠ 2♦", t2="5♥ 8♣", t3="", t4="K♥ 7♥", t5="3♦ 8♠ 7♠", t6="J♠ 6♥",
                     t7="4♣ 10♠", t8="Q♦", t9="2♦ 7♥", t10="6♠ 9♠", f1="A♥", w="5♦ 7♣")
    cases = {
        "t4>t2": "building-on-the-tableau",   # 7♥ on 8♣: not in suit
        "t7>t4": "building-on-the-tableau",   # 10♠ on 7♥: wrong rank and suit
        "t1>f2": "the-foundations",           # a foundation starts with an ace
        "t6>f1": "the-foundations",           # 6♥ on A♥: not the next card
        "t5>t3*2": "moving-runs",             # the book moves one card at a time
        "f1>t3": "the-foundations",           # nothing comes back from a foundation
        "s>w": "turning-up-cards",            # a face-down stock card is not moved by hand
        "t8>t3": "spaces",                    # a lone card moved from lane to lane changes nothing
        "w>t9": "building-on-the-tableau",    # 7♣ on 7♥
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)


def test_no_redeal_and_no_draw_from_an_empty_stock():
    state = position(rest="w", s="", t1="K♣")
    exc = refusal(GAME, state, "draw")
    assert exc.rule == f"{ID}#the-stock-and-waste" and "empty" in exc.reason
    exc = refusal(GAME, state, "redeal")
    assert exc.rule == f"{ID}#the-stock-and-waste" and "only once" in exc.reason
    assert Redeal() not in GAME.legal_actions(state, 0)


# -- the options ---------------------------------------------------------------------------
def test_option_lanes_from_the_talon_only():
    piles = dict(t1="9♠ 2♦", t3="", t9="2♦ 7♥", w="5♦ 7♣")
    book = position(**piles)
    assert Move("t9", "t3") in GAME.legal_actions(book, 0)
    strict = position({"lanes": "talon"}, **piles)
    exc = refusal(GAME, strict, "t9>t3")
    assert exc.rule == f"{ID}#spaces" and "talon" in exc.reason
    assert Move("t9", "t3") not in GAME.legal_actions(strict, 0)
    assert Move("w", "t3") in GAME.legal_actions(strict, 0)
    # the card may still be married on the tableau or go home under this option
    assert GAME.apply(strict, Move("w", "t3")) is not None


def test_option_sequences_move_together():
    piles = dict(t1="4♣ 9♠", t2="K♥ 8♠ 7♠ 6♠", t3="", t4="2♦ 10♦")
    book = position(**piles)
    assert refusal(GAME, book, "t2>t1*3").rule == f"{ID}#moving-runs"
    assert Move("t2", "t1", 3) not in GAME.legal_actions(book, 0)
    runs = position({"runs": "runs"}, **piles)
    legal = GAME.legal_actions(runs, 0)
    assert Move("t2", "t1", 3) in legal and Move("t2", "t3", 3) in legal
    after = GAME.apply(runs, Move("t2", "t1", 3))
    assert [str(after.deck[c]) for c in after.piles[GAME._index(GAME.options_of(after))["t1"]]] == \
        ["4♣", "9♠", "8♠", "7♠", "6♠"]
    # a broken sequence does not move as one
    assert refusal(GAME, runs, "t2>t1*4").rule == f"{ID}#moving-runs"


# -- the end of the game -------------------------------------------------------------------
def test_a_won_position():
    foundations = {f"f{2 * i + k + 1}": suit_run(s, 1, 13) for i, s in enumerate(SUITS) for k in range(2)}
    state = position(s="", **foundations)
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_a_blocked_position_is_lost():
    """Stock used up, the talon's top card fits nowhere, and no column card can move."""
    feet = "K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣ J♠ J♥".split()
    aces = {f"f{i + 1}": f"A{SUITS[i // 2]}" for i in range(8)}
    state = position(rest="w", s="", **{f"t{i + 1}": c for i, c in enumerate(feet)}, **aces)
    # put a card that fits nowhere on top of the talon
    index = GAME._index(GAME.options_of(state))
    waste = list(state.piles[index["w"]])
    blocker = next(i for i in waste if state.deck[i] == Card(Rank.THREE, Suit.SPADES))
    waste.remove(blocker)
    waste.append(blocker)
    piles = list(state.piles)
    piles[index["w"]] = tuple(waste)
    state = dataclasses.replace(state, piles=tuple(piles))
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (8,)
    assert "8 cards" in outcome.reason and outcome.rule == f"{ID}#end-of-the-game"


# -- the shared conformance checks ---------------------------------------------------------
OPTION_SETS = [{}, {"lanes": "talon"}, {"runs": "runs"}, {"lanes": "talon", "runs": "runs"}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_random_playouts_keep_every_card_and_hide_the_stock(options):
    def check(session):
        state = session.state
        view = GAME.view(state, 0)
        ids = [c.id for c in view_cards(view)]
        assert sorted(ids) == list(range(104))
        assert Counter(state.deck) == Counter(PACKS["2x52"])
        hidden = {c for pile, down in zip(state.piles, state.down) for c in pile[:down]}
        for vc in view_cards(view):
            assert (vc.face is None) == (vc.id in hidden)
        # shuffling the hidden faces among themselves changes no view
        if len(hidden) > 1:
            order = sorted(hidden)
            deck = list(state.deck)
            faces = [deck[c] for c in order]
            for c, f in zip(order, faces[1:] + faces[:1]):
                deck[c] = f
            other = dataclasses.replace(state, deck=tuple(deck))
            assert GAME.view(other, 0) == view and GAME.view(other, None) == GAME.view(state, None)
        for action in session.legal_actions():
            text = GAME.action_to_str(action)
            assert GAME.action_from_str(state, text) == action, text
    for seed in range(3):
        random_playout(GAME, seed, options=options, check=check)


# -- a whole game --------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / f"{ID}_win.json")
    session = Session.from_record(records.loads(text), game=GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_the_demo_ends_every_game():
    for seed in range(6):
        result = play_demo(GAME, seed)
        assert result.finished or result.summary.startswith("no useful move"), result.summary


def test_the_hint_plays_home_first_and_stops_when_won():
    state = position(t1="9♠ A♦", t2="5♥ 8♣", t4="K♥ 7♣")
    assert ai_hint(GAME, state, 0) == Move("t1", "f1")
    foundations = {f"f{2 * i + k + 1}": suit_run(s, 1, 13) for i, s in enumerate(SUITS) for k in range(2)}
    assert ai_hint(GAME, position(s="", **foundations), 0) is None


def test_the_hint_turns_the_stock_when_nothing_helps():
    feet = "K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣ J♠ J♥".split()
    aces = {f"f{i + 1}": f"A{SUITS[i // 2]}" for i in range(8)}
    state = position(**{f"t{i + 1}": c for i, c in enumerate(feet)}, **aces)
    assert ai_hint(GAME, state, 0) == Draw()


# -- the rules page ------------------------------------------------------------------------
def page_anchors() -> set[str]:
    text = (rules_dir() / f"{ID}.md").read_text(encoding="utf-8")
    assert "<!-- piles -->" in text
    text = text.replace("<!-- piles -->", "### Piles\n\n" + GAME.piles_markdown() + "\n", 1)
    links = [t for t in rulesdoc.links(text) if t.startswith("#")]
    anchors = rulesdoc.anchors(text)
    assert [t for t in links if t[1:] not in anchors] == []
    return anchors


def test_the_rules_page_sections():
    anchors = page_anchors()
    for section in ("players-and-equipment", "the-deal", "piles", "the-foundations", "the-play", "spaces",
                    "the-stock-and-waste", "re-deals", "end-of-the-game", "laws-and-irregularities",
                    "variants", "hints", "sources-and-decisions"):
        assert section in anchors, section


# -- the solver's hooks --------------------------------------------------------------------
def test_only_cards_nobody_can_want_go_home_unasked():
    # an ace, and a two, always
    assert GAME.safe_home_move(position(t1="9♠ A♦")) == Move("t1", "f1")
    assert GAME.safe_home_move(position(t1="9♠ 2♥", f1="A♥")) == Move("t1", "f1")
    # a five of hearts while a four of hearts is still in play: it might be wanted to marry on
    unsafe = position(t1="9♠ 5♥", t2="4♥", f1=suit_run("♥", 1, 4))
    assert GAME.safe_home_move(unsafe) is None
    assert Move("t1", "f1") in GAME.legal_actions(unsafe, 0)
    # once both fours of hearts are home, it is safe
    safe = position(t1="9♠ 5♥", f1=suit_run("♥", 1, 4), f2=suit_run("♥", 1, 4))
    assert GAME.safe_home_move(safe) in (Move("t1", "f1"), Move("t1", "f2"))


def test_columns_that_differ_only_in_order_are_one_position_to_the_solver():
    a = position(t1="9♠ 5♥", t2="K♣ 3♦", f1="A♥")
    index = GAME._index(GAME.options_of(a))
    piles = list(a.piles)
    piles[index["t1"]], piles[index["t2"]] = piles[index["t2"]], piles[index["t1"]]
    swapped = dataclasses.replace(a, piles=tuple(piles))
    assert GAME.canonical_key(swapped) == GAME.canonical_key(a)
    # a real difference is not merged
    moved = GAME.apply(a, Draw())
    assert GAME.canonical_key(moved) != GAME.canonical_key(a)


def test_the_solver_finishes_an_almost_won_game():
    from compendium.ai.solver import Verdict, solve
    foundations = {f"f{2 * i + k + 1}": suit_run(s, 1, 13) for i, s in enumerate(SUITS) for k in range(2)}
    foundations["f1"] = suit_run("♣", 1, 10)
    foundations["f2"] = suit_run("♣", 1, 11)
    state = position(s="", t1="Q♣ J♣ K♣", t2="Q♣", t3="K♣", **foundations)
    result = solve(GAME, state, budget_s=10)
    assert result.verdict is Verdict.WINNABLE
    for action in result.line:
        state = GAME.apply(state, action)
    assert GAME.is_won(state)
