"""Bad input found by fuzzing: each gets a clear error naming the problem, never a traceback from deep inside."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

import machiavelli_kit.puzzles.progress
from machiavelli_kit.cards import Card
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.progress import Progress, Record
from machiavelli_kit.ui.puzzle_board import PuzzleBoard

COLLECTION = load_collection()


def refuse_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every progress save fail as in a read-only folder (chmod does not stop root, who may run the tests)."""

    def refuse(path: object, text: str, *, private: bool = False) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(machiavelli_kit.puzzles.progress, "write_atomically", refuse)


@pytest.mark.parametrize("button", ["Hint", "Puzzle hint", "Check"])
def test_a_failed_save_is_said_on_the_board_in_plain_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, button: str
) -> None:
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress(), tmp_path / "progress.json")
    refuse_writes(monkeypatch)
    if button == "Check":
        view.board.session.move(Card.parse("7S"), "hand", 0)
        view.board.session.move(Card.parse("7D"), 0, 1)
    clicked = view.hint_button if button == "Puzzle hint" else view.board.buttons[button]
    clicked.click()
    assert view.board.errors == []
    assert "PermissionError" not in view.board.status.value
    assert "Progress not saved: the kit is not allowed to write in" in view.saving.value
    assert str(tmp_path) in view.saving.value
    assert view.progress.record("it-3") != Record(), "the board still counts what happened"

    monkeypatch.undo()
    view.hint_button.click()
    assert view.saving.value == "", "a save that works again clears the message"
    assert Progress.load(tmp_path / "progress.json").record("it-3") == view.progress.record("it-3")
