"""A teacher's class: students, assignments, hand-ins, the class report, worksheets and answer keys, and the
class server where learners play each other (:mod:`.server`; :class:`ClassClient` speaks to it).

An :class:`Assignment` names the puzzles a class works on; each student's progress is
handed in as an export and gathered into a :class:`ClassReport` (with its plots). A
worksheet and its answer key are laid out once (:mod:`.sheet_layout`) and written as
HTML (:mod:`.sheet_html`) or PDF (:mod:`.sheet_pdf`), or both (:func:`export_worksheet`).
The names below are imported when first used (:mod:`machiavelli_kit.faces`).

>>> SheetOptions(per_page=3).space
'lines'
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from machiavelli_kit.classroom.answer_key import KeyEntry
    from machiavelli_kit.classroom.assignment import (
        Assignment,
        AssignmentError,
        Standing,
        load_assignment,
        parse_assignment,
        select_puzzles,
        standing,
        write_assignment,
    )
    from machiavelli_kit.classroom.exports import ExportError, export_name, export_progress, read_export
    from machiavelli_kit.classroom.report import ClassReport, gather
    from machiavelli_kit.classroom.report_plots import plot_ratings, plot_students, plot_themes
    from machiavelli_kit.classroom.sample_class import write_sample_class
    from machiavelli_kit.classroom.server.client import ClassClient
    from machiavelli_kit.classroom.sheet_files import export_worksheet
    from machiavelli_kit.classroom.sheet_html import answers_html, worksheet_html
    from machiavelli_kit.classroom.sheet_options import FORMATS, ORDERS, SPACES, SheetOptions, WorksheetError
    from machiavelli_kit.classroom.sheet_pdf import answers_pdf, worksheet_pdf
    from machiavelli_kit.classroom.students import clean_name, list_students, load_student, student_path, students_dir
else:
    from machiavelli_kit.faces import lazy_names

    __getattr__, __dir__ = lazy_names(__name__)

__all__ = [
    "FORMATS",
    "ORDERS",
    "SPACES",
    "Assignment",
    "AssignmentError",
    "ClassClient",
    "ClassReport",
    "ExportError",
    "KeyEntry",
    "SheetOptions",
    "Standing",
    "WorksheetError",
    "answers_html",
    "answers_pdf",
    "clean_name",
    "export_name",
    "export_progress",
    "export_worksheet",
    "gather",
    "list_students",
    "load_assignment",
    "load_student",
    "parse_assignment",
    "plot_ratings",
    "plot_students",
    "plot_themes",
    "read_export",
    "select_puzzles",
    "standing",
    "student_path",
    "students_dir",
    "worksheet_html",
    "worksheet_pdf",
    "write_assignment",
    "write_sample_class",
]
