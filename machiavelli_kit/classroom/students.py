"""Several students on one computer: one progress file per student, found by name.

Each student's progress is ``students/<file name>.json`` in the kit's data
folder (the folder of :func:`~machiavelli_kit.practice.progress.default_path`).
The file name is made from the name safely: letters and digits only, in lower
case, joined by dashes, so no name can reach outside the folder. So "Ann Marie"
and "ann-marie" lead to one file, and the file belongs to the name it holds, as
first given: :func:`load_student` refuses the other spellings (:class:`OtherSpelling`),
so two learners never share a file, and the owner, typing their name as before,
finds it where it always was. The progress saved before students had names
(``progress.json``) stays where it is and keeps working as the computer's own
progress: nothing is moved or lost.

>>> clean_name("  Ada   Lovelace ")
'Ada Lovelace'
>>> file_stem("Ada Lovelace"), file_stem("../../etc/passwd"), file_stem("Zoë O'Neil")
('ada-lovelace', 'etc-passwd', 'zoë-o-neil')
>>> clean_name("   ")
Traceback (most recent call last):
...
ValueError: a student's name cannot be empty
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from machiavelli_kit.files import FORMULA_STARTS
from machiavelli_kit.i18n import _
from machiavelli_kit.practice.progress import Progress, ProgressError, default_path

MAX_NAME = 40
"""The longest name, in characters. No name starts as a formula does (:data:`FORMULA_STARTS`): the class
table is opened in a spreadsheet (which, besides, every CSV the kit writes keeps from running one)."""
NAMES_REQUIRED = "MACHIAVELLI_KIT_NAMES_REQUIRED"
"""Set to 1 in the environment of a server a whole class shares (``machiavelli-kit app`` sets it):
there a learner gives their name before any work is saved, so no two learners share a file."""
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)), *(f"lpt{n}" for n in range(10))}
"""File names Windows refuses, whatever their extension."""


class OtherSpelling(ValueError):
    """A name whose file already belongs to a student whose name is spelled otherwise ("Ann Marie" for "ann-marie")."""


def clean_name(name: str) -> str:
    """The name as it is shown and saved: spaces trimmed and single, letters composed (NFC); a clear error
    for a name that cannot be one."""
    text = _spelling(str(name))
    if not text:
        raise ValueError(_("a student's name cannot be empty"))
    if len(text) > MAX_NAME:
        message = _("a student's name has at most {most} characters, not {count}")
        raise ValueError(message.format(most=MAX_NAME, count=len(text)))
    if any(unicodedata.category(char).startswith("C") for char in text):
        raise ValueError(_("a student's name cannot hold control characters"))
    if text[0] in FORMULA_STARTS:
        message = _("a student's name cannot start with {sign} (a spreadsheet would read it as a formula)")
        raise ValueError(message.format(sign=text[0]))
    if not file_stem(text):
        raise ValueError(_("the name {name!r} needs at least one letter or digit").format(name=text))
    return text


def file_stem(name: str) -> str:
    """The file name (without ``.json``) for a name: its letters and digits in lower case, joined by dashes."""
    stem = "-".join(re.findall(r"[^\W_]+", unicodedata.normalize("NFC", name).casefold()))
    return f"student-{stem}" if stem in _RESERVED else stem


def students_dir(progress_path: str | Path | None = None) -> Path:
    """The folder of the students' files: ``students/`` beside the computer's own progress file."""
    return Path(progress_path or default_path()).parent / "students"


def student_path(name: str, folder: str | Path | None = None) -> Path:
    """Where the student called ``name`` keeps their progress."""
    return Path(folder or students_dir()) / f"{file_stem(clean_name(name))}.json"


def load_student(name: str, folder: str | Path | None = None) -> Progress:
    """The student's progress (empty for a new student), with their name on it.

    :class:`OtherSpelling` when the file is another student's: one whose name leads to the same file,
    spelled otherwise (spaces, capitals or signs).
    """
    wanted = clean_name(name)
    progress = Progress.load(student_path(wanted, folder))
    if progress.student and _spelling(progress.student) != wanted:
        message = _(
            "{owner} already saves their work here, and {name} would share their file: if you are {owner}, "
            "type your name exactly like that; if not, add something to your name, such as your surname's first letter"
        )
        raise OtherSpelling(message.format(owner=progress.student, name=wanted))
    progress.student = progress.student or wanted
    return progress


def list_students(folder: str | Path | None = None) -> list[str]:
    """The names of the students with a file in ``folder``, sorted (an unreadable file shows its file name)."""
    names = []
    for path in sorted(Path(folder or students_dir()).glob("*.json")):
        try:
            names.append(Progress.load(path).student or path.stem)
        except ProgressError:
            names.append(path.stem)
    return sorted(set(names), key=str.casefold)


def _spelling(name: str) -> str:
    """How a name is compared with another: its spaces single, its letters composed (``e`` and ``´`` are ``é``)."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


def names_required() -> bool:
    """Whether this kernel serves a whole class, so that work is saved only under a learner's name."""
    return os.environ.get(NAMES_REQUIRED, "") not in ("", "0")
