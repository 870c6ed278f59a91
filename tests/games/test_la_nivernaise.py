"""La Nivernaise: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.patience.la_nivernaise import LaNivernaiseAI
from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, RANKS, SUITS, Card
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move, PatienceState, Redeal
from compendium.games.patience.la_nivernaise import ACES, FLANKS, GAME, KINGS, LEFT_FLANK, LINE, RIGHT_FLANK, gather

from .conformance import random_playout, refusal

DATA = Path(__file__).parent / "data"
ID = "la_nivernaise"
PACK = PACKS["2x52"]


def names(options=None) -> list[str]:
    return [s.name for s in GAME.specs(GAME.resolve_options(options))]


def position(options=None, top: str = "", rest: str = "s", passes: int = 0, **piles: str) -> PatienceState:
    """A position from text: pile="cards, bottom first".  ``top`` names the next cards of the
    pack, the first to come off first; the cards not named go to the pile ``rest`` (the pack by
    default), under the cards named for it.  The table then settles it as after a move: how deep
    the packets are seen."""
    opts = GAME.resolve_options(options)
    order = names(options)
    cards_of = {n: [parse_card(t) for t in piles.get(n, "").split()] for n in order}
    upper = [parse_card(t) for t in top.split()]
    named = Counter(c for cards in cards_of.values() for c in cards) + Counter(upper)
    left = sorted((Counter(PACK) - named).elements())
    if rest == "s":
        cards_of["s"] = left + upper[::-1]
    else:
        cards_of[rest] = left + cards_of[rest]          # the cards named lie on top
        cards_of["s"] = upper[::-1]
    deck: list[Card] = []
    built = {}
    for n in order:
        built[n] = tuple(range(len(deck), len(deck) + len(cards_of[n])))
        deck.extend(cards_of[n])
    assert Counter(deck) == Counter(PACK)
    state = PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in order), down=(0,) * len(order),
                          passes=passes, opts=tuple(sorted(opts.items())))
    return GAME.settle(state)


def faces(state: PatienceState, name: str) -> list[str]:
    return [str(state.deck[c]) for c in state.piles[names().index(name)]]


def shown(state: PatienceState, name: str) -> list[str]:
    return [str(c.face) if c.face else "##" for c in GAME.view(state, 0).pile(name).cards]


# -- the deal and the table ------------------------------------------------------------------------
def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    assert [faces(state, f)[0] for f in LEFT_FLANK] == ["6♥", "7♥", "J♣", "8♣"]
    assert [faces(state, f)[0] for f in RIGHT_FLANK] == ["K♠", "7♦", "6♠", "8♣"]
    assert [faces(state, p)[-1] for p in LINE] == ["10♥", "Q♠", "4♣", "K♣", "A♣", "9♦"]
    assert all(len(state.piles[names().index(p)]) == 4 for p in LINE)
    assert len(state.piles[names().index("s")]) == 72
    # no Flank is empty: only the top card of each packet is seen
    assert all(shown(state, p)[:3] == ["##"] * 3 for p in LINE)


def test_the_flanks_stand_either_side_of_the_foundations_above_the_line():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    left_x = {specs[n].x for n in LEFT_FLANK}
    right_x = {specs[n].x for n in RIGHT_FLANK}
    assert len(left_x) == len(right_x) == 1
    for f in ACES + KINGS:
        assert min(left_x) < specs[f].x < min(right_x)
    assert max(specs[f].y for f in ACES) < min(specs[f].y for f in KINGS)
    line_y = {specs[n].y for n in LINE}
    assert len(line_y) == 1 and min(line_y) > max(specs[n].y for n in FLANKS)


# -- legal moves -----------------------------------------------------------------------------------
BOARD = dict(l1="K♠", l2="9♦", l3="", l4="8♣", r1="2♦", r2="", r3="6♠", r4="Q♣",
             p1="9♥ 5♣ 3♠ A♣", p2="4♦ J♠", p3="10♣ 5♦", p4="6♥ K♦", p5="3♥ 8♠", p6="9♣ 7♣",
             a1="A♦", a2="A♥ 2♥ 3♥ 4♥ 5♥ 6♥", k2="K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥", k3="K♣")


def test_legal_moves():
    state = position(**BOARD, top="2♠ 2♣")
    legal = GAME.legal_actions(state, 0)
    cases = {
        "l1>k1": "a Flank king begins a descending foundation",
        "r1>a1": "the two of diamonds goes up on its ace",
        "p1>a3": "a packet's top card: an ace begins an ascending foundation",
        "r4>k3": "the queen of clubs comes down on its king",
        "p3>l3": "a packet's top card into an empty Flank",
        "s>r2": "the next card of the pack into an empty Flank",
        "a2>k2": "the two foundations of hearts meet: the six passes down onto the seven",
        "k2>a2": "... or the seven passes up onto the six",
        "draw": "a new round on the Line",
    }
    for text, why in cases.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, (text, why)
        assert GAME.apply(state, action) != state


def test_filling_a_flank_from_the_pack_and_from_the_line():
    state = position(**BOARD, top="2♠ 2♣")
    after = GAME.apply(state, Move("s", "r2"))
    assert faces(after, "r2") == ["2♠"]
    assert len(after.piles[names().index("s")]) == len(state.piles[names().index("s")]) - 1
    after = GAME.apply(state, Move("p3", "l3"))
    assert faces(after, "l3") == ["5♦"] and faces(after, "p3") == ["10♣"]


def test_the_packets_are_seen_as_deep_as_the_flanks_are_empty():
    state = position(**BOARD)
    assert shown(state, "p1") == ["##", "5♣", "3♠", "A♣"]        # two empty Flanks: two cards under the top
    one = GAME.apply(state, Move("p3", "l3"))
    assert shown(one, "p1") == ["##", "##", "3♠", "A♣"]
    none = GAME.apply(one, Move("p5", "r2"))
    assert shown(none, "p1") == ["##", "##", "##", "A♣"]
    again = GAME.apply(none, Move("l1", "k1"))                   # a Flank empties: one more is seen
    assert shown(again, "p1") == ["##", "##", "3♠", "A♣"]


def test_a_packet_played_off_takes_four_cards_at_once():
    state = position(**dict(BOARD, p1="A♣"), top="2♠ 2♣ 3♣ 4♣ 9♦")
    after = GAME.apply(state, Move("p1", "a3"))
    assert faces(after, "p1") == ["2♠", "2♣", "3♣", "4♣"]        # the fourth card dealt is on top
    assert faces(after, "a3") == ["A♣"]


def test_a_round_deals_four_together_on_every_packet():
    state = position(**BOARD)
    before = [len(state.piles[names().index(p)]) for p in LINE]
    stock = list(state.piles[names().index("s")])
    after = GAME.apply(state, Draw())
    assert [len(after.piles[names().index(p)]) for p in LINE] == [n + 4 for n in before]
    # the first packet takes the pack's top four, the first of them lowest
    assert after.piles[names().index("p1")][-4:] == tuple(reversed(stock[-4:]))


# -- illegal moves, each with its law ------------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    cases = {
        "l2>l4": "the-flanks",                      # nothing is laid on a Flank card
        "l2>l3": "spaces",                          # a Flank card never moves into another Flank
        "p2>p3": "the-line",                        # nothing is laid on the Line
        "l4>p6": "the-line",
        "p2>k1": "the-foundations",                 # the knave of spades does not begin a foundation
        "l2>a1": "the-foundations",                 # the nine of diamonds on the ace: up in suit, one at a time
        "a2>l3": "exchanges-between-foundations",   # foundation cards go only to a foundation
        "a1>a2": "exchanges-between-foundations",   # between an ascending and a descending one only
        "p1>a1*2": "moving-runs",                   # only a packet's top card is available
        "s>p1": "the-stock-and-waste",              # the pack goes to the Line in rounds only
        "redeal": "re-deals",                       # not before the pack is dealt out
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_the_four_aces_and_the_four_kings_are_of_different_suits():
    state = position(**dict(BOARD, l1="K♣"))
    exc = refusal(GAME, state, "l1>k1")
    assert exc.rule == f"{ID}#the-foundations" and "different suits" in exc.reason


# -- the re-deal ----------------------------------------------------------------------------------
def test_the_line_is_gathered_from_the_left_and_dealt_again_once():
    line = {p: " ".join(f"{r.short}{s.symbol}" for r in RANKS[i:i + 5]) for i, (p, s) in
            enumerate(zip(LINE, SUITS + SUITS[:2]))}
    flanks = dict(l1="K♠", l2="K♥", l3="K♦", l4="K♣", r1="Q♠", r2="Q♥", r3="Q♦", r4="Q♣")
    state = position(rest="a1", **line, **flanks)
    assert not state.piles[names().index("s")] and Draw() not in GAME.legal_actions(state, 0)
    pack = gather([state.piles[names().index(p)] for p in LINE])
    assert state.deck[pack[-1]] == parse_card(line["p6"].split()[0])   # the last packet's bottom card on top
    after = GAME.apply(state, Redeal())
    assert after.passes == 1
    # dealt again as at first: four together on each packet, from the left
    order = line["p6"].split() + line["p5"].split() + line["p4"].split() + line["p3"].split() + \
        line["p2"].split() + line["p1"].split()
    for k, p in enumerate(LINE):
        assert faces(after, p) == order[4 * k:4 * k + 4]
    assert len(after.piles[names().index("s")]) == 30 - 24
    assert all(faces(after, f) == [v] for f, v in flanks.items())     # the Flanks stay
    spent = position(rest="a1", passes=1, **line, **flanks)
    exc = refusal(GAME, spent, "redeal")
    assert exc.rule == f"{ID}#re-deals" and "once" in exc.reason
    # the option: twice, as PySolFC plays it
    assert Redeal() in GAME.legal_actions(position({"redeals": 2}, rest="a1", passes=1, **line, **flanks), 0)
    with pytest.raises(NotationError):
        GAME.resolve_options({"redeals": 5})


# -- the end ------------------------------------------------------------------------------------
def test_a_won_position():
    piles = {a: " ".join(f"{r.short}{s.symbol}" for r in RANKS) for a, s in zip(ACES, SUITS)}
    piles.update({k: " ".join(f"{r.short}{s.symbol}" for r in reversed(RANKS)) for k, s in zip(KINGS, SUITS)})
    state = position(passes=1, **piles)
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_a_lost_position():
    flanks = dict(l1="5♠", l2="5♥", l3="5♦", l4="5♣", r1="9♠", r2="9♥", r3="9♦", r4="9♣")
    state = position(rest="p1", passes=1, p1="7♠", **flanks)
    assert GAME.legal_actions(state, 0) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,)


# -- helps for the player and the solver ----------------------------------------------------------
def test_the_hint_slides_the_meeting_point_towards_a_free_card():
    """Hearts: the ascending foundation is at the three, the descending one has come down to the
    four, so they meet; the free two of hearts is wanted by neither until the three passes down."""
    piles = dict(l1="2♥", l2="9♦", l3="", l4="8♣", r1="J♦", r2="", r3="6♠", r4="10♠",
                 p1="9♥ 5♣ 3♠ 10♠", p2="4♦ J♠", p3="10♣ 5♦", p4="6♥ 7♦", p5="3♥ 8♠", p6="9♣ 7♣",
                 a1="A♦", a2="A♥ 2♥ 3♥", k2="K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥", k3="K♣")
    state = position(**piles)
    assert not [a for a in GAME.legal_actions(state, 0) if isinstance(a, Move) and a.dst in ACES + KINGS
                and a.src not in ACES + KINGS]
    assert ai_hint(GAME, state, 0) == Move("a2", "k2")
    after = GAME.apply(state, Move("a2", "k2"))
    assert Move("l1", "k2") in GAME.legal_actions(after, 0)
    # apart, the two foundations of a suit are not slid
    apart = position(**dict(piles, a2="A♥ 2♥", k2="K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥", l1="2♦"))
    assert LaNivernaiseAI._slide(GAME.view(apart, 0)) is None


def test_the_hint_keeps_a_flank_empty():
    state = position(**dict(BOARD, l1="J♦", r1="J♦", r4="10♠", l3="", r2="5♠"))
    hint = ai_hint(GAME, state, 0)
    assert hint is not None
    if isinstance(hint, Move) and hint.dst in FLANKS:
        after = GAME.apply(state, hint)
        assert any(not after.piles[names().index(f)] for f in FLANKS)


def test_the_demo_plays_whole_games():
    for seed in range(6):
        result = play_demo(GAME, seed)
        assert result.finished or "no useful move" in result.summary, result.summary
        assert result.session.state.passes == 1 or GAME.is_won(result.session.state)


def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "la_nivernaise_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert session.options == {"redeals": 1}
    # the line uses the book's resources: the pack into the Flanks, passing between foundations
    assert any(a.startswith("s>") for a in session.actions_text)
    assert any(a[0] in "ak" and a.split(">")[1][0] in "ak" for a in session.actions_text if ">" in a)


def test_random_playouts_show_exactly_what_the_flanks_allow():
    def check(session):
        state = session.state
        if not state.deck:
            return
        empty = sum(1 for f in FLANKS if not state.piles[names().index(f)])
        for p in LINE:
            pile = state.piles[names().index(p)]
            assert len(pile) - state.down[names().index(p)] == min(len(pile), 1 + empty)
        assert state.down[names().index("s")] == len(state.piles[names().index("s")])
        if state.piles[names().index("s")]:
            assert all(state.piles[names().index(p)] for p in LINE)   # an emptied packet is refilled
    for options in ({}, {"redeals": 2}):
        for seed in range(4):
            random_playout(GAME, seed, options=options, check=check)


