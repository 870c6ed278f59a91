"""Boston (Foster's Complete Hoyle): four players, each for himself, two packs used in turn.

Our copy of Foster breaks off after the seating, so everything from the deal on is the standard
American Boston of the period, as the rules page says: the pack in play is dealt by fours, fours
and fives; a card turned from the *other* pack (the still pack) names the **first preference**,
the other suit of its colour is the **second preference** (the colour) and the other two are plain
suits.  The players bid round to the left, each bid above the last, on this ladder (lowest first):

    Boston (5 tricks), 6, 7, little misère, 8, 9, grand misère, 10, 11, little spread, 12,
    grand spread, grand slam (13)

A trick bid names its trump suit, and the same number of tricks ranks plain < colour < first
preference; on the table it is said in two steps, the number ("six") and then the suit by its
class ("preference H"), so that the calls fit on the cloth.  A player who has passed may come
back only with a misère.  If all four pass, the hand is played as **misère partout**, no
trumps, and the player who takes most tricks pays.

Settlement is in white counters (a red is ten), by Foster's table for a failed bid ("put in
for" so many tricks), his misère stakes (20, 40, 80, 160) and his partout rule; the table for a
made bid is the scale of the later Hoyles (see the rules page).  The pool (a red from each player,
limited to 25 reds a pool) is taken by a successful bidder and doubled by an unsuccessful one.

The turned preference card comes from the still pack, so it is nobody's card: it is kept as a
public fact of the deal (``info["preference"]``), never among the 52 cards in play.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ...core.cards import PACKS, SUITS, Card, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ...core.rng import SplitMix64, shuffled
from ..catalogue import BY_ID
from .engine import WHIST_POWER, Call, Discard, TrickGame, TricksAction, TricksState, set_fact

# The ladder of bids, lowest first.  Trick bids carry a suit; the misères never do.
LADDER: tuple[str, ...] = ("boston", "six", "seven", "little-misere", "eight", "nine",
                           "grand-misere", "ten", "eleven", "little-spread", "twelve",
                           "grand-spread", "slam")
TRICKS: dict[str, int] = {"boston": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                          "eleven": 11, "twelve": 12, "slam": 13}
MISERES: tuple[str, ...] = ("little-misere", "grand-misere", "little-spread", "grand-spread")
NAMES: dict[str, str] = {"boston": "Boston", "six": "Six", "seven": "Seven", "eight": "Eight",
                         "nine": "Nine", "ten": "Ten", "eleven": "Eleven", "twelve": "Twelve",
                         "slam": "Grand slam", "little-misere": "Little misère",
                         "grand-misere": "Grand misère", "little-spread": "Little spread",
                         "grand-spread": "Grand spread", "partout": "Misère partout"}

# What each adversary pays a bidder who makes his bid (white counters): the later Hoyles' scale
# 2 3 4 5 7 9 13 21 34 in Foster's unit of five white counters (his "put in for" table is that
# same book's losing table times five, so the two agree).  Over-tricks are not paid.
WIN: dict[int, int] = {5: 10, 6: 15, 7: 20, 8: 25, 9: 35, 10: 45, 11: 65, 12: 105, 13: 170}
# Foster's table "reduced to the American decimal system": what a bidder who fails pays each
# adversary, by the tricks bid and the number of tricks he is "put in for" (short), 1 upwards.
LOSE: dict[int, tuple[int, ...]] = {
    5: (10, 20, 30, 40, 50),
    6: (15, 25, 35, 45, 55, 65),
    7: (20, 30, 40, 50, 60, 70, 80),
    8: (25, 35, 45, 55, 70, 85, 100, 115),
    9: (35, 45, 55, 65, 80, 95, 110, 125, 140),
    10: (45, 55, 70, 80, 95, 110, 125, 140, 155, 170),
    11: (70, 80, 95, 110, 125, 140, 155, 170, 185, 200, 220),
    12: (120, 130, 145, 160, 180, 200, 220, 240, 260, 280, 300, 320),
    13: (180, 200, 220, 240, 260, 280, 300, 320, 340, 360, 390, 420, 450),
}
# Foster: a misère wins from or loses to each adversary, with no over-tricks.
MISERE_STAKE: dict[str, int] = {"little-misere": 20, "grand-misere": 40, "little-spread": 80,
                                "grand-spread": 160}
# The words that name a trick bid's suit, by its class (see ``suit_class``).
CLASS_WORDS: tuple[str, ...] = ("plain", "colour", "preference")
RED = 10                  # a red counter is ten white
POOL_CAP = 25 * RED       # Foster: the pool proper is limited to 25 reds
ANTE = RED                # each player puts one red into an empty pool


def suit_class(suit: Suit, preference: Suit) -> int:
    """0 a plain suit, 1 the colour (second preference), 2 the first preference."""
    if suit == preference:
        return 2
    return 1 if suit.colour == preference.colour else 0


def bid_key(call: Call, preference: Suit) -> tuple[int, int]:
    """Where a bid stands on the ladder: its rung, then (for trick bids) its suit's class."""
    rung = LADDER.index(call.word)
    return (rung, 0 if call.suit is None else suit_class(call.suit, preference))


def short_name(call: Call) -> str:
    return NAMES[call.word] + ("" if call.suit is None else f" {call.suit.symbol}")


@dataclass(frozen=True, slots=True)
class BostonAuction:
    high: Call | None = None
    high_seat: Seat | None = None
    passed: tuple[Seat, ...] = ()           # seats that have passed at least once
    passes: int = 0                         # passes in a row since the last bid (or the start)
    pending: str | None = None              # a number said, its suit not yet named


@dataclass(frozen=True, slots=True)
class BostonContract:
    kind: str                               # a word of LADDER, or "partout"
    caller: Seat | None
    suit: Suit | None = None

    @property
    def misere(self) -> bool:
        return self.kind in MISERES

    @property
    def little(self) -> bool:
        """Little misère and little spread: every player first puts out one card."""
        return self.kind in ("little-misere", "little-spread")

    @property
    def spread(self) -> bool:
        return self.kind in ("little-spread", "grand-spread")

    @property
    def target(self) -> int:
        return TRICKS.get(self.kind, 0)

    @property
    def label(self) -> str:
        return NAMES[self.kind] + ("" if self.suit is None else f" {self.suit.symbol}")


def payments(contract: BostonContract, taken: Sequence[int]) -> list[int]:
    """What each seat wins (+) or pays (-) for the hand, pool apart.  ``taken``: tricks per seat."""
    out = [0] * 4
    if contract.kind == "partout":
        most = max(taken)
        losers = [s for s in range(4) if taken[s] == most]
        for loser in losers:
            for s in range(4):
                if s not in losers:
                    amount = (most - taken[s]) * RED
                    out[loser] -= amount
                    out[s] += amount
        return out
    caller = contract.caller
    assert caller is not None
    if contract.misere:
        stake = MISERE_STAKE[contract.kind]
        sign = 1 if taken[caller] == 0 else -1
    else:
        short = contract.target - taken[caller]
        if short <= 0:
            stake, sign = WIN[contract.target], 1
        else:
            stake, sign = LOSE[contract.target][short - 1], -1
    for s in range(4):
        out[s] = sign * stake * 3 if s == caller else -sign * stake
    return out


def made(contract: BostonContract, taken: Sequence[int]) -> bool:
    assert contract.caller is not None
    if contract.misere:
        return taken[contract.caller] == 0
    return taken[contract.caller] >= contract.target


class Boston(TrickGame):
    info = BY_ID["boston"]
    score_unit = "Counters"      # the games are played for counters, paid between the players
    option_specs = (
        OptionSpec("deals", 12, (4, 8, 12), "Deals to play",
                   help="Foster: twelve deals make a game."),
    )

    def seats(self, opts: Options) -> int:
        return 4

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["52"]

    def call_words(self) -> tuple[str, ...]:
        return ("pass",) + LADDER + CLASS_WORDS

    # -- the deal ------------------------------------------------------------------------------
    def initial_state(self, options: Options | None = None) -> TricksState:
        state = super().initial_state(options)
        # Foster: each player starts the pool with one red counter.
        sheet = state.sheet
        for s in range(4):
            sheet = sheet.add(0, s, -ANTE, "puts a red counter into the pool", self.ref("the-pool"))
        return replace(state, sheet=sheet, pool=4 * ANTE)

    def preference_card(self, state: TricksState, order: Sequence[int]) -> Card:
        """The card turned from the still pack.  With a recorded shuffle it is drawn from a second
        shuffle of the same deal number; a book's stacked deal uses a stable stand-in."""
        if state.deal_seed is not None:
            still = shuffled(PACKS["52"], SplitMix64(state.deal_seed ^ 0x5B0570).next())
        else:
            text = "".join(state.deck[i].code for i in order)
            gen = SplitMix64(sum(ord(ch) * (k + 1) for k, ch in enumerate(text)))
            still = shuffled(PACKS["52"], gen.next())
        return still[0]

    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        slots, pos = self.deal_round(4, 8, order, 0, packet=4)      # fours, twice round …
        more, pos = self.deal_round(4, 5, order, pos, packet=5)     # … then fives
        for k in range(4):
            slots[k].extend(more[k])
        owners = tuple((state.dealer + 1 + k) % 4 for k in range(4))
        card = self.preference_card(state, order)
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners, hand_sets=(0,) * 4,
                       taken_up=(True,) * 4, trump=None, info=set_fact(state, "preference", card))

    def start_hand(self, state: TricksState) -> TricksState:
        return replace(state, phase="auction", turn=(state.dealer + 1) % 4, bidding=BostonAuction())

    def preference(self, state: TricksState) -> Suit:
        card: Card = state.fact("preference")
        return card.suit

    # -- the auction -----------------------------------------------------------------------------
    # A trick bid is said in two steps by the same player, so that the table offers a short row
    # of calls: the number ("six"), then its suit, named by its class ("preference H", "colour D",
    # "plain C").  The auction records the whole bid ("Six ♥") once the suit is named.
    def allowed_bids(self, state: TricksState, seat: Seat) -> list[Call]:
        """Every whole bid (number and suit, or a misère) ``seat`` may make now."""
        a: BostonAuction = state.bidding
        pref = self.preference(state)
        floor = (-1, -1) if a.high is None else bid_key(a.high, pref)
        out: list[Call] = []
        for word in LADDER:
            if seat in a.passed and word not in MISERES:
                continue        # a player who has passed may come back only with a misère
            options = [Call(word)] if word in MISERES else [Call(word, s) for s in SUITS]
            out += [c for c in options if bid_key(c, pref) > floor]
        return out

    def suit_call(self, state: TricksState, suit: Suit) -> Call:
        return Call(CLASS_WORDS[suit_class(suit, self.preference(state))], suit)

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "discard":
            slot = next(k for k, o in enumerate(state.owners) if o == seat)
            return [Discard(state.deck[i]) for i in state.hands[slot]]
        if state.phase == "suit":
            a: BostonAuction = state.bidding
            return [self.suit_call(state, c.suit) for c in self.allowed_bids(state, seat)
                    if c.word == a.pending and c.suit is not None]
        if state.phase != "auction":
            return []
        out: list[TricksAction] = [Call("pass")]
        for c in self.allowed_bids(state, seat):
            if Call(c.word) not in out:
                out.append(Call(c.word))
        return out

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        if isinstance(action, Discard):
            return self._discard(state, seat, action.card)
        assert isinstance(action, Call)
        a: BostonAuction = state.bidding
        if state.phase == "suit":
            assert a.pending is not None and action.suit is not None
            return self._bid(state, seat, Call(a.pending, action.suit))
        if action.word in TRICKS:
            return replace(state, phase="suit", bidding=replace(a, pending=action.word))
        if action.word in MISERES:
            return self._bid(state, seat, action)
        said = state.calls + ((seat, "pass"),)
        passed = a.passed if seat in a.passed else a.passed + (seat,)
        a = replace(a, passed=passed, passes=a.passes + 1)
        s = replace(state, calls=said, bidding=a)
        if a.high is None and a.passes == 4:
            contract = BostonContract("partout", None)
            return self._to_play(replace(s, contract=contract, trump=None))
        if a.high is not None and a.passes == 3:
            assert a.high_seat is not None
            contract = BostonContract(a.high.word, a.high_seat, a.high.suit)
            s = replace(s, contract=contract, trump=a.high.suit)
            if contract.little:
                return replace(s, phase="discard", turn=(s.dealer + 1) % 4)
            return self._to_play(s)
        return replace(s, turn=(seat + 1) % 4)

    def _bid(self, state: TricksState, seat: Seat, bid: Call) -> TricksState:
        a: BostonAuction = state.bidding
        a = replace(a, high=bid, high_seat=seat, passes=0, pending=None)
        return replace(state, phase="auction", calls=state.calls + ((seat, short_name(bid)),),
                       bidding=a, turn=(seat + 1) % 4)

    def _discard(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        slot = next(k for k, o in enumerate(state.owners) if o == seat)
        cid = next(i for i in state.hands[slot] if state.deck[i] == card)
        hands = list(state.hands)
        hands[slot] = tuple(i for i in hands[slot] if i != cid)
        discards = list(state.discards)
        discards[seat] = discards[seat] + (cid,)
        s = replace(state, hands=tuple(hands), discards=tuple(discards))
        nxt = (seat + 1) % 4
        if nxt == (state.dealer + 1) % 4:
            return self._to_play(s)
        return replace(s, turn=nxt)

    def _to_play(self, state: TricksState) -> TricksState:
        contract: BostonContract = state.contract
        lead = (state.dealer + 1) % 4                 # the eldest hand always leads
        exposed = (contract.caller,) if contract.spread and contract.caller is not None else ()
        return replace(state, phase="play", leader=lead, turn=lead, exposed=exposed)

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        if state.phase == "discard":
            if isinstance(action, Discard):
                return IllegalAction(f"the {action.card.name} is not in your hand",
                                     self.ref("putting-out-a-card"))
            return IllegalAction("every player now puts out one card face down",
                                 self.ref("putting-out-a-card"))
        if isinstance(action, Discard):
            return IllegalAction("cards are put out only before a little misère or little spread",
                                 self.ref("putting-out-a-card"))
        if not isinstance(action, Call):
            return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("the-bidding"))
        a: BostonAuction = state.bidding
        word = action.word
        pref = self.preference(state)
        if state.phase == "suit":
            assert a.pending is not None
            if word in CLASS_WORDS and action.suit is not None:
                right = CLASS_WORDS[suit_class(action.suit, pref)]
                if right != word:
                    return IllegalAction(f"{action.suit.title} are {self._class_text(right)} this deal, "
                                         f"not {self._class_text(word)}", self.ref("the-preference"))
                return IllegalAction(f"{NAMES[a.pending]} in {action.suit.title} would not be higher "
                                     f"than {short_name(a.high) if a.high else 'the bid'}", self.ref("the-bids"))
            return IllegalAction(f"name the trump suit of your {NAMES[a.pending]}", self.ref("the-bids"))
        if word in CLASS_WORDS:
            return IllegalAction("a suit is named only just after the number of a trick bid",
                                 self.ref("the-bids"))
        if word in MISERES and action.suit is not None:
            return IllegalAction("a misère is played without trumps and names no suit", self.ref("the-bids"))
        if word in TRICKS and action.suit is not None:
            return IllegalAction(f"say the number first ('{word}'), then name the suit", self.ref("the-bids"))
        if word in LADDER and seat in a.passed and word not in MISERES:
            return IllegalAction("you have passed: you may come back into the bidding only with a misère",
                                 self.ref("the-bidding"))
        if word in LADDER and a.high is not None:
            return IllegalAction(f"a bid must be higher than {short_name(a.high)}", self.ref("the-bids"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("the-bidding"))

    @staticmethod
    def _class_text(word: str) -> str:
        return {"plain": "a plain suit", "colour": "the colour",
                "preference": "the first preference"}[word]

    def table_notes(self, view: Any) -> list[str]:
        """Lines for the table's information panel: the preference turned from the still pack."""
        card: Card | None = view.pub.fact("preference")
        if card is None or view.pub.phase == "over":
            return []
        pref = card.suit
        colour = next(s for s in SUITS if s != pref and s.colour == pref.colour)
        plain = " ".join(s.symbol for s in SUITS if s.colour != pref.colour)
        return [f"Preference {pref.symbol} ({card.rank.short}{pref.symbol} turned)",
                f"Colour {colour.symbol} · plain {plain}"]

    # -- the play --------------------------------------------------------------------------------
    def power(self, state: TricksState, card: Card) -> int:
        return WHIST_POWER[card.rank]

    def hand_settled(self, state: TricksState) -> bool:
        """A misère is lost with the caller's first trick: the hand stops there."""
        contract: BostonContract = state.contract
        return contract.misere and any(t.winner == contract.caller for t in state.tricks)

    def taken(self, state: TricksState) -> list[int]:
        return [self.tricks_won(state, s) for s in range(4)]

    def end_hand(self, state: TricksState) -> TricksState:
        contract: BostonContract = state.contract
        taken = self.taken(state)
        pay = payments(contract, taken)
        deal = state.deal_no
        sheet = state.sheet
        if contract.kind == "partout":
            most = max(taken)
            who = " and ".join(self.seat_name(s, 4) for s in range(4) if taken[s] == most)
            text = f"Misère partout: {who} took most tricks ({most})"
            rule = self.ref("misère-partout")
        else:
            assert contract.caller is not None
            who = self.seat_name(contract.caller, 4)
            got = taken[contract.caller]
            verdict = "makes" if made(contract, taken) else "fails in"
            text = f"{who} {verdict} {contract.label} with {got} trick{'s' if got != 1 else ''}"
            rule = self.ref("payments")
        for s in range(4):
            if pay[s]:
                sheet = sheet.add(deal, s, pay[s], text, rule)
        s = replace(state, sheet=sheet)
        if contract.kind != "partout":
            s = self._settle_pool(s, contract, made(contract, taken))
        return self._next_deal(s)

    def waiting_pools(self, state: TricksState) -> tuple[int, ...]:
        return tuple(state.fact("waiting_pools", ()))

    def _settle_pool(self, state: TricksState, contract: BostonContract, won: bool) -> TricksState:
        caller = contract.caller
        assert caller is not None
        who = self.seat_name(caller, 4)
        deal = state.deal_no
        rule = self.ref("the-pool")
        waiting = list(self.waiting_pools(state))
        sheet = state.sheet
        pool = state.pool
        if won:
            sheet = sheet.add(deal, caller, pool, f"{who} takes the pool ({pool})", rule)
            pool = waiting.pop(0) if waiting else 0
        else:
            sheet = sheet.add(deal, caller, -pool, f"{who} doubles the pool ({pool})", rule)
            total = pool * 2
            pool = min(total, POOL_CAP)
            surplus = total - pool
            while surplus > 0:                        # the surplus starts fresh pools
                waiting.append(min(surplus, POOL_CAP))
                surplus -= min(surplus, POOL_CAP)
        return replace(state, sheet=sheet, pool=pool,
                       info=set_fact(state, "waiting_pools", tuple(waiting)))

    def _next_deal(self, state: TricksState) -> TricksState:
        deals = int(state.option("deals", 12))
        deal = state.deal_no
        if deal >= deals:
            # Foster: at the end of the game what is left in the pools is shared among the players.
            left = state.pool + sum(self.waiting_pools(state))
            sheet = state.sheet
            if left:
                share, odd = divmod(left, 4)
                first = (state.dealer + 1) % 4
                for k in range(4):
                    seat = (first + k) % 4
                    amount = share + (1 if k < odd else 0)
                    if amount:
                        sheet = sheet.add(deal, seat, amount, "shares what is left in the pools",
                                          self.ref("the-pool"))
            s = replace(state, sheet=sheet, pool=0, info=set_fact(state, "waiting_pools", ()))
            totals = s.sheet.totals
            best = max(totals)
            winners = [i for i, t in enumerate(totals) if t == best]
            return self.finish(s, winners, f"the agreed {deals} deals have been played", self.ref("scoring"))
        if state.pool == 0:
            sheet = state.sheet
            for s in range(4):
                sheet = sheet.add(deal, s, -ANTE, "puts a red counter into the new pool", self.ref("the-pool"))
            state = replace(state, sheet=sheet, pool=4 * ANTE)
        return replace(state, phase="deal", turn=None)

    # -- words -----------------------------------------------------------------------------------
    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word in NAMES:
            return short_name(action)
        if isinstance(action, Call) and action.word in CLASS_WORDS and action.suit is not None:
            return f"{action.suit.symbol} {action.suit.title.capitalize()} ({action.word})"
        if isinstance(action, Discard):
            return f"put out the {action.card.name}"
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        who = self.seat_name(seat, 4) if seat is not None else ""
        if isinstance(action, Discard):
            return f"{who} puts out a card"
        return super().describe(state, action)


GAME = Boston()
