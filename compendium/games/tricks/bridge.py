"""Bridge under the club laws of 1904 (the game the 1909 Hoyle prints before Auction Bridge).

* **The declaration.**  The dealer names a trump suit or no trumps, or leaves it to his partner,
  who must then declare (he may not leave it back).  The dealer plays the hand whichever of them
  declared: the dealer's partner is always the dummy.
* **Doubling.**  The elder hand (the dealer's left) may double; if he does not, he asks his
  partner "may I lead?", and the partner may double.  A double may be redoubled by the dealer's
  side — the one who declared first, then his partner — and that again doubled by the other side,
  the original doubler first, and so on, while a trick is worth no more than 100 points.  When
  the two players of the side whose turn it is both decline, the play begins.
* **The play.**  The elder hand leads; the dummy's cards go face up after the opening lead and
  the dealer plays them (as at Auction Bridge: ``AuctionBridge`` gives the dummy's handling).
* **The score** (``bridge_scoring.py``): the side that wins the odd trick, either side, scores
  each trick over six below the line at the declaration's value, doubled as it was; honours,
  chicane and slams above the line, never doubled; 30 below is a game, two games the rubber,
  worth 100.  Revokes are refused by the table (the page gives the law's penalty).

Seats: 0 A (you), 1 Y, 2 B, 3 Z — partners A and B against Y and Z.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.cards import Card, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, Seat
from ...core.rng import SplitMix64
from ..catalogue import BY_ID
from .auction_bridge import AuctionBridge, BridgeContract, partner
from .bridge_scoring import (
    DENOM_NAMES,
    DENOMS,
    SUIT_OF,
    TRICK_VALUE,
    HandScore,
    Line,
    honour_lines,
    record_hand,
    side_of,
    slam_lines,
)
from .engine import Call, TricksAction, TricksState, TricksView

RUBBER_POINTS = 100
TRICK_LIMIT = 100            # the doubling stops before a trick would be worth more than this
DECLARE_WORDS: dict[str, str] = {f"declare-{d}": d for d in DENOMS}
CALL_WORDS: tuple[str, ...] = tuple(DECLARE_WORDS) + ("leave", "double", "pass")


@dataclass(frozen=True, slots=True)
class Declaring:
    """The declaration and the doubling so far.  ``asked`` are the two players of the side whose
    turn it is to double (or redouble) in the order they are asked; ``k`` which of them is to
    speak."""

    denom: str | None = None
    maker: Seat | None = None
    doubled: int = 0
    asked: tuple[Seat, ...] = ()
    k: int = 0
    first_doubler: Seat | None = None


@dataclass(frozen=True, slots=True)
class Declaration(BridgeContract):
    """The hand's declaration: its denomination, how many times doubled, the dealer who plays
    it (``declarer``) and who named it (``maker``: the dealer, or his partner when left it)."""

    maker: Seat = 0

    @property
    def call(self) -> str:
        word = "No Trumps" if self.denom == "nt" else DENOM_NAMES[self.denom][1]
        times = ("", " doubled", " redoubled")[self.doubled] if self.doubled < 3 \
            else f" doubled {self.doubled} times"
        return word + times

    @property
    def multiplier(self) -> int:
        return 2 ** self.doubled


def may_double(denom: str, doubled: int) -> bool:
    """Doubling goes on while a trick would still be worth no more than the limit."""
    return TRICK_VALUE[denom] * 2 ** (doubled + 1) <= TRICK_LIMIT


def score_hand(contract: Declaration, holdings: Sequence[Sequence[Card]], taken: Sequence[int],
               names: str = "AYBZ") -> HandScore:
    """Score one hand: the odd tricks below the line for whichever side won them, doubled as the
    declaration was; honours, chicane and slams above the line at their plain value."""
    lines: list[Line] = []
    tv = TRICK_VALUE[contract.denom]
    for side in (0, 1):
        odd = taken[side] - 6
        if odd > 0:
            word = "No Trumps" if contract.denom == "nt" else DENOM_NAMES[contract.denom][1].lower()
            how = ("", " doubled", " redoubled")[contract.doubled] if contract.doubled < 3 \
                else f" doubled {contract.doubled} times"
            lines.append((side, odd * tv * contract.multiplier, f"{odd} by cards at {word}{how}",
                          "tricks", True))
    lines += honour_lines(holdings, contract.denom, names)
    lines += slam_lines(taken)
    return HandScore(tuple(lines))


class Bridge(AuctionBridge):
    info = BY_ID["bridge"]
    option_specs = ()
    revoke_option = None

    def call_words(self) -> tuple[str, ...]:
        return CALL_WORDS

    def start_hand(self, state: TricksState) -> TricksState:
        return replace(state, phase="declare", turn=state.dealer, bidding=Declaring())

    # -- the declaration and the doubling ---------------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        d: Declaring = state.bidding
        if state.phase == "declare":
            out: list[TricksAction] = [Call(w) for w in DECLARE_WORDS]
            if seat == state.dealer:
                out.append(Call("leave"))
            return out
        if state.phase == "double":
            assert d.denom is not None
            return ([Call("double")] if may_double(d.denom, d.doubled) else []) + [Call("pass")]
        return []

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if not isinstance(action, Call) or action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        said = state.calls + ((seat, self.action_to_str(action)),)
        s = replace(state, calls=said)
        d: Declaring = state.bidding
        word = action.word
        if state.phase == "declare":
            if word == "leave":
                return replace(s, turn=partner(seat))
            denom = DECLARE_WORDS[word]
            eldest = (state.dealer + 1) % 4
            d = Declaring(denom, seat, 0, (eldest, partner(eldest)), 0)
            return replace(s, phase="double", bidding=d, turn=eldest, trump=SUIT_OF[denom])
        assert d.denom is not None and d.maker is not None
        if word == "double":
            doubled = d.doubled + 1
            first = d.first_doubler if d.first_doubler is not None else seat
            # The other side answers: the dealer's side asks the maker first, the other side the
            # player who doubled first.
            if side_of(seat) != side_of(state.dealer):
                lead = d.maker
            else:
                lead = first
            d = replace(d, doubled=doubled, asked=(lead, partner(lead)), k=0, first_doubler=first)
            if not may_double(d.denom, doubled):
                return self._begin_play(replace(s, bidding=d))
            return replace(s, bidding=d, turn=lead)
        # "pass": satisfied (or, from the elder hand, "may I lead?")
        if d.k == 0:
            d = replace(d, k=1)
            return replace(s, bidding=d, turn=d.asked[1])
        return self._begin_play(replace(s, bidding=d))

    def _begin_play(self, state: TricksState) -> TricksState:
        d: Declaring = state.bidding
        assert d.denom is not None and d.maker is not None
        contract = Declaration(0, d.denom, d.doubled, state.dealer, d.maker)
        lead = (state.dealer + 1) % 4
        return replace(state, contract=contract, trump=SUIT_OF[d.denom], phase="play", leader=lead,
                       turn=lead)

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        word = getattr(action, "word", "")
        if state.phase == "play":
            return IllegalAction("the declaration is made: play a card", self.ref("the-play"))
        if state.phase == "declare":
            if word == "leave":
                return IllegalAction("the dealer's partner, left the declaration, must declare: he "
                                     "may not leave it back", self.ref("the-declaration"))
            if word in ("double", "pass"):
                return IllegalAction("nothing may be doubled before the declaration is made; the "
                                     "dealer declares or leaves it to his partner",
                                     self.ref("the-declaration"))
            return IllegalAction(f"'{self.action_to_str(action)}' is not a declaration",
                                 self.ref("the-declaration"))
        d: Declaring = state.bidding
        if word in DECLARE_WORDS or word == "leave":
            return IllegalAction("the declaration is made and cannot be altered",
                                 self.ref("the-declaration"))
        if word == "double" and d.denom is not None and not may_double(d.denom, d.doubled):
            return IllegalAction(f"a trick is worth {TRICK_VALUE[d.denom] * 2 ** d.doubled} "
                                 f"points now: doubling stops at {TRICK_LIMIT} a trick",
                                 self.ref("doubling-and-redoubling"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now",
                             self.ref("doubling-and-redoubling"))

    # -- the score ------------------------------------------------------------------------------------
    def end_hand(self, state: TricksState) -> TricksState:
        return self._score(state, take_tricks=False)

    def hand_score(self, state: TricksState, take_tricks: bool = False) -> HandScore:
        return score_hand(state.contract, self.holdings(state), self.side_tricks(state))

    def _score(self, state: TricksState, take_tricks: bool) -> TricksState:
        return record_hand(state, self.hand_score(state), RUBBER_POINTS, self.ref, self.finish)

    def rules_section(self, state: TricksState) -> str | None:
        if state.phase in ("declare", "double"):
            return self.page_section("the-declaration" if state.phase == "declare"
                                     else "doubling-and-redoubling")
        return super().rules_section(state)

    # -- text ---------------------------------------------------------------------------------------
    def call_grid(self, view: TricksView, calls: Sequence[TricksAction]
                  ) -> tuple[tuple[str, ...], tuple[str, ...], dict[tuple[int, int], Call]] | None:
        return None

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call):
            if action.word in DECLARE_WORDS:
                denom = DECLARE_WORDS[action.word]
                return "No trumps" if denom == "nt" else f"{DENOM_NAMES[denom][1]} trumps"
            labels = {"leave": "Leave it to partner", "double": "Double", "pass": "Content"}
            if action.word in labels:
                return labels[action.word]
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        if isinstance(action, Call) and seat is not None:
            who = self.seat_name(seat, 4)
            word = action.word
            if word in DECLARE_WORDS:
                return f"{who} declares {self.call_label(action).lower()}"
            if word == "leave":
                return f"{who} leaves the declaration to his partner"
            d: Declaring = state.bidding
            if word == "double":
                return f"{who} {'doubles' if d.doubled == 0 else 'redoubles'}"
            if word == "pass" and state.phase == "double":
                if d.doubled == 0 and d.k == 0:
                    return f"{who}: \"Partner, may I lead?\""
                return f"{who} is content"
        return super().describe(state, action)

    # -- sampling the unseen cards ---------------------------------------------------------------------
    def bid_constraints(self, pub: TricksState) -> dict[Seat, tuple[str, int]]:
        """A suit declared by the dealer or his partner promises some length in it; a no-trump
        declaration, a strong hand.  Spades are a defensive declaration and promise nothing."""
        out: dict[Seat, tuple[str, int]] = {}
        for seat, word in pub.calls:
            denom = DECLARE_WORDS.get(word)
            if denom is None or denom == "s":
                continue
            out[seat] = ("nt", 14) if denom == "nt" else (denom, 5)
        return out

    def determinize(self, view: TricksView, seat: Seat, rng: SplitMix64) -> TricksState:
        wants = {s: c for s, c in self.bid_constraints(view.pub).items() if s != seat}
        return self._deal_unseen(view, rng, wants)

    def seats(self, opts: Options) -> int:
        return 4


def trump_suit(denom: str) -> Suit | None:
    return SUIT_OF[denom]


GAME = Bridge()
