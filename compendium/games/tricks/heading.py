"""The strict law of the second player, shared by the games that have it (Écarté throughout,
Bézique in its last tricks): follow suit; following, win the trick if you can; having none of the
suit, trump if you can."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.cards import Card, Suit


def heading_cards(hand: Sequence[Card], led: Card, trump: Suit | None,
                  power: Callable[[Card], int]) -> list[Card]:
    """The cards of ``hand`` the second player may play to ``led`` (the trick's only card so far):
    a higher card of the suit if he has one, else any of the suit, else a trump, else any card."""
    follow = [c for c in hand if c.suit == led.suit]
    if follow:
        higher = [c for c in follow if power(c) > power(led)]
        return higher or follow
    trumps = [c for c in hand if trump is not None and c.suit == trump]
    return trumps or list(hand)


def heading_fault(hand: Sequence[Card], card: Card, led: Card) -> str:
    """Which duty a card ``heading_cards`` does not allow breaks: "follow" (another suit while
    holding the suit led), "win" (a lower card of the suit while holding a higher), or "trump"
    (a plain card while holding a trump, having none of the suit)."""
    if card.suit != led.suit and any(c.suit == led.suit for c in hand):
        return "follow"
    if card.suit == led.suit:
        return "win"
    return "trump"
