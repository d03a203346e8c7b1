"""Cards and multisets of cards.

A :class:`Card` is a plain value: the two copies of the seven of spades in a
two-deck game are equal, and how many copies there are is counted by a
:class:`collections.Counter` (see :func:`multiset`), never by hidden copy ids.

>>> from machiavelli_kit.notation import parse_card
>>> parse_card("10H") == parse_card("TH") == Card(10, Suit.HEARTS)
True
>>> sorted([parse_card("KS"), parse_card("2H"), JOKER, parse_card("2S")])
[Card.parse('2S'), Card.parse('2H'), Card.parse('KS'), Card.parse('JK')]
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import total_ordering

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
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]


SUITS: tuple[Suit, ...] = tuple(Suit)
_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


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
        """Words, e.g. ``ten of hearts``."""
        if self.suit is None:
            return "joker"
        rank = RANK_NAMES.get(self.rank) or _NUMBER_WORDS[self.rank]
        return f"{rank} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        from machiavelli_kit.notation import format_card

        return format_card(self, unicode=True)

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_svg_(self) -> str:
        from machiavelli_kit.render import card_svg

        return card_svg(self)


_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

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


def multiset(cards: Iterable[Card]) -> Counter[Card]:
    """Count the copies of each card."""
    return Counter(cards)
