"""Klondike's thoughtful solver: every line it reports wins, and every loss it claims is one.

Small positions (most of the pack home already) are searched twice: by the solver's model, and by
a plain exhaustive search over the engine's own legal moves (every turn of the stock, no safe
moves, no prune), and the two verdicts must agree, under every option of the game.  Larger late
positions are compared in the same way with a quicker plain search: the game's declaration on
tuples (``DeclaredModel``, a separate implementation of the same rules) with its safe moves off,
a memoised depth-first search over every move.  That comparison found the unsound pruning of
December 2026 (a card taken back from the foundations was made to be covered at once), which
the first one, on positions with most of the pack home, never met."""
from __future__ import annotations

import itertools
import random
import time
import zlib

import pytest

from compendium.ai.patience.klondike_solver import (
    KlondikeModel,
    compiled_core,
    dead_lock,
    twin_canonical,
)
from compendium.ai.registry import solver_model
from compendium.ai.solver import DeclaredModel, Verdict, search, solve
from compendium.core.cards import standard_pack
from compendium.core.session import Session
from compendium.games.patience.engine import PatienceState
from compendium.games.patience.klondike import GAME

from ..games.test_klondike import position

ORDER = ("s", "w", "f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7")
# each pass rule and draw, with the book's runs and the modern ones (parts of runs, cards back)
ALL_OPTIONS = [dict(draw=d, passes=p, runs=r, from_foundation=f)
               for d, p, (r, f) in itertools.product((1, 3), (1, 3, 0), (("whole", False), ("part", True)))]
BOOK = dict(draw=1, passes=1, runs="whole", from_foundation=False)
MODERN = dict(draw=1, passes=0, runs="part", from_foundation=True)


def replay(state, line):
    for action in line:
        state = GAME.apply(state, action)
    return state


def small_position(rng: random.Random, options: dict) -> PatienceState:
    """A late position: each suit home up to a random rank, the rest shuffled into the seven
    piles (all but the top card face down) and the stock."""
    return dealt_late(rng, options, home_from=7, pile_sizes=(1, 4))


def dealt_late(rng: random.Random, options: dict, home_from: int, pile_sizes: tuple[int, int]) -> PatienceState:
    """Each suit home up to a rank from ``home_from`` to 12, piles of ``pile_sizes`` cards (all
    but the top face down), the rest in the stock."""
    opts = GAME.resolve_options(options)
    deck = list(standard_pack())
    home = {suit: rng.randint(home_from, 12) for suit in sorted({c.suit for c in deck})}
    piles: dict[str, list[int]] = {name: [] for name in ORDER}
    down = dict.fromkeys(ORDER, 0)
    for f, suit in zip(("f1", "f2", "f3", "f4"), home):
        piles[f] = sorted((i for i, c in enumerate(deck) if c.suit == suit and int(c.rank) <= home[suit]),
                          key=lambda i: int(deck[i].rank))
    rest = [i for i, c in enumerate(deck) if int(c.rank) > home[c.suit]]
    rng.shuffle(rest)
    for t in range(1, 8):
        n = rng.randint(*pile_sizes)
        piles[f"t{t}"], rest = rest[:n], rest[n:]
        down[f"t{t}"] = max(0, len(piles[f"t{t}"]) - 1)
    piles["s"] = rest
    down["s"] = len(rest)
    return PatienceState(deck=tuple(deck), piles=tuple(tuple(piles[n]) for n in ORDER),
                         down=tuple(down[n] for n in ORDER), opts=tuple(sorted(opts.items())))


def exhaustive(state: PatienceState, limit: int = 20_000) -> Verdict | None:
    """Won or lost by trying every legal move of the engine (None: too many positions)."""
    seen = {(state.piles, state.down, state.passes)}
    stack = [state]
    while stack:
        s = stack.pop()
        if GAME.is_won(s):
            return Verdict.WINNABLE
        for action in GAME.legal_actions(s, 0):
            child = GAME.apply(s, action)
            key = (child.piles, child.down, child.passes)
            if key not in seen:
                if len(seen) > limit:
                    return None
                seen.add(key)
                stack.append(child)
    return Verdict.LOST


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_the_verdict_agrees_with_an_exhaustive_search_of_the_engine(options):
    rng = random.Random(zlib.crc32(repr(sorted(options.items())).encode()))   # the same each run
    compared = {Verdict.WINNABLE: 0, Verdict.LOST: 0}
    for _ in range(40):
        state = small_position(rng, options)
        truth = exhaustive(state)
        if truth is None:
            continue
        model = KlondikeModel(GAME, state)
        verdict, labels, _ = search(model, time.process_time() + 20, 10**7, clock=time.process_time)
        assert model.proves_losses
        assert verdict is truth, (options, state)
        if verdict is Verdict.WINNABLE:
            assert GAME.is_won(replay(state, model.actions(labels)))
        compared[truth] += 1
        if min(compared.values()) >= 3 and sum(compared.values()) >= 8:
            break
    assert sum(compared.values()) >= 8, compared
    if not options["from_foundation"]:
        assert compared[Verdict.LOST] >= 1, compared     # lost deals were tried, not only wins


class _Plain(DeclaredModel):
    """The game's declaration on tuples, without safe moves: every move is a branch."""

    def _settle(self, piles, down):
        return tuple(piles), tuple(down), []


def plain_verdict(state: PatienceState, limit: int) -> Verdict | None:
    """Won or lost by a memoised depth-first search over every move (None: too many positions)."""
    model = _Plain(GAME, state)
    root = model.root()
    seen = {model.key(root)}
    stack = [root]
    while stack:
        piles, down, passes = here = stack.pop()
        if model.won(here):
            return Verdict.WINNABLE
        for action in model.moves(piles, down, passes):
            child = model.play(piles, down, passes, action)
            key = model.key(child)
            if key not in seen:
                if len(seen) > limit:
                    return None
                seen.add(key)
                stack.append(child)
    return Verdict.LOST


def late_position(rng: random.Random, options: dict) -> PatienceState:
    """A late position with more in play than ``small_position``'s: each suit home up to a rank
    from 4 to 12, piles of none to five cards (all but the top face down), the rest in the stock."""
    return dealt_late(rng, options, home_from=4, pile_sizes=(0, 5))


EVERY_OPTION = [dict(draw=d, passes=p, runs=r, from_foundation=f)
                for d, p, r, f in itertools.product((1, 3), (1, 3, 0), ("whole", "part"), (False, True))]


@pytest.mark.parametrize("options", EVERY_OPTION, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_the_verdict_agrees_with_a_plain_search_on_larger_positions(options):
    rng = random.Random(zlib.crc32(repr(sorted(options.items())).encode()) + 1)   # the same each run
    compared = {Verdict.WINNABLE: 0, Verdict.LOST: 0}
    # The book's whole runs with cards coming back are the model's weak spot: it leaves most of
    # these undecided within the cap, so fewer are compared there, with a smaller cap.
    weak = options["runs"] == "whole" and options["from_foundation"]
    for _ in range(12):
        state = late_position(rng, options)
        truth = plain_verdict(state, 12_000)
        if truth is None:
            continue
        model = KlondikeModel(GAME, state)
        # a cap on positions, not on time: some of these the model does not decide quickly
        # (cards coming back from the foundations open very many lines), and those are left
        verdict, labels, _ = search(model, time.process_time() + 60, 10_000 if weak else 30_000,
                                    clock=time.process_time)
        if verdict is Verdict.UNKNOWN:
            continue
        assert verdict is truth, (options, state)
        compared[truth] += 1
    assert sum(compared.values()) >= (1 if weak else 4), compared


def _suit(symbol: str, top: int) -> str:
    return " ".join(f"{r}{symbol}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[:top])


@pytest.mark.parametrize("draw", (1, 3))
def test_two_suits_dug_down_in_turn_from_the_foundations_win(draw):
    """The position that showed the unsound pruning.  The 8♠ needs a red nine, and both are home
    under their jacks and tens: the J♣ comes back onto the Q♦, the J♦ onto the Q♣, the 10♦ onto
    the J♣, the 10♣ onto the J♦, and the 9♦ onto the 10♣.  No card taken back can be covered
    at once, so a search that demands it calls this lost."""
    state = position(dict(draw=draw, passes=1, runs="part", from_foundation=True),
                     t1=("K♦ Q♠ 7♠", "8♠"), t2=("10♠ J♠", "9♠"), t3=("", "K♠ Q♦"), t4=("", "K♥ Q♣"),
                     t5=("", "K♣ Q♥"), f1=("", _suit("♣", 11)), f2=("", _suit("♦", 11)),
                     f3=("", _suit("♥", 11)), f4=("", _suit("♠", 6)))
    assert plain_verdict(state, 200_000) is Verdict.WINNABLE
    result = solve(GAME, state, budget_s=10)
    assert result.verdict is Verdict.WINNABLE
    assert GAME.is_won(replay(state, result.line))


def test_a_last_pass_whose_waste_buries_what_the_tableau_needs_is_lost():
    """The 8♣ lies on both red nines and on the 7♥; the 8♥ on top of the waste covers the 7♣.
    Each eight waits for a card beneath the other, so in the last pass nothing can move them;
    with another pass the 7♣ comes round again and the deal is won."""
    piles = dict(w=("", "7♣ 8♥"), t1=("9♣ 9♠ 9♦ 9♥ 7♥", "8♣"), f1=("", _suit("♣", 6)),
                 f2=("", _suit("♦", 8)), f3=("", _suit("♥", 6)), f4=("", _suit("♠", 8)))
    book = position(BOOK, **piles)
    model = KlondikeModel(GAME, book)
    cols, found, talon, p = model.root()[:4]
    assert dead_lock(cols, found, talon, p, last=True, back=False)
    assert not dead_lock(cols, found, talon, p, last=False, back=False)
    result = solve(GAME, book, budget_s=10)
    assert result.verdict is Verdict.LOST and result.nodes < 100
    again = position(dict(BOOK, passes=3), **piles)
    assert solve(GAME, again, budget_s=10).verdict is Verdict.WINNABLE


# The 7♦ on top of the waste needs a black eight (the 8♠ lies beneath it, the 8♣ under the
# 7♥) or the 6♦, buried below; the 7♥ needs the 8♠ or the 6♥, buried too.  The rest is built
# in runs from kings that have nowhere to go.
LOCK = dict(w=("", "6♥ 6♦ 8♠ 7♦"), t1=("", "9♦ 8♣ 7♥"), t2=("", "K♠ Q♥ J♣ 10♥ 9♠ 8♥"),
            t3=("", "K♥ Q♣ J♥ 10♣ 9♥"), t4=("", "K♣ Q♦ J♠ 10♦ 9♣ 8♦"), t5=("", "K♦ Q♠ J♦ 10♠"),
            s=("", ""), f1=("", _suit("♣", 7)), f2=("", _suit("♦", 5)), f3=("", _suit("♥", 5)),
            f4=("", _suit("♠", 7)))


def test_a_run_waiting_for_a_card_the_waste_buries_is_a_dead_lock():
    """A relaxed game counting every face-up card as in reach would let the 7♦ leave onto the
    8♣; the dead-lock test sees that the 8♣ is covered until the 7♥ leaves, which it cannot
    before the 7♦ has.  In the last pass that is the end (the plain search agrees); with
    another pass the six come round, and the deal is won."""
    book = position(BOOK, **LOCK)
    model = KlondikeModel(GAME, book)
    cols, found, talon, p = model.root()[:4]
    assert dead_lock(cols, found, talon, p, last=True, back=False)
    assert plain_verdict(book, 50_000) is Verdict.LOST
    result = solve(GAME, book, budget_s=10)
    assert result.verdict is Verdict.LOST and result.nodes == 1
    # before the last pass the waste comes round again: no lock
    assert not dead_lock(cols, found, talon, p, last=False, back=False)
    again = position(dict(BOOK, passes=3), **LOCK)
    assert solve(GAME, again, budget_s=10).verdict is Verdict.WINNABLE


def test_a_card_taken_back_from_the_foundations_opens_a_lock():
    """The same lock where cards may come back: the 8♠ is not home, but the 7♦ could go onto a
    black eight taken back -- none is home here, so the lock stands; with the 8♣ home instead
    of in the run, and the 9♦ bare, the 8♣ comes back onto the 9♦ and the 7♦ onto it."""
    locked = position(dict(BOOK, from_foundation=True), **LOCK)
    model = KlondikeModel(GAME, locked)
    cols, found, talon, p = model.root()[:4]
    assert dead_lock(cols, found, talon, p, last=True, back=True)
    opened = dict(LOCK, t1=("", "9♦"), t4=("", "K♣ Q♦ J♠ 10♦ 9♣ 8♦ 7♥"), f1=("", _suit("♣", 8)))
    state = position(dict(BOOK, from_foundation=True), **opened)
    cols, found, talon, p = KlondikeModel(GAME, state).root()[:4]
    assert not dead_lock(cols, found, talon, p, last=True, back=True)
    assert dead_lock(cols, found, talon, p, last=True, back=False)     # home, the 8♣ is no target


def test_a_card_goes_home_safely_when_what_could_go_on_it_can_go_home_instead():
    """The 5♥ may take only a black four, and both can go home (the black threes are), as can the
    red three that a black four could take (the 3♥ is home, the 2♦ is): it goes home at once.
    With the diamonds at the ace the 3♦ might yet need a black four to stand on, and the 5♥
    is left to the search."""
    def forced(diamonds: int) -> list:
        state = position(BOOK, t1=("", "5♥"), f1=("", _suit("♣", 3)), f2=("", _suit("♦", diamonds)),
                         f3=("", _suit("♥", 4)), f4=("", _suit("♠", 3)))
        return KlondikeModel(GAME, state)._forced
    assert ("c", 0, -1, 1) in forced(2)
    assert ("c", 0, -1, 1) not in forced(1)


def test_with_cards_coming_back_a_card_goes_home_safely_when_every_lower_card_is_home():
    """Cards coming back, the 7♣ may take only a red six, and that only a black five: with both
    red sixes and the 5♠ home nothing in play could ever lie on them, and the 7♣ goes home at
    once.  With the 5♠ out, the 6♥ could come back onto the 7♣ to take it: the search decides."""
    def forced(spades: int) -> list:
        state = position(dict(MODERN, draw=3), t1=("", "7♣"), f1=("", _suit("♣", 6)),
                         f2=("", _suit("♦", 6)), f3=("", _suit("♥", 6)), f4=("", _suit("♠", spades)))
        return KlondikeModel(GAME, state)._forced
    assert ("c", 0, -1, 1) in forced(5)
    assert ("c", 0, -1, 1) not in forced(4)


@pytest.mark.parametrize("runs, tried", (("part", 1), ("whole", 2)))
def test_a_card_that_could_go_on_either_twin_goes_on_one(runs, tried):
    """The 7♠ could go on the 8♦ or the 8♥: the two positions differ only in which twin holds it,
    and where parts of runs move, one is won exactly when the other is (the heap can be moved
    across when a twin goes home), so only one is tried.  With whole runs only, both are."""
    state = position(dict(MODERN, draw=3, runs=runs), t1=("", "8♥"), t2=("", "8♦"), t3=("", "7♠"))
    model = KlondikeModel(GAME, state)
    assert [label[0] for label, _ in model.children(model.root()) if label[0][:2] == ("c", 2)] \
        == [("c", 2, 1, 1), ("c", 2, 0, 1)][:tried]


@pytest.mark.parametrize("runs, same", (("part", True), ("whole", False)))
def test_positions_whose_heaps_on_twins_are_swapped_are_one(runs, same):
    """The 7♣ on the 8♥ or on the 8♦: where parts of runs move, one position for the search (the
    heap could be moved across when a twin goes home); with whole runs only, two."""
    options = dict(MODERN, draw=3, runs=runs)
    one = KlondikeModel(GAME, position(options, t1=("", "9♠ 8♥ 7♣"), t2=("", "9♣ 8♦")))
    two = KlondikeModel(GAME, position(options, t1=("", "9♠ 8♥"), t2=("", "9♣ 8♦ 7♣")))
    assert (one.key(one.root()) == two.key(two.root())) is same


def test_the_canonical_order_of_heaps_does_not_depend_on_where_they_lay():
    """From positions of random games drawing three, every swap of the heaps on two twins face up
    (nested ones among them) leads to the same canonical piles."""
    rng = random.Random(7)
    swapped = 0
    for seed in range(1, 30):
        state = Session(GAME, dict(MODERN, draw=3), seed=seed).state
        for _ in range(rng.randint(10, 60)):
            legal = GAME.legal_actions(state, 0)
            if not legal:
                break
            state = GAME.apply(state, rng.choice(legal))
        cols = KlondikeModel(GAME, state).root()[0]
        where = {card: (i, j) for i, col in enumerate(cols) for j, card in enumerate(col) if card < 64}
        for card, (i, j) in where.items():
            twin = ((card >> 4) ^ 3) * 16 + (card & 15)
            if card > twin or twin not in where:
                continue
            k, m = where[twin]
            piles = [list(col) for col in cols]
            piles[i][j + 1:], piles[k][m + 1:] = list(cols[k][m + 1:]), list(cols[i][j + 1:])
            other = tuple(tuple(col) for col in piles)
            assert sorted(twin_canonical(other)) == sorted(twin_canonical(cols))
            swapped += other != cols
    assert swapped >= 10, swapped


@pytest.mark.parametrize("options, seed", [(BOOK, 224), (BOOK, 283)]
                         + [(dict(MODERN, from_foundation=back), seed)
                            for seed, back in ((1, False), (148, False), (198, False), (148, True))],
                         ids=("book-224", "book-283", "part-1", "part-148", "part-198", "part-back-148"))
def test_deals_that_rules_dropped_as_unsound_called_lost_are_won(options, seed):
    """Two rules used until December 2026 called these deals lost: a card sent home that turned
    up nothing had to be followed by a move that needed it there (the book's deals), and a part
    of a run moved off a card by a move using that card (drawing one, no limit on the passes).
    Each is won, and the line replays through the game (see ``KlondikeModel._play``)."""
    state = Session(GAME, options, seed=seed).state
    result = solve(GAME, state, budget_s=20, clock=time.process_time)
    assert result.verdict is Verdict.WINNABLE
    assert GAME.is_won(replay(state, result.line))


def test_the_book_moves_only_whole_runs():
    # the 7♦ is not its run's first card: it moves only with the 8♣
    whole = KlondikeModel(GAME, position(dict(BOOK, draw=1), t1=("", "9♥ 8♣ 7♦"), t2=("", "9♦ 8♠")))
    assert all(label[0][:2] != ("c", 0) or label[0][3] == 3 for label, _ in whole.children(whole.root()))


def test_a_part_of_a_run_moves_only_to_send_the_card_beneath_it_home():
    """Moving the 7♦ from the 8♣ to the 8♠ only swaps which twin black eight is free: the search
    tries it only where the 8♣ then goes home, in the same step (``KlondikeModel.children``)."""
    piles = dict(t1=("", "9♥ 8♣ 7♦"), t2=("", "9♦ 8♠"))
    options = dict(MODERN, draw=3)     # (drawing three, the stock's cards stay there)
    blocked = KlondikeModel(GAME, position(options, **piles))
    assert not any(label[0] == ("c", 0, 1, 1) for label, _ in blocked.children(blocked.root()))
    freed = KlondikeModel(GAME, position(options, f1=("", _suit("♣", 7)), **piles))
    labels = [label for label, _ in freed.children(freed.root())]
    assert [label[:2] for label in labels if label[0] == ("c", 0, 1, 1)] == [(("c", 0, 1, 1), ("c", 0, -1, 1))]


@pytest.mark.parametrize("options", [BOOK, MODERN, dict(MODERN, draw=3), dict(BOOK, passes=3)],
                         ids=("book", "draw-one", "draw-three", "three-passes"))
def test_every_winning_line_replays_through_the_engine_to_a_win(options):
    won = 0
    for seed in (2, 3, 5, 6, 9, 10, 11, 13):
        state = Session(GAME, options, seed=seed).state
        model = solver_model(GAME, state)
        assert isinstance(model, KlondikeModel)
        # a cap on positions, not on time, so that a loaded machine finds the same wins
        verdict, labels, _ = search(model, time.process_time() + 30, 20_000, clock=time.process_time)
        if verdict is Verdict.WINNABLE:
            assert GAME.is_won(replay(state, model.actions(labels)))
            won += 1
    assert won >= 2


@pytest.mark.parametrize("options", [BOOK, MODERN, dict(MODERN, draw=3, runs="whole")],
                         ids=("book", "draw-one", "draw-three"))
def test_each_step_plays_on_the_engine_to_the_position_the_model_says(options):
    """From positions met in random play, the engine's line for each step of the model leads to
    the very position (piles, foundations, talon, turns) the model computed."""
    rng = random.Random(5)
    checked = 0
    for seed in range(1, 5):
        state = Session(GAME, options, seed=seed).state
        for _ in range(12):
            model = KlondikeModel(GAME, state)
            settled = replay(state, model.actions([]))      # the safe moves played at the root
            assert KlondikeModel(GAME, settled).root()[:3] == model.root()[:3]
            for label, child in model.children(model.root()):
                after = replay(state, model.actions([label]))
                again = KlondikeModel(GAME, after).root()
                if isinstance(child[5], frozenset):
                    # cards just taken back wait for the next move; a new model, which knows
                    # nothing of that, may send them home again at once (see ``_settle``)
                    child = model._settle((*child[:5], 0))[0]
                assert again[:3] == child[:3], label
                if child[2]:
                    assert again[3:5] == child[3:5], label
                checked += 1
            legal = GAME.legal_actions(state, 0)
            if not legal:
                break
            state = GAME.apply(state, rng.choice(legal))
    assert checked >= 50


def test_the_solver_says_so_when_it_reads_the_face_down_cards():
    from compendium.ai.registry import game_ai
    assert game_ai(GAME).solver_sees_hidden_cards
    assert not game_ai("fortress").solver_sees_hidden_cards


def test_a_pile_that_buries_what_its_top_card_needs_is_lost_at_once():
    # The 4♠ lies on the 3♠ and on both red fives, face down: it can never leave its pile.
    state = position(t7=("3♠ 5♥ 5♦ 4♠ 9♣ 9♠", "2♥"))
    model = KlondikeModel(GAME, state)
    cols, found, talon, p = model.root()[:4]
    assert dead_lock(cols, found, talon, p, last=False, back=False)
    assert model.dead(model.root())
    assert solve(GAME, state, budget_s=2).verdict is Verdict.LOST


def test_a_card_that_nothing_can_take_off_is_a_dead_lock():
    # The J♣ lies face down on the Q♥ and the Q♦ (the cards it could go on) and on the 10♣ it
    # must follow home: the K♠ above it can leave, the J♣ never.
    state = position(t7=("10♣ Q♥ Q♦ J♣ K♠", "2♥"))
    model = KlondikeModel(GAME, state)
    cols, found, talon, p = model.root()[:4]
    assert dead_lock(cols, found, talon, p, last=False, back=False)
    assert solve(GAME, state, budget_s=2).verdict is Verdict.LOST


def test_the_dead_end_tests_never_condemn_a_deal_the_solver_wins():
    condemned = decided = 0
    for options, last in ((MODERN, False), (BOOK, True)):
        for seed in range(1, 40):
            state = Session(GAME, options, seed=seed).state
            model = KlondikeModel(GAME, state)
            cols, found, talon, p = model.root()[:4]
            if dead_lock(cols, found, talon, p, last, model.back):
                condemned += 1
                # the Python search without them (the core has the dead-lock test inside)
                model.dead = lambda position: False
                model.compiled = False
                verdict, _, _ = search(model, time.process_time() + 1, 10**7, clock=time.process_time)
                assert verdict is not Verdict.WINNABLE, seed
                decided += verdict is Verdict.LOST
    assert condemned >= 1 and decided >= 1, (condemned, decided)


# -- the compiled core ------------------------------------------------------------------------------
CORE = compiled_core()
needs_core = pytest.mark.skipif(CORE is None, reason="the compiled core is not built here")


@needs_core
@pytest.mark.parametrize("options", EVERY_OPTION, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_the_compiled_core_searches_as_the_python_model_does(options):
    """The core is the same search as the model's, position for position: on late positions under
    every option the two give the same verdict after the same number of positions, and the whole
    solver the same verdict again."""
    rng = random.Random(zlib.crc32(repr(sorted(options.items())).encode()) + 2)   # the same each run
    decided = 0
    for n in range(8):
        state = (small_position if n % 2 else late_position)(rng, options)
        python = KlondikeModel(GAME, state)
        python.compiled = False
        verdict, _, nodes = search(python, time.process_time() + 60, 4_000, clock=time.process_time)
        model = KlondikeModel(GAME, state)
        assert model.compiled
        core_verdict, labels, core_nodes = model._run_core(CORE, model.part, model.back, time.process_time() + 60,
                                                           4_000, None, time.process_time)
        if verdict is Verdict.UNKNOWN:
            assert core_verdict is Verdict.UNKNOWN or core_verdict is Verdict.WINNABLE and nodes > 3_000
            continue
        assert (core_verdict, core_nodes) == (verdict, nodes), state
        whole, line, _ = search(model, time.process_time() + 60, 10**6, clock=time.process_time)
        assert whole is verdict, state
        for steps in (labels, line):
            if verdict is Verdict.WINNABLE:
                assert GAME.is_won(replay(state, model.actions(steps)))
        decided += 1
    # the book's whole runs with cards coming back: the model's weak spot (see above)
    assert decided >= (1 if options["runs"] == "whole" and options["from_foundation"] else 3)


@needs_core
def test_the_python_search_answers_when_the_core_is_turned_off(monkeypatch):
    state = position(t1=("", "K♠ Q♥"), f1=("", _suit("♣", 13)), f2=("", _suit("♦", 13)),
                     f3=("", _suit("♥", 11)), f4=("", _suit("♠", 12)))
    monkeypatch.setenv("COMPENDIUM_NO_CSOLVER", "1")
    assert compiled_core() is None
    model = KlondikeModel(GAME, state)
    assert not model.compiled and model.compiled_search(time.process_time() + 5, 10**6, None,
                                                       time.process_time) is None
    result = solve(GAME, state, budget_s=5)
    assert result.verdict is Verdict.WINNABLE and GAME.is_won(replay(state, result.line))
    monkeypatch.delenv("COMPENDIUM_NO_CSOLVER")
    assert KlondikeModel(GAME, state).compiled


@needs_core
def test_the_core_refuses_a_position_it_cannot_hold_and_never_crashes():
    model = KlondikeModel(GAME, Session(GAME, MODERN, seed=3).state)
    cols, found, talon, p, passes, _ = model.root()[:6]
    good = dict(cols=cols, found=found, talon=talon, p=p, passes=passes, draw=1, allowed=0, part=True, back=True)
    CORE.Search(**good)
    bad = [dict(cols=cols[:6]), dict(cols=(cols[0] + (cols[1][-1],),) + cols[1:]),      # six piles; a card twice
           dict(cols=((200,),) + cols[1:]), dict(found=(0, 0, 0)), dict(found=(1, 0, 0, 0)),
           dict(talon=talon[1:]), dict(p=len(talon) + 1), dict(draw=0), dict(cols=("AS",) + cols[1:]),
           dict(cols=(tuple(range(1, 14)) + tuple(range(17, 30)) + (33, 34),) + cols[1:])]
    for change in bad:
        with pytest.raises((ValueError, TypeError)):
            CORE.Search(**{**good, **change})
    # a model whose position the core refuses is searched in Python
    assert model.compiled_search(time.process_time() + 1, 10, None, time.process_time) is not None


@needs_core
def test_a_long_question_is_not_cut_at_five_million_positions():
    """The table's question has 20 s; a cap of five million positions once ended it after about
    3 s of the compiled core.  Drawing three, whole runs with cards coming back from the
    foundations (the model's weak spot), deal 10 is won after some 10.5 million positions (the
    count does not depend on the machine: the search's order is fixed)."""
    state = Session(GAME, dict(MODERN, draw=3, runs="whole"), seed=10).state
    result = solve(GAME, state, budget_s=20, clock=time.process_time)
    assert result.verdict is Verdict.WINNABLE and result.nodes > 5_000_000
    assert GAME.is_won(replay(state, result.line))


@needs_core
def test_a_full_table_gives_up_and_never_says_lost():
    """The table of positions has a hard cap: a search that fills it is undecided, never lost."""
    state = Session(GAME, dict(MODERN, draw=3), seed=1).state
    model = KlondikeModel(GAME, state)
    cols, found, talon, p, passes, _ = model.root()[:6]
    run = CORE.Search(cols, found, talon, p, passes, 3, 0, True, True, 1024)
    status = CORE.RUNNING
    while status == CORE.RUNNING:
        status = run.run(10_000)
    assert status == CORE.GAVE_UP and run.nodes < 1024
    assert run.line() == []
