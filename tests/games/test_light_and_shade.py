"""Light and Shade: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, RANKS, Card, Suit
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move, PatienceState
from compendium.games.patience.light_and_shade import ACE_SUITS, AUXILIARIES, FOUNDATIONS, GAME, RIVALS

from .conformance import random_playout, refusal

DATA = Path(__file__).parent / "data"
ID = "light_and_shade"
PACK = PACKS["2x52"]


def names(options=None) -> list[str]:
    return [s.name for s in GAME.specs(GAME.resolve_options(options))]


ACES_AS_DEALT = {f: f"A{s.symbol}" for f, s in zip(FOUNDATIONS, ACE_SUITS)}


def position(options=None, top: str = "", **piles: str) -> PatienceState:
    """A position from text: pile="cards, bottom first", all face up but the pack.  The aces lie on
    their places unless a pile names the foundation.  ``top`` names the next cards of the pack,
    the first to come off first; the cards not named fill the rest of the pack."""
    opts = GAME.resolve_options(options)
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for name in names(options):
        if name == "s":
            continue
        cards = [parse_card(t) for t in piles.get(name, ACES_AS_DEALT.get(name, "")).split()]
        built[name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    upper = [parse_card(t) for t in top.split()]
    rest = list((Counter(PACK) - Counter(deck) - Counter(upper)).elements())
    stock = sorted(rest) + upper[::-1]
    built["s"] = tuple(range(len(deck), len(deck) + len(stock)))
    deck.extend(stock)
    assert Counter(deck) == Counter(PACK)
    order = names(options)
    return PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in order),
                         down=tuple(len(built["s"]) if n == "s" else 0 for n in order),
                         opts=tuple(sorted(opts.items())))


def faces(state: PatienceState, name: str) -> list[str]:
    return [str(state.deck[c]) for c in state.piles[names().index(name)]]


def everything_left(state: PatienceState, name: str) -> str:
    """The cards of the pack of ``state``, as text, to lay them on pile ``name`` instead."""
    return " ".join(str(state.deck[c]) for c in state.piles[names().index("s")])


# -- the deal and the table -----------------------------------------------------------------------
def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    assert [faces(state, f)[0] for f in FOUNDATIONS] == ["A♥", "A♠", "A♦", "A♣"] * 2
    assert [faces(state, a)[0] for a in AUXILIARIES] == ["6♥", "7♥", "J♣", "8♣"]
    assert [faces(state, r)[0] for r in RIVALS] == ["K♠", "7♦", "6♠", "8♣"]
    assert len(state.piles[names().index("s")]) == 88
    assert faces(GAME.apply(state, Draw()), "w") == ["7♠"]


def test_the_rows_lie_above_the_line_of_aces():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    aux_y = {specs[n].y for n in AUXILIARIES}
    rival_y = {specs[n].y for n in RIVALS}
    found_y = {specs[n].y for n in FOUNDATIONS}
    assert len(aux_y) == len(rival_y) == len(found_y) == 1
    assert max(aux_y) < min(rival_y) < min(found_y)           # Auxiliaries above the Rivals
    assert [specs[a].x for a in AUXILIARIES] == [specs[r].x for r in RIVALS]


# -- legal moves -----------------------------------------------------------------------------------
BOARD = dict(f2="A♠ 2♥ 3♣", a1="9♠ 8♥", a2="2♦", a3="4♥", a4="K♣",
             r1="7♣", r2="Q♥", r3="5♠", r4="", w="10♦ 3♠")


def test_legal_moves():
    state = position(**BOARD)
    legal = GAME.legal_actions(state, 0)
    cases = {
        "a2>f6": "a red two on a black ace, whatever the suits",
        "a3>f2": "the four of hearts on the three of clubs",
        "r1>a1": "a Rival onto an Auxiliary, one lower and of the other colour",
        "r2>a4": "the queen of hearts on the king of clubs",
        "w>a3": "the talon's top card straight onto an Auxiliary",
        "w>r4": "the talon's top card into an empty Rival",
        "draw": "the pack may be turned",
    }
    for text, why in cases.items():
        action = GAME.action_from_str(state, text)
        assert action in legal, (text, why)
        assert GAME.apply(state, action) != state
    assert {GAME.action_to_str(a) for a in legal} == set(cases) | {"a2>f4", "a2>f8"}   # any black ace


def test_an_empty_auxiliary_takes_a_rival_card():
    state = position(**dict(BOARD, a2=""))
    assert {a for a in GAME.legal_actions(state, 0) if isinstance(a, Move) and a.dst == "a2"} == \
        {Move(r, "a2") for r in ("r1", "r2", "r3")}
    after = GAME.apply(state, Move("r3", "a2"))
    assert faces(after, "a2") == ["5♠"] and faces(after, "r3") == []


# -- illegal moves, each with its law ------------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    cases = {
        "r3>f2": "the-foundations",            # a Rival never goes home directly
        "w>f6": "the-foundations",             # nor does the talon's card
        "a2>f1": "the-foundations",            # a red two on a red ace: colours must alternate
        "a1>a4": "building-on-the-tableau",    # no moves between Auxiliaries
        "r3>a1": "building-on-the-tableau",    # the five of spades on the eight of hearts
        "r3>r4": "spaces",                     # an empty Rival takes the pack or the talon only
        "a1>r4": "spaces",
        "w>r1": "the-rivals",                  # nothing is laid on a Rival
        "f2>a1": "the-foundations",            # foundation cards stay
        "redeal": "re-deals",
        "s>r4": "turning-up-cards",            # the pack is turned, never taken from
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_an_empty_auxiliary_is_filled_from_the_rivals_only():
    state = position(**dict(BOARD, a2=""))
    assert refusal(GAME, state, "w>a2").rule == f"{ID}#spaces"
    assert refusal(GAME, state, "a1>a2").rule == f"{ID}#building-on-the-tableau"


# -- the open decision: the talon's card on an Auxiliary ------------------------------------------
def test_option_only_through_the_rivals():
    strict = {"direct": False}
    state = position(strict, **BOARD)
    exc = refusal(GAME, state, "w>a3")
    assert exc.rule == f"{ID}#building-on-the-tableau" and "Rival" in exc.reason
    assert Move("w", "r4") in GAME.legal_actions(state, 0)
    assert "only" in GAME.piles_markdown(strict) and "or the talon's top card" in GAME.piles_markdown()
    with pytest.raises(NotationError):
        GAME.resolve_options({"direct": "sometimes"})


# -- the end ------------------------------------------------------------------------------------
def complete(ace: Suit) -> str:
    """A foundation from its ace to the king in alternating colours, suits paired as the packs allow."""
    partner = {Suit.HEARTS: Suit.SPADES, Suit.SPADES: Suit.HEARTS,
               Suit.DIAMONDS: Suit.CLUBS, Suit.CLUBS: Suit.DIAMONDS}[ace]
    return " ".join(f"{r.short}{(ace if r % 2 else partner).symbol}" for r in RANKS)


def test_a_won_position():
    piles = {f: complete(s) for f, s in zip(FOUNDATIONS, ACE_SUITS)}
    piles.update({n: "" for n in AUXILIARIES + RIVALS})
    state = position(**piles)
    assert not state.piles[names().index("s")]
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_a_lost_position():
    piles = dict(a1="K♠", a2="K♥", a3="K♣", a4="K♦", r1="9♥", r2="9♦", r3="9♠", r4="9♣")
    rest = position(**piles)
    left = everything_left(rest, "w").split()
    left.remove("5♠")
    piles["w"] = " ".join(left) + " 5♠"          # the whole pack on the talon, a five of spades on top
    state = position(**piles)
    assert GAME.legal_actions(state, 0) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (8,)


# -- helps for the player and the solver ----------------------------------------------------------
def test_safe_moves_home():
    state = position(**BOARD)
    assert GAME.safe_home_move(state) in (Move("a2", "f4"), Move("a2", "f6"), Move("a2", "f8"))  # a two is safe
    # the four of hearts: the black threes are not all home, so one might still go on it
    assert GAME.safe_home_move(position(**dict(BOARD, a2="J♦"))) is None


def test_the_hint_ends_and_the_demo_plays_whole_games():
    state = position(**BOARD)
    assert isinstance(ai_hint(GAME, state, 0), Move) and ai_hint(GAME, state, 0).dst.startswith("f")
    for seed in range(6):
        result = play_demo(GAME, seed)
        assert result.finished or "no useful move" in result.summary, result.summary


def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "light_and_shade_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (104,)
    assert session.options == {"direct": True}


def test_random_playouts_keep_the_rows_in_shape():
    def check(session):
        state = session.state
        if not state.deck:
            return
        for r in RIVALS:
            assert len(state.piles[names().index(r)]) <= 1
        for f in FOUNDATIONS:
            cards = [state.deck[c] for c in state.piles[names().index(f)]]
            assert cards[0].rank == 1
            for below, card in zip(cards, cards[1:]):
                assert card.rank == below.rank + 1 and card.suit.is_red != below.suit.is_red
    for options in ({}, {"direct": False}):
        for seed in range(4):
            random_playout(GAME, seed, options=options, check=check)


