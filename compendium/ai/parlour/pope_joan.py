"""The computer at Pope Joan, at three strengths, from the seat's view alone.

Pope Joan.  The only choice is the lead.  Level 1 leads at random; level 2 leads as the book
advises — first the cards it knows will be stops (so it keeps the lead), then the Pope, then the
lowest card of a suit, above all an ace, which can never be reached by a run — and takes the
trump honours while they can only be led; level 3 deals the unseen cards many times over
(consistently with every stop seen so far: the card after a stop lies in the dead hand), plays
the deal out with every player leading as level 2 would, and keeps the lead that wins it the most
counters on average.

A player never sees the real position; its randomness is seeded from the public view, so a
decision is repeatable and does not depend on anything hidden from the seat.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card
from ...core.rng import SplitMix64
from ...games.parlour.pope_joan import (
    EIGHT_OF_DIAMONDS,
    GAME_C,
    HONOUR_COMPARTMENT,
    PAIRS,
    POPE,
    POPE_C,
    Dress,
    Lead,
    PJView,
    known_dead,
)
from ..base import PlayerAI
from .base import view_digest

WORLDS = 16            # level 3: deals of the unseen cards per decision
SUIT_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3}


def code(card: Card) -> int:
    """A card as a small integer for the look-ahead (a ``Card`` hashes through its enums, fifty
    times slower): suit × 16 + rank, so the next card up is simply one more."""
    assert card.suit is not None
    return SUIT_INDEX[card.suit.value] * 16 + int(card.rank)


POPE_I = code(POPE)
EIGHT_D_I = code(EIGHT_OF_DIAMONDS)
HONOURS_I = {int(r): comp for r, comp in HONOUR_COMPARTMENT.items()}
PAIRS_I = tuple((comp, int(a), int(b)) for comp, a, b in PAIRS)


def next_up(c: int) -> int | None:
    return None if c % 16 == 13 else c + 1


class JoanSim:
    """A deal played out fast on plain integers, for level 3's look-ahead: hands as sets of card
    codes, counters won and lost per seat."""

    def __init__(self, view: PJView, faces: dict[int, Card]) -> None:
        self.n = view.n
        self.trump = -1 if view.trump is None else SUIT_INDEX[view.trump.value]
        self.board = list(view.board)
        self.hands: list[set[int]] = [
            {code(vc.face) if vc.face is not None else code(faces[vc.id]) for vc in hand} for hand in view.hands]
        self.played: set[int] = {code(c) for c in view.played_faces()}
        self.mine_played: list[set[int]] = [set() for _ in range(self.n)]
        for run in view.runs:
            for s, vc in run:
                if vc.face is not None:
                    self.mine_played[s].add(code(vc.face))
        self.turnup = code(view.turnup.face) if view.turnup is not None and view.turnup.face is not None else -1
        self.gain = [0] * self.n
        self.over = False

    def holder(self, c: int) -> int | None:
        for s, hand in enumerate(self.hands):
            if c in hand:
                return s
        return None

    def take(self, seat: int, comp: int) -> None:
        self.gain[seat] += self.board[comp]
        self.board[comp] = 0

    def lead(self, seat: int, c: int) -> int:
        """Play the run from card ``c``; the next leader (or -1 when the deal is over)."""
        while True:
            self.hands[seat].discard(c)
            self.played.add(c)
            mine = self.mine_played[seat]
            mine.add(c)
            if c == POPE_I:
                self.take(seat, POPE_C)
            rank = c % 16
            if c // 16 == self.trump and rank in HONOURS_I:
                self.take(seat, HONOURS_I[rank])
                base = c - rank
                for comp, a, b in PAIRS_I:
                    if base + a in mine and base + b in mine:
                        self.take(seat, comp)
            if not self.hands[seat]:
                self.take(seat, GAME_C)
                for other, hand in enumerate(self.hands):
                    if other != seat and POPE_I not in hand:
                        self.gain[other] -= len(hand)
                        self.gain[seat] += len(hand)
                self.over = True
                return -1
            nxt = next_up(c)
            who = self.holder(nxt) if nxt is not None else None
            if who is None:
                return seat
            seat, c = who, nxt

    def play_out(self, leader: int, dead: set[int]) -> None:
        while not self.over and leader >= 0:
            c = club_lead_codes(self.hands[leader], self.played, self.turnup, self.trump, self.board, dead)
            leader = self.lead(leader, c)


def club_lead_codes(hand: set[int], played: set[int], turnup: int, trump: int, board: Sequence[int],
                    dead: set[int]) -> int:
    """The book's advice as a score: sure stops first (the lead comes back), then the Pope, then
    the lowest card of a suit, above all an ace (never reached by a run); trump honours that only
    a lead can bring out are worth their compartment."""
    def gone(c: int | None) -> bool:
        return c is None or c in played or c == turnup or c == EIGHT_D_I or c in dead

    best, best_score = -1, -1e9
    for card in sorted(hand):
        value = 0.0
        c: int | None = card
        while True:
            assert c is not None
            value += 1.0
            if c == POPE_I:
                value += 3.0 + board[POPE_C]
            if c // 16 == trump and c % 16 in HONOURS_I:
                value += board[HONOURS_I[c % 16]]
            nxt = next_up(c)
            if nxt is not None and nxt in hand:
                c = nxt
                continue
            if gone(nxt):
                value += 6.0      # a sure stop: the lead comes back
            break
        rank = card % 16
        if rank == 1 or gone(card - 1):
            value += 2.5          # nobody can play up to this card: lead it or keep it for ever
        value -= rank * 0.05      # the lower of equals
        if value > best_score:
            best, best_score = card, value
    return best


def club_lead(hand: Sequence[Card], played: set[Card], turnup: Card | None, trump: Any,
              board: Sequence[int], dead: set[Card]) -> Card:
    """``club_lead_codes`` for cards."""
    by_code = {code(c): c for c in hand}
    chosen = club_lead_codes(set(by_code), {code(c) for c in played},
                             -1 if turnup is None else code(turnup),
                             -1 if trump is None else SUIT_INDEX[trump.value], board,
                             {code(c) for c in dead})
    return by_code[chosen]


@dataclass
class PopeJoanPlayer:
    level: int = 2
    seed: int = 0

    def choose(self, game: Any, view: PJView, legal: Sequence[Any], state: Any = None) -> Any:
        del state
        legal = list(legal)
        if not legal:
            return None
        if len(legal) == 1 or any(isinstance(a, Dress) for a in legal):
            return legal[0]
        rng = SplitMix64(self.seed ^ view_digest(view) ^ (self.level << 40))
        leads = [a for a in legal if isinstance(a, Lead)]
        if self.level <= 1:
            return leads[rng.below(len(leads))]
        played = set(view.played_faces())
        turnup = view.turnup.face if view.turnup is not None else None
        dead = known_dead(view)
        if self.level == 2:
            return Lead(club_lead([a.card for a in leads], played, turnup, view.trump, view.board, dead))
        return self._search(game, view, leads, rng, dead)

    def _search(self, game: Any, view: PJView, leads: list[Lead], rng: SplitMix64, dead: set[Card]) -> Lead:
        seat = view.seat
        assert seat is not None
        totals = {a: 0.0 for a in leads}
        known = {code(c) for c in dead}     # every player judges from the stops all have seen
        for _ in range(WORLDS):
            world = game.determinize(view, seat, SplitMix64(rng.next()))
            faces = dict(enumerate(world.deck))
            for a in leads:
                sim = JoanSim(view, faces)
                sim.play_out(sim.lead(seat, code(a.card)), known)
                totals[a] += sim.gain[seat]
        return max(leads, key=lambda a: (totals[a], -int(a.card.rank)))


AI = PlayerAI(PopeJoanPlayer, hint_level=3)
