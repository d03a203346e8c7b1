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

In Italian (``lang="it"``, or Italian in use) the Italian suit letters that do
not clash with the notation are read too: ``P`` picche (spades), ``Q`` quadri
(diamonds), ``F`` fiori (clubs); ``C`` is clubs and ``H`` hearts as always.
Cards are written back in the one notation.

>>> format_cards(parse_cards("7P 10Q QF 7C", lang="it"))
'7S 10D QC 7C'
>>> parse_card("7P")
Traceback (most recent call last):
...
machiavelli_kit.notation.NotationError: '7P' is not a card: suits are S, H, D, C (or ♠ ♥ ♦ ♣)

Error messages are in the language in use (or ``lang``); they quote the input with
:func:`quote`, which cuts a long text short.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from machiavelli_kit.cards import JOKER, RANK_SYMBOLS, Card, Suit
from machiavelli_kit.i18n import N_, _, language, ngettext, speaking


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
ITALIAN_SUIT_CODES = {"P": Suit.SPADES, "Q": Suit.DIAMONDS, "F": Suit.CLUBS}
"""Suit letters read too when the language is Italian: picche, quadri, fiori (``C`` stays clubs, ``H`` hearts)."""
_JOKER_CODES = {"JK", "JOKER", "★", "🃏"}
_SEPARATORS = re.compile(r"[\s,]+")
# TRANSLATORS: {text} is what the learner typed, in quotes; the card notation (10H, QS) is not translated.
NOT_A_CARD = N_("{text} is not a card: write a rank then a suit, like 10H or QS")
# TRANSLATORS: {text} is what the learner typed; A J Q K are the notation's rank letters, not translated.
RANK_HELP = N_("{text} is not a card: ranks are A, 2-10, J, Q, K")
# TRANSLATORS: {text} is what the learner typed. In Italian the letters P (picche), Q (quadri) and F (fiori)
# are read too: say so in the Italian text. In Polish, keep the letters S, H, D, C as they are.
SUIT_HELP = N_("{text} is not a card: suits are S, H, D, C (or ♠ ♥ ♦ ♣)")
QUOTE_LIMIT = 20
"""How many characters of a bad input an error message shows."""


def parse_card(text: str, lang: str | None = None) -> Card:
    """Parse one card such as ``10H``, ``TH``, ``10♥``, ``qs`` or ``JK`` (in Italian also ``7P``, ``10Q``, ``QF``)."""
    # Phones and emoji pickers add a variation selector after a suit symbol ("♥️").
    token = text.strip().replace("\ufe0f", "").replace("\ufe0e", "")
    upper = token.upper()
    if upper in _JOKER_CODES:
        return JOKER
    rank_text, suit_text = upper[:-1], upper[-1:]
    suit = _SUIT_CODES.get(suit_text)
    rank = _RANK_CODES.get(rank_text)
    if suit is None and suit_text in ITALIAN_SUIT_CODES and language(lang) == "it":
        suit = ITALIAN_SUIT_CODES[suit_text]
    if len(token) >= 2 and rank is not None and suit is not None:
        return Card(rank, suit)
    with speaking(lang):
        if len(token) < 2:
            raise NotationError(_(NOT_A_CARD).format(text=quote(text)))
        raise NotationError(_(RANK_HELP if rank is None else SUIT_HELP).format(text=quote(text)))


def parse_cards(text: str | Iterable[str], lang: str | None = None) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or a list of card strings)."""
    tokens = _tokens(text) if isinstance(text, str) else [str(token) for token in text]
    if lang is not None:
        lang = language(lang)
    return tuple(parse_card(token, lang) for token in tokens)


def parse_table(text: str | Iterable[Iterable[str]], lang: str | None = None) -> tuple[tuple[Card, ...], ...]:
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
        cards = parse_cards(chunk, lang)
        if not cards:
            with speaking(lang):
                message = _("meld {number} of the table is empty: remove the extra '|'").format(number=number)
            raise NotationError(message)
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
        if len(value) <= limit:
            return repr(value)
        # TRANSLATORS: a long input cut short: {text} is its start, {count} how long it is (300,000).
        cut = ngettext("{text}... ({count} character)", "{text}... ({count} characters)", len(value))
        return cut.format(text=repr(value[:limit]), count=f"{len(value):,}")
    text = repr(value)
    return text if len(text) <= limit + 2 else f"{text[:limit]}..."


def _tokens(text: str) -> list[str]:
    return [token for token in _SEPARATORS.split(text.strip()) if token]
