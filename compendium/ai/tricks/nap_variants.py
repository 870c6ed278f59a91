"""The computer at Purchase Nap and Peep Nap: Napoleon's calls, with the purchase and the peep."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.cards import Card, Suit
from ...core.game import Seat
from ...games.tricks.engine import WHIST_POWER, Call, Discard, TricksState
from ...games.tricks.nap_variants import MAX_BUY, PEEP_PRICE, _hand, _with_hand
from ...games.tricks.napoleon import WIN, NapContract
from .napoleon import NapoleonAI, best_suit, rule_of_thumb_call


def keep_value(card: Card, trump: Suit | None) -> int:
    """How much a card is worth keeping at Nap: trumps first, then high cards of plain suits."""
    power = WHIST_POWER[card.rank]
    return power + (20 if card.suit == trump else 0)


def worst_cards(hand: Sequence[Card], misery: bool = False) -> list[Card]:
    """The hand from the card to get rid of first to the one to keep longest: for a trump call
    the low plain cards go first; for Misery the high cards (they are what take tricks)."""
    if misery:
        return sorted(hand, key=lambda c: (-WHIST_POWER[c.rank], c.code))
    trump = best_suit(hand)
    return sorted(hand, key=lambda c: (keep_value(c, trump), c.code))


def peep_case(card: Card, trump: Suit | None) -> tuple[bool, int]:
    """What a caller needs to know of the peep to choose his call: whether it is of his trump
    suit, and whether it is an ace, a court card, a middling card or a low one (six or less, the
    cards of a Misery)."""
    power = WHIST_POWER[card.rank]
    rank = 3 if power == 14 else 2 if power >= 11 else 1 if power > 6 else 0
    return card.suit == trump, rank


def purchase_plan(hand: Sequence[Card], level: int) -> list[Card]:
    """The cards a computer player throws away to buy fresh ones: every plain (non-trump) card
    below the rank its level keeps — a ten at level 1, a king at levels 2 and 3 — and at level 3
    a hand of three or more trumps also keeps a plain king only if it is guarded by the ace."""
    trump = best_suit(hand)
    keep_from = {1: 10, 2: 13, 3: 13}[level]
    out = [c for c in hand if c.suit != trump and WHIST_POWER[c.rank] < keep_from]
    if level == 3:
        trumps = sum(1 for c in hand if c.suit == trump)
        if trumps >= 3:
            out += [c for c in hand if c.suit != trump and c.rank.value == 13
                    and not any(d.suit == c.suit and WHIST_POWER[d.rank] == 14 for d in hand)]
    out.sort(key=lambda c: (keep_value(c, trump), c.code))
    return out[:MAX_BUY]


class PurchaseNapAI(NapoleonAI):
    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        pub = view.pub
        hand = [c.face for c in view.hand(seat)]
        if pub.phase == "purchase":
            k = len(purchase_plan(hand, player.level))
            return Call(f"buy-{k}") if k and Call(f"buy-{k}") in legal else Call("stand")
        if pub.phase == "discard":
            plan = purchase_plan(hand, player.level) or worst_cards(hand)
            return Discard(plan[0])
        return super().call(game, view, seat, legal, player, rng)

    extra_caution = 0.1     # the book: call on much stronger hands than at ordinary Nap


class PeepNapAI(NapoleonAI):
    def call(self, game: Any, view: Any, seat: Seat, legal: list[Any], player: Any, rng: Any) -> Any:
        pub = view.pub
        hand = [c.face for c in view.hand(seat)]
        if pub.phase == "discard":
            contract: NapContract = pub.contract
            return Discard(worst_cards(hand, contract.misery)[0])
        calls = [a for a in legal if a != Call("peep")]
        if player.level <= 1:
            return rule_of_thumb_call(hand, calls)     # level 1 never peeps
        words = [a.word for a in calls if a.word != "pass"]
        table = self.call_table(game, view, seat, words, player, rng)
        n = pub.n
        if Call("peep") in legal and self.peep_gain(game, table, words, seat, n, player.level,
                                                    Call("pass") in calls) > PEEP_PRICE:
            return Call("peep")
        return self.best_call(game, table, words, calls, n, player.level)

    def peep_gain(self, game: Any, table: Sequence[tuple[TricksState, dict[str, float]]], words: Sequence[str],
                  seat: Seat, n: int, level: int, may_pass: bool) -> float:
        """What seeing the peep is worth before calling, in expected counters.  The caller takes
        the peep whatever he calls, so the look pays only by letting him choose his call knowing
        what kind of card he will take (``peep_case``): the value of the best call in each case,
        weighted by how often the case comes, less the value of the best call not knowing.  Each
        case's averages are drawn toward the whole table's, so that a case seen in few worlds
        does not look better than it is."""
        if not table or not words:
            return 0.0
        caution = self.call_caution.get(level, 0.0) + self.extra_caution
        margin = {w: caution * WIN[w] * (n - 1) for w in words}
        count = len(table)
        total = {w: sum(v[w] for _, v in table) for w in words}
        floor = 0.0 if may_pass else float("-inf")
        blind = max([floor] + [total[w] / count - margin[w] for w in words])
        cases: dict[tuple[bool, int], list[dict[str, float]]] = {}
        for world, values in table:
            peep = game.peep(world)
            if peep is None:
                return 0.0
            trump = best_suit([world.deck[i] for i in _hand(world, seat)])
            cases.setdefault(peep_case(world.deck[peep], trump), []).append(values)
        shrink = 4.0
        seeing = 0.0
        for rows in cases.values():
            best = floor
            for w in words:
                mean = (sum(v[w] for v in rows) + shrink * total[w] / count) / (len(rows) + shrink)
                best = max(best, mean - margin[w])
            seeing += best * len(rows) / count
        return seeing - blind

    def call_trial(self, game: Any, world: TricksState, contract: NapContract, trump: Suit | None) -> TricksState:
        """The caller will take the peep and put out his worst card: judge the call so."""
        peep = game.peep(world)
        seat = contract.caller
        if peep is not None and not world.fact("peep_taken", False):
            ids = _hand(world, seat) + (peep,)
            order = worst_cards([world.deck[i] for i in ids], contract.misery)
            out = next(i for i in ids if world.deck[i] == order[0])
            world = _with_hand(world, seat, [i for i in ids if i != out])
            trump = best_suit([world.deck[i] for i in _hand(world, seat)])
        return super().call_trial(game, world, contract, trump)


PURCHASE_AI = PurchaseNapAI()
PEEP_AI = PeepNapAI()
