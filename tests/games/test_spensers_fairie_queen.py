"""Spenser's Fairie Queen: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from pathlib import Path

from compendium.core import records
from compendium.core.cards import RANKS, Suit
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move
from compendium.games.patience.spensers_fairie_queen import FOUNDATIONS, GAME, NAMES

from . import cadogan_helpers as h
from .conformance import view_cards

DATA = Path(__file__).parent / "data"
ID = "spensers_fairie_queen"


def position(top: str = "", empty_pack: bool = False, **piles: str):
    return h.position(GAME, top=top, empty_pack=empty_pack, **piles)


def suit(s: Suit, upto: int) -> str:
    return " ".join(f"{r.short}{s.symbol}" for r in RANKS[:upto])


# After the deal: the foundations well on, twenty cards in the columns under eight kings, one of
# them alone.
AFTER = dict(f1=suit(Suit.SPADES, 10), f2=suit(Suit.SPADES, 10), f3=suit(Suit.HEARTS, 9),
             f4=suit(Suit.HEARTS, 10), f5=suit(Suit.DIAMONDS, 10), f6=suit(Suit.DIAMONDS, 9),
             f7=suit(Suit.CLUBS, 8), f8=suit(Suit.CLUBS, 10),
             k1="K♠ Q♥ J♠ 10♦", k2="K♠", k3="K♥ J♥ Q♠", k4="K♥ Q♣ J♦ 9♣", k5="K♦ Q♦ J♣ 10♥",
             k6="K♦ J♠ Q♥ J♣", k7="K♣ Q♦ J♦ 10♣", k8="K♣ Q♠ J♥ Q♣")
# During the deal: two columns so far, the second the current one.
DEALING = dict(k1="K♠ 5♥ 2♣", k2="K♦ 9♠", f1="A♣")


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_begins_with_one_king_and_the_pack():
    state = Session(GAME, seed=6).state
    view = GAME.view(state, 0)
    first = view.pile("k1").cards
    assert len(first) == 1 and first[0].face is not None and first[0].face.rank == 13
    assert all(not view.pile(n).cards for n in NAMES[1:] + FOUNDATIONS)
    assert len(view.pile("s").cards) == 103 and all(c.face is None for c in view.pile("s").cards)
    assert sorted(c.id for c in view_cards(view)) == list(range(104))


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    for _ in range(12):
        state = GAME.apply(state, Draw())
    assert h.faces(GAME, state, "k1") == ["K♠", "6♥", "7♥", "J♣", "8♣", "7♦", "6♠", "8♣", "6♣", "9♣",
                                          "5♣", "10♥"]
    assert h.faces(GAME, state, "k2") == ["K♦"]          # the twelfth card was a king


def test_cards_go_to_the_last_king_kings_start_columns_aces_go_up():
    state = position(top="7♦ K♥ A♠ 3♣", **DEALING)
    state = GAME.apply(state, Draw())
    assert h.faces(GAME, state, "k2") == ["K♦", "9♠", "7♦"]     # onto the last king's column
    state = GAME.apply(state, Draw())
    assert h.faces(GAME, state, "k3") == ["K♥"]                 # a king begins a new column
    state = GAME.apply(state, Draw())
    assert h.faces(GAME, state, "f2") == ["A♠"]                 # an ace goes to a foundation
    state = GAME.apply(state, Draw())
    assert h.faces(GAME, state, "k3") == ["K♥", "3♣"]           # now onto the new king


def test_two_kings_in_succession_leave_the_first_alone():
    state = position(top="K♥ K♣ 4♦", **DEALING)
    for _ in range(3):
        state = GAME.apply(state, Draw())
    assert h.faces(GAME, state, "k3") == ["K♥"]
    assert h.faces(GAME, state, "k4") == ["K♣", "4♦"]


def test_during_the_deal_only_plays_to_the_foundations():
    state = position(top="7♦", **DEALING)
    h.check_legal(GAME, state, ["k1>f1", "draw"])               # 2♣ on the club ace; deal on
    h.check_refusals(GAME, state, {"k2>k1": "the-deal",         # 9♠? no transfers yet
                                   "k1>k2": "the-deal"})
    h.check_legal_is_what_why_illegal_allows(GAME, state)


# -- after the deal ------------------------------------------------------------------------
def test_legal_moves():
    state = position(empty_pack=True, **AFTER)
    h.check_legal(GAME, state, [
        "k1>f6",        # 10♦ on 9♦
        "k4>f7",        # 9♣ on 8♣
        "k5>f3",        # 10♥ on 9♥
        "k7>k6",        # 10♣ on J♣: one rank lower
        "k1>k6",        # 10♦ on J♣: regardless of suit
        "k3>k2",        # Q♠ onto the lone king
        "k5>k2",        # any card onto a lone king
    ])
    after = GAME.apply(state, Move("k3", "k2"))
    assert h.faces(GAME, after, "k2") == ["K♠", "Q♠"] and h.faces(GAME, after, "k3") == ["K♥", "J♥"]
    h.check_legal_is_what_why_illegal_allows(GAME, state)


def test_illegal_moves_cite_their_rules():
    state = position(empty_pack=True, **AFTER)
    h.check_refusals(GAME, state, {
        "k2>k8": "the-kings",                   # a king never moves
        "k6>k7": "building-on-the-tableau",     # J♣ on 10♣: downwards only
        "k3>k6": "building-on-the-tableau",     # Q♠ on J♣
        "k8>f8": "the-foundations",             # Q♣: the club foundation wants the knave
        "f1>k2": "the-foundations",             # nothing comes back from a foundation
        "k1>k6*2": "moving-runs",               # one card at a time
        "draw": "the-deal",                     # the pack is dealt
        "redeal": "re-deals",                   # no re-deal
    })


def test_a_queen_parked_on_a_lone_king_may_only_go_home_or_to_another_lone_king():
    state = position(empty_pack=True, **AFTER)
    parked = GAME.apply(state, Move("k3", "k2"))
    moves = [a for a in GAME.legal_actions(parked, 0) if isinstance(a, Move) and a.src == "k2"]
    assert moves == []                                          # no other lone king, nor a J♠ home


def test_the_foundations_end_with_the_queens():
    piles = {f"f{i + 1}": suit(s, 12) for i, s in enumerate(
        (Suit.SPADES, Suit.SPADES, Suit.HEARTS, Suit.HEARTS, Suit.DIAMONDS, Suit.DIAMONDS, Suit.CLUBS))}
    piles.update(f8=suit(Suit.CLUBS, 11), k1="K♠", k2="K♠", k3="K♥", k4="K♥", k5="K♦", k6="K♦",
                 k7="K♣ Q♣", k8="K♣")
    state = position(empty_pack=True, **piles)
    legal = GAME.legal_actions(state, 0)
    assert Move("k7", "f8") in legal
    assert {a.src for a in legal} == {"k7"}                     # no king ever goes home
    won = GAME.apply(state, Move("k7", "f8"))
    assert GAME.is_won(won) and GAME.to_move(won) is Special.TERMINAL
    outcome = GAME.outcome(won)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (96,)
    assert GAME.view(won, 0).total == 96


def test_safe_moves_home():
    state = position(empty_pack=True, **AFTER)
    # the 10♦ waits (the 9♣ could still go on it); the 9♣ goes: every eight is home
    assert GAME.safe_home_move(state) == Move("k4", "f7")


# -- whole games ---------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / f"{ID}_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (96,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_the_demo_deals_the_whole_pack():
    for seed in range(3):
        result = play_demo(GAME, seed, level=1)
        assert result.finished or "no useful move" in result.summary, result.summary
        assert not result.session.state.piles[0]            # the pack was dealt to the end


# -- the rules page ------------------------------------------------------------------------
