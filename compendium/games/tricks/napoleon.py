"""Napoleon, or Nap (Hoyle's Games Modernized, 1909).

Five cards each from a full pack; one round of calls from the dealer's left, each player passing
or naming more tricks than the last: Two, Three, Misery, Four, Nap (all five) and, only over a
Nap, Wellington (all five at double stakes).  The highest caller leads, and his first lead makes
trumps (Misery has none and must lose every trick).  When nobody calls, the dealer must make one
trick.  The hand stops as soon as the call is made or defeated; payments pass between the caller
and each other player.  The book's own pages on the calls are missing from our copy, so the
ladder and the payments are the standard ones of the period (said so on the rules page).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.cards import PACKS, Card
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ..catalogue import BY_ID
from .engine import WHIST_POWER, Call, TrickGame, TricksAction, TricksState

CALLS = ("two", "three", "misery", "four", "nap", "wellington")
TRICKS = {"one": 1, "two": 2, "three": 3, "misery": 0, "four": 4, "nap": 5, "wellington": 5}
WIN = {"one": 1, "two": 2, "three": 3, "misery": 3, "four": 4, "nap": 10, "wellington": 20}
LOSE = {"one": 1, "two": 2, "three": 3, "misery": 3, "four": 4, "nap": 5, "wellington": 10}


@dataclass(frozen=True, slots=True)
class NapCalls:
    spoken: tuple[Seat, ...] = ()
    high: str | None = None
    high_seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class NapContract:
    caller: Seat
    call: str
    offender: Seat | None = None     # set while a hand is replayed after another player's revoke

    @property
    def misery(self) -> bool:
        return self.call == "misery"


class Napoleon(TrickGame):
    info = BY_ID["napoleon"]
    score_unit = "Counters"      # the games are played for counters, paid between the players
    option_specs = (
        OptionSpec("players", 4, (4, 2, 3, 5, 6), "Players"),
        OptionSpec("rounds", 2, (2, 1, 3, 5), "Rounds (each player deals once a round)"),
        OptionSpec("wellington", True, (True, False), "Wellington may be called over a Nap",
                   labels=("Yes", "No")),
        OptionSpec("pool", "none", ("none", "dealer"), "Pool",
                   labels=("No pool (as the book prefers)", "Each dealer puts one counter in; Nap takes it")),
        OptionSpec("revokes", "refused", ("refused", "penalised"), "Revokes",
                   labels=("The table refuses a revoke", "A revoke may be played and is penalised by the book")),
    )
    revoke_option = "revokes"

    def seats(self, opts: Options) -> int:
        return int(opts.get("players", 4))

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["52"]

    def call_words(self) -> tuple[str, ...]:
        return ("pass", "one") + CALLS

    # -- the deal ----------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        n = state.n
        slots, pos = self.deal_round(n, 5, order, 0)
        owners = tuple((state.dealer + 1 + k) % n for k in range(n))
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners,
                       hand_sets=(0,) * n, taken_up=(True,) * n, stock=tuple(order[pos:]))

    def start_hand(self, state: TricksState) -> TricksState:
        first = (state.dealer + 1) % state.n
        s = replace(state, phase="calls", turn=first, bidding=NapCalls())
        if state.option("pool") == "dealer":
            sheet = s.sheet.add(s.deal_no, s.dealer, -1, f"{self.seat_name(s.dealer, s.n)} puts a "
                                "counter in the pool", self.ref("the-pool"))
            s = replace(s, sheet=sheet, pool=s.pool + 1)
        return s

    # -- the calls -----------------------------------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if state.phase != "calls" or seat != state.turn:
            return []
        calls: NapCalls = state.bidding
        floor = -1 if calls.high is None else CALLS.index(calls.high)
        out: list[TricksAction] = []
        dealer_forced = seat == state.dealer and calls.high is None
        out.append(Call("one") if dealer_forced else Call("pass"))
        for word in CALLS[floor + 1:]:
            if word == "wellington" and (calls.high != "nap" or not state.option("wellington", True)):
                continue
            out.append(Call(word))
        return out

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if not isinstance(action, Call) or action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        calls: NapCalls = state.bidding
        word = action.word
        said = state.calls + ((seat, word),)
        if word not in ("pass", "one"):
            calls = NapCalls(calls.spoken + (seat,), word, seat)
        else:
            calls = replace(calls, spoken=calls.spoken + (seat,))
        if word == "one":
            calls = NapCalls(calls.spoken, "one", seat)
        s = replace(state, bidding=calls, calls=said)
        if len(calls.spoken) < state.n:
            return replace(s, turn=(seat + 1) % state.n)
        assert calls.high is not None and calls.high_seat is not None
        contract = NapContract(calls.high_seat, calls.high)
        return replace(s, phase="play", contract=contract, leader=contract.caller, turn=contract.caller)

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        calls: NapCalls = state.bidding
        word = getattr(action, "word", None)
        if word == "pass" and seat == state.dealer and calls.high is None:
            return IllegalAction("nobody has called, so the dealer may not pass: he must make one "
                                 "trick or call higher", self.ref("the-dealers-one-trick"))
        if word == "wellington" and calls.high != "nap":
            return IllegalAction("Wellington may only be called over a Nap", self.ref("the-calls"))
        if word in CALLS and calls.high is not None:
            return IllegalAction(f"a call must be higher than {calls.high.capitalize()}", self.ref("the-calls"))
        if word == "one":
            return IllegalAction("only the dealer, when nobody has called, is held to one trick",
                                 self.ref("the-dealers-one-trick"))
        return IllegalAction(f"'{self.action_to_str(action)}' is not a call of Napoleon", self.ref("the-calls"))

    # -- the play --------------------------------------------------------------------------------
    def power(self, state: TricksState, card: Card) -> int:
        return WHIST_POWER[card.rank]

    def play_card(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        contract: NapContract = state.contract
        if not state.tricks and not state.trick and not contract.misery:
            state = replace(state, trump=card.suit)   # the caller's first lead makes trumps
        return super().play_card(state, seat, card)

    def _needed(self, contract: NapContract) -> int:
        return TRICKS[contract.call]

    def hand_settled(self, state: TricksState) -> bool:
        contract: NapContract = state.contract
        made = self.tricks_won(state, contract.caller)
        lost = len(state.tricks) - made
        if contract.misery:
            return made > 0
        need = self._needed(contract)
        return made >= need or lost > 5 - need

    def succeeded(self, state: TricksState, contract: NapContract,
                  winners: Sequence[Seat] | None = None) -> bool:
        won = sum(1 for w in (winners if winners is not None else [t.winner for t in state.tricks])
                  if w == contract.caller)
        if contract.misery:
            return won == 0
        return won >= self._needed(contract)

    def revokes_allowed(self, state: TricksState) -> bool:
        contract = state.contract
        if isinstance(contract, NapContract) and contract.offender is not None:
            return False    # the replay after a revoke is played strictly
        return super().revokes_allowed(state)

    def end_hand(self, state: TricksState) -> TricksState:
        contract: NapContract = state.contract
        if state.revokes and contract.offender is None:
            return self._revoke_found(state)
        name = self.seat_name(contract.caller, state.n)
        made = self.succeeded(state, contract)
        if contract.offender is not None:
            return self._after_replay(state, made)
        sheet = state.sheet
        label = "One" if contract.call == "one" else contract.call.capitalize()
        for other in range(state.n):
            if other == contract.caller:
                continue
            if made:
                sheet = sheet.pay(state.deal_no, other, contract.caller, WIN[contract.call],
                                  f"{name} makes {label}: {self.seat_name(other, state.n)} pays "
                                  f"{WIN[contract.call]}", self.ref("payments"))
            else:
                sheet = sheet.pay(state.deal_no, contract.caller, other, LOSE[contract.call],
                                  f"{name} fails at {label}: pays {self.seat_name(other, state.n)} "
                                  f"{LOSE[contract.call]}", self.ref("payments"))
        pool = state.pool
        if made and contract.call in ("nap", "wellington") and pool:
            sheet = sheet.add(state.deal_no, contract.caller, pool, f"{name} takes the pool of {pool}",
                              self.ref("the-pool"))
            pool = 0
        s = replace(state, sheet=sheet, pool=pool)
        return self.next_deal_or_over(s, int(state.option("rounds", 2)) * state.n)

    def _revoke_found(self, state: TricksState) -> TricksState:
        """The revoke is found when the hand ends.  The caller's own revoke loses his call at once;
        another player's has the hand taken up and played again properly, then paid for."""
        contract: NapContract = state.contract
        offender = state.revokes[0][0]
        n = state.n
        if offender == contract.caller:
            sheet = state.sheet
            for other in range(n):
                if other != contract.caller:
                    sheet = sheet.pay(state.deal_no, contract.caller, other, LOSE[contract.call],
                                      f"{self.seat_name(offender, n)} revoked as caller: pays "
                                      f"{self.seat_name(other, n)} {LOSE[contract.call]}",
                                      self.ref("revokes"))
            return self.next_deal_or_over(replace(state, sheet=sheet),
                                          int(state.option("rounds", 2)) * n)
        held: dict[Seat, list[int]] = {s: [] for s in range(n)}
        for k, ids in enumerate(state.hands):
            held[state.owners[k]].extend(ids)
        for t in state.tricks:
            for seat, i in t.plays:
                held[seat].append(i)
        hands = tuple(tuple(sorted(held[owner])) for owner in state.owners)
        return replace(state, hands=hands, tricks=(), trick=(), revokes=(), trump=None, phase="play",
                       contract=replace(contract, offender=offender), leader=contract.caller,
                       turn=contract.caller,
                       calls=state.calls + ((offender, "revoke: the hand is played again"),))

    def _after_replay(self, state: TricksState, made: bool) -> TricksState:
        contract: NapContract = state.contract
        offender = contract.offender
        assert offender is not None
        n = state.n
        sheet = state.sheet
        off = self.seat_name(offender, n)
        if made:
            amount = WIN[contract.call] * (n - 1)
            sheet = sheet.pay(state.deal_no, offender, contract.caller, amount,
                              f"{off} revoked and the call was made: {off} pays the caller "
                              f"{amount} for everyone", self.ref("revokes"))
        else:
            for other in range(n):
                if other not in (offender, contract.caller):
                    sheet = sheet.pay(state.deal_no, offender, other, LOSE[contract.call],
                                      f"{off} revoked and the call failed: {off} pays "
                                      f"{self.seat_name(other, n)} {LOSE[contract.call]}",
                                      self.ref("revokes"))
        return self.next_deal_or_over(replace(state, sheet=sheet), int(state.option("rounds", 2)) * n)

    def next_deal_or_over(self, state: TricksState, deals: int) -> TricksState:
        if state.deal_no >= deals and state.pool:
            # counters left in the pool at the end go back to those who put them in
            sheet = state.sheet
            per = state.pool // state.n
            if per:
                for s in range(state.n):
                    sheet = sheet.add(state.deal_no, s, per, "the pool is shared out at the end",
                                      self.ref("the-pool"))
            state = replace(state, sheet=sheet, pool=state.pool - per * state.n)
        return super().next_deal_or_over(state, deals)


GAME = Napoleon()
