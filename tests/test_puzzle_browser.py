"""The puzzle browser, driven headless: the pickers filter, the picture follows, Play it makes a board."""

from __future__ import annotations

from pathlib import Path

from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.progress import Progress
from machiavelli_kit.ui.puzzle_browser import PuzzleBrowser

COLLECTION = load_collection()


def test_pickers_filter_the_list_and_play_puts_the_puzzle_on_a_board(tmp_path: Path) -> None:
    browser = PuzzleBrowser(COLLECTION, Progress(), tmp_path / "progress.json")
    assert len(browser.puzzle_choice.options) == len(COLLECTION.puzzles)
    browser.chapter_choice.value = COLLECTION.chapters[0].name
    browser.grade_choice.value = "chain"
    assert [value for _, value in browser.puzzle_choice.options] == ["it-3"]
    browser.puzzle_choice.value = "it-3"
    assert COLLECTION.find("it-3").title in browser.picture.value
    assert "<svg" in browser.picture.value
    browser.play_button.click()
    assert browser.board is not None and browser.board.puzzle.id == "it-3"
    assert browser.stage.children == (browser.board.box,)


def test_a_filter_that_matches_nothing_empties_the_list_and_the_picture(tmp_path: Path) -> None:
    browser = PuzzleBrowser(COLLECTION, Progress(), tmp_path / "progress.json")
    browser.chapter_choice.value = COLLECTION.chapters[0].name
    browser.grade_choice.value = "impossible"
    browser.theme_choice.value = "chain"
    assert browser.puzzle_choice.options == ()
    assert browser.picture.value == ""
    browser.play_button.click()
    assert browser.board is None
