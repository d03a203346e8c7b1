"""A learner's progress: attempts, hints used and solved puzzles, saved locally and atomically.

The file is JSON (data only); every save writes a temporary file next to it
and moves it into place with :func:`os.replace`, so a crash never leaves half
a file. A teacher gets the same records as CSV.

>>> progress = Progress(student="Ada")
>>> progress.attempt("bga-1", solved=False)
>>> progress.hint("bga-1")
>>> progress.attempt("bga-1", solved=True)
>>> progress.record("bga-1")
Record(attempts=2, hints=1, solved=True)
>>> print(progress.to_csv().strip())
student,puzzle,attempts,hints,solved
Ada,bga-1,2,1,yes
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from machiavelli_kit.files import write_atomically

DEFAULT_PATH = Path.home() / ".machiavelli-kit" / "progress.json"
CSV_COLUMNS = ("student", "puzzle", "attempts", "hints", "solved")


class ProgressError(ValueError):
    """A progress file that cannot be read."""


@dataclass
class Record:
    """One puzzle's history."""

    attempts: int = 0
    hints: int = 0
    solved: bool = False


@dataclass
class Progress:
    """Every puzzle a student has tried, by puzzle id."""

    student: str = ""
    records: dict[str, Record] = field(default_factory=dict)

    def record(self, puzzle_id: str) -> Record:
        return self.records.setdefault(puzzle_id, Record())

    def attempt(self, puzzle_id: str, *, solved: bool) -> None:
        """Count an attempt; a puzzle once solved stays solved."""
        record = self.record(puzzle_id)
        record.attempts += 1
        record.solved = record.solved or solved

    def hint(self, puzzle_id: str) -> None:
        self.record(puzzle_id).hints += 1

    @property
    def solved(self) -> list[str]:
        return [puzzle_id for puzzle_id, record in self.records.items() if record.solved]

    def to_csv(self) -> str:
        """The records as CSV, one row per puzzle tried."""
        stream = io.StringIO()
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for puzzle_id, record in sorted(self.records.items()):
            solved = "yes" if record.solved else "no"
            writer.writerow([self.student, puzzle_id, record.attempts, record.hints, solved])
        return stream.getvalue()

    def save(self, path: str | Path = DEFAULT_PATH) -> None:
        """Write atomically (see :func:`machiavelli_kit.files.write_atomically`)."""
        data = {"student": self.student, "records": {key: asdict(value) for key, value in self.records.items()}}
        write_atomically(path, json.dumps(data, indent=1, sort_keys=True))

    @classmethod
    def load(cls, path: str | Path = DEFAULT_PATH) -> Progress:
        """Read a saved file; a missing file is an empty progress."""
        path = Path(path)
        if not path.exists():
            return cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(str(data.get("student", "")), {key: _record(value) for key, value in data["records"].items()})
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise ProgressError(f"{path}: not a progress file ({error})") from None


def _record(value: Any) -> Record:
    attempts, hints, solved = value["attempts"], value["hints"], value["solved"]
    if not (isinstance(attempts, int) and isinstance(hints, int) and isinstance(solved, bool)):
        raise TypeError("attempts and hints must be numbers, solved true or false")
    return Record(attempts, hints, solved)
