"""Napoleon's Square and its single-card form: the book's rules, with the law deciding each refusal."""
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
from compendium.games.patience.engine import Draw, Fan, Move, PatienceState, PileKind
from compendium.games.patience.napoleons_square import GAME, SINGLE
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import random_playout, refusal, view_cards

DATA = Path(__file__).parent / "data"
ID = "napoleons_square"
SUITS = "♣♦♥♠"
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def position(game=GAME, options=None, rest="s", **piles: str) -> PatienceState:
    """A position from text: pile="cards bottom first", all face up.  The cards not named go to
    the pile ``rest`` (the stock, face down, by default; or the talon), so that every position
    holds both packs exactly."""
    opts = game.resolve_options(options)
    specs = game.specs(opts)
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for spec in specs:
        cards = [parse_card(t) for t in piles.get(spec.name, "").split()]
        built[spec.name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    assert not Counter(deck) - Counter(PACKS["2x52"]), "more cards than two packs hold"
    left = Counter(PACKS["2x52"]) - Counter(deck)
    extra = []
    for card in PACKS["2x52"]:
        if left[card]:
            left[card] -= 1
            extra.append(card)
    if extra:
        ids = tuple(range(len(deck), len(deck) + len(extra)))
        deck.extend(extra)
        built[rest] = ids + built[rest] if rest == "w" else built[rest] + ids
    down = tuple(len(built[s.name]) if s.name == "s" else 0 for s in specs)
    return PatienceState(deck=tuple(deck), piles=tuple(built[s.name] for s in specs), down=down,
                         opts=tuple(sorted(opts.items())))


def suit_run(suit: str, low: int, high: int) -> str:
    return " ".join(f"{RANKS[r - 1]}{suit}" for r in range(low, high + 1))


def cards_of(game, state, name):
    return [str(state.deck[c]) for c in state.piles[game._index(game.options_of(state))[name]]]


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_is_twelve_packets_of_four_all_face_up():
    view = GAME.view(Session(GAME, seed=1).state, 0)
    for n in range(1, 13):
        cards = view.pile(f"t{n}").cards
        assert len(cards) == 4 and all(c.face is not None for c in cards)
    assert len(view.pile("s").cards) == 56 and all(c.face is None for c in view.pile("s").cards)
    assert not view.pile("w").cards and all(not view.pile(f"f{n}").cards for n in range(1, 9))


def test_each_packet_is_dealt_in_one_go():
    state = Session(GAME, {"kings": "leave"}, seed=1).state
    index = GAME._index(GAME.options_of(state))
    assert state.piles[index["t1"]] == (0, 1, 2, 3)
    assert state.piles[index["t12"]] == (44, 45, 46, 47)


def test_golden_deal_1():
    view = GAME.view(Session(GAME, seed=1).state, 0)
    packets = [[str(c.face) for c in view.pile(f"t{n}").cards] for n in range(1, 13)]
    assert packets[0] == ["6♥", "7♥", "J♣", "8♣"]
    assert [p[-1] for p in packets] == ["8♣", "8♣", "10♥", "Q♠", "4♣", "K♣", "A♣", "9♦",
                                        "7♦", "6♦", "K♣", "5♦"]


def test_the_square_has_three_sides_and_fits_the_table():
    specs = GAME.specs(GAME.resolve_options())
    packets = [s for s in specs if s.kind is PileKind.TABLEAU]
    left, top, right = packets[:4], packets[4:8], packets[8:]
    assert len({s.x for s in left}) == 1 and all(s.fan is Fan.LEFT for s in left)
    assert len({s.y for s in top}) == 1 and all(s.fan is Fan.UP for s in top)
    assert len({s.x for s in right}) == 1 and all(s.fan is Fan.RIGHT for s in right)
    assert left[0].x < top[0].x < top[-1].x < right[0].x
    foundations = [s for s in specs if s.kind is PileKind.FOUNDATION]
    assert all(left[0].x < f.x < right[0].x and f.y > top[0].y for f in foundations)
    stock = next(s for s in specs if s.kind is PileKind.STOCK)
    assert stock.y > max(f.y for f in foundations)
    # no two piles overlap (a card is 1 wide and 1.4 high)
    for a in specs:
        for b in specs:
            if a is not b:
                assert abs(a.x - b.x) >= 1 or abs(a.y - b.y) >= 1.4, (a.name, b.name)


def test_the_single_form_deals_twelve_single_cards():
    view = SINGLE.view(Session(SINGLE, seed=1).state, 0)
    assert [len(view.pile(f"t{n}").cards) for n in range(1, 13)] == [1] * 12
    assert len(view.pile("s").cards) == 92
    assert [str(view.pile(f"t{n}").cards[0].face) for n in range(1, 13)] == \
        ["6♥", "7♥", "J♣", "8♣", "K♠", "7♦", "6♠", "8♣", "6♣", "9♣", "5♣", "10♥"]
    assert [o.name for o in SINGLE.option_specs] == ["spaces", "runs"]


# -- the book's note on two kings ----------------------------------------------------------
def test_two_kings_blocking_their_suit_one_is_slipped_under_its_packet():
    # deal 22: both kings of hearts lie over lower hearts (packet 9 over the ace, 10 over the six)
    left = Session(GAME, {"kings": "leave"}, seed=22).state
    mended = Session(GAME, seed=22).state
    assert len(GAME.blocking_kings(left)[Suit.HEARTS]) == 2
    assert cards_of(GAME, left, "t9")[-1] == "K♥"
    assert cards_of(GAME, mended, "t9") == ["K♥"] + cards_of(GAME, left, "t9")[:-1]
    assert cards_of(GAME, mended, "t10") == cards_of(GAME, left, "t10")   # the other king stays
    assert len(GAME.blocking_kings(mended).get(Suit.HEARTS, [])) == 1
    # the record keeps only the deal number: the mended deal comes back the same
    assert Session(GAME, seed=22).state == mended


def test_two_kings_in_one_packet_and_two_suits_at_once():
    left = Session(GAME, {"kings": "leave"}, seed=23).state
    mended = Session(GAME, seed=23).state
    before = cards_of(GAME, left, "t4")
    assert before.count("K♥") == 2
    # the upper of the two kings goes to the bottom
    upper = max(i for i, c in enumerate(before) if c == "K♥")
    assert cards_of(GAME, mended, "t4") == ["K♥"] + before[:upper] + before[upper + 1:]
    left10, mended10 = Session(GAME, {"kings": "leave"}, seed=10).state, Session(GAME, seed=10).state
    blocked = {s: k for s, k in GAME.blocking_kings(left10).items() if len(k) >= 2}
    assert set(blocked) == {Suit.CLUBS, Suit.SPADES}
    assert all(len(k) <= 1 for k in GAME.blocking_kings(mended10).values())


def test_a_deal_without_the_trouble_is_left_alone():
    assert Session(GAME, seed=1).state.piles == Session(GAME, {"kings": "leave"}, seed=1).state.piles


# -- legal moves ---------------------------------------------------------------------------
def test_legal_moves():
    state = position(t1="9♠ A♦", t2="5♥ 8♣", t3="", t4="K♥ 7♣", t5="3♦ 2♥", t6="J♠ 6♥",
                     t7="4♣ 10♠", t8="Q♦", t9="2♦ 7♥", t10="6♠ 9♠", t11="8♦ 5♠", t12="K♠ 6♠",
                     f1="A♥", w="5♦ 7♣")
    cases = {
        "t1>f2": "A♦",     # an ace to a foundation
        "t5>f1": "2♥",     # two of hearts on its ace
        "t4>t2": "7♣",     # married down in suit
        "w>t2": "7♣",      # the talon's card married on the square
        "w>t3": "7♣",      # the talon's card fills a vacancy
        "t6>t9": "6♥",     # 6♥ on 7♥
        "t11>t12": "5♠",   # 5♠ on 6♠
    }
    legal = GAME.legal_actions(state, 0)
    for text, card in cases.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, text
        after = GAME.apply(state, action)
        assert cards_of(GAME, after, action.dst)[-1] == card
    # a card from the pack fills a vacancy by way of the talon
    drawn = GAME.apply(state, Draw())
    assert Move("w", "t3") in GAME.legal_actions(drawn, 0)
    # the card placed in a vacancy starts a packet that takes marriages
    filled = GAME.apply(state, Move("w", "t3"))
    filled = GAME.apply(filled, Move("t6", "t9"))
    assert cards_of(GAME, filled, "t3") == ["7♣"]


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(t1="9♠ 2♦", t2="5♥ 8♣", t3="", t4="K♥ 7♥", t5="3♦ 8♠ 7♠", t6="J♠ 6♥",
                     t7="4♣ 10♠", t8="Q♦", t9="2♦ 7♥", t10="6♠ 9♠", f1="A♥", w="5♦ 7♣")
    cases = {
        "t4>t2": "building-on-the-tableau",   # 7♥ on 8♣: not in suit
        "t7>t4": "building-on-the-tableau",   # 10♠ on 7♥
        "t1>f2": "the-foundations",           # a foundation starts with an ace
        "t6>f1": "the-foundations",           # 6♥ on A♥
        "t5>t3*2": "moving-runs",             # one card at a time
        "f1>t3": "the-foundations",           # nothing comes back from a foundation
        "t9>t3": "spaces",                    # a vacancy takes no card from the square
        "t8>t3": "spaces",                    # nor a whole packet from it
        "s>w": "turning-up-cards",            # the stock's cards are turned, not moved by hand
        "w>t9": "building-on-the-tableau",    # 7♣ on 7♥
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
    exc = refusal(GAME, state, "t9>t3")
    assert "talon" in exc.reason and "pack" in exc.reason


def test_no_redeal():
    state = position(rest="w", s="", t1="K♣")
    assert refusal(GAME, state, "draw").rule == f"{ID}#the-stock-and-waste"
    exc = refusal(GAME, state, "redeal")
    assert exc.rule == f"{ID}#the-stock-and-waste" and "only once" in exc.reason


def test_the_single_form_cites_its_own_page():
    state = position(SINGLE, t1="9♠ 2♦", t3="", t9="2♦ 7♥", w="5♦ 7♣")
    exc = refusal(SINGLE, state, "t9>t3")
    assert exc.rule == "napoleons_square_single#spaces"
    assert refusal(SINGLE, state, "t1>t9").rule == "napoleons_square_single#building-on-the-tableau"
    assert Move("w", "t3") in SINGLE.legal_actions(state, 0)


# -- the options ---------------------------------------------------------------------------
def test_option_any_card_fills_a_vacancy():
    piles = dict(t1="9♠ 2♦", t3="", t9="2♦ 7♥", t5="3♦ 8♠ 7♠", w="5♦ 7♣")
    assert Move("t9", "t3") not in GAME.legal_actions(position(**piles), 0)
    free = position(options={"spaces": "any"}, **piles)
    assert Move("t9", "t3") in GAME.legal_actions(free, 0)
    assert cards_of(GAME, GAME.apply(free, Move("t9", "t3")), "t3") == ["7♥"]
    # with sequences moving too, a whole sequence may go into the vacancy
    both = position(options={"spaces": "any", "runs": "runs"}, **piles)
    assert Move("t5", "t3", 2) in GAME.legal_actions(both, 0)
    only_runs = position(options={"runs": "runs"}, **piles)
    assert refusal(GAME, only_runs, "t5>t3*2").rule == f"{ID}#spaces"


def test_option_sequences_move_together():
    piles = dict(t1="4♣ 9♠", t2="K♥ 8♠ 7♠ 6♠")
    assert refusal(GAME, position(**piles), "t2>t1*3").rule == f"{ID}#moving-runs"
    runs = position(options={"runs": "runs"}, **piles)
    after = GAME.apply(runs, Move("t2", "t1", 3))
    assert cards_of(GAME, after, "t1") == ["4♣", "9♠", "8♠", "7♠", "6♠"]
    assert refusal(GAME, runs, "t2>t1*4").rule == f"{ID}#moving-runs"


def test_option_leave_the_kings():
    left = Session(GAME, {"kings": "leave"}, seed=22).state
    assert len(GAME.blocking_kings(left)[Suit.HEARTS]) == 2
    assert left.piles != Session(GAME, seed=22).state.piles


# -- the end of the game -------------------------------------------------------------------
def won_foundations():
    return {f"f{2 * i + k + 1}": suit_run(s, 1, 13) for i, s in enumerate(SUITS) for k in range(2)}


@pytest.mark.parametrize("game", [GAME, SINGLE], ids=lambda g: g.info.id)
def test_a_won_position(game):
    state = position(game, s="", **won_foundations())
    assert game.to_move(state) is Special.TERMINAL
    outcome = game.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{game.info.id}#end-of-the-game"


def test_a_blocked_position_is_lost():
    feet = "K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣ J♠ J♥ J♦ J♣".split()
    aces = {f"f{i + 1}": f"A{SUITS[i // 2]}" for i in range(8)}
    state = position(rest="w", s="", **{f"t{i + 1}": c for i, c in enumerate(feet)}, **aces)
    index = GAME._index(GAME.options_of(state))
    waste = list(state.piles[index["w"]])
    blocker = next(i for i in waste if state.deck[i] == Card(Rank.THREE, Suit.SPADES))
    waste.remove(blocker)
    piles = list(state.piles)
    piles[index["w"]] = tuple(waste + [blocker])
    state = dataclasses.replace(state, piles=tuple(piles))
    assert GAME.legal_actions(state, 0) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (8,)
    assert outcome.rule == f"{ID}#end-of-the-game"


# -- the shared conformance checks ---------------------------------------------------------
OPTION_SETS = {
    GAME: [{}, {"spaces": "any"}, {"runs": "runs"}, {"kings": "leave"}],
    SINGLE: [{}, {"spaces": "any", "runs": "runs"}],
}
PLAYS = [(g, o) for g, sets in OPTION_SETS.items() for o in sets]


@pytest.mark.parametrize("game, options", PLAYS, ids=lambda p: getattr(p, "info", None) and p.info.id or str(p))
def test_random_playouts_keep_every_card_and_hide_the_stock(game, options):
    def check(session):
        state = session.state
        view = game.view(state, 0)
        assert sorted(c.id for c in view_cards(view)) == list(range(104))
        assert Counter(state.deck) == Counter(PACKS["2x52"])
        hidden = {c for pile, down in zip(state.piles, state.down) for c in pile[:down]}
        for vc in view_cards(view):
            assert (vc.face is None) == (vc.id in hidden)
        if len(hidden) > 1:
            order = sorted(hidden)
            deck = list(state.deck)
            faces = [deck[c] for c in order]
            for c, f in zip(order, faces[1:] + faces[:1]):
                deck[c] = f
            other = dataclasses.replace(state, deck=tuple(deck))
            assert game.view(other, 0) == view and game.view(other, None) == game.view(state, None)
        for action in session.legal_actions():
            text = game.action_to_str(action)
            assert game.action_from_str(state, text) == action, text
    for seed in range(2):
        random_playout(game, seed, options=options, check=check)


# -- whole games ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", [GAME, SINGLE], ids=lambda g: g.info.id)
def test_a_recorded_win_replays_to_a_detected_win(game):
    text = records.read_text(DATA / f"{game.info.id}_win.json")
    session = Session.from_record(records.loads(text), game=game, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)


@pytest.mark.parametrize("game", [GAME, SINGLE], ids=lambda g: g.info.id)
def test_the_demo_ends(game):
    for seed in range(3):
        result = play_demo(game, seed)
        assert result.finished or result.summary.startswith("no useful move")


def test_the_hint_plays_home_first_then_turns_the_stock():
    state = position(t1="9♠ A♦", t2="5♥ 8♣", t4="K♥ 7♣")
    assert ai_hint(GAME, state, 0) == Move("t1", "f1")
    feet = "K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣ J♠ J♥ J♦ J♣".split()
    aces = {f"f{i + 1}": f"A{SUITS[i // 2]}" for i in range(8)}
    assert ai_hint(GAME, position(**{f"t{i + 1}": c for i, c in enumerate(feet)}, **aces), 0) == Draw()
    assert ai_hint(GAME, position(s="", **won_foundations()), 0) is None


# -- the rules pages -----------------------------------------------------------------------
def page_anchors(game) -> set[str]:
    text = (rules_dir() / f"{game.info.id}.md").read_text(encoding="utf-8")
    assert "<!-- piles -->" in text
    text = text.replace("<!-- piles -->", "### Piles\n\n" + game.piles_markdown() + "\n", 1)
    anchors = rulesdoc.anchors(text)
    assert [t for t in rulesdoc.links(text) if t.startswith("#") and t[1:] not in anchors] == []
    # links to the main game's page land on its headings
    main = page_anchors(GAME) if game is not GAME else anchors
    for target in rulesdoc.links(text):
        if target.startswith("napoleons_square#"):
            assert target.partition("#")[2] in main, target
    return anchors


@pytest.mark.parametrize("game", [GAME, SINGLE], ids=lambda g: g.info.id)
def test_the_rules_page_sections(game):
    anchors = page_anchors(game)
    for section in ("players-and-equipment", "the-deal", "piles", "the-foundations", "the-play", "spaces",
                    "the-stock-and-waste", "re-deals", "end-of-the-game", "laws-and-irregularities",
                    "variants", "hints", "sources-and-decisions"):
        assert section in anchors, (game.info.id, section)
