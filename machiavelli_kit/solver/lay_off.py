"""Plays that leave every natural table card in its meld: the solver's shortcut before its program.

A play where every start meld keeps its natural cards (growing by hand cards, or
trading its jokers for them) and the other hand cards form new melds, the table's
jokers going wherever they are needed, changes no table card (jokers count neither
way). When it also places every hand card that fits in any meld the decks and
jokers could fill, or as many as a turn allows, no play places more and none
disturbs the table less: it is the solver's answer, found without the program.
Many positions of a real game have one.

:func:`lay_off` searches for such a play, depth first, always on the hand card or
joker meld with the fewest ways left, within a budget of steps, and gives up past it:
the solver's program then answers, so the shortcut never changes what the solver
proves, only how fast it does.

>>> from machiavelli_kit.core.rules import Rules
>>> from machiavelli_kit.solver.templates import card_indexes, template_arrays
>>> from machiavelli_kit.core.cards import parse_cards
>>> arrays = template_arrays(Rules())
>>> def template(text): return arrays.index[tuple(card_indexes(parse_cards(text)))]
>>> longer = {0: [(template("4H 5H 6H 7H"), tuple(card_indexes(parse_cards("7H"))))]}
>>> found = lay_off(card_indexes(parse_cards("7H 9S 9D 9C")), longer, [], 0, arrays, skips=0)
>>> [(meld, " ".join(card.code for card in cards)) for meld, _template, cards in found]
[(0, '4H 5H 6H 7H'), (None, '9S 9D 9C')]
>>> lay_off(card_indexes(parse_cards("7H 9S 9D")), longer, [], 0, arrays, skips=0) is None
True

A joker on the table may leave its meld when a hand card takes its place, and go on
in a new meld (here the start meld ``4H JK 6H``, and the hand ``5H 9S 9D``):

>>> traded = {0: [(template("4H 5H 6H"), tuple(card_indexes(parse_cards("5H"))))]}
>>> found = lay_off(card_indexes(parse_cards("5H 9S 9D")), traded, [0], 1, arrays, skips=0)
>>> [(meld, " ".join(card.code for card in cards)) for meld, _template, cards in found]
[(0, '4H 5H 6H'), (None, '9S 9D JK')]
"""

from __future__ import annotations

import numpy as np

from machiavelli_kit.core.cards import JOKER, Card
from machiavelli_kit.solver.templates import CARD_COUNT, TemplateArrays, card_at, card_bits

SPARE_STEPS = 24
"""Choices the search may make, besides one for each hand card and each start meld whose jokers are
freed (as many as a play found without going back takes), before it gives up and the solver's
program answers: a hand of 30 cards on a table of eight decks needs more than a hand of 5."""


Reforms = dict[int, list[tuple[int, tuple[int, ...]]]]
"""For start melds, the melds each may go on as, holding all its natural cards: a template, and
the template's other slots (open, for hand cards or jokers)."""
Way = tuple[int, int, tuple[int, ...]]
"""A way to place cards: the start meld it re-forms (-1: a new meld), its template, its open slots."""
Placed = tuple[int | None, int, tuple[Card, ...]]
"""A meld of the play: the start meld it re-forms (``None``: a new meld), its template, its cards."""


def lay_off(
    hand: list[int],
    reforms: Reforms,
    freed: list[int],
    jokers: int,
    arrays: TemplateArrays,
    skips: int,
) -> list[Placed] | None:
    """Re-formed start melds and new melds that take every card of ``hand`` (card indexes, no
    jokers) but ``skips`` of them, re-form every start meld in ``freed`` (those whose jokers are
    freed) and place all ``jokers`` freed; ``None`` when the search finds none within its steps
    (one per hand card and freed meld, and :data:`SPARE_STEPS`). Start melds that are not
    re-formed stay as they are. The melds come re-formed first, in start order, then the new ones
    in template order."""
    remaining: dict[int, int] = {}
    for card in hand:
        remaining[card] = remaining.get(card, 0) + 1
    ways: dict[int, list[Way]] = {card: [] for card in remaining}
    meld_ways: dict[int, list[Way]] = {meld: [] for meld in freed}
    for template in _new_melds(arrays, remaining, jokers):  # new melds of hand cards first, the longest first
        slots = arrays.templates[template].slots
        for card in slots:
            if card in remaining:
                ways[card].append((-1, template, slots))
    for meld, options in reforms.items():
        for template, slots in options:
            cards = [slot for slot in slots if slot in remaining]
            if len(slots) - len(cards) > jokers:
                continue
            if meld in meld_ways:
                meld_ways[meld].append((meld, template, slots))
            for card in cards:
                ways[card].append((meld, template, slots))
    if not skips and not all(ways.values()):
        return None  # a hand card with nowhere to go
    if jokers:  # a card's ways that need the fewest jokers first, then those with jokers last in the meld
        for card_ways in ways.values():
            card_ways.sort(key=lambda way: _jokers_needed(way[2], remaining))
    search = _Search(remaining, ways, meld_ways, jokers, len(hand) + len(freed) + SPARE_STEPS)
    if not search.run(len(hand) - skips):
        return None
    return sorted(
        (
            (None if meld < 0 else meld, template, _cards(arrays, template, jokers))
            for meld, template, jokers in search.chosen
        ),
        key=lambda placed: (placed[0] is None, placed[0] or 0, placed[1]),
    )


def _new_melds(arrays: TemplateArrays, remaining: dict[int, int], jokers: int) -> list[int]:
    """The new melds (sets, and runs of 3 to 5 cards) that hand cards could fill with at most one
    of the ``jokers`` (more would make the search wide for plays it seldom finds), the longest first."""
    missing = np.bitwise_count(arrays.masks[arrays.new] & ~np.int64(card_bits(remaining)))
    fillable = arrays.new[missing <= min(jokers, 1)]
    found: list[int] = fillable[np.argsort(-arrays.sizes[fillable], kind="stable")].tolist()
    return found


def _jokers_needed(slots: tuple[int, ...], remaining: dict[int, int]) -> tuple[int, list[bool]]:
    """How many of ``slots`` no hand card fills, and which."""
    missing = [slot not in remaining for slot in slots]
    return sum(missing), missing


def _cards(arrays: TemplateArrays, template: int, jokers: tuple[int, ...]) -> tuple[Card, ...]:
    """A template's cards, with jokers in the slots ``jokers``."""
    return tuple(JOKER if slot in jokers else card_at(slot) for slot in arrays.templates[template].slots)


class _Search:
    """Depth first over the hand cards and the melds whose jokers are freed, each time on the
    one with the fewest ways left; an open slot takes its hand card when one is left, else a joker."""

    def __init__(
        self,
        remaining: dict[int, int],
        ways: dict[int, list[Way]],
        meld_ways: dict[int, list[Way]],
        jokers: int,
        steps: int,
    ) -> None:
        self.remaining = [0] * (CARD_COUNT + 1)
        for card, count in remaining.items():
            self.remaining[card] = count
        self.left = sum(remaining.values())
        self.jokers, self.steps = jokers, steps
        # every card and freed meld with its ways, those with the fewest first
        self.items: list[tuple[int, int, list[Way]]] = sorted(
            [(card, -1, options) for card, options in ways.items()]
            + [(-1, meld, options) for meld, options in meld_ways.items()],
            key=lambda item: len(item[2]),
        )
        self.freed = set(meld_ways)
        self.reformed: set[int] = set()
        self.chosen: list[tuple[int, int, tuple[int, ...]]] = []
        """Each way taken: its start meld (-1: none), its template, the slots it filled with jokers."""

    def run(self, to_place: int) -> bool:
        """Place ``to_place`` more hand cards; ``True`` when the play is complete (:attr:`chosen`)."""
        if to_place == 0 and self.freed <= self.reformed:
            return self.jokers == 0
        if self.steps <= 0:
            return False
        self.steps -= 1
        card, open_ways = self._hardest(to_place)
        if open_ways is None:
            return False
        for way in open_ways:
            placed = self._take(way)
            if self.run(to_place - placed):
                return True
            self._give_back(way)
        if card >= 0 and self.left > to_place:  # leave it in the hand: a turn places no more
            self.remaining[card] -= 1
            self.left -= 1
            if self.run(to_place):
                return True
            self.remaining[card] += 1
            self.left += 1
        return False

    def _hardest(self, to_place: int) -> tuple[int, list[Way] | None]:
        """The hand card (while cards are to be placed) or freed meld with the fewest open ways,
        and those ways (``None`` when one has none and cannot be left in the hand)."""
        remaining, reformed, jokers = self.remaining, self.reformed, self.jokers
        leave = self.left > to_place
        best: tuple[int, list[Way]] | None = None
        for card, meld, options in self.items:
            if (remaining[card] == 0 or not to_place) if card >= 0 else meld in reformed:
                continue
            # as many open ways as the best so far: this one cannot be chosen, so the count stops there
            # (on a table of many decks a card has hundreds of ways)
            enough = len(best[1]) if best is not None else len(options) + 1
            open_ways = []
            for way in options:
                if way[0] in reformed:
                    continue
                slots, cards = way[2], 0
                for slot in slots:
                    if remaining[slot]:
                        cards += 1
                if cards <= to_place and len(slots) - cards <= jokers:
                    open_ways.append(way)
                    if len(open_ways) == enough:
                        break
            if best is None or len(open_ways) < len(best[1]):
                best = card, open_ways
                if not open_ways and (card < 0 or not leave):
                    return card, None
                if len(open_ways) <= 1:
                    break
        return best if best is not None else (-1, None)

    def _take(self, way: Way) -> int:
        """Fill the way's slots (hand cards first, then jokers); how many hand cards it placed."""
        meld, template, slots = way
        remaining = self.remaining
        jokers = tuple(slot for slot in slots if not remaining[slot])
        for slot in slots:
            if remaining[slot]:
                remaining[slot] -= 1
        self.jokers -= len(jokers)
        self.left -= len(slots) - len(jokers)
        self.chosen.append((meld, template, jokers))
        if meld >= 0:
            self.reformed.add(meld)
        return len(slots) - len(jokers)

    def _give_back(self, way: Way) -> None:
        meld, _template, slots = way
        _meld, _template, jokers = self.chosen.pop()
        for slot in slots:
            if slot not in jokers:
                self.remaining[slot] += 1
        self.jokers += len(jokers)
        self.left += len(slots) - len(jokers)
        self.reformed.discard(meld)
