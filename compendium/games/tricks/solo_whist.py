"""Solo Whist (Foster's Complete Hoyle): Whist for four without fixed partners.

Our copy of Foster keeps only the end of the chapter (the hints and two illustrative hands); the
description of the calls and the stakes is lost, so the calls, their order and the payments are
the standard English rules of the period, as the rules page says.  Thirteen cards each, the
dealer's last card turned for trumps.  Calls, lowest first: proposal (and acceptance), solo,
misère, abundance, open misère, abundance declared.  The auction goes round until one call (or
one accepted proposal) is left; a player who passes is out of it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ...core.cards import PACKS, SUITS, Card, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ..catalogue import BY_ID
from .engine import WHIST_POWER, Call, TrickGame, TricksAction, TricksState

BIDS = ("propose", "solo", "misere", "abundance", "open-misere", "declared")
NAMES = {"propose": "Proposal and acceptance", "solo": "Solo", "misere": "Misère",
         "abundance": "Abundance", "open-misere": "Open misère", "declared": "Abundance declared"}
TARGET = {"propose": 8, "solo": 5, "misere": 0, "abundance": 9, "open-misere": 0, "declared": 13}
STAKE = {"propose": 2, "solo": 2, "misere": 3, "abundance": 4, "open-misere": 6, "declared": 8}
EXTRA_TRICKS = ("propose", "solo", "abundance")      # paid one more for each trick over or under


@dataclass(frozen=True, slots=True)
class SoloAuction:
    passed: tuple[Seat, ...] = ()
    high: str | None = None
    high_seat: Seat | None = None
    partner: Seat | None = None          # the acceptor of a proposal
    spoken: tuple[Seat, ...] = ()
    round: int = 1                       # the variants' second chance after all have passed


@dataclass(frozen=True, slots=True)
class SoloContract:
    kind: str
    caller: Seat
    partner: Seat | None = None

    @property
    def misere(self) -> bool:
        return self.kind in ("misere", "open-misere")

    @property
    def side(self) -> tuple[Seat, ...]:
        return (self.caller,) if self.partner is None else (self.caller, self.partner)


class SoloWhist(TrickGame):
    info = BY_ID["solo_whist"]
    score_unit = "Counters"      # the games are played for counters, paid between the players
    option_specs = (
        OptionSpec("deals", 4, (4, 8, 12, 20), "Deals to play"),
        OptionSpec("extra_tricks", True, (True, False), "Tricks over and under are paid",
                   labels=("Yes: one counter each", "No")),
    )

    def seats(self, opts: Options) -> int:
        return 4

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["52"]

    def call_words(self) -> tuple[str, ...]:
        return ("pass", "accept", "withdraw", "trumps") + BIDS

    # -- the deal ------------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        slots, pos = self.deal_round(4, 12, order, 0, packet=3)       # by threes …
        for k in range(4):
            slots[k].append(order[pos + k])                          # … and the last card singly
        turnup = order[pos + 3]
        owners = tuple((state.dealer + 1 + k) % 4 for k in range(4))
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners, hand_sets=(0,) * 4,
                       taken_up=(True,) * 4, turnup=turnup, turnup_on_table=True,
                       trump=state.deck[turnup].suit)

    def start_hand(self, state: TricksState) -> TricksState:
        return replace(state, phase="auction", turn=(state.dealer + 1) % state.n, bidding=SoloAuction())

    # -- hooks the variants (Solo Whist for three, Kimberly Solo) fill differently ------------
    def ladder(self, state: TricksState) -> tuple[str, ...]:
        """The calls of the auction now, lowest first."""
        return BIDS

    def kind_name(self, kind: str) -> str:
        return NAMES[kind]

    def target(self, kind: str) -> int:
        return TARGET[kind]

    def stake(self, kind: str) -> int:
        return STAKE[kind]

    def extra_tricks_paid(self, kind: str) -> bool:
        return kind in EXTRA_TRICKS

    def names_trumps(self, kind: str) -> bool:
        """Does the caller of ``kind`` name his own trump suit?"""
        return kind in ("abundance", "declared")

    def trump_choices(self, state: TricksState) -> tuple[Suit, ...]:
        return SUITS

    def all_passed(self, state: TricksState) -> TricksState:
        """Everyone passed: the hand is thrown in (the variants give a second chance)."""
        return replace(state, phase="deal", turn=None)

    # -- the auction -------------------------------------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "trumps":
            return [Call("trumps", s) for s in self.trump_choices(state)]
        if state.phase != "auction":
            return []
        a: SoloAuction = state.bidding
        if a.high == "propose" and a.partner is None and seat == a.high_seat:
            # everyone else has passed the proposal: raise to solo or better, or withdraw
            return [Call("withdraw")] + [Call(b) for b in BIDS[1:]]
        out: list[TricksAction] = [Call("pass")]
        if a.high == "propose" and a.partner is None:
            out.append(Call("accept"))
        bids = self.ladder(state)
        floor = -1 if a.high is None else bids.index(a.high)
        out += [Call(b) for b in bids[floor + 1:]]
        return out

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if not isinstance(action, Call) or action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        said = state.calls + ((seat, self.action_to_str(action)),)
        if state.phase == "trumps":
            assert action.suit is not None
            return self._to_play(replace(state, calls=said, trump=action.suit))
        a: SoloAuction = state.bidding
        word = action.word
        spoken = a.spoken + ((seat,) if seat not in a.spoken else ())
        if word == "pass":
            a = replace(a, passed=a.passed + (seat,), spoken=spoken)
        elif word == "withdraw":
            return replace(state, calls=said, phase="deal", turn=None, bidding=a,
                           contract=None)   # the proposal stood alone: the hand is thrown in
        elif word == "accept":
            a = replace(a, partner=seat, spoken=spoken)
        else:
            a = SoloAuction(a.passed, word, seat, None, spoken, a.round)
        s = replace(state, calls=said, bidding=a)
        return self._next_bidder(s, seat)

    def _next_bidder(self, state: TricksState, last: Seat) -> TricksState:
        a: SoloAuction = state.bidding
        team = {a.high_seat, a.partner} - {None}
        n = state.n
        for k in range(1, n + 1):
            seat = (last + k) % n
            if seat in a.passed or seat in team:
                continue
            if seat in a.spoken and a.high is not None and seat == a.high_seat:
                continue
            return replace(state, turn=seat)
        if a.high is None:
            return self.all_passed(state)                       # all passed: thrown in
        if a.high == "propose" and a.partner is None:
            return replace(state, turn=a.high_seat)             # proposer: raise or withdraw
        assert a.high_seat is not None
        contract = SoloContract(a.high, a.high_seat, a.partner if a.high == "propose" else None)
        s = replace(state, contract=contract)
        if self.names_trumps(a.high):
            return replace(s, phase="trumps", turn=a.high_seat)
        if contract.misere:
            s = replace(s, trump=None)
        return self._to_play(s)

    def _to_play(self, state: TricksState) -> TricksState:
        contract: SoloContract = state.contract
        lead = contract.caller if contract.kind == "declared" else (state.dealer + 1) % state.n
        return replace(state, phase="play", leader=lead, turn=lead)

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        word = getattr(action, "word", None)
        a = state.bidding
        if state.phase == "play":
            return IllegalAction("the calling is over: play a card", self.ref("the-play"))
        if state.phase == "trumps":
            return IllegalAction("the caller of an abundance now names his trump suit",
                                 self.ref("abundance"))
        if word == "accept":
            return IllegalAction("only a proposal not yet accepted may be accepted",
                                 self.ref("proposal-and-acceptance"))
        if word == "trumps":
            return IllegalAction("trumps are named only by the caller of an abundance",
                                 self.ref("abundance"))
        if word in BIDS and isinstance(a, SoloAuction) and a.high is not None:
            return IllegalAction(f"a call must overcall {self.kind_name(a.high)}", self.ref("the-calls"))
        if word == "propose":
            return IllegalAction("a proposal can only be the first call", self.ref("proposal-and-acceptance"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("the-calls"))

    # -- the play ----------------------------------------------------------------------------------
    def power(self, state: TricksState, card: Card) -> int:
        return WHIST_POWER[card.rank]

    def after_trick(self, state: TricksState, trick: Any) -> TricksState:
        contract: SoloContract = state.contract
        if contract.kind == "open-misere" and len(state.tricks) == 1:
            return replace(state, exposed=(contract.caller,))   # the spread: cards on the table
        return state

    def made(self, contract: SoloContract, taken: int) -> bool:
        return taken == 0 if contract.misere else taken >= self.target(contract.kind)

    def payments(self, state: TricksState, contract: SoloContract, taken: int) -> list[int]:
        """What each seat wins (+) or pays (-) for the hand."""
        made = self.made(contract, taken)
        stake = self.stake(contract.kind)
        if self.extra_tricks_paid(contract.kind) and state.option("extra_tricks", True):
            stake += abs(taken - self.target(contract.kind))
        sign = 1 if made else -1
        n = state.n
        out = [0] * n
        if contract.partner is not None:
            for s in range(n):
                out[s] = sign * stake if s in contract.side else -sign * stake
        else:
            for s in range(n):
                out[s] = sign * stake * (n - 1) if s == contract.caller else -sign * stake
        return out

    def end_hand(self, state: TricksState) -> TricksState:
        contract: SoloContract = state.contract
        taken = sum(self.tricks_won(state, s) for s in contract.side)
        pay = self.payments(state, contract, taken)
        who = " and ".join(self.seat_name(s, state.n) for s in contract.side)
        verdict = "makes" if self.made(contract, taken) else "fails in"
        text = f"{who} {verdict} {self.kind_name(contract.kind)} with {taken} trick{'s' if taken != 1 else ''}"
        sheet = state.sheet
        for s in range(state.n):
            if pay[s]:
                sheet = sheet.add(state.deal_no, s, pay[s], text, self.ref("payments"))
        return self.next_deal_or_over(replace(state, sheet=sheet), int(state.option("deals", 4)))

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word in NAMES:
            return "Propose" if action.word == "propose" else self.kind_name(action.word)
        return super().call_label(action)


GAME = SoloWhist()
