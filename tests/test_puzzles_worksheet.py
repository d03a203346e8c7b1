"""Worksheets: every chosen puzzle on the question sheet, every answer on the answer sheet."""

from __future__ import annotations

from pathlib import Path

from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.position_id import format_position_id
from machiavelli_kit.puzzles.worksheet import answers_html, export_worksheet


def test_export_holds_the_puzzles_and_the_answers(tmp_path: Path) -> None:
    collection = load_collection()
    puzzles = [collection.find(puzzle_id) for puzzle_id in ("bga-1", "it-3", "bga-3")]
    sheet, answers = export_worksheet(puzzles, tmp_path / "out", "Homework 1")
    questions, solutions = sheet.read_text(encoding="utf-8"), answers.read_text(encoding="utf-8")
    for puzzle in puzzles:
        assert puzzle.title in questions and puzzle.title in solutions
        assert format_position_id(puzzle.position, puzzle.rules, puzzle.goal) in questions
    assert questions.count("<svg") == 3
    assert "Answer" not in questions and "10♦ joins the tens and frees 10♥" not in questions
    assert "Answer: 1 card" in solutions and "Answer: restore" in solutions
    assert "10♦ joins the tens and frees 10♥" in solutions
    assert "9♥ 10♥ J♥ Q♥ K♥" in solutions
    assert "Under the rules" not in solutions


def test_answers_under_other_rules_are_on_the_answer_sheet() -> None:
    corner = load_collection().find("first-corner")
    solutions = answers_html([corner], "Variants")
    assert "Answer: no" in solutions and "Under the rules bga(wrap=true): yes." in solutions


def test_sheets_are_self_contained(tmp_path: Path) -> None:
    puzzles = load_collection().select(chapter="ch01")
    sheet, answers = export_worksheet(puzzles, tmp_path, "All of chapter 1")
    questions, solutions = sheet.read_text(encoding="utf-8"), answers.read_text(encoding="utf-8")
    assert "<script" not in questions + solutions and "http" not in questions.replace("http://www.w3.org", "")
