"""Sly, Lady Cadogan's two-pack patience (catalogue: sly).

The foundations are four aces and four kings of different suits, taken as they turn up: the aces
are built up in suit to the kings, the kings down in suit to the aces.  Twenty cards are dealt to
the *promenade*, two rows of ten (or four of five), one card to each place; a card that can go to
a foundation as it turns up may be played at once, and the next card takes its place.  Then the
pack is dealt in rounds of twenty more, each card laid **anywhere** on the promenade -- several
on one packet if the player likes -- with the same right to play a card as it turns up; cards
played that way do not count among the twenty.  While a round is being laid nothing may be
played from the promenade; between rounds the top cards of the packets go to the foundations,
and a packet emptied is filled at once from the pack.  Cards never move from one packet to
another.  No re-deal.

The card being dealt waits in the *hand* (a place of its own); the player drags it to a packet or
a foundation, and the next card is turned until the twenty are placed.  An ace or king that
begins a foundation goes there by itself, and in the first round a card no foundation takes goes
by itself to the next place.  Clicking the pack between rounds begins the next round.  Option
``placing``: each round may instead be laid as a plain new row, one card on each packet.

Hooks used: ``initial_state`` and ``deal`` (the state knows the round), ``apply`` (turning the
next card, ending the round, filling a vacancy), ``candidates``, ``draw_refusal``, ``move_refusal`` (nothing from the
promenade during a round; the round's places; foundations of different suits), ``safe_home_move``
and ``hint``.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Iterable

from ...core.cards import PACKS, Card, Rank
from ...core.errors import IllegalAction
from ...core.game import Options, OptionSpec
from ...core.rng import shuffled
from ..catalogue import BY_ID
from .engine import (
    Build,
    Draw,
    Fan,
    Move,
    PatienceAction,
    PatienceGame,
    PatienceState,
    PileKind,
    PileSpec,
    SuitRule,
    Take,
)
from .many_piles import ManyPiles

ROUND = 20
PACKETS = tuple(f"p{i + 1}" for i in range(ROUND))
ASCENDING = ("a1", "a2", "a3", "a4")
DESCENDING = ("d1", "d2", "d3", "d4")
FOUNDATIONS = ASCENDING + DESCENDING
STEP = 1.15
PACKET_ROOM = 1.0
ROW_PITCH = 1.4 + PACKET_ROOM + 0.3
PROMENADE_Y = 1.4 + 0.5

_REFUSED = IllegalAction("not legal")   # the move generator's unexplained refusal


@dataclass(frozen=True, slots=True)
class SlyState(PatienceState):
    """The engine's state and where the deal stands: the round (1 for the first twenty), the
    cards still to be laid in it (0 between rounds), and the packets that have had a card in
    this round (a bit each; they matter when a round is laid as a plain row)."""

    round_no: int = 0
    to_place: int = 0
    covered: int = 0


class Sly(ManyPiles, PatienceGame):
    info = BY_ID["sly"]
    no_redeal = True
    pack_used_up = ("the pack is used up", "the-stock-and-waste")
    pack = "2x52"
    option_specs = (
        OptionSpec("promenade", "2x10", ("2x10", "4x5"), "The promenade",
                   labels=("Two rows of ten (the book)", "Four rows of five (the book's other way)")),
        OptionSpec("placing", "anywhere", ("anywhere", "row"), "Laying a round of twenty",
                   labels=("Anywhere on the promenade, several on a packet if you like (the book)",
                           "One card on each packet, as a plain new row")),
    )

    # -- the declaration -------------------------------------------------------------------
    def layout(self, options: Options) -> tuple[PileSpec, ...]:
        up = Build(+1, SuitRule.SAME, empty=Rank.ACE, single_cards=True)
        down = Build(-1, SuitRule.SAME, empty=Rank.KING, single_cards=True)
        per_row = 10 if options["promenade"] == "2x10" else 5
        width = per_row * STEP
        f_left = max(0.0, (width - 8 * STEP) / 2)
        piles = [PileSpec(name, PileKind.FOUNDATION, round(f_left + i * STEP, 3), 0.0,
                          "ascending foundation" if name in ASCENDING else "descending foundation",
                          build=up if name in ASCENDING else down, take=Take.NONE)
                 for i, name in enumerate(FOUNDATIONS)]
        for i, name in enumerate(PACKETS):
            row, col = divmod(i, per_row)
            piles.append(PileSpec(name, PileKind.TABLEAU, round(col * STEP, 3),
                                  round(PROMENADE_Y + row * ROW_PITCH, 3), "packet of the promenade",
                                  fan=Fan.DOWN, take=Take.TOP, room=PACKET_ROOM))
        side = max(width, f_left + 8 * STEP) + 0.5
        piles += [PileSpec("s", PileKind.STOCK, side, 0.0, "pack", take=Take.NONE),
                  PileSpec("h", PileKind.RESERVE, side, PROMENADE_Y, "card in hand", take=Take.TOP)]
        return tuple(piles)

    def passes_allowed(self, options: Options) -> int:
        return 1

    def anchor_for(self, spec: PileSpec) -> str:
        if spec.kind is PileKind.TABLEAU:
            return "the-promenade"
        if spec.kind is PileKind.RESERVE:
            return "the-rounds"
        return {PileKind.FOUNDATION: "the-foundations", PileKind.STOCK: "the-stock-and-waste",
                PileKind.WASTE: "the-stock-and-waste"}.get(spec.kind, "building-on-the-tableau")

    def initial_state(self, options: Options | None = None) -> PatienceState:
        base = super().initial_state(options)
        return SlyState(**{f.name: getattr(base, f.name) for f in fields(PatienceState)})

    def deal(self, state: PatienceState, seed: int) -> PatienceState:
        """The shuffled packs are the pack; the first round begins with its first card in hand."""
        specs, index = self._structure(state.opts)
        deck = shuffled(PACKS[self.pack], seed)
        piles: list[tuple[int, ...]] = [()] * len(specs)
        piles[index["s"]] = tuple(range(len(deck) - 1, -1, -1))   # turned in id order
        down = [0] * len(specs)
        down[index["s"]] = len(deck)
        dealt = self._with(state, deck=deck, piles=tuple(piles), down=tuple(down), deal_seed=seed)
        return self._begin_round(dealt)

    # -- the deal in rounds -----------------------------------------------------------------
    @staticmethod
    def in_round(state: PatienceState) -> bool:
        return getattr(state, "to_place", 0) > 0

    def _begin_round(self, state: PatienceState) -> PatienceState:
        state = self._with(state, round_no=getattr(state, "round_no", 0) + 1, to_place=ROUND, covered=0)
        return self._turn(state)

    def _turn(self, state: PatienceState) -> PatienceState:
        """Deal on: the next card of the pack comes into the hand.  A card that begins a
        foundation goes to its place at once (the book has them placed as they appear) and the
        next card is turned; in the first round a card no foundation takes goes straight to the
        next place of the promenade, left to right.  The dealing stops at a card the player must
        decide about, or when the round's twenty are laid or the pack is used up."""
        _, index = self._specs_of(state)
        s, h = index["s"], index["h"]
        piles, down = list(state.piles), list(state.down)
        to_place = getattr(state, "to_place", 0)
        covered = getattr(state, "covered", 0)
        first = getattr(state, "round_no", 0) <= 1
        while to_place > 0 and piles[s]:
            card_id = piles[s][-1]
            piles[s] = piles[s][:-1]
            card = state.deck[card_id]
            work = self._with(state, piles=tuple(piles))
            homes = self._home_for(work, card)
            starter = next((n for n in homes if not piles[index[n]]), None)
            if starter is not None:
                piles[index[starter]] = (card_id,)
                continue
            if first and not homes:
                place = next(i for i in range(ROUND) if not covered >> i & 1)
                piles[index[PACKETS[place]]] = piles[index[PACKETS[place]]] + (card_id,)
                covered |= 1 << place
                to_place -= 1
                continue
            piles[h] = (card_id,)
            break
        if to_place <= 0 or (not piles[s] and not piles[h]):
            to_place, covered = 0, 0
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down), to_place=to_place, covered=covered)

    def _fill_vacancies(self, state: PatienceState) -> PatienceState:
        """Between rounds an emptied packet takes the next card of the pack at once."""
        _, index = self._specs_of(state)
        s = index["s"]
        if self.in_round(state) or not state.piles[s] or all(state.piles[index[p]] for p in PACKETS):
            return state
        piles, down = list(state.piles), list(state.down)
        for name in PACKETS:
            i = index[name]
            if not piles[i] and piles[s]:
                piles[i] = piles[s][-1:]
                piles[s] = piles[s][:-1]
        down[s] = len(piles[s])
        return self._with(state, piles=tuple(piles), down=tuple(down))

    def apply(self, state: PatienceState, action: PatienceAction) -> PatienceState:
        if not state.deck or not isinstance(action, (Move, Draw)):
            return super().apply(state, action)
        refusal = self.why_illegal(state, action)
        if refusal is not None:
            raise refusal
        if isinstance(action, Draw):
            return self._begin_round(state)
        _, index = self._specs_of(state)
        piles = list(state.piles)
        si, di = index[action.src], index[action.dst]
        piles[di] = piles[di] + piles[si][-1:]
        piles[si] = piles[si][:-1]
        state = self._with(state, piles=tuple(piles))
        if action.src == "h":
            if action.dst in PACKETS:
                state = self._with(state, to_place=getattr(state, "to_place", 0) - 1,
                                   covered=getattr(state, "covered", 0) | (1 << PACKETS.index(action.dst)))
            state = self._turn(state)
        return self._fill_vacancies(state)

    # -- the rules -------------------------------------------------------------------------
    def _one_each(self, state: PatienceState) -> bool:
        """Is this round laid one card to a packet (the first round always is)?"""
        return getattr(state, "round_no", 0) <= 1 or dict(state.opts).get("placing") == "row"

    def _home_for(self, state: PatienceState, card: Card) -> list[str]:
        """The foundations that take ``card`` now."""
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        out = []
        for names, start, step in ((ASCENDING, Rank.ACE, 1), (DESCENDING, Rank.KING, -1)):
            suits = {deck[piles[index[n]][0]].suit for n in names if piles[index[n]]}
            for name in names:
                pile = piles[index[name]]
                if pile:
                    top = deck[pile[-1]]
                    if top.suit is card.suit and int(card.rank) == int(top.rank) + step:
                        out.append(name)
                elif card.rank is start and card.suit not in suits:
                    out.append(name)
        return out

    def candidates(self, state: PatienceState) -> Iterable[PatienceAction]:
        _, index = self._specs_of(state)
        deck, piles = state.deck, state.piles
        if self.in_round(state):
            hand = piles[index["h"]]
            if not hand:
                return
            for dst in self._home_for(state, deck[hand[-1]]):
                yield Move("h", dst)
            one_each = self._one_each(state)
            covered = getattr(state, "covered", 0)
            if getattr(state, "round_no", 0) <= 1:
                yield Move("h", PACKETS[next(i for i in range(ROUND) if not covered >> i & 1)])
                return
            for i, name in enumerate(PACKETS):
                if not one_each or not covered >> i & 1:
                    yield Move("h", name)
            return
        yield Draw()
        for name in PACKETS:
            pile = piles[index[name]]
            if pile:
                for dst in self._home_for(state, deck[pile[-1]]):
                    yield Move(name, dst)

    def _legal(self, state: PatienceState) -> Iterable[PatienceAction]:
        # The candidates are the legal card moves exactly; the pack is asked.
        for action in self.candidates(state):
            if isinstance(action, Move) or self.why_illegal(state, action, explain=False) is None:
                yield action

    def draw_refusal(self, state: PatienceState) -> IllegalAction | None:
        if self.in_round(state):
            return IllegalAction("this round is not finished: lay the card in hand first",
                                 self.ref("the-rounds"))
        return super().draw_refusal(state)

    def move_refusal(self, state: PatienceState, action: Move, src: PileSpec, dst: PileSpec,
                     explain: bool = True) -> IllegalAction | None:
        pile = self.pile_of(state, action.src)
        if src.kind is PileKind.STOCK:
            return IllegalAction("the pack is dealt into the hand one card at a time",
                                 self.ref("the-stock-and-waste"))
        if src.kind is PileKind.FOUNDATION:
            return IllegalAction("a card on a foundation stays there", self.ref("the-foundations"))
        if action.count > 1:
            return IllegalAction("only the top card of a packet is free, and cards move one at a time",
                                 self.ref("moving-runs"))
        if dst.kind in (PileKind.STOCK, PileKind.RESERVE):
            return IllegalAction(f"nothing may be put on the {self.pile_title(dst)}", self.ref("the-rounds"))
        if src.kind is PileKind.TABLEAU:
            if self.in_round(state):
                return IllegalAction("while a round is being laid, nothing may be played from the "
                                     "promenade", self.ref("the-rounds"))
            if dst.kind is PileKind.TABLEAU:
                return IllegalAction("cards never move from one packet of the promenade to another",
                                     self.ref("the-promenade"))
            return self._home_refusal(state, action.dst, state.deck[pile[-1]], explain)
        # from the hand
        if dst.kind is PileKind.FOUNDATION:
            return self._home_refusal(state, action.dst, state.deck[pile[-1]], explain)
        covered = getattr(state, "covered", 0)
        if getattr(state, "round_no", 0) <= 1:
            place = next(i for i in range(ROUND) if not covered >> i & 1)
            if PACKETS.index(action.dst) != place:
                return _refused(explain, IllegalAction(
                    f"the first twenty are dealt in order, one to each place: this card goes to "
                    f"{PACKETS[place]} unless you play it to a foundation", self.ref("the-deal")))
        elif self._one_each(state) and covered >> PACKETS.index(action.dst) & 1:
            return _refused(explain, IllegalAction("in a round laid as a row each packet takes one card",
                                                   self.ref("the-rounds")))
        return None

    def _home_refusal(self, state: PatienceState, name: str, card: Card, explain: bool) -> IllegalAction | None:
        if name in self._home_for(state, card):
            return None
        if not explain:
            return _REFUSED
        _, index = self._specs_of(state)
        pile = state.piles[index[name]]
        if not pile:
            start = "an ace" if name in ASCENDING else "a king"
            if (card.rank is Rank.ACE and name in ASCENDING) or (card.rank is Rank.KING and name in DESCENDING):
                return IllegalAction(f"there is already such a foundation in {card.suit.title}: the four "
                                     f"{'aces' if name in ASCENDING else 'kings'} are of different suits",
                                     self.ref("the-foundations"))
            return IllegalAction(f"this foundation is begun with {start}", self.ref("the-foundations"))
        top = state.deck[pile[-1]]
        way = "up" if name in ASCENDING else "down"
        return IllegalAction(f"the {card.name} cannot go on the {top.name}: this foundation goes {way} "
                             "in suit", self.ref("the-foundations"))

    # -- the solver's hooks ------------------------------------------------------------------
    def canonical_key(self, state: PatienceState) -> Any:
        return (state.piles, getattr(state, "to_place", 0), getattr(state, "covered", 0),
                getattr(state, "round_no", 0))

    def safe_home_move(self, state: PatienceState) -> PatienceAction | None:
        """Between rounds every move home is safe: nothing is ever built on the promenade, so a
        card there only waits and blocks the cards under it; and where both foundations of its
        suit take it, its twin will serve the other."""
        if self.in_round(state):
            return None
        for action in self.legal_actions(state, 0):
            if isinstance(action, Move):
                return action
        return None

    # -- words -------------------------------------------------------------------------------
    def describe(self, state: PatienceState, action: PatienceAction) -> str:
        if isinstance(action, Draw):
            return "begin the next round of twenty"
        return super().describe(state, action)

    def piles_markdown(self, options: Options | None = None) -> str:
        opts = self.resolve_options(options)
        where = ("anywhere, several on one packet if you like" if opts["placing"] == "anywhere"
                 else "one on each packet")
        shape = "two rows of ten" if opts["promenade"] == "2x10" else "four rows of five"
        return "\n".join([
            "| Pile | Dealt | Accepts | May be moved |", "|---|---|---|---|",
            "| 4 × ascending foundation | empty: each is begun with an ace, of four different suits | "
            "builds up in suit to the king | nothing |",
            "| 4 × descending foundation | empty: each is begun with a king, of four different suits | "
            "builds down in suit to the ace | nothing |",
            f"| 20 × packet of the promenade ({shape}) | the first round, one card each | the card in "
            f"hand during a round: in the first round one on each packet, later {where} | its top "
            "card, between rounds, to a foundation |",
            "| Pack | all 104 cards, face down | nothing | turned into the hand, a round of twenty "
            "at a time; fills a packet emptied between rounds |",
            "| Card in hand | the card being dealt | nothing | to a foundation, or onto the "
            "promenade |",
        ]) + "\n"


def _refused(explain: bool, refusal: IllegalAction) -> IllegalAction:
    return refusal if explain else _REFUSED


GAME = Sly()
