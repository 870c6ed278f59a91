"""Écarté (the standard club laws of the period, as the 1909 *Hoyle* reprints Cavendish's code).

Two players, the 32-card piquet pack ranked king, queen, knave, ace, ten, nine, eight, seven.
Five cards each, dealt three and two (or two and three) from the non-dealer; the eleventh card is
turned for trumps, and a king turned scores one to the dealer.  The non-dealer (elder) plays or
proposes; the dealer accepts or refuses; after an accepted proposal the elder discards one to five
and draws as many, then the dealer may do the same (or keep his hand); then the elder may propose
again while the stock lasts.  A player holding the king of trumps scores one if he announces it
before his first card.  In play the second player must follow suit, must win the trick if he
can, and having none of the suit must trump if he can.  Three or four tricks score one (*the
point*), all five two (*the vole*); a player who played without proposing, or who refused the
first proposal, and then fails to win the point gives his adversary two.  Five points the game.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.cards import PACKS, Card, Rank, Suit
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat
from ..catalogue import BY_ID
from .engine import Call, Discard, Play, TrickGame, TricksAction, TricksState, TricksView, active_slot
from .heading import heading_cards, heading_fault

HAND = 5
TARGET = 5
MAX_DISCARD = 5
# King high, the ace between the knave and the ten.
ORDER: tuple[Rank, ...] = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE, Rank.JACK, Rank.QUEEN,
                           Rank.KING)
POWER: dict[Rank, int] = {r: i for i, r in enumerate(ORDER)}
COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)


@dataclass(frozen=True, slots=True)
class EcarteDeal:
    """What is public about the deal in progress (kept in ``TricksState.contract``)."""

    elder: Seat
    exchanges: int = 0                   # exchanges made this deal
    proposals: int = 0                   # proposals made this deal
    responsible: Seat | None = None      # played without proposing, or refused the first proposal
    kings: tuple[Seat, ...] = ()         # who marked the king (turned or announced)
    first_played: tuple[Seat, ...] = ()  # who has played a card this deal (the king comes too late)


class Ecarte(TrickGame):
    info = BY_ID["ecarte"]
    option_specs = (
        OptionSpec("deal_by", "3-2", ("3-2", "2-3"), "The dealer deals",
                   labels=("Three, then two", "Two, then three")),
    )
    CALL_SECTIONS = ("the-proposal",)

    # -- equipment --------------------------------------------------------------------------------
    def seats(self, opts: Options) -> int:
        return 2

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["piquet32"]

    def power(self, state: TricksState, card: Card) -> int:
        return POWER[card.rank]

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return "AB"[seat]

    def call_words(self) -> tuple[str, ...]:
        return ("propose", "play", "accept", "refuse", "draw", "keep", "king")

    def ref_follow(self) -> str:
        return self.ref("following-suit")

    # -- the deal ---------------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        first, second = (3, 2) if state.option("deal_by", "3-2") == "3-2" else (2, 3)
        elder = 1 - state.dealer
        hands: list[list[int]] = [[], []]       # [elder, dealer]
        pos = 0
        for packet in (first, second):
            for k in (0, 1):
                hands[k].extend(order[pos:pos + packet])
                pos += packet
        turnup = order[pos]
        stock = tuple(reversed(order[pos + 1:]))  # top last
        return replace(state, hands=(tuple(hands[0]), tuple(hands[1])), owners=(elder, state.dealer),
                       hand_sets=(0, 0), taken_up=(True, True), stock=stock, turnup=turnup,
                       turnup_on_table=True, trump=state.deck[turnup].suit)

    def start_hand(self, state: TricksState) -> TricksState:
        elder = 1 - state.dealer
        s = replace(state, contract=EcarteDeal(elder=elder), phase="propose", turn=elder, leader=elder)
        if s.deck[s.turnup].rank is Rank.KING:       # type: ignore[index]
            s = replace(s, contract=replace(s.contract, kings=(s.dealer,)))
            s = self._score(s, s.dealer, 1, f"{self.seat_name(s.dealer)}: the king turned up", "the-king")
        return s

    # -- scores ------------------------------------------------------------------------------------
    def _score(self, state: TricksState, seat: Seat, points: int, text: str, anchor: str) -> TricksState:
        """Mark a score; the game ends the moment a player reaches five."""
        if state.phase == "over":
            return state
        s = replace(state, sheet=state.sheet.add(state.deal_no, seat, points, f"{text} — {points}",
                                                 self.ref(anchor)))
        if s.sheet.totals[seat] >= TARGET:
            totals = s.sheet.totals
            return self.finish(s, [seat], f"{self.seat_name(seat)} reaches five ({totals[0]} to {totals[1]})",
                               self.ref("the-game"))
        return s

    # -- the calls -----------------------------------------------------------------------------------
    def _hand(self, state: TricksState, seat: Seat) -> tuple[int, ...]:
        slot = active_slot(state, seat)
        return () if slot is None else state.hands[slot]

    def _pending(self, state: TricksState, seat: Seat) -> int:
        """Cards ``seat`` has discarded in this exchange and not yet replaced."""
        return HAND - len(self._hand(state, seat))

    def _may_discard(self, state: TricksState, seat: Seat) -> int:
        return min(MAX_DISCARD, len(state.stock)) - self._pending(state, seat)

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if seat != state.turn:
            return []
        if state.phase == "propose":
            return [Call("play"), Call("propose")]
        if state.phase == "answer":
            return [Call("accept"), Call("refuse")]
        if state.phase in ("discard", "dealer-discard"):
            out: list[TricksAction] = []
            if self._may_discard(state, seat) > 0:
                out += [Discard(state.deck[i]) for i in self._hand(state, seat)]
            if self._pending(state, seat):
                out.append(Call("draw"))
            elif state.phase == "dealer-discard":
                out.append(Call("keep"))
            return out
        return []

    def king_holder(self, state: TricksState, seat: Seat) -> bool:
        """May ``seat`` mark the king now?  He holds the king of trumps, has not marked it, and has
        not yet played a card this deal."""
        rec = state.contract
        if state.phase != "play" or not isinstance(rec, EcarteDeal) or seat in rec.kings \
                or seat in rec.first_played or state.turn != seat:
            return False
        return any(state.deck[i] == Card(Rank.KING, state.trump) for i in self._hand(state, seat))  # type: ignore[arg-type]

    def legal_actions(self, state: TricksState, seat: Seat) -> Sequence[TricksAction]:
        base = tuple(super().legal_actions(state, seat))
        if state.phase == "play" and self.king_holder(state, seat):
            return (Call("king"),) + base
        return base

    def apply(self, state: TricksState, action: TricksAction) -> TricksState:
        if state.phase == "play" and isinstance(action, Call):
            seat = state.turn
            if action.word == "king" and seat is not None and self.king_holder(state, seat):
                rec: EcarteDeal = state.contract
                s = replace(state, contract=replace(rec, kings=rec.kings + (seat,)),
                            calls=state.calls + ((seat, "king"),))
                return self._score(s, seat, 1, f"{self.seat_name(seat)}: the king announced", "the-king")
            if action.word == "king":
                raise IllegalAction("the king may be marked only by its holder, before he plays his first "
                                    "card", self.ref("the-king"))
            raise IllegalAction("the exchange is over: it is time to play a card", self.ref("the-play"))
        return super().apply(state, action)

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        if state.phase == "propose":
            return IllegalAction("the elder hand must say whether he plays or proposes", self.ref("the-proposal"))
        if state.phase == "answer":
            return IllegalAction("the dealer must accept or refuse the proposal", self.ref("the-proposal"))
        if isinstance(action, Discard):
            if action.card not in [state.deck[i] for i in self._hand(state, seat)]:
                return IllegalAction(f"the {action.card.name} is not in your hand", self.ref("the-discard"))
            return IllegalAction(f"no more cards may be discarded: {len(state.stock)} left in the stock, "
                                 f"five at most", self.ref("the-discard"))
        if isinstance(action, Call) and action.word == "draw":
            return IllegalAction("discard at least one card before drawing", self.ref("the-discard"))
        if isinstance(action, Call) and action.word == "keep" and state.phase == "discard":
            return IllegalAction("the elder hand, having proposed, must discard at least one card",
                                 self.ref("the-discard"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("the-proposal"))

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        s = replace(state, calls=state.calls + ((seat, self.said(action)),))
        rec: EcarteDeal = s.contract
        if isinstance(action, Discard):
            slot = active_slot(s, seat)
            assert slot is not None
            cid = next(i for i in s.hands[slot] if s.deck[i] == action.card)
            hands = list(s.hands)
            hands[slot] = tuple(i for i in hands[slot] if i != cid)
            discards = list(s.discards)
            discards[seat] = discards[seat] + (cid,)
            return replace(s, hands=tuple(hands), discards=tuple(discards))
        assert isinstance(action, Call)
        word = action.word
        dealer = s.dealer
        if word == "play":
            if rec.exchanges == 0:      # he stands on his cards: he must make the point
                rec = replace(rec, responsible=seat)
            return self._to_play(replace(s, contract=rec))
        if word == "propose":
            return replace(s, contract=replace(rec, proposals=rec.proposals + 1), phase="answer", turn=dealer)
        if word == "refuse":
            if rec.exchanges == 0:
                rec = replace(rec, responsible=seat)
            return self._to_play(replace(s, contract=rec))
        if word == "accept":
            return replace(s, phase="discard", turn=rec.elder)
        # draw or keep: the seat's exchange is over
        if word == "draw":
            s = self._draw(s, seat)
        if s.phase == "discard":
            if s.stock:
                return replace(s, phase="dealer-discard", turn=dealer)
            return self._after_exchange(s)
        return self._after_exchange(s)

    def _draw(self, state: TricksState, seat: Seat) -> TricksState:
        slot = active_slot(state, seat)
        assert slot is not None
        k = HAND - len(state.hands[slot])
        stock = list(state.stock)
        taken = stock[len(stock) - k:][::-1]
        hands = list(state.hands)
        hands[slot] = hands[slot] + tuple(taken)
        return replace(state, hands=tuple(hands), stock=tuple(stock[:len(stock) - k]))

    def _after_exchange(self, state: TricksState) -> TricksState:
        rec: EcarteDeal = state.contract
        s = replace(state, contract=replace(rec, exchanges=rec.exchanges + 1))
        if s.stock:
            return replace(s, phase="propose", turn=rec.elder)
        return self._to_play(s)     # the stock is spent: no more proposals

    def _to_play(self, state: TricksState) -> TricksState:
        rec: EcarteDeal = state.contract
        return replace(state, phase="play", turn=rec.elder, leader=rec.elder, trick=())

    # -- the play ------------------------------------------------------------------------------------
    def playable(self, state: TricksState, seat: Seat, *, strict: bool | None = None) -> list[Card]:
        """Follow suit, win the trick if you can, and having none of the suit, trump if you can."""
        hand = [state.deck[i] for i in self._hand(state, seat)]
        if not state.trick:
            return hand
        return heading_cards(hand, state.deck[state.trick[0][1]], state.trump, lambda c: POWER[c.rank])

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        hand = [state.deck[i] for i in self._hand(state, seat)]
        if card not in hand:
            return IllegalAction(f"the {card.name} is not in your hand", self.ref("the-play"))
        if card in self.playable(state, seat):
            return None
        led = state.deck[state.trick[0][1]]
        fault = heading_fault(hand, card, led)
        if fault == "follow":
            return IllegalAction(f"you hold {led.suit.title}, so you must follow suit; the {card.name} "
                                 "would be a revoke", self.ref("following-suit"))
        if fault == "win":
            return IllegalAction(f"you can win the trick, so you must: the {card.name} does not beat the "
                                 f"{led.name}", self.ref("winning-the-trick"))
        return IllegalAction(f"you have no {led.suit.title} but hold a trump, so you must trump",
                             self.ref("trumping"))

    def play_card(self, state: TricksState, seat: Seat, card: Card) -> TricksState:
        rec = state.contract
        if isinstance(rec, EcarteDeal) and seat not in rec.first_played:
            state = replace(state, contract=replace(rec, first_played=rec.first_played + (seat,)))
        return super().play_card(state, seat, card)

    def end_hand(self, state: TricksState) -> TricksState:
        rec: EcarteDeal = state.contract
        won = [self.tricks_won(state, 0), self.tricks_won(state, 1)]
        winner = 0 if won[0] >= 3 else 1
        loser = 1 - winner
        name = self.seat_name(winner)
        if won[winner] == HAND:
            s = self._score(state, winner, 2, f"{name}: the vole", "the-vole")
        elif rec.responsible == loser:
            why = "played without proposing" if loser == rec.elder else "refused the first proposal"
            s = self._score(state, winner, 2, f"{name}: the point, against one who {why}",
                            "the-penalty-for-playing-or-refusing")
        else:
            s = self._score(state, winner, 1, f"{name}: the point ({won[winner]} tricks)", "the-point")
        if s.phase == "over":
            return s
        return replace(s, phase="deal", turn=None)

    def rules_section(self, state: TricksState) -> str | None:
        if state.phase in ("discard", "dealer-discard"):
            return self.page_section("the-discard")
        return super().rules_section(state)

    # -- what the computer may infer ---------------------------------------------------------------------
    def extra_constraints(self, view: TricksView, seat: Seat) -> dict[int, set[Suit]]:
        """A player who neither followed nor trumped has no trumps."""
        pub = view.pub
        out: dict[int, set[Suit]] = {}
        tricks = [t.plays for t in pub.tricks] + ([pub.trick] if pub.trick else [])
        for plays in tricks:
            led = view.cards[plays[0][1]].face
            for who, cid in plays[1:]:
                face = view.cards[cid].face
                if led is None or face is None or pub.trump is None:
                    continue
                if face.suit != led.suit and face.suit != pub.trump:
                    slot = active_slot(pub, who)
                    if slot is not None:
                        out.setdefault(slot, set()).add(pub.trump)
        return out

    # -- text ------------------------------------------------------------------------------------------
    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call):
            return {"propose": "Propose", "play": "I play", "accept": "Accept", "refuse": "Refuse",
                    "draw": "Draw", "keep": "Keep my cards", "king": "Mark the king"}.get(
                        action.word, super().call_label(action))
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        who = self.seat_name(seat) if seat is not None else ""
        if isinstance(action, Call):
            text = {"propose": "proposes", "play": "plays without proposing" if isinstance(state.contract, EcarteDeal)
                    and state.contract.exchanges == 0 else "plays", "accept": "accepts", "refuse": "refuses",
                    "keep": "keeps his cards", "king": "marks the king"}.get(action.word)
            if action.word == "draw" and seat is not None:
                k = HAND - len(self._hand(state, seat))
                text = f"draws {k} card{'s' if k != 1 else ''}"
            if text:
                return f"{who} {text}"
        if isinstance(action, Play):
            return f"{who} plays the {action.card.name}"
        return super().describe(state, action)

    def table_notes(self, view: TricksView) -> list[str]:
        pub = view.pub
        rec = pub.contract
        out = [f"Stock {len(pub.stock)}"]
        if isinstance(rec, EcarteDeal):
            if rec.responsible is not None:
                how = "played without proposing" if rec.responsible == rec.elder else "refused"
                out.append(f"{self.seat_name(rec.responsible)} {how}")
            if rec.exchanges:
                out.append(f"Exchanges {rec.exchanges}")
        return out


def order_for(elder: Sequence[Card], dealer: Sequence[Card], turnup: Card, stock_top_first: Sequence[Card],
              deal_by: str = "3-2") -> list[Card]:
    """The pack order (top first) that gives these hands, turn-up and stock: for tests and examples."""
    first = 3 if deal_by == "3-2" else 2
    e, d = list(elder), list(dealer)
    return e[:first] + d[:first] + e[first:] + d[first:] + [turnup] + list(stock_top_first)


GAME = Ecarte()

__all__ = ["GAME", "Ecarte", "EcarteDeal", "POWER", "order_for"]
