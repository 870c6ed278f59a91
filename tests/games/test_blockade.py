"""The Blockade: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, RANKS, Card, Suit
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.blockade import GAME
from compendium.games.patience.engine import Draw, Move, PatienceState
from compendium.reference import rules_html as rulesdoc

from . import cadogan_helpers
from .conformance import random_playout, refusal, view_cards

DATA = Path(__file__).parent / "data"
ID = "the_blockade"
COLUMNS = [f"t{i + 1}" for i in range(12)]
ORDER = ["s"] + [f"f{i + 1}" for i in range(8)] + COLUMNS
PACK = PACKS["2x52"]


def position(options=None, top: str = "", empty_pack: bool = False, **piles: str) -> PatienceState:
    """A position from text: pile="cards bottom first", all face up.  ``top`` names the next cards
    of the pack, the first to come off first; the cards not named fill the rest of the pack
    (unless ``empty_pack``), so every position holds both packs."""
    opts = GAME.resolve_options(options)
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for name in ORDER[1:]:
        cards = [parse_card(t) for t in piles.get(name, "").split()]
        built[name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    upper = [parse_card(t) for t in top.split()]
    rest = list((Counter(PACK) - Counter(deck) - Counter(upper)).elements())
    if empty_pack:
        assert not rest and not upper, f"cards missing from the position: {rest}"
    stock = sorted(rest) + upper[::-1]
    built["s"] = tuple(range(len(deck), len(deck) + len(stock)))
    deck.extend(stock)
    assert Counter(deck) == Counter(PACK)
    down = tuple(len(built["s"]) if n == "s" else 0 for n in ORDER)
    return PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in ORDER), down=down,
                         opts=tuple(sorted(opts.items())))


def faces(state, name):
    return [str(state.deck[c]) for c in state.piles[ORDER.index(name)]]


def suit(s: Suit, upto: int = 13) -> str:
    return " ".join(f"{r.short}{s.symbol}" for r in RANKS[:upto])


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_is_a_row_of_twelve():
    state = Session(GAME, seed=1).state
    view = GAME.view(state, 0)
    for name in COLUMNS:
        cards = view.pile(name).cards
        assert len(cards) == 1 and cards[0].face is not None
    for f in range(8):
        assert view.pile(f"f{f + 1}").cards == ()
    stock = view.pile("s").cards
    assert len(stock) == 92 and all(c.face is None for c in stock)
    assert len(state.deck) == 104


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    row = [faces(state, n)[0] for n in COLUMNS]
    assert row == ["6♥", "7♥", "J♣", "8♣", "K♠", "7♦", "6♠", "8♣", "6♣", "9♣", "5♣", "10♥"]
    second = GAME.apply(state, Draw())
    assert [faces(second, n)[1] for n in COLUMNS] == \
        ["7♠", "4♥", "A♣", "J♦", "10♣", "J♦", "K♦", "10♦", "8♦", "3♦", "Q♣", "8♠"]
    assert Move("t3", "f1") in GAME.legal_actions(second, 0)     # the A♣ of the new row goes up


def test_dealing_a_row_puts_one_card_on_each_column():
    state = Session(GAME, seed=5).state
    for rows in range(2, 9):
        state = GAME.apply(state, Draw())
        assert [len(state.piles[ORDER.index(n)]) for n in COLUMNS] == [rows] * 12
    # 104 = 8 rows of 12 and a last row of 8
    state = GAME.apply(state, Draw())
    assert [len(state.piles[ORDER.index(n)]) for n in COLUMNS] == [9] * 8 + [8] * 4
    assert state.piles[0] == ()
    exc = refusal(GAME, state, "draw")
    assert exc.rule == f"{ID}#the-stock-and-waste" and "used up" in exc.reason


def test_the_layout_has_twelve_columns_under_eight_foundations():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    column_y = {specs[n].y for n in COLUMNS}
    foundation_y = {specs[f"f{i + 1}"].y for i in range(8)}
    assert len(column_y) == 1 and len(foundation_y) == 1 and min(column_y) > max(foundation_y)
    xs = [specs[n].x for n in COLUMNS]
    assert xs == sorted(xs)
    fx = [specs[f"f{i + 1}"].x for i in range(8)]
    assert min(xs) < min(fx) and max(fx) < max(xs)    # the foundations sit over the middle


# -- legal moves ---------------------------------------------------------------------------
BOARD = dict(t1="9♣ A♣", t2="K♦ 5♥", t3="6♥", t4="6♠", t5="7♥", t6="8♠ 2♣", t7="Q♠ 7♥ 6♥ 5♥",
             t8="4♦", t9="J♦", t10="10♠", t11="3♣", t12="K♥", f1="A♦ 2♦ 3♦")


def test_legal_moves():
    state = position(**BOARD, top="Q♣ J♥")
    legal = GAME.legal_actions(state, 0)
    for text in ("t1>f2",     # an ace goes up to an empty foundation
                 "t8>f1",     # 4♦ on 3♦: up in suit
                 "t2>t3",     # 5♥ on 6♥: down in suit, a marriage
                 "t3>t5",     # 6♥ on 7♥, emptying a column
                 "t6>t11",    # 2♣ on 3♣
                 "draw"):     # the next row
        action = GAME.action_from_str(state, text)
        assert action in legal, text
        assert GAME.apply(state, action) != state
    # a marriage frees the card above: here the K♦ under the 5♥
    after = GAME.apply(state, Move("t2", "t3"))
    assert faces(after, "t2") == ["K♦"] and faces(after, "t3") == ["6♥", "5♥"]
    # after the ace, the 2♣ follows it in suit
    after = GAME.apply(GAME.apply(state, Move("t1", "f2")), Move("t6", "f2"))
    assert faces(after, "f2") == ["A♣", "2♣"] and faces(after, "t6") == ["8♠"]


def test_an_emptied_column_is_refilled_at_once_from_the_pack():
    state = position(**BOARD, top="Q♣ J♥")
    after = GAME.apply(state, Move("t3", "t5"))        # the 6♥ leaves t3 empty
    assert faces(after, "t3") == ["Q♣"]
    assert faces(after, "t5") == ["7♥", "6♥"]
    assert len(after.piles[0]) == len(state.piles[0]) - 1
    after = GAME.apply(after, Move("t8", "f1"))
    assert faces(after, "t8") == ["J♥"]                # the next card of the pack
    assert GAME.view(after, 0).pile("t8").cards[0].face is not None


def test_an_ace_from_a_new_row_goes_up_at_once():
    state = position(**BOARD, top="A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠")
    after = GAME.apply(state, Draw())
    assert faces(after, "t1")[-1] == "A♠"
    assert Move("t1", "f2") in GAME.legal_actions(after, 0)
    # ... and the row now blocks the row above it: the A♣ of t1 is covered
    assert faces(after, "t1") == ["9♣", "A♣", "A♠"]


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    cases = {
        "t2>t4": "building-on-the-tableau",    # 5♥ on 6♠: marriages are in suit
        "t7>t5": "building-on-the-tableau",    # 5♥ on 7♥: one rank lower only
        "t4>t2": "building-on-the-tableau",    # 6♠ on 5♥: the columns go down
        "t4>f2": "the-foundations",            # a foundation starts with an ace
        "t11>f1": "the-foundations",           # 3♣ on 3♦: up in suit
        "f1>t10": "the-foundations",           # nothing comes back from a foundation
        "t7>t9*2": "moving-runs",              # one card at a time, in the book
        "s>t3": "turning-up-cards",            # the pack only deals rows and fills spaces
        "redeal": "the-stock-and-waste",       # no talon, no re-deal
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_a_column_emptied_after_the_pack_stays_empty_in_the_book():
    piles = {f"f{i + 1}": suit(s) for i, s in enumerate((Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES))}
    piles.update({f"f{i + 5}": suit(s) for i, s in enumerate((Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS))})
    piles["f8"] = suit(Suit.SPADES, 9)                          # waiting for the 10♠
    piles.update(t1="", t2="J♠ 10♠", t3="K♠ Q♠")
    state = position(empty_pack=True, **piles)
    exc = refusal(GAME, state, "t2>t1")
    assert exc.rule == f"{ID}#spaces"
    assert GAME.legal_actions(state, 0) == (Move("t2", "f8"),)
    # with the option, any free card may go into the space
    state = position({"late_spaces": "any"}, empty_pack=True, **piles)
    assert Move("t2", "t1") in GAME.legal_actions(state, 0)
    assert Move("t3", "t1") in GAME.legal_actions(state, 0)


# -- the options ----------------------------------------------------------------------------
def test_option_packed_sequences():
    board = dict(BOARD, t9="8♥")
    state = position({"runs": "packed"}, **board)
    assert Move("t7", "t9", 3) in GAME.legal_actions(state, 0)
    after = GAME.apply(state, Move("t7", "t9", 3))
    assert faces(after, "t9") == ["8♥", "7♥", "6♥", "5♥"] and faces(after, "t7") == ["Q♠"]
    assert refusal(GAME, position(**board), "t7>t9*3").rule == f"{ID}#moving-runs"
    # a broken sequence cannot move together even then
    broken = position({"runs": "packed"}, **dict(board, t7="Q♠ 7♥ 5♥"))
    assert refusal(GAME, broken, "t7>t9*2").rule == f"{ID}#moving-runs"


def test_bad_options_are_refused():
    with pytest.raises(NotationError):
        GAME.resolve_options({"runs": "sometimes"})


# -- the end of the game --------------------------------------------------------------------
def test_a_won_position():
    suits = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES) * 2
    piles = {f"f{i + 1}": suit(s) for i, s in enumerate(suits)}
    state = position(empty_pack=True, **piles)
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_a_lost_position():
    """The pack is used up; each free card's foundation waits for a card buried beneath it."""
    piles = {f"f{i + 1}": suit(s) for i, s in enumerate((Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS))}
    piles.update({f"f{i + 4}": suit(s) for i, s in enumerate((Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS))})
    piles["f7"] = suit(Suit.SPADES, 3)        # A♠ 2♠ 3♠
    piles["f8"] = suit(Suit.SPADES, 3)
    # left: 4♠ … K♠ twice (20 cards); both 4♠ lie under a queen, and no free card takes another
    piles.update(t1="4♠ 6♠ 8♠ 10♠ Q♠", t2="4♠ 6♠ 8♠ 10♠ Q♠", t3="K♠ J♠ 9♠ 7♠ 5♠ K♠ J♠ 9♠ 7♠ 5♠")
    state = position(empty_pack=True, **piles)
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (84,)
    assert "84 cards" in outcome.reason


# -- the hint -----------------------------------------------------------------------------------
def test_the_hint_prefers_the_foundations_then_deals_and_ends():
    state = position(**BOARD)
    hint = ai_hint(GAME, state, 0)
    assert isinstance(hint, Move) and hint.dst.startswith("f")
    bare = position(t1="K♠", t2="K♥", t3="K♦", t4="K♣", t5="Q♠ 9♠", t6="Q♥ 9♥", t7="Q♦ 9♦",
                    t8="Q♣ 9♣", t9="J♠ 7♠", t10="J♥ 7♥", t11="J♦ 7♦", t12="J♣ 7♣")
    assert ai_hint(GAME, bare, 0) == Draw()
    for seed in range(15):
        session = Session(GAME, seed=seed)
        for _ in range(600):
            if session.to_move() is Special.TERMINAL:
                break
            action = ai_hint(GAME, session.state, 0)
            if action is None:
                break
            session.play(action)
        else:
            pytest.fail(f"the hint went round in circles on deal {seed}")


# -- the solver's hooks ---------------------------------------------------------------------
def test_safe_moves_home():
    state = position(**BOARD)
    assert GAME.safe_home_move(state) == Move("t1", "f2")       # an ace, with a card above it
    # the 4♦ could still hold the other 3♦: not forced
    assert GAME.safe_home_move(position(**dict(BOARD, t1="9♣"))) is None
    both = position(**dict(BOARD, t1="9♣", f2="A♦ 2♦ 3♦", t8="J♠ 4♦"))
    assert GAME.safe_home_move(both) == Move("t8", "f1")
    # the last card of its column waits while the pack lasts: its space takes the next card
    assert GAME.safe_home_move(position(**dict(BOARD, t1="9♣", f2="A♦ 2♦ 3♦"))) is None


def test_the_solver_finds_the_recorded_win():
    from compendium.ai.solver import Verdict, solve
    state = Session(GAME, seed=21).state
    result = solve(GAME, state, budget_s=30)
    assert result.verdict is Verdict.WINNABLE
    for action in result.line:
        state = GAME.apply(state, action)
    assert GAME.is_won(state)


# -- a whole game ---------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "the_blockade_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{ID}#end-of-the-game"
    assert session.options == {"runs": "single", "late_spaces": "empty"}   # the book's rules


def test_the_demo_plays_whole_games():
    for seed in range(8):
        result = play_demo(GAME, seed)
        assert result.finished or "no useful move" in result.summary, result.summary


# -- the shared conformance checks ------------------------------------------------------------
def option_sets():
    yield {}
    for spec in GAME.option_specs:
        for choice in spec.choices:
            if choice != spec.default:
                yield {spec.name: choice}
    yield {"runs": "packed", "late_spaces": "any"}


def test_random_playouts_keep_every_card_and_hide_the_pack():
    def check(session):
        state = session.state
        view = GAME.view(state, 0)
        cards = list(view_cards(view))
        assert sorted(c.id for c in cards) == list(range(104))
        assert Counter(state.deck) == Counter(PACK)
        hidden = {c for pile, down in zip(state.piles, state.down) for c in pile[:down]}
        assert hidden == set(state.piles[0])          # only the pack is hidden
        for vc in cards:
            assert (vc.face is None) == (vc.id in hidden)
            assert vc.face is None or vc.face == state.deck[vc.id]
        if len(set(state.deck[c] for c in hidden)) > 1:  # shuffling the hidden faces changes no view
            deck = list(state.deck)
            ids = sorted(hidden)
            rolled = [deck[i] for i in ids[1:] + ids[:1]]
            for i, f in zip(ids, rolled):
                deck[i] = f
            other = PatienceState(tuple(deck), state.piles, state.down, state.passes, state.deal_seed,
                                  state.opts)
            assert GAME.view(other, 0) == view and GAME.view(other, None) == GAME.view(state, None)
        # no column is ever left empty while the pack has cards
        if state.piles[0]:
            assert all(state.piles[ORDER.index(n)] for n in COLUMNS)
    for options in option_sets():
        for seed in range(5):
            random_playout(GAME, seed, options=options, check=check)


# -- every rule cited has its heading ------------------------------------------------------
def page() -> str:
    return cadogan_helpers.page(GAME)


def test_the_page_has_the_sections_of_a_patience():
    anchors = rulesdoc.anchors(page())
    for section in ("players-and-equipment", "the-deal", "piles", "the-foundations", "spaces",
                    "the-stock-and-waste", "re-deals", "end-of-the-game", "laws-and-irregularities",
                    "variants", "hints", "sources-and-decisions"):
        assert section in anchors, section

