"""The puzzle trainer: pick puzzles by chapter, level and theme, or let the trainer pick, and play them on a board.

A thin layer over :class:`machiavelli_kit.practice.trainer.Trainer`: the list
marks each puzzle solved, solved with help or not solved yet; **Next** picks
one near the learner's rating from the themes missed most; **Retry the missed
ones** goes back over them. The modes are practice, streak (harder and harder
until the first miss) and timed (a clock per puzzle, run with asyncio so the
kernel never waits). Everything but the clock's ticking is plain Python, so a
test drives the browser without a page.

At the top, a student types or picks their name: each student's progress is
their own file (:mod:`machiavelli_kit.classroom.students`), and with no name the
computer's own progress file is used, as before. On a class's app server, where
each browser is a visitor (:mod:`machiavelli_kit.classroom.visitor`), a name belongs
to the first visitor who gives it (:mod:`machiavelli_kit.classroom.owners`): the box
offers only the visitor's own names, their last one is opened on each new page,
another visitor's name is refused, and no server folder is ever shown. Where the name
is needed first, the button pressed says so beside itself, and the name box is outlined
and given the focus.

When the page knows a class server and the learner has given their name there (the app's
pages do, :mod:`machiavelli_kit.classroom.lobby`), every hint and answer also goes to the
class server, where the teacher's live view shows it
(:mod:`machiavelli_kit.classroom.class_progress`); the progress file is saved as before, and a
server that does not answer is said once, under the name.

**Open an assignment** reads a teacher's assignment file; the list then shows
its puzzles and the line under it how far the student has got. **Hand in my
progress** writes the student's progress as CSV (in ``export_folder``) and
offers it to download.

The trainer speaks the language it was made in (``lang=``, else the one in use
then), and so do its boards; chapter and puzzle titles show in that language
where the puzzle files have them.
"""

from __future__ import annotations

import asyncio
import base64
import html
from contextlib import suppress
from pathlib import Path
from typing import Any

import ipywidgets as w

from machiavelli_kit.classroom.assignment import (
    Assignment,
    AssignmentError,
    load_assignment,
    parse_assignment,
    standing,
)
from machiavelli_kit.classroom.class_progress import page_progress
from machiavelli_kit.classroom.exports import export_name, export_progress
from machiavelli_kit.classroom.learner import remember_name, remembered_name
from machiavelli_kit.classroom.owners import OwnersError, claim, last_name, owned_names
from machiavelli_kit.classroom.preferences import PreferencesError
from machiavelli_kit.classroom.students import (
    clean_name,
    list_students,
    load_student,
    names_required,
    student_path,
    students_dir,
)
from machiavelli_kit.classroom.visitor import shown_path, visitor, without_folders
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.core.svg import position_svg
from machiavelli_kit.i18n import N_, _, language, pgettext, speaking
from machiavelli_kit.practice.progress import DEFAULT_PATH, LEGEND, Progress, ProgressError
from machiavelli_kit.practice.trainer import MODES, Mode, PuzzleSession, Trainer
from machiavelli_kit.puzzles.collection import Collection, load_collection
from machiavelli_kit.puzzles.format import TECHNIQUES, Puzzle
from machiavelli_kit.puzzles.names import names
from machiavelli_kit.puzzles.position_id import format_position_id
from machiavelli_kit.ui.puzzle_board import PuzzleBoard
from machiavelli_kit.ui.status import in_own_language

ANY = "any"
TICK = 1.0
"""Seconds between two updates of the clock."""
MODE_NAMES = {"practice": N_("Practice"), "streak": N_("Streak"), "timed": N_("Timed")}
"""The modes' names (said with ``_``)."""
MODE_TIPS = (
    N_("puzzles at your own pace"),
    N_("each puzzle a bit harder, until the first miss"),
    N_("a clock for each puzzle"),
)


ALL_PUZZLES = N_("all puzzles")
ERROR_STYLE = "color:#b00020"
STYLE = "<style>.mk-trainer-wanted input { outline: 3px solid #b00020; outline-offset: 1px; }</style>"
"""The name box's look while a message beside a button asks for the name."""

NAME_FIRST = N_("Type your name at the top and press Enter first, so your work is saved as yours.")
"""What a learner on a class's shared server reads who starts a puzzle before giving a name."""


class PuzzleBrowser:
    """The trainer over ``collection`` for the learner whose ``progress`` is saved at ``path``.

    ``trainer`` may be given (a test passes one with a fake clock); it then
    brings its own collection and progress. ``student`` opens that student's
    own progress (in ``students_folder``, by default ``students/`` beside
    ``path``); ``assignment`` opens an assignment file. Exports are written
    into ``export_folder`` (the notebook's folder by default). With ``require_name``
    (the default on a server a whole class shares, see
    :func:`~machiavelli_kit.classroom.students.names_required`, and wherever the page
    has a visitor) no puzzle starts, and so nothing is saved, before the student has
    given their name. ``lang`` is the language the trainer and its boards speak (by
    default the one in use when it is made).
    """

    def __init__(
        self,
        collection: Collection | None = None,
        progress: Progress | None = None,
        path: str | Path = DEFAULT_PATH,
        *,
        trainer: Trainer | None = None,
        student: str | None = None,
        assignment: str | Path | Assignment | None = None,
        students_folder: str | Path | None = None,
        export_folder: str | Path = ".",
        require_name: bool | None = None,
        lang: str | None = None,
    ) -> None:
        self.language = language(lang)
        """The language the trainer speaks (and its boards), fixed when it is made."""
        with speaking(self.language):
            self.path = self.own_path = Path(path)
            self.visitor = visitor()
            """Who opened the page, on a class's app server (``None`` elsewhere): names are then theirs alone."""
            if require_name is None:
                require_name = names_required() or self.visitor is not None
            self.require_name = require_name
            self.students_folder = Path(students_folder) if students_folder is not None else students_dir(self.own_path)
            self.export_folder = Path(export_folder)
            if trainer is None:
                collection = collection if collection is not None else load_collection()
                trainer = Trainer(collection, progress if progress is not None else Progress.load(self.path))
            self.trainer = trainer
            self.collection, self.progress = trainer.collection, trainer.progress
            self.assignments: dict[str, Assignment] = {}
            self.student_info = w.HTML()
            self.student_info.add_class("mk-trainer-student-info")
            self.server_line = w.HTML()
            """What the class server's sink says: that it does not answer (and nothing once it does again)."""
            self.server_line.add_class("mk-trainer-server")
            if trainer.sink is None:
                trainer.sink = page_progress(self._server_said, self.language)
            self.student_choice = w.Combobox(
                placeholder=_("type your name, then press Enter"),
                options=self._names(),
                ensure_option=False,
                continuous_update=False,
                description=_("student"),
            )
            self.student_choice.add_class("mk-trainer-student")
            self.export_button = w.Button(
                description=_("Hand in my progress"), tooltip=_("save your progress as a file for your teacher")
            )
            self.export_button.layout.width = "auto"
            self.export_button.add_class("mk-trainer-export")
            self.assignment_choice = w.Dropdown(options=[(_(ALL_PUZZLES), "")], description=_("assignment"))
            self.assignment_upload = w.FileUpload(accept=".toml", multiple=False, description=_("Open an assignment"))
            self.assignment_upload.layout.width = "auto"
            self.assignment_info = w.HTML()
            self.assignment_info.add_class("mk-trainer-assignment")
            themes = sorted({theme for puzzle in self.collection.puzzles for theme in puzzle.themes})
            # TRANSLATORS: in the chapter, level and theme pickers: no choice made, every one will do.
            any_one = pgettext("picker", "any")
            chapters = [(any_one, ""), *((chapter.title_in(), chapter.name) for chapter in self.collection.chapters)]
            words = names()
            levels = [(f"{number} {words.get(name, name)}", name) for number, name in enumerate(TECHNIQUES, start=1)]
            self.mode_choice = w.ToggleButtons(
                options=[(_(MODE_NAMES[mode]), mode) for mode in MODES],
                tooltips=[_(tip) for tip in MODE_TIPS],
                description=_("mode"),
            )
            self.chapter_choice = w.Dropdown(options=chapters, description=_("chapter"))
            self.grade_choice = w.Dropdown(options=[(any_one, ANY), *levels], description=_("level"))
            self.theme_choice = w.Dropdown(
                options=[(any_one, ANY), *((words.get(theme, theme), theme) for theme in themes)],
                description=_("theme"),
            )
            self.puzzle_choice = w.Select(rows=10, description=_("puzzle"), layout=w.Layout(width="98%"))
            self.puzzle_choice.add_class("mk-puzzle-list")
            self.picture = w.HTML()
            self.picture.add_class("mk-trainer-picture")
            self.play_button = w.Button(description=_("Play it"), tooltip=_("put the chosen puzzle on the board"))
            self.next_button = w.Button(
                description=pgettext("button", "Next"), tooltip=_("a puzzle for you, near your rating")
            )
            self.retry_button = w.Button(
                description=_("Retry the missed ones"), tooltip=_("the puzzles you have not solved on your own yet")
            )
            self.retry_button.layout.width = "auto"
            for button, name in ((self.play_button, "play"), (self.next_button, "next"), (self.retry_button, "retry")):
                button.add_class(f"mk-trainer-{name}")
            self.ask = w.HTML()
            """A message that asks for something (the learner's name), shown beside the button that was pressed."""
            self.ask.add_class("mk-trainer-ask")
            self.info = w.HTML()
            self.info.add_class("mk-trainer-info")
            self.clock = w.HTML()
            self.clock.add_class("mk-trainer-clock")
            self.stage = w.VBox()
            self.board: PuzzleBoard | None = None
            self._clock_task: asyncio.Task[None] | None = None
            self._refreshing = False
            self.student_choice.observe(self._student_changed, names="value")
            self.export_button.on_click(self.export)
            self.assignment_choice.observe(self._assignment_changed, names="value")
            self.assignment_upload.observe(self._uploaded, names="value")
            self.mode_choice.observe(self._mode_changed, names="value")
            for control in (self.chapter_choice, self.grade_choice, self.theme_choice):
                control.observe(self.refresh, names="value")
            self.puzzle_choice.observe(self.show, names="value")
            self.play_button.on_click(self.play)
            self.next_button.on_click(self.next)
            self.retry_button.on_click(self.retry)
            row = w.Layout(flex_flow="row wrap", align_items="center")
            who = w.HBox([self.student_choice, self.export_button], layout=row)
            buttons = w.HBox([self.play_button, self.next_button, self.retry_button], layout=row)
            self._rows = {self.export_button: who, self.play_button: buttons}
            self._rows |= {self.next_button: buttons, self.retry_button: buttons}
            """The row of each button that may ask for the name: the question shows there, beside it."""
            student = student or self._last_name()
            if student:
                self.student_choice.value = student  # opens the student's progress
            elif self.visitor is not None:
                self.choose_student("")  # the server's own progress is nobody's on the page
            if assignment is not None:
                self.open_assignment(assignment)
            self.refresh()
            self._show_info()
            homework = w.HBox([self.assignment_choice, self.assignment_upload])
            filters = w.HBox([self.chapter_choice, self.grade_choice, self.theme_choice])
            legend = w.HTML(f"<small>{html.escape(_(LEGEND))}</small>")
            parts = [who, self.student_info, self.server_line, homework, self.assignment_info, self.mode_choice]
            parts += [filters, self.puzzle_choice, legend, self.picture, buttons, self.info, self.clock]
            style = w.HTML(STYLE, layout=w.Layout(display="none"))
            self.box = w.VBox([style, *parts, self.stage])
            self.box.add_class("mk-trainer")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def matching(self) -> list[Puzzle]:
        """The puzzles the pickers select (among the assignment's, when one is chosen)."""
        grade, theme = self.grade_choice.value, self.theme_choice.value
        selected = self.collection.select(
            self.chapter_choice.value or None, None if grade == ANY else grade, None if theme == ANY else theme
        )
        assignment = self.assignment
        if assignment is None:
            return selected
        chosen = {puzzle.id for puzzle in selected}
        return [self.collection.find(puzzle_id) for puzzle_id in assignment.puzzles if puzzle_id in chosen]

    # the student

    @property
    def student(self) -> str:
        """The name of the student whose progress this is (empty for the computer's own progress)."""
        return self.progress.student

    @in_own_language
    def choose_student(self, name: str) -> None:
        """Open ``name``'s own progress (a new student starts empty); an empty name opens the computer's own.

        On a class's app server the name must be free or the visitor's own, and an empty
        name opens an empty progress that is never saved. A name that cannot be opened
        is shown why, and the progress open stays so.
        """
        try:
            progress, path = self._open(name)
        except ValueError as error:
            self.student_info.value = self._problem(error)
            return
        if self.trainer.session is not None:
            self.trainer.session.leave()
            self._save()
        trainer = Trainer(
            self.collection, progress, clock=self.trainer.clock, rng=self.trainer.rng, sink=self.trainer.sink
        )
        trainer.set_mode(self.trainer.mode)
        trainer.no_hints = self.trainer.no_hints
        self.trainer, self.progress, self.path = trainer, progress, path
        if progress.student:
            self._asked(None)
            self._save()  # the new student's file, so their name is offered next time
            if self.visitor is None:  # on a class's app server, claiming the name kept it as the visitor's last
                with suppress(PreferencesError):  # the work is saved all the same; only the next page will ask
                    remember_name(progress.student, None)
            self.student_choice.options = self._names()
        self.board = None
        self.stage.children = []
        where = shown_path(path, self.visitor)
        if progress.student:
            text = _("Hello {name}! Your progress is saved in {path}.").format(name=progress.student, path=where)
        elif self.visitor is not None:
            text = _(NAME_FIRST)
        else:
            text = _("Your progress is saved in {path}.").format(path=where)
        self.student_info.value = html.escape(text)
        self.refresh()
        self._show_info()

    def _open(self, name: str) -> tuple[Progress, Path]:
        """The progress ``name`` opens and where it is saved; ``ValueError`` (or a subclass) says why it cannot."""
        if not name.strip():
            if self.visitor is not None:
                return Progress(), self.own_path
            return Progress.load(self.own_path), self.own_path
        if self.visitor is not None:
            path = claim(name, self.students_folder, self.visitor)
        else:
            path = student_path(name, self.students_folder)
        return load_student(name, self.students_folder), path

    def _names(self) -> list[str]:
        """The names the student box offers: every student's, or on a class's app server the visitor's own."""
        if self.visitor is None:
            return list_students(self.students_folder)
        try:
            return owned_names(self.students_folder, self.visitor)
        except OwnersError as error:
            self.student_info.value = self._problem(error)
            return []

    def _last_name(self) -> str | None:
        """The name the learner gave last, on this page or another (:mod:`~machiavelli_kit.classroom.learner`)."""
        if self.visitor is None:
            return remembered_name(None)
        try:
            return last_name(self.students_folder, self.visitor)
        except OwnersError as error:
            self.student_info.value = self._problem(error)
            return None

    def _server_said(self, text: str) -> None:
        self.server_line.value = _error(text) if text else ""

    def _problem(self, error: Exception) -> str:
        """An error as the student line shows it: a sentence, naming no server folder on a class's app server."""
        text = str(error)
        if self.visitor is not None:
            text = without_folders(text, self.students_folder, self.own_path.parent, self.export_folder.resolve())
        return _error(f"{text[0].upper()}{text[1:]}.")

    def _asked(self, message: str | None, button: w.Button | None = None) -> None:
        """Show ``message``, which asks for the learner's name, beside ``button``, and point at the name box
        (outlined, with the focus); ``None`` takes the question away once the name is there."""
        for row in set(self._rows.values()):
            row.children = tuple(child for child in row.children if child is not self.ask)
        if message is None or button is None:
            self.ask.value = ""
            self.student_choice.remove_class("mk-trainer-wanted")
            return
        self.ask.value = _error(message)
        row = self._rows[button]
        row.children = (*row.children, self.ask)
        self.student_choice.add_class("mk-trainer-wanted")
        self.student_choice.focus()

    @in_own_language
    def export(self, _event: object = None) -> Path | None:
        """Write the student's progress to hand in (CSV), and offer it to download; ``None`` without a name."""
        if not self.student:
            message = _("Type your name at the top first, so your teacher knows whose work it is.")
            self._asked(message, self.export_button)
            return None
        self._asked(None)
        self._save()
        try:
            path = export_progress(self.progress, self.export_folder / export_name(self.student))
        except OSError as error:
            reason = error.strerror or str(error)
            self.student_info.value = _error(
                _("Your progress could not be saved as a file: {reason}.").format(reason=reason)
            )
            return None
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        # TRANSLATORS: a link that downloads the file, in "Saved as ...: hand this file in, or {link}."
        words = html.escape(_("download it"))
        link = f'<a download="{html.escape(path.name)}" href="data:text/csv;base64,{data}">{words}</a>'
        name = html.escape(path.name)
        if self.visitor is not None:
            # TRANSLATORS: on a class's app server; {name} is the file's name, {link} the words "download it" as a link.
            self.student_info.value = _("Saved as {name}: {link} and hand it in.").format(name=name, link=link)
        else:
            # TRANSLATORS: {name} is the file's name, {folder} where it is, {link} the words "download it" as a link.
            text = _("Saved as {name} in {folder}: hand this file in, or {link}.")
            folder = html.escape(str(path.parent.resolve()))
            self.student_info.value = text.format(name=name, folder=folder, link=link)
        return path

    @in_own_language
    def _student_changed(self, change: dict[str, Any]) -> None:
        try:
            name = clean_name(change["new"]) if change["new"].strip() else ""
        except ValueError as error:
            self.student_info.value = self._problem(error)
            return
        self.choose_student(name)

    # the assignment

    @property
    def assignment(self) -> Assignment | None:
        """The assignment chosen (``None`` for all puzzles)."""
        return self.assignments.get(self.assignment_choice.value)

    @in_own_language
    def open_assignment(self, assignment: str | Path | Assignment) -> Assignment | None:
        """Read an assignment file (or take one already read) and show its puzzles; a bad file is shown, not raised."""
        try:
            if not isinstance(assignment, Assignment):
                assignment = load_assignment(assignment, self.collection)
        except AssignmentError as error:
            self.assignment_info.value = _error(str(error))
            return None
        self._add_assignment(assignment)
        return assignment

    def _add_assignment(self, assignment: Assignment) -> None:
        key = assignment.source or assignment.title
        self.assignments[key] = assignment
        options = [(_(ALL_PUZZLES), ""), *((item.title, name) for name, item in self.assignments.items())]
        self.assignment_choice.options = options
        self.assignment_choice.value = key  # refreshes through _assignment_changed

    @in_own_language
    def _uploaded(self, change: dict[str, Any]) -> None:
        for item in change["new"]:
            try:
                text = bytes(item["content"]).decode("utf-8")
                assignment = parse_assignment(text, self.collection, str(item["name"]))
            except UnicodeDecodeError:
                message = _("{file}: not a text file (an assignment is TOML text)").format(file=item["name"])
                self.assignment_info.value = _error(message)
                continue
            except AssignmentError as error:
                self.assignment_info.value = _error(str(error))
                continue
            self._add_assignment(assignment)

    @in_own_language
    def _assignment_changed(self, _event: object = None) -> None:
        assignment = self.assignment
        no_hints = () if assignment is None or assignment.hints else assignment.puzzles
        self.trainer.no_hints = frozenset(no_hints)
        self.refresh()
        self._show_assignment()

    @in_own_language
    def _show_assignment(self) -> None:
        assignment = self.assignment
        self.assignment_info.value = (
            "" if assignment is None else html.escape(standing(assignment, self.progress).text())
        )

    @in_own_language
    def refresh(self, _event: object = None) -> None:
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

    @in_own_language
    def show(self, _event: object = None) -> None:
        """Draw the chosen puzzle (its question, never its answer)."""
        if self._refreshing:
            return
        if self.puzzle_choice.value is None:
            self.picture.value = ""
            return
        puzzle = self.collection.find(self.puzzle_choice.value)
        share = format_position_id(puzzle.position, puzzle.rules, puzzle.goal)
        self.picture.value = (
            f"<p><b>{html.escape(self.trainer.title(puzzle))}</b> · {rules_text(puzzle.rules)}"
            f" · {html.escape(puzzle.question())}</p>"
            f"{position_svg(puzzle.position)}<p><code>{share}</code></p>"
        )

    @in_own_language
    def play(self, _event: object = None) -> None:
        """Put the chosen puzzle on the board."""
        if self.puzzle_choice.value is not None:
            self.start(self.collection.find(self.puzzle_choice.value), self.play_button)

    @in_own_language
    def next(self, _event: object = None) -> None:
        """Put the trainer's next puzzle on the board (from the puzzles the pickers select)."""
        puzzle = self.trainer.next_puzzle(self.matching())
        if puzzle is None:
            left = _("No puzzle left here: change the pickers.")
            self.info.value = html.escape(f"{self.trainer.summary()} · {left}")
            return
        self.start(puzzle, self.next_button)

    @in_own_language
    def retry(self, _event: object = None) -> None:
        """Go back over the missed puzzles among those the pickers select, one by one with Next."""
        puzzle = self.trainer.retry_missed(self.matching())
        if puzzle is None:
            done = _("Nothing to retry here: well done!")
            self.info.value = html.escape(f"{self.trainer.summary()} · {done}")
            return
        self.start(puzzle, self.retry_button)

    @in_own_language
    def start(self, puzzle: Puzzle, button: w.Button | None = None) -> None:
        """Play ``puzzle``: a new board, the list showing it, and the clock in timed mode.

        Without the name it needs, it says so beside ``button`` (the one pressed; **Play it** by default).
        """
        if self.require_name and not self.student:
            self._asked(_(NAME_FIRST), button or self.play_button)
            return
        session = self.trainer.start(puzzle)
        self.board = PuzzleBoard(session, path=self.path, lang=self.language, place=self.trainer.place(puzzle))
        if not session.hints:
            for label in ("Hint", "Solve"):
                self.board.board.buttons[label].disabled = True
                self.board.board.buttons[label].tooltip = _("no hints for this assignment")
        session.on_change(self._changed)
        self.stage.children = [self.board.box]
        if puzzle.id in {value for _, value in self.puzzle_choice.options}:
            self.puzzle_choice.value = puzzle.id
        self.board.save()
        self._show_info()
        self._start_clock(session)

    @in_own_language
    def _changed(self, session: PuzzleSession) -> None:
        self.refresh()
        self._show_info()
        self._show_assignment()

    @in_own_language
    def _save(self) -> None:
        """Save the progress now (a board shows why when saving fails; here the student line does)."""
        try:
            self.progress.save(self.path)
        except ProgressError as error:
            self.student_info.value = self._problem(error)

    @in_own_language
    def _mode_changed(self, change: dict[str, Any]) -> None:
        mode: Mode = change["new"]
        self.trainer.set_mode(mode)
        self._show_info()

    @in_own_language
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
        with speaking(self.language):
            await self._run_clock(session, tick)

    async def _run_clock(self, session: PuzzleSession, tick: float) -> None:
        while self.trainer.session is session:
            session.tick()
            self.clock.value = _clock_text(session)
            if session.outcome is not None:
                return
            await asyncio.sleep(tick)


def _error(message: str) -> str:
    return f'<span style="{ERROR_STYLE}">{html.escape(message)}</span>'


def _clock_text(session: PuzzleSession) -> str:
    left = session.time_left()
    if session.late:
        return f"<b>{html.escape(_('Time is up.'))}</b>"
    if session.outcome is not None or left is None:
        return html.escape(_("Clock stopped."))
    # TRANSLATORS: the clock of a timed puzzle (HTML: keep the <b> tags); "s" is short for seconds.
    return _("Time left: <b>{seconds} s</b>").format(seconds=int(left + 0.999))
