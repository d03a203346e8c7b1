"""Gomory cuts at the root of the least-disruption program, round after round: how fast they close
the gap the search proves by branching, what they cost, and a check that none cuts off the best play.

Run: ``.venv/bin/python benchmarks/root_cuts.py [--per-bucket 64] [--seed 2] [--bucket large ...]``

The kit's slowest positions (issue 28) are those where the relaxation of the least disruption
is far above the best play: 49.67 against 46 on the slowest (the ``close`` goal's program: the
most table cards that stay, with the whole hand placed). After its first dive the search adds
a few rounds of cuts (:func:`~machiavelli_kit.solver.cuts.gomory_cuts`, see
:mod:`machiavelli_kit.solver.search`). This script shows what rounds of them do from the
root on their own, on every position of the chosen buckets whose ``close`` solve took more
relaxations than the first dive (:data:`~machiavelli_kit.solver.search.DIVE_BUDGET`,
counted in units of :class:`~machiavelli_kit.solver.Work`): up to :data:`ROUNDS` rounds of up to
:data:`~machiavelli_kit.solver.search.CUTS_PER_ROUND` cuts from up to :data:`ROWS_READ` tableau
rows, each added and re-solved, until a round adds no cut.

For each position it prints the kit's solve (relaxations, process CPU ms), the optimum, the bound
after each round, after how many rounds the bound proved the optimum (under the optimum plus
one: with the best play in hand, its proof), the rows the cuts added, the cost (a HiGHS run's CPU
time at first and with the cuts, and the cuts' reading time), and how many cuts the best play
breaks: a valid cut breaks none. (A first version read HiGHS's tableau rows of basic row
activities with the wrong sign, and its cuts cut off the best play after two rounds.)
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from solver_speed import add_position_options, generate

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver import Clock, Work, solve
from machiavelli_kit.solver.cuts import gomory_cuts
from machiavelli_kit.solver.layout import objectives
from machiavelli_kit.solver.program import Program
from machiavelli_kit.solver.search import BOUND_TOLERANCE, CUTS_PER_ROUND, DIVE_BUDGET, Relaxation

ROUNDS = 12
"""Rounds of cuts, at most."""
ROWS_READ = 30
"""Tableau rows read per round, at most (the most fractional basic variables first)."""


@dataclass
class Rounds:
    bounds: list[float]
    proved_at: int | None
    rows_added: int
    first_run_ms: float
    last_run_ms: float
    cut_ms: float
    wrong: int
    """Cuts that the best play itself breaks (a valid cut breaks none)."""


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
        new = gomory_cuts(relaxation.vertex(), ROWS_READ, CUTS_PER_ROUND)
        result.cut_ms += (time.process_time() - started) * 1000
        if not new:
            break
        relaxation.add_cuts(new)
        result.wrong += sum(not cut.values @ best[cut.columns] >= cut.lower for cut in new)
    result.rows_added = len(relaxation.cuts)
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
