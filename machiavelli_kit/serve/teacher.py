"""The teacher's pages of the app, and the link that opens them.

Any notebook whose name starts with ``teacher`` (in any case: ``teacher.ipynb``,
``teacher.it.ipynb``, ``Teacher-notes.ipynb``) is the teacher's: it can read every
learner's progress on the server. ``machiavelli-kit app`` makes a random token (or keeps the one
in :data:`~machiavelli_kit.classroom.server.TEACHER_TOKEN_VARIABLE`, so a restarted app keeps its
link) and prints the teacher's link with it (:func:`teacher_url`); the app's gate opens those pages
only to it (:mod:`machiavelli_kit.serve.gate`).

>>> teacher_url("http://localhost:8888/voila/render/", "teacher.ipynb", "s3cret")
'http://localhost:8888/voila/render/teacher.ipynb?teacher=s3cret'
"""

from __future__ import annotations

from urllib.parse import quote

TEACHER_PREFIX = "teacher"
"""A notebook whose name starts with this, in any case, is the teacher's."""
TEACHER_ARGUMENT = "teacher"
"""The argument of the address that carries the teacher's token: ``.../teacher.ipynb?teacher=TOKEN``."""


def is_teacher_name(name: str) -> bool:
    """Whether a notebook called ``name`` is the teacher's.

    >>> is_teacher_name("teacher.pl.ipynb"), is_teacher_name("TEACHER.ipynb"), is_teacher_name("puzzles.ipynb")
    (True, True, False)
    """
    return name.casefold().startswith(TEACHER_PREFIX)


def teacher_glob() -> str:
    """A file-name pattern matching the teacher's notebooks in any case (to leave them out of the app's listing).

    >>> teacher_glob()
    '[tT][eE][aA][cC][hH][eE][rR]*'
    """
    return "".join(f"[{letter}{letter.upper()}]" for letter in TEACHER_PREFIX) + "*"


def teacher_url(pages: str, notebook: str, token: str) -> str:
    """The address of the teacher's ``notebook`` under the app's ``pages``, with the token that opens it."""
    return f"{pages}{quote(notebook)}?{TEACHER_ARGUMENT}={quote(token, safe='')}"
