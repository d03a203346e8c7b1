"""Solver speed on generated positions, side by side with the strongest max-only integer program.

Run: ``.venv/bin/python benchmarks/solver_speed.py [--per-bucket 64] [--seed 1] [--bucket hard]``

For every position, in one process and interleaved (the order alternates):

- **kit**: the kit's full answer, ``solve()`` then its ``moves`` (max_play, least par, moves, validated);
- **baseline**: ``baseline_ilp.baseline_solve``, max_play only, from a model built once per rule set;
- **hint**: a full hint ladder (solves again, and phrases six hints);
- **close**, **play**: the kit's full answer for the goals ``close`` and ``play:<the hand's first card>``.

The ``hardest`` bucket is the hardest-positions set kept in ``hardest.txt`` (see ``hardest.py``).

Prints, per size bucket and overall, the median, p90, p99 and worst time of each,
the kit/baseline ratios of the medians and p99s, the percentiles around the
overall median (a gap there lets the median jump from run to run), the slowest
position, how many answers the kit's lay-off shortcut gave (without its integer
program), how many positions the kit takes more than 1.5 times the baseline's time
on (and how many of those need no search), the kit's units of work, and checks
that kit and baseline agree on max_play for every position.
Times are wall clock; the process CPU time of each call is printed too (median per
bucket, and overall), as it moves less than wall time when other work loads the
machine. Python's garbage collector is paused during each timed call, as ``timeit``
does, and collects between calls: a full collection walks every object of the
process (66-80 ms here once the solver's caches are full) and would land on
whichever call happened to be running; the collections are timed apart and printed.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).parent))

from baseline_ilp import baseline_solve
from hard_positions import HARD_RULES, hard_position
from hardest import hardest_positions

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.random_positions import random_position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.practice.hints import hint_ladder
from machiavelli_kit.solver import DEFAULT_TIME_LIMIT, Clock, Solution, Work, solve
from machiavelli_kit.solver.program import Program

VARIANTS = [Rules(), Rules(wrap=True), Rules(jokers=2), Rules(ace_high=False), Rules(jokers=2, wrap=True)]
JOKER_VARIANTS = [Rules(jokers=2), Rules(jokers=4), Rules(jokers=4, wrap=True), Rules(jokers=2, ace_high=False)]
THREE_DECKS = [Rules(decks=3), Rules(decks=3, jokers=2), Rules(decks=3, wrap=True), Rules(decks=3, ace_high=False)]
Deal = Callable[[random.Random, Rules], Position]


def _random(table_cards: int, hand_size: int) -> Deal:
    return lambda rng, rules: random_position(rng, rules, table_cards=table_cards, hand_size=hand_size)


BUCKETS: dict[str, tuple[Deal, list[Rules]]] = {
    "tiny": (_random(6, 3), VARIANTS),
    "small": (_random(15, 6), VARIANTS),
    "medium": (_random(35, 9), VARIANTS),
    "large": (_random(60, 12), VARIANTS),
    "full": (_random(90, 14), VARIANTS),
    "jokers": (_random(62, 15), JOKER_VARIANTS),
    "3-decks": (_random(130, 15), THREE_DECKS),
    "hard": (lambda rng, rules: hard_position(rng, rules), list(HARD_RULES)),
}
"""Size buckets: how positions are dealt, and the rule sets they cycle through."""
HARDEST = "hardest"
"""The bucket of the positions kept in ``hardest.txt``."""
WHO = ("kit", "baseline", "hint", "close", "play")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def generate(per_bucket: int, seed: int, buckets: list[str]) -> list[tuple[str, Position, Rules]]:
    rng = random.Random(seed)
    cases = []
    for name, (deal, variants) in BUCKETS.items():
        for index in range(per_bucket):
            rules = variants[index % len(variants)]
            position = deal(rng, rules)
            if name in buckets:
                cases.append((name, position, rules))
    if HARDEST in buckets:
        cases += [(HARDEST, position, rules) for position, rules in hardest_positions()]
    return cases


def full_answer(position: Position, rules: Rules, goal: str = "max", clock: Clock | None = None) -> Solution:
    """The kit's whole answer: the solution and its moves (``clock``: the solve's, else its default)."""
    solution = solve(position, rules, goal, clock=clock)
    _ = solution.moves
    return solution


def counted_answer(position: Position, rules: Rules) -> tuple[Solution, int]:
    """:func:`full_answer` and the units of work its solve took (the solve itself, then one per relaxation
    or node of branch and cut: 1 when it needed no program)."""
    work = Work(1 << 30)
    return full_answer(position, rules, clock=Clock(DEFAULT_TIME_LIMIT, work)), work.spent


def close_answer(position: Position, rules: Rules) -> Solution:
    return full_answer(position, rules, "close")


def play_answer(position: Position, rules: Rules) -> Solution:
    return full_answer(position, rules, f"play:{position.hand[0].code}")


def timed_ms(
    function: Callable[[Position, Rules], object], position: Position, rules: Rules
) -> tuple[float, float, object]:
    """The wall time and the process CPU time of one call, in milliseconds, and its result; the garbage
    collector waits until the call is over (see the module docstring)."""
    gc.disable()
    try:
        cpu_started, started = time.process_time(), time.perf_counter()
        result = function(position, rules)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    finally:
        gc.enable()
    return wall * 1000, cpu * 1000, result


class Collections:
    """The garbage collector's passes while it is watched (``gc.callbacks``): how many, and their times in ms."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self._started = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.times.append((time.perf_counter() - self._started) * 1000)

    def summary(self) -> str:
        longest = max(self.times, default=0.0)
        return f"{len(self.times)} passes, {sum(self.times):.1f} ms in all, the longest {longest:.1f} ms"


def add_position_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose the positions: how many per bucket, the seed, which buckets."""
    parser.add_argument("--per-bucket", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bucket", action="append", choices=[*BUCKETS, HARDEST], help="only these buckets")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_position_options(parser)
    arguments = parser.parse_args()
    buckets = arguments.bucket or [*BUCKETS, HARDEST]
    cases = generate(arguments.per_bucket, arguments.seed, buckets)
    first = {rules: position for _, position, rules in reversed(cases)}
    for rules, position in first.items():  # warm up imports and per-rules caches, untimed, on a position of those rules
        full_answer(position, rules)
        baseline_solve(position, rules)
    times: dict[str, dict[str, list[float]]] = {name: {who: [] for who in WHO} for name in buckets}
    cpu_times: dict[str, dict[str, list[float]]] = {name: {who: [] for who in WHO} for name in buckets}
    worst = (0.0, "")
    disagreements = 0
    per_position: list[PerPosition] = []
    collections = Collections()
    for number, (name, position, rules) in enumerate(cases):
        runs: list[tuple[str, Callable[[Position, Rules], object]]] = [
            ("kit", counted_answer),
            ("baseline", baseline_solve),
            ("hint", hint_ladder),
            ("close", close_answer),
            ("play", play_answer),
        ]
        if number % 2:
            runs.reverse()
        results: dict[str, object] = {}
        for who, function in runs:
            milliseconds, cpu_milliseconds, results[who] = timed_ms(function, position, rules)
            times[name][who].append(milliseconds)
            cpu_times[name][who].append(cpu_milliseconds)
            if who == "kit" and milliseconds > worst[0]:
                worst = (
                    milliseconds,
                    f"{name}, {rules}: {position.table.notation()} || {' '.join(c.code for c in position.hand)}",
                )
        counted = results["kit"]
        assert isinstance(counted, tuple)
        kit, work = counted
        assert isinstance(kit, Solution)
        per_position.append(PerPosition(name, cpu_times[name]["kit"][-1], cpu_times[name]["baseline"][-1], work))
        if kit.max_play != results["baseline"]:
            disagreements += 1
            print(f"DISAGREE {rules} {position!r}: kit {kit.max_play}, baseline {results['baseline']}")
    print(f"{len(cases)} positions, seed {arguments.seed}; kit = solve + moves, baseline = max_play only")
    print(f"{'bucket':8} {'n':>4} {'who':9} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}   (ms)")
    everything: dict[str, list[float]] = {who: [] for who in WHO}
    for name in buckets:
        for who in WHO:
            everything[who] += times[name][who]
            print(f"{name:8} {len(times[name][who]):4} {who:9} " + _row(times[name][who]))
        for who in ("kit", "close", "play"):
            print(f"{'':8} {'':4} {who + '/base':9} " + _ratios(times[name][who], times[name]["baseline"]))
    print("-" * 62)
    for who in WHO:
        print(f"{'all':8} {len(everything[who]):4} {who:9} " + _row(everything[who]))
    for who in ("kit", "close", "play"):
        print(f"{'':8} {'':4} {who + '/base':9} " + _ratios(everything[who], everything["baseline"]))
    print()
    print(f"process CPU time, median (ms): {'bucket':8} " + " ".join(f"{who:>8}" for who in WHO) + f" {'kit/base':>9}")
    cpu_everything: dict[str, list[float]] = {who: [] for who in WHO}
    for name in buckets:
        medians = {who: statistics.median(cpu_times[name][who]) for who in WHO}
        for who in WHO:
            cpu_everything[who] += cpu_times[name][who]
        print(f"{'':30} {name:8} " + " ".join(f"{medians[who]:8.1f}" for who in WHO) + _ratio(medians))
    medians = {who: statistics.median(cpu_everything[who]) for who in WHO}
    print(f"{'':30} {'all':8} " + " ".join(f"{medians[who]:8.1f}" for who in WHO) + _ratio(medians))
    print(f"{'bucket':8} {'n':>4} {'who':9} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}   (ms, process CPU)")
    for name in buckets:
        for who in ("kit", "baseline"):
            print(f"{name:8} {len(cpu_times[name][who]):4} {who:9} " + _row(cpu_times[name][who]))
    for who in WHO:
        print(f"{'all':8} {len(cpu_everything[who]):4} {who:9} " + _row(cpu_everything[who]))
    print(f"{'':8} {'':4} {'kit/base':9} " + _ratios(cpu_everything["kit"], cpu_everything["baseline"]))
    print()
    print("around the overall median (process CPU, ms), where a small shift moves the median far:")
    print(f"{'':8} {'':4} {'':9} " + " ".join(f"{f'p{round(100 * fraction)}':>8}" for fraction in NEAR_MEDIAN))
    for who in ("kit", "baseline"):
        print(f"{'all':8} {len(cpu_everything[who]):4} {who:9} " + _near_median(cpu_everything[who]))
    print()
    shortcut = {
        name: sum(_laid_off(position, rules) for bucket, position, rules in cases if bucket == name) for name in buckets
    }
    print(
        "answered by the lay-off shortcut, without the program: "
        + ", ".join(f"{name} {count}/{len(times[name]['kit'])}" for name, count in shortcut.items())
        + f"; all {sum(shortcut.values())}/{len(cases)}"
    )
    print()
    print("per position, the kit's time over the baseline's on the same position (process CPU):")
    print(f"{'':8} {'':4} {'':9} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}")
    for who in ("kit", "close", "play"):
        ratios = [
            mine / max(base, 0.01)
            for name in buckets
            for mine, base in zip(cpu_times[name][who], cpu_times[name]["baseline"], strict=True)
        ]
        print(f"{'all':8} {len(ratios):4} {who + '/base':9} " + _row(ratios))
    print(_over_ratio(per_position))
    work = [case.work for case in per_position]
    print(f"  the kit's work (units: a solve, each relaxation, each node of branch and cut): {sum(work)} in all,")
    print(f"  the most {max(work)}; {sum(units > 2 for units in work)} positions needed more than one relaxation")
    print()
    for who in ("kit", "close", "play"):
        over = {limit: sum(value > limit for value in everything[who]) for limit in (100, 250)}
        print(f"{who} positions over 100 ms: {over[100]}, over 250 ms: {over[250]} (wall clock)")
    if HARDEST in buckets:
        print(f"slowest of the hardest set: kit {max(times[HARDEST]['kit']):.1f} ms (wall clock)")
    print(f"hint ladder p99 {percentile(everything['hint'], 0.99):.1f} ms")
    print(f"garbage collection between the timed calls (not in their times): {collections.summary()}")
    print(f"slowest kit position ({worst[0]:.1f} ms): {worst[1]}")
    print(f"disagreements on max_play: {disagreements}")
    return 1 if disagreements else 0


OVER = 1.5
"""The per-position ratio the issue on the solver's tail allows at p99."""


class PerPosition(NamedTuple):
    """One position's bucket, the kit's and the baseline's CPU milliseconds, and the kit's units of work."""

    bucket: str
    kit: float
    baseline: float
    work: int


def _over_ratio(cases: list[PerPosition]) -> str:
    """How many positions the kit takes more than :data:`OVER` times the baseline's time on, by
    bucket; how many of those it answers without a program (1 unit: no play possible, or the lay-off
    shortcut) and how many its first relaxation settles (2 units), with the medians of the latter:
    what the kit's own fixed work costs there."""
    over = [case for case in cases if case.kit > OVER * case.baseline]
    counts = Counter(case.bucket for case in over)
    text = f"  over {OVER}x: {len(over)} of {len(cases)} positions (" + ", ".join(
        f"{name} {count}" for name, count in counts.items()
    )
    none = sum(case.work == 1 for case in over)
    one = [case for case in over if case.work == 2]
    text += f"); {none} of them answered without a program"
    if one:
        text += (
            f", {len(one)} settled by the kit's first relaxation (kit median "
            f"{statistics.median(case.kit for case in one):.2f} ms, baseline "
            f"{statistics.median(case.baseline for case in one):.2f} ms)"
        )
    return text


def _laid_off(position: Position, rules: Rules) -> bool:
    """Whether the kit's answer comes from its lay-off shortcut (see ``machiavelli_kit.solver.lay_off``)."""
    return Program(position, rules, Goal.MAX).laid_off() is not None


def _notation(position: Position) -> str:
    return f"{position.table.notation()} || {' '.join(card.code for card in position.hand)}"


def _row(values: list[float]) -> str:
    return " ".join(
        f"{figure:8.1f}"
        for figure in (statistics.median(values), percentile(values, 0.9), percentile(values, 0.99), max(values))
    )


NEAR_MEDIAN = (0.4, 0.45, 0.48, 0.5, 0.52, 0.55, 0.6)
"""The percentiles printed around the median: a gap between them shows how far the median can jump."""


def _near_median(values: list[float]) -> str:
    return " ".join(f"{percentile(values, fraction):8.1f}" for fraction in NEAR_MEDIAN)


def _ratio(medians: dict[str, float]) -> str:
    return f" {medians['kit'] / medians['baseline']:8.2f}x" if medians["baseline"] else f" {'-':>9}"


def _ratios(kit: list[float], baseline: list[float]) -> str:
    """Kit time over baseline time, for the median, p90, p99 and max (below 1: the kit is faster)."""
    return " ".join(
        f"{kit_figure / base_figure:7.2f}x"
        for kit_figure, base_figure in (
            (statistics.median(kit), statistics.median(baseline)),
            (percentile(kit, 0.9), percentile(baseline, 0.9)),
            (percentile(kit, 0.99), percentile(baseline, 0.99)),
            (max(kit), max(baseline)),
        )
    )


if __name__ == "__main__":
    sys.exit(main())
