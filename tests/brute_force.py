"""A slow, obviously correct oracle for small positions: try every subset and every partition.

What counts as a kept card is the kit's definition (``matching.kept_cards``); the search
over plays, partitions and matchings is exhaustive and shares nothing with the solver."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, permutations

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.melds import check_meld
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver.matching import kept_cards

Partition = tuple[tuple[Card, ...], ...]


def partitions(cards: Counter[Card], rules: Rules) -> Iterator[Partition]:
    """Every way to split ``cards`` into valid melds (the meld holding the lowest card first)."""
    if not cards:
        yield ()
        return
    first = min(cards.elements())
    rest = cards.copy()
    rest[first] -= 1
    others = sorted((+rest).elements())
    seen: set[tuple[Card, ...]] = set()
    for size in range(2, min(len(others), rules.run_limit() - 1) + 1):
        for companions in combinations(others, size):
            meld = (first, *companions)
            if meld in seen:
                continue
            seen.add(meld)
            if check_meld(meld, rules).valid:
                for tail in partitions(rest - Counter(companions), rules):
                    yield (meld, *tail)


def best_play(position: Position, rules: Rules) -> tuple[int, int]:
    """``(max_play, least par)`` by exhaustive search; ``(0, 0)`` when nothing can be played."""
    table = position.table.cards()
    hand = list(position.hand)
    cap = len(hand) if rules.max_cards_per_turn is None else min(len(hand), rules.max_cards_per_turn)
    for count in range(cap, 0, -1):
        best_changed: int | None = None
        for chosen in set(combinations(hand, count)):
            for partition in partitions(table + Counter(chosen), rules):
                changed = _changed(position, partition, rules)
                if best_changed is None or changed < best_changed:
                    best_changed = changed
        if best_changed is not None:
            return count, count + best_changed
    return 0, 0


def _changed(position: Position, partition: Partition, rules: Rules) -> int:
    """Table cards not kept: the best matching of start melds to final melds, tried exhaustively."""
    start = [meld.cards for meld in position.table.melds]
    naturals = sum(1 for meld in start for card in meld if not card.is_joker)
    slots: list[int | None] = list(range(len(partition))) + [None] * len(start)
    best = 0
    for assignment in set(permutations(slots, len(start))):
        kept = sum(kept_cards(start[i], partition[f], rules) for i, f in enumerate(assignment) if f is not None)
        best = max(best, kept)
    return naturals - best


Item = tuple[Card, str]
"""A card and where it comes from: ``table``, ``hand`` or ``helper``."""


def most_with_helpers(position: Position, helpers: tuple[Card, ...], rules: Rules) -> int:
    """The most hand cards one turn can play with these helping cards in the middle (0: none), by
    exhaustive search: every subset of the hand and of the helping cards, every partition of them
    with the table into melds, where a meld with a helping card holds no table card and at least two
    hand cards, and the helping cards do not count toward the turn's cap."""
    table: list[Item] = [(card, "table") for card in position.table.cards().elements()]
    hand, cap = list(position.hand), rules.turn_room(0, len(position.hand))
    for count in range(cap, 0, -1):
        for chosen in set(combinations(sorted(hand), count)):
            for size in range(len(helpers) + 1):
                for taken in set(combinations(sorted(helpers), size)):
                    items = [*table, *((card, "hand") for card in chosen), *((card, "helper") for card in taken)]
                    if _partitions_with_helpers(sorted(items), rules):
                        return count
    return 0


def _partitions_with_helpers(items: list[Item], rules: Rules) -> bool:
    """Whether ``items`` (sorted) split into valid melds, each meld with a helping card made only of
    hand cards and helping cards, at least two of them hand cards."""
    if not items:
        return True
    first, others = items[0], items[1:]
    seen: set[tuple[Item, ...]] = set()
    for size in range(2, len(others) + 1):
        for companions in combinations(others, size):
            meld = (first, *companions)
            if meld in seen:
                continue
            seen.add(meld)
            sources = Counter(source for _, source in meld)
            if sources["helper"] and (sources["table"] or sources["hand"] < 2):
                continue
            if check_meld(tuple(card for card, _ in meld), rules).valid:
                rest = list(others)
                for item in companions:
                    rest.remove(item)
                if _partitions_with_helpers(rest, rules):
                    return True
    return False
