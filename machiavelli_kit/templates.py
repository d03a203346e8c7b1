"""Every meld shape the rules allow, as card slots: the solver's building blocks.

A template is one set or run with each slot naming the card it needs (a
joker may fill any slot). Templates depend on the rules only, so they are
built once per rules and cached.

>>> len(templates(Rules())), len(templates(Rules(ace_high=False))), len(templates(Rules(wrap=True)))
(373, 329, 589)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Literal

from machiavelli_kit.cards import RANKS, SUITS, Card, Suit
from machiavelli_kit.melds import MAX_RUN, MAX_SET, MIN_MELD
from machiavelli_kit.rules import Rules

CARD_COUNT = 52


def card_index(card: Card) -> int:
    """A natural card's index 0..51 (suit-major); jokers have none."""
    assert card.suit is not None, "jokers have no card index"
    return card.suit.order * 13 + card.rank - 1


def card_at(index: int) -> Card:
    return Card(index % 13 + 1, SUITS[index // 13])


@dataclass(frozen=True)
class Template:
    """One meld shape: its kind, and the cards of its slots in play order."""

    kind: Literal["set", "run"]
    slots: tuple[int, ...]
    rank: int | None = None
    suit: Suit | None = None

    def cards(self) -> tuple[Card, ...]:
        return tuple(card_at(index) for index in self.slots)


def templates(rules: Rules) -> tuple[Template, ...]:
    """All sets and runs the rules allow (sets first, then runs by suit)."""
    return _templates(rules.ace_high, rules.wrap)


@cache
def _templates(ace_high: bool, wrap: bool) -> tuple[Template, ...]:
    found: list[Template] = []
    for rank in RANKS:
        for size in range(MIN_MELD, MAX_SET + 1):
            for suits in combinations(SUITS, size):
                slots = tuple(card_index(Card(rank, suit)) for suit in suits)
                found.append(Template("set", slots, rank=rank))
    for suit in SUITS:
        for ranks in _run_rank_windows(ace_high, wrap):
            found.append(Template("run", tuple(card_index(Card(rank, suit)) for rank in ranks), suit=suit))
    return tuple(found)


def _run_rank_windows(ace_high: bool, wrap: bool) -> list[tuple[int, ...]]:
    """The rank sequences of every run, e.g. (12, 13, 1) for Q K A."""
    if wrap:
        windows = [
            tuple((start + offset) % 13 + 1 for offset in range(length))
            for length in range(MIN_MELD, MAX_RUN)
            for start in range(13)
        ]
        return [*windows, tuple(RANKS)]
    top = 14 if ace_high else 13
    return [
        tuple((start + offset - 1) % 13 + 1 for offset in range(length))
        for length in range(MIN_MELD, MAX_RUN + 1)
        for start in range(1, top - length + 2)
    ]
