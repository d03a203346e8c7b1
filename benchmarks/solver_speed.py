"""Solver speed on generated positions, side by side with a straightforward integer program.

Run: ``.venv/bin/python benchmarks/solver_speed.py [--per-bucket 64] [--seed 1]``

Prints, per size bucket, the median, p90, p99 and worst time of the kit's
solver, of the baseline, and of a full hint ladder, the ratio of the medians,
and checks that both agree on every position (cards played and par).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from baseline_ilp import baseline_solve

from machiavelli_kit.deal import random_position
from machiavelli_kit.hints import hint_ladder
from machiavelli_kit.position import Position
from machiavelli_kit.rules import Rules
from machiavelli_kit.solver import solve

BUCKETS = {  # name: (table cards, hand cards)
    "tiny": (6, 3),
    "small": (15, 6),
    "medium": (35, 9),
    "large": (60, 12),
    "full": (90, 14),
}
VARIANTS = [Rules(), Rules(wrap=True), Rules(jokers=2), Rules(ace_high=False), Rules(jokers=2, wrap=True)]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def timed_ms(function: object, *arguments: object) -> tuple[float, object]:
    started = time.perf_counter()
    result = function(*arguments)  # type: ignore[operator]
    return (time.perf_counter() - started) * 1000, result


def generate(per_bucket: int, seed: int) -> list[tuple[str, Position, Rules]]:
    rng = random.Random(seed)
    cases = []
    for name, (table_cards, hand_size) in BUCKETS.items():
        for index in range(per_bucket):
            rules = VARIANTS[index % len(VARIANTS)]
            cases.append((name, random_position(rng, rules, table_cards=table_cards, hand_size=hand_size), rules))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-bucket", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    cases = generate(arguments.per_bucket, arguments.seed)
    hint_ladder(cases[0][1], cases[0][2])  # warm up imports and template caches
    times: dict[str, dict[str, list[float]]] = {name: {"kit": [], "baseline": [], "hint": []} for name in BUCKETS}
    disagreements = 0
    for name, position, rules in cases:
        kit_ms, solution = timed_ms(solve, position, rules)
        base_ms, (base_play, base_par) = timed_ms(baseline_solve, position, rules)  # type: ignore[misc]
        hint_ms, _ = timed_ms(hint_ladder, position, rules)
        kit_answer = (solution.max_play, solution.par if solution.feasible else 0)  # type: ignore[attr-defined]
        if kit_answer != (base_play, base_par):
            disagreements += 1
            print(f"DISAGREE {position!r} {rules}: kit {kit_answer}, baseline {(base_play, base_par)}")
        for key, value in (("kit", kit_ms), ("baseline", base_ms), ("hint", hint_ms)):
            times[name][key].append(value)
    print(f"{len(cases)} positions, seed {arguments.seed}, variants: {', '.join(map(str, VARIANTS))}")
    print(f"{'bucket':8} {'n':>4} {'who':9} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}   (ms)")
    everything: dict[str, list[float]] = {"kit": [], "baseline": [], "hint": []}
    for name in BUCKETS:
        for key in ("kit", "baseline", "hint"):
            values = times[name][key]
            everything[key] += values
            print(f"{name:8} {len(values):4} {key:9} " + _row(values))
        ratio = statistics.median(times[name]["baseline"]) / statistics.median(times[name]["kit"])
        print(f"{'':8} {'':4} {'speed-up':9} {ratio:7.1f}x (baseline median / kit median)")
    print("-" * 60)
    for key in ("kit", "baseline", "hint"):
        print(f"{'all':8} {len(everything[key]):4} {key:9} " + _row(everything[key]))
    ratio = statistics.median(everything["baseline"]) / statistics.median(everything["kit"])
    print(f"overall speed-up of the median: {ratio:.1f}x; disagreements: {disagreements}")


def _row(values: list[float]) -> str:
    return " ".join(
        f"{figure:8.1f}"
        for figure in (statistics.median(values), percentile(values, 0.9), percentile(values, 0.99), max(values))
    )


if __name__ == "__main__":
    main()
