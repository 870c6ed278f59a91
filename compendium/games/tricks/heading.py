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
