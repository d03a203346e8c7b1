"""A learner's progress: attempts, hints, time and how each puzzle was solved, and the ratings.

The file is JSON (data only), readable by its owner only. Every save takes a
lock on the file, adds what this object counted since it last read or saved
the file to what is there now (so two notebooks saving the same file keep
each other's records), and writes atomically: a crash never leaves half a
file. Files written by older kits (attempts, hints and solved only) are read
and saved in the new form. A teacher gets the records as CSV, which reads back
(:meth:`Progress.from_csv`), with the student's name and rating on every row: a
student who has tried nothing yet still gets one row, with the puzzle left empty.

A puzzle is *solved* when the learner found the answer, even after hints;
*solved with help* when Solve played it or the last hint showed the answer;
*failed* when every answer so far was wrong.

>>> progress = Progress(student="Ada")
>>> progress.attempt("bga-1", solved=False)
>>> progress.hint("bga-1")
>>> progress.attempt("bga-1", solved=True)
>>> progress.attempt("it-3", solved=True, helped=True)
>>> progress.spend("it-3", 42.0)
>>> progress.record("bga-1").status, progress.record("it-3").status
('solved', 'solved with help')
>>> print(progress.to_csv().strip())
student,puzzle,status,attempts,hints,seconds,rating
Ada,bga-1,solved,2,1,0,1500
Ada,it-3,solved with help,1,0,42,1500
>>> Progress.from_csv(progress.to_csv()).record("it-3").status
'solved with help'
>>> print(Progress(student="Ben").to_csv().strip())
student,puzzle,status,attempts,hints,seconds,rating
Ben,,new,0,0,0,1500
"""

from __future__ import annotations

import csv
import errno
import io
import json
import math
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from machiavelli_kit.core.cards import quote
from machiavelli_kit.files import csv_text, csv_value, locked, read_regular, remove_temporaries, write_atomically
from machiavelli_kit.i18n import N_, _
from machiavelli_kit.i18n.json_words import json_reason
from machiavelli_kit.practice.rating import Rating, rate
from machiavelli_kit.puzzles.format import MAX_ID, PUZZLE_ID

T = TypeVar("T")


def default_path() -> Path:
    """Where progress is saved: ``$MACHIAVELLI_KIT_PROGRESS`` (a class's shared folder, say) or the home folder.

    Read when called, so a command (or a test) that sets the variable is followed.
    """
    return Path(os.environ.get("MACHIAVELLI_KIT_PROGRESS") or Path.home() / ".machiavelli-kit" / "progress.json")


DEFAULT_PATH = default_path()
"""Where progress is saved, as it was when the kit was imported (see :func:`default_path`)."""
CSV_COLUMNS = ("student", "puzzle", "status", "attempts", "hints", "seconds", "rating")
"""The columns of a CSV export, and its status words: data a program reads back, so English in every language."""
FORMAT = 2
MAX_RECORDS = 10_000
"""The most puzzles a progress file or an export holds (the bundled collection has some 500)."""
"""The file format this kit writes; format 1 (no ``format`` key) is read and migrated."""
SOLVED, HELPED, FAILED, NEW = "solved", "solved with help", "failed", "new"
MARKS = {SOLVED: "✓", HELPED: "◑", FAILED: "✗", NEW: "○"}
"""How a list or a table marks each status."""
# TRANSLATORS: the key to the marks before each puzzle in a list; said with _(LEGEND) where it is shown.
LEGEND = N_("✓ solved · ◑ solved with help · ✗ not solved yet · ○ not answered yet")


class ProgressError(ValueError):
    """A progress file that cannot be read or saved; the message says why in plain words."""


@dataclass
class Record:
    """One puzzle's history."""

    attempts: int = 0
    hints: int = 0
    solved: bool = False
    """Solved by the learner (hints allowed), at least once."""
    solved_with_help: bool = False
    """Solved by Solve or once the answer was shown, at least once."""
    seconds: float = 0.0
    """Time spent on the puzzle."""

    @property
    def status(self) -> str:
        """``solved``, ``solved with help``, ``failed`` (answered, never right) or ``new``: the best so far."""
        if self.solved:
            return SOLVED
        if self.solved_with_help:
            return HELPED
        return FAILED if self.attempts else NEW


@dataclass
class Progress:
    """Every puzzle a student has tried, by puzzle id, with the student's and the puzzles' ratings."""

    student: str = ""
    records: dict[str, Record] = field(default_factory=dict)
    rating: Rating = field(default_factory=Rating)
    puzzle_ratings: dict[str, Rating] = field(default_factory=dict)
    best_streak: int = 0
    _base: Progress | None = field(default=None, init=False, repr=False, compare=False)
    """This progress as it last read or saved the file: what it added since is the difference."""

    def record(self, puzzle_id: str) -> Record:
        return self.records.setdefault(puzzle_id, Record())

    def attempt(self, puzzle_id: str, *, solved: bool, helped: bool = False) -> None:
        """Count an answer; a puzzle once solved (with or without help) stays so."""
        record = self.record(puzzle_id)
        record.attempts += 1
        record.solved = record.solved or (solved and not helped)
        record.solved_with_help = record.solved_with_help or (solved and helped)

    def hint(self, puzzle_id: str) -> None:
        self.record(puzzle_id).hints += 1

    def spend(self, puzzle_id: str, seconds: float) -> None:
        """Add time spent on a puzzle."""
        self.record(puzzle_id).seconds += max(seconds, 0.0)

    def puzzle_rating(self, puzzle_id: str, start: Rating) -> Rating:
        """The puzzle's rating, ``start`` until it has been rated."""
        return self.puzzle_ratings.get(puzzle_id, start)

    def rate(self, puzzle_id: str, score: float, start: Rating) -> None:
        """Rate one try: the learner scored ``score`` (1 win, 0 loss) against the puzzle (rated ``start`` at first)."""
        self.rating, self.puzzle_ratings[puzzle_id] = rate(self.rating, self.puzzle_rating(puzzle_id, start), score)

    def streak(self, length: int) -> None:
        """Keep the longest streak."""
        self.best_streak = max(self.best_streak, length)

    @property
    def solved(self) -> list[str]:
        """The puzzles solved by the learner (not only with help)."""
        return [puzzle_id for puzzle_id, record in self.records.items() if record.solved]

    def to_csv(self) -> str:
        """The records as CSV, one row per puzzle tried (no cell a spreadsheet would run as a formula)."""
        rating = round(self.rating.rating)
        rows: list[list[object]] = [
            [self.student, puzzle_id, record.status, record.attempts, record.hints, round(record.seconds), rating]
            for puzzle_id, record in sorted(self.records.items())
        ]
        return csv_text([CSV_COLUMNS, *(rows or [[self.student, "", NEW, 0, 0, 0, rating]])])

    @classmethod
    def from_csv(cls, text: str) -> Progress:
        """Read back what :meth:`to_csv` wrote (one student); raise ``ValueError`` naming the line that is wrong.

        The ``rating`` column may be missing (CSV of older kits); the rating's deviation is not in the CSV.
        """
        rows = list(csv.reader(io.StringIO(text)))
        if not rows or tuple(rows[0]) not in (CSV_COLUMNS, CSV_COLUMNS[:-1]):
            # TRANSLATORS: {columns} are the file's column names, kept in English.
            raise ValueError(_("the first line must name the columns {columns}").format(columns=",".join(CSV_COLUMNS)))
        _check_count(sum(1 for row in rows[1:] if row))
        progress, students = cls(), set()
        for number, row in enumerate(rows[1:], start=2):
            if not row:
                continue
            if len(row) != len(rows[0]):
                raise ValueError(
                    _("line {number} has {count} values, not {wanted}").format(
                        number=number, count=len(row), wanted=len(rows[0])
                    )
                )
            try:
                student, puzzle_id, record, rating = _csv_row(row)
            except ValueError as error:
                raise ValueError(_("line {number}: {error}").format(number=number, error=error)) from None
            students.add(student)
            if len(students) > 1:
                raise ValueError(
                    _("line {number}: a second student ({student!r}); one file holds one student").format(
                        number=number, student=student
                    )
                )
            if puzzle_id in progress.records:
                raise ValueError(
                    _("line {number}: the puzzle {id!r} is listed twice").format(number=number, id=puzzle_id)
                )
            progress.student = student
            if rating is not None:
                progress.rating = Rating(rating)
            if puzzle_id:
                progress.records[puzzle_id] = record
        return progress

    def save(self, path: str | Path = DEFAULT_PATH) -> None:
        """Merge with the file and write it; raise :class:`ProgressError` saying why when it cannot be saved.

        A file that holds another student's work is left as it is. Under a
        lock on the file, each count and time becomes the one in the
        file plus what this object added since it last read or saved it (never
        less than its own), a puzzle solved in either stays solved, a rating
        this object changed replaces the file's, and the longest streak stays.
        Temporary files of saves that were killed are cleared. Afterwards this
        object holds the merged progress.
        """
        path = Path(path)
        try:
            with locked(path):
                remove_temporaries(path)
                saved = Progress.load(path)
                if saved.student and self.student and saved.student != self.student:
                    message = _("{path} holds the work of {owner}, not of {name}")
                    raise ProgressError(message.format(path=path, owner=saved.student, name=self.student))
                merged = self._merged(saved)
                write_atomically(path, merged.to_json(), private=True)
        except ProgressError as error:
            raise ProgressError(_("progress not saved: {reason}").format(reason=error)) from error
        except OSError as error:
            raise ProgressError(_("progress not saved: {reason}").format(reason=_why(error, path))) from error
        self._take(merged)

    @classmethod
    def load(cls, path: str | Path = DEFAULT_PATH) -> Progress:
        """Read a saved file (of this format or an older one); a missing file is an empty progress."""
        path = Path(path)
        if not path.exists():
            return cls()
        try:
            text = read_regular(path).decode("utf-8")
        except OSError as error:
            raise ProgressError(
                _("{path} cannot be read ({reason})").format(path=path, reason=error.strerror or error)
            ) from None
        except UnicodeDecodeError:
            raise ProgressError(_("{path}: not a progress file (it is not text)").format(path=path)) from None
        try:
            return cls.from_json(text)
        except ProgressError as error:
            raise ProgressError(_("{path}: {error}").format(path=path, error=error)) from None

    @classmethod
    def from_json(cls, text: str) -> Progress:
        """Read the JSON a progress file (or a JSON export) holds; :class:`ProgressError` says what is wrong."""
        try:
            progress = _parse(json.loads(text))
        except RecursionError:
            raise ProgressError(_("not a progress file (it is nested too deeply)")) from None
        except json.JSONDecodeError as error:
            raise ProgressError(_("not a progress file ({reason})").format(reason=json_reason(error))) from None
        except _NewerFormat as error:
            raise ProgressError(
                _("it was saved by a newer Machiavelli Kit ({reason}): update the kit").format(reason=error)
            ) from None
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise ProgressError(_("not a progress file ({reason})").format(reason=error)) from None
        progress._base = progress._copy()
        return progress

    def _copy(self) -> Progress:
        records = {puzzle_id: replace(record) for puzzle_id, record in self.records.items()}
        return Progress(self.student, records, self.rating, dict(self.puzzle_ratings), self.best_streak)

    def _take(self, merged: Progress) -> None:
        self.student, self.records, self.rating = merged.student, merged.records, merged.rating
        self.puzzle_ratings, self.best_streak = merged.puzzle_ratings, merged.best_streak
        self._base = merged._copy()

    def _merged(self, saved: Progress) -> Progress:
        base = self._base or Progress()
        merged = saved._copy()
        for puzzle_id, mine in self.records.items():
            old, theirs = base.records.get(puzzle_id, Record()), merged.records.get(puzzle_id, Record())
            merged.records[puzzle_id] = Record(
                max(theirs.attempts + mine.attempts - old.attempts, mine.attempts),
                max(theirs.hints + mine.hints - old.hints, mine.hints),
                theirs.solved or mine.solved,
                theirs.solved_with_help or mine.solved_with_help,
                max(theirs.seconds + mine.seconds - old.seconds, mine.seconds),
            )
        merged.student = self.student or saved.student
        if self.rating != base.rating:
            merged.rating = self.rating
        for puzzle_id, rating in self.puzzle_ratings.items():
            if rating != base.puzzle_ratings.get(puzzle_id):
                merged.puzzle_ratings[puzzle_id] = rating
        merged.best_streak = max(saved.best_streak, self.best_streak)
        return merged

    def to_json(self) -> str:
        """The progress as the JSON its file holds."""
        data = {
            "format": FORMAT,
            "student": self.student,
            "records": {key: asdict(value) for key, value in self.records.items()},
            "rating": asdict(self.rating),
            "puzzle_ratings": {key: asdict(value) for key, value in self.puzzle_ratings.items()},
            "best_streak": self.best_streak,
        }
        return json.dumps(data, indent=1, sort_keys=True)


class _NewerFormat(Exception):
    """A file of a format this kit does not know yet."""


def _parse(data: Any) -> Progress:
    """A progress from the file's JSON, migrating format 1 (records of attempts, hints and solved only)."""
    if not isinstance(data, dict):
        raise ValueError(_("it must hold the student's name and records, written as {...}"))
    version = data.get("format", 1)
    if not _whole(version) or version < 1:
        # TRANSLATORS: "format" is a key of the progress file; keep it.
        raise ValueError(_("format must be a whole number, not {value!r}").format(value=version))
    if version > FORMAT:
        raise _NewerFormat(_("format {version}; this kit reads up to {newest}").format(version=version, newest=FORMAT))
    student = data.get("student", "")
    if not isinstance(student, str):
        raise ValueError(_("the student's name must be text, not {value}").format(value=quote(student)))
    records, ratings = _by_puzzle(data, "records", None), _by_puzzle(data, "puzzle_ratings", {})
    best = data.get("best_streak", 0)
    if not _whole(best):
        raise TypeError(_("best_streak must be a whole number"))
    rating = _rating(data["rating"]) if "rating" in data else Rating()
    return Progress(
        student,
        {key: _in_words(key, _record, value) for key, value in records.items()},
        rating,
        {key: _in_words(key, _rating, value) for key, value in ratings.items()},
        best,
    )


def _by_puzzle(data: dict[str, Any], key: str, default: dict[str, Any] | None) -> dict[str, Any]:
    """The file's ``records`` or ``puzzle_ratings`` by puzzle id, each id checked, their number bounded."""
    value = data.get(key, default)
    if not isinstance(value, dict):
        # TRANSLATORS: {key} is records or puzzle_ratings, the file's keys, kept in English; "{"puzzle id": ...}"
        # is how the JSON file writes them.
        raise ValueError(_('{key} must be written as {{"puzzle id": ...}}').format(key=key))
    _check_count(len(value))
    for puzzle_id in value:
        _check_id(puzzle_id)
    return value


def _in_words(puzzle_id: str, read: Callable[[Any], T], value: Any) -> T:
    """``read(value)``, its error said as the puzzle's: "puzzle 'bga-1': ..."."""
    try:
        return read(value)
    except (ValueError, TypeError) as error:
        raise ValueError(_("puzzle {id}: {error}").format(id=quote(puzzle_id), error=error)) from None


def _check_count(count: int) -> None:
    if count > MAX_RECORDS:
        message = _("it holds {count:,} puzzles, more than the {most:,} a student's progress can hold")
        raise ValueError(message.format(count=count, most=MAX_RECORDS))


def _check_id(puzzle_id: str) -> None:
    """A puzzle id as the chapter files write them (see :data:`~machiavelli_kit.puzzles.format.PUZZLE_ID`)."""
    if not PUZZLE_ID.fullmatch(puzzle_id):
        message = _("{id} is not a puzzle id: ids are lower-case letters, digits and dashes, e.g. split-3")
        raise ValueError(message.format(id=quote(puzzle_id)))
    if len(puzzle_id) > MAX_ID:
        message = _("a puzzle id has at most {most} characters, not {count}")
        raise ValueError(message.format(most=MAX_ID, count=len(puzzle_id)))


def _checked(attempts: Any, hints: Any, seconds: Any, solved: bool, helped: bool) -> Record:
    """A record, held to the rules every export (CSV or JSON) and progress file is held to."""
    if not (_whole(attempts) and _whole(hints) and _number(seconds)):
        # TRANSLATORS: attempts, hints, seconds, rating are the file's column names, kept in English.
        raise ValueError(_("attempts and hints must be whole numbers, seconds and rating numbers"))
    if min(attempts, hints, seconds) < 0:
        raise ValueError(_("attempts, hints and seconds must be 0 or more"))
    if (solved or helped) and not attempts:
        status = SOLVED if solved else HELPED
        raise ValueError(_("a puzzle {status} must have at least one attempt").format(status=status))
    return Record(attempts, hints, solved, helped, float(seconds))


def _csv_row(row: list[str]) -> tuple[str, str, Record, float | None]:
    """One CSV row: the student, the puzzle (empty for "nothing tried yet"), its record and the student's rating."""
    student, puzzle_id, status = csv_value(row[0]).strip(), csv_value(row[1]).strip(), row[2].strip()
    if status not in (SOLVED, HELPED, FAILED, NEW):
        # TRANSLATORS: {statuses} are the file's status words, kept in English.
        raise ValueError(
            _("the status {status!r} is not one of {statuses}").format(
                status=status, statuses=", ".join((SOLVED, HELPED, FAILED, NEW))
            )
        )
    if puzzle_id:
        _check_id(puzzle_id)
    try:
        attempts, hints, seconds = int(row[3]), int(row[4]), float(row[5])
        rating = float(row[6]) if len(row) > 6 else None
    except ValueError:
        raise ValueError(_("attempts and hints must be whole numbers, seconds and rating numbers")) from None
    record = _checked(attempts, hints, seconds, status == SOLVED, status == HELPED)
    if rating is not None and not math.isfinite(rating):
        raise ValueError(_("the rating must be a number"))
    if not puzzle_id and (status, attempts, hints) != (NEW, 0, 0):
        raise ValueError(_("a row without a puzzle stands for 'nothing tried yet': status new, no attempt, no hint"))
    if status == FAILED and not attempts:
        raise ValueError(_("a puzzle {status} must have at least one attempt").format(status=status))
    if status == NEW and attempts:
        raise ValueError(_("a puzzle new must have no attempt"))
    return student, puzzle_id, record, rating


def _record(value: Any) -> Record:
    if not isinstance(value, dict) or not {"attempts", "hints", "solved"} <= value.keys():
        # TRANSLATORS: attempts, hints, solved, solved_with_help and seconds are the file's keys, kept in English.
        raise ValueError(_("a record has attempts, hints and solved (and may have solved_with_help and seconds)"))
    solved, helped = value["solved"], value.get("solved_with_help", False)
    if not (isinstance(solved, bool) and isinstance(helped, bool)):
        raise ValueError(_("solved and solved_with_help must be true or false"))
    return _checked(value["attempts"], value["hints"], value.get("seconds", 0.0), solved, helped)


def _rating(value: Any) -> Rating:
    if not isinstance(value, dict) or not {"rating", "deviation", "volatility"} <= value.keys():
        raise TypeError(_("a rating is three numbers, its deviation and volatility above 0"))
    numbers = value["rating"], value["deviation"], value["volatility"]
    if not all(_number(number) for number in numbers) or min(numbers[1:]) <= 0:
        raise TypeError(_("a rating is three numbers, its deviation and volatility above 0"))
    return Rating(*(float(number) for number in numbers))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _why(error: OSError, path: Path) -> str:
    """A failed write in plain words."""
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("the kit is not allowed to write in {folder} (the folder or the file is read-only)").format(
            folder=path.parent
        )
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return _("the disk that holds {folder} is full").format(folder=path.parent)
    return _("{path}: {error}").format(path=path, error=error.strerror or error)
