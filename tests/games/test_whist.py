"""Short Whist, Dummy Whist and Double Dummy: the cut, the turn-up, following suit, the dummies,
the score (tricks, honours, at four, precedence, game values, the rubber) and the revoke settled
at the end of the hand, each with the law it cites."""
from __future__ import annotations

import pytest

from compendium.core.cards import Suit
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.rules import page_anchors
from compendium.games.tricks.engine import Call, Play
from compendium.games.tricks.whist import (
    DOUBLE,
    DUMMY,
    GAME,
    cut_cards,
    game_value,
    honours_held,
    rubber_points,
    settle_hand,
)

from .conformance import refusal
from .tricks_helpers import cards
from .whist_helpers import play, whist_deal

A, Y, B, Z = 0, 1, 2, 3

# A leads first (Z deals).  Hearts are trumps (Z's last card).
HANDS = {
    A: "A♠ K♠ 7♠ 4♠ 2♠ K♦ 8♦ 3♦ Q♥ 9♣ 5♣ 4♣ 2♣",
    Y: "Q♠ 9♠ 5♠ A♦ Q♦ 9♦ 5♦ J♥ 8♥ 3♥ A♣ 8♣ 6♣",
    B: "J♠ 10♠ 8♠ J♦ 10♦ 7♦ 6♦ 4♦ A♥ 9♥ 6♥ K♣ 7♣",
    Z: "6♠ 3♠ 2♦ K♥ 10♥ 7♥ 5♥ 4♥ 2♥ Q♣ J♣ 10♣ 3♣",
}


def fresh(game=GAME, options=None):
    return whist_deal(game, dict(HANDS), Suit.HEARTS, dealer=Z, options=options)


# -- the deal ------------------------------------------------------------------------------------
def test_the_last_card_is_turned_for_trumps_and_the_eldest_leads():
    s = fresh()
    assert s.trump is Suit.HEARTS
    assert s.deck[s.turnup] == parse_card("K♥")          # the card dealt last, Z's
    assert s.turnup_on_table and GAME.to_move(s) == A
    for seat in (A, Y, B):                               # every seat sees the turn-up
        assert GAME.view(s, seat).face(s.turnup) == parse_card("K♥")
    # the dealer takes it into his hand when he plays to the first trick
    s = play(GAME, s, ["2♠", "5♠", "8♠", "3♠"])
    assert not s.turnup_on_table


def test_the_cut_is_ace_low_and_the_lowest_deals():
    for seed in range(30):
        cut, dealer = cut_cards(seed, (0, 1, 2, 3))
        last = {s: c[-1] for s, c in cut.items() if len(c) == len(cut[dealer])}

        def low(card):
            return 1 if card.rank.short == "A" else "2345678910JQK".index(card.rank.short) + 2
        assert all(low(last[dealer]) < low(c) for s, c in last.items() if s != dealer)
    s = GAME.apply(GAME.initial_state({}), GAME.chance_action(GAME.initial_state({}), 5))
    assert s.dealer == cut_cards(5, (0, 1, 2, 3))[1]
    assert s.fact("cut") and s.fact("first_dealer") == s.dealer
    # the next deal passes to the left
    assert s.deal_no == 1


def test_dummy_does_not_cut_and_the_deal_goes_round_four_places():
    for seed in range(20):
        assert cut_cards(seed, DUMMY.players())[1] in (A, Y, B)
    assert DUMMY.players() == (A, Y, B) and DOUBLE.players() == (A, Y)
    assert DUMMY.seat_count(DUMMY.initial_state({})) == 3 and DOUBLE.seat_count(DOUBLE.initial_state({})) == 2


# -- legal actions ---------------------------------------------------------------------------------
def test_legal_plays_follow_the_laws():
    s = fresh()
    # the leader may lead any card (whist#the-play)
    assert len(GAME.legal_actions(s, A)) == 13
    s = play(GAME, s, ["A♠"])
    # second hand must follow suit (whist#following-suit): Y's three spades only
    assert {a.card for a in GAME.legal_actions(s, Y)} == set(cards("Q♠ 9♠ 5♠"))
    s = play(GAME, s, ["5♠", "8♠", "6♠"])
    assert s.tricks[-1].winner == A and GAME.to_move(s) == A     # the winner leads
    s = play(GAME, s, ["K♦", "A♦", "4♦", "2♦"])
    assert s.tricks[-1].winner == Y
    # Y leads clubs; B follows; Z ...; A may play any club
    s = play(GAME, s, ["A♣", "7♣", "3♣", "2♣"])
    s = play(GAME, s, ["Q♦", "6♦"])
    # Z has no diamond left: he may trump or discard anything (whist#following-suit)
    assert len(GAME.legal_actions(s, Z)) == len(s.hands[s.owners.index(Z)]) == 10
    s = play(GAME, s, ["4♥"])                            # a trump wins the trick
    s = play(GAME, s, ["8♦"])
    assert s.tricks[-1].winner == Z


def test_the_dummy_is_played_by_its_partner_from_the_table():
    s = fresh(DUMMY)
    assert s.exposed == (Z,)
    # A (seat 0) sees the dummy's thirteen cards from the deal on
    assert all(c.face is not None for c in DUMMY.view(s, A).hand(Z))
    s = play(DUMMY, s, ["A♠", "5♠", "8♠"])
    assert s.turn == Z and DUMMY.to_move(s) == Y          # the dummy's card, Y's to choose
    assert DUMMY.legal_actions(s, Z) == ()
    assert {a.card for a in DUMMY.legal_actions(s, Y)} == set(cards("6♠ 3♠"))
    s = play(DUMMY, s, ["6♠"])
    assert s.tricks[-1].winner == A


def test_double_dummy_lies_open_or_shows_the_dummies_only():
    s = fresh(DOUBLE)
    assert set(s.exposed) == {A, Y, B, Z}
    assert all(c.face is not None for c in DOUBLE.view(s, Y).cards)
    assert DOUBLE.controller(s, B) == A and DOUBLE.controller(s, Z) == Y
    hidden = fresh(DOUBLE, {"hands": "dummies"})
    view = DOUBLE.view(hidden, A)
    assert all(c.face is None for c in view.hand(Y))
    assert all(c.face is not None for c in view.hand(Z)) and all(c.face is not None for c in view.hand(B))


# -- illegal actions, each refused with its law ------------------------------------------------------
def test_a_revoke_is_refused_citing_the_law():
    s = play(GAME, fresh(), ["A♠"])
    err = refusal(GAME, s, Play(parse_card("A♦")))
    assert err.rule == "whist#following-suit" and "revoke" in str(err)


def test_a_card_not_held_is_refused():
    err = refusal(GAME, fresh(), Play(parse_card("A♦")))
    assert err.rule == "whist#the-play"


def test_a_penalty_may_not_be_chosen_during_the_play():
    err = refusal(GAME, fresh(), Call("tricks"))
    assert err.rule == "whist#the-play"


def test_playing_from_the_wrong_hand_at_dummy_is_refused():
    s = play(DUMMY, fresh(DUMMY), ["A♠", "5♠", "8♠"])
    err = refusal(DUMMY, s, Play(parse_card("9♠")))          # Y's own card at the dummy's turn
    assert err.rule == "dummy_whist#the-dummy"
    s = play(DUMMY, fresh(DUMMY), ["2♠"])
    err = refusal(DUMMY, s, Play(parse_card("6♠")))          # the dummy's card at Y's own turn
    assert err.rule == "dummy_whist#the-dummy"


def test_the_dummy_cannot_revoke_even_where_revokes_may_be_played():
    s = play(DUMMY, fresh(DUMMY, {"revokes": "penalised"}), ["A♠", "5♠", "8♠"])
    err = refusal(DUMMY, s, Play(parse_card("2♦")))
    assert err.rule == "dummy_whist#following-suit"


def test_nothing_is_played_before_the_deal_or_twice_dealt():
    with pytest.raises(Exception):
        GAME.apply(GAME.initial_state({}), Play(parse_card("A♠")))
    s = fresh()
    with pytest.raises(Exception):
        GAME.apply(s, GAME.chance_action(s, 3))


# -- the score -----------------------------------------------------------------------------------
def test_tricks_over_six_score_and_honours_count_four_and_two():
    r = settle_hand((0, 0), (8, 5), (1, 3))
    assert [(side, pts, anchor) for side, pts, _, anchor in r.lines] == [(0, 2, "tricks"), (1, 2, "honours")]
    assert r.points == (2, 2) and r.game_won is None
    r = settle_hand((0, 0), (6, 7), (4, 0))
    assert r.points == (4, 1)
    assert honours_held([cards("A♥ K♥"), cards("Q♥"), cards("J♥"), []], Suit.HEARTS) == [3, 1]


def test_honours_do_not_count_at_four():
    r = settle_hand((4, 0), (6, 7), (4, 0))
    assert r.points == (4, 1)          # at four when the deal began: no honours
    r = settle_hand((3, 0), (7, 6), (3, 1))
    assert r.points == (5, 0) and r.game_won == 0     # at three they still count


def test_tricks_score_before_honours():
    # A–B at three, Y–Z at love: Y–Z take three by cards, A–B hold three honours.  Y–Z's tricks
    # score first; then A–B's honours put them out at five, Y–Z at three: a single.
    r = settle_hand((3, 0), (4, 9), (3, 1))
    assert r.points == (5, 3) and r.game_won == 0
    assert game_value(r.points[1]) == 1
    # A–B two by cards reach five before Y–Z's four by honours: those are never scored.
    r = settle_hand((3, 0), (8, 5), (0, 4))
    assert r.points == (5, 0) and r.game_won == 0 and game_value(0) == 3
    assert all(anchor != "honours" for _, _, _, anchor in r.lines)


def test_game_values_and_the_rubber():
    assert [game_value(k) for k in range(5)] == [3, 2, 2, 1, 1]
    assert rubber_points([(0, 3), (0, 3)]) == (8, -8)                 # a bumper
    assert rubber_points([(0, 2), (1, 3), (0, 1)]) == (2, -2)
    assert rubber_points([(1, 1), (0, 3), (1, 1)]) == (-1, 1)         # two singles against a treble


def test_the_revoke_penalty_by_the_law():
    # three tricks taken from the revokers and added to the claimants'
    r = settle_hand((0, 0), (8, 5), (2, 2), [(0, "tricks")])
    assert r.points == (0, 2)          # 8 - 3 = 5 tricks to A–B, 5 + 3 = 8 to Y–Z
    # from a side with fewer than three tricks, all it has
    r = settle_hand((0, 0), (2, 11), (2, 2), [(0, "tricks")])
    assert r.points == (0, 5 - 0) and r.game_won == 1 and "2 tricks taken" in r.lines[0][2]
    # three points added to the claimants' score, before the tricks; the revokers stop at four
    r = settle_hand((0, 0), (12, 1), (2, 2), [(0, "add")])
    assert r.points == (4, 3) and r.game_won is None
    # three points taken off (never below nothing)
    r = settle_hand((2, 1), (6, 7), (2, 2), [(0, "deduct")])
    assert r.points == (0, 2)
    # both sides revoked: neither can win the game in that hand
    r = settle_hand((4, 4), (13, 0), (4, 0), [(0, "add"), (1, "add")])
    assert r.game_won is None and r.points == (4, 4)


def _play_out(game, s):
    while game.to_move(s) not in (Special.TERMINAL, Special.CHANCE) and s.phase == "play":
        seat = s.turn
        s = game.apply(s, Play(game.playable(s, seat, strict=True)[0]))
    return s


def test_a_revoke_played_is_settled_at_the_end_of_the_hand():
    s = fresh(options={"revokes": "penalised"})
    s = play(GAME, s, ["A♠", "A♦"])                      # Y holds spades: a revoke
    assert s.revokes == ((Y, 1),)
    s = _play_out(GAME, s)
    assert s.phase == "penalty" and s.turn == B           # the seat on the revoker's left chooses
    assert {a.word for a in GAME.legal_actions(s, B)} == {"tricks", "deduct", "add"}
    err = refusal(GAME, s, Play(parse_card("A♠")))
    assert err.rule == "whist#the-revoke"
    taken = GAME.side_tricks(s)
    s = GAME.apply(s, Call("add"))
    assert s.phase == "deal"
    lines = [line for line in s.sheet.lines if line.deal == s.deal_no]
    assert lines[0].side == 0 and lines[0].points == 3 and lines[0].rule == "whist#the-revoke"
    assert s.fact("points")[1] <= 4 and sum(taken) == 13


def test_the_rubber_ends_the_game_with_its_points():
    s = GAME.initial_state({})
    seed = 0
    while GAME.to_move(s) is not Special.TERMINAL:
        if GAME.to_move(s) is Special.CHANCE:
            s = GAME.apply(s, GAME.chance_action(s, seed))
            seed += 1
            continue
        s = _play_out(GAME, s)
    out = GAME.outcome(s)
    games = s.fact("games")
    assert max(sum(1 for side, _ in games if side == k) for k in (0, 1)) == 2
    assert out.scores[0] == rubber_points(games)[0] and out.rule == "whist#the-game-and-the-rubber"


# -- the deal as text and as PBN -------------------------------------------------------------------
@pytest.mark.parametrize("game", [GAME, DUMMY, DOUBLE])
def test_a_deal_goes_out_as_text_and_pbn_and_comes_back(game):
    from compendium.games.tricks import dealtext
    s = game.apply(game.initial_state({}), game.chance_action(game.initial_state({}), 9))

    def hands(state):
        return {state.owners[k]: sorted(str(state.deck[i]) for i in ids) for k, ids in enumerate(state.hands)}
    for text in (game.hand_text(s), dealtext.pbn_text(game, s)):
        back = game.setup_state(text, {})
        assert hands(back) == hands(s) and back.dealer == s.dealer
        assert back.deck[back.turnup] == s.deck[s.turnup] and back.trump is s.trump
    # a PBN deal without the card turned is refused, naming the tag it needs
    bare = dealtext.pbn_text(game, s).split("[TurnUp")[0]
    with pytest.raises(Exception, match="TurnUp"):
        game.setup_state(bare, {})


def test_the_table_shows_the_honours_known_to_every_player():
    s = fresh()
    # before a card is played only the turned card is known: Z's king of trumps
    assert GAME.honours_seen(GAME.view(s, A)) == ([], cards("K♥"))
    s = play(GAME, s, ["Q♥", "J♥", "A♥", "K♥"])
    assert GAME.honours_seen(GAME.view(s, Y)) == (cards("A♥ Q♥"), cards("K♥ J♥"))
    assert "Honours: A–B A♥ Q♥ · Y–Z K♥ J♥" in GAME.table_notes(GAME.view(s, A))
    # the dummy's honours are in view from the deal
    d = fresh(DUMMY)
    assert DUMMY.honours_seen(DUMMY.view(d, A))[1] == cards("K♥")


@pytest.mark.parametrize("game", [GAME, DUMMY, DOUBLE])
def test_the_demo_plays_a_whole_rubber(game):
    from compendium.demo import play_demo
    result = play_demo(game, 4, level=1)
    assert result.finished and "rubber" in result.summary
    state = result.session.state
    assert max(state.sheet.games) == 2 and game.outcome(state).rule == f"{game.info.id}#the-game-and-the-rubber"


def test_no_one_may_lead_or_play_out_of_turn_at_the_table():
    """The table enforces the order of play (whist#leads-out-of-turn): only the seat whose card
    is due has anything to play, so the law's penalties are never needed."""
    s = fresh()
    assert GAME.to_move(s) == A
    assert all(GAME.legal_actions(s, seat) == () for seat in (Y, B, Z))
    s = play(GAME, s, ["A♠"])
    assert GAME.legal_actions(s, A) == () and GAME.legal_actions(s, B) == ()
    assert "leads-out-of-turn" in page_anchors("whist") and "exposed-cards" in page_anchors("whist")
