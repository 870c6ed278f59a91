"""Five Hundred (Hoyle's Games Modernized, 1909): three players, each for himself, with the piquet
pack of thirty-two and the joker.

Ten cards each, dealt three, three, three and one, and a *widow* of the last three cards face
down.  With trumps the joker is the highest trump, then the knave of trumps (the right bower) and
the knave of the suit sharing its colour (the left bower): ten trumps in all.  Without
trumps the cards rank as at Whist and the joker still beats everything: led, its leader names the
suit it stands for; otherwise it may be played only by a player who cannot follow, and it wins
unless he had already renounced that suit.

One auction from the dealer's left: six or more tricks in a suit or at no trumps, each bid worth
more than the last on the Avondale schedule; a player who passes is out.  The bidder takes the
widow, discards three and leads.  Made: the schedule value (all ten tricks at least 250); failed:
the value in the minus column; the other two score ten a trick each.  Nobody bidding: no trumps,
no widow, the eldest leads, ten a trick to everyone.  The first to 500 wins (the bidder first on a
tie, otherwise whoever's trick took him over first).  Revokes are refused by the table, or (an
option) let be played and settled by Professor Hoffmann's rule.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from math import comb
from typing import Any, Sequence

from ...core.cards import PACKS, SUITS, Card, Rank, Suit
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ..catalogue import BY_ID
from . import auction as auc
from .engine import WHIST_POWER, Call, Discard, Play, TrickGame, TricksAction, TricksState, active_slot

GAME_TARGET = 500
ALL_TRICKS_MINIMUM = 250          # the bidder who takes all ten scores at least this
TRICK_POINTS = 10                 # to each opponent (and to everyone when nobody bids)
REVOKE_PENALTY = 100              # Professor Hoffmann's rule

# The Avondale schedule: spades lowest, then clubs, diamonds, hearts, no trumps, 20 apart; each
# further trick adds 100.  No two bids are equal, so the ladder below is also the order of value.
DECLARATIONS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, None)
BID_TRICKS = (6, 7, 8, 9, 10)
JOKER_POWER, RIGHT_POWER, LEFT_POWER = 30, 29, 28


def decl_code(suit: Suit | None) -> str:
    return "NT" if suit is None else suit.letter


def bid_word(tricks: int, suit: Suit | None) -> str:
    """The word of a bid in the game's notation: "6S", "7H", "10NT"."""
    return f"{tricks}{decl_code(suit)}"


def avondale(tricks: int, suit: Suit | None) -> int:
    """The value of a bid on the Avondale schedule."""
    if tricks not in BID_TRICKS:
        raise ValueError(f"a bid is of six to ten tricks, not {tricks}")
    return 40 + 20 * DECLARATIONS.index(suit) + 100 * (tricks - 6)


BIDS: tuple[str, ...] = tuple(bid_word(t, s) for t in BID_TRICKS for s in DECLARATIONS)
_BID_RE = re.compile(r"^(6|7|8|9|10)\s*(s|c|d|h|nt|spades?|clubs?|diamonds?|hearts?|no[\s-]*trumps?)$")
_DECL_BY_TEXT = {"s": Suit.SPADES, "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS}


def parse_bid(word: str) -> tuple[int, Suit | None]:
    m = re.fullmatch(r"(6|7|8|9|10)(S|C|D|H|NT)", word)
    if m is None:
        raise ValueError(word)
    code = m.group(2)
    return int(m.group(1)), (None if code == "NT" else _DECL_BY_TEXT[code.lower()])


def bid_value(word: str) -> int:
    return avondale(*parse_bid(word))


AUCTION = auc.AuctionRules(bids=BIDS, one_round=False, rejoin=False)


def same_colour_suit(suit: Suit) -> Suit:
    return {Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS,
            Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES}[suit]


def trump_card_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit ``card`` belongs to in play when ``trump`` is trumps (the joker and the left bower
    are trumps); at no trumps the joker belongs to no suit until it is led."""
    if card.suit is None:
        return trump
    if trump is not None and card.rank is Rank.JACK and card.suit is same_colour_suit(trump):
        return trump
    return card.suit


def trump_power(card: Card, trump: Suit | None) -> int:
    if card.suit is None:
        return JOKER_POWER
    if trump is not None and card.rank is Rank.JACK:
        if card.suit is trump:
            return RIGHT_POWER
        if card.suit is same_colour_suit(trump):
            return LEFT_POWER
    return WHIST_POWER[card.rank]


def widow_chance(trumps_held: int, unseen: int = 23, widow: int = 3, suit_size: int = 10) -> tuple[int, int]:
    """(widows holding at least one more trump, all widows) for a player holding ``trumps_held``
    of the ten trumps, by the formula (the tests count the widows one by one as well)."""
    missing = suit_size - trumps_held
    total = comb(unseen, widow)
    return total - comb(unseen - missing, widow), total


@dataclass(frozen=True, slots=True)
class FHContract:
    """The hand being played: the bidder and his bid (``bidder`` None when nobody bid)."""

    bidder: Seat | None
    tricks: int = 0
    suit: Suit | None = None
    joker_suit: Suit | None = None       # the suit the joker was named for, once led at no trumps
    offender: Seat | None = None         # a revoke is being put right: the hand replayed from it

    @property
    def value(self) -> int:
        return 0 if self.bidder is None else avondale(self.tricks, self.suit)

    @property
    def word(self) -> str:
        return bid_word(self.tricks, self.suit) if self.bidder is not None else "no bid"

    # what the card table's information panel reads
    @property
    def caller(self) -> Seat | None:
        return self.bidder

    @property
    def kind(self) -> str:
        if self.bidder is None:
            return "no bid"
        trump = "no trumps" if self.suit is None else self.suit.title
        return f"{self.tricks} {trump} ({self.value})"


class FiveHundred(TrickGame):
    info = BY_ID["five_hundred"]
    option_specs = (
        OptionSpec("revokes", "refused", ("refused", "penalised"), "Revokes",
                   labels=("The table refuses a revoke",
                           "A revoke may be played and is settled by Hoffmann's rule")),
    )
    revoke_option = "revokes"

    def seats(self, opts: Options) -> int:
        return 3

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["piquet32+joker"]

    def call_words(self) -> tuple[str, ...]:
        return ("pass", "joker")

    # -- the deal ----------------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        # three rounds of three to each player from the dealer's left, then one round of one;
        # the three cards left over are the widow, face down
        slots, pos = self.deal_round(3, 9, order, 0, packet=3)
        for k in range(3):
            slots[k].append(order[pos + k])
        widow = tuple(order[pos + 3:pos + 6])
        owners = tuple((state.dealer + 1 + k) % 3 for k in range(3))
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners, hand_sets=(0,) * 3,
                       taken_up=(True,) * 3, stock=widow)

    def start_hand(self, state: TricksState) -> TricksState:
        order = tuple((state.dealer + 1 + k) % 3 for k in range(3))
        return replace(state, phase="auction", turn=order[0], bidding=auc.start(order), trump=None)

    # -- ranks and suits in play -----------------------------------------------------------------------
    def effective_suit(self, state: TricksState, card: Card) -> Suit | None:
        suit = trump_card_suit(card, state.trump)
        if suit is None:                       # the joker at no trumps: its suit once named
            contract = state.contract
            return contract.joker_suit if isinstance(contract, FHContract) else None
        return suit

    def power(self, state: TricksState, card: Card) -> int:
        return trump_power(card, state.trump)

    def renounced(self, state: TricksState, seat: Seat) -> set[Suit]:
        """The suits ``seat`` has failed to follow in the tricks finished this hand."""
        out: set[Suit] = set()
        for t in state.tricks:
            led = self.effective_suit(state, state.deck[t.plays[0][1]])
            for s, cid in t.plays[1:]:
                if s == seat and led is not None and self.effective_suit(state, state.deck[cid]) != led:
                    out.add(led)
        return out

    def trick_winner(self, state: TricksState, plays: Sequence[tuple[Seat, int]]) -> Seat:
        if state.trump is None:
            for k, (seat, cid) in enumerate(plays):
                if state.deck[cid].is_joker and k > 0:
                    led = self.effective_suit(state, state.deck[plays[0][1]])
                    # the joker played to a suit its holder had already renounced is worth nothing
                    if led not in self.renounced(state, seat):
                        return seat
        return super().trick_winner(state, plays)

    # -- the calls: auction, widow, the joker's suit ------------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "auction":
            out: list[TricksAction] = []
            for word in AUCTION.calls(state.bidding, seat):
                out.append(Call("pass") if word == "pass" else Call(word))
            return out
        if state.phase == "discard":
            slot = active_slot(state, seat)
            assert slot is not None
            return [Discard(state.deck[i]) for i in state.hands[slot]]
        if state.phase == "joker":
            return [Call("joker", s) for s in self.joker_suits(state, seat)]
        return []

    def joker_suits(self, state: TricksState, seat: Seat) -> list[Suit]:
        """The suits the leader of the joker may name: not one he has renounced."""
        gone = self.renounced(state, seat)
        free = [s for s in SUITS if s not in gone]
        return free or list(SUITS)     # every suit renounced (only the joker left): no restriction

    def apply(self, state: TricksState, action: TricksAction) -> TricksState:
        if state.phase == "joker" and isinstance(action, Play):
            raise IllegalAction("the joker has been led: its leader first names the suit it "
                                "stands for", self.ref("the-joker-at-no-trumps"))
        if state.phase == "play" and isinstance(action, Call) and action.word == "joker":
            raise IllegalAction("the joker's suit is named only by its leader, when it is led at "
                                "no trumps", self.ref("the-joker-at-no-trumps"))
        if state.phase == "discard" and isinstance(action, Play):
            raise IllegalAction("the bidder must first discard three cards", self.ref("the-widow"))
        return super().apply(state, action)

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        if state.phase == "discard":
            assert isinstance(action, Discard)
            return self._discard(state, seat, action.card)
        assert isinstance(action, Call)
        if state.phase == "joker":
            contract = replace(state.contract, joker_suit=action.suit)
            nxt = (seat + 1) % state.n
            return replace(state, contract=contract, phase="play", turn=nxt,
                           calls=state.calls + ((seat, f"joker {decl_code(action.suit)}"),))
        a = AUCTION.call(state.bidding, seat, action.word)
        s = replace(state, bidding=a, calls=state.calls + ((seat, action.word),))
        if not a.closed:
            return replace(s, turn=a.turn)
        if a.high is None:
            # nobody bid: no trumps, the widow untouched, the eldest leads, ten a trick each
            eldest = (state.dealer + 1) % state.n
            return replace(s, phase="play", contract=FHContract(None), trump=None, leader=eldest,
                           turn=eldest)
        assert a.high_seat is not None
        tricks, suit = parse_bid(a.high)
        bidder = a.high_seat
        slot = active_slot(s, bidder)
        assert slot is not None
        hands = list(s.hands)
        hands[slot] = hands[slot] + s.stock          # the bidder takes the widow into his hand
        return replace(s, hands=tuple(hands), stock=(), phase="discard", turn=bidder, trump=suit,
                       contract=FHContract(bidder, tricks, suit))

    def _discard(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        slot = active_slot(state, seat)
        assert slot is not None
        cid = next(i for i in state.hands[slot] if state.deck[i] == card)
        hands = list(state.hands)
        hands[slot] = tuple(i for i in hands[slot] if i != cid)
        discards = list(state.discards)
        discards[seat] = discards[seat] + (cid,)
        s = replace(state, hands=tuple(hands), discards=tuple(discards))
        if len(hands[slot]) > 10:
            return s
        return replace(s, phase="play", leader=seat, turn=seat)   # the bidder leads

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        if state.phase == "discard":
            return IllegalAction("the bidder now discards three cards from his thirteen, one at a "
                                 "time", self.ref("the-widow"))
        if state.phase == "joker":
            if isinstance(action, Call) and action.word == "joker" and action.suit is not None:
                return IllegalAction(f"the joker may not be named a {action.suit.title[:-1]}: its "
                                     f"leader has already renounced {action.suit.title}",
                                     self.ref("the-joker-at-no-trumps"))
            return IllegalAction("name the suit the joker stands for", self.ref("the-joker-at-no-trumps"))
        if isinstance(action, Discard):
            return IllegalAction("only the bidder discards, after taking the widow", self.ref("the-widow"))
        word = getattr(action, "word", "")
        if state.phase == "play":
            if word == "joker":
                return IllegalAction("the joker's suit is named only when it is led at no trumps",
                                     self.ref("the-joker-at-no-trumps"))
            return IllegalAction("the bidding is over: play a card", self.ref("the-play"))
        a: auc.Auction = state.bidding
        if word in BIDS:
            if seat in a.passed:
                return IllegalAction("a player who has passed may not bid again", self.ref("bidding"))
            assert a.high is not None
            return IllegalAction(f"a bid must be worth more than {a.high} ({bid_value(a.high)}); "
                                 f"{word} is worth {bid_value(word)}", self.ref("the-avondale-schedule"))
        if word == "joker":
            return IllegalAction("the joker's suit is named only when it is led at no trumps",
                                 self.ref("the-joker-at-no-trumps"))
        return IllegalAction(f"'{self.action_to_str(action)}' is not a bid: six to ten tricks in a "
                             "suit or no trumps, or pass", self.ref("bidding"))

    # -- the play -----------------------------------------------------------------------------------------
    def play_card(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        leading = not state.trick
        s = super().play_card(state, seat, card)
        if leading and card.is_joker and state.trump is None:
            return replace(s, phase="joker", turn=seat)   # the leader names the joker's suit
        return s

    def ref_follow(self) -> str:
        return self.ref("following-suit")

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        refusal = super().why_not_playable(state, seat, card)
        if refusal is not None and card.is_joker and state.trump is None and state.trick:
            led = self.effective_suit(state, state.deck[state.trick[0][1]])
            assert led is not None
            return IllegalAction(f"you hold {led.title}: at no trumps the joker may be played only "
                                 "by a player who cannot follow suit", self.ref("the-joker-at-no-trumps"))
        return refusal

    # -- the score ----------------------------------------------------------------------------------------
    def hand_points(self, contract: FHContract, winners: Sequence[Seat], n: int = 3) -> list[int]:
        """What each seat scores for a hand whose tricks went to ``winners`` (no revoke)."""
        taken = [sum(1 for w in winners if w == s) for s in range(n)]
        out = [TRICK_POINTS * taken[s] for s in range(n)]
        if contract.bidder is not None:
            b = contract.bidder
            value = contract.value
            if taken[b] >= contract.tricks:
                out[b] = max(value, ALL_TRICKS_MINIMUM) if taken[b] == 10 else value
            else:
                out[b] = -value
        if contract.offender is not None:
            off = contract.offender
            out[off] = -contract.value if off == contract.bidder else -REVOKE_PENALTY
        return out

    def end_hand(self, state: TricksState) -> TricksState:
        contract: FHContract = state.contract
        if state.revokes and contract.offender is None:
            return self._revoke_found(state)
        n = state.n
        winners = [t.winner for t in state.tricks]
        points = self.hand_points(contract, winners, n)
        taken = [sum(1 for w in winners if w == s) for s in range(n)]
        sheet = state.sheet
        deal = state.deal_no
        for s in range(n):
            name = self.seat_name(s)
            tr = f"{taken[s]} trick{'s' if taken[s] != 1 else ''}"
            if s == contract.offender:
                text = (f"{name} revoked as bidder: {contract.value} in the minus column"
                        if s == contract.bidder else
                        f"{name} revoked: scores nothing and is set back {REVOKE_PENALTY}")
                sheet = sheet.add(deal, s, points[s], text, self.ref("revokes"))
            elif s == contract.bidder:
                if points[s] > 0:
                    extra = " (all ten: at least 250)" if taken[s] == 10 and points[s] > contract.value else ""
                    text = f"{name} makes {contract.word} with {tr}: {points[s]}{extra}"
                else:
                    text = f"{name} fails in {contract.word} with {tr}: {contract.value} in the minus column"
                sheet = sheet.add(deal, s, points[s], text, self.ref("scoring"))
            elif points[s]:
                rule = self.ref("no-bid") if contract.bidder is None else self.ref("scoring")
                sheet = sheet.add(deal, s, points[s], f"{name}: {tr}, {points[s]}", rule)
        s2 = replace(state, sheet=sheet)
        before = state.sheet.totals
        return self._game_over_or_next(s2, before, winners)

    def _game_over_or_next(self, state: TricksState, before: Sequence[int], winners: Sequence[Seat]) -> TricksState:
        contract: FHContract = state.contract
        totals = state.sheet.totals
        over = [s for s in range(state.n) if totals[s] >= GAME_TARGET]
        if not over:
            return replace(state, phase="deal", turn=None)
        rule = self.ref("the-end-of-the-game")
        if len(over) == 1:
            w = over[0]
            return self.finish(state, [w], f"{self.seat_name(w)} reaches {totals[w]}", rule)
        if contract.bidder in over:
            w = contract.bidder
            return self.finish(state, [w], f"{self.seat_name(w)} and another pass {GAME_TARGET} in "
                               "the same hand: the bidder wins", rule)
        running = list(before)
        for w in winners:
            if w == contract.offender:
                continue
            running[w] += TRICK_POINTS
            if running[w] >= GAME_TARGET and w in over:
                return self.finish(state, [w], f"two players pass {GAME_TARGET} in the same hand: "
                                   f"{self.seat_name(w)}'s trick took him there first", rule)
        best = max(over, key=lambda s: totals[s])           # not reached with the book's scoring
        return self.finish(state, [best], f"{self.seat_name(best)} reaches {totals[best]}", rule)

    def _revoke_found(self, state: TricksState) -> TricksState:
        """Hoffmann's rule: the cards of the revoke trick and every later trick go back to their
        holders and the hand is played on from there, strictly; the offender is settled when it
        ends (a bidder set back his bid, an opponent nothing and 100 off)."""
        contract: FHContract = state.contract
        offender, trick_no = state.revokes[0]
        keep = state.tricks[:trick_no - 1]
        back = state.tricks[trick_no - 1:]
        held: dict[Seat, list[int]] = {s: [] for s in range(state.n)}
        for t in back:
            for seat, cid in t.plays:
                held[seat].append(cid)
        hands = list(state.hands)
        for k, owner in enumerate(state.owners):
            hands[k] = tuple(sorted(hands[k] + tuple(held[owner])))
        joker_suit = contract.joker_suit
        joker_back = any(state.deck[cid].is_joker for t in back for _, cid in t.plays)
        if joker_back:
            joker_suit = None
        lead = back[0].leader
        return replace(state, hands=tuple(hands), tricks=keep, trick=(), revokes=(), phase="play",
                       contract=replace(contract, offender=offender, joker_suit=joker_suit),
                       leader=lead, turn=lead,
                       calls=state.calls + ((offender, "revoke: the hand is played on from it"),))

    def revokes_allowed(self, state: TricksState) -> bool:
        contract = state.contract
        if isinstance(contract, FHContract) and contract.offender is not None:
            return False          # the hand played again after a revoke is played strictly
        return super().revokes_allowed(state)

    def columns(self, state: TricksState, seat: Seat) -> tuple[int, int, int]:
        """The book's three columns for ``seat``: points won, points lost, and the net total."""
        won = sum(line.points for line in state.sheet.lines if line.side == seat and line.points > 0)
        lost = -sum(line.points for line in state.sheet.lines if line.side == seat and line.points < 0)
        return won, lost, state.sheet.totals[seat]

    def sheet_lines(self, view: Any, name: Any) -> list[str]:
        """The score panel of the card table: Won, Lost and Net for each player, then what the
        last hand scored."""
        pub = view.pub
        lines = [f"Deal {pub.deal_no} · game {GAME_TARGET}", f"{'':<6} {'Won':>5} {'Lost':>5} {'Net':>5}"]
        for seat in range(pub.n):
            won, lost, net = self.columns(pub, seat)
            lines.append(f"{name(seat):<6} {won:>5} {lost:>5} {net:>5}")
        recent = pub.sheet.lines_of_deal(pub.deal_no) or pub.sheet.lines_of_deal(pub.deal_no - 1)
        for line in recent[-4:]:
            lines.append(line.text if len(line.text) < 46 else line.text[:44] + "…")
        return lines

    # -- text ---------------------------------------------------------------------------------------------
    def action_to_str(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word == "joker" and action.suit is not None:
            return f"joker {action.suit.letter}"
        return super().action_to_str(action)

    def action_from_str(self, state: TricksState, text: str) -> TricksAction:
        low = " ".join(text.strip().lower().split())
        m = _BID_RE.match(low)
        if m:
            decl = m.group(2)
            suit = None if decl.startswith("n") else _DECL_BY_TEXT[decl[0]]
            return Call(bid_word(int(m.group(1)), suit))
        m = re.fullmatch(r"joker\s+(s|c|d|h|spades?|clubs?|diamonds?|hearts?)", low)
        if m:
            return Call("joker", _DECL_BY_TEXT[m.group(1)[0]])
        if re.fullmatch(r"\d+\s*\S*", low) and not low.startswith(("play", "discard", "deal")):
            raise NotationError(f"{text!r} is not a bid: six to ten tricks and S, C, D, H or NT, "
                                "such as '7H' or '6NT'")
        return super().action_from_str(state, text)

    def call_grid(self, view: Any, calls: Sequence[TricksAction]
                  ) -> tuple[tuple[str, ...], tuple[str, ...], dict[tuple[int, int], Call]] | None:
        """The table's bidding box during the bidding: rows six to ten tricks, columns the
        declarations in Avondale order (spades to no trumps), every cell's bid."""
        if not any(isinstance(a, Call) and a.word in BIDS for a in calls):
            return None
        cells = {(r, c): Call(bid_word(t, s)) for r, t in enumerate(BID_TRICKS)
                 for c, s in enumerate(DECLARATIONS)}
        return (tuple(str(t) for t in BID_TRICKS),
                tuple("NT" if s is None else s.symbol for s in DECLARATIONS), cells)

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word in BIDS:
            tricks, suit = parse_bid(action.word)
            return f"{tricks} {'NT' if suit is None else suit.symbol} · {avondale(tricks, suit)}"
        if isinstance(action, Call) and action.word == "joker" and action.suit is not None:
            return f"Joker as {action.suit.symbol} {action.suit.title}"
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        who = self.seat_name(state.turn) if state.turn is not None else ""
        if isinstance(action, Call) and action.word in BIDS:
            tricks, suit = parse_bid(action.word)
            trump = "no trumps" if suit is None else suit.title
            return f"{who} bids {tricks} {trump} ({avondale(tricks, suit)})"
        if isinstance(action, Call) and action.word == "pass":
            return f"{who} passes"
        if isinstance(action, Call) and action.word == "joker" and action.suit is not None:
            return f"{who} names the joker a {action.suit.title[:-1]}"
        return super().describe(state, action)


GAME = FiveHundred()
