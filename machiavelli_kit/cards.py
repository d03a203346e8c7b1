"""Cards, their ranks and suits, and the arithmetic of ranks along a run.

A :class:`Card` is a plain value: the two copies of the seven of spades in a
two-deck game are equal, and how many copies there are is counted by a
:class:`collections.Counter`, never by hidden copy ids.

>>> from machiavelli_kit.notation import parse_card
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
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from functools import cache, total_ordering

from machiavelli_kit.i18n import _, language, ngettext, pgettext

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
        """Parse one card in the kit's notation (see :mod:`machiavelli_kit.notation`)."""
        from machiavelli_kit.notation import parse_card

        return parse_card(text)

    @property
    def code(self) -> str:
        """ASCII notation, e.g. ``10H`` or ``JK``."""
        from machiavelli_kit.notation import format_card

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
        from machiavelli_kit.notation import format_card

        return format_card(self, unicode=True)

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_svg_(self) -> str:
        from machiavelli_kit.render import card_svg

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
