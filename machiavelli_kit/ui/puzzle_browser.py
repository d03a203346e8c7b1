"""The puzzle trainer: pick puzzles by chapter, level and theme, or let the trainer pick, and play them on a board.

A thin layer over :class:`machiavelli_kit.puzzles.trainer.Trainer`: the list
marks each puzzle solved, solved with help or not solved yet; **Next** picks
one near the learner's rating from the themes missed most; **Retry the missed
ones** goes back over them. The modes are practice, streak (harder and harder
until the first miss) and timed (a clock per puzzle, run with asyncio so the
kernel never waits). Everything but the clock's ticking is plain Python, so a
test drives the browser without a page.
"""

from __future__ import annotations

import asyncio
import html
from pathlib import Path
from typing import Any

import ipywidgets as w

from machiavelli_kit.puzzles.collection import Collection, load_collection
from machiavelli_kit.puzzles.format import TECHNIQUES, Puzzle
from machiavelli_kit.puzzles.position_id import format_position_id
from machiavelli_kit.puzzles.progress import DEFAULT_PATH, Progress
from machiavelli_kit.puzzles.trainer import LEGEND, MODES, Mode, PuzzleSession, Trainer
from machiavelli_kit.render import position_svg
from machiavelli_kit.ui.puzzle_board import PuzzleBoard

ANY = "any"
TICK = 1.0
"""Seconds between two updates of the clock."""
MODE_NAMES = {"practice": "Practice", "streak": "Streak", "timed": "Timed"}
MODE_TIPS = (
    "puzzles at your own pace",
    "each puzzle a bit harder, until the first miss",
    "a clock for each puzzle",
)


class PuzzleBrowser:
    """The trainer over ``collection`` for the learner whose ``progress`` is saved at ``path``.

    ``trainer`` may be given (a test passes one with a fake clock); it then
    brings its own collection and progress.
    """

    def __init__(
        self,
        collection: Collection | None = None,
        progress: Progress | None = None,
        path: str | Path = DEFAULT_PATH,
        *,
        trainer: Trainer | None = None,
    ) -> None:
        self.path = Path(path)
        if trainer is None:
            collection = collection if collection is not None else load_collection()
            trainer = Trainer(collection, progress if progress is not None else Progress.load(self.path))
        self.trainer = trainer
        self.collection, self.progress = trainer.collection, trainer.progress
        themes = sorted({theme for puzzle in self.collection.puzzles for theme in puzzle.themes})
        chapters = [(ANY, ""), *((chapter.title, chapter.name) for chapter in self.collection.chapters)]
        levels = [(f"{number} {name}", name) for number, name in enumerate(TECHNIQUES, start=1)]
        self.mode_choice = w.ToggleButtons(
            options=[(MODE_NAMES[mode], mode) for mode in MODES], tooltips=list(MODE_TIPS), description="mode"
        )
        self.chapter_choice = w.Dropdown(options=chapters, description="chapter")
        self.grade_choice = w.Dropdown(options=[(ANY, ANY), *levels], description="level")
        self.theme_choice = w.Dropdown(options=[ANY, *themes], description="theme")
        self.puzzle_choice = w.Select(rows=10, description="puzzle", layout=w.Layout(width="98%"))
        self.puzzle_choice.add_class("mk-puzzle-list")
        self.picture = w.HTML()
        self.play_button = w.Button(description="Play it", tooltip="put the chosen puzzle on the board")
        self.next_button = w.Button(description="Next", tooltip="a puzzle for you, near your rating")
        self.retry_button = w.Button(
            description="Retry the missed ones", tooltip="the puzzles you have not solved on your own yet"
        )
        self.retry_button.layout.width = "auto"
        for button, name in ((self.play_button, "play"), (self.next_button, "next"), (self.retry_button, "retry")):
            button.add_class(f"mk-trainer-{name}")
        self.info = w.HTML()
        self.info.add_class("mk-trainer-info")
        self.clock = w.HTML()
        self.clock.add_class("mk-trainer-clock")
        self.stage = w.VBox()
        self.board: PuzzleBoard | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self._refreshing = False
        self.mode_choice.observe(self._mode_changed, names="value")
        for control in (self.chapter_choice, self.grade_choice, self.theme_choice):
            control.observe(self.refresh, names="value")
        self.puzzle_choice.observe(self.show, names="value")
        self.play_button.on_click(self.play)
        self.next_button.on_click(self.next)
        self.retry_button.on_click(self.retry)
        self.refresh()
        self._show_info()
        filters = w.HBox([self.chapter_choice, self.grade_choice, self.theme_choice])
        buttons = w.HBox([self.play_button, self.next_button, self.retry_button])
        legend = w.HTML(f"<small>{html.escape(LEGEND)}</small>")
        parts = [self.mode_choice, filters, self.puzzle_choice, legend, self.picture, buttons, self.info, self.clock]
        self.box = w.VBox([*parts, self.stage])
        self.box.add_class("mk-trainer")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def matching(self) -> list[Puzzle]:
        """The puzzles the three pickers select."""
        grade, theme = self.grade_choice.value, self.theme_choice.value
        return self.collection.select(
            self.chapter_choice.value or None, None if grade == ANY else grade, None if theme == ANY else theme
        )

    def refresh(self, _: object = None) -> None:
        """List the matching puzzles with their marks, keeping the chosen one when it still matches."""
        chosen = self.puzzle_choice.value
        options = [(self.trainer.label(puzzle), puzzle.id) for puzzle in self.matching()]
        self._refreshing = True
        try:
            self.puzzle_choice.options = options
            if chosen in {value for _, value in options}:
                self.puzzle_choice.value = chosen
        finally:
            self._refreshing = False
        self.show()

    def show(self, _: object = None) -> None:
        """Draw the chosen puzzle (its question, never its answer)."""
        if self._refreshing:
            return
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
        """Put the chosen puzzle on the board."""
        if self.puzzle_choice.value is not None:
            self.start(self.collection.find(self.puzzle_choice.value))

    def next(self, _: object = None) -> None:
        """Put the trainer's next puzzle on the board (from the puzzles the pickers select)."""
        puzzle = self.trainer.next_puzzle(self.matching())
        if puzzle is None:
            self.info.value = html.escape(self.trainer.summary() + " · No puzzle left here: change the pickers.")
            return
        self.start(puzzle)

    def retry(self, _: object = None) -> None:
        """Go back over the missed puzzles among those the pickers select, one by one with Next."""
        puzzle = self.trainer.retry_missed(self.matching())
        if puzzle is None:
            self.info.value = html.escape(self.trainer.summary() + " · Nothing to retry here: well done!")
            return
        self.start(puzzle)

    def start(self, puzzle: Puzzle) -> None:
        """Play ``puzzle``: a new board, the list showing it, and the clock in timed mode."""
        session = self.trainer.start(puzzle)
        self.board = PuzzleBoard(session, path=self.path)
        session.on_change(self._changed)
        self.stage.children = [self.board.box]
        if puzzle.id in {value for _, value in self.puzzle_choice.options}:
            self.puzzle_choice.value = puzzle.id
        self.board.save()
        self._show_info()
        self._start_clock(session)

    def _changed(self, session: PuzzleSession) -> None:
        self.refresh()
        self._show_info()

    def _mode_changed(self, change: dict[str, Any]) -> None:
        mode: Mode = change["new"]
        self.trainer.set_mode(mode)
        self._show_info()

    def _show_info(self) -> None:
        self.info.value = html.escape(self.trainer.summary())
        session = self.trainer.session
        self.clock.value = "" if session is None or session.limit is None else _clock_text(session)

    def _start_clock(self, session: PuzzleSession) -> None:
        """Tick the clock of a timed puzzle without blocking the kernel (only where an event loop runs)."""
        if session.limit is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a plain script): the time is still judged when the learner answers
        self._clock_task = loop.create_task(self.run_clock(session))

    async def run_clock(self, session: PuzzleSession, tick: float = TICK) -> None:
        """Show the time left every ``tick`` seconds until an answer, the end of the time, or another puzzle."""
        while self.trainer.session is session:
            session.tick()
            self.clock.value = _clock_text(session)
            if session.outcome is not None:
                return
            await asyncio.sleep(tick)


def _clock_text(session: PuzzleSession) -> str:
    left = session.time_left()
    if session.late:
        return "<b>Time is up.</b>"
    if session.outcome is not None or left is None:
        return "Clock stopped."
    return f"Time left: <b>{int(left + 0.999)} s</b>"
