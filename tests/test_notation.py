"""The card notation: every accepted spelling, every error message, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli_kit.core.cards import (
    JOKER,
    QUOTE_LIMIT,
    Card,
    NotationError,
    Suit,
    format_card,
    format_cards,
    format_table,
    parse_card,
    parse_cards,
    parse_table,
    quote,
)


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10♥", "10♡", " 10h "])
def test_ten_of_hearts_spellings(text: str) -> None:
    assert parse_card(text) == Card(10, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "card"),
    [("AS", Card(1, Suit.SPADES)), ("QS", Card(12, Suit.SPADES)), ("KD", Card(13, Suit.DIAMONDS)),
     ("2♣", Card(2, Suit.CLUBS)), ("JK", JOKER), ("joker", JOKER), ("JC", Card(11, Suit.CLUBS))],
)  # fmt: skip
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("11H", "'11H' is not a card: ranks are A, 2-10, J, Q, K"),
        ("1H", "'1H' is not a card: ranks are A, 2-10, J, Q, K"),
        ("5X", "'5X' is not a card: suits are S, H, D, C (or ♠ ♥ ♦ ♣)"),
        ("H", "'H' is not a card: write a rank then a suit, like 10H or QS"),
        ("", "'' is not a card"),
    ],
)
def test_bad_cards_are_named(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_card(text)
    assert str(error.value).startswith(message)


def test_lists_and_tables() -> None:
    assert parse_cards("5S, 5H  5D") == parse_cards(["5S", "5H", "5D"])
    table = parse_table("5S 5H 5D | 6H 7H 8H")
    assert table == parse_table([["5S", "5H", "5D"], ["6H", "7H", "8H"]])
    assert parse_table("  ") == ()
    with pytest.raises(NotationError, match="meld 2 of the table is empty"):
        parse_table("5S 5H 5D || 6H 7H 8H")


def test_formatting() -> None:
    cards = parse_cards("10H QS JK AC")
    assert format_cards(cards) == "10H QS JK AC"
    assert format_cards(cards, unicode=True) == "10♥ Q♠ JK A♣"
    assert format_card(Card(10, Suit.DIAMONDS), unicode=True) == "10♦"
    assert format_table(parse_table("5S 5H 5D | 6H 7H 8H"), unicode=True) == "5♠ 5♥ 5♦ | 6♥ 7♥ 8♥"


@pytest.mark.parametrize("text", ["10♥️", "A♠️", "Q♦︎", "K♣️"])
def test_emoji_suits_with_a_variation_selector_are_read(text: str) -> None:
    base = text.replace("\ufe0f", "").replace("\ufe0e", "")
    assert parse_card(text) == parse_card(base)


def test_a_bad_card_in_a_list_or_a_table_is_the_one_named() -> None:
    with pytest.raises(NotationError, match="'5Z' is not a card: suits are"):
        parse_cards("5S 5H 5Z")
    with pytest.raises(NotationError, match="'0H' is not a card: ranks are"):
        parse_table("5S 5H 5D | 0H JH QH")
    with pytest.raises(NotationError, match="meld 1 of the table is empty"):
        parse_table("| 5S 5H 5D")
    with pytest.raises(NotationError, match="meld 2 of the table is empty"):
        parse_table("5S 5H 5D | ,")
    assert issubclass(NotationError, ValueError)


def test_a_huge_bad_token_is_cut_short_in_the_message() -> None:
    with pytest.raises(NotationError) as error:
        parse_cards("5S 5H " + "Q" * 1_000_000)
    cut = "'QQQQQQQQQQQQQQQQQQQQ'... (1,000,000 characters)"
    assert str(error.value) == f"{cut} is not a card: ranks are A, 2-10, J, Q, K"


@given(st.text(min_size=1))
def test_every_bad_card_message_is_short_and_quotes_the_start_of_the_input(text: str) -> None:
    try:
        parse_card(text)
    except NotationError as error:
        message, shown = str(error), repr(text[:QUOTE_LIMIT])
        assert message.startswith(shown)
        assert len(message) < len(shown) + 100


def test_quote_keeps_short_values_whole() -> None:
    assert quote("5Z") == "'5Z'"
    assert quote("x" * QUOTE_LIMIT) == repr("x" * QUOTE_LIMIT)
    assert quote(12) == "12"
    assert quote({"a": "b" * 50}) == "{'a': 'bbbbbbbbbbbbb..."


def cut_repr(value: object) -> str:
    """What quote showed of a value that is not text before it stopped writing long values out: its repr, cut."""
    text = repr(value)
    return text if len(text) <= QUOTE_LIMIT + 2 else f"{text[:QUOTE_LIMIT]}..."


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=8) | st.tuples(inner) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)


@given(st.lists(json_like, max_size=6) | st.dictionaries(st.text(max_size=30), json_like) | st.tuples(json_like))
def test_quote_shows_a_list_or_object_as_its_repr_cut_short(value: object) -> None:
    assert quote(value) == cut_repr(value)


def test_quote_writes_out_only_the_start_of_a_huge_or_deeply_nested_value() -> None:
    deep: list[object] = []
    for _level in range(100_000):  # far past Python's recursion limit: repr() itself would fail
        deep = [deep]
    assert quote(deep) == "[" * QUOTE_LIMIT + "..."
    assert quote({"melds": [["5S"] * 10_000_000]}) == "{'melds': [['5S', '5..."
    assert quote([10**5000]) == "[0x31e20801036510f3c..."  # too long for Python to write in decimal


def test_card_values_print_and_repr_back() -> None:
    ten = Card(10, Suit.HEARTS)
    assert (str(ten), ten.code, ten.name) == ("10♥", "10H", "ten of hearts")
    assert repr(ten) == "Card.parse('10H')" and eval(repr(ten), {"Card": Card}) == ten
    assert (str(JOKER), JOKER.code, JOKER.name, repr(JOKER)) == ("JK", "JK", "joker", "Card.parse('JK')")
    assert Card(1, Suit.SPADES).name == "ace of spades" and Card(12, Suit.CLUBS).name == "queen of clubs"
    assert sorted([JOKER, Card(2, Suit.CLUBS), Card(2, Suit.SPADES), Card(1, Suit.DIAMONDS)]) == [
        Card(1, Suit.DIAMONDS), Card(2, Suit.SPADES), Card(2, Suit.CLUBS), JOKER,
    ]  # fmt: skip


@pytest.mark.parametrize(("rank", "suit"), [(0, Suit.HEARTS), (14, Suit.SPADES), (5, None)])
def test_impossible_cards_cannot_be_built(rank: int, suit: Suit | None) -> None:
    with pytest.raises(ValueError, match=r"rank|joker"):
        Card(rank, suit)
