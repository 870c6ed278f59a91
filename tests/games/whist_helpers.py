"""Setting up Whist positions for the tests: the hands that matter named, the rest filled."""
from __future__ import annotations

from typing import Any, Sequence

from compendium.core.cards import PACKS, Suit
from compendium.core.notation import parse_card
from compendium.games.tricks.engine import Play, TricksState

from .tricks_helpers import round_robin_order, stacked


def whist_deal(game: Any, given: dict[int, str], trump: Suit, dealer: int = 3,
               options: dict[str, Any] | None = None) -> TricksState:
    """A deal in which each seat in ``given`` holds the cards named (the rest of its thirteen,
    and the other seats' hands, filled from the cards left, lowest first), the dealer's last card
    (the turn-up) a card of ``trump``."""
    hands = {s: [parse_card(t) for t in text.split()] for s, text in given.items()}
    used = {c for h in hands.values() for c in h}
    rest = [c for c in PACKS["52"] if c not in used]
    # the turn-up: a trump of the dealer's own, or the lowest trump left
    dealer_hand = hands.setdefault(dealer, [])
    own = [c for c in dealer_hand if c.suit is trump]
    if own:
        dealer_hand.remove(own[0])
        turn = own[0]
    else:
        turn = next(c for c in rest if c.suit is trump)
        rest.remove(turn)
    for seat in range(4):
        hand = hands.setdefault(seat, [])
        need = 13 - len(hand) - (1 if seat == dealer else 0)
        hand.extend(rest[:need])
        rest = rest[need:]
    dealer_hand.append(turn)
    order = round_robin_order(hands, dealer, 4)
    return stacked(game, options or {}, order, dealer)


def play(game: Any, state: TricksState, cards: Sequence[str]) -> TricksState:
    """Each card in turn by whoever's card is due."""
    for text in cards:
        state = game.apply(state, Play(parse_card(text)))
    return state
