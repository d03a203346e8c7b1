"""The kit's first relaxation, solved as the solver solves it and in ways that might be quicker.

Run: ``.venv/bin/python benchmarks/relaxation_variants.py [--per-bucket 64] [--bucket large ...]``

On small and medium tables, where the lay-off shortcut seldom answers, the kit's
whole answer is slower than the max-only baseline (``solver_speed.py``), and most
of the gap is the first relaxation of the par program, solved cold. This script
times that one relaxation (process CPU time, the best of three) on the benchmark's
positions, as the solver builds it, and under variants that were candidates for a
quicker solve, each on the same positions in the same run:

- HiGHS options: steepest-edge pricing, no scaling, primal simplex;
- ``start basis``: the basis where every start meld goes on whole (its slacks
  elsewhere), instead of HiGHS's own start;
- ``shifted``: the objective plus the card rows times the weight (the rows are
  equalities: the same optimum, another path);
- ``cards first``: the relaxation of cards alone, then the weighted objective
  from its basis.

It prints, per variant, the median time, the simplex iterations (of its last
solve), the ratio to the solver's own time, and on how many positions the
optimum is the same (it must be all of them).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import highspy
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from solver_speed import add_position_options, generate

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.solver import highs
from machiavelli_kit.solver.clock import Clock
from machiavelli_kit.solver.layout import Bounds, Layout, constraint_matrix, objectives
from machiavelli_kit.solver.program import Program
from machiavelli_kit.solver.search import Relaxation

Options = dict[str, str | float | bool]


class Case:
    """One position's program: its layout, matrix, bounds and the solver's first objective."""

    def __init__(self, program: Program, layout: Layout, bounds: Bounds) -> None:
        self.program, self.layout, self.bounds = program, layout, bounds
        self.matrix = constraint_matrix(layout, program.arrays)
        placed, stays = objectives(layout)
        self.placed, self.weighted = placed, (program._table_total() + 1) * placed + stays

    def relaxation(self, options: Options) -> Relaxation:
        """The program in a new HiGHS with the solver's options and ``options``, not yet solved."""
        new = highs.quiet_new_highs()
        for name, value in {"output_flag": False, "threads": 1, **highs.OPTIONS["lp"], **options}.items():
            new.setOptionValue(name, value)
        highs.LOCAL.lp = new  # the thread's HiGHS, which the relaxation takes
        return Relaxation(self.layout, self.matrix, self.bounds, Clock(None), self.weighted)


Variant = Callable[[Relaxation, Case], tuple[float, float] | None]


def plain(relaxation: Relaxation, case: Case) -> tuple[float, float] | None:
    relaxation.set_cost(case.weighted)
    found = relaxation.run()
    return None if found is None else (found[0], 0.0)


def start_basis(relaxation: Relaxation, case: Case) -> tuple[float, float] | None:
    """Each start meld's column that keeps it whole is basic, with every card's ``u``; slacks elsewhere."""
    layout, status = case.layout, highspy.HighsBasisStatus
    columns = [status.kLower] * layout.columns
    rows = [status.kLower] * layout.rows
    count = len(layout.cards)
    columns[:count] = [status.kBasic] * count
    for row in range(count, layout.rows):
        rows[row] = status.kBasic
    melds = case.program.position.table.melds
    sizes = np.diff(case.program.arrays.starts)
    first_meld_row = count + 1 + layout.jokers
    kept = zip(layout.kept_meld, layout.kept_stays, layout.kept, strict=True)
    for column, (meld, stays, template) in enumerate(kept):
        row = first_meld_row + int(layout.kept_row[column])
        whole = melds[meld].cards
        if rows[row] == status.kBasic and sizes[template] == len(whole) and stays == sum(not c.is_joker for c in whole):
            columns[layout.kept_start + column], rows[row] = status.kBasic, status.kUpper
    basis = highspy.HighsBasis()
    basis.col_status, basis.row_status, basis.valid = columns, rows, True
    relaxation.highs.setBasis(basis)
    return plain(relaxation, case)


def shifted(relaxation: Relaxation, case: Case) -> tuple[float, float] | None:
    """The card rows (equalities, right-hand side 0) added to the objective: the same optimum."""
    starts, indexes, values = case.matrix
    card_rows = indexes < len(case.layout.cards)
    column_of = np.repeat(np.arange(case.layout.columns), np.diff(starts))
    row_sums = np.bincount(column_of[card_rows], values[card_rows], minlength=case.layout.columns)
    weight = case.program._table_total() + 1
    cost = (case.weighted + weight * row_sums).astype(np.float64)
    relaxation.highs.changeColsCost(case.layout.columns, relaxation.everything, cost)
    found = relaxation.run()
    return None if found is None else (float(case.weighted @ found[1]), 0.0)


def cards_first(relaxation: Relaxation, case: Case) -> tuple[float, float] | None:
    relaxation.set_cost(case.placed)
    if relaxation.run() is None:
        return None
    return plain(relaxation, case)


VARIANTS: dict[str, tuple[Options, Variant]] = {
    "solver": ({}, plain),
    "steepest edge": ({"simplex_dual_edge_weight_strategy": 2}, plain),
    "no scaling": ({"simplex_scale_strategy": 0}, plain),
    "primal simplex": ({"simplex_strategy": 4}, plain),
    "start basis": ({}, start_basis),
    "shifted": ({}, shifted),
    "cards first": ({}, cards_first),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_position_options(parser)
    arguments = parser.parse_args()
    buckets = arguments.bucket or ["medium", "large", "full", "jokers"]
    cases = []
    for _name, position, rules in generate(arguments.per_bucket, arguments.seed, buckets):
        program = Program(position, rules, Goal.MAX)
        layout = program._layout()
        bounds = None if layout is None else program._bounds(layout)
        if layout is not None and bounds is not None:
            cases.append(Case(program, layout, bounds))
    times: dict[str, list[float]] = {name: [] for name in VARIANTS}
    iterations: dict[str, list[int]] = {name: [] for name in VARIANTS}
    same = dict.fromkeys(VARIANTS, 0)
    for case in cases:
        reference = None
        for name, (options, variant) in VARIANTS.items():
            best = float("inf")
            for _ in range(3):
                relaxation = case.relaxation(options)
                started = time.process_time()
                found = variant(relaxation, case)
                best = min(best, time.process_time() - started)
            times[name].append(best * 1000)
            iterations[name].append(relaxation.highs.getInfo().simplex_iteration_count)
            value = None if found is None else round(found[0], 6)
            reference = value if name == "solver" else reference
            same[name] += value == reference
    mean_columns = statistics.median(case.layout.columns for case in cases)
    mean_rows = statistics.median(case.layout.rows for case in cases)
    print(f"{len(cases)} positions ({', '.join(buckets)}, seed {arguments.seed}); the first relaxation of the par")
    print(f"program: median {mean_columns:.0f} columns, {mean_rows:.0f} rows; process CPU time, best of three")
    print(f"{'variant':16} {'median ms':>10} {'iterations':>11} {'/solver':>8} {'same optimum':>13}")
    base = statistics.median(times["solver"])
    for name in VARIANTS:
        median = statistics.median(times[name])
        print(
            f"{name:16} {median:10.2f} {statistics.median(iterations[name]):11.0f} {median / base:7.2f}x"
            f" {same[name]:>7}/{len(cases)}"
        )
    return 0 if all(count == len(cases) for count in same.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
