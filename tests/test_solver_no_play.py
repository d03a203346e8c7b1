"""The solver's quickest answer: no play, when no hand card (the goal's card; for ``close``, some
hand card) lies in a meld the position's cards and jokers could fill. It must be the program's
answer, and it takes no relaxation (one unit of work, the solve's own)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.random_positions import random_position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver import Clock, SolverOutOfWork, Work, play_exists, solve
from machiavelli_kit.solver.program import Program
from tests.brute_force import best_play
from tests.test_solver import VARIANTS, small_world

NOWHERE = Position.parse("5S 5H 5D | 9C 10C JC", "KD 2H")
"""Neither hand card has a meld to go in: no king or diamond near KD, no two or heart near 2H."""


def test_a_hand_that_fits_nowhere_is_answered_with_the_solves_own_unit_of_work() -> None:
    for goal in ("max", "close", "play:KD"):
        answer = solve(NOWHERE, goal=goal, clock=Clock(None, Work(1)))
        assert not answer.feasible and answer.table == NOWHERE.table and answer.moves == ()
        assert not play_exists(NOWHERE, goal=goal, clock=Clock(None, Work(1)))


def test_a_card_that_fits_still_goes_to_the_program() -> None:
    """4H fits the run 4H 5H 6H the table's fives could start, but no play places it: the program says so."""
    position = Position.parse("5S 5H 5D | 6S 6H 6D", "4H")
    assert not Program(position, Rules(), Goal.MAX).hopeless()
    with pytest.raises(SolverOutOfWork):
        solve(position, clock=Clock(None, Work(1)))
    assert not solve(position).feasible


def test_each_goal_asks_its_own_cards() -> None:
    position = Position.parse("4H 5H 6H", "7H 2C")
    hopeless = {goal: Program(position, Rules(), Goal.parse(goal)).hopeless() for goal in ("max", "close", "play:2C")}
    assert hopeless == {"max": False, "close": True, "play:2C": True}
    with_joker = Position.parse("4H 5H 6H", "2C JK")  # a joker in the hand may go anywhere
    assert not Program(with_joker, Rules(jokers=1), Goal.MAX).hopeless()
    assert solve(with_joker, Rules(jokers=1)).played == Position.parse("", "JK").hand


def by_the_program(position: Position, rules: Rules, goal: str) -> bool:
    """Whether the program alone (no shortcut) finds a play that meets the goal."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Program, "hopeless", lambda _program: False)
        patch.setattr(Program, "laid_off", lambda _program: None)
        return solve(position, rules, goal).feasible


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS), goal=st.sampled_from(["max", "close", "card"])
)
def test_no_play_is_the_programs_answer_too(seed: int, variant: Rules, goal: str) -> None:
    """Whenever the shortcut sees no play, the program finds none either (and on a few ranks
    and suits, neither does the brute force)."""
    rng = random.Random(seed)
    few_ranks = small_world(rng, variant)
    position = rng.choice([few_ranks, random_position(rng, variant, table_cards=6, hand_size=3)])
    target = rng.choice(position.hand) if goal == "card" else goal
    if Program(position, variant, Goal.parse(target)).hopeless():
        assert not by_the_program(position, variant, target)
        if goal == "max" and position is few_ranks:  # the brute force tries every partition: a long run has millions
            assert best_play(position, variant)[0] == 0
