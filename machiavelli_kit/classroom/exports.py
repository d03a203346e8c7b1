"""A student's progress handed in to the teacher: CSV or JSON, chosen by the file's extension, and read back.

The CSV has one row per puzzle tried, with the student's name and rating on
every row (one row, puzzle left empty, for a student who has tried nothing
yet); the JSON is the progress file itself. Both carry the student's name.

>>> import tempfile, pathlib
>>> from machiavelli_kit.practice.progress import Progress
>>> progress = Progress(student="Ada")
>>> progress.attempt("bga-1", solved=True)
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> export_progress(progress, folder / export_name("Ada")).name
'ada-progress.csv'
>>> read_export(folder / "ada-progress.csv").record("bga-1").status
'solved'
"""

from __future__ import annotations

from pathlib import Path

from machiavelli_kit.classroom.students import file_stem
from machiavelli_kit.files import NotAFile, TooBig, read_regular, write_atomically
from machiavelli_kit.i18n import _
from machiavelli_kit.practice.progress import Progress, ProgressError

EXTENSIONS = (".csv", ".json")
MAX_BYTES = 5_000_000
"""No export is this big (the whole collection tried is well under 100 kB): a bigger file is something else."""


class ExportError(ValueError):
    """An export that cannot be written or read; the message names the file."""


def export_name(student: str, extension: str = ".csv") -> str:
    """The file name a student's export gets: ``ada-lovelace-progress.csv``."""
    # The file name stays in English in every language: a teacher collects the files of the whole class.
    return f"{file_stem(student) or 'student'}-progress{extension}"


def export_progress(progress: Progress, path: str | Path) -> Path:
    """Write ``progress`` to ``path`` (atomically), as CSV or JSON by its extension; return the path."""
    path = Path(path)
    extension = path.suffix.lower()
    if extension not in EXTENSIONS:
        if not extension:
            raise ExportError(_("{path}: an export's name ends in .csv or .json, not nothing").format(path=path))
        raise ExportError(
            _("{path}: an export's name ends in .csv or .json, not {extension}").format(path=path, extension=extension)
        )
    write_atomically(path, progress.to_csv() if extension == ".csv" else progress.to_json())
    return path


def read_export(path: str | Path) -> Progress:
    """A student's progress from an export; :class:`ExportError` names the file and what is wrong with it."""
    path = Path(path)
    extension = path.suffix.lower()
    if extension not in EXTENSIONS:
        raise ExportError(_("{name}: not an export (its name must end in .csv or .json)").format(name=path.name))
    try:
        text = read_regular(path, most=MAX_BYTES).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ExportError(_("{name}: not an export (it is not text)").format(name=path.name)) from None
    except TooBig as error:
        message = _("{name}: too big to be an export ({size:,} bytes)")
        raise ExportError(message.format(name=path.name, size=error.size)) from None
    except NotAFile as error:
        raise ExportError(_("{name}: {error}").format(name=path.name, error=error.strerror)) from None
    except OSError as error:
        raise ExportError(
            _("{name} cannot be read ({reason})").format(name=path.name, reason=error.strerror or error)
        ) from None
    try:
        progress = Progress.from_csv(text) if extension == ".csv" else Progress.from_json(text)
    except (ValueError, ProgressError) as error:
        raise ExportError(_("{name}: {error}").format(name=path.name, error=error)) from None
    if not progress.student.strip():
        message = _("{name}: no student name in it (export it again with the student's name)")
        raise ExportError(message.format(name=path.name))
    return progress
