"""Blind Hookey: the packets cut in turn (four cards at least, a fair share at most), the stakes
made unseen, the dealer's bottom card against each punter's, ties to the dealer, the deal
passing when the dealer loses all round, and nothing seen before the turn-up."""
from __future__ import annotations

import dataclasses
from fractions import Fraction

from compendium.core.cards import PACKS, Card, Rank, Suit
from compendium.core.game import Special
from compendium.games.chance.blind_hookey import GAME, Cut, Shuffle, Stake

from .conformance import refusal

G = GAME
REF = "blind_hookey#"


def c(text: str) -> Card:
    ranks = {"A": Rank.ACE, "T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING}
    rank = ranks.get(text[0]) or Rank(int(text[0]))
    return Card(rank, {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}[text[1]])


def round_with(bottoms: dict[int, str], players: int = 3, **options):
    """A round cut four cards a punter, the pack arranged so that each seat's packet has the
    given bottom card (the dealer's packet is the rest, its bottom the pack's last card)."""
    s = G.apply(G.initial_state({"players": players, **options}), Shuffle(1))
    pack = list(s.pack)
    places = {p: 4 * (k + 1) - 1 for k, p in enumerate(s.punters())} | {s.dealer: 51}
    for seat, text in bottoms.items():
        card = c(text)
        j = pack.index(card)
        pack[j], pack[places[seat]] = pack[places[seat]], pack[j]
    s = dataclasses.replace(s, pack=tuple(pack))
    for _ in s.punters():
        s = G.apply(s, Cut(4))
    return s


def play(state, *texts):
    for text in texts:
        state = G.apply(state, G.action_from_str(state, text))
    return state


def test_the_punters_cut_in_turn_and_the_dealer_keeps_the_rest():
    s = G.apply(G.initial_state({"players": 4}), Shuffle(3))
    assert s.phase == "cut" and s.dealer == 3 and s.turn == 0
    assert G.legal_actions(s, 0) == tuple(Cut(k) for k in range(4, 14))      # a fair share: 52 / 4
    s = play(s, "cut 5", "cut 13", "cut 4")
    assert s.packets == ((0, 5), (5, 18), (18, 22), (22, 52)) and s.phase == "stake" and s.turn == 0


def test_a_packet_leaves_four_cards_for_each_player_still_to_cut():
    s = G.apply(G.initial_state({"players": 2}), Shuffle(3))
    assert max(a.size for a in G.legal_actions(s, 0)) == 26
    s = G.apply(G.initial_state({"players": 6}), Shuffle(3))
    s = play(s, "cut 8", "cut 8", "cut 8", "cut 8")
    assert max(a.size for a in G.legal_actions(s, s.turn)) == 8               # 52 - 32 - 4 left over


def test_stakes_are_made_unseen_and_the_higher_card_wins():
    s = round_with({0: "KS", 1: "3H", 2: "9D"})
    view = G.view(s, 0)
    assert all(vc.face is None for packet in view.packets for vc in packet)   # nothing seen
    before = s
    s = play(s, "stake 4", "stake 2")
    assert s.round_no == 1 and s.turned and s.phase == "shuffle"
    assert s.stocks[0] - before.stocks[0] == 4            # king beats nine: paid
    assert s.stocks[1] - before.stocks[1] == -2           # three under nine: pays
    assert s.stocks[2] - before.stocks[2] == -2
    view = G.view(s, 1)
    assert [packet[-1].face for packet in view.packets] == [c("KS"), c("3H"), c("9D")]
    assert s.results[0] == f"{c('KS')}: won 4"


def test_ties_pay_the_dealer():
    s = play(round_with({0: "9S", 1: "9H", 2: "9D"}), "stake 3", "stake 1")
    assert s.stocks == (97, 99, 104)
    assert {e.rule for e in s.ledger} == {REF + "ties-to-the-dealer"}


def test_the_ace_is_low_and_high_by_the_option():
    s = play(round_with({0: "AS", 1: "2H", 2: "KD"}), "stake 1", "stake 1")
    assert s.stocks == (99, 99, 102)
    s = play(round_with({0: "AS", 1: "2H", 2: "KD"}, ace="high"), "stake 1", "stake 1")
    assert s.stocks == (101, 99, 100)


def test_the_deal_passes_when_the_dealer_loses_all_round():
    s = play(round_with({0: "KS", 1: "QH", 2: "2D"}), "stake 1", "stake 1")
    assert s.dealer == 0 and any(e.rule == REF + "the-deal-passing" for e in s.ledger)
    s = play(round_with({0: "KS", 1: "2H", 2: "5D"}), "stake 1", "stake 1")
    assert s.dealer == 2                                   # he won from one: he keeps it


def test_refusals_name_their_laws():
    s = G.apply(G.initial_state({"players": 3}), Shuffle(3))
    assert refusal(G, s, Cut(3)).rule == REF + "the-packets"            # fewer than four
    assert refusal(G, s, Cut(18)).rule == REF + "the-packets"           # more than a fair share
    assert refusal(G, s, Stake(1)).rule == REF + "staking"              # before the packets are cut
    assert refusal(G, s, Shuffle(2)).rule == REF + "the-deal"
    s = play(s, "cut 4", "cut 4")
    assert refusal(G, s, Cut(4)).rule == REF + "the-packets"
    assert refusal(G, s, Stake(11)).rule == REF + "staking"
    assert refusal(G, s, Stake(0)).rule == REF + "staking"
    over = dataclasses.replace(s, phase="over", turn=None)
    assert refusal(G, over, Stake(1)).rule == REF + "the-end-of-the-session"


def test_the_banks_edge_is_three_in_fifty_one():
    """Counted over every pair of different cards of one pack: the punter wins 24/51, ties 3/51."""
    pack = PACKS["52"]
    wins = ties = pairs = 0
    for a in pack:
        for b in pack:
            if a is b or a == b:
                continue
            pairs += 1
            wins += int(b.rank) > int(a.rank)
            ties += b.rank == a.rank
    assert Fraction(ties, pairs) == Fraction(3, 51) and Fraction(wins, pairs) == Fraction(24, 51)
    # and on the table: 2,000 rounds, five punters staking one counter each, lose 3/51 a counter
    # within four standard errors (each round's five results share the dealer's card: the
    # error is taken over rounds)
    staked = lost = 0
    per_round = []
    for seed in range(2000):
        s = G.apply(dataclasses.replace(G.initial_state({"players": 6}), phase="shuffle"), Shuffle(seed))
        for _ in s.punters():
            s = G.apply(s, Cut(4))
        before = s.stocks
        while G.to_move(s) not in (Special.CHANCE, Special.TERMINAL):
            s = G.apply(s, Stake(1))
        staked += 5
        per_round.append(sum(before[p] - s.stocks[p] for p in range(6) if p != 5))
    lost = sum(per_round)
    mean = lost / len(per_round)
    se = (sum((x - mean) ** 2 for x in per_round) / (len(per_round) - 1) / len(per_round)) ** 0.5 / 5
    assert abs(lost / staked - 3 / 51) < 4 * se, (lost / staked, se)


# -- the three packets ----------------------------------------------------------------------------------
def three_packets(bottoms: tuple[str, str, str], players: int = 4):
    """A round of the three packets, the dealer cutting 10 and 20: packets of 10, 10 and 32 cards
    whose bottom cards are ``bottoms`` (the left, the right, the dealer's)."""
    from compendium.games.chance.blind_hookey import StakeOn  # noqa: F401  (the action under test)
    s = G.apply(G.initial_state({"players": players, "packets": "three"}), Shuffle(1))
    pack = list(s.pack)
    for place, text in zip((9, 19, 51), bottoms):
        j = pack.index(c(text))
        pack[j], pack[place] = pack[place], pack[j]
    return dataclasses.replace(s, pack=tuple(pack))


def test_three_packets_the_dealer_cuts_twice_and_keeps_the_third():
    s = three_packets(("KS", "2H", "9D"))
    assert s.phase == "cut" and s.turn == s.dealer == 3
    assert G.legal_actions(s, 3) == tuple(Cut(k) for k in range(4, 45))     # leaving four for each
    s = play(s, "cut 10")
    assert s.turn == 3 and G.legal_actions(s, 3)[-1] == Cut(38)
    s = play(s, "cut 10")
    assert s.phase == "stake" and s.turn == 0 and s.heaps == ((0, 10), (10, 20), (20, 52))
    view = G.view(s, 0)
    assert len(view.heaps) == 2 and view.packets[3] is not None             # the dealer's before him
    assert all(vc.face is None for heap in view.heaps for vc in heap)       # nobody sees a card


def test_three_packets_each_punter_settled_by_the_packet_he_chose():
    from compendium.games.chance.blind_hookey import StakeOn
    s = play(three_packets(("KS", "2H", "9D")), "cut 10", "cut 10")
    legal = G.legal_actions(s, 0)
    assert StakeOn(1, 1) in legal and StakeOn(2, 10) in legal and len(legal) == 20
    s = play(s, "stake 5 on 1", "stake 3 on 2", "stake 2 on 1")
    assert s.turned
    # the left packet's king beats the dealer's nine; the right packet's two loses
    assert s.stocks == (105, 97, 102, 96)
    assert s.results[0].startswith("packet 1, K♠: won 5") and s.results[1].startswith("packet 2")
    assert s.dealer == 3                                           # he did not lose to every punter
    s = G.apply(s, Shuffle(2))
    assert s.turn == 3 and s.heaps == ()


def test_three_packets_the_deal_passes_when_every_punter_wins():
    s = play(three_packets(("KS", "QH", "9D")), "cut 10", "cut 10")
    s = play(s, "stake 1 on 1", "stake 1 on 2", "stake 1 on 1")
    assert s.dealer == 0


def test_three_packets_refusals_name_their_laws():
    from compendium.games.chance.blind_hookey import StakeOn
    s = three_packets(("KS", "2H", "9D"))
    assert refusal(G, s, Cut(3)).rule == REF + "the-three-packets"            # four cards at least
    assert refusal(G, s, Cut(49)).rule == REF + "the-three-packets"           # leaving eight
    s = play(s, "cut 10", "cut 10")
    assert refusal(G, s, Stake(2)).rule == REF + "the-three-packets"          # say which packet
    assert refusal(G, s, StakeOn(3, 2)).rule == REF + "the-three-packets"     # the third is the dealer's
    assert refusal(G, s, StakeOn(1, 11)).rule == REF + "staking"
    assert G.action_from_str(s, "stake 4 on 2") == StakeOn(2, 4)
    assert G.action_to_str(StakeOn(2, 4)) == "stake 4 on 2"
    usual = round_with({})
    assert refusal(G, usual, StakeOn(1, 2)).rule == REF + "staking"
