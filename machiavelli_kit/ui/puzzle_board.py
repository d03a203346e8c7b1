"""A puzzle on the position widget: its question, the verdict on each answer, and the learner's progress.

A thin layer over :class:`machiavelli_kit.practice.trainer.PuzzleSession`,
which judges every valid Check and every **No play: draw** against the
puzzle, climbs one hint ladder (the puzzle's hints, then the solver's) on the
board's **Hint** button, and counts **Solve** as help. The verdict leads the
board's status line, green with a tick when right, red with a cross when not.
Progress is saved after each hint and each answer; when a save fails the
board says so, and why, under the status line (the puzzle goes on), naming
no server folder on a class's app server (:mod:`machiavelli_kit.classroom.visitor`).
There, a board saving into the server's own progress file (the one every
visitor would share) neither shows nor saves it: its answers stay on the page,
and a line says that the trainer keeps them under the learner's name.
The board speaks the language it was made in (``lang=``, else the one in use
then), the puzzle's title too when the puzzle file has it in that language.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as w

from machiavelli_kit.classroom.visitor import visitor, without_folders
from machiavelli_kit.i18n import N_, _, language, speaking
from machiavelli_kit.practice.progress import DEFAULT_PATH, Progress, ProgressError, Record, default_path
from machiavelli_kit.practice.titles import shown_title
from machiavelli_kit.practice.trainer import PuzzleSession
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.ui.position_board import PositionBoard
from machiavelli_kit.ui.status import Kind, in_own_language, mark

# TRANSLATORS: under a puzzle board on a class's server, where answers outside the trainer are not saved.
NOT_KEPT = N_("Your answers on this board are not saved: the trainer above keeps them under your name.")


def _same_file(path: Path, other: Path) -> bool:
    """Whether ``path`` and ``other`` name the same file (it need not exist yet)."""
    return path.expanduser().resolve() == other.expanduser().resolve()


class PuzzleBoard:
    """The position widget for a puzzle (or a :class:`PuzzleSession` already made), saving progress at ``path``.

    Without a ``progress`` the one saved at ``path`` is loaded. ``lang`` is the language
    the board speaks (by default the one in use when it is made).
    """

    def __init__(
        self,
        puzzle: Puzzle | PuzzleSession,
        progress: Progress | None = None,
        path: str | Path = DEFAULT_PATH,
        *,
        lang: str | None = None,
        place: tuple[int, int] | None = None,
        **options: Any,
    ) -> None:
        self.language = language(lang)
        """The language the board speaks, fixed when it is made."""
        self.place = place
        """The puzzle's place in its chapter and the chapter's size: its title until solved, hinted or given up."""
        with speaking(self.language):
            self._build(puzzle, progress, path, options)

    def _build(self, puzzle: Puzzle | PuzzleSession, progress: Progress | None, path: str | Path, options: Any) -> None:
        self.path = Path(path)
        self.visitor = visitor()
        """Who opened the page, on a class's app server (``None`` elsewhere): no server folder is shown to them."""
        self.keeps_progress = self.visitor is None or not _same_file(self.path, default_path())
        """Whether answers are saved: never into the server's own file, which every visitor of the app shares."""
        if not self.keeps_progress:
            progress = Progress()
        if isinstance(puzzle, PuzzleSession):
            self.session = puzzle
        else:
            self.session = PuzzleSession(puzzle, progress if progress is not None else Progress.load(self.path))
        self.puzzle, self.progress = self.session.puzzle, self.session.progress
        self.board = PositionBoard(self.session, title=self.title, lang=self.language, **options)
        self.hint_button = self.board.buttons["Hint"]
        """The one hint button: the puzzle's hints first, then the solver's."""
        self.verdict = w.HTML()
        self.verdict.add_class("mk-puzzle-verdict")
        self._show_verdict()
        self.board.status_line.children = (self.verdict, *self.board.status_line.children)
        self.board.status.observe(self._show_verdict, names="value")
        self.saving = w.HTML("" if self.keeps_progress else html.escape(_(NOT_KEPT)))
        self.saving.add_class("mk-puzzle-saving")
        self.board.box.children = (*self.board.box.children, self.saving)
        self.session.on_change(self._changed)
        self.box = w.VBox([self.board.box])
        self.box.add_class("mk-puzzle-board")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    @property
    def title(self) -> str:
        """The board's title: the puzzle's id and, once solved, hinted or given up, its title (which may name
        the answer); before, its place in its chapter."""
        record = self.progress.records.get(self.puzzle.id, Record())
        shown = shown_title(self.puzzle, record, self.place, self.session.helped, self.language)
        return f"{self.puzzle.id}: {shown}"

    @property
    def verdict_kind(self) -> Kind:
        """How the verdict looks: right (valid), a valid turn short of the answer (hint), wrong (invalid),
        or the question still open (info)."""
        return self.session.verdict_kind

    @in_own_language
    def _show_verdict(self, _event: object = None) -> None:
        """The verdict in front of the status line; left out when the status says the same."""
        mark(self.verdict, self.verdict_kind)
        self.verdict.value = html.escape(self.session.verdict)
        self.verdict.layout.display = "none" if self.verdict.value == self.board.status.value else None
        self.board.heading.value = f"<b>{html.escape(self.title)}</b>"

    @in_own_language
    def _changed(self, session: PuzzleSession) -> None:
        self._show_verdict()
        self.save()

    @in_own_language
    def save(self) -> None:
        """Save the progress; show why on the board when that fails, and clear that once a save works."""
        if not self.keeps_progress:
            return
        try:
            self.progress.save(self.path)
        except ProgressError as error:
            message = str(error) if self.visitor is None else without_folders(str(error), self.path.parent)
            self.saving.value = f'<span style="color:#b00020">{html.escape(message[0].upper() + message[1:])}.</span>'
        else:
            self.saving.value = ""
