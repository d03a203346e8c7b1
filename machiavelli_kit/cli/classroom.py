"""``machiavelli-kit class``: write an assignment, merge the students' exports into a class report, print the rules
on one page (``handout``; ``serve``: the class server, :mod:`.class_serve`; ``tournament``: a class tournament,
:mod:`.class_tournament`).

``report`` reads exports (files, or folders of ``*.csv`` and ``*.json``); a file
that cannot be read, is no file at all (a named pipe, a folder) or holds a student
already read is named and skipped, never waited on. It
exits 0 when at least one export was read, 2 when none could be.
"""

from __future__ import annotations

import argparse
import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from machiavelli_kit.cli import class_serve, class_tournament
from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import (
    add_assignment_option,
    add_puzzle_filters,
    add_rules_option,
    filtered,
    folder_name,
)
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.files import write_atomically
from machiavelli_kit.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from machiavelli_kit.puzzles.collection import Collection


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "class",
        help=_("assignments, the class report and the class server"),
        description=_("For the teacher: assignments, class report, class server."),
    )
    actions = parser.add_subparsers(dest="action", required=True)
    assign = actions.add_parser(
        "assign",
        help=_("write an assignment file (TOML) for the students to open"),
        description=_("Write an assignment: puzzle ids, or a selection by chapter, grade and theme (--count of them)."),
    )
    assign.add_argument("ids", nargs="*", metavar=pgettext("option value", "ID"), help=_("puzzle ids, e.g. bga-1 it-3"))
    assign.add_argument(
        "--title",
        required=True,
        metavar=pgettext("option value", "TITLE"),
        help=_('the title the students see, e.g. "Chains, week 3"'),
    )
    add_puzzle_filters(assign)
    assign.add_argument("--due", metavar=pgettext("option value", "DATE"), help=_("the due date, e.g. 2026-12-01"))
    assign.add_argument("--no-hints", action="store_true", help=_("no hints and no Solve for this assignment"))
    assign.add_argument(
        "--out",
        required=True,
        metavar=pgettext("option value", "FILE") + ".toml",
        help=_("the assignment file to write"),
    )
    assign.add_argument("--force", action="store_true", help=_("replace the file if it exists"))
    report = actions.add_parser(
        "report",
        help=_("merge the students' exports into a class table and report"),
        description=_("Merge the students' exports (CSV or JSON files, or folders of them) into one class report."),
    )
    report.add_argument(
        "files", nargs="+", metavar=pgettext("option value", "FILE"), help=_("exports, or folders holding them")
    )
    add_assignment_option(report)
    report.add_argument(
        "--out",
        type=folder_name,
        metavar=pgettext("option value", "DIR"),
        help=_("write class-table.csv, class-table.json, class-report.md and class-report.html here"),
    )
    handout = actions.add_parser(
        "handout",
        help=_("write the rules on one page to print (PDF)"),
        description=_("Write a one-page rules handout for the students, for the rules your class plays, as a PDF."),
    )
    add_rules_option(handout)
    handout.add_argument(
        "--out",
        required=True,
        metavar=pgettext("option value", "FILE") + ".pdf",
        help=_("the PDF file to write"),
    )
    class_serve.add_parser(actions)
    class_tournament.add_parser(actions)
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.puzzles.collection import load_collection

    if arguments.action == "handout":
        return _handout(arguments)
    collection = load_collection()
    return _assign(arguments, collection) if arguments.action == "assign" else _report(arguments, collection)


def _handout(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.classroom.handout import handout_pdf  # ReportLab: loaded only for a PDF

    out = Path(arguments.out)
    if out.suffix.lower() != ".pdf":
        raise BadInput(_("--out {path}: the handout is a PDF, so its name ends in .pdf").format(path=out))
    rules = Rules.parse(arguments.rules)
    write_atomically(out, handout_pdf(rules))
    # TRANSLATORS: {path} is the file written; {rules} the rules in words, e.g. "classic rules".
    print(_("{path}: the rules on one page ({rules})").format(path=out, rules=rules_text(rules)))
    return 0


def _assign(arguments: argparse.Namespace, collection: Collection) -> int:
    from machiavelli_kit.classroom.assignment import Assignment, select_puzzles, write_assignment

    out = Path(arguments.out)
    if out.suffix.lower() != ".toml":
        raise BadInput(_("--out {path}: an assignment file's name ends in .toml").format(path=out))
    if out.exists() and not arguments.force:
        raise BadInput(_("{path} already exists: choose another name, or add --force to replace it").format(path=out))
    selection = {key: getattr(arguments, key) for key in ("chapter", "grade", "theme", "count")}
    if not filtered(arguments) and not arguments.ids:
        raise BadInput(_("say which puzzles: ids, or --chapter, --grade or --theme (and --count)"))
    ids = [collection.find(puzzle_id).id for puzzle_id in arguments.ids]
    if any(value is not None for value in selection.values()):
        ids += [puzzle.id for puzzle in select_puzzles(collection, **selection)]
    assignment = Assignment(
        arguments.title.strip(), tuple(dict.fromkeys(ids)), _date(arguments.due), not arguments.no_hints
    )
    if not assignment.title:
        raise BadInput(_("--title cannot be empty"))
    write_assignment(assignment, out)
    count = len(assignment.puzzles)
    # TRANSLATORS: {path} is the file written, {title} the assignment's title.
    line = ngettext("{path}: {title}, {count} puzzle", "{path}: {title}, {count} puzzles", count)
    print(line.format(path=out, title=assignment.title, count=count))
    return 0


def _report(arguments: argparse.Namespace, collection: Collection) -> int:
    from machiavelli_kit.classroom.assignment import load_assignment
    from machiavelli_kit.classroom.report import gather

    assignment = load_assignment(arguments.assignment, collection) if arguments.assignment else None
    report = gather(_exports(arguments.files), collection, assignment)
    if not report.students:
        for skipped in report.skipped:
            print(_("skipped {file}").format(file=skipped))
        raise BadInput(_("no export could be read: nothing to report"))
    if arguments.out is None:
        print(report.markdown())
        return 0
    for skipped in report.skipped:
        print(_("skipped {file}").format(file=skipped))
    for note in report.left_out:
        # TRANSLATORS: {note} is a file and its puzzles left out: "ada.csv: 2 puzzles are not in the collection: ...".
        print(_("left out of {note}").format(note=note))
    for note in report.merged:
        print(note)
    written = report.write(arguments.out)
    count = len(report.students)
    files = ", ".join(str(path) for path in written)
    print(ngettext("{count} student: {files}", "{count} students: {files}", count).format(count=count, files=files))
    return 0


def _exports(names: list[str]) -> list[Path]:
    """The files named, with each folder replaced by its ``*.csv`` and ``*.json`` files (sorted)."""
    paths: list[Path] = []
    for name in map(Path, names):
        if name.is_dir():
            paths += sorted(path for path in name.iterdir() if path.suffix.lower() in (".csv", ".json"))
        else:
            paths.append(name)
    return paths


def _date(text: str | None) -> datetime.date | None:
    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise BadInput(_("--due {text!r} is not a date: write it like 2026-12-01").format(text=text)) from None
