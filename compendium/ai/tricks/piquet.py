"""The computer at Piquet: its exchange and its play of the cards.

The exchange is judged by a rule of thumb drawn from the book's hints (aces and guarded kings for
the cards, the long suit for the point, sequences and sets of high cards), and at levels 2 and 3
over sampled stocks and adversary's hands.  The play is the shared Monte Carlo search of
``ai.tricks.base``; level 3 samples more worlds, weighs them by what the adversary's exchange
tells, plays them out with a leader who cashes his masters (``PiquetSim``) and searches the last
four tricks exactly.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ...core.cards import PACKS, SUITS, Card, Rank, Suit
from ...core.game import Seat
from ...games.tricks.engine import Call, Discard, TricksState
from ...games.tricks.piquet import (
    ELDER_MAX,
    HAND,
    PIPS,
    POWER,
    SEQ_ORDER,
    SET_RANKS,
    Piquet,
    PiquetDeal,
    compare,
    point_of,
    sequence_value,
    sequences_of,
    set_value,
    sets_of,
)
from .base import Sim, SimRules, TricksAI, TricksPlayer

# -- the computer's exchange ------------------------------------------------------------------------
# How many sampled stocks (and adversary's hands) each discard is judged over, by level; level 1
# judges by the rule of thumb alone.
EXCHANGE_SAMPLES = {1: 0, 2: 14, 3: 36}


def keep_value(card: Card, hand: Sequence[Card]) -> float:
    """How much a card is worth keeping, by the book's hints: aces and guarded kings for the
    cards, the long suit for the point, sequences and sets of high cards."""
    suit = [c for c in hand if c.suit == card.suit]
    ranks = {c.rank for c in suit}
    v = {Rank.ACE: 10.0, Rank.KING: 6.0, Rank.QUEEN: 3.5, Rank.JACK: 2.0, Rank.TEN: 1.0}.get(card.rank, 0.0)
    if card.rank is Rank.KING and (Rank.ACE in ranks or len(suit) >= 2):
        v += 2.0
    if card.rank is Rank.QUEEN and (Rank.KING in ranks or Rank.ACE in ranks):
        v += 2.0
    v += 1.6 * max(0, len(suit) - 2)
    p = POWER[card.rank]
    held = {POWER[r] for r in ranks}
    if (p - 1 in held and p + 1 in held) or (p + 1 in held and p + 2 in held) or (p - 1 in held and p - 2 in held):
        v += 2.5
    if card.rank in SET_RANKS and sum(1 for c in hand if c.rank is card.rank) >= 3:
        v += 3.0
    return v


def trick_strength(hand: Sequence[Card]) -> float:
    """A rough count of the tricks a hand should make at no trumps."""
    total = 0.0
    for suit in SUITS:
        ps = sorted((POWER[c.rank] for c in hand if c.suit == suit), reverse=True)
        n = len(ps)
        if not n:
            continue
        top = set(ps)
        total += 1.0 if 7 in top else 0.0
        total += (0.9 if n >= 2 else 0.35) if 6 in top else 0.0
        total += (0.6 if n >= 3 else 0.2) if 5 in top else 0.0
        if n >= 4 and (7 in top or 6 in top):
            total += 0.75 * (n - 3)
        elif n >= 5:
            total += 0.4 * (n - 4)
    return total


def hand_declarations(mine: Sequence[Card], theirs: Sequence[Card]) -> float:
    """What the point, sequences and sets would be worth to ``mine`` (positive) or ``theirs``."""
    v = 0.0
    pm, pt = point_of(mine), point_of(theirs)
    c = compare(pm[:2], pt[:2])
    v += c * (pm[0] if c > 0 else pt[0])
    sm, st = sequences_of(mine), sequences_of(theirs)
    c = compare(sm[0].key if sm else None, st[0].key if st else None)
    if c:
        v += c * sum(q.value for q in (sm if c > 0 else st))
    qm, qt = sets_of(mine), sets_of(theirs)
    c = compare((qm[0][0], POWER[qm[0][1]]) if qm else None, (qt[0][0], POWER[qt[0][1]]) if qt else None)
    if c:
        v += c * sum(set_value(n) for n, _ in (qm if c > 0 else qt))
    return v


def hand_value(mine: Sequence[Card], theirs: Sequence[Card]) -> float:
    """The hand's worth against one possible adversary: declarations, then the play (a trick is
    worth about two points, and the cards ten more when it makes seven)."""
    t = trick_strength(mine) - trick_strength(theirs)
    return hand_declarations(mine, theirs) + 2.5 * t + (6.0 if t > 0.8 else -6.0 if t < -0.8 else 0.0)


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What the exchange's judgement needs of a hand, worked out in one pass: the keys the
    declarations compare with the points each item would score, and the hand's trick strength."""

    point: tuple[int, int]
    point_score: int
    seq: tuple[int, int] | None
    seq_score: int
    set: tuple[int, int] | None
    set_score: int
    tricks: float


def _suit_table(mask: int) -> tuple[int, int, int, tuple[int, int] | None, float]:
    """One suit's holding (a bit per rank, seven lowest): its cards, pips, sequence points, best
    sequence key and trick strength."""
    held = [c for p, c in enumerate(SEQ_ORDER) if mask >> p & 1]
    cards_ = [Card(r, Suit.CLUBS) for r in held]
    best, score, run = None, 0, 0
    for p in range(9):
        if p < 8 and mask >> p & 1:
            run += 1
            continue
        if run >= 3:
            score += sequence_value(run)
            best = max(best, (run, p - 1)) if best is not None else (run, p - 1)
        run = 0
    return len(held), sum(PIPS[r] for r in held), score, best, trick_strength(cards_)


_SUIT_TABLE = [_suit_table(m) for m in range(256)]


_SUIT_NO = {s: k for k, s in enumerate(SUITS)}


_SET_POWERS = tuple(POWER[r] for r in SET_RANKS)


def summarize(hand: Sequence[Card]) -> HandSummary:
    """The hand's ``HandSummary``: a bit mask per suit, and each suit's figures from a table."""
    masks = [0, 0, 0, 0]
    for c in hand:
        masks[_SUIT_NO[c.suit]] |= 1 << POWER[c.rank]
    rows = [_SUIT_TABLE[m] for m in masks]
    point = max((r[0], r[1]) for r in rows)
    seq = max((r[3] for r in rows if r[3] is not None), default=None)
    best_set, set_score = None, 0
    for p in _SET_POWERS:
        n = (masks[0] >> p & 1) + (masks[1] >> p & 1) + (masks[2] >> p & 1) + (masks[3] >> p & 1)
        if n >= 3:
            set_score += set_value(n)
            if best_set is None or (n, p) > best_set:
                best_set = (n, p)
    return HandSummary(point, point[0], seq, sum(r[2] for r in rows), best_set, set_score,
                       sum(r[4] for r in rows))


def summary_value(mine: HandSummary, theirs: HandSummary) -> float:
    """``hand_value`` from two summaries (the same figure, a few times faster: the exchange
    judges thousands of hands)."""
    v = 0.0
    for a, b, sa, sb in ((mine.point, theirs.point, mine.point_score, theirs.point_score),
                         (mine.seq, theirs.seq, mine.seq_score, theirs.seq_score),
                         (mine.set, theirs.set, mine.set_score, theirs.set_score)):
        c = compare(a, b)
        if c > 0:
            v += sa
        elif c < 0:
            v -= sb
    t = mine.tricks - theirs.tricks
    return v + 2.5 * t + (6.0 if t > 0.8 else -6.0 if t < -0.8 else 0.0)


def plan_discard(hand: Sequence[Card], already: Sequence[Card], unseen: Sequence[Card], *, elder: bool,
                 can_put_out: int, stock_left: int, samples: int, rng: Any) -> list[Card]:
    """The cards to put out (besides ``already``): judged by the rule of thumb, or, with
    ``samples``, over that many sampled stocks and adversary's hands."""
    ranked = sorted(hand, key=lambda c: (keep_value(c, list(hand) + list(already)), POWER[c.rank]))
    done = len(already)
    if samples == 0:
        want = (ELDER_MAX if elder else min(3, stock_left + done)) - done
        want = max(0 if done else 1, min(want, can_put_out))
        return ranked[:want]
    candidates: list[tuple[Card, ...]] = []
    for k in range(0 if done else 1, can_put_out + 1):
        pool = ranked[:min(len(ranked), k + 2)]
        candidates += list(combinations(pool, k))
    totals = [0.0] * len(candidates)
    unseen = list(unseen)
    kept = {cand: [c for c in hand if c not in cand] for cand in candidates}
    for _ in range(samples):
        for j in range(len(unseen) - 1, 0, -1):
            r = rng.below(j + 1)
            unseen[j], unseen[r] = unseen[r], unseen[j]
        # The elder takes from the top five (unknown to him); the dealer from what the elder left
        # (also unknown).  The adversary's hand is sampled from the rest.
        draw_from = unseen[:can_put_out + done]
        theirs = summarize(unseen[can_put_out + done:can_put_out + done + HAND])
        for k, cand in enumerate(candidates):
            n_in = done + len(cand)
            totals[k] += summary_value(summarize(kept[cand] + draw_from[:n_in]), theirs)
    best = max(range(len(candidates)), key=lambda k: (totals[k], -len(candidates[k])))
    return list(candidates[best])


def exchange_choice(game: Piquet, view: Any, seat: Seat, legal: list[Any], level: int, rng: Any) -> Any:
    """The computer's word in the exchange: a card to put out, "take", or whether to look."""
    pub = view.pub
    if pub.phase == "rest":
        return Call("see")                      # knowing them helps the play more than it costs
    rec: PiquetDeal = pub.contract
    hand = [c.face for c in view.hand(seat)]
    already = [view.cards[i].face for i in pub.discards[seat]]
    known = set(hand) | set(already) | {c.face for c in view.cards if c.face is not None}
    unseen = [c for c in PACKS["piquet32"] if c not in known]
    elder = seat == rec.elder
    can = (ELDER_MAX if elder else len(pub.stock)) - len(already)
    plan = plan_discard(hand, already, unseen, elder=elder, can_put_out=can, stock_left=len(pub.stock),
                        samples=EXCHANGE_SAMPLES.get(level, 0), rng=rng)
    if plan:
        choice = Discard(plan[0])
        if choice in legal:
            return choice
    return Call("take") if Call("take") in legal else legal[0]



# -- the computer's play of the cards ---------------------------------------------------------------
def solve(sim: Sim, seat: int, value: Any, alpha: float, beta: float) -> float:
    """Alpha-beta over the rest of the hand in one world, two players: ``seat`` maximises
    ``value`` of the finished hand, the adversary minimises it."""
    if sim.done():
        return value(sim)
    turn = sim.turn
    for cid in list(sim.legal(turn)):
        child = sim.copy()
        child.tricks = list(sim.tricks)
        child.play(turn, cid)
        v = solve(child, seat, value, alpha, beta)
        if turn == seat:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    return alpha if turn == seat else beta


class PiquetSim(Sim):
    """Level 3's simulated play: the follower plays as the shared rule of thumb does, but the
    leader no longer leads at random.  With no trumps and two hands, the leader cashes a card
    that is master in its suit (from his longest such suit), and otherwise leads low from his
    longest suit, to establish it; one lead in ten is still at random, to keep some variety."""

    __slots__ = ()

    def copy(self) -> PiquetSim:
        c = Sim.copy(self)
        c.__class__ = PiquetSim
        return c

    def policy(self, seat: int, rng: Any) -> int:
        if self.trick:
            return Sim.policy(self, seat, rng)
        hand = self.hands[seat]
        if len(hand) == 1:
            return hand[0]
        if rng.below(10) == 0:
            return hand[rng.below(len(hand))]
        suit, pw = self.suit, self.pw
        other = self.hands[1 - seat]
        length = [0, 0, 0, 0]
        for c in hand:
            length[suit[c]] += 1
        best_out = [-1, -1, -1, -1]
        for c in other:
            best_out[suit[c]] = max(best_out[suit[c]], pw[c])
        masters = [c for c in hand if pw[c] > best_out[suit[c]]]
        if masters:
            return max(masters, key=lambda c: (length[suit[c]], pw[c]))
        return min(hand, key=lambda c: (-length[suit[c]], pw[c]))


# Worlds, rollouts per world and candidate, cards left per hand for the exact search.  Levels 1
# and 2 are the shared table's; level 3 is searched by ``PiquetPlayer`` below.
PIQUET_LEVELS: dict[int, tuple[int, int, int]] = {1: (4, 1, 0), 2: (16, 1, 0), 3: (32, 2, 4)}


# How readily the adversary is taken to have put out a card of each rank: hardly ever an ace,
# seldom a king (the book's hints; the computer's own exchange agrees).
DISCARD_LIKELIHOOD = {Rank.ACE: 0.1, Rank.KING: 0.35, Rank.QUEEN: 0.6, Rank.JACK: 0.8}


class PiquetPlayer(TricksPlayer):
    """The shared Monte Carlo player with Piquet's own levels.  Levels 1 and 2 are the shared
    search.  Level 3 samples more worlds and weighs them by what the adversary's exchange tells
    (a world where he put out his aces is put back and another dealt), plays each world out with
    a leader who cashes his masters and leads from his long suit (``PiquetSim``), and searches the
    last four tricks of each world exactly (alpha-beta): with two hands, perfect recall and the
    declarations shown, the end of the hand is often all but known."""

    levels = PIQUET_LEVELS
    WORLD_TRIES = 4

    def world(self, game: Any, view: Any, seat: int, rng: Any) -> Any:
        """A sampled world, accepted with the likelihood of the adversary's discards in it; when
        ``WORLD_TRIES`` re-deals are all turned down, the likeliest of them."""
        other = 1 - seat
        best: tuple[float, Any] | None = None
        for _ in range(self.WORLD_TRIES):
            state = game.determinize(view, seat, rng)
            weight = 1.0
            for i in state.discards[other]:
                weight *= DISCARD_LIKELIHOOD.get(state.deck[i].rank, 1.0)
            if weight >= 1.0 or rng.below(1000) < weight * 1000:
                return state
            if best is None or weight > best[0]:
                best = (weight, state)
        assert best is not None
        return best[1]

    def search_play(self, game: Any, view: Any, legal: list[Any], rng: Any) -> Any:
        worlds, rollouts, exact = self.levels[self.level]
        if not exact:
            return super().search_play(game, view, legal, rng)
        seat = view.seat
        hooks = self.hooks_of(game)
        totals = [0.0] * len(legal)
        for _ in range(worlds):
            state = self.world(game, view, seat, rng)
            base = PiquetSim(game, state, hooks.sim_rules(game, state))
            ids = {state.deck[i]: i for i in base.hands[seat]}
            use_exact = base.cards_left() <= exact

            def value(sim: Sim, state: Any = state) -> float:
                return hooks.hand_utility(game, state, sim.tricks)[seat]
            for k, action in enumerate(legal):
                if use_exact:
                    sim = base.copy()
                    sim.play(seat, ids[action.card])
                    totals[k] += solve(sim, seat, value, float("-inf"), float("inf"))
                    continue
                for _ in range(rollouts):
                    sim = base.copy()
                    sim.play(seat, ids[action.card])
                    sim.rollout(rng)
                    totals[k] += value(sim)
        best = max(range(len(legal)), key=lambda k: (totals[k], -k))
        return legal[best]


class PiquetAI(TricksAI):
    """Piquet's hooks: a two-handed game at no trumps, scored as the difference of the points."""

    player_class = PiquetPlayer

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        return SimRules(team=[0, 1])

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        """The points of the play still to come and already made this deal, as a difference."""
        rec: PiquetDeal = state.contract
        pts = [0, 0]
        leaders_winners = [(t.leader, t.winner) for t in state.tricks]
        lead = state.trick[0][0] if state.trick else state.leader
        for w, _ in new_tricks:
            leaders_winners.append((lead, w))
            lead = w
        played_pts = [0, 0]
        for k, (ld, w) in enumerate(leaders_winners):
            played_pts[ld] += 1
            if w != ld:
                played_pts[w] += 1
            if k == HAND - 1:
                played_pts[w] += 1
        won = [sum(1 for _, w in leaders_winners if w == s) for s in (0, 1)]
        for s in (0, 1):
            pts[s] = played_pts[s] + (40 if won[s] == HAND else 10 if won[s] > HAND // 2 else 0)
        elder, younger = rec.elder, 1 - rec.elder
        hand_before = [rec.hand_points[0], rec.hand_points[1]]
        # pique: approximately, the elder reaching thirty with the dealer still on nothing
        if (not rec.pique and hand_before[younger] == 0 and won[younger] == 0
                and hand_before[elder] < 30 <= hand_before[elder] + played_pts[elder]):
            pts[elder] += 30
        return [float(pts[0] - pts[1]), float(pts[1] - pts[0])]

    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        return exchange_choice(game, view, seat, legal, player.level, rng)


AI = PiquetAI()
