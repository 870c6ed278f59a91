"""The Poker chapter's varieties on the Draw Poker engine: Straight, Stud and Whiskey Poker, Table
Stakes and the Tiger — their laws with the rules that refuse a move, the side pools settled
exactly, the order of speaking at Stud, the widow's exchanges, and the Tiger's place among the hands."""
from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.games.chance.draw_poker import (
    GAME,
    Ante,
    Better,
    Deal,
    Draw,
    Exchange,
    Hold,
    Knock,
    MakeGood,
    Pass,
    PokerState,
    Straddle,
    TakeWidow,
)
from compendium.games.poker_hands import card_code, is_tiger_strength, tiger_strength_of_codes
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc

from .conformance import refusal

A, B, C = 0, 1, 2          # A is the first Age, C the first dealer


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def stacked(*rounds: str) -> tuple[Card, ...]:
    """A pack whose top cards are ``rounds`` (each a run of cards in dealing order), the rest after."""
    top = [c for r in rounds for c in cards(r)]
    assert len(top) == len(set(top))
    return tuple(top + [c for c in PACKS["52"] if c not in top])


def round_robin(*hands: str) -> str:
    """The dealing order of hands given per player (A, B, C …), one card at a time."""
    split = [h.split() for h in hands]
    return " ".join(h[k] for k in range(len(split[0])) for h in split)


def start(options: dict, order: tuple[Card, ...], stocks: tuple[int, ...] | None = None) -> PokerState:
    state = GAME.initial_state({"players": 3, **options})
    if stocks is not None:
        state = replace(state, stocks=stocks)
    return GAME.apply(state, Deal(0, order))


def play(state: PokerState, *actions) -> PokerState:
    for action in actions:
        if isinstance(action, str):
            action = GAME.action_from_str(state, action)
        state = GAME.apply(state, action)
    return state


def hand(state: PokerState, seat: int) -> set[Card]:
    return {state.deck[i] for i in state.hands[seat]}


def legal(state: PokerState) -> tuple:
    return GAME.legal_actions(state, GAME.to_move(state))


# -- Straight Poker --------------------------------------------------------------------------------
STRAIGHT = {"variety": "straight"}
ACES = "AH AD AC 2S 3D"
KINGS = "KH KD KC 4S 5D"
QUEENS = "QH QD QC 6S 7D"


def straight_deal(*hands: str, **kw) -> PokerState:
    return start({**STRAIGHT, **kw.pop("options", {})}, stacked(round_robin(*hands)), **kw)


def test_straight_poker_everyone_antes_and_the_age_speaks_first():
    state = straight_deal(ACES, KINGS, QUEENS)
    assert state.staked == (1, 1, 1) and state.phase == "before" and GAME.to_move(state) == A
    assert all(len(h) == 5 for h in state.hands) and state.stock     # five each, no draw to come
    moves = legal(state)
    assert Pass() in moves and Better(1) in moves and Better(12) in moves       # legal
    assert MakeGood() not in moves and Hold() not in moves
    assert GAME.action_label(state, Pass()) == "Pass (stay in)"


@pytest.mark.parametrize("action, rule", [
    (Draw(()), "draw_poker#straight-poker"),          # no draw
    (Hold(), "draw_poker#straight-poker"),            # the Age has no privilege
    (Ante(1), "draw_poker#straight-poker"),           # no blind ante
    (Straddle(True), "draw_poker#straight-poker"),
    (MakeGood(), "draw_poker#straight-poker"),        # nothing to make good before a bet
    (Better(13), "draw_poker#the-limit"),
    (TakeWidow(), "draw_poker#whiskey-poker"),
])
def test_straight_poker_refusals_name_their_law(action, rule):
    state = straight_deal(ACES, KINGS, QUEENS)
    assert refusal(GAME, state, action).rule == rule


def test_a_pass_comes_in_again_unless_somebody_has_raised():
    state = straight_deal(ACES, KINGS, QUEENS)
    state = play(state, Pass(), Better(2), MakeGood())       # A passes, B goes 2, C sees
    assert state.ins[A] and GAME.to_move(state) == A
    assert MakeGood() in legal(state)                        # no raise since: A may come in
    state = play(state, MakeGood())
    assert state.last.shares == ((A, 9),) and state.dealer == A      # A's aces; the winner deals

    state = straight_deal(ACES, KINGS, QUEENS)
    state = play(state, Pass(), Better(2), Better(3))        # C raises: A is shut out
    assert not state.ins[A] and state.calls[-1] == (A, "shut out by the raise")
    assert GAME.to_move(state) == B
    state = play(state, MakeGood())                          # B sees C's 6
    assert state.last.shares == ((B, 13),)                   # kings beat queens; A's ante lost
    assert state.dealer == B                                 # the winner deals the next hand


def test_a_deal_everyone_passes_is_a_double_header():
    state = straight_deal(ACES, KINGS, QUEENS)
    state = play(state, Pass(), Pass(), Pass())
    assert state.phase == "deal" and state.pool == 3 and "double header" in state.last.text
    assert state.dealer == A                                 # the elder hand deals
    state = GAME.apply(state, Deal(7))
    assert state.pool == 6 and state.staked == (2, 2, 2)
    assert "double header" in state.calls[0][1]


# -- Table Stakes and the side pools -----------------------------------------------------------------------
def test_table_stakes_lift_the_limit_up_to_what_a_player_has():
    state = straight_deal(ACES, KINGS, QUEENS, options={"stakes": "table"}, stocks=(30, 200, 200))
    moves = legal(state)
    assert Better(29) in moves and Better(30) not in moves   # all he has on the table, no more
    assert refusal(GAME, state, Better(30)).rule == "draw_poker#table-stakes"
    assert refusal(GAME, state, Better(0)).rule == "draw_poker#the-limit"
    limited = straight_deal(ACES, KINGS, QUEENS, stocks=(30, 200, 200))
    assert max(a.amount for a in legal(limited) if isinstance(a, Better)) == 12


def short_a_table_stakes_deal(a: str, b: str, c: str) -> PokerState:
    """A has 6 counters; he passes, B goes 20, C sees, A sees for all he has."""
    state = straight_deal(a, b, c, options={"stakes": "table"}, stocks=(6, 200, 200))
    state = play(state, Pass(), Better(20), MakeGood())
    assert GAME.to_move(state) == A and Better(1) not in legal(state)
    assert GAME.pools(state) == [(3 + 20 + 20, (A, B, C))]     # nobody short yet
    state = play(state, MakeGood())
    return state


def test_a_bet_not_yet_answered_is_no_side_pool_until_a_player_is_all_in():
    state = short_a_table_stakes_deal(ACES, KINGS, QUEENS)
    assert dict(state.last.shares) == {A: 18, B: 30}


def test_the_short_player_wins_the_main_pool_and_the_side_pool_goes_to_the_next_best():
    before = straight_deal(ACES, KINGS, QUEENS, options={"stakes": "table"}, stocks=(6, 200, 200))
    before = play(before, Pass(), Better(20), MakeGood(), MakeGood())
    assert before.last.pool == 48
    assert dict(before.last.shares) == {A: 18, B: 30}       # 6 from each; B's kings beat C's queens
    assert before.stocks == (18, 200 - 21 + 30, 200 - 21)


def test_the_pools_on_the_cloth_before_the_show():
    state = straight_deal(ACES, KINGS, QUEENS, options={"stakes": "table"}, stocks=(6, 200, 200))
    state = play(state, Pass(), Better(20), MakeGood())
    # Stop before A answers: A sees for his last 5, making a main pool of 18 and a side pool of 30.
    seen = GAME.apply(state, MakeGood())
    assert seen.last is not None                             # everyone has spoken: the show
    partial = replace(state, staked=(6, 21, 21), stocks=(0, 179, 179))
    assert GAME.pools(partial) == [(18, (A, B, C)), (30, (B, C))]


def test_when_a_bigger_stack_holds_the_best_hand_it_takes_both_pools():
    state = straight_deal(QUEENS, ACES, KINGS, options={"stakes": "table"}, stocks=(6, 200, 200))
    state = play(state, Pass(), Better(20), MakeGood(), MakeGood())
    assert dict(state.last.shares) == {B: 48}


def test_two_short_players_make_two_side_pools():
    state = straight_deal(ACES, KINGS, QUEENS, options={"stakes": "table", "players": 3},
                          stocks=(4, 10, 200))
    state = play(state, Pass(), Pass(), Better(30))          # C goes 30
    state = play(state, MakeGood(), MakeGood())              # A sees for 4, B for 10
    # A's 4 from each: 12 (A, B, C); B's next 6 from B and C: 12 (B, C); C's unanswered 21 back.
    assert dict(state.last.shares) == {A: 12, B: 12, C: 21}


# -- Stud Poker ---------------------------------------------------------------------------------------
STUD = {"variety": "stud"}
# holes A 2C, B 9D, C KS; first up cards A 5H, B QH, C 3D; then the up cards in dealing order.
STUD_ORDER = stacked("2C 9D KS", "5H QH 3D", "5S 4C KD", "9H QS", "7C 8D")


def test_stud_the_best_card_showing_speaks_first_and_hole_cards_stay_hidden():
    state = start(STUD, STUD_ORDER)
    assert state.staked == (1, 1, 1) and state.street == 1
    assert GAME.to_move(state) == B                          # B's queen is the best card showing
    for seat in (A, B, C):
        view = GAME.view(state, seat)
        for other in (A, B, C):
            hole, up = state.hands[other]
            assert (view.face(hole) is not None) == (other == seat)     # a hole card: its owner only
            assert view.face(up) == state.deck[up]                       # an up card: everyone
    moves = legal(state)
    assert moves[0] == Pass() and Better(1) in moves and Better(12) in moves
    assert MakeGood() not in moves


@pytest.mark.parametrize("action, rule", [
    (Draw(()), "draw_poker#stud-poker"),
    (Hold(), "draw_poker#stud-poker"),
    (Ante(1), "draw_poker#stud-poker"),
    (MakeGood(), "draw_poker#stud-poker"),
    (Better(13), "draw_poker#the-limit"),
    (Knock(), "draw_poker#whiskey-poker"),
])
def test_stud_refusals_name_their_law(action, rule):
    assert refusal(GAME, start(STUD, STUD_ORDER), action).rule == rule


def test_stud_intervals_after_each_up_card_to_the_showdown():
    state = start(STUD, STUD_ORDER)
    state = play(state, Pass(), Pass(), Pass())              # B, C, A all pass: the next card
    assert state.street == 2 and hand(state, A) >= set(cards("5H 5S"))
    assert GAME.to_move(state) == A                          # A's pair of fives showing
    state = play(state, Better(2), MakeGood(), Pass())       # A goes 2, B sees, C passes out
    assert not state.ins[C] and state.street == 3
    assert len(state.hands[A]) == len(state.hands[B]) == 4
    assert GAME.to_move(state) == B                          # B's queens showing now beat A's fives
    state = play(state, Pass(), Pass())
    assert state.street == 4 and GAME.to_move(state) == B
    state = play(state, Pass(), Pass())
    assert state.last.shares == ((B, 7),)                    # pair of queens beats pair of fives
    assert {s.seat for s in state.last.shown} == {A, B}
    assert state.dealer == A                                 # the deal goes round at Stud


def test_stud_showing_ranks_pairs_over_high_cards_and_ties_go_to_the_dealers_left():
    key = GAME.showing_key
    assert key(cards("5H 5S 2D")) > key(cards("AH KS QD"))
    assert key(cards("5H 5S 2D 2C")) > key(cards("AH AS KD QC"))
    assert key(cards("9H 9S 9D")) > key(cards("KH KS 2D"))
    assert key(cards("AH 2S 3D 4C")) > key(cards("KH QS JD 10C"))      # no sequence counted
    # equal showings: the first from the dealer's left (A) speaks
    state = start(STUD, stacked("2C 9D KS", "QD QH QC"))
    assert GAME.to_move(state) == A


def test_a_stud_bet_nobody_answers_takes_the_pool_unseen():
    state = start(STUD, STUD_ORDER)
    state = play(state, Better(3), Pass(), Pass())
    assert state.last.shares == ((B, 6),) and state.last.shown == ()   # the antes and his own 3
    assert GAME.view(state, A).face(state.hands[B][0]) is None             # his hole card unseen


# -- Whiskey Poker --------------------------------------------------------------------------------------------
WHISKEY = {"variety": "whiskey"}
W_A, W_B, W_C = "2C 2D 7H 9S JD", "3C 3D 8H 10S QD", "4C 4D 6H KS AD"
WIDOW = "5H 5S 5D 5C KH"


def whiskey() -> PokerState:
    return start(WHISKEY, stacked(round_robin(W_A, W_B, W_C), WIDOW))


def test_whiskey_deal_the_widow_lies_face_down_and_the_age_begins():
    state = whiskey()
    assert state.phase == "widow" and GAME.to_move(state) == A and state.staked == (1, 1, 1)
    assert {state.deck[i] for i in state.widow} == set(cards(WIDOW))
    assert all(GAME.view(state, s).face(i) is None for s in (A, B, C) for i in state.widow)
    assert set(legal(state)) == {TakeWidow(), Pass(), Knock()}     # no single exchange yet


@pytest.mark.parametrize("action, rule", [
    (Exchange(parse_card("2C"), parse_card("5H")), "draw_poker#whiskey-poker"),   # widow still down
    (Better(1), "draw_poker#whiskey-poker"),                                        # no betting
    (MakeGood(), "draw_poker#whiskey-poker"),
    (Draw(()), "draw_poker#whiskey-poker"),
    (Hold(), "draw_poker#whiskey-poker"),
])
def test_whiskey_refusals_name_their_law(action, rule):
    assert refusal(GAME, whiskey(), action).rule == rule


def test_the_widow_is_turned_up_after_the_dealer_and_cards_are_exchanged():
    state = play(whiskey(), Pass(), Pass(), Pass())
    assert state.widow_up and GAME.to_move(state) == A
    assert all(GAME.view(state, B).face(i) is not None for i in state.widow)     # all see the widow
    moves = legal(state)
    assert Exchange(parse_card("2C"), parse_card("5H")) in moves and len(moves) == 25 + 2
    assert Pass() not in moves                             # A passed at his last turn
    assert refusal(GAME, state, Pass()).rule == "draw_poker#whiskey-poker"
    assert refusal(GAME, state, Exchange(parse_card("5H"), parse_card("2C"))).rule == "draw_poker#whiskey-poker"
    state = play(state, "exchange 7H for 5H")
    assert hand(state, A) == set(cards("2C 2D 5H 9S JD"))
    assert parse_card("7H") in {state.deck[i] for i in state.widow}
    taken = next(i for i in state.hands[A] if state.deck[i] == parse_card("5H"))
    assert GAME.view(state, C).face(taken) == parse_card("5H")      # a card seen stays known
    assert GAME.view(state, C).face(state.hands[A][0]) in (None, parse_card("5H"))


def test_the_knock_gives_each_other_player_one_more_turn():
    state = play(whiskey(), Pass(), Pass(), Pass(), "exchange 7H for 5H")
    state = play(state, Knock())                           # B knocks
    assert state.knocker == B and Knock() not in legal(state)
    state = play(state, "exchange 6H for 5S")              # C's last turn
    assert state.phase == "widow" and GAME.to_move(state) == A
    state = play(state, "exchange 9S for 5D")              # A's last turn: threes (fives)
    assert state.last is not None and state.last.shares == ((A, 3),)
    assert state.stocks == (202, 199, 199)


def test_taking_the_widow_unseen_lays_the_hand_face_up():
    state = play(whiskey(), TakeWidow())
    assert hand(state, A) == set(cards(WIDOW)) and state.widow_up
    assert {state.deck[i] for i in state.widow} == set(cards(W_A))
    assert all(GAME.view(state, B).face(i) is not None for i in state.widow)
    assert all(GAME.view(state, B).face(i) is None for i in state.hands[A])   # taken unseen: hidden


def test_whiskey_ends_after_six_rounds_unknocked():
    state = play(whiskey(), Pass(), Pass(), Pass())
    for _ in range(6 * 3):
        if state.last is not None:
            break
        state = play(state, TakeWidow())
    assert state.last is not None and state.rounds == 6


# -- the Tiger -------------------------------------------------------------------------------------------
def strength(text: str) -> int:
    return tiger_strength_of_codes([card_code(c) for c in cards(text)])


def test_the_tiger_ranks_between_a_straight_and_a_flush():
    tiger = strength("7H 5D 4C 3S 2H")
    assert is_tiger_strength(tiger)
    assert strength("AH KD QC JS 10H") < tiger < strength("9H 7H 5H 3H 2H")
    assert strength("7H 6D 5C 4S 2H") > tiger                 # the higher tiger
    assert not is_tiger_strength(strength("7H 6D 5C 4S 3H"))  # a sequence stays a straight
    assert not is_tiger_strength(strength("7H 5H 4H 3H 2H"))  # a flush stays a flush
    assert not is_tiger_strength(strength("8H 5D 4C 3S 2H"))
    assert not is_tiger_strength(strength("7H 7D 4C 3S 2H"))


def test_the_tiger_option_at_the_showdown():
    plain = GAME.initial_state({"players": 3})
    tigers = GAME.initial_state({"players": 3, "tiger": True})
    tiger, straight = cards("7H 5D 4C 3S 2H"), cards("9C 8D 7C 6S 5H")
    assert GAME.value(plain, tiger) < GAME.value(plain, straight)
    assert GAME.value(tigers, tiger) > GAME.value(tigers, straight)
    assert GAME.name(tigers, tiger) == "a tiger (seven, five, four, three, two)"
    assert GAME.name(plain, tiger) == "nothing"


def test_the_tigers_counted_by_enumeration():
    """Over every multiset of five ranks, each suited as a mixed hand and as a flush: 4 tiger sets
    of ranks, each in 4^5 − 4 mixed suitings, 4,080 hands."""
    suits = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    count = 0
    for ranks in itertools.combinations(range(1, 14), 5):
        mixed = [Card(Rank(r), suits[k % 4]) for k, r in enumerate(ranks)]
        flush = [Card(Rank(r), Suit.HEARTS) for r in ranks]
        if is_tiger_strength(tiger_strength_of_codes([card_code(c) for c in mixed])):
            count += 4 ** 5 - 4
        assert not is_tiger_strength(tiger_strength_of_codes([card_code(c) for c in flush]))
    assert count == 4_080


# -- all of them ----------------------------------------------------------------------------------------------
VARIETY_OPTIONS = [{"variety": "straight"}, {"variety": "stud"}, {"variety": "whiskey"},
                   {"stakes": "table"}, {"tiger": True}, {"variety": "stud", "stakes": "table"}]


@pytest.mark.parametrize("options", VARIETY_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_random_sessions_keep_every_counter_and_card(options):
    from compendium.core.rng import SplitMix64
    for seed in range(6):
        session = Session(GAME, {**options, "players": 2 + seed % 5, "deals": 10}, seed=seed,
                          human_seats=tuple(range(6)))
        gen = SplitMix64(seed)
        total = sum(session.state.stocks) + session.state.pool     # the first antes are up already
        while not isinstance(session.to_move(), Special):
            state = session.state
            assert sum(state.stocks) + state.pool == total
            assert sum(amount for amount, _ in GAME.pools(state)) == state.pool
            moves = session.legal_actions()
            session.play(moves[gen.below(len(moves))])
        assert sum(session.state.stocks) == total


def test_every_variety_anchor_is_on_the_page():
    anchors = rulesdoc.anchors((rules_dir() / "draw_poker.md").read_text(encoding="utf-8"))
    for anchor in ("straight-poker", "stud-poker", "whiskey-poker", "table-stakes", "the-tiger"):
        assert anchor in anchors


def test_table_stakes_at_draw_poker_legal_and_refused():
    """Draw Poker at table stakes: the Age antes within the limit as ever, then any raise up to a
    player's whole stock is legal, and one beyond it is refused with the law of table stakes."""
    state = GAME.apply(GAME.initial_state({"players": 3, "stakes": "table"}), Deal(5))
    assert GAME.legal_actions(state, A)[-1] == Ante(6)                   # the ante keeps the limit
    assert refusal(GAME, state, Ante(7)).rule == "draw_poker#the-age-and-his-ante"
    state = GAME.apply(state, Ante(1))
    seat = GAME.to_move(state)
    moves = legal(state)
    for action in (Pass(), MakeGood(), Better(1), Better(13), Better(50), Better(198)):
        assert action in moves                                           # 2 to make good, 198 more
    for action, rule in ((Better(199), "draw_poker#table-stakes"), (Better(0), "draw_poker#the-limit"),
                         (Hold(), "draw_poker#holding-the-age"), (Draw(()), "draw_poker#the-draw"),
                         (Knock(), "draw_poker#whiskey-poker")):
        assert refusal(GAME, state, action).rule == rule
    after = GAME.apply(state, Better(198))                               # all he has: 200 in
    assert after.stocks[seat] == 0 and after.staked[seat] == 200
