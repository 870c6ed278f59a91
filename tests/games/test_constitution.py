"""The Constitution: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

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
from compendium.games.patience.constitution import FOUNDATION_SUITS, GAME
from compendium.games.patience.engine import Draw, Move, PatienceState

from .conformance import refusal, view_cards

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
PAGE = ROOT / "resources" / "rules" / "the_constitution.md"
ORDER = [s.name for s in GAME.specs(GAME.resolve_options({}))]
OPTION_SETS = [{}, {"building": "rank"}, {"vacancies": "later"}]
ORNAMENTS = {"sov": "Q♦", "bis": "K♠ K♠ K♣ K♣", "jud": "K♥ K♥ K♦ K♦",
             "out": "Q♠ Q♠ Q♥ Q♥ Q♣ Q♣ Q♦"}
ACES = {f"f{i + 1}": str(Card(Rank.ACE, s)) for i, s in enumerate(FOUNDATION_SUITS)}


def position(options=None, rest: str = "s", **piles: str) -> PatienceState:
    """A Constitution position from text: pile="cards, bottom first" (face up).  The ornaments and
    the aces keep their places unless named; the cards not named go to the pack (face down, in
    pack order; its top card is the last of them), or to the talon with ``rest="w"``."""
    opts = GAME.resolve_options(options)
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for name in ORDER:
        if name == rest:
            continue
        text = piles.get(name, ORNAMENTS.get(name, ACES.get(name, "")))
        cards = [parse_card(t) for t in text.split()]
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
    built[rest] = tuple(range(len(deck), len(deck) + len(left)))
    deck.extend(left)
    down = tuple(len(built[n]) if n == "s" else 0 for n in ORDER)
    return PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in ORDER), down=down,
                         opts=tuple(sorted(opts.items())))


def rows_full(**given: str) -> dict[str, str]:
    """``given`` with every other pile of the four rows holding one card from six to ten (no
    card the foundations want, and never a third copy), so that no vacancy is waiting."""
    used = Counter(parse_card(t) for text in given.values() for t in text.split())
    pool = []
    for rank in ("10", "9", "8", "7", "6"):
        for suit in "♠♥♣♦":
            card = parse_card(rank + suit)
            while used[card] < 2:
                used[card] += 1
                pool.append(rank + suit)
    out = dict(given)
    for prefix in ("pc", "l", "c", "p"):
        for i in range(1, 9):
            if f"{prefix}{i}" not in out:
                out[f"{prefix}{i}"] = pool.pop(0)
    return out


def faces(state: PatienceState, name: str) -> list[str]:
    return [str(state.deck[c]) for c in state.piles[ORDER.index(name)]]


def top_of_pack(state: PatienceState) -> str:
    return str(state.deck[state.piles[ORDER.index("s")][-1]])


# -- the deal ------------------------------------------------------------------------------
def test_the_court_cards_and_aces_are_set_out_first():
    view = GAME.view(Session(GAME, seed=3).state, 0)
    pile = {p.name: [str(c.face) for c in p.cards] for p in view.piles}
    assert pile["sov"] == ["Q♦"]
    assert sorted(pile["bis"]) == sorted(["K♠", "K♠", "K♣", "K♣"])
    assert sorted(pile["jud"]) == sorted(["K♥", "K♥", "K♦", "K♦"])
    assert sorted(pile["out"]) == sorted(["Q♠", "Q♠", "Q♥", "Q♥", "Q♣", "Q♣", "Q♦"])
    assert [pile[f"f{i + 1}"] for i in range(8)] == [[f"A{s.symbol}"] for s in FOUNDATION_SUITS]


def test_the_deal_is_four_rows_of_eight_and_a_pack_of_48():
    view = GAME.view(Session(GAME, seed=3).state, 0)
    rows = [p for p in view.piles if p.name[0] in "pcl"]
    assert len(rows) == 32
    for pile in rows:
        assert len(pile.cards) == 1 and pile.cards[0].face is not None
        assert Rank.TWO <= pile.cards[0].face.rank <= Rank.JACK
    assert len(view.pile("s").cards) == 48 and all(c.face is None for c in view.pile("s").cards)
    assert not view.pile("w").cards
    assert sorted(c.id for c in view_cards(view)) == list(range(104))
    assert view.on_foundations == 8 and view.total == 88


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version; the People are dealt
    first, the Privy Council last."""
    state = Session(GAME, seed=1).state
    row = {prefix: [faces(state, f"{prefix}{i}")[0] for i in range(1, 9)] for prefix in ("pc", "l", "c", "p")}
    assert row["pc"] == ["8♦", "9♦", "3♦", "6♣", "7♦", "6♦", "6♥", "3♥"]
    assert row["l"] == ["J♣", "9♠", "J♠", "5♠", "3♠", "7♠", "8♠", "9♣"]
    assert row["p"] == ["6♥", "7♥", "J♣", "8♣", "7♦", "6♠", "8♣", "6♣"]
    assert state.piles[ORDER.index("p1")] < state.piles[ORDER.index("pc1")]   # dealt before


# -- legal moves ---------------------------------------------------------------------------
def test_legal_moves():
    state = position(**rows_full(pc1="9♦", pc2="2♠", l1="8♣", l2="5♦", l3="J♣", c1="7♥", c3="10♦",
                                 p1="6♠", p3="9♠", w="4♣ 10♥"))
    legal = GAME.legal_actions(state, 0)
    for text in ("pc2>f1", "pc2>f6",   # a two of spades on either ace of spades
                 "l1>pc1",             # a black eight on a red nine, from the row below
                 "c1>l1",              # a red seven on the black eight
                 "p1>c1",              # a black six on the red seven
                 "draw"):
        assert GAME.action_from_str(state, text) in legal, text
    after = GAME.apply(state, Move("l1", "pc1"))
    assert faces(after, "pc1") == ["9♦", "8♣"]
    # a People card climbs and the talon's top card fills its place at once
    after = GAME.apply(state, Move("p3", "c3"))
    assert faces(after, "c3") == ["10♦", "9♠"] and faces(after, "p3") == ["10♥"]
    assert faces(after, "w") == ["4♣"]
    # with no talon, the pack fills it
    bare = position(**rows_full(c1="7♥", p1="6♠"))
    top = top_of_pack(bare)
    after = GAME.apply(bare, Move("p1", "c1"))
    assert faces(after, "p1") == [top] and GAME.view(after, 0).pile("p1").cards[0].face is not None
    # turning the pack
    drawn = GAME.apply(state, Draw())
    assert faces(drawn, "w") == ["4♣", "10♥", top_of_pack(state)]


def test_a_vacancy_is_filled_at_once_from_the_row_below():
    state = position(**rows_full(pc1="9♦", pc2="2♠", l2="5♦", l3="J♣", c2="6♣", p2="7♥"))
    state = GAME.apply(state, Move("pc2", "f1"))           # the two goes home: a vacancy in the Council
    legal = GAME.legal_actions(state, 0)
    assert set(legal) == {Move(f"l{i}", "pc2") for i in range(1, 9)}   # only the Lords may fill it
    exc = refusal(GAME, state, "draw")
    assert exc.rule == "the_constitution#spaces" and "pc2" in exc.reason
    assert refusal(GAME, state, "c2>l2").rule == "the_constitution#spaces"   # nothing else first
    assert refusal(GAME, state, "c2>pc2").rule == "the_constitution#spaces"  # not from the Commons
    state = GAME.apply(state, Move("l2", "pc2"))            # the Lords pile is emptied in its turn
    assert set(GAME.legal_actions(state, 0)) == {Move(f"c{i}", "l2") for i in range(1, 9)}
    state = GAME.apply(state, Move("c2", "l2"))
    assert set(GAME.legal_actions(state, 0)) == {Move(f"p{i}", "c2") for i in range(1, 9)}
    top = top_of_pack(state)
    state = GAME.apply(state, Move("p2", "c2"))             # and the People from the pack
    assert faces(state, "p2") == [top]
    assert Draw() in GAME.legal_actions(state, 0)


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**rows_full(pc1="9♦", l1="8♣", l2="2♦", l6="10♠", c1="7♥", c4="8♣", c5="7♠",
                                 c6="9♥", p4="7♠", p5="5♥", p6="9♥"))
    cases = {
        "p4>c4": "building-on-the-tableau",    # 7♠ on 8♣: the same colour
        "p5>c5": "building-on-the-tableau",    # 5♥ on 7♠: not the next rank
        "p6>l6": "building-on-the-tableau",    # a card climbs one row at a time
        "c1>c4": "building-on-the-tableau",    # not within its own row
        "l1>c6": "building-on-the-tableau",    # and never down
        "l2>f4": "the-foundations",         # the foundations take only Privy Council cards
        "f1>pc1": "the-foundations",        # a card on the foundations stays there
        "w>p1": "the-stock-and-waste",      # the talon only fills vacancies among the People
        "s>p1": "the-stock-and-waste",
        "l1>w": "the-stock-and-waste",
        "sov>pc1": "players-and-equipment",  # the Sovereign is an ornament
        "pc1>bis": "players-and-equipment",
        "pc1>l1*2": "moving-runs",             # one card at a time
        "redeal": "re-deals",
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"the_constitution#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_the_people_are_filled_only_from_the_talon_or_the_pack():
    state = position({"vacancies": "later"}, rest="w", s="", c1="7♥", p2="6♠")
    exc = refusal(GAME, state, "c1>p1")
    assert exc.rule == "the_constitution#spaces" and "talon" in exc.reason
    assert refusal(GAME, state, "draw").rule == "the_constitution#the-stock-and-waste"


# -- the options -----------------------------------------------------------------------------
def test_the_modern_option_builds_regardless_of_colour():
    text = rows_full(c4="8♣", p4="7♠")
    assert refusal(GAME, position(**text), "p4>c4").rule == "the_constitution#building-on-the-tableau"
    state = position({"building": "rank"}, **text)
    assert Move("p4", "c4") in GAME.legal_actions(state, 0)
    assert refusal(GAME, position({"building": "rank"}, **rows_full(c4="8♣", p4="6♠")), "p4>c4").rule \
        == "the_constitution#building-on-the-tableau"


def test_the_option_lets_a_vacancy_wait():
    state = position({"vacancies": "later"}, **rows_full(pc1="9♦", pc2="2♠", l1="8♣", l2="5♦", c1="7♥",
                                                         c2="6♠"))
    state = GAME.apply(state, Move("pc2", "f1"))
    legal = GAME.legal_actions(state, 0)
    assert Draw() in legal and Move("l1", "pc1") in legal and Move("l2", "pc2") in legal
    state = GAME.apply(state, Draw())
    state = GAME.apply(state, Move("c1", "l1"))                 # the Council vacancy still waits
    assert not state.piles[ORDER.index("pc2")]
    assert refusal(GAME, state, "c2>pc2").rule == "the_constitution#spaces"   # still one row at a time
    state = GAME.apply(state, Move("l2", "pc2"))
    assert faces(state, "pc2") == ["5♦"]


# -- the end of the game -------------------------------------------------------------------
def test_a_won_game():
    piles = {f"f{i + 1}": " ".join(f"{r}{s.symbol}" for r in "A 2 3 4 5 6 7 8 9 10 J".split())
             for i, s in enumerate(FOUNDATION_SUITS)}
    state = position(s="", **piles)
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (88,)
    assert "knaves" in outcome.reason and outcome.rule == "the_constitution#end-of-the-game"


def test_a_blocked_game_is_lost():
    """No two in the Privy Council, nothing that can climb, the pack turned out: over."""
    rows = {}
    for prefix, rank in (("pc", "9"), ("l", "J"), ("c", "5"), ("p", "7")):
        cards = [f"{rank}{s}" for s in "♦♦♥♥♠♠♣♣"]
        rows.update({f"{prefix}{i + 1}": c for i, c in enumerate(cards)})
    state = position(rest="w", s="", **rows)
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (8,)
    assert "8 cards" in outcome.reason and outcome.rule == "the_constitution#end-of-the-game"


# -- the hint and the demo -----------------------------------------------------------------
def test_the_hint_sends_a_card_home_first():
    state = position(**rows_full(pc1="9♦", pc2="2♠", l1="8♣", c1="7♥"))
    assert ai_hint(GAME, state, 0) in (Move("pc2", "f1"), Move("pc2", "f6"))


def test_the_hint_fills_a_vacancy_with_the_card_most_likely_to_climb():
    state = position(**rows_full(pc1="2♦", l1="J♣", l2="3♦", l3="9♠", c1="4♣"))
    state = GAME.apply(state, Move("pc1", "f4"))
    assert ai_hint(GAME, state, 0) == Move("l2", "pc1")     # the three of diamonds is wanted soon


def test_safe_moves_home():
    """The table plays these by itself: a two, or a card nothing in play could be laid on."""
    state = position(**rows_full(pc2="2♠", pc1="9♦"))
    assert GAME.safe_home_move(state) in (Move("pc2", "f1"), Move("pc2", "f6"))
    three = dict(pc2="3♥", f2="A♥ 2♥")
    assert GAME.safe_home_move(position(**rows_full(**three))) is None     # black twos are out
    home = dict(f1="A♠ 2♠", f6="A♠ 2♠", f3="A♣ 2♣", f8="A♣ 2♣")
    assert GAME.safe_home_move(position(**rows_full(**three, **home))) == Move("pc2", "f2")
    # under the modern option any two could still be laid on it: the red ones are out
    assert GAME.safe_home_move(position({"building": "rank"}, **rows_full(**three, **home))) is None


def test_the_demo_always_ends():
    for seed in range(6):
        for options in OPTION_SETS:
            result = play_demo(GAME, seed, options)
            assert result.steps < 5000
            assert result.finished or result.summary.startswith("no useful move")


def test_play_by_hints_always_ends():
    for seed in range(4):
        options = OPTION_SETS[seed % 3]
        session = Session(GAME, options, seed=seed)
        for _ in range(3000):
            if session.to_move() is Special.TERMINAL:
                break
            session.play(ai_hint(GAME, session.state, 0))
        else:
            pytest.fail("the hints went round in circles")
        assert session.outcome() is not None


# -- conformance ---------------------------------------------------------------------------


# -- the record of a won game --------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "the_constitution_win.json")
    session = Session.from_record(records.loads(text), game=GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (88,)
    assert outcome.rule == "the_constitution#end-of-the-game"


# -- the rules page ------------------------------------------------------------------------

def test_the_piles_table_is_generated_for_every_option():
    assert "<!-- piles -->" in PAGE.read_text(encoding="utf-8")
    for options in OPTION_SETS:
        assert "| 8 × Privy Council |" in GAME.piles_markdown(options)


def test_suits_of_the_ring_alternate_in_colour():
    red = {Suit.HEARTS, Suit.DIAMONDS}
    upper, lower = FOUNDATION_SUITS[:4], FOUNDATION_SUITS[4:]
    for line in (upper, lower):
        assert all((a in red) != (b in red) for a, b in zip(line, line[1:]))
    assert all((a in red) != (b in red) for a, b in zip(upper, lower))
