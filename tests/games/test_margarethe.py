"""Margarethe: the book's rules, with the law that decides each refusal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, Card, Rank
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.session import Session
from compendium.demo import play_demo
from compendium.games.patience import margarethe as module
from compendium.games.patience.engine import Draw, Move, PatienceState, PileKind, Redeal
from compendium.games.patience.margarethe import COURT_NAMES, GAME, HELP_NAMES

from .conformance import random_playout, refusal

DATA = Path(__file__).parent / "data"
ID = "margarethe"
PACK = PACKS["52"]


def names() -> list[str]:
    return [s.name for s in GAME.specs(GAME.resolve_options())]


COURTS_AS_DEALT = {name: str(card) for name, card, _, _ in module.COURTS}


def position(top: str = "", **piles: str) -> PatienceState:
    """A position from text: pile="cards, bottom first", all face up but the pack.  The courts lie
    on their places unless a pile names them (with the cards built on them).  ``top`` names the
    next cards of the pack, the first to come off first; the cards not named fill the rest of the
    pack, so every position holds the whole pack."""
    deck: list[Card] = []
    built: dict[str, tuple[int, ...]] = {}
    for name in names():
        if name == "s":
            continue
        text = piles.get(name, COURTS_AS_DEALT.get(name, ""))
        cards = [parse_card(t) for t in text.split()]
        built[name] = tuple(range(len(deck), len(deck) + len(cards)))
        deck.extend(cards)
    upper = [parse_card(t) for t in top.split()]
    rest = list((Counter(PACK) - Counter(deck) - Counter(upper)).elements())
    stock = sorted(rest) + upper[::-1]
    built["s"] = tuple(range(len(deck), len(deck) + len(stock)))
    deck.extend(stock)
    assert Counter(deck) == Counter(PACK)
    order = names()
    down = tuple(len(built["s"]) if n == "s" else 0 for n in order)
    return PatienceState(deck=tuple(deck), piles=tuple(built[n] for n in order), down=down,
                         opts=tuple(sorted(GAME.resolve_options().items())))


def faces(state: PatienceState, name: str) -> list[str]:
    return [str(state.deck[c]) for c in state.piles[names().index(name)]]


# -- the deal and the table ------------------------------------------------------------------
def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    state = Session(GAME, seed=1).state
    assert [faces(state, n)[0] for n in HELP_NAMES] == ["7♦", "9♣", "4♦", "8♥", "8♦", "5♠", "6♦", "9♠", "5♦"]
    assert len(state.piles[names().index("s")]) == 31
    assert faces(state, "aces") == [] and faces(state, "w") == []
    view = GAME.view(state, 0)
    assert all(c.face is None for c in view.pile("s").cards)
    after = GAME.apply(state, Draw())
    assert faces(after, "w") == ["7♠"]


def test_the_courts_make_an_m_and_the_helps_an_a():
    specs = {s.name: s for s in GAME.specs(GAME.resolve_options())}
    kings = [specs[f"k{i}"] for i in range(1, 5)]
    knaves = [specs[f"j{i}"] for i in range(1, 5)]
    queens = [specs[f"q{i}"] for i in range(1, 5)]
    # the two strokes of the M: upright columns, kings on the left, queens on the right
    assert len({s.x for s in kings}) == 1 and len({s.x for s in queens}) == 1
    assert [s.y for s in kings] == sorted(s.y for s in kings) == [s.y for s in queens]
    assert kings[0].x < min(s.x for s in knaves) and max(s.x for s in knaves) < queens[0].x
    # the V: down to the middle and up again, its foot (the aces) below the knaves
    ys = [s.y for s in knaves]
    assert ys[0] < ys[1] and ys[2] > ys[3] and ys[0] == ys[3] and ys[1] == ys[2]
    assert specs["aces"].y > max(ys) and knaves[1].x < specs["aces"].x < knaves[2].x
    assert all(kings[0].y <= s.y <= kings[-1].y for s in knaves)
    # the A: below the M, each leg leaning in towards the apex, the cross-stroke between the legs
    helps = [specs[n] for n in HELP_NAMES]
    assert min(h.y for h in helps) > kings[-1].y
    left, right, cross = helps[:4], helps[4:8], helps[8]
    assert [h.y for h in left] == sorted((h.y for h in left), reverse=True)     # up the left leg
    assert [h.x for h in left] == sorted(h.x for h in left)
    assert [h.y for h in right] == sorted(h.y for h in right)                   # down the right leg
    assert [h.x for h in right] == sorted(h.x for h in right)
    assert left[-1].y == right[0].y == min(h.y for h in helps)                  # the apex
    row = [h for h in left + right if h.y == cross.y]
    assert len(row) == 2 and row[0].x < cross.x < row[1].x


# -- legal moves -------------------------------------------------------------------------------
BOARD = dict(h1="10♠", h2="A♥", h3="4♦", h4="9♥", h5="7♣", h6="2♠", h7="6♥", h8="3♣", h9="5♦",
             k2="K♥ 10♥", q3="Q♣ 4♣", j4="J♦ 7♦ 6♦", w="8♥ 10♦")


def test_legal_moves():
    state = position(**BOARD, top="6♠ 8♠")
    legal = GAME.legal_actions(state, 0)
    cases = {
        "h1>k1": "the ten of spades is the first card on the king of spades",
        "h4>k2": "the nine of hearts follows the ten on the king of hearts",
        "h2>aces": "an ace of any suit goes into the aces' packet",
        "h8>q3": "the three of clubs follows the four on the queen of clubs",
        "h9>j4": "the five of diamonds completes the knave of diamonds",
        "w>k4": "the talon's top card may go home",
        "draw": "the pack may be turned at any time",
    }
    for text in cases:
        action = GAME.action_from_str(state, text)
        assert action in legal, (text, cases[text])
        assert GAME.apply(state, action) != state
    # and nothing else: the four of diamonds and the seven of clubs may also start their courts
    assert {GAME.action_to_str(a) for a in legal if isinstance(a, Move)} == \
        {"h1>k1", "h4>k2", "h2>aces", "h8>q3", "h9>j4", "w>k4", "h3>q4", "h5>j3"}


def test_a_vacancy_in_the_a_is_filled_at_once_from_the_pack():
    state = position(**BOARD, top="6♠ 8♠")
    after = GAME.apply(state, GAME.action_from_str(state, "h1>k1"))
    assert faces(after, "k1") == ["K♠", "10♠"]
    assert faces(after, "h1") == ["6♠"]                     # the next card of the pack
    assert len(after.piles[names().index("s")]) == len(state.piles[names().index("s")]) - 1
    assert GAME.view(after, 0).pile("h1").cards[0].face is not None


def test_a_foundation_takes_three_cards_and_stops():
    state = position(**dict(BOARD, k1="K♠ 10♠ 9♠", h1="8♠"))
    after = GAME.apply(state, Move("h1", "k1"))
    assert faces(after, "k1") == ["K♠", "10♠", "9♠", "8♠"]
    state = position(**dict(BOARD, k1="K♠ 10♠ 9♠ 8♠", h1="7♠"))
    exc = refusal(GAME, state, "h1>k1")
    assert exc.rule == f"{ID}#the-foundations" and "three cards already" in exc.reason
    assert Move("h1", "j1") in GAME.legal_actions(state, 0)   # the seven goes on the knave instead


# -- illegal moves, each with its law -----------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(**BOARD)
    cases = {
        "h4>k1": "the-foundations",        # the nine of hearts on the king of spades: wrong suit
        "h6>k1": "the-foundations",        # the two of spades: the king of spades wants the ten
        "h3>aces": "the-foundations",      # only aces go into the aces' packet
        "h1>h2": "the-helps",              # nothing is laid on a help card
        "w>h9": "the-helps",
        "k2>h1": "the-foundations",        # nothing comes back from the foundations
        "s>k4": "turning-up-cards",        # a card of the pack is turned, never taken
        "h7>q1": "the-foundations",        # the six of hearts: the queen of spades wants the four
        "redeal": "the-stock-and-waste",   # the pack is not used up yet
    }
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"{ID}#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_a_vacancy_is_never_filled_by_the_player():
    piles = {n: "" for n in HELP_NAMES}
    piles.update(h1="9♥", w="10♦")
    # the whole pack is placed somewhere: put what is left on the talon under the ten of diamonds
    state = position(**piles)
    stock = state.piles[names().index("s")]
    moved = position(**dict(piles, w=" ".join(str(state.deck[c]) for c in stock) + " 10♦"))
    assert not moved.piles[names().index("s")]
    for text in ("w>h2", "h1>h2"):
        exc = refusal(GAME, moved, text)
        assert exc.rule in (f"{ID}#spaces", f"{ID}#the-helps"), (text, exc.rule)
    assert refusal(GAME, moved, "w>h2").rule == f"{ID}#spaces"


# -- the pack, the talon and the re-deal --------------------------------------------------------
def test_the_talon_is_dealt_once_more_in_the_same_order():
    state = Session(GAME, seed=1).state
    turned = []
    while state.piles[names().index("s")]:
        state = GAME.apply(state, Draw())
        turned.append(faces(state, "w")[-1])
    assert len(turned) == 31
    assert Redeal() in GAME.legal_actions(state, 0)
    again = GAME.apply(state, Redeal())
    assert faces(again, "w") == [] and len(again.piles[names().index("s")]) == 31
    second = []
    while again.piles[names().index("s")]:
        again = GAME.apply(again, Draw())
        second.append(faces(again, "w")[-1])
    assert second == turned                      # turned over, not shuffled
    exc = refusal(GAME, again, "redeal")
    assert exc.rule == f"{ID}#re-deals" and "once" in exc.reason


# -- the end ------------------------------------------------------------------------------------
def test_a_won_position():
    piles = {}
    for name, court, _, _ in module.COURTS:
        first = module.FIRST_ON[court.rank]
        run = " ".join(str(Card(Rank(first - i), court.suit)) for i in range(3))
        piles[name] = f"{court} {run}"
    piles["aces"] = "A♠ A♥ A♣ A♦"
    state = position(**piles)
    assert not state.piles[names().index("s")]
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (52,)
    assert outcome.rule == f"{ID}#end-of-the-game" and "eights" in outcome.reason
    # the finished M shows the eights, the fives and the twos
    view = GAME.view(state, 0)
    tops = {n: str(view.pile(n).cards[-1].face) for n in COURT_NAMES}
    assert {t[:-1] for t in tops.values()} == {"8", "5", "2"}


def test_a_lost_position():
    """Pack used up, re-deal made: the ten of spades lies under the nine on the talon."""
    piles = {n: "" for n in HELP_NAMES}
    state = position(**piles)
    stock = [str(state.deck[c]) for c in state.piles[names().index("s")] if state.deck[c] != parse_card("10♠")
             and state.deck[c] != parse_card("9♠")]
    state = position(**dict(piles, w=" ".join(stock) + " 10♠ 9♠"))
    state = PatienceState(state.deck, state.piles, state.down, 1, state.deal_seed, state.opts)
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.results == (0.0,) and outcome.scores == (12,)


# -- the helpers of the player and the solver -----------------------------------------------------
def test_every_card_that_can_go_home_is_safe_to_send():
    state = position(**BOARD)
    move = GAME.safe_home_move(state)
    assert move is not None and GAME.specs(GAME.resolve_options())[names().index(move.dst)].kind is PileKind.FOUNDATION
    assert ai_hint(GAME, state, 0) == move
    bare = position(h1="9♥", h2="6♠", h3="3♦", h4="8♣", h5="5♥", h6="2♠", h7="6♦", h8="3♣", h9="9♣")
    assert GAME.safe_home_move(bare) is None and ai_hint(GAME, bare, 0) == Draw()


def test_the_demo_plays_whole_games_and_mostly_wins():
    won = 0
    for seed in range(10):
        result = play_demo(GAME, seed)
        assert result.finished, result.summary
        won += GAME.is_won(result.session.state)
    assert won >= 8


def test_the_solver_decides_a_deal():
    from compendium.ai.solver import Verdict, solve
    state = Session(GAME, seed=5).state
    result = solve(GAME, state, budget_s=10)
    assert result.verdict is Verdict.WINNABLE
    for action in result.line:
        state = GAME.apply(state, action)
    assert GAME.is_won(state)


def test_a_recorded_win_replays_to_a_detected_win():
    text = records.read_text(DATA / "margarethe_win.json")
    session = Session.from_record(records.loads(text), GAME, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (52,)


def test_random_playouts_keep_the_courts_in_place():
    def check(session):
        state = session.state
        if not state.deck:
            return
        for name, court, _, _ in module.COURTS:
            assert state.deck[state.piles[names().index(name)][0]] == court
        assert all(len(state.piles[names().index(n)]) <= 1 for n in HELP_NAMES)
        if state.piles[names().index("s")]:
            assert all(state.piles[names().index(n)] for n in HELP_NAMES)
    for seed in range(6):
        random_playout(GAME, seed, check=check)


def test_the_piles_table_describes_the_m_and_the_a():
    table = GAME.piles_markdown()
    assert "ten, nine and eight" in table and "seven, six and five" in table and "four, three and two" in table
    assert "9 × help" in table and "31 cards" in table
