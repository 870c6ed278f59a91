"""The computer at Auction Bridge: the calls by counting the hand and reading partner's, the
play searched as the shared Monte Carlo player does, the declarer playing the dummy too."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.cards import Card, Rank, Suit
from ...core.frozen import replace
from ...core.game import Seat
from ...core.rng import SplitMix64
from ...games.tricks.auction_bridge import (
    BIDS,
    DENOM_OF,
    DENOMS,
    GAME_POINTS,
    SUIT_OF,
    TRICK_VALUE,
    UNDERTRICK,
    BridgeAuction,
    BridgeContract,
    bid_value,
    high_card_points,
    parse_bid,
    partner,
    side_of,
)
from ...games.tricks.engine import WHIST_POWER, Call, Play, TricksState, TricksView
from .base import SimRules, TricksAI, TricksPlayer


def contract_value(contract: BridgeContract, taken: int, below_before: int) -> float:
    """What the declarer's side expects from a hand in which it took ``taken`` tricks."""
    if taken >= contract.needed:
        tricks_points = (taken - 6) * TRICK_VALUE[contract.denom] * (1, 2, 4)[contract.doubled]
        bonus = 50 * (1 + taken - contract.needed) * contract.doubled if contract.doubled else 0
        game = 125 if below_before + tricks_points >= GAME_POINTS else 0
        return float(tricks_points + bonus + game)
    loss = (contract.needed - taken) * UNDERTRICK[contract.doubled]
    if contract.bid == "1s":
        loss = min(loss, 100)
    return -float(loss)


# -- the computer's calls ---------------------------------------------------------------------------------
def _stopped(hand: Sequence[Card], suit: Suit) -> bool:
    cards = [c.rank for c in hand if c.suit is suit]
    return (Rank.ACE in cards or (Rank.KING in cards and len(cards) >= 2)
            or (Rank.QUEEN in cards and len(cards) >= 3))


def estimate_tricks(hand: Sequence[Card], denom: str, partner_points: float,
                    partner_suits: dict[Suit, float]) -> float:
    """Tricks our side may expect in ``denom``: a rough count from the combined high cards, the
    trump fit and short suits (the computer's own rule of thumb, not a law)."""
    hcp = high_card_points(hand)
    combined = hcp + partner_points
    lengths = {s: sum(1 for c in hand if c.suit is s) for s in Suit}
    if denom == "nt":
        est = 6.5 + (combined - 20) / 2.6
        for s in Suit:
            if not _stopped(hand, s) and partner_suits.get(s, 3.25) < 4.5:
                est -= 0.7
        long = max(lengths.values())
        est += max(0, long - 5) * 0.6 if hcp >= 10 else 0
        return max(0.0, min(13.0, est))
    suit = SUIT_OF[denom]
    assert suit is not None
    fit = lengths[suit] + partner_suits.get(suit, (13 - lengths[suit]) / 3)
    est = 6.5 + (combined - 20) / 3.0 + (fit - 7.5) * 0.9
    if fit >= 8:
        for s in Suit:
            if s is not suit:
                est += {0: 1.2, 1: 0.7, 2: 0.25}.get(lengths[s], 0.0)
    return max(0.0, min(13.0, est))


def read_partner(pub: TricksState, seat: Seat, hcp: int) -> tuple[float, dict[Suit, float]]:
    """What the auction says of partner's hand: points and suit lengths."""
    mate = partner(seat)
    points = (40 - hcp) / 3
    suits: dict[Suit, float] = {}
    history = [(s, w) for s, w in pub.calls if w in BIDS]
    for k, (s, word) in enumerate(history):
        if s != mate:
            continue
        if k == 0 and word == "1s" and s == pub.dealer:
            continue                                 # the nominal One Spade
        if word == "2s" and k == 1 and history[0][1] == "1s":
            continue                                 # the conventional rescue
        tricks, denom = parse_bid(word)
        points = max(points, 12.0 + (2.0 if denom == "nt" else 0.0) + (tricks - 1) * 1.5)
        if denom != "nt":
            suit = SUIT_OF[denom]
            assert suit is not None
            suits[suit] = max(suits.get(suit, 0.0), 5.0)
    return points, suits


def choose_call(hand: Sequence[Card], pub: TricksState, seat: Seat, legal: list[Any], level: int) -> Any:
    """The computer's call: the book's conventions for the dealer; a bid where the hand is worth
    it; a double where the adversaries look to have bid too much.

    Every trick a made contract takes counts below the line (Law 50), so there is no reason to
    bid higher than is needed to buy the contract: the computer never raises its own side's suit
    (except the conventional Two Spades), and changes its side's suit only for one that should
    score clearly more.  Against the adversaries' call it bids only if playing promises more than
    defending (the book's advice: it often pays better to let them fail)."""
    a: BridgeAuction = pub.bidding
    hcp = high_card_points(hand)
    legal_words = {x.word for x in legal}
    if a.high is None:
        return Call(dealer_opening(hand, level))
    mate_points, mate_suits = read_partner(pub, seat, hcp)
    margin = {1: 0.0, 2: 0.6, 3: 0.9}[level]
    ests = {d: estimate_tricks(hand, d, mate_points, mate_suits) for d in DENOMS}
    below = pub.fact("below", (0, 0))
    mine = side_of(seat)

    def expected(denom: str) -> float:
        made = min(13, round(ests[denom]))
        points = max(0, made - 6) * TRICK_VALUE[denom]
        return points + (60 if below[mine] + points >= GAME_POINTS else 0)
    # The cheapest legal call in each denomination that we expect to make.
    cheapest: dict[str, str] = {}
    for word in BIDS:
        tricks, denom = parse_bid(word)
        if word in legal_words and denom not in cheapest and tricks + 6 <= ests[denom] - margin:
            cheapest[denom] = word
    best = max(cheapest, key=expected, default=None)
    t_high, d_high = parse_bid(a.high)
    if side_of(a.high_seat) == mine:
        nominal = (a.high == "1s" and a.high_seat == pub.dealer
                   and len([w for _, w in pub.calls if w in BIDS]) == 1)
        if best is not None and best != d_high and (nominal or expected(best) > expected(d_high) + 12):
            return Call(cheapest[best])
        if nominal and level >= 2 and seat == partner(pub.dealer) and "2s" in legal_words and hcp < 10:
            return Call("2s")             # the conventional rescue of the dealer's One Spade
        if a.doubled == 1 and "redouble" in legal_words and level >= 2 and ests[d_high] >= t_high + 8:
            return Call("redouble")
        return Call("pass")
    # The adversaries hold the call: let them play it, double it, or outbid them.
    their_need = t_high + 6
    defence = estimate_tricks_defence(hand, d_high, mate_points, mate_suits)
    short = their_need - (13 - defence)          # how many tricks we expect them to fall short
    defending = 50 * max(0.0, short) * (2 if a.doubled else 1)
    if a.high == "1s":
        defending = min(defending, 100)
    if best is not None and expected(best) > defending + 10:
        return Call(cheapest[best])
    if "double" in legal_words and level >= 2:
        free = below[1 - mine] + bid_value(a.high) >= GAME_POINTS      # a "free" double
        need = 1.6 if level == 2 else (0.8 if free else 1.2)
        if a.high == "1s":
            need += 1.0      # little to gain: the loss on One Spade is limited (Law 51)
        if short >= need:
            return Call("double")
    return Call("pass")


def estimate_tricks_defence(hand: Sequence[Card], denom: str, mate_points: float,
                            mate_suits: dict[Suit, float]) -> float:
    """Tricks our side expects to take defending against ``denom``."""
    hcp = high_card_points(hand)
    est = 6.5 + (hcp + mate_points - 20) / 2.8
    suit = SUIT_OF[denom]
    if suit is not None:
        n = sum(1 for c in hand if c.suit is suit)
        est += max(0, n - 3) * 0.6
    return max(0.0, min(13.0, est))


def dealer_opening(hand: Sequence[Card], level: int) -> str:
    """The dealer's compulsory opening, as the book describes the club practice (levels 2 and 3):
    a genuine One No Trump with a guarded hand, Two Spades or Two Clubs with a strong suit headed
    by ace and king (asking partner for no trumps), a red suit when it is long and strong,
    otherwise the nominal One Spade, whose loss Law 51 limits."""
    hcp = high_card_points(hand)
    lengths = {s: sum(1 for c in hand if c.suit is s) for s in Suit}
    stopped = sum(1 for s in Suit if _stopped(hand, s))
    if hcp >= 15 and min(lengths.values()) >= 2 and stopped >= 3:
        return "1nt"
    if level == 1:
        # The beginner knows no convention: he names his longest suit (the higher-scoring of two).
        longest = max(Suit, key=lambda su: (lengths[su], TRICK_VALUE[DENOM_OF[su]]))
        return "1" + DENOM_OF[longest]
    if level >= 2:
        for suit, word in ((Suit.SPADES, "2s"), (Suit.CLUBS, "2c")):
            ranks = {c.rank for c in hand if c.suit is suit}
            if lengths[suit] >= 5 and Rank.ACE in ranks and Rank.KING in ranks:
                return word
    for suit, word in ((Suit.HEARTS, "1h"), (Suit.DIAMONDS, "1d")):
        if lengths[suit] >= 5 and hcp >= 12:
            return word
    return "1s"


# Worlds sampled, rollouts per world and candidate, cards left per hand for the exact endgame.
# Level 1 does not search: it plays by the rules of thumb below.
BRIDGE_LEVELS: dict[int, tuple[int, int, int]] = {1: (0, 0, 0), 2: (12, 1, 0), 3: (24, 2, 2)}


class BridgePlayer(TricksPlayer):
    """The trick-taking games' Monte Carlo player, taught that the declarer plays the dummy: when
    the dummy's card is due it searches as the dummy (the same side, the same value of the hand)
    from the declarer's view, in which the dummy's cards lie face up.  Level 1 plays by a few
    rules of thumb, without search."""

    levels = BRIDGE_LEVELS

    def choose(self, game: Any, view: TricksView, legal: Sequence[Any], state: Any = None) -> Any:
        pub = view.pub
        if pub.phase == "play" and pub.turn is not None and pub.turn != view.seat:
            view = replace(view, seat=pub.turn)
        return super().choose(game, view, legal)

    def search_play(self, game: Any, view: Any, legal: list[Any], rng: SplitMix64) -> Any:
        if self.level == 1:
            return simple_play(view, legal)
        return super().search_play(game, view, legal, rng)


def simple_play(view: TricksView, legal: list[Any]) -> Any:
    """Rules of thumb: lead the top of a sequence or a low card of the longest suit; second and
    later hands win as cheaply as they can unless partner is already winning; otherwise throw the
    lowest card."""
    pub = view.pub
    seat = view.seat
    trump = pub.trump
    cards = [a.card for a in legal]

    def power(c: Card) -> int:
        return WHIST_POWER[c.rank]
    if not pub.trick:
        by_suit: dict[Suit, list[Card]] = {}
        for c in cards:
            by_suit.setdefault(c.suit, []).append(c)                 # type: ignore[arg-type]
        plain = [su for su in by_suit if su is not trump] or list(by_suit)
        longest = max(plain, key=lambda su: (len(by_suit[su]), max(power(c) for c in by_suit[su])))
        suit_cards = sorted(by_suit[longest], key=power, reverse=True)
        if len(suit_cards) >= 2 and power(suit_cards[0]) >= 13 and power(suit_cards[0]) - power(suit_cards[1]) == 1:
            choice = suit_cards[0]
        else:
            choice = suit_cards[-1]
        return Play(choice)
    led = view.face(pub.trick[0][1])
    assert led is not None

    def key(c: Card) -> int:
        if trump is not None and c.suit is trump:
            return 200 + power(c)
        return 100 + power(c) if c.suit is led.suit else 0
    best_seat, best_key = pub.trick[0][0], -1
    for who, cid in pub.trick:
        face = view.face(cid)
        assert face is not None
        if key(face) > best_key:
            best_seat, best_key = who, key(face)
    lowest = min(cards, key=lambda c: (c.suit is trump, power(c)))
    if side_of(best_seat) == side_of(seat):
        return Play(lowest)
    winners = [c for c in cards if key(c) > best_key]
    if winners:
        return Play(min(winners, key=key))
    return Play(lowest)


class AuctionBridgeAI(TricksAI):
    player_class = BridgePlayer

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        return SimRules(team=[0, 1, 0, 1])

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        """The declarer's side's gain for the hand (tricks, doubled bonus, undertricks, and a game
        won counted at half the rubber), and its loss to the adversaries."""
        contract: BridgeContract = state.contract
        taken = game.side_tricks(state, [w for w, _ in new_tricks])
        dec = side_of(contract.declarer)
        value = contract_value(contract, taken[dec], state.fact("below", (0, 0))[dec])
        return [value if side_of(s) == dec else -value for s in range(4)]

    def call(self, game: Any, view: TricksView, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        pub = view.pub
        if pub.phase == "penalty":
            full = replace(pub, deck=tuple(c.face for c in view.cards))   # every card has been played
            side = side_of(seat)
            points = game.hand_score(full, False).net(side)
            tricks = game.hand_score(full, True).net(side)
            return Call("tricks") if tricks > points else Call("points")
        hand = [c.face for c in view.hand(seat) if c.face is not None]
        return choose_call(hand, pub, seat, legal, player.level)


AI = AuctionBridgeAI()
