"""The computer at Draw Poker: hand strength by sampling what it cannot see, pot odds, and a bluff
now and then.

The player is given its seat's view only.  To judge its hand it deals the cards it cannot see
afresh many times — only those cards: the unseen part of the pack, never the real one — and in each
sampled world gives every opponent still in a hand that agrees with what that opponent has shown:
how many cards he drew (a player who drew three kept a pair; one who stood pat holds a made hand,
or is bluffing) and, at the higher levels, how boldly he has bet (a raise makes a poor hand less
likely, but never impossible).  Before the draw every hand, its own included, is then drawn to in
the way the book advises.  The share of worlds in which its hand comes out best is its *strength*;
set against the pot odds (what it must put in against what it can take out) it decides whether to
pass out, make good, or go better, and by how much.

Bluffing.  Each level has a bluffing frequency: on a poor hand it now and then plays as though
strong — raising before the draw, drawing one card or standing pat, and going the limit after it —
and once begun, a bluff is carried through the deal (the player remembers it in its notes).  And
it can be bluffed: a bold bettor's hand is believed to be good, so a poor hand is passed out
rather than pay to see it.

The varieties.  At Straight Poker the hand is judged as after a draw (no draw to come), at Stud
Poker each sampled world deals the cards still to come — and the opponents' hole cards — from the
unseen cards, the others' up cards being seen; at Whiskey Poker there is no betting, and the player
weighs each exchange with the widow by the hand it makes, knocking when its hand is likely best
(the higher levels sample the others' hands to judge that).  With the Tiger agreed, hands are
valued with it.

The randomness is seeded from the view, so the same view always gives the same choice: the player
cannot depend on anything it is not shown.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...games import poker_hands
from ...games.poker_hands import WILD, Category, tiger_strength_of_codes
from ...games.poker_hands import wild_strength_of_codes as strength_of_codes
from ..base import PlayerAI

_SHIFT = 20


@dataclass(frozen=True, slots=True)
class Style:
    samples: int          # worlds sampled per decision
    bluff: float          # how often a poor hand is played as a strong one
    reads_draws: bool     # an opponent's hand must agree with the number of cards he drew
    reads_bets: bool      # a bold bettor is believed to hold something
    book_draws: bool      # draws as the book advises (one to threes, the ace kept with a pair)
    entry: float          # goes in with a share of the worlds this many times his fair share


STYLES: dict[int, Style] = {
    1: Style(samples=50, bluff=0.04, reads_draws=False, reads_bets=False, book_draws=False, entry=0.75),
    2: Style(samples=220, bluff=0.10, reads_draws=True, reads_bets=False, book_draws=True, entry=0.95),
    3: Style(samples=450, bluff=0.15, reads_draws=True, reads_bets=True, book_draws=True, entry=1.0),
}

# How likely a hand of each kind is to bet as boldly as an opponent has (levels that read bets).
_BELIEF_AFTER_RAISE = {Category.HIGH_CARD: 0.25, Category.ONE_PAIR: 0.4, Category.TWO_PAIRS: 0.8}
_BELIEF_AFTER_RAISES = {Category.HIGH_CARD: 0.12, Category.ONE_PAIR: 0.2, Category.TWO_PAIRS: 0.5}
_BELIEF_BEFORE_RAISE = {Category.HIGH_CARD: 0.3, Category.ONE_PAIR: 0.7}


# -- the book's way of drawing, on card codes (rank = code >> 2, ace 0 … king 12; suit = code & 3) --
def _high(rank: int) -> int:
    return 14 if rank == 0 else rank + 1


def _four_to_a_sequence(codes: Sequence[int]) -> list[int] | None:
    """Four of the five ranks of some sequence (ace high or low), or ``None``; for five cards of
    different ranks.  Ranks as bits (the ace both 1 and 14), each window of five looked at."""
    mask = 0
    for c in codes:
        r = c >> 2
        mask |= (1 << 14) | 2 if r == 0 else 1 << (r + 1)
    for low in range(10, 0, -1):
        window = mask & (0b11111 << low)
        if window.bit_count() == 4:
            return [c for c in codes
                    if (window >> _high(c >> 2)) & 1 or (c >> 2 == 0 and window & 2)]
    return None


def card_code(card: Any) -> int:
    """The card's code; the joker (Mistigris) is ``WILD``, valued wild by ``strength_of_codes``."""
    return WILD if card.is_joker else poker_hands.card_code(card)


def plan_discard(codes: Sequence[int], book: bool = True) -> list[int]:
    """The cards to throw out (the joker is always kept: it is the best card in the pack)."""
    return [c for c in _plan_discard(codes, book) if c != WILD]


def _plan_discard(codes: Sequence[int], book: bool = True) -> list[int]:
    """The cards to throw out, by the book's advice (``book``) or the plain rule (keep what
    scores, throw the rest).  The hand's strength already names its sets and odd cards, highest
    first (see ``strength_of_codes``), so the odd cards are read from it."""
    strength = strength_of_codes(codes)
    cat = strength >> _SHIFT
    if Category.STRAIGHT <= cat and cat != Category.FOURS:
        return []
    t = strength & 0xFFFFF
    n1, n2, n3 = (t >> 12) & 15, (t >> 8) & 15, (t >> 4) & 15
    if cat == Category.FOURS:
        return [c for c in codes if _high(c >> 2) == n1] if book else []
    if cat == Category.THREES:
        return [c for c in codes if _high(c >> 2) == n2] if book else \
            [c for c in codes if _high(c >> 2) in (n1, n2)]
    if cat == Category.TWO_PAIRS:
        return [c for c in codes if _high(c >> 2) == n2]
    # Four to a flush: draw one to it, even from a pair (a flush beats most improved pairs).
    suits = [0, 0, 0, 0]
    for c in codes:
        suits[c & 3] += 1
    for s in range(4):
        if suits[s] == 4:
            return [c for c in codes if c & 3 != s]
    if cat == Category.ONE_PAIR:
        if book and n1 >= 11:
            return [c for c in codes if _high(c >> 2) in (n2, n3)]   # keep an ace or a court card
        return [c for c in codes if _high(c >> 2) in (n1, n2, n3)]
    seq = _four_to_a_sequence(codes)
    if seq is not None:
        return [c for c in codes if c not in seq]
    # Nothing: keep the best card and draw four.
    top = (t >> 16) & 15
    return [c for c in codes if _high(c >> 2) != top]


def _share(mine: int, best_other: int) -> float:
    """A sampled world's count: a win, half of a tie, or nothing."""
    return 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0


class _World:
    """The cards a sampled world still has to give out: the unseen cards in a random order, taken
    from the end; cards taken out of order are struck off and skipped when reached."""

    __slots__ = ("avail", "order")

    def __init__(self, unseen: list[int], rng: random.Random) -> None:
        self.order = unseen[:]
        rng.shuffle(self.order)
        self.avail = set(self.order)

    def left(self) -> int:
        return len(self.avail)

    def take(self, k: int) -> list[int]:
        out: list[int] = []
        order, avail = self.order, self.avail
        while len(out) < k and order:
            c = order.pop()
            if c in avail:
                avail.discard(c)
                out.append(c)
        return out

    def has(self, cards: tuple[int, ...]) -> bool:
        return all(c in self.avail for c in cards)

    def remove(self, cards: tuple[int, ...]) -> None:
        self.avail.difference_update(cards)

    def give_back(self, cards: list[int]) -> None:
        self.avail.update(cards)
        self.order[0:0] = cards


_KEPT: dict[int, list[tuple[int, ...]]] = {}


def _kept_by_draw() -> dict[int, list[tuple[int, ...]]]:
    """The cards a player keeps, by how many he draws, over a fixed sample of 20,000 hands drawn
    to in the book's way (built once per process, in about half a second): an opponent who drew
    three is given the kept cards of a hand that draws three, and so on."""
    if not _KEPT:
        gen = random.Random(1909)
        deck = list(range(52))
        for _ in range(2_000):
            gen.shuffle(deck)
            for k in range(0, 50, 5):           # ten hands from each shuffle
                hand = deck[k:k + 5]
                out = plan_discard(hand, True)
                _KEPT.setdefault(len(out), []).append(tuple(c for c in hand if c not in out))
    return _KEPT


# -- the player ---------------------------------------------------------------------------------
class PokerPlayer:
    def __init__(self, level: int = 2) -> None:
        self.level = level if level in STYLES else 2
        # The bluff it is carrying through this deal (the deal number, or -1): a plain note,
        # so that it survives the worker process between two decisions.
        self.bluff_deal = -1
        self.evaluate: Any = strength_of_codes     # with the Tiger agreed: tiger_strength_of_codes

    @property
    def style(self) -> Style:
        return STYLES[self.level]

    # -- entry point ----------------------------------------------------------------------------
    def choose(self, game: Any, view: Any, legal: list[Any], state: Any = None) -> Any:
        from ...games.chance.draw_poker import Ante, Better, Draw, Hold, MakeGood, Pass, Straddle
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        pub = view.pub
        me = view.seat
        rng = random.Random(self._seed(view))
        self.evaluate = tiger_strength_of_codes if pub.option("tiger", False) else strength_of_codes
        variety = pub.option("variety", "draw")
        if pub.phase == "widow":
            return self._whiskey(view, legal, rng)
        if pub.option("stakes", "limit") == "table":
            # At table stakes a raise may be anything up to a whole stock: the player sizes its
            # raises as at the limit, up to the larger of the limit and the pool.
            cap = max(int(pub.option("limit", 12)), pub.pool)
            legal = [a for a in legal if not isinstance(a, Better) or a.amount <= cap] or legal
        kinds = {type(a) for a in legal}
        if Ante in kinds:
            return self._ante(legal, rng)
        if Straddle in kinds:
            return Straddle(rng.random() < (0.0 if self.level == 1 else 0.25))
        if Draw in kinds:
            return self._draw(view, legal, rng)
        hand = [card_code(vc.face) for vc in view.hand(me) if vc.face is not None]
        strength = self.strength(view, hand, rng)
        owed = pub.level - pub.staked[me]
        pot = pub.pool
        raises = sorted(a.amount for a in legal if isinstance(a, Better))
        opponents = sum(1 for s in range(pub.n) if s != me and pub.ins[s])
        fair = 1.0 / (opponents + 1)
        bluffing = self.bluff_deal == pub.deal_no
        category = self.evaluate(hand) >> _SHIFT if len(hand) == 5 else 0
        if variety in ("straight", "stud") and owed == 0:
            # Nobody has bet in this interval: passing costs nothing and keeps the player in.
            if bluffing or (strength < 0.2 and rng.random() < self.style.bluff / 2 and raises):
                self.bluff_deal = pub.deal_no
                return self._size(raises, 0.5 + 0.3 * rng.random())
            if strength >= fair * 1.6 and raises and rng.random() < 0.85:
                return self._size(raises, min(1.0, strength))
            return Pass()
        if pub.phase == "before" and variety == "draw":
            return self._before(legal, rng, strength, fair, owed, pot, raises, category, pub)
        # -- after the draw
        # Holding costs nothing and lets the others speak first; a strong hand sometimes bets at
        # once so as not to look as if it waits in ambush every time.
        if Hold() in legal and not (strength > 0.75 and rng.random() < 0.4):
            return Hold()
        if owed == 0:
            # Nobody has gone yet: go something or pass out.
            if bluffing or (strength < 0.2 and rng.random() < self.style.bluff and category <= 1):
                self.bluff_deal = pub.deal_no
                return self._size(raises, 0.85 + 0.15 * rng.random())
            if strength >= 0.55:
                return self._size(raises, strength)
            if strength >= 0.12 and raises:
                return Better(raises[0])
            return Pass()
        odds = owed / (pot + owed)
        if bluffing and rng.random() < 0.6 and raises:
            return self._size(raises, 0.8 + 0.2 * rng.random())
        again = 0.5 ** self._my_raises_this_round(pub, me)
        if strength >= 0.7 and raises and rng.random() < min(0.9, strength) * again:
            return self._size(raises, strength)
        margin = {1: 1.15, 2: 1.0, 3: 0.95}[self.level]
        if variety in ("straight", "stud") and self.level == 1:
            margin = 0.6          # the beginner at these games sees a bet through on hope
        if strength >= odds * margin:
            return MakeGood()
        return Pass()

    def _before(self, legal: list[Any], rng: random.Random, strength: float, fair: float, owed: int,
                pot: int, raises: list[int], category: int, pub: Any) -> Any:
        from ...games.chance.draw_poker import MakeGood, Pass
        style = self.style
        if self.bluff_deal == pub.deal_no:
            return MakeGood() if owed > 0 else legal[0]
        if category == Category.HIGH_CARD and strength < fair * 0.6 and raises and rng.random() < style.bluff / 2:
            self.bluff_deal = pub.deal_no          # a bold show on nothing: carried through the draw
            return self._size(raises, 0.6 + 0.4 * rng.random())
        again = 0.4 ** self._my_raises_this_round(pub, pub.turn)
        if strength >= fair * 1.9 and raises and rng.random() < 0.8 * again:
            return self._size(raises, min(1.0, strength / (fair * 3)))
        odds = owed / (pot + owed) if owed else 0.0
        if strength >= min(fair * style.entry, odds) or owed == 0:
            return MakeGood() if MakeGood() in legal else legal[0]
        return Pass()

    @staticmethod
    def _size(raises: list[int], fraction: float) -> Any:
        from ...games.chance.draw_poker import Better
        k = max(0, min(len(raises) - 1, round(fraction * len(raises)) - 1))
        return Better(raises[k])

    def _ante(self, legal: list[Any], rng: random.Random) -> Any:
        # A small blind: mostly one counter, now and then two (the ante is made unseen).
        if self.level == 1 or len(legal) == 1:
            return legal[0]
        return legal[1] if rng.random() < 0.2 else legal[0]

    def _draw(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        from ...games.chance.draw_poker import Draw
        from ...games.poker_hands import code_card
        pub = view.pub
        hand = [card_code(vc.face) for vc in view.hand(view.seat) if vc.face is not None]
        out = plan_discard(hand, self.style.book_draws)
        cat = strength_of_codes(hand) >> _SHIFT
        if self.bluff_deal == pub.deal_no or (self.level > 1 and cat == Category.HIGH_CARD
                                                and len(out) >= 3 and rng.random() < self.style.bluff):
            # Draw one card (or none) as though holding two pairs or a made hand: the book's E.
            self.bluff_deal = pub.deal_no
            keep = sorted(hand, key=lambda c: _high(c >> 2))
            out = [] if rng.random() < 0.25 else keep[:1]
        cards = tuple(sorted(code_card(c) for c in out))
        action = Draw(cards)
        return action if action in legal else legal[0]

    # -- the hand's strength ------------------------------------------------------------------------
    def strength(self, view: Any, hand: list[int], rng: random.Random, samples: int | None = None) -> float:
        """The share of sampled worlds in which this hand ends best (a tie counts its share)."""
        pub = view.pub
        me = view.seat
        seen = {card_code(vc.face) for vc in view.cards if vc.face is not None}
        joker = view.pub.option("joker", False) and view.pub.option("variety", "draw") in ("draw", "straight")
        pack = 53 if joker else 52
        unseen = [c for c in range(pack) if c not in seen]
        opponents = [s for s in range(pub.n) if s != me and pub.ins[s]]
        if not opponents:
            return 1.0
        ev = self.evaluate
        if pub.option("variety", "draw") == "stud":
            return self._stud_strength(view, hand, unseen, opponents, rng, samples or self.style.samples)
        style = self.style
        before = pub.phase == "before" and pub.option("variety", "draw") == "draw"
        raises = {s: self._raises(pub, s) for s in opponents}
        my_out = plan_discard(hand, style.book_draws) if before else []
        my_keep = [c for c in hand if c not in my_out]
        total = 0.0
        n = samples or style.samples
        for _ in range(n):
            world = _World(unseen, rng)
            if before:
                mine = my_keep + world.take(len(my_out))
                best_other = 0
                for s in opponents:
                    h = self._opponent_before(world, rng, raises[s])
                    out = plan_discard(h, True)
                    # Five or six drawing heavily can empty the pack (the table then shuffles the
                    # discards): a hand that cannot be served stands as it is in this world.
                    if out and world.left() >= len(out) + 5 * len(opponents):
                        h = [c for c in h if c not in out] + world.take(len(out))
                    best_other = max(best_other, ev(h))
            else:
                mine = hand
                best_other = 0
                for s in opponents:
                    h = self._opponent_after(world, rng, pub.drawn[s], raises[s])
                    best_other = max(best_other, ev(h))
            total += _share(ev(mine), best_other)
        return total / n

    def _stud_strength(self, view: Any, hand: list[int], unseen: list[int], opponents: list[int],
                       rng: random.Random, n: int) -> float:
        """Stud: in each world the opponents' hole cards and every card still to come are dealt from
        the unseen cards; their up cards are as seen.  A bold bettor's hole card is more likely to
        pair what he shows (the level that reads bets)."""
        pub = view.pub
        ev = self.evaluate
        shown = {s: [card_code(view.cards[i].face) for i in pub.hands[s][1:]] for s in opponents}
        raises = {s: self._raises(pub, s) for s in opponents}
        total = 0.0
        for _ in range(n):
            world = _World(unseen, rng)
            mine = hand + world.take(5 - len(hand))
            best_other = 0
            for s in opponents:
                if self.level == 1:
                    # The beginner weighs his own cards against an average hand, not what is showing.
                    best_other = max(best_other, ev(world.take(5)))
                    continue
                hole = world.take(1)
                if self.style.reads_bets and raises[s] and rng.random() < 0.5:
                    pairing = [c for c in list(world.avail) if any(c >> 2 == u >> 2 for u in shown[s])]
                    if pairing:
                        world.give_back(hole)
                        hole = [pairing[rng.randrange(len(pairing))]]
                        world.remove(tuple(hole))
                other = hole + shown[s] + world.take(4 - len(shown[s]))
                best_other = max(best_other, ev(other))
            total += _share(ev(mine), best_other)
        return total / n

    # -- Whiskey Poker ----------------------------------------------------------------------------------
    def _whiskey(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        from ...games.chance.draw_poker import Exchange, Knock, Pass, TakeWidow
        from ...games.poker_hands import card_code as code
        pub = view.pub
        me = view.seat
        ev = self.evaluate
        hand = [code(vc.face) for vc in view.hand(me) if vc.face is not None]
        now = ev(hand)
        widow = [view.cards[i].face for i in pub.widow]
        best_action, best_value = None, now
        if pub.widow_up and all(f is not None for f in widow):
            wcodes = [code(f) for f in widow]
            whole = ev(wcodes)
            if whole > best_value and TakeWidow() in legal:
                best_action, best_value = TakeWidow(), whole
            for a in legal:
                if isinstance(a, Exchange):
                    after = [c for c in hand if c != code(a.give)] + [code(a.take)]
                    v = ev(after)
                    # level 1 takes the first improvement it sees; the others the best
                    if v > best_value and (self.level > 1 or best_action is None):
                        best_action, best_value = a, v
        # Knock when the hand is likely best: level 1 by its kind alone, the others by sampling.
        players = sum(1 for s in range(pub.n) if pub.ins and pub.ins[s]) or pub.n
        if Knock() in legal:
            if self.level == 1:
                good = (now >> _SHIFT) >= Category.TWO_PAIRS
            else:
                share = self._whiskey_share(view, hand, rng)
                good = share ** (players - 1) >= {2: 0.6, 3: 0.5}[self.level]
            if good and (best_action is None or (best_value >> _SHIFT) == (now >> _SHIFT)):
                return Knock()
        if best_action is not None:
            return best_action
        if not pub.widow_up and TakeWidow() in legal:
            # The widow unseen: worth taking for a hand of nothing (its expected worth is a random
            # hand's), kept otherwise.
            if (now >> _SHIFT) == Category.HIGH_CARD and rng.random() < (0.5 if self.level == 1 else 0.9):
                return TakeWidow()
        if Pass() in legal:
            return Pass()
        if Knock() in legal:
            return Knock()
        # Must exchange: throw the lowest odd card for the widow's best.
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges:
            return max(exchanges, key=lambda a: ev([c for c in hand if c != code(a.give)] + [code(a.take)]))
        return legal[0]

    def _whiskey_share(self, view: Any, hand: list[int], rng: random.Random) -> float:
        """The share of sampled worlds in which this hand beats one other hand drawn from the cards
        it has not seen (the widow's and the known cards left out)."""
        seen = {card_code(vc.face) for vc in view.cards if vc.face is not None}
        unseen = [c for c in range(52) if c not in seen]
        ev = self.evaluate
        mine = ev(hand)
        n = self.style.samples // 3
        wins = 0.0
        for _ in range(n):
            other = rng.sample(unseen, 5)
            v = ev(other)
            wins += 1.0 if mine > v else 0.5 if mine == v else 0.0
        return wins / n

    def _raises(self, pub: Any, seat: int) -> int:
        """How many times ``seat`` has gone (better) since the draw, or before it if no draw yet."""
        after = False
        count_before = count_after = 0
        for s, word in pub.calls:
            if word.startswith(("draws", "stands pat")):
                after = True
            if s == seat and word.startswith("goes ") and word.split()[1].isdigit():
                if after:
                    count_after += 1
                else:
                    count_before += 1
        return count_after if pub.phase == "after" else count_before

    @staticmethod
    def _my_raises_this_round(pub: Any, seat: int) -> int:
        """How often ``seat`` has already gone better in this round of betting: each raise makes
        another less likely, so that two good hands do not raise each other for ever."""
        count = 0
        for s, word in pub.calls:
            if word.startswith(("draws", "stands pat")):
                count = 0
            elif s == seat and word.startswith("goes ") and word.split()[1].isdigit():
                count += 1
        return count

    def _opponent_before(self, world: _World, rng: random.Random, raises: int) -> list[int]:
        """An opponent's five cards before the draw; a raiser's more likely good (levels reading bets)."""
        h = world.take(5)
        if not self.style.reads_bets or raises == 0:
            return h
        for _ in range(12):
            cat = Category(strength_of_codes(h) >> _SHIFT)
            if rng.random() < _BELIEF_BEFORE_RAISE.get(cat, 1.0):
                break
            world.give_back(h)
            h = world.take(5)
        return h

    def _opponent_after(self, world: _World, rng: random.Random, drew: int, raises: int) -> list[int]:
        """An opponent's hand after the draw, agreeing with the number of cards he drew (the cards he
        kept are those the book's way of drawing keeps with such a hand) and, at the level that
        reads bets, with how boldly he bets."""
        style = self.style
        bucket = _kept_by_draw().get(drew, []) if style.reads_draws and drew >= 0 else []
        final: list[int] = []
        for attempt in range(30):
            if bucket:
                kept = bucket[rng.randrange(len(bucket))]
                if not world.has(kept):
                    continue
                world.remove(kept)
                final = list(kept) + world.take(drew)
            else:
                final = world.take(5)
            if not (style.reads_bets and raises) or attempt == 29:
                return final
            table = _BELIEF_AFTER_RAISE if raises == 1 else _BELIEF_AFTER_RAISES
            if rng.random() < table.get(Category(strength_of_codes(final) >> _SHIFT), 1.0):
                return final
            world.give_back(final)
        return final if len(final) == 5 else world.take(5)

    # -- the seed -------------------------------------------------------------------------------------
    @staticmethod
    def _seed(view: Any) -> int:
        pub = view.pub
        mine = tuple(vc.face.code for vc in view.hand(view.seat) if vc.face is not None)
        text = repr((pub.deal_no, view.seat, pub.phase, pub.calls, pub.stocks, mine))
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


AI = PlayerAI(PokerPlayer, hint_level=3)
