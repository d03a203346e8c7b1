"""Gomory cuts at the root of the search (issue 28): no cut ever cuts off a play, and on the
slowest position they bring the root's bound down to the optimum that branching proved slowly.
(That the answers do not change with them is checked against the brute force and against HiGHS's
branch and cut alone in ``test_solver_tail.py``, whose dives of 0 to 2 relaxations send nearly
every fractional root through the cuts.)"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.random_positions import random_position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver import Clock, Work, search, solve
from machiavelli_kit.solver.cuts import Cut, gomory_cuts
from machiavelli_kit.solver.layout import objectives
from machiavelli_kit.solver.program import Program
from machiavelli_kit.solver.search import Relaxation
from machiavelli_kit.solver.templates import IntArray
from tests.test_solver import VARIANTS
from tests.test_solver_tail import TWO_JOKER_TAIL


def the_root_and_a_play(position: Position, rules: Rules, goal: Goal) -> tuple[Relaxation, IntArray, int] | None:
    """The relaxation of the goal's program, maximising the cards that stay, and the solver's
    best play for the goal as the program's point, with its staying cards (``None``: no play)."""
    program = Program(position, rules, goal)
    play = program.solve(Clock(None))
    found = program._program()
    if play is None or found is None:
        return None
    layout, matrix, bounds = found
    _, stays = objectives(layout)
    return Relaxation(layout, matrix, bounds, Clock(None), stays), play, int(stays @ play)


def rounds_of_cuts(relaxation: Relaxation, rounds: int) -> tuple[list[float], list[Cut]]:
    """The root's bound before each round of cuts and after the last, and every cut added."""
    bounds: list[float] = []
    for _ in range(rounds + 1):
        found = relaxation.run()
        assert found is not None, "a play exists, so the relaxation is feasible"
        bounds.append(found[0])
        if len(bounds) > rounds:
            break
        cuts = gomory_cuts(relaxation.vertex(), 30, search.CUTS_PER_ROUND)
        if not cuts:
            break
        relaxation.add_cuts(cuts)
    return bounds, relaxation.cuts


def test_cuts_bring_the_slowest_bound_to_its_optimum_and_keep_its_best_play() -> None:
    rules, table, hand, _ = TWO_JOKER_TAIL[1]
    found = the_root_and_a_play(Position.parse(table, hand), Rules.parse(rules), Goal.CLOSE)
    assert found is not None
    relaxation, play, optimum = found
    bounds, cuts = rounds_of_cuts(relaxation, search.CUT_ROUNDS)
    assert optimum == 46 and bounds[0] == pytest.approx(49 + 2 / 3)
    assert min(bounds) < optimum + 1, f"the bound fell only to {min(bounds)} in {len(bounds) - 1} rounds"
    assert all(bound >= optimum - 1e-6 for bound in bounds)
    assert cuts and all(cut.values @ play[cut.columns] >= cut.lower for cut in cuts)


def test_the_cuts_shorten_the_slowest_search() -> None:
    """The slowest position's least disruption, counted in units of work: the search with its cuts
    at the root, and without them (no rounds), to the same answer."""
    rules, table, hand, answer = TWO_JOKER_TAIL[1]
    spent = []
    for rounds in (search.CUT_ROUNDS, 0):
        work = Work(10_000)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(search, "CUT_ROUNDS", rounds)
            solution = solve(Position.parse(table, hand), rules, clock=Clock(None, work))
        assert (solution.max_play, solution.par) == answer
        spent.append(work.spent)
    with_cuts, without = spent
    assert with_cuts <= 60 < 80 <= without, spent


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from([*VARIANTS, Rules(jokers=2), Rules(decks=3, wrap=True)]),
    goal=st.sampled_from([Goal.MAX, Goal.CLOSE]),
)
def test_no_cut_cuts_off_a_play(seed: int, variant: Rules, goal: Goal) -> None:
    """Rounds of cuts on the relaxation of a goal's program keep the solver's play for that goal,
    and the bound never falls below the play's value: any cut a play broke would be wrong. The
    relaxation maximises a random objective (a cut holds whatever the objective), whose vertices
    are fractional far more often than the solver's own."""
    rng = random.Random(seed)
    position = random_position(rng, variant, table_cards=rng.choice([30, 60]), hand_size=rng.choice([8, 14]))
    found = the_root_and_a_play(position, variant, goal)
    assume(found is not None)
    assert found is not None
    relaxation, play, _ = found
    cost = np.random.default_rng(seed).integers(-3, 4, size=len(play))
    relaxation.set_cost(cost)
    bounds, cuts = rounds_of_cuts(relaxation, 4)
    assume(cuts)
    assert all(bound >= cost @ play - 1e-6 for bound in bounds)
    broken = [cut for cut in cuts if not cut.values @ play[cut.columns] >= cut.lower]
    assert not broken, f"{len(broken)} of {len(cuts)} cuts cut off the play"
    assert np.all(np.diff(bounds) <= 1e-6), "each round's cuts can only lower the bound"
