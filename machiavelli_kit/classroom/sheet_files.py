"""The worksheet and its answer key written to files, as HTML pages or PDF documents or both.

Each format has its writer (:mod:`.sheet_html` for HTML, :mod:`.sheet_pdf` for PDF);
this module picks them by the formats asked for and writes every file only once all are made.

>>> import tempfile
>>> from machiavelli_kit.puzzles.collection import load_collection
>>> with tempfile.TemporaryDirectory() as folder:
...     [path.name for path in export_worksheet(load_collection().select(chapter="ch01")[:2], folder, "Homework")]
['worksheet.html', 'answers.html']
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from machiavelli_kit.classroom.sheet_html import answers_html, worksheet_html
from machiavelli_kit.classroom.sheet_layout import arrange
from machiavelli_kit.classroom.sheet_options import FORMATS, SheetOptions, WorksheetError
from machiavelli_kit.core.cards import quote
from machiavelli_kit.files import write_atomically
from machiavelli_kit.i18n import _, speaking
from machiavelli_kit.puzzles.format import Chapter, Puzzle


def export_worksheet(
    puzzles: Sequence[Puzzle],
    directory: str | Path,
    title: str,
    options: SheetOptions | None = None,
    chapters: Sequence[Chapter] = (),
    formats: Sequence[str] = ("html",),
    lang: str | None = None,
) -> tuple[Path, ...]:
    """Write ``worksheet.EXT`` and ``answers.EXT`` in ``lang`` (else the language in use) into ``directory``
    for each format; return the paths."""
    with speaking(lang):
        return _export_worksheet(puzzles, directory, title, options or SheetOptions(), chapters, formats)


def _export_worksheet(
    puzzles: Sequence[Puzzle],
    directory: str | Path,
    title: str,
    options: SheetOptions,
    chapters: Sequence[Chapter],
    formats: Sequence[str],
) -> tuple[Path, ...]:
    unknown = [name for name in formats if name not in FORMATS]
    if unknown or not formats:
        # TRANSLATORS: {formats} are the file formats as a program writes them: html, pdf.
        raise WorksheetError(
            _("{name} is not a format: choose {formats}").format(
                name=quote(unknown[0] if unknown else ""), formats=", ".join(FORMATS)
            )
        )
    arrange(puzzles)  # an empty selection is refused before anything is written
    files: dict[Path, str | bytes] = {}
    folder = Path(directory)
    for name in dict.fromkeys(formats):
        sheet, key = _sheets(name, puzzles, title, options, chapters)
        files[folder / f"worksheet.{name}"], files[folder / f"answers.{name}"] = sheet, key
    for path, content in files.items():  # every sheet is made before the first one is written
        write_atomically(path, content)
    return tuple(files)


def _sheets(
    name: str, puzzles: Sequence[Puzzle], title: str, options: SheetOptions, chapters: Sequence[Chapter]
) -> tuple[str | bytes, str | bytes]:
    """The student sheet and the key in format ``name``, by that format's writer."""
    if name == "html":
        return worksheet_html(puzzles, title, options, chapters), answers_html(puzzles, title, options, chapters)
    from machiavelli_kit.classroom.sheet_pdf import answers_pdf, worksheet_pdf  # reportlab: only for a PDF

    return worksheet_pdf(puzzles, title, options, chapters), answers_pdf(puzzles, title, options, chapters)
