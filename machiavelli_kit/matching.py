"""Which start meld goes on as which final meld: the matching behind *par*.

A start meld may go on as one final meld of its kind (a set as a set of its
rank, a run as a run of its suit); its natural cards found there stay, the
others change meld. The best matching is an assignment problem.

>>> from machiavelli_kit.position import Position, Table
>>> start = Table.parse("5S 5H 5D 5C | 6H 7H 8H")
>>> final = Table.parse("4H 5H 6H 7H 8H | 5S 5D 5C")
>>> match_melds(start, final)
((1, 0), 1)
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from scipy.optimize import linear_sum_assignment

from machiavelli_kit.cards import Card
from machiavelli_kit.melds import check_shape
from machiavelli_kit.position import Table
from machiavelli_kit.rules import BGA, Rules


def match_melds(start: Table, final: Table, rules: Rules = BGA) -> tuple[tuple[int | None, ...], int]:
    """For each final meld, the start meld it continues (or ``None``), and how many
    natural start-table cards change meld under the best such matching."""
    weights = np.array(
        [[kept_cards(before.cards, after.cards, rules) for after in final.melds] for before in start.melds],
        dtype=float,
    ).reshape(len(start.melds), len(final.melds))
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
    kind = check_shape(before, rules).kind
    before_naturals = [card for card in before if not card.is_joker]
    after_naturals = [card for card in after if not card.is_joker]
    common = sum((Counter(before_naturals) & Counter(after_naturals)).values())
    if kind is None or not common:
        return 0
    if len(after_naturals) > 1 and check_shape(after, rules).kind != kind:
        return 0
    if kind == "set":
        return common if before_naturals[0].rank == after_naturals[0].rank else 0
    return common if before_naturals[0].suit == after_naturals[0].suit else 0
