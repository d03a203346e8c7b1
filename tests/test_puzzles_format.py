"""Strict loading of puzzle files: every kind of mistake is an error naming file, puzzle and field."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from machiavelli_kit.puzzles.format import Chapter, PuzzleError, dump, load, loads
from machiavelli_kit.puzzles.verify import verify

GOOD = """
[chapter]
title = "Test chapter"

[[puzzle]]
id = "split-3"
title = "Cut it"
source = "a test"
rules = "bga"
table = [["4C", "5C", "6C", "7C", "8C", "9C"]]
hand = ["6C", "KH"]
goal = "max"
answer = 1
solution = [["4C", "5C", "6C"], ["6C", "7C", "8C", "9C"]]
par = 3
grade = "split"
"""


def error_of(text: str, origin: str = "puzzles/ch2.toml") -> str:
    with pytest.raises(PuzzleError) as caught:
        loads(text, origin)
    return str(caught.value)


def test_the_good_file_loads_and_verifies() -> None:
    puzzle = loads(GOOD, "puzzles/ch2.toml").puzzles[0]
    assert verify(puzzle).technique == "split"
    assert puzzle.position.table.notation() == "4C 5C 6C 7C 8C 9C"


def test_a_bad_card_names_file_puzzle_and_field() -> None:
    message = error_of(GOOD.replace('hand = ["6C", "KH"]', 'hand = ["11H", "KH"]'))
    assert (
        message == "puzzles/ch2.toml, puzzle 'split-3', field 'hand': '11H' is not a card: ranks are A, 2-10, J, Q, K"
    )


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('goal = "max"', 'goal = "max"\ncolour = "red"', "puzzle 'split-3': unknown key 'colour'"),
        ("answer = 1\n", "", "puzzle 'split-3': the required key 'answer' is missing"),
        ('hand = ["6C", "KH"]', 'hand = ["6C", "6C", "KH"]', "field 'hand': there are three 6♣ here"),
        (
            '[["4C", "5C", "6C", "7C", "8C", "9C"]]\nhand',
            '[["4C", "5C", "7C"]]\nhand',
            "field 'table': the start table is not valid",
        ),
        ('rules = "bga"', 'rules = "bga(wrap=maybe)"', "field 'rules': wrap must be true, false or unlimited"),
        ('goal = "max"', 'goal = "win"', "field 'goal': 'win' is not a goal"),
        ('goal = "max"', 'goal = "play:QS"', "field 'goal': QS is not in the hand"),
        ("answer = 1", 'answer = "one"', "field 'answer': for goal max the answer is the number of cards playable"),
        ('id = "split-3"', 'id = "Split 3"', "field 'id': use lower-case letters"),
        ('hand = ["6C", "KH"]', "hand = [6, 7]", "field 'hand': cards are strings"),
        ('grade = "split"', 'grade = "hard"', "field 'grade': 'hard' is not a grade"),
        ("par = 3", "par = -1", "field 'par': must be a whole number"),
        ("par = 3", "par = 3\nstory = 7", "field 'story': must be a string, not a number 7"),
        ('["4C", "5C", "6C"], ["6C", "7C", "8C", "9C"]]', '["4C", "5C", "6C", "7C", "8C", "9C"]]', "field 'solution'"),
    ],
)
def test_each_kind_of_mistake_is_named(old: str, new: str, expected: str) -> None:
    assert old in GOOD
    message = error_of(GOOD.replace(old, new, 1))
    assert message.startswith("puzzles/ch2.toml, puzzle ")
    assert expected in message


def test_a_stored_answer_the_solver_disagrees_with_is_an_error() -> None:
    puzzle = loads(GOOD.replace("answer = 1", "answer = 2").replace("solution = ", "#"), "puzzles/ch2.toml").puzzles[0]
    with pytest.raises(PuzzleError, match="field 'answer': the solver says 1 card"):
        verify(puzzle)


@pytest.mark.parametrize(
    ("changed", "key"), [("par = 9", "par"), ('grade = "chain"', "grade"), ('grade = "split"\neffort = 5', "effort")]
)
def test_stored_par_grade_and_effort_must_match_the_grader(changed: str, key: str) -> None:
    text = GOOD.replace("par = 3", "par = 9") if key == "par" else GOOD.replace('grade = "split"', changed)
    puzzle = loads(text, "puzzles/ch2.toml").puzzles[0]
    with pytest.raises(PuzzleError, match=f"field '{key}': the grader says"):
        verify(puzzle)


def test_a_wrong_answer_under_compared_rules_is_an_error() -> None:
    text = GOOD + '\n[[puzzle.compare]]\nrules = "bga(ace_high=false)"\nanswer = 0\n'
    with pytest.raises(PuzzleError, match="field 'compare': under bga\\(ace_high=false\\) the solver says 1 card"):
        verify(loads(text, "puzzles/ch2.toml").puzzles[0])


def test_file_level_mistakes() -> None:
    assert "not valid TOML" in error_of("[[puzzle]\n")
    assert "the [chapter] table" in error_of('[[puzzle]]\nid = "x"\n')
    assert "unknown key 'puzzles'" in error_of('[chapter]\ntitle = "x"\n[[puzzles]]\nid = "x"\n')
    twice = GOOD + GOOD.split("\n", 4)[4].replace("[chapter]", "")
    assert "field 'id': this id is used twice" in error_of(twice)


def test_files_are_data_never_code(tmp_path: Path) -> None:
    text = GOOD.replace('title = "Cut it"', "title = \"__import__('os').remove('x')\"")
    path = tmp_path / "ch9.toml"
    path.write_text(text, encoding="utf-8")
    assert load(path).puzzles[0].title == "__import__('os').remove('x')"


def test_dump_writes_what_load_reads(tmp_path: Path) -> None:
    chapter = loads(GOOD + '\n[[puzzle.compare]]\nrules = "bga"\nanswer = 1\n', "a.toml")
    path = tmp_path / "again.toml"
    path.write_text(dump(Chapter("again", chapter.title, 'An intro with "quotes".', chapter.puzzles)))
    again = load(path)
    assert again.intro == 'An intro with "quotes".'
    assert [replace(p, origin="") for p in again.puzzles] == [replace(p, origin="") for p in chapter.puzzles]


def _puzzle_with(solution: str, table: str, hand: str, rules: str, extra: str = "") -> str:
    return (
        f'[chapter]\ntitle = "T"\n\n[[puzzle]]\nid = "p-1"\ntitle = "P"\nsource = "a test"\nrules = "{rules}"\n'
        f'table = {table}\nhand = {hand}\ngoal = "max"\nanswer = 1\nsolution = {solution}\n{extra}'
    )


def test_the_grade_describes_the_stored_solution_among_plays_as_good() -> None:
    """Two plays of Q♣ with par 4 (the joker joins the clubs, or stays with the spades): the file
    may show either, and the grade describes the one it shows, whichever the solver finds first."""
    table = '[["KC", "KS", "KH"], ["AS", "2S", "JK"], ["10H", "JH", "QH"], ["AC", "2C", "3C"]]'
    chain = '[["KS", "AS", "2S"], ["10H", "JH", "QH", "KH"], ["QC", "KC", "AC", "2C", "3C", "JK"]]'
    dissolve = '[["JK", "KS", "AS", "2S"], ["10H", "JH", "QH", "KH"], ["QC", "KC", "AC", "2C", "3C"]]'
    grades = []
    for solution in (chain, dissolve):
        text = _puzzle_with(solution, table, '["QC"]', "bga(jokers=2, wrap=true)", "par = 4\n")
        grades.append(verify(loads(text, "puzzles/ch9.toml").puzzles[0]).technique)
    assert grades == ["chain", "dissolve"]


def test_a_stored_solution_that_is_not_the_best_play_is_an_error() -> None:
    worse = '[["5H", "6H", "7H", "8H", "9H"], ["5S", "5D", "5C"]]'  # 9H could just join the run
    text = _puzzle_with(worse, '[["5S", "5H", "5D", "5C"], ["6H", "7H", "8H"]]', '["9H"]', "bga")
    with pytest.raises(PuzzleError, match="field 'solution': it has par 2, the best play has par 1"):
        verify(loads(text, "puzzles/ch2.toml").puzzles[0])
