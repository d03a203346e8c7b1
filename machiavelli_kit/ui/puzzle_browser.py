"""The puzzle browser: pick a chapter, a level and a theme, see the puzzle, play it on a board.

The choosing is plain Python (:meth:`PuzzleBrowser.matching`), so a test can
drive the browser without a page.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as w

from machiavelli_kit.puzzles.collection import Collection, load_collection
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.puzzles.grader import TECHNIQUES
from machiavelli_kit.puzzles.position_id import format_position_id
from machiavelli_kit.puzzles.progress import DEFAULT_PATH, Progress
from machiavelli_kit.render import position_svg
from machiavelli_kit.ui.puzzle_board import PuzzleBoard

ANY = "any"


class PuzzleBrowser:
    """Chapter, level and theme pickers over ``collection``; **Play it** puts the chosen puzzle on a board."""

    def __init__(
        self,
        collection: Collection | None = None,
        progress: Progress | None = None,
        path: str | Path = DEFAULT_PATH,
    ) -> None:
        self.collection = collection if collection is not None else load_collection()
        self.path = Path(path)
        self.progress = progress if progress is not None else Progress.load(self.path)
        themes = sorted({theme for puzzle in self.collection.puzzles for theme in puzzle.themes})
        chapters = [(ANY, ""), *((chapter.title, chapter.name) for chapter in self.collection.chapters)]
        levels = [(f"{number} {name}", name) for number, name in enumerate(TECHNIQUES, start=1)]
        self.chapter_choice = w.Dropdown(options=chapters, description="chapter")
        self.grade_choice = w.Dropdown(options=[(ANY, ANY), *levels], description="level")
        self.theme_choice = w.Dropdown(options=[ANY, *themes], description="theme")
        self.puzzle_choice = w.Select(rows=8, description="puzzle")
        self.picture = w.HTML()
        self.play_button = w.Button(description="Play it", tooltip="put the chosen puzzle on the board")
        self.stage = w.VBox()
        self.board: PuzzleBoard | None = None
        for control in (self.chapter_choice, self.grade_choice, self.theme_choice):
            control.observe(self.refresh, names="value")
        self.puzzle_choice.observe(self.show, names="value")
        self.play_button.on_click(self.play)
        self.refresh()
        filters = w.HBox([self.chapter_choice, self.grade_choice, self.theme_choice])
        self.box = w.VBox([filters, self.puzzle_choice, self.picture, self.play_button, self.stage])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def matching(self) -> list[Puzzle]:
        """The puzzles the three pickers select."""
        grade, theme = self.grade_choice.value, self.theme_choice.value
        return self.collection.select(
            self.chapter_choice.value or None, None if grade == ANY else grade, None if theme == ANY else theme
        )

    def refresh(self, _: object = None) -> None:
        self.puzzle_choice.options = [
            (f"{puzzle.id}: {puzzle.title} ({puzzle.grade}, effort {puzzle.effort})", puzzle.id)
            for puzzle in self.matching()
        ]

    def show(self, _: object = None) -> None:
        if self.puzzle_choice.value is None:
            self.picture.value = ""
            return
        puzzle = self.collection.find(self.puzzle_choice.value)
        share = format_position_id(puzzle.position, puzzle.rules, puzzle.goal)
        self.picture.value = (
            f"<p><b>{html.escape(puzzle.title)}</b> · rules {puzzle.rules} · {html.escape(puzzle.question())}</p>"
            f"{position_svg(puzzle.position)}<p><code>{share}</code></p>"
        )

    def play(self, _: object = None) -> None:
        if self.puzzle_choice.value is None:
            return
        self.board = PuzzleBoard(self.collection.find(self.puzzle_choice.value), self.progress, self.path)
        self.stage.children = [self.board.box]
