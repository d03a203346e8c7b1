"""The solver's time limit: a clock started with each solve, which every step asks for the time left."""

from __future__ import annotations

import math
import time

from machiavelli_kit.solver.solution import SolverTimeout

DEFAULT_TIME_LIMIT = 5.0
"""Seconds the solver may spend on one position before it gives up."""


class Clock:
    """The time left before the solver gives up."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.deadline = math.inf if seconds is None else time.perf_counter() + seconds

    def remaining(self) -> float:
        """Seconds left (``inf`` without a limit); :class:`SolverTimeout` when none are."""
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise self.timeout()
        return left

    def timeout(self) -> SolverTimeout:
        return SolverTimeout(self.seconds if self.seconds is not None else math.inf)
