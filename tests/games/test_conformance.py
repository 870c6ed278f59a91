"""The shared conformance suite, run over every playable game (DESIGN.md section 7, item 5)."""
from __future__ import annotations

import dataclasses
import time
from collections import Counter

import pytest

from compendium.core import records
from compendium.core.cards import PACKS
from compendium.core.errors import IllegalAction
from compendium.core.game import Special
from compendium.core.rng import SplitMix64
from compendium.core.rules import REFERENCED
from compendium.core.session import Session
from compendium.games import registry
from compendium.games.patience.engine import Draw, Move, PatienceGame, PatienceState, Redeal
from compendium.games.tricks.engine import TrickGame
from compendium.reference import rules_html as rulesdoc

from .conformance import random_playout, view_cards

PLAYABLE = registry.playable_ids()
# Deals per check: the stress test (marked ``stress``) plays a thousand random games of every
# game for the invariants; here each check needs enough deals to meet its cases, not more.
SEEDS = range(8)
SEEDS_PER_OPTION = range(2)


@pytest.fixture(params=PLAYABLE)
def game(request):
    return registry.get_game(request.param)


def option_sets(game):
    """The default options and, for each option, each other choice (one at a time)."""
    yield {}
    for spec in game.option_specs:
        for choice in spec.choices:
            if choice != spec.default:
                yield {spec.name: choice}


def steps_for(game):
    """How many random moves a playout of the checks makes: a game of the cue (every move a
    physics simulation) a third as many as the others, and one of twenty-two balls fewer still."""
    return SHORT_PLAYOUTS.get(game.info.id, 100 if game.info.id in SLOW_PACE else 300)


def runs(game):
    """(options, seed) for every check: many deals under the defaults, a few under each option.
    A game whose every move is a simulation (SLOW_PACE, below) plays fewer: two deals under the
    defaults and one under each option, so that its checks cost what a card game's do."""
    slow = game.info.id in SLOW_PACE
    for options in option_sets(game):
        seeds = SEEDS if not options else SEEDS_PER_OPTION
        for seed in seeds[:1 if options else 2] if slow else seeds:
            yield options, seed


def test_every_catalogue_game_is_listed_and_playable_ones_load():
    assert len(registry.all_games()) == 76
    assert "canfield_or_klondike" in PLAYABLE
    for gid in PLAYABLE:
        assert registry.get_game(gid).info.id == gid


# Options some games' random play is also timed under (the setting their own tests timed).
TIMED_OPTIONS = {"nestor": [{"reserve": "open"}]}
# Games whose every move is a simulation (a stroke at Billiards: a few milliseconds of physics,
# about 230 moves a CPU second when this was set; Bagatelle's random strokes, up to nine balls on
# the board, about 160): their own pace, a slip by four times trips it.
SLOW_PACE = {"billiards": 60, "pyramids": 30, "shell_out": 30,   # (the pyramid games: about 110 with 16 balls)
             "bagatelle": 40, "pool": 40, "snooker_pool": 5}
# ... and those of many balls (Snooker Pool's twenty-two: about 20 random strokes a CPU second),
# whose playouts are fewer again, so that their checks cost what Billiards' do.
SHORT_PLAYOUTS = {"snooker_pool": 30}
# The options of a game's shortest game, for the check that plays whole games (where the
# default game is long: twelve deals of Boston take its computer players seconds).
SHORT_GAME = {"billiards": {"points": 50}, "boston": {"deals": 4}, "solo_whist_three_handed": {"deals": 3},
              "roulette": {"coups": 10}, "bagatelle": {"rounds": 1}, "pool": {"players": 2, "lives": 2},
              "snooker_pool": {"start": "snookered"}}     # (three reds left)


def test_random_play_is_fast(game):
    """Random play, the stress step's and the solvers' workload, keeps a pace of more than 800
    moves a CPU second (the slowest game, Serpent Poker Patience, made about 4,000 when this was
    set: a slip by ten times trips it)."""
    for options in [{}, *TIMED_OPTIONS.get(game.info.id, [])]:
        if game.info.id in SLOW_PACE:
            from compendium.games.cue import physics
            physics.clear_cache()      # timed: fresh simulations, not shots remembered from other checks
        start, moves, seed = time.process_time(), 0, 100
        # (a game of the cue is timed on fewer moves: 150 strokes are a second or two of
        # physics; a game of short random games, Checkers, on more of them)
        while moves < (150 if game.info.id in SLOW_PACE else 600) and seed < 200:
            moves += len(random_playout(game, seed, max_steps=300, options=options).steps)
            seed += 1
        elapsed = time.process_time() - start
        assert moves / elapsed > SLOW_PACE.get(game.info.id, 800), options


# Games whose random deals need more moves than most to reach their end.
LONG_GAMES = {"general_sedgewick": 300, "mount_olympus": 300, "the_blockade": 200, "fortress": 200}


def cited_while_playing(game, max_steps: int = 80) -> set[str]:
    """The laws ("game#section") the game cites while random games are played under every option
    and, at each step, bad actions are tried: actions legal a few steps before, and for a patience
    every candidate move, moves between any two piles, a turn and a re-deal.  Refusals, outcomes
    and score events all count, and so do the references to its page made by the tests so far."""
    cited: set[str] = set()
    slow = game.info.id in SLOW_PACE
    gen = SplitMix64(7)
    recent: list = []

    def ask(session):
        state = session.state
        seat = session.to_move()
        tried = list(recent)
        if isinstance(game, PatienceGame) and state.deck:
            names = [s.name for s in game.specs(game.options_of(state))]
            empty = [n for n, pile in zip(names, state.piles) if not pile]
            tried += [*game.candidates(state), Draw(), Redeal()] + [
                Move(names[gen.below(len(names))], names[gen.below(len(names))], 1 + gen.below(2))
                for _ in range(25)]
            lone = [i for i, pile in enumerate(state.piles) if len(pile) == 1] or range(len(names))
            for name in empty[:6]:      # a card, and a whole pile (a lone card if any), into a space
                src = lone[gen.below(len(lone))]
                tried += [Move(names[src], name), Move(names[src], name, max(1, len(state.piles[src])))]
        candidates = set(game.candidates(state)) if isinstance(game, PatienceGame) and state.deck else set()
        for action in tried:
            try:
                game.apply(state, action)
            except IllegalAction as refused:
                assert refused.reason
                # a move the generator offers is a real situation: its refusal cites its law
                assert refused.rule or action not in candidates, (action, refused.reason)
                cited.add(refused.rule or "")
        outcome = game.outcome(state)
        cited.add(outcome.rule if outcome is not None else "")
        cited.update(event.rule or "" for event in game.score_events(state))
        if not isinstance(seat, Special):
            # (fewer for a game of the cue: each stroke tried is a simulation)
            recent.extend(game.legal_actions(state, seat)[:2 if slow else 6])
            del recent[:-(4 if slow else 12)]

    for options in option_sets(game):
        # two deals under the defaults, one under each other option (two for the long games)
        for seed in range(2 if not options or game.info.id in LONG_GAMES else 1):
            recent.clear()
            random_playout(game, 50 + seed, max_steps=LONG_GAMES.get(game.info.id,
                                                                     SHORT_PLAYOUTS.get(game.info.id, max_steps)),
                           options=options, check=ask)
    cited |= {r for r in REFERENCED if r.startswith(game.info.id + "#")}
    return cited - {""}


# What particular pages must hold and particular games must cite in play: the checks the games'
# own copies of the heading test made, gathered here.  (The Blockade and Fortress cite "spaces"
# only in positions random play seldom reaches; their own refusal tests cite it.)
CADOGAN_SECTIONS = {"players-and-equipment", "the-deal", "piles", "the-foundations", "spaces",
                    "the-stock-and-waste", "re-deals", "end-of-the-game", "laws-and-irregularities",
                    "variants", "hints", "sources-and-decisions"}
ENGINE_SECTIONS = {"the-foundations", "building-on-the-tableau", "spaces", "the-stock-and-waste",
                   "moving-runs", "turning-up-cards", "end-of-the-game"}
FANS_CITED = {"the-foundations", "building-on-the-tableau", "spaces", "moving-runs", "the-stock-and-waste",
              "re-deals"}
SECTIONS = {
    "anna": CADOGAN_SECTIONS | {"building-on-the-tableau", "the-queens"},
    "babette": CADOGAN_SECTIONS | {"the-garden"},
    "la_nivernaise": CADOGAN_SECTIONS | {"exchanges-between-foundations", "the-flanks", "the-line"},
    "light_and_shade": CADOGAN_SECTIONS | {"building-on-the-tableau", "the-rivals"},
    "margarethe": CADOGAN_SECTIONS | {"the-helps"},
    "the_fifteen": CADOGAN_SECTIONS | {"available-cards", "when-the-game-cannot-begin", "building-on-the-tableau"},
    "the_blockade": CADOGAN_SECTIONS, "sly": CADOGAN_SECTIONS, "the_congress": CADOGAN_SECTIONS,
    "the_carpet": CADOGAN_SECTIONS, "the_besieged_city": CADOGAN_SECTIONS,
    "spensers_fairie_queen": CADOGAN_SECTIONS, "mount_olympus": CADOGAN_SECTIONS,
    "fortress": ENGINE_SECTIONS, "nestor": ENGINE_SECTIONS, "napoleon_at_st_helena": ENGINE_SECTIONS,
    "napoleons_square": ENGINE_SECTIONS, "napoleons_square_single": ENGINE_SECTIONS,
    "la_belle_lucie": FANS_CITED | {"turning-up-cards", "end-of-the-game", "the-merci"},
    "house_in_the_wood": FANS_CITED | {"turning-up-cards", "end-of-the-game"},
    "house_on_the_hill": FANS_CITED | {"turning-up-cards", "end-of-the-game"},
    "roulette": {"the-wheel", "the-stakes", "en-plein", "à-cheval", "transversale", "carré", "sixain",
                 "columns-and-dozens", "the-even-chances", "the-limits", "the-coup", "payments", "prison",
                 "the-banks-advantage", "the-systems", "montant-et-démontant", "the-fitzroy", "the-labouchère",
                 "the-end-of-the-session", "sources-and-decisions"},
    "trente_et_quarante": {"the-shoe", "the-stakes", "the-limits", "the-coup", "payments", "the-refait",
                           "prison", "insurance", "the-banks-advantage", "the-end-of-the-session",
                           "sources-and-decisions"},
    "cribbage": {"the-deal", "three-for-last", "laying-out", "the-starter", "the-play",
                 "scoring-in-the-play", "the-go", "the-show", "counting-a-hand", "fifteens", "pairs",
                 "runs", "flushes", "his-nob", "muggins", "scoring", "the-game", "wrong-pegging",
                 "six-card-cribbage", "seven-card-cribbage", "three-handed-cribbage",
                 "four-handed-cribbage", "sources-and-decisions"},
    "vingt_un": {"the-pack", "the-first-card-and-the-stakes", "the-dealers-double", "naturals", "drawing",
                 "buying", "overdrawing", "the-dealers-draw", "settling", "ties-to-the-dealer",
                 "the-bank-passing", "the-end-of-the-session", "french-vingt-un", "sources-and-decisions"},
    "blind_hookey": {"the-deal", "the-packets", "staking", "turning-up", "settling", "ties-to-the-dealer",
                     "the-deal-passing", "the-end-of-the-session", "sources-and-decisions"},
}
CITED_IN_PLAY = {
    "roulette": {"the-stakes", "the-limits"},
    "trente_et_quarante": {"the-stakes", "payments", "insurance"},
    "vingt_un": {"the-first-card-and-the-stakes", "naturals", "overdrawing", "settling", "ties-to-the-dealer",
                 "the-dealers-draw"},
    "blind_hookey": {"the-packets", "staking", "settling", "the-deal-passing"},
    "the_blockade": ENGINE_SECTIONS - {"spaces"},
    "general_sedgewick": ENGINE_SECTIONS,
    "fortress": {"building-on-the-tableau", "the-foundations", "available-cards"},
    "la_belle_lucie": FANS_CITED, "house_in_the_wood": FANS_CITED, "house_on_the_hill": FANS_CITED,
    "mount_olympus": {"the-foundations", "building-on-the-tableau", "spaces", "the-stock-and-waste",
                      "moving-runs", "end-of-the-game"},
    "nestor": {"pairing", "the-reserve", "spaces", "available-cards", "the-foundations", "turning-up-cards",
               "re-deals"},
    "sly": {"the-foundations", "the-rounds", "the-promenade", "the-deal"},
    "the_congress": {"the-foundations", "building-on-the-tableau", "the-rivers", "the-helps", "moving-runs",
                     "the-stock-and-waste"},
    "the_carpet": {"the-foundations", "the-carpet", "free-cards", "the-talon", "the-stock-and-waste"},
    "the_besieged_city": {"the-foundations", "building-on-the-tableau", "the-reserve", "spaces",
                          "the-stock-and-waste"},
    "spensers_fairie_queen": {"the-foundations", "building-on-the-tableau", "the-kings", "the-deal",
                              "moving-runs"},
    "cribbage": {"three-for-last", "laying-out", "the-play", "scoring-in-the-play", "the-go",
                 "the-show"},
}


def test_every_rule_cited_is_a_heading_of_the_page(game):
    """Every law the game cites while it is played is a heading of the rules page it names (the
    sources' literal references are read by tests/core/test_rule_references.py), the game's page
    links only to its own headings, and a patience page has its generated piles table."""
    text = registry.rules_markdown(game.info.id)
    assert text is not None, "a playable game has its rules page"
    anchors = rulesdoc.anchors(text)
    cited = cited_while_playing(game)
    assert cited, "the playouts reached no law at all: the check would be vacuous"
    missing = set()
    for rule in cited:
        page, _, section = rule.partition("#")
        page_text = text if page == game.info.id else registry.rules_markdown(page)
        if page_text is None or section not in rulesdoc.anchors(page_text):
            missing.add(rule)
    assert missing == set()
    assert [t for t in rulesdoc.links(text) if t.startswith("#") and t[1:] not in anchors] == []
    if isinstance(game, PatienceGame):
        assert "piles" in anchors
    gid = game.info.id
    assert SECTIONS.get(gid, set()) <= anchors, SECTIONS[gid] - anchors
    own = {rule.partition("#")[2] for rule in cited if rule.startswith(gid + "#")}
    assert CITED_IN_PLAY.get(gid, set()) <= own, CITED_IN_PLAY[gid] - own


def test_random_playouts_keep_every_card(game):
    """No card is ever lost or duplicated, and the pack is the game's pack, under every option.
    (For games without a dealt deck: no physical id appears twice in a view.)"""
    pack = Counter(PACKS[game.pack]) if isinstance(game, PatienceGame) else None

    def check(session):
        ids = [c.id for c in view_cards(game.view(session.state, 0))]
        assert len(ids) == len(set(ids)), "a physical card is shown twice"
        if pack is None:
            return
        assert sorted(ids) == list(range(len(session.state.deck)))
        if session.state.deck:
            assert Counter(session.state.deck) == pack
    for options, seed in runs(game):
        random_playout(game, seed, max_steps=steps_for(game), options=options, check=check)


def test_action_text_round_trips(game):
    gen = SplitMix64(11)

    def check(session):
        legal = session.legal_actions()
        if getattr(legal, "lazy", False):
            # a game of the cue offers millions of strokes as a lazy sequence: a seeded sample
            legal = [legal[gen.below(len(legal))] for _ in range(40)] + [legal[0], legal[-1]]
        elif len(legal) > 120:
            # thousands of stakes at Roulette: a seeded sample of a hundred at each step (over
            # the playouts' hundreds of steps every kind of action is still written and read)
            legal = [legal[gen.below(len(legal))] for _ in range(100)] + [legal[0], legal[-1]]
        for action in legal:
            text = game.action_to_str(action)
            assert game.action_from_str(session.state, text) == action, text
    for options, seed in runs(game):
        random_playout(game, seed, max_steps=steps_for(game), options=options, check=check)


def test_replay_from_record_reaches_the_same_state(game, tmp_path):
    for options, seed in runs(game):
        session = random_playout(game, seed, max_steps=steps_for(game), options=options)
        path = tmp_path / f"{seed}.json"
        records.save(path, session.record())
        text = records.read_text(path)
        again = Session.from_record(records.loads(text), source_text=text)
        assert again.state == session.state
        assert again.actions_text == session.actions_text
        assert again.options == session.options      # runs() tries each option away from its default


def test_undo_to_the_start_and_redo_to_the_end(game):
    for options, seed in runs(game):
        session = random_playout(game, seed, max_steps=SHORT_PLAYOUTS.get(game.info.id, 120), options=options)
        final = session.state
        start = Session(game, options, seed=seed).state
        while session.undo():
            pass
        assert session.state == start
        while session.redo():
            pass
        assert session.state == final


def test_save_and_load_keep_the_redo_list(game, tmp_path):
    session = random_playout(game, 3, max_steps=60)
    for _ in range(5):
        session.undo()
    path = tmp_path / "g.json"
    records.save(path, session.record())
    loaded = Session.from_record(records.loads(records.read_text(path)))
    assert loaded.state == session.state
    while session.redo():
        assert loaded.redo()
        assert loaded.state == session.state
    assert not loaded.redo()


def test_views_never_leak_what_a_seat_cannot_see(game):
    """For a game with hidden information other than a patience: exchanging what a seat cannot
    see (the others' hands, the stock, the boneyard) leaves that seat's view unchanged.  The game
    offers ``shuffle_unseen(state, seat, seed)`` for this test and for its computer players."""
    if game.info.information != "hidden" or isinstance(game, PatienceGame):
        pytest.skip("perfect information, or a patience (its own test below)")
    shuffle = getattr(game, "shuffle_unseen", None)
    assert shuffle is not None, (f"{game.info.id} hides information: it must offer "
                                 "shuffle_unseen(state, seat, seed) for the no-peeking test")
    gen = SplitMix64(99)

    def check(session):
        state = session.state
        if isinstance(session.to_move(), Special) and session.to_move() is Special.TERMINAL:
            return
        for seat in range(game.seat_count(state)):
            other = shuffle(state, seat, gen.below(1 << 30))
            assert game.view(other, seat) == game.view(state, seat)
    for options, seed in runs(game):
        random_playout(game, seed, max_steps=80, options=options, check=check)


def test_what_was_said_never_names_a_hidden_card(game):
    """A card game's record of calls is public: it must not name a card that a seat may not see
    (a card put out face down is recorded as put out, not by name)."""
    from compendium.core.notation import parse_card
    if not isinstance(game, TrickGame):
        pytest.skip("no public record of calls")

    def check(session):
        state = session.state
        for seat in range(game.seat_count(state)):
            view = game.view(state, seat)
            hidden = {state.deck[c.id] for c in view_cards(view) if c.face is None}
            for who, text in view.pub.calls:
                words = text.replace(",", " ").split()
                if not words or words[0] not in ("discard", "play", "put", "throw", "exchange"):
                    continue       # a bid ("7s", "9H") reads like a card but is none
                for token in words[1:]:
                    try:
                        card = parse_card(token)
                    except Exception:       # a word, not a card
                        continue
                    assert card not in hidden, f"seat {seat} is told {text!r} (by seat {who})"
    for options, seed in runs(game):
        random_playout(game, seed, max_steps=80, options=options, check=check)


def test_patience_views_never_leak_a_hidden_card(game):
    """Shuffling the faces of the hidden cards among themselves leaves every view unchanged."""
    if not isinstance(game, PatienceGame):
        pytest.skip("hidden-card shuffling is written for the patience state")

    def hidden_ids(state: PatienceState):
        return [c for pile, down in zip(state.piles, state.down) for c in pile[:down]]

    def check(session):
        state = session.state
        hidden = hidden_ids(state)
        for vc in view_cards(game.view(state, 0)):
            assert (vc.face is None) == (vc.id in hidden)   # hidden cards hidden, the rest shown
        if len(hidden) < 2:
            return
        deck = list(state.deck)
        faces = [deck[c] for c in hidden]
        faces = faces[1:] + faces[:1]  # every hidden card takes another's face
        for c, f in zip(hidden, faces):
            deck[c] = f
        other = dataclasses.replace(state, deck=tuple(deck))
        assert game.view(other, 0) == game.view(state, 0)
        assert game.view(other, None) == game.view(state, None)
    for options, seed in runs(game):
        random_playout(game, seed, max_steps=steps_for(game), options=options, check=check)


def test_the_game_ends_with_an_outcome(game):
    from compendium.demo import play_demo
    # whole games with the computer in every seat: the suite's costliest.  The first under the
    # defaults, the others (and a game of the cue's only one) as the game's shortest game.
    slow = game.info.id in SLOW_PACE
    for seed in range(1 if slow else 3):
        result = play_demo(game, seed, SHORT_GAME.get(game.info.id) if seed or slow else None, level=1)
        session = result.session
        if session.to_move() is Special.TERMINAL:
            assert session.outcome() is not None
        else:
            assert session.outcome() is None
