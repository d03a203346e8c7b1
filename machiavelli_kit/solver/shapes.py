"""What a start meld may go on as, worked out once per shape and remembered.

A start meld goes on as a set of its rank or as a run of its suit, keeping its
natural cards that the final meld holds: its :class:`Shape`. Its
*continuations* are the templates it may go on as; its *reforms* (for the
lay-off shortcut) those that keep all its natural cards. With ``wrap=unlimited`` a start
run may hold a card twice, and a template may name it twice: what stays is counted card by
card, each copy once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from machiavelli_kit.core.cards import JOKER, Card
from machiavelli_kit.core.melds import MIN_MELD
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver.templates import (
    CARD_COUNT,
    JOKER_INDEX,
    IntArray,
    TemplateArrays,
    card_at,
    meld_shape,
    template_arrays,
)


@dataclass(frozen=True)
class Shape:
    """What a start meld may go on as: a set of its rank or a run of its suit (by the suit's
    order), and its natural cards (a set; ``twice``: those it holds twice, a run round and round)."""

    kind: str
    key: int
    cards: frozenset[int]
    twice: frozenset[int] = frozenset()

    def size(self) -> int:
        """How many natural cards the start meld holds."""
        return len(self.cards) + len(self.twice)


def _meld_shape(cards: tuple[Card, ...], indexes: list[int], arrays: TemplateArrays, rules: Rules) -> Shape | None:
    """How a start meld can go on; ``None`` when it cannot (no naturals, or not a meld)."""
    naturals = [index for index in indexes if index != JOKER_INDEX]
    unique = frozenset(naturals)
    if not naturals or (len(unique) < len(naturals) and not arrays.repeats):
        return None
    number = arrays.number_of(naturals) if len(naturals) == len(indexes) else None
    kind = meld_shape(cards, rules)[0] if number is None else arrays.templates[number].kind
    twice = frozenset(index for index, count in Counter(naturals).items() if count > 1)
    if kind == "set":
        return Shape("set", naturals[0] % 13 + 1, unique)
    if kind == "run":
        return Shape("run", naturals[0] // 13, unique, twice)
    return None


@lru_cache(maxsize=8192)
def known_shape(indexes: tuple[int, ...], rules: Rules) -> Shape | None:
    """:func:`_meld_shape` of the start meld with these card indexes, remembered: the same
    melds come back on table after table."""
    cards = tuple(JOKER if index == JOKER_INDEX else card_at(index) for index in indexes)
    return _meld_shape(cards, list(indexes), template_arrays(rules), rules)


@lru_cache(maxsize=4096)
def continuations(arrays: TemplateArrays, shape: Shape) -> tuple[IntArray, IntArray]:
    """The templates a start meld of ``shape`` may go on as, and how many of its cards stay in each.

    A run that could shed three or more of its new cards as a run of their own,
    keeping three or more with the kept cards, is left out: the shorter
    continuation plus a new run is as good.
    """
    candidates, grid, sizes = _shape_group(arrays, shape.kind, shape.key)
    member = np.zeros(CARD_COUNT + 1, dtype=bool)  # JOKER_INDEX (no card) is no member
    member[list(shape.cards)] = True
    inside = member[grid]
    stays = inside.sum(axis=1, dtype=np.int64)
    if arrays.repeats:  # each copy the start meld holds stays once at most
        stays = np.array([_stays(shape, arrays.templates[int(t)].slots) for t in candidates], dtype=np.int64)
    usable = stays > 0
    if shape.kind == "run":  # first and last kept places (read only where some card stays)
        first = inside.argmax(axis=1)
        last = grid.shape[1] - 1 - inside[:, ::-1].argmax(axis=1)
        usable &= ~(
            ((first >= MIN_MELD) & (sizes - first >= MIN_MELD))
            | ((sizes - 1 - last >= MIN_MELD) & (last + 1 >= MIN_MELD))
        )
    return candidates[usable], stays[usable]


@lru_cache(maxsize=4096)
def reforms_of(arrays: TemplateArrays, shape: Shape, jokers: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The melds a start meld of ``shape`` may go on as keeping all its natural cards, and the
    slots each one leaves open: longer ones only, unless the meld has ``jokers`` to free."""
    candidates, stays = continuations(arrays, shape)
    least = MIN_MELD if jokers else shape.size() + 1
    return [
        (template, tuple(slot for slot in arrays.templates[template].slots if slot not in shape.cards))
        for template in candidates[stays == shape.size()].tolist()
        if len(arrays.templates[template].slots) >= least
    ]


def stays_in(shape: Shape, slots: tuple[int, ...]) -> tuple[int, ...]:
    """The start meld's natural cards that a final meld with these slots keeps, each copy once
    (a card the meld holds twice and the slots name twice, twice), in no particular order."""
    if not shape.twice and len(set(slots)) == len(slots):
        return tuple(shape.cards.intersection(slots))
    return tuple((Counter(slots) & (Counter(shape.cards) + Counter(shape.twice))).elements())


def _stays(shape: Shape, slots: tuple[int, ...]) -> int:
    return len(stays_in(shape, slots))


def fills(indexes: list[int], arrays: TemplateArrays, template: int) -> bool:
    """Whether a meld's cards (indexes) fill ``template`` slot by slot as they lie, jokers in any slots."""
    slots = arrays.templates[template].slots
    return len(slots) == len(indexes) and all(
        index in (slot, JOKER_INDEX) for index, slot in zip(indexes, slots, strict=True)
    )


def kept_whole(indexes: list[int], arrays: TemplateArrays) -> tuple[int, tuple[Card, ...]]:
    """The template a start meld without jokers fills as it is, and its cards in the template's order."""
    template = arrays.number_of(indexes)
    assert template is not None, "a start meld without jokers fills a template"
    return template, arrays.cards[template]


@lru_cache(maxsize=256)
def _shape_group(arrays: TemplateArrays, kind: str, key: int) -> tuple[IntArray, IntArray, IntArray]:
    """The templates a start meld of that kind and key may go on as, their slots (a row each,
    padded with :data:`JOKER_INDEX`) and their sizes."""
    candidates = arrays.by_shape[(kind, key)]
    return candidates, arrays.grid[candidates], arrays.starts[candidates + 1] - arrays.starts[candidates]
