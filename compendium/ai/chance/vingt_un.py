"""The computer's punters and dealers at Vingt-Un and Blind Hookey.

Vingt-Un: each seat sees only its view (its own cards, the cards taken face up, the hands turned
up, and the cards of past rounds since the last shuffle, which were all shown).

- Level 1 stakes the minimum, never doubles, and draws by a simple threshold: a card under
  sixteen, content at sixteen and over (the dealer likewise, under seventeen).
- Level 2 stakes by its first card (more on an ace or a ten-card), doubles as dealer on an ace or
  a ten-card, and draws by the fixed table of the hints: under fifteen, or a soft count under
  eighteen.
- Level 3 stakes and doubles like level 2, and draws by the exact chances of the cards it has
  not seen since the pack was last shuffled (the pack less the used cards and the faces in
  view): a punter weighs standing against a card (and, at best, more cards) — the chance of
  overdrawing, and of each count against a dealer who draws to sixteen — and buys a card face
  down at ten or eleven when no card can break him; the dealer weighs standing against drawing
  on the stakes of the punters still standing, each punter's count reckoned from the cards he
  shows and his hidden cards drawn from the unseen ones.

Blind Hookey: nothing is seen before the cards are turned, so the three levels differ only in
how they stake: level 1 the minimum, level 2 a steady tenth of the stake allowed, level 3 the
minimum on every packet but one (the chance is the same on every packet; staking little keeps
the bank's edge small, which is all a punter can do).
"""
from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...core.cards import PACKS
from ..base import PlayerAI

# Counts below this a punter seldom stands on: the dealer reads a punter who stood as holding it
# or more (whoever stands lower is the dealer's gain anyway).
STANDS_FROM = 15
FULL = Counter(min(10, int(c.rank)) for c in PACKS["52"])


def unseen_values(view: Any) -> Counter[int]:
    """The counts of the cards this seat has not seen since the last shuffle, by value (1-10)."""
    left = Counter(FULL)
    for card in view.pub.used:
        left[min(10, int(card.rank))] -= 1
    for hand in view.cards:
        for vc in hand:
            if vc.face is not None:
                left[min(10, int(vc.face.rank))] -= 1
    return +left


def bust_chance(cards: Sequence[Any], left: Counter[int]) -> float:
    """The exact chance that the next card (one of ``left``) takes the hand past twenty-one."""
    from ...games.chance.vingt_un import card_count
    hard = sum(card_count(c) for c in cards)       # every ace as one: the count a card can break
    n = sum(left.values())
    if n == 0:
        return 1.0
    return sum(k for v, k in left.items() if hard + v > 21) / n


def soft(cards: Sequence[Any]) -> bool:
    from ...games.chance.vingt_un import card_count, total
    return total(cards) != sum(card_count(c) for c in cards)


class VingtUnPlayer:
    def __init__(self, level: int = 2) -> None:
        self.level = level if level in (1, 2, 3) else 2

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        from ...games.chance.vingt_un import Buy, Double, Draw, Stake, Stand, total
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        pub = view.pub
        me = view.seat
        mine = [vc.face for vc in view.cards[me]]
        first = legal[0]
        if isinstance(first, Stake):
            top = max(a.amount for a in legal if isinstance(a, Stake))
            if self.level == 1:
                return Stake(min(a.amount for a in legal))
            strong = min(10, int(mine[0].rank)) in (1, 10)
            fair = min(10, int(mine[0].rank)) in (8, 9)
            want = top if strong else max(1, top // 3) if fair else 1
            return Stake(min(top, want))
        if isinstance(first, Double):
            if self.level == 1:
                return Double(False)
            return Double(min(10, int(mine[0].rank)) in (1, 10))
        count = total(mine)
        if pub.phase == "dealer":
            return Draw() if self.dealer_draws(view, mine) and Draw() in legal else Stand()
        if self.level == 1:
            return Draw() if count < 16 else Stand()
        if self.level == 2:
            return Draw() if count < 15 or (soft(mine) and count < 18) else Stand()
        left = unseen_values(view)
        p = bust_chance(mine, left)
        draw = punter_draws(mine, left)
        if draw and p == 0 and count <= 11:
            # Nothing can break the hand: a card bought face down is worth its price when the
            # count is strong to build on (ten or eleven).
            buys = [a for a in legal if isinstance(a, Buy)]
            if buys and count in (10, 11):
                return buys[-1]
        return Draw() if draw else Stand()

    def dealer_draws(self, view: Any, mine: list[Any]) -> bool:
        from ...games.chance.vingt_un import card_count, total
        count = total(mine)
        if self.level < 3:
            return count < 17
        pub = view.pub
        left = unseen_values(view)
        n = sum(left.values())
        if not n:
            return False
        probs = {v: k / n for v, k in left.items()}
        # Each punter standing: the chance of each count he may hold, his hidden cards drawn from
        # the unseen ones (no natural among two hidden cards, or he would have shown it; nothing
        # over twenty-one, or he would have paid).
        punters = []
        for seat in pub.punters():
            if pub.status[seat] != "content":
                continue
            shown = [card_count(vc.face) for vc in view.cards[seat] if vc.face is not None]
            hidden = sum(1 for vc in view.cards[seat] if vc.face is None)
            punters.append((pub.stakes[seat], punter_counts(shown, min(hidden, 3), probs,
                                                             two_cards=len(view.cards[seat]) == 2)))
        if not punters:
            return False

        def stand_value(t: int) -> float:
            return float(sum(stake * sum(p if c <= t else -p for c, p in dist.items()) for stake, dist in punters))

        whole = sum(stake for stake, _ in punters)
        memo: dict[tuple[int, bool], float] = {}

        def value(hard: int, ace: bool, depth: int) -> tuple[float, float]:
            """(standing, drawing once more and going on at best) at this hand."""
            t = hard + 10 if ace and hard <= 11 else hard
            stand = stand_value(t)
            if depth == 0 or t >= 21:
                return stand, -whole
            draw = 0.0
            for v, p in probs.items():
                h = hard + v
                if h > 21:
                    draw -= p * whole
                else:
                    key = (h, ace or v == 1)
                    if key not in memo:
                        memo[key] = max(value(h, key[1], depth - 1))
                    draw += p * memo[key]
            return stand, draw

        hard = sum(card_count(c) for c in mine)
        stand, draw = value(hard, any(card_count(c) == 1 for c in mine), 4)
        return draw > stand


def dealer_finals(probs: dict[int, float]) -> dict[int, float]:
    """The chance of each count the dealer ends on (22: overdrawn) if he draws to sixteen and
    stands from seventeen, his two cards from ``probs`` and not a natural (he would have shown it)."""
    dist: dict[tuple[int, bool], float] = {(0, False): 1.0}
    for _ in range(2):
        nxt: dict[tuple[int, bool], float] = {}
        for (h, ace), p in dist.items():
            for v, q in probs.items():
                key = (h + v, ace or v == 1)
                nxt[key] = nxt.get(key, 0.0) + p * q
        dist = nxt
    dist.pop((11, True), None)           # an ace and a ten-card: a natural
    finals: dict[int, float] = {}
    todo = list(dist.items())
    while todo:
        (h, ace), p = todo.pop()
        t = h + 10 if ace and h <= 11 else h
        if t >= 17 or h > 21:
            end = 22 if h > 21 else t
            finals[end] = finals.get(end, 0.0) + p
            continue
        for v, q in probs.items():
            todo.append(((h + v, ace or v == 1), p * q))
    mass = sum(finals.values()) or 1.0
    return {t: p / mass for t, p in finals.items()}


def punter_draws(cards: Sequence[Any], left: Counter[int]) -> bool:
    """Whether a card is worth more than standing, against a dealer who draws to sixteen: each
    value looked at once, from the counted unseen cards."""
    from ...games.chance.vingt_un import card_count
    n = sum(left.values())
    if not n:
        return False
    probs = {v: k / n for v, k in left.items()}
    finals = dealer_finals(probs)
    bust = finals.get(22, 0.0)

    def stand(t: int) -> float:
        below = sum(p for d, p in finals.items() if d < t)
        return 2 * (bust + below) - 1

    memo: dict[tuple[int, bool, int], float] = {}

    def best(hard: int, ace: bool, depth: int) -> tuple[float, float]:
        t = hard + 10 if ace and hard <= 11 else hard
        st = stand(t)
        if depth == 0 or t >= 21:
            return st, -1.0
        dr = 0.0
        for v, p in probs.items():
            h = hard + v
            if h > 21:
                dr -= p
            else:
                key = (h, ace or v == 1, depth - 1)
                if key not in memo:
                    memo[key] = max(best(h, key[1], depth - 1))
                dr += p * memo[key]
        return st, dr

    hard = sum(card_count(c) for c in cards)
    st, dr = best(hard, any(card_count(c) == 1 for c in cards), 4)
    return dr > st


def punter_counts(shown: list[int], hidden: int, probs: dict[int, float], two_cards: bool) -> dict[int, float]:
    """The chance of each count a standing punter holds: ``shown`` the values seen, ``hidden``
    cards of the unseen distribution, given that he has not overdrawn (nor hidden a natural)."""
    dist: dict[tuple[int, bool], float] = {(sum(shown), 1 in shown): 1.0}
    for _ in range(hidden):
        nxt: dict[tuple[int, bool], float] = {}
        for (h, ace), p in dist.items():
            for v, q in probs.items():
                key = (h + v, ace or v == 1)
                nxt[key] = nxt.get(key, 0.0) + p * q
        dist = nxt
    out: dict[int, float] = {}
    for (h, ace), p in dist.items():
        t = h + 10 if ace and h <= 11 else h
        if t > 21 or (two_cards and t == 21) or t < STANDS_FROM:
            continue
        out[t] = out.get(t, 0.0) + p
    mass = sum(out.values()) or 1.0
    if not out:
        return {sum(shown): 1.0}
    return {t: p / mass for t, p in out.items()}


class HookeyPlayer:
    def __init__(self, level: int = 2) -> None:
        self.level = level if level in (1, 2, 3) else 2

    def choose(self, game: Any, view: Any, legal: Sequence[Any], state: Any = None) -> Any:
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        from ...games.chance.blind_hookey import Cut
        rng = random.Random(int.from_bytes(hashlib.sha256(repr((view.seat, view.pub.round_no, view.pub.cut_at))
                                                          .encode()).digest()[:8], "big"))
        cuts = [a for a in legal if isinstance(a, Cut)]
        if cuts:
            # The size of a packet cannot matter (no card has been seen): cut as a player would.
            return cuts[0] if self.level == 1 else rng.choice(cuts)
        amounts = [a for a in legal if hasattr(a, "amount")]
        if not amounts:
            return legal[0]
        packets = sorted({a.packet for a in amounts if hasattr(a, "packet")})
        if packets:
            # The three packets: neither has been seen, so the choice cannot matter; take one.
            packet = packets[0] if self.level == 1 else rng.choice(packets)
            amounts = [a for a in amounts if a.packet == packet]
        if self.level == 1:
            return amounts[0]
        if self.level == 2:
            want = max(1, amounts[-1].amount // 10 + 1)
            return next((a for a in amounts if a.amount == want), amounts[0])
        return amounts[0] if rng.random() < 0.9 else amounts[min(len(amounts) - 1, 1)]


AI = PlayerAI(VingtUnPlayer, hint_level=3)
HOOKEY_AI = PlayerAI(HookeyPlayer, hint_level=3)
