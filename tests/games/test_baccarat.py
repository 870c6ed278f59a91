"""Baccarat Chemin de Fer and Banque by Hoyle 1909: the point (catalogue 6.13), naturals, the
punters' fixed practice, the banker's discretion, ties standing over, banco, the bank passing, the
two tableaux of Banque, the shoe, and counters kept across the coups of a session."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.core.session import Session
from compendium.games.chance.baccarat import (
    BANQUE,
    CHEMIN_DE_FER,
    BaccaratState,
    Banco,
    Bank,
    NoStake,
    PassDeal,
    Shoe,
    Stake,
    TakeBank,
    Third,
    point,
)

CDF = CHEMIN_DE_FER
RANKS = {0: Rank.KING, 1: Rank.ACE, **{v: Rank(v) for v in range(2, 10)}}


def cards(*values: int) -> list[Card]:
    return [Card(RANKS[v] if v != 10 else Rank.TEN, Suit.SPADES) for v in values]


def stacked(game, state: BaccaratState, values: list[int]) -> BaccaratState:
    """The shoe rearranged so that its next cards have ``values`` (0 a court card, 10 a ten)."""
    rest = Counter(state.shoe[state.pos:])
    chosen = []
    for v in values:
        card = next(c for c in rest if rest[c] and (c.rank == (RANKS.get(v) if v != 10 else Rank.TEN)))
        rest[card] -= 1
        chosen.append(card)
    tail = [c for c in state.shoe[state.pos:]]
    for c in chosen:
        tail.remove(c)
    return replace(state, shoe=state.shoe[:state.pos] + tuple(chosen) + tuple(tail))


def play(game, state, *texts):
    for text in texts:
        state = game.apply(state, game.action_from_str(state, text))
    return state


def cdf_at_stakes(players=3, bank=100, stocks=None) -> BaccaratState:
    state = CDF.apply(CDF.initial_state({"players": players}), Shoe(1))
    if stocks:
        state = replace(state, stocks=stocks)
    return play(CDF, state, f"bank {bank}")


# -- the point ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("values, expected", [((3, 10), 3), ((10, 10, 5), 5), ((5, 6), 1),
                                              ((3, 7, 5), 5), ((0, 9), 9), ((4, 4), 8)])
def test_the_point_drops_the_tens(values, expected):
    assert point(cards(*values)) == expected


def test_the_shoes():
    cdf = CDF.apply(CDF.initial_state(), Shoe(4))
    assert Counter(cdf.shoe) == Counter(PACKS["6x52"]) and len(cdf.shoe) == 312
    banque = BANQUE.apply(BANQUE.initial_state(), Shoe(4))
    assert Counter(banque.shoe) == Counter(PACKS["3x52"]) and len(banque.shoe) == 156
    assert cdf.phase == "bank" and cdf.turn == 0                 # A holds the first bank


# -- a coup of Chemin de Fer ------------------------------------------------------------------------------
def test_a_coup_by_the_fixed_practice_and_the_bankers_choice():
    # deal order: punter, banker, punter, banker — the punter gets 3 and K (3), the banker 2 and 4 (6)
    s0 = cdf_at_stakes()
    s0 = play(CDF, s0, "stake 10")
    s0 = stacked(CDF, s0, [3, 2, 0, 4, 5, 9])
    state = play(CDF, s0, "stake 20")
    assert state.phase == "punter" and state.turn == 2            # C has the highest stake
    assert CDF.legal_actions(state, 2) == (Third(True),)          # three must draw
    state = play(CDF, state, "card")                              # the five: the punter has 8
    assert state.phase == "banker" and state.turn == 0
    assert CDF.legal_actions(state, 0) == (Third(True), Third(False))
    before = state.stocks
    state = play(CDF, state, "stand")                             # 6 against 8: the punters win
    assert state.last.results == ("won",)
    assert state.stocks[1] == before[1] + 20 and state.stocks[2] == before[2] + 40
    assert state.bank == 0 and state.stocks[0] == 100 + 70         # what is left of the bank
    assert state.phase == "bank" and state.banker == 1            # the bank passes to B


def test_a_natural_is_shown_at_once():
    state = cdf_at_stakes()
    state = stacked(CDF, state, [4, 2, 5, 3])                     # punter 9, banker 5
    state = play(CDF, state, "stake 10", "no stake")
    assert state.last is not None and state.last.results == ("won",)
    assert state.last.points == (9, 5)
    view = CDF.view(state, 2)                                     # everybody sees both hands
    assert all(vc.face is not None for vc in view.cards)


def test_natural_against_natural():
    state = cdf_at_stakes()
    state = stacked(CDF, state, [4, 5, 4, 4])                     # punter 8, banker 9
    state = play(CDF, state, "stake 10", "no stake")
    assert state.last.results == ("lost",) and state.bank == 110
    assert state.phase == "retire" and state.turn == 0            # he won: deal again or pass


def test_a_tie_leaves_the_stakes_standing():
    state = cdf_at_stakes()
    state = stacked(CDF, state, [3, 3, 4, 4, 0])                  # 7 and 7: both stand
    state = play(CDF, state, "stake 10", "stake 5")
    assert state.phase == "punter"
    state = play(CDF, state, "stand", "stand")
    assert state.last.results == ("tie",)
    assert state.stakes[0][1:] == (10, 5) and state.standing[1:] == (True, True)
    assert state.stocks[1] == 190
    # the next coup: the same banker; the standing stakes are not made again
    assert state.phase == "stakes" or state.phase == "punter"
    assert state.banker == 0


@pytest.mark.parametrize("punter_point, legal", [(0, (Third(True),)), (4, (Third(True),)),
                                                 (5, (Third(True), Third(False))),
                                                 (6, (Third(False),)), (7, (Third(False),))])
def test_the_punters_fixed_practice(punter_point, legal):
    state = cdf_at_stakes()
    first = punter_point if punter_point != 0 else 10
    state = stacked(CDF, state, [first, 1, 0, 2])                 # banker holds 3
    state = play(CDF, state, "stake 10", "no stake")
    assert state.phase == "punter"
    assert CDF.legal_actions(state, 1) == legal


@pytest.mark.parametrize("punter_point, text", [(2, "stand"), (6, "card"), (7, "card"), (0, "stand")])
def test_a_false_draw_is_refused(punter_point, text):
    state = cdf_at_stakes()
    state = stacked(CDF, state, [punter_point or 10, 1, 0, 2])
    state = play(CDF, state, "stake 10", "no stake")
    with pytest.raises(IllegalAction) as err:
        CDF.apply(state, CDF.action_from_str(state, text))
    assert err.value.rule == "baccarat_chemin_de_fer#the-punters-third-card"
    assert "false draw" in err.value.reason


# -- stakes and banco ---------------------------------------------------------------------------------------
def test_legal_stakes_and_banco():
    state = cdf_at_stakes(stocks=(200, 200, 50))
    legal = CDF.legal_actions(state, 1)
    assert legal[:2] == (NoStake(), Banco("alone"))
    assert Stake(100) in legal and Stake(101) not in legal        # no more than the bank covers
    state = play(CDF, state, "stake 60")
    legal = CDF.legal_actions(state, 2)
    assert Banco("alone") not in legal                            # stakes made: too late to go bank
    assert max(a.amount for a in legal if isinstance(a, Stake)) == 40


REFUSALS = [
    ("stake 150", "baccarat_chemin_de_fer#stakes"),               # beyond what the bank covers
    ("banco a cheval", "baccarat_chemin_de_fer#banco"),           # Banque only
    ("card", "baccarat_chemin_de_fer#the-punters-third-card"),    # no cards dealt yet
    ("bank 20", "baccarat_chemin_de_fer#the-bank"),               # the bank is made
    ("pass the deal", "baccarat_chemin_de_fer#passing-the-bank"),
]


@pytest.mark.parametrize("text, rule", REFUSALS)
def test_refusals_cite_their_law(text, rule):
    state = cdf_at_stakes()
    action = CDF.action_from_str(state, text)
    assert action not in CDF.legal_actions(state, state.turn)
    with pytest.raises(IllegalAction) as err:
        CDF.apply(state, action)
    assert err.value.rule == rule


def test_more_refusals():
    poor = cdf_at_stakes(stocks=(200, 40, 200))
    with pytest.raises(IllegalAction) as err:
        CDF.apply(poor, Banco("alone"))                           # cannot cover the bank
    assert err.value.rule == "baccarat_chemin_de_fer#banco"
    with pytest.raises(IllegalAction) as err:
        CDF.apply(poor, Stake(41))                                # more than he has
    assert err.value.rule == "baccarat_chemin_de_fer#stakes"
    state = CDF.apply(CDF.initial_state({"players": 3}), Shoe(1))
    with pytest.raises(IllegalAction) as err:
        CDF.apply(state, Bank(500))                               # more than the banker has
    assert err.value.rule == "baccarat_chemin_de_fer#the-bank"
    with pytest.raises(IllegalAction) as err:
        CDF.apply(state, Shoe(3))
    assert err.value.rule == "baccarat_chemin_de_fer#the-shoe"


def test_banco_plays_alone_against_the_whole_bank_and_a_loser_may_go_again():
    state = cdf_at_stakes(players=4, bank=50)
    state = stacked(CDF, state, [2, 4, 0, 5])                     # punter 2, banker 9: natural
    state = play(CDF, state, "no stake", "banco")                 # B passes, C goes bank
    assert state.last.results == ("lost",) and state.bank == 100
    state = play(CDF, state, "deal again")
    assert state.turn == 2                                        # C has the first claim
    assert Banco("alone") in CDF.legal_actions(state, 2)


# -- the bank passing ---------------------------------------------------------------------------------------
def test_passing_the_deal_and_the_bank_offered_round():
    state = cdf_at_stakes(players=4)
    state = stacked(CDF, state, [2, 4, 0, 5])
    state = play(CDF, state, "stake 10", "no stake", "no stake")  # the banker's natural wins
    assert state.phase == "retire"
    state = play(CDF, state, "pass the deal")
    assert state.stocks[0] == 110 + 100 and state.bank == 0
    assert state.phase == "offer" and state.turn == 1
    assert CDF.legal_actions(state, 1) == (TakeBank(True), TakeBank(False))
    state = play(CDF, state, "decline the bank", "take the bank")  # C takes it at 110
    assert state.banker == 2 and state.bank == 110 and state.stocks[2] == 90


def test_when_nobody_takes_the_bank_the_next_player_starts_afresh():
    state = cdf_at_stakes(players=3)
    state = stacked(CDF, state, [2, 4, 0, 5])
    state = play(CDF, state, "stake 10", "no stake", "pass the deal", "decline the bank",
                 "decline the bank")
    assert state.phase == "bank" and state.banker == 1 and state.turn == 1
    assert Bank(20) in CDF.legal_actions(state, 1)


def test_a_fresh_shoe_when_fewer_than_seven_cards_are_left():
    session = Session(CDF, {"players": 2}, seed=3, human_seats=(0, 1))
    session.play("bank 100")
    session._states[-1] = replace(session.state, pos=312 - 6)
    session.play("stake 1")
    shoes = [s.text for s in session.steps if s.text.startswith("shoe ")]
    assert len(shoes) == 2 and session.state.shoe_no == 2
    assert session.state.pos >= 4


# -- Banque --------------------------------------------------------------------------------------------------
def banque_at_stakes(players=5, bank=100) -> BaccaratState:
    state = BANQUE.apply(BANQUE.initial_state({"players": players}), Shoe(2))
    return play(BANQUE, state, f"bank {bank}")


def test_banque_seats_two_tableaux_and_deals_right_left_banker():
    assert [BANQUE.seat_name(s) for s in range(5)] == ["Banker", "Right 1", "Left 1", "Right 2", "Left 2"]
    state = banque_at_stakes()
    state = stacked(BANQUE, state, [2, 3, 1, 1, 1, 4, 0, 0])       # right 3, left 4, banker 5
    state = play(BANQUE, state, "stake 10", "stake 20", "stake 5", "no stake")
    assert state.hands[0] == (state.pos - 6, state.pos - 3)        # right: first and fourth card
    assert state.hands[1] == (state.pos - 5, state.pos - 2)
    assert state.hands[2] == (state.pos - 4, state.pos - 1)
    assert state.phase == "punter" and state.turn == 1             # Right 1 holds the right tableau
    state = play(BANQUE, state, "card")                            # the right draws a court card: 3
    assert state.turn == 2
    state = play(BANQUE, state, "card")                            # the left draws a court: 4
    assert state.phase == "banker"
    state = play(BANQUE, state, "stand")                           # 5 beats both
    assert state.last.results == ("lost", "lost")
    assert state.bank == 135
    assert state.holders == (3, 4)                                 # the cards pass on, each side


def test_a_natural_on_one_side_is_settled_against_the_bankers_first_two_cards():
    state = banque_at_stakes()
    state = stacked(BANQUE, state, [4, 1, 2, 4, 1, 3, 0, 4])       # right 8 (natural), left 2, banker 5
    state = play(BANQUE, state, "stake 10", "stake 10", "no stake", "no stake")
    assert state.shown[0] and state.settled[0] == "natural"
    state = play(BANQUE, state, "card")                            # left has 2: a court card
    state = play(BANQUE, state, "card")                            # the banker draws a four: 9
    assert state.last.points[2] == 9
    assert state.last.results == ("won", "lost")                   # the natural still won


def test_banco_a_cheval_and_a_shared_banco():
    state = banque_at_stakes(bank=100)
    assert Banco("cheval") in BANQUE.legal_actions(state, 1)
    cheval = play(BANQUE, state, "banco a cheval")
    assert cheval.stakes[0][1] == 50 and cheval.stakes[1][1] == 50
    shared = play(BANQUE, state, "banco")                          # Right 1 goes bank on the right
    assert shared.phase == "share" and shared.turn == 2            # Left 1 may go half shares
    shared = play(BANQUE, shared, "banco half")
    assert shared.stakes[0][1] == 50 and shared.stakes[1][2] == 50
    assert shared.holders == (1, 2)


def test_banco_half_in_chemin_de_fer_is_refused():
    state = cdf_at_stakes()
    with pytest.raises(IllegalAction) as err:
        CDF.apply(state, Banco("half"))
    assert err.value.rule == "baccarat_chemin_de_fer#banco"


def test_banque_ends_when_the_shoe_is_spent():
    session = Session(BANQUE, {"coups": 60}, seed=5, human_seats=tuple(range(5)))
    gen = SplitMix64(5)
    while not isinstance(session.to_move(), Special):
        legal = session.legal_actions()
        session.play(legal[gen.below(len(legal))])
    state = session.state
    assert state.result in ("the three packs have been dealt",) or "no counters" in state.result
    if state.result == "the three packs have been dealt":
        assert 156 - state.pos < 9


# -- counters and the session --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [CDF, BANQUE])
def test_counters_are_never_made_or_lost(game):
    for seed in range(10):
        session = Session(game, {}, seed=seed, human_seats=tuple(range(11)))
        gen = SplitMix64(seed)
        while not isinstance(session.to_move(), Special):
            state = session.state
            assert sum(state.holdings(s) for s in range(state.n)) == 1000
            assert min(state.stocks) >= 0 and state.bank >= 0
            legal = session.legal_actions()
            session.play(legal[gen.below(len(legal))])
        assert sum(session.state.stocks) == 1000


def test_the_session_ends_after_the_agreed_coups():
    session = Session(CDF, {"coups": 15}, seed=2, human_seats=tuple(range(5)))
    while not isinstance(session.to_move(), Special):
        legal = session.legal_actions()
        stake = [a for a in legal if isinstance(a, Stake)]
        session.play(stake[0] if stake else legal[0])
    out = session.outcome()
    assert session.state.coup_no == 15 and "15 coups" in out.reason
    assert out.scores == session.state.stocks


# -- views --------------------------------------------------------------------------------------------------
def test_who_sees_which_cards():
    state = cdf_at_stakes()
    state = stacked(CDF, state, [3, 2, 0, 4, 5])
    state = play(CDF, state, "stake 10", "stake 20")
    punter_ids, banker_ids = state.hands
    for seat, sees_punter, sees_banker in ((2, True, False), (0, False, True), (1, False, False)):
        view = CDF.view(state, seat)
        assert all((view.face(i) is not None) == sees_punter for i in punter_ids)
        assert all((view.face(i) is not None) == sees_banker for i in banker_ids)
    state = play(CDF, state, "card")
    assert CDF.view(state, 1).face(state.hands[0][2]) is not None   # the third card is face up
    assert CDF.view(state, 1).pub.shoe == ()


@pytest.mark.parametrize("game", [CDF, BANQUE])
def test_shuffle_unseen_keeps_each_view(game):
    session = Session(game, {}, seed=4, human_seats=tuple(range(5)))
    gen = SplitMix64(4)
    for _ in range(60):
        state = session.state
        if isinstance(session.to_move(), Special):
            break
        for seat in range(state.n):
            other = game.shuffle_unseen(state, seat, gen.below(1000))
            assert game.view(other, seat) == game.view(state, seat)
            assert Counter(other.shoe) == Counter(state.shoe)
        legal = session.legal_actions()
        session.play(legal[gen.below(len(legal))])


def test_text_forms():
    state = cdf_at_stakes()
    for action in CDF.legal_actions(state, 1):
        assert CDF.action_from_str(state, CDF.action_to_str(action)) == action
    assert CDF.action_from_str(state, "Banco à cheval") == Banco("cheval")
    for bad in ("stake lots", "bank", "hit me"):
        with pytest.raises(NotationError) as err:
            CDF.action_from_str(state, bad)
        assert repr(bad) in str(err.value)


@pytest.mark.parametrize("game", [CDF, BANQUE])
def test_every_law_cited_is_a_heading_of_the_rules_page(game):
    from compendium.games import registry
    from compendium.reference import rules_html as rulesdoc
    anchors = rulesdoc.anchors(registry.rules_markdown(game.info.id))
    probes = [Bank(10), Bank(100000), TakeBank(True), PassDeal(True), Stake(1), Stake(100000), NoStake(),
              Banco("alone"), Banco("cheval"), Banco("half"), Third(True), Third(False), Shoe(1)]
    cited = set()
    for seed in range(6):
        session = Session(game, {}, seed=seed, human_seats=tuple(range(11)))
        gen = SplitMix64(seed)
        for _ in range(300):
            if isinstance(session.to_move(), Special):
                break
            for probe in probes:
                try:
                    game.apply(session.state, probe)
                except IllegalAction as exc:
                    assert exc.rule is not None, (probe, exc.reason)
                    cited.add(exc.rule)
            legal = session.legal_actions()
            session.play(legal[gen.below(len(legal))])
        cited |= {e.rule for e in game.score_events(session.state)}
    assert len(cited) >= 6
    for ref in cited:
        game_id, _, anchor = ref.partition("#")
        assert game_id == game.info.id and anchor in anchors, ref


BANQUE_REFUSALS = [
    ("banco half", "baccarat_banque#banco"),                  # a share is only offered after a banco
    ("stake 150", "baccarat_banque#stakes"),                  # beyond what the bank covers
    ("pass the deal", "baccarat_banque#the-bank"),            # the banker holds office for the shoe
    ("take the bank", "baccarat_banque#the-bank"),
    ("stand", "baccarat_banque#the-punters-third-card"),      # no cards are dealt yet
]


@pytest.mark.parametrize("text, rule", BANQUE_REFUSALS)
def test_banque_refusals_cite_their_law(text, rule):
    state = banque_at_stakes()
    action = BANQUE.action_from_str(state, text)
    assert action not in BANQUE.legal_actions(state, state.turn)
    with pytest.raises(IllegalAction) as err:
        BANQUE.apply(state, action)
    assert err.value.rule == rule


def test_banque_legal_choices_and_the_three_banco_limit():
    state = banque_at_stakes()
    legal = BANQUE.legal_actions(state, 1)
    assert legal[:3] == (NoStake(), Banco("alone"), Banco("cheval"))
    assert Stake(100) in legal and Stake(101) not in legal
    tired = replace(state, banco_losses=(0, 3, 0, 0, 0))
    assert Banco("alone") not in BANQUE.legal_actions(tired, 1)
    with pytest.raises(IllegalAction) as err:
        BANQUE.apply(tired, Banco("alone"))
    assert err.value.rule == "baccarat_banque#banco" and "three" in err.value.reason
    shared = play(BANQUE, state, "banco")
    assert BANQUE.legal_actions(shared, 2) == (Banco("half"), NoStake())


def test_a_false_draw_at_banque_is_refused():
    state = banque_at_stakes()
    state = stacked(BANQUE, state, [3, 2, 1, 3, 4, 1])            # right 6, left 6, banker 2
    state = play(BANQUE, state, "stake 10", "stake 10", "no stake", "no stake")
    assert state.phase == "punter" and state.turn == 1
    assert BANQUE.legal_actions(state, 1) == (Third(False),)
    with pytest.raises(IllegalAction) as err:
        BANQUE.apply(state, Third(True))
    assert err.value.rule == "baccarat_banque#the-punters-third-card"
