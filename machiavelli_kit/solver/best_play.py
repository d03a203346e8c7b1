"""The best play for a position: :func:`solve`, which reads the goal and the time limit, sees
whether no hand card can go anywhere, tries the lay-off shortcut, then the integer program; and
:func:`play_exists`, the same question's feasibility alone."""

from __future__ import annotations

import numpy as np

from machiavelli_kit.core.cards import Card, format_card
from machiavelli_kit.core.goal import Goal, GoalError
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.i18n import _
from machiavelli_kit.solver.clock import DEFAULT_TIME_LIMIT, Clock
from machiavelli_kit.solver.program import Program
from machiavelli_kit.solver.solution import Solution, SolverInputError, SolverTimeout


def solve(
    position: Position,
    rules: Rules | str = BGA,
    goal: Goal | Card | str = Goal.MAX,
    *,
    room: int | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    clock: Clock | None = None,
) -> Solution:
    """The exact best play for ``position`` under ``rules`` (a :class:`Rules` or a rules string).

    ``goal`` (a :class:`Goal`, its text, or a card) is ``max`` (as many hand
    cards as possible, at least one; ``decide`` is the same question),
    ``close`` (the whole hand), or ``play:<card>`` (that card must be played,
    and the play with the lowest par). Ties are broken by the least disruption
    of the table (lowest par). The play places at most ``room`` hand cards
    (``None``: as many as one turn may): a game's turn that has placed some
    cards already says how many more it may (:meth:`Rules.turn_room`). Past
    ``time_limit`` seconds (``None``: no limit) the solver raises
    :class:`SolverTimeout`, with what it proved by then: a play that meets the goal, with the most
    cards for ``max``, when it found one (:attr:`SolverTimeout.found`). A ``clock`` replaces the
    time limit with a larger task's limits, shared with its other solves: its time, and its work
    (:class:`~machiavelli_kit.solver.clock.Work`), past which the solver raises
    :class:`~machiavelli_kit.solver.solution.SolverOutOfWork` on any machine alike. The time the
    solve leaves is kept for the answer's moves, worked out when read (:attr:`Solution.moves`).
    """
    program, clock = _program(position, rules, goal, room, time_limit, clock)
    if program.hopeless():
        return Solution.no_play(position, program.rules, program.goal)
    laid_off = program.laid_off()
    if laid_off is not None:
        return _with_spare_time(laid_off, clock)
    try:
        values = program.solve(clock)
    except SolverTimeout as error:
        if isinstance(error.point, np.ndarray):  # a play met the goal before it gave up: the most cards, proven
            raise error.having_found(program.extract(error.point)) from None
        raise
    if values is None:
        return Solution.no_play(position, program.rules, program.goal)
    return _with_spare_time(program.extract(values), clock)


def _with_spare_time(solution: Solution, clock: Clock) -> Solution:
    """``solution``, which this solve has just made, keeping the time ``clock`` has left for its moves.
    It is set in place, as a frozen dataclass's own ``__init__`` does: ``dataclasses.replace`` cost
    13 µs a solve, which the computer players, who never read the moves, would pay many times a turn."""
    spare = clock.spare()
    if spare is not None:
        object.__setattr__(solution, "spare", spare)
    return solution


def play_exists(
    position: Position,
    rules: Rules | str = BGA,
    goal: Goal | Card | str = Goal.CLOSE,
    *,
    room: int | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    clock: Clock | None = None,
) -> bool:
    """Whether some play meets ``goal`` (by default ``close``: could the whole hand go down?), the
    same verdict as ``solve(...).feasible`` with the same arguments, sooner: the search stops at the
    first play it finds, and looks for no par and no moves.

    >>> from machiavelli_kit.core.position import Position
    >>> play_exists(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H 9H"))
    True
    >>> play_exists(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H KS"))
    False
    """
    program, clock = _program(position, rules, goal, room, time_limit, clock)
    return not program.hopeless() and (program.laid_off() is not None or program.exists(clock))


def _program(
    position: Position,
    rules: Rules | str,
    goal: Goal | Card | str,
    room: int | None,
    time_limit: float | None,
    clock: Clock | None,
) -> tuple[Program, Clock]:
    """The program for the question, once its arguments are checked, and its clock, with the solve
    counted as a unit of its work."""
    rules = as_rules(rules)
    goal = _as_goal(goal, position)
    if time_limit is not None and not time_limit > 0:
        raise SolverInputError(
            _("the time limit must be a positive number of seconds, not {limit}").format(limit=repr(time_limit))
        )
    if room is not None and room < 1:
        raise ValueError(f"a play places at least one card: room must be 1 or more, not {room}")
    program = Program(position, rules, goal, room)
    if program.oversupplied():
        raise SolverInputError("; ".join(problem.message for problem in position.problems(rules)))
    clock = Clock(time_limit) if clock is None else clock
    clock.spend()  # each solve is a unit of work, answered by the shortcut or not
    return program, clock


def _as_goal(goal: Goal | Card | str, position: Position) -> Goal:
    """The goal as a :class:`Goal`; a goal card must be in the hand."""
    try:
        parsed = Goal.parse(goal)
    except GoalError as error:
        raise SolverInputError(str(error)) from None
    if parsed.card is not None and parsed.card not in position.hand:
        raise SolverInputError(_("the goal card {card} is not in the hand").format(card=format_card(parsed.card)))
    return parsed
