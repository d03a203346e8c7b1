"""A puzzle on the position widget: its question, its own hints, and the learner's progress.

Every Check that ends in a valid turn is judged against the puzzle's answer
and counted as an attempt; the puzzle's hints, the board's Hint and its Solve
count as hints. Progress is saved after each change; when a save fails the
board says so, and why, under the verdict (the puzzle goes on).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as w

from machiavelli_kit.play import CheckReport
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.puzzles.progress import DEFAULT_PATH, Progress, ProgressError
from machiavelli_kit.puzzles.verify import check_answer
from machiavelli_kit.ui.position_board import PositionWidget

NO_HINTS = "This puzzle has no hints of its own: try the board's Hint button."


class PuzzleBoard:
    """The position widget for ``puzzle``, recording into ``progress`` (saved at ``path``)."""

    def __init__(self, puzzle: Puzzle, progress: Progress, path: str | Path = DEFAULT_PATH, **options: Any) -> None:
        self.puzzle, self.progress, self.path = puzzle, progress, Path(path)
        self.board = PositionWidget(puzzle.position, puzzle.rules, title=f"{puzzle.id}: {puzzle.title}", **options)
        self.verdict = w.HTML(html.escape(puzzle.question()))
        self.verdict.add_class("mk-puzzle-verdict")
        self.hint_button = w.Button(description="Puzzle hint", tooltip="the puzzle's own hints, one at a time")
        self.hint_button.on_click(self._next_hint)
        self.board.on_solved(self._judge)
        for label in ("Hint", "Solve"):
            self.board.buttons[label].on_click(self._board_help)
        self.saving = w.HTML("")
        self.saving.add_class("mk-puzzle-saving")
        self.box = w.VBox([self.board.box, self.hint_button, self.verdict, self.saving])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def _judge(self, _: CheckReport) -> None:
        answer = check_answer(self.puzzle, self.board.session.state.position().table)
        self.verdict.value = html.escape(answer.message)
        self.progress.attempt(self.puzzle.id, solved=answer.correct)
        self._save()

    def _next_hint(self, _: object = None) -> None:
        shown = self.progress.record(self.puzzle.id).hints
        texts = self.puzzle.hints or (NO_HINTS,)
        self.verdict.value = html.escape(texts[min(shown, len(texts) - 1)])
        self._board_help()

    def _board_help(self, _: object = None) -> None:
        self.progress.hint(self.puzzle.id)
        self._save()

    def _save(self) -> None:
        """Save the progress; show why on the board when that fails, and clear that once a save works."""
        try:
            self.progress.save(self.path)
        except ProgressError as error:
            message = str(error)
            self.saving.value = f'<span style="color:#b00020">{html.escape(message[0].upper() + message[1:])}.</span>'
        else:
            self.saving.value = ""
