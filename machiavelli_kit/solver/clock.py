"""The solver's limits: a clock started with each solve, which every step asks for the time left,
and, for a caller that must decide the same way on any machine, a count of work.

Time is a safety limit: how far a solve gets in it depends on the machine and its load.
:class:`Work` does not: each solve, each relaxation and each node of a branch and cut is one
unit, so a computer player given a number of units decides alike on a busy and an idle machine.
The time a solve leaves unspent is kept with its answer (:meth:`Clock.spare`) for the moves, which
are worked out only when they are read; the clock reads ``timer``, which a test may replace.

>>> work = Work(3)
>>> clock = Clock(None, work)
>>> clock.spend(2); work.left
1
>>> clock.spend(2)
Traceback (most recent call last):
...
machiavelli_kit.solver.solution.SolverOutOfWork: gave up after 3 steps of work without proving the best play
>>> clock.ran_out
False
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from machiavelli_kit.solver.solution import SolverOutOfWork, SolverTimeout, SpareTime

DEFAULT_TIME_LIMIT = 5.0
"""Seconds the solver may spend on one position before it gives up."""


class Work:
    """Units of the solver's work a caller allows over one or more solves (see the module's text)."""

    def __init__(self, units: int) -> None:
        if units < 1:
            raise ValueError(f"a work budget is at least 1 unit, not {units}")
        self.units = units
        self.spent = 0

    @property
    def left(self) -> int:
        return max(0, self.units - self.spent)

    def spend(self, units: int = 1) -> None:
        """Count ``units`` more; :class:`SolverOutOfWork` once more have been spent than allowed."""
        self.spent += units
        if self.spent > self.units:
            raise SolverOutOfWork(self.units)

    def spend_all(self) -> SolverOutOfWork:
        """A search stopped at the work left (HiGHS's node limit): nothing is left, and the error to raise."""
        self.spent = self.units + 1
        return SolverOutOfWork(self.units)


class Clock:
    """The time left before the solver gives up (``seconds``: ``None`` for no limit) and, with
    ``work``, the work left. One clock may serve several solves: a computer player's move.
    ``timer`` tells the time (``None``: :func:`time.perf_counter`)."""

    def __init__(
        self,
        seconds: float | None,
        work: Work | None = None,
        *,
        timer: Callable[[], float] | None = None,
    ) -> None:
        self.seconds = seconds
        self.work = work
        self.timer = time.perf_counter if timer is None else timer  # looked up now: a test may have replaced it
        self.deadline = math.inf if seconds is None else self.timer() + seconds
        self.ran_out = False
        """Whether the time ran out (a safety limit that triggered): the work never sets it."""

    def remaining(self) -> float:
        """Seconds left (``inf`` without a limit); :class:`SolverTimeout` when none are."""
        if self.deadline == math.inf:
            return math.inf
        left = self.deadline - self.timer()
        if left <= 0:
            raise self.timeout()
        return left

    def spare(self) -> SpareTime | None:
        """The time left now, kept for the moves that follow a solve (``None`` without a limit)."""
        if self.seconds is None:
            return None
        return SpareTime(self.seconds, max(0.0, self.deadline - self.timer()), self.timer)

    def spend(self, units: int = 1) -> None:
        """Count work (nothing without a work budget); :class:`SolverOutOfWork` past it."""
        if self.work is not None:
            self.work.spend(units)

    def timeout(self) -> SolverTimeout:
        self.ran_out = True
        return SolverTimeout(self.seconds if self.seconds is not None else math.inf)
