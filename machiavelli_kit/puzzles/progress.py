"""A learner's progress: attempts, hints used and solved puzzles, saved locally and atomically.

The file is JSON (data only), readable by its owner only. Every save takes a
lock on the file, adds what this object counted since it last read or saved
the file to what is there now (so two notebooks saving the same file keep
each other's records), and writes atomically: a crash never leaves half a
file. A teacher gets the same records as CSV.

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
import errno
import io
import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from machiavelli_kit.files import locked, remove_temporaries, write_atomically

DEFAULT_PATH = Path.home() / ".machiavelli-kit" / "progress.json"
CSV_COLUMNS = ("student", "puzzle", "attempts", "hints", "solved")


class ProgressError(ValueError):
    """A progress file that cannot be read or saved; the message says why in plain words."""


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
    _base: dict[str, Record] = field(default_factory=dict, init=False, repr=False, compare=False)
    """The records as this object last read or saved them: what it added since is the difference."""

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
        """Merge with the file and write it; raise :class:`ProgressError` saying why when it cannot be saved.

        Under a lock on the file, each count becomes the count in the file plus
        what this object added since it last read or saved it (never less than
        its own count), and a puzzle solved in either stays solved. Temporary
        files of saves that were killed are cleared. Afterwards this object
        holds the merged records.
        """
        path = Path(path)
        try:
            with locked(path):
                remove_temporaries(path)
                merged = self._merged(Progress.load(path))
                write_atomically(path, merged._json(), private=True)
        except ProgressError as error:
            raise ProgressError(f"progress not saved: {error}") from error
        except OSError as error:
            raise ProgressError(f"progress not saved: {_why(error, path)}") from error
        self.student, self.records = merged.student, merged.records
        self._base = _copy(merged.records)

    @classmethod
    def load(cls, path: str | Path = DEFAULT_PATH) -> Progress:
        """Read a saved file; a missing file is an empty progress."""
        path = Path(path)
        if not path.exists():
            return cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            records = {key: _record(value) for key, value in data["records"].items()}
            progress = cls(str(data.get("student", "")), records)
        except OSError as error:
            raise ProgressError(f"{path} cannot be read ({error.strerror or error})") from None
        except RecursionError:
            raise ProgressError(f"{path}: not a progress file (it is nested too deeply)") from None
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise ProgressError(f"{path}: not a progress file ({error})") from None
        progress._base = _copy(progress.records)
        return progress

    def _merged(self, saved: Progress) -> Progress:
        records = _copy(saved.records)
        for puzzle_id, mine in self.records.items():
            base, theirs = self._base.get(puzzle_id, Record()), records.get(puzzle_id, Record())
            records[puzzle_id] = Record(
                max(theirs.attempts + mine.attempts - base.attempts, mine.attempts),
                max(theirs.hints + mine.hints - base.hints, mine.hints),
                theirs.solved or mine.solved,
            )
        return Progress(self.student or saved.student, records)

    def _json(self) -> str:
        data = {"student": self.student, "records": {key: asdict(value) for key, value in self.records.items()}}
        return json.dumps(data, indent=1, sort_keys=True)


def _record(value: Any) -> Record:
    attempts, hints, solved = value["attempts"], value["hints"], value["solved"]
    if not (isinstance(attempts, int) and isinstance(hints, int) and isinstance(solved, bool)):
        raise TypeError("attempts and hints must be numbers, solved true or false")
    return Record(attempts, hints, solved)


def _copy(records: dict[str, Record]) -> dict[str, Record]:
    return {puzzle_id: replace(record) for puzzle_id, record in records.items()}


def _why(error: OSError, path: Path) -> str:
    """A failed write in plain words."""
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"the kit is not allowed to write in {path.parent} (the folder or the file is read-only)"
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"the disk that holds {path.parent} is full"
    return f"{path}: {error.strerror or error}"
