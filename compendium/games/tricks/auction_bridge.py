"""Auction Bridge under the Portland and Bath Clubs' laws of 1908 (Hoyle 1909).

The 1908 code prints only the laws that differ from Bridge; the rest ("as in Bridge") are the
Bridge laws of 1904: the trick values, honours, chicane, slams and the game of thirty below the
line (catalogue 5.5).  What the auction adds:

* The dealer must open with a call of at least one odd trick (Law 47).  Then each player in turn
  passes, doubles, redoubles, or overcalls with a call of higher *value* — tricks over six times
  the trick value (spades 2, clubs 4, diamonds 6, hearts 8, no trumps 12) — a call of equal value
  and more tricks counting as higher (Law 48).  Doubling does not change a call's value in the
  auction (Law 55), may be redoubled once (Law 56) and reopens the bidding (Law 57).  Three passes
  after a call end the auction (Law 60: every player has shown himself satisfied).
* The side that made the final call plays; of the two partners the one who first named the final
  denomination is the declarer (Law 49), and his partner is the dummy, whose cards are laid face
  up after the opening lead and are played by the declarer.  The player on the declarer's left
  leads (Law 60).
* Scoring: the declarer's side scores all its tricks over six below the line when it makes the
  contract (Law 50), doubled or redoubled in value when the call was doubled; otherwise the
  adversaries score 50, 100 or 200 a trick under above the line (Law 50), at most 100 on One
  Spade (Law 51).  A doubled contract made earns 50 and 50 more for each trick over, twice that
  redoubled (Law 58).  Honours, chicane and slams as in Bridge; 250 for the rubber (Law 11).
  Revokes (when the option lets them be played): 150 above the line, or three tricks taken by
  the declarer from a revoking adversary, and the revoking side scores only honours and chicane
  (Law 90).

Seats: 0 A (you), 1 Y, 2 B, 3 Z — partners A and B against Y and Z.  ``state.turn`` is the seat
whose card is to be played; when that is the dummy, the declarer moves (``to_move``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat, Special
from ...core.rng import SplitMix64
from ..catalogue import BY_ID
from .bridge_scoring import (  # noqa: F401  (the shared names are Auction Bridge's too)
    DENOM_NAMES,
    DENOM_OF,
    DENOMS,
    GAME_POINTS,
    HONOURS,
    SUIT_OF,
    SYMBOL,
    TRICK_VALUE,
    HandScore,
    chicane_scores,
    honour_lines,
    honours_score,
    record_hand,
    side_of,
    slam_lines,
)
from .engine import Call, Play, TrickGame, TricksAction, TricksState, TricksView, hands_as_dealt, partnership_tricks

# -- the calls ---------------------------------------------------------------------------------
# The denominations, their trick values, honours, chicane, slams and the game are Bridge's
# (bridge_scoring.py, shared with Bridge itself).
NUMBER_WORDS = ("", "One", "Two", "Three", "Four", "Five", "Six", "Seven")
BIDS: tuple[str, ...] = tuple(f"{k}{d}" for k in range(1, 8) for d in DENOMS)
_PACK: tuple[Card, ...] = PACKS["52"]
_INDEX: dict[Card, int] = {c: k for k, c in enumerate(_PACK)}
RUBBER_POINTS = 250       # Law 11
REVOKE_POINTS = 150       # Law 90
UNDERTRICK = (50, 100, 200)   # Law 50: undoubled, doubled, redoubled


def parse_bid(bid: str) -> tuple[int, str]:
    return int(bid[0]), bid[1:]


def bid_value(bid: str) -> int:
    """Law 48: a call's value is its tricks over six times the trick value."""
    tricks, denom = parse_bid(bid)
    return tricks * TRICK_VALUE[denom]


def bid_key(bid: str) -> tuple[int, int]:
    """What overcalls what: the higher value, or at equal value the greater number of tricks
    (Law 48: Two Spades overcall One Club, Two Diamonds overcall One No Trump).  Doubling plays no
    part (Law 55)."""
    tricks, _ = parse_bid(bid)
    return bid_value(bid), tricks


def overcalls(bid: str, previous: str | None) -> bool:
    return previous is None or bid_key(bid) > bid_key(previous)


def bid_name(bid: str) -> str:
    tricks, denom = parse_bid(bid)
    singular, plural = DENOM_NAMES[denom]
    return f"{NUMBER_WORDS[tricks]} {singular if tricks == 1 else plural}"


def partner(seat: Seat) -> Seat:
    return (seat + 2) % 4


@dataclass(frozen=True, slots=True)
class BridgeAuction:
    """The auction so far: the highest call, its doubling, and who first named each denomination
    for each side (Law 49 gives the play to that partner)."""

    high: str | None = None
    high_seat: Seat | None = None
    doubled: int = 0                          # 0, 1 doubled, 2 redoubled
    passes: int = 0                           # passes since the last bid, double or redouble
    first_named: tuple[tuple[int, str, Seat], ...] = ()   # (side, denomination, seat)

    def first_to_name(self, side: int, denom: str) -> Seat | None:
        for s, d, seat in self.first_named:
            if s == side and d == denom:
                return seat
        return None


@dataclass(frozen=True, slots=True)
class BridgeContract:
    tricks: int
    denom: str
    doubled: int
    declarer: Seat

    @property
    def caller(self) -> Seat:          # the table's info panel names the caller
        return self.declarer

    @property
    def dummy(self) -> Seat:
        return partner(self.declarer)

    @property
    def bid(self) -> str:
        return f"{self.tricks}{self.denom}"

    @property
    def call(self) -> str:
        return bid_name(self.bid) + ("", " doubled", " redoubled")[self.doubled]

    @property
    def needed(self) -> int:
        return self.tricks + 6


def score_hand(contract: BridgeContract, holdings: Sequence[Sequence[Card]], taken: Sequence[int],
               revokes: Sequence[Seat] = (), take_tricks: bool = False,
               names: str = "AYBZ") -> HandScore:
    """Score one hand under Laws 50, 51, 58 and 90 and the Bridge values.

    ``holdings`` are the four hands as dealt, ``taken`` the tricks each *side* won in play,
    ``revokes`` the seats that revoked (one entry a revoke), ``take_tricks`` the declarer's choice
    of three tricks a revoke rather than 150 points when an adversary revoked."""
    lines: list[tuple[int, int, str, str, bool]] = []
    dec_side = side_of(contract.declarer)
    adv_side = 1 - dec_side
    tv = TRICK_VALUE[contract.denom]
    dec_revokes = sum(1 for s in revokes if side_of(s) == dec_side)
    adv_revokes = len(revokes) - dec_revokes
    barred = {side_of(s) for s in revokes}     # Law 90: the revoking side scores only honours
    own = taken[dec_side]
    penalty_tricks = min(3 * adv_revokes, taken[adv_side]) if take_tricks and adv_revokes else 0
    counted = own + penalty_tricks
    if counted >= contract.needed:
        if dec_side not in barred:
            odd = counted - 6
            lines.append((dec_side, odd * tv * (1, 2, 4)[contract.doubled],
                          f"{odd} by cards in {DENOM_NAMES[contract.denom][1].lower()}"
                          + ("", " doubled", " redoubled")[contract.doubled], "tricks-below-the-line", True))
            if contract.doubled and own >= contract.needed:
                bonus = 50 * (1 + own - contract.needed) * (1 if contract.doubled == 1 else 2)
                kind = ("", "doubled", "redoubled")[contract.doubled]
                lines.append((dec_side, bonus, f"bonus for a {kind} contract made", "doubled-contracts", False))
    elif adv_side not in barred:
        under = contract.needed - counted
        points = under * UNDERTRICK[contract.doubled]
        text = f"{under} trick{'s' if under != 1 else ''} under {bid_name(contract.bid)}"
        if contract.bid == "1s" and points > 100:
            points, text = 100, text + " (One Spade: loss limited to 100)"
        lines.append((adv_side, points, text, "penalties", False))
    if dec_revokes:
        lines.append((adv_side, REVOKE_POINTS * dec_revokes, "the declarer's side revoked", "the-revoke", False))
    if adv_revokes and not take_tricks:
        lines.append((dec_side, REVOKE_POINTS * adv_revokes, "an adversary revoked", "the-revoke", False))
    # Honours and chicane count whatever happened (even for a revoking side, Law 90).
    lines += honour_lines(holdings, contract.denom, names)
    lines += slam_lines(taken, barred)
    return HandScore(tuple(lines))


# -- the game -------------------------------------------------------------------------------------
class AuctionBridge(TrickGame):
    info = BY_ID["auction_bridge"]
    option_specs = (
        OptionSpec("revokes", "refused", ("refused", "penalised"), "Revokes",
                   help="Refused by the table (the default), or let stand and penalised by Law 90",
                   labels=("Refused, citing the law", "Played and penalised (Law 90)")),
    )
    revoke_option = "revokes"

    def seats(self, opts: Options) -> int:
        return 4

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["52"]

    def sides(self, opts: Options) -> tuple[tuple[Seat, ...], ...]:
        return ((0, 2), (1, 3))

    def call_words(self) -> tuple[str, ...]:
        return ("pass", "double", "redouble", "points", "tricks") + BIDS

    # -- the deal ------------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        slots, _ = self.deal_round(4, 13, order, 0)      # one at a time from the dealer's left
        owners = tuple((state.dealer + 1 + k) % 4 for k in range(4))
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners, hand_sets=(0,) * 4,
                       taken_up=(True,) * 4, trump=None)

    def start_hand(self, state: TricksState) -> TricksState:
        return replace(state, phase="auction", turn=state.dealer, bidding=BridgeAuction())

    # -- who moves: the declarer plays the dummy's cards ------------------------------------------
    def controller(self, state: TricksState, seat: Seat) -> Seat:
        contract = state.contract
        if state.phase == "play" and isinstance(contract, BridgeContract) and seat == contract.dummy:
            return contract.declarer
        return seat

    def to_move(self, state: TricksState) -> Seat | Special:
        who = super().to_move(state)
        if isinstance(who, Special):
            return who
        return self.controller(state, who)

    def legal_actions(self, state: TricksState, seat: Seat) -> Sequence[TricksAction]:
        if state.phase in ("deal", "over") or state.turn is None:
            return ()
        if self.controller(state, state.turn) != seat:
            return ()
        if state.phase == "play":
            return tuple(Play(c) for c in self.playable(state, state.turn))
        return tuple(self.call_actions(state, seat))

    def playable(self, state: TricksState, seat: Seat, *, strict: bool | None = None) -> list[Card]:
        # The dummy cannot revoke (Bridge law): its cards lie on the table for all to see.
        if isinstance(state.contract, BridgeContract) and seat == state.contract.dummy:
            strict = True
        return TrickGame.playable(self, state, seat, strict=strict)

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        contract = state.contract
        if isinstance(contract, BridgeContract) and seat == contract.dummy:
            own = self._hand_faces(state, contract.declarer)
            if card in own:
                return IllegalAction(f"it is the dummy's turn to play: the {card.name} is in your own "
                                     "hand; play a card from the dummy", self.ref("the-dummy"))
            if card not in self._hand_faces(state, seat):
                return IllegalAction(f"the {card.name} is not in the dummy's hand", self.ref("the-dummy"))
        elif (isinstance(contract, BridgeContract) and seat == contract.declarer
              and card in self._hand_faces(state, contract.dummy)):
            return IllegalAction(f"it is your own turn to play, not the dummy's: the {card.name} "
                                 "lies in the dummy", self.ref("the-dummy"))
        return super().why_not_playable(state, seat, card)

    def _hand_faces(self, state: TricksState, seat: Seat) -> list[Card]:
        from .engine import active_slot
        slot = active_slot(state, seat)
        return [] if slot is None else [state.deck[i] for i in state.hands[slot]]

    def play_card(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        s = super().play_card(state, seat, card)
        contract = state.contract
        if not state.tricks and not state.trick and isinstance(contract, BridgeContract):
            # Law 62: as soon as the opening card is led the dummy's cards go face up.
            s = replace(s, exposed=(contract.dummy,))
        return s

    # -- the auction -----------------------------------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "penalty":
            return [Call("points"), Call("tricks")]
        if state.phase != "auction":
            return []
        a: BridgeAuction = state.bidding
        out: list[TricksAction] = []
        if a.high is not None:
            out.append(Call("pass"))            # Law 47: the dealer may not pass his first call
            if side_of(seat) != side_of(a.high_seat) and a.doubled == 0:
                out.append(Call("double"))
            if side_of(seat) == side_of(a.high_seat) and a.doubled == 1:
                out.append(Call("redouble"))
        out += [Call(b) for b in BIDS if overcalls(b, a.high)]
        return out

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if not isinstance(action, Call) or action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        said = state.calls + ((seat, self.action_to_str(action)),)
        if state.phase == "penalty":
            return self._score(replace(state, calls=said), take_tricks=action.word == "tricks")
        a: BridgeAuction = state.bidding
        word = action.word
        if word == "pass":
            a = replace(a, passes=a.passes + 1)
        elif word == "double":
            a = replace(a, doubled=1, passes=0)
        elif word == "redouble":
            a = replace(a, doubled=2, passes=0)
        else:
            _, denom = parse_bid(word)
            named = a.first_named
            if a.first_to_name(side_of(seat), denom) is None:
                named = named + ((side_of(seat), denom, seat),)
            a = BridgeAuction(word, seat, 0, 0, named)
        s = replace(state, calls=said, bidding=a)
        if a.passes < 3:
            return replace(s, turn=(seat + 1) % 4)
        # Three passes after the last call: every player is satisfied (Law 60).
        assert a.high is not None and a.high_seat is not None
        tricks, denom = parse_bid(a.high)
        declarer = a.first_to_name(side_of(a.high_seat), denom)
        assert declarer is not None
        contract = BridgeContract(tricks, denom, a.doubled, declarer)
        lead = (declarer + 1) % 4
        return replace(s, contract=contract, trump=SUIT_OF[denom], phase="play", leader=lead, turn=lead)

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        word = getattr(action, "word", "")
        if state.phase == "play":
            return IllegalAction("the auction is over: play a card", self.ref("the-play"))
        if state.phase == "penalty":
            return IllegalAction("the declarer now chooses the revoke penalty: 150 points or three "
                                 "tricks", self.ref("the-revoke"))
        a: BridgeAuction = state.bidding
        if word in ("points", "tricks"):
            return IllegalAction("a revoke penalty is chosen only after the play of a hand in which "
                                 "an adversary revoked", self.ref("the-revoke"))
        if a.high is None:
            return IllegalAction("the dealer must open the auction with a call of at least one odd "
                                 "trick: he may not pass, double or redouble", self.ref("the-auction"))
        if word in BIDS:
            return IllegalAction(f"{bid_name(word)} (value {bid_value(word)}) does not overcall "
                                 f"{bid_name(a.high)} (value {bid_value(a.high)}): a call must be of "
                                 "higher value, or of equal value and more tricks", self.ref("overcalling"))
        if word == "double":
            if side_of(seat) == side_of(a.high_seat):
                return IllegalAction("you may not double your own side's call", self.ref("doubling-and-redoubling"))
            return IllegalAction("this call is already doubled; it may be redoubled only by the side "
                                 "that made it", self.ref("doubling-and-redoubling"))
        if word == "redouble":
            if a.doubled == 2:
                return IllegalAction("a call may be redoubled once, not more", self.ref("doubling-and-redoubling"))
            if a.doubled == 0:
                return IllegalAction("only a doubled call may be redoubled", self.ref("doubling-and-redoubling"))
            return IllegalAction("only the side whose call was doubled may redouble",
                                 self.ref("doubling-and-redoubling"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("the-auction"))

    # -- the score -----------------------------------------------------------------------------------
    def holdings(self, state: TricksState) -> list[list[Card]]:
        """Each seat's thirteen cards as dealt (every card of a finished hand has been played)."""
        return hands_as_dealt(state)

    def side_tricks(self, state: TricksState, extra: Sequence[int] = ()) -> list[int]:
        return partnership_tricks(state, extra)

    def end_hand(self, state: TricksState) -> TricksState:
        contract: BridgeContract = state.contract
        adversary_revoked = any(side_of(s) != side_of(contract.declarer) for s, _ in state.revokes)
        if adversary_revoked:
            # Law 90 (b): the declarer chooses 150 points or three tricks.
            return replace(state, phase="penalty", turn=contract.declarer)
        return self._score(state, take_tricks=False)

    def hand_score(self, state: TricksState, take_tricks: bool = False) -> HandScore:
        return score_hand(state.contract, self.holdings(state), self.side_tricks(state),
                          [s for s, _ in state.revokes], take_tricks)

    def _score(self, state: TricksState, take_tricks: bool) -> TricksState:
        # Law 2: thirty below the line is a game; Law 11: 250 to the winners of the rubber.
        return record_hand(state, self.hand_score(state, take_tricks), RUBBER_POINTS, self.ref,
                           self.finish)

    def rules_section(self, state: TricksState) -> str | None:
        if state.phase == "penalty":
            return self.page_section("the-revoke")
        return super().rules_section(state)

    # -- text --------------------------------------------------------------------------------------
    def call_grid(self, view: TricksView, calls: Sequence[TricksAction]
                  ) -> tuple[tuple[str, ...], tuple[str, ...], dict[tuple[int, int], Call]] | None:
        """The table's bidding box while calls of tricks may be made: rows one to seven, columns
        the denominations from the lowest (spades) to no trumps, every cell's call."""
        if not any(isinstance(a, Call) and a.word in BIDS for a in calls):
            return None
        cells = {(k - 1, j): Call(f"{k}{d}") for k in range(1, 8) for j, d in enumerate(DENOMS)}
        return tuple(str(k) for k in range(1, 8)), tuple(SYMBOL[d] for d in DENOMS), cells

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call):
            if action.word in BIDS:
                tricks, denom = parse_bid(action.word)
                return f"{tricks} {SYMBOL[denom]}"
            labels = {"pass": "Pass", "double": "Double", "redouble": "Redouble",
                      "points": "Take 150 points", "tricks": "Take three tricks"}
            if action.word in labels:
                return labels[action.word]
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        if isinstance(action, Play) and seat is not None and isinstance(state.contract, BridgeContract) \
                and seat == state.contract.dummy:
            return (f"{self.seat_name(state.contract.declarer, 4)} plays the {action.card.name} "
                    "from the dummy")
        if isinstance(action, Call) and action.word in BIDS and seat is not None:
            return f"{self.seat_name(seat, 4)}: {bid_name(action.word)}"
        return super().describe(state, action)

    def sheet_lines(self, view: TricksView, title: Callable[[Seat], str]) -> list[str]:
        """The score panel as a bridge block: above and below the line for each side."""
        pub = view.pub
        above = pub.fact("above_all", (0, 0))
        below = pub.fact("below", (0, 0))
        games = pub.sheet.games
        names = [f"{title(0)}–{title(2)}", f"{title(1)}–{title(3)}"]
        lines = [f"Rubber · deal {pub.deal_no}"]
        lines.append(f"{'':<11}{names[0]:>10}{names[1]:>10}")
        lines.append(f"{'above':<11}{above[0]:>10}{above[1]:>10}")
        lines.append(f"{'below':<11}{below[0]:>10}{below[1]:>10}")
        lines.append(f"{'games':<11}{games[0]:>10}{games[1]:>10}")
        lines.append(f"{'total':<11}{pub.sheet.totals[0]:>10}{pub.sheet.totals[1]:>10}")
        recent = pub.sheet.lines_of_deal(pub.deal_no) or pub.sheet.lines_of_deal(pub.deal_no - 1)
        for line in recent[-4:]:
            text = f"{names[line.side]}: {line.text}"
            lines.append(text if len(text) < 46 else text[:44] + "…")
        return lines

    # -- sampling the unseen cards consistently with the auction ---------------------------------------
    def bid_constraints(self, pub: TricksState) -> dict[Seat, tuple[str, int]]:
        """What each seat's genuine calls said about its hand: a suit call promises four cards of
        the suit, a no-trump call twelve points of high cards (ace 4, king 3, queen 2, knave 1).
        The dealer's opening One Spade and its partner's Two Spades in reply are the conventional
        calls of the book, not promises."""
        out: dict[Seat, tuple[str, int]] = {}
        history = [(s, w) for s, w in pub.calls if w in BIDS]
        for k, (seat, word) in enumerate(history):
            if k == 0 and word == "1s" and seat == pub.dealer:
                continue
            if k == 1 and word == "2s" and seat == partner(pub.dealer) and history[0][1] == "1s":
                continue
            denom = parse_bid(word)[1]
            out.setdefault(seat, ("nt", 12) if denom == "nt" else (denom, 4))
        return out

    def determinize(self, view: TricksView, seat: Seat, rng: SplitMix64) -> TricksState:
        """A full state agreeing with the view; for the computer the unseen hands are also made to
        agree, where a dozen tries allow, with what the calls promised (``bid_constraints``)."""
        wants = {s: c for s, c in self.bid_constraints(view.pub).items() if s != seat}
        return self._deal_unseen(view, rng, wants)

    def shuffle_unseen(self, state: TricksState, seat: Seat, seed: int) -> TricksState:
        return self._deal_unseen(self.view(state, seat), SplitMix64(seed), {})

    def _deal_unseen(self, view: TricksView, rng: SplitMix64,
                     wants: dict[Seat, tuple[str, int]]) -> TricksState:
        """The engine's re-deal, written out for one set of four hands and cards indexed by their
        place in the pack: the computer calls it thousands of times a hand."""
        pub = view.pub
        deck: list[Card | None] = [c.face for c in view.cards]
        seen = [False] * 52
        for f in deck:
            if f is not None:
                seen[_INDEX[f]] = True
        unknown = [_PACK[k] for k in range(52) if not seen[k]]
        slot_of_seat = {owner: k for k, owner in enumerate(pub.owners)}
        slot_of_id = {i: k for k, ids in enumerate(pub.hands) for i in ids}
        hidden: dict[int, list[int]] = {}
        for i, f in enumerate(deck):
            if f is None:
                hidden.setdefault(slot_of_id[i], []).append(i)
        if not hidden:
            return replace(pub, deck=tuple(deck))   # type: ignore[arg-type]
        # Cards already played by each seat count towards what its calls promised.
        played_by: dict[Seat, list[Card]] = {}
        plays = [t.plays for t in pub.tricks] + ([pub.trick] if pub.trick else [])
        for pl in plays:
            for who, cid in pl:
                played_by.setdefault(who, []).append(deck[cid])   # type: ignore[arg-type]
        void: dict[int, set[Suit]] = {}
        for pl in plays:
            led = deck[pl[0][1]].suit                            # type: ignore[union-attr]
            for who, cid in pl[1:]:
                if deck[cid].suit is not led:                    # type: ignore[union-attr]
                    void.setdefault(slot_of_seat[who], set()).add(led)   # type: ignore[arg-type]
        # A suit a seat's call promised: deal it the missing cards of the suit first (unless it
        # has shown a void there), then the rest at random; high-card promises by rejection.
        reserve: dict[int, tuple[Suit, int]] = {}
        for who, (denom, need) in wants.items():
            suit = SUIT_OF[denom]
            slot = slot_of_seat[who]
            if suit is None or slot not in hidden or suit in void.get(slot, ()):
                continue
            have = sum(1 for i in pub.hands[slot] if deck[i] is not None and deck[i].suit is suit)  # type: ignore[union-attr]
            have += sum(1 for c in played_by.get(who, []) if c.suit is suit)
            if need > have:
                reserve[slot] = (suit, min(need - have, len(hidden[slot])))
        order = sorted(hidden, key=lambda k: (k not in reserve, -len(void.get(k, ()))))
        fallback: dict[int, list[Card]] | None = None
        tries = 12 if wants else 1
        for attempt in range(40):
            pool = list(unknown)
            for j in range(len(pool) - 1, 0, -1):
                r = rng.below(j + 1)
                pool[j], pool[r] = pool[r], pool[j]
            bad_ok = attempt >= 30        # a revoke let stand makes the voids untrue: drop them
            assignment: dict[int, list[Card]] = {}
            ok = True
            for k in order:
                need = len(hidden[k])
                bad = () if bad_ok else void.get(k, ())
                first: list[Card] = []
                if k in reserve and attempt < 20:     # (if the promise cannot be met, drop it)
                    suit, count = reserve[k]
                    first = [c for c in pool if c.suit is suit][:count]
                    pool = [c for c in pool if c.suit is not suit or c not in first]
                rest = [c for c in pool if c.suit not in bad] if bad else pool
                chosen = first + rest[:need - len(first)]
                if len(chosen) < need:
                    ok = False
                    break
                taken = set(map(id, chosen))
                pool = [c for c in pool if id(c) not in taken]
                assignment[k] = chosen
            if not ok:
                continue
            if fallback is None:
                fallback = assignment
            if not wants or self._promises_kept(view, assignment, wants, played_by):
                fallback = assignment
                break
            tries -= 1
            if tries <= 0:
                break
        if fallback is None:
            raise AssertionError("no deal agrees with the view")
        for k, ids in hidden.items():
            for i, c in zip(ids, fallback[k]):
                deck[i] = c
        return replace(pub, deck=tuple(deck))   # type: ignore[arg-type]

    def _promises_kept(self, view: TricksView, assignment: dict[int, list[Card]],
                       wants: dict[Seat, tuple[str, int]], played_by: dict[Seat, list[Card]]) -> bool:
        pub = view.pub
        for who, (denom, need) in wants.items():
            slot = pub.owners.index(who)
            cards = [c.face for c in (view.cards[i] for i in pub.hands[slot]) if c.face is not None]
            cards += assignment.get(slot, []) + played_by.get(who, [])
            if denom == "nt":
                if high_card_points(cards) < need:
                    return False
            elif sum(1 for c in cards if c.suit is SUIT_OF[denom]) < need:
                return False
        return True


# -- a hand's measure (the computer's worlds keep the auction's promises) ---------------------------------
POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def high_card_points(hand: Sequence[Card]) -> int:
    return sum(POINTS.get(c.rank, 0) for c in hand)


GAME = AuctionBridge()
