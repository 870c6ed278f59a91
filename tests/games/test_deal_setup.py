"""The deal editor's text for every trick-taking game: a seeded deal exported as its hand text and
set up again gives the same hands, turn-up, stock and dealer; bad texts are refused quoting the
line; a game started from a set-up deal is saved (record version 2) and replays; PBN deals for
Auction Bridge."""
from __future__ import annotations

import json
import re

import pytest

from compendium.core.errors import NotationError
from compendium.core.notation import parse_card
from compendium.core.records import dumps, loads
from compendium.core.session import Session, can_set_up
from compendium.games.registry import ENGINES, get_game
from compendium.games.tricks import dealtext
from compendium.games.tricks.engine import TrickGame, TricksState

TRICK_GAMES = sorted(gid for gid, path in ENGINES.items() if path.startswith("compendium.games.tricks."))


def deal_facts(state: TricksState) -> tuple:
    """Everything a deal fixes, faces not ids: each hand (by owner and set), the stock in order,
    the turn-up, the cards laid aside, trumps, the dealer, and who speaks first."""
    hands = sorted((state.owners[k], state.hand_sets[k], sorted(str(state.deck[i]) for i in ids))
                   for k, ids in enumerate(state.hands))
    return (hands, [str(state.deck[i]) for i in state.stock],
            None if state.turnup is None else str(state.deck[state.turnup]),
            [str(state.deck[i]) for i in state.shown], state.trump, state.dealer, state.phase,
            state.turn, state.info, state.deal_no)


def option_sets(gid: str) -> list[dict]:
    """Where the number of players is an option, every number: each deals its own way."""
    for spec in get_game(gid).option_specs:
        if spec.name == "players":
            return [{"players": n} for n in spec.choices]
    return [{}]


def test_every_trick_game_is_listed_and_can_be_set_up():
    assert {"solo_whist", "scotch_whist", "napoleon", "all_fours", "piquet", "quinto"} <= set(TRICK_GAMES)
    for gid in TRICK_GAMES:
        game = get_game(gid)
        assert isinstance(game, TrickGame) and can_set_up(game), gid


@pytest.mark.parametrize("gid", TRICK_GAMES)
def test_a_seeded_deal_exported_and_set_up_again_gives_the_same_deal(gid):
    game = get_game(gid)
    for options in option_sets(gid):
        for seed in (3, 8):
            session = Session(game, options, seed=seed, human_seats=())
            state = session.state
            text = game.hand_text(state)
            again = game.setup_state(text, session.options)
            assert deal_facts(again) == deal_facts(state), (gid, options, seed, text)
            assert game.hand_text(again) == text
            assert f"game: {gid}" in text and "dealer: " in text


@pytest.mark.parametrize("gid", TRICK_GAMES)
def test_the_text_exports_the_hands_as_dealt_even_after_play(gid):
    """After calls and cards the text still gives the original hands (the record of the hand)."""
    game = get_game(gid)
    session = Session(game, seed=4, human_seats=())
    text = game.hand_text(session.state)
    state = session.state
    for _ in range(12):
        seat = game.to_move(state)
        if not isinstance(seat, int):
            break
        state = game.apply(state, game.legal_actions(state, seat)[-1])
    if state.deck and state.deal_no == session.state.deal_no:
        assert game.hand_text(state) == text


def test_the_hand_text_reads_letters_voids_comments_and_any_card_order():
    game = get_game("solo_whist")
    text = """
        # a study deal, written by hand
        dealer: z
        A: S A K Q J 10 9 8 7 6 5 4 3 2        # every spade
        y: H 2 3 4 5 6 7 8 9 10 J Q K A
        B: ♦ A K Q J 10 9 8 7 6 5 4 3 2 ♣ —
        Z: C A K Q J 10 9 8 7 6 5 4 3 2
        turn up: 2C
    """
    state = game.setup_state(text, {})
    hands = {state.owners[k]: {state.deck[i] for i in ids} for k, ids in enumerate(state.hands)}
    assert all(c.suit.letter == "S" for c in hands[0]) and len(hands[0]) == 13
    assert all(c.suit.letter == "H" for c in hands[1])
    assert all(c.suit.letter == "C" for c in hands[3])
    assert state.dealer == 3 and state.deck[state.turnup] == parse_card("2C")
    assert state.trump.letter == "C" and state.phase == "auction" and state.turn == 0


def test_the_stated_pack_follows_the_games_dealing_pattern():
    """Solo Whist deals by threes and the last card singly, the turn-up being the dealer's last:
    the pack the text becomes puts the turn-up 52nd and each hand's cards in its packets."""
    game = get_game("solo_whist")
    text = game.hand_text(Session(game, seed=9, human_seats=()).state)
    lay, cards, _ = dealtext.read_places(game, text, {})
    order = lay.order(cards)
    assert len(order) == 52 and len(set(order)) == 52
    assert order[51] == cards["turn-up"][0]
    elder = "AYBZ"[(lay.dealer + 1) % 4]
    assert set(order[0:3]) | set(order[12:15]) | set(order[24:27]) | set(order[36:39]) | {order[48]} \
        == set(cards[elder])


def test_piles_left_out_take_the_remaining_cards_the_same_way_each_time():
    game = get_game("napoleon")
    full = game.hand_text(Session(game, seed=2, human_seats=()).state)
    short = "\n".join(line for line in full.splitlines() if not line.startswith("stock:"))
    first, second = game.setup_state(short, {}), game.setup_state(short, {})
    assert deal_facts(first) == deal_facts(second)
    original = game.setup_state(full, {})
    assert deal_facts(first)[0] == deal_facts(original)[0]        # the same hands
    assert sorted(deal_facts(first)[1]) == sorted(deal_facts(original)[1])


def _replace_line(text: str, start: str, new: str) -> str:
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[k] = new
    return "\n".join(lines)


@pytest.fixture(scope="module")
def solo_text() -> str:
    game = get_game("solo_whist")
    return game.hand_text(Session(game, seed=6, human_seats=()).state)


def _refused(game: TrickGame, text: str, *fragments: str) -> str:
    with pytest.raises(NotationError) as info:
        game.setup_state(text, {})
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    return message


def test_a_card_twice_is_refused_quoting_both_lines(solo_text):
    game = get_game("solo_whist")
    a_line = next(line for line in solo_text.splitlines() if line.startswith("A:"))
    a_card = dealtext.parse_cards(a_line[2:])[0]
    y_line = next(line for line in solo_text.splitlines() if line.startswith("Y:"))
    y_cards = list(dealtext.parse_cards(y_line[2:]))
    bad_y = "Y: " + dealtext.write_hand([a_card] + y_cards[1:])
    text = _replace_line(solo_text, "Y:", bad_y)
    message = _refused(game, text, bad_y[:40], "also in line", a_line[:40], a_card.name)
    assert "every card is dealt once" in message


def test_a_hand_with_a_card_short_is_refused_with_its_count(solo_text):
    game = get_game("solo_whist")
    b_line = next(line for line in solo_text.splitlines() if line.startswith("B:"))
    b_cards = list(dealtext.parse_cards(b_line[2:]))
    short = "B: " + dealtext.write_hand(b_cards[1:])
    _refused(game, _replace_line(solo_text, "B:", short), short[:40], "12 cards", "B is dealt 13")


def test_a_hand_missing_is_refused(solo_text):
    game = get_game("solo_whist")
    text = "\n".join(line for line in solo_text.splitlines() if not line.startswith("Z:"))
    _refused(game, text, "no line for Z's hand (13 cards)")


def test_an_unknown_seat_or_place_is_refused(solo_text):
    game = get_game("solo_whist")
    _refused(game, solo_text + "Q: ♠ A\n", "'Q: ♠ A'", "names no seat or place", "A, Y, B, Z, turn-up")
    _refused(game, _replace_line(solo_text, "dealer:", "dealer: C"), "'dealer: C'", "no seat 'C'")
    _refused(game, solo_text + "widow: ♠A\n", "'widow: ♠A'", "names no seat or place")


def test_bad_cards_lines_and_games_are_refused(solo_text):
    game = get_game("solo_whist")
    _refused(game, _replace_line(solo_text, "A:", "A: ♠ A K 1 ♥ 2"), "'A: ♠ A K 1 ♥ 2'")
    _refused(game, solo_text + "just some words\n", "'just some words'", "expected a name and a colon")
    _refused(game, _replace_line(solo_text, "game:", "game: piquet"), "'game: piquet'", "another game")
    _refused(game, solo_text + "A: ♠ A\n", "a second line for A")
    _refused(game, "   ", "is not a deal")


def test_the_turn_up_must_be_named_and_be_the_dealers(solo_text):
    game = get_game("solo_whist")
    no_turn = "\n".join(line for line in solo_text.splitlines() if not line.startswith("turn-up:"))
    _refused(game, no_turn, "no 'turn-up:' line", "Z's cards")
    a_line = next(line for line in solo_text.splitlines() if line.startswith("A:"))
    a_card = dealtext.parse_cards(a_line[2:])[0]
    bad = f"turn-up: {a_card.code}"
    _refused(game, _replace_line(solo_text, "turn-up:", bad), repr(bad), "must be one of Z's cards")


def test_a_card_not_in_the_pack_is_refused():
    game = get_game("piquet")                       # the piquet pack has no twos
    text = game.hand_text(Session(game, seed=1, human_seats=()).state)
    a_line = next(line for line in text.splitlines() if line.startswith("A:"))
    bad = a_line + " ♣ 2"
    _refused(game, _replace_line(text, "A:", bad), "two of clubs is not in the pack of Piquet")


def test_a_pile_with_the_wrong_count_is_refused():
    game = get_game("five_hundred")
    text = game.hand_text(Session(game, seed=1, human_seats=()).state)
    widow = next(line for line in text.splitlines() if line.startswith("widow:"))
    bad = " ".join(widow.split()[:-1])
    _refused(game, _replace_line(text, "widow:", bad), repr(bad), "2 cards", "the widow takes 3")


@pytest.mark.parametrize("gid", ["solo_whist", "piquet", "five_hundred", "scotch_whist", "boston"])
def test_a_game_set_up_from_a_deal_is_saved_loaded_and_replays(gid):
    game = get_game(gid)
    text = game.hand_text(Session(game, seed=12, human_seats=()).state)
    session = Session(game, seed=5, human_seats=(0,), setup=text)
    assert session.steps == ()                      # no shuffle: the deal is the set-up
    for _ in range(6):
        seat = game.to_move(session.state)
        if not isinstance(seat, int):
            break
        session.play(game.legal_actions(session.state, seat)[0], continue_turn=True)
    record = session.record()
    assert record.version == 2 and record.setup == text.strip()
    saved = dumps(record)
    assert json.loads(saved)["setup"] == text.strip()
    back = Session.from_record(loads(saved), source_text=saved)
    assert back.state == session.state and back.actions_text == session.actions_text
    assert game.hand_text(back.first_state) == game.hand_text(session.first_state) == text


def test_pbn_deal_tags_are_written_and_read_for_auction_bridge():
    game = get_game("auction_bridge")
    state = Session(game, seed=7, human_seats=()).state
    pbn = dealtext.pbn_text(game, state)
    assert re.fullmatch(r'\[Dealer "[NESW]"\]\n\[Deal "N:(\S+ ){3}\S+"\]\n', pbn)
    hands = pbn.split('"N:')[1].split('"')[0].split()
    assert all(len(h.replace(".", "")) == 13 and h.count(".") == 3 for h in hands)
    again = game.setup_state(pbn, {})
    assert deal_facts(again)[:6] == deal_facts(state)[:6]
    # a bare deal string: North (B) holds the spades, East (Z) the hearts and so on
    bare = "E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432..."
    dealt = game.setup_state(bare, {})
    suits = {dealt.owners[k]: {dealt.deck[i].suit.letter for i in ids} for k, ids in enumerate(dealt.hands)}
    assert suits == {3: {"H"}, 0: {"D"}, 1: {"C"}, 2: {"S"}}       # E=Z, S=A, W=Y, N=B
    with pytest.raises(NotationError, match="expected four suits"):
        game.setup_state('[Deal "N:AKQ.JT9 876.543.2.AKQJT98765 x y"]', {})
    with pytest.raises(NotationError, match="3 hands, expected four"):
        game.setup_state("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98", {})
