"""Loo (Hoyle's Games Modernized, 1909): three-card Loo with the miss, and five-card Loo with Pam.

The dealer puts a stake in the pool (three counters, or five at five-card Loo) and deals three
cards to each player and to a spare hand, the *miss*; the next card turned up makes trumps.  From
the dealer's left each player plays, passes (throws his hand in) or, while it is there, takes the
miss for his own hand and must then play.  Those who play take a third of the pool for each trick
they win; whoever played and took no trick is *looed* and pays into the next pool — the amount of
the pool (unlimited Loo) or a fixed sum (limited Loo).  The laws of play are strict: follow suit,
win the trick if you can (*head* it), trump and over-trump when void, lead the ace of trumps (the
king when the ace is turned up), and the first leader with two trumps leads one.  Three trumps are
a *flush*: they take the pool at once and loo the others who stood.

Five-card Loo: five cards each and no miss; a player who plays may first exchange any of his cards
from the pack; the knave of clubs, *Pam*, is the highest trump; five cards of a suit, or four and
Pam, are a flush.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat, TableKind
from ..catalogue import BY_ID
from .engine import WHIST_POWER, Call, Discard, TrickGame, TricksAction, TricksState, active_slot, put_out

OUT = -1                       # the hand set of a hand thrown in (never in play)
PAM = Card(Rank.JACK, Suit.CLUBS)
EXTRA_ROUNDS = 3               # rounds played on at most while loo money is left in the pool


@dataclass(frozen=True, slots=True)
class LooBidding:
    spoken: tuple[Seat, ...] = ()
    standing: tuple[Seat, ...] = ()          # who plays, in the order they said so
    miss_by: Seat | None = None              # who took the miss
    for_pool: Seat | None = None             # the dealer playing the miss for the pool
    exchanged: tuple[tuple[Seat, int], ...] = ()   # five-card Loo: cards changed by each player
    pool_at_deal: int = 0                    # the pool played for (what an unlimited loo pays)


@dataclass(frozen=True, slots=True)
class LooContract:
    players: tuple[Seat, ...]                # the seats in the hand, in seat order
    for_pool: Seat | None = None
    pool_at_deal: int = 0

    @property
    def call(self) -> str:
        return f"{len(self.players)} playing"


class Loo(TrickGame):
    info = BY_ID["loo"]
    table_kind = TableKind.EUCHRE_LOO     # the trick table, with the score marks or the pool
    score_unit = "Counters"
    names = "ABCDEFGH"
    spare_hand = "miss"          # the deal's text names the extra hand so
    option_specs = (
        OptionSpec("form", "three", ("three", "five"), "Form",
                   labels=("Three-card Loo, with the miss", "Five-card Loo, with Pam and the exchange")),
        OptionSpec("players", 5, (5, 3, 4, 6, 7, 8), "Players"),
        OptionSpec("limit", "limited", ("limited", "unlimited"), "A player looed pays",
                   labels=("Limited Loo: the dealer's stake", "Unlimited Loo: the whole pool")),
        OptionSpec("club_law", False, (False, True), "Club law (three-card): when a club is turned "
                   "up, nobody may pass", labels=("No", "Yes")),
        OptionSpec("rounds", 1, (1, 2, 3), "Rounds (each player deals once a round)"),
    )

    # -- equipment --------------------------------------------------------------------------
    def seats(self, opts: Options) -> int:
        return int(opts.get("players", 5))

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["52"]

    def five(self, state: TricksState) -> bool:
        return bool(state.option("form", "three") == "five")

    def cards_each(self, state: TricksState) -> int:
        return 5 if self.five(state) else 3

    def stake(self, state: TricksState) -> int:
        return self.cards_each(state)

    def call_words(self) -> tuple[str, ...]:
        return ("play", "pass", "miss", "pool", "draw", "stand")

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return self.names[seat]

    # -- the deal -----------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        """One card at a time to each player from the dealer's left (and to the miss, dealt last
        in each round at three-card Loo), then the next card turned up for trumps."""
        n = state.n
        per = self.cards_each(state)
        slots = n + (0 if self.five(state) else 1)
        hands, pos = self.deal_round(slots, per, order, 0)
        owners = tuple((state.dealer + 1 + k) % n for k in range(n)) + ((n,) if slots > n else ())
        sets = (0,) * n + ((OUT,) if slots > n else ())
        turnup = order[pos]
        return replace(state, hands=tuple(tuple(h) for h in hands), owners=owners, hand_sets=sets,
                       taken_up=(True,) * n + ((False,) if slots > n else ()),
                       stock=tuple(order[pos + 1:]), turnup=turnup, turnup_on_table=True,
                       trump=state.deck[turnup].suit)

    def start_hand(self, state: TricksState) -> TricksState:
        stake = self.stake(state)
        sheet = state.sheet.add(state.deal_no, state.dealer, -stake,
                                f"{self.seat_name(state.dealer)} puts {stake} in the pool to deal",
                                self.ref("the-pool"))
        pool = state.pool + stake
        s = replace(state, sheet=sheet, pool=pool, bidding=LooBidding(pool_at_deal=pool),
                    phase="declare", turn=(state.dealer + 1) % state.n)
        return s

    def miss_slot(self, state: TricksState) -> int | None:
        return len(state.hands) - 1 if len(state.hands) > state.n else None

    # -- deciding to play ---------------------------------------------------------------------
    def club_law(self, state: TricksState) -> bool:
        return (not self.five(state) and bool(state.option("club_law", False))
                and state.trump == Suit.CLUBS)

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        bidding: LooBidding = state.bidding
        if state.phase == "declare":
            miss_free = self.miss_slot(state) is not None and bidding.miss_by is None
            if seat == state.dealer and len(bidding.standing) == 1 and miss_free:
                # one player stands on his own cards: the dealer may not let him have the pool
                # for nothing; he plays his own hand, takes the miss, or plays the miss for the pool
                return [Call("play"), Call("miss"), Call("pool")]
            out: list[TricksAction] = [Call("play")]
            if miss_free:
                out.append(Call("miss"))
            if not self.club_law(state):
                out.append(Call("pass"))
            return out
        if state.phase == "exchange":
            slot = active_slot(state, seat)
            assert slot is not None
            changed = len(state.discards[seat])
            # "stand" keeps the cards dealt; "draw" replaces the cards put out, once some are
            out = [Call("draw") if changed else Call("stand")]
            if changed < len(state.stock):
                out += [Discard(state.deck[i]) for i in state.hands[slot]]
            return out
        return []

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        s = replace(state, calls=state.calls + ((seat, self.said(action)),))
        bidding: LooBidding = state.bidding
        if isinstance(action, Discard):
            return put_out(s, seat, action.card)
        assert isinstance(action, Call)
        word = action.word
        if word in ("draw", "stand"):
            return self._draw(s, seat)
        if word == "pass":
            s = self._throw_in(s, seat)
            bidding = replace(bidding, spoken=bidding.spoken + (seat,))
        elif word == "miss":
            s = self._take_miss(s, seat)
            bidding = replace(bidding, spoken=bidding.spoken + (seat,), standing=bidding.standing + (seat,),
                              miss_by=seat)
        elif word == "pool":
            # the dealer's own hand goes in; he plays the miss, its tricks left in the pool
            s = self._take_miss(s, seat)
            bidding = replace(bidding, spoken=bidding.spoken + (seat,), standing=bidding.standing + (seat,),
                              miss_by=seat, for_pool=seat)
        else:
            bidding = replace(bidding, spoken=bidding.spoken + (seat,), standing=bidding.standing + (seat,))
        s = replace(s, bidding=bidding)
        if word == "play" and self.five(state):
            return replace(s, phase="exchange")          # the same player may change cards first
        return self._next_declarer(s, seat)

    def _next_declarer(self, state: TricksState, seat: Seat) -> TricksState:
        bidding: LooBidding = state.bidding
        if seat == state.dealer or len(bidding.spoken) >= state.n:
            return self._declared(state)
        nxt = (seat + 1) % state.n
        if nxt == state.dealer and not bidding.standing:
            # all have passed before the dealer: the pool is his without play
            return self._take_pool(replace(state, bidding=replace(bidding, spoken=bidding.spoken + (nxt,),
                                                                  standing=(nxt,))),
                                   nxt, "all the others passed", self.ref("deciding-to-play"))
        return replace(state, phase="declare", turn=nxt)

    def _throw_in(self, state: TricksState, seat: Seat) -> TricksState:
        slot = active_slot(state, seat)
        assert slot is not None
        sets = list(state.hand_sets)
        sets[slot] = OUT
        return replace(state, hand_sets=tuple(sets))

    def _take_miss(self, state: TricksState, seat: Seat) -> TricksState:
        slot = active_slot(state, seat)
        miss = self.miss_slot(state)
        assert slot is not None and miss is not None
        sets, owners, taken = list(state.hand_sets), list(state.owners), list(state.taken_up)
        sets[slot] = OUT
        sets[miss], owners[miss], taken[miss] = 0, seat, True
        return replace(state, hand_sets=tuple(sets), owners=tuple(owners), taken_up=tuple(taken))

    def _draw(self, state: TricksState, seat: Seat) -> TricksState:
        """As many cards from the top of the pack as were put out (none: he stands on his cards)."""
        slot = active_slot(state, seat)
        assert slot is not None
        want = self.cards_each(state) - len(state.hands[slot])
        hands = list(state.hands)
        hands[slot] = hands[slot] + state.stock[:want]
        bidding: LooBidding = state.bidding
        bidding = replace(bidding, exchanged=bidding.exchanged + ((seat, want),))
        s = replace(state, hands=tuple(hands), stock=state.stock[want:], bidding=bidding)
        return self._next_declarer(s, seat)

    def _declared(self, state: TricksState) -> TricksState:
        """Everyone has spoken: a lone player takes the pool, a flush takes it and loos the
        others, or the hand is played."""
        bidding: LooBidding = state.bidding
        standing = tuple(s for s in ((state.dealer + 1 + k) % state.n for k in range(state.n))
                         if s in bidding.standing)
        if len(standing) == 1:
            return self._take_pool(state, standing[0], "he alone played", self.ref("deciding-to-play"))
        flushes = [(self.flush_rank(state, s), -k, s) for k, s in enumerate(standing)
                   if self.flush_rank(state, s) is not None and s != bidding.for_pool]
        if flushes:
            best = max(flushes)[2]
            return self._flush(state, best, standing)
        contract = LooContract(tuple(sorted(standing)), bidding.for_pool, bidding.pool_at_deal)
        lead = standing[0]
        return replace(state, phase="play", contract=contract, leader=lead, turn=lead)

    # -- flushes --------------------------------------------------------------------------------
    def hand_of(self, state: TricksState, seat: Seat) -> list[Card]:
        slot = active_slot(state, seat)
        return [] if slot is None else [state.deck[i] for i in state.hands[slot]]

    def flush_rank(self, state: TricksState, seat: Seat) -> tuple[int, ...] | None:
        """How good ``seat``'s flush is (higher is better), or ``None``: three trumps at
        three-card Loo; five cards of a suit, or four and Pam, at five-card Loo (a flush in
        trumps above a plain one, then by the cards from the top)."""
        hand = self.hand_of(state, seat)
        if not self.five(state):
            if len(hand) == 3 and all(c.suit == state.trump for c in hand):
                return (1,) + tuple(sorted((self.power(state, c) for c in hand), reverse=True))
            return None
        if len(hand) != 5:
            return None
        plain = [c for c in hand if c != PAM]
        suits = {c.suit for c in plain}
        if len(suits) != 1:
            return None
        suit = suits.pop()
        trump = 1 if suit == state.trump else 0
        powers = sorted((30 if c == PAM else WHIST_POWER[c.rank] for c in hand), reverse=True)
        return (trump,) + tuple(powers)

    def _flush(self, state: TricksState, holder: Seat, standing: Sequence[Seat]) -> TricksState:
        name = self.seat_name(holder)
        s = self._take_pool(state, holder, "a flush", self.ref("the-flush"), end=False)
        sheet, pool = s.sheet, s.pool
        amount = self.loo_amount(state)
        for seat in standing:
            if seat == holder or seat == state.bidding.for_pool:
                continue
            if self.flush_rank(state, seat) is not None:
                continue            # a lesser flush is not looed
            if self.five(state) and PAM in self.hand_of(state, seat):
                continue            # nor is the holder of Pam
            sheet = sheet.add(state.deal_no, seat, -amount, f"{self.seat_name(seat)} is looed by "
                              f"{name}'s flush: pays {amount} to the pool", self.ref("the-flush"))
            pool += amount
        s = replace(s, sheet=sheet, pool=pool, exposed=s.exposed + (holder,))
        return self._next(s)

    def _take_pool(self, state: TricksState, seat: Seat, why: str, rule: str, end: bool = True) -> TricksState:
        sheet = state.sheet
        if state.pool:
            sheet = sheet.add(state.deal_no, seat, state.pool, f"{self.seat_name(seat)} takes the pool of "
                              f"{state.pool}: {why}", rule)
        s = replace(state, sheet=sheet, pool=0, turn=None)
        return self._next(s) if end else s

    # -- the play ---------------------------------------------------------------------------
    def effective_suit(self, state: TricksState, card: Card) -> Suit | None:
        if card == PAM and self.five(state):
            return state.trump
        return card.suit

    def power(self, state: TricksState, card: Card) -> int:
        if card == PAM and self.five(state):
            return 30
        return WHIST_POWER[card.rank]

    def players_in_trick(self, state: TricksState) -> list[Seat]:
        lead = state.trick[0][0] if state.trick else state.leader
        contract: LooContract = state.contract
        return [s for s in ((lead + k) % state.n for k in range(state.n)) if s in contract.players]

    def must_lead(self, state: TricksState) -> Card:
        """The trump a leader holding it must lead: the ace, or the king when the ace is turned."""
        assert state.turnup is not None and state.trump is not None
        ace = Card(Rank.ACE, state.trump)
        return Card(Rank.KING, state.trump) if state.deck[state.turnup] == ace else ace

    def playable(self, state: TricksState, seat: Seat, *, strict: bool | None = None) -> list[Card]:
        hand = self.hand_of(state, seat)
        return self.loo_legal(state, hand)[0]

    def loo_legal(self, state: TricksState, hand: list[Card]) -> tuple[list[Card], str, str]:
        """The cards the laws allow from ``hand`` now, with the reason and the anchor of the law
        that narrowed them (empty when every card may be played)."""
        trump = state.trump
        if not state.trick:
            must = self.must_lead(state)
            if must in hand:
                return [must], f"you hold the {must.name}: you must lead it", "leading-trumps"
            trumps = [c for c in hand if self.effective_suit(state, c) == trump]
            if not state.tricks and len(trumps) >= 2:
                return trumps, "the first leader holding two trumps must lead one", "leading-trumps"
            return hand, "", ""
        led = self.effective_suit(state, state.deck[state.trick[0][1]])
        win_seat = self.trick_winner(state, state.trick)
        best = next(state.deck[i] for s, i in state.trick if s == win_seat)
        best_key = self._key(state, best, led)
        follow = [c for c in hand if self.effective_suit(state, c) == led]
        if follow:
            beat = [c for c in follow if self._key(state, c, led) > best_key]
            if beat:
                return beat, "you can head the trick, so you must", "heading-the-trick"
            return follow, "you must follow suit", "following-suit"
        trumps = [c for c in hand if self.effective_suit(state, c) == trump]
        beat = [c for c in trumps if self._key(state, c, led) > best_key]
        if beat:
            return beat, "you cannot follow suit and can win the trick with a trump, so you must", \
                "heading-the-trick"
        return hand, "", ""

    def _key(self, state: TricksState, card: Card, led: Suit | None) -> int:
        suit = self.effective_suit(state, card)
        if suit == state.trump:
            return 200 + self.power(state, card)
        if suit == led:
            return 100 + self.power(state, card)
        return 0

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        hand = self.hand_of(state, seat)
        if card not in hand:
            return IllegalAction(f"the {card.name} is not in your hand", self.ref("the-play"))
        allowed, reason, anchor = self.loo_legal(state, hand)
        if card in allowed:
            return None
        return IllegalAction(f"{reason}; the {card.name} may not be played", self.ref(anchor))

    # -- the score ----------------------------------------------------------------------------
    def loo_amount(self, state: TricksState) -> int:
        bidding = state.bidding
        if state.option("limit", "limited") == "unlimited" and isinstance(bidding, LooBidding):
            return bidding.pool_at_deal
        return self.stake(state)

    def settle(self, state: TricksState, winners: Sequence[Seat]) -> tuple[dict[Seat, int], int]:
        """What each seat gains (negative: pays) for the tricks ``winners`` took, and the pool
        left for the next deal (before the next dealer's stake)."""
        contract: LooContract = state.contract
        share = contract.pool_at_deal // self.cards_each(state)
        gains: dict[Seat, int] = {s: 0 for s in contract.players}
        pool = contract.pool_at_deal
        for w in winners:
            if w != contract.for_pool:
                gains[w] += share
                pool -= share
        amount = self.loo_amount(state)
        for s in contract.players:
            if s != contract.for_pool and s not in winners:
                gains[s] -= amount
                pool += amount
        return gains, pool

    def end_hand(self, state: TricksState) -> TricksState:
        contract: LooContract = state.contract
        winners = [t.winner for t in state.tricks]
        share = contract.pool_at_deal // self.cards_each(state)
        sheet = state.sheet
        amount = self.loo_amount(state)
        for s in contract.players:
            name = self.seat_name(s)
            won = winners.count(s)
            if s == contract.for_pool:
                if won:
                    sheet = sheet.add(state.deal_no, s, 0, f"the miss takes {won} trick{'s' * (won > 1)}: "
                                      "its share stays in the pool", self.ref("deciding-to-play"))
                continue
            if won:
                sheet = sheet.add(state.deal_no, s, won * share, f"{name}: {won} trick{'s' * (won > 1)}, "
                                  f"{won * share} from the pool", self.ref("dividing-the-pool"))
            else:
                sheet = sheet.add(state.deal_no, s, -amount, f"{name} is looed: pays {amount} into the "
                                  "pool", self.ref("looed"))
        _, pool = self.settle(state, winners)
        return self._next(replace(state, sheet=sheet, pool=pool))

    def _next(self, state: TricksState) -> TricksState:
        """Deal again, or end: after the agreed rounds, once a deal leaves no loo in the pool."""
        n = state.n
        deals = int(state.option("rounds", 1)) * n
        if state.deal_no < deals or (state.pool and state.deal_no < deals + EXTRA_ROUNDS * n):
            return replace(state, phase="deal", turn=None)
        s = state
        why = f"the agreed {deals} deals have been played and the pool is empty"
        if s.pool:
            why = (f"the agreed {deals} deals and {EXTRA_ROUNDS} more rounds have been played; the "
                   "pool left is shared out")
            # still loo money after the extra rounds: it is shared out equally (the odd
            # counters to the players on the last dealer's left)
            sheet, pool = s.sheet, s.pool
            for k in range(n):
                seat = (s.dealer + 1 + k) % n
                part = pool // (n - k)
                sheet = sheet.add(s.deal_no, seat, part, "the pool is shared out at the end",
                                  self.ref("the-end-of-the-game"))
                pool -= part
            s = replace(s, sheet=sheet, pool=0)
        totals = s.sheet.totals
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        return self.finish(s, winners, why, self.ref("the-end-of-the-game"))

    # -- refusals and words -------------------------------------------------------------------
    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        word = getattr(action, "word", "")
        bidding = state.bidding
        if state.phase == "play":
            return IllegalAction("everyone has decided: play a card", self.ref("the-play"))
        if isinstance(action, Discard) or word in ("draw", "stand"):
            if state.phase != "exchange":
                return IllegalAction("cards are changed only at five-card Loo, by a player who has "
                                     "just said he plays", self.ref("the-exchange"))
            if word == "draw":
                return IllegalAction("put out the cards to change first, or keep these cards",
                                     self.ref("the-exchange"))
            if word == "stand":
                return IllegalAction("cards are put out already: draw as many", self.ref("the-exchange"))
            return IllegalAction("no more cards may be changed than the pack can replace",
                                 self.ref("the-exchange"))
        if state.phase == "exchange":
            return IllegalAction("change your cards (or none) and draw first", self.ref("the-exchange"))
        if word == "pass":
            if self.club_law(state):
                return IllegalAction("a club is turned up: by club law everyone plays", self.ref("club-law"))
            return IllegalAction("one player stands on his cards: the dealer must play, take the miss "
                                 "or play the miss for the pool", self.ref("deciding-to-play"))
        if word == "miss":
            if self.miss_slot(state) is None:
                return IllegalAction("there is no miss at five-card Loo", self.ref("five-card-loo"))
            if isinstance(bidding, LooBidding) and bidding.miss_by is not None:
                return IllegalAction(f"{self.seat_name(bidding.miss_by)} has taken the miss already",
                                     self.ref("the-miss"))
        if word == "pool":
            return IllegalAction("only the dealer, when one player alone stands on his own cards, plays "
                                 "the miss for the pool", self.ref("deciding-to-play"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("deciding-to-play"))

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call):
            label = {"play": "Play", "pass": "Pass", "miss": "Take the miss",
                     "pool": "Play the miss for the pool", "draw": "Draw",
                     "stand": "Keep these cards"}.get(action.word)
            if label is not None:
                return label
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word in ("draw", "stand") and state.turn is not None:
            return f"{self.seat_name(state.turn)} changes {len(state.discards[state.turn])} cards"
        return super().describe(state, action)

    CALL_SECTIONS = ("deciding-to-play", "the-exchange")

    def table_notes(self, view: object) -> list[str]:
        pub = getattr(view, "pub", None)
        if pub is None:
            return []
        out: list[str] = []
        bidding = pub.bidding
        if isinstance(bidding, LooBidding) and bidding.miss_by is not None:
            out.append(f"{self.seat_name(bidding.miss_by)} took the miss")
        return out


GAME = Loo()
