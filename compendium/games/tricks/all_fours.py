"""All Fours, Old Sledge or Seven Up (Hoyle's Games Modernized, 1909; Blain's party book).

Six cards each and a card turned for trumps.  The elder hand may *beg*: the dealer then either
gives him a point ("take one") or *runs the cards* — three more to each and a fresh turn-up, again
until a new suit turns.  In play a player must follow suit or trump.  The hand scores High (the
highest trump out, to its holder), Low (the lowest, to its holder), Jack (the knave of trumps, to
whoever wins it; to the dealer at once if he turns it up) and Game (most points in tricks: ten 10,
ace 4, king 3, queen 2, knave 1), in that order; seven points win.  Two play alone; four play in
partnerships (``FOUR_HANDED``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...core.cards import PACKS, Card, Rank
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ..catalogue import BY_ID
from .engine import WHIST_POWER, Call, Discard, TrickGame, TricksAction, TricksState, active_slot, set_fact

TARGET = 7
GAME_VALUE = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


@dataclass(frozen=True, slots=True)
class Begging:
    begged: bool = False
    runs: int = 0                 # times the cards were run this deal


class AllFours(TrickGame):
    info = BY_ID["all_fours"]
    players = 2
    option_specs = (
        OptionSpec("begging", True, (True, False), "The elder hand may beg", labels=("Yes", "No")),
    )

    def seats(self, opts: Options) -> int:
        return self.players

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["52"]

    def sides(self, opts: Options) -> tuple[tuple[Seat, ...], ...]:
        return ((0, 2), (1, 3)) if self.players == 4 else ((0,), (1,))

    def call_words(self) -> tuple[str, ...]:
        return ("stand", "beg", "give", "run")

    def may_trump_instead(self) -> bool:
        return True

    # -- the deal ----------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        n = state.n
        slots, pos = self.deal_round(n, 6, order, 0, packet=3)
        owners = tuple((state.dealer + 1 + k) % n for k in range(n))
        turnup = order[pos]
        # At four, only the dealer and the elder hand take up their cards before the begging.
        taken = tuple(o in (state.dealer, (state.dealer + 1) % n) for o in owners)
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners, hand_sets=(0,) * n,
                       taken_up=taken, stock=tuple(order[pos + 1:]), turnup=turnup,
                       turnup_on_table=True, trump=state.deck[turnup].suit)

    def start_hand(self, state: TricksState) -> TricksState:
        elder = (state.dealer + 1) % state.n
        s = replace(state, bidding=Begging(), info=set_fact(state, "same_dealer", False))
        s = self._turned_jack(s)
        if s.phase == "over":
            return s
        if not state.option("begging", True):
            return self._to_play(s)
        return replace(s, phase="beg", turn=elder)

    def deal(self, state: TricksState, seed: int) -> TricksState:
        if state.fact("same_dealer"):
            # the pack ran out before a new suit turned: the same dealer deals again
            state = replace(state, dealer=(state.dealer - 1) % state.n)
        return super().deal(state, seed)

    def _turned_jack(self, state: TricksState) -> TricksState:
        assert state.turnup is not None
        if state.deck[state.turnup].rank is not Rank.JACK:
            return state
        side = self.side_of(self.options_of(state), state.dealer)
        return self._score(state, side, 1, f"{self._side_name(state, side)}: 1 for turning up the "
                           "knave (Jack)", self.ref("jack"))

    def _side_name(self, state: TricksState, side: int) -> str:
        return "–".join(self.seat_name(s, state.n) for s in self.sides(self.options_of(state))[side])

    def _score(self, state: TricksState, side: int, points: int, text: str, rule: str) -> TricksState:
        """Add points; the first side to reach seven wins there and then."""
        if state.phase == "over":
            return state
        sheet = state.sheet.add(state.deal_no, side, points, text, rule)
        s = replace(state, sheet=sheet)
        if sheet.totals[side] >= TARGET:
            return self.finish(replace(s, sheet=sheet.win_game(side)), [side],
                               f"{self._side_name(state, side)} reach {TARGET} points", self.ref("the-game"))
        return s

    def _to_play(self, state: TricksState) -> TricksState:
        elder = (state.dealer + 1) % state.n
        return replace(state, phase="play", taken_up=(True,) * len(state.hands), leader=elder,
                       turn=elder, turnup_on_table=True)

    # -- begging, running the cards, discarding ----------------------------------------------------
    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "beg":
            return [Call("stand"), Call("beg")]
        if state.phase == "give":
            return [Call("give"), Call("run")]
        if state.phase == "discard":
            slot = active_slot(state, seat)
            assert slot is not None
            return [Discard(state.deck[i]) for i in state.hands[slot]]
        return []

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, action)
        said = state.calls + ((seat, self.said(action)),)
        s = replace(state, calls=said)
        if isinstance(action, Discard):
            return self._discard(s, seat, action.card)
        assert isinstance(action, Call)
        elder = (state.dealer + 1) % state.n
        if action.word == "stand":
            return self._to_play(s)
        if action.word == "beg":
            return replace(s, phase="give", turn=state.dealer, bidding=replace(state.bidding, begged=True))
        if action.word == "give":
            side = self.side_of(self.options_of(state), elder)
            s = self._score(s, side, 1, f"{self._side_name(state, side)}: 1 given by the dealer "
                            "(\u201ctake one\u201d)", self.ref("begging"))
            return s if s.phase == "over" else self._to_play(s)
        return self._run(s)

    def _run(self, state: TricksState) -> TricksState:
        """Three more cards to each and a new turn-up, until a new suit turns."""
        n = state.n
        old = state.trump
        hands = [list(h) for h in state.hands]
        stock = list(state.stock)
        shown = list(state.shown)
        if state.turnup is not None:
            shown.append(state.turnup)      # the old turn-up is laid aside, face up
        begging: Begging = state.bidding
        while True:
            if len(stock) < 3 * n + 1:
                # the pack is exhausted before a new suit turned: the deal is void and made again
                return replace(state, phase="deal", turn=None,
                               info=set_fact(state, "same_dealer", True),
                               calls=state.calls + ((state.dealer, "the pack is exhausted: new deal"),))
            for _ in range(3):
                for k in range(n):
                    hands[k].append(stock.pop(0))
            turnup = stock.pop(0)
            begging = replace(begging, runs=begging.runs + 1)
            if state.deck[turnup].suit != old:
                break
            shown.append(turnup)
        s = replace(state, hands=tuple(tuple(h) for h in hands), stock=tuple(stock), shown=tuple(shown),
                    turnup=turnup, trump=state.deck[turnup].suit, bidding=begging,
                    taken_up=(True,) * len(hands))
        s = self._turned_jack(s)
        if s.phase == "over":
            return s
        elder = (state.dealer + 1) % n
        return replace(s, phase="discard", turn=elder)

    def _discard(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        slot = active_slot(state, seat)
        assert slot is not None
        cid = next(i for i in state.hands[slot] if state.deck[i] == card)
        hands = list(state.hands)
        hands[slot] = tuple(i for i in hands[slot] if i != cid)
        discards = list(state.discards)
        discards[seat] = discards[seat] + (cid,)
        s = replace(state, hands=tuple(hands), discards=tuple(discards))
        if len(hands[slot]) > 6:
            return s
        nxt = (seat + 1) % state.n
        if nxt == (state.dealer + 1) % state.n:
            return self._to_play(s)
        return replace(s, turn=nxt)

    def _refusal(self, state: TricksState, action: TricksAction) -> IllegalAction:
        word = getattr(action, "word", None)
        if state.phase == "play":
            return IllegalAction("the begging is over: play a card", self.ref("the-play"))
        if word in ("stand", "beg") and state.phase != "beg":
            return IllegalAction("only the elder hand, before the play, may beg or stand", self.ref("begging"))
        if word in ("give", "run") and state.phase != "give":
            return IllegalAction("the dealer gives a point or runs the cards only when the elder hand "
                                 "has begged", self.ref("begging"))
        if isinstance(action, Discard):
            if state.phase != "discard":
                return IllegalAction("cards are put out only after the cards have been run, down to six",
                                     self.ref("running-the-cards"))
            return IllegalAction(f"the {action.card.name} is not in your hand", self.ref("running-the-cards"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("begging"))

    # -- the play and the score -------------------------------------------------------------------
    def power(self, state: TricksState, card: Card) -> int:
        return WHIST_POWER[card.rank]

    def points(self, state: TricksState, tricks: Sequence[tuple[int, Sequence[int]]],
               players: Sequence[tuple[int, int]]) -> list[tuple[str, int | None, str]]:
        """(item, side or None, words) for High, Low, Jack and Game, in that order.  ``players``
        gives (seat, id) for every card played, so that High and Low go to their holders."""
        opts = self.options_of(state)
        side_of = {s: self.side_of(opts, s) for s in range(state.n)}
        trumps = [(WHIST_POWER[state.deck[i].rank], seat, i) for seat, i in players
                  if state.deck[i].suit == state.trump]
        out: list[tuple[str, int | None, str]] = []
        if trumps:
            hi = max(trumps)
            lo = min(trumps)
            out.append(("high", side_of[hi[1]], f"High, the {state.deck[hi[2]].name}"))
            out.append(("low", side_of[lo[1]], f"Low, the {state.deck[lo[2]].name}"))
        jack_taken = None
        for winner, ids in tricks:
            if any(state.deck[i].rank is Rank.JACK and state.deck[i].suit == state.trump for i in ids):
                jack_taken = winner
        if jack_taken is not None:
            out.append(("jack", side_of[jack_taken], "Jack, the knave of trumps"))
        counts = [0] * len(self.sides(opts))
        for winner, ids in tricks:
            counts[side_of[winner]] += sum(GAME_VALUE.get(state.deck[i].rank, 0) for i in ids)
        elder_side = side_of[(state.dealer + 1) % state.n]
        best = max(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        if best == 0 or len(leaders) > 1:
            out.append(("game", elder_side, f"Game ({counts[0]} to {counts[1]}: the elder hand's on a tie)"))
        else:
            out.append(("game", leaders[0], f"Game ({counts[leaders[0]]} to {counts[1 - leaders[0]]})"))
        return out

    def end_hand(self, state: TricksState) -> TricksState:
        tricks = [(t.winner, [i for _, i in t.plays]) for t in state.tricks]
        players = [p for t in state.tricks for p in t.plays]
        s = state
        for item, side, words in self.points(state, tricks, players):
            if side is None:
                continue
            s = self._score(s, side, 1, f"{self._side_name(state, side)}: 1 for {words}", self.ref(
                {"high": "high", "low": "low", "jack": "jack", "game": "game-point"}[item]))
            if s.phase == "over":
                return s
        return replace(s, phase="deal", turn=None)


class FourHandedAllFours(AllFours):
    info = BY_ID["all_fours_four_handed"]
    players = 4


GAME = AllFours()
FOUR_HANDED = FourHandedAllFours()
