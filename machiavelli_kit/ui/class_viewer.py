"""The class report in a notebook or the app: a hand-in folder and an assignment file in, report and plots out.

A thin layer over :func:`~machiavelli_kit.classroom.report.gather`, the
plots of :mod:`~machiavelli_kit.classroom.report_plots` and the :class:`AssignmentMaker`
for the next assignment. A folder or a file that cannot be used is said on the message line.
For the projector, the teacher hides the names: each student shows as a number or their initials,
in the report and the plots alike, and no file is named.

The plots are shown as ordinary PNG outputs under the widgets (:class:`Picture`, one display each,
updated in place when the report is made again), not as image widgets: a notebook run headless
(nbclient, nbconvert, nbval) keeps no widget's state, so image widgets left an empty space in it,
while PNG outputs stay in the saved notebook, in GitHub's view and in a printout.
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as w
from IPython.display import DisplayHandle
from matplotlib.figure import Figure

from machiavelli_kit.classroom.assignment import AssignmentError, load_assignment
from machiavelli_kit.classroom.report import INITIALS, NUMBERS, ClassReport, gather
from machiavelli_kit.classroom.report_plots import plot_ratings, plot_students, plot_themes
from machiavelli_kit.i18n import _, language, speaking
from machiavelli_kit.puzzles.collection import Collection
from machiavelli_kit.ui.assignment_maker import AssignmentMaker
from machiavelli_kit.ui.status import in_own_language

EXPORT_EXTENSIONS = (".csv", ".json")
PLOTS = 3
"""The plots under the report: who solved what, where the class gets stuck, the ratings."""
REPORT_STYLE = (
    "<style>.mk-class-report table{border-collapse:collapse;margin:.4em 0}"
    ".mk-class-report td,.mk-class-report th{border:1px solid #ccc;padding:.15em .5em;text-align:left}</style>"
)
"""Borders for the report's tables, only inside the report."""


@dataclass(frozen=True)
class Picture:
    """A plot as a PNG output, with its title as the text shown where no picture can be."""

    png: bytes
    title: str

    def _repr_mimebundle_(self, **_kwargs: Any) -> dict[str, Any]:
        return {"image/png": self.png, "text/plain": self.title} if self.png else {"text/plain": ""}


class ClassViewer:
    """The report on the exports in ``folder`` (for ``assignment``, if given); new assignments go into ``out``.
    It speaks ``lang`` (else the language in use when it is made)."""

    def __init__(
        self,
        collection: Collection,
        folder: str | Path = "",
        assignment: str | Path = "",
        out: str | Path = ".",
        lang: str | None = None,
    ) -> None:
        self.collection, self.out = collection, Path(out)
        self.language = language(lang)
        with speaking(self.language):
            self._build(folder, assignment)
        if self.folder.value:
            self.make()

    def _build(self, folder: str | Path, assignment: str | Path) -> None:
        style = {"description_width": "10em"}
        layout = w.Layout(width="80%")
        # TRANSLATORS: the folder where the teacher collected the students' exported files.
        self.folder = w.Text(value=str(folder), description=_("hand-in folder"), style=style, layout=layout)
        self.assignment = w.Text(
            value=str(assignment or ""),
            placeholder=_("optional"),
            description=_("assignment file"),
            style=style,
            layout=layout,
        )
        self.make_button = w.Button(description=_("Make the report"), button_style="primary")
        self.make_button.layout.width = "auto"
        # TRANSLATORS: a choice of how the class report shows the students: for a projector, without their names.
        shown = [(_("shown"), ""), (_("hidden: a number each"), NUMBERS), (_("hidden: initials"), INITIALS)]
        self.names = w.Dropdown(options=shown, value="", description=_("students' names"), style=style)
        self.names.observe(self._names_chosen, names="value")
        self.message = w.HTML()
        self.report_view = w.HTML()
        self.report_view.add_class("mk-class-report")
        self.pictures: list[Picture] = []
        """The plots of the report last made (shown under the widgets)."""
        self._shown: list[DisplayHandle] = []
        self.next_assignment = w.VBox()
        self.report: ClassReport | None = None
        self.make_button.on_click(self.make)
        parts = [self.folder, self.assignment, w.HBox([self.make_button, self.names]), self.message]
        self.box = w.VBox([*parts, self.report_view, self.next_assignment])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        """The widgets, then each plot as a PNG output that the next report replaces in place."""
        _output(self.box)
        self._shown = [_output(picture) for picture in self.pictures or [Picture(b"", "")] * PLOTS]

    @in_own_language
    def make(self, _event: object = None) -> ClassReport | None:
        """Read the folder's exports and show the report, the plots and the next-assignment picker."""
        folder = Path(self.folder.value.strip()).expanduser()
        if not folder.is_dir():
            message = _("{folder} is not a folder: give the folder where you collected the files.")
            self.message.value = _error(message.format(folder=folder))
            return None
        try:
            name = self.assignment.value.strip()
            assignment = load_assignment(Path(name).expanduser(), self.collection) if name else None
        except AssignmentError as error:
            self.message.value = _error(str(error))
            return None
        files = sorted(path for path in folder.iterdir() if path.suffix.lower() in EXPORT_EXTENSIONS)
        report = gather(files, self.collection, assignment)
        self.report = report
        self.message.value = (
            "" if report.students else _error(_("No export in {folder} could be read.").format(folder=folder))
        )
        self._show(report)
        heading = html.escape(_("The next assignment"))
        maker = AssignmentMaker(report, self.out, lang=self.language)
        self.next_assignment.children = [w.HTML(f"<h2>{heading}</h2>"), maker.box]
        return report

    @in_own_language
    def _names_chosen(self, _change: object = None) -> None:
        if self.report is not None:
            self._show(self.report)

    def _show(self, report: ClassReport) -> None:
        """Show the report and its plots, with the names hidden if the teacher chose so."""
        if self.names.value:
            report = report.hiding_names(self.names.value)
        self.report_view.value = REPORT_STYLE + report.html(page=False, lang=self.language)
        figures = (plot_students(report), plot_themes(report), plot_ratings(report))
        self.pictures = [Picture(_png(figure), figure.axes[0].get_title()) for figure in figures]
        for handle, picture in zip(self._shown, self.pictures, strict=False):
            handle.update(picture)  # type: ignore[no-untyped-call]  # IPython's display has no type hints


def _output(shown: object) -> DisplayHandle:
    """Show ``shown`` as an output of the running cell, which the handle can replace in place."""
    handle = DisplayHandle()  # type: ignore[no-untyped-call]  # IPython's display has no type hints
    handle.display(shown)  # type: ignore[no-untyped-call]
    return handle


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90)
    return buffer.getvalue()


def _error(message: str) -> str:
    return f'<span style="color:#b00020">{html.escape(message)}</span>'
