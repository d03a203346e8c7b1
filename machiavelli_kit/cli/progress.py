"""``machiavelli-kit progress``: a student's progress, exported to hand in, and the students on this computer.

``export --student NAME`` exports that student's progress (an empty record for
a student who has tried nothing yet); without ``--student`` it exports the
computer's own progress file, which needs a name (stored in it, or ``--name``).
``release NAME`` frees a name a visitor of the class's app server took
(:mod:`machiavelli_kit.classroom.owners`): the next visitor who gives it owns it,
with its progress (a student whose browser forgot them, say).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.i18n import _, ngettext, pgettext


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "progress",
        help=_("export a student's progress for the teacher"),
        description=_("Students' progress on this computer."),
    )
    actions = parser.add_subparsers(dest="action", required=True)
    export = actions.add_parser(
        "export",
        help=_("write a student's progress to hand in (CSV, or JSON by the file's extension)"),
        description=_("Write a student's progress to hand in: FILE.csv or FILE.json."),
    )
    export.add_argument(
        "--student",
        metavar=pgettext("option value", "NAME"),
        help=_("the student's name (default: this computer's own progress file)"),
    )
    export.add_argument(
        "--name",
        metavar=pgettext("option value", "NAME"),
        help=_("the name to put in the export when the progress file has none"),
    )
    export.add_argument(
        "--out",
        required=True,
        metavar=pgettext("option value", "FILE"),
        help=_("where to write it: a .csv or .json file"),
    )
    actions.add_parser("students", help=_("list the students on this computer"), description=_("List the students."))
    release = actions.add_parser(
        "release",
        help=_("free a name taken on the app server, for a student who moved to another computer"),
        description=_(
            "On the class's app server, a name belongs to the browser that typed it first. Free it, say for a "
            "student who moved to another computer: the next browser that types it gets the name and its progress."
        ),
    )
    release.add_argument("student", metavar=pgettext("option value", "NAME"), help=_("the student's name"))
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.classroom.exports import export_progress
    from machiavelli_kit.classroom.owners import release
    from machiavelli_kit.classroom.students import clean_name, list_students, load_student, students_dir
    from machiavelli_kit.practice.progress import Progress, default_path

    if arguments.action == "students":
        for name in list_students(students_dir()):
            print(name)
        return 0
    if arguments.action == "release":
        name = clean_name(arguments.student)
        if not release(name, students_dir()):
            message = _("nobody has taken the name {name} on this server, so there is nothing to free")
            raise BadInput(message.format(name=name))
        print(_("{name} is free again: the next learner who types it on the app gets its progress").format(name=name))
        return 0
    if Path(arguments.out).suffix.lower() not in (".csv", ".json"):
        raise BadInput(_("--out {path}: an export's name ends in .csv or .json").format(path=arguments.out))
    if arguments.student is not None:
        if arguments.name is not None:
            raise BadInput(_("give --student (a student's own file) or --name (this computer's file), not both"))
        progress = load_student(arguments.student, students_dir())
        # TRANSLATORS: the start of "Ada's progress: 3 puzzles tried, written to ada-progress.csv".
        source = _("{name}'s progress").format(name=progress.student)
    else:
        path = default_path()
        progress = Progress.load(path)
        progress.student = clean_name(arguments.name) if arguments.name is not None else progress.student
        if not progress.student:
            raise BadInput(_("the progress in {path} has no student name: give one with --name NAME").format(path=path))
        source = str(path)
    written = export_progress(progress, arguments.out)
    count = len(progress.records)
    line = ngettext(
        "{source}: {count} puzzle tried, written to {path}", "{source}: {count} puzzles tried, written to {path}", count
    )
    print(line.format(source=source, count=count, path=written))
    return 0
