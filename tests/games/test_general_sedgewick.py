"""General Sedgewick: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import RANKS, Card, Rank, Suit, standard_pack
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience.engine import Draw, Move, PatienceState
from compendium.games.patience.general_sedgewick import GAME
from compendium.reference import rules_html as rulesdoc

from . import cadogan_helpers
from .conformance import random_playout, refusal, view_cards

DATA = Path(__file__).parent / "data"
ID = "general_sedgewick"
ORDER = ["f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "s", "w"]


def position(options=None, **piles: str) -> PatienceState:
    """A position from text: pile="cards bottom first", all face up.  Cards not named go to the
    pack (face down, in pack order), so every position holds all 52 cards."""
    opts = GAME.resolve_options(options)
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for name in ORDER:
        if name == "s":
            continue
        cards = [parse_card(t) for t in piles.get(name, "").split()]
        built[name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    rest = [c for c in standard_pack() if c not in deck]
    if "s" in piles:
        assert piles["s"] == "" and not rest, f"cards missing from the position: {rest}"
    built["s"] = tuple(range(len(deck), len(deck) + len(rest)))
    deck.extend(rest)
    assert sorted(deck) == sorted(standard_pack())
    down = tuple(len(built[n]) if n == "s" else 0 for n in ORDER)
    return PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in ORDER), down=down,
                         opts=tuple(sorted(opts.items())))


def faces(state, name):
    return [str(state.deck[c]) for c in state.piles[ORDER.index(name)]]


# -- the deal ------------------------------------------------------------------------------
def test_the_deal_is_a_cross_of_five_and_the_first_foundation():
    state = Session(GAME, seed=1).state
    view = GAME.view(state, 0)
    for name in ("t1", "t2", "t3", "t4", "t5", "f1"):
        cards = view.pile(name).cards
        assert len(cards) == 1 and cards[0].face is not None
    for name in ("f2", "f3", "f4", "w"):
        assert view.pile(name).cards == ()
    stock = view.pile("s").cards
    assert len(stock) == 46 and all(c.face is None for c in stock)


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    cross = [faces(state, n)[0] for n in ("t1", "t2", "t3", "t4", "t5")]
    assert cross == ["7♦", "9♣", "4♦", "8♥", "8♦"]
    assert faces(state, "f1") == ["5♠"]
    assert GAME.base_rank(state) is Rank.FIVE
    drawn = GAME.apply(state, Draw())
    assert faces(drawn, "w") == ["7♠"]        # the first card turned from the pack
    assert GAME.view(drawn, 0).pile("w").cards[-1].face == Card(Rank.SEVEN, Suit.SPADES)


def test_the_layout_is_a_cross_with_the_foundations_in_its_corners():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    xs = sorted({specs[n].x for n in ("t1", "t2", "t3", "t4", "t5")})
    ys = sorted({specs[n].y for n in ("t1", "t2", "t3", "t4", "t5")})
    left, middle, right = xs
    top, centre, bottom = ys
    assert (specs["t1"].x, specs["t1"].y) == (middle, top)
    assert (specs["t2"].x, specs["t2"].y) == (left, centre)
    assert (specs["t3"].x, specs["t3"].y) == (middle, centre)
    assert (specs["t4"].x, specs["t4"].y) == (right, centre)
    assert (specs["t5"].x, specs["t5"].y) == (middle, bottom)
    corners = {(specs[f].x, specs[f].y) for f in ("f1", "f2", "f3", "f4")}
    assert corners == {(left, top), (right, top), (left, bottom), (right, bottom)}
    assert (specs["f1"].x, specs["f1"].y) == (left, top)


# -- legal moves ---------------------------------------------------------------------------
BOARD = dict(f1="5♠ 6♠", t1="9♣ 7♠", t2="5♥", t3="8♦", t4="A♣", t5="2♦", w="3♥ 7♣")


def test_legal_moves():
    state = position(**BOARD)
    legal = GAME.legal_actions(state, 0)
    for text in ("t1>f1",    # 7♠ on 6♠: the foundation rises in suit
                 "t2>f2",    # 5♥ starts another foundation: five is this deal's starting rank
                 "w>t3",     # 7♣ on 8♦: the cross builds down regardless of suit
                 "t4>t5",    # A♣ on 2♦, from one packet to another
                 "t1>t3",    # 7♠ on 8♦
                 "draw"):
        action = GAME.action_from_str(state, text)
        assert action in legal, text
        assert GAME.apply(state, action) != state
    after = GAME.apply(state, Move("t2", "f2"))
    assert faces(after, "f2") == ["5♥"] and faces(after, "t2") == []
    # the vacancy takes any card: from the talon, or from another packet
    assert Move("w", "t2") in GAME.legal_actions(after, 0)
    assert Move("t1", "t2") in GAME.legal_actions(after, 0)
    # the foundation has taken its next card in suit
    assert faces(GAME.apply(state, Move("t1", "f1")), "f1") == ["5♠", "6♠", "7♠"]


def test_the_foundations_go_round_the_corner():
    state = position(f1="J♠ Q♠ K♠", t1="A♠", t2="J♥", t3="2♠")
    after = GAME.apply(state, Move("t1", "f1"))
    after = GAME.apply(after, Move("t3", "f1"))
    assert faces(after, "f1") == ["J♠", "Q♠", "K♠", "A♠", "2♠"]
    assert Move("t2", "f2") in GAME.legal_actions(state, 0)     # knaves start the others


def test_a_king_goes_on_an_ace_in_the_cross_by_default():
    state = position(f1="5♠", t1="A♦", t2="K♣")
    assert Move("t2", "t1") in GAME.legal_actions(state, 0)
    assert faces(GAME.apply(state, Move("t2", "t1")), "t1") == ["A♦", "K♣"]


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    cases = {
        "t3>f2": "the-foundations",            # 8♦ cannot start a foundation: fives do here
        "t4>f2": "the-foundations",            # nor an ace
        "t2>f1": "the-foundations",            # 5♥ on 6♠: a foundation follows suit and sequence
        "t2>t3": "building-on-the-tableau",    # 5♥ on 8♦: down one rank only
        "t3>t1": "building-on-the-tableau",    # 8♦ on 7♠: the cross builds downwards
        "f1>t3": "the-foundations",            # nothing comes back from a foundation
        "t1>t3*2": "moving-runs",              # one card at a time
        "s>t3": "turning-up-cards",            # a card of the pack is only turned onto the talon
        "redeal": "the-stock-and-waste",       # one pass, and the pack is not even used up
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason
    assert "start with a five" in refusal(GAME, state, "t3>f2").reason


def test_moving_a_lone_card_into_a_vacancy_is_no_move():
    state = position(f1="5♠", t1="9♣", t2="", t3="8♦ 7♠")
    assert refusal(GAME, state, "t1>t2").rule == f"{ID}#spaces"
    assert Move("t3", "t2") in GAME.legal_actions(state, 0)


def test_the_pack_is_gone_through_once():
    state = Session(GAME, seed=3).state
    while Draw() in GAME.legal_actions(state, 0):
        state = GAME.apply(state, Draw())
    assert len(state.piles[ORDER.index("w")]) == 46
    exc = refusal(GAME, state, "redeal")
    assert exc.rule == f"{ID}#the-stock-and-waste" and "only once" in exc.reason
    assert "stock is empty" in refusal(GAME, state, "draw").reason


# -- the options ----------------------------------------------------------------------------
def test_option_no_king_on_an_ace():
    state = position({"wrap": False}, f1="5♠", t1="A♦", t2="K♣", t3="2♣")
    exc = refusal(GAME, state, "t2>t1")
    assert exc.rule == f"{ID}#building-on-the-tableau"
    assert Move("t1", "t3") in GAME.legal_actions(state, 0)    # A♦ on 2♣ still
    # the foundations go round the corner whatever the option says
    state = position({"wrap": False}, f1="Q♠ K♠", t1="A♠")
    assert Move("t1", "f1") in GAME.legal_actions(state, 0)


def test_option_vacancies_only_from_the_pack_or_talon():
    board = dict(f1="5♠", t1="9♣", t2="", t3="8♦ 7♠", w="K♥")
    state = position({"spaces": "talon_only"}, **board)
    exc = refusal(GAME, state, "t3>t2")
    assert exc.rule == f"{ID}#spaces" and "talon" in exc.reason
    assert Move("t3", "t2") not in GAME.legal_actions(state, 0)
    assert Move("w", "t2") in GAME.legal_actions(state, 0)
    assert Move("t3", "t2") in GAME.legal_actions(position(**board), 0)


def test_bad_options_are_refused():
    from compendium.core.errors import NotationError
    with pytest.raises(NotationError):
        GAME.resolve_options({"wrap": "sometimes"})


# -- the end of the game --------------------------------------------------------------------
def suit_from(base: Rank, suit: Suit) -> str:
    order = [RANKS[(base - 1 + k) % 13] for k in range(13)]
    return " ".join(f"{r.short}{suit.symbol}" for r in order)


def test_a_won_position():
    piles = {f"f{i + 1}": suit_from(Rank.NINE, s) for i, s in enumerate((Suit.SPADES, Suit.HEARTS,
                                                                          Suit.CLUBS, Suit.DIAMONDS))}
    state = position(s="", **piles)
    assert GAME.is_won(state)
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (52,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_a_lost_position():
    """The pack is used up and nothing on the talon or the cross can go anywhere: the spades wait
    for the Q♠ and the hearts for the 10♥, both buried, and no top card is one below another."""
    state = position(
        s="",
        f1="9♠ 10♠ J♠", f2="9♥", f3=suit_from(Rank.NINE, Suit.CLUBS), f4=suit_from(Rank.NINE, Suit.DIAMONDS),
        t1="Q♠ A♠ 3♠ 4♠ 5♠ 7♠ 8♠ 2♠", t2="4♥", t3="6♠", t4="8♥", t5="Q♥",
        w="10♥ J♥ K♥ A♥ 2♥ 3♥ 5♥ 6♥ 7♥ K♠")
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (30,)
    assert "30 cards" in outcome.reason and outcome.rule == f"{ID}#end-of-the-game"


# -- the hint -----------------------------------------------------------------------------------
def test_the_hint_prefers_the_foundations_and_ends():
    state = position(**BOARD)
    assert ai_hint(GAME, state, 0) in (Move("t1", "f1"), Move("t2", "f2"))
    for seed in range(25):
        session = Session(GAME, seed=seed)
        for _ in range(400):
            if session.to_move() is Special.TERMINAL:
                break
            action = ai_hint(GAME, session.state, 0)
            if action is None:
                break
            session.play(action)
        else:
            pytest.fail(f"the hint went round in circles on deal {seed}")


# -- the solver's hooks ---------------------------------------------------------------------
def test_a_card_is_safe_to_send_home_once_the_rank_below_is_all_home():
    sixes = dict(f1="5♠ 6♠", f2="5♥ 6♥", f3="5♣ 6♣", f4="5♦ 6♦", t1="9♣ 7♠")
    assert GAME.safe_home_move(position(**sixes)) == Move("t1", "f1")
    # with the 6♦ still out, the 7♠ might yet be wanted on the cross to hold it
    assert GAME.safe_home_move(position(**dict(sixes, f4="5♦", t2="6♦ 8♣"))) is None
    # a base card is never forced home: it may hold a card of the rank below on the cross
    assert GAME.safe_home_move(position(f1="5♠", t1="5♥")) is None


def test_the_cross_packets_are_interchangeable_for_the_solver():
    """The same cards in two packets of the cross, or the same packets in other places, are one
    position to the solver; the foundations are not (the first one fixes the starting rank)."""
    state = Session(GAME, seed=4).state
    piles = list(state.piles)
    t1, t4, f1 = ORDER.index("t1"), ORDER.index("t4"), ORDER.index("f1")
    piles[t1], piles[t4] = piles[t4], piles[t1]
    swapped = PatienceState(state.deck, tuple(piles), state.down, state.passes, state.deal_seed, state.opts)
    assert GAME.canonical_key(swapped) == GAME.canonical_key(state)
    piles = list(state.piles)
    piles[f1], piles[t1] = piles[t1], piles[f1]
    moved = PatienceState(state.deck, tuple(piles), state.down, state.passes, state.deal_seed, state.opts)
    assert GAME.canonical_key(moved) != GAME.canonical_key(state)


# -- a whole game ---------------------------------------------------------------------------
def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "general_sedgewick_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (52,)
    assert outcome.rule == f"{ID}#end-of-the-game"


def test_the_demo_plays_whole_games():
    for seed in range(5):
        result = play_demo(GAME, seed)
        assert result.finished or "no useful move" in result.summary, result.summary


# -- the shared conformance checks ------------------------------------------------------------
def option_sets():
    yield {}
    for spec in GAME.option_specs:
        for choice in spec.choices:
            if choice != spec.default:
                yield {spec.name: choice}


def test_random_playouts_keep_every_card_and_hide_the_pack():
    def check(session):
        state = session.state
        view = GAME.view(state, 0)
        cards = list(view_cards(view))
        assert sorted(c.id for c in cards) == list(range(52))
        assert Counter(state.deck) == Counter(standard_pack())
        hidden = {c for pile, down in zip(state.piles, state.down) for c in pile[:down]}
        for vc in cards:
            assert (vc.face is None) == (vc.id in hidden)
            assert vc.face is None or vc.face == state.deck[vc.id]
        if len(hidden) > 1:  # shuffling the hidden faces changes no view
            deck = list(state.deck)
            ids = sorted(hidden)
            rolled = [deck[i] for i in ids[1:] + ids[:1]]
            for i, f in zip(ids, rolled):
                deck[i] = f
            other = PatienceState(tuple(deck), state.piles, state.down, state.passes, state.deal_seed,
                                  state.opts)
            assert GAME.view(other, 0) == view and GAME.view(other, None) == GAME.view(state, None)
    for options in option_sets():
        for seed in range(6):
            random_playout(GAME, seed, options=options, check=check)


# -- every rule cited has its heading ------------------------------------------------------
def page() -> str:
    return cadogan_helpers.page(GAME)


def test_the_page_has_the_sections_of_a_patience():
    anchors = rulesdoc.anchors(page())
    for section in ("players-and-equipment", "the-deal", "piles", "the-foundations", "spaces",
                    "the-stock-and-waste", "re-deals", "end-of-the-game", "laws-and-irregularities",
                    "variants", "hints", "sources-and-decisions"):
        assert section in anchors, section
