"""The generator: seeded and reproducible, and its puzzles give nothing away."""

from __future__ import annotations

from dataclasses import replace

from machiavelli_kit.position import Position
from machiavelli_kit.puzzles.generator import Recipe, generate, giveaways
from machiavelli_kit.puzzles.verify import verify
from machiavelli_kit.rules import BGA
from machiavelli_kit.solver import solve

SMALL = Recipe("test-small", "Small", "small", 6, ("spare", "split", "swap"), (6, 14), (1, 3))


def test_the_same_recipe_makes_the_same_puzzles() -> None:
    first, second = generate(SMALL), generate(SMALL)
    assert first == second
    assert [puzzle.id for puzzle in first] == [f"small-{number}" for number in range(1, 7)]


def test_another_name_seeds_other_puzzles() -> None:
    other = generate(replace(SMALL, name="test-other"))
    assert [puzzle.position for puzzle in other] != [puzzle.position for puzzle in generate(SMALL)]


def test_generated_puzzles_have_the_asked_grades_and_no_giveaways() -> None:
    for puzzle in generate(SMALL):
        assert puzzle.grade in SMALL.grades
        assert giveaways(solve(puzzle.position, puzzle.rules)) == []
        assert verify(puzzle).technique == puzzle.grade


def test_giveaways_are_found() -> None:
    extends = solve(Position.parse("4C 5C 6C | 9S 9H 9D", "7C 2H"), BGA)
    assert giveaways(extends) == ["7C simply extends 4C 5C 6C"]
    ready = solve(Position.parse("4C 5C 6C", "9S 9H 9D"), BGA)
    assert giveaways(ready) == ["the hand holds a meld: 9S 9H 9D"]
    stubs = solve(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H JC QC"), BGA)
    assert giveaways(stubs) == ["two-card stubs are left in the hand: JC QC"]


def test_compare_recipes_keep_only_puzzles_whose_answer_changes() -> None:
    recipe = Recipe(
        "test-ace", "Ace", "ace", 2, ("spare", "split", "swap", "dissolve", "identical", "impossible"), (6, 12),
        (1, 3), rules=("bga(ace_high=false)",), compare=("bga",), ranks=(1, 2, 3, 11, 12, 13),
    )  # fmt: skip
    for puzzle in generate(recipe):
        assert len(puzzle.compare) == 1 and puzzle.compare[0].answer != puzzle.answer
        assert "variants" in puzzle.themes
