"""Near-duplicate positions: the same puzzle with the suits swapped round or every rank moved along.

:func:`canonical_form` writes a position so that two positions get the same
text exactly when one turns into the other by renaming the suits and adding
the same number to every rank (an ace counts as 1 and no rank leaves A..K).
Meld order and card order inside melds do not matter.

>>> from machiavelli_kit.core.position import Position
>>> one = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H")
>>> other = Position.parse("9C 10C JC | 8S 8C 8H 8D", "7C")
>>> canonical_form(one) == canonical_form(other)
True
>>> canonical_form(one) == canonical_form(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "9H"))
False
"""

from __future__ import annotations

from itertools import permutations

from machiavelli_kit.core.cards import RANKS, SUITS, Card, Suit
from machiavelli_kit.core.position import Position


def canonical_form(position: Position) -> str:
    """The least text of the position over every suit renaming and rank shift."""
    cards = [card for card in position.all_cards() if not card.is_joker]
    low = min((card.rank for card in cards), default=1)
    high = max((card.rank for card in cards), default=1)
    shifts = range(1 - low, len(RANKS) - high + 1)
    return min(_text(position, dict(zip(SUITS, order, strict=True)), shift)
               for order in permutations(SUITS) for shift in shifts)  # fmt: skip


def _text(position: Position, suits: dict[Suit, Suit], shift: int) -> str:
    def moved(card: Card) -> tuple[int, int]:
        if card.suit is None:
            return (99, 99)
        return (card.rank + shift, suits[card.suit].order)

    melds = sorted(str(sorted(moved(card) for card in meld.cards)) for meld in position.table.melds)
    return "|".join(melds) + "/" + str(sorted(moved(card) for card in position.hand))
