"""The hand text: a deal of any trick-taking game written out as people write a hand, and read back.

A deal is set up (``TrickGame.setup_state``) or exported (``TrickGame.hand_text``) as lines of
``name: cards``::

    # Solo Whist: a deal
    game: solo_whist
    dealer: Z
    A: ♠ A K 7 ♥ Q 10 6 ♦ K J 9 4 ♣ A 8 2
    Y: ♠ Q 9 8 ♥ A K 7 ♦ Q 10 5 3 ♣ 9 6 4
    B: ♠ J 10 6 5 ♥ J 9 4 ♦ A 8 ♣ Q 10 7
    Z: ♠ 4 3 2 ♥ 8 5 3 2 ♦ 7 6 2 ♣ K J 5
    turn-up: ♦7

- ``dealer:`` the seat that deals (by its letter on the table); without it, the first dealer.
- One line per hand, named by its seat's letter (``A``, ``Y``, ``B``, ``Z`` at four; ``A``, ``B``
  … otherwise).  Where the book deals several hands to each player (Scotch Whist for two or three)
  the hands are ``A1``, ``A2`` … in the order they are taken up.  The cards of a hand are written
  suit by suit, a suit sign (♠ ♥ ♦ ♣, or the letters S H D C) and then its ranks; a void suit is
  left out or written ``♣ -``; the joker is ``Joker``.  Any order of the cards is read.
- The cards that go elsewhere than to the hands, under the name the game gives them: ``turn-up:``
  (the card turned for trumps; where it is the dealer's last card it must be one of the dealer's
  cards), ``stock:``, ``widow:``, ``cachette:``, ``talon:``, ``peep:``, ``aside:`` (the card shown and
  laid aside) — each in the order the pack deals them, top first.  These lines may be left out: the
  cards no line names are then dealt to those places at random, the same way every time for the
  same text.  The turn-up must be named.
- ``#`` starts a comment; blank lines are ignored.  ``game:``, when given, must name this game.

How it works without a parser per game: the game's own dealing pattern (``lay_out``) is probed
with the pack positions ``0 … n-1`` for the chosen dealer, which tells where each position of the
pack goes; the hands are then written back into a stated pack order (top first) that this pattern
deals into exactly those hands, and the game deals that pack with ``deal_from``.  A deal exported
from a game is the pack order of its current deal read back through the same probe, so the text
sets up the very same hands.
"""
from __future__ import annotations

import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...core.cards import Card, Rank, Suit
from ...core.errors import NotationError
from ...core.game import Options, Seat
from ...core.notation import parse_cards
from ...core.rng import shuffled

if TYPE_CHECKING:
    from .engine import TrickGame, TricksState

# What the games call the cards left after the hands; any other game says "stock".
STOCK_NAMES: dict[str, str] = {
    "five_hundred": "widow", "quinto": "cachette", "quinto_dummy": "cachette",
    "piquet": "talon", "piquet_rubicon": "talon",
}
# Other names a player may write for the same places.
ALIASES: dict[str, str] = {
    "turnup": "turn-up", "turn up": "turn-up", "trump card": "turn-up", "trump": "turn-up",
    "turned": "turn-up", "rest": "stock", "pack": "stock", "kitty": "widow",
}
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)    # as hands are printed
RANK_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
              Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
_DASHES = {"-", "—", "–", "--"}
_MARKS = {"s", "h", "d", "c", "♠", "♥", "♦", "♣", "♤", "♡", "♢", "♧",
          "spades", "hearts", "diamonds", "clubs"}


@dataclass(frozen=True, slots=True)
class Place:
    """Where some positions of the pack go: a hand, the turn-up, or a pile such as the stock."""

    label: str                    # as written in the text: "A", "A1", "turn-up", "widow"
    kind: str                     # "hand", "turn-up" or "pile"
    positions: tuple[int, ...]    # the pack positions it takes, top of the pack first
    seat: Seat | None = None      # a hand's owner
    within: str | None = None     # the turn-up: the hand it is dealt into, if any

    @property
    def size(self) -> int:
        """How many cards the text names for it (a hand counts its turn-up card too)."""
        return len(self.positions)


@dataclass(frozen=True, slots=True)
class DealLayout:
    """Where a game's dealing pattern puts each position of the pack for one dealer."""

    game_id: str
    n: int
    dealer: Seat
    seat_names: tuple[str, ...]
    pack: tuple[Card, ...]
    places: tuple[Place, ...]
    card_facts: tuple[str, ...] = ()   # cards the deal turns from outside the pack (Boston's preference)

    def place(self, label: str) -> Place:
        return next(p for p in self.places if p.label == label)

    @property
    def hands(self) -> tuple[Place, ...]:
        return tuple(p for p in self.places if p.kind == "hand")

    @property
    def turnup(self) -> Place | None:
        return next((p for p in self.places if p.kind == "turn-up"), None)

    def capacity(self, label: str) -> int:
        """How many cards a place holds apart from a turn-up dealt into it (the editor's count)."""
        place = self.place(label)
        tu = self.turnup
        if place.kind == "hand" and tu is not None and tu.within == label:
            return place.size - 1
        return place.size

    def order(self, cards: Mapping[str, Sequence[Card]]) -> tuple[Card, ...]:
        """The pack, top first, that deals ``cards`` (by place label; a hand's list includes the
        turn-up dealt into it) to those places.  The caller has checked the counts."""
        out: list[Card | None] = [None] * len(self.pack)
        tu = self.turnup
        turned = cards[tu.label][0] if tu is not None else None
        for place in self.places:
            given = list(cards[place.label])
            positions = list(place.positions)
            if tu is not None and place.label == tu.within:
                # the turn-up goes to its own position; the rest of the hand to the others
                given.remove(turned)  # type: ignore[arg-type]
                positions.remove(tu.positions[0])
            if place.kind == "turn-up" and place.within is not None:
                positions = list(place.positions)
            for pos, card in zip(positions, given):
                out[pos] = card
        assert all(c is not None for c in out)
        return tuple(out)  # type: ignore[arg-type]


def layout(game: TrickGame, options: Options, dealer: Seat) -> DealLayout:
    """Probe ``game``'s dealing pattern: deal the pack positions ``0 … n-1`` with ``dealer``."""
    from .engine import set_fact
    state = game.initial_state(dict(options))
    opts = game.options_of(state)
    pack = tuple(game.pack(opts))
    fresh = replace(state, deck=pack, deal_seed=None, deal_no=1, dealer=dealer, phase="play",
                    discards=((),) * state.n, info=set_fact(state, "first_dealer", dealer))
    laid = game.lay_out(fresh, tuple(range(len(pack))))
    names = tuple(game.seat_name(s, state.n) for s in range(state.n))
    where: dict[int, str] = {}
    places: list[Place] = []
    several = {o for o in laid.owners if list(laid.owners).count(o) > 1}
    # the hands in the order of the seats (A first), each player's hands in the order taken up
    for k in sorted(range(len(laid.hands)), key=lambda k: (laid.owners[k], laid.hand_sets[k])):
        ids, owner = laid.hands[k], laid.owners[k]
        label = names[owner] + (str(laid.hand_sets[k] + 1) if owner in several else "")
        places.append(Place(label, "hand", tuple(sorted(ids)), seat=owner))
        for i in ids:
            where[i] = label
    if laid.turnup is not None:
        places.append(Place("turn-up", "turn-up", (laid.turnup,), within=where.get(laid.turnup)))
    piles: dict[str, list[int]] = {}
    stock_name = getattr(game, "stock_name", None) or STOCK_NAMES.get(game.info.id, "stock")
    for i in laid.stock:
        piles.setdefault(stock_name, []).append(i)
    for i in laid.shown:
        piles.setdefault("aside", []).append(i)
    before = dict(fresh.info)
    facts = {v: name for name, v in laid.info        # facts the pattern itself set to a card id
             if isinstance(v, int) and not isinstance(v, bool) and before.get(name) != v}
    placed = set(where) | set(laid.stock) | set(laid.shown) | {laid.turnup}
    for i in range(len(pack)):
        if i not in placed:
            # a card the pattern keeps in a fact of its own (Peep Nap's peep) or leaves out
            piles.setdefault(facts.get(i, "undealt"), []).append(i)
    for label, ids in sorted(piles.items(), key=lambda kv: min(kv[1])):
        places.append(Place(label, "pile", tuple(sorted(ids))))
    card_facts = tuple(name for name, v in laid.info if isinstance(v, Card) and name not in before)
    return DealLayout(game.info.id, state.n, dealer, names, pack, tuple(places), card_facts)


# -- writing --------------------------------------------------------------------------------
def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """A hand as it is printed: spades, hearts, diamonds, clubs, each from the ace down; the
    joker first."""
    def key(card: Card) -> tuple[int, int]:
        if card.suit is None:
            return (-1, 0)
        return (SUIT_ORDER.index(card.suit), RANK_ORDER.index(card.rank))
    return sorted(cards, key=key)


def write_hand(cards: Sequence[Card]) -> str:
    """``♠ A K 7 ♥ Q 10 ♦ 9 ♣ J``: suit by suit, void suits left out."""
    parts: list[str] = []
    hand = sort_hand(cards)
    if any(c.suit is None for c in hand):
        parts.append("Joker")
    for suit in SUIT_ORDER:
        ranks = [c.rank.short for c in hand if c.suit is suit]
        if ranks:
            parts.append(suit.symbol + " " + " ".join(ranks))
    return " ".join(parts) if parts else "-"


def write_cards(cards: Sequence[Card]) -> str:
    """A pile in its dealing order: ``♦7 ♠Q Joker``."""
    return " ".join("Joker" if c.suit is None else f"{c.suit.symbol}{c.rank.short}" for c in cards)


def text_from_places(game: TrickGame, lay: DealLayout, cards: Mapping[str, Sequence[Card]],
                     facts: Mapping[str, Card] | None = None) -> str:
    """The hand text of ``cards`` (by place label; a hand's list includes its turn-up card) and
    of the cards turned from outside the pack (``facts``, by name)."""
    lines = [f"# {game.info.name}: a deal. Hands suit by suit (♠ ♥ ♦ ♣ or S H D C).",
             f"game: {game.info.id}", f"dealer: {lay.seat_names[lay.dealer]}"]
    for place in lay.places:
        given = cards.get(place.label, ())
        if place.kind == "hand":
            lines.append(f"{place.label}: {write_hand(given)}")
        elif place.kind == "pile" and not given:
            continue                # left out: the cards no line names go there at random
        else:
            lines.append(f"{place.label}: {write_cards(given)}")
    for name, card in (facts or {}).items():
        lines.append(f"{name}: {write_cards([card])}")
    return "\n".join(lines) + "\n"


def hand_text(game: TrickGame, state: TricksState) -> str:
    """The current deal's hands as they were dealt (before any card was played or exchanged)."""
    if not state.deck:
        raise ValueError("no cards have been dealt yet")
    lay = layout(game, dict(state.opts), state.dealer)
    if len(state.deck) != len(lay.pack):
        raise ValueError("the deal does not match this game's pack")
    cards = {p.label: [state.deck[i] for i in p.positions] for p in lay.places}
    facts = {name: state.fact(name) for name in lay.card_facts if isinstance(state.fact(name), Card)}
    return text_from_places(game, lay, cards, facts)


# -- reading --------------------------------------------------------------------------------
def _key(text: str) -> str:
    word = " ".join(text.strip().lower().replace("_", " ").split())
    return ALIASES.get(word, word)


def _strip_voids(text: str) -> str:
    """Drop ``♣ -`` (a void suit written out) so the card reader sees only cards."""
    out: list[str] = []
    for token in text.split():
        if token in _DASHES:
            if out and out[-1].lower().rstrip(":") in _MARKS:
                out.pop()
            continue
        out.append(token)
    return " ".join(out)


def _quote(line: str) -> str:
    line = line.strip()
    return repr(line if len(line) <= 70 else line[:67] + "…")


def read_places(game: TrickGame, text: str, options: Options
                ) -> tuple[DealLayout, dict[str, list[Card]], dict[str, Card]]:
    """Read a hand text: the layout for its dealer, every place's cards (a hand's list includes
    the turn-up dealt into it) and the cards turned from outside the pack, checked;
    ``NotationError`` quotes the bad line."""
    state = game.initial_state(dict(options))
    n = state.n
    names = [game.seat_name(s, n) for s in range(n)]
    entries: list[tuple[str, str, str]] = []     # (key, value, whole line)
    dealer: Seat | None = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" not in line:
            raise NotationError(f"line {_quote(raw)}: expected a name and a colon, as in "
                                f"'{names[0]}: ♠ A K 7 ♥ Q 10'")
        head, value = line.split(":", 1)
        key = _key(head)
        if key == "game":
            if _key(value) not in (game.info.id.replace("_", " "), _key(game.info.name)):
                raise NotationError(f"line {_quote(raw)}: this is a deal of another game; "
                                    f"this game is {game.info.name} ({game.info.id})")
            continue
        if key == "dealer":
            who = _key(value)
            match = [s for s, name in enumerate(names) if name.lower() == who]
            if not match:
                raise NotationError(f"line {_quote(raw)}: no seat {value.strip()!r} at this "
                                    f"table; the seats are {', '.join(names)}")
            dealer = match[0]
            continue
        entries.append((key, value, raw))
    if dealer is None:
        dealer = game.first_dealer(n)
    lay = layout(game, options, dealer)
    labels = {p.label.lower(): p for p in lay.places}
    pack_count: dict[Card, int] = {}
    for card in lay.pack:
        pack_count[card] = pack_count.get(card, 0) + 1
    seen: dict[Card, list[str]] = {}
    cards: dict[str, list[Card]] = {}
    facts: dict[str, Card] = {}
    for key, value, raw in entries:
        fact = next((f for f in lay.card_facts if f.lower() == key), None)
        if fact is not None:
            try:
                turned = parse_cards(_strip_voids(value))
            except NotationError as exc:
                raise NotationError(f"line {_quote(raw)}: {exc}") from None
            if len(turned) != 1:
                raise NotationError(f"line {_quote(raw)}: name one card")
            facts[fact] = turned[0]
            continue
        place = labels.get(key)
        if place is None:
            raise NotationError(f"line {_quote(raw)}: {key!r} names no seat or place of this deal; "
                                f"the lines are dealer, "
                                f"{', '.join([p.label for p in lay.places] + list(lay.card_facts))}")
        if place.label in cards:
            raise NotationError(f"line {_quote(raw)}: a second line for {place.label}")
        body = _strip_voids(value)
        try:
            given = list(parse_cards(body)) if body else []
        except NotationError as exc:
            raise NotationError(f"line {_quote(raw)}: {exc}") from None
        if place.kind == "turn-up" and place.within is not None:
            given_check: list[Card] = []        # named again in its hand's line: counted there
        else:
            given_check = given
        for card in given:
            if card not in pack_count:
                raise NotationError(f"line {_quote(raw)}: the {card.name} is not in the pack of "
                                    f"{game.info.name}")
        for card in given_check:
            seen.setdefault(card, []).append(raw)
            if len(seen[card]) > pack_count[card]:
                first = seen[card][0]
                where = "twice in this line" if first is raw else f"also in line {_quote(first)}"
                raise NotationError(f"line {_quote(raw)}: the {card.name} is {where}: every card "
                                    "is dealt once")
        if len(given) != place.size:
            what = f"{place.label} is dealt" if place.kind == "hand" else f"the {place.label} takes"
            raise NotationError(f"line {_quote(raw)}: {len(given)} card{'s' if len(given) != 1 else ''}, "
                                f"but {what} {place.size}")
        cards[place.label] = given
    for place in lay.hands:
        if place.label not in cards:
            raise NotationError(f"no line for {place.label}'s hand ({place.size} cards) in the "
                                f"deal {_quote(text)}")
    tu = lay.turnup
    if tu is not None:
        if tu.label not in cards:
            where = f" (one of {tu.within}'s cards)" if tu.within else ""
            raise NotationError(f"no 'turn-up:' line naming the card turned for trumps{where}")
        if tu.within is not None and cards[tu.label][0] not in cards[tu.within]:
            raw = next(r for k, _, r in entries if labels.get(k) is tu)
            raise NotationError(f"line {_quote(raw)}: the turn-up is the dealer's last card, so it "
                                f"must be one of {tu.within}'s cards")
    # The piles no line names take the cards no line names, in a fixed random order.
    missing = [p for p in lay.places if p.label not in cards]
    left: list[Card] = []
    counts = dict(pack_count)
    for given in cards.values():
        for card in given:
            counts[card] -= 1
    if tu is not None and tu.within is not None:
        counts[cards[tu.label][0]] += 1          # counted in the hand and on its own line
    for card in lay.pack:
        if counts[card] > 0:
            counts[card] -= 1
            left.append(card)
    need = sum(p.size for p in missing)
    if len(left) != need:
        raise NotationError(f"the deal {_quote(text)} leaves {len(left)} cards unplaced "
                            f"({write_cards(left[:12])}{' …' if len(left) > 12 else ''}), but the "
                            f"places without a line take {need}")
    if missing:
        left = list(shuffled(left, zlib.crc32(text.encode("utf-8"))))
        for place in missing:
            cards[place.label], left = left[:place.size], left[place.size:]
    return lay, cards, facts


def setup_state(game: TrickGame, text: str, options: Options) -> TricksState:
    """The game with the deal ``text`` describes dealt, ready for the first call or card."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError(f"{text!r} is not a deal: expected lines such as 'dealer: A' and "
                            "'A: ♠ A K 7 ♥ Q 10'")
    from .engine import set_fact
    if game.info.id in PBN_GAMES and is_pbn(text):
        text = pbn_to_text(game, text)
    lay, cards, facts = read_places(game, text, options)
    order = lay.order(cards)
    state = game.initial_state(dict(options))
    dealt = game.deal_from(state, order, lay.dealer)
    for name, card in facts.items():
        dealt = replace(dealt, info=set_fact(dealt, name, card))
    return dealt


# -- PBN (Portable Bridge Notation) deals ------------------------------------------------------
PBN_SEATS = "NESW"
PBN_GAMES = frozenset({"auction_bridge"})     # the games whose deals PBN can carry
_PBN_BARE = re.compile(r"^\s*[NESWnesw]:\S*\.\S*\.\S*\.")


def is_pbn(text: str) -> bool:
    """Whether ``text`` is PBN: a ``[Deal "…"]`` tag or a bare deal string ``N:AK7.Q…``."""
    return bool(re.search(r'\[\s*deal\s+"', text, re.IGNORECASE)) or bool(_PBN_BARE.match(text))


def pbn_text(game: TrickGame, state: TricksState) -> str:
    """The current deal as the PBN tags ``[Dealer "S"]`` and ``[Deal "N:…"]``."""
    if not state.deck:
        raise ValueError("no cards have been dealt yet")
    return f'[Dealer "{seat_to_pbn(state.dealer)}"]\n[Deal "{pbn_deal(game, state)}"]\n'


def pbn_deal(game: TrickGame, state: TricksState, first: str = "N") -> str:
    """The deal as PBN writes it: ``N:AK7.Q10.9.J ...`` — the first seat named, then each hand
    clockwise as spades.hearts.diamonds.clubs.  The table's four seats A Y B Z are taken as
    South West North East (you sit South, as a bridge diagram has it)."""
    lay = layout(game, dict(state.opts), state.dealer)
    by_seat = {p.seat: [state.deck[i] for i in p.positions] for p in lay.hands}
    start = PBN_SEATS.index(first)
    hands = []
    for k in range(4):
        seat = _pbn_to_seat(PBN_SEATS[(start + k) % 4])
        hand = sort_hand(by_seat[seat])
        hands.append(".".join("".join("T" if c.rank is Rank.TEN else c.rank.short
                                      for c in hand if c.suit is s) for s in SUIT_ORDER))
    return f"{first}:" + " ".join(hands)


def _pbn_to_seat(letter: str) -> Seat:
    # A (you, seat 0) South; Y (seat 1, on your left) West; B North; Z East.
    return {"S": 0, "W": 1, "N": 2, "E": 3}[letter]


def seat_to_pbn(seat: Seat) -> str:
    return "SWNE"[seat]


_PBN_RANKS = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK, "T": Rank.TEN,
              "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN, "6": Rank.SIX, "5": Rank.FIVE,
              "4": Rank.FOUR, "3": Rank.THREE, "2": Rank.TWO}
_PBN_TAG = re.compile(r'\[\s*(\w+)\s+"([^"]*)"\s*\]')


def pbn_to_text(game: TrickGame, pbn: str) -> str:
    """A hand text from PBN: the ``[Deal "N:…"]`` tag (or a bare deal string), with the
    ``[Dealer "E"]`` tag where given.  ``NotationError`` quotes what it cannot read."""
    tags = {k.lower(): v for k, v in _PBN_TAG.findall(pbn)}
    deal = tags.get("deal", pbn if "[" not in pbn else None)
    if deal is None:
        raise NotationError(f"{_quote(pbn)} has no [Deal \"N:…\"] tag")
    deal = deal.strip()
    if len(deal) < 2 or deal[1] != ":" or deal[0].upper() not in PBN_SEATS:
        raise NotationError(f"PBN deal {_quote(deal)}: expected the first seat (N, E, S or W), a "
                            "colon and four hands")
    hands = deal[2:].split()
    if len(hands) != 4:
        raise NotationError(f"PBN deal {_quote(deal)}: {len(hands)} hands, expected four")
    start = PBN_SEATS.index(deal[0].upper())
    lines = [f"game: {game.info.id}"]
    dealer = tags.get("dealer", "").strip().upper()
    if dealer:
        if dealer not in PBN_SEATS:
            raise NotationError(f"PBN dealer {dealer!r}: expected N, E, S or W")
        lines.append(f"dealer: {game.seat_name(_pbn_to_seat(dealer), 4)}")
    for k, hand in enumerate(hands):
        seat = _pbn_to_seat(PBN_SEATS[(start + k) % 4])
        suits = hand.split(".")
        if len(suits) != 4:
            raise NotationError(f"PBN hand {hand!r} of {_quote(deal)}: expected four suits "
                                "(spades.hearts.diamonds.clubs)")
        cards: list[Card] = []
        for suit, ranks in zip(SUIT_ORDER, suits):
            for ch in ranks.upper():
                if ch not in _PBN_RANKS:
                    raise NotationError(f"PBN hand {hand!r} of {_quote(deal)}: {ch!r} is not a rank")
                cards.append(Card(_PBN_RANKS[ch], suit))
        lines.append(f"{game.seat_name(seat, 4)}: {write_hand(cards)}")
    return "\n".join(lines) + "\n"
