"""The fast path of the double-dummy solver: Bo Haglund's DDS library (Apache-2.0), through our own
ctypes binding.

The compiled library comes inside the small ``ddstable`` wheel (``ddstable/libdds.so``, DDS 2.9.0);
only that file is used — none of the wheel's Python code is imported.  It is looked for beside the
installed package and, in a frozen bundle, beside the bundle's files; it is loaded on first use.
If it is absent or does not load, ``available()`` is False and the pure-Python search in
``double_dummy.py`` answers every question as before.

The binding follows DDS's documented C interface (``dll.h``): suits 0 spades, 1 hearts,
2 diamonds, 3 clubs, 4 no trumps; hands 0-3 in turn (our seats 0-3, partners 0-2); ranks 2-14
and, in a hand, one bit per rank (bit 2 the two ... bit 14 the ace).  One thread: the
application asks one question at a time (a lock keeps it so), and the machine is shared.  The
wheel is tagged for every platform but its ``libdds.so`` is for x86-64 Linux only: elsewhere it
fails to load and our search answers.
"""
from __future__ import annotations

import ctypes
import importlib.util
import os
import sys
import threading
from collections.abc import Sequence

from ...core.cards import Card, Rank, Suit

_LIB_NAME = "libdds.so"

# our suit -> DDS's suit index
_DDS_SUIT: dict[Suit, int] = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_SUIT_OF_DDS: dict[int, Suit] = {v: k for k, v in _DDS_SUIT.items()}
NO_TRUMP = 4


def dds_rank(rank: Rank) -> int:
    """DDS's rank number: 2-14, the ace high."""
    return 14 if rank is Rank.ACE else int(rank)


def rank_of(value: int) -> Rank:
    return Rank.ACE if value == 14 else Rank(value)


class _Deal(ctypes.Structure):
    _fields_ = [("trump", ctypes.c_int), ("first", ctypes.c_int),
                ("currentTrickSuit", ctypes.c_int * 3), ("currentTrickRank", ctypes.c_int * 3),
                ("remainCards", (ctypes.c_uint * 4) * 4)]


class _FutureTricks(ctypes.Structure):
    _fields_ = [("nodes", ctypes.c_int), ("cards", ctypes.c_int),
                ("suit", ctypes.c_int * 13), ("rank", ctypes.c_int * 13),
                ("equals", ctypes.c_int * 13), ("score", ctypes.c_int * 13)]


class _TableDeal(ctypes.Structure):
    _fields_ = [("cards", (ctypes.c_uint * 4) * 4)]


class _TableResults(ctypes.Structure):
    _fields_ = [("resTable", (ctypes.c_int * 4) * 5)]


class DDSError(RuntimeError):
    """DDS refused a question (its negative return codes)."""


_lock = threading.Lock()          # DDS's thread 0 serves one question at a time
_lib: ctypes.CDLL | None = None
_tried = False


def library_path() -> str | None:
    """Where ``libdds.so`` is, or ``None``: beside the installed ``ddstable`` package (its Python
    code is not imported), or in a frozen bundle beside the bundle's files."""
    places: list[str] = []
    if getattr(sys, "frozen", False):
        base = getattr(sys, "_MEIPASS", os.path.dirname(sys.executable))
        places += [os.path.join(base, "ddstable", _LIB_NAME), os.path.join(base, _LIB_NAME)]
    try:
        spec = importlib.util.find_spec("ddstable")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        places += [os.path.join(p, _LIB_NAME) for p in spec.submodule_search_locations]
    for place in places:
        if os.path.isfile(place):
            return place
    return None


def _load() -> ctypes.CDLL | None:
    global _lib, _tried
    with _lock:
        if _tried:
            return _lib
        _tried = True
        if os.environ.get("COMPENDIUM_NO_DDS"):      # the pure-Python search only (tests, measuring)
            return None
        path = library_path()
        if path is None:
            return None
        try:
            lib = ctypes.CDLL(path)
            lib.SetMaxThreads.argtypes = [ctypes.c_int]
            lib.SetMaxThreads.restype = None
            lib.SolveBoard.argtypes = [_Deal, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                       ctypes.POINTER(_FutureTricks), ctypes.c_int]
            lib.SolveBoard.restype = ctypes.c_int
            lib.CalcDDtable.argtypes = [_TableDeal, ctypes.POINTER(_TableResults)]
            lib.CalcDDtable.restype = ctypes.c_int
            # DDS sizes its thread memory in SetMaxThreads.  The ddstable build calls it from a
            # Unix-style constructor on load and is compiled without threading (GetDDSInfo: one
            # thread, "Threading None"), so this call only makes sure of it on another build.
            lib.SetMaxThreads(1)
        except (OSError, AttributeError):
            return None
        _lib = lib
        return _lib


def available() -> bool:
    """Whether DDS answers here (loads the library on the first call)."""
    return _load() is not None


def _suit(card: Card) -> int:
    if card.suit is None:                 # a joker: no whist pack's card
        raise DDSError("DDS plays the fifty-two cards of the whist pack only")
    return _DDS_SUIT[card.suit]


def _mask(cards: Sequence[Card]) -> list[int]:
    out = [0, 0, 0, 0]
    for c in cards:
        out[_suit(c)] |= 1 << dds_rank(c.rank)
    return out


def _strain(trump: Suit | None) -> int:
    return NO_TRUMP if trump is None else _DDS_SUIT[trump]


def solve_board(hands: Sequence[Sequence[Card]], trump: Suit | None, leader: int,
                trick: Sequence[Card], solutions: int) -> list[tuple[Card, int]]:
    """One call of SolveBoard: with ``solutions`` 1, [(a best card, the tricks the side on turn
    takes)]; with 3, every legal card (equal cards each listed) and its tricks.  The tricks count
    the trick in progress."""
    lib = _load()
    if lib is None:
        raise DDSError("the DDS library is not available")
    deal = _Deal()
    deal.trump = _strain(trump)
    deal.first = leader
    for k, card in enumerate(trick):
        deal.currentTrickSuit[k] = _suit(card)
        deal.currentTrickRank[k] = dds_rank(card.rank)
    for seat in range(4):
        for s, bits in enumerate(_mask(hands[seat])):
            deal.remainCards[seat][s] = bits
    result = _FutureTricks()
    with _lock:
        # target -1: the most tricks; mode 1: always search (also when only one card can be played)
        code = lib.SolveBoard(deal, -1, solutions, 1, ctypes.byref(result), 0)
    if code < 0:
        raise DDSError(f"DDS SolveBoard returned {code}")
    out: list[tuple[Card, int]] = []
    for i in range(result.cards):
        suit = _SUIT_OF_DDS[result.suit[i]]
        score = result.score[i]
        out.append((Card(rank_of(result.rank[i]), suit), score))
        eq = result.equals[i]
        for r in range(2, 15):
            if eq & (1 << r):
                out.append((Card(rank_of(r), suit), score))
    return out


def dd_table(hands: Sequence[Sequence[Card]]) -> dict[tuple[int, Suit | None], int]:
    """CalcDDtable: for each declarer and strain, the tricks of the declarer's side (the lead from
    his left)."""
    lib = _load()
    if lib is None:
        raise DDSError("the DDS library is not available")
    deal = _TableDeal()
    for seat in range(4):
        for s, bits in enumerate(_mask(hands[seat])):
            deal.cards[seat][s] = bits
    res = _TableResults()
    with _lock:
        code = lib.CalcDDtable(deal, ctypes.byref(res))
    if code < 0:
        raise DDSError(f"DDS CalcDDtable returned {code}")
    out: dict[tuple[int, Suit | None], int] = {}
    for strain in range(5):
        trump = None if strain == NO_TRUMP else _SUIT_OF_DDS[strain]
        for seat in range(4):
            out[(seat, trump)] = res.resTable[strain][seat]
    return out
