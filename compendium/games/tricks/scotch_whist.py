"""Scotch Whist, or Catch the Ten (Foster's Complete Hoyle), and French Whist, its variety.

Thirty-six cards, ace high in plain suits, the knave of trumps above the ace of trumps.  Two to
eight players, alone or in partnerships; two or three players hold several hands each and play
them one set after another.  Honours taken in tricks (knave 11, ace 4, king 3, queen 2, ten 10 of
trumps) and every card taken beyond those dealt to the side score; 41 wins, counted out in the
book's order.  French Whist: the ten of diamonds always counts ten to whoever wins it.
"""
from __future__ import annotations

from typing import Sequence

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ..catalogue import BY_ID
from .engine import TrickGame, TricksAction, TricksState, active_slot

TARGET = 41
HONOURS: dict[Rank, int] = {Rank.JACK: 11, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.TEN: 10}
PLAIN_POWER = {Rank.SIX: 6, Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10, Rank.JACK: 11,
               Rank.QUEEN: 12, Rank.KING: 13, Rank.ACE: 14}
TRUMP_POWER = {**PLAIN_POWER, Rank.JACK: 15}   # J A K Q 10 9 8 7 6
TEN_OF_DIAMONDS = Card(Rank.TEN, Suit.DIAMONDS)


class ScotchWhist(TrickGame):
    info = BY_ID["scotch_whist"]
    revoke_option = "revokes"
    french = False
    option_specs = (
        OptionSpec("players", 4, (4, 2, 3, 5, 6, 7, 8), "Players"),
        OptionSpec("partners", "pairs", ("pairs", "teams"), "Six or eight players play as",
                   labels=("Pairs of partners", "Two teams, seated alternately")),
        OptionSpec("odd_pack", "remove", ("remove", "show"), "Five or seven players",
                   labels=("The six of spades is taken out (the book)",
                           "The 36th card is shown and laid aside")),
        OptionSpec("revokes", "refused", ("refused", "penalised"), "Revokes",
                   labels=("The table refuses a revoke", "A revoke may be played: it loses the game")),
    )

    # -- equipment ---------------------------------------------------------------------------
    def seats(self, opts: Options) -> int:
        return int(opts.get("players", 4))

    def pack(self, opts: Options) -> tuple[Card, ...]:
        n = self.seats(opts)
        cards = PACKS["36"]
        if n == 8:
            return tuple(c for c in cards if c.rank is not Rank.SIX)
        if n in (5, 7) and opts.get("odd_pack", "remove") == "remove":
            return tuple(c for c in cards if c != Card(Rank.SIX, Suit.SPADES))
        return cards

    def sides(self, opts: Options) -> tuple[tuple[Seat, ...], ...]:
        n = self.seats(opts)
        if n == 4:
            return ((0, 2), (1, 3))
        if n == 6:
            return ((0, 3), (1, 4), (2, 5)) if opts.get("partners", "pairs") == "pairs" \
                else ((0, 2, 4), (1, 3, 5))
        if n == 8:
            return ((0, 4), (1, 5), (2, 6), (3, 7)) if opts.get("partners", "pairs") == "pairs" \
                else ((0, 2, 4, 6), (1, 3, 5, 7))
        return tuple((s,) for s in range(n))

    # -- the deal ----------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        n, dealer = state.n, state.dealer
        seats_from_left = [(dealer + 1 + k) % n for k in range(n)]
        hands: list[tuple[int, ...]] = []
        owners: list[int] = []
        sets: list[int] = []
        pos = 0
        if n in (2, 3):
            per_set = 3 if n == 2 else 2
            for hand_set in range(per_set):
                slots, pos = self.deal_round(n, 6, order, pos)
                for k, slot in enumerate(slots):
                    hands.append(tuple(slot))
                    owners.append(seats_from_left[k])
                    sets.append(hand_set)
        else:
            in_play = len(order) - (1 if len(order) == 36 and n in (5, 7) else 0)
            slots, pos = self.deal_round(n, in_play // n, order, 0)
            for k, slot in enumerate(slots):
                hands.append(tuple(slot))
                owners.append(seats_from_left[k])
                sets.append(0)
        turnup = order[pos - 1]              # the last card dealt, the dealer's
        shown = tuple(order[pos:])           # the 36th card with five or seven players
        trump = state.deck[turnup].suit
        return replace(state, hands=tuple(hands), owners=tuple(owners), hand_sets=tuple(sets),
                       taken_up=tuple(s == 0 for s in sets), turnup=turnup, turnup_on_table=True,
                       shown=shown, trump=trump)

    def start_hand(self, state: TricksState) -> TricksState:
        lead = self.first_leader(state)
        return replace(state, phase="play", leader=lead, turn=lead)

    # -- the play ----------------------------------------------------------------------------
    def power(self, state: TricksState, card: Card) -> int:
        return TRUMP_POWER[card.rank] if card.suit == state.trump else PLAIN_POWER[card.rank]

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        raise IllegalAction("there is no calling in Scotch Whist: play a card", self.ref("the-play"))

    # -- the score ---------------------------------------------------------------------------
    def counters(self, state: TricksState, tricks: Sequence[tuple[int, Sequence[int]]]) -> dict[str, list[int]]:
        """Points per side by kind: "ten", "cards", "ace", "king", "queen", "jack"."""
        opts = self.options_of(state)
        sides = self.sides(opts)
        side_of = {s: i for i, side in enumerate(sides) for s in side}
        out = {k: [0] * len(sides) for k in ("ten", "cards", "ace", "king", "queen", "jack")}
        taken = [0] * len(sides)
        kinds = {Rank.TEN: "ten", Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack"}
        for winner, ids in tricks:
            side = side_of[winner]
            taken[side] += len(ids)
            for i in ids:
                card = state.deck[i]
                if card.suit == state.trump and card.rank in HONOURS:
                    out[kinds[card.rank]][side] += HONOURS[card.rank]
                elif self.french and card == TEN_OF_DIAMONDS:
                    out["ten"][side] += 10
        dealt_each = self.dealt_per_seat(state)
        for i, side in enumerate(sides):
            out["cards"][i] = max(0, taken[i] - dealt_each * len(side))
        return out

    def dealt_per_seat(self, state: TricksState) -> int:
        in_play = len(state.deck) - len(state.shown)
        return in_play // state.n

    def all_tricks(self, state: TricksState) -> list[tuple[int, list[int]]]:
        return [(t.winner, [i for _, i in t.plays]) for t in state.tricks]

    def end_hand(self, state: TricksState) -> TricksState:
        opts = self.options_of(state)
        sides = self.sides(opts)
        names = [self.side_label(side, state.n) for side in sides]
        if state.revokes:
            seat, trick_no = state.revokes[0]
            loser = self.side_of(opts, seat)
            sheet = state.sheet
            s = replace(state, sheet=sheet)
            others = [i for i in range(len(sides)) if i != loser]
            return self.finish(s, others, f"{self.seat_name(seat, state.n)} revoked in trick {trick_no}: "
                               f"{names[loser]} lose the game", self.ref("revokes"))
        points = self.counters(state, self.all_tricks(state))
        sheet = state.sheet
        labels = {"ten": "the ten of trumps", "cards": "cards", "ace": "the ace of trumps",
                  "king": "the king of trumps", "queen": "the queen of trumps",
                  "jack": "the knave of trumps"}
        if self.french:
            labels["ten"] = "tens (the ten of trumps, the ten of diamonds)"
        for kind in ("ten", "cards", "ace", "king", "queen", "jack"):
            for side in range(len(sides)):
                value = points[kind][side]
                if not value:
                    continue
                text = f"{names[side]}: {value} for {labels[kind]}" if kind != "cards" \
                    else f"{names[side]}: {value} by cards"
                sheet = sheet.add(state.deal_no, side, value, text,
                                  self.ref("scoring") if kind != "cards" else self.ref("points-for-cards"))
                if sheet.totals[side] >= TARGET:
                    won = replace(state, sheet=sheet.win_game(side))
                    return self.finish(won, [side], f"{names[side]} reach {TARGET} and win the game",
                                       self.ref("the-game"))
        return replace(state, sheet=sheet, phase="deal", turn=None)

    def side_label(self, side: Sequence[int], n: int) -> str:
        return "–".join(self.seat_name(s, n) for s in side)

    def first_leader(self, state: TricksState) -> Seat:
        return (state.dealer + 1) % state.n


class FrenchWhist(ScotchWhist):
    info = BY_ID["french_whist"]
    french = True


GAME = ScotchWhist()
FRENCH = FrenchWhist()

__all__ = ["GAME", "FRENCH", "ScotchWhist", "FrenchWhist", "active_slot"]
