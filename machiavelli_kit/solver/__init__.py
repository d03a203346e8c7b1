"""The exact solver: the most hand cards that can be played, disturbing the table least.

:func:`solve` answers with a :class:`Solution`: the hand cards played, the final
table and its *par* (table cards that change meld + hand cards placed), the
least among the plays that reach the goal. The wing's modules, each with one job:

- :mod:`~machiavelli_kit.solver.best_play`: :func:`solve` itself, the goal and the time limit,
  and :func:`play_exists`, whether a play meets the goal at all (sooner: no par, no moves);
- :mod:`~machiavelli_kit.solver.solution`: the answer and the solver's errors;
- :mod:`~machiavelli_kit.solver.program`: the integer program for one position (what it
  asks, and the answer read back and checked), with :mod:`~machiavelli_kit.solver.shapes`
  (what a start meld may go on as) and :mod:`~machiavelli_kit.solver.layout` (its columns,
  rows and matrix);
- :mod:`~machiavelli_kit.solver.lay_off`: the shortcut that answers many positions
  without the program;
- :mod:`~machiavelli_kit.solver.search`: the relaxation and the branch and bound, in
  HiGHS (:mod:`~machiavelli_kit.solver.highs`), within the time limit
  (:mod:`~machiavelli_kit.solver.clock`);
- :mod:`~machiavelli_kit.solver.templates`, :mod:`~machiavelli_kit.solver.matching`,
  :mod:`~machiavelli_kit.solver.steps`: the rules' meld shapes as arrays, which start
  meld became which final meld, and a play told move by move.

A time limit covers it all: past it :class:`SolverTimeout` says the solver gave
up, never "restore" (past a caller's :class:`Work`, :class:`SolverOutOfWork` says
so, at the same point on any machine); any other way HiGHS stops is a
:class:`SolverError`, as is an answer that breaks a rule.

>>> from machiavelli_kit.core.position import Position
>>> best = solve(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H"))
>>> best.max_play, str(best.table), best.par
(1, '5♠ 5♦ 5♣ | 4♥ 5♥ 6♥ 7♥ 8♥', 2)
>>> solve(Position.parse("6S 6H 6D | 7S 7H 7D", "8H")).feasible
False
"""

from machiavelli_kit.solver.best_play import play_exists, solve
from machiavelli_kit.solver.clock import DEFAULT_TIME_LIMIT, Clock, Work
from machiavelli_kit.solver.solution import Solution, SolverError, SolverInputError, SolverOutOfWork, SolverTimeout

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "Clock",
    "Solution",
    "SolverError",
    "SolverInputError",
    "SolverOutOfWork",
    "SolverTimeout",
    "Work",
    "play_exists",
    "solve",
]
