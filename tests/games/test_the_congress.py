"""The Congress: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from pathlib import Path

from compendium.core import records
from compendium.core.cards import RANKS, Suit
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move
from compendium.games.patience.the_congress import FOUNDATIONS, GAME, HELPS, RIVERS, CongressState

from . import cadogan_helpers as h
from .conformance import view_cards

DATA = Path(__file__).parent / "data"
ID = "the_congress"
ACES = dict(zip(FOUNDATIONS, ("A♠", "A♠", "A♥", "A♥", "A♦", "A♦", "A♣", "A♣")))


def position(options=None, top: str = "", empty_pack: bool = False, rows: int = 3, **piles: str):
    """A position; a foundation not named holds just its ace."""
    return h.position(GAME, options, top=top, empty_pack=empty_pack, state=CongressState,
                      extra={"rows": rows}, **{**ACES, **piles})


def suit(s: Suit, upto: int = 13) -> str:
    return " ".join(f"{r.short}{s.symbol}" for r in RANKS[:upto])


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_aces_helps_and_a_first_row_of_rivers():
    state = Session(GAME, seed=3).state
    view = GAME.view(state, 0)
    assert [str(view.pile(n).cards[0].face) for n in FOUNDATIONS] == list(ACES.values())
    assert all(len(view.pile(n).cards) == 1 for n in RIVERS + HELPS[:4])
    assert all(not view.pile(n).cards for n in HELPS[4:])
    stock = view.pile("s").cards
    assert len(stock) == 84 and all(c.face is None for c in stock)
    assert sorted(c.id for c in view_cards(view)) == list(range(104))
    assert state.rows == 1


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    assert [h.faces(GAME, state, n)[0] for n in RIVERS] == ["K♠", "7♦", "6♠", "8♣", "6♣", "9♣", "5♣", "10♥"]
    assert [h.faces(GAME, state, n)[0] for n in HELPS[:4]] == ["6♥", "7♥", "J♣", "8♣"]
    second = GAME.apply(state, Draw())
    assert [h.faces(GAME, second, n)[-1] for n in RIVERS] == ["K♦", "J♥", "Q♠", "10♠", "4♦", "3♣", "4♣", "J♣"]
    assert second.rows == 2


def test_the_table_rivers_above_helps_and_the_aces_in_two_columns_at_the_right():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    assert {specs[n].y for n in RIVERS} == {0.0}
    help_y = {specs[n].y for n in HELPS}
    assert len(help_y) == 1 and min(help_y) > 0
    xs = sorted({specs[n].x for n in FOUNDATIONS})
    assert len(xs) == 2 and xs[0] > max(specs[n].x for n in RIVERS + HELPS)


# -- legal moves ---------------------------------------------------------------------------
BOARD = dict(r1="K♠ 2♠", r2="7♦ 9♥", r3="6♠ 10♣", r4="8♣ 5♦", r5="Q♥", r6="4♣", r7="J♦ 3♠", r8="2♥",
             h1="6♥", h2="Q♣ J♣", h3="6♦", h4="5♣", f3="A♥ 2♥ 3♥ 4♥", f5="A♦ 2♦ 3♦ 4♦")


def test_legal_moves():
    state = position(**BOARD, top="K♣ Q♦")
    h.check_legal(GAME, state, [
        "r1>f1",        # 2♠ from the rivers onto the spade ace
        "r8>f4",        # 2♥ onto the second heart ace
        "r4>f5",        # 5♦ home on 4♦
        "r4>h3",        # 5♦ married downwards in suit on the help's 6♦
        "r6>h4",        # 4♣ on 5♣
        "r3>h2",        # 10♣ on the help's J♣
        "draw",         # the next row of the rivers
    ])
    after = GAME.apply(state, Move("r4", "h3"))
    assert h.faces(GAME, after, "h3") == ["6♦", "5♦"] and h.faces(GAME, after, "r4") == ["8♣"]
    # a help's top card marries onto another help, or goes home
    h.check_legal(GAME, position(**dict(BOARD, h4="5♦")), ["h4>h3", "h4>f5"])
    h.check_legal_is_what_why_illegal_allows(GAME, state)


def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    h.check_refusals(GAME, state, {
        "h1>r5": "the-rivers",                  # nothing goes on the rivers
        "r2>r5": "the-rivers",                  # not even another river card
        "r3>h1": "building-on-the-tableau",     # 10♣ on 6♥: marriages are in suit, one rank lower
        "r2>h1": "building-on-the-tableau",     # 9♥ on 6♥
        "r5>h5": "the-helps",                   # the later helps open only when the pack is out
        "r7>f1": "the-foundations",             # 3♠ on the bare spade ace
        "f3>h1": "the-foundations",             # nothing comes back from a foundation
        "r1>h2*2": "moving-runs",               # one card at a time
        "s>r5": "the-stock-and-waste",          # the pack is dealt in rows, not drawn from
        "redeal": "re-deals",                   # no re-deal
    })


# -- vacancies -----------------------------------------------------------------------------
def test_a_river_column_emptied_is_refilled_at_once_from_the_pack():
    state = position(**BOARD, top="K♣ Q♦")
    after = GAME.apply(state, Move("r6", "h4"))          # 4♣ leaves r6 empty
    assert h.faces(GAME, after, "r6") == ["K♣"]
    after = GAME.apply(after, Move("r4", "f5"))
    assert h.faces(GAME, after, "r4") == ["8♣"]          # not a vacancy: the 8♣ above is freed
    emptied_help = GAME.apply(position(**dict(BOARD, h3="5♦"), top="K♣ Q♦"), Move("h3", "f5"))
    assert h.faces(GAME, emptied_help, "h3") == ["K♣"]   # an emptied help takes the next card


def test_option_gaps_are_filled_upper_rows_first_when_the_pack_is_turned():
    opts = {"vacancies": "gaps"}
    state = position(opts, rows=2, top="K♣ Q♦ J♠ 9♦", **BOARD)
    after = GAME.apply(state, Move("r6", "h4"))          # r6 loses its only card: two gaps there
    assert h.faces(GAME, after, "r6") == []
    filled = GAME.apply(after, Draw())                   # the click fills the gaps first
    # the uppermost row first (r6), then the second row from left to right (r5, r6, r8)
    assert h.faces(GAME, filled, "r6") == ["K♣", "J♠"]
    assert h.faces(GAME, filled, "r5") == ["Q♥", "Q♦"]
    assert h.faces(GAME, filled, "r8") == ["2♥", "9♦"]
    assert filled.rows == 2
    dealt = GAME.apply(filled, Draw())                   # no gap left: the next row
    assert dealt.rows == 3 and all(len(h.faces(GAME, dealt, n)) == 3 for n in RIVERS)
    # under the default reading the emptied column is filled at once instead
    plain = GAME.apply(position(rows=2, top="K♣ Q♦ J♠ 9♦", **BOARD), Move("r6", "h4"))
    assert h.faces(GAME, plain, "r6") == ["K♣"]


# -- after the pack ------------------------------------------------------------------------
def late_position():
    """The pack used up: spades and hearts home to the queen on one foundation each ..."""
    piles = dict(f1=suit(Suit.SPADES, 12), f2=suit(Suit.SPADES, 12), f3=suit(Suit.HEARTS, 12),
                 f4="A♥ 2♥ 3♥ 4♥", f5=suit(Suit.DIAMONDS, 4), f6=suit(Suit.DIAMONDS, 13),
                 f7=suit(Suit.CLUBS, 4), f8=suit(Suit.CLUBS, 13))
    piles.update(r1="K♠ K♠", r2="K♥ 9♥ 8♥ 7♥ 10♥ J♥ Q♥", r3="5♦ 5♣", r4="8♣ 6♦ K♦", r5="Q♣ 9♦ 8♦ 7♦",
                 r6="J♣ 10♣ 9♣", r7="7♣ 6♣", r8="K♥", h1="6♥ 5♥", h2="Q♦", h3="J♦ 10♦", h4="K♣")
    return position(empty_pack=True, **piles)


def test_after_the_pack_the_helps_grow_to_eight_from_the_rivers():
    state = late_position()
    legal = GAME.legal_actions(state, 0)
    for name in HELPS[4:]:
        assert Move("r2", name) in legal                 # any free river card begins a new help
    exc = h.refusal(GAME, state, "h3>h5")                # but not a card from another help
    assert exc.rule == f"{ID}#the-helps"
    exc = h.refusal(GAME, state, "draw")
    assert exc.rule == f"{ID}#the-stock-and-waste"
    h.check_legal_is_what_why_illegal_allows(GAME, state)


# -- the end of the game --------------------------------------------------------------------
def test_a_won_position():
    suits = (Suit.SPADES, Suit.SPADES, Suit.HEARTS, Suit.HEARTS, Suit.DIAMONDS, Suit.DIAMONDS,
             Suit.CLUBS, Suit.CLUBS)
    state = position(empty_pack=True, **{n: suit(s) for n, s in zip(FOUNDATIONS, suits)})
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)


def test_safe_moves_home():
    state = position(**BOARD)
    assert GAME.safe_home_move(state) == Move("r1", "f1")        # a two goes home at once
    # the 5♦ waits while the other 4♦ is out (it could be married onto the 5♦); the 2♥ waits
    # because it is the last card of its column while the pack lasts
    half = position(**dict(BOARD, r1="K♠"))
    assert GAME.safe_home_move(half) is None
    both = position(**dict(BOARD, r1="K♠", f6="A♦ 2♦ 3♦ 4♦"))
    assert GAME.safe_home_move(both) == Move("r4", "f5")


# -- whole games ---------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / f"{ID}_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert session.options == {"vacancies": "column"}


def test_the_demo_plays_whole_games():
    for seed in range(3):
        for options in ({}, {"vacancies": "gaps"}):
            result = play_demo(GAME, seed, options=options, level=1)
            assert result.finished or "no useful move" in result.summary, result.summary


# -- the rules page ------------------------------------------------------------------------
