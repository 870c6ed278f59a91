"""Draw Poker by Hoyle 1909: the book's worked example replayed exactly (catalogue 6.15), the
laws that refuse a move with their rule, the straddle, the draw, side pools and the session."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from compendium.core.cards import PACKS, Card
from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_cards
from compendium.core.session import Session
from compendium.games.chance.draw_poker import (
    GAME,
    Ante,
    Better,
    Deal,
    Draw,
    Hold,
    MakeGood,
    Pass,
    PokerState,
    Straddle,
)
from compendium.games.poker_hands import Category, hand_value

A, B, C, D, E = range(5)

# The book's hands before the draw, and the cards each is served in the draw.
BOOK_HANDS = {
    B: "AH QD 3D QC 5S",
    C: "AC 3S 4S 9H 2D",
    D: "10H 8H 10S JC 8D",
    E: "8C 3C KH 4H JS",
    A: "2C 2H 6D 7S KC",          # A's cards are not given; he passes out before the draw
}
SERVED = "QH 9D JD 5D AS"          # B's two, then C's, D's and E's one each


def book_order() -> list[Card]:
    hands = {s: list(parse_cards(t)) for s, t in BOOK_HANDS.items()}
    served = list(parse_cards(SERVED))
    order: list[Card] = []
    for k in range(5):                      # one at a time, from the Age (B) round to A
        for seat in (B, C, D, E, A):
            order.append(hands[seat][k])
    order += served
    order += sorted(set(PACKS["52"]) - set(order))
    return order


def play(state: PokerState, *texts: str) -> PokerState:
    for text in texts:
        state = GAME.apply(state, GAME.action_from_str(state, text))
    return state


def book_state_before_the_draw() -> PokerState:
    state = replace(GAME.initial_state({"limit": 12}), dealer=A)     # in the book A deals
    state = GAME.deal_from(state, book_order())
    assert state.turn == B                                # B is the Age…
    assert all(vc.face is None for vc in GAME.view(state, B).hand(B))   # …and antes blind
    state = play(state, "ante 1")
    return state


def hand_of(state: PokerState, seat: int) -> set[Card]:
    return {state.deck[i] for i in state.hands[seat]}


# -- the worked example -----------------------------------------------------------------------------
def test_the_books_betting_before_the_draw():
    state = book_state_before_the_draw()
    assert state.turn == C                                 # C is the first to declare
    assert hand_of(state, B) == set(parse_cards(BOOK_HANDS[B]))
    state = play(state, "make good")                       # C makes good the ante: 2
    assert state.staked[C] == 2
    state = play(state, "better 4")                        # D: 2 and four better = 6
    assert state.staked[D] == 6 and state.level == 6
    state = play(state, "better 3")                        # E: 6 and three better = 9
    assert state.staked[E] == 9
    state = play(state, "pass")                            # A passes out, still the dealer
    assert not state.ins[A] and state.dealer == A
    before = state.stocks
    state = play(state, "make good", "make good", "make good")   # B, C, D
    assert before[B] - state.stocks[B] == 8                # nine less his ante of one
    assert before[C] - state.stocks[C] == 7
    assert before[D] - state.stocks[D] == 3
    assert [state.staked[s] for s in (B, C, D, E)] == [9, 9, 9, 9]
    assert state.pool == 36
    assert state.phase == "draw" and state.turn == B       # B has the first claim to draw


def book_state_after_the_draw() -> PokerState:
    state = play(book_state_before_the_draw(), "make good", "better 4", "better 3", "pass",
                 "make good", "make good", "make good")
    state = play(state, "discard 3D 5S", "discard 9H", "discard JC", "discard 3C")
    return state


def test_the_books_draw_and_the_hands_after_it():
    state = book_state_after_the_draw()
    assert [state.drawn[s] for s in (B, C, D, E)] == [2, 1, 1, 1]
    assert hand_of(state, B) == set(parse_cards("QD QC QH AH 9D"))     # threes
    assert hand_of(state, C) == set(parse_cards("AC JD 4S 3S 2D"))     # no better
    assert hand_of(state, D) == set(parse_cards("10H 10S 8H 8D 5D"))   # two pairs
    assert hand_of(state, E) == set(parse_cards("AS KH JS 8C 4H"))     # worthless
    values = {s: hand_value(sorted(hand_of(state, s))) for s in (B, C, D, E)}
    assert values[B].category == Category.THREES and values[D].category == Category.TWO_PAIRS
    assert values[B] > values[D] > values[E] > values[C]
    assert state.phase == "after" and state.turn == B       # the Age speaks first…
    assert Hold() in GAME.legal_actions(state, B)           # …or holds the age


def test_the_books_betting_after_the_draw_when_b_is_timid():
    state = book_state_after_the_draw()
    state = play(state, "hold")                  # B holds the age
    assert state.turn == C
    state = play(state, "pass")                  # C passes out
    state = play(state, "better 5")              # D goes five
    state = play(state, "better 10")             # E makes good and goes ten better
    assert state.turn == B                       # A is out: B's turn
    state = play(state, "better 5")              # B makes good and goes five better
    assert state.turn == D
    state = play(state, "pass")                  # D thinks better of it
    state = play(state, "better 10")             # E bluffs on: the maximum again
    stock_e = state.stocks[E]
    pool = state.pool
    assert pool == 36 + 5 + 15 + 20 + 15
    state = play(state, "pass")                  # B is alarmed and passes out
    assert state.stocks[E] == stock_e + pool     # E takes the pool…
    assert state.last.shown == ()                # …without showing his cards
    assert state.revealed == ()
    for seat in (A, B, C, D):
        view = GAME.view(state, seat)
        assert all(view.cards[i].face is None for i in state.hands[E])
    assert "without showing" in state.last.text


def test_the_books_betting_after_the_draw_when_b_sees():
    state = book_state_after_the_draw()
    state = play(state, "hold", "pass", "better 5", "better 10", "better 5", "pass", "better 10")
    stock_b = state.stocks[B]
    state = play(state, "make good")             # "I'll see you"
    assert state.stocks[B] == stock_b - 10 + 36 + 5 + 30 + 30
    assert [s.seat for s in state.last.shown] == [B, E]
    assert state.last.shares == ((B, 101),)
    assert "threes" in state.last.text
    for seat in (A, C, D):                       # the shown hands are seen by all
        view = GAME.view(state, seat)
        assert all(view.cards[i].face is not None for i in state.hands[E])
    # The next deal: the deal passes to B, and C is the Age
    assert (state.phase, state.dealer) == ("deal", B)
    assert GAME.apply(state, Deal(9)).turn == C


# -- legal actions with their laws --------------------------------------------------------------------
def test_legal_actions_at_each_stage():
    state = GAME.apply(GAME.initial_state(), Deal(1))
    assert state.turn == A                                                         # you are the first Age
    assert GAME.legal_actions(state, A) == tuple(Ante(k) for k in range(1, 7))   # one to half the limit
    assert GAME.legal_actions(state, C) == ()                                      # not C's turn
    state = book_state_before_the_draw()
    legal = GAME.legal_actions(state, C)
    assert legal[:2] == (Pass(), MakeGood())
    assert [a.amount for a in legal if isinstance(a, Better)] == list(range(1, 13))
    state = play(state, "make good", "better 4", "better 3", "pass", "make good", "make good", "make good")
    draws = GAME.legal_actions(state, B)
    assert len(draws) == 32 and Draw(()) in draws                          # any discard, or stand pat
    after = book_state_after_the_draw()
    assert GAME.legal_actions(after, B)[:2] == (Hold(), Pass())
    c_turn = play(after, "hold")
    legal = GAME.legal_actions(c_turn, C)
    assert MakeGood() not in legal and Hold() not in legal                # go something or pass out
    assert Better(1) in legal and Better(12) in legal


REFUSALS = [
    # (how to reach the position, the action, the law cited)
    ("ante", "ante 7", "draw_poker#the-age-and-his-ante"),
    ("before", "better 13", "draw_poker#the-limit"),
    ("before", "hold", "draw_poker#holding-the-age"),
    ("before", "discard 2D", "draw_poker#the-draw"),
    ("draw", "discard 2H", "draw_poker#the-draw"),
    ("draw", "make good", "draw_poker#the-draw"),
    ("after_c", "make good", "draw_poker#after-the-draw"),
    ("after_c", "hold", "draw_poker#holding-the-age"),
    ("straddle_before", "better 1", "draw_poker#the-straddle"),
    ("before", "ante 1", "draw_poker#the-age-and-his-ante"),
]


def reach(where: str) -> PokerState:
    if where == "ante":
        return GAME.apply(GAME.initial_state(), Deal(1))
    if where == "before":
        return book_state_before_the_draw()
    if where == "draw":
        return play(book_state_before_the_draw(), "make good", "better 4", "better 3", "pass",
                    "make good", "make good", "make good")
    if where == "after_c":
        return play(book_state_after_the_draw(), "hold")
    if where == "straddle_before":
        state = GAME.apply(GAME.initial_state({"straddle": True}), Deal(5))
        return play(state, "ante 1", "straddle", "no straddle")
    raise AssertionError(where)


@pytest.mark.parametrize("where, text, rule", REFUSALS)
def test_refusals_cite_their_law(where, text, rule):
    state = reach(where)
    action = GAME.action_from_str(state, text)
    assert action not in GAME.legal_actions(state, state.turn)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, action)
    assert err.value.rule == rule


def test_a_stake_beyond_the_players_counters_is_refused():
    state = GAME.apply(replace(GAME.initial_state(), stocks=(3, 200, 200, 200, 200)), Deal(1))
    assert GAME.legal_actions(state, A) == (Ante(1), Ante(2), Ante(3))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, Ante(4))
    assert err.value.rule == "draw_poker#short-stakes"


# -- the straddle -----------------------------------------------------------------------------------
def test_the_straddle_doubles_up_to_the_limit_and_then_no_raise_before_the_draw():
    state = GAME.apply(replace(GAME.initial_state({"straddle": True}), dealer=A), Deal(11))
    state = play(state, "ante 1")
    assert state.phase == "straddle" and state.turn == C          # only the Age's left may begin
    assert all(vc.face is None for vc in GAME.view(state, C).hand(C))   # the straddle is blind
    state = play(state, "straddle")                               # C puts up 4
    assert state.staked[C] == 4 and state.turn == D
    state = play(state, "straddle")                               # D straddles the straddler: 8
    assert state.staked[D] == 8
    assert state.phase == "before"                                # 16 would pass the limit of 12
    assert all(vc.face is not None for vc in GAME.view(state, C).hand(C))
    assert state.turn == E                                        # first to speak: after D
    assert GAME.legal_actions(state, E) == (Pass(), MakeGood())
    state = play(state, "make good", "make good", "make good", "make good")   # E, A, B, C
    assert [state.staked[s] for s in range(5)] == [8] * 5
    assert state.phase == "draw"


def test_a_straddle_let_go_is_gone_for_everyone():
    state = GAME.apply(replace(GAME.initial_state({"straddle": True}), dealer=A), Deal(2))
    state = play(state, "ante 2", "no straddle")
    assert state.phase == "before"
    assert state.turn == C and state.level == 4


# -- the draw ------------------------------------------------------------------------------------------
def test_six_players_drawing_five_each_use_the_shuffled_discards():
    session = Session(GAME, {"players": 6}, seed=8, human_seats=tuple(range(6)))
    session.play("ante 1")
    for _ in range(6):
        session.play("make good")
    assert session.state.phase == "draw"
    for _ in range(6):
        seat = session.state.turn
        hand = sorted(session.state.deck[i] for i in session.state.hands[seat])
        session.play(Draw(tuple(hand)))
    state = session.state
    assert state.phase == "after"
    assert any(step.text.startswith("refill ") for step in session.steps)
    held = [i for h in state.hands for i in h]
    assert len(held) == len(set(held)) == 30
    everywhere = held + list(state.stock) + [i for d in state.discards for i in d] + \
        [i for d in state.dead for i in d]
    assert sorted(everywhere) == list(range(52))
    for seat in range(6):   # each was served five new cards, none of them his own discards
        assert not set(state.hands[seat]) & set(state.discards[seat])


def test_the_draw_goes_from_the_age_to_the_dealer():
    state = play(book_state_before_the_draw(), "make good", "make good", "make good", "make good",
                 "make good")
    order = []
    while state.phase == "draw":
        order.append(state.turn)
        state = play(state, "stand pat")
    assert order == [B, C, D, E, A]


# -- showdown, side pools, counters -----------------------------------------------------------------------
def test_equal_hands_divide_the_pool():
    # B and C hold the same straight in different suits.
    hands = {B: "9H 8C 7D 6S 5H", C: "9S 8D 7C 6H 5D", D: "2C 4D 9C JH KS", E: "2D 3H 4S 10C QC",
             A: "2H 3C 4C 10D QD"}
    order = []
    parsed = {s: list(parse_cards(t)) for s, t in hands.items()}
    for k in range(5):
        for seat in (B, C, D, E, A):
            order.append(parsed[seat][k])
    order += sorted(set(PACKS["52"]) - set(order))
    state = GAME.deal_from(replace(GAME.initial_state(), dealer=A), order)
    state = play(state, "ante 1")
    state = play(state, "make good", "pass", "pass", "pass", "make good")      # C, D, E, A, B
    state = play(state, "stand pat", "stand pat")
    state = play(state, "better 3", "make good")                              # B goes 3, C sees
    assert state.last.shares == ((B, 5), (C, 5))
    assert "divided" in state.last.text


def test_a_short_stake_sees_for_what_it_has_and_the_rest_is_a_side_pool():
    hands = {B: "AH AD AC 2S 3D", C: "KH KD KC 4S 5D", D: "QH QD QC 6S 7D", E: "2C 4D 9C JH KS",
             A: "2H 3C 4C 10D 8S"}
    parsed = {s: list(parse_cards(t)) for s, t in hands.items()}
    order = [parsed[seat][k] for k in range(5) for seat in (B, C, D, E, A)]
    order += sorted(set(PACKS["52"]) - set(order))
    state = replace(GAME.initial_state(), stocks=(200, 5, 200, 200, 200), dealer=A)
    state = GAME.deal_from(state, order)
    state = play(state, "ante 1")
    state = play(state, "better 10", "make good", "pass", "pass")   # C 12, D 12, E and A out
    assert state.turn == B
    assert MakeGood() in GAME.legal_actions(state, B) and Better(1) not in GAME.legal_actions(state, B)
    state = play(state, "make good")                # B has only 4 more: he sees for 5 in all
    assert state.stocks[B] == 0 and state.staked[B] == 5
    assert state.phase == "draw"
    state = play(state, "stand pat", "stand pat", "stand pat")
    assert state.turn == C                          # B cannot bet: C opens
    state = play(state, "better 2", "make good")    # C goes 2, D sees
    # B's aces win the main pool: 5 from each of B, C and D; C's kings take the side pool.
    assert dict(state.last.shares) == {B: 15, C: 2 * 9}
    assert state.phase == "deal"                    # B still has counters: play on


def test_counters_are_never_made_or_lost():
    from compendium.core.rng import SplitMix64
    for seed in range(12):
        session = Session(GAME, {"players": 2 + seed % 5, "deals": 10}, seed=seed,
                          human_seats=tuple(range(6)))
        gen = SplitMix64(seed)
        total = sum(session.state.stocks)
        while not isinstance(session.to_move(), Special):
            state = session.state
            assert sum(state.stocks) + state.pool == total
            assert min(state.stocks) >= 0
            legal = session.legal_actions()
            session.play(legal[gen.below(len(legal))])
        assert sum(session.state.stocks) == total


def test_the_session_ends_after_the_agreed_deals_and_the_richest_wins():
    session = Session(GAME, {"deals": 10, "players": 3}, seed=4, human_seats=(0, 1, 2))
    while not isinstance(session.to_move(), Special):
        session.play(session.legal_actions()[0])      # the smallest ante, then everybody passes out
    out = session.outcome()
    assert session.state.deal_no == 10
    assert "10 deals" in out.reason
    best = max(out.scores)
    assert out.results == tuple(1.0 if s == best and out.scores.count(best) == 1 else
                                (0.5 if s == best else 0.0) for s in out.scores)


def test_the_session_ends_when_a_player_is_out_of_counters():
    order = list(parse_cards("2C AS 7D AH 9S AD JH AC 4C KD"))     # B: 2 7 9 J 4; A: four aces
    order += sorted(set(PACKS["52"]) - set(order))
    state = replace(GAME.initial_state({"players": 2}), stocks=(50, 2), dealer=A)
    state = GAME.deal_from(state, order)
    state = play(state, "ante 1")                  # B (the Age) antes 1 of his 2
    state = play(state, "better 12", "make good")  # A goes better; B sees for his last counter
    state = play(state, "stand pat", "stand pat")  # nobody can answer a bet: straight to the show
    assert state.last.shares == ((A, 16),)         # the pool of 4, and A's unanswered 12 back
    assert state.stocks == (52, 0)
    assert GAME.to_move(state) is Special.TERMINAL
    out = GAME.outcome(state)
    assert "B has no counters left" in out.reason and out.results == (1.0, 0.0)


def test_a_new_game_resets_every_stock():
    session = Session(GAME, {}, seed=1, human_seats=(0, 1, 2, 3, 4))
    session.play("ante 3")
    assert session.state.stocks[A] == 197
    assert Session(GAME, {}, seed=1).state.stocks == (200,) * 5


# -- views, text and the record ---------------------------------------------------------------------------
def test_each_seat_sees_its_own_hand_only():
    state = book_state_before_the_draw()
    for seat in range(5):
        view = GAME.view(state, seat)
        for other in range(5):
            faces = [view.cards[i].face for i in state.hands[other]]
            assert all(f is not None for f in faces) == (other == seat)
            assert any(f is not None for f in faces) == (other == seat)
        assert view.pub.deck == () and view.pub.deal_seed is None
    spectator = GAME.view(state, None)
    assert all(vc.face is None for vc in spectator.cards)


def test_shuffle_unseen_keeps_the_seats_view():
    state = book_state_after_the_draw()
    for seat in range(5):
        for seed in range(5):
            other = GAME.shuffle_unseen(state, seat, seed)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert Counter(other.deck) == Counter(state.deck)
    moved = GAME.shuffle_unseen(state, B, 3)
    assert hand_of(moved, D) != hand_of(state, D)


def test_text_forms_round_trip_and_bad_text_is_quoted():
    state = book_state_before_the_draw()
    for action in GAME.legal_actions(state, C):
        assert GAME.action_from_str(state, GAME.action_to_str(action)) == action
    assert GAME.action_from_str(state, "discard 5S 3D") == Draw(tuple(sorted(parse_cards("3D 5S"))))
    assert GAME.action_from_str(state, "Straddle") == Straddle(True)
    for bad in ("raise lots", "better x", "discard 11Z", "fold"):
        with pytest.raises(NotationError) as err:
            GAME.action_from_str(state, bad)
        assert repr(bad) in str(err.value) or bad in str(err.value)


def test_describe_speaks_the_books_words():
    state = book_state_before_the_draw()
    assert GAME.describe(state, MakeGood()) == "C makes good (2 more)"
    d_turn = play(state, "make good")
    assert GAME.describe(d_turn, Better(4)) == "D makes good and goes 4 better"
    after = book_state_after_the_draw()
    assert GAME.describe(after, Hold()) == "B holds the age"
    assert GAME.describe(play(after, "hold", "pass"), Better(5)) == "D goes 5"


def test_the_record_replays_a_whole_session():
    from compendium.demo import play_demo
    result = play_demo(GAME, 5, level=1)
    again = Session.from_record(result.session.record(), GAME)
    assert again.state == result.session.state
    assert result.finished


def test_every_law_cited_is_a_heading_of_the_rules_page():
    """Random sessions, offering every kind of action at every step: each refusal, score and end
    cites an anchor of resources/rules/draw_poker.md."""
    from compendium.core.rng import SplitMix64
    from compendium.games import registry
    from compendium.games.chance.draw_poker import Hold, Refill, Straddle
    from compendium.reference import rules_html as rulesdoc
    anchors = rulesdoc.anchors(registry.rules_markdown("draw_poker"))
    cited = set()
    probes = [Ante(1), Ante(9), Straddle(True), Pass(), MakeGood(), Better(1), Better(30), Hold(),
              Draw(()), Deal(1), Refill(1)]
    for seed, options in enumerate([{}, {"straddle": True}, {"players": 2}, {"players": 6}]):
        session = Session(GAME, options, seed=seed, human_seats=tuple(range(6)))
        gen = SplitMix64(seed)
        for _ in range(400):
            if isinstance(session.to_move(), Special):
                break
            for probe in probes:
                try:
                    GAME.apply(session.state, probe)
                except IllegalAction as exc:
                    assert exc.rule is not None, (probe, exc.reason)
                    cited.add(exc.rule)
            legal = session.legal_actions()
            session.play(legal[gen.below(len(legal))])
        cited |= {e.rule for e in GAME.score_events(session.state)}
        if session.outcome() is not None:
            cited.add(session.outcome().rule)
    assert len(cited) >= 8
    for ref in cited:
        game_id, _, anchor = ref.partition("#")
        assert game_id == "draw_poker" and anchor in anchors, ref


def test_the_fast_strength_orders_every_kind_of_hand_as_the_evaluator_does():
    """``strength_of_codes`` (added to the shared evaluator for the computer players) against
    ``hand_value`` over every distinct hand: each multiset of ranks with mixed suits, and each
    set of five ranks as a flush — 7,462 different values, ordered alike."""
    import itertools

    from compendium.core.cards import Rank, Suit
    from compendium.games.poker_hands import card_code, strength_of_codes
    suits = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    pairs = []
    for ranks in itertools.combinations_with_replacement(range(1, 14), 5):
        if max(ranks.count(r) for r in ranks) == 5:
            continue
        seen: dict[int, int] = {}
        mixed = []
        for r in ranks:                    # each copy of a rank in another suit; never all alike
            k = seen.get(r, 0)
            seen[r] = k + 1
            mixed.append(Card(Rank(r), suits[k]))
        if len({c.suit for c in mixed}) == 1:
            mixed[0] = Card(mixed[0].rank, suits[(suits.index(mixed[0].suit) + 1) % 4])
        hands = [mixed]
        if len(set(ranks)) == 5:
            hands.append([Card(Rank(r), Suit.HEARTS) for r in ranks])
        for hand in hands:
            pairs.append((hand_value(hand), strength_of_codes([card_code(c) for c in hand])))
    pairs.sort(key=lambda p: p[0])
    assert len({v for v, _ in pairs}) == len({s for _, s in pairs}) == 7462
    for (v1, s1), (v2, s2) in itertools.pairwise(pairs):
        assert (v1 < v2) == (s1 < s2) and (v1 == v2) == (s1 == s2)
