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
    the turn-up, the cards laid aside, trumps, the dealer, and who speaks first.  (Whist's cut
    for the first deal, drawn from the deal number, is not part of a deal set up by hand.)"""
    hands = sorted((state.owners[k], state.hand_sets[k], sorted(str(state.deck[i]) for i in ids))
                   for k, ids in enumerate(state.hands))
    return (hands, [str(state.deck[i]) for i in state.stock],
            None if state.turnup is None else str(state.deck[state.turnup]),
            [str(state.deck[i]) for i in state.shown], state.trump, state.dealer, state.phase,
            state.turn, tuple(kv for kv in state.info if kv[0] != "cut"), state.deal_no)


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
def test_the_text_of_a_position_in_the_hand_is_the_deal_and_the_play_and_sets_it_up_again(gid):
    """After calls and cards the text still gives the hands as dealt, then the play so far; set
    up, it gives the same position (cards by face), and writes the same text again."""
    game = get_game(gid)
    positions = 0
    for seed in (4, 9):
        session = Session(game, seed=seed, human_seats=())
        text = game.hand_text(session.state)
        state = played_into_the_hand(game, session.state, seed, 8 + 3 * seed)
        if state is session.state:
            continue                  # the first action ended the hand (all passed): no position
        positions += 1
        position = game.hand_text(state)
        assert position.startswith(text) and "\nplay:\n" in position, position
        again = game.setup_state(position, session.options)
        assert position_facts(again) == position_facts(state), position
        assert game.hand_text(again) == position
    assert positions, "no position inside a hand was reached"


def played_into_the_hand(game: TrickGame, state: TricksState, seed: int, steps: int) -> TricksState:
    """``state`` after up to ``steps`` random legal actions, stopping inside the hand."""
    from compendium.core.rng import SplitMix64
    rng = SplitMix64(seed)
    for _ in range(steps):
        seat = game.to_move(state)
        if not isinstance(seat, int):
            break
        legal = game.legal_actions(state, seat)
        nxt = game.apply(state, legal[rng.below(len(legal))])
        if nxt.phase in ("deal", "over") or nxt.deal_no != state.deal_no:
            break
        state = nxt
    return state


def position_facts(state: TricksState) -> tuple:
    """A position in a hand by the faces of its cards (a set-up deal numbers the cards of a hand
    in the text's order, so ids may differ): hands, tricks, the trick, calls, cards put out, the
    stock, trumps, the phase and the turn."""
    d = state.deck
    return (sorted((state.owners[k], state.hand_sets[k], sorted(str(d[i]) for i in ids))
                   for k, ids in enumerate(state.hands)),
            [(t.leader, t.winner, [(s, str(d[i])) for s, i in t.plays]) for t in state.tricks],
            [(s, str(d[i])) for s, i in state.trick], state.calls,
            [[str(d[i]) for i in ids] for ids in state.discards], [str(d[i]) for i in state.stock],
            state.trump, state.phase, state.turn, state.leader, state.revokes, state.exposed)


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


# -- a position in the middle of a hand: the play lines ----------------------------------------------
BRIDGE_POSITION = """
game: auction_bridge
dealer: Z
A: ♠ Q J 8 6 ♥ K 10 3 ♦ J 10 2 ♣ 9 3 2
Y: ♠ A 9 4 3 ♥ 8 6 2 ♦ K 7 4 ♣ A K J
B: ♠ K 10 5 2 ♥ A Q 5 4 ♦ A 5 ♣ 10 5 4
Z: ♠ 7 ♥ J 9 7 ♦ Q 9 8 6 3 ♣ Q 8 7 6
play:
  calls: Z 1c, A pass, Y 1nt, B pass, Z pass, A pass
  trick 1: B ♥4, Z ♥7, A ♥K, Y ♥2
  trick 2: A ♠Q, Y ♠A, B ♠2, Z ♠7
  trick 3: Y ♣A, B ♣4, Z ♣6, A ♣2
  trick 4: Y ♣K, B ♣5
"""
FIVE_HUNDRED_POSITION = """
game: five_hundred
dealer: C
A: Joker ♠ K 10 7 ♥ K 7 ♦ J 10 9 ♣ 8
B: ♠ A 9 8 ♥ J 9 8 ♦ Q 8 ♣ J 9
C: ♠ J ♥ A Q 10 ♦ A K ♣ A K Q 10
widow: ♠Q ♣7 ♦7
play:
  calls: A pass, B pass, C 7NT
  calls: C discard JS, C discard 7D, C discard 7C
  trick 1: C ♣A, A ♣8, B ♣9
  trick 2: C ♣K, A ♦9, B ♣J
  trick 3: C ♥A
"""
PIQUET_POSITION = """
game: piquet
dealer: B
A: ♠ K 7 ♥ K J 9 8 7 ♦ A 10 ♣ J 10 8
B: ♠ Q 10 9 8 ♥ A 10 ♦ K Q J 9 8 ♣ K
talon: ♣9 ♣A ♥Q ♠A ♣7 ♦7 ♣Q ♠J
play:
  calls: A discard 7S, A discard 8C, A discard 10C, A discard JC
  calls: A discard 10D, A take
  calls: B discard 8S, B discard 9S, B discard 10H, B take
  trick 1: A ♥K, B ♥A
  trick 2: B ♦K
"""
SOLO_POSITION = """
game: solo_whist
dealer: Z
A: ♠ 7 5 3 ♥ A K 8 4 ♦ 10 4 2 ♣ Q 4 3
Y: ♠ 9 8 4 ♥ Q J ♦ A Q J 8 7 ♣ K J 6
B: ♠ Q J 10 ♥ 7 3 2 ♦ 9 5 ♣ A 10 9 8 2
Z: ♠ A K 6 2 ♥ 10 9 6 5 ♦ K 6 3 ♣ 7 5
turn-up: ♠6
play:
  calls: A pass, Y solo, B pass, Z pass
  trick 1: A ♥A, Y ♥Q, B ♥2, Z ♥5
  trick 2: A ♥K, Y ♥J
"""
BRIDGE_1904_POSITION = """
game: bridge
dealer: Z
A: ♠ A 9 5 ♥ K J 7 ♦ 10 6 5 4 ♣ Q 5 4
Y: ♠ J 4 2 ♥ 9 3 2 ♦ A Q 8 7 3 ♣ A 8
B: ♠ 10 7 ♥ A 6 5 4 ♦ K J 9 ♣ 10 9 3 2
Z: ♠ K Q 8 6 3 ♥ Q 10 8 ♦ 2 ♣ K J 7 6
play:
  calls: Z leave, Y declare-nt, A pass, B double, Y pass, Z pass
  trick 1: A ♣4, Y ♣A, B ♣3, Z ♣K
  trick 2: Y ♦Q, B ♦9
"""
POSITIONS = {"auction_bridge": BRIDGE_POSITION, "five_hundred": FIVE_HUNDRED_POSITION,
             "piquet": PIQUET_POSITION, "solo_whist": SOLO_POSITION, "bridge": BRIDGE_1904_POSITION}


def faces_of(state: TricksState, ids) -> list[str]:
    return sorted(str(state.deck[i]) for i in ids)


def hand_of(state: TricksState, seat: int) -> list[str]:
    return faces_of(state, state.hands[state.owners.index(seat)])


def test_auction_bridge_mid_hand_the_declarer_plays_the_dummys_card_next():
    game = get_game("auction_bridge")
    state = game.setup_state(BRIDGE_POSITION, {})
    assert state.phase == "play" and state.contract.declarer == 1          # Y in one no trump
    assert (state.contract.tricks, state.contract.denom) == (1, "nt")
    assert [t.winner for t in state.tricks] == [0, 1, 1]                   # A's ♥K, Y's ♠A, ♣A
    assert [(s, str(state.deck[i])) for s, i in state.trick] == [(1, "K♣"), (2, "5♣")]
    assert state.turn == 3                                                 # the dummy's card next
    assert len(hand_of(state, 3)) == 10 and "6♣" not in hand_of(state, 3)
    assert game.hand_text(state).endswith("  trick 4: Y ♣K, B ♣5\n")


def test_five_hundred_mid_hand_the_widow_taken_and_three_cards_put_out():
    game = get_game("five_hundred")
    state = game.setup_state(FIVE_HUNDRED_POSITION, {})
    assert state.contract.bidder == 2 and state.contract.tricks == 7 and state.trump is None
    assert faces_of(state, state.discards[2]) == sorted(["J♠", "7♦", "7♣"])
    assert "Q♠" in hand_of(state, 2) and len(hand_of(state, 2)) == 10 - 3 + 3 - 3 + 1 - 1
    assert [t.winner for t in state.tricks] == [2, 2] and state.turn == 0
    assert [str(state.deck[i]) for _, i in state.trick] == ["A♥"]


def test_piquet_mid_hand_the_exchange_and_the_declarations_are_made():
    game = get_game("piquet")
    state = game.setup_state(PIQUET_POSITION, {})
    assert faces_of(state, state.discards[0]) == sorted(["7♠", "8♣", "10♣", "J♣", "10♦"])
    assert faces_of(state, state.discards[1]) == sorted(["8♠", "9♠", "10♥"])
    assert {"A♣", "A♠", "Q♥"} <= set(hand_of(state, 0)) and "J♠" in hand_of(state, 1)
    assert state.contract.declared and state.tricks[0].winner == 1 and state.turn == 0
    assert len(hand_of(state, 0)) == 11 and len(hand_of(state, 1)) == 10


def test_solo_whist_mid_hand_the_solo_is_played_with_the_turn_up_suit_trumps():
    game = get_game("solo_whist")
    state = game.setup_state(SOLO_POSITION, {})
    assert state.contract.kind == "solo" and state.contract.caller == 1
    assert state.trump.letter == "S" and state.tricks[0].winner == 0 and state.turn == 2


@pytest.mark.parametrize("gid", sorted(POSITIONS))
def test_a_written_position_round_trips_and_its_text_is_the_games_own(gid):
    game = get_game(gid)
    state = game.setup_state(POSITIONS[gid], {})
    text = game.hand_text(state)
    assert text.split("play:\n", 1)[1] == POSITIONS[gid].split("play:\n", 1)[1]
    assert position_facts(game.setup_state(text, {})) == position_facts(state)
    assert dealtext.setup_with_play(game, text, {})[0] == game.setup_state(text, {})


@pytest.mark.parametrize("gid", sorted(POSITIONS))
def test_a_game_from_a_position_is_saved_loaded_replayed_and_undo_stops_at_it(gid):
    game = get_game(gid)
    text = POSITIONS[gid].strip()
    session = Session(game, seed=5, human_seats=tuple(range(game.setup_state(text, {}).n)), setup=text)
    start = session.state
    assert session.steps == () and session.first_state == start
    for _ in range(3):
        seat = game.to_move(session.state)
        session.play(game.legal_actions(session.state, seat)[0])
    record = session.record()
    assert record.version == 2 and record.setup == text
    saved = dumps(record)
    back = Session.from_record(loads(saved), source_text=saved)
    assert back.state == session.state and back.first_state == start
    assert back.actions_text == session.actions_text
    # the text of the position after the three actions: the exact play from the session, and the
    # same found from the state alone
    exact = game.hand_text(back.state, dealtext.session_play(back))
    assert exact == game.hand_text(back.state)
    assert position_facts(game.setup_state(exact, {})) == position_facts(back.state)
    while back.undo():
        pass
    assert back.state == start and not back.can_undo
    assert game.hand_text(back.state) == game.hand_text(start)
    assert game.hand_text(start).split("play:\n", 1)[1] == POSITIONS[gid].split("play:\n", 1)[1]


def test_the_session_play_goes_from_the_last_deal():
    game = get_game("solo_whist")
    session = Session(game, seed=3, human_seats=(0, 1, 2, 3))
    for _ in range(4):
        session.play("pass")                                 # all pass: thrown in, dealt again
    assert session.state.deal_no == 2
    session.play(game.legal_actions(session.state, session.to_move())[0])
    assert dealtext.session_play(session) == [session.steps[-1].action]
    started = Session(game, seed=3, human_seats=(0, 1, 2, 3), setup=SOLO_POSITION)
    started.play(game.legal_actions(started.state, started.to_move())[0])
    assert len(dealtext.session_play(started)) == 4 + 6 + 1


def _refused_play(gid: str, old: str, new: str, *fragments: str, rule: str | None = None):
    game = get_game(gid)
    text = POSITIONS[gid]
    assert old in text
    bad = text.replace(old, new)
    with pytest.raises(dealtext.HandTextError) as info:
        game.setup_state(bad, {})
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert info.value.rule == rule
    if info.value.line_no is not None:
        line = bad.splitlines()[info.value.line_no - 1].strip()
        assert repr(line)[:60] in message or line[:50] in message
    return info.value


def test_a_revoke_is_refused_quoting_the_line_and_the_law():
    _refused_play("solo_whist", "Y ♥Q", "Y ♠4", "'trick 1: A ♥A, Y ♠4, B ♥2, Z ♥5'", "'Y ♠4'",
                  "must follow suit", "revoke", "“Following suit”", rule="solo_whist#following-suit")


def test_a_card_not_in_that_hand_is_refused_saying_whose_it_is():
    _refused_play("solo_whist", "B ♥2", "B ♥10", "'B ♥10'", "B does not hold the ten of hearts",
                  "is Z's card", rule="solo_whist#the-play")


def test_a_card_played_twice_is_refused_naming_the_trick():
    _refused_play("solo_whist", "trick 2: A ♥K, Y ♥J", "trick 2: A ♥A", "'trick 2: A ♥A'",
                  "already played, by A in trick 1", rule="solo_whist#the-play")


def test_a_card_out_of_turn_is_refused():
    _refused_play("solo_whist", "trick 2: A ♥K, Y ♥J", "trick 2: Y ♥J", "'Y ♥J'",
                  "it is A's turn to play to the trick, not Y's (out of turn)",
                  rule="solo_whist#the-play")
    # at bridge the dummy's turn is the dummy's, though the declarer plays its card
    _refused_play("auction_bridge", "trick 4: Y ♣K, B ♣5", "trick 4: Y ♣K, B ♣5, Y ♣J",
                  "it is Z's turn to play to the trick, not Y's", rule="auction_bridge#the-play")


def test_a_call_out_of_turn_or_too_low_is_refused_with_its_law():
    _refused_play("solo_whist", "A pass, Y solo", "Y solo", "'Y solo'", "it is A's turn to act",
                  rule="solo_whist#the-calls")
    _refused_play("auction_bridge", "Z 1c, A pass", "Z pass, A pass", "'Z pass'",
                  "the dealer must open the auction", rule="auction_bridge#the-auction")
    _refused_play("five_hundred", "A pass, B pass, C 7NT", "A 7S, B 6S, C 7NT", "'B 6S'",
                  rule="five_hundred#the-avondale-schedule")


def test_a_trick_numbered_wrongly_or_overfull_is_refused():
    _refused_play("solo_whist", "trick 2:", "trick 3:", "this line says trick 3, but the next trick "
                  "is trick 2")
    _refused_play("solo_whist", "Z ♥5\n", "Z ♥5, A ♥K\n", "trick 1 was complete before 'A ♥K'")
    _refused_play("solo_whist", "trick 2: A ♥K, Y ♥J", "trick 2: A ♥K, Y ♥J\n  trick 3: B ♥3",
                  "'trick 3: B ♥3'", "this line says trick 3, but trick 2 is not finished (2 cards played)")


def test_words_that_are_no_action_and_cards_in_the_calls_are_refused():
    _refused_play("solo_whist", "Y solo", "Y grand slam", "'Y grand slam'",
                  "'grand slam' is not an action of Solo Whist")
    _refused_play("solo_whist", "Z pass", "Z ♥5", "a card played to a trick goes in a 'trick N:' line")
    _refused_play("solo_whist", "A ♥K", "A ♥Z", "'A ♥Z'", "'♥Z' is not a card")
    _refused_play("piquet", "B discard 10H", "B discard 7H", "B does not hold the seven of hearts",
                  rule="piquet#the-play")


def test_cards_before_the_calls_end_and_lines_out_of_place_are_refused():
    _refused_play("solo_whist", "  calls: A pass, Y solo, B pass, Z pass\n", "",
                  "'A ♥A'", "the calls are not over yet", rule="solo_whist#the-play")
    _refused_play("solo_whist", "play:\n", "play: A pass\n", "'play:' stands on a line of its own")
    game = get_game("solo_whist")
    with pytest.raises(dealtext.HandTextError, match="after 'play:' come only"):
        game.setup_state(SOLO_POSITION + "A: ♠ 7 5 3\n", {})


def test_a_play_that_finishes_the_hand_is_refused():
    game = get_game("solo_whist")
    state = game.setup_state(SOLO_POSITION, {})
    while True:                       # play on to the last card of the hand
        nxt = game.apply(state, game.legal_actions(state, state.turn)[0])
        if nxt.phase != "play":
            break
        state = nxt
    last_card = game.legal_actions(state, state.turn)[0].card
    position = game.hand_text(state)
    assert len(game.setup_state(position, {}).tricks) == 12          # one card short: a position
    finished = position.rstrip("\n") + f", {'AYBZ'[state.turn]} {last_card.code}\n"
    with pytest.raises(dealtext.HandTextError, match="the play finishes the hand here"):
        game.setup_state(finished, {})


def test_the_play_may_leave_out_the_seats_and_the_heading():
    game = get_game("solo_whist")
    deal, play = SOLO_POSITION.split("play:\n")
    bare = deal + re.sub(r"(?<=[:,] )[AYBZ] ", "", play)
    assert "trick 1: ♥A, ♥Q, ♥2, ♥5" in bare and "calls: pass, solo, pass, pass" in bare
    assert position_facts(game.setup_state(bare, {})) == position_facts(game.setup_state(SOLO_POSITION, {}))
    # other words for the calls line, a card as "AH", and a continued trick
    other = SOLO_POSITION.replace("calls:", "bidding:").replace("A ♥K, Y ♥J", "A AH".replace("AH", "KH")) \
        .replace("trick 2: A KH", "trick 2: A KH\n  trick 2, continued: Y ♥J").replace(", Y ♥J\n", "\n", 1)
    assert position_facts(game.setup_state(other, {})) == position_facts(game.setup_state(SOLO_POSITION, {}))


def test_a_hand_played_again_after_a_revoke_is_written_from_the_sessions_actions():
    """Napoleon with revokes penalised: a revoke found sends the hand back to be played again.
    The state alone cannot retrace that play (its tricks were taken back), so the text of the
    state is the deal with a note; the session's own actions give the exact position."""
    from compendium.core.rng import SplitMix64
    game = get_game("napoleon")
    session = Session(game, {"revokes": "penalised"}, seed=1, human_seats=tuple(range(8)))
    rng = SplitMix64(1)
    while not any("revoke:" in said for _, said in session.state.calls):
        state = session.state
        legal = game.legal_actions(state, game.to_move(state))
        revokes = [a for a in legal if state.phase == "play"
                   and a.card not in game.playable(state, state.turn, strict=True)]
        session.play(revokes[0] if revokes else legal[rng.below(len(legal))])
        assert session.state.deal_no == 1, "no revoke in the first deal"
    state = session.state
    alone = game.hand_text(state)
    assert "could not be retraced" in alone and "\nplay:" not in alone
    exact = game.hand_text(state, dealtext.session_play(session))
    again = game.setup_state(exact, session.options)
    assert position_facts(again) == position_facts(state)
    assert any("revoke:" in said for _, said in again.calls)
    assert "  # the cards go back (a revoke was found): the play goes on from trick" in exact


def test_the_documented_example_of_a_position_is_one():
    """The module's own example (its deal, then its play lines) sets up: B's solo in diamonds."""
    doc = dealtext.__doc__
    deal = doc.split("::\n\n", 1)[1].split("\n\n")[0]
    play = doc.split("::\n\n")[2].split("\n\n")[0]
    state = get_game("solo_whist").setup_state(deal + "\n" + play, {})
    assert state.contract.kind == "solo" and state.contract.caller == 2
    assert state.trump.letter == "D" and len(state.tricks) == 1 and len(state.trick) == 2
