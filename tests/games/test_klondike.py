"""Canfield or Klondike: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import Card, Rank, Suit
from compendium.core.errors import IllegalAction, NotationError, RecordError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.games.patience.engine import Draw, Move, PatienceState, Redeal
from compendium.games.patience.klondike import GAME

from .conformance import refusal

DATA = Path(__file__).parent / "data"
ORDER = ["s", "w", "f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7"]


def position(options=None, **piles: tuple[str, str]) -> PatienceState:
    """A Klondike position from text: pile=("face-down cards", "face-up cards"), bottom first.
    Cards not named go to the stock, in pack order, so every position holds all 52 cards."""
    opts = GAME.resolve_options(options)
    deck: list[Card] = []
    built: dict[str, tuple[tuple[int, ...], int]] = {}
    for name in ORDER:
        down, up = piles.get(name, ("", ""))
        cards = [parse_card(t) for t in (down.split() + up.split())]
        ids = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
        built[name] = (ids, len(down.split()))
    from compendium.core.cards import standard_pack
    rest = [c for c in standard_pack() if c not in deck]
    if "s" not in piles:
        ids = tuple(range(len(deck), len(deck) + len(rest)))
        deck.extend(rest)
        built["s"] = (ids, len(ids))
    else:
        assert not rest, f"cards missing from the position: {rest}"
    return PatienceState(deck=tuple(deck), piles=tuple(built[n][0] for n in ORDER),
                         down=tuple(built[n][1] for n in ORDER), opts=tuple(sorted(opts.items())))


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_is_seven_piles_with_their_top_card_up():
    state = Session(GAME, seed=143).state
    view = GAME.view(state, 0)
    for n in range(1, 8):
        cards = view.pile(f"t{n}").cards
        assert len(cards) == n
        assert cards[-1].face is not None and all(c.face is None for c in cards[:-1])
    assert len(view.pile("s").cards) == 24 and all(c.face is None for c in view.pile("s").cards)
    assert view.score == -52  # the pack is paid for before the first card is played


def test_golden_deal_143():
    """Deal numbers mean the same deal on every machine and every version."""
    view = GAME.view(Session(GAME, seed=143).state, 0)
    tops = [str(view.pile(f"t{n}").cards[-1].face) for n in range(1, 8)]
    assert tops == ["2♥", "2♠", "4♥", "K♦", "4♠", "2♣", "7♠"]


# -- legal moves ---------------------------------------------------------------------------
def test_legal_moves():
    state = position(t1=("", "10♠"), t2=("5♣", "9♥"), t3=("", "A♦"), t4=("", ""), t5=("2♥", "K♣ Q♥"),
                     w=("", "J♣"), f1=("", "A♣"), t6=("3♥", "2♣"), t7=("", "8♠"))
    moved = GAME.apply(state, Move("w", "t5"))  # J♣ from the waste onto Q♥
    assert moved.deck[moved.piles[ORDER.index("t5")][-1]] == Card(Rank.JACK, Suit.CLUBS)
    for text in ("t2>t1",      # red 9 on black 10
                 "t3>f2",      # an ace starts a foundation
                 "t6>f1",      # 2♣ on A♣, in suit
                 "t5>t4*2",    # a run headed by a king fills a space
                 "t7>t5",      # 8♠ ... no: Q♥ takes a black knave; 8♠ goes nowhere here
                 ):
        action = GAME.action_from_str(state, text)
        if text == "t7>t5":
            with pytest.raises(IllegalAction):
                GAME.apply(state, action)
            continue
        new = GAME.apply(state, action)
        assert new != state
        assert action in GAME.legal_actions(state, 0)
    # the card left on top is turned up
    new = GAME.apply(state, Move("t2", "t1"))
    assert GAME.view(new, 0).pile("t2").cards[-1].face == Card(Rank.FIVE, Suit.CLUBS)
    # turning the stock
    assert Draw() in GAME.legal_actions(state, 0)
    drawn = GAME.apply(state, Draw())
    assert len(GAME.view(drawn, 0).pile("w").cards) == 2
    assert GAME.view(drawn, 0).pile("w").cards[-1].face is not None


def test_draw_three_and_the_passes_option():
    state = position({"draw": 3, "passes": 3})
    after = GAME.apply(state, Draw())
    assert len(after.piles[1]) == 3
    while Draw() in GAME.legal_actions(after, 0):
        after = GAME.apply(after, Draw())
    assert Redeal() in GAME.legal_actions(after, 0)
    again = GAME.apply(after, Redeal())
    assert len(again.piles[0]) == len(state.piles[0]) and again.passes == 1


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(t1=("", "10♠"), t2=("5♣", "9♣"), t3=("", "2♦"), t4=("", ""), t5=("2♥", "Q♥"),
                     t6=("3♥", "8♦ 7♣"), t7=("4♥", "J♥"), f1=("", "A♣"))
    cases = {
        "t2>t1": "building-on-the-tableau",   # 9♣ on 10♠: same colour
        "t3>f2": "the-foundations",           # a foundation starts with an ace
        "t5>t4": "spaces",                    # only a king fills a space
        "t6>t7": "moving-runs",               # 7♣ alone, leaving 8♦ behind (the book moves all)
        "t6>f1*2": "the-foundations",         # foundations take one card at a time
        "f1>t3": "the-foundations",           # no card comes back from a foundation (the book)
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"canfield_or_klondike#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason
    # a face-down card cannot be moved
    exc = refusal(GAME, state, "t7>t1*2")
    assert exc.rule == "canfield_or_klondike#turning-up-cards"


def test_the_stock_goes_through_once_in_the_book():
    state = position()
    while Draw() in GAME.legal_actions(state, 0):
        state = GAME.apply(state, Draw())
    exc = refusal(GAME, state, "redeal")
    assert exc.rule == "canfield_or_klondike#the-stock-and-waste"
    assert "only once" in exc.reason
    exc = refusal(GAME, state, "draw")
    assert "stock is empty" in exc.reason


def test_modern_options_allow_part_runs_and_taking_back():
    state = position({"runs": "part", "from_foundation": True},
                     t6=("3♥", "8♦ 7♣"), t7=("4♥", "8♥"), f1=("", "A♣ 2♣"), t1=("", "3♦"))
    GAME.apply(state, Move("t6", "t7"))          # 7♣ alone onto 8♥
    GAME.apply(state, Move("f1", "t1"))          # 2♣ back onto 3♦


def test_bad_action_text_is_a_clear_error():
    state = position()
    for text in ("", "t9>t1", "t1>", "fly", "t1>t2*x", "deal x"):
        with pytest.raises(NotationError) as info:
            GAME.action_from_str(state, text)
        assert repr(text) in str(info.value)


# -- scoring (catalogue 6.16) --------------------------------------------------------------
@pytest.mark.parametrize("home, net", [(0, -52), (10, -2), (11, 3), (52, 208)])
def test_the_payment(home, net):
    from compendium.core.cards import RANKS, SUITS
    cards = [Card(r, s) for s in SUITS for r in RANKS][:home]
    f = [" ".join(str(c) for c in cards[i * 13:(i + 1) * 13]) for i in range(4)]
    state = position(f1=("", f[0]), f2=("", f[1]), f3=("", f[2]), f4=("", f[3]))
    assert GAME.score(state) == net
    events = GAME.score_events(state)
    assert sum(e.points for e in events) == net
    assert all(e.rule == "canfield_or_klondike#scoring" for e in events)


# -- a whole game --------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "klondike_win_143.json")
    session = Session.from_record(records.loads(text), source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (208,)
    assert outcome.rule == "canfield_or_klondike#end-of-the-game"


def test_an_illegal_move_in_a_record_is_named_with_its_line(tmp_path):
    text = records.read_text(DATA / "klondike_win_143.json")
    lines = text.splitlines()
    first_action = next(i for i, l in enumerate(lines) if l.strip() == '"deal 143",') + 1
    lines[first_action] = '    "t1>t2",'
    with pytest.raises(RecordError) as info:
        Session.from_record(records.loads("\n".join(lines)), source_text="\n".join(lines))
    assert info.value.line == first_action + 1 and info.value.index == 1
    assert "line" in str(info.value) and "t1>t2" in str(info.value)


def test_a_blocked_game_ends_as_lost():
    """Nothing left to move: the game is over, lost, with the payment so far.  (Moving a lone
    king from one space to another is no move: it would let a dead game go on for ever.)"""
    from compendium.core.cards import RANKS
    suits = {"f1": "♥", "f2": "♦", "f3": "♣"}
    piles = {f: ("", " ".join(f"{r.short}{s}" for r in RANKS)) for f, s in suits.items()}
    piles["f4"] = ("", " ".join(f"{r.short}♠" for r in RANKS[:10]))
    state = position(s=("", ""), w=("", "J♠ Q♠"), t1=("", "K♠"), **piles)
    state = PatienceState(state.deck, state.piles, state.down, passes=0, opts=state.opts)
    assert refusal(GAME, state, "t1>t2").rule == "canfield_or_klondike#spaces"
    assert GAME.to_move(state) is Special.TERMINAL, GAME.legal_actions(state, 0)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (5 * 49 - 52,)
    assert "49 cards" in outcome.reason


def test_hint_prefers_the_foundations():
    state = position(t3=("", "A♦"), t1=("", "10♠"), t2=("5♣", "9♥"))
    assert ai_hint(GAME, state, 0) == Move("t3", "f1")
