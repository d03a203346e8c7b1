"""Gomory cuts at the root of the least-disruption program: how fast they close the gap the search
proves by branching, and what they cost, on the positions whose search outlasts its first dive.

Run: ``.venv/bin/python benchmarks/root_cuts.py [--per-bucket 64] [--seed 2] [--bucket large ...]``

The kit's slowest positions (issue 28) are those where the relaxation of the ``close`` goal's
program (the most table cards that stay, with the whole hand placed) is far above the best play:
49.67 against 46 on the slowest. The search proves the optimum by branching, 60 to 100
relaxations. This script tries the textbook alternative, on every position of the chosen
buckets whose ``close`` solve took more relaxations than the search's first dive
(:data:`~machiavelli_kit.solver.search.DIVE_BUDGET`, counted in units of
:class:`~machiavelli_kit.solver.Work`): rounds of Gomory mixed-integer cuts at the root, each
read off HiGHS's optimal basis (:func:`gomory_cuts`), added as rows and re-solved, until the bound
is below the optimum plus one (which, with the best play in hand, would prove it), and on
to :data:`ROUNDS` rounds or until a round adds no cut, to see what the later cuts do: each is
checked against the best play, which every valid cut keeps.

For each position it prints the kit's solve (relaxations, process CPU ms), the optimum, the bound
after each round, after how many rounds the bound proved the optimum, the rows the cuts added,
the cost (a HiGHS run's CPU time at first and with the cuts, and the cuts' own reading time), and
how many cuts the best play breaks (a valid cut breaks none: this is the check that the cuts are
read right; HiGHS gives a basic row's tableau row negated, and a first version that missed it
cut off the best play after two rounds).

The cuts are not in the solver. Tried inside its search (after the dive: rounds of cuts, a dive
near the cut root's vertex, then the proof with the cuts kept; ad hoc variants, not kept), the
slowest position took 27 to 151 relaxations as the number of tableau rows read and cuts added per
round changed, and other positions swung as much: the cuts prove a bound, but finding the best
play, the dive's job, did not get reliably easier.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import highspy
import numpy as np
from scipy.sparse import csc_array, csr_array, vstack

sys.path.insert(0, str(Path(__file__).parent))

from solver_speed import add_position_options, generate

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver import Clock, Work, solve
from machiavelli_kit.solver.layout import FloatArray, objectives
from machiavelli_kit.solver.program import Program
from machiavelli_kit.solver.search import BOUND_TOLERANCE, DIVE_BUDGET, Relaxation

ROUNDS = 12
"""Rounds of cuts, at most."""
ROWS_READ = 30
"""Tableau rows read per round, at most (the most fractional basic columns first)."""
AWAY = 0.01
"""A basic variable within this of a whole number gives no cut."""
WHOLE = 1e-9
"""A tableau coefficient this near a whole number counts as whole."""
PARALLEL = 0.999
"""Of two cuts whose directions have this cosine or more, only the deeper is added."""
LARGEST = 1e6
"""A tableau row with a larger entry gives no cut: its fractional parts are not to be trusted."""
DYNAMIC_RANGE = 1e6
"""A cut whose coefficients span more than this is dropped."""
SAFETY = 1e-6
"""How much each cut's right-hand side is loosened, times one plus its size."""


@dataclass
class Cut:
    """``values @ x >= lower`` over the program's columns."""

    values: FloatArray
    lower: float


def gomory_cuts(relaxation: Relaxation, program_rows: csr_array, cuts: list[Cut]) -> list[Cut]:
    """Gomory mixed-integer cuts from the last run's optimal basis, which its vertex violates.

    Every column and every program row's activity is whole (the coefficients are); a cut's
    activity is not, so its slack is continuous. A tableau row ``z_i + sum a_j t_j = b``, with
    each nonbasic ``t_j >= 0`` measured from the bound it sits at and ``f = frac(b)``, gives
    ``sum phi_j t_j >= 1``: ``phi_j = min(f_j / f, (1 - f_j) / (1 - f))`` for a whole ``t_j``
    (``f_j = frac(a_j)``), ``a_j / f`` or ``-a_j / (1 - f)`` for a continuous one.
    """
    highs = relaxation.highs
    lp, basis, solution = highs.getLp(), highs.getBasis(), highs.getSolution()
    columns = lp.num_col_
    rows = vstack([program_rows, csr_array(np.array([cut.values for cut in cuts]))]) if cuts else program_rows
    whole_rows = program_rows.shape[0]
    status = np.array([int(value) for value in [*basis.col_status, *basis.row_status]])
    basic = status == int(highspy.HighsBasisStatus.kBasic)
    at_upper = status == int(highspy.HighsBasisStatus.kUpper)
    lower = np.concatenate([lp.col_lower_, lp.row_lower_])
    upper = np.concatenate([lp.col_upper_, lp.row_upper_])
    point = np.asarray(solution.col_value)
    value = np.concatenate([point, np.asarray(solution.row_value)])
    value[columns + whole_rows :] = 0.0  # a cut's activity is not whole: no cut from it
    fraction = value - np.floor(value)
    sources = np.flatnonzero(basic & (fraction > AWAY) & (fraction < 1 - AWAY))
    sources = sources[np.argsort(np.abs(fraction[sources] - 0.5), kind="stable")][:ROWS_READ]
    moving = ~basic & (lower < upper)
    bound = np.where(at_upper, upper, lower)
    if not len(sources) or not np.all(np.isfinite(bound[moving])):
        return []
    place = {  # HiGHS names a basic row's activity -1 - row
        int(variable) if variable >= 0 else columns - 1 - int(variable): index
        for index, variable in enumerate(highs.getBasicVariables()[1])
    }
    tableau = np.array([tableau_row(highs, place[int(source)]) for source in sources])
    tableau /= tableau[np.arange(len(sources)), sources][:, None]  # HiGHS's own basic rows come out negated
    steady = np.abs(tableau[:, moving]).max(axis=1, initial=0.0) <= LARGEST  # a row with huge entries is inexact
    tableau, sources = tableau[steady], sources[steady]
    sign = np.where(at_upper, -1.0, 1.0)
    whole = np.arange(len(value)) < columns + whole_rows
    f0 = fraction[sources][:, None]
    a = tableau * sign
    f = a - np.floor(a)
    f[(f < WHOLE) | (f > 1 - WHOLE)] = 0.0
    phi = np.where(whole, np.minimum(f / f0, (1 - f) / (1 - f0)), np.where(a >= 0, a / f0, -a / (1 - f0)))
    phi[:, ~moving] = 0.0
    coefficients = phi * sign
    right = 1.0 + (coefficients * np.where(moving, bound, 0.0)).sum(axis=1)
    alpha = coefficients[:, :columns] + (rows.T @ coefficients[:, columns:].T).T
    found = []
    for values, lower_bound in zip(alpha, right, strict=True):
        sizes = np.abs(values[values != 0])
        if not len(sizes) or sizes.max() > DYNAMIC_RANGE * sizes.min():
            continue
        lower_bound -= SAFETY * (1 + abs(lower_bound))
        if values @ point < lower_bound - 1e-4:
            found.append(Cut(values, float(lower_bound)))
    return _apart(found, point)


def tableau_row(highs: highspy.Highs, place: int) -> FloatArray:
    """Row ``place`` of the tableau ``B^-1 [A, -I]``, over the columns, then the rows' activities."""
    return np.concatenate([highs.getReducedRow(place)[1], -highs.getBasisInverseRow(place)[1]])


def _apart(cuts: list[Cut], point: FloatArray) -> list[Cut]:
    """The cuts, deepest first, without any nearly parallel to a deeper one (a symmetric vertex's
    tableau rows often give one cut many times; parallel rows make the next basis singular)."""
    norms = [float(np.linalg.norm(cut.values)) for cut in cuts]
    depth = [(cut.lower - cut.values @ point) / norm for cut, norm in zip(cuts, norms, strict=True)]
    kept: list[int] = []
    for index in np.argsort(depth)[::-1]:
        if all(
            abs(cuts[index].values @ cuts[other].values) / (norms[index] * norms[other]) < PARALLEL for other in kept
        ):
            kept.append(int(index))
    return [cuts[index] for index in kept]


@dataclass
class Rounds:
    bounds: list[float]
    proved_at: int | None
    rows_added: int
    first_run_ms: float
    last_run_ms: float
    cut_ms: float
    wrong: int
    """Cuts that the best play itself breaks: floating point errors, which make a cut unsafe."""


def cut_rounds(position: Position, rules: Rules) -> tuple[int, Rounds]:
    """The ``close`` program's optimum (most staying cards, whole hand placed), and rounds of cuts
    at the root of its relaxation."""
    program = Program(position, rules, Goal.CLOSE)
    best = program.solve(Clock(None))
    found = program._program()
    assert best is not None and found is not None, "the close goal was feasible"
    layout, matrix, bounds = found
    _, stays = objectives(layout)
    optimum = int(stays @ best)
    relaxation = Relaxation(layout, matrix, bounds, Clock(None), stays)
    starts, indexes, values = matrix
    program_rows = csc_array((values, indexes, starts), shape=(layout.rows, layout.columns)).tocsr()
    cuts: list[Cut] = []
    result = Rounds([], None, 0, 0.0, 0.0, 0.0, 0)
    for number in range(ROUNDS + 1):
        started = time.process_time()
        run = relaxation.run()
        spent = (time.process_time() - started) * 1000
        assert run is not None, "the close goal was feasible"
        result.first_run_ms = result.first_run_ms or spent
        result.last_run_ms = spent
        result.bounds.append(run[0])
        if result.proved_at is None and math.floor(run[0] + BOUND_TOLERANCE) <= optimum:
            result.proved_at = number  # the rounds go on, to see what later cuts do
        started = time.process_time()
        new = gomory_cuts(relaxation, program_rows, cuts)
        result.cut_ms += (time.process_time() - started) * 1000
        if not new:
            break
        for cut in new:
            where = np.flatnonzero(cut.values).astype(np.int32)
            relaxation.highs.addRow(cut.lower, highspy.kHighsInf, len(where), where, cut.values[where])
        cuts += new
        result.wrong += sum(cut.values @ best < cut.lower for cut in new)
    result.rows_added = len(cuts)
    return optimum, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_position_options(parser)
    parser.set_defaults(seed=2)
    arguments = parser.parse_args()
    buckets = arguments.bucket or ["large", "full", "jokers"]
    print(f"positions whose close solve outlasts the first dive ({', '.join(buckets)}, seed {arguments.seed})")
    print(f"{'kit: relaxations':>17} {'ms':>6} {'optimum':>8}  bound by round (to below optimum + 1)")
    shown = proved = 0
    for _bucket, position, rules in generate(arguments.per_bucket, arguments.seed, buckets):
        work = Work(10**6)
        started = time.process_time()
        answer = solve(position, rules, Goal.CLOSE, clock=Clock(None, work))
        kit_ms = (time.process_time() - started) * 1000
        if not answer.feasible or work.spent <= DIVE_BUDGET + 2:
            continue
        optimum, rounds = cut_rounds(position, rules)
        shown += 1
        proved += rounds.proved_at is not None
        said = " ".join(f"{bound:.2f}" for bound in rounds.bounds)
        verdict = f"proved in {rounds.proved_at} rounds" if rounds.proved_at is not None else "not proved"
        print(f"{work.spent - 1:17} {kit_ms:6.1f} {optimum:8}  {said}  ({verdict},")
        print(
            f"{'':35}{rounds.rows_added} rows added; a run {rounds.first_run_ms:.2f} ms at first, "
            f"{rounds.last_run_ms:.2f} ms last; reading the cuts {rounds.cut_ms:.1f} ms; "
            f"{rounds.wrong} cut off the best play)"
        )
    print(f"{proved} of {shown} bounds proved by cuts alone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
