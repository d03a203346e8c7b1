"""Which start meld goes on as which final meld: the matching behind *par*.

A start meld may go on as one final meld of its kind (a set as a set of its
rank, a run as a run of its suit); its natural cards found there stay, the
others change meld. The best matching is an assignment problem.

>>> from machiavelli_kit.core.position import Position, Table
>>> start = Table.parse("5S 5H 5D 5C | 6H 7H 8H")
>>> final = Table.parse("4H 5H 6H 7H 8H | 5S 5D 5C")
>>> match_melds(start, final)
((1, 0), 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linear_sum_assignment

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules import BGA, Rules
from machiavelli_kit.solver.templates import meld_shape


def match_melds(start: Table, final: Table, rules: Rules = BGA) -> tuple[tuple[int | None, ...], int]:
    """For each final meld, the start meld it continues (or ``None``), and how many
    natural start-table cards change meld under the best such matching."""
    befores = [_Side.of(meld.cards, rules) for meld in start.melds]
    afters = [_Side.of(meld.cards, rules) for meld in final.melds]
    weights = np.array([[before.kept(after) for after in afters] for before in befores], dtype=float)
    weights = weights.reshape(len(befores), len(afters))
    rows, columns = linear_sum_assignment(weights, maximize=True)
    origins: list[int | None] = [None] * len(final.melds)
    kept = 0
    for row, column in zip(rows, columns, strict=True):
        if weights[row, column] > 0:
            origins[column] = int(row)
            kept += int(weights[row, column])
    naturals = sum(1 for meld in start.melds for card in meld.cards if not card.is_joker)
    return tuple(origins), naturals - kept


def kept_cards(before: tuple[Card, ...], after: tuple[Card, ...], rules: Rules = BGA) -> int:
    """How many natural cards of ``before`` stay if it goes on as ``after`` (0 if it cannot)."""
    return _Side.of(before, rules).kept(_Side.of(after, rules))


@dataclass(frozen=True)
class _Side:
    """A meld as the matching sees it: its kind (``None``: not a meld) and its natural cards."""

    kind: str | None
    naturals: tuple[Card, ...]

    @classmethod
    def of(cls, cards: tuple[Card, ...], rules: Rules) -> _Side:
        return cls(meld_shape(cards, rules)[0], tuple(card for card in cards if not card.is_joker))

    def kept(self, after: _Side) -> int:
        """How many of these natural cards stay if this meld goes on as ``after``."""
        common = sum((Counter(self.naturals) & Counter(after.naturals)).values())
        if self.kind is None or not common:
            return 0
        if len(after.naturals) > 1 and after.kind != self.kind:
            return 0
        if self.kind == "set":
            return common if self.naturals[0].rank == after.naturals[0].rank else 0
        return common if self.naturals[0].suit == after.naturals[0].suit else 0
