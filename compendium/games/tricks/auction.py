"""A turn-ordered auction: pass, bid, overcall, double and redouble, with per-game rules for what
may follow what.

The auction is an immutable value.  A game describes its calls with an ``AuctionRules`` object:
the ladder of bids (a bid's *rank*: a later bid must rank higher), whether the auction goes round
only once (Napoleon) or until all but one have passed (Solo Whist, Auction Bridge), whether a
player who has passed may come back in, and whether doubling is allowed.  Special calls that do
not fit the ladder (Solo Whist's acceptance of a proposal, All Fours' begging) are handled by
the game itself around this value.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ...core.frozen import replace


@dataclass(frozen=True, slots=True)
class Auction:
    order: tuple[int, ...]                  # the seats in the order they speak
    turn_index: int = 0                     # index into ``order`` of the seat to speak
    high: str | None = None                 # the highest bid so far
    high_seat: int | None = None
    passed: tuple[int, ...] = ()            # seats that have passed and are out
    spoken: tuple[int, ...] = ()            # seats that have spoken at least once
    history: tuple[tuple[int, str], ...] = ()
    doubled: int = 0                        # 0, 1 doubled, 2 redoubled
    closed: bool = False

    @property
    def turn(self) -> int | None:
        return None if self.closed else self.order[self.turn_index]

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in self.order if s not in self.passed)


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """What may follow what.  ``rank`` orders the bids; ``one_round`` makes every seat speak
    exactly once; otherwise the auction goes round until the high bidder alone is left."""

    bids: tuple[str, ...]                   # every bid, lowest first
    one_round: bool = False
    rejoin: bool = False                    # a seat that passed may bid again later
    doubling: bool = False
    may_bid: Callable[[Auction, int, str], bool] | None = None   # extra per-game restriction

    def rank(self, bid: str) -> int:
        return self.bids.index(bid)

    def calls(self, auction: Auction, seat: int) -> list[str]:
        """The calls ``seat`` may make now, "pass" first."""
        if auction.closed or auction.turn != seat:
            return []
        out = ["pass"]
        floor = -1 if auction.high is None else self.rank(auction.high)
        for bid in self.bids[floor + 1:]:
            if self.may_bid is None or self.may_bid(auction, seat, bid):
                out.append(bid)
        if self.doubling and auction.high is not None and auction.high_seat != seat:
            if auction.doubled == 0:
                out.append("double")
            elif auction.doubled == 1:
                out.append("redouble")
        return out

    def call(self, auction: Auction, seat: int, call: str) -> Auction:
        """The auction after ``call``; the caller checks legality with ``calls`` first."""
        history = auction.history + ((seat, call),)
        spoken = auction.spoken if seat in auction.spoken else auction.spoken + (seat,)
        passed = auction.passed
        high, high_seat, doubled = auction.high, auction.high_seat, auction.doubled
        if call == "pass":
            if not self.rejoin:
                passed = passed + (seat,)
        elif call == "double":
            doubled = 1
        elif call == "redouble":
            doubled = 2
        else:
            high, high_seat, doubled = call, seat, 0
        a = replace(auction, history=history, spoken=spoken, passed=passed, high=high,
                    high_seat=high_seat, doubled=doubled)
        return self._advance(a)

    def _advance(self, a: Auction) -> Auction:
        n = len(a.order)
        if self.one_round:
            if len(a.spoken) == n:
                return replace(a, closed=True)
            return replace(a, turn_index=(a.turn_index + 1) % n)
        active = [s for s in a.order if s not in a.passed]
        if not active or (len(active) == 1 and a.high is not None and a.high_seat == active[0]):
            return replace(a, closed=True)
        if self.rejoin and a.high is not None and len(a.history) >= n and \
                all(c == "pass" for _, c in a.history[-(n - 1):]):
            return replace(a, closed=True)   # three passes after a bid close a bridge auction
        i = a.turn_index
        for _ in range(n):
            i = (i + 1) % n
            if a.order[i] not in a.passed:
                return replace(a, turn_index=i)
        return replace(a, closed=True)


def start(order: Sequence[int]) -> Auction:
    return Auction(order=tuple(order))
