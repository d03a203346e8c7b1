"""Points left in hand, and who wins a game that ends without a close.

>>> from machiavelli_kit.core.cards import parse_cards
>>> hand_points(parse_cards("2H 10S KD AC JK"))
58
>>> fewest([3, 1, 1]), fewest([4, 2, 5])
(None, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from machiavelli_kit.core.cards import ACE, Card

JOKER_POINTS, ACE_POINTS, FACE_POINTS = 25, 11, 10


def card_points(card: Card) -> int:
    """What a card left in hand costs: 2-10 face value, J Q K 10, A 11, joker 25."""
    if card.is_joker:
        return JOKER_POINTS
    if card.rank == ACE:
        return ACE_POINTS
    return min(card.rank, FACE_POINTS)


def hand_points(cards: Iterable[Card]) -> int:
    return sum(card_points(card) for card in cards)


def fewest(counts: Sequence[int]) -> int | None:
    """The seat with the fewest cards (or points), or ``None`` when two or more share the fewest (a draw)."""
    low = min(counts)
    seats = [seat for seat, count in enumerate(counts) if count == low]
    return seats[0] if len(seats) == 1 else None
