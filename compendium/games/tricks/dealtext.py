"""The hand text: a deal of any trick-taking game written out as people write a hand, and read back.

A deal is set up (``TrickGame.setup_state``) or exported (``TrickGame.hand_text``) as lines of
``name: cards``::

    # Solo Whist: a deal
    game: solo_whist
    dealer: Z
    A: ♠ A K 7 ♥ Q 10 6 ♦ K J 9 4 ♣ A 8 2
    Y: ♠ Q 9 8 ♥ A K 7 ♦ Q 10 5 3 ♣ 9 6 4
    B: ♠ J 10 6 5 ♥ J 9 4 ♦ A 8 ♣ Q 10 7 3
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

A position in the middle of a hand adds the play so far after the deal, under ``play:`` (here,
after the deal above: B's solo in diamonds, one trick played and two cards of the second)::

    play:
      calls: A pass, Y pass, B solo, Z pass
      trick 1: A ♠A, Y ♠8, B ♠5, Z ♠2
      trick 2: A ♥Q, Y ♥A

- ``calls:`` lines hold, in order, every action that is not a card played to a trick: bids,
  passes, doubles, naming trumps, a card put out (``A discard KS``), taking the talon (``A take``)
  — each the seat's letter and the action in the game's own words (its ``action_to_str``, the
  words of a saved game).  A long auction may take several ``calls:`` lines.
- ``trick N:`` lines hold the cards played to trick N, the leader first, each the seat's letter
  and the card (``A ♠A`` or ``A AS``).  The last trick may be unfinished: that is where the play
  stands.  A trick interrupted by a call (the joker's suit named at Five Hundred) goes on in a
  second line with the same number.
- The seat's letter may be left out (the seat whose turn it is acts); written, it is checked.

Every action is made by the game's own rules in turn, from the deal, so the position is a genuine
one: a card not in that hand, a card played twice, a card or call out of turn, a revoke where the
laws forbid it, a bid too low ... are refused, the message quoting the line, the item and the law.
The play must stop inside the hand: a text whose play finishes the hand is refused.  The session
keeps the whole text as its set-up (record format 2), so a saved game replays from the position,
and undo never goes before it.  The position starts a fresh game: the score sheet is empty and the
deal is the first (the scores of the hands before it are not part of a hand text).

``hand_text`` writes the play so far of a state inside a hand: the actions since the deal, given
by the caller (the table passes its session's, ``session_play``) or else retraced from the state
(``find_play``: the legal actions tried in turn, kept while the calls, the cards played and the
cards put out agree with the state).  The one position the state alone cannot retrace is a hand
played again after a revoke was found (its tricks were taken back): the text of the state alone is
then the deal with a note, while the session's actions write it exactly (a comment marks where the
cards went back).  Between hands and at the end of the game the text is the last deal alone.  What
the play lines carry is what the games' actions are: at Piquet the cards put out and the talon
taken (``A discard 7S``, ``A take``, ``B see``) — the declarations are made by the game itself when
the exchange is over, so no line carries them; PBN carries the deal only (no auction or play).

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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.cards import Card, Rank, Suit
from ...core.errors import IllegalAction, NotationError, excerpt
from ...core.frozen import replace
from ...core.game import Options, Seat
from ...core.notation import parse_card, parse_cards
from ...core.rng import shuffled

if TYPE_CHECKING:
    from .engine import TrickGame, TricksAction, TricksState

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
        # a hand dealt to no seat (Loo's miss) goes by the game's name for it
        label = (names[owner] if owner < len(names) else getattr(game, "spare_hand", "spare")) + \
            (str(laid.hand_sets[k] + 1) if owner in several else "")
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


def deal_text(game: TrickGame, state: TricksState) -> str:
    """The current deal's hands as they were dealt (before any card was played or exchanged)."""
    if not state.deck:
        raise ValueError("no cards have been dealt yet")
    lay = layout(game, dict(state.opts), state.dealer)
    if len(state.deck) != len(lay.pack):
        raise ValueError("the deal does not match this game's pack")
    cards = {p.label: [state.deck[i] for i in p.positions] for p in lay.places}
    facts = {name: state.fact(name) for name in lay.card_facts if isinstance(state.fact(name), Card)}
    return text_from_places(game, lay, cards, facts)


def in_hand(state: TricksState) -> bool:
    """Whether ``state`` stands inside a hand (after the deal, before the hand is scored)."""
    return bool(state.deck) and state.phase not in ("deal", "over")


def hand_text(game: TrickGame, state: TricksState,
              play: Sequence[TricksAction] | None = None) -> str:
    """The hand text of ``state``: its deal's hands as dealt and, inside a hand, the play so far.
    ``play`` gives the actions made since the deal (a session knows them); without it they are
    retraced from the state (``find_play``).  Between hands, or at the end of the game, the text
    is the last deal alone."""
    text = deal_text(game, state)
    if not in_hand(state):
        return text
    start = redeal(game, state)
    if play is None:
        found = find_play(game, start, state)
        if found is None:
            return text + ("# The play so far could not be retraced from this position (a hand "
                           "played again after a revoke): the text gives the deal alone.\n")
        play = found
    return text + play_text(game, start, play)


PLAY_COMMENT = "# The play so far: each seat's letter, then its call or its card."


def play_text(game: TrickGame, start: TricksState, actions: Sequence[TricksAction]) -> str:
    """The play section of a hand text (with its comment), or "" where nothing was played."""
    lines = write_play(game, start, actions)
    return PLAY_COMMENT + "\n" + "\n".join(lines) + "\n" if lines else ""


def play_section(game: TrickGame, text: str, options: Options) -> str:
    """The play lines of ``text`` checked against its deal and written afresh in their usual
    form ("" where it has none); ``NotationError`` (a ``HandTextError`` for the play) says why
    they cannot be read or played."""
    lines = read_play_lines(text)
    if not lines:
        return ""
    lay, cards, facts = read_places(game, text, options)
    start = setup_state(game, text_from_places(game, lay, cards, facts), options)
    _, actions = apply_play(game, start, lines)
    return play_text(game, start, actions)


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
    play_lines = {line.line_no for line in read_play_lines(text)}
    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line or line_no in play_lines or _key(line.split(":", 1)[0]) == PLAY_HEAD:
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
                raise NotationError(f"line {_quote(raw)}: no seat {excerpt(value.strip())} at this "
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
            if turned[0].suit is None:      # Boston's preference names a suit: never the joker
                raise NotationError(f"line {_quote(raw)}: the {fact} is a card of a suit, not the joker")
            facts[fact] = turned[0]
            continue
        place = labels.get(key)
        if place is None:
            raise NotationError(f"line {_quote(raw)}: {excerpt(key)} names no seat or place of this deal; "
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
    """The game with the deal ``text`` describes dealt, ready for the first call or card, or,
    where the text has play lines, at the position they lead to."""
    return setup_with_play(game, text, options)[0]


def setup_with_play(game: TrickGame, text: str, options: Options
                    ) -> tuple[TricksState, list[TricksAction]]:
    """The position ``text`` describes and the actions of its play lines, made from its deal."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError(f"{excerpt(text)} is not a deal: expected lines such as 'dealer: A' and "
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
    lines = read_play_lines(text)
    if not lines:
        return dealt, []
    return apply_play(game, dealt, lines)


# -- the play so far: a position in the middle of a hand -------------------------------------------
PLAY_HEAD = "play"
CALL_KEYS = frozenset({"calls", "call", "bids", "bidding", "auction", "discards", "exchange", "said"})
_TRICK_KEY = re.compile(r"^trick\s*(\d{1,3})\b\s*[,(]?\s*(continued|cont\.?)?\s*\)?$")
WRAP = 64                         # a calls line is broken before it grows longer than this


class HandTextError(NotationError):
    """A hand text that cannot be read or played: ``line_no`` is the 1-based line of the text
    at fault (where known) and ``rule`` the law an action broke (an ``IllegalAction``'s rule)."""

    def __init__(self, message: str, line_no: int | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.line_no = line_no
        self.rule = rule


@dataclass(frozen=True, slots=True)
class PlayLine:
    """One line of the play: ``calls: …`` (kind "calls") or ``trick N: …`` (kind "trick")."""

    kind: str
    number: int | None                 # the trick's number, for a trick line
    items: tuple[str, ...]             # "A pass", "Y ♠3": a seat's letter (optional) and its action
    raw: str
    line_no: int


def read_play_lines(text: str) -> list[PlayLine]:
    """The ``calls:`` and ``trick N:`` lines of a hand text, in order (the ``play:`` heading
    before them may be left out); after ``play:`` no other line may come."""
    out: list[PlayLine] = []
    in_play = False
    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, colon, value = line.partition(":")
        key = _key(head)
        if key == PLAY_HEAD:
            if value.strip():
                raise HandTextError(f"line {_quote(raw)}: 'play:' stands on a line of its own; the "
                                    "calls and the tricks follow it, one line each ('calls: A pass, "
                                    "Y pass', 'trick 1: A ♠A, Y ♠3')", line_no)
            in_play = True
            continue
        trick = _TRICK_KEY.match(key) if colon else None
        if colon and (key in CALL_KEYS or trick):
            items = tuple(item.strip() for item in value.split(",") if item.strip())
            if not items:
                raise HandTextError(f"line {_quote(raw)}: nothing after the colon", line_no)
            out.append(PlayLine("trick" if trick else "calls",
                                int(trick.group(1)) if trick else None, items, raw, line_no))
        elif in_play:
            raise HandTextError(f"line {_quote(raw)}: after 'play:' come only 'calls: …' and "
                                "'trick N: …' lines (the hands and the dealer go before it)", line_no)
    return out


def _rule_words(game: TrickGame, rule: str | None) -> str:
    """' (the rules: "Following suit")': the law a refusal cites, by its heading on the page."""
    if not rule:
        return ""
    from ...core.rules import headings
    from ..registry import rules_path
    _, _, anchor = rule.partition("#")
    try:
        titles = {h.anchor: h.text for h in headings(rules_path(game.info.id).read_text("utf-8"))}
    except OSError:
        titles = {}
    return f" (the rules: “{titles[anchor]}”)" if anchor in titles else f" (the rules: {rule})"


def _seat_and_rest(game: TrickGame, state: TricksState, item: str) -> tuple[Seat | None, str]:
    """``("A", "pass")`` from ``"A pass"``: the seat a play item names first, if it names one."""
    words = item.split(None, 1)
    if len(words) == 2:
        for seat in range(state.n):
            if game.seat_name(seat, state.n).lower() == words[0].lower():
                return seat, words[1]
    return None, item


def _where_is(game: TrickGame, state: TricksState, card: Card) -> str:
    """Where ``card`` is now, for the message refusing it: in whose hand, played, put out."""
    n = state.n
    for t_no, trick in enumerate(state.tricks, 1):
        for seat, cid in trick.plays:
            if state.deck[cid] == card:
                return f"the {card.name} was already played, by {game.seat_name(seat, n)} in trick {t_no}"
    for seat, cid in state.trick:
        if state.deck[cid] == card:
            return f"the {card.name} was already played, by {game.seat_name(seat, n)} in this trick"
    for seat, ids in enumerate(state.discards):
        if any(state.deck[i] == card for i in ids):
            return f"the {card.name} was put out by {game.seat_name(seat, n)}"
    for k, ids in enumerate(state.hands):
        if any(state.deck[i] == card for i in ids):
            return f"the {card.name} is {game.seat_name(state.owners[k], n)}'s card"
    return f"the {card.name} is not in any hand"


def _play_one(game: TrickGame, state: TricksState, line: PlayLine, item: str
              ) -> tuple[TricksState, TricksAction]:
    """Make one item of a play line by the game's own rules; ``HandTextError`` says why not."""
    from .engine import Deal, Discard, Play
    n = state.n

    def refuse(reason: str, rule: str | None = None) -> HandTextError:
        if len(reason) > 240:       # a game's own message may quote the whole item
            reason = reason[:239] + "…"
        return HandTextError(f"line {_quote(line.raw)}: {excerpt(item)}: {reason}{_rule_words(game, rule)}",
                             line.line_no, rule)

    mover = game.to_move(state)
    if not isinstance(mover, int):
        raise refuse("the hand is already over")
    named, rest = _seat_and_rest(game, state, item)
    action: TricksAction
    if line.kind == "trick":
        if line.number != len(state.tricks) + 1:
            now = len(state.tricks) + 1
            where = (f"trick {now} is not finished ({len(state.trick)} card"
                     f"{'s' if len(state.trick) != 1 else ''} played)" if state.trick
                     else f"the next trick is trick {now}")
            raise refuse(f"this line says trick {line.number}, but {where}")
        text = rest[5:] if rest.lower().startswith("play ") else rest
        try:
            card = parse_card("".join(text.split()) if len(text.split()) == 2 else text)
        except NotationError as first:
            try:
                card = parse_card(item)      # "♠ A" without a seat
                named = None
            except NotationError:
                raise refuse(str(first)) from None
        action = Play(card)
    else:
        try:
            action = game.action_from_str(state, rest)
        except NotationError as exc:
            raise refuse(str(exc)) from None
        if isinstance(action, Play):
            raise refuse("a card played to a trick goes in a 'trick N:' line")
        if isinstance(action, Deal):
            raise refuse("the deal is the hands above: the play starts after it")
    # The seat an action is written for: a card is the trick's next player's (the declarer at
    # Auction Bridge plays the dummy's cards in the dummy's turn), anything else the mover's.
    player = _next_in_trick(game, state) if isinstance(action, Play) else mover
    if named is not None and named != player:
        doing = "play to the trick" if isinstance(action, Play) else "act"
        section = game.rules_section(state)
        raise refuse(f"it is {game.seat_name(player, n)}'s turn to {doing}, not "
                     f"{game.seat_name(named, n)}'s (out of turn)",
                     game.ref(section) if section else game.ref_play())
    if isinstance(action, (Play, Discard)):
        slot = next((k for k, owner in enumerate(state.owners)
                     if owner == player and state.hand_sets[k] == state.current_set), None)
        held = [] if slot is None else [state.deck[i] for i in state.hands[slot]]
        if action.card not in held:
            raise refuse(f"{game.seat_name(player, n)} does not hold the {action.card.name}: "
                         f"{_where_is(game, state, action.card)}", game.ref_play())
    try:
        return game.apply(state, action), action
    except IllegalAction as exc:
        raise refuse(exc.reason, exc.rule) from None


def _next_in_trick(game: TrickGame, state: TricksState) -> Seat:
    """The seat whose card goes to the trick next (not always the one to move: a dummy)."""
    players = game.players_in_trick(state)
    return players[len(state.trick)] if len(state.trick) < len(players) else players[0]


def apply_play(game: TrickGame, state: TricksState, lines: Sequence[PlayLine]
               ) -> tuple[TricksState, list[TricksAction]]:
    """Make the play of ``lines`` from the dealt ``state``: the position and the actions made."""
    actions: list[TricksAction] = []
    for line in lines:
        for k, item in enumerate(line.items):
            if line.kind == "trick" and k and not state.trick and len(state.tricks) == line.number:
                raise HandTextError(f"line {_quote(line.raw)}: trick {line.number} was complete "
                                    f"before {excerpt(item)}: every seat has played to it", line.line_no)
            state, action = _play_one(game, state, line, item)
            actions.append(action)
        if state.phase in ("deal", "over"):
            raise HandTextError(f"line {_quote(line.raw)}: the play finishes the hand here; a "
                                "position to study must stop inside the hand (leave out the last "
                                "trick)", line.line_no)
    return state, actions


def write_play(game: TrickGame, start: TricksState, actions: Sequence[TricksAction]) -> list[str]:
    """The ``play:`` section of ``actions`` made from the dealt ``start``: calls lines (wrapped)
    and one line per trick (or per part of a trick a call interrupts)."""
    from .engine import Discard, Play
    lines: list[str] = []
    current: tuple[str, int | None] | None = None     # the kind and trick number of the last line
    items: list[str] = []
    seats: list[Seat] = []                            # who made each item of the line
    unfinished: int | None = None                     # a trick a line left unfinished
    last: TricksAction | None = None

    def flush() -> None:
        nonlocal unfinished
        if current is not None and items:
            if current[0] == "calls":
                head = "calls"
            else:
                head = f"trick {current[1]}" + (", continued" if current[1] == unfinished else "")
                unfinished = current[1] if state.trick else None
            lines.append(f"  {head}: {', '.join(items)}")

    state = start
    for action in actions:
        seat = game.to_move(state)
        assert isinstance(seat, int), "an action after the hand"
        if isinstance(action, Play):
            seat = _next_in_trick(game, state)
        who = game.seat_name(seat, state.n)
        if isinstance(action, Play):
            kind: tuple[str, int | None] = ("trick", len(state.tricks) + 1)
            item = f"{who} {write_cards([action.card])}"
            wrap = False
        else:
            kind = ("calls", None)
            item = f"{who} {game.action_to_str(action)}"
            # A calls line is broken where it would grow too long, where the cards put out begin,
            # and after one seat's run of actions (its exchange) when the next seat's begins.
            run = len(seats) >= 2 and seats[-1] == seats[-2]
            wrap = (len(", ".join(items + [item])) > WRAP
                    or (isinstance(action, Discard) and not isinstance(last, Discard))
                    or (run and seat != seats[-1]))
        if kind != current or wrap:
            flush()
            current, items, seats = kind, [], []
        items.append(item)
        seats.append(seat)
        last = action
        before = len(_played(state)) + (1 if isinstance(action, Play) else 0)
        state = game.apply(state, action)
        if len(_played(state)) < before:
            # the laws took tricks back (a revoke found, the hand played again): say so, as the
            # trick numbers start again (a comment, which the reader passes over)
            flush()
            current, items, seats = None, [], []
            lines.append(f"  # the cards go back (a revoke was found): the play goes on from trick "
                         f"{len(state.tricks) + 1}")
    flush()
    return ["play:", *lines] if lines else []


def session_play(session: Any) -> list[TricksAction]:
    """The actions made in ``session`` since its current deal was dealt (the set-up's own play
    lines first, where the deal is the set-up's): what ``hand_text`` writes as the play so far,
    exact even where the state alone cannot retrace it."""
    from .engine import Deal
    steps = list(session.steps)
    dealt_at = [k for k, step in enumerate(steps) if isinstance(step.action, Deal)]
    if dealt_at:
        return [step.action for step in steps[dealt_at[-1] + 1:]]
    before = setup_with_play(session.game, session.setup, session.options)[1] if session.setup else []
    return before + [step.action for step in steps]


# The parts of a state that make the position of a hand (not the score sheet, the deal's number
# or the game's running facts, which a set-up deal starts afresh).
HAND_FIELDS = ("deck", "hands", "owners", "hand_sets", "taken_up", "current_set", "stock", "turnup",
               "turnup_on_table", "shown", "discards", "exposed", "trump", "leader", "trick",
               "tricks", "calls", "bidding", "contract", "revokes", "phase", "turn")


def hand_key(state: TricksState) -> tuple[Any, ...]:
    """What makes ``state``'s position in its hand (see ``HAND_FIELDS``)."""
    return tuple(getattr(state, name) for name in HAND_FIELDS)


def redeal(game: TrickGame, state: TricksState) -> TricksState:
    """``state``'s deal dealt afresh from the same pack order, as a set-up deal starts: the same
    card ids as ``state`` (a set-up text numbers a hand's cards in its own order instead)."""
    from .engine import set_fact
    lay = layout(game, dict(state.opts), state.dealer)
    dealt = game.deal_from(game.initial_state(dict(state.opts)), state.deck, state.dealer)
    for name in lay.card_facts:
        card = state.fact(name)
        if isinstance(card, Card):
            dealt = replace(dealt, info=set_fact(dealt, name, card))
    return dealt


def _faced(deck: Sequence[Card], plays: Sequence[tuple[Seat, int]]) -> tuple[tuple[Seat, str], ...]:
    return tuple((seat, deck[i].code) for seat, i in plays)


def _played(state: TricksState) -> tuple[tuple[Seat, str], ...]:
    return tuple(p for t in state.tricks for p in _faced(state.deck, t.plays)) + \
        _faced(state.deck, state.trick)


def find_play(game: TrickGame, start: TricksState, target: TricksState,
              budget: int = 20_000) -> list[TricksAction] | None:
    """The actions that lead from the dealt ``start`` to ``target``'s position in the same deal,
    found by trying the legal actions in turn and keeping those whose calls, cards played and
    cards put out agree with ``target`` so far; ``None`` if none is found within ``budget`` tries
    (a position the record of the state cannot retrace: a hand played again after a revoke)."""
    goal = hand_key(target)
    calls, played = target.calls, _played(target)
    put_out = [[target.deck[i].code for i in ids] for ids in target.discards or ((),) * target.n]
    tries = 0

    def agrees(s: TricksState) -> bool:
        mine = _played(s)
        if s.calls != calls[:len(s.calls)] or mine != played[:len(mine)]:
            return False
        return all([s.deck[i].code for i in ids] == put_out[k][:len(ids)]
                   for k, ids in enumerate(s.discards))

    def search(s: TricksState, path: list[TricksAction]) -> list[TricksAction] | None:
        nonlocal tries
        if hand_key(s) == goal:
            return path
        seat = game.to_move(s)
        if not isinstance(seat, int):
            return None
        for action in game.legal_actions(s, seat):
            tries += 1
            if tries > budget:
                return None
            try:
                nxt = game.apply(s, action)
            except IllegalAction:
                continue
            if agrees(nxt):
                found = search(nxt, path + [action])
                if found is not None:
                    return found
        return None

    return search(start, [])


# -- PBN (Portable Bridge Notation) deals ------------------------------------------------------
PBN_SEATS = "NESW"
PBN_GAMES = frozenset({"auction_bridge", "bridge", "whist", "dummy_whist", "double_dummy"})  # deals PBN can carry
_PBN_BARE = re.compile(r"^\s*[NESWnesw]:\S*\.\S*\.\S*\.")


def is_pbn(text: str) -> bool:
    """Whether ``text`` is PBN: a ``[Deal "…"]`` tag or a bare deal string ``N:AK7.Q…``."""
    return bool(re.search(r'\[\s*deal\s+"', text, re.IGNORECASE)) or bool(_PBN_BARE.match(text))


def pbn_text(game: TrickGame, state: TricksState) -> str:
    """The current deal as the PBN tags ``[Dealer "S"]`` and ``[Deal "N:…"]``."""
    if not state.deck:
        raise ValueError("no cards have been dealt yet")
    text = f'[Dealer "{seat_to_pbn(state.dealer)}"]\n[Deal "{pbn_deal(game, state)}"]\n'
    if state.turnup is not None:    # Whist: the card turned for trumps, in a tag of our own
        text += f'[TurnUp "{state.deck[state.turnup].code}"]\n'
    return text


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
        if len(dealer) != 1 or dealer not in PBN_SEATS:     # one letter ("NE" is in "NESW")
            raise NotationError(f"PBN dealer {excerpt(dealer)}: expected N, E, S or W")
        lines.append(f"dealer: {game.seat_name(_pbn_to_seat(dealer), 4)}")
    for k, hand in enumerate(hands):
        seat = _pbn_to_seat(PBN_SEATS[(start + k) % 4])
        suits = hand.split(".")
        if len(suits) != 4:
            raise NotationError(f"PBN hand {excerpt(hand)} of {_quote(deal)}: expected four suits "
                                "(spades.hearts.diamonds.clubs)")
        cards: list[Card] = []
        for suit, ranks in zip(SUIT_ORDER, suits):
            for ch in ranks.upper():
                if ch not in _PBN_RANKS:
                    raise NotationError(f"PBN hand {excerpt(hand)} of {_quote(deal)}: {ch!r} is not a rank")
                cards.append(Card(_PBN_RANKS[ch], suit))
        lines.append(f"{game.seat_name(seat, 4)}: {write_hand(cards)}")
    turnup = tags.get("turnup", "").strip()
    if turnup:
        lines.append(f"turn-up: {turnup}")
    elif layout(game, {}, 0).turnup is not None:
        raise NotationError(f"{game.info.name} turns the dealer's last card for trumps: the PBN needs "
                            "a [TurnUp \"…\"] tag naming it (one of the dealer's cards, e.g. "
                            "[TurnUp \"10C\"])")
    return "\n".join(lines) + "\n"
