"""Who sits where in each round of a class tournament: at random in round 1, by the standings after it.

The rule, for the guide and the paper class alike:

- The learners present are split into as few tables as the table size allows, as even as can be
  (10 learners at tables of 4: 4, 3 and 3). A table short of learners is filled with computer players
  (``None``), so every game of a round has the same number of players, the same length and the same
  points at stake.
- Round 1 seats the learners at random (from the seed). Later rounds list them by the standings, best
  first (a latecomer last) and seat them down the list, table by table: neighbours in the standings meet
  (Swiss style), each table's places going to learners who have not yet played one another where that
  can be (a search over the seatings, cut off after a fixed number of steps: the same for every machine).
- Only when the learners would leave one of them alone at a table (an odd class at tables of 2) does one
  sit the round out: the lowest in the standings (in round 1, one at random) who has never sat out. If every
  learner present has sat out once, that one plays against the computer instead: no one sits out twice.
- The same learners, standings, past rounds and seed give the same seating; the order in which the
  learners are listed does not matter.

>>> first = pair_round(1, ["ann", "ben", "cy", "dee", "eve"], 2, [], [], seed=4)
>>> first.sitting_out, sorted(len(table) for table in first.tables)
(('dee',), [2, 2])
>>> fours = pair_round(1, ["ann", "ben", "cy", "dee", "eve"], 4, [], [], seed=4)
>>> [table.count(None) for table in fours.tables], fours.sitting_out
([1, 2], ())
>>> table_sizes(10, 4)
(4, 3, 3)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from machiavelli_kit.classroom.tournament.standings import Standing
from machiavelli_kit.i18n import _

SMALLEST_TABLE, LARGEST_TABLE = 2, 4
SEARCH_STEPS = 3000
"""The most seatings tried to avoid rematches: a fixed count, never a time, so every machine seats alike."""


class PairingError(ValueError):
    """A round that cannot be seated: the message says why."""


@dataclass(frozen=True)
class Pairing:
    """One round's seating: each table's entrant keys by seat (``None``: a computer player) and who sits out."""

    round: int
    tables: tuple[tuple[str | None, ...], ...]
    sitting_out: tuple[str, ...]


def pair_round(
    round: int, present: Sequence[str], table_size: int, table: Sequence[Standing], past: Sequence[Pairing], seed: int
) -> Pairing:
    """Seat ``present`` for ``round`` at tables of ``table_size``, after the standings ``table`` and the
    ``past`` rounds' pairings (see the module's rule)."""
    _check(round, present, table_size)
    chance = random.Random(f"machiavelli-kit tournament {seed} round {round}")
    order = sorted(present)
    chance.shuffle(order)
    if round > 1:
        rank = {line.key: line.rank for line in table}
        order.sort(key=lambda key: rank.get(key, math.inf))  # stable: equals stay in the seed's order
    sitting_out: tuple[str, ...] = ()
    if min(table_sizes(len(order), table_size)) == 1:
        have_sat_out = {key for pairing in past for key in pairing.sitting_out}
        fresh = [key for key in reversed(order) if key not in have_sat_out]
        if fresh:
            sitting_out = (fresh[0],)
            order.remove(fresh[0])
    met = Counter(frozenset(pair) for pairing in past for seats in pairing.tables for pair in _pairs(seats))
    groups = _seat(order, table_sizes(len(order), table_size), met)
    tables = []
    for group in groups:
        learners = list(group)
        chance.shuffle(learners)
        tables.append((*learners, *(None,) * (table_size - len(learners))))
    return Pairing(round, tuple(tables), sitting_out)


def table_sizes(learners: int, table_size: int) -> tuple[int, ...]:
    """How many learners sit at each table: as few tables as can be, as even as can be, larger first."""
    tables = math.ceil(learners / table_size)
    base, extra = divmod(learners, tables)
    return (base + 1,) * extra + (base,) * (tables - extra)


def _seat(order: Sequence[str], sizes: Sequence[int], met: Counter[frozenset[str]]) -> list[tuple[str, ...]]:
    """Split ``order`` into tables of ``sizes``: fewest rematches first, then learners nearest in ``order``.

    A depth-first search: each table is headed by the first learner not yet seated, its other places
    tried from the learners it has met least and who stand nearest; it keeps the best seating found
    in :data:`SEARCH_STEPS` steps (the first one tried is the plain list, table by table)."""
    position = {key: index for index, key in enumerate(order)}
    best: tuple[tuple[int, int], list[tuple[str, ...]]] | None = None
    steps = 0

    def cost(group: Sequence[str]) -> tuple[int, int]:
        rematches = sum(met[frozenset(pair)] for pair in combinations(group, 2))
        return rematches, sum(position[key] - position[group[0]] for key in group)

    def search(left: list[str], tables: list[tuple[str, ...]], spent: tuple[int, int]) -> None:
        nonlocal best, steps
        if best is not None and spent >= best[0]:
            return
        if not left:
            best = (spent, list(tables))
            return
        head, rest = left[0], left[1:]
        size = sizes[len(tables)]

        def fill(group: list[str], after: int, others: list[str]) -> None:
            nonlocal steps
            if len(group) == size:
                steps += 1
                added = cost(group)
                search(others, [*tables, tuple(group)], (spent[0] + added[0], spent[1] + added[1]))
                return
            choices = [key for key in others if position[key] > after]
            choices.sort(key=lambda key: (sum(met[frozenset((key, seated))] for seated in group), position[key]))
            for key in choices:
                if steps >= SEARCH_STEPS and best is not None:
                    return
                fill([*group, key], position[key], [other for other in others if other != key])

        fill([head], position[head], rest)

    search(list(order), [], (0, 0))
    assert best is not None  # the first seating tried is always complete
    return best[1]


def _pairs(seats: Sequence[str | None]) -> list[tuple[str, str]]:
    return list(combinations([key for key in seats if key is not None], 2))


def _check(round: int, present: Sequence[str], table_size: int) -> None:
    if not (isinstance(round, int) and round >= 1):
        raise PairingError(_("rounds are counted from 1, so round {round} cannot be seated").format(round=round))
    if not (isinstance(table_size, int) and SMALLEST_TABLE <= table_size <= LARGEST_TABLE):
        raise PairingError(
            _("a table seats {fewest} to {most} players, not {count}").format(
                fewest=SMALLEST_TABLE, most=LARGEST_TABLE, count=table_size
            )
        )
    twice = sorted(key for key, count in Counter(present).items() if count > 1)
    if twice:
        raise PairingError(_("{key} is listed twice among the learners present").format(key=twice[0]))
    if len(present) < 2:
        raise PairingError(_("a round needs at least 2 learners present; a single learner can play the computer"))
