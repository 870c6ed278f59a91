"""The computer at Quinto (and Dummy Quinto): its own simulated hand (``QSim``), with the
quints and the cachette in the hand's value, the doubling judged over sampled worlds, and the
partner's quint royal let through when the trick is sure."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import JOKER, Card, Rank
from ...core.frozen import replace
from ...core.rng import SplitMix64
from ...games.tricks.engine import WHIST_POWER, Call, Play, TricksState, TricksView, active_slot
from ...games.tricks.quinto import (
    GAME_POINTS,
    QUINT_ROYAL_VALUE,
    QUINT_VALUE,
    SUIT_RANK,
    TRICK_VALUE,
    Quinto,
    is_quint_royal,
)
from .base import TricksAI, TricksPlayer


@dataclass(frozen=True, slots=True)
class SimScore:
    """What the simulated finish of a hand needs to score it."""

    team: list[int]
    totals: tuple[int, ...]
    trick_value: int
    cachette_points: int
    done_tricks: tuple[int, ...]


def sim_points(game: Quinto, state: TricksState) -> SimScore:
    opts = game.options_of(state)
    contract = state.contract
    return SimScore(
        team=[game.side_of(opts, s) for s in range(4)],
        totals=tuple(state.sheet.totals),
        trick_value=TRICK_VALUE * (contract.multiplier if contract is not None else 1),
        cachette_points=game.cachette_points([state.deck[i] for i in state.stock]),
        done_tricks=tuple(game.side_of(opts, t.winner) for t in state.tricks),
    )


GAME_BONUS = 150       # what a simulated hand that makes game is worth beyond its points


# Worlds sampled, rollouts per world and candidate card, and (as TricksPlayer's table has it) the
# cards left for an exact endgame, which Quinto's own search does not use.
QUINTO_LEVELS: dict[int, tuple[int, int, int]] = {1: (2, 1, 0), 2: (12, 1, 0), 3: (32, 2, 0)}


class QSim:
    """One hand's play on plain lists, fast enough for many rollouts: card ids, suit ranks
    (-1 for the Quint Royal), powers, and the tricks as (winner, ids, seat of the Quint Royal)."""

    __slots__ = ("hands", "trick", "turn", "tricks", "rank", "pw", "team", "quint", "royal")

    def __init__(self, state: TricksState, team: list[int]) -> None:
        deck = state.deck
        self.rank = [-1 if is_quint_royal(c) else SUIT_RANK[c.suit] for c in deck]
        self.pw = [0 if is_quint_royal(c) else WHIST_POWER[c.rank] for c in deck]
        # the quint value a card may bring to its trick (fives, and cards of the pairs)
        self.quint = [0 if is_quint_royal(c) else QUINT_VALUE[c.suit] if c.rank in
                      (Rank.FIVE, Rank.ACE, Rank.FOUR, Rank.TWO, Rank.THREE) else 0 for c in deck]
        self.royal = next((i for i, c in enumerate(deck) if is_quint_royal(c)), -1)
        self.team = team
        self.hands: list[list[int]] = []
        for seat in range(4):
            slot = active_slot(state, seat)
            self.hands.append(list(state.hands[slot]) if slot is not None else [])
        self.trick: list[tuple[int, int]] = list(state.trick)
        self.turn: int = state.turn if state.turn is not None else state.leader
        self.tricks: list[tuple[int, list[int], int]] = []

    def copy(self) -> "QSim":
        c = QSim.__new__(QSim)
        c.rank, c.pw, c.team, c.quint, c.royal = self.rank, self.pw, self.team, self.quint, self.royal
        c.hands = [list(h) for h in self.hands]
        c.trick = list(self.trick)
        c.turn = self.turn
        c.tricks = []
        return c

    def led(self) -> int:
        for _, cid in self.trick:
            if cid != self.royal:
                return self.rank[cid]
        return -1

    def legal(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        led = self.led()
        if led < 0:
            return hand
        follow = [i for i in hand if self.rank[i] == led or i == self.royal]
        return follow if any(i != self.royal for i in follow) else hand

    def key(self, cid: int, led: int) -> int:
        r = self.rank[cid]
        return -1 if r < led or cid == self.royal else r * 100 + self.pw[cid]

    def winning(self) -> tuple[int, int]:
        led = self.led()
        best = (self.trick[0][0], -2)
        for seat, cid in self.trick:
            k = self.key(cid, led)
            if k > best[1]:
                best = (seat, k)
        return best

    def play(self, seat: int, cid: int) -> None:
        self.hands[seat].remove(cid)
        self.trick.append((seat, cid))
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        winner = self.winning()[0]
        royal_by = next((s for s, c in self.trick if c == self.royal), -1)
        self.tricks.append((winner, [c for _, c in self.trick], royal_by))
        self.trick = []
        self.turn = winner

    def done(self) -> bool:
        return not self.trick and not any(self.hands)

    def policy(self, seat: int, rng: SplitMix64) -> int:
        """A sound rule of thumb: keep the Quint Royal for a partner's sure trick, win cheaply,
        give quint cards to a partner's trick and keep them from the opponents'."""
        legal = self.legal(seat)
        if len(legal) == 1:
            return legal[0]
        plain = [c for c in legal if c != self.royal] or legal
        if rng.below(12) == 0:
            return plain[rng.below(len(plain))]
        rank, pw, quint = self.rank, self.pw, self.quint

        def low(c: int) -> tuple[int, int, int]:
            return (quint[c], rank[c], pw[c])
        if not self.trick:
            if len(plain) > 1 and rng.below(3) == 0:
                return plain[rng.below(len(plain))]
            # lead a top card of a high suit when holding one, else a low card
            top = max(plain, key=lambda c: (rank[c], pw[c]))
            if rank[top] == 3 and pw[top] >= 13:
                return top
            return min(plain, key=low)
        led = self.led()
        win_seat, win_key = self.winning()
        last = len(self.trick) == 3
        if self.team[win_seat] == self.team[seat] and win_seat != seat:
            sure = last or win_key >= 313
            if self.royal in legal and sure:
                return self.royal
            if last:
                return max(plain, key=lambda c: (quint[c], -rank[c], -pw[c]))
            return min(plain, key=low)
        beaters = [c for c in plain if self.key(c, led) > win_key]
        if beaters:
            return min(beaters, key=lambda c: self.key(c, led))
        return min(plain, key=low)

    def rollout(self, rng: SplitMix64) -> None:
        while not self.done():
            seat = self.turn
            self.play(seat, self.policy(seat, rng))


def quint_tables(deck: Sequence[Card]) -> tuple[list[int], list[int], list[int]]:
    """Per card id: the value of a five, the pair bit (ace 1, four 2, deuce 4, trey 8) and the
    suit's quint value, so that the simulation scores a trick without building cards."""
    five, bit, value = [], [], []
    bits = {Rank.ACE: 1, Rank.FOUR: 2, Rank.TWO: 4, Rank.THREE: 8}
    for c in deck:
        if is_quint_royal(c):
            five.append(0), bit.append(0), value.append(0)
            continue
        five.append(QUINT_VALUE[c.suit] if c.rank is Rank.FIVE else 0)
        bit.append(bits.get(c.rank, 0) << (4 * SUIT_RANK[c.suit]))
        value.append(QUINT_VALUE[c.suit])
    return five, bit, value


def fast_quints(ids: Sequence[int], tables: tuple[list[int], list[int], list[int]]) -> int:
    five, bit, _ = tables
    pts = 0
    mask = 0
    for i in ids:
        pts += five[i]
        mask |= bit[i]
    if mask:
        for r, v in enumerate((5, 10, 15, 20)):
            m = (mask >> (4 * r)) & 15
            if m & 3 == 3:
                pts += v
            if m & 12 == 12:
                pts += v
    return pts


def sim_value(score: SimScore, tricks: Sequence[tuple[int, list[int], int]],
              tables: tuple[list[int], list[int], list[int]], side: int) -> float:
    """The rest of the hand for ``side``: its points less the other side's, and a bonus for the
    side that makes game first (quints trick by trick, then the cachette, then the tricks)."""
    totals = list(score.totals)
    gained = [0, 0]

    def add(s: int, pts: int) -> int | None:
        totals[s] += pts
        gained[s] += pts
        if totals[s] >= GAME_POINTS and totals[s] > totals[1 - s]:
            return s
        return None

    won: int | None = None
    counts = [0, 0]
    for s in score.done_tricks:
        counts[s] += 1
    team = score.team
    for winner, ids, royal_by in tricks:
        s = team[winner]
        counts[s] += 1
        pts = fast_quints(ids, tables)
        if royal_by >= 0 and royal_by != winner and team[royal_by] == s:
            pts += QUINT_ROYAL_VALUE
        if pts and won is None:
            won = add(s, pts)
    if won is None and tricks and sum(counts) == 12:
        s = team[tricks[-1][0]]
        pts = score.cachette_points
        if pts:
            won = add(s, pts)
        counts[s] += 1
        if won is None:
            add(0, counts[0] * score.trick_value)
            won = add(1, counts[1] * score.trick_value)
            if won is None and totals[0] >= GAME_POINTS and totals[0] > totals[1]:
                won = 0
    value = float(gained[side] - gained[1 - side])
    if won is not None:
        value += GAME_BONUS if won == side else -GAME_BONUS
    return value


class QuintoPlayer(TricksPlayer):
    """Information-set Monte Carlo for Quinto: the unseen cards are re-dealt consistently with
    the view, every candidate card is played out in each world by the rule-of-thumb policy, and
    the card with the best average result is chosen.  The doubling is judged by the tricks the
    side is expected to take in the same kind of playouts.

    The shared player's levels, seeding (from the view alone) and checks are kept; the search is
    Quinto's own, because its suits beat one another upwards, the Quint Royal follows nothing and
    quints score as the cards fall, which the shared simulation does not know.  The dummy's card
    is searched as the seat whose turn it is (``pub.turn``), from its partner's view, in which the
    dummy's cards lie face up."""

    levels = QUINTO_LEVELS

    def choose(self, game: Quinto, view: TricksView, legal: Sequence[Any], state: Any = None) -> Any:
        legal = list(legal)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        rng = self.rng_for(view)
        if all(isinstance(a, Call) for a in legal):
            return self.double_or_pass(game, view, legal, rng)
        if Play(JOKER) in legal and self.partner_sure(game, view):
            return Play(JOKER)        # a certain 25: nothing later can be better than now
        return self.search_play(game, view, legal, rng)

    @staticmethod
    def partner_sure(game: Quinto, view: TricksView) -> bool:
        """Is the trick certainly my partner's: he is winning it and no card anyone still to
        play could hold beats his?"""
        pub = view.pub
        actor = pub.turn
        if not pub.trick or actor is None:
            return False
        known = replace(pub, deck=tuple(c.face or JOKER for c in view.cards))
        led = game.led_suit(known, pub.trick)
        if led is None:
            return False
        winner = game.trick_winner(known, pub.trick) if len(pub.trick) > 1 or not is_quint_royal(
            known.deck[pub.trick[0][1]]) else None
        if winner is None or game.side_of({}, winner) != game.side_of({}, actor) or winner == actor:
            return False
        if len(pub.trick) == 3:
            return True
        best = max(game.trick_key(known.deck[i], led) or (-1, -1) for _, i in pub.trick)
        later = [(pub.trick[0][0] + k) % 4 for k in range(len(pub.trick) + 1, 4)]
        for seat in later:
            for vc in view.hand(seat):
                if vc.face is None:
                    # unseen: any card no one has seen might be there
                    seen = {c.face for c in view.cards if c.face is not None}
                    return not any((game.trick_key(c, led) or (-1, -1)) > best
                                   for c in game.pack({}) if c not in seen)
                if (game.trick_key(vc.face, led) or (-1, -1)) > best:
                    return False
        return True

    def _worlds(self, game: Quinto, view: TricksView, rng: SplitMix64, count: int):
        for _ in range(count):
            yield game.determinize(view, view.seat, rng)

    def search_play(self, game: Quinto, view: TricksView, legal: list[Any], rng: SplitMix64) -> Any:
        worlds, rollouts, _ = self.levels[self.level]
        actor = view.pub.turn
        assert actor is not None
        totals = [0.0] * len(legal)
        for state in self._worlds(game, view, rng, worlds):
            score = sim_points(game, state)
            side = score.team[actor]
            base = QSim(state, score.team)
            tables = quint_tables(state.deck)
            ids = {state.deck[i]: i for i in base.hands[actor]}
            for k, action in enumerate(legal):
                for _ in range(rollouts):
                    sim = base.copy()
                    sim.play(actor, ids[action.card])
                    sim.rollout(rng)
                    totals[k] += sim_value(score, sim.tricks, tables, side)
        best = max(range(len(legal)), key=lambda k: (totals[k], -k))
        return legal[best]

    def double_or_pass(self, game: Quinto, view: TricksView, legal: list[Any], rng: SplitMix64) -> Any:
        """Double (or redouble) when the side is expected to take clearly more than half of the
        thirteen tricks; the stronger levels look at more worlds and ask a smaller margin."""
        actor = view.pub.turn
        assert actor is not None
        worlds = {1: 4, 2: 10, 3: 16}[self.level]
        margin = {1: 2.0, 2: 1.4, 3: 1.0}[self.level]
        taken = 0.0
        for state in self._worlds(game, view, rng, worlds):
            s = replace(state, phase="play", leader=game.first_leader(state),
                        turn=game.first_leader(state))
            score = sim_points(game, s)
            sim = QSim(s, score.team)
            sim.rollout(rng)
            mine = sum(1 for w, _, _ in sim.tricks if score.team[w] == score.team[actor])
            if score.team[sim.tricks[-1][0]] == score.team[actor]:
                mine += 1
            taken += mine
        expected = taken / worlds
        for word, need in (("redouble", 6.5 + margin), ("double", 6.5 + margin)):
            if Call(word) in legal and expected >= need:
                return Call(word)
        return Call("pass")


class QuintoAI(TricksAI):
    """Quinto's player searches its own simulated hands; it needs none of the shared hooks."""

    player_class = QuintoPlayer


AI = QuintoAI()
