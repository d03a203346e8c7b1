"""The card notation, parsed and written in this one place.

A card is a rank and a suit: ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is
accepted for ten), suits ``S H D C`` or the symbols ``♠ ♥ ♦ ♣``; ``JK`` is a
joker. Case does not matter. Cards are separated by spaces or commas, melds
of a table by ``|``.

>>> parse_cards("10H TH 10♥")
(Card.parse('10H'), Card.parse('10H'), Card.parse('10H'))
>>> format_table(parse_table("5S 5H 5D | 6H 7H 8H"))
'5S 5H 5D | 6H 7H 8H'
>>> parse_card("11H")
Traceback (most recent call last):
...
machiavelli_kit.notation.NotationError: '11H' is not a card: ranks are A, 2-10, J, Q, K

Error messages quote the input with :func:`quote`, which cuts a long text short.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from machiavelli_kit.cards import JOKER, RANK_SYMBOLS, Card, Suit


class NotationError(ValueError):
    """Text that is not a card, a list of cards or a table."""


_RANK_CODES = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, **{str(n): n for n in range(2, 11)}}
_SUIT_CODES = {
    **{suit.value: suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_JOKER_CODES = {"JK", "JOKER", "★", "🃏"}
_SEPARATORS = re.compile(r"[\s,]+")
RANK_HELP = "ranks are A, 2-10, J, Q, K"
SUIT_HELP = "suits are S, H, D, C (or ♠ ♥ ♦ ♣)"
QUOTE_LIMIT = 20
"""How many characters of a bad input an error message shows."""


def parse_card(text: str) -> Card:
    """Parse one card such as ``10H``, ``TH``, ``10♥``, ``qs`` or ``JK``."""
    # Phones and emoji pickers add a variation selector after a suit symbol ("♥️").
    token = text.strip().replace("\ufe0f", "").replace("\ufe0e", "")
    upper = token.upper()
    if upper in _JOKER_CODES:
        return JOKER
    if len(token) < 2:
        raise NotationError(f"{quote(text)} is not a card: write a rank then a suit, like 10H or QS")
    rank_text, suit_text = upper[:-1], upper[-1]
    suit = _SUIT_CODES.get(suit_text)
    rank = _RANK_CODES.get(rank_text)
    if rank is None:
        raise NotationError(f"{quote(text)} is not a card: {RANK_HELP}")
    if suit is None:
        raise NotationError(f"{quote(text)} is not a card: {SUIT_HELP}")
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or a list of card strings)."""
    tokens = _tokens(text) if isinstance(text, str) else [str(token) for token in text]
    return tuple(parse_card(token) for token in tokens)


def parse_table(text: str | Iterable[Iterable[str]]) -> tuple[tuple[Card, ...], ...]:
    """Parse melds separated by ``|`` (or a list of lists of card strings).

    An empty text is the empty table; an empty meld between bars is an error.
    """
    if isinstance(text, str):
        if not text.strip():
            return ()
        chunks: list[str | Iterable[str]] = list(text.split("|"))
    else:
        chunks = list(text)
    melds = []
    for number, chunk in enumerate(chunks, start=1):
        cards = parse_cards(chunk)
        if not cards:
            raise NotationError(f"meld {number} of the table is empty: remove the extra '|'")
        melds.append(cards)
    return tuple(melds)


def format_card(card: Card, *, unicode: bool = False) -> str:
    """Write a card: ``10H`` (or ``10♥`` with ``unicode=True``); ``JK`` for a joker."""
    if card.suit is None:
        return "JK"
    suit = card.suit.symbol if unicode else card.suit.value
    return f"{RANK_SYMBOLS[card.rank]}{suit}"


def format_cards(cards: Iterable[Card], *, unicode: bool = False) -> str:
    return " ".join(format_card(card, unicode=unicode) for card in cards)


def format_table(melds: Iterable[Iterable[Card]], *, unicode: bool = False) -> str:
    return " | ".join(format_cards(meld, unicode=unicode) for meld in melds)


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as an error message shows it (its ``repr``), cut short when it is long.

    >>> quote("11H")
    "'11H'"
    >>> quote("10H" * 100_000)
    "'10H10H10H10H10H10H10'... (300,000 characters)"
    >>> quote(list(range(100)))
    '[0, 1, 2, 3, 4, 5, 6...'
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else f"{value[:limit]!r}... ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= limit + 2 else f"{text[:limit]}..."


def _tokens(text: str) -> list[str]:
    return [token for token in _SEPARATORS.split(text.strip()) if token]
