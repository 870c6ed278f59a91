"""Solo Whist for three players and Kimberly Solo (Foster's Complete Hoyle).

Foster gives each only a few lines; everything he leaves unsaid is played as at four-handed Solo
Whist (``solo_whist.py``), and the rules pages say so.

Solo Whist for three.  A pack of forty cards (the twos, threes and fours taken out), thirteen
cards each; the last card is turned up for trumps and lies on the table, out of the play.  There is
no proposal and acceptance, and the least call is a solo.  When all three have passed, the turn-up
is turned face down and, going round, any player may undertake a *six-trick abundance* in trumps
of his choosing; the first to do so plays it.  Where overcalling is the custom (an option), the
players bid up instead, seven and eight tricks, a misère ranking over eight.

Kimberly Solo.  Four players, no proposal and acceptance, the least call a solo.  When everyone
has passed, going round, a player may undertake a *six-trick solo* in a trump suit other than the
turn-up's; again the first to do so plays it.

Where Foster is silent the table decides (and the pages say so): the tricks target of a solo
(five) and every stake are those of the four-handed game; the six-, seven- and eight-trick calls
are paid like a solo (two counters, with the tricks over or under); the caller settles with each
other player, so at three a made solo wins four counters in all.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import PACKS, SUITS, Card, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ..catalogue import BY_ID
from .engine import Call, TricksAction, TricksState, set_fact
from .solo_whist import NAMES, SoloAuction, SoloContract, SoloWhist

FIRST_ROUND = ("solo", "misere", "abundance", "open-misere", "declared")
SECOND_TARGET = {"six": 6, "seven": 7, "eight": 8}
SECOND_STAKE = 2          # paid like a solo (the table's decision; Foster gives no stakes)


class _SecondChance(SoloWhist):
    """Solo without proposal and acceptance, and a second round of calls when all have passed."""

    second_name = "Six-trick solo"

    def call_words(self) -> tuple[str, ...]:
        return super().call_words() + tuple(SECOND_TARGET)

    def overcalls(self, state: TricksState) -> bool:
        return False

    def ladder(self, state: TricksState) -> tuple[str, ...]:
        a = state.bidding
        if isinstance(a, SoloAuction) and a.round == 2:
            return ("six", "seven", "eight", "misere") if self.overcalls(state) else ("six",)
        return FIRST_ROUND

    def kind_name(self, kind: str) -> str:
        if kind in SECOND_TARGET:
            return self.second_name.replace("Six", kind.capitalize())
        return NAMES[kind]

    def target(self, kind: str) -> int:
        return SECOND_TARGET[kind] if kind in SECOND_TARGET else super().target(kind)

    def stake(self, kind: str) -> int:
        return SECOND_STAKE if kind in SECOND_TARGET else super().stake(kind)

    def extra_tricks_paid(self, kind: str) -> bool:
        return kind in SECOND_TARGET or super().extra_tricks_paid(kind)

    def names_trumps(self, kind: str) -> bool:
        return kind in SECOND_TARGET or super().names_trumps(kind)

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word in SECOND_TARGET:
            return self.kind_name(action.word)
        return super().call_label(action)

    def all_passed(self, state: TricksState) -> TricksState:
        a: SoloAuction = state.bidding
        if a.round == 2:
            return replace(state, phase="deal", turn=None)   # no one would: thrown in
        return self.second_round(replace(state, bidding=SoloAuction(round=2),
                                         turn=(state.dealer + 1) % state.n))

    def second_round(self, state: TricksState) -> TricksState:
        return state

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        a = state.bidding
        if (state.phase == "auction" and isinstance(action, Call) and action.word == "six"
                and isinstance(a, SoloAuction) and a.round == 2 and not self.overcalls(state)
                and action in self.call_actions(state, seat)):
            # the first to take up the second chance plays it: he names his trumps at once
            spoken = a.spoken + ((seat,) if seat not in a.spoken else ())
            return replace(state, calls=state.calls + ((seat, "six"),),
                           bidding=SoloAuction(a.passed, "six", seat, None, spoken, 2),
                           contract=SoloContract("six", seat), phase="trumps", turn=seat)
        return super().apply_call(state, seat, action)

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        word = getattr(action, "word", None)
        a = state.bidding
        if state.phase == "auction" and word in ("propose", "accept"):
            return IllegalAction(f"there is no proposal and acceptance at {self.info.name}: solo is "
                                 "the lowest call", self.ref("the-calls"))
        if state.phase == "auction" and word in SECOND_TARGET:
            if isinstance(a, SoloAuction) and a.round == 1:
                return IllegalAction(f"the {self.kind_name(word).lower()} may be called only when "
                                     "everyone has passed", self.ref("when-all-pass"))
            if not self.overcalls(state):
                return IllegalAction("after all have passed only the six-trick call may be made",
                                     self.ref("when-all-pass"))
        if state.phase == "trumps" and word == "trumps":
            return IllegalAction(self.trump_refusal(state), self.ref("when-all-pass"))
        if state.phase == "auction" and isinstance(a, SoloAuction) and a.round == 2 and \
                word in FIRST_ROUND and word != "misere":
            return IllegalAction("the first round of calls is over: after all have passed only the "
                                 f"{self.kind_name('six').lower()} remains", self.ref("when-all-pass"))
        return super()._refusal(state, seat, action)

    def trump_refusal(self, state: TricksState) -> str:
        return "name one of the four suits"


class SoloWhistThree(_SecondChance):
    info = BY_ID["solo_whist_three_handed"]
    second_name = "Six-trick abundance"
    option_specs = (
        OptionSpec("deals", 6, (6, 3, 9, 12, 21), "Deals to play (each player deals in turn)"),
        OptionSpec("extra_tricks", True, (True, False), "Tricks over and under are paid",
                   labels=("Yes: one counter each", "No")),
        OptionSpec("overcalls", False, (False, True),
                   "After the trump is turned down",
                   labels=("The first to call a six-trick abundance plays it",
                           "Players may overcall: seven, eight, then misère")),
    )

    def seats(self, opts: Options) -> int:
        return 3

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["40"]          # the twos, threes and fours taken out

    def overcalls(self, state: TricksState) -> bool:
        return bool(state.option("overcalls", False))

    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        slots, pos = self.deal_round(3, 12, order, 0, packet=3)       # by threes …
        for k in range(3):
            slots[k].append(order[pos + k])                          # … the last card singly
        turnup = order[pos + 3]                                      # the fortieth: out of play
        owners = tuple((state.dealer + 1 + k) % 3 for k in range(3))
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners, hand_sets=(0,) * 3,
                       taken_up=(True,) * 3, turnup=turnup, turnup_on_table=True,
                       trump=state.deck[turnup].suit)

    def second_round(self, state: TricksState) -> TricksState:
        # the trump card is turned down: whoever calls now names his own trumps
        return replace(state, trump=None, turnup_on_table=False)


class KimberlySolo(_SecondChance):
    info = BY_ID["kimberly_solo"]
    second_name = "Six-trick solo"

    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        s = super().lay_out(state, order)
        assert s.turnup is not None
        return replace(s, info=set_fact(s, "turnup_suit", s.deck[s.turnup].suit))

    def trump_choices(self, state: TricksState) -> tuple[Suit, ...]:
        a = state.bidding
        if isinstance(a, SoloAuction) and a.round == 2:
            return tuple(s for s in SUITS if s != state.fact("turnup_suit"))
        return super().trump_choices(state)

    def trump_refusal(self, state: TricksState) -> str:
        turned: Suit | None = state.fact("turnup_suit")
        name = turned.title if turned is not None else "the turn-up's suit"
        return f"the six-trick solo is played with a trump other than the turn-up's ({name})"


THREE = SoloWhistThree()
KIMBERLY = KimberlySolo()
