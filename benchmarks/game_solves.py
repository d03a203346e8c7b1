"""Every solve the computer players make in whole games, timed: the solver's tail as games meet it.

Run: ``.venv/bin/python benchmarks/game_solves.py [--games 200] [--seed 1] [--pairing expert:greedy]
[--rules bga] [--over 150] [--mip-option mip_pool_soft_limit=500 ...]``

Plays the ladder's games of one pairing (``run_tournament``, as ``tournament.py`` does: game ``g``
dealt from ``seed + g // 2``, the seats swapped every other game) and times, in process CPU, every
question the players put to the solver (``solve`` and ``play_exists``, as ``game.plans`` asks
them), with its units of work and the time HiGHS's branch and cut took in it, when the search
handed over to it; Python's garbage collector waits while a call runs, as in ``solver_speed.py``.
Prints the distribution of those times, how many reached branch and cut, and the solves over
``--over`` milliseconds with their rules, goal, room and size; then each of those alone again,
and, with ``--mip-option``, under HiGHS's branch and cut options changed so (the answer must stay
the same: the most cards and the par), with the ratio of the times.

The benchmark's generated positions (``solver_speed.py``) seldom reach branch and cut; games do,
where a turn's room is cut short or few of the hand's cards can go down.
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import Rules, as_rules
from machiavelli_kit.game import plans
from machiavelli_kit.game.tournament import run_tournament
from machiavelli_kit.solver import Solution, highs, play_exists, search, solve


@dataclass
class Asked:
    """One question a player put to the solver, and what it cost."""

    kind: str
    position: Position
    rules: Rules
    goal: str
    room: int | None
    milliseconds: float
    units: int
    branch_and_cut: float
    """Milliseconds of it in HiGHS's branch and cut (0: the search settled it)."""


class Watch:
    """What the watched calls found: every call's time and branch and cut time, and the slow calls whole."""

    def __init__(self) -> None:
        self.over = math.inf
        """Milliseconds past which a call is kept whole (``--over``)."""
        self.times: list[float] = []
        self.branch_and_cut: list[tuple[float, float]] = []
        """For each call that reached branch and cut: its time, and the branch and cut's part of it."""
        self.slow: list[Asked] = []
        self.in_branch_and_cut = 0.0


watch = Watch()


def watched(function: Callable[..., Any], kind: str) -> Callable[..., Any]:
    """``function`` (``solve`` or ``play_exists``), noting each call in :data:`watch` (``alone`` calls
    the solver's own); the garbage collector waits until the call is over."""

    def call(position: Position, rules: Rules, goal: Any, **options: Any) -> Any:
        clock = options.get("clock")
        work = None if clock is None else clock.work
        spent = 0 if work is None else work.spent
        watch.in_branch_and_cut = 0.0
        gc.disable()
        started = time.process_time()
        try:
            return function(position, rules, goal, **options)
        finally:
            milliseconds = (time.process_time() - started) * 1000
            gc.enable()
            watch.times.append(milliseconds)
            if watch.in_branch_and_cut:
                watch.branch_and_cut.append((milliseconds, watch.in_branch_and_cut))
            if milliseconds > watch.over:
                units = 0 if work is None else work.spent - spent
                room = options.get("room")
                watch.slow.append(
                    Asked(kind, position, rules, str(goal), room, milliseconds, units, watch.in_branch_and_cut)
                )

    return call


def timed_branch_and_cut(function: Callable[..., Any]) -> Callable[..., Any]:
    def call(*arguments: Any, **options: Any) -> Any:
        started = time.process_time()
        try:
            return function(*arguments, **options)
        finally:
            watch.in_branch_and_cut += (time.process_time() - started) * 1000

    return call


def alone(case: Asked) -> tuple[float, Solution | bool]:
    """The question again, alone (``solve`` or ``play_exists``, as it was asked), without a time limit
    and with the garbage collector waiting: its CPU milliseconds and its answer."""
    ask = play_exists if case.kind == "play_exists" else solve
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        found = ask(case.position, case.rules, case.goal, room=case.room, time_limit=None)
        return (time.process_time() - started) * 1000, found
    finally:
        gc.enable()


def verdict(answer: Solution | bool) -> tuple[int, int] | bool:
    """What must not change: the most cards and the par, or whether a play exists."""
    return answer if isinstance(answer, bool) else (answer.max_play, answer.par)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairing", default="expert:greedy")
    parser.add_argument("--rules", default="bga")
    parser.add_argument("--over", type=float, default=150.0, help="milliseconds: the solves listed and re-run")
    parser.add_argument("--mip-option", action="append", default=[], help="NAME=VALUE for HiGHS's branch and cut")
    arguments = parser.parse_args()
    for name, function in (("solve", solve), ("play_exists", play_exists)):
        setattr(plans, name, watched(function, name))  # the names the players' plans call
    search.Relaxation._branch_and_cut = timed_branch_and_cut(search.Relaxation._branch_and_cut)  # type: ignore[method-assign]
    watch.over = arguments.over
    players = arguments.pairing.split(":")
    run_tournament(players, arguments.games, as_rules(arguments.rules), arguments.seed)
    print(f"{arguments.games} games of {arguments.pairing} under {arguments.rules}, seed {arguments.seed}:")
    print(summary())
    slow = sorted(watch.slow, key=lambda case: -case.milliseconds)
    changed = _options(arguments.mip_option)
    print(f"\n{len(slow)} over {arguments.over:g} ms, and each again alone" + " and with the options" * bool(changed))
    print(f"{'ms':>7} {'units':>5} {'b&c ms':>7} {'asks':11} {'goal':6} ", end="")
    print(f"{'room':>4} {'hand':>4} {'table':>5}  {'alone':>7}", end="")
    print(f" {'options':>8} {'ratio':>6}" if changed else "")
    totals, differ = [0.0, 0.0], 0
    for case in slow:
        before, answer = alone(case)
        line = (
            f"{case.milliseconds:7.0f} {case.units:5} {case.branch_and_cut:7.0f} {case.kind:11} {case.goal:6} "
            f"{case.room!s:>4} {len(case.position.hand):4} {case.position.table.cards().total():5}  {before:7.0f}"
        )
        if changed:
            after, other = with_options(case, changed)
            totals[0], totals[1] = totals[0] + before, totals[1] + after
            same = verdict(answer) == verdict(other)
            differ += not same
            line += f" {after:8.0f} {after / before:5.2f}x" + ("" if same else f"  DIFFERENT: {verdict(other)}")
        print(line)
    if changed and slow:
        print(f"all {len(slow)}: {totals[1] / totals[0]:.2f}x with the options; answers that differ: {differ}")
    return 1 if differ else 0


def summary() -> str:
    """The solver calls' times (median, p99, p99.9, slowest), and those that reached branch and cut."""
    times = sorted(watch.times)
    reached = watch.branch_and_cut
    if not times:
        return "no solver calls"

    def at(fraction: float) -> float:
        return times[round(fraction * (len(times) - 1))]

    return (
        f"{len(times)} solver calls (process CPU ms): median {statistics.median(times):.2f}, p99 {at(0.99):.1f}, "
        f"p99.9 {at(0.999):.1f}, slowest {times[-1]:.1f}; over 100 ms: {sum(t > 100 for t in times)}, "
        f"over 250 ms: {sum(t > 250 for t in times)}\n{len(reached)} reached HiGHS's branch and cut: "
        f"{sum(part for _, part in reached):.0f} ms of it in all, {sum(whole for whole, _ in reached):.0f} ms "
        "with the searches before it"
    )


def with_options(case: Asked, options: dict[str, str | float | bool]) -> tuple[float, Solution | bool]:
    """:func:`alone`, with HiGHS's branch and cut options changed by ``options`` for the while."""
    saved = dict(highs.OPTIONS["mip"])
    highs.OPTIONS["mip"].update(options)
    try:
        return alone(case)
    finally:
        highs.OPTIONS["mip"].clear()
        highs.OPTIONS["mip"].update(saved)


def _options(pairs: list[str]) -> dict[str, str | float | bool]:
    """``NAME=VALUE`` pairs as HiGHS options (numbers and true/false read as such)."""
    options: dict[str, str | float | bool] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        value: str | float | bool = {"true": True, "false": False}.get(text, text)
        if isinstance(value, str):
            try:
                value = int(text) if text.lstrip("-").isdigit() else float(text)
            except ValueError:
                value = text
        options[name] = value
    return options


if __name__ == "__main__":
    sys.exit(main())
