"""Short Whist under the club laws of about 1900, and its forms for three and two players.

*Whist* (four players, partners A–B against Y–Z, sitting opposite): the players cut for the first
deal (ace low); the whole pack is dealt one card at a time from the dealer's left and the last
card, the dealer's, is turned for trumps and stays on the table until the dealer plays to the
first trick.  A side scores a point for each trick beyond six; the ace, king, queen and knave of
trumps are honours (four held by a side score 4, three score 2), not counted by a side that stood
at four when the deal began.  The revoke penalty is scored first, then tricks, then honours; the
first side to five wins a game worth three (a treble, the losers at love), two (a double, the
losers at one or two) or one (a single, three or four).  Two games win the rubber, which adds two
points; the losers' games are taken off.

A revoke (failing to follow suit while able) is refused by the table by default; with the option
``revokes: penalised`` it may be played, and at the end of the hand the side that did not revoke
settles each one as the law gives it the choice: take three tricks from the revokers, take three
points off their score, or add three to its own.  The side that revoked cannot win the game in
that hand: it stops at four.

*Dummy Whist*: three players; seat 3 is the dummy, played by Y (seat 1) against A and B, its cards
face up from the deal on.  *Double Dummy*: two players, A with the dummy B opposite, Y with the
dummy Z; by default all four hands lie open (the double-dummy form the solver reads), or, by the
option, only the two dummies.  In both, the dummy cannot revoke (its cards are in view).

Seats: 0 A (you), 1 Y, 2 B, 3 Z; ``state.turn`` is the seat whose card is due, and when that is a
dummy its partner moves (``to_move`` and ``controller``), as at Auction Bridge.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...core.cards import PACKS, Card, Rank
from ...core.errors import IllegalAction
from ...core.frozen import replace
from ...core.game import Options, OptionSpec, Outcome, Seat, Special
from ...core.notation import parse_card
from ...core.rng import shuffled
from ..catalogue import BY_ID
from .engine import (
    Call,
    Play,
    TrickGame,
    TricksAction,
    TricksState,
    TricksView,
    active_slot,
    hands_as_dealt,
    partnership_of,
    partnership_tricks,
    set_fact,
)

HONOURS: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
GAME_POINTS = 5          # Law 2: a game is five points
RUBBER_POINTS = 2        # Law 9: the rubber points
REVOKE_PENALTY = 3       # Law 72: three tricks or three points
PENALTIES = ("tricks", "deduct", "add")
PENALTY_LABELS = {"tricks": "Take three of their tricks", "deduct": "Take three points off their score",
                  "add": "Add three points to ours"}
SIDE_NAMES = ("A–B", "Y–Z")
_CUT_SALT = 0x5EED_C07          # the cut for the first deal is drawn apart from the deal itself


side_of = partnership_of


def partner(seat: Seat) -> Seat:
    return (seat + 2) % 4


def game_value(losers: int) -> int:
    """Law 8: a treble when the losers have not scored, a double below three, else a single."""
    if losers <= 0:
        return 3
    return 2 if losers < 3 else 1


def honours_held(holdings: Sequence[Sequence[Card]], trump: object) -> list[int]:
    """How many of the four honours of trumps each side held (partners together)."""
    per = [sum(1 for c in h if c.suit is trump and c.rank in HONOURS) for h in holdings]
    return [per[0] + per[2], per[1] + per[3]]


def cut_cards(seed: int, seats: Sequence[Seat]) -> tuple[dict[Seat, list[Card]], Seat]:
    """The cut for the first deal: each of ``seats`` cuts a card (ace low, Law 13); those tied
    for the lowest cut again until one is lowest; he deals.  Returns every card each cut, and
    the dealer."""
    pack = list(shuffled(PACKS["52"], seed ^ _CUT_SALT))
    cut: dict[Seat, list[Card]] = {s: [] for s in seats}
    cutting = list(seats)
    pos = 0

    def low(c: Card) -> int:
        return 1 if c.rank is Rank.ACE else {Rank.KING: 13, Rank.QUEEN: 12, Rank.JACK: 11}.get(
            c.rank, int(c.rank.short) if c.rank.short.isdigit() else 10)
    while True:
        for s in cutting:
            cut[s].append(pack[pos])
            pos += 1
        lowest = min(low(cut[s][-1]) for s in cutting)
        tied = [s for s in cutting if low(cut[s][-1]) == lowest]
        if len(tied) == 1:
            return cut, tied[0]
        cutting = tied


@dataclass(frozen=True, slots=True)
class HandResult:
    """What one hand scored: lines (side, points, text, anchor), the game points after it, and
    the side that won the game with it (if any)."""

    lines: tuple[tuple[int, int, str, str], ...]
    points: tuple[int, int]
    game_won: int | None


def settle_hand(before: Sequence[int], tricks: Sequence[int], honours: Sequence[int],
                penalties: Sequence[tuple[int, str]] = (), names: Sequence[str] = SIDE_NAMES) -> HandResult:
    """Score one hand by Laws 2–5 and 72–82.

    ``before`` the two sides' points in the game when the deal began, ``tricks`` the tricks each
    side took, ``honours`` how many honours each held, ``penalties`` one (revoking side, choice)
    for each revoke, the choice one of ``PENALTIES``.  The revoke penalty scores first, then the
    tricks, then the honours (Law 5); scoring stops when a side reaches five, so later items
    (the other side's honours) do not count; a side that revoked cannot pass four in this hand
    (Law 82)."""
    points = list(before)
    taken = list(tricks)
    lines: list[tuple[int, int, str, str]] = []
    revoked = {side for side, _ in penalties}
    winner: int | None = None

    def cap(side: int) -> int:
        return GAME_POINTS - 1 if side in revoked else GAME_POINTS

    def score(side: int, amount: int, text: str, anchor: str) -> None:
        nonlocal winner
        if winner is not None or amount == 0:
            return
        new = max(0, min(points[side] + amount, cap(side)))
        if new == points[side] and amount > 0:
            return
        lines.append((side, new - points[side], text, anchor))
        points[side] = new
        if new >= GAME_POINTS:
            winner = side

    for offender, choice in penalties:
        claimant = 1 - offender
        if choice == "tricks":
            moved = min(REVOKE_PENALTY, taken[offender])
            taken[offender] -= moved
            taken[claimant] += moved
            lines.append((claimant, 0, f"{moved} tricks taken from {names[offender]} for a revoke",
                          "the-revoke"))
        elif choice == "deduct":
            score(offender, -REVOKE_PENALTY, "three points taken off for a revoke", "the-revoke")
        else:
            score(claimant, REVOKE_PENALTY, "three points added for the other side's revoke", "the-revoke")
    for side in (0, 1):
        odd = taken[side] - 6
        if odd > 0:
            score(side, odd, f"{odd} by cards", "tricks")
    for side in (0, 1):
        if before[side] >= GAME_POINTS - 1:
            continue       # Law 4: at four when the deal began, honours do not count
        if honours[side] == 4:
            score(side, 4, "four by honours", "honours")
        elif honours[side] == 3:
            score(side, 2, "two by honours", "honours")
    return HandResult(tuple(lines), (points[0], points[1]), winner)


def rubber_points(games: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """Each side's net points for a finished rubber (Laws 8–10): its games' values, two more for
    the winners, less the other side's games."""
    values = [sum(v for s, v in games if s == side) for side in (0, 1)]
    wins = [sum(1 for s, _ in games if s == side) for side in (0, 1)]
    won = 0 if wins[0] >= 2 else 1
    net = values[won] + RUBBER_POINTS - values[1 - won]
    return (net, -net) if won == 0 else (-net, net)


class Whist(TrickGame):
    info = BY_ID["whist"]
    option_specs = (
        OptionSpec("revokes", "refused", ("refused", "penalised"), "Revokes",
                   help="Refused by the table (the default), or let stand and settled by Law 72",
                   labels=("Refused, citing the law", "Played, and settled at the end of the hand")),
    )
    revoke_option = "revokes"
    dummies: tuple[Seat, ...] = ()        # seats whose hands are played by their partners
    CALL_SECTIONS = ("the-revoke",)

    # -- equipment ----------------------------------------------------------------------------
    def seats(self, opts: Options) -> int:
        return 4

    def pack(self, opts: Options) -> tuple[Card, ...]:
        return PACKS["52"]

    def sides(self, opts: Options) -> tuple[tuple[Seat, ...], ...]:
        return ((0, 2), (1, 3))

    def call_words(self) -> tuple[str, ...]:
        return PENALTIES

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return "AYBZ"[seat]

    def players(self) -> tuple[Seat, ...]:
        """The seats held by a player (the others are dummies)."""
        return tuple(s for s in range(4) if s not in self.dummies)

    # -- who moves for whom -------------------------------------------------------------------
    def controller(self, state: TricksState, seat: Seat) -> Seat:
        """Who acts for ``seat``: a dummy's partner plays its cards (and settles its side's
        revoke claims); the same hook the table reads for Auction Bridge's declarer."""
        return partner(seat) if seat in self.dummies else seat

    def to_move(self, state: TricksState) -> Seat | Special:
        who = super().to_move(state)
        return who if isinstance(who, Special) else self.controller(state, who)

    def legal_actions(self, state: TricksState, seat: Seat) -> Sequence[TricksAction]:
        if state.phase in ("deal", "over") or state.turn is None:
            return ()
        if self.controller(state, state.turn) != seat:
            return ()
        if state.phase == "play":
            return tuple(Play(c) for c in self.playable(state, state.turn))
        return tuple(self.call_actions(state, state.turn))

    def seat_count(self, state: TricksState) -> int:
        return len(self.players())

    # -- the deal -----------------------------------------------------------------------------
    def opening_dealer(self, state: TricksState, seed: int) -> Seat:
        """Law 13–16: the players cut, ace low, and the lowest deals first (a dummy does not
        cut).  The cut is drawn from the deal number, so the same deal has the same dealer."""
        return cut_cards(seed, self.players())[1]

    def deal(self, state: TricksState, seed: int) -> TricksState:
        if state.deal_no == 0:
            cut, _ = cut_cards(seed, self.players())
            state = replace(state, info=set_fact(state, "cut", tuple(
                (s, " ".join(c.code for c in cards)) for s, cards in sorted(cut.items()))))
        return super().deal(state, seed)

    def first_dealer(self, n: int) -> Seat:
        return 3            # a stated deal (the deal editor) names its dealer; this is the fallback

    def lay_out(self, state: TricksState, order: Sequence[int]) -> TricksState:
        # Law 36 ff.: one card at a time from the dealer's left; the last card is the dealer's
        # and is turned up for trumps (the engine takes it into his hand when he plays).
        slots, _ = self.deal_round(4, 13, order, 0)
        owners = tuple((state.dealer + 1 + k) % 4 for k in range(4))
        turnup = order[-1]
        return replace(state, hands=tuple(tuple(s) for s in slots), owners=owners, hand_sets=(0,) * 4,
                       taken_up=(True,) * 4, turnup=turnup, turnup_on_table=True,
                       trump=state.deck[turnup].suit)

    def start_hand(self, state: TricksState) -> TricksState:
        lead = (state.dealer + 1) % 4
        return replace(state, phase="play", leader=lead, turn=lead, exposed=self.open_hands(state))

    def open_hands(self, state: TricksState) -> tuple[Seat, ...]:
        """The hands that lie face up for the whole hand (the dummies)."""
        return self.dummies

    # -- the play -----------------------------------------------------------------------------
    def playable(self, state: TricksState, seat: Seat, *, strict: bool | None = None) -> list[Card]:
        if seat in self.dummies:
            strict = True          # a dummy cannot revoke: its cards are in everyone's view
        return TrickGame.playable(self, state, seat, strict=strict)

    def _faces(self, state: TricksState, seat: Seat) -> list[Card]:
        slot = active_slot(state, seat)
        return [] if slot is None else [state.deck[i] for i in state.hands[slot]]

    def why_not_playable(self, state: TricksState, seat: Seat, card: Card) -> IllegalAction | None:
        """A card from the wrong one of a player's two hands is refused by name."""
        if self.dummies:
            mate = partner(seat)
            if seat in self.dummies and card in self._faces(state, mate):
                return IllegalAction(f"it is the dummy's turn to play: the {card.name} is in your own "
                                     "hand; play a card from the dummy", self.ref("the-dummy"))
            if mate in self.dummies and card in self._faces(state, mate):
                return IllegalAction(f"it is your own turn to play, not the dummy's: the {card.name} "
                                     "lies in the dummy", self.ref("the-dummy"))
        return super().why_not_playable(state, seat, card)

    def apply(self, state: TricksState, action: TricksAction) -> TricksState:
        if state.phase == "penalty" and isinstance(action, Play):
            raise IllegalAction("the hand is over: the revoke must be settled first",
                                self.ref("the-revoke"))
        return super().apply(state, action)

    # -- the revoke, settled at the end of the hand ----------------------------------------------
    def pending_revokes(self, state: TricksState) -> list[Seat]:
        """The revoking seats whose penalty is still to be chosen (Law 72 II: one a revoke)."""
        settled = len(state.bidding or ())
        return [s for s, _ in state.revokes][settled:]

    def call_actions(self, state: TricksState, seat: Seat) -> list[TricksAction]:
        if state.phase != "penalty" or seat != state.turn:
            return []
        return [Call(p) for p in PENALTIES]

    def apply_call(self, state: TricksState, seat: Seat, action: TricksAction) -> TricksState:
        if state.phase != "penalty" or not isinstance(action, Call) or action.word not in PENALTIES:
            raise IllegalAction("there is no calling at Whist: play a card (a revoke's penalty is "
                                "chosen only when the hand is over)", self.ref("the-revoke"))
        chosen = tuple(state.bidding or ()) + (action.word,)
        s = replace(state, bidding=chosen, calls=state.calls + ((seat, action.word),))
        return self._next_claim(s)

    def _next_claim(self, state: TricksState) -> TricksState:
        pending = self.pending_revokes(state)
        if pending:
            # Law 72 I: the adversaries of the revoker choose; the seat on his left speaks.
            return replace(state, phase="penalty", turn=(pending[0] + 1) % 4)
        return self._score(state)

    def end_hand(self, state: TricksState) -> TricksState:
        return self._next_claim(replace(state, bidding=()))

    # -- the score ------------------------------------------------------------------------------
    def holdings(self, state: TricksState) -> list[list[Card]]:
        return hands_as_dealt(state)

    def side_tricks(self, state: TricksState, extra: Sequence[int] = ()) -> list[int]:
        return partnership_tricks(state, extra)

    def hand_result(self, state: TricksState, extra: Sequence[int] = ()) -> HandResult:
        penalties = [(side_of(s), c) for (s, _), c in zip(state.revokes, state.bidding or ())]
        return settle_hand(state.fact("points", (0, 0)), self.side_tricks(state, extra),
                           honours_held(self.holdings(state), state.trump), penalties, self.side_names())

    def side_names(self) -> tuple[str, str]:
        return (f"{self.seat_name(0)}–{self.seat_name(2)}", f"{self.seat_name(1)}–{self.seat_name(3)}")

    def _score(self, state: TricksState) -> TricksState:
        result = self.hand_result(state)
        names = self.side_names()
        sheet = state.sheet
        for side, points, text, anchor in result.lines:
            sheet = sheet.add(state.deal_no, side, points, text, self.ref(anchor))
        s = replace(state, sheet=sheet, turn=None, phase="deal", bidding=None)
        games = tuple(s.fact("games", ()))
        if result.game_won is None:
            return replace(s, info=set_fact(s, "points", result.points))
        winner = result.game_won
        value = game_value(result.points[1 - winner])
        word = {3: "a treble", 2: "a double", 1: "a single"}[value]
        games = games + ((winner, value),)
        sheet = sheet.win_game(winner).add(
            state.deal_no, winner, 0, f"the game won, {result.points[winner]} to "
            f"{result.points[1 - winner]}: {word} ({value})", self.ref("the-game-and-the-rubber"))
        s = replace(s, sheet=sheet)
        s = replace(s, info=set_fact(s, "games", games))
        s = replace(s, info=set_fact(s, "points", (0, 0)))
        if sheet.games[winner] < 2:
            return s
        net = rubber_points(games)
        reason = (f"{names[winner]} win the rubber by {net[winner]} point"
                  f"{'s' if net[winner] != 1 else ''} (their games, two for the rubber, less the "
                  "other side's games)")
        s = replace(s, info=set_fact(s, "rubber", net))
        return self.finish(s, [winner], reason, self.ref("the-game-and-the-rubber"))

    def outcome(self, state: TricksState) -> Outcome | None:
        out = super().outcome(state)
        if out is None:
            return None
        net = state.fact("rubber", (0, 0))
        return replace(out, scores=tuple(net[side_of(s)] for s in range(4)))

    # -- the table's words ------------------------------------------------------------------------
    def call_label(self, action: TricksAction) -> str:
        if isinstance(action, Call) and action.word in PENALTY_LABELS:
            return PENALTY_LABELS[action.word]
        return super().call_label(action)

    def describe(self, state: TricksState, action: TricksAction) -> str:
        seat = state.turn
        if isinstance(action, Play) and seat is not None and seat in self.dummies:
            return (f"{self.seat_name(partner(seat))} plays the {action.card.name} from the "
                    f"dummy ({self.seat_name(seat)})")
        if isinstance(action, Call) and seat is not None:
            return f"{self.seat_name(self.controller(state, seat))}: {self.call_label(action)} (revoke)"
        return super().describe(state, action)

    def rules_section(self, state: TricksState) -> str | None:
        if state.phase == "penalty":
            return self.page_section("the-revoke")
        return super().rules_section(state)

    def table_notes(self, view: TricksView) -> list[str]:
        """The information panel: the cut for the first deal, honours played so far, whose
        dummy is whose."""
        pub = view.pub
        lines: list[str] = []
        if pub.phase == "penalty":
            lines.append(f"{self.seat_name(pub.revokes[len(pub.bidding or ())][0])} revoked: "
                         "the other side chooses the penalty")
        cut = pub.fact("cut")
        if cut and pub.deal_no == 1 and not pub.tricks:
            lines.append("Cut: " + ", ".join(f"{self.seat_name(s)} {parse_card(c.split()[-1])}"
                                             for s, c in cut))
        honours = self.honours_seen(view)
        if any(honours):
            names = self.side_names()
            lines.append("Honours: " + " · ".join(
                f"{names[side]} {' '.join(str(c) for c in honours[side])}" for side in (0, 1) if honours[side]))
        if view.seat is not None and view.seat not in self.dummies and partner(view.seat) in self.dummies:
            lines.append(f"You play the dummy {self.seat_name(partner(view.seat))} too")
        return lines

    def honours_seen(self, view: TricksView) -> tuple[list[Card], list[Card]]:
        """The honours of trumps each side is known by every player to hold: those played, the
        turned card, and those in hands lying face up."""
        pub = view.pub
        found: tuple[list[Card], list[Card]] = ([], [])
        if pub.trump is None or pub.phase == "deal":
            return found
        owner: dict[int, Seat] = {i: s for t in pub.tricks for s, i in t.plays}
        owner.update({i: s for s, i in pub.trick})
        for k, ids in enumerate(pub.hands):
            for i in ids:
                if pub.owners[k] in pub.exposed or i == pub.turnup:
                    owner[i] = pub.owners[k]
        for i, seat in sorted(owner.items()):
            card = view.face(i)
            if card is not None and card.suit is pub.trump and card.rank in HONOURS:
                found[side_of(seat)].append(card)
        for cards in found:
            cards.sort(key=lambda c: HONOURS.index(c.rank))
        return found

    def sheet_lines(self, view: TricksView, title: Callable[[Seat], str]) -> list[str]:
        """The score panel: the points of the game in play, the games won (with their value),
        and the last hand's lines."""
        pub = view.pub
        points = pub.fact("points", (0, 0))
        games = pub.fact("games", ())
        names = [f"{title(0)}–{title(2)}", f"{title(1)}–{title(3)}"]
        lines = [f"Rubber · deal {pub.deal_no}", f"{'':<10}{names[0]:>10}{names[1]:>10}",
                 f"{'points':<10}{points[0]:>10}{points[1]:>10}"]
        for side in (0, 1):
            won = [v for s, v in games if s == side]
            if won:
                lines.append(f"{names[side]} games: " + ", ".join(
                    {3: "treble", 2: "double", 1: "single"}[v] for v in won))
        net = pub.fact("rubber")
        if net:
            lines.append(f"rubber: {names[0]} {net[0]:+d}, {names[1]} {net[1]:+d}")
        recent = pub.sheet.lines_of_deal(pub.deal_no) or pub.sheet.lines_of_deal(pub.deal_no - 1)
        for line in recent[-4:]:
            text = f"{names[line.side]}: {line.text}"     # the sheet's lines name no side
            lines.append(text if len(text) < 46 else text[:44] + "…")
        return lines


class DummyWhist(Whist):
    """Three players: Y (seat 1) plays the dummy opposite him (seat 3) against A and B."""

    info = BY_ID["dummy_whist"]
    dummies = (3,)

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return ("A", "Y", "B", "Dummy")[seat]


class DoubleDummy(Whist):
    """Two players: A (seat 0) with the dummy B opposite, Y (seat 1) with the dummy Z."""

    info = BY_ID["double_dummy"]
    dummies = (2, 3)
    option_specs = Whist.option_specs + (
        OptionSpec("hands", "open", ("open", "dummies"), "Hands face up",
                   help="All four hands open (the double-dummy form), or the two dummies only",
                   labels=("All four hands open", "The two dummies only (each player's own hidden)")),
    )

    def open_hands(self, state: TricksState) -> tuple[Seat, ...]:
        return (0, 1, 2, 3) if state.option("hands", "open") == "open" else self.dummies

    def seat_name(self, seat: Seat, n: int | None = None) -> str:
        return "AYBZ"[seat]


GAME = Whist()
DUMMY = DummyWhist()
DOUBLE = DoubleDummy()

__all__ = ["GAME", "DUMMY", "DOUBLE", "Whist", "DummyWhist", "DoubleDummy", "settle_hand",
           "game_value", "rubber_points", "honours_held", "cut_cards"]
