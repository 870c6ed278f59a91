"""The score of the Bridge laws of 1904, which Auction Bridge (1908) keeps "as in Bridge": the
declarations' trick values, honours, chicane, slams, thirty below the line for a game, and the
rubber.  Shared by ``bridge.py`` and ``auction_bridge.py`` (each game adds only its own lines:
Bridge's doubled odd tricks for either side, Auction's contracts, penalties and bonuses).

A hand's score is a list of lines ``(side, points, text, anchor, below the line?)``, sides 0
(seats 0 and 2) and 1 (seats 1 and 3); ``record_hand`` writes them on the sheet, closes a game at
thirty below the line and the rubber at two games."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card, Rank, Suit
from ...core.frozen import replace
from ...core.game import Seat
from .engine import TricksState, partnership_of, set_fact

DENOMS: tuple[str, ...] = ("s", "c", "d", "h", "nt")          # lowest trick value first
TRICK_VALUE: dict[str, int] = {"s": 2, "c": 4, "d": 6, "h": 8, "nt": 12}
SUIT_OF: dict[str, Suit | None] = {"s": Suit.SPADES, "c": Suit.CLUBS, "d": Suit.DIAMONDS,
                                   "h": Suit.HEARTS, "nt": None}
DENOM_OF: dict[Suit, str] = {s: d for d, s in SUIT_OF.items() if s is not None}
DENOM_NAMES = {"s": ("Spade", "Spades"), "c": ("Club", "Clubs"), "d": ("Diamond", "Diamonds"),
               "h": ("Heart", "Hearts"), "nt": ("No Trump", "No Trumps")}
SYMBOL = {"s": "♠", "c": "♣", "d": "♦", "h": "♥", "nt": "NT"}
HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
GAME_POINTS = 30          # thirty below the line is a game


Line = tuple[int, int, str, str, bool]


side_of = partnership_of


@dataclass(frozen=True, slots=True)
class HandScore:
    """What one hand scores: lines (side, points, text, anchor, below the line?)."""

    lines: tuple[Line, ...]

    def net(self, side: int) -> int:
        """Points to ``side`` less points to the other side."""
        return sum(p if s == side else -p for s, p, _, _, _ in self.lines)


def honours_score(holdings: Sequence[Sequence[Card]], denom: str) -> tuple[int, int, str] | None:
    """(side, points, words) for the honours held, or ``None`` if neither side holds enough.

    With a trump suit the honours are its A K Q J 10, scored as multiples of the trick value:
    three between partners 2×, four 4×, five 5×, four in one hand 8×, four in one hand and the
    fifth with the partner 9×, five in one hand 10×.  At no trumps the four aces: three 30, four
    40, four in one hand 100."""
    suit = SUIT_OF[denom]
    if suit is None:
        per_seat = [sum(1 for c in h if c.rank is Rank.ACE) for h in holdings]
        for side in (0, 1):
            mine = [per_seat[side], per_seat[side + 2]]
            total = sum(mine)
            if max(mine) == 4:
                return side, 100, "four aces in one hand"
            if total == 4:
                return side, 40, "four aces"
            if total == 3:
                return side, 30, "three aces"
        return None
    tv = TRICK_VALUE[denom]
    per_seat = [sum(1 for c in h if c.suit is suit and c.rank in HONOURS) for h in holdings]
    for side in (0, 1):
        mine = [per_seat[side], per_seat[side + 2]]
        total, most = sum(mine), max(mine)
        if total < 3:
            continue
        if most == 5:
            return side, 10 * tv, "five honours in one hand"
        if most == 4:
            return (side, 9 * tv, "four honours in one hand and the fifth in partner's") if total == 5 \
                else (side, 8 * tv, "four honours in one hand")
        return side, {3: 2, 4: 4, 5: 5}[total] * tv, {3: "simple honours", 4: "four honours",
                                                        5: "five honours"}[total]
    return None


def chicane_scores(holdings: Sequence[Sequence[Card]], denom: str) -> list[tuple[int, int, Seat]]:
    """(side, points, seat) for each player holding no trump: simple honours' value each (so
    double chicane, both partners void, is worth four honours)."""
    suit = SUIT_OF[denom]
    if suit is None:
        return []
    return [(side_of(seat), 2 * TRICK_VALUE[denom], seat) for seat, h in enumerate(holdings)
            if not any(c.suit is suit for c in h)]


def honour_lines(holdings: Sequence[Sequence[Card]], denom: str, names: str = "AYBZ") -> list[Line]:
    """Honours and chicane, above the line, never doubled."""
    lines: list[Line] = []
    hon = honours_score(holdings, denom)
    if hon is not None:
        lines.append((hon[0], hon[1], hon[2], "honours", False))
    for side, points, seat in chicane_scores(holdings, denom):
        lines.append((side, points, f"chicane ({names[seat]} holds no trump)", "chicane", False))
    return lines


def slam_lines(taken: Sequence[int], barred: set[int] = frozenset()) -> list[Line]:   # type: ignore[assignment]
    """Grand slam 40 and little slam 20, above the line, for tricks won in play."""
    lines: list[Line] = []
    for side in (0, 1):
        if side in barred:
            continue
        if taken[side] == 13:
            lines.append((side, 40, "grand slam", "slams", False))
        elif taken[side] == 12:
            lines.append((side, 20, "little slam", "slams", False))
    return lines


def record_hand(state: TricksState, score: HandScore, rubber_points: int, ref: Callable[[str], str],
                finish: Callable[..., Any]) -> TricksState:
    """Write a hand's lines on the sheet; thirty below the line wins a game (the next one starts
    from love for both), two games the rubber, which scores ``rubber_points`` and ends the play
    (``finish(state, winners, reason, rule)``)."""
    sheet = state.sheet
    below = list(state.fact("below", (0, 0)))
    above_all = list(state.fact("above_all", (0, 0)))
    below_all = list(state.fact("below_all", (0, 0)))
    for side, points, text, anchor, is_below in score.lines:
        where = "below" if is_below else "above"
        sheet = sheet.add(state.deal_no, side, points, f"{text}: {points} {where}", ref(anchor))
        if is_below:
            below[side] += points
            below_all[side] += points
        else:
            above_all[side] += points
    s = replace(state, sheet=sheet, turn=None)
    winner = next((side for side in (0, 1) if below[side] >= GAME_POINTS), None)
    if winner is not None:
        sheet = sheet.win_game(winner)
        below = [0, 0]
        s = replace(s, sheet=sheet)
    s = replace(s, info=set_fact(s, "below", tuple(below)))
    s = replace(s, info=set_fact(s, "below_all", tuple(below_all)))
    s = replace(s, info=set_fact(s, "above_all", tuple(above_all)))
    if winner is not None and sheet.games[winner] == 2:
        sheet = sheet.add(state.deal_no, winner, rubber_points, f"the rubber: {rubber_points} above",
                          ref("the-game-and-the-rubber"))
        above_all[winner] += rubber_points
        s = replace(s, sheet=sheet)
        s = replace(s, info=set_fact(s, "above_all", tuple(above_all)))
        totals = sheet.totals
        names = ("A–B", "Y–Z")
        best = max(totals)
        winners = [i for i in (0, 1) if totals[i] == best]
        diff = abs(totals[0] - totals[1])
        reason = (f"{names[winner]} win the rubber; " +
                  (f"{names[winners[0]]} are {diff} points up" if len(winners) == 1
                   else "the totals are equal"))
        return finish(s, winners, reason, ref("the-game-and-the-rubber"))
    return replace(s, phase="deal")
