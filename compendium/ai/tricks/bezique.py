"""The computer at Bézique and Rubicon Bézique.

While the stock lasts it plays by the period's advice: lead and throw the cards that can make
nothing (sevens, eights and nines of plain suits), keep what may still make a declaration (the
queen of spades and knave of diamonds, kings and queens that may marry, cards toward a four, the
trump sequence), win a trick when it holds a brisque or when there is a declaration to make, and
declare the best combination the laws allow (the seven of trumps first).  When the stock is done
every card is known (the unseen cards are exactly the other hand), and level 3 plays the last
tricks perfectly by an exhaustive search of the brisques and the last trick (within a budget of
positions: the first trick or two of Rubicon's nine may be played greedily).  Level 2 plays them
greedily, level 1 at random; level 1 also declares the first combination offered, not the best.

The player sees only its seat's view: its own cards, the cards declared and played, the turn-up.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...core.cards import SUITS, Card, Rank, Suit
from ...core.frozen import replace
from ...core.game import Seat
from ...core.rng import SplitMix64
from ...games.tricks.bezique import (
    BRISQUES,
    POWER,
    QS,
    SEQUENCE_RANKS,
    VALUES,
    Bezique,
    BeziqueDeal,
    PlayShown,
)
from ...games.tricks.engine import Call, Play, TricksView
from ..base import Player
from .base import TricksAI

JD = Card(Rank.JACK, Suit.DIAMONDS)
PLACEHOLDER = Card(Rank.TWO, Suit.CLUBS)     # an unseen face: no card of the piquet pack


def points_of(card: Card) -> int:
    return 10 if card.rank in BRISQUES else 0


def keep_value(card: Card, held: Counter[Card], trump: Suit | None, rubicon: bool,
               served: frozenset[str] | set[str] = frozenset()) -> float:
    """How much a card is worth keeping while the stock lasts: brisques, trumps, and what it may
    still make (bézique, a marriage, a four, the sequence) -- not what it has already made
    (``served``: the kinds of declaration this very card has served in).  With four packs the
    combinations are the game, and count half as much again."""
    big = 1.5 if rubicon else 1.0
    v = 0.0
    if card.rank in BRISQUES:
        v += 9.0
    if trump is not None and card.suit == trump:
        v += 6.0 + POWER[card.rank]
        if card.rank in SEQUENCE_RANKS and "sequence" not in served:
            v += 2.0 * big * sum(1 for r in SEQUENCE_RANKS if held[Card(r, trump)])
    if card in (QS, JD) and "multi" not in served:
        part = 8.0 + (6.0 if held[QS] and held[JD] else 0.0) + 4.0 * (held[card] - 1)
        v += big * (part / 2 if "bezique" in served else part)
    if card.rank in (Rank.KING, Rank.QUEEN) and "marriage" not in served:
        other = Card(Rank.QUEEN if card.rank is Rank.KING else Rank.KING, card.suit)
        v += big * (6.0 if held[other] else 2.0)
        if trump is None and rubicon:
            v += 2.0
    if card.rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK) and "four" not in served:
        same = sum(n for c, n in held.items() if c.rank is card.rank)
        v += 2.5 * big * max(0, same - 1)
    if card.rank is Rank.SEVEN and trump is not None and card.suit == trump and not rubicon:
        v += 8.0
    return v


def view_seed(view: TricksView, level: int) -> int:
    pub = view.pub
    text = repr((view.seat, level, pub.deal_no, pub.phase, len(pub.tricks), pub.trick,
                 tuple(c.face.code if c.face is not None else "-" for c in view.cards)))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# -- the last tricks, searched exactly -------------------------------------------------------------------
def _code(card: Card) -> int:
    return SUITS.index(card.suit) * 8 + POWER[card.rank]     # type: ignore[arg-type]


def _card(code: int) -> Card:
    from ...games.tricks.bezique import ORDER
    return Card(ORDER[code % 8], SUITS[code // 8])


# Positions the exact search of the last tricks may visit (about a fifth of a second): every
# eight-card end of Bézique we tried fits; a nine-card end of Rubicon may not, and is played
# greedily until it does.
ENDGAME_BUDGET = 45_000


class TooBig(Exception):
    """The exact search of the last tricks went past its budget of positions."""


def endgame_value(mine: Sequence[Card], theirs: Sequence[Card], my_lead: bool, led: Card | None,
                  trump: Suit | None, last_value: int, budget: int | None = None) -> tuple[float, Card | None]:
    """The best (points for me − points for them) from here to the end of the hand, with every
    card known, and the card that gets it.  ``led``: the card the other has led to this trick."""
    tcode = -1 if trump is None else SUITS.index(trump)

    def legal(hand: tuple[int, ...], lead: int | None) -> list[int]:
        # the law of heading_cards, on the codes (suit * 8 + power): the search's inner loop
        if lead is None:
            return sorted(set(hand))
        follow = [c for c in hand if c // 8 == lead // 8]
        if follow:
            higher = [c for c in follow if c % 8 > lead % 8]
            return sorted(set(higher or follow))
        trumps = [c for c in hand if c // 8 == tcode]
        return sorted(set(trumps or hand))

    def beats(second: int, first: int) -> bool:
        if second // 8 == first // 8:
            return second % 8 > first % 8
        return second // 8 == tcode

    seen = [0]

    @lru_cache(maxsize=None)
    def solve(a: tuple[int, ...], b: tuple[int, ...], a_leads: bool, lead: int | None) -> float:
        seen[0] += 1
        if budget is not None and seen[0] > budget:
            raise TooBig(budget)
        # value for player a (the one "mine" started as); a and b are sorted tuples of codes
        if not a and not b:
            return 0.0
        if lead is None:
            mover_a = a_leads
            hand = a if mover_a else b
            best = float("-inf") if mover_a else float("inf")
            for c in legal(hand, None):
                rest = list(hand)
                rest.remove(c)
                t = tuple(rest)
                v = solve(t, b, a_leads, c) if mover_a else solve(a, t, a_leads, c)
                best = max(best, v) if mover_a else min(best, v)
            return best
        # the follower answers the lead
        follower_a = not a_leads
        hand = a if follower_a else b
        best = float("-inf") if follower_a else float("inf")
        for c in legal(hand, lead):
            rest = list(hand)
            rest.remove(c)
            t = tuple(rest)
            na, nb = (t, b) if follower_a else (a, t)
            follower_wins = beats(c, lead)
            winner_a = follower_a if follower_wins else not follower_a
            pts = (10 if lead % 8 >= 6 else 0) + (10 if c % 8 >= 6 else 0)
            if not na and not nb:
                pts += last_value
            v = (pts if winner_a else -pts) + solve(na, nb, winner_a, None)
            best = max(best, v) if follower_a else min(best, v)
        return best

    a = tuple(sorted(_code(c) for c in mine))
    b = tuple(sorted(_code(c) for c in theirs))
    best_card: Card | None = None
    if led is None:
        best = float("-inf")
        for c in legal(a, None):
            rest = list(a)
            rest.remove(c)
            v = solve(tuple(rest), b, True, c)
            if v > best:
                best, best_card = v, _card(c)
        return best, best_card
    lead = _code(led)
    best = float("-inf")
    for c in legal(a, lead):
        rest = list(a)
        rest.remove(c)
        t = tuple(rest)
        wins = beats(c, lead)
        pts = (10 if lead % 8 >= 6 else 0) + (10 if c % 8 >= 6 else 0)
        if not t and not b:
            pts += last_value
        v = (pts if wins else -pts) + solve(t, b, wins, None)
        if v > best:
            best, best_card = v, _card(c)
    return best, best_card


class BeziquePlayer:
    """The computer at Bézique; ``level`` 1 to 3."""

    def __init__(self, level: int = 2) -> None:
        if level not in (1, 2, 3):
            raise ValueError(f"no level {level!r}: the levels are 1, 2 and 3")
        self.level = level

    # -- helpers -----------------------------------------------------------------------------------
    @staticmethod
    def probe(view: TricksView) -> Any:
        """The public state with the faces this seat sees (an unseen face a placeholder)."""
        return replace(view.pub, deck=tuple(c.face if c.face is not None else PLACEHOLDER for c in view.cards))

    def choose(self, game: Bezique, view: TricksView, legal: Sequence[Any], state: Any = None) -> Any:
        legal = list(legal)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        rng = SplitMix64(view_seed(view, self.level))
        if all(isinstance(a, Call) for a in legal):
            return self.declare(game, view, legal, rng)
        pub = view.pub
        rec: BeziqueDeal = pub.contract
        if rec.last_eight is not None:
            return self.last_tricks(game, view, legal, rng)
        return self.stock_play(game, view, legal, rng)

    # -- declaring -------------------------------------------------------------------------------------
    def declare(self, game: Bezique, view: TricksView, legal: list[Any], rng: SplitMix64) -> Any:
        # Carte blanche again (Rubicon): 50 for showing one card is always worth it, at every level.
        for word in ("carte-blanche", "exchange", "seven"):
            if Call(word) in legal:
                return Call(word)
        melds = [a for a in legal if a.word in VALUES]
        if not melds:
            return Call("draw")
        if self.level == 1:
            return melds[0]
        pub = view.pub
        hand = Counter(c.face for c in view.hand(view.seat) if c.face is not None)
        if pub.trump is None and game.rubicon:
            royals = [a for a in melds if a.word in ("royal-marriage", "sequence")]
            others = [a for a in melds if a not in royals]
            if royals and (self.level == 3 or not others):
                def strength(a: Call) -> float:
                    s = a.suit
                    return VALUES[a.word] + sum(keep_value(c, hand, s, True) for c in hand if c.suit == s)
                return max(royals, key=strength)
            if others:
                melds = others
        best = max(melds, key=lambda a: VALUES[a.word])
        if self.level == 3 and best.word == "sequence" and len(pub.stock) > 16:
            royal = [a for a in melds if a.word == "royal-marriage"]
            if royal:
                return royal[0]            # the royal marriage now, the sequence on it later: 290
        return best

    # -- while the stock lasts ---------------------------------------------------------------------------
    def stock_play(self, game: Bezique, view: TricksView, legal: list[Any], rng: SplitMix64) -> Any:
        pub = view.pub
        seat = view.seat
        if self.level == 1:
            return legal[rng.below(len(legal))]
        hand_faces = [c.face for c in view.hand(seat) if c.face is not None]
        held = Counter(hand_faces)
        trump = pub.trump
        # each action's own card: a copy lying declared (its past kinds known) or a concealed one
        rec: BeziqueDeal = pub.contract
        lying = set(rec.table[seat])
        used: dict[int, set[str]] = {}
        for i, kind in rec.used:
            used.setdefault(i, set()).add(kind)
        mine = [c.id for c in view.hand(seat)]
        served: dict[Any, frozenset[str]] = {}
        for a in legal:
            copies = [i for i in mine if view.cards[i].face == a.card]
            on_table = [i for i in copies if i in lying]
            hidden = [i for i in copies if i not in lying]
            cid = on_table[0] if (isinstance(a, PlayShown) or not hidden) and on_table else hidden[0]
            served[a] = frozenset(used.get(cid, ()))
        options: dict[Any, Card] = {a: a.card for a in legal}

        def value(a: Any) -> float:
            return keep_value(a.card, held, trump, game.rubicon, served[a])

        if not pub.trick:
            # lead the card worth least, a brisque never while another will do
            return min(options, key=lambda a: (value(a) + (5 if a.card.rank in BRISQUES else 0), POWER[a.card.rank]))
        led = view.face(pub.trick[0][1])
        assert led is not None
        meld_gain = 0.0
        probe = self.probe(view)
        if self.level >= 2:
            options_now = game.meld_options(probe, seat)
            if options_now:
                meld_gain = max(m.points for m in options_now)
        trick_points = points_of(led)

        def wins(c: Card) -> bool:
            if c.suit == led.suit:
                return POWER[c.rank] > POWER[led.rank]
            return trump is not None and c.suit == trump

        def score(a: Any) -> float:
            c = a.card
            if wins(c):
                gain = trick_points + points_of(c) + (0.6 if self.level == 3 else 0.4) * min(meld_gain, 300) + 2.0
                return gain - value(a)
            return -points_of(c) * 1.5 - value(a)
        return max(options, key=lambda a: (score(a), -POWER[a.card.rank]))

    # -- the last tricks ----------------------------------------------------------------------------------
    def last_tricks(self, game: Bezique, view: TricksView, legal: list[Any], rng: SplitMix64) -> Any:
        pub = view.pub
        seat = view.seat
        cards = [a.card for a in legal]
        if self.level == 1:
            return legal[rng.below(len(legal))]
        mine = [c.face for c in view.hand(seat) if c.face is not None]
        if self.level == 3:
            world = game.determinize(view, seat, rng)
            theirs = [world.deck[i] for i in game.hand_ids(world, 1 - seat)]
            led = view.face(pub.trick[0][1]) if pub.trick else None
            try:
                _, card = endgame_value(mine, theirs, not pub.trick, led, pub.trump, game.last_trick_value,
                                        budget=ENDGAME_BUDGET)
            except TooBig:
                card = None           # too many positions yet (nine cards each): greedy this once
            if card is not None and card in cards:
                return legal[cards.index(card)]
        # greedy: lead the highest trump or best card; follow by winning cheaply, else lowest
        if not pub.trick:
            return max(legal, key=lambda a: ((a.card.suit == pub.trump), POWER[a.card.rank]))
        led = view.face(pub.trick[0][1])
        assert led is not None
        winners = [a for a in legal if (a.card.suit == led.suit and POWER[a.card.rank] > POWER[led.rank])
                   or (a.card.suit != led.suit and a.card.suit == pub.trump)]
        if winners:
            return min(winners, key=lambda a: POWER[a.card.rank])
        return min(legal, key=lambda a: (points_of(a.card), POWER[a.card.rank]))


class BeziqueAI(TricksAI):
    """Bézique's computer side: a player of its own (as Quinto has), so the shared player's hooks
    are left unwritten."""

    def player(self, game: Any, level: int = 2) -> Player:
        return BeziquePlayer(level)

    def hint(self, game: Any, state: Any, seat: Seat) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            return None
        return BeziquePlayer(2).choose(game, game.view(state, seat), list(legal))


AI = BeziqueAI()

__all__ = ["AI", "BeziqueAI", "BeziquePlayer", "endgame_value", "keep_value", "Play"]
