"""A tournament's standings as files: CSV for a spreadsheet, a PDF to print or put on the projector (names
hidden if asked: each learner a number). The paper tournament's score sheet and pairings are in :mod:`.paper`.

>>> from machiavelli_kit.classroom.tournament.standings import Standing
>>> table = [Standing("ada", "Ada", 2, 2, 31, 1, 1), Standing("ben", "Ben", 2, 0, 0, 2, 2)]
>>> print(standings_csv(table), end="")
rank,name,games,wins,points,tiebreak
1,Ada,2,2,31,1
2,Ben,2,0,0,2
>>> shown_names(table, hide_names=True)
{'ada': '2', 'ben': '1'}
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path

from reportlab.platypus import Flowable

from machiavelli_kit.classroom.sheet_pdf import a4_pdf
from machiavelli_kit.classroom.tournament.paper import pairings_pdf as pairings_pdf
from machiavelli_kit.classroom.tournament.paper import score_sheet_pdf as score_sheet_pdf
from machiavelli_kit.classroom.tournament.pdf import grid, page_width, paragraph
from machiavelli_kit.classroom.tournament.standings import Standing
from machiavelli_kit.files import csv_text, write_atomically
from machiavelli_kit.i18n import _, pgettext, speaking

STANDINGS_COLUMNS = ("rank", "name", "games", "wins", "points", "tiebreak")
"""The columns of the standings' CSV: data for a spreadsheet, named alike in every language."""


def standings_csv(table: Sequence[Standing]) -> str:
    """The standings as CSV, one row per learner in rank order (no cell a spreadsheet would run as a formula)."""
    rows = [(line.rank, line.name, line.games, line.wins, line.points, line.tiebreak) for line in table]
    return csv_text([STANDINGS_COLUMNS, *rows])


def shown_names(table: Sequence[Standing], *, hide_names: bool) -> dict[str, str]:
    """Each learner's name as shown, or a number each, in an order no one can guess from the names or ranks."""
    if not hide_names:
        return {line.key: line.name for line in table}
    order = sorted(table, key=lambda line: hashlib.sha256(line.key.encode()).hexdigest())
    numbers = {line.key: str(number) for number, line in enumerate(order, start=1)}
    return {line.key: numbers[line.key] for line in table}


def standings_heading(*, hide_names: bool) -> list[str]:
    """The standings' column headings in the language in use: rank, name (number, when names are hidden), games,
    wins, points, tie-break."""
    return [
        # TRANSLATORS: column headings of a class tournament's standings.
        pgettext("standings", "Rank"),
        pgettext("standings", "Number") if hide_names else pgettext("standings", "Name"),
        pgettext("standings", "Games"),
        pgettext("standings", "Wins"),
        pgettext("standings", "Points"),
        pgettext("standings", "Tie-break"),
    ]


def standings_pdf(
    title: str,
    table: Sequence[Standing],
    path: str | Path,
    hide_names: bool = False,
    lang: str | None = None,
    numbers: Mapping[str, str] | None = None,
) -> None:
    """Write the standings to ``path`` as a PDF in large type (for the wall or the projector), atomically.
    With ``hide_names``, each learner is shown by a number: ``numbers`` (by key) when given, the ones a
    screen already shows, else numbers of its own (:func:`shown_names`)."""
    write_atomically(path, standings_pdf_bytes(title, table, hide_names=hide_names, lang=lang, numbers=numbers))


def standings_pdf_bytes(
    title: str,
    table: Sequence[Standing],
    *,
    hide_names: bool = False,
    lang: str | None = None,
    numbers: Mapping[str, str] | None = None,
) -> bytes:
    """The standings as PDF bytes (see :func:`standings_pdf`)."""
    with speaking(lang):
        shown = numbers if hide_names and numbers is not None else shown_names(table, hide_names=hide_names)
        heading = standings_heading(hide_names=hide_names)
        rows: list[list[str | Flowable]] = [
            [
                str(line.rank),
                paragraph(shown[line.key], "row"),
                str(line.games),
                str(line.wins),
                str(line.points),
                str(line.tiebreak),
            ]
            for line in table
        ]
        width = page_width()
        widths = [0.13 * width, 0.27 * width, *(0.15 * width,) * 4]
        story: list[Flowable] = [
            paragraph(title, "big"),
            grid([[paragraph(word, "column") for word in heading], *rows], widths, size=16),
            paragraph(standings_rule(), "note"),
        ]
        return a4_pdf(title, story)


def standings_rule() -> str:
    """How the standings are made, in words for the learners."""
    return _(
        "Wins count first, then points: the winner of a game gets the points of the cards left in the other "
        "hands. Tie-break: the wins of the players you met."
    )
