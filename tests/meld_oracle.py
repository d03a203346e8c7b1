"""Slow, definition-level answers for the tests, written without the kit's validator.

A meld is valid when some choice of cards for its jokers makes it a set (3-4 cards of
one rank, suits all different) or a run (3-13 cards of one suit on consecutive ranks,
the ace low, or high when ``ace_high``, or anywhere on the circle when ``wrap``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.rules import Rules


def rank_lines(length: int, rules: Rules) -> list[list[int]]:
    """Every sequence of ``length`` consecutive ranks a run may use (1 is the ace)."""
    if length > 13:
        return []
    if rules.wrap:
        return [[(start + offset) % 13 + 1 for offset in range(length)] for start in range(13)]
    top = 14 if rules.ace_high else 13
    return [[(start + offset - 1) % 13 + 1 for offset in range(length)] for start in range(1, top - length + 2)]


def meld_kinds(meld: Sequence[Card], rules: Rules) -> set[str]:
    """The kinds ("set", "run") ``meld`` can be read as; empty when it is no meld."""
    known = [card for card in meld if not card.is_joker]
    if len(known) < len(meld) and rules.jokers == 0:
        return set()
    if len(meld) < 3 or len(set(known)) < len(known):
        return set()
    kinds = set()
    if len({card.rank for card in known}) <= 1 and len(meld) <= 4:
        kinds.add("set")
    if len({card.suit for card in known}) <= 1:
        ranks = {card.rank for card in known}
        if any(ranks <= set(line) for line in rank_lines(len(meld), rules)):
            kinds.add("run")
    return kinds


def can_partition(cards: Counter[Card], rules: Rules) -> bool:
    """Whether ``cards`` split into valid melds, tried exhaustively (small inputs only)."""
    if not cards:
        return True
    first = min(cards.elements())
    rest = cards.copy()
    rest[first] -= 1
    others = sorted((+rest).elements())
    for size in range(2, min(len(others), 12) + 1):
        for companions in set(combinations(others, size)):
            if meld_kinds((first, *companions), rules) and can_partition(+rest - Counter(companions), rules):
                return True
    return False


def most_cards_playable(table: Counter[Card], hand: Sequence[Card], rules: Rules) -> int:
    """The most hand cards one turn can add to ``table`` so that it splits into valid melds."""
    cap = len(hand) if rules.max_cards_per_turn is None else min(len(hand), rules.max_cards_per_turn)
    for count in range(cap, 0, -1):
        if any(can_partition(table + Counter(chosen), rules) for chosen in set(combinations(sorted(hand), count))):
            return count
    return 0
