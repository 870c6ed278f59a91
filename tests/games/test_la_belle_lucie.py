"""La Belle Lucie, The House in the Wood and The House on the Hill: the book's rules, with the
law that decides each refusal."""
from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from compendium.ai.registry import hint as ai_hint
from compendium.core import records
from compendium.core.cards import PACKS, Card, Rank
from compendium.core.errors import NotationError
from compendium.core.game import Special
from compendium.core.notation import parse_card
from compendium.core.rng import SplitMix64, derive_seed, shuffled
from compendium.core.session import Session
from compendium.demo import MAX_STEPS, play_demo
from compendium.games.patience.engine import Fan, Move, PatienceGame, PatienceState, PileKind, Redeal
from compendium.games.patience.la_belle_lucie import GAME, HOUSE_IN_THE_WOOD, HOUSE_ON_THE_HILL, LucieState
from compendium.reference.rules_html import anchors, links

from .conformance import refusal, view_cards

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
RULES = ROOT / "resources" / "rules"
GAMES = (GAME, HOUSE_IN_THE_WOOD, HOUSE_ON_THE_HILL)
WOOD, HILL = HOUSE_IN_THE_WOOD, HOUSE_ON_THE_HILL


def position(game=GAME, options=None, passes=0, merci_used=False, **piles: str) -> PatienceState:
    """A position from text: pile="cards, bottom first" (every card is face up).  The cards not
    named are spread over the fans not named, the highest of them on top (so that they offer
    no card to the foundations), and every position holds the whole of the game's cards."""
    opts = game.resolve_options(options)
    specs = game.specs(opts)
    named: dict[str, list[Card]] = {n: [parse_card(t) for t in text.split()] for n, text in piles.items()}
    missing = Counter(PACKS[game.pack])
    for cards in named.values():
        missing.subtract(cards)
    assert all(n >= 0 for n in missing.values()), [c for c, n in missing.items() if n < 0]
    rest = []
    for card in PACKS[game.pack]:
        if missing[card] > 0:
            missing[card] -= 1
            rest.append(card)
    rest.sort(key=lambda c: -c.rank)
    free = [s.name for s in specs if s.kind is PileKind.TABLEAU and s.name not in named]
    if rest:
        assert free, f"no fan left for {rest}"
        tops, under = rest[:len(free)], rest[len(free):]
        per = -(-len(under) // len(free))
        for i, (name, top) in enumerate(zip(free, tops)):
            named[name] = under[i * per:(i + 1) * per] + [top]
    deck: list[Card] = []
    built = []
    for spec in specs:
        cards = named.get(spec.name, [])
        built.append(tuple(range(len(deck), len(deck) + len(cards))))
        deck.extend(cards)
    base = game.initial_state(opts)
    state = dataclasses.replace(base, deck=tuple(deck), piles=tuple(built), down=(0,) * len(specs),
                                passes=passes, deal_seed=7)
    if isinstance(state, LucieState):
        state = dataclasses.replace(state, merci_used=merci_used)
    return state


def faces(game, state, name):
    return [str(c.face) for c in game.view(state, 0).pile(name).cards]


def full_suit(suit: str, top: int = 13) -> str:
    return " ".join(f"{Rank(r).short}{suit}" for r in range(1, top + 1))


# -- the deal ------------------------------------------------------------------------------
@pytest.mark.parametrize("game, fans, last, packs", [(GAME, 18, 1, 1), (WOOD, 35, 2, 2), (HILL, 35, 2, 2)])
def test_the_deal_is_fans_of_three_all_face_up(game, fans, last, packs):
    state = Session(game, seed=11).state
    view = game.view(state, 0)
    fan_piles = [p for p in view.piles if p.kind is PileKind.TABLEAU]
    assert len(fan_piles) == fans
    assert [len(p.cards) for p in fan_piles] == [3] * (fans - 1) + [last]
    assert all(c.face is not None for p in fan_piles for c in p.cards)
    assert all(not p.cards for p in view.piles if p.kind is not PileKind.TABLEAU)
    counts = Counter(c.face for p in fan_piles for c in p.cards)
    assert len(counts) == 52 and set(counts.values()) == {packs}
    assert view.passes_left == 2 and view.on_foundations == 0


def test_golden_deal_1():
    """Deal numbers mean the same deal on every machine and every version."""
    view = GAME.view(Session(GAME, seed=1).state, 0)
    assert [str(c.face) for c in view.pile("t1").cards] == ["7♦", "9♣", "4♦"]
    assert [str(c.face) for c in view.pile("t2").cards] == ["8♥", "8♦", "5♠"]
    assert [str(c.face) for c in view.pile("t18").cards] == ["7♠"]
    wood = WOOD.view(Session(WOOD, seed=1).state, 0)
    assert [str(c.face) for c in wood.pile("t1").cards] == ["6♥", "7♥", "J♣"]
    assert [str(c.face) for c in wood.pile("t35").cards] == ["4♥", "7♠"]


def test_the_layout_fans_right_in_rows_below_the_foundations():
    for game, per_row in ((GAME, 6), (WOOD, 7), (HILL, 7)):
        specs = game.specs(game.resolve_options({}))
        fans = [s for s in specs if s.kind is PileKind.TABLEAU]
        found = [s for s in specs if s.kind is PileKind.FOUNDATION]
        assert all(s.fan is Fan.RIGHT and s.room == pytest.approx(2 * 0.28) for s in fans)
        assert len({s.y for s in fans[:per_row]}) == 1 and fans[per_row].y > fans[0].y
        assert max(s.y for s in found) + 1.4 < min(s.y for s in fans)
        # neighbours in a row leave room for a fan of three
        assert fans[1].x - fans[0].x >= 1 + 2 * 0.28


# -- legal moves ---------------------------------------------------------------------------
def test_legal_moves():
    state = position(t1="9♣ A♥", t2="5♦ 2♥", t3="Q♠ 7♣", t4="K♥ 8♣", t5="3♦ J♥", t6="4♠ Q♥", f1="",
                     f2="A♣ 2♣ 3♣ 4♣ 5♣ 6♣")
    legal = GAME.legal_actions(state, 0)
    for text in ("t1>f1",      # an ace starts a foundation
                 "t3>t4",      # 7♣ married on 8♣, down in suit
                 "t3>f2",      # 7♣ on the clubs foundation
                 "t5>t6",      # J♥ on Q♥
                 "redeal"):    # the player may re-deal when he chooses
        action = GAME.action_from_str(state, text)
        assert action in legal, text
        assert GAME.apply(state, action) != state
    after = GAME.apply(state, Move("t1", "f1"))
    assert faces(GAME, after, "f1") == ["A♥"] and faces(GAME, after, "t1") == ["9♣"]
    after = GAME.apply(after, Move("t2", "f1"))       # 2♥ follows in suit
    assert faces(GAME, after, "f1") == ["A♥", "2♥"]
    assert faces(GAME, GAME.apply(state, Move("t3", "t4")), "t4") == ["K♥", "8♣", "7♣"]


def test_the_house_on_the_hill_builds_both_ways_and_has_kings_going_down():
    state = position(HILL, t1="9♣ K♥", t2="5♦ 8♠", t3="Q♠ 9♠", t4="K♥ 7♠", t5="3♦ A♥")
    legal = HILL.legal_actions(state, 0)
    assert Move("t2", "t3") in legal          # 8♠ on 9♠ (down)
    assert Move("t2", "t4") in legal          # 8♠ on 7♠ (up)
    assert Move("t1", "f5") in legal          # a king starts a descending foundation
    assert Move("t5", "f1") in legal          # an ace starts an ascending one
    assert Move("t1", "f1") not in legal and Move("t5", "f5") not in legal
    down = HILL.apply(state, Move("t1", "f5"))
    assert faces(HILL, down, "f5") == ["K♥"]


def test_the_house_in_the_wood_has_eight_aces():
    aces = {f"t{i + 1}": f"K{s} A{s}" for i, s in enumerate("♣♦♥♠♣♦♥♠")}
    state = position(WOOD, **aces)
    for i in range(8):
        state = WOOD.apply(state, Move(f"t{i + 1}", f"f{i + 1}"))
    assert WOOD.on_foundations(state) == 8
    assert Counter(str(c) for c in (state.deck[p[0]] for p in state.piles[1:9])) == \
        Counter({"A♣": 2, "A♦": 2, "A♥": 2, "A♠": 2})


# -- illegal moves, each with its law ------------------------------------------------------
def test_illegal_moves_cite_their_rules():
    state = position(t1="9♣ A♥", t2="5♦ 2♥", t3="Q♠ 7♣", t4="K♥ 8♦", t5="3♦ 6♣", t6="4♠ Q♥", t7="",
                     f2="A♣ 2♣ 3♣ 4♣")
    cases = {
        "t3>t4": "building-on-the-tableau",   # 7♣ on 8♦: not in suit
        "t5>t3": "building-on-the-tableau",   # 6♣ on 7♣ ... is down in suit: legal, see below
        "t3>t5": "building-on-the-tableau",   # 7♣ on 6♣: marriages go down only
        "t2>f1": "the-foundations",           # a foundation starts with an ace
        "t5>f2": "the-foundations",           # 6♣ on 4♣: not the next card
        "t2>t7": "spaces",                    # an emptied fan is never refilled
        "t1>t2*2": "moving-runs",             # one card at a time
        "f2>t2": "the-foundations",           # foundation cards stay there
        "t6>s": "re-deals",                   # nothing goes on the re-deal place
        "draw": "the-stock-and-waste",        # there is no stock
    }
    assert Move("t5", "t3") in GAME.legal_actions(state, 0)
    del cases["t5>t3"]
    for text, anchor in cases.items():
        exc = refusal(GAME, state, text)
        assert exc.rule == f"la_belle_lucie#{anchor}", (text, exc.rule, exc.reason)
        assert exc.reason


def test_only_two_re_deals():
    state = position(passes=2)
    exc = refusal(GAME, state, "redeal")
    assert exc.rule == "la_belle_lucie#re-deals" and "twice" in exc.reason
    assert Redeal() not in GAME.legal_actions(state, 0)
    assert GAME.view(state, 0).passes_left == 0


def test_the_house_on_the_hill_wants_aces_and_kings_of_different_suits():
    state = position(HILL, t1="9♣ A♥", t2="5♦ A♥", t3="7♣ K♠", t4="8♦ K♠")
    state = HILL.apply(state, Move("t1", "f1"))
    state = HILL.apply(state, Move("t3", "f5"))
    for text in ("t2>f2", "t4>f6"):
        exc = refusal(HILL, state, text)
        assert exc.rule == "house_on_the_hill#the-foundations" and "different suits" in exc.reason
    assert Move("t2", "f2") not in HILL.legal_actions(state, 0)


def test_bad_action_text_is_a_clear_error():
    state = position()
    for text in ("", "t19>t1", "t1>", "fly", "t1>t2*x", "deal x"):
        with pytest.raises(NotationError) as info:
            GAME.action_from_str(state, text)
        assert repr(text) in str(info.value)


# -- the re-deal ---------------------------------------------------------------------------
def test_a_re_deal_gathers_shuffles_and_deals_in_threes():
    state = Session(GAME, seed=5).state
    # play every card that can go home, so the re-deal has fewer than 52 cards
    while True:
        home = [a for a in GAME.legal_actions(state, 0)
                if isinstance(a, Move) and a.dst.startswith("f")]
        if not home:
            break
        state = GAME.apply(state, home[0])
    before = GAME.view(state, 0)
    left = [c.id for p in before.piles if p.kind is PileKind.TABLEAU for c in p.cards]
    after = GAME.apply(state, Redeal())
    assert after.passes == 1
    fans = [p for p in GAME.view(after, 0).piles if p.kind is PileKind.TABLEAU]
    sizes = [len(p.cards) for p in fans]
    n = len(left)
    assert sizes == [3] * (n // 3) + ([n % 3] if n % 3 else []) + [0] * (18 - -(-n // 3))
    expected = shuffled(left, derive_seed(5, 1))
    assert [c.id for p in fans for c in p.cards] == list(expected)
    # the foundations are untouched, every card is face up
    assert [p.cards for p in GAME.view(after, 0).piles if p.kind is PileKind.FOUNDATION] == \
        [p.cards for p in before.piles if p.kind is PileKind.FOUNDATION]
    assert all(c.face is not None for p in fans for c in p.cards)
    # the second re-deal is shuffled differently, and then there is none
    second = GAME.apply(after, Redeal())
    assert second.passes == 2 and second.piles != after.piles
    assert refusal(GAME, second, "redeal").rule == "la_belle_lucie#re-deals"


def test_a_re_deal_replays_the_same_after_undo():
    session = Session(GAME, seed=9)
    session.play("redeal")
    first = session.state
    session.undo()
    session.redo()
    assert session.state == first
    session.undo()
    session.play("redeal")
    assert session.state == first


def test_no_re_deal_when_the_fans_are_empty():
    state = position(f1=full_suit("♣"), f2=full_suit("♦"), f3=full_suit("♥"), f4=full_suit("♠"))
    exc = GAME.why_illegal(state, Redeal())
    assert exc is not None and exc.rule == "la_belle_lucie#re-deals"


# -- the options ---------------------------------------------------------------------------
def test_option_no_re_deal():
    for game in GAMES:
        state = Session(game, {"redeals": 0}, seed=3).state
        assert Redeal() not in game.legal_actions(state, 0)
        exc = refusal(game, state, "redeal")
        assert exc.rule == f"{game.info.id}#re-deals" and "without re-deals" in exc.reason
        assert game.view(state, 0).passes_left == 0
        assert "no re-deal in this game" in game.piles_markdown({"redeals": 0})
    assert "(twice)" in GAME.piles_markdown()


def test_option_merci():
    opts = {"merci": True}
    # before the last re-deal the merci is refused, citing its own section
    early = position(GAME, opts, t1="A♥ 9♣ 5♦", t2="2♥ K♣")
    assert Move("t1", "f1", 3) not in GAME.legal_actions(early, 0)
    assert refusal(GAME, early, "t1>f1*3").rule == "la_belle_lucie#the-merci"
    # after the last one, any buried card may be drawn once and played
    late = position(GAME, opts, passes=2, t1="A♥ 9♣ 5♦", t2="2♥ K♣", t3="10♣")
    legal = GAME.legal_actions(late, 0)
    assert Move("t1", "f1", 3) in legal and Move("t2", "t3", 2) not in legal
    assert Move("t1", "t3", 2) in legal                      # 9♣ drawn onto 10♣
    after = GAME.apply(late, Move("t1", "f1", 3))
    assert faces(GAME, after, "t1") == ["9♣", "5♦"] and faces(GAME, after, "f1") == ["A♥"]
    assert after.merci_used
    assert "merci" in GAME.describe(late, Move("t1", "f1", 3))
    exc = refusal(GAME, after, "t2>f1*2")
    assert exc.rule == "la_belle_lucie#the-merci" and "already" in exc.reason
    assert not any(isinstance(a, Move) and a.count > 1 for a in GAME.legal_actions(after, 0))
    # the drawn card still obeys the rules of the place it goes to
    assert refusal(GAME, late, "t2>f2*2").rule == "la_belle_lucie#the-foundations"
    # without the option, the same move is refused as moving two cards
    plain = position(GAME, passes=2, t1="A♥ 9♣ 5♦", t2="2♥ K♣")
    assert refusal(GAME, plain, "t1>f1*3").rule == "la_belle_lucie#moving-runs"


def test_option_house_in_the_wood_builds_up_or_down():
    piles = dict(t1="9♣ 8♠", t2="5♦ 7♠", t3="Q♠ 9♠")
    book = position(WOOD, **piles)
    either = position(WOOD, {"build": "either"}, **piles)
    assert Move("t1", "t2") not in WOOD.legal_actions(book, 0)  # 8♠ on 7♠: up, not in the book
    assert refusal(WOOD, book, "t1>t2").rule == "house_in_the_wood#building-on-the-tableau"
    assert Move("t1", "t2") in WOOD.legal_actions(either, 0)
    for state in (book, either):
        assert Move("t2", "t1") in WOOD.legal_actions(state, 0)  # 7♠ on 8♠: down
        assert Move("t1", "t3") in WOOD.legal_actions(state, 0)  # 8♠ on 9♠


# -- the end of the game -------------------------------------------------------------------
def test_a_won_game():
    state = position(f1=full_suit("♣"), f2=full_suit("♦"), f3=full_suit("♥"), f4=full_suit("♠"))
    assert GAME.is_won(state) and GAME.to_move(state) is Special.TERMINAL
    outcome = GAME.outcome(state)
    assert outcome.results == (1.0,) and outcome.scores == (52,)
    assert outcome.rule == "la_belle_lucie#end-of-the-game"


def test_a_blocked_game_is_lost_only_when_the_re_deals_are_used():
    # the hearts are tangled: no top card fits another, and the three is buried
    piles = dict(f1=full_suit("♣"), f2=full_suit("♦"), f3="A♥ 2♥", f4=full_suit("♠"),
                 t1="3♥ 10♥ 5♥", t2="4♥ J♥ 7♥", t3="6♥ Q♥ 9♥", t4="8♥ K♥")
    stuck = position(**piles)
    assert GAME.legal_actions(stuck, 0) == (Redeal(),)
    assert GAME.to_move(stuck) == 0 and GAME.outcome(stuck) is None
    assert ai_hint(GAME, stuck, 0) == Redeal()
    over = position(passes=2, **piles)
    assert GAME.to_move(over) is Special.TERMINAL
    outcome = GAME.outcome(over)
    assert outcome.results == (0.0,) and outcome.scores == (41,) and "41 cards" in outcome.reason
    assert outcome.rule == "la_belle_lucie#end-of-the-game"
    assert ai_hint(GAME, over, 0) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_win_replays_to_a_detected_win(game):
    text = records.read_text(DATA / f"{game.info.id}_win.json")
    session = Session.from_record(records.loads(text), game=game, source_text=text)
    assert session.to_move() is Special.TERMINAL
    outcome = session.outcome()
    total = len(PACKS[game.pack])
    assert outcome is not None and outcome.results == (1.0,) and outcome.scores == (total,)
    assert outcome.rule == f"{game.info.id}#end-of-the-game"


def test_the_recorded_lucie_win_uses_both_re_deals():
    record = records.loads(records.read_text(DATA / "la_belle_lucie_win.json"))
    assert record.actions.count("redeal") == 2


# -- the hint and the demo -----------------------------------------------------------------
def test_hint_sends_cards_home_first():
    state = position(t1="9♣ A♥", t3="Q♠ 7♣", t4="K♥ 8♣")
    assert ai_hint(GAME, state, 0) == Move("t1", "f1")


def test_hint_frees_a_card_for_the_foundations():
    # 7♣ lies on the two of hearts, which the hearts foundation wants: marry it on the 8♣
    state = position(f1="A♥", t1="9♦ 2♥ 7♣", t2="K♥ 8♣", t3="Q♠ J♠")
    assert ai_hint(GAME, state, 0) == Move("t1", "t2")


def test_hint_uses_the_merci_when_it_helps():
    state = position(GAME, {"merci": True}, passes=2, f1="A♥", f2=full_suit("♣"), f3=full_suit("♦"),
                     f4=full_suit("♠"), t1="7♥ 2♥ K♥", t2="3♥ Q♥ 10♥", t3="4♥ J♥ 8♥", t4="5♥ 6♥ 9♥")
    assert ai_hint(GAME, dataclasses.replace(state, merci_used=True), 0) is None
    hint = ai_hint(GAME, state, 0)
    assert hint == Move("t1", "f1", 2)


@pytest.mark.parametrize("game", GAMES)
def test_the_demo_ends(game):
    for seed in range(3):
        result = play_demo(game, seed)
        assert result.steps < MAX_STEPS
        session = result.session
        assert result.finished or ai_hint(game, session.state, 0) is None
        if session.to_move() is Special.TERMINAL:
            assert session.outcome() is not None


# -- the shared conformance checks ---------------------------------------------------------
def option_sets(game):
    yield {}
    for spec in game.option_specs:
        for choice in spec.choices:
            if choice != spec.default:
                yield {spec.name: choice}


@pytest.mark.parametrize("game", GAMES)
def test_the_fast_move_list_is_the_engines(game):
    """The fans' legal moves come from a look-up table, not from asking ``why_illegal`` about each
    candidate: on random positions of every option the list is the engine's, in the same order."""
    sets = list(option_sets(game))
    if game is GAME:
        sets.append({"merci": True, "redeals": 0})      # the merci open from the first move
    asked = 0
    for options in sets:
        for seed in range(4):
            gen = SplitMix64(seed)
            state = game.initial_state(game.resolve_options(options))
            state = game.apply(state, game.chance_action(state, seed))
            for _ in range(200):
                fast = list(game._legal(state))
                assert fast == list(PatienceGame._legal(game, state)), (options, seed)
                asked += 1
                if not fast:
                    break
                state = game.apply(state, fast[gen.below(len(fast))])
    assert asked > 400
    assert game._top_moves(state) is not None     # the look-up knows every fan game's layout


def test_views_hide_nothing_and_leak_nothing():
    """Every card is dealt face up, so the view shows every face; the spectator sees the same."""
    for game in GAMES:
        state = Session(game, seed=2).state
        assert game.view(state, None) == game.view(state, 0)
        assert all(c.face is not None for c in view_cards(game.view(state, None)))


# -- the rules pages -----------------------------------------------------------------------


def test_cross_links_between_the_three_pages_resolve():
    pages = {g.info.id: (RULES / f"{g.info.id}.md").read_text(encoding="utf-8") for g in GAMES}
    for gid, page in pages.items():
        for target in links(page):
            if target.startswith("#"):
                assert target[1:] in anchors(page), (gid, target)
            elif not target.startswith("http"):
                other, _, anchor = target.partition("#")
                assert other in pages, (gid, target)
                assert not anchor or anchor in anchors(pages[other]), (gid, target)


def test_the_piles_table_names_the_re_deal_place():
    table = GAME.piles_markdown()
    assert "| Re-deal place | empty" in table and "face down" not in table
    assert "| 18 × fan | 1 to 3 face up | builds down in suit; when empty it takes nothing |" in table
    hill = HILL.piles_markdown()
    assert "4 × ascending foundation" in hill and "4 × descending foundation" in hill
    assert "builds up or down in suit" in hill
