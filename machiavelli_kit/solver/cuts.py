"""Gomory mixed-integer cuts: rows that every integer point of the program satisfies and the
relaxation's fractional vertex does not, read off the relaxation's optimal basis.

Every column of the program is an integer, and so is every row's activity (its
coefficients are whole), so each row of the optimal simplex tableau whose basic
column has a fractional value gives a cut: with the nonbasic columns measured
from the bound they sit at (``t_j >= 0``), the row reads ``z_i + sum a_j t_j = b``,
and ``sum phi_j t_j >= 1`` holds at every integer point, where ``f = frac(b)``,
``f_j = frac(a_j)`` and ``phi_j = min(f_j / f, (1 - f_j) / (1 - f))``. A cut's own
activity is not whole: its slack enters later cuts as a continuous column, with
``phi_j = a_j / f`` (or ``-a_j / (1 - f)`` when ``a_j < 0``).

A cut holds within the column bounds it was read with: the search adds them at
its root, where those bounds hold for every play better than the best found, and
takes them away when it ends. Floating point makes the tableau approximate, so
a row is used only when its basic value is well away from whole, coefficients
that are nearly whole count as whole, a cut whose coefficients span more than
:data:`DYNAMIC_RANGE` is dropped, and each cut's right-hand side is loosened by
:data:`SAFETY`.

For ``2 x1 + 2 x2 <= 3`` with ``x1, x2`` in ``[0, 1]``, the vertex ``(1, 0.5)`` (``x1`` and the
row at their upper bounds, ``x2`` basic) gives the cut ``x1 + x2 <= 1``:

>>> from scipy.sparse import csr_array
>>> tableau = {1: np.array([1.0, 1.0, -0.5])}  # x2 + x1 - activity / 2 = 0
>>> vertex = Vertex(
...     rows=csr_array([[2.0, 2.0]]), whole_rows=1,
...     lower=np.array([0.0, 0.0, -np.inf]), upper=np.array([1.0, 1.0, 3.0]),
...     basic=np.array([False, True, False]), at_upper=np.array([True, False, True]),
...     point=np.array([1.0, 0.5]), tableau_row=tableau.get,
... )
>>> [(cut.columns.tolist(), cut.values.tolist(), round(cut.lower, 3)) for cut in gomory_cuts(vertex, 5, 5)]
[([0, 1], [-2.0, -2.0], -2.0)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.sparse import sparray

from machiavelli_kit.solver.layout import FloatArray

AWAY = 0.01
"""A basic column whose value is within this of a whole number gives no cut."""
WHOLE = 1e-9
"""A tableau coefficient this near a whole number counts as whole."""
DYNAMIC_RANGE = 1e6
"""The largest ratio of a cut's coefficients (by size) that is kept."""
SAFETY = 1e-6
"""How much each cut's right-hand side is loosened, times one plus its size."""
VIOLATION = 1e-4
"""How far the vertex must lie outside a cut for the cut to be kept."""
PARALLEL = 0.999
"""Of two cuts whose directions have this cosine or more, only the deeper is kept."""


@dataclass(frozen=True)
class Cut:
    """``values @ x[columns] >= lower``."""

    columns: npt.NDArray[np.int32]
    values: FloatArray
    lower: float


@dataclass(frozen=True)
class Vertex:
    """A relaxation's optimal vertex as the cuts read it: the rows (the program's own, then the cuts
    added so far), every column's and row's bounds, which are basic, which sit at their upper
    bound, the columns' values, and the tableau's rows."""

    rows: sparray
    """The constraint matrix: the program's rows, then the cuts'."""
    whole_rows: int
    """How many of the rows (the first) have whole coefficients, so a whole activity."""
    lower: FloatArray
    upper: FloatArray
    """Bounds of the columns, then of the rows' activities."""
    basic: npt.NDArray[np.bool_]
    at_upper: npt.NDArray[np.bool_]
    """For the columns, then the rows: basic, and nonbasic at the upper bound."""
    point: FloatArray
    """The columns' values."""
    tableau_row: Callable[[int], FloatArray]
    """The tableau's row of a basic column: ``B^-1 [rows, -I]``, over the columns then the rows'
    activities (a row's activity is a column of ``-I``: ``rows @ x - activity = 0``)."""


def gomory_cuts(vertex: Vertex, read: int, count: int) -> list[Cut]:
    """Up to ``count`` cuts that the vertex violates, the deepest, from up to ``read`` tableau rows:
    those whose basic variable is furthest from whole (nearest one half)."""
    point = vertex.point
    columns = len(point)
    activity = vertex.rows[: vertex.whole_rows] @ point
    value = np.concatenate([point, activity, np.zeros(len(vertex.basic) - columns - len(activity))])
    fraction = value - np.floor(value)  # a cut's activity: 0, it is not whole
    basic = np.flatnonzero(vertex.basic)
    sources = basic[(fraction[basic] > AWAY) & (fraction[basic] < 1 - AWAY)]
    moving = ~vertex.basic & (vertex.lower < vertex.upper)
    bound = np.where(vertex.at_upper, vertex.upper, vertex.lower)
    if not len(sources) or not np.all(np.isfinite(bound[moving])):
        return []  # nothing fractional, or a free nonbasic column: the tableau rows cannot be read as above
    sources = sources[np.argsort(np.abs(fraction[sources] - 0.5), kind="stable")][:read]
    tableau = np.array([vertex.tableau_row(int(source)) for source in sources])
    tableau /= tableau[np.arange(len(sources)), sources][:, None]  # 1 on its own basic variable, whatever the sign
    sign = np.where(vertex.at_upper, -1.0, 1.0)
    whole = np.arange(len(moving)) < columns + vertex.whole_rows
    f0 = fraction[sources][:, None]
    a = tableau * sign  # each row over t >= 0: t = z - lower, or upper - z
    f = a - np.floor(a)
    f[(f < WHOLE) | (f > 1 - WHOLE)] = 0.0
    phi = np.where(whole, np.minimum(f / f0, (1 - f) / (1 - f0)), np.where(a >= 0, a / f0, -a / (1 - f0)))
    phi[:, ~moving] = 0.0
    coefficients = phi * sign  # sum phi t >= 1, with z for t: coefficients @ z >= 1 + coefficients @ bound
    lower = 1.0 + (coefficients * np.where(moving, bound, 0.0)).sum(axis=1)
    alpha = coefficients[:, :columns] + (vertex.rows.T @ coefficients[:, columns:].T).T
    return _deepest(alpha, lower, vertex, count)


def _deepest(alpha: FloatArray, lower: FloatArray, vertex: Vertex, count: int) -> list[Cut]:
    """Of the cuts ``alpha @ x >= lower`` (a row each), made safe, the ``count`` deepest that the
    vertex violates (by distance), leaving out any nearly parallel to a deeper one: a symmetric
    vertex's tableau rows often give one cut many times, and parallel rows make the next basis
    nearly singular."""
    columns = alpha.shape[1]
    low, high = vertex.lower[:columns], vertex.upper[:columns]
    tiny = (np.abs(alpha) < WHOLE) & (alpha != 0)  # dropped, their most within the bounds taken off
    lower = lower - np.where(tiny, np.maximum(alpha * low, alpha * high), 0.0).sum(axis=1)
    alpha = np.where(tiny, 0.0, alpha)
    size = np.abs(alpha)
    largest, smallest = size.max(axis=1), np.where(size > 0, size, np.inf).min(axis=1)
    lower = lower - SAFETY * (1.0 + np.abs(lower))
    norms = np.sqrt((alpha * alpha).sum(axis=1))
    outside = lower - (alpha * vertex.point).sum(axis=1)
    usable = (largest > 0) & (largest <= DYNAMIC_RANGE * smallest) & np.isfinite(lower) & (outside > VIOLATION)
    chosen: list[int] = []
    for row in np.flatnonzero(usable)[np.argsort(-(outside / np.maximum(norms, WHOLE))[usable], kind="stable")]:
        if len(chosen) == count:
            break
        if all(abs((alpha[row] * alpha[other]).sum()) < PARALLEL * norms[row] * norms[other] for other in chosen):
            chosen.append(int(row))
    cuts = []
    for row in chosen:
        where = np.flatnonzero(alpha[row]).astype(np.int32)
        cuts.append(Cut(where, alpha[row, where], float(lower[row])))
    return cuts
