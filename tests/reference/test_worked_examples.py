"""The books' worked examples kept as records ("Show me" links): each replays the book's figures,
every link of every page loads, every step's phrase is on its page, and a bad file says what is
wrong.  Also the card notation of the pages and the rules sections the games name."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from compendium.core.cards import Card, Rank, Suit
from compendium.core.errors import IllegalAction, NotationError
from compendium.core.game import Special
from compendium.core.records import Record, dumps
from compendium.core.session import Session
from compendium.games import registry
from compendium.games.tricks.engine import Deal, Play
from compendium.games.tricks.solo_whist import SoloContract
from compendium.paths import rules_dir
from compendium.reference import rules_html as rulesdoc
from compendium.reference.worked_examples import (
    ExampleError,
    available,
    example_path,
    examples_dir,
    load_example,
    parse_example,
    parse_show_link,
)
from tests.games import test_scotch_whist as scotch
from tests.games import test_solo_whist as solo

A, Y, B, Z = 0, 1, 2, 3


def replay(game_id: str, name: str):
    """The example's game and every state of its record, action by action (no chance added)."""
    example = load_example(game_id, name)
    game = registry.get_game(game_id)
    state = game.initial_state(example.record.options)
    states = [state]
    for text in example.record.actions:
        state = game.apply(state, game.action_from_str(state, text))
        states.append(state)
    return example, game, states


def trick_winners(states) -> list[int]:
    winners: list[int] = []
    for before, after in zip(states, states[1:]):
        if len(after.tricks) > len(before.tricks):
            winners.append(after.tricks[-1].winner)
    return winners


def page_text(game_id: str) -> str:
    rendered = rulesdoc.to_html(registry.rules_markdown(game_id) or "")
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", rendered)).split())


def show_links() -> list[tuple[str, str]]:
    found = []
    for page in sorted(rules_dir().glob("*.md")):
        for target in rulesdoc.links(page.read_text(encoding="utf-8")):
            if target.startswith("show:"):
                found.append((page.stem, target))
    return found


# -- every example, every link ----------------------------------------------------------------------
def test_the_examples_the_issue_asks_for_are_there():
    assert "fosters-hand" in available("scotch_whist")
    assert {"fosters-solo", "fosters-misere"} <= set(available("solo_whist"))
    assert "book-example" in available("fives_and_threes")
    assert {"lasker-5", "lasker-6", "lasker-7", "lasker-8"} <= set(available("chess"))
    assert "book-solution" in available("serpent_poker_patience")
    assert "book-hand" in available("piquet")
    assert "eleven-tricks" in available("quinto")
    assert "book-example" in available("draw_poker")


def test_every_show_me_link_of_every_page_loads():
    links = show_links()
    assert len(links) >= 11
    for page, target in links:
        game, name = parse_show_link(target)
        example = load_example(game, name)
        assert example.game == game and example.steps


def test_every_kept_example_is_linked_from_its_page_and_its_phrases_are_on_it():
    linked = {parse_show_link(t) for _, t in show_links()}
    for folder in sorted(examples_dir().iterdir()):
        for name in available(folder.name):
            example = load_example(folder.name, name)
            assert (folder.name, name) in linked, f"{example.ref} is linked from no page"
            text = page_text(example.game)
            assert example.anchor == "" or example.anchor in rulesdoc.anchors(
                registry.rules_markdown(example.game) or "")
            for step in example.steps:
                assert step.quote == "" or " ".join(step.quote.split()) in text, (example.ref, step.quote)


def test_each_step_sets_up_the_recorded_position():
    example = load_example("solo_whist", "fosters-solo")
    for index in (0, 1, 5, len(example.steps) - 1):
        session = example.session_at(index)
        assert session.actions_text[:example.steps[index].after] == \
            example.record.actions[:example.steps[index].after]


# -- the books' figures --------------------------------------------------------------------------------
def test_scotch_whist_fosters_hand():
    example, game, states = replay("scotch_whist", "fosters-hand")
    first = states[1]
    assert first.deck[first.turnup] == Card(Rank.EIGHT, Suit.HEARTS) and first.dealer == Z
    for seat, hand in scotch.HANDS.items():
        assert sorted(first.deck[i] for i in first.hands[seat]) == sorted(hand)
    assert trick_winners(states) == scotch.WINNERS
    last = states[-1]
    lines = [(line.side, line.points, line.text) for line in last.sheet.lines]
    assert sum(p for side, p, t in lines if side == 0 and "by cards" not in t) == 30
    assert (1, 2, "Y–Z: 2 by cards") in lines
    assert last.sheet.totals == (30, 2)
    assert len(example.steps) == 10 and example.steps[-1].after == len(example.record.actions)


@pytest.mark.parametrize("name, calls, contract, winners, text, payments", [
    ("fosters-solo", ["pass", "pass", "solo", "pass"], SoloContract("solo", B), solo.SOLO_WINNERS,
     "B makes Solo with 5 tricks", {A: -2, Y: -2, B: 6, Z: -2}),
    ("fosters-misere", ["propose", "misere", "pass", "pass", "pass"], SoloContract("misere", Y),
     solo.MISERE_WINNERS, "Y fails in Misère with 2 tricks", {A: 3, Y: -9, B: 3, Z: 3}),
])
def test_solo_whist_fosters_hands(name, calls, contract, winners, text, payments):
    example, game, states = replay("solo_whist", name)
    assert list(example.record.actions[1:1 + len(calls)]) == calls
    after_calls = states[1 + len(calls)]
    assert after_calls.contract == contract
    assert trick_winners(states) == winners
    lines = states[-1].sheet.lines_of_deal(1)
    assert lines[0].text == text
    assert {line.side: line.points for line in lines} == payments


def test_fives_and_threes_the_book_example_a_13_b_12():
    example, game, states = replay("fives_and_threes", "book-example")
    sheet = game.score_events(states[-1])
    assert [(e.seat, e.points) for e in sheet] == [(0, 4), (1, 8), (0, 6), (1, 2), (0, 3), (1, 2)]
    assert states[-1].scores == (13, 12)
    assert [step.after for step in example.steps] == list(range(1, 8))


def test_chess_the_diagrams_load_and_play_as_the_book_says():
    from compendium.games.board.chess_game import LESSONS
    for name, lesson in (("lasker-5", "lasker-5-white"), ("lasker-6", "lasker-6-white"),
                         ("lasker-7", "lasker-7-white"), ("lasker-8", "lasker-8-white")):
        example = load_example("chess", name)
        assert example.steps[0].after == 0
        assert example.session_at(0).state.fen == LESSONS[lesson].fen
    six = load_example("chess", "lasker-6")
    mated = six.session_at(len(six.steps) - 1)
    assert mated.outcome() is not None and mated.outcome().results == (1.0, 0.0)
    assert "mate" in mated.outcome().reason.lower()
    seven = load_example("chess", "lasker-7")
    stalemate = seven.session_at(len(seven.steps) - 1)
    assert stalemate.outcome() is not None and stalemate.outcome().results[0] == stalemate.outcome().results[1]
    assert "stalemate" in stalemate.outcome().reason.lower()
    eight = load_example("chess", "lasker-8")
    perpetual = eight.session_at(len(eight.steps) - 1)
    assert len(eight.record.actions) == 10          # the page: ten single moves in all
    assert "claim draw" in [perpetual.game.action_to_str(a) for a in perpetual.legal_actions()]


def test_serpent_the_books_square_of_81():
    example, game, states = replay("serpent_poker_patience", "book-solution")
    assert example.record.options == {"deal": "book"} and len(example.record.actions) == 25
    outcome = game.outcome(states[-1])
    assert outcome is not None and outcome.scores == (81,)


def test_piquet_the_books_example_hand_a_43_b_23():
    from tests.games import test_piquet as piquet
    from tests.games.tricks_helpers import cards
    example, game, states = replay("piquet", "book-hand")
    dealt = states[1]
    assert dealt.dealer == 1 and game.to_move(dealt) == 0          # B deals, A is the elder hand
    for seat, text in ((0, piquet.BOOK_A), (1, piquet.BOOK_B)):
        assert sorted(dealt.deck[i] for i in dealt.contract.dealt[seat]) == sorted(cards(text))
    # the replay lays both hands face up, as the book prints them; in play B's stay hidden from A
    b_hand = dealt.hands[dealt.owners.index(1)]
    assert all(game.replay_view(dealt, 0).face(i) is not None for i in b_hand)
    assert all(game.view(dealt, 0).face(i) is None for i in b_hand)
    # the exchange and the declarations: A 24, B 17 before the first lead
    declared = states[example.steps[3].after]
    assert declared.phase == "play" and declared.sheet.totals == (24, 17)
    assert "three aces, not good" in dict.fromkeys(t for _, t in declared.contract.announced)
    # every card of the play gives the book's running score
    played = example.steps[3].after
    for k, (text, a, b) in enumerate(piquet.BOOK_PLAY):
        assert example.record.actions[played + k] == game.action_to_str(Play(cards(text)[0]))
        assert states[played + k + 1].sheet.totals == (a, b), text
    last = states[-1]
    assert last.sheet.totals == (43, 23)
    assert [t.winner for t in last.tricks].count(0) == 7 and len(last.tricks) == 12
    assert len(example.steps) == 4 + 12 and example.steps[-1].after == len(example.record.actions)
    assert "43" in example.steps[-1].caption and "23" in example.steps[-1].caption


def test_quinto_eleven_tricks_to_two_score_55_and_10():
    from tests.games import test_quinto as quinto
    example, game, states = replay("quinto", "eleven-tricks")
    assert states[1].dealer == quinto.Z
    assert list(example.record.actions[1:5]) == ["pass"] * 4
    assert trick_winners(states) == quinto.WINNERS
    lines = {line.text: line.points for line in states[-1].sheet.lines_of_deal(1)}
    assert lines["A–B 55: 11 tricks with the cachette at 5"] == 55
    assert lines["Y–Z 10: 2 tricks at 5"] == 10
    assert states[-1].sheet.totals == (90 + 55, 20 + 10)
    assert len(example.steps) == 2 + 12


def test_draw_poker_the_books_example_the_pool_of_36_and_the_showdown():
    from compendium.core.notation import parse_cards
    from compendium.games.poker_hands import Category, hand_value
    from tests.games import test_draw_poker as poker
    example, game, states = replay("draw_poker", "book-example")
    assert example.record.options == {"limit": 12}
    first = example.steps[0].after
    dealt = states[first]
    assert dealt.dealer == poker.A and dealt.age == poker.B        # in the book A deals, B is the Age
    assert set(states[first - 1].stocks) == {200}                  # the deal before cost nobody anything
    for seat in (poker.B, poker.C, poker.D, poker.E):
        assert {dealt.deck[i] for i in dealt.hands[seat]} == set(parse_cards(poker.BOOK_HANDS[seat]))
    before_draw = next(s for s in states[first:] if s.phase == "draw")
    assert before_draw.pool == 36
    assert [before_draw.staked[s] for s in (poker.B, poker.C, poker.D, poker.E)] == [9, 9, 9, 9]
    after_draw = next(s for s in states[first:] if s.phase == "after")
    hands = {s: sorted(after_draw.deck[i] for i in after_draw.hands[s]) for s in (poker.B, poker.C, poker.D, poker.E)}
    assert set(hands[poker.B]) == set(parse_cards("QD QC QH AH 9D"))
    assert set(hands[poker.D]) == set(parse_cards("10H 10S 8H 8D 5D"))
    values = {s: hand_value(h) for s, h in hands.items()}
    assert values[poker.B].category == Category.THREES and values[poker.D].category == Category.TWO_PAIRS
    assert values[poker.B] > values[poker.D] > values[poker.E] > values[poker.C]
    last = states[-1]
    assert last.last.shares == ((poker.B, 101),) and [s.seat for s in last.last.shown] == [poker.B, poker.E]
    assert sum(last.stocks) == 5 * 200 and last.stocks[poker.B] == 200 - 9 - 30 + 101
    # the replay lays every hand face up, as the book prints them; play shows a seat its own only
    view = game.replay_view(dealt, poker.B)
    assert all(view.cards[i].face is not None for h in dealt.hands for i in h)
    assert all(game.view(dealt, poker.B).cards[i].face is None for i in dealt.hands[poker.C])


def test_draw_poker_takes_a_stated_pack_and_refuses_a_wrong_one():
    from compendium.games.chance.draw_poker import Deal as PokerDeal
    from tests.games import test_draw_poker as poker
    game = registry.get_game("draw_poker")
    state = game.initial_state({})
    deal = PokerDeal(0, tuple(poker.book_order()))
    text = game.action_to_str(deal)
    assert text.startswith("deal pack AH AC 10H 8C") and game.action_from_str(state, text) == deal
    assert game.action_from_str(state, "deal 12") == PokerDeal(12)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, PokerDeal(0, deal.order[:-1]))
    assert "51 cards" in str(info.value)
    with pytest.raises(NotationError) as bad:
        game.action_from_str(state, "deal pack AH KH XX")
    assert "XX" in str(bad.value)


# -- stated deals in the trick-taking engine --------------------------------------------------------------
def test_a_stated_deal_round_trips_and_a_wrong_pack_is_refused():
    game = registry.get_game("scotch_whist")
    state = game.initial_state({})
    order = scotch.round_robin_order(scotch.HANDS, dealer=Z, n=4)
    deal = Deal(0, tuple(order))
    text = game.action_to_str(deal)
    assert text.startswith("deal pack QD KD") and game.action_from_str(state, text) == deal
    assert game.action_from_str(state, "deal 12") == Deal(12)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, Deal(0, tuple(order[:-1])))
    assert "35 cards" in str(info.value)
    with pytest.raises(NotationError) as bad:
        game.action_from_str(state, "deal pack QD KD XX")
    assert "XX" in str(bad.value)


# -- bad example files ---------------------------------------------------------------------------------
def write_example(folder: Path, game: str, name: str, text: str) -> None:
    (folder / game).mkdir(parents=True, exist_ok=True)
    (folder / game / f"{name}.json").write_text(text, encoding="utf-8")


def good_record(**meta_changes) -> Record:
    spec = {"title": "A check", "steps": [{"after": 0, "caption": "The diagram."},
                                          {"after": 1, "caption": "Qxg6 mates."}]}
    spec.update(meta_changes)
    return Record(game="chess", options={"start": "lasker-6-white"}, seed=0, actions=("d3g6",),
                  meta={"example": spec})


def test_a_good_file_in_another_folder_loads(tmp_path):
    write_example(tmp_path, "chess", "mine", dumps(good_record()))
    example = load_example("chess", "mine", folder=tmp_path)
    assert [s.after for s in example.steps] == [0, 1]


@pytest.mark.parametrize("text, wanted", [
    ("{ not json", "not valid JSON"),
    ('{"format": "something else"}', "not a Compendium game record"),
    (dumps(Record("chess", {}, 0, (), meta={})), "no \"example\" object"),
    (dumps(good_record(steps=[])), "no steps"),
    (dumps(good_record(title="")), "no title"),
    (dumps(good_record(steps=[{"after": 1, "caption": "a"}, {"after": 1, "caption": "b"}])),
     "does not come after step 1"),
    (dumps(good_record(steps=[{"after": 5, "caption": "a"}])), "the record has 1 actions"),
    (dumps(good_record(steps=[{"after": 1}])), "step 1 has no caption"),
    (dumps(good_record(steps=[{"after": 1, "caption": "a", "quote": 3}])), "quote is not text"),
    (dumps(Record("scotch_whist", {}, 0, ("deal 3",), meta={"example": {"title": "t", "steps": [
        {"after": 1, "caption": "c"}]}})), "a record of scotch_whist, not of chess"),
])
def test_a_bad_file_says_which_example_and_what_is_wrong(tmp_path, text, wanted):
    write_example(tmp_path, "chess", "bad", text)
    with pytest.raises(ExampleError) as info:
        load_example("chess", "bad", folder=tmp_path)
    message = str(info.value)
    assert "chess/bad" in message and wanted in message, message


def test_an_illegal_move_names_its_line_and_text(tmp_path):
    record = good_record()
    record = Record(record.game, record.options, 0, ("d3g6", "e1e2"), meta=record.meta)
    text = dumps(record)
    write_example(tmp_path, "chess", "illegal", text)
    with pytest.raises(ExampleError) as info:
        load_example("chess", "illegal", folder=tmp_path)
    message = str(info.value)
    line = text.splitlines().index('    "e1e2"') + 1
    assert f"line {line}" in message and "'e1e2'" in message and "chess/illegal" in message


def test_missing_examples_unknown_games_and_bad_links(tmp_path):
    with pytest.raises(ExampleError, match="no example “chess/nothing”"):
        load_example("chess", "nothing", folder=tmp_path)
    with pytest.raises(ExampleError, match="does not know"):
        load_example("no_such_game", "x", folder=tmp_path)
    with pytest.raises(ExampleError, match="not a “Show me” link"):
        parse_show_link("show:chess")
    with pytest.raises(ExampleError):
        example_path("chess", "../../etc/passwd")
    assert parse_show_link("show:chess/lasker-6") == ("chess", "lasker-6")


def test_parse_example_names_the_file_it_was_given():
    with pytest.raises(ExampleError, match=r"\(somewhere/x.json\)"):
        parse_example("[]", "chess", "x", where="somewhere/x.json")


# -- card pictures in the pages ------------------------------------------------------------------------
def test_cards_in_double_braces_become_pictures():
    page = rulesdoc.to_html("Turns {{8♥}}; honours {{J♥ A♥, K♥}}; {{knave of clubs}}.")
    assert page.count('<img src="card:') == 5
    assert 'src="card:8H"' in page and 'src="card:JC"' in page and 'title="eight of hearts"' in page
    assert f'width="{rulesdoc.CARD_WIDTH}" height="{rulesdoc.CARD_HEIGHT}"' in page


def test_what_is_not_a_card_stays_text():
    page = rulesdoc.to_html("Not cards: {{huff 18}}, {98}, {{}} and {{1♥}}.")
    assert "<img" not in page
    assert "{{huff 18}}" in page and "{98}" in page and "{{1♥}}" in page
    assert rulesdoc.card_codes("10♦ back") == ["10D", "BACK"] and rulesdoc.card_codes("pip") is None


def test_a_glossary_link_inside_a_card_name_does_not_break_the_picture():
    page = rulesdoc.to_html("The {{[knave](glossary:knave) of hearts}}.")
    assert 'src="card:JH"' in page and "glossary:" not in page


def test_headings_and_search_read_a_card_as_its_text():
    assert rulesdoc.headings("## The {{8♥}} turned")[0].anchor == "the-8-turned"


def test_pages_that_show_cards_use_the_notation():
    for game in ("scotch_whist", "solo_whist", "serpent_poker_patience"):
        assert 'src="card:' in rulesdoc.to_html(registry.rules_markdown(game) or ""), game
    serpent = rulesdoc.to_html(registry.rules_markdown("serpent_poker_patience") or "")
    # the square of 81 is a real table, one picture per place
    square = serpent[serpent.index("The square of 81"):]
    assert square.count('src="card:') >= 25 and "<table" in square


# -- the rules section of the moment -----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["scotch_whist", "french_whist", "napoleon", "all_fours",
                                     "solo_whist", "fives_and_threes", "dominoes_draw", "backgammon"])
def test_games_name_sections_of_their_page(game_id):
    game = registry.get_game(game_id)
    anchors = rulesdoc.anchors(registry.rules_markdown(game_id) or "")
    session = Session(game, seed=7)
    seen = {game.rules_section(session.state)}
    for _ in range(40):
        if session.to_move() is Special.TERMINAL:
            break
        session.play(session.legal_actions()[0])
        seen.add(game.rules_section(session.state))
    assert None not in seen and seen <= anchors
    assert seen & {"the-deal", "the-play", "the-calls", "begging", "counting-the-ends"}


def test_solo_whist_turns_from_the_calls_to_the_play():
    game = registry.get_game("solo_whist")
    state = solo.dealt(solo.SOLO_HANDS)
    assert game.rules_section(state) == "the-calls"
    state = solo.say(state, "pass", "pass", "solo", "pass")
    assert game.rules_section(state) == "the-deal" or game.rules_section(state) == "the-play"
    state = game.apply(state, Play(Card(Rank.TEN, Suit.DIAMONDS)))
    assert game.rules_section(state) == "the-play"


def test_a_game_that_does_not_say_has_no_section():
    game = registry.get_game("canfield_or_klondike")
    assert game.rules_section(game.initial_state({})) is None
    assert game.page_section("no-such-heading", "the-deal") == game.page_section("the-deal")


def test_dominoes_the_books_matching_example_and_blocked_game():
    _, game, states = replay("dominoes_draw", "matching")
    line = states[-1].line
    assert [(t.left, t.right) for t in line] == [(4, 6), (6, 6), (6, 5), (5, 4)]
    _, game, states = replay("dominoes_draw", "blocked-game")
    result = states[-1].result
    assert result is not None and result.how == "blocked"
    assert result.pips == (10, 5) and result.scorer == 1 and result.points == 5   # B scores 5
    assert states[-1].scores == (0, 5) and len(states[-1].boneyard) == 2


def test_an_example_ends_where_the_book_does_and_steps_through_its_deals():
    example = load_example("scotch_whist", "fosters-hand")
    last = example.session_at(len(example.steps) - 1)
    assert last.to_move() is Special.CHANCE           # the hand is over; the next is not dealt
    assert last.actions_text == example.record.actions[:example.steps[-1].after]
    assert last.state.deal_no == 1 and last.state.sheet.totals == (30, 2)
    # the same record as a saved game goes on to the next deal by itself
    going_on = Session.from_record(example.record_at(len(example.steps) - 1))
    assert going_on.to_move() is not Special.CHANCE and going_on.state.deal_no == 2
    # stepping forward plays recorded deals like moves: from the start to the first step
    first = example.session_at(0)
    start = Session.from_record(Record(game=example.game, options=dict(example.record.options),
                                       seed=example.record.seed, actions=(),
                                       human_seats=example.record.human_seats), deal_on=False)
    assert start.to_move() is Special.CHANCE
    for text in first.actions_text:
        start.play(text)
    assert start.actions_text == first.actions_text and start.state == first.state
