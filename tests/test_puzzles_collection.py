"""The bundled collection: big enough, the documents' examples in chapter 1, and every puzzle re-verified."""

from __future__ import annotations

from collections import Counter

import pytest

from machiavelli_kit.core.goal import Goal, GoalKind
from machiavelli_kit.puzzles.collection import Collection, load_collection
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.puzzles.generator import giveaways
from machiavelli_kit.puzzles.verify import verify
from machiavelli_kit.solver import solve

COLLECTION = load_collection()
BASICS = {puzzle.id for puzzle in COLLECTION.chapter("ch01b").puzzles}
"""The basics chapter is about the plays other chapters call giveaways."""
DOCUMENT_IDS = [f"bga-{n}" for n in range(1, 8)] + [f"it-{n}" for n in range(1, 5)] + ["wiki-1", "wiki-2"]


@pytest.mark.parametrize("puzzle", COLLECTION.puzzles, ids=lambda puzzle: puzzle.id)
def test_every_puzzle_agrees_with_the_solver_and_the_grader(puzzle: Puzzle) -> None:
    graded = verify(puzzle)
    assert (puzzle.grade, puzzle.effort) == (graded.technique, graded.effort)
    if puzzle.source.startswith("generated") and puzzle.id not in BASICS:
        assert giveaways(solve(puzzle.position, puzzle.rules)) == [], "judged on the best play of the most cards"


def test_size_and_chapters() -> None:
    assert len(COLLECTION.puzzles) >= 500
    assert COLLECTION.chapters[0].name == "ch01-first-steps"
    assert set(DOCUMENT_IDS) <= {puzzle.id for puzzle in COLLECTION.chapters[0].puzzles}
    alone = COLLECTION.find("wiki-2-alone")
    assert alone.goal == Goal.DECIDE and alone.answer == "restore"
    assert Counter(puzzle.goal.kind for puzzle in COLLECTION.puzzles)[GoalKind.DECIDE] >= 30


def test_every_grade_from_spare_to_impossible_is_present() -> None:
    grades = Counter(puzzle.grade for puzzle in COLLECTION.puzzles)
    for technique in ("spare", "split", "swap", "dissolve", "chain", "identical", "impossible"):
        assert grades[technique] >= 20, technique


@pytest.mark.parametrize("parameter", ["ace_high", "wrap", "jokers"])
def test_answers_that_change_with_the_rules(parameter: str) -> None:
    changed = [
        puzzle
        for puzzle in COLLECTION.puzzles
        for compare in puzzle.compare
        if parameter in puzzle.rules.overrides() and compare.answer != puzzle.answer
    ]
    assert len(changed) >= 10


def test_select_by_chapter_grade_and_theme(collection: Collection = COLLECTION) -> None:
    chains = collection.select(grade="chain", theme="sets-to-runs")
    assert chains and all(p.grade == "chain" and "sets-to-runs" in p.themes for p in chains)
    assert collection.chapter("1") == collection.chapter("ch01") == collection.chapter("ch01-first-steps")
    assert collection.chapter("ch03") == collection.chapter("ch03-split")
    # a number is the chapter id's number, never a file's place in order (ch01b comes second)
    assert collection.chapter("8") == collection.chapter("08") == collection.chapter("ch08-restore")
    assert collection.chapter("2") == collection.chapter("ch02-spare")
