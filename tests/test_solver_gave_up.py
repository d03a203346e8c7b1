"""A solve's time limit covers its moves, and a solve that gave up still says what it proved (issue 28).

Time is never measured here: each clock reads a timer the test moves by hand, and a solve that
found a play and then gave up is made from a real play (:func:`gave_up_having_found`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from machiavelli_kit.core.position import Position
from machiavelli_kit.solver import Clock, Solution, SolverTimeout, solve
from machiavelli_kit.solver.program import Program
from machiavelli_kit.solver.steps import plan_moves

SHOWCASE = Position.parse("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S")
"""The documents' showcase (it-3): five moves, answered by the program."""
LAID_OFF = Position.parse("4C 5C 6C", "3C 7C 8C")
"""Answered by the lay-off shortcut, without the program."""


def gave_up_having_found(found: Solution, seconds: float = 5) -> SolverTimeout:
    """What a solve of ``found``'s position raises when it found that play (the most cards) and
    then ran out of its ``seconds``; when there is no play, it had found none."""
    gave_up = SolverTimeout(seconds)
    return gave_up.having_found(found) if found.feasible else gave_up


@pytest.mark.parametrize(("position", "last_step"), [(SHOWCASE, "extract"), (LAID_OFF, "laid_off")])
def test_the_moves_are_worked_out_within_the_time_the_solve_left(
    monkeypatch: pytest.MonkeyPatch, position: Position, last_step: str
) -> None:
    """A solve that used up its 5 s returns its answer; reading the moves then gives up, carrying the
    play, which is the best one (proven), and whose own moves can still be read."""
    now = [0.0]
    real: Callable[..., Solution | None] = getattr(Program, last_step)

    def all_the_time(program: Program, *arguments: object) -> Solution | None:
        answer = real(program, *arguments)
        now[0] = 5.0  # the solve's last step took all its time
        return answer

    monkeypatch.setattr(Program, last_step, all_the_time)
    best = solve(position, clock=Clock(5.0, timer=lambda: now[0]))
    with pytest.raises(SolverTimeout) as late:
        _ = best.moves
    assert str(late.value) == "gave up after 5 s: it found the best play, but not yet its moves"
    found = late.value.found
    assert late.value.proven and found == best
    assert found is not None and [move.card for move in found.moves] == [
        move.card for move in plan_moves(position, best.table, best.origins)
    ]


def test_moves_read_long_after_the_solve_get_the_time_it_left() -> None:
    """The moves' clock starts when they are read: a hint ladder that reads them at its fourth hint,
    a minute after the solve, still gets them."""
    now = [0.0]
    best = solve(SHOWCASE, clock=Clock(5.0, timer=lambda: now[0]))
    now[0] = 60.0
    assert len(best.moves) == 5


def test_plan_moves_looks_at_the_clock_at_each_move() -> None:
    """Each look at the clock moves it on a second: with one second fewer than the looks the moves
    need, the moves give up part way; without a clock they take no look at all."""
    best = solve(SHOWCASE)
    ticks = itertools.count()
    clock = Clock(1000.0, timer=lambda: float(next(ticks)))
    moves = plan_moves(SHOWCASE, best.table, best.origins, clock=clock)
    looks = next(ticks) - 1  # the clock's own start was one
    assert len(moves) == 5 and looks >= len(moves)
    ticks = itertools.count()
    with pytest.raises(SolverTimeout, match="gave up after 5 s"):
        plan_moves(SHOWCASE, best.table, best.origins, clock=Clock(5.0, timer=lambda: float(next(ticks))))

