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
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...ai.tricks_ai import Sim, new_sim
from ...core.cards import PACKS, Card, Suit
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec, Seat
from ...core.rng import SplitMix64
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

    # -- the computer ----------------------------------------------------------------------------
    def sim_rules(self, state: TricksState) -> Any:
        from ...ai.tricks_ai import SimRules
        contract: NapContract = state.contract
        team = [0 if s == contract.caller else 1 for s in range(state.n)]
        return SimRules(team=team, avoid={contract.caller} if contract.misery else set(),
                        trump_by_first_lead=not contract.misery)

    def hand_utility(self, state: TricksState, new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        contract: NapContract = state.contract
        winners = [t.winner for t in state.tricks] + [w for w, _ in new_tricks]
        made = self.succeeded(state, contract, winners)
        stake = WIN[contract.call] if made else -LOSE[contract.call]
        if made and contract.call in ("nap", "wellington"):
            stake += state.pool / (state.n - 1)
        return [stake * (state.n - 1) if s == contract.caller else -stake for s in range(state.n)]

    def make_sim(self, state: TricksState, rules: Any) -> Any:
        return NapSim(self, state, rules)

    # Worlds sampled to judge the calls, and rollouts in each, per level (level 1 calls by rule of
    # thumb).  A call is judged once a deal, so it can afford more worlds than a card.
    call_worlds: ClassVar[dict[int, tuple[int, int]]] = {2: (20, 1), 3: (40, 2)}
    # A margin for caution per counter of the stake and opponent, per level: the rollouts defend
    # less well than the search does, a little more so at level 2's fewer worlds.
    call_caution: ClassVar[dict[int, float]] = {2: 0.06, 3: 0.0}

    def ai_call(self, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        hand = [c.face for c in view.hand(seat)]
        if player.level <= 1:
            return rule_of_thumb_call(hand, legal)
        words = [a.word for a in legal if a.word != "pass"]
        table = self.call_table(view, seat, words, player, rng)
        return self.best_call(table, words, legal, view.pub.n, player.level)

    def call_table(self, view: Any, seat: Seat, words: Sequence[str], player: Any,
                   rng: Any) -> list[tuple[TricksState, dict[str, float]]]:
        """The same sampled worlds for every call (so that the calls are compared on the same
        cards): each world with the caller's counters, on average over its rollouts, if each
        call in ``words`` stood — the stakes of the game, the pool to a Nap included."""
        worlds, rollouts = self.call_worlds.get(player.level, self.call_worlds[2])
        hand = [c.face for c in view.hand(seat)]
        out: list[tuple[TricksState, dict[str, float]]] = []
        for _ in range(worlds):
            world = self.determinize(view, seat, rng)
            values: dict[str, float] = {}
            for word in words:
                state = self.call_trial(world, NapContract(seat, word), best_suit(hand))
                base = new_sim(self, state, self.sim_rules(state))
                total = 0.0
                for _ in range(rollouts):
                    sim = base.copy()
                    sim.rollout(rng)
                    total += self.hand_utility(state, sim.tricks)[seat]
                values[word] = total / rollouts
            out.append((world, values))
        return out

    def best_call(self, table: Sequence[tuple[TricksState, dict[str, float]]], words: Sequence[str],
                  legal: list[Any], n: int, level: int) -> Any:
        """The call of the highest expected counters, less the level's caution; a pass (worth
        nothing either way) unless some call is expected to gain."""
        caution = self.call_caution.get(level, 0.0) + self.extra_caution
        best, best_value = None, 0.0
        for word in words:
            value = sum(v[word] for _, v in table) / max(1, len(table))
            value -= caution * WIN[word] * (n - 1)
            if best is None or value > best_value:
                best, best_value = word, value
        if best is None or (best_value <= 0 and Call("pass") in legal):
            return Call("pass") if Call("pass") in legal else legal[0]
        return Call(best)

    # The variants (Purchase Nap, Peep Nap) judge calls a little differently.
    extra_caution: float = 0.0     # a further margin per counter of the stake, per opponent

    def call_trial(self, world: TricksState, contract: NapContract, trump: Suit | None) -> TricksState:
        """A sampled world set up as if ``contract`` had been called, for judging the call."""
        return replace(world, phase="play", contract=contract, leader=contract.caller,
                       turn=contract.caller, trump=None if contract.misery else trump)


def hand_tricks(hand: Sequence[Card]) -> float:
    """A rule-of-thumb count of the tricks a hand should make with its best suit for trumps:
    a trump counts one if the trumps missing above it are no more than the trumps held below it
    (the ace; the king with the ace or with one small trump; ...), else half if it is a third or
    later trump or a queen or better; a plain ace one, a plain king one with its ace, else half."""
    trump = best_suit(hand)
    trumps = sorted((WHIST_POWER[c.rank] for c in hand if c.suit == trump), reverse=True)
    count = 0.0
    for k, power in enumerate(trumps):
        missing_above = 14 - power - k
        held_below = len(trumps) - 1 - k
        if missing_above <= held_below:
            count += 1.0
        elif k >= 2 or power >= 12:
            count += 0.5
    for c in hand:
        if c.suit == trump:
            continue
        power = WHIST_POWER[c.rank]
        if power == 14:
            count += 1.0
        elif power == 13:
            guarded = any(d.suit == c.suit and WHIST_POWER[d.rank] == 14 for d in hand)
            count += 1.0 if guarded else 0.5
    return count


def misery_hand(hand: Sequence[Card]) -> bool:
    """Rule of thumb for Misery: nothing above a nine, and at least three cards of six or less."""
    powers = [WHIST_POWER[c.rank] for c in hand]
    return max(powers) <= 9 and sum(1 for p in powers if p <= 6) >= 3


def rule_of_thumb_call(hand: Sequence[Card], legal: Sequence[Any]) -> Any:
    """Level 1's call, by counting the hand as a beginner would (no search): the highest call
    whose tricks the count reaches, Misery on a hand of low cards, else pass (the dealer held to
    one trick takes it when he may not pass)."""
    tricks = hand_tricks(hand)
    words = [a.word for a in legal]
    for word in ("nap", "four", "misery", "three", "two"):
        if word not in words:
            continue
        if word == "misery":
            if misery_hand(hand):
                return Call(word)
        elif tricks >= TRICKS[word]:
            return Call(word)
    return Call("pass") if "pass" in words else legal[0]


class NapSim(Sim):
    """Rollouts with the leads a Nap player makes: the caller draws trumps from the top and then
    plays his highest cards; against Misery the others lead their lowest cards (the caller, who
    must follow, is the more likely to be left with a winner); other leads are the shared rule
    of thumb's (at random)."""

    __slots__ = ()

    def copy(self) -> NapSim:
        c = Sim.copy(self)
        c.__class__ = NapSim
        return c  # type: ignore[return-value]

    def policy(self, seat: int, rng: SplitMix64) -> int:
        if not self.trick and len(self.hands[seat]) > 1:
            rules = self.rules
            hand = self.hands[seat]
            if rules.avoid:
                if seat not in rules.avoid:
                    return min(hand, key=lambda c: self.pw[c])
            elif rules.team[seat] == 0 and self.trump >= 0:
                trump = self.trump
                return max(hand, key=lambda c: (self.suit[c] == trump, self.pw[c]))
        return Sim.policy(self, seat, rng)


def best_suit(hand: Sequence[Card]) -> Suit | None:
    """The suit a caller would lead for trumps: the longest, then the highest."""
    if not hand:
        return None
    by_suit: dict[Suit, list[int]] = {}
    for c in hand:
        assert c.suit is not None
        by_suit.setdefault(c.suit, []).append(WHIST_POWER[c.rank])
    return max(by_suit, key=lambda s: (len(by_suit[s]), sorted(by_suit[s], reverse=True)))


GAME = Napoleon()
