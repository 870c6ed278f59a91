"""The Clock: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, SUITS, Card, Rank
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.clock import FOUNDATION_CARDS, GAME, cards_on
from compendium.games.patience.engine import Draw, Move, PatienceState, Redeal

from .conformance import refusal, view_cards

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
PAGE = ROOT / "resources" / "rules" / "the_clock.md"
ORDER = [s.name for s in GAME.specs(GAME.resolve_options({}))]
OPTION_SETS = [{}, {"refill": "move"}, {"wrap": True}]


def position(options=None, **piles: str) -> PatienceState:
    """A Clock position from text: pile="cards, bottom first" (all face up).  A foundation not
    named holds just its own foundation card; the cards not named go to the pack, face down, in
    pack order (the pack's top card is the last of them), so every position holds 104 cards."""
    opts = GAME.resolve_options(options)
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for name in ORDER:
        if name == "s":
            continue
        text = piles.get(name)
        if text is None and name.startswith("f"):
            text = str(FOUNDATION_CARDS[int(name[1:])])
        cards = [parse_card(t) for t in (text or "").split()]
        built[name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    missing = Counter(PACKS["2x52"])
    missing.subtract(deck)
    assert all(n >= 0 for n in missing.values()), [c for c, n in missing.items() if n < 0]
    left = []
    for card in PACKS["2x52"]:
        if missing[card] > 0:
            missing[card] -= 1
            left.append(card)
    if "s" in piles:
        assert not left, f"cards missing from the position: {left}"
    built["s"] = tuple(range(len(deck), len(deck) + len(left)))
    deck.extend(left)
    down = tuple(len(built[n]) if n == "s" else 0 for n in ORDER)
    return PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in ORDER), down=down,
                         opts=tuple(sorted(opts.items())))


def complete(hour: int) -> str:
    """The text of the foundation at ``hour`` when it is complete."""
    first = FOUNDATION_CARDS[hour]
    ranks = [(first.rank - 1 + k) % 13 + 1 for k in range(cards_on(hour))]
    return " ".join(str(Card(Rank(r), first.suit)) for r in ranks)


def faces(state: PatienceState, name: str) -> list[str]:
    return [str(state.deck[c]) for c in state.piles[ORDER.index(name)]]


# -- the deal ------------------------------------------------------------------------------
def test_the_twelve_foundation_cards_stand_against_their_hours():
    view = GAME.view(Session(GAME, seed=5).state, 0)
    dial = {int(p.name[1:]): [str(c.face) for c in p.cards] for p in view.piles if p.name.startswith("f")}
    assert dial == {9: ["2♣"], 10: ["3♥"], 11: ["4♠"], 12: ["5♦"], 1: ["6♣"], 2: ["7♥"], 3: ["8♠"],
                    4: ["9♦"], 5: ["10♣"], 6: ["J♥"], 7: ["Q♠"], 8: ["K♦"]}


def test_the_foundations_take_all_104_cards_when_complete():
    counts = {hour: cards_on(hour) for hour in range(1, 13)}
    assert sum(counts.values()) == 104
    assert sorted(h for h, n in counts.items() if n == 8) == [9, 10, 11, 12]
    assert complete(1).split()[-2:] == ["K♣", "A♣"]      # I ends with an ace, after the king
    assert complete(12).split()[-1] == "Q♦" and complete(11).split()[-1] == "J♠"


def test_the_deal_is_a_circle_of_twelve_packets_of_three():
    view = GAME.view(Session(GAME, seed=7).state, 0)
    for hour in range(1, 13):
        cards = view.pile(f"p{hour}").cards
        assert len(cards) == 3 and all(c.face is not None for c in cards)
    stock = view.pile("s").cards
    assert len(stock) == 56 and all(c.face is None for c in stock)
    assert not view.pile("w").cards
    assert sorted(c.id for c in view_cards(view)) == list(range(104))
    assert view.on_foundations == 12 and view.total == 104


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    view = GAME.view(Session(GAME, seed=1).state, 0)
    packets = {h: [str(c.face) for c in view.pile(f"p{h}").cards] for h in range(1, 13)}
    assert packets[1] == ["6♥", "J♣", "8♣"]
    assert packets[4] == ["10♥", "A♥", "10♠"]
    assert packets[12] == ["6♥", "K♥", "K♣"]
    assert [packets[h][-1] for h in range(1, 13)] == ["8♣", "6♠", "5♣", "10♠", "4♣", "J♠", "3♠",
                                                      "9♣", "3♦", "A♠", "6♦", "K♣"]


# -- legal moves ---------------------------------------------------------------------------
def test_legal_moves():
    state = position(p1="9♥ 7♣", p2="4♦ 8♣", p3="A♥ 3♠ 9♠", p4="J♦ 10♠", w="4♥",
                     f7="Q♠ K♠", p6="Q♦ Q♦ A♠")
    legal = GAME.legal_actions(state, 0)
    expected = {
        "p1>f1": ["6♣", "7♣"],          # 7♣ on the 6♣ at I: up in suit
        "p3>f3": ["8♠", "9♠"],          # 9♠ on the 8♠ at III
        "w>f10": ["3♥", "4♥"],          # the talon's top card goes to a foundation
        "p6>f7": ["Q♠", "K♠", "A♠"],    # the ace follows the king on the foundations
        "p1>p2": ["4♦", "8♣", "7♣"],    # a marriage: 7♣ on 8♣, down in suit
        "p3>p4": ["J♦", "10♠", "9♠"],   # 9♠ on 10♠
    }
    for text, pile in expected.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, text
        after = GAME.apply(state, action)
        assert faces(after, action.dst) == pile
    assert GAME.apply(state, Draw()).piles[ORDER.index("w")] == state.piles[ORDER.index("w")]  # refills
    state = dataclasses.replace(state, opts=tuple(sorted({**dict(state.opts), "refill": "move"}.items())))
    top = state.deck[state.piles[ORDER.index("s")][-1]]
    drawn = GAME.apply(state, Draw())
    assert faces(drawn, "w") == ["4♥", str(top)]       # the pack's top card turned onto the talon
    assert GAME.view(drawn, 0).pile("w").cards[-1].face is not None


def test_a_foundation_is_built_to_its_hour_and_no_further():
    state = position(f1="6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣", p1="2♠ 2♠ K♣", p2="3♠ 3♠ A♣")
    state = GAME.apply(state, Move("p1", "f1"))   # K♣
    state = GAME.apply(state, Move("p2", "f1"))   # A♣: the hour of I is reached
    assert faces(state, "f1") == complete(1).split() and GAME.is_complete(state, 1)
    done = position(f1=complete(1), f9=complete(9), p1="5♠ 5♠ 2♣")
    exc = refusal(GAME, done, "p1>f1")                  # 2♣ would follow the ace, but I is finished
    assert exc.rule == "the_clock#the-foundations" and "complete" in exc.reason
    assert refusal(GAME, done, "p1>f9").rule == "the_clock#the-foundations"


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(p1="9♥ 7♣", p2="4♦ 8♠", p3="A♥ 3♠ 9♠", p4="J♦ 2♥", p5="2♥ 5♣ K♣",
                     p6="Q♦ 3♦ 2♦", w="8♣", f4="9♦ 10♦ J♦ Q♦")
    cases = {
        "p1>p2": "building-on-the-tableau",            # 7♣ on 8♠: not the same suit
        "p3>p2": "building-on-the-tableau",            # 9♠ on 8♠: marriages go downwards
        "w>p1": "the-stock-and-waste",   # talon cards never go to the circle
        "p5>f4": "the-foundations",      # K♣ on Q♦: not in suit
        "p6>f4": "the-foundations",      # 2♦ on Q♦: not the next card
        "f4>p6": "the-foundations",      # a card on a foundation stays there
        "p6>p5*2": "moving-runs",           # one card at a time
        "p1>p7": "spaces",            # an empty packet is refilled only from the pack
        "p1>w": "the-stock-and-waste",   # nothing is put on the talon
        "s>f1": "the-stock-and-waste",   # the pack is not played from directly
        "redeal": "re-deals",
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"the_clock#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_the_pack_is_gone_through_once():
    rest = position()
    state = position(w=" ".join(str(rest.deck[c]) for c in rest.piles[ORDER.index("s")]), s="")
    assert refusal(GAME, state, "draw").rule == "the_clock#the-stock-and-waste"
    assert refusal(GAME, state, "redeal").rule == "the_clock#re-deals"
    assert Redeal() not in GAME.legal_actions(state, 0) and Draw() not in GAME.legal_actions(state, 0)


def test_nothing_goes_on_an_ace_in_the_circle_unless_the_option_says_so():
    text = dict(p1="9♥ 7♣ A♠", p2="4♦ 8♠ K♠")
    assert refusal(GAME, position(**text), "p2>p1").rule == "the_clock#building-on-the-tableau"
    state = position({"wrap": True}, **text)
    assert Move("p2", "p1") in GAME.legal_actions(state, 0)
    assert faces(GAME.apply(state, Move("p2", "p1")), "p1") == ["9♥", "7♣", "A♠", "K♠"]


# -- refilling the circle (the option "refill") ----------------------------------------------
def packets_full(*skip: str, used: str = "") -> dict[str, str]:
    """Three high cards in every packet but those in ``skip``, leaving the cards in ``used`` (and
    the foundation cards) their two copies."""
    counts = Counter(parse_card(t) for t in used.split())
    counts.update(FOUNDATION_CARDS.values())
    pool = []
    for rank in (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT):
        for suit in SUITS:
            card = Card(rank, suit)
            while counts[card] < 2:
                counts[card] += 1
                pool.append(str(card))
    names = [f"p{h}" for h in range(1, 13) if f"p{h}" not in skip]
    return {n: " ".join(pool[3 * i:3 * i + 3]) for i, n in enumerate(names)}


def test_the_book_refills_when_the_round_is_over():
    state = position(p3="J♠ 4♥ 7♣", **packets_full("p3", used="J♠ 4♥ 7♣"))
    stock = state.piles[ORDER.index("s")]
    state = GAME.apply(state, Move("p3", "f1"))          # 7♣ home: packet III is short
    assert faces(state, "p3") == ["J♠", "4♥"]            # nothing refilled yet
    assert Move("p3", "f10") in GAME.legal_actions(state, 0)
    state = GAME.apply(state, Move("p3", "f10"))         # the freed 4♥ goes home in the same round
    assert GAME.describe(state, Draw()) == "refill the circle from the pack"
    refilled = GAME.apply(state, Draw())                 # clicking the pack refills, turns nothing
    assert faces(refilled, "p3") == ["J♠"] + [str(state.deck[c]) for c in reversed(stock[-2:])]
    assert not refilled.piles[ORDER.index("w")]
    assert refilled.piles[ORDER.index("s")] == stock[:-2]
    turned = GAME.apply(refilled, Draw())                # now the pack is turned onto the talon
    assert turned.piles[ORDER.index("w")] == (stock[-3],)


def test_refills_go_round_from_one():
    state = position(p2="J♠ 4♥", p5="", p9="2♥", **packets_full("p2", "p5", "p9", used="J♠ 4♥ 2♥"))
    stock = list(state.piles[ORDER.index("s")])
    refilled = GAME.apply(state, Draw())
    taken = [str(state.deck[c]) for c in reversed(stock)]
    assert faces(refilled, "p2") == ["J♠", "4♥", taken[0]]
    assert faces(refilled, "p5") == taken[1:4]
    assert faces(refilled, "p9") == ["2♥"] + taken[4:6]


def test_the_option_refills_at_once_after_every_move():
    state = position({"refill": "move"}, p3="J♠ 4♥ 7♣", **packets_full("p3", used="J♠ 4♥ 7♣"))
    stock = state.piles[ORDER.index("s")]
    state = GAME.apply(state, Move("p3", "f1"))
    assert faces(state, "p3") == ["J♠", "4♥", str(state.deck[stock[-1]])]
    assert Move("p3", "f10") not in GAME.legal_actions(state, 0)   # the 4♥ is covered again
    assert GAME.describe(state, Draw()) == "turn the next card of the pack"


def test_a_marriage_can_shorten_a_packet_for_the_refill():
    state = position(p1="9♥ 7♣", p2="4♦ 8♣", **packets_full("p1", "p2", used="9♥ 7♣ 4♦ 8♣"))
    state = GAME.apply(state, Move("p1", "p2"))
    assert faces(state, "p2") == ["4♦", "8♣", "7♣"] and faces(state, "p1") == ["9♥"]
    refilled = GAME.apply(state, Draw())
    assert len(refilled.piles[ORDER.index("p1")]) == 3 and len(refilled.piles[ORDER.index("p2")]) == 3


# -- the end of the game -------------------------------------------------------------------
def test_a_won_game():
    state = position(**{f"f{h}": complete(h) for h in range(1, 13)}, s="")
    assert GAME.is_won(state)
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == "the_clock#end-of-the-game"


def test_a_blocked_game_is_lost():
    """The last two clubs lie on the talon in the wrong order: the ace covers the king that
    foundation I needs first, and with the pack gone nothing else can move."""
    piles = {f"f{h}": complete(h) for h in range(2, 13)}
    state = position(f1="6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣", w="K♣ A♣", s="", **piles)
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (102,)
    assert "102 cards" in outcome.reason and outcome.rule == "the_clock#end-of-the-game"


# -- the hint and the demo -----------------------------------------------------------------
def test_the_hint_plays_the_talon_before_the_circle():
    state = position(p1="9♥ 7♣", w="7♣", p2="4♦ 8♣")
    assert ai_hint(GAME, state, 0) == Move("w", "f1")


def test_the_hint_plays_home_before_marrying_and_refills_last():
    state = position(p1="9♥ 7♣", p2="4♦ 8♣", p3="5♥ 5♥ 9♠",
                     **packets_full("p1", "p2", "p3", used="9♥ 7♣ 4♦ 8♣ 5♥ 5♥ 9♠"))
    first = ai_hint(GAME, state, 0)
    assert isinstance(first, Move) and first.dst.startswith("f")
    while True:
        action = ai_hint(GAME, state, 0)
        if isinstance(action, Draw):
            break
        state = GAME.apply(state, action)
    assert GAME.describe(state, Draw()) == "refill the circle from the pack"


def test_safe_moves_home():
    """The table plays these by itself: a talon card (it has no other use), and a circle card
    that no card still in play could be married to."""
    assert GAME.safe_home_move(position(w="7♣", p1="9♥ 8♦")) == Move("w", "f1")
    state = position(p1="9♥ 7♣")                       # a 6♣ is still out: 7♣ may be wanted in the circle
    assert GAME.safe_home_move(state) is None
    state = position(p1="9♥ 7♣", f9="2♣ 3♣ 4♣ 5♣ 6♣")   # both sixes of clubs are home
    assert GAME.safe_home_move(state) in (Move("p1", "f1"), Move("p1", "f9"))
    assert GAME.safe_home_move(position(p6="Q♦ Q♦ A♠", f7="Q♠ K♠")) == Move("p6", "f7")  # an ace
    assert GAME.safe_home_move(position({"wrap": True}, p6="Q♦ Q♦ A♠", f7="Q♠ K♠")) is None


def test_the_demo_always_ends():
    for seed in range(8):
        for options in OPTION_SETS:
            result = play_demo(GAME, seed, options)
            assert result.steps < 5000
            assert result.finished or result.summary.startswith("no useful move")


def test_play_by_hints_always_ends():
    for seed in range(6):
        session = Session(GAME, {"refill": "move"} if seed % 2 else None, seed=seed)
        for _ in range(3000):
            if session.to_move() is Special.TERMINAL:
                break
            action = ai_hint(GAME, session.state, 0)
            if action is None:
                break
            session.play(action)
        else:
            pytest.fail("the hints went round in circles")


# -- conformance ---------------------------------------------------------------------------


# -- the record of a won game --------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "the_clock_win.json")
    session = Session.from_record(records.loads(text), game=GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == "the_clock#end-of-the-game"


# -- the rules page ------------------------------------------------------------------------

def test_the_piles_table_is_generated_for_every_option():
    assert "<!-- piles -->" in PAGE.read_text(encoding="utf-8")
    for options in OPTION_SETS:
        assert "| 12 × packet of the circle |" in GAME.piles_markdown(options)
