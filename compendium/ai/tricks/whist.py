"""The computer at Whist, Dummy Whist and Double Dummy.

Levels 1 and 2 are the shared Monte Carlo player (``base.TricksPlayer``: worlds sampled from the
seat's view, each card tried and the hand played out), taught that a dummy's partner plays its
cards.  Level 3 plays *the system* of the whist books of about 1900 wherever the system speaks —
the standard lead from each holding, returning partner's lead, the call for trumps (the peter)
and the echo, answering the call, second hand low (covering an honour), third hand high (the
lowest of a sequence), fourth hand winning cheaply, unblocking — and searches (the shared player
at its strongest) where it does not (discarding and trumping when void, continuing a suit).

Each rule of the system is a small function taking what the seat sees and returning the card
and the name of the rule (``system_card``), so a test can set up a position and check both; the
names are anchors of the Whist page's "The computer's system" section.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.cards import Card, Rank, Suit
from ...core.frozen import replace
from ...core.game import Seat
from ...core.rng import SplitMix64
from ...games.tricks.engine import WHIST_POWER, Call, Play, TricksState, TricksView
from ...games.tricks.whist import PENALTIES, honours_held, partner, settle_hand, side_of
from . import dds_engine
from .base import SimRules, TricksAI, TricksPlayer
from .double_dummy import OutOfBudget, Solver, position_of

SMALL = 10                  # a card below the ten is a small card (a peter is made with two)


def power(card: Card) -> int:
    return WHIST_POWER[card.rank]


# -- reading the view ----------------------------------------------------------------------------
def hand_of(view: TricksView, seat: Seat) -> list[Card]:
    return [c.face for c in view.hand(seat) if c.face is not None]


def played(view: TricksView) -> list[tuple[int, Seat, Card, Seat, Seat]]:
    """Every card played this hand: (trick number, seat, card, leader, winner); the trick in
    progress has winner -1."""
    pub = view.pub
    out: list[tuple[int, Seat, Card, Seat, Seat]] = []
    for k, t in enumerate(pub.tricks):
        for seat, cid in t.plays:
            face = view.face(cid)
            assert face is not None
            out.append((k, seat, face, t.leader, t.winner))
    for seat, cid in pub.trick:
        face = view.face(cid)
        assert face is not None
        out.append((len(pub.tricks), seat, face, pub.trick[0][0], -1))
    return out


def called_for_trumps(view: TricksView, seat: Seat) -> bool:
    """Has ``seat`` made the peter: following a plain suit led by another, a small card and in
    a later round of the suit a lower one, neither winning the trick?  (The call for trumps;
    made by the partner of a caller, it is the echo.)"""
    pub = view.pub
    rounds = [(t.plays, t.winner) for t in pub.tricks] + ([(pub.trick, -1)] if pub.trick else [])
    firsts: dict[Suit, Card] = {}
    for plays, winner in rounds:
        led = view.face(plays[0][1])
        for who, cid in plays[1:]:
            card = view.face(cid)
            if (who != seat or winner == seat or card is None or led is None
                    or card.suit is not led.suit or card.suit is pub.trump or power(card) >= SMALL):
                continue
            first = firsts.get(card.suit)      # type: ignore[arg-type]
            if first is None:
                firsts[card.suit] = card       # type: ignore[index]
            elif power(card) < power(first):
                return True
    return False


def gone(view: TricksView) -> set[Card]:
    return {c for _k, _s, c, _l, _w in played(view)}


def is_master(view: TricksView, card: Card, mine: Sequence[Card]) -> bool:
    """Is ``card`` the best of its suit still out, from this seat's knowledge (cards played and
    its own)?"""
    seen = gone(view) | set(mine)
    return all(Card(r, card.suit) in seen for r in Rank if r in WHIST_POWER and WHIST_POWER[r] > power(card))


# -- the standard leads ----------------------------------------------------------------------------
def standard_lead(cards: Sequence[Card]) -> tuple[Card, str]:
    """The card to open a suit with, by the table of leads (the page's "leads")."""
    top = sorted(cards, key=power, reverse=True)
    ranks = [c.rank for c in top]
    has = set(ranks)
    if Rank.ACE in has and Rank.KING in has:
        if len(top) == 2:
            return top[0], "from-ace-and-king"                 # ace, then king, from the two alone
        return next(c for c in top if c.rank is Rank.KING), "from-ace-and-king"
    if Rank.KING in has and Rank.QUEEN in has:
        return next(c for c in top if c.rank is Rank.KING), "from-a-sequence"
    if {Rank.ACE, Rank.QUEEN, Rank.JACK} <= has:
        return top[0], "from-ace-queen-knave"
    if Rank.ACE in has and len(top) >= 5:
        return top[0], "from-ace-and-four-small"
    if {Rank.QUEEN, Rank.JACK, Rank.TEN} <= has or {Rank.JACK, Rank.TEN, Rank.NINE} <= has:
        return next(c for c in top if c.rank in (Rank.QUEEN, Rank.JACK)), "from-a-sequence"
    if len(top) >= 4:
        return top[3], "the-fourth-best"
    return top[0], "from-a-short-suit"


def choose_opening(hand: Sequence[Card], trump: Suit | None, untouched: set[Suit]) -> tuple[Card, str] | None:
    """The suit to open and its card: trumps with five or more, else the longest plain suit not
    yet led (the stronger of two as long)."""
    by_suit: dict[Suit, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c)             # type: ignore[arg-type]
    if trump is not None and len(by_suit.get(trump, [])) >= 5 and trump in untouched:
        card, _ = standard_lead(by_suit[trump])
        return card, "trumps-with-five"
    plain = [s for s in by_suit if s is not trump and s in untouched]
    if not plain:
        return None
    best = max(plain, key=lambda s: (len(by_suit[s]), sum(power(c) for c in by_suit[s])))
    return standard_lead(by_suit[best])


# -- the system --------------------------------------------------------------------------------------
def wants_trumps(hand: Sequence[Card], trump: Suit | None, partner_called: bool) -> bool:
    """Whether to call for trumps (five trumps, or four with two honours) or echo (four trumps
    after partner's call)."""
    if trump is None:
        return False
    trumps = [c for c in hand if c.suit is trump]
    honours = sum(1 for c in trumps if c.rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK))
    return len(trumps) >= 5 or (len(trumps) >= 4 and (honours >= 2 or partner_called))


def low_card(view: TricksView, seat: Seat, follow: list[Card], beats: int) -> tuple[Card, str | None]:
    """The lowest card of ``follow``, or the peter (the second lowest of two small cards) when
    this seat wants trumps and has not yet called; ``beats`` the power a card would need to win
    the trick (the peter must not win it)."""
    pub = view.pub
    small = sorted((c for c in follow if power(c) < SMALL), key=power)
    mine = hand_of(view, seat)
    if (pub.trump is not None and follow[0].suit is not pub.trump and len(small) >= 2
            and power(small[1]) < beats and not called_for_trumps(view, seat)
            and wants_trumps(mine, pub.trump, called_for_trumps(view, partner(seat)))):
        rule = "the-echo" if called_for_trumps(view, partner(seat)) else "the-call-for-trumps"
        return small[1], rule
    return min(follow, key=power), None


def winning(view: TricksView) -> tuple[Seat, Card]:
    pub = view.pub
    led = view.face(pub.trick[0][1])
    assert led is not None
    best_seat, best, best_key = pub.trick[0][0], led, -1
    for seat, cid in pub.trick:
        c = view.face(cid)
        assert c is not None
        key = 200 + power(c) if c.suit is pub.trump else (100 + power(c) if c.suit is led.suit else 0)
        if key > best_key:
            best_seat, best, best_key = seat, c, key
    return best_seat, best


def system_card(view: TricksView, seat: Seat) -> tuple[Card, str] | None:
    """The card the system plays for ``seat`` (the seat whose card is due: a dummy's own seat
    when its partner plays it), with its rule's name; ``None`` where the system leaves the choice
    to judgement (the search)."""
    pub = view.pub
    hand = hand_of(view, seat)
    if not hand:
        return None
    trump = pub.trump
    history = played(view)
    mate = partner(seat)
    if not pub.trick:
        led_suits = {c.suit for k, who, c, leader, _w in history if who == leader}
        mine = {s: sorted([c for c in hand if c.suit is s], key=power, reverse=True) for s in {c.suit for c in hand}}
        # Answering the call: partner has asked for trumps.
        if trump is not None and trump in mine and called_for_trumps(view, mate):
            trumps = mine[trump]
            return (trumps[0] if len(trumps) <= 3 else trumps[3]), "answering-the-call"
        # Returning partner's lead: the first plain suit partner opened.
        opened = [c.suit for k, who, c, leader, _w in history if who == mate and leader == mate
                  and c.suit is not trump]
        if opened and opened[0] in mine:
            cards = mine[opened[0]]                            # type: ignore[index]
            return (cards[0] if len(cards) == 2 else cards[-1]), "returning-partners-lead"
        untouched = {s for s in mine if s not in led_suits}
        return choose_opening(hand, trump, untouched)
    led = view.face(pub.trick[0][1])
    assert led is not None
    follow = sorted([c for c in hand if c.suit is led.suit], key=power)
    if not follow:
        return None                       # void: discarding or trumping is judgement
    win_seat, win_card = winning(view)
    trumped = win_card.suit is not led.suit
    beats = 99 if trumped else power(win_card)
    place = len(pub.trick) + 1
    if place == 2:
        if led.suit is not trump and led.rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
            over = [c for c in follow if power(c) > power(led)]
            if over:
                return over[0], "cover-an-honour"
        if {Rank.ACE, Rank.KING} <= {c.rank for c in follow}:
            return next(c for c in follow if c.rank is Rank.KING), "second-hand-low"
        card, rule = low_card(view, seat, follow, beats)
        return card, rule or "second-hand-low"
    if place == 3 and pub.trick[0][0] == mate:
        if win_seat == mate and is_master(view, win_card, hand):
            if len(follow) == 2 and power(follow[1]) < power(win_card) and led.suit is not trump:
                return follow[1], "unblocking"
            card, rule = low_card(view, seat, follow, beats)
            return card, rule or "third-hand-high"
        over = [c for c in follow if power(c) > beats]
        if not over:
            card, rule = low_card(view, seat, follow, beats)
            return card, rule or "third-hand-high"
        # The highest, or the lowest of the cards that are in sequence with it (counting the
        # cards already played as gone between them).
        out = gone(view)
        choice = over[-1]
        for c in reversed(over[:-1]):
            between = [r for r in WHIST_POWER if power(c) < WHIST_POWER[r] < power(choice)]
            if all(Card(r, c.suit) in out for r in between):
                choice = c
            else:
                break
        return choice, "third-hand-high"
    if place == 4:
        if side_of(win_seat) == side_of(seat):
            card, rule = low_card(view, seat, follow, beats)
            return card, rule or "fourth-hand"
        over = [c for c in follow if power(c) > beats]
        if over:
            return over[0], "fourth-hand"
        card, rule = low_card(view, seat, follow, beats)
        return card, rule or "fourth-hand"
    return None


# -- the player --------------------------------------------------------------------------------------
WHIST_LEVELS: dict[int, tuple[int, int, int]] = {1: (4, 1, 0), 2: (16, 1, 0), 3: (20, 2, 2)}


class WhistPlayer(TricksPlayer):
    """The shared player, taught that a dummy's partner plays its cards (it searches as the
    dummy from its own view, in which the dummy's cards lie open), and at level 3 the system."""

    levels = WHIST_LEVELS

    def choose(self, game: Any, view: TricksView, legal: Sequence[Any], state: Any = None) -> Any:
        pub = view.pub
        if pub.phase == "play" and pub.turn is not None and pub.turn != view.seat:
            view = replace(view, seat=pub.turn)
        legal = list(legal)
        # The system is a language between partners who cannot see each other's cards; with every
        # hand open (Double Dummy's default) there is nothing to tell, and level 3 searches.
        hidden = any(c.face is None for c in view.cards)
        if self.level == 3 and hidden and len(legal) > 1 and all(isinstance(a, Play) for a in legal):
            found = system_card(view, view.seat)
            if found is not None and Play(found[0]) in legal:
                return Play(found[0])
        return super().choose(game, view, legal)


class WhistAI(TricksAI):
    player_class = WhistPlayer
    # Double Dummy's hint comes from the exact solver once every hand is this short: every card's
    # worth at eight cards a hand takes it 0.02 s at the median and 0.2 s at p95 (nine: 2 s at
    # p95, a whole deal from a second to minutes; the hint runs in the window's own process).  A
    # position it cannot finish within the node budget falls back on level 3.  With the DDS
    # library installed the solver answers from the first trick (``solver_hint_cards``).
    SOLVER_HINT_CARDS = 8
    SOLVER_HINT_NODES = 150_000

    def __init__(self) -> None:
        self._honours: tuple[TricksState, list[int]] | None = None
        # what the last solver hint found: (state, side on turn, most tricks it can still take)
        self._outlook: tuple[TricksState, int, int] | None = None

    def hint(self, game: Any, state: Any, seat: Seat) -> Any:
        legal = list(game.legal_actions(state, seat))
        if (game.info.id == "double_dummy" and legal and all(isinstance(a, Play) for a in legal)
                and set(game.open_hands(state)) == {0, 1, 2, 3}):
            found = self.solver_card(state, legal)
            if found is not None:
                return found
        return super().hint(game, state, seat)

    def solver_hint_cards(self) -> int:
        """The longest hand the solver gives the hint for: the whole hand with DDS."""
        return 13 if dds_engine.available() else self.SOLVER_HINT_CARDS

    def solver_card(self, state: TricksState, legal: Sequence[Play]) -> Play | None:
        """A card of ``legal`` that keeps the most tricks the side on turn can take, when the
        hands are short enough for the solver to say at once; otherwise ``None``."""
        position = position_of(state)
        if max(len(hand) for hand in position.hands) > self.solver_hint_cards():
            return None
        try:
            best, cards = Solver(position.trump, max_nodes=self.SOLVER_HINT_NODES).best_cards(position)
        except OutOfBudget:
            return None
        self._outlook = (state, position.turn % 2, best)
        keep = [a for a in legal if a.card in cards]
        return keep[0] if keep else None

    def hint_note(self, game: Any, state: Any, seat: Seat, action: Any) -> str | None:
        """Can it still be made?  With the solver's hint at Double Dummy: how many tricks the side
        on turn can still take in all against the best defence, and whether that wins the odd
        trick (six are the book; the tricks past six score)."""
        outlook = self._outlook
        if outlook is None or outlook[0] is not state:
            return None
        _, side, best = outlook
        won = sum(1 for t in state.tricks if side_of(t.winner) == side)
        total = won + best
        whose = "your side" if side == side_of(seat) else "the side on play"
        if total > 6:
            return (f"Against the best defence {whose} can still take {total} tricks "
                    f"({total - 6} by tricks).")
        return f"Against the best defence {whose} can take {total} tricks at most: the odd trick is out of reach."

    def sim_rules(self, game: Any, state: TricksState) -> SimRules:
        return SimRules(team=[0, 1, 0, 1])

    def hand_utility(self, game: Any, state: TricksState,
                     new_tricks: Sequence[tuple[int, Sequence[int]]]) -> list[float]:
        """The side's points from the hand less the other side's, a game won counting three
        more (the tricks decide; honours are held, not won)."""
        memo = self._honours
        if memo is None or memo[0] is not state:
            # the honours held are the same for every card tried in a world: count them once
            memo = self._honours = (state, honours_held(game.holdings(state), state.trump))
        before = state.fact("points", (0, 0))
        result = settle_hand(before, game.side_tricks(state, [w for w, _ in new_tricks]), memo[1])
        gain = [result.points[s] - before[s] for s in (0, 1)]
        if result.game_won is not None:
            gain[result.game_won] += 3
        return [float(gain[side_of(s)] - gain[1 - side_of(s)]) for s in range(4)]

    def call(self, game: Any, view: TricksView, seat: Seat, legal: list[Any], player: Any,
             rng: SplitMix64) -> Any:
        """The revoke penalty: the choice that leaves our side best placed (every card of the
        hand has been played, so the whole hand is in view)."""
        pub = view.pub
        full = replace(pub, deck=tuple(c.face for c in view.cards))
        side = side_of(seat)

        def worth(word: str) -> float:
            s = replace(full, bidding=tuple(full.bidding or ()) + (word,))
            settled = len(s.bidding)
            if settled < len(s.revokes):          # later revokes: assume the plain trick penalty
                s = replace(s, bidding=s.bidding + ("tricks",) * (len(s.revokes) - settled))
            result = game.hand_result(s)
            won = 10 if result.game_won == side else (-10 if result.game_won == 1 - side else 0)
            return result.points[side] - result.points[1 - side] + won
        choices = [a for a in legal if isinstance(a, Call) and a.word in PENALTIES]
        return max(choices, key=lambda a: worth(a.word)) if choices else legal[0]


AI = WhistAI()
