"""Sly: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from pathlib import Path

from compendium.core import records
from compendium.core.cards import RANKS, Suit
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move
from compendium.games.patience.sly import ASCENDING, DESCENDING, GAME, PACKETS, SlyState

from . import cadogan_helpers as h
from .conformance import view_cards

DATA = Path(__file__).parent / "data"
ID = "sly"
ROW = {"placing": "row"}
ALL = (1 << 20) - 1


def position(options=None, top: str = "", empty_pack: bool = False, round_no: int = 2, to_place: int = 0,
             covered: int = 0, **piles: str) -> SlyState:
    return h.position(GAME, options, top=top, empty_pack=empty_pack, state=SlyState,
                      extra=dict(round_no=round_no, to_place=to_place, covered=covered), **piles)


# A promenade between rounds: hearts and spades begun, the foundations of the other suits not yet.
PROMENADE = {f"p{i + 1}": card for i, card in enumerate(
    "7♦ 9♣ 2♥ J♠ 4♣ 8♥ Q♠ 6♦ 10♣ K♥ 3♦ 5♠ 9♦ J♥ 8♠ 4♦ A♣ 7♣ Q♦ 2♣".split())}
FOUNDED = dict(a1="A♥", a2="A♠ 2♠ 3♠ 4♠", d1="K♠ Q♠", d2="K♥")


# -- the deal ------------------------------------------------------------------------------
def test_golden_deal_1_and_the_first_round():
    """Deal numbers mean the same deal on every machine and every version.  The first round is
    dealt place by place; the first ace and kings go up by themselves; the Q♠, which fits the
    falling spade foundation, waits in the hand for the player."""
    state = Session(GAME, seed=1).state
    assert [h.faces(GAME, state, p) for p in PACKETS[:12]] == [[c] for c in
        "6♥ 7♥ J♣ 8♣ 7♦ 6♠ 8♣ 6♣ 9♣ 5♣ 10♥ J♥".split()]
    assert h.faces(GAME, state, "a1") == ["A♥"] and h.faces(GAME, state, "d1") == ["K♠"]
    assert h.faces(GAME, state, "d2") == ["K♦"] and h.faces(GAME, state, "h") == ["Q♠"]
    assert (state.round_no, state.to_place) == (1, 8)
    assert set(GAME.legal_actions(state, 0)) == {Move("h", "d1"), Move("h", "p13")}
    view = GAME.view(state, 0)
    assert sorted(c.id for c in view_cards(view)) == list(range(104))
    assert all(c.face is None for c in view.pile("s").cards)


def test_in_the_first_round_a_card_played_home_does_not_count():
    state = Session(GAME, seed=1).state
    home = GAME.apply(state, Move("h", "d1"))
    assert h.faces(GAME, home, "d1") == ["K♠", "Q♠"]
    placed = sum(len(h.faces(GAME, home, p)) for p in PACKETS)
    assert placed + home.to_place == 20                   # the Q♠ played home is not counted
    assert h.refusal(GAME, state, "h>p5").rule == f"{ID}#the-deal"      # the places go in order


# -- a round of twenty ---------------------------------------------------------------------
def test_a_later_round_lays_each_card_anywhere():
    state = position(round_no=2, to_place=20, top="", h="9♥", **PROMENADE, **FOUNDED)
    legal = GAME.legal_actions(state, 0)
    assert {a.dst for a in legal} == set(PACKETS)                       # 9♥ fits no foundation
    on_one = GAME.apply(GAME.apply(state, Move("h", "p3")), Move("h", "p3"))
    assert len(h.faces(GAME, on_one, "p3")) == 3                        # heaped on one packet
    assert on_one.to_place == 18


def test_option_a_round_laid_as_a_row_takes_one_card_on_each_packet():
    state = position(ROW, round_no=2, to_place=19, covered=1 << 2, h="9♥", **PROMENADE, **FOUNDED)
    assert Move("h", "p3") not in GAME.legal_actions(state, 0)
    assert h.refusal(GAME, state, "h>p3").rule == f"{ID}#the-rounds"
    assert Move("h", "p4") in GAME.legal_actions(state, 0)
    book = position(round_no=2, to_place=19, covered=1 << 2, h="9♥", **PROMENADE, **FOUNDED)
    assert Move("h", "p3") in GAME.legal_actions(book, 0)


def test_the_round_ends_with_the_twentieth_card_laid():
    state = position(round_no=2, to_place=1, top="5♣", h="9♥", **PROMENADE, **FOUNDED)
    after = GAME.apply(state, Move("h", "p1"))
    assert after.to_place == 0 and h.faces(GAME, after, "h") == []
    assert Draw() in GAME.legal_actions(after, 0)                       # the next round, when asked
    begun = GAME.apply(after, Draw())
    assert begun.round_no == 3 and begun.to_place == 20 and h.faces(GAME, begun, "h") == ["5♣"]


# -- legal and illegal moves ----------------------------------------------------------------
def test_legal_moves():
    during = position(round_no=2, to_place=7, h="2♥", **PROMENADE, **FOUNDED)
    h.check_legal(GAME, during, [
        "h>a1",          # the card in hand home: 2♥ on the heart ace
        "h>p7",          # or laid anywhere on the promenade
    ])
    between = position(**PROMENADE, **FOUNDED)
    h.check_legal(GAME, between, [
        "p3>a1",         # between rounds the top of a packet goes home: 2♥ on A♥
        "p12>a2",        # 5♠ on 4♠
        "p4>d1",         # J♠ on the falling spades' Q♠
        "p17>a3",        # A♣ begins a new rising foundation
        "draw",          # the next round of twenty
    ])
    h.check_legal_is_what_why_illegal_allows(GAME, between)
    h.check_legal_is_what_why_illegal_allows(GAME, during)


def test_illegal_moves_cite_their_rules():
    during = position(round_no=2, to_place=7, h="2♥", **PROMENADE, **FOUNDED)
    h.check_refusals(GAME, during, {
        "p3>a1": "the-rounds",            # nothing from the promenade while a round is laid
        "draw": "the-rounds",             # the round is not finished
        "h>a2": "the-foundations",        # 2♥ on the spade run
    })
    between = position(**PROMENADE, **FOUNDED)
    h.check_refusals(GAME, between, {
        "p1>p2": "the-promenade",         # cards never move between packets
        "p1>a3": "the-foundations",       # 7♦ on an empty rising foundation: an ace begins it
        "p10>d3": "the-foundations",      # K♥: there is a falling heart foundation already
        "a2>p1": "the-foundations",       # nothing comes back from a foundation
        "p1>h": "the-rounds",             # nothing is put in the hand
        "redeal": "re-deals",
    })


# -- vacancies ------------------------------------------------------------------------------
def test_between_rounds_an_emptied_packet_is_filled_from_the_pack():
    state = position(top="6♣", **PROMENADE, **FOUNDED)
    after = GAME.apply(state, Move("p3", "a1"))
    assert h.faces(GAME, after, "p3") == ["6♣"]
    assert after.to_place == 0                                          # not part of any round


# -- the end of the game --------------------------------------------------------------------
def test_a_won_position():
    piles = {}
    for name, s in zip(ASCENDING, (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)):
        piles[name] = " ".join(f"{r.short}{s.symbol}" for r in RANKS)
    for name, s in zip(DESCENDING, (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)):
        piles[name] = " ".join(f"{r.short}{s.symbol}" for r in reversed(RANKS))
    state = position(empty_pack=True, **piles)
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)


def test_safe_moves_home_only_between_rounds():
    assert GAME.safe_home_move(position(**PROMENADE, **FOUNDED)) == Move("p3", "a1")
    assert GAME.safe_home_move(position(round_no=2, to_place=7, h="2♥", **PROMENADE, **FOUNDED)) is None


# -- whole games ---------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / f"{ID}_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert session.options == {"promenade": "2x10", "placing": "anywhere"}


def test_the_demo_deals_the_whole_pack():
    for seed in range(3):
        for options in ({}, ROW, {"promenade": "4x5"}):
            result = play_demo(GAME, seed, options=options, level=1)
            assert result.finished, result.summary
            assert not result.session.state.piles[-2]                   # the pack was dealt out


def test_the_promenade_shapes():
    wide = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    tall = {s.name: s for s in GAME.specs(GAME.resolve_options({"promenade": "4x5"}))}
    assert len({wide[p].y for p in PACKETS}) == 2 and len({wide[p].x for p in PACKETS}) == 10
    assert len({tall[p].y for p in PACKETS}) == 4 and len({tall[p].x for p in PACKETS}) == 5


# -- the rules page ------------------------------------------------------------------------
