"""The generator: seeded and reproducible, planted around its technique, and its puzzles give nothing away."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.core.position import Position, check_table
from machiavelli_kit.core.rules import BGA
from machiavelli_kit.puzzles.generator import Recipe, generate, giveaways
from machiavelli_kit.puzzles.grader import grade
from machiavelli_kit.puzzles.planting import PLANTERS, plant
from machiavelli_kit.puzzles.verify import verify
from machiavelli_kit.solver import solve

SMALL = Recipe("test-small", "Small", "small", 6, ("spare", "split", "swap"), ("spare", "split", "swap"), (6, 14))


def test_the_same_recipe_makes_the_same_puzzles() -> None:
    first, second = generate(SMALL), generate(SMALL)
    assert first == second
    assert [puzzle.id for puzzle in first] == [f"small-{number}" for number in range(1, 7)]


def test_another_name_seeds_other_puzzles() -> None:
    other = generate(replace(SMALL, name="test-other"))
    assert [puzzle.position for puzzle in other] != [puzzle.position for puzzle in generate(SMALL)]


def test_generated_puzzles_have_the_asked_grades_hints_and_titles_and_no_giveaways() -> None:
    for puzzle in generate(SMALL):
        assert puzzle.grade in SMALL.grades
        assert giveaways(solve(puzzle.position, puzzle.rules)) == []
        assert verify(puzzle).technique == puzzle.grade
        assert puzzle.hints and puzzle.title and "#" not in puzzle.title


@pytest.mark.parametrize("planter", [name for name in PLANTERS if name != "expert"])
def test_a_planter_plants_its_technique_most_of_the_time(planter: str) -> None:
    rng = random.Random(planter)
    techniques = Counter()
    for _ in range(10):
        position = plant(rng, planter, BGA, table_cards=12)
        assert check_table(position.table).valid and not position.problems()
        techniques[grade(solve(position, BGA)).technique] += 1
    assert techniques[planter] >= 6, techniques


def test_yes_and_no_answers_take_turns() -> None:
    recipe = Recipe("test-yes-no", "Yes or no", "yes-no", 9, ("swap", "dissolve", "impossible"), ("swap", "dissolve"),
                    (8, 14), goals=(GoalKind.CLOSE, GoalKind.PLAY, GoalKind.DECIDE))  # fmt: skip
    puzzles = generate(recipe)
    for kind in (GoalKind.CLOSE, GoalKind.PLAY, GoalKind.DECIDE):
        answers = Counter(puzzle.feasible for puzzle in puzzles if puzzle.goal.kind is kind)
        assert answers == Counter({True: 2, False: 1}), kind
    for puzzle in puzzles:
        if puzzle.goal.kind is GoalKind.CLOSE and not puzzle.answer:
            assert solve(puzzle.position, puzzle.rules).feasible, "a no to closing still has a play"


def test_the_basics_welcome_what_other_chapters_call_giveaways() -> None:
    recipe = Recipe("test-basics", "Basics", "basics", 4, ("lay", "extend"), ("lay", "extend"), (3, 9), basics=True,
                    goals=(GoalKind.MAX,))  # fmt: skip
    puzzles = generate(recipe)
    assert all(puzzle.grade in ("lay", "extend") for puzzle in puzzles)
    assert any(giveaways(solve(puzzle.position, puzzle.rules)) for puzzle in puzzles)


def test_giveaways_are_found() -> None:
    extends = solve(Position.parse("4C 5C 6C | 9S 9H 9D", "7C 2H"), BGA)
    assert giveaways(extends) == ["7C simply extends 4C 5C 6C"]
    ready = solve(Position.parse("4C 5C 6C", "9S 9H 9D"), BGA)
    assert giveaways(ready) == ["the hand holds a meld: 9S 9H 9D"]
    stubs = solve(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H JC QC"), BGA)
    assert giveaways(stubs) == ["two-card stubs are left in the hand: JC QC"]


def test_compare_recipes_keep_only_puzzles_whose_answer_changes() -> None:
    recipe = Recipe(
        "test-ace", "Ace", "ace", 2, ("spare", "split", "swap", "dissolve", "identical", "impossible"),
        ("spare", "swap", "dissolve"), (6, 12), rules=("bga(ace_high=false)",), compare=("bga",),
        ranks=(1, 2, 3, 11, 12, 13),
    )  # fmt: skip
    for puzzle in generate(recipe):
        assert len(puzzle.compare) == 1 and puzzle.compare[0].answer != puzzle.answer
        assert "variants" in puzzle.themes
