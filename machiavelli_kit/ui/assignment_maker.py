"""The teacher's picker for the next assignment: a weak theme of the class, how many puzzles, a due date.

A thin layer over :meth:`ClassReport.next_assignment` and
:func:`write_assignment`: the themes are listed most missed first, the
puzzles the fewest students solved come first, and **Write the assignment**
saves the TOML file (atomically, never over a file that is already there)
into the folder. The same file is always offered to download too, as it is
chosen: on a class's app server the folder is the server's, not the teacher's.
"""

from __future__ import annotations

import base64
import dataclasses
import html
from pathlib import Path
from typing import Any

import ipywidgets as w

from machiavelli_kit.classroom.assignment import Assignment, assignment_toml, write_assignment
from machiavelli_kit.classroom.report import ClassReport
from machiavelli_kit.i18n import _, language, ngettext, speaking
from machiavelli_kit.puzzles.names import theme_name
from machiavelli_kit.ui.status import in_own_language


class AssignmentMaker:
    """Choose the next assignment from ``report``'s weak themes and write it into ``folder``; it speaks ``lang``
    (else the language in use when it is made)."""

    def __init__(self, report: ClassReport, folder: str | Path = ".", lang: str | None = None) -> None:
        self.report, self.folder = report, Path(folder)
        self.language = language(lang)
        with speaking(self.language):
            self._build()

    def _build(self) -> None:
        report = self.report
        weak = report.weak_themes()
        options = [(_theme_line(entry.theme, entry.rate, entry.tried), entry.theme) for entry in weak]
        if not options:
            themes = sorted({theme for puzzle in report.collection.puzzles for theme in puzzle.themes})
            options = [(theme_name(theme), theme) for theme in themes]
        style = {"description_width": "8em"}
        # TRANSLATORS: labels of the next-assignment picker (short).
        self.theme_choice = w.Dropdown(options=options, description=_("theme"), style=style)
        self.count = w.IntSlider(value=8, min=1, max=20, description=_("puzzles"), style=style)
        self.title = w.Text(description=_("title"), style=style)
        self.due = w.DatePicker(description=_("due"), style=style)
        # TRANSLATORS: "Solve" is the button that shows the answer.
        self.hints = w.Checkbox(value=True, description=_("hints and Solve allowed"), style=style)
        self.file_name = w.Text(
            value="next-assignment.toml", description=_("file name"), style=style, continuous_update=False
        )
        self.write_button = w.Button(description=_("Write the assignment"), button_style="primary")
        self.write_button.layout.width = "auto"
        self.preview = w.HTML()
        self.message = w.HTML()
        self.download = w.HTML()
        """A link that downloads the assignment file as it is chosen."""
        self.download.add_class("mk-assignment-download")
        self.theme_choice.observe(self._theme_changed, names="value")
        for control in (self.count, self.title, self.due, self.hints, self.file_name):
            control.observe(self.show, names="value")
        self.write_button.on_click(self.write)
        self._theme_changed()
        controls = [self.theme_choice, self.count, self.title, self.due, self.hints, self.file_name]
        self.box = w.VBox([*controls, w.HBox([self.write_button, self.download]), self.message, self.preview])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def assignment(self) -> Assignment:
        """The assignment as chosen."""
        chosen = self.report.next_assignment(
            self.theme_choice.value, self.count.value, self.title.value or None, lang=self.language
        )
        return dataclasses.replace(chosen, due=self.due.value, hints=self.hints.value)

    @in_own_language
    def show(self, _event: object = None) -> None:
        """List the puzzles the assignment would hold, and offer its file to download."""
        assignment = self.assignment()
        titles = {puzzle.id: puzzle.title_in() for puzzle in self.report.collection.puzzles}
        items = "".join(
            f"<li>{html.escape(puzzle_id)}: {html.escape(titles[puzzle_id])}</li>" for puzzle_id in assignment.puzzles
        )
        self.preview.value = f"<ol>{items}</ol>"
        name = str(self.file_name.value).strip()
        if _name_problem(name):
            self.download.value = ""  # Write says what is wrong with the name
            return
        data = base64.b64encode(assignment_toml(assignment).encode("utf-8")).decode("ascii")
        # TRANSLATORS: a link beside "Write the assignment" that downloads the file; {name} is its name (week4.toml).
        words = html.escape(_("Download {name}").format(name=name))
        self.download.value = (
            f'<a download="{html.escape(name)}" href="data:application/toml;base64,{data}">{words}</a>'
        )

    @in_own_language
    def write(self, _event: object = None) -> Path | None:
        """Write the file; refuse a bad name or a file that is already there, saying so."""
        name = str(self.file_name.value).strip()
        problem = _name_problem(name)
        if problem:
            self.message.value = _error(problem)
            return None
        path = self.folder / name
        if path.exists():
            self.message.value = _error(_("{path} is already there: choose another file name.").format(path=path))
            return None
        try:
            write_assignment(self.assignment(), path)
        except OSError as error:
            # TRANSLATORS: {reason} says why the file could not be written ("Permission denied").
            text = _("The file could not be written here: {reason}. Download it with the link instead.")
            self.message.value = _error(text.format(reason=error.strerror or error))
            return None
        self.message.value = html.escape(_("Written: {path}. Give this file to your students.").format(path=path))
        return path

    @in_own_language
    def _theme_changed(self, _event: object = None) -> None:
        self.title.value = _("More practice: {theme}").format(theme=theme_name(self.theme_choice.value))
        self.show()


def _theme_line(theme: str, rate: float, tried: int) -> str:
    """A theme in the list of themes the class misses."""
    # TRANSLATORS: {theme} is a theme's name, {rate} a percentage, {count} the tries.
    line = ngettext("{theme}: missed {rate:.0%} of {count} try", "{theme}: missed {rate:.0%} of {count} tries", tried)
    return line.format(theme=theme_name(theme), rate=rate, count=tried)


def _name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as the assignment file's name, or ``None``."""
    if not name.endswith(".toml") or Path(name).name != name:
        return _("The file name must end in .toml and name no folder, like week4.toml.")
    return None


def _error(message: str) -> str:
    return f'<span style="color:#b00020">{html.escape(message)}</span>'
