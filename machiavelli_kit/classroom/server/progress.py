"""The trainer's progress on the class server, as the teacher's overview sends it: each learner's puzzles, and
the themes the class misses (the class report's own count,
:meth:`~machiavelli_kit.classroom.report.ClassReport.weak_themes`).

A puzzle's ``status`` is the trainer's: ``solved`` (on their own, hints allowed), ``solved with help`` (Solve, or the
last hint showed the answer), ``failed`` (answered, never right), or ``new`` (hints only, no answer yet).

>>> from datetime import UTC, datetime
>>> from machiavelli_kit.puzzles.collection import load_collection
>>> when = datetime(2026, 11, 27, tzinfo=UTC)
>>> rows = [ProgressRow("Ada", "bga-3", 1, 0, True, False, when), ProgressRow("Ben", "bga-3", 2, 3, False, True, when)]
>>> overview = class_progress(rows, load_collection())
>>> [(learner["name"], [(p["puzzle"], p["status"], p["hints"]) for p in learner["puzzles"]])
...  for learner in overview["progress"]]
[('Ada', [('bga-3', 'solved', 0)]), ('Ben', [('bga-3', 'solved with help', 3)])]
>>> overview["themes"]
[{'theme': 'impossible', 'missed': 1, 'tried': 2}, {'theme': 'restore', 'missed': 1, 'tried': 2}]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from machiavelli_kit.classroom.report import ClassReport
from machiavelli_kit.classroom.server.store import ProgressRow
from machiavelli_kit.practice.progress import Progress, Record
from machiavelli_kit.puzzles.collection import Collection


def class_progress(rows: Iterable[ProgressRow], collection: Collection) -> dict[str, Any]:
    """``{"progress": [{"name", "puzzles": [{"puzzle", "status", "attempts", "hints", "updated"}]}], "themes":
    [{"theme", "missed", "tried"}]}``: every learner who tried a puzzle, and every theme someone missed, most missed
    first."""
    report = ClassReport(collection)
    learners: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        record = Record(row.attempts, row.hints, row.solved, row.helped)
        report.students.setdefault(row.name, Progress(student=row.name)).records[row.puzzle] = record
        learners.setdefault(row.name, []).append(
            {
                "puzzle": row.puzzle,
                "status": record.status,
                "attempts": row.attempts,
                "hints": row.hints,
                "updated": row.updated.isoformat(),
            }
        )
    return {
        "progress": [{"name": name, "puzzles": puzzles} for name, puzzles in learners.items()],
        "themes": [
            {"theme": theme.theme, "missed": theme.missed, "tried": theme.tried}
            for theme in report.weak_themes()
            if theme.missed
        ],
    }
