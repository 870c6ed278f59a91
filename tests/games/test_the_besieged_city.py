"""The Besieged City: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from pathlib import Path

from compendium.core import records
from compendium.core.cards import Suit
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move
from compendium.games.patience.the_besieged_city import ENDS, FOUNDATIONS, GAME, LINE, ORDER, RAMPARTS, RESERVE

from . import cadogan_helpers as h
from .conformance import view_cards

DATA = Path(__file__).parent / "data"
ID = "the_besieged_city"
PAIRS = {"pairing": "pairs"}


def position(options=None, top: str = "", empty_pack: bool = False, **piles: str):
    return h.position(GAME, options, top=top, empty_pack=empty_pack, **piles)


def foundation(s: Suit, n: int) -> str:
    """The first ``n`` cards of a foundation of suit ``s``, in the order they are played."""
    short = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return " ".join(f"{short.get(r, str(r))}{s.symbol}" for r in ORDER[:n])


# The book's tableau, as far as its notes fix it: the top row of the Reserve holds the four and
# three of clubs and the ace of diamonds; the first column the four and ace of clubs and the seven
# and six of spades.  A, B, C and D are left1, top1, right1 and bot1.
BOARD = dict(
    r11="4♣", r12="A♦", r13="3♣",
    r21="A♣", r22="8♥", r23="2♦",
    r31="7♠", r32="Q♣", r33="10♠",
    r41="6♠", r42="9♦", r43="5♥",
    top1="K♠", top2="7♣", top3="J♦",
    left1="9♥", left2="2♠", left3="6♥", left4="10♦",
    right1="Q♦", right2="J♣", right3="5♦ 8♦", right4="3♥",
    bot1="5♣", bot2="J♣", bot3="Q♥",
    f1="A♠ K♠", f2="A♥", c="K♥", w="9♣ 4♦")


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_reserve_ramparts_and_pack():
    view = GAME.view(Session(GAME, seed=4).state, 0)
    assert all(len(view.pile(n).cards) == 1 for n in RESERVE + RAMPARTS)
    assert all(not view.pile(n).cards for n in FOUNDATIONS + ("c", "w"))
    stock = view.pile("s").cards
    assert len(stock) == 78 and all(c.face is None for c in stock)
    assert sorted(c.id for c in view_cards(view)) == list(range(104))


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    assert [h.faces(GAME, state, n)[0] for n in RESERVE] == \
        ["6♥", "7♥", "J♣", "8♣", "K♠", "7♦", "6♠", "8♣", "6♣", "9♣", "5♣", "10♥"]
    assert h.faces(GAME, state, "top3") == ["A♥"]
    assert Move("top3", "f1") in GAME.legal_actions(state, 0)        # an ace on the Ramparts goes up


def test_the_ramparts_surround_the_reserve_and_the_foundations_take_the_corners():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    xs = [specs[n].x for n in RESERVE]
    ys = [specs[n].y for n in RESERVE]
    assert all(specs[f"left{r}"].x < min(xs) and specs[f"right{r}"].x > max(xs) for r in range(1, 5))
    assert all(specs[f"top{c}"].y < min(ys) and specs[f"bot{c}"].y > max(ys) for c in range(1, 4))

    def centre(name):   # a crossways card is 1.4 wide and 1 high, an upright one the other way
        s = specs[name]
        w, h = (1.4, 1.0) if s.crossways else (1.0, 1.4)
        return round(s.x + w / 2, 3), round(s.y + h / 2, 3)

    corners = {centre(n) for n in FOUNDATIONS}
    assert corners == {(centre(x)[0], centre(y)[1]) for x in ("left1", "right1") for y in ("top1", "bot1")}


def test_the_foundation_order():
    assert ORDER[:6] == (1, 13, 2, 12, 3, 11) and ORDER[12:14] == (7, 7) and ORDER[-2:] == (13, 1)
    assert sorted(ORDER) == sorted(list(range(1, 14)) * 2)


# -- the book's notes ----------------------------------------------------------------------
def test_the_four_of_clubs_may_go_only_to_a_b_c_or_d_and_here_only_to_d():
    state = position(**BOARD)
    assert ENDS["r11"] == ("left1", "top1", "right1", "bot1")        # A, B, C, D
    moves = {a.dst for a in GAME.legal_actions(state, 0) if isinstance(a, Move) and a.src == "r11"}
    assert moves == {"bot1"}                                          # 4♣ on the 5♣ at D
    # the knave of clubs at right2 would take it by the foundation order, but lies on another line
    assert h.refusal(GAME, state, "r11>right2").rule == f"{ID}#the-reserve"


def fillers(state, dst: str) -> set[str]:
    """The cards that may fill the Rampart vacancy ``dst``."""
    return {h.faces(GAME, state, a.src)[-1] for a in GAME.legal_actions(state, 0)
            if isinstance(a, Move) and a.dst == dst}


def test_a_vacancy_at_b_or_d_and_at_a_or_c_takes_the_cards_the_book_names():
    column = position(**dict(BOARD, top1="", bot1=""))
    assert fillers(column, "top1") == fillers(column, "bot1") == {"4♣", "A♣", "7♠", "6♠"}
    row = position(**dict(BOARD, left1="", right1=""))
    assert fillers(row, "left1") == fillers(row, "right1") == {"4♣", "A♦", "3♣"}


# -- legal moves ---------------------------------------------------------------------------
def test_legal_moves():
    state = position(**BOARD)
    h.check_legal(GAME, state, [
        "left2>f1",      # 2♠ home: after A♠ K♠ the spade foundation wants the two
        "c>f2",          # the card turned goes straight home: K♥ on the heart ace
        "r11>bot1",      # a Reserve card onto a Rampart packet at the end of its column
        "r42>left4",     # 9♦ on 10♦, at the end of its row
        "r32>bot2",      # Q♣ on J♣
        "top3>right1",   # Rampart to Rampart: J♦ on Q♦
        "top3>left4",    # J♦ on 10♦
        "draw",          # the turned K♥ goes to the talon, the next card is turned
    ])
    h.check_legal_is_what_why_illegal_allows(GAME, state)


def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    h.check_refusals(GAME, state, {
        "r11>right2": "the-reserve",                # not a packet at the ends of its lines
        "r11>top1": "building-on-the-tableau",      # 4♣ on K♠: in suit only
        "left1>right1": "building-on-the-tableau",  # 9♥ on Q♦
        "r12>f3": "the-foundations",                # a Reserve card goes home only through the Ramparts
        "top1>f3": "the-foundations",               # a foundation begins with an ace
        "f1>left2": "the-foundations",              # nothing comes back from a foundation
        "left2>r22": "spaces",                      # the Reserve is filled from the talon or pack
        "w>r22": "the-stock-and-waste",             # talon cards come in only through vacancies
        "c>top1": "the-stock-and-waste",            # the card turned goes home or to the talon
        "right3>top3*2": "moving-runs",             # one card at a time
        "redeal": "re-deals",
    })


def test_marrying_by_the_foundation_order_both_readings():
    board = dict(BOARD, top2="2♣", left2="K♣ 2♠")          # K♣ under the 2♠ of left2
    state = position(**board)
    after = GAME.apply(state, Move("left2", "f1"))            # 2♠ home; the K♣ is free
    assert Move("r32", "top2") in GAME.legal_actions(after, 0)      # Q♣ on 2♣: 12 + 2 = 14
    assert Move("left2", "top2") in GAME.legal_actions(after, 0)    # K♣ on 2♣: next in the order
    narrow = GAME.apply(position(PAIRS, **board), Move("left2", "f1"))
    assert Move("r32", "top2") in GAME.legal_actions(narrow, 0)
    assert Move("left2", "top2") not in GAME.legal_actions(narrow, 0)
    assert h.refusal(GAME, narrow, "left2>top2").rule == f"{ID}#building-on-the-tableau"


# -- vacancies -----------------------------------------------------------------------------
def test_a_rampart_vacancy_is_filled_at_once_from_its_line_and_the_reserve_from_the_talon():
    state = position(**BOARD)
    after = GAME.apply(state, Move("left2", "f1"))            # left2 is empty: row 2 must fill it
    legal = GAME.legal_actions(after, 0)
    assert set(legal) == {Move("r21", "left2"), Move("r22", "left2"), Move("r23", "left2")}
    assert h.refusal(GAME, after, "draw").rule == f"{ID}#spaces"
    assert h.refusal(GAME, after, "r11>bot1").rule == f"{ID}#spaces"
    filled = GAME.apply(after, Move("r22", "left2"))
    assert h.faces(GAME, filled, "left2") == ["8♥"]
    assert h.faces(GAME, filled, "r22") == ["4♦"]             # the talon's top card
    assert h.faces(GAME, filled, "w") == ["9♣"]


def test_with_no_talon_the_reserve_is_filled_from_the_pack():
    state = position(**dict(BOARD, w=""), top="8♠")
    filled = GAME.apply(GAME.apply(state, Move("left2", "f1")), Move("r22", "left2"))
    assert h.faces(GAME, filled, "r22") == ["8♠"]


def test_turning_the_pack():
    state = position(**dict(BOARD, c=""), top="7♣ 2♠")
    one = GAME.apply(state, Draw())
    assert h.faces(GAME, one, "c") == ["7♣"]
    two = GAME.apply(one, Draw())                             # the 7♣ goes to the talon
    assert h.faces(GAME, two, "c") == ["2♠"] and h.faces(GAME, two, "w")[-1] == "7♣"
    assert Move("c", "f1") in GAME.legal_actions(two, 0)


# -- the end: transpositions ---------------------------------------------------------------
def endgame(pack_left: bool):
    """Everything dealt; clubs wait for the 9♣ (at top3).  The K♣ of r11 finds no home at the
    ends of its own lines, but could lie on the Q♣ of left3 or the 2♣ of bot3."""
    piles = dict(f1=foundation(Suit.SPADES, 25 if pack_left else 26), f2=foundation(Suit.HEARTS, 26),
                 f3=foundation(Suit.CLUBS, 16), f4=foundation(Suit.DIAMONDS, 26),
                 r11="K♣", r33="A♣", left1="5♣", top1="10♣", right1="4♣", bot1="J♣",
                 left3="Q♣", top3="9♣", right3="3♣", bot3="2♣")
    return position(empty_pack=not pack_left, **piles)


def test_at_the_end_a_reserve_card_may_be_transposed_to_reach_a_rampart():
    state = endgame(pack_left=False)
    assert LINE["left3"][-1] == "r33"
    legal = GAME.legal_actions(state, 0)
    assert Move("r11", "left3") in legal and Move("r11", "bot3") in legal
    after = GAME.apply(state, Move("r11", "left3"))
    assert h.faces(GAME, after, "left3") == ["Q♣", "K♣"]
    assert h.faces(GAME, after, "r11") == ["A♣"] and h.faces(GAME, after, "r33") == []
    # while anything is left to deal, the lines hold
    early = endgame(pack_left=True)
    assert h.refusal(GAME, early, "r11>left3").rule == f"{ID}#the-reserve"


# -- the end of the game --------------------------------------------------------------------
def test_a_won_position():
    piles = {n: foundation(s, 26) for n, s in zip(FOUNDATIONS, (Suit.SPADES, Suit.HEARTS, Suit.CLUBS,
                                                                Suit.DIAMONDS))}
    state = position(empty_pack=True, **piles)
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)


def test_safe_moves_home():
    state = position(**BOARD)
    assert GAME.safe_home_move(state) == Move("c", "f2")      # the card turned, when it fits
    assert GAME.safe_home_move(position(**dict(BOARD, c=""))) is None


# -- whole games ---------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / f"{ID}_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert session.options == {"pairing": "order"}


def test_the_demo_plays_whole_games():
    for seed in range(2):
        for options in ({}, PAIRS):
            result = play_demo(GAME, seed, options=options, level=1)
            assert result.finished or "no useful move" in result.summary, result.summary


# -- the rules page ------------------------------------------------------------------------


def test_the_ramparts_lie_crossways_round_the_upright_city():
    """As in the book's picture: the fourteen Rampart packets are laid crossways, the Reserve
    and the foundations upright."""
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    assert {n for n, s in specs.items() if s.crossways} == set(RAMPARTS)
