"""Exactness across solver changes: the answers on the benchmark's positions, recorded once and checked again.

Run: ``.venv/bin/python benchmarks/solver_answers.py --record answers.json [--per-bucket 64] [--seed 1]``
with one version of the solver, then ``--check answers.json`` with the next.

For every position of ``solver_speed.py`` (the same seed and buckets) and of the
hardest-positions set (``hardest.txt``), it asks the solver three goals: ``max``,
``close`` and ``play:<the hand's first card>``, and keeps each answer's
feasibility, number of cards played and par; and it asks the feasibility-only
answer (:func:`~machiavelli_kit.solver.play_exists`, when this version has it)
for ``close`` and ``max``, which must say what the full answers' feasibility says.
``--check`` prints every answer that differs from the recorded one, and exits
with 1 when any does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from hardest import hardest_positions
from solver_speed import BUCKETS, add_position_options, generate

from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.files import write_atomically
from machiavelli_kit.solver import solve

Answer = list[object]
"""An answer as recorded: feasible, cards played, par (0 when not feasible)."""


def answers(position: Position, rules: Rules) -> dict[str, Answer]:
    """The solver's answers for the three goals, and the feasibility-only ones where this solver has them."""
    goals = {"max": "max", "close": "close", "play": f"play:{position.hand[0].code}"}
    found: dict[str, Answer] = {}
    for name, goal in goals.items():
        solution = solve(position, rules, goal, time_limit=None)
        found[name] = [solution.feasible, solution.max_play, solution.par if solution.feasible else 0]
    try:
        from machiavelli_kit.solver import play_exists
    except ImportError:  # a solver from before the feasibility-only answer
        return found
    for name in ("max", "close"):
        exists = play_exists(position, rules, name, time_limit=None)
        if exists != found[name][0]:
            found[f"{name} exists"] = [exists]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_position_options(parser)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--record", type=Path, help="write the answers to this file")
    action.add_argument("--check", type=Path, help="compare the answers with this file")
    arguments = parser.parse_args()
    cases = [
        (name, position, rules)
        for name, position, rules in generate(arguments.per_bucket, arguments.seed, arguments.bucket or list(BUCKETS))
    ]
    cases += [("hardest", position, rules) for position, rules in hardest_positions()]
    found = {
        f"{name} {number} {rules} {position.table.notation()} || {' '.join(c.code for c in position.hand)}": answers(
            position, rules
        )
        for number, (name, position, rules) in enumerate(cases)
    }
    if arguments.record:
        write_atomically(arguments.record, json.dumps(found, indent=0))
        print(f"{len(found)} positions' answers written to {arguments.record}")
        return 0
    recorded = json.loads(arguments.check.read_text())
    differ = 0
    for key, now in found.items():
        before = recorded.get(key)
        if before is None:
            print(f"NOT RECORDED {key}")
            differ += 1
        elif now != before:
            print(f"DIFFERS {key}: before {before}, now {now}")
            differ += 1
    print(f"{len(found)} positions, 3 goals each (and feasibility alone): {differ} differ from {arguments.check}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
