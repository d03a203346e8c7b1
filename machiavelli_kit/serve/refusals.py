"""The pages the app shows instead of a notebook it will not open, in the server's language.

A refusal is a small page of its own, with a status a program can read (403 for the teacher's
pages, 429 for a browser with too many pages open, 503 for a full class), and one sentence
that says what happened and what to do.

>>> print(refusal_text(Refusal.TOO_MANY_PAGES, 6))
You have too many pages of the app open (6): close one you no longer use, then load this page again.
"""

from __future__ import annotations

import html
from enum import Enum
from typing import Any, NoReturn

from machiavelli_kit.i18n import _, language, ngettext


class Refusal(Enum):
    """Why a page is refused, with the HTTP status it is refused with."""

    TEACHER_ONLY = 403
    TOO_MANY_PAGES = 429
    CLASS_FULL = 503


def refusal_text(refusal: Refusal, limit: int = 0) -> str:
    """The sentence a refused page shows, in the language in use; ``limit`` is the number of pages that was reached."""
    if refusal is Refusal.TEACHER_ONLY:
        return _(
            "This page is only for the teacher. Teacher: open it with the teacher's link that the app printed "
            "when it started."
        )
    if refusal is Refusal.TOO_MANY_PAGES:
        return _(
            "You have too many pages of the app open ({count}): close one you no longer use, then load this page again."
        ).format(count=limit)
    return ngettext(
        "The class is full: {count} page of the app is open already, the most this computer allows. "
        "Wait a minute, then load this page again, or ask your teacher.",
        "The class is full: {count} pages of the app are open already, the most this computer allows. "
        "Wait a minute, then load this page again, or ask your teacher.",
        limit,
    ).format(count=limit)


def refusal_page(text: str) -> str:
    """A whole HTML page saying ``text``, marked as written in the language in use.

    >>> "<p>Tom &amp; Jerry</p>" in refusal_page("Tom & Jerry")
    True
    """
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Machiavelli Kit</title>\n'
        "<style>body{font-family:sans-serif;max-width:36em;margin:4em auto;padding:0 1em;font-size:1.25em;"
        "line-height:1.5}</style>\n</head>\n"
        f"<body>\n<p>{html.escape(text)}</p>\n</body>\n</html>\n"
    )


def refuse(handler: Any, refusal: Refusal, limit: int = 0) -> NoReturn:
    """Answer the request ``handler`` (a tornado handler) with the page for ``refusal``, and end it there.

    Raises :class:`tornado.web.Finish`, which tornado takes as a request answered: the
    notebook is not run and no kernel is started.
    """
    from tornado.web import Finish  # imported here: the command line imports this module and need not load tornado

    handler.set_status(refusal.value)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.write(refusal_page(refusal_text(refusal, limit)))
    raise Finish()
