"""``machiavelli-kit progress``: a student's progress, exported to hand in, and the students on this computer.

``export --student NAME`` exports that student's progress (an empty record for
a student who has tried nothing yet); without ``--student`` it exports the
computer's own progress file, which needs a name (stored in it, or ``--name``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from machiavelli_kit.cards import plural
from machiavelli_kit.cli.errors import BadInput


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "progress",
        help="export a student's progress for the teacher",
        description="Students' progress on this computer.",
    )
    actions = parser.add_subparsers(dest="action", required=True)
    export = actions.add_parser(
        "export",
        help="write a student's progress to hand in (CSV, or JSON by the file's extension)",
        description="Write a student's progress to hand in: FILE.csv or FILE.json.",
    )
    export.add_argument("--student", help="the student's name (default: this computer's own progress file)")
    export.add_argument("--name", help="the name to put in the export when the progress file has none")
    export.add_argument("--out", required=True, metavar="FILE", help="where to write it: a .csv or .json file")
    actions.add_parser("students", help="list the students on this computer", description="List the students.")
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.puzzles.exports import export_progress
    from machiavelli_kit.puzzles.progress import Progress, default_path
    from machiavelli_kit.puzzles.students import clean_name, list_students, load_student, students_dir

    if arguments.action == "students":
        for name in list_students(students_dir()):
            print(name)
        return 0
    if Path(arguments.out).suffix.lower() not in (".csv", ".json"):
        raise BadInput(f"--out {arguments.out}: an export's name ends in .csv or .json")
    if arguments.student is not None:
        if arguments.name is not None:
            raise BadInput("give --student (a student's own file) or --name (this computer's file), not both")
        progress = load_student(arguments.student, students_dir())
        source = f"{progress.student}'s progress"
    else:
        path = default_path()
        progress = Progress.load(path)
        progress.student = clean_name(arguments.name) if arguments.name is not None else progress.student
        if not progress.student:
            raise BadInput(f"the progress in {path} has no student name: give one with --name NAME")
        source = str(path)
    written = export_progress(progress, arguments.out)
    print(f"{source}: {plural(len(progress.records), 'puzzle')} tried, written to {written}")
    return 0
