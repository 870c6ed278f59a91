"""Piquet (Hoyle's Games Modernized, 1909): the game of 100 and the Rubicon partie of six deals.

Two players, the 32-card piquet pack, no trumps.  Twelve cards each, dealt by twos (or threes),
and a stock of eight: the elder hand puts out one to five cards and takes as many from the top
(looking at any of his five he leaves); the dealer (younger hand) then puts out at least one and
takes as many of the rest, and may look at his own cards he leaves — if he does, the elder may see
them after his first lead.  Then the hands are declared: carte blanche (scored at the deal), the
point, sequences, quatorzes and trios, each "good", "not good" or "equal"; the winner of an item
scores all his combinations of that kind and shows them.  In play the leader counts one for every
card he leads, the second player one when he wins the trick, the last trick one more; the cards
(seven tricks or more) ten, all twelve tricks (capot) forty instead.  Thirty in hand before the
other scores anything is a repique (+60); thirty reached in play by the elder hand before the
dealer counts one is a pique (+30).

Scores are entered in the book's order of precedence (carte blanche, point, sequences, quatorzes
and trios, play, the cards), so in the game of 100 the first to reach the target wins there and
then.  The Rubicon partie (``RUBICON``) plays six deals and settles with the Rubicon rule.

Declarations are made for both players by the table, always truthfully and in full (the book's
"sinking" is not offered); what was declared is told in the narration and on the score panel, and
the cards of every scoring combination are shown to the opponent, as he may ask to see them.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import PACKS, SUITS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ...core.rules import rule_ref
from ..catalogue import BY_ID
from .engine import Call, Discard, Trick, TrickGame, TricksAction, TricksState, active_slot

HAND = 12
STOCK = 8
ELDER_MAX = 5
RUBICON = 100
PARTIE_DEALS = 6
PIPS: dict[Rank, int] = {Rank.ACE: 11, Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10, Rank.TEN: 10,
                         Rank.NINE: 9, Rank.EIGHT: 8, Rank.SEVEN: 7}
# Sequence order, seven lowest: a sequence is a run in this order; its "top" is its highest card.
SEQ_ORDER: tuple[Rank, ...] = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN,
                               Rank.KING, Rank.ACE)
POWER: dict[Rank, int] = {r: i for i, r in enumerate(SEQ_ORDER)}
SET_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)
SEQ_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
RANK_PLURAL = {Rank.ACE: "aces", Rank.KING: "kings", Rank.QUEEN: "queens", Rank.JACK: "knaves",
               Rank.TEN: "tens"}


def ref(anchor: str) -> str:
    """Both ids share the one rules page of the game; the Rubicon page describes the partie."""
    return rule_ref("piquet", anchor)


# -- the combinations (pure functions of a hand) ----------------------------------------------
@dataclass(frozen=True, slots=True)
class Run:
    suit: Suit
    length: int
    top: Rank

    @property
    def value(self) -> int:
        return sequence_value(self.length)

    @property
    def key(self) -> tuple[int, int]:
        return (self.length, POWER[self.top])

    def cards(self) -> tuple[Card, ...]:
        hi = POWER[self.top]
        return tuple(Card(SEQ_ORDER[p], self.suit) for p in range(hi - self.length + 1, hi + 1))

    def name(self) -> str:
        kind = SEQ_NAMES.get(self.length, f"sequence of {self.length}")
        if self.top is Rank.ACE:
            return f"{kind} major in {self.suit.title}"
        return f"{kind} to the {self.top.title} in {self.suit.title}"


def sequence_value(length: int) -> int:
    """Three for a tierce, four for a quart, and ten more than its length from a quint on."""
    if length < 3:
        return 0
    return length if length <= 4 else length + 10


def point_of(hand: Sequence[Card]) -> tuple[int, int, Suit | None]:
    """The point: the number of cards in the longest suit and their pips (ace 11, courts 10), the
    longer suit first and then the more pips; ``(0, 0, None)`` for an empty hand."""
    best: tuple[int, int, Suit | None] = (0, 0, None)
    for suit in SUITS:
        cards = [c for c in hand if c.suit == suit]
        key = (len(cards), sum(PIPS[c.rank] for c in cards), suit)
        if key[:2] > best[:2]:
            best = key
    return best


def sequences_of(hand: Sequence[Card]) -> list[Run]:
    """Every sequence of three or more (maximal runs), best first."""
    out = []
    for suit in SUITS:
        held = {POWER[c.rank] for c in hand if c.suit == suit}
        p = 0
        while p < len(SEQ_ORDER):
            if p in held:
                q = p
                while q + 1 in held:
                    q += 1
                if q - p + 1 >= 3:
                    out.append(Run(suit, q - p + 1, SEQ_ORDER[q]))
                p = q + 1
            else:
                p += 1
    out.sort(key=lambda s: s.key, reverse=True)
    return out


def sets_of(hand: Sequence[Card]) -> list[tuple[int, Rank]]:
    """Quatorzes (four) and trios (three) of aces, kings, queens, knaves and tens, best first: any
    quatorze before any trio, then by rank."""
    out = []
    for rank in SET_RANKS:
        n = sum(1 for c in hand if c.rank is rank)
        if n >= 3:
            out.append((n, rank))
    out.sort(key=lambda s: (s[0], POWER[s[1]]), reverse=True)
    return out


def set_value(count: int) -> int:
    return 14 if count == 4 else 3


def set_name(count: int, rank: Rank) -> str:
    return f"{'quatorze of' if count == 4 else 'three'} {RANK_PLURAL[rank]}"


def is_carte_blanche(hand: Sequence[Card]) -> bool:
    """A hand dealt without a king, queen or knave."""
    return not any(c.rank in COURTS for c in hand)


def compare(a: tuple | None, b: tuple | None) -> int:
    """+1 when ``a`` is good, -1 when ``b`` is, 0 when equal (or neither has one)."""
    if a == b:
        return 0
    if b is None:
        return 1
    if a is None:
        return -1
    return 1 if a > b else -1


def declaration_keys(hand: Sequence[Card]) -> tuple[tuple[int, int], tuple[int, int] | None,
                                                    tuple[int, int] | None]:
    """The keys the declarations compare, in one quick pass: the point (cards, pips), the best
    sequence (length, top) and the best set (4 or 3, rank) — ``None`` where there is none.  The
    same order as ``point_of``, ``sequences_of`` and ``sets_of`` (tested against them)."""
    masks = {s: 0 for s in SUITS}
    pips = {s: 0 for s in SUITS}
    counts = {s: 0 for s in SUITS}
    ranks: dict[Rank, int] = {}
    for c in hand:
        masks[c.suit] |= 1 << POWER[c.rank]
        pips[c.suit] += PIPS[c.rank]
        counts[c.suit] += 1
        ranks[c.rank] = ranks.get(c.rank, 0) + 1
    point = max((counts[s], pips[s]) for s in SUITS)
    seq = None
    for s in SUITS:
        m, run = masks[s], 0
        for p in range(8):
            run = run + 1 if m >> p & 1 else 0
            if run >= 3 and (seq is None or (run, p) > seq):
                seq = (run, p)
    best_set = None
    for rank in SET_RANKS:
        n = ranks.get(rank, 0)
        if n >= 3 and (best_set is None or (n, POWER[rank]) > best_set):
            best_set = (n, POWER[rank])
    return point, seq, best_set


def rubicon_points(totals: Sequence[int]) -> tuple[int | None, int]:
    """The settlement of a partie: (winner, points won).  The winner takes the difference and 100;
    if the loser has not reached the Rubicon of 100 the winner takes the sum and 100 instead.
    Equal totals: (None, 0), the partie is drawn."""
    a, b = totals
    if a == b:
        return None, 0
    winner = 0 if a > b else 1
    hi, lo = max(a, b), min(a, b)
    return winner, (hi - lo + RUBICON) if lo >= RUBICON else (hi + lo + RUBICON)


# -- the deal's record --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PiquetDeal:
    """What is public about the deal in progress (kept in ``TricksState.contract``)."""

    elder: Seat
    dealt: tuple[tuple[int, ...], ...] = ()         # ids dealt to each seat (for the carte blanche)
    elder_portion: tuple[int, ...] = ()              # the top five of the stock (ids)
    younger_portion: tuple[int, ...] = ()            # the bottom three
    elder_took: int = -1
    younger_took: int = -1
    younger_looked: bool = False
    carte_blanche: tuple[Seat, ...] = ()
    revealed: tuple[tuple[Seat, int], ...] = ()      # (seat that may see it, card id)
    announced: tuple[tuple[Seat, str], ...] = ()     # what each player declared, in order
    verdicts: tuple[tuple[str, int], ...] = ()       # item -> +1 elder good, -1 dealer good, 0 equal
    elder_said: tuple[tuple[str, Any], ...] = ()     # the elder's declared point/sequence/set keys
    hand_points: tuple[int, int] = (0, 0)            # scored in hand (carte blanche + declarations)
    deal_points: tuple[int, int] = (0, 0)            # scored this deal so far
    repique: Seat | None = None
    pique: bool = False
    declared: bool = False

    def say(self, seat: Seat, text: str) -> PiquetDeal:
        return replace(self, announced=self.announced + ((seat, text),))

    def reveal(self, seat: Seat, ids: Sequence[int]) -> PiquetDeal:
        new = tuple((seat, i) for i in ids if (seat, i) not in self.revealed)
        return replace(self, revealed=self.revealed + new)


class Piquet(TrickGame):
    info = BY_ID["piquet"]
    rubicon = False
    option_specs = (
        OptionSpec("target", 100, (100, 101), "Game", labels=("100 points (the book)", "101 points")),
        OptionSpec("deal_by", 2, (2, 3), "The dealer deals", labels=("By twos", "By threes")),
    )

    # -- equipment ------------------------------------------------------------------------------
    def seats(self, opts: Options) -> int:
        return 2

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["piquet32"]

    def ref(self, anchor: str) -> str:
        return ref(anchor)

    def call_words(self) -> tuple[str, ...]:
        return ("take", "see", "leave")

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return "AB"[seat]

    def power(self, state: TricksState, card: Card) -> int:
        return POWER[card.rank]

    # -- the deal -------------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        packet = int(state.option("deal_by", 2))
        slots, pos = self.deal_round(2, HAND, order, 0, packet=packet)
        elder = 1 - state.dealer
        stock_top_first = tuple(order[pos:pos + STOCK])
        return replace(state, hands=(tuple(slots[0]), tuple(slots[1])), owners=(elder, state.dealer),
                       hand_sets=(0, 0), taken_up=(True, True), stock=tuple(reversed(stock_top_first)))

    def start_hand(self, state: TricksState) -> TricksState:
        elder = 1 - state.dealer
        dealt = [(), ()]
        for k, owner in enumerate(state.owners):
            dealt[owner] = state.hands[k]
        top_first = tuple(reversed(state.stock))
        record = PiquetDeal(elder=elder, dealt=(tuple(dealt[0]), tuple(dealt[1])),
                            elder_portion=top_first[:ELDER_MAX], younger_portion=top_first[ELDER_MAX:])
        s = replace(state, contract=record, phase="discard", turn=elder, leader=elder)
        # Carte blanche comes first of all: declared as soon as the hand is seen (shown later).
        for seat in (elder, state.dealer):
            if is_carte_blanche([state.deck[i] for i in dealt[seat]]):
                rec: PiquetDeal = s.contract
                s = replace(s, contract=replace(rec, carte_blanche=rec.carte_blanche + (seat,))
                            .say(seat, "carte blanche"))
                s = self._score(s, seat, 10, f"{self.seat_name(seat)}: carte blanche", "carte-blanche",
                                in_hand=True)
        return s

    # -- scoring ---------------------------------------------------------------------------------
    def _score(self, state: TricksState, seat: Seat, points: int, text: str, anchor: str, *,
               in_hand: bool = False, in_play: bool = False) -> TricksState:
        """Enter a score; the game of 100 ends the moment a player reaches the target.  Repique
        and pique are checked here, as each score is entered in the order of precedence."""
        if state.phase == "over" or points == 0:
            return state
        rec: PiquetDeal = state.contract
        other = 1 - seat
        before = rec.deal_points[seat]
        deal_points = list(rec.deal_points)
        deal_points[seat] += points
        hand_points = list(rec.hand_points)
        if in_hand:
            hand_points[seat] += points
        rec = replace(rec, deal_points=(deal_points[0], deal_points[1]),
                      hand_points=(hand_points[0], hand_points[1]))
        s = replace(state, contract=rec,
                    sheet=state.sheet.add(state.deal_no, seat, points, f"{text} — {points}", self.ref(anchor)))
        s = self._check_target(s, seat)
        if s.phase == "over":
            return s
        if (in_hand and rec.repique is None and hand_points[seat] >= 30 and before < 30
                and rec.deal_points[other] == 0):
            s = replace(s, contract=replace(rec, repique=seat))
            return self._score(s, seat, 60, f"{self.seat_name(seat)}: repique", "repique")
        if (in_play and seat == rec.elder and not rec.pique and rec.hand_points[seat] < 30
                and before < 30 <= deal_points[seat] and rec.deal_points[other] == 0):
            s = replace(s, contract=replace(rec, pique=True))
            return self._score(s, seat, 30, f"{self.seat_name(seat)}: pique", "pique")
        return s

    def _check_target(self, state: TricksState, seat: Seat) -> TricksState:
        if self.rubicon:
            return state
        target = int(state.option("target", 100))
        if state.sheet.totals[seat] >= target:
            return self.finish(state, [seat], f"{self.seat_name(seat)} reaches {target} first "
                               f"({state.sheet.totals[0]} to {state.sheet.totals[1]})",
                               rule_ref("piquet", "the-game-of-100"))
        return state

    # -- the exchange ------------------------------------------------------------------------------
    def _hand_ids(self, state: TricksState, seat: Seat) -> tuple[int, ...]:
        slot = active_slot(state, seat)
        return () if slot is None else state.hands[slot]

    def _may_put_out(self, state: TricksState, seat: Seat) -> int:
        """How many cards ``seat`` may still put out in this exchange."""
        rec: PiquetDeal = state.contract
        limit = ELDER_MAX if seat == rec.elder else len(state.stock)
        return limit - len(state.discards[seat])

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "discard":
            out: list[TricksAction] = []
            if self._may_put_out(state, seat) > 0:
                out += [Discard(state.deck[i]) for i in self._hand_ids(state, seat)]
            if state.discards[seat]:
                out.append(Call("take"))
            return out
        if state.phase == "rest":
            return [Call("see"), Call("leave")]
        return []

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        rec: PiquetDeal = state.contract
        elder = seat == rec.elder
        anchor = "the-elder-hands-exchange" if elder else "the-younger-hands-exchange"
        if state.phase == "rest":
            return IllegalAction("the exchange is over: say whether you look at the cards you left",
                                 rule_ref("piquet", "the-cards-left-in-the-stock"))
        if isinstance(action, Discard):
            if action.card not in [state.deck[i] for i in self._hand_ids(state, seat)]:
                return IllegalAction(f"the {action.card.name} is not in your hand", self.ref(anchor))
            if elder:
                return IllegalAction("the elder hand may put out five cards at most",
                                     rule_ref("piquet", "the-elder-hands-exchange"))
            return IllegalAction(f"only {len(state.stock)} cards are left in the stock: you may not put "
                                 "out more than you can take", rule_ref("piquet", "the-younger-hands-exchange"))
        if isinstance(action, Call) and action.word == "take":
            return IllegalAction("you must put out at least one card before taking in", self.ref(anchor))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now: this is the "
                             "exchange", rule_ref("piquet", "discarding-and-taking-in"))

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        s = replace(state, calls=state.calls + ((seat, self.said(action)),))
        if isinstance(action, Discard):
            slot = active_slot(s, seat)
            assert slot is not None
            cid = next(i for i in s.hands[slot] if s.deck[i] == action.card)
            hands = list(s.hands)
            hands[slot] = tuple(i for i in hands[slot] if i != cid)
            discards = list(s.discards)
            discards[seat] = discards[seat] + (cid,)
            return replace(s, hands=tuple(hands), discards=tuple(discards))
        assert isinstance(action, Call)
        rec: PiquetDeal = s.contract
        if action.word == "take":
            return self._take(s, seat)
        looked = action.word == "see"
        rec = replace(rec, younger_looked=looked)
        if looked:
            own = [i for i in s.shown if i in rec.younger_portion]
            rec = rec.reveal(seat, own)
        return self._declare(replace(s, contract=rec))

    def _take(self, state: TricksState, seat: Seat) -> TricksState:
        rec: PiquetDeal = state.contract
        k = len(state.discards[seat])
        stock = list(state.stock)
        taken = stock[len(stock) - k:][::-1]                 # from the top, in order
        stock = stock[:len(stock) - k]
        slot = active_slot(state, seat)
        assert slot is not None
        hands = list(state.hands)
        hands[slot] = hands[slot] + tuple(taken)
        s = replace(state, hands=tuple(hands), stock=tuple(stock))
        opponent = 1 - seat
        if seat == rec.elder:
            left = [i for i in stock if i in rec.elder_portion]
            rec = replace(rec, elder_took=k).reveal(seat, left)   # he may look at those he leaves
            rec = self._show_carte_blanche(rec, opponent)
            return replace(s, contract=rec, turn=state.dealer)
        rec = replace(rec, younger_took=k)
        rec = self._show_carte_blanche(rec, opponent)
        # The cards nobody took are laid aside face down (``shown`` holds them for the table; who
        # may see their faces is decided by ``revealed``).
        s = replace(s, stock=(), shown=tuple(stock), contract=rec)
        if stock and any(i in rec.younger_portion for i in stock):
            return replace(s, phase="rest", turn=seat)
        return self._declare(s)

    def _show_carte_blanche(self, rec: PiquetDeal, holder: Seat) -> PiquetDeal:
        """The holder of a carte blanche shows it once his adversary has put out his cards."""
        if holder in rec.carte_blanche:
            return rec.reveal(1 - holder, rec.dealt[holder])
        return rec

    # -- the declarations ---------------------------------------------------------------------------
    def _declare(self, state: TricksState) -> TricksState:
        rec: PiquetDeal = state.contract
        elder, younger = rec.elder, 1 - rec.elder
        ids = {seat: self._hand_ids(state, seat) for seat in (0, 1)}
        hands = {seat: [state.deck[i] for i in ids[seat]] for seat in (0, 1)}
        id_of = {state.deck[i]: i for seat in (0, 1) for i in ids[seat]}
        s = state
        verdicts = []
        said: list[tuple[str, Any]] = []
        name = self.seat_name

        def enter(s: TricksState, seat: Seat, points: int, text: str, anchor: str,
                  cards: Sequence[Card]) -> TricksState:
            r: PiquetDeal = s.contract
            s = replace(s, contract=r.reveal(1 - seat, [id_of[c] for c in cards]).say(seat, text))
            return self._score(s, seat, points, f"{name(seat)}: {text}", anchor, in_hand=True)

        # (1) the point
        pe, py = point_of(hands[elder]), point_of(hands[younger])
        said.append(("point", pe[:2]))
        verdict = compare(pe[:2], py[:2])          # more cards, then more pips
        verdicts.append(("point", verdict))
        s = replace(s, contract=s.contract.say(elder, f"point of {pe[0]}"))
        if pe[:1] == py[:1] and pe[0]:
            s = replace(s, contract=s.contract.say(younger, "equal").say(elder, f"{pe[1]} pips"))
        if verdict:
            seat, (count, pips, suit) = (elder, pe) if verdict > 0 else (younger, py)
            cards = [c for c in hands[seat] if c.suit == suit]
            s = enter(s, seat, count, f"point of {count} in {suit.title} ({pips}), good", "the-point", cards)
        elif pe[0]:
            s = replace(s, contract=s.contract.say(younger, "equal: neither scores the point"))
        # (2) sequences
        se, sy = sequences_of(hands[elder]), sequences_of(hands[younger])
        ke = se[0].key if se else None
        ky = sy[0].key if sy else None
        said.append(("sequence", ke))
        verdict = compare(ke, ky)
        verdicts.append(("sequence", verdict))
        if ke is not None and verdict <= 0:
            s = replace(s, contract=s.contract.say(elder, se[0].name() + (", not good" if verdict < 0 else ", equal")))
        if verdict:
            seat, seqs = (elder, se) if verdict > 0 else (younger, sy)
            for seq in seqs:
                s = enter(s, seat, seq.value, seq.name(), "sequences", seq.cards())
        # (3) quatorzes and trios
        qe, qy = sets_of(hands[elder]), sets_of(hands[younger])
        ke2 = (qe[0][0], POWER[qe[0][1]]) if qe else None
        ky2 = (qy[0][0], POWER[qy[0][1]]) if qy else None
        said.append(("set", ke2))
        verdict = compare(ke2, ky2)
        verdicts.append(("set", verdict))
        if qe and verdict < 0:
            s = replace(s, contract=s.contract.say(elder, set_name(*qe[0]) + ", not good"))
        if verdict:
            seat, sets = (elder, qe) if verdict > 0 else (younger, qy)
            for count, rank in sets:
                cards = [c for c in hands[seat] if c.rank is rank]
                s = enter(s, seat, set_value(count), set_name(count, rank), "quatorzes-and-trios", cards)
        if s.phase == "over":
            return s
        rec = replace(s.contract, verdicts=tuple(verdicts), elder_said=tuple(said), declared=True)
        return replace(s, contract=rec, phase="play", turn=elder, leader=elder, trick=())

    # -- the play -------------------------------------------------------------------------------------
    def play_card(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        leading = not state.trick
        s = super().play_card(state, seat, card)
        if not leading or s.phase == "over":
            return s
        rec: PiquetDeal = s.contract
        if seat == rec.elder and not state.tricks and rec.younger_looked:
            # the elder may now ask to see what the dealer looked at and left
            seen = [i for v, i in rec.revealed if v == 1 - seat]
            s = replace(s, contract=rec.reveal(seat, [i for i in s.shown if i in seen]))
        return self._score(s, seat, 1, f"{self.seat_name(seat)}: leads", "points-in-play", in_play=True)

    def after_trick(self, state: TricksState, trick: Trick) -> TricksState:
        s = state
        if trick.winner != trick.leader:
            s = self._score(s, trick.winner, 1, f"{self.seat_name(trick.winner)}: wins the trick as second "
                            "player", "points-in-play", in_play=True)
        if len(s.tricks) == HAND:
            s = self._score(s, trick.winner, 1, f"{self.seat_name(trick.winner)}: the last trick",
                            "points-in-play", in_play=True)
        return s

    def hand_settled(self, state: TricksState) -> bool:
        return state.phase == "over"

    def end_hand(self, state: TricksState) -> TricksState:
        if state.phase == "over":
            return state
        won = [self.tricks_won(state, 0), self.tricks_won(state, 1)]
        s = state
        for seat in (0, 1):
            if won[seat] == HAND:
                s = self._score(s, seat, 40, f"{self.seat_name(seat)}: capot", "the-cards-and-capot")
            elif won[seat] > HAND // 2:
                s = self._score(s, seat, 10, f"{self.seat_name(seat)}: the cards ({won[seat]} tricks)",
                                "the-cards-and-capot")
        if s.phase == "over":
            return s
        if self.rubicon and s.deal_no >= PARTIE_DEALS:
            return self._settle_partie(s)
        return replace(s, phase="deal", turn=None)

    def _settle_partie(self, state: TricksState) -> TricksState:
        totals = state.sheet.totals
        winner, points = rubicon_points(totals)
        if winner is None:
            return self.finish(state, [0, 1], f"the partie is drawn, {totals[0]} all",
                               rule_ref("piquet", "the-rubicon-partie"))
        loser = 1 - winner
        how = ("the difference and 100" if totals[loser] >= RUBICON else
               f"{self.seat_name(loser)} is short of the Rubicon: the sum and 100")
        return self.finish(state, [winner], f"{self.seat_name(winner)} wins the partie by "
                           f"{totals[winner]} to {totals[loser]} and takes {points} points ({how})",
                           rule_ref("piquet", "the-rubicon-partie"))

    # -- views -----------------------------------------------------------------------------------------
    def visible(self, state: TricksState, seat: Seat | None) -> list[bool]:
        shown = [False] * len(state.deck)
        for t in state.tricks:
            for _, i in t.plays:
                shown[i] = True
        for _, i in state.trick:
            shown[i] = True
        for k, ids in enumerate(state.hands):
            if state.owners[k] in state.exposed:      # only the replay of the book's example
                for i in ids:
                    shown[i] = True
        if seat is None:
            return shown
        for k, ids in enumerate(state.hands):
            if state.owners[k] == seat:
                for i in ids:
                    shown[i] = True
        if state.discards:
            for i in state.discards[seat]:
                shown[i] = True
        rec = state.contract
        if isinstance(rec, PiquetDeal):
            for who, i in rec.revealed:
                if who == seat:
                    shown[i] = True
        return shown

    # -- re-dealing the unseen cards (the computer's worlds) ---------------------------------------------
    DETERMINIZE_TRIES = 40

    def determinize(self, view: Any, seat: Seat, rng: Any, tries: int | None = None) -> TricksState:
        """As the engine's re-deal (the unseen cards dealt afresh, the voids shown in play kept),
        and then agreeing with what was declared: the answers "good", "not good" and "equal" and
        the elder's announced point, sequence and set must come out the same from the re-dealt
        hands.  Re-dealt up to ``DETERMINIZE_TRIES`` times, else the last deal is kept.  With two
        players the only hidden hand is the adversary's, so the set-up is done once."""
        pub = view.pub
        deck: list[Card | None] = [c.face for c in view.cards]
        known = {f for f in deck if f is not None}
        unknown = [c for c in self.pack(dict(pub.opts)) if c not in known]
        other = 1 - seat
        slot = active_slot(pub, other)
        hidden_hand = [i for i in (pub.hands[slot] if slot is not None else ()) if deck[i] is None]
        hidden_rest = [i for i, f in enumerate(deck) if f is None and i not in set(hidden_hand)]
        probe = replace(pub, deck=tuple(f if f is not None else Card(Rank.SEVEN, Suit.CLUBS) for f in deck))
        barred = self.voids(probe).get(slot, set()) if slot is not None else set()
        state = pub
        fixed = None
        tries = self.DETERMINIZE_TRIES if tries is None else tries
        if tries > 1 and isinstance(pub.contract, PiquetDeal) and pub.contract.declared:
            own = replace(pub, deck=tuple(f if f is not None else Card(Rank.SEVEN, Suit.CLUBS) for f in deck))
            fixed = {seat: declaration_keys(self.declared_hand(own, seat))}
        for attempt in range(tries):
            pool = list(unknown)
            for j in range(len(pool) - 1, 0, -1):
                r = rng.below(j + 1)
                pool[j], pool[r] = pool[r], pool[j]
            if barred and (attempt < tries - 1 or tries == 1):
                fits = [c for c in pool if c.suit not in barred]
                if len(fits) < len(hidden_hand):
                    fits = pool
                mine = fits[:len(hidden_hand)]
                taken = set(mine)
                rest = [c for c in pool if c not in taken]
            else:
                mine, rest = pool[:len(hidden_hand)], pool[len(hidden_hand):]
            faces = list(deck)
            for i, c in zip(hidden_hand, mine):
                faces[i] = c
            for i, c in zip(hidden_rest, rest):
                faces[i] = c
            state = replace(pub, deck=tuple(faces))  # type: ignore[arg-type]
            if tries == 1 or self.agrees_with_declarations(state, fixed):
                return state
        return state

    def shuffle_unseen(self, state: TricksState, seat: Seat, seed: int) -> TricksState:
        """The no-peeking tests' re-deal: one plain re-deal, without matching the declarations."""
        from ...core.rng import SplitMix64
        return self.determinize(self.view(state, seat), seat, SplitMix64(seed), tries=1)

    def declared_hand(self, state: TricksState, seat: Seat) -> list[Card]:
        """``seat``'s twelve cards as they were when the hands were declared."""
        ids = list(self._hand_ids(state, seat))
        ids += [i for t in state.tricks for s, i in t.plays if s == seat]
        ids += [i for s, i in state.trick if s == seat]
        return [state.deck[i] for i in ids]

    def agrees_with_declarations(self, state: TricksState, fixed: dict[Seat, tuple] | None = None) -> bool:
        """Do the hands of ``state`` give the answers that were given at the declarations?
        ``fixed``: the keys of a hand already known (the computer's own), not worked out again."""
        rec = state.contract
        if not isinstance(rec, PiquetDeal) or not rec.declared:
            return True
        elder, younger = rec.elder, 1 - rec.elder
        keys = {}
        for seat in (elder, younger):
            if fixed is not None and seat in fixed:
                keys[seat] = fixed[seat]
            else:
                keys[seat] = declaration_keys(self.declared_hand(state, seat))
        pe, ke, ke2 = keys[elder]
        py, ky, ky2 = keys[younger]
        verdicts = (("point", compare(pe, py)), ("sequence", compare(ke, ky)), ("set", compare(ke2, ky2)))
        return verdicts == rec.verdicts and (("point", pe), ("sequence", ke), ("set", ke2)) == rec.elder_said

    # -- text --------------------------------------------------------------------------------------------
    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call):
            return {"take": "Take in", "see": "Look at the cards left",
                    "leave": "Leave them unseen"}.get(action.word, super().call_label(action))
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        who = self.seat_name(seat) if seat is not None else ""
        try:
            after = self.apply(state, action)
        except IllegalAction:
            return super().describe(state, action)
        new_lines = after.sheet.lines[len(state.sheet.lines):]
        scored = "; ".join(line.text for line in new_lines)
        if isinstance(action, Call) and action.word == "take":
            k = len(state.discards[seat]) if seat is not None else 0
            text = f"{who} puts out {k} and takes in {k}"
        elif isinstance(action, Call):
            text = f"{who} {'looks at' if action.word == 'see' else 'leaves unseen'} the cards left"
        elif isinstance(action, Discard):
            text = f"{who} puts out a card"
        else:
            text = super().describe(state, action)
        rec = after.contract
        if isinstance(rec, PiquetDeal) and rec.declared and not (isinstance(state.contract, PiquetDeal)
                                                                 and state.contract.declared):
            said = "; ".join(f"{self.seat_name(s)}: {t}" for s, t in rec.announced)
            text += f". Declared — {said}"
        elif scored:
            text += f" ({scored})"
        return text

    def sheet_lines(self, view: Any, name: Any) -> list[str]:
        """The score panel of the card table: the totals, then this deal's declarations as they
        were said, then the points of the play so far."""
        pub = view.pub
        if self.rubicon:
            head = f"Partie · deal {pub.deal_no} of {PARTIE_DEALS}"
        else:
            head = f"Game of {pub.option('target', 100)} · deal {pub.deal_no}"
        lines = [head] + [f"{name(s):<12} {pub.sheet.totals[s]:>4}" for s in (0, 1)]
        rec = pub.contract
        if not isinstance(rec, PiquetDeal):
            return lines
        said = [f"{name(s)}: {t}" for s, t in rec.announced]
        lines += [t if len(t) < 44 else t[:42] + "…" for t in said[-8:]]
        play = [0, 0]
        for line in pub.sheet.lines_of_deal(pub.deal_no):
            if line.rule == rule_ref("piquet", "points-in-play"):
                play[line.side] += line.points
        if pub.tricks or pub.trick:
            lines.append(f"In play: {name(0)} {play[0]}, {name(1)} {play[1]}")
        for extra in ("pique", "repique"):
            if any(line.rule == self.ref(extra) for line in pub.sheet.lines_of_deal(pub.deal_no)):
                lines.append(extra.capitalize() + "!")
        return lines


class RubiconPiquet(Piquet):
    """The partie of six deals, settled by the Rubicon rule."""

    info = BY_ID["piquet_rubicon"]
    rubicon = True
    option_specs = (
        OptionSpec("deal_by", 2, (2, 3), "The dealer deals", labels=("By twos", "By threes")),
    )


def order_for(elder: Sequence[Card], younger: Sequence[Card], stock_top_first: Sequence[Card],
              packet: int = 2) -> list[Card]:
    """The pack order (top first) that, dealt by ``packet`` from the elder hand, gives these hands
    and this stock: for the book's example and the deal editor."""
    order: list[Card] = []
    e, y = list(elder), list(younger)
    while e or y:
        order += e[:packet]
        order += y[:packet]
        e, y = e[packet:], y[packet:]
    return order + list(stock_top_first)


GAME = Piquet()
RUBICON_GAME = RubiconPiquet()

__all__ = [
    "GAME",
    "RUBICON_GAME",
    "Piquet",
    "PiquetDeal",
    "RubiconPiquet",
    "is_carte_blanche",
    "order_for",
    "point_of",
    "rubicon_points",
    "sequence_value",
    "sequences_of",
    "sets_of",
]
