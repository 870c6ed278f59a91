"""The computer at Écarté: the *jeux de règle*, the discard, and the play of the cards.

Level 3 proposes, plays, accepts and refuses by the *jeux de règle* exactly as the rules page's
table gives them (``ecarte#jeux-de-regle``: Cavendish's list as the period's books print it, in
our words) and discards everything but trumps and kings.  Levels 1 and 2 use cruder counts of
trumps and kings.  The cards are played by the shared Monte Carlo search (``ai.tricks.base``)
with a simulated hand that keeps Écarté's duty to follow, to win and to trump; level 3 searches
the last three tricks of each sampled world exactly.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.cards import Card, Rank, Suit
from ...core.game import Seat
from ...games.tricks.ecarte import HAND, POWER, EcarteDeal
from ...games.tricks.engine import Call, Discard, TricksState
from .base import Sim, SimRules, TricksAI, TricksPlayer

COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)

# The elder hand's table: a hand matching any line is played without proposing (unless it holds
# the king of trumps, when the elder proposes: the king cannot be drawn against him).  In the
# order the rules page prints them.
ELDER_RULES = (
    "three-trumps",                     # three trumps or more, whatever else
    "two-trumps-three-of-a-suit",       # two trumps and three cards of one plain suit
    "one-trump-tierce-major",           # one trump and king, queen, knave of a plain suit
    "one-trump-four-of-a-suit",         # one trump and four cards of one plain suit
    "one-trump-two-queens",             # one trump and two plain queens
    "one-trump-queen-and-guarded-knave",  # one trump, a queen, and a guarded knave of another suit
    "one-trump-king-and-queen",         # one trump, a plain king and a queen of another suit
    "four-court-cards",                 # no trump and four court cards
    "kings-and-trumps",                 # kings and trumps three or more: only two cards to throw
)


def _suits(hand: Sequence[Card], trump: Suit) -> dict[Suit, list[Card]]:
    out: dict[Suit, list[Card]] = {}
    for c in hand:
        if c.suit != trump:
            out.setdefault(c.suit, []).append(c)
    return out


def jeux_de_regle(hand: Sequence[Card], trump: Suit) -> list[str]:
    """Every line of the table the five-card ``hand`` matches, in the table's order."""
    trumps = sum(1 for c in hand if c.suit == trump)
    plain = [c for c in hand if c.suit != trump]
    suits = _suits(hand, trump)
    kings = sum(1 for c in plain if c.rank is Rank.KING)
    queens = [c for c in plain if c.rank is Rank.QUEEN]
    out = []
    if trumps >= 3:
        out.append("three-trumps")
    if trumps == 2 and any(len(cs) >= 3 for cs in suits.values()):
        out.append("two-trumps-three-of-a-suit")
    if trumps == 1:
        if any({Rank.KING, Rank.QUEEN, Rank.JACK} <= {c.rank for c in cs} for cs in suits.values()):
            out.append("one-trump-tierce-major")
        if any(len(cs) >= 4 for cs in suits.values()):
            out.append("one-trump-four-of-a-suit")
        if len(queens) >= 2:
            out.append("one-trump-two-queens")
        if any(q.suit != s and any(c.rank is Rank.JACK for c in cs) and len(cs) >= 2
               for q in queens for s, cs in suits.items()):
            out.append("one-trump-queen-and-guarded-knave")
        if any(k.rank is Rank.KING and q.suit != k.suit for k in plain for q in queens):
            out.append("one-trump-king-and-queen")
    if trumps == 0 and sum(1 for c in plain if c.rank in COURTS) >= 4:
        out.append("four-court-cards")
    if trumps + kings >= 3:
        out.append("kings-and-trumps")
    return out


def elder_plays(hand: Sequence[Card], trump: Suit) -> bool:
    """The elder hand's first decision by the table: play with a *jeu de règle*, except that with
    the king of trumps he proposes."""
    if Card(Rank.KING, trump) in hand:
        return False
    return bool(jeux_de_regle(hand, trump))


def dealer_refuses(hand: Sequence[Card], trump: Suit) -> bool:
    """The dealer refuses with the same hands as the elder plays, less the weaker ones the table
    names (its "the dealer accepts unless" column), and with three queens two of them singly
    guarded."""
    suits = _suits(hand, trump)
    plain = [c for c in hand if c.suit != trump]
    for rule in jeux_de_regle(hand, trump):
        if rule in ("three-trumps", "kings-and-trumps"):
            return True
        if rule == "two-trumps-three-of-a-suit":
            if any(len(cs) >= 3 and max(cs, key=lambda c: POWER[c.rank]).rank in COURTS
                   for cs in suits.values()):
                return True
        elif rule == "one-trump-tierce-major":
            for cs in suits.values():
                ranks = {c.rank for c in cs}
                if {Rank.KING, Rank.QUEEN, Rank.JACK} <= ranks:
                    fifth = [c for c in plain if c not in cs or c.rank not in (Rank.KING, Rank.QUEEN, Rank.JACK)]
                    if fifth and all(c.rank in COURTS for c in fifth):
                        return True
        elif rule == "one-trump-two-queens":
            singly = [q for q in plain if q.rank is Rank.QUEEN and len(suits[q.suit]) == 2]
            if len(singly) >= 2:
                return True
        elif rule == "one-trump-queen-and-guarded-knave":
            for q in (c for c in plain if c.rank is Rank.QUEEN):
                for s, cs in suits.items():
                    if s == q.suit or len(cs) < 2 or not any(c.rank is Rank.JACK for c in cs):
                        continue
                    rest = [c for c in plain if c.suit not in (q.suit, s)]
                    if len(suits[q.suit]) >= 2 or any(c.rank in COURTS for c in rest):
                        return True
        elif rule == "one-trump-king-and-queen":
            kings = [c for c in plain if c.rank is Rank.KING]
            queens = [c for c in plain if c.rank is Rank.QUEEN]
            for k in kings:
                for q in queens:
                    if q.suit == k.suit:
                        continue
                    if len(suits[k.suit]) >= 2 or len(suits[q.suit]) >= 2:
                        return True         # not both unguarded
                    rest = [c for c in plain if c.suit not in (k.suit, q.suit)]
                    if any(POWER[c.rank] >= POWER[Rank.ACE] for c in rest):
                        return True
        elif rule == "four-court-cards":
            if len({c.suit for c in plain if c.rank in COURTS}) >= 3:
                return True
    queens = [c for c in plain if c.rank is Rank.QUEEN]
    if len(queens) >= 3 and sum(1 for q in queens if len(suits[q.suit]) == 2) >= 2:
        return True
    return False


def to_throw(hand: Sequence[Card], trump: Suit, keep_queens: bool = False) -> list[Card]:
    """The cards to discard, worst first: everything but trumps and kings (and queens, for the
    cruder levels' habit)."""
    keep = {Rank.KING} | ({Rank.QUEEN} if keep_queens else set())
    out = [c for c in hand if c.suit != trump and c.rank not in keep]
    return sorted(out, key=lambda c: POWER[c.rank])


def crude_strength(hand: Sequence[Card], trump: Suit) -> float:
    """Levels 1 and 2: trumps count two (the king three), plain kings one, queens a half."""
    v = 0.0
    for c in hand:
        if c.suit == trump:
            v += 3.0 if c.rank is Rank.KING else 2.0
        elif c.rank is Rank.KING:
            v += 1.0
        elif c.rank is Rank.QUEEN:
            v += 0.5
    return v


class EcarteSim(Sim):
    """The simulated hand with Écarté's duty to follow, to win and to trump."""

    __slots__ = ()

    def legal(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        led_card = self.trick[0][1]
        led = self.suit[led_card]
        follow = [i for i in hand if self.suit[i] == led]
        if follow:
            higher = [i for i in follow if self.pw[i] > self.pw[led_card]]
            return higher or follow
        trumps = [i for i in hand if self.suit[i] == self.trump]
        return trumps or hand


class EcartePlayer(TricksPlayer):
    levels = {1: (4, 1, 0), 2: (16, 2, 0), 3: (28, 2, 3)}


class EcarteAI(TricksAI):
    player_class = EcartePlayer

    def make_sim(self, game: Any, state: TricksState, rules: SimRules) -> Sim:
        sim = EcarteSim.__new__(EcarteSim)
        Sim.__init__(sim, game, state, rules)
        return sim

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        return SimRules(team=[0, 1])

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        won = [0, 0]
        for t in state.tricks:
            won[t.winner] += 1
        for w, _ in new_tricks:
            won[w] += 1
        if sum(won) < HAND:
            return [0.0, 0.0]
        winner = 0 if won[0] >= 3 else 1
        rec = state.contract
        pts = 2.0 if won[winner] == HAND or (isinstance(rec, EcarteDeal) and rec.responsible == 1 - winner) else 1.0
        out = [0.0, 0.0]
        out[winner], out[1 - winner] = pts, -pts
        return out

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: TricksPlayer,
             rng: Any) -> Any:
        pub = view.pub
        if Call("king") in legal:
            return Call("king")             # a point is a point: always marked
        hand = [c.face for c in view.hand(seat) if c.face is not None]
        trump = pub.trump
        level = player.level
        rec: EcarteDeal = pub.contract
        if Call("propose") in legal:
            if level >= 3:
                plays = elder_plays(hand, trump) or (rec.exchanges > 0 and bool(jeux_de_regle(hand, trump)))
            elif level == 2:
                plays = crude_strength(hand, trump) >= 5.0
            else:
                plays = sum(1 for c in hand if c.suit == trump) >= 2
            return Call("play") if plays else Call("propose")
        if Call("accept") in legal:
            if level >= 3:
                refuses = dealer_refuses(hand, trump)
            elif level == 2:
                refuses = crude_strength(hand, trump) >= 5.5
            else:
                refuses = sum(1 for c in hand if c.suit == trump) >= 3
            return Call("refuse") if refuses else Call("accept")
        # the exchange: throw the worst cards, one at a time, then draw (or keep)
        pending = HAND - len(hand)
        throw = to_throw(hand, trump, keep_queens=level < 3)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards and throw:
            return Discard(throw[0])
        if Call("draw") in legal:
            return Call("draw")
        if Call("keep") in legal:
            return Call("keep")
        if discards and pending == 0:       # the elder proposed and must throw one: the lowest plain
            return min(discards, key=lambda a: (a.card.suit == trump, a.card.rank is Rank.KING,
                                                POWER[a.card.rank]))
        return legal[0]


AI = EcarteAI()
