"""Cards, their ranks and suits, the arithmetic of ranks along a run, and the card notation.

A :class:`Card` is a plain value: the two copies of the seven of spades in a
two-deck game are equal, and how many copies there are is counted by a
:class:`collections.Counter`, never by hidden copy ids.

>>> parse_card("10H") == parse_card("TH") == Card(10, Suit.HEARTS)
True
>>> sorted([parse_card("KS"), parse_card("2H"), JOKER, parse_card("2S")])
[Card.parse('2S'), Card.parse('2H'), Card.parse('KS'), Card.parse('JK')]

A card is named in words in the language in use:

>>> from machiavelli_kit.i18n import speaking
>>> card = parse_card("10H")
>>> with speaking("it"):
...     card.name, JOKER.name
('dieci di cuori', 'jolly')
>>> with speaking("pl"):
...     card.name, parse_card("QS").name
('dziesiątka kier', 'dama pik')

The card notation is parsed and written in this one place. A card is a rank
and a suit: ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is accepted for ten),
suits ``S H D C`` or the symbols ``♠ ♥ ♦ ♣``; ``JK`` is a joker. Case does not
matter. Cards are separated by spaces or commas, melds of a table by ``|``.

>>> parse_cards("10H TH 10♥")
(Card.parse('10H'), Card.parse('10H'), Card.parse('10H'))
>>> format_table(parse_table("5S 5H 5D | 6H 7H 8H"))
'5S 5H 5D | 6H 7H 8H'
>>> parse_card("11H")
Traceback (most recent call last):
...
machiavelli_kit.core.cards.NotationError: '11H' is not a card: ranks are A, 2-10, J, Q, K

In Italian (``lang="it"``, or Italian in use) the Italian suit letters that do
not clash with the notation are read too: ``P`` picche (spades), ``Q`` quadri
(diamonds), ``F`` fiori (clubs); ``C`` is clubs and ``H`` hearts as always.
Cards are written back in the one notation.

>>> format_cards(parse_cards("7P 10Q QF 7C", lang="it"))
'7S 10D QC 7C'
>>> parse_card("7P")
Traceback (most recent call last):
...
machiavelli_kit.core.cards.NotationError: '7P' is not a card: suits are S, H, D, C (or ♠ ♥ ♦ ♣)

Error messages are in the language in use (or ``lang``); they quote the input with
:func:`quote`, which cuts a long text short.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, total_ordering
from typing import cast

from machiavelli_kit.i18n import N_, _, language, ngettext, pgettext, speaking

RANKS: tuple[int, ...] = tuple(range(1, 14))
"""Card ranks: 1 is the ace, 11 jack, 12 queen, 13 king."""

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0


class Suit(enum.Enum):
    """The four French suits, in the kit's display order."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``♥``."""
        return _SYMBOLS[self]

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]


SUITS: tuple[Suit, ...] = tuple(Suit)
_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}
RANK_SYMBOLS = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K", **{rank: str(rank) for rank in range(2, 11)}}
"""How each rank is written in the card notation."""
RANK_NAMES = {ACE: "ace", JACK: "jack", QUEEN: "queen", KING: "king", 2: "two", 3: "three", 4: "four", 5: "five",
              6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}  # fmt: skip
"""How each rank is said in English words (:func:`rank_name` says it in the language in use)."""
SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
"""How each suit is said in English words (:func:`suit_name` says it in the language in use)."""


def rank_name(rank: int) -> str:
    """A rank in words, in the language in use: ``ten``, ``dieci``, ``dziesiątka``."""
    return _rank_names(language())[rank]


def suit_name(suit: Suit) -> str:
    """A suit in words, in the language in use: ``hearts``, ``cuori``, ``kier``."""
    return _suit_names(language())[suit]


@cache
def _rank_names(lang: str) -> dict[int, str]:
    # TRANSLATORS: the name of one card rank, as said in "{rank} of {suit}" (the ten of hearts).
    return {
        ACE: pgettext("rank", "ace", lang),
        2: pgettext("rank", "two", lang),
        3: pgettext("rank", "three", lang),
        4: pgettext("rank", "four", lang),
        5: pgettext("rank", "five", lang),
        6: pgettext("rank", "six", lang),
        7: pgettext("rank", "seven", lang),
        8: pgettext("rank", "eight", lang),
        9: pgettext("rank", "nine", lang),
        10: pgettext("rank", "ten", lang),
        JACK: pgettext("rank", "jack", lang),
        QUEEN: pgettext("rank", "queen", lang),
        KING: pgettext("rank", "king", lang),
    }


@cache
def _suit_names(lang: str) -> dict[Suit, str]:
    # TRANSLATORS: the name of a suit, as said in "{rank} of {suit}" and in "this run mixes hearts and spades".
    return {
        Suit.SPADES: pgettext("suit", "spades", lang),
        Suit.HEARTS: pgettext("suit", "hearts", lang),
        Suit.DIAMONDS: pgettext("suit", "diamonds", lang),
        Suit.CLUBS: pgettext("suit", "clubs", lang),
    }


@total_ordering
@dataclass(frozen=True)
class Card:
    """One playing card: a rank from 1 (ace) to 13 (king) and a suit, or a joker.

    Cards sort by rank, then suit; jokers sort last.
    """

    rank: int
    suit: Suit | None

    def __post_init__(self) -> None:
        if self.suit is None:
            if self.rank != JOKER_RANK:
                raise ValueError(f"a card without a suit must be the joker, not rank {self.rank}")
        elif self.rank not in RANKS:
            raise ValueError(f"rank {self.rank} is not a card rank: ranks run from 1 (ace) to 13 (king)")

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def sort_key(self) -> tuple[int, int]:
        if self.suit is None:
            return (99, 99)
        return (self.rank, self.suit.order)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card in the kit's notation (see :func:`parse_card`)."""
        return parse_card(text)

    @property
    def code(self) -> str:
        """ASCII notation, e.g. ``10H`` or ``JK``."""
        return format_card(self)

    @property
    def name(self) -> str:
        """The card in words, in the language in use, e.g. ``ten of hearts``."""
        if self.suit is None:
            # TRANSLATORS: the joker card, named alone (the glossary's word for joker).
            return _("joker")
        # TRANSLATORS: a card in words, e.g. "ten of hearts"; {rank} and {suit} are the rank and suit names.
        return _("{rank} of {suit}").format(rank=rank_name(self.rank), suit=suit_name(self.suit))

    def __str__(self) -> str:
        return format_card(self, unicode=True)

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_svg_(self) -> str:
        from machiavelli_kit.core.svg import card_svg

        return card_svg(self)


JOKER = Card(JOKER_RANK, None)


def full_deck(decks: int = 2, jokers: int = 0) -> Counter[Card]:
    """Every card of ``decks`` 52-card decks plus ``jokers`` jokers, as a multiset.

    >>> deck = full_deck(2, jokers=2)
    >>> sum(deck.values()), deck[Card(7, Suit.SPADES)], deck[JOKER]
    (106, 2, 2)
    """
    counter: Counter[Card] = Counter()
    for suit in SUITS:
        for rank in RANKS:
            counter[Card(rank, suit)] = decks
    if jokers:
        counter[JOKER] = jokers
    return counter


def rank_at(place: int) -> int:
    """The rank at a ``place`` on the line of a run, counted round the corner: 1 to 13 are A to K,
    14 is the ace above the king, 0 the king below the ace.

    >>> rank_at(14), rank_at(0), rank_at(12 + 3)
    (1, 13, 2)
    """
    return (place - 1) % len(RANKS) + 1


def top_place(ace_high: bool) -> int:
    """The highest place on the line of a run: 14 (the ace above the king) when aces are high, else 13."""
    return len(RANKS) + 1 if ace_high else len(RANKS)


def count_cards(count: int) -> str:
    """``count`` cards in words, in the language in use (Polish has three forms: 1 karta, 2 karty, 5 kart).

    >>> count_cards(1), count_cards(3)
    ('1 card', '3 cards')
    >>> from machiavelli_kit.i18n import speaking
    >>> with speaking("pl"):
    ...     [count_cards(n) for n in (1, 2, 5, 22)]
    ['1 karta', '2 karty', '5 kart', '22 karty']
    """
    return ngettext("{count} card", "{count} cards", count).format(count=count)


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
    if not isinstance(text, str | Iterable):
        with speaking(lang):
            if text is None:
                raise NotationError(_("the cards are missing (None): write them like 7H 8H 9H, or '' for none"))
            raise NotationError(_("{value} is not cards: write them like 7H 8H 9H").format(value=quote(text)))
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
    elif isinstance(text, Iterable):
        chunks = list(text)
    else:
        with speaking(lang):
            if text is None:
                message = _("the table is missing (None): write it like 5S 5H 5D | 6H 7H 8H, or '' for an empty table")
                raise NotationError(message)
            message = _("{value} is not a table: write it like 5S 5H 5D | 6H 7H 8H")
            raise NotationError(message.format(value=quote(text)))
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

    Only the start of a list or an object is written out, so a huge or deeply nested
    value read from a file costs no more than a short one.

    >>> quote("11H")
    "'11H'"
    >>> quote("10H" * 100_000)
    "'10H10H10H10H10H10H10'... (300,000 characters)"
    >>> quote(list(range(100)))
    '[0, 1, 2, 3, 4, 5, 6...'
    >>> nested = []
    >>> for _level in range(100_000):
    ...     nested = [nested]
    >>> quote(nested)
    '[[[[[[[[[[[[[[[[[[[[...'
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        # TRANSLATORS: a long input cut short: {text} is its start, {count} how long it is (300,000).
        cut = ngettext("{text}... ({count} character)", "{text}... ({count} characters)", len(value))
        return cut.format(text=repr(value[:limit]), count=f"{len(value):,}")
    text = _repr_start(value, limit + 2)
    return text if len(text) <= limit + 2 else f"{text[:limit]}..."


def _repr_start(value: object, room: int) -> str:
    """``repr(value)`` whole when it fits in ``room`` characters, else a start of it longer than ``room``.

    Lists, tuples and dicts are written item by item until the room is used up; each level
    of nesting takes a character, so the recursion stops within ``room`` levels.
    """
    if room < 0:
        return ""
    if isinstance(value, str):
        # A piece just longer than the room, with the quote marks that make repr(value) choose its quote.
        marks = ("'" if "'" in value else "") + ('"' if '"' in value else "")
        return repr(value) if len(value) <= room else repr(value[: room + 1] + marks)
    brackets = _BRACKETS.get(type(value).__repr__)
    if brackets is None:
        try:
            return repr(value)
        except ValueError:  # an int past Python's 4,300 decimal digits: hexadecimal has no limit
            return f"{value:#x}"
    text = brackets[0]
    if isinstance(value, dict):
        pairs: Iterable[tuple[object, object]] = value.items()
    else:
        pairs = ((None, item) for item in cast("Iterable[object]", value))
    for index, (key, item) in enumerate(pairs):
        text += ", " if index else ""
        if isinstance(value, dict):
            text += _repr_start(key, room - len(text)) + ": "
        text += _repr_start(item, room - len(text))
        if len(text) > room:
            return text
    return text + ("," if isinstance(value, tuple) and len(value) == 1 else "") + brackets[1]


_BRACKETS = {list.__repr__: "[]", tuple.__repr__: "()", dict.__repr__: "{}"}
"""The containers :func:`_repr_start` writes item by item (and their subclasses that keep the repr)."""


def _tokens(text: str) -> list[str]:
    return [token for token in _SEPARATORS.split(text.strip()) if token]
