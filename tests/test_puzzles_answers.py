"""A learner's answer: any valid table that reaches the answer is accepted, not only the stored one."""

from __future__ import annotations

from machiavelli_kit.core.position import Table
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import loads
from machiavelli_kit.puzzles.verify import check_answer

COLLECTION = load_collection()


def test_another_table_reaching_the_answer_is_accepted() -> None:
    puzzle = loads(
        """
[chapter]
title = "t"
[[puzzle]]
id = "two-ways"
title = "Two ways"
source = "test"
rules = "bga"
table = [["5S", "5H", "5D", "5C"], ["6H", "7H", "8H"], ["2H", "3H", "4H"]]
hand = ["9H"]
goal = "max"
answer = 1
solution = [["5S", "5H", "5D", "5C"], ["6H", "7H", "8H", "9H"], ["2H", "3H", "4H"]]
""",
        "test.toml",
    ).puzzles[0]
    other = Table.parse("5S 5D 5C | 2H 3H 4H 5H 6H 7H 8H 9H")
    assert puzzle.solution is not None and other != puzzle.solution
    assert check_answer(puzzle, other).correct
    assert not check_answer(puzzle, Table.parse("5S 5D 5C | 2H 3H 4H 5H 6H 7H 8H | 9H")).correct


def test_too_few_cards_and_invalid_turns_are_explained() -> None:
    puzzle = COLLECTION.find("it-3")
    fewer = check_answer(puzzle, Table.parse("7S 7H 7C | 7D 8D 9D | 10D 10C 10S | 10H JH QH KH"))
    assert not fewer.correct and "you can play more than 1 card" in fewer.message
    broken = check_answer(puzzle, Table.parse("7S 7H 7C 7D | 8D 9D | 10D 10C 10S | 9H 10H JH QH KH"))
    assert not broken.correct and broken.message.startswith("Not a valid turn")


def test_restore_is_right_only_where_nothing_can_be_played() -> None:
    assert check_answer(COLLECTION.find("bga-3"), "restore").correct
    assert not check_answer(COLLECTION.find("bga-1"), "restore").correct
    assert "is not an answer" in check_answer(COLLECTION.find("bga-1"), "pass").message
