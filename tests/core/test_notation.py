"""Reading and writing cards in the book forms: compendium.core.notation."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compendium.core.cards import JOKER, PACKS, Card, Rank, Suit
from compendium.core.errors import NotationError
from compendium.core.notation import (
    _FORMS,
    _RANK_SHORT,
    FORMAT_STYLES,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
ALL_CARDS = PACKS["52+joker"]


def card(rank: int, suit: Suit) -> Card:
    return Card(Rank(rank), suit)


# --- parse_card: each accepted form -------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    # rank then suit symbol, black and white symbols, with and without a space
    ("10♦", card(10, D)), ("Q♠", card(12, S)), ("A♥", card(1, H)), ("2♣", card(2, C)),
    ("10♢", card(10, D)), ("K♡", card(13, H)), ("9♤", card(9, S)), ("J♧", card(11, C)),
    ("10 ♦", card(10, D)), ("A ♠", card(1, S)),
    # suit symbol then rank
    ("♡A", card(1, H)), ("♠10", card(10, S)), ("♣J", card(11, C)), ("♦ 7", card(7, D)),
    # ASCII codes, rank first, any case
    ("TD", card(10, D)), ("10D", card(10, D)), ("AS", card(1, S)), ("qh", card(12, H)),
    ("Jc", card(11, C)), ("2c", card(2, C)), ("tS", card(10, S)), ("kD", card(13, D)),
    # ASCII codes, suit first
    ("DT", card(10, D)), ("S10", card(10, S)), ("DJ", card(11, D)), ("hq", card(12, H)),
    # dotted forms of the old books
    ("H.10", card(10, H)), ("S.A", card(1, S)), ("D.Kn", card(11, D)), ("C.Q", card(12, C)),
    ("h.kn", card(11, H)), ("H. 10", card(10, H)), ("♠.K", card(13, S)),
    # Kn for the knave in the short forms
    ("KnH", card(11, H)), ("Kn♥", card(11, H)), ("♥Kn", card(11, H)), ("SKn", card(11, S)),
    # words
    ("knave of hearts", card(11, H)), ("Jack of Hearts", card(11, H)),
    ("ten of diamonds", card(10, D)), ("10 of diamonds", card(10, D)),
    ("ace of spades", card(1, S)), ("the queen of clubs", card(12, C)),
    ("deuce of clubs", card(2, C)), ("trey of hearts", card(3, H)),
    ("Q of spades", card(12, S)), ("king of ♦", card(13, D)), ("THE  KING   OF  HEARTS", card(13, H)),
    # the joker
    ("joker", JOKER), ("Joker", JOKER), ("Jo", JOKER), ("JK", JOKER), ("🃏", JOKER),
    ("the joker", JOKER), ("The Joker", JOKER),
])
def test_parse_card_forms(text: str, expected: Card) -> None:
    assert parse_card(text) == expected


@pytest.mark.parametrize("text", ["  10♦", "10♦  ", "\t10♦\n", " 10 ♦ "])
def test_parse_card_ignores_surrounding_whitespace(text: str) -> None:
    assert parse_card(text) == card(10, D)


def test_parse_card_ignores_emoji_presentation_selector() -> None:
    # "♥️" as phones type it is ♥ followed by U+FE0F.
    assert parse_card("A♥\ufe0f") == card(1, H)
    assert parse_card("♥\ufe0fA") == card(1, H)


def test_every_rank_letter_and_digit() -> None:
    expected = {"A": 1, "K": 13, "Q": 12, "J": 11, "Kn": 11, "T": 10, "10": 10,
                **{str(v): v for v in range(2, 10)}}
    for token, value in expected.items():
        for suit in Suit:
            assert parse_card(token + suit.letter) == card(value, suit)
            assert parse_card(token + suit.symbol) == card(value, suit)
            assert parse_card(suit.symbol + token) == card(value, suit)
            assert parse_card(f"{suit.letter}.{token}") == card(value, suit)


def test_rank_first_and_suit_first_short_forms_never_collide() -> None:
    # The dict prefers rank-first readings; this guards that no string is read both ways.
    for token in _RANK_SHORT:
        for letter in "cdhs":
            assert letter + token not in {t + m for t in _RANK_SHORT for m in "cdhs♣♦♥♠♧♢♡♤"}
    assert _FORMS["jd"][0] == card(11, D) and _FORMS["dj"][0] == card(11, D)


# --- parse_card: errors -------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "", "   ", "XX", "10♦♦", "Q of spades of hearts", "0S", "14H", "11♥", "♦", "S", "spades",
    "1", "1H", "♥1", "H.1", "1 of hearts", "A", "ten", "eleven of hearts", "ace of cups",
    "knave hearts", "H.", ".10", "10.H.", "AS KH", "jokers", "the", "of", "10♦ extra",
    "H.Jo", "the joker of hearts", "ＡＳ",
])
def test_parse_card_rejects_with_message_quoting_input(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert "is not a card" in message
    assert 'expected forms like 10♦, ♡A, TD, H.10 or "knave of hearts"' in message


def test_error_message_matches_the_book_style() -> None:
    with pytest.raises(NotationError, match=r"^'11♥' is not a card: .*expected forms like 10♦"):
        parse_card("11♥")


def test_one_is_rejected_with_a_reason() -> None:
    for text in ("1H", "1♥", "♥1", "H.1", "1 of hearts"):
        with pytest.raises(NotationError, match="write A for the ace"):
            parse_card(text)


@pytest.mark.parametrize("text, reason", [
    ("", "empty"), ("♦", "suit with no rank"), ("0S", "no rank 0"), ("14H", "no rank 14"),
    ("Q of spades of hearts", "more than one 'of'"), ("eleven of hearts", "unknown rank 'eleven'"),
    ("ace of cups", "unknown suit 'cups'"), ("K", "rank with no suit"),
])
def test_error_reasons(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert reason in str(info.value)


@pytest.mark.parametrize("value", [None, 10, b"10D", ["AS"], card(1, S)])
def test_parse_card_non_text_raises_notation_error(value: object) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(value)  # type: ignore[arg-type]
    assert repr(value) in str(info.value)


def test_long_input_is_cut_in_the_message() -> None:
    with pytest.raises(NotationError) as info:
        parse_card("x" * 500)
    assert len(str(info.value)) < 200
    assert "'xxxxx" in str(info.value)


def test_notation_error_is_a_value_error() -> None:
    # Callers that only know ValueError still catch it.
    with pytest.raises(ValueError):
        parse_card("XX")


# --- format_card --------------------------------------------------------------------------

@pytest.mark.parametrize("c, style, expected", [
    (card(10, D), "symbol", "10♦"), (card(1, S), "symbol", "A♠"), (JOKER, "symbol", "Joker"),
    (card(10, D), "symbol-first", "♦10"), (card(1, H), "symbol-first", "♥A"),
    (JOKER, "symbol-first", "Joker"),
    (card(10, D), "ascii", "TD"), (card(1, S), "ascii", "AS"), (card(11, C), "ascii", "JC"),
    (JOKER, "ascii", "JK"),
    (card(10, D), "code", "10D"), (card(12, H), "code", "QH"), (JOKER, "code", "JOKER"),
    (card(10, D), "dotted", "D.10"), (card(11, D), "dotted", "D.Kn"), (card(1, S), "dotted", "S.A"),
    (JOKER, "dotted", "Joker"),
    (card(10, D), "words", "ten of diamonds"), (card(11, H), "words", "knave of hearts"),
    (card(2, C), "words", "two of clubs"), (JOKER, "words", "the joker"),
])
def test_format_card(c: Card, style: str, expected: str) -> None:
    assert format_card(c, style) == expected


def test_format_card_default_style_is_symbol() -> None:
    assert format_card(card(10, D)) == "10♦"


def test_format_styles_are_the_documented_ones() -> None:
    assert set(FORMAT_STYLES) == {"symbol", "symbol-first", "ascii", "code", "dotted", "words"}


def test_format_card_unknown_style() -> None:
    with pytest.raises(NotationError, match="'fancy'"):
        format_card(card(1, S), "fancy")


def test_ascii_is_always_two_characters() -> None:
    assert all(len(format_card(c, "ascii")) == 2 for c in ALL_CARDS)


# --- round trips --------------------------------------------------------------------------

def test_round_trip_every_card_every_style() -> None:
    for c in ALL_CARDS:
        for style in FORMAT_STYLES:
            assert parse_card(format_card(c, style)) == c, (c, style)


@given(st.sampled_from(ALL_CARDS), st.sampled_from(FORMAT_STYLES))
def test_round_trip_property(c: Card, style: str) -> None:
    assert parse_card(format_card(c, style)) == c


@given(st.sampled_from(ALL_CARDS), st.sampled_from(FORMAT_STYLES),
       st.sampled_from([str.lower, str.upper, str.title, lambda s: f"  {s}\t"]))
def test_round_trip_ignores_case_and_whitespace(c: Card, style: str, change) -> None:
    assert parse_card(change(format_card(c, style))) == c


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=20), st.sampled_from(FORMAT_STYLES))
def test_list_round_trip(cards: list[Card], style: str) -> None:
    assert parse_cards(format_cards(cards, style)) == tuple(cards)


# --- robustness: anything in, a Card or a NotationError out --------------------------------

def _card_or_notation_error(text: str) -> None:
    try:
        result = parse_card(text)
    except NotationError as error:
        assert str(error)
    else:
        assert isinstance(result, Card)


@settings(max_examples=500)
@given(st.text())
def test_parse_card_arbitrary_text(text: str) -> None:
    _card_or_notation_error(text)


# Text from the characters the forms are made of reaches far more of the parser than st.text().
_NEAR = st.text(alphabet="0123456789AKQJTNnCDHSochesdavt .,;:♣♦♥♠♧♢♡♤🃏\ufe0f", max_size=12)


@settings(max_examples=500)
@given(_NEAR)
def test_parse_card_card_like_text(text: str) -> None:
    _card_or_notation_error(text)


@settings(max_examples=300)
@given(st.one_of(st.text(), _NEAR, st.text(alphabet="♠♥AKQJ10987 ;,S", max_size=30)))
def test_parse_cards_arbitrary_text(text: str) -> None:
    try:
        result = parse_cards(text)
    except NotationError as error:
        assert str(error)
    else:
        assert isinstance(result, tuple) and all(isinstance(c, Card) for c in result)


# --- parse_cards ---------------------------------------------------------------------------

def test_piquet_hands() -> None:
    # A hand as the piquet chapters print it, suit by suit.  2 + 3 + 3 + 4 = 12 cards.
    assert parse_cards("♠9 7; ♥A 9 8; ♣J 10 7; ♦J 10 9 8") == (
        card(9, S), card(7, S),
        card(1, H), card(9, H), card(8, H),
        card(11, C), card(10, C), card(7, C),
        card(11, D), card(10, D), card(9, D), card(8, D),
    )


def test_suit_group_examples() -> None:
    assert parse_cards("♠9 7; ♥A 9 8") == (card(9, S), card(7, S), card(1, H), card(9, H), card(8, H))
    assert parse_cards("♠Q 10 8") == (card(12, S), card(10, S), card(8, S))


def test_suit_groups_without_semicolons_and_with_letters() -> None:
    # The next marker ends a group as well as ';' does.
    assert parse_cards("♠Q 10 ♥A 9") == (card(12, S), card(10, S), card(1, H), card(9, H))
    assert parse_cards("S Q 10 8; H A 9") == (card(12, S), card(10, S), card(8, S),
                                              card(1, H), card(9, H))
    assert parse_cards("SQ T 8") == (card(12, S), card(10, S), card(8, S))
    assert parse_cards("Spades: K Kn 9; hearts: A") == (card(13, S), card(11, S), card(9, S),
                                                        card(1, H))
    assert parse_cards("♠ Q, 10, 8") == (card(12, S), card(10, S), card(8, S))
    assert parse_cards("H.10 9") == (card(10, H), card(9, H))


def test_plain_lists() -> None:
    assert parse_cards("AS KH 10♦, ♡A") == (card(1, S), card(13, H), card(10, D), card(1, H))
    assert parse_cards("AS,KH,,TD") == (card(1, S), card(13, H), card(10, D))
    assert parse_cards("knave of hearts, the joker, ten of diamonds") == (card(11, H), JOKER,
                                                                          card(10, D))
    assert parse_cards("the queen of clubs 2c") == (card(12, C), card(2, C))
    assert parse_cards("10 ♦ J♠") == (card(10, D), card(11, S))


def test_empty_list() -> None:
    assert parse_cards("") == ()
    assert parse_cards("  ;  ") == ()


def test_rank_first_card_ends_a_group() -> None:
    # "♠9 AH 8": the 8 is not taken for a spade (nor a heart).
    with pytest.raises(NotationError, match="item 3 .*'8' is a rank with no suit"):
        parse_cards("♠9 AH 8")


def test_semicolon_ends_a_group() -> None:
    with pytest.raises(NotationError, match="item 3 .*'8' is a rank with no suit"):
        parse_cards("♠9 7; 8")


@pytest.mark.parametrize("text, position, token", [
    ("AS KH XX", 3, "XX"),
    ("♠9 7; ♥A 9 11", 5, "11"),
    ("AS 1H", 2, "1H"),
    ("10♦, 10♦♦", 2, "10♦♦"),
    ("ace of spades, eleven of hearts", 2, "eleven of hearts"),
])
def test_parse_cards_errors_name_the_item(text: str, position: int, token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    message = str(info.value)
    assert message.startswith(f"item {position} of {text!r}")
    assert repr(token) in message


def test_bare_rank_without_suit() -> None:
    with pytest.raises(NotationError, match=r"item 1 of '9 7'.*'9' is a rank with no suit"):
        parse_cards("9 7")


@pytest.mark.parametrize("text, position, marker", [
    ("♠9 7; ♥", 3, "♥"), ("♠ ♥A", 1, "♠"), ("S; H A", 1, "S"), ("♦", 1, "♦"),
    ("♠ AH", 1, "♠"),
])
def test_suit_marker_without_ranks(text: str, position: int, marker: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    message = str(info.value)
    assert message.startswith(f"item {position} of {text!r}")
    assert f"suit marker {marker!r} has no ranks" in message


def test_parse_cards_non_text() -> None:
    with pytest.raises(NotationError, match="None"):
        parse_cards(None)  # type: ignore[arg-type]


def test_format_cards() -> None:
    hand = (card(9, S), card(7, S), card(10, D), JOKER)
    assert format_cards(hand) == "9♠ 7♠ 10♦ Joker"
    assert format_cards(hand, "ascii") == "9S 7S TD JK"
    assert format_cards(hand, "words") == "nine of spades seven of spades ten of diamonds the joker"
    assert format_cards([]) == ""
    with pytest.raises(NotationError):
        format_cards(hand, "fancy")


# --- speed ---------------------------------------------------------------------------------

def test_parsing_is_fast() -> None:
    # The short forms are a dict lookup: a whole pack in every style, 100 times, is well under
    # a second even on a slow machine.
    import time

    # CPU time, alike on a busy machine; about 0.05 s today, so a tenfold slowdown trips it.
    texts = [format_card(c, s) for c in ALL_CARDS for s in FORMAT_STYLES]
    start = time.process_time()
    for _ in range(100):
        for text in texts:
            parse_card(text)
    assert time.process_time() - start < 0.4
