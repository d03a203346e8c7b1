"""The class report in a notebook or the app: a hand-in folder and an assignment file in, report and plots out.

A thin layer over :func:`~machiavelli_kit.classroom.report.gather`, the
plots of :mod:`~machiavelli_kit.classroom.report_plots` (shown as PNG images, so
no plotting backend is needed) and the :class:`AssignmentMaker` for the next
assignment. A folder or a file that cannot be used is said on the message line.
"""

from __future__ import annotations

import html
import io
from pathlib import Path
from typing import Any

import ipywidgets as w
from matplotlib.figure import Figure

from machiavelli_kit.classroom.assignment import AssignmentError, load_assignment
from machiavelli_kit.classroom.report import ClassReport, gather
from machiavelli_kit.classroom.report_plots import plot_ratings, plot_students, plot_themes
from machiavelli_kit.i18n import _, language, speaking
from machiavelli_kit.puzzles.collection import Collection
from machiavelli_kit.ui.assignment_maker import AssignmentMaker
from machiavelli_kit.ui.status import in_own_language

EXPORT_EXTENSIONS = (".csv", ".json")
REPORT_STYLE = (
    "<style>.mk-class-report table{border-collapse:collapse;margin:.4em 0}"
    ".mk-class-report td,.mk-class-report th{border:1px solid #ccc;padding:.15em .5em;text-align:left}</style>"
)
"""Borders for the report's tables, only inside the report."""


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
        self.message = w.HTML()
        self.report_view = w.HTML()
        self.report_view.add_class("mk-class-report")
        self.plots = w.VBox()
        self.plots.add_class("mk-class-plots")
        self.next_assignment = w.VBox()
        self.report: ClassReport | None = None
        self.make_button.on_click(self.make)
        parts = [self.folder, self.assignment, w.HBox([self.make_button]), self.message]
        self.box = w.VBox([*parts, self.report_view, self.plots, self.next_assignment])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

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
        self.report_view.value = REPORT_STYLE + report.html(page=False, lang=self.language)
        figures = (plot_students(report), plot_themes(report), plot_ratings(report))
        self.plots.children = [w.Image(value=_png(figure), format="png") for figure in figures]
        heading = html.escape(_("The next assignment"))
        maker = AssignmentMaker(report, self.out, lang=self.language)
        self.next_assignment.children = [w.HTML(f"<h2>{heading}</h2>"), maker.box]
        return report


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90)
    return buffer.getvalue()


def _error(message: str) -> str:
    return f'<span style="color:#b00020">{html.escape(message)}</span>'
