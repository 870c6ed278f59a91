"""Bézique (the old game for two, two packs) and Rubicon Bézique (four packs), by the standard laws
of the period that the 1909 *Hoyle* reprints.

Bézique: two piquet packs shuffled together (64 cards, every card twice), ranked ace, ten, king,
queen, knave, nine, eight, seven.  Eight cards each, dealt three, two, three from the non-dealer;
the seventeenth card is turned for trumps (a seven turned scores 10 to the dealer) and the rest
are the stock.  While the stock lasts the second player may play any card; the trick goes to the
higher card of the suit led or to a trump, and of two equal cards the one led wins.  The winner
of a trick may then make **one declaration** (the table lays its cards face up before him, where
they stay part of his hand and are played from there), and may exchange a seven of trumps for the
turn-up or show one, for 10; then he draws the top card of the stock and the loser the next.  When
the stock is done (the loser of the last draw takes the turn-up) the declared cards go back into
the hands and the last eight tricks are played with the strict law: follow suit, win the trick
if you can, trump if you cannot follow.  Aces and tens taken (*brisques*) score 10 each and the
last trick 10; game is 1000 (or as agreed), decided at the end of a deal.

Declarations, and the use of a card again: a card already declared may serve again only in a
declaration of another kind, and every declaration must take at least one card from the
concealed hand.  So a married queen of spades may make bézique, but not another marriage; a king
of a declared four kings may marry, but not make a second four kings; a royal marriage may grow
into the sequence, but a sequence's king and queen may not then be married.  Where a player holds
two copies of a card the table chooses which serves: the one already lying declared, where the
law lets it.

Rubicon Bézique: four packs (128 cards), nine cards each by threes, no turn-up and no score for
the seven: the first marriage (or sequence) declared makes trumps.  Carte blanche (no king, queen
or knave dealt) scores 50, and 50 again for each card drawn after it that is not a court card,
shown (until a court card is drawn, or he passes); a sequence in a plain suit (*back-door*) 150; triple and quadruple
bézique 1500 and 4500; the last trick 50.  Each deal is a game: the higher total wins 500 and the
difference; a loser short of 1000 is *rubiconed*, and the winner takes 1000 and both totals.
Brisques count only to save a player from the rubicon or to break a tie.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from ...core.cards import PIQUET_RANKS, SUITS, Card, Rank, Suit, pack
from ...core.errors import IllegalAction, NotationError
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Seat, TableKind
from ...core.notation import parse_card
from ..catalogue import BY_ID
from .engine import Call, Play, Trick, TrickGame, TricksAction, TricksState, TricksView, active_slot
from .heading import heading_cards, heading_fault

# Ace, ten, king, queen, knave, nine, eight, seven.
ORDER: tuple[Rank, ...] = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN,
                           Rank.ACE)
POWER: dict[Rank, int] = {r: i for i, r in enumerate(ORDER)}
COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)
BRISQUES = (Rank.ACE, Rank.TEN)
QS = Card(Rank.QUEEN, Suit.SPADES)
JD = Card(Rank.JACK, Suit.DIAMONDS)
FOURS = {"four-aces": Rank.ACE, "four-kings": Rank.KING, "four-queens": Rank.QUEEN, "four-knaves": Rank.JACK}
SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
# The points of each declaration.
VALUES: dict[str, int] = {
    "marriage": 20, "royal-marriage": 40, "bezique": 40, "double-bezique": 500, "triple-bezique": 1500,
    "quadruple-bezique": 4500, "four-aces": 100, "four-kings": 80, "four-queens": 60, "four-knaves": 40,
    "sequence": 250, "back-door": 150,
}
NAMES: dict[str, str] = {
    "marriage": "marriage", "royal-marriage": "royal marriage", "bezique": "bézique",
    "double-bezique": "double bézique", "triple-bezique": "triple bézique",
    "quadruple-bezique": "quadruple bézique", "four-aces": "four aces", "four-kings": "four kings",
    "four-queens": "four queens", "four-knaves": "four knaves", "sequence": "sequence",
    "back-door": "back-door (sequence in a plain suit)",
}
# The kind of combination a card has served in: a card serves once in each kind.  A sequence's
# king and queen count as married too (no marriage after the sequence).
CLASS = {"marriage": "marriage", "royal-marriage": "marriage", "bezique": "bezique", "double-bezique": "multi",
         "triple-bezique": "multi", "quadruple-bezique": "multi", "four-aces": "four", "four-kings": "four",
         "four-queens": "four", "four-knaves": "four", "sequence": "sequence", "back-door": "sequence"}
DECLARE_WORDS = ("marriage", "royal-marriage", "bezique", "double-bezique", "triple-bezique", "quadruple-bezique",
                 "four-aces", "four-kings", "four-queens", "four-knaves", "sequence", "back-door")


@dataclass(frozen=True, slots=True)
class PlayShown(Play):
    """A card played from those lying declared before the player (``play-shown QS``), where he
    also holds a concealed copy of it; ``Play`` plays the concealed one."""


@dataclass(frozen=True, slots=True)
class Meld:
    """One declaration: what, by whom, with which cards, for how much."""

    kind: str
    seat: Seat
    ids: tuple[int, ...]
    points: int
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class BeziqueDeal:
    """What is public about the deal in progress (kept in ``TricksState.contract``)."""

    elder: Seat
    table: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())   # declared cards lying before each
    used: tuple[tuple[int, str], ...] = ()    # (card id, class) each card has served in
    melds: tuple[Meld, ...] = ()
    seen: tuple[int, ...] = ()                # cards both players have seen that are in a hand
    declared: bool = False                    # the trick's winner has made his declaration
    sevens: tuple[int, ...] = ()              # sevens of trumps scored
    last_eight: int | None = None             # tricks played before the strict play began
    carte_blanche: tuple[Seat, ...] = ()
    # Rubicon: the holders of carte blanche still asked after each draw (a "pass" ends it), those
    # still to answer after this draw, and the card each drew last (ids only: the faces stay hidden).
    blanche_open: tuple[Seat, ...] = ()
    blanche_turns: tuple[Seat, ...] = ()
    drawn: tuple[tuple[Seat, int], ...] = ()

    def on_table(self, seat: Seat) -> tuple[int, ...]:
        return self.table[seat]

    def classes(self, cid: int) -> set[str]:
        return {c for i, c in self.used if i == cid}


class Bezique(TrickGame):
    info = BY_ID["bezique"]
    table_kind = TableKind.BEZIQUE
    packs = 2
    hand_size = 8
    packets: tuple[int, ...] = (3, 2, 3)
    turnup_trumps = True
    rubicon = False
    option_specs: tuple[OptionSpec, ...] = (
        OptionSpec("target", 1000, (1000, 500, 2000), "Game",
                   labels=("1,000 points (the usual)", "500 points", "2,000 points")),
    )
    CALL_SECTIONS = ("declarations",)

    # -- equipment ----------------------------------------------------------------------------------
    def seats(self, opts: Options) -> int:
        return 2

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return pack(ranks=PIQUET_RANKS, copies=self.packs)

    def power(self, state: TricksState, card: Card) -> int:
        return POWER[card.rank]

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return "AB"[seat]

    def call_words(self) -> tuple[str, ...]:
        return ("draw", "exchange", "seven") + DECLARE_WORDS

    last_anchor = "the-last-eight-tricks"

    def ref_follow(self) -> str:
        return self.ref(self.last_anchor)

    # -- the deal -----------------------------------------------------------------------------------
    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        elder = 1 - state.dealer
        hands: list[list[int]] = [[], []]     # [elder, dealer]
        pos = 0
        for packet in self.packets:
            for k in (0, 1):
                hands[k].extend(order[pos:pos + packet])
                pos += packet
        turnup = None
        trump = None
        if self.turnup_trumps:
            turnup = order[pos]
            trump = state.deck[turnup].suit
            pos += 1
        stock = tuple(reversed(order[pos:]))   # top last
        return replace(state, hands=(tuple(hands[0]), tuple(hands[1])), owners=(elder, state.dealer),
                       hand_sets=(0, 0), taken_up=(True, True), stock=stock, turnup=turnup,
                       turnup_on_table=turnup is not None, trump=trump)

    def start_hand(self, state: TricksState) -> TricksState:
        elder = 1 - state.dealer
        s = replace(state, contract=BeziqueDeal(elder=elder), phase="play", turn=elder, leader=elder)
        if s.turnup is not None and s.deck[s.turnup].rank is Rank.SEVEN:
            s = self._score(s, s.dealer, 10, f"{self.seat_name(s.dealer)}: a seven turned up", "the-seven-of-trumps")
        return s

    # -- scores ----------------------------------------------------------------------------------------
    def _score(self, state: TricksState, seat: Seat, points: int, text: str, anchor: str) -> TricksState:
        return replace(state, sheet=state.sheet.add(state.deal_no, seat, points, f"{text} — {points}",
                                                    self.ref(anchor)))

    def deal_points(self, state: TricksState) -> tuple[int, int]:
        """What each player has scored in the deal in progress."""
        pts = [0, 0]
        for line in state.sheet.lines_of_deal(state.deal_no):
            pts[line.side] += line.points
        return pts[0], pts[1]

    # -- hands and the cards lying declared ------------------------------------------------------------
    def hand_ids(self, state: TricksState, seat: Seat) -> tuple[int, ...]:
        slot = active_slot(state, seat)
        return () if slot is None else state.hands[slot]

    def concealed(self, state: TricksState, seat: Seat) -> list[int]:
        rec = state.contract
        shown = set(rec.table[seat]) if isinstance(rec, BeziqueDeal) else set()
        return [i for i in self.hand_ids(state, seat) if i not in shown]

    def stock_left(self, state: TricksState) -> bool:
        return bool(state.stock) or (state.turnup is not None and state.turnup_on_table)

    # -- the declarations ------------------------------------------------------------------------------
    def meld_options(self, state: TricksState, seat: Seat) -> list[Meld]:
        """Every declaration ``seat`` may make now, each with the cards the table would use."""
        rec: BeziqueDeal = state.contract
        ids = self.hand_ids(state, seat)
        hidden = set(self.concealed(state, seat))
        by_face: dict[Card, list[int]] = {}
        for i in ids:
            by_face.setdefault(state.deck[i], []).append(i)
        trump = state.trump
        out: list[Meld] = []

        used: dict[int, set[str]] = {}
        for i, c in rec.used:
            used.setdefault(i, set()).add(c)

        def find(kind: str, need: Sequence[Card], suit: Suit | None = None) -> None:
            wanted = Counter(need)
            if any(len(by_face.get(face, ())) < k for face, k in wanted.items()):
                return                      # not held at all: the common case, answered at once
            cls = CLASS[kind]
            choices = []
            for face, k in wanted.items():
                free = [i for i in by_face[face] if cls not in used.get(i, ())
                        or self.reformed(state, rec, i, cls)]
                if len(free) < k:
                    return
                choices.append(list(combinations(free, k)))
            best: tuple[int, ...] | None = None
            best_key = -1
            for pick in product(*choices):
                flat = tuple(i for group in pick for i in group)
                if not any(i in hidden for i in flat):
                    continue        # every declaration takes a card from the concealed hand
                key = sum(1 for i in flat if i not in hidden)   # the cards already lying, first
                if key > best_key:
                    best, best_key = flat, key
            if best is not None:
                out.append(Meld(kind, seat, tuple(sorted(best)), VALUES[kind], suit))

        for suit in SUITS:
            pair = [Card(Rank.KING, suit), Card(Rank.QUEEN, suit)]
            if trump is None and self.rubicon:
                find("royal-marriage", pair, suit)          # the first marriage makes trumps
            elif suit == trump:
                find("royal-marriage", pair, suit)
            else:
                find("marriage", pair, suit)
        multiples = ("bezique", "double-bezique") + (("triple-bezique", "quadruple-bezique") if self.rubicon else ())
        for n, kind in enumerate(multiples, 1):
            find(kind, [QS] * n + [JD] * n)
        for kind, rank in FOURS.items():
            find(kind, [Card(rank, s) for s in SUITS])
        for suit in SUITS:
            run = [Card(r, suit) for r in SEQUENCE_RANKS]
            if suit == trump or (trump is None and self.rubicon):
                find("sequence", run, suit)                  # Rubicon: a first sequence makes trumps
            elif self.rubicon and trump is not None:
                find("back-door", run, suit)
        return out

    def reformed(self, state: TricksState, rec: BeziqueDeal, cid: int, cls: str) -> bool:
        """May a card serve again in a kind it has served in?  Never at Bézique."""
        return False

    def meld_call(self, meld: Meld) -> Call:
        """The word said for a meld: its kind, with the suit where the kind has one."""
        return Call(meld.kind, meld.suit)

    def _sevens(self, state: TricksState, seat: Seat) -> tuple[list[int], list[int]]:
        """(sevens of trumps held that may be exchanged for the turn-up, those that may be shown)."""
        if not self.turnup_trumps or state.trump is None:
            return [], []
        rec: BeziqueDeal = state.contract
        seven = Card(Rank.SEVEN, state.trump)
        held = [i for i in self.hand_ids(state, seat) if state.deck[i] == seven and i not in rec.sevens]
        exchange = held if (state.turnup is not None and state.turnup_on_table
                            and state.deck[state.turnup] != seven) else []
        return exchange, held

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if state.phase != "declare" or seat != state.turn:
            return []
        rec: BeziqueDeal = state.contract
        out: list[TricksAction] = []
        exchange, show = self._sevens(state, seat)
        if exchange:
            out.append(Call("exchange"))
        if show:
            out.append(Call("seven"))
        if not rec.declared:
            seen_calls = []
            for meld in self.meld_options(state, seat):
                call = self.meld_call(meld)
                if call not in seen_calls:
                    seen_calls.append(call)
            out += seen_calls
        out.append(Call("draw"))
        return out

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        rec: BeziqueDeal = state.contract
        if not isinstance(action, Call):
            return IllegalAction("declare or draw first", self.ref("declarations"))
        if action.word in ("exchange", "seven"):
            if not self.turnup_trumps:
                return IllegalAction("the seven of trumps scores nothing in this game", self.ref("the-play"))
            return IllegalAction("you hold no seven of trumps that may be scored now",
                                 self.ref("the-seven-of-trumps"))
        if action.word in DECLARE_WORDS and rec.declared:
            return IllegalAction("only one declaration may be made for each trick won", self.ref("declarations"))
        if action.word in DECLARE_WORDS:
            return IllegalAction(f"you cannot declare {self.call_label(action).lower()} now: the cards are not "
                                 "all in your hand, or one has already served in a declaration of that kind, "
                                 "or none comes from your concealed hand", self.ref("using-cards-again"))
        return IllegalAction(f"'{self.action_to_str(action)}' may not be said now", self.ref("declarations"))

    def apply(self, state: TricksState, action: TricksAction) -> TricksState:
        if state.phase == "play" and isinstance(action, Play) and state.turn is not None:
            seat = state.turn
            card = action.card
            rec: BeziqueDeal = state.contract
            shown = [i for i in rec.table[seat] if state.deck[i] == card]
            hidden = [i for i in self.concealed(state, seat) if state.deck[i] == card]
            if isinstance(action, PlayShown):
                if not shown:
                    raise IllegalAction(f"no {card.name} lies declared before you", self.ref("the-play"))
                cid = shown[0]
            else:
                if not hidden and not shown:
                    raise IllegalAction(f"the {card.name} is not in your hand", self.ref("the-play"))
                cid = hidden[0] if hidden else shown[0]
            refusal = self.why_not_playable(state, seat, card)
            if refusal is not None:
                raise refusal
            # the engine plays the first id with this face: put the chosen one first
            slot = active_slot(state, seat)
            assert slot is not None
            hands = list(state.hands)
            hands[slot] = (cid,) + tuple(i for i in hands[slot] if i != cid)
            table = list(rec.table)
            table[seat] = tuple(i for i in table[seat] if i != cid)
            s = replace(state, hands=tuple(hands),
                        contract=replace(rec, table=(table[0], table[1]),
                                         seen=tuple(i for i in rec.seen if i != cid)))
            return self.play_card(s, seat, card)
        return super().apply(state, action)

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        assert isinstance(action, Call)
        s = replace(state, calls=state.calls + ((seat, self.said(action)),))
        rec: BeziqueDeal = s.contract
        name = self.seat_name(seat)
        if action.word == "draw":
            return self._draw(s)
        if action.word == "exchange":
            exchange, _ = self._sevens(s, seat)
            cid = exchange[0]
            slot = active_slot(s, seat)
            assert slot is not None and s.turnup is not None
            hands = list(s.hands)
            hands[slot] = tuple(i for i in hands[slot] if i != cid) + (s.turnup,)
            rec = replace(rec, sevens=rec.sevens + (cid,), seen=rec.seen + (s.turnup,))
            s = replace(s, hands=tuple(hands), turnup=cid, contract=rec)
            s = self._score(s, seat, 10, f"{name}: the seven exchanged",
                            "the-seven-of-trumps")
            return self._after_declaring(s)
        if action.word == "seven":
            _, show = self._sevens(s, seat)
            cid = show[0]
            s = replace(s, contract=replace(rec, sevens=rec.sevens + (cid,), seen=rec.seen + (cid,)))
            s = self._score(s, seat, 10, f"{name}: the seven shown", "the-seven-of-trumps")
            return self._after_declaring(s)
        meld = next(m for m in self.meld_options(s, seat) if self.meld_call(m) == action)
        return self._after_declaring(self.declare(s, seat, meld))

    def declare(self, state: TricksState, seat: Seat, meld: Meld) -> TricksState:
        """Lay the meld's cards on the table before ``seat``, mark what they served in, score it."""
        rec: BeziqueDeal = state.contract
        table = list(rec.table)
        table[seat] = table[seat] + tuple(i for i in meld.ids if i not in table[seat])
        used = list(rec.used)
        cls = CLASS[meld.kind]
        for i in meld.ids:
            used.append((i, cls))
            if cls == "multi":
                used.append((i, "bezique"))
            if cls == "sequence":
                if state.deck[i].rank in (Rank.KING, Rank.QUEEN):
                    used.append((i, "marriage"))
        s = state
        if s.trump is None and meld.kind in ("royal-marriage", "sequence"):
            s = replace(s, trump=meld.suit)            # Rubicon: the first marriage makes trumps
        seen = rec.seen + tuple(i for i in meld.ids if i not in rec.seen)
        s = replace(s, contract=replace(rec, table=(table[0], table[1]), used=tuple(used),
                                        melds=rec.melds + (meld,), seen=seen, declared=True))
        what = NAMES[meld.kind]
        if meld.kind in ("marriage", "royal-marriage", "back-door") and meld.suit is not None:
            what += f" in {meld.suit.title}"
        return self._score(s, seat, meld.points, f"{self.seat_name(seat)}: {what}", self.meld_anchor(meld.kind))

    def meld_anchor(self, kind: str) -> str:
        return "declarations"

    def _after_declaring(self, state: TricksState) -> TricksState:
        """The winner stays to say more (a seven, his declaration) or "draw": he always says it
        himself, so that whether he had more to declare is never told by the table."""
        return state

    def _draw(self, state: TricksState) -> TricksState:
        """The winner of the trick draws the top card of the stock, the loser the next (at the last
        draw, the turn-up)."""
        rec: BeziqueDeal = state.contract
        winner = state.turn
        assert winner is not None
        hands = list(state.hands)
        stock = list(state.stock)
        seen = list(rec.seen)
        on_table = state.turnup_on_table
        drawn: list[tuple[Seat, int]] = []
        for seat in (winner, 1 - winner):
            slot = active_slot(state, seat)
            assert slot is not None
            if stock:
                hands[slot] = hands[slot] + (stock.pop(),)
            elif state.turnup is not None and on_table:
                hands[slot] = hands[slot] + (state.turnup,)
                seen.append(state.turnup)
                on_table = False
            else:
                continue
            drawn.append((seat, hands[slot][-1]))
        s = replace(state, hands=tuple(hands), stock=tuple(stock), turnup_on_table=on_table, phase="play",
                    turn=winner, leader=winner,
                    contract=replace(rec, declared=False, seen=tuple(seen), drawn=tuple(drawn)))
        if not self.stock_left(s):
            # the last eight: the declared cards are taken back into the hands
            s = replace(s, contract=replace(s.contract, table=((), ()), last_eight=len(s.tricks)))
        return s

    # -- the play ---------------------------------------------------------------------------------------------
    def strict(self, state: TricksState) -> bool:
        rec = state.contract
        return isinstance(rec, BeziqueDeal) and rec.last_eight is not None

    def playable(self, state: TricksState, seat: Seat, *, strict: bool | None = None) -> list[Card]:
        hand = [state.deck[i] for i in self.hand_ids(state, seat)]
        if not state.trick or not self.strict(state):
            return hand
        return heading_cards(hand, state.deck[state.trick[0][1]], state.trump, lambda c: POWER[c.rank])

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        hand = [state.deck[i] for i in self.hand_ids(state, seat)]
        if card not in hand:
            return IllegalAction(f"the {card.name} is not in your hand", self.ref("the-play"))
        if card in self.playable(state, seat):
            return None
        led = state.deck[state.trick[0][1]]
        why = {"follow": f"you must follow suit: you hold {led.suit.title}",
               "win": f"you must win the trick if you can: the {card.name} does not beat the {led.name}",
               "trump": "having none of the suit led, you must trump"}[heading_fault(hand, card, led)]
        return IllegalAction(f"in the last tricks {why}", self.ref(self.last_anchor))

    def legal_actions(self, state: TricksState, seat: Seat) -> Sequence[TricksAction]:
        if state.phase != "play" or seat != state.turn:
            return tuple(super().legal_actions(state, seat))
        rec: BeziqueDeal = state.contract
        ok = set(self.playable(state, seat))
        out: list[TricksAction] = []
        hidden_faces = {state.deck[i] for i in self.concealed(state, seat)}
        shown_faces = {state.deck[i] for i in rec.table[seat]}
        for face in sorted(ok, key=lambda c: (c.suit.value if c.suit else "", POWER[c.rank])):
            if face in hidden_faces:
                out.append(Play(face))
            if face in shown_faces:
                out.append(PlayShown(face) if face in hidden_faces else Play(face))
        return tuple(out)

    def after_trick(self, state: TricksState, trick: Trick) -> TricksState:
        if self.stock_left(state):
            return replace(state, phase="declare", turn=trick.winner)
        return state

    def end_hand(self, state: TricksState) -> TricksState:
        last = state.tricks[-1].winner
        s = self._score(state, last, self.last_trick_value, f"{self.seat_name(last)}: the last trick", "the-last-trick")
        brisques = [0, 0]
        for t in s.tricks:
            brisques[t.winner] += sum(10 for _, i in t.plays if s.deck[i].rank in BRISQUES)
        return self.settle(s, (brisques[0], brisques[1]))

    last_trick_value = 10

    def settle(self, state: TricksState, brisques: tuple[int, int]) -> TricksState:
        s = state
        for seat in (0, 1):
            if brisques[seat]:
                s = self._score(s, seat, brisques[seat], f"{self.seat_name(seat)}: brisques", "brisques")
        target = int(s.option("target", 1000))
        totals = s.sheet.totals
        if max(totals) < target:
            return replace(s, phase="deal", turn=None)
        if totals[0] == totals[1]:
            return self.finish(s, [0, 1], f"both reach {target}, {totals[0]} all: a drawn game", self.ref("the-game"))
        winner = 0 if totals[0] > totals[1] else 1
        return self.finish(s, [winner], f"{self.seat_name(winner)} wins the game, {totals[winner]} to "
                           f"{totals[1 - winner]}", self.ref("the-game"))

    # -- what each seat sees ---------------------------------------------------------------------------------
    def visible(self, state: TricksState, seat: Seat | None) -> list[bool]:
        shown = super().visible(state, seat)
        rec = state.contract
        if isinstance(rec, BeziqueDeal):
            for i in rec.seen:
                shown[i] = True
            for ids in rec.table:
                for i in ids:
                    shown[i] = True
        return shown

    def voids(self, state: TricksState) -> dict[int, set[Suit]]:
        """Only the last eight tricks tell a void: before them any card may be played."""
        rec = state.contract
        if not isinstance(rec, BeziqueDeal) or rec.last_eight is None:
            return {}
        out: dict[int, set[Suit]] = {}
        plays = [t.plays for t in state.tricks[rec.last_eight:]] + ([state.trick] if state.trick else [])
        for p in plays:
            led = state.deck[p[0][1]].suit
            for who, cid in p[1:]:
                if state.deck[cid].suit != led:
                    slot = active_slot(state, who)
                    if slot is not None:
                        out.setdefault(slot, set()).add(led)
                        if state.deck[cid].suit != state.trump and state.trump is not None:
                            out[slot].add(state.trump)
        return out

    # -- text -----------------------------------------------------------------------------------------------
    def action_to_str(self, action: TricksAction) -> str:
        if isinstance(action, PlayShown):
            return f"play-shown {action.card.code}"
        return super().action_to_str(action)

    def action_from_str(self, state: TricksState, text: str) -> TricksAction:
        t = " ".join(text.strip().split())
        if t.lower().startswith("play-shown "):
            try:
                return PlayShown(parse_card(t[11:]))
            except NotationError as exc:
                raise NotationError(f"{text!r}: {exc}") from None
        return super().action_from_str(state, t)

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call):
            if action.word == "draw":
                return "Draw"
            if action.word == "exchange":
                return "Exchange the seven (10)"
            if action.word == "seven":
                return "Show the seven (10)"
            if action.word in VALUES:
                name = "back-door" if action.word == "back-door" else NAMES[action.word]
                suit = f" {action.suit.symbol}" if action.suit is not None else ""
                return f"{name[:1].upper()}{name[1:]}{suit} ({VALUES[action.word]})"
        if isinstance(action, PlayShown):
            return f"play the declared {action.card.name}"
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        who = self.seat_name(seat) if seat is not None else ""
        if isinstance(action, Call) and state.phase == "declare":
            if action.word == "draw":
                return f"{who} draws"
            try:
                after = self.apply(state, action)
            except IllegalAction:
                return super().describe(state, action)
            new = after.sheet.lines[len(state.sheet.lines):]
            return f"{who} declares: " + "; ".join(line.text.split(": ", 1)[-1] for line in new)
        if isinstance(action, PlayShown):
            return f"{who} plays the {action.card.name} from the table"
        return super().describe(state, action)

    def melded(self, pub: TricksState) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cards lying declared before each player (for the table)."""
        rec = pub.contract
        return rec.table if isinstance(rec, BeziqueDeal) else ((), ())

    def table_notes(self, view: TricksView) -> list[str]:
        pub = view.pub
        rec = pub.contract
        out = [f"Stock {len(pub.stock)}" if self.stock_left(pub) else "The last tricks: follow and win"]
        if isinstance(rec, BeziqueDeal) and rec.melds:
            m = rec.melds[-1]
            out.append(f"{self.seat_name(m.seat)}: {NAMES[m.kind]}")
        return out

    def sheet_lines(self, view: Any, name: Any) -> list[str]:
        pub = view.pub
        head = f"Game of {pub.option('target', 1000)} · deal {pub.deal_no}" if not self.rubicon \
            else f"Rubicon game · deal {pub.deal_no}"
        this = self.deal_points(pub)
        lines = [head] + [f"{name(s):<10} {pub.sheet.totals[s]:>5}  (+{this[s]})" for s in (0, 1)]
        for line in pub.sheet.lines_of_deal(pub.deal_no)[-4:]:
            lines.append(line.text if len(line.text) < 44 else line.text[:42] + "…")
        return lines


class RubiconBezique(Bezique):
    """Four packs, nine cards by threes, no turn-up: the first marriage makes trumps; each deal a
    game settled by the rubicon."""

    info = BY_ID["rubicon_bezique"]
    packs = 4
    hand_size = 9
    packets = (3, 3, 3)
    turnup_trumps = False
    rubicon = True
    last_trick_value = 50
    last_anchor = "the-last-nine-tricks"
    option_specs = ()

    def reformed(self, state: TricksState, rec: BeziqueDeal, cid: int, cls: str) -> bool:
        """A four or a marriage may be formed again once a card of the first has been played."""
        if cls not in ("four", "marriage"):
            return False
        held = set(self.hand_ids(state, rec.elder)) | set(self.hand_ids(state, 1 - rec.elder))
        before = [m for m in rec.melds if cid in m.ids and CLASS[m.kind] == cls]
        return bool(before) and all(any(i not in held for i in m.ids) for m in before)

    def start_hand(self, state: TricksState) -> TricksState:
        s = super().start_hand(state)
        rec: BeziqueDeal = s.contract
        for seat in (rec.elder, s.dealer):
            ids = self.hand_ids(s, seat)
            if not any(s.deck[i].rank in COURTS for i in ids):
                rec = replace(rec, carte_blanche=rec.carte_blanche + (seat,), blanche_open=rec.blanche_open + (seat,),
                              seen=rec.seen + tuple(ids))
                s = replace(s, contract=rec)
                s = self._score(s, seat, 50, f"{self.seat_name(seat)}: carte blanche", "carte-blanche")
                rec = s.contract
        return s

    # -- carte blanche again: after each draw the holder may show a card that is not a court card
    # The showing is a choice ("may show"), and both players draw, so the holders answer in the order
    # they drew (the winner of the trick first) before the next lead.  He is asked after every draw,
    # whatever he drew, until he says "pass": so the table tells nothing the law does not (a pass
    # says what he chose, as it would across a real table).  A court card drawn leaves him only the
    # pass; a pass ends his carte blanche (our decision: see the page).
    def call_words(self) -> tuple[str, ...]:
        return super().call_words() + ("carte-blanche", "pass")

    def _draw(self, state: TricksState) -> TricksState:
        s = super()._draw(state)
        rec: BeziqueDeal = s.contract
        ask = tuple(seat for seat, _ in rec.drawn if seat in rec.blanche_open)
        if not ask:
            return s
        return replace(s, phase="blanche", turn=ask[0], contract=replace(rec, blanche_turns=ask))

    def blanche_card(self, state: TricksState, seat: Seat) -> int | None:
        """The card ``seat`` has just drawn, if he may show it for carte blanche now."""
        rec = state.contract
        if state.phase != "blanche" or not isinstance(rec, BeziqueDeal) or not rec.blanche_turns \
                or rec.blanche_turns[0] != seat or seat not in rec.blanche_open:
            return None
        cid = next((i for who, i in rec.drawn if who == seat), None)
        if cid is None or state.deck[cid].rank in COURTS or cid not in self.hand_ids(state, seat):
            return None
        return cid

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if state.phase != "blanche":
            return super().call_actions(state, seat)
        if seat != state.turn:
            return []
        out: list[TricksAction] = [Call("carte-blanche")] if self.blanche_card(state, seat) is not None else []
        return out + [Call("pass")]

    def _refusal(self, state: TricksState, seat: Seat, action: TricksAction) -> IllegalAction:
        if state.phase == "blanche" or (isinstance(action, Call) and action.word in ("carte-blanche", "pass")):
            rec: BeziqueDeal = state.contract
            if state.phase != "blanche" or seat not in rec.blanche_open:
                why = "carte blanche is shown again only just after a draw, by a player who declared it and " \
                      "has not yet drawn a court card (or let a draw go by)"
            elif isinstance(action, Call) and action.word == "carte-blanche":
                why = "the card you drew is a king, queen or knave: your carte blanche ends, say pass"
            else:
                why = "show the card you drew for carte blanche, or pass"
            return IllegalAction(why, self.ref("carte-blanche"))
        return super()._refusal(state, seat, action)

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if state.phase != "blanche":
            return super().apply_call(state, seat, action)
        if action not in self.call_actions(state, seat):
            raise self._refusal(state, seat, action)
        assert isinstance(action, Call)
        s = replace(state, calls=state.calls + ((seat, self.said(action)),))
        rec: BeziqueDeal = s.contract
        rest = rec.blanche_turns[1:]
        if action.word == "carte-blanche":
            cid = self.blanche_card(s, seat)
            assert cid is not None
            rec = replace(rec, seen=rec.seen + ((cid,) if cid not in rec.seen else ()))
            s = replace(s, contract=rec)
            s = self._score(s, seat, 50, f"{self.seat_name(seat)}: carte blanche again, the "
                            f"{s.deck[cid].name} shown", "carte-blanche")
            rec = s.contract
        else:
            rec = replace(rec, blanche_open=tuple(k for k in rec.blanche_open if k != seat))
        if rest:
            return replace(s, turn=rest[0], contract=replace(rec, blanche_turns=rest))
        return replace(s, phase="play", turn=s.leader, contract=replace(rec, blanche_turns=()))

    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word == "carte-blanche":
            return "Show the card: carte blanche (50)"
        if isinstance(action, Call) and action.word == "pass":
            return "Pass (no more carte blanche)"
        return super().call_label(action)

    def rules_section(self, state: TricksState) -> str | None:
        if state.phase == "blanche":
            return self.page_section("carte-blanche")
        return super().rules_section(state)

    def settle(self, state: TricksState, brisques: tuple[int, int]) -> TricksState:
        """One deal is the game.  Brisques count, for both, only when they would save a player
        from the rubicon or break a tie; the totals are rounded down to hundreds; the winner takes
        500 and the difference, or, the loser short of 1000, 1000, both totals and 320."""
        s = state
        totals = self.deal_points(s)
        saves = any(totals[k] < RUBICON <= totals[k] + brisques[k] for k in (0, 1))
        if saves or totals[0] == totals[1]:
            why = "to save the rubicon" if saves else "to break the tie"
            for seat in (0, 1):
                if brisques[seat]:
                    s = self._score(s, seat, brisques[seat], f"{self.seat_name(seat)}: brisques, {why}", "brisques")
            totals = self.deal_points(s)
        if totals[0] == totals[1]:
            return self.finish(s, [0, 1], f"a tie, {totals[0]} all", self.ref("the-rubicon"))
        winner = 0 if totals[0] > totals[1] else 1
        loser = 1 - winner
        points = rubicon_points(totals[winner], totals[loser])
        how = (f"{self.seat_name(loser)} is rubiconed: 1,000, both totals and 320" if totals[loser] < RUBICON
               else "500 and the difference")
        s = replace(s, info=tuple((k, v) for k, v in s.info if k != "game_points") + (("game_points", points),))
        return self.finish(s, [winner], f"{self.seat_name(winner)} wins, {totals[winner]} to {totals[loser]}, and "
                           f"takes {points} ({how})", self.ref("the-rubicon"))


RUBICON = 1000


def rubicon_points(winner: int, loser: int) -> int:
    """The points a Rubicon game is worth to its winner: the totals rounded down to hundreds, then
    500 and the difference, or (the loser rubiconed) 1000, both totals and 320 for the brisques."""
    w, lo = winner // 100 * 100, loser // 100 * 100
    return 1000 + w + lo + 320 if loser < RUBICON else 500 + w - lo


GAME = Bezique()
RUBICON_GAME = RubiconBezique()

__all__ = ["GAME", "RUBICON_GAME", "Bezique", "BeziqueDeal", "Meld", "PlayShown", "RubiconBezique",
           "VALUES", "order_for", "rubicon_points"]


def order_for(elder: Sequence[Card], dealer: Sequence[Card], turnup: Card | None, stock_top_first: Sequence[Card],
              packets: Sequence[int] = (3, 2, 3)) -> list[Card]:
    """The pack order (top first) that deals these hands, this turn-up and this stock: for the tests
    and the books' examples."""
    e, d = list(elder), list(dealer)
    order: list[Card] = []
    for k in packets:
        order += e[:k] + d[:k]
        e, d = e[k:], d[k:]
    return order + ([turnup] if turnup is not None else []) + list(stock_top_first)
