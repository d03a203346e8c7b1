"""Every meld shape the rules allow, as card slots: the solver's building blocks.

A template is one set or run with each slot naming the card it needs (a
joker may fill any slot). Templates depend on the rules only, so they are
built once per rules and cached, with :class:`TemplateArrays`, the same
templates as flat arrays for the solver's matrices.

>>> len(templates(Rules())), len(templates(Rules(ace_high=False))), len(templates(Rules(wrap=True)))
(373, 329, 589)

With ``wrap=unlimited`` a run goes round and round as long as the decks last, so a
template may name a card twice (a run of 14 to 26 cards with two decks):

>>> len(templates(Rules(wrap="unlimited"))), max(len(shape.slots) for shape in templates(Rules(wrap="unlimited")))
(1313, 26)
>>> arrays = template_arrays(Rules())
>>> [card_at(int(slot)).code for slot in arrays.slots_of(arrays.index[(0, 1, 2)])]
['AS', '2S', '3S']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from itertools import combinations
from typing import Literal

import numpy as np
import numpy.typing as npt

from machiavelli_kit.core.cards import RANKS, SUITS, Card, Suit
from machiavelli_kit.core.melds import MAX_RUN, MAX_SET, MIN_MELD, check_shape
from machiavelli_kit.core.rules import Rules

CARD_COUNT = 52
JOKER_INDEX = CARD_COUNT
"""Where :func:`card_indexes` counts a joker: after the 52 natural cards."""
MAX_NEW_RUN = 5
"""New runs are offered with 3 to 5 cards: a longer new run is two shorter ones."""

IntArray = npt.NDArray[np.int64]


_SUIT_BASE = {suit.value: 13 * suit.order for suit in SUITS}
"""The index of each suit's ace, by the suit's letter: a string's hash is cached, an enum's is not."""


def card_index(card: Card) -> int:
    """A natural card's index 0..51 (suit-major); jokers have none."""
    assert card.suit is not None, "jokers have no card index"
    return _SUIT_BASE[card.suit._value_] + card.rank - 1


def card_indexes(cards: Iterable[Card]) -> list[int]:
    """Each card's index (:data:`JOKER_INDEX` for a joker), without hashing a card: quicker than a dict of cards."""
    return [JOKER_INDEX if card.suit is None else _SUIT_BASE[card.suit._value_] + card.rank - 1 for card in cards]


def card_bits(indexes: Iterable[int]) -> int:
    """The natural cards among ``indexes`` as bits (bit ``c`` for the card with index ``c``; jokers
    and copies add nothing): a set of cards in one integer, which a template's cards meet with ``&``.

    >>> bin(card_bits([0, 2, 2, JOKER_INDEX]))
    '0b101'
    """
    bits = 0
    for index in indexes:
        bits |= 1 << index
    return bits & ~(1 << JOKER_INDEX)


_CARDS = tuple(Card(index % 13 + 1, SUITS[index // 13]) for index in range(CARD_COUNT))


def card_at(index: int) -> Card:
    """The natural card with index ``index`` (see :func:`card_index`)."""
    return _CARDS[index]


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
    return _templates(*_key(rules))


def _key(rules: Rules) -> tuple[bool, bool, int]:
    """What the templates depend on: the ace, the corner, and how far runs go round (0: not past 13 cards)."""
    return rules.ace_high, bool(rules.wrap), rules.run_limit() if rules.unlimited_runs else 0


@cache
def _templates(ace_high: bool, wrap: bool, round_to: int = 0) -> tuple[Template, ...]:
    found: list[Template] = []
    for rank in RANKS:
        for size in range(MIN_MELD, MAX_SET + 1):
            for suits in combinations(SUITS, size):
                slots = tuple(card_index(Card(rank, suit)) for suit in suits)
                found.append(Template("set", slots, rank=rank))
    for suit in SUITS:
        for ranks in _run_rank_windows(ace_high, wrap, round_to):
            found.append(Template("run", tuple(card_index(Card(rank, suit)) for rank in ranks), suit=suit))
    return tuple(found)


def _run_rank_windows(ace_high: bool, wrap: bool, round_to: int = 0) -> list[tuple[int, ...]]:
    """The rank sequences of every run, e.g. (12, 13, 1) for Q K A; runs going round and round
    up to ``round_to`` cards (13 cards from every start, then one more each time)."""
    if round_to:
        return [
            tuple((start + offset) % 13 + 1 for offset in range(length))
            for length in range(MIN_MELD, round_to + 1)
            for start in range(13)
        ]
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


@dataclass(frozen=True, eq=False)
class TemplateArrays:
    """A rule set's templates as flat arrays: template ``t`` has the slots
    ``slots[starts[t]:starts[t + 1]]``; ``new`` lists the templates offered as
    new melds (sets, and runs of at most :data:`MAX_NEW_RUN` cards)."""

    templates: tuple[Template, ...]
    starts: IntArray
    slots: IntArray
    new: IntArray
    index: dict[tuple[int, ...], int]
    """Each template's number, by its slots."""
    by_cards: dict[frozenset[int], int]
    """Each template's number, by its set of slots (a meld's cards in any order); of two with the
    same cards (A to K and 2 to A), the first, as the validator arranges them. Templates that
    name a card twice are not here: :attr:`by_multiset` holds them."""
    by_shape: dict[tuple[str, int], IntArray]
    """The numbers of the sets of each rank (``("set", rank)``) and the runs of each suit (``("run", suit order)``)."""
    cards: tuple[tuple[Card, ...], ...]
    """Each template's cards, in play order (:meth:`Template.cards`)."""
    grid: IntArray
    """Row ``t``: template ``t``'s slots, then :data:`JOKER_INDEX` (no card) up to the longest template
    (at least :data:`MAX_RUN` columns); the first :data:`MAX_NEW_RUN` columns hold every slot of a new meld."""
    by_multiset: dict[tuple[int, ...], int]
    """The templates that name a card twice (runs round and round), by their slots in order of card."""

    @property
    def repeats(self) -> bool:
        """Whether some template names a card twice (``wrap=unlimited``)."""
        return bool(self.by_multiset)

    @cached_property
    def twice(self) -> npt.NDArray[np.bool_]:
        """Which templates name a card twice."""
        return np.array([len(set(shape.slots)) < len(shape.slots) for shape in self.templates], dtype=bool)

    @cached_property
    def masks(self) -> IntArray:
        """Each template's cards as bits (bit ``c`` for the card with index ``c``): a position's
        cards as bits too, each template's cards it holds are one ``&`` away."""
        return np.array([card_bits(shape.slots) for shape in self.templates], dtype=np.int64)

    @cached_property
    def sizes(self) -> IntArray:
        """How many slots each template has."""
        return np.diff(self.starts)

    def number_of(self, indexes: list[int]) -> int | None:
        """The template a meld's cards (indexes, no joker) fill in some order, if any."""
        unique = frozenset(indexes)
        if len(unique) == len(indexes):
            return self.by_cards.get(unique)
        return self.by_multiset.get(tuple(sorted(indexes)))

    def slots_of(self, template: int) -> IntArray:
        return self.slots[self.starts[template] : self.starts[template + 1]]

    def gather(self, chosen: IntArray) -> tuple[IntArray, IntArray]:
        """The slots of the ``chosen`` templates one after another, and where each one's slots start."""
        sizes = self.starts[chosen + 1] - self.starts[chosen]
        offsets = np.zeros(len(chosen) + 1, dtype=np.int64)
        np.cumsum(sizes, out=offsets[1:])
        within = np.arange(offsets[-1]) - np.repeat(offsets[:-1], sizes)
        return self.slots[np.repeat(self.starts[chosen], sizes) + within], offsets


def template_arrays(rules: Rules) -> TemplateArrays:
    """The rules' templates as :class:`TemplateArrays` (built once per rules)."""
    return _template_arrays(*_key(rules))


@cache
def _template_arrays(ace_high: bool, wrap: bool, round_to: int = 0) -> TemplateArrays:
    shapes = _templates(ace_high, wrap, round_to)
    width = max(MAX_RUN, *(len(shape.slots) for shape in shapes))
    sizes = np.array([len(shape.slots) for shape in shapes], dtype=np.int64)
    starts = np.zeros(len(shapes) + 1, dtype=np.int64)
    np.cumsum(sizes, out=starts[1:])
    slots = np.array([slot for shape in shapes for slot in shape.slots], dtype=np.int64)
    new = np.array(
        [t for t, shape in enumerate(shapes) if shape.kind == "set" or len(shape.slots) <= MAX_NEW_RUN],
        dtype=np.int64,
    )
    by_shape: dict[tuple[str, int], list[int]] = {}
    for number, shape in enumerate(shapes):
        key = shape.rank if shape.rank is not None else shape.suit.order if shape.suit is not None else 0
        by_shape.setdefault((shape.kind, key), []).append(number)
    return TemplateArrays(
        shapes,
        starts,
        slots,
        new,
        {shape.slots: number for number, shape in enumerate(shapes)},
        {
            frozenset(shape.slots): number
            for number, shape in reversed(tuple(enumerate(shapes)))
            if len(set(shape.slots)) == len(shape.slots)
        },
        {key: np.array(numbers, dtype=np.int64) for key, numbers in by_shape.items()},
        tuple(shape.cards() for shape in shapes),
        np.array([shape.slots + (JOKER_INDEX,) * (width - len(shape.slots)) for shape in shapes], dtype=np.int64),
        {
            tuple(sorted(shape.slots)): number
            for number, shape in reversed(tuple(enumerate(shapes)))
            if len(set(shape.slots)) < len(shape.slots)
        },
    )


def meld_shape(cards: tuple[Card, ...], rules: Rules) -> tuple[Literal["set", "run"] | None, tuple[Card, ...]]:
    """A meld's kind whatever the joker supply (``None``: not a meld) and its cards in play
    order, as :func:`~machiavelli_kit.core.melds.check_shape` says; a meld without jokers is
    looked up among the templates by its cards' indexes, which is quicker, the others are
    checked once (cached).

    >>> from machiavelli_kit.core.cards import parse_cards
    >>> meld_shape(parse_cards("7H 5H 6H"), Rules()), meld_shape(parse_cards("5H JK 5S"), Rules())[0]
    (('run', (Card.parse('5H'), Card.parse('6H'), Card.parse('7H'))), 'set')
    >>> meld_shape(parse_cards("5H 5H 5S"), Rules())[0] is None
    True
    """
    indexes = card_indexes(cards)
    if JOKER_INDEX not in indexes:
        arrays = template_arrays(rules)
        number = arrays.number_of(indexes)
        if number is not None:
            return arrays.templates[number].kind, arrays.cards[number]
    return _checked_shape(cards, rules)


@lru_cache(maxsize=8192)
def _checked_shape(cards: tuple[Card, ...], rules: Rules) -> tuple[Literal["set", "run"] | None, tuple[Card, ...]]:
    verdict = check_shape(cards, rules)
    return verdict.kind, verdict.arranged
