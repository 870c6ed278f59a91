"""Mount Olympus: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from pathlib import Path

from compendium.core import records
from compendium.core.cards import Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move, Redeal
from compendium.games.patience.mount_olympus import BATTERY, FOUNDATIONS, GAME, PYRAMID

from . import cadogan_helpers as h
from .conformance import random_playout, view_cards

DATA = Path(__file__).parent / "data"
ID = "mount_olympus"
PYRAMID_TEXT = {name: str(card) for name, card in zip(FOUNDATIONS, PYRAMID)}


def position(options=None, top: str = "", empty_pack: bool = False, **piles: str):
    """A position; a foundation not named holds just its ace or two."""
    return h.position(GAME, options, top=top, empty_pack=empty_pack, **{**PYRAMID_TEXT, **piles})


def run(suit: Suit, start: int, upto: int) -> str:
    return " ".join(str(Card(Rank(r), suit)) for r in range(start, upto + 1, 2))


# -- the deal ------------------------------------------------------------------------------
def test_the_pyramid_alternates_aces_and_twos_and_the_battery_holds_nine():
    view = GAME.view(Session(GAME, seed=4).state, 0)
    along = [view.pile(n).cards[0].face for n in FOUNDATIONS]
    assert [c.rank for c in along] == [Rank.ACE, Rank.TWO] * 8
    assert sorted(map(str, along)) == sorted(map(str, [Card(r, s) for s in Suit for r in (Rank.ACE, Rank.TWO)] * 2))
    for name in BATTERY:
        cards = view.pile(name).cards
        assert len(cards) == 1 and cards[0].face is not None and cards[0].face.rank > 2
    stock = view.pile("s").cards
    assert len(stock) == 79 and all(c.face is None for c in stock)
    assert sorted(c.id for c in view_cards(view)) == list(range(104))


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    assert [h.faces(GAME, state, n)[0] for n in BATTERY] == \
        ["6♥", "7♥", "J♣", "8♣", "K♠", "7♦", "6♠", "8♣", "6♣"]
    after = GAME.apply(state, Draw())
    assert len(h.faces(GAME, after, "w")) == 1


def test_the_table_is_a_pyramid_with_the_battery_inside():
    specs = {s.name: s for s in GAME.specs({})}
    left = [specs[n] for n in FOUNDATIONS[:8]]
    right = [specs[n] for n in FOUNDATIONS[8:]]
    # each leg climbs towards the middle: higher up (smaller y) and nearer the centre line
    assert [s.y for s in left] == sorted((s.y for s in left), reverse=True)
    assert [s.y for s in right] == sorted(s.y for s in right)
    assert left[-1].y == right[0].y == 0.0 and left[-1].x < right[0].x
    rows = sorted({specs[n].y for n in BATTERY})
    assert [sum(1 for n in BATTERY if specs[n].y == y) for y in rows] == [1, 3, 5]
    xs = [specs[n].x for n in FOUNDATIONS]
    assert all(min(xs) < specs[n].x < max(xs) for n in BATTERY)


# -- legal moves ---------------------------------------------------------------------------
BOARD = dict(f1="A♠ 3♠", f4="2♥ 4♥ 6♥", b1="9♣", b2="5♠", b3="8♥", b4="Q♦ 10♦", b5="K♣",
             b6="J♣", b7="7♠", b8="", b9="6♣", w="3♣ 10♥")


def test_legal_moves():
    state = position(**BOARD)
    h.check_legal(GAME, state, [
        "b2>f1",        # 5♠ on 3♠: a foundation rises by two in suit
        "b3>f4",        # 8♥ on 6♥, on the two-foundation of hearts
        "b1>b6",        # 9♣ on J♣: the battery falls by two in suit
        "b2>b7",        # 5♠ on 7♠
        "w>b8",         # the talon's top card fills a space in the battery
        "draw",         # the pack is turned onto the talon
    ])
    # the talon's top card goes onto a battery card two ranks above it in suit
    h.check_legal(GAME, position(**dict(BOARD, w="3♣ 8♦")), ["w>b4"])
    after = GAME.apply(state, Move("b1", "b6"))
    assert h.faces(GAME, after, "b6") == ["J♣", "9♣"] and h.faces(GAME, after, "b1") == []
    h.check_legal_is_what_why_illegal_allows(GAME, state)


def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    h.check_refusals(GAME, state, {
        "b7>f1": "the-foundations",               # 7♠ on 3♠: the foundations go by twos
        "b6>f15": "the-foundations",              # J♣ on the club ace: it wants a three
        "b9>b3": "building-on-the-tableau",       # 6♣ on 8♥: the battery is built in suit
        "b9>b6": "building-on-the-tableau",       # 6♣ on J♣: two ranks lower only
        "b1>b8": "spaces",                        # a space takes a card of the pack or talon only
        "f1>b5": "the-foundations",               # nothing comes back from a foundation
        "s>b8": "turning-up-cards",               # the pack is turned, not dealt to the battery
        "redeal": "the-stock-and-waste",          # the pack is not used up yet
        "b4>b1*2": "moving-runs",                 # one card at a time
    })


def test_the_battery_builds_by_twos():
    state = position(**BOARD)
    assert Move("b2", "b7") in GAME.legal_actions(state, 0)          # 5♠ on 7♠
    assert Move("b9", "b6") not in GAME.legal_actions(state, 0)      # 6♣ on J♣
    # only the top card is free: after 10♦ leaves, the queen under it is free again
    after = GAME.apply(position(**dict(BOARD, f14="2♦ 4♦ 6♦ 8♦")), Move("b4", "f14"))
    assert h.faces(GAME, after, "b4") == ["Q♦"] and h.faces(GAME, after, "f14")[-1] == "10♦"


def test_a_foundation_ends_with_its_king_or_queen():
    spades = dict(f1="A♠ " + run(Suit.SPADES, 3, 13), f2="2♠ " + run(Suit.SPADES, 4, 12))
    state = position(**spades, b1="K♠")
    assert Move("b1", "f1") not in GAME.legal_actions(state, 0)
    assert Move("b1", "f9") not in GAME.legal_actions(state, 0)      # the other spade ace wants a 3


# -- re-deals ------------------------------------------------------------------------------
def test_the_talon_is_dealt_again_once():
    state = Session(GAME, seed=2).state
    while state.piles[0]:
        state = GAME.apply(state, Draw())
    talon = h.faces(GAME, state, "w")
    again = GAME.apply(state, Redeal())
    assert len(h.faces(GAME, again, "s")) == len(talon) and not h.faces(GAME, again, "w")
    first = GAME.apply(again, Draw())
    assert h.faces(GAME, first, "w") == talon[:1]          # the same order as the first time
    while again.piles[0]:
        again = GAME.apply(again, Draw())
    exc = h.refusal(GAME, again, "redeal")
    assert exc.rule == f"{ID}#re-deals"


# -- the end of the game --------------------------------------------------------------------
def won_piles() -> dict[str, str]:
    out = {}
    for name, card in zip(FOUNDATIONS, PYRAMID):
        out[name] = run(card.suit, int(card.rank), 13 if card.rank is Rank.ACE else 12)
    return out


def test_a_won_position_shows_kings_and_queens():
    state = position(empty_pack=True, **won_piles())
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    tops = [h.faces(GAME, state, n)[-1] for n in FOUNDATIONS]
    assert [t[0] for t in tops] == ["K", "Q"] * 8
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)


def test_safe_moves_home():
    # a three goes home at once: the ace below it is home already
    assert GAME.safe_home_move(position(b1="3♠")) == Move("b1", "f1")
    # a seven waits while a five of its suit is still out: the five might want to lie on it
    state = position(f1="A♠ 3♠ 5♠", b1="7♠")
    assert GAME.safe_home_move(state) is None
    both = position(f1="A♠ 3♠ 5♠", f9="A♠ 3♠ 5♠", b1="7♠")
    assert GAME.safe_home_move(both) == Move("b1", "f1")


# -- whole games ---------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / f"{ID}_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_the_demo_plays_whole_games():
    for seed in range(4):
        result = play_demo(GAME, seed, level=1)
        assert result.finished or "no useful move" in result.summary, result.summary


def test_random_playouts_keep_both_packs():
    for seed in range(4):
        session = random_playout(GAME, seed)
        view = GAME.view(session.state, 0)
        assert sorted(c.id for c in view_cards(view)) == list(range(104))


# -- the rules page ------------------------------------------------------------------------
