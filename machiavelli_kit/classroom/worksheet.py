"""Printable worksheets: the puzzles on a student sheet, the answers on a separate key.

The student sheet shows each puzzle's rules, task and cards, with room to
write; it never shows a grade, a share code or an answer. The key tells each
answer in words, the moves of an example play and, where nothing can be played,
why. Both come as a self-contained HTML page (inline SVG, no script, nothing
fetched) and, through :mod:`.worksheet_pdf`, as a PDF.

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> puzzles = load_collection().select(chapter="ch01")[:2]
>>> sheet = worksheet_html(puzzles, "Homework")
>>> sheet.startswith("<!DOCTYPE html>") and sheet.count("<svg") == 2 and "grade" not in sheet
True
>>> "3♣ 4♣ 5♣ 6♣ 7♣ 8♣" in answers_html(puzzles, "Homework")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from machiavelli_kit.classroom.answer_key import KeyEntry, answer_key
from machiavelli_kit.classroom.sheet_options import FORMATS, SheetOptions, WorksheetError
from machiavelli_kit.core.cards import quote
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.core.svg import CARD_HEIGHT, GAP, LABEL_HEIGHT, position_svg
from machiavelli_kit.files import write_atomically
from machiavelli_kit.i18n import N_, _, language, speaking
from machiavelli_kit.puzzles.format import Chapter, Puzzle
from machiavelli_kit.puzzles.position_id import format_position_id

# TRANSLATORS: the line at the top of a worksheet where a student writes their name, class and date.
NAME_LINE = (N_("Name:"), N_("Class:"), N_("Date:"))
NAME_CLASSES = ("name", "class", "date")


@dataclass(frozen=True)
class Section:
    """The puzzles of one chapter on a sheet, numbered in sheet order; an untitled section has no chapter."""

    title: str
    intro: str
    puzzles: tuple[tuple[int, Puzzle], ...]


def arrange(puzzles: Sequence[Puzzle], chapters: Sequence[Chapter] = (), order: str = "easy") -> tuple[Section, ...]:
    """The puzzles grouped under their chapters (chapter order for ``easy``, first seen for ``given``).

    ``easy`` puts the puzzles with fewer cards (table and hand) first inside each
    chapter: only what the student sees decides, so the order never hints at an
    answer (sorting by grade would put every "no play" puzzle last).
    """
    if not puzzles:
        raise WorksheetError(_("a worksheet needs at least one puzzle"))
    home = {puzzle.id: chapter for chapter in chapters for puzzle in chapter.puzzles}
    groups: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        groups.setdefault(home[puzzle.id].name if puzzle.id in home else "", []).append(puzzle)
    names = list(groups)
    if order == "easy":
        rank = {chapter.name: place for place, chapter in enumerate(chapters)}
        names.sort(key=lambda name: rank.get(name, len(rank)))
        for group in groups.values():
            group.sort(key=visible_cards)
    by_name = {chapter.name: chapter for chapter in chapters}
    sections, number = [], 0
    for name in names:
        numbered = tuple(enumerate(groups[name], start=number + 1))
        number += len(numbered)
        chapter = by_name.get(name)
        sections.append(Section(chapter.title_in() if chapter else "", chapter.intro_in() if chapter else "", numbered))
    return tuple(sections)


def visible_cards(puzzle: Puzzle) -> int:
    """The cards a student looks at: on the table and in the hand."""
    return sum(puzzle.position.table.cards().values()) + len(puzzle.position.hand)


def writing_lines(puzzle: Puzzle) -> int:
    """Ruled lines for the answer: one a move of the example play, at least one a hand card, plus one.

    A puzzle with no play gets as many as its hand has cards (plus one), like a
    small puzzle with a play, so the space does not give the answer away.
    """
    return min(max(puzzle.par or 0, len(puzzle.position.hand)) + 1, 12)


def table_rows(puzzle: Puzzle) -> int:
    """Rows of cards in the blank outline: the table's rows (four melds a row) and one more."""
    return -(-len(puzzle.position.table.melds) // 4) + 1


def sheet_meta(puzzle: Puzzle) -> str:
    """The puzzle's rules, the only fact about it the student sheet states."""
    return _("Rules: {rules}").format(rules=rules_text(puzzle.rules))


def key_meta(puzzle: Puzzle) -> str:
    """What the teacher may want on the key: id, grade, par and the code that shares the position."""
    par = puzzle.par if puzzle.par is not None else "–"
    share = format_position_id(puzzle.position, puzzle.rules, puzzle.goal)
    # TRANSLATORS: on the answer key; {grade} is a technique's name from the puzzle files (spare, chain, ...),
    # par the fewest moves, the share code a text that opens the position in the kit.
    return _("{id} · grade {grade} · par {par} · share code {code}").format(
        id=puzzle.id, grade=puzzle.grade or "?", par=par, code=share
    )


def pages(sections: Sequence[Section], per_page: int) -> Iterator[tuple[Section, int, Puzzle, bool]]:
    """Every puzzle with its section and number, and whether a new page starts before it."""
    count = 0
    for section in sections:
        for number, puzzle in section.puzzles:
            yield section, number, puzzle, count > 0 and count % per_page == 0
            count += 1


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
            f"<h3>{number}. {escape(puzzle.title_in())}</h3>"
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


def answers_title(title: str) -> str:
    """The answer key's title for a worksheet called ``title``."""
    # TRANSLATORS: the answer key's title; {title} is the worksheet's title, e.g. "Homework".
    return _("{title}: answers").format(title=title)


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
    # TRANSLATORS: {answer} is the answer in a sentence, e.g. "Play 1 card (4♥)."
    answer = _("Answer: {answer}").format(answer=entry.answer)
    body = f"<p><strong>{escape(answer)}</strong></p>"
    if entry.moves:
        body += "<ol>" + "".join(f"<li>{escape(move)}</li>" for move in entry.moves) + "</ol>"
    if entry.reasons:
        why = _("Why:")
        body += (
            f"<p>{escape(why)}</p><ul>" + "".join(f"<li>{escape(reason)}</li>" for reason in entry.reasons) + "</ul>"
        )
    if puzzle.story_in():
        body += f"<p>{escape(puzzle.story_in())}</p>"
    if entry.end is not None:
        body += position_svg(entry.end, options.four_colour, ink_saving=options.ink_saving)
        # TRANSLATORS: {table} is the table after an example play, in the card notation (7H 8H 9H | ...).
        example = _("Example table: {table}").format(table=entry.end.table)
        body += f"<p>{escape(example)}</p>"
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
    label = _("Draw your table here")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="{height}" font-family="DejaVu Sans, sans-serif">'
        f'<rect x="1" y="1" width="99%" height="{height - 2}" rx="6" fill="none" stroke="#555555" '
        f'stroke-dasharray="6 4"/><text x="{GAP}" y="{GAP + 12}" fill="#111111" font-size="13">'
        f"{escape(label)}</text></svg>"
    )


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
        if name == "html":
            sheet: str | bytes = worksheet_html(puzzles, title, options, chapters)
            key: str | bytes = answers_html(puzzles, title, options, chapters)
        else:
            from machiavelli_kit.classroom.worksheet_pdf import answers_pdf, worksheet_pdf  # reportlab: only for a PDF

            sheet, key = (
                worksheet_pdf(puzzles, title, options, chapters),
                answers_pdf(puzzles, title, options, chapters),
            )
        files[folder / f"worksheet.{name}"], files[folder / f"answers.{name}"] = sheet, key
    for path, content in files.items():  # every sheet is made before the first one is written
        write_atomically(path, content)
    return tuple(files)


def _page(title: str, items: list[str]) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{escape(title)}</h1>{''.join(items)}</body></html>\n"
    )
