"""Anna: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, SUITS, Card, Rank
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.anna import GAME, HELPS, KNAVES
from compendium.games.patience.engine import Draw, Move, PatienceState, Redeal

from .conformance import random_playout, refusal

DATA = Path(__file__).parent / "data"
ID = "anna"
PACK = PACKS["2x52"]


def names(options=None) -> list[str]:
    return [s.name for s in GAME.specs(GAME.resolve_options(options))]


def position(options=None, top: str = "", rest: str = "s", passes: int = 0, **piles: str) -> PatienceState:
    """A position from text: pile="cards, bottom first".  ``top`` names the next cards of the
    pack, the first to come off first; the cards not named go to the pile ``rest`` (the pack by
    default), under the cards named for it."""
    opts = GAME.resolve_options(options)
    order = names(options)
    cards_of = {n: [parse_card(t) for t in piles.get(n, "").split()] for n in order}
    upper = [parse_card(t) for t in top.split()]
    named = Counter(c for cards in cards_of.values() for c in cards) + Counter(upper)
    left = sorted((Counter(PACK) - named).elements())
    if rest == "s":
        cards_of["s"] = left + upper[::-1]
    else:
        cards_of[rest] = left + cards_of[rest]
        cards_of["s"] = upper[::-1]
    deck: list[Card] = []
    built = {}
    for n in order:
        built[n] = tuple(range(len(deck), len(deck) + len(cards_of[n])))
        deck.extend(cards_of[n])
    assert Counter(deck) == Counter(PACK)
    return PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in order),
                         down=tuple(len(built["s"]) if n == "s" else 0 for n in order), passes=passes,
                         opts=tuple(sorted(opts.items())))


def faces(state: PatienceState, name: str) -> list[str]:
    return [str(state.deck[c]) for c in state.piles[names().index(name)]]


def knave_foundation(suit_symbol: str, upto: int = 12) -> str:
    """A knave foundation of ``upto`` cards: knave, ten ... ace, king."""
    ranks = ["J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A", "K"][:upto]
    return " ".join(r + suit_symbol for r in ranks)


# -- the deal and the table ------------------------------------------------------------------------
def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version; the knave that came
    up while the A was dealt went to the N, and the next card took its place."""
    state = Session(GAME, seed=1).state
    assert [faces(state, h)[0] for h in HELPS] == ["6♥", "7♥", "8♣", "K♠", "7♦", "6♠", "8♣", "6♣"]
    assert faces(state, "n1") == ["J♣"] and all(faces(state, n) == [] for n in KNAVES[1:])
    assert len(state.piles[names().index("s")]) == 95
    after = GAME.apply(state, Draw())
    assert faces(after, "w") == ["9♣"]


def test_the_helps_make_an_a_and_the_knaves_an_n():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    apex, left, right, cross = specs["h1"], [specs[f"h{i}"] for i in (2, 3, 4)], \
        [specs[f"h{i}"] for i in (5, 6, 7)], specs["h8"]
    assert all(h.y > apex.y for h in left + right)
    assert [h.x for h in left] == sorted((h.x for h in left), reverse=True) and all(h.x < apex.x for h in left)
    assert [h.x for h in right] == sorted(h.x for h in right) and all(h.x > apex.x for h in right)
    assert [h.y for h in left] == [h.y for h in right]
    assert left[1].x < cross.x < right[1].x and cross.y == left[1].y          # the cross-stroke
    n = [specs[k] for k in KNAVES]
    assert n[0].x == n[1].x == n[2].x and n[0].y > n[1].y > n[2].y          # up the left stroke
    assert n[2].x < n[3].x < n[4].x < n[5].x and n[2].y < n[3].y < n[4].y < n[5].y   # down the diagonal
    assert n[5].x == n[6].x == n[7].x and n[5].y > n[6].y > n[7].y          # up the right stroke
    assert min(k.x for k in n) > max(h.x for h in right)


# -- legal moves -----------------------------------------------------------------------------------
BOARD = dict(n1="J♣ 10♣ 9♣", n2="J♥", n3=knave_foundation("♠", 11),
             h1="8♣", h2="5♦ 6♦", h3="7♦", h4="Q♠", h5="K♠", h6="", h7="2♥ 3♥", h8="10♥", w="9♦ 4♥")


def test_legal_moves():
    state = position(**BOARD)
    legal = GAME.legal_actions(state, 0)
    cases = {
        "h1>n1": "the eight of clubs comes down on the nine",
        "h8>n2": "the ten of hearts on its knave",
        "h5>n3": "after the ace, the king ends the foundation",
        "h3>h2": "the seven of diamonds married upwards on the six",
        "w>h7": "the talon's four of hearts married on the three",
        "w>h6": "the talon's top card into an empty help",
        "draw": "the pack may be turned",
    }
    for text, why in cases.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, (text, why)
        assert GAME.apply(state, action) != state
    assert {GAME.action_to_str(a) for a in legal} == set(cases)
    after = GAME.apply(state, Move("h5", "n3"))
    assert len(faces(after, "n3")) == 12 and faces(after, "n3")[-1] == "K♠"


def test_a_knave_goes_to_the_n_as_soon_as_it_turns_up():
    state = position(**BOARD, top="J♦ 5♣")
    after = GAME.apply(state, Draw())
    assert faces(after, "n4") == ["J♦"]                    # the next place of the N
    assert faces(after, "w") == ["9♦", "4♥"]               # the talon is as it was
    after = GAME.apply(after, Draw())
    assert faces(after, "w")[-1] == "5♣"


# -- illegal moves, each with its law ------------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    cases = {
        "h2>h3": "building-on-the-tableau",    # the six on the seven: marriages go upwards
        "h7>h8": "building-on-the-tableau",    # the three of hearts on the ten
        "h1>n2": "the-foundations",            # the eight of clubs on the knave of hearts
        "h3>h6": "spaces",                     # an empty help is filled from the pack or the talon
        "n1>h6": "the-foundations",            # foundation cards stay
        "h2>h1*2": "moving-runs",              # one card at a time
        "s>h6": "turning-up-cards",            # the pack is turned, never taken from
        "redeal": "the-stock-and-waste",       # not before the pack is used up
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_nothing_on_a_queen_and_a_queen_on_nothing():
    state = position(**dict(BOARD, w="9♦ K♠"))
    exc = refusal(GAME, state, "w>h4")
    assert exc.rule == f"{ID}#the-queens"
    # a queen is never married, even on its own knave (were one ever in the helps)
    state = position(**dict(BOARD, h3="J♦", w="Q♦"))
    exc = refusal(GAME, state, "w>h3")
    assert exc.rule == f"{ID}#the-queens"
    assert Move("w", "h6") in GAME.legal_actions(state, 0)     # it may go into an empty help


def test_a_finished_foundation_takes_nothing_more():
    state = position(**dict(BOARD, n3=knave_foundation("♠"), h5="Q♠", w="9♦ 4♥"))
    exc = refusal(GAME, state, "h5>n3")
    assert exc.rule == f"{ID}#the-foundations" and "complete" in exc.reason


# -- the open decision: round the corner in the helps ---------------------------------------------
def test_option_an_ace_on_a_king():
    state = position(**dict(BOARD, w="9♦ A♠"))
    exc = refusal(GAME, state, "w>h5")
    assert exc.rule == f"{ID}#building-on-the-tableau" and "king" in exc.reason
    wrapped = position({"wrap": True}, **dict(BOARD, w="9♦ A♠"))
    assert Move("w", "h5") in GAME.legal_actions(wrapped, 0)
    assert "an ace on a king" in GAME.piles_markdown({"wrap": True})
    with pytest.raises(NotationError):
        GAME.resolve_options({"wrap": "sometimes"})


# -- the talon dealt twice more -----------------------------------------------------------------
def test_the_talon_is_dealt_twice_more():
    state = position(**BOARD, rest="w")
    assert not state.piles[names().index("s")]
    first = GAME.apply(state, Redeal())
    assert first.passes == 1 and not first.piles[names().index("w")]
    assert first.piles[names().index("s")] == tuple(reversed(state.piles[names().index("w")]))
    spent = position(**BOARD, rest="w", passes=2)
    exc = refusal(GAME, spent, "redeal")
    assert exc.rule == f"{ID}#re-deals" and "twice" in exc.reason


# -- the end ------------------------------------------------------------------------------------
def test_a_won_position():
    piles = {n: knave_foundation(s.symbol) for n, s in zip(KNAVES, SUITS * 2)}
    piles.update({h: "" for h in HELPS})
    state = position(rest="h1", **piles)
    assert sorted(faces(state, "h1")) == sorted(f"Q{s.symbol}" for s in SUITS * 2)
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (96,)
    assert GAME.view(state, 0).total == 96


def test_a_lost_position():
    state = position(rest="w", passes=2, n1="J♣", h1="Q♣", h2="Q♦", h3="Q♥", h4="Q♠", h5="Q♣",
                     h6="Q♦", h7="Q♥", h8="Q♠", w="8♦")
    assert GAME.legal_actions(state, 0) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (1,)


# -- helps for the player and the solver ----------------------------------------------------------
def test_safe_moves_home():
    state = position(**BOARD)
    # the king of spades: nothing is ever married on a king (by default), so it goes home safely
    assert GAME.safe_home_move(state) == Move("h5", "n3")
    # so does the ten of hearts: the knave that would be married on it goes to the N instead
    assert GAME.safe_home_move(position(**dict(BOARD, h5="5♠"))) == Move("h8", "n2")
    # the eight of clubs could still take a nine of clubs in the helps: not forced
    assert GAME.safe_home_move(position(**dict(BOARD, h5="5♠", h8="4♣"))) is None


def test_the_hint_prefers_home_then_marriages_and_keeps_queens_out():
    assert ai_hint(GAME, position(**BOARD), 0) == Move("h5", "n3")
    quiet = position(**dict(BOARD, h1="2♦", h5="5♠", h8="4♣", w="9♦ Q♦"))
    hint = ai_hint(GAME, quiet, 0)
    assert hint == Move("h3", "h2") or hint == Draw()
    assert hint != Move("w", "h6")                               # one empty help: the queen waits


def test_the_demo_wins_often():
    won = 0
    for seed in range(10):
        result = play_demo(GAME, seed)
        assert result.finished or "no useful move" in result.summary, result.summary
        won += GAME.is_won(result.session.state)
    assert won >= 4


def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "anna_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (96,)


def test_random_playouts_keep_knaves_out_of_the_helps_and_queens_single():
    def check(session):
        state = session.state
        if not state.deck:
            return
        for h in HELPS:
            cards = [state.deck[c] for c in state.piles[names().index(h)]]
            assert all(c.rank is not Rank.JACK for c in cards)
            assert all(c.rank is not Rank.QUEEN for c in cards[1:]) and \
                all(c.rank is not Rank.QUEEN for c in cards[:-1])
        assert all(state.deck[c].rank is not Rank.JACK for c in state.piles[names().index("w")])
    for options in ({}, {"wrap": True}):
        for seed in range(4):
            random_playout(GAME, seed, options=options, check=check)


