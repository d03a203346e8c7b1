"""Where the kit's answer spends its time: HiGHS's relaxations, and everything around them.

Run: ``.venv/bin/python benchmarks/solver_phases.py [--per-bucket 64] [--seed 1] [--bucket large ...]``

On the positions of ``solver_speed.py``, each answer (``solve()`` then its moves,
as there) is timed whole and in phases, by wrapping the solver's own steps:

- ``program``: reading the position (card counts, start meld shapes);
- ``lay off``: the search for a play that keeps every start meld's natural cards
  (``machiavelli_kit.solver.lay_off``), which answers without the program when it finds one,
  with each template's missing cards (the layout reuses them);
- ``layout``: the templates the position can fill and the start melds' continuations;
- ``bounds`` and ``matrix``: the program's bounds and its constraint matrix;
- ``pass``: handing the program to HiGHS;
- ``relaxations``: every relaxation HiGHS solves (the first one, and the search's);
- ``branch and cut``: HiGHS's branch and cut, where the search hands over;
- ``extract``: the table from the program's values, checked;
- ``moves``: the moves from the start table to the answer;
- ``rest``: what the phases leave out of the whole (the calls between them).

Python's garbage collector waits while an answer is timed (as in ``solver_speed.py``). Prints the
median of each phase per bucket and overall (milliseconds, wall clock), and each phase's share of
the total time; then the moves' median, p99 and worst over the
answers with a play, in process CPU time (the time limit covers them: see
:func:`machiavelli_kit.solver.steps.plan_moves`).

With ``--against-baseline``, each position is also answered by the baseline of ``solver_speed.py``
(interleaved), and the script prints the kit's time over the baseline's position by position, on
the wall clock: as measured, and with the phases a program kept warm from one position to the next
could make cheaper (layout, bounds, matrix, pass, relaxations) taken out entirely, which is more
than a warm start could save. What is left is the kit's work around its program (reading the
position, the lay-off search, extracting and checking the answer, the moves) and the rare branch
and cut.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from baseline_ilp import baseline_solve
from solver_speed import BUCKETS, OVER, add_position_options, generate, percentile, timed_ms

from machiavelli_kit.solver import program, solve
from machiavelli_kit.solver.program import Program
from machiavelli_kit.solver.search import Relaxation

PHASES: dict[str, tuple[Any, str]] = {
    "program": (Program, "__init__"),
    "lay off": (Program, "laid_off"),
    "layout": (Program, "_layout"),
    "bounds": (Program, "_bounds"),
    "matrix": (program, "constraint_matrix"),
    "pass": (Relaxation, "__init__"),
    "relaxations": (Relaxation, "run"),
    "branch and cut": (Relaxation, "_branch_and_cut"),
    "extract": (Program, "extract"),
}
"""Each phase, and the function of the solver it times (the matrix's where the program calls it)."""
COLUMNS = [*PHASES, "moves", "rest", "whole"]
PROGRAM_PHASES = ("layout", "bounds", "matrix", "pass", "relaxations")
"""The phases a program kept warm across positions would make cheaper (at most: all of them)."""

spent: dict[str, float] = {}


def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, adding the time of each call to ``spent[name]``."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name] = spent.get(name, 0.0) + time.perf_counter() - started

    return wrapper


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_position_options(parser)
    parser.add_argument(
        "--against-baseline", action="store_true", help="time the baseline too and compare, position by position"
    )
    arguments = parser.parse_args()
    cases = generate(arguments.per_bucket, arguments.seed, arguments.bucket or list(BUCKETS))
    for _name, position, rules in cases[:16]:  # warm up imports and per-rules caches, untimed
        _ = solve(position, rules).moves
    if arguments.against_baseline:
        for rules, position in {rules: position for _, position, rules in cases}.items():
            baseline_solve(position, rules)
    for name, (owner, attribute) in PHASES.items():
        setattr(owner, attribute, timed(name, getattr(owner, attribute)))
    rows: dict[str, list[dict[str, float]]] = {}
    moves_cpu: list[float] = []
    for number, (name, position, rules) in enumerate(cases):
        baseline = timed_ms(baseline_solve, position, rules)[0] if arguments.against_baseline and number % 2 else None
        spent.clear()
        gc.disable()
        started = time.perf_counter()
        solution = solve(position, rules)
        solved, solved_cpu = time.perf_counter(), time.process_time()
        _ = solution.moves
        finished, finished_cpu = time.perf_counter(), time.process_time()
        gc.enable()
        if arguments.against_baseline and not number % 2:
            baseline = timed_ms(baseline_solve, position, rules)[0]
        if solution.feasible:
            moves_cpu.append((finished_cpu - solved_cpu) * 1000)
        row = {phase: spent.get(phase, 0.0) * 1000 for phase in PHASES}
        row["moves"] = (finished - solved) * 1000
        row["whole"] = (finished - started) * 1000
        row["rest"] = row["whole"] - sum(row[phase] for phase in [*PHASES, "moves"])
        if baseline is not None:
            row["baseline"] = baseline
        rows.setdefault(name, []).append(row)
    print(f"{len(cases)} positions, seed {arguments.seed}; median milliseconds of each phase (wall clock)")
    print(f"{'bucket':8} " + " ".join(f"{column[:11]:>11}" for column in COLUMNS))
    everything = [row for bucket in rows.values() for row in bucket]
    for name, bucket in [*rows.items(), ("all", everything)]:
        print(f"{name:8} " + " ".join(f"{statistics.median(row[c] for row in bucket):11.2f}" for c in COLUMNS))
    total = sum(row["whole"] for row in everything)
    print(f"{'share':8} " + " ".join(f"{sum(row[c] for row in everything) / total:10.0%} " for c in COLUMNS))
    if moves_cpu:
        moves_cpu.sort()
        p99 = moves_cpu[min(len(moves_cpu) - 1, round(0.99 * (len(moves_cpu) - 1)))]
        print(
            f"moves of the {len(moves_cpu)} answers with a play (ms of process CPU): median "
            f"{statistics.median(moves_cpu):.2f}, p99 {p99:.2f}, worst {moves_cpu[-1]:.2f}"
        )
    if arguments.against_baseline:
        _against(rows)
    return 0


def _against(rows: dict[str, list[dict[str, float]]]) -> None:
    """The kit's time over the baseline's (each row's ``baseline``), position by position (wall clock), whole
    and without the program's phases; the positions over :data:`OVER` by bucket."""
    print("per position, the kit's time over the baseline's (wall clock):")
    print(f"{'':30} {'median':>7} {'p90':>7} {'p99':>7}  over {OVER}x")
    cases = [(name, row) for name, bucket in rows.items() for row in bucket]
    for label, taken_out in (("as measured", ()), ("without the program's phases", PROGRAM_PHASES)):
        ratios = [
            (row["whole"] - sum(row[phase] for phase in taken_out)) / max(row["baseline"], 0.01) for _, row in cases
        ]
        over = Counter(name for (name, _), ratio in zip(cases, ratios, strict=True) if ratio > OVER)
        print(
            f"{label:30} {statistics.median(ratios):7.2f} {percentile(ratios, 0.9):7.2f} "
            f"{percentile(ratios, 0.99):7.2f}  {sum(over.values())} of {len(ratios)} ("
            + ", ".join(f"{name} {count}" for name, count in over.most_common())
            + ")"
        )


if __name__ == "__main__":
    sys.exit(main())
