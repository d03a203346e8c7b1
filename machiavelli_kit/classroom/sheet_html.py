"""Printable worksheets as HTML: the puzzles on a student sheet, the answers on a separate key.

The student sheet shows each puzzle's rules, task and cards, with room to
write; it never shows a grade, a share code or an answer. The key tells each
answer in words, the moves of an example play and, where nothing can be played,
why. Each is a self-contained page (inline SVG, no script, nothing fetched),
laid out as :mod:`.sheet_layout` says, as the PDF sheets of :mod:`.sheet_pdf` are.

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> puzzles = load_collection().select(chapter="ch01")[:2]
>>> sheet = worksheet_html(puzzles, "Homework")
>>> sheet.startswith("<!DOCTYPE html>") and sheet.count("<svg") == 2 and "grade" not in sheet
True
>>> "3♣ 4♣ 5♣ 6♣ 7♣ 8♣" in answers_html(puzzles, "Homework")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from machiavelli_kit.classroom.answer_key import KeyEntry, answer_key
from machiavelli_kit.classroom.sheet_layout import (
    NAME_LINE,
    answer_line,
    answers_title,
    arrange,
    draw_here,
    example_line,
    key_meta,
    pages,
    sheet_heading,
    sheet_meta,
    table_rows,
    why_heading,
    writing_lines,
)
from machiavelli_kit.classroom.sheet_options import SheetOptions
from machiavelli_kit.core.svg import CARD_HEIGHT, GAP, LABEL_HEIGHT, position_svg
from machiavelli_kit.i18n import _, language, speaking
from machiavelli_kit.puzzles.format import Chapter, Puzzle

NAME_CLASSES = ("name", "class", "date")
"""The CSS classes of the name line's parts (:data:`~machiavelli_kit.classroom.sheet_layout.NAME_LINE`)."""

STYLE = """
body { font-family: "DejaVu Sans", sans-serif; margin: 2em; color: #111; }
h1 { font-size: 1.5em; margin-bottom: 0.3em; }
h2 { font-size: 1.25em; margin: 1em 0 0.2em; }
.intro { font-style: italic; }
.names { display: flex; gap: 1.5em; margin-bottom: 1em; }
.names span { flex: 1; border-bottom: 1px solid #111; padding-top: 1em; }
.names .name { flex: 2; }
.puzzle { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1.2em; }
.puzzle h3 { font-size: 1.1em; margin: 0.6em 0 0.2em; }
.meta { color: #555; font-size: 0.85em; word-break: break-all; }
.lines div { height: 1.8em; border-bottom: 1px solid #999; }
.new-page { break-before: page; page-break-before: always; }
@media print { body { margin: 0; } }
"""


def worksheet_html(
    puzzles: Sequence[Puzzle],
    title: str,
    options: SheetOptions | None = None,
    chapters: Sequence[Chapter] = (),
    lang: str | None = None,
) -> str:
    """The student sheet in ``lang`` (else the language in use): chapter introductions, then each puzzle's
    rules, task, cards and room to answer."""
    with speaking(lang):
        return _worksheet_html(puzzles, title, options or SheetOptions(), chapters)


def _worksheet_html(puzzles: Sequence[Puzzle], title: str, options: SheetOptions, chapters: Sequence[Chapter]) -> str:
    items = []
    if options.name_line:
        items.append(
            '<p class="names">'
            + "".join(
                f'<span class="{name}">{escape(_(word))}</span>'
                for name, word in zip(NAME_CLASSES, NAME_LINE, strict=True)
            )
            + "</p>"
        )
    for section, number, puzzle, new_page in pages(arrange(puzzles, chapters, options.order), options.per_page):
        page = ' class="new-page"' if new_page else ""
        heading = ""
        if section.title and number == section.puzzles[0][0]:
            heading = f"<h2>{escape(section.title)}</h2>" + (
                f'<p class="intro">{escape(section.intro)}</p>' if section.intro else ""
            )
        items.append(
            f"<div{page}>{heading}"
            f'<section class="puzzle" id="puzzle-{number}">'
            f"<h3>{escape(sheet_heading(number))}</h3>"
            f'<p class="meta">{escape(sheet_meta(puzzle))}</p>'
            f"<p>{escape(puzzle.question())}</p>"
            f"{position_svg(puzzle.position, options.four_colour, ink_saving=options.ink_saving)}"
            f"{_space_html(puzzle, options.space)}</section></div>"
        )
    return _page(title, items)


def answers_html(
    puzzles: Sequence[Puzzle],
    title: str,
    options: SheetOptions | None = None,
    chapters: Sequence[Chapter] = (),
    lang: str | None = None,
) -> str:
    """The key in ``lang`` (else the language in use): each answer in words, the moves, why a card is stuck,
    the example table."""
    with speaking(lang):
        return _answers_html(puzzles, title, options or SheetOptions(), chapters)


def _answers_html(puzzles: Sequence[Puzzle], title: str, options: SheetOptions, chapters: Sequence[Chapter]) -> str:
    items = []
    for section, number, puzzle, _new_page in pages(arrange(puzzles, chapters, options.order), options.per_page):
        if section.title and number == section.puzzles[0][0]:
            items.append(f"<h2>{escape(section.title)}</h2>")
        items.append(
            f'<section class="puzzle"><h3>{number}. {escape(puzzle.title_in())}</h3>'
            f'<p class="meta">{escape(key_meta(puzzle))}</p>'
            f"{_key_html(puzzle, answer_key(puzzle), options)}</section>"
        )
    return _page(answers_title(title), items)


def _key_html(puzzle: Puzzle, entry: KeyEntry, options: SheetOptions) -> str:
    body = f"<p><strong>{escape(answer_line(entry))}</strong></p>"
    if entry.moves:
        body += "<ol>" + "".join(f"<li>{escape(move)}</li>" for move in entry.moves) + "</ol>"
    if entry.reasons:
        reasons = "".join(f"<li>{escape(reason)}</li>" for reason in entry.reasons)
        body += f"<p>{escape(why_heading())}</p><ul>{reasons}</ul>"
    if puzzle.story_in():
        body += f"<p>{escape(puzzle.story_in())}</p>"
    if entry.end is not None:
        body += position_svg(entry.end, options.four_colour, ink_saving=options.ink_saving)
        body += f"<p>{escape(example_line(entry.end.table))}</p>"
    return body + "".join(f"<p>{escape(line)}</p>" for line in entry.compare)


def _space_html(puzzle: Puzzle, space: str) -> str:
    if space == "lines":
        return '<div class="lines">' + "<div></div>" * writing_lines(puzzle) + "</div>"
    if space == "table":
        return _outline_svg(table_rows(puzzle))
    return ""


def _outline_svg(rows: int) -> str:
    """A blank table with a dashed edge, as tall as ``rows`` rows of cards, to draw the answer in."""
    height = LABEL_HEIGHT + GAP * 2 + rows * (CARD_HEIGHT + GAP)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="{height}" font-family="DejaVu Sans, sans-serif">'
        f'<rect x="1" y="1" width="99%" height="{height - 2}" rx="6" fill="none" stroke="#555555" '
        f'stroke-dasharray="6 4"/><text x="{GAP}" y="{GAP + 12}" fill="#111111" font-size="13">'
        f"{escape(draw_here())}</text></svg>"
    )


def _page(title: str, items: list[str]) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{escape(title)}</h1>{''.join(items)}</body></html>\n"
    )
