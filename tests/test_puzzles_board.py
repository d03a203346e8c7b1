"""The puzzle board: Check judges against the puzzle, hints and Solve are counted, progress is saved."""

from __future__ import annotations

from pathlib import Path

import pytest

import machiavelli_kit.ui.position_board
from machiavelli_kit.cards import Card
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.progress import Progress, Record
from machiavelli_kit.ui.puzzle_board import PuzzleBoard

COLLECTION = load_collection()


def test_solve_is_judged_and_counted_as_a_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machiavelli_kit.ui.position_board, "STEP_DELAY", 0)
    path = tmp_path / "progress.json"
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress(student="Ada"), path)
    view.board.buttons["Solve"].click()
    assert view.board.errors == []
    assert view.verdict.value == "Correct: 2 cards played, the most there is."
    assert Progress.load(path).record("it-3") == Record(attempts=1, hints=1, solved=True)


def test_the_puzzles_hints_come_one_at_a_time(tmp_path: Path) -> None:
    puzzle = COLLECTION.find("it-3")
    view = PuzzleBoard(puzzle, Progress(), tmp_path / "progress.json")
    shown = []
    for _ in range(3):
        view.hint_button.click()
        shown.append(view.verdict.value)
    assert shown == [puzzle.hints[0], puzzle.hints[1], puzzle.hints[1]]
    assert Progress.load(tmp_path / "progress.json").record("it-3").hints == 3


def test_a_valid_turn_short_of_the_answer_is_an_unsolved_attempt(tmp_path: Path) -> None:
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress(), tmp_path / "progress.json")
    session = view.board.session
    session.move(Card.parse("7S"), "hand", 0)
    session.move(Card.parse("7D"), 0, 1)
    view.board.buttons["Check"].click()
    assert view.board.errors == []
    assert view.verdict.value == "Valid, but you can play more than 1 card."
    assert view.progress.record("it-3") == Record(attempts=1, hints=0, solved=False)
