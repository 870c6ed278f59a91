"""The computer at Bridge (1904): the declaration by the period's rules of thumb, the double when
the defence looks the stronger, the play searched as at Auction Bridge (the dealer playing the
dummy too).  Level 3 finishes each hand with the double-dummy solver in every sampled world.

The rules of thumb of the declaration (ours, after the advice of the period's books as our page
gives it): the dealer declares no trumps with three suits guarded and a good hand, or with three
aces; a long suit with honours as trumps — hearts or diamonds first, their tricks being worth
most; clubs only when long and strong; otherwise he leaves it to his partner.  The partner, who
must declare, does the same with a little less, and with a poor hand calls spades, the
defensive declaration that costs least."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.cards import Card, Rank, Suit
from ...core.game import Seat
from ...core.rng import SplitMix64
from ...games.tricks.auction_bridge import high_card_points
from ...games.tricks.bridge import Declaring, may_double
from ...games.tricks.bridge_scoring import DENOM_OF, GAME_POINTS, SUIT_OF, TRICK_VALUE, side_of
from ...games.tricks.engine import Call, TricksState, TricksView
from .auction_bridge import AuctionBridgeAI, BridgePlayer, _stopped, estimate_tricks_defence
from .base import SimRules
from .double_dummy import Position, Solver

# Worlds sampled, rollouts per world and candidate, cards left per hand for the exact endgame.
BRIDGE_1904_LEVELS: dict[int, tuple[int, int, int]] = {1: (0, 0, 0), 2: (12, 1, 0), 3: (20, 2, 0)}
DD_ENDGAME = 4          # level 3: cards left per hand from which the solver plays out each world


def _lengths(hand: Sequence[Card]) -> dict[Suit, int]:
    return {s: sum(1 for c in hand if c.suit is s) for s in Suit}


def _honours_in(hand: Sequence[Card], suit: Suit) -> int:
    return sum(1 for c in hand if c.suit is suit and c.rank in (Rank.ACE, Rank.KING, Rank.QUEEN,
                                                                  Rank.JACK, Rank.TEN))


def declaration(hand: Sequence[Card], may_leave: bool, level: int, below: int = 0) -> str:
    """The declaration word ("declare-h", "leave" …) by the rules of thumb above."""
    hcp = high_card_points(hand)
    lengths = _lengths(hand)
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    guarded = sum(1 for s in Suit if _stopped(hand, s))
    if level == 1:
        # The beginner: his longest suit if he has some strength, else he leaves it (or, left
        # it, names his longest suit anyway).
        longest = max(Suit, key=lambda s: (lengths[s], TRICK_VALUE[DENOM_OF[s]]))
        if may_leave and hcp < 12:
            return "leave"
        return "declare-" + DENOM_OF[longest]
    need = 0 if may_leave else -3          # the partner, who must declare, takes a little less
    if aces >= 3 or (guarded >= 3 and hcp >= 16 + need and min(lengths.values()) >= 2):
        return "declare-nt"
    for suit in (Suit.HEARTS, Suit.DIAMONDS):
        if lengths[suit] >= 6 or (lengths[suit] >= 5 and _honours_in(hand, suit) >= 2
                                  and hcp >= 9 + need):
            return "declare-" + DENOM_OF[suit]
    if level >= 3 and below + TRICK_VALUE["d"] * 2 >= GAME_POINTS:
        # Near game: a fair red four-card suit with honours will do.
        for suit in (Suit.HEARTS, Suit.DIAMONDS):
            if lengths[suit] >= 4 and _honours_in(hand, suit) >= 3:
                return "declare-" + DENOM_OF[suit]
    if lengths[Suit.CLUBS] >= 6 and _honours_in(hand, Suit.CLUBS) >= 2:
        return "declare-c"
    if may_leave:
        return "leave"
    if guarded >= 3 and hcp >= 14:
        return "declare-nt"
    best_red = max((Suit.HEARTS, Suit.DIAMONDS), key=lambda s: (lengths[s], _honours_in(hand, s)))
    if lengths[best_red] >= 5:
        return "declare-" + DENOM_OF[best_red]
    return "declare-s"        # the defensive declaration


def declared_tricks_estimate(hand: Sequence[Card], denom: str) -> float:
    """What the dealer's side may expect, from one hand (the partner's unknown)."""
    hcp = high_card_points(hand)
    est = 6.5 + (hcp - 10) / 2.6
    suit = SUIT_OF[denom]
    if suit is not None:
        est += max(0, _lengths(hand)[suit] - 4) * 0.8
    return est


class Bridge1904Player(BridgePlayer):
    """The Auction Bridge player at the 1904 game: level 1 by the rules of thumb, levels 2 and 3
    by search; level 3 hands each sampled world to the double-dummy solver once the hands are
    down to ``DD_ENDGAME`` cards."""

    levels = BRIDGE_1904_LEVELS

    def search_play(self, game: Any, view: Any, legal: list[Any], rng: SplitMix64) -> Any:
        cards_left = len(view.hand(view.seat))
        if self.level == 3 and cards_left <= DD_ENDGAME:
            return dd_play(game, view, legal, rng, worlds=10)
        return super().search_play(game, view, legal, rng)


def dd_play(game: Any, view: TricksView, legal: list[Any], rng: SplitMix64, worlds: int) -> Any:
    """The card that takes most tricks on average over worlds consistent with the view, each
    world solved double dummy (fair: the worlds are dealt from what the seat sees)."""
    from .double_dummy import position_of
    seat = view.seat
    assert seat is not None
    totals = {a.card: 0 for a in legal}
    for _ in range(worlds):
        state = game.determinize(view, seat, rng)
        pos: Position = position_of(state)
        values = Solver(pos.trump).card_values(pos)
        for card in totals:
            totals[card] += values.get(card, 0)
    best = max(legal, key=lambda a: (totals[a.card], -legal.index(a)))
    return best


class BridgeAI(AuctionBridgeAI):
    player_class = Bridge1904Player

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        return SimRules(team=[0, 1, 0, 1])

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        """Odd tricks' points to whichever side won them (doubled as declared), a game won
        counted at half the rubber's worth; the other side's loss."""
        contract = state.contract
        taken = game.side_tricks(state, [w for w, _ in new_tricks])
        below = state.fact("below", (0, 0))
        value = [0.0, 0.0]
        for side in (0, 1):
            odd = taken[side] - 6
            if odd > 0:
                points = odd * TRICK_VALUE[contract.denom] * contract.multiplier
                value[side] = points + (50.0 if below[side] + points >= GAME_POINTS else 0.0)
        net0 = value[0] - value[1]
        return [net0 if side_of(s) == 0 else -net0 for s in range(4)]

    def call(self, game: Any, view: TricksView, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        pub = view.pub
        hand = [c.face for c in view.hand(seat) if c.face is not None]
        words = {a.word for a in legal if isinstance(a, Call)}
        level = player.level
        below = pub.fact("below", (0, 0))
        if pub.phase == "declare":
            word = declaration(hand, "leave" in words, level, below[side_of(seat)])
            return Call(word if word in words else "declare-s")
        d: Declaring = pub.bidding
        assert d.denom is not None
        if "double" not in words or level == 1:
            return Call("pass")
        ours = side_of(seat) == side_of(pub.dealer)
        if ours:
            # Redouble only with a hand that looks to take the odd trick and more.
            est = declared_tricks_estimate(hand, d.denom) + (1.0 if seat == d.maker else 0.0)
            return Call("double") if est >= 10 and may_double(d.denom, d.doubled) else Call("pass")
        defence = estimate_tricks_defence(hand, d.denom, 8.0, {})
        need = 8.0 if level == 2 else 7.6
        if d.denom == "s":
            need -= 0.5          # spades doubled cost little to the doubler if wrong
        return Call("double") if defence >= need else Call("pass")


AI = BridgeAI()
