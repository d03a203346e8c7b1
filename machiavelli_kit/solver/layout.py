"""Where the integer program's columns and rows lie, its constraint matrix and its objectives.

The columns (see :class:`Layout`): ``u[c]`` and ``j[c]`` per card, how many slots
hold the real card and how many a joker; ``x[T]`` per template, how many new melds
of it; ``y[M, T]`` per start meld's continuation, 1 when start meld ``M`` goes on
as a final meld of template ``T``. The rows: every slot holds one card
(``sum x + sum y = u + j`` per card), the cards placed, the jokers placed, and
each start meld going on at most once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from machiavelli_kit.solver.templates import CARD_COUNT, IntArray, TemplateArrays

FloatArray = npt.NDArray[np.float64]
Bounds = tuple[FloatArray, FloatArray, FloatArray, FloatArray]
"""Column lower and upper bounds, row lower and upper bounds."""
Matrix = tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], FloatArray]
"""A constraint matrix column by column: where each column starts, the row indexes, the values."""


@dataclass
class Layout:
    """Where each kind of column and row of the program lies.

    Columns: ``u`` then ``j`` (one each per card the position holds that some
    template uses), ``x`` (new melds), ``y`` (start melds going on). Rows: one
    per such card, the cards placed, the jokers placed, then one per start meld
    that may go on. A slot of a card nobody holds can only be a joker: it counts
    in the placed and jokers rows directly (``missing``), and templates that
    differ only in such slots are one column.
    """

    cards: IntArray
    new: IntArray
    new_missing: IntArray
    kept: IntArray
    kept_meld: IntArray
    kept_stays: IntArray
    kept_missing: IntArray
    jokers: bool

    @cached_property
    def joker_columns(self) -> int:
        return len(self.cards) if self.jokers else 0

    @cached_property
    def new_start(self) -> int:
        return len(self.cards) + self.joker_columns

    @cached_property
    def kept_start(self) -> int:
        return self.new_start + len(self.new)

    @cached_property
    def columns(self) -> int:
        return self.kept_start + len(self.kept)

    @property
    def placed_row(self) -> int:
        return len(self.cards)

    @cached_property
    def kept_row(self) -> IntArray:
        """For each ``y`` column, which of the start meld rows it is in (0 for the first)."""
        rank: IntArray = np.cumsum(np.bincount(self.kept_meld) > 0) - 1
        return rank[self.kept_meld]

    @cached_property
    def rows(self) -> int:
        meld_rows = int(self.kept_row.max()) + 1 if len(self.kept_row) else 0
        return self.placed_row + 1 + self.jokers + meld_rows


def objectives(layout: Layout) -> tuple[IntArray, IntArray]:
    """Each column's cards placed (a ``u`` or ``j`` one, a template the jokers of the slots no card
    fills) and start-meld cards that stay (a continuation's)."""
    placed = np.concatenate([np.ones(layout.new_start, dtype=np.int64), layout.new_missing, layout.kept_missing])
    stays = np.zeros(layout.columns, dtype=np.int64)
    stays[layout.kept_start :] = layout.kept_stays
    return placed, stays


def constraint_matrix(layout: Layout, arrays: TemplateArrays) -> Matrix:
    """The constraint matrix, column by column (see :class:`Layout`): starts, row indexes, values.

    Each column's entries are laid out in a row of a grid (``-1``: no entry) and read off
    row by row: a ``u[c]`` has its card's row (-1) and the placed row; a ``j[c]`` those and
    the jokers row; a template its cards' rows, then the placed and jokers rows for the
    slots no card fills, then (a start meld's continuation) its start meld's row.
    """
    count = len(layout.cards)
    row_of = np.full(CARD_COUNT + 1, -1, dtype=np.int32)  # no row for JOKER_INDEX, no card
    row_of[layout.cards] = np.arange(count, dtype=np.int32)
    placed, joker_row = count, count + 1
    width = arrays.grid.shape[1]
    templates = np.concatenate([layout.new, layout.kept])
    missing = np.concatenate([layout.new_missing, layout.kept_missing]).astype(np.float64)
    rows = np.full((layout.columns, width + 3), -1, dtype=np.int32)
    values = np.ones((layout.columns, width + 3))
    cards = np.arange(count, dtype=np.int32)
    rows[:count, 0], rows[:count, 1], values[:count, 0] = cards, placed, -1.0  # u[c]
    if layout.jokers:  # j[c]
        rows[count : 2 * count, 0], values[count : 2 * count, 0] = cards, -1.0
        rows[count : 2 * count, 1], rows[count : 2 * count, 2] = placed, joker_row
    first = layout.new_start
    rows[first:, :width] = row_of[arrays.grid[templates]]
    short = first + np.flatnonzero(missing)  # slots no card fills: jokers, placed
    rows[short, width], rows[short, width + 1] = placed, joker_row
    values[first:, width], values[first:, width + 1] = missing, missing
    rows[layout.kept_start :, width + 2] = placed + 1 + layout.jokers + layout.kept_row
    if arrays.repeats:
        _merge_repeats(rows, values, first, width)
    entries = rows >= 0
    starts = np.zeros(layout.columns + 1, dtype=np.int32)
    np.cumsum(entries.sum(axis=1), out=starts[1:])
    return starts, rows[entries], values[entries]


def _merge_repeats(rows: npt.NDArray[np.int32], values: FloatArray, first: int, width: int) -> None:
    """A template naming a card twice (a run round and round) has one entry of 2 in that card's
    row, not two entries of 1 (changed in place): each column's card rows are sorted (stably, so
    the first place of a row comes first) and every repeat adds its value to that first place."""
    block, weights = rows[first:, :width], values[first:, :width]  # views: changed in place
    order = np.argsort(block, axis=1, kind="stable")
    ordered = np.take_along_axis(block, order, axis=1)
    repeat = np.zeros(block.shape, dtype=bool)
    repeat[:, 1:] = (ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] >= 0)
    columns, places = np.nonzero(repeat)
    if not len(columns):
        return
    run_start = np.maximum.accumulate(np.where(repeat, 0, np.arange(width)), axis=1)
    origin = np.take_along_axis(order, run_start, axis=1)[columns, places]
    again = order[columns, places]
    np.add.at(weights, (columns, origin), weights[columns, again])
    block[columns, again] = -1
